#!/usr/bin/env bash
# pnr.sh BLOCK [--retime] -- places and routes one block's mapped netlist with the qflow
# tools installed with the cell library (docs/synthesis.md, "Place and
# route"), then re-times it with the extracted wire delays.
#   1. scripts/synth.sh BLOCK (reused when up to date): the mapped OSU018
#      netlist, pre-layout timing (ideal wires: OSU018's Liberty has no
#      wire-load model);
#   2. qflow (-T osu018) on that structural netlist: synthesize.sh (reads
#      it, no re-mapping; blifFanout buffers high fanout), placement.sh -d
#      (GrayWolf, fill, DEF), router.sh (qrouter, writes the routed nets' RC
#      trees, <top>.rc), opensta.sh -d (qflow's own rc2dly SDF, not used:
#      INTERCONNECT delays only, so the drivers would not see their wires);
#   3. scripts/rc2spef.py: the RC trees as SPEF (every routed segment's R
#      and C); OpenSTA with constraints/BLOCK.sdc on qflow's final netlist,
#      once without parasitics (pre-layout, the same netlist) and once with
#      the SPEF (post-route: each driver loaded with its routed net, the
#      wire delays computed by OpenSTA);
#   4. build/pnr/BLOCK/pnr.txt: die and cell area, utilisation, routed
#      (failed nets), pre/post arrival, WNS, Fmax, and the derate = post-route
#      / pre-layout arrival of the worst path -- the factor a wire-blind
#      timing of this library understates a routed block's path by.
# --retime: keep build/pnr/BLOCK's finished qflow run, redo steps 3-4.
# A block with SRAM macros is refused (exit 2): the macros have a Liberty
# model (scripts/sram_model.sh) but no LEF abstract to place.
# Exit: 0 routed and timed, 1 a tool failed or nets stayed unrouted, 2 bad input.
set -euo pipefail
{
cd "$(dirname "$0")/.."
B=build
LIBERTY=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
die() { echo "error: $*" >&2; exit 2; }
block=${1:-}; [ -n "$block" ] || die "pnr.sh: BLOCK is required (make pnr BLOCK=chss)"
retime=0; [ "${2:-}" = --retime ] && { retime=1; shift; }
[ $# -eq 1 ] || die "pnr.sh: arguments BLOCK [--retime] (got: $*)"
command -v qflow >/dev/null || die "qflow not installed (scripts/install_deps.sh installs it)"
d=$(bash scripts/synth.sh "$block" --print-dir) || exit 2
nice -n 10 bash scripts/synth.sh "$block" --reuse --quiet || exit $?
[ -s "$d/sram.txt" ] && die "$block: has SRAM macros ($(awk '{printf "%s%s %sx%s", (NR > 1 ? ", " : ""), $2, $3, $4}' "$d/sram.txt")); they have a Liberty timing model but no LEF abstract to place (docs/synthesis.md, \"Place and route\")"
top=$(awk '/^hierarchy -check -top/ {print $4}' "$d/synth.ys")
sdc=constraints/$block.sdc
P=$B/pnr/$block
t0=$(date +%s)
if [ $retime = 0 ]; then
rm -rf "$P"; mkdir -p "$P/source"
cp "$d/netlist.v" "$P/source/$top.v"
( cd "$P" && qflow -T osu018 "$top" >qflow_setup.log 2>&1 )
fi
[ -f "$P/qflow_vars.sh" ] || die "$P: no qflow project (run without --retime)"
ab=$(cd "$P" && pwd)
step() { # name, script args...
  local n=$1; shift
  echo "pnr.sh: $block: $n"
  if ! ( cd "$P" && nice -n 10 tcsh -f "$@" >"$ab/$n.log" 2>&1 ); then
    echo "error: qflow $n failed on $block; see $P/$n.log" >&2; tail -5 "$P/$n.log" >&2; exit 1
  fi
}
S=/usr/lib/qflow/scripts
if [ $retime = 0 ]; then
  step synthesize $S/synthesize.sh "$ab" "$top" "$ab/source/$top.v"
  step place $S/placement.sh -d "$ab" "$top"
  step route $S/router.sh "$ab" "$top"
  step sta $S/opensta.sh -d "$ab" "$top"
fi
# qflow's layout and synthesis directories (the project directory itself
# when it has no layout/ and synthesis/ subdirectories)
L=$(sed -n 's/^set layoutdir=//p' "$P/qflow_vars.sh"); Sy=$(sed -n 's/^set synthdir=//p' "$P/qflow_vars.sh")
L=${L:-$ab}; Sy=${Sy:-$ab}
[ -s "$L/$top.def" ] || { echo "error: no placed DEF $L/$top.def" >&2; exit 1; }
grep -q "^ *- .*ROUTED\|^ *+ ROUTED" "$L/$top.def" || { echo "error: $L/$top.def has no routed nets" >&2; exit 1; }
rc=$L/$top.rc; [ -s "$rc" ] || rc=$ab/$top.rc
[ -s "$rc" ] || { echo "error: qrouter wrote no RC file ($L/$top.rc)" >&2; exit 1; }
net=$Sy/$top.rtlnopwr.v; [ -s "$net" ] || net=$Sy/$top.rtl.v
spef=$P/$top.spef
spef_nets=$(python3 scripts/rc2spef.py "$rc" "$net" "$spef" | grep -o '[0-9]* nets' | grep -o '[0-9]*') ||
  { echo "error: scripts/rc2spef.py could not convert $rc" >&2; exit 1; }
failed=$(grep -ho "Final: [0-9]* nets* failed\|Failed net[s]*: *[0-9]*\|Final: No errors" "$P/route.log" "$P"/log/route.log 2>/dev/null | tail -1 | { grep -o "[0-9]*" || true; } | tail -1) || failed=0
failed=${failed:-0}
for mode in pre post; do
  cat >"$P/sta_$mode.tcl" <<TCL
read_liberty $LIBERTY
read_verilog $net
link_design $top
read_sdc $sdc
$([ $mode = post ] && echo "read_spef $spef")
report_checks -path_delay max -digits 3 -group_count 1
puts "WNS [sta::format_time [sta::worst_slack_cmd max] 3]"
TCL
  sta -exit "$P/sta_$mode.tcl" >"$P/sta_$mode.log" 2>&1 || { echo "error: OpenSTA ($mode) failed; see $P/sta_$mode.log" >&2; exit 1; }
done
period=$(awk '/^set period/ {print $3; exit}' "$sdc")
# die area (DEF DIEAREA, in DEF units) and the cell area of the placed netlist
read -r die_um2 cell_um2 ncell < <(awk -v lib="$LIBERTY" '
  BEGIN { while ((getline l < lib) > 0) {
            if (l ~ /^[ \t]*cell[ \t]*\(/) { c = l; sub(/.*\([ \t"]*/, "", c); sub(/[ \t"]*\).*/, "", c) }
            if (l ~ /^[ \t]*area[ \t]*:/) { a = l; sub(/.*:[ \t]*/, "", a); sub(/;.*/, "", a); A[c] = a } } }
  FNR == NR && /^UNITS DISTANCE MICRONS/ { u = $4 }
  FNR == NR && /^DIEAREA/ { x0 = $3; y0 = $4; x1 = $7; y1 = $8 }
  FNR != NR && $1 in A && $2 !~ /^\(/ { ar += A[$1]; n++ }
  END { printf "%.1f %.1f %d\n", (x1 - x0) * (y1 - y0) / (u * u), ar, n }' "$L/$top.def" "$net")
res() { awk '/data arrival time/ && !a { a = $1 } /^WNS/ { w = $2 } END { printf "%s %s\n", a, w }' "$1"; }
read -r pre_arr pre_wns < <(res "$P/sta_pre.log")
read -r post_arr post_wns < <(res "$P/sta_post.log")
el=$(( $(date +%s) - t0 ))
awk -v b="$block" -v die="$die_um2" -v ca="$cell_um2" -v n="$ncell" -v f="$failed" -v p="$period" \
    -v pa="$pre_arr" -v pw="$pre_wns" -v qa="$post_arr" -v qw="$post_wns" -v sn="$spef_nets" -v s="$(sed -n 's/^fmax_mhz=//p' "$d/metrics.txt")" -v el="$el" 'BEGIN {
  printf "block=%s\ncells=%d\ncell_area_um2=%s\ndie_area_um2=%s\nutilisation=%.3f\nfailed_nets=%s\nperiod_ns=%s\n", b, n, ca, die, ca / die, f, p
  printf "synth_fmax_mhz=%s\npre_arrival_ns=%s\npre_wns_ns=%s\npre_fmax_mhz=%.1f\n", s, pa, pw, 1000 / (p - pw)
  printf "post_arrival_ns=%s\npost_wns_ns=%s\npost_fmax_mhz=%.1f\nderate=%.3f\nspef_nets=%s\npnr_s=%s\n", qa, qw, 1000 / (p - qw), (p - qw) / (p - pw), sn, el }' >"$P/pnr.txt"
cat "$P/pnr.txt"
[ "$failed" = 0 ] || { echo "error: $failed nets unrouted (see $P/route.log)" >&2; exit 1; }
exit 0
}
