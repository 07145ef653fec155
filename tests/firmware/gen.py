#!/usr/bin/python3
"""The models of the QEMU firmware test and benchmark (issue 17): five f32 models exported with tools/fx2c-export,
and int8 versions of two of them quantized by PyTorch's FX graph mode quantization.

    /usr/bin/python3 tests/firmware/gen.py OUT_DIR [NAME ...]

writes OUT_DIR/NAME/ for each model (all seven by default):
  f32 (sine, mlp, dscnn, smallcnn; mixer, which issue 17 did not measure): graph.fx, modules.txt, weights.safetensors (and .pt), input0.npy, output0.npy,
    meta.json from tools/fx2c-export: fixed seeds, eval mode, BatchNorm statistics and affine parameters randomized
    by the exporter (--randomize-bn), so that a BatchNorm is never the identity;
  int8 (dscnn8, smallcnn8): the same f32 model, its BatchNorms and its input as the f32 export makes them (the
    exporter's own functions, the same seed), quantized with prepare_fx/convert_fx (qnnpack engine,
    get_default_qconfig_mapping("qnnpack"): per-tensor quint8 activations, per-tensor qint8 weights; BatchNorms
    folded into the convolutions by prepare_fx), calibrated on CALIBRATION seeded random inputs of the model's
    shape. convert_fx puts quantize_per_tensor at the input and dequantize at the output, so the model takes and
    returns float32 as the f32 ones do. Files: graph.fx (print(gm.graph)), modules.txt (print(gm)), weights.pt
    (gm.state_dict(), quantized tensors), input0.npy, output0.npy (the quantized model's output on this machine,
    engine qnnpack) and qstep.txt: the output's quantization step (the scale of the tensor the final dequantize
    reads), for tests/npy_compare.py --qstep, and f32_output0.npy (the f32 model's output, before quantization:
    equal to the f32 export's output0.npy; for reference).
The folders are not committed (the MLP's weights alone are ~940 KB): tests/firmware/run.sh and
bench/firmware_bench.sh generate them into their work folders.
"""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys

import numpy as np
import torch
from torch import nn


class Sine(nn.Module):
    """The TinyML 'hello world': y = sin(x) learnt by a 1-16-16-1 MLP."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x)


class Mlp(nn.Module):
    """An MNIST MLP, 784-256-128-10."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(), nn.Linear(128, 10))

    def forward(self, x):
        return self.net(x)


def conv_bn_relu(cin, cout, kernel, **kw):
    return [nn.Conv2d(cin, cout, kernel, **kw), nn.BatchNorm2d(cout), nn.ReLU()]


class DsCnn(nn.Module):
    """MLPerf Tiny keyword spotting DS-CNN: 49x10 MFCC in, 12 classes out."""

    def __init__(self):
        super().__init__()
        layers = conv_bn_relu(1, 64, (10, 4), stride=2, padding=(5, 1))
        for _ in range(4):
            layers += conv_bn_relu(64, 64, 3, padding=1, groups=64) + conv_bn_relu(64, 64, 1)
        self.features = nn.Sequential(*layers)
        self.pool = nn.AvgPool2d((25, 5))
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(64, 12)

    def forward(self, x):
        return self.fc(self.flatten(self.pool(self.features(x))))


