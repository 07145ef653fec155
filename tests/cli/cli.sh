#!/usr/bin/env bash
# The command line as CONTRACT.md describes it, on the weights fixture of tests/gen/gen_weights.py (Model: conv, bn,
# fc): compile with --modules/--weights/--input checks the model and still prints the graph as read; shape errors,
# unknown inputs and bad specs fail with the right exit status and message.
#   cli.sh FX2C TESTS_DIR
set -u
fx2c=$1 tests=$2 dir=$2/cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
expect() { # description, wanted exit status, wanted text on stderr ('' for none), command...
  local what=$1 want=$2 text=$3
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  if [ $rc -ne "$want" ]; then echo "FAIL $what: exit status $rc, expected $want"; cat "$work/err"; fail=$((fail + 1)); return; fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$work/err"; then
    echo "FAIL $what: stderr lacks '$text'"; cat "$work/err"; fail=$((fail + 1)); return
  fi
  pass=$((pass + 1))
}
common=(--modules "$dir/model.modules.txt" --weights "$tests/weights/model.safetensors")
expect "compile with modules, weights and shapes" 0 "" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' --emit graph -O0 -o "$work/g.fx"
if cmp -s "$dir/model.fx" "$work/g.fx"; then pass=$((pass + 1)); else echo "FAIL the graph printed is not the graph read"; fail=$((fail + 1)); fi
expect "a shape error at its node" 1 "model.fx:3:5: error: convolution: the input has 4 channels but the weight expects 3" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,4,8,8]' --emit graph -o /dev/null
expect "an input the graph does not have" 1 "the graph has no placeholder 'q'" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'q:f32[2]' --emit graph -o /dev/null
expect "a malformed input spec" 2 "bad --input 'x:f99[1]'" \
  "$fx2c" compile "$dir/model.fx" --input 'x:f99[1]' --emit graph -o /dev/null
expect "modules without weights" 1 "weight 'conv.weight' of module 'conv' (Conv2d) is missing: no --weights given" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
expect "call_module without modules" 1 "needs the module tree: pass --modules" \
  "$fx2c" compile "$dir/model.fx" --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
