# harness_cache.sh -- sourced by scripts/lockstep.sh: a machine-wide cache
# of built Verilator harnesses, keyed by the content of everything the build
# reads (docs/testing.md, "Time").
#
# ccache keeps Verilator's compiled C++ across clones, but Verilation itself
# (30 s for the 15-SM shell, most of a warm harness build) is not cached.
# This cache keeps what the link needs of a finished build (the model's
# archive Vls_top__ALL.a and its headers, for the C++ glue) under the SHA-256
# of: every source file's content, the generated top, the public-signal
# file, the file list, the array pointer list, every Verilator option and
# define, and the Verilator and g++ versions.  A change to any of them is a
# different key, so a stale harness cannot be found; a hit skips Verilator.
#
#   L1SYS_HARNESS_CACHE=DIR   where it lives (default ~/.cache/l1sys/harness)
#   L1SYS_HARNESS_CACHE=off   never read or written (also under
#                             CCACHE_DISABLE=1: a cold-build measurement)
#   L1SYS_HARNESS_CACHE_MB=N  the size kept (default 6144); the least
#                             recently used entries go first
# Mutants (RTL_DIR) neither read nor fill it.

hc_dir() {
  local d=${L1SYS_HARNESS_CACHE:-${HOME:-/tmp}/.cache/l1sys/harness}
  case "$d" in off|OFF|0|no) return 1 ;; esac
  [ -n "${CCACHE_DISABLE:-}" ] && return 1
  [ -n "${RTL_DIR:-}" ] && return 1
  mkdir -p "$d" 2>/dev/null || return 1
  echo "$d"
}

# hc_key FILE... -- the key: the listed files' names and contents, then
# whatever the caller writes on stdin (options, defines), then the tools'
# versions
hc_key() {
  {
    local f
    for f in "$@"; do printf '%s ' "$f"; sha256sum <"$f"; done
    cat
    verilator --version
    g++ -dumpfullversion
  } | sha256sum | cut -c1-32
}

# hc_get KEY OBJDIR -- unpack a cached build into OBJDIR; status 1 on a miss
hc_get() {
  local d; d=$(hc_dir) || return 1
  [ -f "$d/$1.tar" ] || return 1
  mkdir -p "$2"
  tar -xf "$d/$1.tar" -C "$2" 2>/dev/null || { rm -rf "$2"; return 1; }
  [ -f "$2/Vls_top__ALL.a" ] || { rm -rf "$2"; return 1; }
  touch "$d/$1.tar" # least recently used goes first
}

# hc_put KEY OBJDIR -- store a finished build (atomically: a parallel reader
# sees the whole entry or none)
hc_put() {
  local d; d=$(hc_dir) || return 0
  [ -f "$2/Vls_top__ALL.a" ] || return 0
  local t="$d/.tmp.$$.$RANDOM"
  if (cd "$2" && tar -cf "$t" Vls_top__ALL.a ./*.h) 2>/dev/null; then mv -f "$t" "$d/$1.tar"; else rm -f "$t"; return 0; fi
  cache_trim "$d" "${L1SYS_HARNESS_CACHE_MB:-6144}" "$d/$1.tar"
}

# cache_trim DIR MB KEEP -- keep DIR's *.tar under MB megabytes: the least
# recently used entries go first, never KEEP (the entry just written).  Also
# used by the synthesis cache (scripts/synth_cache.sh).
cache_trim() {
  local d=$1 max=$(( $2 * 1024 )) tot f
  tot=$(du -sk "$d" 2>/dev/null | cut -f1)
  [ "${tot:-0}" -le $max ] && return 0
  for f in $(ls -tr "$d"/*.tar 2>/dev/null); do
    [ "$f" = "$3" ] && continue
    rm -f "$f"
    tot=$(du -sk "$d" | cut -f1)
    [ "$tot" -le $max ] && break
  done
}
