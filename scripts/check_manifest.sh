#!/usr/bin/env bash
# check_manifest.sh -- the RTL's parameter declarations come from the one
# parameter source (csim/params*.def), and adding a structural parameter is
# one declaration there.  Run by scripts/lint.sh (make lint, make test).
#   1. build/manifest --check on rtl/: every "// manifest: SET params|pass"
#      region is what scripts/manifest.c writes from the SVP lines, and no
#      module outside rtl/prim/ has a literal parameter default.
#   2. teeth: a hand edit inside a region, and a literal default, each fail it.
#   4. the harness's file list comes from the RTL (tb/engine/ls_rtlfiles.c):
#      l1d's is the expected set, its top last; a copy of the RTL whose l1d
#      instantiates one more module lists that module's file too.
#   3. one declaration: a copy of the tree gains a PARAM and an SVP line in
#      params_l1d.def only; `manifest` then declares the new SV parameter in
#      l1d, mrpb_l1d, shell_sm and shell, connects it at every level, and the
#      whole shell still lints with Verilator at a non-default value of it.
# --quick runs 1 only (make lint); --teeth runs 2 and 3 only (make test's
# job pool, beside make lint's 1).  Prints PASS/FAIL lines; exit 1 on a failure.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
CC=${CC:-cc}
make -s "$B/manifest" "$B/gen/l1sys_pkg.sv" >/dev/null || { echo "FAIL manifest: cannot build $B/manifest"; exit 1; }
rc=0
pass() { echo "PASS manifest: $*"; }
fail() { echo "FAIL manifest: $*"; rc=1; }
mode=${1:-all}
mapfile -t files < <(ls rtl/*/*.sv | sort)

[ "$mode" = --teeth ] || if out=$("$B/manifest" --check "${files[@]}" 2>&1); then
  pass "rtl/ agrees with csim/params*.def (${#files[@]} files; regions as written by make manifest, no literal default outside rtl/prim/)"
else
  fail "rtl/ differs from csim/params*.def (make manifest rewrites the regions):"; echo "$out" | head -20
fi
[ "$mode" = --quick ] && exit $rc

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r rtl csim scripts "$tmp"/

# 2a: a hand edit inside a region
cp rtl/shell/shell.sv "$tmp/hand.sv"
sed -i '0,/= l1sys_pkg::L1D_WAYS,/s//= 8,/' "$tmp/hand.sv"
if cmp -s rtl/shell/shell.sv "$tmp/hand.sv"; then fail "the hand-edit probe changed nothing (the L1D region of shell.sv moved?)"
elif "$B/manifest" --check "$tmp/hand.sv" >/dev/null 2>&1; then fail "a hand edit in shell.sv's L1D region passes the check"
else pass "a hand edit inside a region fails the check"; fi
# 2b: a literal default outside a region
cp rtl/shell/shell_disp.sv "$tmp/lit.sv"
sed -i 's/^\(  parameter int unsigned NSm *= *\)l1sys_pkg::SHELL_SMS/\14/' "$tmp/lit.sv"
if cmp -s rtl/shell/shell_disp.sv "$tmp/lit.sv"; then fail "the literal probe changed nothing (shell_disp's NSm default moved?)"
elif "$B/manifest" --check "$tmp/lit.sv" >/dev/null 2>&1; then fail "a literal default (shell_disp NSm = 4) passes the check"
else pass "a literal parameter default fails the check"; fi

# 3: a new structural L1D parameter, declared once
cat >>"$tmp/csim/params_l1d.def" <<'EOF'
PARAM(L1D_DEMO_W, 3, 1, 16, CHK_RANGE, "l1d", "check_manifest.sh's demonstration parameter")
SVP(L1D, L1D_DEMO_W, DemoW)
EOF
if ! $CC -std=c11 -I"$tmp/csim" "$tmp/scripts/manifest.c" -o "$tmp/manifest" 2>"$tmp/err" ||
   ! $CC -std=c11 -I"$tmp/csim" "$tmp/scripts/gen_params.c" -o "$tmp/gen_params" 2>>"$tmp/err"; then
  fail "the tools do not build with one more PARAM/SVP line:"; head -5 "$tmp/err"
else
  "$tmp/gen_params" "$tmp/l1sys_params.h" "$tmp/l1sys_pkg.sv"
  "$tmp/manifest" "$tmp"/rtl/*/*.sv >/dev/null 2>&1
  decl=0 conn=0
  for f in l1d/l1d.sv mrpb/mrpb_l1d.sv shell/shell_sm.sv shell/shell.sv; do
    grep -q "parameter int unsigned DemoW *= l1sys_pkg::L1D_DEMO_W" "$tmp/rtl/$f" && decl=$((decl + 1))
  done
  for f in mrpb/mrpb_l1d.sv shell/shell_sm.sv shell/shell.sv; do
    grep -q "^ *\.DemoW *(DemoW)" "$tmp/rtl/$f" && conn=$((conn + 1))
  done
  if [ "$decl" = 4 ] && [ "$conn" = 3 ] && grep -q "localparam int unsigned L1D_DEMO_W = 3;" "$tmp/l1sys_pkg.sv"; then
    if out=$(verilator --lint-only -Wall -Wno-UNUSEDPARAM -Wno-UNUSED "$tmp/l1sys_pkg.sv" "$tmp"/rtl/*/*.sv rtl/lint_waivers.vlt \
             --top-module shell -GDemoW=5 2>&1); then
      pass "one PARAM + SVP line in params_l1d.def declares DemoW in l1d, mrpb_l1d, shell_sm, shell, connects it at 3 levels, and the shell lints at DemoW=5"
    else
      fail "the shell with the new parameter does not lint:"; echo "$out" | head -10
    fi
  else
    fail "a new SVP(L1D, ...) line reached $decl of 4 declarations and $conn of 3 connections"
  fi
fi

# 4: the file list follows the RTL
make -s "$B/bin/lockstep-c" >/dev/null
"$B/bin/lockstep-c" --block l1d --emit-rtl "$tmp/h1" >/dev/null 2>&1
got=$(tr ' ' '\n' <"$tmp/h1/ls_files.txt" 2>/dev/null | grep . | sort | tr '\n' ' ')
want="l1d/l1d.sv l1d/l1d_index.sv l1d/l1d_victim.sv prim/fifo_sync.sv prim/mem_1r1w.sv prim/mem_1r1w_sync.sv "
last=$(awk '{print $NF}' "$tmp/h1/ls_files.txt" 2>/dev/null)
if [ "$got" = "$want" ] && [ "$last" = l1d/l1d.sv ]; then pass "l1d's harness files, found from its instantiations: $(cat "$tmp/h1/ls_files.txt")"
else fail "l1d's harness files: got [$got] (last $last), expected [$want] with l1d/l1d.sv last"; fi
sed -i 's/^endmodule/  sat_cnt #(.Width(2)) i_probe (.clk_i(clk_i), .rst_ni(rst_ni), .inc_i(1'"'"'b0), .dec_i(1'"'"'b0), .cnt_o());\nendmodule/' "$tmp/rtl/l1d/l1d.sv"
L1SYS_RTL_ROOT="$tmp/rtl" "$B/bin/lockstep-c" --block l1d --emit-rtl "$tmp/h2" >/dev/null 2>&1
if grep -qw "prim/sat_cnt.sv" "$tmp/h2/ls_files.txt" 2>/dev/null && ! grep -qw "prim/sat_cnt.sv" "$tmp/h1/ls_files.txt"; then
  pass "an instance added to l1d.sv brings its file into the harness (prim/sat_cnt.sv)"
else fail "an instance of sat_cnt added to a copy of l1d.sv did not bring prim/sat_cnt.sv into the file list"; fi
exit $rc
