// mrpb_l1d -- the MRPB in front of the L1D of one SM (the MRPB paper, Figure 7):
// the LD/ST unit's coalesced requests enter the MRPB, whose output register
// is the L1D's request port; the L1D's port handshake (req_ready_o: taken
// into its pipeline) is the MRPB's deq_ready_i.  A composite for lockstep
// and for measuring the MRPB against the real L1D (docs/mrpb.md section 12).
// Bypass on stall (the MRPB paper, section 3.4) is decided in the L1D's decide
// stage, which owns a refused request (docs/l1d.md "Pipeline"): the MRPB's
// bypass option drives the L1D's mode_sbyp_i and the MRPB's own l1d_fail_i
// is tied to L1D_FAIL_NONE, so the MRPB block itself never flags a bypass
// here (its bypass statistic stays 0; the L1D counts them, cnt_sbyp_q).
//
// Ports: the MRPB's enqueue side with the request split into its fields
// (enq_addr_i, enq_id_i form the MRPB payload {id, addr}; enq_data_i,
// enq_mask_i its store data {mask, data}), barrier_i, the mode inputs of
// both blocks, and the L1D's memory, fill, response, remote-lookup and
// event ports unchanged -- with Sectors > 1 the memory and fill ports carry
// atom addresses ({line, sector}, AtW bits) as the L1D's own do, and each
// request names one sector by its address (docs/l1d.md, "Sectored lines";
// the payload's byte address already holds the sector).  Observation outputs: the request the L1D sees
// (l1d_req_valid_o, l1d_req_byp_o), the port handshake (l1d_req_ready_o)
// and the decide stage's verdict (l1d_dec_valid_o, l1d_req_outcome_o,
// l1d_req_fail_o).
// No combinational loop: the MRPB's deq_* are registers (Moore); the L1D's
// verdict feeds only the MRPB's next state and, in single-slot mode,
// enq_ready_o.
// C mirror: csim/mrpb/mrpb_l1d.{h,c}.
module mrpb_l1d #(
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
  localparam int unsigned LBits    = Line * 8,
  /// Derived: do not override.  Atom (line, or with sectors sector) address
  /// bits of the memory and fill ports: the line address and the sector.
  localparam int unsigned AtW      = AddrW - $clog2(Line) + $clog2(Sectors),
  /// Derived: do not override.  MRPB payload {id, addr}.
  localparam int unsigned PayloadW = AddrW + IdW,
  /// Derived: do not override.  MRPB store data {mask, data}.
  localparam int unsigned SDataW   = LBits + Line,
  /// Derived: do not override.
  localparam int unsigned WidW     = $clog2(32'(l1sys_pkg::MRPB_WARPS)),
  /// Derived: do not override.
  localparam int unsigned BidW     = $clog2(32'(l1sys_pkg::MRPB_BLOCKS)),
  /// Derived: do not override.
  localparam int unsigned BwidW    = $clog2(32'(l1sys_pkg::MRPB_BWARPS))
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // MRPB modes
  input  logic [1:0]       mode_drain_i,
  input  logic             mode_greedy_i,
  input  logic             mode_flush_i,
  input  logic [1:0]       mode_bypass_i,
  input  logic             mode_slot_i,
  // L1D modes
  input  logic             mode_repl_i,
  input  logic             mode_wr_i,
  input  logic             mode_alloc_i,
  input  logic [1:0]       mode_hash_i,
  input  logic             mode_ba_i,
  input  logic [7:0]       mode_ba_thr_i,
  // LD/ST unit -> MRPB
  input  logic             enq_valid_i,
  output logic             enq_ready_o,
  input  logic [WidW-1:0]  enq_wid_i,
  input  logic [BidW-1:0]  enq_bid_i,
  input  logic [BwidW-1:0] enq_bwid_i,
  input  logic             enq_store_i,
  input  logic [AddrW-1:0] enq_addr_i,
  input  logic [IdW-1:0]   enq_id_i,
  input  logic [LBits-1:0] enq_data_i,
  input  logic [Line-1:0]  enq_mask_i,
  input  logic             barrier_i,
  output logic             idle_o,
  input  logic [4:0]       stat_sel_i,
  output logic [CntW-1:0]  stat_data_o,
  // the MRPB -> L1D request and its verdict (observation)
  output logic             l1d_req_valid_o,
  output logic             l1d_req_byp_o,
  output logic             l1d_req_ready_o,
  output logic             l1d_dec_valid_o,
  output logic [2:0]       l1d_req_outcome_o,
  output logic [2:0]       l1d_req_fail_o,
  // L1D ports below and beside
  output logic             rsp_valid_o,
  output logic [IdW-1:0]   rsp_id_o,
  output logic [LBits-1:0] rsp_data_o,
  output logic             mem_req_valid_o,
  input  logic             mem_req_ready_i,
  output logic             mem_req_store_o,
  output logic             mem_req_byp_o,
  output logic [IdW-1:0]   mem_req_id_o,
  output logic [AtW-1:0]   mem_req_addr_o,
  output logic [Line-1:0]  mem_req_mask_o,
  output logic [LBits-1:0] mem_req_data_o,
  input  logic             fill_valid_i,
  output logic             fill_ready_o,
  input  logic [AtW-1:0]   fill_addr_i,
  input  logic             fill_byp_i,
  input  logic [IdW-1:0]   fill_id_i,
  input  logic [LBits-1:0] fill_data_i,
  input  logic             rmt_valid_i,
  input  logic [AddrW-1:0] rmt_addr_i,
  output logic             rmt_hit_o,
  output logic [LBits-1:0] rmt_data_o,
  output logic             ev_access_o,
  output logic             ev_hit_o,
  output logic             ev_hitres_o,
  output logic             ev_miss_o,
  output logic             ev_stall_o,
  output logic             ev_byp_o,
  output logic             ev_pseudo_o,
  output logic             ev_fill_o
);
  logic                deq_valid, deq_ready, deq_bypass, deq_store;
  logic [WidW-1:0]     deq_wid;
  logic [PayloadW-1:0] deq_payload;
  logic [SDataW-1:0]   deq_sdata;
  logic [2:0]          l1d_fail;

  mrpb #(
    .Sig      (Sig),
    .Entries  (QEntries),
    .Latency  (Latency),
    .PayloadW (PayloadW),
    .SDataW   (SDataW),
    .CntW     (CntW)
  ) i_mrpb (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .mode_drain_i  (mode_drain_i),
    .mode_greedy_i (mode_greedy_i),
    .mode_flush_i  (mode_flush_i),
    .mode_bypass_i (mode_bypass_i),
    .mode_slot_i   (mode_slot_i),
    .enq_valid_i   (enq_valid_i),
    .enq_ready_o   (enq_ready_o),
    .enq_wid_i     (enq_wid_i),
    .enq_bid_i     (enq_bid_i),
    .enq_bwid_i    (enq_bwid_i),
    .enq_store_i   (enq_store_i),
    .enq_payload_i ({enq_id_i, enq_addr_i}),
    .enq_sdata_i   ({enq_mask_i, enq_data_i}),
    .barrier_i     (barrier_i),
    .deq_valid_o   (deq_valid),
    .deq_ready_i   (deq_ready),
    .l1d_fail_i    (3'(l1sys_pkg::L1D_FAIL_NONE)),
    .deq_bypass_o  (deq_bypass),
    .deq_wid_o     (deq_wid),
    .deq_store_o   (deq_store),
    .deq_payload_o (deq_payload),
    .deq_sdata_o   (deq_sdata),
    .idle_o        (idle_o),
    .stat_sel_i    (stat_sel_i),
    .stat_data_o   (stat_data_o)
  );

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
    .mode_sbyp_i     (mode_bypass_i),
    .req_valid_i     (deq_valid),
    .req_addr_i      (deq_payload[AddrW-1:0]),
    .req_store_i     (deq_store),
    .req_byp_i       (deq_bypass),
    .req_id_i        (deq_payload[AddrW +: IdW]),
    .req_data_i      (deq_sdata[LBits-1:0]),
    .req_mask_i      (deq_sdata[LBits +: Line]),
    .req_ready_o     (deq_ready),
    .dec_valid_o     (l1d_dec_valid_o),
    .req_outcome_o   (l1d_req_outcome_o),
    .req_fail_o      (l1d_fail),
    .rsp_valid_o     (rsp_valid_o),
    .rsp_id_o        (rsp_id_o),
    .rsp_data_o      (rsp_data_o),
    .mem_req_valid_o (mem_req_valid_o),
    .mem_req_ready_i (mem_req_ready_i),
    .mem_req_store_o (mem_req_store_o),
    .mem_req_byp_o   (mem_req_byp_o),
    .mem_req_id_o    (mem_req_id_o),
    .mem_req_addr_o  (mem_req_addr_o),
    .mem_req_mask_o  (mem_req_mask_o),
    .mem_req_data_o  (mem_req_data_o),
    .fill_valid_i    (fill_valid_i),
    .fill_ready_o    (fill_ready_o),
    .fill_addr_i     (fill_addr_i),
    .fill_byp_i      (fill_byp_i),
    .fill_id_i       (fill_id_i),
    .fill_data_i     (fill_data_i),
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

  assign l1d_req_valid_o = deq_valid;
  assign l1d_req_byp_o   = deq_bypass;
  assign l1d_req_ready_o = deq_ready;
  assign l1d_req_fail_o  = l1d_fail;

  // The warp ID travels with the request for the MRPB's own use (order
  // checking); the L1D identifies requests by id.
  logic unused_wid;
  assign unused_wid = ^deq_wid;
endmodule
