#!/usr/bin/env bash
# Issue 15's edge cases that PyTorch computes (tests/edges/CASE/: graph.fx, inputs and PyTorch's outputs, written by
# tests/gen/gen_edges.py from tests/edges/models.py): `fx2c run` and the C executable must give PyTorch's outputs
# exactly (these ops only move elements), with the same dtypes and shapes.
#   run.sh FX2C DIR
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
same() { # expected_dir got_dir
  /usr/bin/python3 "$(dirname "$0")/../npy_compare.py" "$1" "$2"
}
for case in "$dir"/*/; do
  name=$(basename "$case")
  inputs=("$case"/input*.npy)
  if "$fx2c" run "$case/graph.fx" "${inputs[@]}" -o "$work/$name.interp" 2>"$work/err" && same "$case" "$work/$name.interp"
  then pass=$((pass + 1)); else echo "FAIL $name: fx2c run"; cat "$work/err"; fail=$((fail + 1)); fi
  specs=()
  i=0
  for n in $(sed -n 's/^ *%\([A-Za-z0-9_]*\) : .*= placeholder\[.*/\1/p' "$case/graph.fx"); do
    specs+=(--input "$n=${inputs[$i]}")
    i=$((i + 1))
  done
  if "$fx2c" compile "$case/graph.fx" "${specs[@]}" --emit exe -o "$work/$name.exe" 2>"$work/err" &&
    "$work/$name.exe" "${inputs[@]}" -o "$work/$name.exe.out" 2>>"$work/err" && same "$case" "$work/$name.exe.out"
  then pass=$((pass + 1)); else echo "FAIL $name: the executable"; cat "$work/err"; fail=$((fail + 1)); fi
done
echo "edges: $pass passed, $fail failed"
[ $fail -eq 0 ]
