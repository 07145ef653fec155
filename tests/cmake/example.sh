#!/usr/bin/env bash
# The CMake package: install the build into a temporary prefix whose path has a space (cmake --install), build
# examples/cmake against it (find_package(fx2c), two models through fx2c_add_model, one program), run the program and
# compare what it prints for each model with the installed reference interpreter (fx2c run) on the same input, written
# as .npy by the python3 standard library (no numpy, no torch).
#   example.sh FX2C_BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/install prefix" exdir="$work/example build"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
finish() { echo "cmake-example: $pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }

# The build's own cmake, generator and C compiler; a sanitized or fuzzing build's libfxrt.a needs the same flags.
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
cmake=$(cache CMAKE_COMMAND) gen=$(cache CMAKE_GENERATOR) cc=$(cache CMAKE_C_COMPILER)
[ -n "$cmake" ] || cmake=cmake
flags=""
[ "$(cache FX2C_SANITIZE)" = ON ] && flags="-fsanitize=address,undefined -fno-sanitize-recover=all"
[ "$(cache FX2C_FUZZ)" = ON ] && flags="$flags -fsanitize=fuzzer-no-link"
config=()
[ -n "$gen" ] && config+=(-G "$gen")
[ -n "$cc" ] && config+=(-DCMAKE_C_COMPILER="$cc")

if "$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then ok; else bad "cmake --install"; cat "$work/install.log"; finish; fi
fx2c="$prefix/bin/fx2c"
for f in bin/fx2c lib/cmake/fx2c/fx2cConfig.cmake lib/cmake/fx2c/fx2cConfigVersion.cmake \
         lib/cmake/fx2c/fx2cTargets.cmake lib/cmake/fx2c/fx2cAddModel.cmake include/fx2c/fxrt.h; do
  if [ -e "$prefix/$f" ]; then ok; else bad "the install lacks $f"; fi
done
if [ -n "$(find "$prefix" -name libfxrt.a)" ]; then ok; else bad "the install lacks libfxrt.a"; fi

if "$cmake" -S "$src/examples/cmake" -B "$exdir" "${config[@]}" -DCMAKE_BUILD_TYPE=Release \
     -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
     >"$work/configure.log" 2>&1; then
  ok
else
  bad "configuring examples/cmake"; cat "$work/configure.log"; finish
fi
if "$cmake" --build "$exdir" --config Release -j2 >"$work/build.log" 2>&1; then ok; else bad "building examples/cmake"; cat "$work/build.log"; finish; fi

program=$(find "$exdir" -name two_models -type f -perm -u+x | head -n 1)
[ -n "$program" ] || { bad "the example program was not built"; finish; }
if "$program" >"$work/stdout" 2>"$work/stderr"; then ok; else bad "the example program exited with $?"; cat "$work/stderr"; fi

# compare PREFIX SHAPE: the lines PREFIX.output0[i] = V against fx2c run on the input of main.c's fill().
compare() {
  python3 - "$fx2c" "$src/examples/cmake" "$work" "$1" "$2" <<'EOF'
import ast, struct, subprocess, sys

fx2c, ex, work, prefix, shape = sys.argv[1:]
shape = tuple(int(d) for d in shape.split(","))
n = 1
for d in shape:
    n *= d

def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]

# main.c: x[i] = (float)((i * 7) % 11) / 11 - 0.5f, each step rounded to float32 as C does.
x = [f32(f32(((i * 7) % 11) / 11.0) - 0.5) for i in range(n)]
header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % (shape,)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
inp = "%s/%s.npy" % (work, prefix)
with open(inp, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
    f.write(struct.pack("<%df" % n, *x))

out = "%s/%s.out" % (work, prefix)
run = subprocess.run([fx2c, "run", ex + "/model.fx", "--modules", ex + "/model.modules.txt",
                      "--weights", ex + "/model.safetensors", inp, "-o", out], capture_output=True, text=True)
if run.returncode != 0:
    sys.exit("fx2c run failed (%d): %s" % (run.returncode, run.stderr))
with open(out + "/output0.npy", "rb") as f:
    data = f.read()
if data[:6] != b"\x93NUMPY":
    sys.exit("output0.npy is not a .npy file")
if data[6] == 1:
    hlen, start = struct.unpack("<H", data[8:10])[0], 10
else:
    hlen, start = struct.unpack("<I", data[8:12])[0], 12
meta = ast.literal_eval(data[start:start + hlen].decode("latin1"))
if meta["descr"] != "<f4":
    sys.exit("output0.npy has dtype %s, expected <f4" % meta["descr"])
m = 1
for d in meta["shape"]:
    m *= d
want = struct.unpack("<%df" % m, data[start + hlen:start + hlen + 4 * m])

got = {}
with open(work + "/stdout") as f:
    for line in f:
        if line.startswith(prefix + ".output0["):
            index, value = line[len(prefix) + 9:].split("] = ")
            got[int(index)] = float(value)
if sorted(got) != list(range(m)):
    sys.exit("the program printed %d values of %s.output0, expected %d" % (len(got), prefix, m))
worst = 0.0
for i, w in enumerate(want):
    # %.6f rounds to 5e-7: that much on top of the relative tolerance.
    if abs(got[i] - w) > 1e-5 * abs(w) + 1e-6:
        sys.exit("%s.output0[%d] = %.6f, the interpreter says %.9g" % (prefix, i, got[i], w))
    worst = max(worst, abs(got[i] - w))
print("%s: %d values match the interpreter (largest difference %.2g)" % (prefix, m, worst))
EOF
}
for model in "model_a 1,3,8,8" "other 2,3,6,6"; do
  set -- $model
  if compare "$1" "$2"; then ok; else bad "$1 against the reference interpreter"; fi
done
finish
