#!/usr/bin/env bash
# harness_step.sh STEP DIR [...] -- one recipe of scripts/harness.mk (make
# decides when it runs; this says how).  DIR/harness.env holds the options
# scripts/lockstep.sh chose (block, kind, srcs, defs, VFLAGS, OBJC, GXX,
# VTRACE).
#   verilate DIR          Verilator's build of the harness into DIR/obj, or
#                         the machine's harness cache (scripts/harness_cache.sh);
#                         DIR/stamp dated at the build's start
#   glue DIR              DIR/vglue.o: tb/engine/vglue.cpp against the model
#   link DIR EXE CSIM [PAD]  the engine, the C model (CSIM) and the model into
#                         EXE; PAD: a code-layout pad object linked first
#                         (LS_LAYOUT in scripts/lockstep.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
step=${1:?usage: harness_step.sh verilate|glue|link DIR [EXE CSIM]}
dir=${2:?usage: harness_step.sh STEP DIR}
. "$dir/harness.env"
case $step in
verilate)
  . scripts/harness_cache.sh
  rm -rf "$dir/obj" "$dir/stamp"
  # the stamp takes the build's start time: a source edited while Verilator
  # runs is newer than it, so the next run rebuilds
  touch "$dir/stamp.new"
  # the machine's harness cache: keyed by the content of every file Verilator
  # reads, its options and the tools' versions
  hkey=$(printf '%s\n' "${VFLAGS[*]}" "defs=${defs[*]:-} faults=$fcap gate=${GATE:-}" |
         hc_key "${srcs[@]}" "$dir/ls_pub.vlt" "$dir/ls_top.sv" "$dir/ls_files.txt" "$dir/ls_ptrs.inc")
  if hc_get "$hkey" "$dir/obj"; then
    echo "harness from the machine's harness cache, key $hkey" >"$dir/build.log"
    [ -z "${LS_QUIET:-}" ] && echo "lockstep.sh: the $kind harness for $block came from the machine's harness cache ($(hc_dir)/$hkey.tar)"
  else
    [ -z "${LS_QUIET:-}" ] && echo "lockstep.sh: building $kind harness for $block in $dir"
    verilator "${VFLAGS[@]}" "${OBJC[@]}" -Mdir "$dir/obj" "${defs[@]}" \
        "${srcs[@]}" "$dir/ls_pub.vlt" "$dir/ls_top.sv" >"$dir/build.log" 2>&1 &
    vpid=$!
    t0=$SECONDS
    while kill -0 $vpid 2>/dev/null; do # a line every 8 s: no silent builds
      sleep 1
      if [ $(( (SECONDS - t0) % 8 )) -eq 0 ] && [ $SECONDS -gt $t0 ] && kill -0 $vpid 2>/dev/null; then
        echo "lockstep.sh: still building the $block $kind harness with Verilator ($((SECONDS - t0)) s)" >&2
      fi
    done
    if ! wait $vpid; then
      echo "error: Verilator build of $block failed; see $dir/build.log" >&2
      tail -20 "$dir/build.log" >&2
      exit 2
    fi
    hc_put "$hkey" "$dir/obj"
  fi
  mv "$dir/stamp.new" "$dir/stamp"
  if [ -n "${RTL_DIR:-}" ]; then echo "$RTL_DIR" >"$dir/rtldir"; fi
  ;;
glue)
  # ls_ptrs.inc names each multi-dimensional array as a member of the root
  # class; one inside a module kept as its own class (the block's
  # vlt_no_inline) is a member of that instance's object in the model's
  # symbol table instead: LS_PTRI(name, instance, member), the instance
  # being the longest TOP__<prefix> that Vls_top__Syms.h declares
  awk 'FNR == NR { if (match($0, /[ \t]TOP__[A-Za-z0-9_]+;/)) inst[substr($0, RSTART + 6, RLENGTH - 7)] = 1; next }
       /^LS_PTR\(/ { m = $NF; sub(/\)$/, "", m); best = ""
         for (i in inst) if (index(m, i "__DOT__") == 1 && length(i) > length(best)) best = i
         if (best != "") { $NF = "TOP__" best ", " substr(m, length(best) + 8) ")"; sub(/^LS_PTR\(/, "LS_PTRI(") } }
       { print }' "$dir/obj/Vls_top__Syms.h" "$dir/ls_ptrs.inc" >"$dir/ls_ptrs_res.inc"
  "${GXX[@]}" -O2 -faligned-new -DVL_VALUE_STRING_MAX_WORDS=2048 -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=$VTRACE -DVM_TRACE_FST=$VTRACE -DVM_TRACE_VCD=0 \
    -I"$dir" -I"$dir/obj" -I/usr/share/verilator/include -I/usr/share/verilator/include/vltstd \
    -c tb/engine/vglue.cpp -o "$dir/vglue.o"
  ;;
link)
  exe=${3:?usage: harness_step.sh link DIR EXE CSIM}
  csim=${4:?usage: harness_step.sh link DIR EXE CSIM}
  pad=(${5:-}) # (a layout variant: its pad object first, as the Makefile's lockstep-c-layout<N>)
  g++ "${pad[@]}" "$dir/vglue.o" $B/obj/tb/engine/ls_vpi.o -Wl,--whole-archive $B/lib/libls.a -Wl,--no-whole-archive "$csim" "$dir/obj/Vls_top__ALL.a" $B/vrt/*.o \
    -lz -pthread -latomic -o "$exe"
  ;;
*) echo "error: harness_step.sh: unknown step '$step' (verilate, glue or link)" >&2; exit 2 ;;
esac
