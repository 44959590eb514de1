#!/usr/bin/env python3
"""papers.py RESULTS CLAIMS OUT_MD IMG_DIR -- the report of make papers.

Reads the runs of scripts/papers.sh (RESULTS/<paper>_<bench>_<variant>.json,
RESULTS/sizes.tsv), the hand-transcribed claims (tb/papers/claims.tsv), the experiments that
explain a difference (tb/papers/explain.tsv; PAPERS_EXPLAIN overrides the
path) and the hand-written configuration notes (tb/papers/configurations.md); writes
docs/papers.md and one gnuplot PNG per paper (docs/img/papers_<paper>.png).

Verdict rule (issue 24): a claim AGREES when our effect has the paper's
direction and is within +-30 % of its magnitude (effect = ratio - 1); else it
DISAGREES.  A direction-only claim (<1, >1) is judged on direction.  No other
margin.  `check CLAIMS` only parses the claims file (make test)."""
import json, math, os, re, subprocess, sys

PAPERS = ["mrpb", "coord", "twolevel", "ba", "ccn"]
TITLE = {
    "mrpb": "MRPB (Jia, Shaw, Martonosi, HPCA 2014)",
    "coord": "Coordinated static and dynamic bypassing (Xie et al., HPCA 2015)",
    "twolevel": "Two-level bypassing (Kim & Kim, JIPS 2021)",
    "ba": "Bypass-Aware cache (thesis chapter 5)",
    "ccn": "Cooperative caching network (Dublish, Nagarajan, Topham, TACO 2016)",
}
VARIANTS = {
    "mrpb": ["MRPB"], "coord": ["STATIC", "CHSS", "COORD"], "twolevel": ["ALL", "TWOLEVEL"],
    "ba": ["ALL", "BA"], "ccn": ["CCN_B", "CCN_RT"],
}
HEADLINE = {"mrpb": "MRPB", "coord": "COORD", "twolevel": "TWOLEVEL", "ba": "BA", "ccn": "CCN_RT"}
STATS = ("ipc", "l2_req", "l2_rsp", "l1_miss", "miss_rate", "aml")
AGGS = ("geomean", "mean", "bench")
HERE = os.path.dirname(os.path.abspath(__file__))
EXPLAIN = os.environ.get("PAPERS_EXPLAIN", os.path.join(HERE, "..", "tb", "papers", "explain.tsv"))
ARGS_RE = r"[a-z]+=[0-9]+(,[a-z]+=[0-9]+)*"  # a generator's --args (csim/workload/shell_gen.c: n, iters, bs)
COLS = ["paper", "id", "variant", "stat", "agg", "scope", "value", "source", "claim"]


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def read_claims(path):
    claims, seen, header = [], set(), False
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if not header:
                if cols != COLS:
                    die("%s:%d: expected the header '%s'" % (path, ln, "\\t".join(COLS)))
                header = True
                continue
            if len(cols) != len(COLS):
                die("%s:%d: expected %d tab-separated columns, got %d" % (path, ln, len(COLS), len(cols)))
            c = dict(zip(COLS, cols))
            where = "%s:%d" % (path, ln)
            if c["paper"] not in PAPERS:
                die("%s: paper '%s': expected one of %s" % (where, c["paper"], " ".join(PAPERS)))
            if (c["paper"], c["id"]) in seen:
                die("%s: claim id '%s' given twice for %s" % (where, c["id"], c["paper"]))
            seen.add((c["paper"], c["id"]))
            if c["variant"] != "-" and c["variant"] not in VARIANTS[c["paper"]]:
                die("%s: variant '%s': expected - or one of %s" % (where, c["variant"], " ".join(VARIANTS[c["paper"]])))
            if c["stat"] not in STATS:
                die("%s: stat '%s': expected one of %s" % (where, c["stat"], " ".join(STATS)))
            if c["agg"] not in AGGS:
                die("%s: agg '%s': expected one of %s" % (where, c["agg"], " ".join(AGGS)))
            v = c["value"]
            if v in ("<1", ">1"):
                c["dir_only"] = True
            else:
                try:
                    c["value"] = float(v)
                except ValueError:
                    die("%s: value '%s': expected a ratio (a number > 0) or <1 or >1" % (where, v))
                if not c["value"] > 0 or c["value"] == 1:
                    die("%s: value '%s': expected a ratio > 0 other than 1" % (where, v))
                c["dir_only"] = False
            c["scope"] = [] if c["scope"] == "-" else c["scope"].split(",")
            if c["agg"] == "bench" and len(c["scope"]) > 1:
                die("%s: agg bench: expected one benchmark in scope, got %d" % (where, len(c["scope"])))
            if not c["source"] or not c["claim"]:
                die("%s: expected a source and the claim's words" % where)
            claims.append(c)
    if not header:
        die("%s: expected the header line" % path)
    return claims


