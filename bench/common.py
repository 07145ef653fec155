"""What the executable benchmarks (exe_bench.py, opt_bench.py, llvm_bench.py) share: their common options, the
export of a model with tools/fx2c-export, the `fx2c compile` command for it, running an executable against PyTorch's
output, timing PyTorch, rebuilding the exported model, and the reports' heading."""
import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
EXPORTER = os.path.join(ROOT, "tools", "fx2c-export")


def arg_parser(doc, out, report="the table"):
    """The options every benchmark takes: --fx2c, --out (default build/OUT) and --report; `doc` is the script's
    docstring, whose first paragraph describes it."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("--fx2c", default=os.path.join(ROOT, "build", "fx2c"))
    p.add_argument("--out", default=os.path.join(ROOT, "build", out))
    p.add_argument("--report", help=f"also write {report} as Markdown")
    return p


def exported(models, opts):
    """Each of `models` (name, exporter arguments, timed runs) exported into opts.out, as (name, arguments, runs scaled
    by --runs and at least 5, the export's folder)."""
    os.makedirs(opts.out, exist_ok=True)
    for name, args, n in models:
        n = max(5, int(n * opts.runs))
        yield name, args, n, export(name, args, opts.out)


def export(name, args, out):
    d = os.path.join(out, name)
    if not os.path.exists(os.path.join(d, "output0.npy")):
        subprocess.run([sys.executable, EXPORTER] + args + ["--out", d, "--seed", "0", "--randomize-zeros",
                                                            "--randomize-bn", "calibrated", "--quiet"],
                       check=True, cwd=ROOT)
    return d


def compile_cmd(fx2c, d, *options, placeholder="x"):
    """`fx2c compile` of the export in d: its graph, modules (if it has them), weights and input0.npy as the input
    `placeholder`, then `options`."""
    cmd = [fx2c, "compile", os.path.join(d, "graph.fx")]
    if os.path.exists(os.path.join(d, "modules.txt")):
        cmd += ["--modules", os.path.join(d, "modules.txt")]
    return cmd + ["--weights", os.path.join(d, "weights.safetensors"),
                  "--input", f"{placeholder}={os.path.join(d, 'input0.npy')}", *options]


def max_error(what, got, ref):
    """The largest difference between an output and PyTorch's; exits if it is above the zoo's tolerance,
    1e-4 x max(1, max|ref|)."""
    err = float(np.abs(got.astype(np.float64) - ref).max())
    tol = 1e-4 * max(1.0, float(np.abs(ref).max()))
    if not err <= tol:
        raise SystemExit(f"{what}: max error {err:.3g} > tolerance {tol:.3g}")
    return err


def bench_times(stdout):
    """[min, median, max] ms from a `--bench` report."""
    m = re.search(r"min ([0-9.]+) ms, median ([0-9.]+) ms, max ([0-9.]+) ms", stdout)
    return [float(m.group(i)) for i in (1, 2, 3)]


def run_bench(exe, d, n, *extra):
    """Runs the executable on the export's input with `--bench n` and `extra` options: (median ms, its output
    folder, its stdout)."""
    out = exe + ".out"
    p = subprocess.run([exe, os.path.join(d, "input0.npy"), "-o", out, "--bench", str(n), *extra], check=True,
                       capture_output=True, text=True)
    return bench_times(p.stdout)[1], out, p.stdout


def run_exe(exe, d, n):
    """Runs the executable on the export's input, n timed runs: ([min, median, max] ms, its output's max error)."""
    out = exe + ".out"
    p = subprocess.run([exe, os.path.join(d, "input0.npy"), "-o", out, "--bench", str(n)], check=True,
                       capture_output=True, text=True)
    ref, got = np.load(os.path.join(d, "output0.npy")), np.load(os.path.join(out, "output0.npy"))
    err = max_error(exe, got, ref)
    return bench_times(p.stdout), err


def cpu_name():
    """The CPU's model name from /proc/cpuinfo, or "?"."""
    try:
        with open("/proc/cpuinfo") as f:
            return next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        return "?"


def report(opts, script, title, details, table):
    """Prints the table; with --report, also writes it as Markdown: the title, which script measured it when on what
    CPU and machine, `details`, the table."""
    print()
    print(table)
    if opts.report:
        with open(opts.report, "w") as f:
            f.write(f"# {title}\n\n`bench/{os.path.basename(script)}` on {datetime.date.today()}: {cpu_name()}, "
                    f"{platform.machine()}, {details}\n\n{table}\n")


def torch_one_thread():
    """torch, set to one thread as the executables run."""
    import torch
    torch.set_num_threads(1)
    return torch


def torch_times(fn, x, n):
    import torch
    with torch.no_grad():
        for _ in range(3):
            fn(x)
        t = []
        for _ in range(n):
            t0 = time.perf_counter()
            fn(x)
            t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return [t[0], t[len(t) // 2] if n % 2 else (t[n // 2 - 1] + t[n // 2]) / 2, t[-1]]


def load_model(name, args, d):
    """The exported model, rebuilt the way the exporter built it (same seed and randomisation)."""
    import importlib.machinery
    import importlib.util
    import torch
    loader = importlib.machinery.SourceFileLoader("fx2c_export", EXPORTER)
    spec = importlib.util.spec_from_loader("fx2c_export", loader)
    ex = importlib.util.module_from_spec(spec)
    loader.exec_module(ex)
    a = ex.build_argparser().parse_args(args + ["--out", d])
    torch.manual_seed(0)
    model = ex.build_model(a).eval()
    x = torch.from_numpy(np.load(os.path.join(d, "input0.npy")))
    zero_init = ex.zero_init_batchnorms(model)
    ex.randomize_zeros(model, 0)
    ex.randomize_batchnorm(model, 0, "calibrated", [x], zero_init)
    with torch.no_grad():
        y = model(x)
    ref = np.load(os.path.join(d, "output0.npy"))
    if not np.allclose(y.numpy(), ref, rtol=0, atol=1e-5 * max(1.0, float(np.abs(ref).max()))):
        raise SystemExit(f"{name}: the rebuilt model does not reproduce the export")
    return model, x
