#!/usr/bin/env bash
# test_inputs.sh -- every class of bad input on the command line, in config
# files and GPGPU-Sim files: exit code 2 and exactly one "error:" line that
# names the file:line / option / parameter (docs/parameters.md); the same
# under the sanitizer build (no LeakSanitizer report); every GPGPU-Sim
# config of ../shared/gpgpusim-configs runs or is refused naming the field;
# results files (docs/results.md); the GPU shell's inputs (shell-sim and
# make sim/run/lockstep: traces, .wl files, tags, options, make variables,
# results written whole).  One PASS/FAIL line per check.
set -u
cd "$(dirname "$0")/.."
B=build
L=$B/bin/lockstep-c
LA=$B/bin/lockstep-c-asan
T=$B/test-logs/inputs
GCFG=${GPGPUSIM_CONFIGS:-/work/shared/gpgpusim-configs}
[ -d "$GCFG" ] || GCFG=../shared/gpgpusim-configs
rm -rf $T; mkdir -p $T
make -s build $LA $B/bin/shell-sim-asan >/dev/null || { echo "FAIL inputs: build"; exit 1; }
ok()  { echo "PASS $*"; }
bad() { echo "FAIL $*"; }
# refused NAME WANT CMD...: exit 2, one line on stderr starting "error:" and containing WANT,
# no raw control bytes, nothing written to build/stats by it
refused() {
  local name=$1 want=$2; shift 2
  "$@" >$T/out 2>$T/err </dev/null; local rc=$?
  local n; n=$(grep -c '' $T/err)
  if [ $rc -eq 2 ] && [ "$n" -eq 1 ] && grep -q '^error: ' $T/err && grep -qF -- "$want" $T/err && ! LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <$T/err); then
    ok "bad input: $name -> exit 2: $(head -c 200 $T/err)"
  else
    bad "bad input: $name: exit $rc, $n stderr lines, want '$want': $(head -c 300 $T/err | tr '\n' '|')"
  fi
  if [ "$1" = "$L" ]; then # the same under the sanitizers: exit 2, no report
    shift
    "$LA" "$@" >$T/out 2>$T/err </dev/null; rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "$want" $T/err && ! grep -qE 'Sanitizer|runtime error' $T/err; then
      ok "bad input under the sanitizers: $name -> exit 2, no sanitizer report"
    else bad "bad input under the sanitizers: $name: exit $rc: $(head -c 300 $T/err | tr '\n' '|')"; fi
  fi
}
# the same, under ASan/UBSan/LSan: exit 2 and no sanitizer report
refused_asan() {
  local name=$1 want=$2; shift 2
  "$LA" "$@" >$T/out 2>$T/err </dev/null; local rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" $T/err && ! grep -qE 'Sanitizer|runtime error' $T/err; then
    ok "bad input under the sanitizers: $name -> exit 2, no sanitizer report"
  else bad "bad input under the sanitizers: $name: exit $rc: $(head -c 300 $T/err | tr '\n' '|')"; fi
}
C="--mode c --cycles 200 --quiet --stats $T/s.json"

# ---- config files ----
mkdir -p $T/dir.cfg
: >$T/empty.cfg
printf ' \n\t\n' >$T/blank.cfg
printf '# only comments\n' >$T/comments.cfg
printf 'FIFO_DEPTH=4\nFIFO_WIDTH=8\nFIFO_DEPTH=5\n' >$T/dup.cfg
printf 'FIFO_DEPTH=010\n' >$T/octal.cfg
printf 'FIFO_DEPTH=4\0FIFO_WIDTH=9\n' >$T/nul.cfg
printf 'FIFO_WIDTH=\x1b[2J\x07\n' >$T/ctrl.cfg
printf '\xde\xad\xbe\xef\n' >$T/binary.cfg
{ printf '#'; head -c 3000 /dev/zero | tr '\0' c; printf '\nFIFO_DEPTH=4\nFIFO_WIDTH=x\n'; } >$T/longcomment.cfg
{ head -c 5000 /dev/zero | tr '\0' A; printf '=1\n'; } >$T/longline.cfg
printf 'L1D_SETS=64\n' >$T/l1d.cfg
printf 'L1D_GPGPUSIM = N:32:128:4,L:L:m:N:H,A:32:8,8\nL1D_WAYS=8\n' >$T/gs_dup.cfg
printf 'FIFO_DEPTH=4 # ok\n' >$T/good.cfg
refused "a directory as --config" "config file '$T/dir.cfg': is a directory" $L --block fifo_sync $C --config $T/dir.cfg
refused "an empty config file" "'$T/empty.cfg': empty" $L --block fifo_sync $C --config $T/empty.cfg
refused "a config file of blanks" "'$T/blank.cfg': empty" $L --block fifo_sync $C --config $T/blank.cfg
refused "a missing config file" "cannot open" $L --block fifo_sync $C --config $T/nope.cfg
refused "a parameter twice in a file (both lines named)" "dup.cfg:3: parameter FIFO_DEPTH set a second time (first at $T/dup.cfg:1)" $L --block fifo_sync $C --config $T/dup.cfg
refused "an octal-looking value" "octal is not accepted" $L --block fifo_sync $C --config $T/octal.cfg
refused "a NUL byte" "nul.cfg:1: NUL byte at column 13" $L --block fifo_sync $C --config $T/nul.cfg
refused "control bytes shown escaped" "'\\x1b[2J\\x07'" $L --block fifo_sync $C --config $T/ctrl.cfg
refused "binary bytes shown escaped" "'\\xde\\xad\\xbe\\xef' is not NAME=VALUE" $L --block fifo_sync $C --config $T/binary.cfg
refused "a 3000-byte comment line, then an error at the right line" "longcomment.cfg:3: parameter FIFO_WIDTH='x'" $L --block fifo_sync $C --config $T/longcomment.cfg
refused "an over-long assignment" "longline.cfg:1: assignment of 5002 bytes" $L --block fifo_sync $C --config $T/longline.cfg
refused "another block's parameter in a file" "l1d.cfg:1: parameter L1D_SETS belongs to block l1d, not to block fifo_sync" $L --block fifo_sync $C --config $T/l1d.cfg
refused "an l1d config on the mrpb block" "belongs to block l1d, not to block mrpb" $L --block mrpb $C --config tb/configs/l1d/base_fermi.cfg
refused "a GPGPU-Sim string and the parameter it sets, in one file" "gs_dup.cfg:2: parameter L1D_WAYS set a second time (first at $T/gs_dup.cfg:1 (GPGPU-Sim field assoc))" $L --block l1d $C --config $T/gs_dup.cfg
if $L --block fifo_sync $C --config $T/comments.cfg >/dev/null 2>&1; then ok "a file of comments only means the defaults"; else bad "a file of comments only"; fi

