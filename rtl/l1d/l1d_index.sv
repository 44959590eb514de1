// l1d_index -- the L1D set-index function (combinational).
//
// Linear: (addr >> log2(Line)) & (Sets-1).
// Fermi hash (GPGPU-Sim FERMI_HASH_SET_FUNCTION, Nugteren et al. HPCA 2014):
// lower = line-address bits 0..4, upper = address bits 13,14,15,17,19 as
// bits 0..4, set = lower ^ upper; with 64 sets address bit 12 is set bit 5.
// Both results are masked to Sets-1, so hash_i with other set counts is
// still defined identically in C; configurations reject that combination.
// C mirror: csim/l1d/l1d_index.h.
module l1d_index #(
  /// Sets (a power of two).
  parameter int unsigned Sets = 32,
  /// log2 of the line size in bytes.
  parameter int unsigned OffW = 7,
  /// Derived: do not override.
  parameter int unsigned SetW = (Sets > 1) ? $clog2(Sets) : 1
) (
  /// Byte address, zero-extended to 32 bits.
  input  logic [31:0]     addr_i,
  /// 1: Fermi hash, 0: linear.
  input  logic            hash_i,
  output logic [SetW-1:0] set_o
);
  logic [31:0] line, upper, s;

  always_comb begin
    line  = addr_i >> OffW;
    upper = {27'd0, addr_i[19], addr_i[17], addr_i[15], addr_i[14], addr_i[13]};
    s     = line;
    if (hash_i) begin
      s = (line & 32'h1F) ^ upper;
      if (Sets == 64) s = s | ((addr_i & 32'h1000) >> 7);
    end
    s     = s & (Sets - 1);
    set_o = s[SetW-1:0];
  end
endmodule
