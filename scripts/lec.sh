#!/usr/bin/env bash
# lec.sh BLOCK [--config FILE] [--set NAME=VALUE]... [--netlist FILE] [--quiet]
# Formal equivalence of a block's mapped netlist (scripts/synth.sh, built or
# reused for the same configuration) against its RTL, with Yosys
# (docs/synthesis.md, "Formal equivalence").
#   gold: the RTL exactly as synth.sh reads it (same files, parameters and
#         mode ties, wrap.ys), then only proc, flatten and memory_map -- no
#         optimisation, so the proof covers every optimising pass of the flow;
#   gate: the timed netlist.v with each standard cell's function read from
#         the Liberty (read_liberty: `function`, `ff`, `latch` groups; not
#         the project's simulation models tb/gate/osu018_cells.v);
#   SRAM macros (constraints/macros.list) are black boxes on both sides; the
#         RTL's mem_1r1w* instance and the netlist's sram_* instance of the
#         same flattened name are cut (expose -evert): their inputs become
#         outputs that must be equal, their outputs become shared inputs.
# Proof: equiv_make (registers and nets matched by name), equiv_simple -seq,
# equiv_induct -seq, equiv_status.  When the induction leaves points
# unproven, or does not end within LEC_TIMEOUT, a bounded check: miter
# -equiv + sat -seq K from the all-zero state with reset asserted in cycle
# 1 (both sides identical then), K deepened 1, 2, 4, ... LEC_BMC in one
# Yosys run (each depth's outputs equal in every one of its K cycles); the
# result is then "bounded k=K" with the deepest K proven, not "proved".
# Writes DIR/lec.ys, lec.log, lec.txt (result=proved|bounded|failed, k=,
# points=, unproven=) next to the netlist.  --netlist FILE checks FILE
# instead of DIR/netlist.v (the mutation test).
# Env: LEC_SEQ (induction depth, default 4), LEC_BMC (deepest bounded depth,
# 20), LEC_INDUCT=0 (the bounded check alone: for a block whose induction is
# known not to end), LEC_TIMEOUT (seconds per Yosys run, default 900; the SAT solver's own
# limit per depth is the same, at most 600, or LEC_SAT_TIMEOUT when set: a
# large block's one deep step may need longer): an induction over it moves on to
# the bounded check; a bounded check that proves no depth within it ends
# with result=timeout (neither proved nor refuted; the SAT problems of
# multiplier and divider cones that ABC restructured are the known cause).
# Exit: 0 proved or bounded, 1 not equivalent, timed out or a tool failed,
# 2 bad input.
set -euo pipefail
{
cd "$(dirname "$0")/.."
B=build
LIBERTY=${LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
SEQ=${LEC_SEQ:-4}; BMC=${LEC_BMC:-20}; TMO=${LEC_TIMEOUT:-900}; IND=${LEC_INDUCT:-1}
die() { echo "error: $*" >&2; exit 2; }
block=${1:-}; [ -n "$block" ] || die "lec.sh: BLOCK is required (make lec BLOCK=sat_cnt)"
shift
sargs=(); net=""; quiet=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config|--set) sargs+=("$1" "${2:?}"); shift 2 ;;
    --netlist) net=${2:?}; shift 2 ;;
    --quiet) quiet=1; shift ;;
    *) die "lec.sh: unknown option '$1'" ;;
  esac