# ---- --set and options ----
refused "another block's parameter in --set" "--set: parameter L1D_SETS belongs to block l1d, not to block fifo_sync" $L --block fifo_sync $C --set L1D_SETS=64
refused "a parameter twice in --set" "--set #2: parameter FIFO_DEPTH set a second time (first at --set #1)" $L --block fifo_sync $C --set FIFO_DEPTH=4 --set FIFO_DEPTH=5
refused "--set octal" "FIFO_DEPTH='010'" $L --block fifo_sync $C --set FIFO_DEPTH=010
refused "--set a negative value" "FIFO_DEPTH='-1'" $L --block fifo_sync $C --set FIFO_DEPTH=-1
refused "--set with trailing junk" "FIFO_DEPTH='4k'" $L --block fifo_sync $C --set FIFO_DEPTH=4k
refused "--set an unknown enum label" "L1D_REPL='RANDOM': expected one of LRU(0), FIFO(1)" $L --block l1d $C --set L1D_REPL=RANDOM
refused "--set escapes control bytes" "unknown parameter '\\x1b]0;x\\x07'" $L --block fifo_sync $C --set $'\e]0;x\a=1'
refused "--list-params of an unknown block" "option --list-params: unknown block 'nope'" bash -c "$L --list-params nope 2>&1 >/dev/null | sed -n 1p >&2; exit \${PIPESTATUS[0]}"
if $L --list-params l1d | grep -q L1D_GPGPUSIM; then ok "--list-params l1d lists L1D_GPGPUSIM"; else bad "--list-params l1d"; fi
refused "a --window past the end of the run" "option --window 150:300: past the end of the run (--cycles 200" $L --block fifo_sync $C --window 150:300
refused "a --window backwards" "option --window: '9:3' is not FROM:TO cycles" $L --block fifo_sync $C --window 9:3
refused "an option without its value" "option --seed needs a value" $L --block fifo_sync --seed
refused "an unknown block, escaped" "unknown block '\\x1b[1m'" bash -c "$L --block \$'\\e[1m' 2>&1 >/dev/null | sed -n 1p >&2; exit \${PIPESTATUS[0]}"
refused "--stats into a missing directory" "option --stats: cannot write '/nonexistent/x.json'" $L --block fifo_sync --mode c --cycles 10 --stats /nonexistent/x.json
refused "--gpgpusim-config twice with one file" "option --gpgpusim-config given twice with '$GCFG/SM2_GTX480.config'" $L --block l1d $C --gpgpusim-config $GCFG/SM2_GTX480.config --gpgpusim-config $GCFG/SM2_GTX480.config

# ---- size limits, up front, naming the parameters ----
refused "L1D 1024 sets x 8 ways" "parameters L1D_SETS=1024 x L1D_WAYS=8" $L --block l1d $C --set L1D_SETS=1024 --set L1D_WAYS=8
refused "L1D data arrays over the build bound" "parameters L1D_SETS=64 x L1D_WAYS=16 x L1D_LINE=256" $L --block l1d $C --set L1D_SETS=64 --set L1D_WAYS=16 --set L1D_LINE=256
refused "a 65536x4096 memory" "parameter MEM_DEPTH=65536: more than 4096 rows" $L --block mem_1r1w $C --set MEM_DEPTH=65536 --set MEM_WIDTH=4096 --set MEM_SLICE=8
s0=$(date +%s)
refused "make lockstep with a 65536x4096 memory: refused before any Verilator build" "MEM_DEPTH=65536: more than 4096 rows" \
  bash -c "make -s lockstep BLOCK=mem_1r1w SET='MEM_DEPTH=65536 MEM_WIDTH=4096 MEM_SLICE=8' CYCLES=10 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"

# ---- GPGPU-Sim strings and files ----
mkdir -p $T/dir.config
: >$T/empty.config
printf -- '-gpgpu_n_clusters 15\n' >$T/nodl1.config
printf -- '-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-gpgpu_n_clusters 15\n-gpgpu_n_clusters 16\n' >$T/dupopt.config
printf -- '-gpgpu_n_clusters 15\n-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-x "open\n' >$T/quote.config
refused "a directory as --gpgpusim-config" "is a directory" $L --block l1d $C --gpgpusim-config $T/dir.config
refused "an empty GPGPU-Sim config" "no options" $L --block l1d $C --gpgpusim-config $T/empty.config
refused "a GPGPU-Sim config without -gpgpu_cache:dl1" "no -gpgpu_cache:dl1 option" $L --block l1d $C --gpgpusim-config $T/nodl1.config
refused "a GPGPU-Sim option twice" "dupopt.config:3: option -gpgpu_n_clusters given a second time (first at line 2)" $L --block l1d $C --gpgpusim-config $T/dupopt.config
refused "an unclosed quote" "quote.config:3: a '\"' opened here is never closed" $L --block l1d $C --gpgpusim-config $T/quote.config
refused "a GPGPU-Sim config on another block" "belongs to block l1d, not to block fifo_sync" $L --block fifo_sync $C --gpgpusim-config $GCFG/SM2_GTX480.config
refused "--set L1D_GPGPUSIM texture FIFO MSHR" "field mshr: T (texture-cache FIFO)" $L --block l1d $C --set L1D_GPGPUSIM=S:4:128:96,L:L:s:N:L,T:256:8,16:0,32
refused "--set L1D_GPGPUSIM sectored 64-byte line" "field line: 64 with type S; expected 128" $L --block l1d $C --set L1D_GPGPUSIM=S:4:64:32,L:L:s:N:L,A:256:8,16:0,32
refused "--set L1D_GPGPUSIM write-back" "field wr: B (write-back)" $L --block l1d $C --set L1D_GPGPUSIM=S:4:128:32,L:B:m:N:L,A:256:8,16:0,32
refused "--set L1D_GPGPUSIM 2048 ways" "field assoc: 2048" $L --block l1d $C --set L1D_GPGPUSIM=N:1:128:2048,L:L:m:N:L,A:64:8,16
refused "--set L1D_GPGPUSIM garbage" "field (form)" $L --block l1d $C --set L1D_GPGPUSIM=hello
for s in "32:128:4,L:L:m:N,A:32:8,8" "32:128:4,L:L:m:N:H,A:32:8,8" "N:64:128:6,L:L:m:N:H,A:32:8,8:0" "N:4:128:48,F:T:f:N:L,S:64:8,16:0,128" \
         "S:4:128:32,L:L:s:N:L,A:256:8,16:0,32" "S:1:128:512,L:L:s:N:L,A:256:8,16:0,32" "S:8:128:4,F:T:m:N:L,S:16:4,8"; do
  if $L --block l1d $C --set L1D_GPGPUSIM=$s >$T/out 2>&1; then ok "GPGPU-Sim string runs: $s"; else bad "GPGPU-Sim string $s: $(head -2 $T/out)"; fi
