/* mrpb_drain_ls.c -- lockstep adapter of the MRPB drain selector alone
 * (rtl/mrpb/mrpb_drain.sv), so it can run by itself: at RTL and as the
 * mapped gate-level netlist (GATE=1, docs/synthesis.md).
 * Sizes as in the MRPB: MRPB_SIG -> queues, MRPB_ENTRIES -> count width.
 * Modes: MRPB_DRAIN and MRPB_GREEDY from the configuration, constant for
 * the run (the synthesis wrapper ties them to the same values).
 * Stimulus: per queue a count in [0, entries], eligible for a random part
 * of the non-empty queues; bursts of
 * full/empty phases; flush requests with an in-range queue; advance_i
 * mostly follows the previous cycle's sel_valid_o, sometimes random. */
#include <stdlib.h>
#include "bits.h"
#include "l1sys_params.h"
#include "ls.h"
#include "mrpb_drain.h"

typedef struct {
  mrpb_drain_t d;
  unsigned nq, entries, cnt_w, idx_w;
  uint32_t mode_drain_i, mode_greedy_i, flush_valid_i, flush_idx_i, advance_i;
  uint32_t elig_i[2], cnt_i[9]; /* nq <= 48, nq*cnt_w <= 48*6 bits */
  uint32_t cnt_u[64];           /* the same counts, one per queue (the C selector's view) */
  uint32_t sel_valid_o, sel_idx_o, sel_flush_o;
  unsigned elig_pct, fill_pct;
} ctx_t;

static const unsigned nq_of_sig[3] = {MRPB_WARPS, MRPB_BLOCKS, MRPB_BWARPS};

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->nq = nq_of_sig[CFG(cfg, MRPB_SIG)];
  c->entries = (unsigned)CFG(cfg, MRPB_ENTRIES);
  c->cnt_w = bits_clog2(c->entries + 1);
  c->idx_w = bits_idx_w(c->nq);
  c->mode_drain_i = (uint32_t)CFG(cfg, MRPB_DRAIN);
  c->mode_greedy_i = (uint32_t)CFG(cfg, MRPB_GREEDY);
  mrpb_drain_init(&c->d, c->nq, c->cnt_w);
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  ls_param(m, "NQ", c->nq);
  ls_param(m, "CntW", c->cnt_w);
  ls_input(m, "mode_drain_i", 2, &c->mode_drain_i);
  ls_input(m, "mode_greedy_i", 1, &c->mode_greedy_i);
  ls_input(m, "elig_i", c->nq, c->elig_i);
  ls_input(m, "cnt_i", c->nq * c->cnt_w, c->cnt_i);
  ls_input(m, "flush_valid_i", 1, &c->flush_valid_i);
  ls_input(m, "flush_idx_i", c->idx_w, &c->flush_idx_i);
  ls_input(m, "advance_i", 1, &c->advance_i);
  ls_output(m, "sel_valid_o", 1, &c->sel_valid_o);
  ls_output(m, "sel_idx_o", c->idx_w, &c->sel_idx_o);
  ls_output(m, "sel_flush_o", 1, &c->sel_flush_o);
  ls_reg(m, "gcur_q", c->idx_w, &c->d.gcur_q);
  ls_reg(m, "gcur_v_q", 1, &c->d.gcur_v_q);
  ls_reg(m, "i_rr.ptr_q", c->idx_w, &c->d.i_rr.ptr_q);
}

static void reset(void *p) { mrpb_drain_reset(&((ctx_t *)p)->d); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle % 64 == 0) {
    c->fill_pct = ls_below(r, 101);
    c->elig_pct = ls_below(r, 101);
  }
  c->elig_i[0] = c->elig_i[1] = 0;
  for (unsigned i = 0; i < 9; i++) c->cnt_i[i] = 0;
  for (unsigned q = 0; q < c->nq; q++) {
    uint32_t n = ls_chance(r, c->fill_pct) ? 1 + ls_below(r, c->entries) : 0;
    if (ls_chance(r, 20) && n) n = c->entries; /* ties at the top */
    bits_set(c->cnt_i, q * c->cnt_w, c->cnt_w, n);
    c->cnt_u[q] = n;
    if (n && ls_chance(r, c->elig_pct)) bits_set(c->elig_i, q, 1, 1);
  }
  c->flush_valid_i = ls_chance(r, 10);
  c->flush_idx_i = ls_below(r, c->nq);
  c->advance_i = ls_chance(r, 10) ? ls_chance(r, 50) : (c->sel_valid_o && ls_chance(r, 80));
}

static void comb(void *p) {
  ctx_t *c = p;
  mrpb_drain_in_t in = {c->mode_drain_i, c->mode_greedy_i, c->elig_i, c->cnt_u, c->flush_valid_i, c->flush_idx_i, NULL, 0};
  mrpb_drain_sel_t s = mrpb_drain_pick(&c->d, &in);
  c->sel_valid_o = s.valid;
  c->sel_idx_o = s.idx;
  c->sel_flush_o = s.flush;
  mrpb_drain_comb(&c->d, &in, s, c->advance_i);
}

static void commit(void *p) { mrpb_drain_commit(&((ctx_t *)p)->d); }

const ls_block_t ls_block_mrpb_drain = {
    .name = "mrpb_drain",
    .rtl_module = "mrpb_drain",
    .param_blocks = "mrpb_drain mrpb",
    .help = "MRPB drain selector alone (MRPB_SIG, MRPB_ENTRIES; modes MRPB_DRAIN, MRPB_GREEDY)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
};
