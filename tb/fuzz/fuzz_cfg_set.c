/* fuzz_cfg_set.c -- --set NAME=VALUE strings (also L1D_GPGPUSIM=...), and
 * the block check that follows them. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  char *s = fuzz_cstr(data, n);
  if (!s) return 0;
  cfg_source_begin(&cfg);
  if (!cfg_set(&cfg, s, "--set")) {
    for (int i = 0; i < P_COUNT; i++)
      if (cfg.v[i] < l1sys_param_info[i].min || cfg.v[i] > l1sys_param_info[i].max) abort();
    (void)cfg_check_block(&cfg, "l1d");
    if (!cfg_set(&cfg, s, "--set")) abort(); /* the same parameter twice in one source must be refused */
  }
  free(s);
  return 0;
}
