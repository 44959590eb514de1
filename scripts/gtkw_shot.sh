#!/usr/bin/env bash
# gtkw_shot.sh FILE.gtkw OUT.png -- a screenshot of GTKWave showing a save
# file, taken under a private Xvfb display (xwd + netpbm).  For docs (make
# debugging-doc uses it; any save file works, e.g. make run's whole-GPU
# comparison: bash scripts/gtkw_shot.sh build/run/waves/<name>.gtkw shot.png).
# GTKWave is started in the save file's directory on a copy whose dump file
# is named without its directory, so the window title shows no machine path.
set -eu
cd "$(dirname "$0")/.."
gtkw=${1:?usage: gtkw_shot.sh FILE.gtkw OUT.png}
png=${2:?usage: gtkw_shot.sh FILE.gtkw OUT.png}
for t in Xvfb xwd xwdtopnm pnmtopng; do
  command -v $t >/dev/null || { echo "error: $t missing; install with: apt-get install -y xvfb x11-apps netpbm" >&2; exit 2; }
done
for d in $(seq 141 190); do [ -e /tmp/.X$d-lock ] || break; done
Xvfb :$d -screen 0 1400x860x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$d ] && break; sleep 0.1; done
png=$(realpath -m "$png")
gdir=$(dirname "$(realpath "$gtkw")")
rel=$gdir/.shot_$$.gtkw
sed 's|^\[dumpfile\] "\(.*/\)\{0,1\}\([^/"]*\)"|[dumpfile] "\2"|; /^\[savefile\]/d' "$gtkw" >"$rel"
(cd "$gdir" && DISPLAY=:$d exec gtkwave "$(basename "$rel")" >/dev/null 2>&1) &
gpid=$!
sleep ${SHOT_WAIT:-4}
DISPLAY=:$d xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >"$png"
kill $gpid $xpid 2>/dev/null || true
wait 2>/dev/null || true
rm -f "$rel"
echo "wrote $png"
