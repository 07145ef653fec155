#!/usr/bin/python3
"""Generate the fixtures of the C backend's tests (tests/codegen/CASE/): a graph, its module tree, weights, example
inputs and PyTorch's outputs, exported by tools/fx2c-export (so the expected outputs come from PyTorch).

    /usr/bin/python3 tests/gen/gen_codegen.py [CASE...]

Then `bash tests/codegen/codegen.sh build/fx2c tests --update` rewrites the golden emitted files
(tests/codegen/CASE/expected/), which a reviewer reads; the test checks them byte for byte and checks the code they
compute against these PyTorch outputs.
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CASES = {
    # the seed's MyModule: get_attr, add, linear, relu, sum, topk (values and indices)
    "mymodule": ["--module", "tests/e2e/models.py:MyModule", "--input", "x:f32[5,4]"],
    # every image layer as a module: convolutions, norms, pools, activations, padding, upsampling, pixel shuffle
    "layers_image": ["--module", "tests/e2e/layers.py:ImageLayers", "--input", "x:f32[2,3,16,16]"],
    # sequences: embedding (i64 input), layer norm, GELU, softmax, conv1d, pools 1d
    "layers_sequence": ["--module", "tests/e2e/layers.py:SequenceLayers", "--input", "x:f32[2,4,32]",
                        "--input", "idx:i64[2,7]", "--input-range", "idx=0,10"],
    # storage corner cases: an in-place op on an input, an output returned twice, an input, a weight and a Python
    # int returned
    "edge_outputs": ["--module", "tests/e2e/models.py:EdgeOutputs", "--input", "x:f32[3,4]"],
    # ConvNeXt-like residual blocks: the memory plan's greedy placements leave the arena 1.17 x its lower bound,
    # the local search reaches the bound
    "residual_mlp": ["--module", "tests/e2e/models.py:ResidualMLP", "--input", "x:f32[1,16,8]"],
}
KEEP = ("graph.fx", "modules.txt", "weights.safetensors")


def main():
    only = sys.argv[1:]
    for name, args in CASES.items():
        if only and name not in only:
            continue
        out = os.path.join(ROOT, "tests", "codegen", name)
        tmp = out + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fx2c-export")] + args
                       + ["--out", tmp, "--seed", "0", "--randomize-zeros", "--randomize-bn", "calibrated", "--quiet"],
                       check=True, cwd=ROOT)
        os.makedirs(out, exist_ok=True)
        for f in sorted(os.listdir(tmp)):
            if f in KEEP or (f.endswith(".npy") and (f.startswith("input") or f.startswith("output"))):
                shutil.copyfile(os.path.join(tmp, f), os.path.join(out, f))
        shutil.rmtree(tmp)
        print(f"{name}: {sorted(os.listdir(out))}")


if __name__ == "__main__":
    main()
