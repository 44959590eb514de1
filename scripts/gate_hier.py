#!/usr/bin/env python3
"""gate_hier.py NETLIST VARS OUT [--map=MAP] MACROLIB... -- the state of a flattened
netlist under its RTL hierarchy names (scripts/gate_harness.sh, GATE=1).

Yosys flattened the block: a register of a sub-instance is a netlist wire
named "\\i_node.i_cb.wptr_q ", an SRAM macro an instance
"sram_8x41_m1_comb \\gen_node[0].i_node.i_cb.i_mem ".  The engine reads
state by its RTL path (TOP.ls_top.dut.gen_node[0].i_node.i_cb.wptr_q), so
this rebuilds the hierarchy, any depth:
  - one shadow module per instance path prefix; a register of that prefix is
    an input port of its RTL name, driven by the netlist wire; an unpacked
    array the netlist split into one wire per element ("\\tag_q[3] ") is
    rebuilt as an array wire of the RTL's name (only when every element is
    in the netlist: an element synthesis removed has no value to read);
  - each SRAM macro instance moves into the shadow of its prefix (its pins
    passed through the shadows' ports), so its behavioural model
    (gate_macros.v: mem_1r1w / mem_1r1w_sync itself at the macro's shape)
    holds the array under the RTL's path (..i_cb.i_mem.mem_q);
  - registers and arrays of the top level stay in place (arrays rebuilt).
VARS: the state map's register names (space separated).  MAP: the engine's
--print-map; the state-map registers the netlist has no wire of (synthesis
removed them: constant under the mode ties, or unobservable) go to
OUT.absent, one RTL path a line, which the engine leaves out of the
comparison (tb/engine/ls_bind.c, LS_GATE_ABSENT) and names in its output.
--stdlib=LIB (the standard cells' Liberty: their output pins) with MAP: the
bits of a state-map register the netlist keeps as a wire but drives from
nothing (synthesis removed those flip-flops: bits no output depends on,
such as a stored address's line offset) go to OUT.absentbits, one
"RTLPATH ELEMENT BITS" a line (BITS: "lo-hi,..."), which the engine masks
out of that register's comparison (LS_GATE_BITS).  MACROLIB: the macro
Liberty files of the run (pin directions and widths).
"""
import os
import re
import sys


def die(msg):
    sys.stderr.write("error: %s\n" % msg)
    sys.exit(2)


def esc(seg):
    return seg if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", seg) else "\\" + seg + " "


def macro_pins(libs):
    """cell name -> [(pin, dir, width)] from the macro Liberty files"""
    cells = {}
    for lf in libs:
        types, cell, pins = {}, None, []
        for line in open(lf):
            m = re.search(r"type \((\w+)\).*bit_width : (\d+)", line)
            if m:
                types[m.group(1)] = int(m.group(2))
            m = re.match(r"  cell \((\w+)\)", line)
            if m:
                cell = m.group(1)
            m = re.match(r"    (pin|bus) \((\w+)\)", line)
            if m:
                w = 1
                if m.group(1) == "bus":
                    w = types[re.search(r"bus_type : (\w+)", line).group(1)]
                pins.append((m.group(2), "output" if "direction : output" in line else "input", w))
        if cell:
            cells[cell] = pins
    return cells


def std_outputs(lib):
    """standard cell -> set of its output pins, from the Liberty file"""
    outs, cell, pin = {}, None, None
    for line in open(lib):
        m = re.match(r"\s*cell\s*\(\s*\"?(\w+)\"?\s*\)", line)
        if m:
            cell, pin = m.group(1), None
            outs.setdefault(cell, set())
            continue
        m = re.match(r"\s*pin\s*\(\s*\"?(\w+)\"?\s*\)", line)
        if m:
            pin = m.group(1)
            continue
        if cell and pin and re.match(r"\s*direction\s*:\s*output", line):
            outs[cell].add(pin)
    return outs


