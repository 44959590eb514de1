#!/usr/bin/env bash
# shell_mech_tests.sh -- the shell's bypass schemes in make test (one
# PASS/FAIL line each; docs/shell.md "Bypass schemes"): each scheme changes
# the decisions it should, the static flow (profile -> chss-classify ->
# tags) works end to end, runs are deterministic, the scoreboard stays clean
# (every run must exit 0), bad tags and bad combinations exit 2 with one
# error line.
set -u
cd "$(dirname "$0")/.."
B=build
SIM=${SHELL_SIM:-$B/bin/shell-sim}
CLS=$B/bin/chss-classify
T=$B/test-logs/shell_mech
mkdir -p $T
ok()  { echo "PASS $*"; }
bad() { echo "FAIL $*"; }
# jsum FILE KEY: the key summed over SMs; jtot FILE KEY: the run's total
jsum() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(s.get(sys.argv[2], 0) for s in d['sm']))" "$@"; }
jtot() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['total'][sys.argv[2]])" "$@"; }
sim() { # json, args... (exit code checked: the scoreboard must stay clean)
  local j=$1; shift
  out=$($SIM --quiet --json $j "$@" 2>&1); rc=$?
  [ $rc -eq 0 ] || bad "shell mech: run $* exited $rc: $(head -3 <<<"$out")"
  return $rc
}

# NONE bypasses nothing, ALL every load (no L1D hit left)
sim $T/none.json --workload gemm && sim $T/all.json --workload gemm --set SHELL_BYPASS=ALL
if [ "$(jsum $T/none.json bypassed)" -eq 0 ] && [ "$(jsum $T/all.json bypassed)" -gt 0 ] &&
   [ "$(jtot $T/all.json l1_hits)" -eq 0 ] && [ "$(jtot $T/none.json l1_hits)" -gt 0 ]; then
  ok "shell mech: NONE bypasses 0 loads, ALL $(jsum $T/all.json bypassed) (L1D hits $(jtot $T/none.json l1_hits) -> 0) on gemm"
else bad "shell mech: NONE/ALL on gemm: bypassed $(jsum $T/none.json bypassed) / $(jsum $T/all.json bypassed)"; fi

# CHSS: the unit moves TB_bg (beyond the kernel start) and tags blocks both ways;
# every bypassed load is a cm load of a bg block
A="--workload 2dconv --args bs=64"
sim $T/chss.json $A --set SHELL_BYPASS=CHSS && sim $T/chss2.json $A --set SHELL_BYPASS=CHSS
mv=$(jsum $T/chss.json chss_tbbg_moves); bg=$(jsum $T/chss.json chss_bg_blocks); ba=$(jsum $T/chss.json chss_ba_blocks)
ser=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(len(set(d['sm'][0]['chss_tb_bg_series'])))" $T/chss.json)
if [ "$mv" -gt 4 ] && [ "$bg" -gt 0 ] && [ "$ba" -gt 0 ] && [ "$ser" -gt 2 ] &&
   [ "$(jsum $T/chss.json bypassed)" -eq "$(jsum $T/chss.json bypassed_cm)" ] && [ "$(jsum $T/chss.json bypassed)" -gt 0 ]; then
  ok "shell mech: CHSS moves TB_bg on 2dconv ($mv moves over 4 SMs, $ser values on SM0; $bg bg / $ba ba blocks; $(jsum $T/chss.json bypassed) cm loads bypassed)"
else bad "shell mech: CHSS on 2dconv: moves $mv, bg $bg, ba $ba, SM0 values $ser"; fi
if cmp -s $T/chss.json $T/chss2.json; then ok "shell mech: CHSS deterministic (identical JSON twice)"
else bad "shell mech: CHSS runs differ"; fi
# CENTRAL: every SM follows SM0's TB_bg (one sample late at most) -- DECENTRAL learns per SM
sim $T/chss_dec.json $A --set SHELL_BYPASS=CHSS --set CHSS_CONTROL=DECENTRAL
if ! cmp -s $T/chss.json $T/chss_dec.json; then ok "shell mech: CHSS_CONTROL=DECENTRAL changes the run"
else bad "shell mech: CHSS_CONTROL has no effect"; fi

