#!/usr/bin/env bash
# shell_tests.sh -- the GPU shell's checks in make test (one PASS/FAIL line
# each): every generator and the real Accel-Sim trace run to completion with
# the scoreboard clean on SM counts 1, 2, 4, 15; each mechanism; same seed and
# config -> identical statistics; each class of bad trace line -> exit 2 and
# one "error: FILE:LINE:" message (both formats); bad options and configs.
set -u
cd "$(dirname "$0")/.."
B=build
SIM=${SHELL_SIM:-$B/bin/shell-sim}
T=$B/test-logs/shell
mkdir -p $T
REAL=../shared/traces/accelsim-pow-kernel-593.traceg
[ -f $REAL ] || REAL=/work/shared/traces/accelsim-pow-kernel-593.traceg
ok()  { echo "PASS $*"; }
bad() { echo "FAIL $*"; }
run() { # name, args...
  local name=$1; shift
  out=$($SIM --quiet "$@" 2>&1); rc=$?
  if [ $rc -eq 0 ]; then ok "shell: $name"; else bad "shell: $name (exit $rc): $(head -3 <<<"$out")"; fi
}

# short runs of every workload on 1, 2, 4 and 15 SMs (scoreboard: every load answered once)
for sms in 1 2 4 15; do
  for w in atax syrk 2dconv gemm srad stream share spmv; do
    run "$w on $sms SMs" --workload $w --args iters=8 --set SHELL_SMS=$sms
  done
done
for w in bicg mvt gesummv syr2k; do run "$w (short)" --workload $w --args iters=8; done
[ -f $REAL ] && for sms in 1 4 15; do run "real Accel-Sim trace on $sms SMs" --workload $REAL --set SHELL_SMS=$sms; done
# each mechanism alone and together
run "MRPB (bypass on associativity stalls)" --workload atax --args iters=16 --set SHELL_MRPB=1
run "MRPB, block signature, round-robin drain" --workload syrk --args iters=8 --set SHELL_MRPB=1 --set MRPB_SIG=BLOCK --set MRPB_DRAIN=RR
run "bypass all loads" --workload spmv --set SHELL_BYPASS=ALL
run "GTO scheduler + MRPB + bypass all" --workload atax --args iters=8 --set SHELL_SCHED=GTO --set SHELL_MRPB=1 --set SHELL_BYPASS=ALL
run "48 KB 6-way FERMI-hashed L1D from a GPGPU-Sim string config" --workload syr2k --args iters=8 --set L1D_SETS=64 --set L1D_WAYS=6 --set L1D_INDEX=FERMI
# scale (docs/shell.md, Scale): the largest shell, 128 SMs on 128 banks (the
# crossbar's and dispatcher's vectors span four 32-bit words), and GPGPU-Sim's
# 80-SM Volta's SM and bank counts, every load answered once
run "stream on 128 SMs x 128 L2 banks" --workload stream --args iters=2 --set SHELL_SMS=128 --set SHELL_L2_BANKS=128
run "atax on 80 SMs x 64 L2 banks (SM7_QV100's counts)" --workload atax --args iters=2 --set SHELL_SMS=80 --set SHELL_L2_BANKS=64
[ -f ${GPGPUSIM_CONFIGS:-../shared/gpgpusim-configs}/SM2_GTX480.config ] && run "configured from SM2_GTX480.config (15 SMs, 12 L2 banks)" --workload stream --gpgpusim-config ${GPGPUSIM_CONFIGS:-../shared/gpgpusim-configs}/SM2_GTX480.config
# a full DRAM channel whose head answer has a dirty victim: the fill's
# write-back takes the fill's entry (shell_dram_req_fire); when it waited for
# room instead, this run deadlocked (L2 bank 8: request queue and channel
# full, the fill unable to leave) and hit the cycle limit
[ -f ${GPGPUSIM_CONFIGS:-../shared/gpgpusim-configs}/SM2_GTX480.config ] && run "a full DRAM channel: a fill's write-back takes the fill's entry (GTX480, atax n=512,iters=16, every load bypassed)" --workload atax --args n=512,iters=16 --set SHELL_BYPASS=ALL --set SHELL_MAX_CYCLES=1000000 --gpgpusim-config ${GPGPUSIM_CONFIGS:-../shared/gpgpusim-configs}/SM2_GTX480.config

