#!/usr/bin/python3
"""Compares every outputN.npy of EXPECTED_DIR with the same file in GOT_DIR: same dtype and shape, and values equal
(or, with --tol T, within T absolutely and relatively: numpy.allclose). Prints each difference; the exit status is
the number of outputs that differ.

    npy_compare.py EXPECTED_DIR GOT_DIR [--tol T]
"""
import os
import sys

import numpy as np


def main():
    args = sys.argv[1:]
    tol = None
    if "--tol" in args:
        i = args.index("--tol")
        tol = float(args[i + 1])
        del args[i:i + 2]
    expected, got = args
    bad = 0
    for f in sorted(f for f in os.listdir(expected) if f.startswith("output")):
        a = np.load(os.path.join(expected, f))
        p = os.path.join(got, f)
        b = np.load(p) if os.path.exists(p) else None
        same = b is not None and a.dtype == b.dtype and a.shape == b.shape and \
            (np.array_equal(a, b) if tol is None else np.allclose(a, b, rtol=tol, atol=tol))
        if not same:
            detail = "nothing" if b is None else f"{b.dtype}{list(b.shape)}"
            if b is not None and a.shape == b.shape and a.size:
                detail += f", largest difference {np.abs(a.astype(np.float64) - b.astype(np.float64)).max()}"
            print(f"{f}: expected {a.dtype}{list(a.shape)}, got {detail}")
            bad += 1
    sys.exit(bad)


if __name__ == "__main__":
    main()
