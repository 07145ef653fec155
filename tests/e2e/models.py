"""Extra models for the fx2c conformance zoo, importable by tools/fx2c-export:

    tools/fx2c-export --module tests/e2e/models.py:MyModule --input x:f32[5,4] --out DIR

Build them after torch.manual_seed(seed) (the exporter does) so that their parameters are deterministic.
"""

import math

import torch


class MyModule(torch.nn.Module):
    """The seed model. Its output is torch.topk's (values, indices): f32[3] and i64[3]."""

    def __init__(self):
        super().__init__()
        self.param = torch.nn.Parameter(torch.rand(3, 4))  # not used by forward: in the weights, not in the graph
        self.linear = torch.nn.Linear(4, 5)

    def forward(self, x):
        return torch.topk(torch.sum(self.linear(x + self.linear.weight).relu(), dim=-1), 3)


class ClampModule(MyModule):
    """The torch.fx documentation's example module (tests/graphs/seed/clamp.fx)."""

    def forward(self, x):
        return self.linear(x + self.param).clamp(min=0.0, max=1.0)


class EdgeOutputs(torch.nn.Module):
    """Storage corner cases for the memory plan and the backends: an in-place op on an input (the generated code copies
    the input, which it may not write), an output returned twice, an input and a weight returned as outputs, and a
    Python int computed at compile time."""

    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.rand(4))

    def forward(self, x):
        x.mul_(2.0)
        y = torch.relu(x + self.scale)
        return y, x, y, self.scale, x.size(0)


class BatchNormFolds(torch.nn.Module):
    """Every BatchNorm that the bnfold pass folds (Conv2d with bias, Conv1d without, Linear with BatchNorm1d), and one
    it must not fold (the conv's output has another user; a conv module called twice, whose weights the other call
    reads too)."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.bn = torch.nn.BatchNorm2d(4)
        self.conv1d = torch.nn.Conv1d(4, 6, 3, bias=False)
        self.bn1d = torch.nn.BatchNorm1d(6)
        self.fc = torch.nn.Linear(6, 5)
        self.bn_fc = torch.nn.BatchNorm1d(5)
        self.conv_shared = torch.nn.Conv2d(4, 4, 1)
        self.bn_shared = torch.nn.BatchNorm2d(4)
        self.conv_twice = torch.nn.Conv2d(4, 4, 1)
        self.bn_twice = torch.nn.BatchNorm2d(4)

    def forward(self, x):
        y = self.bn(self.conv(x))
        s = self.conv_shared(y)
        y = self.bn_shared(s) + s
        y = self.bn_twice(self.conv_twice(y)) + self.conv_twice(y * 2)  # one module, two calls: not folded
        z = self.bn1d(self.conv1d(y.mean(3)))
        return self.bn_fc(self.fc(z.mean(2)))


class TiedBiasFold(torch.nn.Module):
    """A conv whose bias is also the model's parameter 'shift' (one storage in torch.save's archive, which fx2c reads
    once and shares), then a BatchNorm that bnfold folds into the conv: the conv's new bias must leave 'shift' as it
    was."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.bn = torch.nn.BatchNorm2d(4)
        self.shift = torch.nn.Parameter(self.conv.bias.detach(), requires_grad=False)  # the same storage

    def forward(self, x):
        return self.bn(self.conv(x)) + self.shift.view(1, 4, 1, 1)


class ResidualMLP(torch.nn.Module):
    """Pre-norm residual blocks with a 4x wider hidden layer, a layer scale and a copy between layouts, as in ConvNeXt:
    the memory plan's hard case, where placing the biggest buffers first leaves the arena one block-width above the
    lower bound."""

    def __init__(self, dim=16, blocks=4):
        super().__init__()
        self.blocks = torch.nn.ModuleList(
            torch.nn.Sequential(torch.nn.LayerNorm(dim), torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(),
                                torch.nn.Linear(4 * dim, dim)) for _ in range(blocks))
        self.scale = torch.nn.Parameter(torch.full((dim,), 0.5))

    def forward(self, x):  # x: [N, C, L]
        for block in self.blocks:
            y = (block(x.permute(0, 2, 1)) * self.scale).permute(0, 2, 1)
            y += x  # as torchvision's CNBlock: the block's output becomes the residual stream
            x = y
        return x


class EpilogueFusions(torch.nn.Module):
    """Every group the epilogue pass fuses (conv + ReLU; conv + residual + in-place ReLU as ResNet writes it; conv +
    hardtanh; conv + leaky_relu; linear + GELU; linear + residual) and those it must leave (a conv whose output has
    two users; an in-place add_ that writes the conv's output into the residual; a transposed conv)."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.c2 = torch.nn.Conv2d(8, 8, 3, padding=1, bias=False)
        self.c3 = torch.nn.Conv2d(8, 8, 1)
        self.c4 = torch.nn.Conv2d(8, 8, 1)
        self.c5 = torch.nn.Conv2d(8, 8, 1)
        self.c6 = torch.nn.Conv2d(8, 8, 1)
        self.ct = torch.nn.ConvTranspose2d(8, 8, 1)
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 8)

    def forward(self, x):
        a = torch.relu(self.c1(x))
        b = self.c2(a)
        b += a  # as ResNet writes it (FX traces it as operator.add): fused
        b = torch.nn.functional.relu(b, inplace=True)
        c = torch.nn.functional.hardtanh(self.c3(b), -0.5, 0.5)
        d = torch.nn.functional.leaky_relu(self.c4(c), 0.2)
        e = self.c5(d)
        f = torch.sigmoid(e) * e  # two users: left alone
        g = d.clone()
        g.add_(self.c6(f))  # writes into the residual: left alone
        h = torch.relu(self.ct(g))  # transposed: left alone
        t = h.mean((2, 3))
        u = self.fc2(torch.nn.functional.gelu(self.fc1(t))) + t
        return u


class PrepackedLinears(torch.nn.Module):
    """Linear layers the prepack pass gives transposed weights (x [2, 16, 32]: 32 rows, at least
    FXRT_LINEAR_DOT_ROWS): one with GELU (fused_linear), one with a residual, one plain (linear); and one it leaves,
    on 2 rows (the first token)."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 48)
        self.fc2 = torch.nn.Linear(48, 32)
        self.fc3 = torch.nn.Linear(32, 40)
        self.head = torch.nn.Linear(40, 5)

    def block(self, x):
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(x)))

    def forward(self, x):
        h = self.fc3(self.block(x))
        return self.head(h[:, 0]), h


class PrepackedAttention(PrepackedLinears):
    """The same after self-attention (nn.MultiheadAttention, 4 heads), for make_fx: aten.addmm, view and gelu (the
    epilogue pass's fused_linear with weight_t) and aten._native_multi_head_attention (weights_t)."""

    def __init__(self):
        super().__init__()
        self.att = torch.nn.MultiheadAttention(32, 4, batch_first=True)
        self.eval()

    def forward(self, x):
        a, _ = self.att(x, x, x, need_weights=False)
        return super().forward(x + a)


class AttentionWeights(torch.nn.Module):
    """Self-attention that also returns the heads' average weights (make_fx: aten._native_multi_head_attention with
    need_weights, which fx2c computes unfused, as the scores must be written), then a block that reads both."""

    def __init__(self):
        super().__init__()
        self.att = torch.nn.MultiheadAttention(32, 4, batch_first=True)
        self.eval()

    def forward(self, x):
        a, w = self.att(x, x, x, need_weights=True)
        return a + x, w


