/* main.c: the fx2c command line (CONTRACT.md).
 *
 *   fx2c compile GRAPH [--modules FILE] [--weights FILE] --input SPEC... --emit KIND -o PATH [-O0|-O1|-O2]
 *                      [--backend c|llvm] [--target TRIPLE] [--cpu CPU] [--features LIST] [-g]
 *   fx2c run GRAPH [--modules FILE] [--weights FILE] IN0.npy ... -o OUTDIR
 *   fx2c --list-ops [--format text|markdown]
 *   fx2c --help | --version
 */
#include "frontend/custom.h"
#include "frontend/frontend.h"
#include "frontend/modules.h"
#include "frontend/weights.h"
#include "backend/embedded.h"
#include "backend/emit_llvm.h"
#include "backend/exe.h"
#include "optimizer/passes.h"
#include "interp/interp.h"
#include "inspect/compare.h"
#include "inspect/tracediff.h"
#include "ir/graph.h"
#include "program/program.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/fxrt_npy.h"
#include "runtime/fxrt_threads.h"
#define FXM_DUMP
#include "backend/fxm_profile.h"

#ifndef FX2C_VERSION
#define FX2C_VERSION "0.0.0"
#endif

enum { EXIT_INPUT_ERROR = 1, EXIT_USAGE = 2, EXIT_OVER_RAM_LIMIT = 3 /* generate(): internal, not an exit status */ };

static const char usage_text[] =
    "usage: fx2c compile GRAPH [options] --emit KIND -o PATH\n"
    "       fx2c run GRAPH [--modules FILE] [--weights FILE] IN0.npy [IN1.npy ...] [--input NAME=FILE.npy] -o OUTDIR\n"
    "                [--threads N] [--profile]\n"
    "                [--trace FILE.json] [--dump DIR]\n"
    "       fx2c compare REF_DIR OUT_DIR [--tol T]\n"
    "       fx2c trace-diff CONTROL.json... --test TEST.json... [--by name|op|both] [--sort KEY] [--csv FILE]\n"
    "                [--plot-counts FILE.svg] [--plot-durations FILE.svg] [--top N]\n"
    "       fx2c --list-ops [--format text|markdown]\n"
    "       fx2c --help | --version;  fx2c COMMAND --help\n";

static const char help_text[] =
    "fx2c " FX2C_VERSION ": an ahead-of-time compiler for the graphs that PyTorch prints with print(gm.graph).\n"
    "\n"
    "Commands:\n"
    "  compile GRAPH        read GRAPH (the text of print(gm.graph) or gm.graph.print_tabular(), any torch\n"
    "                       release from 1.8 to 2.x; '-' reads standard input) and emit what --emit asks for\n"
    "  run GRAPH IN.npy..   run GRAPH on the inputs with the reference interpreter and write OUTDIR/output0.npy,\n"
    "                       output1.npy, ... (the returned value flattened in order). The files fill the\n"
    "                       placeholders in order; placeholders left over keep their defaults (default=...)\n"
    "  trace-diff           compare two sets of traces operator by operator, as HTA's TraceDiff: counts and\n"
    "                       total durations per node name (fx2c's traces) and per op type, their changes\n"
    "                       and classes (added, deleted, increased, decreased, unchanged). Reads fx2c's\n"
    "                       --trace files, torch.profiler's export_chrome_trace and ONNX Runtime's profiles\n"
    "  compare REF OUT      compare two dumps of every node's result (--dump DIR of fx2c run or of a --profile\n"
    "                       executable; fx2c-export --dump DIR for PyTorch's) node by node, in REF's order, and\n"
    "                       name the first node beyond the tolerance and the fused node that computed it.\n"
    "                       Exit status 0: all within, 1: a node beyond, 2: bad input or command line\n"
    "  --list-ops           print what fx2c supports, one per line, grouped and sorted: the modules, the core\n"
    "                       ops (with their spellings torch.NAME, F.NAME, the method, aten), the other\n"
    "                       function, method and aten targets, fx2c's own ops; --format markdown writes\n"
    "                       docs/ops.md\n"
    "\n";

static const char help_compile[] =
    "Options of compile (each with a value also as --opt=value):\n"
    "  --emit KIND          what to write:\n"
    "                         graph  the graph in the print(gm.graph) format, parseable again; with -O0 a graph\n"
    "                                that torch printed comes back byte for byte\n"
    "                         dot    the graph for Graphviz (dot -Tsvg)\n"
    "                         c      a folder: model.h, model.c, model_weights.h and the runtime\n"
    "                                sources it calls; builds alone with the cc command in model.h\n"
    "                         exe    a static executable: PATH IN0.npy ... -o OUTDIR [--bench N]\n"
    "                                [--profile] [--trace FILE.json] [--dump DIR] (with compile --profile)\n"
    "                         llvm   LLVM IR (.ll) of the same entry point as the C folder's\n"
    "                         bc     LLVM bitcode\n"
    "                         obj    an object file for --target (default: this machine)\n"
    "                                llvm, bc and obj write model.h beside PATH (PATH minus its extension,\n"
    "                                plus .h: model.o -> model.h); link the object with the runtime\n"
    "                                (libfxrt.a) and -lm\n"
    "  -o PATH              where to write ('-' is standard output); missing folders are created\n"
    "  -O0, -O1, -O2, -O3   optimisation level (default -O2; -O3 is -O2): -O0 no passes; -O2 noop,constfold,bnfold,\n"
    "                       epilogue,padfold,prepack,winograd,nchwc,cse,ewfuse,dce; -O1 the same without\n"
    "                       winograd (whose transformed weights are 1.8x to 4x the size of the originals),\n"
    "                       prepack and nchwc (whose packed weights and blocked tensors are padded): the\n"
    "                       weights as exported, for firmware.\n"
    "  -Os                  for size (firmware): -O1's passes; convolutions, linear layers and 2-d pools\n"
    "                       on the compact kernels (runtime/fxrt_small.c: no scratch, no libm), which\n"
    "                       --emit c inlines, specialized to each call's shapes (the LLVM backend\n"
    "                       too, for x86-64 and thumbv7em-eabihf: the kernels built into fx2c as\n"
    "                       bitcode; other targets call them); weights aligned as their elements;\n"
    "                       LLVM's -Os pipeline\n"
    "  --ram-limit BYTES    the workspace's budget: over it, the compact kernels of -Os are used (slower:\n"
    "                       no scratch, convolutions in place); still over it, an error with the smallest\n"
    "                       workspace reached\n"
    "  --requantize MODE    how int8 conv2d and linear layers (and at -Os average pools) requantize their\n"
    "                       int32 sums: float (default; PyTorch's qnnpack, bit for bit) or fixed (an int32\n"
    "                       multiplier and shift per channel computed now, no float arithmetic: for\n"
    "                       Cortex-M without FPU; PyTorch's results but for rare one-step differences)\n"
    "                       Passes need the program: --modules/--weights as the graph needs them and every\n"
    "                       input's shape\n"
    "  --passes LIST        run these passes instead (comma-separated): noop (no-op removal), constfold\n"
    "                       (constant folding), bnfold (BatchNorm folding into the conv/linear before it),\n"
    "                       epilogue (bias, residual add and activation fused into the conv/linear before\n"
    "                       them), padfold (constant padding into the conv/pool after it), prepack (linear\n"
    "                       and attention weights packed at compile time), winograd (3x3\n"
    "                       stride-1 convolutions by Winograd's algorithm), nchwc (chains of 1x1 and\n"
    "                       depthwise convolutions, their stem and squeeze-and-excitation, in the blocked\n"
    "                       layout NCHW16c), cse (common subexpressions),\n"
    "                       ewfuse (elementwise chains in one loop), dce (dead code)\n"
    "  --print-after PASS   print the graph (FX text) on stderr after PASS, or after every pass with 'all'\n"
    "  --stats              per pass on stderr: its time, nodes before and after, removed, folded, fused\n"
    "  -v, --verbose        on stderr: every pass with its time and its node count before and after, the\n"
    "                       stages' times, and every file written with its size\n"
    "  -q, --quiet          nothing on stderr but errors (no warnings, no progress line). Without -v or -q, a\n"
    "                       compile that runs over a second shows its stage on a progress line when stderr\n"
    "                       is a terminal\n"
    "  --modules FILE       the text of print(model) or print(gm), for call_module nodes\n"
    "  --weights FILE       the state_dict as .safetensors or .pt/.pth (torch.save)\n"
    "  --strip-prefix P     the weights' names that start with P are read without it (DistributedDataParallel's\n"
    "                       'module.', a wrapper's 'model.')\n"
    "  --custom-ops FILE    user-defined ops: their targets, signatures, result shapes and C functions, and\n"
    "                       the C sources that implement them, copied into the C folder and compiled into\n"
    "                       executables (docs/custom-ops.md)\n"
    "  --input SPEC         an input's shape and dtype, NAME:DTYPE[D0,D1,...] (x:f32[1,3,224,224]) or\n"
    "                       NAME=FILE.npy; DTYPE is one of f32 f64 f16 bf16 i64 i32 i16 i8 u8 bool, or as\n"
    "                       torch names it (float32, torch.int64, ...); the shape may be written as Python\n"
    "                       prints it ('x:float32[1, 3, 224, 224]').\n"
    "                       With --modules/--weights/--input, compile checks that every node has a meaning\n"
    "                       (all unsupported targets are reported) and, given every input's shape, infers all\n"
    "                       shapes and dtypes\n"
    "  --prefix NAME        the exported symbols' prefix (NAME_run, NAME_WORKSPACE_SIZE; default model)\n"
    "  --weights-file       the weights in a file passed to NAME_run at run time (model_weights.bin in the C\n"
    "                       folder; PATH minus its extension plus _weights.bin for llvm, bc and obj)\n"
    "  --report             print the memory plan (arena, lower bound, every buffer) on stdout\n"
    "  --profile            time every node: the code reads fxrt_profile_clock() before and after each node\n"
    "                       and reports to fxrt_profile_node() (fxrt.h), with the table NAME_nodes; the\n"
    "                       executable's --profile prints the per-node table, --trace FILE.json writes a\n"
    "                       Chrome trace. Without --profile the code is unchanged\n"
    "  --backend c|llvm     the code generator of --emit exe (default c); llvm, bc and obj are LLVM's\n"
    "  --target TRIPLE      the LLVM target (default: this machine), e.g. aarch64-linux-gnu,\n"
    "                       thumbv7em-none-eabihf (Cortex-M4F), riscv32-unknown-elf\n"
    "  --cpu CPU            generic (default; cortex-m4 for thumbv7em-none-eabihf, with its FPU), native\n"
    "                       (this machine), or a CPU name: for --emit exe, a -march value (checked with the\n"
    "                       C compiler first); for LLVM, an LLVM CPU (cortex-m4, skylake, ...). A name that\n"
    "                       LLVM or the C compiler does not know is refused (exit status 2) with the valid ones.\n"
    "                       --emit c, graph and dot refuse a CPU (fx2c compiles nothing for them)\n"
    "  --features LIST      LLVM target features, e.g. +avx2,-fma (checked against the target's)\n"
    "  -g                   debug information: each kernel call at its FX node's line in GRAPH (LLVM), or\n"
    "                       cc -g (--backend c --emit exe)\n"
    "  --keep-build DIR     --emit exe: keep the generated sources in DIR\n"
    "  --cflags FLAGS       --emit exe: more options for the C compiler ($CC, else cc); with -fsanitize=...\n"
    "                       the executable is linked dynamically (the sanitizers need it). With --backend llvm\n"
    "                       they build the runtime, which is cached (in $FX2C_CACHE_DIR, else\n"
    "                       $XDG_CACHE_HOME/fx2c or ~/.cache/fx2c) by compiler, flags and sources\n"
    "\n";

static const char help_run[] =
    "Options of run (each with a value also as --opt=value):\n"
    "  --modules FILE, --weights FILE, --strip-prefix P, --custom-ops FILE   as for compile (run builds the ops'\n"
    "                       sources as a shared library and loads it)\n"
    "  --input NAME=FILE.npy   the input of placeholder NAME (besides, or instead of, the positional files)\n"
    "  -o OUTDIR            where the outputs go (created if missing)\n"
    "  -v, --verbose        the interpreter's time and every file written with its size, on stderr\n"
    "  -q, --quiet          nothing on stderr but errors\n"
    "  --requantize MODE    float (default) or fixed, as for compile (-O2's kernels; the same bits as compile\n"
    "                       --requantize fixed at -O2)\n"
    "  --threads N          split the heavy kernels over N threads (default 1); the outputs are the same bits\n"
    "  --stats              print the interpreter's time and peak activation memory on stderr\n"
    "  --profile            print every node's time (the table of a profiling build's executable) on stdout\n"
    "  --trace FILE.json    write every node's time as Chrome trace events (Perfetto, chrome://tracing)\n"
    "  --dump DIR           write every node's result as DIR/<node>.npy (<node>.<k>.npy for item k of a tuple;\n"
    "                       a fused node's under the node whose value it computes) and DIR/nodes.tsv\n"
    "\n";

