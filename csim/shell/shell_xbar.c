/* shell_xbar.c -- see shell_xbar.h; the RTL twin is rtl/shell/shell_xbar.sv,
 * in the same statement order (ejection offers, ejection moves, request
 * arbitration per bank). */
#include "shell_xbar.h"
#include <string.h>

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int shell_xbar_init(shell_xbar_t *m, unsigned nsm, unsigned nb, unsigned law, unsigned idw, unsigned smw,
                    unsigned flits) {
  memset(m, 0, sizeof *m);
  if (!nsm || nsm > SHELL_XBAR_MAX || !nb || nb > SHELL_XBAR_MAX || flits < 2) return -1;
  m->nsm = nsm;
  m->nb = nb;
  m->law = law;
  m->idw = idw;
  m->smw = smw;
  m->flits = flits;
  m->sw = nsm > 1 ? log2u(nsm) : 1;
  m->bw = nb > 1 ? log2u(nb) : 1;
  m->fw = log2u(flits + 1);
  shell_xbar_reset(m);
  return 0;
}

void shell_xbar_reset(shell_xbar_t *m) {
  memset(m->bank_rr_q, 0, sizeof m->bank_rr_q);
  memset(m->inj_busy_q, 0, sizeof m->inj_busy_q);
  memset(m->ej_busy_q, 0, sizeof m->ej_busy_q);
  memset(m->ej_rr_q, 0, sizeof m->ej_rr_q);
}

void shell_xbar_offer(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  o->ej_valid_o = 0;
  o->ej_byp_o = 0;
  for (unsigned i = 0; i < m->nsm; i++) {
    o->ej_line_o[i] = 0;
    o->ej_id_o[i] = 0;
    m->ej_bank[i] = 0;
    if (m->ej_busy_q[i]) continue;
    for (unsigned k = 0; k < m->nb; k++) {
      unsigned b = (m->ej_rr_q[i] + k) % m->nb;
      if (!((in->l2_rsp_valid_i >> b) & 1) || in->l2_rsp_sm_i[b] != i) continue;
      o->ej_valid_o |= 1u << i;
      o->ej_line_o[i] = in->l2_rsp_line_i[b];
      o->ej_id_o[i] = in->l2_rsp_id_i[b];
      o->ej_byp_o |= ((in->l2_rsp_byp_i >> b) & 1) << i;
      m->ej_bank[i] = b;
      break;
    }
  }
}

void shell_xbar_comb(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  shell_xbar_offer(m);
  /* ---- ejection: moves, busy counters ------------------------------------ */
  o->l2_rsp_ready_o = 0;
  for (unsigned i = 0; i < m->nsm; i++) {
    m->ej_busy_d[i] = m->ej_busy_q[i] ? m->ej_busy_q[i] - 1 : 0;
    m->ej_rr_d[i] = m->ej_rr_q[i];
    if ((o->ej_valid_o >> i) & (in->ej_ready_i >> i) & 1) {
      o->l2_rsp_ready_o |= 1u << m->ej_bank[i];
      m->ej_busy_d[i] = m->flits - 1;
#ifdef FAULT_SHELL_XBAR_EJRR
      m->ej_rr_d[i] = m->ej_bank[i]; /* fault: the pointer stays on the bank just served */
#else
      m->ej_rr_d[i] = (m->ej_bank[i] + 1) % m->nb;
#endif
    }
  }
  /* ---- injection: each bank takes at most one request a cycle ------------ */
  o->inj_pop_o = 0;
  o->l2_req_valid_o = o->l2_req_store_o = o->l2_req_byp_o = 0;
  for (unsigned i = 0; i < m->nsm; i++) m->inj_busy_d[i] = m->inj_busy_q[i] ? m->inj_busy_q[i] - 1 : 0;
  for (unsigned b = 0; b < m->nb; b++) {
    m->bank_rr_d[b] = m->bank_rr_q[b];
    o->l2_req_sm_o[b] = o->l2_req_line_o[b] = o->l2_req_id_o[b] = 0;
    if (!((in->l2_req_ready_i >> b) & 1)) continue;
    for (unsigned k = 0; k < m->nsm; k++) {
      unsigned i = (m->bank_rr_q[b] + k) % m->nsm;
      if (m->inj_busy_q[i] || !((in->inj_valid_i >> i) & 1) || in->inj_line_i[i] % m->nb != b) continue;
      uint32_t st = (in->inj_store_i >> i) & 1;
      o->l2_req_valid_o |= 1u << b;
      o->l2_req_sm_o[b] = i;
      o->l2_req_line_o[b] = in->inj_line_i[i];
      o->l2_req_id_o[b] = in->inj_id_i[i];
      o->l2_req_store_o |= st << b;
      o->l2_req_byp_o |= ((in->inj_byp_i >> i) & 1) << b;
      o->inj_pop_o |= 1u << i;
#ifdef FAULT_SHELL_XBAR_STFLITS
      m->inj_busy_d[i] = 0; /* fault: a store occupies its port one cycle only */
#else
      m->inj_busy_d[i] = st ? m->flits - 1 : 0;
#endif
      m->bank_rr_d[b] = (i + 1) % m->nsm;
      break;
    }
  }
}

void shell_xbar_commit(shell_xbar_t *m) {
  memcpy(m->bank_rr_q, m->bank_rr_d, m->nb * 4);
  memcpy(m->inj_busy_q, m->inj_busy_d, m->nsm * 4);
  memcpy(m->ej_busy_q, m->ej_busy_d, m->nsm * 4);
  memcpy(m->ej_rr_q, m->ej_rr_d, m->nsm * 4);
}
