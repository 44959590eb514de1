#!/usr/bin/env python3
"""sweeps.py -- make sweeps / make shootout (issue 24 items 4 and 5).

The one place the sweeps and the shoot-out are defined (SWEEPS, SHOOTOUT,
KERNELS below).  Two modes, driven by scripts/sweeps.sh:

  sweeps.py plan WHAT RESULTS SIMSUM   WHAT = sweeps | shootout
      writes RESULTS/WHAT.jobs1 (reference and profiling runs), RESULTS/WHAT.jobs2
      (the rest, each stopped at CAPX x its reference's cycles) and
      RESULTS/WHAT.profs (profile -> tags files to classify between the phases):
      one scripts/papers_run1.sh command a line, for GNU parallel.
  sweeps.py report WHAT RESULTS OUT_MD IMG_DIR
      reads the runs' JSON and writes OUT_MD (docs/sweeps.md or
      docs/shootout.md) and one gnuplot PNG per sweep (IMG_DIR/sweep_<id>.png)
      or IMG_DIR/shootout.png.

A run is named by its config, kernel and the settings that differ from the
config file (RESULTS/<cfg>_<kernel>_<settings>.json), so a point two sweeps
share is run once.  Same seed, same binary -> the same JSON, byte for byte."""
import json, math, os, re, subprocess, sys

CFGDIR = "tb/configs/shell/sim/papers"
SIM = "build/bin/shell-sim"
SEED = 1
# The kernel set of every sweep and of the shoot-out: (name, generator args).
# Sized so that make sweeps + make shootout take <= 20 min on 2 idle cores.
KERNELS = [
    ("atax", "n=256,iters=64"),     # MRPB's IW contention case (Table 2)
    ("bfs", "n=16384"),             # irregular; in four of the papers' sets
    ("kmeans", "n=4096"),           # BA, CCN (inter-core reuse), MRPB
    ("spmv", "n=8192"),             # coordinated, two-level, BA
    ("nw", "n=256"),                # two-level (B mode), CCN, MRPB
]
# The two-level paper's 56-SM GPU gets about 4x the work (its SMs would otherwise see one or two of
# the BDU's 5000-cycle sampling periods).
KERNEL_ARGS = {"twolevel": {"atax": "n=256,iters=256", "bfs": "n=65536", "kmeans": "n=16384",
                            "spmv": "n=32768", "nw": "n=512"}}
# SWEEPS_KERNELS="name:args ..." replaces the set, for every config (development, the make test check)
if os.environ.get("SWEEPS_KERNELS"):
    KERNELS = [tuple(k.split(":", 1)) for k in os.environ["SWEEPS_KERNELS"].split()]
    KERNEL_ARGS = {}


def kargs(cfg, b, a):
    return KERNEL_ARGS.get(cfg, {}).get(b, a)

# The shoot-out's GPU: the coordinated paper's GTX480-like config (15 SMs,
# 700 MHz, 16 KB 4-way L1D, 32 MSHRs, 6 x 128 KB 16-way L2, LRR), every
# mechanism set explicitly over it (its own SHELL_BYPASS=COORD is overridden).
SHOOT_CFG = "coord"
TWOLEVEL_ON_15 = ["SHELL_BYPASS=TWOLEVEL", "BDU_WARPS=48", "BDU_THR_H=90", "BDU_THR_L=30",
                  "BDU_THR_W=31", "BDU_PERIOD=5000", "BDU_WOMU=AVG"]
CCN_ON = ["SHELL_CCN=ON_THROTTLE", "CCN_HMIN=5", "CCN_TS=10000", "CCN_TP=100000", "CCN_HOP_LAT=1"]
SHOOTOUT = [  # name, settings, needs the static tags (profiled from NONE)
    ("NONE", ["SHELL_BYPASS=NONE"], False),
    ("MRPB", ["SHELL_BYPASS=NONE", "SHELL_MRPB=1"], False),
    ("STATIC", ["SHELL_BYPASS=STATIC"], True),
    ("CHSS", ["SHELL_BYPASS=CHSS"], False),
    ("COORD", ["SHELL_BYPASS=COORD"], True),
    ("TWOLEVEL", TWOLEVEL_ON_15, False),
    ("BA", ["SHELL_BYPASS=NONE", "L1D_BA=1", "L1D_BA_THRESHOLD=2"], False),
    ("ALL", ["SHELL_BYPASS=ALL"], False),
    ("CCN", ["SHELL_BYPASS=NONE"] + CCN_ON, False),
    ("MRPB+COORD", ["SHELL_BYPASS=COORD", "SHELL_MRPB=1"], True),
    ("MRPB+BA", ["SHELL_BYPASS=NONE", "SHELL_MRPB=1", "L1D_BA=1", "L1D_BA_THRESHOLD=2"], False),
    ("MRPB+CCN", ["SHELL_BYPASS=NONE", "SHELL_MRPB=1"] + CCN_ON, False),
]

