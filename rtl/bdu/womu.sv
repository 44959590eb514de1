// womu -- warp occupancy monitor unit of two-level L1D bypassing (the
// two-level paper, Section 3): counts the valid instruction-buffer entries (active
// warps) every cycle and reduces them over a sampling period to the one
// figure compared with threshold_W.
//
// Reductions (mode_womu_i, l1sys_pkg::BDU_WOMU_*; docs/bdu.md):
//   LAST  the occupancy of the period's last cycle (the paper's 5-bit
//         register read at the period's end);
//   AVG   the mean, division-free: sum < W * Period;
//   MIN   the smallest occupancy of the period.
// Encoding 3 behaves as LAST.  clr_i (wins over en_i) empties the figures
// (sum 0, minimum all ones, last 0); en_i folds this cycle's occupancy in.
// low_o = figure < W, from the registered figures.
// C mirror: csim/bdu/womu.{h,c}.
module womu #(
  // manifest: BDU params except=Hold
  /// sampling period in cycles (counters are clog2(PERIOD+1) bits: 13 for 5000) (BDU_PERIOD)
  parameter int unsigned Period = l1sys_pkg::BDU_PERIOD,
  /// instruction-buffer entries (warps) of the SM the WOMU watches (BDU_WARPS)
  parameter int unsigned Warps  = l1sys_pkg::BDU_WARPS,
  // manifest: end
  /// Derived: do not override.  Occupancy bits.
  localparam int unsigned OccW = $clog2(Warps + 1),
  /// Derived: do not override.  Occupancy-sum bits.
  localparam int unsigned SumW = $clog2(Period * Warps + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clr_i,
  input  logic             en_i,
  input  logic [Warps-1:0] ibuf_valid_i,
  input  logic [1:0]       mode_womu_i,
  input  logic [OccW-1:0]  mode_thr_w_i,
  output logic [OccW-1:0]  occ_o,
  output logic             low_o
);
  logic [OccW-1:0] occ_last_q, occ_last_d, occ_min_q, occ_min_d;
  logic [SumW-1:0] occ_sum_q, occ_sum_d;
  logic [OccW-1:0] occ;

  // the count: a popcnt tree kept apart through synthesis (a cut point of make lec)
  popcnt #(.N(Warps)) i_popcnt (.x_i(ibuf_valid_i), .cnt_o(occ));

  always_comb begin
    occ_o = occ;

    occ_last_d = occ_last_q;
    occ_min_d  = occ_min_q;
    occ_sum_d  = occ_sum_q;
    if (clr_i) begin
      occ_last_d = '0;
      occ_min_d  = '1;
      occ_sum_d  = '0;
    end else if (en_i) begin
      occ_last_d = occ;
      occ_min_d  = (occ < occ_min_q) ? occ : occ_min_q;
      occ_sum_d  = occ_sum_q + SumW'(occ);
    end

    unique case (mode_womu_i)
`ifdef LS_FAULTS
      2'(l1sys_pkg::BDU_WOMU_AVG): low_o = (ls_fault_pkg::sel == ls_fault_pkg::FAULT_BDU_W) ? 32'(occ_sum_q) <= 32'(mode_thr_w_i) * 32'(Period) : 32'(occ_sum_q) < 32'(mode_thr_w_i) * 32'(Period);  // injected: <= W
`else
      2'(l1sys_pkg::BDU_WOMU_AVG): low_o = 32'(occ_sum_q) < 32'(mode_thr_w_i) * 32'(Period);
`endif
      2'(l1sys_pkg::BDU_WOMU_MIN): low_o = occ_min_q < mode_thr_w_i;
      default:                 low_o = occ_last_q < mode_thr_w_i;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      occ_last_q <= '0;
      occ_min_q  <= '1;
      occ_sum_q  <= '0;
    end else begin
      occ_last_q <= occ_last_d;
      occ_min_q  <= occ_min_d;
      occ_sum_q  <= occ_sum_d;
    end
  end
endmodule
