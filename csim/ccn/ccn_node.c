/* ccn_node.c -- see ccn_node.h; mirrors rtl/ccn/ccn_node.sv block by block. */
#include "ccn_node.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "l1sys_params.h"

/* Field of width w (<= 32) at bit lsb of a row. */
static inline __attribute__((always_inline)) uint32_t fld(const uint32_t *row, unsigned lsb, unsigned w) {
  unsigned wi = lsb >> 5, sh = lsb & 31;
  uint64_t v = row[wi] >> sh;
  if (sh + w > 32) v |= (uint64_t)row[wi + 1] << (32 - sh);
  return (uint32_t)(v & bits_mask64(w));
}
/* Writes a field of width w (<= 32) at bit lsb of a row (zeroed beforehand). */
static inline __attribute__((always_inline)) void put(uint32_t *row, unsigned lsb, unsigned w, uint32_t val) {
  unsigned wi = lsb >> 5, sh = lsb & 31;
  uint64_t v = (uint64_t)(val & bits_mask64(w)) << sh;
  row[wi] |= (uint32_t)v;
  if (sh + w > 32) row[wi + 1] |= (uint32_t)(v >> 32);
}

static uint32_t msk(unsigned w) { return (uint32_t)bits_mask64(w); }
static uint32_t sat_inc(uint32_t v, uint32_t inc, unsigned w) { return (inc && v != msk(w)) ? v + 1 : v; }

int ccn_node_init(ccn_node_t *n, const ccn_node_cfg_t *p) {
  memset(n, 0, sizeof *n);
  n->p = *p;
  n->p.lbw = p->lb / 32;
  n->p.idw = bits_idx_w(p->nodes);
  n->p.cbw = p->tsw + p->law;
  n->p.rqw = p->tsw + 1 + n->p.idw + p->law;
  n->p.rsw = p->tsw + n->p.idw + p->law + p->lb;
  if (fifo_sync_init(&n->i_cb, p->cb_depth, n->p.cbw) || fifo_sync_init(&n->i_reqq, p->req_depth, n->p.rqw) ||
      fifo_sync_sram_init(&n->i_respq, p->resp_depth, n->p.rsw)) {
    ccn_node_free(n);
    return -1;
  }
  n->cb_row = calloc(bits_words(n->p.cbw), 4);
  n->rq_row = calloc(bits_words(n->p.rqw), 4);
  n->rs_row = calloc(bits_words(n->p.rsw), 4);
  if (!n->cb_row || !n->rq_row || !n->rs_row) { ccn_node_free(n); return -1; }
  return 0;
}

void ccn_node_free(ccn_node_t *n) {
  fifo_sync_free(&n->i_cb);
  fifo_sync_free(&n->i_reqq);
  fifo_sync_sram_free(&n->i_respq);
  free(n->cb_row);
  free(n->rq_row);
  free(n->rs_row);
  n->cb_row = n->rq_row = n->rs_row = NULL;
}

void ccn_node_reset(ccn_node_t *n) {
  fifo_sync_reset(&n->i_cb);
  fifo_sync_reset(&n->i_reqq);
  fifo_sync_sram_reset(&n->i_respq);
  n->cb_wait_q = n->rq_tx_q = n->hold_q = n->rs_flit_q = n->rs_tick_q = n->thr_q = n->nt_q = n->nh_q = 0;
  n->rq_st_q = CCN_RQ_IDLE;
  n->cnt_inj_q = n->cnt_hit_q = n->cnt_rqhop_q = n->cnt_rshop_q = n->cnt_nosh_q = n->cnt_thrp_q = 0;
  n->cnt_avoid_q = n->cnt_lat_q = n->cnt_cbto_q = n->cnt_hto_q = n->cnt_cbfull_q = n->cnt_thrmiss_q = 0;
  n->cnt_latmax_q = 0;
}

