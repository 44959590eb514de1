// mod_c -- x_i % D for a constant D, as a tree of residues.
//
// Why: Yosys maps `%` by a constant that is not a power of two as a
// generic divider array, W stages of W-bit subtractions: the crossbar's
// bank map `(line >> SectW) % NB` at W = 25, NB = 6 spent about 5 ns of its
// 10 ns path there (docs/synthesis.md, "Writing RTL that Yosys maps").
// Here bit i of x_i contributes the constant 2^i mod D; each node of a tree
// adds two residues below D and subtracts D once if the sum reaches it:
// log2(W) levels of RW+1-bit adds (about 2 ns at W = 25, D = 6 in the OSU
// 0.18 um cells).  D a power of two: the low bits.  D = 1: 0.
// C mirror: csim/prim/mod_c.h.
module mod_c #(
  /// Bits of x_i (1..32).
  parameter int unsigned W = 8,
  /// The divisor (1..128).
  parameter int unsigned D = 3,
  /// Derived: do not override.  Bits of the remainder.
  localparam int unsigned RW = (D > 1) ? $clog2(D) : 1
) (
  input  logic [W-1:0]  x_i,
  output logic [RW-1:0] r_o
);
  localparam int unsigned LgX = (W > 1) ? $clog2(W) : 1;
  localparam int unsigned NX  = 1 << LgX;

  logic [NX*(RW+1)-1:0] rt;  // the residues, in place: level l keeps NX >> l at the bottom
  logic [RW:0]          pw, rsum;
  always_comb begin
    rt   = '0;
    pw   = '0;
    rsum = '0;
    if (D <= 1) r_o = '0;
    else if ((D & (D - 1)) == 0) r_o = RW'(x_i & W'(D - 1));  // a power of two
    else begin
      pw = (RW+1)'(1);  // 2^i mod D, from i = 0 (D > 1)
      for (int unsigned i = 0; i < W; i++) begin
        if (x_i[i]) rt[i*(RW+1) +: RW+1] = pw;
        pw = (RW+1)'((32'(pw) * 2) % D);
      end
      for (int unsigned l = 0; l < LgX; l++)
        for (int unsigned i = 0; i < (NX >> (l + 1)); i++) begin
          rsum = rt[2*i*(RW+1) +: RW+1] + rt[(2*i + 1)*(RW+1) +: RW+1];
          if (32'(rsum) >= D) rsum = rsum - (RW+1)'(D);
          rt[i*(RW+1) +: RW+1] = rsum;
        end
      r_o = rt[RW-1:0];
    end
  end
endmodule
