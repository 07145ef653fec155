#!/usr/bin/env bash
# The one test command: builds fx2c three ways and runs every test.
#   1. release build, warnings as errors: unit tests, round-trip goldens, error goldens, fuzz replay, install test
#   2. AddressSanitizer + UndefinedBehaviorSanitizer: the same tests
#   3. clang + libFuzzer (+ sanitizers), without the LLVM backend (-DFX2C_LLVM=OFF: that build must keep working, and
#      its CLI test checks what --emit llvm says then): a short fuzzing run of each reader (FX2C_FUZZ_SECONDS each,
#      default 20)
#   4. the light conformance zoo: models exported from PyTorch, run by `fx2c run`, compared with PyTorch's outputs;
#      then the same models compiled by `fx2c compile --emit exe` (warnings as errors, ASan and UBSan), run and
#      compared again; then compiled by the LLVM backend (--backend llvm --emit exe), compared with PyTorch and, bit
#      for bit, with the C executables
#   5. resnet18 through the profiler (tests/profile/resnet18.py): its trace, trace-diff of -O0 against -O2, and every
#      node's dump against PyTorch's
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
status=0

echo "== layers (docs/ARCHITECTURE.md against every #include)"
python3 tools/check_layers.py || status=1

run_suite() { # build_dir label cmake_args...
  local dir=$1 label=$2; shift 2
  echo "== $label"
  cmake -S . -B "$dir" -DFX2C_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j"$jobs" >/dev/null
  (cd "$dir" && ctest --output-on-failure -j"$jobs") || status=1
}

run_suite build-test "release build" -DCMAKE_BUILD_TYPE=Release
echo "== install"
rm -rf build-test/_install
cmake --install build-test --prefix build-test/_install >/dev/null
if build-test/_install/bin/fx2c --version | grep -q '^fx2c '; then echo "install: 1 passed, 0 failed"; else echo "install: 0 passed, 1 failed"; status=1; fi

run_suite build-asan "AddressSanitizer + UBSan build" -DCMAKE_BUILD_TYPE=Debug -DFX2C_SANITIZE=ON

if command -v clang >/dev/null; then
  CC=clang run_suite build-fuzz "clang + libFuzzer build, without LLVM" -DCMAKE_BUILD_TYPE=Debug -DFX2C_SANITIZE=ON \
    -DFX2C_FUZZ=ON -DFX2C_FUZZ_SECONDS="${FX2C_FUZZ_SECONDS:-20}" -DFX2C_LLVM=OFF
fi
echo "== conformance zoo (light)"
/usr/bin/python3 tests/e2e/zoo.py --light --fx2c build-test/fx2c --cache build-test/e2e-cache || status=1
echo "== conformance zoo (light), compiled executables under ASan and UBSan"
/usr/bin/python3 tests/e2e/zoo.py --light --backend exe \
  --cflags "-fsanitize=address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror -pedantic -Wvla" \
  --fx2c build-test/fx2c --cache build-test/e2e-cache || status=1
echo "== conformance zoo (light), LLVM executables against PyTorch and the C executables"
/usr/bin/python3 tests/e2e/zoo.py --light --backend llvm --fx2c build-test/fx2c --cache build-test/e2e-cache || status=1
echo "== resnet18: the profiling build's trace, trace-diff of -O0 against -O2, every node's dump against PyTorch's"
/usr/bin/python3 tests/profile/resnet18.py build-test/fx2c build-test/profile-resnet18 || status=1
exit $status
