#!/usr/bin/env bash
# The installed files (issue 18): cmake --install into a temporary prefix, then the man page renders (man -l), bash
# completion completes subcommands, options, --emit kinds and -O levels, pkg-config --cflags --libs fxrt builds a
# tiny program with a model compiled by fx2c, and the exporter is installed as fx2c-export and works on a model given
# as module:factory with trained weights (a DistributedDataParallel checkpoint), a tensor constant, and --aten.
#   install.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
p=$work/prefix
if ! cmake --install "$build" --prefix "$p" >"$work/log" 2>&1; then bad "cmake --install"; cat "$work/log"; exit 1; fi
fx2c=$p/bin/fx2c
[ -x "$fx2c" ] && ok || bad "no bin/fx2c"

# the man page
man1=$(find "$p" -name fx2c.1 | head -1)
if [ -n "$man1" ] && command -v man >/dev/null; then
  MANWIDTH=80 man -l "$man1" >"$work/man.txt" 2>"$work/man.err"
  grep -q "OPTIONS OF COMPILE" "$work/man.txt" && grep -q -- "--emit KIND" "$work/man.txt" && ok || bad "man -l fx2c.1"
  [ ! -s "$work/man.err" ] && ok || { bad "man -l fx2c.1 warns"; cat "$work/man.err"; }
elif [ -z "$man1" ]; then bad "no share/man/man1/fx2c.1"; fi

# bash completion
comp=$p/share/bash-completion/completions/fx2c
if [ -f "$comp" ]; then
  complete_words() { # the words the completion offers for the command line "$@" (the last word being completed)
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fx2c; printf "%s\n" "${COMPREPLY[@]}"' \
      sh "$comp" "$@"
  }
  [ "$(complete_words fx2c co | tr '\n' ' ')" = "compile compare " ] && ok || bad "completion of subcommands: $(complete_words fx2c co)"
  complete_words fx2c compile g.fx --emit "" | grep -qx obj && ok || bad "completion of --emit kinds"
  complete_words fx2c compile g.fx -O | grep -qx -- -Os && ok || bad "completion of -O levels"
  complete_words fx2c run g.fx --in | grep -qx -- --input && ok || bad "completion of run's options"
  touch "$work/model_graph.fx"
  complete_words fx2c compile "$work/model_gr" | grep -qx "$work/model_graph.fx" && ok || bad "completion of files"
else bad "no share/bash-completion/completions/fx2c"; fi

# pkg-config: a tiny program with a model compiled by fx2c (an object from LLVM, else the C folder's model.c)
pc=$(find "$p" -name fxrt.pc | head -1)
if [ -z "$pc" ]; then bad "no lib/pkgconfig/fxrt.pc"
elif ! command -v pkg-config >/dev/null; then echo "(pkg-config not installed: its test skipped)"
else
  export PKG_CONFIG_PATH=$(dirname "$pc")
  # the installed runtime is the build's: its compiler, and its sanitizers when the build has them
  ccx=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)
  [ -n "$ccx" ] || ccx=cc
  san=()
  grep -q '^FX2C_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null && san=(-fsanitize=address,undefined)
  grep -q '^FX2C_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null && san+=(-fsanitize=fuzzer-no-link)
  printf 'graph():\n    %%x : [#users=1] = placeholder[target=x]\n    %%relu : [#users=1] = call_function[target=torch.relu](args = (%%x,), kwargs = {})\n    return relu\n' >"$work/relu.fx"
  cat >"$work/app.c" <<'C'
#include <stdio.h>
#include "fxrt.h"
#include "model.h"
int main(void) {
  static unsigned char ws[MODEL_WORKSPACE_SIZE + 1];
  float x[4] = {-1, 2, -3, 4}, y[4];
  if (model_run(x, y, ws) != FXRT_OK) return 1;
  printf("%g %g %g %g\n", y[0], y[1], y[2], y[3]);
  return 0;
}
C
  if "$fx2c" --version | grep -q 'built without LLVM'; then
    "$fx2c" compile "$work/relu.fx" --input 'x:f32[4]' --emit c -o "$work/c" &&
      "$ccx" "${san[@]}" -c $(pkg-config --cflags fxrt) "$work/c/model.c" -o "$work/model.o" && cp "$work/c/model.h" "$work/model.h"
  else
    "$fx2c" compile "$work/relu.fx" --input 'x:f32[4]' --emit obj -o "$work/model.o"
  fi
  if "$ccx" "${san[@]}" -I"$work" "$work/app.c" "$work/model.o" $(pkg-config --cflags --libs fxrt) -lm -o "$work/app" 2>"$work/cc.err" &&
     [ "$("$work/app")" = "0 2 0 4" ]; then ok
  else bad "pkg-config --cflags --libs fxrt: the tiny program"; cat "$work/cc.err"; fi
  inc=$(pkg-config --cflags-only-I fxrt | sed 's/^ *-I//; s/ *$//')
  [ "$(cd "$inc" 2>/dev/null && pwd -P)" = "$(cd "$p/include/fx2c" && pwd -P)" ] && [ -f "$inc/fxrt.h" ] && ok ||
    bad "pkg-config --cflags: $(pkg-config --cflags fxrt) is not $p/include/fx2c"
