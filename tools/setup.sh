#!/usr/bin/env bash
# The one set-up command: installs the dependencies, builds fx2c, installs it, and runs it on the bundled example
# (print it back, draw it, run it with the interpreter, compile it to C and to a static executable, compare with
# PyTorch).
#   bash tools/setup.sh               (installs into /usr/local, or ~/.local when that is not writable;
#                                      FX2C_PREFIX=DIR to choose)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
prefix=${FX2C_PREFIX:-/usr/local}
if [ ! -w "$prefix" ] && [ -z "${FX2C_PREFIX:-}" ]; then prefix=$HOME/.local; fi
cmake --install build --prefix "$prefix"
fx2c="$prefix/bin/fx2c"
echo
echo "== $("$fx2c" --version), installed as $fx2c"
echo "== the example: examples/mymodule/graph.fx read and printed back (fx2c compile ... --emit graph -o -)"
"$fx2c" compile examples/mymodule/graph.fx --emit graph -o -
"$fx2c" compile examples/mymodule/graph.fx --emit dot -o build/mymodule.dot
if command -v dot >/dev/null; then dot -Tsvg build/mymodule.dot -o build/mymodule.svg && echo "== drawn: build/mymodule.svg"; fi
echo "== the example run: weights and an input exported with PyTorch, run by fx2c, compared with PyTorch's outputs"
/usr/bin/python3 tools/fx2c-export --module tests/e2e/models.py:MyModule --input 'x:f32[5,4]' --out build/example >/dev/null
"$fx2c" run examples/mymodule/graph.fx --modules examples/mymodule/modules.txt --weights build/example/weights.pt \
  build/example/input0.npy -o build/example/fx2c
echo "== the example compiled: a C folder (fx2c compile ... --emit c) and a static executable (--emit exe)"
model=(examples/mymodule/graph.fx --modules examples/mymodule/modules.txt --weights build/example/weights.pt
       --input x=build/example/input0.npy)
"$fx2c" compile "${model[@]}" --emit c -o build/example/c
"$fx2c" compile "${model[@]}" --emit exe -o build/example/mymodule
echo "   build/example/c: $(cd build/example/c && ls | tr '\n' ' ')"
sed -n '/%relu : /,/FX2C_CHECK/p' build/example/c/model.c
build/example/mymodule build/example/input0.npy -o build/example/exe
/usr/bin/python3 -c '
import numpy as np
for i, what in enumerate(["topk values", "topk indices"]):
    a, b = np.load(f"build/example/fx2c/output{i}.npy"), np.load(f"build/example/output{i}.npy")
    e = np.load(f"build/example/exe/output{i}.npy")
    print(f"   {what}: fx2c run {a.tolist()}  executable {e.tolist()}  PyTorch {b.tolist()}  "
          f"max difference {float(max(abs(a - b).max(), abs(e - b).max())):.2g}")
'
