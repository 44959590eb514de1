#!/usr/bin/env bash
# bench.sh -- make bench: cycles per second for every block in a
# representative configuration (C and RTLfast the best of 3 runs each,
# interleaved; the others one run):
#   C       the C model alone (lockstep-c --mode c)
#   RTLfast the RTL alone from a speed build: Verilator -O3, no tracing, no
#           assertions, no public state (LS_SPEED=1 scripts/lockstep.sh)
#   RTLls   the RTL alone from the lockstep build (-O1, FST tracing compiled
#           in, every state-map register public)
#   LS      C and RTL in lockstep, memories swept every 4096 cycles (default)
#   LS/sw1  lockstep with --sweep 1 (every memory row compared every cycle)
# The rows with a C/RTLf target (l1d base_fermi, mrpb warp) measure C and
# RTLfast on several code layouts (BENCH_LAYOUTS: the binaries relinked with
# that many bytes of cold code in front, LS_LAYOUT in scripts/lockstep.sh)
# and print the medians: the RTL speed build's figure moves by up to a fifth
# with where its code lands, which a relink moves without any change to it.
# C alone and RTL alone run with --bench: the same testbench work on both
# sides (the stimulus), no scoreboard and no coverage counting, which the
# RTL-alone run never does; the lockstep rows keep both.
# It prints a table with the ratios and writes build/bench.json.  The
# figures move with machine load: compare runs of one machine and moment
# (the first line names the machine; build/bench_machine.json holds it).
#   bench.sh --ir: instructions per cycle of the C model under valgrind
#   --tool=callgrind (a figure that does not move with load), and of the RTL
#   speed build for the rows with a C/RTLf target (BENCH_IR_RTL=all: every
#   row; 0: none): the C/RTLf ratio in instructions, both sides over the
#   same cycles (BENCH_IR_MRPB_CYCLES for the MRPB's row, default 200000).
# Environment: BENCH_CYCLES (the lockstep-build and lockstep runs; C alone and
# the RTL speed build run 10x that, the same stretch of stimulus for the
# C/RTLf ratio, long enough that a moment of load weighs on both alike);
# BENCH_BLOCKS="l1d mrpb" measures only those blocks' rows (BLOCK:CONFIG one
# row: BENCH_BLOCKS=l1d:volta_128k_sect); BENCH_BLOCKS=shell
# only the whole shell's (BENCH_SHELL_CYCLES for its RTL and lockstep runs);
# BENCH_BLOCKS=l1d_stream only the L1D stream rows below; BENCH_LAYOUTS
# (default "0 688 1392 2080 2768") and BENCH_LAYOUT_ROWS (targets, or all
# for every row) the code layouts above.
# The L1D C model against GPGPU-Sim's own cache (issue 28): build/bin/l1d-stream
# (programs/l1d_stream.c) on streams A, B and idle, base_fermi and the 48-way
# config, BENCH_STREAM_CYCLES (10^6) cycles, the best of 3 runs: cycles/s
# and decided requests/s (bench), instructions per cycle (bench --ir),
# printed beside GPGPU-Sim's figures from tb/bench/gpgpusim_l1d_ref.tsv
# (reference numbers with their provenance there, not re-measured).
set -u
cd "$(dirname "$0")/.."
. scripts/bench_lib.sh # (median, best, ratio, verdict, layout_ok)
B=build
N=${BENCH_CYCLES:-100000}
# the rows issue 28 sets a C/RTLf target for, with the least C/RTLf each
# must reach by clock (make bench-ir's RTL figures, make bench's layouts and
# its verdict line)
declare -A TARGET_MIN=([l1d:base_fermi]=30 [mrpb:warp]=20)
TARGET_ROWS="${!TARGET_MIN[*]}"
# code layouts for C/RTLf (LS_LAYOUT in scripts/lockstep.sh: bytes of cold
# code linked in front of everything): the rows with a C/RTLf target
# (BENCH_LAYOUT_ROWS=all: every row) take the median over them
read -r -a LAYOUTS <<<"${BENCH_LAYOUTS:-0 688 1392 2080 2768}"
LAYOUT_ROWS=${BENCH_LAYOUT_ROWS:-targets}
for l in "${LAYOUTS[@]}"; do
  layout_ok "$l" || { echo "error: BENCH_LAYOUTS='${BENCH_LAYOUTS:-}': expected numbers of bytes from 0 to 65536" >&2; exit 2; }
