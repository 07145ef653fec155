#!/usr/bin/python3
"""Generate the module-tree fixtures under tests/modules/ (for tests/unit/test_modules.c).

fx2c reads the module tree that ``print(model)`` / ``print(gm)`` prints (frontend/modules.c).  This script
prints such trees with the installed PyTorch (Debian python3-torch 1.13 + torchvision 0.14; run it with
/usr/bin/python3) and writes, next to each, what torch says the tree holds, so that the C test compares fx2c's
reading with torch itself rather than with hand-written values.

Files (tests/modules/):

  <name>.txt      the printed tree, byte for byte (str(obj) + "\\n")
  <name>.expect   one record per line, fields separated by TABs:
                    module  PATH  CLASS  TYPE  PARENT
                        every module of model.named_modules(remove_duplicate=False), in order (the order
                        print() uses); PATH "" is the root; TYPE is the fx2c layer (Conv2d, Linear, ...) or
                        "container"; PARENT is the parent's path ("-" for the root)
                    param   PATH  NAME  VALUE
                        for every known layer, every constructor parameter of torch 1.13 (inspect.signature,
                        in order) with the value fx2c must report: the module's attribute where the repr prints
                        it, the signature's default where the repr leaves it out (NOT_IN_REPR)
                    spec    PATH  KEY  SHAPE  OPTIONAL
                        the module's own state_dict() entries in order: SHAPE is "3,64,7,7" or "scalar"
                  VALUE encodings:  i:N  f:REPR  b:0|1  none  s:TEXT  t:A,B,...  (ints, may hold None)
                  ft:A,B,... (floats)  any (not compared)
  sigs.expect     for every known layer: "sig CLASS MINIMAL_REPR" (a repr with only the required arguments)
                  followed by "default CLASS NAME VALUE" for each parameter (VALUE "required" if none), in
                  signature order: checks fx2c's table of parameter names, order and defaults
  tv_<model>.expect
                  the records above for tests/graphs/torchvision/<model>.modules.txt, for a few models (TV_EXPECT)
  torchvision_counts.txt
                  "MODEL TOTAL KNOWN HISTOGRAM" for every tests/graphs/torchvision/*.modules.txt: the number of
                  modules print() shows, how many are layers fx2c knows, and "Type=n,..." by type

Models built here are the same as tests/gen/gen_graphs.py's (weights=None, eval); the script checks that each
model still prints exactly the committed .modules.txt before counting.

Usage (from the repository root):  /usr/bin/python3 tests/gen/gen_modules.py
"""

import collections
import inspect
import math
import os
import sys

import torch
import torch.nn as nn
import torchvision

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
OUT = os.path.join(TESTS, "modules")
TV = os.path.join(TESTS, "graphs", "torchvision")

# The class names fx2c knows (FX_MODULE_TYPES in frontend/modules.h) and the subclasses it maps to them.
KNOWN = """Conv1d Conv2d ConvTranspose2d Linear BatchNorm1d BatchNorm2d LayerNorm GroupNorm Embedding ReLU ReLU6
LeakyReLU ELU GELU SiLU Sigmoid Tanh Hardswish Hardsigmoid Hardtanh Mish Softmax LogSoftmax MaxPool1d MaxPool2d
AvgPool1d AvgPool2d AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveMaxPool2d Dropout Dropout1d Dropout2d Dropout3d
AlphaDropout FeatureAlphaDropout Identity Flatten Unflatten Upsample UpsamplingNearest2d UpsamplingBilinear2d
PixelShuffle ZeroPad2d ConstantPad1d ConstantPad2d ReflectionPad2d ReplicationPad2d SELU CELU Softsign Tanhshrink
LogSigmoid Hardshrink Softshrink Threshold AdaptiveAvgPool3d RNN LSTM GRU ReflectionPad1d ReflectionPad3d
ReplicationPad1d ReplicationPad3d ConstantPad3d PReLU GLU MultiheadAttention TransformerEncoderLayer
TransformerDecoderLayer Conv3d ConvTranspose3d BatchNorm3d MaxPool3d AvgPool3d AdaptiveMaxPool3d TransformerEncoder
TransformerDecoder Transformer EmbeddingBag""".split()
SUBCLASSES = {"NonDynamicallyQuantizableLinear": "Linear"}

