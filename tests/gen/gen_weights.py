#!/usr/bin/python3
"""Generate the weight-file fixtures under tests/weights/ (read by tests/unit/test_weights.c).

Run with Debian's PyTorch 1.13 and numpy (the ``python3`` on PATH may lack them):

    /usr/bin/python3 tests/gen/gen_weights.py [OUTPUT_DIR]

OUTPUT_DIR defaults to tests/weights.  Every file the script writes is listed
in FILES; old *.pt, *.safetensors, *.npy and *.expected files in the directory
are deleted first.  Output is deterministic (torch.manual_seed(0), fixed zip
timestamps).

Valid state_dicts (one model, saved several ways; expected values in
model.expected):
  model.pt                torch.save(model.state_dict())  (protocol 2)
  model_proto4.pt         torch.save(..., pickle_protocol=4)  (FRAME, STACK_GLOBAL, MEMOIZE, SHORT_BINUNICODE)
  model_deflated.pt       model.pt re-zipped with deflate compression
  model.safetensors       the same tensors, contiguous, written by hand per the safetensors spec
  param.pt, param.expected  state_dict(keep_vars=True): torch._utils._rebuild_parameter
  empty.safetensors, empty.pt  no tensors

The model covers every dtype fx2c reads (f32 f64 f16 bf16 i64 i32 i16 i8 u8
bool), a 0-dim tensor, an empty tensor, an 8-dim tensor, and tensors sharing
storage: a strided slice (offset and strides), a transpose, a tied duplicate,
a stride-0 expand, and a slice whose storage no tensor covers whole.

*.expected lines: ``NAME DTYPE NDIM DIM... HEX`` where HEX is the little-endian
bytes of the contiguous tensor as torch has them (``-`` when empty), in
state_dict order.  npy.expected: the same with the .npy file name as NAME.

Storages shared (tests/unit/test_weights.c checks which tensors point into their storage's buffer):
  pt_shared.pt, pt_shared.expected  tied weights (two names, one tensor), views of one storage at an aligned
                          offset (64 bytes), a misaligned one (4 bytes), a strided one, and a storage of its own
  pt_tied_bias.pt         TiedBias's state_dict: conv.bias and the buffer 'shift' are one storage; the graph and
                          module tree are in test_weights.c (bnfold must not change 'shift')

Read only when used:
  pt_unused_corrupt.pt    w, b and a 100 MB tensor 'big' (zeros) whose entry is deflated (97 KB) and has a wrong
                          CRC: a graph that does not use 'big' reads the file, one that does is refused naming it
  unused_small.fx, unused_big.fx  those two graphs (print(gm.graph) of UsesWB and UsesBig)

Malformed fixtures (each test asserts on the message): see MALFORMED below.
"""

import collections
import io
import json
import os
import pickle
import struct
import sys
import zipfile
import zlib

import numpy as np
import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "weights")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

DTYPE_NAMES = {
    torch.float32: ("f32", "F32"), torch.float64: ("f64", "F64"), torch.float16: ("f16", "F16"),
    torch.bfloat16: ("bf16", "BF16"), torch.int64: ("i64", "I64"), torch.int32: ("i32", "I32"),
    torch.int16: ("i16", "I16"), torch.int8: ("i8", "I8"), torch.uint8: ("u8", "U8"), torch.bool: ("bool", "BOOL"),
}


def path(name):
    return os.path.join(OUT, name)


def tensor_bytes(t):
    t = t.detach().contiguous()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    return t.numpy().tobytes()


def expected_line(name, dtype_name, shape, raw):
    return "%s %s %d%s %s\n" % (name, dtype_name, len(shape), "".join(" %d" % s for s in shape),
                                raw.hex() if raw else "-")