done
[ ${#LAYOUTS[@]} -gt 0 ] || { echo "error: BENCH_LAYOUTS is empty: expected numbers of bytes from 0 to 65536" >&2; exit 2; }
case $LAYOUT_ROWS in targets|all) ;; *) echo "error: BENCH_LAYOUT_ROWS='$LAYOUT_ROWS': expected targets or all" >&2; exit 2 ;; esac
NC=$((N * 10)) # C alone and the RTL speed build: the two sides of C/RTLf
# block | config: l1d 16 KB 4-way Fermi, the 48-way one and the sectored
# streaming Kepler one and the Volta L1D's 128 KB (issue 23; a third field
# divides the row's cycle counts: its RTL runs at a few thousand cycles/s), MRPB warp
# signature, each primitive's largest config
ROWS=(
  "l1d|tb/configs/l1d/base_fermi.cfg"
  "l1d|tb/configs/l1d/gtx1080_24k_48w.cfg"
  "l1d|tb/configs/l1d/kepler_titan_sect.cfg"
  "l1d|tb/configs/l1d/volta_128k_sect.cfg|5"
  "mrpb|tb/configs/mrpb/warp.cfg"
  "fifo_sync|tb/configs/fifo_sync/depth32_w130.cfg"
  "mem_1r1w|tb/configs/mem_1r1w/line1024.cfg"
  "prio_enc|tb/configs/prio_enc/n70.cfg"
  "rr_arb|tb/configs/rr_arb/n33.cfg"
  "sat_cnt|tb/configs/sat_cnt/w13.cfg"
)
# the GPU shell's RTL pairs (the shell's C model alone is timed after the table)
ROWS+=("shell_l2|tb/configs/shell_l2/default.cfg" "shell_xbar|tb/configs/shell_xbar/default.cfg"
       "shell_disp|tb/configs/shell_disp/default.cfg" "shell_byp|tb/configs/shell_byp/coord_leader.cfg"
       "shell_ccn|tb/configs/shell_ccn/on_n4_hop1.cfg" "shell_sm|tb/configs/shell_sm/default.cfg")
SHELL_ONLY=0
[ "${BENCH_BLOCKS:-}" = shell ] && { SHELL_ONLY=1; ROWS=(); }   # BENCH_BLOCKS=shell: only the whole shell's rows
STREAMS=1   # the L1D stream rows: by default, with BENCH_BLOCKS naming l1d or l1d_stream
if [ -n "${BENCH_BLOCKS:-}" ]; then
  [[ " $BENCH_BLOCKS " == *" l1d "* || " $BENCH_BLOCKS " == *" l1d_stream "* ]] || STREAMS=0
