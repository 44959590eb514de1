// l1d -- L1 data-cache controller of one SM: GPGPU-Sim semantics
// (docs/l1d.md "GPGPU-Sim compatibility, rule by rule") with the optional
// Bypass-Aware mode of the BA paper; sectored lines (docs/l1d.md, issue 23).
// Two stages (issue 15 item 1; docs/l1d.md "Pipeline"): in the read stage R
// (the cycle a request is accepted at the port) the tag row and the data
// rows of its set, every way, are read from synchronous-read SRAMs
// (mem_1r1w_sync); in the decide stage D (the next cycle, registers d_*_q)
// the request is decided with GPGPU-Sim's rules on that read data, merged
// with the array writes of the edge in between (forwarding registers
// fw_tag_*, fw_data_*: the SRAMs read before they write).  A request D
// refuses stays in D and is retried every cycle, its set re-read.  The line
// state, the MSHR and the queues are flops/FIFOs read fresh by D.
//
// Ports (all handshakes valid/ready: a transfer happens in a cycle where
// both are high):
//   mode_*_i   quasi-static policy inputs (CSR-like, constant for a run):
//              replacement (0 LRU, 1 FIFO), write (0 evict, 1 through),
//              allocation (0 on miss, 1 on fill), set index (0 linear,
//              1 Fermi hash), BA mode, BA threshold, stall-to-bypass
//              (mode_sbyp_i, l1sys_pkg::MRPB_BYPASS_* encoding: a load D
//              refuses for a resource fail is retried as a bypass).
//   req_*      request from the LD/ST unit.  req_ready_o: the request is
//              accepted into the pipeline (D is empty or its request
//              leaves this cycle).  dec_valid_o: D holds a request this
//              cycle; req_outcome_o is D's verdict, HIT / HIT_RESERVED /
//              MISS / SECTOR_MISS, or RES_FAIL with req_fail_o the stall reason (the
//              request stays in D and retries).
//              req_data_i/req_mask_i: store bytes placed in the line.
//              req_byp_i: a load that skips the cache (MRPB, bypass
//              controller, `cg`): it goes to memory through the bypass
//              queue, never through the miss queue, MSHR or a line.
//   rsp_*      load data back, one per cycle, no back-pressure.  Priority:
//              a bypassed fill's data, then an MSHR release (oldest fill
//              first, data from the release queue), then a load hit of this
//              cycle (refused with PORT_BUSY while a release is pending
//              or a bypassed fill is accepted).
//   mem_req_*  toward L2: the heads of the miss queue (misses, stores) and
//              of the bypass queue, alternating when both wait.
//   fill_*     data from below.  fill_byp_i: the answer to a bypassed load,
//              returned on rsp_* in the same cycle, never cached; it
//              takes only the response port (a load hit waits).  An
//              accepted line fill owns the arrays: D decides nothing that
//              cycle (PORT_BUSY).  A line fill makes the line valid and
//              replaceable at once (GPGPU-Sim); fill_ready_o is low while
//              the release queue is full.
//   rmt_*      remote lookup (cooperative-caching ring): a second tag and
//              data read port on duplicate arrays written in lockstep with
//              the primary ones; answered the cycle after the lookup
//              (rmt_hit_o, rmt_data_o); hits only filled lines; no side
//              effects.
//   ev_*_o     one-cycle event pulses (CHSS/MRPB counting).
// The counters cnt_*_q are registers (read through the state map).
// Line state is kept per [set][way] and MSHR state per [entry] in unpacked
// arrays; the tag and data arrays are mem_1r1w_sync instances.
// C mirror: csim/l1d/l1d.{h,c} (same names, same statement order).
module l1d #(
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
  localparam int unsigned OffW    = $clog2(Line),
  /// Derived: do not override.
  localparam int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  /// Derived: do not override.
  localparam int unsigned WayW    = (Ways > 1) ? $clog2(Ways) : 1,
  /// Derived: do not override.
  localparam int unsigned RankW   = WayW,
  /// Derived: do not override (line address = tag width).
  localparam int unsigned LaW     = AddrW - OffW,
  /// Derived: do not override.
  localparam int unsigned CntW    = $clog2(Merge + 1),
  /// Derived: do not override.
  localparam int unsigned LBits   = Line * 8,
  /// Derived: do not override.
  localparam int unsigned EIdxW   = (Entries > 1) ? $clog2(Entries) : 1,
  /// Derived: do not override (log2 of Sectors: 0 for a line cache).
  localparam int unsigned SectW   = $clog2(Sectors),
  /// Derived: do not override (a sector index's width, at least 1).
  localparam int unsigned SectIW  = (Sectors > 1) ? SectW : 1,
  /// Derived: do not override (atom address = line address, or sectored: sector address).
  localparam int unsigned AtW     = LaW + SectW,
  /// Derived: do not override.
  localparam int unsigned MqW     = 1 + IdW + AtW + Line + LBits,
  /// Derived: do not override.
  localparam int unsigned BqW     = IdW + AtW,
  /// Derived: do not override.
  localparam int unsigned RqW     = EIdxW + LBits
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             mode_repl_i,
  input  logic             mode_wr_i,
  input  logic             mode_alloc_i,
  input  logic [1:0]       mode_hash_i,
  input  logic             mode_ba_i,
  input  logic [7:0]       mode_ba_thr_i,
  input  logic [1:0]       mode_sbyp_i,
  input  logic             req_valid_i,
  input  logic [AddrW-1:0] req_addr_i,
  input  logic             req_store_i,
  input  logic             req_byp_i,
  input  logic [IdW-1:0]   req_id_i,
  input  logic [LBits-1:0] req_data_i,
  input  logic [Line-1:0]  req_mask_i,
  output logic             req_ready_o,
  output logic             dec_valid_o,
  output logic [2:0]       req_outcome_o,
  output logic [2:0]       req_fail_o,
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
  // What an accepted request does (same list as the C model's ACT_*).
  localparam logic [3:0] ACT_NONE = 4'd0, ACT_ST_HIT = 4'd1, ACT_ST_FWD = 4'd2, ACT_BYP_LD = 4'd3,
                         ACT_LD_HIT = 4'd4, ACT_MERGE_T = 4'd5, ACT_PSEUDO = 4'd6, ACT_MERGE = 4'd7,
                         ACT_NEWENT = 4'd8, ACT_BA_BYP = 4'd9, ACT_ALLOC = 4'd10, ACT_SMISS = 4'd11;

  // ---- registers ----------------------------------------------------------
  // Line state and MSHR: their next state is written per element below
  // (gen_set, gen_mshr) from the cycle's few updates -- one set's row
  // (n_*) and the entries named by fill_e, rel_e, p_e, free_e -- as the C
  // model stages only the rows and entries it writes (csim/l1d/l1d.c
  // stage_set, stage_ent).  A whole-array next-state copy indexed by
  // run-time set and entry numbers is the same machine but makes Yosys
  // build a decision tree per element (docs/synthesis.md, "The l1d row").
  logic [Sectors-1:0] valid_q [Sets][Ways];  // per sector: filled (data present)
  logic [Sectors-1:0] rsv_q   [Sets][Ways];  // per sector: allocated, fill pending
  logic             byp_q   [Sets][Ways];  // BA bypass bit (tag only)
  logic             reuse_q [Sets][Ways];  // BA reuse bit
  logic [RankW-1:0] rank_q  [Sets][Ways];  // age rank: 0 newest (LRU: access, FIFO: allocation)
  logic             mshr_valid_q [Entries];
  logic             mshr_rdy_q   [Entries];  // filled: in the release queue
  logic             mshr_pres_q  [Entries];  // the entry's line is present in mshr_way_q (docs/l1d.md)
  logic [AtW-1:0]   mshr_addr_q  [Entries];  // atom address
  logic [WayW-1:0]  mshr_way_q   [Entries];
  logic [CntW-1:0]  mshr_cnt_q   [Entries];
  logic [IdW-1:0]   mshr_ids_q   [Entries][Merge];  // slot 0 the oldest
  logic             mem_rr_q, mem_rr_d;            // memory port: 1 = bypass queue first
  logic [31:0] cnt_access_q, cnt_access_d, cnt_hit_q, cnt_hit_d, cnt_hitres_q, cnt_hitres_d;
  logic [31:0] cnt_miss_q, cnt_miss_d, cnt_fail_line_q, cnt_fail_line_d, cnt_fail_entry_q, cnt_fail_entry_d;
  logic [31:0] cnt_fail_merge_q, cnt_fail_merge_d, cnt_fail_mq_q, cnt_fail_mq_d, cnt_fail_port_q, cnt_fail_port_d;
  logic [31:0] cnt_fail_bypq_q, cnt_fail_bypq_d;
  logic [31:0] cnt_byp_q, cnt_byp_d, cnt_fill_q, cnt_fill_d, cnt_pseudo_q, cnt_pseudo_d, cnt_sbyp_q, cnt_sbyp_d;
  logic [31:0] cnt_smiss_q, cnt_smiss_d;
  // decide stage D: the request accepted last cycle, or held (refused)
  logic             d_valid_q, d_valid_d, d_store_q, d_store_d, d_byp_q, d_byp_d;
  logic [AddrW-1:0] d_addr_q, d_addr_d;
  logic [IdW-1:0]   d_id_q, d_id_d;
  logic [LBits-1:0] d_data_q;  // not reset: used only under d_valid_q && d_store_q
  logic [Line-1:0]  d_mask_q;
  logic             d_load;    // D takes the port's request this cycle
  // forwarding: the array writes of the last edge (the SRAMs read before they write)
  logic             fw_tag_v_q, fw_tag_v_d;
  logic [SetW-1:0]  fw_tag_set_q, fw_tag_set_d;
  logic [WayW-1:0]  fw_tag_way_q, fw_tag_way_d;
  logic [LaW-1:0]   fw_tag_line_q, fw_tag_line_d;
  logic             fw_data_v_q, fw_data_v_d;
  logic [SetW-1:0]  fw_data_set_q, fw_data_set_d;
  logic [WayW-1:0]  fw_data_way_q, fw_data_way_d;
  logic [LBits-1:0] fw_data_q, fw_data_d;  // not reset: used only under fw_data_v_q
  logic [Line-1:0]  fw_data_mask_q, fw_data_mask_d;
  // remote lookup presented last cycle
  logic             rmt_v_q, rmt_v_d;
  logic [LaW-1:0]   rmt_line_q, rmt_line_d;
  logic [SetW-1:0]  rmt_set_q, rmt_set_d;
  logic [SectIW-1:0] rmt_sect_q, rmt_sect_d;

  // ---- set indices -------------------------------------------------------------
  // a request names one sector by its address (docs/l1d.md, "One sector
  // per request"); atom address = the address without its sector offset
  logic [SetW-1:0]    fill_set, req_set, d_set, rmt_set;
  logic [LaW-1:0]     d_line, rmt_line, fill_line;
  logic [AtW-1:0]     d_atom;
  logic [SectIW-1:0]  d_sect, fill_sect, rmt_sect;
  logic [Sectors-1:0] d_sbit, fill_sbit, rmt_sbit;
  logic [Line-1:0]    fill_bytes;  // the fill's sector's bytes
  assign d_line    = d_addr_q[AddrW-1:OffW];
  assign rmt_line  = rmt_addr_i[AddrW-1:OffW];
  assign d_atom    = AtW'(d_addr_q >> (OffW - SectW));
  assign d_sect    = SectIW'(32'(d_addr_q >> (OffW - SectW)) & (Sectors - 1));
  assign rmt_sect  = SectIW'(32'(rmt_addr_i >> (OffW - SectW)) & (Sectors - 1));
  assign fill_line = LaW'(fill_addr_i >> SectW);
  assign fill_sect = SectIW'(32'(fill_addr_i) & (Sectors - 1));
  assign d_sbit    = Sectors'(1) << d_sect;
  assign fill_sbit = Sectors'(1) << fill_sect;
  assign rmt_sbit  = Sectors'(1) << rmt_sect_q;
  always_comb
    for (int unsigned b = 0; b < Line; b++) fill_bytes[b] = (b / (Line / Sectors)) == 32'(fill_sect);
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_fill (
    .addr_i(32'(fill_addr_i) << (OffW - SectW)), .mode_i(mode_hash_i), .set_o(fill_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_req (
    .addr_i(32'(req_addr_i)), .mode_i(mode_hash_i), .set_o(req_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_d (
    .addr_i(32'(d_addr_q)), .mode_i(mode_hash_i), .set_o(d_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_rmt (
    .addr_i(32'(rmt_addr_i)), .mode_i(mode_hash_i), .set_o(rmt_set));

  // ---- victim choice for the fill set and the request set ---------------------
  logic [Ways-1:0]       f_free, f_cand, f_reuse, r_free, r_cand, r_reuse;
  logic [Ways*RankW-1:0] f_rank, r_rank;
  always_comb begin
    for (int unsigned w = 0; w < Ways; w++) begin
      f_free[w]  = !(|valid_q[fill_set][w]) && !byp_q[fill_set][w] && !(|rsv_q[fill_set][w]);
      f_cand[w]  = !(|rsv_q[fill_set][w]);
      f_reuse[w] = reuse_q[fill_set][w];
      f_rank[w*RankW +: RankW] = rank_q[fill_set][w];
      r_free[w]  = !(|valid_q[d_set][w]) && !byp_q[d_set][w] && !(|rsv_q[d_set][w]);
      r_cand[w]  = !(|rsv_q[d_set][w]);
      r_reuse[w] = reuse_q[d_set][w];
      r_rank[w*RankW +: RankW] = rank_q[d_set][w];
    end
  end
  logic fv_free_any, fv_found, rv_free_any, rv_found;
  logic [WayW-1:0] fv_way, rv_way;
  l1d_victim #(.Ways(Ways)) i_vict_fill (
    .free_i(f_free), .cand_i(f_cand), .rank_i(f_rank), .reuse_i(f_reuse),
    .ba_i(1'b0), .thr_i(8'd0), .free_any_o(fv_free_any), .found_o(fv_found), .way_o(fv_way));
  l1d_victim #(.Ways(Ways)) i_vict_req (
    .free_i(r_free), .cand_i(r_cand), .rank_i(r_rank), .reuse_i(r_reuse),
    .ba_i(mode_ba_i), .thr_i(mode_ba_thr_i), .free_any_o(rv_free_any), .found_o(rv_found), .way_o(rv_way));

  // ---- arrays: synchronous read, a set's ways read together -----------------------
  // Tags Sets x Ways*LaW (slice LaW): a set's tags in one row.  Data: one
  // bank per way (gen_dway[w]), Sets x LBits (slice a byte), every bank
  // reading the same set: a request reads its whole set in R, as an L1
  // with parallel tag and data access does, and a write goes to one bank.
  // The remote copies are written by the same write port.
  logic [Ways*LaW-1:0]   tag_rdata, tag_rmt_rdata, tag_wdata;
  logic [Ways-1:0]       tag_wmask;
  logic                  tag_we, data_we, rd_en;
  logic [SetW-1:0]       tag_waddr, data_waddr, rd_set;
  // the banks' read data side by side (way w at [w*LBits +: LBits]): a
  // packed vector, not an unpacked array of instance outputs, which Yosys
  // 0.23 reads as an unconnected memory (its banks then vanish from the netlist)
  logic [Ways*LBits-1:0] data_rdata, data_rmt_rdata;
  logic [WayW-1:0]       data_wway;
  logic [LBits-1:0]      data_wline;
  logic [Line-1:0]       data_wbytes;
  mem_1r1w_sync #(.Depth(Sets), .Width(Ways*LaW), .SliceW(LaW)) i_tags (
    .clk_i, .re_i(rd_en), .raddr_i(rd_set), .rdata_o(tag_rdata), .we_i(tag_we), .waddr_i(tag_waddr),
    .wdata_i(tag_wdata), .wmask_i(tag_wmask));
  mem_1r1w_sync #(.Depth(Sets), .Width(Ways*LaW), .SliceW(LaW)) i_tags_rmt (
    .clk_i, .re_i(rmt_valid_i), .raddr_i(rmt_set), .rdata_o(tag_rmt_rdata), .we_i(tag_we), .waddr_i(tag_waddr),
    .wdata_i(tag_wdata), .wmask_i(tag_wmask));
  for (genvar gw = 0; gw < Ways; gw++) begin : gen_dway
    logic bank_we;
    assign bank_we = data_we && data_wway == WayW'(gw);
    mem_1r1w_sync #(.Depth(Sets), .Width(LBits), .SliceW(8)) i_data (
      .clk_i, .re_i(rd_en), .raddr_i(rd_set), .rdata_o(data_rdata[gw*LBits +: LBits]), .we_i(bank_we), .waddr_i(data_waddr),
      .wdata_i(data_wline), .wmask_i(data_wbytes));
    mem_1r1w_sync #(.Depth(Sets), .Width(LBits), .SliceW(8)) i_data_rmt (
      .clk_i, .re_i(rmt_valid_i), .raddr_i(rmt_set), .rdata_o(data_rmt_rdata[gw*LBits +: LBits]), .we_i(bank_we),
      .waddr_i(data_waddr), .wdata_i(data_wline), .wmask_i(data_wbytes));
  end

  // ---- forwarding: way w's tag as D and the remote answer see it -------------
  logic [LaW-1:0] d_tag [Ways];  // the row read at the last edge, or that edge's tag write
  logic [LaW-1:0] r_tag [Ways];
  always_comb begin
    for (int unsigned w = 0; w < Ways; w++) begin
      d_tag[w] = tag_rdata[w*LaW +: LaW];
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel != ls_fault_pkg::FAULT_L1D_NOFWD)  // injected: no forwarding
`endif
      if (fw_tag_v_q && fw_tag_set_q == d_set && fw_tag_way_q == WayW'(w)) d_tag[w] = fw_tag_line_q;
    end
  end
  always_comb begin
    for (int unsigned w = 0; w < Ways; w++) begin
      r_tag[w] = tag_rmt_rdata[w*LaW +: LaW];
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel != ls_fault_pkg::FAULT_L1D_NOFWD)  // injected: no forwarding
`endif
      if (fw_tag_v_q && fw_tag_set_q == rmt_set_q && fw_tag_way_q == WayW'(w)) r_tag[w] = fw_tag_line_q;
    end
  end

  // ---- queues ------------------------------------------------------------------
  logic           mq_push, mq_pop, mq_full, mq_empty;
  logic [MqW-1:0] mq_wdata, mq_rdata;
  logic [$clog2(MissQ+1)-1:0] mq_count;
  fifo_sync #(.Depth(MissQ), .Width(MqW)) i_missq (
    .clk_i, .rst_ni, .push_i(mq_push), .wdata_i(mq_wdata), .pop_i(mq_pop),
    .rdata_o(mq_rdata), .full_o(mq_full), .empty_o(mq_empty), .count_o(mq_count));
  logic           bq_push, bq_pop, bq_full, bq_empty;
  logic [BqW-1:0] bq_wdata, bq_rdata;
  logic [$clog2(BypQ+1)-1:0] bq_count;
  fifo_sync #(.Depth(BypQ), .Width(BqW)) i_bypq (
    .clk_i, .rst_ni, .push_i(bq_push), .wdata_i(bq_wdata), .pop_i(bq_pop),
    .rdata_o(bq_rdata), .full_o(bq_full), .empty_o(bq_empty), .count_o(bq_count));
  logic           rq_push, rq_pop, rq_full, rq_empty;
  logic [RqW-1:0] rq_wdata, rq_rdata;
  logic [$clog2(RelQ+1)-1:0] rq_count;
  fifo_sync #(.Depth(RelQ), .Width(RqW)) i_relq (
    .clk_i, .rst_ni, .push_i(rq_push), .wdata_i(rq_wdata), .pop_i(rq_pop),
    .rdata_o(rq_rdata), .full_o(rq_full), .empty_o(rq_empty), .count_o(rq_count));
  // Counts and one-hot grants are not needed here; lint's *unused* rule.
  logic unused;
  assign unused = ^{fv_free_any, bq_count, rq_count};

  // ---- the cycle ----------------------------------------------------------------
  logic fill_hit, fill_go, fill_byp_go, fill_line_go, fill_alloc, rel_any, rel_go, rel_done;
  logic mhit, vm, rm, bm, sm, p_hit, p_full, free_any, mq_ld_full, go, stall, sel_byp, mem_go;
  logic sbyp_res, sbyp_hit, sbyp_set;
  logic [EIdxW-1:0] fill_e, rel_e, p_e, free_e;
  logic [WayW-1:0]  fill_way, mw, new_way, rway;
  logic [CntW-1:0]  c;
  logic [3:0]       act;
  logic [2:0]       outc;
  logic [2:0]       fail;
  logic             rhit;
  logic [LBits-1:0] d_rline, r_rline;
  // the one set whose line state changes this cycle (a fill owns the cycle:
  // it and D's request never both act) and that row's next state
  logic [SetW-1:0]         u_set;
  logic [Ways*Sectors-1:0] n_valid, n_rsv;  // way w's sectors at [w*Sectors +: Sectors]
  logic [Ways-1:0]         n_byp, n_reuse;
  logic [Ways*RankW-1:0]   n_rank;
  // MSHR updates of this cycle: merge into p_e at slot c, a new entry at
  // free_e (line present: new_pres); a write-evict store that empties its
  // line (st_empty: the line's pending entries no longer find it)
  logic                  mrg_go, new_go, new_pres, st_empty;

  // LRU/FIFO touch on a row: ways more recent than way t age by one, t
  // becomes the newest (C: touch()).
  function automatic logic [Ways*RankW-1:0] touch(input logic [Ways*RankW-1:0] r, input logic [WayW-1:0] t);
    logic [RankW-1:0] rt;
    touch = r;
    rt    = '0;
    for (int unsigned v = 0; v < Ways; v++) if (WayW'(v) == t) rt = r[v*RankW +: RankW];
    for (int unsigned v = 0; v < Ways; v++) begin
      if (r[v*RankW +: RankW] < rt) touch[v*RankW +: RankW] = r[v*RankW +: RankW] + 1'b1;
      if (WayW'(v) == t) touch[v*RankW +: RankW] = '0;
    end
  endfunction

  // The fill port's ready, on its own: it depends on the fill's set (its
  // victim) but not on fill_valid_i, and a shell feeds it back into the
  // crossbar that drives fill_valid_i; kept out of the decide block below
  // so a simulator's combinational-loop iteration does not re-run that
  // block (docs/l1d.md, Storage).
  assign fill_ready_o = fill_byp_i || (!rq_full && (!mode_alloc_i || fv_found));

  always_comb begin
    // ---- fill path: the pending (not yet filled) entry of the line
    fill_hit = 1'b0;
    fill_e   = '0;
    for (int unsigned e = 0; e < Entries; e++)
`ifdef LS_FAULTS
      // injected FAULT_L1D_FILL_LOST: a fill never finds its entry (the address's low bit flipped)
      if (!fill_hit && mshr_valid_q[e] && !mshr_rdy_q[e] &&
          mshr_addr_q[e] == (fill_addr_i ^ AtW'(ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_FILL_LOST))) begin
`else
      if (!fill_hit && mshr_valid_q[e] && !mshr_rdy_q[e] && mshr_addr_q[e] == fill_addr_i) begin
`endif
        fill_hit = 1'b1;
        fill_e   = EIdxW'(e);
      end
    fill_go      = fill_valid_i && fill_ready_o;
    fill_byp_go  = fill_go && fill_byp_i;
    fill_line_go = fill_go && !fill_byp_i && fill_hit;
    // ON_FILL: the line's way when it is present (mshr_pres_q), else the victim
    fill_alloc   = mode_alloc_i && !mshr_pres_q[fill_e];
    fill_way     = fill_alloc ? fv_way : mshr_way_q[fill_e];

    // ---- release path: the oldest filled entry, data from the release queue
    rel_any = !rq_empty;
    rel_e   = rq_rdata[LBits +: EIdxW];
    if (32'(rel_e) >= Entries) rel_e = '0;  // an empty queue's head is never used
    rel_go  = rel_any && !fill_byp_go;

    // ---- D's probe: the tags read at the last edge, merged with that edge's write
    mhit = 1'b0;
    mw   = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (!mhit && ((|valid_q[d_set][w]) || (|rsv_q[d_set][w]) || byp_q[d_set][w]) && d_tag[w] == d_line) begin
        mhit = 1'b1;
        mw   = WayW'(w);
      end
    vm = mhit && (|(valid_q[d_set][mw] & d_sbit));
    rm = mhit && (|(rsv_q[d_set][mw] & d_sbit));
    bm = mhit && byp_q[d_set][mw];
    sm = mhit && !vm && !rm && !bm;  // the line is present, its sector is not
    p_hit = 1'b0; p_e = '0; free_any = 1'b0; free_e = '0;
    for (int unsigned e = 0; e < Entries; e++) begin
      if (!p_hit && mshr_valid_q[e] && mshr_addr_q[e] == d_atom) begin
        p_hit = 1'b1;
        p_e   = EIdxW'(e);
      end
      if (!free_any && !mshr_valid_q[e]) begin
        free_any = 1'b1;
        free_e   = EIdxW'(e);
      end
    end
`ifdef LS_FAULTS
    // injected FAULT_L1D_MERGE_OVER: an entry takes one merge more than it has slots for
    p_full = 32'(mshr_cnt_q[p_e]) >= Merge + 32'(ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_MERGE_OVER);
`else
    p_full = 32'(mshr_cnt_q[p_e]) >= Merge;
`endif
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_MQ_N) mq_ld_full = 32'(mq_count) >= MissQ;  // injected: loads refused only at N
    else
`endif
    mq_ld_full = 32'(mq_count) + 1 >= MissQ;  // GPGPU-Sim miss_queue_full(1)
  end

  // D's hit line and the remote answer's line: the way's part of the row
  // read at the last edge, with the bytes written at that edge merged in
  // (two blocks: the remote answer depends on registers only).
  always_comb begin
    d_rline = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (mw == WayW'(w)) d_rline = data_rdata[w*LBits +: LBits];
    if (fw_data_v_q && fw_data_set_q == d_set && fw_data_way_q == mw)
      for (int unsigned b = 0; b < Line; b++)
        if (fw_data_mask_q[b]) d_rline[b*8 +: 8] = fw_data_q[b*8 +: 8];
  end
  always_comb begin
    r_rline = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (rway == WayW'(w)) r_rline = data_rmt_rdata[w*LBits +: LBits];
    if (fw_data_v_q && fw_data_set_q == rmt_set_q && fw_data_way_q == rway)
      for (int unsigned b = 0; b < Line; b++)
        if (fw_data_mask_q[b]) r_rline[b*8 +: 8] = fw_data_q[b*8 +: 8];
  end

  always_comb begin
    // defaults: hold every register, ports idle; the changing set's row
    u_set = fill_line_go ? fill_set : d_set;
    for (int unsigned w = 0; w < Ways; w++) begin
      n_valid[w*Sectors +: Sectors] = valid_q[u_set][w];
      n_rsv[w*Sectors +: Sectors]   = rsv_q[u_set][w];
      n_byp[w]   = byp_q[u_set][w];
      n_reuse[w] = reuse_q[u_set][w];
      n_rank[w*RankW +: RankW] = rank_q[u_set][w];
    end
    mem_rr_d = mem_rr_q;
    cnt_access_d = cnt_access_q; cnt_hit_d = cnt_hit_q; cnt_hitres_d = cnt_hitres_q; cnt_miss_d = cnt_miss_q;
    cnt_fail_line_d = cnt_fail_line_q; cnt_fail_entry_d = cnt_fail_entry_q; cnt_fail_merge_d = cnt_fail_merge_q;
    cnt_fail_mq_d = cnt_fail_mq_q; cnt_fail_port_d = cnt_fail_port_q; cnt_fail_bypq_d = cnt_fail_bypq_q;
    cnt_byp_d = cnt_byp_q; cnt_fill_d = cnt_fill_q; cnt_pseudo_d = cnt_pseudo_q; cnt_sbyp_d = cnt_sbyp_q;
    cnt_smiss_d = cnt_smiss_q;
    tag_we = 1'b0; tag_waddr = '0; tag_wdata = '0; tag_wmask = '0;
    data_we = 1'b0; data_waddr = '0; data_wway = '0; data_wline = '0; data_wbytes = '0;
    fw_tag_v_d = 1'b0; fw_tag_set_d = fw_tag_set_q; fw_tag_way_d = fw_tag_way_q; fw_tag_line_d = fw_tag_line_q;
    fw_data_v_d = 1'b0; fw_data_set_d = fw_data_set_q; fw_data_way_d = fw_data_way_q;
    fw_data_d = fw_data_q; fw_data_mask_d = fw_data_mask_q;

    // ---- D's verdict
    outc = l1sys_pkg::L1D_OUT_MISS;
    fail = l1sys_pkg::L1D_FAIL_NONE;
    act  = ACT_NONE;
`ifdef LS_FAULTS
    // injected FAULT_L1D_FILL_NOBUSY: D acts beside a line fill
    if (fill_go && !fill_byp_i && ls_fault_pkg::sel != ls_fault_pkg::FAULT_L1D_FILL_NOBUSY) begin
`else
    if (fill_go && !fill_byp_i) begin  // the fill writes the arrays: D's writes wait
`endif
      fail = l1sys_pkg::L1D_FAIL_PORT_BUSY;
    end else if (d_store_q) begin
      outc = vm ? l1sys_pkg::L1D_OUT_HIT : rm ? l1sys_pkg::L1D_OUT_HIT_RESERVED :
             sm ? l1sys_pkg::L1D_OUT_SECTOR_MISS : l1sys_pkg::L1D_OUT_MISS;
      act  = vm ? ACT_ST_HIT : ACT_ST_FWD;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
    end else if (d_byp_q) begin
      act = ACT_BYP_LD;
      if (bq_full) fail = l1sys_pkg::L1D_FAIL_BYP_QUEUE;
    end else if (vm) begin
      outc = l1sys_pkg::L1D_OUT_HIT;
      act  = ACT_LD_HIT;
      if (rel_any || fill_byp_go) fail = l1sys_pkg::L1D_FAIL_PORT_BUSY;  // one response port
    end else if (rm) begin
      outc = l1sys_pkg::L1D_OUT_HIT_RESERVED;
      act  = ACT_MERGE_T;
      if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!p_hit || p_full) fail = l1sys_pkg::L1D_FAIL_MSHR_MERGE;
    end else if (bm) begin
      act = ACT_PSEUDO;
      if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end else if (sm) begin  // sectored: the line is present, the sector is not
      outc = l1sys_pkg::L1D_OUT_SECTOR_MISS;
      act  = p_hit ? ACT_MERGE : ACT_SMISS;
      if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (p_hit && p_full) fail = l1sys_pkg::L1D_FAIL_MSHR_MERGE;
      else if (!p_hit && !free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end else if (p_hit) begin
      act = ACT_MERGE;
      if (!mode_alloc_i && !mode_ba_i && !rv_found) fail = l1sys_pkg::L1D_FAIL_LINE_ALLOC;
      else if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (p_full) fail = l1sys_pkg::L1D_FAIL_MSHR_MERGE;
    end else if (mode_alloc_i) begin
      act = ACT_NEWENT;
      if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end else if (mode_ba_i && !rv_free_any) begin
      act = ACT_BA_BYP;
      if (bq_full) fail = l1sys_pkg::L1D_FAIL_BYP_QUEUE;
    end else begin
      act = ACT_ALLOC;
      if (!rv_found) fail = l1sys_pkg::L1D_FAIL_LINE_ALLOC;
      else if (mq_ld_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end
    if (fail != l1sys_pkg::L1D_FAIL_NONE) outc = l1sys_pkg::L1D_OUT_RES_FAIL;
    dec_valid_o   = d_valid_q;
    req_outcome_o = outc;
    req_fail_o    = fail;
    go            = d_valid_q && (fail == l1sys_pkg::L1D_FAIL_NONE);  // D's request is decided and leaves
    if (!go) act = ACT_NONE;

    // ---- response: bypassed fill > release > load hit
    rsp_valid_o = 1'b0;
    rsp_id_o    = '0;
    rsp_data_o  = '0;
    if (fill_byp_go) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = fill_id_i;
      rsp_data_o  = fill_data_i;
    end else if (rel_go) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = mshr_ids_q[rel_e][0];
      rsp_data_o  = rq_rdata[LBits-1:0];
    end else if (act == ACT_LD_HIT) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = d_id_q;
      rsp_data_o  = d_rline;
    end

    // ---- fill updates: the sector is valid and the line replaceable from now on
    if (fill_line_go) begin
      data_we     = 1'b1;
      data_waddr  = fill_set;
      data_wway   = fill_way;
      data_wline  = fill_data_i;
      data_wbytes = fill_bytes;  // only the sector's bytes
      n_valid[fill_way*Sectors +: Sectors] = fill_alloc ? fill_sbit : n_valid[fill_way*Sectors +: Sectors] | fill_sbit;
      n_rsv[fill_way*Sectors +: Sectors]   = n_rsv[fill_way*Sectors +: Sectors] & ~fill_sbit;
      n_byp[fill_way]   = 1'b0;
      // (gen_mshr: fill_e becomes ready; allocating, it and every other
      // pending entry of the line take fill_way, and the entries whose line
      // it evicts lose it)
      if (fill_alloc) begin  // allocate_line + fill: tag, age (LRU and FIFO)
        tag_we    = 1'b1;
        tag_waddr = fill_set;
        tag_wdata = {Ways{fill_line}};
        tag_wmask = Ways'(1) << fill_way;
        n_reuse[fill_way] = 1'b0;
        n_rank = touch(n_rank, fill_way);
      end else if (mode_alloc_i && !mode_repl_i) begin  // allocate_sector + fill: the line's last access
        n_rank = touch(n_rank, fill_way);
      end
    end
    // the filled entry and its data join the release queue (fill order)
    rq_wdata = {fill_e, fill_data_i};

    // ---- release updates (gen_mshr: rel_e's ids shift by one, its count drops)

    // ---- request updates (D's request)
    if (act == ACT_ST_HIT) begin
      if (mode_wr_i) begin
        data_we     = 1'b1;
        data_waddr  = d_set;
        data_wway   = mw;
        data_wline  = d_data_q;
        data_wbytes = d_mask_q;
      end else begin
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_SECT_EVICT_LINE) n_valid[mw*Sectors +: Sectors] = '0;  // injected: write-evict invalidates the whole line
        else
`endif
        n_valid[mw*Sectors +: Sectors] = n_valid[mw*Sectors +: Sectors] & ~d_sbit;  // write-evict: the sector
      end
      // GPGPU-Sim: write-through hits touch the LRU rank, write-evict hits do not
      if (!mode_repl_i && mode_wr_i) n_rank = touch(n_rank, mw);
      if (mode_ba_i) n_reuse[mw] = 1'b1;
    end
    if (act == ACT_LD_HIT || act == ACT_MERGE_T) begin
`ifdef LS_FAULTS
      // Injected fault: a load hit does not refresh the LRU rank.
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_LRU_SKIP && act != ACT_MERGE_T) begin end
      else
