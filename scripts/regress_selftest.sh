#!/usr/bin/env bash
# regress_selftest.sh -- make regress-selftest (and the last step of make
# test): scripts/regress.sh on real distributed engines, end to end, on a
# small matrix (sat_cnt w4 and fifo_sync depth5_w1, seeds 1-2, random
# initial state off/on: 8 runs of CYCLES cycles, default 3000000: 0.4 s
# each at the 7 M cycles/s fifo_sync ran at on 2026-11-28, long enough for
# the killer, polling every 20 ms, to catch its victim mid-run; at 500000 a
# run ended in 70 ms and the killer missed it).
#  Slurm: a one-machine cluster (scripts/slurm_local.sh, its own directory
#    and ports); the matrix submitted as a job array (--slurm --submit); one
#    array task frozen mid-run and cancelled (scancel); every run's JSON line
#    present exactly once, the cancelled one an error with its reproduce
#    command; --resume re-runs exactly that one and the summary is clean; a
#    node drained mid-job, and a node DOWN before the job, make --submit
#    fail with exit 2 within --start-timeout, not hang; a node the controller rejects (more CPUs than the machine has)
#    makes slurm_local.sh up fail with exit 2; down leaves none of its
#    daemons running.
#  ssh: sshd on a free loopback port with a host key and an authorized key
#    made here; a --sshloginfile naming it twice (m1, m2); the matrix spread
#    over both; one remote run killed with SIGKILL mid-run; every run's line
#    once, the killed one a NO RESULT error with its reproduce command;
#    --resume re-runs it; a machine that does not answer is an error, exit 2.
#  Teeth: the exactly-once check (Python's json, independent of
#    regress.sh's awk) must fail on results with a line removed and with a
#    line duplicated.
# Each check prints one PASS/FAIL line; the last line is "N passed, M
# failed"; exit 0 when all pass.  Daemons started here are stopped on any
# exit (trap), by the PIDs recorded.
set -u
cd "$(dirname "$0")/.."
T=$PWD/build/regress-selftest
CYC=${CYCLES:-3000000}
[[ $CYC =~ ^[1-9][0-9]*$ ]] || { echo "error: CYCLES='$CYC' is not a positive integer" >&2; exit 2; }
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "PASS regress-selftest: $*"; }
bad() { fail=$((fail + 1)); echo "FAIL regress-selftest: $*"; }
show() { sed 's/^/    /' "$@"; }
rm -rf "$T"; mkdir -p "$T"
SD=$T/slurm-cluster
SSHD_PID=""
cleanup() {
  SLURM_LOCAL_DIR=$SD bash scripts/slurm_local.sh down >/dev/null 2>&1
  if [ -n "$SSHD_PID" ] && grep -qF "$T/" "/proc/$SSHD_PID/cmdline" 2>/dev/null; then kill "$SSHD_PID" 2>/dev/null; fi
  [ -z "${KILLER:-}" ] || kill $(pgrep -P "$KILLER") "$KILLER" 2>/dev/null   # the killer and its find_victim
  [ -z "${BG:-}" ] || kill "$BG" 2>/dev/null
}
# a long step in the background, so a signal to this script is handled at once
bgrun() { "$@" & BG=$!; wait $BG; local rc=$?; BG=""; return $rc; }
trap cleanup EXIT
trap 'exit 2' INT TERM
bash scripts/install_deps.sh || exit 2
make -s build >/dev/null || { echo "error: make build failed" >&2; exit 2; }

M=(--blocks "sat_cnt fifo_sync" --configs "w4 depth5_w1" --seeds 2 --cycles "$CYC")
# the run killed mid-run: the matrix's last line
VB=fifo_sync VCFG=tb/configs/fifo_sync/depth5_w1.cfg VSEED=2
VRUN="$VB $VCFG $VSEED 1 $CYC -"
VREPRO="make lockstep BLOCK=$VB SEED=$VSEED CYCLES=$CYC CONFIG=$VCFG RANDINIT=1"

