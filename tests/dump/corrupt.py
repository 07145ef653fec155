"""corrupt.py IN.safetensors OUT.safetensors KEY FACTOR: a copy of the weights with tensor KEY (f32) scaled by
FACTOR, the one wrong weight that tests/dump/run.sh asks fx2c compare to trace to its consumer."""
import json
import struct
import sys

import numpy as np

src, dst, key, factor = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
data = open(src, "rb").read()
n = struct.unpack("<Q", data[:8])[0]
header = json.loads(data[8:8 + n])
begin, end = header[key]["data_offsets"]
assert header[key]["dtype"] == "F32"
at = 8 + n
body = bytearray(data)
values = np.frombuffer(data[at + begin:at + end], dtype="<f4") * np.float32(factor)
body[at + begin:at + end] = values.astype("<f4").tobytes()
open(dst, "wb").write(bytes(body))
