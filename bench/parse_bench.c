/* parse_bench.c: how fast fx2c reads, checks and prints a large print(gm.graph) text, and how much memory it needs.
 *
 * The program generates, in memory and deterministically, the text torch.fx prints for a graph of N nodes (a mix
 * of torchvision-style call_module blocks with residual adds, aten-style convolution / batch-norm blocks with
 * get_attr weights, attention blocks made of call_method and operator calls, and classifier heads), with the true
 * [#users=N] counts. It then measures, best of R runs each:
 *
 *   parse   fx_parse_graph on an fx_source made with fx_source_from_text
 *   lint    fx_graph_lint (must find nothing)
 *   print   fx_print_graph to /dev/null; fx_format_graph once into a buffer, which must equal the input byte for
 *           byte
 *
 * and the peak of the bytes the library allocates (its counting allocator, fx_mem_peak) while the source text and
 * the parsed, linted graph are alive together. Targets (from the issue): parse >= 1,000,000 nodes/s and peak memory
 * <= 400 bytes per node. With --vs-torch it also times str(graph) for the same graph built with torch.fx in
 * /usr/bin/python3, and prints the speed ratio.
 *
 * Exit status: 0 whether or not the targets are met; 1 if something is broken (the text does not parse, parses
 * with warnings, fails lint or does not print back identically); 2 for a bad command line.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "frontend/frontend.h"
#include "ir/graph.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define TARGET_PARSE_NODES_PER_SEC 1000000.0
#define TARGET_PEAK_BYTES_PER_NODE 400.0

/* ---- small helpers ----
 * The generator's text is built in fx_bufs, which the library's counters see; the memory figures are the counters'
 * growth from a point where that text is complete, so it is not in them. */

static void die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("parse_bench: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) die("out of memory (%zu bytes)", n);
  return q;
}

static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the graph generator ----
 *
 * Each node is kept as its name and the text after " = " (opcode, target, args, kwargs); the user counts are
 * counted while the args are written, and the whole text is put together at the end. With `py` set, a second
 * description of every node is written for the torch.fx comparison: one line per node,
 * "op TAB name TAB target TAB args TAB kwargs", where args and kwargs are Python expressions in which n[i] is
 * node i.
 */

enum {
  NM_ADD, NM_GETITEM, NM_CONVOLUTION, NM_BATCH_NORM, NM_RELU_, NM_EMPTY, NM_FLATTEN, NM_VIEW, NM_SOFTMAX,
  NM_LAYER_NORM, NM_SIZE, NM_RESHAPE, NM_PERMUTE, NM_TRANSPOSE, NM_MATMUL, NM_MUL, NM_COUNT
};

static const char *const name_bases[NM_COUNT] = {
    "add", "getitem", "convolution", "native_batch_norm", "relu_", "empty", "flatten", "view", "softmax",
    "layer_norm", "size", "reshape", "permute", "transpose", "matmul", "mul",
};

typedef struct gen {
  bool py;
  uint32_t n, cap;
  size_t *name_off;  /* node i's name is names.p + name_off[i], NUL-terminated */
  size_t *rhs_off;   /* node i's text after " = " is rhs.p[rhs_off[i] .. rhs_off[i + 1]) */
  uint32_t *users;   /* distinct users of node i */
  uint32_t *last_user;
  fx_buf names, rhs, pyd;
  uint32_t cur;      /* the node being written */
  uint64_t rng;
  uint32_t counter[NM_COUNT];
  uint32_t param_constants, tensor_constants;
  uint32_t bottlenecks, aten_blocks, attn_blocks, heads, fillers;
  uint32_t act;      /* the node the next block reads */
  uint32_t x, mask, pos_embed;
} gen;

/* xorshift64*, fixed seed: the same text on every run and machine. */
static uint32_t rnd(gen *G) {
  G->rng ^= G->rng >> 12;
  G->rng ^= G->rng << 25;
  G->rng ^= G->rng >> 27;
  return (uint32_t)((G->rng * 2685821657736338717ull) >> 32);
}

/* FX's naming of repeated targets: add, add_1, add_2, ... */
static const char *next_name(gen *G, int base, char *out, size_t size) {
  uint32_t k = G->counter[base]++;
  if (k == 0) snprintf(out, size, "%s", name_bases[base]);
  else snprintf(out, size, "%s_%u", name_bases[base], k);
  return out;
}

static void use(gen *G, uint32_t def) {
  if (def >= G->cur) die("generator bug: node %u uses node %u, which is not defined before it", G->cur, def);
  if (G->last_user[def] == G->cur) return;
  G->last_user[def] = G->cur;
  G->users[def]++;
}

static const char *node_name(const gen *G, uint32_t i) { return G->names.p + G->name_off[i]; }

/* Writes an args or kwargs template to the FX text and the Python description:
 *   %r  a node reference (uint32_t): "%name" / "n[i]", counted as a use
 *   %D  the device cpu: "cpu" / "torch.device('cpu')"
 *   '   written to the Python description only (dict keys are quoted there: {'dim': -1} prints {dim: -1})
 */
