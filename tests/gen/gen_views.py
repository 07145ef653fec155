#!/usr/bin/python3
"""Generate the in-place-through-views cases (tests/views/): each is a small module whose forward writes in place into
a view (or into the base of a view that is read later), traced with torch.fx.symbolic_trace (or make_fx for the aten
spellings). For each case NAME it writes NAME.fx (print(gm.graph)), NAME.modules.txt (print(model)), NAME.input0.npy
and PyTorch's outputs NAME.output0.npy, ... computed on a copy of the input (PyTorch writes into its input; fx2c copies
an input that the graph writes into). all.fx (symbolic_trace) and all_aten.fx (make_fx) hold every case in one model,
input i and the outputs one after the other, for tests/views/run.sh to compile once per backend.

    /usr/bin/python3 tests/gen/gen_views.py
"""
import operator
import os
import sys

import numpy as np
import torch
import torch.fx
import torch.nn.functional as F

OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "views"))


def case(shape, aten=False):
    def wrap(fn):
        fn.shape, fn.aten = shape, aten
        return fn
    return wrap


# getitem: slices and ints
@case((3, 4))
def slice_mul(x):
    y = x + 0
    y[:, 1:].mul_(2)
    return y


@case((3, 4))
def int_index(x):
    y = x + 0
    y[1].mul_(3)
    y[0, 2].add_(10)
    return y


@case((4, 5))
def step_slice(x):
    y = x + 0
    y[::2, 1::2].sub_(1)
    return y


@case((2, 3, 4))
def ellipsis_none(x):
    y = x + 0
    y[..., 1][None].mul_(-1)
    return y


# narrow, select, slice as methods
@case((3, 4))
def narrow_select(x):
    y = x + 0
    y.narrow(1, 1, 2).add_(1)
    y.select(0, 2).neg_()
    return y


# permutes
@case((3, 4))
def t_add(x):
    y = x + 0
    y.t().add_(1)
    return y


@case((2, 3, 4))
def transpose_permute(x):
    y = x + 0
    y.transpose(0, 2).mul_(2)
    y.permute(2, 0, 1)[1].add_(100)
    return y


# contiguous views (already the base's storage)
@case((3, 4))
def reshape_views(x):
    y = x + 0
    y.view(-1)[1:3].add_(1)
    y.flatten().mul_(2)
    y.unsqueeze(0).sub_(0.5)
    y.reshape(4, 3)[0].mul_(10)
    return y


@case((1, 3, 4))
def squeeze_view(x):
    y = x + 0
    y.squeeze(0)[:, 2].add_(7)
    return y


# expand without overlap (the same shape): a view that can be written
@case((3, 4))
def expand_same(x):
    y = x + 0
    y.expand(3, 4)[1].add_(1)
    return y


# chains: a view of a view
@case((3, 4))
def chains(x):
    y = x + 0
    y.t()[1:].mul_(2)
    y[1:].t()[0].add_(5)
    y[:, 1:].unsqueeze(0)[0, 0].add_(1)
    return y


# in-place activations, functional and methods
@case((3, 4))
def activations(x):
    y = x + 0
    y[:, 1:].relu_()
    y.t()[0].clamp_(min=-0.25, max=0.25)
    F.relu(y[0], inplace=True)
    torch.sigmoid_(y[2])
    return y


class ReluModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = torch.nn.ReLU(inplace=True)
        self.hard = torch.nn.Hardtanh(-0.5, 0.5, inplace=True)

    def forward(self, x):
        y = x + 0
        self.act(y[:, :2])
        self.hard(y.t()[3])
        return y


ReluModule.shape, ReluModule.aten = (3, 4), False


# Python's in-place operators on a view
@case((3, 4))
def iadd_view(x):
    y = x + 0
    v = y[:, 1:]
    v += 1
    v *= 2
    return y


# both the view and the base read after the write
@case((3, 4))
def read_both(x):
    y = x + 0
    v = y[:, 1:]
    v.mul_(2)
    return y, v, y.sum(), v * 1