# A sweep: its paper config, its points (label, settings), its variants
# (name, settings, needs tags); every run is config + point + variant.  ref:
# the (point, variant) each kernel's IPC is normalized to.  pair: a variant
# whose speedup over BASE at the same point is the plotted quantity (sweeps
# that ask how a mechanism's gain moves with the GPU).  check: the paper's
# statement as a rule on our numbers (see check()).
V0 = [("", [], False)]
SWEEPS = [
    dict(id="ba_threshold", cfg="ba", title="BA victim threshold (L1D_BA_THRESHOLD)",
         source="BA chapter Sec. 5.4.2 (balanced victim choice); no figure, no value",
         statement="The chapter states the rule (evict reuse=0 lines while at least `threshold` lines of the set "
                   "have reuse=0) but no value and no sweep; ours defaults to 2 (half the 4 ways).",
         points=[("BA off", ["L1D_BA=0"])] + [("thr %d" % t, ["L1D_BA_THRESHOLD=%d" % t]) for t in range(5)],
         variants=V0, ref=("BA off", ""), check=None),
    dict(id="bdu_h", cfg="twolevel", title="Two-level BDU threshold_H (BDU_THR_H, %)",
         source="Kim & Kim Fig. 3 (a single miss-rate threshold k = 0.6..0.9; 0.9 chosen)",
         statement="Fig. 3 sweeps a single miss-rate threshold k from 0.6 to 0.9: cache-friendly benchmarks "
                   "(SPMV, BT, STC, CF) do better with a higher k, bypass-friendly ones (NW, PF, ...) with a lower "
                   "one; a fixed k gains 2.5 % on average; 0.9 is the paper's H.  Ours sweeps H of the full "
                   "two-level unit (L = 30, W = 42 fixed), not the miss-rate-only policy of Fig. 3.",
         points=[("no bypass", ["SHELL_BYPASS=NONE"])] + [("H=%d" % h, ["BDU_THR_H=%d" % h]) for h in (60, 75, 90, 100)],
         variants=V0, ref=("no bypass", ""), check=("best", "H=90")),
    dict(id="bdu_l", cfg="twolevel", title="Two-level BDU threshold_L (BDU_THR_L, %)",
         source="Kim & Kim Sec. 3 (threshold_L: not stated)",
         statement="The paper names threshold_L but gives neither its value nor a sweep (a reviewer's question); "
                   "ours defaults to 30.",
         points=[("no bypass", ["SHELL_BYPASS=NONE"])] + [("L=%d" % l, ["BDU_THR_L=%d" % l]) for l in (10, 30, 50)],
         variants=V0, ref=("no bypass", ""), check=None),
    dict(id="bdu_w", cfg="twolevel", title="Two-level BDU threshold_W (BDU_THR_W, warps of 64)",
         source="Kim & Kim Sec. 3-4 (threshold_W: not stated)",
         statement="threshold_W (warp occupancy) has no stated value or sweep; ours is 42 of 64 warps "
                   "(between the 46 % and 84 % occupancies of Section 4).",
         points=[("no bypass", ["SHELL_BYPASS=NONE"])] + [("W=%d" % w, ["BDU_THR_W=%d" % w]) for w in (16, 42, 56)],
         variants=V0, ref=("no bypass", ""), check=None),
    dict(id="bdu_period", cfg="twolevel", title="Two-level BDU sampling period (BDU_PERIOD, cycles)",
         source="Kim & Kim Sec. 3: \"not so sensitive to the sampling period length\" (5K chosen)",
         statement="\"after the experiments on various sampling period lengths, we found that the performance "
                   "result is not so sensitive to the sampling period length\" (5K cycles chosen).",
         points=[("no bypass", ["SHELL_BYPASS=NONE"])] + [("P=%d" % p, ["BDU_PERIOD=%d" % p]) for p in (1000, 5000, 20000)],
         variants=V0, ref=("no bypass", ""), check=("flat", ["P=1000", "P=5000", "P=20000"], 0.05)),
    dict(id="ccn_hmin", cfg="ccn", title="CCN request throttler H_min (CCN_HMIN, % hits)",
         source="Dublish et al. Table II (H_min 0.05), Sec. 5.3.1 (CCN-B 14.5 % vs CCN-RT 14.7 %)",
         statement="H_min is 0.05, not swept. H_min = 0 never throttles (CCN-B): the paper's CCN-B and CCN-RT "
                   "are within 0.2 % of each other on average (14.5 % vs 14.7 %).",
         points=[("CCN off", ["SHELL_CCN=OFF"])] + [("Hmin=%d" % h, ["CCN_HMIN=%d" % h]) for h in (0, 2, 5, 10, 20)],
         variants=V0, ref=("CCN off", ""), check=("flat", ["Hmin=0", "Hmin=5"], 0.02)),
    dict(id="ccn_ts", cfg="ccn", title="CCN throttler sampling window t_S (CCN_TS, cycles; t_P 100000)",
         source="Dublish et al. Sec. 4.4, Table II (t_S 1 M instructions); no sweep",
         statement="t_S = 1 M instructions, t_P = 10 M, chosen because \"most benchmarks show a single-phase "
                   "sharing\"; no sweep. Ours counts cycles (the block has no instruction count; docs/ccn.md): "
                   "the table converts each point to GPU-wide warp instructions at the CCN-off IPC (GPGPU-Sim's "
                   "instruction count is of thread instructions, up to 32 per warp instruction).",
         points=[("CCN off", ["SHELL_CCN=OFF"])] + [("tS=%d" % t, ["CCN_TS=%d" % t]) for t in (1000, 10000, 50000)],
         variants=V0, ref=("CCN off", ""), check=("flat", ["tS=1000", "tS=10000", "tS=50000"], 0.05),
         insts="CCN_TS"),
    dict(id="ccn_tp", cfg="ccn", title="CCN throttler period t_P (CCN_TP, cycles; t_S 10000)",
         source="Dublish et al. Sec. 4.4, Table II (t_P 10 M instructions); no sweep",
         statement="As t_S: t_P = 10 M instructions, no sweep; the single-phase argument predicts little "
                   "sensitivity.",
         points=[("CCN off", ["SHELL_CCN=OFF"])] + [("tP=%d" % t, ["CCN_TP=%d" % t]) for t in (20000, 100000, 500000)],
         variants=V0, ref=("CCN off", ""), check=("flat", ["tP=20000", "tP=100000", "tP=500000"], 0.05),
         insts="CCN_TP"),
    dict(id="ccn_hop", cfg="ccn", title="CCN ring link latency (CCN_HOP_LAT, core cycles per hop)",
         source="Dublish et al. Fig. 9(b), Sec. 5.5.2",
         statement="Average IPC gain 14.7 % at 1 cycle/hop, 13.6 % at 3, 11.2 % at 5: fairly resilient, "
                   "falling slowly.",
         points=[("CCN off", ["SHELL_CCN=OFF"])] + [("hop=%d" % h, ["CCN_HOP_LAT=%d" % h]) for h in (1, 3, 5)],
         variants=V0, ref=("CCN off", ""), check=("nonincreasing", ["hop=1", "hop=3", "hop=5"])),
    dict(id="mrpb_table4", cfg="mrpb", title="MRPB design space (Table 4)",
         source="Jia et al. Table 4, Figs. 9-13 (Sec. 5)",
         statement="Table 4's final design (bold: warp-ID signature, non-greedy fixed-order drain, flush on, "
                   "8 entries, 5-cycle latency, bypass-on-assoc-stalls) is the best of the explored options "
                   "(Sec. 5.5); IPC is \"largely insensitive\" to the buffer latency 3..18 (Fig. 12); without "
                   "reordering, bypass-on-assoc-stalls degrades cache-insensitive applications less than "
                   "bypass-on-all-stalls (Fig. 13).",
         points=[("Base-S", ["SHELL_MRPB=0"]), ("final", []),
                 ("sig=BLOCK", ["MRPB_SIG=BLOCK"]), ("sig=BWARP", ["MRPB_SIG=BWARP"]),
                 ("greedy-fixed", ["MRPB_GREEDY=1"]), ("longest", ["MRPB_DRAIN=LONGEST"]),
                 ("greedy-longest", ["MRPB_DRAIN=LONGEST", "MRPB_GREEDY=1"]), ("rr", ["MRPB_DRAIN=RR"]),
                 ("greedy-rr", ["MRPB_DRAIN=RR", "MRPB_GREEDY=1"]), ("flush off", ["MRPB_FLUSH=0"]),
                 ("4 entries", ["MRPB_ENTRIES=4"]), ("16 entries", ["MRPB_ENTRIES=16"]),
                 ("32 entries", ["MRPB_ENTRIES=32"]),
                 ("lat 3", ["MRPB_LATENCY=3"]), ("lat 10", ["MRPB_LATENCY=10"]), ("lat 18", ["MRPB_LATENCY=18"]),
                 ("bypass off", ["MRPB_BYPASS=OFF"]), ("bypass all", ["MRPB_BYPASS=ALL"]),
                 ("slot, bypass all", ["MRPB_SLOT=1", "MRPB_BYPASS=ALL"]),
                 ("slot, bypass assoc", ["MRPB_SLOT=1"])],
         variants=V0, ref=("Base-S", ""),
         check=("mrpb", "final", ["lat 3", "final", "lat 10", "lat 18"], "slot, bypass assoc", "slot, bypass all")),
    dict(id="l1_coord", cfg="coord", title="L1D size, coordinated bypassing (COORD over no bypassing)",
         source="Xie et al. Fig. 11, Sec. 6.3",
         statement="COORD's average speedup falls as the L1 grows: 1.32x, 1.21x, 1.11x at 16, 32, 48 KB.",
         points=[("16KB 4-way", []), ("32KB 4-way", ["L1D_SETS=64"]), ("48KB 6-way", ["L1D_SETS=64", "L1D_WAYS=6"])],
         variants=[("BASE", ["SHELL_BYPASS=NONE"], False), ("COORD", [], True)], ref=("16KB 4-way", "BASE"),
         pair="COORD", check=("nonincreasing", ["16KB 4-way", "32KB 4-way", "48KB 6-way"])),
    dict(id="l1_ccn", cfg="ccn", title="L1D size, cooperative caching (CCN-RT over no CCN)",
         source="Dublish et al. Fig. 9(a), Sec. 5.5.1",
         statement="The CCN's gain grows with the L1: 14.7 % at 16 KB, 20.6 % at 48 KB (a larger L1 holds more "
                   "lines a remote core's compulsory miss can hit).",
         points=[("16KB 4-way", []), ("48KB 6-way", ["L1D_SETS=64", "L1D_WAYS=6"])],
         variants=[("BASE", ["SHELL_CCN=OFF"], False), ("CCN_RT", [], False)], ref=("16KB 4-way", "BASE"),
         pair="CCN_RT", check=("nondecreasing", ["16KB 4-way", "48KB 6-way"])),
    dict(id="l1_mrpb", cfg="mrpb", title="L1D size, MRPB (Base-S 16 KB 4-way vs Base-L 48 KB 6-way)",
         source="Jia et al. Sec. 5.5, Fig. 14",
         statement="MRPB gains more over Base-S than over Base-L (PolyBench 2.65x vs 2.23x, Rodinia 1.27x vs "
                   "1.15x): the smaller, less associative L1 has more contention to remove.",
         points=[("16KB 4-way", []), ("48KB 6-way", ["L1D_SETS=64", "L1D_WAYS=6"])],
         variants=[("BASE", ["SHELL_MRPB=0"], False), ("MRPB", [], False)], ref=("16KB 4-way", "BASE"),
         pair="MRPB", check=("nonincreasing", ["16KB 4-way", "48KB 6-way"])),
    dict(id="sms", cfg="coord", title="SM count (SHELL_SMS), no bypassing and COORD",
         source="none: a reviewer's question (the papers fix 14-15 SMs; two-level 56)",
         statement="No paper sweeps the SM count. A reviewer would expect: no-bypass IPC grows sub-linearly with SMs as the "
                   "L2/DRAM saturate; a bypassing gain is expected to shrink when the memory system, not the L1, "
                   "limits.",
         points=[("%d SMs" % n, ["SHELL_SMS=%d" % n]) for n in (4, 8, 15, 30)],
         variants=[("BASE", ["SHELL_BYPASS=NONE"], False), ("COORD", [], True)], ref=("15 SMs", "BASE"),
         pair="COORD", check=None),
    dict(id="dram_bw", cfg="coord", title="DRAM bandwidth (SHELL_DRAM_BUSW bytes per chip; 4 = 177 GB/s), no bypassing and COORD",
         source="none: a reviewer's question (the papers fix the GTX480/C2050 memory)",
         statement="No paper sweeps DRAM bandwidth. A reviewer would expect: no-bypass IPC rises with bandwidth until the "
                   "kernel stops being memory-bound; bypassing moves more traffic below the L1, so its gain "
                   "should grow with bandwidth.",
         points=[("BUSW=%d" % b, ["SHELL_DRAM_BUSW=%d" % b]) for b in (1, 2, 4, 8)],
         variants=[("BASE", ["SHELL_BYPASS=NONE"], False), ("COORD", [], True)], ref=("BUSW=4", "BASE"),
         pair="COORD", check=None),
]


