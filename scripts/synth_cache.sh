# synth_cache.sh -- sourced by scripts/synth.sh: a machine-wide cache of
# finished synthesis runs (Yosys + OpenSTA), keyed by the content of
# everything a run reads (docs/testing.md, "The machine's synthesis cache").
#
# `synth.sh --reuse` (make test's synthesis job, `make synth-all REUSE=1`)
# keeps a run whose build/synth directory is newer than its inputs; a fresh
# clone has no such directory, so make test re-synthesized every test block
# (about 140 s of Yosys and OpenSTA on this machine) although the same RTL had
# been synthesized before.  Both tools are deterministic: the same inputs give
# the same netlist, byte for byte (`rename -enumerate` names every net), so
# this cache keeps each finished run directory under the SHA-256 of: the run
# directory's name (block and configuration tag), every RTL source, the
# generated package and harness (the DUT's parameters, its file list), the
# block's SDC and config, the macro list, the SRAM models, the Liberty file,
# constraints/blocks.list (the mode ties), the fault list, csim/params*.def,
# this flow's scripts (synth.sh, synth_buffer.py, sram_model.sh, gen_faults.sh),
# the environment that selects another library, model,
# constraint set, buffering or fault, and the Yosys and OpenSTA versions.
# A change to any of them is another key: a stale run cannot be found.
#
#   L1SYS_SYNTH_CACHE=DIR   where it lives (default ~/.cache/l1sys/synth)
#   L1SYS_SYNTH_CACHE=off   never read or written (synthesis runs anew)
#   L1SYS_SYNTH_CACHE_MB=N  the size kept (default 2048); least recently
#                           used entries go first
# Only --reuse runs read it (a plain `make synth` always runs the tools);
# every finished run fills it.  Mutants (RTL_DIR) neither read nor fill it.

. scripts/harness_cache.sh # cache_trim

sc_dir() {
  local d=${L1SYS_SYNTH_CACHE:-${HOME:-/tmp}/.cache/l1sys/synth}
  case "$d" in off|OFF|0|no) return 1 ;; esac
  [ -n "${RTL_DIR:-}" ] && return 1
  mkdir -p "$d" 2>/dev/null || return 1
  echo "$d"
}

# sc_key OUTDIR HARNESSDIR FILE... -- the key of a run into OUTDIR
sc_key() {
  local out=$1 h=$2; shift 2
  {
    echo "$out"
    local f
    for f in $(find "$h" -type f | sort) $(find rtl -name '*.sv' | sort) "$@" \
             constraints/blocks.list constraints/macros.list constraints/common.sdc \
             csim/params*.def tb/faults/*.txt scripts/synth.sh \
             scripts/synth_buffer.py scripts/sram_model.sh scripts/gen_faults.sh; do
      [ -f "$f" ] || continue
      printf '%s ' "${f#"$h"/}"; sha256sum <"$f"
    done
    echo "LIBERTY=${LIBERTY:-} SRAM_MODEL=${SRAM_MODEL:-} SRAM_MODEL_ALT=${SRAM_MODEL_ALT:-} SDC_DIR=${SDC_DIR:-}"
    echo "SYNTH_BUFFER=${SYNTH_BUFFER:-1} FAULT_RTL=${FAULT_RTL:-}"
    ${YOSYS:-yosys} -V
    ${STA:-sta} -version
  } 2>&1 | sha256sum | cut -c1-32
}

# sc_get KEY OUTDIR -- unpack a cached run into OUTDIR (replacing it); status
# 1 on a miss.  The files keep the run's own times: synth_all.sh's table
# dates the run by its metrics.txt, so a cached run reads as an earlier one.
sc_get() {
  local d; d=$(sc_dir) || return 1
  [ -f "$d/$1.tar" ] || return 1
  rm -rf "$2"; mkdir -p "$2"
  tar -xf "$d/$1.tar" -C "$2" 2>/dev/null && [ -s "$2/metrics.txt" ] && [ -s "$2/netlist.v" ] ||
    { rm -rf "$2"; return 1; }
  touch "$d/$1.tar" # least recently used goes first
}

# sc_put KEY OUTDIR -- store a finished run (atomically: a parallel reader
# sees the whole entry or none)
sc_put() {
  local d; d=$(sc_dir) || return 0
  [ -s "$2/metrics.txt" ] && [ -s "$2/netlist.v" ] || return 0
  local t="$d/.tmp.$$.$RANDOM"
  if tar -cf "$t" -C "$2" . 2>/dev/null; then mv -f "$t" "$d/$1.tar"; else rm -f "$t"; return 0; fi
  cache_trim "$d" "${L1SYS_SYNTH_CACHE_MB:-2048}" "$d/$1.tar"
}
