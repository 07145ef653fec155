#!/usr/bin/env bash
# The LLVM backend on the fixtures of tests/codegen (graph, modules, weights, inputs and PyTorch's outputs):
#   - --emit llvm, bc and obj for the host, aarch64-linux-gnu, thumbv7em-none-eabihf (Cortex-M4F) and
#     riscv32-unknown-elf: every .ll reads back with llvm-as-19 and passes `opt-19 -passes=verify`, every .bc passes
#     the verifier too; readelf shows each object's class, machine and float ABI (ARM: floating-point arguments in
#     VFP registers, the FPv4-SP-D16 FPU, GCC's short enums; RISC-V: the soft-float ABI); model.h is written beside
#     the output and, from `#ifndef` on,
#     is the C backend's model.h byte for byte;
#   - emitting twice gives byte-identical .ll and .o files;
#   - -Os (the compact kernels, runtime/fxrt_small.h): for the host (x86-64) and thumbv7em-none-eabihf the objects
#     call no fxrt_small_ kernel and define none globally (llvm-nm-19: the kernels linked in as bitcode, inlined into
#     their specializations to each layer's record, which the calls with that record share, as the C backend's -Os
#     files have them), riscv32 keeps calls of the out-of-line
#     kernels; at least one case calls compact kernels (the C backend's -Os model.c names one); the .ll and .o of two
#     runs are the same bytes;
#   - with -g, the object's line table holds the graph's lines and a DWARF inlined subroutine per node;
#   - the executable (--backend llvm --emit exe) gives the C executable's outputs bit for bit (the same calls, the
#     same fused loops), also at -O0 against the interpreter, at -Os against the C backend's -Os executable (the
#     compact kernels inline in both), and with ASan and UBSan in the runtime and driver, and
#     matches PyTorch's outputs within the zoo's tolerance;
#   - gdb stops in a kernel called by the executable built with -g and names the FX node and its graph line;
#   - a C-backend model and an LLVM object with --weights-file (two prefixes, one runtime) link into one program
#     and agree.
#   llvm.sh FX2C TESTS_DIR [--quick]
# --quick: the emitted files only (for fx2c builds with sanitizers, where the executables add nothing).
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") tests=$(cd "$2" && pwd) quick=
[ "${3:-}" = --quick ] && quick=1
root=$(cd "$tests/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FX2C_CACHE_DIR=$work/cache # the LLVM executables' runtime library, built once here
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
for tool in llvm-as-19 opt-19 llvm-dwarfdump-19 readelf; do
  command -v $tool >/dev/null || { echo "llvm: $tool is missing (bash tools/deps.sh)"; echo "llvm: 0 passed, 1 failed"; exit 1; }
done
cd "$work" || exit 1
cases=(mymodule layers_image layers_sequence edge_outputs residual_mlp)
for case in "${cases[@]}"; do ln -s "$tests/codegen/$case" "$case"; done
# target, its readelf -h class and machine, the extra options
targets=("host|ELF64|Advanced Micro Devices X86-64|" "aarch64-linux-gnu|ELF64|AArch64|"
         "thumbv7em-none-eabihf|ELF32|ARM|--cpu cortex-m4" "riscv32-unknown-elf|ELF32|RISC-V|")

model_args() { # case: the compile arguments
  local case=$1 i=0 n
  local inputs=("$case"/input*.npy)
  args=("$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors")
  for n in $(sed -n 's/^ *%\([A-Za-z0-9_]*\) : .*= placeholder\[.*/\1/p' "$case/graph.fx"); do
    args+=(--input "$n=${inputs[$i]}")
    i=$((i + 1))
  done
}

for case in "${cases[@]}"; do
  model_args "$case"
  "$fx2c" compile "${args[@]}" --emit c -o "c.$case" 2>"$work/err" || { bad "$case: --emit c"; cat "$work/err"; continue; }
  for t in "${targets[@]}"; do
    IFS='|' read -r triple class machine extra <<<"$t"
    tflags=()
    [ "$triple" != host ] && tflags=(--target "$triple")
    # shellcheck disable=SC2206
    [ -n "$extra" ] && tflags+=($extra)
    out=$case.$triple
    mkdir -p "$out"
    for kind in llvm:ll bc:bc obj:o; do
      if ! "$fx2c" compile "${args[@]}" "${tflags[@]}" --emit "${kind%:*}" -o "$out/model.${kind#*:}" 2>"$work/err"; then
        bad "$case: --emit ${kind%:*} ${tflags[*]}"; head -5 "$work/err"
      fi
    done
    # IR: reads back and verifies; bitcode verifies
    if llvm-as-19 "$out/model.ll" -o /dev/null 2>"$work/err" && opt-19 -passes=verify -disable-output "$out/model.ll" 2>>"$work/err" &&
       opt-19 -passes=verify -disable-output "$out/model.bc" 2>>"$work/err"; then ok
    else bad "$case $triple: llvm-as-19 or opt-19 -passes=verify"; head -5 "$work/err"; fi
    if [ "$triple" != host ] && ! grep -q "^target triple = \"${triple%%-*}" "$out/model.ll"; then bad "$case $triple: the module's triple"; fi
    # the object's ELF header and float ABI
    hdr=$(readelf -h "$out/model.o")
    if grep -q "Class: *$class" <<<"$hdr" && grep -q "Machine: *$machine" <<<"$hdr"; then ok
    else bad "$case $triple: readelf -h: not $class $machine"; grep -E "Class|Machine" <<<"$hdr"; fi
    case $triple in
    thumbv7em-none-eabihf)
      attrs=$(readelf -A "$out/model.o")
      # a relocatable object carries its float ABI in its build attributes (GNU as and LLVM alike); the linker
      # sets the hard-float flag of e_flags in the image (tests/llvm/firmware.sh)
      if grep -q "Tag_ABI_VFP_args: VFP registers" <<<"$attrs" && grep -q "Tag_FP_arch: VFPv4-D16" <<<"$attrs" &&
         grep -q "Tag_CPU_name: \"cortex-m4\"" <<<"$attrs" && grep -q "Tag_ABI_enum_size: small" <<<"$attrs"; then ok
      else bad "$case $triple: not the Cortex-M4F hard-float ABI"; echo "$attrs"; fi ;;
    riscv32-unknown-elf)
      flags=$(sed -n 's/^ *Flags: *\(0x[0-9a-f]*\).*/\1/p' <<<"$hdr")
      if [ $((flags & 0x6)) -eq 0 ]; then ok; else bad "$case $triple: not the soft-float ABI ($flags)"; fi ;;
    esac
    # model.h beside the output: the C backend's interface
    if [ -f "$out/model.h" ] && diff <(sed -n '/^#ifndef/,$p' "c.$case/model.h") <(sed -n '/^#ifndef/,$p' "$out/model.h") >"$work/diff"
    then ok; else bad "$case $triple: model.h is not the C backend's"; head "$work/diff"; fi
  done
  # determinism: the same bytes twice
  "$fx2c" compile "${args[@]}" --emit llvm -o "$case.again.ll" && "$fx2c" compile "${args[@]}" --emit obj -o "$case.again.o"
  if cmp -s "$case.again.ll" "$case.host/model.ll" && cmp -s "$case.again.o" "$case.host/model.o"; then ok
  else bad "$case: two runs differ"; fi