# SWEEPS_ONLY="id ..." keeps those sweeps (development, the make test check)
if os.environ.get("SWEEPS_ONLY"):
    _only = os.environ["SWEEPS_ONLY"].split()
    for _i in _only:
        if _i not in [sw["id"] for sw in SWEEPS]:
            print("error: SWEEPS_ONLY: '%s': expected one of %s" % (_i, " ".join(sw["id"] for sw in SWEEPS)),
                  file=sys.stderr)
            sys.exit(2)
    SWEEPS = [sw for sw in SWEEPS if sw["id"] in _only]


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def read_cfg(name):
    """KEY = VALUE of a paper config, to drop settings equal to it (one run per distinct GPU)."""
    kv, path = {}, os.path.join(CFGDIR, name + ".cfg")
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if "=" in line:
                k, v = (x.strip() for x in line.split("=", 1))
                kv[k] = v
    return kv


def norm_sets(cfg, sets):
    """The settings, later ones winning, without those the config already has."""
    kv, out = read_cfg(cfg), {}
    for s in sets:
        k, v = s.split("=", 1)
        out[k] = v
    return [(k, v) for k, v in sorted(out.items()) if kv.get(k) != v]


def run_name(cfg, bench, sets):
    ns = norm_sets(cfg, sets)
    slug = "_".join("%s-%s" % (k, v) for k, v in ns) or "cfg"
    return "%s_%s_%s" % (cfg, bench, slug)


