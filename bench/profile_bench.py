#!/usr/bin/python3
"""The profiler's cost and its traces' truth (issue 13): the plain executable and the --profile one of the same
model, timed side by side in alternating rounds with PyTorch eager (one thread) and ONNX Runtime (npm's
onnxruntime-node, one thread, when bench/ort is installed) in the same rounds.

    /usr/bin/python3 bench/profile_bench.py [--fx2c build/fx2c] [--rounds 7] [--only resnet18] [--report FILE]

Each model (resnet18, mobilenet_v2) is exported as bench/exe_bench.py does and built twice with `fx2c compile
--emit exe` (default flags), once with --profile. The profiling executable must write the same output bytes. In each
round the plain executable runs `--bench N`, the profiling one `--bench N --profile --trace` (timing and recording
every node) and PyTorch N times; a side's figure is the median of its rounds' medians. Prints the profiling build's
cost (profiled / plain; the issue allows 1.03) and, from the last round's trace, the check that the trace has one
event per node that runs code per run and that the median run's sum of node durations is the measured median
latency within 10%; and that `fx2c trace-diff` of the -O0 build's trace against it lists every BatchNorm node as
deleted, absorbed into a node of the -O2 build. With ONNX Runtime, its own profile of N runs (bench/ort/profile.js)
is compared with fx2c's trace by op type (`fx2c trace-diff ORT --test FX2C --by op`): the report keeps that table.
"""
import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import ab_bench  # noqa: E402
import common  # noqa: E402
import exe_bench  # noqa: E402

MODELS = [m for m in ab_bench.MODELS if m[0] in ("resnet18", "mobilenet_v2")]
run = common.run_bench


