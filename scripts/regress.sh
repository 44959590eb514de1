#!/usr/bin/env bash
# regress.sh [options] -- a regression matrix through GNU parallel (this
# machine, or several over ssh) or a Slurm job array:
# blocks x configs x seeds x random-initial-state {off,on}; the whole
# shell (block shell) x workloads too.
#   --blocks "a b"     blocks (default: every block the engine lists)
#   --configs "x y"    only the configs of tb/configs/<block>/ with these names
#                      (x.cfg; "default" for a block without configs)
#   --workloads "a b"  the shell's workloads (default: every generator shell-sim lists and
#                      the real Accel-Sim trace in ../shared/traces); the shell's
#                      stimulus is the workload, so it runs seeds 1..min(N, 2) only
#   --seeds N          seeds 1..N (default 20)
#   --cycles N         cycles per run (default: each block's tb/configs/<b>/test_cycles, else 20000)
#   --jobs N           parallel jobs (default: all cores)
#   --out DIR          results, logs and job files in DIR (default build/regress)
#   --resume           re-run only the runs whose last line in results.jsonl is not a pass
#                      (failed, killed, or never ran); keep the earlier lines
#   --sshloginfile F   spread the runs over the machines listed in F (GNU parallel's format;
#                      every machine needs this checkout at the same path and the tools
#                      installed; each is asked over ssh first, bounded: one that does not
#                      answer is an error, exit 2).  $PARALLEL_SSH is the ssh command.
#   --slurm            write DIR/regress.sbatch (a Slurm job array, one task per run) and exit
#   --submit           with --slurm: submit it (sbatch), wait for it (squeue, a progress line
#                      every 10 s) and print the summary.  SLURM_CONF: the cluster's, else
#                      the one of scripts/slurm_local.sh when that is up.
#   --summary          after a job of --slurm submitted by hand has ended: a NO RESULT line for
#                      each of its runs that left none, then the summary
#   --start-timeout S  with --submit: no task started after S s, or none running and none
#                      ended for S s later on (no node up, none free, a node lost), is an
#                      error, exit 2, and the job is cancelled (default 600)
#   --task-time MIN    with --slurm: each task's time limit, minutes (default 60); a task
#                      past it is killed by Slurm and reported
# Results: DIR/results.jsonl (one JSON line per run, "run" its matrix line);
# a run that left no line (killed by SIGKILL, a lost machine, a cancelled
# task) gets a "NO RESULT" line naming why.  A summary with totals,
# divergences and every failing run's reproduce command.
# Exit 0 when every run passed, 1 otherwise, 2 on bad usage or an engine
# that cannot run (a machine or node that does not come up).
set -u
cd "$(dirname "$0")/.."
B=build; R=$B/regress
blocks=""; cfgsel=""; wls=""; seeds=20; cycles=""; jobs=""; resume=0; sshf=""; slurm=0; submit=0; summary_only=0; start_tmo=600; task_time=60
while [ $# -gt 0 ]; do
  case "$1" in
    --blocks) blocks=${2:?}; shift ;;
    --configs) cfgsel=${2:?}; shift ;;
    --out) R=${2:?}; shift ;;
    --submit) submit=1 ;;
    --summary) summary_only=1 ;;
    --start-timeout) start_tmo=${2:?}; shift ;;
    --task-time) task_time=${2:?}; shift ;;
    --workloads) wls=${2:?}; shift ;;
    --seeds) seeds=${2:?}; shift ;;
    --cycles) cycles=${2:?}; shift ;;
    --jobs) jobs=${2:?}; shift ;;
    --resume) resume=1 ;;
    --sshloginfile) sshf=${2:?}; shift ;;
    --slurm) slurm=1 ;;
    *) echo "error: regress.sh: unknown option '$1' (see the header of scripts/regress.sh)" >&2; exit 2 ;;
  esac
  shift
