#!/usr/bin/env bash
# sram_model_test.sh -- the SRAM model's part of `make test` (docs/synthesis.md,
# "SRAM model"; a few seconds, no synthesis).  One PASS/FAIL line per check:
#  1. the default model reproduces the OpenRAM sky130 macros it was fitted to
#     (scripts/sram_fit.sh --check: area within 5 %, access within 35 %, the
#     fitted keys equal the fit of constraints/sram_openram_sky130.txt)
#  2. an array of fewer than min_rows rows is costed as a latch register file,
#     area = rows x bits x latch + (rows - 1) x bits x mux2 + rows x AND2
#  3. a 1024-column array is split into two 512-column banks; 512 is not split
#  4. the port rule: a 2-port memory is single-port split-cycle when 2 x
#     access + setup fits the period, two-port when not or when no period
#  5. the CACTI-class model's cells are 146 F^2 (6T) and 294 F^2 (two ports)
#     at F = 0.18 um
#  6. the acceptance of issue 27: the MRPB header queue (384 x 47, single
#     port, CACTI-class cell) within 2x of the paper's 0.0126 mm2 x 16
#  7. bad input: exit 2 and one "error:" line
set -u
{
cd "$(dirname "$0")/.."
M=scripts/sram_model.sh
key() { sed "s/.* $1=\([^ ]*\).*/\1/" <<<" $2"; }
pf() { if [ "$1" = 1 ]; then echo "PASS sram model: $2"; else echo "FAIL sram model: $2"; fi; }
# 1
bash scripts/sram_fit.sh --check constraints/sram_osu018.model 2>&1
# 2
o=$(bash $M 2 1029 2); exp=$(awk 'BEGIN {printf "%.1f", 2 * 1029 * 56 + 1 * 1029 * 48 + 2 * 32}')
ok=0; [ "$(key kind "$o")" = regfile ] && [ "$(key area_um2 "$o")" = "$exp" ] && ok=1
o16=$(bash $M 16 8 2); [ "$(key kind "$o16")" = sram ] || ok=0
pf $ok "2 x 1029 is a register file of $(key area_um2 "$o") um2 (expected $exp), 16 x 8 an SRAM ($(key kind "$o16"))"
# 3
o=$(bash $M 32 1024 1); o5=$(bash $M 32 512 1)
ok=0; [ "$(key banks "$o")" = 2 ] && [ "$(key cols_phys "$o")" = 512 ] && [ "$(key banks "$o5")" = 1 ] && ok=1
pf $ok "32 x 1024: $(key banks "$o") banks of $(key cols_phys "$o") columns; 32 x 512: $(key banks "$o5") bank"
# 4
a=$(bash $M --period 10 384 47 2); b=$(bash $M --period 5 384 47 2); c=$(bash $M 384 47 2)
ok=0; [ "$(key ports "$a")" = 1 ] && [ "$(key ports "$b")" = 2 ] && [ "$(key ports "$c")" = 2 ] && ok=1
pf $ok "384 x 47, 1R1W: $(key ports "$a") port at 10 ns (access $(key access_ns "$a") ns), $(key ports "$b") at 5 ns, $(key ports "$c") without a period"
# 5
read -r c1 c2 < <(cat constraints/sram_osu018.model constraints/sram_cacti.model | awk '{sub(/#.*/, "")} NF >= 2 {k[$1] = $2}
  END { F2 = (0.18 / k["lambda_um"]) ^ 2; printf "%.1f %.1f\n", k["cell1_w_lambda"] * k["cell1_h_lambda"] / F2, k["cell2_w_lambda"] * k["cell2_h_lambda"] / F2 }')
ok=0; [ "$c1" = 146.0 ] && [ "$c2" = 294.0 ] && ok=1
pf $ok "cacti-cell: 6T $c1 F^2, two-port $c2 F^2 at F = 0.18 um (expected 146 and 294)"
# 6
o=$(bash $M --model constraints/sram_cacti.model 384 47 1)
r=$(awk -v a="$(key area_um2 "$o")" 'BEGIN {printf "%.2f", a / (0.0126 * 16 * 1e6)}')
ok=$(awk -v r="$r" 'BEGIN {print (r >= 0.5 && r <= 2) ? 1 : 0}')
pf $ok "MRPB header queue, cacti-cell single port: $(key area_um2 "$o") um2 = ${r}x the paper's 0.0126 mm2 x 16 = 201600 um2 (within 2x)"
# 7
e=$(bash $M 4 8 3 2>&1); rc=$?; e2=$(bash $M --period x 4 8 2 2>&1); rc2=$?
ok=0; [ $rc = 2 ] && [ $rc2 = 2 ] && [ "$(grep -c '^error: ' <<<"$e")" = 1 ] && [ "$(grep -c '^error: ' <<<"$e2")" = 1 ] && ok=1
pf $ok "bad input exits 2 with one error line: '$e' / '$e2'"
}
