#!/usr/bin/python3
"""PyTorch's operator database (OpInfo) against fx2c (issue 16, point 9). See tests/opinfo/README.md.

Every float32 sample of every operator in torch.testing._internal.common_methods_invocations.op_db: the call is
traced into a graph (torch.fx.symbolic_trace, as a user's model is; make_fx when symbolic_trace cannot trace it or
its graph does not compute what the call does), its tensors become the graph's inputs, `fx2c run` computes it and
its outputs are compared with PyTorch's by the zoo's rule (tests/e2e/README.md). An operator passes when every
sample does; fx2c may refuse a sample (exit status 1 with a diagnostic) but must never compute a wrong answer.

    /usr/bin/python3 tests/opinfo/run.py [--ops NAME,...] [--ops-file FILE] [--report FILE.md] [--jobs N]

Exit status: 0 when no sample is wrong and none crashes (and, with --ops-file, every operator the file marks
`pass` passes), 1 otherwise, 2 bad command line.
"""

import argparse
import json
import os
import shlex
import shutil
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "stub"))  # expecttest, which common_methods_invocations imports
sys.path.insert(0, os.path.join(ROOT, "tests", "diff"))

import run as diff  # noqa: E402  (tests/diff/run.py: the comparison rule, fx2c runs, the exporter's functions)

# A sample whose result differs between two runs with other seeds draws random numbers: PyTorch's stream cannot be
# reproduced, so fx2c must refuse it. The result of these operators is unspecified memory: only its dtype and shape
# are compared.
UNSPECIFIED = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided"}
RANK = {"pass": 0, "untraceable": 1, "refused": 2, "wrong": 3, "crash": 4}


def op_key(op):
    return op.name + ("." + op.variant_test_name if op.variant_test_name else "")


def load_ops():
    import warnings
    warnings.filterwarnings("ignore")
    import torch
    from torch.testing._internal.common_methods_invocations import op_db
    return [op for op in op_db if torch.float32 in op.supported_dtypes("cpu")]


def make_function(op, spec, leaves, positions):
    """A function of the sample's tensors (x0, x1, ...) that calls the operator as the sample does."""
    from torch.utils._pytree import tree_unflatten

    def call(ts):
        vals = list(leaves)
        for p, t in zip(positions, ts):
            vals[p] = t
        inp, args, kwargs = tree_unflatten(vals, spec)
        return op.op(inp, *args, **kwargs)

    names = [f"x{i}" for i in range(len(positions))]
    src = f"def forward({', '.join(names)}):\n    return _call([{', '.join(names)}])\n"
    ns = {"_call": call}
    exec(src, ns)  # noqa: S102 - our own two lines: a signature with one parameter per tensor
    return ns["forward"]


def same_result(a, b, shapes_only=False):
    """Whether two flattened results are the same values (NaN where NaN); shapes_only: the same dtypes and shapes
    (the ops whose values are unspecified, such as torch.empty)."""
    if len(a) != len(b):
        return False
    for (_, x), (_, y) in zip(a, b):
        if x.dtype != y.dtype or x.shape != y.shape or (not shapes_only and diff.compare(x, y) is not None):
            return False
    return True


def trace(fn, tensors, expected, shapes_only=False):
    """(graph module, how) whose outputs are the call's, or (None, why not)."""
    import torch
    exp = diff.exporter()
    whys = []
    for how in ("symbolic_trace", "make_fx"):
        try:
            if how == "symbolic_trace":
                gm = torch.fx.symbolic_trace(fn)
            else:
                from torch.fx.experimental.proxy_tensor import make_fx
                with torch.no_grad():
                    gm = make_fx(fn, tracing_mode="real")(*[t.clone() for t in tensors])
            with torch.no_grad():
                got = exp.flatten_outputs(gm(*[t.clone() for t in tensors]))
        except Exception as e:  # noqa: BLE001 - the tracer's limits
            whys.append(f"{how}: {type(e).__name__}: {(str(e).splitlines() or [''])[0][:100]}")
            continue
        if same_result(got, expected, shapes_only):
            return gm, how
        whys.append(f"{how}: the graph computes something else than the call")
    return None, "; ".join(whys)


