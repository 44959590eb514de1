// fifo_sync_w2 -- synchronous first-word-fall-through FIFO taking up to two
// writes a cycle and giving one read: the shell crossbar's internal speedup
// (docs/shell.md, "Crossbar speedup").
//
// Body: two mem_1r1w of Half = ceil(Depth/2) rows, i_mem0 holding the even
// slots and i_mem1 the odd ones; the pointers run over 2*Half slots, so the
// two slots written in one cycle are always in different bodies (one write
// port each).  An odd Depth leaves one row unused; count_q never exceeds
// Depth.
// Handshake as fifo_sync: push_i is taken when full_o is low; push2_i (the
// second write, behind the first) only with push_i and room for two
// (count_q + 2 <= Depth); pop_i when empty_o is low.  full_o, empty_o and
// count_o are registered state only, so a pop does not make room for a push
// in the same cycle.  rdata_o is the head entry (valid while empty_o is low).
// C mirror: csim/prim/fifo_sync_w2.{h,c}.
module fifo_sync_w2 #(
  /// Entries (any value >= 1).
  parameter int unsigned Depth = 8,
  /// Bits per entry.
  parameter int unsigned Width = 32,
  /// Derived: do not override.  Rows of each body.
  localparam int unsigned Half  = (Depth + 1) / 2,
  /// Derived: do not override.  Slot-pointer bits (2*Half slots).
  localparam int unsigned PtrW  = $clog2(2 * Half),
  /// Derived: do not override.  Row-address bits of a body.
  localparam int unsigned AW    = (Half > 1) ? $clog2(Half) : 1,
  /// Derived: do not override.
  localparam int unsigned CntW  = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             push2_i,
  input  logic [Width-1:0] wdata2_i,
  input  logic             pop_i,
  output logic [Width-1:0] rdata_o,
  output logic             full_o,
  output logic             empty_o,
  output logic [CntW-1:0]  count_o
);
  logic [PtrW-1:0] wptr_q, wptr_d, rptr_q, rptr_d, s2;
  logic [CntW-1:0] count_q, count_d;
  logic            do_push, do_push2, do_pop;
  logic            we0, we1;
  logic [AW-1:0]   waddr0, waddr1, raddr;
  logic [Width-1:0] wdata0, wdata1, rdata0, rdata1;

  assign full_o  = (count_q == CntW'(Depth));
  assign empty_o = (count_q == '0);
  assign count_o = count_q;

  function automatic logic [PtrW-1:0] slot_next(input logic [PtrW-1:0] p);
    slot_next = (p == PtrW'(2 * Half - 1)) ? '0 : p + 1'b1;
  endfunction

  always_comb begin
    do_push = push_i && !full_o;
`ifdef LS_FAULTS
    // Injected fault: the second write ignores the room it needs.
    do_push2 = do_push && push2_i &&
               (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_W2_ROOM || 32'(count_q) + 2 <= Depth);
`else
    do_push2 = do_push && push2_i && 32'(count_q) + 2 <= Depth;
`endif
    do_pop = pop_i && !empty_o;
    s2 = slot_next(wptr_q);
    wptr_d = do_push2 ? slot_next(s2) : do_push ? s2 : wptr_q;
    rptr_d = do_pop ? slot_next(rptr_q) : rptr_q;
    count_d = count_q + CntW'(do_push) + CntW'(do_push2) - CntW'(do_pop);
    // the first write goes to the body of slot wptr_q, the second to the other
    if (wptr_q[0]) begin
      we1 = do_push;
      waddr1 = AW'(wptr_q >> 1);
      wdata1 = wdata_i;
      we0 = do_push2;
      waddr0 = AW'(s2 >> 1);
      wdata0 = wdata2_i;
    end else begin
      we0 = do_push;
      waddr0 = AW'(wptr_q >> 1);
      wdata0 = wdata_i;
      we1 = do_push2;
      waddr1 = AW'(s2 >> 1);
      wdata1 = wdata2_i;
    end
    raddr = AW'(rptr_q >> 1);
    rdata_o = rptr_q[0] ? rdata1 : rdata0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q  <= '0;
      rptr_q  <= '0;
      count_q <= '0;
    end else begin
      wptr_q  <= wptr_d;
      rptr_q  <= rptr_d;
      count_q <= count_d;
    end
  end

  mem_1r1w #(.Depth(Half), .Width(Width)) i_mem0 (
    .clk_i, .raddr_i(raddr), .rdata_o(rdata0), .we_i(we0), .waddr_i(waddr0), .wdata_i(wdata0), .wmask_i(1'b1));
  mem_1r1w #(.Depth(Half), .Width(Width)) i_mem1 (
    .clk_i, .raddr_i(raddr), .rdata_o(rdata1), .we_i(we1), .waddr_i(waddr1), .wdata_i(wdata1), .wmask_i(1'b1));

`ifndef SYNTHESIS
  // Invariants (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"): never more than Depth entries (a
  // second write only into room for it), and the count is the distance
  // between the slot pointers (no write or pop lost or doubled).
  always @(posedge clk_i or negedge rst_ni) begin : p_assert
    if (rst_ni) begin
      assert (32'(count_q) <= Depth && 32'(count_q) % (2 * Half) == (32'(wptr_q) + (2 * Half) - 32'(rptr_q)) % (2 * Half))
      else $error("fifo_sync_w2: a_count: count %0d (depth %0d), write slot %0d, read slot %0d: over depth, or a push or pop lost or doubled",
                  count_q, Depth, wptr_q, rptr_q);
    end
  end
`endif
endmodule
