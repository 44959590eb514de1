// shell_disp -- the GPU shell's thread-block dispatcher (docs/shell.md,
// "Dispatcher, crossbars, L2, DRAM").  One block a cycle to the first SM
// (round-robin from rr_q) with a free TB slot and enough free warp slots;
// when every block of kernel kern_q has gone and no SM is busy, the next
// kernel starts.  The environment describes kernel kern_o (kern_valid_i,
// kern_blocks_i, kern_warps_i).  free_warps_i: 8 bits per SM, packed.
// C mirror: csim/shell/shell_disp.{h,c} (same names, same statement order).
module shell_disp #(
  /// SMs (1..128).
  parameter int unsigned NSm = l1sys_pkg::SHELL_SMS,
  /// Derived: do not override.
  localparam int unsigned SW  = (NSm > 1) ? $clog2(NSm) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  output logic [31:0]     kern_o,
  input  logic            kern_valid_i,
  input  logic [31:0]     kern_blocks_i,
  input  logic [7:0]      kern_warps_i,
  input  logic [NSm-1:0]   tb_free_i,
  input  logic [NSm*8-1:0] free_warps_i,
  input  logic [NSm-1:0]   sm_busy_i,
  output logic            disp_valid_o,
  output logic [SW-1:0]   disp_sm_o,
  output logic [31:0]     disp_block_o
);
  logic [31:0] kern_q, kern_d, next_q, next_d;
  logic [SW-1:0] rr_q, rr_d;

  // The round-robin search reads a per-SM "fits" vector computed by fixed
  // index and wraps its index by one subtraction (rr_q reduced modulo NSm
  // first, by one conditional subtraction: an SW-bit rr_q is below 2*NSm;
  // so a random initial state wraps as the C model's modulo does):
  // no divider or run-time part-select per step (docs/synthesis.md).
  logic [NSm-1:0] fits;  // SM s can take a block of the kernel now
  always_comb begin
    for (int unsigned k = 0; k < NSm; k++) fits[k] = tb_free_i[k] && free_warps_i[k*8 +: 8] >= kern_warps_i;
  end

  always_comb begin
    int unsigned s;
    int unsigned r;
    logic found;
    s = 0;
    r = 32'(rr_q);
    if (r >= NSm) r = r - NSm;
    found = 1'b0;
    kern_d = kern_q;
    next_d = next_q;
    rr_d = rr_q;
    kern_o = kern_q;
    disp_valid_o = 1'b0;
    disp_sm_o = '0;
    disp_block_o = next_q;
    if (kern_valid_i) begin
      if (next_q < kern_blocks_i) begin
        for (int unsigned k = 0; k < NSm; k++) begin
          s = r + k;
          if (s >= NSm) s = s - NSm;
          if (!found && fits[s]) begin
            found = 1'b1;
            disp_valid_o = 1'b1;
            disp_sm_o = SW'(s);
            next_d = next_q + 1;
            rr_d = (s + 1 == NSm) ? '0 : SW'(s + 1);
          end
        end
      end else if (sm_busy_i == '0) begin
        kern_d = kern_q + 1;
`ifdef LS_FAULTS
        if (ls_fault_pkg::sel != ls_fault_pkg::FAULT_SHELL_DISP_KERN)  // injected: the next kernel's block count does not restart
`endif
        next_d = '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      kern_q <= '0;
      next_q <= '0;
      rr_q <= '0;
    end else begin
      kern_q <= kern_d;
      next_q <= next_d;
      rr_q <= rr_d;
    end
  end
endmodule
