/* ccn_ring.c -- see ccn_ring.h; mirrors rtl/ccn/ccn_ring.sv. */
#include "ccn_ring.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"

int ccn_ring_cfg_check(const ccn_ring_cfg_t *rc, const char **why, int *param) {
  unsigned idw = bits_idx_w(rc->nodes);
  if (rc->flit_bytes > rc->line_bytes) {
    *why = "must not exceed CCN_LINE_BYTES (a line is a whole number of response flits)";
    *param = P_CCN_FLIT_BYTES;
    return -1;
  }
  if (rc->line_bytes < 4) {
    *why = "must be at least 4 (a line is whole 32-bit words)";
    *param = P_CCN_LINE_BYTES;
    return -1;
  }
  if (rc->law + idw > 8 * rc->req_bytes) {
    *why = "too narrow: a request (CCN_LINE_ADDR_W + core-ID bits) must fit one request flit";
    *param = P_CCN_REQ_BYTES;
    return -1;
  }
  if (rc->ts + 2 > rc->tp) {
    *why = "must be at least CCN_TS + 2 (window, decision cycle, rest of the period)";
    *param = P_CCN_TP;
    return -1;
  }
  return 0;
}

int ccn_ring_cfg_from(ccn_ring_cfg_t *rc, const l1sys_cfg_t *cfg) {
  rc->nodes = (unsigned)CFG(cfg, CCN_NODES);
  rc->hop_lat = (unsigned)CFG(cfg, CCN_HOP_LAT);
  rc->cb_depth = (unsigned)CFG(cfg, CCN_CB_DEPTH);
  rc->req_depth = (unsigned)CFG(cfg, CCN_REQQ_DEPTH);
  rc->resp_depth = (unsigned)CFG(cfg, CCN_RESPQ_DEPTH);
  rc->law = (unsigned)CFG(cfg, CCN_LINE_ADDR_W);
  rc->line_bytes = (unsigned)CFG(cfg, CCN_LINE_BYTES);
  rc->flit_bytes = (unsigned)CFG(cfg, CCN_FLIT_BYTES);
  rc->req_bytes = (unsigned)CFG(cfg, CCN_REQ_BYTES);
  rc->ts = (unsigned)CFG(cfg, CCN_TS);
  rc->tp = (unsigned)CFG(cfg, CCN_TP);
  rc->hmin = (unsigned)CFG(cfg, CCN_HMIN);
  rc->cb_timeout = (unsigned)CFG(cfg, CCN_CB_TIMEOUT);
  rc->hold_max = (unsigned)CFG(cfg, CCN_HOLD_MAX);
  rc->winw = (unsigned)CFG(cfg, CCN_WIN_W);
  rc->cntw = (unsigned)CFG(cfg, CCN_CNT_W);
  rc->tsw = (unsigned)CFG(cfg, CCN_TS_W);
  const char *why;
  int param;
  if (ccn_ring_cfg_check(rc, &why, &param)) return cfg_reject(cfg, param, why);
  return 0;
}

int ccn_ring_init(ccn_ring_t *r, const ccn_ring_cfg_t *rc) {
  memset(r, 0, sizeof *r);
  if (rc->nodes < 2 || rc->nodes > CCN_MAX_NODES) return -1;
  r->nodes = rc->nodes;
  r->hop_lat = rc->hop_lat;
  r->ts = rc->ts;
  r->tp = rc->tp;
  r->tsw = rc->tsw;
  r->epw = bits_clog2(rc->tp);
  r->lb = rc->line_bytes * 8;
  r->lbw = r->lb / 32;
  r->flits = rc->line_bytes / rc->flit_bytes;
  r->law = rc->law;
  for (unsigned i = 0; i < r->nodes; i++) {
    ccn_node_cfg_t p = {0};
    p.id = i;
    p.nodes = rc->nodes;
    p.hop_lat = rc->hop_lat;
    p.cb_depth = rc->cb_depth;
    p.req_depth = rc->req_depth;
    p.resp_depth = rc->resp_depth;
    p.law = rc->law;
    p.lb = r->lb;
    p.flits = r->flits;
    p.tsw = rc->tsw;
    p.cntw = rc->cntw;
    p.winw = rc->winw;
    p.cb_timeout = rc->cb_timeout;
    p.hold_max = rc->hold_max;
    p.hmin = rc->hmin;
    if (ccn_node_init(&r->node[i], &p)) { ccn_ring_free(r); return -1; }
  }
  return 0;
}

void ccn_ring_free(ccn_ring_t *r) {
  for (unsigned i = 0; i < CCN_MAX_NODES; i++) ccn_node_free(&r->node[i]);
}

void ccn_ring_reset(ccn_ring_t *r) {
  r->ep_q = r->ep_d = r->now_q = r->now_d = 0;
  for (unsigned i = 0; i < r->nodes; i++) ccn_node_reset(&r->node[i]);
  r->rested = r->skip = 0; /* (every node evaluated until it is seen at rest) */
}

/* Node n at rest: its CB, ReqQ and RespQ empty and its ReqQ state machine
 * idle.  Then its head logic presents nothing (no lookup, request,
 * response or L2 request: every valid is 0), and with nothing coming in
 * its next state is its state: the CB's wait, the state machine, the
 * serializer, the throttler's window counts and every statistic stand
 * (ccn_node_next). */
