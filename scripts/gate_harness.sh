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
#    deeper paths are not rebuilt (the engine then stops with exit 2 naming
#    the register);
#  - rebuilds each unpacked register array of the state map (one or two
#    unpacked dimensions) that Yosys split into one wire per element
#    ("\tag_q[3] ", "\valid_q[1][2] "): an array wire of the RTL's name,
#    each element assigned from its netlist wire.  Only when every element
#    is in the netlist (an element synthesis removed has no value to read).
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
  /^  (wire|reg) / && /\\[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])+ ;/ {
    w = 1; if (match($0, /\[[0-9]+:0\] /)) { s = substr($0, RSTART + 1, RLENGTH - 3); split(s, a, ":"); w = a[1] + 1 }
    nm = $0; sub(/.*\\/, "", nm); sub(/ ;.*/, "", nm)
    base = nm; sub(/\[.*/, "", base)
    if (isvar[base]) {
      idx = substr(nm, length(base) + 1); gsub(/^\[|\]$/, "", idx); nd = split(idx, I, "\\]\\[")
      if (!(base in adim)) { adim[base] = nd; awid[base] = w; an0[base] = 0; an1[base] = 0 }
      if (adim[base] != nd || awid[base] != w) bad[base] = 1
      el[base, idx] = 1; if (I[1] + 1 > an0[base]) an0[base] = I[1] + 1; if (nd == 2 && I[2] + 1 > an1[base]) an1[base] = I[2] + 1
    }
  }
  /^endmodule/ { last = NR }
  END {
    for (i = 1; i < last; i++) print L[i]
    for (v in adim) {
      if (bad[v] || adim[v] > 2) continue
      ok = 1
      for (i = 0; i < an0[v]; i++) if (adim[v] == 1) { if (!((v, i "") in el)) ok = 0 } else for (j = 0; j < an1[v]; j++) if (!((v, i "][" j) in el)) ok = 0
      if (!ok) continue
      printf "  // unpacked register array %s, rebuilt from its per-element netlist wires\n", v
      printf "  wire [%d:0] %s [%d]%s;\n", awid[v] - 1, v, an0[v], (adim[v] == 2 ? "[" an1[v] "]" : "")
      for (i = 0; i < an0[v]; i++) if (adim[v] == 1) printf "  assign %s[%d] = \\%s[%d] ;\n", v, i, v, i
        else for (j = 0; j < an1[v]; j++) printf "  assign %s[%d][%d] = \\%s[%d][%d] ;\n", v, i, j, v, i, j
    }
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