def write_expected(fname, sd):
    with open(path(fname), "w") as f:
        for k, v in sd.items():
            f.write(expected_line(k, DTYPE_NAMES[v.dtype][0], tuple(v.shape), tensor_bytes(v)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4, 2)
        self.register_buffer("f16buf", torch.randn(3, 2).half())
        self.register_buffer("bf16buf", torch.randn(5).bfloat16())
        self.register_buffer("f64buf", torch.randn(2, 2, dtype=torch.float64))
        self.register_buffer("mask", torch.tensor([True, False, True]))
        self.register_buffer("i32", torch.tensor([1, -2, 2147483647], dtype=torch.int32))
        self.register_buffer("i16", torch.tensor([-32768, 7], dtype=torch.int16))
        self.register_buffer("i8", torch.tensor([-128, 127, 0], dtype=torch.int8))
        self.register_buffer("u8", torch.tensor([0, 255, 9], dtype=torch.uint8))
        self.register_buffer("scalar", torch.tensor(2.5))
        self.register_buffer("empty", torch.zeros(0, 3))
        self.register_buffer("eight", torch.randn(1, 2, 1, 2, 1, 2, 1, 2))
        base = torch.arange(24.0).reshape(4, 6)
        self.register_buffer("base", base)
        self.register_buffer("base_slice", base[1:3, ::2])  # storage offset 6, strides (6, 2)
        self.register_buffer("base_t", base.t())  # strides (1, 6)
        self.register_buffer("fc_t", self.fc.weight.detach().t())  # a transposed view of a parameter
        self.register_buffer("tied", self.fc.weight.detach())  # the same view as fc.weight
        self.register_buffer("expanded", torch.tensor([1.0, 2.0, 3.0]).expand(2, 3))  # stride 0
        self.register_buffer("only_slice", torch.arange(10, dtype=torch.int64)[2:7:2])  # no whole tensor

    def forward(self, x):
        return self.fc(self.bn(self.conv(x)).mean((2, 3)))


class TiedBias(nn.Module):
    """A conv whose bias is also a buffer of the model (one storage in torch.save's archive), then a BatchNorm that
    bnfold folds into the conv: the fold writes a new bias, and 'shift' must keep its values."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.register_buffer("shift", self.conv.bias.detach())

    def forward(self, x):
        return self.bn(self.conv(x)) + self.shift.view(1, 4, 1, 1)


class UsesWB(nn.Module):
    """Reads w and b, not big."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(2, 3))
        self.b = nn.Parameter(torch.randn(2))
        self.big = nn.Parameter(torch.zeros(25_000_000), requires_grad=False)  # a parameter: get_attr when traced

    def forward(self, x):
        return torch.nn.functional.linear(x, self.w, self.b)


class UsesBig(UsesWB):
    def forward(self, x):
        return torch.nn.functional.linear(x, self.w, self.b) + self.big[:2]


def safetensors_bytes(sd, metadata=None):
    """The safetensors format by hand: u64 header size, JSON header padded with spaces to a multiple of 8
    (as the reference implementation pads it), then the data."""
    header = collections.OrderedDict()
    if metadata is not None:
        header["__metadata__"] = metadata
    data = b""
    for k, v in sd.items():
        raw = tensor_bytes(v)
        header[k] = {"dtype": DTYPE_NAMES[v.dtype][1], "shape": list(v.shape),
                     "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    return raw_safetensors(header, data)


def raw_safetensors(header, data, pad=True):
    h = json.dumps(header, separators=(",", ":")).encode() if not isinstance(header, bytes) else header
    if pad:
        h += b" " * ((8 - len(h) % 8) % 8)
    return struct.pack("<Q", len(h)) + h + data


def write_bytes(name, b):
    with open(path(name), "wb") as f:
        f.write(b)


def zip_bytes(entries, compression=zipfile.ZIP_STORED):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", compression) as z:
        for name, data in entries:
            zi = zipfile.ZipInfo(name, ZIP_DATE)
            zi.compress_type = compression
            z.writestr(zi, data)
    return bio.getvalue()


def zip_entries(fname):
    with zipfile.ZipFile(path(fname)) as z:
        return [(n, z.read(n)) for n in z.namelist()]


# ---- hand-made pickles (assembled from opcodes; never unpickled here) ----

def p_str(s):
    b = s.encode()
    return b"X" + struct.pack("<I", len(b)) + b


def p_int(i):
    return b"J" + struct.pack("<i", i)


def p_global(module, name):
    return b"c" + module.encode() + b"\n" + name.encode() + b"\n"


def p_tensor(key, numel, offset, size, stride, storage="FloatStorage"):
    """_rebuild_tensor_v2((persistent id), offset, size, stride, False, OrderedDict())."""
    pid = b"(" + p_str("storage") + p_global("torch", storage) + p_str(key) + p_str("cpu") + p_int(numel) + b"t"
    return (p_global("torch._utils", "_rebuild_tensor_v2") + b"(" + pid + b"Q" + p_int(offset) +
            b"(" + b"".join(p_int(s) for s in size) + b"t" + b"(" + b"".join(p_int(s) for s in stride) + b"t" +
            b"\x89" + p_global("collections", "OrderedDict") + b")R" + b"tR")


def p_state_dict(items):
    """OrderedDict with items [(key, value-bytes)]."""
    return (b"\x80\x02" + p_global("collections", "OrderedDict") + b")R" + b"(" +
            b"".join(p_str(k) + v for k, v in items) + b"u.")


def pt_archive(pkl, data_entries, prefix="archive"):
    entries = [(prefix + "/data.pkl", pkl)] + [(prefix + "/data/" + k, v) for k, v in data_entries]
    entries.append((prefix + "/version", b"3\n"))
    return zip_bytes(entries)


def f32(*vals):
    return struct.pack("<%df" % len(vals), *vals)


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith((".pt", ".safetensors", ".npy", ".expected", ".bin", ".fx")):
            os.remove(os.path.join(OUT, f))
    torch.manual_seed(0)
    np.random.seed(0)

    # ---- valid state_dicts ----
    m = Model()
    m.train()
    m(torch.randn(2, 3, 6, 6))  # running statistics and num_batches_tracked = 1
    m.eval()
    sd = m.state_dict()
    assert sd["base_slice"].storage_offset() == 6 and sd["base_slice"].stride() == (6, 2)
    assert sd["fc_t"].data_ptr() == sd["fc.weight"].data_ptr() and sd["expanded"].stride() == (0, 1)
    torch.save(sd, path("model.pt"))
    torch.save(sd, path("model_proto4.pt"), pickle_protocol=4)
    write_bytes("model_deflated.pt", zip_bytes(zip_entries("model.pt"), zipfile.ZIP_DEFLATED))
    write_bytes("model.safetensors", safetensors_bytes(sd, {"format": "pt"}))
    write_expected("model.expected", sd)
    # sanity: torch reads its own files back identically
    for f in ("model.pt", "model_proto4.pt", "model_deflated.pt"):
        back = torch.load(path(f))
        assert list(back) == list(sd) and all(torch.equal(back[k], sd[k]) for k in sd), f

    lin = nn.Linear(3, 2)
    psd = lin.state_dict(keep_vars=True)
    assert isinstance(psd["weight"], nn.Parameter)
    torch.save(psd, path("param.pt"))
    write_expected("param.expected", psd)

    write_bytes("empty.safetensors", raw_safetensors({}, b""))
    torch.save(collections.OrderedDict(), path("empty.pt"))

    # ---- malformed safetensors ----
    small = collections.OrderedDict(a=torch.arange(4, dtype=torch.float32), b=torch.ones(2, 3))
    good = safetensors_bytes(small)
    write_bytes("st_truncated.safetensors", good[:-5])
    write_bytes("st_header_beyond.safetensors", struct.pack("<Q", 1000000) + b'{"a":1}')
    write_bytes("st_tiny.safetensors", b"\x01\x02\x03")
    # a valid file whose header of 640 bytes makes it start with 0x80 0x02, pickle's protocol-2 opcode
    pad = next(n for n in range(1000) if len(safetensors_bytes(small, {"pad": "x" * n})) - 8 - 40 == 640)
    write_bytes("st_header_640.safetensors", safetensors_bytes(small, {"pad": "x" * pad}))
    write_bytes("st_bad_json.safetensors",
                raw_safetensors(b'{"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},}', f32(1, 2)))
    write_bytes("st_overlap.safetensors", raw_safetensors(
        {"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]},
         "b": {"dtype": "F32", "shape": [4], "data_offsets": [8, 24]}}, f32(*range(6))))
    write_bytes("st_hole.safetensors", raw_safetensors(
        {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
         "b": {"dtype": "F32", "shape": [2], "data_offsets": [12, 20]}}, f32(*range(5))))
    write_bytes("st_trailing.safetensors", raw_safetensors(
        {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, f32(1, 2, 3)))
    write_bytes("st_duplicate.safetensors", raw_safetensors(
        b'{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}}',
        f32(1, 2)))
    write_bytes("st_ndim9.safetensors", raw_safetensors(
        {"a": {"dtype": "F32", "shape": [1] * 9, "data_offsets": [0, 4]}}, f32(1)))
    write_bytes("st_many_errors.safetensors", raw_safetensors(collections.OrderedDict([
        ("no_shape", {"dtype": "F32", "data_offsets": [0, 4]}),
        ("dtype_number", {"dtype": 3, "shape": [1], "data_offsets": [4, 8]}),
        ("unknown_dtype", {"dtype": "F31", "shape": [1], "data_offsets": [8, 12]}),
        ("unsupported_dtype", {"dtype": "U16", "shape": [2], "data_offsets": [12, 16]}),
        ("bad_offsets", {"dtype": "F32", "shape": [1], "data_offsets": [16]}),
        ("backwards", {"dtype": "F32", "shape": [1], "data_offsets": [24, 20]}),
        ("negative_dim", {"dtype": "F32", "shape": [-1], "data_offsets": [24, 28]}),
        ("wrong_count", {"dtype": "F32", "shape": [2, 3], "data_offsets": [28, 48]}),
        ("not_an_object", [1, 2]),
        ("__metadata__", {"format": 1}),
    ]), f32(*range(12))))
    write_bytes("st_not_json_object.safetensors", raw_safetensors(b"[1, 2]", b""))

    # ---- malformed .pt ----
    evil_system = (b"\x80\x02" + p_global("posix", "system") + b"q\x00" + p_str("echo pwned") + b"\x85R.")
    write_bytes("pt_evil_system.pt", zip_bytes([("evil/data.pkl", evil_system), ("evil/version", b"3\n")]))
    evil_eval = (b"\x80\x02" + p_global("collections", "OrderedDict") + b")R(" + p_str("x") +
                 p_global("builtins", "eval") + p_str("__import__('os').system('echo pwned')") + b"\x85Ru.")
    write_bytes("pt_evil_eval.pt", zip_bytes([("evil/data.pkl", evil_eval), ("evil/version", b"3\n")]))

    entries = zip_entries("model.pt")
    pkl_name = [n for n, _ in entries if n.endswith("data.pkl")][0]
    prefix = pkl_name[:-len("data.pkl")]
    write_bytes("pt_missing_entry.pt", zip_bytes([(n, d) for n, d in entries if n != prefix + "data/12"]))
    write_bytes("pt_wrong_size.pt", zip_bytes([(n, d[:-4] if n == prefix + "data/4" else d) for n, d in entries]))
    with open(path("model.pt"), "rb") as f:
        whole = f.read()
    write_bytes("pt_truncated.pt", whole[: len(whole) // 2])
    write_bytes("pt_no_pkl.pt", zip_bytes([("archive/version", b"3\n")]))
    write_bytes("pt_big_endian.pt", zip_bytes(entries + [(prefix + "byteorder", b"big")]))
    # the legacy format: its first three pickles (magic number, protocol version, sys_info) are deterministic;
    # the rest names storages by memory address, so it is cut off (the reader refuses the file at its first bytes)
    bio = io.BytesIO()
    torch.save(collections.OrderedDict(w=torch.ones(2)), bio, _use_new_zipfile_serialization=False)
    bio.seek(0)
    for _ in range(3):
        pickle.load(bio)
    write_bytes("pt_legacy.pt", bio.getvalue()[: bio.tell()])
    torch.save({"model": collections.OrderedDict(w=torch.ones(2)), "epoch": 3}, path("pt_nested.pt"))
    write_bytes("pt_view_beyond.pt", pt_archive(p_state_dict([
        ("ok", p_tensor("0", 6, 0, (2, 3), (3, 1))),
        ("beyond", p_tensor("0", 6, 2, (2, 3), (3, 1))),
    ]), [("0", f32(*range(6)))]))
    # six stride-0 views of one float, 200 MB each made contiguous, 1.2 GB in all (torch.load shares the 4 bytes)
    write_bytes("pt_expand_bomb.pt", pt_archive(p_state_dict([
        (f"bomb{i}", p_tensor("0", 1, 0, (50_000_000,), (0,))) for i in range(6)
    ]), [("0", f32(1))]))
    # hand-made views of one storage: offset, strides, stride 0, a 0-dim element; expected from torch's rebuild
    views = [("v_off", 3, (2, 2), (1, 4)), ("v_scalar", 7, (), ()), ("v_bcast", 1, (3, 2), (0, 5)),
             ("v_whole", 0, (12,), (1,)), ("v_empty", 11, (0, 4), (4, 1))]
    storage = torch.arange(12, dtype=torch.float32) * 0.5
    write_bytes("pt_views.pt", pt_archive(p_state_dict([(n, p_tensor("s", 12, o, sz, st)) for n, o, sz, st in views]),
                                          [("s", tensor_bytes(storage))]))
    vsd = collections.OrderedDict()
    for n, o, sz, st in views:
        vsd[n] = torch.as_strided(storage, sz, st, o)
    write_expected("pt_views.expected", vsd)
    back = torch.load(path("pt_views.pt"))
    assert all(torch.equal(back[k], vsd[k]) for k in vsd)

    # ---- storages shared ----
    tied = torch.randn(4, 4)
    base = torch.arange(64, dtype=torch.float32)
    shared = collections.OrderedDict([
        ("emb.weight", tied), ("head.weight", tied),  # tied: one storage, both the whole of it
        ("base", base),
        ("aligned", base[16:48]),  # byte offset 64: points into the storage
        ("unaligned", base[1:9]),  # byte offset 4: contiguous but misaligned, copied
        ("strided", base[::2]),  # copied
        ("tail", base[48:]),  # byte offset 192: points into the storage
        ("other", torch.randn(3)),  # a storage of its own
    ])
    torch.save(shared, path("pt_shared.pt"))
    write_expected("pt_shared.expected", shared)
    back = torch.load(path("pt_shared.pt"))
    assert all(torch.equal(back[k], shared[k]) for k in shared)
    assert back["emb.weight"].data_ptr() == back["head.weight"].data_ptr()
    assert back["aligned"].data_ptr() == back["base"].data_ptr() + 64
    tb = TiedBias()
    tb.eval()
    with torch.no_grad():
        tb.bn.running_mean.copy_(torch.randn(4) * 0.1)
        tb.bn.running_var.copy_(torch.rand(4) + 0.5)
    tsd = tb.state_dict()
    assert tsd["shift"].data_ptr() == tsd["conv.bias"].data_ptr()
    torch.save(tsd, path("pt_tied_bias.pt"))

    # ---- read only when used: a damaged entry of a tensor the graph does not use ----
    m = UsesWB()
    bio = io.BytesIO()
    torch.save(m.state_dict(), bio)
    with zipfile.ZipFile(io.BytesIO(bio.getvalue())) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    big_name = [n for n, d in entries if len(d) == 100_000_000][0]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for n, d in entries:
            zi = zipfile.ZipInfo(n, ZIP_DATE)
            zi.compress_type = zipfile.ZIP_DEFLATED if n == big_name else zipfile.ZIP_STORED
            z.writestr(zi, d, compresslevel=9)
    b = out.getvalue()
    crc = struct.pack("<I", zlib.crc32(bytes(100_000_000)))
    assert b.count(crc) == 2  # the local header's and the central directory's
    write_bytes("pt_unused_corrupt.pt", b.replace(crc, struct.pack("<I", zlib.crc32(b"not the bytes"))))
    for cls, name in ((UsesWB, "unused_small.fx"), (UsesBig, "unused_big.fx")):
        with open(path(name), "w") as f:
            f.write(str(torch.fx.symbolic_trace(cls()).graph) + "\n")

    # ---- .npy ----
    arrays = collections.OrderedDict([
        ("npy_f32.npy", np.random.randn(2, 3).astype(np.float32)),
        ("npy_f64.npy", np.array(3.25)),
        ("npy_f16.npy", np.random.randn(4).astype(np.float16)),
        ("npy_i64.npy", np.array([[1, -2], [2 ** 40, -(2 ** 62)]], dtype=np.int64)),
        ("npy_i32.npy", np.array([7, -7, 2 ** 31 - 1], dtype=np.int32)),
        ("npy_i16.npy", np.array([-32768, 1], dtype=np.int16)),
        ("npy_i8.npy", np.array([-128, 127], dtype=np.int8)),
        ("npy_u8.npy", np.array([[0, 255, 1]], dtype=np.uint8)),
        ("npy_bool.npy", np.array([True, False, True, True])),
        ("npy_empty.npy", np.zeros((0, 5), dtype=np.float32)),
        ("npy_wide.npy", np.zeros((0, 12345678901), dtype=np.float32)),
        ("npy_eight.npy", np.arange(2 ** 8, dtype=np.float32).reshape((2,) * 8)),
        ("npy_long_row.npy", np.arange(1000, dtype=np.int16).reshape(1, 1000)),
    ])
    lines = []
    for name, a in arrays.items():
        np.save(path(name), a)
        lines.append(expected_line(name, str_dtype(a), a.shape, a.tobytes()))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    for ver in ((2, 0), (3, 0)):
        name = "npy_v%d.npy" % ver[0]
        with open(path(name), "wb") as f:
            np.lib.format.write_array(f, a, version=ver)
        lines.append(expected_line(name, "f32", a.shape, a.tobytes()))
    # keys in another order, double quotes, Python 2's 'L' suffix, no trailing comma, '=' byte order
    hdr = b"{\"shape\": (3L,), 'fortran_order': False, 'descr': '=i4'}"
    hdr += b" " * (63 - (10 + len(hdr)) % 64) + b"\n"
    write_bytes("npy_handmade.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr +
                np.array([5, 6, 7], dtype=np.int32).tobytes())
    lines.append(expected_line("npy_handmade.npy", "i32", (3,), np.array([5, 6, 7], dtype=np.int32).tobytes()))
    with open(path("npy.expected"), "w") as f:
        f.writelines(lines)
    for name, _ in arrays.items():
        assert np.load(path(name)).tobytes() == arrays[name].tobytes()
    assert np.load(path("npy_handmade.npy")).tolist() == [5, 6, 7]

    np.save(path("npy_fortran.npy"), np.asfortranarray(np.arange(6.0).reshape(2, 3)))
    np.save(path("npy_complex.npy"), np.zeros(2, dtype=np.complex64))
    np.save(path("npy_big_endian.npy"), np.zeros(2, dtype=">f4"))
    write_bytes("npy_bad_magic.npy", b"\x93NUMPZ\x01\x00" + b"\x00" * 60)
    with open(path("npy_f32.npy"), "rb") as f:
        b = f.read()
    write_bytes("npy_truncated.npy", b[:-3])
    write_bytes("npy_bad_header.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", 54) +
                b"{'descr': '<f4', 'fortran_order': False, 'shape': (2 3), }".ljust(53) + b"\n")
    write_bytes("npy_version9.npy", b"\x93NUMPY\x09\x00" + b"\x00" * 60)

    total = sum(os.path.getsize(path(f)) for f in os.listdir(OUT))
    print("wrote %d files, %d bytes, to %s" % (len(os.listdir(OUT)), total, OUT))


def str_dtype(a):
    return {"float32": "f32", "float64": "f64", "float16": "f16", "int64": "i64", "int32": "i32", "int16": "i16",
            "int8": "i8", "uint8": "u8", "bool": "bool"}[str(a.dtype)]


if __name__ == "__main__":
    main()
