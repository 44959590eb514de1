#!/usr/bin/env bash
# synth_libsens.sh [--tier test|all] -- the library-sensitivity rows
# (docs/synthesis.md, "Library sensitivity"): every block of the tier (default
# test) synthesized and timed again with the OSU 0.35 um cells
# (qflow-tech-osu035), beside its default OSU018 run; the 0.35 um standard-cell
# area scaled to 0.18 um by (0.18/0.35)^2 and its clock by 0.35/0.18
# (first-order constant-field scaling, stated).  The SRAM macros keep the
# 0.18 um SRAM model (lambda 0.1 um), so only the cell area is compared.
# Writes build/synth/libsens.md; one PASS/FAIL line per block (FAIL: a run
# failed).  Uses `scripts/synth.sh --reuse`: each library's run is its own
# directory (LIBERTY gives the -env tag), redone only when an input changed.
set -u
{
cd "$(dirname "$0")/.."
tier=test
[ "${1:-}" = --tier ] && { tier=${2:?}; shift 2; }
[ $# -eq 0 ] || { echo "error: synth_libsens.sh: unknown option '$1' (expected --tier test|all)" >&2; exit 2; }
L35=/usr/share/qflow/tech/osu035/osu035_stdcells.lib
[ -f "$L35" ] || { echo "error: $L35 not found (Debian qflow-tech-osu035; scripts/install_deps.sh)" >&2; exit 2; }
rows=(); fail=0
while read -r block btier _; do
  [ "$tier" = test ] && [ "$btier" != test ] && continue
  d18=$(bash scripts/synth.sh "$block" --print-dir); d35=$(LIBERTY=$L35 bash scripts/synth.sh "$block" --print-dir)
  for L in "" "$L35"; do
    if ! out=$(LIBERTY=${L:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib} nice -n 10 bash scripts/synth.sh "$block" --quiet --reuse 2>&1); then
      echo "FAIL libsens $block ${L:+osu035}${L:-osu018}: $(tail -1 <<<"$out")"; fail=1; continue 2
    fi
  done
  g() { sed -n "s/^$1=//p" "$2/metrics.txt"; }
  r=$(awk -v a18="$(g cell_area_um2 "$d18")" -v a35="$(g cell_area_um2 "$d35")" -v f18="$(g fmax_mhz "$d18")" -v f35="$(g fmax_mhz "$d35")" \
          -v c18="$(g cells "$d18")" -v c35="$(g cells "$d35")" 'BEGIN {
    s = (0.18 / 0.35) ^ 2; as = a35 * s; fs = f35 * 0.35 / 0.18
    printf "%s|%s|%s|%s|%.1f|%.2f|%s|%s|%.1f|%.2f", c18, c35, a18, a35, as, as / a18, f18, f35, fs, fs / f18 }')
  rows+=("$block|$r")
  IFS='|' read -r c18 c35 a18 a35 as ar f18 f35 fs fr <<<"$r"
  echo "PASS libsens $block: cell area osu018 $a18 um2, osu035 $a35 um2 = $as um2 scaled by (0.18/0.35)^2 (${ar}x); Fmax osu018 $f18 MHz, osu035 $f35 MHz = $fs MHz scaled by 0.35/0.18 (${fr}x)"
done < <(grep -v '^\s*#' constraints/blocks.list | awk 'NF')
mkdir -p build/synth
{
  echo "# Library sensitivity: OSU018 against OSU035 (scripts/synth_libsens.sh, tier $tier)"
  echo
  echo "Standard-cell area and Fmax of each block with osu018_stdcells.lib and with osu035_stdcells.lib; the 0.35 um figures scaled to 0.18 um by area x (0.18/0.35)^2 = x 0.2645 and clock x 0.35/0.18 = x 1.944 (first-order constant-field scaling). SRAM macros: the 0.18 um model in both (not compared). Constraints: the same constraints/<block>.sdc (and common.sdc) for both."
  echo
  echo "| block | cells osu018 | cells osu035 | cell area osu018 um2 | cell area osu035 um2 | osu035 scaled to 0.18 um2 | scaled / osu018 | Fmax osu018 MHz | Fmax osu035 MHz | osu035 scaled MHz | scaled / osu018 |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for r in "${rows[@]}"; do echo "| ${r//|/ | } |"; done
} >build/synth/libsens.md
echo "synth_libsens: build/synth/libsens.md"
exit $fail
}
