#!/usr/bin/env bash
# gtkw_check.sh FILE.gtkw OUT -- opens a save file in GTKWave as a user
# would (under a private Xvfb display), runs scripts/gtkw_check.tcl and
# writes what GTKWave shows (marker, traces in order, values at the marker)
# to OUT.  Exit 2 when GTKWave or Xvfb cannot run or reports nothing.
set -u
cd "$(dirname "$0")/.."
gtkw=${1:?usage: gtkw_check.sh FILE.gtkw OUT}
out=${2:?usage: gtkw_check.sh FILE.gtkw OUT}
command -v Xvfb >/dev/null || { echo "error: Xvfb is not installed (scripts/install_deps.sh installs xvfb)" >&2; exit 2; }
# a free display number: one Xvfb per check, so parallel checks do not meet
for d in $(seq 90 140); do [ -e /tmp/.X$d-lock ] || break; done
Xvfb :$d -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null; wait $xpid 2>/dev/null' EXIT
for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$d ] && break; sleep 0.1; done
rm -f "$out"
GTKW_CHECK_OUT=$out DISPLAY=:$d timeout 60 gtkwave -S scripts/gtkw_check.tcl "$gtkw" >"$out.log" 2>&1
[ -s "$out" ] || { echo "error: GTKWave wrote nothing for $gtkw (see $out.log)" >&2; exit 2; }
exit 0
