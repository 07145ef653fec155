#!/usr/bin/env bash
# Installs, with apt, the Debian 12 packages that building and testing fx2c needs. Skips apt when all are present.
#   bash tools/deps.sh    build and test dependencies, PyTorch and torchvision among them: the conformance tests
#                         export models and compare with PyTorch's outputs (Debian's python3-torch, /usr/bin/python3);
#                         LLVM 19 for the LLVM backend (llvm-19-dev: the C API and libLLVM; llvm-19: llvm-as-19,
#                         opt-19, llvm-dwarfdump-19 for its tests, and opt, which with clang builds the compact
#                         kernels' bitcode into fx2c, backend/small_bitcode.c; lld: its executables link faster), binutils
#                         (readelf, ar), the Cortex-M4F toolchain
#                         (gcc-arm-none-eabi, libnewlib-arm-none-eabi) for the firmware tests, QEMU (qemu-system-arm) to run
#                         them (tests/firmware), gdb for the debug-info test,
#                         pandas and matplotlib for tools/fx2c_tracediff.py (the Python TraceDiff)
set -euo pipefail
pkgs=(build-essential cmake pkg-config flex bison perl libcmocka-dev libcjson-dev libzip-dev clang libclang-rt-14-dev graphviz
      python3-torch python3-torchvision python3-torchaudio python3-torchtext python3-tabulate python3-numpy python3-pandas python3-matplotlib
      llvm-19-dev llvm-19 lld binutils gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm gdb)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then echo "deps: all ${#pkgs[@]} packages present"; exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
echo "deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
