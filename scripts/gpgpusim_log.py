#!/usr/bin/env python3
"""gpgpusim_log.py -- reads a GPGPU-Sim log (or `make sim ... --stats gpgpusim`
output) the way scripts written for GPGPU-Sim logs do: `name = value` lines,
`name[i]: Field = v, Field = v` lines, the [TYPE][STATUS] breakdowns.  One
dict per kernel block (a block starts at `kernel_name = `), plus the lines
after the last block (simulation rate).

  python3 scripts/gpgpusim_log.py LOG [NAME...]   prints NAME = value of the last block
"""
import re
import sys

KV = re.compile(r"^\s*([A-Za-z_]\w*(?:\[[\w]+\])*)\s*=\s*(.*?)\s*$")
PER = re.compile(r"^\s*([A-Za-z_]\w*\[\d+\]):\s*(.*)$")
NUM = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|^-?nan")


def value(s):
    m = NUM.match(s)
    if not m:
        return s
    t = m.group(0)
    if "nan" in t:
        return float("nan")
    return float(t) if any(c in t for c in ".eE") else int(t)


def parse(text):
    """[{name: value}] per kernel block; the trailing lines go into the last."""
    blocks, cur = [], {}
    for line in text.splitlines():
        m = PER.match(line)
        if m:
            for part in m.group(2).split(","):
                if "=" in part:
                    k, v = part.split("=", 1)
                    cur["%s.%s" % (m.group(1), k.strip())] = value(v.strip())
            continue
        m = KV.match(line)
        if not m:
            continue
        name, v = m.group(1), m.group(2)
        if name == "kernel_name":
            if cur:
                blocks.append(cur)
            cur = {}
        if name == "gpgpu_simulation_rate":  # printed twice: by unit
            unit = re.search(r"\((\w+)/sec\)", v)
            name += "_" + (unit.group(1) if unit else "?")
        cur[name] = value(v) if name not in ("kernel_name",) else v
    if cur:
        blocks.append(cur)
    # the lines after the last kernel block (gpgpu_simulation_*) belong to the run
    return blocks


def names(blocks):
    out = set()
    for b in blocks:
        out.update(b)
    return out


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    import os
    import stat
    if len(sys.argv) < 2:
        die("usage: gpgpusim_log.py LOG [NAME...]")
    path = sys.argv[1]
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # (a device: /dev/zero is an endless read)
            die(f"{path}: not a regular file (expected a GPGPU-Sim log)")
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as e:
        die(f"{path}: cannot read ({e.strerror})")
    bl = parse(text)
    last = bl[-1] if bl else {}
    for n in sys.argv[2:] or sorted(last):
        print("%s = %s" % (n, last.get(n)))
