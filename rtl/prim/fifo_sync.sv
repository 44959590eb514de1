// fifo_sync -- synchronous FIFO, first-word fall-through: a pointer tracker
// in flops plus a mem_1r1w body.
//
// Handshake: push_i is taken in a cycle where full_o is low, pop_i in a
// cycle where empty_o is low; a push to a full FIFO or a pop from an empty
// one is ignored (callers look at full_o/empty_o first).  full_o and
// empty_o come from registered state only, so a pop does not make room for
// a push in the same cycle: that keeps both flags free of combinational
// paths from pop_i, and is the same rule in the C model.
// rdata_o is the head entry (valid while empty_o is low).
// C mirror: csim/prim/fifo_sync.{h,c}.
module fifo_sync #(
  /// Entries (any value >= 1).
  parameter int unsigned Depth = 8,
  /// Bits per entry.
  parameter int unsigned Width = 32,
  /// Derived: do not override.
  localparam int unsigned PtrW  = (Depth > 1) ? $clog2(Depth) : 1,
  /// Derived: do not override.
  localparam int unsigned CntW  = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,
  output logic [Width-1:0] rdata_o,
  output logic             full_o,
  output logic             empty_o,
  output logic [CntW-1:0]  count_o
);
  logic [PtrW-1:0] wptr_q, wptr_d, rptr_q, rptr_d;
  logic [CntW-1:0] count_q, count_d;
  logic            do_push, do_pop;

  assign full_o  = (count_q == CntW'(Depth));
  assign empty_o = (count_q == '0);
  assign count_o = count_q;
  assign do_push = push_i && !full_o;
  assign do_pop  = pop_i && !empty_o;

  // Wrap explicitly so any Depth works, not only powers of two.
  function automatic logic [PtrW-1:0] ptr_next(input logic [PtrW-1:0] p);
    ptr_next = (p == PtrW'(Depth - 1)) ? '0 : p + 1'b1;
  endfunction

  always_comb begin
    wptr_d  = wptr_q;
    rptr_d  = rptr_q;
    count_d = count_q;
    if (do_push) wptr_d = ptr_next(wptr_q);
    if (do_pop)  rptr_d = ptr_next(rptr_q);
`ifdef LS_FAULTS
    // Injected fault: a simultaneous push and pop counts as a push.
    if (do_push && (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_COUNT || !do_pop)) count_d = count_q + 1'b1;
    else if (do_pop && !do_push) count_d = count_q - 1'b1;
`else
    if (do_push && !do_pop) count_d = count_q + 1'b1;
    else if (do_pop && !do_push) count_d = count_q - 1'b1;
`endif
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q  <= '0;
      rptr_q  <= '0;
`ifdef LS_FAULTS
      // Injected fault: count_q is left out of the reset (caught only with a
      // random initial state, --rand-init).
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_NORESET) count_q <= count_q;
      else
`endif
      count_q <= '0;
    end else begin
      wptr_q  <= wptr_d;
      rptr_q  <= rptr_d;
      count_q <= count_d;
    end
  end

  mem_1r1w #(
    .Depth (Depth),
    .Width (Width)
  ) i_mem (
    .clk_i   (clk_i),
    .raddr_i (rptr_q),
    .rdata_o (rdata_o),
    .we_i    (do_push),
    .waddr_i (wptr_q),
    .wdata_i (wdata_i),
    .wmask_i (1'b1)
  );

`ifndef SYNTHESIS
  // Invariants (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"): the FIFO never holds more than
  // Depth entries, and its count is the distance between its pointers (no
  // push or pop lost or doubled, so it never over- or underflows).
  always @(posedge clk_i or negedge rst_ni) begin : p_assert
    if (rst_ni) begin
      assert (32'(count_q) <= Depth && 32'(count_q) % Depth == (32'(wptr_q) + Depth - 32'(rptr_q)) % Depth)
      else $error("fifo_sync: a_count: count %0d (depth %0d), write pointer %0d, read pointer %0d: over depth, or a push or pop lost or doubled",
                  count_q, Depth, wptr_q, rptr_q);
    end
  end
`endif
endmodule
