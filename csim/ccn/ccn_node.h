/* ccn_node.h -- C mirror of rtl/ccn/ccn_node.sv: one SM's node of the L1
 * Cooperative Caching Network (the CCN paper): CB, ReqQ (fifo_sync), RespQ
 * (fifo_sync_sram: a synchronous-read SRAM body),
 * the ReqQ-head state machine, the response serializer, the throttler's
 * window counters and the statistics counters.
 *
 * Per cycle, for every node of the ring in this order (the RTL's blocks):
 *   ccn_node_head()   head_logic: outputs from registered state + rmt answer
 *   ccn_node_ready()  the readies toward the neighbours
 *   ccn_node_l2()     the L2 arbiter and miss routing
 *   ccn_node_next()   next state (needs the neighbours' head/ready wires)
 * then ccn_node_commit() at the clock edge.  Port and timing contract:
 * rtl/ccn/ccn_node.sv and docs/ccn.md. */
#ifndef CCN_NODE_H
#define CCN_NODE_H
#include <stdint.h>
#include "fifo_sync.h"
#include "fifo_sync_sram.h"

typedef struct {
  unsigned id, nodes, hop_lat, cb_depth, req_depth, resp_depth, law, lb, lbw, flits, tsw, cntw, winw;
  unsigned cb_timeout, hold_max, hmin, idw;
  unsigned cbw, rqw, rsw; /* entry widths */
} ccn_node_cfg_t;

/* The L1D-side inputs of one node (the ring's ports sliced). */
typedef struct {
  uint32_t miss_valid_i, miss_addr_i, miss_byp_i;
  uint32_t rmt_hit_i;
  const uint32_t *rmt_data_i; /* lbw words */
  uint32_t resp_ready_i, l2_ready_i;
} ccn_node_in_t;

/* The ring's epoch and time, shared by every node. */
typedef struct {
  uint32_t now, win, dec, per_end;
} ccn_epoch_t;

typedef struct {
  ccn_node_cfg_t p;
  fifo_sync_t i_cb, i_reqq;
  fifo_sync_sram_t i_respq;
  /* registers */
  uint32_t cb_wait_q, rq_st_q, rq_tx_q, hold_q, rs_flit_q, rs_tick_q, thr_q, nt_q, nh_q;
  uint32_t cnt_inj_q, cnt_hit_q, cnt_rqhop_q, cnt_rshop_q, cnt_nosh_q, cnt_thrp_q, cnt_avoid_q, cnt_lat_q;
  uint32_t cnt_cbto_q, cnt_hto_q, cnt_cbfull_q, cnt_thrmiss_q, cnt_latmax_q;
  uint32_t cb_wait_d, rq_st_d, rq_tx_d, hold_d, rs_flit_d, rs_tick_d, thr_d, nt_d, nh_d;
  uint32_t cnt_inj_d, cnt_hit_d, cnt_rqhop_d, cnt_rshop_d, cnt_nosh_d, cnt_thrp_d, cnt_avoid_d, cnt_lat_d;
  uint32_t cnt_cbto_d, cnt_hto_d, cnt_cbfull_d, cnt_thrmiss_d, cnt_latmax_d;
  /* head fields */
  uint32_t cb_addr, cb_ts, h_addr, h_home, h_fresh, h_ts, rs_addr, rs_home, rs_ts;
  const uint32_t *rs_line;
  /* head_logic wires and outputs */
  uint32_t head_v, is_home, rs_room, hit_push, hit_hold, hit_giveup, look_issue, send_now, tx_cur, want_exit;
  uint32_t rs_head_v, rs_is_home, rs_last;
  uint32_t rmt_valid_o, rmt_addr_o;
  uint32_t rq_out_valid_o, rq_out_addr_o, rq_out_home_o, rq_out_ts_o;
  uint32_t resp_valid_o, resp_addr_o;
  const uint32_t *resp_data_o; /* lbw words (the RespQ head) */
  uint32_t rs_out_valid_o, rs_out_addr_o, rs_out_home_o, rs_out_ts_o;
  const uint32_t *rs_out_data_o;
  /* readies */
  uint32_t rq_in_ready_o, rs_in_ready_o;
  /* L2 arbiter */
  uint32_t cb_to, dir, dir_why, exit_go, to_go, dir_go;
  uint32_t l2_valid_o, l2_addr_o, l2_why_o, miss_ready_o, thr_o;
  /* next_state wires */
  uint32_t inj, fwd_acc, rq_sent, rs_sent, deliver, dec_thr, lat;
  /* row scratch for the FIFO write ports */
  uint32_t *cb_row, *rq_row, *rs_row;
} ccn_node_t;

int ccn_node_init(ccn_node_t *n, const ccn_node_cfg_t *p);
void ccn_node_free(ccn_node_t *n);
void ccn_node_reset(ccn_node_t *n);
void ccn_node_head(ccn_node_t *n, const ccn_node_in_t *in);
void ccn_node_ready(ccn_node_t *n);
void ccn_node_l2(ccn_node_t *n, const ccn_node_in_t *in);
/* prev: the node before this one (its request comes in here; it takes this
 * node's responses); next: the node after it (takes this node's requests,
 * sends its responses here). */
void ccn_node_next(ccn_node_t *n, const ccn_node_in_t *in, const ccn_node_t *prev, const ccn_node_t *next,
                   const ccn_epoch_t *ep);
void ccn_node_commit(ccn_node_t *n);

#endif
