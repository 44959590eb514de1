#!/usr/bin/env bash
# synth.sh BLOCK [--config FILE] [--set NAME=VALUE]... [--out DIR] [--quiet]
# Maps one block to standard cells with Yosys and times it with OpenSTA
# (docs/synthesis.md).  The block's DUT module, RTL files and SV parameters
# come from its lockstep adapter (the same --config/--set as a lockstep run);
# constraints/blocks.list gives its mode-input ties, constraints/<BLOCK>.sdc
# its constraints, constraints/macros.list the modules kept as SRAM macros
# (costed by scripts/sram_model.sh).  Writes DIR (default
# build/synth/<BLOCK>/<config tag>/): netlist.v (the timed netlist), wrap.ys
# (the synthesis wrapper: mode ties), yosys.log, stat.txt, sram.lib, sta.log,
# report.md and metrics.txt (one "key=value" a line), buffer.txt (the buffer
# trees added after ABC, scripts/synth_buffer.py; not with SYNTH_BUFFER=0).
# Environment: LIBERTY (standard cells, default OSU018), SRAM_MODEL (model
# file), SDC_DIR (default constraints), YOSYS, STA; FAULT_RTL=<DEFINE>
# synthesizes the RTL with that fault built in (gate-level fault tests: the
# fault sites under LS_FAULTS, with ls_fault_pkg::sel a constant,
# scripts/gen_faults.sh --fixed).
# --print-dir: print DIR and stop; --reuse: do nothing when DIR holds a run
# newer than every input (RTL, constraints, these scripts, the config), or
# else unpack the run of the same inputs from the machine's synthesis cache
# (scripts/synth_cache.sh) when it holds one;
# --sta-only: keep DIR's Yosys output (netlist_yosys.v, stat.txt) and redo
# the macro naming, OpenSTA and the report (after a change to those steps).
# Another LIBERTY, SRAM_MODEL or SDC_DIR than the default gets its own DIR
# (tag suffix -env<hash>).
# Exit: 0 done (timing met or not: see metrics), 1 a tool failed, 2 bad input.
set -euo pipefail
# The whole script is one brace group: bash parses it before running it, so
# editing this file during a run cannot change the running job.
{
cd "$(dirname "$0")/.."
B=build
DEF_LIBERTY=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
LIBERTY=${LIBERTY:-$DEF_LIBERTY}
SDC_DIR=${SDC_DIR:-constraints}
YOSYS=${YOSYS:-yosys}
STA=${STA:-sta}
die() { echo "error: $*" >&2; exit 2; }
block=${1:-}; [ -n "$block" ] || die "synth.sh: BLOCK is required (make synth BLOCK=sat_cnt); blocks: $(grep -v '^#' constraints/blocks.list | awk 'NF{printf "%s ", $1}')"
shift
cfg=""; sets=(); out=""; quiet=0; printdir=0; reuse=0; staonly=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config) cfg=${2:?}; shift 2 ;;
    --set) sets+=("${2:?}"); shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --quiet) quiet=1; shift ;;
    --print-dir) printdir=1; shift ;;
    --reuse) reuse=1; shift ;;
    --sta-only) staonly=1; shift ;;
    *) die "synth.sh: unknown option '$1'" ;;
  esac
