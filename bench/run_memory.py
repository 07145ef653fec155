#!/usr/bin/python3
"""Peak memory of `fx2c run` (the reference interpreter) against the bound the interpreter promises and against
PyTorch, measured side by side in one run.

For each model (default: resnet50) it exports the model with tools/fx2c-export (random weights, batch 1, 224x224),
then measures:
  - fx2c run: the peak of fx2c's own allocations (--stats) and the process's max RSS (getrusage of the child);
  - the bound: 1.5 x (weights + the two largest activations), the sizes as fx2c reports them;
  - PyTorch: the max RSS of a process that loads the same model and weights and runs the same forward pass under
    torch.no_grad() (its baseline after `import torch` is printed too, since the library alone is large).
Prints a table and the ratios; --report FILE writes it as Markdown.

    /usr/bin/python3 bench/run_memory.py [--fx2c build/fx2c] [--models resnet50 resnet18] [--report FILE]
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TORCH_SCRIPT = r"""
import resource, sys, torch, torchvision, numpy as np
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
model = eval(sys.argv[1], {"torch": torch, "torchvision": torchvision}).eval()
sd = torch.load(sys.argv[2])
model.load_state_dict(sd, strict=False)
x = torch.from_numpy(np.load(sys.argv[3]))
with torch.no_grad():
    y = model(x)
print(base, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def measure_isolated(cmd):
    """The max RSS of cmd alone, measured in a fresh wrapper process so earlier children do not count."""
    wrapper = [sys.executable, "-c",
               "import resource, subprocess, sys\n"
               "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
               "sys.stdout.write(p.stdout); sys.stderr.write(p.stderr)\n"
               "print('MAXRSS', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
               "sys.exit(p.returncode)\n"] + cmd
    proc = subprocess.run(wrapper, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"run_memory: {' '.join(cmd)} failed:\n{proc.stderr}")
    rss = int(re.search(r"MAXRSS (\d+)", proc.stderr).group(1))
    return proc.stdout, proc.stderr, rss


def export(model, out):
    if not os.path.exists(os.path.join(out, "graph.fx")):
        subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "fx2c-export"), "--model",
                        f"torchvision.models.{model}()", "--input", "x:f32[1,3,224,224]", "--out", out],
                       check=True, capture_output=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fx2c", default=os.path.join(ROOT, "build", "fx2c"))
    ap.add_argument("--models", nargs="+", default=["resnet50"])
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "bench-memory"))
    ap.add_argument("--report")
    args = ap.parse_args()

    rows = []
    for model in args.models:
        d = os.path.join(args.cache, model)
        export(model, d)
        _, err, fx_rss = measure_isolated([args.fx2c, "run", os.path.join(d, "graph.fx"), "--modules",
                                           os.path.join(d, "modules.txt"), "--weights",
                                           os.path.join(d, "weights.safetensors"), os.path.join(d, "input0.npy"),
                                           "-o", os.path.join(d, "out"), "--stats"])
        m = re.search(r"peak memory ([\d.]+) MB, weights ([\d.]+) MB, two largest activations ([\d.]+) \+ ([\d.]+) MB",
                      err)
        if not m:
            sys.exit(f"run_memory: no --stats line from fx2c:\n{err}")
        peak, weights, a1, a2 = (float(g) for g in m.groups())
        bound = 1.5 * (weights + a1 + a2)
        out, _, torch_rss = measure_isolated(["/usr/bin/python3", "-c", TORCH_SCRIPT, f"torchvision.models.{model}()",
                                              os.path.join(d, "weights.pt"), os.path.join(d, "input0.npy")])
        torch_base, torch_peak = (int(v) for v in out.split())
        rows.append((model, weights, a1 + a2, bound, peak, fx_rss / 1024 * 1.048576, torch_peak / 1024 * 1.048576,
                     torch_base / 1024 * 1.048576))

    lines = ["| model | weights MB | two largest activations MB | bound 1.5x MB | fx2c peak (own allocations) MB | "
             "fx2c max RSS MB | within bound | PyTorch max RSS MB (after import: MB) | fx2c / PyTorch RSS |",
             "|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    for model, w, act, bound, peak, rss, tpeak, tbase in rows:
        lines.append(f"| {model} | {w:.1f} | {act:.1f} | {bound:.1f} | {peak:.1f} | {rss:.1f} | "
                     f"{'yes' if rss <= bound else 'NO'} ({rss / bound:.2f}x of the bound) | {tpeak:.1f} ({tbase:.1f}) | "
                     f"{rss / tpeak:.2f} |")
    text = "\n".join(lines)
    print(text)
    if args.report:
        with open(args.report, "w") as f:
            f.write(f"Measured {time.strftime('%Y-%m-%d')} with `/usr/bin/python3 bench/run_memory.py`"
                    f" (fx2c: {args.fx2c}).\n\n{text}\n")


if __name__ == "__main__":
    main()
