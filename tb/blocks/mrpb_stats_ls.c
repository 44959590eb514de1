/* mrpb_stats_ls.c -- lockstep adapter of the MRPB statistics block alone
 * (rtl/mrpb/mrpb_stats.sv), so it can run by itself: at RTL and as the
 * mapped gate-level netlist (GATE=1, docs/synthesis.md).
 * Sizes as in the MRPB: counters MRPB_CNT_W bits, occupancy wide enough for
 * MRPB_SIG x MRPB_ENTRIES entries.  Stimulus: event pulses at a rate that
 * changes every 256 cycles (narrow counters saturate), an occupancy that
 * random-walks over [0, rows] with jumps, and every read select 0..31. */
#include <stdlib.h>
#include "bits.h"
#include "l1sys_params.h"
#include "ls.h"
#include "mrpb_stats.h"

typedef struct {
  mrpb_stats_t s;
  unsigned rows, occ_w;
  uint32_t enq_i, deq_i, wpass_i, flush_i, bypass_i, stall_i, rej_i, occ_i, stat_sel_i, stat_data_o;
  unsigned pct;
} ctx_t;

static const unsigned nq_of_sig[3] = {MRPB_WARPS, MRPB_BLOCKS, MRPB_BWARPS};

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->rows = nq_of_sig[CFG(cfg, MRPB_SIG)] * (unsigned)CFG(cfg, MRPB_ENTRIES);
  c->occ_w = bits_clog2(c->rows + 1);
  if (mrpb_stats_init(&c->s, (unsigned)CFG(cfg, MRPB_CNT_W), c->occ_w)) {
    free(c);
    cfg_reject(cfg, P_MRPB_ENTRIES, "too many occupancy buckets for the statistics model");
    return NULL;
  }
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  ls_param(m, "CntW", c->s.cnt_w);
  ls_param(m, "OccW", c->occ_w);
  ls_input(m, "enq_i", 1, &c->enq_i);
  ls_input(m, "deq_i", 1, &c->deq_i);
  ls_input(m, "wpass_i", 1, &c->wpass_i);
  ls_input(m, "flush_i", 1, &c->flush_i);
  ls_input(m, "bypass_i", 1, &c->bypass_i);
  ls_input(m, "stall_i", 1, &c->stall_i);
  ls_input(m, "rej_i", 1, &c->rej_i);
  ls_input(m, "occ_i", c->occ_w, &c->occ_i);
  ls_input(m, "stat_sel_i", 5, &c->stat_sel_i);
  ls_output(m, "stat_data_o", c->s.cnt_w, &c->stat_data_o);
  ls_reg(m, "enq_cnt_q", c->s.cnt_w, &c->s.enq_cnt_q);
  ls_reg(m, "deq_cnt_q", c->s.cnt_w, &c->s.deq_cnt_q);
  ls_reg(m, "wpass_cnt_q", c->s.cnt_w, &c->s.wpass_cnt_q);
  ls_reg(m, "flush_cnt_q", c->s.cnt_w, &c->s.flush_cnt_q);
  ls_reg(m, "bypass_cnt_q", c->s.cnt_w, &c->s.bypass_cnt_q);
  ls_reg(m, "stall_cnt_q", c->s.cnt_w, &c->s.stall_cnt_q);
  ls_reg(m, "rej_cnt_q", c->s.cnt_w, &c->s.rej_cnt_q);
  ls_reg(m, "occ_max_q", c->occ_w, &c->s.occ_max_q);
  ls_reg_array(m, "occ_hist_q", c->s.cnt_w, c->s.nbkt, c->s.occ_hist_q, sizeof(uint32_t));
}

static void reset(void *p) { mrpb_stats_reset(&((ctx_t *)p)->s); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle % 256 == 0) c->pct = ls_below(r, 101);
  c->enq_i = ls_chance(r, c->pct);
  c->deq_i = ls_chance(r, c->pct);
  c->wpass_i = ls_chance(r, c->pct / 4);
  c->flush_i = ls_chance(r, c->pct / 2);
  c->bypass_i = ls_chance(r, c->pct / 3);
  c->stall_i = ls_chance(r, 100 - c->pct);
  c->rej_i = ls_chance(r, c->pct / 2);
  if (ls_chance(r, 3)) c->occ_i = ls_below(r, c->rows + 1);
  else if (ls_chance(r, 50) && c->occ_i < c->rows) c->occ_i++;
  else if (c->occ_i > 0) c->occ_i--;
  c->stat_sel_i = ls_below(r, 32);
}

static void comb(void *p) {
  ctx_t *c = p;
  c->stat_data_o = mrpb_stats_read(&c->s, c->stat_sel_i);
  mrpb_stats_in_t in = {c->enq_i, c->deq_i, c->wpass_i, c->flush_i, c->bypass_i, c->stall_i, c->rej_i, c->occ_i};
  mrpb_stats_comb(&c->s, &in);
}

static void commit(void *p) { mrpb_stats_commit(&((ctx_t *)p)->s); }

const ls_block_t ls_block_mrpb_stats = {
    .name = "mrpb_stats",
    .rtl_module = "mrpb_stats",
    .param_blocks = "mrpb_stats mrpb",
    .help = "MRPB statistics counters alone (MRPB_CNT_W; occupancy from MRPB_SIG x MRPB_ENTRIES)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
};
