/* shell_byp.h -- the per-SM bypass-controller hook point of the shell
 * (docs/shell.md, "Hook points").  A bypass controller decides, for the
 * load the LD/ST path presents to the L1D this cycle, whether it bypasses
 * (the L1D's req_byp_i); it sees the L1D's event pulses (ev_*_o) of every
 * cycle and the thread-block dispatch events of its SM, and may tag a
 * dispatched block (CHSS ba/bg).  The scheme is the run parameter
 * SHELL_BYPASS (csim/params_shell.def); a new scheme is one ENUMV there, one
 * case in rtl/shell/shell_byp.sv and the same case in shell_byp_hw_byp() /
 * shell_byp_hw_comb(), its unit an instance (a member of shell_byp_hw_t).
 *
 * The hardware is rtl/shell/shell_byp.sv; its C twin is shell_byp_hw_*
 * below (explicit port structs shell_byp_in_t / shell_byp_out_t, one field
 * per RTL port), in block lockstep as tb/blocks/shell_byp_ls.c.  The calls
 * of the hook stage the twin's input ports for this cycle and play its
 * environment (the static-tag table answering req_tag_i, the per-kernel
 * TB_max, the leader's TB_bg); the statistics and time series are
 * testbench-side and have no RTL.
 *
 * Timing contract: decide() is combinational from the controller's
 * registers and the presented request (req() gives its load PC and store
 * flag); events(), tb_dispatch(), tb_done(), kernel_start(), ibuf() and
 * warps() stage this cycle's inputs; commit() is the clock edge. */
#ifndef SHELL_BYP_H
#define SHELL_BYP_H
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"
#include "l1d.h"
#include "bdu.h"
#include "chss.h"
#include "shell_wl.h"

/* Static load tags (CHSS_LD_CA/CG/CM) per kernel and load PC (the load's
 * static site, wl_rec_t.site), read from a chss-classify output
 * (lines "k<K>_pc<P> ca|cg|cm"); untagged loads are ca.  Sparse: one entry
 * per line of the file, sorted by key = kernel << 32 | PC (strictly
 * increasing), looked up by binary search -- the memory follows the file's
 * size, never the largest kernel or PC it names. */
typedef struct {
  size_t n;      /* entries */
  uint64_t *key; /* [n] kernel << 32 | pc, strictly increasing */
  uint8_t *tag;  /* [n] */
} shell_byp_tags_t;

/* Profile for the classifier: per kernel and load PC, the line requests
 * the L1D accepted as cached loads and how many of them hit. */
typedef struct {
  uint32_t nk;
  uint32_t *n;
  uint64_t **acc, **hit;
} shell_byp_prof_t;

/* ---- the RTL twin: rtl/shell/shell_byp.sv --------------------------------
 * One field per port of the module (widths in the RTL); shell_byp_hw_t is
 * its state: the BDU (i_bdu) and the CHSS unit (i_chss) with the inputs the
 * module routes to them.  A unit is present (has_bdu, has_chss) when the
 * run can use it; the RTL always has both, and an absent unit is one whose
 * gated inputs keep it in its reset state, so skipping it is exact. */
typedef struct {
  uint32_t mode_scheme_i, mode_follow_i, mode_thr_l_i, mode_thr_h_i, mode_thr_w_i, mode_womu_i, l2_lat_i;
  uint32_t req_valid_i, req_store_i, req_slot_i, req_tag_i;
  uint32_t ev_access_i, ev_miss_i, ev_hitres_i, ev_byp_i, ev_hit_i, ev_stall_i;
  uint32_t kernel_start_i, tb_max_i;
  uint32_t disp_valid_i, disp_slot_i, done_valid_i, done_slot_i;
  uint32_t ibuf_valid_i[WOMU_MAX_WARPS / 32];
  uint32_t warp_cnt_i, lead_tbbg_i;
} shell_byp_in_t;

typedef struct {
  uint32_t byp_o, disp_tag_o, tb_bg_o, bmode_o;
} shell_byp_out_t;

typedef struct {
  unsigned tb_slots, warps, has_bdu, has_chss;
  /* run_*: the unit's logic is evaluated every cycle (default).  A scheme
   * that does not use a unit gates every input that could move it, so from
   * reset it stays there and the hook skips it (shell-sim's speed); the
   * system lockstep runs every present unit, as the RTL does, so that a
   * random initial state evolves alike on both sides. */
  unsigned run_bdu, run_chss;
  bdu_t i_bdu;
  bdu_in_t bin; /* the BDU's ports as the module drives them */
  bdu_out_t bout;
  chss_t i_chss;
  chss_in_t cin; /* the CHSS unit's ports as the module drives them */
  chss_out_t cout;
} shell_byp_hw_t;