/* ---- head logic: from registered state and the lookup answer only ---------- */
void ccn_node_head(ccn_node_t *n, const ccn_node_in_t *in) {
  const ccn_node_cfg_t *p = &n->p;
  const uint32_t *cb = fifo_sync_rdata(&n->i_cb), *rq = fifo_sync_rdata(&n->i_reqq);
  const uint32_t *rs = fifo_sync_sram_rdata(&n->i_respq);
  n->cb_addr = fld(cb, 0, p->law);
  n->cb_ts = fld(cb, p->law, p->tsw);
  n->h_addr = fld(rq, 0, p->law);
  n->h_home = fld(rq, p->law, p->idw);
  n->h_fresh = fld(rq, p->law + p->idw, 1);
  n->h_ts = fld(rq, p->law + p->idw + 1, p->tsw);
  n->rs_line = rs;
  n->rs_addr = fld(rs, p->lb, p->law);
  n->rs_home = fld(rs, p->lb + p->law, p->idw);
  n->rs_ts = fld(rs, p->lb + p->law + p->idw, p->tsw);

  n->head_v = !fifo_sync_empty(&n->i_reqq);
  n->is_home = n->h_home == p->id;
  n->rs_room = fifo_sync_sram_count(&n->i_respq) <= p->resp_depth - 2; /* bubble rule for a local response */
  n->hit_push = n->hit_hold = n->hit_giveup = 0;
  if (n->head_v && n->rq_st_q == CCN_RQ_LOOK && in->rmt_hit_i) {
    if (n->rs_room) n->hit_push = 1;
#ifdef FAULT_CCN_HOLD
    else n->hit_giveup = 1; /* injected: a hit that finds the RespQ full gives up at once */
#else
    else if (n->hold_q == p->hold_max) n->hit_giveup = 1;
    else n->hit_hold = 1;
#endif
  }
  n->look_issue = n->head_v && !n->is_home && (n->rq_st_q == CCN_RQ_IDLE || n->hit_hold);
  n->send_now = n->head_v && (n->rq_st_q == CCN_RQ_SEND || (n->rq_st_q == CCN_RQ_IDLE && n->is_home && n->h_fresh) ||
                              (n->rq_st_q == CCN_RQ_LOOK && (!in->rmt_hit_i || n->hit_giveup)));
  n->tx_cur = n->rq_st_q == CCN_RQ_SEND ? n->rq_tx_q : 0;
  n->want_exit = n->head_v && n->is_home && !n->h_fresh;

  n->rmt_valid_o = n->look_issue;
  n->rmt_addr_o = n->h_addr;
  n->rq_out_valid_o = n->send_now && n->tx_cur == p->hop_lat - 1;
  n->rq_out_addr_o = n->h_addr;
  n->rq_out_home_o = n->h_home;
  n->rq_out_ts_o = n->h_ts;

  n->rs_head_v = !fifo_sync_sram_empty(&n->i_respq);
  n->rs_is_home = n->rs_home == p->id;
  n->rs_last = n->rs_flit_q == p->flits - 1 && n->rs_tick_q == p->hop_lat - 1;
  n->resp_valid_o = n->rs_head_v && n->rs_is_home;
  n->resp_addr_o = n->rs_addr;
  n->resp_data_o = n->rs_line;
  n->rs_out_valid_o = n->rs_head_v && !n->rs_is_home && n->rs_last;
  n->rs_out_addr_o = n->rs_addr;
  n->rs_out_home_o = n->rs_home;
  n->rs_out_ts_o = n->rs_ts;
  n->rs_out_data_o = n->rs_line;
}

/* ---- readies toward the neighbours ------------------------------------------- */
void ccn_node_ready(ccn_node_t *n) {
  n->rq_in_ready_o = !fifo_sync_full(&n->i_reqq);
  n->rs_in_ready_o = !fifo_sync_sram_full(&n->i_respq) && !n->hit_push;
}

/* ---- L2 port and miss routing ---------------------------------------------------- */
void ccn_node_l2(ccn_node_t *n, const ccn_node_in_t *in) {
  n->cb_to = !fifo_sync_empty(&n->i_cb) && n->cb_wait_q == n->p.cb_timeout;
  n->dir = in->miss_byp_i || n->thr_q || fifo_sync_full(&n->i_cb);
  n->dir_why = in->miss_byp_i ? CCN_WHY_BYPASS : n->thr_q ? CCN_WHY_THROTTLE : CCN_WHY_CBFULL;
  n->l2_valid_o = n->want_exit || n->cb_to || (in->miss_valid_i && n->dir);
  if (n->want_exit) {
    n->l2_addr_o = n->h_addr;
    n->l2_why_o = CCN_WHY_NOSHARER;
  } else if (n->cb_to) {
    n->l2_addr_o = n->cb_addr;
    n->l2_why_o = CCN_WHY_CBTIMEOUT;
  } else {
    n->l2_addr_o = in->miss_addr_i;
    n->l2_why_o = n->dir_why;
  }
  n->exit_go = n->want_exit && in->l2_ready_i;
  n->to_go = !n->want_exit && n->cb_to && in->l2_ready_i;
  n->dir_go = !n->want_exit && !n->cb_to && in->miss_valid_i && n->dir && in->l2_ready_i;
  n->miss_ready_o = n->dir ? (!n->want_exit && !n->cb_to && in->l2_ready_i) : 1;
  n->thr_o = n->thr_q;
}

