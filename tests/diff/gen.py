"""Random valid PyTorch models for differential testing (issue 15, point 2).

generate(seed) -> Model: the Python source of an nn.Module named Net, its input specs (NAME:DTYPE[dims], as
tools/fx2c-export takes them) and the list of ops it uses. The model is a DAG of ops drawn from OPS, a table of
builders; each builder knows the shape and dtype rules of its op, so that (nearly) every model runs in PyTorch. The
runner still runs each model in eager mode first and discards a seed whose model raises: a builder may draw
arguments that PyTorch rejects at an edge (a reflect pad wider than the input, a view of a non-contiguous tensor).

The source is self-contained (imports torch, nn, F) so that a failing case can be kept and re-run as a regression
test. Everything is drawn from random.Random(seed): the same seed gives the same source.
"""

import math
import random
import re

FLOAT, INT, BOOL = "f32", "i64", "bool"


class V:
    """A tensor value of the forward function: its Python name, shape, dtype and what may be done to it."""

    def __init__(self, name, shape, dtype, contig=True, inplace_ok=True):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype
        self.contig = contig          # a .view() of it is valid (else the builders use reshape)
        self.inplace_ok = inplace_ok  # not a parameter, a view of one or an expanded tensor
        self.may_tie = dtype != FLOAT  # equal elements are likely: an op that returns indices must not see it

    @property
    def rank(self):
        return len(self.shape)

    @property
    def numel(self):
        return math.prod(self.shape)


class Model:
    def __init__(self, seed, source, inputs, ops, aten):
        self.seed, self.source, self.inputs, self.ops, self.aten = seed, source, inputs, ops, aten


class Skip(Exception):
    """A builder does not apply to the values drawn."""


MAX_NUMEL = 4096


class G:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.vals, self.lines, self.inits, self.ops = [], [], [], []
        self.n = 0

    # ---- helpers
    def name(self, prefix="v"):
        self.n += 1
        return f"{prefix}{self.n}"

    def pick(self, pred=lambda v: True, recent=True):
        cands = [v for v in self.vals if pred(v)]
        if not cands:
            raise Skip()
        if recent and self.rng.random() < 0.6:
            return cands[-1] if self.rng.random() < 0.5 else self.rng.choice(cands[-3:])
        return self.rng.choice(cands)

    def emit(self, expr, shape, dtype, op, contig=None, inplace_ok=True):
        """contig None: the result is laid out contiguously only if every value it reads is (PyTorch's elementwise
        ops, clone() and most others keep a permuted input's layout, and a .view() of such a result fails)."""
        if math.prod(shape) > MAX_NUMEL:
            raise Skip()
        # ties come from ops that saturate, round, pad, expand or repeat, and stay in whatever uses their result
        used = set(re.findall(r"\b(?:self\.)?[a-z]+\d+\b|\bx\d\b|\bk\b", expr))
        if contig is None:
            contig = all(w.contig for w in self.vals if w.name in used)
        v = V(self.name(), shape, dtype, contig, inplace_ok)
        v.may_tie = v.may_tie or op.split(":")[0] in TIE_OPS or "clamp" in expr or "relu" in expr or any(
            w.may_tie for w in self.vals if w.name in used)
        self.lines.append(f"{v.name} = {expr}")
        self.vals.append(v)
        self.ops.append(op)
        return v

    def module(self, ctor, init_lines=()):
        m = self.name("m")
        self.inits.append(f"self.{m} = {ctor}")
        for line in init_lines:
            self.inits.append(line.format(m=f"self.{m}"))
        return f"self.{m}"

    def param(self, shape, dtype=FLOAT):
        p = self.name("p")
        dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
        if dtype == FLOAT:
            self.inits.append(f"self.{p} = nn.Parameter(torch.randn(({dims})))")
        else:
            self.inits.append(f"self.register_buffer('{p}', torch.randint(-4, 5, ({dims})))")
        v = V(f"self.{p}", shape, dtype, True, False)
        return v

    def dim(self, v):
        d = self.rng.randrange(v.rank)
        return d - v.rank if self.rng.random() < 0.3 else d

    def r(self, lo, hi):
        return self.rng.randint(lo, hi)

    def chance(self, p):
        return self.rng.random() < p


TIE_OPS = {"relu", "relu6", "hardtanh", "hardsigmoid", "hardswish", "clamp", "floor", "ceil", "round", "sign",
           "pad", "expand", "repeat", "where", "masked_fill", "to", "max_pool", "adaptive_max_pool", "interpolate",
           "abs", "square", "pow", "max_pool_unbatched", "adaptive_max_pool_unbatched", "amax", "amin", "max_dim",
           "min_dim", "topk", "cat", "stack", "index_select", "embedding"}


def norm_dim(d, rank):
    return d + rank if d < 0 else d


def broadcast(a, b):
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(max(x, y) if min(x, y) != 0 else 0)
    return tuple(reversed(out))


def fmt(shape):
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def promote(a, b):
    if FLOAT in (a, b):
        return FLOAT
    if INT in (a, b):
        return INT
    return BOOL


# ---------------------------------------------------------------------------
# elementwise
# ---------------------------------------------------------------------------

# name: (spellings with {} for the input, ints allowed)
UNARY = {
    "relu": (["torch.relu({})", "{}.relu()", "F.relu({})", "MOD:nn.ReLU()"], True),
    "relu6": (["F.relu6({})", "MOD:nn.ReLU6()"], False),
    "sigmoid": (["torch.sigmoid({})", "{}.sigmoid()", "MOD:nn.Sigmoid()"], False),
    "tanh": (["torch.tanh({})", "{}.tanh()", "MOD:nn.Tanh()"], False),
    "gelu": (["F.gelu({})", "F.gelu({}, approximate='tanh')", "MOD:nn.GELU()"], False),
    "silu": (["F.silu({})", "MOD:nn.SiLU()"], False),
    "hardswish": (["F.hardswish({})", "MOD:nn.Hardswish()"], False),
    "hardsigmoid": (["F.hardsigmoid({})", "MOD:nn.Hardsigmoid()"], False),
    "leaky_relu": (["F.leaky_relu({}, 0.2)", "MOD:nn.LeakyReLU(0.1)"], False),
    "elu": (["F.elu({}, alpha=0.5)", "MOD:nn.ELU()"], False),
    "softplus": (["F.softplus({})", "MOD:nn.Softplus()"], False),
    "mish": (["F.mish({})", "MOD:nn.Mish()"], False),
    "hardtanh": (["F.hardtanh({}, -0.5, 0.75)", "MOD:nn.Hardtanh()"], False),
    "clamp": (["torch.clamp({}, min=-1, max=2)", "{}.clamp(-2, 1)", "{}.clamp(min=0)", "{}.clamp(max=1)"], True),
    "exp": (["torch.exp({}.clamp(-8, 8))", "{}.clamp(max=5).exp()"], False),
    "log": (["torch.log({}.abs() + 1)"], False),
    "sqrt": (["torch.sqrt({}.abs())", "{}.abs().sqrt()"], False),
    "rsqrt": (["torch.rsqrt({}.abs() + 0.5)"], False),
    "reciprocal": (["({}.abs() + 1).reciprocal()", "torch.reciprocal({}.abs() + 0.5)"], False),
    "neg": (["torch.neg({})", "-{}", "{}.neg()"], True),
    "abs": (["torch.abs({})", "{}.abs()"], True),
    "erf": (["torch.erf({})"], False),
    "sin": (["torch.sin({})", "{}.sin()"], False),
    "cos": (["torch.cos({})"], False),
    "floor": (["torch.floor({})", "{}.floor()"], False),
    "ceil": (["torch.ceil({})"], False),
    "round": (["torch.round({})"], False),
    "sign": (["torch.sign({})"], True),
    "square": (["torch.square({})"], True),
    "pow": (["{}.abs().pow(0.5)", "torch.pow({}, 2)", "{} ** 3"], True),
    "dropout": (["F.dropout({}, 0.5, training=False)", "MOD:nn.Dropout(0.3)", "MOD:nn.Identity()"], True),
}


