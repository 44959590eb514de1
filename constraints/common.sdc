# common.sdc -- the timing margins every constraints/<block>.sdc sources as
# its last line (one place for the values; docs/synthesis.md, "Constraints").
# Clock uncertainty 0.25 ns: the clocks are ideal (no clock tree is built
# before place and route), so setup is checked against a budget for skew
# (0.15 ns) plus cycle-to-cycle jitter (0.10 ns).
set_clock_uncertainty 0.25 [all_clocks]
# Derate: the OSU018 Liberty is one (typical) corner and has no wire-load
# model; late paths (setup) are slowed by 10 % and early paths (hold) sped
# up by 10 %, on cells and nets, for on-chip variation and the unmodelled
# wires.  This is a flat OCV derate, not a slow corner: SS/125C would cost
# more, and the library has none.
set_timing_derate -late 1.10
set_timing_derate -early 0.90
