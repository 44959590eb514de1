#!/usr/bin/env python3
"""report.py STATS_DIR OUT_DIR [SHELL_JSON...] -- make report: turns the
JSON results of runs (build/stats/*.json, written by every lockstep run;
docs/results.md) into OUT_DIR/report.csv (one row per run: block, config,
seed, mode, result, cycles, cycles/s, divergences, every parameter, counter
and rate) and gnuplot PNGs: OUT_DIR/rates_<block>.png per block (each run's
derived rates: hit and miss rate, stall cycles per reason, ...) and
OUT_DIR/speed.png (cycles/s of every run); and the GPU shell's runs
(SHELL_JSON: shell-sim --json files, make run's build/run/shell.json, make
sim JSON=...) into OUT_DIR/shell.csv and OUT_DIR/shell_ipc.png (gpu_ipc and
warp IPC per workload and mechanism), shell_rates.png (L1D hit and miss
rate, L2 miss rate, on a 0..1 axis), shell_fails.png (L1D reservation fails
per reason).
Exit 2 with one error line when there is nothing to report or a file is
not a results file."""
import csv, json, os, re, stat, subprocess, sys

# one distinct colour per series (gnuplot's default cycle has 8)
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf", "#000000", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5"]
COLOURS = [f"set linetype {i + 1} lc rgb '{c}'" for i, c in enumerate(PALETTE)] + [f"set linetype cycle {len(PALETTE)}"]
DEFS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "csim")


def enum_names(param):
    """value -> label of an enumerated parameter, read from csim/params*.def (the one source)."""
    out = {}
    for f in sorted(os.listdir(DEFS)):
        if f.startswith("params") and f.endswith(".def"):
            for m in re.finditer(r"^ENUMV\(\s*%s\s*,\s*(\w+)\s*,\s*(\d+)\s*\)" % param, open(os.path.join(DEFS, f)).read(), re.M):
                out[int(m.group(2))] = m.group(1)
    return out


def mechanism(cfg):
    byp = enum_names("SHELL_BYPASS").get(cfg.get("SHELL_BYPASS", 0), str(cfg.get("SHELL_BYPASS")))
    parts = [byp]
    if cfg.get("SHELL_MRPB"):
        parts.append("MRPB")
    if cfg.get("SHELL_CCN"):
        parts.append(enum_names("SHELL_CCN").get(cfg["SHELL_CCN"], "CCN"))
    if cfg.get("L1D_BA"):
        parts.append("BA")
    return "+".join(parts)


JSON_MAX = 256 << 20  # a results file is kilobytes; a device or a huge file is refused before it is read


def read_json(p):
    """A JSON file's content; a directory, a device or a pipe (/dev/zero:
    an endless read) and a file over JSON_MAX bytes are refused."""
    st = os.stat(p)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a regular file")
    if st.st_size > JSON_MAX:
        raise ValueError(f"larger than {JSON_MAX} bytes")
    with open(p, encoding="utf-8") as fh:
        return json.load(fh)


def shell_runs(paths):
    out = []
    for p in paths:
        try:
            r = read_json(p)
        except (OSError, ValueError) as e:
            die(f"{p}: not a JSON file of the shell ({e})")
        if isinstance(r, dict) and r.get("format") == "l1sys-run-1":
            continue  # a lockstep results file (make run's build/run/shell_lockstep.json): read with the others
        if not isinstance(r, dict) or not {"config", "sm", "total"} <= set(r):
            die(f"{p}: not a shell-sim --json file (expected \"config\", \"sm\", \"total\")")
        g = r.get("gpgpusim", {})
        wl = g.get("workload") or "?"
        r["_label"] = f"{os.path.basename(wl)} / {mechanism(r['config'])}"
        r["_file"] = p
        out.append(r)
    return out


