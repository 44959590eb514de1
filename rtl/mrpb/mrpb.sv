// mrpb -- Memory Request Prioritization Buffer (the MRPB paper: Jia, Shaw,
// Martonosi, HPCA 2014; Sections 3, 5.4 and 6, Table 4), between the LD/ST
// unit and the L1D.  docs/mrpb.md is the full description.
//
// Structure (Section 6): one FIFO per signature value, kept as logical rows
// of one SRAM, mem_1r1w_sync (queue q owns rows q*Entries .. q*Entries+Entries-1) with
// per-queue head/tail pointers and counts in flops (unpacked arrays, one
// element per queue); a store-data memory i_sdata indexed by the same row
// (written only by stores); a drain selector (mrpb_drain) picks the queue
// that leaves; an output register (the paper's "outbound buffer") holds the
// request presented to the L1D and is where the bypass decision is taken;
// mrpb_stats counts.
// The queue memories read synchronously (issue 15 item 1, docs/mrpb.md
// section 13): a dequeue reads the head row at the clock edge, and the row
// is presented straight from the SRAMs' output registers (held until the
// next read) -- out_src_q says whether the request presented is that row
// or a request passed unqueued (out_store_q .. out_sdata_q, loaded only by
// a pass).  A dequeue reads only when the output register is free, so the
// held row is never overwritten while presented; port timing is unchanged.
//
// Ports and timing (all handshakes valid/ready: a transfer happens in a
// cycle where both are high):
//   mode_*_i      policy selection, l1sys_pkg::MRPB_* encodings.  Quasi-
//                 static: may change only in a cycle where the previous
//                 cycle had idle_o high and enq_valid_i low.
//                 mode_slot_i: the single-slot "bypass without reordering"
//                 buffer of Section 5.4 -- nothing is queued, every request
//                 passes straight into the output register; drain, greedy
//                 and flush are ignored, bypass applies as usual.
//   enq_*         request from the LD/ST unit: warp ID, block ID, in-block
//                 warp ID (the signature picks one of them as queue index;
//                 callers keep warp -> block/in-block mapping fixed while
//                 the warp has requests inside), store flag, payload, store
//                 data (enq_sdata_i: data and byte mask of a store; ignored
//                 for a load).  Rules for enq_ready_o, in order:
//                   barrier pending                  -> not ready
//                   single-slot mode                 -> ready when the output
//                     register is empty or the L1D takes its request this
//                     cycle (the only mode where enq_ready_o depends on
//                     deq_ready_i: it is the baseline's pipeline register)
//                   flush on and a store             -> ready only when its
//                     queue is empty and the output register is empty; it
//                     then passes to the output register without queueing
//                   otherwise                        -> ready unless its
//                     queue is full (a dequeue does not make room the same
//                     cycle)
//   barrier_i     a request accepted in the cycle barrier_i is high or
//                 earlier is before the barrier.  From the next cycle, enq
//                 is held off until every such request has been delivered
//                 (queues and output register empty), so no later request
//                 can pass an earlier one.
//   deq_*         toward the L1D, from the output register (Moore).  The
//                 L1D raises deq_ready_i when it takes the request; when it
//                 does not, l1d_fail_i (l1sys_pkg::L1D_FAIL_*) gives the
//                 reason.  A read whose reason is a resource fail matching
//                 mode_bypass_i (ALL: LINE_ALLOC, MSHR_ENTRY, MSHR_MERGE,
//                 MISS_QUEUE; ASSOC: LINE_ALLOC; never NONE or PORT_BUSY) is
//                 re-presented from the next cycle with deq_bypass_o set.
//                 Stores never bypass.  deq_sdata_o is meaningful with
//                 deq_store_o.
//   idle_o        no request inside (queues and output register empty).
//   stat_*        counter read port (mrpb_stats).
// Latency: a queued request accepted in cycle t is presented (deq_valid_o)
// in cycle t+Latency at the earliest; a request passing unqueued (a write
// under flush, anything in single-slot mode), at t+1.
// One enqueue and one dequeue per cycle.
// C mirror: csim/mrpb/mrpb.{h,c}.
module mrpb #(
  // manifest: MRPB params
  /// request signature: WARP (48 queues), BLOCK (8), BWARP in-block warp ID (32) (MRPB_SIG)
  parameter int unsigned Sig      = l1sys_pkg::MRPB_SIG,
  /// entries per queue (MRPB_ENTRIES)
  parameter int unsigned Entries  = l1sys_pkg::MRPB_ENTRIES,
  /// minimum enqueue-to-dequeue delay in cycles (accept to deq_valid_o) (MRPB_LATENCY)
  parameter int unsigned Latency  = l1sys_pkg::MRPB_LATENCY,
  /// bits of the opaque request payload (address, mask, ...) (MRPB_PAYLOAD_W)
  parameter int unsigned PayloadW = l1sys_pkg::MRPB_PAYLOAD_W,
  /// bits of a store's data and byte mask, kept per entry in the store-data memory (128 B line: 1024 + 128) (MRPB_SDATA_W)
  parameter int unsigned SDataW   = l1sys_pkg::MRPB_SDATA_W,
  /// bits of each saturating statistics counter (MRPB_CNT_W)
  parameter int unsigned CntW     = l1sys_pkg::MRPB_CNT_W,
  // manifest: end
  /// Derived: do not override.  Queues.
  localparam int unsigned NQ       = (Sig == l1sys_pkg::MRPB_SIG_BLOCK) ? 32'(l1sys_pkg::MRPB_BLOCKS) :
                                    (Sig == l1sys_pkg::MRPB_SIG_BWARP) ? 32'(l1sys_pkg::MRPB_BWARPS) :
                                                                         32'(l1sys_pkg::MRPB_WARPS),
  /// Derived: do not override.  Field widths.
  localparam int unsigned WidW     = $clog2(32'(l1sys_pkg::MRPB_WARPS)),
  /// Derived: do not override.
  localparam int unsigned BidW     = $clog2(32'(l1sys_pkg::MRPB_BLOCKS)),
  /// Derived: do not override.
  localparam int unsigned BwidW    = $clog2(32'(l1sys_pkg::MRPB_BWARPS)),
  /// Derived: do not override.
  localparam int unsigned FailW    = $bits(l1sys_pkg::L1D_FAIL_NONE),
  /// Derived: do not override.  Bits of the stats counters' occupancy input.
  localparam int unsigned OccW     = $clog2(NQ * Entries + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [1:0]          mode_drain_i,
  input  logic                mode_greedy_i,
  input  logic                mode_flush_i,
  input  logic [1:0]          mode_bypass_i,
  input  logic                mode_slot_i,
  input  logic                enq_valid_i,
  output logic                enq_ready_o,
  input  logic [WidW-1:0]     enq_wid_i,
  input  logic [BidW-1:0]     enq_bid_i,
  input  logic [BwidW-1:0]    enq_bwid_i,
  input  logic                enq_store_i,
  input  logic [PayloadW-1:0] enq_payload_i,
  input  logic [SDataW-1:0]   enq_sdata_i,
  input  logic                barrier_i,
  output logic                deq_valid_o,
  input  logic                deq_ready_i,
  input  logic [FailW-1:0]    l1d_fail_i,
  output logic                deq_bypass_o,
  output logic [WidW-1:0]     deq_wid_o,
  output logic                deq_store_o,
  output logic [PayloadW-1:0] deq_payload_o,
  output logic [SDataW-1:0]   deq_sdata_o,
  output logic                idle_o,
  input  logic [4:0]          stat_sel_i,
  output logic [CntW-1:0]     stat_data_o
);
  localparam int unsigned IdxW   = (NQ > 1) ? $clog2(NQ) : 1;
  localparam int unsigned PtrW   = (Entries > 1) ? $clog2(Entries) : 1;
  localparam int unsigned QCntW  = $clog2(Entries + 1);
  localparam int unsigned HistN  = Latency - 2;          // cycles an entry stays young
  localparam int unsigned YoungW = $clog2(HistN + 1);
  localparam int unsigned Rows   = NQ * Entries;
  localparam int unsigned AddrW  = (Rows > 1) ? $clog2(Rows) : 1;
  localparam int unsigned RowW   = PayloadW + WidW + 1; // {payload, wid, store}

  // ---- registers (per-queue state: one element per queue) ----------------
  logic [QCntW-1:0]     cnt_q [NQ];        // entries per queue
  logic [QCntW-1:0]     cnt_d [NQ];
  logic [PtrW-1:0]      head_q [NQ];       // row offset of each queue's head
  logic [PtrW-1:0]      head_d [NQ];
  logic [PtrW-1:0]      tail_q [NQ];       // row offset of each queue's next free slot
  logic [PtrW-1:0]      tail_d [NQ];
  logic [YoungW-1:0]    young_q [NQ];      // entries per queue enqueued < Latency-2 cycles ago
  logic [YoungW-1:0]    young_d [NQ];
  logic [HistN-1:0]     hist_v_q, hist_v_d;   // enqueue k+1 cycles ago happened ...
  logic [IdxW-1:0]      hist_id_q [HistN];    // ... into this queue
  logic [IdxW-1:0]      hist_id_d [HistN];
  logic [OccW-1:0]      occ_q, occ_d;      // queued entries, all queues
  logic                 bar_pend_q, bar_pend_d;
  logic                 out_valid_q, out_valid_d, out_bypass_q, out_bypass_d, out_store_q, out_store_d;
  logic                 out_src_q, out_src_d;  // 1: the request presented is the SRAMs' output row
  logic [WidW-1:0]      out_wid_q, out_wid_d;
  logic [PayloadW-1:0]  out_payload_q, out_payload_d;
  logic [SDataW-1:0]    out_sdata_q, out_sdata_d;

  // ---- combinational -----------------------------------------------------
  logic [IdxW-1:0]  tq;                     // target queue of the presented request
  logic [QCntW-1:0] tq_cnt;
  logic             tq_full, tq_empty, wpass_mode, enq_fire, enq_push, wpass;
  logic             flush_valid, hold_drain, deq_fire, out_free, deq_pop, byp_res, byp_hit, byp_set, idle;
  logic [NQ-1:0]    elig;
  logic [NQ*QCntW-1:0] cnt_flat;
  logic             sel_valid, sel_flush;
  logic [IdxW-1:0]  sel_idx, aged_id;
  logic             aged_v;
  logic [AddrW-1:0] raddr, waddr;
  logic [RowW-1:0]  rdata, wdata;
  logic [SDataW-1:0] sdata_rdata;
  logic             rd_en;                  // the queue SRAMs' read enable
  // the request presented: the SRAMs' output row, or the passed request
  logic              pres_store;
  logic [WidW-1:0]   pres_wid;
  logic [PayloadW-1:0] pres_payload;
  logic [SDataW-1:0] pres_sdata;

  function automatic logic [PtrW-1:0] ptr_next(input logic [PtrW-1:0] p);
    // Assignment to the function name: Yosys 0.23 cannot parse `return (...) ? ...`.
    ptr_next = (p == PtrW'(Entries - 1)) ? '0 : p + 1'b1;
  endfunction

  // Signature: the queue index (Section 3.2).  Only one of the three fields
  // is used for a given Sig; the others are sunk for lint.
  logic unused_sig;
  assign unused_sig = ^{enq_bid_i, enq_bwid_i};
  always_comb begin
    if (Sig == l1sys_pkg::MRPB_SIG_BLOCK)      tq = IdxW'(enq_bid_i);
    else if (Sig == l1sys_pkg::MRPB_SIG_BWARP) tq = IdxW'(enq_bwid_i);
    else                                       tq = IdxW'(enq_wid_i);
  end

  assign tq_cnt   = cnt_q[tq];
  assign tq_full  = (tq_cnt == QCntW'(Entries));
  assign tq_empty = (tq_cnt == '0);
  assign idle     = (occ_q == '0) && !out_valid_q;

  // Dequeue side.
  assign deq_fire = out_valid_q && deq_ready_i;
  assign out_free = !out_valid_q || deq_fire;

  // Enqueue side.  "wpass": the request goes straight into the output
  // register (a write under flush, or anything in single-slot mode).
  assign wpass_mode  = mode_slot_i || (mode_flush_i && enq_store_i);
  always_comb begin
    if (bar_pend_q)        enq_ready_o = 1'b0;
    else if (mode_slot_i)  enq_ready_o = out_free;
    else if (wpass_mode)   enq_ready_o = tq_empty && !out_valid_q;
    else                   enq_ready_o = !tq_full;
  end
  assign enq_fire    = enq_valid_i && enq_ready_o;
  assign enq_push    = enq_fire && !wpass_mode;
  assign wpass       = enq_fire && wpass_mode;

  // Flush (Section 3.3): a read meeting a full queue, or a write whose
  // queue still holds entries, makes that queue drain first.  A write whose
  // queue is empty holds the drain so the output register frees for it.
  assign flush_valid = !mode_slot_i && mode_flush_i && enq_valid_i && !bar_pend_q && (enq_store_i ? !tq_empty : tq_full);
  assign hold_drain  = !mode_slot_i && mode_flush_i && enq_valid_i && !bar_pend_q && enq_store_i && tq_empty;

  always_comb begin
    for (int unsigned q = 0; q < NQ; q++) begin
      cnt_flat[q*QCntW +: QCntW] = cnt_q[q];
`ifdef LS_FAULTS
      // Injected fault: the head counts as old one cycle early.
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MRPB_LATENCY) elig[q] = (cnt_q[q] != '0) && (32'(cnt_q[q]) + 1 > 32'(young_q[q]));
      else
`endif
      elig[q] = 32'(cnt_q[q]) > 32'(young_q[q]);
    end
  end

  mrpb_drain #(
    .NQ   (NQ),
    .CntW (QCntW)
  ) i_drain (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .mode_drain_i  (mode_drain_i),
    .mode_greedy_i (mode_greedy_i),
    .elig_i        (elig),
    .cnt_i         (cnt_flat),
    .flush_valid_i (flush_valid),
    .flush_idx_i   (tq),
    .advance_i     (deq_pop),
    .sel_valid_o   (sel_valid),
    .sel_idx_o     (sel_idx),
    .sel_flush_o   (sel_flush)
  );

  assign deq_pop = sel_valid && out_free && !hold_drain;

  // Queue storage: logical rows of one SRAM (Section 6); store data in a
  // second SRAM at the same row, written only by stores (docs/mrpb.md).
  // Both are read at a dequeue.  A dequeue never reads the row the push
  // writes at the same edge (a queue's head against a queue's tail: equal
  // only when that queue is empty -- not eligible -- or full -- no push), so
  // the read-before-write rule never shows.
`ifdef LS_FAULTS
  // Injected fault: the SRAMs are read whenever a queue is selected, even
  // while the output register still presents the row they hold.
  assign rd_en = (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MRPB_RDHOLD) ? sel_valid && !hold_drain : deq_pop;
`else
  assign rd_en = deq_pop;
`endif
  assign raddr = AddrW'(sel_idx) * AddrW'(Entries) + AddrW'(head_q[sel_idx]);
  assign waddr = AddrW'(tq) * AddrW'(Entries) + AddrW'(tail_q[tq]);
  assign wdata = {enq_payload_i, enq_wid_i, enq_store_i};

  mem_1r1w_sync #(
    .Depth (Rows),
    .Width (RowW)
  ) i_mem (
    .clk_i   (clk_i),
    .re_i    (rd_en),
    .raddr_i (raddr),
    .rdata_o (rdata),
    .we_i    (enq_push),
    .waddr_i (waddr),
    .wdata_i (wdata),
    .wmask_i (1'b1)
  );

  mem_1r1w_sync #(
    .Depth (Rows),
    .Width (SDataW)
  ) i_sdata (
    .clk_i   (clk_i),
    .re_i    (rd_en),
    .raddr_i (raddr),
    .rdata_o (sdata_rdata),
    .we_i    (enq_push && enq_store_i),
    .waddr_i (waddr),
    .wdata_i (enq_sdata_i),
    .wmask_i (1'b1)
  );

  // Per-queue pointers, counts and young counts: only the pushed, popped
  // and aged queues change.
  assign aged_v  = hist_v_q[HistN-1];
  assign aged_id = hist_id_q[HistN-1];
  always_comb begin
    for (int unsigned q = 0; q < NQ; q++) begin
      cnt_d[q]   = cnt_q[q];
      head_d[q]  = head_q[q];
      tail_d[q]  = tail_q[q];
      young_d[q] = young_q[q];
    end
    if (enq_push) tail_d[tq] = ptr_next(tail_q[tq]);
    if (deq_pop)  head_d[sel_idx] = ptr_next(head_q[sel_idx]);
    if (enq_push && !(deq_pop && sel_idx == tq)) cnt_d[tq] = cnt_q[tq] + 1'b1;
    if (deq_pop && !(enq_push && sel_idx == tq)) cnt_d[sel_idx] = cnt_q[sel_idx] - 1'b1;
    if (enq_push && !(aged_v && aged_id == tq)) young_d[tq] = young_q[tq] + 1'b1;
    if (aged_v && !(enq_push && aged_id == tq)) young_d[aged_id] = young_q[aged_id] - 1'b1;
  end

  // Age history: a shift register of the last HistN enqueues.
  always_comb begin
    hist_v_d    = hist_v_q;
    hist_v_d[0] = enq_push;
    for (int unsigned k = HistN - 1; k > 0; k--) begin
      hist_v_d[k]  = hist_v_q[k-1];
      hist_id_d[k] = hist_id_q[k-1];
    end
    hist_id_d[0] = tq;
  end

  always_comb begin
    occ_d = occ_q;
    if (enq_push && !deq_pop)      occ_d = occ_q + 1'b1;
    else if (deq_pop && !enq_push) occ_d = occ_q - 1'b1;
  end

  // Output register (outbound buffer) and bypass (Section 3.4): only a
  // missed request short of a resource bypasses, never NONE or PORT_BUSY.
  assign byp_res = (l1d_fail_i == l1sys_pkg::L1D_FAIL_LINE_ALLOC) || (l1d_fail_i == l1sys_pkg::L1D_FAIL_MSHR_ENTRY) ||
                   (l1d_fail_i == l1sys_pkg::L1D_FAIL_MSHR_MERGE) || (l1d_fail_i == l1sys_pkg::L1D_FAIL_MISS_QUEUE);
  always_comb begin
    unique case (mode_bypass_i)
`ifdef LS_FAULTS
      // Injected fault: bypass on any nonzero fail code (PORT_BUSY included).
      l1sys_pkg::MRPB_BYPASS_ALL[1:0]:   byp_hit = (ls_fault_pkg::sel == ls_fault_pkg::FAULT_MRPB_BYPASS_ANY) ? (l1d_fail_i != l1sys_pkg::L1D_FAIL_NONE) : byp_res;
`else
      l1sys_pkg::MRPB_BYPASS_ALL[1:0]:   byp_hit = byp_res;
`endif
      l1sys_pkg::MRPB_BYPASS_ASSOC[1:0]: byp_hit = (l1d_fail_i == l1sys_pkg::L1D_FAIL_LINE_ALLOC);
      default:                           byp_hit = 1'b0;
    endcase
  end
  assign pres_store   = out_src_q ? rdata[0] : out_store_q;
  assign pres_wid     = out_src_q ? rdata[1 +: WidW] : out_wid_q;
  assign pres_payload = out_src_q ? rdata[1+WidW +: PayloadW] : out_payload_q;
  assign pres_sdata   = out_src_q ? sdata_rdata : out_sdata_q;
  assign byp_set = out_valid_q && !deq_ready_i && !out_bypass_q && !pres_store && byp_hit;

  always_comb begin
    out_valid_d   = out_valid_q && !deq_fire;
    out_bypass_d  = out_bypass_q;
    out_src_d     = out_src_q;
    out_store_d   = out_store_q;
    out_wid_d     = out_wid_q;
    out_payload_d = out_payload_q;
    out_sdata_d   = out_sdata_q;
    if (deq_pop) begin
      // the row arrives in the SRAMs' output registers at this edge
      out_valid_d   = 1'b1;
      out_bypass_d  = 1'b0;
      out_src_d     = 1'b1;
    end else if (wpass) begin
      out_valid_d   = 1'b1;
      out_bypass_d  = 1'b0;
      out_src_d     = 1'b0;
      out_store_d   = enq_store_i;
      out_wid_d     = enq_wid_i;
      out_payload_d = enq_payload_i;
      if (enq_store_i) out_sdata_d = enq_sdata_i;
    end else if (byp_set) begin
      out_bypass_d  = 1'b1;
    end
  end

  // Barrier: pending from the cycle after barrier_i until the buffer is empty.
  assign bar_pend_d = barrier_i || (bar_pend_q && !idle);

  assign deq_valid_o   = out_valid_q;
  assign deq_bypass_o  = out_bypass_q;
  assign deq_store_o   = pres_store;
  assign deq_wid_o     = pres_wid;
  assign deq_payload_o = pres_payload;
  assign deq_sdata_o   = pres_sdata;
  assign idle_o        = idle;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned q = 0; q < NQ; q++) begin
        cnt_q[q]   <= '0;
        head_q[q]  <= '0;
        tail_q[q]  <= '0;
        young_q[q] <= '0;
      end
      hist_v_q      <= '0;
      for (int unsigned k = 0; k < HistN; k++) hist_id_q[k] <= '0;
      occ_q         <= '0;
      bar_pend_q    <= 1'b0;
      out_valid_q   <= 1'b0;
      out_bypass_q  <= 1'b0;
      out_store_q   <= 1'b0;
      out_src_q     <= 1'b0;
      out_wid_q     <= '0;
      out_payload_q <= '0;
      out_sdata_q   <= '0;
    end else begin
      for (int unsigned q = 0; q < NQ; q++) begin
        cnt_q[q]   <= cnt_d[q];
        head_q[q]  <= head_d[q];
        tail_q[q]  <= tail_d[q];
        young_q[q] <= young_d[q];
      end
      hist_v_q      <= hist_v_d;
      for (int unsigned k = 0; k < HistN; k++) hist_id_q[k] <= hist_id_d[k];
      occ_q         <= occ_d;
      bar_pend_q    <= bar_pend_d;
      out_valid_q   <= out_valid_d;
      out_bypass_q  <= out_bypass_d;
      out_store_q   <= out_store_d;
      out_src_q     <= out_src_d;
      out_wid_q     <= out_wid_d;
      out_payload_q <= out_payload_d;
      out_sdata_q   <= out_sdata_d;
    end
  end

  mrpb_stats #(
    .CntW (CntW),
    .OccW (OccW)
  ) i_stats (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .enq_i       (enq_push),
    .deq_i       (deq_pop),
    .wpass_i     (wpass),
    .flush_i     (deq_pop && sel_flush),
    .bypass_i    (byp_set),
    .stall_i     (enq_valid_i && !enq_ready_o),
    .rej_i       (out_valid_q && !deq_ready_i),
    .occ_i       (occ_q),
    .stat_sel_i  (stat_sel_i),
    .stat_data_o (stat_data_o)
  );

  // The input range the RTL relies on, valid or not: enq_ready_o and the
  // queue count it reads (cnt_q[tq]) are computed whether or not a request
  // is offered, so an index past the per-warp arrays would be a don't-care
  // the netlist may resolve differently from the RTL, valid or not.  The LD/ST
  // unit has warps 0 .. MRPB_WARPS-1 only, and the stimuli draw even a
  // don't-care request's fields in range.  One expression, stated twice: the
  // bounded equivalence check assumes it (scripts/lec.sh reads the RTL with
  // -formal: sat -set-assumes), simulation checks it every cycle (a_enq_range
  // below).  Unused in synthesis: no cell.
  logic enq_in_range;
  assign enq_in_range = 32'(enq_wid_i) < 32'(l1sys_pkg::MRPB_WARPS) && 32'(tq) < NQ;
`ifdef FORMAL
  always_comb assume (enq_in_range);
`endif

`ifndef SYNTHESIS
  // ---- simulation-only checks ---------------------------------------------
  // Per-warp ordering: every request gets its warp's next sequence number
  // when accepted; the L1D must receive each warp's numbers in order.  The
  // shadow row numbers follow the queue rows, so the check sees what the
  // hardware actually reorders.  (Checker state, not design state: it is
  // not in the lockstep state map.)
  localparam int unsigned NWarps = 32'(l1sys_pkg::MRPB_WARPS);
  logic [31:0] chk_in_seq_q [NWarps];
  logic [31:0] chk_out_seq_q [NWarps];
  logic [31:0] chk_row_seq_q [Rows];
  logic [31:0] chk_oreg_seq_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_order_check
    if (!rst_ni) begin
      for (int unsigned w = 0; w < NWarps; w++) begin
        chk_in_seq_q[w]  <= '0;
        chk_out_seq_q[w] <= '0;
      end
      chk_oreg_seq_q <= '0;
    end else begin
      assert (enq_in_range) // (valid or not: the range above)
      else $error("mrpb: a_enq_range: warp ID %0d / queue %0d out of range (enq_valid_i %0d)", enq_wid_i, tq, enq_valid_i);
      if (deq_fire) begin
        assert (chk_oreg_seq_q == chk_out_seq_q[pres_wid])
        else $error("mrpb: a_warp_order: warp %0d request %0d delivered before request %0d (per-warp order broken)",
                    pres_wid, chk_oreg_seq_q, chk_out_seq_q[pres_wid]);
        chk_out_seq_q[pres_wid] <= chk_oreg_seq_q + 1;
      end
      if (enq_fire) chk_in_seq_q[enq_wid_i] <= chk_in_seq_q[enq_wid_i] + 1;
      if (enq_push) chk_row_seq_q[waddr] <= chk_in_seq_q[enq_wid_i];
      if (deq_pop) chk_oreg_seq_q <= chk_row_seq_q[raddr];
      else if (wpass) chk_oreg_seq_q <= chk_in_seq_q[enq_wid_i];
    end
  end
`endif
endmodule
