#!/usr/bin/env bash
# papers.sh -- make papers: each paper's experiment on the shell's C model,
# with the paper's GPU (tb/configs/shell/sim/papers/<paper>.cfg) over the
# paper's benchmarks that we have generators for, baseline and mechanism
# variants; then scripts/papers.py compares with the paper's claims
# (tb/papers/claims.tsv) and writes docs/papers.md and docs/img/papers_*.png.
# The experiments that explain a DISAGREE (tb/papers/explain.tsv: settings
# over a paper's config) are run here too, after the baselines.
#
# Runs go through GNU parallel (2 jobs, nice 10, a progress bar).  Resumable:
# a run whose JSON exists and whose key (the shell-sim binary, the config
# file, the command line, the tags file) is unchanged is skipped
# (scripts/papers_run1.sh).  Same seed, same outputs, byte for byte.
#
#   scripts/papers.sh [PAPER...]      default: all five
#   PAPERS_DIR=dir  (default build/papers)   PAPERS_JOBS=n (default 2)
#   PAPERS_SMOKE=1  the reduced subset of make test (below), report in PAPERS_DIR
set -eu
cd "$(dirname "$0")/.."
SIM=build/bin/shell-sim
CLS=build/bin/chss-classify
R=${PAPERS_DIR:-build/papers}
JOBS=${PAPERS_JOBS:-2}   # (not JOBS: make test's runner exports JOBS, its job list's path)
case $JOBS in ''|*[!0-9]*|0) echo "error: PAPERS_JOBS='$JOBS': expected a number of parallel runs, 1 or more" >&2; exit 2 ;; esac
SEED=1
CAPX=${CAPX:-8}   # a mechanism run stops at CAPX x its baseline's cycles (recorded as unfinished)
CFGDIR=tb/configs/shell/sim/papers
PAPERS="${*:-mrpb coord twolevel ba ccn}"
mkdir -p "$R"

