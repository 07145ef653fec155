#!/usr/bin/env bash
# User-defined ops (--custom-ops; docs/custom-ops.md): the graphs of tests/custom/gen.py call ops that ops.txt
# declares and ops.c implements. Each case runs through fx2c run (the sources built as a shared library), the C
# executable, the LLVM executable (with --llvm) and the C folder built by hand with the warnings of the brief, and must
# give PyTorch's outputs. Then the refusals against tests/custom/expected/*.txt (FX2C_UPDATE=1 rewrites them).
#   run.sh FX2C DIR [--llvm]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$(cd "$2" && pwd) llvm=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1"; cat "$work/err"; fail=$((fail + 1)); }
same() { /usr/bin/python3 "$dir/../npy_compare.py" "$1" "$2" --tol 1e-5 >>"$work/err"; }
cd "$dir"
for case in fx aten; do
  inputs=("$case"/input*.npy)
  model=()
  [ -f "$case/modules.txt" ] && model=(--modules "$case/modules.txt" --weights "$case/weights.pt")
  specs=()
  i=0
  for n in $(sed -n 's/^ *%\([A-Za-z0-9_]*\) : .*= placeholder\[.*/\1/p' "$case/graph.fx"); do
    specs+=(--input "$n=${inputs[$i]}")
    i=$((i + 1))
  done
  if "$fx2c" run "$case/graph.fx" "${model[@]}" --custom-ops ops.txt "${inputs[@]}" -o "$work/$case.interp" 2>"$work/err" &&
    same "$case" "$work/$case.interp"; then ok; else bad "$case: fx2c run"; fi
  for backend in c ${llvm:+llvm}; do
    if "$fx2c" compile "$case/graph.fx" "${model[@]}" "${specs[@]}" --custom-ops ops.txt --backend $backend --emit exe \
      -o "$work/$case.exe.$backend" 2>"$work/err" && "$work/$case.exe.$backend" "${inputs[@]}" -o "$work/$case.$backend.out" \
      2>>"$work/err" && same "$case" "$work/$case.$backend.out"; then ok; else bad "$case: the $backend executable"; fi
  done
  # the C folder: ops.c copied beside model.c, model.h's cc line, the warnings of the brief, under gcc and clang
  if "$fx2c" compile "$case/graph.fx" "${model[@]}" "${specs[@]}" --custom-ops ops.txt --emit c -o "$work/$case.c" \
    2>"$work/err" && [ -f "$work/$case.c/ops.c" ] && grep -q ' ops\.c' "$work/$case.c/model.h"; then
    okc=1
    for cc in gcc clang; do
      command -v $cc >/dev/null || continue
      (cd "$work/$case.c" && $cc -std=c99 -Wall -Wextra -Werror -pedantic -c model.c -o /dev/null) 2>>"$work/err" || okc=0
    done
    [ $okc = 1 ] && ok || bad "$case: the C folder does not compile cleanly"
  else bad "$case: --emit c"; fi
done
# the same command line gives the same C folder, byte for byte
cp -r "$work/aten.c" "$work/first"
"$fx2c" compile aten/graph.fx \
  --input x_1=aten/input0.npy --input w1_1=aten/input1.npy --input b1_1=aten/input2.npy --input w_1=aten/input3.npy \
  --custom-ops ops.txt --emit c -o "$work/aten.c" 2>"$work/err" && diff -r "$work/first" "$work/aten.c" >"$work/err" &&
  ok || bad "emit c twice"

# refusals: each command's stderr and exit status against its golden
check() { # NAME EXPECTED_STATUS COMMAND...
  local name=$1 want=$2
  shift 2
  "$@" >/dev/null 2>"$work/got"
  local rc=$?
  sed -i "s#$work#WORK#g; s#$dir/##g; s#/tmp/fx2c-exe-[A-Za-z0-9]*#TMP#g" "$work/got"
  echo "exit $rc" >>"$work/got"
  if [ "${FX2C_UPDATE:-}" = 1 ]; then mkdir -p expected && cp "$work/got" "expected/$name.txt"; fi
  if [ $rc = "$want" ] && diff -u "expected/$name.txt" "$work/got" >"$work/err"; then ok; else bad "refusal $name"; fi
}
x=fx/input0.npy
mf=(--modules fx/modules.txt --weights fx/weights.pt)
check undeclared 1 "$fx2c" run fx/graph.fx "${mf[@]}" $x -o "$work/u"
check bad_declarations 1 "$fx2c" run fx/graph.fx "${mf[@]}" --custom-ops bad/declarations.txt $x -o "$work/b"
check wrong_argument 1 "$fx2c" run fx/graph.fx "${mf[@]}" --custom-ops bad/wrong_argument.txt $x -o "$work/w"
check no_sources 1 "$fx2c" run fx/graph.fx "${mf[@]}" --custom-ops bad/no_sources.txt $x -o "$work/n"
check missing_function 1 "$fx2c" run fx/graph.fx "${mf[@]}" --custom-ops bad/missing_function.txt $x -o "$work/m"
check failing_op 1 "$fx2c" run bad/failing.fx --custom-ops bad/failing.txt bad/failing.input0.npy -o "$work/f"
check too_many_tensors 1 "$fx2c" compile bad/nine.fx --custom-ops bad/nine.txt --input "x:f32[2]" --emit c -o "$work/t"
echo "custom: $pass passed, $fail failed"
[ $fail -eq 0 ]
