/* tracediff.c: reading traces and comparing two sets of them (tracediff.h). */
#include "tracediff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../frontend/frontend.h"

const char *const fx_trace_class_names[5] = {"added", "deleted", "increased", "decreased", "unchanged"};

/* ---- op types ---- */

typedef struct {
  const char *from, *to;
} op_map;

/* aten operators (without "aten::" and a trailing "_") whose core op has another name */
static const op_map aten_ops[] = {
    {"conv1d", "convolution"}, {"conv2d", "convolution"}, {"conv3d", "convolution"}, {"_convolution", "convolution"},
    {"conv_transpose2d", "convolution"}, {"mkldnn_convolution", "convolution"},
    {"mm", "matmul"}, {"bmm", "matmul"}, {"_batch_norm_impl_index", "batch_norm"}, {"native_batch_norm", "batch_norm"},
    {"native_layer_norm", "layer_norm"}, {"native_group_norm", "group_norm"}, {"max_pool1d", "max_pool"},
    {"max_pool2d", "max_pool"}, {"max_pool2d_with_indices", "max_pool"}, {"avg_pool1d", "avg_pool"},
    {"avg_pool2d", "avg_pool"}, {"adaptive_avg_pool1d", "adaptive_avg_pool"}, {"adaptive_avg_pool2d", "adaptive_avg_pool"},
    {"_adaptive_avg_pool2d", "adaptive_avg_pool"}, {"adaptive_max_pool2d", "adaptive_max_pool"}, {"reshape", "view"},
    {"_reshape_alias", "view"}, {"_softmax", "softmax"}, {"_log_softmax", "log_softmax"}, {"hardtanh", "hardtanh"},
    {"upsample_nearest2d", "interpolate"}, {"upsample_bilinear2d", "interpolate"}, {"constant_pad_nd", "pad"},
    {"index_select", "index_select"}, {"true_divide", "div"}, {NULL, NULL}};

/* ONNX ops (ONNX Runtime's args.op_name) */
static const op_map onnx_ops[] = {
    {"Conv", "convolution"}, {"FusedConv", "fused_conv"}, {"ConvTranspose", "convolution"}, {"Gemm", "linear"},
    {"FusedGemm", "fused_linear"}, {"MatMul", "matmul"}, {"MaxPool", "max_pool"}, {"AveragePool", "avg_pool"},
    {"GlobalAveragePool", "adaptive_avg_pool"}, {"GlobalMaxPool", "adaptive_max_pool"},
    {"BatchNormalization", "batch_norm"}, {"LayerNormalization", "layer_norm"}, {"Relu", "relu"}, {"Sigmoid", "sigmoid"},
    {"Tanh", "tanh"}, {"HardSigmoid", "hardsigmoid"}, {"HardSwish", "hardswish"}, {"Clip", "clamp"}, {"Add", "add"},
    {"Sub", "sub"}, {"Mul", "mul"}, {"Div", "div"}, {"Flatten", "flatten"}, {"Reshape", "view"}, {"Concat", "cat"},
    {"Transpose", "permute"}, {"Softmax", "softmax"}, {"ReduceMean", "mean"}, {"ReduceSum", "sum"}, {"Pad", "pad"},
    {"Resize", "interpolate"}, {"Gather", "index_select"}, {NULL, NULL}};

static char *dup_n(const char *s, size_t n) {
  char *r = fx_xmalloc(n + 1);
  memcpy(r, s, n);
  r[n] = 0;
  return r;
}

static char *map_op(const op_map *m, const char *s, size_t n) {
  for (; m->from; m++)
    if (strlen(m->from) == n && memcmp(m->from, s, n) == 0) return dup_n(m->to, strlen(m->to));
  return NULL;
}

static char *aten_op(const char *name) {
  const char *s = strncmp(name, "aten::", 6) == 0 ? name + 6 : name;
  size_t n = strlen(s);
  if (n > 1 && s[n - 1] == '_' && s[n - 2] != '_') n--; /* relu_ is relu */
  char *m = map_op(aten_ops, s, n);
  return m ? m : dup_n(s, n);
}

