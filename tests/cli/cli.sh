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
expect "an input the graph does not have: the ones it has" 1 "its placeholders are 'x'" \
  "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'q:f32[2]' --emit graph -o /dev/null
expect "an input name with a typo: did you mean" 1 "--input bais:f32[2]: the graph has no placeholder 'bais'; did you mean 'bias'?" \
  "$fx2c" compile "$dir/three_inputs.fx" --input 'bais:f32[2]' --emit graph -o /dev/null
expect "an input name far from all: the placeholders" 1 "fx2c: note: its placeholders are 'image', 'mask', 'bias'" \
  "$fx2c" compile "$dir/three_inputs.fx" --input 'zzzz:f32[2]' --emit graph -o /dev/null
if grep -q "did you mean" "$work/err"; then echo "FAIL an input name far from all: a guess"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
expect "x for a make_fx graph: did you mean arg0_1" 1 "the graph has no placeholder 'x'; did you mean 'arg0_1'?" \
  "$fx2c" compile "$dir/make_fx.fx" --input 'x:f32[2]' --emit graph -o /dev/null
expect "x for a make_fx graph: how make_fx names inputs" 1 "make_fx and torch.export name the inputs arg0_1, arg1_1, ..." \
  "$fx2c" compile "$dir/make_fx.fx" --input 'x:f32[2]' --emit graph -o /dev/null
# weights saved from a model inside DistributedDataParallel (module.conv.weight ...): one error, naming the prefix
expect "weights with a prefix" 1 "every tensor's name starts with 'module.'" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model_ddp.pt" \
  --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
if [ "$(grep -c 'error:' "$work/err")" = 1 ]; then pass=$((pass + 1)); else echo "FAIL weights with a prefix: more than one error"; cat "$work/err"; fail=$((fail + 1)); fi
expect "weights with a prefix: the note says --strip-prefix" 1 "pass --strip-prefix module." \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model_ddp.pt" \
  --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
expect "--strip-prefix module." 0 "" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model_ddp.pt" --strip-prefix module. \
  --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
expect "--strip-prefix that no name has" 1 "--strip-prefix 'model.': no tensor of $dir/model_ddp.pt has a name that starts with it" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model_ddp.pt" --strip-prefix model. \
  --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
expect "--strip-prefix without --weights" 1 "--strip-prefix 'module.' is for the names of --weights, and none was given" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --strip-prefix module. --emit graph -o /dev/null
expect "--strip-prefix leaving an empty name" 1 "--strip-prefix 'module.conv.weight': the tensor 'module.conv.weight' of $dir/model_ddp.pt would have no name" \
  "$fx2c" compile "$dir/model.fx" --weights "$dir/model_ddp.pt" --strip-prefix module.conv.weight --emit graph -o /dev/null
expect "--strip-prefix making two names one" 1 "--strip-prefix 'module.': the tensors 'module.w' and 'w' of $dir/weights_dup.pt would both be named 'w'" \
  "$fx2c" compile "$dir/model.fx" --weights "$dir/weights_dup.pt" --strip-prefix module. --emit graph -o /dev/null
expect "run --strip-prefix" 0 "" "$fx2c" run "$dir/model.fx" --modules "$dir/model.modules.txt" --weights "$dir/model_ddp.pt" \
  --strip-prefix module. "$dir/x_f32.npy" -o "$work/strip_run"
expect "run without a prefix" 0 "" "$fx2c" run "$dir/model.fx" "${common[@]}" "$dir/x_f32.npy" -o "$work/plain_run"
if cmp -s "$work/strip_run/output0.npy" "$work/plain_run/output0.npy"; then pass=$((pass + 1))
else echo "FAIL --strip-prefix: not the outputs of the same weights without a prefix"; fail=$((fail + 1)); fi
# a float64 .npy (numpy's default) for a float32 model: the note names the file
expect "a float64 input file" 1 "fx2c: error: input 'x': $dir/x_f64.npy holds float64 values, and the model expects float32" \
  "$fx2c" run "$dir/model.fx" "${common[@]}" "$dir/x_f64.npy" -o "$work/f64"
if [ "$(grep -c 'error:' "$work/err")" = 1 ] && grep -qF "np.save('$dir/x_f64.npy', x.astype(np.float32))" "$work/err"; then
  pass=$((pass + 1)); else echo "FAIL a float64 input file: not one error with the fix"; cat "$work/err"; fail=$((fail + 1)); fi
# a float64 state_dict (model.double()): every convolution is refused for one reason, one error with the others named
expect "float64 weights: one error per reason" 1 "note: the same for 2 more nodes: 'c2' (line 6), 'c3_fused' (line 10)" \
  "$fx2c" compile "$tests/errors/no_weights.fx" --modules "$tests/errors/no_weights.modules" --weights "$dir/cnn_f64.pt" \
  --input 'x:f32[1,3,16,16]' --emit c -o "$work/cnn_f64"
if [ "$(grep -c 'error:' "$work/err")" = 2 ]; then pass=$((pass + 1)); else echo "FAIL float64 weights: not two errors (convolution, linear)"; cat "$work/err"; fail=$((fail + 1)); fi
# print(gm.code) pasted as the graph
printf 'def forward(self, x):\n    relu = torch.relu(x);  x = None\n    return relu\n' >"$work/code.fx"
expect "Python code for a graph" 1 "code.fx:1:1: error: this is Python code (what print(gm.code) or print(gm) prints), not a graph" \
  "$fx2c" compile "$work/code.fx" --emit graph -o /dev/null