# Constructor parameters that the layer's repr (extra_repr) does not print: fx2c can only report the default.
NOT_IN_REPR = {
    ("Hardswish", "inplace"), ("Hardsigmoid", "inplace"),
    ("MaxPool1d", "return_indices"), ("MaxPool2d", "return_indices"), ("AdaptiveMaxPool2d", "return_indices"),
    ("MaxPool3d", "return_indices"), ("EmbeddingBag", "sparse"), ("EmbeddingBag", "include_last_offset"), ("AdaptiveMaxPool3d", "return_indices"),
    ("AvgPool1d", "ceil_mode"), ("AvgPool1d", "count_include_pad"),
    ("AvgPool2d", "ceil_mode"), ("AvgPool2d", "count_include_pad"), ("AvgPool2d", "divisor_override"),
    ("AvgPool3d", "ceil_mode"), ("AvgPool3d", "count_include_pad"), ("AvgPool3d", "divisor_override"),
    ("Upsample", "align_corners"), ("Upsample", "recompute_scale_factor"),
    ("Hardtanh", "min_value"), ("Hardtanh", "max_value"),
    ("RNN", "nonlinearity"),
}
# Layers whose repr prints their children only: every constructor parameter (tools/fx2c-export writes them)
NOT_IN_REPR |= {(t, name) for t in ("TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
                                     "TransformerDecoder", "Transformer")
                for name, _ in inspect.signature(getattr(nn, t).__init__).parameters.items()}
NEVER_PRINTED = {"device", "dtype", "_weight"}
# Printed by the repr although not a constructor parameter (Upsample.extra_repr prints the fixed mode).
REPR_ONLY = {"UpsamplingNearest2d": ["mode"], "UpsamplingBilinear2d": ["mode"]}
# Parameters whose value fx2c keeps as printed without interpreting it.
ANY = {("Unflatten", "unflattened_size")}


def fx_type(m: nn.Module) -> str:
    name = type(m).__name__
    if name in KNOWN:
        return name
    return SUBCLASSES.get(name, "container")


