#!/usr/bin/python3
"""fx2c's static executables against PyTorch on the same CPU, one thread, batch 1, measured side by side in one run.

    /usr/bin/python3 bench/exe_bench.py [--fx2c build/fx2c] [--out build/bench-exe] [--report bench/results/exe.md]

For each model (resnet18, mobilenet_v2, the MLP 784-256-128-10 of bench/models.py): export it with
tools/fx2c-export (random weights, calibrated BatchNorm statistics, an N(0, 1) input and PyTorch's output), build
two executables with `fx2c compile --emit exe` (--cpu generic, the default, and --cpu native), check that their output
matches PyTorch's (the zoo's tolerance), then time, one after the other on the same machine:

  - the executables: `model IN.npy -o OUT --bench N` (min, median, max over N runs after the first);
  - PyTorch eager, torch.set_num_threads(1), under torch.no_grad(), N runs after 3 warm-up runs;
  - TorchScript: torch.jit.freeze + optimize_for_inference of the traced model, likewise;
  - ONNX Runtime (npm's onnxruntime-node, CPU, one thread, all graph optimizations) on the model exported with
    torch.onnx.export (opset 13), its output checked against PyTorch's too. Needs node and
    `ONNXRUNTIME_NODE_INSTALL=skip npm --prefix bench/ort install` (its CPU binaries ship in the package); without
    them the column says so.

Prints a table of medians and ratios (the peer's median / the executable's: above 1 means fx2c is faster) and the
build times; then resnet50 as C at -O2 and at -O1 (no Winograd: the weights as exported): emission time, gcc -O2
time and the weights source's size.
"""
import os
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402

MODELS = [
    ("resnet18", ["--model", "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]"], 30),
    ("mobilenet_v2", ["--model", "torchvision.models.mobilenet_v2()", "--input", "x:f32[1,3,224,224]"], 60),
    ("mlp_784_256_128_10", ["--module", "bench/models.py:MLP", "--input", "x:f32[1,784]"], 20000),
]


def build(fx2c, d, cpu, exe):
    cmd = common.compile_cmd(fx2c, d, "--emit", "exe", "--cpu", cpu, "-o", exe)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - t0


ORT_DIR = os.path.join(HERE, "ort")


def ort_available():
    return shutil.which("node") is not None and os.path.isdir(os.path.join(ORT_DIR, "node_modules", "onnxruntime-node"))


def ort_times(model, x, d, n):
    """ONNX Runtime on the model exported to ONNX: [min, median, max] ms; its output must match PyTorch's."""
    import torch
    onnx = os.path.join(d, "model.onnx")
    if not os.path.exists(onnx):
        try:
            with torch.no_grad():
                torch.onnx.export(model, x, onnx, opset_version=13, input_names=["x"], output_names=["y"])
        except torch.onnx.errors.UnsupportedOperatorError:
            # without grad, nn.MultiheadAttention takes its fast path (aten._native_multi_head_attention), which
            # opset 13 lacks; with grad it exports the ops it is made of
            torch.onnx.export(model, x, onnx, opset_version=13, input_names=["x"], output_names=["y"])
    inp, out = os.path.join(d, "ort_input.bin"), os.path.join(d, "ort_output.bin")
    x.numpy().astype("<f4").tofile(inp)
    p = subprocess.run(["node", os.path.join(ORT_DIR, "run.js"), onnx, inp, ",".join(map(str, x.shape)), str(n), out],
                       check=True, capture_output=True, text=True)
    ref = np.load(os.path.join(d, "output0.npy"))
    common.max_error(f"ONNX Runtime on {onnx}", np.fromfile(out, dtype="<f4").reshape(ref.shape), ref)
    return common.bench_times(p.stdout)


