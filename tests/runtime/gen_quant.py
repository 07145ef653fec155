#!/usr/bin/python3
"""Writes tests/runtime/quant/cases.bin: inputs, parameters and PyTorch 1.13's outputs (int_repr) of its quantized
operators with the qnnpack engine, for tests/runtime/test_quant.c, which runs every case through fxrt_quant.c and
requires the same bytes.

    /usr/bin/python3 tests/runtime/gen_quant.py        (torch 1.13 with qnnpack; fixed seeds, so the file is stable)

Random cases (odd sizes, padding, stride 2, dilation, groups and depthwise, per-tensor and per-channel weights, with
and without ReLU, different scales) and cases built to sit on rounding ties, where a formula that differs from
PyTorch's by one float rounding (the order of the scale products, division against multiplication by the inverse)
gives another byte: the bias quantization, the requantization of conv/linear, mul's multiplier.

Format (little endian): b"FXQ8", u32 count; each case: u32 op, u32 nint, u32 ndouble, u32 ntensor, nint i64,
ndouble f64, then each tensor: u32 dtype (0 u8, 1 i8, 2 f32, 3 i32), u32 count, the data, zero bytes up to a multiple
of 4. The ops and their ints/doubles/tensors are listed in OPS below and in test_quant.c.
"""
import os
import struct

import numpy as np
import torch
import torch.nn.functional as F

torch.backends.quantized.engine = 'qnnpack'
torch.manual_seed(17)
rng = np.random.default_rng(17)
f32 = np.float32

OPS = dict(quantize=1, dequantize=2, conv2d=3, linear=4, add=5, mul=6, cat=7, hardswish=8, max_pool2d=9,
           avg_pool2d=10, adaptive_avg_pool2d=11)
DT = {np.uint8: 0, np.int8: 1, np.float32: 2, np.int32: 3}
cases = []


def emit(op, ints, dbls, tensors):
    out = struct.pack('<4I', OPS[op], len(ints), len(dbls), len(tensors))
    out += struct.pack('<%dq' % len(ints), *[int(v) for v in ints])
    out += struct.pack('<%dd' % len(dbls), *[float(v) for v in dbls])
    for t in tensors:
        a = np.ascontiguousarray(t)
        b = a.tobytes()
        out += struct.pack('<2I', DT[a.dtype.type], a.size) + b + b'\0' * (-len(b) % 4)
    cases.append(out)


def rand_u8(shape):
    return torch.randint(0, 256, shape, dtype=torch.uint8)


def qt(u8, scale, zp):
    return torch._make_per_tensor_quantized_tensor(u8, scale, zp)


def u8(t):
    return t.int_repr().numpy().astype(np.uint8)


def weight(shape, per_channel, scales=None):
    k = shape[0]
    wi = torch.randint(-127, 128, shape, dtype=torch.int8)
    if per_channel:
        ws = scales if scales is not None else rng.uniform(0.002, 0.03, k)
        wzp = rng.integers(-12, 13, k) if per_channel == 'affine' else np.zeros(k, np.int64)
        w = torch._make_per_channel_quantized_tensor(wi, torch.tensor(ws, dtype=torch.float64), torch.tensor(wzp), 0)
    else:
        ws = scales if scales is not None else np.array([rng.uniform(0.002, 0.03)])
        wzp = np.zeros(1, np.int64)
        w = torch._make_per_tensor_quantized_tensor(wi, float(ws[0]), 0)
    return w, wi.numpy(), np.asarray(ws, np.float64), wzp.astype(np.int32)


