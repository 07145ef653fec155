#!/usr/bin/python3
"""The LLVM backend against the C backend: the latency of their executables and the end-to-end build time (graph
to executable), measured side by side in one run.

    /usr/bin/python3 bench/llvm_bench.py [--fx2c build/fx2c] [--out build/bench-llvm] [--report bench/results/llvm.md]

For resnet18 and the MLP 784-256-128-10 (random weights, calibrated BatchNorm statistics, exported with
tools/fx2c-export) and for --cpu generic and --cpu native, both at the default -O2:

- build time: `fx2c compile ... --emit exe` (the C backend: emit C, compile it with the runtime's sources, link) and
  `fx2c compile ... --backend llvm --emit exe` (the LLVM backend: an object file, linked with the runtime library and
  the driver, which fx2c builds once per compiler and flags and caches). The LLVM build is timed cold (an empty
  cache: the runtime is compiled too) and warm (the cache filled); each build BUILDS times, medians;
- check: both executables' outputs against PyTorch's (1e-4 x max(1, max|ref|)), and against each other bit for bit
  (the same kernel calls and fused loops);
- latency: the two executables' --bench medians, alternating C and LLVM ROUNDS times; the median of each one's
  rounds.

Targets (issue 6): latency within 5% of the C path; building resnet18 at least 3 x faster than the C path.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402

MODELS = [
    ("resnet18", ["--model", "torchvision.models.resnet18()", "--input", "x:f32[1,3,224,224]"], 20),
    ("mlp_784_256_128_10", ["--module", "bench/models.py:MLP", "--input", "x:f32[1,784]"], 20000),
]


def build(fx2c, d, cpu, exe, llvm, cache, extra=()):
    """Seconds for `fx2c compile --emit exe` (graph to executable)."""
    cmd = common.compile_cmd(fx2c, d, "--emit", "exe", "--cpu", cpu, "-o", exe, *extra)
    if llvm:
        cmd[2:2] = ["--backend", "llvm"]
    env = dict(os.environ, FX2C_CACHE_DIR=cache)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, env=env)
    return time.perf_counter() - t0


def ms(x):
    return f"{x:.4f}" if x < 1 else f"{x:.3f}"


def same_bits(a, b):
    return all(np.load(os.path.join(a, f)).tobytes() == np.load(os.path.join(b, f)).tobytes()
               for f in os.listdir(a) if f.startswith("output"))


def main():
    p = common.arg_parser(__doc__, "bench-llvm", report="the tables")
    p.add_argument("--builds", type=int, default=3, help="builds of each kind (default 3; medians)")
    p.add_argument("--rounds", type=int, default=3, help="latency rounds, C and LLVM alternating (default 3)")
    p.add_argument("--runs", type=float, default=1.0, help="scale the number of timed runs per round")
    opts = p.parse_args()
    fx2c = os.path.abspath(opts.fx2c)
    rows = []
    for name, args, n, d in common.exported(MODELS, opts):
        for cpu in ("generic", "native"):
            r = {"name": name, "cpu": cpu, "n": n}
            c_exe = os.path.join(opts.out, f"{name}.{cpu}.c.exe")
            l_exe = os.path.join(opts.out, f"{name}.{cpu}.llvm.exe")
            caches = tempfile.mkdtemp(prefix="fx2c-bench-cache-")
            try:
                r["c"] = statistics.median(build(fx2c, d, cpu, c_exe, False, caches) for _ in range(opts.builds))
                cold = []
                for i in range(opts.builds):  # each in a cache of its own: the runtime compiled every time
                    cold.append(build(fx2c, d, cpu, l_exe, True, os.path.join(caches, f"cold{i}")))
                r["cold"] = statistics.median(cold)
                warm = os.path.join(caches, "cold0")
                r["warm"] = statistics.median(build(fx2c, d, cpu, l_exe, True, warm) for _ in range(opts.builds))
                # the same with GNU ld instead of ld.lld (its own runtime in the cache, built by the first)
                bfd = ["--cflags", "-fuse-ld=bfd"]
                build(fx2c, d, cpu, l_exe + ".bfd", True, warm, bfd)
                r["warm_bfd"] = statistics.median(build(fx2c, d, cpu, l_exe + ".bfd", True, warm, bfd)
                                                  for _ in range(opts.builds))
                os.remove(l_exe + ".bfd")
            finally:
                shutil.rmtree(caches, ignore_errors=True)
            # both against PyTorch (run_exe checks), then against each other
            _, r["err_c"] = common.run_exe(c_exe, d, 1)
            _, r["err_llvm"] = common.run_exe(l_exe, d, 1)
            r["identical"] = same_bits(c_exe + ".out", l_exe + ".out")
            lat_c, lat_l = [], []
            for _ in range(opts.rounds):
                lat_c.append(common.run_exe(c_exe, d, n)[0][1])
                lat_l.append(common.run_exe(l_exe, d, n)[0][1])
            r["lat_c"], r["lat_l"] = statistics.median(lat_c), statistics.median(lat_l)
            r["rounds_c"], r["rounds_l"] = lat_c, lat_l
            rows.append(r)
            print(f"{name} ({cpu}): latency C {ms(r['lat_c'])} ms, LLVM {ms(r['lat_l'])} ms "
                  f"({r['lat_l'] / r['lat_c']:.3f}x); build C {r['c']:.2f} s, LLVM cold {r['cold']:.2f} s, warm "
                  f"{r['warm']:.2f} s ({r['c'] / r['warm']:.2f}x); outputs {'identical' if r['identical'] else 'DIFFER'}",
                  flush=True)
    lat = ["| model | --cpu | runs x rounds | C exe | LLVM exe | LLVM / C | target (<= 1.05) | rounds C | rounds LLVM "
           "| outputs |", "|---|---|---:|---:|---:|---:|---|---|---|---|"]
    bld = ["| model | --cpu | C path | LLVM, cold cache | LLVM, warm cache | C / LLVM warm | C / LLVM cold | "
           "target (resnet18 >= 3x) | LLVM warm with GNU ld | C / that |", "|---|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    for r in rows:
        ratio = r["lat_l"] / r["lat_c"]
        lat.append(f"| {r['name']} | {r['cpu']} | {r['n']} x {opts.rounds} | {ms(r['lat_c'])} ms | {ms(r['lat_l'])} ms | "
                   f"{ratio:.3f}x | {'met' if ratio <= 1.05 else 'not met'} | "
                   + ", ".join(ms(x) for x in r["rounds_c"]) + " | " + ", ".join(ms(x) for x in r["rounds_l"])
                   + f" | {'identical' if r['identical'] else 'differ'}; max error vs PyTorch {r['err_llvm']:.2e} |")
        speed = r["c"] / r["warm"]
        target = ("met (warm)" if speed >= 3 else "not met (warm)") if r["name"] == "resnet18" else ""
        bld.append(f"| {r['name']} | {r['cpu']} | {r['c']:.2f} s | {r['cold']:.2f} s | {r['warm']:.2f} s | {speed:.2f}x | "
                   f"{r['c'] / r['cold']:.2f}x | {target} | {r['warm_bfd']:.2f} s | {r['c'] / r['warm_bfd']:.2f}x |")
    cc = version = ""  # the report's: the C compiler and fx2c
    if opts.report:
        cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
        version = subprocess.run([fx2c, "--version"], capture_output=True, text=True).stdout.strip().replace("\n", "; ")
    common.report(opts, __file__, "The LLVM backend against the C backend",
                  f"{os.cpu_count()} CPUs, {version}, {cc}. Both executables at the default -O2, batch 1, one thread; "
                  "each executable's outputs matched PyTorch's within 1e-4 x max(1, max|ref|) and the other "
                  "executable's bit for bit before it was timed. Latency: the median of "
                  f"{opts.rounds} rounds of `--bench` medians, C and LLVM alternating. Build: graph to executable "
                  f"(`fx2c compile ... --emit exe [--backend llvm]`), the median of {opts.builds} builds; cold: an "
                  "empty FX2C_CACHE_DIR (the runtime library and the driver are compiled too), warm: the cache "
                  "filled. The LLVM path links with ld.lld when it is installed (it is here); the last two columns "
                  "link it with GNU ld, as the C path does.", "\n".join(lat) + "\n\n" + "\n".join(bld))


if __name__ == "__main__":
    main()
