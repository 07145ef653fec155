#!/usr/bin/env bash
# Flash, RAM and executed instructions of the f32 models of issue 17 (tests/firmware/gen.py: sine, mlp, dscnn,
# smallcnn) as Cortex-M4F firmware under QEMU mps2-an386, for the C backend at -Os and -O2 and the LLVM backend
# (its object, the runtime at MinSizeRel), against the onnx2c numbers of issue 17. Every image's output is checked
# against PyTorch's first (tests/firmware/run.sh, which defines the measurements: flash and RAM against a null image
# of the same harness, RAM with the workspace and model_run's measured stack, instructions from QEMU's
# -icount shift=0 and SysTick). Prints a Markdown table (the body of bench/results/firmware.md).
#   bench/firmware_bench.sh FX2C [SOURCE_DIR]          (SOURCE_DIR: the fx2c tree, default this script's)
# Exit status: 0, also when a ratio is poor; non-zero when an image fails to build or run, or its output is wrong.
set -u
fx2c=$1 root=${2:-$(cd "$(dirname "$0")/.." && pwd)}
lines=$(bash "$root/tests/firmware/run.sh" "$fx2c" "$root" --icount --configs "c-Os c-O2 llvm")
status=$?
grep -v -e "^firmware [a-z]* [a-zA-Z0-9-]*: .* PASS$" -e "^firmware: " <<<"$lines" >&2
awk '
function commas(n,   s) { if (n !~ /^[0-9]+$/) return n; s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) } return n s }
function ratio(a, b) { return (a ~ /^[0-9]+$/ && b > 0) ? sprintf("%.2f", a / b) : "-" }
BEGIN {
  split("sine 1520 256 mlp 940864 2176 dscnn 91336 64128 smallcnn 136692 131200", r)
  for (i = 1; i <= 12; i += 3) { oflash[r[i]] = r[i + 1]; oram[r[i]] = r[i + 2] }
  name["c-Os"] = "fx2c f32, C backend, gcc -Os"; name["c-O2"] = "fx2c f32, C backend, gcc -O2"
  name["llvm"] = "fx2c f32, LLVM backend (runtime MinSizeRel)"
  print "| model | build | flash (bytes) | RAM (bytes) | workspace | stack | instructions of model_run | onnx2c flash / RAM (issue 17'"'"'s measurement) | flash fx2c / onnx2c | RAM fx2c / onnx2c |"
  print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
}
/^firmware [a-z]+ [a-zA-Z0-9-]+: / {
  m = $2; c = $3; sub(/:$/, "", c)
  for (i = 4; i <= NF; i++) if (split($i, kv, "=") == 2) v[kv[1]] = kv[2]
  ok = $NF == "PASS" ? "" : " (FAILED)"
  if (m != last) { ref = commas(oflash[m]) " / " commas(oram[m]); last = m } else ref = ""
  printf "| %s | %s%s | %s | %s | %s | %s | %s | %s | %s | %s |\n", m, name[c], ok, commas(v["flash"]), commas(v["ram"]),
    commas(v["workspace"]), commas(v["stack"]), commas(v["insns"]), ref, ratio(v["flash"], oflash[m]), ratio(v["ram"], oram[m])
}' <<<"$lines"
tail -1 <<<"$lines" >&2
exit $status
