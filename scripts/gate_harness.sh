#!/usr/bin/env bash
# gate_harness.sh NETLIST HARNESS_DIR -- prepares a lockstep harness
# (emitted by the engine into HARNESS_DIR) to run the mapped netlist NETLIST
# of scripts/synth.sh instead of the RTL (GATE=1 of scripts/lockstep.sh):
#  - the DUT instance loses its parameter overrides (the netlist is already
#    elaborated for them; its port list equals the RTL's);
#  - writes gate_netlist.v next to NETLIST: the netlist plus, for every
#    register of the state map that sat in a sub-instance before Yosys
#    flattened it (a wire named "\i_rr.ptr_q "), a shadow instance i_rr of a
#    module with an input ptr_q tied to that wire, so the engine finds
#    TOP.ls_top.dut.i_rr.ptr_q as in the RTL.  One level of sub-instance;
#    deeper paths and unpacked register arrays are not rebuilt (the engine
#    then stops with exit 2 naming the register).
# Rewrites gate_netlist.v only when its content changes (harness cache).
set -euo pipefail
net=${1:?usage: gate_harness.sh NETLIST HARNESS_DIR}; h=${2:?usage: gate_harness.sh NETLIST HARNESS_DIR}
[ -f "$net" ] || { echo "error: gate netlist $net not found" >&2; exit 2; }
awk '/ #\($/ { mod = $1; skip = 1; next }
     skip && /^  \) dut \($/ { print "  " mod " dut ("; skip = 0; next }
     skip { next }
     { print }' "$h/ls_top.sv" >"$h/ls_top.gate" && mv "$h/ls_top.gate" "$h/ls_top.sv"
vars=$(sed -n 's/.*-var "\([^"]*\)".*/\1/p' "$h/ls_pub.vlt" | sort -u | paste -sd' ' -)
out=$(dirname "$net")/gate_netlist.v
awk -v vars="$vars" '
  BEGIN { n = split(vars, V, " "); for (i = 1; i <= n; i++) isvar[V[i]] = 1 }
  { L[NR] = $0 }
  /^  (wire|reg|output|input) / && /\\[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]* ;/ {
    w = 1; if (match($0, /\[[0-9]+:0\]/)) { s = substr($0, RSTART + 1, RLENGTH - 2); split(s, a, ":"); w = a[1] + 1 }
    nm = $0; sub(/.*\\/, "", nm); sub(/ ;.*/, "", nm)
    split(nm, pv, "."); if (isvar[pv[2]]) { inst[pv[1]] = inst[pv[1]] " " pv[2] ":" w }
  }
  /^endmodule/ { last = NR }
  END {
    for (i = 1; i < last; i++) print L[i]
    for (p in inst) {
      printf "  gate_shadow_%s %s (", p, p; k = split(substr(inst[p], 2), R, " ")
      for (j = 1; j <= k; j++) { split(R[j], q, ":"); printf "%s.%s(\\%s.%s )", (j > 1 ? ", " : ""), q[1], p, q[1] }
      printf ");\n"
    }
    for (i = last; i <= NR; i++) print L[i]
    for (p in inst) {
      printf "// shadow of the flattened sub-instance %s: its registers under their RTL path\nmodule gate_shadow_%s (", p, p
      k = split(substr(inst[p], 2), R, " ")
      for (j = 1; j <= k; j++) { split(R[j], q, ":"); printf "%sinput [%d:0] %s", (j > 1 ? ", " : ""), q[2] - 1, q[1] }
      printf ");\nendmodule\n"
    }
  }' "$net" >"$out.tmp"
if [ -f "$out" ] && cmp -s "$out" "$out.tmp"; then rm -f "$out.tmp"; else mv "$out.tmp" "$out"; fi
