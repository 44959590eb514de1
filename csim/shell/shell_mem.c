/* shell_mem.c -- see shell_mem.h. */
#include "shell_mem.h"
#include <stdio.h>

int shell_mem_derive(const l1sys_cfg_t *cfg, shell_mem_t *d) {
  const uint64_t core = (uint64_t)CFG(cfg, SHELL_CLK_CORE), icnt = (uint64_t)CFG(cfg, SHELL_CLK_ICNT);
  const uint64_t dram = (uint64_t)CFG(cfg, SHELL_CLK_DRAM), line = (uint64_t)CFG(cfg, L1D_LINE);
  /* a store or a response carries one L1D atom: a line, or with a sectored
   * L1D a sector (the L2 still fetches whole lines from DRAM: docs/shell.md) */
  const uint64_t atom = line / (uint64_t)CFG(cfg, L1D_SECTORS);
  const uint64_t pb = (uint64_t)CFG(cfg, SHELL_FLIT) * icnt / core;
  if (pb < SHELL_PKT_CTRL) {
    fprintf(stderr, "error: parameter SHELL_FLIT=%lld: a crossbar port moves %llu bytes per core cycle "
            "(SHELL_FLIT x SHELL_CLK_ICNT / SHELL_CLK_CORE), fewer than a request's %d control bytes; expected at least %d\n",
            CFG(cfg, SHELL_FLIT), (unsigned long long)pb, SHELL_PKT_CTRL, SHELL_PKT_CTRL);
    return -1;
  }
  d->port_bytes = pb > 1024 ? 1024 : (uint32_t)pb;
  d->flits_req = (SHELL_PKT_CTRL + d->port_bytes - 1) / d->port_bytes;
  d->flits_line = (uint32_t)((SHELL_PKT_CTRL + atom + d->port_bytes - 1) / d->port_bytes);
  d->reqq = (uint32_t)(CFG(cfg, SHELL_L2_ROP_LAT) + CFG(cfg, SHELL_L2_Q));
  d->rspq = (uint32_t)CFG(cfg, SHELL_L2_RSPQ);
  /* all factors below are bounded by their parameter ranges: no overflow in 64 bits */
  const uint64_t chan = (uint64_t)(CFG(cfg, SHELL_DRAM_BUSW) * CFG(cfg, SHELL_DRAM_CHIPS) * CFG(cfg, SHELL_DRAM_RATIO));
  const uint64_t subp = (uint64_t)CFG(cfg, SHELL_L2_SUBP);
  const uint64_t num = line * SHELL_DRAM_FP * core * subp, den = chan * dram;
  const uint64_t ivl = (num + den - 1) / den;
  if (ivl > 1000u * SHELL_DRAM_FP) {
    fprintf(stderr, "error: parameter SHELL_DRAM_BUSW=%lld: a bank's DRAM channel share needs %.1f core cycles per "
            "line; expected at most 1000 (check SHELL_CLK_DRAM, SHELL_DRAM_CHIPS, SHELL_DRAM_RATIO)\n",
            CFG(cfg, SHELL_DRAM_BUSW), (double)ivl / SHELL_DRAM_FP);
    return -1;
  }
  d->dram_ivl_fp = ivl ? (uint32_t)ivl : 1;
  /* a transfer's share: a load fetches one atom (a sectored L2 fills one
   * sector); a store moves an atom under write-through, a whole line (a
   * dirty victim) under write-back.  A line L1D: a line each. */
  const uint64_t wb = CFG(cfg, SHELL_L2_WRITE) == SHELL_L2_WRITE_BACK;
  const uint64_t rd = (atom * SHELL_DRAM_FP * core * subp + den - 1) / den;
  const uint64_t st = ((wb ? line : atom) * SHELL_DRAM_FP * core * subp + den - 1) / den;
  d->dram_rd_ivl_fp = rd ? (uint32_t)rd : 1;
  d->dram_st_ivl_fp = st ? (uint32_t)st : 1;
  /* GPGPU-Sim's DRAM credits: a channel has at most its scheduler queue +
   * return queue in flight (memory_partition_unit::arbitration_metadata);
   * a request waits in the L2->DRAM queue for one.  Each bank gets an equal
   * share; 0 in either means no limit (GPGPU-Sim), here: a request per
   * cycle for the latency and the queue's worth behind it never waits */
  const uint64_t schq = CFG(cfg, SHELL_DRAM_SCHEDQ), retq = CFG(cfg, SHELL_DRAM_RETQ);
  const uint64_t dq = CFG(cfg, SHELL_DRAM_Q);
  d->dram_credits = schq && retq ? (uint32_t)((schq + retq + subp - 1) / subp)
                                 : (uint32_t)(CFG(cfg, SHELL_DRAM_LAT) + 1 + dq);
  d->dram_depth = (uint32_t)dq + d->dram_credits;
  d->dram_bpc = (double)chan * (double)dram / (double)core / (double)subp;
  d->dram_gbs = (double)chan * (double)dram * 1e3 / 1e9 * (double)CFG(cfg, SHELL_L2_BANKS) / (double)subp;
  return 0;
}
