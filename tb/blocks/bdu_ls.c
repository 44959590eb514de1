/* bdu_ls.c -- lockstep adapter of two-level bypassing (rtl/bdu/bdu.sv with
 * its MRMU and WOMU <-> csim/bdu/).
 *
 * Stimulus (from the previous cycle's inputs and outputs only): kernels of
 * about BDU_KERNEL_LEN cycles, each opened by kernel_start_i (sometimes
 * with the first dispatch in the same cycle) and, with BDU_MODE_SWEEP=1,
 * new thresholds L and H (any 7-bit value, mostly 0..100), W (any value of
 * the occupancy width) and reduction (LAST/AVG/MIN).  Thread-block
 * dispatch pulses arrive at random.  The L1D events are what an L1D can
 * raise in one cycle: nothing, or an access that hits, hits a reserved
 * line, misses, or is a bypassed load (access + miss + byp), at phase-
 * dependent rates including an access every cycle and a miss every cycle
 * (the counters' limit).  Instruction-buffer valid bits are fresh random
 * bits of a phase-dependent density (0 % and 100 % included).  Requests
 * are loads or stores; store flags are random also while req_valid_i is low.
 *
 * Scoreboard (check): the adapter counts accesses, misses and occupancy of
 * every sampling cycle itself and recomputes each decision from the
 * paper's rule (miss rate < L -> C; > H -> B; else occupancy < W -> B);
 * a store is never bypassed; B mode only while holding. */
#include <stdlib.h>
#include <string.h>
#include "bdu.h"
#include "ls.h"

typedef struct {
  bdu_t b;
  bdu_in_t in;
  bdu_out_t out;
  bdu_in_t cfg_mode;
  unsigned sweep, klen;
  /* stimulus */
  uint64_t next_kernel, first_disp;
  unsigned acc_pct, miss_pct, hitres_pct, byp_pct, occ_pct, req_pct, hold_ibuf;
  /* scoreboard */
  uint64_t s_acc, s_miss, s_occ_sum;
  uint32_t s_occ_min, s_occ_last;
  uint64_t n_kernels, n_periods, n_low, n_high, n_mid_b, n_mid_c, n_full_acc, n_byp_req;
  uint64_t n_womu[3];
  unsigned max_acc;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (bdu_init_cfg(&c->b, cfg)) { free(c); return NULL; }
  bdu_mode_from_cfg(&c->cfg_mode, cfg);
  c->sweep = (unsigned)CFG(cfg, BDU_MODE_SWEEP);
  c->klen = (unsigned)CFG(cfg, BDU_KERNEL_LEN);
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *map) {
  ctx_t *c = p;
  bdu_t *b = &c->b;
  ls_param(map, "Period", b->period);
  ls_param(map, "Hold", b->hold);
  ls_param(map, "Warps", b->warps);

  ls_input(map, "mode_thr_l_i", 7, &c->in.mode_thr_l_i);
  ls_input(map, "mode_thr_h_i", 7, &c->in.mode_thr_h_i);
  ls_input(map, "mode_thr_w_i", b->occ_w, &c->in.mode_thr_w_i);
  ls_input(map, "mode_womu_i", 2, &c->in.mode_womu_i);
  ls_input(map, "kernel_start_i", 1, &c->in.kernel_start_i);
  ls_input(map, "tb_disp_i", 1, &c->in.tb_disp_i);
  ls_input(map, "ev_access_i", 1, &c->in.ev_access_i);
  ls_input(map, "ev_miss_i", 1, &c->in.ev_miss_i);
  ls_input(map, "ev_hitres_i", 1, &c->in.ev_hitres_i);
  ls_input(map, "ev_byp_i", 1, &c->in.ev_byp_i);
  ls_input(map, "ibuf_valid_i", b->warps, c->in.ibuf_valid_i);
  ls_input(map, "req_valid_i", 1, &c->in.req_valid_i);
  ls_input(map, "req_store_i", 1, &c->in.req_store_i);

  ls_output(map, "req_byp_o", 1, &c->out.req_byp_o);
  ls_output(map, "bmode_o", 1, &c->out.bmode_o);
  ls_output(map, "phase_o", 2, &c->out.phase_o);
  ls_output(map, "cls_o", 2, &c->out.cls_o);
  ls_output(map, "occ_low_o", 1, &c->out.occ_low_o);
  ls_output(map, "acc_o", b->cnt_w, &c->out.acc_o);
  ls_output(map, "miss_o", b->cnt_w, &c->out.miss_o);
  ls_output(map, "occ_o", b->occ_w, &c->out.occ_o);

  /* State map: every register of rtl/bdu/bdu.sv, mrmu.sv and womu.sv. */
  ls_reg(map, "phase_q", 2, &b->phase_q);
  ls_reg(map, "timer_q", b->tim_w, &b->timer_q);
  ls_reg(map, "bmode_q", 1, &b->bmode_q);
  ls_reg(map, "i_mrmu.acc_cnt_q", b->cnt_w, &b->i_mrmu.acc_cnt_q);
  ls_reg(map, "i_mrmu.miss_cnt_q", b->cnt_w, &b->i_mrmu.miss_cnt_q);
  ls_reg(map, "i_womu.occ_last_q", b->occ_w, &b->i_womu.occ_last_q);
  ls_reg(map, "i_womu.occ_min_q", b->occ_w, &b->i_womu.occ_min_q);
  ls_reg(map, "i_womu.occ_sum_q", b->i_womu.sum_w, &b->i_womu.occ_sum_q);
}