static const char help_compare[] =
    "Options of compare:\n"
    "  --tol T              a node is within when its largest difference is at most T x max(1, largest |value|\n"
    "                       of the reference) (default 1e-4, the rule of fx2c's tests)\n"
    "\n";

static const char help_trace_diff[] =
    "Options of trace-diff:\n"
    "  --test FILE...       the test traces (the files before it are the control)\n"
    "  --by name|op|both    group by node name, op type or both (default: both for fx2c's traces, op type\n"
    "                       otherwise: aten and ONNX operators are mapped to fx2c's op types)\n"
    "  --sort KEY           duration (the largest change of total duration first; default), count, name,\n"
    "                       control or test (the largest total duration first)\n"
    "  --csv FILE           every row as CSV; --plot-counts / --plot-durations FILE.svg: bar charts of the\n"
    "                       top changes (--top N, default 20)\n"
    "\n";

static const char help_tail[] =
    "Files: GRAPH and --modules are read up to 256 MiB (a pipe or standard input too; a directory or a device is\n"
    "refused); weights and .npy files must be regular files. No output (-o, the files written into its folder or\n"
    "beside it, --keep-build) may be one of the input files, by any path or link: fx2c refuses before writing.\n"
    "Every returned value must be a tensor or a number (None is refused at the output node).\n"
    "\n"
    "Diagnostics are written as FILE:LINE:COL: error: MESSAGE with the source line and a caret; every error of\n"
    "the input is reported (up to 20). Exit status: 0 success, 1 bad input, 2 bad command line.\n";

typedef struct {
  const char *graph_path;
  const char *out_path;
  const char *emit;
  const char *modules_path;
  const char *weights_path;
  const char *custom_path;  /* --custom-ops FILE */
  const fx_custom_ops *custom; /* ... read */
  const char *backend;
  const char *target;
  int opt_level;
  bool size; /* -Os */
  uint64_t ram_limit; /* --ram-limit BYTES: the workspace's budget (0: none) */
  bool requant_fixed; /* --requantize fixed */
  uint64_t over_arena; /* the workspace that was over it, when compiling again as with -Os */
  const char **inputs; /* --input specs, in the order given */
  int ninputs;
  const char *prefix;
  const char *cpu;
  const char *keep_build;
  const char *cflags;
  const char *features;
  bool debug;
  const char *passes;      /* --passes LIST, or NULL for the level's pipeline */
  const char *print_after;
  bool stats;
  bool weights_file, report;
  bool profile;             /* --profile: code timed per node (fxrt.h's hooks) */
  bool llvm;                /* the LLVM backend generates the code */
  bool verbose, quiet;      /* -v, -q */
  char header_path[4200];   /* --emit llvm|bc|obj: model.h, beside the output */
  char weights_bin[4200];   /* ... and the weights with --weights-file */
  int argc;
  char **argv;
} compile_opts;

