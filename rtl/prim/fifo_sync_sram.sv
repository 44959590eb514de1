// fifo_sync_sram -- synchronous FIFO, first-word fall-through, whose body is
// a synchronous-read SRAM (mem_1r1w_sync): the FIFO for entries too wide to
// keep in flops (the CCN node's RespQ holds a 128-byte line per entry).
//
// Ports and contract: exactly fifo_sync's.  push_i is taken in a cycle where
// full_o is low, pop_i in a cycle where empty_o is low; full_o, empty_o and
// count_o come from the registered count, so a pop does not make room for a
// same-cycle push; rdata_o is the head entry, valid while empty_o is low, in
// the same cycles as fifo_sync.  Only rdata_o while empty_o is high differs
// (here: whatever the head storage last held; fifo_sync: the body row at
// rptr_q).
//
// The head with an SRAM whose data comes a cycle after its address:
//   out_src_q = 1  the head is the SRAM's output register (i_mem.rdata_q);
//   out_src_q = 0  the head is byp_q, the write data of the previous cycle.
// byp_q takes wdata_i at every edge (no load enable: a plain D flop per bit,
// and no Width-wide enable net), so it holds a pushed entry for one cycle.
// At an edge:
//   push into an empty FIFO,  the pushed entry is the next head, and the SRAM
//   or push + pop with one    could show a row written at this edge only two
//   entry                     edges later: the head comes from byp_q
//                             (bypass); out_src_d = 0.
//   pop with >= 2 entries     read the new head's row (rptr_d) at this edge;
//                             out_src_d = 1.
//   no pop, head in byp_q     re-read the head's row (rptr_q) at this edge,
//                             since byp_q is overwritten; out_src_d = 1.
//   otherwise                 no read (the SRAM's output holds), out_src_q kept.
// Read-before-write never hands back a stale row: every row read was written
// at an earlier edge (it is counted; a bypassed head was written at the
// previous edge), and this edge's write goes to wptr_q, which differs from
// the row read (wptr_q = rptr_q + count_q mod Depth; the re-read happens
// with one entry and Depth > 1, or with no write when Depth = 1).
// Every push writes its row into the SRAM at wptr_q, so the body holds what
// fifo_sync's body would.
// Reset: pointers, count and out_src_q.  byp_q is a data register without
// reset (shown only in the cycle after a push), like the SRAM's output
// register.
// C mirror: csim/prim/fifo_sync_sram.{h,c}.
module fifo_sync_sram #(
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
  logic [PtrW-1:0]  wptr_q, wptr_d, rptr_q, rptr_d;
  logic [CntW-1:0]  count_q, count_d;
  logic             out_src_q, out_src_d;
  logic [Width-1:0] byp_q;
  logic             do_push, do_pop, rd_en, byp_load;
  logic [PtrW-1:0]  raddr;
  logic [Width-1:0] sram_rdata;

  assign full_o  = (count_q == CntW'(Depth));
  assign empty_o = (count_q == '0);
  assign count_o = count_q;
  assign do_push = push_i && !full_o;
`ifdef LS_FAULTS
  // injected FAULT_FIFO_SYNC_SRAM_UNDERFLOW: a pop of an empty FIFO is taken
  assign do_pop  = pop_i && (!empty_o || ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_SRAM_UNDERFLOW);
`else
  assign do_pop  = pop_i && !empty_o;
`endif
  assign rdata_o = out_src_q ? sram_rdata : byp_q;

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
    if (do_push && !do_pop) count_d = count_q + 1'b1;
    else if (do_pop && !do_push) count_d = count_q - 1'b1;

    // the next head: from the write port (bypass) or the SRAM (read now)
    byp_load = do_push && (empty_o || (do_pop && count_q == CntW'(1)));
    rd_en    = do_pop ? (count_q != CntW'(1)) : (!empty_o && !out_src_q);
    raddr    = rptr_d;
`ifdef LS_FAULTS
    // Injected fault: a push into an empty FIFO is not bypassed; the head is
    // read from the SRAM at the edge that writes it (read-before-write: the
    // old row; rptr_d == wptr_q in an empty FIFO).
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_SRAM_EMPTY && do_push && empty_o) begin
      byp_load = 1'b0;
      rd_en    = 1'b1;
    end
`endif
`ifdef LS_FAULTS
    // Injected fault: push + pop with one entry reads the new head from the
    // SRAM at the edge that writes it, instead of bypassing.
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_SRAM_POPPUSH && do_push && do_pop && count_q == CntW'(1)) begin
      byp_load = 1'b0;
      rd_en    = 1'b1;
    end
`endif
`ifdef LS_FAULTS
    // Injected fault: a pop reads the row it pops, not the new head's.
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_SRAM_RADDR) raddr = rptr_q;
`endif
`ifdef LS_FAULTS
    // Injected fault: a bypassed head that stays is not re-read from the
    // SRAM (byp_q is overwritten at the next edge).
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_FIFO_SYNC_SRAM_REREAD && !do_pop) rd_en = 1'b0;
`endif
    out_src_d = out_src_q;
    if (byp_load) out_src_d = 1'b0;
    else if (rd_en) out_src_d = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q    <= '0;
      rptr_q    <= '0;
      count_q   <= '0;
      out_src_q <= 1'b0;
    end else begin
      wptr_q    <= wptr_d;
      rptr_q    <= rptr_d;
      count_q   <= count_d;
      out_src_q <= out_src_d;
    end
  end

  // A data register: no reset, no enable (shown only in the cycle after a push).
  always_ff @(posedge clk_i) begin
    byp_q <= wdata_i;
  end

  mem_1r1w_sync #(
    .Depth (Depth),
    .Width (Width)
  ) i_mem (
    .clk_i   (clk_i),
    .re_i    (rd_en),
    .raddr_i (raddr),
    .rdata_o (sram_rdata),
    .we_i    (do_push),
    .waddr_i (wptr_q),
    .wdata_i (wdata_i),
    .wmask_i (1'b1)
  );
`ifndef SYNTHESIS
  // Invariants (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"): never more than Depth entries, and
  // wptr_q = rptr_q + count_q mod Depth (no push or pop lost or doubled, so
  // the FIFO never over- or underflows).
  always @(posedge clk_i or negedge rst_ni) begin : p_assert
    if (rst_ni) begin
      assert (32'(count_q) <= Depth && 32'(count_q) % Depth == (32'(wptr_q) + Depth - 32'(rptr_q)) % Depth)
      else $error("fifo_sync_sram: a_count: count %0d (depth %0d), write pointer %0d, read pointer %0d: over depth, or a push or pop lost or doubled",
                  count_q, Depth, wptr_q, rptr_q);
    end
  end
`endif
endmodule
