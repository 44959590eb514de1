// shell -- the GPU shell's top (docs/shell.md): NSm SMs (shell_sm), the
// thread-block dispatcher (shell_disp), the request and response crossbars
// (shell_xbar) and NB L2 banks (shell_l2).  The environment is outside:
// the workload (the kernel the dispatcher runs: kern_o / kern_*_i; every
// SM's registered fetch and lane-address requests, answered the next cycle,
// packed per SM, SM i at [i*W +: W]) and the DRAM channel of each bank
// (dram_*, packed per bank).  kern_start_o: kern_o advances at this edge.  This top ties the hook ports off: no bypass
// controller (SHELL_BYPASS=NONE: byp_i = 0) and no CCN node (SHELL_CCN=OFF:
// no ring fills, no L2 staging, no remote lookups, ccn_mem_ready_i = 1).
// Wiring, as csim/shell/shell.c drives the C twins: the injection queues'
// heads feed the request crossbar, its pops come back; the response
// crossbar offers each SM one line (fill_*), the SM's fill_ready_o is its
// ej_ready_i; the dispatcher sees every SM's tb_free_o / free_warps_o /
// busy_o and sends the block to one SM.
// C mirror: csim/shell/shell.c with ext_env set (the environment outside).
module shell #(
  /// SMs (1..16).
  parameter int unsigned NSm      = 4,
  /// L2 banks (1..16).
  parameter int unsigned NB       = 6,
  /// Warp slots per SM.
  parameter int unsigned NW       = 48,
  /// Thread-block slots per SM.
  parameter int unsigned NT       = 8,
  /// Injection-queue entries per SM.
  parameter int unsigned InjQ     = 8,
  /// 1: an MRPB in every SM.
  parameter int unsigned UseMrpb  = 0,
  /// Flits of a line on the crossbars (1 + Line / flit bytes).
  parameter int unsigned Flits    = 5,
  /// L2 sets per bank.
  parameter int unsigned L2Sets   = 64,
  /// L2 ways.
  parameter int unsigned L2Ways   = 16,
  /// L2 hit latency.
  parameter int unsigned L2Lat    = 80,
  /// L2 request-queue entries.
  parameter int unsigned L2ReqQ   = 8,
  /// L2 response-queue entries.
  parameter int unsigned L2RspQ   = 8,
  /// L1D sets.
  parameter int unsigned Sets     = 32,
  /// L1D ways.
  parameter int unsigned Ways     = 4,
  /// L1D line bytes.
  parameter int unsigned Line     = 128,
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
  /// Derived: do not override.
  parameter int unsigned WarpW    = (NW > 1) ? $clog2(NW) : 1,
  /// Derived: do not override.
  parameter int unsigned LaW      = AddrW - $clog2(Line),
  /// Derived: do not override.  SM-number bits of the bank messages.
  parameter int unsigned SmW      = 4
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // modes (constant for a run)
  input  logic              mode_sched_i,
  input  logic              mode_repl_i,
  input  logic              mode_wr_i,
  input  logic              mode_alloc_i,
  input  logic              mode_hash_i,
  input  logic              mode_ba_i,
  input  logic [7:0]        mode_ba_thr_i,
  input  logic [1:0]        mode_drain_i,
  input  logic              mode_greedy_i,
  input  logic              mode_flush_i,
  input  logic [1:0]        mode_bypass_i,
  input  logic              mode_slot_i,
  // the workload: the kernel the dispatcher runs
  output logic [31:0]       kern_o,
  output logic              kern_start_o,
  input  logic              kern_valid_i,
  input  logic [31:0]       kern_blocks_i,
  input  logic [7:0]        kern_warps_i,
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
  localparam int unsigned SW = (NSm > 1) ? $clog2(NSm) : 1;

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

  // the next kernel starts at this clock edge (the dispatcher's rule: every
  // block of kernel kern_o has gone and no SM is busy)
`ifdef FAULT_SHELL_KSTART
  assign kern_start_o = kern_valid_i && disp_block >= kern_blocks_i; // fault: blocks still running ignored
`else
  assign kern_start_o = kern_valid_i && disp_block >= kern_blocks_i && busy == '0;
`endif

  for (genvar i = 0; i < NSm; i++) begin : gen_sm
    // hook outputs nobody reads while the hooks are tied off
    logic              byp_valid, byp_store, l1d_take, l1d_byp, hk_disp_valid, hk_done_valid, hk_kern_start;
    logic [WarpW-1:0]  byp_warp;
    logic [$clog2(NT > 1 ? NT : 2)-1:0] byp_tb, hk_disp_slot, hk_done_slot;
    logic [31:0]       byp_block, byp_pc, hk_disp_block;
    logic [7:0]        ev, warps;
    logic [NW-1:0]     ibuf;
    logic              ccn_fill_ready, ccn_miss_valid, ccn_l2_ready, rmt_hit;
    logic [LaW-1:0]    ccn_miss_line;
    logic [Line*8-1:0] rmt_data;
    logic              unused_hooks;
    shell_sm #(
      .NW       (NW),
      .NT       (NT),
      .InjQ     (InjQ),
      .UseMrpb  (UseMrpb),
      .Sets     (Sets),
      .Ways     (Ways),
      .Line     (Line),
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
      .mode_ccn_i       (1'b0),
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
      .kern_start_i     (1'b0),
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
      .byp_i            (1'b0),
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
      .ccn_fill_valid_i (1'b0),
      .ccn_fill_line_i  ('0),
      .ccn_fill_ready_o (ccn_fill_ready),
      .ccn_mem_ready_i  (1'b1),
      .ccn_miss_valid_o (ccn_miss_valid),
      .ccn_miss_line_o  (ccn_miss_line),
      .ccn_l2_valid_i   (1'b0),
      .ccn_l2_line_i    ('0),
      .ccn_l2_ready_o   (ccn_l2_ready),
      .rmt_valid_i      (1'b0),
      .rmt_addr_i       ('0),
      .rmt_hit_o        (rmt_hit),
      .rmt_data_o       (rmt_data)
    );
    assign unused_hooks = ^{byp_valid, byp_store, l1d_take, l1d_byp, hk_disp_valid, hk_done_valid, hk_kern_start,
                           byp_warp, byp_tb, hk_disp_slot, hk_done_slot, byp_block, byp_pc, hk_disp_block, ev, warps,
                           ibuf, ccn_fill_ready, ccn_miss_valid, ccn_l2_ready, rmt_hit, ccn_miss_line, rmt_data};
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
    .IdW   (IdW),
    .SmW   (SmW),
    .Flits (Flits)
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
      .LaW  (LaW),
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
