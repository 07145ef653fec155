"""Models of issue 15's edge cases that PyTorch computes and fx2c must compute the same (tests/gen/gen_edges.py
exports them, tests/edges/run.sh compares)."""
import torch


class IndexSelect0d(torch.nn.Module):
    """index_select with a 0-dim index: the selected dimension has size 1, on a 2-d and on a 1-d table; on a 0-dim
    table (index j is 0), the result has no dimension."""

    def forward(self, x, i, j):
        return x.index_select(0, i), x[0].index_select(0, i), x[0, 0].index_select(0, j)


class FlipEmpty(torch.nn.Module):
    """flip of tensors with no elements (an empty dimension flipped, and another one)."""

    def forward(self, x, y):
        return x.flip(0), x.flip((0, 1)), y.flip(2) + 1


class SplitMany(torch.nn.Module):
    """split, chunk and unbind into 300 pieces (more than the 256 fx2c once kept)."""

    def forward(self, x):
        a = x.split(1, dim=1)
        b = x.chunk(300, dim=1)
        c = x.unbind(1)
        return a[0], a[299], a[-1], b[150], b[-1], c[298], c[-1]


class InplaceDtypes(torch.nn.Module):
    """In-place ops whose result dtype is not the written tensor's: comparisons and logical ops into f32 tensors
    (written as 0 and 1), integer arithmetic in place, an i64 operand added into an f32 tensor."""

    def forward(self, x, i, b):
        return (x.clone().logical_not_(), i.clone().floor_divide_(2), i.clone().add_(2), x.clone().eq_(x * 0 + 0.5),
                x.clone().add_(i), i.clone().sub_(i, alpha=2), x.clone().lt_(0), i.clone().mul_(i),
                b.clone().logical_and_(b), x.clone().ge_(i), i.clone().logical_or_(b))


class InplaceSamePositions(torch.nn.Module):
    """In-place ops whose operand shares elements with the written tensor only where it writes them (each shared
    element is read at the position it is written): PyTorch computes these (in any order, the same result)."""

    def forward(self, x):
        y = x.clone()
        y[:, 0].add_(y[:, 1])  # disjoint columns
        y.mul_(y)  # the same tensor
        z = x.clone()
        z[1:].add_(z[0])  # disjoint rows, broadcast
        z[:, 0].add_(z[0])  # element 0 is read and written at position 0 only
        w = x.clone()
        w.t().add_(w.t())
        return y, z, w


class AssertTensor(torch.nn.Module):
    """torch._assert on tensor conditions, checked when the model runs (tests/cli/cli.sh runs it on an input that
    fails the first one)."""

    def forward(self, x):
        torch._assert(x.sum() != 0, "the sum must not be zero")
        torch._assert((x > -100).all(), "no value below -100")
        return x * 2