# the base written while a view of it is read later
@case((3, 4))
def base_then_view(x):
    y = x + 0
    v = y[:, 1:]
    w = y.t()
    y.add_(1)
    a = v * 1
    y.mul_(2)
    return a, w, v


# two overlapping views: a write through one is seen through the other
@case((3, 4))
def two_views(x):
    y = x + 0
    a = y[0]
    b = y[:, 0]
    a.add_(1)
    c = b * 1
    b.mul_(10)
    return a, c, y


# the pieces of split, chunk and unbind are views
@case((4, 6))
def split_views(x):
    y = x + 0
    c = y.chunk(2, dim=1)
    a, b = c[0], c[1]
    a.mul_(2)
    q = y.split([1, 2, 1])[1]
    q.add_(1)
    u = y.unbind(1)
    u[5].neg_()
    return y, b


# reshape of a view that is not viewable copies; flatten of one that is viewable does not
@case((3, 4))
def reshape_copies(x):
    y = x + 0
    z = y.t().reshape(-1)
    z.add_(1)
    w = y[1:].flatten()
    w.mul_(2)
    c = y.t().contiguous()
    c.sub_(100)
    return y, z, w, c


# copies (reshape, contiguous) and views of them, views of reshapes of views, a write into the base, the input
@case((3, 4))
def copies_and_chains(x):
    y = x + 0
    z = y.t().reshape(-1)
    z[0:2].add_(1)
    c = y.t().contiguous()
    c[0].mul_(3)
    w = y[:, 1:3].unsqueeze(0)
    w2 = w.squeeze(0).t()
    w2[1].sub_(5)
    y.mul_(2)
    e = w * 1
    q = x.t().flatten()
    x.t()[0].add_(7)
    return y, z, c, e, q, x


# writes into the input through a view (fx2c writes into its copy of the input)
@case((3, 4))
def input_view(x):
    x[:, 1:].mul_(2)
    return x


# common subexpressions and foldable nodes around a write through a view (-O2)
@case((3, 4))
def cse_around(x):
    y = x + 0
    a = y.sum()
    y[:, 1:].mul_(2)
    b = y.sum()
    c = y.clone()
    c[0].add_(1)
    return a, b, c, y


# a long-lived view written late: the base must stay where it is until then
@case((8, 8))
def late_write(x):
    y = x * 2
    v = y[2:6, 2:6]
    t = torch.tanh(x) + 1
    u = (t * t).exp()
    s = u.sum(1, keepdim=True) + t
    v.add_(s[:4, :4])
    return y, s


# the aten spellings (make_fx): aten.slice, aten.select, aten.t, aten.transpose with aten in-place ops
@case((3, 4), aten=True)
def aten_views(x):
    y = x + 0
    y[:, 1:].mul_(2)
    y.t()[0].add_(1)
    y.select(0, 2).relu_()
    return y


CASES = [slice_mul, int_index, step_slice, ellipsis_none, narrow_select, t_add, transpose_permute, reshape_views,
         squeeze_view, expand_same, chains, activations, ReluModule, iadd_view, read_both, base_then_view, two_views,
         split_views, reshape_copies, copies_and_chains, input_view, cse_around, late_write, aten_views]


