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
