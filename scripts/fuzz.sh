#!/usr/bin/env bash
# fuzz.sh [SECONDS [HARNESS...]] -- runs every libFuzzer harness of tb/fuzz/
# (or the ones named: shell_traceg ...) for SECONDS each (default 60), one
# after another, on a corpus seeded from the project's configs, the
# GPGPU-Sim configs in ../shared/gpgpusim-configs, the Accel-Sim trace in
# ../shared/traces, the bad inputs of tb/shell/bad/ and a classifier's tags
# (docs/fuzzing.md).
# One PASS/FAIL line per harness; a crash, a sanitizer report, a leak, a
# hang (> 10 s on one input) or memory over 2 GB is a FAIL, its input saved
# under build/fuzz/artifacts/.  Exit 1 when any harness failed.
set -u
cd "$(dirname "$0")/.."
B=build
T=${1:-60}
shift || true
ONLY=" $* "
GCFG=${GPGPUSIM_CONFIGS:-/work/shared/gpgpusim-configs}
[ -d "$GCFG" ] || GCFG=../shared/gpgpusim-configs
make -s fuzz-build >/dev/null || { echo "FAIL fuzz: harnesses do not build (make fuzz-build)"; exit 1; }
S=$B/fuzz/seeds; C=$B/fuzz/corpus; A=$B/fuzz/artifacts; L=$B/fuzz/logs
rm -rf $S; mkdir -p $S/cfg_text $S/cfg_set $S/gpgpusim_str $S/gpgpusim_file $S/shell_wl $S/shell_traceg $S/shell_klist $S/shell_tags $C $A $L
n=0
seed() { n=$((n + 1)); printf '%s' "$2" >"$S/$1/s$n"; }
# config files, and their lines as --set strings
for f in tb/configs/*/*.cfg; do
  cp "$f" "$S/cfg_text/$(echo "$f" | tr / _)"
  while IFS= read -r l; do l=${l%%#*}; [ -n "${l// /}" ] && seed cfg_set "$l"; done <"$f"
done
seed cfg_text $'FIFO_DEPTH = 0x10\nFIFO_WIDTH=7 # c\n'
seed cfg_text $'L1D_GPGPUSIM = N:32:128:4,L:L:m:N:H,A:32:8,8\nL1D_BA=1\n'
# GPGPU-Sim files and every cache string in them (3.x forms added by hand)
for f in "$GCFG"/*.config; do
  [ -f "$f" ] || continue
  cp "$f" "$S/gpgpusim_file/$(basename "$f")"
  grep -Eo '^-gpgpu_[a-z_]*cache:[A-Za-z0-9_]+ +[^ #]+' "$f" | awk '{print $2}' | while IFS= read -r s; do
    n=$((n + 1)); printf '%s' "$s" >"$S/gpgpusim_str/f$n"; printf 'L1D_GPGPUSIM=%s' "$s" >"$S/cfg_set/g$n"
  done
done
for s in "32:128:4,L:L:m:N,A:32:8,8" "32:128:4,L:L:m:N:H,A:32:8,8" "N:64:128:6,F:T:f:N:L,A:16:4,16:0,128" \
         "S:4:128:96,L:L:s:N:L,A:256:8,16:0,32" "none" "N:1:128:512,L:L:m:N:L,A:256:8,16:0,32"; do
  seed gpgpusim_str "$s"; seed cfg_set "L1D_GPGPUSIM=$s"
done
seed gpgpusim_file $'-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-gpgpu_n_clusters 15\n-x "a b\n c"\n'
# two files (the harness cuts at a form feed): gpgpusim.config + trace.config
seed gpgpusim_file $'-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-gpgpu_n_clusters 15\n\f-trace_opcode_latency_initiation_int 2,2\n-gpgpu_n_cores_per_cluster 1\n'
seed cfg_set "FIFO_DEPTH=010"
# workloads: the bad-trace cases, small generated kernels in the .wl
# format, and the head of each real Accel-Sim trace (inputs are capped at
# 64 KB: FUZZ_WL_MAX in tb/fuzz/fuzz_shell_wl.h)
TR=${ACCELSIM_TRACES:-/work/shared/traces}
[ -d "$TR" ] || TR=../shared/traces
for f in tb/shell/bad/*.wl; do [ -f "$f" ] && cp "$f" $S/shell_wl/; done
for f in tb/shell/bad/*.traceg tb/shell/names/*.traceg; do [ -f "$f" ] && cp "$f" $S/shell_traceg/; done
make -s $B/bin/shell-sim >/dev/null 2>&1
for g in atax syrk spmv; do
  $B/bin/shell-sim --workload $g --args n=64 --dump-wl $S/shell_wl/$g.wl >/dev/null 2>&1 || true
  [ -s $S/shell_wl/$g.wl ] && head -c 60000 $S/shell_wl/$g.wl | sed '$d' >$S/shell_wl/$g.head.wl
done
for f in "$TR"/*.traceg; do [ -f "$f" ] && head -c 60000 "$f" | sed '$d' >"$S/shell_traceg/$(basename "$f")"; done
seed shell_wl $'kernel k 1 1\nwarp 0 0\nLD ffffffff 4 base+stride 0x100 4\nEXIT\n'
# the real trace as a small whole kernel: its header and first thread block
for f in "$TR"/*.traceg; do
  [ -f "$f" ] && awk '{print} /^#END_TB/{exit}' "$f" | sed 's/^-grid dim = .*/-grid dim = (1,1,1)/' >"$S/shell_traceg/tb0-$(basename "$f")"
done
# kernel lists (the harness's directory holds kernel-1.traceg and kernel-2.traceg)
seed shell_klist $'MemcpyHtoD,0x00007f580fa00000,2052\nkernel-1.traceg\n'
seed shell_klist $'kernel-1.traceg\r\n\nMemcpyHtoD,0x00007f5810a00000,16\nkernel-2.traceg\nkernel-1.traceg\n'
# tags: the bad cases, and the classifier's output on a profiled run
for f in tb/shell/bad/*.tags; do [ -f "$f" ] && cp "$f" $S/shell_tags/; done
make -s $B/bin/chss-classify >/dev/null 2>&1
if $B/bin/shell-sim --quiet --workload spmv --args n=256 --set SHELL_BYPASS=NONE --profile $S/p.prof >/dev/null 2>&1; then
  $B/bin/chss-classify $S/p.prof >$S/shell_tags/spmv.tags 2>/dev/null || true
fi
rm -f $S/p.prof
seed shell_tags $'k0_pc3 ca\nk0_pc7 cg # c\n\nk1_pc0 cm\n'
rc=0
for bin in $B/fuzz/fuzz_*; do
  [ -x "$bin" ] || continue
  t=${bin##*/fuzz_}
  [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $t "* ]] || continue
  mkdir -p $C/$t
  log=$L/$t.log
  "$bin" -max_total_time="$T" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 -print_final_stats=1 \
    -artifact_prefix="$A/$t-" $C/$t $S/$t >"$log" 2>&1
  r=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  if [ $r -eq 0 ] && ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log"; then
    echo "PASS fuzz $t: ${runs:-?} inputs in ${T} s, no crash, hang or sanitizer report (corpus $(ls $C/$t | wc -l) files)"
  else
    rc=1
    echo "FAIL fuzz $t: exit $r; $(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$log"); input: $(ls -t $A/$t-* 2>/dev/null | head -1); log: $log"
  fi
done
exit $rc