expect "a misspelt dtype: did you mean" 2 "bad --input 'x:flaot32[1, 3]': unknown dtype 'flaot32'; did you mean 'float32'? (the dtypes: f32 f64" \
  "$fx2c" compile "$dir/model.fx" --input 'x:flaot32[1, 3]' --emit graph -o -
# a bad value is one line, not buried under the usage; a missing argument gets the usage
if [ "$(wc -l <"$work/err")" = 1 ]; then pass=$((pass + 1)); else echo "FAIL a bad value: more than its line"; cat "$work/err"; fail=$((fail + 1)); fi
expect "a bad combination of options: one line" 2 "--features needs the LLVM backend" \
  "$fx2c" compile "$dir/model.fx" --input 'x:f32[1,3,8,8]' --backend c --emit exe --features +avx2 -o "$work/f.exe"
if [ "$(wc -l <"$work/err")" = 1 ]; then pass=$((pass + 1)); else echo "FAIL a bad combination: more than its line"; cat "$work/err"; fail=$((fail + 1)); fi
expect "a missing -o: the usage" 2 "usage: fx2c compile GRAPH" "$fx2c" compile "$dir/model.fx" --emit graph
expect "a malformed input spec" 2 "bad --input 'x:f99[1]'" \
  "$fx2c" compile "$dir/model.fx" --input 'x:f99[1]' --emit graph -o /dev/null
expect "modules without weights" 1 "module 'conv' (Conv2d) needs its weight 'conv.weight', and no --weights was given" \
  "$fx2c" compile "$dir/model.fx" --modules "$dir/model.modules.txt" --input 'x:f32[1,3,8,8]' --emit graph -o /dev/null