TOK = re.compile(r"\s*(\\\S+ (?:\[\d+(?::\d+)?\])?|[A-Za-z_][\w$]*(?:\[\d+(?::\d+)?\])?|\d+'[bhdo][0-9a-fA-FxXzZ_]+|[{},])")


def const_bits(tok):
    """a sized constant -> its bits, MSB first ('0', '1' or 'x')"""
    n, rest = tok.split("'", 1)
    n, base, dig = int(n), rest[0], rest[1:].replace("_", "")
    if base == "d":
        v = bin(int(dig))[2:] if dig.isdigit() else "x" * n
    else:
        per = {"b": 1, "o": 3, "h": 4}[base]
        v = "".join(("x" * per) if c in "xXzZ" else bin(int(c, 16 if per == 4 else 8 if per == 3 else 2))[2:].zfill(per)
                    for c in dig)
    v = v[-n:] if len(v) >= n else ("x" if v[:1] == "x" else "0") * (n - len(v)) + v
    return list(v)


def expr_bits(e, widths):
    """a netlist expression (names, selects, constants, concatenations) ->
    its bits MSB first, each (name, index) or '0' / '1' / 'x'; None when the
    expression has another form"""
    bits, pos, e = [], 0, e.strip() + " "  # (an escaped name ends in a space)
    while e[pos:].strip():
        m = TOK.match(e, pos)
        if not m:
            return None
        t, pos = m.group(1), m.end()
        if t in "{},":
            continue
        if t[0].isdigit():
            bits += const_bits(t)
            continue
        sm = re.match(r"(\\\S+ |[A-Za-z_][\w$]*)(?:\[(\d+)(?::(\d+))?\])?$", t)
        name = sm.group(1).strip().lstrip("\\")
        if sm.group(2) is None:
            if name not in widths:
                return None
            hi, lo = widths[name]
        else:
            hi = int(sm.group(2))
            lo = int(sm.group(3)) if sm.group(3) is not None else hi
        step = -1 if hi >= lo else 1
        bits += [(name, k) for k in range(hi, lo + step, step)]
    return bits


def undriven_bits(lines, stdouts, macro_cells):
    """(name -> (msb, lsb), is_driven(name, bit)): a bit is driven by a cell's
    or macro's output pin, an input port, a 0/1 constant, or an assign from a
    driven bit; an unparsed connection counts as driven (never masked)"""
    decl = re.compile(r"^  (wire|reg|output|input) (?:\[(\d+):(\d+)\] )?(\\\S+ |[A-Za-z_]\w*) ?;")
    inst = re.compile(r"^  (\w+) (\\\S+|[A-Za-z_]\w*) \($")
    conn = re.compile(r"^\s*\.(\w+)\((.*)\),?$")
    widths, driven, alias, whole = {}, set(), {}, set()
    for ln in lines:
        m = decl.match(ln)
        if m:
            name = m.group(4).strip().lstrip("\\")
            widths[name] = (int(m.group(2)), int(m.group(3))) if m.group(2) else (0, 0)
            if m.group(1) == "input":
                whole.add(name)
    cell = None
    for ln in lines:
        if cell is None:
            m = inst.match(ln)
            if m:
                cell = m.group(1)
                continue
            if ln.startswith("  assign "):
                lhs, _, rhs = ln[len("  assign "):].rstrip(";").partition(" = ")
                lb, rb = expr_bits(lhs, widths), expr_bits(rhs, widths)
                if lb is None or rb is None or len(lb) != len(rb):
                    for b in lb or []:
                        if isinstance(b, tuple):
                            driven.add(b)
                    if lb is None:
                        whole.add(lhs.strip().lstrip("\\").split(" ")[0])
                    continue
                for lbit, rbit in zip(lb, rb):
                    if isinstance(lbit, tuple):
                        alias[lbit] = rbit
            continue
        if ln.startswith("  );"):
            cell = None
            continue
        m = conn.match(ln)
        if not m:
            continue
        outs = stdouts.get(cell)
        if outs is None:
            outs = {p for p, d, w in macro_cells.get(cell, []) if d == "output"}
        if m.group(1) in outs:
            for b in expr_bits(m.group(2), widths) or []:
                if isinstance(b, tuple):
                    driven.add(b)
    memo = {}

    def is_driven(name, k):
        b, seen = (name, k), []
        while True:
            if b in memo:
                r = memo[b]
                break
            if not isinstance(b, tuple):
                r = b in "01"
                break
            if b in driven or b[0] in whole:
                r = True
                break
            if b not in alias or b in seen:
                r = False
                break
            seen.append(b)
            b = alias[b]
        for x in seen:
            memo[x] = r
        return r
    return widths, is_driven


