#!/usr/bin/env bash
# shell_workloads_ls.sh CONFIG CYCLES -- the whole shell in system lockstep
# (block shell) on one config of the acceptance matrix, once per workload:
# every generator shell-sim lists and the real Accel-Sim trace of
# ../shared/traces/ (SHELL_WORKLOAD), seed 1, CYCLES cycles each.  Stops at
# the first run that does not pass (its output, exit status); else prints
# one line per workload and exits 0.  make test runs it on two configs of
# tb/configs/shell/ (all, sms4); make regress runs every config x every
# workload (docs/regress.md).
set -u
cd "$(dirname "$0")/.."
cfg=${1:?config}; n=${2:?cycles}
wls=($(build/bin/shell-sim --list-workloads))
for t in ../shared/traces/*.traceg; do [ -f "$t" ] && wls+=("$t"); done
for w in "${wls[@]}"; do
  out=$(SHELL_WORKLOAD="$w" LS_QUIET=1 bash scripts/lockstep.sh shell --config "$cfg" --seed 1 --cycles "$n" --quiet --no-rerun 2>&1)
  rc=$?
  if [ $rc -ne 0 ]; then echo "workload $w:"; echo "$out"; exit $rc; fi
  echo "workload $(basename "$w"): $(grep '^PASS' <<<"$out")"
done