static void reset(void *p) {
  ctx_t *c = p;
  bdu_reset(&c->b);
}

static void new_modes(ctx_t *c, ls_rng_t *r) {
  if (!c->sweep) {
    c->in.mode_thr_l_i = c->cfg_mode.mode_thr_l_i;
    c->in.mode_thr_h_i = c->cfg_mode.mode_thr_h_i;
    c->in.mode_thr_w_i = c->cfg_mode.mode_thr_w_i;
    c->in.mode_womu_i = c->cfg_mode.mode_womu_i;
    return;
  }
  c->in.mode_thr_l_i = ls_chance(r, 80) ? ls_below(r, 101) : ls_below(r, 128);
  c->in.mode_thr_h_i = ls_chance(r, 80) ? ls_below(r, 101) : ls_below(r, 128);
  if (ls_chance(r, 60) && c->in.mode_thr_l_i > c->in.mode_thr_h_i) { /* mostly L <= H, as a user sets them */
    uint32_t t = c->in.mode_thr_l_i;
    c->in.mode_thr_l_i = c->in.mode_thr_h_i;
    c->in.mode_thr_h_i = t;
  }
  c->in.mode_thr_w_i = ls_chance(r, 80) ? ls_below(r, c->b.warps + 1) : ls_below(r, 1u << c->b.occ_w);
  c->in.mode_womu_i = ls_below(r, 3);
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned acc[] = {0, 10, 50, 90, 100, 100};
  static const unsigned miss[] = {0, 5, 30, 50, 70, 95, 100};
  static const unsigned occ[] = {0, 10, 30, 50, 80, 100};
  c->acc_pct = acc[ls_below(r, 6)];
  c->miss_pct = miss[ls_below(r, 7)];
  c->hitres_pct = ls_below(r, 2) ? 0 : 30;
  c->byp_pct = ls_below(r, 3) ? 0 : 10;
  c->occ_pct = occ[ls_below(r, 6)];
  c->hold_ibuf = ls_chance(r, 25);
  c->req_pct = ls_below(r, 101);
}

static uint64_t kernel_gap(ctx_t *c, ls_rng_t *r) { return c->klen / 2 + ls_below(r, c->klen); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  bdu_t *b = &c->b;
  if (cycle == 0) {
    new_modes(c, r);
    new_phase(c, r);
    c->next_kernel = kernel_gap(c, r);
    c->first_disp = ls_below(r, 50);
  }
  if (ls_below(r, 2000) == 0) new_phase(c, r);

  c->in.kernel_start_i = 0;
  if (cycle == c->next_kernel) {
    c->in.kernel_start_i = 1;
    new_modes(c, r);
    c->next_kernel = cycle + kernel_gap(c, r);
    c->first_disp = ls_chance(r, 10) ? cycle : cycle + 1 + ls_below(r, 50);
  }
  c->in.tb_disp_i = cycle == c->first_disp || ls_chance(r, 3);

  /* L1D events of one cycle */
  c->in.ev_access_i = ls_chance(r, c->acc_pct);
  c->in.ev_miss_i = c->in.ev_hitres_i = c->in.ev_byp_i = 0;
  if (c->in.ev_access_i) {
    if (ls_chance(r, c->byp_pct)) c->in.ev_miss_i = c->in.ev_byp_i = 1; /* a bypassed load */
    else if (ls_chance(r, c->miss_pct)) {
      if (ls_chance(r, c->hitres_pct)) c->in.ev_hitres_i = 1;
      else c->in.ev_miss_i = 1;
    }
  }

  /* instruction-buffer valid bits */
  if (!c->hold_ibuf || cycle % 64 == 0) {
    memset(c->in.ibuf_valid_i, 0, sizeof c->in.ibuf_valid_i);
    for (unsigned i = 0; i < b->warps; i++)
      if (ls_chance(r, c->occ_pct)) c->in.ibuf_valid_i[i >> 5] |= 1u << (i & 31);
  }

  c->in.req_valid_i = ls_chance(r, c->req_pct);
  c->in.req_store_i = ls_chance(r, 30);
}

static void comb(void *p) {
  ctx_t *c = p;
  bdu_comb(&c->b, &c->in, &c->out);
}

