#!/usr/bin/env bash
# check_sizes.sh -- the engine stays in rooms: every file of tb/engine/ at
# most 400 lines (issue 26; docs/lockstep.md, "The engine's files").  Prints
# "PASS size tb/engine: ..." or one "FAIL size <file>: ..." line per file
# over the limit; exit 1 on a failure.  Run by scripts/lint.sh (make lint,
# make test).
#   bash scripts/check_sizes.sh [DIR [MAX]]   (default: tb/engine 400)
set -u
cd "$(dirname "$0")/.."
dir=${1:-tb/engine} max=${2:-400}
[ -d "$dir" ] || { echo "error: $dir: expected a directory" >&2; exit 2; }
rc=0 n=0 big=0 bigf=
while IFS= read -r f; do
  l=$(wc -l <"$f"); n=$((n + 1))
  [ "$l" -gt "$big" ] && big=$l bigf=$f
  if [ "$l" -gt "$max" ]; then
    echo "FAIL size $f: $l lines (at most $max: split it by concern)"
    rc=1
  fi
done < <(find "$dir" -type f | sort)
[ $rc = 0 ] && echo "PASS size $dir: $n files, each at most $max lines (largest $bigf, $big)"
exit $rc
