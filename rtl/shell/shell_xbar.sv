// shell_xbar -- the GPU shell's request and response crossbars
// (docs/shell.md, "Dispatcher, crossbars, L2, DRAM").
// Request side: round-robin per L2 bank over the SMs whose injection-queue
// head maps to it (bank = line mod NB); an SM pops at most one request a
// cycle, and a store keeps its SM port busy Flits-1 more cycles.
// Speedup 1: a bank takes at most one request a cycle, straight from the
// winner, when ready.  Speedup 2 (booksim's internal_speedup 2.0,
// docs/shell.md "Crossbar speedup"): per bank a boundary buffer
// gen_bq.gen_b[b].i_bq of BQ requests {byp, store, id, line, sm} takes up to
// two grants a cycle, as many as it has room for, and offers its head to the
// bank; an empty buffer is cut through (bank ready: the first grant goes
// straight to the bank, only the second is buffered).  Response side, an
// output-queued switch (docs/shell.md, "Memory side"): per SM an ejection
// buffer gen_ej[i].i_ejq of EjQ responses {byp, id, line}
// (-gpgpu_n_cluster_ejection_buffer_size).  Each cycle SM i's buffer, when
// not full, takes the response head of the first idle bank (round-robin
// from ej_rr_q[i]) that is for SM i: that bank is popped and its port busy
// Flits-1 more cycles (bk_busy_q).  SM i's port, when not busy, is offered
// its buffer's head (registers only); a move keeps the port busy Flits-1
// more cycles.  A bank's head waits for its SM only when that SM's buffer
// is full.  Speedup 2: with room for two, the buffer also takes the next
// such bank's head.  Per-SM and per-bank fields are packed vectors, element k at
// bit k*W; the SM number on the bank messages is SW bits.
// C mirror: csim/shell/shell_xbar.{h,c} (same names, same statement order).
module shell_xbar #(
  /// SMs (1..128).
  parameter int unsigned NSm   = l1sys_pkg::SHELL_SMS,
  /// L2 banks (1..128).
  parameter int unsigned NB    = l1sys_pkg::SHELL_L2_BANKS,
  /// Address bits of a message: the L1D's atom (a line, or a sector).
  parameter int unsigned LaW   = l1sys_pkg::L1D_ADDR_W - $clog2(l1sys_pkg::L1D_LINE) + $clog2(l1sys_pkg::L1D_SECTORS),
  /// log2 of the sectors per line: an atom's line is atom >> SectW.
  parameter int unsigned SectW = $clog2(l1sys_pkg::L1D_SECTORS),
  /// Request-id bits.
  parameter int unsigned IdW   = l1sys_pkg::L1D_ID_W,
  /// Flits of a store request or a response (header + one atom), at least 1.
  parameter int unsigned Flits = (8 + l1sys_pkg::L1D_LINE / l1sys_pkg::L1D_SECTORS + l1sys_pkg::SHELL_FLIT - 1) / l1sys_pkg::SHELL_FLIT,
  /// Responses each SM's ejection buffer holds.
  parameter int unsigned EjQ   = l1sys_pkg::SHELL_EJQ,
  /// Internal speedup, 1 or 2 (SHELL_XBAR_SPEEDUP).
  parameter int unsigned Speedup = l1sys_pkg::SHELL_XBAR_SPEEDUP,
  /// Requests each bank's boundary buffer holds (SHELL_XBAR_BQ; Speedup 2 only), at least 2.
  parameter int unsigned BQ    = l1sys_pkg::SHELL_XBAR_BQ,
  /// Derived: do not override.  SM-number bits (bank messages, pointers).
  localparam int unsigned SW    = (NSm > 1) ? $clog2(NSm) : 1,
  /// Derived: do not override.
  localparam int unsigned BW    = (NB > 1) ? $clog2(NB) : 1,
  /// Derived: do not override.
  localparam int unsigned FW    = $clog2(Flits + 1)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [NSm-1:0]     inj_valid_i,
  input  logic [NSm*LaW-1:0] inj_line_i,
  input  logic [NSm*IdW-1:0] inj_id_i,
  input  logic [NSm-1:0]     inj_store_i,
  input  logic [NSm-1:0]     inj_byp_i,
  output logic [NSm-1:0]     inj_pop_o,
  input  logic [NB-1:0]      l2_req_ready_i,
  output logic [NB-1:0]      l2_req_valid_o,
  output logic [NB*SW-1:0]   l2_req_sm_o,
  output logic [NB*LaW-1:0]  l2_req_line_o,
  output logic [NB*IdW-1:0]  l2_req_id_o,
  output logic [NB-1:0]      l2_req_store_o,
  output logic [NB-1:0]      l2_req_byp_o,
  input  logic [NB-1:0]      l2_rsp_valid_i,
  input  logic [NB*SW-1:0]   l2_rsp_sm_i,
  input  logic [NB*LaW-1:0]  l2_rsp_line_i,
  input  logic [NB*IdW-1:0]  l2_rsp_id_i,
  input  logic [NB-1:0]      l2_rsp_byp_i,
  output logic [NB-1:0]      l2_rsp_ready_o,
  output logic [NSm-1:0]     ej_valid_o,
  output logic [NSm*LaW-1:0] ej_line_o,
  output logic [NSm*IdW-1:0] ej_id_o,
  output logic [NSm-1:0]     ej_byp_o,
  input  logic [NSm-1:0]     ej_ready_i
);
  logic [SW-1:0] bank_rr_q [NB];
  logic [SW-1:0] bank_rr_d [NB];
  logic [FW-1:0] inj_busy_q [NSm];
  logic [FW-1:0] inj_busy_d [NSm];
  logic [FW-1:0] ej_busy_q [NSm];
  logic [FW-1:0] ej_busy_d [NSm];
  logic [BW-1:0] ej_rr_q [NSm];
  logic [BW-1:0] ej_rr_d [NSm];
  logic [FW-1:0] bk_busy_q [NB];
  logic [FW-1:0] bk_busy_d [NB];
  logic [BW-1:0] ej_bank [NSm];  // the bank whose head SM i's buffer takes
  logic [BW-1:0] ej_bank2 [NSm]; // speedup 2: the second one
  logic [SW-1:0] inj_sm [NB];   // the SM bank bb takes a request from
  logic [BW-1:0] inj_bank [NSm];  // the bank of SM s's head: line mod NB

  // Every selection below picks an index by a round-robin search and then
  // moves data by fixed indices (an AND-OR per source), and a search index
  // wraps by one subtraction: the same machine as the C model's modulo
  // search, without a run-time part-select or a divider per step
  // (docs/synthesis.md, shell_xbar).  A pointer is reduced modulo its
  // range first by one conditional subtraction (an SW-bit pointer is below
  // 2*NSm, a BW-bit one below 2*NB), so a random initial state wraps as the
  // C model's modulo does, with no divider at any NSm or NB.
  //
  // The bank of SM s's head, (line >> SectW) mod NB (the line as the C
  // model's uint32_t), from a mod_c (rtl/prim/mod_c.sv: a tree of
  // residues) rather than Yosys's divider array for `%`, which alone took
  // about 5 ns of the 10 (docs/synthesis.md, "Writing RTL that Yosys maps").
  localparam int unsigned XW  = ((LaW < 32) ? LaW : 32) - SectW;  // bits of line >> SectW
  for (genvar s = 0; s < NSm; s++) begin : gen_bank_of
    mod_c #(.W(XW), .D(NB)) i_bank (.x_i(inj_line_i[s*LaW + SectW +: XW]), .r_o(inj_bank[s]));
  end

  // The ejection buffers: {byp, id, line}, line at bit 0.
  localparam int unsigned EjW = LaW + IdW + 1;
  localparam int unsigned EjCW = $clog2(EjQ + 1);
  logic [NSm-1:0] ej_push, ej_push2, ej_pop, ej_full, ej_empty;
  logic [EjW-1:0] ej_wdata [NSm];
  logic [EjW-1:0] ej_wdata2 [NSm];
  logic [EjW-1:0] ej_head  [NSm];
  logic [EjCW-1:0] ej_count [NSm];
  for (genvar i = 0; i < NSm; i++) begin : gen_ej
    fifo_sync_w2 #(.Depth(EjQ), .Width(EjW)) i_ejq (
      .clk_i, .rst_ni, .push_i(ej_push[i]), .wdata_i(ej_wdata[i]), .push2_i(ej_push2[i]),
      .wdata2_i(ej_wdata2[i]), .pop_i(ej_pop[i]), .rdata_o(ej_head[i]), .full_o(ej_full[i]),
      .empty_o(ej_empty[i]), .count_o(ej_count[i]));
  end

  // The boundary buffers (Speedup 2): {byp, store, id, line, sm}, sm at bit 0.
  localparam int unsigned BqW = SW + LaW + IdW + 2;
  localparam int unsigned BqCW = $clog2(BQ + 1);
  logic [NB-1:0] bq_push, bq_push2, bq_pop, bq_empty;
  logic [BqW-1:0] bq_wdata  [NB];
  logic [BqW-1:0] bq_wdata2 [NB];
  logic [BqW-1:0] bq_head   [NB];
  logic [BqCW-1:0] bq_count [NB];
  if (Speedup == 2) begin : gen_bq
    for (genvar b = 0; b < NB; b++) begin : gen_b
      logic full;
      fifo_sync_w2 #(.Depth(BQ), .Width(BqW)) i_bq (
        .clk_i, .rst_ni, .push_i(bq_push[b]), .wdata_i(bq_wdata[b]), .push2_i(bq_push2[b]),
        .wdata2_i(bq_wdata2[b]), .pop_i(bq_pop[b]), .rdata_o(bq_head[b]), .full_o(full),
        .empty_o(bq_empty[b]), .count_o(bq_count[b]));
      logic unused_full;
      assign unused_full = full;
    end
  end else begin : gen_nobq
    for (genvar b = 0; b < NB; b++) begin : gen_b
      assign bq_head[b] = '0;
      assign bq_empty[b] = 1'b1;
      assign bq_count[b] = '0;
    end
    logic unused_bq;
    always_comb begin
      unused_bq = 1'b0;
      for (int unsigned b = 0; b < NB; b++)
        unused_bq = unused_bq ^ bq_push[b] ^ bq_push2[b] ^ bq_pop[b] ^ (^bq_wdata[b]) ^ (^bq_wdata2[b]);
    end
  end
  logic unused_ej_full;
  assign unused_ej_full = ^ej_full;

  // Ejection offers: the buffers' heads, registers only (no combinational
  // path from the banks or from an SM's fill_ready_o back to its offer).
  always_comb begin
    ej_valid_o = '0;
    ej_byp_o   = '0;
    ej_line_o  = '0;
    ej_id_o    = '0;
    for (int unsigned i = 0; i < NSm; i++)
      if (!ej_empty[i]) begin
        ej_line_o[i*LaW +: LaW] = ej_head[i][LaW-1:0];
        ej_id_o[i*IdW +: IdW]   = ej_head[i][LaW +: IdW];
        if (ej_busy_q[i] == '0) begin
          ej_valid_o[i] = 1'b1;
          ej_byp_o[i]   = ej_head[i][LaW+IdW];
        end
      end
  end

  always_comb begin
    int unsigned s;
    int unsigned r;
    int unsigned b;
    logic found;
    logic found2;
    logic direct;             // bank bb's boundary buffer is empty and the bank ready: cut through
    int unsigned room;        // grants the bank (or SM buffer) has room for this cycle (at most Speedup)
    logic [NSm-1:0] req_to;   // SM s's head may go to bank bb now
    logic [NB-1:0] rsp_for;   // bank bb's idle head is for SM i
    logic [SW-1:0] sm2;       // the second grant's SM
    logic g1, g2;             // SM k won bank bb's first / second grant
    logic [BqW-1:0] ent;      // SM k's head as a boundary-buffer entry
    s = 0;
    r = 0;
    b = 0;
    found = 1'b0;
    found2 = 1'b0;
    direct = 1'b0;
    room = 0;
    sm2 = '0;
    g1 = 1'b0;
    g2 = 1'b0;
    ent = '0;
    req_to = '0;
    rsp_for = '0;
    l2_rsp_ready_o = '0;
    inj_pop_o = '0;
    l2_req_valid_o = '0;
    l2_req_store_o = '0;
    l2_req_byp_o = '0;
    l2_req_sm_o = '0;
    l2_req_line_o = '0;
    l2_req_id_o = '0;
    for (int unsigned i = 0; i < NSm; i++) begin
      ej_busy_d[i] = (ej_busy_q[i] != '0) ? ej_busy_q[i] - 1'b1 : '0;
      ej_rr_d[i] = ej_rr_q[i];
      inj_busy_d[i] = (inj_busy_q[i] != '0) ? inj_busy_q[i] - 1'b1 : '0;
    end
    for (int unsigned bb = 0; bb < NB; bb++) begin
      bank_rr_d[bb] = bank_rr_q[bb];
      inj_sm[bb] = '0;
      bq_push[bb] = 1'b0;
      bq_push2[bb] = 1'b0;
      bq_pop[bb] = 1'b0;
      bq_wdata[bb] = '0;
      bq_wdata2[bb] = '0;
    end
    // ---- ejection: SM i takes its buffer's head ----
    for (int unsigned i = 0; i < NSm; i++) begin
      ej_pop[i] = ej_valid_o[i] && ej_ready_i[i];
      if (ej_pop[i]) ej_busy_d[i] = FW'(Flits - 1);
    end
    for (int unsigned bb = 0; bb < NB; bb++) bk_busy_d[bb] = (bk_busy_q[bb] != '0) ? bk_busy_q[bb] - 1'b1 : '0;
    // ---- a bank's response head into its SM's buffer: the first idle bank
    // from ej_rr_q[i] whose head is for SM i, when the buffer is not full ----
    for (int unsigned i = 0; i < NSm; i++) begin
      ej_bank[i] = '0;
      ej_bank2[i] = '0;
      ej_push[i] = 1'b0;
      ej_push2[i] = 1'b0;
      ej_wdata[i] = '0;
      ej_wdata2[i] = '0;
      found = 1'b0;
      found2 = 1'b0;
      room = EjQ - 32'(ej_count[i]);
      for (int unsigned bb = 0; bb < NB; bb++)
        rsp_for[bb] = l2_rsp_valid_i[bb] && bk_busy_q[bb] == '0 && (32'(l2_rsp_sm_i[bb*SW +: SW]) == i);
      r = 32'(ej_rr_q[i]);
      if (r >= NB) r = r - NB;
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_EJFULL || room != 0) begin  // fault: a full buffer still takes a response (it is lost)
`else
      if (room != 0) begin
`endif
        for (int unsigned k = 0; k < NB; k++) begin
          b = r + k;
          if (b >= NB) b = b - NB;
          if (!found && rsp_for[b]) begin
            found = 1'b1;
            ej_bank[i] = BW'(b);
          end
        end
      end
      // speedup 2, room for two: the next bank after the first
      if (Speedup == 2 && found && room >= 2) begin
        r = 32'(ej_bank[i]) + 1;
        if (r >= NB) r = r - NB;
        for (int unsigned k = 0; k < NB; k++) begin
          b = r + k;
          if (b >= NB) b = b - NB;
          if (!found2 && rsp_for[b] && BW'(b) != ej_bank[i]) begin
            found2 = 1'b1;
            ej_bank2[i] = BW'(b);
          end
        end
      end
      if (found) begin
        ej_push[i] = 1'b1;
        ej_push2[i] = found2;
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_EJRR) ej_rr_d[i] = found2 ? ej_bank2[i] : ej_bank[i];
        else
`endif
        if (found2) ej_rr_d[i] = (32'(ej_bank2[i]) + 1 == NB) ? '0 : ej_bank2[i] + 1'b1;
        else ej_rr_d[i] = (32'(ej_bank[i]) + 1 == NB) ? '0 : ej_bank[i] + 1'b1;
      end
      for (int unsigned bb = 0; bb < NB; bb++) begin
        if (found && ej_bank[i] == BW'(bb)) begin
          l2_rsp_ready_o[bb] = 1'b1;
          bk_busy_d[bb] = FW'(Flits - 1);
          ej_wdata[i] = {l2_rsp_byp_i[bb], l2_rsp_id_i[bb*IdW +: IdW], l2_rsp_line_i[bb*LaW +: LaW]};
        end
        if (found2 && ej_bank2[i] == BW'(bb)) begin
          l2_rsp_ready_o[bb] = 1'b1;
          bk_busy_d[bb] = FW'(Flits - 1);
          ej_wdata2[i] = {l2_rsp_byp_i[bb], l2_rsp_id_i[bb*IdW +: IdW], l2_rsp_line_i[bb*LaW +: LaW]};
        end
      end
    end
    // ---- injection: per bank the first SM from bank_rr_q whose idle head
    // maps to it (speedup 2: and the next one after it), as many as the bank
    // (speedup 1: when ready) or its boundary buffer has room for
    for (int unsigned bb = 0; bb < NB; bb++) begin
      found = 1'b0;
      found2 = 1'b0;
      sm2 = '0;
      for (int unsigned k = 0; k < NSm; k++)
        req_to[k] = inj_busy_q[k] == '0 && inj_valid_i[k] && inj_bank[k] == BW'(bb);
      if (Speedup == 2) begin
        bq_pop[bb] = l2_req_ready_i[bb] && !bq_empty[bb];
        direct = l2_req_ready_i[bb] && bq_empty[bb];
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_BQROOM) room = 2;  // fault: the grants ignore the buffer's room
        else
`endif
        room = BQ - 32'(bq_count[bb]) + 32'(direct);
        if (room > 2) room = 2;
      end else begin
        direct = l2_req_ready_i[bb];
        room = 32'(direct);
      end
      r = 32'(bank_rr_q[bb]);
      if (r >= NSm) r = r - NSm;
      if (room != 0) begin
        for (int unsigned k = 0; k < NSm; k++) begin
          s = r + k;
          if (s >= NSm) s = s - NSm;
          if (!found && req_to[s]) begin
            found = 1'b1;
            inj_sm[bb] = SW'(s);
          end
        end
      end
      if (Speedup == 2 && found && room >= 2) begin
        r = 32'(inj_sm[bb]) + 1;
        if (r >= NSm) r = r - NSm;
        for (int unsigned k = 0; k < NSm; k++) begin
          s = r + k;
          if (s >= NSm) s = s - NSm;
          if (!found2 && req_to[s] && SW'(s) != inj_sm[bb]) begin
            found2 = 1'b1;
            sm2 = SW'(s);
          end
        end
      end
      if (found2) bank_rr_d[bb] = (32'(sm2) + 1 == NSm) ? '0 : sm2 + 1'b1;
      else if (found) bank_rr_d[bb] = (32'(inj_sm[bb]) + 1 == NSm) ? '0 : inj_sm[bb] + 1'b1;
      // the bank's request: the boundary buffer's head, else (cut through) the first grant
      if (bq_pop[bb]) begin
        l2_req_valid_o[bb] = 1'b1;
        l2_req_sm_o[bb*SW +: SW] = bq_head[bb][SW-1:0];
        l2_req_line_o[bb*LaW +: LaW] = bq_head[bb][SW +: LaW];
        l2_req_id_o[bb*IdW +: IdW] = bq_head[bb][SW+LaW +: IdW];
        l2_req_store_o[bb] = bq_head[bb][SW+LaW+IdW];
        l2_req_byp_o[bb] = bq_head[bb][SW+LaW+IdW+1];
      end else if (found && direct) begin
        l2_req_valid_o[bb] = 1'b1;
        l2_req_sm_o[bb*SW +: SW] = inj_sm[bb];
      end
      for (int unsigned k = 0; k < NSm; k++) begin
        g1  = found && inj_sm[bb] == SW'(k);  // SM k won the first grant
        g2  = found2 && sm2 == SW'(k);        // ... the second
        ent = {inj_byp_i[k], inj_store_i[k], inj_id_i[k*IdW +: IdW], inj_line_i[k*LaW +: LaW], SW'(k)};
        if (g1) begin
          if (direct) begin
            l2_req_line_o[bb*LaW +: LaW] = inj_line_i[k*LaW +: LaW];
            l2_req_id_o[bb*IdW +: IdW] = inj_id_i[k*IdW +: IdW];
            l2_req_store_o[bb] = inj_store_i[k];
            l2_req_byp_o[bb] = inj_byp_i[k];
          end else begin
            bq_push[bb] = 1'b1;
            bq_wdata[bb] = ent;
          end
        end
        if (g2) begin
          if (direct) begin
            bq_push[bb] = 1'b1;
            bq_wdata[bb] = ent;
          end else begin
            bq_push2[bb] = 1'b1;
            bq_wdata2[bb] = ent;
          end
        end
        if (g1 || g2) begin  // a granted SM pops its head; a store keeps its port busy
          inj_pop_o[k] = 1'b1;
`ifdef LS_FAULTS
          if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_STFLITS) inj_busy_d[k] = '0;
          else
`endif
          inj_busy_d[k] = inj_store_i[k] ? FW'(Flits - 1) : '0;
        end
      end
    end
  end

  // One flop block per element (a generate loop, not a for loop inside the
  // block): Verilator does not unroll a loop of more than 64 delayed array
  // assignments (BLKLOOPINIT), and NSm and NB go to 128.
  for (genvar b = 0; b < NB; b++) begin : gen_bank_q
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        bank_rr_q[b] <= '0;
        bk_busy_q[b] <= '0;
      end else begin
        bank_rr_q[b] <= bank_rr_d[b];
        bk_busy_q[b] <= bk_busy_d[b];
      end
    end
  end
  for (genvar i = 0; i < NSm; i++) begin : gen_sm_q
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        inj_busy_q[i] <= '0;
        ej_busy_q[i] <= '0;
        ej_rr_q[i] <= '0;
      end else begin
        inj_busy_q[i] <= inj_busy_d[i];
        ej_busy_q[i] <= ej_busy_d[i];
        ej_rr_q[i] <= ej_rr_d[i];
      end
    end
  end
endmodule
