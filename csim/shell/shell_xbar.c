/* shell_xbar.c -- see shell_xbar.h; the RTL twin is rtl/shell/shell_xbar.sv,
 * in the same statement order (ejection offers, ejection moves, request
 * arbitration per bank).  The RTL scans NB banks per SM and NSm SMs per
 * bank; here each search is over a bit vector of the candidates built in one
 * pass over the banks (or SMs), the same first-from-the-pointer choice. */
#include "shell_xbar.h"
#include <string.h>

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

/* The first set bit of v (bits 0..n-1, none set at or above n) at or after
 * r, wrapping to 0; -1 when none. */
static int first_from(const uint32_t *v, unsigned n, unsigned r) {
  const unsigned nw = (n + 31) / 32, rw = r >> 5;
  uint32_t x = v[rw] & (~0u << (r & 31));
  for (unsigned w = rw;;) {
    if (x) return (int)(w * 32 + (unsigned)__builtin_ctz(x));
    if (++w >= nw) break;
    x = v[w];
  }
  for (unsigned w = 0; w <= rw; w++) /* wrapped: bits below r (those at or above r in word rw are clear) */
    if (v[w]) return (int)(w * 32 + (unsigned)__builtin_ctz(v[w]));
  return -1;
}

int shell_xbar_init(shell_xbar_t *m, unsigned nsm, unsigned nb, unsigned law, unsigned idw, unsigned flits) {
  memset(m, 0, sizeof *m);
  if (!nsm || nsm > SHELL_XBAR_MAX || !nb || nb > SHELL_XBAR_MAX || flits < 2) return -1;
  m->nsm = nsm;
  m->nb = nb;
  m->law = law;
  m->idw = idw;
  m->flits = flits;
  m->sw = shell_xbar_sw(nsm);
  m->bw = shell_xbar_sw(nb);
  m->fw = log2u(flits + 1);
  m->mw = ((nsm > nb ? nsm : nb) + 31) / 32;
  shell_xbar_reset(m);
  return 0;
}

void shell_xbar_reset(shell_xbar_t *m) {
  memset(m->bank_rr_q, 0, sizeof m->bank_rr_q);
  memset(m->inj_busy_q, 0, sizeof m->inj_busy_q);
  memset(m->ej_busy_q, 0, sizeof m->ej_busy_q);
  memset(m->ej_rr_q, 0, sizeof m->ej_rr_q);
  memset(m->rsp_for, 0, sizeof m->rsp_for);
  memset(m->req_to, 0, sizeof m->req_to);
  memset(m->rsp_any, 0, sizeof m->rsp_any);
  memset(m->req_any, 0, sizeof m->req_any);
}

void shell_xbar_offer(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  const unsigned mw = m->mw;
  memset(o->ej_valid_o, 0, sizeof o->ej_valid_o);
  memset(o->ej_byp_o, 0, sizeof o->ej_byp_o);
  memset(o->ej_line_o, 0, m->nsm * 4);
  memset(o->ej_id_o, 0, m->nsm * 4);
  memset(m->ej_bank, 0, m->nsm * 4);
  /* rsp_for[i]: the banks whose response head is for SM i (last cycle's
   * vectors cleared first, only where set) */
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->rsp_any[w]; x; x &= x - 1) memset(m->rsp_for[w * 32 + (unsigned)__builtin_ctz(x)], 0, mw * 4);
  memset(m->rsp_any, 0, sizeof m->rsp_any);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = in->l2_rsp_valid_i[w]; x; x &= x - 1) {
      unsigned b = w * 32 + (unsigned)__builtin_ctz(x), i = in->l2_rsp_sm_i[b];
      if (b >= m->nb || i >= m->nsm) continue;
      m->rsp_for[i][b >> 5] |= 1u << (b & 31);
      m->rsp_any[i >> 5] |= 1u << (i & 31);
    }
  /* SM i, when its port is not busy: the first bank from ej_rr_q[i] */
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->rsp_any[w]; x; x &= x - 1) {
      unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      if (m->ej_busy_q[i]) continue;
      int b = first_from(m->rsp_for[i], m->nb, m->ej_rr_q[i] % m->nb);
      o->ej_valid_o[i >> 5] |= 1u << (i & 31);
      o->ej_line_o[i] = in->l2_rsp_line_i[b];
      o->ej_id_o[i] = in->l2_rsp_id_i[b];
      o->ej_byp_o[i >> 5] |= shell_xbar_bit(in->l2_rsp_byp_i, (unsigned)b) << (i & 31);
      m->ej_bank[i] = (uint32_t)b;
    }
}