static void put_template(gen *G, const char *t, va_list *ap) {
  for (; *t; t++) {
    if (*t == '\'') {
      if (G->py) fx_buf_putc(&G->pyd, '\'');
      continue;
    }
    if (*t != '%') {
      fx_buf_putc(&G->rhs, *t);
      if (G->py) fx_buf_putc(&G->pyd, *t);
      continue;
    }
    switch (*++t) {
    case 'r': {
      uint32_t d = va_arg(*ap, uint32_t);
      use(G, d);
      fx_buf_putc(&G->rhs, '%');
      fx_buf_puts(&G->rhs, node_name(G, d));
      if (G->py) fx_buf_printf(&G->pyd, "n[%u]", d);
      break;
    }
    case 'D':
      fx_buf_puts(&G->rhs, "cpu");
      if (G->py) fx_buf_puts(&G->pyd, "torch.device('cpu')");
      break;
    default:
      die("generator bug: bad template '%s'", t - 1);
    }
  }
}

/* Appends a node. args/kwargs are templates (see put_template), NULL for placeholder and get_attr; the variadic
 * arguments are consumed by args first, then kwargs. Returns the node's index. */
static uint32_t node(gen *G, const char *op, const char *name, const char *target, const char *args,
                     const char *kwargs, ...) {
  if (G->n == G->cap) {
    G->cap = G->cap ? G->cap * 2 : 1024;
    G->name_off = xrealloc(G->name_off, G->cap * sizeof *G->name_off);
    G->rhs_off = xrealloc(G->rhs_off, (G->cap + 1) * sizeof *G->rhs_off);
    G->users = xrealloc(G->users, G->cap * sizeof *G->users);
    G->last_user = xrealloc(G->last_user, G->cap * sizeof *G->last_user);
  }
  uint32_t i = G->cur = G->n++;
  G->users[i] = 0;
  G->last_user[i] = UINT32_MAX;
  G->name_off[i] = G->names.n;
  fx_buf_put(&G->names, name, strlen(name) + 1);
  G->rhs_off[i] = G->rhs.n;
  fx_buf_printf(&G->rhs, "%s[target=%s]", op, target);
  if (G->py) fx_buf_printf(&G->pyd, "%s\t%s\t%s\t", op, name, target);
  va_list ap;
  va_start(ap, kwargs);
  if (args) {
    fx_buf_puts(&G->rhs, "(args = ");
    put_template(G, args, &ap);
    fx_buf_puts(&G->rhs, ", kwargs = ");
    if (G->py) fx_buf_putc(&G->pyd, '\t');
    put_template(G, kwargs, &ap);
    fx_buf_putc(&G->rhs, ')');
  } else if (G->py) {
    fx_buf_puts(&G->pyd, "()\t{}");
  }
  va_end(ap);
  if (G->py) fx_buf_putc(&G->pyd, '\n');
  G->rhs_off[G->n] = G->rhs.n;
  return i;
}

/* call_module: the name is the target with dots made underscores (layer12.3.conv1 -> layer12_3_conv1). */
static uint32_t module(gen *G, const char *target, uint32_t in) {
  char name[128];
  size_t k = 0;
  for (; target[k] && k + 1 < sizeof name; k++) name[k] = target[k] == '.' ? '_' : target[k];
  name[k] = 0;
  return node(G, "call_module", name, target, "(%r,)", "{}", in);
}

/* A reused module (relu) gets _1, _2 on its later calls, as FX names them. */
static uint32_t module_again(gen *G, const char *target, unsigned k, uint32_t in) {
  char name[128];
  size_t j = 0;
  for (; target[j] && j + 1 < sizeof name; j++) name[j] = target[j] == '.' ? '_' : target[j];
  name[j] = 0;
  if (k) snprintf(name + j, sizeof name - j, "_%u", k);
  return node(G, "call_module", name, target, "(%r,)", "{}", in);
}

static uint32_t get_attr(gen *G, const char *name, const char *target) {
  return node(G, "get_attr", name, target, NULL, NULL);
}

/* torchvision ResNet bottleneck, traced with call_module (about 10 nodes; 12 for the first block of a stage). */
static void block_bottleneck(gen *G) {
  uint32_t b = G->bottlenecks++, stage = 1 + b / 6, blk = b % 6, in = G->act;
  char p[64], t[96], nm[48];
  snprintf(p, sizeof p, "layer%u.%u", stage, blk);
#define MOD(suffix, arg) (snprintf(t, sizeof t, "%s." suffix, p), module(G, t, (arg)))
  uint32_t v = MOD("conv1", in);
  v = MOD("bn1", v);
  snprintf(t, sizeof t, "%s.relu", p);
  v = module_again(G, t, 0, v);
  v = MOD("conv2", v);
  v = MOD("bn2", v);
  snprintf(t, sizeof t, "%s.relu", p);
  v = module_again(G, t, 1, v);
  v = MOD("conv3", v);
  v = MOD("bn3", v);
  uint32_t shortcut = in;
  if (blk == 0) {
    shortcut = MOD("downsample.0", in);
    shortcut = MOD("downsample.1", shortcut);
  }
#undef MOD
  v = node(G, "call_function", next_name(G, NM_ADD, nm, sizeof nm), "operator.add", "(%r, %r)", "{}", v, shortcut);
  snprintf(t, sizeof t, "%s.relu", p);
  G->act = module_again(G, t, 2, v);
}

