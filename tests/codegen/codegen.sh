#!/usr/bin/env bash
# The C backend on the fixtures of tests/gen/gen_codegen.py (tests/codegen/CASE/: graph, modules, weights, inputs and
# PyTorch's outputs):
#   - the emitted model.h, model.c and model_weights.h, and the memory plan that --report prints, equal the goldens
#     in CASE/expected/ (--update rewrites them);
#   - emitting twice gives byte-identical folders;
#   - every emitted file compiles with -std=c99 -Wall -Wextra -Werror -pedantic under gcc and clang, and the model's
#     objects call no malloc/free/stdio;
#   - the folder builds alone with the cc command written in model.h;
#   - the executable (--emit exe) at -O0, built with ASan and UBSan, gives exactly the interpreter's outputs; a plain
#     static one at the default -O2 matches PyTorch's within the zoo's tolerance;
#   - the executable rejects a wrong shape, a wrong dtype, a truncated file and a wrong input count;
#   - two models (--prefix, one with --weights-file) link into one program and agree.
# edge_outputs writes into its input (which the generated code copies first) and returns an output twice, an input, a
# weight and a Python int. residual_mlp is the memory plan's hard case (ConvNeXt's blocks), planned at the lower bound.
#   codegen.sh FX2C TESTS_DIR [--update] [--quick]
# --quick: the goldens and determinism only (for fx2c builds with sanitizers, where the rest adds nothing).
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") tests=$(cd "$2" && pwd) update= quick=
for a in "${@:3}"; do case $a in --update) update=--update ;; --quick) quick=1 ;; esac; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
# run from $work, the fixtures linked in, so that the paths in the provenance header are the same everywhere
cd "$work" || exit 1
cases=(mymodule layers_image layers_sequence edge_outputs residual_mlp)
for case in "${cases[@]}"; do ln -s "$tests/codegen/$case" "$case"; done
mkdir c
strict=(-std=c99 -Wall -Wextra -Werror -pedantic -Wvla)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
compilers=(gcc)
command -v clang >/dev/null && compilers+=(clang)