def enc(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "b:%d" % v
    if isinstance(v, int):
        return "i:%d" % v
    if isinstance(v, float):
        return "f:" + repr(v)
    if isinstance(v, str):
        return "s:" + v
    if isinstance(v, (tuple, list)) and all(x is None or (isinstance(x, int) and not isinstance(x, bool)) for x in v):
        return "t:" + ",".join("None" if x is None else str(x) for x in v)
    if isinstance(v, (tuple, list)) and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
        return "ft:" + ",".join(repr(float(x)) for x in v)
    return "any"


import torch.ao.nn.quantized as nnq
import torch.nn.intrinsic.quantized as nniq
# FX graph mode quantization's layers, by the name print() shows; their reprs add the output's scale and zero point
QUANTIZED = {"QuantizedConv2d": nnq.Conv2d, "QuantizedConvReLU2d": nniq.ConvReLU2d, "QuantizedLinear": nnq.Linear,
             "QuantizedLinearReLU": nniq.LinearReLU, "QuantizedHardswish": nnq.Hardswish}
QUANTIZED_REPR = {"QuantizedConv2d": ["scale", "zero_point"], "QuantizedConvReLU2d": ["scale", "zero_point"],
                  "QuantizedLinear": ["scale", "zero_point", "qscheme"],
                  "QuantizedLinearReLU": ["scale", "zero_point", "qscheme"]}
KNOWN += list(QUANTIZED)


def signature(cls_name: str):
    """(name, default or inspect._empty) for each constructor parameter of the torch class, in order."""
    cls = QUANTIZED.get(cls_name) or getattr(nn, cls_name)
    out = []
    if cls_name in ("RNN", "LSTM", "GRU"):
        # RNN(*args, **kwargs) and the others pass their arguments to RNNBase after its mode; RNN takes nonlinearity
        # after num_layers (RNN.__init__ reads it from args[3] or kwargs)
        cls = nn.modules.rnn.RNNBase
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.name == "self" or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or (p.name == "mode" and
                                                                               cls is nn.modules.rnn.RNNBase):
            continue
        out.append((p.name, p.default))
        if cls_name == "RNN" and p.name == "num_layers":
            out.append(("nonlinearity", "tanh"))
    if cls_name in QUANTIZED:  # torch's qint8 default of a quantized Linear's dtype: fx2c keeps it as printed
        out = [(n, None if n == "dtype" else inspect.Parameter.empty if n in ("scale", "zero_point") else d)
               for n, d in out]
        out += [(n, None if n == "qscheme" else inspect.Parameter.empty) for n in QUANTIZED_REPR.get(cls_name, [])]
    return out


MHA_PRINTED = {"bias": lambda m: m.in_proj_bias is not None, "add_bias_kv": lambda m: m.bias_k is not None,
               "kdim": lambda m: m.kdim if m.kdim != m.embed_dim else None,
               "vdim": lambda m: m.vdim if m.vdim != m.embed_dim else None}


def expected_params(m: nn.Module):
    t = fx_type(m)
    rows = []
    for name, default in signature(t):
        if (t, name) in ANY:
            v = "any"
        elif (t, name) in NOT_IN_REPR or name in NEVER_PRINTED:
            v = enc(default)
        elif t == "MultiheadAttention" and name in MHA_PRINTED:  # as fixture() prints them
            v = enc(MHA_PRINTED[name](m))
        elif name == "bias" and t in ("Conv1d", "Conv2d", "ConvTranspose2d", "Conv3d", "ConvTranspose3d", "Linear"):
            v = enc(m.bias is not None)
        else:
            v = enc(getattr(m, name))
        rows.append((name, v))
    for name in REPR_ONLY.get(t, []):
        rows.append((name, enc(getattr(m, name))))
    return rows


def shape_str(t: torch.Tensor) -> str:
    return "scalar" if t.dim() == 0 else ",".join(str(s) for s in t.shape)


def expect_lines(model: nn.Module):
    lines = []
    parents = {}
    mods = list(model.named_modules(remove_duplicate=False))
    for path, m in mods:
        for k, c in m._modules.items():
            if c is not None:
                parents.setdefault(id(c), []).append(path)
    # The parent of each path is its prefix (paths are unique in print order).
    for path, m in mods:
        parent = "-" if path == "" else (path.rsplit(".", 1)[0] if "." in path else "")
        lines.append("\t".join(["module", path, type(m).__name__, fx_type(m), parent]))
        if fx_type(m) == "container":
            continue
        for name, v in expected_params(m):
            lines.append("\t".join(["param", path, name, v]))
        for key, t in m.state_dict().items():
            optional = "1" if key == "num_batches_tracked" else "0"
            lines.append("\t".join(["spec", path, key, shape_str(t), optional]))
    return lines


def write(name: str, text: str) -> None:
    path = os.path.join(OUT, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote", os.path.relpath(path, TESTS), file=sys.stderr)


def fixture(name: str, obj: nn.Module) -> None:
    # MultiheadAttention's repr prints only its out_proj: its hyperparameters as tools/fx2c-export writes them
    for m in obj.modules():
        if isinstance(m, nn.MultiheadAttention):
            hidden = [f"embed_dim={m.embed_dim}", f"num_heads={m.num_heads}"]
            hidden += ["bias=False"] if m.in_proj_bias is None else []
            hidden += ["batch_first=True"] if m.batch_first else []
            hidden += [f"dropout={m.dropout}"] if m.dropout else []
            hidden += ["add_bias_kv=True"] if m.bias_k is not None else []
            hidden += ["add_zero_attn=True"] if m.add_zero_attn else []
            hidden += [f"kdim={m.kdim}"] if m.kdim != m.embed_dim else []
            hidden += [f"vdim={m.vdim}"] if m.vdim != m.embed_dim else []
            m.extra_repr = (lambda text: lambda: text)(", ".join(hidden))
    write(name + ".txt", str(obj) + "\n")
    write(name + ".expect", "\n".join(expect_lines(obj)) + "\n")


# ---- the fixtures' modules ----

class Layers(nn.Module):
    """Every layer fx2c knows, with default, typical and edge constructor arguments."""

    def __init__(self):
        super().__init__()
        self.conv1d = nn.Conv1d(3, 6, 5)
        self.conv1d_full = nn.Conv1d(4, 8, 3, stride=2, padding=1, dilation=2, groups=4, bias=False,
                                     padding_mode="circular")
        self.conv = nn.Conv2d(3, 64, 3)
        self.conv_full = nn.Conv2d(4, 8, (3, 5), stride=(2, 1), padding=(1, 2), dilation=(2, 1), groups=2,
                                   bias=False, padding_mode="reflect")
        self.conv_same = nn.Conv2d(3, 64, 3, padding="same", bias=False)
        self.conv_valid = nn.Conv2d(3, 6, 1, padding="valid")
        self.conv_dw = nn.Conv2d(32, 32, 3, padding=1, groups=32)
        self.conv_replicate = nn.Conv2d(2, 2, 3, padding=(0, 1), padding_mode="replicate")
        self.convt = nn.ConvTranspose2d(4, 8, 2)
        self.convt_full = nn.ConvTranspose2d(4, 8, 3, stride=2, padding=1, output_padding=1, groups=2, bias=False,
                                             dilation=2)
        self.linear = nn.Linear(4, 5)
        self.linear_nobias = nn.Linear(4, 5, bias=False)
        self.bn1d = nn.BatchNorm1d(3)
        self.bn1d_plain = nn.BatchNorm1d(3, affine=False, track_running_stats=False, momentum=None)
        self.bn = nn.BatchNorm2d(64, eps=1e-3, momentum=0.01)
        self.bn_noaffine = nn.BatchNorm2d(8, affine=False)
        self.bn_nostats = nn.BatchNorm2d(8, track_running_stats=False)
        self.ln = nn.LayerNorm(768, eps=1e-6)
        self.ln_2d = nn.LayerNorm([4, 5], elementwise_affine=False)
        self.ln_3d = nn.LayerNorm((2, 3, 4))
        self.gn = nn.GroupNorm(2, 4)
        self.gn_plain = nn.GroupNorm(1, 6, eps=1e-6, affine=False)
        self.emb = nn.Embedding(10, 3)
        self.emb_full = nn.Embedding(10, 3, padding_idx=0, max_norm=1.0, norm_type=3.0, scale_grad_by_freq=True,
                                     sparse=True)
        self.emb_neg = nn.Embedding(10, 3, padding_idx=-1, max_norm=2)
        self.relu = nn.ReLU()
        self.relu_inplace = nn.ReLU(inplace=True)
        self.relu6 = nn.ReLU6(True)
        self.leaky = nn.LeakyReLU()
        self.leaky_full = nn.LeakyReLU(0.2, True)
        self.elu = nn.ELU()
        self.elu_full = nn.ELU(alpha=0.5, inplace=True)
        self.gelu = nn.GELU()
        self.gelu_tanh = nn.GELU(approximate="tanh")
        self.silu = nn.SiLU()
        self.silu_inplace = nn.SiLU(inplace=True)
        self.sigmoid = nn.Sigmoid()
        self.tanh = nn.Tanh()
        self.hardswish = nn.Hardswish(inplace=True)  # the repr drops inplace: fx2c reports the default
        self.hardsigmoid = nn.Hardsigmoid()
        self.hardtanh = nn.Hardtanh()
        self.hardtanh_full = nn.Hardtanh(-2, 2.5, True)
        self.mish = nn.Mish()
        self.mish_inplace = nn.Mish(True)
        self.softmax = nn.Softmax(dim=1)
        self.softmax_none = nn.Softmax()
        self.log_softmax = nn.LogSoftmax(dim=-1)
        self.maxpool1d = nn.MaxPool1d(3)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        self.maxpool_full = nn.MaxPool2d((3, 2), stride=(2, 1), padding=1, dilation=2, ceil_mode=True)
        self.avgpool1d = nn.AvgPool1d(3)
        self.avgpool = nn.AvgPool2d(3, 2, 1)
        self.avgpool_tuple = nn.AvgPool2d((2, 3), stride=1)
        self.aap1d = nn.AdaptiveAvgPool1d(4)
        self.aap = nn.AdaptiveAvgPool2d((1, 1))
        self.aap_int = nn.AdaptiveAvgPool2d(7)
        self.aap_none = nn.AdaptiveAvgPool2d((None, 7))
        self.amp = nn.AdaptiveMaxPool2d((2, 3))
        self.dropout = nn.Dropout()
        self.dropout_full = nn.Dropout(0.1, True)
        self.dropout_zero = nn.Dropout(p=0)
        self.dropout1d = nn.Dropout1d()
        self.dropout2d = nn.Dropout2d(0.2)
        self.dropout3d = nn.Dropout3d()
        self.alpha_dropout = nn.AlphaDropout(0.2)
        self.feature_alpha_dropout = nn.FeatureAlphaDropout()
        self.identity = nn.Identity()
        self.identity_args = nn.Identity(3, foo=4)  # the repr drops them
        self.flatten = nn.Flatten()
        self.flatten_full = nn.Flatten(0, 2)
        self.unflatten = nn.Unflatten(1, (2, 3))
        self.unflatten_size = nn.Unflatten(1, torch.Size([2, 3]))
        self.unflatten_named = nn.Unflatten("features", (("C", 2), ("H", 3)))
        self.upsample = nn.Upsample(scale_factor=2)
        self.upsample_size = nn.Upsample(size=(4, 5), mode="bilinear", align_corners=True)
        self.upsample_tuple = nn.Upsample(scale_factor=(2, 3))
        self.upsample_exact = nn.Upsample(size=4, mode="nearest-exact")
        self.up_nearest = nn.UpsamplingNearest2d(scale_factor=2)
        self.up_nearest_size = nn.UpsamplingNearest2d(size=(3, 4))
        self.up_bilinear = nn.UpsamplingBilinear2d(scale_factor=2)
        self.pixel_shuffle = nn.PixelShuffle(2)
        self.zeropad = nn.ZeroPad2d((1, 1, 2, 0))
        self.zeropad_int = nn.ZeroPad2d(2)
        self.cpad1d = nn.ConstantPad1d(2, 3.5)
        self.cpad1d_tuple = nn.ConstantPad1d((1, 2), 0)
        self.cpad = nn.ConstantPad2d((1, 1, 1, 1), 3.5)
        self.cpad_int = nn.ConstantPad2d(1, -1)
        self.reflpad = nn.ReflectionPad2d(1)
        self.reflpad_tuple = nn.ReflectionPad2d((1, 0, 2, 3))
        self.replpad = nn.ReplicationPad2d((2, 2, 1, 1))


class Block(nn.Module):
    """extra_repr lines before the children."""

    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 3)

    def extra_repr(self):
        return "in=3, out=4\nmode=fast"


class Multi(nn.Module):
    """A multi-line extra_repr with brackets across lines and a ')' on a line of its own."""

    def extra_repr(self):
        return "weights=[[1, 2],\n [3, 4]]\nname=(\nx\n)"


class LongRepr(nn.Module):
    """A long one-line extra_repr with content that is not Python."""

    def extra_repr(self):
        return "x -> y: 'q' (1, 2) [3] {4} " + "z" * 200


class LayerNorm2d(nn.LayerNorm):
    """As torchvision's convnext: a subclass printed under its own name is a container for fx2c."""


class Containers(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
        self.mlist = nn.ModuleList([nn.Linear(2, 2), nn.ModuleList([nn.ReLU(), nn.Sequential()])])
        self.mdict = nn.ModuleDict({"conv": nn.Conv2d(1, 2, 3), "my key": nn.Identity(), "a-b": nn.Linear(1, 1),
                                    "x:y": nn.Tanh(), "f(x)": nn.ReLU()})
        self.attn = nn.MultiheadAttention(8, 2)
        self.attn_kv = nn.MultiheadAttention(8, 2, kdim=4, vdim=6, batch_first=True, bias=False)
        self.block = Block()
        self.multi = Multi()
        self.one = nn.Sequential(LongRepr())
        self.params = nn.ParameterList([nn.Parameter(torch.zeros(3, 4)), nn.Parameter(torch.zeros(5))])
        self.pdict = nn.ParameterDict({"a": nn.Parameter(torch.zeros(2)), "b": nn.Parameter(torch.zeros(3))})
        self.pdict1 = nn.ParameterDict({"a": nn.Parameter(torch.zeros(2))})
        self.empty = nn.Sequential()
        self.ln2d = LayerNorm2d(16, eps=1e-6)
        self.register_module("absent", None)  # printed "(absent): None", not a module
        shared = nn.Linear(3, 3)
        self.shared_a = shared
        self.shared_b = shared


def gen_sigs() -> None:
    lines = []
    for t in KNOWN:
        sig = signature(t)
        req = []
        for name, default in sig:
            if default is inspect.Parameter.empty:
                req.append(name)
        # A repr with only the required arguments, by keyword (values of the right kind for each layer).
        values = {"in_channels": "4", "out_channels": "8", "kernel_size": "3", "in_features": "4",
                  "out_features": "5", "num_features": "6", "normalized_shape": "(7,)", "num_groups": "2",
                  "num_channels": "4", "num_embeddings": "10", "embedding_dim": "3", "output_size": "(1, 1)",
                  "dim": "1", "unflattened_size": "(2, 3)", "upscale_factor": "2", "padding": "(1, 1, 1, 1)",
                  "value": "0.5", "threshold": "0.1", "input_size": "4", "hidden_size": "5", "embed_dim": "8",
                  "num_heads": "2", "d_model": "8", "nhead": "2", "encoder_layer": "None",
                  "decoder_layer": "None", "num_layers": "2", "scale": "0.5", "zero_point": "3"}
        args = ", ".join("%s=%s" % (n, values[n]) for n in req)
        lines.append("\t".join(["sig", t, "%s(%s)" % (t, args)]))
        for name, default in sig:
            if default is inspect.Parameter.empty:
                lines.append("\t".join(["default", t, name, "required"]))
            else:
                lines.append("\t".join(["default", t, name, enc(default)]))
        for name in REPR_ONLY.get(t, []):
            lines.append("\t".join(["default", t, name, enc(getattr(getattr(nn, t)(scale_factor=2), name))]))
    write("sigs.expect", "\n".join(lines) + "\n")


def gen_torchvision_counts() -> None:
    lines = []
    for fn in sorted(os.listdir(TV)):
        if not fn.endswith(".modules.txt"):
            continue
        name = fn[: -len(".modules.txt")]
        model = torchvision.models.get_model(name, weights=None).eval()
        with open(os.path.join(TV, fn), encoding="utf-8") as f:
            committed = f.read()
        if str(model) + "\n" != committed:
            raise SystemExit("%s no longer prints as the committed %s" % (name, fn))
        mods = list(model.named_modules(remove_duplicate=False))
        hist = collections.Counter(fx_type(m) for _, m in mods if fx_type(m) != "container")
        known = sum(hist.values())
        h = ",".join("%s=%d" % (k, v) for k, v in sorted(hist.items()))
        lines.append(" ".join([name, str(len(mods)), str(known), h]))
        if name in TV_EXPECT:
            write("tv_%s.expect" % name, "\n".join(expect_lines(model)) + "\n")
        del model
    write("torchvision_counts.txt", "\n".join(lines) + "\n")


# torchvision models whose every module is checked (tv_<model>.expect against the committed .modules.txt).
TV_EXPECT = ("resnet18", "efficientnet_b0", "convnext_tiny", "mobilenet_v3_small", "regnet_x_400mf", "swin_t")


def main() -> int:
    torch.manual_seed(0)
    os.makedirs(OUT, exist_ok=True)
    fixture("layers", Layers())
    fixture("containers", Containers())
    fixture("root_leaf", nn.Linear(4, 5))
    fixture("root_leaf_noargs", nn.ReLU())
    gm = torch.fx.symbolic_trace(torchvision.models.get_model("resnet18", weights=None).eval())
    fixture("resnet18_gm", gm)
    gen_sigs()
    gen_torchvision_counts()
    return 0


if __name__ == "__main__":
    sys.exit(main())
