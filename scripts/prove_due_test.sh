#!/usr/bin/env bash
# prove_due_test.sh -- part of `make test`: the L2 bank's stamp compare
# (rtl/shell/shell_l2.sv, functions lt31 and due: a prefix tree, written for
# timing; docs/synthesis.md, "A compare on the critical path as a prefix
# tree") equals the subtraction it replaces, $signed(ts - now) <= 0 (the C
# model's shell_l2_head_ready), for all 2^64 inputs: Yosys' sat proves it on
# the functions' own text, taken from the RTL file.  Lockstep alone cannot
# show it: the tree's upper nodes decide only when the stamps differ above
# bit 16, which a run of 10^5 cycles from reset barely reaches.  Teeth: the
# same proof on a copy whose top node is left out (s == 16) must fail.
# One PASS/FAIL line each.
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fns=$(sed -n '/function automatic logic lt31/,/^  endfunction/p;/function automatic logic due(/,/^  endfunction/p' rtl/shell/shell_l2.sv)
if [ -z "$fns" ] || ! grep -q 'l\[i\] = l\[i + s\] | (e\[i + s\] & l\[i\]);' <<<"$fns"; then
  echo "FAIL prove due: lt31/due not found in rtl/shell/shell_l2.sv in the form this test knows"; exit 0
fi
mk() { printf 'module due_chk(input logic [31:0] ts, input logic [31:0] now, output logic ok);\n%s\n  assign ok = due(ts, now) == ($signed(ts - now) <= 0);\nendmodule\n' "$1"; }
prove() { yosys -q -p "read_verilog -sv $1; prep -top due_chk; sat -verify -prove ok 1 due_chk" >"$1.log" 2>&1; }
mk "$fns" >$T/due.sv
if prove $T/due.sv; then echo "PASS prove due: shell_l2's prefix-tree stamp compare = \$signed(ts - now) <= 0 for all 2^64 inputs (Yosys sat)"
else echo "FAIL prove due: shell_l2's stamp compare differs from \$signed(ts - now) <= 0: $(grep -m1 -i 'fail\|error' $T/due.sv.log)"; fi
mk "$(sed 's/l\[i\] = l\[i + s\] | (e\[i + s\] \& l\[i\]);/l[i] = (s == 16) ? l[i] : (l[i + s] | (e[i + s] \& l[i]));/' <<<"$fns")" >$T/bad.sv
if grep -q 's == 16' $T/bad.sv && ! prove $T/bad.sv; then echo "PASS prove due teeth: the tree without its top node fails the same proof"
else echo "FAIL prove due teeth: the tree without its top node was not refuted"; fi