# ---- the experiments ------------------------------------------------------
# Benchmarks: paper|bench|generator args|the paper's input (Table 2/3 of
# MRPB, Table 3 of the coordinated paper, ...; "default" is PolyBench-GPU's
# input, SF Table 2's "scaling factors of default inputs": PolyBench-GPU's
# default N times SF).  MRPB's PolyBench kernels but the four intra-warp ones,
# and nw where a paper states 2048, run at the paper's input; the others are
# cut to keep `make papers` within its 45-minute budget on 2 cores (atax,
# bicg, gesummv, mvt: one 256-thread block per SM in the paper as in ours, so
# a smaller n runs fewer SMs, not a different SM; 2dconv: 2048 is the largest
# whose image fits the generators' 16 MiB per array); docs/papers.md prints both.
BENCH="mrpb|2dconv|n=2048|default 4096 x 4096, SF 1 (Table 2)
mrpb|2mm|n=512|default 2048, SF 1/4
mrpb|3dconv|n=256,iters=256|default 256^3, SF 1
mrpb|3mm|n=512|default 512, SF 1
mrpb|fdtd-2d|n=1024,iters=2|default 2048 x 2048 x 500 steps, SF 1/8
mrpb|gemm|n=512|default 512, SF 1
mrpb|atax|n=512,iters=512|default 4096, SF 1/2
mrpb|bicg|n=512,iters=512|default 4096, SF 1/2
mrpb|gesummv|n=512,iters=512|default 4096, SF 1/4
mrpb|mvt|n=512,iters=512|default 4096, SF 1/2
mrpb|syr2k|n=128|default 2048, SF 1/16
mrpb|syrk|n=256|default 1024, SF 1/4
mrpb|backprop|n=65536|65536 nodes (Table 3)
mrpb|bfs|n=65536|65536 nodes
mrpb|hotspot|n=512,iters=2|512 x 512
mrpb|kmeans|n=32768|204800 34-D points
mrpb|nw|n=2048|2048 x 2048
mrpb|pathfinder|n=100000,iters=100|100K x 100
mrpb|srad|n=1024|1024 x 1024
coord|2dconv|n=2048|CVR: 9.4M (Table 3, evaluation input; profiled at 7.9M)
coord|3dconv|n=128,iters=128|3DC: 512*512*512 (profiled at 1024*512*512)
coord|backprop|n=65536|BKP: 65536 (profiled at 32768)
coord|bfs|n=65536|BFS: 1M nodes (profiled at 65K)
coord|gemm|n=256|GEM: 512*512*128 (profiled at 512*512*256)
coord|gramschmidt|n=64,iters=256|GRM: 64*65536 (profiled at 128*65536)
coord|hotspot|n=512,iters=2|HSC: 512 (profiled at 1024)
coord|nw|n=512|NW1/NW2: 8192 (profiled at 4096)
coord|spmv|n=32768|SPV: 60M (profiled at 2M)
coord|srad|n=1024|SRD: 2048*2048 (profiled at 1024*2048)
coord|pathfinder|n=100000,iters=100|PAT: 100000*100*20 (cache insensitive; profiled at 20000*100*20)
twolevel|nw|n=512|not stated (Rodinia)
twolevel|pathfinder|n=100000,iters=100|not stated (Rodinia)
twolevel|spmv|n=32768|not stated (Parboil)
ba|atax|n=512,iters=512|not stated
ba|bfs|n=65536|not stated
ba|bicg|n=512,iters=512|not stated
ba|kmeans|n=32768|not stated
ba|mvt|n=512,iters=512|not stated
ba|spmv|n=32768|not stated
ccn|kmeans|n=32768|km (MapReduce): 10000 x 3 points, 24 clusters (Table I)
ccn|bfs|n=65536|bfs (Rodinia): 1000000 nodes
ccn|nw|n=2048|nw: 2048 x 2048"
# The coordinated paper profiles its static classifier on another input than
# it evaluates (Table 3): bench|the profiling input's args (shell-sim
# --profile-args; the same generator, its kernels numbering their loads
# alike).  Smaller than the evaluation input by Table 3's ratio where the
# paper's is smaller; where the paper's is larger (GEM, GRM, HSC, 3DC) ours
# is smaller by that ratio too (its runs, one per load and group, would
# otherwise take most of the budget): another input either way.
PROFILE_ARGS="2dconv|n=1888
3dconv|n=128,iters=64
backprop|n=32768
bfs|n=4096
gemm|n=192
gramschmidt|n=32,iters=256
hotspot|n=256,iters=2
nw|n=256
spmv|n=1024
srad|n=720
pathfinder|n=20000,iters=100"
# PAPERS_SMOKE=1 (make test's reduced subset, scripts/papers_check.sh): the
# whole flow -- baselines, mechanisms, the explaining runs of these benchmarks,
# the report -- on three kernels at a tiny size (spmv: the BA claims judged); the report goes to
# $PAPERS_DIR/papers.md and $PAPERS_DIR/img, not docs/.
OUT_MD=docs/papers.md OUT_IMG=docs/img SMOKE=${PAPERS_SMOKE:-}
if [ -n "$SMOKE" ]; then
  BENCH="mrpb|atax|n=64,iters=8|(smoke size)
mrpb|gemm|n=32|(smoke size)
ba|atax|n=64,iters=8|(smoke size)
ba|spmv|n=512|(smoke size)"
  OUT_MD=$R/papers.md OUT_IMG=$R/img
  mkdir -p "$OUT_IMG"