class WinogradConvs(torch.nn.Module):
    """The convolutions the winograd pass rewrites (3x3, stride 1, one group, 64 input channels or more: one without a
    bias, with a fused residual and ReLU; padding 0 with 20 output channels; padding (1, 0) after an F.pad that padfold
    folds into it, asymmetric; a functional conv2d with a fused sigmoid on a weight that a second call shares; 2x2
    tiles for a weight too large for the few 4x4 tiles of a small image) and those it leaves (3 and 20 input channels;
    stride 2, dilation 2, two groups, 1x1, 5x5)."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 64, 3, padding=1)
        self.c2 = torch.nn.Conv2d(64, 16, 3, padding=1, bias=False)
        self.p1 = torch.nn.Conv2d(64, 16, 1)
        self.c3 = torch.nn.Conv2d(64, 20, 3)
        self.c4 = torch.nn.Conv2d(20, 16, 3, padding=2)
        self.c5 = torch.nn.Conv2d(64, 16, 3, padding=(1, 0))
        self.w = torch.nn.Parameter(torch.randn(16, 64, 3, 3) * 0.05)
        self.s2 = torch.nn.Conv2d(64, 2, 3, stride=2, padding=1)
        self.d2 = torch.nn.Conv2d(64, 2, 3, padding=2, dilation=2)
        self.g2 = torch.nn.Conv2d(64, 2, 3, padding=1, groups=2)
        self.k5 = torch.nn.Conv2d(64, 1, 5, padding=2)
        self.small = torch.nn.Conv2d(64, 113, 3, padding=1)  # 1.2 MB as 4x4 tiles, and only 4 of them

    def forward(self, x):
        a = torch.relu(self.c1(x))
        b = torch.relu(self.c2(a) + self.p1(a))
        d = self.c4(self.c3(a))
        e = self.c5(torch.nn.functional.pad(a, (1, 2, 0, 1)))  # padfold: 1 before, 2 after in both directions
        f = torch.sigmoid(torch.nn.functional.conv2d(a, self.w, padding=1))
        g = torch.nn.functional.conv2d(-a, self.w, None, 1, 1)
        h = self.small(torch.nn.functional.avg_pool2d(a, 2))
        return b + d + f + g, e, self.s2(a), self.d2(a) + self.g2(a) + self.k5(a), h


class NchwcChains(torch.nn.Module):
    """The convolutions the nchwc pass moves to NCHW16c and those it leaves: an inverted residual block (1x1 expand to
    40 channels with ReLU6, 3x3 depthwise with ReLU6, squeeze-and-excitation, 1x1 project to 24 channels with the
    block's input as residual) whose input comes from a dense stride-2 stem (reading x in NCHW, writing NCHW16c for
    the expand and the residual); a 5x5 stride-2 depthwise with hardswish (an activation applied after the tile is
    stored); an F.pad that padfold folds into a stride-2 depthwise, asymmetric; a dilated depthwise of a blocked value
    scaled by a parameter [1, c, 1, 1] (x * scale); the expand's result also read in NCHW (sigmoid); a depthwise that
    no chain links and a 1x1 of one pixel (both left); a 1x1 whose result another 1x1 reads before an in-place mul_
    writes it and after (the blocked copy must not stand in for it); a fire module (squeezenet's) on a blocked max pool
    with ceil_mode: squeeze, 1x1 and 3x3 expands concatenated (16 + 20 channels: blocked), read by a 1x1 stride-2
    convolution (through a concatenation with an empty slice, left in NCHW: an empty input has no blocks) and a padded
    max pool; a concatenation whose first input is not a multiple of 16 (left in NCHW).
    Channel counts are not multiples of 16."""

    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.stem = nn.Conv2d(3, 24, 3, stride=2, padding=1)
        self.expand = nn.Conv2d(24, 40, 1)
        self.dw = nn.Conv2d(40, 40, 3, padding=1, groups=40)
        self.se1 = nn.Conv2d(40, 10, 1)
        self.se2 = nn.Conv2d(10, 40, 1)
        self.project = nn.Conv2d(40, 24, 1)
        self.dw5 = nn.Conv2d(24, 24, 5, stride=2, padding=2, groups=24)
        self.dwpad = nn.Conv2d(40, 40, 3, stride=2, groups=40, bias=False)
        self.dwdil = nn.Conv2d(24, 24, 3, padding=2, dilation=2, groups=24)
        self.lone = nn.Conv2d(24, 24, 3, padding=1, groups=24)
        self.fc = nn.Conv2d(24, 8, 1)
        self.pw = nn.Conv2d(24, 20, 1)
        self.pw2 = nn.Conv2d(20, 12, 1)
        self.gain = nn.Parameter(torch.rand(1, 24, 1, 1) + 0.5)
        self.squeeze = nn.Conv2d(24, 16, 1)
        self.ex1 = nn.Conv2d(16, 16, 1)
        self.ex3 = nn.Conv2d(16, 20, 3, padding=1)
        self.down = nn.Conv2d(36, 12, 1, stride=2)

    def forward(self, x):
        F = torch.nn.functional
        s = torch.relu(self.stem(x))
        e = F.relu6(self.expand(s))
        d = F.relu6(self.dw(e))
        g = torch.sigmoid(self.se2(F.relu(self.se1(F.adaptive_avg_pool2d(d, 1)))))
        y = self.project(g * d) + s
        z = F.hardswish(self.dw5(y))
        p = self.dwpad(F.pad(d, (0, 1, 0, 1)))
        q = self.dwdil(y * self.gain)
        f = self.fc(F.adaptive_avg_pool2d(z, 1))
        t = self.pw(q)
        u = self.pw2(t)
        t.mul_(0.5)
        h = F.relu(self.squeeze(F.max_pool2d(y, 3, stride=2, ceil_mode=True)))
        c = torch.cat([F.relu(self.ex1(h)), F.relu(self.ex3(h))], 1)
        w = torch.cat([self.ex3(h), h], 1)
        return (z, p, q, self.lone(s * 0.5), torch.sigmoid(e), f, u, self.pw2(t),
                self.down(torch.cat([c, h[:, :0]], 1)), F.max_pool2d(c, 2, stride=1, padding=1), torch.sigmoid(w))


class HiddenHyperparameters(torch.nn.Module):
    """Layers built with hyperparameters that print(model) does not show, each where it changes the result (issue 15):
    AvgPool2d/AvgPool1d with ceil_mode, count_include_pad=False and divisor_override on sizes that ceil_mode rounds
    up, MaxPool2d and AdaptiveMaxPool2d with return_indices, bilinear Upsample with align_corners, Hardswish with
    inplace=True whose input is read again. tools/fx2c-export writes them into modules.txt (modules_text)."""

    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.avg = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        self.avg_div = nn.AvgPool2d(2, stride=2, ceil_mode=True, divisor_override=3)
        self.avg_pad = nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)
        self.avg1 = nn.AvgPool1d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        self.max = nn.MaxPool2d(2, return_indices=True)
        self.amax = nn.AdaptiveMaxPool2d((2, 3), return_indices=True)
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
        self.hs = nn.Hardswish(inplace=True)

    def forward(self, x):  # x: [N, C, 10, 12]
        m, am = self.max(x), self.amax(x)
        v, i, av, ai = m[0], m[1], am[0], am[1]
        y = x * 2
        h = self.hs(y)  # writes into y, which is read below
        return (self.avg(x), self.avg_div(x), self.avg_pad(x), self.avg1(x.flatten(2)), v, i, av, ai, self.up(x),
                h, y + 1)


class SquareOps(torch.nn.Module):
    """torch.square, the op added in ir/ops.def and program/ops/elementwise.c alone (docs/ARCHITECTURE.md: how to add
    an op): as a function and a method, on f32, int64 and bool (squared to int64), and in place."""

    def forward(self, x, idx):
        a = torch.square(x)
        b = x.square() - a
        c = idx.square()
        d = (x > 0).square()
        e = x.clone()
        e.square_()
        return a + b, c, d, e


class ElementwiseChains(torch.nn.Module):
    """What the ewfuse pass fuses (chains and trees of f32 elementwise ops, with broadcast weights, Python numbers,
    alpha, rsub, parameters, maximum, pow, division) and where its groups must stop: a value with two users (or read
    twice by one op), an op on a smaller, broadcast value (computed once rather than at every element), an in-place op
    between a producer and its consumer, more than seven tensors in one expression, and integer or bool results."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 1)
        self.bias = torch.nn.Parameter(torch.rand(8, 1, 1) - 0.5)
        self.scale = torch.nn.Parameter(torch.rand(8) + 0.5)
        self.act = torch.nn.Hardswish()

    def forward(self, x):  # x: [N, 3, H, W]
        y = self.conv(x)
        a = torch.relu(y * 2.0 + self.bias)  # a has two users: a group of its own
        b = torch.sub(a, y, alpha=0.5).clamp(max=1.0)
        c = 1.0 - torch.sigmoid(b)
        d = torch.nn.functional.leaky_relu(c, 0.1) / (y.abs() + 1e-3)
        e = torch.maximum(d, a) ** 2
        s = torch.sigmoid(y.mean((2, 3), keepdim=True))  # [N, 8, 1, 1]: not computed per element of e
        f = (e * s).tanh()
        g = f * f + torch.nn.functional.hardtanh(f, -0.5, 0.5)  # f read twice: a leaf
        h = g.clone()
        h.add_(1.0)  # in place: the producer of h's input is not moved below it
        k = torch.nn.functional.gelu(h, approximate="tanh").exp().neg() * self.scale.view(1, 8, 1, 1)
        p = [torch.roll(y, i, 3) for i in range(9)]  # nine tensors: more than one expression holds
        q = torch.nn.functional.elu(p[0] + p[1] + p[2] + p[3] + p[4] + p[5] + p[6] + p[7] + p[8], alpha=0.5)
        for _ in range(20):  # forty operations: more than one expression holds
            q = q * 0.9 + 0.05
        r = torch.nn.functional.softplus(q, beta=2.0) - self.act(k).rsqrt().nan_to_num(0.0, 10.0, -10.0)
        n = (r > 0).sum(dim=1)  # bool and integer results: not fused
        return r, n


class ElementwiseFunctions(torch.nn.Module):
    """The trigonometric, hyperbolic, exponential, special and shrink functions (issue 16) as functions, modules and
    reflected operators, in chains that ewfuse fuses (digamma, erfinv, erfcx and log_ndtr it leaves to the unary
    kernel), so that the C loops and the LLVM backend's fused code compute each of them."""

    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.acts = nn.ModuleList([nn.SELU(), nn.CELU(0.7), nn.Softsign(), nn.Tanhshrink(), nn.LogSigmoid(),
                                   nn.Hardshrink(0.3), nn.Softshrink(0.2), nn.Threshold(0.1, -2.0)])

    def forward(self, x):
        F = torch.nn.functional
        t = torch.tanh(x)  # in (-1, 1)
        a = torch.acos(t) + torch.asin(t * 0.5) + torch.atan(x) + torch.atanh(t * 0.9)
        b = torch.acosh(x * x + 1.0) + torch.asinh(x) + torch.cosh(t) - torch.sinh(t) + torch.tan(t)
        c = torch.trunc(x * 3) + torch.frac(x * 3) + torch.log10(x.abs() + 0.1) + torch.log2(x.abs() + 0.1) + \
            torch.log1p(x.abs())
        d = torch.expm1(t) + torch.exp2(t) + torch.erfc(x) + torch.lgamma(x.abs() + 0.5) + torch.sinc(x) + \
            torch.deg2rad(x) + torch.rad2deg(t)
        e = F.logsigmoid(x) + F.softsign(x) + F.tanhshrink(x) + F.hardshrink(x, 0.3) + F.softshrink(x, 0.2) + \
            F.threshold(x, 0.1, -2.0) + torch.logit(torch.sigmoid(x)) + torch.logit(torch.sigmoid(x), eps=0.2) + \
            F.celu(x, 0.7) + F.selu(x)
        f = torch.special.entr(x.abs()) + torch.special.ndtr(x) + torch.special.log_ndtr(x * 4) + \
            torch.special.erfcx(x) + torch.digamma(x) + torch.erfinv(t)
        g = x
        for act in self.acts:
            g = act(g) + x
        h = torch.fmod(x, 0.7) + torch.atan2(x, t) + torch.hypot(x, t) + torch.logaddexp(x, t) + \
            torch.logaddexp2(x, t) + torch.xlogy(t, x.abs()) + torch.special.xlog1py(t, x.abs()) + \
            torch.copysign(x, t) + torch.fmax(x, t) - torch.fmin(x, t) + torch.heaviside(x, t) + \
            torch.nextafter(x, t) + torch.div(x, t, rounding_mode="trunc") + torch.clamp(x, min=t, max=t + 0.5)
        i = torch.float_power(x, 2)
        z = torch.cat([x, x / 0.0, -x * 0.0])  # infinities, NaN (0 / 0) and -0.0
        j = torch.stack([torch.isnan(z), torch.isinf(z), torch.isposinf(z), torch.isneginf(z), torch.isfinite(z),
                         torch.signbit(z), torch.isreal(z)])
        return a * b - c, d + e + f, g, h, i, j, 2.0 - x, 1.0 / (x + 3), 2.0 ** t, 7.0 % (x + 3)


class SpecialFunctions(torch.nn.Module):
    """The Bessel, Airy and inverse normal functions (runtime/fxrt_special.h, computed in double by the unary kernel,
    never fused) in their spellings (torch.i0 and the method, torch.special.NAME), on ordinary values, large ones
    (where I overflows, K underflows and J, Y oscillate) and the edges: 0, -0, +-inf, NaN, subnormals, negative
    arguments of K and Y, and for ndtri its ends, its far tails and values outside [0, 1]."""

    def forward(self, x):
        S = torch.special
        edges = torch.cat([x * 1e-38, x / 0.0, -x * 0.0])  # subnormals, +-inf and NaN (0 / 0), -0.0
        z = torch.cat([x, x * 4, x * 12 + 12, x * 40, x * 1e3, x * 1e30, edges])
        w = torch.cat([x, x * 4, x * 12 + 12, x * 40, edges])  # Airy: far out its phase is float noise in PyTorch
        a = z.abs()
        p = torch.sigmoid(x * 6)  # in (0, 1)
        q = torch.cat([p, p * 1e-30, 1 - p * 1e-6, p * 2 - 0.5, edges])
        i = torch.i0(z) + z.i0() * 0.5 + S.i0e(z) + S.i1(z) + S.i1e(z) + S.modified_bessel_i0(z) + \
            S.modified_bessel_i1(z)
        k = S.modified_bessel_k0(z) + S.modified_bessel_k1(a) + S.scaled_modified_bessel_k0(a) + \
            S.scaled_modified_bessel_k1(z)
        j = S.bessel_j0(z) + S.bessel_j1(z) * 2 + S.spherical_bessel_j0(z)
        y = S.bessel_y0(a) + S.bessel_y1(z) * 2
        return S.i0e(z), S.i1e(z), i, k, S.scaled_modified_bessel_k1(a), j, y, S.bessel_y1(a), S.airy_ai(w), \
            S.ndtri(q), S.ndtri(p) * 2 + 1


class CompositeFunctions(torch.nn.Module):
    """Targets that fx2c decomposes into other ops (program/decompose.c: losses, norms, products, stacking and
    splitting, triangles, index_add and friends, sorting and medians, classification losses, searching, pairs and
    combinations, embedding_bag, einsum with broadcasting, ellipses, diagonals, implicit outputs and three operands) and the gather and scatter kernel (runtime/fxrt_index.c), with
    indices computed at run time, so that the C and LLVM backends run what the decompositions make."""

    def __init__(self):
        super().__init__()
        self.register_buffer("idx", torch.tensor([[0, 5, 1], [3, 0, 3]]))
        self.register_buffer("offs", torch.tensor([0, 5, 5, 12]))  # embedding_bag: an empty bag
        self.slope = torch.nn.Parameter(torch.rand(6) * 0.5)
        self.bw = torch.nn.Parameter(torch.randn(3, 6, 6) * 0.3)

    def forward(self, x):  # x: [4, 6]
        F = torch.nn.functional
        t, p = torch.tanh(x), torch.sigmoid(x)
        i = (x.abs() * 7).long() % 4  # indices in [0, 4), duplicates in every row
        a = F.mse_loss(x, t) + F.l1_loss(x, t, reduction="sum") + F.smooth_l1_loss(x, t, beta=0.5) + \
            F.huber_loss(x, t, delta=0.7) + F.binary_cross_entropy(p, torch.sigmoid(t)) + \
            F.binary_cross_entropy_with_logits(x, p, pos_weight=p[0]) + \
            F.kl_div(F.log_softmax(x, 1), F.softmax(t, 1), reduction="batchmean") + \
            F.cosine_embedding_loss(x, t, torch.ones(4)) + F.triplet_margin_loss(x, t, -t, swap=True) + \
            F.soft_margin_loss(x, t.sign()) + F.poisson_nll_loss(x, p) + F.multilabel_soft_margin_loss(x, p)
        b = torch.linalg.vector_norm(x, 3, dim=1) + torch.norm(x, dim=1) + F.normalize(x).sum(1) + \
            F.cosine_similarity(x, t) + torch.cdist(x, t).sum(1) + torch.dist(x, t) + F.pairwise_distance(x, t)
        c = torch.gather(x, 1, i) + torch.scatter_add(x, 1, i, t) + torch.take(x, self.idx).sum() + \
            torch.scatter_reduce(x, 1, i, t, "amax", include_self=False) + \
            torch.scatter_reduce(x, 1, i, t, "mean") + torch.index_add(x, 0, self.idx[1], t[:3], alpha=2.0) + \
            torch.index_fill(x, 1, self.idx[0], -1.0) + torch.take_along_dim(x, i, 1) + \
            torch.masked_scatter(x, x > 0, t * 10) + torch.index_select(x, 1, self.idx[0]).sum(1, keepdim=True)
        d = torch.tril(x) + torch.triu(x, 1) * 2 + torch.addcmul(x, t, p, value=0.5) + torch.addcdiv(x, t, p + 1) + \
            torch.lerp(x, t, p) + torch.outer(x[0], t[1])[:4] + F.prelu(x, self.slope) + F.glu(torch.cat([x, t], 1))
        e = torch.hstack([x, t]).sum(1) + torch.vstack([x, t])[2:6].sum(1) + \
            torch.tensor_split(x, 3, dim=1)[1].sum(1) + torch.kron(x[:2, :2], t[:2, :2]).sum(1) + torch.cross(x[:, :3], t[:, :3], dim=1).sum(1) + \
            torch.diff(x, dim=1).sum(1) + torch.trapezoid(x) + torch.inner(x, t).sum(1) + torch.aminmax(x, dim=1)[1]
        f = torch.sort(x, 1, descending=True)[0][:, 0] + torch.median(x, 1)[0] + torch.kthvalue(x, 2, 1)[0] + \
            torch.nanmedian(x / (x > 0), 1)[0] + torch.argsort(x, 1)[:, 0].float()
        cls = i[:, 0]  # class indices at run time
        g = F.nll_loss(F.log_softmax(x, 1), cls, self.slope[:6], ignore_index=2) + \
            F.cross_entropy(x, cls, label_smoothing=0.1) + F.cross_entropy(x, p.softmax(1), reduction="sum") + \
            F.gaussian_nll_loss(x, t, p + 0.1, full=True) + F.multi_margin_loss(x, cls, p=2) + \
            F.multilabel_margin_loss(x, i - 1) + torch.pdist(x).sum() + torch.combinations(x[0], 2).sum() + \
            torch.renorm(x, 2, 0, 1.0).sum() + F.local_response_norm(x.reshape(2, 2, 6), 3).sum() + \
            torch.equal(x, t)
        h = torch.bucketize(x, torch.tensor([-0.5, 0.0, 0.5]), right=True) + \
            torch.searchsorted(torch.sort(t, 1)[0], x) + torch.block_diag(x[:2, :2], t[:1]).sum(0)[:6].long()
        k = torch.gradient(x, spacing=[torch.cumsum(p[:, 0] + 0.1, 0), torch.cumsum(p[0] + 0.1, 0)], edge_order=2)[1] + \
            torch.gradient(x, spacing=0.5)[0] + torch.index_put(x, (cls,), t[0], accumulate=True) + \
            torch.index_put(x, (x[:, 0] > 0,), t[1])
        y = x.reshape(2, 2, 6)
        m = torch.einsum("ij,kj->ik", x, t).sum(1) + torch.einsum("bij,bkj->bik", y, y.tanh()).sum((0, 2)).sum() + \
            torch.einsum("ij->j", x)[:4] + torch.einsum("ii->i", x[:, :4]) + torch.einsum("ij,ij,ij->i", x, t, p) + \
            torch.einsum("...j,j->...", x, self.slope) + torch.einsum("i,j->ij", x[0], t[1])[:4, 0] + \
            torch.einsum("bij->jb", y).sum(0)[0] + torch.einsum("ij,j", x, p[0]) + \
            torch.einsum("bxk,kj->bxj", x.unsqueeze(0), self.bw[0]).sum((0, 2)) + torch.einsum("iji->j", self.bw[:, :4, :3])[0] + \
            torch.einsum("xy,zy", x, t[:1]).sum(1) + torch.einsum("ij,ij->", x, t) + \
            torch.linalg.multi_dot([x, t.T, x, t.T]).sum(1) + torch.linalg.matrix_power(x[:, :4] * 0.5, 5).sum(0) + \
            torch.linalg.matrix_norm(x, 1) + torch.linalg.norm(x, float("inf")) + torch.linalg.norm(x, dim=1) + \
            torch.fft.fftshift(x)[:, 0] + torch.fft.ifftshift(x, 1)[:, 1] + \
            F.embedding_bag(i.reshape(-1), self.bw[0], self.offs, mode="max", padding_idx=1).sum(1) + \
            F.embedding_bag(i, self.bw[1], mode="sum", per_sample_weights=p).sum(1) + \
            F.embedding_bag(i.reshape(-1), self.bw[2], self.offs[:3], mode="mean", padding_idx=0).sum(1)[:1]
        return a, b, c, d, e, f, g, h, k, torch.cov(x), torch.round(x, decimals=2), torch.rot90(x), torch.atleast_3d(x[0]), \
            torch.diagonal_scatter(x, t[0, :4]), x.sum_to_size(1, 6), F.bilinear(x, t, self.bw, self.slope[:3]), m


class ConstantFolds(torch.nn.Module):
    """What the constfold pass computes at compile time (a transposed weight, as make_fx writes a linear layer;
    arithmetic on weights; a product of two weights; arange) and what it leaves to run time: results larger than
    64 KiB and than what they are computed from (zeros of a big shape, a weight expanded to many rows), and anything
    that reads the input."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(16, 8) * 0.3)
        self.a = torch.nn.Parameter(torch.randn(8, 4) * 0.5)
        self.b = torch.nn.Parameter(torch.randn(4, 8) * 0.5)
        self.scale = torch.nn.Parameter(torch.rand(8) + 0.5)

    def forward(self, x):  # x: [N, 16]
        y = x @ self.w  # [N, 8]
        y = y * (self.scale * 2.0 + 1.0).sqrt()
        y = y @ (self.a @ self.b)
        y = y + torch.arange(8, dtype=torch.float32) * 0.1
        z = torch.zeros(300, 300)
        e = self.scale.expand(4096, 8)
        return y + z[0, :8] + e[:1] + self.w.t()[:, 0]


class WeightWrittenInPlace(torch.nn.Module):
    """A buffer that forward writes into: not a constant (for the constfold pass golden only; the exporter's
    reference outputs would depend on how often forward ran)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(4))
        self.w = torch.nn.Parameter(torch.rand(4))

    def forward(self, x):  # x: [N, 4]
        self.count.add_(1.0)
        return x * (self.count * 2.0) + self.w * 3.0


