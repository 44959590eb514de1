#!/usr/bin/env bash
# mod_c_test.sh -- rtl/prim/mod_c.sv (the remainder by a constant as a tree
# of residues: shell_xbar's bank map) against the simulator's own `%`:
# tb/sv/mod_c_tb.sv under `verilator --binary -Wall` (every x at 12 bits
# and every divisor 1..128; 100,000 x and the edges at 25 and 32 bits).
# Prints "PASS mod_c: ..." or "FAIL mod_c: ..."; exit 1 on a failure.
set -u
cd "$(dirname "$0")/.."
d=build/sv/mod_c
rm -rf "$d"; mkdir -p "$d"
if ! verilator --binary -Wall --top-module mod_c_tb tb/sv/mod_c_tb.sv rtl/prim/mod_c.sv \
    --Mdir "$d" -j "$(nproc)" >"$d/build.log" 2>&1; then
  echo "FAIL mod_c: the testbench did not build ($d/build.log):"; grep -m5 '%' "$d/build.log"; exit 1
fi
if out=$("$d/Vmod_c_tb" 2>&1) && grep -q ' 0 mismatches' <<<"$out"; then
  echo "PASS mod_c: $(grep -o '[0-9]* checks, 0 mismatches' <<<"$out") against % (widths 12, 25, 32)"
else
  echo "FAIL mod_c: $(grep -m3 'mismatch\|Error' <<<"$out" | tr '\n' ' ')"; exit 1
fi
