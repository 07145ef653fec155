"""make_fixtures.py FX2C OUT_DIR: the trace files of tests/tracediff/ (committed; trace-diff's goldens are computed
from them). A small CNN (conv, BatchNorm, ReLU, pooling, linear) exported with tools/fx2c-export and compiled by fx2c
twice with --profile, at -O0 and -O2; each executable runs 2 timed runs with --trace (o0.json, o2.json). PyTorch runs
the same model twice under torch.profiler (torch.json, export_chrome_trace). ONNX Runtime (npm's onnxruntime-node in
bench/ort, when it is installed) runs the model exported to ONNX twice with its profiler on (ort.json,
bench/ort/profile.js)."""
import os
import subprocess
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODEL = ("torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), "
         "torch.nn.Conv2d(8, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1), "
         "torch.nn.Flatten(), torch.nn.Linear(8, 4))")


def main():
    fx2c, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    exp = os.path.join(out, "export")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export"), "--model", MODEL, "--input",
                    "input_1:f32[1,3,16,16]", "--out", exp, "--seed", "0", "--quiet"], check=True)
    args = [os.path.join(exp, "graph.fx"), "--modules", os.path.join(exp, "modules.txt"), "--weights",
            os.path.join(exp, "weights.safetensors"), "--input", "input_1=" + os.path.join(exp, "input0.npy")]
    for level in ("0", "2"):
        exe = os.path.join(out, f"cnn_O{level}")
        subprocess.run([fx2c, "compile", *args, "--emit", "exe", "--profile", f"-O{level}", "-o", exe], check=True)
        subprocess.run([exe, os.path.join(exp, "input0.npy"), "-o", os.path.join(out, f"out{level}"), "--bench", "2",
                        "--trace", os.path.join(out, f"o{level}.json")], check=True, capture_output=True)
    torch.manual_seed(0)
    model = eval(MODEL).eval()
    x = torch.randn(1, 3, 16, 16)
    with torch.no_grad():
        model(x)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
            for _ in range(2):
                model(x)
    prof.export_chrome_trace(os.path.join(out, "torch.json"))
    ort_profile(model, x, out)


def ort_profile(model, x, out):
    ort = os.path.join(ROOT, "bench", "ort")
    if not os.path.isdir(os.path.join(ort, "node_modules", "onnxruntime-node")):
        print("make_fixtures: no onnxruntime-node in bench/ort (ONNXRUNTIME_NODE_INSTALL=skip npm --prefix bench/ort "
              "install): ort.json not made", file=sys.stderr)
        return
    onnx, inp = os.path.join(out, "cnn.onnx"), os.path.join(out, "cnn_input.bin")
    with torch.no_grad():
        torch.onnx.export(model, x, onnx, opset_version=13, input_names=["x"], output_names=["y"])
    x.numpy().astype("<f4").tofile(inp)
    subprocess.run(["node", os.path.join(ort, "profile.js"), onnx, inp, ",".join(map(str, x.shape)), "2",
                    os.path.join(out, "ort.json")], check=True, capture_output=True)
    os.remove(onnx)
    os.remove(inp)


main()