def ranges(ks):
    out, ks = [], sorted(ks)
    for k in ks:
        if out and out[-1][1] == k - 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return ",".join("%d-%d" % (a, b) if a != b else "%d" % a for a, b in out)


def main():
    if len(sys.argv) < 4:
        die("usage: gate_hier.py NETLIST VARS OUT [MACROLIB...]")
    net, varlist, out = sys.argv[1], set(sys.argv[2].split()), sys.argv[3]
    mapfile, stdlib = None, None
    libs = sys.argv[4:]
    while libs and libs[0].startswith("--"):
        if libs[0].startswith("--map="):
            mapfile = libs[0][len("--map="):]
        elif libs[0].startswith("--stdlib="):
            stdlib = libs[0][len("--stdlib="):]
        else:
            die("gate_hier.py: unknown option %s" % libs[0])
        libs = libs[1:]
    cells = macro_pins(libs)
    # FSMs Yosys re-encoded (fsm_recode, e.g. one-hot): the register keeps
    # its RTL name with the new code's width; decoded back to the RTL's
    # encoding below, from the mapping yosys.log prints ("00 -> --1")
    fsm = {}
    ylog = os.path.join(os.path.dirname(net), "yosys.log")
    if os.path.exists(ylog):
        cur = None
        for line in open(ylog):
            m = re.match(r"Recoding FSM `\$fsm\$\\?(\S+?)\$\d+' ", line)
            if m:
                cur = m.group(1)
                fsm[cur] = []
                continue
            m = re.match(r"  ([01]+) -> ([01-]+)$", line)
            if cur and m:
                fsm[cur].append((m.group(1), m.group(2)))
            elif cur and not line.startswith("  mapping"):
                cur = None
    lines = open(net).read().split("\n")
    decl = re.compile(r"^  (wire|reg|output|input) (?:\[(\d+):(\d+)\] )?(\\\S+ |[A-Za-z_]\w*) ?;")
    inst = re.compile(r"^  (\w+) (\\\S+|[A-Za-z_]\w*) \($")
    regs = {}      # prefix tuple -> {base: {idx tuple or (): width}}
    macros = {}    # prefix tuple -> [(name, cell, {pin: expr})]
    body, last = [], None
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = inst.match(ln)
        if m and m.group(1) in cells:
            name = m.group(2).strip().lstrip("\\")
            conns, j = {}, i + 1
            while not lines[j].startswith("  );"):
                c = re.match(r"^\s*\.(\w+)\((.*)\),?$", lines[j])
                if not c:
                    die("%s:%d: macro pin connection not on one line" % (net, j + 1))
                conns[c.group(1)] = c.group(2)
                j += 1
            segs = name.split(".")
            if len(segs) > 1:
                macros.setdefault(tuple(segs[:-1]), []).append((segs[-1], m.group(1), conns))
                i = j + 1
                continue
        m = decl.match(ln)
        if m:
            name = m.group(4).strip().lstrip("\\")
            w = int(m.group(2)) + 1 if m.group(2) else 1
            segs = name.split(".")
            lastseg = segs[-1]
            base = re.sub(r"\[.*", "", lastseg)
            if base in varlist:
                idx = tuple(int(x) for x in re.findall(r"\[(\d+)\]", lastseg[len(base):]))
                if lastseg[len(base):] == "".join("[%d]" % x for x in idx):
                    regs.setdefault(tuple(segs[:-1]), {}).setdefault(base, {})[idx] = (w, m.group(4))
        if ln.startswith("endmodule") and last is None:
            last = len(body)
        body.append(ln)
        i += 1
    if last is None:
        die("%s: no endmodule" % net)

    fsm_add = []
    for name, maps in sorted(fsm.items()):
        segs = name.split(".")
        pre, base = tuple(segs[:-1]), segs[-1]
        ent = regs.get(pre, {}).get(base, {})
        if () not in ent or not maps:
            continue
        w, wn = ent[()]
        ow = len(maps[0][0])
        dn = "\\%s__rtl_enc " % name
        terms = []
        for old, new in maps:
            conds = ["%s%s[%d]" % ("" if c == "1" else "~", wn.strip() + " " if wn.startswith("\\") else wn, w - 1 - i)
                     for i, c in enumerate(new) if c != "-"]
            terms.append("({%d{%s}} & %d'b%s)" % (ow, " & ".join(conds) or "1'b1", ow, old))
        fsm_add.append("  // %s: re-encoded by Yosys' fsm pass (%s); decoded to the RTL's %d-bit encoding" % (
            name, ", ".join("%s -> %s" % x for x in maps), ow))
        fsm_add.append("  wire [%d:0] %s;" % (ow - 1, dn))
        fsm_add.append("  assign %s = %s;" % (dn, " | ".join(terms)))
        if pre:
            ent[()] = (ow, dn)
        else:
            # a top-level register: the netlist's wire is renamed NAME__fsm,
            # and NAME becomes the decoded wire the engine reads
            pat = re.compile(r"(?<![\w\\.$])%s(?![\w.])" % re.escape(base))
            for k in range(len(body)):
                body[k] = pat.sub(base + "__fsm", body[k])
            fsm_add[-2] = "  wire [%d:0] %s;" % (ow - 1, base)
            fsm_add[-1] = fsm_add[-1].replace(dn, base).replace(base + "[", base + "__fsm[").replace(base + " [", base + "__fsm[")

    def arrays(prefix, direct):
        """lines rebuilding the split unpacked arrays of one prefix; direct:
        a name -> expression of the element (top: the netlist wire; shadow: its port)"""
        out_l = []
        for base, els in sorted(regs.get(prefix, {}).items()):
            if () in els:
                continue
            dims = {len(k) for k in els}
            widths = {v[0] for v in els.values()}
            if len(dims) != 1 or len(widths) != 1 or dims.pop() > 2:
                continue
            nd = len(next(iter(els)))
            n0 = max(k[0] for k in els) + 1
            n1 = max(k[1] for k in els) + 1 if nd == 2 else 1
            want = [(a,) if nd == 1 else (a, b) for a in range(n0) for b in range(n1)]
            want = list(dict.fromkeys(want))
            if any(k not in els for k in want):
                continue
            w = widths.pop()
            out_l.append("  // unpacked register array %s, rebuilt from its per-element netlist wires" % base)
            out_l.append("  wire [%d:0] %s [%d]%s;" % (w - 1, base, n0, "[%d]" % n1 if nd == 2 else ""))
            for k in want:
                out_l.append("  assign %s%s = %s;" % (base, "".join("[%d]" % x for x in k), direct(base, k, els[k][1])))
        return out_l

    # the prefix tree
    prefixes = set(p for p in list(regs) + list(macros) if p)
    allp = set()
    for p in prefixes:
        for n in range(1, len(p) + 1):
            allp.add(p[:n])
    items = {}   # prefix -> [(portname, dir, width, top expression)] of its whole subtree
    mods = []
    nport = [0]

    def build(p):
        """returns this shadow's port list [(port, dir, width, top expr)]"""
        ports, lines_m, inner = [], [], []
        for base, els in sorted(regs.get(p, {}).items()):
            if () in els:
                w, wn = els[()]
                ports.append((base, "input", w, wn))
            else:
                for k, (w, wn) in sorted(els.items()):
                    pn = "%s__e%s" % (base, "_".join(str(x) for x in k))
                    ports.append((pn, "input", w, wn))
        lines_m += arrays(p, lambda base, k, wn: "%s__e%s" % (base, "_".join(str(x) for x in k)))
        for (mname, cell, conns) in macros.get(p, []):
            cl = []
            for pin, d, w in cells[cell]:
                if pin not in conns:
                    continue
                nport[0] += 1
                pn = "m%d" % nport[0]
                ports.append((pn, d, w, conns[pin]))
                cl.append(".%s(%s)" % (pin, pn))
            inner.append("  %s %s (%s);" % (cell, esc(mname), ", ".join(cl)))
        for c in sorted(x for x in allp if len(x) == len(p) + 1 and x[:len(p)] == p):
            cp = build(c)
            cl = []
            for pn, d, w, expr in cp:
                nport[0] += 1
                mine = "s%d" % nport[0]
                ports.append((mine, d, w, expr))
                cl.append(".%s(%s)" % (esc(pn).strip() if not pn.startswith("\\") else pn, mine))
            inner.append("  gate_shadow_%s %s (%s);" % (modname(c), esc(c[-1]), ", ".join(cl)))
        mods.append("// shadow of the flattened sub-instance %s: its registers and macros under their RTL path\n"
                    "module gate_shadow_%s (%s);\n%s\nendmodule" % (
                        ".".join(p), modname(p),
                        ", ".join("%s [%d:0] %s" % (d, w - 1, pn) for pn, d, w, _ in ports),
                        "\n".join(lines_m + inner)))
        return ports

    def modname(p):
        return re.sub(r"[^A-Za-z0-9_]", "_", "__".join(p))

    top_add = fsm_add + arrays((), lambda base, k, wn: wn)
    for c in sorted(x for x in allp if len(x) == 1):
        cp = build(c)
        top_add.append("  gate_shadow_%s %s (%s);" % (modname(c), esc(c[0]),
                       ", ".join(".%s(%s)" % (pn, expr) for pn, d, w, expr in cp)))
    # state-map registers the netlist has no wire of (removed by synthesis):
    # listed for the engine, which leaves them out of the comparison
    if mapfile:
        mac = set()
        for pre, ms in macros.items():
            for (mname, cell, conns) in ms:
                mac.add(pre + (mname,))
        topm = set(m.group(2) for m in (inst.match(x) for x in body) if m and m.group(1) in cells)
        with open(out + ".absent", "w") as f:
            for ln in open(mapfile):
                fs = ln.split()
                if len(fs) != 3 or not fs[0].startswith("TOP.ls_top.dut."):
                    continue
                segs = fs[0][len("TOP.ls_top.dut."):].split(".")
                pre, base = tuple(segs[:-1]), segs[-1]
                if any(pre[:n] in mac for n in range(1, len(pre) + 1)) or (pre and pre[0] in topm):
                    continue
                if base not in regs.get(pre, {}):
                    f.write(fs[0] + "\n")
    if mapfile and stdlib:
        widths, is_driven = undriven_bits(lines, std_outputs(stdlib), cells)
        with open(out + ".absentbits", "w") as f:
            for pre, bases in sorted(regs.items()):
                for base, els in sorted(bases.items()):
                    if base in fsm or ".".join(pre + (base,)) in fsm:
                        continue
                    n1 = max((k[1] for k in els if len(k) == 2), default=-1) + 1
                    for k, (w, wn) in sorted(els.items()):
                        name = wn.strip().lstrip("\\")
                        if name not in widths:
                            continue
                        hi, lo = widths[name]
                        miss = [b - lo for b in range(lo, hi + 1) if not is_driven(name, b)]
                        if not miss:
                            continue
                        elem = 0 if not k else k[0] if len(k) == 1 else k[0] * n1 + k[1]
                        f.write("TOP.ls_top.dut.%s %d %s\n" % (".".join(pre + (base,)), elem, ranges(miss)))
    with open(out, "w") as f:
        f.write("\n".join(body[:last] + top_add + body[last:]))
        f.write("\n" + "\n".join(mods) + "\n")


main()