static int usage_error(const char *fmt, const char *arg) {
  fputs("fx2c: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  fputs(usage_text, stderr);
  return EXIT_USAGE;
}

/* A bad value or combination of options: the one line that says what is wrong and what is expected (the usage, for a
 * missing argument, would only bury it). */
static int option_error(const char *fmt, const char *arg) {
  fputs("fx2c: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return EXIT_USAGE;
}

/* ---- options: a table per command; an option with a value is `--opt VALUE` or `--opt=VALUE` ---- */
typedef struct {
  const char *name;
  bool value; /* takes a value */
} cli_opt;

static const cli_opt compile_table[] = {
    {"-o", true},          {"--emit", true},        {"--modules", true},    {"--weights", true},
    {"--custom-ops", true}, {"--backend", true},    {"--target", true},     {"--prefix", true},
    {"--cpu", true},       {"--keep-build", true},  {"--cflags", true},     {"--features", true},
    {"--passes", true},    {"--print-after", true}, {"--input", true},      {"-g", false},
    {"--stats", false},    {"--weights-file", false}, {"--report", false},  {"--profile", false},
    {"-O0", false},        {"-O1", false},          {"-O2", false},         {"-O3", false},
    {"-Os", false},        {"-v", false},           {"--verbose", false},   {"-q", false},
    {"--quiet", false},    {"-h", false},           {"--help", false},      {"--strip-prefix", true},
    {"--ram-limit", true}, {"--requantize", true}, {NULL, false}};

static const cli_opt run_table[] = {
    {"-o", true},       {"--modules", true}, {"--weights", true}, {"--custom-ops", true}, {"--input", true},
    {"--threads", true}, {"--trace", true},  {"--dump", true},    {"--stats", false},     {"--profile", false},
    {"-v", false},      {"--verbose", false}, {"-q", false},      {"--quiet", false},     {"-h", false},
    {"--help", false},  {"--strip-prefix", true}, {"--requantize", true}, {NULL, false}};

/* An unknown word among names: the message, with the nearest name when one is near. */
static int unknown_word(const char *what, const char *word, const char *where, const char *const *names, size_t n,
                        const char *expected) {
  const char *near = fx_nearest_name(word, strlen(word), names, n);
  fprintf(stderr, "fx2c: error: unknown %s '%s'%s", what, word, where);
  if (near) fprintf(stderr, "; did you mean '%s'?", near);
  if (expected) fprintf(stderr, " (expected %s)", expected);
  fputc('\n', stderr);
  return EXIT_USAGE;
}

/* --requantize MODE: fixed (true) or float (false); else the one-line error (exit status 2). */
static int requantize_arg(const char *v, bool *fixed) {
  static const char *const modes[] = {"float", "fixed"};
  if (strcmp(v, "fixed") == 0 || strcmp(v, "float") == 0) {
    *fixed = strcmp(v, "fixed") == 0;
    return 0;
  }
  return unknown_word("--requantize mode", v, "", modes, 2, "float or fixed");
}

/* argv[*i] against a command's table: 1 with *opt (the table's spelling) and *val (NULL for a flag), 0 for an
 * argument that is not an option ('-' is standard input), or -1 after the message (an unknown option, with the
 * nearest one; a missing value; a value given to a flag). */
static int take_opt(const cli_opt *table, const char *cmd, int argc, char **argv, int *i, const char **opt,
                    const char **val) {
  const char *a = argv[*i];
  *val = NULL;
  if (a[0] != '-' || a[1] == 0) return 0;
  const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
  size_t len = eq ? (size_t)(eq - a) : strlen(a), n = 0;
  for (const cli_opt *o = table; o->name; o++, n++)
    if (strlen(o->name) == len && strncmp(o->name, a, len) == 0) {
      *opt = o->name;
      if (!o->value) {
        if (!eq) return 1;
        fprintf(stderr, "fx2c: error: option '%s' takes no value (not '%s')\n", o->name, a);
        return -1;
      }
      if (eq) *val = eq + 1;
      else if (*i + 1 < argc) *val = argv[++*i];
      else {
        fprintf(stderr, "fx2c: error: option '%s' needs a value\n", o->name);
        return -1;
      }
      return 1;
    }
  const char **names = fx_xcalloc(n + 1, sizeof *names);
  for (size_t k = 0; k < n; k++) names[k] = table[k].name;
  char word[120];
  snprintf(word, sizeof word, "%.*s", (int)(len < 100 ? len : 100), a);
  const char *near = fx_nearest_name(word, strlen(word), names, n);
  fprintf(stderr, "fx2c: error: unknown option '%s' of fx2c %s", word, cmd);
  if (near) fprintf(stderr, "; did you mean '%s'?", near);
  fprintf(stderr, " (fx2c %s --help lists them)\n", cmd);
  fx_xfree(names);
  return -1;
}

/* ---- feedback: -v, and the progress line on a terminal for a compile over a second ---- */
static struct {
  bool verbose, tty;     /* -v; stderr is a terminal and not -q */
  double start, stage;   /* when the command and the current stage started */
  time_t wall_start;     /* for the files written */
} fb;

static double now_seconds(void);

/* The progress line is written by a timer's signal (a stage such as building an executable may last long): from one
 * second on, every half second, the current stage's line, which fb_stage prepares in the buffer the handler is not
 * reading (write(2) is async-signal-safe; stdio is not). */
static char fb_lines[2][300];
static volatile sig_atomic_t fb_current = -1, fb_written;

static void fb_tick(int sig) {
  (void)sig;
  int k = fb_current;
  if (k < 0) return;
  size_t n = strlen(fb_lines[k]);
  ssize_t w = write(2, fb_lines[k], n);
  (void)w;
  fb_written = 1;
}

static void fb_start(bool verbose, bool quiet, bool progress) {
  fb.verbose = verbose && !quiet;
  fb.tty = !quiet && !verbose && isatty(2);
  fb.start = fb.stage = now_seconds();
  fb.wall_start = time(NULL);
  if (!progress) fb.tty = false;
  if (!fb.tty) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fb_tick;
  sa.sa_flags = SA_RESTART; /* no system call of the compile sees EINTR */
  sigemptyset(&sa.sa_mask);
  struct itimerval t = {{0, 500000}, {1, 0}};
  if (sigaction(SIGALRM, &sa, NULL) != 0 || setitimer(ITIMER_REAL, &t, NULL) != 0) fb.tty = false;
}

/* A new stage: the progress line's text from now on. */
static void fb_stage(const char *fmt, const char *arg) {
  fb.stage = now_seconds();
  if (!fb.tty) return;
  int k = fb_current == 0 ? 1 : 0;
  int n = snprintf(fb_lines[k], sizeof fb_lines[k] - 12, "\rfx2c: ");
  snprintf(fb_lines[k] + n, sizeof fb_lines[k] - 12 - (size_t)n, fmt, arg);
  strcat(fb_lines[k], " ...\033[K");
  fb_current = k;
}

static void fb_end(void) {
  if (!fb.tty) return;
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  fb_current = -1;
  if (fb_written) fputs("\r\033[K", stderr);
  fb_written = 0;
}

static void fb_pass(void *ctx, const char *pass, const fx_pass_stats *st) {
  (void)ctx;
  if (!st) fb_stage("pass %s", pass);
  else if (fb.verbose)
    fprintf(stderr, "fx2c: pass %-9s %8.3f s  %5u -> %5u nodes\n", pass, now_seconds() - fb.stage, st->nodes_before,
            st->nodes_after);
}

static void fb_file(const char *path) {
  struct stat sb;
  if (fb.verbose && strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
    fprintf(stderr, "fx2c: wrote %s (%lld bytes)\n", path, (long long)sb.st_size);
}

/* -v: the files of folder dir written by this command (modified since it started), sorted by name */
static void fb_folder(const char *dir) {
  if (!fb.verbose) return;
  DIR *dp = opendir(dir);
  if (!dp) return;
  char **names = NULL;
  size_t n = 0;
  for (struct dirent *e; (e = readdir(dp));) {
    fx_buf path = {0};
    fx_buf_printf(&path, "%s/%s", dir, e->d_name);
    fx_buf_putc(&path, 0);
    struct stat sb;
    if (stat(path.p, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_mtime >= fb.wall_start) {
      names = fx_xrealloc(names, (n + 1) * sizeof *names);
      names[n++] = path.p;
    } else fx_buf_free(&path);
  }
  closedir(dp);
  for (size_t i = 1; i < n; i++) /* insertion sort: a folder of a few dozen files */
    for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1], names[j - 1] = t;
    }
  for (size_t i = 0; i < n; i++) fb_file(names[i]), fx_xfree(names[i]);
  fx_xfree(names);
}

/* -q: the warnings (and the notes that belong to them) are dropped; errors stay */
static void drop_warnings(fx_diag *d) {
  uint32_t k = 0;
  bool dropping = false;
  for (uint32_t i = 0; i < d->n; i++) {
    if (d->msgs[i].level != FX_DIAG_NOTE) dropping = d->msgs[i].level == FX_DIAG_WARNING;
    if (dropping) fx_xfree(d->msgs[i].text);
    else d->msgs[k++] = d->msgs[i];
  }
  d->n = k;
  d->nwarnings = 0;
}

/* mkdir -p: path and every folder above it; false (errno set) if one cannot be made */
static bool make_dirs(const char *path) {
  size_t n = strlen(path);
  char *b = fx_xmalloc(n + 1);
  memcpy(b, path, n + 1);
  bool ok = true;
  for (size_t i = 1; ok && i <= n; i++)
    if (b[i] == '/' || b[i] == 0) {
      char c = b[i];
      b[i] = 0;
      struct stat sb;
      if (stat(b, &sb) != 0) ok = mkdir(b, 0777) == 0 || errno == EEXIST;
      else if (!S_ISDIR(sb.st_mode)) ok = false, errno = ENOTDIR;
      b[i] = c;
    }
  fx_xfree(b);
  return ok;
}

/* The folder that will hold path (for a file), created with its parents; false after the message. */
static bool make_parent_dirs(const char *path, bool is_folder) {
  if (strcmp(path, "-") == 0) return true;
  fx_buf dir = {0};
  const char *slash = strrchr(path, '/');
  if (is_folder) fx_buf_puts(&dir, path);
  else if (slash && slash != path) fx_buf_printf(&dir, "%.*s", (int)(slash - path), path);
  fx_buf_putc(&dir, 0);
  bool ok = !dir.p[0] || make_dirs(dir.p);
  if (!ok) fprintf(stderr, "fx2c: error: cannot create the folder '%s': %s\n", dir.p, strerror(errno));
  fx_buf_free(&dir);
  return ok;
}

/* --cpu for the C compiler (-march=CPU): tried once on an empty file before any work; false after the message and
 * the compiler's own error (once). */
static bool c_compiler_takes_cpu(const char *cpu) {
  for (const char *c = cpu; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("-_.+", *c))) {
      fprintf(stderr, "fx2c: error: --cpu '%s' is not a CPU name\n", cpu);
      return false;
    }
  const char *cc = getenv("CC");
  if (!cc || !*cc) cc = "cc";
  fx_buf cmd = {0};
  fx_buf_printf(&cmd, "%s -march=%s -x c -c -o /dev/null /dev/null 2>&1", cc, cpu);
  fx_buf_putc(&cmd, 0);
  FILE *p = popen(cmd.p, "r");
  fx_buf out = {0};
  if (p) {
    char chunk[512];
    for (size_t got; (got = fread(chunk, 1, sizeof chunk, p)) > 0;)
      if (out.n < 8000) fx_buf_printf(&out, "%.*s", (int)got, chunk);
  }
  int status = p ? pclose(p) : -1;
  fx_buf_putc(&out, 0);
  bool ok = status == 0;
  if (!ok) {
    fprintf(stderr, "fx2c: error: --cpu '%s': the C compiler (%s) refuses -march=%s; choose a CPU it knows (or "
                    "generic, or native)\n", cpu, cc, cpu);
    if (out.p[0]) fputs(out.p, stderr);
  }
  fx_buf_free(&out);
  fx_buf_free(&cmd);
  return ok;
}


/* ---- outputs never overwrite inputs ----
 * Every file a command reads is remembered by identity (device and inode, so that another spelling of its path, a
 * symbolic link or a hard link is the same file), and every path about to be written is compared with them first. */
typedef struct {
  const char *role; /* "the graph", "the weights", ... */
  const char *path;
  dev_t dev;
  ino_t ino;
} input_file;

typedef struct {
  input_file *v;
  int n;
  fx_diag *d; /* where the refusal goes (NULL: stderr) */
} input_files;

static void add_input(input_files *f, const char *role, const char *path) {
  struct stat sb;
  bool from_stdin = strcmp(path, "-") == 0;
  /* a missing file is its reader's to report; only a regular file (standard input redirected from one) can be lost */
  if ((from_stdin ? fstat(0, &sb) : stat(path, &sb)) != 0 || !S_ISREG(sb.st_mode)) return;
  f->v = fx_xrealloc(f->v, (size_t)(f->n + 1) * sizeof *f->v);
  f->v[f->n++] = (input_file){role, path, sb.st_dev, sb.st_ino};
}

/* The input that writing `path` would overwrite, or NULL. stat follows symbolic links, as opening for writing does. */
static const input_file *overwritten_input(const input_files *f, const char *path) {
  struct stat sb;
  if (strcmp(path, "-") == 0 || stat(path, &sb) != 0) return NULL;
  for (int i = 0; i < f->n; i++)
    if (f->v[i].dev == sb.st_dev && f->v[i].ino == sb.st_ino) return &f->v[i];
  return NULL;
}

/* False, after the message (to f->d, else to stderr), if writing `path` would overwrite an input. opt names the
 * option that gave the path, or the folder (dir, not NULL) that path is in. */
static bool output_allowed(const input_files *f, const char *opt, const char *dir, const char *path) {
  const input_file *in = overwritten_input(f, path);
  if (!in) return true;
  fx_buf m = {0};
  fx_buf_printf(&m, "%s '%s' ", opt, dir ? dir : path);
  if (dir) fx_buf_printf(&m, "would write '%s', which ", path);
  fx_buf_printf(&m, "is %s ", in->role);
  if (strcmp(in->path, "-") == 0) fx_buf_puts(&m, "(standard input, ");
  else fx_buf_printf(&m, "'%s' (", in->path);
  fx_buf_puts(&m, "the same file): fx2c never overwrites an input; choose another output path");
  fx_buf_putc(&m, 0);
  if (f->d) fx_diag_error(f->d, NULL, (fx_loc){0, 0, 0, 0}, "%s", m.p);
  else fprintf(stderr, "fx2c: error: %s\n", m.p);
  fx_buf_free(&m);
  return false;
}

/* The same for files names[0], names[1], ... (up to a NULL) in folder dir. */
static bool names_allowed(const input_files *f, const char *opt, const char *dir, const char *const *names) {
  fx_buf path = {0};
  bool ok = true;
  for (int i = 0; ok && names[i]; i++) {
    path.n = 0;
    fx_buf_printf(&path, "%s/%s", dir, names[i]);
    fx_buf_putc(&path, 0);
    ok = output_allowed(f, opt, dir, path.p);
  }
  fx_buf_free(&path);
  return ok;
}

/* The same for every file a command may write into folder dir: names, and the runtime's sources and headers. */
static bool folder_allowed(const input_files *f, const char *opt, const char *dir, const char *const *names) {
  bool ok = names_allowed(f, opt, dir, names);
  for (const fx_embedded *e = fx_embedded_files; ok && e->name; e++)
    if (strncmp(e->name, "fxrt", 4) == 0) {
      const char *const one[] = {e->name, NULL};
      ok = names_allowed(f, opt, dir, one);
    }
  return ok;
}

/* What compile writes, checked against what it reads, before it reads or writes anything. */
static bool compile_outputs_allowed(const compile_opts *o) {
  input_files f = {0};
  add_input(&f, "the graph", o->graph_path);
  if (o->modules_path) add_input(&f, "the modules file", o->modules_path);
  if (o->weights_path) add_input(&f, "the weights", o->weights_path);
  for (int i = 0; i < o->ninputs; i++) {
    const char *eq = strchr(o->inputs[i], '='), *colon = strchr(o->inputs[i], ':');
    if (eq && (!colon || eq < colon)) add_input(&f, "an --input file", eq + 1);
  }
  static const char *const c_folder[] = {"model.h", "model.c", "model_weights.h", "model_weights.bin", NULL};
  static const char *const exe_folder[] = {"model.h", "model.c", "model_weights.h", "model_weights.bin",
                                           "model_weights.o", "main.c", "fxm_profile.h", "cc.log", "model.o", NULL};
  static const char *const exe_runtime[] = {"fxm_main.c", "fxm_profile.h", "fxm_main.o", "libfxrt.a", "info.txt", "ar.log",
                                            "cc-version.log", NULL};
  bool ok = output_allowed(&f, "-o", NULL, o->out_path);
  if (ok && strcmp(o->emit, "c") == 0) ok = folder_allowed(&f, "-o", o->out_path, c_folder);
  if (ok && o->header_path[0]) ok = output_allowed(&f, "-o", o->out_path, o->header_path);
  if (ok && o->weights_file && o->weights_bin[0]) ok = output_allowed(&f, "-o", o->out_path, o->weights_bin);
  if (ok && o->keep_build && strcmp(o->emit, "exe") == 0) {
    ok = folder_allowed(&f, "--keep-build", o->keep_build, exe_folder);
    fx_buf rt = {0};
    fx_buf_printf(&rt, "%s/runtime", o->keep_build);
    fx_buf_putc(&rt, 0);
    if (ok) ok = folder_allowed(&f, "--keep-build", rt.p, exe_runtime);
    fx_buf_free(&rt);
  }
  fx_xfree(f.v);
  return ok;
}

static int emit(const compile_opts *o, const fx_graph *g) {
  if (!make_parent_dirs(o->out_path, false)) return EXIT_INPUT_ERROR;
  FILE *out = strcmp(o->out_path, "-") == 0 ? stdout : fopen(o->out_path, "wb");
  if (!out) {
    fprintf(stderr, "fx2c: error: cannot write '%s': %s\n", o->out_path, strerror(errno));
    return EXIT_INPUT_ERROR;
  }
  if (strcmp(o->emit, "graph") == 0) fx_print_graph(g, out);
  else fx_print_dot(g, out);
  int failed = ferror(out);
  if (out != stdout) failed |= fclose(out);
  else failed |= fflush(out);
  if (failed) {
    fprintf(stderr, "fx2c: error: writing '%s' failed\n", o->out_path);
    return EXIT_INPUT_ERROR;
  }
  return 0;
}

static int cmd_compile_opts(compile_opts *po, int argc, char **argv);
static bool optimize(const compile_opts *o, fx_program *p, fx_modules *mods, fx_weights *w, fx_diag *d);
static bool load_model_files(const char *modules_path, const char *weights_path, fx_source *msrc, fx_modules *mods,
                             bool *have_mods, fx_weights *w, bool *have_w, fx_diag *d);

/* --strip-prefix P of compile and run: load_model_files reads the weights' names without it */
static const char *strip_prefix;

static int cmd_compile(int argc, char **argv) {
  compile_opts o = {0};
  o.inputs = calloc((size_t)argc + 1, sizeof *o.inputs);
  if (!o.inputs) return EXIT_INPUT_ERROR;
  int rc = cmd_compile_opts(&o, argc, argv);
  free(o.inputs);
  return rc;
}

#ifdef FX2C_HAVE_LLVM
/* --target: LLVM takes a triple whose vendor, OS or environment it does not know as "unknown" without a word (a
 * thumbv7em-none-eabh would be compiled for the soft-float ABI), so a component that is not a name LLVM knows but is
 * near one is refused as a typo, with the name; a component far from all is left to LLVM. Known names may end in a
 * version (macos14.0, android21). */
static bool target_typo(const char *triple, char *msg, size_t cap) {
  static const char *const known[] = {
      "unknown", "pc", "apple", "scei", "sie", "fsl", "ibm", "img", "mti", "nvidia", "csr", "amd", "mesa", "suse",
      "oe", "w64", "none", "linux", "windows", "win32", "darwin", "macos", "macosx", "ios", "tvos", "watchos",
      "xros", "visionos", "driverkit", "freebsd", "kfreebsd", "netbsd", "openbsd", "dragonfly", "fuchsia", "haiku",
      "solaris", "aix", "cuda", "nvcl", "amdhsa", "amdpal", "mesa3d", "ps4", "ps5", "elfiamcu", "wasi", "emscripten",
      "uefi", "rtems", "nacl", "hurd", "zos", "lv2", "hermit", "ananas", "cloudabi", "contiki", "minix", "liteos",
      "serenity", "vulkan", "opencl", "shadermodel", "gnu", "gnuabin32", "gnuabi64", "gnueabi", "gnueabihf",
      "gnuf32", "gnuf64", "gnusf", "gnux32", "gnuilp32", "gnut64", "gnueabit64", "gnueabihft64", "code16", "eabi",
      "eabihf", "elfv1", "elfv2", "android", "androideabi", "musl", "musleabi", "musleabihf", "muslx32", "msvc",
      "itanium", "cygnus", "coreclr", "simulator", "macabi", "elf", "coff", "macho", "mingw32", "ohos", "pauthtest",
      "llvm"};
  const size_t nknown = sizeof known / sizeof *known;
  const char *c = strchr(triple, '-');
  while (c) {
    const char *w = c + 1, *end = strchr(w, '-');
    size_t n = end ? (size_t)(end - w) : strlen(w), stem = n;
    while (stem > 0 && ((w[stem - 1] >= '0' && w[stem - 1] <= '9') || w[stem - 1] == '.')) stem--;
    bool is_known = n == 0;
    for (size_t k = 0; k < nknown && !is_known; k++)
      is_known = (strlen(known[k]) == n && strncmp(known[k], w, n) == 0) ||
                 (stem && strlen(known[k]) == stem && strncmp(known[k], w, stem) == 0);
    const char *near = is_known ? NULL : fx_nearest_name(w, n, known, nknown);
    if (near) {
      snprintf(msg, cap, "--target '%s': '%.*s' is not a vendor, OS or environment that LLVM knows; did you mean '%s'?",
               triple, (int)n, w, near);
      return true;
    }
    c = end;
  }
  return false;
}
#endif

/* The placeholder of p that --input SPEC names (NAME: a placeholder's name or target, or dynamo's L_NAME_ for the
 * argument NAME), or FX_NONE_IDX after the error, which lists the placeholders and guesses the one meant: the nearest
 * name (a typo), or the only placeholder (make_fx's arg0_1 for the argument x). compile's --input and run's. */
static uint32_t input_placeholder(const fx_program *p, const char *spec, fx_str name, fx_diag *d) {
  for (int pass = 0; pass < 3; pass++)
    for (uint32_t i = 0; i < p->nplaceholders; i++) {
      const fx_node *ph = &p->g->nodes[p->placeholders[i]];
      fx_str t = ph->target;
      if (pass == 0 ? fx_str_eq(ph->name, name)
          : pass == 1 ? fx_str_eq(t, name)
                      : t.n == name.n + 3 && fx_str_starts_with(t, "L_") && t.p[t.n - 1] == '_' &&
                            !memcmp(t.p + 2, name.p, name.n))
        return i;
    }
  fx_buf names = {0};
  char **words = fx_xcalloc((size_t)p->nplaceholders + 1, sizeof *words);
  bool make_fx = p->nplaceholders > 0;
  for (uint32_t i = 0; i < p->nplaceholders; i++) {
    fx_str nm = p->g->nodes[p->placeholders[i]].name;
    if (i < 16) fx_buf_printf(&names, "%s'%.*s'", i ? ", " : "", (int)nm.n, nm.p);
    words[i] = fx_xmalloc(nm.n + 1);
    memcpy(words[i], nm.p, nm.n);
    words[i][nm.n] = 0;
    make_fx = make_fx && fx_str_starts_with(nm, "arg") && nm.n > 3 && nm.p[3] >= '0' && nm.p[3] <= '9';
  }
  if (p->nplaceholders > 16) fx_buf_puts(&names, ", ...");
  const char *near = p->nplaceholders == 1 ? words[0]
                                           : fx_nearest_name(name.p, name.n, (const char *const *)words, p->nplaceholders);
  fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--input %s: the graph has no placeholder '%.*s'%s%s%s", spec,
                (int)name.n, name.p, near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
  if (p->nplaceholders) fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "its placeholders are %s", names.p);
  else fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "it has no placeholders");
  if (make_fx)
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                 "make_fx and torch.export name the inputs arg0_1, arg1_1, ... in the order of forward's arguments");
  for (uint32_t i = 0; i < p->nplaceholders; i++) fx_xfree(words[i]);
  fx_xfree(words);
  fx_buf_free(&names);
  return FX_NONE_IDX;
}