# every line of MATRIX exactly once among the JSON lines of RESULTS from line
# FROM+1 on, and no other run; prints each problem, exit 1 if any
check_once() {
  python3 - "$@" <<'EOF'
import json, sys
matrix = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
lines = open(sys.argv[2]).read().splitlines()[int(sys.argv[3]) if len(sys.argv) > 3 else 0:]
count, bad = {}, []
for i, l in enumerate(lines):
    try:
        run = json.loads(l)["run"]
    except Exception as e:
        bad.append("line %d: not a JSON result line (%s)" % (i + 1, e)); continue
    count[run] = count.get(run, 0) + 1
for m in matrix:
    if count.get(m, 0) != 1:
        bad.append("run '%s': %d lines, expected 1" % (m, count.get(m, 0)))
for r in count:
    if r not in matrix:
        bad.append("run '%s' is not in the matrix" % r)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
EOF
}
# rc of RUN's last line in RESULTS; and its result text
last_field() {
  python3 -c '
import json, sys
last = None
for l in open(sys.argv[1]):
    j = json.loads(l)
    if j["run"] == sys.argv[2]: last = j
print("" if last is None else last[sys.argv[3]])' "$@"
}
# the pid of this checkout's lockstep process for the victim run (bounded: 120 s)
find_victim() {
  local t pid
  for t in $(seq 1 6000); do
    for pid in $(pgrep -f "^build/ls/$VB/[0-9a-f]+/lockstep --block $VB --seed $VSEED --cycles $CYC .*--rand-init"); do
      [ "$(readlink "/proc/$pid/cwd")" = "$PWD" ] && { echo "$pid"; return 0; }
    done
    sleep 0.02
  done
  return 1
}
envof() { tr '\0' '\n' <"/proc/$1/environ" 2>/dev/null | sed -n "s/^$2=//p"; }
ppidof() { awk '/^PPid:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

# ---------------------------------------------------------------- Slurm
echo "== regress-selftest: Slurm (a one-machine cluster of scripts/slurm_local.sh) =="
export SLURM_CONF=$SD/slurm.conf
if SLURM_LOCAL_DIR=$SD bash scripts/slurm_local.sh up >"$T/slurm-up.out" 2>&1; then
  ok "slurm_local.sh up: $(head -1 "$T/slurm-up.out" | sed 's/^slurm_local: //')"
  slurm_up=1
else
  bad "slurm_local.sh up failed:"; show "$T/slurm-up.out"; slurm_up=0
fi
if [ $slurm_up = 1 ]; then
  O=$T/slurm
  # the killer: freezes the victim's lockstep process (so it cannot finish
  # first), then cancels its array task with scancel
  ( pid=$(find_victim) || { echo "victim never ran"; exit 1; }
    kill -STOP "$pid"
    j=$(envof "$pid" SLURM_ARRAY_JOB_ID); k=$(envof "$pid" SLURM_ARRAY_TASK_ID)
    echo "froze pid $pid (Slurm task ${j}_$k) and cancelled it"
    scancel "${j}_$k" ) >"$T/slurm-killer.out" 2>&1 &
  KILLER=$!
  t0=$SECONDS
  bgrun timeout 300 bash scripts/regress.sh --out "$O" --slurm --submit --start-timeout 60 "${M[@]}" >"$T/slurm-run.out" 2>&1; rc=$?
  kill $(pgrep -P $KILLER) $KILLER 2>/dev/null; wait $KILLER; KILLER=""   # done, or the victim was never caught
  echo "  regress --slurm --submit ($((SECONDS - t0)) s, exit $rc); $(cat "$T/slurm-killer.out")"; show "$T/slurm-run.out"
  if [ $rc = 1 ] && grep -q '^regress: 8 runs, .* 1 failed (0 divergences, 1 errors)$' "$T/slurm-run.out" \
     && grep -qF "FAILED: $VREPRO   (error" "$T/slurm-run.out"; then
    ok "Slurm job array: 8 runs, the cancelled task reported as an error with its reproduce command, exit 1"
  else bad "Slurm job array: expected exit 1, '8 runs ... 1 failed (0 divergences, 1 errors)' and 'FAILED: $VREPRO'"; fi
  if msg=$(check_once "$O/matrix.txt" "$O/results.jsonl"); then
    ok "Slurm: every run's JSON line in results.jsonl exactly once"
  else bad "Slurm: results.jsonl: $msg"; fi
  vrc=$(last_field "$O/results.jsonl" "$VRUN" rc); vres=$(last_field "$O/results.jsonl" "$VRUN" result)
  if [ -n "$vrc" ] && [ "$vrc" != 0 ] && [[ $vres == KILLED* || $vres == "NO RESULT"* ]]; then
    ok "Slurm: the cancelled task's line: rc $vrc, \"$vres\""
  else bad "Slurm: the cancelled task's line: rc '$vrc', result '$vres' (expected an error, KILLED or NO RESULT)"; fi
  n0=$(wc -l <"$O/results.jsonl")
  bgrun timeout 300 bash scripts/regress.sh --out "$O" --slurm --submit --resume --start-timeout 60 "${M[@]}" >"$T/slurm-resume.out" 2>&1; rc=$?
  echo "  regress --slurm --submit --resume (exit $rc):"; show "$T/slurm-resume.out"
  new=$(tail -n +$((n0 + 1)) "$O/results.jsonl")
  if [ $rc = 0 ] && grep -q '^regress: 8 runs, .* 0 failed' "$T/slurm-resume.out" && [ "$(wc -l <<<"$new")" = 1 ] \
     && grep -qF "\"run\":\"$VRUN\"" <<<"$new" && [ "$(last_field "$O/results.jsonl" "$VRUN" rc)" = 0 ]; then
    ok "Slurm --resume: re-ran exactly the cancelled run (1 array task), it passed; summary 8 runs, 0 failed"
  else bad "Slurm --resume: expected exit 0, one new line (the cancelled run's, a pass) and '8 runs ... 0 failed'"; fi
  # a node drained mid-job (its running tasks end, no other can start): the
  # job must not wait forever for its pending tasks
  node=$(sinfo -h -o %n | head -1)
  timeout 120 bash scripts/regress.sh --out "$T/slurm-lost" --slurm --submit --start-timeout 5 "${M[@]}" >"$T/slurm-lost.out" 2>"$T/slurm-lost.err" &
  BG=$!
  for t in $(seq 1 600); do [ -s "$T/slurm-lost/results.jsonl" ] && break; kill -0 $BG 2>/dev/null || break; sleep 0.1; done
  scontrol update nodename="$node" state=drain reason="regress-selftest: node drained" >/dev/null 2>&1
  t0=$SECONDS; wait $BG; rc=$?; BG=""; el=$((SECONDS - t0))
  nres=$(cat "$T/slurm-lost/results.jsonl" 2>/dev/null | wc -l)
  if [ $rc = 2 ] && [ "$(wc -l <"$T/slurm-lost.err")" = 1 ] && grep -q "^error: --submit: no task of Slurm job [0-9]* has run for 5 s ([0-9]* of 8 done)" "$T/slurm-lost.err" \
     && [ "$nres" -lt 8 ] && [ $el -lt 60 ]; then
    ok "Slurm node drained mid-job ($nres of 8 runs done): --submit exits 2 $el s later with one message: $(cut -c1-120 "$T/slurm-lost.err")"
  else bad "Slurm node drained mid-job: exit $rc after $el s, $nres runs done; stderr:"; show "$T/slurm-lost.err"; fi
  # a node that never comes up: the job must not wait forever
  scontrol update nodename="$node" state=down reason="regress-selftest: node down" >/dev/null 2>&1
  t0=$SECONDS
  bgrun timeout 120 bash scripts/regress.sh --out "$T/slurm-down" --slurm --submit --start-timeout 5 "${M[@]}" >"$T/slurm-down.out" 2>"$T/slurm-down.err"; rc=$?
  el=$((SECONDS - t0))
  left=$(squeue -h 2>/dev/null | wc -l)
  if [ $rc = 2 ] && [ "$(wc -l <"$T/slurm-down.err")" = 1 ] && grep -q '^error: --submit: no task of Slurm job [0-9]* started in 5 s' "$T/slurm-down.err" \
     && [ $el -lt 60 ] && [ "$left" = 0 ]; then
    ok "Slurm node down: --submit exits 2 after $el s with one message, job cancelled: $(cut -c1-150 "$T/slurm-down.err")"
  else bad "Slurm node down: exit $rc after $el s, $left jobs left in the queue; stderr:"; show "$T/slurm-down.err"; fi
  pids=$(awk '{print $2}' "$SD/pids")
  SLURM_LOCAL_DIR=$SD bash scripts/slurm_local.sh down >/dev/null 2>&1
  alive=""; for p in $pids; do grep -qF "$SD/" "/proc/$p/cmdline" 2>/dev/null && alive+=" $p"; done
  if [ -z "$alive" ] && [ ! -f "$SD/pids" ]; then ok "slurm_local.sh down: munged, slurmctld, slurmd ($(echo $pids)) stopped"
  else bad "slurm_local.sh down: still running:$alive"; fi
fi
# a node the controller rejects: up fails fast with exit 2, leaves nothing running
t0=$SECONDS
SLURM_LOCAL_DIR=$SD SLURM_UP_TIMEOUT=60 bash scripts/slurm_local.sh up --cpus 4096 >"$T/slurm-inval.out" 2>&1; rc=$?
alive=""; for p in $(awk '{print $2}' "$SD/pids" 2>/dev/null); do grep -qF "$SD/" "/proc/$p/cmdline" 2>/dev/null && alive+=" $p"; done
if [ $rc = 2 ] && grep -q "^error: slurm_local.sh: node [^ ]* is inval" "$T/slurm-inval.out" && [ -z "$alive" ]; then
  ok "slurm_local.sh up --cpus 4096 (more than this machine): exit 2 after $((SECONDS - t0)) s: $(grep '^error' "$T/slurm-inval.out" | cut -c1-110)"
else bad "slurm_local.sh up --cpus 4096: exit $rc, daemons left:${alive:- none}"; show "$T/slurm-inval.out"; fi
SLURM_LOCAL_DIR=$SD bash scripts/slurm_local.sh down >/dev/null 2>&1
unset SLURM_CONF

# ---------------------------------------------------------------- ssh
echo "== regress-selftest: GNU parallel over ssh (sshd on a loopback port, two machine names) =="
K=$T/ssh; mkdir -p "$K"; chmod 700 "$K"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
P=$(free_port); DEAD=$(free_port)   # DEAD: a port nothing listens on
me=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C regress-selftest-host -f "$K/host_key" && ssh-keygen -q -t ed25519 -N '' -C regress-selftest-user -f "$K/user_key"
cp "$K/user_key.pub" "$K/authorized_keys"
cat >"$K/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $P
HostKey $K/host_key
PidFile $K/sshd.pid
AuthorizedKeysFile $K/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
StrictModes no
AllowUsers $me
EOF
echo "[127.0.0.1]:$P $(cut -d' ' -f1-2 "$K/host_key.pub")" >"$K/known_hosts"
# ssh takes the first value it meets: m3's port (nothing listens) comes first
cat >"$K/ssh_config" <<EOF
Host m3
  Port $DEAD
Host m1 m2 m3
  HostName 127.0.0.1
  Port $P
  User $me
  IdentityFile $K/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $K/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 5
EOF
export PARALLEL_SSH="ssh -F $K/ssh_config"
[ "$(id -u)" = 0 ] && mkdir -p /run/sshd   # sshd's privilege-separation directory (Debian's init script makes it)
setsid /usr/sbin/sshd -D -e -f "$K/sshd_config" </dev/null >"$K/sshd.log" 2>&1 &
SSHD_PID=$!
up=0; for t in $(seq 1 100); do $PARALLEL_SSH m1 true 2>/dev/null && { up=1; break; }; sleep 0.1; done
if [ $up = 1 ] && $PARALLEL_SSH m2 true; then ok "sshd on 127.0.0.1:$P (pid $SSHD_PID), host and user keys made here; m1 and m2 answer"
else bad "sshd on 127.0.0.1:$P did not answer:"; show "$K/sshd.log"; fi
if [ $up = 1 ]; then
  O=$T/ssh-run
  printf '1/m1\n1/m2\n' >"$K/machines"
  # the killer: the victim's lockstep process must descend from our sshd
  # (a remote run); freeze it, then SIGKILL its regress_job.sh and the run
  ( pid=$(find_victim) || { echo "victim never ran"; exit 1; }
    kill -STOP "$pid"
    p=$pid; remote=0; while [ -n "$p" ] && [ "$p" -gt 1 ]; do [ "$p" = "$SSHD_PID" ] && remote=1; p=$(ppidof "$p"); done
    ls=$(ppidof "$pid"); job=$(ppidof "$ls")
    grep -q regress_job.sh "/proc/$job/cmdline" || { echo "pid $job is not regress_job.sh"; exit 1; }
    kill -KILL "$job"; kill -KILL -- "-$(ps -o pgid= "$pid" | tr -d ' ')"
    echo "froze pid $pid (remote: $([ $remote = 1 ] && echo "yes, under sshd $SSHD_PID" || echo no)), SIGKILLed its regress_job.sh $job and the run" ) >"$T/ssh-killer.out" 2>&1 &
  KILLER=$!
  t0=$SECONDS
  bgrun timeout 300 bash scripts/regress.sh --out "$O" --sshloginfile "$K/machines" "${M[@]}" >"$T/ssh-run.out" 2>&1; rc=$?
  kill $(pgrep -P $KILLER) $KILLER 2>/dev/null; wait $KILLER; KILLER=""   # done, or the victim was never caught
  echo "  regress --sshloginfile ($((SECONDS - t0)) s, exit $rc); $(cat "$T/ssh-killer.out")"; show "$T/ssh-run.out"
  if grep -q 'remote: yes' "$T/ssh-killer.out"; then ok "ssh: the killed run ran remotely (its process descends from the test's sshd)"
  else bad "ssh: the killed run did not run under the test's sshd: $(cat "$T/ssh-killer.out")"; fi
  hosts=$(awk -F'\t' 'NR > 1 { print $2 }' "$O/joblog" | sort -u | tr '\n' ' ')
  if [ "$hosts" = "m1 m2 " ]; then ok "ssh: GNU parallel's joblog shows runs on both machines ($hosts)"
  else bad "ssh: joblog hosts '$hosts', expected 'm1 m2'"; fi
  if [ $rc = 1 ] && grep -q '^regress: 8 runs, .* 1 failed (0 divergences, 1 errors)$' "$T/ssh-run.out" \
     && grep -qF "FAILED: $VREPRO   (error, no result: NO RESULT: the run left no line; its job ended with exit" "$T/ssh-run.out"; then
    ok "ssh: 8 runs, the SIGKILLed remote run reported as an error (no result) with its reproduce command, exit 1"
  else bad "ssh: expected exit 1, '8 runs ... 1 failed (0 divergences, 1 errors)' and 'FAILED: $VREPRO   (error, no result: ...'"; fi
  if msg=$(check_once "$O/matrix.txt" "$O/results.jsonl"); then
    ok "ssh: every run's JSON line came back exactly once"
  else bad "ssh: results.jsonl: $msg"; fi
  n0=$(wc -l <"$O/results.jsonl")
  bgrun timeout 300 bash scripts/regress.sh --out "$O" --sshloginfile "$K/machines" --resume "${M[@]}" >"$T/ssh-resume.out" 2>&1; rc=$?
  echo "  regress --sshloginfile --resume (exit $rc):"; show "$T/ssh-resume.out"
  new=$(tail -n +$((n0 + 1)) "$O/results.jsonl")
  if [ $rc = 0 ] && grep -q '^regress: 8 runs, .* 0 failed' "$T/ssh-resume.out" && [ "$(wc -l <<<"$new")" = 1 ] \
     && grep -qF "\"run\":\"$VRUN\"" <<<"$new" && [ "$(last_field "$O/results.jsonl" "$VRUN" rc)" = 0 ]; then
    ok "ssh --resume: re-ran exactly the killed run, it passed; summary 8 runs, 0 failed"
  else bad "ssh --resume: expected exit 0, one new line (the killed run's, a pass) and '8 runs ... 0 failed'"; fi
  # a machine that does not answer: exit 2, one message naming it, bounded
  printf '1/m1\n1/m3\n' >"$K/machines-dead"
  t0=$SECONDS
  bgrun timeout 120 bash scripts/regress.sh --out "$T/ssh-dead" --sshloginfile "$K/machines-dead" "${M[@]}" >/dev/null 2>"$T/ssh-dead.err"; rc=$?
  el=$((SECONDS - t0))
  if [ $rc = 2 ] && [ "$(wc -l <"$T/ssh-dead.err")" = 1 ] && grep -qF "error: $K/machines-dead:2: machine 'm3' does not answer" "$T/ssh-dead.err" && [ $el -lt 60 ]; then
    ok "ssh: a machine that does not answer: exit 2 after $el s, one message: $(cut -c1-160 "$T/ssh-dead.err" | sed "s|$K/||")"
  else bad "ssh: dead machine: exit $rc after $el s; stderr:"; show "$T/ssh-dead.err"; fi
  # teeth: the exactly-once check fails on a missing and on a duplicated line
  # good: the first session's lines without the killed run's, then its re-run
  { head -n "$n0" "$O/results.jsonl" | grep -vF "\"run\":\"$VRUN\""; tail -n 1 "$O/results.jsonl"; } >"$T/teeth-good.jsonl"
  head -n -1 "$T/teeth-good.jsonl" >"$T/teeth-missing.jsonl"
  { cat "$T/teeth-good.jsonl"; head -n 1 "$T/teeth-good.jsonl"; } >"$T/teeth-dup.jsonl"
  if ! check_once "$O/matrix.txt" "$T/teeth-good.jsonl" >/dev/null; then bad "teeth: the check rejects 8 good lines"
  elif m1=$(check_once "$O/matrix.txt" "$T/teeth-missing.jsonl") || m2=$(check_once "$O/matrix.txt" "$T/teeth-dup.jsonl"); then
    bad "teeth: the exactly-once check passed results with a line missing or duplicated"
  else ok "teeth: the exactly-once check fails a missing line ($m1) and a duplicated one ($m2)"; fi
fi
kill "$SSHD_PID" 2>/dev/null; wait "$SSHD_PID" 2>/dev/null; SSHD_PID=""
echo "$pass passed, $fail failed"
[ $fail = 0 ]
