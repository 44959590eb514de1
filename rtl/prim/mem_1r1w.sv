// mem_1r1w -- one-read, one-write memory with a per-slice write mask.
//
// The project's only storage-array wrapper: every tag and data array, every
// FIFO body, goes through it, so synthesis can keep it as flops or swap in an
// SRAM macro (the area flow black-boxes it and costs it by bits).
//
// Read port:  combinational; rdata_o is row raddr_i as it stands before this
//             cycle's clock edge (read-before-write when raddr_i == waddr_i).
// Write port: at the rising edge, when we_i, every slice s with wmask_i[s]
//             set takes wdata_i[s*SliceW +: SliceW] into row waddr_i.
// Addresses must be below Depth (callers guarantee it).
// No reset, like an SRAM.  Simulation starts from all-zero contents in both
// the C model and the RTL (verilator --x-initial 0).
// C mirror: csim/prim/mem_1r1w.{h,c}.
module mem_1r1w #(
  /// Rows.
  parameter int unsigned Depth  = 32,
  /// Bits per row.
  parameter int unsigned Width  = 32,
  /// Bits per write-mask slice; must divide Width.
  parameter int unsigned SliceW = Width,
  /// Derived: do not override.
  localparam int unsigned AddrW  = (Depth > 1) ? $clog2(Depth) : 1,
  /// Derived: do not override.
  localparam int unsigned NSlice = Width / SliceW
) (
  input  logic              clk_i,
  input  logic [AddrW-1:0]  raddr_i,
  output logic [Width-1:0]  rdata_o,
  input  logic              we_i,
  input  logic [AddrW-1:0]  waddr_i,
  input  logic [Width-1:0]  wdata_i,
  input  logic [NSlice-1:0] wmask_i
);
  logic [Width-1:0] mem_q [Depth];

  assign rdata_o = mem_q[raddr_i];

  // The masked row is merged combinationally and written whole: Verilator
  // cannot delay per-slice array writes inside a loop, and an SRAM macro that
  // replaces this wrapper takes the mask as its bit-write enables anyway.
  logic [Width-1:0] wrow;
  always_comb begin
    wrow = mem_q[waddr_i];
    for (int unsigned s = 0; s < NSlice; s++) begin
`ifdef LS_FAULTS
      // Injected fault: the top slice is written whatever its mask bit.
      if (wmask_i[s] || (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MEM_1R1W_MASK && s == NSlice - 1)) wrow[s*SliceW +: SliceW] = wdata_i[s*SliceW +: SliceW];
`else
      if (wmask_i[s]) wrow[s*SliceW +: SliceW] = wdata_i[s*SliceW +: SliceW];
`endif
    end
  end

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wrow;
  end

`ifndef SYNTHESIS
  // Width must split into whole slices; checked once at elaboration.
  initial begin
    if (Width % SliceW != 0) $fatal(1, "mem_1r1w: SliceW %0d does not divide Width %0d", SliceW, Width);
  end
`endif
endmodule
