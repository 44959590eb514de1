// bdu -- bypassing decision unit of two-level L1D bypassing (the two-level paper,
// Kim & Kim, JIPS 2021): the schedule, the C/B mode decision, and the
// per-request bypass; instantiates the MRMU (i_mrmu) and the WOMU (i_womu).
//
// Schedule (phase_o, l1sys_pkg::BDU_PH_*; docs/bdu.md):
//   IDLE    after reset or kernel_start_i: C mode, waiting for the kernel's
//           first thread block (tb_disp_i) -- "sampling begins when a
//           thread block is allocated after a new kernel launches".
//   SAMPLE  Period cycles, C mode (the cache stays accessible), the
//           counters count.  Entered with a clear of MRMU and WOMU.
//   DECIDE  one cycle, C mode: mode = B if the MRMU says HIGH, or MID and
//           the WOMU says occupancy below W; else C.
//   HOLD    the decided mode for Hold cycles, then SAMPLE again; with
//           Hold = 0 the decision holds until the next kernel_start_i.
// kernel_start_i wins over everything (back to IDLE, C mode); with
// tb_disp_i in the same cycle sampling starts at once.  tb_disp_i in other
// phases is ignored.
// req_byp_o = req_valid_i && !req_store_i && B mode: loads bypass, stores
// still go to the cache (write-through), as the paper keeps coherence.
// C mirror: csim/bdu/bdu.{h,c}.
module bdu #(
  // manifest: BDU params
  /// sampling period in cycles (counters are clog2(PERIOD+1) bits: 13 for 5000) (BDU_PERIOD)
  parameter int unsigned Period = l1sys_pkg::BDU_PERIOD,
  /// cycles a decision holds before the next sampling period; 0 = until the next kernel (BDU_HOLD)
  parameter int unsigned Hold   = l1sys_pkg::BDU_HOLD,
  /// instruction-buffer entries (warps) of the SM the WOMU watches (BDU_WARPS)
  parameter int unsigned Warps  = l1sys_pkg::BDU_WARPS,
  // manifest: end
  /// Derived: do not override.  MRMU counter bits.
  localparam int unsigned CntW = $clog2(Period + 1),
  /// Derived: do not override.  Occupancy bits.
  localparam int unsigned OccW = $clog2(Warps + 1),
  /// Derived: do not override.
  localparam int unsigned TmW = $clog2(Period),
  /// Derived: do not override.
  localparam int unsigned HoldW = (Hold < 2) ? 1 : $clog2(Hold),
  /// Derived: do not override.  Timer bits.
  localparam int unsigned TimW = (TmW > HoldW) ? TmW : HoldW
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [6:0]       mode_thr_l_i,
  input  logic [6:0]       mode_thr_h_i,
  input  logic [OccW-1:0]  mode_thr_w_i,
  input  logic [1:0]       mode_womu_i,
  input  logic             kernel_start_i,
  input  logic             tb_disp_i,
  input  logic             ev_access_i,
  input  logic             ev_miss_i,
  input  logic             ev_hitres_i,
  input  logic             ev_byp_i,
  input  logic [Warps-1:0] ibuf_valid_i,
  input  logic             req_valid_i,
  input  logic             req_store_i,
  output logic             req_byp_o,
  output logic             bmode_o,
  output logic [1:0]       phase_o,
  output logic [1:0]       cls_o,
  output logic             occ_low_o,
  output logic [CntW-1:0]  acc_o,
  output logic [CntW-1:0]  miss_o,
  output logic [OccW-1:0]  occ_o
);
  logic [1:0]      phase_q, phase_d;
  logic [TimW-1:0] timer_q, timer_d;
  logic            bmode_q, bmode_d;
  logic            start_smp, en;

  mrmu #(
    // manifest: BDU pass except=Hold,Warps last
    .Period (Period)
    // manifest: end
  ) i_mrmu (
    .clk_i, .rst_ni,
    .clr_i(start_smp), .en_i(en),
    .ev_access_i, .ev_miss_i, .ev_hitres_i, .ev_byp_i,
    .mode_thr_l_i, .mode_thr_h_i,
    .acc_o, .miss_o, .cls_o
  );

  womu #(
    // manifest: BDU pass except=Hold last
    .Period (Period),
    .Warps  (Warps)
    // manifest: end
  ) i_womu (
    .clk_i, .rst_ni,
    .clr_i(start_smp), .en_i(en),
    .ibuf_valid_i, .mode_womu_i, .mode_thr_w_i,
    .occ_o, .low_o(occ_low_o)
  );

  always_comb begin
    phase_d   = phase_q;
    timer_d   = timer_q;
    bmode_d   = bmode_q;
    start_smp = 1'b0;
    en        = (phase_q == l1sys_pkg::BDU_PH_SAMPLE);
    if (kernel_start_i) begin
      phase_d   = l1sys_pkg::BDU_PH_IDLE;
      timer_d   = '0;
      bmode_d   = 1'b0;
      start_smp = tb_disp_i;
    end else begin
      unique case (phase_q)
        l1sys_pkg::BDU_PH_IDLE: start_smp = tb_disp_i;
        l1sys_pkg::BDU_PH_SAMPLE: begin
          if (timer_q == '0) phase_d = l1sys_pkg::BDU_PH_DECIDE;
          else               timer_d = timer_q - 1'b1;
        end
        l1sys_pkg::BDU_PH_DECIDE: begin
`ifdef LS_FAULTS
          if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_BDU_MID) bmode_d = (cls_o == l1sys_pkg::BDU_CLS_HIGH) || (cls_o == l1sys_pkg::BDU_CLS_MID && !occ_low_o);  // injected
          else
`endif
          bmode_d = (cls_o == l1sys_pkg::BDU_CLS_HIGH) || (cls_o == l1sys_pkg::BDU_CLS_MID && occ_low_o);
          phase_d = l1sys_pkg::BDU_PH_HOLD;
          if (Hold != 0) timer_d = TimW'(Hold - 1);
        end
        default: begin  // HOLD
          if (Hold != 0) begin
            if (timer_q == '0) start_smp = 1'b1;
            else               timer_d = timer_q - 1'b1;
          end
        end
      endcase
    end
    if (start_smp) begin
      phase_d = l1sys_pkg::BDU_PH_SAMPLE;
      timer_d = TimW'(Period - 1);
      bmode_d = 1'b0;
    end
  end

  assign req_byp_o = req_valid_i && !req_store_i && bmode_q;
  assign bmode_o   = bmode_q;
  assign phase_o   = phase_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= l1sys_pkg::BDU_PH_IDLE;
      timer_q <= '0;
      bmode_q <= 1'b0;
    end else begin
      phase_q <= phase_d;
      timer_q <= timer_d;
      bmode_q <= bmode_d;
    end
  end
endmodule
