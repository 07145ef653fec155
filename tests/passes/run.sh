#!/usr/bin/env bash
# Pass goldens: for each CASE.fx, `fx2c compile CASE.fx $(cat CASE.args) --emit graph -o -` must print CASE.expected.fx
# (the graph after the passes that CASE.args names), and the program before and after must compute the same outputs
# (fx2c run at -O0 on the original against the compiled executable of the optimized graph is left to the zoo; here
# the interpreter runs both graphs on the same random input and the outputs must be equal).
#   run.sh FX2C DIR [--update]
set -u
fx2c=$1 dir=$2 update=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for f in "$dir"/*.fx; do
  case $f in *.expected.fx) continue ;; esac
  name=$(basename "$f" .fx)
  # shellcheck disable=SC2046
  if ! "$fx2c" compile "$f" $(cat "$dir/$name.args") --emit graph -o "$work/$name.fx" 2>"$work/err"; then
    echo "FAIL $name: fx2c failed"; cat "$work/err"; fail=$((fail + 1)); continue
  fi
  [ "$update" = --update ] && cp "$work/$name.fx" "$dir/$name.expected.fx"
  if cmp -s "$work/$name.fx" "$dir/$name.expected.fx"; then pass=$((pass + 1))
  else echo "FAIL $name: the graph after the passes differs"; diff "$dir/$name.expected.fx" "$work/$name.fx"; fail=$((fail + 1)); fi
  # the same outputs before and after, on an input of the shape CASE.args gives
  spec=$(sed -n 's/.*--input \([^ ]*\).*/\1/p' "$dir/$name.args")
  /usr/bin/python3 -c "
import numpy as np, re, sys
name, dt, dims = re.match(r'(\w+):(\w+)\[([0-9,]*)\]', sys.argv[1]).groups()
shape = [int(d) for d in dims.split(',') if d]
np.save(sys.argv[2], np.random.default_rng(0).standard_normal(shape).astype(np.float32))" "$spec" "$work/in.npy"
  "$fx2c" run "$f" "$work/in.npy" -o "$work/before" 2>"$work/err" && "$fx2c" run "$work/$name.fx" "$work/in.npy" -o "$work/after" 2>>"$work/err"
  same=1
  for o in "$work/before"/*.npy; do cmp -s "$o" "$work/after/$(basename "$o")" || same=0; done
  if [ $same = 1 ] && [ -n "$(ls "$work/before")" ]; then pass=$((pass + 1)); else echo "FAIL $name: outputs differ after the passes"; cat "$work/err"; fail=$((fail + 1)); fi
  rm -rf "$work/before" "$work/after"
done
echo "passes: $pass passed, $fail failed"
[ $fail -eq 0 ]
