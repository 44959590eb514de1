/* shell_xbar.c -- see shell_xbar.h; the RTL twin is rtl/shell/shell_xbar.sv,
 * in the same statement order (ejection offers, ejection moves, request
 * arbitration per bank; with speedup 2 a second grant after each first).  The RTL scans NB banks per SM and NSm SMs per
 * bank; here each search is over a bit vector of the candidates built in one
 * pass over the banks (or SMs), the same first-from-the-pointer choice. */
#include "shell_xbar.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "mod_c.h"

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

/* A queue row of w <= 64 bits as one word, and a word into a row of two
 * (the ejection and boundary entries: shell_xbar_init checks bqw <= 64) */
static inline uint64_t row64(const uint32_t *h, unsigned w) { return w > 32 ? (uint64_t)h[0] | (uint64_t)h[1] << 32 : h[0]; }
/* a bit vector of mw words cleared; one word (up to 32 SMs and banks)
 * without a call to memset */
static inline void clear_row(uint32_t *v, unsigned mw) {
  if (mw == 1) v[0] = 0;
  else memset(v, 0, mw * 4);
}
static inline void put64(uint32_t *e, uint64_t x) { e[0] = (uint32_t)x, e[1] = (uint32_t)(x >> 32); }
/* An ejection entry {byp, id, line} */
static inline uint64_t ej_entry(const shell_xbar_t *m, uint32_t line, uint32_t id, uint32_t byp) {
  return (line & m->lawm) | (uint64_t)(id & m->idwm) << m->law | (uint64_t)(byp & 1u) << (m->law + m->idw);
}

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

int shell_xbar_init(shell_xbar_t *m, unsigned nsm, unsigned nb, unsigned law, unsigned sectw, unsigned idw,
                    unsigned flits, unsigned ejq, unsigned speedup, unsigned bq) {
  memset(m, 0, sizeof *m);
  if (!nsm || nsm > SHELL_XBAR_MAX || !nb || nb > SHELL_XBAR_MAX || !flits || !ejq || sectw >= law) return -1;
  if ((speedup != 1 && speedup != 2) || (speedup == 2 && bq < 2)) return -1;
  m->sectw = sectw;
  m->ejq = ejq;
  m->speedup = speedup;
  m->bq = bq;
  m->ejw = law + idw + 1;
  m->bqw = shell_xbar_sw(nsm) + law + idw + 2;
  if (m->bqw > 64) return -1;
  m->nsm = nsm;
  m->nb = nb;
  m->i_ejq = calloc(nsm, sizeof *m->i_ejq);
  if (!m->i_ejq) return -1;
  for (unsigned i = 0; i < nsm; i++)
    if (fifo_sync_w2_init(&m->i_ejq[i], ejq, m->ejw)) {
      shell_xbar_free(m);
      return -1;
    }
  if (speedup == 2) {
    m->i_bq = calloc(nb, sizeof *m->i_bq);
    if (!m->i_bq) {
      shell_xbar_free(m);
      return -1;
    }
    for (unsigned b = 0; b < nb; b++)
      if (fifo_sync_w2_init(&m->i_bq[b], bq, m->bqw)) {
        shell_xbar_free(m);
        return -1;
      }
  }
  m->law = law;
  m->idw = idw;
  m->lawm = (uint32_t)bits_mask64(law);
  m->idwm = (uint32_t)bits_mask64(idw);
  m->swm = (uint32_t)bits_mask64(shell_xbar_sw(nsm));
  m->flits = flits;
  m->sw = shell_xbar_sw(nsm);
  m->bw = shell_xbar_sw(nb);
  m->fw = log2u(flits + 1);
  m->mw = ((nsm > nb ? nsm : nb) + 31) / 32;
  shell_xbar_reset(m);
  return 0;
}

void shell_xbar_free(shell_xbar_t *m) {
  if (m->i_ejq)
    for (unsigned i = 0; i < m->nsm; i++) fifo_sync_w2_free(&m->i_ejq[i]);
  free(m->i_ejq);
  m->i_ejq = NULL;
  if (m->i_bq)
    for (unsigned b = 0; b < m->nb; b++) fifo_sync_w2_free(&m->i_bq[b]);
  free(m->i_bq);
  m->i_bq = NULL;
}

