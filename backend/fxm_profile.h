/* fxm_profile.h: what a profiled run reports, in one place for the two programs that run models: the executables'
 * driver (main.c of `fx2c compile --emit exe --profile`, which fx2c writes beside it) and `fx2c run --profile`:
 *
 *     fxm_profile prof = {nodes, nnodes};         // the model's fxrt_node_info table (fxrt.h)
 *     fxm_profile_record(&prof, node, run, start, end);   // per node and run, from fxrt_profile_node
 *     fxm_profile_table(stdout, &prof, 1.0);       // the table: per node, then per op type (ticks of 1 ns)
 *     fxm_trace_write(f, &prof, 1.0, "fx2c");      // Chrome's trace event format (Perfetto, chrome://tracing)
 *     fxm_profile_free(&prof);
 *
 * and, with FXM_DUMP defined before it (POSIX: mkdir, stat), the dumps of intermediate tensors (--dump DIR):
 *
 *     fxm_dump dump;
 *     if (!fxm_dump_open(&dump, dir)) ... dump.err ...;   // before the run: the folder is made, or must be writable
 *     fxm_dump_result(&dump, node, &node->results[k], data);  // after the node ran: its k-th result is at data
 *     if (!fxm_dump_close(&dump)) ... dump.err ...;
 *
 * Include fxrt.h, <stdio.h>, <stdlib.h> and <string.h> first, and for FXM_DUMP also fxrt_npy.h, <errno.h> and
 * <sys/stat.h>. Host code: stdio and malloc; never in model.c.
 */
#ifndef FXM_PROFILE_H
#define FXM_PROFILE_H

typedef struct fxm_event {
  uint32_t node, run;
  uint64_t start, end; /* clock ticks */
} fxm_event;

typedef struct fxm_profile {
  const fxrt_node_info *nodes;
  uint32_t nnodes;
  fxm_event *ev; /* in the order recorded */
  size_t nev, cap;
  int out_of_memory;
} fxm_profile;

/* Records one node's run; returns 0 (and remembers it) when memory ran out. */
static int fxm_profile_record(fxm_profile *p, uint32_t node, uint32_t run, uint64_t start, uint64_t end) {
  if (node >= p->nnodes) return 1;
  if (p->nev == p->cap) {
    size_t cap = p->cap ? 2 * p->cap : 1024;
    fxm_event *ev = realloc(p->ev, cap * sizeof *ev);
    if (!ev) {
      p->out_of_memory = 1;
      return 0;
    }
    p->ev = ev, p->cap = cap;
  }
  p->ev[p->nev].node = node, p->ev[p->nev].run = run;
  p->ev[p->nev].start = start, p->ev[p->nev].end = end >= start ? end : start;
  p->nev++;
  return 1;
}

static void fxm_profile_free(fxm_profile *p) {
  free(p->ev);
  p->ev = NULL;
  p->nev = p->cap = 0;
}

typedef struct fxm_row {
  const char *key; /* node name or op type */
  const fxrt_node_info *node;
  uint32_t first; /* the first node's index: ties are broken by graph order */
  unsigned long nodes, calls;
  double total; /* ticks */
} fxm_row;

static int fxm_row_cmp(const void *a, const void *b) {
  const fxm_row *x = a, *y = b;
  if (x->total != y->total) return x->total < y->total ? 1 : -1;
  return x->first < y->first ? -1 : x->first > y->first;
}

static unsigned long fxm_runs(const fxm_profile *p) {
  unsigned long runs = 0;
  for (size_t i = 0; i < p->nev; i++)
    if (p->ev[i].run + 1ul > runs) runs = p->ev[i].run + 1ul;
  return runs;
}

/* The table: every node that ran, sorted by its time (then graph order), with its op type, calls, average time per
 * call in microseconds, share of the total and the nodes fused into it; then the same grouped by op type. */
