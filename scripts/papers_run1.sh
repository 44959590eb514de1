#!/usr/bin/env bash
# papers_run1.sh OUT SIMSUM SIM ARGS... -- one run of make papers
# (scripts/papers.sh).  Skips the run when OUT exists and OUT.key matches:
# the key is the shell-sim binary's checksum (SIMSUM), the command line, and
# the contents of every --config / --tags file it names.  The JSON is
# written to a temporary name and moved into place only on success, so an
# interrupted run is redone next time.
# CAP_OF=BASE.json (and CAPX): stop the run at CAPX x the cycles of that
# baseline run (--cycles); a run stopped there keeps its JSON (the statistics
# up to the cap) and is marked unfinished in OUT.key ("capped N"); it is
# redone only when the cap changes.
set -eu
out=$1 simsum=$2; shift 2
key=$( {
  echo "$simsum"; echo "$*"
  prev=""
  for a in "$@"; do
    case $prev in --config|--tags) echo "== $a"; cat "$a" ;; esac
    prev=$a
  done
} | sha256sum | cut -d' ' -f1)
cap=""
if [ -n "${CAP_OF:-}" ]; then
  cap=$(( $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["cycles"])' "$CAP_OF") * ${CAPX:-8} ))
fi
outs_there=1 prev=""
for a in "$@"; do { [ "$prev" = --profile ] || [ "$prev" = --profile-exclusive ]; } && [ ! -f "$a" ] && outs_there=0; prev=$a; done
if [ $outs_there = 1 ] && [ -f "$out" ] && [ -f "$out.key" ]; then
  read -r k1 k2 k3 < "$out.key" || true
  if [ "$k1" = "$key" ] && { [ -z "${k2:-}" ] || [ "$k3" = "$cap" ]; }; then exit 0; fi
fi
rm -f "$out" "$out.key"
rc=0
"$@" ${cap:+--cycles $cap} --json "$out.tmp" > "${out%.json}.log" 2>&1 || rc=$?
if [ $rc -ne 0 ] && ! { [ $rc = 3 ] && [ -n "$cap" ]; }; then
  echo "error: $* --json $out: exit $rc (log ${out%.json}.log)" >&2
  rm -f "$out.tmp"
  exit 1
fi
mv "$out.tmp" "$out"
if [ $rc = 3 ]; then echo "$key capped $cap" > "$out.key"; else echo "$key" > "$out.key"; fi