void shell_xbar_reset(shell_xbar_t *m) {
  for (unsigned i = 0; i < m->nsm; i++) fifo_sync_w2_reset(&m->i_ejq[i]);
  if (m->i_bq)
    for (unsigned b = 0; b < m->nb; b++) fifo_sync_w2_reset(&m->i_bq[b]);
  memset(m->bk_busy_q, 0, sizeof m->bk_busy_q);
  /* (the next-state values equal the registers after reset: shell_xbar_comb writes only those that move) */
  memset(m->bk_busy_d, 0, sizeof m->bk_busy_d);
  memset(m->inj_busy_d, 0, sizeof m->inj_busy_d);
  memset(m->ej_busy_d, 0, sizeof m->ej_busy_d);
  memset(m->ej_rr_d, 0, sizeof m->ej_rr_d);
  memset(m->bk_busy_any, 0, sizeof m->bk_busy_any);
  memset(m->inj_busy_any, 0, sizeof m->inj_busy_any);
  memset(m->ej_busy_any, 0, sizeof m->ej_busy_any);
  m->nej = m->nmoved = 0;
  m->offered = 0;
  memset(m->bank_rr_q, 0, sizeof m->bank_rr_q);
  memset(m->bank_rr_d, 0, sizeof m->bank_rr_d);
  memset(m->inj_busy_q, 0, sizeof m->inj_busy_q);
  memset(m->ej_busy_q, 0, sizeof m->ej_busy_q);
  memset(m->ej_rr_q, 0, sizeof m->ej_rr_q);
  memset(m->rsp_for, 0, sizeof m->rsp_for);
  memset(m->req_to, 0, sizeof m->req_to);
  memset(m->rsp_any, 0, sizeof m->rsp_any);
  memset(m->req_any, 0, sizeof m->req_any);
  memset(m->bq_live, 0, sizeof m->bq_live);
  memset(m->bq_busy, 0, sizeof m->bq_busy);
  for (unsigned b = 0; b < m->nb; b++) m->bq_busy[b >> 5] |= 1u << (b & 31);
  memset(m->ej_ne, 0, sizeof m->ej_ne);
  for (unsigned i = 0; i < m->nsm; i++) m->ej_ne[i >> 5] |= 1u << (i & 31);
}

/* SM i's port, when not busy, is offered its ejection buffer's head:
 * registers only. */
void shell_xbar_offer(shell_xbar_t *m) {
  shell_xbar_out_t *o = &m->out;
  memset(o->ej_valid_o, 0, sizeof o->ej_valid_o);
  memset(o->ej_byp_o, 0, sizeof o->ej_byp_o);
  for (unsigned w = 0; w < m->mw; w++)
  for (uint32_t x = m->ej_ne[w]; x; x &= x - 1) { /* (the others: empty, their outputs zero) */
    const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
    const fifo_sync_w2_t *f = &m->i_ejq[i];
    if (fifo_sync_w2_empty(f)) {
      o->ej_line_o[i] = o->ej_id_o[i] = 0;
      m->ej_ne[w] &= ~(1u << (i & 31));
      continue;
    }
    const uint64_t h = row64(fifo_sync_w2_rdata(f), m->ejw);
    o->ej_line_o[i] = (uint32_t)h & m->lawm;
    o->ej_id_o[i] = (uint32_t)(h >> m->law) & m->idwm;
    if (m->ej_busy_q[i]) continue;
    o->ej_valid_o[i >> 5] |= 1u << (i & 31);
    o->ej_byp_o[i >> 5] |= ((uint32_t)(h >> (m->law + m->idw)) & 1u) << (i & 31);
  }
  m->offered = 1;
}

/* SM i's request granted (bank b): its pop, its port's store flits, the
 * bank's pointer past it. */
