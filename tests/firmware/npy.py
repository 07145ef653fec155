#!/usr/bin/python3
"""Conversions for tests/firmware/run.sh (numpy only).

    npy.py header IN.npy OUT.h         IN as `static const float fw_input[]` (exact hex-float literals, C99)
    npy.py raw RAW REF.npy OUT.npy     RAW's bytes as an array of REF's dtype and shape (fails on a size mismatch)
"""
import sys

import numpy as np


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "header":
        a = np.load(sys.argv[2])
        if a.dtype != np.float32:
            sys.exit(f"npy.py: {sys.argv[2]} is {a.dtype}, the harness takes float32")
        vals = ",\n".join(float(v).hex() + "f" for v in a.ravel())
        with open(sys.argv[3], "w") as f:
            f.write(f"/* {a.size} float32 values, shape {list(a.shape)}, from {sys.argv[2]} (npy.py) */\n"
                    f"static const float fw_input[{a.size}] __attribute__((aligned(64))) = {{\n{vals}}};\n")
    elif len(sys.argv) == 5 and sys.argv[1] == "raw":
        ref = np.load(sys.argv[3])
        data = open(sys.argv[2], "rb").read()
        if len(data) != ref.nbytes:
            sys.exit(f"npy.py: {sys.argv[2]} has {len(data)} bytes, {sys.argv[3]} {ref.nbytes}")
        np.save(sys.argv[4], np.frombuffer(data, dtype=ref.dtype).reshape(ref.shape))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
