/* shell_dram.h -- the DRAM channel behind one L2 bank: part of the
 * ENVIRONMENT, not of the hardware (docs/shell.md).  The shell's C model and
 * the lockstep adapter of the L2 bank both use it, so both models of the
 * bank see the same DRAM.  Requests are served in order; latency first, then
 * the channel's bandwidth (as GPGPU-Sim's dram_latency queue ahead of the
 * DRAM scheduler): a request accepted in cycle c starts its transfer at
 * start = max(c + lat, previous start + interval), in 1/SHELL_DRAM_FP core
 * cycles (the interval is a line's share of the bank's channel, usually not
 * a whole number of cycles: shell_mem.h), and is answered (loads) or retired
 * (stores) at ts = ceil(start).  Latency and bandwidth are separate: lat
 * never limits how many requests are in flight; the channel's credits do
 * (GPGPU-Sim's scheduler + return queues, a bank's share): the n-th request
 * in the queue starts its latency only once the one `credits` ahead of it
 * is answered, and the queue holds depth = the L2->DRAM queue + credits.
 * Per cycle: shell_dram_inputs() gives the bank's dram_req_ready_i and
 * dram_rsp_* from the channel's state; after the cycle, shell_dram_step()
 * applies the cycle's two handshakes. */
#ifndef SHELL_DRAM_H
#define SHELL_DRAM_H
#include <stdint.h>
#include <stdlib.h>
#include "shell_mem.h"

/* A request as the channel holds it; set: the line's set in its bank,
 * carried and handed back with the fill as the bank sent it (shell_l2.h). */
typedef struct {
  uint32_t sm, line, id, store, byp, ts, set;
} shell_dram_ent_t;

typedef struct {
  shell_dram_ent_t *e;
  uint32_t depth, credits, head, count, lat, ivl_fp, st_ivl_fp;
  uint64_t next_fp; /* earliest start of the next transfer, x SHELL_DRAM_FP */
  uint64_t reads, writes;
} shell_dram_t;

/* ivl_fp / st_ivl_fp: core cycles per load / per store transfer x
 * SHELL_DRAM_FP (shell_mem_t.dram_rd_ivl_fp, dram_st_ivl_fp). */
static inline int shell_dram_init(shell_dram_t *d, uint32_t depth, uint32_t credits, uint32_t lat, uint32_t ivl_fp,
                                  uint32_t st_ivl_fp) {
  d->e = calloc(depth, sizeof *d->e);
  d->depth = depth;
  d->credits = credits ? credits : 1;
  d->lat = lat;
  d->ivl_fp = ivl_fp;
  d->st_ivl_fp = st_ivl_fp;
  d->head = d->count = 0;
  d->next_fp = 0;
  d->reads = d->writes = 0;
  return d->e ? 0 : -1;
}
static inline void shell_dram_free(shell_dram_t *d) { free(d->e); d->e = NULL; }
static inline void shell_dram_reset(shell_dram_t *d) { d->head = d->count = 0; d->next_fp = 0; d->reads = d->writes = 0; }
/* The head, when it is a load whose time has come (else NULL). */
static inline const shell_dram_ent_t *shell_dram_rsp(const shell_dram_t *d, uint32_t cyc) {
  const shell_dram_ent_t *h = &d->e[d->head];
  return d->count && !h->store && (int32_t)(h->ts - cyc) <= 0 ? h : NULL;
}
static inline uint32_t shell_dram_ready(const shell_dram_t *d) { return d->count < d->depth; }
/* The request port's transfer: valid and ready, or valid in the cycle the
 * bank takes the offered response (rsp_taken).  A bank takes a fill and
 * sends its dirty victim's write-back in the same cycle; the write-back
 * takes the fill's entry, so it never waits for room: waiting deadlocked a
 * full channel whose head answer could leave only with its write-back
 * (docs/shell.md, "Hazards"). */
static inline uint32_t shell_dram_req_fire(uint32_t valid, uint32_t ready, uint32_t rsp_taken) {
  return valid && (ready || rsp_taken);
}
static inline void shell_dram_step(shell_dram_t *d, uint32_t cyc, uint32_t req_fire, const shell_dram_ent_t *req,
                                   uint32_t rsp_fire) {
  const shell_dram_ent_t *h = &d->e[d->head];
  if (rsp_fire || (d->count && h->store && (int32_t)(h->ts - cyc) <= 0)) {
    d->head = (d->head + 1) % d->depth;
    d->count--;
  }
  if (req_fire) {
    uint32_t t0 = cyc; /* its latency starts when a credit is free */
    if (d->count >= d->credits) {
      const uint32_t tf = d->e[(d->head + d->count - d->credits) % d->depth].ts;
      if ((int32_t)(tf - cyc) > 0) t0 = tf;
    }
    uint64_t start = ((uint64_t)t0 + d->lat) * SHELL_DRAM_FP;
    if (d->next_fp > start) start = d->next_fp;
    d->next_fp = start + (req->store ? d->st_ivl_fp : d->ivl_fp);
    uint32_t ts = (uint32_t)((start + SHELL_DRAM_FP - 1) / SHELL_DRAM_FP);
    shell_dram_ent_t n = *req;
    n.ts = ts;
    d->e[(d->head + d->count) % d->depth] = n;
    d->count++;
    if (req->store) d->writes++; else d->reads++;
  }
}

#endif
