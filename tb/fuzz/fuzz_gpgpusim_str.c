/* fuzz_gpgpusim_str.c -- GPGPU-Sim cache strings (-gpgpu_cache:dl1). */
#include "fuzz_common.h"
#include "l1d_gpgpusim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  char *s = fuzz_cstr(data, n);
  if (!s) return 0;
  if (!l1d_parse_gpgpusim(&cfg, s))
    for (int i = 0; i < P_COUNT; i++)
      if (cfg.v[i] < l1sys_param_info[i].min || cfg.v[i] > l1sys_param_info[i].max) abort();
  free(s);
  return 0;
}
