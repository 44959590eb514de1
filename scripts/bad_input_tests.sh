#!/usr/bin/env bash
# bad_input_tests.sh -- part of make test (scripts/run_tests.sh): the engine's
# and make's answers to bad input (exit 2 and one message naming the
# problem), exit codes through make, --compare-every's location of a
# divergence, and the classifier's inputs.  One PASS/FAIL line per check.
set -u
cd "$(dirname "$0")/.."
B=build
LOG=$B/test-logs
mkdir -p $LOG
ok()  { echo "PASS $*"; }
bad() { echo "FAIL $*"; }
expect2() { # name, expected substring, command...
  local name=$1 want=$2; shift 2
  out=$("$@" 2>&1); rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" <<<"$out"; then ok "bad input: $name -> exit 2, '$want'"
  else bad "bad input: $name: exit $rc, output: $(head -3 <<<"$out")"; fi
}
expect2 "unknown parameter" "unknown parameter 'NOPE'" $B/bin/lockstep-c --block fifo_sync --set NOPE=1
expect2 "out-of-range parameter" "FIFO_DEPTH='0': expected an integer in [1, 1024]" $B/bin/lockstep-c --block fifo_sync --set FIFO_DEPTH=0
expect2 "bad config line" "bad.cfg:2: unknown parameter 'WHAT'" bash -c "printf 'FIFO_DEPTH=4\nWHAT=1\n' > $LOG/bad.cfg; $B/bin/lockstep-c --block fifo_sync --config $LOG/bad.cfg"
expect2 "missing config file" "cannot open" $B/bin/lockstep-c --block fifo_sync --config /nonexistent.cfg
expect2 "unknown block" "unknown block 'nope'" $B/bin/lockstep-c --block nope
expect2 "bad cycles value" "--cycles: 'ten' is not a non-negative integer" $B/bin/lockstep-c --block fifo_sync --cycles ten
expect2 "unknown option" "unknown option '--frobnicate'" $B/bin/lockstep-c --block fifo_sync --frobnicate
expect2 "slice must divide width" "MEM_SLICE=7: must divide MEM_WIDTH" $B/bin/lockstep-c --block mem_1r1w --set MEM_SLICE=7 --mode c
expect2 "make lockstep bad parameter" "FIFO_WIDTH='9999'" make -s lockstep BLOCK=fifo_sync SET=FIFO_WIDTH=9999
expect2 "make lockstep without BLOCK" "BLOCK=<name> is required" make -s lockstep
expect2 "make run with an unknown workload" "workload 'nosuch': not a generator" make -s run WORKLOAD=nosuch
expect2 "FAULT_RTL not in tb/faults" "FAULT_RTL=FAULT_NOPE: expected a fault define named in tb/faults/*.txt" env FAULT_RTL=FAULT_NOPE bash scripts/lockstep.sh fifo_sync --cycles 10
expect2 "LS_LAYOUT not a byte count" "LS_LAYOUT='4k': expected a number of bytes from 0 to 65536" env LS_LAYOUT=4k bash scripts/lockstep.sh fifo_sync --cycles 10 --mode c
expect2 "LS_LAYOUT too large" "LS_LAYOUT='65537': expected a number of bytes from 0 to 65536" env LS_LAYOUT=65537 bash scripts/lockstep.sh fifo_sync --cycles 10 --mode c
expect2 "BENCH_LAYOUTS not byte counts" "BENCH_LAYOUTS='0 x': expected numbers of bytes from 0 to 65536" env BENCH_LAYOUTS="0 x" BENCH_BLOCKS=mrpb bash scripts/bench.sh
expect2 "BENCH_LAYOUT_ROWS unknown" "BENCH_LAYOUT_ROWS='some': expected targets or all" env BENCH_LAYOUT_ROWS=some BENCH_BLOCKS=mrpb bash scripts/bench.sh
# A code-layout variant (LS_LAYOUT, make bench's C/RTLf medians) is the same
# program N bytes further on: every function moved by exactly N, the run's
# report the same but for its speed.
lay=$(LS_LAYOUT=80 LS_QUIET=1 bash scripts/lockstep.sh mrpb --config tb/configs/mrpb/warp.cfg --cycles 3000 --mode c --cov /dev/null 2>&1 | grep -v 'cycles/s')
ref=$($B/bin/lockstep-c --block mrpb --config tb/configs/mrpb/warp.cfg --cycles 3000 --mode c --cov /dev/null 2>&1 | grep -v 'cycles/s')
# (every function named once in both: its address in each binary; how many moved by 80, how many by anything else)
mv=$(python3 -c '
import subprocess, sys
def fns(f):
    d = {}
    for l in subprocess.run(["nm", f], capture_output=True, text=True).stdout.splitlines():
        p = l.split()
        if len(p) == 3 and p[1] in "tT": d.setdefault(p[2], []).append(int(p[0], 16))
    return {k: v[0] for k, v in d.items() if len(v) == 1}
a, b = fns(sys.argv[1]), fns(sys.argv[2])
n = sum(1 for k in a if k in b and b[k] - a[k] == 80)
print(n, sum(1 for k in a if k in b) - n)' $B/bin/lockstep-c $B/bin/lockstep-c-layout80 2>&1)
# (the one left in place: _init, in .init before .text)
if [ "${mv%% *}" -gt 100 ] 2>/dev/null && [ "${mv##* }" -le 2 ] && [ -n "$ref" ] && [ "$lay" = "$ref" ]; then
  ok "code layout: LS_LAYOUT=80 runs lockstep-c-layout80: ${mv%% *} functions 80 bytes further on, ${mv##* } not moved (.init), the same report"
else bad "code layout: LS_LAYOUT=80: functions moved by 80 / not: $mv; reports $([ "$lay" = "$ref" ] && echo equal || echo differ)"; fi
# (the harness side: the same pad linked first into a layout variant of the lockstep binary)
out=$(LS_LAYOUT=80 LS_QUIET=1 bash scripts/lockstep.sh fifo_sync --config tb/configs/fifo_sync/depth5_w1.cfg --cycles 2000 --no-rerun --progress off 2>&1); rc=$?
lx=$(ls build/ls/fifo_sync/*/lockstep-layout80 2>/dev/null | head -1)
if [ $rc = 0 ] && grep -q '^PASS ' <<<"$out" && [ -n "$lx" ]; then ok "code layout: LS_LAYOUT=80 links and runs the harness's layout variant ($lx): lockstep PASS"
else bad "code layout: the harness with LS_LAYOUT=80: exit $rc, binary '${lx:-none}'"; fi
out=$(FAULT_RTL=FAULT_FIFO_SYNC_COUNT make -s lockstep BLOCK=fifo_sync CYCLES=50 CONFIG=tb/configs/fifo_sync/depth5_w1.cfg 2>&1); rc=$?
if [ $rc -eq 1 ] && grep -q '^DIVERGENCE' <<<"$out" && grep -q 'reproduce: FAULT_RTL=FAULT_FIFO_SYNC_COUNT make lockstep' <<<"$out"; then
  ok "exit codes: a divergence through make lockstep exits 1, and its reproduce line names the fault"
else bad "exit codes: a divergence through make lockstep: exit $rc (expected 1)"; fi
# --compare-every K: registers compared every K cycles; a divergence seen at
# a compare point is located by a re-run with K = 1, so it must name the
# same first cycle and signal as a run that compares every cycle (the LRU
# fault diverges in rank_q long before any output differs).
ce() { FAULT_RTL=FAULT_L1D_LRU_SKIP LS_QUIET=1 bash scripts/lockstep.sh l1d --seed 1 --cycles 2000 --config tb/configs/l1d/base_fermi.cfg --no-rerun --progress off "$@" 2>&1; }
out1=$(ce); out=$(ce --compare-every 500); rc=$?
first1=$(grep -m1 -o '^DIVERGENCE block .* cycle [0-9]* ' <<<"$out1"); sig1=$(grep -m1 '^  signal ' <<<"$out1")
seen=$(grep -m1 -o '^DIVERGENCE seen at cycle [0-9]*' <<<"$out")
if [ $rc -eq 1 ] && [ -n "$first1" ] && [ -n "$seen" ] && [ "${seen##* }" -gt "${first1##*cycle }" ] 2>/dev/null \
   && grep -qF -- "$first1" <<<"$out" && grep -qF -- "$sig1" <<<"$out"; then
  ok "compare every 500 cycles: ${seen#DIVERGENCE }, located at the first diverging cycle as with K = 1 (${first1##*config }, ${sig1#  signal }), exit 1"
else bad "compare every 500 cycles: exit $rc, K=1: '$first1' '$sig1', K=500: $(grep DIVERGENCE <<<"$out" | tr '\n' ' ')"; fi
expect2 "compare-every zero" "--compare-every: '0' is not a cycle count" $B/bin/lockstep-c --block fifo_sync --compare-every 0

expect2 "chss value width" "CHSS_CNT_W + CHSS_LAT_W + CHSS_FRAC_W must be <= 32" $B/bin/lockstep-c --block chss --set CHSS_LAT_W=12 --set CHSS_FRAC_W=8 --mode c
expect2 "bdu threshold W width" "BDU_THR_W=16: must fit" $B/bin/lockstep-c --block bdu --set BDU_WARPS=7 --mode c
expect2 "chss-classify bad profile" "bad.prof:2: unknown load 'b'" bash -c "printf 'load a 1 1\\nshare a b\\n' > $LOG/bad.prof; $B/bin/chss-classify $LOG/bad.prof"
expect2 "chss-classify missing file" "cannot open" $B/bin/chss-classify /nonexistent.prof
# a device read to its end: an endless profile or tags line was all of memory or a hang before
expect2 "chss-classify of /dev/zero (bounded: 64 MiB)" "/dev/zero: larger than 67108864 bytes" timeout 20 $B/bin/chss-classify /dev/zero
expect2 "shell-sim --tags /dev/zero (a device)" "/dev/zero: not a regular file (expected a tags file)" timeout 20 $B/bin/shell-sim --quiet --tags /dev/zero
spv=$($B/bin/chss-classify tb/tests/data/chss_spv.prof 2>&1 | tr '\n' ' ')
if [ "$spv" = "ld1 cg ld2 cg ld3 cm ld4 cg ld5 cg ld6 cm ld7 cg ld8 ca ld9 cm ld10 cg " ]; then ok "chss-classify: the paper's SPV classification from tb/tests/data/chss_spv.prof"
else bad "chss-classify SPV: got '$spv'"; fi
