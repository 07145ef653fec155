#!/usr/bin/env bash
# The models of issue 17 run as Cortex-M4F firmware under QEMU (mps2-an386, ARM semihosting), their outputs
# compared with PyTorch's:
#   - gen.py exports the f32 sine, mlp, dscnn, smallcnn and mixer (tools/fx2c-export, fixed seeds) and the int8 dscnn8 and
#     smallcnn8 (the f32 DS-CNN and small CNN quantized by prepare_fx/convert_fx, qnnpack; f32 in and out) into the
#     work folder;
#   - the C backend (c-Os, c-O2): `fx2c compile ... --emit c [-Os] -o DIR`, the folder's sources (model.h's build
#     line) cross-compiled with arm-none-eabi-gcc at -Os or -O2; the LLVM backend (llvm): `--emit obj -Os --target
#     thumbv7em-none-eabihf --cpu cortex-m4`, whose compact kernels are inline (an object that calls or globally
#     defines an fxrt_small_ kernel fails), and llvm-O2, the same at -O2 (calling the runtime's kernels), each
#     linked with the runtime built by cmake with cmake/toolchains/arm-none-eabi.cmake at MinSizeRel (as
#     tests/llvm/firmware.sh);
#   - each image is this folder's harness (startup.c, firmware.ld, main.c at -Os: the input a constant array from
#     input0.npy, the output written to the host through semihosting, model_run's stack measured by painting) run
#     by qemu-system-arm with a timeout; its output must match output0.npy within TOL (tests/npy_compare.py), an
#     int8 model's (gen.py wrote qstep.txt, its output's quantization step) exactly or within one step on at most
#     0.1% of the elements (npy_compare.py --qstep);
#   - the int8 models' llvm configurations too: at -Os their kernels are the compact ones (fxrt_small_q8_*), at -O2
#     the runtime's fxrt_q8_* (their int32_t zero points passed as such: kernels.def's I32 operands);
#   - with fixed-point requantization (int8 models only; a float model is "skipped"): c-Os-fixed and llvm-fixed are
#     c-Os and llvm with `--requantize fixed`; c-Os-m3 and c-Os-m3-fixed are c-Os and c-Os-fixed built for a
#     Cortex-M3 without FPU (-mcpu=cortex-m3 -mfloat-abi=soft: float arithmetic in libgcc's soft-float routines)
#     and run on mps2-an385 (the same memory map, startup.c and firmware.ld), with a null image of their own.
# Sizes, per model and configuration (what issue 17 compares with onnx2c):
#   null image = the same harness, input and output buffers linked with a model_run that does nothing
#                (null_model.c, model.h's signature) and no workspace;
#   flash      = text + data of the image - text + data of the null image;
#   RAM        = data + bss of the image - data + bss of the null image (the model's own data, and the workspace,
#                a static buffer of the harness counted once; not the input and output, which are the caller's)
#                + the stack model_run used (measured);
#   insns      = instructions executed by model_run, with --icount only: QEMU's -icount shift=0 (one virtual
#                nanosecond per instruction) and SysTick at 25 MHz around the call, so 40 per tick (to 40
#                instructions; checked against a -singlestep -d exec trace). Without --icount, "-".
# One line per model and configuration:
#   firmware MODEL CONFIG: flash=F ram=R databss=D workspace=W stack=S bound=B insns=I PASS|FAIL [reason]
# where B is model.h's MODEL_STACK_BYTES as the Cortex-M4F compiler reads it (program/stack.def's bound); a model
# whose measured stack S is above B fails.
# and at the end `firmware: N passed, M failed, K skipped`.
# Exit status 77 (ctest: skipped) when qemu-system-arm, arm-none-eabi-gcc or arm-none-eabi-size is missing.
#   run.sh FX2C SOURCE_DIR [--configs "c-Os llvm llvm-O2 c-Os-fixed llvm-fixed"] [--models "sine mlp dscnn dscnn8
#          smallcnn smallcnn8 mixer"] [--icount]
#          [--no-llvm] [--keep DIR]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$(cd "$2" && pwd)
shift 2
# the configurations without the LLVM backend's (llvm, llvm-O2, llvm-fixed)
no_llvm() { local c out=""; for c in $1; do [ "${c#llvm}" = "$c" ] && out="$out $c"; done; echo "${out# }"; }
configs="c-Os llvm llvm-O2 c-Os-fixed llvm-fixed" models="sine mlp dscnn dscnn8 smallcnn smallcnn8 mixer" icount=0 keep=""
while [ $# -gt 0 ]; do
  case $1 in
    --configs) configs=$2; shift ;;
    --models) models=$2; shift ;;
    --icount) icount=1 ;;
    --no-llvm) configs=$(no_llvm "$configs") ;;
    --keep) keep=$2; shift ;;
    *) echo "run.sh: unknown argument $1"; exit 2 ;;
  esac
  shift
