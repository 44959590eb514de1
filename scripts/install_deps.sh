#!/usr/bin/env bash
# install_deps.sh -- installs, once, every Debian package the project needs.
# Idempotent: does nothing when all tools are present.  Where it cannot
# install (not root and no sudo, or no package registry), it stops with one
# message naming the packages to install, exit code 2.
set -u
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have gcc       || need+=(gcc)
have g++       || need+=(g++)
have make      || need+=(make)
have python3   || need+=(python3)          # verilator's build helper
have verilator || need+=(verilator)
have yosys     || need+=(yosys)
have sta       || need+=(opensta)
have gtkwave   || need+=(gtkwave)          # also fst2vcd
have clang     || need+=(clang)            # make fuzz: libFuzzer harnesses
[ -f /usr/share/qflow/tech/osu018/osu018_stdcells.lib ] || need+=(qflow-tech-osu018)
[ -f /usr/share/qflow/tech/osu035/osu035_stdcells.lib ] || need+=(qflow-tech-osu035)   # make synth-libsens
have qflow     || need+=(qflow)            # make pnr: graywolf, qrouter, rc2dly
have tcsh      || need+=(tcsh)             # the qflow scripts
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)   # Verilator FST tracing
have parallel  || need+=(parallel)         # GNU parallel: make regress, make mutate, make papers
have ccache    || need+=(ccache)           # Verilator harness objects (OBJCACHE in scripts/lockstep.sh)
have gnuplot   || need+=(gnuplot-nox)      # make report, synthesis sweeps, shell plots (no X needed)
have Xvfb      || need+=(xvfb)             # make test opens save files in GTKWave
have valgrind  || need+=(valgrind)         # make bench-ir (callgrind)
have xz        || need+=(xz-utils)         # Accel-Sim's compressed traces (.traceg.xz)
have dot       || need+=(graphviz)         # docs/shell.svg, the shell's block diagram
have xwd       || need+=(x11-apps)         # scripts/gtkw_shot.sh: GTKWave screenshots for docs/
have pnmtopng  || need+=(netpbm)           # scripts/gtkw_shot.sh: xwd -> PNG
# make regress-selftest: a one-machine Slurm cluster (scripts/slurm_local.sh) and an sshd
# on a loopback port (GNU parallel over ssh).  The parts of Debian's slurm-wlm the
# cluster runs (slurm-wlm itself is a metapackage that adds ~30 plugin and -dev packages).
[ -x /usr/sbin/slurmctld ] || need+=(slurmctld)
[ -x /usr/sbin/slurmd ]    || need+=(slurmd)
have sbatch    || need+=(slurm-client)
[ -x /usr/sbin/munged ]    || need+=(munge)
[ -x /usr/sbin/sshd ]      || need+=(openssh-server)
have ssh       || need+=(openssh-client)
have pgrep     || need+=(procps)           # make regress-selftest finds the run it kills
[ ${#need[@]} -eq 0 ] && exit 0

echo "install_deps: installing ${need[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if have sudo && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "error: missing packages: ${need[*]}; install them as root with: apt-get install -y ${need[*]}" >&2
    exit 2
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${need[@]}"; } >/tmp/install_deps.log 2>&1; then
  echo "error: could not install ${need[*]} (see /tmp/install_deps.log); install them with: apt-get install -y ${need[*]}" >&2
  exit 2
fi
echo "install_deps: done"