class Plan:
    """Runs by name: settings, phase, profile/tags, cap reference."""

    def __init__(self, rdir):
        self.rdir, self.runs = rdir, {}

    def add(self, cfg, bench, args, sets, phase, tags=False, cap_of=None):
        name = run_name(cfg, bench, sets)
        r = self.runs.get(name)
        if r is None:
            r = self.runs[name] = dict(cfg=cfg, bench=bench, args=args, sets=norm_sets(cfg, sets),
                                       phase=phase, prof=False, tags=None, cap_of=cap_of)
        if phase < r["phase"]:
            r["phase"], r["cap_of"] = phase, None
        if tags:
            # the static tags come from the no-bypass run of the same GPU (the paper profiles, then tags)
            base = [s for s in sets if not s.startswith(("SHELL_BYPASS=", "SHELL_MRPB="))]
            pname = self.add(cfg, bench, args, base + ["SHELL_BYPASS=NONE"], 1)
            self.runs[pname]["prof"] = True
            r["tags"] = pname
        return name

    def write(self, what, simsum):
        lines = {1: [], 2: []}
        profs = []
        for name, r in sorted(self.runs.items()):
            out = os.path.join(self.rdir, name + ".json")
            s = "".join(" --set %s=%s" % kv for kv in r["sets"])
            cmd = ("CAPX=${CAPX:-8} nice -n 10 scripts/papers_run1.sh %s %s %s --quiet --seed %d --workload %s "
                   "--args %s --config %s/%s.cfg%s" % (out, simsum, SIM, SEED, r["bench"], r["args"], CFGDIR, r["cfg"], s))
            if r["prof"]:
                cmd += " --profile-exclusive %s" % os.path.join(self.rdir, name + ".prof")
                profs.append(os.path.join(self.rdir, name + ".prof"))
            if r["tags"]:
                cmd += " --tags %s" % os.path.join(self.rdir, r["tags"] + ".tags")
            if r["phase"] == 2 and r["cap_of"] and r["cap_of"] != name:
                cmd = "CAP_OF=%s " % os.path.join(self.rdir, r["cap_of"] + ".json") + cmd
            lines[r["phase"]].append(cmd)
        for ph in (1, 2):
            with open(os.path.join(self.rdir, "%s.jobs%d" % (what, ph)), "w") as f:
                f.write("".join(l + "\n" for l in lines[ph]))
        with open(os.path.join(self.rdir, "%s.profs" % what), "w") as f:
            f.write("".join(p + "\n" for p in profs))


def sweep_runs(sw, plan=None):
    """{(point, variant, bench): run name}; adds the runs to plan when given."""
    out = {}
    rp, rv = sw["ref"]
    for b, a in KERNELS:
        pt = dict(sw["points"])[rp]
        vt = [v for v in sw["variants"] if v[0] == rv][0]
        ref = run_name(sw["cfg"], b, pt + vt[1])
        if plan:
            plan.add(sw["cfg"], b, kargs(sw["cfg"], b, a), pt + vt[1], 1, tags=vt[2])
        for p, ps in sw["points"]:
            for v, vs, tg in sw["variants"]:
                if plan:
                    out[(p, v, b)] = plan.add(sw["cfg"], b, kargs(sw["cfg"], b, a), ps + vs, 2, tags=tg, cap_of=ref)
                else:
                    out[(p, v, b)] = run_name(sw["cfg"], b, ps + vs)
    return out


