#!/usr/bin/python3
"""Independent checks of what tools/fx2c-export writes (it shares no code with the exporter).

    /usr/bin/python3 tests/e2e/check_safetensors.py EXPORT_DIR... [--rebuild]

For each export folder:
  * weights.safetensors is parsed with json + struct only (read_safetensors below) and checked against the
    safetensors format: u64 little-endian header size, a JSON object, dtypes and shapes valid, data_offsets
    contiguous from 0 in header order with no gap, overlap or trailing byte, header padded with spaces to a
    multiple of 8, every tensor aligned to its element size;
  * its tensors equal, bit for bit and by name, the state_dict in weights.pt (torch.load);
  * with --rebuild, they also equal the state_dict of the model rebuilt from meta.json (torch level: the
    model's own state_dict(); aten level: the traced GraphModule's get_attr constants);
  * every inputN.npy / outputN.npy loads with numpy.load and has the dtype and shape that meta.json lists,
    and no other inputN/outputN file is present.
Prints one line per folder and exits 1 if any check fails.
"""

import argparse
import json
import os
import struct
import sys

import numpy as np

# safetensors dtype -> (numpy dtype or None for bf16, element size)
ST_DTYPES = {
    "F64": ("<f8", 8), "F32": ("<f4", 4), "F16": ("<f2", 2), "BF16": (None, 2),
    "I64": ("<i8", 8), "I32": ("<i4", 4), "I16": ("<i2", 2), "I8": ("|i1", 1), "U8": ("|u1", 1),
    "BOOL": ("|b1", 1),
}
NPY_DTYPES = {"f32": "<f4", "f64": "<f8", "f16": "<f2", "i64": "<i8", "i32": "<i4", "i16": "<i2",
              "i8": "|i1", "u8": "|u1", "bool": "|b1"}


class FormatError(Exception):
    pass


def read_safetensors(path, strict=True):
    """{name: numpy array} in header order (bf16 as uint16 bit patterns, with dtype name kept in .st_dtype),
    and the __metadata__ dict. strict: also check fx2c-export's own layout promises (padding, order, alignment)."""
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 8:
        raise FormatError("shorter than the 8-byte header size")
    (n,) = struct.unpack("<Q", blob[:8])
    if 8 + n > len(blob):
        raise FormatError(f"header size {n} runs past the end of the file ({len(blob)} bytes)")
    raw = blob[8:8 + n]
    if strict and n % 8:
        raise FormatError(f"header size {n} is not a multiple of 8")
    if strict and not raw.rstrip(b" ").endswith(b"}"):
        raise FormatError("the JSON header is not followed by space padding only")
    try:
        header = json.loads(raw.decode("utf-8"), object_pairs_hook=list)
    except ValueError as e:
        raise FormatError(f"header is not JSON: {e}")
    if not isinstance(header, list):
        raise FormatError("header is not a JSON object")
    names = [k for k, _ in header]
    if len(set(names)) != len(names):
        raise FormatError("duplicate names in the header")
    data = memoryview(blob)[8 + n:]
    tensors, metadata, expect = {}, {}, 0
    for name, info in header:
        if name == "__metadata__":
            info = dict(info)
            if not all(isinstance(v, str) for v in info.values()):
                raise FormatError("__metadata__ values must be strings")
            metadata = info
            continue
        info = dict(info)
        if set(info) != {"dtype", "shape", "data_offsets"}:
            raise FormatError(f"{name}: keys {sorted(info)}")
        if info["dtype"] not in ST_DTYPES:
            raise FormatError(f"{name}: unknown dtype {info['dtype']}")
        npd, size = ST_DTYPES[info["dtype"]]
        shape = info["shape"]
        if not all(isinstance(d, int) and d >= 0 for d in shape):
            raise FormatError(f"{name}: bad shape {shape}")
        begin, end = info["data_offsets"]
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if end - begin != count * size:
            raise FormatError(f"{name}: {end - begin} bytes for shape {shape} of {info['dtype']}")
        if strict and begin != expect:
            raise FormatError(f"{name}: data starts at {begin}, expected {expect} (gap, overlap or disorder)")
        if strict and begin % size:
            raise FormatError(f"{name}: offset {begin} is not aligned to its element size {size}")
        if end > len(data):
            raise FormatError(f"{name}: data runs past the end of the file")
        expect = end
        arr = np.frombuffer(data[begin:end], dtype=npd if npd else "<u2").reshape(shape)
        tensors[name] = (info["dtype"], arr)
    if strict and expect != len(data):
        raise FormatError(f"{len(data) - expect} bytes after the last tensor")
    return tensors, metadata


def torch_to_numpy(t):
    import torch
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        return "BF16", t.view(torch.int16).numpy().view("<u2")
    names = {torch.float64: "F64", torch.float32: "F32", torch.float16: "F16", torch.int64: "I64",
             torch.int32: "I32", torch.int16: "I16", torch.int8: "I8", torch.uint8: "U8", torch.bool: "BOOL"}
    return names[t.dtype], t.numpy()


