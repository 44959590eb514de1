// mrmu -- miss rate monitor unit of two-level L1D bypassing (the two-level paper,
// Kim & Kim, JIPS 2021, Section 3): access and miss counters over a
// sampling period, and the first-level verdict on the miss rate.
//
// Counting (docs/bdu.md): an access is an L1D access that probed the cache
// (ev_access_i without ev_byp_i: a load bypassed by another mechanism did
// not); a miss is such an access with outcome MISS or HIT_RESERVED (the
// line was not there filled).  clr_i zeroes both counters (it wins over
// en_i); en_i counts this cycle's events.  At most one access per cycle
// and at most Period enabled cycles between clears, so CntW =
// clog2(Period+1) bits never overflow (13 bits for 5000 cycles, as in the
// paper).
// cls_o, from the registered counts, without a divider (thresholds in
// percent): 100*miss < L*acc -> BDU_CLS_LOW; else 100*miss > H*acc ->
// BDU_CLS_HIGH; else BDU_CLS_MID.  With no access both compares are false:
// MID (the occupancy decides).  The two threshold products are mul_u
// instances (i_mul_l, i_mul_h): cut points of make lec (rtl/prim/mul_u.sv).
// C mirror: csim/bdu/mrmu.{h,c}.
module mrmu #(
  // manifest: BDU params except=Hold,Warps
  /// sampling period in cycles (counters are clog2(PERIOD+1) bits: 13 for 5000) (BDU_PERIOD)
  parameter int unsigned Period = l1sys_pkg::BDU_PERIOD,
  // manifest: end
  /// Derived: do not override.  Counter bits.
  localparam int unsigned CntW = $clog2(Period + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            clr_i,
  input  logic            en_i,
  input  logic            ev_access_i,
  input  logic            ev_miss_i,
  input  logic            ev_hitres_i,
  input  logic            ev_byp_i,
  input  logic [6:0]      mode_thr_l_i,
  input  logic [6:0]      mode_thr_h_i,
  output logic [CntW-1:0] acc_o,
  output logic [CntW-1:0] miss_o,
  output logic [1:0]      cls_o
);
  localparam int unsigned PW = CntW + 7;  // product bits: 100 and the thresholds are < 128

  logic [CntW-1:0] acc_cnt_q, acc_cnt_d, miss_cnt_q, miss_cnt_d;
  logic            acc_inc, miss_inc;
  logic [PW-1:0]   miss100, acc_l, acc_h;

  always_comb begin
    acc_inc = ev_access_i && !ev_byp_i;
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_BDU_MISS) miss_inc = ev_miss_i && !ev_byp_i;  // injected: HIT_RESERVED not counted as a miss
    else
`endif
    miss_inc = (ev_miss_i || ev_hitres_i) && !ev_byp_i;
    acc_cnt_d  = acc_cnt_q;
    miss_cnt_d = miss_cnt_q;
    if (clr_i) begin
      acc_cnt_d  = '0;
      miss_cnt_d = '0;
    end else if (en_i) begin
      acc_cnt_d  = acc_cnt_q + CntW'(acc_inc);
      miss_cnt_d = miss_cnt_q + CntW'(miss_inc);
    end

    miss100 = PW'(miss_cnt_q) * PW'(100);
    if (miss100 < acc_l)      cls_o = l1sys_pkg::BDU_CLS_LOW;
    else if (miss100 > acc_h) cls_o = l1sys_pkg::BDU_CLS_HIGH;
    else                      cls_o = l1sys_pkg::BDU_CLS_MID;
  end

  mul_u #(.AW(CntW), .BW(7), .PW(PW)) i_mul_l (.a_i(acc_cnt_q), .b_i(mode_thr_l_i), .p_o(acc_l));
  mul_u #(.AW(CntW), .BW(7), .PW(PW)) i_mul_h (.a_i(acc_cnt_q), .b_i(mode_thr_h_i), .p_o(acc_h));

  assign acc_o  = acc_cnt_q;
  assign miss_o = miss_cnt_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_cnt_q  <= '0;
      miss_cnt_q <= '0;
    end else begin
      acc_cnt_q  <= acc_cnt_d;
      miss_cnt_q <= miss_cnt_d;
    end
  end
endmodule