ECOLS = ["paper", "claim", "run", "bench", "settings", "vs", "note"]


def read_explain(path, claims):
    """tb/papers/explain.tsv: per DISAGREE claim, the runs that show what makes the difference.
    Returns {(paper, claim): {"text": prose, "runs": [row, ...]}}."""
    ids = {(c["paper"], c["id"]) for c in claims}
    out, xsets, header = {}, {}, False
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            where = "%s:%d" % (path, ln)
            if not header:
                if cols != ECOLS:
                    die("%s: expected the header '%s'" % (where, "\\t".join(ECOLS)))
                header = True
                continue
            if len(cols) != len(ECOLS):
                die("%s: expected %d tab-separated columns, got %d" % (where, len(ECOLS), len(cols)))
            e = dict(zip(ECOLS, cols))
            p = e["paper"]
            if (p, e["claim"]) not in ids:
                die("%s: claim '%s %s': expected a claim of tb/papers/claims.tsv" % (where, p, e["claim"]))
            g = out.setdefault((p, e["claim"]), {"text": None, "runs": []})
            if not e["note"]:
                die("%s: expected a note (what the run is, or for run -, what the experiment shows)" % where)
            if e["run"] == "-":
                if g["text"] is not None:
                    die("%s: a second prose row (run -) for %s %s" % (where, p, e["claim"]))
                if (e["bench"], e["settings"], e["vs"]) != ("-", "-", "-"):
                    die("%s: run -: expected - for bench, settings and vs" % where)
                g["text"] = e["note"]
                continue
            main = ["BASE"] + VARIANTS[p]
            if "@" in e["bench"]:
                # a kernel outside the paper's set, or another input size: NAME@ARGS (no main run exists)
                name, args = e["bench"].split("@", 1)
                if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name) or not re.fullmatch(ARGS_RE, args):
                    die("%s: bench '%s': expected a generator name, or NAME@ARGS with ARGS as "
                        "k=v[,k=v...] (e.g. syr2k@n=256)" % (where, e["bench"]))
                if e["run"] in main:
                    die("%s: run '%s' on %s: a main run does not exist for NAME@ARGS: expected another "
                        "name, with its settings" % (where, e["run"], e["bench"]))
            if not e["run"].replace("_", "").isalnum():
                die("%s: run '%s': expected a name of letters, digits and _" % (where, e["run"]))
            if e["settings"] == "-" and "@" in e["bench"]:
                pass  # NAME@ARGS with the paper's config as is
            elif e["settings"] == "-":
                if e["run"] not in main:
                    die("%s: run '%s' with settings -: expected one of the main runs %s" % (where, e["run"], " ".join(main)))
            else:
                if e["run"] in main:
                    die("%s: run '%s' is a main run: expected settings - or another name" % (where, e["run"]))
                for x in e["settings"].split():
                    if "=" not in x or not x.split("=", 1)[0] or not x.split("=", 1)[1]:
                        die("%s: setting '%s': expected NAME=VALUE" % (where, x))
                    if x.startswith("TAGS=") and (x != "TAGS=NOCG" or p != "coord" or "@" in e["bench"]):
                        die("%s: setting '%s': expected TAGS=NOCG (the classifier's tags with cg as ca), "
                            "on a coord benchmark only" % (where, x))
                k = (p, e["bench"], e["run"])
                if xsets.setdefault(k, e["settings"]) != e["settings"]:
                    die("%s: run '%s' on %s given two different settings" % (where, e["run"], e["bench"]))
            names = main + [r["run"] for r in g["runs"] if r["bench"] == e["bench"]]
            if "@" in e["bench"]:
                # its vs is a reference run of the same NAME@ARGS, itself against nothing: papers.sh runs
                # those first and caps the others at CAPX x its cycles
                names = [r["run"] for r in g["runs"] if r["bench"] == e["bench"] and r["vs"] == "-"]
                if e["vs"] != "-" and e["vs"] not in names:
                    die("%s: vs '%s': expected - or a run on %s named above it whose own vs is -"
                        % (where, e["vs"], e["bench"]))
            elif e["vs"] != "-" and e["vs"] not in names:
                die("%s: vs '%s': expected - or a run on %s named above it (or a main run)" % (where, e["vs"], e["bench"]))
            g["runs"].append(e)
    if not header:
        die("%s: expected the header line" % path)
    for (p, c), g in out.items():
        if g["text"] is None or not g["runs"]:
            die("%s: %s %s: expected one prose row (run -) and at least one run" % (path, p, c))
    return out