def shoot_runs(plan=None):
    out = {}
    for b, a in KERNELS:
        ref = run_name(SHOOT_CFG, b, SHOOTOUT[0][1])
        for m, sets, tg in SHOOTOUT:
            if plan:
                out[(m, b)] = plan.add(SHOOT_CFG, b, a, sets, 1 if m == "NONE" else 2, tags=tg, cap_of=ref)
            else:
                out[(m, b)] = run_name(SHOOT_CFG, b, sets)
    return out


# ---- the report ------------------------------------------------------------
def load(rdir, name):
    fn = os.path.join(rdir, name + ".json")
    if not os.path.exists(fn):
        return None
    with open(fn) as f:
        d = json.load(f)
    with open(fn + ".key") as f:
        d["_capped"] = "capped" in f.read()
    return d


def ipc(d):
    return d["total"]["ipc"]


def missr(d):
    t = d["total"]
    return t["l1_misses"] / t["l1_accesses"] if t["l1_accesses"] else 0.0


def l2acc(d):
    t = d["total"]
    return t["l2_load_hits"] + t["l2_load_misses"] + t["l2_stores"]


def gmean(v):
    v = [x for x in v if x is not None]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v and all(x > 0 for x in v) else None


def f3(x):
    return "-" if x is None else "%.3f" % x


def check(sw, g):
    """The paper's statement as a rule on the geomean series g {point: value}: [(AGREES|DISAGREES|-, text)].
    Rules: best = the paper's point within 1 % of the best point; flat = the points within the stated
    spread of each other; nonincreasing/nondecreasing = each point no higher/lower than the one before."""
    pts = [p for p, _ in sw["points"] if p != sw["ref"][0] or sw.get("pair")]
    if any(g[p] is None for p in pts):
        return [("-", "not judged: a run is missing")]
    best = max(pts, key=lambda p: g[p])
    c = sw["check"]
    swept = [p for p in pts if p != sw["ref"][0]]
    if c is not None and c[0] == "best" and len({g[p] for p in swept}) == 1:
        return [("NOT DECIDED", "every swept point gives the same IPC (%s): the setting changed no decision "
                 "at these sizes" % f3(g[best]))]
    if c is None:
        return [("-", "no statement to check (a reviewer's sweep); our best point is %s (%s)" % (best, f3(g[best])))]
    kind = c[0]
    if kind == "best":
        word = "AGREES" if g[c[1]] >= 0.99 * g[best] else "DISAGREES"
        return [(word, "the paper's %s gives %s, our best point %s gives %s (rule: within 1 %% of the best)"
                 % (c[1], f3(g[c[1]]), best, f3(g[best])))]
    if kind == "flat":
        vals = [g[p] for p in c[1]]
        spread = max(vals) / min(vals) - 1
        return [("AGREES" if spread <= c[2] else "DISAGREES",
                 "the points %s differ by %.1f %% (rule: within %.0f %%)" % (", ".join(c[1]), 100 * spread, 100 * c[2]))]
    if kind in ("nonincreasing", "nondecreasing"):
        vals = [g[p] for p in c[1]]
        ok = all((b <= a) if kind == "nonincreasing" else (b >= a) for a, b in zip(vals, vals[1:]))
        return [("AGREES" if ok else "DISAGREES", "%s over %s (the paper: %s)" % (
            " -> ".join(f3(v) for v in vals), ", ".join(c[1]), "falling" if kind == "nonincreasing" else "rising"))]
    if kind == "mrpb":
        final, lat, slot_assoc, slot_all = c[1], c[2], c[3], c[4]
        tab4 = [p for p, _ in sw["points"] if p not in (sw["ref"][0], slot_assoc, slot_all)]
        best = max(tab4, key=lambda p: g[p])
        vals = [g[p] for p in lat]
        spread = max(vals) / min(vals) - 1
        return [("AGREES" if g[final] >= 0.99 * g[best] else "DISAGREES",
                 "final design %s, best Table-4 point %s (%s) (rule: final within 1 %% of the best)"
                 % (f3(g[final]), best, f3(g[best]))),
                ("AGREES" if spread <= 0.05 else "DISAGREES",
                 "buffer latency 3..18 spread %.1f %% (rule: within 5 %%)" % (100 * spread)),
                ("AGREES" if g[slot_assoc] >= g[slot_all] else "DISAGREES",
                 "single slot, bypass-on-assoc %s vs bypass-on-all %s (rule: assoc >= all)"
                 % (f3(g[slot_assoc]), f3(g[slot_all])))]
    die("sweep %s: unknown check %s" % (sw["id"], kind))


def histogram(png, title, ylabel, labels, series, logy=False):
    """labels: x categories; series: [(name, [value or None per label])]."""
    def q(t):  # a gnuplot double-quoted string
        return '"%s"' % t.replace("\\", "\\\\").replace('"', '\\"')
    rows = []
    for i, l in enumerate(labels):
        rows.append('"%s" ' % l + " ".join("?" if s[1][i] is None else "%.4f" % s[1][i] for s in series))
    cols = ", ".join(
        ("$d using %d:xtic(1)" % (i + 2) if i == 0 else "'' using %d" % (i + 2)) + " title %s" % q(n)
        + (" lc rgb 'black'" if n == "geomean" else "")
        for i, (n, _) in enumerate(series))
    gp = """set terminal pngcairo size 1100,520 font ',10'
set bmargin 7
set output %s
set title %s noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set datafile missing '?'
set ylabel %s noenhanced
set xtics rotate by -35 noenhanced
set grid ytics
set key outside right top noenhanced
set yrange [0:*]
$d << EOD
%s
EOD
plot %s, 1 notitle lc rgb 'black' dt 2
""" % (q(png), q(title), q(ylabel), "\n".join(rows), cols)
    subprocess.run(["gnuplot"], input=gp, text=True, check=True)