/* An aten graph's convolution + batch norm + relu_, with get_attr weights (13 nodes). */
static void block_aten(gen *G) {
  char nm[48], w[48], bias[48], rm[48], rv[48];
  G->aten_blocks++;
  snprintf(w, sizeof w, "_param_constant%u", G->param_constants++);
  uint32_t wi = get_attr(G, w, w);
  snprintf(bias, sizeof bias, "_param_constant%u", G->param_constants++);
  uint32_t bi = get_attr(G, bias, bias);
  uint32_t conv = node(G, "call_function", next_name(G, NM_CONVOLUTION, nm, sizeof nm),
                       "torch.ops.aten.convolution.default",
                       "(%r, %r, %r, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)", "{}", G->act, wi, bi);
  node(G, "call_function", next_name(G, NM_EMPTY, nm, sizeof nm), "torch.ops.aten.empty.memory_format", "([0],)",
       "{'dtype': torch.uint8, 'layout': torch.strided, 'device': %D}");
  snprintf(w, sizeof w, "_param_constant%u", G->param_constants++);
  wi = get_attr(G, w, w);
  snprintf(bias, sizeof bias, "_param_constant%u", G->param_constants++);
  bi = get_attr(G, bias, bias);
  snprintf(rm, sizeof rm, "_tensor_constant%u", G->tensor_constants++);
  uint32_t rmi = get_attr(G, rm, rm);
  snprintf(rv, sizeof rv, "_tensor_constant%u", G->tensor_constants++);
  uint32_t rvi = get_attr(G, rv, rv);
  uint32_t bn = node(G, "call_function", next_name(G, NM_BATCH_NORM, nm, sizeof nm),
                     "torch.ops.aten.native_batch_norm.default", "(%r, %r, %r, %r, %r, False, 0.1, 1e-05)", "{}",
                     conv, wi, bi, rmi, rvi);
  uint32_t g0 = node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 0)",
                     "{}", bn);
  node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 1)", "{}", bn);
  node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 2)", "{}", bn);
  G->act = node(G, "call_function", next_name(G, NM_RELU_, nm, sizeof nm), "torch.ops.aten.relu_.default", "(%r,)",
                "{}", g0);
}

/* A ViT-style attention block: layer_norm with get_attr weights and {eps: 1e-05}, call_method reshape / permute /
 * transpose / view, operator matmul and mul, softmax with {dim: -1}, a masked score and a residual add (22 nodes). */
static void block_attention(gen *G) {
  uint32_t k = G->attn_blocks++, in = G->act;
  char nm[48], t[96], w[96], b[96];
  snprintf(w, sizeof w, "blocks.%u.norm1.weight", k);
  snprintf(nm, sizeof nm, "blocks_%u_norm1_weight", k);
  uint32_t wi = get_attr(G, nm, w);
  snprintf(b, sizeof b, "blocks.%u.norm1.bias", k);
  snprintf(nm, sizeof nm, "blocks_%u_norm1_bias", k);
  uint32_t bi = get_attr(G, nm, b);
  uint32_t ln = node(G, "call_function", next_name(G, NM_LAYER_NORM, nm, sizeof nm),
                     "torch.nn.functional.layer_norm", "(%r, (768,), %r, %r)", "{'eps': 1e-05}", in, wi, bi);
  snprintf(t, sizeof t, "blocks.%u.attn.qkv", k);
  uint32_t qkv = module(G, t, ln);
  uint32_t sz = node(G, "call_method", next_name(G, NM_SIZE, nm, sizeof nm), "size", "(%r, 0)", "{}", ln);
  uint32_t r = node(G, "call_method", next_name(G, NM_RESHAPE, nm, sizeof nm), "reshape",
                    "(%r, %r, -1, 3, 12, 64)", "{}", qkv, sz);
  uint32_t pm = node(G, "call_method", next_name(G, NM_PERMUTE, nm, sizeof nm), "permute", "(%r, 2, 0, 3, 1, 4)",
                     "{}", r);
  uint32_t q = node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 0)",
                    "{}", pm);
  uint32_t kk = node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 1)",
                     "{}", pm);
  uint32_t v = node(G, "call_function", next_name(G, NM_GETITEM, nm, sizeof nm), "operator.getitem", "(%r, 2)",
                    "{}", pm);
  uint32_t kt = node(G, "call_method", next_name(G, NM_TRANSPOSE, nm, sizeof nm), "transpose", "(%r, -2, -1)",
                     "{}", kk);
  uint32_t s = node(G, "call_function", next_name(G, NM_MATMUL, nm, sizeof nm), "operator.matmul", "(%r, %r)", "{}",
                    q, kt);
  s = node(G, "call_function", next_name(G, NM_MUL, nm, sizeof nm), "operator.mul", "(%r, 0.125)", "{}", s);
  s = node(G, "call_function", next_name(G, NM_ADD, nm, sizeof nm), "operator.add", "(%r, %r)", "{}", s, G->mask);
  s = node(G, "call_method", next_name(G, NM_SOFTMAX, nm, sizeof nm), "softmax", "(%r,)", "{'dim': -1}", s);
  snprintf(t, sizeof t, "blocks.%u.attn.attn_drop", k);
  s = module(G, t, s);
  uint32_t o = node(G, "call_function", next_name(G, NM_MATMUL, nm, sizeof nm), "operator.matmul", "(%r, %r)", "{}",
                    s, v);
  o = node(G, "call_method", next_name(G, NM_TRANSPOSE, nm, sizeof nm), "transpose", "(%r, 1, 2)", "{}", o);
  o = node(G, "call_method", next_name(G, NM_VIEW, nm, sizeof nm), "view", "(%r, %r, -1, 768)", "{}", o, sz);
  snprintf(t, sizeof t, "blocks.%u.attn.proj", k);
  o = module(G, t, o);
  snprintf(t, sizeof t, "blocks.%u.attn.proj_drop", k);
  o = module(G, t, o);
  G->act = node(G, "call_function", next_name(G, NM_ADD, nm, sizeof nm), "operator.add", "(%r, %r)", "{}", in, o);
}