def check_sample(op, sample, index, work, opts):
    """One sample: a dict with status (pass, refused, wrong, crash, untraceable), detail and the traced form."""
    import numpy as np
    import torch
    exp = diff.exporter()
    res = {"sample": index, "status": "pass", "detail": "", "how": ""}
    from torch.utils._pytree import tree_flatten
    leaves, spec = tree_flatten((sample.input, sample.args, sample.kwargs))
    positions = [i for i, v in enumerate(leaves) if isinstance(v, torch.Tensor)]
    tensors = [leaves[i] for i in positions]
    for t in tensors:
        if t.dtype in (torch.complex64, torch.complex128, torch.bfloat16, torch.float16) or t.layout != torch.strided:
            res["status"], res["detail"] = "untraceable", f"an input of {t.dtype}, {t.layout}"
            return res
    tensors = [t.detach().clone().contiguous() for t in tensors]
    fn = make_function(op, spec, leaves, positions)

    def eager(seed):
        torch.manual_seed(seed)
        with torch.no_grad():
            return exp.flatten_outputs(fn(*[t.clone() for t in tensors]))

    try:
        expected = eager(0)
        random = op.name not in UNSPECIFIED and not same_result(expected, eager(1))
        torch.manual_seed(0)
    except Exception as e:  # noqa: BLE001 - PyTorch's own refusal or an output with no .npy form
        res["status"], res["detail"] = "untraceable", f"eager: {type(e).__name__}: {(str(e).splitlines() or [''])[0][:100]}"
        return res
    if random:
        gm, how = None, "random"
        try:
            gm = torch.fx.symbolic_trace(fn)
            how = "symbolic_trace"
        except Exception as e:  # noqa: BLE001
            res["status"], res["detail"] = "untraceable", f"random, symbolic_trace: {type(e).__name__}"
            return res
    else:
        gm, how = trace(fn, tensors, expected, op.name in UNSPECIFIED)
        if gm is None:
            res["status"], res["detail"] = "untraceable", how
            return res
    res["how"] = how
    case = os.path.join(work, f"s{index}")
    os.makedirs(case)
    graph = os.path.join(case, "graph.fx")
    with open(graph, "w") as f:
        f.write(str(gm.graph) + "\n")
    cmd = opts.fx2c + ["run", graph]
    _, items, _ = exp.collect_weights(gm, gm, True)
    if items:
        wpath = os.path.join(case, "weights.safetensors")
        try:
            exp.write_safetensors(wpath, items)
        except Exception as e:  # noqa: BLE001 - a constant of a dtype fx2c has no name for
            res["status"], res["detail"] = "untraceable", f"constants: {e}"
            return res
        cmd += ["--weights", wpath]
    for i, t in enumerate(tensors):
        p = os.path.join(case, f"input{i}.npy")
        np.save(p, t.numpy())
        cmd.append(p)
    for i, (_, a) in enumerate(expected):
        np.save(os.path.join(case, f"output{i}.npy"), a)
    out = os.path.join(case, "out")
    cmd += ["-o", out]
    res["cmd"] = shlex.join(cmd)
    cls, rc, err = diff.run_cmd(cmd, opts.timeout)
    if cls == "refused":
        res["status"], res["detail"] = "refused", err
    elif cls == "crash":
        res["status"], res["detail"] = "crash", err
    elif random:
        res["status"], res["detail"] = "wrong", "PyTorch draws random numbers here, but fx2c computed outputs"
    elif op.name in UNSPECIFIED:
        problem = diff.compare_dirs(case, out, len(expected), shapes_only=True)
        if problem:
            res["status"], res["detail"] = "wrong", problem
    else:
        def ref64():  # the call on float64 inputs: where PyTorch's own float32 rounding is what differs
            try:
                with torch.no_grad():
                    torch.manual_seed(0)
                    return [a for _, a in exp.flatten_outputs(
                        fn(*[t.double() if t.dtype == torch.float32 else t.clone() for t in tensors]))]
            except Exception:  # noqa: BLE001 - no float64 form of this call
                return None
        problem = diff.compare_dirs(case, out, len(expected), ref64)
        if problem:
            res["status"], res["detail"] = "wrong", problem
    if res["status"] in ("wrong", "crash") + (("refused",) if opts.keep_refused else ()) and opts.keep_failures:
        dest = os.path.join(opts.keep_failures, f"{op_key(op)}-s{index}")
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(case, dest)
        with open(os.path.join(dest, "commands.sh"), "w") as f:
            f.write(f"# {op_key(op)} sample {index}: {sample}\n".replace("\n", " ").strip() + "\n")
            f.write(res["cmd"].replace(case, dest) + "\n")
        with open(os.path.join(dest, "result.txt"), "w") as f:
            f.write(f"{res['status']}: {res['detail']}\n")
    return res


