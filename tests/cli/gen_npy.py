#!/usr/bin/python3
"""The .npy inputs of tests/cli/cli.sh, as numpy writes them and as numpy reads them.

    /usr/bin/python3 tests/cli/gen_npy.py     # writes tests/cli/npy/*.npy

c.npy             np.save of a float32 (2, 3) array (C order)
c_spelled.npy     the same array, its header spelled another way that numpy reads the same: no spaces, double quotes,
                  keys in another order ({"shape":(2,3),"fortran_order":False,"descr":"<f4"})
f.npy             np.save of the same values in Fortran order: numpy writes 'fortran_order': True
f_nospace.npy     f.npy with its header written without spaces ('fortran_order':True): a valid file that a reader
                  finding "'fortran_order': True" by substring reads as C order, that is transposed
three.npy         a float32 (3,) array, for the second input of optional.fx
"""
import os
import struct

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy")


def with_header(path, header, data):
    """A format 1.0 file: header (a dict's text) padded with spaces and a newline to a multiple of 64, then data."""
    h = header.encode("latin1")
    h += b" " * (63 - (10 + len(h)) % 64) + b"\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h + data)


def main():
    os.makedirs(OUT, exist_ok=True)
    a = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) * np.float32(1.5)
    p = lambda name: os.path.join(OUT, name)
    np.save(p("c.npy"), a)
    with_header(p("c_spelled.npy"), '{"shape":(2,3),"fortran_order":False,"descr":"<f4"}', a.tobytes(order="C"))
    np.save(p("f.npy"), np.asfortranarray(a))
    with open(p("f.npy"), "rb") as f:
        assert b"'fortran_order': True" in f.read()
    with_header(p("f_nospace.npy"), "{'descr':'<f4','fortran_order':True,'shape':(2,3),}", a.tobytes(order="F"))
    np.save(p("three.npy"), np.array([1.0, -2.0, 3.0], dtype=np.float32))
    # numpy reads every file as the same array, in the order its header says
    for name in ("c.npy", "c_spelled.npy", "f.npy", "f_nospace.npy"):
        b = np.load(p(name))
        assert b.dtype == a.dtype and b.shape == a.shape and (b == a).all(), name
    assert np.load(p("f_nospace.npy")).flags["F_CONTIGUOUS"] and not np.load(p("c_spelled.npy")).flags["F_CONTIGUOUS"]
    print("wrote", sorted(os.listdir(OUT)))


if __name__ == "__main__":
    main()