# STATIC: profile -> classifier -> tags; only cg loads bypass; all-ca tags bypass nothing.
# gemm at n=96: at its default n=64 (gemm.cu's 32 x 8 blocks, a block's 8 row warps
# sharing B's rows) the classifier tags no load cm, nothing for COORD's dynamic part;
# n=96 gives its three static loads one tag each: C cg (read once), A ca, B cm
G="--workload gemm --args n=96"
sim $T/prof.json $G --profile-exclusive $T/gemm.prof
if $CLS $T/gemm.prof > $T/gemm.tags 2>$T/cls.err && grep -q ' cg$' $T/gemm.tags; then
  sim $T/static.json $G --set SHELL_BYPASS=STATIC --tags $T/gemm.tags
  sed 's/ c[gm]$/ ca/' $T/gemm.tags > $T/gemm_ca.tags
  sim $T/static_ca.json $G --set SHELL_BYPASS=STATIC --tags $T/gemm_ca.tags
  if [ "$(jsum $T/static.json bypassed)" -gt 0 ] && [ "$(jsum $T/static.json bypassed)" -eq "$(jsum $T/static.json bypassed_cg)" ] &&
     [ "$(jsum $T/static_ca.json bypassed)" -eq 0 ]; then
    ok "shell mech: STATIC bypasses the cg loads ($(grep -c ' cg$' $T/gemm.tags) of $(wc -l <$T/gemm.tags) loads tagged cg, $(jsum $T/static.json bypassed) line loads bypassed; all-ca tags: 0)"
  else bad "shell mech: STATIC: bypassed $(jsum $T/static.json bypassed), cg $(jsum $T/static.json bypassed_cg), all-ca $(jsum $T/static_ca.json bypassed)"; fi
  # COORD: Table 1 -- cg loads always, cm loads in bg blocks
  sim $T/coord.json $G --set SHELL_BYPASS=COORD --tags $T/gemm.tags
  if [ "$(jsum $T/coord.json bypassed_cg)" -gt 0 ] && [ "$(jsum $T/coord.json bypassed_cm)" -gt 0 ] &&
     [ "$(jsum $T/coord.json bypassed)" -eq $(( $(jsum $T/coord.json bypassed_cg) + $(jsum $T/coord.json bypassed_cm) )) ]; then
    ok "shell mech: COORD bypasses cg loads ($(jsum $T/coord.json bypassed_cg)) and cm loads of bg blocks ($(jsum $T/coord.json bypassed_cm))"
  else bad "shell mech: COORD: cg $(jsum $T/coord.json bypassed_cg) cm $(jsum $T/coord.json bypassed_cm)"; fi
else bad "shell mech: classifier on the gemm profile: $(head -2 $T/cls.err) (no cg load)"; fi

# Static sites (wl_rec_t.site, docs/shell.md "The static flow"): a load's PC is
# the static instruction it executes, not its place in its warp's records.
# gemm.cu has 3 global loads (C before the k loop, A and B in it) at any size,
# 2dconv 9 (the taps the source writes out); a workload written by --dump-wl
# reads back with its sites (the same profile); a trace's loads are keyed by
# their PCs (the pow kernel's two LDGs at 0xa0 and 0xb0).
nl() { grep -c '^load ' "$1"; }
sim $T/site2d.json --workload 2dconv --args n=64 --profile $T/2dconv.prof --dump-wl $T/2dconv.wl
sim $T/site2dwl.json --workload $T/2dconv.wl --profile $T/2dconv_wl.prof
TR=${GPGPUSIM_TRACES:-}; [ -n "$TR" ] || for d in /work/shared/traces ../shared/traces; do [ -d $d ] && { TR=$d; break; }; done
tl="(no trace dir)"
if [ -n "$TR" ] && [ -f $TR/accelsim-pow-kernel-593.traceg ]; then
  sim $T/sitetr.json --workload $TR/accelsim-pow-kernel-593.traceg --profile $T/trace.prof
  tl=$(grep '^load ' $T/trace.prof | awk '{print $2}' | tr '\n' ' ')
fi
if [ "$(nl $T/gemm.prof)" = 3 ] && [ "$(nl $T/2dconv.prof)" = 9 ] && cmp -s $T/2dconv.prof $T/2dconv_wl.prof &&
   grep -q ' pc ' $T/2dconv.wl && { [ "$tl" = "(no trace dir)" ] || [ "$tl" = "k0_pc160 k0_pc176 " ]; }; then
  ok "shell mech: static sites: gemm 3 loads, 2dconv 9, the same profile through --dump-wl, trace loads by PC: $tl"
