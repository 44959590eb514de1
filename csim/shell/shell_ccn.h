/* shell_ccn.h -- the per-SM cooperative-caching-ring hook point of the shell
 * (docs/shell.md, "CCN in the shell").  Each SM's node of seed 004's ring
 * (csim/ccn/ccn_ring.c, the C twin of rtl/ccn/ccn_ring.sv) sits on the
 * L1D's miss path; SM0's hook owns the ring, the others point to it.  The
 * variant is the run parameter SHELL_CCN: OFF passes every request through
 * and never looks up; ON is CCN-B (never throttles); ON_THROTTLE uses the
 * request throttler (CCN_HMIN, CCN_TS, CCN_TP).
 *
 * The ring's edge, per node, four registers (the project's decision: every
 * input of the ring is registered, so the ring's cycle needs nothing the
 * SMs compute in the same cycle):
 *   miss staging    mreg_*  a cached load miss the L1D handed over
 *   lookup answer   ans_*   the L1D's rmt_hit_o / rmt_data_o of last cycle
 *   fill staging    fst_*   a line the ring delivered, offered to the L1D's
 *                           fill port before the crossbar's response
 *   L2 staging      l2_*    a request the ring sends to L2, pushed into the
 *                           SM's injection queue before the L1D's own
 * Per cycle (any order across SMs; the first call of the cycle runs the
 * ring's logic from the registers): fill() / filled(), mem_ready(), rmt(),
 * remote(), miss(), l2(); commit() is the clock edge. */
#ifndef SHELL_CCN_H
#define SHELL_CCN_H
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"
#include "ccn_ring.h"

typedef struct shell_ccn {
  uint32_t variant; /* SHELL_CCN_* */
  unsigned id, nodes, offw, lwords;
  struct shell_ccn *owner; /* SM0's hook (the ring's owner) */
  /* owner only */
  struct shell_ccn **node; /* [nodes] */
  ccn_ring_t *ring;
  ccn_ring_in_t *rin;
  uint32_t done; /* the ring's logic ran this cycle */
  /* the ring's edge (registers) */
  uint32_t mreg_v_q, mreg_v_d, mreg_a_q, mreg_a_d;
  uint32_t ans_v_q, ans_v_d, ans_hit_q, ans_hit_d;
  uint32_t *ans_data_q, *ans_data_d; /* lwords each */
  uint32_t fst_v_q, fst_v_d, fst_a_q, fst_a_d;
  uint32_t l2_v_q, l2_v_d, l2_a_q, l2_a_d;
  uint32_t popped; /* wire: the ring took the staged miss this cycle */
  /* statistics */
  uint64_t remote_hits, lookups, ring_misses, ring_l2, thr_cycles;
  uint32_t sample, cyc, nser, capser;
  uint8_t *ser; /* thr_q every SHELL_SAMPLE cycles */
} shell_ccn_t;

int shell_ccn_init(shell_ccn_t *c, const l1sys_cfg_t *cfg, unsigned sm);
/* After every SM's init: SM0's hook; the owner builds the ring.  -1 after
 * one error line. */
int shell_ccn_attach(shell_ccn_t *c, shell_ccn_t *sm0, const l1sys_cfg_t *cfg, unsigned nsm);
void shell_ccn_free(shell_ccn_t *c);
void shell_ccn_reset(shell_ccn_t *c);
/* A ring-delivered line waits for the L1D's fill port: 1 and its line. */
int shell_ccn_fill(shell_ccn_t *c, uint32_t *line);
/* The L1D took the ring's line this cycle. */
void shell_ccn_filled(shell_ccn_t *c);
/* The node can take the L1D's memory request this cycle (ANDed into
 * mem_req_ready_i): its miss staging is free or freed, and no ring L2
 * request waits for the injection queue. */
int shell_ccn_mem_ready(shell_ccn_t *c);
/* The lookup toward this SM's L1D remote port (byte address). */
void shell_ccn_rmt(shell_ccn_t *c, uint32_t *valid, uint32_t *addr);
/* The L1D's answer to this cycle's lookup (registered for the ring). */
void shell_ccn_remote(shell_ccn_t *c, uint32_t hit, const uint32_t *data);
/* The L1D's accepted memory request: 1 when the node takes it (a cached
 * load miss: not a store, not a bypass), else it goes to the crossbar. */
int shell_ccn_miss(shell_ccn_t *c, uint32_t line, uint32_t not_ring);
/* A ring request to L2 leaves into the injection queue (room: the queue can
 * take a push this cycle): 1 and its line. */
int shell_ccn_l2(shell_ccn_t *c, uint32_t *line, uint32_t room);
void shell_ccn_commit(shell_ccn_t *c);
void shell_ccn_json(const shell_ccn_t *c, FILE *f);

#endif
