#!/usr/bin/env bash
# In-place writes through views (issue 15): each CASE.fx (tests/gen/gen_views.py: a module whose forward writes in place
# into views of a tensor, traced by PyTorch) must compute PyTorch's outputs CASE.outputK.npy exactly (the cases add,
# multiply and clamp, which every backend rounds alike; the tolerance only absorbs exp and tanh in late_write):
#   - the interpreter (fx2c run, which runs no passes);
#   - the C executable (fx2c compile --emit exe) at -O0 and -O2;
#   - with --llvm (fx2c built with the LLVM backend), the LLVM executable (--backend llvm --emit exe) at -O2.
# And the refusals (errors/NAME.fx with errors/NAME.args: exit status 1 and exactly errors/NAME.err).
#   run.sh FX2C DIR [--llvm]
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
llvm=
[ "${3:-}" = --llvm ] && llvm=1

compare() { # name outdir
  /usr/bin/python3 - "$dir" "$1" "$2" <<'PY'
import numpy as np, os, sys
d, name, out = sys.argv[1:]
k, bad = 0, 0
while os.path.exists(os.path.join(d, "%s.output%d.npy" % (name, k))):
    want = np.load(os.path.join(d, "%s.output%d.npy" % (name, k)))
    path = os.path.join(out, "output%d.npy" % k)
    have = np.load(path) if os.path.exists(path) else None
    if have is None or have.shape != want.shape or have.dtype != want.dtype or \
            not np.allclose(have, want, rtol=1e-6, atol=1e-6, equal_nan=True):
        print("  output%d: want %s, have %s" % (k, want.tolist(), None if have is None else have.tolist()))
        bad += 1
    k += 1
if os.path.exists(os.path.join(out, "output%d.npy" % k)):
    print("  more outputs than PyTorch's"); bad += 1
sys.exit(1 if bad or k == 0 else 0)
PY
}

check() { # name what command...
  local name=$1 what=$2
  shift 2
  rm -rf "$work/out"
  if ! "$@" >"$work/log" 2>&1; then echo "FAIL $name ($what): $*"; cat "$work/log"; fail=$((fail + 1)); return; fi
  if compare "$name" "$work/out"; then pass=$((pass + 1)); else echo "FAIL $name ($what): outputs differ from PyTorch's"; fail=$((fail + 1)); fi
}

for f in "$dir"/*.fx; do
  name=$(basename "$f" .fx)
  mods=()
  [ -f "$dir/$name.modules.txt" ] && mods=(--modules "$dir/$name.modules.txt")
  ins=()
  for i in $(ls "$dir/$name".input*.npy | sed -n 's/.*\.input\([0-9]*\)\.npy$/\1/p' | sort -n); do ins+=("$dir/$name.input$i.npy"); done
  check "$name" "interpreter" "$fx2c" run "$f" "${mods[@]}" "${ins[@]}" -o "$work/out"
  # the compiled backends on the cases all in one model (each compile of the C runtime takes seconds)
  case $name in all | all_aten) ;; *) continue ;; esac
  specs= i=0
  for n in $(sed -n 's/^ *%\([A-Za-z0-9_]*\) : .*= placeholder\[.*/\1/p' "$f"); do
    specs="$specs --input $n=${ins[$i]}"
    i=$((i + 1))
  done
  # shellcheck disable=SC2086
  for o in -O0 -O2; do
    rm -f "$work/m.exe"
    check "$name" "C executable $o" sh -c '"$1" compile "$2" --modules "$3" $4 '"$o"' --emit exe -o "$5" && "$5" $6 -o "$7"' \
      sh "$fx2c" "$f" "$dir/$name.modules.txt" "$specs" "$work/m.exe" "${ins[*]}" "$work/out"
  done
  if [ -n "$llvm" ]; then
    rm -f "$work/m.exe"
    check "$name" "LLVM executable" sh -c '"$1" compile "$2" --modules "$3" $4 --backend llvm --emit exe -o "$5" && "$5" $6 -o "$7"' \
      sh "$fx2c" "$f" "$dir/$name.modules.txt" "$specs" "$work/m.exe" "${ins[*]}" "$work/out"
  fi
done
# refusals: errors/NAME.fx compiled with errors/NAME.args must fail with exactly errors/NAME.err
for f in "$dir"/errors/*.fx; do
  name=$(basename "$f" .fx)
  # shellcheck disable=SC2046
  (cd "$dir/errors" && "$fx2c" compile "$name.fx" $(cat "$name.args") --emit c -o "$work/c") >"$work/out.txt" 2>"$work/err.txt"
  rc=$?
  if [ $rc -eq 1 ] && cmp -s "$work/err.txt" "$dir/errors/$name.err"; then pass=$((pass + 1))
  else echo "FAIL errors/$name: exit status $rc, diagnostics:"; diff "$dir/errors/$name.err" "$work/err.txt"; fail=$((fail + 1)); fi
done
echo "views: $pass passed, $fail failed"
[ $fail -eq 0 ]
