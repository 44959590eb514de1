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
# generators whose default size takes seconds and gigabytes to build (the
# suite's own sizes: 2mm 13.9 M cycles, 3mm 20.7 M before their per-trip stores
# of the sum): a run of CYCLES cycles
# sees only the start of any kernel, so these run at a small size here
# (their default sizes: make regress, make papers); bfs launches blocks of
# 512 threads from 512 nodes on (Rodinia's MAX_THREADS_PER_BLOCK), more than
# the 8-warp SMs of these configs hold: 256 nodes make one block of 8 warps
declare -A small=([2mm]="n=128" [3mm]="n=128" [3dconv]="n=64" [fdtd-2d]="n=256" [bfs]="n=256")
for w in "${wls[@]}"; do
  out=$(SHELL_WORKLOAD="$w" SHELL_WORKLOAD_ARGS="${small[$w]:-}" LS_QUIET=1 bash scripts/lockstep.sh shell --config "$cfg" --seed 1 --cycles "$n" --quiet --no-rerun 2>&1)
  rc=$?
  if [ $rc -ne 0 ]; then echo "workload $w:"; echo "$out"; exit $rc; fi
  echo "workload $(basename "$w")${small[$w]:+ (${small[$w]})}: $(grep '^PASS' <<<"$out")"
  r=$(grep '^PASS' <<<"$out" | grep -o '[0-9]* cycles/s' | tail -1); r=${r% cycles/s}
  if [ -n "$r" ] && { [ -z "$slow" ] || [ "$r" -lt "$slow" ]; }; then slow=$r; fi
done
# the line make test reports (run_tests.sh takes the figure before "cycles/s")
echo "PASS shell $(basename "$cfg" .cfg) x ${#wls[@]} workloads, $n cycles each, 0 divergences; slowest ${slow:-?} cycles/s"
