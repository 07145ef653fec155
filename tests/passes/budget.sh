#!/usr/bin/env bash
# Constant folding's work budget (optimizer/constfold.c: FOLD_WORK_BUDGET multiply-adds in a pass): of two
# convolutions of weights, the one of 1.5e8 multiply-adds is folded and the one of 1.45e9 stays a run-time
# computation; the program computes what it computed before (the interpreter on the graph as read against an
# executable of the folded program). The weights (3 MB, random) are written here rather than kept in the tree.
#   budget.sh FX2C
set -u
fx2c=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
/usr/bin/python3 - <<'PY' || exit 1
import json, numpy as np
rng = np.random.default_rng(0)
t = {"a": rng.standard_normal((1, 64, 64, 64)), "w_small": rng.standard_normal((64, 64, 3, 3)) * 0.05,
     "w_big": rng.standard_normal((64, 64, 11, 11)) * 0.01}
header, blobs, off = {}, [], 0
for k, v in t.items():
    b = v.astype("<f4").tobytes()
    header[k] = {"dtype": "F32", "shape": list(v.shape), "data_offsets": [off, off + len(b)]}
    blobs.append(b)
    off += len(b)
h = json.dumps(header).encode()
h += b" " * (-len(h) % 8)
with open("w.safetensors", "wb") as f:
    f.write(len(h).to_bytes(8, "little") + h + b"".join(blobs))
np.save("x.npy", rng.standard_normal((1,)).astype(np.float32))
PY
cat > g.fx <<'FX'
graph():
    %x : [#users=1] = placeholder[target=x]
    %a : [#users=2] = get_attr[target=a]
    %w_small : [#users=1] = get_attr[target=w_small]
    %w_big : [#users=1] = get_attr[target=w_big]
    %small : [#users=1] = call_function[target=torch.conv2d](args = (%a, %w_small, None, 1, 1), kwargs = {})
    %big : [#users=1] = call_function[target=torch.conv2d](args = (%a, %w_big), kwargs = {})
    %s1 : [#users=1] = call_method[target=sum](args = (%small,), kwargs = {})
    %s2 : [#users=1] = call_method[target=sum](args = (%big,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %s1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %s2), kwargs = {})
    return add_1
FX
fail=0
"$fx2c" compile g.fx --weights w.safetensors --input x:f32[1] --passes constfold --emit graph -o folded.fx 2>err ||
  { echo "FAIL: fx2c failed"; cat err; exit 1; }
grep -q 'get_attr\[target=s1_folded\]' folded.fx || { echo "FAIL: the small convolution's sum was not folded"; fail=1; }
grep -q '%big : .*torch.conv2d' folded.fx || { echo "FAIL: the convolution past the budget was folded"; fail=1; }
"$fx2c" run g.fx --weights w.safetensors x.npy -o before 2>err || { echo "FAIL: fx2c run"; cat err; exit 1; }
"$fx2c" compile g.fx --weights w.safetensors --input x:f32[1] --passes constfold --emit exe -o g.exe 2>err &&
  ./g.exe x.npy -o after 2>>err || { echo "FAIL: the folded executable"; cat err; exit 1; }
/usr/bin/python3 -c "
import numpy as np, sys
a, b = np.load('before/output0.npy'), np.load('after/output0.npy')
sys.exit(0 if np.allclose(a, b, rtol=1e-4, atol=1e-3) else print('FAIL: outputs differ', a, b) or 1)" || fail=1
[ $fail -eq 0 ] && echo "constfold budget: passed"
exit $fail
