#!/usr/bin/env bash
# fx2c trace-diff (issue 13) on fixed trace files (make_fixtures.py wrote them: a small CNN's fx2c traces at -O0 and
# -O2, PyTorch's under torch.profiler and ONNX Runtime's own profile): the tables by node name and by op type, CSV and the two SVG charts against
# the goldens in expected/ (FX2C_UPDATE=1 rewrites them); -O0 against -O2 lists the BatchNorm nodes as deleted; bad
# trace files get one error naming the file and exit status 1; outputs that would overwrite an input are refused;
# tools/fx2c_tracediff.py's DataFrame, ops_diff and charts agree with the command line (test_py.py).
#   run.sh FX2C TESTS_DIR
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") here=$(cd "$2" && pwd)/tracediff
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
cd "$here" || exit 1
golden() { # name, then the command whose stdout (and stderr) is compared with expected/NAME
  local name=$1
  shift
  "$@" >"$work/$name" 2>&1
  echo "exit $?" >>"$work/$name"
  if [ "${FX2C_UPDATE:-}" = 1 ]; then cp "$work/$name" "expected/$name"; fi
  if diff -u "expected/$name" "$work/$name" >"$work/diff"; then pass=$((pass + 1)); else echo "FAIL $name"; head -30 "$work/diff"; fail=$((fail + 1)); fi
}
golden o0_o2.txt "$fx2c" trace-diff o0.json --test o2.json --csv "$work/o0_o2.csv" --plot-counts "$work/counts.svg" \
  --plot-durations "$work/durations.svg"
for f in o0_o2.csv counts.svg durations.svg; do
  [ "${FX2C_UPDATE:-}" = 1 ] && cp "$work/$f" "expected/$f"
  if cmp -s "expected/$f" "$work/$f"; then pass=$((pass + 1)); else echo "FAIL $f differs"; diff "expected/$f" "$work/$f" | head; fail=$((fail + 1)); fi
done
# the BatchNorms (_1, _4 at -O0) are deleted, absorbed into the fused convolutions that took their work
if grep -q "^_1  *deleted.*  _0_fused$" "$work/o0_o2.txt" && grep -q "^_4  *deleted.*  _3_fused$" "$work/o0_o2.txt" &&
   grep -q "^batch_norm  *deleted" "$work/o0_o2.txt"; then pass=$((pass + 1))
else echo "FAIL the BatchNorm nodes are not listed as deleted"; fail=$((fail + 1)); fi
golden torch_o2.txt "$fx2c" trace-diff torch.json --test o2.json --sort count
golden ort_o2.txt "$fx2c" trace-diff ort.json --test o2.json --sort count   # ONNX Runtime's own profile
golden o2_o2_name.txt "$fx2c" trace-diff o2.json o2.json --test o2.json --by name --sort name
for b in notjson truncated noevents object; do
  golden "bad_$b.txt" "$fx2c" trace-diff "bad/$b.json" --test o2.json
done
golden bad_sort.txt "$fx2c" trace-diff o0.json --test o2.json --sort nope
golden bad_usage.txt "$fx2c" trace-diff o0.json
cp o2.json "$work/in.json"
"$fx2c" trace-diff o0.json --test "$work/in.json" --csv "$work/in.json" >/dev/null 2>"$work/err"
if [ $? -eq 2 ] && grep -q "never overwrites an input" "$work/err" && cmp -s o2.json "$work/in.json"; then pass=$((pass + 1))
else echo "FAIL --csv onto an input"; cat "$work/err"; fail=$((fail + 1)); fi
# the Python TraceDiff (tools/fx2c_tracediff.py) agrees with the command line
if /usr/bin/python3 "$here/test_py.py" "$fx2c" >"$work/py" 2>&1; then pass=$((pass + 1)); else echo "FAIL the Python TraceDiff"; cat "$work/py"; fail=$((fail + 1)); fi
echo "tracediff: $pass passed, $fail failed"
[ $fail -eq 0 ]