/* A classifier head: avgpool, torch.flatten(x, 1), fc, view with ints, functional softmax with its kwargs, and a
 * residual add back into the trunk (7 nodes). */
static void block_head(gen *G) {
  uint32_t k = G->heads++, in = G->act;
  char nm[48], t[64];
  snprintf(t, sizeof t, "heads.%u.avgpool", k);
  uint32_t v = module(G, t, in);
  v = node(G, "call_function", next_name(G, NM_FLATTEN, nm, sizeof nm), "torch.flatten", "(%r, 1)", "{}", v);
  snprintf(t, sizeof t, "heads.%u.fc", k);
  v = module(G, t, v);
  v = node(G, "call_method", next_name(G, NM_VIEW, nm, sizeof nm), "view", "(%r, 8, -1)", "{}", v);
  v = node(G, "call_function", next_name(G, NM_SOFTMAX, nm, sizeof nm), "torch.nn.functional.softmax", "(%r,)",
           "{'dim': -1, '_stacklevel': 3, 'dtype': None}", v);
  v = node(G, "call_method", next_name(G, NM_VIEW, nm, sizeof nm), "view", "(%r, 8, 64, 1, 1)", "{}", v);
  G->act = node(G, "call_function", next_name(G, NM_ADD, nm, sizeof nm), "operator.add", "(%r, %r)", "{}", in, v);
}

#define MAX_BLOCK_NODES 24

/* Generates the nodes of a graph of n nodes in all (output included); gen_text then writes its text. */
static void generate(gen *G, uint32_t n, bool py) {
  memset(G, 0, sizeof *G);
  G->py = py;
  G->rng = 0x9e3779b97f4a7c15ull;
  G->x = node(G, "placeholder", "x", "x", NULL, NULL);
  G->mask = node(G, "placeholder", "attn_mask", "attn_mask", NULL, NULL);
  G->pos_embed = node(G, "placeholder", "pos_embed", "pos_embed", NULL, NULL);
  G->act = module(G, "stem.conv", G->x);
  char nm[48];
  G->act = node(G, "call_function", next_name(G, NM_ADD, nm, sizeof nm), "operator.add", "(%r, %r)", "{}", G->act,
                G->pos_embed);
  /* The mix, by nodes: about 35% ResNet blocks, 37% aten blocks, 24% attention, 3% heads. */
  while (G->n + MAX_BLOCK_NODES < n - 1) {
    uint32_t r = rnd(G) % 100;
    if (r < 44) block_bottleneck(G);
    else if (r < 80) block_aten(G);
    else if (r < 94) block_attention(G);
    else block_head(G);
  }
  while (G->n < n - 1) {
    char t[48];
    snprintf(t, sizeof t, "tail.%u", G->fillers++);
    G->act = module(G, t, G->act);
  }
  G->cur = G->n; /* the output node */
  use(G, G->act);
  if (G->py) fx_buf_printf(&G->pyd, "output\toutput\toutput\t%u\t{}\n", G->act);
}

/* print(gm.graph): the header, one line per node, the return. */
static void gen_text(const gen *G, fx_buf *out) {
  fx_buf_puts(out, "graph():\n");
  for (uint32_t i = 0; i < G->n; i++)
    fx_buf_printf(out, "    %%%s : [#users=%u] = %.*s\n", node_name(G, i), G->users[i],
              (int)(G->rhs_off[i + 1] - G->rhs_off[i]), G->rhs.p + G->rhs_off[i]);
  fx_buf_printf(out, "    return %s\n", node_name(G, G->act));
}

static void gen_free(gen *G) {
  free(G->name_off);
  free(G->rhs_off);
  free(G->users);
  free(G->last_user);
  fx_buf_free(&G->names);
  fx_buf_free(&G->rhs);
  fx_buf_free(&G->pyd);
}

