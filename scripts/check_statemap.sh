#!/usr/bin/env bash
# check_statemap.sh BLOCK [engine options] -- "no register left out": every
# register of the built RTL (every signal named *_q under the DUT, found in
# a one-cycle FST dump of the Verilated harness) must be in the block's state
# map, and every state-map entry must exist in the RTL.
# Registers named chk_* are simulation-only checkers (inside `ifndef
# SYNTHESIS, e.g. the MRPB's ordering assertion) and are not hardware.
# Prints "PASS statemap ..." or "FAIL statemap ..." with the missing names.
set -u
cd "$(dirname "$0")/.."
block=$1; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
LS_QUIET=1 bash scripts/lockstep.sh "$block" --cycles 2 --quiet --no-rerun --fst "$tmp/w.fst" "$@" >"$tmp/run.log" 2>&1 || {
  echo "FAIL statemap $block: run failed"; tail -5 "$tmp/run.log"; exit 1; }
# RTL registers: full names of vars ending in _q (array elements folded)
fst2vcd "$tmp/w.fst" 2>/dev/null | awk '
  /\$scope/ { path[++d] = $3; next }
  /\$upscope/ { d--; next }
  /\$var/ { n = $5; sub(/(\[[0-9]+\])+$/, "", n); if (n ~ /_q$/) { p = path[1]; for (i = 2; i <= d; i++) p = p "." path[i]; print p "." n } }
  /\$enddefinitions/ { exit }' | grep '^TOP\.ls_top\.dut\.' | grep -v '\.chk_[^.]*$' | sort -u >"$tmp/rtl.txt"
build/bin/lockstep-c --block "$block" "$@" --print-map | awk '{print $1}' | sort -u >"$tmp/map.txt"
missing=$(comm -23 "$tmp/rtl.txt" "$tmp/map.txt")
extra=$(comm -13 "$tmp/rtl.txt" "$tmp/map.txt")
n=$(wc -l <"$tmp/rtl.txt")
if [ -z "$missing" ] && [ -z "$extra" ]; then echo "PASS statemap $block: all $n registers of the RTL are in the state map"
else
  echo "FAIL statemap $block: registers missing from the state map: ${missing:-none}; map entries absent from the RTL: ${extra:-none}" | tr '\n' ' '; echo
  exit 1
fi