fi
# Variants: paper|name|settings over the config (- = the config as is).
# BASE is the paper's baseline and is run first (coord: it writes the
# classifier's profile; the static tags come from it, as the paper profiles).
VARIANTS="mrpb|BASE|SHELL_MRPB=0
mrpb|MRPB|-
coord|BASE|SHELL_BYPASS=NONE
coord|STATIC|SHELL_BYPASS=STATIC
coord|CHSS|SHELL_BYPASS=CHSS
coord|COORD|-
twolevel|BASE|SHELL_BYPASS=NONE
twolevel|ALL|SHELL_BYPASS=ALL
twolevel|TWOLEVEL|-
ba|BASE|L1D_BA=0
ba|ALL|L1D_BA=0 SHELL_BYPASS=ALL
ba|BA|-
ccn|BASE|SHELL_CCN=OFF
ccn|CCN_B|SHELL_CCN=ON
ccn|CCN_RT|-"

for p in $PAPERS; do
  [ -f "$CFGDIR/$p.cfg" ] || { echo "error: paper '$p': expected one of mrpb coord twolevel ba ccn" >&2; exit 2; }
done
python3 scripts/papers.py check tb/papers/claims.tsv > /dev/null || exit 2   # claims and explain.tsv parse
[ -x $SIM ] && [ -x $CLS ] || { echo "error: $SIM, $CLS: expected built (make build/bin/shell-sim build/bin/chss-classify)" >&2; exit 2; }

# the key of a run: everything its output depends on
simsum=$(sha256sum $SIM | cut -d' ' -f1)
bar=""; [ -t 2 ] && bar="--bar"
phase() { # $1: job file, one run a line (a command); each run's time in $1.log (GNU parallel's joblog)
  [ -s "$1" ] || return 0
  parallel -j"$JOBS" $bar --joblog "$1.log" --halt now,fail=1 < "$1"
}
: > "$R/sizes.tsv"
j1=$R/jobs1.txt j2=$R/jobs2.txt
: > $j1; : > $j2
while IFS='|' read -r p b args paper_size; do
  # every paper's benchmarks go to the report (a paper not selected keeps its earlier runs)
  pargs=-; [ $p = coord ] && pargs=$(awk -F'|' -v b="$b" '$1 == b { print $2; exit }' <<<"$PROFILE_ARGS")
  printf '%s\t%s\t%s\t%s\t%s\n' "$p" "$b" "$args" "$paper_size" "${pargs:--}" >> "$R/sizes.tsv"
  case " $PAPERS " in *" $p "*) ;; *) continue ;; esac
  cfg=$CFGDIR/$p.cfg
  while IFS='|' read -r vp v sets; do
    [ "$vp" = "$p" ] || continue
    s=""; [ "$sets" = - ] || for x in $sets; do s="$s --set $x"; done
    out=$R/${p}_${b}_$v.json
    common="CAPX=$CAPX nice -n 10 scripts/papers_run1.sh $out $simsum $SIM --quiet --seed $SEED --workload $b --args $args --config $cfg$s"
    if [ "$v" = BASE ]; then
      extra=""; [ $p = coord ] && extra=" --profile-exclusive $R/${p}_$b.prof${pargs:+ --profile-args $pargs}"
      echo "$common$extra" >> $j1
    elif [ $p = coord ] && [ $v != CHSS ]; then
      echo "CAP_OF=$R/${p}_${b}_BASE.json $common --tags $R/${p}_$b.tags" >> $j2
    else
      echo "CAP_OF=$R/${p}_${b}_BASE.json $common" >> $j2
    fi
  done <<<"$VARIANTS"
