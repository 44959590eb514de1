#!/usr/bin/env bash
# check_twins.sh -- every RTL file names its C twin correctly.
# rtl/<block>/<file>.sv mirrors csim/<block>/<file>.{h,c}; its header (the
# comment before "module") must carry one line "C mirror: csim/<block>/<file>.{h,c}"
# (or .h / .c alone when only that file exists), naming exactly the twin files
# that exist.  Prints "PASS twin <file>" / "FAIL twin <file>: <why>"; exit 1
# on a failure.  Run by scripts/lint.sh (make lint, make test).
#   bash scripts/check_twins.sh [rtl files...]   (default: every rtl/*/*.sv)
set -u
cd "$(dirname "$0")/.."
files=("$@"); [ ${#files[@]} -gt 0 ] || mapfile -t files < <(find rtl -name '*.sv' | sort)
rc=0
fail() { echo "FAIL twin $f: $*"; rc=1; }
for f in "${files[@]}"; do
  blk=$(basename "$(dirname "$f")"); stem=$(basename "$f" .sv)
  want=csim/$blk/$stem
  have=(); for x in h c; do [ -f "$want.$x" ] && have+=("$want.$x"); done
  if [ ${#have[@]} -eq 0 ]; then fail "no C twin: neither $want.h nor $want.c exists"; continue; fi
  # the header: every line before the first module declaration
  hdr=$(sed -n '/^[[:space:]]*module[[:space:]]/q; p' "$f")
  lines=$(grep -o 'C mirror: *[^ ]*' <<<"$hdr" | sed 's/^C mirror: *//; s/[.,;:)]*$//')
  n=$(grep -c . <<<"$lines")
  if [ "$n" -ne 1 ]; then fail "the header has $n 'C mirror:' lines (expected one naming $want.{h,c})"; continue; fi
  named=$lines
  case "$named" in
    *.{h,c}) named_files=("${named%.\{h,c\}}.h" "${named%.\{h,c\}}.c") ;;
    *.h|*.c) named_files=("$named") ;;
    *) fail "'C mirror: $named' is not csim/<block>/<file>.{h,c}, .h or .c"; continue ;;
  esac
  bad=""
  for x in "${named_files[@]}"; do
    if [ "${x%.[hc]}" != "$want" ]; then bad="names $x, not its mirror $want.{h,c}"; break; fi
    if [ ! -f "$x" ]; then bad="names $x, which does not exist"; break; fi
  done
  if [ -z "$bad" ] && [ "${#named_files[@]}" -ne "${#have[@]}" ]; then
    bad="names ${named_files[*]}, but the twin is ${have[*]}"
  fi
  if [ -n "$bad" ]; then fail "$bad"; else echo "PASS twin $f: C mirror $named"; fi
done
exit $rc