def header(o, what, rdir):
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        # the last commit that changed an input (not this report's own commits)
        rev = subprocess.run(["git", "-C", os.path.join(here, ".."), "log", "-1", "--format=%h", "--abbrev=12", "--",
                              "csim", "programs/shell_sim.c", "scripts/sweeps.py", "scripts/sweeps.sh",
                              "scripts/papers_run1.sh", CFGDIR], capture_output=True, text=True,
                             check=True).stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        rev = "unknown"
    with open(os.path.join(rdir, "simsum")) as f:
        simsum = f.read().strip()
    o.append("Generated by `make %s` (scripts/sweeps.sh, scripts/sweeps.py, which define every point) from "
             "the runs in `build/sweeps/`; do not edit by hand. Produced from the tree whose inputs (csim/, the scripts, the "
             "configs) last changed at commit `%s`, with `build/bin/shell-sim` of sha256 `%s...` (the C model, seed %d). Re-running the target after a change to the model "
             "or a config re-runs exactly the runs whose binary, command line or config changed "
             "(scripts/papers_run1.sh's key).\n" % (what, rev, simsum[:16], SEED))
    o.append("Kernels (this project's generators, `csim/workload/shell_gen.c`, at sizes far below the papers' "
             "inputs, chosen for a budget of 20 minutes for `make sweeps` + `make shootout` on 2 cores):\n")
    o.append("| kernel | args | on the two-level paper's 56-SM GPU |")
    o.append("|---|---|---|")
    for b, a in KERNELS:
        o.append("| %s | `%s` | `%s` |" % (b, a, kargs("twolevel", b, a)))
    o.append("")
    o.append("IPC is warp instructions per core cycle over the whole GPU. A run other than a reference is "
             "stopped at CAPX (8) x its reference's cycles and is then marked *unfinished* (its IPC is over the "
             "cycles it ran). geomean: the geometric mean over the kernels.\n")
    if what == "sweeps":
        o.append("Each sweep varies one setting (or a few, for MRPB's Table 4 and the L1 sizes) of one paper's "
                 "config, everything else as the config has it. A paper's statement is judged on the geometric "
                 "mean over our kernels by a stated rule (each sweep's verdict names it): *best* = the paper's "
                 "chosen point within 1 % of our best point; *flat* = the named points within the stated "
                 "spread of each other; *falling* / *rising* = each point no higher / no lower than the one "
                 "before. Our kernel set is not the paper's, our sizes are far smaller, and where our sweep is "
                 "not the paper's experiment the statement says so: read each verdict with that.\n")


