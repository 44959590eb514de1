// mod_c_tb -- rtl/prim/mod_c.sv against SystemVerilog's own `%` (the
// independent expectation: the simulator's division), run by
// scripts/mod_c_test.sh under `verilator --binary`.
//   W = 12: every x, every divisor 1..128;
//   W = 25 (shell_xbar's line width at the default parameters) and
//   W = 32: 100,000 x from a fixed LCG plus the edges (0, powers of two
//   and their neighbours, all ones), the divisors the shell's bank counts
//   reach and their neighbours.
// Prints "mod_c_tb: N checks, M mismatches"; $fatal on a mismatch.
module mod_c_tb;
  localparam int unsigned NS = 12;  // the wide widths' divisors
  localparam int unsigned DS [NS] = '{3, 5, 6, 7, 10, 11, 12, 24, 48, 96, 127, 128};

  logic [11:0] x12;
  logic [24:0] x25;
  logic [31:0] x32;
  logic [128:1] e12;
  logic [NS-1:0] e25, e32;
  for (genvar d = 1; d <= 128; d++) begin : g12
    localparam int unsigned RW = (d > 1) ? $clog2(d) : 1;
    logic [RW-1:0] r;
    mod_c #(.W(12), .D(d)) i_m (.x_i(x12), .r_o(r));
    assign e12[d] = 32'(r) != 32'(x12) % d;
  end
  for (genvar k = 0; k < NS; k++) begin : gw
    localparam int unsigned D = DS[k];
    localparam int unsigned RW = $clog2(D);
    logic [RW-1:0] r25, r32;
    mod_c #(.W(25), .D(D)) i25 (.x_i(x25), .r_o(r25));
    mod_c #(.W(32), .D(D)) i32 (.x_i(x32), .r_o(r32));
    assign e25[k] = 32'(r25) != 32'(x25) % D;
    assign e32[k] = 32'(r32) != x32 % D;
  end

  longint unsigned n, bad;
  logic [63:0] lcg;
  task automatic check(input string what, input logic [31:0] x, input logic failed);
    n = n + 1;
    if (failed) begin
      bad = bad + 1;
      if (bad <= 5) $display("mod_c_tb: mismatch at W=%s x=%0d", what, x);
    end
  endtask
  initial begin
    n = 0;
    bad = 0;
    lcg = 64'd1;
    for (int unsigned x = 0; x < 4096; x++) begin
      x12 = 12'(x);
      #1;
      check("12", x, e12 != '0);
    end
    for (int unsigned i = 0; i < 100000 + 3 * 33; i++) begin
      logic [31:0] v;
      if (i < 3 * 33) begin  // the edges: 2^j - 1, 2^j and 2^j + 1 for j = 0..32 (2^32: all ones)
        v = (i / 3 == 32) ? 32'hffffffff - 32'(i % 3) : (32'd1 << (i / 3)) + 32'(i % 3) - 32'd1;
      end else begin
        lcg = lcg * 64'd6364136223846793005 + 64'd1442695040888963407;
        v = lcg[63:32];
      end
      x25 = v[24:0];
      x32 = v;
      #1;
      check("25", 32'(x25), e25 != '0);
      check("32", x32, e32 != '0);
    end
    $display("mod_c_tb: %0d checks, %0d mismatches", n, bad);
    if (bad != 0) $fatal(1, "mod_c_tb: mod_c disagrees with %%");
    $finish;
  end
endmodule
