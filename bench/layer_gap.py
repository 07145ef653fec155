#!/usr/bin/python3
"""Where fx2c loses to ONNX Runtime, layer by layer (issue 14): each model's --profile executable and ONNX Runtime's
own profile (npm's onnxruntime-node, enableProfiling), the same thread count, in alternating rounds.

    /usr/bin/python3 bench/layer_gap.py [--fx2c build/fx2c] [--rounds 3] [--threads 1] [--only resnet18]
                                        [--report FILE]

Each model is exported as bench/perf_bench.py does and built with `fx2c compile --emit exe --profile` (default
flags otherwise). In each round the executable runs `--bench N --profile --trace` and ONNX Runtime N runs with its
profiler on; a layer's figure is the median of its durations over every run of every round. The layers are paired
by the module each one computes: torch.onnx names a node by its module path (`/layer1/layer1.0/conv2/Conv`), fx2c's
trace lists the FX nodes each fused node absorbed (`layer1_0_conv2`), and ONNX Runtime names a fused node by the
node whose output it writes, so one pair per fused group on either side. Nodes without a module (concatenations,
additions) are paired by op type in their order; ONNX Runtime's nodes that fx2c fuses away (its QuickGelu, SiLU)
count with the layer before them, its reorders in a row of their own. Prints, per model, every fx2c node with its
ONNX Runtime counterpart and the difference, and the layers where fx2c loses most.
"""
import json
import os
import statistics
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import common  # noqa: E402
import exe_bench  # noqa: E402
import perf_bench  # noqa: E402

# ONNX op types -> fx2c's op type stems, for the nodes paired by order
ONNX_OPS = {"Conv": "conv", "MaxPool": "max_pool", "Concat": "cat", "Add": "add", "Mul": "mul", "Flatten": "flatten",
            "GlobalAveragePool": "avg_pool", "ReduceMean": "avg_pool", "Gemm": "linear", "MatMul": "linear",
            "Relu": "relu", "Sigmoid": "sigmoid"}  # its reorders are its own: listed apart


def fx_stem(op):
    """fx2c's op type without its layout and fusion prefixes: nchwc_max_pool -> max_pool, fused_conv -> conv."""
    for p in ("nchwc_", "fused_", "winograd_", "depthwise_"):
        if op.startswith(p):
            op = op[len(p):]
    if "avg_pool" in op:
        return "avg_pool"
    return "mul" if op == "scale" else op


def module_of(ort_name):
    """The module path of a torch.onnx node name: '/layer2/layer2.0/downsample/downsample.0/Conv_output_0_nchwc'
    -> 'layer2_0_downsample_0', '/features/features.1/features.1.0/block/block.0/block.0.0/Conv' ->
    'features_1_0_block_0_0' (FX's spelling); None for a node without one. Each scope names its module from some
    enclosing scope on (the longest tail of the path so far that it continues), or is a child's plain name."""
    comps = []
    for p in ort_name.split("/")[1:-1]:
        k = max((k for k in range(1, len(comps) + 1) if p.startswith(".".join(comps[-k:]) + ".")), default=0)
        comps = comps[:len(comps) - k] + p.split(".")
    while comps and comps[-1][:1].isupper():  # a fusion's own scopes: /features.0.2/Mul/QuickGeluFusion/
        comps.pop()
    return "_".join(comps) or None


def durations(events, key):
    """{node: [durations]} and the first-seen order of nodes."""
    d, order = {}, []
    for e in events:
        k = key(e)
        if k not in d:
            d[k] = []
            order.append(k)
        d[k].append(e["dur"])
    return d, order


def pair(fx_events, ort_events):
    """Rows (fx2c node, op, output shape, fx2c us, ONNX Runtime us, ONNX Runtime's op types) in fx2c's order, and a
    last row for ONNX Runtime's reorders."""
    fx, fx_order = durations(fx_events, lambda e: e["name"])
    info = {}
    for e in fx_events:
        info.setdefault(e["name"], e["args"])
    ort, ort_order = durations(ort_events, lambda e: e["name"][:-len("_kernel_time")])
    ort_info = {}
    for e in ort_events:
        ort_info.setdefault(e["name"][:-len("_kernel_time")], e["args"])
    owner = {}  # FX node name -> fx2c trace node
    for n in fx_order:
        owner[n] = n
        for a in info[n].get("absorbed", "").split(","):
            if a.strip():
                owner[a.strip()] = n
    matched = {n: [] for n in fx_order}
    reorders, alone = [], []
    # by module; then nodes without one by op type, in order; what is left (ONNX Runtime's own SiLU, QuickGelu,
    # after a convolution that fx2c fuses it into) goes with the layer before it
    by_module = {o: owner.get(module_of(o)) if o.startswith("/") else None for o in ort_order}
    taken = {n for n in by_module.values() if n}
    free = [n for n in fx_order if n not in taken]
    last = None
    for o in ort_order:
        op = ort_info[o].get("op_name", "?")
        n = by_module[o]
        if n is None and op.startswith("Reorder"):
            reorders.append(o)
            continue
        if n is None:
            stem = ONNX_OPS.get(op, op.lower())
            n = next((f for f in free if fx_stem(info[f]["op"]) == stem), None)
            if n is not None:
                free.remove(n)
        if n is None:
            n = last
        if n is None:
            alone.append(o)
            continue
        matched[n].append(o)
        last = n
    med = {n: statistics.median(v) for n, v in fx.items()}
    omed = {o: statistics.median(v) for o, v in ort.items()}

    def ops(names):
        counts = {}
        for o in names:
            op = ort_info[o].get("op_name", "?")
            counts[op] = counts.get(op, 0) + 1
        return ", ".join(op if c == 1 else f"{c} {op}" for op, c in counts.items())

    rows = [(n, info[n]["op"], info[n].get("shape", ""), med[n], sum(omed[o] for o in matched[n]), ops(matched[n]))
            for n in fx_order]
    if reorders or alone:
        rows.append(("(ONNX Runtime's own nodes)", "-", "", 0.0, sum(omed[o] for o in reorders + alone),
                     ops(reorders + alone)))
    return rows