static inline int node_rest(const ccn_node_t *n) {
  return fifo_sync_empty(&n->i_cb) && fifo_sync_empty(&n->i_reqq) && fifo_sync_sram_empty(&n->i_respq) &&
         n->rq_st_q == CCN_RQ_IDLE;
}

int ccn_ring_in_init(ccn_ring_in_t *in, const ccn_ring_t *r) {
  memset(in, 0, sizeof *in);
  in->rmt_data = calloc((size_t)r->nodes * r->lbw, 4);
  if (!in->rmt_data) return -1;
  for (unsigned i = 0; i < r->nodes; i++) in->in[i].rmt_data_i = in->rmt_data + (size_t)i * r->lbw;
  return 0;
}

void ccn_ring_in_free(ccn_ring_in_t *in) {
  free(in->rmt_data);
  in->rmt_data = NULL;
}

void ccn_ring_comb(ccn_ring_t *r, const ccn_ring_in_t *in) {
  unsigned n = r->nodes;
  /* epoch counter and timestamp */
  r->ep.win = r->ep_q < r->ts;
  r->ep.dec = r->ep_q == r->ts;
  r->ep.per_end = r->ep_q == r->tp - 1;
  r->ep.now = r->now_q;
  r->ep_d = r->ep.per_end ? 0 : r->ep_q + 1;
  r->now_d = (r->now_q + 1) & (uint32_t)bits_mask64(r->tsw);
  /* the nodes, block by block (each block of every node before the next) */
  if (!r->lazy) {
    for (unsigned i = 0; i < n; i++) ccn_node_head(&r->node[i], &in->in[i]);
    for (unsigned i = 0; i < n; i++) ccn_node_ready(&r->node[i]);
    for (unsigned i = 0; i < n; i++) ccn_node_l2(&r->node[i], &in->in[i]);
    for (unsigned i = 0; i < n; i++)
      ccn_node_next(&r->node[i], &in->in[i], &r->node[(i + n - 1) % n], &r->node[(i + 1) % n], &r->ep);
    r->rested = r->skip = 0; /* (nothing left out, nothing known at rest) */
    return;
  }
  /* Lazy: a node rested since its last evaluation keeps that evaluation's
   * head and ready outputs (its registers have not moved, and its head
   * reads no input while nothing is queued); it is left out altogether
   * when nothing comes in either, and its next state, its state, is not
   * computed.  What comes in is known once every head has spoken. */
  const uint32_t all = (uint32_t)bits_mask64(n);
  uint32_t rqv = 0, rsv = 0, missv = 0; /* (the valids that reach a neighbour, and the misses: bit per node) */
  for (uint32_t x = ~r->rested & all; x; x &= x - 1) {
    const unsigned i = (unsigned)__builtin_ctz(x);
    ccn_node_head(&r->node[i], &in->in[i]);
    rqv |= r->node[i].rq_out_valid_o << i;
    rsv |= r->node[i].rs_out_valid_o << i;
  }
  for (unsigned i = 0; i < n; i++) missv |= (in->in[i].miss_valid_i & 1u) << i;
  /* nothing comes in: no miss, no request from the node before (bit i - 1
   * of rqv, around the ring), no response from the node after (bit i + 1
   * of rsv), no throttler decision or period end (every node evaluated) */
  const uint32_t into = missv | ((rqv << 1 | rqv >> (n - 1)) & all) | ((rsv >> 1 | rsv << (n - 1)) & all);
  const uint32_t quiet = r->ep.dec | r->ep.per_end ? 0 : ~into & all;
  for (uint32_t x = ~r->rested & all; x; x &= x - 1) ccn_node_ready(&r->node[__builtin_ctz(x)]);
  r->skip = r->rested & quiet;
  const uint32_t act = ~r->skip & all;
  uint32_t rest = 0; /* (of the nodes evaluated, those at rest: their registers before this edge) */
  for (uint32_t x = act; x; x &= x - 1) {
    const unsigned i = (unsigned)__builtin_ctz(x);
    rest |= (uint32_t)node_rest(&r->node[i]) << i;
    ccn_node_l2(&r->node[i], &in->in[i]);
  }
  for (uint32_t x = act; x; x &= x - 1) {
    const unsigned i = (unsigned)__builtin_ctz(x);
    ccn_node_next(&r->node[i], &in->in[i], &r->node[i ? i - 1 : n - 1], &r->node[i + 1 < n ? i + 1 : 0], &r->ep);
  }
  /* (a cycle that moves nothing at rest: the next one may leave the node out) */
  r->rested = (r->skip | rest) & quiet;
}

void ccn_ring_commit(ccn_ring_t *r) {
  r->ep_q = r->ep_d;
  r->now_q = r->now_d;
  const uint32_t all = (uint32_t)bits_mask64(r->nodes);
  for (uint32_t x = ~r->skip & all; x; x &= x - 1) ccn_node_commit(&r->node[__builtin_ctz(x)]); /* (left out: its next state is its state) */
}
