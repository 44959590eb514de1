#!/usr/bin/env bash
# sram_model.sh -- the SRAM area/access-time model (docs/synthesis.md, "SRAM model").
#   sram_model.sh [--model FILE] [--period NS] ROWS BITS PORTS
#       prints "area_um2=A access_ns=T rows_phys=R cols_phys=C colmux=M
#       banks=B ports=P kind=sram|regfile model=NAME"
#   sram_model.sh [--model FILE] [--period NS] --liberty CELL ROWS BITS SLICES PORTS comb|sync
#       prints a Liberty library with one cell CELL: the black-boxed memory
#       with mem_1r1w's pins, its area from the model and its access time as
#       timing arcs (comb: raddr_i -> rdata_o combinational and clk_i ->
#       rdata_o; sync: clk_i -> rdata_o only, raddr_i set up to clk_i, and
#       a read-enable pin re_i set up to clk_i: mem_1r1w_sync's pins).
# PORTS is what the RTL's memory has (mem_1r1w: one read + one write = 2).
# The port rule (docs/synthesis.md): with --period, a 2-port memory becomes
# a single-port 6T array run split-cycle (read in the first half of the
# clock, write in the second, the MRPB paper's choice) when its read and
# write both fit the period (2 x access + setup <= period); otherwise it
# keeps the two-port cell.  Fewer than min_rows rows: a latch register file.
# More than max_cols columns: side-by-side banks.
# Model file: constraints/sram_osu018.model unless --model or $SRAM_MODEL;
# a line "base FILE" reads FILE first (relative to the model's directory),
# the model's own lines override it.
set -euo pipefail
model=${SRAM_MODEL:-$(dirname "$0")/../constraints/sram_osu018.model}
period=""; lib=0
while [ $# -gt 0 ]; do
  case "$1" in
    --model) model=${2:?}; shift 2 ;;
    --period) period=${2:?}; shift 2 ;;
    --liberty) lib=1; cell=${2:?}; shift 2 ;;
    *) break ;;
  esac