def build_practical(fx2c, out, level):
    """resnet50 as C at an -O level: the time to emit the folder, the time gcc -O2 takes on it (the command in model.h)
    and the weights source's size against the bytes of weights it holds (targets: under 30 s, at most 3x). At -O2 those
    bytes include Winograd's transformed weights (larger than the originals); -O1 keeps the weights as exported."""
    args = ["--model", "torchvision.models.resnet50(zero_init_residual=True)", "--input", "x:f32[1,3,224,224]"]
    d = common.export("resnet50", args, out)
    c = os.path.join(out, f"resnet50{level}.c")
    t0 = time.perf_counter()
    subprocess.run([fx2c, "compile", os.path.join(d, "graph.fx"), "--modules", os.path.join(d, "modules.txt"),
                    "--weights", os.path.join(d, "weights.safetensors"), "--input", "x:f32[1,3,224,224]", level,
                    "--emit", "c", "-o", c], check=True)
    emit_s = time.perf_counter() - t0
    with open(os.path.join(c, "model.h")) as f:
        cmd = next(l.strip(" *\n") for l in f if l.startswith(" *   cc -std=c99"))
    cmd = cmd.replace("cc ", "gcc ", 1)
    t0 = time.perf_counter()
    subprocess.run(cmd, shell=True, check=True, cwd=c)
    cc_s = time.perf_counter() - t0
    with open(os.path.join(c, "model_weights.h")) as f:
        wbytes = int(re.search(r"tensors, (\d+) bytes", f.readline()).group(1))
    src = os.path.getsize(os.path.join(c, "model_weights.h"))
    return emit_s, cc_s, cmd, src, wbytes


def main():
    p = common.arg_parser(__doc__, "bench-exe")
    p.add_argument("--runs", type=float, default=1.0, help="scale the number of timed runs")
    opts = p.parse_args()
    torch = common.torch_one_thread()
    rows = []
    for name, args, n, d in common.exported(MODELS, opts):
        res = {"name": name, "n": n}
        for cpu in ("generic", "native"):
            exe = os.path.join(opts.out, f"{name}.{cpu}.exe")
            res[f"build_{cpu}"] = build(opts.fx2c, d, cpu, exe)
            res[cpu], res[f"err_{cpu}"] = common.run_exe(exe, d, n)
            res[f"size_{cpu}"] = os.path.getsize(exe)
        model, x = common.load_model(name, args, d)
        res["eager"] = common.torch_times(model, x, n)
        with torch.no_grad():
            ts = torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.trace(model, x).eval()))
        res["script"] = common.torch_times(ts, x, n)
        res["ort"] = ort_times(model, x, d, n) if ort_available() else None
        rows.append(res)
        ort = f", ONNX Runtime {res['ort'][1]:.3f} ms" if res["ort"] else ""
        print(f"{name}: fx2c generic {res['generic'][1]:.3f} ms, native {res['native'][1]:.3f} ms; "
              f"PyTorch eager {res['eager'][1]:.3f} ms, TorchScript {res['script'][1]:.3f} ms{ort} (medians of {n})",
              flush=True)
    head = ("| model | runs | fx2c exe (generic) | fx2c exe (native) | PyTorch eager | TorchScript (frozen, "
            "optimize_for_inference) | ONNX Runtime | eager / fx2c native | TorchScript / fx2c native | "
            "ONNX Runtime / fx2c native | build (generic, native) |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        o, native = r["ort"], r["native"][1]
        ort_ms = f"{o[1]:.3f} ms" if o else "not installed"
        ort_ratio = f"{o[1] / native:.2f}x" if o else ""
        lines.append(f"| {r['name']} | {r['n']} | {r['generic'][1]:.3f} ms | {native:.3f} ms | "
                     f"{r['eager'][1]:.3f} ms | {r['script'][1]:.3f} ms | {ort_ms} | {r['eager'][1] / native:.2f}x | "
                     f"{r['script'][1] / native:.2f}x | {ort_ratio} | "
                     f"{r['build_generic']:.1f} s, {r['build_native']:.1f} s |")
    lines.append("")
    for level in ("-O2", "-O1"):
        emit_s, cc_s, cmd, src, wbytes = build_practical(opts.fx2c, opts.out, level)
        lines += [f"resnet50 as C at {level}: `fx2c compile --emit c` {emit_s:.1f} s; `{cmd}` {cc_s:.1f} s "
                  f"(target: under 30 s); model_weights.h {src / 1e6:.1f} MB for {wbytes / 1e6:.1f} MB of weights = "
                  f"{src / wbytes:.2f}x (target: at most 3x).", ""]
    common.report(opts, __file__, "fx2c executables against PyTorch",
                  f"one thread, batch 1, torch {torch.__version__}. Medians in milliseconds; ratios above 1 mean fx2c "
                  "is faster. `generic`: `--cpu generic` (portable x86-64 code, the default); `native`: `--cpu native` "
                  "(-march=native). Every executable's output matched PyTorch's within 1e-4 x max(1, max|ref|) before "
                  "it was timed.", "\n".join(lines))


if __name__ == "__main__":
    main()
