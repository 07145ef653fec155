#!/usr/bin/python3
"""Small models quantized by PyTorch's FX graph mode quantization (torch 1.13, qnnpack engine, the default qconfig
mapping of qnnpack: per-tensor quint8 activations, per-tensor qint8 weights; per-channel weights where a case asks),
calibrated on fixed random data, and what fx2c reads of them:

    /usr/bin/python3 tests/quant/gen.py OUTDIR [CASE ...]

OUTDIR/CASE/graph.fx (print(gm.graph)), modules.txt (print(gm)), weights.pt (torch.save(gm.state_dict())),
input.npy (float32) and expected.npy (PyTorch's output of the converted model, float32 or uint8 as the graph returns).
Seeded: the same files every run.
"""
import importlib.machinery
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.ao.quantization import QConfigMapping, get_default_qconfig, get_default_qconfig_mapping
from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx

# tools/fx2c-export, whose modules_text writes the modules file (a script without .py: loaded by path)
EXPORT = importlib.machinery.SourceFileLoader(
    'fx2c_export', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'fx2c-export')
).load_module()

torch.backends.quantized.engine = 'qnnpack'


class ConvRelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)

    def forward(self, x):
        return F.relu(self.conv(x))


class ConvBnRelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2d(8, 6, 1)

    def forward(self, x):
        return self.conv2(self.relu(self.bn(self.conv(x))))


class Depthwise(nn.Module):
    def __init__(self):
        super().__init__()
        self.dw = nn.Conv2d(8, 8, 3, padding=1, groups=8)
        self.pw = nn.Conv2d(8, 12, 1)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.pw(self.relu(self.dw(x)))


class PointwiseChain(nn.Module):
    """Convolutions whose result has the input's size (-Os computes them in place), 6 channels (not a multiple of 4:
    the tail of the DSP dot product)."""
    def __init__(self):
        super().__init__()
        self.dw = nn.Conv2d(6, 6, 3, padding=1, groups=6)
        self.pw1 = nn.Conv2d(6, 6, 1)
        self.pw2 = nn.Conv2d(6, 6, 1)

    def forward(self, x):
        return self.pw2(F.relu(self.pw1(F.relu(self.dw(x)))))


class LinearRelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(20, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class AddBranches(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(4, 8, 3, padding=1)
        self.b = nn.Conv2d(4, 8, 1)
        self.c = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        y = F.relu(self.a(x) + self.b(x))
        return self.c(y) + y


class CatPools(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 4, 3, padding=1)
        self.b = nn.Conv2d(3, 6, 1)
        self.pool = nn.MaxPool2d(2)
        self.avg = nn.AvgPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(10, 5)

    def forward(self, x):
        y = torch.cat([self.a(x), self.b(x)], 1)
        y = self.avg(self.pool(y))
        y = torch.flatten(self.gap(y), 1)
        return self.fc(y)


class Hardswish(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.hs = nn.Hardswish()
        self.conv2 = nn.Conv2d(8, 4, 3, stride=2)

    def forward(self, x):
        y = self.hs(self.conv(x))
        y = F.max_pool2d(y, 3, stride=2, padding=1)
        return self.conv2(y).reshape(x.shape[0], -1)


class MulCat(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 5, 3, padding=1)
        self.b = nn.Conv2d(3, 5, 3, padding=1)

    def forward(self, x):
        a = self.a(x)
        b = self.b(x)
        return torch.cat([a * b, F.relu(a)], 1)


def per_channel_mapping():
    qc = get_default_qconfig('qnnpack')
    from torch.ao.quantization.observer import PerChannelMinMaxObserver
    from torch.ao.quantization.qconfig import QConfig
    w = PerChannelMinMaxObserver.with_args(dtype=torch.qint8, qscheme=torch.per_channel_symmetric)
    return QConfigMapping().set_global(QConfig(activation=qc.activation, weight=w))


CASES = {
    'conv_relu': (ConvRelu, (2, 3, 10, 9), None),
    'conv_bn_relu': (ConvBnRelu, (1, 3, 12, 12), None),
    'depthwise': (Depthwise, (1, 8, 7, 7), None),
    'depthwise_pc': (Depthwise, (1, 8, 7, 7), 'per_channel'),
    'pointwise_chain': (PointwiseChain, (2, 6, 5, 4), None),
    'pointwise_chain_pc': (PointwiseChain, (2, 6, 5, 4), 'per_channel'),
    'linear_relu': (LinearRelu, (3, 20), None),
    'linear_pc': (LinearRelu, (3, 20), 'per_channel'),
    'add_branches': (AddBranches, (1, 4, 6, 6), None),
    'cat_pools': (CatPools, (2, 3, 8, 8), None),
    'hardswish': (Hardswish, (1, 3, 11, 11), None),
    'mul_cat': (MulCat, (1, 3, 5, 5), None),
}


def build(name):
    cls, shape, mode = CASES[name]
    torch.manual_seed(sum(map(ord, name)))
    m = cls().eval()
    for mod in m.modules():  # BatchNorm statistics that are not the identity
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.uniform_(-0.5, 0.5)
            mod.running_var.uniform_(0.5, 2.0)
            mod.weight.data.uniform_(0.5, 1.5)
            mod.bias.data.uniform_(-0.3, 0.3)
    mapping = per_channel_mapping() if mode == 'per_channel' else get_default_qconfig_mapping('qnnpack')
    example = torch.randn(*shape)
    pm = prepare_fx(m, mapping, (example,))
    with torch.no_grad():
        for _ in range(8):
            pm(torch.randn(*shape))
    gm = convert_fx(pm)
    x = torch.randn(*shape)
    with torch.no_grad():
        y = gm(x)
    return gm, x, y


def save(name, out):
    gm, x, y = build(name)
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'graph.fx'), 'w') as f:
        f.write(str(gm.graph) + '\n')
    text = EXPORT.modules_text(gm)  # print(gm), with what it hides (QuantizedHardswish's scale and zero point)
    with open(os.path.join(d, 'modules.txt'), 'w') as f:
        f.write(text)
    torch.save(gm.state_dict(), os.path.join(d, 'weights.pt'))
    np.save(os.path.join(d, 'input.npy'), x.numpy())
    y = y.int_repr() if y.is_quantized else y
    np.save(os.path.join(d, 'expected.npy'), y.numpy())


def main():
    out = sys.argv[1]
    for name in sys.argv[2:] or list(CASES):
        save(name, out)


if __name__ == '__main__':
    main()
