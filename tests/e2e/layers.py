"""Models that call every standard layer fx2c knows as a module (call_module), so that conformance covers the layers
the torchvision zoo never uses. Export them with tools/fx2c-export, e.g.

    tools/fx2c-export --module tests/e2e/layers.py:ImageLayers --input x:f32[2,3,16,16] --randomize-bn --out DIR
    tools/fx2c-export --module tests/e2e/layers.py:SequenceLayers --input x:f32[2,4,32] --input idx:i64[2,7] \
        --input-range idx=0,10 --out DIR
"""

import torch
from torch import nn


class ImageLayers(nn.Module):
    """2-d layers on an image batch [2, 3, 16, 16]."""

    def __init__(self):
        super().__init__()
        self.pad_zero = nn.ZeroPad2d((1, 2, 0, 1))
        self.conv = nn.Conv2d(3, 8, kernel_size=3, stride=1, padding=1, bias=False)
        self.conv_grouped = nn.Conv2d(8, 8, kernel_size=(3, 5), stride=(2, 1), padding=(1, 2), dilation=(1, 1), groups=4)
        self.conv_dilated = nn.Conv2d(8, 8, 3, padding="same", dilation=2)
        self.conv_same_even = nn.Conv2d(8, 8, (2, 4), padding="same")  # the odd zero goes after the input
        self.bn = nn.BatchNorm2d(8)
        self.gn = nn.GroupNorm(2, 8)
        self.act = nn.ModuleList([nn.ReLU(), nn.ReLU6(), nn.LeakyReLU(0.2), nn.ELU(alpha=0.7), nn.GELU(),
                                  nn.GELU(approximate="tanh"), nn.SiLU(), nn.Sigmoid(), nn.Tanh(), nn.Hardswish(),
                                  nn.Hardsigmoid(), nn.Hardtanh(-0.5, 0.75), nn.Mish(), nn.Identity(),
                                  nn.Dropout(0.3), nn.Dropout2d(0.1), nn.AlphaDropout(0.2)])
        self.pool_max = nn.MaxPool2d(3, stride=2, padding=1, dilation=1, ceil_mode=True)
        self.pool_avg = nn.AvgPool2d(3, stride=1, padding=1)
        self.pool_adaptive = nn.AdaptiveAvgPool2d((3, 5))
        self.pool_adaptive_max = nn.AdaptiveMaxPool2d(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.up_bilinear = nn.Upsample(size=(7, 9), mode="bilinear", align_corners=False)
        self.up_nearest2d = nn.UpsamplingNearest2d(scale_factor=2)
        self.up_bilinear2d = nn.UpsamplingBilinear2d(size=(6, 6))
        self.shuffle_conv = nn.Conv2d(8, 16, 1)
        self.shuffle = nn.PixelShuffle(2)
        self.pad_const = nn.ConstantPad2d((1, 1, 2, 0), 0.5)
        self.pad_reflect = nn.ReflectionPad2d(1)
        self.pad_replicate = nn.ReplicationPad2d((2, 0, 1, 1))
        self.deconv = nn.ConvTranspose2d(4, 6, kernel_size=3, stride=2, padding=1, output_padding=1)
        self.flatten = nn.Flatten()
        self.unflatten = nn.Unflatten(1, (6, -1))
        self.ln = nn.LayerNorm(5)
        self.fc = nn.Linear(5, 4)
        self.softmax = nn.Softmax(dim=-1)
        self.log_softmax = nn.LogSoftmax(dim=1)

    def forward(self, x):
        y = self.conv(self.pad_zero(x))
        y = self.bn(self.conv_grouped(y))
        y = self.gn(self.conv_dilated(y) + self.conv_same_even(y))
        outs = []
        for a in self.act:
            outs.append(a(y))
        z = outs[0]
        for o in outs[1:]:
            z = z + o
        p = self.pool_max(z) + self.pool_avg(self.pool_max(z))
        a1 = self.pool_adaptive(p)
        a2 = self.pool_adaptive_max(p)
        u = self.up(a2) + self.up_nearest2d(a2)
        v = self.up_bilinear(p)
        w = self.up_bilinear2d(p)
        s = self.shuffle(self.shuffle_conv(p))                      # [2, 4, 2h, 2w]
        s = self.pad_replicate(self.pad_reflect(self.pad_const(s)))
        d = self.deconv(s)                                          # [2, 6, ...]
        f = self.unflatten(self.flatten(d))                         # [2, 6, hw]
        h = self.ln(f[:, :, :5])
        return self.softmax(self.fc(h)), self.log_softmax(a1), u, v, w


class EmbeddingBags(nn.Module):
    """nn.EmbeddingBag in each mode on indices [2, 7]: 2-d bags, 1-d bags with offsets (an empty bag among them),
    include_last_offset, padding_idx and per-sample weights."""

    def __init__(self):
        super().__init__()
        self.bag_mean = nn.EmbeddingBag(10, 6)
        self.bag_sum = nn.EmbeddingBag(10, 6, mode="sum", padding_idx=0)
        self.bag_max = nn.EmbeddingBag(10, 6, mode="max", include_last_offset=True)
        self.register_buffer("offsets", torch.tensor([0, 3, 3, 9]))
        self.register_buffer("last_offsets", torch.tensor([0, 4, 9, 14]))

    def forward(self, idx):
        flat = idx.flatten()
        a = self.bag_mean(idx)                                                    # [2, 6]
        b = self.bag_sum(flat, self.offsets, per_sample_weights=torch.sigmoid(flat.float()))  # [4, 6]
        c = self.bag_max(flat, self.last_offsets)                                 # [3, 6]
        return a, b, c


class SequenceLayers(nn.Module):
    """1-d layers on a sequence batch [2, 4, 32], and an embedding of integer indices [2, 7]."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 6, kernel_size=5, stride=2, padding=2)
        self.bn = nn.BatchNorm1d(6)
        self.pool_max = nn.MaxPool1d(3, stride=2, padding=1, ceil_mode=True)
        self.pool_avg = nn.AvgPool1d(2)
        self.pool_adaptive = nn.AdaptiveAvgPool1d(3)
        self.pad = nn.ConstantPad1d((2, 1), -1.0)
        self.emb = nn.Embedding(10, 6, padding_idx=0)
        self.fc = nn.Linear(6, 3)
        self.bn_fc = nn.BatchNorm1d(3)
        self.up_linear = nn.Upsample(scale_factor=2.5, mode="linear")
        self.up_linear_aligned = nn.Upsample(size=9, mode="linear", align_corners=True)
        self.up_nearest = nn.Upsample(size=11, mode="nearest")

    def forward(self, x, idx):
        y = self.bn(self.conv(x))                                  # [2, 6, 16]
        y = self.pool_avg(self.pool_max(y))                        # [2, 6, 4]
        y = self.pool_adaptive(self.pad(y))                        # [2, 6, 3]
        e = self.emb(idx)                                          # [2, 7, 6]
        pooled = e.mean(1) + y.mean(2)                             # [2, 6]
        u = self.up_linear(y) + self.up_nearest(y)[:, :, :7] + self.up_linear_aligned(y)[:, :, :7]  # [2, 6, 7]
        a = nn.functional.interpolate(y, size=2, mode="area")
        return self.bn_fc(self.fc(pooled)), e, u, a


class VolumeLayers(nn.Module):
    """3-d resampling on a volume batch [2, 3, 4, 6, 5]: interpolate (nearest, trilinear, area) and adaptive average
    pooling, which run as a 2-d pass over height and width and a pass along the depth."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool3d((3, 4, None))
        self.up_trilinear = nn.Upsample(scale_factor=(1.5, 2, 0.7), mode="trilinear")
        self.up_trilinear_aligned = nn.Upsample(size=(5, 7, 3), mode="trilinear", align_corners=True)
        self.up_nearest = nn.Upsample(size=(7, 4, 9), mode="nearest")

    def forward(self, x):
        F = nn.functional
        return (self.pool(x), self.up_trilinear(x), self.up_trilinear_aligned(x), self.up_nearest(x),
                F.interpolate(x, size=(3, 2, 4), mode="area"), F.adaptive_avg_pool3d(x, 2))


class VideoLayers(nn.Module):
    """3-d layers on a video batch [2, 3, 6, 8, 7]: Conv3d (bias or not, strides, padding ints, 'same' and 'valid',
    dilation, groups, depthwise), Conv3d + BatchNorm3d (folded at -O2) + ReLU, a residual add (the epilogue),
    ConvTranspose3d (output_padding, groups, dilation), BatchNorm3d alone, MaxPool3d (ceil_mode), AvgPool3d
    (count_include_pad), AdaptiveMaxPool3d and AdaptiveAvgPool3d, the functional forms (F.conv3d, F.conv_transpose3d,
    F.batch_norm on 5-d, F.max_pool3d with indices, F.avg_pool3d with ceil_mode, count_include_pad and
    divisor_override, F.adaptive_max_pool3d with indices), unbatched 4-d inputs, padding_mode reflect and replicate
    (3-d and 2-d), padding='same' with an even kernel, and F.pad's modes on 5-d inputs. (Circular padding is
    VideoCircular's: make_fx writes it as new_empty and copy_ into slices, which fx2c does not read.)"""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm3d(8)
        self.conv_s = nn.Conv3d(8, 6, (1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1), bias=False)
        self.conv_g = nn.Conv3d(8, 8, 3, padding="same", dilation=(1, 2, 1), groups=2)
        self.conv_dw = nn.Conv3d(8, 8, 3, padding=1, groups=8)
        self.conv_valid = nn.Conv3d(3, 4, (2, 3, 2), stride=(2, 1, 1), padding="valid")
        self.convt = nn.ConvTranspose3d(8, 4, 3, stride=2, padding=1, output_padding=1)
        self.convt_g = nn.ConvTranspose3d(8, 4, (2, 3, 3), stride=(1, 2, 1), groups=2, dilation=(1, 1, 2))
        self.bn2 = nn.BatchNorm3d(8)
        self.maxpool = nn.MaxPool3d(2)
        self.maxpool_ceil = nn.MaxPool3d(3, stride=2, padding=1, ceil_mode=True)
        self.avgpool = nn.AvgPool3d((2, 3, 3), stride=(1, 2, 2), padding=(1, 1, 1), count_include_pad=False)
        self.amax = nn.AdaptiveMaxPool3d((2, 3, None))
        self.aavg = nn.AdaptiveAvgPool3d(1)
        self.conv_reflect = nn.Conv3d(8, 4, 3, padding=1, padding_mode="reflect")
        self.conv_replicate = nn.Conv3d(8, 4, (3, 2, 3), padding=(1, 2, 0), padding_mode="replicate")
        self.conv_same_even = nn.Conv3d(8, 4, (2, 4, 3), padding="same")  # the odd zero goes after the input
        self.conv2d_reflect = nn.Conv2d(8, 4, 3, padding=(1, 2), padding_mode="reflect")

    def forward(self, x):
        F = nn.functional
        y = F.relu(self.bn(self.conv(x)))
        c = F.relu(self.conv_dw(y) + y)
        mp = F.max_pool3d(y, 2, stride=(1, 2, 2), return_indices=True)
        am = F.adaptive_max_pool3d(y, (3, 2, 2), return_indices=True)
        return (self.conv_s(y), self.conv_g(y), c, self.conv_valid(x), self.convt(y), self.convt_g(y), self.bn2(c),
                self.maxpool(y), self.maxpool_ceil(c), self.avgpool(y), self.amax(y), self.aavg(c).flatten(1),
                F.conv3d(x, self.conv.weight, None, stride=(1, 2, 1), padding=(1, 0, 2), dilation=(2, 1, 1)),
                F.conv_transpose3d(y, self.convt.weight, stride=1, padding=(0, 1, 0)),
                F.batch_norm(c, self.bn2.running_mean, self.bn2.running_var, self.bn2.weight, None, eps=1e-3),
                mp[0], mp[1], am[0], am[1],
                F.avg_pool3d(y, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=True, divisor_override=5),
                F.avg_pool3d(c, (2, 2, 3), ceil_mode=True, count_include_pad=False),
                self.conv(x[0]), self.maxpool(y[1]), F.avg_pool3d(y[0], 2),
                self.conv_reflect(y), self.conv_replicate(c), self.conv_same_even(y),
                self.conv2d_reflect(y[:, :, 0]), F.pad(y, (1, 2, 0, 1, 2, 1), mode="reflect"),
                F.pad(c, (1, 1, 2, 1, 1, 3), mode="replicate"))


class VideoCircular(nn.Module):
    """Circular padding on a video batch [2, 3, 6, 8, 7]: Conv3d(padding_mode='circular') and F.pad(mode='circular')
    with 6 values (traced only: make_fx writes circular padding as copy_ into slices of new_empty)."""

    def __init__(self):
        super().__init__()
        self.conv_circular = nn.Conv3d(3, 4, 3, stride=2, padding=(2, 1, 1), padding_mode="circular")
        self.conv1d_circular = nn.Conv1d(3, 2, 3, padding=2, padding_mode="circular")

    def forward(self, x):
        F = nn.functional
        return (self.conv_circular(x), F.pad(x, (1, 0, 2, 1, 1, 1), mode="circular"),
                self.conv1d_circular(x[:, :, 0, 0]))


class ScanLayers(nn.Module):
    """The scans along one dimension (runtime/fxrt_reduce.c's fxrt_scan) on [3, 5, 7]: cumsum, cumprod, cummax,
    cummin and logcumsumexp, over every dimension, negative dims, integers, ties, NaN and infinities."""

    def forward(self, x):
        e = x.masked_fill(x > 1.5, float("nan")).masked_fill(x < -1.5, float("-inf"))  # NaN and -inf in some rows
        big = x.masked_fill(x > 1.2, float("inf"))                                      # +inf and finite values
        t = (x * 2).round()                                                             # many ties
        i = (x * 3).long()
        m = torch.cummax(e, 1)
        n = torch.cummin(t, -1)
        return (torch.cumprod(x, 0), torch.cumprod(i, -1), torch.cumsum(i, 1), torch.cumsum(x, -2),
                m[0], m[1], n[0], n[1], torch.cummin(e, 0)[1], torch.cummax(t, 2)[0], torch.cummax(i, 2)[1],
                torch.logcumsumexp(e, 2), torch.logcumsumexp(big, 1), torch.logcumsumexp(x, 0),
                x.cumsum(1, dtype=torch.float64).float(), x.cumprod(-1) * 0.5)


class RecurrentLayers(nn.Module):
    """nn.LSTM, nn.GRU and nn.RNN (tanh and relu) called as modules (runtime/fxrt_rnn.c) on x [3, 5, 6] and
    h [2, 5, 4]: batch_first and time-major, one and two layers, bidirectional, without biases, dropout (a no-op in
    eval), an initial state given and the default zeros, LSTM's proj_size, an unbatched 2-d input, and getitem on
    the (output, h_n) and (output, (h_n, c_n)) tuples."""

    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(6, 5, num_layers=2, bidirectional=True, batch_first=True)
        self.gru = nn.GRU(6, 4, num_layers=2, dropout=0.25)
        self.rnn_tanh = nn.RNN(10, 3, bidirectional=True, bias=False)
        self.rnn_relu = nn.RNN(6, 4, nonlinearity="relu", batch_first=True)
        self.proj = nn.LSTM(6, 5, proj_size=3)

    def forward(self, x, h):
        out = self.lstm(x)                  # batch_first: 3 sequences of 5 steps
        y, hn, cn = out[0], out[1][0], out[1][1]
        g = self.gru(x, h)                  # time-major: 5 sequences of 3 steps, h_0 given
        r = self.rnn_tanh(y)
        q = self.rnn_relu(x)
        p = self.proj(x[0], (h[:1, 0, :3], x[1, :1, :5]))  # unbatched [5, 6], (h_0, c_0) given
        return y, hn, cn, g[0], g[1], r[0], r[1], q[0], q[1], p[0], p[1][0], p[1][1]


class RecurrentVariants(nn.Module):
    """More configurations of the recurrent layers on x [2, 6, 4] and h [4, 2, 3]: two bidirectional layers of each
    with the initial state given: GRU batch_first, RNN relu on an unbatched input, LSTM batch_first without biases
    and with proj_size."""

    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 3, num_layers=2, bidirectional=True, batch_first=True)
        self.rnn = nn.RNN(4, 3, num_layers=2, bidirectional=True, nonlinearity="relu")
        self.lstm = nn.LSTM(4, 5, num_layers=2, bidirectional=True, batch_first=True, proj_size=2, bias=False)

    def forward(self, x, h):
        a = self.gru(x, h)
        b = self.rnn(x[0], h[:, 0])
        c = self.lstm(x, (h[:, :, :2], torch.cat([h, h[:, :, :2]], 2)))
        return a[0], a[1], b[0], b[1], c[0], c[1][0], c[1][1]
