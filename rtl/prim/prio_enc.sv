// prio_enc -- fixed-priority encoder with valid: the lowest-numbered set
// request wins.  The one-hot grant isolates the lowest set bit (x & -x);
// the index does not wait for it: a binary tree over the requests, each
// node keeping (any request below it, the lowest one's index), so its
// depth is log2(N) selects rather than the carry chain of -x and an OR
// encoder after it (docs/synthesis.md, "prio_enc").
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
  // One-hot stage: x & -x keeps only the lowest set bit.
  assign onehot_o = req & (~req + 1'b1);
  assign valid_o  = |req_i;

  // Index: a tree of NP = 2^IdxW leaves (requests past N are 0), kept in
  // place (level l leaves NP >> l nodes at the bottom).  A node takes its
  // lower child's index when that child has a request, else the upper
  // child's with bit l set when it has one, else 0: no request gives index 0.
  localparam int unsigned NP = 1 << IdxW;
  logic [NP-1:0]      tv;
  logic [NP*IdxW-1:0] ti;
  always_comb begin
    tv = '0;
    ti = '0;
    for (int unsigned i = 0; i < N; i++) tv[i] = req[i];
    for (int unsigned l = 0; l < IdxW; l++)
      for (int unsigned i = 0; i < (NP >> (l + 1)); i++) begin
        if (!tv[2*i] && tv[2*i + 1]) ti[i*IdxW +: IdxW] = ti[(2*i + 1)*IdxW +: IdxW] | IdxW'(1 << l);
        else                         ti[i*IdxW +: IdxW] = ti[2*i*IdxW +: IdxW];
        tv[i] = tv[2*i] | tv[2*i + 1];
      end
    idx_o = ti[IdxW-1:0];
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