static void fxm_profile_table(FILE *f, const fxm_profile *p, double ns_per_tick) {
  const uint32_t n = p->nnodes;
  fxm_row *rows = calloc((size_t)n + 1, sizeof *rows), *ops = calloc((size_t)n + 1, sizeof *ops);
  if (!rows || !ops) {
    fprintf(f, "profile: out of memory\n");
    free(rows);
    free(ops);
    return;
  }
  for (uint32_t i = 0; i < n; i++) rows[i].key = p->nodes[i].name, rows[i].node = &p->nodes[i], rows[i].first = i;
  double grand = 0;
  for (size_t i = 0; i < p->nev; i++) {
    fxm_row *r = &rows[p->ev[i].node];
    double d = (double)(p->ev[i].end - p->ev[i].start);
    r->calls++, r->nodes = 1, r->total += d, grand += d;
  }
  uint32_t nops = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!rows[i].calls) continue;
    uint32_t k = 0;
    while (k < nops && strcmp(ops[k].key, p->nodes[i].op) != 0) k++;
    if (k == nops) ops[nops].key = p->nodes[i].op, ops[nops].first = i, nops++;
    ops[k].nodes++, ops[k].calls += rows[i].calls, ops[k].total += rows[i].total;
  }
  qsort(rows, n, sizeof *rows, fxm_row_cmp);
  qsort(ops, nops, sizeof *ops, fxm_row_cmp);
  unsigned long runs = fxm_runs(p);
  const double us = ns_per_tick / 1e3;
  int w = 4, wo = 7;
  for (uint32_t i = 0; i < n; i++) {
    int a = (int)strlen(rows[i].key), b = (int)strlen(rows[i].node->op);
    if (rows[i].calls && a > w) w = a < 48 ? a : 48;
    if (rows[i].calls && b > wo) wo = b < 24 ? b : 24;
  }
  unsigned long timed = 0;
  for (uint32_t i = 0; i < n; i++) timed += rows[i].calls > 0;
  fprintf(f, "profile: %lu run%s, %lu node%s timed, %.3f us per run (the sum of the nodes' times)\n\n", runs,
          runs == 1 ? "" : "s", timed, timed == 1 ? "" : "s", runs ? grand * us / (double)runs : 0.0);
  fprintf(f, "%-*s  %-*s  %8s  %12s  %6s  %s\n", w, "node", wo, "op type", "calls", "avg us", "%", "absorbed");
  for (uint32_t i = 0; i < n; i++) {
    const fxm_row *r = &rows[i];
    if (!r->calls) continue;
    fprintf(f, "%-*s  %-*s  %8lu  %12.3f  %6.2f  %s\n", w, r->key, wo, r->node->op, r->calls,
            r->total * us / (double)r->calls, grand > 0 ? 100.0 * r->total / grand : 0.0, r->node->absorbed);
  }
  fprintf(f, "\n%-*s  %8s  %8s  %12s  %12s  %6s\n", wo, "op type", "nodes", "calls", "avg us", "us per run", "%");
  for (uint32_t i = 0; i < nops; i++) {
    const fxm_row *r = &ops[i];
    fprintf(f, "%-*s  %8lu  %8lu  %12.3f  %12.3f  %6.2f\n", wo, r->key, r->nodes, r->calls, r->total * us / (double)r->calls,
            runs ? r->total * us / (double)runs : 0.0, grand > 0 ? 100.0 * r->total / grand : 0.0);
  }
  free(rows);
  free(ops);
}

/* A JSON string. */
static void fxm_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 32) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* Chrome's trace event format: one complete event ("ph": "X") per node and run, name = the node, cat = its op
 * type, ts and dur in microseconds from the first event recorded, args = the run, the op type, the result's
 * shape, the nodes fused into it and the FX line; a metadata event names the process. Returns 0 on a write
 * error. */
