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
  m->mw = (nsm + 31) / 32;
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
    /* fits: the SMs with a free TB slot and enough free warp slots; the
     * first of them from rr_q (wrapping) gets the block */
    const unsigned mw = m->mw, r = m->rr_q % m->nsm, rw = r >> 5;
    uint32_t any = 0;
    for (unsigned w = 0; w < mw; w++) {
      uint32_t f = 0;
      for (uint32_t x = in->tb_free_i[w]; x; x &= x - 1) {
        unsigned k = w * 32 + (unsigned)__builtin_ctz(x);
        if (k < m->nsm && in->free_warps_i[k] >= in->kern_warps_i) f |= 1u << (k & 31);
      }
      m->fits[w] = f;
      any |= f;
    }
    if (!any) return;
    unsigned i = 0;
    uint32_t x = m->fits[rw] & (~0u << (r & 31));
    for (unsigned w = rw;;) {
      if (x) { i = w * 32 + (unsigned)__builtin_ctz(x); break; }
      if (++w >= mw) { /* wrapped: the first SM that fits from 0 */
        for (w = 0; !m->fits[w]; w++) {}
        i = w * 32 + (unsigned)__builtin_ctz(m->fits[w]);
        break;
      }
      x = m->fits[w];
    }
    o->disp_valid_o = 1;
    o->disp_sm_o = i;
    m->next_d = m->next_q + 1;
#ifdef FAULT_SHELL_DISP_RR
    m->rr_d = i; /* fault: the pointer stays on the SM just served */
#else
    m->rr_d = i + 1 == m->nsm ? 0 : i + 1;
#endif
  } else {
    uint32_t busy = 0;
    for (unsigned w = 0; w < m->mw; w++) busy |= in->sm_busy_i[w];
    if (!busy) {
      m->kern_d = m->kern_q + 1;
      m->next_d = 0;
    }
  }
}

void shell_disp_commit(shell_disp_t *m) {
  m->kern_q = m->kern_d;
  m->next_q = m->next_d;
  m->rr_q = m->rr_d;
}