/* ---- measurements ---- */

static long max_rss_kib(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
  return ru.ru_maxrss; /* KiB on Linux */
}

/* The resident set now, from /proc (Linux); -1 elsewhere. */
static long long cur_rss_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return -1;
  long long size, resident;
  int got = fscanf(f, "%lld %lld", &size, &resident);
  fclose(f);
  if (got != 2) return -1;
  return resident * (long long)sysconf(_SC_PAGESIZE);
}

/* Sizes of the argument trees: container items (each an fx_value) and node references. */
static void count_values(const fx_value *v, size_t *items, size_t *refs) {
  if (v->kind == FX_V_NODE) (*refs)++;
  if (!fx_value_is_container(v)) return;
  *items += v->n;
  for (uint32_t i = 0; i < v->n; i++) count_values(&v->u.items[i], items, refs);
}

static bool diag_clean(fx_diag *d, const char *what) {
  if (d->nerrors == 0 && d->nwarnings == 0) return true;
  fprintf(stderr, "parse_bench: error: %s reported %u errors and %u warnings on the generated graph:\n", what,
          d->nerrors, d->nwarnings);
  fx_diag_print(d, stderr);
  return false;
}

/* Where two texts first differ, for the loud failure. */
static void report_mismatch(const char *want, size_t nw, const char *got, size_t ng) {
  size_t i = 0, line = 1, bol = 0;
  while (i < nw && i < ng && want[i] == got[i]) {
    if (want[i] == '\n') {
      line++;
      bol = i + 1;
    }
    i++;
  }
  fprintf(stderr, "parse_bench: error: fx_format_graph does not give back the input: %zu bytes in, %zu bytes out, "
                  "first difference at line %zu, column %zu\n", nw, ng, line, i - bol + 1);
  const char *we = memchr(want + bol, '\n', nw - bol), *ge = memchr(got + bol, '\n', ng > bol ? ng - bol : 0);
  fprintf(stderr, "  expected: %.*s\n", (int)((we ? we : want + nw) - (want + bol)), want + bol);
  if (bol <= ng) fprintf(stderr, "  printed:  %.*s\n", (int)((ge ? ge : got + ng) - (got + bol)), got + bol);
}

static const char *pass_fail(bool ok) { return ok ? "PASS" : "FAIL"; }

static void print_rate_row(const char *what, double t, uint32_t nodes, size_t bytes) {
  printf("  %-8s %10.2f ms %12.3f M nodes/s %9.1f MB/s\n", what, t * 1e3, nodes / t / 1e6, (double)bytes / t / 1e6);
}

/* ---- torch.fx comparison ---- */

static const char torch_script[] =
    "import sys, time\n"
    "desc, text_path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])\n"
    "try:\n"
    "    import operator, torch, torch.fx\n"
    "except Exception as e:\n"
    "    print('SKIP cannot import torch:', str(e).replace('\\n', ' '))\n"
    "    sys.exit(0)\n"
    "g = torch.fx.Graph()\n"
    "n = []\n"
    "env = {'torch': torch, 'operator': operator, 'n': n}\n"
    "t0 = time.perf_counter()\n"
    "with open(desc) as f:\n"
    "    for line in f:\n"
    "        op, name, target, args, kwargs = line.rstrip('\\n').split('\\t')\n"
    "        if op == 'output':\n"
    "            g.output(n[int(args)])\n"
    "            continue\n"
    "        if op == 'call_function':\n"
    "            target = eval(target, env)\n"
    "        n.append(g.create_node(op, target, eval(args, env), eval(kwargs, env), name=name))\n"
    "build = time.perf_counter() - t0\n"
    "best = float('inf')\n"
    "for _ in range(runs):\n"
    "    t = time.perf_counter()\n"
    "    s = str(g)\n"
    "    best = min(best, time.perf_counter() - t)\n"
    "with open(text_path) as f:\n"
    "    want = f.read()\n"
    "same = s + '\\n' == want\n"
    "print('OK', len(g.nodes), repr(best), repr(build), int(same), torch.__version__)\n"
    "if not same:\n"
    "    a, b = (s + '\\n').split('\\n'), want.split('\\n')\n"
    "    i = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))\n"
    "    print('DIFF line', i + 1)\n"
    "    print('torch: ' + (a[i] if i < len(a) else '<end>'))\n"
    "    print('ours:  ' + (b[i] if i < len(b) else '<end>'))\n";

static bool write_file(const char *path, const char *p, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(p, 1, n, f) == n;
  ok = fclose(f) == 0 && ok;
  return ok;
}

typedef struct torch_result {
  bool ran;
  double print_sec, build_sec;
  bool same_text;
  char version[64];
  char note[512];
} torch_result;

