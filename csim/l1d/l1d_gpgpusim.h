/* l1d_gpgpusim.h -- GPGPU-Sim L1D cache config strings (-gpgpu_cache:dl1)
 * into the L1D parameters of a run's configuration.
 *
 * Every form GPGPU-Sim 3.x and 4.x read is parsed:
 *   [<type>:]<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_idx>],
 *   <mshr>:<entries>:<max_merge>,<miss_queue>[:<result_fifo>[,<data_port>]]
 * and "none".  What the L1D hardware does not model (sectored lines,
 * streaming allocation, write-back, ...) is refused with one message naming
 * the field and what is supported.  Field by field: docs/gpgpusim.md. */
#ifndef L1D_GPGPUSIM_H
#define L1D_GPGPUSIM_H
#include "cfg.h"

/* Parses s and sets the L1D_* parameters it names in cfg (origin: where the
 * string came from, for messages, e.g. "gpu.config:62 -gpgpu_cache:dl1").
 * -1 and one "error: ..." line naming the field otherwise; cfg unchanged
 * then unless the error was a parameter set twice. */
int l1d_parse_gpgpusim_at(l1sys_cfg_t *cfg, const char *s, const char *origin);
/* The same with origin "GPGPU-Sim string". */
int l1d_parse_gpgpusim(l1sys_cfg_t *cfg, const char *s);

#endif
