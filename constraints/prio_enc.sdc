# prio_enc.sdc -- timing constraints of prio_enc for OpenSTA (scripts/synth.sh, docs/synthesis.md).
# Priority encoder: purely combinational (no clock port).  Timed as a path
# between registers of a surrounding block: a virtual clock of `set period`
# ns, inputs launched input_delay after its edge, outputs captured
# output_delay before the next edge; Fmax = 1 / (period - slack).
# Drive: an INVX1 of the library; load: 4 INVX1 inputs per output.
set period 5.0
set input_delay 1.0
set output_delay 1.0
create_clock -name clk -period $period
set_input_delay $input_delay -clock clk [all_inputs]
set_output_delay $output_delay -clock clk [all_outputs]
set_driving_cell -lib_cell INVX1 -pin Y [all_inputs]
set_load 0.04 [all_outputs]
# clock uncertainty and derate: constraints/common.sdc, one place for every block (read from the repository root, as every flow script runs)
source constraints/common.sdc