/* --input NAME:DTYPE[D0,...] or NAME=FILE.npy as the shape of placeholder NAME of p; given_by[i]: the spec that gave
 * placeholder i its shape (one placeholder, one spec). */
static bool apply_input_spec(fx_program *p, const char *spec, const char **given_by, fx_diag *d) {
  fx_input_arg a;
  char msg[240];
  if (!fx_parse_input_arg(spec, &a, msg, sizeof msg)) { /* the command line was checked: not reached */
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--input %s: %s", spec, msg);
    return false;
  }
  uint32_t index = input_placeholder(p, spec, a.name, d);
  if (index == FX_NONE_IDX) return false;
  if (given_by[index]) {
    const fx_node *n = &p->g->nodes[p->placeholders[index]];
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--input %s: input '%.*s' already has its shape from --input %s", spec,
                  (int)n->name.n, n->name.p, given_by[index]);
    return false;
  }
  given_by[index] = spec;
  if (a.file) {
    fx_tensor t = {0};
    if (!fx_npy_read(a.file, &t, d)) return false;
    fx_tensor_free(t.data);
    a.dtype = t.dtype;
    a.ndim = t.ndim;
    memcpy(a.shape, t.shape, sizeof a.shape);
  } else if (!fx_shape_fits(a.dtype, a.ndim, a.shape)) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0},
                  "--input %s: a tensor of this shape and dtype %s has more elements or bytes than fit in 64 bits",
                  spec, fxrt_dtype_name(a.dtype));
    return false;
  }
  fx_program_set_input(p, index, a.dtype, a.ndim, a.shape);
  return true;
}

/* Output j of the flattened returned value (containers flattened as lowering flattens them) must be an array: a
 * tensor, or a number (a 0-dim array). None, a string or a dtype has no .npy file and no C type, so the program is
 * refused at the output node, the same by compile and run. */
static bool outputs_arrays(const fx_program *p, const fx_value *v, uint32_t *j, fx_diag *d) {
  if (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST || v->kind == FX_V_DICT) {
    bool ok = true;
    for (uint32_t i = v->kind == FX_V_DICT ? 1 : 0; i < v->n; i += v->kind == FX_V_DICT ? 2 : 1)
      ok &= outputs_arrays(p, &v->u.items[i], j, d);
    return ok;
  }
  uint32_t index = (*j)++;
  if (v->kind == FX_V_TENSOR || v->kind == FX_V_INT || v->kind == FX_V_FLOAT || v->kind == FX_V_BOOL) return true;
  uint32_t out = fx_graph_output(p->g);
  const char *what = v->kind == FX_V_NONE ? "None" : v->kind == FX_V_STR ? "a string" : "not a tensor or a number";
  fx_loc loc = out != FX_NONE_IDX ? p->g->nodes[out].loc : (fx_loc){0, 0, 0, 0};
  fx_diag_error(d, out != FX_NONE_IDX ? p->g->src : NULL, loc,
                "output %u of the returned value is %s: every output is an array (output%u.npy, a C array), so fx2c "
                "cannot return it", index, what, index);
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "return tensors and numbers only%s",
               v->kind == FX_V_NONE ? " (leave the None out of the returned value)" : "");
  return false;
}

static bool program_outputs_arrays(const fx_program *p, fx_diag *d) {
  uint32_t j = 0;
  return outputs_arrays(p, &p->output, &j, d);
}

/* With --modules, --weights or --input: reads them and, when every input has a shape, gives every node its meaning,
 * so that unsupported targets, missing weights and shape errors are reported now. */
static bool check_program(const compile_opts *o, fx_graph *g, fx_source *msrc, fx_diag *d) {
  if (!o->modules_path && !o->weights_path && !o->ninputs && !o->custom) return true;
  fx_modules mods;
  fx_weights w;
  bool have_mods, have_w, ok = false;
  if (load_model_files(o->modules_path, o->weights_path, msrc, &mods, &have_mods, &w, &have_w, d) &&
      fx_graph_bind_names(g, have_mods ? &mods : NULL, have_w ? &w : NULL, d)) {
    fx_program p;
    fx_program_init(&p, g, have_mods ? &mods : NULL, have_w ? &w : NULL);
    p.custom = o->custom;
    ok = true;
    const char **given_by = fx_xcalloc((size_t)p.nplaceholders + 1, sizeof *given_by);
    for (int i = 0; i < o->ninputs; i++) ok &= apply_input_spec(&p, o->inputs[i], given_by, d);
    fx_xfree(given_by);
    bool all_shapes = true;
    for (uint32_t i = 0; i < p.nplaceholders; i++) all_shapes &= p.inputs[i].given || g->nodes[p.placeholders[i]].args.n;
    if (ok && all_shapes) /* passes need every shape */
      ok = fx_program_build(&p, d) && program_outputs_arrays(&p, d) &&
           fx_program_read_weights(&p, have_w ? &w : NULL, d) &&
           optimize(o, &p, have_mods ? &mods : NULL, have_w ? &w : NULL, d);
    else if (ok) { /* no shapes: legalization alone still finds every unsupported target */
      ok = fx_program_legalize(&p, d);
    }
    fx_program_free(&p);
  }
  if (have_w) fx_weights_free(&w);
  if (have_mods) fx_modules_free(&mods);
  return ok;
}

/* The optimisation pipeline (-O level or --passes) on a built program; --print-after and --stats on stderr. */
static bool optimize(const compile_opts *o, fx_program *p, fx_modules *mods, fx_weights *w, fx_diag *d) {
  fx_pass_manager pm = {p, mods, w, o->print_after, stderr, o->stats ? stderr : NULL, d, fb_pass, NULL};
  return fx_pass_manager_run(&pm, o->passes ? o->passes : fx_pass_pipeline(o->opt_level));
}

#ifdef FX2C_HAVE_LLVM
/* --backend llvm --emit exe: the object that fx_build_exe_object links. */
typedef struct {
  fx_llvm_opts lo;
} object_ctx;

static bool write_object(void *ctx, const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *path,
                         fx_diag *d) {
  object_ctx *c = ctx;
  return fx_emit_llvm(L, P, o, &c->lo, FX_LLVM_OBJ, path, d);
}
#endif

/* --emit c|llvm|bc|obj|exe: build the program (every input needs a shape), lower it, plan its memory and write the code. */
static uint64_t over_arena; /* generate(): the workspace above --ram-limit when it returns EXIT_OVER_RAM_LIMIT */

static int generate(const compile_opts *o, fx_graph *g, fx_source *msrc, fx_diag *d) {
  fx_modules mods;
  fx_weights w;
  bool have_mods, have_w;
  int rc = EXIT_INPUT_ERROR;
  if (!load_model_files(o->modules_path, o->weights_path, msrc, &mods, &have_mods, &w, &have_w, d)) goto out;
  if (!fx_graph_bind_names(g, have_mods ? &mods : NULL, have_w ? &w : NULL, d)) goto out;
  fx_program p;
  fx_program_init(&p, g, have_mods ? &mods : NULL, have_w ? &w : NULL);
  p.custom = o->custom;
  p.small = o->size;
  p.requant_fixed = o->requant_fixed;
  if (o->target && (strstr(o->target, "-none") || strstr(o->target, "-elf"))) /* bare metal: no threads */
    p.ws_workers = 1;
  bool ok = true;
  const char **given_by = fx_xcalloc((size_t)p.nplaceholders + 1, sizeof *given_by);
  for (int i = 0; i < o->ninputs; i++) ok &= apply_input_spec(&p, o->inputs[i], given_by, d);
  fx_xfree(given_by);
  for (uint32_t i = 0; ok && i < p.nplaceholders; i++)
    if (!p.inputs[i].given && !g->nodes[p.placeholders[i]].args.n) {
      const fx_node *n = &g->nodes[p.placeholders[i]];
      fx_diag_error(d, g->src, n->loc, "--emit %s needs the shape of input '%.*s': --input %.*s:f32[...] or --input %.*s=FILE.npy",
                    o->emit, (int)n->name.n, n->name.p, (int)n->name.n, n->name.p, (int)n->name.n, n->name.p);
      ok = false;
    }
  if (ok && fx_program_build(&p, d) && program_outputs_arrays(&p, d) &&
      fx_program_read_weights(&p, have_w ? &w : NULL, d) &&
      optimize(o, &p, have_mods ? &mods : NULL, have_w ? &w : NULL, d)) {
    fx_lowered L;
    fb_stage("%s", "lowering");
    if (fx_lower(&p, &L, d)) {
      fx_plan P;
      fx_plan_build(&L, &P);
      if (o->ram_limit && P.arena > o->ram_limit && !o->size) { /* the caller tries again with -Os */
        over_arena = P.arena;
        fx_plan_free(&P);
        rc = EXIT_OVER_RAM_LIMIT;
        goto lowered_done;
      }
      if (o->ram_limit && o->over_arena && P.arena <= o->ram_limit && !o->quiet) /* -q: errors only */
        fprintf(stderr,
                "fx2c: note: the workspace of %llu bytes is above --ram-limit %llu: compiled as with -Os (the compact "
                "kernels, slower: no scratch, convolutions in place), it needs %llu\n",
                (unsigned long long)o->over_arena, (unsigned long long)o->ram_limit, (unsigned long long)P.arena);
      if (o->ram_limit && P.arena > o->ram_limit) {
        fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0},
                      "the workspace needs %llu bytes, above --ram-limit %llu, with the compact kernels of -Os and "
                      "convolutions in place: the smallest plan fx2c reaches (%llu bytes are live at once)",
                      (unsigned long long)P.arena, (unsigned long long)o->ram_limit, (unsigned long long)P.lower_bound);
        fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                     "--report lists every buffer with its size and lifetime; a smaller input shape, fewer channels or "
                     "an int8 model needs less");
        fx_plan_free(&P);
        goto lowered_done;
      }
      if (o->report) fx_plan_report(&L, &P, stdout);
      /* provenance: the command line and the input files */
      fx_buf cmd = {0};
      fx_buf_puts(&cmd, "fx2c compile");
      for (int i = 0; i < o->argc; i++) { /* quoted for a shell where needed */
        const char *a = o->argv[i];
        bool plain = *a != 0;
        for (const char *c = a; *c; c++)
          plain &= (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("_./=:,+-@%", *c);
        fx_buf_putc(&cmd, ' ');
        if (plain) fx_buf_puts(&cmd, a);
        else {
          fx_buf_putc(&cmd, '\'');
          for (const char *c = a; *c; c++)
            if (*c == '\'') fx_buf_puts(&cmd, "'\\''");
            else fx_buf_putc(&cmd, *c);
          fx_buf_putc(&cmd, '\'');
        }
      }
      fx_buf_putc(&cmd, 0);
      const char *files[4];
      int nfiles = 0;
      files[nfiles++] = o->graph_path;
      if (o->modules_path) files[nfiles++] = o->modules_path;
      if (o->weights_path) files[nfiles++] = o->weights_path;
      if (o->custom_path) files[nfiles++] = o->custom_path;
      fx_emit_opts eo = {o->prefix, o->weights_file, false, cmd.p, files, nfiles, NULL, NULL, o->profile,
                         o->custom ? (const char *const *)o->custom->sources : NULL, o->custom ? o->custom->nsources : 0};
      bool done = false;
      if (fb.verbose) fprintf(stderr, "fx2c: lowered and planned (%.3f s)\n", now_seconds() - fb.stage);
      fb_stage(strcmp(o->emit, "exe") == 0 ? "building %s" : "writing %s", o->out_path);
      if (!make_parent_dirs(o->out_path, strcmp(o->emit, "c") == 0) ||
          (o->keep_build && strcmp(o->emit, "exe") == 0 && !make_parent_dirs(o->keep_build, true))) {
        /* the message is out */
      } else if (strcmp(o->emit, "c") == 0) done = fx_emit_c(&L, &P, &eo, o->out_path, d);
      else if (strcmp(o->emit, "exe") == 0) {
        const char *cpu = o->cpu && strcmp(o->cpu, "generic") != 0 ? o->cpu : NULL;
        fx_buf fl = {0};
        /* a CPU fixes the runtime's instruction set at compile time: no dispatch at run time (runtime/fxrt_isa.h) */
        fx_buf_printf(&fl, "%s%s%s%s %s", cpu ? "-march=" : "", cpu ? cpu : "", cpu ? " -DFXRT_DISPATCH=0" : "",
                      o->debug ? " -g" : "", o->cflags ? o->cflags : "");
        fx_buf_putc(&fl, 0);
        const char *flags = fl.p;
        if (!o->llvm) done = fx_build_exe(&L, &P, &eo, o->out_path, flags, o->keep_build, d);
#ifdef FX2C_HAVE_LLVM
        else {
          object_ctx oc = {{o->target, o->cpu, o->features, o->opt_level, o->debug, o->graph_path, NULL, NULL, true}};
          done = fx_build_exe_object(&L, &P, &eo, write_object, &oc, o->out_path, flags, o->keep_build, d);
        }
#endif
        fx_buf_free(&fl);
      } else {
#ifdef FX2C_HAVE_LLVM
        fx_llvm_output kind = strcmp(o->emit, "llvm") == 0 ? FX_LLVM_IR : strcmp(o->emit, "bc") == 0 ? FX_LLVM_BC
                                                                                                   : FX_LLVM_OBJ;
        bool to_file = strcmp(o->out_path, "-") != 0;
        fx_llvm_opts lo = {o->target, o->cpu, o->features, o->opt_level, o->debug, o->graph_path,
                           to_file ? o->header_path : NULL, to_file ? o->weights_bin : NULL, false};
        const char *slash = strrchr(o->weights_bin, '/');
        eo.weights_name = slash ? slash + 1 : o->weights_bin;
        done = fx_emit_llvm(&L, &P, &eo, &lo, kind, o->out_path, d);
#endif
      }
      if (done) rc = 0;
      if (done && fb.verbose)
        fprintf(stderr, "fx2c: %s %s (%.3f s)\n", strcmp(o->emit, "exe") == 0 ? "built" : "wrote", o->out_path,
                now_seconds() - fb.stage);
      fx_buf_free(&cmd);
      fx_plan_free(&P);
    }
  lowered_done:
    fx_lowered_free(&L);
  }
  fx_program_free(&p);
