#!/usr/bin/python3
"""The fx2c conformance zoo: export models with tools/fx2c-export, run them with `fx2c run`, compare with PyTorch.

    /usr/bin/python3 tests/e2e/zoo.py --light                 # the CI subset (a few minutes on 2 cores)
    /usr/bin/python3 tests/e2e/zoo.py --all --report bench/zoo.md
    /usr/bin/python3 tests/e2e/zoo.py --only 'resnet*' mymodule
    /usr/bin/python3 tests/e2e/zoo.py --list [--all]          # the cases and exclusions, nothing run

For each case: export into CACHE/<case>/ (reused when its meta.json matches this torch, seed, model, inputs and
exporter), run `FX2C run graph.fx [--modules modules.txt] --weights weights.{safetensors,pt} input*.npy -o
CACHE/<case>/run` with a timeout, measuring its wall time and peak RSS, and compare every output with the
exporter's: same count, dtypes and shapes; integers and bools exactly; floats with
max|out - ref| <= 1e-4 * max(1, max|ref|) (NaN where and only where the reference has NaN, infinities equal).
Prints a table and, last, `zoo: N passed, M failed`; exit status 1 if any case that is not excluded failed.
See tests/e2e/README.md.
"""

import argparse
import concurrent.futures
import datetime
import fnmatch
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import List, Optional

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
EXPORTER = os.path.join(ROOT, "tools", "fx2c-export")
PYTHON = "/usr/bin/python3"

RTOL = 1e-4
SEED = 0
DEFAULT_MAX_PARAMS = 300e6
ARENA_TARGET = 1.05  # --backend exe: the memory plan's arena may be at most this times its lower bound
NO_BATCHNORM_LEFT = ("resnet18", "resnet18@aten")  # --backend exe: -O2 must fold every BatchNorm of these

# The CI subset: small, quick models covering torch-level and aten-level graphs and both weight formats.
LIGHT = ("mymodule", "clamp", "layers_image", "layers_sequence", "layers_volume", "layers_scan", "elementwise",
         "elementwise_functions", "composites", "special_functions", "special_functions@aten", "constants",
         "padding", "nchwc", "square", "unbatched", "unbatched@aten", "hidden", "attention@aten",
         "attention_weights@aten", "layers_recurrent", "layers_recurrent@aten", "layers_recurrent2",
         "resnet18", "resnet18@aten", "mobilenet_v3_small", "mobilenet_v3_small@aten", "shufflenet_v2_x0_5@aten",
         "squeezenet1_0", "efficientnet_b0", "regnet_x_400mf", "special_binary", "special_binary@aten",
         "audio_layers", "audio_frontend", "mfcc@aten", "attention_modules", "transformer_layers@aten", "sdpa",
         "layers_video", "layers_video@aten", "transformer_fastpath@aten", "index_put_inplace@aten",
         "transformer_stacks")
RESIDUAL_ZERO_INIT = ("resnet", "resnext", "wide_resnet")
VIDEO_MODELS = ("r3d_18", "mc3_18", "r2plus1d_18", "s3d")  # heavy: not LIGHT
ATEN_MODELS = ("resnet18", "mobilenet_v3_small", "shufflenet_v2_x0_5", "vit_b_16")

# torchvision 0.14 models that torch.fx.symbolic_trace cannot trace (tests/graphs/torchvision/UNTRACEABLE.txt).
# Checked again with --verify-exclusions.
_ITER = "symbolic_trace fails: TraceError: Proxy object cannot be iterated"
UNTRACEABLE = {
    "maxvit_t": f"{_ITER} (maxvit.py:241 `B, C, H, W = x.shape`)",
    "shufflenet_v2_": f"{_ITER} (shufflenetv2.py:29 `batchsize, num_channels, height, width = x.size()`)",
    "vit_": f"{_ITER} (vision_transformer.py:269 `n, c, h, w = x.shape`)",
}
# Models whose graph calls functions that are not torch targets (torch.fx wraps them as leaf functions).
NON_TORCH = {
    "swin_": "graph calls torchvision.models.swin_transformer.{shifted_window_attention, "
             "_get_relative_position_bias, _patch_merging_pad}, which are not torch targets",
}


@dataclass
class Case:
    name: str
    kind: str                      # "torchvision", "aten" or "module"
    args: List[str]                # exporter arguments: --model/--module and --input...
    light: bool = False
    num_params: Optional[int] = None
    excluded: Optional[str] = None  # static exclusion reason


@dataclass
class Result:
    case: Case
    status: str = "FAIL"           # "pass", "FAIL" or "excluded"; "pass" only once the outputs compared equal
    reason: str = "harness: case not finished"
    nodes: Optional[int] = None
    weights: str = ""
    err: Optional[float] = None    # worst float error (the output with the largest err/tol)
    tol: Optional[float] = None
    int_mismatch: int = 0
    compared: bool = False
    export_s: Optional[float] = None   # None: reused from the cache
    build_s: Optional[float] = None    # --backend exe|llvm: fx2c compile --emit exe [--backend llvm]
    build_c_s: Optional[float] = None  # --backend llvm: the C executable's build, to compare with
    same_as_c: Optional[str] = None    # --backend llvm: "identical", or how the outputs differ from the C executable's
    arena: Optional[int] = None        # --backend exe: the memory plan's arena and lower bound (bytes)
    bound: Optional[int] = None
    run_s: Optional[float] = None
    rss: Optional[int] = None          # bytes
    passes: str = ""                   # --backend exe: what -O2's passes did (fx2c compile --stats)
    bn_left: Optional[int] = None      # --backend exe: BatchNorm nodes the passes left
    notes: List[str] = field(default_factory=list)


# ---------------------------------------------------------------------------
# the case list
# ---------------------------------------------------------------------------

def torchvision_params(name):
    import torchvision
    try:
        weights = list(torchvision.models.get_model_weights(name))
        return int(weights[0].meta["num_params"])
    except Exception:  # noqa: BLE001 - unknown: decided by the exporter's --max-params
        return None