expect "call_module without modules" 1 "needs the module tree, and no --modules was given" \
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
  # a vendor, OS or environment LLVM would take as "unknown" without a word: eabh for eabihf is a soft-float object
  expect "a typo in the target's environment" 2 "--target 'thumbv7em-none-eabh': 'eabh' is not a vendor, OS or environment that LLVM knows; did you mean 'eabi'?" \
    "$fx2c" compile "${m[@]}" --emit obj --target thumbv7em-none-eabh -o "$work/typo.o"
  [ ! -e "$work/typo.o" ] && pass=$((pass + 1)) || { echo "FAIL a typo in the target: an object written"; fail=$((fail + 1)); }
  expect "a typo in the target's OS" 2 "did you mean 'linux'?" "$fx2c" compile "${m[@]}" --emit llvm --target x86_64-linx-gnu -o "$work/typo.ll"
  for t in aarch64-apple-macos14.0 aarch64-linux-android21 x86_64-w64-mingw32 riscv32-unknown-elf armv7a-linux-gnueabihf; do
    expect "a valid target: $t" 0 "" "$fx2c" compile "${m[@]}" --emit llvm --target "$t" -o "$work/valid.ll"
  done
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
# the weights an executable links in start 64-byte aligned, so that it uses them where they are (a misaligned blob
# was copied whole on the first run: twice the weights' memory)
expect "an executable with weights" 0 "" "$fx2c" compile "${m[@]}" --emit exe -o "$work/w.exe"
wstart=$(nm "$work/w.exe" 2>/dev/null | awk '$3 == "_binary_model_weights_bin_start" {print $1}')
if [ -n "$wstart" ] && [ $((16#$wstart % 64)) -eq 0 ]; then pass=$((pass + 1))
else echo "FAIL the executable's weights are not 64-byte aligned: _binary_model_weights_bin_start = '$wstart'"; fail=$((fail + 1)); fi
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
  "    18 ->    15 nodes: 3 removed, 3 BatchNorms folded, 0 fusion groups, 240 weight bytes saved" \
  "$fx2c" compile "${bn[@]}" --stats --emit graph -o "$work/g.fx"
grep -qE '^pass bnfold +[0-9]+\.[0-9]{3} s +18 -> +15 nodes: ' "$work/err" && pass=$((pass + 1)) ||
  { echo "FAIL --stats: no time per pass"; grep bnfold "$work/err"; fail=$((fail + 1)); }
expect "--stats counts the fusion groups and the arena before and after" 0 \
  "6 fusion groups, 0 weight bytes saved, arena " "$fx2c" compile "${ep[@]}" --stats --emit graph -o "$work/g.fx"
expect "--print-after prints the graph after that pass" 0 "# after bnfold" \
  "$fx2c" compile "${bn[@]}" --print-after bnfold --emit graph -o "$work/g.fx"
expect "-O0 runs no pass (nothing to print after)" 0 "" "$fx2c" compile "${bn[@]}" -O0 --stats --emit graph -o "$work/g.fx"
if [ -s "$work/err" ]; then echo "FAIL -O0 --stats printed: $(head -1 "$work/err")"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
wg=("$pd/winograd.fx" --modules "$pd/winograd.modules.txt" --weights "$pd/winograd.safetensors" --input 'x:f32[2,3,10,9]')
expect "-O2 runs winograd" 0 "pass winograd" "$fx2c" compile "${wg[@]}" -O2 --stats --emit graph -o "$work/g.fx"
expect "-O1 runs every pass but winograd and prepack" 0 "pass ewfuse" "$fx2c" compile "${wg[@]}" -O1 --stats --emit graph -o "$work/g.fx"
for p in noop constfold bnfold epilogue padfold cse dce; do
  grep -q "^pass $p " "$work/err" && pass=$((pass + 1)) || { echo "FAIL -O1 did not run $p"; fail=$((fail + 1)); }
done
if grep -q "winograd\|prepack" "$work/err" "$work/g.fx"; then echo "FAIL -O1 ran winograd or prepack"; fail=$((fail + 1)); else pass=$((pass + 1)); fi

# ---- issue 15: no output overwrites an input (by identity: the same path, another spelling, a symbolic or hard link)
same() { # description, file, its copy: the file must be unchanged
  if cmp -s "$2" "$3"; then pass=$((pass + 1)); else echo "FAIL $1: '$2' differs from '$3' (overwritten, or not written)"; fail=$((fail + 1)); fi
}
ow=$work/ow
mkdir -p "$ow/sub"
cp "$dir/model.fx" "$ow/g.fx"; cp "$dir/model.modules.txt" "$ow/m.txt"; cp "$tests/weights/model.safetensors" "$ow/w.st"
cp "$dir/npy/c.npy" "$ow/x.npy"; cp "$ow/g.fx" "$ow/g.orig"; cp "$ow/m.txt" "$ow/m.orig"; cp "$ow/w.st" "$ow/w.orig"
cp "$ow/x.npy" "$ow/x.orig"
ln -s ../w.st "$ow/sub/link.st"
o=("$ow/g.fx" --modules "$ow/m.txt" --weights "$ow/w.st" --input 'x:f32[1,3,8,8]')
expect "-o is the graph" 2 "-o '$ow/g.fx' is the graph '$ow/g.fx' (the same file): fx2c never overwrites an input" \
  "$fx2c" compile "${o[@]}" --emit graph -o "$ow/g.fx"
same "-o is the graph" "$ow/g.fx" "$ow/g.orig"
expect "-o is the weights through a symbolic link" 2 "is the weights '$ow/w.st' (the same file)" \
  "$fx2c" compile "${o[@]}" --emit graph -o "$ow/sub/link.st"
same "-o is the weights through a symbolic link" "$ow/w.st" "$ow/w.orig"
expect "-o is the modules file, spelled another way" 2 "is the modules file '$ow/m.txt' (the same file)" \
  "$fx2c" compile "${o[@]}" --emit dot -o "$ow/sub/../m.txt"
same "-o is the modules file, spelled another way" "$ow/m.txt" "$ow/m.orig"
expect "-o is an --input file" 2 "is an --input file '$ow/x.npy' (the same file)" \
  "$fx2c" compile "$ow/g.fx" --modules "$ow/m.txt" --weights "$ow/w.st" --input "x=$ow/x.npy" --emit graph -o "$ow/x.npy"
same "-o is an --input file" "$ow/x.npy" "$ow/x.orig"
expect "--emit exe -o is the weights" 2 "is the weights '$ow/w.st' (the same file)" \
  "$fx2c" compile "${o[@]}" --emit exe -o "$ow/w.st"
same "--emit exe -o is the weights" "$ow/w.st" "$ow/w.orig"
expect "the graph from standard input, redirected from the output" 2 "is the graph (standard input, the same file)" \
  sh -c '"$1" compile - --emit graph -o "$2" <"$2"' sh "$fx2c" "$ow/g.fx"
same "the graph from standard input, redirected from the output" "$ow/g.fx" "$ow/g.orig"
cp "$ow/m.txt" "$ow/sub/model.c"
expect "--emit c into the folder of an input named model.c" 2 "-o '$ow/sub' would write '$ow/sub/model.c', which is the modules file" \
  "$fx2c" compile "$ow/g.fx" --modules "$ow/sub/model.c" --weights "$ow/w.st" --input 'x:f32[1,3,8,8]' --emit c -o "$ow/sub"
same "--emit c into the folder of an input named model.c" "$ow/sub/model.c" "$ow/m.orig"
cp "$ow/m.txt" "$ow/sub/fxrt_core.c"
expect "--emit c into the folder of an input named as a runtime source" 2 "would write '$ow/sub/fxrt_core.c', which is the modules file" \
  "$fx2c" compile "$ow/g.fx" --modules "$ow/sub/fxrt_core.c" --weights "$ow/w.st" --input 'x:f32[1,3,8,8]' --emit c -o "$ow/sub"
same "--emit c into the folder of an input named as a runtime source" "$ow/sub/fxrt_core.c" "$ow/m.orig"
mkdir -p "$ow/out"; ln "$ow/x.npy" "$ow/out/output0.npy"
expect "run -o into the folder of an input named output0.npy (a hard link)" 2 \
  "-o '$ow/out' would write '$ow/out/output0.npy', which is an input .npy file '$ow/x.npy'" \
  "$fx2c" run "$dir/optional.fx" "$ow/x.npy" -o "$ow/out"
same "run -o into the folder of an input named output0.npy (a hard link)" "$ow/x.npy" "$ow/x.orig"
mv "$ow/out/output0.npy" "$ow/out/in.npy"
ln -s in.npy "$ow/out/output0.npy"
expect "run -o into the folder of its input" 2 "which is an input .npy file '$ow/out/in.npy'" \
  "$fx2c" run "$dir/optional.fx" "$ow/out/in.npy" -o "$ow/out"
same "run -o into the folder of its input" "$ow/out/in.npy" "$ow/x.orig"
if ! "$fx2c" --version | grep -q 'built without LLVM'; then
  cp "$ow/g.fx" "$ow/net.h"
  expect "--emit obj: model.h beside the object is the graph" 2 "-o '$ow/net.o' would write '$ow/net.h', which is the graph" \
    "$fx2c" compile "$ow/net.h" --modules "$ow/m.txt" --weights "$ow/w.st" --input 'x:f32[1,3,8,8]' --emit obj -o "$ow/net.o"
  same "--emit obj: model.h beside the object is the graph" "$ow/net.h" "$ow/g.orig"
  cp "$ow/w.st" "$ow/net_weights.bin"
  expect "--emit llvm --weights-file: the weights file beside the output is the weights" 2 \
    "would write '$ow/net_weights.bin', which is the weights" "$fx2c" compile "$ow/g.fx" --modules "$ow/m.txt" \
    --weights "$ow/net_weights.bin" --input 'x:f32[1,3,8,8]' --emit llvm --weights-file -o "$ow/net.ll"
  same "--emit llvm --weights-file: the weights file beside the output is the weights" "$ow/net_weights.bin" "$ow/w.orig"
fi

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

# ---- issue 15: a diagnostic inside the modules file shows its line (it read freed memory: ASan SEGV)
bad_line='  (conv): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1), bogus=7)'
for emit in graph c; do
  expect "a modules diagnostic (--emit $emit)" 1 "bad.modules.txt:2:59: error: Conv2d got an unexpected keyword argument 'bogus'" \
    "$fx2c" compile "$dir/model.fx" --modules "$dir/bad.modules.txt" --input 'x:f32[1,3,8,8]' --emit $emit -o "$work/bm"
  grep -qxF -- "$bad_line" "$work/err" && pass=$((pass + 1)) || { echo "FAIL --emit $emit: no source line"; cat "$work/err"; fail=$((fail + 1)); }
done
expect "a modules diagnostic (run)" 1 "bad.modules.txt:2:59: error" \
  "$fx2c" run "$dir/model.fx" --modules "$dir/bad.modules.txt" "$dir/npy/c.npy" -o "$work/bm"
grep -qxF -- "$bad_line" "$work/err" && pass=$((pass + 1)) || { echo "FAIL run: no source line"; cat "$work/err"; fail=$((fail + 1)); }

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

# ---- issue 15: torch._assert of a tensor is checked when the model runs (c.npy sums to 0: "the sum must not be zero")
at=$tests/edges/assert_tensor/graph.fx
expect "run: a tensor assertion that fails" 1 "error: running '_assert': the assertion fails: the sum must not be zero" \
  "$fx2c" run "$at" "$dir/npy/c.npy" -o "$work/assert_run"
expect "an executable with tensor assertions" 0 "" "$fx2c" compile "$at" --input 'x:f32[2,3]' --emit exe -o "$work/assert.exe"
expect "the executable: a tensor assertion that fails" 1 "the model's assertion (torch._assert) failed" \
  "$work/assert.exe" "$dir/npy/c.npy" -o "$work/assert_exe"
expect "the executable: tensor assertions that hold" 0 "" "$work/assert.exe" "$tests/edges/assert_tensor/input0.npy" \
  -o "$work/assert_exe2"

# ---- issue 15: compile and run agree
expect "return (x, None): compile refuses it at the output node" 1 \
  "none.fx:4:5: error: output 1 of the returned value is None" \
  "$fx2c" compile "$dir/none.fx" --input 'x:f32[2,3]' --emit c -o "$work/none_c"
expect "return (x, None): run refuses it at the output node" 1 "none.fx:4:5: error: output 1 of the returned value is None" \
  "$fx2c" run "$dir/none.fx" "$dir/npy/c.npy" -o "$work/none_out"
expect "run: an optional placeholder keeps its default" 0 "" "$fx2c" run "$dir/optional.fx" "$dir/npy/c.npy" -o "$work/opt_run"
expect "compile: an optional placeholder keeps its default" 0 "" \
  "$fx2c" compile "$dir/optional.fx" --input 'x:f32[2,3]' --emit exe -o "$work/opt.exe"
expect "the executable of an optional placeholder" 0 "" "$work/opt.exe" "$dir/npy/c.npy" -o "$work/opt_exe"
same "run and the executable agree on an optional placeholder" "$work/opt_run/output0.npy" "$work/opt_exe/output0.npy"
expect "run: an optional placeholder given" 0 "" "$fx2c" run "$dir/optional.fx" "$dir/npy/c.npy" "$dir/npy/three.npy" -o "$work/opt_run2"
expect "run: too many inputs for optional placeholders" 1 "the graph has 2 inputs, the last 1 with defaults, but 3 .npy files were given (1 to 2)" \
  "$fx2c" run "$dir/optional.fx" "$dir/npy/c.npy" "$dir/npy/c.npy" "$dir/npy/c.npy" -o "$work/opt_run3"
expect "a repeated --input" 1 "--input x:f32[2,4]: input 'x' already has its shape from --input x:f32[2,3]" \
  "$fx2c" compile "$dir/optional.fx" --input 'x:f32[2,3]' --input 'x:f32[2,4]' --emit graph -o /dev/null
expect "an --input spec of 9 dimensions" 2 "bad --input 'x:f32[1,1,1,1,1,1,1,1,1]'" \
  "$fx2c" compile "$dir/optional.fx" --input 'x:f32[1,1,1,1,1,1,1,1,1]' --emit graph -o /dev/null
expect "an --input dimension past 2**63 - 1" 2 "bad --input 'x:f32[9223372036854775808]'" \
  "$fx2c" compile "$dir/optional.fx" --input 'x:f32[9223372036854775808]' --emit graph -o /dev/null
long=p$(printf 'abcdefghij%.0s' 1 2 3 4 5 6 7 8)
expect "a prefix of 81 characters" 0 "" "$fx2c" compile "$work/relu.fx" --input 'x:f32[2,3]' --emit c --prefix "$long" -o "$work/long_c"
if grep -q "fxrt_status ${long}_run(const float \*x" "$work/long_c/model.h" && grep -q "define ${long^^}_WORKSPACE_SIZE" "$work/long_c/model.h"
then pass=$((pass + 1)); else echo "FAIL the prefix was cut"; fail=$((fail + 1)); fi
many=$(for i in $(seq 1 45); do printf -- '-DFLAG%d ' "$i"; done)
expect "--cflags: the 46th token reaches the compiler" 1 "--no-such-flag-46" \
  "$fx2c" compile "$work/relu.fx" --input 'x:f32[2,3]' --emit exe --cflags "$many --no-such-flag-46" -o "$work/flags.exe"
expect "--version" 0 "" "$fx2c" --version

# ---- issue 15: the weights a program uses are read, and no others (tests/weights/pt_unused_corrupt.pt: w, b and a
# 100 MB tensor 'big' whose deflated entry has a wrong CRC; unused_small.fx reads w and b, unused_big.fx big too)
wd=$tests/weights
expect "run: a damaged tensor that the graph does not use is not read" 0 "weights 0.0 MB" \
  "$fx2c" run "$wd/unused_small.fx" --weights "$wd/pt_unused_corrupt.pt" "$dir/npy/c.npy" -o "$work/unused" --stats
expect "compile: a damaged tensor that the graph does not use is not read" 0 "" \
  "$fx2c" compile "$wd/unused_small.fx" --weights "$wd/pt_unused_corrupt.pt" --input 'x:f32[2,3]' --emit c -o "$work/unused_c"
if [ "$(du -sk "$work/unused_c" | cut -f1)" -lt 2000 ]; then pass=$((pass + 1)); else echo "FAIL --emit c wrote big"; fail=$((fail + 1)); fi
for cmd in "run $wd/unused_big.fx $dir/npy/c.npy -o $work/big" "compile $wd/unused_big.fx --input x:f32[2,3] --emit graph -o -" \
  "compile $wd/unused_big.fx --input x:f32[2,3] --emit c -o $work/big_c"; do
  # shellcheck disable=SC2086
  expect "${cmd%% *}: the damaged tensor that the graph uses is refused by name" 1 \
    "pt_unused_corrupt.pt: tensor 'big': cannot read archive entry 'archive/data/2': CRC error" \
    "$fx2c" $cmd --weights "$wd/pt_unused_corrupt.pt"
done
expect "FX2C_WEIGHTS_MAX_BYTES bounds what is read" 1 \
  "pt_unused_corrupt.pt: reading 3 tensors needs 100000032 bytes, more than the 1048576 bytes that reading one weights file may take" \
  env FX2C_WEIGHTS_MAX_BYTES=1M "$fx2c" run "$wd/unused_big.fx" --weights "$wd/pt_unused_corrupt.pt" "$dir/npy/c.npy" -o "$work/big"
grep -qF "FX2C_WEIGHTS_MAX_BYTES=96M reads these tensors" "$work/err" && pass=$((pass + 1)) || { echo "FAIL the bound's note"; fail=$((fail + 1)); }
expect "FX2C_WEIGHTS_MAX_BYTES that is not a number" 1 "FX2C_WEIGHTS_MAX_BYTES='lots' is not a number of bytes" \
  env FX2C_WEIGHTS_MAX_BYTES=lots "$fx2c" run "$wd/unused_small.fx" --weights "$wd/pt_unused_corrupt.pt" "$dir/npy/c.npy" -o "$work/unused"
expect "a graph without weights at -O0" 0 "" "$fx2c" compile "$work/relu.fx" --input 'x:f32[2,3]' --emit graph -O0 -o -
# ---- issue 18: the command line as compiler users expect it
expect "compile --help" 0 "" "$fx2c" compile --help
grep -q '^usage: fx2c compile' "$work/out" && grep -q -- '--emit KIND' "$work/out" && pass=$((pass + 1)) || { echo "FAIL compile --help"; fail=$((fail + 1)); }
expect "run -h" 0 "" "$fx2c" run -h
grep -q -- '--input NAME=FILE.npy' "$work/out" && pass=$((pass + 1)) || { echo "FAIL run -h lacks --input"; fail=$((fail + 1)); }
expect "compare --help" 0 "" "$fx2c" compare --help
expect "trace-diff --help" 0 "" "$fx2c" trace-diff --help
expect "an unknown option: did you mean" 2 "unknown option '--emti' of fx2c compile; did you mean '--emit'?" \
  "$fx2c" compile "$dir/model.fx" --emti graph -o -
expect "an unknown option of run: did you mean" 2 "unknown option '--modles' of fx2c run; did you mean '--modules'?" \
  "$fx2c" run "$dir/model.fx" --modles x -o "$work/o"
# --requantize float|fixed (the int8 kernels' requantization; tests/quant/run.sh checks what fixed computes)
expect "a misspelt --requantize mode: one line with the valid ones" 2 \
  "fx2c: error: unknown --requantize mode 'fixd'; did you mean 'fixed'? (expected float or fixed)" \
  "$fx2c" compile "$dir/model.fx" --requantize fixd --emit graph -o -
[ "$(wc -l <"$work/err")" -eq 1 ] && pass=$((pass + 1)) || { echo "FAIL --requantize fixd: not one line"; fail=$((fail + 1)); }
expect "a bad --requantize mode of run" 2 "unknown --requantize mode 'int' (expected float or fixed)" \
  "$fx2c" run "$dir/model.fx" --requantize=int -o "$work/o"
expect "--requantize needs a value" 2 "--requantize" "$fx2c" compile "$dir/model.fx" --emit graph -o - --requantize
expect "-Os --requantize=fixed" 0 "" "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' -Os \
  --requantize=fixed --emit c -o "$work/rq_fixed"
expect "-Os --requantize float" 0 "" "$fx2c" compile "$dir/model.fx" "${common[@]}" --input 'x:f32[1,3,8,8]' -Os \
  --requantize float --emit c -o "$work/rq_float"
# a float model has nothing to requantize: the same model.c either way
cmp -s "$work/rq_fixed/model.c" "$work/rq_float/model.c" && pass=$((pass + 1)) ||
  { echo "FAIL --requantize changed a float model's code"; fail=$((fail + 1)); }
expect "an unknown --emit kind: did you mean" 2 "unknown --emit kind 'exec'; did you mean 'exe'?" \
  "$fx2c" compile "$dir/model.fx" --emit exec -o "$work/x"
expect "an unknown pass: did you mean" 2 "unknown pass 'bnflod' in --passes; did you mean 'bnfold'?" \
  "$fx2c" compile "$dir/model.fx" --passes noop,bnflod --emit graph -o -
expect "an unknown command: did you mean" 2 "unknown command 'compiel'; did you mean 'compile'?" "$fx2c" compiel x
expect "a flag given a value" 2 "option '--stats' takes no value" "$fx2c" compile "$dir/model.fx" --stats=1 --emit graph -o -
expect "--opt=value forms and -O3" 0 "" "$fx2c" compile "$dir/model.fx" "--modules=$dir/model.modules.txt" \
  "--weights=$tests/weights/model.safetensors" '--input=x:f32[1,3,8,8]' --emit=graph -O3 -o "$work/eq.fx"
[ -s "$work/eq.fx" ] && pass=$((pass + 1)) || { echo "FAIL --emit=graph wrote nothing"; fail=$((fail + 1)); }
expect "torch dtype names and shapes with spaces" 0 "" "$fx2c" compile "${common[@]}" "$dir/model.fx" \
  --input 'x:torch.float32[1, 3, 8, 8]' --emit graph -o "$work/sp.fx"
expect "float32 as a dtype" 0 "" "$fx2c" compile "${common[@]}" "$dir/model.fx" --input 'x:float32[1,3,8,8]' --emit graph -o -
expect "a shape error with a torch dtype name" 1 "the input has 4 channels" "$fx2c" compile "${common[@]}" "$dir/model.fx" \
  --input 'x:float32[1, 4, 8, 8]' --emit graph -o -
expect "an unknown dtype" 2 "unknown dtype 'float99'" "$fx2c" compile "$dir/model.fx" --input 'x:float99[1]' --emit graph -o -
expect "-v: passes with times and node counts, files with sizes" 0 "fx2c: pass bnfold" \
  "$fx2c" compile "${common[@]}" "$dir/model.fx" --input 'x:f32[1,3,8,8]' --emit c -v -o "$work/vc"
grep -qE '^fx2c: pass bnfold +[0-9.]+ s +6 -> +5 nodes$' "$work/err" && grep -qE "^fx2c: wrote $work/vc/model.c \([0-9]+ bytes\)$" "$work/err" \
  && pass=$((pass + 1)) || { echo "FAIL -v output"; cat "$work/err"; fail=$((fail + 1)); }
expect "-q: nothing on stderr" 0 "" "$fx2c" compile "${common[@]}" "$dir/model.fx" --input 'x:f32[1,3,8,8]' --emit graph -q -o "$work/q.fx"
[ ! -s "$work/err" ] && pass=$((pass + 1)) || { echo "FAIL -q printed"; fail=$((fail + 1)); }
expect "no progress line when stderr is not a terminal" 0 "" "$fx2c" compile "${common[@]}" "$dir/model.fx" --input 'x:f32[1,3,8,8]' --emit c -o "$work/np"
[ ! -s "$work/err" ] && pass=$((pass + 1)) || { echo "FAIL compile printed on a pipe"; cat "$work/err"; fail=$((fail + 1)); }
expect "--emit graph into folders that do not exist" 0 "" "$fx2c" compile "$dir/model.fx" --emit graph -o "$work/new/a/g.fx"
[ -s "$work/new/a/g.fx" ] && pass=$((pass + 1)) || { echo "FAIL no $work/new/a/g.fx"; fail=$((fail + 1)); }
expect "--emit c into folders that do not exist" 0 "" "$fx2c" compile "${m[@]}" --emit c -o "$work/new/b/c"
[ -s "$work/new/b/c/model.c" ] && pass=$((pass + 1)) || { echo "FAIL no $work/new/b/c/model.c"; fail=$((fail + 1)); }
expect "a bad --cpu on the C path: refused before any work, the compiler's error once" 2 "--cpu 'skylakee': the C compiler" \
  "$fx2c" compile "${m[@]}" --emit exe --cpu skylakee -o "$work/cpu.exe"
[ ! -e "$work/cpu.exe" ] && [ "$(grep -c "skylakee" "$work/err")" -le 3 ] && pass=$((pass + 1)) || { echo "FAIL bad --cpu on the C path"; cat "$work/err"; fail=$((fail + 1)); }
# --cpu: what fx2c compiles (--emit exe, LLVM); --emit c, graph and dot refuse a CPU, with the flags for one's own build
for k in c graph dot; do
  expect "--cpu with --emit $k refused" 2 "--cpu applies to --emit exe and to LLVM's llvm, bc and obj; fx2c compiles nothing for --emit c, graph or dot (for a C folder built for one CPU, give its compiler -march=native -DFXRT_DISPATCH=0)" \
    "$fx2c" compile "${m[@]}" --emit $k --cpu native -o "$work/cpu_$k"
  [ ! -e "$work/cpu_$k" ] && pass=$((pass + 1)) || { echo "FAIL --cpu with --emit $k wrote $work/cpu_$k"; fail=$((fail + 1)); }
done
expect "--cpu generic (the default) with --emit c" 0 "" "$fx2c" compile "${m[@]}" --emit c --cpu generic -o "$work/cpu_generic"
if ! "$fx2c" --version | grep -q 'built without LLVM'; then
  expect "--emit obj into folders that do not exist" 0 "" "$fx2c" compile "${m[@]}" --emit obj -o "$work/new/c/m.o"
  [ -s "$work/new/c/m.o" ] && [ -s "$work/new/c/m.h" ] && pass=$((pass + 1)) || { echo "FAIL no $work/new/c/m.o"; fail=$((fail + 1)); }
  expect "a bad --cpu for LLVM: did you mean, and the valid names" 2 \
    "--cpu 'cortexm4' is not known to LLVM for target 'thumbv7em-unknown-none-eabihf'; did you mean 'cortex-m4'? (valid: " \
    "$fx2c" compile "${m[@]}" --emit obj --target thumbv7em-none-eabihf --cpu cortexm4 -o "$work/bad.o"
  [ ! -e "$work/bad.o" ] && pass=$((pass + 1)) || { echo "FAIL a bad --cpu wrote an object"; fail=$((fail + 1)); }
  expect "a bad --features for LLVM" 2 "--features: feature 'avx9' is not known to LLVM for target" \
    "$fx2c" compile "${m[@]}" --emit obj --features +avx2,+avx9 -o "$work/bad.o"
  expect "thumbv7em-none-eabihf defaults to cortex-m4 with its FPU" 0 "" \
    "$fx2c" compile "${m[@]}" --emit obj --target thumbv7em-none-eabihf -o "$work/m4.o"
  if command -v readelf >/dev/null; then
    readelf -A "$work/m4.o" | grep -q 'Tag_FP_arch: VFPv4-D16' && pass=$((pass + 1)) || { echo "FAIL thumbv7em object without an FPU"; readelf -A "$work/m4.o"; fail=$((fail + 1)); }
  fi
fi
# run --input NAME=FILE.npy, besides or instead of the positional files
expect "run --input NAME=FILE.npy" 0 "" "$fx2c" run "$dir/optional.fx" --input "x=$dir/npy/c.npy" -o "$work/ri"
same "run --input is the positional input" "$work/ri/output0.npy" "$work/opt_run/output0.npy"
expect "run --input of a placeholder it does not have" 1 "its placeholders are 'x'" \
  "$fx2c" run "$dir/optional.fx" --input "q=$dir/npy/c.npy" -o "$work/ri2"
if grep -q "did you mean" "$work/err"; then echo "FAIL run --input q: a guess of a word all replaced"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
expect "run --input with a typo: did you mean, as compile's" 1 "--input bais=$dir/npy/c.npy: the graph has no placeholder 'bais'; did you mean 'bias'?" \
  "$fx2c" run "$dir/three_inputs.fx" --input "bais=$dir/npy/c.npy" -o "$work/ri7"
expect "run --input x of a make_fx graph: how make_fx names inputs" 1 "make_fx and torch.export name the inputs arg0_1" \
  "$fx2c" run "$dir/make_fx.fx" --input "x=$dir/npy/c.npy" -o "$work/ri8"
grep -qF "did you mean 'arg0_1'?" "$work/err" && pass=$((pass + 1)) || { echo "FAIL run --input x of make_fx: no guess"; fail=$((fail + 1)); }
expect "run --input with a shape, not a file" 2 "fx2c run takes NAME=FILE.npy" "$fx2c" run "$dir/optional.fx" --input 'x:f32[2,3]' -o "$work/ri3"
expect "run --input of an input given positionally" 1 "is already given" \
  "$fx2c" run "$dir/optional.fx" "$dir/npy/c.npy" --input "x=$dir/npy/c.npy" -o "$work/ri4"
expect "run -v: the files written with their sizes" 0 "fx2c: wrote $work/ri5/deeper/output0.npy (" \
  "$fx2c" run "$dir/optional.fx" "$dir/npy/c.npy" -v -o "$work/ri5/deeper"
# the executable: --version, --help, --print (numpy's text), --bench without -o, -o - refused
expect "executable --version" 0 "" "$work/relu.exe" --version
grep -q "a model compiled by fx2c" "$work/out" && grep -q "input0   x" "$work/out" && pass=$((pass + 1)) || { echo "FAIL exe --version"; cat "$work/out"; fail=$((fail + 1)); }
expect "executable --help" 0 "" "$work/relu.exe" --help
grep -q -- "--print" "$work/out" && pass=$((pass + 1)) || { echo "FAIL exe --help lacks --print"; fail=$((fail + 1)); }
expect "executable -o - refused" 2 "-o takes a folder" "$work/relu.exe" "$dir/npy/c.npy" -o -
[ ! -e ./- ] && pass=$((pass + 1)) || { echo "FAIL exe -o - made a folder '-'"; fail=$((fail + 1)); }
expect "executable with nothing to do" 2 "nothing to do" "$work/relu.exe" "$dir/npy/c.npy"
expect "executable --bench without -o" 0 "" "$work/relu.exe" "$dir/npy/c.npy" --bench 2
grep -q "median" "$work/out" && pass=$((pass + 1)) || { echo "FAIL --bench without -o"; fail=$((fail + 1)); }
pr=$dir/print
for c in small:2,3 sci:2,3 wrap:30 summary:2,3,12,15; do
  name=${c%%:*}
  expect "an executable for --print ($name)" 0 "" "$fx2c" compile "$work/relu.fx" --input "x:f32[${c#*:}]" --emit exe -o "$work/p_$name.exe"
  expect "--print ($name)" 0 "" "$work/p_$name.exe" "$pr/$name.npy" --print
  if cmp -s "$work/out" "$pr/$name.expect"; then pass=$((pass + 1)); else echo "FAIL --print $name differs from numpy's"; diff "$pr/$name.expect" "$work/out" | head; fail=$((fail + 1)); fi
done
# int64 and bool outputs (int.fx: x * -3 and x > 0 of an int64 input), numpy's text of PyTorch's outputs
for c in int_small:2,3 int_scalar: int_wrap:40 int_summary:2,3,12,15; do
  name=${c%%:*}
  expect "an executable for --print ($name)" 0 "" "$fx2c" compile "$pr/int.fx" --input "x:i64[${c#*:}]" --emit exe -o "$work/p_$name.exe"
  expect "--print ($name)" 0 "" "$work/p_$name.exe" "$pr/$name.npy" --print
  if cmp -s "$work/out" "$pr/$name.expect"; then pass=$((pass + 1)); else echo "FAIL --print $name differs from numpy's"; diff "$pr/$name.expect" "$work/out" | head; fail=$((fail + 1)); fi
done
# the progress line: on a terminal (script(1)), for a compile over a second (a C compiler that takes 1.5 s), cleared
if command -v script >/dev/null; then
  printf '#!/bin/sh\nsleep 1.5\nexec cc "$@"\n' >"$work/slowcc"; chmod +x "$work/slowcc"
  CC=$work/slowcc script -qec "'$fx2c' compile '$work/relu.fx' --input 'x:f32[2,3]' --emit exe -o '$work/slow.exe'" /dev/null >"$work/tty" 2>&1
  if grep -q $'\rfx2c: building '"$work/slow.exe"' \.\.\.' "$work/tty" && [ "$(tail -c 4 "$work/tty" | od -An -c | tr -d ' ')" = '\r033[K' ] &&
     [ -x "$work/slow.exe" ]; then pass=$((pass + 1))
  else echo "FAIL the progress line on a terminal"; od -c "$work/tty" | head; fail=$((fail + 1)); fi
  CC=$work/slowcc script -qec "'$fx2c' compile '$work/relu.fx' --input 'x:f32[2,3]' --emit exe -q -o '$work/slow.exe'" /dev/null >"$work/tty" 2>&1
  [ ! -s "$work/tty" ] && pass=$((pass + 1)) || { echo "FAIL -q: a progress line"; od -c "$work/tty" | head -3; fail=$((fail + 1)); }
fi
echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
