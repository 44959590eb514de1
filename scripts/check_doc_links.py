#!/usr/bin/env python3
"""check_doc_links.py [ROOT] -- the documentation's cross-references resolve.

Checks, from the repository root (default: the directory above this script):

1. every relative markdown link `[x](path)`, `[x](path#anchor)` and
   `[x](#anchor)` (images too) in README.md and docs/**/*.md names an
   existing file, and an anchor names a heading of that file by its
   GitHub-style slug (lower case; punctuation other than `-` and `_`
   dropped; blanks to `-`; a repeated heading gets `-1`, `-2`, ...);
   links inside code (fenced blocks, `inline`) are not links;
2. every plain-text mention `docs/<name>.md` (also `docs/<dir>/<name>.md`)
   in README.md, docs/, scripts/, tb/, csim/, rtl/, programs/ and the Makefile names
   an existing file; where the mention is followed on its line by a quoted
   section name (`docs/shell.md, "Memory side"`, `docs/l1d.md "Pipeline"`,
   `docs/shell.md ("Calibration"`), that file has a heading, or a paragraph or list
   item led by bold or italic text, that starts with the name or holds it
   as whole words (case, markup, punctuation and a section number such as
   "9a." ignored).

Prints one `FAIL doc links: <file>:<line>: <what>` line per problem and
exits 1, or prints `PASS doc links: N links, M mentions` and exits 0.
Standard library only.
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LINK_DOCS = ["README.md", "docs"]                       # markdown links checked here
MENTION_SRC = ["README.md", "docs", "scripts", "tb", "csim", "rtl", "programs", "Makefile"]
SKIP_DIRS = {".git", "build", "__pycache__", "node_modules"}
TEXT_EXT = {".md", ".in", ".sh", ".py", ".c", ".h", ".cpp", ".sv", ".svh", ".v", ".vlt",
            ".tcl", ".txt", ".tsv", ".cfg", ".def", ".list", ".sdc", ".mk", ".ys", ""}

fails = []


def fail(path, line, what):
    fails.append("FAIL doc links: %s:%d: %s" % (os.path.relpath(path, ROOT), line, what))


def walk(entries, want):
    """Files under the given repository entries for which want(path) holds."""
    for e in entries:
        p = os.path.join(ROOT, e)
        if os.path.isfile(p):
            if want(p):
                yield p
        elif os.path.isdir(p):
            for d, dirs, files in os.walk(p):
                dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
                for f in sorted(files):
                    q = os.path.join(d, f)
                    if want(q):
                        yield q


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


# ---- markdown structure ------------------------------------------------------

FENCE = re.compile(r"^\s*(```|~~~)")


def code_masked(text):
    """The text with fenced code blocks and inline code spans blanked (same
    line structure), so links inside code are not seen."""
    out, infence, marker = [], False, None
    for ln in text.split("\n"):
        m = FENCE.match(ln)
        if m and (not infence or ln.strip().startswith(marker)):
            infence, marker = (not infence), m.group(1)
            out.append("")
            continue
        if infence:
            out.append("")
            continue
        out.append(re.sub(r"(`+)(.+?)\1", lambda k: " " * len(k.group(0)), ln))
    return "\n".join(out)


def plain(s):
    """Heading text as GitHub renders it: links to their text, markup dropped."""
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"<[^>]+>", "", s)
    return s.replace("`", "").replace("*", "").strip()


def slug(s):
    s = plain(s).lower()
    s = re.sub(r"[^\w\- ]", "", s)          # \w: letters, digits, underscore (unicode)
    return s.replace(" ", "-")


_structure = {}


def structure(path):
    """(anchors, section names) of a markdown file: heading slugs, and the
    normalized texts of headings and of bold/italic paragraph or list leads."""
    if path in _structure:
        return _structure[path]
    anchors, names, seen = set(), [], {}
    for ln in code_masked_keep_headings(read(path)):
        m = re.match(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$", ln)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            anchors.add(base if n == 0 else "%s-%d" % (base, n))
            names.append(norm(m.group(2)))
            continue
        m = re.match(r"^\s*(?:[-*+]\s+|\d+\.\s+|\|\s*)?(\*\*|\*|__|_)(.+?)\1", ln)
        if m:
            names.append(norm(m.group(2)))
    _structure[path] = (anchors, names)
    return _structure[path]


def code_masked_keep_headings(text):
    """Lines outside fenced code blocks (inline code kept: headings hold it)."""
    out, infence, marker = [], False, None
    for ln in text.split("\n"):
        m = FENCE.match(ln)
        if m and (not infence or ln.strip().startswith(marker)):
            infence, marker = (not infence), m.group(1)
            continue
        if not infence:
            out.append(ln)
    return out


def norm(s):
    s = plain(s).lower()
    s = re.sub(r"^\s*\d+[a-z]?\.\s+", "", s)      # a section number: "9a. Functional coverage"
    s = re.sub(r"[^\w ]+", " ", s)
    return " ".join(s.split())


def names_section(names, want):
    """A name starts with the wanted words, or holds them as whole words."""
    return any(n.startswith(want) or (" %s " % want) in (" %s " % n) for n in names)


# ---- 1. markdown links --------------------------------------------------------

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
nlinks = 0
for md in walk(LINK_DOCS, lambda p: p.endswith(".md")):
    masked = code_masked(read(md))
    for i, ln in enumerate(masked.split("\n"), 1):
        for m in LINK.finditer(ln):
            target = m.group(1)
            if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue                        # http:, https:, mailto: ...
            nlinks += 1
            path, _, anchor = target.partition("#")
            dest = md if path == "" else os.path.normpath(os.path.join(os.path.dirname(md), path))
            if not os.path.exists(dest):
                fail(md, i, "link %s: no file %s" % (target, os.path.relpath(dest, ROOT)))
                continue
            if anchor:
                if not dest.endswith(".md") or os.path.isdir(dest):
                    fail(md, i, "link %s: an anchor into a file that is not markdown" % target)
                elif anchor not in structure(dest)[0]:
                    fail(md, i, "link %s: no heading of %s has the slug '%s'"
                         % (target, os.path.relpath(dest, ROOT), anchor))

# ---- 2. plain-text mentions ----------------------------------------------------

MENTION = re.compile(r"(?<![\w./-])docs/(?:[\w.-]+/)*[\w.-]+\.md\b")
SECTION = re.compile(r"^[ \t]*(?:,|:)?[ \t]*\(?[ \t]*\"([^\"\n]+)\"")
nment = 0


def text_file(p):
    b = os.path.basename(p)
    return b == "Makefile" or os.path.splitext(b)[1] in TEXT_EXT


for src in walk(MENTION_SRC, text_file):
    try:
        text = read(src)
    except OSError:
        continue
    if "\0" in text:
        continue
    for i, ln in enumerate(text.split("\n"), 1):
        for m in MENTION.finditer(ln):
            nment += 1
            rel = m.group(0)
            dest = os.path.join(ROOT, rel)
            if not os.path.isfile(dest):
                fail(src, i, "mention %s: no such file" % rel)
                continue
            s = SECTION.match(ln[m.end():])
            if s:
                want = norm(s.group(1))
                if want and not names_section(structure(dest)[1], want):
                    fail(src, i, "mention %s, \"%s\": no heading or lead of that name in %s"
                         % (rel, s.group(1), rel))

if fails:
    for f in fails:
        print(f)
    sys.exit(1)
print("PASS doc links: %d links, %d mentions" % (nlinks, nment))
