#!/usr/bin/env bash
# regress_job.sh OUT BLOCK CONFIG SEED RANDINIT CYCLES [extra lockstep args...]
# regress_job.sh --no-result WHY OUT BLOCK CONFIG SEED RANDINIT CYCLES
# One regression run (make regress fans these out with GNU parallel, or a
# Slurm array task runs one): runs the block's lockstep, then appends one
# JSON line to OUT (locked) with the run's identity ("run": its matrix line),
# exit code, cycles, speed and the command that reproduces it.  Its own exit
# code is the run's.
# Killed (SIGTERM, SIGINT, SIGHUP: scancel, a Slurm time limit, GNU parallel
# or ssh going away) it stops the run and still appends its line: rc
# 128+signal, result "KILLED by SIG...".  --no-result appends the line of a
# run that left none (SIGKILL, a lost machine): rc -1, result "NO RESULT: WHY".
# Logs go to logs/ beside OUT; coverage to build/cov/ (make regress's
# build/regress) or cov/ beside OUT.
# SHELL_WORKLOAD (the shell's workload; "-" or empty: none) is part of the
# run's identity.
set -u
cd "$(dirname "$0")/.."
noresult=""
if [ "${1:-}" = --no-result ]; then noresult=${2:?}; shift 2; fi
out=$1 block=$2 cfg=$3 seed=$4 ri=$5 cycles=$6
shift 6
R=$(dirname "$out")
wl=${SHELL_WORKLOAD:--}
if [ "$wl" = - ]; then unset SHELL_WORKLOAD; wtag=""; else export SHELL_WORKLOAD="$wl"; wtag="_wl-$(basename "$wl" .traceg)"; fi
args=(--seed "$seed" --cycles "$cycles" --quiet --no-rerun)
[ "$cfg" != default ] && args+=(--config "$cfg")
[ "$ri" = 1 ] && args+=(--rand-init)
cn=$(basename "$cfg" .cfg)
if [ "$(cd "$R" 2>/dev/null && pwd -P)" = "$(pwd -P)/build/regress" ]; then covd=build/cov; else covd=$R/cov; fi
mkdir -p "$R/logs" "$covd"
log=$R/logs/${block}_${cn}${wtag}_seed${seed}_ri${ri}${RTL_TAG:-}.log
log=${log#"$PWD"/}
killed=""
if [ -n "$noresult" ]; then
  rc=-1
else
  # the run in its own process group, so a signal to this script stops all of it
  LS_QUIET=1 setsid bash scripts/lockstep.sh "$block" "${args[@]}" "$@" \
    --cov "$covd/${block}@${cn}${wtag}_seed${seed}$([ "$ri" = 1 ] && echo _ri || true).txt" >"$log" 2>&1 &
  cpid=$!
  for s in TERM INT HUP; do trap "killed=$s; kill -TERM -- -$cpid 2>/dev/null" $s; done
  wait $cpid; rc=$?
  while kill -0 $cpid 2>/dev/null; do wait $cpid; rc=$?; done  # a trap ended the first wait
fi
line=$(grep -m1 -E '^(PASS|DIVERGENCE|CHECK FAILED)' "$log" 2>/dev/null || true)
if [ -n "$noresult" ]; then   # the log, if any, is the dead run's: no figures from it
  line="NO RESULT: $noresult"; cps=0; done_cyc=0
else
cps=$(grep -o '[0-9]* cycles/s' "$log" 2>/dev/null | head -1 | cut -d' ' -f1)
done_cyc=$(sed -n 's/.*: \([0-9]*\) cycles, .*/\1/p' "$log" 2>/dev/null | head -1)
fi
# killed: also when the signal came after the run ended (Slurm signals every
# process of the task, the run's may die first)
if [ -n "$killed" ]; then
  line="KILLED by SIG$killed after $SECONDS s (scancel, a time limit, or the fan-out stopped)"
  case $killed in TERM) rc=143 ;; INT) rc=130 ;; HUP) rc=129 ;; esac
fi
repro="$([ "$wl" != - ] && echo "SHELL_WORKLOAD=$wl " || true)make lockstep BLOCK=$block SEED=$seed CYCLES=$cycles$([ "$cfg" != default ] && echo " CONFIG=$cfg" || true)$([ "$ri" = 1 ] && echo " RANDINIT=1" || true)"
esc() { sed 's/\\/\\\\/g; s/"/\\"/g' <<<"$1" | tr -d '\n'; }
json=$(printf '{"run":"%s","block":"%s","config":"%s","workload":"%s","seed":%s,"rand_init":%s,"cycles":%s,"rc":%s,"cycles_per_s":%s,"result":"%s","reproduce":"%s","log":"%s"}' \
  "$(esc "$block $cfg $seed $ri $cycles $wl")" "$block" "$(esc "$cfg")" "$(esc "$wl")" "$seed" "$ri" "${done_cyc:-0}" "$rc" "${cps:-0}" "$(esc "$line")" "$(esc "$repro")" "$log")
( flock 9; echo "$json" >>"$out" ) 9>"$out.lock"
[ -n "$noresult" ] && exit 0
exit $rc
