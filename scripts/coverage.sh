#!/usr/bin/env bash
# coverage.sh [FILE...] -- merges functional-coverage files written by
# `lockstep --cov FILE` (lines "point count"; default: build/cov/*.txt) and
# reports, per block, every declared point and its total count.  A point
# declared by any run but hit by none fails: exit 1, one line naming it.
#   make coverage            merge everything under build/cov/
set -u
cd "$(dirname "$0")/.."
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(build/cov/*.txt)
[ -e "${files[0]}" ] || { echo "error: no coverage files (run make lockstep or make test first)" >&2; exit 2; }
# block = file name up to the '@' (build/cov/<block>@<config>_seed<N>[_ri].txt;
# a name without '@': up to the first '_')
awk '
  FNR == 1 { f = FILENAME; sub(/.*\//, "", f); blk = f; if (index(blk, "@")) sub(/@.*/, "", blk); else sub(/_.*/, "", blk); runs[blk]++ }
  NF == 2 { key = blk " " $1; tot[key] += $2; if (!(key in seen)) { seen[key] = 1; order[++n] = key } }
  END {
    bad = 0
    for (i = 1; i <= n; i++) { split(order[i], a, " "); nb[a[1]]++; if (tot[order[i]] > 0) hit[a[1]]++ }
    for (b in runs) printf "coverage %s: %d of %d points hit over %d runs\n", b, hit[b] + 0, nb[b], runs[b]
    for (i = 1; i <= n; i++) if (tot[order[i]] == 0) { split(order[i], a, " "); printf "NEVER HIT %s %s\n", a[1], a[2]; bad = 1 }
    exit bad
  }' "${files[@]}"
