// ccn_node -- one SM's node of the L1 Cooperative Caching Network (the CCN paper,
// Sec. 4.2-4.4): CCN buffer (CB), request queue (ReqQ), response queue
// (RespQ, on a synchronous-read SRAM: fifo_sync_sram), the request
// throttler's window counters and the node's statistics counters.  N of them form the ring in ccn_ring.sv.
//
// Ports (all valid/ready pairs: a transfer happens in a cycle where both are high):
//   miss_*   a load miss from the node's L1D (line address; miss_byp_i: a
//            bypass-class load, ld.cg or BDU B mode, which never enters the ring).
//            miss_ready_o may depend on miss_byp_i and l2_ready_i.
//   rmt_*    shadow-tag lookup toward the node's own L1D remote port.  The
//            address driven with rmt_valid_o in cycle t is answered in cycle
//            t+1 on rmt_hit_i / rmt_data_i (the L1D's combinational answer
//            registered at the ring's edge; in the block test the environment
//            plays both).  The L1D answers hit only for filled lines, so lines
//            pending a fill are never shared.  rmt_*_i are ignored in a cycle
//            that follows no lookup.
//   resp_*   a line from a remote L1 for one of this node's misses.
//   l2_*     a miss that goes to L2 (l2_why_o: l1sys_pkg::CCN_WHY_*).
//   rq_in_*/rq_out_*   request channel: in from the previous node, out to the next.
//   rs_in_*/rs_out_*   response channel, opposite direction: in from the next
//            node, out to the previous one.
//   now_i    free-running timestamp; win_i / dec_i / per_end_i the
//            throttler's epoch (window cycle / decision cycle / last cycle of
//            the period), from the ring's epoch counter.
// Timing, priorities and every decision the paper leaves open: docs/ccn.md.
// Combinational logic is split so that no block reads a ready that depends
// on a neighbour's valid: head_logic (state and rmt answer only), the ready
// assigns, the L2 arbiter, and next_state.
// C mirror: csim/ccn/ccn_node.{h,c} (same names, same order).
module ccn_node #(
  /// This node's index (its Core-ID) on the ring.
  parameter int unsigned Id        = 0,  // manifest: literal: an instance's position, set by ccn_ring
  // manifest: CCN params except=Ts,Tp
  /// nodes on the ring (one per SM; Table II: 15) (CCN_NODES)
  parameter int unsigned Nodes     = l1sys_pkg::CCN_NODES,
  /// cycles one flit takes to cross one hop (Sec. 5.5.2: 1..5; the channel runs at core clock / CCN_HOP_LAT) (CCN_HOP_LAT)
  parameter int unsigned HopLat    = l1sys_pkg::CCN_HOP_LAT,
  /// CCN buffer (CB) entries per node (Table II: 8) (CCN_CB_DEPTH)
  parameter int unsigned CbDepth   = l1sys_pkg::CCN_CB_DEPTH,
  /// request queue (ReqQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_REQQ_DEPTH)
  parameter int unsigned ReqDepth  = l1sys_pkg::CCN_REQQ_DEPTH,
  /// response queue (RespQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_RESPQ_DEPTH)
  parameter int unsigned RespDepth = l1sys_pkg::CCN_RESPQ_DEPTH,
  /// line-address bits carried by the ring (32-bit byte address, 128 B lines: 25; Table II: 26-bit tag) (CCN_LINE_ADDR_W)
  parameter int unsigned LaW       = l1sys_pkg::CCN_LINE_ADDR_W,
  /// request throttler: H_min in percent (Table II: 5); 0 = never throttle (CCN-B) (CCN_HMIN)
  parameter int unsigned HMin      = l1sys_pkg::CCN_HMIN,
  /// cycles a CB head may wait for the ring before it goes to L2 instead (project decision: bounds the wait) (CCN_CB_TIMEOUT)
  parameter int unsigned CbTimeout = l1sys_pkg::CCN_CB_TIMEOUT,
  /// cycles a remote hit may hold its request at the ReqQ head waiting for RespQ room before the request moves on as a miss (project decision) (CCN_HOLD_MAX)
  parameter int unsigned HoldMax   = l1sys_pkg::CCN_HOLD_MAX,
  /// bits of the throttler's N_total / N_hits window counters (saturating) (CCN_WIN_W)
  parameter int unsigned WinW      = l1sys_pkg::CCN_WIN_W,
  /// bits of each saturating statistics counter (CCN_CNT_W)
  parameter int unsigned CntW      = l1sys_pkg::CCN_CNT_W,
  /// bits of the miss timestamp carried for the reuse-latency counters (wraps) (CCN_TS_W)
  parameter int unsigned TsW       = l1sys_pkg::CCN_TS_W,
  // manifest: end
  /// Line bits.
  parameter int unsigned LB        = 8 * l1sys_pkg::CCN_LINE_BYTES,
  /// Flits per line on the response channel.
  parameter int unsigned Flits     = l1sys_pkg::CCN_LINE_BYTES / l1sys_pkg::CCN_FLIT_BYTES,
  /// Derived: do not override.
  localparam int unsigned IdW       = (Nodes > 1) ? $clog2(Nodes) : 1,
  /// Derived: do not override.
  localparam int unsigned TxW       = (HopLat > 1) ? $clog2(HopLat) : 1,
  /// Derived: do not override.
  localparam int unsigned FlW       = (Flits > 1) ? $clog2(Flits) : 1,
  /// Derived: do not override.
  localparam int unsigned WaitW     = $clog2(CbTimeout + 1),
  /// Derived: do not override.
  localparam int unsigned HoldW     = (HoldMax > 0) ? $clog2(HoldMax + 1) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // L1D side
  input  logic             miss_valid_i,
  input  logic [LaW-1:0]   miss_addr_i,
  input  logic             miss_byp_i,
  output logic             miss_ready_o,
  output logic             rmt_valid_o,
  output logic [LaW-1:0]   rmt_addr_o,
  input  logic             rmt_hit_i,
  input  logic [LB-1:0]    rmt_data_i,
  output logic             resp_valid_o,
  output logic [LaW-1:0]   resp_addr_o,
  output logic [LB-1:0]    resp_data_o,
  input  logic             resp_ready_i,
  output logic             l2_valid_o,
  output logic [LaW-1:0]   l2_addr_o,
  output logic [2:0]       l2_why_o,
  input  logic             l2_ready_i,
  output logic             thr_o,
  // epoch and time from the ring
  input  logic [TsW-1:0]   now_i,
  input  logic             win_i,
  input  logic             dec_i,
  input  logic             per_end_i,
  // request channel
  input  logic             rq_in_valid_i,
  input  logic [LaW-1:0]   rq_in_addr_i,
  input  logic [IdW-1:0]   rq_in_home_i,
  input  logic [TsW-1:0]   rq_in_ts_i,
  output logic             rq_in_ready_o,
  output logic             rq_out_valid_o,
  output logic [LaW-1:0]   rq_out_addr_o,
  output logic [IdW-1:0]   rq_out_home_o,
  output logic [TsW-1:0]   rq_out_ts_o,
  input  logic             rq_out_ready_i,
  // response channel
  input  logic             rs_in_valid_i,
  input  logic [LaW-1:0]   rs_in_addr_i,
  input  logic [IdW-1:0]   rs_in_home_i,
  input  logic [TsW-1:0]   rs_in_ts_i,
  input  logic [LB-1:0]    rs_in_data_i,
  output logic             rs_in_ready_o,
  output logic             rs_out_valid_o,
  output logic [LaW-1:0]   rs_out_addr_o,
  output logic [IdW-1:0]   rs_out_home_o,
  output logic [TsW-1:0]   rs_out_ts_o,
  output logic [LB-1:0]    rs_out_data_o,
  input  logic             rs_out_ready_i
);
  // Entry layouts (least significant first):
  //   CB    {ts, addr}
  //   ReqQ  {ts, fresh, home, addr}   fresh: not yet left its home node
  //   RespQ {ts, home, addr, line}
  localparam int unsigned CbW  = TsW + LaW;
  localparam int unsigned RqW  = TsW + 1 + IdW + LaW;
  localparam int unsigned RsW  = TsW + IdW + LaW + LB;
  localparam int unsigned CbCW = $clog2(CbDepth + 1);
  localparam int unsigned RqCW = $clog2(ReqDepth + 1);
  localparam int unsigned RsCW = $clog2(RespDepth + 1);

  // ---- registers ------------------------------------------------------------
  logic [WaitW-1:0] cb_wait_q, cb_wait_d;
  logic [1:0]       rq_st_q, rq_st_d;
  logic [TxW-1:0]   rq_tx_q, rq_tx_d;
  logic [HoldW-1:0] hold_q, hold_d;
  logic [FlW-1:0]   rs_flit_q, rs_flit_d;
  logic [TxW-1:0]   rs_tick_q, rs_tick_d;
  logic             thr_q, thr_d;
  logic [WinW-1:0]  nt_q, nt_d, nh_q, nh_d;
  logic [CntW-1:0]  cnt_inj_q, cnt_inj_d, cnt_hit_q, cnt_hit_d, cnt_rqhop_q, cnt_rqhop_d;
  logic [CntW-1:0]  cnt_rshop_q, cnt_rshop_d, cnt_nosh_q, cnt_nosh_d, cnt_thrp_q, cnt_thrp_d;
  logic [CntW-1:0]  cnt_avoid_q, cnt_avoid_d, cnt_lat_q, cnt_lat_d, cnt_cbto_q, cnt_cbto_d;
  logic [CntW-1:0]  cnt_hto_q, cnt_hto_d, cnt_cbfull_q, cnt_cbfull_d, cnt_thrmiss_q, cnt_thrmiss_d;
  logic [TsW-1:0]   cnt_latmax_q, cnt_latmax_d;

  // ---- queues ---------------------------------------------------------------
  logic            cb_push, cb_pop, cb_full, cb_empty;
  logic [CbW-1:0]  cb_wdata, cb_rdata;
  logic [CbCW-1:0] cb_count;
  logic            rq_push, rq_pop, rq_full, rq_empty;
  logic [RqW-1:0]  rq_wdata, rq_rdata;
  logic [RqCW-1:0] rq_count;
  logic            rs_push, rs_pop, rs_full, rs_empty;
  logic [RsW-1:0]  rs_wdata, rs_rdata;
  logic [RsCW-1:0] rs_count;

  fifo_sync #(.Depth(CbDepth), .Width(CbW)) i_cb (
    .clk_i, .rst_ni, .push_i(cb_push), .wdata_i(cb_wdata), .pop_i(cb_pop),
    .rdata_o(cb_rdata), .full_o(cb_full), .empty_o(cb_empty), .count_o(cb_count));
  fifo_sync #(.Depth(ReqDepth), .Width(RqW)) i_reqq (
    .clk_i, .rst_ni, .push_i(rq_push), .wdata_i(rq_wdata), .pop_i(rq_pop),
    .rdata_o(rq_rdata), .full_o(rq_full), .empty_o(rq_empty), .count_o(rq_count));
  // The RespQ holds a whole line per entry: an SRAM macro (synchronous read),
  // with fifo_sync's port timing (docs/ccn.md, docs/primitives.md).
  fifo_sync_sram #(.Depth(RespDepth), .Width(RsW)) i_respq (
    .clk_i, .rst_ni, .push_i(rs_push), .wdata_i(rs_wdata), .pop_i(rs_pop),
    .rdata_o(rs_rdata), .full_o(rs_full), .empty_o(rs_empty), .count_o(rs_count));

  // The CB's occupancy is not needed (full and empty suffice).
  logic unused_cnt;
  assign unused_cnt = ^cb_count;

  // head fields
  logic [LaW-1:0] cb_addr, h_addr, rs_addr;
  logic [TsW-1:0] cb_ts, h_ts, rs_ts;
  logic [IdW-1:0] h_home, rs_home;
  logic           h_fresh;
  logic [LB-1:0]  rs_line;
  assign cb_addr = cb_rdata[LaW-1:0];
  assign cb_ts   = cb_rdata[LaW +: TsW];
  assign h_addr  = rq_rdata[LaW-1:0];
  assign h_home  = rq_rdata[LaW +: IdW];
  assign h_fresh = rq_rdata[LaW + IdW];
  assign h_ts    = rq_rdata[LaW + IdW + 1 +: TsW];
  assign rs_line = rs_rdata[LB-1:0];
  assign rs_addr = rs_rdata[LB +: LaW];
  assign rs_home = rs_rdata[LB + LaW +: IdW];
  assign rs_ts   = rs_rdata[LB + LaW + IdW +: TsW];

  function automatic logic [CntW-1:0] sat_inc(input logic [CntW-1:0] v, input logic inc);
    sat_inc = (inc && !(&v)) ? v + 1'b1 : v;
  endfunction
  function automatic logic [WinW-1:0] win_inc(input logic [WinW-1:0] v, input logic inc);
    win_inc = (inc && !(&v)) ? v + 1'b1 : v;
  endfunction

  // ---- head logic: from registered state and the lookup answer only ------------
  logic head_v, is_home, rs_room, hit_push, hit_hold, hit_giveup, look_issue, send_now, want_exit;
  logic [TxW-1:0] tx_cur;
  logic rs_head_v, rs_is_home, rs_last;
  always_comb begin
    head_v     = !rq_empty;
    is_home    = (h_home == IdW'(Id));
    rs_room    = (rs_count <= RsCW'(RespDepth - 2));  // bubble rule for a local response
    hit_push   = 1'b0;
    hit_hold   = 1'b0;
    hit_giveup = 1'b0;
    if (head_v && rq_st_q == l1sys_pkg::CCN_RQ_LOOK && rmt_hit_i) begin
      if (rs_room) hit_push = 1'b1;
`ifdef LS_FAULTS
      // Injected fault: a hit that finds the RespQ full gives up at once
      // instead of holding its request.
      else if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CCN_HOLD) hit_giveup = 1'b1;
`endif
      else if (hold_q == HoldW'(HoldMax)) hit_giveup = 1'b1;
      else hit_hold = 1'b1;
    end
    look_issue = head_v && !is_home && (rq_st_q == l1sys_pkg::CCN_RQ_IDLE || hit_hold);
    send_now   = head_v && ((rq_st_q == l1sys_pkg::CCN_RQ_SEND) ||
                            (rq_st_q == l1sys_pkg::CCN_RQ_IDLE && is_home && h_fresh) ||
                            (rq_st_q == l1sys_pkg::CCN_RQ_LOOK && (!rmt_hit_i || hit_giveup)));
    tx_cur     = (rq_st_q == l1sys_pkg::CCN_RQ_SEND) ? rq_tx_q : '0;
    want_exit  = head_v && is_home && !h_fresh;

    rmt_valid_o    = look_issue;
    rmt_addr_o     = h_addr;
    rq_out_valid_o = send_now && (tx_cur == TxW'(HopLat - 1));
    rq_out_addr_o  = h_addr;
    rq_out_home_o  = h_home;
    rq_out_ts_o    = h_ts;

    rs_head_v      = !rs_empty;
    rs_is_home     = (rs_home == IdW'(Id));
    rs_last        = (rs_flit_q == FlW'(Flits - 1)) && (rs_tick_q == TxW'(HopLat - 1));
    resp_valid_o   = rs_head_v && rs_is_home;
    resp_addr_o    = rs_addr;
    resp_data_o    = rs_line;
    rs_out_valid_o = rs_head_v && !rs_is_home && rs_last;
    rs_out_addr_o  = rs_addr;
    rs_out_home_o  = rs_home;
    rs_out_ts_o    = rs_ts;
    rs_out_data_o  = rs_line;
  end

  // ---- readies toward the neighbours: registered state and hit_push only ------
  // ReqQ: a forwarded (older) request always wins over the CB.  RespQ: a new
  // local response wins over a forwarded one.
  assign rq_in_ready_o = !rq_full;
  assign rs_in_ready_o = !rs_full && !hit_push;

  // ---- L2 port and miss routing -------------------------------------------------
  logic cb_to, dir, exit_go, to_go, dir_go;
  logic [2:0] dir_why;
  always_comb begin
    cb_to   = !cb_empty && (cb_wait_q == WaitW'(CbTimeout));
    dir     = miss_byp_i || thr_q || cb_full;
    dir_why = miss_byp_i ? l1sys_pkg::CCN_WHY_BYPASS :
              thr_q      ? l1sys_pkg::CCN_WHY_THROTTLE : l1sys_pkg::CCN_WHY_CBFULL;
    // priority: a request back home, then a timed-out CB head, then a direct miss
    l2_valid_o = want_exit || cb_to || (miss_valid_i && dir);
    if (want_exit) begin
      l2_addr_o = h_addr;
      l2_why_o  = l1sys_pkg::CCN_WHY_NOSHARER;
    end else if (cb_to) begin
      l2_addr_o = cb_addr;
      l2_why_o  = l1sys_pkg::CCN_WHY_CBTIMEOUT;
    end else begin
      l2_addr_o = miss_addr_i;
      l2_why_o  = dir_why;
    end
    exit_go      = want_exit && l2_ready_i;
    to_go        = !want_exit && cb_to && l2_ready_i;
    dir_go       = !want_exit && !cb_to && miss_valid_i && dir && l2_ready_i;
    miss_ready_o = dir ? (!want_exit && !cb_to && l2_ready_i) : 1'b1;
    thr_o        = thr_q;
  end

  // ---- next state -----------------------------------------------------------------
  logic inj, fwd_acc, rq_sent, rs_sent, deliver, dec_thr;
  logic [TsW-1:0] lat;
  logic [CntW:0]  lat_sum;
  logic [WinW+6:0] hits100, min_tot;
  always_comb begin
    // CB: a new miss in, the head into the ReqQ (bubble rule: two free slots,
    // no forwarded request this cycle) or, timed out, to L2.
`ifdef LS_FAULTS
    // Injected fault: the CB may take the ReqQ's last free slot.
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CCN_BUBBLE) inj      = !cb_empty && !cb_to && !rq_in_valid_i && (rq_count <= RqCW'(ReqDepth - 1));
    else
`endif
    inj      = !cb_empty && !cb_to && !rq_in_valid_i && (rq_count <= RqCW'(ReqDepth - 2));
    cb_push  = miss_valid_i && !dir;
    cb_wdata = {now_i, miss_addr_i};
    cb_pop   = inj || to_go;
    cb_wait_d = cb_wait_q;
    if (cb_pop) cb_wait_d = '0;
    else if (!cb_empty && !cb_to) cb_wait_d = cb_wait_q + 1'b1;

    // ReqQ
    fwd_acc  = rq_in_valid_i && !rq_full;
    rq_push  = fwd_acc || inj;
    rq_wdata = fwd_acc ? {rq_in_ts_i, 1'b0, rq_in_home_i, rq_in_addr_i} : {cb_ts, 1'b1, IdW'(Id), cb_addr};
    rq_sent  = rq_out_valid_o && rq_out_ready_i;
    rq_pop   = rq_sent || hit_push || exit_go;
    rq_st_d  = rq_st_q;
    rq_tx_d  = rq_tx_q;
    hold_d   = hold_q;
    if (rq_pop) begin
      rq_st_d = l1sys_pkg::CCN_RQ_IDLE;
      rq_tx_d = '0;
      hold_d  = '0;
    end else if (send_now) begin
      rq_st_d = l1sys_pkg::CCN_RQ_SEND;
      rq_tx_d = (tx_cur == TxW'(HopLat - 1)) ? tx_cur : tx_cur + 1'b1;
      hold_d  = '0;
    end else if (look_issue) begin
      rq_st_d = l1sys_pkg::CCN_RQ_LOOK;
      hold_d  = hit_hold ? hold_q + 1'b1 : '0;
    end else begin
      rq_st_d = l1sys_pkg::CCN_RQ_IDLE;
    end

    // RespQ
    rs_push  = hit_push || (rs_in_valid_i && rs_in_ready_o);
    rs_wdata = hit_push ? {h_ts, h_home, h_addr, rmt_data_i} : {rs_in_ts_i, rs_in_home_i, rs_in_addr_i, rs_in_data_i};
    deliver  = resp_valid_o && resp_ready_i;
    rs_sent  = rs_out_valid_o && rs_out_ready_i;
    rs_pop   = deliver || rs_sent;
    rs_flit_d = rs_flit_q;
    rs_tick_d = rs_tick_q;
    if (rs_pop) begin
      rs_flit_d = '0;
      rs_tick_d = '0;
    end else if (rs_head_v && !rs_is_home && !rs_last) begin
      if (rs_tick_q == TxW'(HopLat - 1)) begin
        rs_tick_d = '0;
        rs_flit_d = rs_flit_q + 1'b1;
      end else begin
        rs_tick_d = rs_tick_q + 1'b1;
      end
    end

    // request throttler: h_reuse = N_hits / N_total < H_min  <=>  100*N_hits < H_min*N_total
    hits100 = (WinW + 7)'(nh_q) * (WinW + 7)'(100);
    min_tot = (WinW + 7)'(nt_q) * (WinW + 7)'(HMin);
    dec_thr = dec_i && (HMin != 0) && (nt_q != '0) && (hits100 < min_tot);
    thr_d = thr_q;
    nt_d  = nt_q;
    nh_d  = nh_q;
    if (per_end_i) begin
      thr_d = 1'b0;
      nt_d  = '0;
      nh_d  = '0;
    end else begin
      if (dec_thr) thr_d = 1'b1;
      if (win_i) nt_d = win_inc(nt_q, inj);
`ifdef LS_FAULTS
      // Injected fault: hits are counted outside the sampling window too.
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CCN_THROTTLE) nh_d = win_inc(nh_q, deliver);
      else
`endif
      if (win_i) nh_d = win_inc(nh_q, deliver);
    end

    // statistics
    lat           = now_i - rs_ts;
    cnt_inj_d     = sat_inc(cnt_inj_q, inj);
    cnt_hit_d     = sat_inc(cnt_hit_q, hit_push);
    cnt_rqhop_d   = sat_inc(cnt_rqhop_q, rq_sent);
    cnt_rshop_d   = sat_inc(cnt_rshop_q, rs_sent);
    cnt_nosh_d    = sat_inc(cnt_nosh_q, exit_go);
    cnt_thrp_d    = sat_inc(cnt_thrp_q, dec_thr);
    cnt_avoid_d   = sat_inc(cnt_avoid_q, deliver);
    cnt_cbto_d    = sat_inc(cnt_cbto_q, to_go);
    cnt_hto_d     = sat_inc(cnt_hto_q, hit_giveup);
    cnt_cbfull_d  = sat_inc(cnt_cbfull_q, dir_go && !miss_byp_i && !thr_q);
    cnt_thrmiss_d = sat_inc(cnt_thrmiss_q, dir_go && !miss_byp_i && thr_q);
    lat_sum       = {1'b0, cnt_lat_q} + (CntW + 1)'(lat);
    cnt_lat_d     = cnt_lat_q;
    cnt_latmax_d  = cnt_latmax_q;
    if (deliver) begin
      cnt_lat_d = lat_sum[CntW] ? '1 : lat_sum[CntW-1:0];
      if (lat > cnt_latmax_q) cnt_latmax_d = lat;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cb_wait_q     <= '0;
      rq_st_q       <= l1sys_pkg::CCN_RQ_IDLE;
      rq_tx_q       <= '0;
      hold_q        <= '0;
      rs_flit_q     <= '0;
      rs_tick_q     <= '0;
      thr_q         <= 1'b0;
      nt_q          <= '0;
      nh_q          <= '0;
      cnt_inj_q     <= '0;
      cnt_hit_q     <= '0;
      cnt_rqhop_q   <= '0;
      cnt_rshop_q   <= '0;
      cnt_nosh_q    <= '0;
      cnt_thrp_q    <= '0;
      cnt_avoid_q   <= '0;
      cnt_lat_q     <= '0;
      cnt_latmax_q  <= '0;
      cnt_cbto_q    <= '0;
      cnt_hto_q     <= '0;
      cnt_cbfull_q  <= '0;
      cnt_thrmiss_q <= '0;
    end else begin
      cb_wait_q     <= cb_wait_d;
      rq_st_q       <= rq_st_d;
      rq_tx_q       <= rq_tx_d;
      hold_q        <= hold_d;
      rs_flit_q     <= rs_flit_d;
      rs_tick_q     <= rs_tick_d;
      thr_q         <= thr_d;
      nt_q          <= nt_d;
      nh_q          <= nh_d;
      cnt_inj_q     <= cnt_inj_d;
      cnt_hit_q     <= cnt_hit_d;
      cnt_rqhop_q   <= cnt_rqhop_d;
      cnt_rshop_q   <= cnt_rshop_d;
      cnt_nosh_q    <= cnt_nosh_d;
      cnt_thrp_q    <= cnt_thrp_d;
      cnt_avoid_q   <= cnt_avoid_d;
      cnt_lat_q     <= cnt_lat_d;
      cnt_latmax_q  <= cnt_latmax_d;
      cnt_cbto_q    <= cnt_cbto_d;
      cnt_hto_q     <= cnt_hto_d;
      cnt_cbfull_q  <= cnt_cbfull_d;
      cnt_thrmiss_q <= cnt_thrmiss_d;
    end
  end
endmodule