def all_cases():
    import torchvision
    cases = [
        Case("mymodule", "module", ["--module", "tests/e2e/models.py:MyModule", "--input", "x:f32[5,4]"], num_params=37),
        Case("clamp", "module", ["--module", "tests/e2e/models.py:ClampModule", "--input", "x:f32[3,4]"], num_params=37),
        # every standard layer called as a module (tests/e2e/layers.py)
        Case("layers_image", "module", ["--module", "tests/e2e/layers.py:ImageLayers", "--input", "x:f32[2,3,16,16]"],
             num_params=None),
        Case("elementwise", "module", ["--module", "tests/e2e/models.py:ElementwiseChains", "--input", "x:f32[2,3,16,16]"],
             num_params=None),
        Case("elementwise_functions", "module", ["--module", "tests/e2e/models.py:ElementwiseFunctions", "--input",
                                                 "x:f32[2,3,17,19]"], num_params=None),
        Case("special_functions", "module", ["--module", "tests/e2e/models.py:SpecialFunctions", "--input",
                                             "x:f32[2,3,17,19]"], num_params=None),
        Case("special_functions@aten", "aten", ["--module", "tests/e2e/models.py:SpecialFunctions", "--input",
                                                "x:f32[2,3,17,19]", "--aten"], num_params=None),
        Case("composites", "module", ["--module", "tests/e2e/models.py:CompositeFunctions", "--input", "x:f32[4,6]"],
             num_params=None),
        Case("constants", "module", ["--module", "tests/e2e/models.py:ConstantFolds", "--input", "x:f32[2,16]"],
             num_params=None),
        Case("padding", "module", ["--module", "tests/e2e/models.py:PaddingFolds", "--input", "x:f32[2,3,17,19]"],
             num_params=None),
        Case("nchwc", "module", ["--module", "tests/e2e/models.py:NchwcChains", "--input", "x:f32[2,3,21,19]"],
             num_params=None),
        Case("layers_sequence", "module", ["--module", "tests/e2e/layers.py:SequenceLayers", "--input", "x:f32[2,4,32]",
                                           "--input", "idx:i64[2,7]", "--input-range", "idx=0,10"], num_params=None),
        Case("layers_embedding_bag", "module", ["--module", "tests/e2e/layers.py:EmbeddingBags", "--input",
                                                "idx:i64[2,7]", "--input-range", "idx=0,10"], num_params=None),
        Case("layers_volume", "module", ["--module", "tests/e2e/layers.py:VolumeLayers", "--input", "x:f32[2,3,4,6,5]"],
             num_params=None),
        # 3-d convolutions, BatchNorm and pools (issue 16), as traced and as make_fx prints them
        Case("layers_video", "module", ["--module", "tests/e2e/layers.py:VideoLayers", "--input", "x:f32[2,3,6,8,7]"],
             num_params=None),
        Case("layers_video@aten", "aten", ["--module", "tests/e2e/layers.py:VideoLayers", "--input",
                                           "x:f32[2,3,6,8,7]", "--aten"], num_params=None),
        Case("layers_video_circular", "module", ["--module", "tests/e2e/layers.py:VideoCircular", "--input",
                                                 "x:f32[2,3,6,8,7]"], num_params=None),
        Case("layers_scan", "module", ["--module", "tests/e2e/layers.py:ScanLayers", "--input", "x:f32[3,5,7]"],
             num_params=None),
        # nn.LSTM, nn.GRU, nn.RNN as modules, and as make_fx prints them (issue 16: the cells' aten ops)
        Case("layers_recurrent", "module", ["--module", "tests/e2e/layers.py:RecurrentLayers", "--input",
                                            "x:f32[3,5,6]", "--input", "h:f32[2,5,4]"], num_params=None),
        Case("layers_recurrent@aten", "aten", ["--module", "tests/e2e/layers.py:RecurrentLayers", "--input",
                                               "x:f32[3,5,6]", "--input", "h:f32[2,5,4]", "--aten"], num_params=None),
        Case("layers_recurrent2", "module", ["--module", "tests/e2e/layers.py:RecurrentVariants", "--input",
                                             "x:f32[2,6,4]", "--input", "h:f32[4,2,3]"], num_params=None),
        Case("square", "module", ["--module", "tests/e2e/models.py:SquareOps", "--input", "x:f32[3,4]",
                                  "--input", "idx:i64[3,4]", "--input-range", "idx=-5,5"], num_params=None),
        # hyperparameters that print(model) hides, written into modules.txt by the exporter (issue 15)
        Case("hidden", "module", ["--module", "tests/e2e/models.py:HiddenHyperparameters", "--input",
                                  "x:f32[2,3,10,13]"], num_params=None),
        # convolutions and pools on unbatched inputs (issue 15), as traced and as make_fx prints them
        Case("unbatched", "module", ["--module", "tests/e2e/models.py:UnbatchedLayers", "--input", "x:f32[3,11,13]",
                                     "--input", "s:f32[4,17]"], num_params=None),
        Case("unbatched@aten", "aten", ["--module", "tests/e2e/models.py:UnbatchedLayers", "--input", "x:f32[3,11,13]",
                                        "--input", "s:f32[4,17]", "--aten"], num_params=None),
        # self-attention as make_fx prints it (aten._native_multi_head_attention): fused (60 rows: two blocks of
        # query rows), and unfused when its weights are an output too
        Case("attention@aten", "aten", ["--module", "tests/e2e/models.py:PrepackedAttention", "--input",
                                        "x:f32[2,60,32]", "--aten"], num_params=None),
        Case("attention_weights@aten", "aten", ["--module", "tests/e2e/models.py:AttentionWeights", "--input",
                                                "x:f32[2,60,32]", "--aten"], num_params=None),
        # nn.MultiheadAttention as a module (issue 16): masks, cross-attention, kdim/vdim, bias_kv, zero attention,
        # per-head weights, unbatched; traced (call_module) and as make_fx prints it
        Case("attention_modules", "module", ["--module", "tests/e2e/models.py:AttentionModules", "--input",
                                             "q:f32[5,2,16]", "--input", "m:f32[7,2,16]"], num_params=None),
        Case("attention_modules@aten", "aten", ["--module", "tests/e2e/models.py:AttentionModules", "--input",
                                                "q:f32[5,2,16]", "--input", "m:f32[7,2,16]", "--aten"],
             num_params=None),
        Case("transformer_layers", "module", ["--module", "tests/e2e/models.py:TransformerLayers", "--input",
                                              "x:f32[2,6,16]", "--input", "mem:f32[2,5,16]"], num_params=None),
        Case("transformer_layers@aten", "aten", ["--module", "tests/e2e/models.py:TransformerLayers", "--input",
                                                 "x:f32[2,6,16]", "--input", "mem:f32[2,5,16]", "--aten"],
             num_params=None),
        # the eval encoder layer's fast path, as make_fx prints it: aten._transformer_encoder_layer_fwd
        Case("transformer_fastpath@aten", "aten", ["--module", "tests/e2e/models.py:TransformerFastPath", "--input",
                                                   "x:f32[2,6,16]", "--aten"], num_params=None),
        # stacks of Transformer layers as modules (issue 16): TransformerEncoder, nn.Transformer; traced (call_module)
        # and as make_fx prints them
        Case("transformer_stacks", "module", ["--module", "tests/e2e/models.py:TransformerStacks", "--input",
                                              "x:f32[2,6,16]", "--input", "t:f32[2,5,16]"], num_params=None),
        Case("transformer_stacks@aten", "aten", ["--module", "tests/e2e/models.py:TransformerStacks", "--input",
                                                 "x:f32[2,6,16]", "--input", "t:f32[2,5,16]", "--aten"],
             num_params=None),
        # torchtext 0.14's RoBERTa encoder and classification head (small, random weights)
        Case("roberta", "module", ["--module", "tests/e2e/models.py:Roberta", "--input", "tokens:i64[2,10]",
                                   "--input-range", "tokens=2,1000"], num_params=None),
        Case("roberta@aten", "aten", ["--module", "tests/e2e/models.py:Roberta", "--input", "tokens:i64[2,10]",
                                      "--input-range", "tokens=2,1000", "--aten"], num_params=None),
        Case("sdpa", "module", ["--module", "tests/e2e/models.py:ScaledDotProductAttention", "--input",
                                "q:f32[2,3,6,8]", "--input", "k:f32[2,3,5,8]", "--input", "v:f32[2,3,5,4]"],
             num_params=None),
        # torch.special's functions of two arguments, on the input and on edge values
        Case("special_binary", "module", ["--module", "tests/e2e/models.py:SpecialBinaryFunctions", "--input",
                                          "x:f32[4,6]"], num_params=None),
        Case("special_binary@aten", "aten", ["--module", "tests/e2e/models.py:SpecialBinaryFunctions", "--input",
                                             "x:f32[4,6]", "--aten"], num_params=None),
        # audio and speech: padding modes of 1-3 dimensions, weight_norm, GroupNorm, PReLU, GLU, log10 ...
        # (symbolic_trace and make_fx forms), stft and torchaudio's front ends (tests/e2e/models.py)
        Case("audio_layers", "module", ["--module", "tests/e2e/models.py:AudioLayers", "--input", "x:f32[2,4,5,6,7]"],
             num_params=None),
        Case("audio_layers@aten", "aten", ["--module", "tests/e2e/models.py:AudioLayers(circular=False)", "--input",
                                           "x:f32[2,4,5,6,7]", "--aten"], num_params=None),
        Case("audio_frontend", "module", ["--module", "tests/e2e/models.py:SpectralFrontEnd", "--input",
                                          "x:f32[2,1000]"], num_params=None),
        Case("mfcc@aten", "aten", ["--module", "tests/e2e/models.py:MfccFrontEnd", "--input", "x:f32[2,1000]",
                                   "--aten"], num_params=None),
        Case("wav2vec2@aten", "aten", ["--module", "tests/e2e/models.py:Wav2Vec2Small", "--input", "x:f32[1,800]",
                                       "--aten"], num_params=None),
        Case("deepspeech@aten", "aten", ["--module", "tests/e2e/models.py:DeepSpeechSmall", "--input",
                                         "x:f32[2,1,12,32]", "--aten"], num_params=None),
        Case("hubert@aten", "aten", ["--module", "tests/e2e/models.py:HubertSmall", "--input", "x:f32[2,800]",
                                     "--aten"], num_params=None),
        Case("hubert_lengths@aten", "aten", ["--module", "tests/e2e/models.py:HubertSmall(with_lengths=True)",
                                             "--input", "x:f32[2,800]", "--input", "lengths:i64[2]", "--input-range",
                                             "lengths=400,801", "--aten"], num_params=None),
        Case("conformer@aten", "aten", ["--module", "tests/e2e/models.py:ConformerSmall", "--input", "x:f32[3,20,32]",
                                        "--input", "lengths:i64[3]", "--input-range", "lengths=1,16", "--aten"],
             num_params=None),
        Case("conformer_gn@aten", "aten", ["--module", "tests/e2e/models.py:ConformerSmall(use_group_norm=True, "
                                           "convolution_first=True)", "--input", "x:f32[3,20,32]", "--input",
                                           "lengths:i64[3]", "--input-range", "lengths=1,16", "--aten"],
             num_params=None),
        Case("index_put_inplace@aten", "aten", ["--module", "tests/e2e/models.py:IndexPutInPlace", "--input",
                                                "x:f32[2,5,4]", "--input", "y:f32[2,5]", "--aten"], num_params=None),
        Case("wav2letter", "module", ["--module", "tests/e2e/models.py:Wav2LetterWaveform", "--input",
                                      "x:f32[1,1,8000]"], num_params=None),
        Case("convtasnet@aten", "aten", ["--module", "tests/e2e/models.py:ConvTasNetSmall", "--input", "x:f32[1,1,800]",
                                         "--aten"], num_params=None),
    ]
    for name in sorted(torchvision.models.list_models(module=torchvision.models)):
        size = 299 if name == "inception_v3" else 224
        # ResNets as trained ones behave: small last-BN weights per residual branch (tests/e2e/README.md)
        ctor = "zero_init_residual=True" if name.startswith(RESIDUAL_ZERO_INIT) else ""
        args = ["--model", f"torchvision.models.{name}({ctor})", "--input", f"x:f32[1,3,{size},{size}]"]
        excluded = None
        for prefix, reason in list(UNTRACEABLE.items()) + list(NON_TORCH.items()):
            if name.startswith(prefix):
                excluded = reason
        if excluded and name in ATEN_MODELS:
            excluded += f"; tested at aten level as {name}@aten"
        params = torchvision_params(name)
        cases.append(Case(name, "torchvision", args, num_params=params, excluded=excluded))
        if name in ATEN_MODELS:
            cases.append(Case(f"{name}@aten", "aten", args + ["--aten"], num_params=params))
    # torchvision's video models (torchvision.models.video, which list_models(module=torchvision.models) leaves out):
    # 3-d convolutions, BatchNorm3d and 3-d pools on a 16-frame clip; S3D's last AvgPool3d((2, 7, 7)) needs 224x224
    for name in VIDEO_MODELS:
        size = 224 if name == "s3d" else 112
        args = ["--model", f"torchvision.models.video.{name}()", "--input", f"x:f32[1,3,16,{size},{size}]"]
        cases.append(Case(name, "torchvision", args, num_params=torchvision_params(name)))
    for c in cases:
        c.light = c.name in LIGHT
    return cases


