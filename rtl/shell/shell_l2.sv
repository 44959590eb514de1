// shell_l2 -- one L2 bank of the GPU shell (docs/shell.md, "Dispatcher,
// crossbars, L2, DRAM").  A request queue, one tag access a cycle (a line
// back from DRAM has priority over the head request), Sets x Ways tags with
// LRU by last-use stamp, an XOR-folded set index, hits answered after Lat
// cycles through a response queue, load misses and stores (write-through, no
// allocate) sent to the DRAM channel of the environment.
//
// Ports (valid/ready: a transfer happens in a cycle where both are high):
//   req_*       from the request crossbar; req_ready_o: request queue not full.
//   rsp_*       the response queue's head once its stamp is reached.
//   dram_req_*  the head request when it is a load miss or a store.
//   dram_rsp_*  a line from DRAM: allocated (victim: lowest invalid way, else
//               least recently used, lowest way on ties) and answered next cycle.
// Queue entries {ts, byp, store, id, sm, line}, line at bit 0.
// C mirror: csim/shell/shell_l2.{h,c} (same names, same statement order).
module shell_l2 #(
  /// Sets (power of two).
  parameter int unsigned Sets = 64,
  /// Ways per set.
  parameter int unsigned Ways = 16,
  /// Hit latency in cycles (tag access to the response's stamp).
  parameter int unsigned Lat  = 80,
  /// Request-queue entries.
  parameter int unsigned ReqQ = 8,
  /// Response-queue entries.
  parameter int unsigned RspQ = 8,
  /// Line-address bits.
  parameter int unsigned LaW  = 25,
  /// Request-id bits.
  parameter int unsigned IdW  = 8,
  /// SM-number bits.
  parameter int unsigned SmW  = 4,
  /// Derived: do not override.
  parameter int unsigned SetW = (Sets > 1) ? $clog2(Sets) : 1,
  /// Derived: do not override.
  parameter int unsigned MsgW = LaW + SmW + IdW + 2 + 32
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           req_valid_i,
  output logic           req_ready_o,
  input  logic [SmW-1:0] req_sm_i,
  input  logic [LaW-1:0] req_line_i,
  input  logic [IdW-1:0] req_id_i,
  input  logic           req_store_i,
  input  logic           req_byp_i,
  output logic           rsp_valid_o,
  input  logic           rsp_ready_i,
  output logic [SmW-1:0] rsp_sm_o,
  output logic [LaW-1:0] rsp_line_o,
  output logic [IdW-1:0] rsp_id_o,
  output logic           rsp_byp_o,
  output logic           dram_req_valid_o,
  input  logic           dram_req_ready_i,
  output logic [SmW-1:0] dram_req_sm_o,
  output logic [LaW-1:0] dram_req_line_o,
  output logic [IdW-1:0] dram_req_id_o,
  output logic           dram_req_store_o,
  output logic           dram_req_byp_o,
  input  logic           dram_rsp_valid_i,
  output logic           dram_rsp_ready_o,
  input  logic [SmW-1:0] dram_rsp_sm_i,
  input  logic [LaW-1:0] dram_rsp_line_i,
  input  logic [IdW-1:0] dram_rsp_id_i,
  input  logic           dram_rsp_byp_i
);
  localparam int unsigned WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam int unsigned OSm = LaW, OId = LaW + SmW, OSt = LaW + SmW + IdW, OByp = OSt + 1, OTs = OSt + 2;

  // ---- registers ----------------------------------------------------------
  logic           valid_q [Sets][Ways];
  logic           valid_d [Sets][Ways];
  logic [LaW-1:0] tag_q   [Sets][Ways];
  logic [LaW-1:0] tag_d   [Sets][Ways];
  logic [31:0]    age_q   [Sets][Ways];
  logic [31:0]    age_d   [Sets][Ways];
  logic [31:0]    tick_q, tick_d, cyc_q, cyc_d;
  logic [31:0]    cnt_q [4];
  logic [31:0]    cnt_d [4];

  // ---- queues -------------------------------------------------------------
  logic            rq_push, rq_pop, rq_full, rq_empty;
  logic [MsgW-1:0] rq_wdata, rq_rdata;
  logic [$clog2(ReqQ+1)-1:0] rq_count;
  fifo_sync #(.Depth(ReqQ), .Width(MsgW)) i_reqq (
    .clk_i, .rst_ni, .push_i(rq_push), .wdata_i(rq_wdata), .pop_i(rq_pop),
    .rdata_o(rq_rdata), .full_o(rq_full), .empty_o(rq_empty), .count_o(rq_count));
  logic            rs_push, rs_pop, rs_full, rs_empty;
  logic [MsgW-1:0] rs_wdata, rs_rdata;
  logic [$clog2(RspQ+1)-1:0] rs_count;
  fifo_sync #(.Depth(RspQ), .Width(MsgW)) i_rspq (
    .clk_i, .rst_ni, .push_i(rs_push), .wdata_i(rs_wdata), .pop_i(rs_pop),
    .rdata_o(rs_rdata), .full_o(rs_full), .empty_o(rs_empty), .count_o(rs_count));

  function automatic logic [SetW-1:0] set_idx(input logic [LaW-1:0] line);
    logic [LaW-1:0] x;
    x = line ^ (line >> SetW) ^ (line >> (2 * SetW));
    set_idx = (Sets > 1) ? x[SetW-1:0] : '0;
    set_idx ^= '0 & SetW'(x >> SetW);  // every bit of x read: lint
  endfunction

  logic           fill, look, hit, vfound, ld_hit, ld_miss, st, hit_go, dram_go, touch, alloc;
  logic [LaW-1:0] line;
  logic [SetW-1:0] set;
  logic [WayW-1:0] hway, vway;
  logic [31:0]    h_ts, r_ts;

  always_comb begin
    for (int unsigned s = 0; s < Sets; s++)
      for (int unsigned w = 0; w < Ways; w++) begin
        valid_d[s][w] = valid_q[s][w];
        tag_d[s][w]   = tag_q[s][w];
        age_d[s][w]   = age_q[s][w];
      end
    tick_d  = tick_q;
    cyc_d   = cyc_q + 32'd1;
    h_ts    = rq_rdata[OTs +: 32];
    r_ts    = rs_rdata[OTs +: 32];
    // ---- fill from DRAM, else the head request's lookup ----
    fill = dram_rsp_valid_i && !rs_full;
    line = fill ? dram_rsp_line_i : rq_rdata[LaW-1:0];
    set  = set_idx(line);
    hit  = 1'b0;
    hway = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (valid_q[set][w] && tag_q[set][w] == line && !hit) begin
        hit  = 1'b1;
        hway = WayW'(w);
      end
    vfound = 1'b0;
    vway   = '0;
    for (int unsigned w = 0; w < Ways; w++)
