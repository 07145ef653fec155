#!/usr/bin/python3
"""fx2c's executables against ONNX Runtime, PyTorch and TorchScript (issue 14), timed side by side in alternating
rounds, with each side's peak memory.

    /usr/bin/python3 bench/perf_bench.py [--fx2c build/fx2c] [--rounds 5] [--runs 1.0] [--only resnet18 ...]
                                         [--report bench/results/perf.md]

vit_b_16 runs only when --only names it: TorchScript's optimize_for_inference of it alone takes over 5 minutes.

Each model (resnet18, mobilenet_v2, efficientnet_b0, squeezenet1_1, vit_b_16 as an aten-level graph, the MLP
784-256-128-10 of bench/models.py; batch 1) is exported with tools/fx2c-export as bench/exe_bench.py does and built
twice with `fx2c compile --emit exe`: as users build it (no --cpu: the runtime picks its kernels for the CPU at run
time) and with --cpu native. Both outputs, and ONNX Runtime's (npm's onnxruntime-node on the torch.onnx export,
opset 13, all graph optimizations), must match PyTorch's within the zoo's tolerance. Then, for R rounds, in an order
that alternates between rounds: the default executable `--bench N --threads 1` and `--threads 2`, the --cpu native
one with `--threads 1`, ONNX Runtime with intraOpNumThreads 1 and 2 (N runs
after 3 warm-up runs, bench/ort/run.js), PyTorch eager and TorchScript (frozen, optimize_for_inference) with one
thread (N runs after 3). A side's figure is the median of its rounds' medians; ratios are the peer's median over
fx2c's (above 1: fx2c is faster). Peak memory is each process's max RSS (/usr/bin/time) in the last round; ONNX Runtime's is
also given less that of a node process that loaded onnxruntime-node and ran nothing.
"""
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import common  # noqa: E402
import exe_bench  # noqa: E402

IMG = "x:f32[1,3,224,224]"
MODELS = [  # name, exporter arguments, timed runs per round
    ("resnet18", ["--model", "torchvision.models.resnet18()", "--input", IMG], 20),
    ("mobilenet_v2", ["--model", "torchvision.models.mobilenet_v2()", "--input", IMG], 40),
    ("efficientnet_b0", ["--model", "torchvision.models.efficientnet_b0()", "--input", IMG], 30),
    ("squeezenet1_1", ["--model", "torchvision.models.squeezenet1_1()", "--input", IMG], 40),
    ("vit_b_16", ["--model", "torchvision.models.vit_b_16()", "--input", IMG, "--aten"], 3),
    ("mlp_784_256_128_10", ["--module", "bench/models.py:MLP", "--input", "x:f32[1,784]"], 5000),
]


def run_rss(cmd):
    """Runs cmd under /usr/bin/time (a small parent: a child forked from this Python process would count its pages
    in its max RSS): (its stdout, its max RSS in MB)."""
    rss_file = os.path.join(ROOT, "build", "perf_bench.rss")
    p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss_file] + cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()}")
    with open(rss_file) as f:
        return p.stdout, int(f.read().split()[-1]) / 1024


def ort_cmd(d, x, n, threads):
    return ["node", os.path.join(exe_bench.ORT_DIR, "run.js"), os.path.join(d, "model.onnx"),
            os.path.join(d, "ort_input.bin"), ",".join(map(str, x.shape)), str(n), os.path.join(d, "ort_output.bin"),
            str(threads)]