out:
  if (have_w) fx_weights_free(&w);
  if (have_mods) fx_modules_free(&mods);
  return rc;
}

static int cmd_compile_opts(compile_opts *po, int argc, char **argv) {
  compile_opts o = *po;
  o.opt_level = 2;
  o.argc = argc;
  o.argv = argv;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *opt = NULL, *v = NULL;
    int k = take_opt(compile_table, "compile", argc, argv, &i, &opt, &v);
    if (k < 0) return EXIT_USAGE;
    if (k == 0) {
      if (o.graph_path) return usage_error("more than one GRAPH given ('%s')", a);
      o.graph_path = a;
      continue;
    }
    if (strcmp(opt, "-h") == 0 || strcmp(opt, "--help") == 0) {
      printf("usage: fx2c compile GRAPH [options] --emit KIND -o PATH\n\n%s\n%s", help_compile, help_tail);
      return 0;
    }
    if (strcmp(opt, "-o") == 0) o.out_path = v;
    else if (strcmp(opt, "--emit") == 0) o.emit = v;
    else if (strcmp(opt, "--modules") == 0) o.modules_path = v;
    else if (strcmp(opt, "--weights") == 0) o.weights_path = v;
    else if (strcmp(opt, "--strip-prefix") == 0) strip_prefix = v;
    else if (strcmp(opt, "--custom-ops") == 0) o.custom_path = v;
    else if (strcmp(opt, "--backend") == 0) o.backend = v;
    else if (strcmp(opt, "--target") == 0) o.target = v;
    else if (strcmp(opt, "--prefix") == 0) o.prefix = v;
    else if (strcmp(opt, "--cpu") == 0) o.cpu = v;
    else if (strcmp(opt, "--keep-build") == 0) o.keep_build = v;
    else if (strcmp(opt, "--cflags") == 0) o.cflags = v;
    else if (strcmp(opt, "--features") == 0) o.features = v;
    else if (strcmp(opt, "-g") == 0) o.debug = true;
    else if (strcmp(opt, "--passes") == 0) o.passes = v;
    else if (strcmp(opt, "--print-after") == 0) o.print_after = v;
    else if (strcmp(opt, "--stats") == 0) o.stats = true;
    else if (strcmp(opt, "--weights-file") == 0) o.weights_file = true;
    else if (strcmp(opt, "--report") == 0) o.report = true;
    else if (strcmp(opt, "--ram-limit") == 0) {
      char *end;
      errno = 0;
      unsigned long long n = *v >= '0' && *v <= '9' ? strtoull(v, &end, 10) : 0;
      if (!(*v >= '0' && *v <= '9') || *end || errno || !n)
        return option_error("bad --ram-limit '%s'; expected the workspace's budget in bytes, a positive integer", v);
      o.ram_limit = n;
    }
    else if (strcmp(opt, "--requantize") == 0) {
      if (requantize_arg(v, &o.requant_fixed)) return EXIT_USAGE;
    }
    else if (strcmp(opt, "--profile") == 0) o.profile = true;
    else if (strcmp(opt, "-v") == 0 || strcmp(opt, "--verbose") == 0) o.verbose = true;
    else if (strcmp(opt, "-q") == 0 || strcmp(opt, "--quiet") == 0) o.quiet = true;
    else if (strcmp(opt, "--input") == 0) {
      fx_input_arg ia;
      char why[240], what[600];
      if (!fx_parse_input_arg(v, &ia, why, sizeof why)) {
        if (strncmp(why, "unknown dtype", 13) == 0) { /* did you mean: the dtype names as fx2c and torch spell them */
          static const char *const dtypes[] = {"f32", "f64", "f16", "bf16", "i64", "i32", "i16", "i8", "u8",
                                               "bool", "float32", "float64", "float16", "bfloat16", "int64",
                                               "int32", "int16", "int8", "uint8"};
          const char *dt = strchr(v, ':') + 1, *end = strchr(dt, '[');
          while (*dt == ' ') dt++;
          size_t n = end ? (size_t)(end - dt) : strlen(dt);
          while (n && dt[n - 1] == ' ') n--;
          if (n > 6 && strncmp(dt, "torch.", 6) == 0) dt += 6, n -= 6;
          const char *near = fx_nearest_name(dt, n, dtypes, sizeof dtypes / sizeof *dtypes);
          snprintf(what, sizeof what, "'%s': %s%s%s%s", v, why, near ? "; did you mean '" : "", near ? near : "",
                   near ? "'?" : "");
          return option_error("bad --input %s (the dtypes: f32 f64 f16 bf16 i64 i32 i16 i8 u8 bool, or as torch names "
                              "them: float32, torch.int64 ...)", what);
        }
        snprintf(what, sizeof what, "'%s': %s", v, why);
        return option_error("bad --input %s; expected NAME:DTYPE[D0,D1,...] (x:f32[1,3,224,224], at most 8 dimensions, "
                           "each below 2**63) or NAME=FILE.npy", what);
      }
      o.inputs[o.ninputs++] = v;
    } else if (strcmp(opt, "-Os") == 0) { /* for size: -O1's passes, the compact kernels, the smallest code */
      o.opt_level = 1;
      o.size = true;
    } else { /* -O0 -O1 -O2, and -O3 as -O2 */
      o.opt_level = opt[2] == '3' ? 2 : opt[2] - '0';
      o.size = false;
    }
  }
  if (o.passes) {
    const char *bad;
    size_t bad_len;
    if (!fx_pass_list_valid(o.passes, &bad, &bad_len)) {
      char name[100];
      snprintf(name, sizeof name, "%.*s", (int)(bad_len < 90 ? bad_len : 90), bad);
      const char *names[64];
      size_t n = 0;
      for (const fx_pass *ps = fx_passes; ps->name && n < 64; ps++) names[n++] = ps->name;
      return unknown_word("pass", name, " in --passes", names, n,
                          "a comma-separated list of the passes that fx2c compile --help lists");
    }
  }
  if (o.print_after && strcmp(o.print_after, "all") != 0) {
    const char *bad;
    size_t bad_len;
    if (!*o.print_after || strchr(o.print_after, ',') || !fx_pass_list_valid(o.print_after, &bad, &bad_len))
      return option_error("unknown pass '%s' in --print-after (a pass name or all)", o.print_after);
  }
  if (!o.graph_path) return usage_error("%s", "compile needs a GRAPH file");
  if (!o.emit) return usage_error("%s", "compile needs --emit KIND (graph, dot, c, llvm, bc, obj or exe)");
  if (!o.out_path) return usage_error("%s", "compile needs -o PATH ('-' for standard output)");
  bool is_llvm_kind = strcmp(o.emit, "llvm") == 0 || strcmp(o.emit, "bc") == 0 || strcmp(o.emit, "obj") == 0;
  bool codegen = strcmp(o.emit, "c") == 0 || strcmp(o.emit, "exe") == 0 || is_llvm_kind;
  static const char *const kinds[] = {"graph", "dot", "c", "llvm", "bc", "obj", "exe"};
  if (!codegen && strcmp(o.emit, "graph") != 0 && strcmp(o.emit, "dot") != 0)
    return unknown_word("--emit kind", o.emit, "", kinds, 7, "graph, dot, c, llvm, bc, obj or exe");
  if (o.prefix && !fx_str_is_identifier(fx_str_make(o.prefix, strlen(o.prefix))))
    return option_error("--prefix '%s' is not a C identifier", o.prefix);
  if (o.prefix && (strncmp(o.prefix, "fxrt", 4) == 0 || strncmp(o.prefix, "FXRT", 4) == 0))
    return option_error("--prefix '%s' is in the runtime's namespace (fxrt)", o.prefix);
  static const char *const backends[] = {"c", "llvm"};
  if (o.backend && strcmp(o.backend, "c") != 0 && strcmp(o.backend, "llvm") != 0)
    return unknown_word("--backend", o.backend, "", backends, 2, "c or llvm");
  if (is_llvm_kind && o.backend && strcmp(o.backend, "c") == 0)
    return option_error("--emit %s is the LLVM backend's output (--backend c emits c and exe)", o.emit);
  if (strcmp(o.emit, "c") == 0 && o.backend && strcmp(o.backend, "llvm") == 0)
    return option_error("%s", "--emit c is the C backend's output (--backend llvm emits llvm, bc, obj and exe)");
  o.llvm = is_llvm_kind || (strcmp(o.emit, "exe") == 0 && o.backend && strcmp(o.backend, "llvm") == 0);
  if ((o.target || o.features) && !o.llvm)
    return option_error("%s needs the LLVM backend (--emit llvm, bc or obj, or --backend llvm --emit exe)",
                       o.target ? "--target" : "--features");
  if (o.cpu && strcmp(o.cpu, "generic") != 0 && !o.llvm && strcmp(o.emit, "exe") != 0)
    return option_error("--cpu applies to --emit exe and to LLVM's llvm, bc and obj; fx2c compiles nothing for --emit "
                       "c, graph or dot (for a C folder built for one CPU, give its compiler -march=%s "
                       "-DFXRT_DISPATCH=0)", o.cpu);
  if (o.debug && (!codegen || strcmp(o.emit, "c") == 0))
    return option_error("%s", "-g applies to --emit llvm, bc, obj and exe");
  if (o.profile && !codegen)
    return option_error("%s", "--profile applies to --emit c, exe, llvm, bc and obj (the code it times)");
  if (strcmp(o.emit, "exe") == 0 && o.target)
    return option_error("%s", "--emit exe builds for this machine; use --emit obj for --target");
  if (codegen && !is_llvm_kind && strcmp(o.out_path, "-") == 0)
    return option_error("--emit %s needs -o PATH, not standard output", o.emit);
  if (o.llvm) {
#ifdef FX2C_HAVE_LLVM
    fx_llvm_opts lo = {o.target, o.cpu, o.features, o.opt_level, false, NULL, NULL, NULL, false};
    char msg[16384];
    if ((o.target && target_typo(o.target, msg, sizeof msg)) || !fx_llvm_check_target(&lo, msg, sizeof msg)) {
      fprintf(stderr, "fx2c: error: %s\n", msg);
      return EXIT_USAGE;
    }
#else
    fprintf(stderr,
            "fx2c: error: %s needs the LLVM backend, and this fx2c was built without it (configure with "
            "-DFX2C_LLVM=ON, LLVM 19 installed); this fx2c emits graph, dot, c and exe\n",
            is_llvm_kind ? (strcmp(o.emit, "llvm") == 0 ? "--emit llvm" : strcmp(o.emit, "bc") == 0 ? "--emit bc" : "--emit obj")
                         : "--backend llvm");
    return EXIT_USAGE;
#endif
  }
  if (is_llvm_kind && strcmp(o.out_path, "-") != 0) { /* model.h beside the output: PATH minus its extension */
    const char *slash = strrchr(o.out_path, '/'), *dot = strrchr(o.out_path, '.');
    size_t stem = dot && dot > (slash ? slash + 1 : o.out_path) ? (size_t)(dot - o.out_path) : strlen(o.out_path);
    snprintf(o.header_path, sizeof o.header_path, "%.*s.h", (int)stem, o.out_path);
    snprintf(o.weights_bin, sizeof o.weights_bin, "%.*s_weights.bin", (int)stem, o.out_path);
    if (strcmp(o.header_path, o.out_path) == 0 || (o.weights_file && strcmp(o.weights_bin, o.out_path) == 0))
      return option_error("-o %s: model.h and the weights go beside the output, as PATH minus its extension plus .h "
                         "and _weights.bin; choose another name", o.out_path);
  }

  if (o.cpu && strcmp(o.emit, "exe") == 0 && strcmp(o.cpu, "generic") != 0 && !c_compiler_takes_cpu(o.cpu))
    return EXIT_USAGE; /* the executables' runtime is built with -march=CPU */

  if (!compile_outputs_allowed(&o)) return EXIT_USAGE;
  fb_start(o.verbose, o.quiet, true);

  fx_diag d;
  fx_diag_init(&d);
  /* the sources live until the diagnostics that point into them are printed */
  fx_source src, msrc = {0};
  int rc = EXIT_INPUT_ERROR;
  fx_custom_ops cops;
  bool have_cops = false;
  if (o.custom_path) {
    have_cops = fx_custom_ops_load(&cops, o.custom_path, &d);
    if (!have_cops) {
      fx_diag_print(&d, stderr);
      fx_diag_free(&d);
      fx_custom_ops_free(&cops);
      return EXIT_INPUT_ERROR;
    }
    o.custom = &cops;
  }
  fb_stage("reading %s", o.graph_path);
  if (fx_source_load(&src, o.graph_path, &d)) {
    fx_graph *g = fx_parse_graph(&src, &d);
    if (g) {
      if (fb.verbose)
        fprintf(stderr, "fx2c: read %s: %u nodes (%.3f s)\n", o.graph_path, g->nlive, now_seconds() - fb.stage);
      if (fx_graph_lint(g, &d) == 0) {
        if (codegen) {
          rc = generate(&o, g, &msrc, &d);
          if (rc == EXIT_OVER_RAM_LIMIT) { /* --ram-limit: again, for size (the graph as read, the files read again) */
            compile_opts os = o;
            os.size = true, os.opt_level = 1, os.over_arena = over_arena;
            fx_graph_free(g);
            if (msrc.text) fx_source_free(&msrc);
            memset(&msrc, 0, sizeof msrc);
            g = fx_parse_graph(&src, &d);
            rc = g ? generate(&os, g, &msrc, &d) : EXIT_INPUT_ERROR;
          }
        } else if (check_program(&o, g, &msrc, &d)) rc = emit(&o, g);
      }
      fx_graph_free(g);
    }
  }
  fb_end();
  if (rc == 0 && fb.verbose) { /* the files written, with their sizes */
    if (strcmp(o.emit, "c") == 0) fb_folder(o.out_path);
    else fb_file(o.out_path);
    if (o.header_path[0]) fb_file(o.header_path);
    if (o.weights_file && o.weights_bin[0]) fb_file(o.weights_bin);
    if (o.keep_build) fb_folder(o.keep_build);
    fprintf(stderr, "fx2c: done in %.3f s\n", now_seconds() - fb.start);
  }
  if (o.quiet) drop_warnings(&d);
  fx_diag_print(&d, stderr);
  fx_diag_free(&d);
  if (src.text) fx_source_free(&src);
  if (msrc.text) fx_source_free(&msrc);
  if (have_cops) fx_custom_ops_free(&cops);
  return rc;
}