static char *onnx_op(const char *op) {
  char *m = map_op(onnx_ops, op, strlen(op));
  if (m) return m;
  char *r = dup_n(op, strlen(op));
  for (char *c = r; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
  return r;
}

/* ---- reading ---- */

static void add(fx_trace_set *s, char *name, char *op, double dur) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 256;
    s->ev = fx_xrealloc(s->ev, s->cap * sizeof *s->ev);
  }
  s->ev[s->n++] = (fx_trace_op){name, op, dur, NULL, false};
}

static const char *str_of(const cJSON *o, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool num_of(const cJSON *o, const char *key, double *x) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble)) return false;
  *x = v->valuedouble;
  return true;
}

static bool complete(const cJSON *e) {
  const char *ph = str_of(e, "ph");
  return cJSON_IsObject(e) && ph && strcmp(ph, "X") == 0 && str_of(e, "name");
}

typedef struct {
  double ts, end;
  double tid;
  const cJSON *e;
} span;

static int span_cmp(const void *a, const void *b) {
  const span *x = a, *y = b;
  if (x->tid != y->tid) return x->tid < y->tid ? -1 : 1;
  if (x->ts != y->ts) return x->ts < y->ts ? -1 : 1;
  return x->end > y->end ? -1 : x->end < y->end; /* the enclosing event first */
}

/* An aten operator's event: "cpu_op" (kineto), "Operator", or no category and an aten:: name (torch's profiler
 * without kineto, as Debian's torch 1.13 exports it: a JSON array). */
static bool torch_op(const cJSON *e) {
  const char *cat = str_of(e, "cat"), *name = str_of(e, "name");
  if (cat) return strcmp(cat, "cpu_op") == 0 || strcmp(cat, "Operator") == 0;
  return name && strncmp(name, "aten::", 6) == 0;
}

/* torch.profiler: the outermost aten operators of each thread. */
static size_t read_torch(fx_trace_set *s, const cJSON *events) {
  size_t n = 0, got = 0;
  span *sp = fx_xcalloc((size_t)cJSON_GetArraySize(events) + 1, sizeof *sp);
  const cJSON *e;
  cJSON_ArrayForEach(e, events) {
    double ts, dur, tid = 0;
    if (!complete(e) || !torch_op(e) || !num_of(e, "ts", &ts) || !num_of(e, "dur", &dur)) continue;
    num_of(e, "tid", &tid);
    sp[n++] = (span){ts, ts + dur, tid, e};
  }
  qsort(sp, n, sizeof *sp, span_cmp);
  double open_end = -INFINITY, open_tid = NAN;
  for (size_t i = 0; i < n; i++) {
    if (sp[i].tid == open_tid && sp[i].ts < open_end) continue; /* inside the last outermost one */
    open_end = sp[i].end, open_tid = sp[i].tid;
    const char *name = str_of(sp[i].e, "name");
    add(s, dup_n(name, strlen(name)), aten_op(name), sp[i].end - sp[i].ts);
    got++;
  }
  fx_xfree(sp);
  return got;
}

/* fx2c's traces, and other Chrome traces: every complete event, its category as the op type. */
static size_t read_chrome(fx_trace_set *s, const cJSON *events) {
  size_t got = 0;
  const cJSON *e;
  cJSON_ArrayForEach(e, events) {
    double dur;
    if (!complete(e) || !num_of(e, "dur", &dur)) continue;
    const char *name = str_of(e, "name"), *cat = str_of(e, "cat");
    add(s, dup_n(name, strlen(name)), dup_n(cat ? cat : "?", strlen(cat ? cat : "?")), dur);
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "args");
    const char *ab = args ? str_of(args, "absorbed") : NULL;
    if (ab && *ab) s->ev[s->n - 1].absorbed = dup_n(ab, strlen(ab));
    got++;
  }
  return got;
}

