/* iface.c: the model's interface, shared by the C and LLVM backends (iface.h). */
#include "iface.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/sha256.h"
#include "embedded.h"

#ifndef FX2C_VERSION
#define FX2C_VERSION "0.0.0"
#endif

/* ---- names ---- */

static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
    "_Complex", "_Imaginary", "bool", "true", "false", "NULL", "ws", "wb", "workspace", "weights", "s_", "main",
    "prof_t0", "errno", "int64_t", "int32_t", "uint8_t", "size_t", "fxrt_status", "FX2C_CHECK", "FX2C_ALIGNED", "FX2C_WEIGHT"};

static bool taken(fx_iface *e, const char *s) {
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (strcmp(reserved[i], s) == 0) return true;
  for (uint32_t i = 0; i < e->nnames; i++)
    if (strcmp(e->names[i], s) == 0) return true;
  size_t n = strlen(e->prefix); /* PREFIX_run, PREFIX_nodes */
  return strncmp(s, e->prefix, n) == 0 && (strcmp(s + n, "_run") == 0 || strcmp(s + n, "_nodes") == 0);
}

/* A unique C identifier made of `pre` and the text s (other characters become '_'). */
char *fx_iface_make_name(fx_iface *e, const char *pre, const char *s, size_t n) {
  fx_buf b = {0};
  fx_buf_puts(&b, pre);
  /* not a digit first, and not in the runtime's or fx2c's namespaces */
  bool clash = n >= 5 && (strncmp(s, "fxrt_", 5) == 0 || strncmp(s, "FXRT_", 5) == 0 || strncmp(s, "FX2C_", 5) == 0);
  if (!*pre && (!n || (s[0] >= '0' && s[0] <= '9') || clash)) fx_buf_puts(&b, "t_");
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    fx_buf_putc(&b, ok ? c : '_');
  }
  fx_buf_putc(&b, 0);
  char *name = fx_xmalloc(b.n + 16);
  memcpy(name, b.p, b.n);
  for (int k = 1; taken(e, name); k++) snprintf(name, b.n + 16, "%s_%d", b.p, k);
  fx_buf_free(&b);
  e->names = fx_xrealloc(e->names, (e->nnames + 1) * sizeof *e->names);
  e->names[e->nnames++] = name;
  return name;
}

/* The longest text of NAME_nodes (a C99 compiler need not take string literals over 4095 characters; an escaped
 * byte takes four): longer ones keep their first FX_NODE_TEXT_MAX bytes and "...". */
#define FX_NODE_TEXT_MAX 1000

static void clip(char **s) {
  if (strlen(*s) <= FX_NODE_TEXT_MAX) return;
  *s = fx_xrealloc(*s, FX_NODE_TEXT_MAX + 4);
  memcpy(*s + FX_NODE_TEXT_MAX, "...", 4);
}