def report_sweeps(rdir, out_md, img):
    o = ["# Parameter sweeps (`make sweeps`)\n"]
    header(o, "sweeps", rdir)
    o.append("What the kernels are at these sizes, on the GTX480-like `coord.cfg` (15 SMs) without bypassing "
             "(the 15-SM point of the SM-count sweep). Few thread blocks limit how far the SM-count sweep can "
             "scale; a low L2 load miss rate (the data stay in the 768 KB L2) limits what the DRAM-bandwidth "
             "sweep can show:\n")
    o.append("| kernel | thread blocks | L1 miss rate | L2 load miss rate | DRAM reads | cycles |")
    o.append("|---|---|---|---|---|---|")
    for b, _ in KERNELS:
        d = load(rdir, run_name("coord", b, ["SHELL_BYPASS=NONE"]))
        if d is None:
            o.append("| %s | missing | | | | |" % b)
            continue
        t = d["total"]
        l2l = t["l2_load_hits"] + t["l2_load_misses"]
        o.append("| %s | %d | %.3f | %.3f | %d | %d |" % (
            b, sum(x["tbs"] for x in d["sm"]), missr(d), t["l2_load_misses"] / l2l if l2l else 0.0,
            t["dram_reads"], d["cycles"]))
    o.append("")
    o.append("| sweep | config | the paper's figure / table | verdict |")
    o.append("|---|---|---|---|")
    summary_at = len(o)
    body = []
    summary = []
    for sw in SWEEPS:
        names = sweep_runs(sw)
        runs = {k: load(rdir, n) for k, n in names.items()}
        rp, rv = sw["ref"]
        pair = sw.get("pair")
        body.append("## %s\n" % sw["title"])
        body.append("Config `%s/%s.cfg`; source: %s.\n" % (CFGDIR, sw["cfg"], sw["source"]))
        body.append("**The paper:** %s\n" % sw["statement"])
        body.append("Points (settings over the config):\n")
        body.append("| point | settings |")
        body.append("|---|---|")
        for p, ps in sw["points"]:
            body.append("| %s | %s |" % (p, " ".join("`%s`" % s for s in ps) or "the config as is"))
        if len(sw["variants"]) > 1:
            for v, vs, tg in sw["variants"]:
                body.append("| (variant %s) | %s%s |" % (v, " ".join("`%s`" % s for s in vs) or "the config's mechanism",
                                                         ", static tags profiled from the no-bypass run" if tg else ""))
        body.append("")
        labels = [p for p, _ in sw["points"]]
        per = {b: [] for b, _ in KERNELS}
        unf = []
        if pair:
            qty = "IPC of %s / IPC of BASE at the same point" % pair
        else:
            qty = "IPC / IPC at '%s'" % rp
        for b, _ in KERNELS:
            ref = runs.get((rp, rv, b))
            for p in labels:
                if pair:
                    x, y = runs.get((p, "BASE", b)), runs.get((p, pair, b))
                else:
                    x, y = ref, runs.get((p, "", b))
                val = ipc(y) / ipc(x) if x and y and ipc(x) > 0 else None
                per[b].append(val)
                for d, v in ((x, "BASE"), (y, pair or "")):
                    if d and d["_capped"]:
                        unf.append("%s %s %s" % (b, p, v))
        geo = [gmean([per[b][i] for b, _ in KERNELS]) if all(per[b][i] for b, _ in KERNELS) else None
               for i in range(len(labels))]
        hdr = ["point"] + [b for b, _ in KERNELS] + ["geomean", "mean L1 miss rate"]
        if pair:
            hdr += ["BASE IPC / BASE at '%s' (geomean)" % rp]
        if sw.get("insts"):
            hdr += ["= warp instructions at the CCN-off IPC (mean over kernels)"]
        if sw["cfg"] == "twolevel":
            hdr += ["BDU decisions per SM (JSON bdu_decisions_B + _C, mean over kernels)", "of which C mode"]
        body.append("%s per kernel:\n" % qty)
        body.append("| " + " | ".join(hdr) + " |")
        body.append("|" + "---|" * len(hdr))
        for i, p in enumerate(labels):
            row = [p] + [f3(per[b][i]) for b, _ in KERNELS] + [f3(geo[i])]
            v = pair or ""
            mr = [missr(runs[(p, v, b)]) for b, _ in KERNELS if runs.get((p, v, b))]
            row.append(f3(sum(mr) / len(mr)) if mr else "-")
            if pair:
                bs = [ipc(runs[(p, "BASE", b)]) / ipc(runs[(rp, "BASE", b)]) if runs.get((p, "BASE", b)) and
                      runs.get((rp, "BASE", b)) else None for b, _ in KERNELS]
                row.append(f3(gmean(bs)) if None not in bs else "-")
            if sw.get("insts"):
                cyc = dict(norm_sets(sw["cfg"], dict(sw["points"])[p])).get(sw["insts"]) or read_cfg(sw["cfg"]).get(sw["insts"])
                refs = [runs.get((rp, rv, b)) for b, _ in KERNELS]
                if p == rp or None in refs:
                    row.append("-")
                else:
                    row.append("%.0f" % (int(cyc) * sum(ipc(d) for d in refs) / len(refs)))
            if sw["cfg"] == "twolevel":
                ds = [runs.get((p, "", b)) for b, _ in KERNELS]
                if None in ds or "bdu_decisions_B" not in ds[0]["sm"][0]:
                    row += ["-", "-"]
                else:
                    n = [sum(x["bdu_decisions_B"] + x["bdu_decisions_C"] for x in d["sm"]) / len(d["sm"]) for d in ds]
                    c = [sum(x["bdu_decisions_C"] for x in d["sm"]) / len(d["sm"]) for d in ds]
                    row += ["%.1f" % (sum(n) / len(n)), "%.1f" % (sum(c) / len(c))]
            body.append("| " + " | ".join(row) + " |")
        body.append("")
        g = dict(zip(labels, geo))
        vs = check(sw, g)
        verdict = "; ".join(("%s: %s" % (w, t)) if w != "-" else t for w, t in vs)
        if unf:
            verdict += " (unfinished runs: %s)" % ", ".join(unf)
        body.append("**Ours against the paper:** %s.\n" % verdict)
        png = "sweep_%s.png" % sw["id"]
        histogram(os.path.join(img, png), sw["title"], qty, labels,
                  [(b, per[b]) for b, _ in KERNELS] + [("geomean", geo)])
        body.append("![%s](img/%s)\n" % (sw["id"], png))
        summary.append("| [%s](#%s) | %s | %s | %s |" % (
            sw["id"], re.sub(r"[^a-z0-9 _-]", "", sw["title"].lower()).replace(" ", "-"), sw["cfg"],
            sw["source"], ", ".join(w for w, _ in vs if w != "-") or "no statement"))
    o[summary_at:summary_at] = summary + [""]
    o += body
    with open(out_md, "w") as f:
        f.write("\n".join(o).rstrip() + "\n")