/* ONNX Runtime's profile: each node's kernel time, named without the suffix. */
static size_t read_ort(fx_trace_set *s, const cJSON *events) {
  size_t got = 0;
  const cJSON *e;
  static const char suffix[] = "_kernel_time";
  cJSON_ArrayForEach(e, events) {
    const char *cat = str_of(e, "cat"), *name = str_of(e, "name");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "args");
    const char *op = args ? str_of(args, "op_name") : NULL;
    double dur;
    size_t n = name ? strlen(name) : 0;
    if (!complete(e) || !cat || strcmp(cat, "Node") != 0 || !op || !num_of(e, "dur", &dur) || n < sizeof suffix - 1 ||
        strcmp(name + n - (sizeof suffix - 1), suffix) != 0)
      continue;
    add(s, dup_n(name, n - (sizeof suffix - 1)), onnx_op(op), dur);
    got++;
  }
  return got;
}

bool fx_trace_read(fx_trace_set *s, const char *path, fx_diag *d) {
  s->src = fx_xrealloc(s->src, (size_t)(s->files + 1) * sizeof *s->src);
  s->kinds = fx_xrealloc(s->kinds, (size_t)(s->files + 1) * sizeof *s->kinds);
  fx_source *src = &s->src[s->files];
  memset(src, 0, sizeof *src);
  s->kinds[s->files] = NULL;
  if (!fx_source_load(src, path, d)) return false;
  s->files++;
  const char *end = NULL;
  cJSON *j = cJSON_ParseWithLengthOpts(src->text, src->len, &end, 0);
  if (!j) {
    size_t off = end && end >= src->text && end <= src->text + src->len ? (size_t)(end - src->text) : src->len;
    const char *at = cJSON_GetErrorPtr();
    if (at && at >= src->text && at <= src->text + src->len) off = (size_t)(at - src->text);
    size_t last = src->len; /* a file whose last character closes no array or object ends inside the JSON */
    while (last > 0 && strchr(" \t\r\n", src->text[last - 1])) last--;
    bool truncated = off >= src->len || (last > 0 && src->text[last - 1] != '}' && src->text[last - 1] != ']');
    while (off > 0 && off >= src->len) off--; /* point at the last character of a file that breaks off */
    fx_diag_error(d, src, fx_loc_at(src, off, 1), "%s", truncated ? "not a trace: the JSON is truncated (the file ends inside it)"
                                                                  : "not a trace: this is not JSON");
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                 "trace-diff reads Chrome trace JSON: fx2c's --trace, torch.profiler's export_chrome_trace, "
                 "ONNX Runtime's profile");
    return false;
  }
  /* a JSON array of events (ONNX Runtime; torch's profiler without kineto) or an object with traceEvents */
  const cJSON *events = cJSON_IsArray(j) ? j : cJSON_GetObjectItemCaseSensitive(j, "traceEvents");
  size_t got = 0;
  const char *kind = "chrome";
  if (cJSON_IsArray(events)) {
    const cJSON *other = cJSON_IsObject(j) ? cJSON_GetObjectItemCaseSensitive(j, "otherData") : NULL;
    const char *gen = other ? str_of(other, "generator") : NULL;
    bool torch = false, ort = false;
    const cJSON *e;
    cJSON_ArrayForEach(e, events) {
      const char *cat = str_of(e, "cat");
      torch |= complete(e) && torch_op(e);
      ort |= cat && strcmp(cat, "Node") == 0;
    }
    if (gen && strcmp(gen, "fx2c") == 0) kind = "fx2c", got = read_chrome(s, events);
    else if (ort) kind = "onnxruntime", got = read_ort(s, events);
    else if (torch) kind = "torch.profiler", got = read_torch(s, events);
    else got = read_chrome(s, events);
  } else {
    fx_diag_error(d, src, fx_loc_at(src, 0, 1), "not a trace: a JSON %s without a \"traceEvents\" array",
                  cJSON_IsObject(j) ? "object" : "value");
    cJSON_Delete(j);
    return false;
  }
  cJSON_Delete(j);
  s->kinds[s->files - 1] = dup_n(kind, strlen(kind));
  for (size_t i = s->n - got; strcmp(kind, "fx2c") == 0 && i < s->n; i++) s->ev[i].fx2c = true;
  if (!got) {
    fx_diag_error(d, src, fx_loc_at(src, 0, 1), "the trace has no events of an operator (%s trace: %s)", kind,
                  strcmp(kind, "onnxruntime") == 0 ? "no \"Node\" events named *_kernel_time"
                  : strcmp(kind, "torch.profiler") == 0 ? "no complete \"cpu_op\" events"
                                                        : "no complete (\"ph\": \"X\") events");
    return false;
  }
  return true;
}