def b_unary(g):
    name = g.rng.choice(sorted(UNARY))
    spellings, ints = UNARY[name]
    v = g.pick(lambda v: v.dtype == FLOAT or (ints and v.dtype == INT))
    sp = g.rng.choice(spellings)
    if v.dtype == INT and name == "pow" and "0.5" in sp:
        raise Skip()
    if sp.startswith("MOD:"):
        expr = f"{g.module(sp[4:])}({v.name})"
    else:
        expr = sp.format(v.name)
    return g.emit(expr, v.shape, v.dtype, name)


def broadcast_partner(g, v, dtype):
    """Another value whose shape broadcasts with v's: an existing value, a new parameter or buffer of a
    broadcastable shape, or None (the caller uses a Python scalar)."""
    roll = g.rng.random()
    if roll < 0.45:
        cands = [w for w in g.vals if w.dtype == dtype and broadcast(v.shape, w.shape) is not None
                 and math.prod(broadcast(v.shape, w.shape)) <= MAX_NUMEL]
        if cands:
            return g.rng.choice(cands)
    if roll < 0.8:
        shape = list(v.shape)
        for i in range(len(shape)):
            if g.chance(0.4):
                shape[i] = 1
        drop = g.r(0, len(shape)) if g.chance(0.4) else 0
        shape = shape[drop:]
        if g.chance(0.15) and len(shape) < 4:
            shape = [g.r(1, 3)] + shape if not v.shape else [1] + shape
        return g.param(tuple(shape), dtype)
    return None


ARITH = [("add", "{a} + {b}"), ("add", "torch.add({a}, {b})"), ("add", "torch.add({a}, {b}, alpha=2)"),
         ("sub", "{a} - {b}"), ("sub", "torch.sub({a}, {b})"), ("mul", "{a} * {b}"), ("mul", "torch.mul({a}, {b})"),
         ("mul", "{a}.mul({b})"), ("maximum", "torch.maximum({a}, {b})"), ("minimum", "torch.minimum({a}, {b})")]


def b_binary(g):
    a = g.pick(lambda v: v.dtype in (FLOAT, INT))
    dtype = a.dtype if g.chance(0.85) else (FLOAT if a.dtype == INT else INT)
    b = broadcast_partner(g, a, dtype)
    op, sp = g.rng.choice(ARITH + [("div", "DIV"), ("rsub", "{b} - {a}"), ("pow", "POW")])
    if b is None:
        if op in ("maximum", "minimum"):
            raise Skip()
        s = g.rng.choice([2, 3, -1, 0.5, 1.5, -2.25]) if (a.dtype == FLOAT or g.chance(0.3)) else g.r(-3, 4)
        bname, bshape, bdt = repr(s), (), (FLOAT if isinstance(s, float) else a.dtype)
        out_dtype = promote(a.dtype, bdt) if a.dtype == INT else a.dtype
    else:
        bname, bshape, out_dtype = b.name, b.shape, promote(a.dtype, b.dtype)
        if op in ("maximum", "minimum") and a.dtype != b.dtype:
            raise Skip()
    if op == "div":
        sp = g.rng.choice(["{a} / ({b}.abs() + 1)", "torch.div({a}, {b}.abs() + 0.5)"]) if b is not None \
            else "{a} / {b}"
        if b is None and bname in ("0", "0.0"):
            raise Skip()
        out_dtype = FLOAT
    if op == "pow":
        if b is None:
            sp = "{a}.abs() ** {b}" if a.dtype == FLOAT else "{a} ** 2"
        elif out_dtype == FLOAT:
            sp = "torch.pow({a}.abs() + 0.5, {b}.clamp(-2, 2))" if a.dtype == FLOAT else "torch.pow({b}.abs() + 0.5, 2)"
        else:
            raise Skip()
    shape = broadcast(a.shape, bshape)
    if "alpha" in sp and out_dtype != a.dtype:
        raise Skip()
    return g.emit(sp.format(a=a.name, b=bname), shape, out_dtype, op)


def b_intdiv(g):
    a = g.pick(lambda v: v.dtype == INT)
    d = g.rng.choice([2, 3, -2, 5])
    op, sp = g.rng.choice([("floor_divide", "{a} // {d}"), ("floor_divide", "torch.floor_divide({a}, {d})"),
                           ("remainder", "{a} % {d}"), ("remainder", "torch.remainder({a}, {d})")])
    return g.emit(sp.format(a=a.name, d=d), a.shape, INT, op)


def b_compare(g):
    a = g.pick(lambda v: v.dtype in (FLOAT, INT))
    op, sym = g.rng.choice([("gt", ">"), ("lt", "<"), ("ge", ">="), ("le", "<="), ("eq", "=="), ("ne", "!=")])
    if g.chance(0.5):
        b = broadcast_partner(g, a, a.dtype)
        if b is not None:
            return g.emit(f"{a.name} {sym} {b.name}", broadcast(a.shape, b.shape), BOOL, op)
    s = g.r(0, 4) if a.dtype == INT else g.rng.choice([0, 0.5, -0.3])
    if op in ("eq", "ne") and a.dtype == FLOAT:
        s = 0  # after relu many values are exactly 0
    return g.emit(f"{a.name} {sym} {s}", a.shape, BOOL, op)


