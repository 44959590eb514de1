/* ls_cycle.c -- the cycles of a run: reset on both sides, then one of three
 * loops: lockstep (both models, compared every cycle, traced in a window),
 * or one model alone with nothing traced (the lean loops: the same steps in
 * the same order without the lockstep's per-cycle tests). */
#include <stdio.h>
#include "ls_rtl.h"
#include "ls_run.h"

int ls_reset(run_t *r) {
  const opts_t *o = r->o;
  /* memories before the model's first evaluation, which settles every
   * combinational path from them (Verilator re-evaluates logic only on the
   * changes it schedules itself, not on a write into a read-only variable) */
  if (o->rand_init) ls_rand_init_state(r, o->seed, 0);
  /* reset: asynchronous in the RTL, the reset state in C */
  r->b->reset(r->ctx);
  if (r->use_rtl) { /* settle with reset high first, so the model sees a falling rst_ni */
    ls_rtl_clk(0);
    ls_rtl_rst(1);
    ls_rtl_eval();
    ls_rtl_rst(0);
    ls_rtl_eval();
    ls_rtl_rst(1);
    ls_rtl_eval();
  }
  if (o->rand_init) ls_rand_init_state(r, o->seed, 1);
  return r->use_c && r->use_rtl ? ls_compare_state(r, 0, 1, 1) : 0;
}

/* An assertion of the RTL failed in the evaluations of this cycle
 * (docs/lockstep.md, "RTL assertions"): the run stops there, as at a check
 * of the C model that fails. */
static int rtl_assert(char *msg, size_t n) {
  if (!ls_rtl_assert_failed()) return 0;
  snprintf(msg, n, "an assertion of the RTL failed (Verilator's %%Error line above names its file, line and message)");
  return 1;
}

/* C alone (C: stim, comb, commit, check); the cycle it stopped at. */
static uint64_t lean_c(run_t *r, ls_rng_t *rng, progress_t *pg, int chk, char *msg, size_t n) {
  const ls_block_t *b = r->b;
  uint64_t cyc = 0;
  if (b->lean) b->lean(r->ctx);
  if (b->run_c) { /* the block's own loop, 256 cycles a call: the same progress points */
    while (cyc < r->o->cycles) {
      ls_progress(pg, r, cyc, 0);
      uint64_t to = (cyc | 255) + 1 < r->o->cycles ? (cyc | 255) + 1 : r->o->cycles;
      uint64_t at = b->run_c(r->ctx, rng, cyc, to, chk, msg, n);
      if (at < to) return at;
      cyc = to;
    }
    return cyc;
  }
  for (; cyc < r->o->cycles; cyc++) {
    if ((cyc & 255) == 0) ls_progress(pg, r, cyc, 0);
    b->stim(r->ctx, rng, cyc);
    b->comb(r->ctx);
    b->commit(r->ctx);
    if (chk && b->check(r->ctx, cyc, msg, n)) break;
  }
  return cyc;
}

/* RTL alone (stim, inputs, eval, outputs, edge, eval); the cycle it stopped at. */
static uint64_t lean_rtl(run_t *r, ls_rng_t *rng, progress_t *pg, char *msg, size_t n) {
  uint64_t cyc = 0;
  for (; cyc < r->o->cycles; cyc++) {
    if ((cyc & 255) == 0) ls_progress(pg, r, cyc, 0);
    r->b->stim(r->ctx, rng, cyc);
    ls_rtl_time(cyc * 10);
    ls_rtl_clk(0);
    ls_put_inputs(r);
    ls_rtl_eval();
    ls_read_outputs_into_c(r);
    ls_rtl_time(cyc * 10 + 5);
    ls_rtl_clk(1);
    ls_rtl_eval();
    if (rtl_assert(msg, n)) break;
  }
  return cyc;
}

