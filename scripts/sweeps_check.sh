#!/usr/bin/env bash
# sweeps_check.sh -- make test's check of make sweeps' machinery (a few seconds):
# one reduced sweep (l1_mrpb: 2 L1 sizes x BASE/MRPB, one tiny kernel) through
# scripts/sweeps.sh into a temporary directory; the report must exist with its
# PNG, the run of the 48 KB MRPB point must be byte-identical to a direct
# shell-sim run with the same settings, and the table's speedup must be the
# direct runs' IPC ratio.  Prints one PASS/FAIL line.
set -u
cd "$(dirname "$0")/.."
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
name="sweeps check (l1_mrpb reduced: report, PNG, runs = direct shell-sim runs)"
fail() { echo "FAIL: $name: $*"; exit 1; }
export SWEEPS_KERNELS="bfs:n=256" SWEEPS_ONLY="l1_mrpb"
SWEEPS_DIR=$t/r OUT_MD=$t/sweeps.md IMG_DIR=$t/img JOBS=1 bash scripts/sweeps.sh sweeps > "$t/log" 2>&1 \
  || fail "scripts/sweeps.sh exited non-zero: $(tail -3 "$t/log")"
[ -s "$t/sweeps.md" ] || fail "no report"
[ -s "$t/img/sweep_l1_mrpb.png" ] || fail "no PNG"
c=tb/configs/shell/sim/papers/mrpb.cfg
for v in 0 1; do
  build/bin/shell-sim --quiet --seed 1 --workload bfs --args n=256 --config $c --set L1D_SETS=64 --set L1D_WAYS=6 \
    --set SHELL_MRPB=$v --json "$t/direct$v.json" > /dev/null 2>&1 || fail "direct shell-sim run failed"
done
cmp -s "$t/direct1.json" "$t/r/mrpb_bfs_L1D_SETS-64_L1D_WAYS-6.json" || fail "the sweep's 48 KB MRPB run differs from the direct run"
want=$(python3 -c 'import json,sys; a,b=(json.load(open(f))["total"]["ipc"] for f in sys.argv[1:]); print("%.3f" % (b/a))' \
  "$t/direct0.json" "$t/direct1.json")
row=$(grep '^| 48KB 6-way |' "$t/sweeps.md" | tail -1)
got=$(echo "$row" | cut -d'|' -f3 | tr -d ' ')
[ "$got" = "$want" ] || fail "table says $got for 48KB 6-way, the direct runs give $want ($row)"
echo "PASS: $name: 48KB MRPB/BASE $got"
