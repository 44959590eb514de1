#!/usr/bin/env bash
# divmod_c_test.sh -- rtl/prim/divmod_c.sv (the quotient and remainder by a
# constant: a residue tree and an exact division, shell_l2's set index and
# shell_xbar's bank map) against the simulator's own `/` and `%`:
# tb/sv/divmod_c_tb.sv under `verilator --binary -Wall` (every x at 12 bits
# and every divisor 1..128; 100,000 x and the edges at 25 and 32 bits).
# Prints "PASS divmod_c: ..." or "FAIL divmod_c: ..."; exit 1 on a failure.
set -u
cd "$(dirname "$0")/.."
d=build/sv/divmod_c
rm -rf "$d"; mkdir -p "$d"
if ! verilator --binary -Wall --top-module divmod_c_tb tb/sv/divmod_c_tb.sv rtl/prim/divmod_c.sv \
    --Mdir "$d" -j "$(nproc)" >"$d/build.log" 2>&1; then
  echo "FAIL divmod_c: the testbench did not build ($d/build.log):"; grep -m5 '%' "$d/build.log"; exit 1
fi
if out=$("$d/Vdivmod_c_tb" 2>&1) && grep -q ' 0 mismatches' <<<"$out"; then
  echo "PASS divmod_c: $(grep -o '[0-9]* checks, 0 mismatches' <<<"$out") against / and % (widths 12, 25, 32)"
else
  echo "FAIL divmod_c: $(grep -m3 'mismatch\|Error' <<<"$out" | tr '\n' ' ')"; exit 1
fi