/* Reads --modules and opens --weights when given (its index: the data of the tensors that the program uses is read
 * once the program is built, fx_program_read_weights); false (with diagnostics) if one cannot be read. */
static bool load_model_files(const char *modules_path, const char *weights_path, fx_source *msrc, fx_modules *mods,
                             bool *have_mods, fx_weights *w, bool *have_w, fx_diag *d) {
  *have_mods = *have_w = false;
  if (modules_path) {
    if (!fx_source_load(msrc, modules_path, d)) return false;
    /* a tree whose errors are all in some layers' arguments is kept: the graph is checked with it (the calls of
     * those layers are refused without more errors), and every build with it fails (fx_program_build) */
    if (!fx_modules_parse(mods, msrc, d) && !mods->partial) {
      fx_modules_free(mods);
      return false;
    }
    *have_mods = true;
  }
  if (weights_path) {
    if (!fx_weights_open(w, weights_path, d) || (strip_prefix && !fx_weights_strip_prefix(w, strip_prefix, d))) {
      fx_weights_free(w);
      return false;
    }
    *have_w = true;
  } else if (strip_prefix) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--strip-prefix '%s' is for the names of --weights, and none was given",
                  strip_prefix);
    return false;
  }
  return true;
}

/* ---- fx2c run: an input file of the wrong dtype is one error ---- */

/* numpy's names of the dtypes (what x.dtype prints) */
static const char *np_dtype_name(fxrt_dtype dt) {
  static const char *const names[FXRT_NUM_DTYPES] = {"float32", "float64", "float16", "bfloat16", "int64",
                                                     "int32",   "int16",   "int8",    "uint8",    "bool"};
  return (unsigned)dt < FXRT_NUM_DTYPES ? names[dt] : "?";
}

/* Does the graph build and lower without an error when its inputs have the dtypes dts (the shapes of `inputs`)? The
 * graph is read again: a build changes it (composites insert their bodies). */
static bool builds_with(const char *graph_path, const fx_modules *mods, fx_weights *w, const fx_custom_ops *cops,
                        const fx_tensor *inputs, const fxrt_dtype *dts, int nin) {
  fx_diag d;
  fx_diag_init(&d);
  fx_source src = {0};
  fx_graph *g = NULL;
  bool ok = false;
  if (fx_source_load(&src, graph_path, &d) && (g = fx_parse_graph(&src, &d)) && !fx_graph_lint(g, &d) &&
      fx_graph_bind_names(g, mods, w, &d)) {
    fx_program p;
    fx_program_init(&p, g, mods, w);
    p.custom = cops;
    ok = true;
    for (int i = 0; i < nin; i++) ok = ok && fx_program_set_input(&p, (uint32_t)i, dts[i], inputs[i].ndim, inputs[i].shape);
    ok = ok && fx_program_build(&p, &d) && d.nerrors == 0;
    if (ok && fx_program_read_weights(&p, w, &d)) { /* and lowers: some kernels refuse a dtype only there */
      fx_lowered L = {0};
      ok = fx_lower(&p, &L, &d);
      fx_lowered_free(&L);
    } else ok = false;
    fx_program_free(&p);
  }
  fx_graph_free(g);
  fx_diag_free(&d);
  if (src.text) fx_source_free(&src);
  return ok;
}

/* After a build or a run of `fx2c run` failed: when the graph does not build and lower with the inputs' dtypes but
 * does with another dtype for one input file (float32 for numpy's default float64 or an integer array, int64 for
 * indices), that file is the one cause: d's errors are replaced by one error naming the file, its dtype and the one
 * expected, with the fix. Otherwise a float64 file gets a note. */
static void input_dtype_cause(const char *graph_path, const fx_program *p, fx_weights *w, const fx_tensor *inputs,
                              const char **paths, int nin, fx_diag *d) {
  fxrt_dtype *dts = fx_xcalloc((size_t)nin + 1, sizeof *dts);
  int culprit = -1;
  fxrt_dtype want = FXRT_F32;
  for (int j = 0; j < nin; j++) dts[j] = inputs[j].dtype;
  bool retry = !builds_with(graph_path, p->mods, w, p->custom, inputs, dts, nin);
  for (int i = 0; retry && i < nin && culprit < 0; i++) {
    const fxrt_dtype tries[2] = {inputs[i].dtype == FXRT_F32 ? FXRT_I64 : FXRT_F32,
                                 inputs[i].dtype == FXRT_F32 || inputs[i].dtype == FXRT_I64 ? FXRT_NUM_DTYPES : FXRT_I64};
    for (int k = 0; k < 2 && culprit < 0; k++) {
      if (tries[k] == FXRT_NUM_DTYPES) continue;
      for (int j = 0; j < nin; j++) dts[j] = inputs[j].dtype;
      dts[i] = tries[k];
      if (builds_with(graph_path, p->mods, w, p->custom, inputs, dts, nin)) culprit = i, want = tries[k];
    }
  }
  fx_xfree(dts);
  if (culprit >= 0) {
    const fx_node *ph = &p->g->nodes[p->placeholders[culprit]];
    const char *np_want = want == FXRT_F32 ? "np.float32" : "np.int64";
    fx_diag_free(d);
    fx_diag_init(d);
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "input '%.*s': %s holds %s values, and the model expects %s",
                  (int)ph->name.n, ph->name.p, paths[culprit], np_dtype_name(inputs[culprit].dtype),
                  np_dtype_name(want));
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "save it as %s: np.save('%s', x.astype(%s))%s", np_dtype_name(want),
                 paths[culprit], np_want,
                 inputs[culprit].dtype == FXRT_F64 ? " (numpy's arrays are float64 unless told otherwise)" : "");
    return;
  }
  for (int i = 0; i < nin; i++)
    if (inputs[i].dtype == FXRT_F64) {
      const fx_node *ph = &p->g->nodes[p->placeholders[i]];
      fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                   "input '%.*s' is %s, which holds float64 values (numpy's default); if the model computes in "
                   "float32, save it as float32: np.save('%s', x.astype(np.float32))",
                   (int)ph->name.n, ph->name.p, paths[i], paths[i]);
      return;
    }
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* fx2c run --profile / --trace: the interpreter's probe keeps every node's times (fxm_profile.h), under the table of
 * the nodes that run code (fx_walk_nodes) as a profiling build's NAME_nodes holds them. */
typedef struct {
  fx_walk_node *w;
  fxrt_node_info *info;
  fxrt_node_result *results;
  fxm_profile prof;
  fxm_dump dump; /* --dump: open */
  bool dumping;
  const input_files *in; /* the files no dump may overwrite */
  bool refused;          /* a dump would overwrite one */
} run_probe;

static int dump_path_allowed(void *ctx, const char *path) {
  run_probe *r = ctx;
  return !output_allowed(r->in, "--dump", r->dump.dir, path);
}

static bool probe_start(void *ctx, const fx_lowered *L) {
  run_probe *r = ctx;
  uint32_t n = fx_walk_nodes(L, &r->w), nres = 0;
  for (uint32_t i = 0; i < n; i++) nres += r->w[i].nresults;
  r->info = fx_xcalloc((size_t)n + 1, sizeof *r->info);
  r->results = fx_xcalloc((size_t)nres + 1, sizeof *r->results);
  nres = 0;
  for (uint32_t i = 0; i < n; i++) {
    const fx_walk_node *w = &r->w[i];
    r->info[i] = (fxrt_node_info){w->name, w->op, w->fx, w->absorbed, w->shape, i, r->results + nres, w->nresults};
    for (uint32_t k = 0; k < w->nresults; k++, nres++) {
      const fx_tinfo *t = &L->p->tensors[w->results[k].tensor];
      fxrt_node_result *x = &r->results[nres];
      x->names = w->results[k].names;
      x->dtype = (int32_t)t->dtype;
      x->ndim = t->ndim;
      memcpy(x->shape, t->shape, sizeof x->shape);
      x->at = FXRT_AT_NONE; /* the interpreter says where (probe_result) */
    }
  }
  r->prof.nodes = r->info;
  r->prof.nnodes = n;
  /* before the first call: no dump may overwrite an input */
  for (uint32_t i = 0; r->dumping && !r->refused && i < n; i++)
    r->refused = fxm_dump_each_path(r->dump.dir, &r->info[i], dump_path_allowed, r) != 0;
  return !r->refused;
}