else bad "shell mech: static sites: gemm $(nl $T/gemm.prof) loads (expected 3), 2dconv $(nl $T/2dconv.prof) (9), .wl round trip $(cmp -s $T/2dconv.prof $T/2dconv_wl.prof && echo same || echo differs), trace: $tl"; fi

# The paper's profile (--profile-exclusive, csim/shell/shell_prof.c): each load's hits with itself ca and
# every other load cg, G's share edges, each group's hits with its loads ca.  2dconv's 9 taps read one
# array in straight code: one group (36 edges); alone each tap hits nothing (its neighbours bring its
# lines), together they hit, and the classifier spreads the group's hits over them: every tap ca.  The
# same counts without G (each load its own group): every tap cg.  gemm's A and B are two arrays: no edge.
sim $T/g2d.json --workload 2dconv --args n=64 --profile-exclusive $T/2dconv_x.prof
grep -v '^share\|^group' $T/2dconv_x.prof > $T/2dconv_nog.prof
ng=$(grep -c '^group' $T/2dconv_x.prof); ns=$(grep -c '^share' $T/2dconv_x.prof)
cg_g=$($CLS $T/2dconv_x.prof | grep -c ' cg$'); cg_n=$($CLS $T/2dconv_nog.prof | grep -c ' cg$')
if [ "$ng" = 1 ] && [ "$ns" = 36 ] && [ "$cg_g" = 0 ] && [ "$cg_n" = 9 ] && ! grep -q '^share' $T/gemm.prof; then
  ok "shell mech: exclusive profile: 2dconv's 9 taps one group (36 edges), all ca with G, all cg without; gemm no edge"
else bad "shell mech: exclusive profile: 2dconv $ng groups, $ns edges, cg with G $cg_g (0), without $cg_n (9); gemm edges $(grep -c '^share' $T/gemm.prof)"; fi

# Another profiling input (--profile-args, the paper's Table 3): the profile is the profiling input's,
# its lines under the evaluation's kernel numbers.  gemm at n=96 profiled at n=64 writes n=64's own
# profile; gramschmidt at n=32 (96 launches) profiled at n=16 (48): every launch with loads gets the
# lines of the alike launch at its relative place (first to first, last to last: kernel3's last launch
# with loads, k92, is n=16's k44, whose counts differ from its first's).
sim $T/gpa.json --workload gemm --args n=96 --profile-exclusive $T/gemm_pa.prof --profile-args n=64
sim $T/g64.json --workload gemm --args n=64 --profile-exclusive $T/gemm_64.prof
sim $T/gspa.json --workload gramschmidt --args n=32,iters=8 --profile-exclusive $T/gs_pa.prof --profile-args n=16,iters=8
sim $T/gs16.json --workload gramschmidt --args n=16,iters=8 --profile-exclusive $T/gs_16.prof
klines() { grep -E " k$2_" $1 | sed -E "s/ k$2_/ kX_/g"; } # file, kernel: its lines, the kernel renamed
nk=$(grep -oE '^load k[0-9]+' $T/gs_pa.prof | sort -u | wc -l)
if cmp -s $T/gemm_pa.prof $T/gemm_64.prof && ! cmp -s $T/gemm_pa.prof $T/gemm.prof && [ "$nk" = 95 ] &&
   [ "$(klines $T/gs_pa.prof 2)" = "$(klines $T/gs_16.prof 2)" ] && [ -n "$(klines $T/gs_pa.prof 94)" ] &&
   [ "$(klines $T/gs_pa.prof 94)" = "$(klines $T/gs_16.prof 46)" ] && [ "$(klines $T/gs_pa.prof 92)" = "$(klines $T/gs_16.prof 44)" ] &&
   [ "$(klines $T/gs_16.prof 44)" != "$(klines $T/gs_16.prof 2)" ]; then
  ok "shell mech: --profile-args: gemm n=96's profile is n=64's; gramschmidt n=32's 95 launches with loads take n=16's alike launches in place"
