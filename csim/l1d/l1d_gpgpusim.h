/* l1d_gpgpusim.h -- GPGPU-Sim L1D cache config strings (-gpgpu_cache:dl1)
 * into the L1D parameters of a run's configuration. */
#ifndef L1D_GPGPUSIM_H
#define L1D_GPGPUSIM_H
#include "cfg.h"

/* GPGPU-Sim config string "<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_idx>,
 * <mshr>:<entries>:<max_merge>,<miss_queue>" into cfg; -1 and one
 * "error: ..." line naming the bad field. */
int l1d_parse_gpgpusim(l1sys_cfg_t *cfg, const char *s);

#endif