static void probe_node(void *ctx, uint32_t index, uint64_t start, uint64_t end) {
  run_probe *r = ctx;
  fxm_profile_record(&r->prof, index, 0, start, end);
}

static bool probe_result(void *ctx, uint32_t index, uint32_t k, const void *data) {
  run_probe *r = ctx;
  return fxm_dump_result(&r->dump, &r->info[index], &r->info[index].results[k], data) != 0;
}

/* fx2c run --input NAME=FILE.npy: the file of placeholder NAME, besides the positional files (which fill the first
 * placeholders in order); *nin becomes the number of placeholders filled from the first, every one of them given. */
static bool place_named_inputs(const fx_program *p, const char **named, int nnamed, const char **paths, int *nin,
                               fx_diag *d) {
  bool ok = true;
  int n = *nin;
  for (int k = 0; k < nnamed; k++) {
    fx_input_arg a;
    char msg[240];
    fx_parse_input_arg(named[k], &a, msg, sizeof msg); /* checked on the command line */
    uint32_t index = input_placeholder(p, named[k], a.name, d);
    if (index == FX_NONE_IDX) {
      ok = false;
      continue;
    }
    if ((int)index < n && paths[index]) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--input %s: input %u ('%.*s') is already given, by '%s'",
                    named[k], index, (int)a.name.n, a.name.p, paths[index]);
      ok = false;
      continue;
    }
    while (n <= (int)index) paths[n++] = NULL;
    paths[index] = a.file;
  }
  for (int i = 0; ok && i < n; i++)
    if (!paths[i]) {
      const fx_node *ph = &p->g->nodes[p->placeholders[i]];
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "input %d ('%.*s') has no file: give it positionally or as "
                    "--input %.*s=FILE.npy", i, (int)ph->name.n, ph->name.p, (int)ph->name.n, ph->name.p);
      ok = false;
    }
  if (ok) *nin = n;
  return ok;
}

static int cmd_run(int argc, char **argv) {
  const char *graph_path = NULL, *out_dir = NULL, *modules_path = NULL, *weights_path = NULL, *trace_path = NULL;
  const char *dump_dir = NULL, *custom_path = NULL;
  FILE *trace = NULL;
  run_probe probe = {0};
  const char **in_paths = calloc((size_t)argc + 1, sizeof *in_paths);
  int nin = 0;
  bool stats = false, profile = false;
  int nthreads = 1;
  if (!in_paths) return EXIT_INPUT_ERROR;
  const char **named = calloc((size_t)argc + 1, sizeof *named); /* --input NAME=FILE.npy */
  int nnamed = 0;
  bool verbose = false, quiet = false, requant_fixed = false;
  if (!named) {
    free(in_paths);
    return EXIT_INPUT_ERROR;
  }
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *opt = NULL, *v = NULL;
    int k = take_opt(run_table, "run", argc, argv, &i, &opt, &v);
    const char *bad = NULL; /* a usage error's message */
    if (k < 0) {
      free(in_paths), free(named);
      return EXIT_USAGE;
    }
    if (k == 0) {
      if (!graph_path) graph_path = a;
      else in_paths[nin++] = a;
    } else if (strcmp(opt, "-h") == 0 || strcmp(opt, "--help") == 0) {
      printf("usage: fx2c run GRAPH [options] IN0.npy [IN1.npy ...] -o OUTDIR\n\n%s\n%s", help_run, help_tail);
      free(in_paths), free(named);
      return 0;
    } else if (strcmp(opt, "--requantize") == 0) {
      if (requantize_arg(v, &requant_fixed)) {
        free(in_paths), free(named);
        return EXIT_USAGE;
      }
    } else if (strcmp(opt, "--threads") == 0) {
      char *end;
      const long t = strtol(v, &end, 10);
      if (*v == 0 || *end || t < 1 || t > FXRT_THREADS_MAX) bad = "--threads takes a count from 1 to 256, not '%s'";
      nthreads = (int)t;
    } else if (strcmp(opt, "--input") == 0) {
      fx_input_arg ia;
      char why[240];
      if (!fx_parse_input_arg(v, &ia, why, sizeof why) || !ia.file)
        bad = "bad --input '%s'; fx2c run takes NAME=FILE.npy (the data, not only a shape)";
      named[nnamed++] = v;
    } else if (strcmp(opt, "-o") == 0) out_dir = v;
    else if (strcmp(opt, "--modules") == 0) modules_path = v;
    else if (strcmp(opt, "--weights") == 0) weights_path = v;
    else if (strcmp(opt, "--strip-prefix") == 0) strip_prefix = v;
    else if (strcmp(opt, "--custom-ops") == 0) custom_path = v;
    else if (strcmp(opt, "--stats") == 0) stats = true;
    else if (strcmp(opt, "--profile") == 0) profile = true;
    else if (strcmp(opt, "--trace") == 0) trace_path = v;
    else if (strcmp(opt, "--dump") == 0) dump_dir = v;
    else if (strcmp(opt, "-v") == 0 || strcmp(opt, "--verbose") == 0) verbose = true;
    else quiet = true; /* -q, --quiet */
    if (bad) {
      free(in_paths), free(named);
      return option_error(bad, v);
    }
  }
  fb_start(verbose, quiet, false);
  if (!graph_path || !out_dir) {
    free(in_paths), free(named);
    return usage_error("%s", "run needs a GRAPH and -o OUTDIR");
  }
  fx_diag d;
  fx_diag_init(&d);
  fx_source src = {0}, msrc = {0};
  fx_modules mods;
  fx_weights w;
  bool have_mods = false, have_w = false, ok = false;
  fx_graph *g = NULL;
  fx_tensor *inputs = fx_xcalloc((size_t)nin + 1, sizeof *inputs);
  fx_program prog;
  bool have_prog = false;
  fx_run_result res = {0};
  int rc = EXIT_INPUT_ERROR;
  fx_custom_ops cops = {0};
  void *custom_lib = NULL;
  if (custom_path && !fx_custom_ops_load(&cops, custom_path, &d)) goto done;
  if (!fx_source_load(&src, graph_path, &d) || !(g = fx_parse_graph(&src, &d)) || fx_graph_lint(g, &d)) goto done;
  if (!load_model_files(modules_path, weights_path, &msrc, &mods, &have_mods, &w, &have_w, &d)) goto done;
  if (!fx_graph_bind_names(g, have_mods ? &mods : NULL, have_w ? &w : NULL, &d)) goto done;
  fx_program_init(&prog, g, have_mods ? &mods : NULL, have_w ? &w : NULL);
  prog.custom = custom_path ? &cops : NULL;
  prog.requant_fixed = requant_fixed;
  have_prog = true;
  if (nnamed) {
    const char **more = realloc(in_paths, ((size_t)argc + prog.nplaceholders + 1) * sizeof *in_paths);
    if (!more) goto done;
    in_paths = more;
    if (!place_named_inputs(&prog, named, nnamed, in_paths, &nin, &d)) goto done;
  }
  fx_xfree(inputs);
  inputs = fx_xcalloc((size_t)nin + 1, sizeof *inputs);
  for (int i = 0; i < nin; i++)
    if (!fx_npy_read(in_paths[i], &inputs[i], &d)) goto done;
  /* the files fill the placeholders in graph order, as a call's positional arguments do; the placeholders left
   * over must have defaults (concrete_args), which they keep, as compile and the executables do */
  uint32_t required = 0;
  for (uint32_t i = 0; i < prog.nplaceholders; i++) required = g->nodes[prog.placeholders[i]].args.n ? required : i + 1;
  if ((uint32_t)nin < required || (uint32_t)nin > prog.nplaceholders) {
    if (required == prog.nplaceholders)
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "the graph has %u inputs but %d .npy files were given",
                    prog.nplaceholders, nin);
    else
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0},
                    "the graph has %u inputs, the last %u with defaults, but %d .npy files were given (%u to %u)",
                    prog.nplaceholders, prog.nplaceholders - required, nin, required, prog.nplaceholders);
    goto done;
  }
  for (int i = 0; i < nin; i++) fx_program_set_input(&prog, (uint32_t)i, inputs[i].dtype, inputs[i].ndim, inputs[i].shape);
  if (!fx_program_build(&prog, &d)) {
    input_dtype_cause(graph_path, &prog, have_w ? &w : NULL, inputs, in_paths, nin, &d);
    goto done;
  }
  if (!program_outputs_arrays(&prog, &d) || !fx_program_read_weights(&prog, have_w ? &w : NULL, &d))
    goto done;
  if (custom_path && !(custom_lib = fx_custom_ops_load_library(&cops, &d))) goto done;
  /* no output may overwrite an input: all are checked before the first is written, the trace before the run */
  input_files in_files = {NULL, 0, &d};
  add_input(&in_files, "the graph", graph_path);
  if (modules_path) add_input(&in_files, "the modules file", modules_path);
  if (weights_path) add_input(&in_files, "the weights", weights_path);
  for (int i = 0; i < nin; i++) add_input(&in_files, "an input .npy file", in_paths[i]);
  if (trace_path && !output_allowed(&in_files, "--trace", NULL, trace_path)) {
    fx_xfree(in_files.v);
    rc = EXIT_USAGE;
    goto done;
  }
  if (trace_path && !(trace = fopen(trace_path, "w"))) {
    fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "--trace: cannot write '%s': %s", trace_path, strerror(errno));
    fx_xfree(in_files.v);
    goto done;
  }
  if (dump_dir) { /* the folder is made (or must be writable) before the run; no file of it may be an input */
    char tsv[4400];
    snprintf(tsv, sizeof tsv, "%s/nodes.tsv", dump_dir);
    if (!output_allowed(&in_files, "--dump", dump_dir, tsv)) {
      fx_xfree(in_files.v);
      rc = EXIT_USAGE;
      goto done;
    }
    if (!fxm_dump_open(&probe.dump, dump_dir)) {
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "%s", probe.dump.err);
      fx_xfree(in_files.v);
      goto done;
    }
    probe.dumping = true;
    probe.in = &in_files;
  }
  /* the placeholders that keep their defaults have no tensor (the interpreter skips them) */
  fx_tensor *all = fx_xcalloc((size_t)prog.nplaceholders + 1, sizeof *all);
  memcpy(all, inputs, (size_t)nin * sizeof *inputs);
  fxrt_threads *pool = nthreads > 1 ? fxrt_threads_start(nthreads) : NULL;
  if (nthreads > 1 && !pool) fprintf(stderr, "fx2c: warning: cannot start %d threads; running on one\n", nthreads);
  fx_interp_probe pr = {probe_start, probe_node, dump_dir ? probe_result : NULL, &probe, fxrt_threads_pool(pool)};
  fx_interp_probe bare = {NULL, NULL, NULL, NULL, fxrt_threads_pool(pool)};
  double t0 = now_seconds();
  bool ran = fx_interp_run_probed(&prog, all, prog.nplaceholders, &res, profile || trace || dump_dir ? &pr : &bare, &d);
  if (!ran) input_dtype_cause(graph_path, &prog, have_w ? &w : NULL, inputs, in_paths, nin, &d);
  double t1 = now_seconds();
  fxrt_threads_stop(pool);
  fx_xfree(all);
  if (ran && dump_dir && !fxm_dump_close(&probe.dump)) {
    fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "%s", probe.dump.err);
    ran = false;
  }
  if (!ran) {
    if (probe.dump.err[0] && probe.dump.index) fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "%s", probe.dump.err);
    if (probe.refused) rc = EXIT_USAGE;
    fx_xfree(in_files.v);
    goto done;
  }
  bool allowed = true;
  for (uint32_t i = 0; i < res.noutputs && allowed; i++) {
    char name[40];
    snprintf(name, sizeof name, "output%u.npy", i);
    const char *const names[] = {name, NULL};
    allowed = names_allowed(&in_files, "-o", out_dir, names);
  }
  fx_xfree(in_files.v);
  if (!allowed) {
    rc = EXIT_USAGE;
    goto done;
  }
  if (!make_dirs(out_dir)) {
    fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create '%s': %s", out_dir, strerror(errno));
    goto done;
  }
  ok = true;
  if (fb.verbose) fprintf(stderr, "fx2c: the interpreter ran in %.3f s\n", t1 - t0);
  for (uint32_t i = 0; i < res.noutputs && ok; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/output%u.npy", out_dir, i);
    ok = fx_npy_write(path, &res.outputs[i], &d);
    if (ok) fb_file(path);
  }
  if (stats) {
    /* the ingredients of the memory bound: the weights held (those the program uses) and the two largest
     * activations */
    uint64_t weights = have_w ? fx_weights_bytes(&w) : 0;
    size_t big[2] = {0, 0};
    for (uint32_t t = 0; t < prog.ntensors; t++) {
      const fx_tinfo *ti = &prog.tensors[t];
      if (ti->kind != FX_T_ACT || ti->alias != t) continue;
      size_t b = (size_t)fx_tinfo_numel(ti) * fxrt_dtype_size(ti->dtype);
      if (b > big[0]) big[1] = big[0], big[0] = b;
      else if (b > big[1]) big[1] = b;
    }
    fprintf(stderr,
            "fx2c run: %u nodes, interpreter %.3f s, peak activations %.1f MB, peak memory %.1f MB, weights %.1f MB, "
            "two largest activations %.1f + %.1f MB\n",
            g->nlive, t1 - t0, (double)res.peak_bytes / 1e6, (double)fx_mem_peak() / 1e6, (double)weights / 1e6,
            (double)big[0] / 1e6, (double)big[1] / 1e6);
  }
  if (ok && probe.prof.out_of_memory) {
    fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "out of memory for the profile");
    ok = false;
  }
  if (ok && profile) fxm_profile_table(stdout, &probe.prof, 1.0);
  if (ok && trace) {
    ok = fxm_trace_write(trace, &probe.prof, 1.0, "fx2c run (the interpreter)");
    ok &= fclose(trace) == 0;
    trace = NULL;
    if (!ok) fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "--trace: cannot write '%s'", trace_path);
  }