def shell_report(runs, odir, gp, made):
    fails = ["fail_line_alloc", "fail_mshr_entry", "fail_mshr_merge", "fail_miss_queue", "fail_port_busy", "fail_byp_queue"]
    rows = []
    for r in runs:
        t, g = r["total"], r.get("gpgpusim", {})
        acc = t.get("l1_accesses", 0)
        rows.append({"file": r["_file"], "workload": os.path.basename(g.get("workload") or "?"), "mechanism": mechanism(r["config"]),
                     "cycles": r.get("cycles"), "gpu_tot_ipc": g.get("gpu_tot_ipc", ""), "gpu_tot_warp_ipc": t.get("ipc"),
                     "l1d_hit_rate": t["l1_hits"] / acc if acc else 0.0,
                     "L1D_total_cache_miss_rate": g.get("L1D_total_cache_miss_rate", ""),
                     "L2_total_cache_miss_rate": g.get("L2_total_cache_miss_rate", ""),
                     **{k: t.get(k, 0) for k in fails}})
    with open(os.path.join(odir, "shell.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    made.append(os.path.join(odir, "shell.csv"))
    dat = os.path.join(odir, "shell.dat")
    with open(dat, "w") as fh:
        for r, row in zip(runs, rows):
            v = lambda x: "?" if x in ("", None) else repr(float(x))
            fh.write('"%s" %s %s %s %s %s %s\n' % (r["_label"], v(row["gpu_tot_ipc"]), v(row["gpu_tot_warp_ipc"]), v(row["l1d_hit_rate"]),
                                               v(row["L1D_total_cache_miss_rate"]), v(row["L2_total_cache_miss_rate"]),
                                               " ".join(str(row[k]) for k in fails)))
    ipc, rates, fl = (os.path.join(odir, n) for n in ("shell_ipc.png", "shell_rates.png", "shell_fails.png"))
    gp += [f"set output '{ipc}'", "set title 'GPU shell: IPC per workload / mechanism (gpu_ipc: thread instructions per cycle)'",
           "unset logscale y", "set yrange [0:*]", "set ylabel 'instructions per cycle'",
           f"plot '{dat}' using 2:xtic(1) title 'gpu_tot_ipc (thread)', '' using 3 title 'warp IPC'",
           f"set output '{rates}'", "set title 'GPU shell: cache rates per workload / mechanism'", "set yrange [0:1]",
           "set ylabel 'rate'",
           f"plot '{dat}' using 4:xtic(1) title 'L1D hit rate', '' using 5 title 'L1D miss rate', '' using 6 title 'L2 miss rate'",
           f"set output '{fl}'", "set title 'GPU shell: L1D reservation fails per reason'", "set yrange [0:*]",
           "set ylabel 'reservation fails (cycles a request was refused)'",
           "plot " + ", ".join(f"'{dat}' using {7 + i}{':xtic(1)' if i == 0 else ''} title '{k[5:]}'" for i, k in enumerate(fails))]
    made += [ipc, rates, fl]


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) < 3:
        die("usage: report.py STATS_DIR OUT_DIR [SHELL_JSON...]")
    sdir, odir = sys.argv[1], sys.argv[2]
    shells = shell_runs(a for a in sys.argv[3:] if os.path.exists(a) or not a.endswith("*.json"))
    files = sorted(os.path.join(sdir, f) for f in os.listdir(sdir) if f.endswith(".json")) if os.path.isdir(sdir) else []
    for a in sys.argv[3:]:  # lockstep results given among the shell files
        try:
            if read_json(a).get("format") == "l1sys-run-1":
                files.append(a)
        except (OSError, ValueError, AttributeError):
            pass
    if not files and not shells:
        die(f"report: no *.json results in '{sdir}' and no shell JSON (run 'make run' or 'make lockstep BLOCK=...' first)")
    runs = []
    for p in files:
        f = os.path.basename(p)
        try:
            r = read_json(p)
        except (OSError, ValueError) as e:
            die(f"{p}: not a JSON results file ({e})")
        if not isinstance(r, dict) or r.get("format") != "l1sys-run-1":
            die(f"{p}: not a results file of this project (expected \"format\": \"l1sys-run-1\")")
        r["_file"] = f
        runs.append(r)
    os.makedirs(odir, exist_ok=True)
    base = ["file", "block", "config", "seed", "mode", "result", "cycles", "cycles_per_s", "divergences"]
    params = sorted({k for r in runs for k in r.get("params", {})})
    counters = sorted({k for r in runs for k in r.get("counters", {})})
    rates = sorted({k for r in runs for k in r.get("rates", {})})
    cols = base + params + ["counter." + c for c in counters] + ["rate." + c for c in rates]
    out_csv = os.path.join(odir, "report.csv")
    with open(out_csv if runs else os.devnull, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        for r in runs:
            row = [r["_file"]] + [r.get(k, "") for k in base[1:]]
            row += [r.get("params", {}).get(k, "") for k in params]
            row += [r.get("counters", {}).get(k, "") for k in counters]
            row += ["" if r.get("rates", {}).get(k) is None else r["rates"][k] for k in rates]
            w.writerow(row)
    label = lambda r: f'{r.get("config")}/s{r.get("seed")}' + ("" if r.get("mode") == "lockstep" else "/" + str(r.get("mode")))
    gp = ["set terminal pngcairo size 1400,800 noenhanced", "set style data histograms",
          "set style histogram clustered gap 1", "set style fill solid 0.8 border -1",
          "set xtics rotate by -40 font ',8'", "set key outside right", "set grid ytics",
          "set datafile missing '?'"] + COLOURS
    made = [out_csv] if runs else []
    # one plot per block: the rates its runs report (hit/miss rate, stalls per reason, ...)
    for blk in sorted({r.get("block") for r in runs if r.get("rates")}):
        rr = [r for r in runs if r.get("block") == blk and r.get("rates")]
        names = sorted({k for r in rr for k in r["rates"]})
        dat = os.path.join(odir, f"rates_{blk}.dat")
        with open(dat, "w") as fh:
            fh.write("run " + " ".join(names) + "\n")
            for r in rr:
                fh.write('"%s" ' % label(r) + " ".join(
                    "?" if r["rates"].get(k) is None else repr(r["rates"][k]) for k in names) + "\n")
        png = os.path.join(odir, f"rates_{blk}.png")
        plot = ", ".join(f"'{dat}' using {i + 2}:xtic(1) title columnheader({i + 2})" for i in range(len(names)))
        gp += [f"set output '{png}'", f"set title 'Block {blk}: derived rates per run (make report)'",
               "unset logscale y", "set yrange [0:*]", "set ylabel 'rate'", f"plot {plot}"]
        made.append(png)
    if runs:
        dat_s = os.path.join(odir, "speed.dat")
        with open(dat_s, "w") as fh:
            for r in runs:
                fh.write('"%s/%s" %s\n' % (r.get("block"), label(r), r.get("cycles_per_s") or 0))
        png_s = os.path.join(odir, "speed.png")
        gp += [f"set output '{png_s}'", "set title 'Simulation speed per run'", "set ylabel 'cycles/s'",
               "set yrange [*:*]", "set logscale y", f"plot '{dat_s}' using 2:xtic(1) title 'cycles/s'"]
        made.append(png_s)
    if shells:
        shell_report(shells, odir, gp, made)
    try:
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", text=True, capture_output=True)
    except OSError as e:
        die(f"report: cannot run gnuplot ({e}); install it with scripts/install_deps.sh")
    if p.returncode != 0:
        die("report: gnuplot failed: " + (p.stderr.strip().splitlines() or ["?"])[-1])
    print(f"report: {len(runs)} runs from {sdir}, {len(shells)} GPU shell runs -> " + ", ".join(made))


if __name__ == "__main__":
    main()
