// mrpb_stats -- MRPB statistics: saturating event counters, the maximum
// occupancy and an occupancy histogram (cycles spent at each occupancy
// bucket), read through a CSR-style mux.
//
// Events are one-cycle pulses from the top (mrpb.sv), counted at the edge
// of the cycle they are high in.  occ_i is the registered occupancy (queued
// entries, not counting the output register), sampled once per cycle:
// occ_max_q follows it one cycle late and the histogram counts the cycle in
// bucket 0 for occ_i == 0, else bucket floor(log2(occ_i)) + 1.
// Read port: stat_data_o is combinational from stat_sel_i:
//   0 enq  1 deq  2 wpass  3 flush  4 bypass  5 stall  6 rej  7 occ_max
//   8 + b  histogram bucket b (b < NBkt); any other index reads 0.
// C mirror: csim/mrpb/mrpb_stats.{h,c}.
module mrpb_stats #(
  /// Bits of each counter.
  parameter int unsigned CntW = l1sys_pkg::MRPB_CNT_W,
  /// Bits of the occupancy.
  parameter int unsigned OccW = $clog2(32'(l1sys_pkg::MRPB_WARPS) * l1sys_pkg::MRPB_ENTRIES + 1),
  /// Derived: do not override.  Histogram buckets.
  localparam int unsigned NBkt = OccW + 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  /// A request entered a queue.
  input  logic            enq_i,
  /// A request left a queue for the output register.
  input  logic            deq_i,
  /// A write passed without being queued (flush option).
  input  logic            wpass_i,
  /// A dequeue was chosen by the flush rule.
  input  logic            flush_i,
  /// The request in the output register was turned into a bypass.
  input  logic            bypass_i,
  /// The LD/ST unit presented a request that was not accepted.
  input  logic            stall_i,
  /// The L1D rejected the presented request.
  input  logic            rej_i,
  /// Occupancy (registered).
  input  logic [OccW-1:0] occ_i,
  /// Counter read port.
  input  logic [4:0]      stat_sel_i,
  output logic [CntW-1:0] stat_data_o
);
  logic [CntW-1:0]      enq_cnt_q, enq_cnt_d, deq_cnt_q, deq_cnt_d, wpass_cnt_q, wpass_cnt_d;
  logic [CntW-1:0]      flush_cnt_q, flush_cnt_d, bypass_cnt_q, bypass_cnt_d;
  logic [CntW-1:0]      stall_cnt_q, stall_cnt_d, rej_cnt_q, rej_cnt_d;
  logic [OccW-1:0]      occ_max_q, occ_max_d;
  logic [CntW-1:0]      occ_hist_q [NBkt];  // cycles spent in each occupancy bucket
  logic [CntW-1:0]      occ_hist_d [NBkt];
  localparam int unsigned BktW = $clog2(NBkt + 1);
  logic [BktW-1:0]      bkt;

  function automatic logic [CntW-1:0] sat_inc(input logic [CntW-1:0] v, input logic inc);
    // Assignment to the function name: Yosys 0.23 cannot parse `return (...) ? ...`.
    sat_inc = (inc && !(&v)) ? v + 1'b1 : v;
  endfunction

  // Bucket: position of the highest set bit plus one (0 for zero).
  always_comb begin
    bkt = '0;
    for (int unsigned i = 0; i < OccW; i++) begin
      if (occ_i[i]) bkt = BktW'(i + 1);
    end
  end

  always_comb begin
    enq_cnt_d    = sat_inc(enq_cnt_q, enq_i);
    deq_cnt_d    = sat_inc(deq_cnt_q, deq_i);
    wpass_cnt_d  = sat_inc(wpass_cnt_q, wpass_i);
    flush_cnt_d  = sat_inc(flush_cnt_q, flush_i);
    bypass_cnt_d = sat_inc(bypass_cnt_q, bypass_i);
    stall_cnt_d  = sat_inc(stall_cnt_q, stall_i);
    rej_cnt_d    = sat_inc(rej_cnt_q, rej_i);
    occ_max_d    = (occ_i > occ_max_q) ? occ_i : occ_max_q;
    for (int unsigned b = 0; b < NBkt; b++) begin
      occ_hist_d[b] = occ_hist_q[b];
      if (bkt == BktW'(b)) occ_hist_d[b] = sat_inc(occ_hist_q[b], 1'b1);
    end
  end

  always_comb begin
    stat_data_o = '0;
    unique case (stat_sel_i)
      l1sys_pkg::MRPB_STAT_ENQ: stat_data_o = enq_cnt_q;
      l1sys_pkg::MRPB_STAT_DEQ: stat_data_o = deq_cnt_q;
      l1sys_pkg::MRPB_STAT_WPASS: stat_data_o = wpass_cnt_q;
      l1sys_pkg::MRPB_STAT_FLUSH: stat_data_o = flush_cnt_q;
      l1sys_pkg::MRPB_STAT_BYPASS: stat_data_o = bypass_cnt_q;
      l1sys_pkg::MRPB_STAT_STALL: stat_data_o = stall_cnt_q;
      l1sys_pkg::MRPB_STAT_REJ: stat_data_o = rej_cnt_q;
      l1sys_pkg::MRPB_STAT_OCC_MAX: stat_data_o = CntW'(occ_max_q);
      default: begin
        for (int unsigned b = 0; b < NBkt; b++) begin
          if (stat_sel_i == l1sys_pkg::MRPB_STAT_HIST0 + 5'(b)) stat_data_o = occ_hist_q[b];
        end
      end
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      enq_cnt_q    <= '0;
      deq_cnt_q    <= '0;
      wpass_cnt_q  <= '0;
      flush_cnt_q  <= '0;
      bypass_cnt_q <= '0;
      stall_cnt_q  <= '0;
      rej_cnt_q    <= '0;
      occ_max_q    <= '0;
      for (int unsigned b = 0; b < NBkt; b++) occ_hist_q[b] <= '0;
    end else begin
      enq_cnt_q    <= enq_cnt_d;
      deq_cnt_q    <= deq_cnt_d;
      wpass_cnt_q  <= wpass_cnt_d;
      flush_cnt_q  <= flush_cnt_d;
      bypass_cnt_q <= bypass_cnt_d;
      stall_cnt_q  <= stall_cnt_d;
      rej_cnt_q    <= rej_cnt_d;
      occ_max_q    <= occ_max_d;
      for (int unsigned b = 0; b < NBkt; b++) occ_hist_q[b] <= occ_hist_d[b];
    end
  end
endmodule
