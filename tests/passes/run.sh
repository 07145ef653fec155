#!/usr/bin/env bash
# Pass goldens: for each CASE.fx, `fx2c compile CASE.fx $(cat CASE.args) --emit graph -o -` must print CASE.expected.fx
# (the graph after the passes that CASE.args names), and the program before and after must compute the same outputs
# on a random input (within 1e-5: folding changes the rounding): the interpreter on the graph as read against an
# executable compiled with the passes; and the golden graph, read back, runs to the same outputs (except after the
# passes that make weights of their own: bnfold, constfold, winograd, prepack, nchwc).
#   run.sh FX2C DIR [--update]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$(cd "$2" && pwd) update=${3:-}
cd "$dir" || exit 1 # CASE.args names its other files relative to the folder
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
  files=$(sed -n 's/.*\(--modules [^ ]*\).*/\1/p' "$dir/$name.args")
  files="$files $(sed -n 's/.*\(--weights [^ ]*\).*/\1/p' "$dir/$name.args")"
  # before: the interpreter on the graph as read; after: an executable of the optimized program (its folded weights
  # live in the generated code, not in the printed graph)
  # shellcheck disable=SC2086,SC2046
  "$fx2c" run "$f" $files "$work/in.npy" -o "$work/before" 2>"$work/err" &&
    "$fx2c" compile "$f" $(cat "$dir/$name.args") --emit exe -o "$work/$name.exe" 2>>"$work/err" &&
    "$work/$name.exe" "$work/in.npy" -o "$work/after" 2>>"$work/err"
  if [ -n "$(ls "$work/before" 2>/dev/null)" ] && /usr/bin/python3 - "$work/before" "$work/after" <<'PY'
import numpy as np, os, sys
bad = 0
for f in sorted(os.listdir(sys.argv[1])):
    a, b = np.load(os.path.join(sys.argv[1], f)), np.load(os.path.join(sys.argv[2], f))
    if a.shape != b.shape or a.dtype != b.dtype or not np.allclose(a, b, rtol=1e-5, atol=1e-5 * max(1.0, float(np.abs(a).max()) if a.size else 0.0)):
        print(f"{f}: differs"); bad += 1
sys.exit(bad)
PY
  then pass=$((pass + 1)); else echo "FAIL $name: outputs differ after the passes"; cat "$work/err"; fail=$((fail + 1)); fi
  # the golden graph read back (fx2c's own ops included) runs in the interpreter and computes the same; not after
  # the passes whose new weights are not in the case's weights file
  case $(cat "$dir/$name.args") in
  *bnfold* | *constfold* | *winograd* | *prepack* | *nchwc*) ;;
  *)
    # shellcheck disable=SC2086
    if "$fx2c" run "$dir/$name.expected.fx" $files "$work/in.npy" -o "$work/golden" 2>"$work/err" &&
      /usr/bin/python3 -c "
import numpy as np, os, sys
sys.exit(any(not np.array_equal(np.load(os.path.join(sys.argv[1], f)), np.load(os.path.join(sys.argv[2], f)))
             for f in os.listdir(sys.argv[1])))" "$work/before" "$work/golden"
    then pass=$((pass + 1)); else echo "FAIL $name: the golden graph does not run to the same outputs"; cat "$work/err"; fail=$((fail + 1)); fi
    ;;
  esac
  rm -rf "$work/before" "$work/after" "$work/golden"
done
echo "passes: $pass passed, $fail failed"
[ $fail -eq 0 ]