done:
  if (trace) { /* opened before a run that failed: no empty trace is left behind */
    fclose(trace);
    remove(trace_path);
  }
  fxm_profile_free(&probe.prof);
  if (probe.dump.index) fclose(probe.dump.index);
  if (probe.w) fx_walk_nodes_free(probe.w, probe.prof.nnodes);
  fx_xfree(probe.info);
  fx_xfree(probe.results);
  fx_run_result_free(&res);
  if (have_prog) fx_program_free(&prog);
  for (int i = 0; i < nin; i++) fx_tensor_free(inputs[i].data);
  fx_xfree(inputs);
  if (have_w) fx_weights_free(&w);
  if (have_mods) fx_modules_free(&mods);
  if (quiet) drop_warnings(&d);
  fx_diag_print(&d, stderr);
  fx_graph_free(g);
  fx_diag_free(&d);
  if (msrc.text) fx_source_free(&msrc);
  if (src.text) fx_source_free(&src);
  if (custom_lib) dlclose(custom_lib);
  if (custom_path) fx_custom_ops_free(&cops); /* read in part too, when it has errors */
  free(in_paths);
  free(named);
  return ok ? 0 : rc;
}

/* fx2c trace-diff CONTROL... --test TEST... [--by name|op|both] [--sort KEY] [--csv FILE] [--plot-counts FILE.svg]
 * [--plot-durations FILE.svg] [--top N] */
/* fx2c compare REF_DIR OUT_DIR [--tol T] (inspect/compare.h): exit 0 all within, 1 a node beyond, 2 bad input. */
static int cmd_compare(int argc, char **argv) {
  const char *dirs[2] = {NULL, NULL};
  int ndirs = 0;
  fx_compare_opts o = {1e-4};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--tol") == 0) {
      if (i + 1 >= argc) return usage_error("option '%s' needs a value", a);
      char *end;
      o.tol = strtod(argv[++i], &end);
      if (*end || !(o.tol >= 0) || !isfinite(o.tol)) return option_error("--tol '%s': expected a number >= 0", argv[i]);
    } else if (a[0] == '-' && a[1] != 0) {
      return usage_error("unknown option '%s'", a);
    } else if (ndirs < 2) {
      dirs[ndirs++] = a;
    } else {
      return usage_error("compare takes two folders, but '%s' is a third", a);
    }
  }
  if (ndirs != 2) return usage_error("%s", "compare needs REF_DIR and OUT_DIR");
  fx_diag d;
  fx_diag_init(&d);
  fx_compare_files files;
  memset(&files, 0, sizeof files);
  int r = fx_compare_dirs(dirs[0], dirs[1], &o, stdout, &files, &d);
  fflush(stdout);
  fx_diag_print(&d, stderr);
  fx_diag_free(&d);
  fx_compare_files_free(&files);
  return r < 0 ? EXIT_USAGE : r;
}

static int cmd_trace_diff(int argc, char **argv) {
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  int ncontrol = 0, ntest = 0, top = 20;
  bool in_test = false;
  const char *by = NULL, *sort = "duration", *csv = NULL, *plot[2] = {NULL, NULL};
  if (!files) return EXIT_INPUT_ERROR;
  int rc = EXIT_USAGE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    bool valued = strcmp(a, "--by") == 0 || strcmp(a, "--sort") == 0 || strcmp(a, "--csv") == 0 ||
                  strcmp(a, "--plot-counts") == 0 || strcmp(a, "--plot-durations") == 0 || strcmp(a, "--top") == 0;
    if (valued && i + 1 >= argc) {
      free(files);
      return usage_error("option '%s' needs a value", a);
    }
    if (strcmp(a, "--test") == 0) in_test = true;
    else if (strcmp(a, "--by") == 0) by = argv[++i];
    else if (strcmp(a, "--sort") == 0) sort = argv[++i];
    else if (strcmp(a, "--csv") == 0) csv = argv[++i];
    else if (strcmp(a, "--plot-counts") == 0) plot[0] = argv[++i];
    else if (strcmp(a, "--plot-durations") == 0) plot[1] = argv[++i];
    else if (strcmp(a, "--top") == 0) {
      char *end;
      long v = strtol(argv[++i], &end, 10);
      if (*end || v < 1 || v > 1000) {
        free(files);
        return option_error("--top '%s': expected a number from 1 to 1000", argv[i]);
      }
      top = (int)v;
    } else if (a[0] == '-' && a[1] != 0) {
      free(files);
      return usage_error("unknown option '%s'", a);
    } else {
      files[ncontrol + ntest] = a;
      if (in_test) ntest++;
      else ncontrol++;
    }
  }
  if (!ncontrol || !ntest) {
    free(files);
    return usage_error("%s", "trace-diff needs CONTROL trace(s), then --test and TEST trace(s)");
  }
  if (by && strcmp(by, "name") != 0 && strcmp(by, "op") != 0 && strcmp(by, "both") != 0) {
    free(files);
    return option_error("--by '%s': expected name, op or both", by);
  }
  fx_diag d;
  fx_diag_init(&d);
  input_files in_files = {NULL, 0, &d};
  for (int i = 0; i < ncontrol + ntest; i++) add_input(&in_files, i < ncontrol ? "a control trace" : "a test trace", files[i]);
  bool allowed = (!csv || output_allowed(&in_files, "--csv", NULL, csv)) &&
                 (!plot[0] || output_allowed(&in_files, "--plot-counts", NULL, plot[0])) &&
                 (!plot[1] || output_allowed(&in_files, "--plot-durations", NULL, plot[1]));
  fx_xfree(in_files.v);
  fx_trace_set sets[2] = {{0}, {0}};
  fx_trace_diff diff[2] = {{0}, {0}};
  bool ok = allowed;
  for (int i = 0; ok && i < ncontrol + ntest; i++) ok &= fx_trace_read(&sets[i >= ncontrol], files[i], &d);
  if (!allowed) goto done;
  rc = EXIT_INPUT_ERROR;
  if (!ok) goto done;
  /* by node name only where both sides are fx2c's traces (node names mean nothing across runtimes), unless asked */
  bool names = true;
  for (int s = 0; s < 2; s++)
    for (int f = 0; f < sets[s].files; f++) names &= strcmp(sets[s].kinds[f], "fx2c") == 0;
  bool want[2] = {by ? strcmp(by, "op") != 0 : names, !by || strcmp(by, "name") != 0};
  for (int k = 0; k < 2; k++)
    if (want[k] && !fx_trace_compare(&sets[0], &sets[1], k ? FX_TRACE_BY_OP : FX_TRACE_BY_NAME, sort, &diff[k])) {
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "--sort '%s': expected duration, count, name, control or test", sort);
      rc = EXIT_USAGE;
      goto done;
    }
  printf("trace-diff: control %d file%s (", sets[0].files, sets[0].files == 1 ? "" : "s");
  for (int f = 0; f < sets[0].files; f++) printf("%s%s", f ? ", " : "", sets[0].kinds[f]);
  printf("), %zu events; test %d file%s (", sets[0].n, sets[1].files, sets[1].files == 1 ? "" : "s");
  for (int f = 0; f < sets[1].files; f++) printf("%s%s", f ? ", " : "", sets[1].kinds[f]);
  printf("), %zu events\n", sets[1].n);
  for (int k = 0; k < 2; k++)
    if (want[k]) {
      putchar('\n');
      fx_trace_diff_print(&diff[k], k ? FX_TRACE_BY_OP : FX_TRACE_BY_NAME, stdout);
    }
  const fx_trace_diff *plotted = want[1] ? &diff[1] : &diff[0];
  for (int w = 0; w < 3 && ok; w++) {
    const char *path = w == 0 ? csv : plot[w - 1];
    if (!path) continue;
    FILE *f = fopen(path, "w");
    if (!f) {
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "cannot write '%s': %s", path, strerror(errno));
      ok = false;
      break;
    }
    if (w == 0) fx_trace_diff_csv(want[0] ? &diff[0] : NULL, want[1] ? &diff[1] : NULL, f);
    else fx_trace_diff_svg(plotted, w - 1, top, w == 1 ? "trace-diff: events per operator, control and test"
                                                       : "trace-diff: total duration per operator, control and test", f);
    if (fclose(f) != 0) {
      fx_diag_error(&d, NULL, (fx_loc){0, 0, 0, 0}, "cannot write '%s'", path);
      ok = false;
    }
  }
  if (ok) rc = 0;
done:
  fx_diag_print(&d, stderr);
  fx_diag_free(&d);
  for (int k = 0; k < 2; k++) {
    fx_trace_diff_free(&diff[k]);
    fx_trace_set_free(&sets[k]);
  }
  free(files);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage_text, stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    fputs(usage_text, stdout);
    fputc('\n', stdout);
    fputs(help_text, stdout);
    fputs(help_compile, stdout);
    fputc('\n', stdout);
    fputs(help_run, stdout);
    fputc('\n', stdout);
    fputs(help_compare, stdout);
    fputc('\n', stdout);
    fputs(help_trace_diff, stdout);
    fputc('\n', stdout);
    fputs(help_tail, stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("fx2c %s\n", FX2C_VERSION);
#ifdef FX2C_HAVE_LLVM
    fx_llvm_opts lo = {0};
    char triple[200], cpu[100];
    fx_llvm_describe_target(&lo, triple, sizeof triple, cpu, sizeof cpu);
    printf("backends: c, llvm (LLVM %s; targets x86_64, aarch64, arm, riscv; host %s)\n", fx_llvm_version(), triple);
#else
    printf("backends: c (built without LLVM)\n");
#endif
    return 0;
  }
  if (strcmp(cmd, "--list-ops") == 0) {
    fx_catalog_format format = FX_CATALOG_TEXT;
    if (argc == 4 && strcmp(argv[2], "--format") == 0 && strcmp(argv[3], "markdown") == 0)
      format = FX_CATALOG_MARKDOWN;
    else if (argc != 2 && !(argc == 4 && strcmp(argv[2], "--format") == 0 && strcmp(argv[3], "text") == 0))
      return option_error("%s", "--list-ops takes only --format text or --format markdown");
    fx_catalog_print(format, stdout);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_INPUT_ERROR;
  }
  if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) &&
      (strcmp(cmd, "compare") == 0 || strcmp(cmd, "trace-diff") == 0)) {
    bool cmp = strcmp(cmd, "compare") == 0;
    printf("usage: fx2c %s\n\n%s", cmp ? "compare REF_DIR OUT_DIR [--tol T]"
                                      : "trace-diff CONTROL.json... --test TEST.json... [options]",
           cmp ? help_compare : help_trace_diff);
    return 0;
  }
  if (strcmp(cmd, "compile") == 0) return cmd_compile(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
  if (strcmp(cmd, "trace-diff") == 0) return cmd_trace_diff(argc - 2, argv + 2);
  if (strcmp(cmd, "compare") == 0) return cmd_compare(argc - 2, argv + 2);
  static const char *const cmds[] = {"compile", "run", "compare", "trace-diff", "--list-ops", "--help", "--version"};
  unknown_word("command", cmd, "", cmds, 7, "compile, run, compare or trace-diff");
  fputs(usage_text, stderr);
  return EXIT_USAGE;
}