class SmallCnn(nn.Module):
    """A CIFAR-10 CNN: three conv-ReLU-maxpool stages, 3x32x32 in, 10 classes out."""

    def __init__(self):
        super().__init__()
        layers = []
        for cin, cout in ((3, 16), (16, 32), (32, 64)):
            layers += [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
        self.features = nn.Sequential(*layers)
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(1024, 10)

    def forward(self, x):
        return self.fc(self.flatten(self.features(x)))


class Mixer(nn.Module):
    """An MLP-Mixer-style model on 8 tokens of 16 features (not one of issue 17's four): layer norms, a token-mixing
    linear over a transposed view, a GELU MLP scaled by a learnt per-feature vector, residual adds (one in place),
    a mean over the tokens, a linear head and a log_softmax. At -Os its GELU, scale and adds are elementwise loops
    of the model's own (the in-place add_ too), its transposes the compact copy, its mean the compact reduction and
    its log_softmax the compact softmax (no fxrt_binary, fxrt_copy, fxrt_reduce or fxrt_softmax_f32)."""

    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(16)
        self.tokens = nn.Linear(8, 8)
        self.norm2 = nn.LayerNorm(16)
        self.fc1 = nn.Linear(16, 32)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(32, 16)
        self.scale = nn.Parameter(torch.randn(16) * 0.5 + 1.0)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        x = x + self.tokens(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        x.add_(self.fc2(self.act(self.fc1(self.norm2(x)))) * self.scale)
        return torch.log_softmax(self.head(x.mean(dim=1)), dim=-1)


# name: (class, input shape, seed)
MODELS = {
    "sine": ("Sine", "1,1", 1),
    "mlp": ("Mlp", "1,784", 2),
    "dscnn": ("DsCnn", "1,1,49,10", 3),
    "smallcnn": ("SmallCnn", "1,3,32,32", 4),
    "mixer": ("Mixer", "1,8,16", 5),
}
# int8 name: the f32 model it quantizes
INT8 = {"dscnn8": "dscnn", "smallcnn8": "smallcnn"}
CALIBRATION = 32


def load_exporter(path):
    """tools/fx2c-export as a module (a script without .py): its model seeding, inputs and BatchNorm randomization."""
    loader = importlib.machinery.SourceFileLoader("fx2c_export", path)
    spec = importlib.util.spec_from_loader("fx2c_export", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def export_int8(exporter, name, out):
    """The f32 model as `fx2c-export --seed SEED [--randomize-bn]` builds it, quantized (see the docstring)."""
    from torch.ao.quantization import get_default_qconfig_mapping
    from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx

    torch.backends.quantized.engine = "qnnpack"
    cls, shape, seed = MODELS[INT8[name]]
    dims = [int(v) for v in shape.split(",")]
    ex = load_exporter(exporter)
    torch.manual_seed(seed)
    model = globals()[cls]().eval()
    (x,), _ = ex.make_inputs([("x", "f32", dims)], {}, model, seed)
    if cls == "DsCnn":
        ex.randomize_batchnorm(model, seed, "calibrated", [x.clone()], ex.zero_init_batchnorms(model))
    g = torch.Generator().manual_seed(seed * 7919 + 5000)
    calibration = [torch.randn(dims, generator=g) for _ in range(CALIBRATION)]
    with torch.no_grad():
        f32 = model(x.clone())
    prepared = prepare_fx(model, get_default_qconfig_mapping("qnnpack"), (calibration[0],))
    with torch.no_grad():
        for c in calibration:
            prepared(c)
    gm = convert_fx(prepared)
    with torch.no_grad():
        y = gm(x.clone())
    # the output's step: the scale of the quantized tensor the last dequantize reads
    outs = [n for n in gm.graph.nodes if n.op == "output"]
    deq = outs[0].args[0]
    if not (deq.op == "call_method" and deq.target == "dequantize"):
        sys.exit(f"gen.py: {name}'s output is not a dequantize ({deq.format_node()})")
    with torch.no_grad():
        interp = torch.fx.Interpreter(gm, garbage_collect_values=False)
        env_y = interp.run(x.clone())
        step = float(interp.env[deq.args[0]].q_scale())
    if not torch.equal(env_y, y):
        sys.exit(f"gen.py: {name}: the interpreter's output differs from the module's")
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "graph.fx"), "w") as f:
        f.write(str(gm.graph) + "\n")
    with open(os.path.join(d, "modules.txt"), "w") as f:
        f.write(str(gm) + "\n")
    torch.save(gm.state_dict(), os.path.join(d, "weights.pt"))
    np.save(os.path.join(d, "input0.npy"), x.numpy())
    np.save(os.path.join(d, "output0.npy"), y.numpy())
    np.save(os.path.join(d, "f32_output0.npy"), f32.numpy())
    with open(os.path.join(d, "qstep.txt"), "w") as f:
        f.write(repr(step) + "\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, names = sys.argv[1], sys.argv[2:] or list(MODELS) + list(INT8)
    here = os.path.dirname(os.path.abspath(__file__))
    exporter = os.path.join(here, "..", "..", "tools", "fx2c-export")
    for name in names:
        if name in INT8:
            export_int8(exporter, name, out)
            continue
        if name not in MODELS:
            sys.exit(f"gen.py: unknown model {name} (known: {' '.join(list(MODELS) + list(INT8))})")
        cls, shape, seed = MODELS[name]
        cmd = [sys.executable, exporter, "--module", f"{os.path.abspath(__file__)}:{cls}", "--input",
               f"x:f32[{shape}]", "--out", os.path.join(out, name), "--seed", str(seed), "--quiet"]
        if cls == "DsCnn":
            cmd.append("--randomize-bn")
        subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
