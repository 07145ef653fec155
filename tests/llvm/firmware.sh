#!/usr/bin/env bash
# A Cortex-M4F firmware image from a cross-compiled model (examples/firmware/README.md), built, not run:
#   - the runtime builds for the microcontroller with cmake/toolchains/arm-none-eabi.cmake (FX2C_RUNTIME_ONLY,
#     warnings as errors) into libfxrt.a;
#   - fx2c compiles each model to a Thumb object (--target thumbv7em-none-eabihf --cpu cortex-m4) and model.h;
#   - arm-none-eabi-gcc links the object, the runtime, examples/firmware's startup code and main.c with its linker
#     script into an ELF image: no undefined symbol, no ABI mismatch (the linker refuses to mix float ABIs), the
#     hard-float ABI in its ELF header, the vector table at the start of flash, model_run in it, the weights in flash;
#   - arm-none-eabi-size prints its flash (text + data) and RAM (data + bss) sizes;
#   - a --profile build links with the example's cycle-counter hooks (fxrt_profile_clock, fxrt_profile_node).
#   firmware.sh FX2C SOURCE_DIR
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
for tool in arm-none-eabi-gcc arm-none-eabi-size arm-none-eabi-nm readelf; do
  command -v $tool >/dev/null || { echo "firmware: $tool is missing (bash tools/deps.sh)"; echo "firmware: 0 passed, 1 failed"; exit 1; }
done
# the runtime for the Cortex-M4F
if cmake -S "$root" -B "$work/m4" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/arm-none-eabi.cmake" \
     -DCMAKE_BUILD_TYPE=MinSizeRel -DFX2C_WERROR=ON >"$work/log" 2>&1 && cmake --build "$work/m4" >>"$work/log" 2>&1 &&
   [ -f "$work/m4/libfxrt.a" ] && readelf -A "$work/m4/libfxrt.a" | grep -q "Tag_ABI_VFP_args: VFP registers"; then ok
else bad "the runtime for Cortex-M4F (cmake with the toolchain file)"; tail -20 "$work/log"; fi
cpu=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
fw=$root/examples/firmware
cd "$root/tests/codegen" || exit 1
for case in mymodule residual_mlp; do
  mkdir -p "$work/$case"
  if ! "$fx2c" compile "$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" \
       --input "x=$case/input0.npy" --emit obj -Os --target thumbv7em-none-eabihf --cpu cortex-m4 -o "$work/$case/model.o" 2>"$work/err"; then
    bad "$case: --emit obj for thumbv7em-none-eabihf"; cat "$work/err"; continue
  fi
  elf=$work/$case/firmware.elf
  if arm-none-eabi-gcc "${cpu[@]}" -Os -std=c99 -Wall -Wextra -Werror -I "$work/$case" -I "$root/runtime" -nostartfiles \
       -T "$fw/firmware.ld" --specs=nano.specs -Wl,--gc-sections -Wl,--no-warn-execstack -o "$elf" \
       "$fw/startup.c" "$fw/main.c" "$work/$case/model.o" "$work/m4/libfxrt.a" -lm 2>"$work/err"; then ok
  else bad "$case: linking the firmware"; cat "$work/err"; continue; fi
  hdr=$(readelf -h "$elf")
  vec=$(readelf -S "$elf" | sed -n 's/.* \.isr_vector *PROGBITS *\([0-9a-f]*\) .*/\1/p')
  if grep -q "Machine: *ARM" <<<"$hdr" && grep -q "Flags:.*hard-float ABI" <<<"$hdr" && [ "$vec" = 08000000 ] &&
     arm-none-eabi-nm "$elf" | grep -q " T model_run$"; then ok
  else bad "$case: the image (machine, float ABI, vector table at 0x08000000, model_run)"; grep -E "Machine|Flags" <<<"$hdr"; echo "vector table at $vec"; fi
  # the weights are constant data in flash
  wbytes=$(stat -c %s "$case/weights.safetensors")
  read -r text data bss _ < <(arm-none-eabi-size "$elf" | tail -1)
  if [ "$text" -gt $((wbytes / 2)) ]; then ok; else bad "$case: $text bytes of flash text for $wbytes bytes of weights file"; fi
  printf 'firmware %s: flash %d bytes (text %d + data %d), RAM %d bytes (data %d + bss %d; workspace %s bytes)\n' \
    "$case" $((text + data)) "$text" "$data" $((data + bss)) "$data" "$bss" \
    "$(sed -n 's/^#define MODEL_WORKSPACE_SIZE \([0-9]*\)u$/\1/p' "$work/$case/model.h")"
done
# a profiling build (issue 13): the image links with the example's cycle-counter hooks and holds model_nodes
case=mymodule
mkdir -p "$work/prof"
if "$fx2c" compile "$case/graph.fx" --modules "$case/modules.txt" --weights "$case/weights.safetensors" \
     --input "x=$case/input0.npy" --emit obj --profile --target thumbv7em-none-eabihf --cpu cortex-m4 -o "$work/prof/model.o" 2>"$work/err" &&
   arm-none-eabi-gcc "${cpu[@]}" -Os -std=c99 -Wall -Wextra -Werror -I "$work/prof" -I "$root/runtime" -nostartfiles \
     -T "$fw/firmware.ld" --specs=nano.specs -Wl,--gc-sections -Wl,--no-warn-execstack -o "$work/prof/firmware.elf" \
     "$fw/startup.c" "$fw/main.c" "$work/prof/model.o" "$work/m4/libfxrt.a" -lm 2>>"$work/err" &&
   arm-none-eabi-nm "$work/prof/firmware.elf" | grep -q " [RrTt] model_nodes$" &&
   arm-none-eabi-nm "$work/prof/firmware.elf" | grep -q " T fxrt_profile_node$" &&
   arm-none-eabi-nm "$work/prof/firmware.elf" | grep -q " [Bb] model_node_cycles$"; then ok
else bad "$case: a firmware image of the --profile build (model_nodes, the example's hooks)"; cat "$work/err"; fi
echo "firmware: $pass passed, $fail failed"
[ $fail -eq 0 ]