done
[ -f "$model" ] || { echo "error: SRAM model '$model' not found" >&2; exit 2; }
[ -z "$period" ] || [[ $period =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "error: sram_model.sh: --period '$period': expected a clock period in ns" >&2; exit 2; }
isnum() { [[ $1 =~ ^[0-9]+$ ]] && [ "$1" -ge 1 ]; }
rows=${1:-}; bits=${2:-}
if [ $lib = 1 ]; then slices=${3:-}; ports=${4:-}; kind=${5:-}; else ports=${3:-}; slices=1; kind=comb; fi
for v in "$rows" "$bits" "$ports" "$slices"; do isnum "$v" || { echo "error: sram_model.sh: '$v' is not a positive integer (ROWS BITS ...)" >&2; exit 2; }; done
[ "$ports" -le 2 ] || { echo "error: sram_model.sh: PORTS=$ports: the model knows 1 and 2 ports" >&2; exit 2; }
[ "$kind" = comb ] || [ "$kind" = sync ] || { echo "error: sram_model.sh: read kind '$kind': expected comb or sync" >&2; exit 2; }
# the model with its base files first (later lines override earlier ones)
expand() { # file depth
  [ "$2" -lt 4 ] || { echo "error: $1: 'base' nested too deep" >&2; exit 2; }
  local b; b=$(awk '{sub(/#.*/, "")} $1 == "base" {print $2; exit}' "$1")
  if [ -n "$b" ]; then
    case $b in /*) ;; *) b=$(dirname "$1")/$b ;; esac
    [ -f "$b" ] || { echo "error: $1: base model '$b' not found" >&2; exit 2; }
    expand "$b" $(($2 + 1))
  fi
  cat "$1"
}
mtext=$(expand "$model" 0)
awk -v rows="$rows" -v bits="$bits" -v ports="$ports" -v slices="$slices" -v lib="$lib" -v cell="${cell:-}" -v kind="$kind" -v period="$period" '
function log4(x) { return log(x) / log(4) }
function ceil(x) { return (x == int(x)) ? x : int(x) + 1 }
function clog2(x,  n) { n = 0; while ((2 ^ n) < x) n++; return n }
# one SRAM bank of r rows x b bits with p ports: sets A (um2), T (ns), R, C, M, BW, BH (um)
function bank(r, b, p,   cw, ch, m, rr, cc, ar, best, ab, w, h) {
  cw = p == 1 ? k["cell1_w_lambda"] : k["cell2_w_lambda"]
  ch = p == 1 ? k["cell1_h_lambda"] : k["cell2_h_lambda"]
  best = -1
  for (m = 1; m <= k["max_colmux"]; m *= 2) {
    if (m > 1 && m > r) break
    rr = ceil(r / m); cc = b * m
    if (m > 1 && cc > k["max_cols"]) break
    ar = (rr * ch) / (cc * cw); if (ar < 1) ar = 1 / ar
    if (best < 0 || ar < best) { best = ar; M = m; R = rr; C = cc }
  }
  ab = clog2(R); if (ab < 1) ab = 1
  w = C * cw + k["row_" p "p_lambda"] + p * ab * k["row_per_abit_lambda"]
  h = R * ch + k["col_" p "p_lambda"]
  A = (w * h + k["ctrl_lambda2"]) * L * L
  BW = w * L; BH = h * L
  T = k["fo4_ns"] * (k["t_fixed_fo4"] + log4(R < 2 ? 2 : R) + log4(C) + R / k["bl_rows_per_fo4"]) + k["wire_ns_per_mm2"] * ((BW / 1000) ^ 2 + (BH / 1000) ^ 2)
}
{ sub(/#.*/, ""); if (NF >= 2) k[$1] = $2 }
END {
  split("name lambda_um cell1_w_lambda cell1_h_lambda cell2_w_lambda cell2_h_lambda row_1p_lambda row_2p_lambda row_per_abit_lambda col_1p_lambda col_2p_lambda ctrl_lambda2 max_colmux max_cols min_rows rf_bit_um2 rf_mux_um2 rf_row_um2 rf_mux_fo4 rf_fixed_fo4 fo4_ns t_fixed_fo4 bl_rows_per_fo4 wire_ns_per_mm2 setup_fo4 hold_fo4", need, " ")
  for (i in need) if (!(need[i] in k)) { printf "error: SRAM model: key %s missing\n", need[i] > "/dev/stderr"; exit 2 }
  L = k["lambda_um"]
  su = k["setup_fo4"] * k["fo4_ns"]; ho = k["hold_fo4"] * k["fo4_ns"]
  P = ports; NB = 1
  if (rows < k["min_rows"]) {
    # latch register file: latches, a read mux tree per bit, a write enable per row
    kd = "regfile"; R = rows; C = bits; M = 1
    area = rows * bits * k["rf_bit_um2"] + (rows - 1) * bits * k["rf_mux_um2"] + rows * k["rf_row_um2"]
    t = k["fo4_ns"] * (k["rf_fixed_fo4"] + clog2(rows) * k["rf_mux_fo4"])
  } else {
    kd = "sram"
    NB = ceil(bits / k["max_cols"]); bb = ceil(bits / NB)
    if (ports == 2 && period != "") {
      # the port rule: single-port split-cycle if a read and a write fit the period
      bank(rows, bb, 1)
      if (2 * T + su <= period + 0) P = 1
    }
    bank(rows, bb, P)
    area = NB * A; t = T
  }
  if (!lib) { printf "area_um2=%.1f access_ns=%.3f rows_phys=%d cols_phys=%d colmux=%d banks=%d ports=%d kind=%s model=%s\n", area, t, R, C, M, NB, P, kd, k["name"]; exit 0 }
  aw = clog2(rows); if (aw < 1) aw = 1
  printf "/* GENERATED by scripts/sram_model.sh (model %s): %d x %d bits, %s, %d bank(s), %d port(s) (the RTL has %d), %s read; area %.1f um2, access %.3f ns */\n", k["name"], rows, bits, kd, NB, P, ports, kind, area, t
  printf "library (%s_lib) {\n  delay_model : table_lookup;\n  time_unit : \"1ns\";\n  voltage_unit : \"1V\";\n  current_unit : \"1uA\";\n  capacitive_load_unit (1,pf);\n  pulling_resistance_unit : \"1kohm\";\n", cell
  printf "  nom_process : 1; nom_voltage : 1.8; nom_temperature : 25;\n  input_threshold_pct_rise : 50; input_threshold_pct_fall : 50; output_threshold_pct_rise : 50; output_threshold_pct_fall : 50;\n  slew_lower_threshold_pct_rise : 20; slew_lower_threshold_pct_fall : 20; slew_upper_threshold_pct_rise : 80; slew_upper_threshold_pct_fall : 80;\n"
  printf "  type (abus) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n", aw, aw - 1
  printf "  type (dbus) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n", bits, bits - 1
  printf "  type (mbus) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n", slices, slices - 1
  printf "  cell (%s) {\n    area : %.1f;\n    dont_use : true;\n    dont_touch : true;\n", cell, area
  printf "    pin (clk_i) { direction : input; clock : true; capacitance : 0.02; }\n"
  cons("raddr_i", "abus", kind == "sync")
  if (kind == "sync") { printf "    pin (re_i) { direction : input; capacitance : 0.01;\n"; chk(); printf "    }\n" }
  cons("waddr_i", "abus", 1); cons("wdata_i", "dbus", 1); cons("wmask_i", "mbus", 1)
  printf "    pin (we_i) { direction : input; capacitance : 0.01;\n"; chk(); printf "    }\n"
  printf "    bus (rdata_o) { bus_type : dbus; direction : output;\n"
  arc("clk_i", "rising_edge", "non_unate")
  if (kind == "comb") arc("raddr_i", "combinational", "non_unate")
  printf "    }\n  }\n}\n"
}
function cons(n, ty, clocked) {
  printf "    bus (%s) { bus_type : %s; direction : input; capacitance : 0.01;\n", n, ty
  if (clocked) chk()
  printf "    }\n"
}
function chk() {
  printf "      timing () { related_pin : \"clk_i\"; timing_type : setup_rising; rise_constraint (scalar) { values (\"%.3f\"); } fall_constraint (scalar) { values (\"%.3f\"); } }\n", su, su
  printf "      timing () { related_pin : \"clk_i\"; timing_type : hold_rising; rise_constraint (scalar) { values (\"%.3f\"); } fall_constraint (scalar) { values (\"%.3f\"); } }\n", ho, ho
}
function arc(rp, ty, sense) {
  printf "      timing () { related_pin : \"%s\"; timing_type : %s; timing_sense : %s;\n", rp, ty, sense
  printf "        cell_rise (scalar) { values (\"%.3f\"); } cell_fall (scalar) { values (\"%.3f\"); }\n", t, t
  printf "        rise_transition (scalar) { values (\"0.2\"); } fall_transition (scalar) { values (\"0.2\"); } }\n"
}
' <<<"$mtext"