class PaddingFolds(torch.nn.Module):
    """What the padfold pass folds: F.pad before a conv (asymmetric, as TensorFlow's "same" padding for stride 2; on
    top of the conv's own padding; before a conv whose ReLU the epilogue pass fused; before a conv1d), nn.ZeroPad2d
    before a depthwise conv, -inf padding before a max pool and zeros before an average pool that counts them; and
    what it leaves: a pad with two users, reflect padding, a nonzero fill before a conv, and asymmetric padding
    before a pool."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2)
        self.c2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.dw = torch.nn.Conv2d(8, 8, 3, groups=8)
        self.zp = torch.nn.ZeroPad2d((1, 1, 2, 0))
        self.c3 = torch.nn.Conv2d(8, 8, 1)
        self.c4 = torch.nn.Conv2d(8, 8, 3)
        self.c1d = torch.nn.Conv1d(8, 4, 3)
        self.pool = torch.nn.MaxPool2d(3, 2)

    def forward(self, x):  # x: [N, 3, H, W]
        F = torch.nn.functional
        a = self.c1(F.pad(x, (0, 1, 0, 1)))
        b = torch.relu(self.c2(F.pad(a, (1, 0, 2, 1))))
        c = self.dw(self.zp(b))
        d = self.pool(F.pad(c, (1, 1, 1, 1), value=float("-inf")))
        e = F.avg_pool2d(F.pad(d, (1, 1, 1, 1)), 3, 1, count_include_pad=True)
        p = F.pad(e, (1, 1, 1, 1))  # two users: kept
        f = self.c3(p) + p
        g = self.c4(F.pad(f, (1, 1, 1, 1), mode="reflect"))  # reflect: kept
        h = self.c4(F.pad(g, (1, 1, 1, 1), value=0.5))  # not zeros: kept
        k = F.max_pool2d(F.pad(h, (0, 1, 0, 1), value=float("-inf")), 2)  # asymmetric before a pool: kept
        m = self.c1d(F.pad(k.mean(2), (2, 0)))
        return m


class UnbatchedLayers(torch.nn.Module):
    """Convolutions and pools on unbatched inputs, which PyTorch takes as one sample: an image [C, H, W] for the 2-d
    forms and a sequence [C, L] for the 1-d ones (issue 15: the rank is the one the target names, not the input's).
    Modules, functions and torch.* forms; at aten level (make_fx) the convolutions become unsqueeze, convolution and
    squeeze, the 2-d pools run on the 3-d input and the 1-d pools become 2-d pools over a height of 1. (Indices come
    from the functions: print(model) does not show a pool module's return_indices.)"""

    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.deconv = nn.ConvTranspose2d(6, 4, 3, stride=2, padding=1, output_padding=1)
        self.w2 = nn.Parameter(torch.randn(5, 3, 3, 3) * 0.2)
        self.wt2 = nn.Parameter(torch.randn(3, 2, 2, 2) * 0.2)
        self.pool_max = nn.MaxPool2d(2)
        self.pool_max_pad = nn.MaxPool2d(3, stride=2, padding=1)
        self.pool_avg = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True)
        self.pool_adaptive = nn.AdaptiveAvgPool2d(5)
        self.pool_adaptive_max = nn.AdaptiveMaxPool2d((2, 3))
        self.fc = nn.Linear(6 * 3 * 2, 4)
        self.conv1 = nn.Conv1d(4, 6, 3, stride=2, padding=1)
        self.w1 = nn.Parameter(torch.randn(5, 4, 3) * 0.2)
        self.wt1 = nn.Parameter(torch.randn(4, 3, 3) * 0.2)
        self.pool_max1 = nn.MaxPool1d(2)
        self.pool_avg1 = nn.AvgPool1d(3, stride=2, padding=1)
        self.pool_adaptive1 = nn.AdaptiveAvgPool1d(5)

    def forward(self, x, s):  # x: [3, H, W], s: [4, L]
        F = torch.nn.functional
        y = torch.relu(self.conv(x))                                  # [6, H, W]
        fm, am = F.max_pool2d(y, 2, return_indices=True), F.adaptive_max_pool2d(y, (2, 3), return_indices=True)
        image = (
            self.pool_max(y),                                         # int kernel: [6, H/2, W/2]
            F.max_pool2d(y, 2),
            F.max_pool2d(y, (3, 2), stride=(1, 2), padding=(1, 0)),
            torch.max_pool2d(y, 3, 2, 1),
            self.pool_max_pad(y),
            fm[0], fm[1],                                             # values and indices
            self.pool_avg(y),
            F.avg_pool2d(y, 2, count_include_pad=False),
            F.avg_pool2d(y, 3, stride=1, padding=1, divisor_override=4),
            self.pool_adaptive(y),                                    # [6, 5, 5]
            F.adaptive_avg_pool2d(y, 5),
            F.adaptive_avg_pool2d(y, (None, 3)),
            self.pool_adaptive_max(y),
            am[0], am[1],
            F.adaptive_max_pool2d(y, 3),
            self.deconv(y),
            F.conv2d(x, self.w2, stride=2, padding=1),
            F.conv_transpose2d(x, self.wt2, stride=2),
            self.fc(torch.flatten(F.adaptive_avg_pool2d(self.pool_max(y), (3, 2)))),  # a CNN's head on one image
        )
        z = torch.relu(self.conv1(s))                                 # [6, L/2]
        m1, am1 = F.max_pool1d(z, 2, return_indices=True), F.adaptive_max_pool1d(z, 4, return_indices=True)
        sequence = (
            self.pool_max1(z),
            F.max_pool1d(z, 3, stride=1, padding=1),
            m1[0], m1[1],
            self.pool_avg1(z),
            F.avg_pool1d(z, 2),
            self.pool_adaptive1(z),
            F.adaptive_avg_pool1d(z, 3),
            am1[0], am1[1],
            F.conv1d(s, self.w1, padding=1),
            F.conv_transpose1d(s, self.wt1, stride=2),
        )
        return image + sequence


class SpecialBinaryFunctions(torch.nn.Module):
    """torch.special's functions of two arguments (runtime/fxrt_special2.h): Hurwitz zeta, polygamma, the regularized
    incomplete gamma functions and the orthogonal polynomials, on the input and on edge values (NaN, infinities, the
    poles, q <= 0 integer and not, a == 0, x < 0, |x| == 1, negative, fractional, NaN and huge degrees), with tensors
    and numbers as operands. One output per function, so that each is compared at its own scale. x: [4, 6]."""

    def __init__(self):
        super().__init__()
        nan, inf = float("nan"), float("inf")
        self.register_buffer("zx", torch.tensor([nan, -inf, 0.5, 1.0, 1.0, 2.0, 2.0, 3.0, 2.5, inf, inf, inf, 4.0, 2.0]))
        self.register_buffer("zq", torch.tensor([1.0, 2.0, 2.0, nan, -3.0, -2.5, 0.0, -0.5, -2.5, 0.5, 1.0, 2.0, 0.7,
                                                 inf]))
        self.register_buffer("pz", torch.tensor([nan, -inf, -2.0, -1.5, -0.0, 0.0, 0.25, 1.0, 1e10, inf]))
        self.register_buffer("ga", torch.tensor([nan, nan, 0.0, 0.0, 0.5, inf, inf, 2.0, -1.0, 3.0, 1e-3, 1e-30, 50.0,
                                                 0.0]))
        self.register_buffer("gx", torch.tensor([0.0, inf, 0.0, 2.0, inf, nan, inf, nan, 1.0, -1.0, 0.5, 0.5, 47.0,
                                                 nan]))
        self.register_buffer("px", torch.tensor([nan, -inf, -2.0, -1.0, -0.3, 0.0, 0.5, 1.0, 2.0, inf]))
        self.register_buffer("pn", torch.tensor([nan, -1.0, 0.0, 1.0, 2.0, 3.0, 7.0, 9.0, 10.0, 2.7, -0.5, 1e30]))
        self.register_buffer("n11", torch.tensor(11.0))

    def forward(self, x):
        S = torch.special
        q = x.abs() + 0.25
        out = [S.zeta(x.abs() * 3 + 1.5, q), S.zeta(x * 4, 1.5), S.zeta(3.0, x * 4),
               torch._C._special.special_zeta(x.abs() + 2.0, -q - 0.5), S.zeta(self.zx, self.zq)]
        out += [torch.polygamma(0, x * 3), torch.polygamma(1, x * 3), torch.polygamma(2, x * 3),
                x.mul(3).polygamma(3), S.polygamma(4, q)]
        # polygamma(1, -2.) is left out: PyTorch's float32 and float64 differ there (1 / sin(pi x)^2 of a rounded pi)
        out += [torch.polygamma(n, self.pz) for n in (0, 2, 3, 4)]
        out += [torch.cat([torch.polygamma(1, self.pz[3:]), torch.polygamma(1, self.pz[:2])])]
        a = (x * 3).abs()
        out += [torch.igamma(a, q * 2), torch.igammac(a, q * 2), S.gammainc(q, a), S.gammaincc(q + 20, a * 9),
                torch.igamma(self.ga, self.gx), torch.igammac(self.ga, self.gx)]
        n = (x.abs() * 4).floor()
        polys = [S.chebyshev_polynomial_t, S.chebyshev_polynomial_u, S.chebyshev_polynomial_v,
                 S.chebyshev_polynomial_w, S.shifted_chebyshev_polynomial_t, S.shifted_chebyshev_polynomial_u,
                 S.shifted_chebyshev_polynomial_v, S.shifted_chebyshev_polynomial_w, S.hermite_polynomial_h,
                 S.hermite_polynomial_he, S.laguerre_polynomial_l, S.legendre_polynomial_p]
        out += [f(x, n) for f in polys] + [f(x * 0.4, self.n11) for f in polys]
        out += [f(self.px[:, None], self.pn[None, :]) for f in polys]
        return tuple(out)



class AudioLayers(torch.nn.Module):
    """Layers of audio and speech models. x: [2, 4, 5, 6, 7]. Padding of 1, 2 and 3 dimensions in the modes reflect,
    replicate, circular and constant, as modules (ReflectionPad1d/2d/3d, ReplicationPad1d/2d/3d, ConstantPad1d/3d,
    ZeroPad2d) and F.pad on batched and unbatched inputs; nn.utils.weight_norm'ed Conv1d (dim 0 and 2, as wav2vec2's
    positional convolution), Linear and dim=None; torch._weight_norm; GroupNorm, PReLU (one and per-channel
    parameters), GLU, log10/log2/log1p/expm1."""

    def __init__(self, circular=True):
        super().__init__()
        nn = torch.nn
        self.circular = circular  # make_fx writes circular padding as aten.copy_ into slices, which fx2c lacks
        self.pads1 = nn.ModuleList([nn.ReflectionPad1d((2, 3)), nn.ReplicationPad1d((4, 1)),
                                    nn.ConstantPad1d((1, 2), 0.5)])
        self.pads2 = nn.ModuleList([nn.ReflectionPad2d((1, 2, 3, 0)), nn.ReplicationPad2d(2),
                                    nn.ZeroPad2d((1, 0, 2, 1))])
        self.pads3 = nn.ModuleList([nn.ReflectionPad3d((1, 2, 0, 3, 2, 1)), nn.ReplicationPad3d((2, 1, 3, 0, 1, 4)),
                                    nn.ConstantPad3d((1, 0, 2, 1, 0, 1), -1.5)])
        self.wn0 = nn.utils.weight_norm(nn.Conv1d(7, 6, 3, padding=1))
        self.wn2 = nn.utils.weight_norm(nn.Conv1d(6, 6, 5, padding=2, groups=2), dim=2)
        self.wn_lin = nn.utils.weight_norm(nn.Linear(6, 5))
        self.wn_none = nn.utils.weight_norm(nn.Conv1d(6, 4, 1, bias=False), dim=None)
        with torch.no_grad():  # g away from ||v||, so that a missing normalization shows
            for m in (self.wn0, self.wn2, self.wn_lin, self.wn_none):
                m.weight_g.mul_(torch.rand_like(m.weight_g) + 0.5)
        self.v = nn.Parameter(torch.randn(4, 3, 2))
        self.g = nn.Parameter(torch.rand(4, 1, 1) + 0.5)
        self.gn = nn.GroupNorm(2, 4)
        self.prelu1 = nn.PReLU()
        self.prelu4 = nn.PReLU(4)
        with torch.no_grad():
            self.prelu4.weight.copy_(torch.tensor([0.1, -0.3, 0.5, 2.0]))
        self.glu = nn.GLU(dim=1)

    def forward(self, x):
        F = torch.nn.functional
        out = []
        x3 = x.flatten(1, 2).flatten(2, 3)          # [2, 20, 42]
        x4 = x[:, :, 0]                              # [2, 4, 6, 7]
        out += [p(x3) for p in self.pads1] + [p(x4) for p in self.pads2] + [p(x) for p in self.pads3]
        if self.circular:
            out += [F.pad(x3, (3, 2), mode="circular"), F.pad(x4, (1, 2, 2, 1), mode="circular"),
                    F.pad(x, (1, 2, 2, 1, 3, 1), mode="circular")]
        out += [F.pad(x[0], (2, 1, 1, 2, 1, 0), mode="reflect"), F.pad(x[0], (0, 3, 2, 0, 1, 1), mode="replicate"),
                F.pad(x3[0], (5, 1), mode="reflect")]
        s = x[:, :, :, 0].flatten(1, 2)              # [2, 20, 7]
        c = self.wn0(s.transpose(1, 2))             # [2, 6, 20]
        out += [c, self.wn2(c), self.wn_lin(c.transpose(1, 2)), self.wn_none(c), torch._weight_norm(self.v, self.g, 0)]
        wn = torch._weight_norm_interface(self.v, self.g, 0)  # the weight and the norm
        out += [wn[0], wn[1]]
        y = x4.mean(-1)                              # [2, 4, 6]
        gn = torch.ops.aten.native_group_norm(x4.contiguous(), self.gn.weight, self.gn.bias, 2, 4, 42, 2, 1e-5)
        out += [gn[0], gn[1], gn[2]]  # the result, mean and rstd
        out += [self.gn(x4), self.prelu1(y), self.prelu4(y), self.prelu4(x4), self.glu(x4), F.glu(y, -1),
                torch.prelu(y, self.prelu4.weight)]
        a = x.abs() + 0.1
        out += [torch.log10(a), torch.log2(a), torch.log1p(a), torch.expm1(x)]
        return tuple(out)


class SpectralFrontEnd(torch.nn.Module):
    """Audio front ends on a waveform x: [2, 1000]: torch.stft's real/imaginary form (centered with reflect and
    constant padding, a window shorter than n_fft, normalized, no window, not centered) and its magnitude (abs of the
    complex result, through the reshapes torchaudio applies), |torch.fft.rfft|, and torchaudio's Spectrogram (power 1 and 2, a short
    window, normalized) and MelSpectrogram when torchaudio is installed."""

    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(200))
        self.register_buffer("win128", torch.hann_window(128))
        try:
            import torchaudio
            T = torchaudio.transforms
            self.ta = torch.nn.ModuleList([T.Spectrogram(n_fft=256, hop_length=80, power=1.0),
                                           T.Spectrogram(n_fft=200, win_length=160, hop_length=50, normalized=True),
                                           T.MelSpectrogram(sample_rate=16000, n_fft=256, hop_length=64, n_mels=20)])
        except ImportError:
            self.ta = torch.nn.ModuleList()

    def forward(self, x):
        out = [torch.stft(x, 256, hop_length=64, win_length=160, window=self.win[:160], return_complex=False),
               torch.stft(x, 200, 50, 200, self.win, True, "constant", True, True, False),
               torch.stft(x[0], 64, hop_length=40, center=False, return_complex=False),
               torch.stft(x, 64, hop_length=20, win_length=40, return_complex=False)]  # ones of 40 in the middle
        z = torch.stft(x, 128, hop_length=32, window=self.win128, return_complex=True)
        out += [z.abs(), z.reshape(1, 2, 65, -1).abs().pow(2.0)]
        out += [torch.fft.rfft(x[:, :300]).abs(), torch.fft.rfft(x[:, 100:201], norm="ortho").abs()]
        out += [t(x) for t in self.ta]
        return tuple(out)