void shell_xbar_comb(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  const unsigned mw = m->mw;
  shell_xbar_offer(m);
  /* ---- ejection: moves, busy counters ------------------------------------ */
  memset(o->l2_rsp_ready_o, 0, sizeof o->l2_rsp_ready_o);
  for (unsigned i = 0; i < m->nsm; i++) {
    m->ej_busy_d[i] = m->ej_busy_q[i] ? m->ej_busy_q[i] - 1 : 0;
    m->ej_rr_d[i] = m->ej_rr_q[i];
    m->inj_busy_d[i] = m->inj_busy_q[i] ? m->inj_busy_q[i] - 1 : 0;
  }
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = o->ej_valid_o[w] & in->ej_ready_i[w]; x; x &= x - 1) {
      unsigned i = w * 32 + (unsigned)__builtin_ctz(x), b = m->ej_bank[i];
      o->l2_rsp_ready_o[b >> 5] |= 1u << (b & 31);
      m->ej_busy_d[i] = m->flits - 1;
#ifdef FAULT_SHELL_XBAR_EJRR
      m->ej_rr_d[i] = b; /* fault: the pointer stays on the bank just served */
#else
      m->ej_rr_d[i] = b + 1 == m->nb ? 0 : b + 1;
#endif
    }
  /* ---- injection: each bank takes at most one request a cycle, the first
   * SM from bank_rr_q whose idle head maps to it --------------------------- */
  memset(o->inj_pop_o, 0, sizeof o->inj_pop_o);
  memset(o->l2_req_valid_o, 0, sizeof o->l2_req_valid_o);
  memset(o->l2_req_store_o, 0, sizeof o->l2_req_store_o);
  memset(o->l2_req_byp_o, 0, sizeof o->l2_req_byp_o);
  memset(o->l2_req_sm_o, 0, m->nb * 4);
  memset(o->l2_req_line_o, 0, m->nb * 4);
  memset(o->l2_req_id_o, 0, m->nb * 4);
  memcpy(m->bank_rr_d, m->bank_rr_q, m->nb * 4);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->req_any[w]; x; x &= x - 1) memset(m->req_to[w * 32 + (unsigned)__builtin_ctz(x)], 0, mw * 4);
  memset(m->req_any, 0, sizeof m->req_any);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = in->inj_valid_i[w]; x; x &= x - 1) {
      unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      if (i >= m->nsm || m->inj_busy_q[i]) continue;
      unsigned b = in->inj_line_i[i] % m->nb;
      m->req_to[b][i >> 5] |= 1u << (i & 31);
      m->req_any[b >> 5] |= 1u << (b & 31);
    }
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->req_any[w] & in->l2_req_ready_i[w]; x; x &= x - 1) {
      unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      unsigned i = (unsigned)first_from(m->req_to[b], m->nsm, m->bank_rr_q[b] % m->nsm);
      uint32_t st = shell_xbar_bit(in->inj_store_i, i);
      o->l2_req_valid_o[w] |= 1u << (b & 31);
      o->l2_req_sm_o[b] = i;
      o->l2_req_line_o[b] = in->inj_line_i[i];
      o->l2_req_id_o[b] = in->inj_id_i[i];
      o->l2_req_store_o[w] |= st << (b & 31);
      o->l2_req_byp_o[w] |= shell_xbar_bit(in->inj_byp_i, i) << (b & 31);
      o->inj_pop_o[i >> 5] |= 1u << (i & 31);
#ifdef FAULT_SHELL_XBAR_STFLITS
      m->inj_busy_d[i] = 0; /* fault: a store occupies its port one cycle only */
#else
      m->inj_busy_d[i] = st ? m->flits - 1 : 0;
#endif
      m->bank_rr_d[b] = i + 1 == m->nsm ? 0 : i + 1;
    }
}

void shell_xbar_commit(shell_xbar_t *m) {
  memcpy(m->bank_rr_q, m->bank_rr_d, m->nb * 4);
  memcpy(m->inj_busy_q, m->inj_busy_d, m->nsm * 4);
  memcpy(m->ej_busy_q, m->ej_busy_d, m->nsm * 4);
  memcpy(m->ej_rr_q, m->ej_rr_d, m->nsm * 4);
}
