#!/usr/bin/env python3
"""Checks fx2c's include graph against docs/ARCHITECTURE.md.

    python3 tools/check_layers.py [--root DIR] [--doc FILE]

The document's layer table (the rows of the table under "## Layers" whose second cell is a folder written as
`name/`) lists the folders in dependency order with the folders each may include. The check fails when
  - a row lets a folder include a folder listed after it or itself, or one the table does not list (a cycle or a
    dangling name in the document);
  - a source file (.c .h .y .l .def .in) in a listed folder includes, with #include "...", a file of another folder
    that its row does not allow;
  - a folder of the tree holds C sources but has no row (except tests/, bench/, examples/ and build folders, which
    may include anything);
  - an include names a file that does not exist (other than the generated parser.h and embedded_files).
It prints one line per violation (FILE:LINE: ...) and `layers: N passed, M failed`; exit status 1 on any violation.
"""
import argparse
import os
import re
import subprocess
import sys

SOURCE_EXT = (".c", ".h", ".y", ".l", ".def", ".in")
FREE = {"tests", "bench", "examples", "tools", "cmake", "docs"}  # not layers: they may include anything
GENERATED = {"parser.h", "embedded_files.c"}  # made at build time (bison; cmake/embed.cmake)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def parse_doc(path):
    """[(folder, [allowed folders])] in the table's order."""
    rows, in_layers = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                in_layers = line.strip() == "## Layers"
                continue
            if not in_layers or not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 3:
                continue
            m = re.fullmatch(r"`([a-z_]+)/`", cells[1])
            if not m:
                continue
            allowed = re.findall(r"`([a-z_]+)/`", cells[-1])
            rows.append((m.group(1), allowed))
    return rows


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                             check=True, capture_output=True, text=True).stdout
        return [p for p in out.splitlines() if os.path.exists(os.path.join(root, p))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, fs in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
            files += [os.path.relpath(os.path.join(d, f), root) for f in fs]
        return files


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(here))
    ap.add_argument("--doc", default=None, help="default: ROOT/docs/ARCHITECTURE.md")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    doc = a.doc or os.path.join(root, "docs", "ARCHITECTURE.md")
    problems, checked, bad = [], 0, 0
    if not os.path.exists(doc):
        print(f"{doc}: missing: the layer table is the reference of this check")
        print("layers: 0 passed, 1 failed")
        return 1
    rows = parse_doc(doc)
    if not rows:
        problems.append(f"{doc}: no layer table (a table under '## Layers' with `folder/` in its second column)")
    order = {}
    for i, (folder, allowed) in enumerate(rows):
        if folder in order:
            problems.append(f"{doc}: `{folder}/` has two rows")
        for dep in allowed:
            if dep not in order:
                where = "itself" if dep == folder else ("a later row" if dep in dict(rows) else "no row")
                problems.append(f"{doc}: `{folder}/` may include `{dep}/`, which is {where}: the table must list "
                                "folders in dependency order")
        order[folder] = i
    allowed_of = {f: set(al) for f, al in rows}
    for folder in order:
        if not os.path.isdir(os.path.join(root, folder)):
            problems.append(f"{doc}: `{folder}/` does not exist")

    for rel in sorted(tracked_files(root)):
        if not rel.endswith(SOURCE_EXT):
            continue
        top = rel.split("/", 1)[0] if "/" in rel else ""
        if top in FREE or top.startswith("build") or top.startswith("."):
            continue
        if top not in order:
            problems.append(f"{rel}: its folder `{top or '.'}/` has no row in {os.path.relpath(doc, root)}")
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for ln, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                inc = m.group(1)
                checked += 1
                cands = [os.path.normpath(os.path.join(os.path.dirname(rel), inc)), os.path.normpath(inc)]
                if inc.startswith("fxrt"):  # generated code (exe_main.c.in) has the runtime's headers beside it
                    cands.append(os.path.join("runtime", inc))
                target = next((c for c in cands if os.path.isfile(os.path.join(root, c))), None)
                if target is None:
                    if os.path.basename(inc) in GENERATED:
                        continue
                    bad += 1
                    problems.append(f"{rel}:{ln}: includes \"{inc}\", which is no file of the tree")
                    continue
                dep = target.split("/", 1)[0] if "/" in target else ""
                if dep == top:
                    continue
                if dep not in allowed_of[top]:
                    bad += 1
                    problems.append(f"{rel}:{ln}: `{top}/` includes {target}, but ARCHITECTURE.md does not let "
                                    f"`{top}/` include `{dep or '.'}/`")
    for p in problems:
        print(p)
    print(f"layers: {checked - bad} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
