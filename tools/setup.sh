#!/usr/bin/env bash
# The one set-up command: installs the dependencies, builds fx2c, installs it, and runs it on the bundled example.
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