done <<<"$BENCH"
# The experiments that explain a difference from a paper (tb/papers/explain.tsv):
# one run each, its settings over the paper's config, capped like a mechanism
# run at CAPX x the benchmark's BASE cycles.  A row naming a main variant with
# settings - is that run (nothing to add); a row with run - is prose.
EXPL=tb/papers/explain.tsv
declare -A xdone=()   # a run named by two claims' experiments is run once
while IFS=$'\t' read -r p claim run b sets vs note; do
  case "$p" in ''|'#'*|paper) continue ;; esac
  [ "$run" = - ] && continue
  case $sets$b in -*@*) sets="" ;; -*) continue ;; esac   # a main run; NAME@ARGS: the config as is
  [ -n "${xdone[$p/$b/$run]:-}" ] && continue
  xdone[$p/$b/$run]=1
  case " $PAPERS " in *" $p "*) ;; *) continue ;; esac
  # TAGS=NOCG (coord only, scripts/papers.py checks it): the classifier's tags with every cg as ca
  s="" tsuf=.tags; for x in $sets; do if [ "$x" = TAGS=NOCG ]; then tsuf=.nocg.tags; else s="$s --set $x"; fi; done
  if [ -n "$SMOKE" ]; then  # the reduced subset: the rows of its own benchmarks only
    case $b in *@*) continue ;; esac
    awk -F'|' -v p="$p" -v b="$b" '$1 == p && $2 == b { f = 1 } END { exit !f }' <<<"$BENCH" || continue
  fi
  case $b in
  *@*) # NAME@ARGS: a kernel outside the paper's set or another size (scripts/papers.py checks the
       # form).  A run against nothing (vs -) is a reference: run first, uncapped; the others are
       # capped at CAPX x their reference's cycles.  File: NAME-ARGS, '=' dropped, ',' as '-'.
    name=${b%%@*} args=${b#*@}
    k=$name-$(tr -d '=' <<<"$args" | tr ',' '-')
    run1="nice -n 10 scripts/papers_run1.sh $R/x_${p}_${k}_$run.json $simsum $SIM --quiet --seed $SEED --workload $name --args $args --config $CFGDIR/$p.cfg$s"
    if [ "$vs" = - ]; then echo "$run1" >> $j1
    else echo "CAP_OF=$R/x_${p}_${k}_$vs.json CAPX=$CAPX $run1" >> $j2; fi
    continue ;;
  esac
  args=$(awk -F'|' -v p="$p" -v b="$b" '$1 == p && $2 == b { print $3; exit }' <<<"$BENCH")
  [ -n "$args" ] || { echo "error: $EXPL: $p $claim $run: benchmark '$b': expected one that make papers runs for $p, or NAME@ARGS" >&2; exit 2; }
  extra=""; [ $p = coord ] && extra=" --tags $R/${p}_$b$tsuf"
  echo "CAP_OF=$R/${p}_${b}_BASE.json CAPX=$CAPX nice -n 10 scripts/papers_run1.sh $R/x_${p}_${b}_$run.json $simsum $SIM --quiet --seed $SEED --workload $b --args $args --config $CFGDIR/$p.cfg$s$extra" >> $j2
done < $EXPL
start=$(date +%s)
echo "make papers: $(wc -l < $j1) baseline runs, then $(wc -l < $j2) mechanism and explaining runs (each stopped at $CAPX x its baseline's cycles; $R)" >&2
phase $j1
for prof in "$R"/coord_*.prof; do
  [ -e "$prof" ] || continue
  t=${prof%.prof}.tags
  # the tags follow the profile: rewritten only when it changed
  $CLS "$prof" > "$t.new"
  if [ -f "$t" ] && cmp -s "$t" "$t.new"; then rm "$t.new"; else mv "$t.new" "$t"; fi
  sed 's/ cg$/ ca/' "$t" > "${t%.tags}.nocg.tags.new"   # TAGS=NOCG's tags (explain.tsv)
  if cmp -s "${t%.tags}.nocg.tags" "${t%.tags}.nocg.tags.new"; then rm "${t%.tags}.nocg.tags.new"
  else mv "${t%.tags}.nocg.tags.new" "${t%.tags}.nocg.tags"; fi
done
phase $j2
echo "make papers: runs done in $(( $(date +%s) - start )) s" >&2
CAPX=$CAPX python3 scripts/papers.py "$R" tb/papers/claims.tsv "$OUT_MD" "$OUT_IMG"
