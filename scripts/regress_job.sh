#!/usr/bin/env bash
# regress_job.sh OUT BLOCK CONFIG SEED RANDINIT CYCLES [extra lockstep args...]
# One regression run (make regress fans these out with GNU parallel): runs
# the block's lockstep, then appends one JSON line to OUT (locked) with the
# run's identity, exit code, cycles, speed and -- when it failed -- the
# command that reproduces it.  Its own exit code is the run's.
# SHELL_WORKLOAD (the shell's workload; "-" or empty: none) is part of the
# run's identity.
set -u
cd "$(dirname "$0")/.."
out=$1 block=$2 cfg=$3 seed=$4 ri=$5 cycles=$6
shift 6
wl=${SHELL_WORKLOAD:--}
if [ "$wl" = - ]; then unset SHELL_WORKLOAD; wtag=""; else export SHELL_WORKLOAD="$wl"; wtag="_wl-$(basename "$wl" .traceg)"; fi
args=(--seed "$seed" --cycles "$cycles" --quiet --no-rerun)
[ "$cfg" != default ] && args+=(--config "$cfg")
[ "$ri" = 1 ] && args+=(--rand-init)
cn=$(basename "$cfg" .cfg)
mkdir -p build/regress/logs build/cov
log=build/regress/logs/${block}_${cn}${wtag}_seed${seed}_ri${ri}${RTL_TAG:-}.log
LS_QUIET=1 bash scripts/lockstep.sh "$block" "${args[@]}" "$@" \
  --cov "build/cov/${block}@${cn}${wtag}_seed${seed}$([ "$ri" = 1 ] && echo _ri || true).txt" >"$log" 2>&1
rc=$?
line=$(grep -m1 -E '^(PASS|DIVERGENCE|CHECK FAILED)' "$log" || true)
cps=$(grep -o '[0-9]* cycles/s' "$log" | head -1 | cut -d' ' -f1)
done_cyc=$(sed -n 's/.*: \([0-9]*\) cycles, .*/\1/p' "$log" | head -1)
repro="$([ "$wl" != - ] && echo "SHELL_WORKLOAD=$wl " || true)make lockstep BLOCK=$block SEED=$seed CYCLES=$cycles$([ "$cfg" != default ] && echo " CONFIG=$cfg" || true)$([ "$ri" = 1 ] && echo " RANDINIT=1" || true)"
esc() { sed 's/\\/\\\\/g; s/"/\\"/g' <<<"$1" | tr -d '\n'; }
json=$(printf '{"block":"%s","config":"%s","workload":"%s","seed":%s,"rand_init":%s,"cycles":%s,"rc":%s,"cycles_per_s":%s,"result":"%s","reproduce":"%s","log":"%s"}' \
  "$block" "$(esc "$cfg")" "$(esc "$wl")" "$seed" "$ri" "${done_cyc:-0}" "$rc" "${cps:-0}" "$(esc "$line")" "$(esc "$repro")" "$log")
( flock 9; echo "$json" >>"$out" ) 9>"$out.lock"
exit $rc
