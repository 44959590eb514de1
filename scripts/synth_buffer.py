#!/usr/bin/env python3
"""synth_buffer.py -- buffer trees for the nets ABC could not see the load of
(scripts/synth.sh, docs/synthesis.md "Buffering nets into macros").

Usage: synth_buffer.py IN.json IN.il OUT.il REPORT --liberty LIB
         [--macro MODULE=STUB.lib]... [--drive INVX1] [--outload 0.04]
         [--buf BUFX4] [--group 0.3]

Reads Yosys' JSON of the mapped design (after `abc -liberty ... -constr`:
the nets as numbered bits, for the analysis) and its RTLIL (IN.il, the same
design), writes the RTLIL with the buffer cells added (OUT.il: the design
exactly as Yosys had it, names and aliases kept, the buffers' wires and
cells added and the moved sink pins rewired), and REPORT (one line per buffered
net, then "key=value" totals).  ABC buffers and sizes what it maps against
a uniform 0.04 pF per primary output; a net into a black-box SRAM macro is
such an output to it, whatever the number of macro pins behind it (l1d's
line-fill enable: 8 x 128 write-mask pins, 10.4 pF, on one INVX2).  This
pass sees every sink with its real capacitance -- standard-cell input pins
from the Liberty, macro pins from the SRAM model's stub (one stub per macro
module, made by scripts/sram_model.sh), module output ports at --outload
(the SDC's set_load) -- and buffers a net when
  * its load exceeds its driver's max_capacitance (the Liberty's limit; a
    module input is driven by --drive, as the SDC and ABC assume), or
  * it drives macro pins and its load exceeds --group (ABC sized its driver
    for 0.04 pF there).
Clock nets (a sink on a Liberty pin with `clock : true`, or a macro's clock
pin) are left alone: the timing uses ideal clocks.  The tree: the sinks
that ABC did not see (macro pins), or every sink when the
standard-cell sinks alone exceed --group, are cut in order (instance, port,
bit: a macro's pins stay together) into groups of at most --group pF and 32
sinks, each driven by one --buf; those buffers are grouped the same way
level by level until the driver sees at most --group pF beside the sinks
it keeps (module ports and, unless moved, the standard cells ABC sized it
for).  Nothing else changes: no cell is resized or removed, every named
net keeps its name (the new wires and cells are private, $synthbuf$N,
named _N_ by `rename -enumerate` after, as every mapped cell is), so the
netlist computes the same function (make lec proves it).
"""
import argparse, json, re, sys

ap = argparse.ArgumentParser()
ap.add_argument("inp"); ap.add_argument("il"); ap.add_argument("out"); ap.add_argument("report")
ap.add_argument("--liberty", required=True)
ap.add_argument("--macro", action="append", default=[])
ap.add_argument("--drive", default="INVX1")
ap.add_argument("--outload", type=float, default=0.04)
ap.add_argument("--buf", default="BUFX4")
ap.add_argument("--group", type=float, default=0.3)
ap.add_argument("--fanout", type=int, default=32)
a = ap.parse_args()


def read_lib(path):
    """cell -> {pin: (dir, cap, maxcap, clock)}, bus pins as name[i] too;
    plus cell -> area"""
    cells, area, types = {}, {}, {}
    cell = pin = None
    for line in open(path):
        s = line.strip()
        m = re.match(r'type\s*\((\w+)\).*bit_width\s*:\s*(\d+)', s)
        if m: types[m.group(1)] = int(m.group(2))
        m = re.match(r'cell\s*\(\s*"?([\w$]+)"?\s*\)', s)
        if m: cell = m.group(1); cells[cell] = {}; pin = None; continue
        if cell is None: continue
        m = re.match(r'(pin|bus)\s*\(\s*"?([\w\[\]]+)"?\s*\)', s)
        if m:
            pin = m.group(2); cells[cell][pin] = {"dir": None, "cap": 0.0, "max": None, "clock": False, "width": 0}
        if m and m.group(1) == "bus":
            bt = re.search(r'bus_type\s*:\s*(\w+)', s)
            cells[cell][pin]["width"] = types.get(bt.group(1), 1) if bt else 1
        m2 = re.match(r'area\s*:\s*([\d.]+)', s)
        if m2 and pin is None: area[cell] = float(m2.group(1))
        if pin is None: continue
        p = cells[cell][pin]
        for k, rx in (("dir", r'direction\s*:\s*(\w+)'), ("cap", r'(?<![_a-z])capacitance\s*:\s*([\d.eE+-]+)'),
                      ("max", r'max_capacitance\s*:\s*([\d.eE+-]+)')):
            mm = re.search(rx, s)
            if mm: p[k] = mm.group(1) if k == "dir" else float(mm.group(1))
        if re.search(r'clock\s*:\s*true', s): p["clock"] = True
    return cells, area


std, std_area = read_lib(a.liberty)
macros = {}  # module -> {port: (dir, cap, clock)}
for spec in a.macro:
    mod, stub = spec.split("=", 1)
    c, _ = read_lib(stub)
    (pins,) = c.values()
    macros[mod] = pins
