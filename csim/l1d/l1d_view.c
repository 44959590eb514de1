/* l1d_view.c -- see l1d_view.h: the model's [set][way] and [entry] arrays,
 * read after the last commit. */
#include "l1d_view.h"
#include <string.h>
#include "bits.h"

void l1d_view_line(const l1d_t *m, unsigned set, unsigned way, l1d_line_view_t *v) {
  size_t b = (size_t)set * m->g.ways + way;
  v->valid = m->valid_q[b];
  v->rsv = m->rsv_q[b];
  v->byp = m->byp_q[b];
  v->reuse = m->reuse_q[b];
  v->rank = m->rank_q[b];
  v->line = (uint32_t)bits_get(mem_1r1w_read(&m->i_tags.m, set), way * m->law, m->law);
}

void l1d_view_mshr(const l1d_t *m, unsigned e, l1d_mshr_view_t *v) {
  memset(v, 0, sizeof *v);
  v->valid = m->mshr_q[e].valid;
  v->filled = m->mshr_q[e].rdy;
  v->line = m->mshr_addr_q[e];
  v->way = m->mshr_q[e].way;
  v->pres = m->mshr_q[e].pres;
  v->count = m->mshr_q[e].cnt;
  for (unsigned k = 0; k < m->g.merge && k < L1D_VIEW_MAX_MERGE; k++) v->ids[k] = m->mshr_ids_q[(size_t)e * m->g.merge + k];
}

unsigned l1d_view_missq_count(const l1d_t *m) { return fifo_sync_count(&m->i_missq); }
