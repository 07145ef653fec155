#!/usr/bin/env bash
# The layer check (tools/check_layers.py): the tree passes; a copy of it with an upward include, with an include of a
# folder the document does not allow, with a cycle in the document's table, or with a new folder of sources that the
# document does not list fails, naming the place.
#   layers.sh SOURCE_DIR
set -uo pipefail
src=$1
check="python3 $src/tools/check_layers.py"
pass=0 fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAILED: $1"; fail=$((fail + 1)); }

if out=$($check --root "$src" 2>&1); then ok "the tree matches docs/ARCHITECTURE.md"; else ko "the tree: $out"; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fresh() { # a copy of the layered folders and the document
  rm -rf "$work/t" && mkdir -p "$work/t"
  (cd "$src" && git ls-files --cached --others --exclude-standard -- docs runtime ir frontend program optimizer interp backend driver 2>/dev/null ||
   find docs runtime ir frontend program optimizer interp backend driver -type f) |
    while read -r f; do mkdir -p "$work/t/$(dirname "$f")" && cp "$src/$f" "$work/t/$f"; done
}
expect_fail() { # name pattern
  if out=$($check --root "$work/t" 2>&1); then ko "$1: passed"; return; fi
  if grep -q -- "$2" <<<"$out"; then ok "$1"; else ko "$1: no line matching '$2' in: $out"; fi
}

fresh
printf '#include "../program/program.h"\n' >> "$work/t/ir/graph.h"
expect_fail "ir/ including program/ (upward)" "ir/graph.h:[0-9]*: \`ir/\` includes program/program.h"

fresh
printf '#include "../optimizer/passes.h"\n' >> "$work/t/backend/iface.c"
expect_fail "backend/ including optimizer/ (not in its row)" "backend/iface.c:[0-9]*: \`backend/\` includes optimizer/passes.h"

fresh
sed -i 's/^| 2 | `ir\/` | \(.*\) | `runtime\/` |$/| 2 | `ir\/` | \1 | `runtime\/`, `program\/` |/' "$work/t/docs/ARCHITECTURE.md"
expect_fail "a cycle in the document" "\`ir/\` may include \`program/\`, which is a later row"

fresh
mkdir -p "$work/t/extra" && printf 'int x;\n' > "$work/t/extra/x.c"
expect_fail "a folder without a row" "extra/x.c: its folder \`extra/\` has no row"

echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