def b_bool_use(g):
    c = g.pick(lambda v: v.dtype == BOOL)
    roll = g.r(0, 5)
    if roll == 0:
        a = g.pick(lambda v: v.dtype == FLOAT and broadcast(v.shape, c.shape) is not None)
        return g.emit(f"torch.where({c.name}, {a.name}, {g.rng.choice(['0.0', '-1.5', a.name + ' * 2'])})",
                      broadcast(a.shape, c.shape), FLOAT, "where")
    if roll == 1:
        a = g.pick(lambda v: v.dtype in (FLOAT, INT) and broadcast(v.shape, c.shape) == v.shape)
        return g.emit(f"{a.name}.masked_fill({c.name}, {g.rng.choice(['0', '1', '-3'])})", a.shape, a.dtype,
                      "masked_fill")
    if roll == 2:
        dt = g.rng.choice([FLOAT, INT])
        sp = g.rng.choice(["{}.float()", "{}.to(torch.float32)"] if dt == FLOAT else ["{}.long()", "{}.to(torch.int64)"])
        return g.emit(sp.format(c.name), c.shape, dt, "to")
    if roll == 3:
        d = g.pick(lambda v: v.dtype == BOOL and broadcast(v.shape, c.shape) is not None)
        op, sp = g.rng.choice([("logical_and", "torch.logical_and({}, {})"), ("logical_or", "{} | {}"),
                               ("logical_xor", "torch.logical_xor({}, {})"), ("bitwise_and", "{} & {}")])
        return g.emit(sp.format(c.name, d.name), broadcast(c.shape, d.shape), BOOL, op)
    if roll == 4:
        return g.emit(g.rng.choice(["~{}", "torch.logical_not({})"]).format(c.name), c.shape, BOOL, "logical_not")
    if c.rank == 0:
        raise Skip()
    d = g.dim(c)
    kd = g.chance(0.5)
    shape = reduce_shape(c.shape, [d], kd)
    return g.emit(f"{c.name}.{g.rng.choice(['any', 'all'])}({d}, keepdim={kd})", shape, BOOL, "any")


def b_cast(g):
    a = g.pick(lambda v: v.dtype in (FLOAT, INT))
    if a.dtype == FLOAT:
        return g.emit(f"({a.name} * 3).to(torch.int64)", a.shape, INT, "to")
    return g.emit(g.rng.choice(["{}.float()", "{}.to(torch.float32)", "{}.type(torch.float32)"]).format(a.name),
                  a.shape, FLOAT, "to")


# ---------------------------------------------------------------------------
# reductions, softmax
# ---------------------------------------------------------------------------

def reduce_shape(shape, dims, keepdim):
    dims = {norm_dim(d, len(shape)) for d in dims}
    return tuple((1 if keepdim else None) if i in dims else s for i, s in enumerate(shape) if keepdim or i not in dims)


def b_reduce(g):
    a = g.pick(lambda v: v.dtype in (FLOAT, INT) and v.rank >= 1)
    op = g.rng.choice(["sum", "mean", "amax", "amin", "prod"] if a.dtype == FLOAT else ["sum", "amax", "amin"])
    if op == "prod" and a.numel > 64:
        raise Skip()
    kd = g.chance(0.4)
    if g.chance(0.15):
        if op in ("amax", "amin"):
            raise Skip()
        return g.emit(f"{a.name}.{op}()" if g.chance(0.5) else f"torch.{op}({a.name})", (), a.dtype, op)
    if op in ("sum", "mean", "amax", "amin") and a.rank >= 2 and g.chance(0.3):
        dims = g.rng.sample(range(a.rank), 2)
        dims = [d - a.rank if g.chance(0.3) else d for d in dims]
        return g.emit(f"torch.{op}({a.name}, dim={tuple(dims)}, keepdim={kd})", reduce_shape(a.shape, dims, kd),
                      a.dtype, op)
    d = g.dim(a)
    sp = g.rng.choice([f"{a.name}.{op}({d}, keepdim={kd})", f"torch.{op}({a.name}, dim={d}, keepdim={kd})",
                       f"{a.name}.{op}(dim={d}, keepdim={kd})"])
    return g.emit(sp, reduce_shape(a.shape, [d], kd), a.dtype, op)


def b_maxdim(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1 and not v.may_tie)
    d, kd = g.dim(a), g.chance(0.4)
    shape = reduce_shape(a.shape, [d], kd)
    op = g.rng.choice(["max", "min", "argmax", "argmin"])
    if op in ("argmax", "argmin"):
        return g.emit(f"torch.{op}({a.name}, dim={d}, keepdim={kd})", shape, INT, op)
    pick = g.rng.choice(["[0]", ".values", "[1]", ".indices"])
    dt = INT if pick in ("[1]", ".indices") else FLOAT
    return g.emit(f"torch.{op}({a.name}, {d}, keepdim={kd}){pick}", shape, dt, op + "_dim")


def b_topk(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1 and not v.may_tie)
    d = g.dim(a)
    n = a.shape[norm_dim(d, a.rank)]
    if n < 1:
        raise Skip()
    k = g.r(1, n)
    shape = list(a.shape)
    shape[norm_dim(d, a.rank)] = k
    pick, dt = g.rng.choice([("[0]", FLOAT), ("[0]", FLOAT), ("[1]", INT)])
    return g.emit(f"torch.topk({a.name}, {k}, dim={d}, largest={g.chance(0.7)}){pick}", tuple(shape), dt, "topk")


def b_softmax(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1)
    d = g.dim(a)
    op = g.rng.choice(["softmax", "log_softmax"])
    sp = g.rng.choice([f"F.{op}({a.name}, dim={d})", f"{a.name}.{op}({d})", f"torch.{op}({a.name}, {d})",
                       "MOD"])
    if sp == "MOD":
        sp = f"{g.module(('nn.Softmax' if op == 'softmax' else 'nn.LogSoftmax') + f'(dim={d})')}({a.name})"
    return g.emit(sp, a.shape, FLOAT, op)


def b_cumsum(g):
    a = g.pick(lambda v: v.dtype in (FLOAT, INT) and v.rank >= 1)
    d = g.dim(a)
    return g.emit(f"torch.cumsum({a.name}, dim={d})", a.shape, a.dtype, "cumsum")


# ---------------------------------------------------------------------------
# linear algebra
# ---------------------------------------------------------------------------

def b_linear(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1)
    k, n = a.shape[-1], g.r(1, 9)
    shape = a.shape[:-1] + (n,)
    roll = g.r(0, 3)
    if roll == 0:
        m = g.module(f"nn.Linear({k}, {n}, bias={g.chance(0.7)})")
        return g.emit(f"{m}({a.name})", shape, FLOAT, "linear")
    if roll == 1:
        w = g.param((n, k))
        b = g.param((n,)) if g.chance(0.6) else None
        return g.emit(f"F.linear({a.name}, {w.name}{', ' + b.name if b else ''})", shape, FLOAT, "linear")
    w = g.param((k, n))
    if roll == 2:
        return g.emit(f"{a.name} @ {w.name}", shape, FLOAT, "matmul")
    return g.emit(f"torch.matmul({a.name}, {w.name})", shape, FLOAT, "matmul")