fi
STREAM_ONLY=0
[ "${BENCH_BLOCKS:-}" = l1d_stream ] && { STREAM_ONLY=1; SHELL_ONLY=1; ROWS=(); }
if [ -n "${BENCH_BLOCKS:-}" ] && [ $SHELL_ONLY = 0 ]; then
  keep=()
  for row in "${ROWS[@]}"; do
    IFS='|' read -r rb rc _ <<<"$row"
    [[ " $BENCH_BLOCKS " == *" $rb "* || " $BENCH_BLOCKS " == *" $rb:$(basename $rc .cfg) "* ]] && keep+=("$row")
  done
  [ ${#keep[@]} -gt 0 ] || { echo "error: BENCH_BLOCKS='$BENCH_BLOCKS': no benchmark row of these blocks (rows: $(for r in "${ROWS[@]}"; do IFS='|' read -r rb rc _ <<<"$r"; printf '%s:%s ' $rb $(basename $rc .cfg); done))" >&2; exit 2; }
  ROWS=("${keep[@]}")
fi
# the machine the figures come from (cycles/s are this machine's; the
# instruction counts of bench --ir are not): printed, and written beside the
# JSON (scripts/bench_lib.sh, machine)
if [ "${1:-}" = --ir ]; then echo "$(machine) (instructions per cycle do not depend on it)"
else echo "$(machine) (every cycles/s figure below is this machine's)"; fi
mkdir -p $B && machine_json >$B/bench_machine.json
echo "make bench: building the C models and the engine"
make -s build >/dev/null &
bpid=$!
t0=$SECONDS
while kill -0 $bpid 2>/dev/null; do
  sleep 1
  [ $(( (SECONDS - t0) % 8 )) -eq 0 ] && kill -0 $bpid 2>/dev/null && echo "make bench: still building ($((SECONDS - t0)) s)"
done
wait $bpid || exit 2

speed() { grep -E '^(PASS|DONE) ' <<<"$1" | grep -o '[0-9]* cycles/s' | awk '{print $1}' | tail -1; }
# (median, best, ratio, verdict: scripts/bench_lib.sh)

# ---- the L1D C model on issue 28's streams, beside GPGPU-Sim's own cache ----
REF=tb/bench/gpgpusim_l1d_ref.tsv
SCYC=${BENCH_STREAM_CYCLES:-1000000}
SCFGS="base_fermi gtx1080_24k_48w"
ref() { awk -F'\t' -v s=$1 -v c=$2 -v k=$3 '!/^#/ && $1 == s && $2 == c { print $k }' $REF; }
streams_speed() {
  echo
  echo "the L1D C model alone on issue 28's streams (build/bin/l1d-stream, $SCYC cycles, best of 3) beside GPGPU-Sim's l1_cache"
  echo "(GPGPU-Sim: reference figures of $REF, measured on another machine and day, not re-measured here)"
  printf '%-6s %-16s %12s %12s %14s %9s\n' stream config "cycles/s" "decided/s" "GPGPU-Sim c/s" "ours/GS"
  local sj="[" st c best bestd l v d g r
  for st in A B idle; do
    for c in $SCFGS; do
      echo "  ... l1d-stream $st $c" >&2
      best=""; bestd=""
      for k in 1 2 3; do
        l=$($B/bin/l1d-stream --config tb/configs/l1d/$c.cfg --stream $st --cycles $SCYC) || { rc=1; continue; }
        v=$(grep -o '[0-9]* cycles/s' <<<"$l" | awk '{print $1}'); d=$(grep -o '([0-9]* decided/s)' <<<"$l" | tr -dc 0-9)
        if [ -z "$best" ] || [ "$v" -gt "$best" ]; then best=$v; bestd=$d; fi
      done
      g=$(ref $st $c 3); r="-"
      [ -n "$best" ] && [ -n "$g" ] && [ "$g" != - ] && r=$(awk -v a=$best -v b=$g 'BEGIN { printf "%.2f", a / b }')
      printf '%-6s %-16s %12s %12s %14s %9s\n' $st $c "${best:-fail}" "${bestd:-fail}" "${g:--}" "$r"
      [ "$sj" = "[" ] || sj+=","
      sj+="{\"stream\":\"$st\",\"config\":\"$c\",\"cycles\":$SCYC,\"cycles_per_s\":${best:-null},\"decided_per_s\":${bestd:-null},"
      sj+="\"gpgpusim_cycles_per_s\":$([ -z "$g" ] || [ "$g" = - ] && echo null || echo $g)}"
    done
  done
  echo "$sj]" >$B/bench_l1d_stream.json
  echo "written: $B/bench_l1d_stream.json"
}
streams_ir() {
  local n=${BENCH_STREAM_IR_CYCLES:-100000} st c i1 i0 per g r t sj="["
  echo
  echo "the L1D C model on issue 28's streams: instructions per cycle (callgrind, $n cycles minus a 0-cycle run) beside GPGPU-Sim's"
  echo "(GPGPU-Sim: $REF; target: <= 0.5x GPGPU-Sim on A and B, <= 150 on idle)"
  printf '%-6s %-16s %12s %12s %8s %8s\n' stream config "instr/cycle" "GPGPU-Sim" "ours/GS" target
  sir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null $B/bin/l1d-stream --config tb/configs/l1d/$1.cfg --stream $2 \
    --cycles $3 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
  for st in A B idle; do
    for c in $SCFGS; do
      echo "  ... l1d-stream $st $c under callgrind" >&2
      i1=$(sir $c $st $n); i0=$(sir $c $st 0)
      if [ -n "$i1" ] && [ -n "$i0" ]; then per=$(( (i1 - i0) / n )); else per=""; rc=1; fi
      g=$(ref $st $c 4); r="-"; t="-"
      [ -n "$per" ] && [ -n "$g" ] && r=$(awk -v a=$per -v b=$g 'BEGIN { printf "%.2f", a / b }')
      if [ -n "$per" ]; then
        if [ $st = idle ]; then [ $per -le 150 ] && t=met || t=missed
        else awk -v r=$r 'BEGIN { exit !(r <= 0.5) }' && t=met || t=missed; fi
      fi
      printf '%-6s %-16s %12s %12s %8s %8s\n' $st $c "${per:-fail}" "${g:--}" "$r" "$t"
      [ "$sj" = "[" ] || sj+=","
      sj+="{\"stream\":\"$st\",\"config\":\"$c\",\"cycles\":$n,\"c_instr_per_cycle\":${per:-null},\"gpgpusim_instr_per_cycle\":${g:-null}}"
    done
  done
  echo "$sj]" >$B/bench_ir_l1d_stream.json
  echo "written: $B/bench_ir_l1d_stream.json"
}

if [ "${1:-}" = --ir ]; then
  command -v valgrind >/dev/null || { echo "error: valgrind is not installed (scripts/install_deps.sh installs it)" >&2; exit 2; }
  NI=${BENCH_IR_CYCLES:-20000}
  [ $STREAM_ONLY = 1 ] || echo "make bench-ir: instructions per cycle of the C model alone, --bench (valgrind --tool=callgrind, $NI cycles minus a 0-cycle run)"
  # the RTL speed build's instructions per cycle too (the same --bench
  # stimulus): the C/RTLf ratio in instructions, which the machine's load
  # does not move.  BENCH_IR_RTL: "targets" (default: the rows issue 28 sets
  # a C/RTLf target for, l1d:base_fermi and mrpb:warp), "all", or 0.
  IRR=${BENCH_IR_RTL:-targets}
  # the rows with an RTLf figure: both sides over these cycles (default: a
  # quarter of BENCH_IR_CYCLES; the MRPB's stimulus needs ~200k to average
  # over its mode combos: BENCH_IR_MRPB_CYCLES)
  declare -A IR_WINDOW=([mrpb:warp]=${BENCH_IR_MRPB_CYCLES:-200000})
  [ $STREAM_ONLY = 1 ] || echo "(RTLf: the RTL speed build under callgrind, minus a 0-cycle run; rows with RTLf: C and RTLf over the same cycles, a quarter of the above, mrpb warp ${IR_WINDOW[mrpb:warp]}; BENCH_IR_RTL=$IRR)"
  # The stimulus (the adapter's stim(), the same code and draws in both
  # runs) counted apart for the rows with an RTLf figure: callgrind
  # --toggle-collect=stim, the instructions inside it and its callees.
  # "models" is the ratio without it on either side: what the RTL speed
  # build's model costs per cycle over what the C model costs, the engine's
  # loop (tens of instructions) still in both.
  [ $STREAM_ONLY = 1 ] || echo "(stim: of the C figure, the stimulus's share; models: RTLf/C with the stimulus taken out of both sides)"
  [ $STREAM_ONLY = 1 ] || printf '%-10s %-22s %14s %14s %9s %8s %8s\n' block config "instr/cycle" "RTLf instr/c" "RTLf/C" stim models
  json="["; irc=0
  for row in "${ROWS[@]}"; do
    IFS='|' read -r b c div <<<"$row"; cn=$(basename $c .cfg); div=${div:-1}
    # ($2: more callgrind options, e.g. --toggle-collect=stim)
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null ${2:-} $B/bin/lockstep-c --block $b --mode c --bench --config $c \
      --cycles $1 --quiet --progress off 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
    rir() { LS_QUIET=1 LS_SPEED=1 LS_WRAP="valgrind --tool=callgrind --callgrind-out-file=/dev/null ${2:-}" bash scripts/lockstep.sh $b \
      --config $c --mode rtl --bench --seed 1 --cycles $1 --quiet --no-rerun 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
    # a row with an RTLf figure: C and RTLf over the same cycles (the
    # stimulus's traffic phases move the C figure with the window: the
    # MRPB's sweeps its mode combos over ~200k cycles, its first 20k are
    # cheaper than the run's average; the RTL speed build's figure is flat)
    rtlrow=0; { [ "$IRR" = all ] || { [ "$IRR" = targets ] && [[ " $TARGET_ROWS " == *" $b:$cn "* ]]; }; } && rtlrow=1
    nc=$NI; [ $rtlrow = 1 ] && nc=${IR_WINDOW[$b:$cn]:-$((NI / 4 / div))}
    echo "  ... $b $cn under callgrind" >&2
    i1=$(ir $nc); i0=$(ir 0)
    if [ -n "$i1" ] && [ -n "$i0" ]; then per=$(( (i1 - i0) / nc )); else per=""; fi
    rper="-"; rr="-"; sper="-"; mr="-"
    if [ $rtlrow = 1 ]; then
      nr=$nc
      echo "  ... $b $cn: RTL speed build under callgrind (the first run builds it)" >&2
      r1=$(rir $nr); r0=$(rir 0)
      if [ -n "$r1" ] && [ -n "$r0" ]; then rper=$(( (r1 - r0) / nr )); else rper=fail; fi
      [ -n "$per" ] && [ "$rper" != fail ] && rr=$(awk -v a=$rper -v b=$per 'BEGIN { printf "%.2f", a / b }')
      # the stimulus apart (it runs only in simulated cycles: no 0-cycle run)
      echo "  ... $b $cn: the stimulus's share under callgrind, both sides" >&2
      s1=$(ir $nc --toggle-collect=stim); rs1=$(rir $nr --toggle-collect=stim)
      if [ -n "$s1" ] && [ -n "$rs1" ] && [ "$rr" != - ]; then
        sper=$((s1 / nc))
        mr=$(awk -v a=$rper -v sa=$((rs1 / nr)) -v b=$per -v sb=$sper 'BEGIN { printf "%.2f", (a - sa) / (b - sb) }')
      else sper=fail; fi
    fi
    { [ -n "$per" ] && [ "$rper" != fail ] && [ "$sper" != fail ]; } || irc=1
    printf '%-10s %-22s %14s %14s %9s %8s %8s\n' $b $cn "${per:-fail}" "$rper" "$rr" "$sper" "$mr"
    [ "$json" = "[" ] || json+=","
    json+="{\"block\":\"$b\",\"config\":\"$cn\",\"cycles\":$nc,\"c_instr_per_cycle\":${per:-null},"
    json+="\"rtl_speed_instr_per_cycle\":$([[ "$rper" =~ ^[0-9]+$ ]] && echo $rper || echo null),"
    json+="\"rtl_speed_over_c_instr\":$([ "$rr" = - ] && echo null || echo $rr),"
    json+="\"c_stim_instr_per_cycle\":$([[ "$sper" =~ ^[0-9]+$ ]] && echo $sper || echo null),"
    json+="\"models_rtl_speed_over_c_instr\":$([ "$mr" = - ] && echo null || echo $mr)}"
  done
  [ $STREAM_ONLY = 1 ] || { echo "$json]" >$B/bench_ir.json; echo "written: $B/bench_ir.json"; }
  rc=$irc
  [ $STREAMS = 1 ] && streams_ir
  # the whole shell's C model (shell-sim, atax on the default shell):
  # instructions per simulated cycle, a figure the machine's load does not
  # move, with and without the skip paths (--eval-all)
  if [ -z "${BENCH_BLOCKS:-}" ] || [[ " $BENCH_BLOCKS " == *" shell "* ]]; then
    make -s $B/bin/shell-sim >/dev/null 2>&1 || rc=1
    local_ns=${BENCH_SHELL_IR_CYCLES:-20000}
    echo
    echo "the whole shell's C model (shell-sim, tb/configs/shell/sim/default.cfg, atax): instructions per simulated cycle"
    echo "(callgrind, $((2 * local_ns)) cycles minus $local_ns: the one-time workload generation cancels)"
    printf '%-22s %12s %12s %9s\n' SMs instr/cycle "--eval-all" "all/skip"
    shir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null $B/bin/shell-sim --config tb/configs/shell/sim/default.cfg --quiet \
      --set SHELL_MAX_CYCLES=$1 "${@:2}" 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'; }
    shj="["
    for n in 1 4 15 80; do
      extra=(--set SHELL_SMS=$n); [ $n = 80 ] && extra+=(--set SHELL_L2_BANKS=64)
      echo "  ... shell-sim $n SMs under callgrind" >&2
      a2=$(shir $((2 * local_ns)) "${extra[@]}"); a1=$(shir $local_ns "${extra[@]}")
      e2=$(shir $((2 * local_ns)) "${extra[@]}" --eval-all); e1=$(shir $local_ns "${extra[@]}" --eval-all)
      per=""; pe=""; r="-"
      [ -n "$a2" ] && [ -n "$a1" ] && per=$(( (a2 - a1) / local_ns ))
      [ -n "$e2" ] && [ -n "$e1" ] && pe=$(( (e2 - e1) / local_ns ))
      [ -n "$per" ] && [ -n "$pe" ] && r=$(awk -v a=$pe -v b=$per 'BEGIN { printf "%.2f", a / b }')
      [ -n "$per" ] && [ -n "$pe" ] || rc=1
      printf '%-22s %12s %12s %9s\n' "$n$([ $n = 80 ] && echo ' (64 L2 banks)')" "${per:-fail}" "${pe:-fail}" "$r"
      [ "$shj" = "[" ] || shj+=","
      shj+="{\"sms\":$n,\"instr_per_cycle\":${per:-null},\"eval_all_instr_per_cycle\":${pe:-null}}"
    done
    echo "$shj]" >$B/bench_ir_shell.json
    echo "written: $B/bench_ir_shell.json"
  fi
  exit $rc
fi

[ $STREAM_ONLY = 1 ] || echo "make bench: C alone and RTL speed build the best of 3 runs, the others one run; C alone and RTL speed build $NC cycles, RTL lockstep build and lockstep $N; --sweep 1 runs $((N / 4)) cycles"
[ $STREAM_ONLY = 1 ] || echo "(the RTL speed builds are Verilator -O3 builds of their own; the first bench run builds them, a minute or more each)"
hdr=$(printf '%-10s %-18s %10s %10s %10s %10s %10s %8s %8s %8s' block config "C" "RTLfast" "RTLls" "LS" "LS/sw1" "C/RTLf" "LS/RTLls" "sw1cost")
[ $SHELL_ONLY = 1 ] || echo "$hdr"
json="["
rc=0
run() { # mode, extra env, cycles, args...
  local m=$1 env=$2 n=$3; shift 3
  # stdout holds the figure; stderr (build notes every 8 s, progress every 5 s) passes through
  env LS_QUIET=1 $env bash scripts/lockstep.sh "$@" --seed 1 --cycles $n --mode $m --quiet --no-rerun
}
for row in "${ROWS[@]}"; do
  IFS='|' read -r b c div <<<"$row"; cn=$(basename $c .cfg)
  div=${div:-1}; rn=$((N / div)); rnc=$((NC / div))
  # C/RTLf: each side the best of 3 runs, interleaved (C, RTLf, C, ...), so
  # a moment of load on a shared machine weighs on neither side's figure.
  # The rows with a C/RTLf target (or all: BENCH_LAYOUT_ROWS=all) are
  # measured on every code layout of LAYOUTS (each side the best of 2 runs
  # per layout) and give the median over the layouts: the RTL speed build's
  # figure moves by up to a fifth with where its code sits
  lays=(0); nk=3; lj=""
  if [ "$LAYOUT_ROWS" = all ] || [[ " $TARGET_ROWS " == *" $b:$cn "* ]]; then lays=("${LAYOUTS[@]}"); nk=2; fi
  lcs=(); lfs=()
  for lay in "${lays[@]}"; do
    sc=""; sf=""; lt=""; [ ${#lays[@]} -gt 1 ] && lt=", layout +$lay bytes"
    for ((k = 1; k <= nk; k++)); do
      echo "  ... $b $cn: C alone ($k of $nk$lt)" >&2
      v=$(speed "$(run c "LS_LAYOUT=$lay" $rnc $b --config $c --bench)"); sc=$(best "$sc" "$v")
      echo "  ... $b $cn: RTL alone, speed build ($k of $nk$lt)" >&2
      v=$(speed "$(run rtl "LS_SPEED=1 LS_LAYOUT=$lay" $rnc $b --config $c --bench)"); sf=$(best "$sf" "$v")
    done
    [ "$sc" = fail ] && sc=""; [ "$sf" = fail ] && sf=""
    lcs+=("${sc:-fail}"); lfs+=("${sf:-fail}")
    [ -z "$lj" ] || lj+=","
    lj+="{\"pad_bytes\":$lay,\"c_alone\":${sc:-null},\"rtl_speed_build\":${sf:-null}}"
  done
  if [ ${#lays[@]} -gt 1 ]; then
    sc=$(median "${lcs[@]}"); sf=$(median "${lfs[@]}")
  fi
  echo "  ... $b $cn: RTL alone, lockstep build" >&2
  sr=$(speed "$(run rtl "" $rn $b --config $c --bench)")
  echo "  ... $b $cn: lockstep" >&2
  sl=$(speed "$(run lockstep "" $rn $b --config $c)")
  echo "  ... $b $cn: lockstep --sweep 1" >&2
  s1=$(speed "$(run lockstep "" $((rn / 4)) $b --config $c --sweep 1)")
  r1=$(ratio "$sc" "$sf"); r2=$(ratio "$sl" "$sr"); r3=$(ratio "$sl" "$s1")
  printf '%-10s %-18s %10s %10s %10s %10s %10s %8s %8s %8s\n' $b $cn "${sc:-fail}" "${sf:-fail}" "${sr:-fail}" "${sl:-fail}" "${s1:-fail}" "$r1" "$r2" "$r3"
  [ "$div" = 1 ] || echo "           (this row: the cycle counts above divided by $div: $rnc C alone and RTL speed build, $rn lockstep build and lockstep)"
  if [ ${#lays[@]} -gt 1 ]; then
    echo "           (C and RTLfast: medians over ${#lays[@]} code layouts, +${lays[*]} bytes; per layout C ${lcs[*]}, RTLfast ${lfs[*]};"
    echo "            C/RTLf per layout $(for ((i = 0; i < ${#lays[@]}; i++)); do ratio "${lcs[$i]/fail/}" "${lfs[$i]/fail/}"; printf ' '; done))"
  fi
  for v in "$sc" "$sf" "$sr" "$sl" "$s1"; do [ -n "$v" ] || rc=1; done
  tmin=${TARGET_MIN[$b:$cn]:-}
  if [ -n "$tmin" ]; then
    [ -z "${tverd:-}" ] || tverd+="; "
    tverd+="$b $cn >= $tmin: $r1 $(verdict "$r1" "$tmin")"
  fi
  [ "$json" = "[" ] || json+=","
  json+="{\"block\":\"$b\",\"config\":\"$cn\",\"cycles\":$rn,\"c_alone\":${sc:-null},\"rtl_speed_build\":${sf:-null},"
  json+="\"rtl_lockstep_build\":${sr:-null},\"lockstep\":${sl:-null},\"lockstep_sweep1\":${s1:-null},"
  json+="\"c_over_rtl_speed\":$([ "$r1" = - ] && echo null || echo $r1),\"lockstep_over_rtl_lockstep_build\":$([ "$r2" = - ] && echo null || echo $r2),"
  json+="\"sweep1_slowdown\":$([ "$r3" = - ] && echo null || echo $r3),\"layouts\":[$lj]}"
done
[ $SHELL_ONLY = 1 ] || echo "$json]" >$B/bench.json
[ -n "${tverd:-}" ] && echo "  issue 28's C/RTLf targets, by clock (medians over code layouts): $tverd"
[ $STREAMS = 1 ] && streams_speed
[ $STREAM_ONLY = 1 ] && exit $rc
# BENCH_BLOCKS without "shell": the rows above only
[ -n "${BENCH_BLOCKS:-}" ] && [[ " $BENCH_BLOCKS " != *" shell "* ]] && exit $rc
# the whole shell (issue 14's speed targets), per SM count on the default
# shell (tb/configs/shell/sim/default.cfg): the C model alone (shell-sim, its own
# environment, workload atax; and the system block's C side, --bench), the
# RTL top alone from a speed build and the system lockstep (block shell,
# whose environment replays srad/spmv/atax over and over)
SN=${BENCH_SHELL_CYCLES:-20000}
SC=tb/configs/shell/sim/default.cfg
make -s $B/bin/shell-sim >/dev/null 2>&1 || rc=1
echo
echo "the whole shell, $SC (48 warp slots, 16 KB L1D, 6 L2 banks); C alone ${NC} cycles, RTL and lockstep $SN cycles:"
printf '%-4s %12s %12s %10s %10s %12s %9s\n' SMs shell-sim C-system RTLfast LS "cost/1SM" "skip/all"
declare -A lsn
# shell-sim's cycles/s, the best of 3 runs (the shared machine's noise)
simspeed() {
  local best=0 v
  for k in 1 2 3; do
    v=$($B/bin/shell-sim --config $SC --set SHELL_MAX_CYCLES=$NC "$@" 2>&1 | grep '^C model:' | grep -o '[0-9]* cycles/s' | awk '{print $1}')
    [ -n "$v" ] || return 1
    [ "$v" -gt "$best" ] && best=$v
  done
  echo $best
}
for n in 1 4 15; do
  echo "  ... shell $n SMs" >&2
  ss=$(simspeed --set SHELL_SMS=$n)
  # the skip paths (sleeping and repeating SMs, sleeping banks) against
  # evaluating everything every cycle, measured in this run
  sa=$(simspeed --set SHELL_SMS=$n --eval-all)
  skip=$([ -n "$ss" ] && [ -n "$sa" ] && awk -v a=$ss -v b=$sa 'BEGIN { printf "%.2f", a / b }' || echo -)
  scs=$(speed "$(run c "" $NC shell --config $SC --set SHELL_SMS=$n --bench)")
  sfs=$(speed "$(run rtl LS_SPEED=1 $SN shell --config $SC --set SHELL_SMS=$n --bench)")
  sls=$(speed "$(run lockstep "" $SN shell --config $SC --set SHELL_SMS=$n)")
  lsn[$n]=$sls
  cost="-"; [ -n "${lsn[1]:-}" ] && [ -n "$sls" ] && cost=$(awk -v a=${lsn[1]} -v b=$sls 'BEGIN { printf "%.2f", a / b }')
  printf '%-4s %12s %12s %10s %10s %12s %9s\n' $n "${ss:-fail}" "${scs:-fail}" "${sfs:-fail}" "${sls:-fail}" "$cost" "$skip"
  for v in "$ss" "$scs" "$sfs" "$sls"; do [ -n "$v" ] || rc=1; done
done
# scale (issue 22): the C model alone at GPGPU-Sim's SM7_QV100 size, 80 SMs
# on 64 L2 banks (no RTL build of that size here: see docs/shell.md, Scale)
echo "  ... shell-sim 80 SMs x 64 banks" >&2
ss=$(simspeed --set SHELL_SMS=80 --set SHELL_L2_BANKS=64)
sa=$(simspeed --set SHELL_SMS=80 --set SHELL_L2_BANKS=64 --eval-all)
skip=$([ -n "$ss" ] && [ -n "$sa" ] && awk -v a=$ss -v b=$sa 'BEGIN { printf "%.2f", a / b }' || echo -)
printf '%-4s %12s %12s %10s %10s %12s %9s   (80 SMs x 64 L2 banks, shell-sim only)\n' 80 "${ss:-fail}" - - - - "$skip"
[ -n "$ss" ] || rc=1
echo "  shell-sim: the C model with its own environment (line 'C model:'), the best of 3 runs; C-system: the system block's C side;"
echo "  skip/all: shell-sim against shell-sim --eval-all (no sleeping or repeating SMs or banks), each the best of 3, this run;"
echo "  issue 28's targets: 4 SMs >= 1000000, 15 SMs >= 400000, 80 SMs >= 100000 cycles/s"
echo "  cost/1SM: lockstep time per cycle relative to 1 SM (issue 14: 15 SMs <= 16x)"
echo "columns: cycles/s of C alone, RTL alone (speed build), RTL alone (lockstep build), lockstep, lockstep --sweep 1;"
echo "  C/RTLf = C alone / RTL speed build; LS/RTLls = lockstep / RTL lockstep build; sw1cost = lockstep / lockstep --sweep 1"
echo "written: $B/bench.json"
exit $rc
