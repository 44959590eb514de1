// shell_l2 -- one L2 bank of the GPU shell: a memory sub-partition, as
// GPGPU-Sim's memory_sub_partition (docs/shell.md, "Memory side: throughput
// and latency").  A request queue that is also the ROP delay line (a request
// is stamped cycle + Lat as it enters and reaches the tags once its stamp is
// reached: latency is a pipeline and never caps bandwidth), one tag access a
// cycle (a line back from DRAM has priority over the next request), Sets x
// Ways tags with LRU by last-use stamp, the set index of the bank-local line
// (line / NB) LINEAR or IPOLY, hits and fills answered the cycle after their
// tag access through a response queue, load misses sent to the DRAM channel
// of the environment; stores written through (WBack = 0: no allocate) or
// back (WBack = 1: a store allocates its line dirty, a dirty victim is
// written back to DRAM before its way is reused).
//
// Two stages (docs/shell.md, "L2 bank: SRAM tag and recency arrays"):
//   read    an access (a DRAM fill, else the replayed request, else the
//           request queue's head once out of the ROP delay) reads its set's
//           tag row and recency row from the SRAM macros i_tags / i_lru
//           (mem_1r1w_sync) and enters dec_*;
//   decide  the next cycle: hit, victim, DRAM request, response, tag write.
// The decide stage never holds an access: a request that cannot finish
// (response queue full, DRAM not ready) moves to the replay slot rp_* and is
// read again (it keeps its place: requests issue from rp_* before the queue);
// a fill that cannot finish (response queue full, or DRAM not ready for its
// victim's write-back) is left with DRAM (ready low) and read again.  A fill
// is taken from DRAM (dram_rsp_ready_o) in its decide cycle, and only if
// DRAM still offers the same line.
// Hazard: an access read in a cycle whose decide stage writes the same set
// gets the old row (mem_1r1w_sync reads before the write); the write is
// forwarded (fw_*: the way written, the most recently used; its tag when allocated)
// and the next decide stage sees it over the row, so no access waits.
// valid_q and dirty_q stay in flops (reset to clean invalid; an SRAM has no
// reset).
//
// Ports (valid/ready: a transfer happens in a cycle where both are high):
//   req_*       from the request crossbar; req_ready_o: request queue not full.
//   rsp_*       the response queue's head.
//   dram_req_*  the decided request when it is a load miss or a written-
//               through store, or a dirty victim's write-back (store, line =
//               the victim's tag, sm/id/byp zero).  A transfer is valid &&
//               ready, or valid in the cycle a fill is taken
//               (dram_rsp_ready_o): a fill's write-back takes the fill's
//               entry in the channel, so it never waits for room.
//               dram_req_set_o: the line's set in this bank, which DRAM
//               hands back with the line (dram_rsp_set_i), as GPGPU-Sim's
//               mem_fetch carries its partition address there and back.
//   dram_rsp_*  a line from DRAM (its payload held while valid): allocated
//               (victim: lowest invalid way, else the least recently used:
//               the recency matrix i_lru) and answered the cycle after its
//               decide stage.
// Request-queue entries {set, ts, byp, store, id, sm, line}, line at bit 0;
// response-queue entries {byp, store, id, sm, line}.
//
// The set index is of the bank-local line, line / NB: a divider by a
// constant (about 7.5 ns at NB = 6) that must never sit on a path through
// the bank's arrays.  So the bank divides each line once, where it enters
// from a port, and carries the set with it: a request's set is computed as
// it is pushed into the request queue (req_line_i -> set -> the queue's
// write port, a path with nothing after the divider) and kept in the entry,
// in the replay slot (rp_set_q) and in the decide stage (dec_set_q); a load
// miss sends its set to DRAM, which returns it with the fill
// (dram_rsp_set_i), so a returning line is never divided.  docs/shell.md,
// "L2 bank: SRAM tag and recency arrays", "The set carried with the line".
// C mirror: csim/shell/shell_l2.{h,c} (same names, same statement order).
module shell_l2 #(
  /// Sets (power of two).
  parameter int unsigned Sets = l1sys_pkg::SHELL_L2_SETS,
  /// Ways per set.
  parameter int unsigned Ways = l1sys_pkg::SHELL_L2_WAYS,
  /// ROP latency in cycles (a request's arrival to its earliest tag access).
  parameter int unsigned Lat  = l1sys_pkg::SHELL_L2_ROP_LAT,
  /// Request-queue entries (the ROP delay line plus the icnt->L2 queue).
  parameter int unsigned ReqQ = l1sys_pkg::SHELL_L2_ROP_LAT + l1sys_pkg::SHELL_L2_Q,
  /// Response-queue entries.
  parameter int unsigned RspQ = l1sys_pkg::SHELL_L2_RSPQ,
  /// Banks of the shell (the set index is of line / NB).
  parameter int unsigned NB   = l1sys_pkg::SHELL_L2_BANKS,
  /// Set index: l1sys_pkg::SHELL_L2_SET_IDX_LINEAR or _IPOLY.
  parameter int unsigned SetIdx = l1sys_pkg::SHELL_L2_SET_IDX,
  /// Write-back (1) or write-through (0): l1sys_pkg::SHELL_L2_WRITE_*.
  parameter int unsigned WBack = l1sys_pkg::SHELL_L2_WRITE,
  /// Address bits of a message: the L1D's atom (a line, or a sector).
  parameter int unsigned LaW  = l1sys_pkg::L1D_ADDR_W - $clog2(l1sys_pkg::L1D_LINE) + $clog2(l1sys_pkg::L1D_SECTORS),
  /// log2 of the sectors per line: the bank keeps lines, atom >> SectW.
  parameter int unsigned SectW = $clog2(l1sys_pkg::L1D_SECTORS),
  /// Request-id bits.
  parameter int unsigned IdW  = l1sys_pkg::L1D_ID_W,
  /// SM-number bits.
  parameter int unsigned SmW  = (l1sys_pkg::SHELL_SMS > 1) ? $clog2(l1sys_pkg::SHELL_SMS) : 1,
  /// Derived: do not override.
  localparam int unsigned SetW = (Sets > 1) ? $clog2(Sets) : 1,
  /// Derived: do not override.
  localparam int unsigned MsgW = LaW + SmW + IdW + 2 + 32
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           req_valid_i,
  output logic           req_ready_o,
  input  logic [SmW-1:0] req_sm_i,
  input  logic [LaW-1:0] req_line_i,
  input  logic [IdW-1:0] req_id_i,
  input  logic           req_store_i,
  input  logic           req_byp_i,
  output logic           rsp_valid_o,
  input  logic           rsp_ready_i,
  output logic [SmW-1:0] rsp_sm_o,
  output logic [LaW-1:0] rsp_line_o,
  output logic [IdW-1:0] rsp_id_o,
  output logic           rsp_byp_o,
  output logic           dram_req_valid_o,
  input  logic           dram_req_ready_i,
  output logic [SmW-1:0] dram_req_sm_o,
  output logic [LaW-1:0] dram_req_line_o,
  output logic [IdW-1:0] dram_req_id_o,
  output logic           dram_req_store_o,
  output logic           dram_req_byp_o,
  input  logic           dram_rsp_valid_i,
  output logic           dram_rsp_ready_o,
  input  logic [SmW-1:0] dram_rsp_sm_i,
  input  logic [LaW-1:0] dram_rsp_line_i,
  input  logic [IdW-1:0] dram_rsp_id_i,
  input  logic           dram_rsp_byp_i,
  output logic [SetW-1:0] dram_req_set_o,
  input  logic [SetW-1:0] dram_rsp_set_i
);
  localparam int unsigned WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam int unsigned OSm = LaW, OId = LaW + SmW, OSt = LaW + SmW + IdW, OByp = OSt + 1, OTs = OSt + 2;
  localparam int unsigned BodyW = MsgW - 32;  // a message without its stamp
  localparam int unsigned TlW = LaW - SectW;   // a tag: the line of an atom
  localparam int unsigned NSec = 1 << SectW;   // sectors per line
  localparam int unsigned RqW  = MsgW + SetW;   // a request-queue entry: the message, its stamp, its set
  // The recency matrix: a bit per pair of ways (a row of i_lru; one way:
  // one unused bit, an SRAM has a width).
  localparam int unsigned LruW = (Ways > 1) ? Ways * (Ways - 1) / 2 : 1;

  // ---- registers ----------------------------------------------------------
  logic [NSec-1:0] valid_q [Sets][Ways];  // a bit per sector (one: a line L1D)
  logic [NSec-1:0] valid_d [Sets][Ways];
  logic           dirty_q [Sets][Ways];
  logic           dirty_d [Sets][Ways];
  // The same bits as packed vectors (wires): the decide stage reads its set's
  // row with one packed select, valid_all[set], and writes one element
  // (vd_we, vd_way) through a per-element compare in gen_set.  Coded so for
  // Yosys: a read or write of valid_q[set][w] with a variable set becomes a
  // Sets x Ways case per access (mem2reg): at 64 x 16 the default bank had
  // done 703 of proc_mux's 6386 signals after 188 s (docs/synthesis.md,
  // "shell_l2 and shell_sm").
  logic [Sets*Ways*NSec-1:0] valid_all;  // element (s, w) at (s*Ways + w)*NSec
  logic [Sets*Ways-1:0]      dirty_all;  // element (s, w) at s*Ways + w
  logic [Ways*NSec-1:0]      vrow;       // valid_q[set][w] at w*NSec
  logic [Ways-1:0]           drow;       // dirty_q[set][w] at w
  logic                      vd_we;    // valid_d/dirty_d[set][vd_way] = vd_valid/vd_dirty
  logic [NSec-1:0]           vd_valid;
  logic                      vd_dirty;
  logic [31:0]    cyc_q, cyc_d;
  // hit, miss (line absent), store, fill, write-back, sector miss (line
  // present, sector not: GPGPU-Sim's SECTOR_MISS); C: L2C_* in shell_l2.h
  logic [31:0]    cnt_q [6];
  logic [31:0]    cnt_d [6];
  // decide stage: the access read at the last edge
  logic             dec_valid_q, dec_valid_d, dec_fill_q, dec_fill_d;
  logic [BodyW-1:0] dec_msg_q, dec_msg_d;
  logic [SetW-1:0]  dec_set_q, dec_set_d;  // its set (held while the stage is empty)
  // replay slot: a request whose decide stage could not finish
  logic             rp_valid_q, rp_valid_d;
  logic [BodyW-1:0] rp_msg_q, rp_msg_d;
  logic [SetW-1:0]  rp_set_q, rp_set_d;
  // same-set forward: the decide stage's rows were read at the edge that
  // wrote way fw_way_q of its set (the most recently used; its tag fw_tag_q
  // if fw_tagw_q)
  logic             fw_v_q, fw_v_d, fw_tagw_q, fw_tagw_d;
  logic [WayW-1:0]  fw_way_q, fw_way_d;
  logic [TlW-1:0]   fw_tag_q, fw_tag_d;

  // ---- tag and recency arrays: SRAM macros, one row per set -------------
  // i_tags: Ways slices of a tag.  i_lru: the recency matrix, one bit per
  // pair of ways (i, j), i < j, at lru_bit(i, j), set when way i was used
  // more recently than way j; bit-write slices (a touch writes its way's
  // Ways - 1 pairs).  C: shell_l2_lru_bit (the same formula).
  logic                 ta_re;
  logic [SetW-1:0]      ta_raddr, ta_waddr;
  logic [Ways*TlW-1:0]  tag_row, tag_wdata;
  logic [LruW-1:0]      lru_row, lru_wdata, lru_wmask;
  logic                 tag_we, lru_we;
  logic [Ways-1:0]      tag_wmask;
  mem_1r1w_sync #(.Depth(Sets), .Width(Ways * TlW), .SliceW(TlW)) i_tags (
    .clk_i, .re_i(ta_re), .raddr_i(ta_raddr), .rdata_o(tag_row),
    .we_i(tag_we), .waddr_i(ta_waddr), .wdata_i(tag_wdata), .wmask_i(tag_wmask));
  mem_1r1w_sync #(.Depth(Sets), .Width(LruW), .SliceW(1)) i_lru (
    .clk_i, .re_i(ta_re), .raddr_i(ta_raddr), .rdata_o(lru_row),
    .we_i(lru_we), .waddr_i(ta_waddr), .wdata_i(lru_wdata), .wmask_i(lru_wmask));
  // A stamp is due when $signed(ts - now) <= 0 (the stamps wrap at 2^32):
  // ts == now, or the difference's sign bit, ts[31] ^ now[31] ^ the borrow
  // out of bits 30..0, that is ts[30:0] < now[30:0].  The compare is a
  // prefix tree (log2 32 = 5 levels of "less here, or equal here and less
  // below"), not the ripple borrow chain Yosys maps a subtraction to: it
  // follows the request queue's SRAM read on the bank's critical path
  // (docs/results/synthesis.md, "The L2's LRU as a recency matrix").  The C
  // model: shell_l2_head_ready's subtraction.
  function automatic logic lt31(input logic [30:0] a, input logic [30:0] b);
    logic [31:0] l, e;  // node i of level s: bits i .. i+s-1 less / equal
    l = {1'b0, ~a & b};
    e = {1'b1, ~(a ^ b)};
    for (int unsigned s = 1; s < 32; s = s * 2)
      for (int unsigned i = 0; i + s < 32; i = i + 2 * s) begin
        l[i] = l[i + s] | (e[i + s] & l[i]);
        e[i] = e[i + s] & e[i];
      end
    lt31 = l[0];
  endfunction
  function automatic logic due(input logic [31:0] ts, input logic [31:0] now);
    due = ts == now || (ts[31] ^ now[31] ^ lt31(ts[30:0], now[30:0]));
  endfunction
  function automatic int unsigned lru_bit(input int unsigned i, input int unsigned j);
    lru_bit = i * (2 * Ways - i - 1) / 2 + (j - i - 1);
  endfunction

  // ---- queues -------------------------------------------------------------
  logic            rq_push, rq_pop, rq_full, rq_empty;
  logic [RqW-1:0]  rq_wdata, rq_rdata;
  logic [$clog2(ReqQ+1)-1:0] rq_count;
  fifo_sync #(.Depth(ReqQ), .Width(RqW)) i_reqq (
    .clk_i, .rst_ni, .push_i(rq_push), .wdata_i(rq_wdata), .pop_i(rq_pop),
    .rdata_o(rq_rdata), .full_o(rq_full), .empty_o(rq_empty), .count_o(rq_count));
  logic             rs_push, rs_pop, rs_full, rs_empty;
  logic [BodyW-1:0] rs_wdata, rs_rdata;
  logic [$clog2(RspQ+1)-1:0] rs_count;
  fifo_sync #(.Depth(RspQ), .Width(BodyW)) i_rspq (
    .clk_i, .rst_ni, .push_i(rs_push), .wdata_i(rs_wdata), .pop_i(rs_pop),
    .rdata_o(rs_rdata), .full_o(rs_full), .empty_o(rs_empty), .count_o(rs_count));

  // Of the bank-local line (line / NB, as GPGPU-Sim indexes an L2 with the
  // partition address): LINEAR its low bits, IPOLY its remainder modulo the
  // polynomial of degree SetW over GF(2) (l1sys_pkg::ipoly_mod, the RTL's one
  // IPOLY, shared with the L1D; a constant XOR network).  Used once, on the
  // request port (above: the set travels with the request).
  function automatic logic [SetW-1:0] set_idx(input logic [TlW-1:0] line);
    logic [TlW-1:0] x;
    x = line / TlW'(NB);
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L2_IPOLY) begin end  // fault: IPOLY reads as LINEAR
    else
