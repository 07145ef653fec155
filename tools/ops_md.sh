#!/usr/bin/env bash
# docs/ops.md is what `fx2c --list-ops --format markdown` prints: this writes it, or with --check (the ops_md
# ctest) fails, showing the difference, when the committed file is stale.
#   tools/ops_md.sh FX2C [--check]
set -u
fx2c=$1 mode=${2:-}
doc="$(cd "$(dirname "$0")/.." && pwd)/docs/ops.md"
if [ "$mode" = --check ]; then
  diff -u "$doc" <("$fx2c" --list-ops --format markdown) | head -40
  if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    echo "docs/ops.md is stale: regenerate it with tools/ops_md.sh $fx2c and commit it"
    exit 1
  fi
  echo "docs/ops.md is up to date"
  exit 0
fi
"$fx2c" --list-ops --format markdown >"$doc.tmp" && mv "$doc.tmp" "$doc"
