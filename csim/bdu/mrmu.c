/* mrmu.c -- see mrmu.h and rtl/bdu/mrmu.sv. */
#include "mrmu.h"
#include "../prim/mul_u.h"
#include <string.h>

static unsigned clog2(unsigned long long x) {
  unsigned r = 0;
  while ((1ull << r) < x) r++;
  return r;
}

void mrmu_init(mrmu_t *m, unsigned period) {
  memset(m, 0, sizeof *m);
  m->period = period;
  m->cnt_w = clog2((unsigned long long)period + 1);
}

void mrmu_reset(mrmu_t *m) { m->acc_cnt_q = m->miss_cnt_q = 0; }

void mrmu_outputs(const mrmu_t *m, uint32_t thr_l, uint32_t thr_h, mrmu_out_t *out) {
  /* products of at most CntW + 7 bits: no overflow in 32 bits (CntW <= 17) */
  uint32_t miss100 = m->miss_cnt_q * 100u, acc_l = mul_u(m->acc_cnt_q, thr_l, m->cnt_w + 7),
           acc_h = mul_u(m->acc_cnt_q, thr_h, m->cnt_w + 7); /* i_mul_l, i_mul_h */
  out->acc_o = m->acc_cnt_q;
  out->miss_o = m->miss_cnt_q;
  out->cls_o = miss100 < acc_l ? BDU_CLS_LOW : miss100 > acc_h ? BDU_CLS_HIGH : BDU_CLS_MID;
}

void mrmu_comb(mrmu_t *m, const mrmu_in_t *in) {
  uint32_t acc_inc = in->ev_access_i && !in->ev_byp_i;
#ifdef FAULT_BDU_MISS
  uint32_t miss_inc = in->ev_miss_i && !in->ev_byp_i; /* injected: HIT_RESERVED not counted as a miss */
#else
  uint32_t miss_inc = (in->ev_miss_i || in->ev_hitres_i) && !in->ev_byp_i;
#endif
  uint32_t mask = (1u << m->cnt_w) - 1u;
  m->acc_cnt_d = m->acc_cnt_q;
  m->miss_cnt_d = m->miss_cnt_q;
  if (in->clr_i) {
    m->acc_cnt_d = 0;
    m->miss_cnt_d = 0;
  } else if (in->en_i) {
    m->acc_cnt_d = (m->acc_cnt_q + acc_inc) & mask;
    m->miss_cnt_d = (m->miss_cnt_q + miss_inc) & mask;
  }
}

void mrmu_commit(mrmu_t *m) {
  m->acc_cnt_q = m->acc_cnt_d;
  m->miss_cnt_q = m->miss_cnt_d;
}