/* Runs the script; fills r (r->ran false and r->note set when torch could not be used). */
static void run_torch(const char *python, const fx_buf *desc, const fx_buf *text, int runs, uint32_t nodes,
                      torch_result *r) {
  memset(r, 0, sizeof *r);
  if (access(python, X_OK) != 0) {
    snprintf(r->note, sizeof r->note, "skipped: %s is not an executable (%s)", python, strerror(errno));
    return;
  }
  if (strchr(python, '\'')) {
    snprintf(r->note, sizeof r->note, "skipped: the python path contains a quote");
    return;
  }
  char dir[] = "/tmp/fx2c_bench_XXXXXX";
  if (!mkdtemp(dir)) {
    snprintf(r->note, sizeof r->note, "skipped: cannot make a temporary directory (%s)", strerror(errno));
    return;
  }
  char script[64], descp[64], textp[64], cmd[1024];
  snprintf(script, sizeof script, "%s/bench.py", dir);
  snprintf(descp, sizeof descp, "%s/graph.desc", dir);
  snprintf(textp, sizeof textp, "%s/graph.fx", dir);
  if (!write_file(script, torch_script, sizeof torch_script - 1) || !write_file(descp, desc->p, desc->n) ||
      !write_file(textp, text->p, text->n)) {
    snprintf(r->note, sizeof r->note, "skipped: cannot write the temporary files in %s", dir);
    goto cleanup;
  }
  snprintf(cmd, sizeof cmd, "'%s' %s %s %s %d 2>&1", python, script, descp, textp, runs);
  fflush(stdout);
  FILE *p = popen(cmd, "r");
  if (!p) {
    snprintf(r->note, sizeof r->note, "skipped: cannot run %s", python);
    goto cleanup;
  }
  char line[1024];
  fx_buf rest = {0};
  bool got = false;
  while (fgets(line, sizeof line, p)) {
    unsigned long long count;
    double best, build;
    int same;
    char ver[64];
    if (!got && sscanf(line, "OK %llu %lf %lf %d %63s", &count, &best, &build, &same, ver) == 5) {
      got = true;
      r->ran = true;
      r->print_sec = best;
      r->build_sec = build;
      r->same_text = same != 0;
      snprintf(r->version, sizeof r->version, "%s", ver);
      if (count != nodes)
        snprintf(r->note, sizeof r->note, "torch.fx built %llu nodes, fx2c read %u", count, nodes);
    } else if (rest.n < 400) {
      fx_buf_puts(&rest, line);
    }
  }
  int status = pclose(p);
  if (!got) {
    const char *msg = rest.p ? rest.p : "";
    if (strncmp(msg, "SKIP ", 5) == 0) msg += 5;
    size_t k = strlen(msg);
    while (k && (msg[k - 1] == '\n' || msg[k - 1] == ' ')) k--;
    if (k)
      snprintf(r->note, sizeof r->note, "skipped: %.*s", (int)(k < 400 ? k : 400), msg);
    else
      snprintf(r->note, sizeof r->note, "skipped: %s printed nothing (exit status %d)", python,
               WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  } else if (!r->same_text && rest.n) {
    snprintf(r->note, sizeof r->note, "%.*s", (int)(rest.n < 400 ? rest.n : 400), rest.p);
  }
  fx_buf_free(&rest);
cleanup:
  unlink(script);
  unlink(descp);
  unlink(textp);
  rmdir(dir);
}

/* ---- main ---- */

static void usage(FILE *f) {
  fputs("usage: fx2c_bench_parse [--nodes N] [--runs R] [--vs-torch] [--python PATH] [--dump FILE]\n"
        "  --nodes N      nodes in the generated graph, output included (default 100000)\n"
        "  --runs R       repetitions of each measurement; the best is reported (default 5)\n"
        "  --vs-torch     also time str(graph) in torch.fx for the same graph (needs python3 with torch)\n"
        "  --python PATH  the interpreter for --vs-torch (default /usr/bin/python3)\n"
        "  --dump FILE    write the generated text to FILE\n",
        f);
}

static bool parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno || end == s || *end || s[0] == '-' || v < min || v > max) return false;
  *out = v;
  return true;
}

int main(int argc, char **argv) {
  unsigned long nodes = 100000, runs = 5;
  bool vs_torch = false;
  const char *python = "/usr/bin/python3", *dump = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_val = i + 1 < argc;
    if (strcmp(a, "--nodes") == 0 && has_val) {
      if (!parse_uint(argv[++i], 64, 50000000, &nodes)) {
        fprintf(stderr, "parse_bench: --nodes wants a number from 64 to 50000000, not '%s'\n", argv[i]);
        return 2;
      }
    } else if (strcmp(a, "--runs") == 0 && has_val) {
      if (!parse_uint(argv[++i], 1, 1000, &runs)) {
        fprintf(stderr, "parse_bench: --runs wants a number from 1 to 1000, not '%s'\n", argv[i]);
        return 2;
      }
    } else if (strcmp(a, "--vs-torch") == 0) {
      vs_torch = true;
    } else if (strcmp(a, "--python") == 0 && has_val) {
      python = argv[++i];
    } else if (strcmp(a, "--dump") == 0 && has_val) {
      dump = argv[++i];
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      usage(stderr);
      return 2;
    }
  }

  /* 1. The input. */
  double tg = now_sec();
  gen G;
  generate(&G, (uint32_t)nodes, vs_torch);
  fx_buf text = {0};
  gen_text(&G, &text);
  tg = now_sec() - tg;
  uint32_t lines = G.n + 2; /* header, nodes, return */
  if (dump && !write_file(dump, text.p, text.n)) die("cannot write '%s': %s", dump, strerror(errno));

  printf("fx2c parse benchmark: fx_parse_graph, fx_graph_lint and fx_print_graph on a generated print(gm.graph) "
         "text\n");