void fx_iface_init(fx_iface *e, const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o) {
  memset(e, 0, sizeof *e);
  e->L = L, e->P = P, e->p = L->p, e->o = o;
  const fx_program *p = L->p;
  const char *prefix = o->prefix && *o->prefix ? o->prefix : "model";
  e->prefix = fx_xmalloc(strlen(prefix) + 1);
  e->upper = fx_xmalloc(strlen(prefix) + 1);
  strcpy(e->prefix, prefix);
  for (size_t i = 0; i <= strlen(e->prefix); i++)
    e->upper[i] = (char)(e->prefix[i] >= 'a' && e->prefix[i] <= 'z' ? e->prefix[i] - 32 : e->prefix[i]);
  for (uint32_t i = 0; i < L->nsites; i++) { /* the user-defined ops' functions (--custom-ops): no local is named so */
    fx_str f = L->sites[i]->decl->function;
    char *name = fx_xmalloc(f.n + 1);
    memcpy(name, f.p, f.n);
    name[f.n] = 0;
    if (taken(e, name)) {
      fx_xfree(name);
      continue;
    }
    e->names = fx_xrealloc(e->names, (e->nnames + 1) * sizeof *e->names);
    e->names[e->nnames++] = name;
  }
  /* inputs by placeholder, weights by state_dict key, activations by the node that computes them */
  if (o->profile) e->nnodes = fx_walk_nodes(L, &e->nodes); /* every node's FX line: only a profiling build's */
  for (uint32_t i = 0; i < e->nnodes; i++) { /* as both backends write them into NAME_nodes */
    clip(&e->nodes[i].name);
    clip(&e->nodes[i].fx);
    clip(&e->nodes[i].absorbed);
    clip(&e->nodes[i].shape);
  }
  e->name = fx_xcalloc(p->ntensors + 1, sizeof *e->name);
  e->wname = fx_xcalloc(p->ntensors + 1, sizeof *e->wname);
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_tinfo *ti = &p->tensors[t];
    if (P->root[t] != t) continue;
    const fx_node *nd = &p->g->nodes[ti->node];
    if (ti->kind == FX_T_WEIGHT && ti->data) {
      /* a weight used through two tensors (get_attr and its module) is one array */
      for (uint32_t u = 0; u < t && !e->wname[t]; u++)
        if (e->wname[u] && p->tensors[u].kind == FX_T_WEIGHT && p->tensors[u].data == ti->data) e->wname[t] = e->wname[u];
      if (!e->wname[t]) e->wname[t] = fx_iface_make_name(e, "w_", ti->data->name.p, ti->data->name.n);
      /* written into: its copy in the workspace is named after the state_dict key */
      e->name[t] = P->place[t].loc == FX_MEM_ARENA ? fx_iface_make_name(e, "", ti->data->name.p, ti->data->name.n)
                                                   : e->wname[t];
    } else {
      const fx_value *r = &p->inst[ti->node].result;
      if (r->kind == FX_V_TUPLE && r->n > 0) { /* a multi-output node: name_0, name_1, ... */
        char buf[300];
        for (uint32_t i = 0; i < r->n; i++)
          if (r->u.items[i].kind == FX_V_TENSOR && r->u.items[i].v.node == t)
            snprintf(buf, sizeof buf, "%.*s_%u", (int)(nd->name.n < 250 ? nd->name.n : 250), nd->name.p, i);
        e->name[t] = fx_iface_make_name(e, "", buf, strlen(buf));
      } else {
        e->name[t] = fx_iface_make_name(e, "", nd->name.p, nd->name.n);
      }
    }
  }
}

void fx_iface_free(fx_iface *e) {
  for (uint32_t i = 0; i < e->nnames; i++) fx_xfree(e->names[i]);
  fx_xfree(e->names);
  fx_xfree(e->name);
  fx_xfree(e->wname);
  fx_xfree(e->prefix);
  fx_xfree(e->upper);
  fx_walk_nodes_free(e->nodes, e->nnodes);
  memset(e, 0, sizeof *e);
}

/* ---- C spellings ---- */

const char *fx_ctype(fxrt_dtype dt) {
  switch (dt) {
  case FXRT_F32: return "float";
  case FXRT_F64: return "double";
  case FXRT_I64: return "int64_t";
  case FXRT_I32: return "int32_t";
  case FXRT_I16: return "int16_t";
  case FXRT_I8: return "int8_t";
  case FXRT_F16:
  case FXRT_BF16: return "uint16_t";
  default: return "uint8_t";
  }
}

const char *fx_dtype_enum(fxrt_dtype dt) {
  static const char *const n[] = {"FXRT_F32", "FXRT_F64", "FXRT_F16", "FXRT_BF16", "FXRT_I64",
                                  "FXRT_I32", "FXRT_I16", "FXRT_I8",  "FXRT_U8",   "FXRT_BOOL"};
  return dt < FXRT_NUM_DTYPES ? n[dt] : "FXRT_F32";
}

void fx_put_shape(fx_buf *b, int32_t ndim, const int64_t *shape) {
  fx_buf_putc(b, '[');
  for (int32_t i = 0; i < ndim; i++) fx_buf_printf(b, "%s%lld", i ? ", " : "", (long long)shape[i]);
  fx_buf_putc(b, ']');
}