# the LLVM backend's command line (tests/llvm has its outputs); an fx2c built without LLVM says so
m=("$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]')
if "$fx2c" --version | grep -q 'built without LLVM'; then
  expect "--emit llvm without LLVM" 2 "--emit llvm needs the LLVM backend, and this fx2c was built without it" \
    "$fx2c" compile "${m[@]}" --emit llvm -o "$work/m.ll"
  expect "--emit obj without LLVM" 2 "--emit obj needs the LLVM backend, and this fx2c was built without it" \
    "$fx2c" compile "${m[@]}" --emit obj -o "$work/m.o"
  expect "--backend llvm without LLVM" 2 "--backend llvm needs the LLVM backend, and this fx2c was built without it" \
    "$fx2c" compile "${m[@]}" --backend llvm --emit exe -o "$work/m.exe"
else
  expect "an unknown target" 2 "unknown target 'sparc9-foo'" "$fx2c" compile "${m[@]}" --emit obj --target sparc9-foo -o "$work/m.o"
  expect "a big-endian target" 2 "is big-endian" "$fx2c" compile "${m[@]}" --emit obj --target aarch64_be-linux-gnu -o "$work/m.o"
  expect "--cpu native for another target" 2 "--cpu native is this machine's CPU" \
    "$fx2c" compile "${m[@]}" --emit obj --target aarch64-linux-gnu --cpu native -o "$work/m.o"
  expect "features without a sign" 2 "--features 'avx2': expected a comma-separated list of +feature or -feature" \
    "$fx2c" compile "${m[@]}" --emit obj --features avx2 -o "$work/m.o"
  expect "--target with the C backend" 2 "--target needs the LLVM backend" \
    "$fx2c" compile "${m[@]}" --emit exe --target aarch64-linux-gnu -o "$work/m.exe"
  expect "an executable for another target" 2 "--emit exe builds for this machine" \
    "$fx2c" compile "${m[@]}" --backend llvm --emit exe --target aarch64-linux-gnu -o "$work/m.exe"
  expect "--backend c --emit obj" 2 "--emit obj is the LLVM backend's output" \
    "$fx2c" compile "${m[@]}" --backend c --emit obj -o "$work/m.o"
  expect "--backend llvm --emit c" 2 "--emit c is the C backend's output" \
    "$fx2c" compile "${m[@]}" --backend llvm --emit c -o "$work/c"
  expect "an output that model.h would overwrite" 2 "choose another name" \
    "$fx2c" compile "${m[@]}" --emit obj -o "$work/model.h"
  expect "--emit llvm to standard output" 0 "" "$fx2c" compile "${m[@]}" --emit llvm -o -
  if grep -q '^define i32 @model_run(ptr %x, ptr %output0, ptr %workspace)' "$work/out"; then pass=$((pass + 1))
  else echo "FAIL --emit llvm -o - did not print model_run"; fail=$((fail + 1)); fi
  expect "--emit obj writes model.h beside the object" 0 "" "$fx2c" compile "${m[@]}" --emit obj --prefix net -o "$work/net.o"
  if [ -s "$work/net.o" ] && grep -q 'fxrt_status net_run(const float \*x, float \*output0, void \*workspace);' "$work/net.h"
  then pass=$((pass + 1)); else echo "FAIL --emit obj -o net.o: no net.o, or net.h lacks net_run"; fail=$((fail + 1)); fi
fi
expect "-g with --emit c" 2 "-g applies to --emit llvm, bc, obj and exe" "$fx2c" compile "${m[@]}" -g --emit c -o "$work/c"
expect "--emit c without input shapes" 1 "model.fx:2:5: error: --emit c needs the shape of input 'x'" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --emit c -o "$work/c"
expect "--emit c to standard output" 2 "--emit c needs -o PATH" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' --emit c -o -
expect "a prefix in the runtime's namespace" 2 "--prefix 'fxrt_m' is in the runtime's namespace" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' --emit c --prefix fxrt_m -o "$work/c"
expect "a prefix that is the start of internal names (x, w_...)" 0 "" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' --emit c --prefix w -o "$work/cw"
expect "a prefix that is not a C identifier" 2 "--prefix '9lives' is not a C identifier" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' --emit c --prefix 9lives -o "$work/c"
expect "run without inputs" 1 "the graph has 1 inputs but 0 .npy files were given" \
  "$fx2c" run "$dir/model.fx" "${common[@]}" -o "$work/out"
expect "run with a weights file that is not one" 1 "" \
  "$fx2c" run "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model.fx" "$tests/weights/npy_f32.npy" -o "$work/o"
# the pass manager (fixtures of tests/passes)
pd=$tests/passes
bn=("$pd/bnfold.fx" --modules "$pd/bnfold.modules.txt" --weights "$pd/bnfold.safetensors" --input 'x:f32[2,3,8,8]')
ep=("$pd/epilogue.fx" --modules "$pd/epilogue.modules.txt" --weights "$pd/epilogue.safetensors" --input 'x:f32[2,3,8,8]')
expect "an unknown pass" 2 "unknown pass 'bogus' in --passes" "$fx2c" compile "${bn[@]}" --passes noop,bogus --emit graph -o -
expect "--stats counts the folded BatchNorms and the saved weight bytes" 0 \
  "pass bnfold      18 ->    15 nodes: 3 removed, 3 BatchNorms folded, 0 fusion groups, 240 weight bytes saved" \
  "$fx2c" compile "${bn[@]}" --stats --emit graph -o "$work/g.fx"
expect "--stats counts the fusion groups and the arena before and after" 0 \
  "6 fusion groups, 0 weight bytes saved, arena " "$fx2c" compile "${ep[@]}" --stats --emit graph -o "$work/g.fx"
expect "--print-after prints the graph after that pass" 0 "# after bnfold" \
  "$fx2c" compile "${bn[@]}" --print-after bnfold --emit graph -o "$work/g.fx"
expect "-O0 runs no pass (nothing to print after)" 0 "" "$fx2c" compile "${bn[@]}" -O0 --stats --emit graph -o "$work/g.fx"
if [ -s "$work/err" ]; then echo "FAIL -O0 --stats printed: $(head -1 "$work/err")"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
wg=("$pd/winograd.fx" --modules "$pd/winograd.modules.txt" --weights "$pd/winograd.safetensors" --input 'x:f32[2,3,10,9]')
expect "-O2 runs winograd" 0 "pass winograd" "$fx2c" compile "${wg[@]}" -O2 --stats --emit graph -o "$work/g.fx"
expect "-O1 runs every pass but winograd" 0 "pass ewfuse" "$fx2c" compile "${wg[@]}" -O1 --stats --emit graph -o "$work/g.fx"
for p in noop constfold bnfold epilogue padfold cse dce; do
  grep -q "^pass $p " "$work/err" && pass=$((pass + 1)) || { echo "FAIL -O1 did not run $p"; fail=$((fail + 1)); }
done
if grep -q "winograd" "$work/err" "$work/g.fx"; then echo "FAIL -O1 ran winograd"; fail=$((fail + 1)); else pass=$((pass + 1)); fi

same() { # description, file, its copy: the file must be unchanged
  if cmp -s "$2" "$3"; then pass=$((pass + 1)); else echo "FAIL $1: '$2' differs from '$3' (overwritten, or not written)"; fail=$((fail + 1)); fi
}
ow=$work/ow
mkdir -p "$ow"

# ---- issue 15: bounded reads: a directory, a device, a FIFO or an endless stream is refused by name, never waited on.
# bounded CMD...: CMD within 20 s and (unless fx2c is built with AddressSanitizer, which reserves terabytes of address
# space) 2 GB of memory, so that a reader that grows without bound fails here without taking the machine's memory.
bounded() {
  if grep -q __asan_init "$fx2c"; then timeout -s KILL 20 "$@"; else (ulimit -v 2000000; timeout -s KILL 20 "$@"); fi
}
expect "a graph that is a directory" 1 "cannot read '$ow': it is a directory" bounded "$fx2c" compile "$ow" --emit graph -o -
expect "a graph that is a device" 1 "cannot read '/dev/zero': it is a device, not a file" \
  bounded "$fx2c" compile /dev/zero --emit graph -o -
expect "a modules file that is a device" 1 "cannot read '/dev/zero': it is a device, not a file" \
  bounded "$fx2c" compile "$dir/model.fx" --modules /dev/zero --input 'x:f32[1,3,8,8]' --emit graph -o -
expect "a graph on standard input that never ends" 1 "it is larger than 256 MiB" \
  bounded sh -c 'yes | "$1" compile - --emit graph -o /dev/null' sh "$fx2c"
expect "a graph read from a pipe" 0 "" sh -c 'cat "$2" | "$1" compile /dev/stdin --emit graph -o -' sh "$fx2c" "$dir/model.fx"
mkfifo "$ow/fifo"
expect "an .npy input that is a FIFO" 1 "fifo: cannot read: not a regular file" \
  bounded "$fx2c" run "$dir/optional.fx" "$ow/fifo" -o "$ow/o2"
expect "weights that are a FIFO" 1 "fifo: cannot read: not a regular file" \
  bounded "$fx2c" run "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$ow/fifo" "$dir/npy/c.npy" -o "$ow/o2"
expect "--input NAME=FILE that is a FIFO" 1 "fifo: cannot read: not a regular file" \
  bounded "$fx2c" compile "$dir/optional.fx" --input "x=$ow/fifo" --emit graph -o /dev/null

# ---- issue 15: one .npy header parser (runtime/fxrt_npy.h) for fx2c and the executables (tests/cli/gen_npy.py)
printf 'graph():\n    %%x : [#users=1] = placeholder[target=x]\n    %%relu : [#users=1] = call_function[target=torch.relu](args = (%%x,), kwargs = {})\n    return relu\n' >"$work/relu.fx"
expect "an executable" 0 "" "$fx2c" compile "$work/relu.fx" --input 'x:f32[2,3]' --emit exe -o "$work/relu.exe"
for f in c c_spelled; do
  expect "the executable reads $f.npy" 0 "" "$work/relu.exe" "$dir/npy/$f.npy" -o "$work/exe_$f"
  expect "fx2c run reads $f.npy" 0 "" "$fx2c" run "$work/relu.fx" "$dir/npy/$f.npy" -o "$work/run_$f"
  same "the executable's output of $f.npy is fx2c run's" "$work/exe_$f/output0.npy" "$work/run_$f/output0.npy"
  same "the output of $f.npy is that of c.npy" "$work/exe_$f/output0.npy" "$work/run_c/output0.npy"
done
for f in f f_nospace; do
  expect "the executable refuses the Fortran-order $f.npy" 1 "is a Fortran-order array, which is not read" \
    "$work/relu.exe" "$dir/npy/$f.npy" -o "$work/exe_$f"
  expect "fx2c run refuses the Fortran-order $f.npy" 1 "Fortran-order arrays are not supported" \
    "$fx2c" run "$work/relu.fx" "$dir/npy/$f.npy" -o "$work/run_$f"
done
expect "the executable names a bad header's problem" 1 "has a bad .npy header: expected ',' or ')' in 'shape'" \
  "$work/relu.exe" "$tests/weights/npy_bad_header.npy" -o "$work/exe_bad"

expect "--version" 0 "" "$fx2c" --version
echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
