// shell_sm -- one SM of the GPU shell (docs/shell.md, "SM" and "The SM's
// ports"): NW warp slots, NT thread-block slots, a warp scheduler (LRR or
// GTO, mode_sched_i), fetch from the environment, the LD/ST unit with its
// coalescer into line (sectored L1D: sector) requests, the LD/ST path [MRPB ->] L1D and the
// injection queue toward the request crossbar.  The bypass controller and
// the CCN node stay outside; the SM has ports for them.
//
// Handshakes (valid/ready: a transfer in a cycle where both are high):
//   disp_*        a block from the dispatcher, taken into the lowest free TB
//                 slot and the lowest free warp slots; the dispatcher checks
//                 tb_free_o / free_warps_o (registered state) first.
//   fetch_*_o     registered environment requests: presented in the cycle
//   ifetch_*_o    the SM decides them, answered the next cycle on fetch_*_i,
//   lsu_*_o       ifetch_*_i, lsu_*_i (a memory with a registered read).
//                 fetch: one warp round-robin; ifetch: the issuing warp's
//                 next record; lsu: an LD/ST instruction's lane addresses.
//   fill_*        a line from the response crossbar (fill_ready_o: taken
//                 when fill_valid_i is high); a line the CCN node delivers
//                 (ccn_fill_*) goes first.
//   inj_*         the injection queue's head (registered); inj_pop_i pops.
//   byp_*_o       the request presented to the L1D (from registers), for
//                 the bypass controller; byp_i, its decision in the same
//                 cycle, is ORed into the L1D's req_byp_i for loads.
//   ev_*_o, l1d_take_o, l1d_byp_o, hk_*_o, ibuf_o, warps_o: the hooks'
//                 inputs (event pulses, dispatch, block retired, kernel
//                 start, occupancy).
//   ccn_*, rmt_*  the CCN node: cached load misses go to the node
//                 (ccn_miss_*_o, when mode_ccn_i), the node's L2 requests
//                 into the injection queue before the L1D's own
//                 (ccn_l2_ready_o), ccn_mem_ready_i gates the L1D's memory
//                 port, rmt_* is the L1D's remote-lookup port.
// Request ids are warp slots.  The L1D's line contents are the line address
// (word 0), as the shell's environment defines them.
// C mirror: csim/shell/shell_sm.{h,c} (same names: the C warp field
// w_q[w].pc is w_pc_q[w] here; same statement order).
module shell_sm #(
  /// Warp slots (1..64).
  parameter int unsigned NW       = l1sys_pkg::SHELL_WARPS,
  /// Thread-block slots (1..32).
  parameter int unsigned NT       = l1sys_pkg::SHELL_TBS,
  /// Cycles a warp is held after its last load line arrives (SHELL_L1_LAT - SHELL_L1_PIPE, at least 0).
  parameter int unsigned L1X      = (l1sys_pkg::SHELL_L1_LAT > 32'(l1sys_pkg::SHELL_L1_PIPE)) ? l1sys_pkg::SHELL_L1_LAT - 32'(l1sys_pkg::SHELL_L1_PIPE) : 0,
  /// Injection-queue entries (SHELL_XBAR_Q).
  parameter int unsigned InjQ     = l1sys_pkg::SHELL_XBAR_Q,
  /// 1: the MRPB sits between the LD/ST unit and the L1D.
  parameter int unsigned UseMrpb  = (l1sys_pkg::SHELL_MRPB != 0) ? 1 : 0,
  /// MRPB signature, l1sys_pkg::MRPB_SIG_*.
  parameter int unsigned Sig      = l1sys_pkg::MRPB_SIG,
  /// MRPB entries per queue.
  parameter int unsigned QEntries = l1sys_pkg::MRPB_ENTRIES,
  /// MRPB buffer latency.
  parameter int unsigned Latency  = l1sys_pkg::MRPB_LATENCY,
  /// Bits of each MRPB statistics counter.
  parameter int unsigned CntW     = l1sys_pkg::MRPB_CNT_W,
  // manifest: L1D params
  /// sets (16 KB 4-way 128 B: 32; 48 KB 6-way: 64; 24 KB 48-way: 4) (L1D_SETS)
  parameter int unsigned Sets    = l1sys_pkg::L1D_SETS,
  /// ways per set (associativity; GPGPU-Sim's Volta/Turing L1s: 256-1024 ways in one set) (L1D_WAYS)
  parameter int unsigned Ways    = l1sys_pkg::L1D_WAYS,
  /// line size in bytes (L1D_LINE)
  parameter int unsigned Line    = l1sys_pkg::L1D_LINE,
  /// sectors per line: 1 a line cache (GPGPU-Sim N:), 4 sectored (S:, 32-byte sectors of a 128-byte line): valid/reserved state, MSHR entries, misses and fills per sector (docs/l1d.md) (L1D_SECTORS)
  parameter int unsigned Sectors = l1sys_pkg::L1D_SECTORS,
  /// MSHR entries (distinct line -- or, sectored, sector -- addresses in flight) (L1D_MSHR_ENTRIES)
  parameter int unsigned Entries = l1sys_pkg::L1D_MSHR_ENTRIES,
  /// requests one MSHR entry holds (max_merge) (L1D_MSHR_MERGE)
  parameter int unsigned Merge   = l1sys_pkg::L1D_MSHR_MERGE,
  /// miss-queue entries toward L2 (>= 2: GPGPU-Sim refuses a load that is not a hit once N-1 are taken) (L1D_MISSQ)
  parameter int unsigned MissQ   = l1sys_pkg::L1D_MISSQ,
  /// bypass-queue entries: bypassed loads go to the memory port through it, not through the miss queue (L1D_BYPQ)
  parameter int unsigned BypQ    = l1sys_pkg::L1D_BYPQ,
  /// release-queue entries: filled lines (entry + data) whose merged requests are still being returned, in fill order (L1D_RELQ)
  parameter int unsigned RelQ    = l1sys_pkg::L1D_RELQ,
  /// byte-address bits (L1D_ADDR_W)
  parameter int unsigned AddrW   = l1sys_pkg::L1D_ADDR_W,
  /// request-id bits (L1D_ID_W)
  parameter int unsigned IdW     = l1sys_pkg::L1D_ID_W,
  // manifest: end
  /// Derived: do not override.
  localparam int unsigned WarpW    = (NW > 1) ? $clog2(NW) : 1,
  /// Derived: do not override.
  localparam int unsigned TbW      = (NT > 1) ? $clog2(NT) : 1,
  /// Derived: do not override.
  localparam int unsigned OffW     = $clog2(Line),
  /// Derived: do not override.  Offset bits of a segment, the L1D's atom (a line or a sector).
  localparam int unsigned SegW     = OffW - $clog2(Sectors),
  /// Derived: do not override.  Atom-address bits.
  localparam int unsigned AtW      = AddrW - SegW,
  /// Derived: do not override.
  localparam int unsigned LBits    = Line * 8,
  /// Derived: do not override.  Injection-queue entry {store, byp, id, line}.
  localparam int unsigned InjW     = 2 + IdW + AtW,
  /// Derived: do not override.  MRPB payload {line, byte mask}.
  localparam int unsigned MPayW    = Line + AtW,
  /// Derived: do not override.
  localparam int unsigned WidW     = $clog2(32'(l1sys_pkg::MRPB_WARPS)),
  /// Derived: do not override.
  localparam int unsigned BidW     = $clog2(32'(l1sys_pkg::MRPB_BLOCKS)),
  /// Derived: do not override.
  localparam int unsigned BwidW    = $clog2(32'(l1sys_pkg::MRPB_BWARPS))
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // modes (constant for a run)
  input  logic              mode_sched_i,
  input  logic              mode_ccn_i,
  input  logic              mode_repl_i,
  input  logic              mode_wr_i,
  input  logic              mode_alloc_i,
  input  logic [1:0]        mode_hash_i,
  input  logic              mode_ba_i,
  input  logic [7:0]        mode_ba_thr_i,
  input  logic [1:0]        mode_drain_i,
  input  logic              mode_greedy_i,
  input  logic              mode_flush_i,
  input  logic [1:0]        mode_bypass_i,
  input  logic              mode_slot_i,
  // dispatcher
  input  logic              disp_valid_i,
  input  logic [31:0]       disp_block_i,
  input  logic [7:0]        disp_warps_i,
  input  logic              kern_start_i,
  output logic              tb_free_o,
  output logic [7:0]        free_warps_o,
  output logic              busy_o,
  // environment: requests and next-cycle answers
  output logic              fetch_valid_o,
  output logic [31:0]       fetch_block_o,
  output logic [WarpW-1:0]  fetch_wib_o,
  output logic [31:0]       fetch_pc_o,
  input  logic [2:0]        fetch_kind_i,
  input  logic [15:0]       fetch_count_i,
  input  logic [4:0]        fetch_size_i,
  input  logic [31:0]       fetch_mask_i,
  output logic              ifetch_valid_o,
  output logic [31:0]       ifetch_block_o,
  output logic [WarpW-1:0]  ifetch_wib_o,
  output logic [31:0]       ifetch_pc_o,
  input  logic [2:0]        ifetch_kind_i,
  input  logic [15:0]       ifetch_count_i,
  input  logic [4:0]        ifetch_size_i,
  input  logic [31:0]       ifetch_mask_i,
  output logic              lsu_valid_o,
  output logic [31:0]       lsu_block_o,
  output logic [WarpW-1:0]  lsu_wib_o,
  output logic [31:0]       lsu_pc_o,
  input  logic [31:0]       lsu_mask_i,
  input  logic [32*32-1:0]  lsu_addr_i,
  input  logic [1:0]        lsu_tag_i,
  // response crossbar
  input  logic              fill_valid_i,
  output logic              fill_ready_o,
  input  logic [AtW-1:0]    fill_line_i,
  input  logic [IdW-1:0]    fill_id_i,
  input  logic              fill_byp_i,
  // request crossbar: the injection queue's head
  output logic              inj_valid_o,
  input  logic              inj_pop_i,
  output logic [AtW-1:0]    inj_line_o,
  output logic [IdW-1:0]    inj_id_o,
  output logic              inj_store_o,
  output logic              inj_byp_o,
  // bypass controller
  output logic              byp_valid_o,
  output logic [WarpW-1:0]  byp_warp_o,
  output logic [TbW-1:0]    byp_tb_o,
  output logic [31:0]       byp_block_o,
  output logic [31:0]       byp_pc_o,
  output logic              byp_store_o,
  output logic [1:0]        byp_tag_o,
  input  logic              byp_i,
  output logic              l1d_take_o,
  output logic              l1d_byp_o,
  output logic              ev_access_o,
  output logic              ev_hit_o,
  output logic              ev_hitres_o,
  output logic              ev_miss_o,
  output logic              ev_stall_o,
  output logic              ev_byp_o,
  output logic              ev_pseudo_o,
  output logic              ev_fill_o,
  output logic              hk_disp_valid_o,
  output logic [TbW-1:0]    hk_disp_slot_o,
  output logic [31:0]       hk_disp_block_o,
  output logic              hk_done_valid_o,
  output logic [TbW-1:0]    hk_done_slot_o,
  output logic              hk_kern_start_o,
  output logic [NW-1:0]     ibuf_o,
  output logic [7:0]        warps_o,
  // CCN node
  input  logic              ccn_fill_valid_i,
  input  logic [AtW-1:0]    ccn_fill_line_i,
  output logic              ccn_fill_ready_o,
  input  logic              ccn_mem_ready_i,
  output logic              ccn_miss_valid_o,
  output logic [AtW-1:0]    ccn_miss_line_o,
  input  logic              ccn_l2_valid_i,
  input  logic [AtW-1:0]    ccn_l2_line_i,
  output logic              ccn_l2_ready_o,
  input  logic              rmt_valid_i,
  input  logic [AddrW-1:0]  rmt_addr_i,
  output logic              rmt_hit_o,
  output logic [LBits-1:0]  rmt_data_o
);
  localparam int unsigned WL = 32; // lanes

  // ---- registers ----------------------------------------------------------
  // per warp slot
  logic             w_valid_q [NW], w_valid_d [NW];
  logic [TbW-1:0]   w_tb_q    [NW], w_tb_d    [NW];
  logic [WarpW-1:0] w_wib_q   [NW], w_wib_d   [NW];
  logic             w_ibv_q   [NW], w_ibv_d   [NW];
  logic             w_bar_q   [NW], w_bar_d   [NW];
  logic [2:0]       w_kind_q  [NW], w_kind_d  [NW];
  logic [4:0]       w_size_q  [NW], w_size_d  [NW];
  logic [15:0]      w_count_q [NW], w_count_d [NW];
  logic [31:0]      w_pc_q    [NW], w_pc_d    [NW];
  logic [31:0]      w_ready_q [NW], w_ready_d [NW];
  logic [7:0]       w_ld_q    [NW], w_ld_d    [NW];
  logic [31:0]      w_mask_q  [NW], w_mask_d  [NW];
  logic [31:0]      w_age_q   [NW], w_age_d   [NW];
  logic [1:0]       w_ltag_q  [NW], w_ltag_d  [NW];  // static tag of the last memory instruction
  // per TB slot
  logic             t_valid_q [NT], t_valid_d [NT];
  logic [7:0]       t_nw_q    [NT], t_nw_d    [NT];
  logic [7:0]       t_nexit_q [NT], t_nexit_d [NT];
  logic [7:0]       t_nbar_q  [NT], t_nbar_d  [NT];
  logic [31:0]      t_block_q [NT], t_block_d [NT];
  // cycle counter, scheduler, fetch
  logic [31:0]      cyc_q, cyc_d;
  logic [WarpW-1:0] last_q, last_d, fptr_q, fptr_d;
  logic             fetch_v_q, fetch_v_d, ifetch_v_q, ifetch_v_d;
  logic [WarpW-1:0] fetch_w_q, fetch_w_d, ifetch_w_q, ifetch_w_d;
  logic [31:0]      age_q, age_d;
  // LD/ST unit
  logic             l_busy_q, l_busy_d, l_wait_q, l_wait_d, l_store_q, l_store_d;
  logic [WarpW-1:0] l_warp_q, l_warp_d;
  logic [4:0]       l_size_q, l_size_d;
  logic [31:0]      l_pend_q, l_pend_d, l_pc_q, l_pc_d;
  logic [AddrW-1:0] l_addr_q [WL], l_addr_d [WL];
  // the LD/ST unit's next slot (GPGPU-Sim's OC_EX_MEM register): a memory
  // instruction issued while the unit is busy; it moves into the unit the
  // cycle the unit frees, so no cycle is lost between instructions
  logic             n_busy_q, n_busy_d, n_wait_q, n_wait_d, n_store_q, n_store_d;
  logic [WarpW-1:0] n_warp_q, n_warp_d;
  logic [4:0]       n_size_q, n_size_d;
  logic [31:0]      n_pend_q, n_pend_d, n_pc_q, n_pc_d;
  logic [AddrW-1:0] n_addr_q [WL], n_addr_d [WL];
  logic [31:0]      rsp_at;  // a load response's issue-again time

  // ---- wires ----------------------------------------------------------------
  logic             lreq;
  logic [AtW-1:0]   lline;
  logic [31:0]      lsame;
  logic [Line-1:0]  lmask;
  // the L1D's request port and verdict
  logic             q_valid, q_store, q_byp, q_ready;
  logic [AddrW-1:0] q_addr;
  logic [IdW-1:0]   q_id;
  logic [Line-1:0]  q_mask;
  logic [2:0]       q_fail;
  logic [2:0]       q_outcome;
  logic             q_dec;
  // the MRPB (or its tie-offs)
  logic             m_enq_ready, m_out_valid, m_out_bypass, m_out_store;
  logic [WidW-1:0]  m_out_wid;
  logic [MPayW-1:0] m_out_payload;
  // the L1D's other ports
  logic             l_fill_valid, l_fill_byp, l_fill_ready;
  logic [AtW-1:0]   l_fill_addr;
  logic [IdW-1:0]   l_fill_id;
  logic             l_rsp_valid;
  logic [IdW-1:0]   l_rsp_id;
  logic             l_mem_valid, l_mem_ready, l_mem_store, l_mem_byp;
  logic [IdW-1:0]   l_mem_id;
  logic [AtW-1:0]   l_mem_addr;
  // injection queue
  logic             inj_push, inj_full, inj_empty;
  logic [$clog2(InjQ+1)-1:0] inj_count;
  logic [LBits-1:0] l_rsp_data, l_mem_data;
  logic [Line-1:0]  l_mem_mask;
  logic [InjW-1:0]  inj_wdata, inj_rdata;
  // scheduler
  logic             pick_v;
  logic [WarpW-1:0] pick;
  logic             accepted, l1_take;

  // ---- the dispatcher's view, the injection queue's head, the coalescer
  // and the presented request (registers only) ------------------------------
  always_comb begin
    logic [7:0] freew;
    logic [7:0] nwv;
    logic [4:0] lead;
    logic found;
    tb_free_o = 1'b0;
    busy_o = 1'b0;
    for (int unsigned u = 0; u < NT; u++) begin
      busy_o = busy_o | t_valid_q[u];
      tb_free_o = tb_free_o | !t_valid_q[u];
    end
    freew = '0;
    nwv = '0;
    ibuf_o = '0;
    for (int unsigned w = 0; w < NW; w++) begin
      freew = freew + 8'(!w_valid_q[w]);
      nwv = nwv + 8'(w_valid_q[w]);
      ibuf_o[w] = w_valid_q[w] && w_ibv_q[w];
    end
    free_warps_o = freew;
    warps_o = nwv;
    inj_valid_o = !inj_empty;
    inj_line_o = inj_rdata[AtW-1:0];
    inj_id_o = inj_rdata[AtW +: IdW];
    inj_byp_o = inj_rdata[AtW + IdW];
    inj_store_o = inj_rdata[AtW + IdW + 1];
    // coalescer: the lowest pending lane's line, with every pending lane in it
    lreq = l_busy_q && !l_wait_q && (l_pend_q != '0);
    lline = '0;
    lsame = '0;
    lmask = '0;
    lead = 0;
    found = 1'b0;
    if (lreq) begin
      for (int unsigned l = 0; l < WL; l++)
        if (!found && l_pend_q[l]) begin
          found = 1'b1;
          lead = 5'(l);
        end
      lline = l_addr_q[lead][AddrW-1:SegW];
      for (int unsigned l = 0; l < WL; l++)
        lsame[l] = l_pend_q[l] && l_addr_q[l][AddrW-1:SegW] == lline;
      // a store's byte mask: byte p of the line is written when a lane of
      // this line starts at or below it and covers it (C: per lane, bytes
      // off .. off+size-1 below the line's end -- the same set)
      if (l_store_q)
        for (int unsigned p = 0; p < Line; p++)
          for (int unsigned l = 0; l < WL; l++)
            if (lsame[l] && 32'(l_addr_q[l][OffW-1:0]) <= p && p < 32'(l_addr_q[l][OffW-1:0]) + 32'(l_size_q))
              lmask[p] = 1'b1;
    end
    // the request presented to the L1D (the bypass controller's view)
    if (UseMrpb != 0) begin
      byp_valid_o = m_out_valid;
      byp_warp_o = WarpW'(m_out_wid);
      byp_tb_o = w_tb_q[WarpW'(m_out_wid)];
      byp_block_o = t_block_q[w_tb_q[WarpW'(m_out_wid)]];
      byp_pc_o = w_pc_q[WarpW'(m_out_wid)] - 32'd1; // its warp waits on this load
      byp_store_o = m_out_store;
      byp_tag_o = w_ltag_q[WarpW'(m_out_wid)];
    end else begin
      byp_valid_o = lreq;
      byp_warp_o = l_warp_q;
      byp_tb_o = w_tb_q[l_warp_q];
      byp_block_o = t_block_q[w_tb_q[l_warp_q]];
      byp_pc_o = l_pc_q;
      byp_store_o = l_store_q;
      byp_tag_o = w_ltag_q[l_warp_q];
    end
  end

  // ---- the L1D's request: the MRPB's output register, or the coalescer ----
  always_comb begin
    if (UseMrpb != 0) begin
      q_valid = m_out_valid;
      q_store = m_out_store;
      q_id = IdW'(m_out_wid);
      q_addr = {m_out_payload[Line +: AtW], SegW'(0)};
      q_mask = m_out_payload[Line-1:0];
      q_byp = m_out_bypass || (!m_out_store && byp_i);
    end else begin
      q_valid = lreq;
      q_store = l_store_q;
      q_id = IdW'(l_warp_q);
      q_addr = {lline, SegW'(0)};
      q_mask = lmask;
      q_byp = !l_store_q && byp_i;
    end
    // fill port: a line the CCN node delivered goes before the crossbar's
    if (ccn_fill_valid_i) begin
      l_fill_valid = 1'b1;
      l_fill_addr = ccn_fill_line_i;
      l_fill_byp = 1'b0;
      l_fill_id = '0;
    end else begin
      l_fill_valid = fill_valid_i;
      l_fill_addr = fill_line_i;
      l_fill_byp = fill_byp_i;
      l_fill_id = fill_id_i;
    end
    l_mem_ready = !inj_full && ccn_mem_ready_i && !ccn_l2_valid_i;
  end

  if (UseMrpb != 0) begin : gen_mrpb
    logic unused_mrpb;
    logic unused_sdata;
    logic [CntW-1:0] stat_data;
    logic idle;
    mrpb #(
      .Sig      (Sig),
      .Entries  (QEntries),
      .Latency  (Latency),
      .PayloadW (MPayW),
      .SDataW   (1),
      .CntW     (CntW)
    ) i_mrpb (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .mode_drain_i  (mode_drain_i),
      .mode_greedy_i (mode_greedy_i),
      .mode_flush_i  (mode_flush_i),
      .mode_bypass_i (mode_bypass_i),
      .mode_slot_i   (mode_slot_i),
      .enq_valid_i   (lreq),
      .enq_ready_o   (m_enq_ready),
      .enq_wid_i     (WidW'(l_warp_q)),
      .enq_bid_i     (BidW'(w_tb_q[l_warp_q])),
      .enq_bwid_i    (BwidW'(w_wib_q[l_warp_q])),
      .enq_store_i   (l_store_q),
      .enq_payload_i ({lline, lmask}),
      .enq_sdata_i   (1'b0),
      .barrier_i     (1'b0),
      .deq_valid_o   (m_out_valid),
      .deq_ready_i   (q_ready),
      .l1d_fail_i    (3'(l1sys_pkg::L1D_FAIL_NONE)),  // bypass on stall: the L1D's decide stage (mode_sbyp_i)
      .deq_bypass_o  (m_out_bypass),
      .deq_wid_o     (m_out_wid),
      .deq_store_o   (m_out_store),
      .deq_payload_o (m_out_payload),
      .deq_sdata_o   (unused_sdata),
      .idle_o        (idle),
      .stat_sel_i    (5'd0),
      .stat_data_o   (stat_data)
    );
    assign unused_mrpb = ^{stat_data, idle, unused_sdata};
  end else begin : gen_no_mrpb
    logic unused_modes;
    assign m_enq_ready = 1'b0;
    assign m_out_valid = 1'b0;
    assign m_out_bypass = 1'b0;
    assign m_out_store = 1'b0;
    assign m_out_wid = '0;
    assign m_out_payload = '0;
    assign unused_modes = ^{mode_drain_i, mode_greedy_i, mode_flush_i, mode_bypass_i, mode_slot_i};
  end

  l1d #(
    // manifest: L1D pass last
    .Sets    (Sets),
    .Ways    (Ways),
    .Line    (Line),
    .Sectors (Sectors),
    .Entries (Entries),
    .Merge   (Merge),
    .MissQ   (MissQ),
    .BypQ    (BypQ),
    .RelQ    (RelQ),
    .AddrW   (AddrW),
    .IdW     (IdW)
    // manifest: end
  ) i_l1d (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .mode_repl_i     (mode_repl_i),
    .mode_wr_i       (mode_wr_i),
    .mode_alloc_i    (mode_alloc_i),
    .mode_hash_i     (mode_hash_i),
    .mode_ba_i       (mode_ba_i),
    .mode_ba_thr_i   (mode_ba_thr_i),
    .mode_sbyp_i     ((UseMrpb != 0) ? mode_bypass_i : 2'(l1sys_pkg::L1D_SBYP_OFF)),
    .req_valid_i     (q_valid),
    .req_addr_i      (q_addr),
    .req_store_i     (q_store),
    .req_byp_i       (q_byp),
    .req_id_i        (q_id),
    .req_data_i      ('0),
    .req_mask_i      (q_mask),
    .req_ready_o     (q_ready),
    .dec_valid_o     (q_dec),
    .req_outcome_o   (q_outcome),
    .req_fail_o      (q_fail),
    .rsp_valid_o     (l_rsp_valid),
    .rsp_id_o        (l_rsp_id),
    .rsp_data_o      (l_rsp_data),
    .mem_req_valid_o (l_mem_valid),
    .mem_req_ready_i (l_mem_ready),
    .mem_req_store_o (l_mem_store),
    .mem_req_byp_o   (l_mem_byp),
    .mem_req_id_o    (l_mem_id),
    .mem_req_addr_o  (l_mem_addr),
    .mem_req_mask_o  (l_mem_mask),
    .mem_req_data_o  (l_mem_data),
    .fill_valid_i    (l_fill_valid),
    .fill_ready_o    (l_fill_ready),
    .fill_addr_i     (l_fill_addr),
    .fill_byp_i      (l_fill_byp),
    .fill_id_i       (l_fill_id),
    .fill_data_i     (LBits'(l_fill_addr)),
    .rmt_valid_i     (rmt_valid_i),
    .rmt_addr_i      (rmt_addr_i),
    .rmt_hit_o       (rmt_hit_o),
    .rmt_data_o      (rmt_data_o),
    .ev_access_o     (ev_access_o),
    .ev_hit_o        (ev_hit_o),
    .ev_hitres_o     (ev_hitres_o),
    .ev_miss_o       (ev_miss_o),
    .ev_stall_o      (ev_stall_o),
    .ev_byp_o        (ev_byp_o),
    .ev_pseudo_o     (ev_pseudo_o),
    .ev_fill_o       (ev_fill_o)
  );

  fifo_sync #(
    .Depth (InjQ),
    .Width (InjW)
  ) i_injq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (inj_push),
    .wdata_i (inj_wdata),
    .pop_i   (inj_pop_i),
    .rdata_o (inj_rdata),
    .full_o  (inj_full),
    .empty_o (inj_empty),
    .count_o (inj_count)
  );

  // ---- next state -------------------------------------------------------------
  always_comb begin
    logic mem_fire, to_ring, fdone, gto;
    logic signed [31:0] gap;
    logic [31:0] best_age;
    int unsigned w, t, n;
    // defaults
    for (int unsigned v = 0; v < NW; v++) begin
      w_valid_d[v] = w_valid_q[v];
      w_tb_d[v] = w_tb_q[v];
      w_wib_d[v] = w_wib_q[v];
      w_ibv_d[v] = w_ibv_q[v];
      w_bar_d[v] = w_bar_q[v];
      w_kind_d[v] = w_kind_q[v];
      w_size_d[v] = w_size_q[v];
      w_count_d[v] = w_count_q[v];
      w_pc_d[v] = w_pc_q[v];
      w_ready_d[v] = w_ready_q[v];
      w_ld_d[v] = w_ld_q[v];
      w_mask_d[v] = w_mask_q[v];
      w_age_d[v] = w_age_q[v];
      w_ltag_d[v] = w_ltag_q[v];
    end
    for (int unsigned u = 0; u < NT; u++) begin
      t_valid_d[u] = t_valid_q[u];
      t_nw_d[u] = t_nw_q[u];
      t_nexit_d[u] = t_nexit_q[u];
      t_nbar_d[u] = t_nbar_q[u];
      t_block_d[u] = t_block_q[u];
    end
    cyc_d = cyc_q + 32'd1;
    last_d = last_q;
    fptr_d = fptr_q;
    age_d = age_q;
    fetch_v_d = 1'b0;
    fetch_w_d = fetch_w_q;
    ifetch_v_d = 1'b0;
    ifetch_w_d = ifetch_w_q;
    l_busy_d = l_busy_q;
    l_wait_d = l_wait_q;
    l_store_d = l_store_q;
    l_warp_d = l_warp_q;
    l_size_d = l_size_q;
    l_pend_d = l_pend_q;
    l_pc_d = l_pc_q;
    for (int unsigned l = 0; l < WL; l++) l_addr_d[l] = l_addr_q[l];
    n_busy_d = n_busy_q;
    n_wait_d = n_wait_q;
    n_store_d = n_store_q;
    n_warp_d = n_warp_q;
    n_size_d = n_size_q;
    n_pend_d = n_pend_q;
    n_pc_d = n_pc_q;
    for (int unsigned l = 0; l < WL; l++) n_addr_d[l] = n_addr_q[l];
    rsp_at = '0;
    inj_push = 1'b0;
    inj_wdata = '0;
    w = 0;
    t = 0;
    n = 0;
    gap = '0;

    // environment answers to last cycle's registered requests
    if (fetch_v_q) begin
      w_ibv_d[fetch_w_q] = 1'b1;
      w_kind_d[fetch_w_q] = fetch_kind_i;
      w_count_d[fetch_w_q] = fetch_count_i;
      w_size_d[fetch_w_q] = fetch_size_i;
      w_mask_d[fetch_w_q] = fetch_mask_i;
    end
    if (ifetch_v_q) begin
      w_ibv_d[ifetch_w_q] = 1'b1;
      w_kind_d[ifetch_w_q] = ifetch_kind_i;
      w_count_d[ifetch_w_q] = ifetch_count_i;
      w_size_d[ifetch_w_q] = ifetch_size_i;
      w_mask_d[ifetch_w_q] = ifetch_mask_i;
    end
    if (l_wait_q) begin
      for (int unsigned l = 0; l < WL; l++)
        l_addr_d[l] = lsu_mask_i[l] ? lsu_addr_i[l*32 +: AddrW] : '0;
      l_pend_d = lsu_mask_i;
      l_wait_d = 1'b0;
      w_ltag_d[l_warp_q] = lsu_tag_i;
    end
    if (n_wait_q) begin  // (never with l_wait_q: one issue per cycle)
      for (int unsigned l = 0; l < WL; l++)
        n_addr_d[l] = lsu_mask_i[l] ? lsu_addr_i[l*32 +: AddrW] : '0;
      n_pend_d = lsu_mask_i;
      n_wait_d = 1'b0;
      w_ltag_d[n_warp_q] = lsu_tag_i;
    end

    // L1D verdict, LD/ST acceptance
    l1_take = q_valid && q_ready;
    accepted = (UseMrpb != 0) ? (lreq && m_enq_ready) : l1_take;
    l1d_take_o = l1_take;
    l1d_byp_o = q_byp;
    ccn_fill_ready_o = l_fill_ready;
    fill_ready_o = !ccn_fill_valid_i && l_fill_ready;
    if (accepted) begin
      l_pend_d = l_pend_q & ~lsame;
      if (!l_store_q) w_ld_d[l_warp_q] = w_ld_d[l_warp_q] + 8'd1;
      if (l_pend_d == '0) l_busy_d = 1'b0;
    end
    // the next slot moves into the free unit (its lanes as they stand after
    // this cycle's answer)
    if (n_busy_q && !l_busy_d) begin
      l_busy_d = 1'b1;
      l_wait_d = 1'b0;
      l_store_d = n_store_q;
      l_warp_d = n_warp_q;
      l_size_d = n_size_q;
      l_pc_d = n_pc_q;
      l_pend_d = n_pend_d;
      for (int unsigned l = 0; l < WL; l++) l_addr_d[l] = n_addr_d[l];
      n_busy_d = 1'b0;
    end

    // load responses (a response for a warp with no load outstanding is
    // the scoreboard's failure; the count then stays)
    if (l_rsp_valid && 32'(l_rsp_id) < NW) begin
      w = 32'(l_rsp_id);
      if (w_valid_q[w] && w_ld_d[w] != '0) begin
        w_ld_d[w] = w_ld_d[w] - 8'd1;
        // the warp issues again at the latest of its responses' times: the
        // L1 hit latency's extra (SHELL_L1_LAT - SHELL_L1_PIPE) only on the
        // L1D's cache path; a bypassed fill's answer returns straight
        // (GPGPU-Sim's m_next_global)
        rsp_at = cyc_q + 32'd1 + ((l_fill_valid && l_fill_byp && l_fill_ready) ? 32'd0 : 32'(L1X));
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L1_LAT) rsp_at = rsp_at - 32'd1;  // fault: a cycle early
`endif
        if ($signed(rsp_at - w_ready_d[w]) > 0) w_ready_d[w] = rsp_at;
      end
    end

    // memory port: toward L2, or to the CCN node; the node's own L2 request
    // goes first (the L1D is held off by l_mem_ready)
    mem_fire = l_mem_valid && l_mem_ready;
    to_ring = mode_ccn_i && !l_mem_store && !l_mem_byp;
    ccn_miss_valid_o = mem_fire && to_ring;
    ccn_miss_line_o = l_mem_addr;
    ccn_l2_ready_o = !inj_full;
    if (ccn_l2_valid_i && ccn_l2_ready_o) begin
      inj_push = 1'b1;
      inj_wdata = {2'b00, IdW'(0), ccn_l2_line_i};
    end else if (mem_fire && !to_ring) begin
      inj_push = 1'b1;
      inj_wdata = {l_mem_store, l_mem_byp, l_mem_id, l_mem_addr};
    end

    // scheduler: at most one warp instruction issues
    gto = mode_sched_i == l1sys_pkg::SHELL_SCHED_GTO[0];
    pick_v = 1'b0;
    pick = '0;
    best_age = '1;
    fdone = 1'b0;
    for (int unsigned k = 0; k < NW; k++) begin
      w = gto ? k : (32'(last_q) + 1 + k) % NW;
      gap = w_ready_q[w] - cyc_q;
      if (!fdone && w_valid_q[w] &&
          !(w_ld_q[w] != '0 || (l_busy_q && 32'(l_warp_q) == w) || (n_busy_q && 32'(n_warp_q) == w)) && w_ibv_q[w] &&
          !w_bar_q[w] && !(gap > 0) &&
          !((w_kind_q[w] == l1sys_pkg::SHELL_OP_LD || w_kind_q[w] == l1sys_pkg::SHELL_OP_ST) && n_busy_q)) begin
        if (!gto || w == 32'(last_q)) begin
          pick_v = 1'b1;
          pick = WarpW'(w);
          fdone = 1'b1;
        end else if (w_age_q[w] < best_age) begin
          best_age = w_age_q[w];
          pick_v = 1'b1;
          pick = WarpW'(w);
        end
      end
    end
    lsu_valid_o = 1'b0;
    lsu_block_o = '0;
    lsu_wib_o = '0;
    lsu_pc_o = '0;
    hk_done_valid_o = 1'b0;
    hk_done_slot_o = '0;
    if (pick_v) begin
      last_d = pick;
      w_ibv_d[pick] = 1'b0;
      w_pc_d[pick] = w_pc_q[pick] + 32'd1;
      t = 32'(w_tb_q[pick]);
      unique case (w_kind_q[pick])
        l1sys_pkg::SHELL_OP_ALU: w_ready_d[pick] = cyc_q + 32'(w_count_q[pick]);
        l1sys_pkg::SHELL_OP_LD, l1sys_pkg::SHELL_OP_ST: begin
          if (!l_busy_q) begin  // into the free unit
            l_busy_d = 1'b1;
            l_wait_d = 1'b1;
            l_store_d = w_kind_q[pick] == l1sys_pkg::SHELL_OP_ST;
            l_warp_d = pick;
            l_size_d = w_size_q[pick];
            l_pc_d = w_pc_q[pick];
            l_pend_d = '0;
          end else begin  // into the next slot (free: checked above)
            n_busy_d = 1'b1;
            n_wait_d = 1'b1;
            n_store_d = w_kind_q[pick] == l1sys_pkg::SHELL_OP_ST;
            n_warp_d = pick;
            n_size_d = w_size_q[pick];
            n_pc_d = w_pc_q[pick];
            n_pend_d = '0;
          end
          lsu_valid_o = 1'b1; // the lane addresses, answered next cycle
          lsu_block_o = t_block_q[t];
          lsu_wib_o = w_wib_q[pick];
          lsu_pc_o = w_pc_q[pick];
        end
        l1sys_pkg::SHELL_OP_BAR: begin
          w_bar_d[pick] = 1'b1;
          t_nbar_d[t] = t_nbar_d[t] + 8'd1;
          if (t_nbar_d[t] != '0 && 32'(t_nbar_d[t]) + 32'(t_nexit_d[t]) == 32'(t_nw_d[t])) begin
            t_nbar_d[t] = '0;
            for (int unsigned v = 0; v < NW; v++)
              if (w_valid_q[v] && 32'(w_tb_q[v]) == t && w_bar_d[v]) w_bar_d[v] = 1'b0;
          end
        end
        default: begin // SHELL_OP_EXIT
          w_valid_d[pick] = 1'b0;
          t_nexit_d[t] = t_nexit_d[t] + 8'd1;
          if (t_nexit_d[t] == t_nw_d[t]) begin
`ifdef LS_FAULTS
            if (ls_fault_pkg::sel != ls_fault_pkg::FAULT_SHELL_SM_TBDONE)  // injected: a finished block keeps its slot
`endif
            t_valid_d[t] = 1'b0;
            hk_done_valid_o = 1'b1;
            hk_done_slot_o = TbW'(t);
          end else if (t_nbar_d[t] != '0 && 32'(t_nbar_d[t]) + 32'(t_nexit_d[t]) == 32'(t_nw_d[t])) begin
            t_nbar_d[t] = '0;
            for (int unsigned v = 0; v < NW; v++)
              if (w_valid_q[v] && 32'(w_tb_q[v]) == t && w_bar_d[v]) w_bar_d[v] = 1'b0;
          end
        end
      endcase
    end

    // fetch: the issuing warp's next record (unless it exits), and one other
    // warp's round-robin
    ifetch_valid_o = 1'b0;
    ifetch_block_o = '0;
    ifetch_wib_o = '0;
    ifetch_pc_o = '0;
    if (pick_v && w_kind_q[pick] != l1sys_pkg::SHELL_OP_EXIT) begin
      ifetch_v_d = 1'b1;
      ifetch_w_d = pick;
      ifetch_valid_o = 1'b1;
      ifetch_block_o = t_block_q[w_tb_q[pick]];
      ifetch_wib_o = w_wib_q[pick];
      ifetch_pc_o = w_pc_q[pick] + 32'd1;
    end
    fetch_valid_o = 1'b0;
    fetch_block_o = '0;
    fetch_wib_o = '0;
    fetch_pc_o = '0;
    fdone = 1'b0;
    for (int unsigned k = 0; k < NW; k++) begin
      w = (32'(fptr_q) + k) % NW;
      if (!fdone && w_valid_q[w] && !w_ibv_q[w] && !(fetch_v_q && 32'(fetch_w_q) == w) &&
          !(ifetch_v_q && 32'(ifetch_w_q) == w) && !(pick_v && 32'(pick) == w)) begin
        fdone = 1'b1;
        fetch_v_d = 1'b1;
        fetch_w_d = WarpW'(w);
        fptr_d = WarpW'((w + 1) % NW);
        fetch_valid_o = 1'b1;
        fetch_block_o = t_block_q[w_tb_q[w]];
        fetch_wib_o = w_wib_q[w];
        fetch_pc_o = w_pc_q[w];
      end
    end

    // dispatch: the lowest free TB slot and the lowest free warp slots
    hk_disp_valid_o = 1'b0;
    hk_disp_slot_o = '0;
    hk_disp_block_o = disp_block_i;
    hk_kern_start_o = kern_start_i;
    if (disp_valid_i) begin
      t = NT - 1;
      fdone = 1'b0;
      for (int unsigned u = 0; u < NT; u++)
        if (!fdone && !t_valid_q[u]) begin
          fdone = 1'b1;
          t = u;
        end
      t_valid_d[t] = 1'b1;
      t_nw_d[t] = disp_warps_i;
      t_nexit_d[t] = '0;
      t_nbar_d[t] = '0;
      t_block_d[t] = disp_block_i;
      n = 0;
      for (int unsigned v = 0; v < NW; v++) begin
        if (!w_valid_q[v] && n < 32'(disp_warps_i)) begin
          w_valid_d[v] = 1'b1;
          w_tb_d[v] = TbW'(t);
          w_wib_d[v] = WarpW'(n);
          w_ibv_d[v] = 1'b0;
          w_bar_d[v] = 1'b0;
          w_kind_d[v] = '0;
          w_size_d[v] = '0;
          w_count_d[v] = '0;
          w_pc_d[v] = '0;
          w_ready_d[v] = '0;
          w_ld_d[v] = '0;
          w_mask_d[v] = '0;
          w_ltag_d[v] = '0;
          w_age_d[v] = age_d;
          age_d = age_d + 32'd1;
          n = n + 1;
        end
      end
      hk_disp_valid_o = 1'b1;
      hk_disp_slot_o = TbW'(t);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned w = 0; w < NW; w++) begin
        w_valid_q[w] <= 1'b0;
        w_tb_q[w] <= '0;
        w_wib_q[w] <= '0;
        w_ibv_q[w] <= 1'b0;
        w_bar_q[w] <= 1'b0;
        w_kind_q[w] <= '0;
        w_size_q[w] <= '0;
        w_count_q[w] <= '0;
        w_pc_q[w] <= '0;
        w_ready_q[w] <= '0;
        w_ld_q[w] <= '0;
        w_mask_q[w] <= '0;
        w_age_q[w] <= '0;
        w_ltag_q[w] <= '0;
      end
      for (int unsigned u = 0; u < NT; u++) begin
        t_valid_q[u] <= 1'b0;
        t_nw_q[u] <= '0;
        t_nexit_q[u] <= '0;
        t_nbar_q[u] <= '0;
        t_block_q[u] <= '0;
      end
      for (int unsigned l = 0; l < WL; l++) l_addr_q[l] <= '0;
      for (int unsigned l = 0; l < WL; l++) n_addr_q[l] <= '0;
      n_busy_q <= 1'b0;
      n_wait_q <= 1'b0;
      n_store_q <= 1'b0;
      n_warp_q <= '0;
      n_size_q <= '0;
      n_pend_q <= '0;
      n_pc_q <= '0;
      cyc_q <= '0;
      last_q <= WarpW'(NW - 1);
      fptr_q <= '0;
      fetch_v_q <= 1'b0;
      fetch_w_q <= '0;
      ifetch_v_q <= 1'b0;
      ifetch_w_q <= '0;
      age_q <= '0;
      l_busy_q <= 1'b0;
      l_wait_q <= 1'b0;
      l_store_q <= 1'b0;
      l_warp_q <= '0;
      l_size_q <= '0;
      l_pend_q <= '0;
      l_pc_q <= '0;
    end else begin
      for (int unsigned w = 0; w < NW; w++) begin
        w_valid_q[w] <= w_valid_d[w];
        w_tb_q[w] <= w_tb_d[w];
        w_wib_q[w] <= w_wib_d[w];
        w_ibv_q[w] <= w_ibv_d[w];
        w_bar_q[w] <= w_bar_d[w];
        w_kind_q[w] <= w_kind_d[w];
        w_size_q[w] <= w_size_d[w];
        w_count_q[w] <= w_count_d[w];
        w_pc_q[w] <= w_pc_d[w];
        w_ready_q[w] <= w_ready_d[w];
        w_ld_q[w] <= w_ld_d[w];
        w_mask_q[w] <= w_mask_d[w];
        w_age_q[w] <= w_age_d[w];
        w_ltag_q[w] <= w_ltag_d[w];
      end
      for (int unsigned u = 0; u < NT; u++) begin
        t_valid_q[u] <= t_valid_d[u];
        t_nw_q[u] <= t_nw_d[u];
        t_nexit_q[u] <= t_nexit_d[u];
        t_nbar_q[u] <= t_nbar_d[u];
        t_block_q[u] <= t_block_d[u];
      end
      for (int unsigned l = 0; l < WL; l++) l_addr_q[l] <= l_addr_d[l];
      for (int unsigned l = 0; l < WL; l++) n_addr_q[l] <= n_addr_d[l];
      n_busy_q <= n_busy_d;
      n_wait_q <= n_wait_d;
      n_store_q <= n_store_d;
      n_warp_q <= n_warp_d;
      n_size_q <= n_size_d;
      n_pend_q <= n_pend_d;
      n_pc_q <= n_pc_d;
      cyc_q <= cyc_d;
      last_q <= last_d;
      fptr_q <= fptr_d;
      fetch_v_q <= fetch_v_d;
      fetch_w_q <= fetch_w_d;
      ifetch_v_q <= ifetch_v_d;
      ifetch_w_q <= ifetch_w_d;
      age_q <= age_d;
      l_busy_q <= l_busy_d;
      l_wait_q <= l_wait_d;
      l_store_q <= l_store_d;
      l_warp_q <= l_warp_d;
      l_size_q <= l_size_d;
      l_pend_q <= l_pend_d;
      l_pc_q <= l_pc_d;
    end
  end

  logic unused;
  // not used by the SM: the L1D's outcome, data and store mask toward L2
  // (the shell models timing, not values), the queue count, the records'
  // active masks (kept per warp as the instruction buffer's content), the
  // lane addresses' bits above AddrW
  always_comb begin
    unused = ^{q_outcome, q_fail, q_dec, l_rsp_data, l_mem_data, l_mem_mask, inj_count, lsu_addr_i};
    for (int unsigned v = 0; v < NW; v++) unused = unused ^ (^w_mask_q[v]);
  end
endmodule