void fx_put_comment_text(fx_buf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '*' && i + 1 < n && s[i + 1] == '/') fx_buf_puts(b, "* ");
    else if (s[i] == '\n' || s[i] == '\r') fx_buf_putc(b, ' ');
    else fx_buf_putc(b, s[i]);
  }
}

bool fx_write_file(const char *path, const void *data, size_t n, fx_diag *d) {
  FILE *f = fopen(path, "wb");
  bool ok = f && (n == 0 || fwrite(data, 1, n, f) == n); /* an empty file: data may be NULL */
  if (f && fclose(f) != 0) ok = false;
  if (!ok) fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot write '%s': %s", path, strerror(errno));
  return ok;
}

void fx_put_c_string(fx_buf *b, const char *s) {
  size_t n = strlen(s);
  fx_buf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fx_buf_printf(b, "\\%c", c);
    else if (c == '?') fx_buf_puts(b, "\\?"); /* no trigraphs */
    else if (c >= 32 && c < 127) fx_buf_putc(b, (char)c);
    else fx_buf_printf(b, "\\%03o", c);
  }
  fx_buf_putc(b, '"');
}

fxrt_node_result fx_iface_result(const fx_iface *e, uint32_t i, uint32_t k) {
  const fx_walk_result *w = &e->nodes[i].results[k];
  const uint32_t t = w->tensor;
  const fx_tinfo *ti = &e->p->tensors[t];
  fxrt_node_result r;
  memset(&r, 0, sizeof r);
  r.names = w->names;
  r.dtype = (int32_t)ti->dtype;
  r.ndim = ti->ndim;
  if (ti->ndim > 0) memcpy(r.shape, ti->shape, (size_t)ti->ndim * sizeof *ti->shape);
  r.at = FXRT_AT_NONE;
  if (!fx_plan_holds_after(e->L, e->P, t, e->nodes[i].node)) return r;
  const fx_place *pl = &e->P->place[e->P->root[t]];
  if (pl->loc == FX_MEM_ARENA) r.at = FXRT_AT_WORKSPACE, r.offset = pl->offset;
  else if (pl->loc == FX_MEM_OUTPUT) r.at = FXRT_AT_OUTPUT, r.index = pl->index;
  else if (pl->loc == FX_MEM_INPUT) { /* pl->index counts the placeholders, NAME_run's parameters only tensors */
    uint32_t n = fx_iface_inputs(e, NULL);
    fx_io *io = fx_xcalloc((size_t)n + 1, sizeof *io);
    fx_iface_inputs(e, io);
    for (uint32_t j = 0; j < n; j++)
      if (io[j].tensor == e->P->root[t]) r.at = FXRT_AT_INPUT, r.index = j;
    fx_xfree(io);
  }
  return r;
}