def Wav2LetterWaveform():
    """torchaudio.models.Wav2Letter on waveforms (its documented input: [batch, num_features, length]), random
    weights, 10 classes. x: [1, 1, 8000]."""
    import torchaudio
    return torchaudio.models.Wav2Letter(num_classes=10, input_type="waveform", num_features=1)


def ConvTasNetSmall():
    """torchaudio.models.ConvTasNet in a small configuration (2 sources, 64 encoder filters, 2 stacks of 3 blocks),
    random weights; its input is a mixture [batch, 1, frames]. symbolic_trace cannot trace it (its padding of the
    input depends on the length): make_fx. x: [1, 1, 800]."""
    import torchaudio
    return torchaudio.models.ConvTasNet(num_sources=2, enc_kernel_size=16, enc_num_feats=64, msk_kernel_size=3,
                                        msk_num_feats=32, msk_num_hidden_feats=64, msk_num_layers=3, msk_num_stacks=2)


def MfccFrontEnd():
    """torchaudio.transforms.MFCC (a MelSpectrogram, AmplitudeToDB, a DCT), 13 coefficients from 20 mel bands of
    256-point frames. symbolic_trace cannot trace it (AmplitudeToDB branches on the input): make_fx, where the stft is
    aten._fft_r2c of strided frames and its abs(). x: [2, 1000]."""
    import torchaudio
    return torchaudio.transforms.MFCC(sample_rate=16000, n_mfcc=13,
                                      melkwargs=dict(n_fft=256, hop_length=64, n_mels=20))


