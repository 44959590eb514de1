#!/usr/bin/env bash
# synth_test.sh -- the synthesis flow's part of `make test` (docs/synthesis.md).
# Prints PASS/FAIL lines:
#  1. every "test" block of constraints/blocks.list synthesizes and times, and
#     its storage bits equal the recorded expectation (scripts/synth_all.sh)
#  2. gate-level lockstep: every "gate" block's mapped netlist (the timed one)
#     against the C model, at the default parameters and under every config of
#     tb/configs/<block>/ that shares that netlist (mode inputs the synthesis
#     leaves untied), zero divergences; a BLOCK@CFG line at its configuration
#  3. teeth: a fault synthesized into the netlist (FAULT_RTL) diverges at the
#     named signal in the gate-level run
#  4. the same for a fault in the SRAM macros' behavioural model
#     (FAULT_MEM_1R1W_SYNC_HOLD in fifo_sync_sram's netlist run)
#  6. the synthesis cache: a run unpacked from it equals a fresh one, and its
#     key changes with an input's content and the environment, not its date
#  5. formal equivalence (scripts/lec.sh) of sat_cnt and of fifo_sync_sram
#     (an SRAM macro cut as a black box) proves; sat_cnt's netlist with one
#     inverter planted as a buffer fails it; the bounded check alone
#     (LEC_INDUCT=0) bounds sat_cnt at k=6 and fails the planted change;
#     bdu (small) proves with its cut modules (mul_u, popcnt) proved apart,
#     and a change planted inside a cut module, or in netlist.v alone, fails
set -u
# The whole script is one brace group: bash parses it before running it, so
# editing this file during a run cannot change the running job.
{
cd "$(dirname "$0")/.."
CYC=${SYNTH_TEST_CYCLES:-20000}
bash scripts/synth_all.sh --tier test --reuse 2>&1 | grep -E '^(PASS|FAIL)'
# the machine's synthesis cache (scripts/synth_cache.sh), which the line above
# may have read: a run from it is what the tools make now, byte for byte, and
# its key follows every input's content (not its date) and the environment
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
d=$(bash scripts/synth.sh sat_cnt --print-dir)
if L1SYS_SYNTH_CACHE=off bash scripts/synth.sh sat_cnt --quiet --out "$t/fresh" >/dev/null 2>&1 &&
   cmp -s "$t/fresh/netlist.v" "$d/netlist.v" && cmp -s <(grep -v '_s=' "$t/fresh/metrics.txt") <(grep -v '_s=' "$d/metrics.txt"); then
  echo "PASS synthesis cache: sat_cnt synthesized now = its run in $d (netlist.v and metrics byte for byte but the tools' seconds)"
else echo "FAIL synthesis cache: sat_cnt synthesized now differs from its run in $d (or the run failed)"; fi
# --sta-only redoes the timing on the netlist of the last Yosys run: the run's
# input date (.inputs_ok) stays that run's, so --reuse after it still sees
# inputs newer than the netlist (was: --sta-only touched it, and --reuse then
# kept a netlist of an older flow)
touch -d 2001-01-01 "$t/fresh/.inputs_ok"
if bash scripts/synth.sh sat_cnt --quiet --out "$t/fresh" --sta-only >/dev/null 2>&1 && [ "$(date -r "$t/fresh/.inputs_ok" +%Y)" = 2001 ] &&
   L1SYS_SYNTH_CACHE=off bash scripts/synth.sh sat_cnt --out "$t/fresh" --reuse 2>&1 | grep -qv 'up to date'; then
  echo "PASS synthesis --sta-only keeps the Yosys run's input date: a later --reuse resynthesizes when inputs are newer"
else echo "FAIL synthesis --sta-only: .inputs_ok $(date -r "$t/fresh/.inputs_ok" +%F 2>/dev/null) after it (want 2001-01-01), or --reuse kept the run"; fi
c=$t/tree; mkdir -p "$c/csim" "$c/tb" "$c/h"
cp -r rtl constraints scripts "$c/"; cp csim/params*.def "$c/csim/"; cp -r tb/faults "$c/tb/"
skey() { (cd "$c" && . scripts/synth_cache.sh && sc_key build/synth/sat_cnt/default h constraints/sat_cnt.sdc); }
k0=$(skey); touch -d 2001-01-01 "$c/rtl/prim/sat_cnt.sv"; k1=$(skey)
echo '// a comment' >>"$c/rtl/prim/sat_cnt.sv"; k2=$(skey); k3=$(SYNTH_BUFFER=0 skey)
if [ -n "$k0" ] && [ "$k0" = "$k1" ] && [ "$k2" != "$k0" ] && [ "$k3" != "$k2" ]; then
  echo "PASS synthesis cache: the key follows content, not dates (an RTL file re-dated: same key; a comment added to it: another; SYNTH_BUFFER=0: another)"
else echo "FAIL synthesis cache: keys '$k0' (as is) '$k1' (re-dated) '$k2' (a comment added) '$k3' (SYNTH_BUFFER=0)"; fi
grep -v '^\s*#' constraints/blocks.list | awk 'NF && $2 == "test" && $3 == "gate" {print $1}' | while read -r b; do
  # a BLOCK@CFG line: the adapter BLOCK at tb/configs/BLOCK/CFG.cfg only
  a=${b%%@*}
  if [ "$a" != "$b" ]; then runs=("tb/configs/$a/${b#*@}.cfg")
  else
    ddir=$(bash scripts/synth.sh "$b" --print-dir)
    runs=("default")
    for c in tb/configs/$b/*.cfg; do
      [ -f "$c" ] || continue
      [ "$(bash scripts/synth.sh "$b" --config "$c" --print-dir 2>/dev/null)" = "$ddir" ] && runs+=("$c")
    done
  fi
  for c in "${runs[@]}"; do
    ca=(--config "$c")   # "default": the parameter defaults only (not every config)
    out=$(GATE=1 LS_QUIET=1 nice -n 10 bash scripts/lockstep.sh "$a" --seed 1 --cycles "$CYC" "${ca[@]}" --quiet --no-rerun 2>&1); rc=$?
    nm="gate-level lockstep $a $(basename "$c" .cfg), $CYC cycles"
    if [ $rc -eq 0 ]; then echo "PASS $nm: $(grep -o 'state map.*compared every cycle' <<<"$out" | head -1)"
    else echo "FAIL $nm (exit $rc)"; tail -12 <<<"$out"; fi
  done
done
# teeth: the netlist of a faulty RTL must diverge at the named register
out=$(GATE=1 FAULT_RTL=FAULT_SAT_CNT_WRAP LS_QUIET=1 nice -n 10 bash scripts/lockstep.sh sat_cnt --seed 1 --cycles "$CYC" --set SATCNT_WIDTH=2 --no-rerun 2>&1); rc=$?
sl=$(grep -m1 '^  signal ' <<<"$out")
if [ $rc -eq 1 ] && grep -q value_q <<<"$sl"; then echo "PASS gate-level fault FAULT_SAT_CNT_WRAP in the netlist caught:${sl#  signal}, $(grep -o 'cycle [0-9]*' <<<"$out" | head -1)"
else echo "FAIL gate-level fault FAULT_SAT_CNT_WRAP: exit $rc, no divergence at value_q"; tail -8 <<<"$out"; fi
# teeth of the SRAM macros' behavioural model: a fault in it (FAULT_RTL reaches
# gate_macros.v, the mem_1r1w_sync model) must diverge at the macro's output register
out=$(GATE=1 FAULT_RTL=FAULT_MEM_1R1W_SYNC_HOLD LS_QUIET=1 nice -n 10 bash scripts/lockstep.sh fifo_sync_sram --config default --seed 1 --cycles "$CYC" --no-rerun 2>&1); rc=$?
sl=$(grep -m1 '^  signal ' <<<"$out")
if [ $rc -eq 1 ] && grep -q 'i_mem.rdata_q' <<<"$sl"; then echo "PASS gate-level fault FAULT_MEM_1R1W_SYNC_HOLD in the SRAM macro model caught:${sl#  signal}, $(grep -o 'cycle [0-9]*' <<<"$out" | head -1)"
else echo "FAIL gate-level fault FAULT_MEM_1R1W_SYNC_HOLD: exit $rc, no divergence at i_mem.rdata_q"; tail -8 <<<"$out"; fi
# formal equivalence: proves on small blocks, fails on a planted netlist change
for b in sat_cnt fifo_sync_sram; do
  out=$(bash scripts/lec.sh "$b" 2>&1); rc=$?
  if [ $rc -eq 0 ] && grep -q ": proved" <<<"$out"; then echo "PASS $out"; else echo "FAIL lec $b (exit $rc): $out"; fi
done
d=$(bash scripts/synth.sh sat_cnt --print-dir); mkdir -p build/lec_mut
awk '!done && /^  INVX[0-9] / {sub(/INVX[0-9]/, "BUFX2"); done = 1} {print}' "$d/netlist.v" >build/lec_mut/sat_cnt_inv.v
if cmp -s "$d/netlist.v" build/lec_mut/sat_cnt_inv.v; then echo "FAIL lec mutation: no inverter to plant a change on in $d/netlist.v"
else
  out=$(bash scripts/lec.sh sat_cnt --netlist build/lec_mut/sat_cnt_inv.v 2>&1); rc=$?
  if [ $rc -eq 1 ] && grep -q ": failed" <<<"$out"; then echo "PASS lec catches a planted netlist change (an INVX as BUFX2 in sat_cnt): $out"
  else echo "FAIL lec mutation: the planted change was not caught (exit $rc): $out"; fi
  # the bounded check alone (what a block whose induction does not end gets):
  # the deepening proves every depth on the netlist, and finds the planted change
  out=$(LEC_INDUCT=0 LEC_BMC=6 bash scripts/lec.sh sat_cnt 2>&1); rc=$?
  if [ $rc -eq 0 ] && grep -q ": bounded k=6 " <<<"$out"; then echo "PASS lec bounded check, deepened to LEC_BMC: $out"
  else echo "FAIL lec bounded check of sat_cnt (exit $rc): $out"; fi
  out=$(LEC_INDUCT=0 LEC_BMC=6 bash scripts/lec.sh sat_cnt --netlist build/lec_mut/sat_cnt_inv.v 2>&1); rc=$?
  if [ $rc -eq 1 ] && grep -q ": failed" <<<"$out"; then echo "PASS lec bounded check catches the planted change: $out"
  else echo "FAIL lec bounded check: the planted change was not caught (exit $rc): $out"; fi
  # an equivalent netlist that stores value_q[0] inverted (a set flop between
  # two inverters, as a mapper may): equal from reset, different from the
  # all-zero state; the bounded check must start from reset to pass it
  awk '/^  DFFSR / && !done {c = 1}
       c && /\.D\(/ {d = $0; sub(/.*\.D\(/, "", d); sub(/\).*/, "", d); sub(/\.D\(.*\)/, ".D(lec_dn)")}
       c && /\.Q\(/ {q = $0; sub(/.*\.Q\(/, "", q); sub(/\).*/, "", q); sub(/\.Q\(.*\)/, ".Q(lec_qn)")}
       c && /\.R\(/ {r = $0; sub(/.*\.R\(/, "", r); sub(/\).*/, "", r); sub(/\.R\(.*\)/, ".R(1'"'"'b1)")}
       c && /\.S\(/ {sub(/\.S\(.*\)/, ".S(" r ")")}
       /^  DFFSR / && !done {print "  wire lec_dn, lec_qn;"}
       {print}
       c && /^  \);/ {printf "  INVX1 lec_i0 (.A(%s), .Y(lec_dn));\n  INVX1 lec_i1 (.A(lec_qn), .Y(%s));\n", d, q; c = 0; done = 1}' \
    "$d/netlist.v" >build/lec_mut/sat_cnt_setinv.v
  if ! grep -q "lec_i1 (.A(lec_qn), .Y(value_q" build/lec_mut/sat_cnt_setinv.v; then echo "FAIL lec reset: no DFFSR to invert in $d/netlist.v"
  else
    out=$(LEC_INDUCT=0 LEC_BMC=4 bash scripts/lec.sh sat_cnt --netlist build/lec_mut/sat_cnt_setinv.v 2>&1); rc=$?
    if [ $rc -eq 0 ] && grep -q ": bounded k=4 " <<<"$out"; then echo "PASS lec bounded check starts from reset (value_q[0] stored inverted, set on reset): $out"
    else echo "FAIL lec bounded check of an equivalent netlist (exit $rc; without the reset in cycle 1 it starts in a state the RTL never reaches): $out"; fi
  fi
fi
# cut modules (keep_hierarchy: rtl/prim/mul_u.sv, popcnt.sv): bdu, small
# (tb/configs/bdu/short.cfg), proves with every cut module proved apart and
# netlist.v checked against the cut netlist; a change planted inside a cut
# module (netlist_cut.v) fails that module's own proof; one planted in
# netlist.v alone fails its check against the cut netlist
sc=tb/configs/bdu/short.cfg
out=$(bash scripts/lec.sh bdu --config $sc 2>&1); rc=$?
if [ $rc -eq 0 ] && grep -q ": proved " <<<"$out" && grep -Eq ' ([1-9][0-9]*) of \1 cut modules proved apart, netlist.v = the cut netlist flattened: ok' <<<"$out"; then echo "PASS $out (bdu at $sc)"
else echo "FAIL lec bdu at $sc with its cut modules (exit $rc): $out"; fi
d=$(bash scripts/synth.sh bdu --config $sc --print-dir)
awk '/^module .*mul_u/ {f = 1} f && !done && /^  XOR2X1 / {sub(/XOR2X1/, "XNOR2X1"); done = 1} /^endmodule/ {f = 0} {print}' "$d/netlist_cut.v" >build/lec_mut/bdu_cut_xor.v
awk '!done && /^  XOR2X1 / {sub(/XOR2X1/, "XNOR2X1"); done = 1} {print}' "$d/netlist.v" >build/lec_mut/bdu_flat_xor.v
if cmp -s "$d/netlist_cut.v" build/lec_mut/bdu_cut_xor.v || cmp -s "$d/netlist.v" build/lec_mut/bdu_flat_xor.v; then echo "FAIL lec cut mutation: no XOR2X1 to plant a change on in $d/netlist_cut.v's mul_u or $d/netlist.v"
else
  out=$(bash scripts/lec.sh bdu --config $sc --cut-netlist build/lec_mut/bdu_cut_xor.v 2>&1); rc=$?
  if [ $rc -eq 1 ] && grep -Eq 'cut module [^ ]*mul_u: [1-9][0-9]* unproven' <<<"$out"; then echo "PASS lec catches a change inside a cut module (an XOR2X1 as XNOR2X1 in bdu's mul_u): $out"
  else echo "FAIL lec cut mutation: the change inside mul_u was not caught by its own proof (exit $rc): $out"; fi
  out=$(bash scripts/lec.sh bdu --config $sc --netlist build/lec_mut/bdu_flat_xor.v --cut-netlist "$d/netlist_cut.v" 2>&1); rc=$?
  if [ $rc -eq 1 ] && grep -q 'bdu_flat_xor.v is not the cut netlist flattened' <<<"$out" && ! grep -q 'cut module' <<<"$out"; then echo "PASS lec catches a change in the timed netlist alone (an XOR2X1 as XNOR2X1 in bdu's netlist.v): $out"
  else echo "FAIL lec flat mutation: the change in netlist.v alone was not caught by its check against the cut netlist (exit $rc): $out"; fi
fi
}
