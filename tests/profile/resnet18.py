#!/usr/bin/python3
"""The profiler, the trace and the dumps on a real model (issue 13, point 5): torchvision's resnet18 (BatchNorm
statistics randomized), exported with PyTorch's per-node results (tools/fx2c-export --dump) and compiled twice with
--profile, at -O2 and -O0:
  - the -O2 executable's trace of 5 runs (--bench 5 --trace) has one event per node that runs code per run, and the
    median run's sum of node durations is the median latency the executable measured within 10%;
  - fx2c trace-diff of the -O0 trace against the -O2 one lists every BatchNorm node (20) as deleted and absorbed
    into a node of the -O2 build;
  - the -O2 executable's --dump and fx2c run's agree with PyTorch's on every node both have (fx2c compare).

    /usr/bin/python3 tests/profile/resnet18.py FX2C WORK_DIR
"""
import json
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    fx2c, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(work, exist_ok=True)
    m, ref = os.path.join(work, "resnet18"), os.path.join(work, "resnet18-ref")
    if not os.path.exists(os.path.join(ref, "nodes.tsv")):
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export"), "--model",
                        "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]", "--randomize-bn",
                        "--out", m, "--dump", ref, "--quiet"], check=True)
    args = [os.path.join(m, "graph.fx"), "--modules", os.path.join(m, "modules.txt"), "--weights",
            os.path.join(m, "weights.safetensors")]
    x = os.path.join(m, "input0.npy")
    fails = []
    exes = {}
    for level in ("-O2", "-O0"):
        exes[level] = os.path.join(work, f"resnet18{level}.exe")
        subprocess.run([fx2c, "compile", *args, "--input", "x=" + x, "--emit", "exe", "--profile", level, "-o",
                        exes[level]], check=True)
    runs = 5
    traces = {lv: os.path.join(work, f"trace{lv}.json") for lv in exes}
    out = subprocess.run([exes["-O2"], x, "-o", os.path.join(work, "out"), "--bench", str(runs), "--trace",
                          traces["-O2"], "--dump", os.path.join(work, "dump")], check=True, capture_output=True,
                         text=True).stdout
    median_ms = float(re.search(r"median ([0-9.]+) ms", out).group(1))
    with open(traces["-O2"]) as f:
        ev = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
    nodes = len({e["name"] for e in ev})
    if len(ev) != nodes * runs:
        fails.append(f"the trace has {len(ev)} events for {nodes} nodes x {runs} runs")
    sums = [sum(e["dur"] for e in ev if e["args"]["run"] == r) / 1e3 for r in range(runs)]
    ratio = statistics.median(sums) / median_ms
    print(f"resnet18 -O2: {len(ev)} trace events, {nodes} nodes x {runs} runs; median run's sum of durations "
          f"{statistics.median(sums):.3f} ms, median latency {median_ms:.3f} ms (ratio {ratio:.3f})")
    if abs(ratio - 1) > 0.10:
        fails.append(f"the trace's durations ({statistics.median(sums):.3f} ms) are not the latency "
                     f"({median_ms:.3f} ms) within 10%")
    subprocess.run([exes["-O0"], x, "-o", os.path.join(work, "out0"), "--bench", "2", "--trace", traces["-O0"]],
                   check=True, capture_output=True)
    csv = os.path.join(work, "o0_o2.csv")
    subprocess.run([fx2c, "trace-diff", traces["-O0"], "--test", traces["-O2"], "--by", "name", "--csv", csv],
                   check=True, capture_output=True)
    with open(csv) as f:
        rows = [line.rstrip("\n").split(",") for line in f][1:]
    bns = [r for r in rows if r[2] == "batch_norm"]
    folded = [r for r in bns if r[3] == "deleted" and r[10]]
    print(f"trace-diff -O0 against -O2: {len(bns)} batch_norm nodes, {len(folded)} deleted and absorbed")
    if len(bns) != 20 or len(folded) != 20:
        fails.append(f"trace-diff lists {len(folded)} of {len(bns)} batch_norm nodes as deleted and absorbed (20)")
    subprocess.run([fx2c, "run", *args, x, "-o", os.path.join(work, "out_run"), "--dump", os.path.join(work, "run")],
                   check=True)
    for d in ("dump", "run"):
        p = subprocess.run([fx2c, "compare", ref, os.path.join(work, d)], capture_output=True, text=True)
        summary = [line for line in p.stdout.splitlines() if "node results in common" in line]
        print(f"compare PyTorch's dump with {'the -O2 executable' if d == 'dump' else 'fx2c run'}'s: "
              f"{summary[0] if summary else p.stderr.strip()}")
        if p.returncode != 0:
            fails.append(f"{d}: fx2c compare exit {p.returncode}:\n{p.stdout[-2000:]}{p.stderr}")
    for f in fails:
        print("FAIL " + f)
    print(f"resnet18 profile: {'0 failed' if not fails else f'{len(fails)} failed'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
