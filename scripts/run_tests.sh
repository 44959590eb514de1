#!/usr/bin/env bash
# run_tests.sh -- every test of the project (make test).  Each check prints
# one PASS or FAIL line as soon as it finishes; each step is announced; a
# step that prints nothing for 8 s says it is still running; the last line
# is "N passed, M failed".  Exit 0 when all pass, 1 otherwise.
#  1. build: C with -Wall -Wextra -Werror (plain and ASan/UBSan)
#  2. lint: verilator --lint-only -Wall on every RTL module
#  3. yosys: every RTL file read by Yosys 0.23, each top elaborated
#  4. C tests (plain and ASan/UBSan); the C models alone under ASan/UBSan
#  5. lockstep: every block and primitive, every config, short runs, several
#     seeds; fault injection: every fault in tb/faults/*.txt caught at the
#     named signal (two jobs at a time)
#  6. functional coverage: every declared point hit; the check fails without bypass stimulus
#  7. state maps: every register of each block's RTL present in its state map
#  8. waveforms: divergences' save files opened in GTKWave under Xvfb
#  9. bad input: exit code 2 and one clear message; exit codes through make
# 10. SRAM model: the fit to OpenRAM's macros, register files, banking, the port rule
# 11. synthesis: the small blocks synthesize and time, storage bits as
#     documented, gate-level lockstep of the mapped netlists (scripts/synth_test.sh)
# 12. inputs: every bad-input class, GPGPU-Sim configs, results; fuzzers (short)
# 13. regressions on real distributed engines (scripts/regress_selftest.sh, a minute
#     and a half): a one-machine Slurm cluster and GNU parallel over a loopback sshd,
#     a killed run reported and re-run by --resume, dead nodes/machines exit 2
set -u
cd "$(dirname "$0")/.."
B=build
LOG=$B/test-logs
mkdir -p $LOG
pass=0; fail=0
T0=$SECONDS
NSTEPS=$(grep -c '^step "' scripts/run_tests.sh); STEP=0; STEPNAME=""  # the step calls below (after the cd above)
touch $LOG/.last
say() { echo "$@"; touch $LOG/.last; }
ok()  { pass=$((pass + 1)); say "PASS $*"; }
bad() { fail=$((fail + 1)); say "FAIL $*"; }
step() { STEP=$((STEP + 1)); STEPNAME=$*; say "== step $STEP of $NSTEPS: $* ($((SECONDS - T0)) s into make test) =="; }
# count PASS/FAIL lines of a sub-step's output
tally() {
  local out=$1
  while IFS= read -r l; do
    case "$l" in PASS*) pass=$((pass + 1)); say "$l" ;; FAIL*) fail=$((fail + 1)); say "$l" ;; *) [ -n "${SHOW:-}" ] && say "$l" ;; esac
  done <<<"$out"
}
# A line when nothing was printed for 8 s, so make test is never silent.
( while sleep 2; do
    [ -f $LOG/.last ] || exit 0
    age=$(( $(date +%s) - $(stat -c %Y $LOG/.last) ))
    if [ $age -ge 8 ]; then echo "   ... still running: $(cat $LOG/.step 2>/dev/null) ($((SECONDS - T0)) s into make test)"; touch $LOG/.last; fi
  done ) &
TICKER=$!
trap 'kill $TICKER 2>/dev/null' EXIT
stepfile() { echo "step $STEP of $NSTEPS, $STEPNAME${1:+: $1}" >$LOG/.step; }

# 1. build
step "build (C model, engine, tests; plain and sanitized)"; stepfile
if out=$(make -s -j"$(nproc)" build ctest-build 2>&1); then ok "build: C model, engine and tests with -Wall -Wextra -Werror (plain and sanitized)"
else bad "build"; echo "$out" | tail -30; echo "$pass passed, $((fail)) failed"; exit 1; fi

# 2-3. lint and yosys
step "lint (verilator --lint-only -Wall, every module as top)"; stepfile
tally "$(bash scripts/lint.sh 2>&1)"
step "yosys 0.23 read of every RTL file, every block top elaborated"; stepfile
tally "$(bash scripts/yosys_read.sh 2>&1)"

