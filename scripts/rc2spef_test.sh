#!/usr/bin/env bash
# rc2spef_test.sh -- scripts/rc2spef.py's part of `make test` (docs/synthesis.md,
# "Place and route"; a second, no place and route).  One PASS/FAIL line each:
#  1. a two-inverter netlist with routed-net RC trees in qrouter's format:
#     every segment is a SPEF resistor and node capacitance, each D_NET's
#     total is the sum of its segments' C (0.5 pF for the middle net), ports
#     are *P and instance pins *I with their directions;
#  2. OpenSTA reads the SPEF: the first inverter's load grows by the middle
#     net's wire (0.5 pF) and the path a -> y slows;
#  3. qflow's renamed nets ("$" and an internal bus bit's brackets written as
#     "_" in its Verilog netlist) are found under the netlist's names;
#  4. bad input: an unbalanced tree or a segment without R and C exits 2 with
#     one "error:" line naming the file and line; a net the netlist does not
#     have exits 1.
set -u
{
cd "$(dirname "$0")/.."
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pf() { if [ "$1" = 1 ]; then echo "PASS rc2spef: $2"; else echo "FAIL rc2spef: $2"; fi; }
cat >"$T/t.v" <<'EOF'
module t (a, y);
input a;
output y;
INVX1 u1 ( .A(a), .Y(n1) );
INVX1 u2 ( .A(n1), .Y(bus_2_) );
BUFX2 u3 ( .A(bus_2_), .Y(y) );
endmodule
EOF
printf '%s\n' 'a 1 PIN/a 1 ( 1 0.001 u1/A )' 'n1 1 u1/Y 1 ( 100 0.2 ( 200 0.3 u2/A ) )' \
  'bus[2] 1 u2/Y 1 ( 5 0.002 u3/A )' 'y 1 u3/Y 1 ( 1 0.001 PIN/y )' >"$T/t.rc"
# 1, 3
out=$(python3 scripts/rc2spef.py "$T/t.rc" "$T/t.v" "$T/t.spef" 2>&1); rc=$?
ok=0
if [ $rc = 0 ] && grep -q '^\*D_NET n1 0.5$' "$T/t.spef" && grep -q '^1 u1:Y n1:1 100$' "$T/t.spef" &&
   grep -q '^2 n1:1 u2:A 200$' "$T/t.spef" && grep -q '^\*P a I$' "$T/t.spef" && grep -q '^\*P y O$' "$T/t.spef" &&
   grep -q '^\*I u1:Y O$' "$T/t.spef" && grep -q '^\*I u2:A I$' "$T/t.spef"; then ok=1; fi
pf $ok "segments as resistors and node caps, D_NET totals, port and pin directions ($out)"
ok=0; grep -q '^\*D_NET bus_2_ 0.002$' "$T/t.spef" && ok=1
pf $ok "qrouter's 'bus[2]' is the netlist's bus_2_"
# 2
if command -v sta >/dev/null; then
  cat >"$T/t.tcl" <<EOF
read_liberty $LIB
read_verilog $T/t.v
link_design t
create_clock -name clk -period 10
set_input_delay 0 -clock clk [get_ports a]
set_output_delay 0 -clock clk [get_ports y]
report_checks -digits 4 -fields {capacitance}
read_spef $T/t.spef
report_checks -digits 4 -fields {capacitance}
EOF
  s=$(sta -no_splash -exit "$T/t.tcl" 2>&1)
  read -r c0 c1 < <(awk '/u1\/Y/ {printf "%s ", $1}' <<<"$s")
  read -r a0 a1 < <(awk '/data arrival time/ && $1 !~ /^-/ {printf "%s ", $1}' <<<"$s")
  ok=0
  [ -n "${c1:-}" ] && [ -n "${a1:-}" ] && awk -v c0="$c0" -v c1="$c1" -v a0="$a0" -v a1="$a1" \
    'BEGIN { exit !(c1 - c0 > 0.499 && c1 - c0 < 0.501 && a1 > a0) }' && ok=1
  pf $ok "OpenSTA loads u1 with its wire: ${c0:-?} -> ${c1:-?} pF, arrival ${a0:-?} -> ${a1:-?} ns"
else
  echo "FAIL rc2spef: OpenSTA (sta) is not installed (scripts/install_deps.sh installs it)"
fi
# 4
bad() { # what, file content, expected exit
  printf '%s\n' "$2" >"$T/b.rc"
  e=$(python3 scripts/rc2spef.py "$T/b.rc" "$T/t.v" "$T/b.spef" 2>&1 >/dev/null); r=$?
  ok=0; [ $r = "$3" ] && [ "$(grep -c '^error:' <<<"$e")" = 1 ] && grep -q "b.rc" <<<"$e" && ok=1
  pf $ok "$1: exit $r, '$e'"
}
bad "unbalanced tree" 'n1 1 u1/Y 1 ( 100 0.2 ( 200 0.3 u2/A )' 2
bad "segment without R and C" 'n1 1 u1/Y 1 ( 100 u2/A )' 2
bad "net the netlist does not have" 'nope 1 u1/Y 1 ( 100 0.2 u2/A )' 1
}
