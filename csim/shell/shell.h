/* shell.h -- C model of the GPU shell (issue 14; docs/shell.md): N SMs, each
 * with warp slots, TB slots, a warp scheduler (LRR/GTO), per-warp replay of
 * the workload, a coalescer into line requests, the LD/ST path
 * [MRPB ->] L1D with the bypass-controller and CCN hook points; a TB
 * dispatcher; a crossbar to L2 banks; L2 banks; DRAM served by the
 * environment.
 *
 * Style (docs/c-models.md): registers are *_q with next state *_d; a cycle is
 * shell_comb() (outputs and next state from registers and this cycle's
 * environment inputs) then shell_commit() (the clock edge).  Per-entry arrays
 * (warps, TB slots, queue entries) are staged: an entry is copied q->d before
 * its first write in a cycle and only staged entries are copied back.
 *
 * What the environment provides (identical for any model of this hardware):
 * the workload's records -- an SM asks for a warp's next record with a
 * registered fetch request (block, warp, pc) and gets it the next cycle;
 * the LD/ST unit asks for an instruction's lane addresses the same way --
 * and DRAM (latency, bandwidth, line contents).  shell_env_* below. */
#ifndef SHELL_H
#define SHELL_H
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"
#include "l1d.h"
#include "mrpb.h"
#include "shell_byp.h"
#include "shell_ccn.h"
#include "shell_wl.h"
#include "shell_l2.h"
#include "shell_dram.h"
#include "shell_xbar.h"
#include "shell_disp.h"

/* A message between the SMs and the L2 banks (requests and responses). */
typedef struct {
  uint32_t sm, line, id, store, byp, ts; /* ts: cycle the response may leave its bank */
} shell_msg_t;

/* A bounded FIFO of messages with staged push/pop (at most one of each per
 * cycle): reads see the registered state. */
typedef struct {
  uint32_t depth, head_q, count_q, head_d, count_d;
  shell_msg_t *body;
  uint32_t push, pop, waddr;
  shell_msg_t wdata;
} shell_q_t;

typedef struct {
  uint8_t valid, tb, wib, ibv, bar, kind, size;
  uint16_t count;
  uint32_t pc, ready, ld, mask, age, ldt; /* ldt: cycle the pending load instruction issued */
} shell_warp_t;

typedef struct {
  uint8_t valid, nw, nexit, nbar;
  uint32_t block;
} shell_tb_t;

enum { SHS_INSTS, SHS_ISSUE, SHS_STALL_IDLE, SHS_STALL_MEM, SHS_STALL_LSU, SHS_LDREQ, SHS_STREQ, SHS_LDRSP,
       SHS_LDINST, SHS_LDLAT, SHS_TBS, SHS_INJ_FLITS, SHS_EJ_FLITS, SHS_N };
extern const char *const shell_sm_stat_name[SHS_N];

typedef struct {
  unsigned id, nwarps, ntbs, offw, line;
  /* warps and TB slots (staged per entry) */
  shell_warp_t *w_q, *w_d;
  shell_tb_t *t_q, *t_d;
  uint8_t *wst; /* staged flags */
  unsigned *wlist, nw_st, tst[16], nt_st;
  /* scheduler, fetch */
  uint32_t last_q, last_d, fptr_q, fptr_d;
  uint32_t fetch_v_q, fetch_w_q, fetch_v_d, fetch_w_d; /* round-robin fetch */
  uint32_t ifetch_v_q, ifetch_w_q, ifetch_v_d, ifetch_w_d; /* the issuing warp's next record */
  uint32_t age_q, age_d;
  /* LD/ST unit and coalescer */
  uint32_t l_busy_q, l_wait_q, l_store_q, l_warp_q, l_size_q, l_pend_q, l_pc_q;
  uint32_t l_busy_d, l_wait_d, l_store_d, l_warp_d, l_size_d, l_pend_d, l_pc_d;
  uint32_t l_addr_q[WL_LANES], l_addr_d[WL_LANES];
  /* this SM's injection queue (its crossbar port is in shell_xbar) */
  shell_q_t injq;
  /* sub-blocks */
  l1d_t l1d;
  int use_mrpb;
  mrpb_t mrpb;
  mrpb_in_t mrpb_in;
  mrpb_out_t mrpb_out;
  shell_byp_t byp;
  shell_ccn_t ccn;
  /* statistics (counters) */
  uint64_t st[SHS_N];
} shell_sm_t;

