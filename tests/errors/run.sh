#!/usr/bin/env bash
# Error goldens: each tests/errors/NAME.fx (and each generated input) must make `fx2c compile` exit with status 1,
# within a time limit, with exactly the diagnostics in NAME.err on stderr and nothing on stdout. NAME.args, where it
# exists, holds more arguments of the compile on one line (--input shapes, so that shape errors are found).
#   run.sh FX2C ERRORS_DIR WORK_DIR [--update]
set -u
fx2c=$1 src=$2 work=$3 update=${4:-}
mkdir -p "$work"
perl "$src/gen_inputs.pl" "$work" || exit 1
pass=0 fail=0

check() { # dir name expected_file
  local dir=$1 name=$2 expected=$3 rc extra=()
  [ -f "$dir/${name%.fx}.args" ] && read -ra extra <"$dir/${name%.fx}.args"
  ( cd "$dir" && timeout 60 "$fx2c" compile "$name" "${extra[@]}" --emit graph -o - >"$work/$name.out" 2>"$work/$name.err" )
  rc=$?
  if [ "$update" = --update ]; then cp "$work/$name.err" "$expected"; fi
  if [ $rc -ne 1 ]; then
    echo "FAIL $name: exit status $rc (expected 1; 124 means it hung, >128 a crash)"; fail=$((fail + 1)); return
  fi
  if [ -s "$work/$name.out" ]; then echo "FAIL $name: wrote to stdout"; fail=$((fail + 1)); return; fi
  if ! cmp -s "$work/$name.err" "$expected"; then
    echo "FAIL $name: diagnostics differ from $expected:"; diff "$expected" "$work/$name.err" | head -20
    fail=$((fail + 1)); return
  fi
  pass=$((pass + 1))
}

for f in "$src"/*.fx; do
  name=$(basename "$f")
  check "$src" "$name" "$src/${name%.fx}.err"
done
for f in "$work"/*.fx; do
  name=$(basename "$f")
  check "$work" "$name" "$src/generated/${name%.fx}.err"
done
echo "error goldens: $pass passed, $fail failed"
[ $fail -eq 0 ]
