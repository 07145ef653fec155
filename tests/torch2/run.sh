#!/usr/bin/env bash
# Graphs as torch 2.x prints them (tests/torch2/CASE/, written by tests/gen/gen_torch2.py with the module each was
# printed from): `fx2c run` and the C executable must give the module's outputs (PyTorch 1.13's), within 1e-5.
#   run.sh FX2C DIR
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
close() { # expected_dir got_dir
  /usr/bin/python3 "$(dirname "$0")/../npy_compare.py" "$1" "$2" --tol 1e-5
}
for case in "$dir"/*/; do
  name=$(basename "$case")
  inputs=("$case"/input*.npy)
  model=()
  [ -f "$case/weights.pt" ] && model+=(--weights "$case/weights.pt")
  [ -f "$case/modules.txt" ] && model+=(--modules "$case/modules.txt")
  if "$fx2c" run "$case/graph.fx" "${model[@]}" "${inputs[@]}" -o "$work/$name.interp" 2>"$work/err" &&
    close "$case" "$work/$name.interp"
  then pass=$((pass + 1)); else echo "FAIL $name: fx2c run"; cat "$work/err"; fail=$((fail + 1)); fi
  # the inputs by the names the user knows (x for dynamo's l_x_)
  specs=()
  for i in "${!inputs[@]}"; do
    n=x
    [ "$i" -gt 0 ] && n=x$i
    specs+=(--input "$n=${inputs[$i]}")
  done
  if "$fx2c" compile "$case/graph.fx" "${model[@]}" "${specs[@]}" --emit exe -o "$work/$name.exe" 2>"$work/err" &&
    "$work/$name.exe" "${inputs[@]}" -o "$work/$name.exe.out" 2>>"$work/err" && close "$case" "$work/$name.exe.out"
  then pass=$((pass + 1)); else echo "FAIL $name: the executable"; cat "$work/err"; fail=$((fail + 1)); fi
done
echo "torch2: $pass passed, $fail failed"
[ $fail -eq 0 ]