for case in "${cases[@]}"; do
  inputs=()
  specs=()
  for f in "$case"/input*.npy; do inputs+=("$f"); done
  names=$(sed -n 's/^ *%\([A-Za-z0-9_]*\) : .*= placeholder\[.*/\1/p' "$case/graph.fx")
  i=0
  for n in $names; do specs+=(--input "$n=${inputs[$i]}"); i=$((i + 1)); done
  model=("$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" "${specs[@]}")
  # goldens (relative paths, so that the provenance header is the same everywhere)
  if ! "$fx2c" compile "${model[@]}" --emit c --report -o "c/$case" >"c/$case.report.txt" 2>"$work/err"; then bad "$case: --emit c"; cat "$work/err"; continue; fi
  mv "c/$case.report.txt" "c/$case/report.txt" # the memory plan: arena, lower bound, every buffer
  # the plan's target: an arena at most 1.05 x the lower bound
  if awk 'NR == 1 { exit !($(NF) <= 1.05) }' "c/$case/report.txt"; then ok; else bad "$case: $(head -1 "c/$case/report.txt")"; fi
  if [ "$update" = --update ]; then
    mkdir -p "$case/expected"
    cp c/"$case"/model.h "c/$case"/model.c "c/$case"/model_weights.h "c/$case"/report.txt "$case/expected/"
  fi
  for f in model.h model.c model_weights.h report.txt; do
    if cmp -s "c/$case/$f" "$case/expected/$f"; then ok; else bad "$case: $f differs from the golden"; diff "$case/expected/$f" "c/$case/$f" | head -20; fi
  done
  # determinism
  mv "c/$case" "c/$case.first"
  rm "c/$case.first/report.txt"
  "$fx2c" compile "${model[@]}" --emit c --report -o "c/$case" >/dev/null 2>&1
  if diff -r "c/$case" "c/$case.first" >/dev/null; then ok; else bad "$case: two runs differ"; fi
  [ -n "$quick" ] && continue
  # strict warnings, both compilers; no allocation or stdio in the model or the runtime
  for cc in "${compilers[@]}"; do
    mkdir -p "$work/$case.$cc"
    if (cd "c/$case" && for f in *.c; do $cc "${strict[@]}" -O2 -c "$f" -o "$work/$case.$cc/${f%.c}.o" || exit 1; done) 2>"$work/err"; then ok
    else bad "$case: $cc ${strict[*]}"; head -20 "$work/err"; fi
  done
  if nm -u "$work/$case.gcc"/*.o | grep -E '\b(malloc|calloc|realloc|free|printf|fprintf|puts|fopen|fwrite|abort|exit)\b'; then
    bad "$case: the model or runtime objects call allocation or stdio"
  else ok; fi
  # the one command of model.h builds the folder alone
  cmd=$(sed -n 's/^ \*   \(cc -std=c99 .*\)$/\1/p' "c/$case/model.h")
  if [ -n "$cmd" ] && (cd "c/$case" && eval "$cmd") 2>"$work/err"; then ok; else bad "$case: '$cmd' failed"; head "$work/err"; fi
  # executables: sanitized and static; both equal to the interpreter, which matches PyTorch
  "$fx2c" run "$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" "${inputs[@]}" -o "$work/$case.interp" 2>"$work/err" || { bad "$case: fx2c run"; cat "$work/err"; }
  # -Os (issue 17): the compact kernels inline in model.c; its folder compiles strictly under both compilers (the
  # kernels' bodies in fxrt_small.h too) and builds alone with model.h's command
  if "$fx2c" compile "${model[@]}" --emit c -Os -o "c/$case.size" 2>"$work/err"; then
    for cc in "${compilers[@]}"; do
      if (cd "c/$case.size" && for f in *.c; do $cc "${strict[@]}" -Os -c "$f" -o /dev/null || exit 1; done) 2>"$work/err"; then ok
      else bad "$case: -Os: $cc ${strict[*]}"; head -20 "$work/err"; fi
    done
    cmd=$(sed -n 's/^ \*   \(cc -std=c99 .*\)$/\1/p' "c/$case.size/model.h")
    if [[ $cmd == *-Os* ]] && (cd "c/$case.size" && eval "$cmd") 2>"$work/err"; then ok; else bad "$case: -Os: '$cmd' failed"; head "$work/err"; fi
  else bad "$case: --emit c -Os"; cat "$work/err"; fi
  for kind in san static size; do
    # san: -O0 with ASan and UBSan, bit for bit the interpreter's outputs (the same calls); static: the default -O2
    # (BatchNorm folding changes the rounding), checked against PyTorch below; size: -Os, the compact kernels
    # (fxrt_small.c), checked against PyTorch too
    flags=()
    [ $kind = san ] && flags=(-O0 --cflags "${san[*]}")
    [ $kind = size ] && flags=(-Os)
    if ! "$fx2c" compile "${model[@]}" --emit exe "${flags[@]}" -o "$work/$case.$kind.exe" 2>"$work/err"; then bad "$case: --emit exe ($kind)"; head -20 "$work/err"; continue; fi
    if ! "$work/$case.$kind.exe" "${inputs[@]}" -o "$work/$case.$kind.out" 2>"$work/err"; then bad "$case: the $kind executable failed"; head "$work/err"; continue; fi
    if [ $kind = size ]; then
      if /usr/bin/python3 "$tests/e2e/match_outputs.py" "$case" "$work/$case.size.out"; then ok; else bad "$case: the -Os executable does not match PyTorch"; fi
      continue
    fi
    [ $kind = static ] && continue
    same=1
    for f in "$work/$case.interp"/output*.npy; do cmp -s "$f" "$work/$case.$kind.out/$(basename "$f")" || same=0; done
    if [ $same = 1 ]; then ok; else bad "$case: the $kind executable's outputs differ from fx2c run's"; fi
    # the same bits on 1 and 3 threads (fxrt_threads.h), from the executable and from fx2c run
    "$work/$case.$kind.exe" "${inputs[@]}" -o "$work/$case.$kind.t1" --threads 1 2>"$work/err" || bad "$case: --threads 1"
    "$work/$case.$kind.exe" "${inputs[@]}" -o "$work/$case.$kind.t3" --threads 3 2>"$work/err" || bad "$case: --threads 3"
    "$fx2c" run "$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" "${inputs[@]}" \
      --threads 3 -o "$work/$case.interp3" 2>"$work/err" || bad "$case: fx2c run --threads 3"
    same=1
    for f in "$work/$case.interp"/output*.npy; do
      for o in "$work/$case.$kind.t1" "$work/$case.$kind.t3" "$work/$case.interp3"; do cmp -s "$f" "$o/$(basename "$f")" || same=0; done
    done
    if [ $same = 1 ]; then ok; else bad "$case: outputs differ between 1 and 3 threads"; fi
  done
  if /usr/bin/python3 "$tests/e2e/match_outputs.py" "$case" "$work/$case.static.out"
  then ok; else bad "$case: the executable does not match PyTorch"; fi
done

if [ -n "$quick" ]; then
  echo "codegen (quick): $pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi

# the executable's input checks (mymodule takes x: f32[5, 4])
exe=$work/mymodule.static.exe
expect() { # description, wanted text, command...
  local what=$1 text=$2
  shift 2
  if "$@" >"$work/out" 2>"$work/err"; then bad "$what: exit status 0"; return; fi
  if grep -qF -- "$text" "$work/err"; then ok; else bad "$what: stderr lacks '$text'"; cat "$work/err"; fi
}
/usr/bin/python3 -c "
import numpy as np
np.save('$work/wrong_shape.npy', np.zeros((4, 5), np.float32))
np.save('$work/wrong_dtype.npy', np.zeros((5, 4), np.float64))
np.save('$work/good.npy', np.zeros((5, 4), np.float32))
"
head -c 140 "$work/good.npy" >"$work/truncated.npy"
expect "a wrong shape" "'$work/wrong_shape.npy' is <f4[4,5], the model takes <f4[5,4]" "$exe" "$work/wrong_shape.npy" -o "$work/o"
expect "a wrong dtype" "is <f8[5,4], the model takes <f4[5,4]" "$exe" "$work/wrong_dtype.npy" -o "$work/o"
expect "a truncated file" "has less data than <f4[5,4] needs (80 bytes)" "$exe" "$work/truncated.npy" -o "$work/o"
expect "a missing file" "cannot open" "$exe" "$work/nothing.npy" -o "$work/o"
expect "two inputs for one" "the model takes 1 input(s) but more were given" "$exe" "$work/good.npy" "$work/good.npy" -o "$work/o"
expect "no -o" "usage:" "$exe" "$work/good.npy"
if "$exe" "$work/good.npy" -o "$work/o" --bench 5 | grep -qE '^latency over 5 runs: min [0-9.]+ ms, median [0-9.]+ ms, max [0-9.]+ ms$'; then ok; else bad "--bench 5"; fi
# the instruction set of the runtime's kernels (runtime/fxrt_isa.h)
if "$exe" "$work/good.npy" -o "$work/o" --bench 1 | grep -qE '^kernels: (avx512|avx2|baseline)$'; then ok; else bad "--bench: kernels"; fi
# --threads N: the pool's size, said by --bench; a count out of range is refused
if "$exe" "$work/good.npy" -o "$work/o" --bench 1 --threads 3 | grep -qx 'threads: 3'; then ok; else bad "--threads 3: threads line"; fi
if "$exe" "$work/good.npy" -o "$work/o" --bench 1 --threads 1 | grep -qx 'threads: 1'; then ok; else bad "--threads 1: threads line"; fi
expect "--threads 0" "--threads takes a count from 1 to 256, not '0'" "$exe" "$work/good.npy" -o "$work/o" --threads 0
expect "--threads x" "--threads takes a count from 1 to 256, not 'x'" "$exe" "$work/good.npy" -o "$work/o" --threads x
expect "fx2c run --threads 0" "--threads takes a count from 1 to 256, not '0'" "$fx2c" run mymodule/graph.fx --modules mymodule/modules.txt --weights mymodule/weights.safetensors "$work/good.npy" -o "$work/o" --threads 0
# --cpu fixes them at compile time: no dispatch
if "$fx2c" compile mymodule/graph.fx --modules mymodule/modules.txt --weights mymodule/weights.safetensors \
  --input x=mymodule/input0.npy --emit exe --cpu native -o "$work/native.exe" 2>"$work/err" &&
  "$work/native.exe" "$work/good.npy" -o "$work/o" --bench 1 | grep -qE '^kernels: [a-z0-9]+ \(compile time\)$'
then ok; else bad "--cpu native: kernels fixed at compile time"; cat "$work/err"; fi

# two models in one program: prefixes, and weights in a .bin file
m=(mymodule/graph.fx --modules mymodule/modules.txt --weights mymodule/weights.safetensors --input x=mymodule/input0.npy)
"$fx2c" compile "${m[@]}" --emit c --prefix hdr -o "$work/hdr" && "$fx2c" compile "${m[@]}" --emit c --prefix bin --weights-file -o "$work/bin"
if [ -f "$work/bin/model_weights.bin" ] && ! [ -f "$work/bin/model_weights.h" ] && grep -q 'fxrt_status bin_run(const void \*weights, const float \*x' "$work/bin/model.h"; then ok; else bad "--weights-file: no .bin or a wrong signature"; fi
if gcc "${strict[@]}" -O2 -I"$work" -o "$work/two" "$tests/codegen/two_models.c" "$work/hdr/model.c" "$work/bin/model.c" "$work/hdr"/fxrt_*.c -lm 2>"$work/err" \
   && "$work/two" "$work/bin/model_weights.bin" >"$work/out" 2>"$work/err"; then ok; else bad "two models in one program"; cat "$work/err"; fi

echo "codegen: $pass passed, $fail failed"
[ $fail -eq 0 ]