def DeepSpeechSmall():
    """torchaudio.models.DeepSpeech in a small configuration (32 features, 64 hidden units, 10 classes), random
    weights: three hardtanh-clipped linear layers, a bidirectional ReLU nn.RNN, a linear layer, log_softmax. Its
    input is [batch, channel 1, time, feature]. symbolic_trace cannot trace it (`x, _ = self.bi_rnn(x)` unpacks a Proxy,
    which cannot be iterated): make_fx, where the RNN is a loop of mm/addmm/relu steps over unbind/stack.
    x: [2, 1, 12, 32]."""
    import torchaudio
    return torchaudio.models.DeepSpeech(n_feature=32, n_hidden=64, n_class=10)


class Wav2Vec2Small(torch.nn.Module):
    """torchaudio.models.wav2vec2_model in a small configuration (a 3-layer group-norm feature extractor of 32
    channels, 2 transformer layers of width 48 with 4 heads, a weight-normed positional convolution of 16 taps in 4
    groups), random weights; its features for a waveform [batch, frames]. symbolic_trace cannot trace it (the
    extractor branches on x.ndim): make_fx. x: [1, 800]."""

    def __init__(self):
        super().__init__()
        import torchaudio
        self.m = torchaudio.models.wav2vec2_model(
            extractor_mode="group_norm", extractor_conv_layer_config=[(32, 10, 5), (32, 3, 2), (32, 2, 2)],
            extractor_conv_bias=False, encoder_embed_dim=48, encoder_projection_dropout=0.0,
            encoder_pos_conv_kernel=16, encoder_pos_conv_groups=4, encoder_num_layers=2, encoder_num_heads=4,
            encoder_attention_dropout=0.0, encoder_ff_interm_features=96, encoder_ff_interm_dropout=0.0,
            encoder_dropout=0.0, encoder_layer_norm_first=False, encoder_layer_drop=0.0, aux_num_out=None)

    def forward(self, x):
        return self.m(x)[0]  # the second output is the lengths: None without them