`endif
      if (!mode_repl_i) begin
        n_rank = touch(n_rank, mw);
      end
      if (mode_ba_i) n_reuse[mw] = 1'b1;
    end
    // a write-evict that empties the line (no sector valid or reserved):
    // the line's pending entries no longer find it present (gen_mshr);
    // with one sector no pending entry can have it present (docs/l1d.md)
    st_empty = (act == ACT_ST_HIT) && !mode_wr_i && (Sectors > 1) && !(|n_valid[mw*Sectors +: Sectors]) &&
               !(|rsv_q[d_set][mw]) && !byp_q[d_set][mw];
    // merge into p_e at slot c, the count after this cycle's release (gen_mshr)
    mrg_go = (act == ACT_MERGE_T) || (act == ACT_MERGE);
    c      = mshr_cnt_q[p_e] - CntW'(rel_go && rel_e == p_e);
    // a new entry at free_e, holding only D's id (gen_mshr)
    new_go   = (act == ACT_PSEUDO) || (act == ACT_NEWENT) || (act == ACT_ALLOC) || (act == ACT_SMISS);
    new_way  = (act == ACT_PSEUDO || act == ACT_SMISS) ? mw : (act == ACT_ALLOC) ? rv_way : '0;
    new_pres = (act != ACT_NEWENT);  // the line is present in new_way
    if (act == ACT_SMISS && !mode_alloc_i) begin  // allocate_sector: reserved; the line's last access
      n_rsv[mw*Sectors +: Sectors] = n_rsv[mw*Sectors +: Sectors] | d_sbit;
      if (!mode_repl_i) n_rank = touch(n_rank, mw);
    end
    if (act == ACT_PSEUDO) begin
      n_rsv[mw*Sectors +: Sectors] = Sectors'(1);
      n_byp[mw]   = 1'b0;
      n_reuse[mw] = 1'b1;
      n_rank      = touch(n_rank, mw);
    end
    if (act == ACT_ALLOC || (act == ACT_BA_BYP && rv_found)) begin
      tag_we    = 1'b1;
      tag_waddr = d_set;
      tag_wdata = {Ways{d_line}};
      tag_wmask = Ways'(1) << rv_way;
`ifdef LS_FAULTS
      // injected FAULT_L1D_TAG_TWO: an allocation writes its tag into the next way too
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_L1D_TAG_TWO && Ways > 1)
        tag_wmask = tag_wmask | (Ways'(1) << ((32'(rv_way) + 1) % Ways));
