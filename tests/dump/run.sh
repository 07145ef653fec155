#!/usr/bin/env bash
# Dumps of intermediate tensors and fx2c compare (issue 13, point 4), on tests/dump/models.py:DumpNet exported with
# PyTorch's own per-node results (tools/fx2c-export --dump, torch.fx.Interpreter):
#   - fx2c run --dump, and the executables built with -O2 --profile (C and, with --llvm, LLVM) run with --dump,
#     agree with PyTorch on every common node (fx2c compare exits 0); a fused node's result is dumped under the
#     node whose value it computes (conv1 + bn1 + relu: relu.npy) and nodes.tsv says what it absorbed; the in-place
#     write through a view and both items of the tuple are dumped;
#   - with one weight corrupted (conv2.weight x 1.5), compare exits 1 and names conv2 as the first node beyond the
#     tolerance (fx2c run), or the fused node that absorbed conv2 (the -O2 executable);
#   - refusals: a plain executable's --dump, a dump folder that is a file (before the run: no output written), a
#     dump that would overwrite an input, compare of a folder that is no dump or whose nodes.tsv is malformed.
#   run.sh FX2C TESTS_DIR [--llvm]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") tests=$(cd "$2" && pwd) llvm=${3:-}
here=$tests/dump root=$(cd "$tests/.." && pwd)
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
py=/usr/bin/python3
[ -x $py ] || py=python3

m=$work/m
$py "$root/tools/fx2c-export" --module "$here/models.py:DumpNet" --input 'x:f32[2,3,8,8]' --randomize-bn \
  --out "$m" --dump "$work/ref" --quiet || { echo "FAIL the export"; exit 1; }
args=("$m/graph.fx" --modules "$m/modules.txt" --weights "$m/weights.safetensors")
for f in mul_ topk.0 topk.1 conv2 bn2 relu; do
  [ -f "$work/ref/$f.npy" ] && grep -q "^$f	" "$work/ref/nodes.tsv" || bad "the reference dump has no $f"
done

# the interpreter
"$fx2c" run "${args[@]}" "$m/input0.npy" -o "$work/out_run" --dump "$work/run" 2>"$work/err" || { bad "fx2c run --dump"; cat "$work/err"; }
"$fx2c" compare "$work/ref" "$work/run" >"$work/cmp" 2>&1
if [ $? = 0 ] && grep -q "all within" "$work/cmp"; then ok; else bad "fx2c run's dump against PyTorch's"; cat "$work/cmp"; fi
for f in conv1 bn1 relu conv2 mul_ topk.0 topk.1; do
  [ -f "$work/run/$f.npy" ] || bad "fx2c run --dump wrote no $f.npy"
done
n_ref=$(grep -c "^[^#]" "$work/ref/nodes.tsv") n_run=$(grep -c "^[^#]" "$work/run/nodes.tsv")
if [ "$n_run" -ge $((n_ref - 6)) ]; then ok; else bad "fx2c run dumped $n_run node results, PyTorch $n_ref"; fi

# the executables, -O2 (fused)
backends=(c)
[ "$llvm" = --llvm ] && backends+=(llvm)
for be in "${backends[@]}"; do
  "$fx2c" compile "${args[@]}" --input "x=$m/input0.npy" --emit exe --backend $be --profile -o "$work/exe_$be" 2>"$work/err" ||
    { bad "compile --backend $be --profile"; cat "$work/err"; continue; }
  "$work/exe_$be" "$m/input0.npy" -o "$work/out_$be" --dump "$work/d_$be" --bench 2 >/dev/null 2>"$work/err" ||
    { bad "the $be executable's --dump"; cat "$work/err"; }
  "$fx2c" compare "$work/ref" "$work/d_$be" >"$work/cmp" 2>&1
  if [ $? = 0 ] && grep -q "all within" "$work/cmp"; then ok; else bad "the $be executable's dump against PyTorch's"; cat "$work/cmp"; fi
  if grep -q "^relu	conv1_fused	fused_conv	conv1, bn1, relu$" "$work/d_$be/nodes.tsv" && [ -f "$work/d_$be/relu.npy" ] &&
     [ ! -f "$work/d_$be/conv1.npy" ]; then ok
  else bad "the $be executable: conv1 + bn1 + relu not dumped as relu by conv1_fused"; cat "$work/d_$be/nodes.tsv"; fi
  lines=$(grep -c "^[^#]" "$work/d_$be/nodes.tsv")
  [ "$(ls "$work/d_$be"/*.npy | wc -l)" = "$lines" ] && ok || bad "the $be dump: nodes.tsv lists $lines files"
