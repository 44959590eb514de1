#!/usr/bin/env bash
# cflags_check.sh -- the C libraries (the models, csim/, and the engine,
# tb/engine/) build warning-clean (-Wall -Wextra -Werror) beyond the default
# -O2: at -O0 (a debugging build), at -O3, and with clang.  Each variant in
# a build directory of its own (build/cflags/<name>), one PASS/FAIL line
# each (make test).  GCC's warnings depend on the optimisation level: a
# maybe-uninitialized or an over-read seen only at -O3 or -O0 fails here.
set -u
cd "$(dirname "$0")/.."
rc=0
check() { # name, make variables...
  local n=$1; shift
  local d=build/cflags/$n
  if out=$(make -s B=$d "$@" $d/lib/libcsim.a $d/lib/libls.a 2>&1); then
    echo "PASS C libraries build warning-clean: $n ($*)"
  else
    rc=1
    echo "FAIL C libraries at $n ($*): $(grep -m3 -E 'error|warning' <<<"$out" | tr '\n' ' ')"
  fi
}
check O0 CFLAGS="-O0 -g"
check O3 CFLAGS="-O3 -g"
command -v clang >/dev/null && check clang CC=clang
exit $rc