void fx_trace_set_free(fx_trace_set *s) {
  for (size_t i = 0; i < s->n; i++) {
    fx_xfree(s->ev[i].name);
    fx_xfree(s->ev[i].op);
    fx_xfree(s->ev[i].absorbed);
  }
  for (int f = 0; f < s->files; f++) {
    fx_source_free(&s->src[f]);
    fx_xfree(s->kinds[f]);
  }
  fx_xfree(s->ev);
  fx_xfree(s->src);
  fx_xfree(s->kinds);
  memset(s, 0, sizeof *s);
}

/* ---- comparing ---- */

typedef struct {
  fx_trace_row *rows;
  size_t n, cap;
  uint32_t *table; /* open addressing by key: row index + 1 */
  size_t tcap;
} grouping;

static uint32_t hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static fx_trace_row *row_for(grouping *g, const char *key) {
  if (2 * (g->n + 1) > g->tcap) {
    size_t cap = g->tcap ? 2 * g->tcap : 256;
    uint32_t *t = fx_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < g->n; i++) {
      size_t h = hash(g->rows[i].key) & (cap - 1);
      while (t[h]) h = (h + 1) & (cap - 1);
      t[h] = (uint32_t)i + 1;
    }
    fx_xfree(g->table);
    g->table = t, g->tcap = cap;
  }
  size_t h = hash(key) & (g->tcap - 1);
  while (g->table[h] && strcmp(g->rows[g->table[h] - 1].key, key) != 0) h = (h + 1) & (g->tcap - 1);
  if (g->table[h]) return &g->rows[g->table[h] - 1];
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 64;
    g->rows = fx_xrealloc(g->rows, g->cap * sizeof *g->rows);
  }
  g->table[h] = (uint32_t)g->n + 1;
  fx_trace_row *r = &g->rows[g->n++];
  memset(r, 0, sizeof *r);
  r->key = key;
  return r;
}

static const char *sort_key;

static int row_cmp(const void *a, const void *b) {
  const fx_trace_row *x = a, *y = b;
  double kx = 0, ky = 0;
  if (strcmp(sort_key, "duration") == 0) kx = fabs(x->dur[1] - x->dur[0]), ky = fabs(y->dur[1] - y->dur[0]);
  else if (strcmp(sort_key, "count") == 0) kx = fabs(x->count[1] - x->count[0]), ky = fabs(y->count[1] - y->count[0]);
  else if (strcmp(sort_key, "control") == 0) kx = x->dur[0], ky = y->dur[0];
  else if (strcmp(sort_key, "test") == 0) kx = x->dur[1], ky = y->dur[1];
  if (kx != ky) return kx > ky ? -1 : 1;
  return strcmp(x->key, y->key);
}

