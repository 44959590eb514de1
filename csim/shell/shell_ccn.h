/* shell_ccn.h -- the per-SM cooperative-caching-ring hook point of the shell
 * (docs/shell.md, "CCN in the shell").  Each SM's node of the CCN paper's ring
 * (csim/ccn/ccn_ring.c, the C twin of rtl/ccn/ccn_ring.sv) sits on the
 * L1D's miss path; SM0's hook owns the ring, the others point to it.  The
 * variant is the run parameter SHELL_CCN: OFF passes every request through
 * and never looks up; ON is CCN-B (never throttles); ON_THROTTLE uses the
 * request throttler (CCN_HMIN, CCN_TS, CCN_TP).
 *
 * The ring's edge, per node, three registers (the project's decision: every
 * input of the ring is registered, so the ring's cycle needs nothing the
 * SMs compute in the same cycle; the lookup answer is the L1D's, which
 * answers the cycle after the lookup from its own registers, so the
 * former answer registers ans_* are gone with issue 15):
 *   miss staging    mreg_*  a cached load miss the L1D handed over
 *   fill staging    fst_*   a line the ring delivered, offered to the L1D's
 *                           fill port before the crossbar's response
 *   L2 staging      l2_*    a request the ring sends to L2, pushed into the
 *                           SM's injection queue before the L1D's own
 * The hardware is rtl/shell/shell_ccn.sv: the ring (i_ring) and every
 * node's edge registers in one module (docs/shell.md, "The CCN hook in
 * RTL"); its C twin is shell_ccn_hw_* below, with explicit per-node port
 * structs (shell_ccn_in_t / shell_ccn_out_t: node i's slice of each RTL
 * port), in block lockstep as tb/blocks/shell_ccn_ls.c.  SM0's hook owns the
 * twin; every hook's calls stage its node's input ports and read its
 * node's outputs.  The variant is structural: OFF has no twin (the shell
 * instantiates none), ON is the ring with HMin = 0, ON_THROTTLE with
 * CCN_HMIN.  Statistics and the throttle time series are testbench-side.
 *
 * Per cycle: remote() of every SM first (each L1D's registered answer,
 * l1d_comb_rmt), then in any order across SMs (the first call of the cycle
 * evaluates the twin's outputs, which depend on its registers and those
 * answers only): outs(), filled(), miss(), l2();
 * commit() of every node, then commit_ring() of SM0's, is the clock edge. */
#ifndef SHELL_CCN_H
#define SHELL_CCN_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cfg.h"
#include "ccn_ring.h"
#include "bits.h"

/* ---- the RTL twin: rtl/shell/shell_ccn.sv -------------------------------- */
/* Node i's input ports (its slice of the RTL's concatenated ports); its
 * rmt_data_i is shell_ccn_hw_t.rmt_data_i + i * lbw. */
typedef struct {
  uint32_t miss_valid_i, miss_line_i; /* a cached load miss the L1D handed over */
  uint32_t rmt_hit_i;                 /* the L1D's answer to last cycle's rmt_valid_o (registered in the L1D) */
  uint32_t fill_ready_i;              /* the L1D took fill_line_o */
  uint32_t l2_ready_i;                /* the injection queue takes l2_line_o */
} shell_ccn_in_t;

typedef struct {
  uint32_t mem_ready_o;             /* ANDed into the L1D's mem_req_ready_i */
  uint32_t rmt_valid_o, rmt_addr_o; /* lookup toward the L1D's rmt_* port (byte address) */
  uint32_t fill_valid_o, fill_line_o;
  uint32_t l2_valid_o, l2_line_o;
  uint32_t thr_o; /* the node's throttler has it off the ring */
} shell_ccn_out_t;

typedef struct {
  unsigned nodes, law, offw, lbw;
  ccn_ring_t i_ring;
  ccn_ring_in_t rin; /* the ring's inputs: the edge registers */
  shell_ccn_in_t in[CCN_MAX_NODES];
  uint32_t *rmt_data_i; /* [nodes * lbw] */
  shell_ccn_out_t out[CCN_MAX_NODES];
  /* registers, per node: miss staging, fill staging, L2 staging */
  uint32_t mreg_v_q[CCN_MAX_NODES], mreg_v_d[CCN_MAX_NODES], mreg_a_q[CCN_MAX_NODES], mreg_a_d[CCN_MAX_NODES];
  uint32_t fst_v_q[CCN_MAX_NODES], fst_v_d[CCN_MAX_NODES], fst_a_q[CCN_MAX_NODES], fst_a_d[CCN_MAX_NODES];
  uint32_t l2_v_q[CCN_MAX_NODES], l2_v_d[CCN_MAX_NODES], l2_a_q[CCN_MAX_NODES], l2_a_d[CCN_MAX_NODES];
  /* wires of the cycle */
  uint32_t popped[CCN_MAX_NODES], rsp_take[CCN_MAX_NODES], l2_take[CCN_MAX_NODES];
} shell_ccn_hw_t;

