#!/usr/bin/env bash
# lec.sh BLOCK [--config FILE] [--set NAME=VALUE]... [--netlist FILE] [--cut-netlist FILE] [--quiet]
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
# instead of DIR/netlist.v (the mutation test), without cut modules;
# --cut-netlist FILE checks FILE instead of DIR/netlist_cut.v (the netlist
# as mapped, with the keep_hierarchy modules apart: see "Cut modules" below).
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
sargs=(); net=""; cutarg=""; quiet=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config|--set) sargs+=("$1" "${2:?}"); shift 2 ;;
    --netlist) net=${2:?}; shift 2 ;;
    --cut-netlist) cutarg=${2:?}; shift 2 ;;
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
[ -z "$cutarg" ] || [ -f "$cutarg" ] || die "$cutarg: no such netlist"
mf=$net; [ "$net" != "$d/netlist.v" ] || mf=${cutarg:-$net}; o=$d; [ "$mf" = "$d/netlist.v" ] || { o=$(dirname "$mf")/lec_$(basename "$mf" .v); mkdir -p "$o"; }
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
# Cut modules: the keep_hierarchy modules that synthesis mapped apart
# (rtl/prim/mul_u.sv, popcnt.sv), in the netlist as mapped (netlist_cut.v,
# written by synth.sh beside netlist.v when there are any).  Each is a black
# box on both sides of its reader's check, cut like a macro (expose -evert),
# and proved apart against its RTL with its own cut children black boxes.
# --netlist FILE alone: FILE is checked flat, without cuts; --cut-netlist
# FILE: FILE is the cut netlist (netlist.v, or --netlist's, its flattening).
cutnet=""; cutmods=()
if [ -n "$cutarg" ]; then cutnet=$cutarg
elif [ "$net" = "$d/netlist.v" ] && [ -s "$d/netlist_cut.v" ]; then cutnet=$d/netlist_cut.v; fi
if [ -n "$cutnet" ]; then
  # the netlist's names of them: Yosys' derived names, escaped in Verilog
  # (\$paramod\popcnt\N=32'...); RTLIL gives the netlist's a leading backslash
  mapfile -t cutmods < <(sed -n 's/^module \(\\[^ ]*\) (.*/\1/p' "$cutnet" | grep -v "^\\\\$top\$" || true)
  [ ${#cutmods[@]} -gt 0 ] || die "$cutnet: no module but the top $top; expected the netlist as mapped with its keep_hierarchy modules apart (synth.sh's netlist_cut.v)"
fi
# a cut module's name in a selection: a leading * (the gate's name has a
# backslash before the $, the gold's not) and ? for the backslashes and quotes
cutglob() { local g=${1#\\}; g=${g//\\/?}; printf '*%s' "${g//\'/?}"; }
# sides M: the two designs gold and gate of module M (the top, or a cut
# module: then its gold is the RTL module derived for the same parameters,
# "hierarchy -top" of it), the macros and every other cut module black
# boxes, cut (their ports become outputs to compare and shared inputs)
sides() {
  local m=$1 gm gn
  if [ "$m" = "$top" ]; then gm=$top; gn=$top; else gm=${m#\\}; gn=$m; fi
  printf '%s\n' "$front"
  [ "$m" = "$top" ] || printf 'hierarchy -top %s\n' "$gm"
  local others=""; for c in "${cutmods[@]}"; do [ "$c" = "$m" ] || others+=" $(cutglob "$c")"; done
  cat <<YS
blackbox $mmods$others
flatten
memory -nomap
memory_map
opt_clean
rename $gm gold
expose -evert $mtypes${others:+ $(for g in $others; do printf ' gold/t:%s' "$g"; done)}
design -stash gold
read_liberty -ignore_miss_func $LIBERTY
read_verilog $stub
read_verilog ${cutnet:-$net}
hierarchy -top $gn
${others:+blackbox$others}
flatten
rename $gn gate
expose -evert gate/t:sram_*${others:+ $(for g in $others; do printf ' gate/t:%s' "$g"; done)}
design -copy-from gold -as gold gold
opt_clean
async2sync
YS
}
# the check of module M (the top by default) into FILE: equiv_make,
# equiv_simple, equiv_induct, equiv_status written to STATUS
induct_ys() { # M FILE STATUS
  { echo "# GENERATED by scripts/lec.sh: $block, module $1 of ${cutnet:-$net} against the RTL"
    sides "$1"
    printf 'equiv_make gold gate equiv\nhierarchy -top equiv\nequiv_simple -seq %s\nequiv_induct -seq %s\ntee -o %s equiv_status\n' "$SEQ" "$SEQ" "$3"
  } >"$2"
}
induct_ys "$top" "$o/lec.ys" "$o/lec_status.txt"
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
  # the RTL read with -formal: its `ifdef FORMAL assumptions (the input
  # ranges it relies on, e.g. the MRPB's warp ID) become $assume cells of the
  # gold side, which every sat step honours (-set-assumes); the RTL's own
  # assertions are all under `ifndef SYNTHESIS, so -formal adds no assert
  { echo "# GENERATED by scripts/lec.sh: bounded equivalence of $block"; sides "$top" | sed 's/^read_verilog -sv /read_verilog -sv -formal /'; } >"$o/lec_bmc.ys"
  cat >>"$o/lec_bmc.ys" <<YS
miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter
hierarchy -top miter
$(for kk in "${ks[@]}"; do printf 'log LEC_DEPTH %s\nsat -verify -prove-asserts -set-assumes -set-init-zero -seq %s %s -timeout %s miter\nlog LEC_PROVEN %s\n' "$kk" "$kk" "${rst:+-set-at 1 in_rst_ni 0}" "$stmo" "$kk"; done)
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
# ---- the cut modules, each proved apart; netlist.v against the cut netlist
cutmsg=""; cutbad=""
if [ -n "$cutnet" ] && [ $result != failed ]; then
  mkdir -p "$o/lec_cut"; rm -f "$o/lec_cut"/*
  i=0; ncut=0
  for m in "${cutmods[@]}"; do
    i=$((i + 1)); f=$o/lec_cut/m$i
    induct_ys "$m" "$f.ys" "$f.status"
    crc=0; timeout "$TMO" nice -n 10 yosys -q -l "$f.log" "$f.ys" >/dev/null 2>&1 || crc=$?
    name=${m#\\}
    if [ $crc = 124 ]; then cutbad+="; cut module $name: timeout (LEC_TIMEOUT=$TMO s, in $(stage "$f.log"); $f.log)"; continue; fi
    [ $crc = 0 ] || { echo "error: Yosys failed on cut module $name of $block; see $f.log" >&2; grep -m3 ERROR "$f.log" >&2; exit 1; }
    if grep -q "Equivalence successfully proven" "$f.status"; then ncut=$((ncut + 1))
    else cutbad+="; cut module $name: $(sed -n 's/.*Of those cells \([0-9]*\) are proven and \([0-9]*\) are unproven.*/\2 unproven points/p' "$f.status" | head -1) ($f.status)"; fi
  done
  # netlist.v (timed, one module) is the cut netlist flattened, cell for cell:
  # both flattened, every net matched by name (synth.sh's rename -enumerate),
  # gates with the same inputs merged (equiv_struct -fwd: sound, forward
  # only), the registers' loops by induction
  f=$o/lec_cut/flat
  { echo "# GENERATED by scripts/lec.sh: $net against $cutnet flattened"
    for side in gold:$cutnet gate:$net; do
      printf 'read_liberty -ignore_miss_func %s\nread_verilog %s\nread_verilog %s\nhierarchy -top %s\nflatten\nrename %s %s\nexpose -evert %s/t:sram_*\n' \
        "$LIBERTY" "$stub" "${side#*:}" "$top" "$top" "${side%%:*}" "${side%%:*}"
      [ "${side%%:*}" = gold ] && echo "design -stash gold"
    done
    printf 'design -copy-from gold -as gold gold\nasync2sync\nequiv_make gold gate equiv\nhierarchy -top equiv\nequiv_struct -fwd -icells\nequiv_induct -seq 1\ntee -o %s equiv_status\n' "$f.status"
  } >"$f.ys"
  crc=0; timeout "$TMO" nice -n 10 yosys -q -l "$f.log" "$f.ys" >/dev/null 2>&1 || crc=$?
  if [ $crc = 0 ] && grep -q "Equivalence successfully proven" "$f.status"; then flat=ok
  else flat=bad; cutbad+="; $(basename "$net") is not the cut netlist flattened (Yosys exit $crc; $f.status)"; fi
  if [ -n "$cutbad" ]; then
    if grep -q "unproven\|not the cut" <<<"$cutbad"; then result=failed; else result=timeout; fi
  fi
  cutmsg="$ncut of ${#cutmods[@]} cut modules proved apart, $(basename "$net") = the cut netlist flattened: $flat"
fi
el=$(( $(date +%s) - t0 ))
printf 'result=%s\nk=%s\npoints=%s\nunproven=%s\nlec_s=%s\nnetlist=%s\ncut=%s\n' "$result" "$k" "$pts" "$unp" "$el" "$net" "${cutmsg:--}" >"$o/lec.txt"
msg="lec $block: $result"
case $result in
  proved) msg+=" ($pts equivalence points, equiv_induct -seq $SEQ${cutmsg:+; $cutmsg})" ;;
  bounded) msg+=" k=$k ($why; miter + sat -seq $k from reset${cutmsg:+; $cutmsg})" ;;
  failed) if [ -n "$cutbad" ]; then msg+=" (${cutbad#; })"; else msg+=" (${why}; the bounded check found a difference at sat -seq $kt: $o/lec_bmc.log)"; fi ;;
  timeout) msg+=" (${cutbad#; })" ;;
esac
[ $quiet = 0 ] && echo "$msg ($el s)"
case $result in failed|timeout) exit 1 ;; esac
exit 0
}
