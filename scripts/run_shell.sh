#!/usr/bin/env bash
# run_shell.sh -- the GPU shell part of make run: the default workload (or
# WORKLOAD=) on the default 4-SM shell (or CONFIG=, a NAME = VALUE file, or a
# gpgpusim.config), C model; summary table, JSON in build/run/, the block
# diagram.  Then the whole shell in system lockstep (rtl/shell/shell.sv
# against csim/shell/shell.c, block `shell`) on the same configuration for
# RUN_SHELL_CYCLES cycles, with a comparison waveform and its .gtkw of the
# last cycles; the system adapter replays the same workload
# (SHELL_WORKLOAD).  A configuration with SHELL_BYPASS = STATIC or COORD
# first runs the static flow (docs/shell.md): a profile under NONE, the
# classifier's tags, then the run with them (--tags; SHELL_TAGS for the
# system run).
set -u
cd "$(dirname "$0")/.."
B=build
# The make variables (README.md, "make variables"): WORKLOAD, ARGS (the
# generator's arguments), CONFIG, GPGPUSIM (a GPGPU-Sim config; CONFIG=
# *.config is one too), SET (NAME=VALUE ..., for both shell runs), SEED,
# RUN_SHELL_CYCLES (make run CYCLES=).
W=${WORKLOAD:-atax}
C=${CONFIG:-}
G=${GPGPUSIM:-}
[ -z "$C" ] && [ -z "$G" ] && C=tb/shell/configs/default.cfg
make -s $B/bin/shell-sim >/dev/null || exit 1
mkdir -p $B/run
copt=()
case "$C" in "") ;; *.config) copt+=(--gpgpusim-config "$C") ;; *) copt+=(--config "$C") ;; esac
[ -n "$G" ] && copt+=(--gpgpusim-config "$G")
for s in ${SET:-}; do copt+=(--set "$s"); done
aopt=()
[ -n "${ARGS:-}" ] && aopt=(--args "$ARGS")
topt=""
sch=""
[ -f "$C" ] && sch=$(sed -n 's/^[[:space:]]*SHELL_BYPASS[[:space:]]*=[[:space:]]*\([A-Z]*\).*/\1/p' "$C" | tail -1)
for s in ${SET:-}; do case "$s" in SHELL_BYPASS=*) sch=${s#SHELL_BYPASS=} ;; esac; done
# the shell's inputs checked before anything runs (one error line, exit 2)
$B/bin/shell-sim --workload "$W" "${aopt[@]}" "${copt[@]}" --seed "${SEED:-1}" --cycles "${RUN_SHELL_CYCLES:-0}" --dot /dev/null || exit $?
if [ "$sch" = STATIC ] || [ "$sch" = COORD ]; then
  make -s $B/bin/chss-classify >/dev/null || exit 1
  echo "make run: static flow for SHELL_BYPASS=$sch: profile under NONE -> chss-classify -> $B/run/shell.tags"
  $B/bin/shell-sim --quiet --workload "$W" "${aopt[@]}" "${copt[@]}" --set SHELL_BYPASS=NONE --seed ${SEED:-1} --profile $B/run/shell.prof >/dev/null &&
    $B/bin/chss-classify $B/run/shell.prof > $B/run/shell.tags || exit $?
  topt="--tags $B/run/shell.tags"
fi
echo "make run: GPU shell, workload $W${ARGS:+ ($ARGS)}, config ${C:-}${G:+ $G}${SET:+, SET=$SET} (C model)"
$B/bin/shell-sim --workload "$W" "${aopt[@]}" "${copt[@]}" $topt --seed ${SEED:-1} --json $B/run/shell.json; rc=$?
$B/bin/shell-sim --workload "$W" "${aopt[@]}" "${copt[@]}" --dot $B/run/shell.dot 2>/dev/null && command -v dot >/dev/null &&
  dot -Tsvg $B/run/shell.dot -o $B/run/shell.svg
echo "statistics: $B/run/shell.json   block diagram: $B/run/shell.svg"
[ $rc -eq 0 ] || exit $rc
# the whole shell, C model against RTL, every output and register every cycle
N=${RUN_SHELL_CYCLES:-50000}
echo
echo "make run: whole-shell lockstep (rtl/shell/shell.sv vs csim/shell/shell.c), config ${C:-}${G:+ $G}, seed ${SEED:-1}, $N cycles"
echo "  (the same workload, its kernels over and over; waveform of the last 200 cycles)"
export SHELL_WORKLOAD="$W"
[ -n "${ARGS:-}" ] && export SHELL_WORKLOAD_ARGS="$ARGS"
[ -n "$topt" ] && export SHELL_TAGS=$B/run/shell.tags
out=$(bash scripts/lockstep.sh shell "${copt[@]}" --seed ${SEED:-1} --cycles $N --window $((N > 200 ? N - 200 : 0)):$((N - 1)) \
  --wave-dir $B/run/waves --stats $B/run/shell_lockstep.json); lrc=$?
echo "$out" | grep -v '^lockstep.sh:' | sed 's/^/  /'
if [ $lrc -eq 0 ]; then echo "  whole-shell divergences: 0"; else echo "  whole-shell lockstep: exit $lrc"; fi
exit $lrc
