"""Writes the user-defined-op tests (tests/custom/): graphs that call ops fx2c does not know, with PyTorch's results.

    /usr/bin/python3 tests/custom/gen.py

Two kinds of user ops, as users have them: a Python function kept whole by torch.fx.wrap (the graph calls
__main__.NAME) and ops registered with torch.library (torch.ops.mylib.NAME; make_fx prints their overload,
torch.ops.mylib.NAME.default). ops.txt declares them, ops.c implements them in C; run.sh compiles and runs every case
through the interpreter (fx2c run), the C and LLVM executables and the C folder, and compares with the outputs here.
"""
import os

import numpy as np
import torch
import torch.fx
from torch.fx.experimental.proxy_tensor import make_fx

HERE = os.path.dirname(os.path.abspath(__file__))


@torch.fx.wrap
def fancy_act(x, alpha: float = 0.5):
    return x * torch.sigmoid(alpha * x)


lib = torch.library.Library("mylib", "DEF")
lib.define("rms(Tensor x, Tensor w, float eps=1e-6) -> Tensor")
lib.define("row_stats(Tensor x) -> (Tensor, Tensor)")
lib.define("repeat_rows(Tensor x, int k, bool negate=False) -> Tensor")
lib.define("shift(Tensor x, int[] offsets) -> Tensor")


def rms_impl(x, w, eps=1e-6):
    return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + eps) * w


def row_stats_impl(x):
    return x.mean(-1), x.amax(-1)


def repeat_rows_impl(x, k, negate=False):
    y = x.repeat_interleave(k, dim=0)
    return -y if negate else y


def shift_impl(x, offsets):
    return x + torch.tensor(offsets, dtype=x.dtype)


lib.impl("rms", rms_impl, "CPU")
lib.impl("row_stats", row_stats_impl, "CPU")
lib.impl("repeat_rows", repeat_rows_impl, "CPU")
lib.impl("shift", shift_impl, "CPU")


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.w = torch.nn.Parameter(torch.rand(8) + 0.5)

    def forward(self, x):
        y = fancy_act(self.lin(x), 0.25)
        z = torch.ops.mylib.rms(y, self.w)
        st = torch.ops.mylib.row_stats(z)
        mean, mx = st[0], st[1]
        r = torch.ops.mylib.repeat_rows(z[:, :4], 3, negate=True)
        s = torch.ops.mylib.shift(r, [1, 2, 3, 4])
        return torch.relu(mean) + mx, s


def save_case(name, graph, model, inputs, outputs):
    d = os.path.join(HERE, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "graph.fx"), "w") as f:
        f.write(str(graph).strip() + "\n")
    if model is not None:
        with open(os.path.join(d, "modules.txt"), "w") as f:
            f.write(str(model) + "\n")
        torch.save(model.state_dict(), os.path.join(d, "weights.pt"))
    for i, t in enumerate(inputs):
        np.save(os.path.join(d, "input%d.npy" % i), t.numpy())
    for i, t in enumerate(outputs):
        np.save(os.path.join(d, "output%d.npy" % i), t.detach().numpy())


def main():
    torch.manual_seed(0)
    m = Model().eval()
    x = torch.randn(2, 8)
    with torch.no_grad():
        out = m(x)
    save_case("fx", torch.fx.symbolic_trace(m).graph, m, [x], list(out))
    # make_fx: the parameters become placeholders (the inputs after x), and each op its .default overload
    gm = make_fx(lambda x, w1, b1, w: m.forward.__func__(_Bound(w1, b1, w), x))(x, m.lin.weight, m.lin.bias, m.w)
    save_case("aten", gm.graph, None, [x, m.lin.weight.detach(), m.lin.bias.detach(), m.w.detach()], list(out))


class _Bound:
    """Model.forward's self with the parameters given as tensors (make_fx then prints them as placeholders)."""

    def __init__(self, w1, b1, w):
        self.w = w
        self.lin = lambda t: torch.nn.functional.linear(t, w1, b1)


if __name__ == "__main__":
    main()
