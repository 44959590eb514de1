/* fuzz_gpgpusim_file.c -- gpgpusim.config files (--gpgpusim-config). */
#include "fuzz_common.h"
#include "gpgpusim_cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  char report[512];
  cfg_defaults(&cfg);
  if (n > GPGPUSIM_FILE_MAX) return 0;
  if (!gpgpusim_cfg_load_text(&cfg, (const char *)data, n, "fuzz.config", report, sizeof report) &&
      strlen(report) >= sizeof report)
    abort();
  return 0;
}
