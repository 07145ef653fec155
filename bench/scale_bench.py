#!/usr/bin/python3
"""How fx2c's compile time grows with graph size where graphs are pathological (issue 15: a compile-time cost that is
super-linear in a node's user count was a hang waiting to happen): for N in a doubling series, a graph whose one
input is read by N elementwise nodes (x + i), which a balanced tree of multiplications then combines (3N nodes in
all), compiled with `fx2c compile --emit graph` at -O0 (read, infer, plan) and at -O2 (every pass: elementwise fusion
retires the N users of x one by one). For each size: wall time, peak RSS, and the growth exponent from the size
before (log2 of the time ratio when N doubles: 1.0 is linear, 2.0 quadratic).

    /usr/bin/python3 bench/scale_bench.py [--sizes 25000,50000,100000,200000,400000] [--report bench/results/scale.md]
"""
import argparse
import math
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))


def users_graph(n):
    lines = ["graph():", f"    %x : [#users={n}] = placeholder[target=x]"]
    for i in range(n):
        lines.append(f"    %add_{i} : [#users=1] = call_function[target=operator.add](args = (%x, {i}.0), kwargs = {{}})")
    cur, k = [f"add_{i}" for i in range(n)], 0
    while len(cur) > 1:
        nxt = []
        for j in range(0, len(cur) - 1, 2):
            lines.append(f"    %mul_{k} : [#users=1] = call_function[target=operator.mul](args = (%{cur[j]}, "
                         f"%{cur[j + 1]}), kwargs = {{}})")
            nxt.append(f"mul_{k}")
            k += 1
        if len(cur) % 2:
            nxt.append(cur[-1])
        cur = nxt
    lines.append(f"    return {cur[0]}")
    return "\n".join(lines) + "\n"


def run(cmd):
    """Wall seconds and the child's peak RSS in MiB (of this run: measured through wait4)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    err = p.stderr.read().decode()
    p.stderr.close()
    if status != 0:
        sys.exit(f"scale_bench: {' '.join(cmd)} failed: {err[:300]}")
    return wall, ru.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fx2c", default=os.path.join(ROOT, "build", "fx2c"))
    ap.add_argument("--sizes", default="25000,50000,100000,200000,400000")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "scale_bench"))
    ap.add_argument("--report")
    o = ap.parse_args()
    os.makedirs(o.work, exist_ok=True)
    rows, prev = [], {}
    for n in [int(s) for s in o.sizes.split(",")]:
        path = os.path.join(o.work, f"users{n}.fx")
        with open(path, "w") as f:
            f.write(users_graph(n))
        row = [f"{n:,}", f"{3 * n:,}"]
        for level in ("-O0", "-O2"):
            wall, rss = run([o.fx2c, "compile", path, "--input", "x:f32[4]", "--emit", "graph", level, "-o", os.devnull])
            growth = ""
            if level in prev and prev[level][0] * 2 == n:
                growth = f"{math.log2(wall / prev[level][1]):.2f}"
            prev[level] = (n, wall)
            row += [f"{wall:.2f} s", f"{rss:.0f} MiB", growth]
        rows.append(row)
        print(" | ".join(row), flush=True)
    head = ("| users of x (N) | nodes | -O0 | -O0 peak RSS | -O0 growth | -O2 | -O2 peak RSS | -O2 growth |\n"
            "|---:|---:|---:|---:|---:|---:|---:|---:|")
    table = head + "\n" + "\n".join("| " + " | ".join(r) + " |" for r in rows)
    print(table)
    if o.report:
        with open(o.report, "w") as f:
            f.write("# Compile time against graph size (bench/scale_bench.py)\n\n"
                    f"{time.strftime('%Y-%m-%d')}, `{' '.join(sys.argv)}`, {os.cpu_count()} cores"
                    " (shared with other work: the times are indicative, the growth exponents are the point).\n\n"
                    + table + "\n")


if __name__ == "__main__":
    main()