done
[ "$cfg" = default ] && cfg=""
line=$(awk -v b="$block" '!/^#/ && $1 == b' constraints/blocks.list)
[ -n "$line" ] || die "constraints/blocks.list: no line for block '$block'"
read -r _ tier gate expbits ties <<<"$line"
# A line named ADAPTER@CFG is the block ADAPTER at tb/configs/ADAPTER/CFG.cfg
# (a small configuration of a large block, for make test): the adapter's
# SDC, its own expected storage bits.
adapter=${block%%@*}
if [ "$adapter" != "$block" ]; then
  [ -z "$cfg" ] || die "synth.sh: '$block' already names its configuration; no --config with it"
  cfg=tb/configs/$adapter/${block#*@}.cfg
  [ -f "$cfg" ] || die "constraints/blocks.list: '$block' names $cfg, which does not exist"
fi
[ -f "$LIBERTY" ] || die "liberty file '$LIBERTY' not found (LIBERTY=...)"
sdc=$SDC_DIR/$adapter.sdc
[ -f "$sdc" ] || die "$sdc: no constraints for block '$adapter' (one SDC per block, docs/synthesis.md)"
make -s build >/dev/null
eng=$B/bin/lockstep-c
eargs=(); [ -n "$cfg" ] && eargs+=(--config "$cfg"); for s in "${sets[@]}"; do eargs+=(--set "$s"); done
hdir=$(mktemp -d); trap 'rm -rf "$hdir"' EXIT
$eng --block "$adapter" "${eargs[@]}" --emit-rtl "$hdir" >/dev/null || exit 2
# ---- parameter values of this configuration (for the ties) ---------------
pval() { # NAME -> integer value under defaults + config + sets
  local name=$1
  $eng --list-params | awk -v n="$name" -v cfg="$cfg" -v sets="${sets[*]:-}" '
    $1 == n { def = $3; enums = $0; found = 1 }
    END {
      if (!found) { print "error: tie parameter " n " unknown to block" > "/dev/stderr"; exit 2 }
      v = def
      if (cfg != "") while ((getline l < cfg) > 0) { sub(/#.*/, "", l); gsub(/[ \t]/, "", l); split(l, kv, "="); if (kv[1] == n) v = kv[2] }
      ns = split(sets, S, " "); for (i = 1; i <= ns; i++) { split(S[i], kv, "="); if (kv[1] == n) v = kv[2] }
      if (v !~ /^[0-9]+$/) { if (match(enums, v "\\([0-9]+\\)")) { e = substr(enums, RSTART, RLENGTH); sub(/.*\(/, "", e); sub(/\)/, "", e); v = e } else { print "error: " n "=" v ": not a value" > "/dev/stderr"; exit 2 } }
      print v }'
}

# The tag names the netlist: the DUT's parameters and the tie values (two
# configurations that differ only in untied mode inputs share a netlist).
tievals=""
if [ "$ties" != "-" ]; then
  for t in $ties; do v=${t#*=}; [[ $v =~ ^[0-9]+$ ]] || v=$(pval "$v") || exit 2; tievals+=" ${t%%=*}=$v"; done
fi
tag=default
if [ -n "$cfg" ] || [ ${#sets[@]} -gt 0 ]; then
  dtag=$( (sed -n '/ #($/,/) dut (/p' "$hdir/ls_top.sv"; echo "$tievals") | sha1sum | cut -c1-10)
  $eng --block "$adapter" --emit-rtl "$hdir/def" >/dev/null
  deftie=""; if [ "$ties" != "-" ]; then cfg0=$cfg; sets0=("${sets[@]}"); cfg=""; sets=()
    for t in $ties; do v=${t#*=}; [[ $v =~ ^[0-9]+$ ]] || v=$(pval "$v"); deftie+=" ${t%%=*}=$v"; done; cfg=$cfg0; sets=("${sets0[@]}"); fi
  ttag=$( (sed -n '/ #($/,/) dut (/p' "$hdir/def/ls_top.sv"; echo "$deftie") | sha1sum | cut -c1-10)
  [ "$dtag" = "$ttag" ] || tag=$dtag
fi
fdef=""; [ -n "${FAULT_RTL:-}" ] && { tag=$tag-$FAULT_RTL; fdef=" -DLS_FAULTS"; }
# Another cell library, SRAM model or constraint directory gets its own run
# directory (a run with other inputs must never be reused for the default).
envk="$LIBERTY|${SRAM_MODEL:-}|$SDC_DIR"
[ "$envk" = "$DEF_LIBERTY||constraints" ] || tag=$tag-env$(echo "$envk" | sha1sum | cut -c1-6)
# Buffering (the default recipe): ABC also buffers and sizes (abc -constr:
# buffer; upsize; dnsize) against an INVX1 drive and a 0.04 pF load, so a
# net with hundreds of sinks gets a buffer tree instead of a slew far off the
# Liberty tables; then scripts/synth_buffer.py buffers what ABC could not
# see: nets into SRAM macros (each macro pin is a 0.04 pF output to ABC,
# whatever the number of pins) and any net over its driver's Liberty
# max_capacitance.  SYNTH_BUFFER=0: map without either (run directory
# <tag>-nobuf; docs/synthesis.md, "What the numbers are not").
case "${SYNTH_BUFFER:-1}" in
  1) abcx=" -constr @OUT@/abc_buffer.constr" ;; # (the run directory's own: set below)
  0) abcx=""; tag=$tag-nobuf ;;
  *) die "SYNTH_BUFFER='${SYNTH_BUFFER}': expected 1 (buffer and size, the default) or 0 (plain mapping)" ;;
esac
out=${out:-$B/synth/$adapter/$tag}
[ $printdir = 1 ] && { echo "$out"; exit 0; }
mkdir -p "$out"
abcx=${abcx//@OUT@/$out} # (in the run directory: runs in parallel and --out DIR in a clone without build/synth)
# --reuse: keep a finished run whose inputs have not changed since
# (.inputs_ok: when this directory's run was made or unpacked; metrics.txt
# keeps the run's own time, which synth_all.sh's table shows)
if [ $reuse = 1 ] && [ -f "$out/metrics.txt" ] && [ -f "$out/netlist.v" ] && [ -f "$out/.inputs_ok" ] && \
   [ -z "$(find rtl "$sdc" ${cfg:+"$cfg"} constraints/macros.list constraints/common.sdc "${SRAM_MODEL:-constraints/sram_osu018.model}" "${SRAM_MODEL_ALT:-constraints/sram_cacti.model}" "$LIBERTY" scripts/synth.sh scripts/synth_buffer.py scripts/sram_model.sh csim/params*.def -newer "$out/.inputs_ok" 2>/dev/null | head -1)" ]; then
  [ $quiet = 0 ] && echo "synth.sh: $block: up to date in $out"
  exit 0
fi
# the machine's synthesis cache (scripts/synth_cache.sh): a --reuse run whose
# inputs were synthesized before, in any clone, unpacks that run instead
. scripts/synth_cache.sh
skey=""; [ $staonly = 0 ] && skey=$(sc_key "$out" "$hdir" "$sdc" ${cfg:+"$cfg"} "$LIBERTY" \
  "${SRAM_MODEL:-constraints/sram_osu018.model}" "${SRAM_MODEL_ALT:-constraints/sram_cacti.model}" "$B/gen/l1sys_pkg.sv")
if [ $reuse = 1 ] && [ -n "$skey" ] && sc_get "$skey" "$out"; then
  touch "$out/.inputs_ok"
  [ $quiet = 0 ] && echo "synth.sh: $block: the same inputs were synthesized before: run unpacked from the machine's synthesis cache ($(sc_dir)/$skey.tar) into $out"
  exit 0
fi
rm -f "$out/metrics.txt"
rm -rf "$out/harness"; cp -r "$hdir" "$out/harness"; rm -rf "$out/harness/def"

# ---- the DUT: module, parameters, ports (from the generated harness) ------
top=$(awk '/^  [A-Za-z_][A-Za-z0-9_]* #\(/ {print $1; exit} /^  [A-Za-z_][A-Za-z0-9_]* dut \(/ {print $1; exit}' "$out/harness/ls_top.sv")
[ -n "$top" ] || { echo "error: cannot find the DUT in $out/harness/ls_top.sv" >&2; exit 1; }
params=$(awk '/ #\($/ {f=1; next} f && /^  \) dut/ {exit} f { gsub(/[ ,]/, ""); if (match($0, /^\.([A-Za-z0-9_]+)\((.*)\)$/)) { n=$0; sub(/^\./, "", n); split(n, a, "("); v=a[2]; sub(/\)$/, "", v); printf "%s=%s ", a[1], v } }' "$out/harness/ls_top.sv")
# ports: "name width dir"
awk '/public_flat_rw/ || /public_flat_rd/ {
       d = /public_flat_rw/ ? "in" : "out"; w = 1
       if (match($0, /\[[0-9]+:0\]/)) { s = substr($0, RSTART + 1, RLENGTH - 2); split(s, a, ":"); w = a[1] + 1 }
       for (i = 1; i <= NF; i++) if ($i ~ /^[A-Za-z_][A-Za-z0-9_]*$/ && $i != "logic") { n = $i; break }
       print n, w, d }' "$out/harness/ls_top.sv" >"$out/ports.txt"
files=$(cat "$out/harness/ls_files.txt")

# ---- macros: read as black boxes -------------------------------------------
declare -A mread mports mdep mwid mslc
while read -r m rd np dp wp sp; do mread[$m]=$rd; mports[$m]=$np; mdep[$m]=$dp; mwid[$m]=$wp; mslc[$m]=$sp; done < <(grep -v '^\s*#' constraints/macros.list | awk 'NF')
libfiles=(); rtlfiles=()
for f in $files; do
  m=$(basename "$f" .sv)
  if [ -n "${mread[$m]:-}" ] && [ "$m" != "$top" ]; then libfiles+=(rtl/$f); else rtlfiles+=(rtl/$f); fi
done

# ---- the synthesis wrapper: mode inputs tied to this configuration's values
{
  echo "# GENERATED by scripts/synth.sh: synthesis wrapper of $block ($top), config ${cfg:-default} ${sets[*]:-}"
  echo "# Each tied mode input keeps its port (unconnected) so the netlist's port list equals the RTL's;"
  echo "# inside, the old port net is driven by the configuration's constant."
  echo "cd $top"
  if [ "$ties" != "-" ]; then
    for t in $ties; do
      p=${t%%=*}; v=${t#*=}
      [[ $v =~ ^[0-9]+$ ]] || v=$(pval "$v")
      w=$(awk -v p="$p" '$1 == p {print $2}' "$out/ports.txt")
      [ -n "$w" ] || die "constraints/blocks.list: $block ties '$p', which is not an input of $top"
      echo "rename $p ${p}__tie"
      echo "delete -port ${p}__tie"
      echo "add -input $p $w"
      echo "connect -set ${p}__tie $w'd$v"
      echo "# $p = $v"
    done
  fi
  echo "cd"
} >"$out/wrap.ys"

# The configuration's parameters: `chparam` on the top, then `hierarchy`, then
# the derived top renamed back to its module name.  (Yosys 0.23's
# `hierarchy -chparam` asserts on a top that instantiates a parameterized
# module in a generate loop, e.g. ccn_ring's gen_node[i].i_node.)
chp=""; for kv in $params; do chp+=" -set ${kv%%=*} ${kv#*=}"; done
period=$(awk '/^set period/ {print $3; exit}' "$sdc")
[ -n "$period" ] || die "$sdc: needs a line 'set period <ns>' (docs/synthesis.md)"
ps=$(awk -v p="$period" 'BEGIN {printf "%d", p * 1000}')
# Modules marked keep_hierarchy (rtl/prim/mul_u.sv, popcnt.sv) survive
# synth -flatten and are mapped by ABC apart from their readers.  The
# netlist as mapped is written then (netlist_cut_yosys.v -> netlist_cut.v:
# make lec cuts it at those modules and proves each apart); the flatten
# after it makes netlist.v one module (as STA, the gate harness and qflow
# read it), cell for cell the same (make lec checks that too: rename
# -enumerate gives every net and cell a public name first, _N_ per module,
# so that the flattened names of both are the same).
# FAULT_RTL: the fault package with sel fixed to the fault (exit 2: unknown fault)
[ -n "$fdef" ] && { bash scripts/gen_faults.sh --fixed "$FAULT_RTL" "$out/ls_fault_pkg.sv" || exit 2; }
# Buffering (SYNTH_BUFFER=1) splits the script after the mapping: Yosys
# writes the mapped design (mapped.json, mapped.il), scripts/synth_buffer.py adds the
# buffer trees ABC could not see the need of (nets into SRAM macros, any net
# over its driver's Liberty max_capacitance; docs/synthesis.md "Buffering
# nets into macros"), and a second Yosys run reads it back and goes on.
cat >"$out/synth.ys" <<YS
read_verilog -sv -DSYNTHESIS $B/gen/l1sys_pkg.sv${fdef:+ $out/ls_fault_pkg.sv}
${libfiles:+read_verilog -sv -DSYNTHESIS -lib ${libfiles[*]}}
read_verilog -sv -DSYNTHESIS$fdef ${rtlfiles[*]}
${chp:+chparam$chp $top}
hierarchy -check -top $top
rename -top $top
proc
script $out/wrap.ys
synth -flatten -top $top
dfflibmap -liberty $LIBERTY
abc -liberty $LIBERTY -D $ps$abcx
opt_clean
setundef -zero
opt_clean
YS
cat >"$out/synth_b.ys" <<YS
rename -enumerate
write_verilog -noattr -noexpr -nohex -nodec -simple-lhs $out/netlist_cut_yosys.v
setattr -mod -unset keep_hierarchy
flatten
hierarchy -top $top
opt_clean
tee -o $out/stat.txt stat -liberty $LIBERTY
write_verilog -noattr -noexpr -nohex -nodec -simple-lhs $out/netlist_yosys.v
YS
if [ -n "$abcx" ]; then
  printf "write_json $out/mapped.json\nwrite_rtlil $out/mapped.il\n" >>"$out/synth.ys"
  { echo "read_rtlil $out/buffered.il"; echo "hierarchy -top $top"; cat "$out/synth_b.ys"; } >"$out/synth_b.tmp"
  mv "$out/synth_b.tmp" "$out/synth_b.ys"
else
  cat "$out/synth_b.ys" >>"$out/synth.ys"; rm -f "$out/synth_b.ys"
fi
[ -n "$abcx" ] && printf 'set_driving_cell INVX1\nset_load 0.04\n' >"$out/abc_buffer.constr"
t0=$(date +%s.%N)
[ $quiet = 0 ] && echo "synth.sh: $block ($top${params:+ $params}) -> $out"
if [ $staonly = 1 ]; then
  # --sta-only: keep Yosys' netlist and statistics of the last run in DIR
  [ -s "$out/netlist_yosys.v" ] && [ -s "$out/stat.txt" ] && [ -s "$out/yosys_s.txt" ] || die "synth.sh --sta-only: $out has no finished Yosys run (netlist_yosys.v, stat.txt)"
  ty=$(cat "$out/yosys_s.txt"); t1=$(date +%s.%N)
else
  rm -f "$out/netlist_yosys.v" "$out/netlist_cut_yosys.v" "$out/netlist_cut.v" "$out/yosys_s.txt"
  if ! $YOSYS -q -l "$out/yosys.log" "$out/synth.ys" >/dev/null 2>&1; then
    echo "error: Yosys failed on $block; see $out/yosys.log" >&2; grep -i -m3 error "$out/yosys.log" >&2; exit 1
  fi
  rm -f "$out/buffer.txt"
  if [ -n "$abcx" ]; then
    # the buffer trees (scripts/synth_buffer.py): each macro module's pins
    # as its SRAM model's stub gives them (a probe shape: the pin
    # capacitances do not depend on it), then the second Yosys run
    margs=()
    for m in "${!mread[@]}"; do
      scripts/sram_model.sh --period "$period" --liberty "probe_$m" 16 16 1 "${mports[$m]}" "${mread[$m]}" >"$out/buffer_probe_$m.lib"
      margs+=(--macro "$m=$out/buffer_probe_$m.lib")
    done
    if ! python3 scripts/synth_buffer.py "$out/mapped.json" "$out/mapped.il" "$out/buffered.il" "$out/buffer.txt" --liberty "$LIBERTY" \
         --drive INVX1 --outload 0.04 --buf BUFX4 --group 0.3 "${margs[@]}" >"$out/buffer.log" 2>&1 ||
       ! $YOSYS -q -l "$out/yosys_b.log" "$out/synth_b.ys" >/dev/null 2>&1; then
      echo "error: buffering failed on $block; see $out/buffer.log, $out/yosys_b.log" >&2; cat "$out/buffer.log" >&2; grep -i -m3 error "$out/yosys_b.log" >&2; exit 1
    fi
    rm -f "$out/mapped.json" "$out/mapped.il" "$out/buffered.il" "$out"/buffer_probe_*.lib
  fi
  t1=$(date +%s.%N)
  ty=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}'); echo "$ty" >"$out/yosys_s.txt"
fi

# ---- SRAM macros: one Liberty cell per distinct shape, named in the netlist
: >"$out/macros.txt"
macro_re=$(printf '%s|' "${!mread[@]}"); macro_re=${macro_re%|}
awk -v re="^  (${macro_re}) #\\($" -v out="$out/macros.txt" '
  # a parameter value as Yosys writes it: a sized binary (32 b...), a
  # signed one (32 sb..., from an integer literal in the RTL such as the
  # L1D data banks SliceW(8)), a sized decimal (32 d...) or plain decimal
  function val(s) { sub(/^[^(]*\(/, "", s); sub(/\).*$/, "", s)
    if (s ~ /^[0-9]+.s?b/) { sub(/^[0-9]+.s?b/, "", s); v = 0; for (i = 1; i <= length(s); i++) v = v * 2 + substr(s, i, 1); return v }
    if (s ~ /^[0-9]+.s?d/) sub(/^[0-9]+.s?d/, "", s)
    return s + 0 }
  $0 ~ re { mod = $1; inp = 1; delete P; next }
  inp && /^    \./ { n = $1; sub(/^\./, "", n); sub(/\(.*/, "", n); P[n] = val($0); next }
  inp && /^  \) / { inst = $2; inp = 0
    nmac++; printf "%s %d", mod, nmac >> out; for (k in P) printf " %s=%s", k, P[k] >> out; printf "\n" >> out
    printf "  @MACRO@%d@ %s (\n", nmac, inst; next }
  { print }' "$out/netlist_yosys.v" >"$out/netlist.tmp"
touch "$out/macros.txt"
sram_area=0; sram_bits=0; sram_n=0; stalibs=""; sram_alt=0; n1p=0; nrf=0; nbank=0
# The second model (docs/synthesis.md, "SRAM model"): the same macros with
# the CACTI-class cell; its area is reported beside the default's, the
# timing stubs come from the default model.
alt_model=${SRAM_MODEL_ALT:-constraints/sram_cacti.model}
mname=$(scripts/sram_model.sh 16 1 1 | sed 's/.*model=//')
aname=$(scripts/sram_model.sh --model "$alt_model" 16 1 1 | sed 's/.*model=//')
: >"$out/sram.txt"
while read -r m inst kvs; do
  [ -n "$m" ] || continue
  declare -A P=(); for kv in $kvs; do P[${kv%%=*}]=${kv#*=}; done
  D=${P[${mdep[$m]}]:-}; W=${P[${mwid[$m]}]:-}
  [ -n "$D" ] || D=$(sed -n "s/.*parameter int unsigned ${mdep[$m]} *= *\([0-9]*\).*/\1/p" rtl/*/$m.sv | head -1)
  [ -n "$W" ] || W=$(sed -n "s/.*parameter int unsigned ${mwid[$m]} *= *\([0-9]*\).*/\1/p" rtl/*/$m.sv | head -1)
  S=${P[${mslc[$m]}]:-$W}
  ns=$((W / S))
  cell=sram_${D}x${W}_m${ns}_${mread[$m]}
  lf=$out/$cell.lib
  # always regenerated: the stub depends on the model and the clock period (port rule)
  scripts/sram_model.sh --period "$period" --liberty "$cell" "$D" "$W" "$ns" "${mports[$m]}" "${mread[$m]}" >"$lf"
  sed -i "s/@MACRO@$inst@/$cell/" "$out/netlist.tmp"
  mo=$(scripts/sram_model.sh --period "$period" "$D" "$W" "${mports[$m]}")
  mv_() { sed "s/.*[ ^]$1=\([^ ]*\).*/\1/" <<<" $2"; }
  a=$(mv_ area_um2 "$mo"); t=$(mv_ access_ns "$mo"); pu=$(mv_ ports "$mo"); kd=$(mv_ kind "$mo"); nb=$(mv_ banks "$mo")
  a2=$(mv_ area_um2 "$(scripts/sram_model.sh --model "$alt_model" --period "$period" "$D" "$W" "${mports[$m]}")")
  echo "$inst $m $D $W $ns $pu ${mread[$m]} $a $t $kd $nb ${mports[$m]} $a2" >>"$out/sram.txt"
  sram_area=$(awk -v x="$sram_area" -v y="$a" 'BEGIN {printf "%.1f", x + y}')
  sram_alt=$(awk -v x="$sram_alt" -v y="$a2" 'BEGIN {printf "%.1f", x + y}')
  [ "$kd" = regfile ] && nrf=$((nrf + 1))
  [ "$kd" = sram ] && [ "$pu" = 1 ] && [ "${mports[$m]}" = 2 ] && n1p=$((n1p + 1))
  [ "$nb" -gt 1 ] && nbank=$((nbank + 1))
  sram_bits=$((sram_bits + D * W)); sram_n=$((sram_n + 1))
  case " $stalibs " in *" $lf "*) ;; *) stalibs+=" $lf" ;; esac
  unset P
done <"$out/macros.txt"
mv "$out/netlist.tmp" "$out/netlist.v"
# the netlist as mapped, cut at its keep_hierarchy modules: kept only when it
# has more than the top module; its macro instances get the cells netlist.v
# has for the same instance names
if [ -s "$out/netlist_cut_yosys.v" ] && [ "$(grep -c '^module ' "$out/netlist_cut_yosys.v")" -gt 1 ]; then
  awk -v re="^  (${macro_re}) #\\($" '
    FNR == NR { if ($0 ~ /^  sram_[A-Za-z0-9_]+ [^ ]+ \($/) C[$2] = $1; next }
    $0 ~ re { inp = 1; next }
    inp && /^  \) / { inp = 0; if (!($2 in C)) { print "macro instance " $2 " not in netlist.v" > "/dev/stderr"; exit 1 }
                      printf "  %s %s (\n", C[$2], $2; next }
    inp { next }
    { print }' "$out/netlist.v" "$out/netlist_cut_yosys.v" >"$out/netlist_cut.v" ||
    { echo "error: $block: cannot name the macros of netlist_cut_yosys.v" >&2; exit 1; }
else
  rm -f "$out/netlist_cut.v"
fi

# ---- cell statistics (Yosys stat against the Liberty areas) ----------------
read -r cells cell_area seq_area flops < <(awk -v lib="$LIBERTY" '
  BEGIN { while ((getline l < lib) > 0) {
            if (l ~ /^[ \t]*cell[ \t]*\(/) { c = l; sub(/.*\([ \t"]*/, "", c); sub(/[ \t"]*\).*/, "", c) }
            if (l ~ /^[ \t]*area[ \t]*:/) { a = l; sub(/.*:[ \t]*/, "", a); sub(/;.*/, "", a); A[c] = a }
            if (l ~ /^[ \t]*(ff|latch)[ \t]*\(/) S[c] = 1 } }
  /^     [A-Za-z_][A-Za-z0-9_]* +[0-9]+$/ { if ($1 in A) { n += $2; ar += $2 * A[$1]; if ($1 in S) { sa += $2 * A[$1]; fl += $2 } } }
  END { printf "%d %.1f %.1f %d\n", n, ar, sa, fl }' "$out/stat.txt")

# ---- timing ----------------------------------------------------------------
cat >"$out/sta.tcl" <<TCL
read_liberty $LIBERTY
$(for l in $stalibs; do echo "read_liberty $l"; done)
read_verilog $out/netlist.v
link_design $top
read_sdc $sdc
puts "PERIOD \$period"
report_checks -path_delay max -digits 3 -fields {slew cap fanout} -group_count 1
puts "WNS [sta::format_time [sta::worst_slack_cmd max] 3]"
report_tns -digits 3
TCL
if ! $STA -exit "$out/sta.tcl" >"$out/sta.log" 2>&1 || grep -q '^Error' "$out/sta.log"; then
  echo "error: OpenSTA failed on $block; see $out/sta.log" >&2; grep -m3 -i error "$out/sta.log" >&2; exit 1
fi
t2=$(date +%s.%N)
awk -v block="$block" -v top="$top" -v params="$params" -v cfg="${cfg:-default}" -v sets="${sets[*]:-}" \
    -v cells="$cells" -v ca="$cell_area" -v sa="$seq_area" -v fl="$flops" -v sram_area="$sram_area" \
    -v sram_bits="$sram_bits" -v sram_n="$sram_n" -v ty="$ty" \
    -v mname="$mname" -v aname="$aname" -v sram_alt="$sram_alt" -v n1p="$n1p" -v nrf="$nrf" -v nbank="$nbank" \
    -v ts="$(awk -v a="$t1" -v b="$t2" 'BEGIN{printf "%.1f", b-a}')" '
  /^PERIOD/ { period = $2 }
  /^Startpoint:/ && !sp { sp = $2 }
  /^Endpoint:/ && !ep { ep = $2 }
  /data arrival time/ && !arr { arr = $1 }
  /^WNS/ { wns = $2 }
  /^tns/ { tns = $2 }
  END {
    fmax = 1000 / (period - wns)
    printf "block=%s\nmodule=%s\nparams=%s\nconfig=%s%s\n", block, top, params, cfg, (sets != "" ? " " sets : "")
    printf "cell_area_um2=%s\nseq_area_um2=%s\nsram_area_um2=%s\ntotal_area_um2=%.1f\n", ca, sa, sram_area, ca + sram_area
    printf "sram_model=%s\nsram_model_alt=%s\nsram_area_alt_um2=%s\ntotal_area_alt_um2=%.1f\n", mname, aname, sram_alt, ca + sram_alt
    printf "sram_split_1port=%d\nsram_regfiles=%d\nsram_banked=%d\n", n1p, nrf, nbank
    printf "cells=%d\nflops=%d\nsram_macros=%d\nsram_bits=%d\nstorage_bits=%d\n", cells, fl, sram_n, sram_bits, fl + sram_bits
    printf "period_ns=%s\ncrit_start=%s\ncrit_end=%s\ncrit_arrival_ns=%s\nwns_ns=%s\ntns_ns=%s\nfmax_mhz=%.1f\n", period, sp, ep, arr, wns, tns, fmax
    printf "yosys_s=%s\nsta_s=%s\n", ty, ts
  }' "$out/sta.log" >"$out/metrics.txt"
# the buffer trees scripts/synth_buffer.py added (in the cell area and
# counts above: they are cells of the netlist); SYNTH_BUFFER=0: none
if [ -s "$out/buffer.txt" ]; then grep -E '^(buffer_nets|buffer_cells|buffer_area_um2|nets_over_max_cap_before|nets_over_max_cap_after|clock_nets_over_max_cap)=' "$out/buffer.txt" >>"$out/metrics.txt"
else printf 'buffer_nets=0\nbuffer_cells=0\nbuffer_area_um2=0.0\n' >>"$out/metrics.txt"; fi
# a flip-flop end/start point: name it by the register net on its Q pin
regname() { # instance
  awk -v i="$1" '$2 == i && $3 == "(" {f = 1; next} f && /\.Q\(/ {s = $0; sub(/.*\.Q\(/, "", s); sub(/\)[^)]*$/, "", s); gsub(/[ \\]/, "", s); print s; exit} f && /\);/ {exit}' "$out/netlist.v"
}
for k in crit_start crit_end; do
  v=$(sed -n "s/^$k=//p" "$out/metrics.txt")
  if [[ $v == _*_ ]]; then r=$(regname "$v"); [ -n "$r" ] && sed -i "s/^$k=.*/$k=$r ($v)/" "$out/metrics.txt"; fi
done
source <(sed 's/^\([a-z_0-9]*\)=\(.*\)$/m_\1="\2"/' "$out/metrics.txt")
{
  echo "# $block: synthesis and timing"
  echo
  echo "Module \`$top\` ($params), configuration ${cfg:-default} ${sets[*]:-}; cells: $(basename "$LIBERTY"); constraints: $sdc."
  echo
  echo "| cell area um2 | sequential area um2 | SRAM area um2 ($m_sram_model) | SRAM area um2 ($m_sram_model_alt) | cells | flops | storage bits | critical path | arrival ns | WNS ns | TNS ns | Fmax MHz (target $m_period_ns ns) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  echo "| $m_cell_area_um2 | $m_seq_area_um2 | $m_sram_area_um2 | $m_sram_area_alt_um2 | $m_cells | $m_flops | $m_storage_bits | $m_crit_start -> $m_crit_end | $m_crit_arrival_ns | $m_wns_ns | $m_tns_ns | $m_fmax_mhz |"
  echo
  if [ -s "$out/sram.txt" ]; then
    echo "SRAM macros (black boxes; timed and costed by model $m_sram_model, $(basename "${SRAM_MODEL:-constraints/sram_osu018.model}"), also costed by model $m_sram_model_alt, $(basename "$alt_model"); ports: the RTL's -> the model's, 1 = single-port split-cycle; docs/synthesis.md \"SRAM model\"):"
    echo
    echo "| instance | module | rows | bits | mask slices | kind | banks | ports | read | area um2 ($m_sram_model) | area um2 ($m_sram_model_alt) | access ns |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    awk '{printf "| %s | %s | %s | %s | %s | %s | %s | %s -> %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $10, $11, $12, $6, $7, $8, $13, $9}' "$out/sram.txt"
    echo
  fi
  if [ -s "$out/buffer.txt" ]; then
    echo "Buffer trees (scripts/synth_buffer.py, after ABC; docs/synthesis.md \"Buffering nets into macros\"): $m_buffer_cells BUFX4 on $m_buffer_nets net(s), $m_buffer_area_um2 um2 (in the cell area); nets over their driver's Liberty max_capacitance: $m_nets_over_max_cap_before before, $m_nets_over_max_cap_after after ($m_clock_nets_over_max_cap of them clock nets, ideal in the timing, left alone):"
    echo
    grep -v '=' "$out/buffer.txt" | sed 's/^/- /' || true
    echo
  else
    echo "Buffer trees: none (SYNTH_BUFFER=0, plain mapping)."
    echo
  fi
  echo "Mode ties (synthesis wrapper \`wrap.ys\`): $(grep '^# mode' "$out/wrap.ys" | sed 's/^# //' | paste -sd, - || true)"
  echo
  echo "Run time: Yosys $m_yosys_s s, OpenSTA $m_sta_s s.  Critical path:"
  echo
  echo '```'
  sed -n '/^Startpoint:/,/slack/p' "$out/sta.log"
  echo '```'
} >"$out/report.md"
# .inputs_ok dates the inputs of the netlist's Yosys run: --sta-only kept
# that netlist, so it leaves the date alone (a later --reuse must not keep
# a netlist made by an older flow or RTL because its timing was redone)
[ $staonly = 1 ] || touch "$out/.inputs_ok"
[ -n "$skey" ] && sc_put "$skey" "$out"
[ $quiet = 0 ] && { sed -n '5,7p' "$out/report.md"; echo "SRAM: $m_sram_area_um2 um2 ($m_sram_model), $m_sram_area_alt_um2 um2 ($m_sram_model_alt); total area $m_total_area_um2 / $m_total_area_alt_um2 um2"; }
exit 0
}
