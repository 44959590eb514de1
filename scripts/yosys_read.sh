#!/usr/bin/env bash
# yosys_read.sh -- every RTL file parsed by Yosys 0.23 (read_verilog -sv),
# then every block's top elaborated (hierarchy -check + proc) with all files.
# Prints "PASS yosys <what>" / "FAIL yosys <what>".
#
# Cost: Yosys elaborates a module while reading it unless told -defer, and
# the per-[set][way] register arrays of the L1D (and the L2 bank) make that
# elaboration take minutes and gigabytes at their default geometry.  So files
# are parsed with -defer (syntax and SystemVerilog subset: the Yosys 0.23
# check), and each top is elaborated in full (hierarchy + proc), the big ones
# at a small geometry set with chparam (SMALL below).  The synthesis flow
# (make synth BLOCK=...) elaborates the default geometry.
set -u
cd "$(dirname "$0")/.."
pkg=build/gen/l1sys_pkg.sv
prim=$(ls rtl/prim/*.sv | tr '\n' ' ')
rc=0
for f in $(find rtl -name '*.sv' | sort); do
  if out=$(yosys -q -p "read_verilog -sv -defer $pkg $f" 2>&1); then echo "PASS yosys read $f"; else echo "FAIL yosys read $f"; echo "$out" | tail -5; rc=1; fi
done
# small geometries for the tops whose default elaboration costs minutes
declare -A SMALL=(
  [l1d]="-set Sets 4 -set Ways 2 -set Line 32 -set Entries 4"
  [mrpb_l1d]="-set Sets 4 -set Ways 2 -set Line 32 -set Entries 4"
  [shell_l2]="-set Sets 4 -set Ways 2"
  [shell_sm]="-set Sets 4 -set Ways 2 -set Line 32 -set Entries 4 -set NW 8 -set NT 2 -set UseMrpb 1"
  [shell]="-set NSm 2 -set NB 2 -set Sets 4 -set Ways 2 -set Line 32 -set Entries 4 -set NW 4 -set NT 2 -set UseMrpb 1 -set L2Sets 4 -set L2Ways 2"
)
# tops: the primitives alone, each block directory's module of the same
# name, and the composites
tops="fifo_sync:prim prio_enc:prim rr_arb:prim sat_cnt:prim mem_1r1w:prim mem_1r1w_sync:prim fifo_sync_sram:prim fifo_sync_w2:prim"
for d in rtl/*/; do d=$(basename "$d"); [ "$d" != prim ] && [ "$d" != shell ] && [ -f rtl/$d/$d.sv ] && tops+=" $d:$d"; done
tops+=" ccn_ring:ccn mrpb_l1d:mrpb+l1d"
for t in shell_l2 shell_xbar shell_disp; do [ -f rtl/shell/$t.sv ] && tops+=" $t:shell"; done
for t in shell_byp shell_ccn; do [ -f rtl/shell/$t.sv ] && tops+=" $t:shell+bdu+chss+ccn"; done
[ -f rtl/shell/shell_sm.sv ] && tops+=" shell_sm:shell+mrpb+l1d"
[ -f rtl/shell/shell.sv ] && tops+=" shell:shell+mrpb+l1d+bdu+chss+ccn"
for t in $tops; do
  top=${t%%:*}; dirs=${t##*:}
  files="$prim"
  for dir in ${dirs//+/ }; do [ "$dir" != prim ] && files+=" $(ls rtl/$dir/*.sv | tr '\n' ' ')"; done
  chp=""; note=""
  if [ -n "${SMALL[$top]:-}" ]; then chp="chparam ${SMALL[$top]} $top;"; note=" (small geometry: ${SMALL[$top]//-set /})"; fi
  if out=$(yosys -q -p "read_verilog -sv -defer $pkg $files; $chp hierarchy -check -top $top; proc" 2>&1); then
    echo "PASS yosys elaborate $top$note"
  else echo "FAIL yosys elaborate $top"; echo "$out" | tail -5; rc=1; fi
done
exit $rc
