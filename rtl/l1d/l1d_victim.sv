// l1d_victim -- victim choice in one L1D set (combinational, no state).
//
// free_i[w]: way w holds nothing (not valid, no BA tag, not reserved);
// cand_i[w]: way w may be evicted (not reserved); rank_i: RankW bits per
// way, 0 = most recently touched, Ways-1 = oldest (a permutation per set);
// reuse_i: the BA reuse bits.
// Rule (GPGPU-Sim tag_array::probe): the HIGHEST free way first, else the candidate with the
// highest rank (ties to the lowest way).  BA (the BA paper, §5.4.2): with n0 =
// ways whose reuse bit is 0, evict among reuse=0 candidates while
// n0 >= thr_i, among reuse=1 candidates while n0 < thr_i; an empty group
// falls back to the other.
// C mirror: csim/l1d/l1d_victim.{h,c}.
module l1d_victim #(
  /// Ways per set.
  parameter int unsigned Ways  = l1sys_pkg::L1D_WAYS,
  /// Derived: do not override.
  localparam int unsigned WayW  = (Ways > 1) ? $clog2(Ways) : 1,
  /// Derived: do not override.
  localparam int unsigned RankW = WayW
) (
  input  logic [Ways-1:0]       free_i,
  input  logic [Ways-1:0]       cand_i,
  input  logic [Ways*RankW-1:0] rank_i,
  input  logic [Ways-1:0]       reuse_i,
  input  logic                  ba_i,
  input  logic [7:0]            thr_i,
  output logic                  free_any_o,
  output logic                  found_o,
  output logic [WayW-1:0]       way_o
);
  logic [WayW-1:0]  free_way, best;
  logic [RankW-1:0] best_rank;
  logic [7:0]       n0;
  logic             g0, g1, want1, any;

  always_comb begin
    free_any_o = 1'b0;
    free_way   = '0;
    n0         = '0;
    g0         = 1'b0;
    g1         = 1'b0;
    for (int unsigned w = 0; w < Ways; w++) begin
`ifdef LS_FAULTS
      // Injected fault: the lowest free way wins.
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_VICTIM_LOW && free_any_o) begin end
      else
`endif
      if (free_i[w]) begin
        free_any_o = 1'b1;
        free_way   = WayW'(w);
      end
      n0 = n0 + {7'd0, !reuse_i[w]};
      g0 = g0 | (cand_i[w] & !reuse_i[w]);
      g1 = g1 | (cand_i[w] & reuse_i[w]);
    end
    want1     = ba_i && (((n0 < thr_i) && g1) || !g0);
    any       = 1'b0;
    best      = '0;
    best_rank = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if (cand_i[w] && (!ba_i || (reuse_i[w] == want1))) begin
        if (!any || (rank_i[w*RankW +: RankW] > best_rank)) begin
          any       = 1'b1;
          best      = WayW'(w);
          best_rank = rank_i[w*RankW +: RankW];
        end
      end
    end
    found_o = free_any_o || any;
    way_o   = free_any_o ? free_way : best;
  end
endmodule