static void grant(shell_xbar_t *m, unsigned b, unsigned i) {
  shell_xbar_out_t *o = &m->out;
  uint32_t st = shell_xbar_bit(m->in.inj_store_i, i);
  o->inj_pop_o[i >> 5] |= 1u << (i & 31);
#ifdef FAULT_SHELL_XBAR_STFLITS
  m->inj_busy_d[i] = 0; /* fault: a store occupies its port one cycle only */
#else
  m->inj_busy_d[i] = st ? m->flits - 1 : 0;
#endif
  shell_xbar_put(m->inj_busy_nx, i, m->inj_busy_d[i] != 0);
  m->bank_rr_d[b] = i + 1 == m->nsm ? 0 : i + 1;
}

/* Bank b is handed SM i's request. */
static void req_out(shell_xbar_t *m, unsigned b, unsigned i) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  o->l2_req_valid_o[b >> 5] |= 1u << (b & 31);
  o->l2_req_sm_o[b] = i;
  o->l2_req_line_o[b] = in->inj_line_i[i];
  o->l2_req_id_o[b] = in->inj_id_i[i];
  o->l2_req_store_o[b >> 5] |= shell_xbar_bit(in->inj_store_i, i) << (b & 31);
  o->l2_req_byp_o[b >> 5] |= shell_xbar_bit(in->inj_byp_i, i) << (b & 31);
}

/* SM i's request as a boundary-buffer entry {byp, store, id, line, sm}. */
static void bq_entry(const shell_xbar_t *m, uint32_t *e, unsigned i) {
  const shell_xbar_in_t *in = &m->in;
  const unsigned a = m->sw + m->law + m->idw;
  put64(e, (i & m->swm) | (uint64_t)(in->inj_line_i[i] & m->lawm) << m->sw | (uint64_t)(in->inj_id_i[i] & m->idwm) << (m->sw + m->law) |
               (uint64_t)shell_xbar_bit(in->inj_store_i, i) << a | (uint64_t)shell_xbar_bit(in->inj_byp_i, i) << (a + 1));
}

/* Speedup 2, per bank: the boundary buffer's head to the bank when it is
 * ready; up to two grants (the first two SMs from bank_rr_q whose idle head
 * maps to it), as many as there is room for (the buffer's free entries,
 * plus one when the buffer is empty and the bank ready: the first grant is
 * then cut through to the bank). */
static void req_speedup2(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  memset(m->bq_live, 0, sizeof m->bq_live);
  for (unsigned w = 0; w < m->mw; w++)
  for (uint32_t x = m->bq_busy[w] | m->req_any[w]; x; x &= x - 1) { /* (the others: empty and idle, no request) */
    const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
    fifo_sync_w2_t *f = &m->i_bq[b];
    /* (an empty buffer, idle at its write pointer, with no request for
     * its bank: nothing pops, nothing is granted, its idle comb is a
     * no-op, and stays one until a request: left out of bq_busy) */
    if (!f->count_q && !shell_xbar_bit(m->req_any, b) && f->pidle == f->wptr_q + 1) {
      m->bq_busy[w] &= ~(1u << (b & 31));
      continue;
    }
    m->bq_live[w] |= 1u << (b & 31);
    m->bq_busy[w] |= 1u << (b & 31);
    const uint32_t ready = shell_xbar_bit(in->l2_req_ready_i, b), empty = fifo_sync_w2_empty(f);
    const uint32_t pop = ready && !empty, direct = ready && empty;
    if (pop) {
      const uint64_t h = row64(fifo_sync_w2_rdata(f), m->bqw);
      const unsigned a = m->sw + m->law + m->idw;
      o->l2_req_valid_o[b >> 5] |= 1u << (b & 31);
      o->l2_req_sm_o[b] = (uint32_t)h & m->swm;
      o->l2_req_line_o[b] = (uint32_t)(h >> m->sw) & m->lawm;
      o->l2_req_id_o[b] = (uint32_t)(h >> (m->sw + m->law)) & m->idwm;
      o->l2_req_store_o[b >> 5] |= ((uint32_t)(h >> a) & 1u) << (b & 31);
      o->l2_req_byp_o[b >> 5] |= ((uint32_t)(h >> (a + 1)) & 1u) << (b & 31);
    }
#ifdef FAULT_SHELL_XBAR_BQROOM
    const uint32_t slots = 2; /* fault: the grants ignore the boundary buffer's room */
#else
    const uint32_t room = fifo_sync_w2_room(f) + direct, slots = room < 2 ? room : 2;
#endif
    uint32_t push = 0, push2 = 0;
    if (slots && shell_xbar_bit(m->req_any, b)) {
      unsigned i = (unsigned)first_from(m->req_to[b], m->nsm, m->bank_rr_q[b] % m->nsm);
      if (direct) req_out(m, b, i);
      else bq_entry(m, m->bq_wbuf[0], i), push = 1;
      grant(m, b, i);
      if (slots == 2) { /* the second grant: the next SM after the first */
        m->req_to[b][i >> 5] &= ~(1u << (i & 31));
        int i2 = first_from(m->req_to[b], m->nsm, i + 1 == m->nsm ? 0 : i + 1);
        if (i2 >= 0) {
          if (direct) bq_entry(m, m->bq_wbuf[0], (unsigned)i2), push = 1;
          else bq_entry(m, m->bq_wbuf[1], (unsigned)i2), push2 = 1;
          grant(m, b, (unsigned)i2);
        }
      }
    }
    fifo_sync_w2_comb(f, push, push ? m->bq_wbuf[0] : NULL, push2, push2 ? m->bq_wbuf[1] : NULL, pop);
  }
}

