/* ls_limits.h -- size limits checked before a block is built, each naming
 * the parameters that exceed it (docs/parameters.md, "Size limits").
 *  - the build-cost bound: a block's arrays and memories hold at most
 *    LS_MAX_ARRAY_BITS bits in all, and no memory has more than
 *    LS_MAX_ARRAY_ROWS rows.  Verilator writes trace code per array element,
 *    so the build time grows with rows more than with bits: measured on this
 *    machine (2 shared cores), mem_1r1w 4096 x 1024 built in 75 s, while
 *    16384 x 256 (the same bits) was still compiling after 14 minutes;
 *  - what the engine compares: a signal of at most LS_MAX_SIGNAL_BITS bits
 *    (ls_map.c; every value buffer of the engine is sized from it). */
#ifndef LS_LIMITS_H
#define LS_LIMITS_H
#include "cfg.h"

#define LS_MAX_ARRAY_BITS (1ull << 22) /* 4 Mbit = 512 KiB of state in arrays/memories */
#define LS_MAX_ARRAY_ROWS 4096ull
#define LS_MAX_SIGNAL_BITS 65536u
/* buffers for one signal's value: 32-bit words, and hex digits with "0x" */
#define LS_MAX_WORDS (LS_MAX_SIGNAL_BITS / 32u + 2u)
#define LS_MAX_HEX (LS_MAX_SIGNAL_BITS / 4u + 8u)

/* 0, or -1 and one "error: parameters ...: ..." line. */
int ls_limits_check(const char *block, const l1sys_cfg_t *cfg);

#endif
