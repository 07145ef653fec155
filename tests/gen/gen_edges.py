#!/usr/bin/python3
"""Generate the graphs of issue 15's edge cases, each traced by torch.fx (torch 1.13) from the module below:

  - tests/errors/edge_NAME.fx and edge_NAME.args: graphs that PyTorch refuses (or that need a Python int beyond 64
    bits), which fx2c must refuse with one diagnostic at the node; `tests/errors/run.sh ... --update` writes their
    .err goldens, which a reviewer reads. Each case's comment says what PyTorch does.
  - tests/edges/CASE/: graphs that PyTorch computes, exported by tools/fx2c-export with their inputs and PyTorch's
    outputs, which tests/edges/run.sh compares with fx2c's.

    /usr/bin/python3 tests/gen/gen_edges.py
"""
import operator
import os
import shutil
import subprocess
import sys

import torch
import torch.fx
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "edges"))
import models  # noqa: E402  (tests/edges/models.py)

I64_MAX = 2**63 - 1


class IntMul(torch.nn.Module):  # Python: 2 * 2**62 == 2**63, beyond int64; torch: the view then fails
    def forward(self, x):
        return x.view(x.size(0) * 4611686018427387904, -1)


class IntFloorDivMin(torch.nn.Module):  # (-2**63) // -1 == 2**63 in Python
    def forward(self, x):
        return x.view((-x.size(0) - I64_MAX) // -1)


class IntPow(torch.nn.Module):  # 3 ** (2**63 - 1): Python computes it (slowly); fx2c must not loop 2**63 times
    def forward(self, x):
        return x.view(x.size(0) ** I64_MAX)


class TwoEllipses(torch.nn.Module):  # torch 1.13 accepts it, numpy refuses: fx2c refuses
    def forward(self, x):
        return x[..., ...]


class SumRepeatedDim(torch.nn.Module):  # RuntimeError: dim 1 appears multiple times in the list of dims
    def forward(self, x):
        return x.sum((1, -2))


class FlipRepeatedDim(torch.nn.Module):  # RuntimeError: dim 1 appears multiple times in the list of dims
    def forward(self, x):
        return x.flip((1, 1))


def arange_graph(*args):
    """torch.arange(*args) with x.size(0) for the string "n" and "n*inf": symbolic_trace cannot pass a Proxy to
    torch.arange, so the graph is built with the torch.fx Graph API, as tracing would record it."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    n = g.call_method("size", (x, 0))
    def arg(a):
        if a == "n":
            return n
        return g.call_function(operator.mul, (n, float(a[2:]))) if isinstance(a, str) else a
    g.output(g.call_function(torch.arange, tuple(arg(a) for a in args)))
    return g


ARANGE = {
    "arange_inf": arange_graph(0, "n*inf"),  # RuntimeError: unsupported range: 0 -> inf
    "arange_nan": arange_graph(0, "n*nan"),  # RuntimeError: unsupported range: 0 -> nan
    "arange_wrong_sign": arange_graph(0, "n", -1),  # RuntimeError: upper bound and larger bound inconsistent with step sign
}


class ZerosNegative(torch.nn.Module):  # RuntimeError: Trying to create tensor with negative dimension -5: [-5]
    def forward(self, x):
        return x.new_zeros((x.size(0) - 7,))


class FullNegative(torch.nn.Module):  # RuntimeError: Trying to create tensor with negative dimension -1: [2, -1]
    def forward(self, x):
        return x.new_full((2, x.size(0) - 3), 1.0)


class AssertFalse(torch.nn.Module):  # AssertionError: the batch must be 3
    def forward(self, x):
        torch._assert(x.size(0) == 3, "the batch must be 3")
        return x + 1


class ExpandHuge(torch.nn.Module):  # RuntimeError: numel: integer multiplication overflow
    def forward(self, x):
        return x.expand(4611686018427387904, 4611686018427387904)


class RepeatHuge(torch.nn.Module):  # RuntimeError: Storage size calculation overflowed
    def forward(self, x):
        return x.repeat(4611686018427387904, 4)


class ViewHuge(torch.nn.Module):  # RuntimeError: shape '[4611686018427387904, 4]' is invalid for input of size 6
    def forward(self, x):
        return x.view(4611686018427387904, 4)


class UnflattenHuge(torch.nn.Module):  # RuntimeError: unflatten: Provided sizes ... don't multiply up to ...
    def forward(self, x):
        return x.unflatten(1, (4611686018427387904, 4, -1))


class NineDims(torch.nn.Module):  # torch has up to 64 dimensions, fx2c's tensors 8: refused, not written past
    def forward(self, x):
        return x[None, ...], torch.stack([x, x])


class PixelShuffleHuge(torch.nn.Module):  # torch 1.13 itself dies of SIGFPE on this
    def forward(self, x):
        return F.pixel_shuffle(x, 4294967296)


class EmbeddingMaxNorm(torch.nn.Module):  # renormalizes rows of the weight in place: fx2c refuses
    def forward(self, idx, w):
        return F.embedding(idx, w, max_norm=1.0)


class InplaceFloatIntoInt(torch.nn.Module):  # RuntimeError: result type Float can't be cast to the desired output type Long
    def forward(self, i):
        return i.clone().mul_(0.5)


class InplaceSigmoidInt(torch.nn.Module):  # RuntimeError: result type Float can't be cast to the desired output type Long
    def forward(self, i):
        return i.clone().sigmoid_()


class InplaceIntoBool(torch.nn.Module):  # RuntimeError: result type Long can't be cast to the desired output type Bool
    def forward(self, b):
        return b.clone().add_(1)


class InplaceOverlapTranspose(torch.nn.Module):  # RuntimeError: unsupported operation: some elements of the input
    def forward(self, x):                        # tensor and the written-to tensor refer to a single memory location
        y = x.clone()
        y.add_(y.t())
        return y


class InplaceOverlapRows(torch.nn.Module):  # RuntimeError: unsupported operation: (as above)
    def forward(self, x):
        y = x.clone()
        y[1:].add_(y[:-1])
        return y


class ViewNotViewable(torch.nn.Module):  # RuntimeError: view size is not compatible with input tensor's size and stride
    def forward(self, x):
        return x.t().view(6)


class GroupNormWeight(torch.nn.Module):  # RuntimeError: Expected weight to be a vector of size equal to the number
    def forward(self, x, w):                # of channels in input, but got weight of shape [3] and input of shape [2, 4, 5]
        return F.group_norm(x, 2, w)


class BatchNormStats(torch.nn.Module):  # RuntimeError: running_mean should contain 4 elements not 3
    def forward(self, x, m, v):
        return F.batch_norm(x, m, v)


class LayerNormWeight(torch.nn.Module):  # RuntimeError: Expected weight to be of same shape as normalized_shape
    def forward(self, x, w):
        return F.layer_norm(x, (5,), w)


class PadReplicate4d(torch.nn.Module):  # NotImplementedError: Only 2D, 3D, 4D, 5D padding with non-constant padding
    def forward(self, x):                # are supported for now
        return F.pad(x, (1, 1), mode="replicate")


class PadCircular2d(torch.nn.Module):  # NotImplementedError: (as above)
    def forward(self, x):
        return F.pad(x, (1, 1), mode="circular")


class Relu(torch.nn.Module):  # for the --input specs that fx2c refuses
    def forward(self, x):
        return torch.relu(x)


ERRORS = {
    "input_numel_overflow": (Relu, ["x:f32[4611686018427387904,2]"]),
    "int_mul_overflow": (IntMul, ["x:f32[2,3]"]),
    "int_floordiv_overflow": (IntFloorDivMin, ["x:f32[1]"]),
    "int_pow_overflow": (IntPow, ["x:f32[3]"]),
    "two_ellipses": (TwoEllipses, ["x:f32[2,3]"]),
    "sum_repeated_dim": (SumRepeatedDim, ["x:f32[2,3,4]"]),
    "flip_repeated_dim": (FlipRepeatedDim, ["x:f32[2,3,4]"]),
    "zeros_negative": (ZerosNegative, ["x:f32[2]"]),
    "full_negative": (FullNegative, ["x:f32[2]"]),
    "assert_false": (AssertFalse, ["x:f32[2]"]),
    "expand_overflow": (ExpandHuge, ["x:f32[1,1]"]),
    "repeat_overflow": (RepeatHuge, ["x:f32[3,1]"]),
    "view_overflow": (ViewHuge, ["x:f32[2,3]"]),
    "unflatten_overflow": (UnflattenHuge, ["x:f32[2,3]"]),
    "nine_dims": (NineDims, ["x:f32[1,1,1,1,1,1,1,1]"]),
    "pixel_shuffle_overflow": (PixelShuffleHuge, ["x:f32[1,4,2,2]"]),
    "embedding_max_norm": (EmbeddingMaxNorm, ["idx:i64[3]", "w:f32[5,4]"]),
    "inplace_float_into_int": (InplaceFloatIntoInt, ["i:i64[3]"]),
    "inplace_sigmoid_int": (InplaceSigmoidInt, ["i:i64[3]"]),
    "inplace_into_bool": (InplaceIntoBool, ["b:bool[3]"]),
    "inplace_overlap_transpose": (InplaceOverlapTranspose, ["x:f32[3,3]"]),
    "inplace_overlap_rows": (InplaceOverlapRows, ["x:f32[3,3]"]),
    "view_not_viewable": (ViewNotViewable, ["x:f32[2,3]"]),
    "group_norm_weight": (GroupNormWeight, ["x:f32[2,4,5]", "w:f32[3]"]),
    "batch_norm_stats": (BatchNormStats, ["x:f32[2,4,5]", "m:f32[3]", "v:f32[3]"]),
    "layer_norm_weight": (LayerNormWeight, ["x:f32[2,4,5]", "w:f32[4]"]),
    "pad_replicate_4d": (PadReplicate4d, ["x:f32[1,1,5,5]"]),
    "pad_circular_2d": (PadCircular2d, ["x:f32[3,5]"]),
}

# name: (module class in tests/edges/models.py, exporter arguments)
NUMERIC = {
    "index_select_0d": ["--input", "x:f32[3,4]", "--input", "i:i64[]", "--input", "j:i64[]", "--input-range", "i=0,3",
                        "--input-range", "j=0,1"],
    "flip_empty": ["--input", "x:f32[0,3]", "--input", "y:f32[2,0,4]"],
    "split_many": ["--input", "x:f32[2,300]"],
    "inplace_dtypes": ["--input", "x:f32[2,3]", "--input", "i:i64[2,3]", "--input", "b:bool[2,3]", "--input-range",
                       "i=-6,6"],
    "inplace_same_positions": ["--input", "x:f32[3,3]"],
    "assert_tensor": ["--input", "x:f32[2,3]"],
}


def main():
    errors = os.path.join(ROOT, "tests", "errors")
    graphs = {name: (torch.fx.symbolic_trace(cls()).graph, inputs) for name, (cls, inputs) in ERRORS.items()}
    graphs.update({name: (g, ["x:f32[2]"]) for name, g in ARANGE.items()})
    for name, (graph, inputs) in graphs.items():
        with open(os.path.join(errors, f"edge_{name}.fx"), "w") as f:
            f.write(str(graph) + "\n")
        with open(os.path.join(errors, f"edge_{name}.args"), "w") as f:
            f.write(" ".join(f"--input {i}" for i in inputs) + "\n")
    for name, args in NUMERIC.items():
        cls = "".join(w.capitalize() for w in name.split("_"))
        out = os.path.join(ROOT, "tests", "edges", name)
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export"), "--module",
                        f"tests/edges/models.py:{cls}", "--out", out, "--quiet"] + args, check=True, cwd=ROOT)
        for f in os.listdir(out):  # the graph, the inputs and PyTorch's outputs; no parameters
            if not (f == "graph.fx" or f.endswith(".npy")):
                os.remove(os.path.join(out, f))


if __name__ == "__main__":
    main()