def bench_key(b):
    """A benchmark's part of a run's file name: NAME, or for NAME@ARGS NAME-ARGS with '=' dropped and
    ',' as '-' (syr2k@n=256 -> syr2k-n256); scripts/papers.sh names the files the same way."""
    if "@" not in b:
        return b
    name, args = b.split("@", 1)
    return name + "-" + args.replace("=", "").replace(",", "-")


def run_file(rdir, p, b, run):
    if "@" in b:
        return os.path.join(rdir, "x_%s_%s_%s.json" % (p, bench_key(b), run))
    if run == "BASE" or run in VARIANTS[p]:
        return os.path.join(rdir, "%s_%s_%s.json" % (p, b, run))
    return os.path.join(rdir, "x_%s_%s_%s.json" % (p, b, run))


def load_run(fn):
    if not os.path.exists(fn):
        return None, False
    with open(fn) as f:
        d = json.load(f)
    with open(fn + ".key") as f:
        return d, "capped" in f.read()


def explain_md(p, cid, g, rdir, sizes, capx):
    o = []
    args = {b: a for b, a, _ in sizes.get(p, [])}
    o.append("**%s.** %s\n" % (cid, g["text"]))
    o.append("| run | benchmark | settings over `%s.cfg` | cycles | IPC | IPC ratio | L1 miss rate | "
             "line-alloc fails / L1 access | MSHR-entry fails / L1 access | miss-queue fails / L1 access | bypass-queue fails / L1 access | "
             "avg load latency | L2 requests | remote L1 hits (CCN) | loads / warp instruction | what it is |" % p)
    o.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    cmds, loaded = [], {}
    for e in g["runs"]:
        b = e["bench"]
        d, cap = load_run(run_file(rdir, p, b, e["run"]))
        loaded[(b, e["run"])] = d
        sets = e["settings"] if e["settings"] != "-" else "(the config as is)" if "@" in b else dict(
            [("BASE", "(the BASE run)")] + [(v, "(the %s run)" % v) for v in VARIANTS[p]])[e["run"]]
        if d is None:
            o.append("| %s | %s | %s | missing | | | | | | | | | | | | %s |" % (e["run"], b, sets, e["note"]))
            continue
        t = d["total"]
        acc = t["l1_accesses"] or 1
        r = "-"
        if e["vs"] != "-":
            ref = loaded.get((b, e["vs"]))
            if ref is None:
                ref, _ = load_run(run_file(rdir, p, b, e["vs"]))
            if ref is not None and ref["total"]["ipc"] > 0:
                r = "%s vs %s" % (fmt(t["ipc"] / ref["total"]["ipc"]), e["vs"])
        bshow = b if "@" not in b else "%s (`%s`, not a main run)" % tuple(b.split("@", 1))
        o.append("| %s | %s | %s | %d%s | %.3f | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f | %d | %d | %.3f | %s |" % (
            e["run"], bshow, sets, d["cycles"], " (unfinished, stopped at %dx %s)" % (capx, "BASE" if "@" not in b else e["vs"]) if cap else "",
            t["ipc"], r, t["l1_misses"] / acc, t["fail_line_alloc"] / acc, t["fail_mshr_entry"] / acc, t["fail_miss_queue"] / acc,
            t["fail_byp_queue"] / acc, t["avg_load_latency"], stat(d, "l2_req"),
            sum(x.get("ccn_remote_hits", 0) for x in d["sm"]),
            sum(x["ld_insts"] for x in d["sm"]) / max(t["warp_insts"], 1), e["note"]))
        if e["settings"] != "-" or "@" in b:
            name, a = b.split("@", 1) if "@" in b else (b, args.get(b, "?"))
            cmds.append("build/bin/shell-sim --seed 1 --workload %s --args %s --config "
                        "tb/configs/shell/sim/papers/%s.cfg%s%s --stats table" % (
                            name, a, p, "".join(" --set " + x for x in e["settings"].split() if x != "-" and not x.startswith("TAGS=")),
                            " --tags build/papers/coord_%s%s" % (b, ".nocg.tags" if "TAGS=NOCG" in e["settings"].split() else ".tags")
                            if p == "coord" and "@" not in b else ""))
    o.append("")
    if cmds:
        o.append("Reproduce (make papers runs these as `build/papers/x_%s_<bench>_<run>.json`):\n" % p)
        o.append("```")
        o += cmds
        o.append("```")
        o.append("")
    return o


