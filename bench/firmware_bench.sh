#!/usr/bin/env bash
# Flash, RAM and executed instructions of the models of issue 17 (tests/firmware/gen.py: the f32 sine, mlp, dscnn,
# smallcnn, and the int8 dscnn8 and smallcnn8, the f32 DS-CNN and small CNN quantized by PyTorch's FX graph mode
# quantization) as Cortex-M4F firmware under QEMU mps2-an386, for the C backend at -Os and -O2 and the LLVM backend
# (its -Os object, the compact kernels inline, and its -O2 object, each linked with the runtime at MinSizeRel for
# anything else), against
# the onnx2c numbers of issue 17. Every image's output is checked against PyTorch's first (tests/firmware/run.sh,
# which defines the measurements: flash and RAM against a null image of the same harness, RAM with the workspace and
# model_run's measured stack, instructions from QEMU's -icount shift=0 and SysTick). Prints two Markdown tables (the
# body of bench/results/firmware.md): every image, and each int8 model's C -Os image against its f32 model's
# (flash, RAM and instructions int8 / f32; issue 17's targets: <= 0.30, <= 0.30, < 1.00).
#   bench/firmware_bench.sh FX2C [SOURCE_DIR]          (SOURCE_DIR: the fx2c tree, default this script's)
# Exit status: 0, also when a ratio is poor; non-zero when an image fails to build or run, or its output is wrong.
set -u
fx2c=$1 root=${2:-$(cd "$(dirname "$0")/.." && pwd)}
lines=$(bash "$root/tests/firmware/run.sh" "$fx2c" "$root" --icount --configs "c-Os c-O2 llvm llvm-O2")
status=$?
grep -v -e "^firmware [a-z0-9]* [a-zA-Z0-9-]*: .* PASS$" -e "^firmware: " <<<"$lines" >&2
awk '
function commas(n,   s) { if (n !~ /^[0-9]+$/) return n; s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) } return n s }
function ratio(a, b) { return (a ~ /^[0-9]+$/ && b > 0) ? sprintf("%.2f", a / b) : "-" }
BEGIN {
  split("sine 1520 256 mlp 940864 2176 dscnn 91336 64128 smallcnn 136692 131200", r)
  for (i = 1; i <= 12; i += 3) { oflash[r[i]] = r[i + 1]; oram[r[i]] = r[i + 2] }
  name["c-Os"] = "fx2c f32, C backend, gcc -Os"; name["c-O2"] = "fx2c f32, C backend, gcc -O2"
  name["llvm"] = "fx2c f32, LLVM backend -Os (kernels inline)"; name["llvm-O2"] = "fx2c f32, LLVM backend -O2"
  # targets of issue 17 for int8 against f32 (C -Os): flash <= 0.30, RAM <= 0.30, instructions < 1.00
  tflash = 0.30; tram = 0.30; tinsns = 1.00
  print "| model | build | flash (bytes) | RAM (bytes) | workspace | stack | instructions of model_run | onnx2c flash / RAM (issue 17'"'"'s measurement) | flash fx2c / onnx2c | RAM fx2c / onnx2c |"
  print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
}
/^firmware [a-z0-9]+ [a-zA-Z0-9-]+: / {
  m = $2; c = $3; sub(/:$/, "", c)
  # an int8 model is its f32 model'"'"'s name and 8 (gen.py: dscnn8, smallcnn8)
  int8 = m ~ /8$/ && (substr(m, 1, length(m) - 1) in oflash)
  build = name[c]
  if (int8) { sub(/f32/, "int8", build); if (!(m in seen8)) { order8[++n8] = m; seen8[m] = 1 } }
  if (m != last) { ref = (m in oflash) ? commas(oflash[m]) " / " commas(oram[m]) : ""; last = m } else ref = ""
  if ($4 == "skipped") {
    why = $0; sub(/^[^(]*\(/, "", why); sub(/\)$/, "", why)
    printf "| %s | %s: skipped (%s) | - | - | - | - | - | %s | - | - |\n", m, build, why, ref
    next
  }
  delete v
  for (i = 4; i <= NF; i++) if (split($i, kv, "=") == 2) v[kv[1]] = kv[2]
  ok = $NF == "PASS" ? "" : " (FAILED)"
  fl[m, c] = v["flash"]; ra[m, c] = v["ram"]; ins[m, c] = v["insns"]; okm[m, c] = ok
  printf "| %s | %s%s | %s | %s | %s | %s | %s | %s | %s | %s |\n", m, build, ok, commas(v["flash"]), commas(v["ram"]),
    commas(v["workspace"]), commas(v["stack"]), commas(v["insns"]), ref, ratio(v["flash"], oflash[m]), ratio(v["ram"], oram[m])
}
function mark(r, t, strict) { return r == "-" ? "" : ((strict ? r + 0 < t : r + 0 <= t) ? " (met)" : " (not met)") }
END {
  if (!n8) exit
  print ""
  print "| int8 model | its f32 model | flash int8 / f32 (target <= 0.30) | RAM int8 / f32 (target <= 0.30) | instructions int8 / f32 (target < 1.00) |"
  print "|---|---|---:|---:|---:|"
  for (k = 1; k <= n8; k++) {
    m = order8[k]; f = substr(m, 1, length(m) - 1); c = "c-Os"
    if (!((m, c) in fl) || !((f, c) in fl)) { printf "| %s | %s | - | - | - |\n", m, f; continue }
    rf = ratio(fl[m, c], fl[f, c]); rr = ratio(ra[m, c], ra[f, c]); ri = ratio(ins[m, c], ins[f, c])
    printf "| %s%s | %s%s | %s%s | %s%s | %s%s |\n", m, okm[m, c], f, okm[f, c], rf, mark(rf, tflash, 0), rr, mark(rr, tram, 0),
      ri, mark(ri, tinsns, 1)
  }
}' <<<"$lines"
tail -1 <<<"$lines" >&2
exit $status
