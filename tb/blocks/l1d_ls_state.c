/* l1d_ls_state.c -- see l1d_ls_state.h: the L1D's state map, under a prefix
 * (tb/blocks/l1d_ls.c with "", composites with their instance path). */
#include "blocks/l1d_ls_state.h"
#include <stdio.h>
#include "bits.h"

void l1d_ls_declare_state(ls_map_t *mp, const char *prefix, const l1d_t *m) {
  char nm[128];
  l1d_observe((l1d_t *)m, 1); /* the engine reads the state map after every edge (l1d_ls_state.h) */
  const l1d_geom_t *g = &m->g;
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  ls_reg_array2(mp, P("valid_q"), g->sectors, g->sets, g->ways, m->valid_q);
  ls_reg_array2(mp, P("rsv_q"), g->sectors, g->sets, g->ways, m->rsv_q);
  ls_reg_array2(mp, P("byp_q"), 1, g->sets, g->ways, m->byp_q);
  ls_reg_array2(mp, P("reuse_q"), 1, g->sets, g->ways, m->reuse_q);
  ls_reg_array2(mp, P("rank_q"), m->rankw, g->sets, g->ways, m->rank_q);
  const size_t est = sizeof *m->mshr_q; /* (an entry's fields side by side: l1d.h) */
  ls_reg_array(mp, P("mshr_valid_q"), 1, g->entries, &m->mshr_q[0].valid, est);
  ls_reg_array(mp, P("mshr_rdy_q"), 1, g->entries, &m->mshr_q[0].rdy, est);
  ls_reg_array(mp, P("mshr_pres_q"), 1, g->entries, &m->mshr_q[0].pres, est);
  ls_reg_array(mp, P("mshr_addr_q"), m->aw, g->entries, m->mshr_addr_q, 4);
  ls_reg_array(mp, P("mshr_way_q"), m->wayw, g->entries, &m->mshr_q[0].way, est);
  ls_reg_array(mp, P("mshr_cnt_q"), m->cntw, g->entries, &m->mshr_q[0].cnt, est);
  ls_reg_array2(mp, P("mshr_ids_q"), g->id_w, g->entries, g->merge, m->mshr_ids_q);
  ls_reg(mp, P("mem_rr_q"), 1, &m->mem_rr_q);
  for (int i = 0; i < L1D_NCNT; i++) ls_reg(mp, P(l1d_cnt_name[i]), 32, &m->cnt_q[i]);
  /* decide stage, forwarding registers, remote lookup */
  ls_reg(mp, P("d_valid_q"), 1, &m->d_valid_q);
  ls_reg(mp, P("d_addr_q"), g->addr_w, &m->d_addr_q);
  ls_reg(mp, P("d_store_q"), 1, &m->d_store_q);
  ls_reg(mp, P("d_byp_q"), 1, &m->d_byp_q);
  ls_reg(mp, P("d_id_q"), g->id_w, &m->d_id_q);
  ls_reg(mp, P("d_data_q"), m->lbits, m->d_data_q);
  ls_noreset(mp, P("d_data_q"), "store data of the request in D: loaded with every request taken, used only under d_valid_q && d_store_q");
  ls_reg(mp, P("d_mask_q"), g->line, m->d_mask_q);
  ls_noreset(mp, P("d_mask_q"), "store byte mask of the request in D: as d_data_q");
  ls_reg(mp, P("fw_tag_v_q"), 1, &m->fw_tag_v_q);
  ls_reg(mp, P("fw_tag_set_q"), m->setw, &m->fw_tag_set_q);
  ls_reg(mp, P("fw_tag_way_q"), m->wayw, &m->fw_tag_way_q);
  ls_reg(mp, P("fw_tag_line_q"), m->law, &m->fw_tag_line_q);
  ls_reg(mp, P("fw_data_v_q"), 1, &m->fw_data_v_q);
  ls_reg(mp, P("fw_data_set_q"), m->setw, &m->fw_data_set_q);
  ls_reg(mp, P("fw_data_way_q"), m->wayw, &m->fw_data_way_q);
  ls_reg(mp, P("fw_data_q"), m->lbits, m->fw_data_q);
  ls_noreset(mp, P("fw_data_q"), "the line of the last data write: used only under fw_data_v_q");
  ls_reg(mp, P("fw_data_mask_q"), g->line, m->fw_data_mask_q);
  ls_noreset(mp, P("fw_data_mask_q"), "the byte mask of the last data write: as fw_data_q");
  ls_reg(mp, P("rmt_v_q"), 1, &m->rmt_v_q);
  ls_reg(mp, P("rmt_line_q"), m->law, &m->rmt_line_q);
  ls_reg(mp, P("rmt_set_q"), m->setw, &m->rmt_set_q);
  ls_reg(mp, P("rmt_sect_q"), m->sectiw, &m->rmt_sect_q);
  ls_fifo(mp, P("i_missq"), &m->i_missq);
  ls_fifo(mp, P("i_bypq"), &m->i_bypq);
  ls_fifo(mp, P("i_relq"), &m->i_relq);
  ls_mem_sync(mp, P("i_tags"), &m->i_tags);
  ls_mem_sync(mp, P("i_tags_rmt"), &m->i_tags_rmt);
  for (unsigned w = 0; w < g->ways; w++) { /* one data bank per way (gen_dway[w]) */
    char b[48];
    snprintf(b, sizeof b, "gen_dway[%u].i_data", w);
    ls_mem_sync(mp, P(b), &m->i_data[w]);
    snprintf(b, sizeof b, "gen_dway[%u].i_data_rmt", w);
    ls_mem_sync(mp, P(b), &m->i_data_rmt[w]);
  }
  /* readable reports and waveforms (tb/engine/ls_annot.c): which set/way or entry */
  char sw[40], es[40];
  snprintf(sw, sizeof sw, "set,way:%u", g->ways);
  snprintf(es, sizeof es, "entry,slot:%u", g->merge);
  static const char *const lines[] = {"valid_q", "rsv_q", "byp_q", "reuse_q", "rank_q"};
  static const char *const ents[] = {"mshr_valid_q", "mshr_rdy_q", "mshr_pres_q", "mshr_addr_q", "mshr_way_q",
                                     "mshr_cnt_q"};
  for (int i = 0; i < 5; i++) ls_index(mp, P(lines[i]), 0, sw);
  for (int i = 0; i < 6; i++) ls_index(mp, P(ents[i]), 0, "entry");
  ls_index(mp, P("mshr_ids_q"), 0, es);
#undef P
}