def weights_format(case, mode):
    if mode != "alternate":
        return mode
    # stable per case, independent of the selection: CRC parity
    return "pt" if zlib.crc32(case.name.encode()) & 1 else "safetensors"


# ---------------------------------------------------------------------------
# processes
# ---------------------------------------------------------------------------

GNU_TIME = "/usr/bin/time"
ACTIVE = set()  # process groups of the children running now, killed if the harness is stopped


def run_measured(cmd, timeout, out_path, err_path, cwd=None, env=None):
    """(exit status or None on timeout, wall seconds, peak RSS bytes or None) of cmd.

    The peak RSS comes from GNU time (%M), which forks the command from its own small process: Linux carries a
    process's RSS high-water mark across exec, so a child forked straight from this Python (which holds torch)
    would report this process's RSS, not its own."""
    rusage_path = out_path + ".rusage"
    timed = [GNU_TIME, "-f", "%M", "-o", rusage_path] + cmd if os.access(GNU_TIME, os.X_OK) else cmd
    with open(out_path, "wb") as so, open(err_path, "wb") as se:
        start = time.monotonic()
        p = subprocess.Popen(timed, stdout=so, stderr=se, stdin=subprocess.DEVNULL, cwd=cwd, env=env,
                             start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(p.pid, signal.SIGKILL)  # the process group of the child started just above
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        ACTIVE.add(p.pid)
        try:
            p.wait()
        finally:
            timer.cancel()
            ACTIVE.discard(p.pid)
        wall = time.monotonic() - start
    rss = None
    if timed is not cmd:
        try:
            with open(rusage_path) as f:
                rss = int(f.read().split()[-1]) * 1024
        except (OSError, ValueError, IndexError):
            pass
    return (None if timed_out.is_set() else p.returncode), wall, rss


def tail(path, n=1):
    try:
        with open(path, errors="replace") as f:
            lines = [l.rstrip() for l in f if l.strip()]
    except OSError:
        return ""
    return " | ".join(lines[-n:])


def head(path):
    try:
        with open(path, errors="replace") as f:
            for line in f:
                if line.strip():
                    return line.strip()
    except OSError:
        pass
    return ""


# ---------------------------------------------------------------------------
# export (with cache)
# ---------------------------------------------------------------------------

def exporter_version():
    import re
    with open(EXPORTER) as f:
        return re.search(r'^EXPORTER_VERSION = "([^"]*)"', f.read(), re.M).group(1)


def cache_valid(export_dir, case, torch_version):
    try:
        with open(os.path.join(export_dir, "meta.json")) as f:
            meta = json.load(f)
    except (OSError, ValueError):
        return None
    want_model = case.args[case.args.index("--model") + 1] if "--model" in case.args else None
    want_module = case.args[case.args.index("--module") + 1] if "--module" in case.args else None
    want_inputs = [case.args[i + 1] for i, a in enumerate(case.args) if a == "--input"]
    if (meta.get("exporter_version") != exporter_version() or meta.get("torch") != torch_version
            or meta.get("seed") != SEED or meta.get("model") != want_model or meta.get("module") != want_module
            or meta.get("inputs") != want_inputs or meta.get("aten") != ("--aten" in case.args)
            or meta.get("randomize_bn") != "calibrated" or meta.get("randomize_zeros") is not True):
        return None
    for i, a in enumerate(case.args):  # --input-range [NAME=]LO,HI: the ranges the export drew integers from
        if a == "--input-range":
            name, _, bounds = case.args[i + 1].rpartition("=")
            want = [int(b) for b in bounds.split(",")]
            got = meta.get("input_ranges") or {}
            if (got.get(name) != want) if name else any(r != want for r in got.values()):
                return None
    if want_module:
        import hashlib
        with open(os.path.join(ROOT, want_module.rpartition(":")[0]), "rb") as f:
            if meta.get("module_sha256") != hashlib.sha256(f.read()).hexdigest():
                return None
    files = ["graph.fx", "weights.safetensors", "weights.pt"] + [e["file"] for e in meta["input_files"]] \
        + [e["file"] for e in meta["outputs"]] + ([meta["modules_file"]] if meta.get("modules_file") else [])
    if not all(os.path.isfile(os.path.join(export_dir, f)) for f in files):
        return None
    return meta


def export_case(case, opts, res, torch_version):
    """meta.json of the case's export, exporting if the cache does not hold it; None and res filled on failure."""
    export_dir = os.path.join(opts.cache, case.name, "export")
    meta = None if opts.reexport else cache_valid(export_dir, case, torch_version)
    if meta is not None:
        return meta, export_dir
    os.makedirs(export_dir, exist_ok=True)
    cmd = [PYTHON, EXPORTER] + case.args + ["--out", export_dir, "--seed", str(SEED), "--randomize-zeros", "--randomize-bn", "calibrated"]
    if opts.max_params:
        cmd += ["--max-params", str(int(opts.max_params))]
    log_base = os.path.join(opts.cache, case.name, "export")
    rc, wall, _ = run_measured(cmd, opts.export_timeout, log_base + ".stdout", log_base + ".stderr", cwd=ROOT)
    res.export_s = wall
    if rc == 3:
        res.status, res.reason = "excluded", "huge: " + tail(log_base + ".stderr").split("too big: ")[-1]
        return None, export_dir
    if rc != 0:
        why = "timed out after %ds" % opts.export_timeout if rc is None else tail(log_base + ".stderr")
        res.status, res.reason = "FAIL", f"export: {why}"
        return None, export_dir
    meta = cache_valid(export_dir, case, torch_version)
    if meta is None:
        res.status, res.reason = "FAIL", "export: meta.json or an exported file is missing or does not match the case"
    return meta, export_dir


# ---------------------------------------------------------------------------
# comparison
# ---------------------------------------------------------------------------

def compare(ref, out):
    """(problem or None, err, tol, int_mismatches)."""
    if out.dtype != ref.dtype:
        return f"dtype {out.dtype} != {ref.dtype}", None, None, 0
    if out.shape != ref.shape:
        return f"shape {list(out.shape)} != {list(ref.shape)}", None, None, 0
    if ref.dtype.kind != "f":
        bad = int(np.count_nonzero(out != ref))
        return (f"{bad} of {ref.size} values differ" if bad else None), None, None, bad
    r, o = ref.astype(np.float64), out.astype(np.float64)
    rnan, onan = np.isnan(r), np.isnan(o)
    if not np.array_equal(rnan, onan):
        return f"NaN at {int(np.count_nonzero(rnan != onan))} positions where the reference differs", None, None, 0
    rinf = np.isinf(r)
    if not np.array_equal(r[rinf], o[rinf]):
        return "infinities differ", None, None, 0
    finite = ~rnan & ~rinf
    scale = float(np.max(np.abs(r[finite]))) if finite.any() else 0.0
    tol = RTOL * max(1.0, scale)
    err = float(np.max(np.abs(o[finite] - r[finite]))) if finite.any() else 0.0
    if not np.isfinite(err) or err > tol:
        return f"max error {err:.3g} > {tol:.3g}", err, tol, 0
    return None, err, tol, 0


def compare_outputs(meta, export_dir, out_dir, res):
    want = [e["file"] for e in meta["outputs"]]
    got = sorted(f for f in os.listdir(out_dir) if f.startswith("output") and f.endswith(".npy"))
    if sorted(want) != got:
        return f"{len(got)} output files, expected {len(want)}"
    problems, worst = [], -1.0
    for i, name in enumerate(want):
        ref = np.load(os.path.join(export_dir, name), allow_pickle=False)
        try:
            out = np.load(os.path.join(out_dir, name), allow_pickle=False)
        except Exception as e:  # noqa: BLE001 - a malformed file is a failure
            problems.append(f"{name}: unreadable ({e})")
            continue
        problem, err, tol, bad = compare(ref, out)
        res.int_mismatch += bad
        if err is not None and err / tol > worst:
            worst, res.err, res.tol = err / tol, err, tol
        if problem:
            problems.append(f"output{i}: {problem}")
    return "; ".join(problems) if problems else None


def compare_bits(ref_dir, out_dir):
    """"identical" when every output file of out_dir has the bytes of ref_dir's, else what differs."""
    want = sorted(f for f in os.listdir(ref_dir) if f.startswith("output") and f.endswith(".npy"))
    got = sorted(f for f in os.listdir(out_dir) if f.startswith("output") and f.endswith(".npy"))
    if want != got:
        return f"{len(got)} output files, the C executable wrote {len(want)}"
    diffs = []
    for name in want:
        a, b = np.load(os.path.join(ref_dir, name)), np.load(os.path.join(out_dir, name))
        if a.dtype != b.dtype or a.shape != b.shape:
            diffs.append(f"{name}: {b.dtype}{list(b.shape)} != {a.dtype}{list(a.shape)}")
        elif a.tobytes() != b.tobytes():
            err = float(np.nanmax(np.abs(a.astype(np.float64) - b))) if a.dtype.kind == "f" else None
            diffs.append(f"{name}: {int(np.count_nonzero(a != b))} values differ" + (f" (max {err:.3g})" if err is not None else ""))
    return "; ".join(diffs) if diffs else "identical"


def build_exe(case, opts, build, log_name, res):
    """Runs an `fx2c compile --emit exe` command; (problem or None, wall seconds). res (if given) gets the memory
    plan's arena and lower bound from --report."""
    log_build = os.path.join(opts.cache, case.name, log_name)
    with open(log_build + ".cmd", "w") as f:
        f.write(shlex.join(build) + "\n")
    env = dict(os.environ)
    env.setdefault("FX2C_CACHE_DIR", os.path.join(opts.cache, "fx2c-cache"))  # the LLVM path's cached runtime
    rc, wall, _ = run_measured(build, opts.timeout, log_build + ".stdout", log_build + ".stderr", env=env)
    if res is not None:
        parse_stats(log_build + ".stderr", res)
        try:  # the memory plan's first line: "arena: N bytes; lower bound (...): M bytes; ratio R"
            import re
            with open(log_build + ".stdout") as f:
                m = re.match(r"arena: (\d+) bytes; lower bound[^:]*: (\d+) bytes", f.readline())
            if m:
                res.arena, res.bound = int(m.group(1)), int(m.group(2))
        except OSError:
            pass
    if rc != 0:
        why = f"timed out after {opts.timeout} s" if rc is None else f"exit status {rc}: {head(log_build + '.stderr')}"
        return f"build: {why}"[:300], wall
    return None, wall


# ---------------------------------------------------------------------------
# one case
# ---------------------------------------------------------------------------

def parse_stats(path, res):
    """What `fx2c compile --stats` printed: per pass "pass NAME  a ->  b nodes: r removed, k BatchNorms folded, f fusion
    groups, ..." (and "pass winograd  w convolutions to Winograd's algorithm"), then "passes: a -> b nodes, k BatchNorms
    left"."""
    import re
    folded = fused = wino = 0
    try:
        with open(path) as f:
            for line in f:
                m = re.match(r"pass \S+ .*?(\d+) BatchNorms folded, (\d+) fusion groups", line)
                if m:
                    folded += int(m.group(1))
                    fused += int(m.group(2))
                m = re.match(r"pass winograd +(\d+) convolutions to Winograd", line)
                if m:
                    wino += int(m.group(1))
                m = re.match(r"passes: (\d+) -> (\d+) nodes, (\d+) BatchNorms left", line)
                if m:
                    res.bn_left = int(m.group(3))
                    res.passes = f"{m.group(1)} -> {m.group(2)}, {folded} BN, {fused} fused" + (
                        f", {wino} Winograd" if wino else "")
    except OSError:
        pass


def run_case(case, opts, torch_version):
    res = Result(case)
    if case.excluded and not opts.verify_exclusions:
        res.status, res.reason = "excluded", case.excluded
        return res
    if case.num_params and opts.max_params and case.num_params > opts.max_params:
        res.status = "excluded"
        res.reason = f"huge: {case.num_params / 1e6:.1f}M parameters > {opts.max_params / 1e6:.0f}M (--all-sizes)"
        if case.excluded:
            res.reason = f"{case.excluded} [not verified: {res.reason}]"
        return res
    meta, export_dir = export_case(case, opts, res, torch_version)
    if meta is None:
        if case.excluded:  # --verify-exclusions: the export failed as expected
            res.status, res.reason = "excluded", f"{case.excluded} [verified: {res.reason}]"
        return res
    res.nodes = meta["num_nodes"]
    if meta["unsupported_targets"]:
        res.status = "excluded"
        res.reason = "graph calls non-torch functions: " + ", ".join(meta["unsupported_targets"])
        if case.excluded:
            res.reason = f"{case.excluded} [verified]"
        return res
    if case.excluded:
        res.notes.append(f"listed as excluded ({case.excluded}) but exported fine")

    fmt = weights_format(case, opts.weights_format)
    res.weights = "st" if fmt == "safetensors" else "pt"
    out_dir = os.path.join(opts.cache, case.name, "run")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    model_files = []
    if meta.get("modules_file"):
        model_files += ["--modules", os.path.join(export_dir, meta["modules_file"])]
    model_files += ["--weights", os.path.join(export_dir, f"weights.{fmt}")]
    inputs = [os.path.join(export_dir, e["file"]) for e in meta["input_files"]]
    if opts.backend in ("exe", "llvm"):
        # compile the graph into a static executable first (its inputs' shapes from the example .npy files)
        exe = os.path.join(opts.cache, case.name, "model.exe")
        build = opts.fx2c + ["compile", os.path.join(export_dir, "graph.fx")] + model_files
        build += sum((["--input", f"{name}={path}"] for name, path in zip(meta["placeholders"], inputs)), [])
        build += ["--emit", "exe", "--report", "--stats", "-o", exe] + (["--cflags", opts.cflags] if opts.cflags else [])
        if opts.backend == "llvm":
            build[len(opts.fx2c) + 1:len(opts.fx2c) + 1] = ["--backend", "llvm"]
        problem, res.build_s = build_exe(case, opts, build, "build", res)
        if problem:
            res.status, res.reason = "FAIL", problem
            return res
        if opts.backend == "llvm":
            # the C executable of the same program, whose outputs the LLVM one must give bit for bit
            c_build = [a for a in build if a not in ("--backend", "llvm")]
            c_exe = exe[:-4] + ".c.exe"
            c_build[c_build.index("-o") + 1] = c_exe
            problem, res.build_c_s = build_exe(case, opts, c_build, "build_c", None)
            if problem:
                res.status, res.reason = "FAIL", "C executable: " + problem
                return res
            c_out = os.path.join(opts.cache, case.name, "run_c")
            shutil.rmtree(c_out, ignore_errors=True)
            os.makedirs(c_out)
            log_c = os.path.join(opts.cache, case.name, "run_c")
            rc, _, _ = run_measured([c_exe] + inputs + ["-o", c_out], opts.timeout, log_c + ".stdout", log_c + ".stderr")
            os.remove(c_exe)
            if rc != 0:
                res.status, res.reason = "FAIL", f"C executable: exit status {rc}: {head(log_c + '.stderr')}"[:300]
                return res
        cmd = [exe] + inputs + ["-o", out_dir]
    else:
        cmd = opts.fx2c + ["run", os.path.join(export_dir, "graph.fx")] + model_files + inputs + ["-o", out_dir]
    log_base = os.path.join(opts.cache, case.name, "run")
    with open(log_base + ".cmd", "w") as f:
        f.write(shlex.join(cmd) + "\n")
    rc, wall, rss = run_measured(cmd, opts.timeout, log_base + ".stdout", log_base + ".stderr")
    res.run_s, res.rss = wall, rss
    if rc is None:
        res.status, res.reason = "FAIL", f"timed out after {opts.timeout} s"
        return res
    if rc != 0:
        err = head(log_base + ".stderr")
        if err.startswith("torch_runner.py: TEST DOUBLE"):
            err = tail(log_base + ".stderr")
        res.status, res.reason = "FAIL", f"exit status {rc}: {err}"[:300]
        return res
    if opts.backend in ("exe", "llvm") and os.path.exists(cmd[0]):
        os.remove(cmd[0])  # as big as the weights: the zoo would hold every model twice
    problem = compare_outputs(meta, export_dir, out_dir, res)
    res.compared = True
    if opts.backend == "llvm":
        res.same_as_c = compare_bits(os.path.join(opts.cache, case.name, "run_c"), out_dir)
        if res.same_as_c != "identical" and not problem:
            problem = f"differs from the C executable: {res.same_as_c}"
    if not problem and opts.backend in ("exe", "llvm") and case.name in NO_BATCHNORM_LEFT and res.bn_left != 0:
        problem = f"-O2 left {res.bn_left} BatchNorm nodes (every one should fold into its convolution)"
    if not problem and res.arena is not None and res.arena > ARENA_TARGET * res.bound:
        problem = f"memory plan: arena {res.arena} bytes is {res.arena / res.bound:.3f} x the lower bound (target {ARENA_TARGET})"
    if problem:
        res.status, res.reason = "FAIL", problem
    else:
        res.status, res.reason = "pass", ""
    return res


# ---------------------------------------------------------------------------
# table
# ---------------------------------------------------------------------------

def fmt_err(res):
    if res.err is None:
        return "exact" if res.compared and not res.int_mismatch else ""
    return f"{res.err:.2e}"


def fmt_bytes(n):
    if n is None:
        return ""
    return f"{n / 2**20:.0f} MiB" if n >= 2**20 else f"{n / 1024:.0f} KiB"


def fmt_s(s, cached=False):
    if s is None:
        return "cached" if cached else ""
    return f"{s:.2f} s" if s < 10 else f"{s:.1f} s"


def status_text(res):
    if res.status == "pass":
        return "pass" + (f" ({'; '.join(res.notes)})" if res.notes else "")
    return f"{res.status} ({res.reason})"


def rows(results, llvm=False):
    out = []
    for r in results:
        ran = r.run_s is not None
        row = [
            r.case.name,
            "" if r.nodes is None else str(r.nodes),
            r.weights,
            fmt_err(r),
            "" if r.tol is None else f"{r.tol:.1e}",
            fmt_s(r.export_s, cached=ran),
            fmt_s(r.build_s),
            "" if r.arena is None else f"{fmt_bytes(r.arena)} ({r.arena / r.bound if r.bound else 1:.3f}x)",
            r.passes,
            fmt_s(r.run_s),
            fmt_bytes(r.rss),
            status_text(r),
        ]
        if llvm:  # the C executable's build time, and whether it gave the same bits
            row[7:7] = [fmt_s(r.build_c_s)]
            row[-1:-1] = [r.same_as_c or ""]
        out.append(row)
    return out


HEADERS = ["case", "nodes", "weights", "max error", "tolerance", "export", "build", "arena (x bound)", "-O2 passes",
           "fx2c run", "peak RSS", "status"]


def headers(llvm=False):
    if not llvm:
        return HEADERS
    return HEADERS[:7] + ["build (C)"] + HEADERS[7:-1] + ["vs C exe"] + HEADERS[-1:]


def text_table(results, llvm=False):
    hdr = headers(llvm)
    data = [hdr] + rows(results, llvm)
    widths = [max(len(row[i]) for row in data) for i in range(len(hdr) - 1)]
    lines = []
    for k, row in enumerate(data):
        left = (0, 2, 9) if llvm else (0, 2, 8)  # the names and the -O2 passes' summary
        cells = [row[i].ljust(widths[i]) if i in left or k == 0 else row[i].rjust(widths[i])
                 for i in range(len(hdr) - 1)]
        lines.append("  ".join(cells + [row[-1]]).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths) + "  " + "-" * 6)
    return "\n".join(lines)