def main():
    ap = common.arg_parser(__doc__, "bench-perf")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=float, default=0.5, help="scale the runs per round")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--top", type=int, default=8, help="the layers where fx2c loses most, per model")
    ap.add_argument("--only", nargs="+", help="these models")
    o = ap.parse_args()
    if not exe_bench.ort_available():
        raise SystemExit("layer_gap.py needs ONNX Runtime: ONNXRUNTIME_NODE_INSTALL=skip npm --prefix bench/ort install")
    models = [m for m in perf_bench.MODELS  # CNNs: torch.onnx names their nodes by module
              if (not o.only or m[0] in o.only) and m[0] not in ("mlp_784_256_128_10", "vit_b_16")]
    sections, summary = [], ["| model | fx2c total | ONNX Runtime total | ORT / fx2c | largest gaps (fx2c - ORT, us) |",
                             "|---|---:|---:|---:|---|"]
    for name, args, n, d in common.exported(models, o):
        exe = os.path.join(o.out, f"{name}.profile.exe")
        subprocess.run(common.compile_cmd(o.fx2c, d, "--emit", "exe", "--profile", "-o", exe), check=True, cwd=ROOT)
        onnx, inp = os.path.join(d, "model.onnx"), os.path.join(d, "ort_input.bin")
        if not os.path.exists(onnx):
            exe_bench.ort_times(*common.load_model(name, args, d), d, 1)  # exports, checks the output
        shape = np.load(os.path.join(d, "input0.npy")).shape
        fx_ev, ort_ev = [], []
        for r in range(o.rounds):
            for side in (("fx", "ort") if r % 2 == 0 else ("ort", "fx")):
                if side == "fx":
                    trace = os.path.join(o.out, f"{name}.layers.trace.json")
                    common.run_bench(exe, d, n, "--profile", "--threads", str(o.threads), "--trace", trace)
                    with open(trace) as f:
                        t = json.load(f)
                    fx_ev += [e for e in t["traceEvents"] if e.get("ph") == "X" and "op" in e.get("args", {})]
                else:
                    prof = os.path.join(o.out, f"{name}.layers.ort.json")
                    subprocess.run(["node", os.path.join(exe_bench.ORT_DIR, "profile.js"), onnx, inp,
                                    ",".join(map(str, shape)), str(n), prof, str(o.threads)], check=True,
                                   capture_output=True)
                    with open(prof) as f:
                        ort_ev += [e for e in json.load(f) if e.get("cat") == "Node"
                                   and e["name"].endswith("_kernel_time")]
        rows = pair(fx_ev, ort_ev)
        tf, to = sum(r[3] for r in rows), sum(r[4] for r in rows)
        lines = [f"### {name}", "", f"{n} runs x {o.rounds} rounds, {o.threads} thread(s); medians in us. fx2c "
                 f"{tf / 1000:.2f} ms in its nodes, ONNX Runtime {to / 1000:.2f} ms in its kernels.", "",
                 "| fx2c node | op | output | fx2c us | ONNX Runtime us | ORT nodes | fx2c - ORT |",
                 "|---|---|---|---:|---:|---|---:|"]
        for nm, op, shp, a, b, ops in rows:
            lines.append(f"| {nm} | {op} | {shp} | {a:.0f} | {b:.0f} | {ops} | {a - b:+.0f} |")
        worst = sorted(rows, key=lambda r: r[4] - r[3])[:o.top]
        summary.append(f"| {name} | {tf / 1000:.2f} ms | {to / 1000:.2f} ms | {to / tf:.2f}x | " + "; ".join(
            f"{r[0]} ({r[1]}, {r[2]}) {r[3] - r[4]:+.0f}" for r in worst if r[3] > r[4]) + " |")
        sections.append("\n".join(lines))
        print("\n".join(lines), flush=True)
    table = "\n".join(summary) + "\n\n" + "\n\n".join(sections)
    common.report(o, __file__, "fx2c against ONNX Runtime, layer by layer",
                  f"{o.threads} thread(s), batch 1. Each model's `fx2c compile --emit exe --profile` executable "
                  "(`--bench N --profile --trace`) and ONNX Runtime's own profile (onnxruntime-node, all graph "
                  "optimizations, enableProfiling) in alternating rounds; a layer's figure is its median duration. "
                  "Layers are paired by the module they compute (torch.onnx's node names, fx2c's absorbed FX "
                  "nodes), the rest by op type in order. Node totals leave out the time between nodes.", table)


if __name__ == "__main__":
    main()
