#!/usr/bin/env bash
# ctest.sh -- the C unit tests (tb/tests/test_*.c), plain and under
# ASan/UBSan: make ctest.  Runs every build/test/test_* and build/asan/test_*
# (the Makefile builds them first), prints their PASS/FAIL lines (the
# sanitized ones as "PASS asan ..."), a FAIL line for a binary that exits
# non-zero without one (a crash or a sanitizer report: its stderr is in
# build/test-logs/<test>.<kind>.err), and ends "N passed, M failed".
# Exit 0 when nothing failed, 1 otherwise.  The same tests as make test's
# step 4 (scripts/run_tests.sh).
set -u
cd "$(dirname "$0")/.."
B=build
LOG=$B/test-logs
mkdir -p $LOG
pass=0; fail=0; n=0
for tbin in $B/test/test_* $B/asan/test_*; do
  [ -x "$tbin" ] || continue
  n=$((n + 1))
  kind=plain; [[ $tbin == $B/asan/* ]] && kind=asan
  err=$LOG/$(basename "$tbin").$kind.err
  out=$("$tbin" 2>"$err"); rc=$?
  if [ $kind = asan ]; then out=$(sed 's/^PASS /PASS asan /; s/^FAIL /FAIL asan /' <<<"$out"); fi
  while IFS= read -r l; do
    case "$l" in PASS*) pass=$((pass + 1)); echo "$l" ;; FAIL*) fail=$((fail + 1)); echo "$l" ;; esac
  done <<<"$out"
  if [ $rc -ne 0 ] && ! grep -q '^FAIL' <<<"$out"; then
    fail=$((fail + 1)); echo "FAIL $kind $(basename "$tbin") exited $rc without a FAIL line (crash or sanitizer report: $err)"
  fi
done
if [ $n -eq 0 ]; then fail=$((fail + 1)); echo "FAIL no test binaries in $B/test or $B/asan (make ctest builds them)"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
