#!/usr/bin/python3
"""Generate the pass goldens' model files that need PyTorch (tests/passes/NAME.*), with tools/fx2c-export:
  bnfold       tests/e2e/models.py:BatchNormFolds (torch level, random BatchNorm statistics)
  bnfold_aten  the same model at aten level (make_fx: aten.convolution, aten.native_batch_norm, get_attr weights)
  bnfold_tied  tests/e2e/models.py:TiedBiasFold, whose conv.bias and parameter 'shift' are one storage: its weights
               as torch.save wrote them (bnfold_tied.pt), so that fx2c reads that storage once and shares it
  epilogue     tests/e2e/models.py:EpilogueFusions
  winograd     tests/e2e/models.py:WinogradConvs
  ewfuse       tests/e2e/models.py:ElementwiseChains
  ewfuse_aten  the same model at aten level (make_fx: aten.add.Tensor, aten.mul.Tensor, ...)
  constfold    tests/e2e/models.py:ConstantFolds
  padfold      tests/e2e/models.py:PaddingFolds (torch level), padfold_aten (aten.constant_pad_nd, ...)
  constfold_aten  the same at aten level (aten.t, aten.mm, aten.arange, ...)
  prepack      tests/e2e/models.py:PrepackedLinears; prepack_aten: PrepackedAttention at aten level
  constfold_inplace  tests/e2e/models.py:WeightWrittenInPlace: its weights only (the graph, which writes into a
               buffer in place, is written by hand: symbolic_trace records the buffer's arithmetic as a constant)

    /usr/bin/python3 tests/gen/gen_passes.py [NAME...]
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = {
    "bnfold": ["--module", "tests/e2e/models.py:BatchNormFolds", "--input", "x:f32[2,3,8,8]"],
    "bnfold_aten": ["--module", "tests/e2e/models.py:BatchNormFolds", "--input", "x:f32[2,3,8,8]", "--aten"],
    "bnfold_tied": ["--module", "tests/e2e/models.py:TiedBiasFold", "--input", "x:f32[2,3,8,8]"],
    "epilogue": ["--module", "tests/e2e/models.py:EpilogueFusions", "--input", "x:f32[2,3,8,8]"],
    "winograd": ["--module", "tests/e2e/models.py:WinogradConvs", "--input", "x:f32[2,3,10,9]"],
    "ewfuse": ["--module", "tests/e2e/models.py:ElementwiseChains", "--input", "x:f32[2,3,8,8]"],
    "padfold": ["--module", "tests/e2e/models.py:PaddingFolds", "--input", "x:f32[2,3,17,19]"],
    "padfold_aten": ["--module", "tests/e2e/models.py:PaddingFolds", "--input", "x:f32[2,3,17,19]", "--aten"],
    "constfold": ["--module", "tests/e2e/models.py:ConstantFolds", "--input", "x:f32[2,16]"],
    "constfold_aten": ["--module", "tests/e2e/models.py:ConstantFolds", "--input", "x:f32[2,16]", "--aten"],
    "constfold_inplace": ["--module", "tests/e2e/models.py:WeightWrittenInPlace", "--input", "x:f32[2,4]"],
    "ewfuse_aten": ["--module", "tests/e2e/models.py:ElementwiseChains", "--input", "x:f32[2,3,8,8]", "--aten"],
    "prepack": ["--module", "tests/e2e/models.py:PrepackedLinears", "--input", "x:f32[2,16,32]"],
    "prepack_aten": ["--module", "tests/e2e/models.py:PrepackedAttention", "--input", "x:f32[2,16,32]", "--aten"],
}
for name, args in CASES.items():
    if sys.argv[1:] and name not in sys.argv[1:]:
        continue
    tmp = os.path.join(ROOT, "tests", "passes", name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export")] + args +
                   ["--out", tmp, "--seed", "0", "--randomize-zeros", "--randomize-bn", "calibrated", "--quiet"],
                   check=True, cwd=ROOT)
    files = (("graph.fx", name + ".fx"), ("modules.txt", name + ".modules.txt"), ("weights.safetensors", name + ".safetensors"))
    if name == "constfold_inplace":
        files = files[2:]
    if name == "bnfold_tied":
        files = files[:2] + (("weights.pt", name + ".pt"),)
    for src, dst in files:
        if os.path.exists(os.path.join(tmp, src)):
            shutil.copyfile(os.path.join(tmp, src), os.path.join(ROOT, "tests", "passes", dst))
    shutil.rmtree(tmp)
    print(name, "written")
