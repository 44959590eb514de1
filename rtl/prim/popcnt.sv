// popcnt -- number of set bits of x_i, as a tree of 8-input counts.
//
// Why a module (and a tree of itself) for one count: formal equivalence
// (make lec) proves each matched net from the nearest cut points before it.
// A 64-input count that ABC restructures is one SAT problem that neither
// Yosys' equiv_simple (> 180 s) nor ABC's iprove/dprove/&cec decided
// (docs/results/synthesis.md).  keep_hierarchy makes synthesis map every
// instance apart, so make lec proves each piece alone with its children cut
// (an 8-input count: 256 cases; the sum of up to 8 four-bit counts: seconds)
// and the reader (the WOMU) with the count as a cut point.
// N <= 8: a direct count.  N > 8: ceil(N/8) popcnt instances of 8 inputs
// (the last one of the rest) and their sum.  Cost: ABC cannot share logic
// across the pieces (docs/results/synthesis.md, bdu).
// C mirror: csim/prim/popcnt.h.
(* keep_hierarchy *)
module popcnt #(
  /// Bits counted.
  parameter int unsigned N = 8,
  /// Derived: do not override.  Bits of the count.
  localparam int unsigned W = $clog2(N + 1)
) (
  input  logic [N-1:0] x_i,
  output logic [W-1:0] cnt_o
);
  /// Inputs per leaf count.
  localparam int unsigned Leaf = 8;
  /// Leaf counts (N > Leaf).
  localparam int unsigned Parts = (N + Leaf - 1) / Leaf;

  if (N <= Leaf) begin : g_leaf
    always_comb begin
      cnt_o = '0;
      for (int unsigned i = 0; i < N; i++) cnt_o = cnt_o + W'(x_i[i]);
    end
  end else begin : g_tree
    logic [4*Parts-1:0] part;  // leaf counts, 4 bits each
    for (genvar p = 0; p < Parts; p++) begin : g_part
      localparam int unsigned Lo = p * Leaf;
      localparam int unsigned Pn = (N - Lo < Leaf) ? N - Lo : Leaf;
      logic [$clog2(Pn + 1)-1:0] cnt;
      popcnt #(.N(Pn)) i_part (.x_i(x_i[Lo +: Pn]), .cnt_o(cnt));
      assign part[4*p +: 4] = 4'(cnt);
    end
    always_comb begin
      cnt_o = '0;
      for (int unsigned p = 0; p < Parts; p++) cnt_o = cnt_o + W'(part[4*p +: 4]);
    end
  end
endmodule
