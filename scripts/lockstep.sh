#!/usr/bin/env bash
# lockstep.sh BLOCK [engine options] -- builds the block's RTL harness with
# Verilator (once per parameter set; reused while rtl/ is unchanged), links
# it with the C engine and model, and runs it.
#   Without --config, a block with configs in tb/configs/BLOCK/ runs every
#   one of them in turn (CONFIG=default: the parameter defaults only).
#   Without --cycles, tb/configs/BLOCK/full_cycles (or 100000) is used.
#   Over several configs: each is named as it starts, a summary table ends.
# Exit code: 0 agreement, 1 divergence or broken invariant, 2 bad input
#   (over several configs: the worst of them).
# Environment: FAULT_RTL=<DEFINE> injects that fault (a define of
#   tb/faults/*.txt) at run time: the RTL is built once per parameter set as a
#   fault-capable harness (+define+LS_FAULTS, build/gen/ls_fault_pkg.sv; every
#   fault site selectable) and run with the fault's ID (LS_FAULT_ID, from
#   build/gen/ls_faults.txt); FAULT_RTL=none runs that harness with no
#   fault selected; with GATE=1 the fault is synthesized in;
#   RTL_DIR=<dir> builds the RTL from that tree instead of rtl/ (make mutate);
#   FAULT_C=<DEFINE> builds the C model with it (fault-injection tests).
#   LS_QUIET=1 hides the build log.
#   GATE=1 runs the mapped gate-level netlist of scripts/synth.sh (built or
#   reused for the same --config/--set) with tb/gate/osu018_cells.v in place
#   of the RTL (docs/synthesis.md, "Gate-level lockstep").
#   LS_QUIET=1 hides the build log.  LS_SPEED=1 builds the RTL for speed
#   (Verilator -O3, no tracing, no public state; only --mode rtl runs on it).
#   LS_LAYOUT=N (bytes, 0..65536) runs a code-layout variant: the same
#   objects linked with N bytes of cold code in front (the Makefile's
#   lockstep-c-layout<N>, the harness's lockstep-layout<N>), every function
#   N bytes further on; make bench's C/RTLf over several layouts.
#   LS_WRAP="CMD ARGS" runs the harness binary under that command (make
#   bench-ir: valgrind --tool=callgrind); not for --mode c, which runs
#   build/bin/lockstep-c directly.
set -euo pipefail
# The whole script is one brace group: bash parses it before running it, so
# editing this file while a run of it builds a harness cannot change that run.
{
cd "$(dirname "$0")/.."
. scripts/bench_lib.sh # (layout_ok: LS_LAYOUT)
B=build
block=${1:?usage: lockstep.sh BLOCK [options]}
shift
args=("$@")
# CONFIG=FILE.config is a GPGPU-Sim config: the same as GPGPUSIM=FILE (one reader, docs/gpgpusim.md)
for ((i = 0; i + 1 < ${#args[@]}; i++)); do
  [ "${args[$i]}" = --config ] && [[ ${args[$((i + 1))]} == *.config ]] && args[$i]=--gpgpusim-config
done
have_cfg=0; have_cyc=0; cfgs=(); rinit=0; have_cov=0; seed=1; cfgname=default
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    --rand-init) rinit=1 ;;
    --cov) have_cov=1 ;;
    --bench) have_cov=1 ;; # a benchmark run counts no coverage: no file
    --seed) seed=${args[$((i + 1))]:-1} ;;
    --config) have_cfg=1; [ "${args[$((i + 1))]:-}" = default ] && cfgs=(default); cfgname=$(basename "${args[$((i + 1))]:-default}" .cfg) ;;
    --cycles) have_cyc=1 ;;
    --gpgpusim-config) have_cfg=1 ;; # a configuration of its own: no loop over tb/configs
  esac
  # numbers checked once, here, before a loop over the block's configurations repeats the error per config
  case "${args[$i]}" in
    --cycles|--seed|--sweep|--compare-every)
      v=${args[$((i + 1))]:-}
      if [ $((i + 1)) -ge ${#args[@]} ]; then
        echo "error: option ${args[$i]} needs a value" >&2
        exit 2
      elif ! [[ "$v" =~ ^[0-9]+$ ]]; then
        echo "error: option ${args[$i]}: '$v' is not a non-negative integer" >&2
        exit 2
      fi ;;
  esac
done
if [ $have_cyc = 0 ]; then
  if [ -f tb/configs/$block/full_cycles ]; then args+=(--cycles "$(cat tb/configs/$block/full_cycles)"); else args+=(--cycles 100000); fi
fi
if [ $have_cfg = 0 ] && compgen -G "tb/configs/$block/*.cfg" >/dev/null; then
  worst=0; rows=(); cfgl=(tb/configs/$block/*.cfg); i=0
  for c in "${cfgl[@]}"; do
    i=$((i + 1))
    echo "=== $block config $(basename "$c" .cfg) ($i of ${#cfgl[@]}): $c ==="
    log=$(mktemp)
    set +e
    bash "$0" "$block" "${args[@]}" --config "$c" | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    speed=$(grep -E '^(PASS|DONE) ' "$log" | grep -o '[0-9]* cycles/s' | tail -1 || true)
    rm -f "$log"
    case $rc in 0) res="pass" ;; 1) res="DIVERGED (exit 1)" ;; *) res="ERROR (exit $rc)" ;; esac
    rows+=("$(printf '%-28s %-18s %s' "$(basename "$c" .cfg)" "$res" "${speed:--}")")
    if [ $rc -eq 2 ] || { [ $rc -eq 1 ] && [ $worst -eq 0 ]; }; then worst=$rc; fi
    [ $rc -gt 2 ] && worst=2
    [ $worst -eq 2 ] && break # bad input: the other configs would say the same
  done
  echo "=== summary: block $block, ${#rows[@]} of ${#cfgl[@]} configs ==="
  printf '%-28s %-18s %s\n' config result speed
  printf '%s\n' "${rows[@]}"
  exit $worst
fi
if [ "${cfgs[*]:-}" = default ]; then # drop "--config default"
  n=(); skip=0
  for a in "${args[@]}"; do
    if [ $skip = 1 ]; then skip=0; continue; fi
    if [ "$a" = --config ]; then skip=1; continue; fi
    n+=("$a")
  done
  args=("${n[@]}")
fi

# functional coverage of every run lands in build/cov/ (make coverage merges)
# (one file per block, config, workload and seed, so that no run overwrites
# another's; a run with a fault injected counts nothing: its coverage is not
# the design's)
if [ $have_cov = 0 ]; then
  mkdir -p $B/cov
  wtag=""; [ -n "${SHELL_WORKLOAD:-}" ] && wtag="-wl-$(basename "$SHELL_WORKLOAD" | tr -c 'A-Za-z0-9._\n-' _)"
  if [ -n "${FAULT_C:-}${FAULT_RTL:-}" ]; then args+=(--cov /dev/null)
  else args+=(--cov "$B/cov/${block}@${cfgname}${wtag}_seed${seed}$([ $rinit = 1 ] && echo _ri || true).txt"); fi
fi
make -s build >/dev/null
lay=${LS_LAYOUT:-0}
if ! layout_ok "$lay"; then
  echo "error: LS_LAYOUT='$lay': expected a number of bytes from 0 to 65536" >&2
  exit 2
fi
lay=$((10#$lay)) # (no leading zeros: one name per layout)
if [ $lay != 0 ]; then
  [ -n "${FAULT_C:-}${GATE:-}" ] && { echo "error: LS_LAYOUT=$lay: a layout variant of the plain C model and RTL, not with FAULT_C or GATE" >&2; exit 2; }
  make -s $B/layout/pad$lay.o >/dev/null
fi
# FAULT_RTL: the fault's ID (scripts/gen_faults.sh numbers tb/faults/*.txt)
# (FAULT_RTL=none: the fault-capable harness with no fault selected)
fid=0
if [ -n "${FAULT_RTL:-}" ] && [ "$FAULT_RTL" != none ]; then
  fid=$(awk -v n="$FAULT_RTL" '$2 == n { print $1 }' $B/gen/ls_faults.txt)
  [ -n "$fid" ] || { echo "error: FAULT_RTL=$FAULT_RTL: expected a fault define named in tb/faults/*.txt" >&2; exit 2; }
fi
# --mode c runs the C model alone: no RTL harness to build (lockstep-c is the
# engine linked with ls_rtl_none); a C fault still needs the linked build below
case " ${args[*]} " in
  *" --mode c "*) if [ -z "${FAULT_C:-}" ] && [ -z "${GATE:-}" ] && [ -z "${LS_BUILD_ONLY:-}" ]; then
    [ $lay = 0 ] && exec $B/bin/lockstep-c --block "$block" "${args[@]}"
    make -s $B/bin/lockstep-c-layout$lay >/dev/null && exec $B/bin/lockstep-c-layout$lay --block "$block" "${args[@]}"
  fi ;;
esac
# 1. the harness for these parameters (exit 2 on a bad parameter)
. scripts/harness_cache.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$B/bin/lockstep-c --block "$block" "${args[@]}" --emit-rtl "$tmp"
# Verilator options: part of the cache key, so changing them rebuilds.
# --trace-max-*: Verilator leaves arrays over 32 elements and vectors over
# 256 bits out of waveforms by default; the data arrays are both.
# --timescale: 1 ns units, the time base of every waveform the engine writes.
# the widest signal the engine compares (tb/engine/ls_limits.h, the one place it is stated) is traced in full
maxw=$(awk '/#define LS_MAX_SIGNAL_BITS/ { print $3 + 0 }' tb/engine/ls_limits.h)
# Arrays of up to 65536 elements are traced, but for a harness whose state
# map holds an array of more than 16384: then 16384.  Tracing
# titanv_merge64's mshr_ids_q (512 entries x 64 ids, 32768 elements) takes
# Verilator past 24 GB (bad_alloc; 1.2 GB without it); that array stays
# in the comparison waveform, which the engine writes itself.  (The
# condition keeps every other harness's options, and so its cache key, as
# they were.)
tmax=65536 tcap=16384
big=$($B/bin/lockstep-c --block "$block" "${args[@]}" --print-map 2>/dev/null | awk -v c=$tcap '$3 > c { printf "%s%s (%s)", n++ ? ", " : "", $1, $3 }')
if [ -n "$big" ]; then
  tmax=$tcap
  [ -n "${LS_QUIET:-}" ] || echo "lockstep.sh: $big: over $tcap elements, left out of Verilator's waveform (the comparison waveform has them; docs/lockstep.md)" >&2
fi
VFLAGS=(--cc --build --vpi --trace-fst --trace-max-array $tmax --trace-max-width "${maxw:?tb/engine/ls_limits.h: LS_MAX_SIGNAL_BITS not found}" --assert -j 2
  -Wno-fatal -Wno-lint -Wno-style --top-module ls_top --timescale 1ns/1ns
  -CFLAGS -DVL_VALUE_STRING_MAX_WORDS=2048 -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1")
# One harness for plain and --rand-init runs: built with --x-initial unique
# --x-assign unique, whose initial values the run picks -- zeros
# (+verilator+rand+reset+0, the engine's default) or, with --rand-init,
# seeded random values (+verilator+rand+reset+2), so a register the RTL
# forgets to reset diverges at cycle 0.  (One build instead of two per
# block and config: make test builds each harness once.)
VFLAGS+=(--x-assign unique --x-initial unique)
# -fno-const-bit-op-tree: Verilator 5.006 (Debian's) rewrites XOR/XNOR trees
# wrongly in V3Const's bit-op-tree pass (verilator/verilator#4059, fixed in
# 5.010): Yosys netlists full of XNOR2X1 cells (an IPOLY set index, a
# divider) then simulate to values no cell computes -- shell_l2@small's
# netlist wrote set 0 where every cell gives 2 (docs/synthesis.md,
# "Gate-level lockstep").  Off in every harness, RTL ones too: the pass
# is only a speed-up.
VFLAGS+=(-fno-const-bit-op-tree)
# ccache (Debian's, installed by scripts/install_deps.sh) under Verilator's
# own OBJCACHE hook: a harness whose generated C++ was compiled before, in
# this clone or another on the machine, builds from the cache
# (docs/testing.md, "Time")
# (not part of the harness's cache key: the same harness either way)
OBJC=(); GXX=(g++); GCC=(gcc)
if command -v ccache >/dev/null 2>&1; then OBJC=(-MAKEFLAGS OBJCACHE=ccache); GXX=(ccache g++); GCC=(ccache gcc); fi # the glue and a C fault's model below too
VTRACE=1
if [ -n "${LS_SPEED:-}" ]; then
  case " ${args[*]} " in *" --mode rtl "*) ;; *) echo "error: LS_SPEED=1 (a build without public state) runs only --mode rtl (MODE=rtl)" >&2; exit 2 ;; esac
  # how a user builds for speed: -O3, no tracing, no assertions, and no
  # public state (ls_pub.vlt and ls_ptrs.inc emptied; only the harness's port variables)
  VFLAGS=(--cc --build --vpi -O3 -j 2 -Wno-fatal -Wno-lint -Wno-style --x-assign 0 --x-initial 0 -fno-const-bit-op-tree --top-module ls_top
    --timescale 1ns/1ns -CFLAGS -DVL_VALUE_STRING_MAX_WORDS=2048 -MAKEFLAGS "OPT_FAST=-O3 OPT_SLOW=-O1 OPT_GLOBAL=-O3")
  # Module inlining off where it is the faster build (measured 2026-11-28,
  # RTL alone, --bench): the whole shell flattened into one model ran at
  # 3,586 cycles/s (1 SM), slower than its lockstep build (16,991), whose
  # public state keeps each module's code shared by its instances; with
  # -fno-inline 20,444.  shell_sm 273 k -> 300 k.  Elsewhere inlining wins
  # or ties (mrpb 1.60 M against 1.55 M, shell_xbar 8.7 k against 8.2 k,
  # l1d and shell_l2 within 2 %), so it stays on there.
  case " shell shell_sm " in *" $block "*) VFLAGS+=(-fno-inline) ;; esac
  printf '`verilator_config\n// speed build: no public state\n' >"$tmp"/ls_pub.vlt
  : >"$tmp"/ls_ptrs.inc
  VTRACE=0
fi
if [ -n "${GATE:-}" ]; then
  # -fno-dfg: Verilator's data-flow-graph optimiser finds nothing to fold in
  # a mapped netlist (cells, not expressions) and is where its memory goes:
  # the l1d netlist (59k cells) Verilates in 1.5 GB without it, 3.2 GB with;
  # the 15-node ccn (140k cells) ran out of 15 GB with it
  VFLAGS+=(-fno-dfg)
  sargs=(); for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in --config|--set) sargs+=("${args[$i]}" "${args[$((i + 1))]}") ;; esac
  done
  bash scripts/synth.sh "$block" "${sargs[@]}" --reuse --quiet || exit $?
  gdir=$(bash scripts/synth.sh "$block" "${sargs[@]}" --print-dir)
  $B/bin/lockstep-c --block "$block" "${args[@]}" --print-map >"$tmp/map.txt" || exit 2
  bash scripts/gate_harness.sh "$gdir/netlist.v" "$tmp" "$tmp/map.txt" || exit $?
  export LS_GATE_ABSENT=$gdir/gate_absent.txt LS_GATE_BITS=$gdir/gate_absent_bits.txt
fi
# A fault-capable harness (FAULT_RTL): every fault site of the RTL built in
# (+define+LS_FAULTS), the one injected chosen when the run starts, so one
# harness per parameter set serves every fault of the block.  Harnesses
# without FAULT_RTL are built from the RTL as synthesis reads it (no fault
# logic).  The fault's name is not in the cache key, except for GATE=1: there
# the netlist itself holds the fault (scripts/synth.sh FAULT_RTL=...).
fcap=0; [ -n "${FAULT_RTL:-}" ] && fcap=1
key=$( (cat "$tmp"/ls_top.sv "$tmp"/ls_pub.vlt "$tmp"/ls_files.txt "$tmp"/ls_ptrs.inc; echo "faults=$fcap${GATE:+ rtlfault=${FAULT_RTL:-}} rtldir=${RTL_DIR:-rtl} gate=${GATE:-} ${VFLAGS[*]}") | sha1sum | cut -c1-12)
dir=$B/ls/$block/${LS_SPEED:+speed-}$key
mkdir -p "$dir"
# parallel runs (make test) may share a harness: one builder at a time
exec 9>"$dir/.lock"
flock 9
srcs=($B/gen/l1sys_pkg.sv)
[ $fcap = 1 ] && srcs+=($B/gen/ls_fault_pkg.sv)
# RTL_DIR: another RTL tree (mutation testing builds each mutant from its own copy)
for f in $(cat "$tmp"/ls_files.txt); do srcs+=(${RTL_DIR:-rtl}/$f); done
if [ -n "${GATE:-}" ]; then # (the SRAM macros' models in gate_macros.v are RTL: their fault sites too)
  srcs=(tb/gate/osu018_cells.v "$gdir"/gate_macros.v "$gdir"/gate_netlist.v)
  [ $fcap = 1 ] && srcs=($B/gen/ls_fault_pkg.sv "${srcs[@]}")
fi
kind=RTL; [ -n "${GATE:-}" ] && kind=gate-level
defs=()
[ $fcap = 1 ] && defs+=(+define+LS_FAULTS)
# the harness's own files and options, rewritten only when their content
# changes (their dates are make's; scripts/harness.mk)
put() { if cmp -s "$1" "$2"; then rm -f "$1"; else mv "$1" "$2"; fi; }
for f in ls_top.sv ls_pub.vlt ls_files.txt ls_ptrs.inc; do cp "$tmp/$f" "$tmp/$f.new"; put "$tmp/$f.new" "$dir/$f"; done
declare -p block kind srcs defs VFLAGS OBJC GXX VTRACE fcap >"$tmp/harness.env"; put "$tmp/harness.env" "$dir/harness.env"
echo "SRCS := ${srcs[*]}" >"$tmp/harness.vars"; put "$tmp/harness.vars" "$dir/harness.vars"
# 2. the C side (optionally with a C fault), linked with the harness
csim=$B/lib/libcsim.a
exe=$dir/lockstep
pad=""
[ $lay != 0 ] && { exe=$dir/lockstep-layout$lay; pad=$B/layout/pad$lay.o; }
if [ -n "${FAULT_C:-}" ]; then
  fdir=$B/cfault/$FAULT_C
  mkdir -p "$fdir"
  exec 8>"$fdir/.lock"
  flock 8
  objs=()
  cinc=(-Icsim); for d in csim/*/; do cinc+=(-I"$d"); done
  # Only the sources that name the fault are compiled with it; the others
  # link the ordinary objects of the build (a fault named in a header
  # recompiles everything, as it may change any includer).
  inhdr=0; grep -qw -- "$FAULT_C" csim/*.h csim/*/*.h 2>/dev/null && inhdr=1
  for s in csim/*.c csim/*/*.c; do
    o=$fdir/$(basename "$s" .c).o
    if [ $inhdr = 0 ] && ! grep -qw -- "$FAULT_C" "$s" && [ -f "$B/obj/${s%.c}.o" ]; then
      objs+=("$B/obj/${s%.c}.o"); continue
    fi
    "${GCC[@]}" -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -D"$FAULT_C" -I$B/gen "${cinc[@]}" -Itb -Itb/engine -c "$s" -o "$o"
    objs+=("$o")
  done
  rm -f "$fdir/libcsim.a"; ar rcs "$fdir/libcsim.a" "${objs[@]}"
  csim=$fdir/libcsim.a
  exe=$dir/lockstep-$FAULT_C
fi
# Verilator, the glue, the link: each when its inputs changed (scripts/harness.mk)
make -s -f scripts/harness.mk DIR="$dir" EXE="$exe" CSIM="$csim" PAD="$pad" || exit 2
flock -u 9
[ -n "${LS_BUILD_ONLY:-}" ] && exit 0
rc=0
# LS_WRAP: a command the binary runs under (make bench-ir: valgrind)
read -r -a wrap <<<"${LS_WRAP:-}"
LS_FAULT_ID=$fid "${wrap[@]}" "$exe" --block "$block" "${args[@]}" || rc=$?
[ $rc -gt 2 ] && { echo "error: the lockstep binary $exe ended with status $rc (crash?)" >&2; rc=2; }
exit $rc
}
