#!/usr/bin/env bash
# gtkw_test.sh PREFIX -- opens both save files a divergence wrote
# (PREFIX.gtkw: C vs RTL; PREFIX_rtl.gtkw: Verilator's FST) in GTKWave under
# Xvfb, as a user would, and checks against PREFIX.div (what the engine
# found): the primary marker and marker A on the diverging edge, the
# diverging signal the first trace after the clock and the group header,
# and its value at the marker (C and RTL in the comparison view, RTL in the
# RTL view).  One PASS/FAIL line per save file; exit 1 on a FAIL.
set -u
cd "$(dirname "$0")/.."
p=${1:?usage: gtkw_test.sh PREFIX}
div=$p.div
[ -f "$div" ] || { echo "FAIL gtkwave: $div missing (the divergence re-run wrote no waveforms)"; exit 1; }
get() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$1" 2>/dev/null; }
val() { awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$1"; }
norm() { # GTKWave's hex (any case, leading zeros) and ours to one form
  local v; v=$(tr 'A-F' 'a-f' <<<"$1" | sed 's/^0x//; s/^0*//'); echo "${v:-0}"
}
t=$(val "$div" time)
rc=0
check() { # gtkw, [trace-name expected-value]...
  local gtkw=$1 out; shift
  out=$(mktemp)
  if ! bash scripts/gtkw_check.sh "$gtkw" "$out" 2>/dev/null; then echo "FAIL gtkwave: $gtkw did not open (see $out.log)"; rc=1; return; fi
  local m a errs=""
  m=$(val "$out" marker); a=$(val "$out" named_marker_A)
  [ "$m" = "$t" ] || errs+=" marker at $m, not $t;"
  [ "$a" = "$t" ] || errs+=" marker A at $a, not $t;"
  # traces in display order: 0 clock, 1 group header, then the diverging signal
  local i=2
  while [ $# -gt 0 ]; do
    local want=$1 exp=$2; shift 2
    local line name got
    line=$(grep "^trace $i " "$out")
    name=$(sed -E 's/^trace [0-9]+ \{([^}]*)\}.*/\1/' <<<"$line")
    got=$(sed -E 's/^trace [0-9]+ \{[^}]*\} \{([^}]*)\}.*/\1/' <<<"$line")
    [ "$name" = "$want" ] || errs+=" trace $i is '$name', expected '$want';"
    [ "$(norm "$got")" = "$(norm "$exp")" ] || errs+=" $want at the marker is '$got', expected $exp;"
    i=$((i + 1))
  done
  if [ -z "$errs" ]; then echo "PASS gtkwave opens $(basename "$gtkw"): markers at $t ns, $(sed -n 's/^trace 2 {\([^}]*\)}.*/\1/p' "$out") first, values at the marker as reported"
  else echo "FAIL gtkwave $(basename "$gtkw"):$errs"; rc=1; fi
  rm -f "$out" "$out.log"
}
vc=$(val "$div" value_c); vr=$(val "$div" value_rtl)
check "$p.gtkw" "$(val "$div" cmp_c)" "$vc" "$(val "$div" cmp_rtl)" "$vr"
check "${p}_rtl.gtkw" "$(val "$div" rtl)" "$(val "$div" value_rtl_whole)"
exit $rc
