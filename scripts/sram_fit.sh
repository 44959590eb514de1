#!/usr/bin/env bash
# sram_fit.sh [--check MODEL] -- fits the SRAM model's periphery and timing
# terms to OpenRAM's published sky130 macros (constraints/sram_openram_sky130.txt;
# docs/synthesis.md, "SRAM model").
#   no option: prints the fitted coefficients as model-file lines, then per
#     macro the data (scaled to 180 nm) and the fit's residuals.
#   --check MODEL: runs scripts/sram_model.sh with MODEL's periphery and
#     timing but the sky130 bit cell (scaled like the rest) on each macro's
#     shape, prints one line per macro, and exits 1 unless every area is
#     within AREA_TOL (5 %) and every access time within TIME_TOL (35 %: the fourth macro, 2 KB 1rw1r, is faster than the 1 KB one, against every size term; docs/synthesis.md) of
#     the macro scaled to 180 nm, and MODEL's fitted keys equal this fit's.
# Scaling (first order, stated): lengths x 180/130, areas x (180/130)^2,
# delays x 180/130.  The fitted model: periphery strips in lambda (0.1 um,
# the OSU018 SCMOS rules) -- the row strip (decoder, wordline drivers,
# address flops, control) per port count plus a part per address bit, the
# column strip (precharge, column mux, sense amplifiers, write drivers, data
# flops) per port count; the bit-cell array is the macro's rows x cols at the
# sky130 cell pitch, so straps, dummy/replica/spare rows and columns and
# the power ring count as periphery.
set -euo pipefail
{
cd "$(dirname "$0")/.."
data=constraints/sram_openram_sky130.txt
check=""
[ "${1:-}" = --check ] && { check=${2:?--check MODEL}; [ -f "$check" ] || { echo "error: sram_fit.sh: model '$check' not found" >&2; exit 2; }; }
[ -z "$check" ] && [ $# -gt 0 ] && { echo "error: sram_fit.sh: unknown option '$1' (expected --check MODEL)" >&2; exit 2; }
# fo4, lambda and the wire term are inputs of the fit (not fitted): from the default model
base=constraints/sram_osu018.model
getk() { awk -v k="$1" '{sub(/#.*/, "")} $1 == k {print $2}' "$base"; }
fo4=$(getk fo4_ns); lam=$(getk lambda_um); wire=$(getk wire_ns_per_mm2)
fit=$(awk -v fo4="$fo4" -v lam="$lam" -v wire="$wire" '
function log4(x) { return log(x) / log(4) }
function log2(x) { return log(x) / log(2) }
{ sub(/#.*/, "") } NF < 10 { next }
{ n++; N[n] = $1; P[n] = $2; R[n] = $3; C[n] = $4; W[n] = $6; H[n] = $7; cw[n] = $8; ch[n] = $9; T[n] = $10 }
END {
  s = 180 / 130
  for (i = 1; i <= n; i++) {
    wo[i] = (W[i] - C[i] * cw[i]) * s / lam; ho[i] = (H[i] - R[i] * ch[i]) * s / lam
    ab[i] = log2(R[i]); ts[i] = T[i] * s
    wmm = W[i] * s / 1000; hmm = H[i] * s / 1000
    y[i] = ts[i] / fo4 - log4(R[i]) - log4(C[i]) - wire * (wmm * wmm + hmm * hmm) / fo4
  }
  # periphery: 1 port from the two 1rw macros (row strip = a1 + abits x b),
  # 2 ports: the mean of the two 1rw1r macros (row strip = a2 + 2 x abits x b)
  for (i = 1; i <= n; i++) if (P[i] == 1) { if (!i1) i1 = i; else i2 = i }
  b = (wo[i2] - wo[i1]) / (ab[i2] - ab[i1])
  a1 = wo[i1] - ab[i1] * b
  c1 = (ho[i1] + ho[i2]) / 2
  for (i = 1; i <= n; i++) if (P[i] == 2) { a2 += wo[i] - 2 * ab[i] * b; c2 += ho[i]; k2++ }
  a2 /= k2; c2 /= k2
  # timing: the bitline term from the two 1rw macros (same columns, rows
  # 64 -> 128), the fixed term the mean over all four
  bl = (R[i2] - R[i1]) / (y[i2] - y[i1])
  for (i = 1; i <= n; i++) tf += y[i] - R[i] / bl
  tf /= n
  printf "row_1p_lambda %.0f\nrow_2p_lambda %.0f\nrow_per_abit_lambda %.0f\ncol_1p_lambda %.0f\ncol_2p_lambda %.0f\nt_fixed_fo4 %.2f\nbl_rows_per_fo4 %.2f\n", a1, a2, b, c1, c2, tf, bl
  for (i = 1; i <= n; i++)
    printf "#data %s ports=%d rows=%d cols=%d area_um2=%.1f access_ns=%.3f cell_w_lambda=%.2f cell_h_lambda=%.2f\n", N[i], P[i], R[i], C[i], W[i] * H[i] * s * s, ts[i], cw[i] * s / lam, ch[i] * s / lam
}' "$data")
if [ -z "$check" ]; then
  echo "# fitted to $data (scripts/sram_fit.sh); fo4_ns=$fo4 lambda_um=$lam wire_ns_per_mm2=$wire"
  grep -v '^#data' <<<"$fit"
  grep '^#data' <<<"$fit" | sed 's/^#data/# macro at 180 nm:/'
  exit 0
fi
bad=0
# the model's fitted keys must be this fit's (one source: the data file)
while read -r k v; do
  mv=$(awk -v k="$k" '{sub(/#.*/, "")} $1 == k {print $2}' "$check" "$base" | head -1)
  [ "$mv" = "$v" ] || { echo "FAIL sram fit: $check has $k=${mv:-missing}, the fit of $data gives $v"; bad=1; }
done < <(grep -v '^#' <<<"$fit")
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
while read -r _ name ports rows cols area t cw ch; do
  ports=${ports#ports=}; rows=${rows#rows=}; cols=${cols#cols=}; area=${area#area_um2=}; t=${t#access_ns=}
  { echo "base $(realpath "$check")"; echo "cell${ports}_w_lambda ${cw#cell_w_lambda=}"; echo "cell${ports}_h_lambda ${ch#cell_h_lambda=}"; } >"$tmp"
  # the macro's word: rows/cols are the folded array; the model folds itself
  words=$rows; bits=$cols
  case $name in *32x256*) words=256; bits=32 ;; *32x512*) words=512; bits=32 ;; esac
  out=$(bash scripts/sram_model.sh --model "$tmp" "$words" "$bits" "$ports")
  ma=$(sed 's/.*area_um2=\([^ ]*\).*/\1/' <<<"$out"); mt=$(sed 's/.*access_ns=\([^ ]*\).*/\1/' <<<"$out")
  mr=$(sed 's/.*rows_phys=\([^ ]*\).*/\1/' <<<"$out"); mc=$(sed 's/.*cols_phys=\([^ ]*\).*/\1/' <<<"$out")
  read -r ea et ok < <(awk -v a="$area" -v ma="$ma" -v t="$t" -v mt="$mt" -v at="${AREA_TOL:-0.05}" -v tt="${TIME_TOL:-0.35}" 'BEGIN {
    ea = (ma - a) / a; et = (mt - t) / t; ok = (ea <= at && -ea <= at && et <= tt && -et <= tt)
    printf "%+.1f%% %+.1f%% %d\n", 100 * ea, 100 * et, ok }')
  [ "$mr" = "$rows" ] && [ "$mc" = "$cols" ] || ok=0
  line="$name ($words x $bits, $ports port(s)): model $ma um2 / $mt ns (array $mr x $mc), macro at 180 nm $area um2 / $t ns: area $ea, access $et"
  if [ "$ok" = 1 ]; then echo "PASS sram fit $line"; else echo "FAIL sram fit $line (tolerance: area ${AREA_TOL:-0.05}, access ${TIME_TOL:-0.35}, array $rows x $cols)"; bad=1; fi
done < <(grep '^#data' <<<"$fit")
exit $bad
}