def b_matmul2(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 2)
    if g.chance(0.5):
        return g.emit(f"{a.name} @ {a.name}.transpose(-1, -2)", a.shape[:-1] + (a.shape[-2],), FLOAT, "matmul")
    if a.rank == 3 and g.chance(0.5):
        w = g.param((a.shape[0], a.shape[2], g.r(1, 6)))
        return g.emit(f"torch.bmm({a.name}, {w.name})", a.shape[:2] + (w.shape[2],), FLOAT, "matmul")
    if a.rank == 2:
        w = g.param((a.shape[1], g.r(1, 6)))
        if g.chance(0.5):
            bias = g.param((w.shape[1],))
            return g.emit(f"torch.addmm({bias.name}, {a.name}, {w.name})", (a.shape[0], w.shape[1]), FLOAT, "addmm")
        return g.emit(f"torch.mm({a.name}, {w.name})", (a.shape[0], w.shape[1]), FLOAT, "matmul")
    # a batched left operand against a 1-d vector
    w = g.param((a.shape[-1],))
    return g.emit(f"torch.matmul({a.name}, {w.name})", a.shape[:-1], FLOAT, "matmul")


# ---------------------------------------------------------------------------
# convolution, pooling, normalization
# ---------------------------------------------------------------------------

def conv_out(n, k, s, p, d, ceil=False):
    num = n + 2 * p - d * (k - 1) - 1
    if num < 0:
        return 0
    if ceil:
        o = -(-num // s) + 1
        if (o - 1) * s >= n + p:
            o -= 1
        return o
    return num // s + 1


def spatial_input(g, nsp):
    """(value, batched, channels, spatial sizes) for a conv/pool with nsp spatial dims: rank nsp+2 (batched) or nsp+1
    (unbatched)."""
    ranks = (nsp + 2,) if "unbatched" in g.exclude else (nsp + 1, nsp + 2)
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank in ranks and min(v.shape) >= 1)
    batched = a.rank == nsp + 2
    c = a.shape[1] if batched else a.shape[0]
    return a, batched, c, a.shape[-nsp:]


