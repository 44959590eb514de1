// mrpb_drain -- MRPB drain selector (the MRPB paper, Sections 3.3 and 6): picks the
// queue whose head goes to the L1D this cycle.
//
// Priority of a pick, highest first:
//   1. flush: flush_valid_i names a queue (a read met it full, or a write
//      waits for it to empty) and its head is eligible -> that queue.
//   2. greedy: mode_greedy_i and the current queue (gcur_q) has an eligible
//      head -> the current queue.  A current queue with no eligible entry
//      counts as empty (docs/mrpb.md, section 4): the drain never idles
//      waiting for a young head.
//   3. the base policy over the eligible queues (elig_i):
//      FIXED   prio_enc, lowest queue ID wins (the paper's 48-to-6 encoder);
//      RR      rr_arb (two prio_encs), pointer moves past each base pick;
//      LONGEST largest count among eligible queues, ties to the lower ID
//              (an argmax tree carrying the index).
//      An undefined mode_drain_i encoding (3) acts as FIXED.
// "Eligible" means non-empty with a head older than the buffer latency; the
// top (mrpb.sv) computes it.  Counts (cnt_i) include young entries.
//
// Handshake: sel_* are combinational from the inputs and the registers; the
// pick is consumed (a dequeue happens) in a cycle where advance_i is high,
// which the top only raises together with sel_valid_o.  State moves only on
// consumed picks: the round-robin pointer after a base RR pick, the greedy
// current queue after any non-flush pick.  gcur_v_q drops once the current
// queue is seen without an eligible entry.
// C mirror: csim/mrpb/mrpb_drain.{h,c}.
module mrpb_drain #(
  /// Queues.
  parameter int unsigned NQ   = 32'(l1sys_pkg::MRPB_WARPS),
  /// Bits of a per-queue count.
  parameter int unsigned CntW = $clog2(l1sys_pkg::MRPB_ENTRIES + 1),
  /// Derived: do not override.
  localparam int unsigned IdxW = (NQ > 1) ? $clog2(NQ) : 1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  /// Drain policy, l1sys_pkg::MRPB_DRAIN_* encoding (quasi-static).
  input  logic [1:0]         mode_drain_i,
  /// Greedy variant (quasi-static).
  input  logic               mode_greedy_i,
  /// Queue q has an entry old enough to leave.
  input  logic [NQ-1:0]      elig_i,
  /// Entries of queue q at [q*CntW +: CntW].
  input  logic [NQ*CntW-1:0] cnt_i,
  /// Flush request and its target queue.
  input  logic               flush_valid_i,
  input  logic [IdxW-1:0]    flush_idx_i,
  /// The pick is consumed this cycle.
  input  logic               advance_i,
  output logic               sel_valid_o,
  output logic [IdxW-1:0]    sel_idx_o,
  /// The pick came from the flush rule.
  output logic               sel_flush_o
);
  logic [IdxW-1:0] gcur_q, gcur_d;
  logic            gcur_v_q, gcur_v_d;

  logic [NQ-1:0]   fix_gnt, rr_gnt;
  logic [IdxW-1:0] fix_idx, rr_idx, long_idx;
  logic            fix_valid, rr_valid, long_valid;
  logic            flush_hit, cur_active, base_pick, rr_advance;
  logic            base_valid;
  logic [IdxW-1:0] base_idx;

  // Fixed order: the priority encoder of Section 6.
  prio_enc #(.N(NQ)) i_pe_fixed (
    .req_i    (elig_i),
    .onehot_o (fix_gnt),
    .idx_o    (fix_idx),
    .valid_o  (fix_valid)
  );

  // Round robin.
  rr_arb #(.N(NQ)) i_rr (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .req_i     (elig_i),
    .advance_i (rr_advance),
    .gnt_o     (rr_gnt),
    .idx_o     (rr_idx),
    .valid_o   (rr_valid)
  );

  // Longest first: the largest count among eligible queues, then the
  // lowest ID among the queues of that count.  A balanced argmax tree
  // (log2 NQ levels; a running maximum would be NQ levels deep) over the
  // queues padded to a power of two with ineligible ones, each node keeping
  // (an eligible queue below it, the largest count, that queue's index);
  // a node takes its upper child only when that child has an eligible
  // queue with a larger count (or the lower has none), so ties go to the
  // lower ID and no eligible queue gives index 0, as a prio_enc over the
  // queues of maximal count would pick -- without the count comparison and
  // the encoder after the tree (docs/synthesis.md, "mrpb_drain").
  localparam int unsigned LgNP = (NQ > 1) ? $clog2(NQ) : 1;
  localparam int unsigned NP   = 1 << LgNP;
  logic [NP*CntW-1:0] mx;  // the tree, in place: level l keeps NP >> l nodes at the bottom
  logic [NP*IdxW-1:0] mi;
  logic [NP-1:0]      mv;
  logic               up;
  always_comb begin
    mx = '0;
    mi = '0;
    mv = '0;
    for (int unsigned q = 0; q < NQ; q++) begin
      mv[q] = elig_i[q];
      mx[q*CntW +: CntW] = cnt_i[q*CntW +: CntW];
    end
    for (int unsigned l = 0; l < LgNP; l++)
      for (int unsigned i = 0; i < (NP >> (l + 1)); i++) begin
        up = mv[2*i + 1] && (!mv[2*i] || mx[(2*i + 1)*CntW +: CntW] > mx[2*i*CntW +: CntW]);