done

# debug info: the graph's lines, and one inlined subroutine per node (named after it)
model_args layers_image
"$fx2c" compile "${args[@]}" -g --emit obj -o g.o 2>"$work/err" || { bad "-g --emit obj"; cat "$work/err"; }
lines=$(llvm-dwarfdump-19 --debug-line g.o)
info=$(llvm-dwarfdump-19 --debug-info g.o)
conv_line=$(grep -n '^ *%conv_grouped : ' layers_image/graph.fx | cut -d: -f1)
if grep -q 'name: "graph.fx"' <<<"$lines" && grep -q '"layers_image"' <<<"$lines" &&
   grep -qE "^0x[0-9a-f]+ +$conv_line +[0-9]+ " <<<"$lines"; then ok
else bad "-g: the line table lacks layers_image/graph.fx:$conv_line"; fi
if grep -A3 DW_TAG_inlined_subroutine <<<"$info" | grep -q 'DW_AT_abstract_origin.*"conv_grouped"' &&
   grep -q 'DW_AT_name.*"model_run_threads"' <<<"$info"; then ok
else bad "-g: no inlined subroutine named conv_grouped in model_run"; fi

# nodes that the passes made carry the position of the node they replace: the fused elementwise loop (a function
# of its own) that of its group's root, the conv with its padding folded in that of the conv, the fused linear that
# of the linear
add_line=$(grep -n '^ *%add_15 : ' layers_image/graph.fx | cut -d: -f1)
if grep -A6 'DW_AT_name.*"pointwise_add_15_fused"' <<<"$info" | grep -q "DW_AT_decl_line.*($add_line)"; then ok
else bad "-g: pointwise_add_15_fused is not at layers_image/graph.fx:$add_line"; fi
pconv_line=$(grep -n '^ *%conv : ' layers_image/graph.fx | cut -d: -f1)
if grep -A5 'DW_AT_abstract_origin.*"conv_padded"' <<<"$info" | grep -q "DW_AT_call_line.*($pconv_line)"; then ok
else bad "-g: conv_padded (the padding folded into conv) is not at layers_image/graph.fx:$pconv_line"; fi
model_args mymodule
"$fx2c" compile "${args[@]}" -g --emit obj -o g2.o 2>"$work/err" || { bad "-g --emit obj (mymodule)"; cat "$work/err"; }
linear_line=$(grep -n '^ *%linear : ' mymodule/graph.fx | cut -d: -f1)
if llvm-dwarfdump-19 --debug-info g2.o | grep -A5 'DW_AT_abstract_origin.*"linear_fused"' | grep -q "DW_AT_call_line.*($linear_line)"; then ok
else bad "-g: the fused linear is not at mymodule/graph.fx:$linear_line"; fi

