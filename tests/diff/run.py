#!/usr/bin/python3
"""Differential testing of fx2c against PyTorch (issue 15, point 2). See tests/diff/README.md.

For each seed: tests/diff/gen.py builds a random model; it is run in eager mode (a seed whose model raises is
discarded), traced (torch.fx.symbolic_trace, or make_fx for about a quarter of the seeds) and exported with
tools/fx2c-export's own functions; then `fx2c run` (and, with --backends, the C and LLVM executables) computes the
outputs, which are compared with PyTorch's by the zoo's rule (tests/e2e/README.md, "The tolerance rule").

Outcomes per seed and backend: pass; refused (exit status 1 with a diagnostic: fx2c declined the model, which is
allowed); mismatch (exit status 0, wrong outputs); crash (a signal, another exit status, an internal error, a
sanitizer report, or a timeout). Seeds the generator could not make valid are counted as discarded.

Exit status: 0 when there is no mismatch and no crash, 1 otherwise, 2 bad command line.
"""

import argparse
import collections
import importlib.machinery
import importlib.util
import multiprocessing
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import gen  # noqa: E402

RTOL = 1e-4
_exporter = None


def exporter():
    global _exporter
    if _exporter is None:
        path = os.path.join(ROOT, "tools", "fx2c-export")
        loader = importlib.machinery.SourceFileLoader("fx2c_export", path)
        spec = importlib.util.spec_from_loader("fx2c_export", loader)
        mod = importlib.util.module_from_spec(spec)
        loader.exec_module(mod)
        _exporter = mod
    return _exporter


def compare(ref, out):
    """The zoo's rule (tests/e2e/zoo.py compare): None when out matches ref, else what differs."""
    import numpy as np
    if out.dtype != ref.dtype:
        return f"dtype {out.dtype} != {ref.dtype}"
    if out.shape != ref.shape:
        return f"shape {list(out.shape)} != {list(ref.shape)}"
    if ref.dtype.kind != "f":
        bad = int(np.count_nonzero(out != ref))
        return f"{bad} of {ref.size} values differ" if bad else None
    r, o = ref.astype(np.float64), out.astype(np.float64)
    rnan, onan = np.isnan(r), np.isnan(o)
    if not np.array_equal(rnan, onan):
        return f"NaN at {int(np.count_nonzero(rnan != onan))} positions where the reference differs"
    rinf = np.isinf(r)
    if not np.array_equal(r[rinf], o[rinf]):
        return "infinities differ"
    finite = ~rnan & ~rinf
    scale = float(np.max(np.abs(r[finite]))) if finite.any() else 0.0
    tol = RTOL * max(1.0, scale)
    err = float(np.max(np.abs(o[finite] - r[finite]))) if finite.any() else 0.0
    if not np.isfinite(err) or err > tol:
        return f"max error {err:.3g} > {tol:.3g}"
    return None


def compare_dirs(ref_dir, out_dir, n_outputs, ref64=None, shapes_only=False):
    """None when every output matches PyTorch's (compare), else what differs. ref64: a callable giving the model's
    outputs computed in float64 (or None): a float output off PyTorch's float32 one passes when it is within the
    tolerance of the float64 result instead, where PyTorch's own rounding is what differs (a norm over equal values,
    whose variance float32 computes as noise). shapes_only: only dtypes and shapes are compared (torch.empty's
    values are whatever the memory held)."""
    import numpy as np
    got = sorted(f for f in os.listdir(out_dir) if re.fullmatch(r"output\d+\.npy", f))
    want = [f"output{i}.npy" for i in range(n_outputs)]
    if sorted(want) != got:
        return f"{len(got)} output files, expected {n_outputs}"
    problems = []
    for name in want:
        ref = np.load(os.path.join(ref_dir, name), allow_pickle=False)
        try:
            out = np.load(os.path.join(out_dir, name), allow_pickle=False)
        except Exception as e:  # noqa: BLE001 - a malformed file is a mismatch
            problems.append(f"{name}: unreadable ({e})")
            continue
        p = compare(ref, out)
        if p and shapes_only and out.dtype == ref.dtype and out.shape == ref.shape:
            p = None
        if p and ref64 is not None and ref.dtype.kind == "f" and out.dtype == ref.dtype and out.shape == ref.shape:
            r64 = ref64()
            k = int(name[6:-4])
            if r64 is not None and k < len(r64) and r64[k].shape == ref.shape and compare(r64[k], out.astype(np.float64)) is None:
                p = None
        if p:
            problems.append(f"{name}: {p}")
    return "; ".join(problems) or None


