#!/usr/bin/env bash
# synth_all.sh [--tier test|all] [--reuse | --existing] -- synthesizes and
# times every block of constraints/blocks.list at its default parameters (or
# the configuration a BLOCK@CFG line names; scripts/synth.sh) and writes one
# table: build/synth/summary.md, .csv and .json.
#   --tier test: only the blocks marked "test" (make test); default: all.
#   --reuse: keep per-block results whose inputs have not changed.
#   --existing: run nothing; tabulate the per-block results that exist (a
#     block without one is listed as "not run").
# The table says per block how long its run took (Yosys + OpenSTA, from its
# metrics.txt) and whether it ran now or was an earlier run (reused).
# Prints one PASS/FAIL line per block: FAIL when a block does not
# synthesize or time, or its storage bits differ from the expectation in
# constraints/blocks.list.  Exit 1 if any FAIL.
set -u
# The whole script is one brace group: bash parses it before running it, so
# editing this file during a run cannot change the running job.
{
cd "$(dirname "$0")/.."
B=build
tier=all; reuse=(); existing=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tier) tier=${2:?}; shift 2 ;;
    --reuse) reuse=(--reuse); shift ;;
    --existing) existing=1; shift ;;
    *) echo "error: synth_all.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
t0=$(date +%s)
fail=0; rows=()
while read -r block btier gate expbits ties; do
  [ "$tier" = test ] && [ "$btier" != test ] && continue
  tb=$(date +%s)
  d=$(bash scripts/synth.sh "$block" --print-dir) || { echo "FAIL synth $block: bad blocks.list line"; fail=1; continue; }
  if [ $existing = 1 ]; then
    [ -f "$d/metrics.txt" ] || { echo "NOT RUN synth $block: no $d/metrics.txt"; rows+=("$block|not run|||||||||||||||||||||||||||"); continue; }
  elif ! out=$(bash scripts/synth.sh "$block" --quiet "${reuse[@]}" 2>&1); then
    echo "FAIL synth $block: $(tail -2 <<<"$out" | tr '\n' ' ')"; fail=1
    rows+=("$block|FAILED: $(tail -1 <<<"$out" | tr '|,' '  ')|||||||||||||||||||||||||||"); continue
  fi
  when=$(date -u -r "$d/metrics.txt" +%Y-%m-%dT%H:%MZ)
  [ "$(date -r "$d/metrics.txt" +%s)" -ge "$t0" ] && when="this run"
  unset m; declare -A m=()
  while IFS='=' read -r k v; do m[$k]=$v; done <"$d/metrics.txt"
  bits=${m[storage_bits]}
  chk="storage bits $bits"
  if [ "$expbits" != "?" ] && [ "$bits" != "$expbits" ]; then
    echo "FAIL synth $block: storage bits $bits, expected $expbits (constraints/blocks.list)"; fail=1
  else
    [ "$expbits" = "?" ] && chk+=" (no expectation recorded)" || chk+=" as expected"
    echo "PASS synth $block: cells ${m[cells]}, area ${m[total_area_um2]} um2 (SRAM model ${m[sram_model]:-?}; ${m[total_area_alt_um2]:-?} um2 with ${m[sram_model_alt]:-?}), $chk, WNS ${m[wns_ns]} ns at ${m[period_ns]} ns, Fmax ${m[fmax_mhz]} MHz ($(( $(date +%s) - tb )) s)"
  fi
  # formal equivalence (scripts/lec.sh, make lec): its last result for this netlist
  lec="not run"
  if [ -f "$d/lec.txt" ] && [ ! "$d/netlist.v" -nt "$d/lec.txt" ]; then
    unset L; declare -A L=(); while IFS='=' read -r k v; do L[$k]=$v; done <"$d/lec.txt"
    case ${L[result]} in proved) lec="proved";; bounded) lec="bounded k=${L[k]}";; timeout) lec="timeout (${L[lec_s]} s)";; *) lec="FAILED";; esac
  fi
  met=$(awk -v w="${m[wns_ns]}" 'BEGIN { if (w + 0 >= 0) printf "met (slack %s ns)", w; else printf "missed by %.3f ns", -w }')
  rows+=("$block|${m[module]}|${m[cell_area_um2]}|${m[seq_area_um2]}|${m[sram_area_um2]}|${m[total_area_um2]}|${m[sram_model]:-}|${m[sram_area_alt_um2]:-}|${m[total_area_alt_um2]:-}|${m[sram_model_alt]:-}|${m[sram_split_1port]:-}/${m[sram_banked]:-}/${m[sram_regfiles]:-}|${m[cells]}|${m[flops]}|${m[sram_bits]}|${m[storage_bits]}|${m[crit_start]}|${m[crit_end]}|${m[crit_arrival_ns]}|${m[period_ns]}|${m[wns_ns]}|${m[tns_ns]}|${m[fmax_mhz]}|$met|${m[yosys_s]}|${m[sta_s]}|$when|$lec|${m[buffer_nets]:-?}|${m[buffer_cells]:-?}|${m[buffer_area_um2]:-?}")
