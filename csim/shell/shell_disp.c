/* shell_disp.c -- see shell_disp.h; the RTL twin is rtl/shell/shell_disp.sv
 * in the same statement order. */
#include "shell_disp.h"
#include <string.h>

int shell_disp_init(shell_disp_t *m, unsigned nsm) {
  memset(m, 0, sizeof *m);
  if (!nsm || nsm > SHELL_DISP_MAX) return -1;
  m->nsm = nsm;
  m->sw = 1;
  while ((1u << m->sw) < nsm) m->sw++;
  shell_disp_reset(m);
  return 0;
}

void shell_disp_reset(shell_disp_t *m) { m->kern_q = m->next_q = m->rr_q = 0; }

void shell_disp_comb(shell_disp_t *m) {
  const shell_disp_in_t *in = &m->in;
  shell_disp_out_t *o = &m->out;
  m->kern_d = m->kern_q;
  m->next_d = m->next_q;
  m->rr_d = m->rr_q;
  o->kern_o = m->kern_q;
  o->disp_valid_o = 0;
  o->disp_sm_o = 0;
  o->disp_block_o = m->next_q;
  if (!in->kern_valid_i) return;
  if (m->next_q < in->kern_blocks_i) {
    for (unsigned k = 0; k < m->nsm; k++) {
      unsigned i = (m->rr_q + k) % m->nsm;
      if (!((in->tb_free_i >> i) & 1) || in->free_warps_i[i] < in->kern_warps_i) continue;
      o->disp_valid_o = 1;
      o->disp_sm_o = i;
      m->next_d = m->next_q + 1;
#ifdef FAULT_SHELL_DISP_RR
      m->rr_d = i; /* fault: the pointer stays on the SM just served */
#else
      m->rr_d = (i + 1) % m->nsm;
#endif
      break;
    }
  } else if (!in->sm_busy_i) {
    m->kern_d = m->kern_q + 1;
    m->next_d = 0;
  }
}

void shell_disp_commit(shell_disp_t *m) {
  m->kern_q = m->kern_d;
  m->next_q = m->next_d;
  m->rr_q = m->rr_d;
}
