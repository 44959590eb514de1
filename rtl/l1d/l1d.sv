// l1d -- L1 data-cache controller of one SM: GPGPU-Sim semantics
// (DESIGN.md section 5) with the optional Bypass-Aware mode of seed 002.
// Everything a request needs is decided in the cycle it is presented: the
// probe (tags, line state, MSHR, miss queue) is combinational and the
// updates land at the clock edge.  docs/l1d.md has the full contract.
//
// Ports (all handshakes valid/ready: a transfer happens in a cycle where
// both are high):
//   mode_*_i   quasi-static policy inputs (CSR-like, constant for a run):
//              replacement (0 LRU, 1 FIFO), write (0 evict, 1 through),
//              allocation (0 on miss, 1 on fill), set index (0 linear,
//              1 Fermi hash), BA mode, BA threshold.
//   req_*      request from the LD/ST unit.  req_ready_o is the verdict for
//              the presented request (combinational): req_outcome_o is
//              HIT / HIT_RESERVED / MISS, or RES_FAIL with req_fail_o the
//              stall reason; a refused request stays and retries.
//              req_data_i/req_mask_i: store bytes placed in the line.
//              req_byp_i: a load that skips the cache (MRPB, bypass
//              controller, `cg`); a store's bypass flag is ignored (stores
//              are never cached on a miss anyway).
//   rsp_*      load data back, one per cycle, no back-pressure.  Priority:
//              a bypassed fill's data, then an MSHR release, then a load
//              hit of this cycle (which is refused with PORT_BUSY while an
//              MSHR releases).
//   mem_req_*  head of the miss queue toward L2 (line address, store
//              data/mask, bypass flag, id).  Loads carry zero data/mask.
//   fill_*     data from below.  fill_byp_i: the answer to a bypassed load,
//              returned on rsp_* in the same cycle, never cached.  An
//              accepted fill owns the cycle: no request is accepted
//              (PORT_BUSY).  fill_ready_o is low only with allocate-on-fill
//              when every way of the fill's set is reserved.
//   rmt_*      remote lookup (cooperative-caching ring): a second tag and
//              data read port on duplicate arrays written in lockstep with
//              the primary ones; hits only filled lines; no side effects.
//   ev_*_o     one-cycle event pulses (CHSS/MRPB counting).
// The counters cnt_*_q are registers (read through the state map).
// Registers are flat packed vectors (cheap to read through VPI); the tag
// and data arrays are mem_1r1w instances.
// C mirror: csim/l1d.{h,c} (same names, same statement order).
module l1d #(
  /// Sets (power of two).
  parameter int unsigned Sets    = 32,
  /// Ways per set.
  parameter int unsigned Ways    = 4,
  /// Line size in bytes (power of two).
  parameter int unsigned Line    = 128,
  /// MSHR entries.
  parameter int unsigned Entries = 32,
  /// Requests merged per MSHR entry.
  parameter int unsigned Merge   = 8,
  /// Miss-queue entries.
  parameter int unsigned MissQ   = 8,
  /// Byte-address bits (<= 32).
  parameter int unsigned AddrW   = 32,
  /// Request-id bits.
  parameter int unsigned IdW     = 8,
  /// Derived: do not override.
  parameter int unsigned OffW    = $clog2(Line),
  /// Derived: do not override.
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  /// Derived: do not override.
  parameter int unsigned WayW    = (Ways > 1) ? $clog2(Ways) : 1,
  /// Derived: do not override.
  parameter int unsigned RankW   = WayW,
  /// Derived: do not override (line address = tag width).
  parameter int unsigned LaW     = AddrW - OffW,
  /// Derived: do not override.
  parameter int unsigned CntW    = $clog2(Merge + 1),
  /// Derived: do not override.
  parameter int unsigned LBits   = Line * 8,
  /// Derived: do not override.
  parameter int unsigned EIdxW   = (Entries > 1) ? $clog2(Entries) : 1,
  /// Derived: do not override.
  parameter int unsigned RowW    = (Sets * Ways > 1) ? $clog2(Sets * Ways) : 1,
  /// Derived: do not override.
  parameter int unsigned MqW     = 2 + IdW + LaW + Line + LBits
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             mode_repl_i,
  input  logic             mode_wr_i,
  input  logic             mode_alloc_i,
  input  logic             mode_hash_i,
  input  logic             mode_ba_i,
  input  logic [7:0]       mode_ba_thr_i,
  input  logic             req_valid_i,
  input  logic [AddrW-1:0] req_addr_i,
  input  logic             req_store_i,
  input  logic             req_byp_i,
  input  logic [IdW-1:0]   req_id_i,
  input  logic [LBits-1:0] req_data_i,
  input  logic [Line-1:0]  req_mask_i,
  output logic             req_ready_o,
  output logic [1:0]       req_outcome_o,
  output logic [2:0]       req_fail_o,
  output logic             rsp_valid_o,
  output logic [IdW-1:0]   rsp_id_o,
  output logic [LBits-1:0] rsp_data_o,
  output logic             mem_req_valid_o,
  input  logic             mem_req_ready_i,
  output logic             mem_req_store_o,
  output logic             mem_req_byp_o,
  output logic [IdW-1:0]   mem_req_id_o,
  output logic [LaW-1:0]   mem_req_addr_o,
  output logic [Line-1:0]  mem_req_mask_o,
  output logic [LBits-1:0] mem_req_data_o,
  input  logic             fill_valid_i,
  output logic             fill_ready_o,
  input  logic [LaW-1:0]   fill_addr_i,
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
  localparam int unsigned SW    = Sets * Ways;
  localparam int unsigned RB    = Ways * RankW;  // rank bits per set
  localparam int unsigned IdsW  = Merge * IdW;   // id bits per MSHR entry
  // What an accepted request does (same list as the C model's ACT_*).
  localparam logic [3:0] ACT_NONE = 4'd0, ACT_ST_HIT = 4'd1, ACT_ST_FWD = 4'd2, ACT_BYP_LD = 4'd3,
                         ACT_LD_HIT = 4'd4, ACT_MERGE_T = 4'd5, ACT_PSEUDO = 4'd6, ACT_MERGE = 4'd7,
                         ACT_NEWENT = 4'd8, ACT_BA_BYP = 4'd9, ACT_ALLOC = 4'd10;

  always_comb begin
    // ---- remote lookup: filled lines only
    rhit = 1'b0;
    rway = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if (m_valid[w] && (tag_rmt_rdata[w*LaW +: LaW] == rmt_line) && !rhit) begin
        rhit = 1'b1;
        rway = WayW'(w);
      end
    end
    rmt_hit_o  = rmt_valid_i && rhit;

  end
  assign rmt_raddr  = row_of(rmt_set, rway);
  assign rmt_data_o = rmt_hit_o ? data_rmt_rdata : '0;

  // ---- registers ----------------------------------------------------------
  logic [SW-1:0]         valid_q, valid_d;   // line filled (data present)
  logic [SW-1:0]         rsv_q, rsv_d;       // fill pending or MSHR still releasing
  logic [SW-1:0]         byp_q, byp_d;       // BA bypass bit (tag only)
  logic [SW-1:0]         reuse_q, reuse_d;   // BA reuse bit
  logic [SW*RankW-1:0]   rank_q, rank_d;     // LRU/FIFO age rank per way, XOR way number
  logic [Entries-1:0]    mshr_valid_q, mshr_valid_d;
  logic [Entries-1:0]    mshr_rdy_q, mshr_rdy_d;   // filled, releasing
  logic [Entries*LaW-1:0]  mshr_addr_q, mshr_addr_d;
  logic [Entries*WayW-1:0] mshr_way_q, mshr_way_d;
  logic [Entries*CntW-1:0] mshr_cnt_q, mshr_cnt_d;
  // An unpacked array (not one flat vector): keeps each VPI read short.
  logic [IdsW-1:0]       mshr_ids_q [Entries];
  logic [IdsW-1:0]       mshr_ids_d [Entries];
  logic [31:0] cnt_access_q, cnt_access_d, cnt_hit_q, cnt_hit_d, cnt_hitres_q, cnt_hitres_d;
  logic [31:0] cnt_miss_q, cnt_miss_d, cnt_fail_line_q, cnt_fail_line_d, cnt_fail_entry_q, cnt_fail_entry_d;
  logic [31:0] cnt_fail_merge_q, cnt_fail_merge_d, cnt_fail_mq_q, cnt_fail_mq_d, cnt_fail_port_q, cnt_fail_port_d;
  logic [31:0] cnt_byp_q, cnt_byp_d, cnt_fill_q, cnt_fill_d, cnt_pseudo_q, cnt_pseudo_d;

  // ---- helpers --------------------------------------------------------------
  function automatic logic [RB-1:0] touch_row(input logic [RB-1:0] row, input logic [WayW-1:0] way);
    logic [RankW-1:0] rk;
    rk = '0;
    for (int unsigned v = 0; v < Ways; v++) if (WayW'(v) == way) rk = row[v*RankW +: RankW];
    touch_row = row;
    for (int unsigned v = 0; v < Ways; v++) begin
      if (row[v*RankW +: RankW] < rk) touch_row[v*RankW +: RankW] = row[v*RankW +: RankW] + 1'b1;
      if (WayW'(v) == way) touch_row[v*RankW +: RankW] = '0;
    end
  endfunction

  // rank_q holds each way's age rank XOR its way number, so that the
  // all-zero reset state is the permutation "way w has rank w" (every
  // register of the block resets to zero).  The XOR is its own inverse.
  function automatic logic [RB-1:0] rank_dec(input logic [RB-1:0] row);
    for (int unsigned v = 0; v < Ways; v++) rank_dec[v*RankW +: RankW] = row[v*RankW +: RankW] ^ RankW'(v);
  endfunction

  function automatic logic [RowW-1:0] row_of(input logic [SetW-1:0] s, input logic [WayW-1:0] w);
    row_of = RowW'(32'(s) * Ways + 32'(w));
  endfunction

  // ---- set indices -----------------------------------------------------------
  logic [SetW-1:0] fill_set, rel_set, req_set, rmt_set;
  logic [LaW-1:0]  rel_addr, req_line, rmt_line;

  assign req_line = req_addr_i[AddrW-1:OffW];
  assign rmt_line = rmt_addr_i[AddrW-1:OffW];

  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_fill (
    .addr_i(32'({fill_addr_i, {OffW{1'b0}}})), .hash_i(mode_hash_i), .set_o(fill_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_rel (
    .addr_i(32'({rel_addr, {OffW{1'b0}}})), .hash_i(mode_hash_i), .set_o(rel_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_req (
    .addr_i(32'(req_addr_i)), .hash_i(mode_hash_i), .set_o(req_set));
  l1d_index #(.Sets(Sets), .OffW(OffW)) i_idx_rmt (
    .addr_i(32'(rmt_addr_i)), .hash_i(mode_hash_i), .set_o(rmt_set));

  // ---- per-set rows ------------------------------------------------------------
  logic [Ways-1:0] f_valid, f_rsv, f_byp, f_reuse, r_valid, r_rsv, r_byp, r_reuse, m_valid;
  logic [RB-1:0]   f_rank, r_rank;
  always_comb begin
    f_valid = '0; f_rsv = '0; f_byp = '0; f_reuse = '0; f_rank = '0;
    r_valid = '0; r_rsv = '0; r_byp = '0; r_reuse = '0; r_rank = '0; m_valid = '0;
    for (int unsigned s = 0; s < Sets; s++) begin
      if (SetW'(s) == fill_set) begin
        f_valid = valid_q[s*Ways +: Ways];
        f_rsv   = rsv_q[s*Ways +: Ways];
        f_byp   = byp_q[s*Ways +: Ways];
        f_reuse = reuse_q[s*Ways +: Ways];
        f_rank  = rank_dec(rank_q[s*RB +: RB]);
      end
      if (SetW'(s) == req_set) begin
        r_valid = valid_q[s*Ways +: Ways];
        r_rsv   = rsv_q[s*Ways +: Ways];
        r_byp   = byp_q[s*Ways +: Ways];
        r_reuse = reuse_q[s*Ways +: Ways];
        r_rank  = rank_dec(rank_q[s*RB +: RB]);
      end
      if (SetW'(s) == rmt_set) m_valid = valid_q[s*Ways +: Ways];
    end
  end

  // ---- victim choice for the fill set and the request set ---------------------
  logic fv_free_any, fv_found, rv_free_any, rv_found;
  logic [WayW-1:0] fv_way, rv_way;
  l1d_victim #(.Ways(Ways)) i_vict_fill (
    .free_i(~f_valid & ~f_byp & ~f_rsv), .cand_i(~f_rsv), .rank_i(f_rank), .reuse_i(f_reuse),
    .ba_i(1'b0), .thr_i(8'd0), .free_any_o(fv_free_any), .found_o(fv_found), .way_o(fv_way));
  l1d_victim #(.Ways(Ways)) i_vict_req (
    .free_i(~r_valid & ~r_byp & ~r_rsv), .cand_i(~r_rsv), .rank_i(r_rank), .reuse_i(r_reuse),
    .ba_i(mode_ba_i), .thr_i(mode_ba_thr_i), .free_any_o(rv_free_any), .found_o(rv_found), .way_o(rv_way));

  // ---- MSHR searches ----------------------------------------------------------
  logic [Entries-1:0] fm, pm;
  always_comb begin
    for (int unsigned e = 0; e < Entries; e++) begin
      fm[e] = mshr_valid_q[e] && !mshr_rdy_q[e] && (mshr_addr_q[e*LaW +: LaW] == fill_addr_i);
      pm[e] = mshr_valid_q[e] && (mshr_addr_q[e*LaW +: LaW] == req_line);
    end
  end
  logic fill_hit, rel_any, p_hit, free_any;
  logic [EIdxW-1:0] fill_e, rel_e, p_e, free_e;
  logic [Entries-1:0] fm_oh, rel_oh, pm_oh, free_oh;
  prio_enc #(.N(Entries)) i_pe_fill (.req_i(fm), .onehot_o(fm_oh), .idx_o(fill_e), .valid_o(fill_hit));
  prio_enc #(.N(Entries)) i_pe_rel (.req_i(mshr_rdy_q), .onehot_o(rel_oh), .idx_o(rel_e), .valid_o(rel_any));
  prio_enc #(.N(Entries)) i_pe_probe (.req_i(pm), .onehot_o(pm_oh), .idx_o(p_e), .valid_o(p_hit));
  prio_enc #(.N(Entries)) i_pe_free (.req_i(~mshr_valid_q), .onehot_o(free_oh), .idx_o(free_e), .valid_o(free_any));
  // One-hot grants are not needed here (the index is); lint's *unused* rule.
  logic unused_oh;
  assign unused_oh = ^{fm_oh, rel_oh, pm_oh, free_oh, fv_free_any, mq_count};

  // Fields of the selected entries.
  logic [WayW-1:0] fill_e_way, rel_way;
  logic [CntW-1:0] p_cnt, rel_cnt;
  logic [IdW-1:0]  rel_id;
  always_comb begin
    fill_e_way = '0; rel_way = '0; rel_addr = '0; p_cnt = '0; rel_cnt = '0; rel_id = '0;
    for (int unsigned e = 0; e < Entries; e++) begin
      if (EIdxW'(e) == fill_e) fill_e_way = mshr_way_q[e*WayW +: WayW];
      if (EIdxW'(e) == rel_e) begin
        rel_way  = mshr_way_q[e*WayW +: WayW];
        rel_addr = mshr_addr_q[e*LaW +: LaW];
        rel_cnt  = mshr_cnt_q[e*CntW +: CntW];
        rel_id   = mshr_ids_q[e][IdW-1:0];
      end
      if (EIdxW'(e) == p_e) p_cnt = mshr_cnt_q[e*CntW +: CntW];
    end
  end

  // ---- arrays ------------------------------------------------------------------
  logic [Ways*LaW-1:0] tag_rdata, tag_rmt_rdata, tag_wdata;
  logic [Ways-1:0]     tag_wmask;
  logic                tag_we, data_we;
  logic [SetW-1:0]     tag_waddr;
  logic [RowW-1:0]     data_raddr, data_waddr, rmt_raddr;
  logic [LBits-1:0]    data_rdata, data_wdata, data_rmt_rdata;
  logic [Line-1:0]     data_wmask;

  mem_1r1w #(.Depth(Sets), .Width(Ways*LaW), .SliceW(LaW)) i_tags (
    .clk_i, .raddr_i(req_set), .rdata_o(tag_rdata), .we_i(tag_we), .waddr_i(tag_waddr),
    .wdata_i(tag_wdata), .wmask_i(tag_wmask));
  mem_1r1w #(.Depth(Sets), .Width(Ways*LaW), .SliceW(LaW)) i_tags_rmt (
    .clk_i, .raddr_i(rmt_set), .rdata_o(tag_rmt_rdata), .we_i(tag_we), .waddr_i(tag_waddr),
    .wdata_i(tag_wdata), .wmask_i(tag_wmask));
  mem_1r1w #(.Depth(SW), .Width(LBits), .SliceW(8)) i_data (
    .clk_i, .raddr_i(data_raddr), .rdata_o(data_rdata), .we_i(data_we), .waddr_i(data_waddr),
    .wdata_i(data_wdata), .wmask_i(data_wmask));
  mem_1r1w #(.Depth(SW), .Width(LBits), .SliceW(8)) i_data_rmt (
    .clk_i, .raddr_i(rmt_raddr), .rdata_o(data_rmt_rdata), .we_i(data_we), .waddr_i(data_waddr),
    .wdata_i(data_wdata), .wmask_i(data_wmask));

  // ---- miss queue ----------------------------------------------------------------
  logic           mq_push, mq_full, mq_empty;
  logic [MqW-1:0] mq_wdata, mq_rdata;
  logic [$clog2(MissQ+1)-1:0] mq_count;
  fifo_sync #(.Depth(MissQ), .Width(MqW)) i_missq (
    .clk_i, .rst_ni, .push_i(mq_push), .wdata_i(mq_wdata), .pop_i(mem_req_ready_i),
    .rdata_o(mq_rdata), .full_o(mq_full), .empty_o(mq_empty), .count_o(mq_count));
  assign mem_req_valid_o = !mq_empty;
  assign mem_req_store_o = mq_rdata[0];
  assign mem_req_byp_o   = mq_rdata[1];
  assign mem_req_id_o    = mq_rdata[2 +: IdW];
  assign mem_req_addr_o  = mq_rdata[2 + IdW +: LaW];
  assign mem_req_mask_o  = mq_rdata[2 + IdW + LaW +: Line];
  assign mem_req_data_o  = mq_rdata[2 + IdW + LaW + Line +: LBits];

  // ---- the cycle ----------------------------------------------------------------
  logic fill_go, fill_byp_go, fill_line_go, rel_go, go, mhit, vm, rm, bm, p_full, rsp_busy, stall;
  logic [WayW-1:0] fill_way, mw, touch_way, new_way;
  logic [SetW-1:0] touch_set;
  logic            touch_en;
  logic [3:0]      act;
  logic [1:0]      outc;
  logic [2:0]      fail;
  logic [CntW-1:0] c;
  logic            rhit;
  logic [WayW-1:0] rway;

  // Fill, release and tag probe: their own block, so the data-array read
  // address does not depend on the block that consumes the read data.
  always_comb begin
    // ---- fill path
    fill_ready_o = fill_byp_i || !mode_alloc_i || fv_found;
    fill_go      = fill_valid_i && fill_ready_o;
    fill_byp_go  = fill_go && fill_byp_i;
    fill_line_go = fill_go && !fill_byp_i && fill_hit;
    fill_way     = mode_alloc_i ? fv_way : fill_e_way;

    // ---- release path
    rel_go = rel_any && !fill_byp_go;

    // ---- request probe
    mhit = 1'b0;
    mw   = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if ((r_valid[w] || r_rsv[w] || r_byp[w]) && (tag_rdata[w*LaW +: LaW] == req_line) && !mhit) begin
        mhit = 1'b1;
        mw   = WayW'(w);
      end
    end
    vm = 1'b0; rm = 1'b0; bm = 1'b0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if (WayW'(w) == mw) begin
        vm = mhit && r_valid[w];
        rm = mhit && r_rsv[w];
        bm = mhit && r_byp[w];
      end
    end
  end
  assign data_raddr = rel_go ? row_of(rel_set, rel_way) : row_of(req_set, mw);

  always_comb begin
    // defaults: hold every register
    valid_d = valid_q; rsv_d = rsv_q; byp_d = byp_q; reuse_d = reuse_q; rank_d = rank_q;
    mshr_valid_d = mshr_valid_q; mshr_rdy_d = mshr_rdy_q; mshr_addr_d = mshr_addr_q;
    mshr_way_d = mshr_way_q; mshr_cnt_d = mshr_cnt_q;
    for (int unsigned e = 0; e < Entries; e++) mshr_ids_d[e] = mshr_ids_q[e];
    cnt_access_d = cnt_access_q; cnt_hit_d = cnt_hit_q; cnt_hitres_d = cnt_hitres_q; cnt_miss_d = cnt_miss_q;
    cnt_fail_line_d = cnt_fail_line_q; cnt_fail_entry_d = cnt_fail_entry_q; cnt_fail_merge_d = cnt_fail_merge_q;
    cnt_fail_mq_d = cnt_fail_mq_q; cnt_fail_port_d = cnt_fail_port_q; cnt_byp_d = cnt_byp_q;
    cnt_fill_d = cnt_fill_q; cnt_pseudo_d = cnt_pseudo_q;
    tag_we = 1'b0; tag_waddr = req_set; tag_wdata = {Ways{req_line}}; tag_wmask = '0;
    data_we = 1'b0; data_waddr = '0; data_wdata = fill_data_i; data_wmask = '1;
    touch_en = 1'b0; touch_set = req_set; touch_way = '0;

    p_full   = 32'(p_cnt) >= Merge;
    rsp_busy = rel_any;

    outc = l1sys_pkg::L1D_OUT_MISS;
    fail = l1sys_pkg::L1D_FAIL_NONE;
    act  = ACT_NONE;
    if (fill_go) begin
      fail = l1sys_pkg::L1D_FAIL_PORT_BUSY;
    end else if (req_store_i) begin
      outc = vm ? l1sys_pkg::L1D_OUT_HIT : rm ? l1sys_pkg::L1D_OUT_HIT_RESERVED : l1sys_pkg::L1D_OUT_MISS;
      act  = vm ? ACT_ST_HIT : ACT_ST_FWD;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
    end else if (req_byp_i) begin
      act = ACT_BYP_LD;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
    end else if (vm) begin
      outc = l1sys_pkg::L1D_OUT_HIT;
      act  = ACT_LD_HIT;
      if (rsp_busy) fail = l1sys_pkg::L1D_FAIL_PORT_BUSY;
    end else if (rm) begin
      outc = l1sys_pkg::L1D_OUT_HIT_RESERVED;
      act  = ACT_MERGE_T;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!p_hit || p_full) fail = l1sys_pkg::L1D_FAIL_MSHR_MERGE;
    end else if (bm) begin
      act = ACT_PSEUDO;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end else if (p_hit) begin
      act = ACT_MERGE;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (p_full) fail = l1sys_pkg::L1D_FAIL_MSHR_MERGE;
    end else if (mode_alloc_i) begin
      act = ACT_NEWENT;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end else if (mode_ba_i && !rv_free_any) begin
      act = ACT_BA_BYP;
      if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
    end else begin
      act = ACT_ALLOC;
      if (!rv_found) fail = l1sys_pkg::L1D_FAIL_LINE_ALLOC;
      else if (mq_full) fail = l1sys_pkg::L1D_FAIL_MISS_QUEUE;
      else if (!free_any) fail = l1sys_pkg::L1D_FAIL_MSHR_ENTRY;
    end
    if (fail != l1sys_pkg::L1D_FAIL_NONE) outc = l1sys_pkg::L1D_OUT_RES_FAIL;
    req_outcome_o = outc;
    req_fail_o    = fail;
    req_ready_o   = (fail == l1sys_pkg::L1D_FAIL_NONE);
    go            = req_valid_i && req_ready_o;
    if (!go) act = ACT_NONE;

    // ---- data read port and response
    rsp_valid_o = 1'b0;
    rsp_id_o    = '0;
    rsp_data_o  = '0;
    if (fill_byp_go) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = fill_id_i;
      rsp_data_o  = fill_data_i;
    end else if (rel_go) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = rel_id;
      rsp_data_o  = data_rdata;
    end else if (act == ACT_LD_HIT) begin
      rsp_valid_o = 1'b1;
      rsp_id_o    = req_id_i;
      rsp_data_o  = data_rdata;
    end

    // ---- fill updates
    if (fill_line_go) begin
      data_we    = 1'b1;
      data_waddr = row_of(fill_set, fill_way);
      data_wdata = fill_data_i;
      data_wmask = '1;
      for (int unsigned b = 0; b < SW; b++) begin
        if (b == 32'(row_of(fill_set, fill_way))) begin
          valid_d[b] = 1'b1;
          rsv_d[b]   = 1'b1;
          byp_d[b]   = 1'b0;
          if (mode_alloc_i) reuse_d[b] = 1'b0;
        end
      end
      for (int unsigned e = 0; e < Entries; e++) begin
        if (EIdxW'(e) == fill_e) begin
          mshr_rdy_d[e] = 1'b1;
          if (mode_alloc_i) mshr_way_d[e*WayW +: WayW] = fill_way;
        end
      end
      if (mode_alloc_i) begin
        tag_we    = 1'b1;
        tag_waddr = fill_set;
        tag_wdata = {Ways{fill_addr_i}};
        tag_wmask = Ways'(1) << fill_way;
        touch_en  = 1'b1;
        touch_set = fill_set;
        touch_way = fill_way;
      end
    end

    // ---- release updates
    if (rel_go) begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (EIdxW'(e) == rel_e) begin
          mshr_ids_d[e] = mshr_ids_q[e] >> IdW;
          mshr_cnt_d[e*CntW +: CntW] = rel_cnt - 1'b1;
        end
      end
    end

    // ---- request updates
    if (act == ACT_ST_HIT) begin
      if (mode_wr_i) begin
        data_we    = 1'b1;
        data_waddr = row_of(req_set, mw);
        data_wdata = req_data_i;
        data_wmask = req_mask_i;
      end else begin
        for (int unsigned b = 0; b < SW; b++) if (b == 32'(row_of(req_set, mw))) valid_d[b] = 1'b0;
      end
      if (!mode_repl_i) begin
        touch_en  = 1'b1;
        touch_way = mw;
      end
      if (mode_ba_i) for (int unsigned b = 0; b < SW; b++) if (b == 32'(row_of(req_set, mw))) reuse_d[b] = 1'b1;
    end
    if (act == ACT_LD_HIT || act == ACT_MERGE_T) begin
`ifdef FAULT_L1D_LRU_SKIP
      // Injected fault: a load hit does not refresh the LRU rank.
      if (!mode_repl_i && act == ACT_MERGE_T) begin
`else
      if (!mode_repl_i) begin
`endif
        touch_en  = 1'b1;
        touch_way = mw;
      end
      if (mode_ba_i) for (int unsigned b = 0; b < SW; b++) if (b == 32'(row_of(req_set, mw))) reuse_d[b] = 1'b1;
    end
    c = '0;
    if (act == ACT_MERGE_T || act == ACT_MERGE) begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (EIdxW'(e) == p_e) begin
          c = mshr_cnt_d[e*CntW +: CntW];  // after this cycle's release
          for (int unsigned k = 0; k < Merge; k++)
            if (CntW'(k) == c) mshr_ids_d[e][k*IdW +: IdW] = req_id_i;
          mshr_cnt_d[e*CntW +: CntW] = c + 1'b1;
        end
      end
    end
    new_way = (act == ACT_PSEUDO) ? mw : (act == ACT_ALLOC) ? rv_way : '0;
    if (act == ACT_PSEUDO || act == ACT_NEWENT || act == ACT_ALLOC) begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (EIdxW'(e) == free_e) begin
          mshr_valid_d[e]                = 1'b1;
          mshr_rdy_d[e]                  = 1'b0;
          mshr_addr_d[e*LaW +: LaW]      = req_line;
          mshr_way_d[e*WayW +: WayW]     = new_way;
          mshr_cnt_d[e*CntW +: CntW]     = CntW'(1);
          mshr_ids_d[e]                  = IdsW'(req_id_i);
        end
      end
    end
    if (act == ACT_PSEUDO) begin
      for (int unsigned b = 0; b < SW; b++) begin
        if (b == 32'(row_of(req_set, mw))) begin
          rsv_d[b]   = 1'b1;
          byp_d[b]   = 1'b0;
          reuse_d[b] = 1'b1;
        end
      end
      touch_en  = 1'b1;
      touch_way = mw;
    end
    if (act == ACT_ALLOC || (act == ACT_BA_BYP && rv_found)) begin
      tag_we    = 1'b1;
      tag_waddr = req_set;
      tag_wdata = {Ways{req_line}};
      tag_wmask = Ways'(1) << rv_way;
      for (int unsigned b = 0; b < SW; b++) begin
        if (b == 32'(row_of(req_set, rv_way))) begin
          valid_d[b] = 1'b0;
          rsv_d[b]   = (act == ACT_ALLOC);
          byp_d[b]   = (act == ACT_BA_BYP);
          reuse_d[b] = 1'b0;
        end
      end
      touch_en  = 1'b1;
      touch_way = rv_way;
    end
    mq_push = (act == ACT_ST_HIT) || (act == ACT_ST_FWD) || (act == ACT_BYP_LD) || (act == ACT_PSEUDO) ||
              (act == ACT_NEWENT) || (act == ACT_BA_BYP) || (act == ACT_ALLOC);

    // ---- an entry frees after its last release
    if (rel_go) begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (EIdxW'(e) == rel_e && mshr_cnt_d[e*CntW +: CntW] == '0) begin
          mshr_valid_d[e] = 1'b0;
          mshr_rdy_d[e]   = 1'b0;
          for (int unsigned b = 0; b < SW; b++) if (b == 32'(row_of(rel_set, rel_way))) rsv_d[b] = 1'b0;
        end
      end
    end

    // ---- LRU/FIFO rank: at most one touch per cycle
    if (touch_en) begin
      for (int unsigned s = 0; s < Sets; s++)
        if (SetW'(s) == touch_set) rank_d[s*RB +: RB] = rank_dec(touch_row(rank_dec(rank_q[s*RB +: RB]), touch_way));
    end

    // ---- miss-queue entry: {data, mask, line, id, bypass, store}
    mq_wdata = {req_store_i ? req_data_i : {LBits{1'b0}}, req_store_i ? req_mask_i : {Line{1'b0}}, req_line,
                req_id_i, (act == ACT_BYP_LD) || (act == ACT_BA_BYP), req_store_i};

    // ---- events and counters
    stall       = req_valid_i && !req_ready_o;
    ev_access_o = go;
    ev_hit_o    = go && (outc == l1sys_pkg::L1D_OUT_HIT);
    ev_hitres_o = go && (outc == l1sys_pkg::L1D_OUT_HIT_RESERVED);
    ev_miss_o   = go && (outc == l1sys_pkg::L1D_OUT_MISS);
    ev_stall_o  = stall;
    ev_byp_o    = (act == ACT_BYP_LD) || (act == ACT_BA_BYP);
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
    cnt_byp_d        = cnt_byp_q + 32'(ev_byp_o);
    cnt_fill_d       = cnt_fill_q + 32'(ev_fill_o);
    cnt_pseudo_d     = cnt_pseudo_q + 32'(ev_pseudo_o);
  end

  // ---- registers -------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0; rsv_q <= '0; byp_q <= '0; reuse_q <= '0; rank_q <= '0;
      mshr_valid_q <= '0; mshr_rdy_q <= '0; mshr_addr_q <= '0; mshr_way_q <= '0; mshr_cnt_q <= '0;
      for (int unsigned e = 0; e < Entries; e++) mshr_ids_q[e] <= '0;
      cnt_access_q <= '0; cnt_hit_q <= '0; cnt_hitres_q <= '0; cnt_miss_q <= '0; cnt_fail_line_q <= '0;
      cnt_fail_entry_q <= '0; cnt_fail_merge_q <= '0; cnt_fail_mq_q <= '0; cnt_fail_port_q <= '0;
      cnt_byp_q <= '0; cnt_fill_q <= '0; cnt_pseudo_q <= '0;
    end else begin
      valid_q <= valid_d; rsv_q <= rsv_d; byp_q <= byp_d; reuse_q <= reuse_d; rank_q <= rank_d;
      mshr_valid_q <= mshr_valid_d; mshr_rdy_q <= mshr_rdy_d; mshr_addr_q <= mshr_addr_d;
      mshr_way_q <= mshr_way_d; mshr_cnt_q <= mshr_cnt_d;
      for (int unsigned e = 0; e < Entries; e++) mshr_ids_q[e] <= mshr_ids_d[e];
      cnt_access_q <= cnt_access_d; cnt_hit_q <= cnt_hit_d; cnt_hitres_q <= cnt_hitres_d;
      cnt_miss_q <= cnt_miss_d; cnt_fail_line_q <= cnt_fail_line_d; cnt_fail_entry_q <= cnt_fail_entry_d;
      cnt_fail_merge_q <= cnt_fail_merge_d; cnt_fail_mq_q <= cnt_fail_mq_d; cnt_fail_port_q <= cnt_fail_port_d;
      cnt_byp_q <= cnt_byp_d; cnt_fill_q <= cnt_fill_d; cnt_pseudo_q <= cnt_pseudo_d;
    end
  end

`ifndef SYNTHESIS
  // A non-bypassed fill must find its MSHR entry; a reserved tag match must have one.
  always_ff @(posedge clk_i) begin
    if (fill_valid_i && fill_ready_o && !fill_byp_i && !fill_hit)
      $error("l1d: fill for line %h has no pending MSHR entry", fill_addr_i);
  end
`endif
endmodule