static int fxm_trace_write(FILE *f, const fxm_profile *p, double ns_per_tick, const char *producer) {
  uint64_t t0 = p->nev ? p->ev[0].start : 0;
  for (size_t i = 0; i < p->nev; i++)
    if (p->ev[i].start < t0) t0 = p->ev[i].start;
  const double us = ns_per_tick / 1e3;
  fprintf(f, "{\"traceEvents\": [\n  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": ");
  fxm_json_string(f, producer);
  fprintf(f, "}}");
  for (size_t i = 0; i < p->nev; i++) {
    const fxm_event *e = &p->ev[i];
    const fxrt_node_info *n = &p->nodes[e->node];
    fprintf(f, ",\n  {\"name\": ");
    fxm_json_string(f, n->name);
    fprintf(f, ", \"cat\": ");
    fxm_json_string(f, n->op);
    fprintf(f, ", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 1, \"tid\": 1, \"args\": {\"run\": %lu, \"op\": ",
            (double)(e->start - t0) * us, (double)(e->end - e->start) * us, (unsigned long)e->run);
    fxm_json_string(f, n->op);
    fprintf(f, ", \"shape\": ");
    fxm_json_string(f, n->shape);
    fprintf(f, ", \"absorbed\": ");
    fxm_json_string(f, n->absorbed);
    fprintf(f, ", \"fx\": ");
    fxm_json_string(f, n->fx);
    fprintf(f, "}}");
  }
  fprintf(f, "\n],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": {\"generator\": \"fx2c\", \"producer\": ");
  fxm_json_string(f, producer);
  fprintf(f, ", \"runs\": %lu, \"nodes\": %lu}\n}\n", fxm_runs(p), (unsigned long)p->nnodes);
  return !ferror(f);
}

/* ---- dumps of intermediate tensors ---- */
#ifdef FXM_DUMP

/* DIR/<name>.npy for each name of each tensor of a node's result (fxrt_node_result.names: the FX nodes of the graph
 * as read whose value it is; ".K" for item K of a tuple), and DIR/nodes.tsv, a line per file in the order written:
 * the file's name, the node that computed it, that node's op type and the nodes fused into it. */
typedef struct fxm_dump {
  char dir[4096];
  FILE *index; /* DIR/nodes.tsv */
  unsigned long files;
  char err[4600];
} fxm_dump;

/* The file stem for a name: letters, digits, '_', '.' and '-' kept, anything else '_' (an FX name is an identifier;
 * no name may leave the folder), at most 200 bytes. */
static void fxm_dump_stem(char *out, const char *name, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n && k < 200; i++) {
    char c = name[i];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
             (c == '.' && k > 0);
    out[k++] = ok ? c : '_';
  }
  out[k] = 0;
}

/* Calls f(ctx, path) for each file that node's results would be dumped to; stops at the first nonzero return. */
static int fxm_dump_each_path(const char *dir, const fxrt_node_info *node, int (*f)(void *, const char *), void *ctx) {
  for (uint32_t k = 0; k < node->nresults; k++) {
    const char *s = node->results[k].names;
    while (s && *s) {
      size_t n = 0;
      while (s[n] && s[n] != ',') n++;
      char stem[208], path[4400];
      fxm_dump_stem(stem, s, n);
      snprintf(path, sizeof path, "%s/%s.npy", dir, stem);
      if (*stem) {
        int r = f(ctx, path);
        if (r) return r;
      }
      s += n;
      while (*s == ',' || *s == ' ') s++;
    }
  }
  return 0;
}

/* Makes DIR when it does not exist (its parent must) and opens DIR/nodes.tsv; 0 with dump->err otherwise. */
static int fxm_dump_open(fxm_dump *d, const char *dir) {
  struct stat sb;
  memset(d, 0, sizeof *d);
  if (strlen(dir) >= sizeof d->dir - 300) {
    snprintf(d->err, sizeof d->err, "--dump: the folder name is too long");
    return 0;
  }
  strcpy(d->dir, dir);
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    snprintf(d->err, sizeof d->err, "--dump: cannot create the folder '%s': %s", dir, strerror(errno));
    return 0;
  }
  if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    snprintf(d->err, sizeof d->err, "--dump: '%s' is not a folder", dir);
    return 0;
  }
  char path[4400];
  snprintf(path, sizeof path, "%s/nodes.tsv", dir);
  if (!(d->index = fopen(path, "w"))) {
    snprintf(d->err, sizeof d->err, "--dump: cannot write into '%s': %s", dir, strerror(errno));
    return 0;
  }
  fprintf(d->index, "# file\tnode\top\tabsorbed\n");
  return 1;
}

/* Writes the result r of node, whose elements are at data, once per name; 0 (and dump->err) on a write error. */
static int fxm_dump_result(fxm_dump *d, const fxrt_node_info *node, const fxrt_node_result *r, const void *data) {
  if (!d->index || !data || d->err[0]) return !d->err[0];
  unsigned char head[FXRT_NPY_HEADER_CAP];
  size_t hn = fxrt_npy_header_write(head, (fxrt_dtype)r->dtype, r->ndim, r->shape);
  if (!hn) return 1; /* a dtype numpy does not have (bf16): not dumped */
  size_t bytes = fxrt_dtype_size((fxrt_dtype)r->dtype);
  for (int32_t i = 0; i < r->ndim; i++) bytes *= (size_t)r->shape[i];
  const char *s = r->names;
  while (s && *s) {
    size_t n = 0;
    while (s[n] && s[n] != ',') n++;
    char stem[208], path[4400];
    fxm_dump_stem(stem, s, n);
    s += n;
    while (*s == ',' || *s == ' ') s++;
    if (!*stem) continue;
    snprintf(path, sizeof path, "%s/%s.npy", d->dir, stem);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(head, 1, hn, f) == hn && fwrite(data, 1, bytes, f) == bytes;
    if (f) ok &= fclose(f) == 0;
    if (!ok) {
      snprintf(d->err, sizeof d->err, "--dump: cannot write '%s'", path);
      return 0;
    }
    fprintf(d->index, "%s\t%s\t%s\t%s\n", stem, node->name, node->op, node->absorbed);
    d->files++;
  }
  return 1;
}

static int fxm_dump_close(fxm_dump *d) {
  if (!d->index) return !d->err[0];
  int ok = !ferror(d->index);
  ok &= fclose(d->index) == 0;
  d->index = NULL;
  if (!ok && !d->err[0]) snprintf(d->err, sizeof d->err, "--dump: cannot write '%s/nodes.tsv'", d->dir);
  return ok && !d->err[0];
}

#endif /* FXM_DUMP */

#endif