/* ---- next state ---------------------------------------------------------------------- */
void ccn_node_next(ccn_node_t *n, const ccn_node_in_t *in, const ccn_node_t *prev, const ccn_node_t *next,
                   const ccn_epoch_t *ep) {
  const ccn_node_cfg_t *p = &n->p;
  /* CB */
#ifdef FAULT_CCN_BUBBLE
  n->inj = !fifo_sync_empty(&n->i_cb) && !n->cb_to && !prev->rq_out_valid_o &&
           fifo_sync_count(&n->i_reqq) <= p->req_depth - 1; /* injected: the CB may take the last slot */
#else
  n->inj = !fifo_sync_empty(&n->i_cb) && !n->cb_to && !prev->rq_out_valid_o &&
           fifo_sync_count(&n->i_reqq) <= p->req_depth - 2;
#endif
  uint32_t cb_push = in->miss_valid_i && !n->dir;
  if (cb_push) { /* (the row only with a push: the write port is compared, and written, only then) */
    memset(n->cb_row, 0, bits_words(p->cbw) * 4);
    put(n->cb_row, 0, p->law, in->miss_addr_i);
    put(n->cb_row, p->law, p->tsw, ep->now);
  }
  uint32_t cb_pop = n->inj || n->to_go;
  n->cb_wait_d = n->cb_wait_q;
  if (cb_pop) n->cb_wait_d = 0;
  else if (!fifo_sync_empty(&n->i_cb) && !n->cb_to) n->cb_wait_d = n->cb_wait_q + 1;
  fifo_sync_comb(&n->i_cb, cb_push, cb_push ? n->cb_row : NULL, cb_pop);

  /* ReqQ */
  n->fwd_acc = prev->rq_out_valid_o && !fifo_sync_full(&n->i_reqq);
  uint32_t rq_push = n->fwd_acc || n->inj;
  if (rq_push) { /* (likewise) */
    memset(n->rq_row, 0, bits_words(p->rqw) * 4);
    if (n->fwd_acc) {
      put(n->rq_row, 0, p->law, prev->rq_out_addr_o);
      put(n->rq_row, p->law, p->idw, prev->rq_out_home_o);
      put(n->rq_row, p->law + p->idw + 1, p->tsw, prev->rq_out_ts_o);
    } else {
      put(n->rq_row, 0, p->law, n->cb_addr);
      put(n->rq_row, p->law, p->idw, p->id);
      put(n->rq_row, p->law + p->idw, 1, 1);
      put(n->rq_row, p->law + p->idw + 1, p->tsw, n->cb_ts);
    }
  }
  n->rq_sent = n->rq_out_valid_o && next->rq_in_ready_o;
  uint32_t rq_pop = n->rq_sent || n->hit_push || n->exit_go;
  n->rq_st_d = n->rq_st_q;
  n->rq_tx_d = n->rq_tx_q;
  n->hold_d = n->hold_q;
  if (rq_pop) {
    n->rq_st_d = CCN_RQ_IDLE;
    n->rq_tx_d = 0;
    n->hold_d = 0;
  } else if (n->send_now) {
    n->rq_st_d = CCN_RQ_SEND;
    n->rq_tx_d = n->tx_cur == p->hop_lat - 1 ? n->tx_cur : n->tx_cur + 1;
    n->hold_d = 0;
  } else if (n->look_issue) {
    n->rq_st_d = CCN_RQ_LOOK;
    n->hold_d = n->hit_hold ? n->hold_q + 1 : 0;
  } else {
    n->rq_st_d = CCN_RQ_IDLE;
  }
  fifo_sync_comb(&n->i_reqq, rq_push, rq_push ? n->rq_row : NULL, rq_pop);

  /* RespQ */
  uint32_t rs_push = n->hit_push || (next->rs_out_valid_o && n->rs_in_ready_o);
  memset(n->rs_row, 0, bits_words(p->rsw) * 4);
  if (n->hit_push) {
    memcpy(n->rs_row, in->rmt_data_i, p->lbw * 4);
    put(n->rs_row, p->lb, p->law, n->h_addr);
    put(n->rs_row, p->lb + p->law, p->idw, n->h_home);
    put(n->rs_row, p->lb + p->law + p->idw, p->tsw, n->h_ts);
  } else {
    memcpy(n->rs_row, next->rs_out_data_o, p->lbw * 4);
    put(n->rs_row, p->lb, p->law, next->rs_out_addr_o);
    put(n->rs_row, p->lb + p->law, p->idw, next->rs_out_home_o);
    put(n->rs_row, p->lb + p->law + p->idw, p->tsw, next->rs_out_ts_o);
  }
  n->deliver = n->resp_valid_o && in->resp_ready_i;
  n->rs_sent = n->rs_out_valid_o && prev->rs_in_ready_o;
  uint32_t rs_pop = n->deliver || n->rs_sent;
  n->rs_flit_d = n->rs_flit_q;
  n->rs_tick_d = n->rs_tick_q;
  if (rs_pop) {
    n->rs_flit_d = 0;
    n->rs_tick_d = 0;
  } else if (n->rs_head_v && !n->rs_is_home && !n->rs_last) {
    if (n->rs_tick_q == p->hop_lat - 1) {
      n->rs_tick_d = 0;
      n->rs_flit_d = n->rs_flit_q + 1;
    } else {
      n->rs_tick_d = n->rs_tick_q + 1;
    }
  }
  fifo_sync_sram_comb(&n->i_respq, rs_push, n->rs_row, rs_pop);

  /* request throttler: h_reuse = N_hits / N_total < H_min  <=>  100*N_hits < H_min*N_total */
  uint64_t hits100 = (uint64_t)n->nh_q * 100u, min_tot = (uint64_t)n->nt_q * p->hmin;
  n->dec_thr = ep->dec && p->hmin != 0 && n->nt_q != 0 && hits100 < min_tot;
  n->thr_d = n->thr_q;
  n->nt_d = n->nt_q;
  n->nh_d = n->nh_q;
  if (ep->per_end) {
    n->thr_d = 0;
    n->nt_d = 0;
    n->nh_d = 0;
  } else {
    if (n->dec_thr) n->thr_d = 1;
    if (ep->win) n->nt_d = sat_inc(n->nt_q, n->inj, p->winw);
#ifdef FAULT_CCN_THROTTLE
    n->nh_d = sat_inc(n->nh_q, n->deliver, p->winw); /* injected: hits counted outside the window too */
#else
    if (ep->win) n->nh_d = sat_inc(n->nh_q, n->deliver, p->winw);
#endif
  }

  /* statistics */
  n->lat = (ep->now - n->rs_ts) & msk(p->tsw);
  n->cnt_inj_d = sat_inc(n->cnt_inj_q, n->inj, p->cntw);
  n->cnt_hit_d = sat_inc(n->cnt_hit_q, n->hit_push, p->cntw);
  n->cnt_rqhop_d = sat_inc(n->cnt_rqhop_q, n->rq_sent, p->cntw);
  n->cnt_rshop_d = sat_inc(n->cnt_rshop_q, n->rs_sent, p->cntw);
  n->cnt_nosh_d = sat_inc(n->cnt_nosh_q, n->exit_go, p->cntw);
  n->cnt_thrp_d = sat_inc(n->cnt_thrp_q, n->dec_thr, p->cntw);
  n->cnt_avoid_d = sat_inc(n->cnt_avoid_q, n->deliver, p->cntw);
  n->cnt_cbto_d = sat_inc(n->cnt_cbto_q, n->to_go, p->cntw);
  n->cnt_hto_d = sat_inc(n->cnt_hto_q, n->hit_giveup, p->cntw);
  n->cnt_cbfull_d = sat_inc(n->cnt_cbfull_q, n->dir_go && !in->miss_byp_i && !n->thr_q, p->cntw);
  n->cnt_thrmiss_d = sat_inc(n->cnt_thrmiss_q, n->dir_go && !in->miss_byp_i && n->thr_q, p->cntw);
  uint64_t lat_sum = (uint64_t)n->cnt_lat_q + n->lat;
  n->cnt_lat_d = n->cnt_lat_q;
  n->cnt_latmax_d = n->cnt_latmax_q;
  if (n->deliver) {
    n->cnt_lat_d = lat_sum > msk(p->cntw) ? msk(p->cntw) : (uint32_t)lat_sum;
    if (n->lat > n->cnt_latmax_q) n->cnt_latmax_d = n->lat;
  }
}

