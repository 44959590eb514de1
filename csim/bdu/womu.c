/* womu.c -- see womu.h and rtl/bdu/womu.sv. */
#include "womu.h"
#include "../prim/popcnt.h"
#include <string.h>

static unsigned clog2(unsigned long long x) {
  unsigned r = 0;
  while ((1ull << r) < x) r++;
  return r;
}

void womu_init(womu_t *w, unsigned warps, unsigned period) {
  memset(w, 0, sizeof *w);
  w->warps = warps;
  w->period = period;
  w->occ_w = clog2((unsigned long long)warps + 1);
  w->sum_w = clog2((unsigned long long)period * warps + 1);
  womu_reset(w);
}

void womu_reset(womu_t *w) {
  w->occ_last_q = 0;
  w->occ_min_q = (1u << w->occ_w) - 1u;
  w->occ_sum_q = 0;
}

uint32_t womu_occ(const womu_t *w, const uint32_t *ibuf_valid) {
  return popcnt(ibuf_valid, w->warps); /* i_popcnt */
}

uint32_t womu_low(const womu_t *w, uint32_t mode_womu, uint32_t thr_w) {
  switch (mode_womu) {
#ifdef FAULT_BDU_W
  case BDU_WOMU_AVG: return w->occ_sum_q <= thr_w * w->period; /* injected: <= W */
#else
  case BDU_WOMU_AVG: return w->occ_sum_q < thr_w * w->period;
#endif
  case BDU_WOMU_MIN: return w->occ_min_q < thr_w;
  default: return w->occ_last_q < thr_w;
  }
}

void womu_comb(womu_t *w, const womu_in_t *in) {
  uint32_t occ = womu_occ(w, in->ibuf_valid_i);
  w->occ_last_d = w->occ_last_q;
  w->occ_min_d = w->occ_min_q;
  w->occ_sum_d = w->occ_sum_q;
  if (in->clr_i) {
    w->occ_last_d = 0;
    w->occ_min_d = (1u << w->occ_w) - 1u;
    w->occ_sum_d = 0;
  } else if (in->en_i) {
    w->occ_last_d = occ;
    w->occ_min_d = occ < w->occ_min_q ? occ : w->occ_min_q;
    w->occ_sum_d = (w->occ_sum_q + occ) & ((1u << w->sum_w) - 1u);
  }
}

void womu_commit(womu_t *w) {
  w->occ_last_q = w->occ_last_d;
  w->occ_min_q = w->occ_min_d;
  w->occ_sum_q = w->occ_sum_d;
}
