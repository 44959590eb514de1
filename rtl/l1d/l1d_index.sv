// l1d_index -- the L1D set-index function (combinational), mode_i =
// L1D_INDEX (csim/params_l1d.def).
//
// LINEAR: line & (Sets-1), line = addr >> OffW.
// FERMI (GPGPU-Sim FERMI_HASH_SET_FUNCTION, Nugteren et al. HPCA 2014):
// lower = line bits 0..4, upper = address bits 13,14,15,17,19 as bits 0..4,
// set = lower ^ upper; with 64 sets address bit 12 is set bit 5.
// IPOLY (GPGPU-Sim HASH_IPOLY_FUNCTION): its equations for 16/32/64 sets are
// the remainder modulo the degree-log2(Sets) polynomial of the line's low
// log2(Sets) + K bits, K = L1D_IPOLY_HI_<Sets> (13, 15, 19): computed by
// l1sys_pkg::ipoly_mod, the RTL's one IPOLY (the shell L2's too).  Other set
// counts: the remainder of the whole line (configurations refuse them).
// XOR (GPGPU-Sim BITWISE_XORING_FUNCTION): (line ^ (line >> log2(Sets))).
// Every result is masked to Sets-1, so a mode input outside its legal
// combination is still defined identically in C; configurations reject it.
// C mirror: csim/l1d/l1d_index.h.
module l1d_index #(
  /// Sets (a power of two).
  parameter int unsigned Sets = l1sys_pkg::L1D_SETS,
  /// log2 of the line size in bytes.
  parameter int unsigned OffW = $clog2(l1sys_pkg::L1D_LINE),
  /// Derived: do not override.
  localparam int unsigned SetW = (Sets > 1) ? $clog2(Sets) : 1
) (
  /// Byte address, zero-extended to 32 bits.
  input  logic [31:0]     addr_i,
  /// Set-index function: l1sys_pkg::L1D_INDEX_LINEAR, _FERMI, _IPOLY, _XOR.
  input  logic [1:0]      mode_i,
  output logic [SetW-1:0] set_o
);
  // log2(Sets) (0 for one set) and the line bits IPOLY reads
  localparam int unsigned N = $clog2(Sets);
  localparam int unsigned IpolyW = (N == 4) ? 4 + 32'(l1sys_pkg::L1D_IPOLY_HI_16) :
                                   (N == 5) ? 5 + 32'(l1sys_pkg::L1D_IPOLY_HI_32) :
                                   (N == 6) ? 6 + 32'(l1sys_pkg::L1D_IPOLY_HI_64) : 32;
  logic [31:0] line, upper, s;

  always_comb begin
    line  = addr_i >> OffW;
    upper = {27'd0, addr_i[19], addr_i[17], addr_i[15], addr_i[14], addr_i[13]};
    unique case (mode_i)
      2'(l1sys_pkg::L1D_INDEX_FERMI): begin
        s = (line & 32'h1F) ^ upper;
        if (Sets == 64) s = s | ((addr_i & 32'h1000) >> 7);
      end
      2'(l1sys_pkg::L1D_INDEX_IPOLY): begin
        s = l1sys_pkg::ipoly_mod(line, IpolyW, N);
`ifdef LS_FAULTS
        // fault: set bit 0 loses its a[0] term (line bit N)
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_IPOLY_A0) s = s ^ 32'((line >> N) & 32'd1);
`endif
      end
      2'(l1sys_pkg::L1D_INDEX_XOR): s = line ^ (line >> N);
      default: s = line;
    endcase
    s     = s & (Sets - 1);
    set_o = s[SetW-1:0];
  end
endmodule
