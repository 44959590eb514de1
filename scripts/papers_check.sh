#!/usr/bin/env bash
# papers_check.sh -- the quick self-check of make papers' inputs (make test;
# make papers itself is not part of make test).  One PASS/FAIL line each:
#  - tb/papers/claims.tsv parses (scripts/papers.py check: columns, papers,
#    variants, stats, values, one benchmark for a per-benchmark claim), and
#    every benchmark a claim names is one that scripts/papers.sh runs for it;
#  - tb/papers/explain.tsv parses (the same check) and names only those benchmarks;
#  - every paper config in tb/configs/shell/sim/papers/ is accepted by
#    shell-sim and runs a small kernel to its end (COORD needs tags: run as CHSS);
#  - a bad claims line, and a bad explain.tsv line, are refused with exit 2 and one error line.
set -u
cd "$(dirname "$0")/.."
SIM=build/bin/shell-sim
C=${PAPERS_CLAIMS:-tb/papers/claims.tsv}
if out=$(python3 scripts/papers.py check "$C" 2>&1); then echo "PASS papers: $C parses ($out)"
else echo "FAIL papers: $C: $out"; fi
# every claim's benchmarks are run by make papers for that paper
miss=$(python3 - "$C" <<'EOF'
import re, sys
runs = set()
for m in re.finditer(r'^(?:BENCH=")?(\w+)\|([\w-]+)\|', open('scripts/papers.sh').read(), re.M):
    runs.add((m.group(1), m.group(2)))
bad = []
for line in open(sys.argv[1]):
    c = line.rstrip('\n').split('\t')
    if line.startswith('#') or len(c) < 6 or c[0] == 'paper' or c[5] == '-':
        continue
    bad += ['%s/%s:%s' % (c[0], c[1], b) for b in c[5].split(',') if (c[0], b) not in runs]
src = open('csim/workload/shell_gen.c').read()
gens = set(re.findall(r'"([a-z0-9-]+)"', src[src.index('shell_wl_gen_names'):src.index('NULL}')]))
for line in open('tb/papers/explain.tsv'):
    c = line.rstrip('\n').split('\t')
    if line.startswith('#') or len(c) < 4 or c[0] == 'paper' or c[3] == '-':
        continue
    if '@' in c[3]:  # NAME@ARGS: any generator
        if c[3].split('@')[0] not in gens:
            bad.append('explain.tsv:%s/%s:%s(no such generator)' % (c[0], c[1], c[3]))
    elif (c[0], c[3]) not in runs:
        bad.append('explain.tsv:%s/%s:%s' % (c[0], c[1], c[3]))
print(' '.join(bad))
EOF
)
if [ -z "$miss" ]; then echo "PASS papers: every claim's benchmarks are run by scripts/papers.sh"
else echo "FAIL papers: claims over benchmarks scripts/papers.sh does not run: $miss"; fi
for f in tb/configs/shell/sim/papers/*.cfg; do
  set_=""; grep -q '^SHELL_BYPASS *= *COORD' "$f" && set_="--set SHELL_BYPASS=CHSS"
  if out=$($SIM --quiet --workload syrk --args n=32,iters=4 --config "$f" $set_ 2>&1); then
    echo "PASS papers: shell-sim runs $f"
  else echo "FAIL papers: shell-sim --config $f (exit $?): $(head -1 <<<"$out")"; fi
done
t=$(mktemp); trap 'rm -f $t' EXIT
{ grep -v '^mrpb	polybench_s	' "$C"; printf 'mrpb\tpolybench_s\tMRPB\tipc\tgeomean\tatax\tbig\tSec. 5.5\tx\n'; } > "$t"
out=$(python3 scripts/papers.py check "$t" 2>&1); rc=$?
if [ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "^error: $t:[0-9]*: value 'big'" <<<"$out"; then
  echo "PASS papers: a bad claim value is refused (exit 2, one line naming file:line)"
else echo "FAIL papers: a bad claim value: exit $rc, '$out'"; fi
# a bad explain.tsv line (vs names no run) is refused the same way
{ cat tb/papers/explain.tsv; printf 'twolevel\tpf\tX16\tpathfinder\tL1D_MSHR_ENTRIES=16\tNOSUCH\tx\n'; } > "$t"
out=$(PAPERS_EXPLAIN=$t python3 scripts/papers.py check "$C" 2>&1); rc=$?
if [ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "^error: $t:[0-9]*: vs 'NOSUCH'" <<<"$out"; then
  echo "PASS papers: a bad explain.tsv run is refused (exit 2, one line naming file:line)"
else echo "FAIL papers: a bad explain.tsv line: exit $rc, '$out'"; fi
# NAME@ARGS (a kernel outside a paper's set, or another size): a malformed ARGS, a main run's name on
# it, and a vs that is not one of its own reference runs are each refused the same way; so is
# TAGS=NOCG (coord's tags with cg as ca) on another paper
for bad in "mrpb	polybench_s	X256	syr2k@n=big	SHELL_MRPB=0	-	x|bench 'syr2k@n=big'" \
           "mrpb	polybench_s	BASE	syr2k@n=256	SHELL_MRPB=0	-	x|run 'BASE' on syr2k@n=256" \
           "mrpb	polybench_s	X256	syr2k@n=256	-	BASE	x|vs 'BASE'" \
           "mrpb	polybench_s	XT	atax	TAGS=NOCG	BASE	x|setting 'TAGS=NOCG'"; do
  { cat tb/papers/explain.tsv; printf '%s\n' "${bad%|*}"; } > "$t"
  out=$(PAPERS_EXPLAIN=$t python3 scripts/papers.py check "$C" 2>&1); rc=$?
  if [ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -qF "error: $t:$(wc -l < "$t"): ${bad#*|}" <<<"$out"; then
    echo "PASS papers: explain.tsv NAME@ARGS: ${bad#*|} refused (exit 2, one line naming file:line)"
  else echo "FAIL papers: explain.tsv NAME@ARGS ${bad#*|}: exit $rc, '$out'"; fi
done
# make papers' reduced subset (PAPERS_SMOKE=1: three kernels at a tiny size on the MRPB and BA GPUs,
# baselines, mechanisms, their explaining runs and the report): it runs to its end with a verdict
# per claim and the explaining runs' numbers; a second run in the same directory runs nothing and
# writes the same report; a run in a fresh directory writes it byte for byte (same seed)
s1=$(mktemp -d) s2=$(mktemp -d); trap 'rm -rf $t $s1 $s2' EXIT
if out=$(PAPERS_SMOKE=1 PAPERS_DIR=$s1 bash scripts/papers.sh mrpb ba 2>&1) \
   && grep -q '^| spmv | SPMV: .* | x[0-9.]* | x[0-9.]* | \(AGREES\|DISAGREES\)' $s1/papers.md \
   && grep -q '^| BASE_HASH | atax | L1D_BA=0 L1D_INDEX=FERMI | [0-9]' $s1/papers.md \
   && [ -s $s1/img/papers_mrpb.png ] && [ -s $s1/img/papers_ba.png ]; then
  echo "PASS papers: make papers' reduced subset runs to its report (PAPERS_SMOKE=1: $(ls $s1/*.json | wc -l) runs, claims judged, explaining runs shown)"
else echo "FAIL papers: PAPERS_SMOKE=1 scripts/papers.sh mrpb ba: $(tail -2 <<<"$out" | tr "\n" " ")"; fi
cp $s1/papers.md $s1/first.md; before=$(stat -c %Y $s1/*.json | sort | md5sum)
PAPERS_SMOKE=1 PAPERS_DIR=$s1 bash scripts/papers.sh mrpb ba > /dev/null 2>&1
if [ "$before" = "$(stat -c %Y $s1/*.json | sort | md5sum)" ] && cmp -s $s1/papers.md $s1/first.md; then
  echo "PASS papers: a second make papers in the same directory reruns nothing (resumable) and writes the same report"
else echo "FAIL papers: the second run redid runs or changed the report"; fi
PAPERS_SMOKE=1 PAPERS_DIR=$s2 bash scripts/papers.sh mrpb ba > /dev/null 2>&1
if cmp -s $s1/first.md $s2/papers.md && cmp -s $s1/img/papers_mrpb.png $s2/img/papers_mrpb.png; then
  echo "PASS papers: the same seed in a fresh directory gives the report and its plot byte for byte"
else echo "FAIL papers: two fresh runs of the reduced subset differ: $(diff $s1/first.md $s2/papers.md | head -3)"; fi
# its run count: make test's runner exports JOBS (a file's path), which make papers must not read
out=$(PAPERS_JOBS=x bash scripts/papers.sh mrpb 2>&1); rc=$?
if [ $rc = 2 ] && [ "$out" = "error: PAPERS_JOBS='x': expected a number of parallel runs, 1 or more" ]; then
  echo "PASS papers: PAPERS_JOBS=x is refused (exit 2, one line)"
else echo "FAIL papers: PAPERS_JOBS=x: exit $rc, '$out'"; fi