void l1d_ls_declare_outputs(ls_map_t *mp, l1d_t *m) {
  const l1d_geom_t *g = &m->g;
  l1d_out_t *o = &m->out;
  ls_output(mp, "rsp_valid_o", 1, &o->rsp_valid_o);
  ls_output(mp, "rsp_id_o", g->id_w, &o->rsp_id_o);
  ls_output(mp, "rsp_data_o", m->lbits, o->rsp_data_o);
  ls_output(mp, "mem_req_valid_o", 1, &o->mem_req_valid_o);
  ls_output(mp, "mem_req_store_o", 1, &o->mem_req_store_o);
  ls_output(mp, "mem_req_byp_o", 1, &o->mem_req_byp_o);
  ls_output(mp, "mem_req_id_o", g->id_w, &o->mem_req_id_o);
  ls_output(mp, "mem_req_addr_o", m->aw, &o->mem_req_addr_o); /* an atom address (LaW + SectW bits) */
  ls_output(mp, "mem_req_mask_o", g->line, o->mem_req_mask_o);
  ls_output(mp, "mem_req_data_o", m->lbits, o->mem_req_data_o);
  ls_output(mp, "fill_ready_o", 1, &o->fill_ready_o);
  ls_output(mp, "rmt_hit_o", 1, &o->rmt_hit_o);
  ls_output(mp, "rmt_data_o", m->lbits, o->rmt_data_o);
  ls_output(mp, "ev_access_o", 1, &o->ev_access_o);
  ls_output(mp, "ev_hit_o", 1, &o->ev_hit_o);
  ls_output(mp, "ev_hitres_o", 1, &o->ev_hitres_o);
  ls_output(mp, "ev_miss_o", 1, &o->ev_miss_o);
  ls_output(mp, "ev_stall_o", 1, &o->ev_stall_o);
  ls_output(mp, "ev_byp_o", 1, &o->ev_byp_o);
  ls_output(mp, "ev_pseudo_o", 1, &o->ev_pseudo_o);
  ls_output(mp, "ev_fill_o", 1, &o->ev_fill_o);
}
