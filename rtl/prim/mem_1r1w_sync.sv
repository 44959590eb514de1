// mem_1r1w_sync -- one-read, one-write memory with a synchronous read: the
// wrapper the synthesis flow replaces by an SRAM macro (constraints/
// macros.list, read kind `sync`: a clk_i -> rdata_o arc, raddr_i and re_i
// set up to clk_i).
//
// Read port:  at a rising edge with re_i set, row raddr_i is captured into
//             the output register; rdata_o shows it from the next cycle on
//             and holds it until the next edge with re_i set (an SRAM keeps
//             its sense-amp latch while not read).
// Collision:  READ-BEFORE-WRITE.  A read and a write of the same row at the
//             same edge return the row as it stood before that edge (the old
//             contents); the write lands as usual.  A reader that wants the
//             new contents forwards them itself (each user's doc says how).
//             Chosen because it is what a register file and a 1R1W SRAM with
//             a read in the first half-cycle give without a bypass mux, and
//             because mem_1r1w already reads before the write.
// Write port: at the rising edge, when we_i, every slice s with wmask_i[s]
//             set takes wdata_i[s*SliceW +: SliceW] into row waddr_i.
// Addresses must be below Depth whenever their enable is set (callers
// guarantee it).
// No reset, like an SRAM: neither the array nor the output register.  A
// user reads rdata_o only after it issued a read.  Simulation starts from
// all-zero contents on both sides; --rand-init loads the array with the same
// random rows on both sides and copies the RTL's random output register into
// the C model (tb/engine/ls_map.c, ls_mem_sync).
// Port names are mem_1r1w's plus re_i: the macro stub (scripts/sram_model.sh)
// uses exactly these pins.
// C mirror: csim/prim/mem_1r1w_sync.{h,c}.
module mem_1r1w_sync #(
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
  input  logic              re_i,
  input  logic [AddrW-1:0]  raddr_i,
  output logic [Width-1:0]  rdata_o,
  input  logic              we_i,
  input  logic [AddrW-1:0]  waddr_i,
  input  logic [Width-1:0]  wdata_i,
  input  logic [NSlice-1:0] wmask_i
);
  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;

  assign rdata_o = rdata_q;

  // The masked row is merged combinationally and written whole (as in
  // mem_1r1w: Verilator cannot delay per-slice array writes in a loop).
  logic [Width-1:0] wrow;
  always_comb begin
    wrow = mem_q[waddr_i];
    for (int unsigned s = 0; s < NSlice; s++) begin
      if (wmask_i[s]) wrow[s*SliceW +: SliceW] = wdata_i[s*SliceW +: SliceW];
    end
  end

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wrow;
  end

  // Read-before-write: mem_q[raddr_i] is the row before this edge's write.
  logic [Width-1:0] rrow;
  logic             rtake;
  always_comb begin
    rrow  = mem_q[raddr_i];
    rtake = re_i;
`ifdef LS_FAULTS
    // Injected fault: write-first -- a read of the row being written returns
    // the merged new row.
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MEM_1R1W_SYNC_WFIRST && we_i && waddr_i == raddr_i) rrow = wrow;
`endif
`ifdef LS_FAULTS
    // Injected fault: the output register is not held -- it reloads at
    // every edge, read enable or not.
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MEM_1R1W_SYNC_HOLD) rtake = 1'b1;
`endif
  end

  always_ff @(posedge clk_i) begin
    if (rtake) rdata_q <= rrow;
  end

`ifndef SYNTHESIS
  // Width must split into whole slices; checked once at elaboration.
  initial begin
    if (Width % SliceW != 0) $fatal(1, "mem_1r1w_sync: SliceW %0d does not divide Width %0d", SliceW, Width);
  end
`endif
endmodule