# ---- quantize / dequantize --------------------------------------------------------------------------------------
for s, zp in [(0.0273, 117), (0.1, 0), (0.0123456, 255), (1 / 3, 128)]:
    s32 = f32(s)
    k = np.arange(-140, 140)
    ties = ((k + 0.5) * np.float64(s32)).astype(f32)  # values next to the rounding boundaries
    x = np.concatenate([ties, np.nextafter(ties, f32(np.inf)), np.nextafter(ties, f32(-np.inf)),
                        (torch.randn(301) * 4).numpy(), np.array([1e30, -1e30, np.inf, -np.inf, 0.0, np.nan, 1e19, 3e9 * s, -3e9 * s], f32)])
    x = x.astype(f32)
    emit('quantize', [zp], [s], [x, u8(torch.quantize_per_tensor(torch.from_numpy(x), s, zp, torch.quint8))])
    q = rand_u8((257,))
    emit('dequantize', [zp], [s], [q.numpy(), qt(q, s, zp).dequantize().numpy()])


# ---- conv2d -------------------------------------------------------------------------------------------------------
def conv_case(n, c, h, w, k, kh, kw, stride, pad, dil, groups, per_channel, relu, bias=True, x_s=None, y_s=None):
    x_s = x_s or float(rng.uniform(0.005, 0.08))
    x_zp = int(rng.integers(0, 256))
    y_s = y_s or float(rng.uniform(0.03, 0.4))
    y_zp = int(rng.integers(0, 256))
    xi = rand_u8((n, c, h, w))
    wq, wi, ws, wzp = weight((k, c // groups, kh, kw), per_channel)
    b = (torch.randn(k) * 2).float() if bias else None
    packed = torch.ops.quantized.conv2d_prepack(wq, b, list(stride), list(pad), list(dil), groups)
    fn = torch.ops.quantized.conv2d_relu if relu else torch.ops.quantized.conv2d
    y = fn(qt(xi, x_s, x_zp), packed, y_s, y_zp)
    ints = [n, c, h, w, k, kh, kw, stride[0], stride[1], pad[0], pad[1], dil[0], dil[1], groups, x_zp, y_zp, int(relu),
            int(bool(per_channel))]
    emit('conv2d', ints, [x_s, y_s] + list(ws),
         [xi.numpy(), wi, wzp, b.numpy() if bias else np.zeros(0, f32), u8(y)])


for i, (n, c, h, w, k, kh, kw, st, pd, dl, g) in enumerate([
        (1, 3, 9, 11, 8, 3, 3, (1, 1), (1, 1), (1, 1), 1),
        (2, 5, 7, 8, 6, 3, 3, (2, 2), (1, 1), (1, 1), 1),
        (1, 4, 10, 9, 7, 1, 1, (1, 1), (0, 0), (1, 1), 1),
        (1, 6, 9, 9, 6, 3, 3, (1, 1), (1, 1), (1, 1), 6),    # depthwise
        (1, 8, 11, 10, 16, 3, 3, (2, 2), (1, 1), (1, 1), 8),  # depthwise, multiplier 2, stride 2
        (1, 6, 8, 9, 9, 3, 2, (1, 2), (2, 0), (2, 1), 3),   # groups, dilation, asymmetric kernel
        (1, 3, 12, 13, 5, 5, 5, (2, 1), (2, 2), (1, 1), 1),
        (1, 16, 5, 5, 10, 1, 1, (2, 2), (0, 0), (1, 1), 2),
        (1, 5, 9, 9, 5, 5, 5, (1, 1), (2, 2), (1, 1), 5),    # depthwise 5x5
        (1, 9, 6, 7, 4, 2, 2, (1, 1), (1, 0), (1, 1), 1),
]):
    for per_channel in [False, 'symmetric', 'affine']:
        conv_case(n, c, h, w, k, kh, kw, st, pd, dl, g, per_channel, relu=(i % 2 == 0) != (per_channel == 'affine'),
                  bias=(i != 2 or per_channel))


# ---- linear -------------------------------------------------------------------------------------------------------
def linear_case(xi, wq, wi, ws, wzp, b, x_s, x_zp, y_s, y_zp, relu):
    packed = torch.ops.quantized.linear_prepack(wq, b)
    fn = torch.ops.quantized.linear_relu if relu else torch.ops.quantized.linear
    y = fn(qt(xi, x_s, x_zp), packed, y_s, y_zp)
    m, i = xi.shape
    emit('linear', [m, i, wi.shape[0], x_zp, y_zp, int(relu), int(len(ws) > 1 or wq.qscheme() != torch.per_tensor_affine)],
         [x_s, y_s] + list(ws), [xi.numpy(), wi, wzp, b.numpy() if b is not None else np.zeros(0, f32), u8(y)])


for j, (m, i, o) in enumerate([(1, 37, 10), (3, 64, 17), (5, 9, 33), (2, 130, 7)]):
    for per_channel in [False, 'symmetric', 'affine']:
        wq, wi, ws, wzp = weight((o, i), per_channel)
        if per_channel and len(ws) == 1:
            ws = np.repeat(ws, o)
        linear_case(rand_u8((m, i)), wq, wi, ws, wzp, (torch.randn(o) * 3).float() if j != 3 else None,
                    float(rng.uniform(0.005, 0.08)), int(rng.integers(0, 256)), float(rng.uniform(0.05, 0.5)),
                    int(rng.integers(0, 256)), relu=(j + len(str(per_channel))) % 2 == 1)

# Ties of the bias quantization: x = x_zp (so acc = the bias) and a requantization scale of about 1; biases at
# (j + 1/2) * scale and one float either side. The scales are chosen so that (float)((double)w * (float)x) differs from
# (float)(w * x) and from (float)w * (float)x, which tells the three apart.
found = 0
for trial in range(20000):
    x_s, w_s = float(rng.uniform(0.01, 0.1)), float(rng.uniform(0.005, 0.05))
    a, b, c = f32(w_s * float(f32(x_s))), f32(w_s * x_s), f32(w_s) * f32(x_s)
    if a == b or a == c:
        continue
    for per_channel in [False, 'symmetric']:
        j = np.arange(-40, 40)
        base = ((j + 0.5) * float(a)).astype(f32)
        bias = np.concatenate([base, np.nextafter(base, f32(np.inf)), np.nextafter(base, f32(-np.inf))]).astype(f32)
        o = len(bias)
        ws = np.full(o if per_channel else 1, w_s)
        wq, wi, _, wzp = weight((o, 3), per_channel, scales=ws)
        linear_case(torch.full((1, 3), 77, dtype=torch.uint8), wq, wi, ws, wzp, torch.from_numpy(bias), x_s, 77,
                    float(c), 128, relu=False)
    found += 1
    if found == 2:
        break

# Ties of the requantization: accumulators (127 a + b, bias 0) where the candidate scales round differently.
found = 0
for trial in range(2000):
    x_s, w_s, y_s = float(rng.uniform(0.005, 0.1)), float(rng.uniform(0.001, 0.02)), float(rng.uniform(0.02, 0.5))
    cands = [(f32(w_s) * f32(x_s)) * (f32(1) / f32(y_s)), (f32(w_s) * f32(x_s)) / f32(y_s), f32(w_s * x_s / y_s),
             f32(w_s * f32(x_s)) * (f32(1) / f32(y_s))]
    acc = np.arange(-16000, 16001)
    outs = [np.rint(acc.astype(f32) * r) for r in cands]
    diff = np.zeros(acc.shape, bool)
    for v in outs[1:]:
        diff |= v != outs[0]
    t = acc[diff & (np.abs(outs[0]) < 120)]
    a = np.round(t / 127).astype(np.int64)
    b = t - 127 * a
    keep = (np.abs(b) <= 120) & (np.abs(a) <= 120)
    if keep.sum() < 4:
        continue
    xi = torch.from_numpy(np.stack([a[keep] + 128, b[keep] + 128], 1).astype(np.uint8))
    wq = torch._make_per_tensor_quantized_tensor(torch.tensor([[127, 1]], dtype=torch.int8), w_s, 0)
    linear_case(xi, wq, wq.int_repr().numpy(), np.array([w_s]), np.zeros(1, np.int32), None, x_s, 128, y_s, 128, False)
    found += 1
    if found == 3:
        break

# ---- add, mul -----------------------------------------------------------------------------------------------------
for i in range(6):
    shape = [(2, 3, 5, 7), (1, 16, 4, 4), (37,), (3, 11), (1, 8, 9, 9), (2, 5, 3, 3)][i]
    a, b = rand_u8(shape), rand_u8(shape)
    a_s, b_s, y_s = [float(rng.uniform(0.01, 0.3)) for _ in range(3)]
    if i == 1:
        b_s = a_s  # the residual of a ResNet block often shares scales
    a_zp, b_zp, y_zp = [int(rng.integers(0, 256)) for _ in range(3)]
    for relu in [False, True]:
        qa, qb = qt(a, a_s, a_zp), qt(b, b_s, b_zp)
        y = (torch.ops.quantized.add_relu if relu else torch.ops.quantized.add)(qa, qb, y_s, y_zp)
        emit('add', [a.numel(), a_zp, b_zp, y_zp, int(relu)], [a_s, b_s, y_s], [a.numpy().ravel(), b.numpy().ravel(),
                                                                               u8(y).ravel()])
        y = (torch.ops.quantized.mul_relu if relu else torch.ops.quantized.mul)(qa, qb, y_s, y_zp)
        emit('mul', [a.numel(), a_zp, b_zp, y_zp, int(relu)], [a_s, b_s, y_s], [a.numpy().ravel(), b.numpy().ravel(),
                                                                               u8(y).ravel()])
# mul ties: the (a, b) pairs where candidate multipliers round differently
found = 0
for trial in range(500):
    a_s, b_s, y_s = [float(rng.uniform(0.01, 0.3)) for _ in range(3)]
    a_zp, b_zp, y_zp = 128, 128, 128
    cands = [(f32(a_s) * f32(b_s)) * (f32(1) / f32(y_s)), f32(a_s * b_s / y_s), (f32(a_s) * f32(b_s)) / f32(y_s)]
    if cands[0] == cands[1] and cands[0] == cands[2]:
        continue
    av, bv = np.meshgrid(np.arange(-128, 128), np.arange(-128, 128))
    p = (av * bv).astype(f32)
    o = [np.rint(p * m) for m in cands]
    sel = ((o[0] != o[1]) | (o[0] != o[2])) & (np.abs(o[0]) < 120)
    if sel.sum() < 4:
        continue
    a = torch.from_numpy((av[sel] + 128).astype(np.uint8))
    b = torch.from_numpy((bv[sel] + 128).astype(np.uint8))
    y = torch.ops.quantized.mul(qt(a, a_s, a_zp), qt(b, b_s, b_zp), y_s, y_zp)
    emit('mul', [a.numel(), a_zp, b_zp, y_zp, 0], [a_s, b_s, y_s], [a.numpy(), b.numpy(), u8(y)])
    found += 1
    if found == 3:
        break


# ---- cat ----------------------------------------------------------------------------------------------------------
def cat_case(xs, dim, y_s=None, y_zp=None):
    if y_s is None:
        y = torch.cat(xs, dim)  # FX graphs: torch.cat takes the first input's qparams
    else:
        y = torch.ops.quantized.cat(xs, dim, y_s, y_zp)
    shape = xs[0].shape
    outer = int(np.prod(shape[:dim]))
    lens = [int(np.prod(x.shape[dim:])) for x in xs]
    emit('cat', [len(xs), outer, y.q_zero_point()] + lens + [x.q_zero_point() for x in xs],
         [y.q_scale()] + [x.q_scale() for x in xs], [u8(x).ravel() for x in xs] + [u8(y).ravel()])


cat_case([qt(rand_u8((2, 3, 4, 5)), 0.05, 100), qt(rand_u8((2, 2, 4, 5)), 0.11, 30)], 1)
cat_case([qt(rand_u8((1, 3, 5, 5)), 0.05, 100), qt(rand_u8((1, 4, 5, 5)), 0.05, 100),
          qt(rand_u8((1, 1, 5, 5)), 0.021, 7)], 1, 0.07, 120)
cat_case([qt(rand_u8((3, 7)), 0.2, 128), qt(rand_u8((3, 5)), 0.3, 10)], 1, 0.25, 64)
cat_case([qt(rand_u8((2, 6)), 0.2, 128), qt(rand_u8((3, 6)), 0.13, 200)], 0, 0.31, 90)

# ---- hardswish ----------------------------------------------------------------------------------------------------
for x_s, x_zp, y_s, y_zp in [(0.05, 128, 0.03, 20), (0.02, 200, 0.01, 0), (0.11, 60, 0.1, 128), (0.031, 0, 0.025, 7)]:
    x = torch.arange(256, dtype=torch.uint8)
    y = torch.ops.quantized.hardswish(qt(x, x_s, x_zp), y_s, y_zp)
    emit('hardswish', [256, x_zp, y_zp], [x_s, y_s], [x.numpy(), u8(y)])


# ---- pooling ------------------------------------------------------------------------------------------------------
def pool_out(n, k, s, p, d, ceil):
    o = (n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (o - 1) * s >= n + p:
        o -= 1
    return o


for i, (n, c, h, w, k, s, p, d, ceil) in enumerate([
        (1, 3, 9, 9, (3, 3), (2, 2), (1, 1), (1, 1), False),
        (2, 2, 8, 7, (2, 2), (2, 2), (0, 0), (1, 1), False),
        (1, 4, 10, 11, (3, 2), (2, 1), (1, 0), (1, 1), True),
        (1, 2, 9, 10, (3, 3), (1, 2), (1, 1), (2, 1), False),
        (1, 3, 7, 7, (2, 3), (2, 2), (1, 1), (1, 1), True)]):
    x = rand_u8((n, c, h, w))
    s_, zp = float(rng.uniform(0.01, 0.3)), int(rng.integers(0, 256))
    oh, ow = pool_out(h, k[0], s[0], p[0], d[0], ceil), pool_out(w, k[1], s[1], p[1], d[1], ceil)
    y = F.max_pool2d(qt(x, s_, zp), k, s, p, d, ceil)
    assert y.shape[2:] == (oh, ow)
    emit('max_pool2d', [n, c, h, w, oh, ow, k[0], k[1], s[0], s[1], p[0], p[1], d[0], d[1], int(ceil)], [],
         [x.numpy(), u8(y)])

for i, (n, c, h, w, k, s, p) in enumerate([
        (1, 3, 9, 9, (3, 3), (2, 2), (1, 1)), (2, 4, 8, 7, (2, 2), (2, 2), (0, 0)), (1, 5, 10, 11, (3, 2), (2, 1), (1, 0)),
        (1, 3, 7, 7, (2, 3), (1, 2), (1, 1)), (1, 16, 7, 7, (7, 7), (1, 1), (0, 0)), (1, 2, 6, 9, (3, 3), (3, 3), (1, 1))]):
    for ceil, cip, div in [(False, True, None), (False, False, None), (False, True, 5), (True, True, None),
                           (True, False, None), (True, True, 7)]:
        x = rand_u8((n, c, h, w))
        s_, zp = float(rng.uniform(0.01, 0.3)), int(rng.integers(0, 256))
        oh, ow = pool_out(h, k[0], s[0], p[0], 1, ceil), pool_out(w, k[1], s[1], p[1], 1, ceil)
        y = F.avg_pool2d(qt(x, s_, zp), k, s, p, ceil, cip, div)
        assert y.shape[2:] == (oh, ow) and y.q_scale() == s_ and y.q_zero_point() == zp
        emit('avg_pool2d', [n, c, h, w, oh, ow, k[0], k[1], s[0], s[1], p[0], p[1], int(ceil), int(cip), div or 0, zp],
             [s_], [x.numpy(), u8(y)])

for n, c, h, w, oh, ow in [(1, 8, 7, 7, 1, 1), (2, 3, 6, 9, 2, 3), (1, 4, 10, 9, 3, 4), (1, 3, 7, 11, 4, 5),
                           (1, 2, 5, 5, 5, 5), (1, 5, 8, 8, 4, 2), (1, 3, 9, 6, 2, 6)]:
    x = rand_u8((n, c, h, w))
    s_, zp = float(rng.uniform(0.01, 0.3)), int(rng.integers(0, 256))
    y = F.adaptive_avg_pool2d(qt(x, s_, zp), (oh, ow))
    emit('adaptive_avg_pool2d', [n, c, h, w, oh, ow, zp], [s_], [x.numpy(), u8(y)])


# ---- a model through FX graph mode quantization (qnnpack's default qconfig: HistogramObserver activations,
# per-tensor symmetric qint8 weights), each quantized module on the input it gets in the converted model -----------
from torch.ao.quantization import get_default_qconfig_mapping  # noqa: E402
from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx  # noqa: E402


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.dw = torch.nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8)
        self.c2 = torch.nn.Conv2d(8, 8, 1)
        self.hs = torch.nn.Hardswish()
        self.pool = torch.nn.AdaptiveAvgPool2d(1)
        self.fc = torch.nn.Linear(8, 5)

    def forward(self, x):
        b = self.dw(F.relu(self.c1(x)))
        return self.fc(self.pool(self.hs(self.c2(b) + b)).flatten(1))


net = Net().eval()
calib = torch.randn(4, 1, 3, 12, 12)
prepared = prepare_fx(net, get_default_qconfig_mapping('qnnpack'), (calib[0],))
for xb in calib:
    prepared(xb)
qnet = convert_fx(prepared)
seen = {}
for name in ['c1', 'dw', 'c2', 'hs', 'fc']:
    getattr(qnet, name).register_forward_hook(lambda mod, inp, out, name=name: seen.__setitem__(name, (inp[0], out)))
qnet(calib[0])
for name in ['c1', 'dw', 'c2']:
    mod, (xq, yq) = getattr(qnet, name), seen[name]
    wq = mod.weight()
    n, c, h, w = xq.shape
    k, _, kh, kw = wq.shape
    emit('conv2d', [n, c, h, w, k, kh, kw, mod.stride[0], mod.stride[1], mod.padding[0], mod.padding[1],
                    mod.dilation[0], mod.dilation[1], mod.groups, xq.q_zero_point(), mod.zero_point,
                    int(name == 'c1'), 0],
         [xq.q_scale(), mod.scale, wq.q_scale()],
         [u8(xq), wq.int_repr().numpy(), np.array([wq.q_zero_point()], np.int32), mod.bias().detach().numpy(), u8(yq)])
xq, yq = seen['hs']
emit('hardswish', [xq.numel(), xq.q_zero_point(), yq.q_zero_point()], [xq.q_scale(), yq.q_scale()],
     [u8(xq).ravel(), u8(yq).ravel()])
n, c, h, w = xq.shape
emit('adaptive_avg_pool2d', [n, c, h, w, 1, 1, yq.q_zero_point()], [yq.q_scale()],
     [u8(yq), u8(F.adaptive_avg_pool2d(yq, 1))])
xq, yq = seen['fc']
wq = qnet.fc.weight()
emit('linear', [xq.shape[0], xq.shape[1], wq.shape[0], xq.q_zero_point(), qnet.fc.zero_point, 0, 0],
     [xq.q_scale(), qnet.fc.scale, wq.q_scale()],
     [u8(xq), wq.int_repr().numpy(), np.zeros(1, np.int32), qnet.fc.bias().detach().numpy(), u8(yq)])

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'quant', 'cases.bin')
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, 'wb') as f:
    f.write(b'FXQ8' + struct.pack('<I', len(cases)) + b''.join(cases))
print(path, len(cases), 'cases', os.path.getsize(path), 'bytes')
