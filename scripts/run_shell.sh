#!/usr/bin/env bash
# run_shell.sh -- the GPU shell part of make run: the default workload (or
# WORKLOAD=) on the default 4-SM shell (or CONFIG=, a NAME = VALUE file, or a
# gpgpusim.config), C model; summary table, JSON in build/run/, the block
# diagram.  The shell's RTL does not exist yet (docs/shell.md, "Status"), so
# there is no whole-shell lockstep: the blocks the shell embeds are proved in
# lockstep one by one by the rest of make run.
set -u
cd "$(dirname "$0")/.."
B=build
W=${WORKLOAD:-atax}
C=${CONFIG:-tb/shell/configs/default.cfg}
make -s $B/bin/shell-sim >/dev/null || exit 1
mkdir -p $B/run
copt="--config $C"
case "$C" in *.config) copt="--gpgpusim-config $C" ;; esac
echo "make run: GPU shell, workload $W, config $C (C model; whole-shell RTL lockstep: not available yet)"
$B/bin/shell-sim --workload "$W" $copt --seed ${SEED:-1} --json $B/run/shell.json; rc=$?
$B/bin/shell-sim --workload "$W" $copt --dot $B/run/shell.dot 2>/dev/null && command -v dot >/dev/null &&
  dot -Tsvg $B/run/shell.dot -o $B/run/shell.svg
echo "statistics: $B/run/shell.json   block diagram: $B/run/shell.svg   divergences: n/a (no shell RTL yet)"
exit $rc
