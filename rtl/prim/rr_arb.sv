// rr_arb -- round-robin arbiter.  The requester at ptr_q has the highest
// priority, then ptr_q+1, ... wrapping.  Built from two prio_enc instances:
// one over the requests at or above ptr_q, one over all requests (used when
// none at or above ptr_q is set).
// Handshake: gnt_o/idx_o/valid_o are combinational from req_i and ptr_q;
// the grant is consumed in a cycle where valid_o and advance_i are high, and
// then ptr_q moves to the requester after the winner.
// C mirror: csim/prim/rr_arb.{h,c}.
module rr_arb #(
  /// Requesters.
  parameter int unsigned N    = 8,
  /// Derived: do not override.
  localparam int unsigned IdxW = (N > 1) ? $clog2(N) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N-1:0]    req_i,
  input  logic            advance_i,
  output logic [N-1:0]    gnt_o,
  output logic [IdxW-1:0] idx_o,
  output logic            valid_o
);
  logic [IdxW-1:0] ptr_q, ptr_d;
  logic [N-1:0]    upper_mask, req_upper, gnt_upper, gnt_all;
  logic [IdxW-1:0] idx_upper, idx_all;
  logic            valid_upper, valid_all;

  always_comb begin
    for (int unsigned i = 0; i < N; i++) upper_mask[i] = (IdxW'(i) >= ptr_q);
  end
  assign req_upper = req_i & upper_mask;

  prio_enc #(.N(N)) i_pe_upper (.req_i(req_upper), .onehot_o(gnt_upper), .idx_o(idx_upper), .valid_o(valid_upper));
  prio_enc #(.N(N)) i_pe_all   (.req_i(req_i),     .onehot_o(gnt_all),   .idx_o(idx_all),   .valid_o(valid_all));

`ifdef LS_FAULTS
  // injected FAULT_RR_ARB_NOGNT: no wrap-around -- nothing granted when every request is below the pointer
  assign gnt_o   = (valid_upper || ls_fault_pkg::sel == ls_fault_pkg::FAULT_RR_ARB_NOGNT) ? gnt_upper : gnt_all;
`else
  assign gnt_o   = valid_upper ? gnt_upper : gnt_all;
`endif
  assign idx_o   = valid_upper ? idx_upper : idx_all;
  assign valid_o = valid_all;

  always_comb begin
    ptr_d = ptr_q;
    if (valid_o && advance_i) begin
`ifdef LS_FAULTS
      if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_RR_ARB_PTR) ptr_d = idx_o;  // injected: the winner keeps the highest priority
      else
`endif
      ptr_d = (idx_o == IdxW'(N - 1)) ? '0 : idx_o + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_q <= '0;
    else         ptr_q <= ptr_d;
  end

`ifndef SYNTHESIS
  // Invariants (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"): one requester granted, exactly when
  // any requests; the pointer names a requester.
  always @(posedge clk_i or negedge rst_ni) begin : p_assert
    if (rst_ni) begin
      assert ($onehot0(gnt_o) && (gnt_o & ~req_i) == '0 && valid_o == (gnt_o != '0) && 32'(ptr_q) < N)
      else $error("rr_arb: a_grant_onehot: grant %b for requests %b, valid_o %b, pointer %0d of %0d: expected one requester granted exactly when any requests",
                  gnt_o, req_i, valid_o, ptr_q, N);
    end
  end
`endif
endmodule