if [ -n "$quick" ]; then
  echo "llvm (quick): $pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi

# -Os: the compact kernels inline on the targets fx2c has them as bitcode for (CMakeLists.txt,
# FX2C_SMALL_BITCODE_TARGETS), out of line on the others
small_cases=0
for case in "${cases[@]}"; do
  model_args "$case"
  "$fx2c" compile "${args[@]}" -Os --emit c -o "c.Os.$case" 2>"$work/err" || { bad "$case: -Os --emit c"; cat "$work/err"; continue; }
  grep -q "fxrt_small_" "c.Os.$case/model.c" || continue
  small_cases=$((small_cases + 1))
  for t in "host|inline|" "thumbv7em-none-eabihf|inline|--cpu cortex-m4" "riscv32-unknown-elf|call|"; do
    IFS='|' read -r triple want extra <<<"$t"
    tflags=()
    [ "$triple" != host ] && tflags=(--target "$triple")
    # shellcheck disable=SC2206
    [ -n "$extra" ] && tflags+=($extra)
    out=$case.Os.$triple
    mkdir -p "$out"
    if ! "$fx2c" compile "${args[@]}" -Os "${tflags[@]}" --emit obj -o "$out/model.o" 2>"$work/err"; then
      bad "$case: -Os --emit obj ${tflags[*]}"; head -5 "$work/err"; continue
    fi
    small=$(llvm-nm-19 "$out/model.o" | grep -E "fxrt_small_|fx_small_bc_")
    # inline: no reference to a runtime kernel (no runtime library needed for them) and no global definition of
    # one; a specialization that several calls share is a local function (small_conv2d_f32 ...), as in -Os model.c
    if [ $want = inline ] && ! grep -qE " [A-Z] (fxrt_small_|fx_small_bc_)" <<<"$small"; then ok
    elif [ $want = call ] && grep -q " U fxrt_small_" <<<"$small"; then ok
    else bad "$case -Os $triple: compact kernels expected $want, llvm-nm-19 shows:"; echo "$small" | head -5; fi
  done
  "$fx2c" compile "${args[@]}" -Os --target thumbv7em-none-eabihf --cpu cortex-m4 --emit llvm -o "$case.Os.1.ll" &&
    "$fx2c" compile "${args[@]}" -Os --target thumbv7em-none-eabihf --cpu cortex-m4 --emit llvm -o "$case.Os.2.ll" &&
    "$fx2c" compile "${args[@]}" -Os --emit obj -o "$case.Os.again.o"
  if cmp -s "$case.Os.1.ll" "$case.Os.2.ll" && cmp -s "$case.Os.again.o" "$case.Os.host/model.o"; then ok
  else bad "$case: two -Os runs differ"; fi
done
if [ $small_cases -gt 0 ]; then ok; else bad "no case calls a compact kernel at -Os"; fi

