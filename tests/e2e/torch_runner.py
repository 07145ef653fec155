#!/usr/bin/python3
"""TEST DOUBLE for the zoo harness -- NOT fx2c.

Implements the command line of `fx2c run` with PyTorch itself, so that tests/e2e/zoo.py can be checked end to
end (export -> run -> compare -> table) before fx2c's reference interpreter exists:

    tests/e2e/torch_runner.py run GRAPH [--modules FILE] [--weights FILE] IN0.npy ... -o OUTDIR [--perturb EPS]

It only works on folders written by tools/fx2c-export: it rebuilds the model from the meta.json beside GRAPH,
traces it again and checks that the trace prints exactly GRAPH (and that print(model) is exactly MODULES), then
loads every tensor from WEIGHTS (.safetensors through check_safetensors.read_safetensors, or .pt through
torch.load) into the model -- torch level: model.load_state_dict plus plain get_attr attributes; aten level:
every _param_constantN/_tensor_constantN of the traced GraphModule -- so the weights files and their names are
exercised, runs it on the given inputs and writes OUTDIR/output0.npy ... flattened as the exporter flattens.
--perturb EPS adds EPS to every floating-point output and flips the lowest bit of integer ones (to see FAIL
lines). Never make this the harness's default: zoo.py uses it only when given --fx2c explicitly.
"""

import argparse
import collections
import importlib.machinery
import importlib.util
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def load_exporter():
    path = os.path.join(ROOT, "tools", "fx2c-export")
    loader = importlib.machinery.SourceFileLoader("fx2c_export", path)
    spec = importlib.util.spec_from_loader("fx2c_export", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def fail(msg):
    print(f"torch_runner (test double): error: {msg}", file=sys.stderr)
    sys.exit(1)


def load_weights(path):
    import torch
    if path.endswith(".safetensors"):
        sys.path.insert(0, HERE)
        from check_safetensors import read_safetensors
        tensors, _ = read_safetensors(path)
        out = {}
        for name, (dt, arr) in tensors.items():
            t = torch.from_numpy(arr.copy())
            out[name] = t.view(torch.bfloat16) if dt == "BF16" else t
        return out
    return torch.load(path)  # keep the OrderedDict's _metadata: MNASNet's loader needs its version


def set_attr(root, target, value):
    *path, last = target.split(".")
    obj = root
    for part in path:
        obj = getattr(obj, part)
    current = getattr(obj, last)
    if current.shape != value.shape or current.dtype != value.dtype:
        fail(f"weight {target}: {value.dtype}{list(value.shape)}, the model has {current.dtype}{list(current.shape)}")
    with __import__("torch").no_grad():
        current.copy_(value)


def main():
    p = argparse.ArgumentParser(prog="torch_runner.py", description="TEST DOUBLE of `fx2c run` (see the docstring)")
    p.add_argument("--version", action="version", version="torch_runner.py (TEST DOUBLE of fx2c run, PyTorch "
                   + __import__("torch").__version__ + ")")
    p.add_argument("command", choices=["run"])
    p.add_argument("graph")
    p.add_argument("inputs", nargs="*")
    p.add_argument("--modules")
    p.add_argument("--weights")
    p.add_argument("-o", dest="outdir", required=True)
    p.add_argument("--perturb", type=float, default=0.0)
    args = p.parse_intermixed_args()
    print("torch_runner.py: TEST DOUBLE (PyTorch), not fx2c", file=sys.stderr)

    import torch
    exporter = load_exporter()
    export_dir = os.path.dirname(os.path.abspath(args.graph))
    with open(os.path.join(export_dir, "meta.json")) as f:
        meta = json.load(f)
    eargs = exporter.build_argparser().parse_args(
        (["--model", meta["model"]] if meta["model"] else ["--module", meta["module"]])
        + sum((["--input", s] for s in meta["inputs"]), []) + ["--out", export_dir])
    torch.manual_seed(meta["seed"] + 12345)  # deliberately not the export seed: the weights file must matter
    model = exporter.build_model(eargs).eval()
    inputs = [torch.from_numpy(np.load(path)) for path in args.inputs]
    if len(inputs) != len(meta["input_files"]):
        fail(f"{len(inputs)} inputs given, the graph has {len(meta['input_files'])} placeholders")
    gm = exporter.trace(model, inputs, meta["aten"])
    with open(args.graph, encoding="utf-8") as f:
        if f.read() != str(gm.graph) + "\n":
            fail(f"{args.graph} is not the graph this model traces to")
    if args.modules is not None:
        with open(args.modules, encoding="utf-8") as f:
            if f.read() != str(model) + "\n":
                fail(f"{args.modules} is not print(model)")
    elif not meta["aten"]:
        fail("a torch-level graph needs --modules")

    weights = load_weights(args.weights) if args.weights else {}
    if meta["aten"]:
        for node in gm.graph.nodes:
            if node.op == "get_attr":
                if node.target not in weights:
                    fail(f"get_attr target {node.target} is not in {args.weights}")
                set_attr(gm, node.target, weights[node.target])
    else:
        if not hasattr(weights, "_metadata"):  # safetensors has no per-module versions: take the model's own
            weights = collections.OrderedDict(weights)
            weights._metadata = model.state_dict()._metadata
        result = model.load_state_dict(weights, strict=False)
        if result.missing_keys:
            fail(f"{args.weights} lacks {result.missing_keys[:5]}")
        for key in result.unexpected_keys:  # plain tensor attributes reached by get_attr
            set_attr(model, key, weights[key])
        gm = exporter.trace(model, inputs, False)  # re-trace: GraphModule copied the old parameters

    with torch.no_grad():
        outputs = exporter.flatten_outputs(gm(*inputs))
    os.makedirs(args.outdir, exist_ok=True)
    for i, (_, arr) in enumerate(outputs):
        if args.perturb:
            if arr.dtype.kind == "f":
                arr = arr + np.asarray(args.perturb, dtype=arr.dtype)
            elif arr.dtype.kind in "iu":
                arr = arr ^ np.asarray(1, dtype=arr.dtype)
        np.save(os.path.join(args.outdir, f"output{i}.npy"), arr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
