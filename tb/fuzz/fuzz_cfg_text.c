/* fuzz_cfg_text.c -- config files (--config): cfg_load_text on any bytes. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  if (n > CFG_FILE_MAX) return 0;
  if (!cfg_load_text(&cfg, (const char *)data, n, "fuzz.cfg"))
    for (int i = 0; i < P_COUNT; i++) /* whatever was accepted is in range */
      if (cfg.v[i] < l1sys_param_info[i].min || cfg.v[i] > l1sys_param_info[i].max) abort();
  return 0;
}
