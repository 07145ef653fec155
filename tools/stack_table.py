#!/usr/bin/python3
"""stack_table.py: writes program/stack.def, the worst-case stack depth of every kernel of program/kernels.def, measured
by the compilers (GCC's -fstack-usage -fcallgraph-info=su) for two targets:

  arm   the Cortex-M4F: arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -Os (what the
        C folders of fx2c compile -Os are built with for firmware, tests/firmware/run.sh), every runtime file but the
        x86-64 variants and the thread pool (fxrt_threads.c, not built for bare metal);
  host  x86-64: gcc -std=c99 -O2 (what fx2c's executables and the C folders of -O2 are built with, backend/exe.c and
        model.h's build line), every runtime file but the thread pool, the AVX2 and AVX-512 variants included (the
        dispatchers call them directly).

A kernel's bound is the deepest path of the call graph from its function: the sum of the frames along the path (the
.su figures: "static", or "dynamic,bounded" and then their bound, as the x86-64 frames that realign the stack for
AVX; the script fails on a dynamic frame that GCC cannot bound). What the call graph
cannot see is bounded by the stated allowances below, never taken as 0:
  - a call of a library function (libm, memcpy, libgcc's helpers such as __aeabi_ldivmod): LIB bytes;
  - an indirect call: the runtime's are the kernels' tasks (par_run's task(ctx, i, 0), fxrt_par.h) and the strided
    walks' rows (walk_run's row(), fxrt_elementwise.c): it may reach the functions of its file whose address the
    nearest caller on the path that takes any takes (names in its body other than in a call, or in the body of a
    function it calls that the compiler inlined: binary_row, which chooses the row), bounded by the deepest of them; threads->run (fxrt_par.h), the
    thread pool's, is not reached by NAME_run, which passes no pool (NAME_run_threads's pool runs the tasks on its own
    threads' stacks), and is left out; fxrt_custom's fn, the user's function of a user-defined op (--custom-ops),
    is not fx2c's to measure: USER_FN bytes are assumed for it;
  - recursion: the runtime has none; the script fails on a cycle.
Two rows are not calls of their function in generated code: POINTWISE is a loop of the run function's own (both
emitters), bounded by LIB (the library functions the loop may call); the compact kernels (SMALL_*) are inlined into
the run function by the C files of -Os (FXRT_SMALL_INLINE, fxrt_small.h): their rows are the out-of-line versions of
fxrt_small.c, and the run function's own frame is FX_STACK_RUN's allowance, which covers what the inlined loops
spill beyond that (checked by tests/firmware/run.sh, which measures the stack that model_run uses).

  tools/stack_table.py [--check]     writes program/stack.def; --check compares instead (exit 1 when it is stale,
                                     77 when a compiler is missing or is not the version stack.def was measured with)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RT = os.path.join(ROOT, "runtime")
OUT = os.path.join(ROOT, "program", "stack.def")

# The stated allowances (bytes), per target: arm, host.
LIB = (512, 1024)      # one call of a library function, its callees included
USER_FN = (1024, 2048)  # a user-defined op's function (fxrt_custom's fn)
# The generated run function's own frame, the inlined compact kernels and loops included: all the frames of model.c
# summed (model_run, model_run_threads and GCC's parts of it; model.su) measure 20 to 312 bytes on the Cortex-M4F
# (-Os and -O2) and 16 to 320 on x86-64 (gcc -Os and -O2) for tests/firmware's six models; every firmware run
# checks the bound (tests/firmware/run.sh).
RUN = (512, 512)

TARGETS = {
    "arm": ("arm-none-eabi-gcc",
            ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-Os", "-std=c99",
             "-ffunction-sections", "-fdata-sections"]),
    "host": ("gcc", ["-std=c99", "-O2"]),
}


def fail(msg, code=1):
    print("stack_table: " + msg, file=sys.stderr)
    sys.exit(code)


def kernels():
    text = open(os.path.join(ROOT, "program", "kernels.def")).read()
    return re.findall(r'^FX_KERNEL\((\w+), (\w+), "([\w.]+)"', text, re.M)


def version(cc):
    return subprocess.run([cc, "-dumpfullversion"], capture_output=True, text=True).stdout.strip()


def sources(target):
    out = []
    for f in sorted(os.listdir(RT)):
        if not f.endswith(".c") or f == "fxrt_threads.c":
            continue
        if target == "arm" and (f.endswith("_avx2.c") or f.endswith("_avx512.c")):
            continue
        out.append(f)
    return out


def base_file(f):
    """the file whose text a TU is: fxrt_conv_avx2.c includes fxrt_conv.c"""
    return re.sub(r"_avx(2|512)\.c$", ".c", f)


NODE = re.compile(r'^node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)" label: "([^"]+)"')


def measure(target, work):
    cc, flags = TARGETS[target]
    frames, edges, tu_of, loc = {}, [], {}, {}
    for f in sources(target):
        d = os.path.join(work, target, f[:-2])
        os.makedirs(d)
        r = subprocess.run([cc] + flags + ["-fstack-usage", "-fcallgraph-info=su", "-I", RT, "-c",
                                           os.path.join(RT, f), "-o", os.path.join(d, "x.o")],
                           capture_output=True, text=True, cwd=d)
        if r.returncode:
            fail("%s %s: %s" % (cc, f, r.stderr))
        ci = [x for x in os.listdir(d) if x.endswith(".ci")]
        for line in open(os.path.join(d, ci[0])):
            m = NODE.match(line)
            if m:
                title, label = m.group(1).replace(RT + "/", ""), m.group(2)
                b = re.search(r"\\n(\d+) bytes \(([\w,]+)\)", label)
                at = re.search(r"\\n([^\\]+):(\d+):\d+\\n", label)
                if b:
                    loc[title] = (at.group(1).replace(RT + "/", ""), int(at.group(2)))
                    if b.group(2) not in ("static", "dynamic,bounded"):  # bounded: the figure is the bound
                        fail("%s (%s): a %s frame" % (title, target, b.group(2)))
                    if title in frames and ":" not in title:
                        fail("%s is defined twice (%s)" % (title, target))
                    frames[title] = int(b.group(1))
                    tu_of[title] = f
                continue
            m = EDGE.match(line)
            if m:
                edges.append((m.group(1).replace(RT + "/", ""), m.group(2).replace(RT + "/", ""),
                              m.group(3).replace(RT + "/", ""), f))
    return frames, edges, tu_of, loc


def body(title, tu_of, loc):
    """the text of a function's definition: from its line to the next function's of its file in its TU"""
    f, line = loc[title]
    nxt = min([l for t, (g, l) in loc.items() if tu_of[t] == tu_of[title] and g == f and l > line], default=10**9)
    return "\n".join(open(os.path.join(RT, f)).read().split("\n")[line - 1:nxt - 1])


def inlined_bodies(text, f, tu, tu_of):
    """the definitions, in file f, of the functions that text calls and that have no frame in tu (inlined in every
    caller): from the line that defines one to the next line that starts with '}'"""
    lines = open(os.path.join(RT, f)).read().split("\n")
    have = {t.split(":", 1)[1].split(".")[0] for t in tu_of if tu_of[t] == tu and ":" in t}
    out = []
    for name in set(re.findall(r"\b(\w+)\s*\(", text)) - have:
        for i, line in enumerate(lines):
            if re.match(r"^static\b[^;=]*\b%s\s*\(" % re.escape(name), line) and not line.rstrip().endswith(";"):
                j = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("}")), len(lines))
                out.append("\n".join(lines[i:j]))
    return "\n".join(out)


def named(title, tu_of, loc):
    """the static functions of title's TU whose address title takes: named in its body other than in a call (its
    body with those of the functions it calls that the compiler inlined in every caller: binary_row)"""
    text = body(title, tu_of, loc)
    text += inlined_bodies(text, loc[title][0], tu_of[title], tu_of)
    out = []
    for t in tu_of:
        if tu_of[t] != tu_of[title] or ":" not in t or t == title:
            continue
        if re.search(r"\b%s\b(?!\s*\()" % re.escape(t.split(":", 1)[1].split(".")[0]), text):
            out.append(t)
    return frozenset(out)


def bounds(target, work, notes):
    ti = 0 if target == "arm" else 1
    frames, edges, tu_of, loc = measure(target, work)
    calls = {t: [] for t in frames}
    for src, dst, where, tu in edges:
        if src not in frames:
            fail("an edge from %s, which has no frame (%s)" % (src, target))
        if dst == "__indirect_call":
            path, line = where.rsplit(":", 2)[0], int(where.rsplit(":", 2)[1])
            code = open(os.path.join(RT, path)).read().split("\n")[line - 1]
            if "threads->run" in code:
                continue  # the pool's: not reached by NAME_run (see the top)
            if src.startswith("fxrt_custom"):
                calls[src].append(("user", USER_FN[ti]))
                notes.add("fxrt_custom calls the user's function: %d bytes assumed (%s)" % (USER_FN[ti], target))
                continue
            calls[src].append(("indirect", where))
        elif dst in frames:
            calls[src].append(("fn", dst))
        else:
            calls[src].append(("lib", LIB[ti]))
    memo, onpath = {}, []

    # ctx: the functions that an indirect call may reach here: those whose address the nearest caller on the path
    # that takes any takes (par_run(threads, n, gemm_task, &J) in gemm: par_run's task(...) is gemm_task)
    def depth(t, ctx):
        if (t, ctx) in memo:
            return memo[(t, ctx)]
        if t in onpath:
            fail("recursion (%s): %s" % (target, " -> ".join(onpath[onpath.index(t):] + [t])))
        onpath.append(t)
        inner = named(t, tu_of, loc) or ctx
        deepest = 0
        for kind, c in calls[t]:
            if kind == "indirect":
                if not inner:
                    fail("%s: an indirect call at %s that no caller names a function for (%s)" % (t, c, target))
                d = max(depth(x, frozenset()) for x in inner)
            else:
                d = depth(c, inner) if kind == "fn" else c
            deepest = max(deepest, d)
        onpath.pop()
        memo[(t, ctx)] = frames[t] + deepest
        return memo[(t, ctx)]

    out = {}
    for kind, fn, f in kernels():
        if kind == "POINTWISE":
            out[kind] = LIB[ti]
            continue
        if fn not in frames:
            fail("%s: %s is not defined by the runtime (%s)" % (kind, fn, target))
        out[kind] = depth(fn, frozenset())
    return out


def generate():
    for cc, _ in TARGETS.values():
        if not shutil.which(cc):
            fail("%s is missing (bash tools/deps.sh): skipped" % cc, 77)
    notes = set()
    with tempfile.TemporaryDirectory() as work:
        arm, host = bounds("arm", work, notes), bounds("host", work, notes)
    (acc, af), (hcc, hf) = TARGETS["arm"], TARGETS["host"]
    lines = [
        "/* stack.def: the stack that each kernel of kernels.def needs at most, in bytes, its callees included; written by",
        " * tools/stack_table.py (do not edit: rerun it after changing the runtime; the stack_def ctest fails when this",
        " * file is stale). Measured with GCC's -fstack-usage -fcallgraph-info=su, the deepest path of the call graph:",
        " *   ARM   %s %s %s" % (acc, version(acc), " ".join(af)),
        " *   HOST  %s %s %s (x86-64)" % (hcc, version(hcc), " ".join(hf)),
        " * What the call graph does not show is bounded by stated allowances (tools/stack_table.py says why): a call of",
        " * a library function %d (ARM) / %d (HOST) bytes; a user-defined op's function %d / %d; an indirect call the" % (LIB + USER_FN),
        " * deepest function that its caller names. POINTWISE is a loop of the generated run function (the library",
        " * allowance); SMALL_* are the out-of-line compact kernels of fxrt_small.c, which the C files of -Os inline into",
        " * the run function. FX_STACK_RUN is the allowance for the run function's own frame (checked by",
        " * tests/firmware/run.sh on the Cortex-M4F). NAME_STACK_BYTES = FX_STACK_RUN + the largest row of the model's calls.",
        " *",
        " *   FX_STACK_COMPILERS(\"ARM compiler and flags\", \"HOST compiler and flags\")",
        " *   FX_STACK_RUN(ARM bytes, HOST bytes)",
        " *   FX_STACK(KIND, ARM bytes, HOST bytes)",
        " */",
        "",
        "FX_STACK_COMPILERS(\"%s %s %s\", \"%s %s %s\")" % (acc, version(acc), " ".join(af), hcc, version(hcc), " ".join(hf)),
        "FX_STACK_RUN(%d, %d)" % RUN,
    ]
    for kind, _, _ in kernels():
        lines.append("FX_STACK(%s, %d, %d)" % (kind, arm[kind], host[kind]))
    return "\n".join(lines) + "\n", notes, (acc, version(acc)), (hcc, version(hcc))


def main():
    check = "--check" in sys.argv[1:]
    if check and os.path.exists(OUT):
        old = open(OUT).read()
        for cc, _ in TARGETS.values():
            if shutil.which(cc) and ("%s %s " % (cc, version(cc))) not in old:
                print("stack_table: program/stack.def was measured with another %s than %s %s: skipped" %
                      (cc, cc, version(cc)))
                sys.exit(77)
    text, notes, _, _ = generate()
    for n in sorted(notes):
        print("stack_table: " + n)
    if check:
        if open(OUT).read() != text:
            fail("program/stack.def is stale: rerun tools/stack_table.py")
        print("stack_table: program/stack.def is up to date")
        return
    open(OUT, "w").write(text)
    print("stack_table: wrote program/stack.def")


if __name__ == "__main__":
    main()
