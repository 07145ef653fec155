#!/usr/bin/env python3
"""Accuracy check of runtime/fxrt_special.h against PyTorch (a tool, not a ctest).

    /usr/bin/python3 tests/runtime/special_check.py [--points N] [--only NAME,NAME] [--show K]

Compiles a tiny C driver around the header's fxrt_s_NAME functions, runs it on a dense grid of float32 values
(magnitudes logarithmically spaced from 1e-30 to 3e38 of both signs, subnormals, |x| < 30 densely, 0, -0, +-inf,
NaN, and for ndtri [0, 1] densely near both ends) and compares each result with torch's float64 result (the truth)
and torch's own float32 result. Per function it reports the largest error in float32 ulps of the truth, and the
largest error beyond max(4 ulp, rtol 1e-5 / atol 1e-6, torch float32's own error at that point): that is the "bad"
count, which should be 0. NaN must match NaN, infinities and zeros (with their sign, where torch float32 gives a
signed zero) must match exactly.

Where torch float64 is not the truth, mpmath is (if installed): airy_ai between -3.5 and -2 (PyTorch's values there
are off by up to 3e-6) and bessel_j0/j1/y0/y1 beyond 1e6 (PyTorch takes cos(x - pi/4) of a rounded difference).
(There, 1000 points of the region are compared.) airy_ai below -1e5 is noise in both (the phase 2/3 |x|^1.5 is beyond double's precision) and is not counted.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FUNCS = {  # C function: torch function
    "i0": torch.i0,
    "i0e": torch.special.i0e,
    "i1": torch.special.i1,
    "i1e": torch.special.i1e,
    "modified_bessel_k0": torch.special.modified_bessel_k0,
    "modified_bessel_k1": torch.special.modified_bessel_k1,
    "scaled_modified_bessel_k0": torch.special.scaled_modified_bessel_k0,
    "scaled_modified_bessel_k1": torch.special.scaled_modified_bessel_k1,
    "bessel_j0": torch.special.bessel_j0,
    "bessel_j1": torch.special.bessel_j1,
    "bessel_y0": torch.special.bessel_y0,
    "bessel_y1": torch.special.bessel_y1,
    "spherical_bessel_j0": torch.special.spherical_bessel_j0,
    "airy_ai": torch.special.airy_ai,
    "ndtri": torch.special.ndtri,
}
# torch's modified_bessel_i0/i1 are the same functions as i0 and i1
MPMATH = {  # C function: (mpmath function, where torch float64 is not the truth)
    "airy_ai": ("airyai", lambda x: (x >= -3.5) & (x <= -2)),
    "bessel_j0": ("besselj(0, x)", lambda x: np.abs(x) > 1e6),
    "bessel_j1": ("besselj(1, x)", lambda x: np.abs(x) > 1e6),
    "bessel_y0": ("bessely(0, x)", lambda x: np.abs(x) > 1e6),
    "bessel_y1": ("bessely(1, x)", lambda x: np.abs(x) > 1e6),
}
ALIASES = {"i0": torch.special.modified_bessel_i0, "i1": torch.special.modified_bessel_i1}

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fxrt_special.h"
int main(int argc, char **argv) {
  FILE *in = fopen(argv[2], "rb"), *out = fopen(argv[3], "wb");
  float v, r;
  if (argc != 4 || !in || !out) return 2;
  while (fread(&v, 4, 1, in) == 1) {
#define F(name) if (!strcmp(argv[1], #name)) r = fxrt_s_##name(v); else
    %s
    return 3;
    fwrite(&r, 4, 1, out);
  }
  fclose(out);
  return 0;
}
"""