def check_op(name, opts):
    """Every float32 sample of the operator (op_key) NAME: a dict with the per-sample results and the verdict."""
    import torch
    torch.set_num_threads(1)
    op = OPS[name]
    t0 = time.time()
    r = {"op": name, "samples": [], "status": "pass", "detail": ""}
    work = tempfile.mkdtemp(prefix="opinfo-", dir=opts.work)
    try:
        torch.manual_seed(zlib.crc32(name.encode()))
        try:
            samples = list(op.sample_inputs("cpu", torch.float32, requires_grad=False))
        except Exception as e:  # noqa: BLE001 - OpInfo's own generator fails (nn.functional.cross_entropy on 3.11)
            r["status"], r["detail"] = "untraceable", f"sample_inputs: {type(e).__name__}: {e}"[:160]
            samples = []
        for i, s in enumerate(samples[:opts.max_samples] if opts.max_samples else samples):
            try:
                r["samples"].append(check_sample(op, s, i, work, opts))
            except Exception as e:  # noqa: BLE001 - this harness's bug: report it, do not hide it as a pass
                r["samples"].append({"sample": i, "status": "crash", "detail": f"harness: {type(e).__name__}: {e}"[:200]})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    tested = [s for s in r["samples"] if s["status"] != "untraceable"]
    if r["samples"] and not tested:
        r["status"] = "untraceable"
        r["detail"] = r["samples"][0]["detail"]
    elif tested:
        worst = max(tested, key=lambda s: RANK[s["status"]])
        r["status"] = worst["status"]
        if worst["status"] != "pass":
            r["detail"] = f"sample {worst['sample']}: {worst['detail']}"
    r["time"] = time.time() - t0
    return r


OPS = {}


def init_worker():
    for op in load_ops():
        OPS[op_key(op)] = op


def worker(args):
    name, opts = args
    return check_op(name, opts)


def summary_counts(results):
    counts = {k: 0 for k in RANK}
    for r in results:
        counts[r["status"]] += 1
    return counts