bool fx_trace_compare(const fx_trace_set *control, const fx_trace_set *test, fx_trace_key by, const char *sort,
                      fx_trace_diff *out) {
  static const char *const sorts[] = {"duration", "count", "name", "control", "test"};
  bool known = false;
  for (int i = 0; i < 5; i++) known |= strcmp(sort, sorts[i]) == 0;
  memset(out, 0, sizeof *out);
  if (!known) return false;
  grouping g = {0};
  const fx_trace_set *sets[2] = {control, test};
  /* fx2c against another producer by op type: a fused op of fx2c is the op it extends, which the other side runs
   * (with its own fusions: ONNX Runtime's Conv takes a Relu; PyTorch's BatchNorm stays a row of its own) */
  bool fx2c[2] = {false, false}, other[2] = {false, false};
  for (int side = 0; side < 2; side++)
    for (size_t i = 0; i < sets[side]->n; i++) {
      fx2c[side] |= sets[side]->ev[i].fx2c;
      other[side] |= !sets[side]->ev[i].fx2c;
    }
  out->base_ops = by == FX_TRACE_BY_OP && ((fx2c[0] && other[1]) || (other[0] && fx2c[1]));
  for (int side = 0; side < 2; side++)
    for (size_t i = 0; i < sets[side]->n; i++) {
      const fx_trace_op *e = &sets[side]->ev[i];
      const char *op = e->op;
      if (out->base_ops && op) /* ONNX Runtime's FusedConv too */
        op = strcmp(op, "fused_conv") == 0 || strcmp(op, "winograd_conv") == 0 ? "convolution"
             : strcmp(op, "fused_linear") == 0                                  ? "linear"
                                                                                : op;
      fx_trace_row *r = row_for(&g, by == FX_TRACE_BY_NAME ? e->name : op);
      r->count[side] += 1;
      r->dur[side] += e->dur;
      if (by == FX_TRACE_BY_NAME && (!r->op || side == 1)) r->op = e->op;
    }
  /* a node deleted by name: the test's node whose absorbed list names it */
  for (size_t i = 0; by == FX_TRACE_BY_NAME && i < g.n; i++) {
    fx_trace_row *r = &g.rows[i];
    if (r->count[1]) continue;
    size_t n = strlen(r->key);
    for (size_t k = 0; k < test->n && !r->into; k++)
      for (const char *a = test->ev[k].absorbed; a && *a && !r->into;) {
        size_t m = strcspn(a, ",");
        if (m == n && memcmp(a, r->key, n) == 0) r->into = test->ev[k].name;
        a += m;
        while (*a == ',' || *a == ' ') a++;
      }
  }
  for (size_t i = 0; i < g.n; i++) {
    fx_trace_row *r = &g.rows[i];
    r->cls = !r->count[0] ? FX_TD_ADDED : !r->count[1] ? FX_TD_DELETED : r->count[1] > r->count[0] ? FX_TD_INCREASED
             : r->count[1] < r->count[0] ? FX_TD_DECREASED : FX_TD_UNCHANGED;
  }
  sort_key = sort;
  if (g.n) qsort(g.rows, g.n, sizeof *g.rows, row_cmp);
  fx_xfree(g.table);
  out->rows = g.rows;
  out->n = g.n;
  return true;
}

void fx_trace_diff_free(fx_trace_diff *t) {
  fx_xfree(t->rows);
  memset(t, 0, sizeof *t);
}

/* ---- output ---- */

void fx_trace_diff_print(const fx_trace_diff *t, fx_trace_key by, FILE *f) {
  int w = 4;
  for (size_t i = 0; i < t->n; i++) {
    int n = (int)strlen(t->rows[i].key);
    if (n > w) w = n < 48 ? n : 48;
  }
  double tot[2] = {0, 0};
  for (size_t i = 0; i < t->n; i++) tot[0] += t->rows[i].dur[0], tot[1] += t->rows[i].dur[1];
  fprintf(f, "%s: control %.3f us, test %.3f us in all (test / control %.3f)\n",
          by == FX_TRACE_BY_NAME ? "by name" : "by op type", tot[0], tot[1], tot[0] > 0 ? tot[1] / tot[0] : 0.0);
  if (t->base_ops)
    fprintf(f, "(fused_conv and winograd_conv count as convolution, fused_linear as linear: each producer fuses its "
               "own way)\n");
  fprintf(f, "%-*s  %-10s  %8s  %8s  %8s  %14s  %14s  %14s%s\n", w, by == FX_TRACE_BY_NAME ? "name" : "op type", "class",
          "control", "test", "diff", "control us", "test us", "diff us", by == FX_TRACE_BY_NAME ? "  absorbed into" : "");
  for (size_t i = 0; i < t->n; i++) {
    const fx_trace_row *r = &t->rows[i];
    fprintf(f, "%-*s  %-10s  %8.0f  %8.0f  %+8.0f  %14.3f  %14.3f  %+14.3f", w, r->key, fx_trace_class_names[r->cls],
            r->count[0], r->count[1], r->count[1] - r->count[0], r->dur[0], r->dur[1], r->dur[1] - r->dur[0]);
    if (r->into) fprintf(f, "  %s", r->into);
    fputc('\n', f);
  }
}