/* Structure: TB slots and warp slots of the SM; the units are set up by the
 * caller (bdu_init / chss_init) and flagged present (has_*); both run. */
void shell_byp_hw_init(shell_byp_hw_t *h, unsigned tb_slots, unsigned warps);
void shell_byp_hw_reset(shell_byp_hw_t *h);
/* byp_o alone: combinational from the registers and the request ports. */
uint32_t shell_byp_hw_byp(const shell_byp_hw_t *h, const shell_byp_in_t *in);
/* Every output and the next state of both units. */
void shell_byp_hw_comb(shell_byp_hw_t *h, const shell_byp_in_t *in, shell_byp_out_t *out);
void shell_byp_hw_commit(shell_byp_hw_t *h);

/* ---- the hook: the twin plus its environment and statistics ------------- */
typedef struct shell_byp {
  uint32_t scheme; /* SHELL_BYPASS_* (the twin's mode_scheme_i) */
  shell_byp_hw_t hw;
  shell_byp_in_t in; /* this cycle's ports, staged by the calls below */
  shell_byp_out_t out;
  /* environment: SM0's hook (CHSS_CONTROL=CENTRAL: lead_tbbg_i is its
   * tb_bg_o).  TB_max (tb_max_i) comes with each kernel start and the
   * static tag (req_tag_i) with each presented load: the SM carries it from
   * the environment's answer (lsu_tag_i, byp_tag_o) */
  const struct shell_byp *leader;
  uint32_t kern; /* kernel running (counted by kernel_start; statistics and the profile) */
  uint32_t req_pc, req_store;
  shell_byp_prof_t *prof; /* when set, every cached load is counted per PC */
  /* the profile's load taken into the L1D's pipeline, counted when the
   * L1D decides it (its ev_hit_o comes then: docs/l1d.md "Pipeline") */
  uint32_t prof_v, prof_kern, prof_pc;
  uint32_t quiet; /* no unit runs, the last commit cleared the pulses and no hook call has set
                   * one since: commit would leave the inputs and outputs as they are */
  /* time series (every SHELL_SAMPLE cycles): CHSS TB_bg / BDU mode */
  uint32_t sample, cyc, nwarps;
  uint32_t nser, capser;
  uint8_t *ser;
  /* statistics */
  uint64_t decisions, bypassed;
  uint64_t bmode_cycles, dec_b, dec_c; /* TWOLEVEL: cycles in B mode, decisions B / C */
  uint64_t bg_blocks, ba_blocks, tbbg_moves; /* CHSS/COORD: blocks tagged bg / ba, TB_bg changes */
  uint64_t byp_cg, byp_cm;                    /* loads bypassed by a cg tag / as cm in a bg block */
} shell_byp_t;

int shell_byp_init(shell_byp_t *b, const l1sys_cfg_t *cfg, unsigned sm);
void shell_byp_free(shell_byp_t *b);
void shell_byp_reset(shell_byp_t *b);
/* After every SM's init: SM0's controller (the CHSS leader). */
void shell_byp_attach(shell_byp_t *b, const shell_byp_t *sm0);
/* The request presented this cycle: its load PC and whether it is a store
 * (call before decide()). */
static inline void shell_byp_req(shell_byp_t *b, uint32_t pc, uint32_t store) {
  b->req_pc = pc;
  b->req_store = store;
}
/* The load presented this cycle: its warp's TB slot and its static tag
 * (CHSS_LD_*, the SM's byp_tag_o).  Returns req_byp_i.  Stores never bypass
 * (the caller does not ask). */
uint32_t shell_byp_decide_hw(shell_byp_t *b, uint32_t tb, uint32_t tag);
static inline uint32_t shell_byp_decide(shell_byp_t *b, uint32_t tb, uint32_t tag) {
  /* NONE: the twin's byp_o is 0 whatever the request (shell_byp_hw_byp),
   * no unit runs and nothing else reads the request inputs: the hook
   * stays quiet (its commit only counts the cycle) */
  if (b->in.mode_scheme_i == SHELL_BYPASS_NONE) return 0;
  return shell_byp_decide_hw(b, tb, tag);
}
/* This cycle's L1D event pulses and whether the presented request was
 * accepted and bypassed (for statistics). */
