// chss -- per-SM dynamic bypassing unit of coordinated static and dynamic
// cache bypassing (the coordinated-bypassing paper, Xie et al., HPCA 2015, Sections 3.2 and 5).
// docs/chss.md states every decision the paper leaves open.
//
// What it does, per SM:
//   - tags each dispatched thread block bg (bypass cm loads) or ba (cache
//     them) by Eq. 2: bg when Cur_bg < TB_bg, Cur_bg counted after this
//     cycle's commit;
//   - decides each load's bypass by Table 1 from its static tag (ca/cg/cm,
//     l1sys_pkg::CHSS_LD_*) and its block's tag: cg and cm-in-bg bypass;
//   - learns TB_bg (unless mode_follow_i): a sampling period is the lifetime
//     of the block whose dispatch brings Cur_bg to TB_bg (Step 2); at its
//     commit CHSS = Hits*L2_Latency/(Stall*WarpCount) (Eq. 1) is computed
//     by a radix-2 restoring divider (NumW cycles, one quotient bit each),
//     written to CHSS[TB_bg], and TB_bg moves to the best of itself and its
//     neighbours (Step 3, hill climbing).
// Control: mode_follow_i = 0 learns (decentralized, or SM0 of centralized
// control, whose tb_bg_o is the broadcast); 1 loads TB_bg from
// bcast_tbbg_i every cycle (the other SMs of centralized control).
//
// Ports (one-cycle pulses; payloads are meaningful only with their valid):
//   kernel_start_i, tb_max_i  a kernel starts (no block active, no dispatch
//                   or commit this cycle); tb_max_i = its TB_max, 1..TbSlots.
//                   Re-initializes everything (Step 1: TB_bg = TB_max).
//   disp_valid_i, disp_slot_i  a block dispatched into a free slot; its tag
//                   is disp_tag_o (1 = bg), combinational, same cycle.
//   cmt_valid_i, cmt_slot_i    the block in an active slot committed.  A
//                   commit and a dispatch in one cycle: the commit first.
//   ev_hit_i, ev_stall_i       the L1D's ev_hit_o and ev_stall_o.
//   warp_cnt_i      active warps of the SM (sampled at the period's end).
//   l2_lat_i        L2 latency in cycles (quasi-static).
//   ld_valid_i, ld_tag_i, ld_slot_i -> ld_byp_o  Table 1, combinational.
//   tb_bg_o, cur_bg_o, sampling_o (a period runs), busy_o (divider runs).
// C mirror: csim/chss/chss.{h,c} (same names, same statement order).
module chss #(
  // manifest: CHSS params
  /// thread-block slots per SM: the largest TB_max (table of TB_SLOTS+1 entries; 15 fits the paper's 4-bit registers) (CHSS_TB_SLOTS)
  parameter int unsigned TbSlots = l1sys_pkg::CHSS_TB_SLOTS,
  /// bits of the Hits and Stall counters of a sampling period (both halved together when one would overflow) (CHSS_CNT_W)
  parameter int unsigned CntW    = l1sys_pkg::CHSS_CNT_W,
  /// bits of the L2-latency input l2_lat_i (CHSS_LAT_W)
  parameter int unsigned LatW    = l1sys_pkg::CHSS_LAT_W,
  /// fraction bits of a CHSS value (table entries are CNT_W+LAT_W+FRAC_W <= 32 bits) (CHSS_FRAC_W)
  parameter int unsigned FracW   = l1sys_pkg::CHSS_FRAC_W,
  /// bits of the active-warp count input warp_cnt_i (CHSS_WARP_W)
  parameter int unsigned WarpW   = l1sys_pkg::CHSS_WARP_W,
  // manifest: end
  /// Derived: do not override.  Slot id bits.
  localparam int unsigned SlotW = $clog2(TbSlots),
  /// Derived: do not override.  Bits of TB_bg, Cur_bg, TB_max (0..TbSlots).
  localparam int unsigned TbW = $clog2(TbSlots + 1),
  /// Derived: do not override.  Numerator and CHSS value bits.
  localparam int unsigned NumW = CntW + LatW + FracW,
  /// Derived: do not override.  Denominator bits.
  localparam int unsigned DenW = CntW + WarpW,
  /// Derived: do not override.  Divider step-counter bits.
  localparam int unsigned DcW = $clog2(NumW + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             mode_follow_i,
  input  logic [TbW-1:0]   bcast_tbbg_i,
  input  logic             kernel_start_i,
  input  logic [TbW-1:0]   tb_max_i,
  input  logic             disp_valid_i,
  input  logic [SlotW-1:0] disp_slot_i,
  output logic             disp_tag_o,
  input  logic             cmt_valid_i,
  input  logic [SlotW-1:0] cmt_slot_i,
  input  logic             ev_hit_i,
  input  logic             ev_stall_i,
  input  logic [WarpW-1:0] warp_cnt_i,
  input  logic [LatW-1:0]  l2_lat_i,
  input  logic             ld_valid_i,
  input  logic [1:0]       ld_tag_i,
  input  logic [SlotW-1:0] ld_slot_i,
  output logic             ld_byp_o,
  output logic [TbW-1:0]   tb_bg_o,
  output logic [TbW-1:0]   cur_bg_o,
  output logic             sampling_o,
  output logic             busy_o
);
  localparam int unsigned TbW1 = TbW + 1;
  localparam int unsigned CntW1 = CntW + 1;
  localparam int unsigned DenW1 = DenW + 1;

  // ---- state
  logic [0:0]       tag_q [TbSlots];
  logic [0:0]       tag_d [TbSlots];
  logic [NumW-1:0]  chss_q [TbSlots + 1];
  logic [NumW-1:0]  chss_d [TbSlots + 1];
  logic [TbW-1:0]   cur_bg_q, cur_bg_d, tb_bg_q, tb_bg_d, tb_max_q, tb_max_d;
  logic             per_act_q, per_act_d;
  logic [SlotW-1:0] per_slot_q, per_slot_d;
  logic [CntW-1:0]  hit_cnt_q, hit_cnt_d, stall_cnt_q, stall_cnt_d;
  logic             div_busy_q, div_busy_d;
  logic [DcW-1:0]   div_cnt_q, div_cnt_d;
  logic [NumW-1:0]  div_num_q, div_num_d;
  logic [DenW-1:0]  div_rem_q, div_rem_d, div_den_q, div_den_d;

  // ---- combinational helpers
  logic             ld_bg, cmt_bg, per_start, per_end, ovf, q_bit, up_ok, dn_ok;
  logic [TbW-1:0]   cur1, cur2, best;
  logic [CntW1-1:0] hsum, ssum;
  logic [CntW-1:0]  hit_nxt, stall_nxt, stall_nz;
  logic [WarpW-1:0] warp_nz;
  logic [NumW-1:0]  num, num_new, up_v, dn_v, best_v;
  logic [DenW-1:0]  den, rem_new, rem_sub;
  logic [DenW1-1:0] rem_sh;

  always_comb begin
    for (int unsigned i = 0; i < TbSlots; i++) tag_d[i] = tag_q[i];
    for (int unsigned i = 0; i <= TbSlots; i++) chss_d[i] = chss_q[i];
    cur_bg_d    = cur_bg_q;
    tb_bg_d     = tb_bg_q;
    tb_max_d    = tb_max_q;
    per_act_d   = per_act_q;
    per_slot_d  = per_slot_q;
    hit_cnt_d   = hit_cnt_q;
    stall_cnt_d = stall_cnt_q;
    div_busy_d  = div_busy_q;
    div_cnt_d   = div_cnt_q;
    div_num_d   = div_num_q;
    div_rem_d   = div_rem_q;
    div_den_d   = div_den_q;

    // ---- Table 1: the load's bypass from its tag and its block's tag
    ld_bg = 1'b0;
    for (int unsigned i = 0; i < TbSlots; i++) if (SlotW'(i) == ld_slot_i) ld_bg = tag_q[i];
    ld_byp_o = ld_valid_i && ((ld_tag_i == l1sys_pkg::CHSS_LD_CG) || (ld_tag_i == l1sys_pkg::CHSS_LD_CM && ld_bg));

    // ---- commit, then dispatch: Cur_bg and Eq. 2
    cmt_bg = 1'b0;
    for (int unsigned i = 0; i < TbSlots; i++) if (SlotW'(i) == cmt_slot_i) cmt_bg = tag_q[i];
    cur1 = cur_bg_q;
    if (cmt_valid_i && cmt_bg && cur_bg_q != '0) cur1 = cur_bg_q - 1'b1;
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CHSS_EQ2) disp_tag_o = disp_valid_i && (cur1 <= tb_bg_q);  // injected: bg also when Cur_bg == TB_bg
    else
`endif
    disp_tag_o = disp_valid_i && (cur1 < tb_bg_q);
    cur2 = cur1 + TbW'(disp_tag_o);
    if (cmt_valid_i) begin
      for (int unsigned i = 0; i < TbSlots; i++) if (SlotW'(i) == cmt_slot_i) tag_d[i] = 1'b0;
    end
    if (disp_valid_i) begin
      for (int unsigned i = 0; i < TbSlots; i++) if (SlotW'(i) == disp_slot_i) tag_d[i] = disp_tag_o;
    end
    cur_bg_d = cur2;

    // ---- period counters: both halved when either would overflow
    hsum = {1'b0, hit_cnt_q} + CntW1'(ev_hit_i);
    ssum = {1'b0, stall_cnt_q} + CntW1'(ev_stall_i);
    ovf  = hsum[CntW] || ssum[CntW];
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CHSS_HALVE) hit_nxt = hsum[CntW] ? hsum[CntW:1] : hsum[CntW-1:0];  // injected: Hits not halved with Stall
    else
`endif
    hit_nxt = ovf ? hsum[CntW:1] : hsum[CntW-1:0];
    stall_nxt = ovf ? ssum[CntW:1] : ssum[CntW-1:0];

    // ---- Eq. 1 operands at the period's end (zero Stall or WarpCount count as 1)
    stall_nz = (stall_nxt == '0) ? CntW'(1) : stall_nxt;
    warp_nz  = (warp_cnt_i == '0) ? WarpW'(1) : warp_cnt_i;
    num      = (NumW'(hit_nxt) * NumW'(l2_lat_i)) << FracW;
    den      = DenW'(stall_nz) * DenW'(warp_nz);

    // ---- one restoring-division step
    rem_sh  = {div_rem_q, div_num_q[NumW-1]};
    rem_sub = rem_sh[DenW-1:0] - div_den_q;  // < div_den_q when q_bit: the low bits suffice
`ifdef LS_FAULTS
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_CHSS_DIV) q_bit   = rem_sh > {1'b0, div_den_q};  // injected: equal remainder not subtracted
    else
`endif
    q_bit   = rem_sh >= {1'b0, div_den_q};
    rem_new = q_bit ? rem_sub : rem_sh[DenW-1:0];
    num_new = {div_num_q[NumW-2:0], q_bit};

    // ---- hill climbing on the new CHSS[TB_bg]: strictly better moves,
    // a tie between the neighbours goes to TB_bg - 1
    up_ok = tb_bg_q < tb_max_q;
    dn_ok = tb_bg_q != '0;
    up_v  = '0;
    dn_v  = '0;
    for (int unsigned i = 0; i <= TbSlots; i++) begin
      if (TbW1'(i) == TbW1'(tb_bg_q) + TbW1'(1)) up_v = chss_q[i];
      if (TbW1'(i) + TbW1'(1) == TbW1'(tb_bg_q)) dn_v = chss_q[i];
    end
    best   = tb_bg_q;
    best_v = num_new;
    if (dn_ok && dn_v > best_v) begin
      best   = tb_bg_q - 1'b1;
      best_v = dn_v;
    end
    if (up_ok && up_v > best_v) best = tb_bg_q + 1'b1;

    // ---- Step 2: period start and end
    per_end   = per_act_q && cmt_valid_i && (cmt_slot_i == per_slot_q);
    per_start = !per_act_q && !div_busy_q && disp_valid_i && (cur2 == tb_bg_q) && (disp_tag_o || tb_bg_q == '0);

    if (kernel_start_i) begin
      // Step 1: a new kernel
      for (int unsigned i = 0; i < TbSlots; i++) tag_d[i] = 1'b0;
      for (int unsigned i = 0; i <= TbSlots; i++) chss_d[i] = '1;
      cur_bg_d    = '0;
      tb_max_d    = tb_max_i;
      tb_bg_d     = mode_follow_i ? bcast_tbbg_i : tb_max_i;
      per_act_d   = 1'b0;
      per_slot_d  = '0;
      hit_cnt_d   = '0;
      stall_cnt_d = '0;
      div_busy_d  = 1'b0;
      div_cnt_d   = '0;
      div_num_d   = '0;
      div_rem_d   = '0;
      div_den_d   = '0;
    end else if (mode_follow_i) begin
      tb_bg_d    = bcast_tbbg_i;
      per_act_d  = 1'b0;
      div_busy_d = 1'b0;
    end else begin
      if (per_start) begin
        per_act_d   = 1'b1;
        per_slot_d  = disp_slot_i;
        hit_cnt_d   = '0;
        stall_cnt_d = '0;
      end else if (per_act_q) begin
        hit_cnt_d   = hit_nxt;
        stall_cnt_d = stall_nxt;
      end
      if (per_end) begin
        per_act_d  = 1'b0;
        div_busy_d = 1'b1;
        div_cnt_d  = DcW'(NumW);
        div_num_d  = num;
        div_rem_d  = '0;
        div_den_d  = den;
      end
      if (div_busy_q) begin
        div_num_d = num_new;
        div_rem_d = rem_new;
        div_cnt_d = div_cnt_q - 1'b1;
        if (div_cnt_q == DcW'(1)) begin
          // Step 3: store CHSS[TB_bg], move TB_bg
          div_busy_d = 1'b0;
          for (int unsigned i = 0; i <= TbSlots; i++) if (TbW'(i) == tb_bg_q) chss_d[i] = num_new;
          tb_bg_d = best;
        end
      end
    end
  end

  assign tb_bg_o    = tb_bg_q;
  assign cur_bg_o   = cur_bg_q;
  assign sampling_o = per_act_q;
  assign busy_o     = div_busy_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned i = 0; i < TbSlots; i++) tag_q[i] <= 1'b0;
      for (int unsigned i = 0; i <= TbSlots; i++) chss_q[i] <= '1;
      cur_bg_q    <= '0;
      tb_bg_q     <= TbW'(TbSlots);
      tb_max_q    <= TbW'(TbSlots);
      per_act_q   <= 1'b0;
      per_slot_q  <= '0;
      hit_cnt_q   <= '0;
      stall_cnt_q <= '0;
      div_busy_q  <= 1'b0;
      div_cnt_q   <= '0;
      div_num_q   <= '0;
      div_rem_q   <= '0;
      div_den_q   <= '0;
    end else begin
      for (int unsigned i = 0; i < TbSlots; i++) tag_q[i] <= tag_d[i];
      for (int unsigned i = 0; i <= TbSlots; i++) chss_q[i] <= chss_d[i];
      cur_bg_q    <= cur_bg_d;
      tb_bg_q     <= tb_bg_d;
      tb_max_q    <= tb_max_d;
      per_act_q   <= per_act_d;
      per_slot_q  <= per_slot_d;
      hit_cnt_q   <= hit_cnt_d;
      stall_cnt_q <= stall_cnt_d;
      div_busy_q  <= div_busy_d;
      div_cnt_q   <= div_cnt_d;
      div_num_q   <= div_num_d;
      div_rem_q   <= div_rem_d;
      div_den_q   <= div_den_d;
    end
  end
endmodule
