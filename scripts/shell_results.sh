#!/usr/bin/env bash
# shell_results.sh -- make shell-results: the workload x mechanism matrix on
# the shell's C model (docs/shell-results.md).  Per workload: one NONE run
# that also writes the classifier's profile (--profile), chss-classify on it
# (the STATIC / COORD tags), then every mechanism, fanned out with GNU
# parallel (2 jobs, nice 10).  JSON per run in build/results/; then
# scripts/shell_results.py writes docs/shell-results.md, its checks into
# docs/results/results.md and the gnuplot figures under docs/img/.
set -eu
cd "$(dirname "$0")/.."
B=build
SIM=$B/bin/shell-sim
CLS=$B/bin/chss-classify
R=${RESULTS_DIR:-$B/results}
mkdir -p $R
# name|workload|args  (sizes: each run 10^4..10^6 cycles on 4 SMs)
WORKLOADS="atax|atax|iters=64
gemm|gemm|n=128
syrk|syrk|iters=16
2dconv|2dconv|bs=64
2dconvL|2dconv|n=512,bs=64
stream|stream|iters=64
share|share|iters=64
spmv|spmv|iters=32"
# mechanism|parameters
MECHS="NONE|SHELL_BYPASS=NONE
ALL|SHELL_BYPASS=ALL
STATIC|SHELL_BYPASS=STATIC
CHSS|SHELL_BYPASS=CHSS
COORD|SHELL_BYPASS=COORD
TWOLEVEL|SHELL_BYPASS=TWOLEVEL
MRPB|SHELL_MRPB=1
CCN|SHELL_CCN=ON
CCN_THR|SHELL_CCN=ON_THROTTLE
BA|L1D_BA=1 L1D_ALLOC=ON_MISS"
COMMON="--set L1D_INDEX=LINEAR --set SHELL_SAMPLE=500 --set CCN_TS=2000 --set CCN_TP=20000"   # 16 KB 4-way linear-indexed L1D (the default geometry); CCN throttler window 2000 / period 20000 cycles
jobs=$R/jobs.txt
: > $jobs
while IFS='|' read -r name wl args; do
  # profile run (NONE) first: the static tags depend on it
  nice -n 10 $SIM --quiet --workload $wl --args $args $COMMON --profile-exclusive $R/$name.prof --json $R/${name}_PROFILE.json
  $CLS $R/$name.prof > $R/$name.tags
  while IFS='|' read -r mech sets; do
    s=""; for p in $sets; do s="$s --set $p"; done
    echo "nice -n 10 $SIM --quiet --workload $wl --args $args $COMMON $s --tags $R/$name.tags --json $R/${name}_${mech}.json" >> $jobs
  done <<<"$MECHS"
done <<<"$WORKLOADS"
if command -v parallel >/dev/null; then parallel -j2 --halt now,fail=1 < $jobs
else bash -e $jobs; fi
python3 scripts/shell_results.py $R docs/shell-results.md docs/img
