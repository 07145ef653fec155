#!/bin/bash
# ctest quant_e2e: the models of tests/quant/gen.py (FX graph mode quantization, torch 1.13, qnnpack) through
# `fx2c run`, `fx2c compile --emit exe` and `fx2c compile -Os --emit exe` (and, in an fx2c with the LLVM backend,
# `--backend llvm` and `-Os --backend llvm`: the compact int8 kernels inline there), each output compared with PyTorch's
# (tests/quant/compare.py); and all of them again with --requantize fixed (fixed-point requantization: the same
# tolerance, exact or one step on at most 0.1% of the elements), whose `fx2c run` must give the bits of its -O2
# executable. Needs /usr/bin/python3 with torch: exit 77 (skipped) without it.
#   tests/quant/run.sh FX2C [CASE ...]
set -u
FX2C=$(realpath "$1")
shift
HERE=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
$PY -c 'import torch, numpy' 2>/dev/null || { echo "torch is missing: skipped"; exit 77; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
$PY "$HERE/gen.py" "$W" "$@" || exit 1
fail=0
fixed=--requantize_fixed
llvm="" # the LLVM backend's executables at -O2 and -Os, with either requantization (option lists with _ for spaces)
"$FX2C" --version | grep -q "backends:.* llvm" &&
  llvm="--backend_llvm -Os_--backend_llvm --backend_llvm_$fixed -Os_--backend_llvm_$fixed"
for d in "$W"/*/; do
  c=$(basename "$d")
  cd "$d" || exit 1
  A=(graph.fx --modules modules.txt --weights weights.pt)
  if ! "$FX2C" run "${A[@]}" input.npy -o run > log 2>&1; then echo "$c run: FAILED"; cat log; fail=1; continue; fi
  $PY "$HERE/compare.py" expected.npy run/output0.npy > cmp 2>&1 || { echo "$c run: $(cat cmp)"; fail=1; }
  if ! "$FX2C" run "${A[@]}" --requantize fixed input.npy -o run_fixed > log 2>&1; then
    echo "$c run --requantize fixed: FAILED"; cat log; fail=1; continue
  fi
  $PY "$HERE/compare.py" expected.npy run_fixed/output0.npy > cmp 2>&1 ||
    { echo "$c run --requantize fixed: $(cat cmp)"; fail=1; }
  for opt in "" -Os $fixed -Os_$fixed $llvm; do
    # shellcheck disable=SC2086
    "$FX2C" compile "${A[@]}" ${opt//_/ } --input x=input.npy --emit exe -o exe$opt > log 2>&1
    if [ ! -x exe$opt ] || ! ./exe$opt input.npy -o out$opt > log2 2>&1; then
      echo "$c exe $opt: FAILED"; cat log log2 2>/dev/null; fail=1; continue
    fi
    $PY "$HERE/compare.py" expected.npy out$opt/output0.npy > cmp 2>&1 || { echo "$c exe $opt: $(cat cmp)"; fail=1; }
  done
  # the interpreter runs the lowered calls of -O2: the bits of the -O2 executable, with either requantization
  cmp -s run/output0.npy out/output0.npy || { echo "$c: fx2c run and the -O2 executable differ"; fail=1; }
  cmp -s run_fixed/output0.npy out$fixed/output0.npy ||
    { echo "$c: fx2c run --requantize fixed and the -O2 --requantize fixed executable differ"; fail=1; }
  echo "$c: run, exe, exe -Os${llvm:+, LLVM exe -O2 and -Os} checked, each with --requantize float and fixed"
done
exit $fail