`ifdef FAULT_SHELL_L2_VICTIM
      if (!valid_q[set][w]) begin  // fault: the highest invalid way
`else
      if (!valid_q[set][w] && !vfound) begin
`endif
        vfound = 1'b1;
        vway   = WayW'(w);
      end
    if (!vfound)
      for (int unsigned w = 1; w < Ways; w++)
        if (age_q[set][w] < age_q[set][vway]) vway = WayW'(w);
    look    = !fill && !rq_empty;
    ld_hit  = look && !rq_rdata[OSt] && hit;
    ld_miss = look && !rq_rdata[OSt] && !hit;
    st      = look && rq_rdata[OSt];
    hit_go  = ld_hit && !rs_full;
    dram_req_valid_o = ld_miss || st;
    dram_go          = dram_req_valid_o && dram_req_ready_i;
    dram_req_sm_o    = rq_rdata[OSm +: SmW];
    dram_req_line_o  = rq_rdata[LaW-1:0];
    dram_req_id_o    = rq_rdata[OId +: IdW];
    dram_req_store_o = rq_rdata[OSt];
    dram_req_byp_o   = rq_rdata[OByp];
    dram_rsp_ready_o = !rs_full;
    req_ready_o      = !rq_full;
    rsp_valid_o      = !rs_empty && $signed(r_ts - cyc_q) <= 0;
    rsp_sm_o         = rs_rdata[OSm +: SmW];
    rsp_line_o       = rs_rdata[LaW-1:0];
    rsp_id_o         = rs_rdata[OId +: IdW];
    rsp_byp_o        = rs_rdata[OByp];
    // ---- tag updates ----
    touch = (fill && hit) || hit_go || (st && dram_go && hit);
    alloc = fill && !hit;
    if (touch || alloc) begin
      tick_d = tick_q + 32'd1;
      age_d[set][alloc ? vway : hway] = tick_d;
      if (alloc) begin
        valid_d[set][vway] = 1'b1;
        tag_d[set][vway]   = line;
      end
    end
    // ---- queues ----
    rs_push = fill || hit_go;
    if (fill) rs_wdata = {cyc_q + 32'd1, dram_rsp_byp_i, 1'b0, dram_rsp_id_i, dram_rsp_sm_i, dram_rsp_line_i};
`ifdef FAULT_SHELL_L2_LAT
    else      rs_wdata = {cyc_q + 32'(Lat) - 32'd1, rq_rdata[OByp], 1'b0, rq_rdata[OId +: IdW], rq_rdata[OSm +: SmW],
                          rq_rdata[LaW-1:0]};  // fault: hits one cycle early
`else
    else      rs_wdata = {cyc_q + 32'(Lat), rq_rdata[OByp], 1'b0, rq_rdata[OId +: IdW], rq_rdata[OSm +: SmW],
                          rq_rdata[LaW-1:0]};
`endif
    rs_pop   = rsp_valid_o && rsp_ready_i;
    rq_wdata = {32'd0, req_byp_i, req_store_i, req_id_i, req_sm_i, req_line_i};
    rq_push  = req_valid_i && req_ready_o;
    rq_pop   = hit_go || dram_go;
    // ---- counters ----
    cnt_d[0] = cnt_q[0] + 32'(hit_go);
    cnt_d[1] = cnt_q[1] + 32'(ld_miss && dram_go);
    cnt_d[2] = cnt_q[2] + 32'(st && dram_go);
    cnt_d[3] = cnt_q[3] + 32'(alloc);
  end

  // Array registers: one always_ff per element (generate), as in rtl/l1d.
  for (genvar gs = 0; gs < Sets; gs++) begin : gen_set
    for (genvar gw = 0; gw < Ways; gw++) begin : gen_way
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          valid_q[gs][gw] <= 1'b0;
          tag_q[gs][gw]   <= '0;
          age_q[gs][gw]   <= '0;
        end else begin
          valid_q[gs][gw] <= valid_d[gs][gw];
          tag_q[gs][gw]   <= tag_d[gs][gw];
          age_q[gs][gw]   <= age_d[gs][gw];
        end
      end
    end
  end
  for (genvar gk = 0; gk < 4; gk++) begin : gen_cnt
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cnt_q[gk] <= '0;
      else         cnt_q[gk] <= cnt_d[gk];
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tick_q <= '0;
      cyc_q  <= '0;
    end else begin
      tick_q <= tick_d;
      cyc_q  <= cyc_d;
    end
  end

  logic unused;
  assign unused = ^{h_ts, rq_count, rs_count};
endmodule
