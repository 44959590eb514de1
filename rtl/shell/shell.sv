// shell -- the GPU shell's top (docs/shell.md): NSm SMs (shell_sm), the
// thread-block dispatcher (shell_disp), the request and response crossbars
// (shell_xbar) and NB L2 banks (shell_l2).  The environment is outside:
// the workload (the kernel the dispatcher runs: kern_o / kern_*_i; every
// SM's registered fetch and lane-address requests, answered the next cycle,
// packed per SM, SM i at [i*W +: W]) and the DRAM channel of each bank
// (dram_*, packed per bank).  kern_start_o: kern_o advances at this edge.
// The hooks: every SM has its bypass controller (shell_byp, gen_sm[i].i_byp:
// BDU and CHSS unit, the scheme a mode input, mode_scheme_i); with Ccn = 1
// the SMs' CCN nodes form one ring (shell_ccn, gen_ccn.i_ccn), with Ccn = 0
// there is none (SHELL_CCN=OFF: no ring fills, no L2 staging, no remote
// lookups, ccn_mem_ready_i = 1).  The controllers hear a kernel start in
// the kernel's first cycle (kstart_q: the first cycle after reset, then the
// cycle after kern_start_o) with its TB_max (kern_tbmax_i, part of the
// kernel's description); a load's static tag comes with its lane addresses
// (lsu_tag_i: the instruction's cache operator) and the SM presents it with
// the load (byp_tag_o).  Under CHSS_CONTROL=CENTRAL (mode_central_i) every
// SM but SM0 follows SM0's TB_bg.
// Wiring, as csim/shell/shell.c drives the C twins: the injection queues'
// heads feed the request crossbar, its pops come back; the response
// crossbar offers each SM one line (fill_*), the SM's fill_ready_o is its
// ej_ready_i; the dispatcher sees every SM's tb_free_o / free_warps_o /
// busy_o and sends the block to one SM.
// C mirror: csim/shell/shell.{h,c} with ext_env set (the environment outside).
module shell #(
  /// SMs (1..128).
  parameter int unsigned NSm      = l1sys_pkg::SHELL_SMS,
  /// L2 banks (1..128).
  parameter int unsigned NB       = l1sys_pkg::SHELL_L2_BANKS,
  /// Warp slots per SM.
  parameter int unsigned NW       = l1sys_pkg::SHELL_WARPS,
  /// Thread-block slots per SM.
  parameter int unsigned NT       = l1sys_pkg::SHELL_TBS,
  /// Cycles an SM holds a warp after its last load line (SHELL_L1_LAT - SHELL_L1_PIPE, at least 0).
  parameter int unsigned L1X      = (l1sys_pkg::SHELL_L1_LAT > 32'(l1sys_pkg::SHELL_L1_PIPE)) ? l1sys_pkg::SHELL_L1_LAT - 32'(l1sys_pkg::SHELL_L1_PIPE) : 0,
  /// Injection-queue entries per SM.
  parameter int unsigned InjQ     = l1sys_pkg::SHELL_XBAR_Q,
  /// 1: an MRPB in every SM.
  parameter int unsigned UseMrpb  = (l1sys_pkg::SHELL_MRPB != 0) ? 1 : 0,
  /// Flits of a store or a response on the crossbars (csim/shell/shell_mem.c: ceil((8 + Line / Sectors) / port bytes per cycle)).
  parameter int unsigned Flits    = (8 + l1sys_pkg::L1D_LINE / l1sys_pkg::L1D_SECTORS + l1sys_pkg::SHELL_FLIT - 1) / l1sys_pkg::SHELL_FLIT,
  /// L2 sets per bank.
  parameter int unsigned L2Sets   = l1sys_pkg::SHELL_L2_SETS,
  /// L2 ways.
  parameter int unsigned L2Ways   = l1sys_pkg::SHELL_L2_WAYS,
  /// Responses each SM's ejection buffer holds.
  parameter int unsigned EjQ      = l1sys_pkg::SHELL_EJQ,
  /// Crossbar internal speedup, 1 or 2 (SHELL_XBAR_SPEEDUP).
  parameter int unsigned XbarSpeedup = l1sys_pkg::SHELL_XBAR_SPEEDUP,
  /// Requests each bank's crossbar boundary buffer holds (SHELL_XBAR_BQ; speedup 2).
  parameter int unsigned XbarBQ   = l1sys_pkg::SHELL_XBAR_BQ,
  /// L2 ROP latency (a request's arrival to its earliest tag access).
  parameter int unsigned L2Lat    = l1sys_pkg::SHELL_L2_ROP_LAT,
  /// L2 request-queue entries (ROP delay line + icnt->L2 queue).
  parameter int unsigned L2ReqQ   = l1sys_pkg::SHELL_L2_ROP_LAT + l1sys_pkg::SHELL_L2_Q,
  /// L2 response-queue entries.
  parameter int unsigned L2RspQ   = l1sys_pkg::SHELL_L2_RSPQ,
  /// L2 set index (l1sys_pkg::SHELL_L2_SET_IDX_*).
  parameter int unsigned L2SetIdx = l1sys_pkg::SHELL_L2_SET_IDX,
  /// L2 write-back (1) or write-through (0).
  parameter int unsigned L2WBack  = l1sys_pkg::SHELL_L2_WRITE,
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
  // manifest: BDU params except=Warps
  /// sampling period in cycles (counters are clog2(PERIOD+1) bits: 13 for 5000) (BDU_PERIOD)
  parameter int unsigned Period = l1sys_pkg::BDU_PERIOD,
  /// cycles a decision holds before the next sampling period; 0 = until the next kernel (BDU_HOLD)
  parameter int unsigned Hold   = l1sys_pkg::BDU_HOLD,
  // manifest: end
  // manifest: CHSS params prefix=Chss except=TbSlots
  /// bits of the Hits and Stall counters of a sampling period (both halved together when one would overflow) (CHSS_CNT_W)
  parameter int unsigned ChssCntW  = l1sys_pkg::CHSS_CNT_W,
  /// bits of the L2-latency input l2_lat_i (CHSS_LAT_W)
  parameter int unsigned ChssLatW  = l1sys_pkg::CHSS_LAT_W,
  /// fraction bits of a CHSS value (table entries are CNT_W+LAT_W+FRAC_W <= 32 bits) (CHSS_FRAC_W)
  parameter int unsigned ChssFracW = l1sys_pkg::CHSS_FRAC_W,
  /// bits of the active-warp count input warp_cnt_i (CHSS_WARP_W)
  parameter int unsigned ChssWarpW = l1sys_pkg::CHSS_WARP_W,
  // manifest: end
  /// 1: the CCN ring (SHELL_CCN=ON or ON_THROTTLE), 0: none (OFF).
  parameter int unsigned Ccn      = (l1sys_pkg::SHELL_CCN != l1sys_pkg::SHELL_CCN_OFF) ? 1 : 0,
  // manifest: CCN params prefix=Ccn except=Nodes,LaW
  /// cycles one flit takes to cross one hop (Sec. 5.5.2: 1..5; the channel runs at core clock / CCN_HOP_LAT) (CCN_HOP_LAT)
  parameter int unsigned CcnHopLat    = l1sys_pkg::CCN_HOP_LAT,
  /// CCN buffer (CB) entries per node (Table II: 8) (CCN_CB_DEPTH)
  parameter int unsigned CcnCbDepth   = l1sys_pkg::CCN_CB_DEPTH,
  /// request queue (ReqQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_REQQ_DEPTH)
  parameter int unsigned CcnReqDepth  = l1sys_pkg::CCN_REQQ_DEPTH,
  /// response queue (RespQ) entries per node (Table II: 8; >= 2 for the bubble rule) (CCN_RESPQ_DEPTH)
  parameter int unsigned CcnRespDepth = l1sys_pkg::CCN_RESPQ_DEPTH,
  /// request throttler: sampling window t_S in cycles at the start of each period (Table II: 1M instructions) (CCN_TS)
  parameter int unsigned CcnTs        = l1sys_pkg::CCN_TS,
  /// request throttler: period t_P in cycles (Table II: 10M instructions); t_S + 2 <= t_P (CCN_TP)
  parameter int unsigned CcnTp        = l1sys_pkg::CCN_TP,
  /// request throttler: H_min in percent (Table II: 5); 0 = never throttle (CCN-B) (CCN_HMIN)
  parameter int unsigned CcnHMin      = l1sys_pkg::CCN_HMIN,
  /// cycles a CB head may wait for the ring before it goes to L2 instead (project decision: bounds the wait) (CCN_CB_TIMEOUT)
  parameter int unsigned CcnCbTimeout = l1sys_pkg::CCN_CB_TIMEOUT,
  /// cycles a remote hit may hold its request at the ReqQ head waiting for RespQ room before the request moves on as a miss (project decision) (CCN_HOLD_MAX)
  parameter int unsigned CcnHoldMax   = l1sys_pkg::CCN_HOLD_MAX,
  /// bits of the throttler's N_total / N_hits window counters (saturating) (CCN_WIN_W)
  parameter int unsigned CcnWinW      = l1sys_pkg::CCN_WIN_W,
  /// bits of each saturating statistics counter (CCN_CNT_W)
  parameter int unsigned CcnCntW      = l1sys_pkg::CCN_CNT_W,
  /// bits of the miss timestamp carried for the reuse-latency counters (wraps) (CCN_TS_W)
  parameter int unsigned CcnTsW       = l1sys_pkg::CCN_TS_W,
  // manifest: end
  /// CCN flits per line on the ring's response channel.
  parameter int unsigned CcnFlits = l1sys_pkg::CCN_LINE_BYTES / l1sys_pkg::CCN_FLIT_BYTES,
  /// Derived: do not override.
  localparam int unsigned WarpW    = (NW > 1) ? $clog2(NW) : 1,
  /// Derived: do not override.  BDU occupancy bits.
  localparam int unsigned OccW     = $clog2(NW + 1),
  /// Derived: do not override.  TB_max / TB_bg bits.
  localparam int unsigned TbW      = $clog2(NT + 1),
  /// Derived: do not override.  The memory side's address: the L1D's atom
  /// (a line, or a sector; its line is the atom >> $clog2(Sectors)).
  localparam int unsigned LaW      = AddrW - $clog2(Line) + $clog2(Sectors),
  /// Derived: do not override.  SM-number bits of the bank messages and
  /// of the dispatcher's choice: the one definition of the SM-id width
  /// (the C side: shell_xbar_sw(NSm), csim/shell/shell_xbar.h).
  localparam int unsigned SmW      = (NSm > 1) ? $clog2(NSm) : 1,
  /// Derived: do not override.  Bits of an L2 set index (dram_*_set: the set travels with the line).
  localparam int unsigned L2SetW   = (L2Sets > 1) ? $clog2(L2Sets) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // modes (constant for a run)
  input  logic              mode_sched_i,
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
  // bypass controllers (modes, constant for a run)
  input  logic [2:0]        mode_scheme_i,
  input  logic              mode_central_i,
  input  logic [6:0]        mode_thr_l_i,
  input  logic [6:0]        mode_thr_h_i,
  input  logic [OccW-1:0]   mode_thr_w_i,
  input  logic [1:0]        mode_womu_i,
  input  logic [ChssLatW-1:0] l2_lat_i,
  // the workload: the kernel the dispatcher runs
  output logic [31:0]       kern_o,
  output logic              kern_start_o,
  input  logic              kern_valid_i,
  input  logic [31:0]       kern_blocks_i,
  input  logic [7:0]        kern_warps_i,
  input  logic [TbW-1:0]    kern_tbmax_i,
  // the workload: every SM's records and lane addresses
  output logic [NSm*1-1:0] fetch_valid_o,
  output logic [NSm*32-1:0] fetch_block_o,
  output logic [NSm*WarpW-1:0] fetch_wib_o,
  output logic [NSm*32-1:0] fetch_pc_o,
  output logic [NSm*1-1:0] ifetch_valid_o,
  output logic [NSm*32-1:0] ifetch_block_o,
  output logic [NSm*WarpW-1:0] ifetch_wib_o,
  output logic [NSm*32-1:0] ifetch_pc_o,
  output logic [NSm*1-1:0] lsu_valid_o,
  output logic [NSm*32-1:0] lsu_block_o,
  output logic [NSm*WarpW-1:0] lsu_wib_o,
  output logic [NSm*32-1:0] lsu_pc_o,
  input  logic [NSm*3-1:0] fetch_kind_i,
  input  logic [NSm*16-1:0] fetch_count_i,
  input  logic [NSm*5-1:0] fetch_size_i,
  input  logic [NSm*32-1:0] fetch_mask_i,
  input  logic [NSm*3-1:0] ifetch_kind_i,
  input  logic [NSm*16-1:0] ifetch_count_i,
  input  logic [NSm*5-1:0] ifetch_size_i,
  input  logic [NSm*32-1:0] ifetch_mask_i,
  input  logic [NSm*32-1:0] lsu_mask_i,
  input  logic [NSm*1024-1:0] lsu_addr_i,
  input  logic [NSm*2-1:0] lsu_tag_i,
  // DRAM, one channel per bank
  output logic [NB-1:0]     dram_req_valid_o,
  input  logic [NB-1:0]     dram_req_ready_i,
  output logic [NB*SmW-1:0] dram_req_sm_o,
  output logic [NB*LaW-1:0] dram_req_line_o,
  output logic [NB*IdW-1:0] dram_req_id_o,
  output logic [NB-1:0]     dram_req_store_o,
  output logic [NB-1:0]     dram_req_byp_o,
  input  logic [NB-1:0]     dram_rsp_valid_i,
  output logic [NB-1:0]     dram_rsp_ready_o,
  input  logic [NB*SmW-1:0] dram_rsp_sm_i,
  input  logic [NB*LaW-1:0] dram_rsp_line_i,
  input  logic [NB*IdW-1:0] dram_rsp_id_i,
  input  logic [NB-1:0]     dram_rsp_byp_i,
  // the line's set in its bank, carried to DRAM and back with the fill
  // (the environment echoes it: shell_l2's header)
  output logic [NB*L2SetW-1:0] dram_req_set_o,
  input  logic [NB*L2SetW-1:0] dram_rsp_set_i
);
  localparam int unsigned SW = SmW;
  localparam int unsigned LB = Line * 8;
  localparam int unsigned SectW = $clog2(Sectors);
  localparam int unsigned SegW = $clog2(Line) - SectW;  // an atom's offset bits
  localparam int unsigned CcnLB = LB / Sectors;         // the ring moves atoms

  // SM <-> dispatcher
  logic [NSm-1:0]   tb_free, busy;
  logic [NSm*8-1:0] free_warps;
  logic             disp_valid;
  logic [SW-1:0]    disp_sm;
  logic [31:0]      disp_block;
  // SM <-> crossbars
  logic [NSm-1:0]     inj_valid, inj_store, inj_byp, inj_pop, ej_valid, ej_byp, ej_ready;
  logic [NSm*LaW-1:0] inj_line, ej_line;
  logic [NSm*IdW-1:0] inj_id, ej_id;
  // crossbars <-> banks
  logic [NB-1:0]     l2_req_ready, l2_req_valid, l2_req_store, l2_req_byp;
  logic [NB-1:0]     l2_rsp_valid, l2_rsp_byp, l2_rsp_ready;
  logic [NB*SmW-1:0] l2_req_sm, l2_rsp_sm;
  logic [NB*LaW-1:0] l2_req_line, l2_rsp_line;
  logic [NB*IdW-1:0] l2_req_id, l2_rsp_id;
  // SM <-> bypass controllers: SM0's TB_bg is the leader's broadcast
  logic [NSm*TbW-1:0] tb_bg;
  // SM <-> CCN ring
  logic [NSm-1:0]       c_miss_valid, c_mem_ready, c_rmt_valid, c_rmt_hit, c_fill_valid, c_fill_ready;
  logic [NSm-1:0]       c_l2_valid, c_l2_ready;
  logic [NSm*LaW-1:0]   c_miss_line, c_fill_line, c_l2_line;
  logic [NSm*AddrW-1:0] c_rmt_addr;
  logic [NSm*LB-1:0]    c_rmt_data;
  // the controllers' kernel start: the first cycle after reset and the
  // first cycle of every next kernel
  logic kstart_q;

  // the next kernel starts at this clock edge (the dispatcher's rule: every
  // block of kernel kern_o has gone and no SM is busy)