def stat(d, s):
    t = d["total"]
    if s == "ipc":
        return t["ipc"]
    if s == "l2_req":
        return t["l2_load_hits"] + t["l2_load_misses"] + t["l2_stores"]
    if s == "l2_rsp":
        return t["xbar_rsp_flits"]
    if s == "l1_miss":
        return t["l1_misses"]
    if s == "miss_rate":
        return t["l1_misses"] / t["l1_accesses"] if t["l1_accesses"] else 0.0
    return t["avg_load_latency"]


def ratio(runs, p, b, v, s):
    base, var = runs.get((p, b, "BASE")), runs.get((p, b, v))
    if base is None or var is None:
        return None
    x, y = stat(base, s), stat(var, s)
    if x == 0:
        return None
    return y / x


def agg(vals, how):
    if how == "geomean":
        return math.exp(sum(math.log(v) for v in vals) / len(vals)) if all(v > 0 for v in vals) else None
    return sum(vals) / len(vals)


def verdict(c, ours):
    if c["dir_only"]:
        want = -1 if c["value"] == "<1" else 1
        got = (ours > 1) - (ours < 1)
        return "AGREES (direction)" if got == want else "DISAGREES (direction)"
    e, o = c["value"] - 1, ours - 1
    if (o > 0) == (e > 0) and o != 0 and abs(o - e) <= 0.3 * abs(e):
        return "AGREES"
    why = "opposite direction" if (o > 0) != (e > 0) or o == 0 else (
        "effect %.0f %% of the paper's" % (100 * o / e))
    return "DISAGREES (%s)" % why