class HubertSmall(torch.nn.Module):
    """torchaudio.models.wav2vec2_model with HuBERT Large's structure (torchaudio.models.hubert_large: a layer-norm
    feature extractor, pre-norm transformer layers (encoder_layer_norm_first), no convolution biases) in a small
    configuration (3 extractor layers of 32 channels, 2 transformer layers of width 48 with 4 heads, a weight-normed
    positional convolution of 16 taps in 4 groups) with a linear head of 10 classes (aux_num_out, as a fine-tuned
    HuBERT), random weights. With lengths (with_lengths=True): the key padding mask of each waveform's valid frames
    (torchaudio computes the frames' lengths with floor divisions, zeroes the padded frames and masks them in
    attention), and the second output is those lengths. symbolic_trace cannot trace it (the extractor branches on
    x.ndim): make_fx. x: [2, 800], lengths: i64[2]."""

    def __init__(self, with_lengths=False):
        super().__init__()
        import torchaudio
        self.with_lengths = with_lengths
        self.m = torchaudio.models.wav2vec2_model(
            extractor_mode="layer_norm", extractor_conv_layer_config=[(32, 10, 5), (32, 3, 2), (32, 2, 2)],
            extractor_conv_bias=False, encoder_embed_dim=48, encoder_projection_dropout=0.0,
            encoder_pos_conv_kernel=16, encoder_pos_conv_groups=4, encoder_num_layers=2, encoder_num_heads=4,
            encoder_attention_dropout=0.0, encoder_ff_interm_features=96, encoder_ff_interm_dropout=0.0,
            encoder_dropout=0.0, encoder_layer_norm_first=True, encoder_layer_drop=0.0, aux_num_out=10)

    def forward(self, x, lengths=None):
        if self.with_lengths:
            return self.m(x, lengths)
        return self.m(x)[0]  # the second output is the lengths: None without them


