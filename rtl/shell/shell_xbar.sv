// shell_xbar -- the GPU shell's request and response crossbars
// (docs/shell.md, "Dispatcher, crossbars, L2, DRAM").
// Request side: each L2 bank takes at most one request a cycle, round-robin
// over the SMs whose injection-queue head maps to it (bank = line mod NB);
// a store keeps its SM port busy Flits-1 more cycles.  Response side, an
// output-queued switch (docs/shell.md, "Memory side"): per SM an ejection
// buffer gen_ej[i].i_ejq of EjQ responses {byp, id, line}
// (-gpgpu_n_cluster_ejection_buffer_size).  Each cycle SM i's buffer, when
// not full, takes the response head of the first idle bank (round-robin
// from ej_rr_q[i]) that is for SM i: that bank is popped and its port busy
// Flits-1 more cycles (bk_busy_q).  SM i's port, when not busy, is offered
// its buffer's head (registers only); a move keeps the port busy Flits-1
// more cycles.  A bank's head waits for its SM only when that SM's buffer
// is full.  Per-SM and per-bank fields are packed vectors, element k at
// bit k*W; the SM number on the bank messages is SW bits.
// C mirror: csim/shell/shell_xbar.{h,c} (same names, same statement order).
module shell_xbar #(
  /// SMs (1..128).
  parameter int unsigned NSm   = 4,
  /// L2 banks (1..128).
  parameter int unsigned NB    = 6,
  /// Address bits of a message: the L1D's atom (a line, or a sector).
  parameter int unsigned LaW   = 25,
  /// log2 of the sectors per line: an atom's line is atom >> SectW.
  parameter int unsigned SectW = 0,
  /// Request-id bits.
  parameter int unsigned IdW   = 8,
  /// Flits of a store request or a response (header + one atom), at least 1.
  parameter int unsigned Flits = 5,
  /// Responses each SM's ejection buffer holds.
  parameter int unsigned EjQ   = l1sys_pkg::SHELL_EJQ,
  /// Derived: do not override.  SM-number bits (bank messages, pointers).
  parameter int unsigned SW    = (NSm > 1) ? $clog2(NSm) : 1,
  /// Derived: do not override.
  parameter int unsigned BW    = (NB > 1) ? $clog2(NB) : 1,
  /// Derived: do not override.
  parameter int unsigned FW    = $clog2(Flits + 1)
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
  always_comb begin
    for (int unsigned s = 0; s < NSm; s++) inj_bank[s] = BW'((32'(inj_line_i[s*LaW +: LaW]) >> SectW) % NB);
  end

  // The ejection buffers: {byp, id, line}, line at bit 0.
  localparam int unsigned EjW = LaW + IdW + 1;
  logic [NSm-1:0] ej_push, ej_pop, ej_full, ej_empty;
  logic [EjW-1:0] ej_wdata [NSm];
  logic [EjW-1:0] ej_head  [NSm];
  for (genvar i = 0; i < NSm; i++) begin : gen_ej
    logic [$clog2(EjQ+1)-1:0] count;
    fifo_sync #(.Depth(EjQ), .Width(EjW)) i_ejq (
      .clk_i, .rst_ni, .push_i(ej_push[i]), .wdata_i(ej_wdata[i]), .pop_i(ej_pop[i]),
      .rdata_o(ej_head[i]), .full_o(ej_full[i]), .empty_o(ej_empty[i]), .count_o(count));
    logic unused_count;
    assign unused_count = ^count;
  end

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
    logic [NSm-1:0] req_to;   // SM s's head may go to bank bb now
    logic [NB-1:0] rsp_for;   // bank bb's idle head is for SM i
    s = 0;
    r = 0;
    b = 0;
    found = 1'b0;
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
      ej_push[i] = 1'b0;
      ej_wdata[i] = '0;
      found = 1'b0;
      for (int unsigned bb = 0; bb < NB; bb++)
        rsp_for[bb] = l2_rsp_valid_i[bb] && bk_busy_q[bb] == '0 && (32'(l2_rsp_sm_i[bb*SW +: SW]) == i);
      r = 32'(ej_rr_q[i]);
      if (r >= NB) r = r - NB;
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_EJFULL || !ej_full[i]) begin  // fault: a full buffer still takes a response (it is lost)
`else
      if (!ej_full[i]) begin
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
      if (found) begin
        ej_push[i] = 1'b1;
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_EJRR) ej_rr_d[i] = ej_bank[i];
        else
`endif
        ej_rr_d[i] = (32'(ej_bank[i]) + 1 == NB) ? '0 : ej_bank[i] + 1'b1;
      end
      for (int unsigned bb = 0; bb < NB; bb++)
        if (found && ej_bank[i] == BW'(bb)) begin
          l2_rsp_ready_o[bb] = 1'b1;
          bk_busy_d[bb] = FW'(Flits - 1);
          ej_wdata[i] = {l2_rsp_byp_i[bb], l2_rsp_id_i[bb*IdW +: IdW], l2_rsp_line_i[bb*LaW +: LaW]};
        end
    end
    // ---- injection: each bank takes at most one request a cycle, the first
    // SM from bank_rr_q whose idle head maps to it
    for (int unsigned bb = 0; bb < NB; bb++) begin
      found = 1'b0;
      for (int unsigned k = 0; k < NSm; k++)
        req_to[k] = inj_busy_q[k] == '0 && inj_valid_i[k] && inj_bank[k] == BW'(bb);
      r = 32'(bank_rr_q[bb]);
      if (r >= NSm) r = r - NSm;
      if (l2_req_ready_i[bb]) begin
        for (int unsigned k = 0; k < NSm; k++) begin
          s = r + k;
          if (s >= NSm) s = s - NSm;
          if (!found && req_to[s]) begin
            found = 1'b1;
            inj_sm[bb] = SW'(s);
          end
        end
      end
      l2_req_valid_o[bb] = found;
      if (found) begin
        l2_req_sm_o[bb*SW +: SW] = inj_sm[bb];
        bank_rr_d[bb] = (32'(inj_sm[bb]) + 1 == NSm) ? '0 : inj_sm[bb] + 1'b1;
      end
      for (int unsigned k = 0; k < NSm; k++)
        if (found && inj_sm[bb] == SW'(k)) begin
          l2_req_line_o[bb*LaW +: LaW] = inj_line_i[k*LaW +: LaW];
          l2_req_id_o[bb*IdW +: IdW] = inj_id_i[k*IdW +: IdW];
          l2_req_store_o[bb] = inj_store_i[k];
          l2_req_byp_o[bb] = inj_byp_i[k];
          inj_pop_o[k] = 1'b1;
`ifdef LS_FAULTS
          if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_XBAR_STFLITS) inj_busy_d[k] = '0;
          else
`endif
          inj_busy_d[k] = inj_store_i[k] ? FW'(Flits - 1) : '0;
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