void ccn_node_commit(ccn_node_t *n) {
  fifo_sync_commit(&n->i_cb);
  fifo_sync_commit(&n->i_reqq);
  fifo_sync_sram_commit(&n->i_respq);
  n->cb_wait_q = n->cb_wait_d;
  n->rq_st_q = n->rq_st_d;
  n->rq_tx_q = n->rq_tx_d;
  n->hold_q = n->hold_d;
  n->rs_flit_q = n->rs_flit_d;
  n->rs_tick_q = n->rs_tick_d;
  n->thr_q = n->thr_d;
  n->nt_q = n->nt_d;
  n->nh_q = n->nh_d;
  n->cnt_inj_q = n->cnt_inj_d;
  n->cnt_hit_q = n->cnt_hit_d;
  n->cnt_rqhop_q = n->cnt_rqhop_d;
  n->cnt_rshop_q = n->cnt_rshop_d;
  n->cnt_nosh_q = n->cnt_nosh_d;
  n->cnt_thrp_q = n->cnt_thrp_d;
  n->cnt_avoid_q = n->cnt_avoid_d;
  n->cnt_lat_q = n->cnt_lat_d;
  n->cnt_latmax_q = n->cnt_latmax_d;
  n->cnt_cbto_q = n->cnt_cbto_d;
  n->cnt_hto_q = n->cnt_hto_d;
  n->cnt_cbfull_q = n->cnt_cbfull_d;
  n->cnt_thrmiss_q = n->cnt_thrmiss_d;
}
