#!/usr/bin/env bash
# papers_run1.sh OUT SIMSUM SIM ARGS... -- one run of make papers
# (scripts/papers.sh).  Skips the run when OUT exists and OUT.key matches:
# the key is the shell-sim binary's checksum (SIMSUM), the command line, and
# the contents of every --config / --tags file it names.  The JSON is
# written to a temporary name and moved into place only on success, so an
# interrupted run is redone next time.
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
outs_there=1 prev=""
for a in "$@"; do [ "$prev" = --profile ] && [ ! -f "$a" ] && outs_there=0; prev=$a; done
if [ $outs_there = 1 ] && [ -f "$out" ] && [ -f "$out.key" ] && [ "$(cat "$out.key")" = "$key" ]; then exit 0; fi
rm -f "$out" "$out.key"
rc=0
"$@" --json "$out.tmp" > "${out%.json}.log" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
  echo "error: $* --json $out: exit $rc (log ${out%.json}.log)" >&2
  rm -f "$out.tmp"
  exit 1
fi
mv "$out.tmp" "$out"
echo "$key" > "$out.key"