/* The environment's view of one bank's DRAM handshakes this cycle, applied
 * to the channel (shell_dram_step) at the clock edge. */
typedef struct {
  uint32_t req_fire, rsp_fire;
  shell_dram_ent_t req;
} shell_dram_hs_t;

typedef struct {
  l1sys_cfg_t cfg;
  const shell_wl_t *wl;
  unsigned nsm, nwarps, ntbs, nbanks, flits_line, line, lbits_w;
  shell_sm_t *sm;
  shell_l2_t *l2;
  shell_dram_t *dram;  /* environment: one DRAM channel per bank */
  shell_dram_hs_t *dram_hs;
  shell_xbar_t xbar; /* request and response crossbars */
  /* dispatcher */
  shell_disp_t disp; /* thread-block dispatcher */
  uint32_t cycle_q, cycle_d;
  uint32_t *fill_data; /* environment: line contents (see shell_env_line) */
  int done;
  char err[256]; /* scoreboard failure */
  uint64_t xbar_req_flits, xbar_rsp_flits;
} shell_t;

/* Builds the shell from a configuration; -1 and one "error: parameter ..."
 * line on a bad combination. */
int shell_init(shell_t *s, const l1sys_cfg_t *cfg, const shell_wl_t *wl);
void shell_free(shell_t *s);
void shell_reset(shell_t *s);
void shell_comb(shell_t *s);
void shell_commit(shell_t *s);
/* Runs until the workload is done or max cycles; returns 0, 1 on a
 * scoreboard failure (s->err), 3 when max cycles ran out. progress: print a
 * progress line to stderr every few seconds. */
int shell_run(shell_t *s, uint64_t max_cycles, int progress);
/* The scoreboard after a cycle: 0 or 1 with s->err set. */
int shell_check(shell_t *s);
void shell_summary(const shell_t *s, FILE *f);
int shell_json(const shell_t *s, FILE *f);
/* Graphviz block diagram of the instantiated shell (what shell_init built). */
int shell_dot(const shell_t *s, FILE *f);

/* queues */
int shell_q_init(shell_q_t *q, unsigned depth);
void shell_q_free(shell_q_t *q);
void shell_q_reset(shell_q_t *q);
static inline int shell_q_full(const shell_q_t *q) { return q->count_q == q->depth; }
static inline int shell_q_empty(const shell_q_t *q) { return q->count_q == 0; }
static inline const shell_msg_t *shell_q_head(const shell_q_t *q) { return &q->body[q->head_q]; }
static inline void shell_q_push(shell_q_t *q, const shell_msg_t *m) { q->push = 1; q->wdata = *m; }
static inline void shell_q_pop(shell_q_t *q) { q->pop = 1; }
void shell_q_commit(shell_q_t *q);

/* SM (shell_sm.c) */
int shell_sm_init(shell_sm_t *m, unsigned id, const l1sys_cfg_t *cfg);
void shell_sm_free(shell_sm_t *m);
void shell_sm_reset(shell_sm_t *m);
/* fill: the response the crossbar offers this SM this cycle (NULL: none);
 * returns 1 when the L1D took it. */
int shell_sm_comb(shell_t *s, shell_sm_t *m, const shell_msg_t *fill);
void shell_sm_commit(shell_sm_t *m);
/* staged writes of warps / TB slots */
shell_warp_t *shell_sm_w(shell_sm_t *m, unsigned w);
shell_tb_t *shell_sm_t_(shell_sm_t *m, unsigned t);

/* the environment */
const wl_rec_t *shell_env_rec(const shell_t *s, uint32_t block, uint32_t wib, uint32_t pc);
static inline unsigned shell_bank(const shell_t *s, uint32_t line) { return line % s->nbanks; }

#endif