for need in (a.buf, a.drive):
    if need not in std: sys.exit(f"synth_buffer.py: cell {need} not in {a.liberty}")
buf_in = [p for p, v in std[a.buf].items() if v["dir"] == "input"][0]
buf_out = [p for p, v in std[a.buf].items() if v["dir"] == "output"][0]
buf_cap = std[a.buf][buf_in]["cap"]
drive_max = [v["max"] for v in std[a.drive].values() if v["dir"] == "output"][0]

d = json.load(open(a.inp))
mods = d["modules"]
rep = []
edits = {}  # module -> {"bufs": [(name, src)], "pins": {(cell, port): {index: bufname}}}
nbuf_total = 0
nets_total = 0


def pin_info(ctype, port, c):
    """(dir, cap, clock, seen_by_abc) of a cell's port"""
    if ctype in std:
        p = std[ctype].get(port)
        if p: return p["dir"], p["cap"], p["clock"], True
    if ctype in macros:
        p = macros[ctype].get(port)
        if p: return p["dir"], p["cap"], p["clock"], False
    if ctype in mods:  # a cut (keep_hierarchy) module: an output of ABC's run
        pd = mods[ctype]["ports"].get(port, {}).get("direction")
        return pd, a.outload, False, True
    pd = c.get("port_directions", {}).get(port)
    return pd, a.outload, False, True


def analyse(m):
    """bit -> driver's max cap; bit -> [(cell, port, index, cap, seen_by_abc)]
    (cell None: a module output port); the set of clock bits"""
    driver, sinks, clock = {}, {}, set()
    for p in m["ports"].values():
        for b in p["bits"]:
            if not isinstance(b, int): continue
            if p["direction"] == "input": driver[b] = drive_max
            else: sinks.setdefault(b, []).append((None, None, None, a.outload, True))
    for cn in sorted(m["cells"]):
        c = m["cells"][cn]
        for port in sorted(c["connections"]):
            dr, cap, clk, seen = pin_info(c["type"], port, c)
            for i, b in enumerate(c["connections"][port]):
                if not isinstance(b, int): continue
                if dr == "output":
                    mx = None
                    if c["type"] in std: mx = std[c["type"]][port]["max"]
                    driver[b] = mx if mx else drive_max
                elif dr == "input":
                    sinks.setdefault(b, []).append((cn, port, i, cap, seen))
                    if clk: clock.add(b)
    return driver, sinks, clock


def over(m):
    """(nets over their driver's max_capacitance, of them clock nets)"""
    driver, sinks, clock = analyse(m)
    o = [b for b in sinks if b in driver and sum(x[3] for x in sinks[b]) > driver[b]]
    return len(o), len([b for b in o if b in clock])


over_before = over_after = clk_over = 0
for mname, m in mods.items():
    if m.get("attributes", {}).get("blackbox") or m["attributes"].get("whitebox"):
        continue
    bits = [b for n in m["netnames"].values() for b in n["bits"] if isinstance(b, int)]
    for p in m["ports"].values():
        bits += [b for b in p["bits"] if isinstance(b, int)]
    for c in m["cells"].values():
        for v in c["connections"].values():
            bits += [b for b in v if isinstance(b, int)]
    nb = max(bits + [1]) + 1
    driver, sinks, clock = analyse(m)
    over_before += over(m)[0]
    nbuf = 0
    for b in sorted(sinks):
        if b in clock or b not in driver: continue
        s = sinks[b]
        load = sum(x[3] for x in s)
        unseen = [x for x in s if not x[4]]
        has_macro = any(x[0] is not None and m["cells"][x[0]]["type"] in macros for x in s)
        if not (load > driver[b] or (has_macro and load > a.group)): continue
        keep = [x for x in s if x[4]]
        move = unseen
        if sum(x[3] for x in keep) > a.group:  # the standard cells too
            keep = [x for x in s if x[0] is None]
            move = [x for x in s if x[0] is not None]
        if not move: continue
        # leaves, then levels, until the root carries at most a.group
        level = [(x[3], x) for x in move]
        levels = 0
        while True:
            kept = sum(x[3] for x in keep)
            if kept + sum(c for c, _ in level) <= max(a.group, 0.0) and levels > 0: break
            if levels > 0 and len(level) == 1: break
            groups, cur, cc = [], [], 0.0
            for cap, x in level:
                if cur and (cc + cap > a.group or len(cur) >= a.fanout):
                    groups.append(cur); cur, cc = [], 0.0
                cur.append((cap, x)); cc += cap
            if cur: groups.append(cur)
            nlevel = []
            for g in groups:
                o = nb; nb += 1
                name = f"$synthbuf${nbuf_total + nbuf}"
                nbuf += 1
                m["cells"][name] = {"hide_name": 1, "type": a.buf, "parameters": {}, "attributes": {},
                                    "port_directions": {buf_in: "input", buf_out: "output"},
                                    "connections": {buf_in: ["PENDING"], buf_out: [o]}}
                E = edits.setdefault(mname, {"bufs": [], "pins": {}, "parent": {}, "leaf": {}})
                E["bufs"].append(name)
                if levels == 0 and b not in E["leaf"]: E["leaf"][b] = name
                for cap, x in g:
                    if isinstance(x, tuple):  # a sink pin
                        m["cells"][x[0]]["connections"][x[1]][x[2]] = o
                        E["pins"].setdefault((x[0], x[1]), {})[x[2]] = name
                    else:  # a buffer of the level below
                        m["cells"][x]["connections"][buf_in] = [o]
                        E["parent"][x] = name
                nlevel.append((buf_cap, name))
            level = nlevel
            levels += 1
        for _, name in level:
            m["cells"][name]["connections"][buf_in] = [b]
            # a root's input: the net b, named as a pin of its first leaf had it
            E["parent"][name] = ("net", E["leaf"][b])
        nets = [n for n, v in m["netnames"].items() if b in v["bits"] and not v.get("hide_name")]
        netname = nets[0] + (f"[{m['netnames'][nets[0]]['bits'].index(b)}]" if len(m["netnames"][nets[0]]["bits"]) > 1 else "") if nets else f"bit{b}"
        rep.append(f"{mname} {netname} load_pf={load:.3f} driver_max_pf={driver[b]:.3f} sinks={len(s)} moved={len(move)} levels={levels}")
        nets_total += 1
    if nbuf:
        # the new nets: one private wire per buffer output
        for cn, c in m["cells"].items():
            if cn.startswith("$synthbuf$"):
                m["netnames"][cn + "$y"] = {"hide_name": 1, "bits": c["connections"][buf_out], "attributes": {}}
    nbuf_total += nbuf
    o, oc = over(m)
    over_after += o; clk_over += oc