done
[[ $seeds =~ ^[1-9][0-9]*$ ]] || { echo "error: --seeds '$seeds' is not a positive integer" >&2; exit 2; }
[ -z "$cycles" ] || [[ $cycles =~ ^[1-9][0-9]*$ ]] || { echo "error: --cycles '$cycles' is not a positive integer" >&2; exit 2; }
[[ $start_tmo =~ ^[1-9][0-9]*$ ]] || { echo "error: --start-timeout '$start_tmo' is not a positive number of seconds" >&2; exit 2; }
[[ $task_time =~ ^[1-9][0-9]*$ ]] || { echo "error: --task-time '$task_time' is not a positive number of minutes" >&2; exit 2; }
[ $submit = 0 ] || [ $slurm = 1 ] || { echo "error: --submit: only with --slurm" >&2; exit 2; }
[ $slurm = 0 ] || [ -z "$sshf" ] || { echo "error: --slurm and --sshloginfile: choose one engine" >&2; exit 2; }
[ -z "$sshf" ] || [ -r "$sshf" ] || { echo "error: --sshloginfile '$sshf': no such file" >&2; exit 2; }
command -v parallel >/dev/null || { echo "error: GNU parallel is missing (scripts/install_deps.sh installs it)" >&2; exit 2; }
make -s build >/dev/null || exit 2
[ -n "$blocks" ] || blocks=$($B/bin/lockstep-c --list-blocks | awk '{print $1}')
mkdir -p "$R" || { echo "error: --out '$R': cannot create it" >&2; exit 2; }
R=$(cd "$R" && pwd -P)   # absolute: remote machines and Slurm tasks append to it
# the summary over every run recorded: a resumed regression appends, and a
# run that ran again counts by its last line
summary() {
  [ -s "$res" ] || { echo "regress: no results in $res"; return 1; }
  awk '
    { key = $0; if (!sub(/.*"run":"/, "", key)) { key = $0; sub(/.*"reproduce":"/, "", key) }; sub(/".*/, "", key)
      if (!(key in line)) order[++n] = key
      line[key] = $0 }
    END {
      for (i = 1; i <= n; i++) {
        l = line[order[i]]
        c = l; sub(/.*"cycles":/, "", c); sub(/,.*/, "", c); cyc += c
        r = l; sub(/.*"rc":/, "", r); sub(/,.*/, "", r)
        if (r == 1) div++
        if (r != 0) { bad++
                      rp = l; sub(/.*"reproduce":"/, "", rp); sub(/".*/, "", rp); fails[bad] = rp
                      res = l; sub(/.*"result":"/, "", res); sub(/".*/, "", res)
                      lg = l; sub(/.*"log":"/, "", lg); sub(/".*/, "", lg)
                      why[bad] = (r == 1 ? "divergence" : (r == -1 ? "error, no result" : "error, exit " r)) (res != "" ? ": " res : "") "; log " lg } }
      printf "regress: %d runs, %d cycles, %d failed (%d divergences, %d errors)\n", n, cyc, bad, div, bad - div
      for (i = 1; i <= bad; i++) printf "  FAILED: %s   (%s)\n", fails[i], why[i]
      exit bad > 0
    }' "$res"
}
# every run of this session once: a run that left no line gets a NO RESULT
# line (its reproduce command with it); one that left two is reported
collect() {
dups=0
while read -r i n run; do
  if [ "$n" = 0 ]; then
    set -- $run
    SHELL_WORKLOAD="$6" bash scripts/regress_job.sh --no-result "the run left no line; ${noline_why[$i]:-it never ran}" "$res" "$1" "$2" "$3" "$4" "$5"
  elif [ "$n" -gt 1 ]; then
    echo "regress: error: run '$run' left $n lines this session (an engine ran it twice)"
    dups=$((dups + 1))
  fi
done < <(tail -n +$((before + 1)) "$res" 2>/dev/null >"$R/session.jsonl"
         awk 'FILENAME == ARGV[1] { r = $0; if (sub(/.*"run":"/, "", r)) { sub(/".*/, "", r); cnt[r]++ }; next }
              { printf "%d %d %s\n", FNR, cnt[$0] + 0, $0 }' "$R/session.jsonl" "$todo")
}
# why each run of this session that left no line left none (filled by the engines)
declare -A noline_why=()
res=$R/results.jsonl
todo=$R/todo.txt
# --summary: the session a hand-submitted --slurm job ran (todo.txt, and the
# line results.jsonl had when regress.sbatch was written)
if [ $summary_only = 1 ]; then
  [ -f "$todo" ] && [ -f "$R/session.before" ] || { echo "error: --summary: no --slurm session in $R (write one with --slurm first)" >&2; exit 2; }
  before=$(cat "$R/session.before")
  collect; summary; rc=$?
  [ $dups = 0 ] || rc=1
  exit $rc
fi
matrix=$R/matrix.txt
: >$matrix
for b in $blocks; do
  $B/bin/lockstep-c --list-blocks | awk '{print $1}' | grep -qx "$b" || { echo "error: unknown block '$b'" >&2; exit 2; }
  n=$cycles
  [ -n "$n" ] || { [ -f tb/configs/$b/test_cycles ] && n=$(cat tb/configs/$b/test_cycles) || n=20000; }
  cfgs=(tb/configs/$b/*.cfg); [ -e "${cfgs[0]}" ] || cfgs=(default)
  for c in tb/configs/$b/large/*.cfg; do [ -f "$c" ] && cfgs+=("$c"); done   # large configs: here, not in make test
  if [ -n "$cfgsel" ]; then
    sel=(); for c in "${cfgs[@]}"; do grep -qxF "$(basename "$c" .cfg)" <(tr ' ' '\n' <<<"$cfgsel") && sel+=("$c"); done
    [ ${#sel[@]} -gt 0 ] || { echo "error: --configs '$cfgsel': block $b has none of them (its configs: $(for c in "${cfgs[@]}"; do basename "$c" .cfg; done | tr '\n' ' '))" >&2; exit 2; }
    cfgs=("${sel[@]}")
  fi
  bw=(-); ns=$seeds
  if [ "$b" = shell ]; then
    if [ -n "$wls" ]; then read -ra bw <<<"$wls"
    else
      read -ra bw <<<"$($B/bin/shell-sim --list-workloads | tr '\n' ' ')"
      for t in ../shared/traces/*.traceg; do [ -f "$t" ] && bw+=("$t"); done
    fi
    [ "$ns" -gt 2 ] && ns=2
  fi
  for c in "${cfgs[@]}"; do
    for w in "${bw[@]}"; do
      for s in $(seq 1 "$ns"); do
        for ri in 0 1; do echo "$b $c $s $ri $n $w" >>$matrix; done
      done
    done
  done
done
total=$(wc -l <"$matrix")
# the runs of this session: all of them, or with --resume those whose last
# line is not a pass (failed, killed, or never ran)
if [ $resume = 1 ] && [ -s "$res" ]; then
  awk 'FNR == NR { r = $0; if (sub(/.*"run":"/, "", r)) { sub(/".*/, "", r); c = $0; sub(/.*"rc":/, "", c); sub(/,.*/, "", c); last[r] = c }; next }
       !(($0) in last) || last[$0] != 0' "$res" "$matrix" >"$todo"
