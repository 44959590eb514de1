#!/usr/bin/env python3
"""report.py STATS_DIR OUT_DIR -- make report: turns the JSON results of
runs (build/stats/*.json, written by every lockstep run; docs/results.md)
into OUT_DIR/report.csv (one row per run: block, config, seed, mode,
result, cycles, cycles/s, divergences, every parameter, counter and rate)
and gnuplot PNGs: OUT_DIR/rates_<block>.png per block (each run's derived
rates: hit and miss rate, stall cycles per reason, ...) and
OUT_DIR/speed.png (cycles/s of every run).
Exit 2 with one error line when there is nothing to report or a file is
not a results file."""
import csv, json, os, subprocess, sys


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) != 3:
        die("usage: report.py STATS_DIR OUT_DIR")
    sdir, odir = sys.argv[1], sys.argv[2]
    if not os.path.isdir(sdir):
        die(f"report: no results directory '{sdir}' (run 'make run' or 'make lockstep BLOCK=...' first)")
    files = sorted(f for f in os.listdir(sdir) if f.endswith(".json"))
    if not files:
        die(f"report: no *.json results in '{sdir}' (run 'make run' or 'make lockstep BLOCK=...' first)")
    runs = []
    for f in files:
        p = os.path.join(sdir, f)
        try:
            with open(p, encoding="utf-8") as fh:
                r = json.load(fh)
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
    with open(out_csv, "w", newline="") as fh:
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
          "set datafile missing '?'", "set linetype cycle 24"]
    made = [out_csv]
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
               "unset logscale y", "set ylabel 'rate'", f"plot {plot}"]
        made.append(png)
    dat_s = os.path.join(odir, "speed.dat")
    with open(dat_s, "w") as fh:
        for r in runs:
            fh.write('"%s/%s" %s\n' % (r.get("block"), label(r), r.get("cycles_per_s") or 0))
    png_s = os.path.join(odir, "speed.png")
    gp += [f"set output '{png_s}'", "set title 'Simulation speed per run'", "set ylabel 'cycles/s'",
           "set logscale y", f"plot '{dat_s}' using 2:xtic(1) title 'cycles/s'"]
    made.append(png_s)
    try:
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", text=True, capture_output=True)
    except OSError as e:
        die(f"report: cannot run gnuplot ({e}); install it with scripts/install_deps.sh")
    if p.returncode != 0:
        die("report: gnuplot failed: " + (p.stderr.strip().splitlines() or ["?"])[-1])
    print(f"report: {len(runs)} runs from {sdir} -> " + ", ".join(made))


if __name__ == "__main__":
    main()