class IndexPutInPlace(torch.nn.Module):
    """x[mask] = v as make_fx writes it (aten.index_put_ with a bool mask, as torchaudio's wav2vec2 zeroes padded
    frames): a number, values of one selected element's shape, accumulate=True, a mask over one leading dimension, a
    write through a view into its base, and a tensor read before the write and after it. x: [2, 5, 4], y: [2, 5]."""

    def forward(self, x, y):
        a = x * 2
        a[y > 0] = 0.5
        b = x + 1
        b[y < 0] = torch.arange(4.0)
        c = x - 1
        c.index_put_((y > 0.5,), torch.tensor(3.0), accumulate=True)
        e = x * 3
        e[y[:, 0] > 0] = -1.0  # a mask of the first dimension: whole [5, 4] rows
        d = x.clone()
        v = d[:, 1:]
        v[y[:, 1:] > 0] = -2.0  # into d through the view
        f = x * 4
        g = f + 1  # f before the write
        f[y > 1] = 7.0
        h = f - 1  # f after it
        return a, b, c, e, d, v * 1, g, h


class ConformerSmall(torch.nn.Module):
    """torchaudio.models.Conformer (input_dim 32, 4 heads, ffn_dim 64, 2 layers, depthwise kernel 7), random weights,
    on features [batch, T, 32] and their lengths [batch]. Conformer.forward computes the key padding mask's length as
    int(torch.max(lengths).item()), a value make_fx cannot trace (and symbolic_trace cannot either); in its documented
    use the features are padded to the longest, T = max(lengths), and a batch with max(lengths) != T fails in PyTorch
    (the mask's length is not the sequence's). So this is Conformer.forward with T = input.size(1) as that length,
    the same computation for every batch PyTorch accepts; to keep the batch one of them, the first sequence's length
    is set to T (the others are the given ones, 1 <= lengths <= T). Returns the features and the lengths. make_fx.
    Options: use_group_norm (GroupNorm instead of BatchNorm1d in the convolution module), convolution_first (the
    convolution module before self-attention). x: [3, 20, 32], lengths: i64[3]."""

    def __init__(self, use_group_norm=False, convolution_first=False):
        super().__init__()
        import torchaudio
        self.m = torchaudio.models.Conformer(input_dim=32, num_heads=4, ffn_dim=64, num_layers=2,
                                             depthwise_conv_kernel_size=7, use_group_norm=use_group_norm,
                                             convolution_first=convolution_first)

    def forward(self, input, lengths):
        b, t = input.shape[0], input.shape[1]
        lengths = torch.cat([torch.full((1,), t, dtype=lengths.dtype), lengths[1:]])
        mask = torch.arange(t, dtype=lengths.dtype).expand(b, t) >= lengths.unsqueeze(1)
        x = input.transpose(0, 1)
        for layer in self.m.conformer_layers:
            x = layer(x, mask)
        return x.transpose(0, 1), lengths


class AttentionModules(torch.nn.Module):
    """nn.MultiheadAttention called as a module (issue 16): cross-attention of different lengths, sequence first, with
    a 2-d float attn_mask and a bool key_padding_mask, the heads' average weights; batch_first with kdim and vdim
    (q/k/v_proj_weight), bias_k/bias_v, add_zero_attn, no biases, a 3-d bool attn_mask and per-head weights;
    batch_first self-attention with a float key_padding_mask and need_weights=False; and unbatched inputs."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(16)
        nn = torch.nn
        self.cross = nn.MultiheadAttention(16, 4)
        self.kv = nn.MultiheadAttention(16, 2, bias=False, add_bias_kv=True, add_zero_attn=True, kdim=12, vdim=10,
                                        batch_first=True)
        self.selfa = nn.MultiheadAttention(16, 4, batch_first=True)
        self.eval()

    def forward(self, q, m):
        # q [5, 2, 16] (sequence first), m [7, 2, 16]
        i = torch.arange(5).unsqueeze(1)
        j = torch.arange(7).unsqueeze(0)
        later = j > i + 2  # [5, 7] bool: no row fully masked
        pad = j >= torch.arange(2).unsqueeze(1) + 5  # [2, 7]: the last 2 and 1 keys padded
        # symbolic_trace cannot unpack the tuple a module returns: its items by index
        r = self.cross(q, m, m, key_padding_mask=pad, attn_mask=later.float() * -3.0)
        qb = q.transpose(0, 1)  # [2, 5, 16]
        kb = m.transpose(0, 1)[..., :12]
        vb = m.transpose(0, 1)[..., 2:12]
        # 3-d bool mask [batch * heads, 5, 7 + bias_k + zero attention]: masks key 0 for odd rows
        m3 = (i.unsqueeze(0) % 2 == 1) & (j.unsqueeze(0) == 0) & (torch.arange(4).view(4, 1, 1) >= 0)
        s = self.kv(qb, kb, vb, attn_mask=m3, average_attn_weights=False)
        fpad = (j == 4).float().expand(2, 7) * -1.5
        x = m.transpose(0, 1)
        c = self.selfa(x, x, x, key_padding_mask=fpad, need_weights=False)[0]
        u = self.cross(q[:, 0], m[:, 0], m[:, 0], attn_mask=later)
        return r[0], r[1], s[0], s[1], c, u[0], u[1]


class TransformerLayers(torch.nn.Module):
    """nn.TransformerEncoderLayer and nn.TransformerDecoderLayer as modules (issue 16): batch_first with gelu, a float
    src_mask and a bool src_key_padding_mask; sequence first with norm_first, relu and a bool src_mask; a decoder
    layer with a causal tgt_mask, a memory_mask and a memory_key_padding_mask."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(17)
        nn = torch.nn
        self.enc = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, activation="gelu", batch_first=True)
        self.enc_nf = nn.TransformerEncoderLayer(16, 2, dim_feedforward=24, norm_first=True)
        self.dec = nn.TransformerDecoderLayer(16, 4, dim_feedforward=32, batch_first=True, layer_norm_eps=1e-6)
        self.eval()

    def forward(self, x, mem):
        # x [2, 6, 16] (batch first), mem [2, 5, 16]
        i = torch.arange(6).unsqueeze(1)
        j = torch.arange(6).unsqueeze(0)
        causal = j > i
        pad = j >= torch.arange(2).unsqueeze(1) + 4  # [2, 6]
        e = self.enc(x, src_mask=causal.float() * -0.5, src_key_padding_mask=pad)
        f = self.enc_nf(x.transpose(0, 1), src_mask=(j - i) > 2).transpose(0, 1)
        mpad = torch.arange(5).unsqueeze(0) >= torch.arange(2).unsqueeze(1) + 3  # [2, 5]
        mmask = (torch.arange(5).unsqueeze(0) + i) % 4 == 3  # [6, 5]
        d = self.dec(e, mem, tgt_mask=causal, memory_mask=mmask, memory_key_padding_mask=mpad)
        return e, f, d