`endif
    if (SetIdx == l1sys_pkg::SHELL_L2_SET_IDX_IPOLY && Sets > 1)
      x = TlW'(l1sys_pkg::ipoly_mod(32'(x), TlW, SetW));
    set_idx = (Sets > 1) ? x[SetW-1:0] : '0;
  endfunction

  logic            lhit;          // the decide stage's line is present (hit: and its sector)
  logic [NSec-1:0] sbit;          // the atom's sector
  logic            fill, look, hit, vfound, ld_hit, ld_miss, st, fill_go, hit_go, st_go, dram_go, touch, alloc, replay;
  logic            vdirty, wb_fill, wb_st, wb, rq_ready;
  logic            a_fill, a_req;
  logic [LaW-1:0]  line;        // the decide stage's atom
  logic [TlW-1:0]  tline, vtag;  // its line (the tag); the victim's tag
  logic [SetW-1:0] set, f_set, r_set;
  logic [BodyW-1:0] r_msg;
  logic [WayW-1:0] hway, vway;
  logic [Ways-1:0] hoh, voh, ioh;  // the same ways one-hot (ioh: the lowest invalid way)
  logic [Ways-1:0] lru_c;         // the ways older than every other (at most one)
  logic [Ways-1:0] woh;           // the way this cycle touches (one-hot)
  logic [31:0]     h_ts;
  logic [Ways*TlW-1:0] tag_eff;  // the rows as the decide stage sees them
  logic [LruW-1:0]     lru_eff;  // (the forward over the SRAM's rows)

  always_comb begin
    cyc_d   = cyc_q + 32'd1;
    h_ts    = rq_rdata[OTs +: 32];
    // the request queue's head has come out of the ROP delay
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L2_LAT) rq_ready = !rq_empty && due(h_ts, cyc_q + 32'd1);  // fault: a cycle early
    else
`endif
    rq_ready = !rq_empty && due(h_ts, cyc_q);
    // ---- decide: the access read at the last edge, its set's rows ----
    line  = dec_msg_q[LaW-1:0];
    tline = line[LaW-1:SectW];
    sbit  = NSec'(1) << (32'(line) & (NSec - 1));
    set   = dec_set_q;
    vrow  = valid_all[set*Ways*NSec +: Ways*NSec];
    drow  = dirty_all[set*Ways +: Ways];
    tag_eff = tag_row;
    lru_eff = lru_row;
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel != ls_fault_pkg::FAULT_SHELL_L2_SAMESET)  // fault: the write of the last edge is not forwarded
`endif
    if (fw_v_q) begin
      // way fw_way_q the most recently used: its pairs as the write set them
      for (int unsigned i = 0; i < Ways; i++)
        for (int unsigned j = i + 1; j < Ways; j++) begin
          if (WayW'(i) == fw_way_q) lru_eff[lru_bit(i, j)] = 1'b1;
          if (WayW'(j) == fw_way_q) lru_eff[lru_bit(i, j)] = 1'b0;
        end
      if (fw_tagw_q) tag_eff[fw_way_q*TlW +: TlW] = fw_tag_q;
    end
    lhit = 1'b0;
    hway = '0;
    hoh  = '0;
    for (int unsigned w = 0; w < Ways; w++)
      if (vrow[w*NSec +: NSec] != '0 && tag_eff[w*TlW +: TlW] == tline && !lhit) begin
        lhit = 1'b1;
        hway = WayW'(w);
        hoh[w] = 1'b1;
      end
    // a hit: the line is present and so is the atom's sector
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L2_SECT) hit = lhit;  // fault: a present line hits for every sector
    else
`endif
    hit  = lhit && (vrow[hway*NSec +: NSec] & sbit) != '0;
    vfound = 1'b0;
    vway   = '0;
    ioh    = '0;
    for (int unsigned w = 0; w < Ways; w++)
