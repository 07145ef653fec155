#!/usr/bin/python3
"""The four f32 models of the QEMU firmware test and benchmark (issue 17), exported with tools/fx2c-export.

    /usr/bin/python3 tests/firmware/gen.py OUT_DIR [NAME ...]

writes OUT_DIR/NAME/ (graph.fx, modules.txt, weights, input0.npy, output0.npy, meta.json) for each model (all four
by default): fixed seeds, eval mode, BatchNorm statistics and affine parameters randomized by the exporter
(--randomize-bn), so that a BatchNorm is never the identity. The folders are not committed (the MLP's weights alone
are ~940 KB): tests/firmware/run.sh and bench/firmware_bench.sh generate them into their work folders.
"""
import os
import subprocess
import sys

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


# name: (class, input shape, seed)
MODELS = {
    "sine": ("Sine", "1,1", 1),
    "mlp": ("Mlp", "1,784", 2),
    "dscnn": ("DsCnn", "1,1,49,10", 3),
    "smallcnn": ("SmallCnn", "1,3,32,32", 4),
}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, names = sys.argv[1], sys.argv[2:] or list(MODELS)
    here = os.path.dirname(os.path.abspath(__file__))
    exporter = os.path.join(here, "..", "..", "tools", "fx2c-export")
    for name in names:
        if name not in MODELS:
            sys.exit(f"gen.py: unknown model {name} (known: {' '.join(MODELS)})")
        cls, shape, seed = MODELS[name]
        cmd = [sys.executable, exporter, "--module", f"{os.path.abspath(__file__)}:{cls}", "--input",
               f"x:f32[{shape}]", "--out", os.path.join(out, name), "--seed", str(seed), "--quiet"]
        if cls == "DsCnn":
            cmd.append("--randomize-bn")
        subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