# executables: the LLVM one against the C one (bit for bit) and PyTorch; -O0 against the interpreter; sanitized;
# -Os against the C backend's -Os executable
san=(--cflags "-fsanitize=address,undefined -fno-sanitize-recover=all")
for case in "${cases[@]}"; do
  model_args "$case"
  inputs=("$case"/input*.npy)
  "$fx2c" compile "${args[@]}" --emit exe -o "$case.c.exe" 2>"$work/err" || { bad "$case: the C executable"; head "$work/err"; continue; }
  "./$case.c.exe" "${inputs[@]}" -o "$case.c.out" || { bad "$case: the C executable failed"; continue; }
  "$fx2c" run "$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" "${inputs[@]}" -o "$case.interp" 2>"$work/err" ||
    { bad "$case: fx2c run"; head "$work/err"; continue; }
  "$fx2c" compile "${args[@]}" -Os --emit exe -o "$case.c.Os.exe" 2>"$work/err" || { bad "$case: the C -Os executable"; head "$work/err"; continue; }
  "./$case.c.Os.exe" "${inputs[@]}" -o "$case.c.Os.out" || { bad "$case: the C -Os executable failed"; continue; }
  for kind in O2 O0 san Os; do
    flags=()
    ref=$case.c.out
    [ $kind = O0 ] && flags=(-O0) && ref=$case.interp
    [ $kind = Os ] && flags=(-Os) && ref=$case.c.Os.out
    [ $kind = san ] && flags=("${san[@]}")
    if ! "$fx2c" compile "${args[@]}" --backend llvm --emit exe "${flags[@]}" -o "$case.$kind.exe" 2>"$work/err"; then
      bad "$case: --backend llvm --emit exe $kind"; head -20 "$work/err"; continue
    fi
    if ! "./$case.$kind.exe" "${inputs[@]}" -o "$case.$kind.out" 2>"$work/err"; then bad "$case: the $kind LLVM executable failed"; head "$work/err"; continue; fi
    same=1
    for f in "$ref"/output*.npy; do cmp -s "$f" "$case.$kind.out/$(basename "$f")" || same=0; done
    if [ $same = 1 ]; then ok; else bad "$case: the $kind LLVM executable's outputs differ from $ref"; fi
  done
  if /usr/bin/python3 "$tests/e2e/match_outputs.py" "$case" "$case.O2.out"
  then ok; else bad "$case: the LLVM executable does not match PyTorch"; fi
done

# gdb: a breakpoint in a kernel (its second call: the first conv is fused with its padding, conv_padded); the
# caller's frame is the FX node (an inlined frame named after it) at its line
model_args layers_image
if command -v gdb >/dev/null; then
  "$fx2c" compile "${args[@]}" --backend llvm --emit exe -g -o g.exe 2>"$work/err" || { bad "-g --emit exe"; head "$work/err"; }
  gdb -batch -nx -ex 'break fxrt_conv2d_f32' -ex run -ex continue -ex bt -ex 'frame 1' --args ./g.exe layers_image/input0.npy -o g.out >gdb.log 2>&1
  if grep -qE "^#1 .* in conv_grouped \(\) at layers_image/graph.fx:$conv_line" gdb.log &&
     grep -q "^$conv_line[[:space:]]*%conv_grouped : " gdb.log; then ok
  else bad "gdb does not name the node conv_grouped at layers_image/graph.fx:$conv_line"; head -20 gdb.log; fi
else
  bad "gdb is missing (bash tools/deps.sh)"
fi

# -g with the C backend's executable: compiled with cc -g (its line table holds model.c)
model_args mymodule
if "$fx2c" compile "${args[@]}" -g --emit exe -o gc.exe 2>"$work/err" && llvm-dwarfdump-19 --debug-line gc.exe | grep -q '"model.c"'
then ok; else bad "-g --emit exe (C backend): no debug info for model.c"; head "$work/err"; fi

# one program, two models: the C backend's (prefix hdr) and an LLVM object with its weights in a file (prefix bin)
m=(mymodule/graph.fx --modules mymodule/modules.txt --weights mymodule/weights.safetensors --input x=mymodule/input0.npy)
mkdir -p two/hdr two/bin
"$fx2c" compile "${m[@]}" --emit c --prefix hdr -o two/hdr && "$fx2c" compile "${m[@]}" --emit obj --prefix bin --weights-file -o two/bin/model.o
if [ -f two/bin/model_weights.bin ] && grep -q 'fxrt_status bin_run(const void \*weights, const float \*x' two/bin/model.h &&
   grep -q 'the contents of model_weights.bin' two/bin/model.h; then ok; else bad "--emit obj --weights-file: no .bin or a wrong model.h"; fi
if gcc -std=c99 -O2 -Wall -Wextra -Werror -I two -I "$root/runtime" -o two.exe "$tests/codegen/two_models.c" two/hdr/model.c two/bin/model.o \
     "$root"/runtime/fxrt_*.c -lm 2>"$work/err" && ./two.exe two/bin/model_weights.bin >two.out 2>"$work/err"; then ok
else bad "a C model and an LLVM object in one program"; cat "$work/err"; fi

echo "llvm: $pass passed, $fail failed"
[ $fail -eq 0 ]