def markdown_table(results, llvm=False):
    hdr = headers(llvm)
    align = ["---", "---:", "---", "---:", "---:", "---:", "---:", "---:", "---", "---:", "---:", "---"]
    if llvm:
        align[7:7] = ["---:"]
        align[-1:-1] = ["---"]
    lines = ["| " + " | ".join(hdr) + " |", "|" + "|".join(align) + "|"]
    for row in rows(results, llvm):
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
    return "\n".join(lines)


def fx2c_version(fx2c):
    try:
        p = subprocess.run(fx2c + ["--version"], capture_output=True, text=True, timeout=30)
        return (p.stdout.strip() or p.stderr.strip()).splitlines()[0] if p.returncode == 0 else "unknown"
    except Exception:  # noqa: BLE001
        return "unknown"


def write_report(path, results, opts, torch_version, summary, elapsed):
    import torchvision
    excluded = [r for r in results if r.status == "excluded"]
    text = [
        "# fx2c conformance zoo",
        "",
        f"`{shlex.join(['tests/e2e/zoo.py'] + sys.argv[1:])}` on {datetime.date.today().isoformat()}: "
        f"fx2c `{shlex.join(opts.fx2c)}` ({fx2c_version(opts.fx2c)}), torch {torch_version}, "
        f"torchvision {torchvision.__version__}, {os.cpu_count()} CPUs ({platform.machine()}), "
        f"{elapsed:.0f} s in all.",
        "",
        f"Tolerance: max|out - ref| <= {RTOL:g} * max(1, max|ref|) for floats; integers and bools exactly. "
        "`max error` is that of the output closest to its tolerance; `export` is the exporter's time "
        "(`cached`: reused); `build` is `fx2c compile --emit exe` and `arena` its memory plan's workspace, with its "
        "ratio to the lower bound (the most bytes live at one call), with --backend exe (a case fails above "
        f"{ARENA_TARGET} x); `-O2 passes` is what the optimizer did (nodes before -> after, BatchNorms folded, "
        f"fusion groups formed, convolutions computed by Winograd's algorithm; --backend exe, where {' and '.join(NO_BATCHNORM_LEFT)} fail if a BatchNorm is left); "
        "`fx2c run` and `peak RSS` are "
        "the wall time and maximum resident set of the interpreter (`fx2c run`) or of the executable; "
        "`weights` is the file given to it (st: .safetensors, pt: torch.save)."
        + (" With --backend llvm, `build` is `fx2c compile --backend llvm --emit exe` (the runtime library cached "
           "after the first build), `build (C)` the C executable's build of the same program, and `vs C exe` "
           "whether the two executables wrote the same bytes (a case fails otherwise)." if opts.backend == "llvm" else ""),
        "",
        markdown_table(results, opts.backend == "llvm"),
        "",
        summary,
        "",
    ]
    if excluded:
        text[-1:-1] = [f"{len(excluded)} excluded; the reasons are in the status column.", ""]
    with open(path, "w") as f:
        f.write("\n".join(text))


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------