done
[[ $SEQ =~ ^[0-9]+$ ]] && [ "$SEQ" -ge 1 ] || die "LEC_SEQ='$SEQ': expected a positive integer"
[[ $BMC =~ ^[0-9]+$ ]] && [ "$BMC" -ge 1 ] || die "LEC_BMC='$BMC': expected a positive integer"
[[ $TMO =~ ^[0-9]+$ ]] && [ "$TMO" -ge 1 ] || die "LEC_TIMEOUT='$TMO': expected a positive integer (seconds)"
SATT=${LEC_SAT_TIMEOUT:-}
[ -z "$SATT" ] || { [[ $SATT =~ ^[0-9]+$ ]] && [ "$SATT" -ge 1 ]; } || die "LEC_SAT_TIMEOUT='$SATT': expected a positive integer (seconds)"
[[ $IND =~ ^[01]$ ]] || die "LEC_INDUCT='$IND': expected 1 (induction first, the default) or 0 (the bounded check alone)"
timedout() { # block, what, log
  el=$(( $(date +%s) - t0 ))
  printf 'result=timeout
k=-
points=-
unproven=-
lec_s=%s
netlist=%s
' "$el" "$net" >"$o/lec.txt"
  echo "lec $1: timeout ($2 over ${4:-LEC_TIMEOUT=$TMO s}; see $3)"; exit 1
}
d=$(bash scripts/synth.sh "$block" "${sargs[@]}" --print-dir) || exit 2
nice -n 10 bash scripts/synth.sh "$block" "${sargs[@]}" --reuse --quiet || exit $?
[ -n "$net" ] || net=$d/netlist.v
[ -f "$net" ] || die "$net: no such netlist"
# outputs: DIR for the block's own netlist, DIR of FILE/lec_<name>/ for --netlist FILE
o=$d; [ "$net" = "$d/netlist.v" ] || { o=$(dirname "$net")/lec_$(basename "$net" .v); mkdir -p "$o"; }
top=$(awk '/^hierarchy -check -top/ {print $4}' "$d/synth.ys")
# gate-side black boxes: one Verilog stub per macro Liberty cell (pins and buses)
stub=$o/lec_macros.v; : >"$stub"
for lf in "$d"/sram_*.lib; do
  [ -f "$lf" ] || continue
  awk '/type \(/ { t = $0; sub(/.*type \(/, "", t); sub(/\).*/, "", t); w = $0; sub(/.*bit_width : /, "", w); sub(/;.*/, "", w); TW[t] = w }
       /^  cell \(/ { c = $0; sub(/.*cell \(/, "", c); sub(/\).*/, "", c) }
       /^    (pin|bus) \(/ { n = $0; sub(/.*(pin|bus) \(/, "", n); sub(/\).*/, "", n); w = 1
         if ($1 == "bus") { bt = $0; sub(/.*bus_type : /, "", bt); sub(/;.*/, "", bt); w = TW[bt] }
         dir = ($0 ~ /direction : output/) ? "output" : "input"
         P[++np] = sprintf("%s [%d:0] %s", dir, w - 1, n) }
       END { printf "(* blackbox *) module %s (", c; for (i = 1; i <= np; i++) printf "%s%s", (i > 1 ? ", " : ""), P[i]; print "); endmodule" }' "$lf" >>"$stub"
done
mtypes=$(grep -v '^\s*#' constraints/macros.list | awk 'NF {printf "gold/t:%s gold/t:$paramod*%s* ", $1, $1}')
mmods=$(grep -v '^\s*#' constraints/macros.list | awk 'NF {printf "%s $paramod*%s* ", $1, $1}')
# the gold front end: synth.ys up to (not including) synth
# (the macros are read whole here, so hierarchy derives them for their
# parameters and their ports get the instance's widths; then emptied)
front=$(sed -n '1,/^script .*wrap.ys$/p' "$d/synth.ys" | sed 's/^\(read_verilog .*\) -lib /\1 /')
[ -n "$front" ] || die "$d/synth.ys: no front end (rerun make synth BLOCK=$block)"
cat >"$o/lec.ys" <<YS
# GENERATED by scripts/lec.sh: $block netlist $net against the RTL
$front
blackbox $mmods
flatten
memory -nomap
memory_map
opt_clean
rename $top gold
expose -evert $mtypes
design -stash gold
read_liberty -ignore_miss_func $LIBERTY
read_verilog $stub
read_verilog $net
hierarchy -top $top
flatten
rename $top gate
expose -evert gate/t:sram_*
design -copy-from gold -as gold gold
opt_clean
async2sync
equiv_make gold gate equiv
hierarchy -top equiv
equiv_simple -seq $SEQ
equiv_induct -seq $SEQ
tee -o $o/lec_status.txt equiv_status
YS
t0=$(date +%s)
rm -f "$o/lec.txt"
rc=0
if [ "$IND" = 1 ]; then timeout "$TMO" nice -n 10 yosys -q -l "$o/lec.log" "$o/lec.ys" >/dev/null 2>&1 || rc=$?; fi
# the pass the run was in when the time ran out (its last "Executing X pass" in the log)
stage() { sed -n 's/^[0-9.]* Executing \([A-Z_]*\) pass.*/\1/p' "$1" | tail -1 | tr 'A-Z' 'a-z'; }
itmo="" # the induction's pass when LEC_TIMEOUT ended it
if [ "$IND" = 0 ]; then
  pts=-; unp=-
elif [ $rc = 124 ]; then
  itmo=$(stage "$o/lec.log")
  pts=-; unp=-
elif [ $rc != 0 ]; then
  echo "error: Yosys failed on the equivalence check of $block; see $o/lec.log" >&2; grep -m3 ERROR "$o/lec.log" >&2; exit 1
else
  pts=$(sed -n 's/.*Found \([0-9]*\) \$equiv cells.*/\1/p' "$o/lec_status.txt" | head -1)
  unp=$(sed -n 's/.*Of those cells \([0-9]*\) are proven and \([0-9]*\) are unproven.*/\2/p' "$o/lec_status.txt" | head -1)
  [ -n "$unp" ] || { grep -q "Equivalence successfully proven" "$o/lec_status.txt" && unp=0; }
  [ -n "$pts" ] && [ -n "$unp" ] || { echo "error: cannot read equiv_status of $block; see $o/lec_status.txt" >&2; exit 1; }
fi
result=proved; k=-
if [ "$unp" != 0 ]; then
  # the depths, deepened: 1 2 4 ... up to LEC_BMC, LEC_BMC itself last
  ks=(); for ((kk = 1; kk < BMC; kk *= 2)); do ks+=($kk); done; ks+=($BMC)
  stmo=${SATT:-$(( TMO < 600 ? TMO : 600 ))}
  # bounded: a miter of the two sides (macros cut as above), from the all-zero state
  # the reset: asserted in cycle 1 when the netlist's top has rst_ni (ports.txt
  # lists the harness-driven ports only, never clk_i / rst_ni: reading the
  # reset from it left every bounded check unreset, and a register that
  # resets to 1 then started at 0 on one side and at 1 on the other)
  rst=$(sed -n '/^module /,/;/p' "$net" | grep -ow rst_ni | head -1 || true)
  cat >"$o/lec_bmc.ys" <<YS
# GENERATED by scripts/lec.sh: bounded equivalence of $block
$front
blackbox $mmods
flatten
memory -nomap
memory_map
opt_clean
rename $top gold
expose -evert $mtypes
design -stash gold
read_liberty -ignore_miss_func $LIBERTY
read_verilog $stub
read_verilog $net
hierarchy -top $top
flatten
rename $top gate
expose -evert gate/t:sram_*
design -copy-from gold -as gold gold
opt_clean
async2sync
miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter
hierarchy -top miter
$(for kk in "${ks[@]}"; do printf 'log LEC_DEPTH %s\nsat -verify -prove-asserts -set-init-zero -seq %s %s -timeout %s miter\nlog LEC_PROVEN %s\n' "$kk" "$kk" "${rst:+-set-at 1 in_rst_ni 0}" "$stmo" "$kk"; done)
YS
  rc=0; timeout "$TMO" nice -n 10 yosys -q -l "$o/lec_bmc.log" "$o/lec_bmc.ys" >/dev/null 2>&1 || rc=$?
  # the deepest depth proven (every cycle of it), and the one being tried when it stopped
  k=$(sed -n 's/^LEC_PROVEN \([0-9]*\)$/\1/p' "$o/lec_bmc.log" | tail -1)
  kt=$(sed -n 's/^LEC_DEPTH \([0-9]*\)$/\1/p' "$o/lec_bmc.log" | tail -1)
  why="${itmo:+the induction (in $itmo) over LEC_TIMEOUT=$TMO s}"
  [ "$IND" = 0 ] && why="LEC_INDUCT=0: no induction"
  [ -n "$why" ] || why="$unp of $pts points not inductive"
  if grep -q 'model found: FAIL' "$o/lec_bmc.log"; then
    result=failed
  elif [ -n "$k" ]; then
    result=bounded
    if [ "$k" != "$BMC" ]; then
      if [ $rc = 124 ]; then stop="LEC_TIMEOUT=$TMO s"; elif grep -q 'proof did time out' "$o/lec_bmc.log"; then stop="sat -timeout $stmo s"; else stop="Yosys exit $rc"; fi
      why+="; sat -seq $kt stopped at $stop"
    fi
  elif [ $rc = 124 ]; then
    timedout "$block" "${itmo:+$itmo, then }the bounded check (sat -seq ${kt:-1})" "$o/lec_bmc.log"
  elif grep -q 'proof did time out' "$o/lec_bmc.log"; then
    timedout "$block" "${itmo:+$itmo over LEC_TIMEOUT=$TMO s, then }the bounded check (sat -seq ${kt:-1})" "$o/lec_bmc.log" "sat -timeout $stmo s"
  else
    echo "error: Yosys failed on the bounded check of $block; see $o/lec_bmc.log" >&2; grep -m3 ERROR "$o/lec_bmc.log" >&2; exit 1
  fi
fi
el=$(( $(date +%s) - t0 ))
printf 'result=%s\nk=%s\npoints=%s\nunproven=%s\nlec_s=%s\nnetlist=%s\n' "$result" "$k" "$pts" "$unp" "$el" "$net" >"$o/lec.txt"
msg="lec $block: $result"
case $result in
  proved) msg+=" ($pts equivalence points, equiv_induct -seq $SEQ)" ;;
  bounded) msg+=" k=$k ($why; miter + sat -seq $k from reset)" ;;
  failed) msg+=" (${why}; the bounded check found a difference at sat -seq $kt: $o/lec_bmc.log)" ;;
esac
[ $quiet = 0 ] && echo "$msg ($el s)"
[ $result = failed ] && exit 1
exit 0
}
