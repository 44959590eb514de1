// sat_cnt -- saturating up/down counter with clear.
// Per cycle: clr_i wins; else inc_i alone adds one unless at the maximum;
// dec_i alone subtracts one unless at zero; both together hold.
// value_o is the registered count.  C mirror: csim/prim/sat_cnt.{h,c}.
module sat_cnt #(
  /// Bits of the count.
  parameter int unsigned Width = 4
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clr_i,
  input  logic             inc_i,
  input  logic             dec_i,
  output logic [Width-1:0] value_o,
  output logic             max_o
);
  logic [Width-1:0] value_q, value_d;

  assign value_o = value_q;
  assign max_o   = &value_q;

  always_comb begin
    value_d = value_q;
    if (clr_i)                            value_d = '0;
`ifdef LS_FAULTS
    else if (inc_i && !dec_i && (ls_fault_pkg::sel == ls_fault_pkg::FAULT_SAT_CNT_WRAP || !max_o)) value_d = value_q + 1'b1; // injected: wraps at the top
`else
    else if (inc_i && !dec_i && !max_o)   value_d = value_q + 1'b1;
`endif
    else if (dec_i && !inc_i && |value_q) value_d = value_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) value_q <= '0;
    else         value_q <= value_d;
  end
endmodule