def report_shootout(rdir, out_md, img):
    names = shoot_runs()
    runs = {k: load(rdir, n) for k, n in names.items()}
    o = ["# The shoot-out: every mechanism on one GPU (`make shootout`)\n"]
    header(o, "shootout", rdir)
    o.append("The GPU: `%s/%s.cfg`, the coordinated paper's GTX480-like Fermi (15 SMs at 700 MHz, one LRR "
             "scheduler, 48 warps and 8 blocks per SM, 16 KB 4-way 128 B L1D with 32 MSHRs, allocate-on-miss, "
             "write-evict; 6 x 128 KB 16-way L2 banks, 6 DRAM channels at 924 MHz). Every mechanism is set "
             "explicitly over it (its own `SHELL_BYPASS = COORD` is overridden); each mechanism's own "
             "parameters are its paper's, except where the GPU forces a change (listed).\n" % (CFGDIR, SHOOT_CFG))
    o.append("| mechanism | settings |")
    o.append("|---|---|")
    for m, sets, tg in SHOOTOUT:
        o.append("| %s | %s%s |" % (m, " ".join("`%s`" % s for s in sets),
                                    ", static tags (`--tags`) from chss-classify over the NONE run's profile" if tg else ""))
    o.append("")
    o.append("TWOLEVEL: `BDU_WARPS` = 48 (this SM's warps) and threshold_W 31 = 65 % of 48, the same fraction "
             "as the two-level config's 42 of 64. CCN: Table II's ring (8-entry buffers, 4-byte request and "
             "32-byte response channels, 1 cycle per hop) with t_S / t_P in cycles scaled as in "
             "`ccn.cfg` (10000 / 100000; docs/ccn.md).\n")
    o.append("Columns: IPC over NONE (geomean over the kernels), L1 miss rate (the JSON's `l1_misses / "
             "l1_accesses`, mean over kernels; a bypassed access is counted in `l1_misses`, so ALL's rate is 1), "
             "the share of L1 accesses bypassed (`l1_bypasses / l1_accesses`, mean), L2 "
             "accesses (loads that reach L2 + stores, as a ratio to NONE, geomean), average load latency "
             "(the JSON's `avg_load_latency`: the load instructions' summed latency in core cycles over their "
             "count, csim/shell/shell.c; mean over kernels).\n")
    hdr = ["mechanism", "IPC / NONE (geomean)"] + ["%s IPC / NONE" % b for b, _ in KERNELS] + \
          ["L1 miss rate (mean)", "bypassed share (mean)", "L2 accesses / NONE (geomean)", "avg load latency (mean, cycles)"]
    o.append("| " + " | ".join(hdr) + " |")
    o.append("|" + "---|" * len(hdr))
    ipcs, l2s = {}, {}
    unf = []
    for m, _, _ in SHOOTOUT:
        r, l2, mr, lat, byp = [], [], [], [], []
        for b, _ in KERNELS:
            x, y = runs.get(("NONE", b)), runs.get((m, b))
            if not x or not y:
                r.append(None)
                l2.append(None)
                continue
            if y["_capped"]:
                unf.append("%s %s" % (m, b))
            r.append(ipc(y) / ipc(x))
            l2.append(l2acc(y) / l2acc(x) if l2acc(x) else None)
            mr.append(missr(y))
            byp.append(y["total"]["l1_bypasses"] / y["total"]["l1_accesses"] if y["total"]["l1_accesses"] else 0.0)
            lat.append(y["total"]["avg_load_latency"])
        ipcs[m], l2s[m] = r, l2
        g = gmean(r) if None not in r else None
        gl = gmean(l2) if None not in l2 else None
        o.append("| " + " | ".join([m, f3(g)] + [f3(v) for v in r] +
                                   [f3(sum(mr) / len(mr)) if mr else "-", f3(sum(byp) / len(byp)) if byp else "-", f3(gl),
                                    "%.1f" % (sum(lat) / len(lat)) if lat else "-"]) + " |")
    o.append("")
    gi = {m: gmean(ipcs[m]) for m, _, _ in SHOOTOUT if None not in ipcs[m]}
    gl2 = {m: gmean(l2s[m]) for m, _, _ in SHOOTOUT if None not in l2s[m]}
    if gi and gl2:
        bi, bl = max(gi, key=gi.get), min(gl2, key=gl2.get)
        single = {m: v for m, v in gi.items() if "+" not in m and m != "NONE"}
        bs = max(single, key=single.get)
        o.append("On this GPU and kernel set: the highest geomean IPC is %s's (%s x NONE), the best single "
                 "mechanism %s (%s x); the least L2 traffic %s's (%s x NONE); %d of the %d mechanisms lose "
                 "IPC against NONE on the geomean.\n" % (
                     bi, f3(gi[bi]), bs, f3(gi[bs]), bl, f3(gl2[bl]),
                     sum(1 for m, v in gi.items() if m != "NONE" and v < 1), len(gi) - 1))
    if unf:
        o.append("Unfinished (stopped at 8 x NONE's cycles): %s.\n" % ", ".join(unf))
    o.append("Absolute NONE figures per kernel:\n")
    o.append("| kernel | cycles | IPC | L1 miss rate | L2 accesses | avg load latency |")
    o.append("|---|---|---|---|---|---|")
    for b, _ in KERNELS:
        d = runs.get(("NONE", b))
        if d:
            o.append("| %s | %d | %.3f | %.3f | %d | %.1f |" % (b, d["cycles"], ipc(d), missr(d), l2acc(d),
                                                             d["total"]["avg_load_latency"]))
    o.append("")
    png = "shootout.png"
    labels = [m for m, _, _ in SHOOTOUT]
    series = [(b, [ipcs[m][i] for m in labels]) for i, (b, _) in enumerate(KERNELS)]
    series.append(("geomean", [gmean(ipcs[m]) if None not in ipcs[m] else None for m in labels]))
    histogram(os.path.join(img, png), "Shoot-out on the GTX480-like 15-SM config: IPC over NONE", "IPC / NONE IPC",
              labels, series)
    o.append("![shoot-out](img/%s)\n" % png)
    with open(out_md, "w") as f:
        f.write("\n".join(o).rstrip() + "\n")


def main():
    a = sys.argv[1:]
    if len(a) == 4 and a[0] == "plan" and a[1] in ("sweeps", "shootout"):
        plan = Plan(a[2])
        if a[1] == "sweeps":
            for sw in SWEEPS:
                sweep_runs(sw, plan)
        else:
            shoot_runs(plan)
        plan.write(a[1], a[3])
        with open(os.path.join(a[2], "simsum"), "w") as f:
            f.write(a[3] + "\n")
        return
    if len(a) == 5 and a[0] == "report" and a[1] in ("sweeps", "shootout"):
        os.makedirs(a[4], exist_ok=True)
        (report_sweeps if a[1] == "sweeps" else report_shootout)(a[2], a[3], a[4])
        return
    die("usage: sweeps.py plan sweeps|shootout RESULTS SIMSUM | sweeps.py report sweeps|shootout RESULTS OUT_MD IMG_DIR")


if __name__ == "__main__":
    main()
