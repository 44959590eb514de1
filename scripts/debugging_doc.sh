#!/usr/bin/env bash
# debugging_doc.sh -- make debugging-doc: docs/debugging.md from its template
# (scripts/debugging_doc.md.in) and a live run of the command it walks
# through (an L1D divergence from the fault FAULT_L1D_LRU_SKIP): the
# transcript, the figures the prose names (cycle, element, values, marker
# time, file names) and the screenshot docs/img/debugging-l1d-compare.png
# (scripts/gtkw_shot.sh).  So the page cannot go stale: re-run it after a
# change, and make test compares the page's divergence report with the one
# its fault run prints today:
#   debugging_doc.sh --check OUT   OUT: the output of that fault run (make
#                                  test's job); one PASS/FAIL line
set -u
cd "$(dirname "$0")/.."
DOC=docs/debugging.md
TPL=scripts/debugging_doc.md.in
PNG=docs/img/debugging-l1d-compare.png
# the divergence report: from its DIVERGENCE line to its reproduce line
report() { sed -n '/^DIVERGENCE /,/^  reproduce: /p' "$1" | sed 's/ *$//'; }

if [ "${1:-}" = --check ]; then
  out=${2:?usage: debugging_doc.sh --check OUT}
  a=$(report "$out")
  b=$(sed -n '/^## 1. Read the message/,/^Line by line/p' $DOC | sed -n '/^DIVERGENCE /,/^  reproduce: /p' | sed 's/ *$//')
  if [ -n "$a" ] && [ "$a" = "$b" ]; then
    echo "PASS docs/debugging.md: its divergence report is today's ($(head -1 <<<"$a" | grep -o 'cycle [0-9]*'))"
  else
    echo "FAIL docs/debugging.md: its divergence report differs from today's run (make debugging-doc regenerates it):"
    diff <(echo "$b") <(echo "$a") | head -8
    exit 1
  fi
  exit 0
fi

echo "debugging-doc: FAULT_RTL=FAULT_L1D_LRU_SKIP make lockstep BLOCK=l1d CONFIG=tb/configs/l1d/base_fermi.cfg CYCLES=20000"
rm -f build/waves/l1d_base_fermi_seed1_cycle*
tmp=$(mktemp)
FAULT_RTL=FAULT_L1D_LRU_SKIP make -s lockstep BLOCK=l1d CONFIG=tb/configs/l1d/base_fermi.cfg CYCLES=20000 >"$tmp" 2>/dev/null
rc=$?
if [ $rc -ne 1 ] || ! grep -q '^DIVERGENCE' "$tmp"; then
  echo "error: the fault run did not diverge (exit $rc); docs/debugging.md left as it is" >&2
  rm -f "$tmp"
  exit 2
fi
tr=$(grep -v '^lockstep.sh:' "$tmp" | sed 's/ *$//')
rm -f "$tmp"
cyc=$(sed -n 's/^DIVERGENCE .* cycle \([0-9]*\) (.*/\1/p' <<<"$tr")
sig=$(sed -n 's/^  signal TOP\.ls_top\.dut\.//p' <<<"$tr")
elem=$(sed -n 's/^  element \([^ ]*\) = .*/\1/p' <<<"$tr")
setway=$(sed -n 's/^  element [^ ]* = //p' <<<"$tr")
cv=$(sed -n 's/^  C   //p' <<<"$tr" | head -1)
rv=$(sed -n 's/^  RTL //p' <<<"$tr" | head -1)
ns=$(sed -n 's/.*the divergence is at \([0-9]*\) ns.*/\1/p' <<<"$tr")
gtkw=$(sed -n 's/.*C vs RTL.*gtkwave \(.*\.gtkw\)$/\1/p' <<<"$tr")
gtkwr=$(sed -n 's/.*RTL with every internal.*gtkwave \(.*\.gtkw\)$/\1/p' <<<"$tr")
repro=$(sed -n 's/^  reproduce: FAULT_RTL=[A-Z_0-9]* //p' <<<"$tr")
for v in cyc sig elem setway cv rv ns gtkw gtkwr repro; do
  [ -n "${!v}" ] || { echo "error: $v not found in the fault run's report; docs/debugging.md left as it is" >&2; exit 2; }
done
cv=$((cv)); rv=$((rv)) # 0x1 -> 1
export TR="$tr
" CYC=$cyc SIG=$sig ELEM=$elem SETWAY=$setway CV=$cv RV=$rv NS=$ns GTKW=$gtkw GTKWR=$gtkwr REPRO=$repro
python3 - "$TPL" "$DOC" <<'EOF'
import os, sys
t = open(sys.argv[1]).read()
e = os.environ
for k, v in (("@TRANSCRIPT@", e["TR"]), ("@CYCLE@", e["CYC"]), ("@SIG@", e["SIG"]), ("@ELEMSIG@", e["ELEM"]),
             ("@ELEM@", e["ELEM"]), ("@SETWAY@", e["SETWAY"]), ("@C@", e["CV"]), ("@RTL@", e["RV"]), ("@NS@", e["NS"]),
             ("@GTKWRTL@", e["GTKWR"]), ("@GTKW@", e["GTKW"]), ("@REPRO_FIXED@", e["REPRO"])):
    t = t.replace(k, v)
assert "@" not in t.replace("@{", ""), [l for l in t.splitlines() if "@" in l][:3]
open(sys.argv[2], "w").write(t)
EOF
[ $? -eq 0 ] || { echo "error: cannot write $DOC" >&2; exit 2; }
bash scripts/gtkw_shot.sh "$gtkw" $PNG >/dev/null || { echo "error: the screenshot failed" >&2; exit 2; }
echo "debugging-doc: wrote $DOC (divergence at cycle $cyc, $sig) and $PNG"

# the whole-GPU comparison window (docs/shell.md): make run's system lockstep
# of atax, its first 2000 cycles; the first screen is SM 0's L1D request port
echo "debugging-doc: the whole shell in lockstep, atax (n=1024,iters=4,bs=32), cycles 0..1999, for docs/img/shell-compare.png"
rm -rf build/waves/shell-doc
SHELL_WORKLOAD=atax SHELL_WORKLOAD_ARGS=n=1024,iters=4,bs=32 SHELL_WORKLOAD_ONCE=1 LS_QUIET=1 \
  bash scripts/lockstep.sh shell --config tb/configs/shell/sim/default.cfg --seed 1 --cycles 2000 --window 0:1999 \
  --wave-dir build/waves/shell-doc --progress off >/dev/null 2>&1 || { echo "error: the shell lockstep failed" >&2; exit 1; }
g=$(ls build/waves/shell-doc/*.gtkw | grep -v '_rtl.gtkw$' | head -1)
bash scripts/gtkw_shot.sh "$g" docs/img/shell-compare.png >/dev/null || { echo "error: the screenshot failed" >&2; exit 2; }
echo "debugging-doc: wrote docs/img/shell-compare.png"
