"""fx2c_tracediff: HTA's TraceDiff API over `fx2c trace-diff` (issue 13), for notebooks.

    import sys; sys.path.insert(0, "tools")
    import fx2c_tracediff as td
    df = td.compare_traces(["o0.json"], ["o2.json"])          # a pandas DataFrame, one row per operator
    td.ops_diff(["o0.json"], ["o2.json"])                     # {"added": [...], "deleted": [...], ...}
    td.visualize_counts_diff(df, "counts.png")                # matplotlib bar charts of the top changes
    td.visualize_duration_diff(df, "durations.png")

One implementation: every function runs `fx2c trace-diff --csv` (the fx2c on PATH, or FX2C, or fx2c=...) and reads
its CSV, so the Python view and the command line cannot disagree. The DataFrame's columns are HTA's where they have a
counterpart: name, counts (control_count, test_count, diff_count), durations in microseconds (control_duration,
test_duration, diff_duration), and fx2c's level ("name" or "op"), op, class and absorbed_into.
"""
import io
import os
import subprocess
import tempfile

CLASSES = ("added", "deleted", "increased", "decreased", "unchanged")


def _fx2c(fx2c):
    return fx2c or os.environ.get("FX2C") or "fx2c"


def compare_traces(control, test, by="op", sort="duration", fx2c=None):
    """The per-operator comparison of the control traces with the test traces (paths, or lists of paths), grouped
    by op type (by="op"), node name ("name") or both ("both"), sorted as `fx2c trace-diff --sort` sorts."""
    import pandas as pd
    control = [control] if isinstance(control, str) else list(control)
    test = [test] if isinstance(test, str) else list(test)
    with tempfile.TemporaryDirectory() as d:
        csv = os.path.join(d, "diff.csv")
        p = subprocess.run([_fx2c(fx2c), "trace-diff", *control, "--test", *test, "--by", by, "--sort", sort,
                            "--csv", csv], capture_output=True, text=True)
        if p.returncode != 0:
            raise ValueError(p.stderr.strip() or f"fx2c trace-diff failed with exit status {p.returncode}")
        with open(csv) as f:
            text = f.read()
    df = pd.read_csv(io.StringIO(text), keep_default_na=False,
                     dtype={"name": str, "op": str, "class": str, "absorbed_into": str})
    return df.rename(columns={"control_us": "control_duration", "test_us": "test_duration",
                              "diff_us": "diff_duration"})


def ops_diff(control, test, by="op", fx2c=None):
    """HTA's ops_diff: the operators of each class, {"added": [...], "deleted": [...], "increased": [...],
    "decreased": [...], "unchanged": [...]}."""
    df = compare_traces(control, test, by=by, sort="name", fx2c=fx2c)
    return {c: list(df[df["class"] == c]["name"]) for c in CLASSES}


def _bars(df, column, top, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    key = "diff_" + column
    rows = df.reindex(df[key].abs().sort_values(ascending=False, kind="stable").index).head(top)
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    y = range(len(rows))
    ax.barh([i - 0.2 for i in y], rows["control_" + column], height=0.4, label="control")
    ax.barh([i + 0.2 for i in y], rows["test_" + column], height=0.4, label="test")
    ax.set_yticks(list(y))
    ax.set_yticklabels(rows["name"])
    ax.invert_yaxis()
    ax.set_xlabel("events" if column == "count" else "total duration (us)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return rows


def visualize_counts_diff(df, path, top=20):
    """A bar chart of the `top` largest changes of event counts in compare_traces' DataFrame, saved to path."""
    return _bars(df, "count", top, path, "events per operator, control and test")


def visualize_duration_diff(df, path, top=20):
    """A bar chart of the `top` largest changes of total duration, saved to path."""
    return _bars(df, "duration", top, path, "total duration per operator, control and test")