void fx_iface_nodes_table(const fx_iface *e, fx_buf *b) {
  uint32_t nres = 0;
  for (uint32_t i = 0; i < e->nnodes; i++) nres += e->nodes[i].nresults;
  if (nres) {
    fx_buf_printf(b, "/* the tensors of the nodes' results, where they are once the node has run (fxrt.h, fxrt_node_result):\n"
                     " * the FX nodes whose value each is, shape, workspace offset, dtype, rank, place, buffer */\n"
                     "static const fxrt_node_result %s_results[%u] = {\n", e->prefix, nres);
    for (uint32_t i = 0; i < e->nnodes; i++)
      for (uint32_t k = 0; k < e->nodes[i].nresults; k++) {
        const fxrt_node_result r = fx_iface_result(e, i, k);
        static const char *const ats[] = {"FXRT_AT_NONE", "FXRT_AT_WORKSPACE", "FXRT_AT_INPUT", "FXRT_AT_OUTPUT"};
        fx_buf_puts(b, "    {");
        fx_put_c_string(b, r.names);
        fx_buf_puts(b, ", {");
        for (int32_t d = 0; d < r.ndim; d++) fx_buf_printf(b, "%s%lld", d ? ", " : "", (long long)r.shape[d]);
        if (!r.ndim) fx_buf_puts(b, "0");
        fx_buf_printf(b, "}, %llu, %s, %d, %s, %u},\n", (unsigned long long)r.offset,
                      fx_dtype_enum((fxrt_dtype)r.dtype), (int)r.ndim, ats[r.at], r.index);
      }
    fx_buf_puts(b, "};\n\n");
  }
  fx_buf_printf(b, "/* the nodes that run code, in order (fxrt.h, fxrt_node_info): name, op type, FX line, absorbed, result,\n"
                   " * index, the tensors of its result */\n"
                   "const fxrt_node_info %s_nodes[%u] = {\n",
                e->prefix, e->nnodes ? e->nnodes : 1);
  uint32_t first = 0;
  for (uint32_t i = 0; i < e->nnodes; i++) {
    const fx_walk_node *w = &e->nodes[i];
    fx_buf_puts(b, "    {");
    fx_put_c_string(b, w->name);
    fx_buf_puts(b, ", ");
    fx_put_c_string(b, w->op);
    fx_buf_puts(b, ",\n     ");
    fx_put_c_string(b, w->fx);
    fx_buf_puts(b, ",\n     ");
    fx_put_c_string(b, w->absorbed);
    fx_buf_puts(b, ", ");
    fx_put_c_string(b, w->shape);
    if (w->nresults) fx_buf_printf(b, ", %u, %s_results + %u, %u},\n", i, e->prefix, first, w->nresults);
    else fx_buf_printf(b, ", %u, NULL, 0},\n", i);
    first += w->nresults;
  }
  if (!e->nnodes) fx_buf_puts(b, "    {\"\", \"\", \"\", \"\", \"\", 0, NULL, 0},\n");
  fx_buf_puts(b, "};\n\n");
}

/* ---- the entry point ---- */

uint32_t fx_iface_inputs(const fx_iface *e, fx_io *out) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < e->p->nplaceholders; i++) {
    const fx_value *v = &e->p->inst[e->p->placeholders[i]].result;
    if (v->kind != FX_V_TENSOR) continue;
    const fx_tinfo *t = &e->p->tensors[v->v.node];
    if (out) out[n] = (fx_io){e->name[v->v.node], t->dtype, t->ndim, t->shape, v->v.node};
    n++;
  }
  return n;
}

bool fx_iface_input_copied(const fx_iface *e, uint32_t t) { return e->P->place[t].loc == FX_MEM_ARENA; }

/* A weight's storage: read in place, or copied into the workspace first because the graph writes into it. */
static bool weight_root(const fx_iface *e, uint32_t t) {
  return e->P->root[t] == t && e->p->tensors[t].kind == FX_T_WEIGHT && e->p->tensors[t].data &&
         (e->P->place[t].loc == FX_MEM_WEIGHT || e->P->place[t].loc == FX_MEM_ARENA);
}

bool fx_iface_weight_written(const fx_iface *e, uint32_t t) {
  if (!weight_root(e, t)) return false;
  bool used = false;
  for (uint32_t u = 0; u < e->p->ntensors; u++)
    if (weight_root(e, u) && e->p->tensors[u].data == e->p->tensors[t].data) {
      if (u < t) return false;
      used |= e->P->place[u].first != FX_NONE_IDX;
    }
  return used;
}

uint64_t fx_iface_weights_blob(const fx_iface *e, fx_buf *bin, uint64_t *woff) {
  const fx_program *p = e->p;
  for (uint32_t t = 0; t < p->ntensors; t++) {
    if (!fx_iface_weight_written(e, t)) continue;
    while (bin->n % FX_PLAN_ALIGN) fx_buf_putc(bin, 0);
    woff[t] = bin->n;
    const fx_tensor *w = p->tensors[t].data;
    fx_buf_put(bin, w->data, fx_tinfo_bytes(&p->tensors[t]));
  }
  return bin->n;
}