else
  rm -f "$res" "$R/joblog"
  cp "$matrix" "$todo"
fi
ntodo=$(wc -l <"$todo")
before=$( [ -f "$res" ] && wc -l <"$res" || echo 0)

if [ "$ntodo" = 0 ]; then
  echo "regress: --resume: all $total runs passed already"
  summary; exit $?
fi

# machines over ssh: each must answer, bounded, before the fan-out
if [ -n "$sshf" ]; then
  ln=0
  while IFS= read -r l || [ -n "$l" ]; do
    ln=$((ln + 1))
    l=${l%%#*}; read -r l <<<"$l" || true
    [ -n "$l" ] || continue
    login=${l#*/}; [ "$login" = "$l" ] || [[ ${l%%/*} =~ ^[0-9]+$ ]] || login=$l  # "N/login"
    [ "$login" = : ] && continue
    # a login with a space is an ssh command of its own (GNU parallel's format)
    if [[ $login == *" "* ]]; then cmd=($login); else cmd=(${PARALLEL_SSH:-ssh} -o BatchMode=yes -o ConnectTimeout=10 "$login"); fi
    if ! msg=$(timeout 30 "${cmd[@]}" "cd '$PWD' && test -x build/bin/lockstep-c && echo ok" 2>&1 </dev/null) || [ "$(tail -1 <<<"$msg")" != ok ]; then
      echo "error: $sshf:$ln: machine '$login' does not answer over ssh or has no built checkout at $PWD: $(tail -1 <<<"${msg:-timed out after 30 s}")" >&2
      exit 2
    fi
  done <"$sshf"
fi

# build each harness once, before the fan-out (one build serves both initial
# states and every workload); on a cluster this needs the shared build/
echo "regress: $ntodo of $total runs ($(wc -w <<<"$blocks") blocks, $seeds seeds, random initial state off and on); building harnesses"
awk '{print $1, $2}' "$todo" | sort -u | while read -r b c; do
  LS_BUILD_ONLY=1 LS_QUIET=1 bash scripts/lockstep.sh "$b" $([ "$c" != default ] && echo --config "$c") --cycles 1 >/dev/null 2>&1 \
    || echo "warning: harness build for $b $c failed; its runs will fail"
done

# why each run of this session that left no line left none
if [ $slurm = 1 ]; then
  mkdir -p "$R/slurm"
  cat >"$R/regress.sbatch" <<SB
#!/bin/bash
# GENERATED by scripts/regress.sh --slurm: one array task per run of $todo.
#SBATCH --job-name=l1sys-regress
#SBATCH --array=1-$ntodo
#SBATCH --cpus-per-task=1
#SBATCH --no-requeue
#SBATCH --time=$task_time
#SBATCH --output=$R/slurm/%A_%a.out
cd $PWD
set -- \$(sed -n "\${SLURM_ARRAY_TASK_ID}p" $todo)
SHELL_WORKLOAD="\$6" exec bash scripts/regress_job.sh $res "\$1" "\$2" "\$3" "\$4" "\$5"
SB
  echo "$before" >"$R/session.before"
  if [ $submit = 0 ]; then
    echo "wrote ${R#"$PWD"/}/regress.sbatch ($ntodo runs); submit with: sbatch ${R#"$PWD"/}/regress.sbatch; when it has ended: bash scripts/regress.sh --summary$([ "$R" = "$(pwd -P)/$B/regress" ] || echo " --out ${R#"$PWD"/}")"
    exit 0
  fi
  command -v sbatch >/dev/null || { echo "error: --submit: sbatch is missing (scripts/install_deps.sh installs slurm-client)" >&2; exit 2; }
  if [ -z "${SLURM_CONF:-}" ] && [ -f build/slurm/pids ]; then
    export SLURM_CONF=$PWD/build/slurm/slurm.conf
    echo "regress: the local cluster of scripts/slurm_local.sh (SLURM_CONF=$SLURM_CONF)"
  fi
  out=$(timeout 60 sbatch --parsable "$R/regress.sbatch" 2>&1) || { echo "error: --submit: sbatch failed: $(tail -1 <<<"$out")" >&2; exit 2; }
  jid=${out%%;*}
  [[ $jid =~ ^[0-9]+$ ]] || { echo "error: --submit: sbatch printed '$out', not a job id" >&2; exit 2; }
  echo "regress: submitted Slurm job $jid ($ntodo runs, an array task each); waiting for it (squeue)"
  t0=$SECONDS; tlast=$SECONDS; tprog=$SECONDS; ndone_seen=0; qfail=0
  while :; do
    if ! q=$(timeout 20 squeue -h -r -j "$jid" -o '%T|%r' 2>&1); then
      grep -q 'Invalid job id' <<<"$q" && break   # gone from the controller: ended
      qfail=$((qfail + 1))
      if [ $qfail -ge 15 ]; then
        timeout 20 scancel "$jid" 2>/dev/null
        echo "error: --submit: squeue has failed 15 times in a row ($(tail -1 <<<"$q")); job $jid cancelled" >&2; exit 2
      fi
      sleep 2; continue
    fi
    qfail=0
    [ -n "$q" ] || break
    npend=$(grep -c '^PENDING' <<<"$q"); nrun=$(grep -c '^RUNNING' <<<"$q")
    ndone=$(( $(cat "$res" 2>/dev/null | wc -l) - before ))
    # progress: a task running, or one more done; none for --start-timeout
    # seconds (at the start, or after a node went down mid-job) is an error
    if [ $nrun -gt 0 ] || [ $ndone -ne "$ndone_seen" ]; then tprog=$SECONDS; ndone_seen=$ndone; fi
    if [ $((SECONDS - tprog)) -ge "$start_tmo" ]; then
      why=$(grep -m1 '^PENDING' <<<"$q" | cut -d'|' -f2)
      nodes=$(timeout 20 sinfo -h -o '%N %t' 2>/dev/null | tr '\n' ',' | sed 's/,$//')
      timeout 20 scancel "$jid" 2>/dev/null
      if [ $ndone = 0 ]; then what="no task of Slurm job $jid started in $start_tmo s"
      else what="no task of Slurm job $jid has run for $start_tmo s ($ndone of $ntodo done)"; fi
      echo "error: --submit: $what (pending: ${why:-?}; nodes: ${nodes:-none}); job cancelled -- is a node up? (sinfo; --start-timeout S to wait longer)" >&2
      exit 2
    fi
    if [ $((SECONDS - tlast)) -ge 10 ]; then
      echo "regress: Slurm job $jid: $ndone of $ntodo runs done, $nrun running, $npend pending, $((SECONDS - t0)) s"
      tlast=$SECONDS
    fi
    sleep 1
  done
  # each task's end state (scontrol keeps finished jobs MinJobAge s; sacct needs accounting)
  while read -r tid st; do
    noline_why[$tid]="Slurm task ${jid}_$tid ended $st (output ${R#"$PWD"/}/slurm/${jid}_$tid.out)"
  done < <(timeout 20 scontrol -o show job "$jid" 2>/dev/null | sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\).*/\1 \2/p')
  engine="Slurm task"
else
  popts=(--colsep ' ' --joblog "$R/joblog" --halt never)
  [ -n "$jobs" ] && popts+=(-j "$jobs")
  [ -n "$sshf" ] && popts+=(--sshloginfile "$sshf" --workdir "$PWD")
  # progress: GNU parallel's bar on a terminal, else a line every 10 s
  if [ -t 2 ] && [ -r /dev/tty ]; then popts+=(--bar); fi
  parallel "${popts[@]}" SHELL_WORKLOAD={6} bash scripts/regress_job.sh "$res" {1} {2} {3} {4} {5} :::: "$todo" >/dev/null &
  ppid_=$!
  trap 'kill -TERM $ppid_ 2>/dev/null' INT TERM   # GNU parallel stops its jobs; each writes its KILLED line
  t0=$(date +%s)
  while kill -0 $ppid_ 2>/dev/null; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 $ppid_ 2>/dev/null && sleep 1; done
    if kill -0 $ppid_ 2>/dev/null && ! [ -t 2 ]; then
      now=$(cat "$res" 2>/dev/null | wc -l)
      echo "regress: $((now - before)) of $ntodo runs done this session, $(( $(date +%s) - t0 )) s"
    fi
  done
  wait $ppid_
  trap - INT TERM
  # GNU parallel's joblog: Seq (the line of todo.txt), Host, ..., Exitval, Signal
  while IFS=$'\t' read -r seq host _ _ _ _ ev sig _; do
    [[ $seq =~ ^[0-9]+$ ]] || continue
    noline_why[$seq]="its job ended with exit $ev, signal $sig on ${host} (GNU parallel joblog ${R#"$PWD"/}/joblog)"
  done <"$R/joblog"
fi

collect
summary
rc=$?
[ $dups = 0 ] || rc=1
if [ "$R" = "$(pwd -P)/$B/regress" ]; then
  bash scripts/coverage.sh >"$R/coverage.txt" 2>&1 && echo "regress: coverage merged into $B/regress/coverage.txt" || echo "regress: coverage: see $B/regress/coverage.txt"
fi
exit $rc