fi

# the exporter
exp=$p/bin/fx2c-export
[ -x "$exp" ] && ok || bad "no bin/fx2c-export"
if [ -x "$exp" ] && /usr/bin/python3 -c 'import torch' 2>/dev/null; then
  mkdir -p "$work/pkg"
  cat >"$work/pkg/mynets.py" <<'PY'
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4, 2)
        self.scale = torch.tensor([2.0, 0.5])  # a plain tensor attribute: a tensor constant, not in the state_dict
    def forward(self, x):
        x = torch.relu(self.bn(self.conv(x))).mean((2, 3))
        return self.fc(x) * self.scale
class Branchy(nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # data-dependent control flow: symbolic_trace fails
            return x * 2
        return x
def build():
    torch.manual_seed(1)
    return Net()
PY
  /usr/bin/python3 - "$work" <<'PY'
import sys, torch
sys.path.insert(0, sys.argv[1] + "/pkg")
import mynets
torch.manual_seed(5)
net = mynets.Net()
for p in net.parameters():
    p.data.normal_()
net.bn.running_mean.normal_(); net.bn.running_var.uniform_(0.5, 2)
# as DistributedDataParallel saves it: module.conv.weight ...
torch.save({"state_dict": {"module." + k: v for k, v in net.state_dict().items()}}, sys.argv[1] + "/trained.pth")
PY
  for aten in "" --aten; do
    out=$work/exp$aten
    if PYTHONPATH=$work/pkg "$exp" --model mynets:build --weights "$work/trained.pth" --input 'x:float32[1, 3, 8, 8]' \
         --out "$out" $aten --quiet 2>"$work/exp.err"; then ok
    else bad "fx2c-export --model mynets:build --weights $aten"; cat "$work/exp.err"; continue; fi
    mods=(); [ -s "$out/modules.txt" ] && mods=(--modules "$out/modules.txt")
    if "$fx2c" run "$out/graph.fx" "${mods[@]}" --weights "$out/weights.safetensors" "$out/input0.npy" -o "$out/run" 2>"$work/run.err" &&
       /usr/bin/python3 -c 'import numpy as np, sys; a, b = np.load(sys.argv[1]), np.load(sys.argv[2]); sys.exit(not np.allclose(a, b, rtol=1e-4, atol=1e-4))' \
         "$out/output0.npy" "$out/run/output0.npy"; then ok
    else bad "fx2c run on the export ($aten) differs from PyTorch"; cat "$work/run.err"; fi
  done
  grep -q "_tensor_constant0\|scale" "$work/exp/graph.fx" && ok || bad "the export has no tensor constant"
  grep -q "_param_constant0" "$work/exp--aten/graph.fx" && grep -q "arg0_1" "$work/exp--aten/graph.fx" && ok || bad "the --aten export is not make_fx's"
  # the trained weights, not the factory's
  /usr/bin/python3 - "$work" <<'PY' && ok || bad "the export does not hold the trained weights"
import sys, torch
sd = torch.load(sys.argv[1] + "/trained.pth")["state_dict"]
w = torch.load(sys.argv[1] + "/exp/weights.pt")
sys.exit(not torch.equal(sd["module.conv.weight"], w["conv.weight"]))
PY
  PYTHONPATH=$work/pkg "$exp" --model mynets:Branchy --input 'x:f32[2]' --out "$work/branchy" --quiet 2>"$work/exp.err"
  [ $? -eq 1 ] && grep -q "run again with --aten" "$work/exp.err" && ok || { bad "symbolic_trace failure without the make_fx note"; cat "$work/exp.err"; }
  PYTHONPATH=$work/pkg "$exp" --model mynets:Nope --input 'x:f32[2]' --out "$work/nope" --quiet 2>"$work/exp.err"
  [ $? -eq 1 ] && grep -q "mynets has no 'Nope'" "$work/exp.err" && ok || { bad "an unknown factory"; cat "$work/exp.err"; }
else echo "(torch not installed: the exporter's run skipped)"; fi
echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]