with open(a.report, "w") as f:
    for r in rep: f.write(r + "\n")
    f.write(f"buffer_nets={nets_total}\nbuffer_cells={nbuf_total}\nbuffer_cell={a.buf}\n"
            f"buffer_area_um2={nbuf_total * std_area.get(a.buf, 0):.1f}\n"
            f"nets_over_max_cap_before={over_before}\nnets_over_max_cap_after={over_after}\n"
            f"clock_nets_over_max_cap={clk_over}\n")


def bits_of(sig, width):
    """an RTLIL sigspec -> its bits, LSB first, each as an RTLIL sigspec"""
    toks = sig.replace("{", " ").replace("}", " ").split()
    chunks = []  # MSB-first chunks, each a list of LSB-first bits
    i = 0
    while i < len(toks):
        t = toks[i]
        mc = re.match(r"(\d+)'([01xzm-]*)$", t)
        if mc:
            chunks.append(["1'" + c for c in reversed(mc.group(2))]); i += 1; continue
        sel = toks[i + 1] if i + 1 < len(toks) and toks[i + 1].startswith("[") else None
        if sel:
            ms = re.match(r"\[(\d+)(?::(\d+))?\]$", sel)
            hi = int(ms.group(1)); lo = int(ms.group(2)) if ms.group(2) is not None else hi
            chunks.append([f"{t} [{k}]" for k in range(lo, hi + 1)]); i += 2
        else:
            w = width[t]
            chunks.append([t] if w == 1 else [f"{t} [{k}]" for k in range(w)]); i += 1
    out = []
    for c in reversed(chunks): out += c
    return out


lines = open(a.il).read().split("\n")
width = {}
for ln in lines:
    mw = re.match(r"\s*wire (.*?)(\S+)$", ln)
    if mw:
        mm = re.search(r"width (\d+)", mw.group(1))
        width[mw.group(2)] = int(mm.group(1)) if mm else 1
res, mod, cell, pinbits = [], None, None, {}
for ln in lines:
    mm = re.match(r"module (\S+)$", ln)
    if mm:
        mod = mm.group(1).lstrip("\\"); res.append(ln)
        E = edits.get(mod)
        if E:  # the buffers' output wires first (the rewired cells use them)
            for name in E["bufs"]: res.append(f"  wire {name}$y")
        continue
    mc = re.match(r"  cell (\S+) (\S+)$", ln)
    if mc: cell = mc.group(2)
    if ln == "  end": cell = None
    mp = re.match(r"    connect (\S+) (.*)$", ln)
    E = edits.get(mod)
    if E and cell is not None and mp:
        jc = cell.lstrip("\\") if cell.startswith("\\") else cell
        key = (jc, mp.group(1).lstrip("\\"))
        if key in E["pins"]:
            bl = bits_of(mp.group(2), width)
            for idx, name in E["pins"][key].items():
                pinbits.setdefault(name, bl[idx])  # the net before: a root's input
                bl[idx] = f"{name}$y"
            ln = f"    connect {mp.group(1)} " + ("{ " + " ".join(reversed(bl)) + " }" if len(bl) > 1 else bl[0])
    if ln == "end" and E:
        def src(name):
            p = E["parent"][name]
            return pinbits[p[1]] if isinstance(p, tuple) else f"{p}$y"
        for name in E["bufs"]:
            res += [f"  cell \\{a.buf} {name}", f"    connect \\{buf_in} {src(name)}",
                    f"    connect \\{buf_out} {name}$y", "  end"]
    res.append(ln)
open(a.out, "w").write("\n".join(res))
