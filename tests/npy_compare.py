#!/usr/bin/python3
"""Compares every outputN.npy of EXPECTED_DIR with the same file in GOT_DIR: same dtype and shape, and values equal
(or, with --tol T, within T absolutely and relatively: numpy.allclose; or, with --qstep S, for a quantized model's
dequantized output whose quantization step is S: equal, or within one step S on at most 0.1% of the elements, issue
17's rule for int8: with fewer than 1,000 elements, no element may differ). Prints each difference; the exit status
is the number of outputs that differ.

    npy_compare.py EXPECTED_DIR GOT_DIR [--tol T | --qstep S]
"""
import os
import sys

import numpy as np


def within_one_step(a, b, step):
    """Equal, or differing by at most one quantization step (1e-6 relative slack for the float32 products
    (q - zero_point) * scale) on at most 0.1% of the elements; NaN anywhere fails."""
    a, b = a.astype(np.float64), b.astype(np.float64)
    if np.isnan(a).any() or np.isnan(b).any():
        return False
    d = np.abs(a - b)
    return bool(np.all(d <= step * (1 + 1e-6)) and np.count_nonzero(d) <= int(a.size * 0.001))


def main():
    args = sys.argv[1:]
    tol = qstep = None
    if "--tol" in args:
        i = args.index("--tol")
        tol = float(args[i + 1])
        del args[i:i + 2]
    if "--qstep" in args:
        i = args.index("--qstep")
        qstep = float(args[i + 1])
        del args[i:i + 2]
        if tol is not None or not qstep > 0:
            sys.exit("npy_compare.py: --qstep takes a positive step, and not with --tol")
    expected, got = args
    bad = 0
    for f in sorted(f for f in os.listdir(expected) if f.startswith("output")):
        a = np.load(os.path.join(expected, f))
        p = os.path.join(got, f)
        b = np.load(p) if os.path.exists(p) else None
        same = b is not None and a.dtype == b.dtype and a.shape == b.shape and \
            (np.allclose(a, b, rtol=tol, atol=tol) if tol is not None else
             within_one_step(a, b, qstep) if qstep is not None else np.array_equal(a, b))
        if not same:
            detail = "nothing" if b is None else f"{b.dtype}{list(b.shape)}"
            if b is not None and a.shape == b.shape and a.size:
                d = np.abs(a.astype(np.float64) - b.astype(np.float64))
                detail += f", largest difference {d.max()}"
                if qstep is not None:
                    detail += (f" ({d.max() / qstep:.3g} steps of {qstep}), {np.count_nonzero(d)} of {a.size} "
                               f"elements differ (at most {int(a.size * 0.001)} may, by one step)")
            print(f"{f}: expected {a.dtype}{list(a.shape)}, got {detail}")
            bad += 1
    sys.exit(bad)


if __name__ == "__main__":
    main()