done
for f in "$GCFG"/*.config; do
  [ -f "$f" ] || continue
  $L --block l1d --mode c --cycles 2000 --stats $T/g.json --gpgpusim-config "$f" >$T/out 2>$T/err; rc=$?
  if [ $rc -eq 0 ] && grep -q '^gpgpusim-config .*used 1 option: -gpgpu_cache:dl1.*ignored [0-9]* ' $T/out; then
    ok "GPGPU-Sim config $(basename "$f") runs (C model, 2000 cycles): $(grep -o 'ignored [0-9]*' $T/out) options ignored, listed"
  elif [ $rc -eq 2 ] && [ "$(grep -c '' $T/err)" -eq 1 ] && grep -q "$(basename "$f"):[0-9]* -gpgpu_cache:dl1: GPGPU-Sim cache config .*: field [a-z_]*: .*supported: " $T/err; then
    ok "GPGPU-Sim config $(basename "$f") refused naming the field: $(grep -o 'field [a-z_]*: [^;]*' $T/err)"
  else bad "GPGPU-Sim config $(basename "$f"): exit $rc: $(head -c 300 $T/err)"; fi
done

# ---- sanitizer build: error paths exit 2, no leak report ----
refused_asan "no RTL model in this binary" "no RTL model" --block l1d --cycles 10
refused_asan "a bad --set" "FIFO_DEPTH='0'" --block fifo_sync --mode c --set FIFO_DEPTH=0
refused_asan "a bad config file" "NUL byte" --block fifo_sync --mode c --config $T/nul.cfg
refused_asan "a block's own rule (create fails)" "MEM_SLICE=7: must divide MEM_WIDTH" --block mem_1r1w --mode c --set MEM_SLICE=7
refused_asan "an L1D rule (create fails)" "the FERMI set index" --block l1d --mode c --set L1D_INDEX=FERMI --set L1D_SETS=16
refused_asan "an L1D rule (create fails)" "the IPOLY set index is defined for 16, 32 or 64 sets only" --block l1d --mode c --set L1D_INDEX=IPOLY --set L1D_SETS=8
printf -- '-gpgpu_cache:dl1 S:4:128:32,L:L:s:N:L,F:256:8,16:0,32\n' >$T/texmshr.config
refused_asan "a refused GPGPU-Sim config" "field mshr" --block l1d --mode c --gpgpusim-config $T/texmshr.config
# set index P (IPOLY) and X (XOR) are accepted; P only with the set counts GPGPU-Sim has equations for, C never
printf -- '-gpgpu_cache:dl1 N:128:128:2,L:L:m:N:P,A:32:8,8\n' >$T/ipoly128.config
refused "set_idx P with 128 sets" "field set_idx: P (IPOLY) with 128 sets; expected 16, 32 or 64 sets" $L --block l1d $C --gpgpusim-config $T/ipoly128.config
printf -- '-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:C,A:32:8,8\n' >$T/custom.config
refused "set_idx C (custom)" "field set_idx: C (custom hash" $L --block l1d $C --gpgpusim-config $T/custom.config
for sif in P X; do
  want=$([ $sif = P ] && echo 2 || echo 3)  # L1D_INDEX_IPOLY, L1D_INDEX_XOR (csim/params_l1d.def)
  printf -- '-gpgpu_cache:dl1 N:64:128:6,L:L:m:N:%s,A:32:8,8\n' $sif >$T/sif$sif.config
  if $L --block l1d --mode c --cycles 200 --quiet --stats $T/sif.json --gpgpusim-config $T/sif$sif.config >$T/out 2>&1 &&
     [ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["params"]["L1D_INDEX"])' $T/sif.json)" = "$want" ]; then
    ok "GPGPU-Sim set_idx $sif accepted: L1D_INDEX=$want ($([ $sif = P ] && echo IPOLY || echo XOR)), 200 cycles"
  else bad "GPGPU-Sim set_idx $sif: $(head -c 300 $T/out | tr '\n' '|')"; fi
done
refused_asan "a --window past the end" "past the end" --block fifo_sync --mode c --cycles 10 --window 5:20
refused_asan "a VCD that cannot be written" "cannot write" --block fifo_sync --mode c --cycles 10 --vcd-c /nonexistent/x.vcd

# ---- one model alone: says so, names only the waveforms it wrote ----
out=$($L --block fifo_sync --mode c --cycles 300 --window 10:20 --wave-dir $T/w --stats $T/c.json 2>&1)
if grep -q 'C model alone, nothing compared' <<<"$out" && ! grep -q 'compared every cycle' <<<"$out" && ! grep -q '\.fst' <<<"$out" && ls $T/w/fifo_sync_*seed1_window*_c.vcd >/dev/null 2>&1; then
  ok "MODE=c: 'nothing compared', names only the C waveform it wrote"
else bad "MODE=c message: $out"; fi

# ---- results files ----
rm -f $B/stats/l1d_gpgpusim-SM2_GTX480_seed7.json
if $L --block l1d --mode c --cycles 3000 --seed 7 --quiet --gpgpusim-config $GCFG/SM2_GTX480.config >/dev/null 2>&1 &&
   python3 -c '
import json,sys
r=json.load(open(sys.argv[1]))
assert r["block"]=="l1d" and r["seed"]==7 and r["cycles"]==3000 and r["divergences"]==0 and r["mode"]=="c"
assert r["params"]["L1D_MSHR_ENTRIES"]==64 and "SM2_GTX480.config:62" in r["param_origin"]["L1D_SETS"]
assert r["counters"]["access"]>0 and 0<=r["rates"]["hit_rate"]<=1 and abs(r["rates"]["hit_rate"]+r["rates"]["hit_reserved_rate"]+r["rates"]["miss_rate"]-1)<1e-5
assert "stall_fail_line_per_cycle" in r["rates"] and r["cycles_per_s"]>0
' $B/stats/l1d_gpgpusim-SM2_GTX480_seed7.json 2>$T/err; then
  ok "results: build/stats/l1d_gpgpusim-SM2_GTX480_seed7.json holds the configuration, cycles, rates (hit + hit_reserved + miss = 1)"
else bad "results JSON: $(tail -2 $T/err)"; fi
mkdir -p $T/nostats
refused "make report without results" "no *.json results" python3 scripts/report.py $T/nostats $T/rep
refused "gpgpusim_log.py on /dev/zero (a device: an endless read before)" "/dev/zero: not a regular file (expected a GPGPU-Sim log)" timeout 30 python3 scripts/gpgpusim_log.py /dev/zero
refused "gpgpusim_log.py on a missing log (a traceback, exit 1, before)" "/nonexistent.log: cannot read (No such file or directory)" python3 scripts/gpgpusim_log.py /nonexistent.log
refused "make report JSON=/dev/zero (a device: an endless read before)" "/dev/zero: not a JSON file of the shell (not a regular file)" timeout 30 python3 scripts/report.py $T/nostats $T/rep /dev/zero
printf '{"format": "x"}' >$T/nostats/a.json
refused "make report on a foreign JSON file" "not a results file of this project" python3 scripts/report.py $T/nostats $T/rep

# ---- the GPU shell's inputs (shell-sim; issue #25): the engine's rules ----
# refused_shell NAME WANT ARGS...: shell-sim and shell-sim-asan, exit 2, one
# escaped error line, no sanitizer report, the --json it was given not written
S=$B/bin/shell-sim
SA=$B/bin/shell-sim-asan
D=tb/shell/bad
refused_shell() {
  local name=$1 want=$2; shift 2
  rm -f $T/sj.json
  refused "shell-sim: $name" "$want" $S --quiet --json $T/sj.json "$@"
  if [ -e $T/sj.json ] || compgen -G "$T/sj.json.*" >/dev/null; then bad "shell-sim: $name: wrote $T/sj.json"; fi
  "$SA" --quiet "$@" >$T/out 2>$T/err </dev/null; local rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" $T/err && ! grep -qE 'Sanitizer|runtime error' $T/err; then
    ok "shell-sim under the sanitizers: $name -> exit 2, no sanitizer report"
  else bad "shell-sim under the sanitizers: $name: exit $rc: $(head -c 300 $T/err | tr '\n' '|')"; fi
}
# 1. arithmetic overflow: every product and sum of input numbers checked
refused_shell ".traceg grid dims multiplying past 2^64 (was: 0 blocks, heap overflow)" "grid_overflow.traceg:2: bad count: '-grid dim = (4194304,4194304,1048576)': more than 2^20 thread blocks" --workload $D/grid_overflow.traceg
refused_shell ".traceg block dims multiplying past 2^64" "block_overflow.traceg:3: bad count" --workload $D/block_overflow.traceg
refused_shell ".traceg base + lane x stride past 2^64" "stride_overflow.traceg:11: address out of range: base + lane x stride 9223372036854775807" --workload $D/stride_overflow.traceg
refused_shell ".traceg base + delta past 2^64" "delta_overflow.traceg:11: address out of range: delta '9223372036854775807'" --workload $D/delta_overflow.traceg
refused_shell "generator arguments whose product overflows (n x n)" "workload gemm: n=1048576 iters=64 bs=256: an array larger than the 16 MiB" --workload gemm --args n=1048576
refused_shell "generator arguments: too many records" "workload stream: n=65536 iters=1048576 bs=1024: too many records" --workload stream --args iters=1048576,bs=1024
refused_shell "a generator argument past 2^64" "option --args: 'n=99999999999999999999999' for workload atax" --workload atax --args n=99999999999999999999999
# 2. one error line per fault
refused_shell ".wl alu count not a number (was: a second line from an uninitialised value)" "alu_bad.wl:3: bad count: alu count 'x'" --workload $D/alu_bad.wl
# 3. control bytes escaped as \xNN (cfg_escape), every reader
refused_shell ".traceg ESC in an opcode" "opcode_esc.traceg:10: unknown opcode 'MO\\x1b[2JV'" --workload $D/opcode_esc.traceg
refused_shell ".traceg binary garbage" "binary.traceg:1: unexpected line outside a thread block: '\\x1b[31m\\xff\\xfe\\x9b binary \\x07\\x08'" --workload $D/binary.traceg
refused_shell ".wl ESC in a keyword" "keyword_esc.wl:3: unknown opcode 'a\\x1b[2Jlu'" --workload $D/keyword_esc.wl
refused_shell ".wl ESC in a bare kernel name" "kname_esc.wl:1: kernel name 'k\\x1b]0;x\\x07': a bare name is" --workload $D/kname_esc.wl
# a kernel name is any bytes but NUL (Accel-Sim headers carry C++ signatures:
# blanks, parentheses, quotes, a tab, non-ASCII; kname_esc: ESC and BEL; was:
# refused, or a .wl written that could not be read back): accepted, every
# report prints it escaped, the JSON holds it one character per byte, the .wl
# writer quotes it and the reader gives it back (docs/shell.md)
for f in kname_esc signature; do
  rm -f $T/n.json $T/n2.json $T/n.wl
  want=$(python3 -c 'import sys; n=open(sys.argv[1],"rb").readline()[15:].rstrip(b"\n"); print("".join(chr(c) if 32<=c<127 and c!=92 else "\\\\" if c==92 else "\\x%02x"%c for c in n))' tb/shell/names/$f.traceg)
  if $S --workload tb/shell/names/$f.traceg --stats gpgpusim --json $T/n.json --dump-wl $T/n.wl >$T/out 2>$T/err &&
     ! LC_ALL=C grep -q '[[:cntrl:]]' <(cat $T/out $T/err | tr -d '\n\t') && grep -qxF "kernel_name = $want " $T/out &&
     $S --quiet --workload $T/n.wl --json $T/n2.json >/dev/null 2>>$T/err &&
     python3 - tb/shell/names/$f.traceg $T/n.json $T/n2.json <<'PY' 2>>$T/err
import json, sys
name = open(sys.argv[1], "rb").readline()[15:].rstrip(b"\n")
a, b = (json.load(open(p))["gpgpusim"]["kernels"] for p in sys.argv[2:4])
assert a[0]["kernel_name"].encode("latin-1") == name, (a[0]["kernel_name"], name)
assert a == b, "the .wl read back ran differently"
PY
  then ok "shell-sim: kernel name '$want' (.traceg): printed escaped, JSON exact, .wl written quoted ($(grep -m1 '^kernel' $T/n.wl | cut -c1-60)) and read back the same"
  else bad "shell-sim: kernel name of $f.traceg: $(head -c 300 $T/err | tr '\n' '|')"; fi
done
# the bound: 65535 bytes (WL_NAME_MAX) read and written back, one more refused
for n in 65535 65536; do
  { printf -- '-kernel name = '; head -c $n /dev/zero | tr '\0' n; echo; tail -n +2 tb/shell/names/signature.traceg; } >$T/long$n.traceg
done
if $S --quiet --workload $T/long65535.traceg --dump-wl $T/long.wl >/dev/null 2>$T/err && $S --quiet --workload $T/long.wl >/dev/null 2>>$T/err &&
   [ "$(awk '/^kernel /{print length($2), $3, $4}' $T/long.wl)" = "65535 2 1" ] && grep -q '^kernel n* 2 1$' $T/long.wl; then ok "shell-sim: a 65535-byte kernel name read, written to .wl and read back"
else bad "shell-sim: a 65535-byte kernel name: $(head -c 300 $T/err)"; fi
refused_shell ".traceg kernel name over 65535 bytes" "long65536.traceg:1: kernel name too long: 65536 bytes (at most 65535)" --workload $T/long65536.traceg
# a quoted .wl name that breaks the rule: one line, the rule named
printf 'kernel "my kernel(int) 1 1\nwarp 0 0\nexit\n' >$T/q_open.wl
printf 'kernel "a\\q" 1 1\nwarp 0 0\nexit\n' >$T/q_esc.wl
printf 'kernel "a\\x00" 1 1\nwarp 0 0\nexit\n' >$T/q_nul.wl
printf 'kernel "a\tb" 1 1\nwarp 0 0\nexit\n' >$T/q_tab.wl
printf 'kernel "ab"c 1 1\nwarp 0 0\nexit\n' >$T/q_after.wl
refused_shell ".wl quoted kernel name never closed" "q_open.wl:1: kernel name: a '\"' opened here is never closed" --workload $T/q_open.wl
refused_shell ".wl quoted kernel name, unknown escape" "q_esc.wl:1: kernel name: escape '\\\\q...': expected" --workload $T/q_esc.wl
refused_shell ".wl quoted kernel name, \\x00" "q_nul.wl:1: kernel name: escape '\\\\x00...': expected" --workload $T/q_nul.wl
refused_shell ".wl quoted kernel name, a raw tab" "q_tab.wl:1: kernel name: byte '\\x09' inside the quotes" --workload $T/q_tab.wl
refused_shell ".wl quoted kernel name ending in a backslash at the end of the file (fuzz finding: read past the line)" "kname_backslash_eof.wl:3: kernel name: escape '\\\\...': expected" --workload $D/kname_backslash_eof.wl
refused_shell ".wl quoted kernel name, junk after the quote" "q_after.wl:1: kernel name: 'c' right after the closing quote" --workload $T/q_after.wl
refused_shell ".wl binary garbage" "binary.wl:1: expected 'kernel NAME BLOCKS WARPS' before '\\x1b[31m\\xff\\xfe\\x9b'" --workload $D/binary.wl
refused_shell "a workload name with ESC" "workload 'x\\x1b[2J': not a generator" --workload $'x\e[2J'
refused_shell "an unknown option with ESC" "unknown option '--x\\x1b[2J'" $'--x\e[2J'
# tags (--tags): numbers bounded before use, text escaped
refused_shell "--tags: a PC past 2^64" "tags_overflow.tags:2: 'k1_pc99999999999999999999 ca'" --args n=64 --set SHELL_BYPASS=STATIC --tags $D/tags_overflow.tags
refused_shell "--tags: a signed PC" "tags_sign.tags:1: 'k0_pc+5 ca'" --args n=64 --set SHELL_BYPASS=STATIC --tags $D/tags_sign.tags
refused_shell "--tags: ESC in a tag" "tags_esc.tags:1: 'k0_pc3 c\\x1b[2Jg'" --args n=64 --set SHELL_BYPASS=STATIC --tags $D/tags_esc.tags
# a kernel/PC tagged twice (was: accepted, the last line won): refused, both
# lines named, through every reader of tags (shell-sim --tags, SHELL_TAGS of
# the system lockstep, make lockstep BLOCK=shell)
TD="tags_dup.tags:5: 'k0_pc1 ca': kernel 0 load PC 1 tagged a second time (first at line 2)"
refused_shell "--tags: a kernel/PC tagged twice" "$TD" --args n=64 --set SHELL_BYPASS=STATIC --tags $D/tags_dup.tags
refused "lockstep-c SHELL_TAGS: a kernel/PC tagged twice" "$TD" env SHELL_TAGS=$D/tags_dup.tags $L --block shell --mode c --cycles 10 --quiet
refused "make lockstep BLOCK=shell SHELL_TAGS=: a kernel/PC tagged twice" "$TD" env SHELL_TAGS=$D/tags_dup.tags bash -c "make -s lockstep BLOCK=shell MODE=c CYCLES=100 CONFIG=tb/configs/shell/all.cfg 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"
# the tags table is sparse (one entry per line, binary search): a file naming
# the largest kernel and PC is a few bytes of memory (was: a table sized by
# the largest kernel and PC, 16 MiB per kernel -- 65 lines asked for 1 GiB)
for k in $(seq 0 63); do echo "k${k}_pc16777215 cg"; done >$T/huge_pc.tags
echo "k65535_pc16777215 ca" >>$T/huge_pc.tags
if (ulimit -v 200000; exec $S --quiet --args n=64 --set SHELL_BYPASS=STATIC --tags $T/huge_pc.tags) >$T/out 2>$T/err && ! [ -s $T/err ]
then ok "shell-sim --tags: 65 lines tagging PC 2^24-1 of kernels 0..63 and 65535 run under ulimit -v 200000 (sparse table)"
else bad "shell-sim --tags: the huge-PC tags file under ulimit -v 200000: $(head -c 300 $T/err | tr '\n' '|')"; fi
# the first fault in the file is named: a duplicate before a bad line
printf 'k0_pc1 cg\nk0_pc1 ca\nk0_pc+5 ca\n' >$T/dup_then_bad.tags
refused_shell "--tags: a kernel/PC tagged twice before a bad line (the first fault named)" "dup_then_bad.tags:2: 'k0_pc1 ca': kernel 0 load PC 1 tagged a second time (first at line 1)" --args n=64 --set SHELL_BYPASS=STATIC --tags $T/dup_then_bad.tags
# .traceg: a header key given twice (was: accepted, the last one won, for
# every key): refused naming the key and its first line, whichever the key
refused_shell ".traceg -kernel name given twice" "hdr_dup_kernel.traceg:5: header key '-kernel name' given twice (first at line 2)" --workload $D/hdr_dup_kernel.traceg
refused_shell ".traceg -grid dim given twice (spelt differently)" "hdr_dup_grid.traceg:5: header key '-grid dim' given twice (first at line 2)" --workload $D/hdr_dup_grid.traceg
refused_shell ".traceg -block dim given twice" "hdr_dup_block.traceg:4: header key '-block dim' given twice (first at line 3)" --workload $D/hdr_dup_block.traceg
refused_shell ".traceg a key the reader does not use (-shmem) given twice" "hdr_dup_unused.traceg:7: header key '-shmem' given twice (first at line 4)" --workload $D/hdr_dup_unused.traceg
refused_shell ".traceg -kernel name without its blanks (was: ignored, the kernel named 'traceg')" "kname_no_blank.traceg:1: '-kernel name =k': expected -kernel name = NAME" --workload $D/kname_no_blank.traceg
# ... and the block's keys: 'insts =' twice for a warp, 'thread block =' twice
# in a block, a block given twice (each was accepted, the last one winning)
refused_shell ".traceg 'insts =' given twice for one warp" "insts_twice.traceg:11: 'insts = 3': 'insts =' given twice for one warp (first at line 9)" --workload $D/insts_twice.traceg
refused_shell ".traceg 'thread block =' given twice in one block" "tb_twice_in_tb.traceg:8: 'thread block = 1,0,0': 'thread block =' given twice in one #BEGIN_TB (first at line 7)" --workload $D/tb_twice_in_tb.traceg
refused_shell ".traceg a thread block given twice" "tb_twice.traceg:10: 'thread block = 0,0,0': thread block given twice (first at line 7)" --workload $D/tb_twice.traceg
{ for i in $(seq 1 65); do echo "-key$i = 0"; done; cat $D/hdr_dup_block.traceg; } >$T/hdr_many.traceg
refused_shell ".traceg more than 64 header lines (the keys so far are kept)" "hdr_many.traceg:65: more than 64 header lines at '-key65 = 0'" --workload $T/hdr_many.traceg
# a dimension line cut short by blanks to the end of the file (fuzz finding:
# the '(' / ',' / ')' were stepped over when absent, one byte past the line;
# ASan heap-buffer-overflow in skipsp): the reproducer, and the ',' and ')' cases
refused_shell ".traceg '-block dim =' then blanks to EOF (was: heap overflow)" "dim_blanks_eof.traceg:2: bad count: '-block dim =" --workload $D/dim_blanks_eof.traceg
{ printf -- '-grid dim = (2,1'; printf '%250s' ''; } >$T/dim_comma_eof.traceg
refused_shell ".traceg '-grid dim = (2,1' then blanks to EOF (was: heap overflow)" "dim_comma_eof.traceg:1: bad count: '-grid dim = (2,1" --workload $T/dim_comma_eof.traceg
{ printf -- '-grid dim = (2,1,1'; printf '%250s' ''; } >$T/dim_paren_eof.traceg
refused_shell ".traceg '-grid dim = (2,1,1' then blanks to EOF (was: heap overflow)" "dim_paren_eof.traceg:1: bad count: '-grid dim = (2,1,1" --workload $T/dim_paren_eof.traceg
# a grid with blocks the trace lacks (fuzz finding: absent blocks ran as empty
# warps, so the 81-byte reproducer became 452685 blocks of 30 warps and the fuzzer's
# .wl round trip timed out; --cycles bounds the run should it be accepted
# again): the reproducer, and the real trace cut after its third block (was
# accepted as a 55-block kernel of 3 traced blocks)
refused_shell ".traceg a grid of 452685 blocks, none traced (was: every block run as empty warps, fuzz timeout)" "grid_absent_blocks.traceg:7: truncated file: thread block 0,0,0 of the grid (30179,5,3) is not in the trace (0 of 452685 blocks traced" --cycles 1000 --workload $D/grid_absent_blocks.traceg
RT=${ACCELSIM_TRACES:-/work/shared/traces}/accelsim-pow-kernel-593.traceg
[ -f "$RT" ] || RT=../shared/traces/accelsim-pow-kernel-593.traceg
awk '{print} /^#END_TB/ && ++n == 3 {exit}' "$RT" >$T/cut_3tb.traceg
refused_shell ".traceg the real trace cut between blocks 3 and 4 (was: accepted, 52 blocks empty)" "cut_3tb.traceg:467: truncated file: thread block 3,0,0 of the grid (55,1,1) is not in the trace (3 of 55 blocks traced" --cycles 1000 --workload $T/cut_3tb.traceg
# 5. options not dropped: another block's parameter refused
refused_shell "--set another block's parameter" "--set: parameter FIFO_DEPTH belongs to block fifo_sync" --set FIFO_DEPTH=8
# 6. numbers that overflow
refused_shell "--seed of 23 digits" "option --seed: '12345678901234567890123': expected a decimal integer" --seed 12345678901234567890123
refused_shell "--cycles of 23 digits" "option --cycles: '99999999999999999999999'" --cycles 99999999999999999999999
refused_shell "--seed negative" "option --seed: '-1'" --seed -1
# 7. the line where the count is written
refused_shell ".traceg negative insts, named on its line" "insts_negative.traceg:9: bad count: 'insts = -3'" --workload $D/insts_negative.traceg
refused_shell ".traceg huge insts, named on its line" "insts_huge.traceg:9: bad count: 'insts = 99999999999999999999'" --workload $D/insts_huge.traceg
# 8. results written whole: every write and the close checked, temp + rename
refused "shell-sim --json /dev/full" "option --json: cannot write '/dev/full' (No space left on device)" $S --quiet --args n=64 --json /dev/full
refused "shell-sim --json into a missing directory, before the run" "option --json: cannot write '/nonexistent/x.json'" $S --quiet --json /nonexistent/x.json
refused "shell-sim --profile /dev/full" "option --profile: cannot write '/dev/full'" $S --quiet --args n=64 --profile /dev/full
refused "shell-sim --profile-exclusive /dev/full (after its profiling runs)" "option --profile-exclusive: cannot write '/dev/full'" $S --quiet --args n=64 --profile-exclusive /dev/full
refused "shell-sim --profile-exclusive into a missing directory, before the run" "option --profile-exclusive: cannot write '/nonexistent/x.prof'" $S --quiet --profile-exclusive /nonexistent/x.prof
# --profile-args (the paper's profiling input, another size of the generator): refused before any run
refused "shell-sim --profile-args without --profile-exclusive" "option --profile-args: expected with --profile-exclusive FILE" $S --quiet --args n=64 --profile-args n=32
$S --quiet --workload gemm --args n=32 --cycles 1 --dump-wl $T/pa.wl >/dev/null 2>&1 # (a good .wl: written before the run, which stops at its 1-cycle limit)
refused "shell-sim --profile-args on a .wl file (one input)" "option --profile-args: expected a generator workload" $S --quiet --workload $T/pa.wl --profile-exclusive $T/pa.prof --profile-args n=32
refused "shell-sim --profile-args bad generator arguments, named as that option" "option --profile-args: 'n=zz' for workload gemm" $S --quiet --workload gemm --args n=32 --profile-exclusive $T/pa.prof --profile-args n=zz
refused "shell-sim --profile-args an input whose kernel numbers its sites otherwise" "option --profile-args: kernel 0 (2dconv, 7 load and store sites) of the evaluation input has no kernel" $S --quiet --workload 2dconv --args n=2 --profile-exclusive $T/pa.prof --profile-args n=64
refused "shell-sim --dump-wl /dev/full" "option --dump-wl: cannot write '/dev/full'" $S --quiet --args n=64 --dump-wl /dev/full
rm -f $T/fs.json*
refused "shell-sim --json cut short by a file-size limit" "option --json: cannot write '$T/fs.json' (File too large)" \
  bash -c "trap '' XFSZ; ulimit -f 1; exec $S --quiet --args n=64 --json $T/fs.json"
if compgen -G "$T/fs.json*" >/dev/null; then bad "shell-sim --json under a file-size limit left $(ls $T/fs.json*)"; else ok "shell-sim --json under a file-size limit: nothing left behind"; fi
rm -f $T/st.json*
refused "engine --stats cut short by a file-size limit" "option --stats: cannot write '$T/st.json' (File too large)" \
  bash -c "trap '' XFSZ; ulimit -f 1; exec $L --block l1d --mode c --cycles 100 --quiet --stats $T/st.json"
if compgen -G "$T/st.json*" >/dev/null; then bad "engine --stats under a file-size limit left $(ls $T/st.json*)"; else ok "engine --stats under a file-size limit: nothing left behind"; fi
if $S --quiet --args n=64 --json $T/whole.json && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' $T/whole.json && ! compgen -G "$T/whole.json.*" >/dev/null; then
  ok "shell-sim --json: a whole JSON file, no temporary left"
else bad "shell-sim --json: $T/whole.json not whole"; fi

# make targets: the same variables, the same meaning, refused where they do not apply; exit 2
mk() { bash -c "make -s $* 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"; }
refused "make sim: a .traceg grid overflow" "grid_overflow.traceg:2: bad count" mk sim WORKLOAD=$D/grid_overflow.traceg
refused "make lockstep BLOCK=shell: a .traceg grid overflow" "grid_overflow.traceg:2: bad count" mk lockstep BLOCK=shell MODE=c CYCLES=100 CONFIG=tb/configs/shell/all.cfg WORKLOAD=$D/grid_overflow.traceg
refused "make sim GPGPUSIM= is used (a missing file refused)" "$T/nope.config" mk sim GPGPUSIM=$T/nope.config
refused "make sim SET= another block's parameter" "parameter FIFO_DEPTH belongs to block fifo_sync" mk sim SET=FIFO_DEPTH=8
refused "make sim SEED= of 23 digits" "option --seed: '12345678901234567890123'" mk sim SEED=12345678901234567890123
refused "make sim CYCLES= of 23 digits" "option --cycles: '99999999999999999999999'" mk sim CYCLES=99999999999999999999999
refused "make sim BLOCK= (not a variable of make sim)" "variable BLOCK: make sim does not take it" mk sim BLOCK=l1d
refused "make sim STATS= (make sim's results file is JSON=; STATS is the statistics' form)" "option --stats: '$T/x.json': expected table or gpgpusim" mk sim STATS=$T/x.json
refused "make run JSON= (not a variable of make run)" "variable JSON: make run does not take it" mk run JSON=$T/x.json
refused "make run SET= is used (another block's parameter refused)" "parameter FIFO_DEPTH belongs to block fifo_sync" mk run SET=FIFO_DEPTH=8
# a bad input leaves the last run's outputs as they were (they went first before)
mkdir -p build/run; keep=0; [ -e build/run/shell.txt ] && keep=1
[ $keep = 1 ] || echo "a previous run's table" >build/run/shell.txt
refused "make run ARGS= is used (a bad argument refused)" "option --args: 'n=0' for workload atax" mk run ARGS=n=0
if [ -s build/run/shell.txt ]; then ok "make run with a bad input keeps the last run's build/run/shell.txt"
else bad "make run with a bad input removed the last run's build/run/shell.txt"; fi
[ $keep = 1 ] || rm -f build/run/shell.txt
refused "make run SEED= of 23 digits" "option --seed: '12345678901234567890123'" mk run SEED=12345678901234567890123
refused "make run RUN_LS_CAPS= a cap without its maximum" "RUN_LS_CAPS: 'SHELL_SMS4': expected NAME:MAX" env RUN_LS_CAPS=SHELL_SMS4 bash -c "make -s run 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"
refused "make run RUN_LS_CAPS= a reduced geometry the configuration refuses (the two-level BDU's W = 42 of 16 warp slots)" "reduced geometry SHELL_WARPS=16 (the config: 64): parameter BDU_THR_W=42" env RUN_LS_CAPS=SHELL_WARPS:16 bash -c "make -s run WORKLOAD=pathfinder CONFIG=tb/configs/shell/sim/papers/twolevel.cfg 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"
refused "make run RUN_LS_CAPS= a name that is no shell parameter" "RUN_LS_CAPS: 'SHELL_SMZ' is not a numeric parameter" env RUN_LS_CAPS=SHELL_SMZ:4 bash -c "make -s run 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"
refused "make run RUN_LS_FILE_CYCLES= not a number" "RUN_LS_FILE_CYCLES='1e3': expected a number of cycles" env RUN_LS_FILE_CYCLES=1e3 bash -c "make -s run 2>&1 >/dev/null | grep -v '^make' >&2; exit \${PIPESTATUS[0]}"
# a trace's lockstep in make run: to its end, or over its first
# RUN_LS_FILE_CYCLES cycles when it is longer (RUN_LS_PLAN=1: the plan
# printed, nothing built or locked)
if [ -f "$RT" ]; then
  p1=$(RUN_LS_PLAN=1 make -s run WORKLOAD=$RT 2>&1); r1=$?
  p2=$(RUN_LS_PLAN=1 RUN_LS_FILE_CYCLES=1000 make -s run WORKLOAD=$RT 2>&1); r2=$?
  if [ $r1 = 0 ] && grep -qF "as above (5255 cycles), once, to its end" <<<"$p1" && [ $r2 = 0 ] &&
     grep -qF "its first 1000 of 5255 cycles, not to its end" <<<"$p2"; then
    ok "make run: a trace longer than RUN_LS_FILE_CYCLES is locked over its first cycles, said so; a shorter one to its end"
  else bad "make run RUN_LS_FILE_CYCLES: exit $r1/$r2: $(tail -2 <<<"$p1$p2")"; fi
fi
refused "make lockstep WORKLOAD= on a block that replays none" "variable WORKLOAD: make lockstep takes it only with BLOCK=shell" mk lockstep BLOCK=l1d WORKLOAD=atax
refused "make lockstep JSON= (its results file is STATS=)" "variable JSON: make lockstep does not take it" mk lockstep BLOCK=l1d JSON=$T/x.json
if make -s sim CONFIG=$GCFG/SM2_GTX480.config CYCLES=400000 ARGS=n=64 JSON=$T/g.json >$T/out 2>$T/err && grep -q '"SHELL_SMS": 15' $T/g.json; then
  ok "make sim CONFIG=<a GPGPU-Sim config> runs it, as make run does (SHELL_SMS=15 from SM2_GTX480)"
else bad "make sim CONFIG=SM2_GTX480.config: $(head -c 300 $T/err)"; fi
if make -s sim GPGPUSIM=$GCFG/SM2_GTX480.config CYCLES=400000 ARGS=n=64 JSON=$T/g2.json >$T/out 2>$T/err && grep -q '"SHELL_SMS": 15' $T/g2.json; then
  ok "make sim GPGPUSIM=<a GPGPU-Sim config> runs it (SHELL_SMS=15)"
else bad "make sim GPGPUSIM=SM2_GTX480.config: $(head -c 300 $T/err)"; fi
# Accel-Sim's -config gpgpusim.config -config trace.config: GPGPUSIM='A B',
# read together (docs/gpgpusim.md, "Several files"); a trace.config of our
# own with the options Accel-Sim's carry
printf -- '-trace_opcode_latency_initiation_int 4,2\n-specialized_unit_1 1,4,4,4,4,BRA\n-trace_opcode_latency_initiation_spec_op_1 4,4\n' >$T/trace.config
if make -s sim GPGPUSIM="$GCFG/SM2_GTX480.config $T/trace.config" CYCLES=400000 ARGS=n=64 JSON=$T/g3.json >$T/out 2>$T/err &&
   grep -q '"SHELL_SMS": 15' $T/g3.json && grep -q '"files": \[".*SM2_GTX480.config", ".*trace.config"\]' $T/g3.json &&
   grep -q '"option": "-specialized_unit_1", "value": "1,4,4,4,4,BRA", "file": ".*trace.config", "line": 2, "used": false' $T/g3.json; then
  ok "make sim GPGPUSIM='gpgpusim.config trace.config' reads both together (Accel-Sim's two -config files; SHELL_SMS=15, trace.config's options named ignored with their file and line)"
else bad "make sim GPGPUSIM='SM2_GTX480.config trace.config': $(head -c 300 $T/err)"; fi
printf -- '-gpgpu_n_clusters 4\n' >$T/dup.config
refused "make sim GPGPUSIM='A B': an option in both" "dup.config:1: option -gpgpu_n_clusters given a second time (first at $GCFG/SM2_GTX480.config:" mk sim GPGPUSIM="'$GCFG/SM2_GTX480.config $T/dup.config'"
refused_shell "--gpgpusim-config twice, not one after another" "option --gpgpusim-config given again after other options" --gpgpusim-config $GCFG/SM2_GTX480.config --seed 2 --gpgpusim-config $T/trace.config
refused_shell "--gpgpusim-config trace.config alone (no dl1)" "no -gpgpu_cache:dl1 option" --gpgpusim-config $T/trace.config
# class 2, the dl1 string given to the shell: the lead's one-reader rewrite of
# --gpgpusim-config (csim/gpgpusim_cfg.c) makes this one line
printf -- '-gpgpu_n_clusters 4\n-gpgpu_cache:dl1 N:64:128:6,L:L:m:N:H,X:32:8,8\n' >$T/baddl1.config
refused_shell "a bad dl1 string in a GPGPU-Sim config: one line naming file:line" "baddl1.config:2" --gpgpusim-config $T/baddl1.config
# every GPGPU-Sim config after Fermi has a sectored L1D: the shell takes each
# as it is (issue 23), with what each option makes of the GPU: SMs, TB slots
# (-gpgpu_shader_cta), sectors, ways (the Volta carve-out: 4 x the dl1 ways
# with no shared memory), -gpgpu_gmem_skip_L1D 1 as SHELL_BYPASS=ALL (1)
for want in "SM3_KEPLER_TITAN 14 16 4 32 1" "SM6_TITANX 28 32 4 96 1" "SM7_QV100 80 32 4 1024 0" \
            "SM7_TITANV 80 32 4 1024 0" "SM75_RTX2060 30 32 4 512 0"; do
  set -- $want
  [ -f $GCFG/$1.config ] || continue
  rm -f $T/gs.json
  if $S --quiet --gpgpusim-config $GCFG/$1.config --args n=32 --json $T/gs.json >$T/out 2>$T/err &&
     grep -q "\"SHELL_SMS\": $2," $T/gs.json && grep -q "\"SHELL_TBS\": $3," $T/gs.json &&
     grep -q "\"L1D_SECTORS\": $4," $T/gs.json && grep -q "\"L1D_WAYS\": $5," $T/gs.json &&
     grep -q "\"SHELL_BYPASS\": $6," $T/gs.json; then
    ok "shell-sim --gpgpusim-config $1.config runs atax to its end: $2 SMs, $3 TB slots, $4 sectors, $5 ways, SHELL_BYPASS $6"
  else bad "shell-sim --gpgpusim-config $1.config: $(head -c 300 $T/err | tr '\n' '|') $(grep -o '"SHELL_SMS": [0-9]*\|"SHELL_TBS": [0-9]*\|"L1D_SECTORS": [0-9]*\|"L1D_WAYS": [0-9]*\|"SHELL_BYPASS": [0-9]*' $T/gs.json 2>/dev/null | tr '\n' ' ')"; fi
done