def same_tensors(st, other, what):
    """Problems (list of str) between the safetensors dict and {name: torch tensor}."""
    problems = []
    if set(st) != set(other):
        missing, extra = sorted(set(other) - set(st)), sorted(set(st) - set(other))
        problems.append(f"names differ from {what}: missing {missing[:5]}, extra {extra[:5]}")
    for name in sorted(set(st) & set(other)):
        dt, arr = st[name]
        dt2, arr2 = torch_to_numpy(other[name])
        if dt != dt2 or arr.shape != arr2.shape:
            problems.append(f"{name}: {dt}{list(arr.shape)} vs {what} {dt2}{list(arr2.shape)}")
        elif arr.tobytes() != arr2.tobytes():
            problems.append(f"{name}: values differ from {what}")
    return problems


def rebuilt_state(export_dir, meta):
    """The state_dict that the exporter should have written, rebuilt from meta.json."""
    import importlib.machinery
    import importlib.util
    import torch
    here = os.path.dirname(os.path.abspath(__file__))
    exporter_path = os.path.join(here, "..", "..", "tools", "fx2c-export")
    loader = importlib.machinery.SourceFileLoader("fx2c_export", exporter_path)
    spec = importlib.util.spec_from_loader("fx2c_export", loader)
    exporter = importlib.util.module_from_spec(spec)
    loader.exec_module(exporter)
    args = exporter.build_argparser().parse_args(
        (["--model", meta["model"]] if meta["model"] else ["--module", meta["module"]])
        + sum((["--input", s] for s in meta["inputs"]), []) + ["--out", export_dir, "--seed", str(meta["seed"])])
    torch.manual_seed(meta["seed"])
    model = exporter.build_model(args).eval()
    inputs = [torch.from_numpy(np.load(os.path.join(export_dir, f["file"]))) for f in meta["input_files"]]
    zero_init = exporter.zero_init_batchnorms(model)
    if meta.get("randomize_zeros"):
        exporter.randomize_zeros(model, meta["seed"])
    if meta["randomize_bn"]:
        exporter.randomize_batchnorm(model, meta["seed"], meta["randomize_bn"], inputs, zero_init)
    gm = exporter.trace(model, inputs, meta["aten"])
    out = dict(gm.state_dict() if meta["aten"] else model.state_dict())
    for node in gm.graph.nodes:
        if node.op == "get_attr" and node.target not in out:
            out[node.target] = exporter.resolve_attr(gm, node.target)
    return out


def check_npy(export_dir, meta):
    problems = []
    for kind, listed in (("input", meta["input_files"]), ("output", meta["outputs"])):
        files = sorted(f for f in os.listdir(export_dir) if f.startswith(kind) and f.endswith(".npy"))
        if files != sorted(f"{kind}{i}.npy" for i in range(len(listed))):
            problems.append(f"{kind} files {files} but meta.json lists {len(listed)}")
        for entry in listed:
            arr = np.load(os.path.join(export_dir, entry["file"]), allow_pickle=False)
            if arr.dtype.str != np.dtype(NPY_DTYPES[entry["dtype"]]).str or list(arr.shape) != entry["shape"]:
                problems.append(f"{entry['file']}: {arr.dtype.str}{list(arr.shape)}, meta.json says "
                                f"{entry['dtype']}{entry['shape']}")
            if not arr.flags.c_contiguous:
                problems.append(f"{entry['file']}: not C order")
    return problems


def check_dir(export_dir, rebuild):
    import torch
    with open(os.path.join(export_dir, "meta.json")) as f:
        meta = json.load(f)
    try:
        st, metadata = read_safetensors(os.path.join(export_dir, "weights.safetensors"))
    except FormatError as e:
        return [f"weights.safetensors: {e}"], 0
    problems = same_tensors(st, torch.load(os.path.join(export_dir, "weights.pt")), "weights.pt")
    if len(st) != meta["weights"]["count"]:
        problems.append(f"{len(st)} tensors, meta.json says {meta['weights']['count']}")
    if rebuild:
        problems += same_tensors(st, rebuilt_state(export_dir, meta), "the rebuilt model")
    problems += check_npy(export_dir, meta)
    return problems, len(st)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dirs", nargs="+", metavar="EXPORT_DIR")
    p.add_argument("--rebuild", action="store_true", help="also compare with the model rebuilt from meta.json")
    args = p.parse_args()
    bad = 0
    for d in args.dirs:
        problems, count = check_dir(d, args.rebuild)
        if problems:
            bad += 1
            print(f"FAIL {d}: " + "; ".join(problems[:10]))
        else:
            print(f"ok   {d}: {count} tensors{' (rebuilt model too)' if args.rebuild else ''}, npy files ok")
    print(f"check_safetensors: {len(args.dirs) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