/* The ring's parameters and the line offset bits (rmt_addr_o = line <<
 * offw); -1 when out of memory or the ring does not fit. */
int shell_ccn_hw_init(shell_ccn_hw_t *h, const ccn_ring_cfg_t *rc, unsigned offw);
void shell_ccn_hw_free(shell_ccn_hw_t *h);
void shell_ccn_hw_reset(shell_ccn_hw_t *h);
/* The ring's logic and every output, from the registers alone. */
void shell_ccn_hw_comb(shell_ccn_hw_t *h);
/* Node i's edge registers: next state from its inputs, then the edge. */
void shell_ccn_hw_next(shell_ccn_hw_t *h, unsigned i);
void shell_ccn_hw_commit_node(shell_ccn_hw_t *h, unsigned i);
/* The ring's clock edge (every node's edge: shell_ccn_hw_commit_node). */
void shell_ccn_hw_commit_ring(shell_ccn_hw_t *h);

/* ---- the hook ------------------------------------------------------------ */
typedef struct shell_ccn {
  uint32_t variant; /* SHELL_CCN_* */
  unsigned id, nodes, offw, lwords;
  struct shell_ccn *owner; /* SM0's hook (the twin's owner) */
  shell_ccn_hw_t *hw;      /* owner only */
  uint32_t done;           /* owner: the twin's outputs were evaluated this cycle */
  /* statistics */
  uint64_t remote_hits, lookups, ring_misses, ring_l2, thr_cycles;
  uint32_t sample, nser, capser;
  uint32_t to_sample; /* cycles until the next sample of the series (0: this cycle's) */
  uint8_t *ser; /* thr_q every SHELL_SAMPLE cycles */
} shell_ccn_t;

int shell_ccn_init(shell_ccn_t *c, const l1sys_cfg_t *cfg, unsigned sm);
/* After every SM's init: SM0's hook; the owner builds the ring.  -1 after
 * one error line. */
int shell_ccn_attach(shell_ccn_t *c, shell_ccn_t *sm0, const l1sys_cfg_t *cfg, unsigned nsm);
/* The ring's parameters in the shell (one node per SM, the L1D's line, HMin 0
 * under ON); -1 after one error line. */
int shell_ccn_ring_cfg(ccn_ring_cfg_t *rc, const l1sys_cfg_t *cfg, unsigned nsm, uint32_t variant);
/* Offset bits of the L1D's atom, the unit the ring moves: log2 of a line,
 * or with a sectored L1D of a sector (L1D_LINE / L1D_SECTORS).  A remote
 * answer's data is the low atom of the L1D's line data (the shell's line
 * contents are the address in word 0, docs/shell.md). */
static inline unsigned shell_ccn_atom_offw(const l1sys_cfg_t *cfg) {
  return bits_clog2((uint32_t)(CFG(cfg, L1D_LINE) / CFG(cfg, L1D_SECTORS)));
}
void shell_ccn_free(shell_ccn_t *c);
void shell_ccn_reset(shell_ccn_t *c);
/* (The per-SM calls below are inline: every SM makes them every cycle.) */
/* The twin, its outputs evaluated from its registers once per cycle by the
 * first call of any SM; NULL with the CCN off. */
static inline shell_ccn_hw_t *shell_ccn_ring(shell_ccn_t *c) {
  shell_ccn_t *o = c->owner;
  if (c->variant == SHELL_CCN_OFF || !o || !o->hw) return NULL;
  if (!o->done) {
    o->done = 1;
    shell_ccn_hw_comb(o->hw);
  }
  return o->hw;
}
/* The node's outputs this cycle, NULL with the CCN off: a ring-delivered
 * line waiting for the L1D's fill port (fill_*); whether the node can take
 * the L1D's memory request (mem_ready_o, ANDed into mem_req_ready_i: its
 * miss staging is free or freed, and no ring L2 request waits for the
 * injection queue); the staged L2 request (l2_*: the SM's ccn_l2_valid_i /
 * ccn_l2_line_i); the lookup toward the L1D's remote port (rmt_*, a byte
 * address), which the call counts (shell_ccn_t.lookups). */
