#!/usr/bin/python3
"""Whether an executable's outputs match PyTorch's, with the zoo's tolerance.

    /usr/bin/python3 tests/e2e/match_outputs.py REF_DIR OUT_DIR

REF_DIR holds PyTorch's output*.npy (as tools/fx2c-export writes them), OUT_DIR the executable's. Every output must
have the reference's dtype and shape; floats within 1e-4 x max(1, max|ref|), integers and bools exactly. Prints each
mismatch; exits 1 if there is one.
"""
import os
import sys

import numpy as np

ref_dir, out_dir = sys.argv[1], sys.argv[2]
bad = 0
for f in sorted(x for x in os.listdir(ref_dir) if x.startswith("output")):
    r, o = np.load(os.path.join(ref_dir, f)), np.load(os.path.join(out_dir, f))
    if r.dtype != o.dtype or r.shape != o.shape:
        print(f"{f}: {o.dtype}{list(o.shape)} != {r.dtype}{list(r.shape)}")
        bad += 1
        continue
    if r.dtype.kind == "f":
        tol = 1e-4 * max(1.0, float(np.abs(r).max()) if r.size else 0.0)
        err = float(np.abs(o.astype(np.float64) - r).max()) if r.size else 0.0
        if not err <= tol:
            print(f"{f}: max error {err:.3g} > {tol:.3g}")
            bad += 1
    elif not np.array_equal(r, o):
        print(f"{f}: integers differ")
        bad += 1
sys.exit(1 if bad else 0)