void fx_iface_signature(const fx_iface *e, fx_buf *b, bool threads) {
  fx_buf_printf(b, "fxrt_status %s_run%s(", e->prefix, threads ? "_threads" : "");
  if (e->o->weights_file) fx_buf_puts(b, "const void *weights, ");
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  for (uint32_t i = 0; i < nin; i++)
    fx_buf_printf(b, "const %s *%s%s, ", fx_ctype(in[i].dtype), fx_iface_input_copied(e, in[i].tensor) ? "input_" : "",
                  in[i].name);
  fx_xfree(in);
  for (uint32_t j = 0; j < e->L->noutputs; j++) fx_buf_printf(b, "%s *output%u, ", fx_ctype(e->L->outputs[j].dtype), j);
  fx_buf_puts(b, threads ? "void *workspace, const fxrt_threadpool *threads)" : "void *workspace)");
}

void fx_iface_call_args(const fx_iface *e, fx_buf *b) {
  if (e->o->weights_file) fx_buf_puts(b, "weights, ");
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  for (uint32_t i = 0; i < nin; i++)
    fx_buf_printf(b, "%s%s, ", fx_iface_input_copied(e, in[i].tensor) ? "input_" : "", in[i].name);
  fx_xfree(in);
  for (uint32_t j = 0; j < e->L->noutputs; j++) fx_buf_printf(b, "output%u, ", j);
  fx_buf_puts(b, "workspace");
}

static void provenance(const fx_iface *e, fx_buf *b) {
  fx_buf_puts(b, " * Generated by fx2c " FX2C_VERSION);
  if (e->o->command) {
    fx_buf_puts(b, " with\n *   ");
    fx_put_comment_text(b, e->o->command, strlen(e->o->command));
  }
  fx_buf_puts(b, "\n");
  for (int i = 0; i < e->o->nfiles; i++) {
    char hex[65];
    if (!fx_sha256_file(e->o->files[i], hex)) snprintf(hex, sizeof hex, "(unreadable)");
    fx_buf_puts(b, " *   sha256 ");
    fx_buf_puts(b, hex);
    fx_buf_puts(b, "  ");
    fx_put_comment_text(b, e->o->files[i], strlen(e->o->files[i]));
    fx_buf_putc(b, '\n');
  }
}

bool fx_runtime_file_needed(const fx_lowered *L, bool with_driver, const char *name) {
  if (strcmp(name, "fxrt_core.c") == 0) return true;
  if (strcmp(name, "fxrt_threads.c") == 0) return with_driver;
  /* fxrt_K_avx2.c and fxrt_K_avx512.c, fxrt_K.c's variants (runtime/fxrt_isa.h), go with it */
  char base[64];
  size_t n = strlen(name);
  const char *sfx = n > 7 && strcmp(name + n - 7, "_avx2.c") == 0 ? "_avx2.c"
                    : n > 9 && strcmp(name + n - 9, "_avx512.c") == 0 ? "_avx512.c"
                                                                       : NULL;
  if (sfx && n - strlen(sfx) + 3 <= sizeof base) {
    snprintf(base, sizeof base, "%.*s.c", (int)(n - strlen(sfx)), name);
    name = base;
  }
  for (uint32_t k = 0; k < L->ncalls; k++) /* POINTWISE calls are loops of model.c's own */
    if (L->calls[k].kind != FX_K_POINTWISE && strcmp(fx_kind_file((fx_kind)L->calls[k].kind), name) == 0) return true;
  return false;
}