def main():
    ap = common.arg_parser(__doc__, "bench-profile")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--runs", type=float, default=1.0, help="scale the runs per round")
    ap.add_argument("--only", nargs="+", help="these models")
    o = ap.parse_args()
    common.torch_one_thread()
    os.makedirs(o.out, exist_ok=True)
    ort = exe_bench.ort_available()
    lines = ["| model | runs x rounds | plain | --profile | profiled / plain | PyTorch eager | eager / plain | "
             "ONNX Runtime | ORT / plain | trace events | nodes timed | trace sum / latency | BatchNorms deleted at -O2 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    diffs = []
    worst = 0.0
    for name, args, n in MODELS:
        if o.only and name not in o.only:
            continue
        n = max(5, int(n * o.runs))
        d = common.export(name, args, o.out)
        exes = {s: os.path.join(o.out, f"{name}.{s}.exe") for s in ("plain", "prof")}
        subprocess.run(common.compile_cmd(o.fx2c, d, "--emit", "exe", "-o", exes["plain"]), check=True, cwd=ROOT)
        subprocess.run(common.compile_cmd(o.fx2c, d, "--emit", "exe", "--profile", "-o", exes["prof"]), check=True,
                       cwd=ROOT)
        outs = {s: run(exes[s], d, 1)[1] for s in exes}
        for f in sorted(f for f in os.listdir(outs["plain"]) if f.endswith(".npy")):
            with open(os.path.join(outs["plain"], f), "rb") as a, open(os.path.join(outs["prof"], f), "rb") as b:
                if a.read() != b.read():
                    raise SystemExit(f"{name}: {f} differs between the plain and the profiling build")
        model, x = common.load_model(name, args, d)
        trace = os.path.join(o.out, f"{name}.trace.json")
        med = {"plain": [], "prof": [], "t": [], "ort": []}
        for r in range(o.rounds):
            order = ["plain", "prof", "t", "ort"] if r % 2 == 0 else ["ort", "t", "prof", "plain"]
            for s in order:
                if s == "ort":
                    if ort:
                        med[s].append(exe_bench.ort_times(model, x, d, n)[1])
                elif s == "t":
                    med[s].append(common.torch_times(model, x, n)[1])
                elif s == "prof":
                    med[s].append(run(exes[s], d, n, "--profile", "--trace", trace)[0])
                else:
                    med[s].append(run(exes[s], d, n)[0])
        a, b, t = (float(np.median(med[s])) for s in ("plain", "prof", "t"))
        ort_ms = float(np.median(med["ort"])) if ort else None
        with open(trace) as f:
            ev = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
        nodes = len({e["name"] for e in ev})
        if len(ev) != nodes * n:
            raise SystemExit(f"{name}: {len(ev)} trace events for {nodes} nodes x {n} runs")
        sums = [sum(e["dur"] for e in ev if e["args"]["run"] == r) / 1e3 for r in range(n)]
        ratio = float(np.median(sums)) / med["prof"][-1]
        worst = max(worst, b / a)
        print(f"{name}: plain {a:.3f} ms, --profile {b:.3f} ms, profiled/plain {b / a:.3f}; PyTorch eager {t:.3f} ms; "
              f"trace: {len(ev)} events, {nodes} nodes, median run's sum / median latency {ratio:.3f}", flush=True)
        if abs(ratio - 1) > 0.10:
            print(f"{name}: the trace's durations are not the latency within 10%", flush=True)
        # -O0 against -O2 with trace-diff: every BatchNorm node is deleted, absorbed into a fused convolution
        exe0 = os.path.join(o.out, f"{name}.O0.exe")
        subprocess.run(common.compile_cmd(o.fx2c, d, "--emit", "exe", "--profile", "-O0", "-o", exe0), check=True,
                       cwd=ROOT)
        trace0 = os.path.join(o.out, f"{name}.O0.trace.json")
        run(exe0, d, 3, "--trace", trace0)
        p = subprocess.run([o.fx2c, "trace-diff", trace0, "--test", trace, "--by", "name", "--csv", trace0 + ".csv"],
                           check=True, capture_output=True, text=True)
        with open(trace0 + ".csv") as f:
            rows = [l.rstrip("\n").split(",") for l in f][1:]
        with open(os.path.join(d, "modules.txt")) as f:
            bn_modules = sum("BatchNorm2d(" in l for l in f)
        bns = [r for r in rows if r[2] == "batch_norm"]
        folded = [r for r in bns if r[3] == "deleted" and r[10]]
        print(f"{name}: trace-diff -O0 against -O2: {len(bns)} batch_norm nodes ({bn_modules} BatchNorm2d modules), "
              f"{len(folded)} deleted and absorbed into a node of the -O2 trace", flush=True)
        bn_line = f"{len(folded)} of {len(bns)}"
        if len(folded) != len(bns) or len(bns) != bn_modules:
            raise SystemExit(f"{name}: trace-diff does not list every BatchNorm as deleted and absorbed:\n{p.stdout}")
        ort_cells = f"{ort_ms:.3f} ms | {ort_ms / a:.2f}x" if ort else "- | -"
        lines.append(f"| {name} | {n} x {o.rounds} | {a:.3f} ms | {b:.3f} ms | {b / a:.3f} | {t:.3f} ms | {t / a:.2f}x | "
                     f"{ort_cells} | {len(ev)} | {nodes} | {ratio:.3f} | {bn_line} |")
        if ort:  # ONNX Runtime's own profile against fx2c's trace, op type by op type
            onnx, inp = os.path.join(d, "model.onnx"), os.path.join(d, "ort_input.bin")
            ort_trace = os.path.join(o.out, f"{name}.ort.json")
            subprocess.run(["node", os.path.join(exe_bench.ORT_DIR, "profile.js"), onnx, inp,
                            ",".join(map(str, x.shape)), str(n), ort_trace], check=True, capture_output=True)
            p = subprocess.run([o.fx2c, "trace-diff", ort_trace, "--test", trace, "--by", "op", "--top", "12"],
                               check=True, capture_output=True, text=True)
            print(p.stdout, flush=True)
            diffs.append(f"{name}, ONNX Runtime's profile (control, {n} runs) against fx2c's trace (test, {n} runs):\n\n"
                         "```\n" + p.stdout.rstrip() + "\n```")
    common.report(o, __file__, "The profiler's cost",
                  "one thread, batch 1, executables built with `fx2c compile --emit exe` (default flags), with and "
                  "without --profile; the profiling one run with `--profile --trace` (every node timed and recorded). "
                  "Both wrote the same output bytes. Each figure is the median of the rounds' medians; the two builds "
                  "and PyTorch take turns in every round. The last two columns check the last round's trace: one "
                  "event per node that runs code per run, and the median run's sum of the nodes' durations against "
                  "the median latency the executable measured; the last, `fx2c trace-diff` of a -O0 build's trace against the -O2 "
                  "one: BatchNorm nodes listed as deleted and absorbed into an -O2 node, of all of them. ONNX Runtime: "
                  "onnxruntime-node on the model exported to ONNX (opset 13), one thread, all graph optimizations, "
                  "its output checked against PyTorch's; then its own profile compared with fx2c's trace by "
                  "`fx2c trace-diff` (ONNX ops mapped to fx2c's op types; ONNX Runtime fuses Conv + Relu into its "
                  "Conv, fx2c into fused_conv, so those rows pair across the two names).",
                  "\n".join(lines) + ("\n\n" + "\n\n".join(diffs) if diffs else ""))
    print(f"worst profiled / plain: {worst:.3f}")


if __name__ == "__main__":
    main()