void shell_byp_events(shell_byp_t *b, const l1d_out_t *ev, uint32_t accepted, uint32_t byp);
/* A block dispatched into TB slot tb; returns its tag (0: none). */
uint32_t shell_byp_tb_dispatch(shell_byp_t *b, uint32_t tb, uint32_t block);
void shell_byp_tb_done(shell_byp_t *b, uint32_t tb);
/* A kernel starts this cycle (every SM is told; kernel 0 in the first
 * cycle after reset), with its TB_max (the dispatcher's occupancy limit:
 * shell_kern_tbmax). */
void shell_byp_kernel_start(shell_byp_t *b, uint32_t tb_max);
/* This cycle's instruction-buffer occupancy: bit w set when warp slot w
 * holds a valid instruction (words of 32 bits, WOMU_MAX_WARPS bits). */
void shell_byp_ibuf(shell_byp_t *b, const uint32_t *valid);
/* Active warps of the SM this cycle (CHSS warp_cnt_i). */
static inline void shell_byp_warps(shell_byp_t *b, uint32_t n) { b->in.warp_cnt_i = n; }
/* Whether the scheme reads ibuf()/warps() (the SM skips the count otherwise). */
static inline int shell_byp_wants_warps(const shell_byp_t *b) {
  return b->scheme == SHELL_BYPASS_TWOLEVEL || b->scheme == SHELL_BYPASS_CHSS || b->scheme == SHELL_BYPASS_COORD;
}
/* The clock edge: TWOLEVEL / CHSS / COORD compute their unit's next state
 * from everything this cycle gathered, then commit it.  twin: always
 * through the RTL twin's comb and edge (shell_byp_hw_comb, _commit), not
 * the one unit's single step (the shell's eval_all: the reference the
 * step is tested against, tb/tests/test_shell_skip.c). */
void shell_byp_commit_hw(shell_byp_t *b, int twin);
static inline void shell_byp_commit(shell_byp_t *b, int twin) {
  if (b->quiet && !b->hw.run_bdu && !b->hw.run_chss) { /* NONE, ALL, STATIC, nothing set since the last commit */
    b->cyc++;
    return;
  }
  shell_byp_commit_hw(b, twin);
}
/* A repeating or asleep SM left out of the shell's passes (docs/c-models.md,
 * "Bypass units across left-out cycles"): every hook call of such a cycle
 * would stage the same inputs -- the same presented request, no access or
 * miss event, no dispatch, no kernel start, the same instruction buffers --
 * so the cycle is counted, not evaluated.  shell_byp_still_for (after the
 * commit): how many cycles from the next one on that is exact --
 * UINT32_MAX with no unit running and nothing staged (NONE, ALL, STATIC:
 * quiet); with TWOLEVEL's BDU alone, as long as its schedule only counts
 * (bdu_still_for: the cycle its timer reaches 0 is evaluated); 0 otherwise
 * (CHSS, COORD, both units, the profile's load waiting for its decision).
 * shell_byp_advance: n such cycles (n <= still_for): the hook's cycle
 * counter, and with the BDU its registers, the cycles it spent in B mode
 * and the time series' samples. */
uint32_t shell_byp_still_for(const shell_byp_t *b);
void shell_byp_advance(shell_byp_t *b, uint32_t n);
/* The scheme's JSON fields of one SM (each preceded by ", "). */
void shell_byp_json(const shell_byp_t *b, FILE *f);
const char *shell_byp_name(uint32_t scheme);

/* Tags file (chss-classify output); -1 after one "error: FILE:LINE: ..." line. */
int shell_byp_tags_load(shell_byp_tags_t *t, const char *path);
/* The classifier's tag of kernel kern's load at pc (CHSS_LD_CA when the
 * table has none, or there is no table). */
uint32_t shell_byp_tag_of(const shell_byp_tags_t *t, uint32_t kern, uint32_t pc);
void shell_byp_tags_free(shell_byp_tags_t *t);
/* Profile in chss-classify's input format ("load k<K>_pc<P> ACCESS HIT"). */
int shell_byp_prof_write(const shell_byp_prof_t *p, FILE *f);
void shell_byp_prof_free(shell_byp_prof_t *p);

#endif
