#!/usr/bin/env bash
# bench_lib_test.sh -- make bench's arithmetic (scripts/bench_lib.sh) on
# known figures: the median over code layouts, the best of runs, the ratio
# and the verdict line's met/missed, the layout rule.  One PASS/FAIL line
# each (make test).
set -u
cd "$(dirname "$0")/.."
. scripts/bench_lib.sh
check() { # name, got, want
  if [ "$2" = "$3" ]; then echo "PASS bench arithmetic: $1 = $3"; else echo "FAIL bench arithmetic: $1: got '$2', want '$3'"; fi
}
check "median of 5 layouts (odd: the middle one)" "$(median 1833983 1700000 1900000 1507695 1810000)" 1810000
check "median of 4 (even: the mean of the middle two, rounded down)" "$(median 10 40 20 31)" 25
check "median with a failed run" "$(median 10 fail 30)" ""
check "best of 2: the larger" "$(best "$(best "" 17)" 23)" 23
check "best after a failed run" "$(best "$(best "" "")" 23)" fail
check "C/RTLf ratio" "$(ratio 33226117 1833983)" 18.12
check "ratio without a figure" "$(ratio "" 5)" -
check "verdict 18.12 against 20" "$(verdict 18.12 20)" missed
check "verdict 20.00 against 20 (met at the target)" "$(verdict 20.00 20)" met
check "verdict 40.08 against 30" "$(verdict 40.08 30)" met
check "verdict without a ratio" "$(verdict - 20)" missed
lay=""; for l in 0 688 65536 65537 -1 1e3 007 123456 ""; do layout_ok "$l" && lay+="$l,"; done
check "layouts 0..65536 bytes accepted, others (a leading zero too) refused" "$lay" "0,688,65536,"
ci=$(mktemp); la=$(mktemp)
printf 'processor\t: 0\nmodel name\t: AMD EPYC 7B13\ncpu MHz\t\t: 2445.404\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\ncpu MHz\t\t: 2445.404\n' >"$ci"
echo "0.23 0.39 0.23 1/66 7123" >"$la"
check "the machine line" "$(machine "$ci" "$la")" "machine: AMD EPYC 7B13, 2 cores, 2445 MHz, load 0.23"
check "the machine as JSON" "$(machine_json "$ci" "$la")" '{"cpu": "AMD EPYC 7B13", "cores": 2, "mhz": 2445, "load1": 0.23}'
check "a machine without /proc (unknowns, not an error)" "$(machine /nonexistent /nonexistent)" "machine: unknown CPU, ? cores, ? MHz, load ?"
rm -f "$ci" "$la"