`ifdef LS_FAULTS
      if (vrow[w*NSec +: NSec] == '0 && (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L2_VICTIM || !vfound)) begin  // fault: the highest invalid way
`else
      if (vrow[w*NSec +: NSec] == '0 && !vfound) begin
`endif
        vfound = 1'b1;
        vway   = WayW'(w);
        ioh    = '0;
        ioh[w] = 1'b1;
      end
    // else the least recently used way: the one older than every other,
    // each way tested at once (an AND of its Ways - 1 pairs: no compare, no
    // priority -- two ways cannot each be older than the other, so lru_c
    // is one-hot or zero).  Zero only for a row no sequence of touches
    // makes (--rand-init): way 0.  The C model finds the same way by a scan
    // and a check (lru_victim).
    for (int unsigned w = 0; w < Ways; w++) begin
      lru_c[w] = 1'b1;
      for (int unsigned k = 0; k < Ways; k++)
        if (k < w)      lru_c[w] = lru_c[w] && lru_eff[lru_bit(k, w)];
        else if (k > w) lru_c[w] = lru_c[w] && !lru_eff[lru_bit(w, k)];
    end
    if (lru_c == '0) lru_c[0] = 1'b1;
    voh = vfound ? ioh : lru_c;
    if (!vfound)
      for (int unsigned w = 0; w < Ways; w++)
        if (lru_c[w]) vway = WayW'(w);
    // a valid victim that is dirty must be written back before its way is
    // reused (AND-OR selects by the one-hot victim)
    vdirty  = 1'b0;
    vtag    = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      vdirty = vdirty || (voh[w] && vrow[w*NSec +: NSec] != '0 && drow[w]);
      vtag   = vtag | (tag_eff[w*TlW +: TlW] & {TlW{voh[w]}});
    end
    vdirty  = WBack != 0 && vdirty;
    // a fill finishes only while DRAM still offers its line
    fill    = dec_valid_q && dec_fill_q && dram_rsp_valid_i && dram_rsp_line_i == line;
    look    = dec_valid_q && !dec_fill_q;
    ld_hit  = look && !dec_msg_q[OSt] && hit;
    ld_miss = look && !dec_msg_q[OSt] && !hit;
    st      = look && dec_msg_q[OSt];
    wb_fill = fill && !lhit && vdirty;
    wb_st   = st && WBack != 0 && !lhit && vdirty;
    dram_req_valid_o = ld_miss || (st && WBack == 0) || (wb_fill && !rs_full) || wb_st;
    // a fill's write-back takes the fill's entry in the DRAM channel: the
    // channel accepts it in the cycle it hands over the fill, full or not,
    // so a fill waits for the response queue only
    fill_go = fill && !rs_full;
    dram_go = dram_req_valid_o && (dram_req_ready_i || fill_go);
    hit_go  = ld_hit && !rs_full;
    st_go   = st && ((WBack != 0) ? (!wb_st || dram_req_ready_i) : dram_req_ready_i);
    replay  = look && !hit_go && !(ld_miss && dram_go) && !st_go;
    wb      = wb_fill || wb_st;
    dram_req_sm_o    = wb ? '0 : dec_msg_q[OSm +: SmW];
    dram_req_line_o  = wb ? LaW'(vtag) << SectW : dec_msg_q[LaW-1:0];  // a write-back: its line's first atom
    dram_req_id_o    = wb ? '0 : dec_msg_q[OId +: IdW];
    dram_req_store_o = wb || dec_msg_q[OSt];
    dram_req_byp_o   = wb ? 1'b0 : dec_msg_q[OByp];
    dram_req_set_o   = dec_set_q;  // (a write-back's victim is in the same set)
    dram_rsp_ready_o = fill_go;
    req_ready_o      = !rq_full;
    rsp_valid_o      = !rs_empty;
    rsp_sm_o         = rs_rdata[OSm +: SmW];
    rsp_line_o       = rs_rdata[LaW-1:0];
    rsp_id_o         = rs_rdata[OId +: IdW];
    rsp_byp_o        = rs_rdata[OByp];
    // ---- tag updates (into the SRAM rows, valid_q and dirty_q) ----
    touch = (fill_go && lhit) || hit_go || (st_go && lhit);
    alloc = (fill_go && !lhit) || (st_go && WBack != 0 && !lhit);
    tag_we    = 1'b0;
    lru_we    = 1'b0;
    vd_we     = 1'b0;
    vd_valid  = '0;
    vd_dirty  = 1'b0;
    ta_waddr  = set;
    tag_wmask = '0;
    lru_wmask = '0;
    tag_wdata = {Ways{tline}};
    lru_wdata = '0;
    woh       = alloc ? voh : hoh;
    if (touch || alloc) begin
      // the way becomes the most recently used: its pairs (w, j) set, (i, w)
      // cleared, no other pair written
      lru_we = 1'b1;
      for (int unsigned i = 0; i < Ways; i++)
        for (int unsigned j = i + 1; j < Ways; j++) begin
`ifdef LS_FAULTS
          if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_L2_LRU) lru_wmask[lru_bit(i, j)] = woh[i];  // fault: the pairs with earlier ways not written
          else