done
TOL=1e-4
here=$root/tests/firmware
py=/usr/bin/python3
for tool in qemu-system-arm arm-none-eabi-gcc arm-none-eabi-size; do
  command -v $tool >/dev/null || { echo "firmware: $tool is missing (bash tools/deps.sh); skipped"; exit 77; }
done
if [ -n "$keep" ]; then work=$(mkdir -p "$keep" && cd "$keep" && pwd); else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
pass=0 fail=0 skip=0
# set_cpu m4|m3: the compiler's and QEMU's options for a Cortex-M4F (mps2-an386) or a Cortex-M3 without FPU
# (mps2-an385)
set_cpu() {
  if [ "$1" = m3 ]; then
    cpu=(-mcpu=cortex-m3 -mthumb -mfloat-abi=soft) board=mps2-an385
  else
    cpu=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16) board=mps2-an386
  fi
  cflags=("${cpu[@]}" -std=c99 -ffunction-sections -fdata-sections)
  ldflags=("${cpu[@]}" -nostartfiles -T "$here/firmware.ld" --specs=nano.specs -Wl,--gc-sections -Wl,--no-warn-execstack)
  qemu=(qemu-system-arm -M $board -nographic -monitor none -serial none -semihosting-config enable=on,target=native)
  [ $icount = 1 ] && qemu+=(-icount shift=0)
}
set_cpu m4