done < <(grep -v '^\s*#' constraints/blocks.list | awk 'NF')
el=$(( $(date +%s) - t0 ))
mkdir -p $B/synth
sfx=""; [ "$tier" = test ] && sfx="_test"
hdr="block|module|cell_area_um2|seq_area_um2|sram_area_um2|total_area_um2|sram_model|sram_area_alt_um2|total_area_alt_um2|sram_model_alt|sram_1port_banked_regfile|cells|flops|sram_bits|storage_bits|crit_start|crit_end|crit_arrival_ns|period_ns|wns_ns|tns_ns|fmax_mhz|target|yosys_s|sta_s|run|lec|buffer_nets|buffer_cells|buffer_area_um2"
{ echo "$hdr" | tr '|' ','; for r in "${rows[@]}"; do echo "$r" | sed 's/,/;/g' | tr '|' ','; done; } >$B/synth/summary$sfx.csv
{
  echo "["
  n=0; for r in "${rows[@]}"; do
    n=$((n + 1))
    awk -v h="$hdr" -v r="$r" -v last=$([ $n = ${#rows[@]} ] && echo 1 || echo 0) 'BEGIN {
      nh = split(h, H, "|"); split(r, R, "|"); printf "  {"
      for (i = 1; i <= nh; i++) { v = R[i]; q = (v ~ /^-?[0-9.]+$/) ? v : "\"" v "\""; printf "%s\"%s\": %s", (i > 1 ? ", " : ""), H[i], q }
      printf "}%s\n", last ? "" : "," }'
  done
  echo "]"
} >$B/synth/summary$sfx.json
{
  echo "# Synthesis summary: every block at its default parameters (a BLOCK@CFG line: at that configuration)"
  echo
  mode="run"; [ ${#reuse[@]} -gt 0 ] && mode="run with --reuse"; [ $existing = 1 ] && mode="tabulated with --existing (nothing run)"
  echo "Cells: $(basename "${LIBERTY:-osu018_stdcells.lib}"); SRAM models: $(bash scripts/sram_model.sh 16 1 1 | sed 's/.*model=//') ($(basename "${SRAM_MODEL:-constraints/sram_osu018.model}"): the SRAM area, total area and timing columns) and $(bash scripts/sram_model.sh --model "${SRAM_MODEL_ALT:-constraints/sram_cacti.model}" 16 1 1 | sed 's/.*model=//') ($(basename "${SRAM_MODEL_ALT:-constraints/sram_cacti.model}"): the 2nd-model columns; docs/synthesis.md "SRAM model"); clock uncertainty and derate: constraints/common.sdc; constraints: constraints/<block>.sdc. Areas in um2, times in ns. Storage bits = flip-flops + SRAM macro bits. Buffer trees: the BUFX4 cells scripts/synth_buffer.py added after ABC (nets into SRAM macros, nets over their driver's max_capacitance), counted in the cells and cell area. Generated by scripts/synth_all.sh (tier $tier, $mode) in $el s. Run s = the block's own Yosys + OpenSTA seconds; when = this run, or the time of the earlier run reused."
  echo
  echo "| block | cell area | seq. area | SRAM area | total area | SRAM area, 2nd model | total area, 2nd model | SRAM macros: split-cycle 1-port / banked / register files | cells | flops | SRAM bits | storage bits | critical path (start -> end) | arrival | target | WNS | TNS | Fmax MHz | clock target | run s (Yosys + STA) | when | equivalence (make lec) | buffer trees after ABC: nets / BUFX4 / um2 |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for r in "${rows[@]}"; do
    IFS='|' read -r b mo ca sa ra ta smn ra2 ta2 smn2 kinds c f sb stb cs ce ar p w t fm mt ys ss wh lc bn bc ba <<<"$r"
    if [ -z "$ca" ]; then echo "| $b | $mo | | | | | | | | | | | | | | | | | | | | | |"; continue; fi
    [ "$ra" = 0 ] && kinds="-"
    echo "| $b | $ca | $sa | $ra | $ta | $ra2 | $ta2 | $kinds | $c | $f | $sb | $stb | $cs -> $ce | $ar | $p | $w | $t | $fm | $mt | $ys + $ss | $wh | $lc | $bn / $bc / $ba |"
  done
} >$B/synth/summary$sfx.md
echo "synth_all: $B/synth/summary$sfx.{md,csv,json} ($el s)"
exit $fail
}
