/* fuzz_gpgpusim_file.c -- gpgpusim.config files (--gpgpusim-config). */
#include "fuzz_common.h"
#include "gpgpusim_cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  char report[512];
  gpgpusim_rep_t *rep = malloc(sizeof *rep);
  cfg_defaults(&cfg);
  if (n > GPGPUSIM_FILE_MAX || !rep) { free(rep); return 0; }
  /* both scopes: the L1D alone and the whole GPU */
  for (int scope = GPGPUSIM_L1D; scope <= GPGPUSIM_GPU; scope++)
    if (!gpgpusim_cfg_load_text(&cfg, (const char *)data, n, "fuzz.config", scope, rep)) {
      gpgpusim_rep_line(rep, report, sizeof report);
      if (strlen(report) >= sizeof report) abort();
    }
  free(rep);
  return 0;
}