`endif
          lru_wmask[lru_bit(i, j)] = woh[i] || woh[j];
          lru_wdata[lru_bit(i, j)] = woh[i];
        end
      // the atom's sector becomes valid: alone in an allocated way, beside
      // the line's others on a fill or write-back store into a present
      // line; a write-back store marks the line dirty
      if (alloc || (st_go && WBack != 0) || (fill_go && lhit)) begin
        vd_we    = 1'b1;
        vd_valid = (alloc ? '0 : vrow[hway*NSec +: NSec]) | sbit;
        vd_dirty = (!alloc && drow[hway]) || (st_go && WBack != 0);
      end
      if (alloc) begin
        tag_we          = 1'b1;
        tag_wmask = voh;
      end
    end
    // ---- read: a fill, else the replayed request, else the queue head ----
    // A request is not read while the decide stage's request moves to the
    // replay slot (it is older).  An access to the set written at this edge
    // is read all the same: the SRAM returns the old row, the forward fw_*
    // brings the write.
    f_set  = dram_rsp_set_i;
    r_msg  = rp_valid_q ? rp_msg_q : rq_rdata[BodyW-1:0];
    r_set  = rp_valid_q ? rp_set_q : rq_rdata[MsgW +: SetW];
    // no fill is read in the cycle DRAM hands one over (it still offers
    // that fill now); a fill refused (response queue full) is read again at
    // once, ahead of requests, as GPGPU-Sim fills ahead of new accesses
    a_fill = dram_rsp_valid_i && !fill_go;
    a_req  = !a_fill && (rp_valid_q || rq_ready) && !replay;
    fw_v_d    = (touch || alloc) && (a_fill || a_req) && (a_fill ? f_set : r_set) == set;
    // the forward's way and tag: loaded with every write (held otherwise),
    // whether or not an access of the set is read now -- they are used only
    // under fw_v_q, and so only fw_v_d waits for the read decision (the
    // request queue head's stamp compare: the bank's critical path).
    fw_tagw_d = (touch || alloc) ? alloc : fw_tagw_q;
    fw_way_d  = (touch || alloc) ? (alloc ? vway : hway) : fw_way_q;
    fw_tag_d  = (touch || alloc) ? tline : fw_tag_q;
    ta_re    = a_fill || a_req;
    ta_raddr = a_fill ? f_set : r_set;
    dec_valid_d = a_fill || a_req;
    dec_fill_d  = a_fill;
    dec_msg_d   = a_fill ? {dram_rsp_byp_i, 1'b0, dram_rsp_id_i, dram_rsp_sm_i, dram_rsp_line_i} : r_msg;
    dec_set_d   = ta_re ? ta_raddr : dec_set_q;
    rp_valid_d  = replay || (rp_valid_q && !a_req);
    rp_msg_d    = replay ? dec_msg_q : rp_msg_q;
    rp_set_d    = replay ? dec_set_q : rp_set_q;
    // ---- queues ----
    rs_push  = fill_go || hit_go;
    rs_wdata = dec_msg_q;
    rs_pop   = rsp_valid_o && rsp_ready_i;
    rq_wdata = {set_idx(req_line_i[LaW-1:SectW]), cyc_q + 32'(Lat), req_byp_i, req_store_i, req_id_i, req_sm_i, req_line_i};
    rq_push  = req_valid_i && req_ready_o;
    rq_pop   = a_req && !rp_valid_q;
    // ---- counters ----
    cnt_d[0] = cnt_q[0] + 32'(hit_go);
    cnt_d[1] = cnt_q[1] + 32'(ld_miss && dram_go && !lhit);
    cnt_d[2] = cnt_q[2] + 32'(st_go);
    cnt_d[3] = cnt_q[3] + 32'(fill_go && !lhit);
    cnt_d[4] = cnt_q[4] + 32'(wb && dram_go);
    cnt_d[5] = cnt_q[5] + 32'(ld_miss && dram_go && lhit);
  end

  // Array registers: one always_ff per element (generate), as in rtl/l1d.
  // valid_d/dirty_d: the element (set, alloc ? vway : hway) takes the
  // decide stage's write, every other keeps its bits.
  logic [Ways-1:0] vd_way;  // one-hot
  assign vd_way = woh;
  for (genvar gs = 0; gs < Sets; gs++) begin : gen_set
    for (genvar gw = 0; gw < Ways; gw++) begin : gen_way
      assign valid_all[(gs*Ways + gw)*NSec +: NSec] = valid_q[gs][gw];
      assign dirty_all[gs*Ways + gw] = dirty_q[gs][gw];
      assign valid_d[gs][gw] = (vd_we && set == SetW'(gs) && vd_way[gw]) ? vd_valid : valid_q[gs][gw];
      assign dirty_d[gs][gw] = (vd_we && set == SetW'(gs) && vd_way[gw]) ? vd_dirty : dirty_q[gs][gw];
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          valid_q[gs][gw] <= '0;
          dirty_q[gs][gw] <= 1'b0;
        end else begin
          valid_q[gs][gw] <= valid_d[gs][gw];
          dirty_q[gs][gw] <= dirty_d[gs][gw];
        end
      end
    end
  end
  for (genvar gk = 0; gk < 6; gk++) begin : gen_cnt
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cnt_q[gk] <= '0;
      else         cnt_q[gk] <= cnt_d[gk];
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q       <= '0;
      dec_valid_q <= 1'b0;
      dec_fill_q  <= 1'b0;
      dec_msg_q   <= '0;
      dec_set_q   <= '0;
      rp_valid_q  <= 1'b0;
      rp_msg_q    <= '0;
      rp_set_q    <= '0;
      fw_v_q      <= 1'b0;
      fw_tagw_q   <= 1'b0;
      fw_way_q    <= '0;
      fw_tag_q    <= '0;
    end else begin
      cyc_q       <= cyc_d;
      dec_valid_q <= dec_valid_d;
      dec_fill_q  <= dec_fill_d;
      dec_msg_q   <= dec_msg_d;
      dec_set_q   <= dec_set_d;
      rp_valid_q  <= rp_valid_d;
      rp_msg_q    <= rp_msg_d;
      rp_set_q    <= rp_set_d;
      fw_v_q      <= fw_v_d;
      fw_tagw_q   <= fw_tagw_d;
      fw_way_q    <= fw_way_d;
      fw_tag_q    <= fw_tag_d;
    end
  end

  logic unused;
  assign unused = ^{rq_count, rs_count};
endmodule