# 4. C tests, plain and sanitized
step "C tests (plain and ASan/UBSan), C models alone under ASan/UBSan"
for tbin in $B/test/test_* $B/asan/test_*; do
  [ -x "$tbin" ] || continue
  kind=plain; [[ $tbin == $B/asan/* ]] && kind=asan
  stepfile "$kind $(basename $tbin)"
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
    stepfile "asan C model alone: $b ${c:+$(basename $c .cfg)}"
    if out=$($B/bin/lockstep-c-asan --block $b --mode c --seed 3 --cycles $(test_cycles $b) ${c:+--config $c} --quiet --progress off 2>&1); then
      ok "asan C model alone: $b ${c:+$(basename $c .cfg)}"
    else bad "asan C model alone: $b ${c:+$(basename $c .cfg)}"; echo "$out" | tail -15; fi
  done
done

# 5-6. lockstep runs and fault injection, two at a time (2 cores): each job
# is one line "name|command"; each result is printed as its job ends.
step "lockstep runs of every block and config, and fault injection (2 jobs at a time; results as they finish)"
JOBS=$LOG/jobs.txt
LATER=$LOG/jobs_later.txt
: >$JOBS; : >$LATER
rm -rf $B/cov; mkdir -p $B/cov
# configs that make test leaves to make regress: tb/configs/<block>/regress_only
# names them, each with its reason (docs/testing.md, "What make test keeps")
regress_only() { [ -n "$2" ] && [ -f tb/configs/$1/regress_only ] && grep -qE "^$(basename "$2" .cfg)([[:space:]]|$)" tb/configs/$1/regress_only; }
for b in $blocks; do
  n=$(test_cycles $b)
  for c in tb/configs/$b/*.cfg; do
    [ -f "$c" ] || c=""
    regress_only $b "$c" && continue
    case $b in fifo_sync|fifo_sync_sram|fifo_sync_w2|prio_enc|rr_arb|sat_cnt|mem_1r1w|mem_1r1w_sync) seeds="1 2 3" ;; *) seeds=1 ;; esac   # big blocks: one seed per config here
    cn=$(basename "${c:-default}" .cfg)
    # the first seed builds the config's harness; the other runs of the
    # config go to $LATER, after every build, so that the two job slots
    # build two different harnesses instead of one waiting on the other's
    for seed in $seeds; do
      to=$JOBS; [ "$seed" = 1 ] || to=$LATER
      echo "lockstep $b ${c:+$cn }seed $seed, $n cycles|LS_QUIET=1 bash scripts/lockstep.sh $b --seed $seed --cycles $n ${c:+--config $c} --quiet --no-rerun --cov $B/cov/${b}@${cn}_seed$seed.txt" >>$to
    done
    # random initial state: registers random from the seed, memories loaded
    # with the same random rows on both sides (docs/lockstep.md)
    echo "lockstep $b ${c:+$cn }seed 4, random initial state, $((n / 2)) cycles|LS_QUIET=1 bash scripts/lockstep.sh $b --seed 4 --cycles $((n / 2)) ${c:+--config $c} --quiet --no-rerun --rand-init --cov $B/cov/${b}@${cn}_seed4_ri.txt" >>$LATER
  done
done
# every name in a regress_only list is a config of its block (a typo would keep nothing out, silently)
for f in tb/configs/*/regress_only; do
  [ -f "$f" ] || continue
  bb=$(basename "$(dirname "$f")"); miss=""
  for nm in $(grep -v '^\s*#' "$f" | awk 'NF {print $1}'); do [ -f tb/configs/$bb/$nm.cfg ] || miss+=" $nm"; done
  if [ -z "$miss" ]; then ok "make test keeps: $f names $(grep -v '^\s*#' "$f" | grep -c .) configs of $bb, each one that exists"
  else bad "make test keeps: $f names configs that do not exist:$miss"; fi
done
# the whole shell x every workload, short runs on two configs of the matrix
# (every mechanism together on 2 SMs; the CCN ring on 4 SMs); the harnesses
# are the ones built above.  make regress runs every config x every workload.
for c in tb/configs/shell/all.cfg tb/configs/shell/sms4.cfg; do
  echo "lockstep shell $(basename $c .cfg) x every workload, 3000 cycles each|bash scripts/shell_workloads_ls.sh $c 3000" >>$LATER
done
# RTL faults are chosen at run time (docs/lockstep.md, "Teeth"): the RTL
# faults of a block on one configuration share one fault-capable harness, so
# the first of them goes to $JOBS (it builds the harness), the others to
# $LATER (they find it built instead of waiting on the build's lock)
declare -A fshape=()
for ff in tb/faults/*.txt; do
  b=$(basename $ff .txt)
  while read -r side def sig rest; do
    extra=""
    eval "toks=($rest)"
    for tk in "${toks[@]}"; do
      case "$tk" in
        CONFIG=*) extra+=" --config ${tk#CONFIG=}" ;;
        SET=*) for s in ${tk#SET=}; do extra+=" --set $s"; done ;;
        *) extra+=" $tk" ;;
      esac
    done
    envv=FAULT_C; to=$JOBS
    if [ "$side" = rtl ]; then
      envv=FAULT_RTL; sk="$b${extra/ --rand-init/}"
      [ -n "${fshape[$sk]:-}" ] && to=$LATER
      # ... and that harness with no fault selected must agree (its fault
      # logic changes nothing while sel is 0)
      [ -z "${fshape[$sk]:-}" ] && echo "lockstep $b fault-capable harness$extra, no fault selected, 5000 cycles|LS_QUIET=1 FAULT_RTL=none bash scripts/lockstep.sh $b --seed 1 --cycles 5000 --no-rerun$extra" >>$LATER
      fshape[$sk]=1
    fi
    echo "fault $def in $side of $b, must name $sig|LS_QUIET=1 $envv=$def bash scripts/lockstep.sh $b --seed 1 --cycles 20000 --no-rerun --stats $LOG/stats_fault_$def.json$extra" >>$to
  done < <(grep -v '^\s*#' "$ff" | grep -v '^\s*$')
done
cat $LATER >>$JOBS
njobs=$(wc -l <$JOBS)
rm -f $LOG/job.*.rc $LOG/job.*.start
runjob() { # index
  local line; line=$(sed -n "${1}p" $JOBS)
  touch $LOG/job.$1.start
  bash -c "${line#*|}" >$LOG/job.$1.out 2>&1
  echo $? >$LOG/job.$1.rc
}
export -f runjob; export JOBS LOG
seq 1 $njobs | xargs -P 2 -I{} bash -c 'runjob {}' &
XPID=$!
judge() { # index: one PASS/FAIL line for job i
  local i=$1 line name rc out
  line=$(sed -n "${i}p" $JOBS); name=${line%%|*}; rc=$(cat $LOG/job.$i.rc); out=$(cat $LOG/job.$i.out)
  if [[ $name == fault* ]]; then
    local sig=${name##*must name } sl
    sl=$(grep -m1 '^  signal ' <<<"$out")
    if [ "$rc" -eq 1 ] && grep -q DIVERGENCE <<<"$out" && grep -q -- "$sig" <<<"$sl"; then
      ok "${name%, must name*} caught:${sl#  signal}, $(grep -o 'cycle [0-9]*' <<<"$out" | head -1)"
    else bad "$name: got exit $rc, no divergence at that signal"; echo "$out" | tail -12; fi
  else
    if [ "$rc" -eq 0 ]; then ok "$name: $(grep '^PASS' <<<"$out" | grep -o '[0-9]* cycles/s' | tail -1)"
    else bad "$name (exit $rc)"; echo "$out" | tail -25; fi
  fi
}
declare -A done_job=()
ndone=0
while [ $ndone -lt $njobs ]; do
  running=""
  for ((i = 1; i <= njobs; i++)); do
    [ -n "${done_job[$i]:-}" ] && continue
    if [ -f $LOG/job.$i.rc ]; then judge $i; done_job[$i]=1; ndone=$((ndone + 1))
    elif [ -f $LOG/job.$i.start ]; then l=$(sed -n "${i}p" $JOBS); running+="${running:+; }${l%%|*}"; fi
  done
  echo "jobs done $ndone of $njobs; running: ${running:-none}" >$LOG/.step.tmp
  echo "step $STEP of $NSTEPS, $(cat $LOG/.step.tmp)" >$LOG/.step
  [ $ndone -lt $njobs ] && sleep 0.5
done
wait $XPID 2>/dev/null
# docs/debugging.md walks through the FAULT_L1D_LRU_SKIP divergence: its report must be today's (make debugging-doc)
dbg=$(grep -l 'reproduce: FAULT_RTL=FAULT_L1D_LRU_SKIP make lockstep BLOCK=l1d SEED=1' $LOG/job.*.out 2>/dev/null | head -1)
if [ -n "$dbg" ]; then tally "$(bash scripts/debugging_doc.sh --check $dbg 2>&1)"
else bad "docs/debugging.md: no FAULT_L1D_LRU_SKIP fault run to check it against"; fi

step "functional coverage: every declared point hit by the runs above"
if out=$(bash scripts/coverage.sh $B/cov/*.txt 2>&1); then ok "coverage: $(grep -c '^coverage' <<<"$out") blocks, every declared point hit ($(tr '\n' ';' <<<"$out"))"
else bad "coverage: points never hit"; echo "$out"; fi
# ... and the check has teeth: without bypassed loads in the stimulus it must fail
rm -rf $B/cov-drop; mkdir -p $B/cov-drop
for c in tb/configs/l1d/*.cfg; do
  L1D_STIM_DROP=bypass $B/bin/lockstep-c --block l1d --mode c --cycles $(test_cycles l1d) --config $c --quiet --cov $B/cov-drop/l1d@$(basename $c .cfg).txt >/dev/null
done
if out=$(bash scripts/coverage.sh $B/cov-drop/*.txt 2>&1); then bad "coverage check with the bypass stimulus removed did not fail"
elif grep -q "NEVER HIT l1d acc.bypass.MISS" <<<"$out"; then ok "coverage check fails when the stimulus drops bypassed loads (acc.bypass.MISS never hit)"
else bad "coverage check with the bypass stimulus removed: $out"; fi
rm -rf $B/cov-drop; mkdir -p $B/cov-drop
for c in tb/configs/mrpb/*.cfg; do
  MRPB_STIM_DROP=portbusy $B/bin/lockstep-c --block mrpb --mode c --cycles $(test_cycles mrpb) --config $c --quiet --cov $B/cov-drop/mrpb@$(basename $c .cfg).txt >/dev/null
done
if out=$(bash scripts/coverage.sh $B/cov-drop/*.txt 2>&1); then bad "coverage check with PORT_BUSY removed from the MRPB stimulus did not fail"
elif grep -q "NEVER HIT mrpb refused.PORT_BUSY" <<<"$out" && grep -q "NEVER HIT mrpb bypass.withheld.PORT_BUSY" <<<"$out"; then
  ok "coverage check fails when the MRPB stimulus drops PORT_BUSY refusals (refused.PORT_BUSY, bypass.withheld.PORT_BUSY never hit)"
else bad "coverage check with PORT_BUSY removed from the MRPB stimulus: $out"; fi

# 6. no register left out: the RTL's registers (from a waveform dump) against each state map
step "state maps: every RTL register in the block's state map"
for b in $blocks; do
  c=$(ls tb/configs/$b/*.cfg 2>/dev/null | head -1)
  stepfile "$b"
  tally "$(bash scripts/check_statemap.sh $b ${c:+--config $c} 2>&1)"
done

# 7. waveforms a user opens: divergences (RTL faults) re-run with waves,
# both save files opened in GTKWave under Xvfb and checked (marker, the
# diverging signal first, its value at the marker in C and RTL)
step "waveforms: each kind of save file opened in GTKWave under Xvfb"
W=$LOG/waves; rm -rf $W; mkdir -p $W
wavecase() { # name, env, block, args...
  local name=$1 envv=$2 b=$3; shift 3
  stepfile "$name"
  local out rc
  out=$(env LS_QUIET=1 $envv bash scripts/lockstep.sh $b --seed 1 --cycles 20000 --wave-dir $W --progress off "$@" 2>&1); rc=$?
  local pfx; pfx=$(ls -t $W/${b}_*.div 2>/dev/null | head -1); pfx=${pfx%.div}
  if [ $rc -ne 1 ] || [ -z "$pfx" ]; then bad "waveforms $name: exit $rc, no waveform files"; echo "$out" | tail -8; return; fi
  local c; c=$(grep -c '' <<<"$(ls $pfx.gtkw ${pfx}_rtl.gtkw ${pfx}_cmp.fst ${pfx}_rtl.fst 2>/dev/null)")
  local after; after=$(grep -o 're-run over cycles [0-9]*\.\.[0-9]*' <<<"$out"); local dc; dc=$(grep -m1 -o 'cycle [0-9]* (' <<<"$out" | grep -o '[0-9]*')
  local last=${after##*..}
  if [ "$c" -eq 4 ] && [ -n "$last" ] && [ $((last - dc)) -ge 3 ]; then ok "waveforms $name: comparison FST, RTL FST and 2 save files; window ends $((last - dc)) cycles past the divergence"
  else bad "waveforms $name: files $c of 4, window ${after:-?}, divergence cycle ${dc:-?}"; fi
  tally "$(bash scripts/gtkw_test.sh $pfx 2>&1 | sed "s/^PASS gtkwave/PASS gtkwave ($name)/; s/^FAIL gtkwave/FAIL gtkwave ($name)/")"
  rm -f $pfx.div # the next case finds its own
}
wavecase "fifo_sync count register" FAULT_RTL=FAULT_FIFO_SYNC_COUNT fifo_sync --config tb/configs/fifo_sync/depth5_w1.cfg
wavecase "l1d wide LRU register" FAULT_RTL=FAULT_L1D_LRU_SKIP l1d --config tb/configs/l1d/base_fermi.cfg
wavecase "l1d tag memory write port" FAULT_RTL=FAULT_L1D_VICTIM_LOW l1d --config tb/configs/l1d/base_fermi.cfg

# 8. bad input: exit 2 and one message naming the problem
step "bad input (exit 2, one message) and exit codes through make"; stepfile
# GPU shell: workloads, C model runs, determinism, bad traces (scripts/shell_tests.sh)
tally "$(bash scripts/shell_tests.sh 2>&1)"
# GPGPU-Sim's statistics (shell-sim --stats gpgpusim) against a log excerpt in its format (docs/shell.md)
tally "$(python3 scripts/gpgpusim_stats_test.py 2>&1)"
# GPU shell: bypass schemes (scripts/shell_mech_tests.sh)
tally "$(bash scripts/shell_mech_tests.sh 2>&1)"
# make papers' inputs: the claims file parses, every paper config runs (scripts/papers_check.sh, ~2 s)
tally "$(bash scripts/papers_check.sh 2>&1)"
# make sweeps' machinery: a reduced sweep's runs and table against direct shell-sim runs (scripts/sweeps_check.sh, ~5 s)
tally "$(bash scripts/sweeps_check.sh 2>&1)"
# the memory side against the latencies and bandwidths SM2_GTX480.config implies (make calibrate, docs/shell.md)
stepfile "make calibrate on SM2_GTX480"
if out=$(python3 scripts/calibrate.py ../shared/gpgpusim-configs/SM2_GTX480.config 2>&1); then ok "make calibrate: $(tail -1 <<<"$out" | cut -d';' -f1)"
else bad "make calibrate (exit $?): $(grep -E 'FAIL|error' <<<"$out" | head -3 | tr '\n' ' ')"; fi

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
expect2 "make lockstep without BLOCK" "BLOCK=<name> is required" make -s lockstep
expect2 "make run with an unknown workload" "workload 'nosuch': not a generator" make -s run WORKLOAD=nosuch
expect2 "FAULT_RTL not in tb/faults" "FAULT_RTL=FAULT_NOPE: expected a fault define named in tb/faults/*.txt" env FAULT_RTL=FAULT_NOPE bash scripts/lockstep.sh fifo_sync --cycles 10
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
spv=$($B/bin/chss-classify tb/tests/data/chss_spv.prof 2>&1 | tr '\n' ' ')
if [ "$spv" = "ld1 cg ld2 cg ld3 cm ld4 cg ld5 cg ld6 cm ld7 cg ld8 ca ld9 cm ld10 cg " ]; then ok "chss-classify: the paper's SPV classification from tb/tests/data/chss_spv.prof"
else bad "chss-classify SPV: got '$spv'"; fi

step "SRAM model: the fit to OpenRAM's macros, register files, banking, the port rule (scripts/sram_model_test.sh, ~2 s)"
tally "$(bash scripts/sram_model_test.sh 2>&1)"
step "synthesis and timing of the small blocks, gate-level lockstep"
tally "$(bash scripts/synth_test.sh 2>&1)"

step "inputs: bad-input classes, GPGPU-Sim configs, results, fuzzers"
# inputs (scripts/test_inputs.sh): every class of bad input, every GPGPU-Sim
# config, results files; then a short bounded run of every fuzzer (fails on a
# crash, hang or sanitizer report)
tally "$(bash scripts/test_inputs.sh 2>&1)"
tally "$(bash scripts/fuzz.sh ${FUZZ_TEST_TIME:-10} 2>&1)"

step "regressions on Slurm and over ssh (make regress-selftest)"; stepfile
# its full output (the engines' summaries) in build/test-logs/regress-selftest.log
out=$(bash scripts/regress_selftest.sh 2>&1); rc=$?
echo "$out" >$LOG/regress-selftest.log
tally "$out"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' <<<"$out"; then bad "regress-selftest exited $rc without a FAIL line: $(grep -m1 '^error' <<<"$out") (see $LOG/regress-selftest.log)"; fi

echo "test time: $((SECONDS - T0)) s"
echo "$pass passed, $fail failed"
rm -f $LOG/.last
[ $fail -eq 0 ]