class Fn(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


def main():
    os.makedirs(OUT, exist_ok=True)
    for c in CASES:
        name = c.__name__
        if name == "ReluModule":
            model, name = c().eval(), "relu_module"
        else:
            model = Fn(c).eval()
        gen = torch.Generator().manual_seed(len(name))
        x = torch.randn(*c.shape, generator=gen)
        if c.aten:
            from torch.fx.experimental.proxy_tensor import make_fx
            gm = make_fx(lambda t: model(t))(x.clone())
        else:
            gm = torch.fx.symbolic_trace(model if name == "relu_module" else _Traced(c))
        if name == "iadd_view":  # symbolic_trace records `v += 1` as operator.add: make it the in-place operator
            for n in gm.graph.nodes:
                if n.op == "call_function" and n.name in ("add_1", "mul"):
                    n.target = operator.iadd if n.target is operator.add else operator.imul
            gm.recompile()
        with torch.no_grad():
            outs = model(x.clone())
            outs2 = gm(x.clone())
        outs = outs if isinstance(outs, tuple) else (outs,)
        outs2 = outs2 if isinstance(outs2, tuple) else (outs2,)
        for a, b in zip(outs, outs2):
            assert torch.equal(a, b), name  # the graph computes what the module does
        with open(os.path.join(OUT, name + ".fx"), "w") as f:
            f.write(str(gm.graph).strip() + "\n")
        if name == "relu_module":
            with open(os.path.join(OUT, name + ".modules.txt"), "w") as f:
                f.write(str(model) + "\n")
        np.save(os.path.join(OUT, name + ".input0.npy"), x.numpy())
        for i, o in enumerate(outs):
            np.save(os.path.join(OUT, "%s.output%d.npy" % (name, i)), np.asarray(o.detach().numpy()))
        print(name, file=sys.stderr)


class AllCases(torch.nn.Module):
    """Every case of CASES in one model (input i is case i's), for the backends that compile: its outputs are the
    cases' outputs one after the other."""
    def __init__(self):
        super().__init__()
        self.m = ReluModule()

    def forward(self, *xs):
        outs = []
        for c, x in zip(CASES, xs):
            o = self.m(x) if c is ReluModule else c(x)
            outs.extend(o if isinstance(o, tuple) else (o,))
        return tuple(outs)


def write_all():
    """all.fx (symbolic_trace) and all_aten.fx (make_fx) of AllCases, with the inputs and outputs of the cases."""
    model = AllCases().eval()
    xs = [torch.from_numpy(np.load(os.path.join(OUT, ("relu_module" if c is ReluModule else c.__name__) + ".input0.npy")))
          for c in CASES]
    from torch.fx.experimental.proxy_tensor import make_fx
    with torch.no_grad():
        outs = model(*[x.clone() for x in xs])
    tracer = torch.fx.Tracer()
    tracer.record_stack_traces = True
    root = _Concrete(model, len(xs))
    gm = torch.fx.GraphModule(root, tracer.trace(root))
    for n in gm.graph.nodes:  # symbolic_trace records iadd_view's `v += 1` as operator.add: make it the in-place one
        if n.op == "call_function" and n.target in (operator.add, operator.mul) and "in iadd_view" in (n.stack_trace or ""):
            n.target = operator.iadd if n.target is operator.add else operator.imul
    gm.recompile()
    for name, g in (("all", gm), ("all_aten", make_fx(lambda *a: model(*a))(*[x.clone() for x in xs]))):
        with torch.no_grad():
            got = g(*[x.clone() for x in xs])
        for a, b in zip(outs, got):
            assert torch.equal(a, b), name
        with open(os.path.join(OUT, name + ".fx"), "w") as f:
            f.write(str(g.graph).strip() + "\n")
        with open(os.path.join(OUT, name + ".modules.txt"), "w") as f:
            f.write(str(root) + "\n")
        for i, x in enumerate(xs):
            np.save(os.path.join(OUT, "%s.input%d.npy" % (name, i)), x.numpy())
        for i, o in enumerate(outs):
            np.save(os.path.join(OUT, "%s.output%d.npy" % (name, i)), o.numpy())
        print(name, file=sys.stderr)


def _Concrete(model, n):
    """model with n named inputs x0 ... (symbolic_trace cannot trace *args)."""
    names = ", ".join("x%d" % i for i in range(n))
    ns = {}
    exec("def forward(self, %s):\n    return self.inner(%s)\n" % (names, names), ns)
    T = type("AllCasesTraced", (torch.nn.Module,), {"forward": ns["forward"]})
    t = T()
    t.inner = model
    return t


def _Traced(fn):
    """A module whose forward is fn's body, so that symbolic_trace records fn's operations (not a call of fn)."""
    class T(torch.nn.Module):
        def forward(self, x):
            return fn(x)
    return T()


if __name__ == "__main__":
    main()
    write_all()