def b_conv(g):
    nsp = g.rng.choice([1, 2, 2])
    a, batched, c, sp = spatial_input(g, nsp)
    if c > 16:
        raise Skip()
    k = g.r(1, 3)
    s, p, d = g.r(1, 2), g.r(0, 1), g.rng.choice([1, 1, 2])
    groups = g.rng.choice([gr for gr in (1, 2, c) if c % gr == 0])
    out_c = groups * g.r(1, max(1, 8 // groups))
    outs = [conv_out(n, k, s, p, d) for n in sp]
    if min(outs) < 1:
        raise Skip()
    cls = f"nn.Conv{nsp}d"
    pad = p
    if s == 1 and g.chance(0.2):
        pad, outs = "'same'", list(sp)
    m = g.module(f"{cls}({c}, {out_c}, {k}, stride={s}, padding={pad}, dilation={d}, groups={groups}, "
                 f"bias={g.chance(0.7)})")
    shape = ((a.shape[0],) if batched else ()) + (out_c,) + tuple(outs)
    return g.emit(f"{m}({a.name})", shape, FLOAT, "conv" + ("" if batched else "_unbatched"))


def b_conv_transpose(g):
    a, batched, c, sp = spatial_input(g, 2)
    if not batched or c > 16:
        raise Skip()
    k, s, p = g.r(1, 3), g.r(1, 2), g.r(0, 1)
    op_ = g.r(0, s - 1)
    if p >= k:
        raise Skip()
    out_c = g.r(1, 6)
    outs = [(n - 1) * s - 2 * p + k + op_ for n in sp]
    if min(outs) < 1:
        raise Skip()
    m = g.module(f"nn.ConvTranspose2d({c}, {out_c}, {k}, stride={s}, padding={p}, output_padding={op_})")
    return g.emit(f"{m}({a.name})", (a.shape[0], out_c) + tuple(outs), FLOAT, "conv_transpose")


def b_pool(g):
    nsp = g.rng.choice([1, 2, 2])
    a, batched, c, sp = spatial_input(g, nsp)
    kind = g.rng.choice(["max", "avg", "adaptive_avg", "adaptive_max"])
    lead = a.shape[:-nsp]
    if kind.startswith("adaptive"):
        outs = tuple(g.r(1, n + 2) for n in sp)
        cls = f"nn.Adaptive{'Avg' if kind == 'adaptive_avg' else 'Max'}Pool{nsp}d"
        arg = outs[0] if nsp == 1 else outs
        if g.chance(0.5):
            expr = f"{g.module(f'{cls}({arg})')}({a.name})"
        else:
            expr = f"F.{kind}_pool{nsp}d({a.name}, {arg})"
        return g.emit(expr, lead + outs, FLOAT, kind + "_pool" + ("" if batched else "_unbatched"))
    k = g.r(1, 3)
    s = g.r(1, 3)
    p = g.r(0, k // 2)
    ceil = g.chance(0.3)
    d = g.rng.choice([1, 1, 2]) if kind == "max" else 1
    outs = tuple(conv_out(n, k, s, p, d, ceil) for n in sp)
    if min(outs) < 1:
        raise Skip()
    if kind == "max":
        ctor = f"nn.MaxPool{nsp}d({k}, stride={s}, padding={p}, dilation={d}, ceil_mode={ceil})"
    else:
        ctor = f"nn.AvgPool{nsp}d({k}, stride={s}, padding={p}, ceil_mode={ceil}, count_include_pad={g.chance(0.5)})"
    if g.chance(0.6):
        expr = f"{g.module(ctor)}({a.name})"
    else:
        expr = f"F.{ctor[3:].replace('MaxPool', 'max_pool').replace('AvgPool', 'avg_pool')}"
        expr = expr.replace("(", f"({a.name}, ", 1)
    return g.emit(expr, lead + outs, FLOAT, kind + "_pool" + ("" if batched else "_unbatched"))


BN_INIT = ["{m}.running_mean.uniform_(-0.5, 0.5)", "{m}.running_var.uniform_(0.5, 1.5)",
           "{m}.weight.data.uniform_(0.5, 1.5)", "{m}.bias.data.uniform_(-0.3, 0.3)"]


def b_norm(g):
    kind = g.rng.choice(["bn", "ln", "gn", "ln_f"])
    if kind == "bn":
        a = g.pick(lambda v: v.dtype == FLOAT and v.rank in (2, 3, 4))
        cls = "nn.BatchNorm2d" if a.rank == 4 else "nn.BatchNorm1d"
        m = g.module(f"{cls}({a.shape[1]})", BN_INIT)
        return g.emit(f"{m}({a.name})", a.shape, FLOAT, "batch_norm")
    if kind in ("ln", "ln_f"):
        a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1)
        n = g.r(1, min(a.rank, 3))
        ns = a.shape[-n:]
        if math.prod(ns) == 1:
            raise Skip()  # x - mean(x) over one element is rounding noise in PyTorch (1e-5), exactly 0 in fx2c
        arg = ns[0] if n == 1 and g.chance(0.5) else list(ns)
        if kind == "ln":
            m = g.module(f"nn.LayerNorm({arg}, elementwise_affine={g.chance(0.7)})",
                         ["if {m}.weight is not None: {m}.weight.data.uniform_(0.5, 1.5)"])
            return g.emit(f"{m}({a.name})", a.shape, FLOAT, "layer_norm")
        w = g.param(ns)
        return g.emit(f"F.layer_norm({a.name}, {tuple(ns)}, {w.name}, eps=1e-3)", a.shape, FLOAT, "layer_norm")
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 2)
    c = a.shape[1]
    groups = g.rng.choice([d for d in range(1, c + 1) if c % d == 0])
    if c // groups * math.prod(a.shape[2:]) == 1:
        raise Skip()  # a group of one element: see layer_norm
    m = g.module(f"nn.GroupNorm({groups}, {c})", ["{m}.weight.data.uniform_(0.5, 1.5)"])
    return g.emit(f"{m}({a.name})", a.shape, FLOAT, "group_norm")


def b_interpolate(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank in (3, 4))
    nsp = a.rank - 2
    if g.chance(0.5):
        sf = g.rng.choice([2, 3])
        outs = tuple(n * sf for n in a.shape[2:])
        mode = g.rng.choice(["nearest"] + (["bilinear"] if nsp == 2 else ["linear"]))
        ac = "" if mode == "nearest" else f", align_corners={g.chance(0.5)}"
        return g.emit(f"F.interpolate({a.name}, scale_factor={sf}, mode='{mode}'{ac})", a.shape[:2] + outs, FLOAT,
                      "interpolate")
    outs = tuple(g.r(1, 9) for _ in range(nsp))
    mode = g.rng.choice(["nearest"] + (["bilinear"] if nsp == 2 else ["linear"]))
    ac = "" if mode == "nearest" else f", align_corners={g.chance(0.5)}"
    return g.emit(f"F.interpolate({a.name}, size={outs}, mode='{mode}'{ac})", a.shape[:2] + outs, FLOAT,
                  "interpolate")


# ---------------------------------------------------------------------------
# views and shape ops
# ---------------------------------------------------------------------------

def factor_shape(g, numel):
    """A random shape of rank 1..4 with the given element count."""
    fs, n, p = [], numel, 2
    while n > 1 and p * p <= n:
        while n % p == 0:
            fs.append(p)
            n //= p
        p += 1
    if n > 1:
        fs.append(n)
    rank = g.r(1, 4)
    shape = [1] * rank
    for f in fs:
        shape[g.r(0, rank - 1)] *= f
    return shape


def b_reshape(g):
    a = g.pick(lambda v: v.numel >= 1)
    shape = factor_shape(g, a.numel)
    spec = list(shape)
    if g.chance(0.5):
        spec[g.r(0, len(spec) - 1)] = -1
    meth = "view" if a.contig and g.chance(0.6) else "reshape"
    args = ", ".join(str(d) for d in spec)
    if g.chance(0.3) and a.rank >= 1 and spec[0] == a.shape[0] and len(spec) > 1:
        args = ", ".join([f"{a.name}.size(0)"] + [str(d) for d in spec[1:]])
    sp = f"{a.name}.{meth}({args})" if g.chance(0.7) else f"torch.reshape({a.name}, {tuple(spec)})"
    return g.emit(sp, shape, a.dtype, meth, contig=True, inplace_ok=a.inplace_ok)


def b_permute(g):
    a = g.pick(lambda v: v.rank >= 2)
    roll = g.r(0, 2)
    if roll == 0:
        perm = list(range(a.rank))
        g.rng.shuffle(perm)
        sp = f"{a.name}.permute({', '.join(map(str, perm))})" if g.chance(0.6) else f"torch.permute({a.name}, {tuple(perm)})"
        return g.emit(sp, tuple(a.shape[i] for i in perm), a.dtype, "permute", False, a.inplace_ok)
    if roll == 1 or a.rank != 2:
        d1, d2 = g.dim(a), g.dim(a)
        shape = list(a.shape)
        i, j = norm_dim(d1, a.rank), norm_dim(d2, a.rank)
        shape[i], shape[j] = shape[j], shape[i]
        sp = f"{a.name}.transpose({d1}, {d2})" if g.chance(0.6) else f"torch.transpose({a.name}, {d1}, {d2})"
        return g.emit(sp, shape, a.dtype, "transpose", a.contig and i == j, a.inplace_ok)
    return g.emit(f"{a.name}.t()", a.shape[::-1], a.dtype, "t", False, a.inplace_ok)


def b_squeeze(g):
    a = g.pick()
    roll = g.r(0, 3)
    if roll <= 1 and a.rank < 5:
        d = g.r(-a.rank - 1, a.rank)
        dd = d + a.rank + 1 if d < 0 else d
        shape = a.shape[:dd] + (1,) + a.shape[dd:]
        sp = f"{a.name}.unsqueeze({d})" if g.chance(0.6) else f"torch.unsqueeze({a.name}, {d})"
        return g.emit(sp, shape, a.dtype, "unsqueeze", a.contig, a.inplace_ok)
    if roll == 2 and 1 in a.shape:
        ones = [i for i, s in enumerate(a.shape) if s == 1]
        d = g.rng.choice(ones)
        return g.emit(f"{a.name}.squeeze({d})", a.shape[:d] + a.shape[d + 1:], a.dtype, "squeeze", a.contig,
                      a.inplace_ok)
    if roll == 3 and a.rank >= 2:
        s, e = sorted(g.rng.sample(range(a.rank), 2))
        shape = a.shape[:s] + (math.prod(a.shape[s:e + 1]),) + a.shape[e + 1:]
        sp = g.rng.choice([f"torch.flatten({a.name}, {s}, {e})", f"{a.name}.flatten({s}, {e})", "MOD"])
        if sp == "MOD":
            sp = f"{g.module(f'nn.Flatten({s}, {e})')}({a.name})"
        return g.emit(sp, shape, a.dtype, "flatten", True, a.inplace_ok and a.contig)
    return g.emit(f"{a.name}.squeeze()", tuple(s for s in a.shape if s != 1), a.dtype, "squeeze", a.contig,
                  a.inplace_ok)


def b_expand(g):
    a = g.pick(lambda v: v.rank <= 3)
    shape = [s if s != 1 else g.r(1, 4) for s in a.shape]
    lead = [g.r(1, 3)] if g.chance(0.4) else []
    shape = tuple(lead + shape)
    spec = [(-1 if (i >= len(lead) and g.chance(0.4)) else d) for i, d in enumerate(shape)]
    if g.chance(0.2):
        b = g.emit(f"{a.name}.expand({', '.join(map(str, spec))}).contiguous()", shape, a.dtype, "expand")
        return b
    return g.emit(f"{a.name}.expand({', '.join(map(str, spec))})", shape, a.dtype, "expand", False, False)


def index_expr(g, a):
    """A getitem index over a with ints, slices, None and Ellipsis; (text, result shape, contiguous)."""
    parts, shape = [], []
    dims = list(a.shape)
    i, used_ellipsis, contig = 0, False, a.contig
    nidx = g.r(1, max(1, a.rank))
    while i < len(dims) and len(parts) < nidx:
        roll = g.rng.random()
        n = dims[i]
        if roll < 0.12:
            parts.append("None")
            shape.append(1)
            continue
        if roll < 0.2 and not used_ellipsis and i < len(dims) - 1:
            used_ellipsis = True
            keep = g.r(0, len(dims) - i - 1)
            parts.append("...")
            shape += dims[i:len(dims) - keep - 0][:len(dims) - i - keep]
            rest = dims[len(dims) - keep:]
            dims = dims[:i] + rest
            i = i  # continue indexing the trailing dims
            # the dims after the ellipsis are those in `rest`: index them from the end
            tail_parts, tail_shape = [], []
            for n2 in rest:
                r2 = g.rng.random()
                if r2 < 0.4:
                    tail_parts.append(":")
                    tail_shape.append(n2)
                elif r2 < 0.7:
                    tail_parts.append(str(g.r(-n2, n2 - 1)))
                    contig = False
                else:
                    lo, hi = g.r(-n2, n2), g.r(-n2 - 1, n2 + 1)
                    st = g.rng.choice([1, 1, 2, 3])
                    tail_parts.append(f"{lo}:{hi}" + (f":{st}" if st > 1 else ""))
                    tail_shape.append(len(range(n2)[slice(lo, hi, st)]))
                    contig = False
            parts += tail_parts
            shape += tail_shape
            return "[" + ", ".join(parts) + "]", tuple(shape), contig
        if roll < 0.45:
            parts.append(str(g.r(-n, n - 1)) if n else ":")
            if not n:
                shape.append(n)
            elif i > 0:
                contig = False
        elif roll < 0.6:
            parts.append(":")
            shape.append(n)
        else:
            lo = g.rng.choice([None, g.r(-n, n)])
            hi = g.rng.choice([None, g.r(-n - 1, n + 1)])
            st = g.rng.choice([None, 1, 2, 3])
            txt = ("" if lo is None else str(lo)) + ":" + ("" if hi is None else str(hi)) + \
                ("" if st is None else f":{st}")
            parts.append(txt)
            m = len(range(n)[slice(lo, hi, st)])
            shape.append(m)
            if m != n:
                contig = False
        i += 1
    shape += dims[i:]
    return "[" + ", ".join(parts) + "]", tuple(shape), contig


def b_index(g):
    a = g.pick(lambda v: v.rank >= 1)
    text, shape, contig = index_expr(g, a)
    if 0 in shape and g.chance(0.8):
        raise Skip()
    return g.emit(f"{a.name}{text}", shape, a.dtype, "getitem", contig, a.inplace_ok)


def b_select(g):
    a = g.pick(lambda v: v.rank >= 1 and min(v.shape) >= 1)
    d = g.dim(a)
    dd = norm_dim(d, a.rank)
    n = a.shape[dd]
    roll = g.r(0, 4)
    if roll == 0:
        i = g.r(-n, n - 1)
        return g.emit(f"{a.name}.select({d}, {i})", a.shape[:dd] + a.shape[dd + 1:], a.dtype, "select", False,
                      a.inplace_ok)
    if roll == 1:
        st = g.r(0, n - 1)
        ln = g.r(1, n - st)
        return g.emit(f"{a.name}.narrow({d}, {st}, {ln})", a.shape[:dd] + (ln,) + a.shape[dd + 1:], a.dtype, "narrow",
                      False, a.inplace_ok)
    if roll == 2:
        k = g.r(1, n + 1)
        size = -(-n // k)
        chunks = -(-n // size)
        j = g.r(-chunks, chunks - 1)
        sizes = [min(size, n - c * size) for c in range(chunks)]
        sp = f"{a.name}.chunk({k}, {d})[{j}]" if g.chance(0.5) else f"torch.chunk({a.name}, {k}, dim={d})[{j}]"
        return g.emit(sp, a.shape[:dd] + (sizes[j],) + a.shape[dd + 1:], a.dtype, "chunk", False, a.inplace_ok)
    if roll == 3:
        if g.chance(0.5):
            size = g.r(1, n)
            sizes = [min(size, n - c) for c in range(0, n, size)]
            arg = str(size)
        else:
            sizes, left = [], n
            while left:
                s = g.r(1, left)
                sizes.append(s)
                left -= s
            arg = str(sizes)
        j = g.r(0, len(sizes) - 1)
        sp = f"torch.split({a.name}, {arg}, dim={d})[{j}]" if g.chance(0.5) else f"{a.name}.split({arg}, {d})[{j}]"
        return g.emit(sp, a.shape[:dd] + (sizes[j],) + a.shape[dd + 1:], a.dtype, "split", False, a.inplace_ok)
    j = g.r(0, n - 1)
    return g.emit(f"{a.name}.unbind({d})[{j}]", a.shape[:dd] + a.shape[dd + 1:], a.dtype, "unbind", False,
                  a.inplace_ok)


def b_cat(g):
    a = g.pick(lambda v: v.rank >= 1)
    d = g.dim(a)
    dd = norm_dim(d, a.rank)
    if g.chance(0.4):
        others = [v for v in g.vals if v.dtype == a.dtype and v.shape == a.shape]
        b = g.rng.choice(others)
        sp = f"torch.stack([{a.name}, {b.name}], dim={g.r(-a.rank - 1, a.rank)})"
        dim = int(sp.rsplit("=", 1)[1][:-1])
        dim = dim + a.rank + 1 if dim < 0 else dim
        return g.emit(sp, a.shape[:dim] + (2,) + a.shape[dim:], a.dtype, "stack")
    others = [v for v in g.vals if v.dtype == a.dtype and v.rank == a.rank
              and all(x == y for i, (x, y) in enumerate(zip(v.shape, a.shape)) if i != dd)]
    b = g.rng.choice(others)
    fn = g.rng.choice(["torch.cat", "torch.concat"]) if g.chance(0.3) else "torch.cat"
    return g.emit(f"{fn}([{a.name}, {b.name}], {g.rng.choice(['', 'dim='])}{d})",
                  a.shape[:dd] + (a.shape[dd] + b.shape[dd],) + a.shape[dd + 1:], a.dtype, "cat")


def b_pad(g):
    a = g.pick(lambda v: v.dtype == FLOAT and v.rank >= 1)
    mode = g.rng.choice(["constant", "constant", "reflect", "replicate"])
    npad = g.r(1, min(a.rank, 2 if mode == "constant" else 2))
    if mode != "constant" and a.rank < npad + 1:
        raise Skip()
    pads, shape = [], list(a.shape)
    for i in range(npad):
        lo, hi = g.r(-1 if mode == "constant" else 0, 2), g.r(0, 2)
        pads += [lo, hi]
        shape[-1 - i] += lo + hi
    if min(shape) < 1:
        raise Skip()
    val = f", value={g.rng.choice([0.0, 1.5])}" if mode == "constant" and g.chance(0.5) else ""
    return g.emit(f"F.pad({a.name}, {tuple(pads)}, mode='{mode}'{val})", shape, FLOAT, "pad")


def b_misc_shape(g):
    a = g.pick(lambda v: v.rank >= 1)
    roll = g.r(0, 3)
    if roll == 0:
        dims = sorted(g.rng.sample(range(a.rank), g.r(1, a.rank)))
        return g.emit(f"torch.flip({a.name}, {tuple(dims)})", a.shape, a.dtype, "flip")
    if roll == 1:
        d = g.dim(a)
        return g.emit(f"torch.roll({a.name}, {g.r(-3, 3)}, {d})", a.shape, a.dtype, "roll")
    if roll == 2:
        reps = [g.r(1, 2) for _ in range(a.rank)]
        lead = [g.r(1, 2)] if g.chance(0.3) else []
        shape = tuple(lead) + tuple(s * r for s, r in zip(a.shape, reps))
        return g.emit(f"{a.name}.repeat({', '.join(map(str, lead + reps))})", shape, a.dtype, "repeat")
    if g.chance(0.5):
        return g.emit(f"{a.name}.contiguous()", a.shape, a.dtype, "contiguous", True, True)
    return g.emit(f"{a.name}.clone()", a.shape, a.dtype, "contiguous", a.contig, True)  # clone keeps the layout


def b_index_select(g):
    a = g.pick(lambda v: v.rank >= 1 and min(v.shape) >= 1)
    d = g.dim(a)
    dd = norm_dim(d, a.rank)
    n = a.shape[dd]
    m = g.r(1, 6)
    p = g.name("idx")
    g.inits.append(f"self.register_buffer('{p}', torch.randint(0, {n}, ({m},)))")
    if a.dtype == FLOAT and g.chance(0.3) and a.rank == 2 and dd == 0:
        return g.emit(f"F.embedding(self.{p}, {a.name})", (m, a.shape[1]), FLOAT, "embedding")
    return g.emit(f"torch.index_select({a.name}, {d}, self.{p})", a.shape[:dd] + (m,) + a.shape[dd + 1:], a.dtype,
                  "index_select")


def b_embedding(g):
    a = g.pick(lambda v: v.dtype == INT)
    num, dim = 12, g.r(1, 6)
    m = g.module(f"nn.Embedding({num}, {dim})")
    return g.emit(f"{m}({a.name}.clamp(0, {num - 1}))", a.shape + (dim,), FLOAT, "embedding")


# ---------------------------------------------------------------------------
# in-place ops
# ---------------------------------------------------------------------------

INPLACE = [("add_", "{t}.add_({s})"), ("mul_", "{t}.mul_({s})"), ("sub_", "{t}.sub_({s})"),
           ("relu_", "{t}.relu_()"), ("clamp_", "{t}.clamp_(-0.5, 0.5)"), ("div_", "{t}.div_(2)"),
           ("relu_", "F.relu({t}, inplace=True)"), ("add_", "{t} += {s}"), ("mul_", "{t} *= {s}"),
           ("sub_", "{t}.sub_({s}, alpha=2)"), ("lt_", "{t}.lt_({s})"), ("ge_", "{t}.ge_({s})"),
           ("eq_", "{t}.eq_({s})"), ("logical_not_", "{t}.logical_not_()"), ("sigmoid_", "{t}.sigmoid_()"),
           ("floor_divide_", "{t}.floor_divide_(2)")]
UNARY_INPLACE = ("relu_", "clamp_", "div_", "logical_not_", "sigmoid_", "floor_divide_")


def inplace_target(g, a):
    """Where an in-place op on a writes: a itself ("fresh") or a view of it ("view"): (text, shape, kind)."""
    if not (g.chance(0.5) and a.rank >= 1):
        return a.name, a.shape, "fresh"
    roll = g.r(0, 3)
    if roll == 0:
        text, shape, _ = index_expr(g, a)
        return f"{a.name}{text}", shape, "view"
    if roll == 1 and a.rank >= 2:
        return f"{a.name}.transpose(0, -1)", (a.shape[-1],) + a.shape[1:-1] + (a.shape[0],), "view"
    if roll == 2 and a.rank == 2:
        return f"{a.name}.t()", a.shape[::-1], "view"
    d = g.dim(a)
    dd = norm_dim(d, a.rank)
    n = a.shape[dd]
    if n < 2:
        raise Skip()
    st = g.r(1, n - 1)
    return f"{a.name}.narrow({d}, {st}, {n - st})", a.shape[:dd] + (n - st,) + a.shape[dd + 1:], "view"


def inplace_operand(g, a, shape):
    """The second operand of an in-place op writing a tensor of `shape` (dtype a.dtype): a Python number (sometimes
    one that PyTorch cannot cast into an integer tensor: the model is then one PyTorch refuses), an existing value that
    broadcasts to the shape (a itself or a view of a, which may overlap the written elements), or a new parameter."""
    roll = g.rng.random()
    if roll < 0.55:
        if a.dtype == FLOAT or g.chance(0.15):
            return g.rng.choice(["2", "-1", "0.5"])
        return g.rng.choice(["2", "-1"])
    if roll < 0.85:
        cands = [w for w in g.vals if w.dtype in (FLOAT, INT) and broadcast(shape, w.shape) == tuple(shape)]
        if a.rank >= 1 and broadcast(shape, a.shape) == tuple(shape):
            cands.append(a)
        if cands:
            w = g.rng.choice(cands)
            if w is a and a.rank >= 2 and g.chance(0.5) and a.shape[0] == a.shape[-1]:
                return f"{a.name}.transpose(0, -1)"  # overlapping in other positions: PyTorch refuses it
            return w.name
    dims = list(shape)
    for i in range(len(dims)):
        if g.chance(0.4):
            dims[i] = 1
    return g.param(tuple(dims[g.r(0, len(dims)) if g.chance(0.3) else 0:]), a.dtype).name


def b_inplace(g):
    """An in-place op on a fresh tensor, on a view of one, or (rarely) on an input, with a number or a tensor as its
    second operand. The op's result and the mutated tensor are both used later (through the tensor's name)."""
    if "inplace" in g.exclude:
        raise Skip()
    a = g.pick(lambda v: v.inplace_ok and v.dtype in (FLOAT, INT))
    op, sp = g.rng.choice(INPLACE)
    if a.dtype == INT and op in ("relu_", "clamp_") or (a.dtype == FLOAT and op == "floor_divide_"):
        raise Skip()
    target, shape, kind = inplace_target(g, a)
    if 0 in shape:
        raise Skip()
    s = None if op in UNARY_INPLACE else inplace_operand(g, a, shape)
    if op in ("relu_", "clamp_", "lt_", "ge_", "eq_", "logical_not_", "floor_divide_"):
        for w in g.vals:
            w.may_tie = True  # the tensor and whatever shares its storage now saturate
    if "+=" in sp or "*=" in sp:
        if kind == "view":
            raise Skip()  # `v.t() += 1` is not Python
        g.lines.append(sp.format(t=target, s=s))
        g.ops.append(op + ":" + kind)
        return None
    if g.chance(0.5):
        g.lines.append(sp.format(t=target, s=s))
        g.ops.append(op + ":" + kind)
        return None
    return g.emit(sp.format(t=target, s=s), shape, a.dtype, op + ":" + kind, kind == "fresh" and a.contig, True)


def b_clone_write(g):
    """Copies of one value written in place in different ways (`c = a.clone(); c.add_(1)`, and another clone of a,
    or a itself, written otherwise): each copy is a tensor of its own, however alike the nodes that make them."""
    if "inplace" in g.exclude:
        raise Skip()
    a = g.pick(lambda v: v.dtype == FLOAT)
    outs = None
    for _ in range(g.r(1, 2)):
        c = g.emit(f"{a.name}.clone()" if g.chance(0.8) else f"{a.name}.detach().clone()", a.shape, a.dtype, "clone")
        op, sp = g.rng.choice([o for o in INPLACE if "=" not in o[1] and o[0] != "floor_divide_"])
        s = None if op in UNARY_INPLACE else g.rng.choice(["2", "-1", "0.5"])
        g.lines.append(sp.format(t=c.name, s=s))
        g.ops.append(op + ":clone")
        c.may_tie = True
        outs = c
    return outs


def b_setitem(g):
    if not g.aten or "inplace" in g.exclude:
        raise Skip()  # symbolic_trace cannot record `proxy[...] = value`; make_fx records aten.copy_/fill_
    a = g.pick(lambda v: v.inplace_ok and v.dtype == FLOAT and v.rank >= 1)
    text, shape, _ = index_expr(g, a)
    g.lines.append(f"{a.name}{text} = {g.rng.choice(['0.0', '1.5', '-2.0'])}")
    for w in g.vals:
        w.may_tie = True  # a constant written into a tensor and whatever shares its storage
    g.ops.append("setitem")


BUILDERS = [
    (b_unary, 14), (b_binary, 14), (b_intdiv, 2), (b_compare, 3), (b_bool_use, 4), (b_cast, 2),
    (b_reduce, 5), (b_maxdim, 3), (b_topk, 1), (b_softmax, 3), (b_cumsum, 1),
    (b_linear, 6), (b_matmul2, 3), (b_conv, 5), (b_conv_transpose, 1), (b_pool, 5), (b_norm, 4), (b_interpolate, 1),
    (b_reshape, 5), (b_permute, 4), (b_squeeze, 4), (b_expand, 2), (b_index, 6), (b_select, 5), (b_cat, 3),
    (b_pad, 2), (b_misc_shape, 3), (b_index_select, 2), (b_embedding, 1),
    (b_inplace, 5), (b_clone_write, 2), (b_setitem, 1),
]


def gen_inputs(g):
    specs = []
    n = 1 if g.chance(0.6) else 2
    for i in range(n):
        rank = g.rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4])
        shape = tuple(g.r(1, 7) for _ in range(rank))
        if rank == 4:
            shape = (g.r(1, 2), g.r(1, 4)) + tuple(g.r(3, 9) for _ in range(2))
        specs.append((f"x{i}", FLOAT, shape))
    if g.chance(0.25):
        specs.append(("k", INT, tuple(g.r(1, 5) for _ in range(g.r(1, 2)))))
    for name, dt, shape in specs:
        g.vals.append(V(name, shape, dt, True, True))
    return specs


EXCLUDABLE = ("inplace", "unbatched")


def generate(seed, aten_share=0.25, max_ops=None, exclude=()):
    """exclude: op classes not to generate (EXCLUDABLE): "inplace" (in-place ops and setitem), "unbatched"
    (convolutions and pools on unbatched inputs). The same seed gives the same model for the same exclusions."""
    g = G(seed)
    g.exclude = set(exclude)
    specs = gen_inputs(g)
    aten = g.aten = g.rng.random() < aten_share
    n_ops = max_ops or g.r(2, 12)
    fns, weights = zip(*BUILDERS)
    made, tries = 0, 0
    while made < n_ops and tries < n_ops * 30:
        tries += 1
        fn = g.rng.choices(fns, weights)[0]
        snapshot = (len(g.vals), len(g.lines), len(g.inits), len(g.ops), g.n)
        try:
            fn(g)
            made += 1
        except (Skip, IndexError, ValueError):
            del g.vals[snapshot[0]:], g.lines[snapshot[1]:], g.inits[snapshot[2]:], g.ops[snapshot[3]:]
    produced = [v for v in g.vals if not v.name.startswith("x") and v.name != "k" and not v.name.startswith("self.")]
    # the outputs: the last value and up to three others that nothing uses (so that no op is dead code)
    outs = [produced[-1]] if produced else [g.vals[0]]
    body = "\n".join(g.lines)
    sinks = [v for v in produced[:-1] if len(re.findall(r"\b" + re.escape(v.name) + r"\b", body)) == 1]
    g.rng.shuffle(sinks)
    outs += sinks[:3]
    if g.chance(0.1):
        outs.append(g.vals[0])  # an input as an output (seen after any in-place op on it)
    params = ", ".join(n for n, _, _ in specs)
    src = ["import torch", "from torch import nn", "import torch.nn.functional as F", "", "",
           f"# seed {seed}: {' '.join(g.ops)}", "class Net(nn.Module):", "    def __init__(self):",
           "        super().__init__()"]
    src += ["        " + line for line in g.inits]
    src += ["", f"    def forward(self, {params}):"]
    src += ["        " + line for line in g.lines]
    ret = outs[0].name if len(outs) == 1 and g.chance(0.5) else "(" + ", ".join(v.name for v in outs) + ",)"
    src.append(f"        return {ret}")
    inputs = [f"{n}:{dt}[{','.join(map(str, s))}]" for n, dt, s in specs]
    return Model(seed, "\n".join(src) + "\n", inputs, list(g.ops), aten)


if __name__ == "__main__":
    import sys
    for s in sys.argv[1:] or ["0"]:
        m = generate(int(s))
        print(m.source, m.inputs, "aten" if m.aten else "torch")
