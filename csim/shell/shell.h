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
#include "shell_mem.h"
#include "shell_xbar.h"
#include "shell_disp.h"
#include "shell_sm.h"

/* The parameter blocks the shell contains (cfg_check_block): shell-sim and
 * the engine's `shell` block refuse parameters of any other block. */
#define SHELL_PARAM_BLOCKS "shell l1d mrpb shell_byp shell_ccn bdu chss ccn"

/* The environment's registered read port per SM: the requests the SM
 * presented last cycle (fetch, issuing-warp fetch, lane addresses). */
typedef struct {
  uint32_t fv, fb, fw, fp, iv, ib, iw, ip, lv, lb, lw, lp;
} shell_env_req_t;

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
  shell_mem_t mem; /* the memory side's derived figures (shell_mem.h) */
  unsigned smw; /* SM-number bits of the bank messages: shell_xbar_sw(nsm), the RTL's SW */
  shell_sm_t *sm;
  shell_byp_t *byp;     /* per SM: the bypass controller (hook, outside the SM) */
  shell_ccn_t *ccn;     /* per SM: the CCN node (hook, outside the SM) */
  shell_env_req_t *env; /* per SM: last cycle's environment requests */
  uint8_t *dorm; /* per SM: cycles in a row it ended idle (shell_sm_idle); from SHELL_SM_SETTLE on it sleeps (not hardware) */
  uint8_t *srep; /* per SM: it repeats its last cycle (shell_sm_still; not hardware): comb and commit take the short forms */
  shell_l2_t *l2;
  uint8_t *l2_dorm; /* per bank: cycles in a row it ended idle with idle inputs; from SHELL_L2_SETTLE on it sleeps (not hardware) */
  uint8_t *l2_skip; /* per bank: this cycle's comb was skipped (asleep, inputs idle) */
  /* not hardware: the SMs whose cycle is only counted (docs/c-models.md,
   * "Asleep SMs and banks left out", "Repeating SMs left out"): asleep
   * (dorm) with every output the passes read idle, or repeating (srep)
   * with no hook event and a fill-ready output that no fill field moves
   * (its injection queue's head, if any, offered to the crossbar as it
   * stands); either with no node, and a bypass hook quiet with no unit
   * or whose unit only counts (shell_byp_still_for: TWOLEVEL's BDU between
   * its schedule's moves, a CHSS unit with no division running; it catches
   * up in sm_sync, and zwake / lead_wake visit it where the count ends).  zz_tbf, zz_busy: those of them whose tb_free_o, busy_o
   * is set (the dispatcher's inputs; a repeating SM is busy); zz_injv,
   * zz_injst, zz_injbyp: those whose inj_valid_o, and with it inj_store_o,
   * inj_byp_o, is set (the crossbar's injection inputs; inj_line_i and
   * inj_id_i stand as their last visit set them).  A crossbar pop ends
   * such an SM's repeat (sm_unzz).  zzf: this cycle's (zz less the SMs woken, or none when
   * the inputs every such SM passes straight through change); hk_kst,
   * hk_blk: those inputs as last given to every SM (kern_start_i,
   * disp_block_i). */
  uint32_t zz[SHELL_XBAR_MW], zz_tbf[SHELL_XBAR_MW], zz_busy[SHELL_XBAR_MW], zzf[SHELL_XBAR_MW];
  uint32_t zz_injv[SHELL_XBAR_MW], zz_injst[SHELL_XBAR_MW], zz_injbyp[SHELL_XBAR_MW];
  uint32_t hk_kst, hk_blk;
  /* not hardware: the passes walk the set bits of smask (the SMs there
   * are) less zz or zzf, so a left-out SM is not visited at all.  zl: the
   * SMs whose cycle counters (cyc_q, cyc_d, their hook's cyc; a repeating
   * SM's memory-stall statistic and its L1D's stall counter too) lag: left
   * out since the shell's cycle zt[i], they are cycle_q - zt[i] behind;
   * shell_sync brings them up to date (docs/c-models.md, "Left-out SMs
   * and banks not visited"). */
  uint32_t smask[SHELL_XBAR_MW], zl[SHELL_XBAR_MW];
  uint32_t *zt;
  /* not hardware: the SMs of zz whose bypass unit only counts until a
   * cycle of its own (zwv; zwake[i] that cycle, on cycle_q: TWOLEVEL's BDU
   * between the moves of its schedule, shell_byp_still_for), which is then
   * visited, not left out; zwmay: zwv may have a bit set; zw_next: no SM
   * of zwv has its wake before it */
  uint32_t zwv[SHELL_XBAR_MW], zw_next;
  uint32_t *zwake;
  int zwmay;
  uint64_t zw_wakes; /* (how many such visits came: a statistic the tests read) */
  /* not hardware: CHSS with CHSS_CONTROL=CENTRAL (lead_watch): the
   * leader's TB_bg as its last edge left it (lead_tbbg); lead_wake: it
   * moved there, so this cycle every SM of zz is visited (a follower left
   * out copies it: shell_byp_still_for) */
  int lead_watch, lead_wake;
  uint32_t lead_tbbg;
  uint64_t lead_wakes; /* (the SMs of zz such a move woke: a statistic the tests read) */
  /* not hardware: how many repeats in zz a crossbar pop ended while the SM
   * was left out of the cycle's second pass (sm_unzz's late form: a
   * statistic the tests read) */
  uint64_t zz_pops;
  /* SMs of zz whose ring node the ring did not leave out, visited (their
   * node at rest no longer: shell_ccn_at_rest; a statistic the tests read) */
  uint64_t ccn_wakes;
  /* zzmay: some bit of zz may be set (cleared when a pass finds none);
   * zfany: some bit of zzf is set.  Without either, the passes visit
   * every SM with no test. */
  int zzmay, zfany;
  /* not hardware: per bank, asleep with its cycles only counted until
   * l2_wake (docs/c-models.md, "Asleep SMs and banks left out"): l2_bz, a
   * bank skipped last cycle with the shell's own DRAM, whose request queue
   * head and DRAM channel head have a time still to come (l2_wake: a cycle
   * before the earlier of them, on the shell's cycle_q) */
  uint8_t *l2_bz;
  uint32_t *l2_wake;
  /* not hardware: the banks of l2_bz are not visited (bzv: the same set as
   * bits; bmask: the banks there are; bzmay: some bit of bzv may be set):
   * a request to one (the crossbar's l2_req_valid_o) or its time wakes it;
   * bz_next: no bank of l2_bz has its time before it.  Its cyc_q lags from
   * the shell's cycle l2_bt[b] on, and catches up when it wakes or at
   * shell_sync (docs/c-models.md, "Left-out SMs and banks not visited"). */
  uint32_t bzv[SHELL_XBAR_MW], bmask[SHELL_XBAR_MW], bz_next;
  int bzmay;
  uint32_t *l2_bt;
  shell_dram_t *dram;  /* environment: one DRAM channel per bank */
  shell_dram_hs_t *dram_hs;
  shell_xbar_t xbar; /* request and response crossbars */
  /* dispatcher */
  shell_disp_t disp; /* thread-block dispatcher */
  uint32_t cycle_q, cycle_d;
  /* the hooks' kernel start (rtl/shell/shell.sv kstart_q): high in the
   * first cycle after reset and in the first cycle of every next kernel */
  uint32_t kstart_q, kstart_d;
  /* environment: the running kernel's TB_max (the top's kern_tbmax_i) and
   * the classifier's static load tags (answered with the lane addresses,
   * the SMs' lsu_tag_i) */
  uint32_t kern_tbmax_i;
  const shell_byp_tags_t *tags;
  uint32_t *fill_data; /* environment: line contents (see shell_env_line) */
  int done;
  /* ext_env: the environment is outside (the system lockstep adapter sets
   * the SMs' answers, the dispatcher's kernel inputs and the banks' DRAM
   * inputs before shell_comb, as rtl/shell/shell.sv's ports) */
  int ext_env;
  /* eval_all: every SM and bank is evaluated every cycle, none sleeps or
   * repeats (dorm, srep, l2_dorm stay 0), and the bypass hooks run their
   * units through the RTL twin's comb and edge (not bdu_step / chss_step):
   * the reference the skip paths are tested against
   * (tb/tests/test_shell_skip.c), and `shell-sim --eval-all` */
  int eval_all;
  /* observed: the lockstep engine reads the state map after every edge
   * (tb/blocks/shell_ls.c sets it): a block with a lazy form keeps its RTL
   * form instead -- the CCN ring evaluates every node every cycle
   * (ccn_ring_t.lazy; so does eval_all) */
  int observed;
  int ccn_any; /* not hardware: some SM has a CCN node (SHELL_CCN != OFF), set at init */
  char err[256]; /* scoreboard failure */
  const struct gpgpusim_rep *gpgpusim; /* environment: the GPGPU-Sim config read, or NULL (into the JSON) */
  uint64_t xbar_req_flits, xbar_rsp_flits;
  l1d_out_t ev; /* scratch: an SM's L1D events for its bypass controller (the ev_* fields only; the rest stays zero) */
} shell_t;