`ifdef LS_FAULTS
  assign kern_start_o = kern_valid_i && disp_block >= kern_blocks_i && (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_KSTART || busy == '0); // fault: blocks still running ignored
`else
  assign kern_start_o = kern_valid_i && disp_block >= kern_blocks_i && busy == '0;
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) kstart_q <= 1'b1;
    else         kstart_q <= kern_start_o;
  end

  // only SM0's TB_bg is broadcast (the others' are for their own CHSS unit)
  logic unused_tb_bg;
  assign unused_tb_bg = ^tb_bg;

  for (genvar i = 0; i < NSm; i++) begin : gen_sm
    logic              byp_valid, byp_store, byp_dec, l1d_take, l1d_byp, hk_disp_valid, hk_done_valid, hk_kern_start;
    logic [1:0]        byp_tag;
    logic [WarpW-1:0]  byp_warp;
    logic [$clog2(NT > 1 ? NT : 2)-1:0] byp_tb, hk_disp_slot, hk_done_slot;
    logic [31:0]       byp_block, byp_pc, hk_disp_block;
    logic [7:0]        ev, warps;
    logic [NW-1:0]     ibuf;
    logic              disp_tag, bmode;
    logic              unused_hooks;
    shell_sm #(
      .NW       (NW),
      .NT       (NT),
      .L1X      (L1X),
      .InjQ     (InjQ),
      .UseMrpb  (UseMrpb),
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
    ) i_sm (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .mode_sched_i     (mode_sched_i),
      .mode_ccn_i       (Ccn != 0),
      .mode_repl_i      (mode_repl_i),
      .mode_wr_i        (mode_wr_i),
      .mode_alloc_i     (mode_alloc_i),
      .mode_hash_i      (mode_hash_i),
      .mode_ba_i        (mode_ba_i),
      .mode_ba_thr_i    (mode_ba_thr_i),
      .mode_drain_i     (mode_drain_i),
      .mode_greedy_i    (mode_greedy_i),
      .mode_flush_i     (mode_flush_i),
      .mode_bypass_i    (mode_bypass_i),
      .mode_slot_i      (mode_slot_i),
      .disp_valid_i     (disp_valid && 32'(disp_sm) == i),
      .disp_block_i     (disp_block),
      .disp_warps_i     (kern_warps_i),
      .kern_start_i     (kstart_q),
      .tb_free_o        (tb_free[i]),
      .free_warps_o     (free_warps[i*8 +: 8]),
      .busy_o           (busy[i]),
      .fetch_valid_o   (fetch_valid_o[i*1 +: 1]),
      .fetch_block_o   (fetch_block_o[i*32 +: 32]),
      .fetch_wib_o     (fetch_wib_o[i*WarpW +: WarpW]),
      .fetch_pc_o      (fetch_pc_o[i*32 +: 32]),
      .ifetch_valid_o  (ifetch_valid_o[i*1 +: 1]),
      .ifetch_block_o  (ifetch_block_o[i*32 +: 32]),
      .ifetch_wib_o    (ifetch_wib_o[i*WarpW +: WarpW]),
      .ifetch_pc_o     (ifetch_pc_o[i*32 +: 32]),
      .lsu_valid_o     (lsu_valid_o[i*1 +: 1]),
      .lsu_block_o     (lsu_block_o[i*32 +: 32]),
      .lsu_wib_o       (lsu_wib_o[i*WarpW +: WarpW]),
      .lsu_pc_o        (lsu_pc_o[i*32 +: 32]),
      .fetch_kind_i    (fetch_kind_i[i*3 +: 3]),
      .fetch_count_i   (fetch_count_i[i*16 +: 16]),
      .fetch_size_i    (fetch_size_i[i*5 +: 5]),
      .fetch_mask_i    (fetch_mask_i[i*32 +: 32]),
      .ifetch_kind_i   (ifetch_kind_i[i*3 +: 3]),
      .ifetch_count_i  (ifetch_count_i[i*16 +: 16]),
      .ifetch_size_i   (ifetch_size_i[i*5 +: 5]),
      .ifetch_mask_i   (ifetch_mask_i[i*32 +: 32]),
      .lsu_mask_i      (lsu_mask_i[i*32 +: 32]),
      .lsu_addr_i      (lsu_addr_i[i*1024 +: 1024]),
      .lsu_tag_i       (lsu_tag_i[i*2 +: 2]),
      .fill_valid_i     (ej_valid[i]),
      .fill_ready_o     (ej_ready[i]),
      .fill_line_i      (ej_line[i*LaW +: LaW]),
      .fill_id_i        (ej_id[i*IdW +: IdW]),
      .fill_byp_i       (ej_byp[i]),
      .inj_valid_o      (inj_valid[i]),
      .inj_pop_i        (inj_pop[i]),
      .inj_line_o       (inj_line[i*LaW +: LaW]),
      .inj_id_o         (inj_id[i*IdW +: IdW]),
      .inj_store_o      (inj_store[i]),
      .inj_byp_o        (inj_byp[i]),
      .byp_valid_o      (byp_valid),
      .byp_warp_o       (byp_warp),
      .byp_tb_o         (byp_tb),
      .byp_block_o      (byp_block),
      .byp_pc_o         (byp_pc),
      .byp_store_o      (byp_store),
      .byp_tag_o        (byp_tag),
      .byp_i            (byp_dec),
      .l1d_take_o       (l1d_take),
      .l1d_byp_o        (l1d_byp),
      .ev_access_o      (ev[0]),
      .ev_hit_o         (ev[1]),
      .ev_hitres_o      (ev[2]),
      .ev_miss_o        (ev[3]),
      .ev_stall_o       (ev[4]),
      .ev_byp_o         (ev[5]),
      .ev_pseudo_o      (ev[6]),
      .ev_fill_o        (ev[7]),
      .hk_disp_valid_o  (hk_disp_valid),
      .hk_disp_slot_o   (hk_disp_slot),
      .hk_disp_block_o  (hk_disp_block),
      .hk_done_valid_o  (hk_done_valid),
      .hk_done_slot_o   (hk_done_slot),
      .hk_kern_start_o  (hk_kern_start),
      .ibuf_o           (ibuf),
      .warps_o          (warps),
      .ccn_fill_valid_i (c_fill_valid[i]),
      .ccn_fill_line_i  (c_fill_line[i*LaW +: LaW]),
      .ccn_fill_ready_o (c_fill_ready[i]),
      .ccn_mem_ready_i  (c_mem_ready[i]),
      .ccn_miss_valid_o (c_miss_valid[i]),
      .ccn_miss_line_o  (c_miss_line[i*LaW +: LaW]),
      .ccn_l2_valid_i   (c_l2_valid[i]),
      .ccn_l2_line_i    (c_l2_line[i*LaW +: LaW]),
      .ccn_l2_ready_o   (c_l2_ready[i]),
      .rmt_valid_i      (c_rmt_valid[i]),
      .rmt_addr_i       (c_rmt_addr[i*AddrW +: AddrW]),
      .rmt_hit_o        (c_rmt_hit[i]),
      .rmt_data_o       (c_rmt_data[i*LB +: LB])
    );

    shell_byp #(
      .TbSlots (NT),
      .Warps   (NW),
      // manifest: BDU pass except=Warps
      .Period (Period),
      .Hold   (Hold),
      // manifest: end
      // manifest: CHSS pass prefix=Chss except=TbSlots last
      .CntW  (ChssCntW),
      .LatW  (ChssLatW),
      .FracW (ChssFracW),
      .WarpW (ChssWarpW)
      // manifest: end
    ) i_byp (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .mode_scheme_i  (mode_scheme_i),
      .mode_follow_i  (mode_central_i && i != 0),
      .mode_thr_l_i   (mode_thr_l_i),
      .mode_thr_h_i   (mode_thr_h_i),
      .mode_thr_w_i   (mode_thr_w_i),
      .mode_womu_i    (mode_womu_i),
      .l2_lat_i       (l2_lat_i),
      .req_valid_i    (byp_valid),
      .req_store_i    (byp_store),
      .req_slot_i     (byp_tb),
      .req_tag_i      (byp_tag),
      .byp_o          (byp_dec),
      .ev_access_i    (ev[0]),
      .ev_miss_i      (ev[3]),
      .ev_hitres_i    (ev[2]),
      .ev_byp_i       (ev[5]),
      .ev_hit_i       (ev[1]),
      .ev_stall_i     (ev[4]),
      .kernel_start_i (hk_kern_start),
      .tb_max_i       (kern_tbmax_i),
      .disp_valid_i   (hk_disp_valid),
      .disp_slot_i    (hk_disp_slot),
      .disp_tag_o     (disp_tag),
      .done_valid_i   (hk_done_valid),
      .done_slot_i    (hk_done_slot),
      .ibuf_valid_i   (ibuf),
      .warp_cnt_i     (ChssWarpW'(warps)),
`ifdef LS_FAULTS
      .lead_tbbg_i    ((ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_LEAD) ? tb_bg[i*TbW +: TbW] : tb_bg[0 +: TbW]),  // injected: a follower follows itself, not SM0
`else
      .lead_tbbg_i    (tb_bg[0 +: TbW]),
`endif
      .tb_bg_o        (tb_bg[i*TbW +: TbW]),
      .bmode_o        (bmode)
    );
    // observation outputs the shell does not read (the C model's statistics
    // read the same values from its twins)
    assign unused_hooks = ^{l1d_take, l1d_byp, byp_warp, byp_block, byp_pc, hk_disp_block, ev[7:6], disp_tag, bmode,
                            warps[7:ChssWarpW]};
  end

  if (Ccn != 0) begin : gen_ccn
    logic [NSm-1:0] unused_thr;
    // each L1D's remote answer, its low atom (C: shell_ccn_remote copies
    // the ring's words of it): the whole line unless sectored
    logic [NSm*CcnLB-1:0] c_rmt_atom;
    for (genvar i = 0; i < NSm; i++) begin : gen_rmt_atom
      assign c_rmt_atom[i*CcnLB +: CcnLB] = c_rmt_data[i*LB +: CcnLB];
      if (Sectors > 1) begin : gen_rest
        logic unused_rest;
        assign unused_rest = ^c_rmt_data[i*LB+CcnLB +: LB-CcnLB];
      end
    end
    shell_ccn #(
      .Nodes     (NSm),
      .LaW       (LaW),
      .OffW      (SegW),
      .LB        (CcnLB),
      .Flits     (CcnFlits),
      // manifest: CCN pass prefix=Ccn except=Nodes,LaW last
      .HopLat    (CcnHopLat),
      .CbDepth   (CcnCbDepth),
      .ReqDepth  (CcnReqDepth),
      .RespDepth (CcnRespDepth),
      .Ts        (CcnTs),
      .Tp        (CcnTp),
      .HMin      (CcnHMin),
      .CbTimeout (CcnCbTimeout),
      .HoldMax   (CcnHoldMax),
      .WinW      (CcnWinW),
      .CntW      (CcnCntW),
      .TsW       (CcnTsW)
      // manifest: end
    ) i_ccn (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .miss_valid_i (c_miss_valid),
      .miss_line_i  (c_miss_line),
      .mem_ready_o  (c_mem_ready),
      .rmt_valid_o  (c_rmt_valid),
      .rmt_addr_o   (c_rmt_addr),
      .rmt_hit_i    (c_rmt_hit),
      .rmt_data_i   (c_rmt_atom),
      .fill_valid_o (c_fill_valid),
      .fill_line_o  (c_fill_line),
      .fill_ready_i (c_fill_ready),
      .l2_valid_o   (c_l2_valid),
      .l2_line_o    (c_l2_line),
      .l2_ready_i   (c_l2_ready),
      .thr_o        (unused_thr)
    );
  end else begin : gen_no_ccn
    // SHELL_CCN=OFF: every request passes, nothing comes from a ring
    logic unused_ccn;
    assign c_mem_ready  = '1;
    assign c_rmt_valid  = '0;
    assign c_rmt_addr   = '0;
    assign c_fill_valid = '0;
    assign c_fill_line  = '0;
    assign c_l2_valid   = '0;
    assign c_l2_line    = '0;
    assign unused_ccn   = ^{c_miss_valid, c_miss_line, c_rmt_hit, c_rmt_data, c_fill_ready, c_l2_ready};
  end

  shell_disp #(
    .NSm (NSm)
  ) i_disp (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .kern_o        (kern_o),
    .kern_valid_i  (kern_valid_i),
    .kern_blocks_i (kern_blocks_i),
    .kern_warps_i  (kern_warps_i),
    .tb_free_i     (tb_free),
    .free_warps_i  (free_warps),
    .sm_busy_i     (busy),
    .disp_valid_o  (disp_valid),
    .disp_sm_o     (disp_sm),
    .disp_block_o  (disp_block)
  );

  shell_xbar #(
    .NSm   (NSm),
    .NB    (NB),
    .LaW   (LaW),
    .SectW (SectW),
    .IdW   (IdW),
    .Flits (Flits),
    .EjQ   (EjQ),
    .Speedup (XbarSpeedup),
    .BQ    (XbarBQ)
  ) i_xbar (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .inj_valid_i    (inj_valid),
    .inj_line_i     (inj_line),
    .inj_id_i       (inj_id),
    .inj_store_i    (inj_store),
    .inj_byp_i      (inj_byp),
    .inj_pop_o      (inj_pop),
    .l2_req_ready_i (l2_req_ready),
    .l2_req_valid_o (l2_req_valid),
    .l2_req_sm_o    (l2_req_sm),
    .l2_req_line_o  (l2_req_line),
    .l2_req_id_o    (l2_req_id),
    .l2_req_store_o (l2_req_store),
    .l2_req_byp_o   (l2_req_byp),
    .l2_rsp_valid_i (l2_rsp_valid),
    .l2_rsp_sm_i    (l2_rsp_sm),
    .l2_rsp_line_i  (l2_rsp_line),
    .l2_rsp_id_i    (l2_rsp_id),
    .l2_rsp_byp_i   (l2_rsp_byp),
    .l2_rsp_ready_o (l2_rsp_ready),
    .ej_valid_o     (ej_valid),
    .ej_line_o      (ej_line),
    .ej_id_o        (ej_id),
    .ej_byp_o       (ej_byp),
    .ej_ready_i     (ej_ready)
  );

  for (genvar b = 0; b < NB; b++) begin : gen_bank
    shell_l2 #(
      .Sets (L2Sets),
      .Ways (L2Ways),
      .Lat  (L2Lat),
      .ReqQ (L2ReqQ),
      .RspQ (L2RspQ),
      .NB   (NB),
      .SetIdx (L2SetIdx),
      .WBack (L2WBack),
      .LaW  (LaW),
      .SectW (SectW),
      .IdW  (IdW),
      .SmW  (SmW)
    ) i_l2 (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .req_valid_i      (l2_req_valid[b]),
      .req_ready_o      (l2_req_ready[b]),
      .req_sm_i         (l2_req_sm[b*SmW +: SmW]),
      .req_line_i       (l2_req_line[b*LaW +: LaW]),
      .req_id_i         (l2_req_id[b*IdW +: IdW]),
      .req_store_i      (l2_req_store[b]),
      .req_byp_i        (l2_req_byp[b]),
      .rsp_valid_o      (l2_rsp_valid[b]),
      .rsp_ready_i      (l2_rsp_ready[b]),
      .rsp_sm_o         (l2_rsp_sm[b*SmW +: SmW]),
      .rsp_line_o       (l2_rsp_line[b*LaW +: LaW]),
      .rsp_id_o         (l2_rsp_id[b*IdW +: IdW]),
      .rsp_byp_o        (l2_rsp_byp[b]),
      .dram_req_valid_o (dram_req_valid_o[b]),
      .dram_req_ready_i (dram_req_ready_i[b]),
      .dram_req_sm_o    (dram_req_sm_o[b*SmW +: SmW]),
      .dram_req_line_o  (dram_req_line_o[b*LaW +: LaW]),
      .dram_req_id_o    (dram_req_id_o[b*IdW +: IdW]),
      .dram_req_store_o (dram_req_store_o[b]),
      .dram_req_byp_o   (dram_req_byp_o[b]),
      .dram_rsp_valid_i (dram_rsp_valid_i[b]),
      .dram_rsp_ready_o (dram_rsp_ready_o[b]),
      .dram_rsp_sm_i    (dram_rsp_sm_i[b*SmW +: SmW]),
      .dram_rsp_line_i  (dram_rsp_line_i[b*LaW +: LaW]),
      .dram_rsp_id_i    (dram_rsp_id_i[b*IdW +: IdW]),
      .dram_rsp_byp_i   (dram_rsp_byp_i[b]),
      .dram_req_set_o   (dram_req_set_o[b*L2SetW +: L2SetW]),
      .dram_rsp_set_i   (dram_rsp_set_i[b*L2SetW +: L2SetW])
    );
  end
endmodule
