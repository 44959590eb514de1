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
#include "bdu_ls.h"
#include "ls.h"

/* Functional-coverage points (docs/bdu.md, "Coverage"): every decision
 * branch of the BDU schedule, the MRMU classes and the WOMU reductions,
 * counted from the C model's view of each cycle. */
#define COV_LIST(X) \
  X(DEC_LOW, "decide.LOW.C_mode") X(DEC_HIGH, "decide.HIGH.B_mode") X(DEC_MID_B, "decide.MID.occupancy_low.B_mode") \
  X(DEC_MID_C, "decide.MID.occupancy_high.C_mode") X(W_LAST_LO, "womu.LAST.low") X(W_LAST_HI, "womu.LAST.high") \
  X(W_AVG_LO, "womu.AVG.low") X(W_AVG_HI, "womu.AVG.high") X(W_MIN_LO, "womu.MIN.low") X(W_MIN_HI, "womu.MIN.high") \
  X(IDLE_START, "schedule.idle.first_block_starts_sampling") X(KS_SAMPLE, "schedule.kernel_start.during_sample") \
  X(KS_HOLD, "schedule.kernel_start.during_hold") X(KS_DISP, "schedule.kernel_start.with_block_dispatch") \
  X(HOLD_END, "schedule.hold_expires.resample") X(HOLD_KERNEL, "schedule.hold_until_next_kernel") \
  X(BYP_LOAD, "request.load_bypassed_in_B") X(ST_IN_B, "request.store_in_B_not_bypassed") \
  X(LD_IN_C, "request.load_in_C_not_bypassed") X(EV_BYP, "mrmu.bypassed_access_not_counted") \
  X(EV_HITRES, "mrmu.hit_reserved_counted_as_miss")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

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
  uint64_t cov[COV_N];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
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
  ls_param_set(map, c->cfg, "BDU", "", NULL);

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

  bdu_ls_declare_state(map, "", b);
  for (int i = 0; i < COV_N; i++) {
    /* hold = 0 holds until the next kernel; otherwise the hold expires */
    if ((i == COV_HOLD_END && b->hold == 0) || (i == COV_HOLD_KERNEL && b->hold != 0)) continue;
    ls_cover(map, cov_name[i], &c->cov[i]);
  }
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

static void count_coverage(ctx_t *c) {
  const bdu_t *b = &c->b;
  const bdu_in_t *in = &c->in;
  const bdu_out_t *o = &c->out;
  uint64_t *v = c->cov;
  if (in->kernel_start_i) {
    if (b->phase_q == BDU_PH_SAMPLE) v[COV_KS_SAMPLE]++;
    if (b->phase_q == BDU_PH_HOLD) v[COV_KS_HOLD]++;
    if (in->tb_disp_i) v[COV_KS_DISP]++;
  } else if (b->phase_q == BDU_PH_IDLE && in->tb_disp_i) {
    v[COV_IDLE_START]++;
  } else if (b->phase_q == BDU_PH_DECIDE) {
    v[o->cls_o == BDU_CLS_LOW ? COV_DEC_LOW : o->cls_o == BDU_CLS_HIGH ? COV_DEC_HIGH
      : o->occ_low_o ? COV_DEC_MID_B : COV_DEC_MID_C]++;
    static const int w[3][2] = {{COV_W_LAST_HI, COV_W_LAST_LO}, {COV_W_AVG_HI, COV_W_AVG_LO}, {COV_W_MIN_HI, COV_W_MIN_LO}};
    if (in->mode_womu_i < 3) v[w[in->mode_womu_i][o->occ_low_o ? 1 : 0]]++;
  } else if (b->phase_q == BDU_PH_HOLD && b->hold != 0 && b->timer_q == 0) {
    v[COV_HOLD_END]++;
  } else if (b->phase_q == BDU_PH_HOLD && b->hold == 0 && b->bmode_q) {
    v[COV_HOLD_KERNEL]++;
  }
  if (in->req_valid_i) {
    if (o->req_byp_o) v[COV_BYP_LOAD]++;
    else if (b->bmode_q && in->req_store_i) v[COV_ST_IN_B]++;
    else if (!b->bmode_q && !in->req_store_i) v[COV_LD_IN_C]++;
  }
  if (b->phase_q == BDU_PH_SAMPLE && !in->kernel_start_i && in->ev_access_i) {
    if (in->ev_byp_i) v[COV_EV_BYP]++;
    else if (in->ev_hitres_i) v[COV_EV_HITRES]++;
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  bdu_comb(&c->b, &c->in, &c->out);
  count_coverage(c);
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

void bdu_ls_declare_state(ls_map_t *map, const char *prefix, const bdu_t *b) {
  char nm[128];
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  /* every register of rtl/bdu/bdu.sv, mrmu.sv and womu.sv */
  ls_reg(map, P("phase_q"), 2, &b->phase_q);
  ls_reg(map, P("timer_q"), b->tim_w, &b->timer_q);
  ls_reg(map, P("bmode_q"), 1, &b->bmode_q);
  ls_reg(map, P("i_mrmu.acc_cnt_q"), b->cnt_w, &b->i_mrmu.acc_cnt_q);
  ls_reg(map, P("i_mrmu.miss_cnt_q"), b->cnt_w, &b->i_mrmu.miss_cnt_q);
  ls_reg(map, P("i_womu.occ_last_q"), b->occ_w, &b->i_womu.occ_last_q);
  ls_reg(map, P("i_womu.occ_min_q"), b->occ_w, &b->i_womu.occ_min_q);
  ls_reg(map, P("i_womu.occ_sum_q"), b->i_womu.sum_w, &b->i_womu.occ_sum_q);
#undef P
}

const ls_block_t ls_block_bdu = {
    .name = "bdu",
    .rtl_module = "bdu",
    .help = "two-level bypassing MRMU/WOMU/BDU (the two-level paper): C/B mode from miss rate and warp occupancy",
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
