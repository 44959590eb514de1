// shell_ccn -- the cooperative-caching ring of the GPU shell (the CCN paper;
// docs/shell.md, "CCN in the shell", "The CCN hook in RTL"): the ring
// (i_ring, rtl/ccn/ccn_ring.sv) with one node per SM and, per node, the
// three edge registers that decouple it from its SM.  Every input of the
// ring is a register or, for the lookup answer, the L1D's remote answer,
// which the L1D computes from its own registers (it answers the cycle after
// the lookup, docs/l1d.md): so no output of this module depends
// combinationally on anything an SM computes in the cycle, and an SM may
// read its node's outputs before its L1D's request logic has run.
//   miss staging  mreg_*  a cached load miss the L1D handed over
//                         (miss_valid_i), until the ring takes it
//   (lookup answer: rmt_hit_i / rmt_data_i straight into the ring; until
//    issue 15 the L1D answered in the cycle of the lookup and registers
//    ans_* here delayed it by the cycle the ring expects)
//   fill staging  fst_*   a line the ring delivered, offered to the L1D's
//                         fill port (fill_valid_o / fill_ready_i) ahead of
//                         the crossbar's response
//   L2 staging    l2_*    a request the ring sends to L2, offered to the
//                         SM's injection queue (l2_valid_o / l2_ready_i)
//                         ahead of the L1D's own
// Handshakes: valid/ready, a transfer in a cycle where both are high:
// miss_valid_i / mem_ready_o, fill_valid_o / fill_ready_i, l2_valid_o /
// l2_ready_i; the lookup rmt_valid_o is answered the next cycle on
// rmt_hit_i / rmt_data_i (the L1D's rmt_hit_o / rmt_data_o, registered in
// the L1D).  mem_ready_o
// is ANDed into the L1D's mem_req_ready_i: the staging is free (or freed
// this cycle) and no ring L2 request waits.  Node i's ports are
// bits [i*W +: W] of each (as in ccn_ring).  The shell's variant is
// structural: SHELL_CCN=OFF instantiates no shell_ccn, ON sets HMin = 0
// (CCN-B), ON_THROTTLE HMin = CCN_HMIN.
// C mirror: csim/shell/shell_ccn.{h,c} (shell_ccn_hw_*: same registers).
module shell_ccn #(
  /// SMs, one ring node each (2..16).
  parameter int unsigned Nodes     = l1sys_pkg::SHELL_SMS,
  /// Line-address bits (L1D_ADDR_W - OffW).
  parameter int unsigned LaW       = l1sys_pkg::L1D_ADDR_W - $clog2(l1sys_pkg::L1D_LINE),
  /// Byte-offset bits of a line (log2 L1D_LINE).
  parameter int unsigned OffW      = $clog2(l1sys_pkg::L1D_LINE),
  /// Line bits (8 * L1D_LINE).
  parameter int unsigned LB        = 8 * l1sys_pkg::L1D_LINE,
  /// Flits per line on the response channel.
  parameter int unsigned Flits     = l1sys_pkg::CCN_LINE_BYTES / l1sys_pkg::CCN_FLIT_BYTES,
  // manifest: CCN params except=Nodes,LaW
  /// cycles one flit takes to cross one hop (Sec. 5.5.2: 1..5; the channel runs at core clock / CCN_HOP_LAT) (CCN_HOP_LAT)
  parameter int unsigned HopLat    = l1sys_pkg::CCN_HOP_LAT,
  /// CCN buffer (CB) entries per node (Table II: 8) (CCN_CB_DEPTH)
  parameter int unsigned CbDepth   = l1sys_pkg::CCN_CB_DEPTH,
  /// request queue (ReqQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_REQQ_DEPTH)
  parameter int unsigned ReqDepth  = l1sys_pkg::CCN_REQQ_DEPTH,
  /// response queue (RespQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_RESPQ_DEPTH)
  parameter int unsigned RespDepth = l1sys_pkg::CCN_RESPQ_DEPTH,
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
  /// Derived: do not override.  Byte-address bits of the L1D's rmt port.
  localparam int unsigned AW        = LaW + OffW
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [Nodes-1:0]     miss_valid_i,
  input  logic [Nodes*LaW-1:0] miss_line_i,
  output logic [Nodes-1:0]     mem_ready_o,
  output logic [Nodes-1:0]     rmt_valid_o,
  output logic [Nodes*AW-1:0]  rmt_addr_o,
  input  logic [Nodes-1:0]     rmt_hit_i,
  input  logic [Nodes*LB-1:0]  rmt_data_i,
  output logic [Nodes-1:0]     fill_valid_o,
  output logic [Nodes*LaW-1:0] fill_line_o,
  input  logic [Nodes-1:0]     fill_ready_i,
  output logic [Nodes-1:0]     l2_valid_o,
  output logic [Nodes*LaW-1:0] l2_line_o,
  input  logic [Nodes-1:0]     l2_ready_i,
  output logic [Nodes-1:0]     thr_o
);
  // ---- edge registers, per node
  logic           mreg_v_q [Nodes];
  logic           mreg_v_d [Nodes];
  logic [LaW-1:0] mreg_a_q [Nodes];
  logic [LaW-1:0] mreg_a_d [Nodes];
  logic           fst_v_q  [Nodes];
  logic           fst_v_d  [Nodes];
  logic [LaW-1:0] fst_a_q  [Nodes];
  logic [LaW-1:0] fst_a_d  [Nodes];
  logic           l2_v_q   [Nodes];
  logic           l2_v_d   [Nodes];
  logic [LaW-1:0] l2_a_q   [Nodes];
  logic [LaW-1:0] l2_a_d   [Nodes];

  // ---- the ring, fed by the registers
  logic [Nodes-1:0]     r_miss_valid, r_miss_byp, r_miss_ready, r_rmt_valid, r_rmt_hit;
  logic [Nodes-1:0]     r_resp_valid, r_resp_ready, r_l2_valid, r_l2_ready;
  logic [Nodes*LaW-1:0] r_miss_addr, r_rmt_addr, r_resp_addr, r_l2_addr;
  logic [Nodes*LB-1:0]  r_rmt_data, unused_resp_data;
  logic [Nodes*3-1:0]   unused_l2_why;
  logic                 unused_ring;

  always_comb begin
    for (int unsigned i = 0; i < Nodes; i++) begin
      r_miss_valid[i]            = mreg_v_q[i];
      r_miss_addr[i*LaW +: LaW]  = mreg_a_q[i];
      r_miss_byp[i]              = 1'b0;  // bypassed loads never reach the node
      r_rmt_hit[i]               = rmt_hit_i[i];  // the L1D's answer to last cycle's lookup
      r_rmt_data[i*LB +: LB]     = rmt_data_i[i*LB +: LB];
      r_resp_ready[i]            = !fst_v_q[i];
      r_l2_ready[i]              = !l2_v_q[i];
    end
  end

  ccn_ring #(
    .LB    (LB),
    .Flits (Flits),
    // manifest: CCN pass last
    .Nodes     (Nodes),
    .HopLat    (HopLat),
    .CbDepth   (CbDepth),
    .ReqDepth  (ReqDepth),
    .RespDepth (RespDepth),
    .LaW       (LaW),
    .Ts        (Ts),
    .Tp        (Tp),
    .HMin      (HMin),
    .CbTimeout (CbTimeout),
    .HoldMax   (HoldMax),
    .WinW      (WinW),
    .CntW      (CntW),
    .TsW       (TsW)
    // manifest: end
  ) i_ring (
    .clk_i, .rst_ni,
    .miss_valid_i(r_miss_valid), .miss_addr_i(r_miss_addr), .miss_byp_i(r_miss_byp), .miss_ready_o(r_miss_ready),
    .rmt_valid_o(r_rmt_valid), .rmt_addr_o(r_rmt_addr), .rmt_hit_i(r_rmt_hit), .rmt_data_i(r_rmt_data),
    .resp_valid_o(r_resp_valid), .resp_addr_o(r_resp_addr), .resp_data_o(unused_resp_data),
    .resp_ready_i(r_resp_ready),
    .l2_valid_o(r_l2_valid), .l2_addr_o(r_l2_addr), .l2_why_o(unused_l2_why), .l2_ready_i(r_l2_ready),
    .thr_o
  );
  // the fill carries no data in the shell (its L1D models none); the L2
  // reason is for the ring's own statistics
  assign unused_ring = ^{unused_resp_data, unused_l2_why};

  // ---- outputs, from the registers and the ring only (their own block, so
  // that a simulator sees no path from an input to an output: the shell
  // closes miss_valid_i -> mem_ready_o through its SMs)
  always_comb begin
    for (int unsigned i = 0; i < Nodes; i++) begin
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_CCN_LAT) mem_ready_o[i] = !mreg_v_q[i] && !l2_v_q[i];  // injected: the freed staging is not reused in the same cycle
      else
