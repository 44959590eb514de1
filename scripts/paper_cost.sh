#!/usr/bin/env bash
# paper_cost.sh -- the paper-cost comparisons of docs/synthesis.md ("Paper-cost
# audit") as ratios with their decomposition, from the flow's last runs
# (build/synth/<block>/default/metrics.txt and sram.txt), once per SRAM model:
#   ratio = flow area / paper area scaled to 0.18 um
#         = bits (flow SRAM bits / paper bits)
#         x density (flow SRAM area per bit / paper area per bit)
#         x controller ((SRAM + standard cells) / SRAM; 1 for an array alone)
# Scaling: area x (180/node)^2 (45 nm: x 16; 40 nm: x 20.25).  Paper bits:
# MRPB "< 3KB" = 24576 bits at most (an upper bound, so the bits factor is a
# lower bound); CCN Table II per SM: CB 8 x 30, ReqQ 8 x 30, RespQ 8 x ~1028
# (128 B + Core-ID), 15 SMs.  Exit 2 when a run is missing.
set -euo pipefail
{
cd "$(dirname "$0")/.."
met() { local f=build/synth/$1/default/metrics.txt; [ -f "$f" ] || { echo "error: $f: no run (make synth BLOCK=$1)" >&2; exit 2; }; sed -n "s/^$2=//p" "$f"; }
row() { # label paper_um2 paper_bits flow_bits sram_um2 total_um2 model
  awk -v l="$1" -v pa="$2" -v pb="$3" -v fb="$4" -v sa="$5" -v ta="$6" -v m="$7" 'BEGIN {
    r = ta / pa; b = fb / pb; d = (sa / fb) / (pa / pb); c = ta / sa
    printf "%s [SRAM model %s]: %.1f um2 / %.1f um2 = %.3fx = bits %.3f x density %.3f (%.2f / %.2f um2 per bit) x controller %.3f\n", l, m, ta, pa, r, b, d, sa / fb, pa / pb, c }'
}
mp=$(awk 'BEGIN {printf "%.1f", 0.0126 * 16 * 1e6}')
for k in "" _alt; do
  m=$(met mrpb sram_model$k)
  [ -n "$k" ] && col=13 || col=8
  hq=$(awk -v c=$col '$3 == 384 && $4 == 47 {print $c}' build/synth/mrpb/default/sram.txt)
  hp=$(awk '$3 == 384 && $4 == 47 {print $6}' build/synth/mrpb/default/sram.txt)
  row "MRPB header queue (384 x 47, $hp port(s))" "$mp" 24576 18048 "$hq" "$hq" "$m"
  row "MRPB block (both queue arrays + cells)" "$mp" 24576 "$(met mrpb sram_bits)" "$(met mrpb sram_area${k}_um2)" "$(met mrpb total_area${k}_um2)" "$m"
  cp=$(awk 'BEGIN {printf "%.1f", 4.82 * (180 / 40) ^ 2 * 1e6}')
  row "CCN 15 nodes (CB + ReqQ + RespQ + control; paper 4.82 mm2 at 40 nm, NOT an SRAM estimate)" "$cp" $((15 * (8 * 30 + 8 * 30 + 8 * 1028))) "$(met ccn sram_bits)" "$(met ccn sram_area${k}_um2)" "$(met ccn total_area${k}_um2)" "$m"
done
k1=$(bash scripts/sram_model.sh 256 32 2 | sed 's/.*area_um2=\([^ ]*\).*/\1/'); k2=$(bash scripts/sram_model.sh --model constraints/sram_cacti.model 256 32 2 | sed 's/.*area_um2=\([^ ]*\).*/\1/')
awk -v k1="$k1" -v k2="$k2" -v n1="$(met mrpb sram_model)" -v n2="$(met mrpb sram_model_alt)" 'BEGIN { b = 15 * (8*30 + 8*30 + 8*1028); kb = b / 8 / 1024; a = 4.82 * (180/40)^2
  printf "CCN paper figure per KB at 180 nm: %.2f mm2 / %.2f KB = %.2f mm2 per KB; a 1 KB two-port array (256 x 32) costs %.3f mm2 (%s, %.1fx less) and %.3f mm2 (%s, %.1fx less)\n", a, kb, a / kb, k1 / 1e6, n1, a / kb / (k1 / 1e6), k2 / 1e6, n2, a / kb / (k2 / 1e6) }'
}