class TransformerFastPath(torch.nn.Module):
    """nn.TransformerEncoderLayer in eval without src_mask, which torch 1.13 runs on its fast path: make_fx prints
    aten._transformer_encoder_layer_fwd (issue 16): post-norm with gelu, pre-norm with relu, and with a key padding
    mask."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(19)
        nn = torch.nn
        self.post = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, activation="gelu", batch_first=True)
        self.pre = nn.TransformerEncoderLayer(16, 2, dim_feedforward=24, norm_first=True, batch_first=True)
        self.eval()

    def forward(self, x):  # x [2, 6, 16]
        pad = torch.arange(6).unsqueeze(0) >= torch.arange(2).unsqueeze(1) + 4  # [2, 6]
        return self.post(x), self.pre(x), self.post(x, src_key_padding_mask=pad)


class TransformerStacks(torch.nn.Module):
    """nn.TransformerEncoder, nn.TransformerDecoder and nn.Transformer as modules (issue 16): a batch_first encoder of 3
    gelu layers with a final norm and a float src mask; a sequence-first pre-norm encoder of 2 layers with a bool
    src_key_padding_mask; a batch_first encoder with enable_nested_tensor off (torch's nested-tensor fast path would
    shorten the output to the longest unpadded sequence) and a key padding mask; a batch_first nn.Transformer (2 + 2
    layers) with the tgt_mask of generate_square_subsequent_mask, a memory_mask and key padding masks; encoders off the
    fast path (3 heads with a float key padding mask, a mask with a key padding mask), an unbatched input; a
    sequence-first pre-norm gelu nn.Transformer (1 + 2 layers) and an nn.TransformerDecoder without a norm."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(23)
        nn = torch.nn
        layer = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, activation="gelu", batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 3, norm=nn.LayerNorm(16, eps=1e-6))
        layer_nf = nn.TransformerEncoderLayer(16, 2, dim_feedforward=24, norm_first=True)
        self.enc_seq = nn.TransformerEncoder(layer_nf, 2)
        self.enc_pad = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, batch_first=True), 2,
                                             enable_nested_tensor=False)
        self.tr = nn.Transformer(16, 4, 2, 2, 32, batch_first=True)
        self.tr.encoder.enable_nested_tensor = False
        # no fast path: an odd number of heads; sequence first; a mask with the key padding mask
        self.enc_odd = nn.TransformerEncoder(nn.TransformerEncoderLayer(15, 3, 20, batch_first=True), 2)
        self.tr_seq = nn.Transformer(16, 2, 1, 2, 24, activation="gelu", norm_first=True)
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(16, 4, 32, batch_first=True), 2)
        # the layers are copies (_get_clones): different weights for each, so that a wrong layer order shows
        for name, p in self.named_parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)
            else:
                nn.init.normal_(p, std=0.2)
        self.eval()

    def forward(self, x, t):
        # x [2, 6, 16] (batch first), t [2, 5, 16]
        i = torch.arange(6).unsqueeze(1)
        j = torch.arange(6).unsqueeze(0)
        pad = j >= torch.arange(2).unsqueeze(1) + 4  # [2, 6]: the last 2 and 1 positions padded
        a = self.enc(x, mask=(j > i).float() * -1.5)
        b = self.enc_seq(x.transpose(0, 1), src_key_padding_mask=pad).transpose(0, 1)
        c = self.enc_pad(x, src_key_padding_mask=pad)
        tm = torch.nn.Transformer.generate_square_subsequent_mask(5)  # a constant: traced as a tensor constant
        tpad = torch.arange(5).unsqueeze(0) >= torch.arange(2).unsqueeze(1) + 4  # [2, 5]
        mmask = (torch.arange(6).unsqueeze(0) + torch.arange(5).unsqueeze(1)) % 5 == 4  # [5, 6]
        d = self.tr(x, t, tgt_mask=tm, memory_mask=mmask, src_key_padding_mask=pad, tgt_key_padding_mask=tpad,
                    memory_key_padding_mask=pad)
        e = self.enc_odd(x[..., :15], src_key_padding_mask=pad.float() * -2.0)
        f = self.enc_pad(x, mask=j > i + 3, src_key_padding_mask=pad)  # no fast path with a mask
        g = self.enc(x[0], mask=(j > i).float() * -1.5)  # unbatched
        h = self.tr_seq(x.transpose(0, 1), t.transpose(0, 1), src_mask=j > i + 2, tgt_mask=tm,
                        src_key_padding_mask=pad, memory_key_padding_mask=pad).transpose(0, 1)
        k = self.dec(t, x, tgt_mask=tm, memory_key_padding_mask=pad)
        return a, b, c, d, e, f, g, h, k


def _torchtext_roberta():
    """torchtext 0.14's RoBERTa model code (torchtext/models/roberta/*.py: plain PyTorch), loaded without the torchtext
    package, whose __init__ loads a C extension that Debian's torch does not take."""
    import sys
    import types
    if "ttroberta" not in sys.modules:
        pkg = types.ModuleType("ttroberta")
        pkg.__path__ = ["/usr/lib/python3/dist-packages/torchtext/models/roberta"]
        sys.modules["ttroberta"] = pkg
    import ttroberta.model
    return ttroberta.model


class Roberta(torch.nn.Module):
    """torchtext's RoBERTa encoder (RobertaEncoderConf: vocab 1000, width 64, 2 layers of 4 heads, feed-forward 128;
    random weights, eval) and its classification head: token and positional embeddings (positions by cumsum of the
    non-padding tokens), torch.nn.TransformerEncoder with the padding tokens' key padding mask. torchtext builds that
    encoder with enable_nested_tensor=True and mask_check=False, so that torch 1.13 always takes its nested-tensor fast
    path, whose output is as long as the longest unpadded sequence (fx2c refuses it: a shape that depends on the
    tokens); here it is off, the user's fix that fx2c's refusal names (the same values, the full length). RobertaEncoder
    .forward is inlined (symbolic_trace stops at its torch.jit.isinstance branch)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(29)
        tt = _torchtext_roberta()
        conf = tt.RobertaEncoderConf(vocab_size=1000, embedding_dim=64, ffn_dimension=128, padding_idx=1,
                                     max_seq_len=64, num_attention_heads=4, num_encoder_layers=2)
        self.encoder = tt.RobertaEncoder(**{k: getattr(conf, k) for k in conf.__dataclass_fields__})
        self.encoder.transformer.layers.enable_nested_tensor = False
        self.head = tt.RobertaClassificationHead(num_classes=3, input_dim=64)
        self.eval()

    def forward(self, tokens):  # tokens [2, 10] in [0, 1000): padding_idx 1
        tokens = torch.cat([tokens[:, :8], torch.ones_like(tokens[:, 8:])], 1)  # the last 2 tokens are padding
        # RobertaEncoder.forward without masked_tokens; symbolic_trace cannot run it (it branches on
        # torch.jit.isinstance of a traced value), so the same two steps here
        f = self.encoder.transformer(tokens).transpose(1, 0)
        return f, self.head(f)


def _sdpa_reference(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    """torch 2's F.scaled_dot_product_attention, which torch 1.13 lacks, written in torch (dropout_p 0): softmax(q k^T
    * scale + mask) v; a bool mask True where a key takes part; is_causal the lower triangle."""
    s = query @ key.transpose(-2, -1) * (1.0 / math.sqrt(query.size(-1)) if scale is None else scale)
    if is_causal:
        L, S = query.size(-2), key.size(-2)
        s = s.masked_fill(torch.ones(L, S, dtype=torch.bool).tril().logical_not(), float("-inf"))
    if attn_mask is not None:
        s = s.masked_fill(attn_mask.logical_not(), float("-inf")) if attn_mask.dtype == torch.bool else s + attn_mask
    return torch.softmax(s, -1) @ value


# the graph names it as torch 2 does: call_function[target=torch.nn.functional.scaled_dot_product_attention]
_sdpa_reference.__module__ = "torch.nn.functional"
_sdpa_reference.__name__ = _sdpa_reference.__qualname__ = "scaled_dot_product_attention"
torch.fx.wrap("_sdpa_reference")
if not hasattr(torch.nn.functional, "scaled_dot_product_attention"):  # torch 1.13: what the graph's code calls
    torch.nn.functional.scaled_dot_product_attention = _sdpa_reference


class ScaledDotProductAttention(torch.nn.Module):
    """Scaled dot-product attention: torch 2's spelling (a leaf whose outputs PyTorch computes from its definition,
    _sdpa_reference) plain, causal, with a bool and a float mask and a scale; torch 1.13's
    F._scaled_dot_product_attention, which returns the weights too."""

    def forward(self, q, k, v):
        # q [2, 3, 6, 8], k [2, 3, 5, 8], v [2, 3, 5, 4]
        i = torch.arange(6).unsqueeze(1)
        j = torch.arange(5).unsqueeze(0)
        keep = (i + j) % 3 != 1  # [6, 5]: no row fully masked
        a = _sdpa_reference(q, k, v)
        b = _sdpa_reference(q, q * 0.5, q[..., :4], is_causal=True)
        c = _sdpa_reference(q, k, v, attn_mask=keep)
        d = _sdpa_reference(q, k, v, attn_mask=keep.float() * 0.75, scale=0.3)
        r = torch.nn.functional._scaled_dot_product_attention(q, k, v, keep, 0.0, True, False)
        o2 = torch.nn.functional._scaled_dot_product_attention(q, k, v, None, 0.0, False, True)[0]
        return a, b, c, d, r[0], r[1], o2
