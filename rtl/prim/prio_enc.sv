// prio_enc -- fixed-priority encoder with valid: the lowest-numbered set
// request wins.  Built as a one-hot stage (isolate the lowest set bit) and a
// one-hot-to-binary encoder (an OR tree), the BaseJump split.
// The MRPB fixed-order drain selector is a 48-input instance of it.
// Purely combinational.  C mirror: csim/prim/prio_enc.{h,c}.
module prio_enc #(
  /// Requesters.
  parameter int unsigned N    = 8,
  /// Derived: do not override.
  localparam int unsigned IdxW = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0]    req_i,
  output logic [N-1:0]    onehot_o,
  output logic [IdxW-1:0] idx_o,
  output logic            valid_o
);
  // One-hot stage: x & -x keeps only the lowest set bit.
`ifdef LS_FAULTS
  // Injected fault: bits 0 and 1 swap priority.
  logic [N-1:0] req_swapped;
  always_comb begin
    req_swapped = req_i;
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_PRIO_ENC_ORDER && N > 1 && req_i[0] && req_i[1]) req_swapped[0] = 1'b0;
  end
  assign onehot_o = req_swapped & (~req_swapped + 1'b1);
`else
  assign onehot_o = req_i & (~req_i + 1'b1);
`endif
  assign valid_o  = |req_i;

  // Encoder: OR together the indices of the (single) set bit.
  always_comb begin
    idx_o = '0;
    for (int unsigned i = 0; i < N; i++) begin
      if (onehot_o[i]) idx_o = idx_o | IdxW'(i);
    end
  end

`ifndef SYNTHESIS
  // Invariant (checked under Verilator's --assert in every lockstep run,
  // docs/lockstep.md "RTL assertions"): the grant is the lowest request,
  // one-hot, valid exactly when some request is, and idx_o names it.
  always_comb begin : p_assert
    assert (onehot_o == (req_i & (~req_i + 1'b1)) && valid_o == (req_i != '0) && (!valid_o || onehot_o[idx_o]))
    else $error("prio_enc: a_lowest_onehot: grant %b (index %0d) for requests %b: expected the lowest request, one-hot",
                onehot_o, idx_o, req_i);
  end
`endif
endmodule