else bad "shell mech: --profile-args: gemm $(cmp -s $T/gemm_pa.prof $T/gemm_64.prof && echo same || echo differs) from n=64's, gramschmidt $nk kernels with lines (95), k94 vs k46: $(klines $T/gs_pa.prof 94 | head -2 | tr '\n' '|') / $(klines $T/gs_16.prof 46 | head -2 | tr '\n' '|')"; fi

# TWOLEVEL time series: the BDU mode sampled, B on stream
sim $T/tl.json --workload stream --set SHELL_BYPASS=TWOLEVEL --set BDU_PERIOD=2000 --set BDU_HOLD=10000 --set SHELL_SAMPLE=200
nb=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(d['sm'][0]['bdu_bmode_series']))" $T/tl.json)
if [ "$nb" -gt 0 ]; then ok "shell mech: TWOLEVEL's sampled BDU mode shows B on stream ($nb of SM0's samples)"
else bad "shell mech: TWOLEVEL series has no B sample"; fi

# CCN (the CCN paper): the sharing kernel gets remote hits, the streaming kernel none;
# OFF looks nothing up; the throttler turns the ring off on stream
CC="--set CCN_TS=2000 --set CCN_TP=20000"
sim $T/ccn_off.json --workload share --args iters=64 $CC
sim $T/ccn_share.json --workload share --args iters=64 --set SHELL_CCN=ON $CC
sim $T/ccn_share2.json --workload share --args iters=64 --set SHELL_CCN=ON $CC
sim $T/ccn_stream.json --workload stream --args iters=64 --set SHELL_CCN=ON $CC
sim $T/ccn_stream_thr.json --workload stream --args iters=64 --set SHELL_CCN=ON_THROTTLE $CC
rs=$(jsum $T/ccn_share.json ccn_remote_hits); rst=$(jsum $T/ccn_stream.json ccn_remote_hits)
if [ "$rs" -gt 50 ] && [ "$rst" -le $(( $(jsum $T/ccn_stream.json ccn_ring_misses) / 100 )) ] &&
   [ "$(jsum $T/ccn_off.json ccn_remote_hits)" -eq 0 ]; then
  ok "shell mech: CCN remote hits: share $rs of $(jsum $T/ccn_share.json ccn_ring_misses) ring misses, stream $rst of $(jsum $T/ccn_stream.json ccn_ring_misses), OFF 0"
else bad "shell mech: CCN remote hits share $rs stream $rst off $(jsum $T/ccn_off.json ccn_remote_hits)"; fi
if [ "$(jsum $T/ccn_stream_thr.json ccn_throttled_periods)" -gt 0 ] && [ "$(jsum $T/ccn_stream.json ccn_throttled_periods)" -eq 0 ]; then
  ok "shell mech: CCN throttler turns the ring off on stream ($(jsum $T/ccn_stream_thr.json ccn_throttled_periods) throttled periods; ON: 0)"
else bad "shell mech: CCN throttling: ON_THROTTLE $(jsum $T/ccn_stream_thr.json ccn_throttled_periods), ON $(jsum $T/ccn_stream.json ccn_throttled_periods)"; fi
if cmp -s $T/ccn_share.json $T/ccn_share2.json; then ok "shell mech: CCN deterministic (identical JSON twice)"
else bad "shell mech: CCN runs differ"; fi
for sms in 2 15; do sim $T/ccn_sms.json --workload syrk --args iters=8 --set SHELL_SMS=$sms --set SHELL_CCN=ON_THROTTLE $CC &&
  ok "shell mech: CCN on $sms SMs, scoreboard clean"; done

# under ASan/UBSan
if [ -x $B/bin/shell-sim-asan ]; then
  out=$($B/bin/shell-sim-asan --quiet --workload 2dconv --args bs=64 --set SHELL_BYPASS=COORD --tags $T/gemm.tags --profile $T/asan.prof --set SHELL_CCN=ON_THROTTLE $CC 2>&1) &&
    ok "shell mech: asan COORD + profile + CCN" || bad "shell mech: asan COORD: $(head -5 <<<"$out")"
  out=$($B/bin/shell-sim-asan --quiet --workload backprop --args n=256 --profile-exclusive $T/asan_x.prof 2>&1) && grep -q '^group' $T/asan_x.prof &&
    ok "shell mech: asan exclusive profile (backprop: loads, edges, groups)" || bad "shell mech: asan exclusive profile: $(head -5 <<<"$out")"
  out=$($B/bin/shell-sim-asan --quiet --workload gramschmidt --args n=16,iters=8 --profile-exclusive $T/asan_pa.prof --profile-args n=8,iters=8 2>&1) &&
    [ "$(grep -oE '^load k[0-9]+' $T/asan_pa.prof | sort -u | wc -l)" = 47 ] &&
    ok "shell mech: asan profile on another input (gramschmidt n=16 profiled at n=8: 47 launches with loads mapped)" || bad "shell mech: asan --profile-args: $(head -5 <<<"$out")"
