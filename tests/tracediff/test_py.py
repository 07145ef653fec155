"""test_py.py FX2C: tools/fx2c_tracediff.py (HTA's TraceDiff API over fx2c trace-diff) agrees with the command line:
compare_traces' DataFrame has the rows, counts, durations and classes of the table that `fx2c trace-diff` prints,
by op type and by name; ops_diff lists each class; the two charts are written as PNG files."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import fx2c_tracediff as td  # noqa: E402

ROW = re.compile(r"^(\S+)\s+(added|deleted|increased|decreased|unchanged)\s+(\d+)\s+(\d+)\s+([+-]\d+)\s+([0-9.]+)\s+"
                 r"([0-9.]+)\s+([+-][0-9.]+)")


def table(fx2c, by, *files):
    p = subprocess.run([fx2c, "trace-diff", *files, "--by", by], capture_output=True, text=True, check=True)
    return {m.group(1): m.groups()[1:] for m in map(ROW.match, p.stdout.splitlines()) if m}


def main():
    fx2c = sys.argv[1]
    o0, o2, torch_json = (os.path.join(HERE, f) for f in ("o0.json", "o2.json", "torch.json"))
    problems = []
    for by, control, test in (("op", o0, o2), ("name", o0, o2), ("op", torch_json, o2)):
        df = td.compare_traces([control], [test], by=by, fx2c=fx2c)
        want = table(fx2c, by, control, "--test", test)
        got = {r["name"]: (r["class"], r["control_count"], r["test_count"], r["diff_count"], r["control_duration"],
                           r["test_duration"], r["diff_duration"]) for _, r in df.iterrows()}
        if set(got) != set(want):
            problems.append(f"{by}: rows {sorted(got)} != {sorted(want)}")
        for k in want:
            w, g = want[k], got.get(k)
            if g is None or w[0] != g[0] or [int(x) for x in w[1:4]] != [int(x) for x in g[1:4]] or \
                    any(abs(float(a) - float(b)) > 1e-3 for a, b in zip(w[4:], g[4:])):
                problems.append(f"{by} {k}: table {w}, DataFrame {g}")
    classes = td.ops_diff(o0, o2, fx2c=fx2c)
    if classes["added"] != ["fused_conv"] or sorted(classes["deleted"]) != ["batch_norm", "convolution", "relu"]:
        problems.append(f"ops_diff: {classes}")
    df = td.compare_traces(o0, o2, fx2c=fx2c)
    with tempfile.TemporaryDirectory() as d:
        for fn, name in ((td.visualize_counts_diff, "c.png"), (td.visualize_duration_diff, "d.png")):
            path = os.path.join(d, name)
            rows = fn(df, path, top=3)
            with open(path, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n" or len(rows) != 3:
                    problems.append(f"{fn.__name__}: no PNG of 3 rows")
    try:
        td.compare_traces(os.path.join(HERE, "bad", "notjson.json"), o2, fx2c=fx2c)
        problems.append("a bad trace did not raise")
    except ValueError as e:
        if "not a trace" not in str(e):
            problems.append(f"a bad trace: {e}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("tracediff python: compare_traces, ops_diff and the charts agree with fx2c trace-diff")


main()
