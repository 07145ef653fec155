#!/usr/bin/python3
"""Generate the torch.fx text corpus under tests/graphs/.

fx2c parses the text that PyTorch prints with ``print(gm.graph)``.  This
script produces a corpus of such printouts from the installed PyTorch
(Debian python3-torch 1.13 + torchvision 0.14; run it with /usr/bin/python3).

Every ``*.fx`` file is byte-identical to what ``print(graph)`` writes to
stdout, i.e. ``str(graph) + "\\n"``.  Layout of the output directory:

  torchvision/<model>.fx           symbolic_trace of every torchvision
                                   classification model that traces
  torchvision/<model>.modules.txt  ``print(model)`` for the same models
  torchvision/UNTRACEABLE.txt      models without a .fx, one
                                   "<model>: <reason>" line each, sorted
  aten/<model>.fx                  make_fx (aten-level) graphs of a few models
  tabular/<name>.txt               ``graph.print_tabular()`` output
  seed/<name>.fx, .modules.txt     the small example modules from the docs
  misc/<name>.fx                   handcrafted modules exercising unusual
                                   printing (slices, dict returns, dtypes,
                                   unquoted strings, placeholder defaults, ...)

Models are built with ``weights=None`` (random init, nothing is downloaded),
in eval mode, after ``torch.manual_seed(0)``.  No forward pass is run for the
torchvision part.  Note that ``print_tabular`` prints built-in targets with
their memory address (``<built-in method sum of type object at 0x...>``), so
tabular/*.txt differs between runs in those addresses only.

Usage (from the repository root):

    /usr/bin/python3 tests/gen/gen_graphs.py [OUTPUT_DIR]

OUTPUT_DIR defaults to tests/graphs next to this script's parent directory.
The subdirectories listed above are deleted and regenerated from scratch.
"""

import contextlib
import gc
import importlib.util
import io
import os
import shutil
import signal
import sys
import time
import traceback
from typing import Callable, Dict, List, NamedTuple, Optional

import torch
import torch.fx
import torch.nn as nn
import torch.nn.functional as F
import torchvision
from torch.fx.experimental.proxy_tensor import make_fx

SEED = 0
MODEL_TIME_LIMIT_S = 60
ATEN_MODELS = ("resnet18", "mobilenet_v3_small", "shufflenet_v2_x0_5", "vit_b_16")
ATEN_INPUT_SHAPE = (1, 3, 224, 224)

# torch.zeros with a traced (Proxy) size is not traceable unless wrapped:
# its arguments contain no Tensor, so __torch_function__ never sees the Proxy.
# fx.wrap only patches module-level globals, hence the alias.  See the
# "zeros_dtype_device" case below.
zeros = torch.zeros
torch.fx.wrap("zeros")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def write_text(path: str, text: str) -> None:
    """Write ``text`` with "\\n" line endings, creating parent directories."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def printed(obj) -> str:
    """Exactly what ``print(obj)`` writes to stdout."""
    return str(obj) + "\n"


def one_line(exc: BaseException) -> str:
    """``Type: first sentence (at innermost torchvision source line)``."""
    lines = str(exc).strip().splitlines()
    first = lines[0].strip().split(". ")[0] if lines else ""
    reason = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if "/torchvision/" in f.filename]
    if frames:
        f = frames[-1]
        where = f.filename[f.filename.rindex("/torchvision/") + 1:]
        reason += f" (at {where}:{f.lineno}: {f.line})"
    return reason


class ModelTimeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int):
    """Raise ModelTimeout if the body runs longer than ``seconds`` (SIGALRM)."""

    def on_alarm(signum, frame):
        raise ModelTimeout(f"took longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def build_model(name: str) -> nn.Module:
    torch.manual_seed(SEED)
    return torchvision.models.get_model(name, weights=None).eval()


# ---------------------------------------------------------------------------
# torchvision classification models, torch level (symbolic_trace)
# ---------------------------------------------------------------------------

def classification_model_names() -> List[str]:
    # list_models(module=torchvision.models) returns only the builders defined
    # in the top-level package, i.e. classification models; detection,
    # segmentation, video, optical_flow and quantization live in submodules.
    return sorted(torchvision.models.list_models(module=torchvision.models))


def trace_torchvision_model(name: str, out_dir: str) -> Optional[str]:
    """Write <name>.fx and <name>.modules.txt; return a failure reason or None."""
    try:
        with time_limit(MODEL_TIME_LIMIT_S):
            model = build_model(name)
            gm = torch.fx.symbolic_trace(model)
    except ModelTimeout as e:
        return f"skipped: construction + tracing {e}"
    except Exception as e:  # noqa: BLE001 - any trace failure is recorded
        return one_line(e)
    write_text(os.path.join(out_dir, f"{name}.fx"), printed(gm.graph))
    write_text(os.path.join(out_dir, f"{name}.modules.txt"), printed(model))
    return None


def gen_torchvision(out_dir: str) -> None:
    failures: Dict[str, str] = {}
    names = classification_model_names()
    for i, name in enumerate(names, 1):
        start = time.monotonic()
        reason = trace_torchvision_model(name, out_dir)
        gc.collect()  # the big models are ~2.5 GB each; free them right away
        if reason is not None:
            failures[name] = reason
        log(f"[torchvision {i}/{len(names)}] {name}: "
            f"{'FAILED: ' + reason if reason else 'ok'} "
            f"({time.monotonic() - start:.1f} s)")

    lines = "".join(f"{name}: {reason}\n" for name, reason in sorted(failures.items()))
    write_text(os.path.join(out_dir, "UNTRACEABLE.txt"), lines)


# ---------------------------------------------------------------------------
# aten-level graphs (make_fx)
# ---------------------------------------------------------------------------

def gen_aten(out_dir: str) -> None:
    for name in ATEN_MODELS:
        start = time.monotonic()
        model = build_model(name)
        example = torch.randn(*ATEN_INPUT_SHAPE)
        # make_fx in 1.13 accepts the module directly (placeholder "arg0_1";
        # parameters become get_attr _param_constant* nodes).  tracing_mode
        # "real" runs the model for real; "fake" rejects the real parameters
        # in 1.13.  no_grad keeps autograd-only detach nodes out of the graph.
        with torch.no_grad():
            gm = make_fx(model, tracing_mode="real")(example)
        write_text(os.path.join(out_dir, f"{name}.fx"), printed(gm.graph))
        log(f"[aten] {name}: ok ({time.monotonic() - start:.1f} s)")


# ---------------------------------------------------------------------------
# seed modules (from the task description / torch.fx docs)
# ---------------------------------------------------------------------------

class MyModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.param = nn.Parameter(torch.rand(3, 4))
        self.linear = nn.Linear(4, 5)

    def forward(self, x):
        return torch.topk(torch.sum(self.linear(x + self.linear.weight).relu(), dim=-1), 3)


class ClampModule(MyModule):
    """The torch.fx documentation's example module."""

    def forward(self, x):
        return self.linear(x + self.param).clamp(min=0.0, max=1.0)


