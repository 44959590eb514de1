// ccn_ring -- the L1 Cooperative Caching Network (the CCN paper, Sec. 4): Nodes
// ccn_node instances on a ring.  The request channel runs 0 -> 1 -> ... ->
// N-1 -> 0, the response channel the opposite way (Table II: opposite
// directions).  The ring also holds the request throttlers' shared epoch
// counter (t_S window at the start of every t_P period) and the free-running
// timestamp used for the reuse-latency counters.
//
// Ports are the nodes' L1D-side ports concatenated, node i in bits
// [i*W +: W] (see ccn_node.sv for their meaning and timing):
//   miss_valid_i/miss_addr_i/miss_byp_i -> miss_ready_o
//   rmt_valid_o/rmt_addr_o, answered next cycle on rmt_hit_i/rmt_data_i
//   resp_valid_o/resp_addr_o/resp_data_o <- resp_ready_i
//   l2_valid_o/l2_addr_o/l2_why_o <- l2_ready_i
//   thr_o: node i's throttler has it off the ring.
// Per-node state lives in gen_node[i].i_node.  Decisions: docs/ccn.md.
// C mirror: csim/ccn/ccn_ring.{h,c}.
module ccn_ring #(
  // manifest: CCN params
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
  /// request throttler: sampling window t_S in cycles at the start of each period (Table II: 1M instructions) (CCN_TS)
  parameter int unsigned Ts        = l1sys_pkg::CCN_TS,
  /// request throttler: period t_P in cycles (Table II: 10M instructions); t_S + 2 <= t_P (CCN_TP)
  parameter int unsigned Tp        = l1sys_pkg::CCN_TP,
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
  /// Line bits (8 * line bytes).
  parameter int unsigned LB        = 8 * l1sys_pkg::CCN_LINE_BYTES,
  /// Flits per line on the response channel.
  parameter int unsigned Flits     = l1sys_pkg::CCN_LINE_BYTES / l1sys_pkg::CCN_FLIT_BYTES,
  /// Derived: do not override.
  localparam int unsigned IdW       = (Nodes > 1) ? $clog2(Nodes) : 1,
  /// Derived: do not override.
  localparam int unsigned EpW       = $clog2(Tp)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [Nodes-1:0]     miss_valid_i,
  input  logic [Nodes*LaW-1:0] miss_addr_i,
  input  logic [Nodes-1:0]     miss_byp_i,
  output logic [Nodes-1:0]     miss_ready_o,
  output logic [Nodes-1:0]     rmt_valid_o,
  output logic [Nodes*LaW-1:0] rmt_addr_o,
  input  logic [Nodes-1:0]     rmt_hit_i,
  input  logic [Nodes*LB-1:0]  rmt_data_i,
  output logic [Nodes-1:0]     resp_valid_o,
  output logic [Nodes*LaW-1:0] resp_addr_o,
  output logic [Nodes*LB-1:0]  resp_data_o,
  input  logic [Nodes-1:0]     resp_ready_i,
  output logic [Nodes-1:0]     l2_valid_o,
  output logic [Nodes*LaW-1:0] l2_addr_o,
  output logic [Nodes*3-1:0]   l2_why_o,
  input  logic [Nodes-1:0]     l2_ready_i,
  output logic [Nodes-1:0]     thr_o
);
  // ---- epoch counter and timestamp ----------------------------------------------
  logic [EpW-1:0] ep_q, ep_d;
  logic [TsW-1:0] now_q, now_d;
  logic win, dec, per_end;
  always_comb begin
    win     = (ep_q < EpW'(Ts));
    dec     = (ep_q == EpW'(Ts));
    per_end = (ep_q == EpW'(Tp - 1));
    ep_d    = per_end ? '0 : ep_q + 1'b1;
    now_d   = now_q + 1'b1;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ep_q  <= '0;
      now_q <= '0;
    end else begin
      ep_q  <= ep_d;
      now_q <= now_d;
    end
  end

  // ---- channels: index = the sending node ----------------------------------------
  logic           rq_v [Nodes];
  logic [LaW-1:0] rq_a [Nodes];
  logic [IdW-1:0] rq_h [Nodes];
  logic [TsW-1:0] rq_t [Nodes];
  logic           rq_r [Nodes];  // ready of node i toward its sender i-1
  logic           rs_v [Nodes];
  logic [LaW-1:0] rs_a [Nodes];
  logic [IdW-1:0] rs_h [Nodes];
  logic [TsW-1:0] rs_t [Nodes];
  logic [LB-1:0]  rs_d [Nodes];
  logic           rs_r [Nodes];  // ready of node i toward its sender i+1

  for (genvar i = 0; i < Nodes; i++) begin : gen_node
    localparam int unsigned Prev = (i + Nodes - 1) % Nodes;
    localparam int unsigned Next = (i + 1) % Nodes;
    ccn_node #(
      .Id    (i),
      .LB    (LB),
      .Flits (Flits),
      // manifest: CCN pass except=Ts,Tp last
      .Nodes     (Nodes),
      .HopLat    (HopLat),
      .CbDepth   (CbDepth),
      .ReqDepth  (ReqDepth),
      .RespDepth (RespDepth),
      .LaW       (LaW),
      .HMin      (HMin),
      .CbTimeout (CbTimeout),
      .HoldMax   (HoldMax),
      .WinW      (WinW),
      .CntW      (CntW),
      .TsW       (TsW)
      // manifest: end
    ) i_node (
      .clk_i, .rst_ni,
      .miss_valid_i  (miss_valid_i[i]),
      .miss_addr_i   (miss_addr_i[i*LaW +: LaW]),
      .miss_byp_i    (miss_byp_i[i]),
      .miss_ready_o  (miss_ready_o[i]),
      .rmt_valid_o   (rmt_valid_o[i]),
      .rmt_addr_o    (rmt_addr_o[i*LaW +: LaW]),
      .rmt_hit_i     (rmt_hit_i[i]),
      .rmt_data_i    (rmt_data_i[i*LB +: LB]),
      .resp_valid_o  (resp_valid_o[i]),
      .resp_addr_o   (resp_addr_o[i*LaW +: LaW]),
      .resp_data_o   (resp_data_o[i*LB +: LB]),
      .resp_ready_i  (resp_ready_i[i]),
      .l2_valid_o    (l2_valid_o[i]),
      .l2_addr_o     (l2_addr_o[i*LaW +: LaW]),
      .l2_why_o      (l2_why_o[i*3 +: 3]),
      .l2_ready_i    (l2_ready_i[i]),
      .thr_o         (thr_o[i]),
      .now_i         (now_q),
      .win_i         (win),
      .dec_i         (dec),
      .per_end_i     (per_end),
      .rq_in_valid_i (rq_v[Prev]),
      .rq_in_addr_i  (rq_a[Prev]),
      .rq_in_home_i  (rq_h[Prev]),
      .rq_in_ts_i    (rq_t[Prev]),
      .rq_in_ready_o (rq_r[i]),
      .rq_out_valid_o(rq_v[i]),
      .rq_out_addr_o (rq_a[i]),
      .rq_out_home_o (rq_h[i]),
      .rq_out_ts_o   (rq_t[i]),
      .rq_out_ready_i(rq_r[Next]),
      .rs_in_valid_i (rs_v[Next]),
      .rs_in_addr_i  (rs_a[Next]),
      .rs_in_home_i  (rs_h[Next]),
      .rs_in_ts_i    (rs_t[Next]),
      .rs_in_data_i  (rs_d[Next]),
      .rs_in_ready_o (rs_r[i]),
      .rs_out_valid_o(rs_v[i]),
      .rs_out_addr_o (rs_a[i]),
      .rs_out_home_o (rs_h[i]),
      .rs_out_ts_o   (rs_t[i]),
      .rs_out_data_o (rs_d[i]),
      .rs_out_ready_i(rs_r[Prev])
    );
  end
endmodule