def fmt(x):
    return "x%.3f" % x


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        cl = read_claims(sys.argv[2])
        ex = read_explain(EXPLAIN, cl)
        print("%d claims, %d papers, %d explained by %d runs" % (len(cl), len({c["paper"] for c in cl}), len(ex),
                                                                  sum(len(g["runs"]) for g in ex.values())))
        return
    if len(sys.argv) != 5:
        die("usage: papers.py RESULTS CLAIMS OUT_MD IMG_DIR | papers.py check CLAIMS")
    rdir, cpath, out_md, img = sys.argv[1:]
    capx = int(os.environ.get("CAPX", "8"))
    claims = read_claims(cpath)
    expl = read_explain(EXPLAIN, claims)
    sizes, prof_args = {}, {}
    with open(os.path.join(rdir, "sizes.tsv")) as f:
        for line in f:
            p, b, args, paper, pargs = (line.rstrip("\n").split("\t") + ["-"])[:5]
            sizes.setdefault(p, []).append((b, args, paper))
            if pargs != "-":  # (coord: the static profile's own input, shell-sim --profile-args)
                prof_args[(p, b)] = pargs
    runs, capped = {}, set()
    for p in sizes:
        for b, _, _ in sizes[p]:
            for v in ["BASE"] + VARIANTS[p]:
                fn = os.path.join(rdir, "%s_%s_%s.json" % (p, b, v))
                if os.path.exists(fn):
                    with open(fn) as f:
                        runs[(p, b, v)] = json.load(f)
                    with open(fn + ".key") as f:
                        if "capped" in f.read():
                            capped.add((p, b, v))
    with open(os.path.join(HERE, "..", "tb", "papers", "configurations.md")) as f:
        conf_md = f.read()
    o = []
    o.append("# The five papers' experiments (`make papers`)\n")
    o.append("Generated by `make papers` (scripts/papers.sh, scripts/papers.py) from the runs in "
             "`build/papers/`, the claims transcribed by hand in `tb/papers/claims.tsv` and the "
             "configuration notes in `tb/papers/configurations.md`. Do not edit by hand.\n")
    o.append("Each paper runs on its own GPU (`tb/configs/shell/sim/papers/<paper>.cfg`, from its "
             "methodology table) over the paper's benchmarks that we have generators for, on the C "
             "model (`build/bin/shell-sim`, seed 1), baseline and mechanism. **Verdict rule** (issue 24): "
             "a claim AGREES when our effect (ratio - 1) has the paper's direction and lies within "
             "+-30 %% of the paper's effect; otherwise it DISAGREES, with what the data shows. "
             "A claim the text states only as a direction is judged on direction. Claims over "
             "benchmarks we have no generator for are listed as not run. A mechanism run is stopped "
             "at %d x its baseline's cycles (a slowdown past that is not worth the budget); its "
             "ratio is then over the cycles it ran and is marked unfinished.\n" % capx)
    o.append("Our benchmark set is a subset of each paper's (named per claim), our kernels are "
             "this project's generators (`csim/workload/shell_gen.c`), not the papers' binaries, and the "
             "problem sizes are the paper's input where the paper states one and it fits the generators "
             "and the budget (MRPB's 2mm, 3mm, 3dconv, gemm, syr2k, syrk; nw), cut elsewhere to "
             "keep `make papers` within its 45 minutes (tables below: ours beside the paper's; a clean "
             "`make papers` took 13 minutes on this 2-core machine). An average over our subset is not the paper's average over its set: "
             "read each verdict with its scope.\n")
    o.append("Where a claim DISAGREES, the experiment that shows what makes the difference (a setting the "
             "paper's baseline has and ours had not, a sweep point, a difference of benchmark: a kernel outside the "
             "paper's set or one at another size, shown as `NAME` (`ARGS`, not a main run)) is listed "
             "under \"What makes the difference\" in the paper's section: its runs are declared in "
             "`tb/papers/explain.tsv` and run by `make papers` like the others (same seed, resumable), and "
             "the numbers shown are theirs.\n")
    o.append("The runs here are the C model's. That it is the RTL's machine on each paper's GPU is checked by `make papers-lockstep`: one kernel per paper on that paper's configuration, capped at 4 SMs (of 16 warps; the two-level paper's keep their 64), in whole-shell system lockstep to its end (docs/papers_lockstep.md).\n")
    o.append(conf_md.rstrip() + "\n")
    for p in PAPERS:
        if p not in sizes:
            continue
        o.append("## %s\n" % TITLE[p])
        o.append("Config `tb/configs/shell/sim/papers/%s.cfg`; variants: BASE (the paper's baseline) and %s.\n"
                 % (p, ", ".join(VARIANTS[p])))
        o.append("| claim | the paper's words | source | scope (ours) | paper | ours | verdict | explained by |")
        o.append("|---|---|---|---|---|---|---|---|")
        for c in [c for c in claims if c["paper"] == p]:
            pv = c["value"] if c["dir_only"] else fmt(c["value"])
            g = expl.get((p, c["id"]))
            xb = " | " + ("What makes the difference, below: " + (", ".join(sorted(
                {e["run"] + " (" + e["bench"] + ")" for e in g["runs"] if e["settings"] != "-" or "@" in e["bench"]})) or "the main runs")
                          if g else "-")
            if c["variant"] == "-" or not c["scope"]:
                o.append("| %s | %s | %s | - | %s | not run | no benchmark or setting of ours (see source)%s |"
                         % (c["id"], c["claim"], c["source"], pv, xb))
                continue
            vals = [ratio(runs, p, b, c["variant"], c["stat"]) for b in c["scope"]]
            if any(v is None for v in vals):
                o.append("| %s | %s | %s | %s | %s | missing runs | -%s |"
                         % (c["id"], c["claim"], c["source"], ",".join(c["scope"]), pv, xb))
                continue
            ours = vals[0] if c["agg"] == "bench" else agg(vals, c["agg"])
            unf = [b for b in c["scope"] if (p, b, c["variant"]) in capped]
            note = " (unfinished, stopped at %dx the baseline's cycles: %s)" % (capx, ",".join(unf)) if unf else ""
            if ours is None:
                o.append("| %s | %s | %s | %s | %s | undefined (a zero) | -%s |"
                         % (c["id"], c["claim"], c["source"], ",".join(c["scope"]), pv, xb))
                continue
            o.append("| %s | %s | %s | %s (%s, %s) | %s | %s | %s%s |"
                     % (c["id"], c["claim"], c["source"], ",".join(c["scope"]), c["stat"], c["agg"], pv,
                        fmt(ours) + note,
                        "none: a run did not finish (Unfinished runs)" if unf else verdict(c, ours), xb))
        o.append("")
        mine = [c for c in claims if c["paper"] == p and (p, c["id"]) in expl]
        if mine:
            o.append("### What makes the difference\n")
            o.append("Experiments of `tb/papers/explain.tsv`, run by `make papers` with the same seed. "
                     "Fails are per L1D access (a request retried every cycle counts once a cycle); "
                     "IPC ratio is against the run named.\n")
            for c in mine:
                o += explain_md(p, c["id"], expl[(p, c["id"])], rdir, sizes, capx)
        o.append("Per benchmark (ratios to BASE; IPC is warp instructions per cycle):\n")
        hdr = ["benchmark", "our args", "the paper's input", "BASE cycles", "BASE IPC", "BASE L1 miss rate"]
        for v in VARIANTS[p]:
            hdr += ["%s IPC" % v, "%s L1 miss rate" % v, "%s L2 req" % v]
        o.append("| " + " | ".join(hdr) + " |")
        o.append("|" + "---|" * len(hdr))
        for b, args, paper in sizes[p]:
            base = runs.get((p, b, "BASE"))
            row = [b, "`%s`" % args + ("; profiled at `%s`" % prof_args[(p, b)] if (p, b) in prof_args else ""), paper]
            if base is None:
                row += ["missing"] * (len(hdr) - 3)
            else:
                row += [str(base["cycles"]), "%.3f" % stat(base, "ipc"), "%.3f" % stat(base, "miss_rate")]
                for v in VARIANTS[p]:
                    d = runs.get((p, b, v))
                    if d is None:
                        row += ["missing"] * 3
                        continue
                    r = [ratio(runs, p, b, v, s) for s in ("ipc", "miss_rate", "l2_req")]
                    unf = " (unfinished at %d cycles)" % d["cycles"] if (p, b, v) in capped else ""
                    row += [(fmt(r[0]) if r[0] is not None else "-") + unf, "%.3f" % stat(d, "miss_rate"),
                            fmt(r[2]) if r[2] is not None else "-"]
            o.append("| " + " | ".join(row) + " |")
        o.append("")
        png = plot(p, sizes[p], runs, claims, img)
        if png:
            o.append("![%s: paper beside ours](img/%s)\n" % (p, png))
            o.append("`img/%s`: IPC of %s over BASE per benchmark (ours) and the paper's per-benchmark "
                     "values where its text gives one (most are in figures the extraction lost), then the "
                     "paper's headline average beside ours.\n" % (png, HEADLINE[p]))
    if capped:
        o.append("## Unfinished runs\n")
        o.append("Mechanism runs that had not finished at %d x their baseline's cycles. Their warp "
                 "instructions against the baseline's (all of the kernel) show how far they got; a run "
                 "that makes no progress for millions of cycles is a hang of the model, not a slowdown "
                 "(see each run's `build/papers/<paper>_<bench>_<variant>.log`).\n" % capx)
        o.append("| paper | benchmark | variant | stopped at cycle | warp instructions done | of the baseline's |")
        o.append("|---|---|---|---|---|---|")
        for p, b, v in sorted(capped):
            d, base = runs[(p, b, v)], runs[(p, b, "BASE")]
            o.append("| %s | %s | %s | %d | %d | %d |" % (p, b, v, d["cycles"], d["total"]["warp_insts"],
                                                          base["total"]["warp_insts"]))
        o.append("")
    with open(out_md, "w") as f:
        f.write("\n".join(o).rstrip() + "\n")


