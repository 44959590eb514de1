// shell_byp -- one SM's bypass controller in the GPU shell (docs/shell.md,
// "Hook points", "Bypass schemes", "The bypass hook in RTL"): decides, for
// the load the SM presents to its L1D this cycle, whether it bypasses (the
// L1D's req_byp_i).  Instantiates the two-level paper's BDU (i_bdu, rtl/bdu/bdu.sv)
// and the coordinated-bypassing paper's CHSS unit (i_chss, rtl/chss/chss.sv); the scheme is the
// mode input mode_scheme_i (l1sys_pkg::SHELL_BYPASS_*), held for a run:
//   NONE      never bypass
//   ALL       every load bypasses
//   TWOLEVEL  the BDU: loads bypass in B mode
//   STATIC    loads whose static tag (req_tag_i) is cg bypass
//   CHSS      every load is cm: it bypasses when its block is tagged bg
//   COORD     Table 1: cg bypasses, cm bypasses in bg blocks, ca is cached
// A unit the scheme does not use sees no pulse (its kernel start, dispatch,
// commit, follow mode and L1D events are gated off), so it stays in its
// reset state.
//
// Ports (pulses last one cycle; a payload means something only with its
// valid):
//   req_valid_i, req_store_i, req_slot_i   the request presented to the L1D
//                 this cycle and its warp's TB slot; byp_o is combinational
//                 from the registers and these (stores never bypass).
//   req_tag_i     the presented load's static tag (l1sys_pkg::CHSS_LD_*):
//                 workload data, answered by the environment from the
//                 classifier's table for the running kernel and the load's
//                 pc (the trace carries no tag bits); only STATIC and COORD
//                 read it.
//   ev_*_i        the L1D's ev_*_o pulses of this cycle.
//   kernel_start_i, tb_max_i   a kernel starts (and its TB_max); the
//                 environment pulses it for kernel 0 in the first cycle
//                 after reset too.
//   disp_valid_i, disp_slot_i  a block dispatched into a TB slot;
//                 disp_tag_o its CHSS tag (1 = bg), same cycle.
//   done_valid_i, done_slot_i  the block of a TB slot finished.
//   ibuf_valid_i  bit w: warp slot w holds a valid instruction (WOMU).
//   warp_cnt_i    active warps of the SM (CHSS Eq. 1).
//   mode_follow_i, lead_tbbg_i  centralized CHSS control: SMs other than
//                 SM0 follow lead_tbbg_i, SM0's tb_bg_o (a register).
// C mirror: csim/shell/shell_byp.{h,c} (shell_byp_hw_*: same ports, same
// instances; the hook around it keeps the environment and statistics).
module shell_byp #(
  /// Thread-block slots of the SM (SHELL_TBS; 2..15, one CHSS slot each).
  parameter int unsigned TbSlots = l1sys_pkg::SHELL_TBS,
  /// Warp slots of the SM (SHELL_WARPS): the WOMU's instruction buffer.
  parameter int unsigned Warps = l1sys_pkg::SHELL_WARPS,
  // manifest: BDU params except=Warps
  /// sampling period in cycles (counters are clog2(PERIOD+1) bits: 13 for 5000) (BDU_PERIOD)
  parameter int unsigned Period = l1sys_pkg::BDU_PERIOD,
  /// cycles a decision holds before the next sampling period; 0 = until the next kernel (BDU_HOLD)
  parameter int unsigned Hold   = l1sys_pkg::BDU_HOLD,
  // manifest: end
  // manifest: CHSS params except=TbSlots
  /// bits of the Hits and Stall counters of a sampling period (both halved together when one would overflow) (CHSS_CNT_W)
  parameter int unsigned CntW  = l1sys_pkg::CHSS_CNT_W,
  /// bits of the L2-latency input l2_lat_i (CHSS_LAT_W)
  parameter int unsigned LatW  = l1sys_pkg::CHSS_LAT_W,
  /// fraction bits of a CHSS value (table entries are CNT_W+LAT_W+FRAC_W <= 32 bits) (CHSS_FRAC_W)
  parameter int unsigned FracW = l1sys_pkg::CHSS_FRAC_W,
  /// bits of the active-warp count input warp_cnt_i (CHSS_WARP_W)
  parameter int unsigned WarpW = l1sys_pkg::CHSS_WARP_W,
  // manifest: end
  /// Derived: do not override.  TB slot id bits.
  localparam int unsigned SlotW = $clog2(TbSlots),
  /// Derived: do not override.  TB_bg / TB_max bits.
  localparam int unsigned TbW = $clog2(TbSlots + 1),
  /// Derived: do not override.  BDU occupancy bits.
  localparam int unsigned OccW = $clog2(Warps + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [2:0]       mode_scheme_i,
  input  logic             mode_follow_i,
  input  logic [6:0]       mode_thr_l_i,
  input  logic [6:0]       mode_thr_h_i,
  input  logic [OccW-1:0]  mode_thr_w_i,
  input  logic [1:0]       mode_womu_i,
  input  logic [LatW-1:0]  l2_lat_i,
  input  logic             req_valid_i,
  input  logic             req_store_i,
  input  logic [SlotW-1:0] req_slot_i,
  input  logic [1:0]       req_tag_i,
  output logic             byp_o,
  input  logic             ev_access_i,
  input  logic             ev_miss_i,
  input  logic             ev_hitres_i,
  input  logic             ev_byp_i,
  input  logic             ev_hit_i,
  input  logic             ev_stall_i,
  input  logic             kernel_start_i,
  input  logic [TbW-1:0]   tb_max_i,
  input  logic             disp_valid_i,
  input  logic [SlotW-1:0] disp_slot_i,
  output logic             disp_tag_o,
  input  logic             done_valid_i,
  input  logic [SlotW-1:0] done_slot_i,
  input  logic [Warps-1:0] ibuf_valid_i,
  input  logic [WarpW-1:0] warp_cnt_i,
  input  logic [TbW-1:0]   lead_tbbg_i,
  output logic [TbW-1:0]   tb_bg_o,
  output logic             bmode_o
);
  logic use_bdu, use_chss;
  logic bdu_byp, chss_byp;
  logic [1:0] ld_tag;
  // BDU and CHSS observation outputs the shell does not read
  logic [1:0] unused_phase, unused_cls;
  logic unused_occ_low, unused_obs;
  logic [$clog2(Period + 1)-1:0] unused_acc, unused_miss;
  logic [OccW-1:0] unused_occ;
  logic [TbW-1:0] unused_cur_bg;
  logic unused_sampling, unused_busy;

  assign use_bdu  = mode_scheme_i == 3'(l1sys_pkg::SHELL_BYPASS_TWOLEVEL);
  assign use_chss = mode_scheme_i == 3'(l1sys_pkg::SHELL_BYPASS_CHSS) ||
                    mode_scheme_i == 3'(l1sys_pkg::SHELL_BYPASS_COORD);
  // CHSS: every load is cm; COORD: the load's static tag
  assign ld_tag   = (mode_scheme_i == 3'(l1sys_pkg::SHELL_BYPASS_COORD)) ? req_tag_i : 2'(l1sys_pkg::CHSS_LD_CM);

  bdu #(
    .Warps  (Warps),
    // manifest: BDU pass except=Warps last
    .Period (Period),
    .Hold   (Hold)
    // manifest: end
  ) i_bdu (
    .clk_i, .rst_ni,
    .mode_thr_l_i, .mode_thr_h_i, .mode_thr_w_i, .mode_womu_i,
    .kernel_start_i(use_bdu && kernel_start_i),
    .tb_disp_i     (use_bdu && disp_valid_i),
    .ev_access_i   (use_bdu && ev_access_i),
    .ev_miss_i     (use_bdu && ev_miss_i),
    .ev_hitres_i   (use_bdu && ev_hitres_i),
    .ev_byp_i      (use_bdu && ev_byp_i),
    .ibuf_valid_i,
    .req_valid_i, .req_store_i,
    .req_byp_o(bdu_byp),
    .bmode_o,
    .phase_o(unused_phase), .cls_o(unused_cls), .occ_low_o(unused_occ_low),
    .acc_o(unused_acc), .miss_o(unused_miss), .occ_o(unused_occ)
  );

  chss #(
    .TbSlots (TbSlots),
    // manifest: CHSS pass except=TbSlots last
    .CntW  (CntW),
    .LatW  (LatW),
    .FracW (FracW),
    .WarpW (WarpW)
    // manifest: end
  ) i_chss (
    .clk_i, .rst_ni,
    .mode_follow_i (use_chss && mode_follow_i),
    .bcast_tbbg_i  (lead_tbbg_i),
    .kernel_start_i(use_chss && kernel_start_i),
    .tb_max_i,
    .disp_valid_i  (use_chss && disp_valid_i),
    .disp_slot_i,
    .disp_tag_o,
    .cmt_valid_i   (use_chss && done_valid_i),
    .cmt_slot_i    (done_slot_i),
    .ev_hit_i      (use_chss && ev_hit_i),
    .ev_stall_i    (use_chss && ev_stall_i),
    .warp_cnt_i, .l2_lat_i,
    .ld_valid_i    (req_valid_i && !req_store_i),
    .ld_tag_i      (ld_tag),
    .ld_slot_i     (req_slot_i),
    .ld_byp_o      (chss_byp),
    .tb_bg_o,
    .cur_bg_o      (unused_cur_bg),
    .sampling_o    (unused_sampling),
    .busy_o        (unused_busy)
  );
  assign unused_obs = ^{unused_phase, unused_cls, unused_occ_low, unused_acc, unused_miss, unused_occ,
                                      unused_cur_bg, unused_sampling, unused_busy};

  always_comb begin
    logic b;
    b = 1'b0;
    unique case (mode_scheme_i)
      3'(l1sys_pkg::SHELL_BYPASS_ALL):      b = 1'b1;
      3'(l1sys_pkg::SHELL_BYPASS_TWOLEVEL): b = bdu_byp;
`ifdef LS_FAULTS
      3'(l1sys_pkg::SHELL_BYPASS_STATIC):   b = (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SHELL_BYP_STATIC) ? req_tag_i != 2'(l1sys_pkg::CHSS_LD_CA) : req_tag_i == 2'(l1sys_pkg::CHSS_LD_CG);  // injected: cm bypasses too
`else
      3'(l1sys_pkg::SHELL_BYPASS_STATIC):   b = req_tag_i == 2'(l1sys_pkg::CHSS_LD_CG);
`endif
      3'(l1sys_pkg::SHELL_BYPASS_CHSS),
      3'(l1sys_pkg::SHELL_BYPASS_COORD):    b = chss_byp;
      default:                              b = 1'b0;  // NONE
    endcase
    byp_o = req_valid_i && !req_store_i && b;
  end
endmodule
