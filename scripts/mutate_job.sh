#!/usr/bin/env bash
# mutate_job.sh DIR BLOCK CYCLES CONFIG... -- runs one mutant (its RTL tree in
# DIR/rtl) against the C model on each config until one diverges.  Writes
# DIR/result: "killed CONFIG", "survived" or "invalid" (the mutant does not
# build), and removes the mutant's Verilator build afterwards.
set -u
cd "$(dirname "$0")/.."
dir=$1 block=$2 cycles=$3
shift 3
res=survived
for c in "$@"; do
  out=$(RTL_DIR=$dir/rtl LS_QUIET=1 bash scripts/lockstep.sh "$block" --seed 1 --cycles "$cycles" \
        $([ "$c" != default ] && echo --config "$c") --quiet --no-rerun --cov /dev/null 2>&1)
  rc=$?
  echo "$out" >"$dir/log.$(basename "$c" .cfg)"
  if [ $rc -eq 1 ]; then res="killed $(basename "$c" .cfg): $(grep -m1 -E '^  signal|^CHECK' <<<"$out" | sed 's/^ *//')"; break; fi
  if [ $rc -ne 0 ]; then res="invalid (exit $rc: $(grep -m1 -i error <<<"$out"))"; break; fi
done
echo "$res" >"$dir/result"
# the mutant's harness is never reused
for k in $(grep -lx "$dir/rtl" build/ls/$block/*/rtldir 2>/dev/null); do rm -rf "$(dirname "$k")"; done
exit 0