SEED_MODULES: Dict[str, Callable[[], nn.Module]] = {
    "mymodule": MyModule,
    "clamp": ClampModule,
}


def gen_seed(out_dir: str) -> None:
    for name, factory in SEED_MODULES.items():
        torch.manual_seed(SEED)
        module = factory().eval()
        gm = torch.fx.symbolic_trace(module)
        write_text(os.path.join(out_dir, f"{name}.fx"), printed(gm.graph))
        write_text(os.path.join(out_dir, f"{name}.modules.txt"), printed(module))
        log(f"[seed] {name}: ok")


# ---------------------------------------------------------------------------
# print_tabular
# ---------------------------------------------------------------------------

def tabular_text(graph: torch.fx.Graph) -> str:
    """Captured stdout of ``graph.print_tabular()`` (needs ``tabulate``)."""
    # Without tabulate, torch merely prints a hint and then fails; fail clearly.
    if importlib.util.find_spec("tabulate") is None:
        raise RuntimeError("print_tabular needs tabulate: apt-get install python3-tabulate")

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        graph.print_tabular()
    return buf.getvalue()


def gen_tabular(out_dir: str) -> None:
    torch.manual_seed(SEED)
    sources = {
        "mymodule": MyModule().eval(),
        "resnet18": build_model("resnet18"),
    }
    for name, module in sources.items():
        gm = torch.fx.symbolic_trace(module)
        write_text(os.path.join(out_dir, f"{name}.txt"), tabular_text(gm.graph))
        log(f"[tabular] {name}: ok")


# ---------------------------------------------------------------------------
# handcrafted modules exercising unusual printing
# ---------------------------------------------------------------------------

class TupleReturn(nn.Module):
    """``return (a, b)`` prints as ``return (relu, sigmoid)``."""

    def forward(self, x):
        return x.relu(), torch.sigmoid(x)


class DictReturn(nn.Module):
    """The output node is printed with str(): dict keys appear quoted."""

    def forward(self, x):
        return {"out": x.relu(), "aux": x.tanh()}


class ListReturn(nn.Module):
    def forward(self, x):
        return [x + 1, x * 2.5, -x]


class ViewFlatten(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 2)

    def forward(self, x):
        return self.fc(x.view(x.size(0), -1))


class GetitemSlices(nn.Module):
    """Indexing prints slice(...) objects, None and Ellipsis."""

    def forward(self, x):
        a = x[:, None, ..., 1:3]
        b = x[-1, ::2]
        c = x.shape[2:]
        return a, b, c


class InterpolateNearest(nn.Module):
    """String kwargs are printed unquoted (``mode: nearest``)."""

    def forward(self, x):
        return F.interpolate(x, scale_factor=2, mode="nearest")


