# fifo_sync_sram.sdc -- timing constraints of fifo_sync_sram for OpenSTA (scripts/synth.sh, docs/synthesis.md).
# FIFO on a synchronous-read SRAM: pointers, count, out_src_q, the bypass register
# byp_q, and the mem_1r1w_sync body (SRAM macro, clk_i -> rdata_o arc).
# Clock target: `set period` (ns); the flow reads this line and also gives
# it to ABC as its delay target.  Inputs arrive input_delay after the clock
# edge (from a flip-flop of the neighbouring block plus wire), outputs must be
# valid output_delay before the next edge (the neighbour's logic and setup).
# Drive: an INVX1 of the library; load: 4 INVX1 inputs per output.
set period 5.0
set input_delay 1.0
set output_delay 1.0
create_clock -name clk -period $period [get_ports clk_i]
set_input_delay $input_delay -clock clk [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_output_delay $output_delay -clock clk [all_outputs]
set_driving_cell -lib_cell INVX1 -pin Y [delete_from_list [all_inputs] [get_ports {clk_i}]]
set_load 0.04 [all_outputs]
# rst_ni: asynchronous reset, released synchronously by the system (not timed here)
set_false_path -from [get_ports rst_ni]
# clock uncertainty and derate: constraints/common.sdc, one place for every block (read from the repository root, as every flow script runs)
source constraints/common.sdc
