#!/usr/bin/env bash
# The profiler (issue 13), on tests/codegen/mymodule (add, linear + relu fused, sum, topk) and residual_mlp:
#   - the emitted C folder with a clock of the program's own (fake_clock.c, a fake clock): its table and Chrome
#     trace against the goldens in expected/, built with -std=c99 -Wall -Wextra -Werror -pedantic under gcc and clang;
#     the --profile build is deterministic, and without --profile model.c is the codegen golden, byte for byte;
#   - the executables (C and, with --llvm, LLVM backends) built with --profile: --profile --bench 3 prints the table
#     of 3 runs, --trace writes one "X" event per node per run (check_trace.py), the outputs are those of the plain
#     build; a plain executable refuses --profile and --trace; a trace path that is an input is refused, one that
#     cannot be written fails before the run;
#   - fx2c run --profile --trace: the interpreter's table and trace, one event per node that runs code.
#   profile.sh FX2C TESTS_DIR [--llvm]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") tests=$(cd "$2" && pwd) llvm=${3:-}
here=$tests/profile root=$(cd "$tests/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
py=/usr/bin/python3
[ -x $py ] || py=python3
m=$tests/codegen/mymodule
args=("$m/graph.fx" --modules "$m/modules.txt" --weights "$m/weights.safetensors" --input "x=$m/input0.npy")

# the C folder with the program's own clock
"$fx2c" compile "${args[@]}" --emit c --profile -o "$work/c" 2>"$work/err" || { bad "--emit c --profile"; cat "$work/err"; }
mkdir -p "$work/c1" && cp "$work/c/model.c" "$work/c/model.h" "$work/c1/"
"$fx2c" compile "${args[@]}" --emit c --profile -o "$work/c" 2>/dev/null
if cmp -s "$work/c/model.c" "$work/c1/model.c" && cmp -s "$work/c/model.h" "$work/c1/model.h"; then ok
else bad "--emit c --profile is not deterministic"; fi
"$fx2c" compile "${args[@]}" --emit c -o "$work/plain" 2>/dev/null
if cmp -s "$work/plain/model.c" "$m/expected/model.c"; then ok; else bad "without --profile, model.c differs from tests/codegen/mymodule/expected"; fi
if grep -q "fxrt_profile_clock" "$work/c/model.c" && ! grep -q "malloc\|printf\|FILE" "$work/c/model.c"; then ok
else bad "the --profile model.c: no clock reads, or stdio/malloc in it"; fi
for cc in gcc clang; do
  command -v $cc >/dev/null || continue
  if $cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -I "$work/c" -I "$root/backend" -o "$work/fake_$cc" \
       "$here/fake_clock.c" "$work/c"/*.c -lm 2>"$work/err"; then ok
  else bad "fake_clock.c with the --profile folder under $cc"; cat "$work/err"; continue; fi
  "$work/fake_$cc" "$work/trace_$cc.json" >"$work/table_$cc.txt" || bad "fake_clock ($cc) failed"
  if [ "${FX2C_UPDATE:-}" = 1 ] && [ $cc = gcc ]; then
    cp "$work/table_$cc.txt" "$here/expected/table.txt"
    cp "$work/trace_$cc.json" "$here/expected/trace.json"
  fi
  if diff -u "$here/expected/table.txt" "$work/table_$cc.txt" >"$work/diff"; then ok; else bad "the table ($cc)"; head -30 "$work/diff"; fi
  if diff -u "$here/expected/trace.json" "$work/trace_$cc.json" >"$work/diff"; then ok; else bad "the trace ($cc)"; head -30 "$work/diff"; fi
done
# an FX line of 1,300 bytes: NAME_nodes keeps its first 1000 and "..." (C99 string literals), in both backends
{ echo "graph():"; echo "    %x : [#users=1] = placeholder[target=x]"
  printf '    %%r : [#users=1] = call_function[target=operator.add](args = (%%x, 1.%s1), kwargs = {})\n' "$(printf '0%.0s' $(seq 1200))"
  echo "    return r"; } >"$work/long.fx"
"$fx2c" compile "$work/long.fx" --input 'x:f32[4]' --emit c --profile -o "$work/long" 2>"$work/err"
len=$(grep -o '"%r : [^"]*"' "$work/long/model.c" | awk '{print length($0) - 2}')
if [ "$len" = 1003 ] && grep -q '0\.\.\."' "$work/long/model.c" &&
   gcc -std=c99 -Wall -Wextra -Werror -pedantic -c -I "$work/long" -o "$work/long.o" "$work/long/model.c" 2>>"$work/err"; then ok
else bad "a long FX line in model.c's table ($len bytes)"; cat "$work/err"; fi
if [ "$llvm" = --llvm ]; then
  len=$("$fx2c" compile "$work/long.fx" --input 'x:f32[4]' --emit llvm --profile -o - 2>"$work/err" | grep -o 'c"%r : [^"]*\\00"' | awk '{print length($0) - 6}')
  if [ "$len" = 1003 ]; then ok; else bad "a long FX line in the LLVM module's table ($len bytes)"; cat "$work/err"; fi
fi
nodes=$(sed -n 's/^#define MODEL_NUM_NODES \([0-9]*\)$/\1/p' "$work/c/model.h")
# --prefix: the table and its count take the prefix (two profiled models link into one program)
"$fx2c" compile "${args[@]}" --emit c --profile --prefix net -o "$work/pfx" 2>"$work/err"
if grep -q "^#define NET_NUM_NODES $nodes$" "$work/pfx/model.h" && grep -q "^extern const fxrt_node_info net_nodes\[\];" "$work/pfx/model.h" &&
   gcc -std=c99 -Wall -Wextra -Werror -pedantic -c -o "$work/pfx.o" "$work/pfx/model.c" 2>>"$work/err" &&
   nm "$work/pfx.o" | grep -q " [DdRr] net_nodes$"; then ok
else bad "--profile --prefix net"; cat "$work/err"; fi

# the executables
backends=(c)
[ "$llvm" = --llvm ] && backends+=(llvm)
for be in "${backends[@]}"; do
  "$fx2c" compile "${args[@]}" --emit exe --backend "$be" --profile -o "$work/prof_$be" 2>"$work/err" || { bad "$be: --emit exe --profile"; cat "$work/err"; continue; }
  "$fx2c" compile "${args[@]}" --emit exe --backend "$be" -o "$work/plain_$be" 2>/dev/null
  "$work/plain_$be" "$m/input0.npy" -o "$work/out_plain_$be" >/dev/null || bad "$be: the plain executable failed"
  if "$work/prof_$be" "$m/input0.npy" -o "$work/out_$be" --bench 3 --profile --trace "$work/t_$be.json" >"$work/table" 2>"$work/err"; then ok
  else bad "$be: the profiling executable with --profile --trace"; cat "$work/err"; continue; fi
  if cmp -s "$work/out_plain_$be/output0.npy" "$work/out_$be/output0.npy" && cmp -s "$work/out_plain_$be/output1.npy" "$work/out_$be/output1.npy"; then ok
  else bad "$be: the profiling build's outputs differ from the plain build's"; fi
  if grep -q "^profile: 3 runs, $nodes nodes timed" "$work/table" && grep -q "^linear_fused  *fused_linear  *3 .* linear, relu$" "$work/table" &&
     grep -q "^op type  *nodes  *calls" "$work/table"; then ok
  else bad "$be: the table"; cat "$work/table"; fi
  if $py "$here/check_trace.py" "$work/t_$be.json" "$nodes" 3 >"$work/err" 2>&1; then ok; else bad "$be: the trace"; cat "$work/err"; fi
  "$work/plain_$be" "$m/input0.npy" -o "$work/o" --profile >/dev/null 2>"$work/err"
  if [ $? -eq 2 ] && grep -q "built without profiling; build it with fx2c compile --profile" "$work/err"; then ok
  else bad "$be: a plain executable with --profile"; cat "$work/err"; fi
  cp "$m/input0.npy" "$work/in.npy"
  "$work/prof_$be" "$work/in.npy" -o "$work/o" --trace "$work/in.npy" >/dev/null 2>"$work/err"
  if [ $? -ne 0 ] && grep -q "is input 0: refusing to overwrite it" "$work/err" && cmp -s "$m/input0.npy" "$work/in.npy"; then ok
  else bad "$be: --trace onto an input"; cat "$work/err"; fi
  "$work/prof_$be" "$tests/codegen/residual_mlp/input0.npy" -o "$work/o_$be" --trace "$work/left_$be.json" >/dev/null 2>"$work/err"
  if [ $? -ne 0 ] && grep -q "the model takes" "$work/err" && [ ! -e "$work/left_$be.json" ]; then ok
  else bad "$be: a run that fails leaves no trace file"; cat "$work/err"; fi
  "$work/prof_$be" "$m/input0.npy" -o "$work/o_$be" --trace "$work/no/such/dir/t.json" >/dev/null 2>"$work/err"
  if [ $? -ne 0 ] && grep -q "cannot write '$work/no/such/dir/t.json'" "$work/err" && [ ! -e "$work/o_$be" ]; then ok
  else bad "$be: an unwritable --trace is an error before the run"; cat "$work/err"; fi
done

# the interpreter
if "$fx2c" run "$m/graph.fx" --modules "$m/modules.txt" --weights "$m/weights.safetensors" "$m/input0.npy" -o "$work/r" \
     --profile --trace "$work/r.json" >"$work/table" 2>"$work/err"; then ok
else bad "fx2c run --profile --trace"; cat "$work/err"; fi
# -O0: add, linear, relu, sum, topk run code
if grep -q "^profile: 1 run, 5 nodes timed" "$work/table" && $py "$here/check_trace.py" "$work/r.json" 5 1 >"$work/err" 2>&1; then ok
else bad "fx2c run: the table or the trace"; cat "$work/table" "$work/err"; fi
"$fx2c" run "$m/graph.fx" --modules "$m/modules.txt" --weights "$m/weights.safetensors" "$m/input0.npy" -o "$work/r2" \
  --trace "$work/no/such/t.json" >/dev/null 2>"$work/err"
if [ $? -ne 0 ] && grep -q "cannot write" "$work/err" && [ ! -e "$work/r2" ]; then ok
else bad "fx2c run: an unwritable --trace is an error before the run"; cat "$work/err"; fi
"$fx2c" compile "${args[@]}" --emit graph --profile -o "$work/g.fx" 2>"$work/err"
if [ $? -eq 2 ] && grep -q "\-\-profile applies to --emit c, exe, llvm, bc and obj" "$work/err"; then ok
else bad "--profile with --emit graph"; cat "$work/err"; fi
echo "profile: $pass passed, $fail failed"
[ $fail -eq 0 ]