`endif
      n_valid[rv_way*Sectors +: Sectors] = '0;
      n_rsv[rv_way*Sectors +: Sectors]   = (act == ACT_ALLOC) ? d_sbit : '0;  // allocate_line: the request's sector
      n_byp[rv_way]   = (act == ACT_BA_BYP);
      n_reuse[rv_way] = 1'b0;
      n_rank          = touch(n_rank, rv_way);
    end

    // ---- this edge's array writes, forwarded to the next cycle's readers
    if (tag_we) begin
      fw_tag_v_d    = 1'b1;
      fw_tag_set_d  = tag_waddr;
      fw_tag_line_d = tag_wdata[LaW-1:0];
      for (int unsigned w = 0; w < Ways; w++) if (tag_wmask[w]) fw_tag_way_d = WayW'(w);
    end
    if (data_we) begin
      fw_data_v_d    = 1'b1;
      fw_data_set_d  = data_waddr;
      fw_data_way_d  = data_wway;
      fw_data_d      = data_wline;
      fw_data_mask_d = data_wbytes;
    end

    // ---- an entry frees after its last release (merges of this cycle count;
    // gen_mshr clears it)
    rel_done = rel_go && (mshr_cnt_q[rel_e] - 1'b1 + CntW'(mrg_go && p_e == rel_e)) == '0;
    rq_push = fill_line_go;
    rq_pop  = rel_done;

    // ---- miss queue {store, id, line, mask, data}; bypass queue {line, id}
    mq_push  = (act == ACT_ST_HIT) || (act == ACT_ST_FWD) || (act == ACT_PSEUDO) || (act == ACT_NEWENT) ||
               (act == ACT_ALLOC) || (act == ACT_SMISS);
    bq_push  = (act == ACT_BYP_LD) || (act == ACT_BA_BYP);
    mq_wdata = {d_store_q, d_id_q, d_atom, d_store_q ? d_mask_q : {Line{1'b0}},
                d_store_q ? d_data_q : {LBits{1'b0}}};
    bq_wdata = {d_atom, d_id_q};

    // ---- memory port: the two queues alternate when both wait
    sel_byp         = !bq_empty && (mq_empty || mem_rr_q);
    mem_req_valid_o = !mq_empty || !bq_empty;
    mem_req_byp_o   = sel_byp;
    if (sel_byp) begin
      mem_req_store_o = 1'b0;
      mem_req_id_o    = bq_rdata[IdW-1:0];
      mem_req_addr_o  = bq_rdata[IdW +: AtW];
      mem_req_mask_o  = '0;
      mem_req_data_o  = '0;
    end else begin
      mem_req_data_o  = mq_rdata[LBits-1:0];
      mem_req_mask_o  = mq_rdata[LBits +: Line];
      mem_req_addr_o  = mq_rdata[LBits + Line +: AtW];
      mem_req_id_o    = mq_rdata[LBits + Line + AtW +: IdW];
      mem_req_store_o = mq_rdata[MqW-1];
    end
    mem_go = mem_req_valid_o && mem_req_ready_i;
    if (mem_go) mem_rr_d = !sel_byp;
    mq_pop = mem_go && !sel_byp;
    bq_pop = mem_go && sel_byp;

    // ---- stall to bypass: a load refused for a resource the mode names is
    // retried as a bypass (the MRPB paper's rule, section 3.4)
    sbyp_res = (fail == l1sys_pkg::L1D_FAIL_LINE_ALLOC) || (fail == l1sys_pkg::L1D_FAIL_MSHR_ENTRY) ||
               (fail == l1sys_pkg::L1D_FAIL_MSHR_MERGE) || (fail == l1sys_pkg::L1D_FAIL_MISS_QUEUE);
    unique case (mode_sbyp_i)
      l1sys_pkg::L1D_SBYP_ALL[1:0]:   sbyp_hit = sbyp_res;
      l1sys_pkg::L1D_SBYP_ASSOC[1:0]: sbyp_hit = (fail == l1sys_pkg::L1D_FAIL_LINE_ALLOC);
      default:                           sbyp_hit = 1'b0;
    endcase
    stall    = d_valid_q && !go;
    sbyp_set = stall && !d_store_q && !d_byp_q && sbyp_hit;

    // ---- events and counters
    ev_access_o = go;
    ev_hit_o    = go && (outc == l1sys_pkg::L1D_OUT_HIT);
    ev_hitres_o = go && (outc == l1sys_pkg::L1D_OUT_HIT_RESERVED);
    ev_miss_o   = go && (outc == l1sys_pkg::L1D_OUT_MISS || outc == l1sys_pkg::L1D_OUT_SECTOR_MISS);
    ev_stall_o  = stall;
    ev_byp_o    = bq_push;
    ev_pseudo_o = (act == ACT_PSEUDO);
    ev_fill_o   = fill_line_go;
    cnt_access_d     = cnt_access_q + 32'(ev_access_o);
    cnt_hit_d        = cnt_hit_q + 32'(ev_hit_o);
    cnt_hitres_d     = cnt_hitres_q + 32'(ev_hitres_o);
    cnt_miss_d       = cnt_miss_q + 32'(ev_miss_o);
    cnt_fail_line_d  = cnt_fail_line_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_LINE_ALLOC);
    cnt_fail_entry_d = cnt_fail_entry_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_MSHR_ENTRY);
    cnt_fail_merge_d = cnt_fail_merge_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_MSHR_MERGE);
    cnt_fail_mq_d    = cnt_fail_mq_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_MISS_QUEUE);
    cnt_fail_port_d  = cnt_fail_port_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_PORT_BUSY);
    cnt_fail_bypq_d  = cnt_fail_bypq_q + 32'(stall && fail == l1sys_pkg::L1D_FAIL_BYP_QUEUE);
    cnt_byp_d        = cnt_byp_q + 32'(ev_byp_o);
    cnt_fill_d       = cnt_fill_q + 32'(ev_fill_o);
    cnt_pseudo_d     = cnt_pseudo_q + 32'(ev_pseudo_o);
    cnt_sbyp_d       = cnt_sbyp_q + 32'(sbyp_set);
    cnt_smiss_d      = cnt_smiss_q + 32'(go && outc == l1sys_pkg::L1D_OUT_SECTOR_MISS);

    // ---- the port: a request enters when D is empty or its request leaves;
    // a held request keeps D and re-reads its set (fresh tags every retry)
    req_ready_o = !d_valid_q || go;
    d_load      = req_ready_o;
    if (d_load) begin
      d_valid_d = req_valid_i;
      d_addr_d  = req_addr_i;
      d_store_d = req_store_i;
      d_byp_d   = req_byp_i;
      d_id_d    = req_id_i;
    end else begin
      d_valid_d = d_valid_q;
      d_addr_d  = d_addr_q;
      d_store_d = d_store_q;
      d_byp_d   = d_byp_q || sbyp_set;
      d_id_d    = d_id_q;
    end
    rd_set = d_load ? req_set : d_set;
    rd_en  = d_load ? req_valid_i : 1'b1;
  end

  // ---- remote answer: the lookup presented last cycle, on the duplicate
  // arrays read at the last edge (merged with that edge's writes) and the
  // line state as it is now; filled lines only
  // (registers only: rmt_hit_o and rmt_data_o are Moore outputs, so a ring
  // may feed them back into rmt_valid_i within a cycle)
  always_comb begin
    rhit = 1'b0;
    rway = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (!rhit && (|(valid_q[rmt_set_q][w] & rmt_sbit)) && r_tag[w] == rmt_line_q) begin
        rhit = 1'b1;
        rway = WayW'(w);
      end
    rmt_hit_o = rmt_v_q && rhit;
  end
  assign rmt_v_d    = rmt_valid_i;
  assign rmt_line_d = rmt_valid_i ? rmt_line : rmt_line_q;
  assign rmt_set_d  = rmt_valid_i ? rmt_set : rmt_set_q;
  assign rmt_sect_d = rmt_valid_i ? rmt_sect : rmt_sect_q;
  assign rmt_data_o = rmt_hit_o ? r_rline : '0;

  // ---- registers -------------------------------------------------------------
  // Array registers: one always_ff per element (generate).  A loop of
  // non-blocking array writes is not accepted by the simulator once it is
  // too long to unroll (BLKLOOPINIT), and Yosys reads this form well.
  // Line state: the set u_set takes its row's next state n_*.  Each
  // register loads its next value unconditionally, the selects written in
  // the always_ff itself: a conditional non-blocking write per array
  // element makes the simulator keep and test a pending-write flag per
  // element and branch, and next-state logic outside the always_ff is
  // re-evaluated whenever a port input settles (Verilator's input and
  // active regions) instead of once per edge.
  for (genvar gs = 0; gs < Sets; gs++) begin : gen_set
    for (genvar gw = 0; gw < Ways; gw++) begin : gen_way
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          valid_q[gs][gw] <= '0;
          rsv_q[gs][gw]   <= '0;
          byp_q[gs][gw]   <= 1'b0;
          reuse_q[gs][gw] <= 1'b0;
          rank_q[gs][gw]  <= RankW'(gw);  // "way w has rank w": a permutation
        end else begin
          valid_q[gs][gw] <= (u_set == SetW'(gs)) ? n_valid[gw*Sectors +: Sectors] : valid_q[gs][gw];
          rsv_q[gs][gw]   <= (u_set == SetW'(gs)) ? n_rsv[gw*Sectors +: Sectors] : rsv_q[gs][gw];
          byp_q[gs][gw]   <= (u_set == SetW'(gs)) ? n_byp[gw] : byp_q[gs][gw];
          reuse_q[gs][gw] <= (u_set == SetW'(gs)) ? n_reuse[gw] : reuse_q[gs][gw];
          rank_q[gs][gw]  <= (u_set == SetW'(gs)) ? n_rank[gw*RankW +: RankW] : rank_q[gs][gw];
        end
      end
    end
  end
  // MSHR entry ge: a new entry (free_e), else a fill (fill_e: ready, and its
  // way when allocating on fill), a release (rel_e: ids shift down, count
  // drops, freed after its last release) and a merge (p_e: D's id at slot
  // c, the count after the release; count up), in the C model's order.
  // Line-present tracking (docs/l1d.md, "The fill of a sector"): a fill
  // that allocates its line (fill_alloc) points the line's other pending
  // entries at fill_way (u2_set) and takes it from those whose line it
  // evicts (u2_clr); a write-evict store that empties its line takes it
  // from that line's pending entries (st_empty).
  for (genvar ge = 0; ge < Entries; ge++) begin : gen_mshr
    logic [SetW-1:0] e_set;
    logic            e_pend, e_fline, u2_set, u2_clr, u3_clr;
    l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_e (
      .addr_i(32'(mshr_addr_q[ge]) << (OffW - SectW)), .mode_i(mode_hash_i), .set_o(e_set));
    assign e_pend  = mshr_valid_q[ge] && !mshr_rdy_q[ge];
    assign e_fline = LaW'(mshr_addr_q[ge] >> SectW) == fill_line;
    assign u2_set  = fill_line_go && fill_alloc && fill_e != EIdxW'(ge) && e_pend && e_fline;
`ifdef LS_FAULTS
    assign u2_clr  = ls_fault_pkg::sel != ls_fault_pkg::FAULT_L1D_SECT_KEEP_PRES &&  // injected: an entry whose line a fill evicts still finds it present
                     fill_line_go && fill_alloc && fill_e != EIdxW'(ge) && e_pend && !e_fline && mshr_pres_q[ge] &&
                     mshr_way_q[ge] == fill_way && e_set == fill_set;
