"""check_trace.py TRACE.json NODES RUNS: a trace that fx2c wrote (an executable's --trace or fx2c run --trace) is
Chrome's trace event format with one complete event ("ph": "X") per node and run: NODES distinct node names, each
RUNS times, runs 0..RUNS-1, every event with a category (its op type), a non-negative ts and dur in microseconds and
the FX line in args; within a run the events follow one another without overlap."""
import json
import sys


def main():
    path, nodes, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open(path) as f:
        trace = json.load(f)
    events = [e for e in trace["traceEvents"] if e.get("ph") == "X"]
    problems = []
    if len(events) != nodes * runs:
        problems.append(f"{len(events)} complete events, expected {nodes} nodes x {runs} runs")
    names = {}
    for e in events:
        for key in ("name", "cat", "ts", "dur", "pid", "tid", "args"):
            if key not in e:
                problems.append(f"an event without '{key}': {e}")
        if e.get("dur", -1) < 0 or e.get("ts", -1) < 0:
            problems.append(f"negative time: {e}")
        if not str(e.get("args", {}).get("fx", "")).startswith("%") and e.get("name") != "(prologue)":
            problems.append(f"no FX line in args: {e}")
        names.setdefault(e.get("name"), []).append(e.get("args", {}).get("run"))
    if len(names) != nodes:
        problems.append(f"{len(names)} distinct names, expected {nodes}: {sorted(names)}")
    for name, rs in names.items():
        if sorted(rs) != list(range(runs)):
            problems.append(f"{name}: runs {sorted(rs)}")
    for r in range(runs):
        run = sorted((e["ts"], e["ts"] + e["dur"]) for e in events if e["args"]["run"] == r)
        for (a0, a1), (b0, _) in zip(run, run[1:]):
            if b0 < a1 - 1e-3:
                problems.append(f"run {r}: events overlap at {b0}")
    if problems:
        print("\n".join(problems[:20]))
        sys.exit(1)
    print(f"{path}: {len(events)} events, {nodes} nodes x {runs} runs")


main()