done

# one corrupted weight: compare names its consumer
$py "$here/corrupt.py" "$m/weights.safetensors" "$work/bad.safetensors" conv2.weight 1.5
"$fx2c" run "$m/graph.fx" --modules "$m/modules.txt" --weights "$work/bad.safetensors" "$m/input0.npy" -o "$work/out_bad" \
  --dump "$work/run_bad" 2>"$work/err" || { bad "fx2c run --dump with the corrupted weight"; cat "$work/err"; }
"$fx2c" compare "$work/ref" "$work/run_bad" >"$work/cmp" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "^first node beyond tolerance: conv2 (max error" "$work/cmp"; then ok
else bad "compare did not name conv2, the corrupted weight's consumer (exit $rc)"; cat "$work/cmp"; fi
"$fx2c" compile "$m/graph.fx" --modules "$m/modules.txt" --weights "$work/bad.safetensors" --input "x=$m/input0.npy" \
  --emit exe --profile -o "$work/exe_bad" 2>"$work/err" && "$work/exe_bad" "$m/input0.npy" -o "$work/out_bad2" --dump "$work/d_bad" >/dev/null 2>&1
"$fx2c" compare "$work/ref" "$work/d_bad" >"$work/cmp" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "^first node beyond tolerance: " "$work/cmp" &&
   grep -q "computed by 'conv2_fused' (fused_conv), which absorbed conv2, bn2" "$work/cmp"; then ok
else bad "compare did not name the fused node that absorbed conv2 (exit $rc)"; cat "$work/cmp"; fi

# refusals
"$fx2c" compile "${args[@]}" --input "x=$m/input0.npy" --emit exe -o "$work/plain" 2>/dev/null
"$work/plain" "$m/input0.npy" -o "$work/out_plain" --dump "$work/d_plain" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "built without profiling" "$work/err" && [ ! -e "$work/d_plain" ] && ok || { bad "a plain executable's --dump"; cat "$work/err"; }
: >"$work/afile"
"$fx2c" run "${args[@]}" "$m/input0.npy" -o "$work/out_file" --dump "$work/afile" 2>"$work/err"
[ $? = 1 ] && grep -q "is not a folder" "$work/err" && [ ! -e "$work/out_file" ] && ok || { bad "fx2c run --dump into a file"; cat "$work/err"; }
"$work/exe_c" "$m/input0.npy" -o "$work/out_file2" --dump "$work/afile" 2>"$work/err"
[ $? != 0 ] && grep -q "is not a folder" "$work/err" && [ ! -e "$work/out_file2" ] && ok || { bad "the executable's --dump into a file"; cat "$work/err"; }
mkdir -p "$work/clash" && cp "$m/input0.npy" "$work/clash/relu.npy"
"$fx2c" run "${args[@]}" "$work/clash/relu.npy" -o "$work/out_clash" --dump "$work/clash" 2>"$work/err"
[ $? = 2 ] && grep -q "never overwrites an input" "$work/err" && cmp -s "$m/input0.npy" "$work/clash/relu.npy" && ok ||
  { bad "fx2c run --dump over an input"; cat "$work/err"; }
"$work/exe_c" "$work/clash/relu.npy" -o "$work/out_clash2" --dump "$work/clash" 2>"$work/err"
[ $? != 0 ] && grep -q "refusing to overwrite" "$work/err" && cmp -s "$m/input0.npy" "$work/clash/relu.npy" && ok ||
  { bad "the executable's --dump over an input"; cat "$work/err"; }
"$fx2c" compare "$work/ref" "$work/out_run" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "nodes.tsv" "$work/err" && ok || { bad "compare of a folder that is no dump"; cat "$work/err"; }
mkdir -p "$work/malformed" && printf '# file\tnode\top\tabsorbed\n../relu\trelu\trelu\t\n' >"$work/malformed/nodes.tsv"
"$fx2c" compare "$work/ref" "$work/malformed" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "malformed/nodes.tsv:2:1: error: not a dump's file name" "$work/err" && ok || { bad "compare of a malformed nodes.tsv"; cat "$work/err"; }
"$fx2c" compare "$work/ref" >/dev/null 2>&1
[ $? = 2 ] && ok || bad "compare with one folder"

echo "dump: $pass passed, $fail failed"
[ "$fail" = 0 ]