def float64_outputs(net, inputs):
    """The model's outputs computed in float64 (a copy of it, float inputs and parameters in float64), flattened as
    the exporter flattens them, as numpy arrays; None when the model does not run in float64."""
    import copy
    import torch
    try:
        n64 = copy.deepcopy(net).double()
        ins = [t.clone().double() if t.is_floating_point() else t.clone() for t in inputs]
        with torch.no_grad():
            out = n64(*ins)
        return [a for _, a in exporter().flatten_outputs(out)]
    except Exception:  # noqa: BLE001 - no float64 reference, then
        return None


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


def refusal_key(line):
    """The diagnostic without its position, node names and numbers, so that refusals group by cause."""
    text = line.split("error:", 1)[1].strip() if "error:" in line else line
    # node names are blanked; targets and op names (with a dot or after "unsupported") are kept
    text = re.sub(r"'([^'.]*)'", lambda m: m.group(0) if "unsupported" in text else "'_'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    text = re.sub(r"\[[^\]]*\]", "[..]", text)
    return text[:110]


def run_cmd(cmd, timeout, cwd=None):
    """(classification or None, rc, stderr): classification is "crash" for a timeout, a signal, an exit status other
    than 0 and 1, or a sanitizer/internal-error report; "refused" for exit status 1 with a diagnostic."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return "crash", None, f"timed out after {timeout} s"
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        return "crash", p.returncode, f"killed by signal {-p.returncode}: {first_error(err)}"
    if "Sanitizer" in err or "internal error" in err or "runtime error:" in err:
        return "crash", p.returncode, first_error(err) or err[:300]
    if p.returncode == 0:
        return None, 0, err
    if p.returncode == 1 and "error:" in err:
        return "refused", 1, first_error(err)
    return "crash", p.returncode, f"exit status {p.returncode}: {first_error(err)}"


def check_torch_refusal(res, m, net, inputs, work, why, opts):
    """A model that eager PyTorch refuses: its torch-level graph, modules, weights and inputs are written as the
    exporter writes them, and `fx2c run` must refuse it too (exit status 1 with a diagnostic), at compile or at run
    time. Computing outputs is a wrong answer with exit status 0: a mismatch."""
    import numpy as np
    import torch
    exp = exporter()
    try:
        gm = torch.fx.symbolic_trace(net)
    except Exception as e:  # noqa: BLE001 - the generator's miss
        res["status"], res["detail"] = "discarded", f"{why}; symbolic_trace: {str(e).splitlines()[0][:80]}"
        return res
    # the graph must be the program that PyTorch refuses: symbolic_trace records `v += w` on a tensor as
    # operator.add (a Proxy has no __iadd__), which PyTorch runs without complaint (seed 5196)
    try:
        with torch.no_grad():
            gm(*[t.clone() for t in inputs])
        res["status"], res["detail"] = "discarded", f"{why}; but the traced graph runs in PyTorch (not the eager program)"
        return res
    except RuntimeError:
        pass
    except Exception as e:  # noqa: BLE001
        res["status"], res["detail"] = "discarded", f"{why}; the traced graph raises {type(e).__name__}"
        return res
    export_dir = os.path.join(work, "export")
    os.makedirs(export_dir)
    with open(os.path.join(export_dir, "graph.fx"), "w") as f:
        f.write(str(gm.graph) + "\n")
    with open(os.path.join(export_dir, "modules.txt"), "w") as f:
        f.write(exp.modules_text(net))
    _, items, _ = exp.collect_weights(net, gm, False)
    exp.write_safetensors(os.path.join(export_dir, "weights.safetensors"), items)
    in_paths = []
    for i, t in enumerate(inputs):
        in_paths.append(os.path.join(export_dir, f"input{i}.npy"))
        np.save(in_paths[-1], t.numpy())
    out_dir = os.path.join(work, "out-interp")
    cmd = opts.fx2c + ["run", os.path.join(export_dir, "graph.fx"), "--modules", os.path.join(export_dir, "modules.txt"),
                       "--weights", os.path.join(export_dir, "weights.safetensors")] + in_paths + ["-o", out_dir]
    cls, rc, err = run_cmd(cmd, opts.timeout)
    if cls == "refused":
        status, detail = "refused", err
    elif cls is None:
        status, detail = "mismatch", f"PyTorch refuses the model ({why}) but fx2c computed outputs"
    else:
        status, detail = cls, err
    res["torch_refused"] = True
    res["backends"]["interp"] = (status, detail)
    res["status"], res["detail"] = status, f"interp: {detail}"
    if status in ("mismatch", "crash") and opts.keep_failures:
        dest = os.path.join(opts.keep_failures, f"seed{res['seed']}")
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
        with open(os.path.join(dest, "commands.sh"), "w") as f:
            f.write(f"# seed {res['seed']}: PyTorch refuses it ({why}); fx2c should too\n{shlex.join(cmd).replace(work, dest)}\n")
    return res


INDEX_OPS = {"topk", "sort", "argsort", "argmax", "argmin", "max", "min", "kthvalue", "mode", "median", "nanmedian",
             "max_pool2d_with_indices", "adaptive_max_pool2d"}


def dump_beyond(report, ref_dump):
    """The nodes that fx2c compare's report lists beyond tolerance, but for the integer results of ops that return
    indices (topk's, argmax's, ...): among tied values PyTorch and fx2c may pick other, equally right, indices."""
    ops = {}
    with open(os.path.join(ref_dump, "nodes.tsv")) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 3 and not line.startswith("#"):
                ops[cols[0]] = cols[2].split(".")[-1]
    out = []
    for line in report.splitlines():
        cols = line.split()
        if "BEYOND" not in cols or len(cols) < 2:
            continue
        name, shape = cols[0], cols[1]
        if shape.startswith(("i64", "i32")) and ops.get(name, "").rstrip("_") in INDEX_OPS:
            continue
        out.append(name)
    return out


def check_seed(seed, opts):
    """One seed: a dict with seed, ops, aten, status and per-backend results."""
    import torch
    torch.set_num_threads(1)
    exp = exporter()
    m = gen.generate(seed, aten_share=opts.aten_share, exclude=opts.exclude)
    res = {"seed": seed, "ops": m.ops, "aten": m.aten, "status": "pass", "backends": {}, "detail": ""}
    work = tempfile.mkdtemp(prefix=f"seed{seed}-", dir=opts.work)
    try:
        src_path = os.path.join(work, "model.py")
        with open(src_path, "w") as f:
            f.write(m.source)
        # eager first: a model that PyTorch refuses with a RuntimeError (an in-place op it cannot cast or whose
        # operands overlap, a bad shape) must be refused by fx2c too (the torch-level graph, which symbolic_trace
        # records without running it); anything else that fails is the generator's miss, not a test
        ns = {}
        net = inputs = None
        try:
            exec(compile(m.source, src_path, "exec"), ns)  # noqa: S102 - our own generated source
            torch.manual_seed(seed)
            net = ns["Net"]().eval()
            specs = [exp.parse_input_spec(s) for s in m.inputs]
            inputs, _ = exp.make_inputs(specs, {}, net, seed)
            with torch.no_grad():
                net(*[t.clone() for t in inputs])
        except Exception as e:  # noqa: BLE001
            why = f"eager: {type(e).__name__}: {str(e).splitlines()[0][:100] if str(e) else ''}"
            if isinstance(e, RuntimeError) and net is not None and inputs is not None and not m.aten:
                return check_torch_refusal(res, m, net, inputs, work, why, opts)
            res["status"], res["detail"] = "discarded", why
            return res
        export_dir = os.path.join(work, "export")
        argv = ["--module", src_path + ":Net", "--out", export_dir, "--seed", str(seed), "--quiet"]
        ref_dump = os.path.join(work, "ref-dump")
        if opts.dumps:
            argv += ["--dump", ref_dump]
        argv += sum((["--input", s] for s in m.inputs), []) + (["--aten"] if m.aten else [])
        try:
            exp.export(exp.build_argparser().parse_args(argv), lambda msg: None)
        except Exception as e:  # noqa: BLE001 - ExportError and whatever tracing raised
            res["status"], res["detail"] = "discarded", f"export: {str(e).splitlines()[0][:120]}"
            return res
        import json
        with open(os.path.join(export_dir, "meta.json")) as f:
            meta = json.load(f)
        n_out = len(meta["outputs"])
        model_files = []
        if meta.get("modules_file"):
            model_files += ["--modules", os.path.join(export_dir, meta["modules_file"])]
        wfmt = "safetensors" if seed % 2 == 0 else "pt"
        model_files += ["--weights", os.path.join(export_dir, f"weights.{wfmt}")]
        in_paths = [os.path.join(export_dir, e["file"]) for e in meta["input_files"]]
        graph = os.path.join(export_dir, "graph.fx")
        cache = []  # the float64 outputs, computed on the first mismatch only

        def ref64():
            if not cache:
                cache.append(float64_outputs(net, inputs))
            return cache[0]

        backends = ["interp"] + ([b for b in opts.backends if b != "interp"] if seed % opts.compiled_every == 0 else [])
        cmds = []
        for b in backends:
            out_dir = os.path.join(work, "out-" + b)
            os.makedirs(out_dir)
            dump = ["--dump", os.path.join(work, "dump-" + b)] if opts.dumps else []
            if b == "interp":
                steps = [opts.fx2c + ["run", graph] + model_files + in_paths + ["-o", out_dir] + dump]
            else:
                exe = os.path.join(work, f"model-{b}.exe")
                build = opts.fx2c + ["compile"] + (["--backend", "llvm"] if b == "llvm" else []) + [graph] + model_files
                build += sum((["--input", f"{n}={p}"] for n, p in zip(meta["placeholders"], in_paths)), [])
                build += ["--emit", "exe", "-o", exe] + (["--profile"] if opts.dumps else [])
                steps = [build, [exe] + in_paths + ["-o", out_dir] + dump]
            status, detail = "pass", ""
            for i, cmd in enumerate(steps):
                cmds.append(shlex.join(cmd))
                cls, rc, err = run_cmd(cmd, opts.timeout)
                if cls == "refused" and i == 1:
                    cls = "crash"  # the executable of a model fx2c compiled must not fail on its own example input
                if cls:
                    status, detail = cls, err
                    break
            if status == "pass":
                problem = compare_dirs(export_dir, out_dir, n_out, ref64)
                if problem:
                    status, detail = "mismatch", problem
            if status == "pass" and opts.dumps:  # every node's result against PyTorch's (fx2c compare)
                cmd = opts.fx2c + ["compare", ref_dump, dump[1]]
                cmds.append(shlex.join(cmd))
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=opts.timeout)
                if p.returncode == 1:
                    beyond = dump_beyond(p.stdout, ref_dump)
                    if beyond:
                        status, detail = "mismatch", "dump: beyond tolerance: " + ", ".join(beyond[:3])
                elif p.returncode != 0:
                    status, detail = "crash", "fx2c compare: " + (p.stderr.strip().splitlines() or ["?"])[0]
            res["backends"][b] = (status, detail)
        rank = {"pass": 0, "refused": 1, "mismatch": 2, "crash": 3}
        worst = max(res["backends"].items(), key=lambda kv: rank[kv[1][0]])
        res["status"], res["detail"] = worst[1][0], f"{worst[0]}: {worst[1][1]}" if worst[1][1] else ""
        if res["status"] in ("mismatch", "crash") and opts.keep_failures:
            dest = os.path.join(opts.keep_failures, f"seed{seed}")
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(work, dest)
            with open(os.path.join(dest, "commands.sh"), "w") as f:
                f.write(f"# seed {seed}: the export (model.py, inputs {' '.join(m.inputs)}{', --aten' if m.aten else ''}) "
                        f"and the fx2c commands that failed\n")
                f.write(shlex.join([sys.executable, os.path.join(ROOT, "tools", "fx2c-export")] + [
                    a.replace(work, dest) for a in argv if a != "--quiet"]) + "\n")
                f.write("\n".join(c.replace(work, dest) for c in cmds) + "\n")
            with open(os.path.join(dest, "result.txt"), "w") as f:
                for b, (st, d) in res["backends"].items():
                    f.write(f"{b}: {st}: {d}\n")
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def worker(args):
    seed, opts = args
    t = time.time()
    try:
        r = check_seed(seed, opts)
    except Exception as e:  # noqa: BLE001 - a bug of this harness: report it with the seed
        r = {"seed": seed, "ops": [], "aten": False, "status": "harness", "backends": {},
             "detail": f"{type(e).__name__}: {e}"}
    r["time"] = time.time() - t
    return r


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed-start", type=int, default=0)
    p.add_argument("--count", type=int, default=30)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--fx2c", default=os.path.join(ROOT, "build", "fx2c"), help="the fx2c command (split like a shell)")
    p.add_argument("--backends", default="interp",
                   help="comma-separated: interp (always), exe (the C executable), llvm (the LLVM executable)")
    p.add_argument("--compiled-every", type=int, default=1, metavar="K",
                   help="run the exe/llvm backends only on seeds divisible by K (default: every seed)")
    p.add_argument("--aten-share", type=float, default=0.25, help="share of seeds traced with make_fx (default 0.25)")
    p.add_argument("--timeout", type=float, default=60, help="seconds for one fx2c or executable run")
    p.add_argument("--keep-failures", metavar="DIR", help="copy each mismatching or crashing case into DIR/seedN")
    p.add_argument("--work", default=None, help="folder for the temporary cases (default: the system's)")
    p.add_argument("--exclude", default="", metavar="CLASS,...",
                   help="op classes not to generate: " + ", ".join(gen.EXCLUDABLE) + " (to look past known bugs; "
                        "another exclusion list gives other models for the same seeds)")
    p.add_argument("--quiet", action="store_true", help="no line per seed on stderr")
    p.add_argument("--dumps", action="store_true",
                   help="also compare every node's result with PyTorch's (fx2c-export --dump; fx2c run --dump and "
                        "the executables built with --profile and run with --dump; fx2c compare)")
    opts = p.parse_args(argv)
    opts.fx2c = [os.path.abspath(a) if os.path.exists(a) else a for a in shlex.split(opts.fx2c)]
    opts.backends = [b.strip() for b in opts.backends.split(",") if b.strip()]
    for b in opts.backends:
        if b not in ("interp", "exe", "llvm"):
            p.error(f"unknown backend '{b}'")
    opts.exclude = [c.strip() for c in opts.exclude.split(",") if c.strip()]
    for c in opts.exclude:
        if c not in gen.EXCLUDABLE:
            p.error(f"unknown --exclude class '{c}' (one of {', '.join(gen.EXCLUDABLE)})")
    if opts.keep_failures:
        opts.keep_failures = os.path.abspath(opts.keep_failures)
        os.makedirs(opts.keep_failures, exist_ok=True)
    if opts.work:
        os.makedirs(opts.work, exist_ok=True)

    seeds = range(opts.seed_start, opts.seed_start + opts.count)
    t0 = time.time()
    results = []
    tasks = [(s, opts) for s in seeds]
    if opts.jobs > 1:
        with multiprocessing.get_context("fork").Pool(opts.jobs) as pool:
            it = pool.imap_unordered(worker, tasks)
            for r in it:
                results.append(r)
                report_one(r, opts)
    else:
        for t in tasks:
            r = worker(t)
            results.append(r)
            report_one(r, opts)
    results.sort(key=lambda r: r["seed"])
    return summarize(results, opts, time.time() - t0)


def report_one(r, opts):
    if opts.quiet:
        return
    bk = " ".join(f"{b}={s}" for b, (s, _) in r["backends"].items())
    print(f"seed {r['seed']:6d} {'aten ' if r['aten'] else 'torch'} {r['status']:9s} {r['time']:5.1f}s {bk}"
          + (f"  {r['detail'][:150]}" if r["status"] != "pass" else ""), file=sys.stderr, flush=True)


def summarize(results, opts, wall):
    counts = collections.Counter(r["status"] for r in results)
    tested = len(results) - counts["discarded"]
    out = []
    out.append(f"diff: seeds {opts.seed_start}..{opts.seed_start + opts.count - 1} ({len(results)}), "
               f"backends {','.join(opts.backends)}"
               + (f", excluding {','.join(opts.exclude)}" if opts.exclude else "") + f", {wall:.0f} s")
    out.append("")
    out.append("| outcome | seeds |")
    out.append("|---|---|")
    for k in ("pass", "refused", "mismatch", "crash", "harness", "discarded"):
        out.append(f"| {k} | {counts[k]} |")
    both = sum(1 for r in results if r.get("torch_refused") and r["status"] == "refused")
    if both:
        out.append("")
        out.append(f"Of the refused, {both} are models that PyTorch refuses too (eager raises a RuntimeError): "
                   "fx2c must not compute them.")
    by_backend = collections.Counter((b, s) for r in results for b, (s, _) in r["backends"].items())
    if by_backend:
        out.append("")
        out.append("| backend | pass | refused | mismatch | crash |")
        out.append("|---|---|---|---|---|")
        for b in ("interp", "exe", "llvm"):
            if any(k[0] == b for k in by_backend):
                out.append(f"| {b} | " + " | ".join(str(by_backend[(b, s)]) for s in
                                                     ("pass", "refused", "mismatch", "crash")) + " |")
    refusals = collections.Counter(refusal_key(d) for r in results for b, (s, d) in r["backends"].items()
                                   if s == "refused")
    if refusals:
        out.append("")
        out.append("Refused, by diagnostic (position, names and numbers blanked):")
        for k, n in refusals.most_common():
            out.append(f"  {n:5d}  {k}")
    discards = collections.Counter(re.sub(r"\d+", "N", r["detail"])[:90] for r in results
                                   if r["status"] == "discarded")
    if discards:
        out.append("")
        out.append("Discarded (the generator's misses), by reason:")
        for k, n in discards.most_common(8):
            out.append(f"  {n:5d}  {k}")
    bad = [r for r in results if r["status"] in ("mismatch", "crash", "harness")]
    if bad:
        out.append("")
        out.append("Failures:")
        for r in bad:
            out.append(f"  seed {r['seed']} ({'aten' if r['aten'] else 'torch'}) {r['status']}: {r['detail'][:200]}")
            out.append(f"      ops: {' '.join(r['ops'])}")
    out.append("")
    out.append(f"diff: {tested} tested, {counts['pass']} passed, {counts['refused']} refused, "
               f"{counts['mismatch']} mismatches, {counts['crash']} crashes"
               + (f", {counts['harness']} harness errors" if counts["harness"] else "")
               + f" ({counts['discarded']} discarded)")
    print("\n".join(out), flush=True)
    return 1 if (counts["mismatch"] or counts["crash"] or counts["harness"]) else 0


if __name__ == "__main__":
    sys.exit(main())