void fx_emit_c_build_command(const fx_lowered *L, const fx_emit_opts *o, fx_buf *b) {
  fx_buf_puts(b, L->p->small ? "cc -std=c99 -Os -ffunction-sections -fdata-sections -c model.c" /* -Os: link with --gc-sections */
                             : "cc -std=c99 -O2 -c model.c");
  for (const fx_embedded *f = fx_embedded_files; f->name; f++) {
    size_t n = strlen(f->name);
    if (strncmp(f->name, "fxrt", 4) == 0 && n > 2 && strcmp(f->name + n - 2, ".c") == 0 &&
        fx_runtime_file_needed(L, o->exe_main, f->name))
      fx_buf_printf(b, " %s", f->name);
  }
  for (int i = 0; i < o->nuser_sources; i++) { /* the user-defined ops' files, copied beside model.c */
    const char *slash = strrchr(o->user_sources[i], '/');
    fx_buf_printf(b, " %s", slash ? slash + 1 : o->user_sources[i]);
  }
  if (o->exe_main) fx_buf_puts(b, " main.c");
}

void fx_iface_header(const fx_iface *e, fx_buf *b, uint64_t weights_bytes) {
  fx_buf_printf(b, "/* model.h: %s_run, an ahead-of-time compiled PyTorch FX graph.\n *\n", e->prefix);
  provenance(e, b);
  fx_buf_puts(b, " *\n");
  if (e->o->build_note) { /* its lines, as comment lines */
    for (const char *s = e->o->build_note; *s;) {
      const char *nl = strchr(s, '\n');
      size_t n = nl ? (size_t)(nl - s) : strlen(s);
      fx_buf_puts(b, n ? " * " : " *");
      fx_put_comment_text(b, s, n);
      fx_buf_putc(b, '\n');
      s += n + (nl != NULL);
    }
  } else {
    fx_buf_puts(b, e->o->exe_main ? " * Build this folder alone (then link the objects with -pthread -lm):\n *   "
                   : e->L->p->small ? " * Build this folder alone (then link the objects into your program with -Wl,--gc-sections, which\n"
                                      " * drops the functions and weights it does not call or read):\n *   "
                                    : " * Build this folder alone (then link the objects, with -lm, into your program):\n *   ");
    fx_emit_c_build_command(e->L, e->o, b);
    fx_buf_putc(b, '\n');
  }
  fx_buf_printf(b,
                " *\n * Use:\n"
                " *   static unsigned char ws[%s_WORKSPACE_SIZE] __attribute__((aligned(64)));\n"
                " *   fxrt_status s = %s_run(",
                e->upper, e->prefix);
  if (e->o->weights_file) fx_buf_puts(b, "weights, ");
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  for (uint32_t i = 0; i < nin; i++) fx_buf_printf(b, "%s, ", in[i].name);
  for (uint32_t j = 0; j < e->L->noutputs; j++) fx_buf_printf(b, "output%u, ", j);
  fx_buf_puts(b, "ws);\n");
  fx_buf_printf(b,
              " * Inputs and outputs are contiguous, row-major arrays of the shapes below (64-byte aligned is fastest);\n"
              " * outputs must not overlap the inputs or the workspace. The workspace holds every intermediate\n"
              " * result (the memory plan) and is not needed between calls; its address must be a multiple of\n"
              " * %s_WORKSPACE_ALIGN (the run function returns FXRT_EINVAL otherwise; 64 is fastest on a host).\n"
              " * No malloc, no stdio, no global state: calls with distinct workspaces may run concurrently.\n",
              e->upper);
  if (e->o->weights_file)
    fx_buf_printf(b,
                  " * weights: the contents of %s (%s_WEIGHTS_SIZE bytes, little-endian), 64-byte\n"
                  " * aligned, loaded or mapped by the application.\n",
                  e->o->weights_name ? e->o->weights_name : "model_weights.bin", e->upper);
  fx_buf_printf(b, " */\n#ifndef %s_H\n#define %s_H\n\n#include \"fxrt.h\"\n\n", e->upper, e->upper);
  fx_buf_printf(b, "#define %s_WORKSPACE_SIZE %lluu\n#define %s_WORKSPACE_ALIGN %uu\n", e->upper,
                (unsigned long long)e->P->arena, e->upper, e->P->align);
  fx_buf_printf(b,
                "/* %s_STACK_BYTES: the stack %s_run needs at most, in bytes (program/stack.def): an allowance of %u\n"
                " * for its own frame and the deepest of its kernels, their callees included, measured by GCC\n"
                " * (-fstack-usage -fcallgraph-info) for Cortex-M with %s,\n"
                " * elsewhere for x86-64 with %s (other targets: that figure, not measured for them). */\n"
                "#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'\n#define %s_STACK_BYTES %uu\n#else\n"
                "#define %s_STACK_BYTES %uu\n#endif\n",
                e->upper, e->prefix, fx_stack_run(true), fx_stack_compiler(true), fx_stack_compiler(false), e->upper,
                fx_plan_stack(e->L, true, NULL), e->upper, fx_plan_stack(e->L, false, NULL));
  if (e->o->weights_file) fx_buf_printf(b, "#define %s_WEIGHTS_SIZE %lluu\n", e->upper, (unsigned long long)weights_bytes);
  fx_buf_printf(b, "#define %s_NUM_INPUTS %u\n#define %s_NUM_OUTPUTS %u\n", e->upper, nin, e->upper, e->L->noutputs);
  if (e->o->profile) fx_buf_printf(b, "#define %s_NUM_NODES %u\n", e->upper, e->nnodes);
  for (uint32_t i = 0; i < nin + e->L->noutputs; i++) {
    bool isin = i < nin;
    uint32_t j = isin ? i : i - nin;
    const fx_output *o = isin ? NULL : &e->L->outputs[j];
    fxrt_dtype dt = isin ? in[j].dtype : o->dtype;
    int32_t nd = isin ? in[j].ndim : o->ndim;
    const int64_t *sh = isin ? in[j].shape : o->shape;
    const char *kind = isin ? "INPUT" : "OUTPUT";
    int64_t n = 1;
    for (int32_t d = 0; d < nd; d++) n *= sh[d];
    if (isin) fx_buf_printf(b, "#define %s_%s%u_NAME \"%s\"\n", e->upper, kind, j, in[j].name);
    else fx_buf_printf(b, "#define %s_%s%u_NAME \"output%u\"\n", e->upper, kind, j, j);
    fx_buf_printf(b, "#define %s_%s%u_DTYPE %s\n#define %s_%s%u_NDIM %d\n#define %s_%s%u_SHAPE {", e->upper, kind, j,
                  fx_dtype_enum(dt), e->upper, kind, j, (int)nd, e->upper, kind, j);
    for (int32_t d = 0; d < nd; d++) fx_buf_printf(b, "%s%lld", d ? ", " : "", (long long)sh[d]);
    if (!nd) fx_buf_putc(b, '1');
    fx_buf_printf(b, "}\n#define %s_%s%u_NUMEL %lld\n", e->upper, kind, j, (long long)n);
  }
  fx_xfree(in);
  fx_buf_puts(b, "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  fx_iface_signature(e, b, false);
  fx_buf_puts(b, ";\n");
  fx_buf_printf(b, "/* %s_run with the heavy kernels' work split over a thread pool that the caller owns (fxrt.h; fxrt_threads.h\n"
                   " * starts one): the same bits as %s_run for any number of threads. */\n",
                e->prefix, e->prefix);
  fx_iface_signature(e, b, true);
  fx_buf_puts(b, ";\n");
  if (e->o->profile)
    fx_buf_printf(b,
                  "\n/* A profiling build (fx2c compile --profile): %s_run calls fxrt_profile_clock() before and after each node\n"
                  " * that runs code and then fxrt_profile_node(&%s_nodes[i], start, end); the program defines both hooks\n"
                  " * (fxrt.h). %s_nodes names each node, its op type, its FX line, the nodes fused into it and its result. */\n"
                  "extern const fxrt_node_info %s_nodes[];\n",
                  e->prefix, e->prefix, e->prefix, e->prefix);
  fx_buf_puts(b, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
}

/* ---- main.c: the driver template with the model's tables where it says @MODEL@ ---- */

bool fx_iface_main(const fx_iface *e, fx_buf *b) {
  const fx_embedded *t = fx_embedded_find("exe_main.c.in");
  if (!t) return false;
  const char *marker = "/* @MODEL@ */";
  const char *src = (const char *)t->data;
  const char *at = strstr(src, marker);
  if (!at) return false;
  fx_buf_put(b, src, (size_t)(at - src));
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  fx_buf_printf(b, "#include \"model.h\"\n\n#define FXM_FX2C_VERSION \"" FX2C_VERSION "\"\n#define FXM_NUM_INPUTS %s_NUM_INPUTS\n#define FXM_NUM_OUTPUTS %s_NUM_OUTPUTS\n"
                   "#define FXM_WORKSPACE_SIZE %s_WORKSPACE_SIZE\n",
                e->upper, e->upper, e->upper);
  if (e->o->profile) fx_buf_printf(b, "#define FXM_NUM_NODES %s_NUM_NODES\n#define FXM_NODES %s_nodes\n\n", e->upper, e->prefix);
  else fx_buf_puts(b, "#define FXM_NUM_NODES 0u /* compiled without --profile */\n#define FXM_NODES ((const fxrt_node_info *)0)\n\n");
  for (int io_ = 0; io_ < 2; io_++) {
    uint32_t n = io_ ? e->L->noutputs : nin;
    fx_buf_printf(b, "static const fxm_desc fxm_%s[%u] = {\n", io_ ? "outputs" : "inputs", n ? n : 1);
    for (uint32_t i = 0; i < n; i++)
      fx_buf_printf(b, "    {%s_%s%u_NAME, %s_%s%u_DTYPE, %s_%s%u_NDIM, %s_%s%u_SHAPE},\n", e->upper, io_ ? "OUTPUT" : "INPUT",
                    i, e->upper, io_ ? "OUTPUT" : "INPUT", i, e->upper, io_ ? "OUTPUT" : "INPUT", i, e->upper,
                    io_ ? "OUTPUT" : "INPUT", i);
    if (!n) fx_buf_puts(b, "    {\"\", FXRT_F32, 0, {0}},\n");
    fx_buf_puts(b, "};\n");
  }
  if (e->o->weights_file) {
    /* the weights linked in by `ld -r -b binary model_weights.bin` (exe.c), used where they are when 64-byte
     * aligned, else copied once to an aligned buffer */
    fx_buf_puts(b, "\nextern const unsigned char _binary_model_weights_bin_start[], _binary_model_weights_bin_end[];\n\n"
                   "static const void *fxm_weights(void) {\n  static void *copy;\n"
                   "  const unsigned char *p = _binary_model_weights_bin_start;\n"
                   "  size_t n = (size_t)(_binary_model_weights_bin_end - p);\n"
                   "  if ((size_t)p % 64 == 0) return p;\n"
                   "  if (!copy && posix_memalign(&copy, 64, n ? n : 1) == 0) memcpy(copy, p, n);\n"
                   "  return copy;\n}\n");
  }
  fx_buf_printf(b, "\nstatic fxrt_status fxm_run(void *const *in, void *const *out, void *ws, const fxrt_threadpool *threads) {\n  return %s_run_threads(", e->prefix);
  if (e->o->weights_file) fx_buf_puts(b, "fxm_weights(), ");
  for (uint32_t i = 0; i < nin; i++) fx_buf_printf(b, "(const %s *)in[%u], ", fx_ctype(in[i].dtype), i);
  for (uint32_t j = 0; j < e->L->noutputs; j++) fx_buf_printf(b, "(%s *)out[%u], ", fx_ctype(e->L->outputs[j].dtype), j);
  fx_buf_puts(b, "ws, threads);\n}\n");
  if (!nin) fx_buf_puts(b, "/* the model takes no inputs */\n");
  fx_buf_puts(b, at + strlen(marker));
  fx_xfree(in);
  return true;
}

const fx_embedded *fx_embedded_find(const char *name) {
  for (const fx_embedded *f = fx_embedded_files; f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}
