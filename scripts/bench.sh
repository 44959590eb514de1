#!/usr/bin/env bash
# bench.sh -- make bench: cycles per second of each block's C model alone,
# its RTL alone (Verilator, same stimulus) and the two in lockstep.
# Figures are what the runs print; BENCH_CYCLES sets the length.
set -u
cd "$(dirname "$0")/.."
B=build
N=${BENCH_CYCLES:-200000}
make -s build >/dev/null || exit 1
printf '%-10s %-18s %14s %14s %14s\n' block config "C cycles/s" "RTL cycles/s" "lockstep c/s"
for b in $($B/bin/lockstep-c --list-blocks | awk '{print $1}'); do
  c=$(ls tb/configs/$b/*.cfg 2>/dev/null | head -1)
  row=()
  for m in c rtl lockstep; do
    n=$N; [ $m = c ] && n=$((N * 5))
    out=$(LS_QUIET=1 bash scripts/lockstep.sh $b --seed 1 --cycles $n --mode $m ${c:+--config $c} --quiet 2>&1)
    row+=("$(grep -o '[0-9]* cycles/s' <<<"$out" | awk '{print $1}')")
  done
  printf '%-10s %-18s %14s %14s %14s\n' $b "$( [ -n "$c" ] && basename $c .cfg || echo default)" "${row[0]:-fail}" "${row[1]:-fail}" "${row[2]:-fail}"
done
