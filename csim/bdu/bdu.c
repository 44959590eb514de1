/* bdu.c -- see bdu.h and rtl/bdu/bdu.sv. */
#include "bdu.h"
#include <stdint.h>
#include <string.h>

static unsigned clog2(unsigned long long x) {
  unsigned r = 0;
  while ((1ull << r) < x) r++;
  return r;
}

void bdu_init(bdu_t *b, unsigned period, unsigned hold, unsigned warps) {
  memset(b, 0, sizeof *b);
  b->period = period;
  b->hold = hold;
  b->warps = warps;
  b->cnt_w = clog2((unsigned long long)period + 1);
  b->occ_w = clog2((unsigned long long)warps + 1);
  unsigned tm_w = clog2(period), hold_w = hold < 2 ? 1 : clog2(hold);
  b->tim_w = tm_w > hold_w ? tm_w : hold_w;
  mrmu_init(&b->i_mrmu, period);
  womu_init(&b->i_womu, warps, period);
  bdu_reset(b);
}

int bdu_init_cfg(bdu_t *b, const l1sys_cfg_t *cfg) {
  unsigned warps = (unsigned)CFG(cfg, BDU_WARPS);
  if ((unsigned long long)CFG(cfg, BDU_THR_W) >= 1ull << clog2((unsigned long long)warps + 1))
    return cfg_reject(cfg, P_BDU_THR_W, "must fit clog2(BDU_WARPS+1) bits (the occupancy width)");
  bdu_init(b, (unsigned)CFG(cfg, BDU_PERIOD), (unsigned)CFG(cfg, BDU_HOLD), warps);
  return 0;
}

void bdu_mode_from_cfg(bdu_in_t *in, const l1sys_cfg_t *cfg) {
  in->mode_thr_l_i = (uint32_t)CFG(cfg, BDU_THR_L);
  in->mode_thr_h_i = (uint32_t)CFG(cfg, BDU_THR_H);
  in->mode_thr_w_i = (uint32_t)CFG(cfg, BDU_THR_W);
  in->mode_womu_i = (uint32_t)CFG(cfg, BDU_WOMU);
}

void bdu_reset(bdu_t *b) {
  b->phase_q = BDU_PH_IDLE;
  b->timer_q = 0;
  b->bmode_q = 0;
  mrmu_reset(&b->i_mrmu);
  womu_reset(&b->i_womu);
}

/* DECIDE's verdict: B mode for a high miss rate, or a middle one with the
 * warp occupancy low (registers only). */
static uint32_t decide(const bdu_t *b, const bdu_in_t *in) {
  mrmu_out_t mo;
  mrmu_outputs(&b->i_mrmu, in->mode_thr_l_i, in->mode_thr_h_i, &mo);
  const uint32_t occ_low = womu_low(&b->i_womu, in->mode_womu_i, in->mode_thr_w_i);
#ifdef FAULT_BDU_MID
  return mo.cls_o == BDU_CLS_HIGH || (mo.cls_o == BDU_CLS_MID && !occ_low); /* injected */
#else
  return mo.cls_o == BDU_CLS_HIGH || (mo.cls_o == BDU_CLS_MID && occ_low);
#endif
}

/* The schedule's next state (phase, timer, mode) and whether a sampling
 * period starts (start: the monitors clear) -- bdu_comb's and bdu_step's
 * one copy; the verdict is evaluated only in DECIDE. */
typedef struct { uint32_t phase, timer, bmode, start; } bdu_next_t;
static inline __attribute__((always_inline)) bdu_next_t next_of(const bdu_t *b, const bdu_in_t *in) {
  const uint32_t tmask = (1u << b->tim_w) - 1u;
  bdu_next_t n = {b->phase_q, b->timer_q, b->bmode_q, 0};
  if (in->kernel_start_i) {
    n.phase = BDU_PH_IDLE;
    n.timer = 0;
    n.bmode = 0;
    n.start = in->tb_disp_i;
  } else {
    switch (b->phase_q) {
    case BDU_PH_IDLE: n.start = in->tb_disp_i; break;
    case BDU_PH_SAMPLE:
      if (b->timer_q == 0) n.phase = BDU_PH_DECIDE;
      else n.timer = (b->timer_q - 1) & tmask;
      break;
    case BDU_PH_DECIDE:
      n.bmode = decide(b, in);
      n.phase = BDU_PH_HOLD;
      if (b->hold != 0) n.timer = (b->hold - 1) & tmask;
      break;
    default: /* HOLD */
      if (b->hold != 0) {
        if (b->timer_q == 0) n.start = 1;
        else n.timer = (b->timer_q - 1) & tmask;
      }
      break;
    }
  }
  if (n.start) {
    n.phase = BDU_PH_SAMPLE;
    n.timer = (b->period - 1) & tmask;
    n.bmode = 0;
  }
  return n;
}

