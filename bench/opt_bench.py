#!/usr/bin/python3
"""The optimizer's effect: the same model compiled at -O0 (no passes) and at -O2 (the default pipeline: no-op
removal, constant folding, BatchNorm folding, epilogue fusion, padding folding, Winograd convolutions, CSE,
elementwise fusion, DCE), measured side by side in one run, with PyTorch eager as the reference; as the seed tutorial
timed its fused ResNet18 against the unfused one.

    /usr/bin/python3 bench/opt_bench.py [--fx2c build/fx2c] [--out build/bench-opt] [--report bench/results/opt.md]

For resnet18 (torch level and aten level), mobilenet_v2 and efficientnet_b0: export with tools/fx2c-export (random
weights, calibrated BatchNorm statistics), build `--emit exe --cpu native` at -O0 and at -O2 (with --report for the
arena and --stats for the passes' counts), check both outputs against PyTorch's, then time the two executables in
alternating rounds (--rounds, default 5: -O0, -O2, -O0, ...; so that a burst of load from other programs hits both)
and PyTorch eager (one thread, under torch.no_grad()). Prints the median of the rounds' medians and the least
minimum, the -O2 speedup by both, the arenas and the node, BatchNorm and fusion counts. Targets (the optimizer issue): resnet18 at least 1.3 x faster at -O2, and an
arena at least 30% smaller on mobilenet_v2.
"""
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402

MODELS = [
    ("resnet18", ["--model", "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]"], 30),
    ("resnet18@aten", ["--model", "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]", "--aten"], 30),
    ("mobilenet_v2", ["--model", "torchvision.models.mobilenet_v2()", "--input", "x:f32[1,3,224,224]"], 60),
    ("efficientnet_b0", ["--model", "torchvision.models.efficientnet_b0()", "--input", "x:f32[1,3,224,224]"], 40),
]


def build(fx2c, d, level, exe):
    placeholder = "arg0_1" if os.path.basename(d).endswith("@aten") else "x"
    cmd = common.compile_cmd(fx2c, d, level, "--stats", "--report", "--emit", "exe", "--cpu", "native", "-o", exe,
                             placeholder=placeholder)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    m = re.search(r"arena: (\d+) bytes; lower bound[^:]*: (\d+) bytes", p.stdout)
    stats = {"nodes": None, "bn": 0, "fused": 0, "wino": 0, "wsaved": 0}
    for line in p.stderr.splitlines():
        s = re.match(r"pass (\w+) +(?:[\d.]+ s +)?(\d+) -> +(\d+) nodes: (\d+) removed, (\d+) BatchNorms folded, (\d+) fusion groups, "
                     r"(-?\d+) weight bytes saved", line)
        if s:
            stats["nodes"] = int(s.group(3))
            stats["bn"] += int(s.group(5))
            stats["fused"] += int(s.group(6))
            stats["wsaved"] += int(s.group(7))
        s = re.match(r"pass winograd +(\d+) convolutions to Winograd", line)
        if s:
            stats["wino"] += int(s.group(1))
    return wall, int(m.group(1)), stats


def main():
    p = common.arg_parser(__doc__, "bench-opt")
    p.add_argument("--runs", type=float, default=1.0, help="scale the number of timed runs")
    p.add_argument("--rounds", type=int, default=5, help="alternating rounds of -O0 and -O2 runs")
    opts = p.parse_args()
    torch = common.torch_one_thread()
    rows = []
    for name, args, n, d in common.exported(MODELS, opts):
        with open(os.path.join(d, "graph.fx")) as f:
            nodes = sum(1 for line in f if line.startswith("    %"))
        r = {"name": name, "n": n, "nodes0": nodes}
        for level in ("-O0", "-O2"):
            exe = os.path.join(opts.out, f"{name}{level}.exe")
            r["build" + level], r["arena" + level], r["stats" + level] = build(opts.fx2c, d, level, exe)
        per = max(3, -(-n // opts.rounds))
        r["n"] = per * opts.rounds
        rounds = {"-O0": [], "-O2": []}
        for _ in range(opts.rounds):
            for level in ("-O0", "-O2"):
                rounds[level].append(common.run_exe(os.path.join(opts.out, f"{name}{level}.exe"), d, per)[0])
        for level in ("-O0", "-O2"):  # [least minimum, median of the rounds' medians]
            meds = sorted(t[1] for t in rounds[level])
            r[level] = [min(t[0] for t in rounds[level]), meds[len(meds) // 2]]
        if "--aten" not in args:
            model, x = common.load_model(name, args, d)
            r["eager"] = common.torch_times(model, x, n)
        rows.append(r)
        print(f"{name}: -O0 {r['-O0'][1]:.3f} ms, -O2 {r['-O2'][1]:.3f} ms ({r['-O0'][1] / r['-O2'][1]:.2f}x); arena "
              f"{r['arena-O0'] / 2**20:.2f} -> {r['arena-O2'] / 2**20:.2f} MiB", flush=True)
    lines = ["| model | runs | -O0 | -O2 | -O0 / -O2 | -O0 min | -O2 min | -O0 / -O2 (mins) | PyTorch eager | eager / -O2 "
             "| arena -O0 | arena -O2 | arena saved | nodes -O0 -> -O2 | BatchNorms folded | fusion groups "
             "| Winograd convs | weights added |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        eager = r.get("eager")
        st = r["stats-O2"]
        lines.append(
            f"| {r['name']} | {r['n']} | {r['-O0'][1]:.2f} ms | {r['-O2'][1]:.2f} ms | {r['-O0'][1] / r['-O2'][1]:.2f}x | "
            f"{r['-O0'][0]:.2f} ms | {r['-O2'][0]:.2f} ms | {r['-O0'][0] / r['-O2'][0]:.2f}x | "
            + (f"{eager[1]:.2f} ms | {eager[1] / r['-O2'][1]:.2f}x | " if eager else "(aten graph) | | ")
            + f"{r['arena-O0'] / 2**20:.2f} MiB | {r['arena-O2'] / 2**20:.2f} MiB | "
            f"{100 * (1 - r['arena-O2'] / r['arena-O0']):.0f}% | {r['nodes0']} -> {st['nodes']} | {st['bn']} | {st['fused']} | "
            f"{st['wino']} | {-st['wsaved'] / 2**20:+.1f} MiB |")
    common.report(opts, __file__, "-O0 against -O2",
                  f"one thread, batch 1, torch {torch.__version__}; executables built with `--cpu native`, timed in "
                  f"{opts.rounds} alternating rounds of -O0 and -O2 runs: the median of the rounds' medians, and the "
                  "least minimum, in milliseconds. Both executables' outputs matched PyTorch's within 1e-4 x max(1, "
                  "max|ref|) before they were timed. `arena`: the memory plan's workspace; `nodes`: the graph's nodes "
                  "as exported and after the -O2 pipeline (get_attr nodes that fusion adds for module weights "
                  "included); `weights added`: what -O2's passes add to the weights (Winograd's transformed weights) "
                  "less what they remove (folded BatchNorms, weights no longer read).", "\n".join(lines))


if __name__ == "__main__":
    main()