`else
    assign u2_clr  = fill_line_go && fill_alloc && fill_e != EIdxW'(ge) && e_pend && !e_fline && mshr_pres_q[ge] &&
                     mshr_way_q[ge] == fill_way && e_set == fill_set;
`endif
    assign u3_clr  = st_empty && e_pend && LaW'(mshr_addr_q[ge] >> SectW) == d_line && mshr_pres_q[ge];
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mshr_valid_q[ge] <= 1'b0;
        mshr_rdy_q[ge]   <= 1'b0;
        mshr_pres_q[ge]  <= 1'b0;
        mshr_addr_q[ge]  <= '0;
        mshr_way_q[ge]   <= '0;
        mshr_cnt_q[ge]   <= '0;
      end else begin
        // new entry > freed after its last release > unchanged
        mshr_valid_q[ge] <= (new_go && free_e == EIdxW'(ge)) ? 1'b1 :
                            (rel_done && rel_e == EIdxW'(ge)) ? 1'b0 : mshr_valid_q[ge];
        // new entry > freed > filled > unchanged
        mshr_rdy_q[ge]   <= (new_go && free_e == EIdxW'(ge)) ? 1'b0 :
                            (rel_done && rel_e == EIdxW'(ge)) ? 1'b0 :
                            (fill_line_go && fill_e == EIdxW'(ge)) ? 1'b1 : mshr_rdy_q[ge];
        // new entry > its own allocating fill > another entry's allocating fill > emptied by a store > unchanged
        mshr_pres_q[ge]  <= (new_go && free_e == EIdxW'(ge)) ? new_pres :
                            (fill_line_go && fill_alloc && fill_e == EIdxW'(ge)) ? 1'b1 :
                            u2_set ? 1'b1 : (u2_clr || u3_clr) ? 1'b0 : mshr_pres_q[ge];
        mshr_addr_q[ge]  <= (new_go && free_e == EIdxW'(ge)) ? d_atom : mshr_addr_q[ge];
        mshr_way_q[ge]   <= (new_go && free_e == EIdxW'(ge)) ? new_way :
                            (fill_line_go && fill_alloc && fill_e == EIdxW'(ge)) ? fill_way :
                            u2_set ? fill_way : mshr_way_q[ge];
        mshr_cnt_q[ge]   <= (new_go && free_e == EIdxW'(ge)) ? CntW'(1) :
                            mshr_cnt_q[ge] - CntW'(rel_go && rel_e == EIdxW'(ge)) +
                            CntW'(mrg_go && p_e == EIdxW'(ge));
      end
    end
    // id slot gk: a new entry holds D's id in slot 0; a merge writes D's id
    // at slot c; a release shifts every slot down by one (the last gets 0)
    for (genvar gk = 0; gk < Merge; gk++) begin : gen_id
      if (gk + 1 < Merge) begin : gen_shift
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) mshr_ids_q[ge][gk] <= '0;
          else mshr_ids_q[ge][gk] <= (new_go && free_e == EIdxW'(ge)) ? ((gk == 0) ? d_id_q : '0) :
                                     (mrg_go && p_e == EIdxW'(ge) && c == CntW'(gk)) ? d_id_q :
                                     (rel_go && rel_e == EIdxW'(ge)) ? mshr_ids_q[ge][gk + 1] : mshr_ids_q[ge][gk];
        end
      end else begin : gen_last
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) mshr_ids_q[ge][gk] <= '0;
          else mshr_ids_q[ge][gk] <= (new_go && free_e == EIdxW'(ge)) ? ((gk == 0) ? d_id_q : '0) :
                                     (mrg_go && p_e == EIdxW'(ge) && c == CntW'(gk)) ? d_id_q :
                                     (rel_go && rel_e == EIdxW'(ge)) ? '0 : mshr_ids_q[ge][gk];
        end
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mem_rr_q <= 1'b0;
      d_valid_q <= 1'b0; d_addr_q <= '0; d_store_q <= 1'b0; d_byp_q <= 1'b0; d_id_q <= '0;
      fw_tag_v_q <= 1'b0; fw_tag_set_q <= '0; fw_tag_way_q <= '0; fw_tag_line_q <= '0;
      fw_data_v_q <= 1'b0; fw_data_set_q <= '0; fw_data_way_q <= '0;
      rmt_v_q <= 1'b0; rmt_line_q <= '0; rmt_set_q <= '0; rmt_sect_q <= '0;
      cnt_sbyp_q <= '0; cnt_smiss_q <= '0;
      cnt_access_q <= '0; cnt_hit_q <= '0; cnt_hitres_q <= '0; cnt_miss_q <= '0; cnt_fail_line_q <= '0;
      cnt_fail_entry_q <= '0; cnt_fail_merge_q <= '0; cnt_fail_mq_q <= '0; cnt_fail_port_q <= '0;
      cnt_fail_bypq_q <= '0; cnt_byp_q <= '0; cnt_fill_q <= '0; cnt_pseudo_q <= '0;
    end else begin
      mem_rr_q <= mem_rr_d;
      d_valid_q <= d_valid_d; d_addr_q <= d_addr_d; d_store_q <= d_store_d; d_byp_q <= d_byp_d; d_id_q <= d_id_d;
      fw_tag_v_q <= fw_tag_v_d; fw_tag_set_q <= fw_tag_set_d; fw_tag_way_q <= fw_tag_way_d;
      fw_tag_line_q <= fw_tag_line_d;
      fw_data_v_q <= fw_data_v_d; fw_data_set_q <= fw_data_set_d; fw_data_way_q <= fw_data_way_d;
      rmt_v_q <= rmt_v_d; rmt_line_q <= rmt_line_d; rmt_set_q <= rmt_set_d; rmt_sect_q <= rmt_sect_d;
      cnt_sbyp_q <= cnt_sbyp_d; cnt_smiss_q <= cnt_smiss_d;
      cnt_access_q <= cnt_access_d; cnt_hit_q <= cnt_hit_d; cnt_hitres_q <= cnt_hitres_d;
      cnt_miss_q <= cnt_miss_d; cnt_fail_line_q <= cnt_fail_line_d; cnt_fail_entry_q <= cnt_fail_entry_d;
      cnt_fail_merge_q <= cnt_fail_merge_d; cnt_fail_mq_q <= cnt_fail_mq_d; cnt_fail_port_q <= cnt_fail_port_d;
      cnt_fail_bypq_q <= cnt_fail_bypq_d; cnt_byp_q <= cnt_byp_d; cnt_fill_q <= cnt_fill_d;
      cnt_pseudo_q <= cnt_pseudo_d;
    end
  end

  // Data registers without reset (like the SRAMs' output registers): D's
  // store data and mask are loaded with every request taken at the port and
  // used only under d_valid_q && d_store_q; the forwarded data only under
  // fw_data_v_q.
  always_ff @(posedge clk_i) begin
    if (d_load) begin
      d_data_q <= req_data_i;
      d_mask_q <= req_mask_i;
    end
    fw_data_q      <= fw_data_d;
    fw_data_mask_q <= fw_data_mask_d;
  end

`ifndef SYNTHESIS
  // Invariants (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"; each tried by a fault of tb/faults/l1d.txt):
  always @(posedge clk_i or negedge rst_ni) begin : p_assert
    if (rst_ni) begin
      // one writer per edge: a line fill makes D PORT_BUSY, so a fill's
      // writes and a request's never meet (the forwarding registers hold one of each)
      assert (!(fill_line_go && act != ACT_NONE))
      else $error("l1d: a_one_writer: a line fill and D's request (action %0d) both write the arrays in one cycle", act);
      // one tag written per edge: one way's slice of the set
      assert (!tag_we || $onehot(tag_wmask))
      else $error("l1d: a_tag_onehot: tag write mask %b: expected one way", tag_wmask);
      // no response without a request: a line fill finds its pending MSHR entry
      assert (!(fill_valid_i && fill_ready_o && !fill_byp_i && !fill_hit))
      else $error("l1d: a_fill_pending: fill for atom %h has no pending MSHR entry", fill_addr_i);
    end
  end
  // every MSHR entry holds at most Merge requests (its slots)
  for (genvar ga = 0; ga < Entries; ga++) begin : gen_assert_mshr
    always @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni)
        assert (32'(mshr_cnt_q[ga]) <= Merge)
        else $error("l1d: a_mshr_count: MSHR entry %0d holds %0d requests, over its %0d slots", ga, mshr_cnt_q[ga], Merge);
    end
  end
`endif
endmodule