# the C model under ASan/UBSan
if [ -x $B/bin/shell-sim-asan ]; then
  for w in spmv srad share; do
    out=$($B/bin/shell-sim-asan --quiet --workload $w --args iters=4 --set SHELL_MRPB=1 2>&1); rc=$?
    if [ $rc -eq 0 ]; then ok "shell: asan C model alone: $w with MRPB"; else bad "shell: asan $w (exit $rc): $(head -5 <<<"$out")"; fi
  done
  [ -f $REAL ] && { out=$($B/bin/shell-sim-asan --quiet --workload $REAL 2>&1) && ok "shell: asan real trace" || bad "shell: asan real trace: $(head -5 <<<"$out")"; }
fi

# determinism: same seed and config, identical statistics
$SIM --quiet --workload spmv --seed 7 --set SHELL_MRPB=1 --json $T/d1.json >/dev/null 2>&1
$SIM --quiet --workload spmv --seed 7 --set SHELL_MRPB=1 --json $T/d2.json >/dev/null 2>&1
if [ -s $T/d1.json ] && cmp -s $T/d1.json $T/d2.json; then ok "shell: same seed and config -> identical JSON statistics"
else bad "shell: two runs with seed 7 differ"; fi
$SIM --quiet --workload spmv --seed 8 --set SHELL_MRPB=1 --json $T/d3.json >/dev/null 2>&1
if ! cmp -s $T/d1.json $T/d3.json; then ok "shell: another seed gives another irregular workload"; else bad "shell: seed has no effect on spmv"; fi

# two-level bypassing (the two-level paper) in the shell: the BDU picks B mode on the
# streaming kernel (every load then bypasses) and C mode on syrk (cache-friendly: 3 %
# of its L1D accesses miss).  Not gemm: its per-trip stores of C (as nvcc compiles
# gemm.cu) count as L1D accesses and misses, a miss rate in the band where the
# occupancy decides, and the kernel's tail (few warps left) takes B (docs/shell.md)
BDU="--set BDU_PERIOD=2000 --set BDU_HOLD=10000"
jsum() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(s.get(sys.argv[2], 0) for s in d['sm']))" "$@"; }
$SIM --quiet --workload stream --set SHELL_BYPASS=TWOLEVEL $BDU --json $T/tl_stream.json >/dev/null 2>&1
$SIM --quiet --workload syrk --set SHELL_BYPASS=TWOLEVEL $BDU --json $T/tl_syrk.json >/dev/null 2>&1
$SIM --quiet --workload stream --set SHELL_BYPASS=NONE $BDU --json $T/tl_none.json >/dev/null 2>&1
if [ -s $T/tl_stream.json ] && [ "$(jsum $T/tl_stream.json bdu_decisions_B)" -gt 0 ] && [ "$(jsum $T/tl_stream.json bdu_decisions_C)" -eq 0 ] &&
   [ "$(jsum $T/tl_stream.json bypassed)" -gt 0 ]; then
  ok "shell: TWOLEVEL picks B mode on the streaming kernel ($(jsum $T/tl_stream.json bdu_decisions_B) B decisions, $(jsum $T/tl_stream.json bypassed) loads bypassed)"
else bad "shell: TWOLEVEL on stream: B $(jsum $T/tl_stream.json bdu_decisions_B 2>&1) C $(jsum $T/tl_stream.json bdu_decisions_C 2>&1)"; fi
if [ -s $T/tl_syrk.json ] && [ "$(jsum $T/tl_syrk.json bdu_decisions_C)" -gt 0 ] && [ "$(jsum $T/tl_syrk.json bdu_decisions_B)" -eq 0 ] &&
   [ "$(jsum $T/tl_syrk.json bypassed)" -eq 0 ]; then
  ok "shell: TWOLEVEL stays in C mode on syrk ($(jsum $T/tl_syrk.json bdu_decisions_C) C decisions, nothing bypassed)"
else bad "shell: TWOLEVEL on syrk: B $(jsum $T/tl_syrk.json bdu_decisions_B 2>&1) C $(jsum $T/tl_syrk.json bdu_decisions_C 2>&1)"; fi
if [ -s $T/tl_none.json ] && [ "$(jsum $T/tl_none.json bypassed)" -eq 0 ]; then ok "shell: bypass NONE bypasses no load on stream"
else bad "shell: bypass NONE bypassed loads"; fi
if [ -x $B/bin/shell-sim-asan ]; then
  out=$($B/bin/shell-sim-asan --quiet --workload share --set SHELL_BYPASS=TWOLEVEL $BDU 2>&1) && ok "shell: asan TWOLEVEL on share" || bad "shell: asan TWOLEVEL: $(head -5 <<<"$out")"
