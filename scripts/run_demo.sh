#!/usr/bin/env bash
# run_demo.sh -- make run: the project's main job: the GPU shell (scripts/run_shell.sh:
# C model with GPGPU-Sim's statistics, the whole shell in system lockstep over
# the whole workload, a summary).  With ALL=1 (make run ALL=1), then every
# block the engine knows -- the primitives and the L1 blocks -- in C/RTL
# lockstep over each of its configurations, and a summary of those.
set -u
cd "$(dirname "$0")/.."
B=build
CYC=${RUN_CYCLES:-50000}
ALL=${ALL:-}
case "$ALL" in ""|0|1) ;; *) echo "error: parameter ALL: '$ALL': expected 1 (make run ALL=1: every block too) or nothing" >&2; exit 2 ;; esac
[[ "$CYC" =~ ^[0-9]+$ ]] || { echo "error: RUN_CYCLES: '$CYC' is not a non-negative integer" >&2; exit 2; }
SEED=${SEED:-1}
[[ "$SEED" =~ ^[0-9]+$ ]] || { echo "error: parameter SEED: '$SEED' is not a non-negative integer" >&2; exit 2; }
# the start, for the times make run prints (its first result, its summary)
export L1SYS_RUN_T0=${L1SYS_RUN_T0:-$(date +%s)}
echo "make run: building the C models and the engine"
make -s -j"$(nproc)" build >/dev/null &  # both cores: the C build is the first minute of a fresh run
bpid=$!
t0=$SECONDS
while kill -0 $bpid 2>/dev/null; do # a line every 8 s, never silent
  sleep 1
  [ $(( (SECONDS - t0) % 8 )) -eq 0 ] && kill -0 $bpid 2>/dev/null && echo "make run: still building ($((SECONDS - t0)) s)"
done
wait $bpid || exit 2
SEED=$SEED bash scripts/run_shell.sh; src=$?   # its status: 1 divergence, 2 bad input
[ "$ALL" = 1 ] || exit $src
[ $src -eq 0 ] || exit $src
echo
echo "make run: C model vs RTL lockstep of every block, seed $SEED, $CYC cycles per configuration"
echo "(the blocks the shell embeds, and the hook twins its RTL top does not wire yet, each against its C model)"
printf '%-10s %-22s %10s %12s %s\n' block config cycles cycles/s result
rc=0; nrun=0; nfail=0
for b in $($B/bin/lockstep-c --list-blocks | awk '{print $1}'); do
  for c in tb/configs/$b/*.cfg; do
    [ -f "$c" ] || c=""
    # stdout kept for the table; stderr (progress every 5 s, build notes) passes through
    out=$(LS_QUIET=1 bash scripts/lockstep.sh $b --seed $SEED --cycles $CYC ${c:+--config $c} --quiet); r=$?
    speed=$(grep -E '^(PASS|DONE) ' <<<"$out" | grep -o '[0-9]* cycles/s' | awk '{print $1}')
    nrun=$((nrun + 1))
    if [ $r -eq 0 ]; then res="0 divergences"
    else
      nfail=$((nfail + 1))
      if [ $r -eq 1 ]; then res="DIVERGED (exit 1)"; [ $rc -eq 0 ] && rc=1; else res="ERROR (exit $r)"; rc=2; fi
    fi
    printf '%-10s %-22s %10s %12s %s\n' $b "$( [ -n "$c" ] && basename $c .cfg || echo default)" $CYC "${speed:--}" "$res"
    [ $r -ne 0 ] && echo "$out" | sed 's/^/    /' | head -40
  done
done
echo "make run: $nrun runs, $((nrun - nfail)) agreed on every cycle, $nfail failed"
[ $rc -eq 0 ] && echo "make run: every block agreed with its C model on every cycle (reproduce any row: make lockstep BLOCK=<block> SEED=$SEED CYCLES=$CYC CONFIG=tb/configs/<block>/<config>.cfg)"
echo "make run: the GPU shell's outputs are in build/run/ (summary above the block table)"
exit $rc
