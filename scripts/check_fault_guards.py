#!/usr/bin/env python3
"""check_fault_guards.py -- no code outside csim/ runs a C fault's guard unseen.

A C fault (FAULT_C=<DEFINE>, scripts/lockstep.sh) recompiles csim/ with the
define and links the testbench (tb/, programs/) as built without it.  A
fault guard (#ifdef / #ifndef / #if ... FAULT_...) inside a `static inline`
function of a csim/ header is therefore compiled twice: with the fault in the
csim/ objects, without it in every tb/ or programs/ file that calls the
function, so a fault that lives on such a path goes unseen (FAULT_L1D_REP_NOCNT
did: tb/blocks/l1d_ls.c called l1d_commit inline).

This check finds every header-inline function whose body holds a FAULT_
guard, and every header-inline function that calls one (to a fixed point),
and fails when the lockstep harness's own C (tb/blocks/, tb/engine/: linked
into every FAULT_C build) calls any of them.  A call that only picks stimulus
or counts coverage (the fault need not act there) says so on its line with
`fault-guard-ok: <why>`.  tb/tests/ and programs/ are not FAULT_C builds (a
directed test is built whole with the define).  One line per finding,
`error: FILE:LINE: ...`, exit 1; `ok: ...` and exit 0 otherwise.

  scripts/check_fault_guards.py [ROOT]     (make lint)
"""
import os, re, sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DEF = re.compile(r"static\s+inline\s+[\w\s\*]*?\b(\w+)\s*\(([^;{]*)\)\s*\{", re.S)
GUARD = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif)\b.*\bFAULT_\w+", re.M)


def strip_comments(s):
    # keep line structure (for line numbers): comments become blanks
    s = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def inline_bodies(text):
    """{name: body} of the static inline functions defined in a header."""
    out = {}
    for m in DEF.finditer(text):
        i, depth = m.end(), 1
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out[m.group(1)] = text[m.end():i]
    return out


def main():
    bodies, home = {}, {}
    for d, _, fs in os.walk(os.path.join(ROOT, "csim")):
        for f in sorted(fs):
            if f.endswith(".h"):
                p = os.path.join(d, f)
                for name, body in inline_bodies(strip_comments(open(p).read())).items():
                    bodies[name], home[name] = body, os.path.relpath(p, ROOT)
    guarded = {n for n, b in bodies.items() if GUARD.search(b)}
    while True:  # an inline function calling a guarded one carries its guard
        more = {n for n, b in bodies.items() if n not in guarded
                and any(re.search(r"\b%s\s*\(" % g, b) for g in guarded)}
        if not more:
            break
        guarded |= more
    bad = []
    for top in ("tb/blocks", "tb/engine"):
        for d, _, fs in os.walk(os.path.join(ROOT, top)):
            for f in sorted(fs):
                if not f.endswith((".c", ".h")):
                    continue
                p = os.path.join(d, f)
                raw = open(p, errors="replace").read()
                text, lines = strip_comments(raw), raw.split("\n")
                for g in sorted(guarded):
                    for m in re.finditer(r"\b%s\s*\(" % g, text):
                        ln = text.count("\n", 0, m.start()) + 1
                        if re.search(r"fault-guard-ok:\s*\S", lines[ln - 1]):
                            continue
                        bad.append("error: %s:%d: calls %s, an inline function of %s that holds a FAULT_ guard "
                                   "(or calls one): a C fault build (FAULT_C) compiles csim/ alone, so here it would "
                                   "run without the fault; expected a call to a function compiled in csim/*.c (or, where the call only picks stimulus or "
                                   "counts coverage, `fault-guard-ok: <why>` on its line)"
                                   % (os.path.relpath(p, ROOT), ln, g, home[g]))
    for b in bad:
        print(b)
    if bad:
        sys.exit(1)
    print("ok: %d header-inline functions hold or reach a FAULT_ guard (%s); tb/blocks and tb/engine call none "
          "but where marked fault-guard-ok"
          % (len(guarded), " ".join(sorted(guarded))))


if __name__ == "__main__":
    main()