`ifdef LS_FAULTS
        // injected FAULT_MRPB_LONGEST_TIE: ties go to the higher queue
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MRPB_LONGEST_TIE)
          up = mv[2*i + 1] && (!mv[2*i] || mx[(2*i + 1)*CntW +: CntW] >= mx[2*i*CntW +: CntW]);
`endif
        if (up) begin
          mx[i*CntW +: CntW] = mx[(2*i + 1)*CntW +: CntW];
          mi[i*IdxW +: IdxW] = mi[(2*i + 1)*IdxW +: IdxW] | IdxW'(1 << l);
        end else begin
          mx[i*CntW +: CntW] = mx[2*i*CntW +: CntW];
          mi[i*IdxW +: IdxW] = mi[2*i*IdxW +: IdxW];
        end
        mv[i] = mv[2*i] | mv[2*i + 1];
      end
    long_idx   = mi[IdxW-1:0];
    long_valid = mv[0];
  end

  always_comb begin
    unique case (mode_drain_i)
      l1sys_pkg::MRPB_DRAIN_RR[1:0]: begin
        base_valid = rr_valid;
        base_idx   = rr_idx;
      end
      l1sys_pkg::MRPB_DRAIN_LONGEST[1:0]: begin
        base_valid = long_valid;
        base_idx   = long_idx;
      end
      default: begin
        base_valid = fix_valid;
        base_idx   = fix_idx;
      end
    endcase
  end

  assign flush_hit  = flush_valid_i && elig_i[flush_idx_i];
  assign cur_active = mode_greedy_i && gcur_v_q && elig_i[gcur_q];
  assign base_pick  = !flush_hit && !cur_active;

  always_comb begin
    sel_flush_o = 1'b0;
    if (flush_hit) begin
      sel_valid_o = 1'b1;
      sel_idx_o   = flush_idx_i;
      sel_flush_o = 1'b1;
    end else if (cur_active) begin
      sel_valid_o = 1'b1;
      sel_idx_o   = gcur_q;
    end else begin
      sel_valid_o = base_valid;
      sel_idx_o   = base_idx;
    end
  end

  assign rr_advance = advance_i && base_pick && (mode_drain_i == l1sys_pkg::MRPB_DRAIN_RR[1:0]);

  always_comb begin
    gcur_d   = gcur_q;
    gcur_v_d = cur_active;
    if (mode_greedy_i && advance_i && sel_valid_o && !sel_flush_o) begin
      gcur_d   = sel_idx_o;
      gcur_v_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gcur_q   <= '0;
      gcur_v_q <= 1'b0;
    end else begin
      gcur_q   <= gcur_d;
      gcur_v_q <= gcur_v_d;
    end
  end

  // The one-hot grants are not needed: the queue index addresses the memory.
  logic unused_gnt;
  assign unused_gnt = ^{fix_gnt, rr_gnt};
endmodule
