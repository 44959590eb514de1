// divmod_c -- x_i / D and x_i % D for a constant D, without a divider array.
//
// Why: Yosys maps `/` and `%` by a constant that is not a power of two as
// a generic divider array, W stages of W-bit subtractions: at W = 25 and
// D = 6 about 5 ns in shell_xbar's bank map and 7.5 ns in shell_l2's set
// index, the critical path of both blocks (docs/synthesis.md, "Writing RTL
// that Yosys maps").  Here:
//   r_o  a tree of residues: bit i of x_i contributes 2^i mod D (a
//        constant), each node adds two residues below D and subtracts D
//        once if the sum reaches it; log2(W) levels of RW+1-bit adds.
//   q_o  exact division: x - r is a multiple of D = O * 2^T (O odd), so
//        (x - r) >> T = O * q exactly, and q is that times the inverse of
//        O modulo 2^(W-T) (Newton's iteration at elaboration), truncated.
//        A multiplication by a constant, which Yosys maps as a carry-save
//        tree of the constant's set bits; a reader of q's low k bits only
//        (shell_l2's LINEAR set index) keeps a k-bit product of the low
//        k + T bits of x - r.
// D a power of two: a shift and a mask.  D = 1: q = x, r = 0.
// C mirror: csim/prim/divmod_c.h.
module divmod_c #(
  /// Bits of x_i (1..32).
  parameter int unsigned W = 8,
  /// The divisor (1..128).
  parameter int unsigned D = 3,
  /// Derived: do not override.  Bits of the remainder.
  localparam int unsigned RW = (D > 1) ? $clog2(D) : 1
) (
  input  logic [W-1:0]  x_i,
  output logic [W-1:0]  q_o,
  output logic [RW-1:0] r_o
);
  // D = O * 2^T, O odd
  function automatic logic [31:0] pow2_of(input int unsigned d);
    logic [31:0] t;
    t = 0;
    for (int unsigned i = 0; i < 8; i++)
      if (((d >> t) & 1) == 0) t = t + 1;
    pow2_of = t;
  endfunction
  // the inverse of an odd o modulo 2^32: Newton's step v = v * (2 - o * v)
  // doubles the correct low bits, from 3 (o * o = 1 mod 8)
  function automatic logic [31:0] inv_odd(input int unsigned o);
    logic [31:0] v;
    v = 32'(o);
    for (int unsigned i = 0; i < 5; i++) v = v * (32'd2 - 32'(o) * v);
    inv_odd = v;
  endfunction
  localparam int unsigned T   = (D > 1) ? 32'(pow2_of(D)) : 0;
  localparam int unsigned O   = D >> T;
  localparam int unsigned QW  = W - T;  // bits of (x - r) >> T and of q
  localparam logic [31:0] INV = inv_odd(O);
  localparam int unsigned LgX = (W > 1) ? $clog2(W) : 1;
  localparam int unsigned NX  = 1 << LgX;

  logic [NX*(RW+1)-1:0] rt;  // the residues, in place: level l keeps NX >> l at the bottom
  logic [RW:0]          pw, rsum;
  logic [W-1:0]         xr;  // x - r: a multiple of D
  always_comb begin
    rt   = '0;
    pw   = '0;
    rsum = '0;
    xr   = '0;
    if (D <= 1) begin
      r_o = '0;
      q_o = x_i;
    end else if (O == 1) begin  // a power of two
      r_o = RW'(x_i & W'(D - 1));
      q_o = x_i >> T;
    end else begin
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
      xr  = x_i - W'(r_o);
      q_o = W'(QW'(QW'(xr >> T) * QW'(INV)));
    end
  end
endmodule
