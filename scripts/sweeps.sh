#!/usr/bin/env bash
# sweeps.sh sweeps|shootout -- make sweeps / make shootout (issue 24 items 4, 5).
# The points, kernels and mechanisms are defined in scripts/sweeps.py; this
# runs them with make papers' machinery: GNU parallel over job files, each run
# through scripts/papers_run1.sh (resumable by its key: binary, command line,
# config and tags files; same seed, same JSON byte for byte).  Phase 1: the
# reference runs and the no-bypass runs that profile the loads; then
# chss-classify turns each profile into static tags; phase 2: the rest, each
# stopped at CAPX x its reference's cycles.  Then scripts/sweeps.py writes
# docs/sweeps.md + docs/img/sweep_*.png, or docs/shootout.md + docs/img/shootout.png.
#
#   SWEEPS_DIR=dir (default build/sweeps)   SWEEPS_JOBS=n (default 2)   CAPX=n (default 8)
#   OUT_MD=file IMG_DIR=dir (default docs/<what>.md, docs/img)
set -eu
cd "$(dirname "$0")/.."
what=${1:-}
case $what in sweeps|shootout) ;; *) echo "error: argument 1: expected sweeps or shootout" >&2; exit 2 ;; esac
SIM=build/bin/shell-sim
CLS=build/bin/chss-classify
R=${SWEEPS_DIR:-build/sweeps}
JOBS=${SWEEPS_JOBS:-2}   # (not JOBS: make test's runner exports JOBS, its job list's path)
case $JOBS in ''|*[!0-9]*|0) echo "error: SWEEPS_JOBS='$JOBS': expected a number of parallel runs, 1 or more" >&2; exit 2 ;; esac
export CAPX=${CAPX:-8}
[ -x $SIM ] && [ -x $CLS ] || { echo "error: $SIM, $CLS: expected built (make build/bin/shell-sim build/bin/chss-classify)" >&2; exit 2; }
mkdir -p "$R"
simsum=$(sha256sum $SIM | cut -d' ' -f1)
python3 scripts/sweeps.py plan "$what" "$R" "$simsum"
bar=""; [ -t 2 ] && bar="--bar"
phase() {
  [ -s "$1" ] || return 0
  parallel -j"$JOBS" $bar --joblog "$1.log" --halt now,fail=1 < "$1"
}
start=$(date +%s)
echo "make $what: $(wc -l < "$R/$what.jobs1") reference/profile runs, then $(wc -l < "$R/$what.jobs2") runs ($R)" >&2
phase "$R/$what.jobs1"
while read -r prof; do
  t=${prof%.prof}.tags
  # the tags follow the profile: rewritten only when it changed (their key is their contents)
  $CLS "$prof" > "$t.new"
  if [ -f "$t" ] && cmp -s "$t" "$t.new"; then rm "$t.new"; else mv "$t.new" "$t"; fi
done < "$R/$what.profs"
phase "$R/$what.jobs2"
echo "make $what: runs done in $(( $(date +%s) - start )) s" >&2
python3 scripts/sweeps.py report "$what" "$R" "${OUT_MD:-docs/$what.md}" "${IMG_DIR:-docs/img}"