`endif
      mem_ready_o[i] = (!mreg_v_q[i] || (mreg_v_q[i] && r_miss_ready[i])) && !l2_v_q[i];
      rmt_valid_o[i]            = r_rmt_valid[i];
      rmt_addr_o[i*AW +: AW]    = r_rmt_valid[i] ? {r_rmt_addr[i*LaW +: LaW], OffW'(0)} : '0;
      fill_valid_o[i]           = fst_v_q[i];
      fill_line_o[i*LaW +: LaW] = fst_a_q[i];
      l2_valid_o[i]             = l2_v_q[i];
      l2_line_o[i*LaW +: LaW]   = l2_a_q[i];
    end
  end

  // ---- next state
  always_comb begin
    logic popped;
    for (int unsigned i = 0; i < Nodes; i++) begin
      popped = mreg_v_q[i] && r_miss_ready[i];
      // miss staging: the ring takes it; the L1D hands a new one over
      mreg_v_d[i] = mreg_v_q[i] && !popped;
      mreg_a_d[i] = mreg_a_q[i];
      if (miss_valid_i[i] && mem_ready_o[i]) begin
        mreg_v_d[i] = 1'b1;
        mreg_a_d[i] = miss_line_i[i*LaW +: LaW];
      end
      // fill staging
      fst_v_d[i] = fst_v_q[i];
      fst_a_d[i] = fst_a_q[i];
      if (r_resp_valid[i] && !fst_v_q[i]) begin
        fst_v_d[i] = 1'b1;
        fst_a_d[i] = r_resp_addr[i*LaW +: LaW];
      end
      if (fst_v_q[i] && fill_ready_i[i]) fst_v_d[i] = 1'b0;
      // L2 staging
      l2_v_d[i] = l2_v_q[i];
      l2_a_d[i] = l2_a_q[i];
      if (r_l2_valid[i] && !l2_v_q[i]) begin
        l2_v_d[i] = 1'b1;
        l2_a_d[i] = r_l2_addr[i*LaW +: LaW];
      end
      if (l2_v_q[i] && l2_ready_i[i]) l2_v_d[i] = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned i = 0; i < Nodes; i++) begin
        mreg_v_q[i]   <= 1'b0;
        mreg_a_q[i]   <= '0;
        fst_v_q[i]    <= 1'b0;
        fst_a_q[i]    <= '0;
        l2_v_q[i]     <= 1'b0;
        l2_a_q[i]     <= '0;
      end
    end else begin
      for (int unsigned i = 0; i < Nodes; i++) begin
        mreg_v_q[i]   <= mreg_v_d[i];
        mreg_a_q[i]   <= mreg_a_d[i];
        fst_v_q[i]    <= fst_v_d[i];
        fst_a_q[i]    <= fst_a_d[i];
        l2_v_q[i]     <= l2_v_d[i];
        l2_a_q[i]     <= l2_a_d[i];
      end
    end
  end
endmodule
