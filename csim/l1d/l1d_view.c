/* l1d_view.c -- see l1d_view.h.  Implemented against the flat packed
 * vectors of today's l1d.h (valid_q, rsv_q, ... one bit per set*WAYS+way;
 * rank_q holds rank XOR way; mshr_ids_q one whole-word element per entry). */
#include "l1d_view.h"
#include <string.h>
#include "bits.h"

void l1d_view_line(const l1d_t *m, unsigned set, unsigned way, l1d_line_view_t *v) {
  unsigned b = set * m->g.ways + way;
  v->valid = bits_test(m->valid_q.q, b);
  v->rsv = bits_test(m->rsv_q.q, b);
  v->byp = bits_test(m->byp_q.q, b);
  v->reuse = bits_test(m->reuse_q.q, b);
  v->line = (uint32_t)bits_get(mem_1r1w_read(&m->i_tags, set), way * m->law, m->law);
  v->rank = ((uint32_t)bits_get(m->rank_q.q, b * m->rankw, m->rankw) ^ way) & (uint32_t)bits_mask64(m->rankw);
}

void l1d_view_mshr(const l1d_t *m, unsigned e, l1d_mshr_view_t *v) {
  const unsigned idw = m->g.id_w, idsw = bits_words(m->g.merge * idw) * 32;
  memset(v, 0, sizeof *v);
  v->valid = bits_test(m->mshr_valid_q.q, e);
  v->filled = bits_test(m->mshr_rdy_q.q, e);
  v->line = (uint32_t)bits_get(m->mshr_addr_q.q, e * m->law, m->law);
  v->way = (uint32_t)bits_get(m->mshr_way_q.q, e * m->wayw, m->wayw);
  v->count = (uint32_t)bits_get(m->mshr_cnt_q.q, e * m->cntw, m->cntw);
  for (unsigned k = 0; k < v->count && k < m->g.merge && k < L1D_VIEW_MAX_MERGE; k++)
    v->ids[k] = (uint32_t)bits_get(m->mshr_ids_q.q, e * idsw + k * idw, idw);
}

unsigned l1d_view_missq_count(const l1d_t *m) { return fifo_sync_count(&m->i_missq); }
