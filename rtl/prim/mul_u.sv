// mul_u -- unsigned product, kept as its own module through logic mapping.
//
// Why a module for one `*`: formal equivalence (make lec) proves each
// matched net from the nearest cut points before it.  A product that ABC
// maps together with the comparators that read it leaves no net between
// them, and one SAT problem over multiplier and comparator (the MRMU's
// cls_o) did not finish its first cycle in 600 s.  keep_hierarchy makes
// synthesis map this module apart; make lec cuts the netlist as mapped
// (netlist_cut.v) at it, proves it alone (a 13 x 7 multiplier: ~100 s) and
// its readers with its ports as cut points (docs/synthesis.md, "Formal
// equivalence").  Cost: ABC cannot merge the product into its reader
// (docs/results/synthesis.md, bdu).
// p_o = a_i * b_i, truncated to PW bits (callers size PW for the full product).
// C mirror: csim/prim/mul_u.h.
(* keep_hierarchy *)
module mul_u #(
  /// Bits of a_i.
  parameter int unsigned AW = 8,
  /// Bits of b_i.
  parameter int unsigned BW = 8,
  /// Bits of the product p_o.
  parameter int unsigned PW = AW + BW
) (
  input  logic [AW-1:0] a_i,
  input  logic [BW-1:0] b_i,
  output logic [PW-1:0] p_o
);
  assign p_o = PW'(a_i) * PW'(b_i);
endmodule
