#!/usr/bin/env bash
# synth_sweep.sh [--only NAME] -- area and Fmax against the parameters that
# drive cost (make synth-sweep, docs/synthesis.md).  Each point is one
# scripts/synth.sh run (reused when its inputs have not changed); each sweep
# writes build/synth/sweep/NAME.csv, NAME.md and NAME.svg (gnuplot: total and
# cell area, and Fmax, against the swept parameter).
#   mrpb_queues_entries  MRPB: signature (8, 32, 48 queues) x entries (4, 8, 16)
#   l1d_ways             L1D: 32 sets x 128 B, ways 2, 4, 8 (8, 16, 32 KB)
#   l1d_size             L1D: 4 ways x 128 B, sets 16, 32, 64 (8, 16, 32 KB)
#   ccn_depths           CCN ring of 2 nodes: CB = ReqQ = RespQ depth 4, 8, 16
#   ccn_nodes            CCN ring (one node per SM): 2, 4, 8 nodes at depth 8
#   shell_disp_sms       the shell's dispatcher against the SM count 1, 2, 4, 8, 15
# (the SM itself is l1d + mrpb + its warp logic: per-SM cost is constant;
# what grows with the SM count is the ring, the dispatcher and the crossbar;
# the crossbar is one run of make synth BLOCK=shell_xbar, not swept: its
# 4-SM point alone took 19.5 minutes of wall time, docs/results/synthesis.md)
set -u
# The whole script is one brace group: bash parses it before running it, so
# editing this file during a run cannot change the running job.
{
cd "$(dirname "$0")/.."
B=build
only=""; [ "${1:-}" = --only ] && only=${2:?}
out=$B/synth/sweep; mkdir -p $out
# name | block | x label | points: "x-value:SET SET ..." separated by ' ; '
sweeps=(
  "mrpb_queues_entries|mrpb|queues x entries|8x4:MRPB_SIG=BLOCK MRPB_ENTRIES=4 ; 8x8:MRPB_SIG=BLOCK MRPB_ENTRIES=8 ; 8x16:MRPB_SIG=BLOCK MRPB_ENTRIES=16 ; 32x4:MRPB_SIG=BWARP MRPB_ENTRIES=4 ; 32x8:MRPB_SIG=BWARP MRPB_ENTRIES=8 ; 32x16:MRPB_SIG=BWARP MRPB_ENTRIES=16 ; 48x4:MRPB_SIG=WARP MRPB_ENTRIES=4 ; 48x8:MRPB_SIG=WARP MRPB_ENTRIES=8 ; 48x16:MRPB_SIG=WARP MRPB_ENTRIES=16"
  "l1d_ways|l1d|ways (32 sets x 128 B)|2:L1D_SETS=32 L1D_WAYS=2 ; 4:L1D_SETS=32 L1D_WAYS=4 ; 8:L1D_SETS=32 L1D_WAYS=8"
  "l1d_size|l1d|size KB (4 ways x 128 B)|8:L1D_SETS=16 L1D_WAYS=4 ; 16:L1D_SETS=32 L1D_WAYS=4 ; 32:L1D_SETS=64 L1D_WAYS=4"
  "ccn_depths|ccn|queue depth (2 nodes)|4:CCN_NODES=2 CCN_CB_DEPTH=4 CCN_REQQ_DEPTH=4 CCN_RESPQ_DEPTH=4 ; 8:CCN_NODES=2 CCN_CB_DEPTH=8 CCN_REQQ_DEPTH=8 CCN_RESPQ_DEPTH=8 ; 16:CCN_NODES=2 CCN_CB_DEPTH=16 CCN_REQQ_DEPTH=16 CCN_RESPQ_DEPTH=16"
  "ccn_nodes|ccn|nodes (= SMs)|2:CCN_NODES=2 ; 4:CCN_NODES=4 ; 8:CCN_NODES=8"
  "shell_disp_sms|shell_disp|SMs|1:SHELL_SMS=1 ; 2:SHELL_SMS=2 ; 4:SHELL_SMS=4 ; 8:SHELL_SMS=8 ; 15:SHELL_SMS=15"
)
rc=0; t0=$(date +%s)
for s in "${sweeps[@]}"; do
  IFS='|' read -r name block xl pts <<<"$s"
  [ -n "$only" ] && [ "$only" != "$name" ] && continue
  csv=$out/$name.csv
  echo "x,params,total_area_um2,cell_area_um2,seq_area_um2,sram_area_um2,cells,flops,storage_bits,wns_ns,fmax_mhz,crit_start,crit_end" >$csv
  IFS=';' read -ra P <<<"$pts"
  for p in "${P[@]}"; do
    p=$(echo "$p" | sed 's/^ *//; s/ *$//'); x=${p%%:*}; sets=${p#*:}
    sa=(); for kv in $sets; do sa+=(--set "$kv"); done
    if ! bash scripts/synth.sh "$block" "${sa[@]}" --reuse --quiet; then echo "FAIL sweep $name $x"; rc=1; continue; fi
    d=$(bash scripts/synth.sh "$block" "${sa[@]}" --print-dir)
    unset m; declare -A m=(); while IFS='=' read -r k v; do m[$k]=$v; done <"$d/metrics.txt"
    echo "$x,$sets,${m[total_area_um2]},${m[cell_area_um2]},${m[seq_area_um2]},${m[sram_area_um2]},${m[cells]},${m[flops]},${m[storage_bits]},${m[wns_ns]},${m[fmax_mhz]},${m[crit_start]},${m[crit_end]}" >>$csv
    echo "sweep $name $x: total area ${m[total_area_um2]} um2, Fmax ${m[fmax_mhz]} MHz"
  done
  { echo "# Sweep $name ($block): area and Fmax against $xl"; echo
    echo "| $xl | parameters | total area um2 | cell area | seq. area | SRAM area | cells | flops | storage bits | WNS ns | Fmax MHz | critical path |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    tail -n +2 $csv | awk -F, '{printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s -> %s |\n", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13}'
    echo; echo "Plot: $name.svg"; } >$out/$name.md
  gnuplot <<GP 2>/dev/null || echo "note: gnuplot not available; $csv has the data"
set terminal svg size 900,420 font "sans,11"
set output "$out/$name.svg"
set datafile separator ","
set multiplot layout 1,2 title "$name ($block), OSU018 + SRAM model"
set xtics rotate by -30
set style data linespoints
set xlabel "$xl"; set ylabel "area (mm2)"; set key top left
plot "$csv" using 0:(\$3/1e6):xtic(1) title "total" lw 2, "" using 0:(\$4/1e6) title "std cells", "" using 0:(\$6/1e6) title "SRAM macros"
set ylabel "Fmax (MHz)"; unset key
plot "$csv" using 0:11:xtic(1) lw 2
unset multiplot
GP
done
echo "synth_sweep: $out ($(( $(date +%s) - t0 )) s)"
exit $rc
}
