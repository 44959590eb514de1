#!/usr/bin/env bash
# yosys_read.sh -- every RTL file read by Yosys 0.23 (read_verilog -sv), then
# each block's top elaborated (hierarchy + proc) with all files.
# Prints "PASS yosys <what>" / "FAIL yosys <what>".
set -u
cd "$(dirname "$0")/.."
pkg=build/gen/l1sys_pkg.sv
prim=$(ls rtl/prim/*.sv | tr '\n' ' ')
rc=0
for f in $(find rtl -name '*.sv' | sort); do
  if out=$(yosys -q -p "read_verilog -sv $pkg $f" 2>&1); then echo "PASS yosys read $f"; else echo "FAIL yosys read $f"; echo "$out" | tail -5; rc=1; fi
done
# tops: the primitives alone, and each block directory's module of the same name
tops="fifo_sync:prim prio_enc:prim rr_arb:prim sat_cnt:prim mem_1r1w:prim"
for d in rtl/*/; do d=$(basename "$d"); [ "$d" != prim ] && [ -f rtl/$d/$d.sv ] && tops+=" $d:$d"; done
tops+=" ccn_ring:ccn"   # the CCN's top is named after the ring, not the directory
for t in $tops; do
  top=${t%%:*}; dir=${t##*:}
  files="$prim"; [ "$dir" != prim ] && files+=" $(ls rtl/$dir/*.sv | tr '\n' ' ')"
  # l1d: its per-[set][way] register arrays make Yosys's proc pass take
  # minutes and gigabytes at the default 32x4 (the synthesis flow, make
  # synth BLOCK=l1d, runs it in full); here the hierarchy is checked.
  passes="hierarchy -check -top $top; proc"; note=""
  [ "$top" = l1d ] && passes="hierarchy -check -top $top" && note=" (hierarchy only)"
  if out=$(yosys -q -p "read_verilog -sv $pkg $files; $passes" 2>&1); then echo "PASS yosys elaborate $top$note"; else echo "FAIL yosys elaborate $top"; echo "$out" | tail -5; rc=1; fi
done
exit $rc
