#!/usr/bin/env bash
# The workspace as model.h states it (issue 17): its alignment (NAME_WORKSPACE_ALIGN, checked by the run function),
# --ram-limit (over the budget, the compact kernels of -Os; still over, an error with the smallest size reached), and
# two models in one program with one copy of the runtime (--prefix).
#   workspace.sh FX2C TESTS_DIR
set -u
fx2c=$1 tests=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
expect() { # description, wanted exit status, wanted text on stderr ('' for none), command...
  local what=$1 want=$2 text=$3
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  if [ $rc -ne "$want" ]; then bad "$what: exit status $rc, expected $want"; cat "$work/err"; return; fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$work/err"; then bad "$what: stderr lacks '$text'"; cat "$work/err"; return; fi
  ok
}
arena() { sed -n 's/^arena: \([0-9]*\) bytes.*/\1/p' "$work/out"; }

# --ram-limit, on a model whose -Os plan is smaller (no padding to cache lines)
m=$tests/codegen/mymodule
model=("$fx2c" compile "$m/graph.fx" --modules "$m/modules.txt" --weights "$m/weights.safetensors" --input "x=$m/input0.npy")
expect "default plan" 0 "" "${model[@]}" --emit c -o "$work/def" --report
def=$(arena)
expect "-Os plan" 0 "" "${model[@]}" --emit c -o "$work/os" --report -Os
os=$(arena)
if [ -n "$def" ] && [ -n "$os" ] && [ "$os" -lt "$def" ]; then ok; else bad "-Os workspace $os not below the default's $def"; fi
expect "--ram-limit at the -Os workspace: compiled as with -Os" 0 "compiled as with -Os" \
  "${model[@]}" --emit c -o "$work/lim" --report --ram-limit "$os"
[ "$(arena)" = "$os" ] && ok || bad "--ram-limit $os gave a workspace of $(arena)"
grep -q "MODEL_WORKSPACE_SIZE ${os}u" "$work/lim/model.h" && ok || bad "model.h does not state the -Os workspace"
expect "--ram-limit with -q: compiled as with -Os, no note" 0 "" "${model[@]}" --emit c -o "$work/limq" --ram-limit "$os" -q
[ ! -s "$work/err" ] && grep -q "MODEL_WORKSPACE_SIZE ${os}u" "$work/limq/model.h" && ok || bad "-q --ram-limit printed or kept the default plan: $(cat "$work/err")"
expect "--ram-limit at the default workspace: no change" 0 "" "${model[@]}" --emit c -o "$work/lim2" --report --ram-limit "$def"
[ "$(arena)" = "$def" ] && [ ! -s "$work/err" ] && ok || bad "--ram-limit $def changed the plan or printed: $(cat "$work/err")"
expect "--ram-limit below the smallest plan" 1 "error: the workspace needs $os bytes, above --ram-limit $((os - 1))" \
  "${model[@]}" --emit c -o "$work/lim3" --ram-limit $((os - 1))
[ ! -e "$work/lim3" ] && ok || bad "--ram-limit error left $work/lim3"
expect "--ram-limit below the smallest plan, -q: the error still" 1 "error: the workspace needs $os bytes" \
  "${model[@]}" --emit c -o "$work/lim3" --ram-limit $((os - 1)) -q
expect "--ram-limit with a unit" 2 "bad --ram-limit '64k'" "${model[@]}" --emit c -o "$work/lim4" --ram-limit 64k

# two models, one runtime; the alignment check
mkdir -p "$work/two"
expect "model a (-Os)" 0 "" "${model[@]}" -Os --prefix a --emit c -o "$work/two/a"
expect "model b (-O2)" 0 "" "${model[@]}" --prefix b --emit c -o "$work/two/b"
srcs=("$work/two/a/model.c" "$work/two/b/model.c")
for f in "$work"/two/a/fxrt_*.c "$work"/two/b/fxrt_*.c; do # each runtime file once: the folders' copies are the same
  n=$(basename "$f")
  other=$work/two/a/$n
  if [ -e "$other" ] && [ "$other" != "$f" ]; then cmp -s "$f" "$other" || bad "runtime file $n differs between the folders"; continue; fi
  srcs+=("$f")
done
for cc in gcc clang; do
  command -v $cc >/dev/null || continue
  if $cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -I"$work/two" -I"$work/two/a" -o "$work/two_$cc" \
    "$tests/workspace/two_small.c" "${srcs[@]}" -lm 2>"$work/err"; then
    if "$work/two_$cc" >"$work/out"; then ok; else bad "two models ($cc): $(cat "$work/out")"; fi
  else
    bad "two models ($cc) did not build"; head -20 "$work/err"
  fi
done
echo "workspace: $pass passed, $fail failed"
[ $fail -eq 0 ]
