#!/usr/bin/python3
"""A/B: the executables two fx2c builds make of the same models, timed side by side in alternating rounds, with
PyTorch eager in the same rounds as the common yardstick.

    /usr/bin/python3 bench/ab_bench.py --a OLD/fx2c --b NEW/fx2c [--rounds 7] [--report FILE]

For a change that must not change speed (a refactor of the compiler or the runtime): each model (resnet18,
mobilenet_v2, efficientnet_b0, the MLP 784-256-128-10 of bench/models.py) is exported with tools/fx2c-export as
bench/exe_bench.py does, built with `fx2c compile --emit exe` by each fx2c (default flags: as users build it), and
both executables must write the same output bytes. Then, for R rounds, each executable runs `--bench N` and PyTorch
(one thread) N times, in an order that alternates between rounds; a side's figure is the median of its rounds'
medians. Prints B / A (above 1: B is slower) and each against PyTorch, and writes the table to --report.
"""
import argparse
import datetime
import os
import platform
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import common  # noqa: E402

MODELS = [
    ("resnet18", ["--model", "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]"], 20),
    ("mobilenet_v2", ["--model", "torchvision.models.mobilenet_v2()", "--input", "x:f32[1,3,224,224]"], 40),
    ("efficientnet_b0", ["--model", "torchvision.models.efficientnet_b0()", "--input", "x:f32[1,3,224,224]"], 30),
    ("squeezenet1_1", ["--model", "torchvision.models.squeezenet1_1()", "--input", "x:f32[1,3,224,224]"], 40),
    ("mlp_784_256_128_10", ["--module", "bench/models.py:MLP", "--input", "x:f32[1,784]"], 5000),
]


def build(fx2c, d, exe):
    subprocess.run(common.compile_cmd(fx2c, d, "--emit", "exe", "-o", exe), check=True, cwd=ROOT, capture_output=True)


def run(exe, d, n):
    return common.run_bench(exe, d, n)[:2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True, help="the fx2c before the change")
    ap.add_argument("--b", required=True, help="the fx2c after it")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench-ab"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--runs", type=float, default=1.0, help="scale the runs per round")
    ap.add_argument("--only", nargs="+", help="these models")
    ap.add_argument("--report", help="write the table here (Markdown)")
    ap.add_argument("--rounding", action="store_true",
                    help="for a change that sums in another order: the outputs may differ by rounding (at most 1e-4 "
                         "of the largest magnitude), and the largest difference is printed")
    o = ap.parse_args()
    common.torch_one_thread()
    os.makedirs(o.out, exist_ok=True)
    lines = ["| model | runs x rounds | A (before) | B (after) | B / A | PyTorch eager | eager / A | eager / B |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, args, n in MODELS:
        if o.only and name not in o.only:
            continue
        n = max(5, int(n * o.runs))
        d = common.export(name, args, o.out)
        exes = {s: os.path.join(o.out, f"{name}.{s}.exe") for s in "ab"}
        build(o.a, d, exes["a"])
        build(o.b, d, exes["b"])
        outs = {s: run(exes[s], d, 1)[1] for s in "ab"}
        files = sorted(f for f in os.listdir(outs["a"]) if f.endswith(".npy"))
        worst = 0.0
        for f in files:
            if o.rounding:
                ya, yb = (np.load(os.path.join(outs[s], f)) for s in "ab")
                diff = float(np.max(np.abs(ya.astype(np.float64) - yb))) if ya.size else 0.0
                worst = max(worst, diff / max(float(np.max(np.abs(ya))), 1e-30))
                if ya.shape != yb.shape or worst > 1e-4:
                    raise SystemExit(f"{name}: {f} differs between A and B by more than rounding ({diff:.3g})")
                continue
            with open(os.path.join(outs["a"], f), "rb") as fa, open(os.path.join(outs["b"], f), "rb") as fb:
                if fa.read() != fb.read():
                    raise SystemExit(f"{name}: {f} differs between A and B")
        model, x = common.load_model(name, args, d)
        med = {"a": [], "b": [], "t": []}
        for r in range(o.rounds):
            order = ["a", "b", "t"] if r % 2 == 0 else ["t", "b", "a"]
            for s in order:
                med[s].append(common.torch_times(model, x, n)[1] if s == "t" else run(exes[s], d, n)[0])
        a, b, t = (float(np.median(med[s])) for s in ("a", "b", "t"))
        print(f"{name}: A {a:.4f} ms, B {b:.4f} ms, B/A {b / a:.3f}; PyTorch eager {t:.3f} ms "
              f"(medians of {o.rounds} rounds of {n}; outputs "
              f"{'within %.2g of their largest magnitude' % worst if o.rounding else 'identical'})", flush=True)
        lines.append(f"| {name} | {n} x {o.rounds} | {a:.4f} ms | {b:.4f} ms | {b / a:.3f} | {t:.3f} ms | "
                     f"{t / a:.2f}x | {t / b:.2f}x |")
    table = "\n".join(lines)
    print()
    print(table)
    if o.report:
        with open(o.report, "w") as f:
            f.write(f"# A/B: two fx2c builds' executables\n\n`bench/ab_bench.py` on {datetime.date.today()}: "
                    f"{common.cpu_name()}, {platform.machine()}, one thread, batch 1, executables built with "
                    f"`fx2c compile --emit exe` (default flags). A: `{o.a}`; B: `{o.b}`. "
                    + ("Their outputs differ by rounding only (--rounding). " if o.rounding else
                       "Both wrote the same output bytes for every model. ")
                    + "Each figure is the median of the rounds' medians; A, B and PyTorch "
                    "take turns in every round.\n\n" + table + "\n")


if __name__ == "__main__":
    main()
