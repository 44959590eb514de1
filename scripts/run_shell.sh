#!/usr/bin/env bash
# run_shell.sh -- make run's job (docs/shell.md, README.md "make run"):
#  1. the GPU shell's C model on WORKLOAD (default atax; a generator, an
#     Accel-Sim .traceg or kernelslist.g, or a .wl file) and CONFIG (default
#     tb/configs/shell/sim/default.cfg, a NAME = VALUE file or a gpgpusim.config):
#     the summary table, GPGPU-Sim's statistics (build/run/shell.gpgpusim.txt),
#     JSON (build/run/shell.json), the block diagram (build/run/shell.svg);
#  2. the whole shell in system lockstep (rtl/shell/shell.sv against
#     csim/shell/shell.c, block `shell`) on the same workload, ONCE
#     (SHELL_WORKLOAD_ONCE=1), to its end: every kernel, block and warp runs
#     to completion.  A generator's problem is reduced, when its C-model run
#     is longer than RUN_LS_BUDGET cycles (default 60000), to the candidate
#     size that fits and hits the most coverage points; a trace, kernel list
#     or .wl file runs whole, or over its first RUN_LS_FILE_CYCLES (200000)
#     cycles when it is longer (RUN_LS_PLAN=1: stop after printing the plan).
#     Comparison waveform (.fst + .gtkw) of its first 2000 cycles;
#  3. one summary: what ran, where each output is, how to reproduce.
# A configuration with SHELL_BYPASS = STATIC or COORD first runs the static
# flow: the paper's profile (shell-sim --profile-exclusive: a NONE run, then one run per load and per group), the classifier's tags, then the run with them.
# Exit: 0, 1 divergence or scoreboard failure, 2 bad input.
set -u
cd "$(dirname "$0")/.."
B=build
R=$B/run
W=${WORKLOAD:-atax}
# The make variables (README.md, "make variables"): WORKLOAD, ARGS (the
# generator's arguments), CONFIG, GPGPUSIM (GPGPU-Sim configs, read together:
# 'gpgpusim.config trace.config'; CONFIG=*.config is one too), SET
# (NAME=VALUE ..., for every shell run), SEED.
C=${CONFIG:-}
G=${GPGPUSIM:-}
[ -z "$C" ] && [ -z "$G" ] && C=tb/configs/shell/sim/default.cfg
S=${SEED:-1}
BUDGET=${RUN_LS_BUDGET:-60000}
# a trace, kernel list or .wl file has no smaller size: a run longer than
# RUN_LS_FILE_CYCLES cycles (a real application's trace: millions) is locked
# over its first RUN_LS_FILE_CYCLES cycles, printed as such; 0: to its end
FCAP=${RUN_LS_FILE_CYCLES:-200000}
[[ "$FCAP" =~ ^(0|[1-9][0-9]{0,9})$ ]] || { echo "error: RUN_LS_FILE_CYCLES='$FCAP': expected a number of cycles (0: a file workload's lockstep runs to its end)" >&2; exit 2; }
make -s $B/bin/shell-sim $B/bin/chss-classify >/dev/null || exit 2
copt=()
case "$C" in "") ;; *.config) copt+=(--gpgpusim-config "$C") ;; *) copt+=(--config "$C") ;; esac
for g in $G; do copt+=(--gpgpusim-config "$g"); done # (several, one after another: Accel-Sim's -config A -config B)
for s in ${SET:-}; do copt+=(--set "$s"); done
topt=()
sch=""
[ -f "$C" ] && sch=$(sed -n 's/^[[:space:]]*SHELL_BYPASS[[:space:]]*=[[:space:]]*\([A-Z]*\).*/\1/p' "$C" | tail -1)
for s in ${SET:-}; do case "$s" in SHELL_BYPASS=*) sch=${s#SHELL_BYPASS=} ;; esac; done
# the shell's inputs checked before anything runs (one error line, exit 2),
# and before the last run's outputs go: a bad input leaves them as they were
$B/bin/shell-sim --workload "$W" ${ARGS:+--args "$ARGS"} "${copt[@]}" --seed "$S" --dot /dev/null || exit $?
mkdir -p $R
rm -rf $R/waves; rm -f $R/shell.json $R/shell.txt $R/shell.gpgpusim.txt $R/shell_lockstep.json $R/shell_lockstep.txt
static_flow() { # workload args (default: ARGS) -> $R/shell.tags
  $B/bin/shell-sim --quiet --workload "$W" ${1:+--args "$1"} "${copt[@]}" --set SHELL_BYPASS=NONE --seed "$S" --profile-exclusive $R/shell.prof >/dev/null &&
    $B/bin/chss-classify $R/shell.prof >$R/shell.tags
}
# ---- the lockstep's harness, built in the background while the C model runs --
# a GPU too large for Verilator to build in minutes (the Volta configs: 80
# SMs of 1024-way L1Ds with 256 MSHR entries, 512-entry boundary buffers;
# the caps below keep the GTX480 (15 SMs, 4 ways, 64 MSHR entries) whole;
# Verilator unrolls every loop over ways and entries) is locked at a reduced geometry, the same RTL and C
# model, printed as such; RUN_LS_FULL=1 builds the full one.  The geometry
# is the configuration's (a one-cycle run's JSON), known before the C model runs.
# (under SHELL_BYPASS=NONE: STATIC and COORD need the static flow's tags to
# run at all, and the geometry does not depend on the scheme; exit 3, the
# cycle limit, is this run's normal end)
perr=$($B/bin/shell-sim --quiet --workload "$W" ${ARGS:+--args "$ARGS"} "${copt[@]}" --set SHELL_BYPASS=NONE --seed "$S" --cycles 1 --json $R/.params.json 2>&1 >/dev/null)
prc=$?
if [ $prc -ne 0 ] && [ $prc -ne 3 ] || [ ! -s $R/.params.json ]; then
  echo "make run: the one-cycle run that reads the configuration's geometry failed (exit $prc): $perr" >&2; exit 2
fi
geo=(); geonote=""
if [ -z "${RUN_LS_FULL:-}" ]; then
  # RUN_LS_CAPS="NAME:MAX ...": other caps (scripts/papers_lockstep.sh locks
  # each paper's GPU at 4 SMs); a cap the configuration is within changes nothing
  for cap in ${RUN_LS_CAPS:-SHELL_SMS:16 L1D_WAYS:32 L1D_MSHR_ENTRIES:64 SHELL_L2_BANKS:16 SHELL_XBAR_BQ:64}; do
    [[ "$cap" =~ ^[A-Z0-9_]+:[0-9]+$ ]] || { echo "error: RUN_LS_CAPS: '$cap': expected NAME:MAX (a parameter and its largest value)" >&2; exit 2; }
    p=${cap%%:*}; m=${cap#*:}
    v=$(grep -o "\"$p\": [0-9]*" $R/.params.json | head -1 | sed 's/.*: //')
    [ -n "$v" ] || { echo "error: RUN_LS_CAPS: '$p' is not a numeric parameter of the shell (build/bin/shell-sim --json lists them)" >&2; exit 2; }
    if [ -n "$v" ] && [ "$v" -gt "$m" ]; then geo+=(--set "$p=$m"); geonote+=" $p=$m (the config: $v)"; fi
  done
fi
rm -f $R/.params.json
# the reduced geometry must be one the configuration takes (e.g. the two-level
# BDU's W threshold needs that many warp slots): checked now, before the C
# model and the harness build (a one-cycle run; under NONE for STATIC/COORD,
# which need tags)
if [ ${#geo[@]} -gt 0 ]; then
  gb=(); case "$sch" in STATIC|COORD) gb=(--set SHELL_BYPASS=NONE) ;; esac
  gerr=$($B/bin/shell-sim --quiet --workload "$W" ${ARGS:+--args "$ARGS"} "${copt[@]}" "${geo[@]}" "${gb[@]}" --seed "$S" --cycles 1 2>&1 >/dev/null)
  if [ $? -eq 2 ]; then echo "error: make run: the lockstep's reduced geometry$geonote: ${gerr#error: }" >&2; exit 2; fi
fi
# The harness (one Verilator build, the long step of a first run) depends on
# the configuration, not on the workload: it builds on the other core while
# the C model and the size probes below run (the C model and Verilator's
# front end are each one thread).
hfresh=0; compgen -G "$B/ls/shell/*/stamp" >/dev/null || hfresh=1
# (RUN_LS_PLAN=1: the lockstep's plan printed, nothing built or locked)
if [ -z "${RUN_LS_PLAN:-}" ]; then
  LS_BUILD_ONLY=1 LS_QUIET=1 bash scripts/lockstep.sh shell "${copt[@]}" "${geo[@]}" --seed "$S" --cycles 1 >$R/.harness.log 2>&1 &
else
  true &
fi
hpid=$!
killtree() { local c; for c in $(pgrep -P "$1"); do killtree "$c"; done; kill "$1" 2>/dev/null; }
trap 'killtree $hpid' EXIT # an early exit (a C-model failure) stops the build
if [ "$sch" = STATIC ] || [ "$sch" = COORD ]; then
  echo "make run: static flow for SHELL_BYPASS=$sch: the paper's profile (--profile-exclusive: NONE, then one run per load and per group) -> chss-classify -> $R/shell.tags"
  static_flow "${ARGS:-}" || exit 2
  topt=(--tags $R/shell.tags)
fi

# ---- 1. the C model -----------------------------------------------------------
cdesc="${C}${C:+${G:+ + }}${G}" # the config file, the GPGPU-Sim files, or both
echo "make run: [1/2] GPU shell C model: workload $W${ARGS:+ ($ARGS)}, config $cdesc${SET:+, SET=$SET}, seed $S"
t0=$SECONDS
# (the config reader's "used N options" line was printed by the check above: not again)
{ $B/bin/shell-sim --workload "$W" ${ARGS:+--args "$ARGS"} "${copt[@]}" "${topt[@]}" --seed "$S" --stats gpgpusim --json $R/shell.json 2>&1 >$R/shell.out |
  grep -v '^gpgpusim-config ' >&2; } ; rc=${PIPESTATUS[0]}
# the table on the terminal; GPGPU-Sim's statistics (after the first blank line) in their own file
awk 'NR==1,/^$/' $R/shell.out | sed '/^$/d' | tee $R/shell.txt
awk 'f; /^$/ && !f {f=1}' $R/shell.out >$R/shell.gpgpusim.txt
rm -f $R/shell.out
[ $rc -eq 2 ] && exit 2 # bad input: shell-sim's one error line says it
if [ $rc -ne 0 ]; then
  echo "make run: the C model ended with exit $rc (1 scoreboard failure, 3 cycle limit); outputs written: $(ls $R/shell.json $R/shell.txt 2>/dev/null | tr '\n' ' ')"
  exit $rc
fi
$B/bin/shell-sim --workload "$W" "${copt[@]}" --dot $R/shell.dot 2>/dev/null && command -v dot >/dev/null &&
  dot -Tsvg $R/shell.dot -o $R/shell.svg
gipc=$(sed -n 's/^gpu_tot_ipc = *//p' $R/shell.gpgpusim.txt | tail -1)
ccyc=$(sed -n 's/^cycles \([0-9]*\) .*/\1/p' $R/shell.txt)
t1=$((SECONDS - t0))
T0=${L1SYS_RUN_T0:-}
[ -n "$T0" ] && echo "make run: first result (the C model's table above) $(( $(date +%s) - T0 )) s after make run started"

# ---- 2. system lockstep, the workload once, to its end ------------------------
# a generator longer than the budget: the candidate size, within the budget,
# whose run (C model alone, the lockstep's adapter and coverage: seconds)
# hits the most of the shell's coverage points; the first on a tie
LA=${ARGS:-}
[ -n "${ARGS:-}" ] || case "$W" in
  *.traceg|*.g|*.wl|*/*) ;;
  *) if [ "${ccyc:-0}" -gt "$BUDGET" ]; then
       LA=n=64,iters=8; best=-1
       for a in iters=16 n=1024,iters=4,bs=32 iters=8 n=64,iters=8; do
         n=$($B/bin/shell-sim --quiet --workload "$W" --args $a "${copt[@]}" --seed "$S" --set SHELL_BYPASS=NONE --json $R/.probe.json >/dev/null 2>&1 &&
             sed -n 's/^  "cycles": \([0-9]*\),/\1/p' $R/.probe.json)
         { [ -n "$n" ] && [ "$n" -le "$BUDGET" ]; } || continue
         h=$(SHELL_WORKLOAD="$W" SHELL_WORKLOAD_ARGS=$a SHELL_WORKLOAD_ONCE=1 $B/bin/lockstep-c --block shell --mode c \
             "${copt[@]}" --seed "$S" --cycles $((n + 100)) 2>/dev/null | sed -n 's/^coverage: \([0-9]*\) of.*/\1/p')
         if [ "${h:-0}" -gt "$best" ]; then best=${h:-0}; LA=$a; fi
       done
       rm -f $R/.probe.json
     fi ;;
esac
if [ -n "$LA" ] && [ ${#topt[@]} -gt 0 ]; then static_flow "$LA" || exit 2; fi
[ ${#geo[@]} -gt 0 ] && copt+=("${geo[@]}")
# cycles: the C model's run of this size, and a margin for the shell to go idle
lerr=$($B/bin/shell-sim --quiet --workload "$W" ${LA:+--args $LA} "${copt[@]}" "${topt[@]}" --seed "$S" --json $R/.probe.json 2>&1 >/dev/null)
lprc=$?
lcyc=$([ $lprc -eq 0 ] && sed -n 's/^  "cycles": \([0-9]*\),/\1/p' $R/.probe.json)
rm -f $R/.probe.json
if [ -z "$lcyc" ]; then # a reduced geometry the configuration refuses is bad input (exit 2), with shell-sim's reason
  if [ $lprc -eq 2 ]; then echo "error: make run: workload $W ${LA:+($LA)}${geonote:+ at the reduced geometry$geonote}: ${lerr#error: }" >&2; exit 2; fi
  echo "make run: the C model did not finish workload $W ${LA:+($LA)}${geonote:+ at the reduced geometry$geonote} (exit $lprc): $lerr"; exit 1
fi
N=$((lcyc + 100))
part=0
if [ -z "$LA" ] && [ "$FCAP" -gt 0 ] && [ "$lcyc" -gt "$FCAP" ]; then
  case "$W" in *.traceg|*.xz|*.g|*.wl|*/*) part=1; N=$FCAP ;; esac
fi
WIN=$((N < 2000 ? N - 1 : 1999))
echo
echo "make run: [2/2] whole-shell system lockstep (rtl/shell/shell.sv vs csim/shell/shell.c), every register and output every cycle"
[ -n "$geonote" ] && echo "  at a reduced geometry:$geonote; the C model above ran the full GPU (RUN_LS_FULL=1 locks the full one: hours of Verilator)"
if [ -n "$LA" ]; then
  echo "  workload $W at a reduced size ($LA: $lcyc cycles in the C model instead of $ccyc), once, to its end"
elif [ $part = 1 ]; then
  echo "  workload $W: its first $N of $lcyc cycles, not to its end (a trace, kernel list or .wl file has no smaller size; RUN_LS_FILE_CYCLES=0 locks it to its end)"
else
  echo "  workload $W as above ($lcyc cycles), once, to its end"
fi
[ -n "${RUN_LS_PLAN:-}" ] && { echo "make run: RUN_LS_PLAN=1: the lockstep's plan above; stopped before it"; exit 0; }
# the harness: wait for its build (started before the C model), a line every 8 s
t0=$SECONDS
[ $hfresh = 1 ] && kill -0 $hpid 2>/dev/null && echo "  (this first run builds the shell's RTL harness with Verilator, begun before the C model: minutes; kept in $B/ls/shell/ and in the machine's harness cache, ~/.cache/l1sys/harness, after that)"
while kill -0 $hpid 2>/dev/null; do
  sleep 1
  [ $(( (SECONDS - t0) % 8 )) -eq 0 ] && kill -0 $hpid 2>/dev/null && echo "  ... still building the shell's RTL harness ($((SECONDS - t0)) s more)"
done
wait $hpid; hrc=$?
trap - EXIT
tw=$((SECONDS - t0)); [ $tw -gt 0 ] || tw= # the harness build's time beyond the C model's
if [ $hrc -ne 0 ]; then grep -v '^lockstep.sh: still' $R/.harness.log | sed 's/^/  /'; exit 2; fi
export SHELL_WORKLOAD="$W" SHELL_WORKLOAD_ONCE=1
[ -n "$LA" ] && export SHELL_WORKLOAD_ARGS="$LA"
[ ${#topt[@]} -gt 0 ] && export SHELL_TAGS=$R/shell.tags
t0=$SECONDS
bash scripts/lockstep.sh shell "${copt[@]}" --seed "$S" --cycles $N --window 0:$WIN \
  --wave-dir $R/waves --stats $R/shell_lockstep.json >$R/shell_lockstep.txt; lrc=$?
t2=$((SECONDS - t0))
grep -v '^lockstep.sh:\|^gpgpusim-config ' $R/shell_lockstep.txt | sed 's/^/  /'
complete=$(grep -c 'every kernel, block and warp ran to completion' $R/shell_lockstep.txt)
cov=$(sed -n 's/^coverage: //p' $R/shell_lockstep.txt | head -1)
na=$(sed -n 's/^shell: coverage points not applicable to this configuration: //p' $R/shell_lockstep.txt | head -1)
wave=$(ls $R/waves/*.gtkw 2>/dev/null | grep -v "_rtl.gtkw$" | head -1)

# ---- 3. summary ---------------------------------------------------------------------
echo
echo "================ make run: summary ================${T0:+ ($(( $(date +%s) - T0 )) s after make run started)}"
echo "ran:"
echo "  C model     workload $W, config $cdesc, seed $S: $ccyc cycles, gpu_tot_ipc $gipc (thread instructions/cycle)  [$t1 s]"
if [ $lrc -eq 0 ] && [ $part = 1 ]; then lres="0 divergences over its first $N of $lcyc cycles (RUN_LS_FILE_CYCLES; not to its end)"
elif [ $lrc -eq 0 ] && [ "${complete:-0}" -ge 1 ]; then lres="0 divergences; every kernel, block and warp ran to completion"
elif [ $lrc -eq 0 ]; then lres="0 divergences, but the workload did NOT run to completion"; lrc=1
else lres="FAILED (exit $lrc; see build/run/shell_lockstep.txt)"; fi
echo "  lockstep    workload $W${LA:+ ($LA)}, $N cycles: $lres  [$t2 s${tw:+; before it, $tw s more of the harness build}]"
cov=${cov/never hit:/not reached by this workload:}
echo "              coverage: ${cov:-none reported}${na:+; not applicable to this configuration: $na}"
echo "outputs:"
echo "  build/run/shell.txt            the summary table (per SM, totals)"
echo "  build/run/shell.gpgpusim.txt   GPGPU-Sim's statistics (gpu_sim_cycle, gpu_ipc, L1D_*, L2_*, breakdowns)"
[ -f $R/shell.json ] && echo "  build/run/shell.json           both, as JSON (make report reads it)"
[ -f $R/shell.svg ] && echo "  build/run/shell.svg            the block diagram of this configuration"
echo "  build/run/shell_lockstep.txt   the lockstep's output; build/run/shell_lockstep.json its statistics"
[ -n "$wave" ] && echo "  ${wave}  the comparison waveform (gtkwave $wave)"
echo "reproduce:"
echo "  make sim WORKLOAD=$W${ARGS:+ ARGS=$ARGS}${C:+ CONFIG=$C}${G:+ GPGPUSIM=\"$G\"}${SET:+ SET=\"$SET\"} SEED=$S STATS=gpgpusim"
# the lockstep as it ran: the user's SET, the reduced geometry, the static flow's tags
lset="${SET:-}"; for ((i = 1; i < ${#geo[@]}; i += 2)); do lset+="${lset:+ }${geo[$i]}"; done
echo "  SHELL_WORKLOAD=$W ${LA:+SHELL_WORKLOAD_ARGS=$LA }${topt[1]:+SHELL_TAGS=${topt[1]} }SHELL_WORKLOAD_ONCE=1 make lockstep BLOCK=shell${C:+ CONFIG=$C}${G:+ GPGPUSIM=\"$G\"}${lset:+ SET=\"$lset\"} SEED=$S CYCLES=$N WINDOW=0:$WIN"
echo "  every block in lockstep over each of its configurations: make run ALL=1 (tens of minutes) or make regress"
exit $lrc
