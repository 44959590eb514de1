#!/usr/bin/env bash
# lint.sh -- verilator --lint-only -Wall on every RTL module, each as top.
# Waivers, if ever needed, go in rtl/lint_waivers.vlt, one reason each.
# Prints "PASS lint <module>" / "FAIL lint <module>".  Then every RTL
# file's header names its C twin (scripts/check_twins.sh: "PASS twin <file>").
set -u
cd "$(dirname "$0")/.."
files=(build/gen/l1sys_pkg.sv $(find rtl -name '*.sv' | sort))
waiver=(); [ -f rtl/lint_waivers.vlt ] && waiver=(rtl/lint_waivers.vlt)
rc=0
for f in $(find rtl -name '*.sv' | sort); do
  m=$(basename "$f" .sv)
  if out=$(verilator --lint-only -Wall "${waiver[@]}" "${files[@]}" --top-module "$m" 2>&1); then
    echo "PASS lint $m"
  else
    echo "FAIL lint $m"; echo "$out" | head -20; rc=1
  fi
done
# the sectored memory side (issue 23): the whole shell at a sectored L1D's
# widths (the modules' defaults are a line L1D's), with the MRPB, the CCN
# ring and one-flit packets, so every shell module is linted at them
for v in "shell -GSectors=4 -GCcn=1 -GUseMrpb=1 -GFlits=1"; do
  set -- $v; m=$1; shift
  if out=$(verilator --lint-only -Wall "${waiver[@]}" "${files[@]}" --top-module "$m" "$@" 2>&1); then
    echo "PASS lint $m $*"
  else
    echo "FAIL lint $m $*"; echo "$out" | head -20; rc=1
  fi
done
bash scripts/check_twins.sh || rc=1
exit $rc
