#!/usr/bin/env bash
# gate_harness.sh NETLIST HARNESS_DIR [MAP] -- prepares a lockstep harness
# (emitted by the engine into HARNESS_DIR) to run the mapped netlist NETLIST
# of scripts/synth.sh instead of the RTL (GATE=1 of scripts/lockstep.sh):
#  - the DUT instance loses its parameter overrides (the netlist is already
#    elaborated for them; its port list equals the RTL's);
#  - writes gate_netlist.v next to NETLIST: the netlist with the state and
#    the SRAM macros of every flattened sub-instance put back under their
#    RTL paths, any depth (scripts/gate_hier.py), and the unpacked register
#    arrays Yosys split into one wire per element rebuilt;
#  - writes gate_macros.v: each macro cell's behavioural model (the RTL
#    wrapper, mem_1r1w or mem_1r1w_sync, at the macro's shape);
#  - with MAP (the engine's --print-map): gate_absent.txt, the state-map
#    registers synthesis removed (LS_GATE_ABSENT of the engine), and
#    gate_absent_bits.txt, the bits of kept registers the netlist drives
#    from nothing (LS_GATE_BITS: masked out of their comparison).
# Rewrites gate_netlist.v only when its content changes (harness cache).
set -euo pipefail
net=${1:?usage: gate_harness.sh NETLIST HARNESS_DIR}; h=${2:?usage: gate_harness.sh NETLIST HARNESS_DIR}
[ -f "$net" ] || { echo "error: gate netlist $net not found" >&2; exit 2; }
awk '/ #\($/ { mod = $1; skip = 1; next }
     skip && /^  \) dut \($/ { print "  " mod " dut ("; skip = 0; next }
     skip { next }
     { print }' "$h/ls_top.sv" >"$h/ls_top.gate" && mv "$h/ls_top.gate" "$h/ls_top.sv"
vars=$(sed -n 's/.*-var "\([^"]*\)".*/\1/p' "$h/ls_pub.vlt" | sort -u | paste -sd' ' -)
gdir=$(dirname "$net")
out=$gdir/gate_netlist.v
libs=(); for l in "$gdir"/sram_*.lib; do [ -f "$l" ] && libs+=("$l"); done
mapa=(); [ -n "${3:-}" ] && mapa=("--map=$3")
# the standard cells the netlist was mapped to (their output pins): the
# Liberty synth.sh's timing script read first
stdlib=$(sed -n '1s/^read_liberty //p' "$gdir/sta.tcl" 2>/dev/null)
[ -n "${3:-}" ] && [ -f "$stdlib" ] && mapa+=("--stdlib=$stdlib")
python3 scripts/gate_hier.py "$net" "$vars" "$out.tmp" "${mapa[@]}" "${libs[@]}" || exit $?
mv "$out.tmp.absent" "$gdir/gate_absent.txt" 2>/dev/null || : >"$gdir/gate_absent.txt"
mv "$out.tmp.absentbits" "$gdir/gate_absent_bits.txt" 2>/dev/null || : >"$gdir/gate_absent_bits.txt"
# a multi-dimensional array synthesis removed has no model member to point at
if [ -s "$gdir/gate_absent.txt" ] && [ -s "$h/ls_ptrs.inc" ]; then
  grep -v -F -f <(sed 's/.*/LS_PTR("&",/' "$gdir/gate_absent.txt") "$h/ls_ptrs.inc" >"$h/ls_ptrs.gate" || true
  mv "$h/ls_ptrs.gate" "$h/ls_ptrs.inc"
fi
# the macros' behavioural models: the RTL wrapper the flow black-boxed
# (constraints/macros.list, mem_1r1w comb / mem_1r1w_sync sync) at the
# macro's shape sram_<rows>x<bits>_m<slices>_<read>, so the array and its
# output register sit under the RTL's names (..i_mem.mem_q, rdata_q)
: >"$gdir/gate_macros.v.tmp"
for l in "${libs[@]}"; do
  c=$(basename "$l" .lib)
  [[ $c =~ ^sram_([0-9]+)x([0-9]+)_m([0-9]+)_(comb|sync)$ ]] || { echo "error: $l: macro cell name '$c' is not sram_<rows>x<bits>_m<slices>_<comb|sync>" >&2; exit 2; }
  D=${BASH_REMATCH[1]}; W=${BASH_REMATCH[2]}; S=$((W / BASH_REMATCH[3]))
  m=$(grep -v '^\s*#' constraints/macros.list | awk -v k="${BASH_REMATCH[4]}" 'NF && $2 == k {print $1; exit}')
  [ -n "$m" ] || { echo "error: constraints/macros.list: no macro of read kind ${BASH_REMATCH[4]} for $c" >&2; exit 2; }
  echo "// $c: behavioural model, rtl/prim/$m.sv at Depth=$D Width=$W SliceW=$S (scripts/gate_harness.sh)" >>"$gdir/gate_macros.v.tmp"
  sed -e "s/^module $m #(/module $c #(/" -e "s/\(parameter int unsigned Depth *= *\)[0-9]*/\1$D/" \
      -e "s/\(parameter int unsigned Width *= *\)[0-9]*/\1$W/" -e "s/\(parameter int unsigned SliceW *= *\)Width/\1$S/" \
      rtl/prim/$m.sv >>"$gdir/gate_macros.v.tmp"
done
if [ -f "$gdir/gate_macros.v" ] && cmp -s "$gdir/gate_macros.v" "$gdir/gate_macros.v.tmp"; then rm -f "$gdir/gate_macros.v.tmp"; else mv "$gdir/gate_macros.v.tmp" "$gdir/gate_macros.v"; fi
if [ -f "$out" ] && cmp -s "$out" "$out.tmp"; then rm -f "$out.tmp"; else mv "$out.tmp" "$out"; fi