def write_report(path, results, seconds):
    counts = summary_counts(results)
    n = len(results)
    ns = sum(len(r["samples"]) for r in results)
    scounts = {k: 0 for k in RANK}
    for r in results:
        for s in r["samples"]:
            scounts[s["status"]] += 1
    import torch
    lines = ["# PyTorch's OpInfo operators through fx2c", "",
             f"`/usr/bin/python3 tests/opinfo/run.py --report {os.path.relpath(path, ROOT)}` (torch {torch.__version__}, "
             f"{time.strftime('%Y-%m-%d')}, {seconds / 60:.1f} min): every float32 sample of the {n} operators (op_db "
             "entries with float32 on CPU; variants apart) traced and run by `fx2c run`, compared with PyTorch by the "
             "zoo's rule. An operator passes when every sample that could be traced passes.", "",
             "| operators | pass | refused (some sample) | wrong | crash | untraceable |", "|---|---:|---:|---:|---:|---:|",
             f"| {n} | {counts['pass']} | {counts['refused']} | {counts['wrong']} | {counts['crash']} | {counts['untraceable']} |",
             "", "| samples | pass | refused | wrong | crash | untraceable |", "|---|---:|---:|---:|---:|---:|",
             f"| {ns} | {scounts['pass']} | {scounts['refused']} | {scounts['wrong']} | {scounts['crash']} | "
             f"{scounts['untraceable']} |", "",
             "Untraceable: neither symbolic_trace nor make_fx gives a graph that computes the sample (or an input is "
             "complex, half or sparse); such samples are not counted. Refused: fx2c's first diagnostic for the first "
             "refused sample.", ""]
    refusals = {}
    for r in results:
        for s in r["samples"]:
            if s["status"] == "refused":
                refusals.setdefault(diff.refusal_key(s["detail"]), set()).add(r["op"])
    lines += ["## Refusals by cause", "", "| operators | cause |", "|---:|---|"]
    for k, v in sorted(refusals.items(), key=lambda kv: -len(kv[1]))[:60]:
        lines.append(f"| {len(v)} | `{k.replace('|', '/')}` |")
    lines += ["", "## Every operator", "", "| operator | status | samples (pass / refused / untraceable) | detail |",
              "|---|---|---|---|"]
    for r in sorted(results, key=lambda r: r["op"]):
        c = {k: 0 for k in RANK}
        for s in r["samples"]:
            c[s["status"]] += 1
        detail = r["detail"].replace("|", "/").replace("\n", " ")[:140]
        lines.append(f"| {r['op']} | {r['status']} | {c['pass']} / {c['refused']} / {c['untraceable']} | {detail} |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--fx2c", default=os.path.join(ROOT, "build", "fx2c"), help="the fx2c command (split like a shell)")
    p.add_argument("--ops", default="", help="comma-separated operator names (op_db's name[.variant]); default: all")
    p.add_argument("--ops-file", help="a file of lines `NAME STATUS` (pass or refused): these operators only; each "
                                      "marked pass must pass")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=60, help="seconds for one fx2c run")
    p.add_argument("--max-samples", type=int, default=0, help="at most this many samples per operator (0: all)")
    p.add_argument("--report", help="write the table (markdown) here")
    p.add_argument("--json", help="write every sample's result here")
    p.add_argument("--write-ops-file", metavar="FILE",
                   help="write the operators that pass (`pass`) and those refused with some sample passing (`refused`) "
                        "as an --ops-file: what CI runs (tests/opinfo/ci_ops.txt)")
    p.add_argument("--keep-failures", metavar="DIR", help="copy each wrong or crashing sample's case into DIR")
    p.add_argument("--keep-refused", action="store_true", help="with --keep-failures, keep the refused samples too")
    p.add_argument("--work", default=None, help="folder for the temporary cases")
    p.add_argument("--quiet", action="store_true", help="no line per operator")
    opts = p.parse_args(argv)
    opts.fx2c = [os.path.abspath(a) if os.path.exists(a) else a for a in shlex.split(opts.fx2c)]
    init_worker()
    names = sorted(OPS)
    expect = {}
    if opts.ops_file:
        with open(opts.ops_file) as f:
            for line in f:
                cols = line.split("#")[0].split()
                if not cols:
                    continue
                if len(cols) != 2 or cols[1] not in ("pass", "refused"):
                    p.error(f"{opts.ops_file}: bad line: {line.strip()}")
                expect[cols[0]] = cols[1]
        names = list(expect)
    if opts.ops:
        names = [n.strip() for n in opts.ops.split(",") if n.strip()]
    unknown = [n for n in names if n not in OPS]
    if unknown:
        p.error(f"unknown operators: {', '.join(unknown)}")
    t0 = time.time()
    results = []
    if opts.jobs > 1:
        import multiprocessing
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(opts.jobs) as pool:
            for r in pool.imap_unordered(worker, [(n, opts) for n in names]):
                results.append(r)
                if not opts.quiet:
                    print(f"{r['op']}: {r['status']} {r['detail'][:150]}", flush=True)
    else:
        for n in names:
            results.append(check_op(n, opts))
            r = results[-1]
            if not opts.quiet:
                print(f"{r['op']}: {r['status']} {r['detail'][:150]}", flush=True)
    seconds = time.time() - t0
    counts = summary_counts(results)
    bad = counts["wrong"] + counts["crash"]
    regressed = [r["op"] for r in results if expect.get(r["op"]) == "pass" and r["status"] != "pass"]
    print(f"opinfo: {len(results)} operators: {counts['pass']} pass, {counts['refused']} refused, {counts['wrong']} wrong, "
          f"{counts['crash']} crash, {counts['untraceable']} untraceable ({seconds:.0f} s)")
    for r in results:
        if r["status"] in ("wrong", "crash"):
            print(f"  {r['status'].upper()}: {r['op']}: {r['detail'][:200]}")
    for n in regressed:
        print(f"  EXPECTED TO PASS: {n}")
    if opts.report:
        write_report(opts.report, results, seconds)
    if opts.write_ops_file:
        with open(opts.write_ops_file, "w") as f:
            f.write("# tests/opinfo/run.py --ops-file: the operators CI runs, every float32 sample of each; `pass`: every\n"
                    "# sample passes (a regression fails the test); `refused`: some sample is refused, some pass (their\n"
                    "# results are checked). Written by run.py --write-ops-file from a full run.\n")
            for r in sorted(results, key=lambda r: r["op"]):
                some = any(s["status"] == "pass" for s in r["samples"])
                if r["status"] == "pass" or (r["status"] == "refused" and some):
                    f.write(f"{r['op']} {r['status']}\n")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(sorted(results, key=lambda r: r["op"]), f, indent=0)
    return 1 if bad or regressed else 0


if __name__ == "__main__":
    sys.exit(main())