/* The monitors' next state: cleared when a period starts, accumulating
 * while sampling (en), else unchanged. */
static inline __attribute__((always_inline)) void monitors_comb(bdu_t *b, const bdu_in_t *in, uint32_t start, uint32_t en) {
  mrmu_in_t mi = {start, en, in->ev_access_i, in->ev_miss_i, in->ev_hitres_i, in->ev_byp_i, in->mode_thr_l_i,
                  in->mode_thr_h_i};
  mrmu_comb(&b->i_mrmu, &mi);
  womu_in_t wi;
  wi.clr_i = start;
  wi.en_i = en;
  memcpy(wi.ibuf_valid_i, in->ibuf_valid_i, sizeof wi.ibuf_valid_i);
  wi.mode_womu_i = in->mode_womu_i;
  wi.mode_thr_w_i = in->mode_thr_w_i;
  womu_comb(&b->i_womu, &wi);
}

void bdu_comb(bdu_t *b, const bdu_in_t *in, bdu_out_t *out) {
  mrmu_out_t mo;
  mrmu_outputs(&b->i_mrmu, in->mode_thr_l_i, in->mode_thr_h_i, &mo);
  const bdu_next_t n = next_of(b, in);
  b->phase_d = n.phase;
  b->timer_d = n.timer;
  b->bmode_d = n.bmode;
  monitors_comb(b, in, n.start, b->phase_q == BDU_PH_SAMPLE);

  out->req_byp_o = in->req_valid_i && !in->req_store_i && b->bmode_q;
  out->bmode_o = b->bmode_q;
  out->phase_o = b->phase_q;
  out->cls_o = mo.cls_o;
  out->occ_low_o = womu_low(&b->i_womu, in->mode_womu_i, in->mode_thr_w_i);
  out->acc_o = mo.acc_o;
  out->miss_o = mo.miss_o;
  out->occ_o = womu_occ(&b->i_womu, in->ibuf_valid_i);
}

uint32_t bdu_step(bdu_t *b, const bdu_in_t *in) {
  const bdu_next_t n = next_of(b, in);
  const uint32_t en = b->phase_q == BDU_PH_SAMPLE;
  if (n.start | en) { /* (else the monitors keep their values: no comb, no edge) */
    monitors_comb(b, in, n.start, en);
    mrmu_commit(&b->i_mrmu);
    womu_commit(&b->i_womu);
  }
  b->phase_q = b->phase_d = n.phase;
  b->timer_q = b->timer_d = n.timer;
  b->bmode_q = b->bmode_d = n.bmode;
  return n.bmode;
}

void bdu_commit(bdu_t *b) {
  b->phase_q = b->phase_d;
  b->timer_q = b->timer_d;
  b->bmode_q = b->bmode_d;
  mrmu_commit(&b->i_mrmu);
  womu_commit(&b->i_womu);
}

uint32_t bdu_still_for(const bdu_t *b) {
  switch (b->phase_q) {
  case BDU_PH_SAMPLE: return b->timer_q; /* (timer_q cycles count down; at 0 the next one decides) */
  case BDU_PH_DECIDE: return 0;
  case BDU_PH_HOLD: return b->hold != 0 ? b->timer_q : UINT32_MAX; /* (at 0 a period starts; hold 0: until a kernel start) */
  default: return UINT32_MAX; /* IDLE: until a kernel start or a dispatch */
  }
}

void bdu_advance(bdu_t *b, const bdu_in_t *in, uint32_t n) {
  if (!n || (b->phase_q != BDU_PH_SAMPLE && !(b->phase_q == BDU_PH_HOLD && b->hold != 0))) return;
  const uint32_t tmask = (1u << b->tim_w) - 1u;
  b->timer_q = b->timer_d = (b->timer_q - n) & tmask;
  if (b->phase_q != BDU_PH_SAMPLE) return;
  /* sampling: the MRMU counts no event (its counters stand); the WOMU takes
   * the same occupancy n times (womu_comb's last, minimum and sum) */
  womu_t *w = &b->i_womu;
  const uint32_t occ = womu_occ(w, in->ibuf_valid_i);
  w->occ_last_q = w->occ_last_d = occ;
  if (occ < w->occ_min_q) w->occ_min_q = occ;
  w->occ_min_d = w->occ_min_q;
  w->occ_sum_q = w->occ_sum_d = (uint32_t)(((uint64_t)w->occ_sum_q + (uint64_t)n * occ) & ((1ull << w->sum_w) - 1u));
}
