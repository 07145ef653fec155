# gen.py: the inputs and numpy's printing of the outputs of relu for the executables' --print (tests/cli/cli.sh).
# Expected text from numpy itself: str(np.maximum(a, 0)) after a header of shape and dtype.
#   /usr/bin/python3 tests/cli/print/gen.py   (in tests/cli/print)
import numpy as np
r = np.random.RandomState(0)
cases = {
    "small": np.array([[-3.75, -2.25, -0.75], [0.75, 2.25, 3.75]], np.float32),
    "sci": np.array([[1.5e-5, 2, 3], [4, np.inf, np.nan]], np.float32),
    "wrap": (r.randn(30) * 100).astype(np.float32),
    "summary": (r.randn(2, 3, 12, 15) * 1e3).astype(np.float32),
}
for name, a in cases.items():
    np.save(name + ".npy", a)
    m = np.maximum(a, 0)
    with open(name + ".expect", "w") as f:
        f.write("output0: shape %s, dtype %s\n%s\n" % (m.shape, m.dtype, m))

# int64 and bool outputs: int.fx (torch.fx's print of a traced module) on an int64 input returns (x * -3, x > 0); the
# expected text is numpy's print of PyTorch's outputs, with a blank line between outputs as the executable prints.
import torch


class IntBool(torch.nn.Module):
    def forward(self, x):
        return torch.mul(x, -3), torch.gt(x, 0)


with open("int.fx", "w") as f:
    f.write(str(torch.fx.symbolic_trace(IntBool()).graph) + "\n")
int_cases = {
    "int_small": np.array([[-3, 0, 7], [120, -45, 2]], np.int64),
    "int_scalar": np.array(-12345, np.int64),
    "int_wrap": r.randint(-10**15, 10**15, size=40).astype(np.int64),
    "int_summary": r.randint(-1000, 1000, size=(2, 3, 12, 15)).astype(np.int64),
}
for name, a in int_cases.items():
    np.save(name + ".npy", a)
    outs = [t.numpy() for t in IntBool()(torch.from_numpy(a))]
    with open(name + ".expect", "w") as f:
        f.write("\n".join("output%d: shape %s, dtype %s\n%s\n" % (i, m.shape, m.dtype, m) for i, m in enumerate(outs)))
