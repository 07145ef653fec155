#!/usr/bin/env python3
"""docs_links.py: the links of README.md and docs/*.md (the docs_links ctest).

Every relative link resolves to a file of the repository, and a link's #anchor to a heading of that file (GitHub's
slugs); the user-facing guides link each other: README.md links every guide and the contract, and each of guide.md,
cli.md, cmake.md and firmware.md links the README and the other three.
    tools/docs_links.py [ROOT]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(text):
    """The text outside fenced blocks, indented code lines and `code spans`."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    "):
            continue
        out.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def slugs(path):
    """GitHub's anchors for the headings of a markdown file."""
    seen, out = {}, set()
    with open(path, encoding="utf-8") as f:
        fenced = False
        for line in f:
            if line.lstrip().startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"#{1,6} (.*)", line)
            if not m:
                continue
            s = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


errors = []
files = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))
targets = {}
for rel in files:
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8") as f:
        text = prose(f.read())
    targets[rel] = set()
    for m in LINK.finditer(text):
        link = m.group(1)
        if re.match(r"[a-z]+:", link):
            continue
        file, _, anchor = link.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(dest):
            errors.append("%s: the link '%s' leads nowhere" % (rel, link))
            continue
        targets[rel].add(os.path.relpath(dest, root))
        if anchor and dest.endswith(".md") and anchor not in slugs(dest):
            errors.append("%s: the link '%s': %s has no heading '#%s'" % (rel, link, os.path.relpath(dest, root), anchor))

guides = ["docs/guide.md", "docs/cli.md", "docs/cmake.md", "docs/firmware.md"]
for want in guides + ["docs/contract.md"]:
    if want not in targets["README.md"]:
        errors.append("README.md does not link %s" % want)
for g in guides:
    for want in ["README.md"] + [h for h in guides if h != g]:
        if want not in targets.get(g, ()):
            errors.append("%s does not link %s" % (g, want))
for e in errors:
    print(e)
sys.exit(1 if errors else 0)