static void csv_field(FILE *f, const char *s) {
  bool quote = strpbrk(s, ",\"\n") != NULL;
  if (!quote) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

void fx_trace_diff_csv(const fx_trace_diff *by_name, const fx_trace_diff *by_op, FILE *f) {
  fputs("level,name,op,class,control_count,test_count,diff_count,control_us,test_us,diff_us,absorbed_into\n", f);
  const fx_trace_diff *t[2] = {by_name, by_op};
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; t[k] && i < t[k]->n; i++) {
      const fx_trace_row *r = &t[k]->rows[i];
      fputs(k ? "op," : "name,", f);
      csv_field(f, r->key);
      fputc(',', f);
      csv_field(f, k ? r->key : r->op ? r->op : "");
      fprintf(f, ",%s,%.0f,%.0f,%.0f,%.3f,%.3f,%.3f,", fx_trace_class_names[r->cls], r->count[0], r->count[1],
              r->count[1] - r->count[0], r->dur[0], r->dur[1], r->dur[1] - r->dur[0]);
      csv_field(f, r->into ? r->into : "");
      fputc('\n', f);
    }
}

static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  }
}

typedef struct {
  double change;
  size_t row;
} bar;

static int bar_cmp(const void *a, const void *b) {
  const bar *x = a, *y = b;
  if (x->change != y->change) return x->change > y->change ? -1 : 1;
  return x->row < y->row ? -1 : x->row > y->row;
}

/* Horizontal bars of the top changes: control and test side by side per key. */
void fx_trace_diff_svg(const fx_trace_diff *t, int what, int top, const char *title, FILE *f) {
  size_t n = t->n;
  bar *bars = fx_xcalloc(n + 1, sizeof *bars);
  /* the top by the change of what is drawn, largest first (the table's order breaks ties) */
  for (size_t i = 0; i < n; i++) {
    const fx_trace_row *r = &t->rows[i];
    bars[i] = (bar){what ? fabs(r->dur[1] - r->dur[0]) : fabs(r->count[1] - r->count[0]), i};
  }
  if (n) qsort(bars, n, sizeof *bars, bar_cmp);
  if ((size_t)top < n) n = (size_t)top;
  double max = 0;
  for (size_t i = 0; i < n; i++)
    for (int s = 0; s < 2; s++) {
      double v = what ? t->rows[bars[i].row].dur[s] : t->rows[bars[i].row].count[s];
      if (v > max) max = v;
    }
  const int label = 260, width = 420, row = 34, h = 60 + (int)n * row + 30;
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
             "font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"10\" y=\"22\" "
             "font-size=\"15\">",
          label + width + 120, h);
  xml_text(f, title);
  fprintf(f, "</text>\n<rect x=\"%d\" y=\"34\" width=\"12\" height=\"10\" fill=\"#4c78a8\"/><text x=\"%d\" y=\"43\">"
             "control</text><rect x=\"%d\" y=\"34\" width=\"12\" height=\"10\" fill=\"#f58518\"/><text x=\"%d\" "
             "y=\"43\">test</text>\n",
          label, label + 16, label + 90, label + 106);
  for (size_t i = 0; i < n; i++) {
    const fx_trace_row *r = &t->rows[bars[i].row];
    int y = 56 + (int)i * row;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label - 8, y + 17);
    xml_text(f, r->key);
    fputs("</text>\n", f);
    for (int s = 0; s < 2; s++) {
      double v = what ? r->dur[s] : r->count[s];
      int len = max > 0 ? (int)lround(v / max * width) : 0;
      fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%.*f</text>\n",
              label, y + s * 13, len, s ? "#f58518" : "#4c78a8", label + len + 4, y + s * 13 + 10, what ? 1 : 0, v);
    }
  }
  fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555\">%s; the top %zu changes</text>\n</svg>\n", label, h - 12,
          what ? "total duration, microseconds" : "count of events", n);
  fx_xfree(bars);
}