def main():
    ap = common.arg_parser(__doc__, "bench-perf")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=float, default=1.0, help="scale the runs per round")
    ap.add_argument("--only", nargs="+", help="these models (default: all but vit_b_16, whose TorchScript "
                    "optimize_for_inference alone takes over 5 minutes)")
    opts = ap.parse_args()
    if not exe_bench.ort_available():
        raise SystemExit("perf_bench: needs node and `ONNXRUNTIME_NODE_INSTALL=skip npm --prefix bench/ort install`")
    torch = common.torch_one_thread()
    models = [m for m in MODELS if (m[0] in opts.only if opts.only else m[0] != "vit_b_16")]
    _, node_rss = run_rss(["node", "-e", "require(process.argv[1])",
                           os.path.join(exe_bench.ORT_DIR, "node_modules", "onnxruntime-node")])
    rows = []
    for name, args, n, d in common.exported(models, opts):
        exes, kernels = {}, {}
        for side, flags in (("default", []), ("native", ["--cpu", "native"])):
            exe = os.path.join(opts.out, f"{name}.{side}.exe")
            t0 = time.perf_counter()
            placeholder = "arg0_1" if "--aten" in args else "x"  # make_fx names its placeholders so
            subprocess.run(common.compile_cmd(opts.fx2c, d, "--emit", "exe", *flags, "-o", exe,
                                              placeholder=placeholder), check=True, cwd=ROOT, capture_output=True)
            print(f"{name}: built {side} in {time.perf_counter() - t0:.1f} s", flush=True)
            common.run_exe(exe, d, 1)  # checks the output
            exes[side] = exe
        model, x = common.load_model(name, args, d)
        exe_bench.ort_times(model, x, d, 1)  # exports, checks the output
        with torch.no_grad():
            script = torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.trace(model, x).eval()))

        def fx2c(side, threads=1):
            out, rss = run_rss([exes[side], os.path.join(d, "input0.npy"), "-o", exes[side] + ".out", "--bench",
                                str(n), "--threads", str(threads)])
            kernels[side] = next((l.split(": ", 1)[1] for l in out.splitlines() if l.startswith("kernels: ")), "?")
            return common.bench_times(out)[1], rss

        def ort(threads):
            out, rss = run_rss(ort_cmd(d, x, n, threads))
            return common.bench_times(out)[1], rss

        sides = {"fx2c": lambda: fx2c("default"), "fx2c 2 threads": lambda: fx2c("default", 2),
                 "fx2c native": lambda: fx2c("native"),
                 "ORT 1 thread": lambda: ort(1), "ORT 2 threads": lambda: ort(2),
                 "eager": lambda: (common.torch_times(model, x, n)[1], None),
                 "TorchScript": lambda: (common.torch_times(script, x, n)[1], None)}
        order = list(sides)
        times = {s: [] for s in order}
        rss = {}
        for r in range(opts.rounds):
            for s in order if r % 2 == 0 else order[::-1]:
                ms, m = sides[s]()
                times[s].append(ms)
                if m is not None:
                    rss[s] = m
        med = {s: float(np.median(times[s])) for s in order}
        rows.append((name, n, med, rss, kernels))
        print(f"{name}: " + ", ".join(f"{s} {med[s]:.3f} ms" for s in order), flush=True)
    lines = ["| model | runs | fx2c 1 thread | fx2c 2 threads | fx2c --cpu native | ONNX Runtime 1 thread | "
             "ONNX Runtime 2 threads | PyTorch eager | TorchScript | ORT 1t / fx2c 1t | ORT 2t / fx2c 2t | "
             "fx2c 2t speed-up | ORT 1t / fx2c native | eager / fx2c | TorchScript / fx2c | kernels |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for name, n, m, _, k in rows:
        f, f2 = m["fx2c"], m["fx2c 2 threads"]
        lines.append(f"| {name} | {n} | {f:.3f} | {f2:.3f} | {m['fx2c native']:.3f} | {m['ORT 1 thread']:.3f} | "
                     f"{m['ORT 2 threads']:.3f} | {m['eager']:.3f} | {m['TorchScript']:.3f} | "
                     f"{m['ORT 1 thread'] / f:.2f}x | {m['ORT 2 threads'] / f2:.2f}x | {f / f2:.2f}x | "
                     f"{m['ORT 1 thread'] / m['fx2c native']:.2f}x | {m['eager'] / f:.2f}x | "
                     f"{m['TorchScript'] / f:.2f}x | {k.get('default', '?')} |")
    lines += ["", f"Peak memory (max RSS, MB; ONNX Runtime also less the {node_rss:.0f} MB of a node process that "
              "loaded onnxruntime-node):", "",
              "| model | fx2c 1 thread | fx2c 2 threads | fx2c --cpu native | ONNX Runtime 1 thread | "
              "ONNX Runtime 2 threads | fx2c / ORT 1t (less node) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, _, _, r, _ in rows:
        o1, o2 = r["ORT 1 thread"], r["ORT 2 threads"]
        lines.append(f"| {name} | {r['fx2c']:.0f} | {r['fx2c 2 threads']:.0f} | {r['fx2c native']:.0f} | "
                     f"{o1:.0f} ({o1 - node_rss:.0f}) | {o2:.0f} ({o2 - node_rss:.0f}) | "
                     f"{r['fx2c'] / max(o1 - node_rss, 1):.2f} |")
    targets = []
    for name, _, m, r, _ in rows:
        need = 1.25 if name == "resnet18" else 1.0
        got = m["ORT 1 thread"] / m["fx2c"]
        got2 = m["ORT 2 threads"] / m["fx2c 2 threads"]
        speedup = m["fx2c"] / m["fx2c 2 threads"]
        line = (f"- {name}: one thread {got:.2f}x ONNX Runtime (target {need}x): {'met' if got >= need else 'NOT met'}; "
                f"two threads {got2:.2f}x ONNX Runtime's two (target 1.0x): {'met' if got2 >= 1.0 else 'NOT met'}; ")
        if name == "resnet18":
            line += f"speed-up from 1 to 2 threads {speedup:.2f}x (target 1.8x): {'met' if speedup >= 1.8 else 'NOT met'}; "
        targets.append(line + f"peak memory {'met' if r['fx2c'] <= r['ORT 1 thread'] - node_rss else 'NOT met'}")
    lines += ["", "Targets (issue 14):", ""] + targets
    common.report(opts, __file__, "fx2c against ONNX Runtime, PyTorch and TorchScript",
                  f"batch 1, {opts.rounds} alternating rounds, medians of the rounds' medians in milliseconds; torch "
                  f"{torch.__version__} (one thread). `fx2c`: the executable as `fx2c compile --emit exe` builds it "
                  "(the runtime picks AVX-512, AVX2 or baseline kernels at run time: the `kernels` column), run with "
                  "--threads 1 and --threads 2 (the same output bits); "
                  "`--cpu native`: -march=native, fixed at compile time. Ratios above 1 mean fx2c is faster. Every "
                  "output matched PyTorch's within 1e-4 x max(1, max|ref|).", "\n".join(lines))


if __name__ == "__main__":
    main()
