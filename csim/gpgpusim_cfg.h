/* gpgpusim_cfg.h -- reads a GPGPU-Sim gpgpusim.config as it is and takes
 * from it the options the project models (today -gpgpu_cache:dl1, the L1D;
 * SM count, L2 and latencies once the GPU shell exists).  Every other
 * option is listed as ignored.  Format and rules: docs/gpgpusim.md. */
#ifndef GPGPUSIM_CFG_H
#define GPGPUSIM_CFG_H
#include <stddef.h>
#include "cfg.h"

enum { GPGPUSIM_FILE_MAX = 1 << 20 };

/* Applies the modelled options of file path to cfg (a source of its own:
 * later --config / --set override it).  On success returns 0 and, if
 * report is not NULL, a one-line report (no newline; cut with "..." to n
 * bytes): which options were used and which ignored.
 * On error prints one "error: FILE:LINE: ..." line and returns -1. */
int gpgpusim_cfg_load(l1sys_cfg_t *cfg, const char *path, char *report, size_t n);
/* The same on a buffer of n bytes; name stands for the file in messages. */
int gpgpusim_cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name, char *report,
                           size_t rn);

#endif