fi

# bad input: exit 2 and one message naming file and line
expect2() { # name, expected substring, args...
  local name=$1 want=$2; shift 2
  out=$($SIM --quiet "$@" 2>&1); rc=$?
  n=$(grep -c '^error:' <<<"$out")
  if [ $rc -eq 2 ] && [ "$n" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then ok "shell bad input: $name -> exit 2, '$want'"
  else bad "shell bad input: $name: exit $rc, $n error lines: $(head -3 <<<"$out")"; fi
}
D=tb/shell/bad
expect2 ".wl truncated line" "truncated_line.wl:3: truncated line" --workload $D/truncated_line.wl
expect2 ".wl unknown opcode" "unknown_opcode.wl:4: unknown opcode 'fma'" --workload $D/unknown_opcode.wl
expect2 ".wl address out of range" "address_range.wl:3: address out of range" --workload $D/address_range.wl
expect2 ".wl bad count" "bad_count.wl:3: bad count" --workload $D/bad_count.wl
expect2 ".wl record after exit" "after_exit.wl:5: 'ld' after the warp's exit" --workload $D/after_exit.wl
expect2 ".wl NUL byte" "nul_byte.wl:4: NUL byte" --workload $D/nul_byte.wl
expect2 ".wl stride past 2^40 (no overflow)" "stride_overflow.wl:3: address out of range" --workload $D/stride_overflow.wl
expect2 ".wl site past 2^32" "pc_range.wl:3: bad count: pc" --workload $D/pc_range.wl
expect2 ".wl pc without its number" "pc_missing.wl:3: truncated line: pc takes" --workload $D/pc_missing.wl
if [ -f $REAL ]; then
  L=$(grep -n "insts = 33" $REAL | head -1 | cut -d: -f1)
  sed "${L}s/insts = 33/insts = 34/" $REAL > $T/bad_count.traceg
  { head -44 $REAL; echo "00b0 ffffffff 1 R4 LDG.E.128.SYS 1 R2 16 1 0x7f580facec00"; tail -n +46 $REAL; } > $T/truncated_line.traceg
  { head -44 $REAL; echo "00b0 ffffffff 1 R4 ldg.e.128 1 R2 16 1 0x7f580facec00 16 0"; tail -n +46 $REAL; } > $T/unknown_opcode.traceg
  { head -44 $REAL; echo "00b0 ffffffff 1 R4 LDG.E.128.SYS 1 R2 16 1 0x7f590facec00 16 0"; tail -n +46 $REAL; } > $T/address_range.traceg
  { head -44 $REAL; echo "00b0 ffffffff 1 R4 LDG.E.128.SYS 1 R2 16 1 0x7f580facec00 16 0 99"; tail -n +46 $REAL; } > $T/extra_field.traceg
  head -c 20000 $REAL > $T/truncated_file.traceg
  expect2 ".traceg truncated line" "truncated_line.traceg:45: truncated line" --workload $T/truncated_line.traceg
  expect2 ".traceg unknown opcode" "unknown_opcode.traceg:45: unknown opcode 'ldg.e.128'" --workload $T/unknown_opcode.traceg
  expect2 ".traceg address out of range" "address_range.traceg:45: address out of range" --workload $T/address_range.traceg
  expect2 ".traceg bad count (insts)" "bad_count.traceg:59: bad count" --workload $T/bad_count.traceg
  expect2 ".traceg extra field" "extra_field.traceg:45: bad count" --workload $T/extra_field.traceg
  { head -44 $REAL; echo "1000000b0 ffffffff 1 R4 LDG.E.128.SYS 1 R2 16 1 0x7f580facec00 16 0"; tail -n +46 $REAL; } > $T/pc_range.traceg
  expect2 ".traceg PC past 2^32 (a load's site)" "pc_range.traceg:45: bad count: PC" --workload $T/pc_range.traceg
  expect2 ".traceg truncated file" "truncated_file.traceg:" --workload $T/truncated_file.traceg
  { head -44 $REAL; printf '00b0 ffffffff 1 R4 LDG.E.128.SYS 1 R2 16 1 0x7f580facec00\0 16 0\n'; tail -n +46 $REAL; } > $T/nul_byte.traceg
  expect2 ".traceg NUL byte" "nul_byte.traceg:45: NUL byte" --workload $T/nul_byte.traceg
fi
expect2 "unknown workload" "workload 'nope': not a generator" --workload nope
# a workload name that is no regular file: a device (/dev/zero, one endless
# line: the reader hung before it was refused up front) or a directory, in
# each format (timeout: a hang fails the check instead of make test)
for ext in traceg wl g traceg.xz; do
  ln -sf /dev/zero $T/zero.$ext; rm -rf $T/dir.$ext; mkdir -p $T/dir.$ext
  for f in zero dir; do
    out=$(timeout 20 $SIM --quiet --workload $T/$f.$ext 2>&1); rc=$?
    if [ $rc = 2 ] && [ "$(grep -c '^error:' <<<"$out")" = 1 ] && grep -qF "$f.$ext: not a regular file" <<<"$out"; then
      ok "shell bad input: --workload $f.$ext (a $([ $f = zero ] && echo device || echo directory)) -> exit 2, 'not a regular file'"
    else bad "shell bad input: --workload $f.$ext: exit $rc: $(head -2 <<<"$out")"; fi
  done
done
# Accel-Sim kernel lists (docs/shell.md, "Accel-Sim kernel lists"): the real
# kernel twice (the second re-reads the first's lines: L2 load hits), and
# the kernel then a copy of it 256 MiB further on (its own first address
# would rebase it onto the first kernel's lines: with one rebase for the
# list, no L2 load hit); bad lines of each class
if [ -f $REAL ]; then
  KL=$T/klist; rm -rf $KL; mkdir -p $KL
  cp $REAL $KL/kernel-1.traceg
  sed 's/0x7f580f/0x7f581f/g' $REAL >$KL/kernel-2.traceg
  printf 'MemcpyHtoD,0x00007f580fa00000,4096\n\nkernel-1.traceg\r\nkernel-1.traceg\n' >$KL/again.g
  printf 'kernel-1.traceg\nkernel-2.traceg\n' >$KL/shifted.g
  l2hits() { sed -n 's/.*L2 requests [0-9]* (load hits \([0-9]*\),.*/\1/p' <<<"$1"; }
  o1=$($SIM --workload $KL/again.g --set SHELL_SMS=4 2>&1); r1=$?
  o2=$($SIM --workload $KL/shifted.g --set SHELL_SMS=4 2>&1); r2=$?
  h1=$(l2hits "$o1"); h2=$(l2hits "$o2")
  if [ $r1 = 0 ] && grep -qF "(2 kernels, 14520 warp instructions)" <<<"$o1" && grep -qF "trace: 1 host-to-device copy (4096 bytes)" <<<"$o1" &&
     [ "${h1:-0}" -gt 0 ] && [ $r2 = 0 ] && [ "$h2" = 0 ]; then
    ok "shell: Accel-Sim kernel list: two kernels in order, one copy counted; the second kernel's re-reads hit the L2 ($h1), a copy 256 MiB further on does not ($h2: one rebase for the list)"
  else bad "shell: Accel-Sim kernel list: exit $r1/$r2, L2 load hits '$h1'/'$h2': $(head -3 <<<"$o1$o2")"; fi
  printf 'kernel-1.traceg\nMemcpyDtoH,0x7f580fa00000,16\n' >$KL/b_line.g
  printf 'MemcpyHtoD,7f580fa00000,16\nkernel-1.traceg\n' >$KL/b_copy.g
  printf 'MemcpyHtoD,0x7f580fa00000,16\nkernel-9.traceg\n' >$KL/b_missing.g
  printf 'MemcpyHtoD,0x7f580fa00000,16\n\n' >$KL/b_none.g
  sed "0,/insts = 33/s//insts = 34/" $REAL >$KL/kernel-3.traceg
  printf 'kernel-1.traceg\nkernel-3.traceg\n' >$KL/b_kernel.g
  expect2 "kernel list: a line that is neither a copy nor a kernel" "b_line.g:2: expected MemcpyHtoD,0x<address>,<bytes> or a kernel file" --workload $KL/b_line.g
  expect2 "kernel list: a malformed copy" "b_copy.g:1: bad copy" --workload $KL/b_copy.g
  expect2 "kernel list: a kernel file that is not there" "b_missing.g:2: kernel file $KL/kernel-9.traceg: cannot open" --workload $KL/b_missing.g
  expect2 "kernel list: no kernel" "b_none.g: no kernel" --workload $KL/b_none.g
  expect2 "kernel list: an error in a kernel file names that file" "kernel-3.traceg:" --workload $KL/b_kernel.g
  # the tracer's compressed kernel files (.traceg.xz, read through xz -dc):
  # the same statistics as the plain file, in a list too; a truncated file
  # and a bad line inside one named as such
  xz -c $REAL >$KL/kernel-1.traceg.xz
  printf 'kernel-1.traceg.xz\nkernel-2.traceg\n' >$KL/xz.g
  $SIM --quiet --workload $KL/kernel-1.traceg --json $T/xz_plain.json >/dev/null 2>&1
  o3=$($SIM --quiet --workload $KL/kernel-1.traceg.xz --json $T/xz.json 2>&1); r3=$?
  o4=$($SIM --workload $KL/xz.g 2>&1); r4=$?
  strip() { grep -v '"command"\|"workload"\|seconds\|per_s' "$1"; }
  if [ $r3 = 0 ] && cmp -s <(strip $T/xz_plain.json) <(strip $T/xz.json) && [ $r4 = 0 ] && grep -qF "(2 kernels, 14520 warp instructions)" <<<"$o4"; then
    ok "shell: Accel-Sim .traceg.xz read through xz -dc: the same statistics as the plain trace; in a kernel list too"
  else bad "shell: .traceg.xz: exit $r3/$r4: $(head -3 <<<"$o3$o4")"; fi
  head -c 1000 $KL/kernel-1.traceg.xz >$KL/cut.traceg.xz
  sed "0,/insts = 33/s//insts = 34/" $REAL | xz -c >$KL/badc.traceg.xz
  expect2 ".traceg.xz truncated" "cut.traceg.xz: not a whole .xz file" --workload $KL/cut.traceg.xz
  expect2 ".traceg.xz with a bad count inside (the decompressed line)" "badc.traceg.xz:59: bad count" --workload $KL/badc.traceg.xz
  if [ -x $B/bin/shell-sim-asan ]; then # the list, the pipe from xz and the shared rebase under the sanitizers
    out=$($B/bin/shell-sim-asan --quiet --workload $KL/xz.g 2>&1) && ok "shell: asan Accel-Sim kernel list with a .traceg.xz" ||
      bad "shell: asan kernel list: $(head -5 <<<"$out")"
  fi
fi
expect2 "bad generator argument" "option --args: 'n=0' for workload atax" --workload atax --args n=0
expect2 "a matrix-vector loop longer than the matrix" "workload atax: iters=600: expected at most n=512" --workload atax --args iters=600
expect2 "bad shell parameter" "SHELL_SMS='129'" --set SHELL_SMS=129
expect2 "too many L2 banks" "SHELL_L2_BANKS='129'" --set SHELL_L2_BANKS=129
expect2 "the CCN ring past 16 SMs" "SHELL_SMS=17: must be 2..16 under SHELL_CCN" --set SHELL_SMS=17 --set SHELL_CCN=ON
expect2 "BDU_THR_W over the SM's warps under TWOLEVEL" "BDU_THR_W" --set SHELL_BYPASS=TWOLEVEL --set SHELL_WARPS=8 --set BDU_THR_W=9
expect2 "MRPB with too many warp slots" "SHELL_WARPS=64: more warp slots" --set SHELL_MRPB=1 --set SHELL_WARPS=64
expect2 "bad --cycles" "--cycles: 'ten'" --cycles ten
printf -- '-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n-gpgpu_n_clusters 15\n-gpgpu_scheduler two_level_active:6:0:1\n' > $T/bad.config
expect2 "unmodelled scheduler in a gpgpusim.config" "bad.config:3: -gpgpu_scheduler" --gpgpusim-config $T/bad.config
printf -- '-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n-gpgpu_n_clusters 129\n' > $T/bad2.config
expect2 "too many SMs in a gpgpusim.config" "bad2.config:2 -gpgpu_n_clusters: parameter SHELL_SMS=129" --gpgpusim-config $T/bad2.config
exit 0
