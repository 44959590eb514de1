# bench_lib.sh -- make bench's arithmetic and the code-layout rule, in one
# place (sourced by scripts/bench.sh and scripts/lockstep.sh; tested by
# scripts/bench_lib_test.sh in make test).

# layout_ok N: N is a code layout (LS_LAYOUT, BENCH_LAYOUTS): a number of
# bytes from 0 to 65536, no leading zero (cold code linked in front; the
# binary's name carries it; docs/c-models.md, "Measuring")
layout_ok() { [[ "$1" =~ ^(0|[1-9][0-9]{0,4})$ ]] && [ "$1" -le 65536 ]; }

# median FIG...: the median (an even count: the mean of the middle two,
# rounded down); "" when any figure is "fail"
median() {
  local v
  for v in "$@"; do [ "$v" = fail ] && { echo ""; return; }; done
  printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%d\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# best SOFAR NEW: the best so far ("" before the first run, fail after a
# failed one) and a new figure ("" when its run failed) -> the new best so far
best() {
  { [ "$1" = fail ] || [ -z "$2" ]; } && { echo fail; return; }
  { [ -z "$1" ] || [ "$2" -gt "$1" ]; } && echo "$2" || echo "$1"
}

# ratio A B: A / B to two decimals, "-" when either is missing or B is 0
ratio() { [ -n "$1" ] && [ -n "$2" ] && [ "$2" != 0 ] && awk -v a=$1 -v b=$2 'BEGIN { printf "%.2f", a / b }' || echo "-"; }

# verdict RATIO MIN: "met" when RATIO >= MIN, else "missed" ("-": missed)
verdict() { [ "$1" != - ] && awk -v r=$1 -v t=$2 'BEGIN { exit !(r >= t) }' && echo met || echo missed; }

# machine [CPUINFO LOADAVG]: the machine a clock figure was measured on, one
# line (its CPU model, cores, clock, 1-minute load average), printed at the
# top of make bench and written beside its JSON: figures in cycles/s are
# this machine's (a change of machine moved the shell's 4-SM row from 2.5 M
# to 0.8-1.1 M cycles/s with the same instruction counts; docs/results/
# c-models.md, "Issue 28 on another machine")
machine() {
  local ci=${1:-/proc/cpuinfo} la=${2:-/proc/loadavg} model mhz cores load
  model=$(awk -F': *' '/^model name/ { print $2; exit }' "$ci" 2>/dev/null)
  mhz=$(awk -F': *' '/^cpu MHz/ { printf "%.0f", $2; exit }' "$ci" 2>/dev/null)
  cores=$(grep -c '^processor' "$ci" 2>/dev/null)
  load=$(awk '{ print $1; exit }' "$la" 2>/dev/null)
  echo "machine: ${model:-unknown CPU}, ${cores:-?} core$([ "${cores:-0}" = 1 ] || echo s), ${mhz:-?} MHz, load ${load:-?}"
}
# machine_json [CPUINFO LOADAVG]: the same as a JSON object (strings escaped)
machine_json() {
  local l
  l=$(machine "$@")
  python3 -c 'import json, re, sys
m = re.match(r"machine: (.*), (\S+) cores?, (\S+) MHz, load (\S+)$", sys.argv[1])
num = lambda v: (int(v) if v.isdigit() else float(v)) if re.fullmatch(r"[0-9]+(\.[0-9]+)?", v) else None
print(json.dumps({"cpu": m.group(1), "cores": num(m.group(2)), "mhz": num(m.group(3)), "load1": num(m.group(4))} if m else {"line": sys.argv[1]}))' "$l"
}