#if defined(__OPTIMIZE__)
  printf("(an optimized build)\n\n");
#else
  printf("(WARNING: built without optimization; build with -DCMAKE_BUILD_TYPE=Release for representative figures)\n\n");
#endif
  printf("input (generated in %.0f ms, deterministic)\n", tg * 1e3);
  printf("  nodes              %u (3 placeholders, output included): %u ResNet bottlenecks (call_module), %u aten "
         "conv/bn blocks,\n"
         "                     %u attention blocks (call_method, matmul, softmax), %u heads, %u single modules\n",
         G.n + 1, G.bottlenecks, G.aten_blocks, G.attn_blocks, G.heads, G.fillers);
  printf("  text               %zu bytes, %u lines, %.1f bytes per node line on average\n", text.n, lines,
         (double)(text.n - strlen("graph():\n")) / (G.n + 1));
  printf("  repetitions        best of %lu runs\n\n", runs);

  fx_buf desc = {0};
  if (vs_torch) {
    desc = G.pyd; /* kept for the comparison at the end */
    G.pyd = (fx_buf){0};
  }
  uint32_t want_nodes = G.n + 1;
  gen_free(&G);
#if defined(__GLIBC__)
  malloc_trim(0); /* so that the RSS growth below is the library's */
#endif

  int broken = 0;
  fx_diag d;
  fx_diag_init(&d);

  /* 2. Memory: one load + parse + lint, everything alive at once. */
  size_t live0 = fx_mem_live();
  long long rss0 = cur_rss_bytes();
  fx_mem_reset_peak();
  fx_source src;
  fx_source_from_text(&src, "<generated>", text.p, text.n);
  size_t src_bytes = fx_mem_live() - live0;
  fx_graph *g = fx_parse_graph(&src, &d);
  if (!g || !diag_clean(&d, "fx_parse_graph")) return 1;
  size_t peak_parse = fx_mem_peak() - live0;
  if (g->nlive != want_nodes) die("the graph has %u nodes, %u were generated", g->nlive, want_nodes);
  uint32_t problems = fx_graph_lint(g, &d);
  if (problems || !diag_clean(&d, "fx_graph_lint")) {
    fprintf(stderr, "parse_bench: error: fx_graph_lint found %u problems\n", problems);
    return 1;
  }
  size_t peak = fx_mem_peak() - live0, retained = fx_mem_live() - live0;
  long long rss1 = cur_rss_bytes();
  fx_diag_free(&d);

  size_t items = 0, refs = 0, nusers = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    count_values(&g->nodes[i].args, &items, &refs);
    count_values(&g->nodes[i].kwargs, &items, &refs);
    nusers += g->nodes[i].nusers;
  }
  size_t node_array = (size_t)g->cap * sizeof(fx_node), name_table = (size_t)g->names_cap * sizeof(uint32_t);
  size_t graph_bytes = retained - src_bytes;
  size_t arena_used = g->arena.used_total;
  uint32_t nn = g->nlive;

  /* 3. Times. The graph from the memory run is kept for lint and print. */
  double t_parse = 1e300, t_free = 1e300, t_lint = 1e300, t_print = 1e300;
  for (unsigned long r = 0; r < runs; r++) {
    fx_diag_init(&d);
    double t0 = now_sec();
    fx_graph *h = fx_parse_graph(&src, &d);
    double t1 = now_sec();
    if (!h || !diag_clean(&d, "fx_parse_graph")) return 1;
    fx_graph_free(h);
    double t2 = now_sec();
    fx_diag_free(&d);
    if (t1 - t0 < t_parse) t_parse = t1 - t0;
    if (t2 - t1 < t_free) t_free = t2 - t1;
  }
  for (unsigned long r = 0; r < runs; r++) {
    fx_diag_init(&d);
    double t0 = now_sec();
    problems = fx_graph_lint(g, &d);
    double t1 = now_sec();
    if (problems || !diag_clean(&d, "fx_graph_lint")) return 1;
    fx_diag_free(&d);
    if (t1 - t0 < t_lint) t_lint = t1 - t0;
  }
  FILE *devnull = fopen("/dev/null", "w");
  if (!devnull) die("cannot open /dev/null: %s", strerror(errno));
  for (unsigned long r = 0; r < runs; r++) {
    double t0 = now_sec();
    fx_print_graph(g, devnull);
    fflush(devnull);
    double t1 = now_sec();
    if (ferror(devnull)) die("writing to /dev/null failed");
    if (t1 - t0 < t_print) t_print = t1 - t0;
  }
  fclose(devnull);
  fx_buf out = {0};
  double t_format = now_sec();
  fx_format_graph(g, &out);
  t_format = now_sec() - t_format;
  if (out.n != text.n || memcmp(out.p, text.p, text.n) != 0) {
    report_mismatch(text.p, text.n, out.p, out.n);
    broken = 1;
  }
  fx_buf_free(&out);

  /* 4. Report. */
  printf("time (best of %lu)\n", runs);
  print_rate_row("parse", t_parse, nn, text.n);
  print_rate_row("lint", t_lint, nn, text.n);
  print_rate_row("print", t_print, nn, text.n);
  printf("  (format  %10.2f ms %12.3f M nodes/s   fx_format_graph into an fx_buf, once; output %s the input)\n",
         t_format * 1e3, nn / t_format / 1e6, broken ? "DIFFERS FROM" : "identical to");
  printf("  (free    %10.2f ms   fx_graph_free)\n\n", t_free * 1e3);

  printf("memory: bytes allocated through fx2c's counting allocator (fx_xmalloc; sizes as requested, without\n"
         "malloc's own overhead), from before fx_source_from_text until after fx_parse_graph + fx_graph_lint\n");
  printf("  peak               %zu bytes = %.1f bytes/node   (source text + graph + scratch of parse and lint)\n",
         peak, (double)peak / nn);
  printf("    source text      %zu bytes = %.1f bytes/node   (the copy fx_source_from_text makes; names and leaf "
         "values point into it)\n", src_bytes, (double)src_bytes / nn);
  printf("    graph            %zu bytes = %.1f bytes/node   (alive after parse + lint)\n", graph_bytes,
         (double)graph_bytes / nn);
  printf("      node array     %zu bytes = %.1f bytes/node   (%u slots of sizeof(fx_node) = %zu)\n", node_array,
         (double)node_array / nn, g->cap, sizeof(fx_node));
  printf("      name table     %zu bytes = %.1f bytes/node   (%u slots)\n", name_table, (double)name_table / nn,
         g->names_cap);
  printf("      arena          %zu bytes used = %.1f bytes/node   (%zu argument items of sizeof(fx_value) = %zu: "
         "%.1f bytes/node;\n"
         "                     user lists %zu entries: %.1f bytes/node); chunks and the rest: %zu bytes\n",
         arena_used, (double)arena_used / nn, items, sizeof(fx_value), (double)items * sizeof(fx_value) / nn,
         nusers, (double)nusers * 4 / nn, graph_bytes - node_array - name_table - arena_used);
  printf("    scratch          %zu bytes = %.1f bytes/node   (peak - alive: freed by the end; the peak during parse "
         "alone was %.1f bytes/node)\n", peak - retained, (double)(peak - retained) / nn, (double)peak_parse / nn);
  long rss_max = max_rss_kib();
  if (rss0 >= 0 && rss1 >= 0)
    printf("  RSS growth         %lld bytes = %.1f bytes/node   (resident set after parse + lint minus before "
           "loading the source)\n", rss1 - rss0, (double)(rss1 - rss0) / nn);
  printf("  max RSS            %ld KiB   (getrusage: the whole process, including the generator's %zu-byte text and "
         "its scratch)\n\n", rss_max, text.n);

  bool parse_ok = nn / t_parse >= TARGET_PARSE_NODES_PER_SEC;
  bool mem_ok = (double)peak / nn <= TARGET_PEAK_BYTES_PER_NODE;
  printf("targets\n");
  printf("  parse speed        %.3f M nodes/s  >= %.3f M nodes/s   %s\n", nn / t_parse / 1e6,
         TARGET_PARSE_NODES_PER_SEC / 1e6, pass_fail(parse_ok));
  printf("  peak memory        %.1f bytes/node  <= %.0f bytes/node   %s\n", (double)peak / nn,
         TARGET_PEAK_BYTES_PER_NODE, pass_fail(mem_ok));
  printf("  print round trip   %s\n", broken ? "FAIL (see above)" : "PASS (byte for byte)");

  fx_graph_free(g);
  fx_source_free(&src);

  if (vs_torch) {
    torch_result tr;
    printf("\ntorch.fx (str(graph) on the same graph built with Graph.create_node in %s, best of %lu)\n", python,
           runs);
    run_torch(python, &desc, &text, (int)runs, nn, &tr);
    if (!tr.ran) {
      printf("  %s\n", tr.note);
    } else {
      printf("  torch %s: str(graph) %.2f ms = %.3f M nodes/s (building the graph took %.0f ms)\n", tr.version,
             tr.print_sec * 1e3, nn / tr.print_sec / 1e6, tr.build_sec * 1e3);
      printf("  torch.fx prints the same text as the generated input: %s\n", tr.same_text ? "yes" : "NO");
      if (tr.note[0]) printf("  %s\n", tr.note);
      printf("  ratio fx2c / torch.fx: print to /dev/null %.1fx, format into a buffer %.1fx faster\n",
             tr.print_sec / t_print, tr.print_sec / t_format);
    }
  }
  fx_buf_free(&desc);
  fx_buf_free(&text);
  fx_diag_free(&d);
  return broken;
}
