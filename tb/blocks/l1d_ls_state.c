/* l1d_ls_state.c -- see l1d_ls_state.h: the state-map part of
 * tb/blocks/l1d_ls.c's declare(), under a prefix. */
#include "blocks/l1d_ls_state.h"
#include <stdio.h>
#include "bits.h"

void l1d_ls_declare_state(ls_map_t *mp, const char *prefix, const l1d_t *m) {
  char nm[128];
  const l1d_geom_t *g = &m->g;
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  ls_reg(mp, P("valid_q"), m->valid_q.width, m->valid_q.q);
  ls_reg(mp, P("rsv_q"), m->rsv_q.width, m->rsv_q.q);
  ls_reg(mp, P("byp_q"), m->byp_q.width, m->byp_q.q);
  ls_reg(mp, P("reuse_q"), m->reuse_q.width, m->reuse_q.q);
  ls_reg(mp, P("rank_q"), m->rank_q.width, m->rank_q.q);
  ls_reg(mp, P("mshr_valid_q"), m->mshr_valid_q.width, m->mshr_valid_q.q);
  ls_reg(mp, P("mshr_rdy_q"), m->mshr_rdy_q.width, m->mshr_rdy_q.q);
  ls_reg(mp, P("mshr_addr_q"), m->mshr_addr_q.width, m->mshr_addr_q.q);
  ls_reg(mp, P("mshr_way_q"), m->mshr_way_q.width, m->mshr_way_q.q);
  ls_reg(mp, P("mshr_cnt_q"), m->mshr_cnt_q.width, m->mshr_cnt_q.q);
  ls_reg_array(mp, P("mshr_ids_q"), g->merge * g->id_w, g->entries, m->mshr_ids_q.q,
               bits_words(g->merge * g->id_w) * sizeof(uint32_t));
  for (int i = 0; i < L1D_NCNT; i++) ls_reg(mp, P(l1d_cnt_name[i]), 32, &m->cnt_q[i]);
  ls_fifo(mp, P("i_missq"), &m->i_missq);
  ls_mem(mp, P("i_tags"), &m->i_tags);
  ls_mem(mp, P("i_tags_rmt"), &m->i_tags_rmt);
  ls_mem(mp, P("i_data"), &m->i_data);
  ls_mem(mp, P("i_data_rmt"), &m->i_data_rmt);
#undef P
}
