#!/usr/bin/env python3
"""rc2spef.py RC NETLIST SPEF -- qrouter's routed-net RC trees as SPEF.

qrouter (-d FILE, qflow's router.sh: <top>.rc) writes one line per routed
net: the net, a count, its driver pin, its sink count, then the net's wire
as a tree of segments, each "( R C items )" -- R ohms from the parent node to
a new node, C pF at that node -- whose items, separated by ",", are sink pins
("INST/PIN", or "PIN/port" for a top-level port) attached at that node and
further segments.  qflow's own rc2dly turns these into SDF INTERCONNECT
delays only, so OpenSTA, reading that SDF, still computes each driver's
delay with its pins' load and no wire (docs/synthesis.md, "Place and
route").  Written as SPEF (IEEE 1481 D_NETs: every segment a resistor and a
node capacitance), OpenSTA's read_spef loads each driver with its routed
net and computes the wire delay itself.

Net names: qrouter writes the names as qflow's BLIF has them, its Verilog
netlist (<top>.rtlnopwr.v) writes "$" as "_" and an internal bus bit
"x[2]" as "x_2_" (ports keep their brackets); the SPEF takes the
netlist's name, and a net the netlist does not name is an error (exit 1).  Ports are *P entries,
instance pins *I (the delimiter ":"); a pin's direction comes from the
netlist's port declarations and the driver position (the driver is the
output of its cell or an input port).
Exit: 0 written, 1 a net or pin the netlist does not have, 2 bad input.
"""
import re
import sys
import time


def die(msg, code=2):
    sys.stderr.write("error: %s\n" % msg)
    sys.exit(code)


def tokens(line):
    return line.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").split()


def parse_net(toks, where):
    """(name, driver, [(parent, node, R, C)], {node: [pins]}) of one line."""
    if len(toks) < 4:
        die("%s: expected 'net count driver sinks tree', got %d fields" % (where, len(toks)))
    name, driver = toks[0], toks[2]
    segs, pins = [], {0: []}
    pos = 4
    nxt = [1]

    def items(parent):
        nonlocal pos
        while pos < len(toks):
            t = toks[pos]
            if t == ",":
                pos += 1
                continue
            if t == ")":
                return
            if t == "(":
                pos += 1
                try:
                    r, c = float(toks[pos]), float(toks[pos + 1])
                except (IndexError, ValueError):
                    die("%s: a segment without its R and C at field %d" % (where, pos + 1))
                pos += 2
                node = nxt[0]
                nxt[0] += 1
                segs.append((parent, node, r, c))
                pins[node] = []
                items(node)
                if pos >= len(toks) or toks[pos] != ")":
                    die("%s: unbalanced parentheses" % where)
                pos += 1
            else:
                pins[parent].append(t)
                pos += 1

    items(0)
    if pos != len(toks):
        die("%s: unexpected ')' at field %d" % (where, pos + 1))
    return name, driver, segs, pins


def netlist_ports(path):
    """{port bit name: 'I'|'O'} and the set of net names of a flat netlist."""
    ports, nets = {}, set()
    try:
        text = open(path).read()
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    for m in re.finditer(r"^\s*(input|output|inout|wire)\s*(\[(\d+):(\d+)\])?\s*([^;]+);", text, re.M):
        kind, rng = m.group(1), m.group(2)
        for n in m.group(5).split(","):
            n = n.strip().split("=")[0].strip()
            if not n:
                continue
            bits = [n]
            if rng:
                hi, lo = int(m.group(3)), int(m.group(4))
                bits = ["%s[%d]" % (n, b) for b in range(min(hi, lo), max(hi, lo) + 1)]
            for b in bits:
                nets.add(b)
                if kind != "wire":
                    ports[b] = "I" if kind == "input" else "O" if kind == "output" else "B"
    for m in re.finditer(r"\.\w+\(\s*([^()\s]+)\s*\)", text):  # the nets instances connect (implicit wires)
        nets.add(m.group(1))
    return ports, nets


def main():
    if len(sys.argv) != 4:
        die("usage: rc2spef.py RC NETLIST SPEF")
    rc, netlist, out = sys.argv[1:]
    ports, nets = netlist_ports(netlist)
    design = re.search(r"^\s*module\s+(\S+)", open(netlist).read(), re.M)
    design = design.group(1) if design else "top"
    try:
        lines = open(rc).read().splitlines()
    except OSError as e:
        die("%s: %s" % (rc, e.strerror))
    o = []
    o.append('*SPEF "IEEE 1481-1998"')
    o.append('*DESIGN "%s"' % design)
    o.append('*DATE "%s"' % time.strftime("%a %b %d %H:%M:%S %Y", time.gmtime(0)))
    o.append('*VENDOR "l1sys"')
    o.append('*PROGRAM "scripts/rc2spef.py"')
    o.append('*VERSION "1"')
    o.append('*DESIGN_FLOW "PIN_CAP NONE" "NAME_SCOPE LOCAL"')
    o.append("*DIVIDER /")
    o.append("*DELIMITER :")
    o.append("*BUS_DELIMITER [ ]")
    o.append("*T_UNIT 1 PS")
    o.append("*C_UNIT 1 PF")
    o.append("*R_UNIT 1 OHM")
    o.append("*L_UNIT 1 HENRY")
    o.append("")
    missing = []
    n_nets = 0
    for ln, line in enumerate(lines, 1):
        toks = tokens(line)
        if not toks:
            continue
        name, driver, segs, pins = parse_net(toks, "%s:%d" % (rc, ln))
        net = next((n for n in (name, name.replace("$", "_"), re.sub(r"[$\[\]]", "_", name)) if n in nets), None)
        if net is None:
            missing.append(name)
            continue

        def pin(p, drv):
            if p.startswith("PIN/"):
                port = p[4:]
                if port not in ports:
                    missing.append(port)
                return ("*P %s %s" % (port, ports.get(port, "B")), port)
            inst, _, pn = p.rpartition("/")
            return ("*I %s:%s %s" % (inst, pn, "O" if drv else "I"), "%s:%s" % (inst, pn))

        conn, at = [], {}
        d_line, d_name = pin(driver, True)
        conn.append(d_line)
        at[0] = d_name
        for node, ps in pins.items():
            for p in ps:
                line_, pname = pin(p, False)
                conn.append(line_)
                if node in at:  # a second pin at one node: a zero-ohm link
                    segs.append((node, "pin:" + pname, 0.0, 0.0))
                else:
                    at[node] = pname

        def nm(node):
            if isinstance(node, str):
                return node[4:]
            return at.get(node, "%s:%d" % (net, node))

        total = sum(s[3] for s in segs)
        o.append("*D_NET %s %.6g" % (net, total))
        o.append("*CONN")
        o.extend(conn)
        o.append("*CAP")
        k = 0
        for _, node, _, c in segs:
            if c > 0:
                k += 1
                o.append("%d %s %.6g" % (k, nm(node), c))
        o.append("*RES")
        k = 0
        for parent, node, r, _ in segs:
            k += 1
            o.append("%d %s %s %.6g" % (k, nm(parent), nm(node), r if r > 0 else 1e-3))
        o.append("*END")
        o.append("")
        n_nets += 1
    if missing:
        die("%s: %d name(s) not in %s (first: %s)" % (rc, len(missing), netlist, missing[0]), 1)
    with open(out, "w") as f:
        f.write("\n".join(o) + "\n")
    print("rc2spef: %d nets -> %s" % (n_nets, out))


if __name__ == "__main__":
    main()
