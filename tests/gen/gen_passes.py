#!/usr/bin/python3
"""Generate the pass goldens' model files that need PyTorch (tests/passes/bnfold.*): tools/fx2c-export of
tests/e2e/models.py:BatchNormFolds with random BatchNorm statistics.

    /usr/bin/python3 tests/gen/gen_passes.py
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
tmp = os.path.join(ROOT, "tests", "passes", "bnfold.tmp")
subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export"), "--module",
                "tests/e2e/models.py:BatchNormFolds", "--input", "x:f32[2,3,8,8]", "--out", tmp, "--seed", "0",
                "--randomize-zeros", "--randomize-bn", "calibrated", "--quiet"], check=True, cwd=ROOT)
for src, dst in (("graph.fx", "bnfold.fx"), ("modules.txt", "bnfold.modules.txt"),
                 ("weights.safetensors", "bnfold.safetensors")):
    shutil.copyfile(os.path.join(tmp, src), os.path.join(ROOT, "tests", "passes", dst))
shutil.rmtree(tmp)