def grid(points):
    mags = np.logspace(-30, np.log10(3e38), points // 2)
    dense = np.linspace(0, 30, points // 2)
    sub = np.logspace(-45, -38, 200)
    x = np.concatenate([mags, dense, sub, [0.0, 1.0, 2.0, 25.0, 25.77, 25.8, 3.4028234663852886e38]])
    x = np.concatenate([x, -x, [np.inf, -np.inf, np.nan]]).astype(np.float32)
    return np.unique(x.view(np.uint32)).view(np.float32)


def ndtri_grid(points):
    u = np.linspace(0, 1, points // 2)
    ends = np.logspace(-45, -0.3, points // 2)
    x = np.concatenate([u, ends, 1 - ends, [-0.0, -1e-30, 1.0 + 2 ** -23, 2.0, np.inf, -np.inf, np.nan]])
    return np.unique(x.astype(np.float32).view(np.uint32)).view(np.float32)


def ulp32(t):
    """ulp of float32 at |t| (t float64), at least the smallest subnormal"""
    a = np.abs(t).astype(np.float64)
    a = np.where(np.isfinite(a), a, 0)
    e = np.floor(np.log2(np.maximum(a, 2.0 ** -126)))
    return 2.0 ** (e - 23)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=200000)
    ap.add_argument("--only", default="")
    ap.add_argument("--show", type=int, default=3, help="worst points shown per function")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--cflags", default="", help="more flags for the driver, e.g. '-fsanitize=undefined,float-cast-overflow "
                    "-fno-sanitize-recover=all'")
    args = ap.parse_args()
    names = [n for n in FUNCS if not args.only or n in args.only.split(",")]
    tmp = tempfile.mkdtemp()
    src = os.path.join(tmp, "driver.c")
    with open(src, "w") as f:
        f.write(DRIVER % " ".join("F(%s)" % n for n in names))
    exe = os.path.join(tmp, "driver")
    subprocess.run([args.cc, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I",
                    os.path.join(ROOT, "runtime"), src, "-o", exe, "-lm"] + args.cflags.split(), check=True)
    failed = False
    for name in names:
        x = ndtri_grid(args.points) if name == "ndtri" else grid(args.points)
        xin, xout = os.path.join(tmp, "in.bin"), os.path.join(tmp, "out.bin")
        x.tofile(xin)
        subprocess.run([exe, name, xin, xout], check=True)
        ours = np.fromfile(xout, dtype=np.float32)
        fns = [FUNCS[name]] + ([ALIASES[name]] if name in ALIASES else [])
        for fn in fns:
            t32 = fn(torch.from_numpy(x)).numpy()
            t64 = fn(torch.from_numpy(x.astype(np.float64))).numpy()
            if name in MPMATH:
                try:
                    import mpmath
                    expr, where = MPMATH[name]
                    f = eval("lambda x: mpmath." + (expr if "(" in expr else expr + "(x)"), {"mpmath": mpmath})
                    region = where(x.astype(np.float64)) & np.isfinite(x) & ((x > 0) | ~name.startswith("bessel_y"))
                    sel = np.nonzero(region)[0]
                    keep = sel[::max(1, len(sel) // 1000)]  # mpmath is slow far out: 1000 points of the region
                    t64[sel] = np.nan
                    mpmath.mp.dps = 50
                    for i in keep:
                        t64[i] = float(mpmath.re(f(mpmath.mpf(float(x[i])))))
                except ImportError:
                    pass
            if name == "airy_ai":
                t64 = np.where(x < -1e5, np.nan, t64)  # noise: not compared
            o = ours.astype(np.float64)
            special = ~np.isfinite(t32) | ~np.isfinite(o) | (t32 == 0) | (o == 0)
            # NaN, infinities and zeros: exactly torch float32's (a zero's sign too)
            same = (np.isnan(o) & np.isnan(t32)) | ((o == t32) & (np.signbit(o) == np.signbit(t32)))
            # a zero or an infinity where the truth is a subnormal or at the float range's end may differ
            edge_ok = (np.abs(t64) < 1.2e-38) | (np.abs(t64) > 3.3e38)
            bad_special = special & ~same & ~edge_ok
            finite = ~special & np.isfinite(t64)
            err = np.where(finite, np.abs(o - t64), 0)
            err32 = np.where(finite, np.abs(t32.astype(np.float64) - t64), 0)
            ulps = err / ulp32(t64)
            allow = np.maximum.reduce([4 * ulp32(t64), 1e-5 * np.abs(t64) + 1e-6 * (np.abs(t64) < 1), 1.01 * err32])
            bad = finite & (err > allow)
            nbad = int(bad.sum() + bad_special.sum())
            failed |= nbad > 0
            fname = fn.__name__ if hasattr(fn, "__name__") else name
            print("%-28s points %7d  max ulp %10.3g  (torch f32 %10.3g)  bad %d" %
                  (fname, len(x), ulps.max(), (err32 / ulp32(t64)).max(), nbad))
            for i in list(np.argsort(-np.where(finite, ulps, 0))[:args.show]) + list(np.nonzero(bad_special)[0][:5]) + \
                    list(np.nonzero(bad)[0][:5]):
                print("    x=%-14.9g ours=%-16.9g torch32=%-16.9g torch64=%-18.12g ulp=%.3g" %
                      (x[i], ours[i], t32[i], t64[i], ulps[i]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
