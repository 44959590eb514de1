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
slow=""
for w in "${wls[@]}"; do
  out=$(SHELL_WORKLOAD="$w" LS_QUIET=1 bash scripts/lockstep.sh shell --config "$cfg" --seed 1 --cycles "$n" --quiet --no-rerun 2>&1)
  rc=$?
  if [ $rc -ne 0 ]; then echo "workload $w:"; echo "$out"; exit $rc; fi
  echo "workload $(basename "$w"): $(grep '^PASS' <<<"$out")"
  r=$(grep '^PASS' <<<"$out" | grep -o '[0-9]* cycles/s' | tail -1); r=${r% cycles/s}
  if [ -n "$r" ] && { [ -z "$slow" ] || [ "$r" -lt "$slow" ]; }; then slow=$r; fi
done
# the line make test reports (run_tests.sh takes the figure before "cycles/s")
echo "PASS shell $(basename "$cfg" .cfg) x ${#wls[@]} workloads, $n cycles each, 0 divergences; slowest ${slow:-?} cycles/s"