static void commit(void *p) { bdu_commit(&((ctx_t *)p)->b); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const bdu_t *b = &c->b;
  (void)cycle;
  if (c->out.req_byp_o && (c->in.req_store_i || !c->in.req_valid_i)) {
    snprintf(msg, n, "bdu scoreboard: req_byp_o high for a %s", c->in.req_store_i ? "store" : "cycle without a request");
    return 1;
  }
  if (c->out.bmode_o && c->out.phase_o != BDU_PH_HOLD) {
    snprintf(msg, n, "bdu scoreboard: B mode in phase %u (only while holding a decision)", c->out.phase_o);
    return 1;
  }
  c->n_byp_req += c->out.req_byp_o;
  if (c->out.phase_o == BDU_PH_DECIDE && !c->in.kernel_start_i) {
    /* the paper's rule, recomputed from the adapter's own counts */
    uint64_t l = c->in.mode_thr_l_i, h = c->in.mode_thr_h_i, w = c->in.mode_thr_w_i;
    int low_rate = c->s_miss * 100 < l * c->s_acc, high_rate = c->s_miss * 100 > h * c->s_acc;
    uint64_t fig_ok;
    switch (c->in.mode_womu_i) {
    case BDU_WOMU_AVG: fig_ok = c->s_occ_sum < w * b->period; break;
    case BDU_WOMU_MIN: fig_ok = c->s_occ_min < w; break;
    default: fig_ok = c->s_occ_last < w; break;
    }
    uint32_t want = low_rate ? 0 : high_rate ? 1 : (uint32_t)fig_ok;
    if (b->bmode_q != want) {
      snprintf(msg, n, "bdu scoreboard: period of %llu accesses, %llu misses, occupancy sum %llu min %u last %u, L=%u H=%u W=%u reduction %u: decided %s, the rule says %s",
               (unsigned long long)c->s_acc, (unsigned long long)c->s_miss, (unsigned long long)c->s_occ_sum,
               c->s_occ_min, c->s_occ_last, c->in.mode_thr_l_i, c->in.mode_thr_h_i, c->in.mode_thr_w_i,
               c->in.mode_womu_i, b->bmode_q ? "B" : "C", want ? "B" : "C");
      return 1;
    }
    c->n_periods++;
    if (low_rate) c->n_low++;
    else if (high_rate) c->n_high++;
    else if (want) c->n_mid_b++;
    else c->n_mid_c++;
    c->n_womu[c->in.mode_womu_i < 3 ? c->in.mode_womu_i : 0]++;
    if (c->s_acc == b->period) c->n_full_acc++;
  }
  if (b->phase_q == BDU_PH_SAMPLE && (c->out.phase_o != BDU_PH_SAMPLE || c->in.kernel_start_i)) { /* a period begins */
    c->s_acc = c->s_miss = c->s_occ_sum = 0;
    c->s_occ_min = ~0u;
    c->s_occ_last = 0;
  } else if (c->out.phase_o == BDU_PH_SAMPLE) {
    uint32_t occ = womu_occ(&b->i_womu, c->in.ibuf_valid_i);
    c->s_acc += c->in.ev_access_i && !c->in.ev_byp_i;
    c->s_miss += (c->in.ev_miss_i || c->in.ev_hitres_i) && !c->in.ev_byp_i;
    c->s_occ_sum += occ;
    if (occ < c->s_occ_min) c->s_occ_min = occ;
    c->s_occ_last = occ;
    if (c->s_acc > c->max_acc) c->max_acc = (unsigned)c->s_acc;
  }
  c->n_kernels += c->in.kernel_start_i;
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const bdu_t *b = &c->b;
  fprintf(f, "bdu: period=%u hold=%u warps=%u counters %u bits, occupancy %u bits, sum %u bits, timer %u bits\n",
          b->period, b->hold, b->warps, b->cnt_w, b->occ_w, b->i_womu.sum_w, b->tim_w);
  fprintf(f, "bdu: kernels=%llu decisions=%llu: below L=%llu above H=%llu between->B (occupancy < W)=%llu between->C=%llu; reductions last/avg/min=%llu/%llu/%llu\n",
          (unsigned long long)c->n_kernels, (unsigned long long)c->n_periods, (unsigned long long)c->n_low,
          (unsigned long long)c->n_high, (unsigned long long)c->n_mid_b, (unsigned long long)c->n_mid_c,
          (unsigned long long)c->n_womu[0], (unsigned long long)c->n_womu[1], (unsigned long long)c->n_womu[2]);
  fprintf(f, "bdu: periods with an access every cycle=%llu, most accesses in a period=%u (counter max %u), bypassed loads=%llu\n",
          (unsigned long long)c->n_full_acc, c->max_acc, (1u << b->cnt_w) - 1u, (unsigned long long)c->n_byp_req);
}

const ls_block_t ls_block_bdu = {
    .name = "bdu",
    .rtl_module = "bdu",
    .rtl_files = "bdu/mrmu.sv bdu/womu.sv bdu/bdu.sv",
    .help = "two-level bypassing MRMU/WOMU/BDU (seed 001): C/B mode from miss rate and warp occupancy",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
};
