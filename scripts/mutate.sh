#!/usr/bin/env bash
# mutate.sh BLOCK [--count N] [--seed S] [--cycles N] [--jobs J] -- mutation
# testing of a block's RTL (make mutate BLOCK=...).  Draws N (default 40)
# single mutations, seeded (default seed 1), from every site scripts/mutate.c
# finds in rtl/BLOCK/*.sv (or rtl/*/BLOCK.sv for a one-file block); builds each mutant from its own copy of rtl/ and
# runs the block's lockstep against the unchanged C model on the configs in
# tb/configs/BLOCK/mutate.txt (else the first config) until one diverges.
# Fans out through GNU parallel.  Reports killed / valid (a mutant that does
# not build is invalid), and lists every survivor with its source line;
# docs/results/mutation.md says which survivors are equivalent and why.
# Exit 0 when the score is at least MUTATE_MIN percent (default 95), else 1.
set -u
cd "$(dirname "$0")/.."
block=${1:-}
# The block's RTL: the files of rtl/BLOCK/, or, for a block that is one file
# of a shared folder (rtl/shell/shell_byp.sv), that file alone.
if [ -n "$block" ] && [ -d "rtl/$block" ]; then srcfiles=(rtl/$block/*.sv)
else srcfiles=($(ls rtl/*/"$block".sv 2>/dev/null)); fi
[ -n "$block" ] && [ ${#srcfiles[@]} -gt 0 ] || { echo "error: mutate.sh: BLOCK must name a folder of rtl/ or a file rtl/*/BLOCK.sv (got '$block')" >&2; exit 2; }
shift
count=40; seed=1; jobs=""
# default run length: the block's make-test length (tb/configs/BLOCK/test_cycles),
# long enough for mode sweeps to reach every policy; else 20000
cycles=$(cat tb/configs/$block/test_cycles 2>/dev/null || echo 20000)
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=${2:?}; shift ;;
    --seed) seed=${2:?}; shift ;;
    --cycles) cycles=${2:?}; shift ;;
    --jobs) jobs=${2:?}; shift ;;
    *) echo "error: mutate.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
for v in count seed cycles; do [[ ${!v} =~ ^[0-9]+$ ]] || { echo "error: --$v '${!v}' is not a non-negative integer" >&2; exit 2; }; done
command -v parallel >/dev/null || { echo "error: GNU parallel is missing (scripts/install_deps.sh installs it)" >&2; exit 2; }
make -s build >/dev/null || exit 2
mkdir -p build/bin
gcc -std=c11 -Wall -Wextra -Werror -O2 scripts/mutate.c -o build/bin/mutate || exit 2
W=build/mutants/$block
rm -rf "$W"; mkdir -p "$W"
sites=$W/sites.txt
: >$sites
for f in "${srcfiles[@]}"; do build/bin/mutate list "$f" | sed "s|^|$f |" >>$sites; done
total=$(wc -l <$sites)
cfgs=()
if [ -f tb/configs/$block/mutate.txt ]; then
  while read -r c; do [ -n "$c" ] && [[ $c != \#* ]] && cfgs+=("$c"); done <tb/configs/$block/mutate.txt
else
  c=$(ls tb/configs/$block/*.cfg 2>/dev/null | head -1); cfgs=("${c:-default}")
fi
# seeded draw without replacement
shuf -n "$count" --random-source=<(yes "mutate-seed-$seed") $sites | sort -k1,1 -k2,2n >$W/drawn.txt
i=0
while read -r file idx line col kind; do
  i=$((i + 1)); d=$W/m$i
  mkdir -p "$d"; cp -r rtl "$d/rtl"
  build/bin/mutate apply "$file" "$idx" "$d/rtl/${file#rtl/}" >"$d/what"
done <$W/drawn.txt
n=$i
echo "mutate $block: $n of $total sites drawn (seed $seed); each run on: ${cfgs[*]}, $cycles cycles"
popts=(--halt never)
[ -n "$jobs" ] && popts+=(-j "$jobs")
seq 1 $n | parallel "${popts[@]}" bash scripts/mutate_job.sh "$PWD/$W/m{}" "$block" "$cycles" "${cfgs[@]}" &
pp=$!
while kill -0 $pp 2>/dev/null; do
  for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 $pp 2>/dev/null && sleep 1; done
  kill -0 $pp 2>/dev/null && echo "mutate $block: $(ls $W/m*/result 2>/dev/null | wc -l) of $n mutants done"
done
wait $pp
killed=0; surv=0; inval=0
{
  for i in $(seq 1 $n); do
    r=$(cat $W/m$i/result 2>/dev/null || echo "invalid (no result)")
    case "$r" in killed*) killed=$((killed + 1)) ;; survived) surv=$((surv + 1)) ;; *) inval=$((inval + 1)) ;; esac
    echo "m$i $r | $(cat $W/m$i/what)"
  done
} >$W/report.txt
valid=$((killed + surv))
# Equivalent mutants: tb/configs/BLOCK/mutate_equiv.txt lists, one per line,
# "SIGNATURE || why no input can tell it from the original", where SIGNATURE
# is the mutant's description without its line number and without the
# mutated text ("rtl/x.sv:COL kind: original source line"), so a listed
# mutant stays recognised when lines move, and is no longer recognised when
# the line it mutates changes (the argument must then be made again).  A line
# matches when it starts with the signature and " || " (either may hold "||").
EQ=tb/configs/$block/mutate_equiv.txt
sig() { sed -E 's/^([^:]+):[0-9]+:/\1:/; s/  ->  .*$//' <<<"$1"; }
equiv=0; unexpl=0
: >$W/survivors.txt
while IFS= read -r l; do
  what=${l#* survived | }
  s=$(sig "$what")
  why=""
  [ -f "$EQ" ] && why=$(awk -v s="$s" '!/^#/ && index($0, s " || ") == 1 { print substr($0, length(s) + 5); exit }' "$EQ")
  if [ -n "$why" ]; then equiv=$((equiv + 1)); echo "  equivalent ${l%% *} | $what"$'\n'"      why: $why" >>$W/survivors.txt
  else unexpl=$((unexpl + 1)); echo "  SURVIVOR ${l%% *} | $what"$'\n'"      signature (to document it as equivalent in $EQ): $s" >>$W/survivors.txt; fi
done < <(grep ' survived ' $W/report.txt)
raw=$(( valid ? 100 * killed / valid : 0 ))
ne=$((valid - equiv))
pct=$(( ne ? 100 * killed / ne : 100 ))
echo "mutate $block: $n mutants, $valid valid, $killed killed ($raw % of valid), $surv survived: $equiv equivalent (documented in $EQ), $unexpl not explained; $inval invalid"
echo "mutate $block: score $killed of $ne non-equivalent valid mutants killed = $pct % (pass at ${MUTATE_MIN:-95} %)"
cat $W/survivors.txt
echo "report: $W/report.txt"
[ $pct -ge "${MUTATE_MIN:-95}" ]