def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                epilog="Details: tests/e2e/README.md", formatter_class=argparse.RawDescriptionHelpFormatter)
    sel = p.add_mutually_exclusive_group()
    sel.add_argument("--light", action="store_true", help="the CI subset (the default): " + ", ".join(LIGHT))
    sel.add_argument("--all", action="store_true", help="every case")
    sel.add_argument("--only", nargs="+", metavar="NAME", help="these cases (shell patterns: 'resnet*', '*@aten')")
    p.add_argument("--list", action="store_true", help="print the selected cases and exclusions, run nothing")
    p.add_argument("--fx2c", default="build/fx2c",
                   help="the fx2c command (default build/fx2c; split like a shell command, so "
                        "'tests/e2e/torch_runner.py --perturb 1e-2' works)")
    p.add_argument("--cache", default="build/e2e-cache", help="export cache and run outputs (default build/e2e-cache)")
    p.add_argument("--jobs", type=int, default=1, help="cases run at once (default 1: timings and memory are "
                                                        "cleanest, the big models need GBs each)")
    p.add_argument("--timeout", type=int, default=900, help="seconds for one fx2c run (default 900)")
    p.add_argument("--export-timeout", type=int, default=1800, help="seconds for one export (default 1800)")
    p.add_argument("--max-params", type=float, default=DEFAULT_MAX_PARAMS,
                   help="exclude models with more parameters (default 300e6)")
    p.add_argument("--all-sizes", action="store_true", help="no parameter limit")
    p.add_argument("--weights-format", choices=["alternate", "safetensors", "pt"], default="alternate",
                   help="weights file given to fx2c (default: alternate, fixed per case by a hash of its name)")
    p.add_argument("--reexport", action="store_true", help="ignore the cache")
    p.add_argument("--verify-exclusions", action="store_true",
                   help="try the statically excluded cases too and confirm why they fail")
    p.add_argument("--report", metavar="FILE", help="also write the table as Markdown")
    p.add_argument("--backend", choices=["interp", "exe", "llvm"], default="interp",
                   help="interp: `fx2c run` (default); exe: `fx2c compile --emit exe`, then the executable; llvm: "
                        "`fx2c compile --backend llvm --emit exe`, then the executable, whose outputs must also be "
                        "the C executable's bit for bit")
    p.add_argument("--cflags", default="", help="with --backend exe|llvm: fx2c compile --cflags (e.g. '-fsanitize=address,undefined')")
    opts = p.parse_args()
    if opts.all_sizes:
        opts.max_params = 0
    # Relative paths are taken from the current folder when they exist there, else from the repository root
    # (the defaults build/fx2c and build/e2e-cache work from anywhere); then everything runs from the root.
    opts.fx2c = shlex.split(opts.fx2c)
    if opts.fx2c and os.sep in opts.fx2c[0]:
        here_path = os.path.abspath(opts.fx2c[0])
        opts.fx2c[0] = here_path if os.path.exists(here_path) else os.path.join(ROOT, opts.fx2c[0])
    if not os.path.isabs(opts.cache) and not os.path.isdir(os.path.dirname(os.path.abspath(opts.cache))):
        opts.cache = os.path.join(ROOT, opts.cache)
    opts.cache = os.path.abspath(opts.cache)
    if opts.report:
        opts.report = os.path.abspath(opts.report)
    os.chdir(ROOT)

    import torch
    torch_version = torch.__version__
    cases = all_cases()
    if opts.only:
        selected = [c for c in cases if any(fnmatch.fnmatchcase(c.name, pat) for pat in opts.only)]
        unknown = [pat for pat in opts.only if not any(fnmatch.fnmatchcase(c.name, pat) for c in cases)]
        if unknown:
            p.error(f"no case matches {', '.join(unknown)} (see --list --all)")
    elif opts.all:
        selected = cases
    else:
        selected = [c for c in cases if c.light]

    if opts.list:
        for c in selected:
            state = f"excluded: {c.excluded}" if c.excluded else (
                f"excluded: huge ({c.num_params / 1e6:.1f}M parameters)"
                if c.num_params and opts.max_params and c.num_params > opts.max_params else "")
            params = "?" if not c.num_params else (
                f"{c.num_params / 1e6:.1f}M" if c.num_params >= 100000 else str(c.num_params))
            print(f"{c.name:28} {c.kind:11} {params:>8} {'light' if c.light else '':5} {state}")
        n_ex = sum(1 for c in selected if c.excluded or (c.num_params and opts.max_params and c.num_params > opts.max_params))
        print(f"zoo: {len(selected)} cases, {len(selected) - n_ex} to run, {n_ex} excluded")
        return 0

    exe = opts.fx2c[0] if opts.fx2c else ""
    if not (os.path.exists(exe) or shutil.which(exe)):
        print(f"zoo: error: fx2c not found: {exe} (build it, or pass --fx2c PATH)", file=sys.stderr)
        print("zoo: 0 passed, 0 failed")
        return 1
    os.makedirs(opts.cache, exist_ok=True)

    start = time.monotonic()
    lock = threading.Lock()
    done = [0]

    def one(case):
        try:
            res = run_case(case, opts, torch_version)
        except Exception as e:  # noqa: BLE001 - a harness error fails the case, not the run
            res = Result(case, status="FAIL", reason=f"harness: {type(e).__name__}: {e}")
        with lock:
            done[0] += 1
            print(f"[{done[0]}/{len(selected)}] {case.name}: {status_text(res)}"
                  f"{'' if res.run_s is None else f' ({res.run_s:.2f} s)'}", file=sys.stderr, flush=True)
        return res

    if opts.jobs > 1:
        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(one, selected))
    else:
        results = [one(c) for c in selected]
    elapsed = time.monotonic() - start

    passed = sum(r.status == "pass" for r in results)
    failed = sum(r.status == "FAIL" for r in results)
    excluded = sum(r.status == "excluded" for r in results)
    summary = f"zoo: {passed} passed, {failed} failed"
    print(text_table(results, opts.backend == "llvm"))
    print()
    exported = [r.export_s for r in results if r.export_s is not None]
    print(f"zoo: {len(results)} cases, {excluded} excluded; {len(exported)} exported in {sum(exported):.1f} s; "
          f"{elapsed:.1f} s in all; fx2c: {shlex.join(opts.fx2c)}")
    if opts.report:
        write_report(opts.report, results, opts, torch_version, summary, elapsed)
        print(f"zoo: report written to {opts.report}")
    print(summary)
    return 1 if failed else 0


def stop_children(signum=None, frame=None):
    for pgid in list(ACTIVE):
        try:
            os.killpg(pgid, signal.SIGKILL)  # only the process groups this harness started
        except ProcessLookupError:
            pass
    if signum is not None:
        sys.exit(128 + signum)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, stop_children)
    try:
        sys.exit(main())
    finally:
        stop_children()
