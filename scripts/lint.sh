#!/usr/bin/env bash
# lint.sh -- verilator --lint-only -Wall on every RTL module, each as top.
# Waivers, if ever needed, go in rtl/lint_waivers.vlt, one reason each.
# Prints "PASS lint <module>" / "FAIL lint <module>" in module order (the
# runs go $(nproc) at a time).  Then every RTL file's header names its C twin
# (scripts/check_twins.sh: "PASS twin <file>"), and every engine file is at
# most 400 lines (scripts/check_sizes.sh: "PASS size tb/engine: ..."), and the
# parameter declarations agree with csim/params*.def (scripts/check_manifest.sh:
# "PASS manifest: ..."), and every docs link and docs/<name>.md mention
# resolves (scripts/check_doc_links.py: "PASS doc links: ..."), and no C fault guard
# hides in a header-inline function the harness calls (scripts/check_fault_guards.py:
# "PASS fault guards: ...").
set -u
cd "$(dirname "$0")/.."
files=(build/gen/l1sys_pkg.sv $(find rtl -name '*.sv' | sort))
waiver=(); [ -f rtl/lint_waivers.vlt ] && waiver=(rtl/lint_waivers.vlt)
# one run per line: a top module and its parameter overrides.  Every module
# at its defaults; then the sectored memory side (issue 23): the whole shell
# at a sectored L1D's widths (the modules' defaults are a line L1D's), with
# the MRPB, the CCN ring and one-flit packets, so every shell module is
# linted at them; and the MRPB+L1D composite with a sectored L1D (its
# memory and fill ports carry atom addresses); the crossbar at speedup 1
# (no boundary buffers; the default is 2) and the two-write FIFO at an odd
# depth (one body row unused).
runs=$(for f in $(find rtl -name '*.sv' | sort); do basename "$f" .sv; done
       echo "shell -GSectors=4 -GCcn=1 -GUseMrpb=1 -GFlits=1"
       echo "mrpb_l1d -GSectors=4"
       echo "shell_xbar -GSpeedup=1 -GFlits=1"
       echo "fifo_sync_w2 -GDepth=5 -GWidth=1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lint_one() { # index, then "top [-Gparam=value ...]"
  local i=$1; shift
  if out=$(verilator --lint-only -Wall --assert "${waiver[@]}" "${files[@]}" --top-module "$@" 2>&1); then
    echo "PASS lint $*" >"$tmp/$i"
  else
    { echo "FAIL lint $*"; echo "$out" | head -20; } >"$tmp/$i"
  fi
}
export -f lint_one
export tmp
export files_s="${files[*]}" waiver_s="${waiver[*]}"
n=$(wc -l <<<"$runs")
awk '{print NR, $0}' <<<"$runs" |
  xargs -P "$(nproc)" -L 1 bash -c 'files=($files_s); waiver=($waiver_s); lint_one "$@"' _
rc=0
for i in $(seq 1 "$n"); do
  cat "$tmp/$i" 2>/dev/null || { echo "FAIL lint (run $i did not finish)"; rc=1; }
  grep -q '^FAIL' "$tmp/$i" 2>/dev/null && rc=1
done
bash scripts/check_twins.sh || rc=1
bash scripts/check_sizes.sh || rc=1
bash scripts/check_manifest.sh --quick || rc=1
python3 scripts/check_doc_links.py || rc=1
# a C fault's guard in a header-inline function is not compiled into the harness's own C
# (scripts/check_fault_guards.py: FAULT_C builds recompile csim/ alone)
if out=$(python3 scripts/check_fault_guards.py); then echo "PASS fault guards: ${out#ok: }"
else sed 's/^error: /FAIL fault guards: /' <<<"$out"; rc=1; fi
exit $rc
