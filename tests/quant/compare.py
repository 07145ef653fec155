#!/usr/bin/python3
"""Compares fx2c's output of a quantized model with PyTorch's (tests/quant/gen.py): uint8 outputs equal; float
outputs (a dequantized result) equal bit for bit, or within one quantization step of the output on at most 0.1% of
the elements (the step: the smallest nonzero difference of PyTorch's values).

    python3 tests/quant/compare.py EXPECTED.npy ACTUAL.npy     (exit 0: equal, 1: not)
"""
import sys

import numpy as np


def main():
    e, a = np.load(sys.argv[1]), np.load(sys.argv[2])
    if e.shape != a.shape or e.dtype != a.dtype:
        print('shape/dtype %s %s != %s %s' % (a.shape, a.dtype, e.shape, e.dtype))
        return 1
    if np.array_equal(e, a):
        print('equal (%d elements)' % e.size)
        return 0
    if e.dtype == np.uint8:
        print('%d of %d uint8 elements differ' % (np.count_nonzero(e != a), e.size))
        return 1
    u = np.unique(e.astype(np.float64))
    step = np.min(np.diff(u)) if u.size > 1 else 0.0
    d = np.abs(e.astype(np.float64) - a.astype(np.float64))
    bad = np.count_nonzero(d != 0)
    ok = bad <= 0.001 * e.size and np.all(d <= step * 1.0001)
    print('%d of %d elements differ (max %g, step %g): %s' % (bad, e.size, d.max(), step, 'ok' if ok else 'FAIL'))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
