/* shell_mem.h -- the memory side's derived figures, computed in one place
 * from the parameters that stand for GPGPU-Sim options (csim/params_shell.def;
 * docs/shell.md, "Memory side: throughput and latency").  The shell's C
 * model, the lockstep adapters (which hand the RTL its parameters) and the
 * calibration all take them from here.
 *
 *   port bytes per core cycle  = SHELL_FLIT x CLK_ICNT / CLK_CORE (floor)
 *   packet flits               = ceil((8 control bytes + data) / port bytes),
 *                                data = one L1D atom (L1D_LINE / L1D_SECTORS)
 *   DRAM bytes per DRAM cycle  = BUSW x CHIPS x RATIO, per channel; a bank
 *                                (sub-partition) gets 1/SUBP of it
 *   DRAM transfer interval     = bytes / (bank's bytes per core cycle): a
 *                                load one atom (LINE / SECTORS), a store an
 *                                atom (write-through) or a line (a write-back's
 *                                victim); DRAM line interval = LINE / ..., kept
 *                                in 1/256 core cycles (the environment's
 *                                fixed point)
 *   L2 request queue           = ROP_LAT + L2_Q entries (the ROP delay line
 *                                plus GPGPU-Sim's icnt->L2 queue) */
#ifndef SHELL_MEM_H
#define SHELL_MEM_H
#include <stdint.h>
#include "cfg.h"

enum { SHELL_PKT_CTRL = 8, SHELL_DRAM_FP = 256 };

typedef struct {
  uint32_t port_bytes;   /* bytes a crossbar port moves per core cycle */
  uint32_t flits_req;    /* a load request */
  uint32_t flits_line;   /* a store or a data response: 8 bytes + one L1D atom (a line, or a sector) */
  uint32_t reqq, rspq;   /* L2 bank queue depths */
  uint32_t dram_ivl_fp;  /* core cycles per line per bank, x SHELL_DRAM_FP */
  uint32_t dram_rd_ivl_fp, dram_st_ivl_fp; /* per load (one atom) and per store (write-back: a line; write-through: an atom) */
  uint32_t dram_depth;   /* requests a bank's DRAM environment holds: its L2->DRAM queue + its credits */
  uint32_t dram_credits; /* of those, how many are in flight (latency, transfer) at once */
  double dram_gbs;       /* the whole GPU's DRAM bandwidth, GB/s */
  double dram_bpc;       /* one bank's DRAM bytes per core cycle */
} shell_mem_t;

/* 0, or -1 and one "error: parameter ..." line when the combination cannot
 * be built (a port narrower than a request's 8 control bytes, an interval
 * past the fixed point's range). */
int shell_mem_derive(const l1sys_cfg_t *cfg, shell_mem_t *d);

#endif
