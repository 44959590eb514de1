// prio_enc -- fixed-priority encoder with valid: the lowest-numbered set
// request wins.  The one-hot grant is the requests with none below them,
// "none below" a log-step prefix OR rather than the carry chain of x & -x;
// the index ORs the grants under a constant mask per bit (docs/synthesis.md,
// "prio_enc").
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
  // The requests the grant is made from.
  logic [N-1:0] req;
`ifdef LS_FAULTS
  // Injected fault: bits 0 and 1 swap priority.
  always_comb begin
    req = req_i;
    if (ls_fault_pkg::sel == ls_fault_pkg::FAULT_PRIO_ENC_ORDER && N > 1 && req_i[0] && req_i[1]) req[0] = 1'b0;
  end
`else
  assign req = req_i;
`endif
  // One-hot stage: request i wins when no request is below it.  "Some
  // request below i" is a prefix OR made in log2(N) steps (p |= p << 2^k),
  // not the carry network of x & -x; it is also a few word operations a
  // step for Verilator.
  logic [N-1:0] below;
  always_comb begin
    below = req << 1;
    for (int unsigned k = 1; k < N; k = k * 2) below = below | (below << k);
  end
  assign onehot_o = req & ~below;
  assign valid_o  = |req_i;

  // Index: bit b ORs the grants at the positions whose index has bit b set
  // (a constant mask per bit), an OR tree after the prefix.
  function automatic logic [IdxW*N-1:0] idx_masks();
    for (int unsigned b = 0; b < IdxW; b++)
      for (int unsigned i = 0; i < N; i++) idx_masks[b*N + i] = ((i >> b) & 1) != 0;
  endfunction
  localparam logic [IdxW*N-1:0] Masks = idx_masks();
  always_comb begin
    for (int unsigned b = 0; b < IdxW; b++) idx_o[b] = |(onehot_o & Masks[b*N +: N]);
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