static inline const shell_ccn_out_t *shell_ccn_outs(shell_ccn_t *c) {
  shell_ccn_hw_t *h = shell_ccn_ring(c);
  if (!h) return NULL;
  const shell_ccn_out_t *o = &h->out[c->id];
  c->lookups += o->rmt_valid_o;
  return o;
}
/* The L1D took the ring's line this cycle. */
static inline void shell_ccn_filled(shell_ccn_t *c) {
  shell_ccn_hw_t *h = shell_ccn_ring(c);
  if (h) h->in[c->id].fill_ready_i = 1;
}
/* The L1D's answer to last cycle's lookup (its registered rmt_hit_o /
 * rmt_data_o, l1d_comb_rmt); every SM's before any other hook call of the
 * cycle (the ring's logic reads them).  The line is staged only with a hit
 * when the ring is lazy (ccn_ring.h: the ring reads it only then; the
 * lockstep engine's ring takes the port as it is). */
static inline void shell_ccn_remote(shell_ccn_t *c, uint32_t hit, const uint32_t *data) {
  shell_ccn_t *o = c->owner;
  if (c->variant == SHELL_CCN_OFF || !o || !o->hw) return;
  shell_ccn_hw_t *h = o->hw;
  h->in[c->id].rmt_hit_i = hit;
  if (hit | !h->i_ring.lazy)
    memcpy(h->rmt_data_i + (size_t)c->id * h->lbw, data, (h->lbw < c->lwords ? h->lbw : c->lwords) * 4);
}
/* The L1D's accepted memory request: 1 when the node takes it (a cached
 * load miss: not a store, not a bypass), else it goes to the crossbar. */
static inline int shell_ccn_miss(shell_ccn_t *c, uint32_t line, uint32_t not_ring) {
  shell_ccn_hw_t *h = shell_ccn_ring(c);
  if (!h || not_ring) return 0;
  h->in[c->id].miss_valid_i = 1;
  h->in[c->id].miss_line_i = line;
  c->ring_misses++;
  return 1;
}
/* A ring request to L2 leaves into the injection queue (room: the queue can
 * take a push this cycle): 1 and its line. */
static inline int shell_ccn_l2(shell_ccn_t *c, uint32_t *line, uint32_t room) {
  shell_ccn_hw_t *h = shell_ccn_ring(c);
  if (!h) {
    *line = 0;
    return 0;
  }
  const shell_ccn_out_t *o = &h->out[c->id];
  *line = o->l2_line_o;
  h->in[c->id].l2_ready_i = room;
  return o->l2_valid_o && room;
}
/* The node's clock edge (its edge registers; statistics). */
void shell_ccn_commit(shell_ccn_t *c);
/* After the node's edge: it stays at rest for as long as nothing comes in
 * -- the ring left it out or found it at rest with nothing coming in this
 * cycle (ccn_ring_t.rested: a lazy ring only) and no miss, line or L2
 * request is staged at its edge registers -- so an SM that repeats may be
 * left out of the shell's passes with it (shell.c); the ring wakes the SM
 * in the first cycle it does not leave the node out (ccn_ring_t.skip). */
static inline int shell_ccn_at_rest(const shell_ccn_t *c) {
  const shell_ccn_hw_t *h = c->owner->hw;
  const unsigned i = c->id;
  return (h->i_ring.rested >> i & 1u) && !(h->mreg_v_q[i] | h->fst_v_q[i] | h->l2_v_q[i]);
}
/* n cycles of a node at rest whose SM was left out, counted now: what
 * shell_ccn_commit counts each (the throttled cycles, the series' samples;
 * its throttle flag stands: a throttler decision or period end evaluates
 * every node, which wakes every SM left out). */
void shell_ccn_advance(shell_ccn_t *c, uint32_t n);
/* SM0's hook, after every node's commit: the ring's clock edge. */
void shell_ccn_commit_ring(shell_ccn_t *c);
void shell_ccn_json(const shell_ccn_t *c, FILE *f);

#endif
