#!/usr/bin/env python3
"""gpgpusim_stats_test.py -- make test's checks of `shell-sim --stats gpgpusim`
(docs/shell.md, "Statistics as GPGPU-Sim prints them"); one PASS/FAIL line each:
  1. every statistic name of the GPGPU-Sim log excerpt (tb/shell/gpgpusim/
     log_excerpt.txt, our own text in GPGPU-Sim's format) is printed, read by
     the same parser (scripts/gpgpusim_log.py), except the ones docs/shell.md
     names as not modelled (NOT_MODELLED below);
  2. gpu_sim_insn counts thread instructions: on the real Accel-Sim trace it
     equals the active lanes summed over the trace's instruction lines (read
     here from the trace itself), gpu_warp_insn the instruction lines, and
     gpu_ipc = gpu_sim_insn / gpu_sim_cycle;
  3. the breakdowns agree with the summary table's counters (JSON "total");
  4. the JSON carries the same names and values as the text."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import gpgpusim_log  # noqa: E402

SIM = os.environ.get("SHELL_SIM", "build/bin/shell-sim")
FIX = "tb/shell/gpgpusim/log_excerpt.txt"
TRACE = "../shared/traces/accelsim-pow-kernel-593.traceg"
if not os.path.exists(TRACE):
    TRACE = "/work/shared/traces/accelsim-pow-kernel-593.traceg"
OUT = "build/test-logs/shell"
# printed by GPGPU-Sim, not by us: docs/shell.md says why for each
NOT_MODELLED = {"gpu_occupancy", "gpu_tot_occupancy", "L1D_cache_data_port_util", "L1D_cache_fill_port_util",
                "gpgpu_silicon_slowdown"}
fails = 0


def res(ok, name, why=""):
    global fails
    print(("PASS " if ok else "FAIL ") + "gpgpusim stats: " + name + ("" if ok else ": " + why))
    fails += not ok


def sim(args, js):
    p = subprocess.run([SIM] + args + ["--stats", "gpgpusim", "--json", js], capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("FAIL gpgpusim stats: shell-sim %s exited %d: %s" % (" ".join(args), p.returncode, p.stderr[:300]))
    return p.stdout, json.load(open(js))


def generic(n):  # per-unit names: L1D_cache_core[3].Access -> L1D_cache_core[i].Access
    if "fail_stats_breakdown" in n:  # printed when non-zero (as GPGPU-Sim): the reasons are checked apart
        return n.split("[")[0]
    return re.sub(r"\[\d+\]", "[i]", n)


os.makedirs(OUT, exist_ok=True)
txt, js = sim(["--workload", "atax", "--args", "n=128,iters=16"], OUT + "/gstats_atax.json")
ours = gpgpusim_log.parse(txt)
fix = gpgpusim_log.parse(open(FIX).read())
want = {generic(n) for n in gpgpusim_log.names(fix)} - NOT_MODELLED
have = {generic(n) for n in gpgpusim_log.names(ours)}
miss = sorted(want - have)
reasons = {n.split("[")[2].rstrip("]") for n in gpgpusim_log.names(fix) if "fail_stats_breakdown" in n}
miss += sorted(reasons - set(js["gpgpusim"]["Total_core_cache_fail_stats_breakdown"]["GLOBAL_ACC_R"]))
res(not miss and len(ours) == 2, "every name of the GPGPU-Sim log excerpt is printed, one block per kernel (%d names)" % len(want),
    "missing %s; %d blocks" % (miss[:8], len(ours)))

if os.path.exists(TRACE):
    lanes = lines = 0
    for ln in open(TRACE):
        f = ln.split()
        if len(f) > 3 and re.fullmatch(r"[0-9a-f]{4,}", f[0]) and re.fullmatch(r"[0-9a-f]{8}", f[1]):
            lanes += bin(int(f[1], 16)).count("1")
            lines += 1
    t2, j2 = sim(["--workload", TRACE], OUT + "/gstats_trace.json")
    b = gpgpusim_log.parse(t2)[-1]
    ipc = b["gpu_sim_insn"] / b["gpu_sim_cycle"]
    res(b["gpu_sim_insn"] == lanes and b["gpu_warp_insn"] == lines and abs(b["gpu_ipc"] - ipc) < 1e-4,
        "gpu_sim_insn = active lanes of the trace (%d), gpu_warp_insn = its instructions (%d), gpu_ipc = insn/cycle" % (lanes, lines),
        "gpu_sim_insn %s gpu_warp_insn %s gpu_ipc %s (insn/cycle %.4f)" % (b["gpu_sim_insn"], b["gpu_warp_insn"], b["gpu_ipc"], ipc))

last, tot = ours[-1], js["total"]
bd = "Total_core_cache_stats_breakdown[%s][%s]"
hits = last[bd % ("GLOBAL_ACC_R", "HIT")] + last[bd % ("GLOBAL_ACC_W", "HIT")]
hres = last[bd % ("GLOBAL_ACC_R", "HIT_RESERVED")] + last[bd % ("GLOBAL_ACC_W", "HIT_RESERVED")]
mis = last[bd % ("GLOBAL_ACC_R", "MISS")] + last[bd % ("GLOBAL_ACC_W", "MISS")]
fl = last[bd % ("GLOBAL_ACC_R", "RESERVATION_FAIL")] + last[bd % ("GLOBAL_ACC_W", "RESERVATION_FAIL")]
tfl = sum(tot[k] for k in ("fail_line_alloc", "fail_mshr_entry", "fail_mshr_merge", "fail_miss_queue", "fail_port_busy", "fail_byp_queue"))
l2 = last["L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT]"], last["L2_cache_stats_breakdown[GLOBAL_ACC_R][MISS]"], last["L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]"]
ok = (hits == tot["l1_hits"] and mis == tot["l1_misses"] and hits + hres + mis == tot["l1_accesses"] and fl == tfl
      and last["L1D_total_cache_accesses"] == tot["l1_accesses"] and l2 == (tot["l2_load_hits"], tot["l2_load_misses"], tot["l2_stores"])
      and last["gpu_tot_sim_insn"] == sum(k["gpu_sim_insn"] for k in js["gpgpusim"]["kernels"]))
res(ok, "breakdowns agree with the summary table (L1D hits/pending/misses/fails, L2 loads and stores)",
    "breakdown hit %d hres %d miss %d fail %d L2 %s; table %s" % (hits, hres, mis, fl, l2, tot))

g = js["gpgpusim"]
same = [n for n in ("L1D_total_cache_accesses", "L1D_total_cache_misses", "L1D_total_cache_pending_hits",
                    "L1D_total_cache_reservation_fails", "L2_total_cache_accesses", "L2_total_cache_misses",
                    "gpu_tot_sim_cycle", "gpu_tot_sim_insn", "gpu_tot_issued_cta") if g.get(n) != last.get(n)]
same += [n for n in ("HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL")
         if g["Total_core_cache_stats_breakdown"]["GLOBAL_ACC_R"][n] != last[bd % ("GLOBAL_ACC_R", n)]]
res(not same, "the JSON's gpgpusim member has the text's names and values", "differ: %s" % same)

# make report reads the shell's JSON: a row per run with its gpu_tot_ipc, and the plots
import csv  # noqa: E402
rdir = OUT + "/report"
p = subprocess.run([sys.executable, "scripts/report.py", OUT + "/no-stats", rdir, OUT + "/gstats_atax.json"], capture_output=True, text=True)
rows = list(csv.DictReader(open(rdir + "/shell.csv"))) if p.returncode == 0 else []
pngs = [f for f in ("shell_ipc.png", "shell_rates.png", "shell_fails.png") if os.path.getsize(os.path.join(rdir, f) if rows else os.devnull) > 0]
res(len(rows) == 1 and float(rows[0]["gpu_tot_ipc"]) == g["gpu_tot_ipc"] and rows[0]["workload"] == "atax" and len(pngs) == 3,
    "make report turns a shell JSON into shell.csv (workload, mechanism, gpu_tot_ipc) and three plots",
    "exit %d %s rows %s pngs %s" % (p.returncode, p.stderr.strip()[-200:], rows[:1], pngs))
sys.exit(1 if fails else 0)
