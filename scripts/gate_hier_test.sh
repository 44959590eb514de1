#!/usr/bin/env bash
# gate_hier_test.sh -- scripts/gate_hier.py's undriven-bit analysis, part of
# `make test` (GATE=1 lockstep: docs/synthesis.md, "Gate-level lockstep").
# A netlist in Yosys' written form where synthesis removed some flip-flops of
# kept registers; one PASS/FAIL line each:
#  1. a register's low bits assigned from a wire nothing drives (the L1D's
#     d_addr_q line offset) are listed, bits a flip-flop, an input port, a
#     0/1 constant or an assign chain from a driven bit drives are not, and
#     an x constant counts as undriven;
#  2. an unpacked array split into element wires ("\arr_q[1] ") is listed
#     per element;
#  3. a fully driven netlist lists nothing (the file is empty);
#  4. the engine (LS_GATE_BITS) leaves a listed bit out of the comparison
#     and says so; a malformed line or a bit beyond the register's width is
#     one error naming the file and line, exit 2.
set -u
{
cd "$(dirname "$0")/.."
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pf() { if [ "$1" = 1 ]; then echo "PASS gate_hier: $2"; else echo "FAIL gate_hier: $2"; fi; }
cat >"$T/n.v" <<'EOF'
module blk(clk_i, a_i, y_o);
  input clk_i;
  wire clk_i;
  input [3:0] a_i;
  wire [3:0] a_i;
  output y_o;
  wire y_o;
  wire [7:0] addr_q;
  wire [7:0] \i_sub.x_i ;
  wire [1:0] \arr_q[0] ;
  wire [1:0] \arr_q[1] ;
  wire _1_;
  wire [2:0] mid;
  DFFPOSX1 _10_ (
    .CLK(clk_i),
    .D(a_i[0]),
    .Q(addr_q[4])
  );
  INVX1 _11_ (
    .A(a_i[2]),
    .Y(_1_)
  );
  DFFPOSX1 _12_ (
    .CLK(clk_i),
    .D(_1_),
    .Q(\arr_q[0] [1])
  );
  assign addr_q[3:0] = \i_sub.x_i [3:0];
  assign \i_sub.x_i [7:4] = addr_q[7:4];
  assign addr_q[7:5] = { 1'h0, mid[1], 1'hx };
  assign mid = { _1_, a_i[3], \i_sub.x_i [0] };
  assign \arr_q[0] [0] = _1_;
  assign \arr_q[1]  = { mid[0], a_i[1] };
  assign y_o = addr_q[4];
endmodule
EOF
printf '%s\n' 'TOP.ls_top.dut.addr_q 8 1' 'TOP.ls_top.dut.arr_q 2 2' >"$T/map.txt"
out=$(python3 scripts/gate_hier.py "$T/n.v" "addr_q arr_q" "$T/o.v" --map="$T/map.txt" --stdlib=$LIB 2>&1); rc=$?
ok=0
[ $rc = 0 ] && [ "$(cat "$T/o.v.absentbits" 2>/dev/null)" = "$(printf '%s\n' 'TOP.ls_top.dut.addr_q 0 0-3,5' 'TOP.ls_top.dut.arr_q 1 1')" ] && ok=1
pf $ok "bits of kept registers driven from nothing are listed (addr_q 0-3 and 5, arr_q[1] bit 1), driven ones are not: $(tr '\n' ';' <"$T/o.v.absentbits" 2>/dev/null) $out"
ok=0; [ $rc = 0 ] && [ ! -s "$T/o.v.absent" ] && ok=1
pf $ok "no register of the map is reported removed whole"
# 3. the same with every bit driven
sed -e 's/assign addr_q\[3:0\] = \\i_sub.x_i \[3:0\];/assign addr_q[3:0] = a_i;/' -e "s/1'hx/1'h1/" \
    -e 's/{ mid\[0\], a_i\[1\] }/{ a_i[2], a_i[1] }/' "$T/n.v" >"$T/d.v"
out=$(python3 scripts/gate_hier.py "$T/d.v" "addr_q arr_q" "$T/d_o.v" --map="$T/map.txt" --stdlib=$LIB 2>&1); rc=$?
ok=0; [ $rc = 0 ] && [ -f "$T/d_o.v.absentbits" ] && [ ! -s "$T/d_o.v.absentbits" ] && ok=1
pf $ok "a netlist that drives every bit lists none ($out)"
# 4. the engine's reader (an RTL run of sat_cnt: the list is read where the
# RTL's registers are bound): a listed bit leaves the comparison, named; a
# malformed line is one error naming the file and line, exit 2
printf '%s\n' 'TOP.ls_top.dut.value_q 0 1-2' >"$T/ok.txt"
out=$(LS_GATE_BITS="$T/ok.txt" LS_QUIET=1 bash scripts/lockstep.sh sat_cnt --config tb/configs/sat_cnt/w4.cfg --seed 1 --cycles 200 --no-rerun 2>&1); rc=$?
ok=0; [ $rc = 0 ] && grep -q "gate-level: 2 bit(s) of TOP.ls_top.dut.value_q are not driven" <<<"$out" && grep -q '^PASS' <<<"$out" && ok=1
pf $ok "the engine masks a listed register's bits and says so (exit $rc: $(grep -m1 -E 'gate-level|error' <<<"$out"))"
printf '%s\n' 'TOP.ls_top.dut.value_q zero 1-2' >"$T/bad.txt"
out=$(LS_GATE_BITS="$T/bad.txt" LS_QUIET=1 bash scripts/lockstep.sh sat_cnt --config tb/configs/sat_cnt/w4.cfg --seed 1 --cycles 200 --no-rerun 2>&1); rc=$?
ok=0; [ $rc = 2 ] && [ "$(grep -c '^error: ' <<<"$out")" = 1 ] && grep -q "bad.txt:1: expected 'RTLPATH ELEMENT" <<<"$out" && ok=1
pf $ok "the engine rejects a malformed LS_GATE_BITS line (exit $rc: $(grep -m1 error <<<"$out"))"
printf '%s\n' 'TOP.ls_top.dut.value_q 0 2-9' >"$T/wide.txt"
out=$(LS_GATE_BITS="$T/wide.txt" LS_QUIET=1 bash scripts/lockstep.sh sat_cnt --config tb/configs/sat_cnt/w4.cfg --seed 1 --cycles 200 --no-rerun 2>&1); rc=$?
ok=0; [ $rc = 2 ] && grep -q "wide.txt:1: bits '2-9' of TOP.ls_top.dut.value_q, which has 4 bits" <<<"$out" && ok=1
pf $ok "the engine rejects bits beyond the register's width (exit $rc: $(grep -m1 error <<<"$out"))"
}
