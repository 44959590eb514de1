#!/usr/bin/env bash
# run_tests.sh -- every test of the project (make test).  Each check prints
# one PASS or FAIL line; the last line is "N passed, M failed".
#  1. build: C with -Wall -Wextra -Werror (plain and ASan/UBSan)
#  2. lint: verilator --lint-only -Wall on every RTL module
#  3. yosys: every RTL file read by Yosys 0.23, each top elaborated
#  4. C tests (plain and ASan/UBSan); the C models alone under ASan/UBSan
#  5. lockstep: every block and primitive, every config, short runs, several seeds
#  6. fault injection: every fault in tb/faults/*.txt caught at the named signal;
#     every register of each block's RTL present in its state map
#  7. bad input: exit code 2 and one clear message
set -u
cd "$(dirname "$0")/.."
B=build
LOG=$B/test-logs
mkdir -p $LOG
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "PASS $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# count PASS/FAIL lines of a sub-step's output
tally() {
  local out=$1
  while IFS= read -r l; do
    case "$l" in PASS*) pass=$((pass + 1)); echo "$l" ;; FAIL*) fail=$((fail + 1)); echo "$l" ;; *) [ -n "${SHOW:-}" ] && echo "$l" ;; esac
  done <<<"$out"
}
t0=$(date +%s)

# 1. build
if out=$(make -s build ctest-build 2>&1); then ok "build: C model, engine and tests with -Wall -Wextra -Werror (plain and sanitized)"
else bad "build"; echo "$out" | tail -30; echo "$pass passed, $((fail)) failed"; exit 1; fi

# 2-3. lint and yosys
tally "$(bash scripts/lint.sh 2>&1)"
tally "$(bash scripts/yosys_read.sh 2>&1)"

# 4. C tests, plain and sanitized
for tbin in $B/test/test_* $B/asan/test_*; do
  [ -x "$tbin" ] || continue
  kind=plain; [[ $tbin == $B/asan/* ]] && kind=asan
  out=$("$tbin" 2>$LOG/$(basename $tbin).$kind.err); rc=$?
  if [ $kind = asan ]; then out=$(sed 's/^PASS /PASS asan /; s/^FAIL /FAIL asan /' <<<"$out"); fi
  tally "$out"
  if [ $rc -ne 0 ] && ! grep -q '^FAIL' <<<"$out"; then bad "$kind $(basename $tbin) exited $rc without a FAIL line (crash or sanitizer report: $LOG/$(basename $tbin).$kind.err)"; fi
done

test_cycles() { if [ -f tb/configs/$1/test_cycles ]; then cat tb/configs/$1/test_cycles; else echo 20000; fi; }
blocks=$($B/bin/lockstep-c --list-blocks | awk '{print $1}')

# C models alone under the sanitizers, every block and config
for b in $blocks; do
  for c in tb/configs/$b/*.cfg; do
    [ -f "$c" ] || c=""
    if out=$($B/bin/lockstep-c-asan --block $b --mode c --seed 3 --cycles $(test_cycles $b) ${c:+--config $c} --quiet 2>&1); then
      ok "asan C model alone: $b ${c:+$(basename $c .cfg)}"
    else bad "asan C model alone: $b ${c:+$(basename $c .cfg)}"; echo "$out" | tail -15; fi
  done
done

# 5-6. lockstep runs and fault injection, two at a time (2 cores): each job
# is one line "name|command"; results are counted in list order.
JOBS=$LOG/jobs.txt
: >$JOBS
for b in $blocks; do
  n=$(test_cycles $b)
  for c in tb/configs/$b/*.cfg; do
    [ -f "$c" ] || c=""
    seeds="1 2 3"; [ "$b" = l1d ] || [ "$b" = mrpb ] && seeds=1   # big blocks: one seed per config here
    for seed in $seeds; do
      echo "lockstep $b ${c:+$(basename $c .cfg) }seed $seed, $n cycles|LS_QUIET=1 bash scripts/lockstep.sh $b --seed $seed --cycles $n ${c:+--config $c} --quiet --no-rerun" >>$JOBS
    done
  done
done
for ff in tb/faults/*.txt; do
  b=$(basename $ff .txt)
  grep -v '^\s*#' "$ff" | grep -v '^\s*$' | while read -r side def sig rest; do
    extra=""
    eval "toks=($rest)"
    for tk in "${toks[@]}"; do
      case "$tk" in
        CONFIG=*) extra+=" --config ${tk#CONFIG=}" ;;
        SET=*) for s in ${tk#SET=}; do extra+=" --set $s"; done ;;
        *) extra+=" $tk" ;;
      esac
    done
    envv=FAULT_C; [ "$side" = rtl ] && envv=FAULT_RTL
    echo "fault $def in $side of $b, must name $sig|LS_QUIET=1 $envv=$def bash scripts/lockstep.sh $b --seed 1 --cycles 20000 --no-rerun$extra" >>$JOBS
  done
done
runjob() { # index
  local line; line=$(sed -n "${1}p" $JOBS)
  bash -c "${line#*|}" >$LOG/job.$1.out 2>&1
  echo $? >$LOG/job.$1.rc
}
export -f runjob; export JOBS LOG
seq 1 $(wc -l <$JOBS) | xargs -P 2 -I{} bash -c 'runjob {}'
i=0
while IFS= read -r line; do
  i=$((i + 1)); name=${line%%|*}; rc=$(cat $LOG/job.$i.rc); out=$(cat $LOG/job.$i.out)
  if [[ $name == fault* ]]; then
    sig=${name##*must name }
    sl=$(grep -m1 '^  signal ' <<<"$out")
    if [ "$rc" -eq 1 ] && grep -q DIVERGENCE <<<"$out" && grep -q -- "$sig" <<<"$sl"; then
      ok "${name%, must name*} caught:${sl#  signal}, $(grep -o 'cycle [0-9]*' <<<"$out" | head -1)"
    else bad "$name: got exit $rc, no divergence at that signal"; echo "$out" | tail -12; fi
  else
    if [ "$rc" -eq 0 ]; then ok "$name: $(grep -o '[0-9]* cycles/s' <<<"$out")"
    else bad "$name (exit $rc)"; echo "$out" | tail -25; fi
  fi
done <$JOBS

# no register left out: the RTL's registers (from a waveform dump) against each state map
for b in $blocks; do
  c=$(ls tb/configs/$b/*.cfg 2>/dev/null | head -1)
  tally "$(bash scripts/check_statemap.sh $b ${c:+--config $c} 2>&1)"
done

# GPU shell: workloads, C model runs, determinism, bad traces (scripts/shell_tests.sh)
tally "$(bash scripts/shell_tests.sh 2>&1)"

# 7. bad input: exit 2 and one message naming the problem
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

echo "test time: $(( $(date +%s) - t0 )) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
