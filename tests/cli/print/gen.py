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