void shell_xbar_comb(shell_xbar_t *m) {
  const shell_xbar_in_t *in = &m->in;
  shell_xbar_out_t *o = &m->out;
  const unsigned mw = m->mw;
  if (!m->offered) shell_xbar_offer(m);
  /* ---- ejection: SM i takes its buffer's head (its port then busy
   * Flits-1 more cycles) ------------------------------------------------- */
  memset(o->l2_rsp_ready_o, 0, sizeof o->l2_rsp_ready_o);
  /* (every next-state value equals its register after an edge -- commit
   * copies them all -- so only the busy counters, the pops and the
   * grants below write one: the ports whose counter is not 0 are the
   * *_busy_any vectors) */
  const uint32_t more = m->flits > 1; /* a move keeps its port busy */
  for (unsigned w = 0; w < mw; w++) {
    uint32_t ejn = 0, injn = 0, bkn = 0;
    for (uint32_t x = m->ej_busy_any[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      m->ej_busy_d[i] = m->ej_busy_q[i] - 1;
      ejn |= (uint32_t)(m->ej_busy_d[i] != 0) << (i & 31);
    }
    for (uint32_t x = m->inj_busy_any[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      m->inj_busy_d[i] = m->inj_busy_q[i] - 1;
      injn |= (uint32_t)(m->inj_busy_d[i] != 0) << (i & 31);
    }
    for (uint32_t x = m->bk_busy_any[w]; x; x &= x - 1) {
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      m->bk_busy_d[b] = m->bk_busy_q[b] - 1;
      bkn |= (uint32_t)(m->bk_busy_d[b] != 0) << (b & 31);
    }
    /* SM i pops its buffer's head (offered: its port is not busy) */
    m->ej_popv[w] = o->ej_valid_o[w] & in->ej_ready_i[w];
    for (uint32_t x = m->ej_popv[w]; x; x &= x - 1) m->ej_busy_d[w * 32 + (unsigned)__builtin_ctz(x)] = m->flits - 1;
    m->ej_busy_nx[w] = ejn | (more ? m->ej_popv[w] : 0);
    m->inj_busy_nx[w] = injn;
    m->bk_busy_nx[w] = bkn;
    m->ej_pushv[w] = 0;
  }
  /* ---- a bank's response head into its SM's ejection buffer: per SM the
   * first idle bank from ej_rr_q whose head is for it, when the buffer is
   * not full; the bank's port is then busy Flits-1 more cycles.  Speedup 2:
   * with room for two, also the next such bank after it ------------------ */
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->rsp_any[w]; x; x &= x - 1) clear_row(m->rsp_for[w * 32 + (unsigned)__builtin_ctz(x)], mw);
  memset(m->rsp_any, 0, sizeof m->rsp_any);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = in->l2_rsp_valid_i[w]; x; x &= x - 1) {
      unsigned b = w * 32 + (unsigned)__builtin_ctz(x), i = in->l2_rsp_sm_i[b];
      if (b >= m->nb || i >= m->nsm || m->bk_busy_q[b]) continue;
      m->rsp_for[i][b >> 5] |= 1u << (b & 31);
      m->rsp_any[i >> 5] |= 1u << (i & 31);
    }
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->rsp_any[w]; x; x &= x - 1) {
      unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      const uint32_t room = fifo_sync_w2_room(&m->i_ejq[i]);
#ifdef FAULT_SHELL_XBAR_EJFULL
      (void)0; /* fault: a full ejection buffer still takes a response (it is lost) */
#else
      if (!room) continue;
#endif
      unsigned b = (unsigned)first_from(m->rsp_for[i], m->nb, m->ej_rr_q[i] % m->nb), last = b;
      o->l2_rsp_ready_o[b >> 5] |= 1u << (b & 31);
      m->bk_busy_d[b] = m->flits - 1;
      m->bk_busy_nx[b >> 5] |= more << (b & 31);
      m->ej_pushv[i >> 5] |= 1u << (i & 31);
      m->ej_push2[i] = 0;
      put64(m->ej_wbuf[i], ej_entry(m, in->l2_rsp_line_i[b], in->l2_rsp_id_i[b], shell_xbar_bit(in->l2_rsp_byp_i, b)));
      if (m->speedup == 2 && room >= 2) { /* the second grant: the next bank after the first */
        m->rsp_for[i][b >> 5] &= ~(1u << (b & 31));
        int b2 = first_from(m->rsp_for[i], m->nb, b + 1 == m->nb ? 0 : b + 1);
        if (b2 >= 0) {
          last = (unsigned)b2;
          o->l2_rsp_ready_o[last >> 5] |= 1u << (last & 31);
          m->bk_busy_d[last] = m->flits - 1;
          m->bk_busy_nx[last >> 5] |= more << (last & 31);
          m->ej_push2[i] = 1;
          put64(m->ej_wbuf2[i], ej_entry(m, in->l2_rsp_line_i[last], in->l2_rsp_id_i[last], shell_xbar_bit(in->l2_rsp_byp_i, last)));
        }
      }
#ifdef FAULT_SHELL_XBAR_EJRR
      m->ej_rr_d[i] = last; /* fault: the pointer stays on the bank just served */
#else
      m->ej_rr_d[i] = last + 1 == m->nb ? 0 : last + 1;
#endif
    }
  /* the buffers that move this cycle, and those that moved last cycle (their
   * memory's write port goes idle again); the others keep their state */
  unsigned nprev = m->nmoved;
  m->nej = 0;
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->ej_popv[w] | m->ej_pushv[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      const uint32_t push = shell_xbar_bit(m->ej_pushv, i), push2 = push && m->ej_push2[i];
      fifo_sync_w2_comb(&m->i_ejq[i], push, push ? m->ej_wbuf[i] : NULL, push2, push2 ? m->ej_wbuf2[i] : NULL,
                        shell_xbar_bit(m->ej_popv, i));
      m->ej_list[m->nej++] = (uint8_t)i;
    }
  m->nmoved = m->nej;
  for (unsigned k = 0; k < nprev; k++) { /* (once: after that its port stays idle at its write pointer) */
    unsigned i = m->ej_prev[k];
    if (shell_xbar_bit(m->ej_popv, i) | shell_xbar_bit(m->ej_pushv, i)) continue;
    fifo_sync_w2_comb(&m->i_ejq[i], 0, NULL, 0, NULL, 0);
    m->ej_list[m->nej++] = (uint8_t)i;
  }
  memcpy(m->ej_prev, m->ej_list, m->nmoved);
  /* ---- injection: each bank takes at most one request a cycle, the first
   * SM from bank_rr_q whose idle head maps to it --------------------------- */
  memset(o->inj_pop_o, 0, sizeof o->inj_pop_o);
  /* (a request's fields are written only with its valid bit: only last
   * cycle's requests are cleared) */
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = o->l2_req_valid_o[w]; x; x &= x - 1) {
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      o->l2_req_sm_o[b] = o->l2_req_line_o[b] = o->l2_req_id_o[b] = 0;
    }
  memset(o->l2_req_valid_o, 0, sizeof o->l2_req_valid_o);
  memset(o->l2_req_store_o, 0, sizeof o->l2_req_store_o);
  memset(o->l2_req_byp_o, 0, sizeof o->l2_req_byp_o);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->req_any[w]; x; x &= x - 1) clear_row(m->req_to[w * 32 + (unsigned)__builtin_ctz(x)], mw);
  memset(m->req_any, 0, sizeof m->req_any);
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = in->inj_valid_i[w]; x; x &= x - 1) {
      unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      if (i >= m->nsm || m->inj_busy_q[i]) continue;
      unsigned b = mod_c(in->inj_line_i[i] >> m->sectw, m->nb); /* the bank of the atom's line (RTL: a mod_c) */
      m->req_to[b][i >> 5] |= 1u << (i & 31);
      m->req_any[b >> 5] |= 1u << (b & 31);
    }
  if (m->speedup == 2) {
    req_speedup2(m);
    return;
  }
  for (unsigned w = 0; w < mw; w++)
    for (uint32_t x = m->req_any[w] & in->l2_req_ready_i[w]; x; x &= x - 1) {
      unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      unsigned i = (unsigned)first_from(m->req_to[b], m->nsm, m->bank_rr_q[b] % m->nsm);
      req_out(m, b, i);
      grant(m, b, i);
    }
}

