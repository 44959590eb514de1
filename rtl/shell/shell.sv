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
  parameter int unsigned NSm      = 4,
  /// L2 banks (1..128).
  parameter int unsigned NB       = 6,
  /// Warp slots per SM.
  parameter int unsigned NW       = 48,
  /// Thread-block slots per SM.
  parameter int unsigned NT       = 8,
  /// Cycles an SM holds a warp after its last load line (SHELL_L1_LAT - SHELL_L1_PIPE, at least 0).
  parameter int unsigned L1X      = 0,
  /// Injection-queue entries per SM.
  parameter int unsigned InjQ     = 8,
  /// 1: an MRPB in every SM.
  parameter int unsigned UseMrpb  = 0,
  /// Flits of a store or a response on the crossbars (csim/shell/shell_mem.c: ceil((8 + Line / Sectors) / port bytes per cycle)).
  parameter int unsigned Flits    = 4,
  /// L2 sets per bank.
  parameter int unsigned L2Sets   = 64,
  /// L2 ways.
  parameter int unsigned L2Ways   = 16,
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
  parameter int unsigned L2SetIdx = 0,
  /// L2 write-back (1) or write-through (0).
  parameter int unsigned L2WBack  = 1,
  /// L1D sets.
  parameter int unsigned Sets     = 32,
  /// L1D ways.
  parameter int unsigned Ways     = 4,
  /// L1D line bytes.
  parameter int unsigned Line     = 128,
  /// L1D sectors per line (1; 4: the memory side carries 32-byte sectors).
  parameter int unsigned Sectors  = 1,
  /// L1D MSHR entries.
  parameter int unsigned Entries  = 32,
  /// L1D requests merged per MSHR entry.
  parameter int unsigned Merge    = 8,
  /// L1D miss-queue entries.
  parameter int unsigned MissQ    = 8,
  /// L1D bypass-queue entries.
  parameter int unsigned BypQ     = 4,
  /// L1D release-queue entries.
  parameter int unsigned RelQ     = 2,
  /// Byte-address bits.
  parameter int unsigned AddrW    = 32,
  /// Request-id bits.
  parameter int unsigned IdW      = 8,
  /// BDU sampling period in cycles (BDU_PERIOD).
  parameter int unsigned Period   = 5000,
  /// Cycles a BDU decision holds, 0 = until the next kernel (BDU_HOLD).
  parameter int unsigned Hold     = 20000,
  /// CHSS Hits/Stall counter bits (CHSS_CNT_W).
  parameter int unsigned ChssCntW = 16,
  /// CHSS l2_lat_i bits (CHSS_LAT_W).
  parameter int unsigned ChssLatW = 10,
  /// CHSS value fraction bits (CHSS_FRAC_W).
  parameter int unsigned ChssFracW = 4,
  /// CHSS warp_cnt_i bits (CHSS_WARP_W).
  parameter int unsigned ChssWarpW = 7,
  /// 1: the CCN ring (SHELL_CCN=ON or ON_THROTTLE), 0: none (OFF).
  parameter int unsigned Ccn      = 0,
  /// CCN cycles per flit per hop (CCN_HOP_LAT).
  parameter int unsigned HopLat   = 1,
  /// CCN CB entries per node (CCN_CB_DEPTH).
  parameter int unsigned CbDepth  = 8,
  /// CCN ReqQ entries per node (CCN_REQQ_DEPTH).
  parameter int unsigned ReqDepth = 8,
  /// CCN RespQ entries per node (CCN_RESPQ_DEPTH).
  parameter int unsigned RespDepth = 8,
  /// CCN flits per line on the ring's response channel.
  parameter int unsigned CcnFlits = 4,
  /// CCN throttler sampling window t_S (CCN_TS).
  parameter int unsigned CcnTs    = 1000000,
  /// CCN throttler period t_P (CCN_TP).
  parameter int unsigned CcnTp    = 10000000,
  /// CCN H_min in percent (0 under SHELL_CCN=ON).
  parameter int unsigned HMin     = 5,
  /// CCN CB head timeout (CCN_CB_TIMEOUT).
  parameter int unsigned CbTimeout = 256,
  /// CCN longest hold of a remote hit at a ReqQ head (CCN_HOLD_MAX).
  parameter int unsigned HoldMax  = 32,
  /// CCN throttler window counter bits.
  parameter int unsigned WinW     = 24,
  /// CCN statistics counter bits.
  parameter int unsigned CcnCntW  = 32,
  /// CCN timestamp bits.
  parameter int unsigned TsW      = 16,
  /// Derived: do not override.
  parameter int unsigned WarpW    = (NW > 1) ? $clog2(NW) : 1,
  /// Derived: do not override.  BDU occupancy bits.
  parameter int unsigned OccW     = $clog2(NW + 1),
  /// Derived: do not override.  TB_max / TB_bg bits.
  parameter int unsigned TbW      = $clog2(NT + 1),
  /// Derived: do not override.  The memory side's address: the L1D's atom
  /// (a line, or a sector; its line is the atom >> $clog2(Sectors)).
  parameter int unsigned LaW      = AddrW - $clog2(Line) + $clog2(Sectors),
  /// Derived: do not override.  SM-number bits of the bank messages and
  /// of the dispatcher's choice: the one definition of the SM-id width
  /// (the C side: shell_xbar_sw(NSm), csim/shell/shell_xbar.h).
  parameter int unsigned SmW      = (NSm > 1) ? $clog2(NSm) : 1
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
  input  logic [NB-1:0]     dram_rsp_byp_i
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
      .Sets     (Sets),
      .Ways     (Ways),
      .Line     (Line),
      .Sectors  (Sectors),
      .Entries  (Entries),
      .Merge    (Merge),
      .MissQ    (MissQ),
      .BypQ     (BypQ),
      .RelQ     (RelQ),
      .AddrW    (AddrW),
      .IdW      (IdW)
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
      .Period  (Period),
      .Hold    (Hold),
      .CntW    (ChssCntW),
      .LatW    (ChssLatW),
      .FracW   (ChssFracW),
      .WarpW   (ChssWarpW)
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
      .HopLat    (HopLat),
      .CbDepth   (CbDepth),
      .ReqDepth  (ReqDepth),
      .RespDepth (RespDepth),
      .LaW       (LaW),
      .OffW      (SegW),
      .LB        (CcnLB),
      .Flits     (CcnFlits),
      .Ts        (CcnTs),
      .Tp        (CcnTp),
      .HMin      (HMin),
      .CbTimeout (CbTimeout),
      .HoldMax   (HoldMax),
      .WinW      (WinW),
      .CntW      (CcnCntW),
      .TsW       (TsW)
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
      .dram_rsp_byp_i   (dram_rsp_byp_i[b])
    );
  end
endmodule