"$py" "$here/gen.py" "$work/models" $models || { echo "firmware: gen.py failed"; echo "firmware: 0 passed, 1 failed"; exit 1; }
if [[ " $configs " == *" llvm"* ]]; then
  if ! { cmake -S "$root" -B "$work/m4" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/arm-none-eabi.cmake" \
           -DCMAKE_BUILD_TYPE=MinSizeRel && cmake --build "$work/m4" -j2; } >"$work/m4.log" 2>&1; then
    echo "FAIL the runtime for the Cortex-M4F (cmake with the toolchain file)"; tail -20 "$work/m4.log"
    fail=$((fail + 1)) configs=$(no_llvm "$configs")
  fi
fi

# sizes ELF -> "text data bss"
sizes() { arm-none-eabi-size "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }
# link DIR MODEL_H_DIR OUT.elf OBJECTS...: the harness at -Os against that model.h (and its fxrt.h: the C folder's
# own, or the runtime's for the LLVM object); -DFW_NULL for the null image when $null is set
link() {
  local d=$1 inc=$2 out=$3
  shift 3
  arm-none-eabi-gcc "${cflags[@]}" -Os -Wall ${null:+-DFW_NULL} -I "$d/harness" -I "$inc" -I "$root/runtime" \
    "${ldflags[@]}" -o "$out" "$here/startup.c" "$here/main.c" "$@" -lm
}
# run ELF DIR: runs the image in DIR, sets $report (main.c's line)
run() {
  rm -f "$2/output0.bin"
  report=$(cd "$2" && timeout 120 "${qemu[@]}" -kernel "$1" 2>&1 </dev/null)
}

for m in $models; do
  src=$work/models/$m d=$work/$m
  mkdir -p "$d/harness" "$d/c"
  # the f32 exports' weights.safetensors; the int8 models' weights.pt (quantized tensors)
  weights=$src/weights.safetensors
  [ -f "$weights" ] || weights=$src/weights.pt
  # the comparison: within TOL (f32), or within one quantization step of the output (int8: gen.py's qstep.txt)
  cmp=(--tol $TOL)
  [ -f "$src/qstep.txt" ] && cmp=(--qstep "$(cat "$src/qstep.txt")")
  compile=("$fx2c" compile "$src/graph.fx" --modules "$src/modules.txt" --weights "$weights" --input "x=$src/input0.npy")
  "$py" "$here/npy.py" header "$src/input0.npy" "$d/harness/input.h" || { echo "FAIL $m: input.h"; fail=$((fail + 1)); continue; }
  if ! "${compile[@]}" --emit c -o "$d/c" 2>"$d/err"; then echo "FAIL $m: --emit c"; cat "$d/err"; fail=$((fail + 1)); continue; fi
  # the null image: model.h's declaration of model_run with an empty body
  sed -n 's/^\([a-z_]* model_run(.*)\);$/\1 { return 0; }/p' "$d/c/model.h" |
    sed '1i #include "model.h"' >"$d/harness/null_model.c"
  if ! null=1 link "$d" "$d/c" "$d/null.elf" "$d/harness/null_model.c" 2>"$d/err"; then
    echo "FAIL $m: the null image"; cat "$d/err"; fail=$((fail + 1)); continue
  fi
  read -r ntext ndata nbss < <(sizes "$d/null.elf")
  ws=$(sed -n 's/^#define MODEL_WORKSPACE_SIZE \([0-9]*\)u*$/\1/p' "$d/c/model.h")
  for cfg in $configs; do
    o=$d/$cfg
    mkdir -p "$o"
    rq=() # --requantize fixed for the *-fixed configurations
    if [[ $cfg == *-fixed ]]; then
      if [ ! -f "$src/qstep.txt" ]; then
        echo "firmware $m $cfg: skipped (a float model: nothing to requantize)"; skip=$((skip + 1)); continue
      fi
      rq=(--requantize fixed)
    fi
    if [[ $cfg == c-Os-m3* ]]; then # a Cortex-M3 without FPU: its own null image
      set_cpu m3
      if ! null=1 link "$d" "$d/c" "$d/null-m3.elf" "$d/harness/null_model.c" 2>"$d/err"; then
        echo "FAIL $m: the Cortex-M3 null image"; cat "$d/err"; fail=$((fail + 1)); set_cpu m4; continue
      fi
      read -r ntext ndata nbss < <(sizes "$d/null-m3.elf")
    else
      set_cpu m4
      read -r ntext ndata nbss < <(sizes "$d/null.elf")
    fi
    case $cfg in
      c-Os | c-O2 | c-Os-fixed | c-Os-m3 | c-Os-m3-fixed)
        # fx2c compile -Os for c-Os* (the compact kernels, inline), the default -O2 for c-O2
        flag=("${rq[@]}")
        [ $cfg != c-O2 ] && flag+=(-Os)
        "${compile[@]}" --emit c "${flag[@]}" -o "$o/c" 2>"$d/err" || { echo "FAIL $m $cfg: --emit c ${flag[*]}"; cat "$d/err"; fail=$((fail + 1)); continue; }
        srcs=$(sed -n 's/^ \*   cc .* -c \(.*\)$/\1/p' "$o/c/model.h")
        [ -n "$srcs" ] || srcs=$(cd "$o/c" && ls ./*.c)
        objs=()
        for s in $srcs; do objs+=("$o/c/$s"); done
        ws=$(sed -n 's/^#define MODEL_WORKSPACE_SIZE \([0-9]*\)u*$/\1/p' "$o/c/model.h")
        opt=-Os
        [ $cfg = c-O2 ] && opt=-O2
        (cd "$o" && arm-none-eabi-gcc "${cflags[@]}" $opt -c "${objs[@]}") 2>"$d/err" &&
          link "$d" "$o/c" "$o/fw.elf" "$o"/*.o 2>>"$d/err" ;;
      llvm | llvm-fixed)
        # fx2c compile -Os: LLVM's -Os pipeline, the compact kernels inline (linked in as bitcode): the object
        # must neither call one nor define one globally (a layer's specialization that several calls share is a
        # local function, small_conv2d_f32 ...; the runtime, MinSizeRel, is linked for the other kernels)
        rm -f "$o/model.o"
        "${compile[@]}" "${rq[@]}" --emit obj -Os --target thumbv7em-none-eabihf --cpu cortex-m4 -o "$o/model.o" \
          2>"$d/err" &&
          { ! arm-none-eabi-nm "$o/model.o" | grep -E " [A-Z] (fxrt_small_|fx_small_bc_)" >"$d/err" ||
            { echo "the object names compact kernels (not inline):" | cat - "$d/err"; false; }; } &&
          ws=$(sed -n 's/^#define MODEL_WORKSPACE_SIZE \([0-9]*\)u*$/\1/p' "$o/model.h") &&
          link "$d" "$o" "$o/fw.elf" "$o/model.o" "$work/m4/libfxrt.a" 2>>"$d/err" ;;
      llvm-O2)
        # fx2c compile (-O2): LLVM's -O2 pipeline calling the runtime's kernels (fxrt_q8_* for the int8 models:
        # their int32_t parameters must be passed as such on a 32-bit target)
        "${compile[@]}" --emit obj --target thumbv7em-none-eabihf --cpu cortex-m4 -o "$o/model.o" 2>"$d/err" &&
          ws=$(sed -n 's/^#define MODEL_WORKSPACE_SIZE \([0-9]*\)u*$/\1/p' "$o/model.h") &&
          link "$d" "$o" "$o/fw.elf" "$o/model.o" "$work/m4/libfxrt.a" 2>>"$d/err" ;;
      *) echo "run.sh: unknown configuration $cfg" >"$d/err"; false ;;
    esac || { echo "FAIL $m $cfg: building the image"; cat "$d/err"; fail=$((fail + 1)); continue; }
    read -r text data bss < <(sizes "$o/fw.elf")
    # the stated bound: MODEL_STACK_BYTES as the harness's compiler reads model.h
    hdir=$o/c
    [ "${cfg#llvm}" != "$cfg" ] && hdir=$o
    bound=$(arm-none-eabi-gcc "${cflags[@]}" -I "$hdir" -I "$root/runtime" -E -dM "$hdir/model.h" |
            sed -n 's/^#define MODEL_STACK_BYTES \([0-9]*\)u*$/\1/p')
    run "$o/fw.elf" "$o"
    status=$? verdict=PASS reason=""
    read -r st stack ticks < <(sed -n 's/^fw: status \(-*[0-9]*\) stack \([a-z0-9]*\) ticks \(-*[0-9]*\).*/\1 \2 \3/p' <<<"$report")
    if [ $status -ne 0 ] || [ "${st:-x}" != 0 ]; then
      verdict=FAIL reason="qemu status $status: $report"
    elif ! "$py" "$here/npy.py" raw "$o/output0.bin" "$src/output0.npy" "$o/output0.npy" >"$d/err" 2>&1 ||
         ! "$py" "$root/tests/npy_compare.py" "$src" "$o" "${cmp[@]}" >>"$d/err" 2>&1; then
      verdict=FAIL reason="output differs from PyTorch's: $(tr '\n' ' ' <"$d/err")"
    elif [ "$stack" = overflow ]; then
      verdict=FAIL reason="stack overflow (more than firmware.ld's STACK_SIZE)"
    elif ! [[ ${bound:-x} =~ ^[0-9]+$ ]]; then
      verdict=FAIL reason="model.h has no MODEL_STACK_BYTES for the Cortex-M4F"
    elif ! [[ ${stack:-x} =~ ^[0-9]+$ ]] || [ "$stack" -gt "$bound" ]; then
      verdict=FAIL reason="model_run used ${stack:-?} bytes of stack, above model.h's MODEL_STACK_BYTES $bound"
    fi
    insns=-
    [ $icount = 1 ] && [ "${ticks:--1}" -ge 0 ] && insns=$((ticks * 40))
    ram=-
    [[ ${stack:-x} =~ ^[0-9]+$ ]] && ram=$((data + bss - ndata - nbss + stack))
    echo "firmware $m $cfg: flash=$((text + data - ntext - ndata)) ram=$ram databss=$((data + bss - ndata - nbss))" \
      "workspace=$ws stack=${stack:--} bound=${bound:--} insns=$insns $verdict${reason:+ $reason}"
    if [ $verdict = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  done
done
echo "firmware: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