class ZerosDtypeDevice(nn.Module):
    """dtype / device arguments (torch.float32, cpu, ...)."""

    def forward(self, x):
        a = zeros(x.size(0), 3, dtype=torch.float32, device="cpu")
        b = torch.ones_like(x, dtype=torch.float16, device=torch.device("cpu"))
        c = x.to(torch.float64)
        d = x.new_full((2, 2), 1.5, dtype=torch.int64)
        return a, b, c, d, x.dtype


class NestedKwarg(nn.Module):
    """A kwarg holding a tuple of lists, and a tuple positional arg."""

    def forward(self, x, y):
        a = torch.tensordot(x, y, dims=([1, 2], [0, 1]))
        b = F.pad(x, (1, 1, 2, 2), mode="constant", value=0.0)
        return a, b


class FloatKwargsInf(nn.Module):
    """eps=1e-05, 1e+30, and float('-inf') / float('inf') / float('nan')."""

    def forward(self, x, mask):
        a = F.layer_norm(x, (4,), eps=1e-05)
        b = a.masked_fill(mask, float("-inf")).softmax(dim=-1)
        c = x.clamp(min=float("-inf"), max=float("inf"))
        d = torch.nan_to_num(x, nan=0.0, posinf=1e30, neginf=-1e30)
        e = torch.full_like(x, float("nan"))
        return b, c, d, e


class CatList(nn.Module):
    def forward(self, x, y):
        return torch.cat([x, y, x * y], dim=1)


class StringArg(nn.Module):
    """Positional string args are unquoted too and may contain commas."""

    def forward(self, x, y):
        return torch.einsum("bij,bjk->bik", x, y)


class PlaceholderDefault(nn.Module):
    """Placeholders with defaults print ``(default=...)``."""

    def forward(self, x, y=None, scale=2.0):
        return x * scale + y


class PlaceholderAnnotated(nn.Module):
    """Annotated placeholders print their type before ``[#users=...]``."""

    def forward(self, x: torch.Tensor, n: int = 3,
                mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        return x.sum(dim=-1) * n


class ConcreteNone(nn.Module):
    """Traced with concrete_args={'y': None}: renamed placeholder plus an
    _assert_is_none node whose message is an unquoted string with spaces."""

    def forward(self, x, y=None):
        if y is not None:
            x = x + y
        return x.relu()


class MiscCase(NamedTuple):
    factory: Callable[[], nn.Module]
    concrete_args: Optional[Dict[str, object]] = None


MISC_CASES: Dict[str, MiscCase] = {
    "tuple_return": MiscCase(TupleReturn),
    "dict_return": MiscCase(DictReturn),
    "list_return": MiscCase(ListReturn),
    "view_flatten": MiscCase(ViewFlatten),
    "getitem_slices": MiscCase(GetitemSlices),
    "interpolate_nearest": MiscCase(InterpolateNearest),
    "zeros_dtype_device": MiscCase(ZerosDtypeDevice),
    "nested_kwarg": MiscCase(NestedKwarg),
    "float_kwargs_inf": MiscCase(FloatKwargsInf),
    "cat_list": MiscCase(CatList),
    "string_arg": MiscCase(StringArg),
    "placeholder_default": MiscCase(PlaceholderDefault),
    "placeholder_annotated": MiscCase(PlaceholderAnnotated),
    "concrete_none": MiscCase(ConcreteNone, concrete_args={"y": None}),
}


def gen_misc(out_dir: str) -> None:
    for name, case in MISC_CASES.items():
        torch.manual_seed(SEED)
        module = case.factory().eval()
        # Tracer().trace is what symbolic_trace does minus wrapping the graph
        # in a GraphModule, so str(graph) is identical.  We skip the
        # GraphModule because in torch 1.13 its generated code registers
        # fx.wrap("torch.zeros") globally (for zeros_dtype_device), which
        # breaks every later trace with KeyError: 'torch.zeros'.
        graph = torch.fx.Tracer().trace(module, case.concrete_args)
        write_text(os.path.join(out_dir, f"{name}.fx"), printed(graph))
        log(f"[misc] {name}: ok")


# ---------------------------------------------------------------------------

GENERATORS = {
    "seed": gen_seed,
    "misc": gen_misc,
    "tabular": gen_tabular,
    "aten": gen_aten,
    "torchvision": gen_torchvision,
}


def default_out_dir() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(here), "graphs")


def main(argv: List[str]) -> int:
    if len(argv) > 2:
        print(f"usage: {argv[0]} [OUTPUT_DIR]", file=sys.stderr)
        return 2
    out_root = argv[1] if len(argv) == 2 else default_out_dir()
    log(f"torch {torch.__version__}, torchvision {torchvision.__version__}; "
        f"writing to {out_root}")
    start = time.monotonic()
    for subdir, generate in GENERATORS.items():
        out_dir = os.path.join(out_root, subdir)
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        generate(out_dir)
    log(f"done in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