/* One cycle of the lockstep loop (or of one model traced); 1 stops the run. */
static int lockstep_cycle(run_t *r, ls_rng_t *rng, uint64_t cyc, int chk, char *msg, size_t n) {
  const opts_t *o = r->o;
  const ls_block_t *b = r->b;
  int windowed = o->win_from >= 0;
  int dump = (r->fst_path || r->vcd_path || r->cmp) &&
             (!windowed || ((long long)cyc >= o->win_from && (long long)cyc <= o->win_to));
  r->tracing = dump;
  b->stim(r->ctx, rng, cyc);
  if (r->use_rtl) ls_save_history(r, cyc); /* printed only at a divergence */
  if (r->use_c) b->comb(r->ctx);
  if (r->use_rtl) {
    ls_rtl_time(cyc * 10);
    ls_rtl_clk(0);
    ls_put_inputs(r);
    ls_rtl_eval();
    if (dump && r->fst_path) ls_rtl_trace_dump(cyc * 10);
  }
  int first = dump && (long long)cyc == (windowed ? o->win_from : 0);
  if (dump && r->vcd) ls_vcd_dump(r->vcd, &r->map, cyc, 0);
  if (dump && r->cmp) ls_cmp_sample(r->cmp, &r->map, cyc, 0, first);
  if (r->use_c && r->use_rtl && ls_compare_ports(r, cyc)) return 1;
  if (!r->use_c) ls_read_outputs_into_c(r);
  if (r->use_c) b->commit(r->ctx);
  if (r->use_rtl) {
    ls_rtl_time(cyc * 10 + 5);
    ls_rtl_clk(1);
    ls_rtl_eval();
    if (dump && r->fst_path) ls_rtl_trace_dump(cyc * 10 + 5);
    if (rtl_assert(msg, n)) {
      ls_check_failed(r, cyc, msg);
      return 1;
    }
  }
  if (dump && r->vcd) ls_vcd_dump(r->vcd, &r->map, cyc, 1);
  if (dump && r->cmp) ls_cmp_sample(r->cmp, &r->map, cyc, 1, 0);
  if (r->use_c && r->use_rtl) { /* the sweep and compare-every modulos only when comparing */
    int sweep = o->sweep && (cyc + 1) % o->sweep == 0;
    int regs = o->every <= 1 || (cyc + 1) % o->every == 0 || cyc + 1 == o->cycles;
    if (ls_compare_state(r, cyc, sweep, regs)) return 1;
  }
  if (r->use_c && chk && b->check(r->ctx, cyc, msg, n)) {
    ls_check_failed(r, cyc, msg);
    return 1;
  }
  return 0;
}

uint64_t ls_cycles(run_t *r, progress_t *pg, int *fail) {
  const opts_t *o = r->o;
  ls_rng_t rng;
  ls_rng_seed(&rng, o->seed);
  char msg[512];
  int lean = !(r->use_c && r->use_rtl) && !r->fst_path && !r->vcd_path && !r->cmp;
  int chk = r->b->check && !o->rerun_child && !o->bench;
  uint64_t cyc = 0;
  if (lean) {
    cyc = r->use_c ? lean_c(r, &rng, pg, chk, msg, sizeof msg) : lean_rtl(r, &rng, pg, msg, sizeof msg);
    if (cyc < o->cycles) { /* the C model's check or an RTL assertion failed */
      ls_check_failed(r, cyc, msg);
      *fail = 1;
    }
    return cyc;
  }
  for (; cyc < o->cycles && !*fail; cyc++) {
    if ((cyc & 255) == 0) ls_progress(pg, r, cyc, 0);
    if (lockstep_cycle(r, &rng, cyc, chk, msg, sizeof msg)) {
      *fail = 1;
      return cyc;
    }
  }
  /* the end: every memory row and register once more */
  if (!*fail && r->use_c && r->use_rtl && ls_compare_state(r, cyc ? cyc - 1 : 0, 1, 1)) *fail = 1;
  return cyc;
}