/* Builds the shell from a configuration; -1 and one "error: parameter ..."
 * line on a bad combination. */
int shell_init(shell_t *s, const l1sys_cfg_t *cfg, const shell_wl_t *wl);
void shell_free(shell_t *s);
void shell_reset(shell_t *s);
void shell_comb(shell_t *s);
void shell_commit(shell_t *s);
/* Brings the counters of the left-out SMs up to date (zl): call it
 * between cycles before reading an SM's cyc_q / cyc_d, its hook's cyc, its
 * memory-stall statistic or its L1D's counters (the lockstep map, the
 * tests); shell_run and shell_gstats_run call it before they return. */
void shell_sync(shell_t *s);
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

/* the environment */
const wl_rec_t *shell_env_rec(const shell_t *s, uint32_t block, uint32_t wib, uint32_t pc);
/* A kernel's TB_max: the blocks of warps warps an SM of nwarps warp slots
 * and ntbs TB slots holds at once (at least 1). */
static inline uint32_t shell_kern_tbmax(unsigned nwarps, unsigned ntbs, uint32_t warps) {
  uint32_t n = nwarps / (warps ? warps : 1);
  if (n > ntbs) n = ntbs;
  return n ? n : 1;
}
/* Whether any bit of the first mw words is set (a set of SMs, zz or zzf:
 * none, and the passes visit every SM with no test). */
static inline int shell_any_set(const uint32_t *v, unsigned mw) {
  uint32_t a = 0;
  for (unsigned w = 0; w < mw; w++) a |= v[w];
  return a != 0;
}
static inline unsigned shell_bank(const shell_t *s, uint32_t line) { return line % s->nbanks; }

#endif