void shell_xbar_commit(shell_xbar_t *m) {
  m->offered = 0;
  for (unsigned k = 0; k < m->nej; k++) {
    const unsigned i = m->ej_list[k];
    fifo_sync_w2_commit(&m->i_ejq[i]);
    m->ej_ne[i >> 5] |= 1u << (i & 31); /* (moved: offer looks at it again) */
  }
  if (m->i_bq) /* (a buffer passed over is idle: its commit is a no-op) */
    for (unsigned w = 0; w < m->mw; w++)
      for (uint32_t x = m->bq_live[w]; x; x &= x - 1) fifo_sync_w2_commit(&m->i_bq[w * 32 + (unsigned)__builtin_ctz(x)]);
  /* The comb writes a next-state value only where it moves (the rest
   * equal the registers since reset): only those entries are copied.
   * Busy ports count down (*_busy_any) or are granted (l2_rsp_ready_o,
   * inj_pop_o, ej_popv); bank pointers move only at banks with a request
   * (req_any); ejection pointers only at SMs that took a response. */
  const shell_xbar_out_t *o = &m->out;
  for (unsigned w = 0; w < m->mw; w++) {
    for (uint32_t x = m->bk_busy_any[w] | o->l2_rsp_ready_o[w]; x; x &= x - 1) {
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      m->bk_busy_q[b] = m->bk_busy_d[b];
    }
    for (uint32_t x = m->req_any[w]; x; x &= x - 1) {
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      m->bank_rr_q[b] = m->bank_rr_d[b];
    }
    for (uint32_t x = m->inj_busy_any[w] | o->inj_pop_o[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      m->inj_busy_q[i] = m->inj_busy_d[i];
    }
    for (uint32_t x = m->ej_busy_any[w] | m->ej_popv[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      m->ej_busy_q[i] = m->ej_busy_d[i];
    }
    for (uint32_t x = m->ej_pushv[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      m->ej_rr_q[i] = m->ej_rr_d[i];
    }
  }
  memcpy(m->bk_busy_any, m->bk_busy_nx, sizeof m->bk_busy_any);
  memcpy(m->inj_busy_any, m->inj_busy_nx, sizeof m->inj_busy_any);
  memcpy(m->ej_busy_any, m->ej_busy_nx, sizeof m->ej_busy_any);
}