fi

# bad input: exit 2 and one error line
expect2() { # name, expected substring, args...
  local name=$1 want=$2; shift 2
  out=$($SIM --quiet "$@" 2>&1); rc=$?
  n=$(grep -c '^error:' <<<"$out")
  if [ $rc -eq 2 ] && [ "$n" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then ok "shell mech bad input: $name -> exit 2, '$want'"
  else bad "shell mech bad input: $name: exit $rc, $n error lines: $(head -3 <<<"$out")"; fi
}
printf 'k0_pc1 cg\nk0_pc2 cx\n' > $T/bad.tags
printf 'load k0_pc1 cg\n' > $T/bad2.tags
expect2 "STATIC without tags" "needs the classifier's load tags" --set SHELL_BYPASS=STATIC
expect2 "tags: unknown tag" "bad.tags:2: 'k0_pc2 cx': expected 'k<KERNEL>_pc<PC> ca|cg|cm'" --set SHELL_BYPASS=STATIC --tags $T/bad.tags
expect2 "tags: classifier input instead of output" "bad2.tags:1:" --set SHELL_BYPASS=COORD --tags $T/bad2.tags
expect2 "tags: missing file" "nope.tags: cannot open" --set SHELL_BYPASS=STATIC --tags $T/nope.tags
expect2 "CHSS with 16 TB slots" "SHELL_TBS" --set SHELL_BYPASS=CHSS --set SHELL_TBS=16
expect2 "CCN with one SM" "must be 2..16 under SHELL_CCN" --set SHELL_CCN=ON --set SHELL_SMS=1
expect2 "CHSS warp count too narrow" "CHSS_WARP_W" --set SHELL_BYPASS=CHSS --set CHSS_WARP_W=5
# the system lockstep's environment (SHELL_WORKLOAD, SHELL_TAGS): the same one-line errors
expect2ls() { # name, expected substring, env assignments...
  local name=$1 want=$2; shift 2
  out=$(env "$@" $B/bin/lockstep-c --block shell --mode c --cycles 10 --quiet 2>&1); rc=$?
  n=$(grep -c '^error:' <<<"$out")
  if [ $rc -eq 2 ] && [ "$n" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then ok "shell system bad input: $name -> exit 2, '$want'"
  else bad "shell system bad input: $name: exit $rc, $n error lines: $(head -3 <<<"$out")"; fi
}
expect2ls "SHELL_WORKLOAD not a workload" "workload 'nosuch': not a generator" SHELL_WORKLOAD=nosuch
expect2ls "SHELL_WORKLOAD missing trace" "nope.traceg: cannot open" SHELL_WORKLOAD=$T/nope.traceg
expect2ls "SHELL_TAGS bad line" "bad.tags:2: 'k0_pc2 cx': expected" SHELL_TAGS=$T/bad.tags
# the system scoreboard (tb/blocks/shell_ls.c): a fill that vanishes on its
# way to SM 0 (FAULT_SHELL_LOSE, C alone) must end the run as lost
out=$(FAULT_C=FAULT_SHELL_LOSE LS_QUIET=1 bash scripts/lockstep.sh shell --mode c --config tb/configs/shell/small.cfg \
  --cycles 300000 --no-rerun --quiet --progress off 2>&1); rc=$?
if [ $rc -eq 1 ] && grep -q "CHECK FAILED.*line loads: lost" <<<"$out"; then
  ok "shell system scoreboard: a lost fill is caught ($(grep -o 'cycle [0-9]* SM [0-9]*: warp [0-9]*' <<<"$out" | head -1))"
else bad "shell system scoreboard: a lost fill was not caught (exit $rc): $(tail -2 <<<"$out")"; fi
exit 0