def plot(p, sz, runs, claims, img):
    v = HEADLINE[p]
    rows = []
    for b, _, _ in sz:
        r = ratio(runs, p, b, v, "ipc")
        pv = [c["value"] for c in claims if c["paper"] == p and c["variant"] == v and c["stat"] == "ipc"
              and c["agg"] == "bench" and c["scope"] == [b] and not c["dir_only"]]
        rows.append((b, "%.4f" % pv[0] if pv else "?", "%.4f" % r if r is not None else "?"))
    head = [c for c in claims if c["paper"] == p and c["variant"] == v and c["stat"] == "ipc"
            and c["agg"] != "bench" and c["scope"]]
    if head:
        c = head[0]
        vals = [ratio(runs, p, b, v, "ipc") for b in c["scope"]]
        ours = agg(vals, c["agg"]) if all(x is not None for x in vals) else None
        rows.append((c["agg"], "%.4f" % c["value"], "%.4f" % ours if ours is not None else "?"))
    if all(r[2] == "?" for r in rows):
        return None
    os.makedirs(img, exist_ok=True)
    png = "papers_%s.png" % p
    dat = "\n".join("%s %s %s" % r for r in rows) + "\n"
    gp = """set terminal pngcairo size 1100,450 font ',10'
set output '%s'
set title '%s: IPC of %s over its baseline, the paper beside ours'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set datafile missing '?'
set ylabel 'IPC / BASE IPC'
set xtics rotate by -40
set grid ytics
set key top left
set yrange [0:*]
$d << EOD
%sEOD
plot $d using 2:xtic(1) title 'paper (where its text gives the number)' lc rgb '#d62728', \\
     '' using 3 title 'ours' lc rgb '#1f77b4', 1 notitle lc rgb 'black' dt 2
""" % (os.path.join(img, png), TITLE[p].split(" (")[0], v, dat)
    subprocess.run(["gnuplot"], input=gp, text=True, check=True)
    return png


if __name__ == "__main__":
    main()
