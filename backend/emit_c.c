/* emit_c.c: the C backend (emit_c.h). */
#include "emit_c.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../ir/pointwise.h"
#include "../program/walk.h"
#include "embedded.h"

typedef struct {
  fx_iface f;    /* names, model.h and the entry point (shared with the LLVM backend) */
  char **pwname; /* by call: the static function computing a POINTWISE call */
  char **spname; /* by call: -Os, the static function of a compact kernel's call whose record (shapes and parameters)
                    other calls share too: the kernel specialized to the record once (NULL: the kernel inline) */
  fx_buf *out;   /* where the walk prints model.c's body */
  uint32_t pnode; /* a profiling build: the entry of NAME_nodes of the next node that runs code */
  bool timed;     /* the node being printed is timed (it runs code, and the build profiles) */
} em;

static const char *ctype(fxrt_dtype dt) { return fx_ctype(dt); }
static const char *dtype_enum(fxrt_dtype dt) { return fx_dtype_enum(dt); }

/* The runtime's enumerators by value, from fxrt.h's lists. */
static const char *unary_enum(int u) {
#define NAME(id, name, nparams) "FXRT_U_" #id,
  static const char *const n[] = {FXRT_UNARY_OPS(NAME)};
#undef NAME
  return u >= 0 && u < FXRT_NUM_UNARY_OPS ? n[u] : "?";
}

static const char *binary_enum(int b) {
#define NAME(id, name, fused) "FXRT_B_" #id,
  static const char *const n[] = {FXRT_BINARY_OPS(NAME)};
#undef NAME
  return b >= 0 && b < FXRT_NUM_BINARY_OPS ? n[b] : "?";
}

static const char *reduce_enum(int r) {
#define NAME(id, name) "FXRT_R_" #id,
  static const char *const n[] = {FXRT_REDUCE_OPS(NAME)};
#undef NAME
  return r >= 0 && r < FXRT_NUM_REDUCE_OPS ? n[r] : "?";
}

static const char *scan_enum(int s) {
#define NAME(id, name) "FXRT_SCAN_" #id,
  static const char *const n[] = {FXRT_SCAN_OPS(NAME)};
#undef NAME
  return s >= 0 && s < FXRT_NUM_SCAN_OPS ? n[s] : "?";
}

static const char *act_enum(int a) {
#define NAME(id, name) "FXRT_ACT_" #id,
  static const char *const n[] = {FXRT_ACTS(NAME)};
#undef NAME
  return a >= 0 && a < FXRT_NUM_ACTS ? n[a] : "?";
}

static const char *pad_enum(int m) {
  return m == FXRT_PAD_REFLECT ? "FXRT_PAD_REFLECT" : m == FXRT_PAD_REPLICATE ? "FXRT_PAD_REPLICATE" : "FXRT_PAD_CIRCULAR";
}

/* ---- literals ---- */

/* A double as a C literal that reads back exactly (f: as a float literal). */
static void put_num(fx_buf *b, double x, bool f) {
  if (isnan(x)) {
    fx_buf_puts(b, "NAN");
    return;
  }
  if (isinf(x)) {
    fx_buf_puts(b, x > 0 ? "INFINITY" : "-INFINITY");
    return;
  }
  char s[40];
  snprintf(s, sizeof s, f ? "%.9g" : "%.17g", f ? (double)(float)x : x);
  if (f) { /* the shortest of %.6g..%.9g that reads back as the same float */
    for (int prec = 6; prec <= 9; prec++) {
      char t[40];
      snprintf(t, sizeof t, "%.*g", prec, (double)(float)x);
      if ((float)strtod(t, NULL) == (float)x) {
        memcpy(s, t, sizeof t);
        break;
      }
    }
  } else {
    for (int prec = 15; prec <= 17; prec++) {
      char t[40];
      snprintf(t, sizeof t, "%.*g", prec, x);
      if (strtod(t, NULL) == x) {
        memcpy(s, t, sizeof t);
        break;
      }
    }
  }
  fx_buf_puts(b, s);
  if (!strpbrk(s, ".eE")) fx_buf_puts(b, ".0");
  if (f) fx_buf_putc(b, 'f');
}

static void put_i64(fx_buf *b, int64_t v) {
  if (v == INT64_MIN) fx_buf_puts(b, "INT64_MIN");
  else if (v > 2147483647 || v < -2147483647) fx_buf_printf(b, "INT64_C(%lld)", (long long)v);
  else fx_buf_printf(b, "%lld", (long long)v);
}

static void put_view(fx_buf *b, const fxrt_view *v) {
  fx_buf_printf(b, "&(const fxrt_view){%d, {", (int)v->ndim);
  for (int32_t i = 0; i < v->ndim; i++) {
    if (i) fx_buf_puts(b, ", ");
    put_i64(b, v->shape[i]);
  }
  if (!v->ndim) fx_buf_putc(b, '0');
  fx_buf_puts(b, "}, {");
  for (int32_t i = 0; i < v->ndim; i++) {
    if (i) fx_buf_puts(b, ", ");
    put_i64(b, v->stride[i]);
  }
  if (!v->ndim) fx_buf_putc(b, '0');
  fx_buf_puts(b, "}, ");
  put_i64(b, v->offset);
  fx_buf_putc(b, '}');
}

/* ---- operands ---- */

static void put_ref(em *e, fx_buf *b, const fx_kcall *k, int i) {
  const fx_ref *r = &k->ref[i];
  fxrt_dtype dt = (fxrt_dtype)r->dtype;
  size_t es = fxrt_dtype_size(dt);
  switch (r->kind) {
  case FX_REF_NULL: fx_buf_puts(b, "NULL"); return;
  case FX_REF_SCALAR:
    fx_buf_printf(b, "(const %s[]){", ctype(dt));
    if (dt == FXRT_F32 || dt == FXRT_F64) put_num(b, k->scalar[r->id], dt == FXRT_F32);
    else if (dt == FXRT_BOOL) fx_buf_putc(b, k->iscalar[r->id] != 0 ? '1' : '0');
    else put_i64(b, k->iscalar[r->id]);
    fx_buf_putc(b, '}');
    return;
  case FX_REF_SCRATCH: {
    if (e->f.P->scratch[r->id].loc != FX_MEM_ARENA) { /* the plan found it unneeded (a convolution not in place) */
      fx_buf_puts(b, "NULL");
      return;
    }
    uint64_t off = e->f.P->scratch[r->id].offset + (uint64_t)r->off * es;
    if (dt == FXRT_U8) fx_buf_printf(b, "(void *)(ws + %llu)", (unsigned long long)off);
    else fx_buf_printf(b, "(%s *)(ws + %llu)", ctype(dt), (unsigned long long)off);
    return;
  }
  case FX_REF_OUTPUT: fx_buf_printf(b, "output%u", r->id); break;
  case FX_REF_CONST: fx_buf_printf(b, "%s_c%u", e->f.L->consts[r->id].what, r->id); break;
  case FX_REF_SOURCE: {
    const fx_tinfo *t = &e->f.p->tensors[r->id];
    if (t->kind == FX_T_WEIGHT) fx_buf_printf(b, "%s%s", e->f.wname[r->id], e->f.o->weights_file ? "" : ".v");
    else fx_buf_printf(b, "input_%s", e->f.name[r->id]);
    break;
  }
  default: {
    uint32_t root = e->f.P->root[r->id];
    const fx_place *pl = &e->f.P->place[root];
    if (pl->loc == FX_MEM_OUTPUT) fx_buf_printf(b, "output%u", pl->index);
    else if (pl->loc == FX_MEM_NONE) {
      fx_buf_puts(b, "NULL");
      return;
    } else if (pl->loc == FX_MEM_WEIGHT) fx_buf_printf(b, "%s%s", e->f.wname[root], e->f.o->weights_file ? "" : ".v");
    else fx_buf_puts(b, e->f.name[root]);
    break;
  }
  }
  if (r->off) fx_buf_printf(b, " + %lld", (long long)r->off);
}

/* ---- fused elementwise loops ---- */

/* Whether POINTWISE input i reads the result's own storage (the plan placed the result over it). */
static bool pw_reads_result(em *e, const fx_kcall *k, int i) {
  const fx_ref *x = &k->ref[i], *y = &k->ref[0];
  return x->kind == FX_REF_TENSOR && y->kind == FX_REF_TENSOR && e->f.P->root[x->id] == e->f.P->root[y->id] &&
         x->off == y->off;
}

/* The index of an operand in a loop nest of nd dimensions: the sum of i_d * stride_d. */
static void put_index(fx_buf *b, const int64_t *strides, int32_t nd) {
  bool any = false;
  for (int32_t d = 0; d < nd; d++) {
    if (strides[d] == 0) continue;
    if (any) fx_buf_puts(b, " + ");
    fx_buf_printf(b, "i%d", (int)d);
    if (strides[d] != 1) {
      fx_buf_puts(b, " * ");
      put_i64(b, strides[d]);
    }
    any = true;
  }
  if (!any) fx_buf_putc(b, '0');
}

/* A POINTWISE call as a static function: a loop nest over the result's dimensions (size-1 dimensions dropped,
 * dimensions that every operand steps through as one row merged), one statement per instruction, each op as
 * fxrt_scalar.h computes it. */
static void emit_pointwise_fn(em *e, fx_buf *b, const fx_kcall *k, const char *name) {
  const int32_t nin = (int32_t)k->i[0], ncode = (int32_t)k->i[1];
  int64_t sh[FXRT_MAX_DIMS], st[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS], ys[FXRT_MAX_DIMS];
  const int32_t nd = fx_pointwise_loops(k, sh, st, ys);
  fx_buf line = {0};
  const fx_node *nd_ = &e->f.p->g->nodes[k->node];
  if (e->f.p->inst[k->node].op == FX_OP_POINTWISE) {
    fx_format_value(e->f.p->g, &nd_->args.u.items[0], false, &line);
  } else { /* -Os: one elementwise step of another node's lowering, or an in-place op (lower.c) */
    const fxrt_pw_insn *last = &k->p.pw[ncode - 1];
    fx_buf_printf(&line, "%.*s: %s as a loop of its own", (int)nd_->name.n, nd_->name.p, fx_pw_insn_name(last));
  }
  fx_buf_puts(b, "/* ");
  fx_put_comment_text(b, line.p, line.n);
  fx_buf_free(&line);
  fx_buf_printf(b, " */\nstatic void %s(", name);
  for (int32_t i = 0; i < nin; i++)
    if (!pw_reads_result(e, k, 1 + i)) fx_buf_printf(b, "const float *restrict in%d, ", (int)i);
  fx_buf_puts(b, "float *restrict out) {\n");
  int w = 2;
  for (int32_t d = 0; d < nd; d++, w += 2) {
    fx_buf_printf(b, "%*sfor (int64_t i%d = 0; i%d < ", w, "", (int)d, (int)d);
    put_i64(b, sh[d]);
    fx_buf_printf(b, "; i%d++)%s\n", (int)d, d + 1 == nd ? " {" : "");
  }
  if (nd == 0) {
    fx_buf_puts(b, "  {\n");
    w = 4;
  }
#define NPARAMS(id, name, n) n,
  static const int nparams[FXRT_NUM_UNARY_OPS] = {FXRT_UNARY_OPS(NPARAMS)};
#undef NPARAMS
  for (int32_t c = 0; c < ncode; c++) {
    const fxrt_pw_insn *in = &k->p.pw[c];
    fx_buf_printf(b, "%*sconst float r%d = ", w, "", (int)c);
    switch (in->kind) {
    case FXRT_PW_LOAD:
      if (pw_reads_result(e, k, 1 + in->a)) fx_buf_puts(b, "out[");
      else fx_buf_printf(b, "in%d[", (int)in->a);
      put_index(b, st[in->a], nd);
      fx_buf_putc(b, ']');
      break;
    case FXRT_PW_CONST: put_num(b, in->p[0], true); break;
    case FXRT_PW_UNARY:
      fx_buf_printf(b, "fxrt_s_%s(r%d", fx_pw_insn_name(in), (int)in->a);
      for (int q = 0; q < (in->op < FXRT_NUM_UNARY_OPS ? nparams[in->op] : 0); q++) {
        fx_buf_puts(b, ", ");
        put_num(b, in->p[q], true);
      }
      fx_buf_putc(b, ')');
      break;
    default: fx_buf_printf(b, "fxrt_s_%s(r%d, r%d)", fx_pw_insn_name(in), (int)in->a, (int)in->b); break;
    }
    fx_buf_puts(b, ";\n");
  }
  fx_buf_printf(b, "%*sout[", w, "");
  put_index(b, ys, nd);
  fx_buf_printf(b, "] = r%d;\n%*s}\n}\n\n", (int)ncode - 1, w - 2, "");
}

/* One argument or result of a user-defined op's call, as an fxrt_custom_arg initializer; data from ref `ref` (-1:
 * none). */
static void put_custom_arg(em *e, fx_buf *b, const fx_kcall *k, const fxrt_custom_arg *g, int ref, bool in) {
  static const char *const kinds[] = {"FXRT_CUSTOM_NONE", "FXRT_CUSTOM_TENSOR", "FXRT_CUSTOM_INT",
                                      "FXRT_CUSTOM_FLOAT", "FXRT_CUSTOM_BOOL", "FXRT_CUSTOM_INTS"};
  fx_buf_printf(b, "{%s, %s, %d, ", kinds[g->kind], g->kind == FXRT_CUSTOM_TENSOR ? dtype_enum((fxrt_dtype)g->dtype) : "0",
                (int)g->ndim);
  if (g->ndim > 0 && g->shape) {
    fx_buf_puts(b, "(const int64_t[]){");
    for (int32_t d = 0; d < g->ndim; d++) {
      if (d) fx_buf_puts(b, ", ");
      put_i64(b, g->shape[d]);
    }
    fx_buf_puts(b, "}, ");
  } else
    fx_buf_puts(b, "NULL, ");
  if (ref >= 0) {
    fx_buf_puts(b, in ? "(void *)(" : "");
    put_ref(e, b, k, ref);
    fx_buf_puts(b, in ? "), " : ", ");
  } else
    fx_buf_puts(b, "NULL, ");
  put_i64(b, g->i);
  fx_buf_puts(b, ", ");
  put_num(b, g->f, false);
  fx_buf_putc(b, '}');
}

/* A user-defined op: its arguments and results as arrays, then the call of the user's function through fxrt_custom
 * (which turns its non-zero return into FXRT_ECUSTOM). */
static void put_custom_call(em *e, fx_buf *b, const fx_kcall *k) {
  const fx_custom_site *s = k->custom;
  const fx_custom_decl *dc = s->decl;
  fx_buf_puts(b, "  {\n");
  if (s->nargs) {
    fx_buf_printf(b, "    const fxrt_custom_arg args[%d] = {\n", (int)s->nargs);
    for (int32_t i = 0; i < s->nargs; i++) {
      fx_buf_printf(b, "        /* %.*s */ ", (int)dc->params[i].name.n, dc->params[i].name.p);
      put_custom_arg(e, b, k, &s->args[i], s->arg_ref[i], true);
      fx_buf_puts(b, i + 1 < s->nargs ? ",\n" : "};\n");
    }
  }
  fx_buf_printf(b, "    const fxrt_custom_arg results[%d] = {\n", (int)s->nresults);
  for (int32_t j = 0; j < s->nresults; j++) {
    fx_buf_puts(b, "        ");
    put_custom_arg(e, b, k, &s->results[j], s->result_ref[j], false);
    fx_buf_puts(b, j + 1 < s->nresults ? ",\n" : "};\n");
  }
  fx_buf_printf(b, "    const fxrt_custom_call call = {\"%.*s\", %s, %d, results, %d};\n", (int)dc->target.n, dc->target.p,
                s->nargs ? "args" : "NULL", (int)s->nargs, (int)s->nresults);
  fx_buf_printf(b, "    FX2C_CHECK(fxrt_custom(%.*s, &call));\n  }\n", (int)dc->function.n, dc->function.p);
}

/* -Os: a compact kernel's record, `static const fxrt_small_params params = {...};` and a newline. */
static void put_small_record(fx_buf *b, const fxrt_small_params *q) {
  fx_buf_printf(b, "static const fxrt_small_params params = {%ld, %ld, %ld, %ld, %ld, %ld, %ld, %ld, %ld, "
                   "{%ld, %ld}, {%ld, %ld}, {%ld, %ld}, %ld, %ld, ",
                (long)q->n, (long)q->c, (long)q->h, (long)q->w, (long)q->k, (long)q->kh, (long)q->kw, (long)q->oh,
                (long)q->ow, (long)q->stride[0], (long)q->stride[1], (long)q->pad[0], (long)q->pad[1],
                (long)q->dilation[0], (long)q->dilation[1], (long)q->groups, (long)q->divisor);
  put_num(b, q->lo, true), fx_buf_puts(b, ", "), put_num(b, q->hi, true);
  fx_buf_printf(b, ", %ld, %ld, %ld, ", (long)q->x_zp, (long)q->y_zp, (long)q->per_channel);
  put_num(b, q->mult, true), fx_buf_puts(b, "};\n");
}

static bool is_small(const fx_kcall *k) {
  switch (k->kind) {
  case FX_K_SMALL_CONV:
  case FX_K_SMALL_LINEAR:
  case FX_K_SMALL_POOL:
  case FX_K_SMALL_REDUCE:
  case FX_K_SMALL_ARGREDUCE:
  case FX_K_SMALL_LAYER_NORM:
  case FX_K_SMALL_SOFTMAX:
  case FX_K_SMALL_Q8_CONV:
  case FX_K_SMALL_Q8_LINEAR:
  case FX_K_SMALL_Q8_POOL:
  case FX_K_SMALL_Q8_CONV_FX:
  case FX_K_SMALL_Q8_LINEAR_FX:
  case FX_K_SMALL_Q8_POOL_FX:
  case FX_K_SMALL_Q8_QUANTIZE:
  case FX_K_SMALL_Q8_DEQUANTIZE: return true;
  default: return false;
  }
}

/* Whether operand i of call k is a null pointer in the emitted code (put_ref writes NULL). */
static bool null_ref(const em *e, const fx_kcall *k, int i) {
  const fx_ref *r = &k->ref[i];
  if (r->kind == FX_REF_NULL) return true;
  if (r->kind == FX_REF_SCRATCH) return e->f.P->scratch[r->id].loc != FX_MEM_ARENA;
  return r->kind == FX_REF_TENSOR && e->f.P->place[e->f.P->root[r->id]].loc == FX_MEM_NONE;
}

/* A compact convolution that the plan computes over its input (y is x's storage). */
static bool in_place(const em *e, const fx_kcall *k) { return fx_plan_small_in_place(e->f.P, k); }

/* Whether operand a of a compact kernel is a parameter of its shared specialization (emit_small_fn): not when the
 * calls pass NULL, nor the input of a convolution in place (the result's pointer serves). */
static bool small_param(const em *e, const fx_kcall *k, const fx_kernel *d, int a) {
  if (d->args[a].type != FX_ARG_IN && d->args[a].type != FX_ARG_OUT) return false;
  return !null_ref(e, k, d->args[a].slot) && !(d->args[a].slot == 0 && in_place(e, k));
}

/* Two calls of one compact kernel with the same record, the same null pointers among their operands and both in
 * place or neither. */
static bool same_small(const em *e, const fx_kcall *a, const fx_kcall *b) {
  if (a->kind != b->kind || memcmp(&a->p.small, &b->p.small, sizeof a->p.small) != 0) return false;
  if (in_place(e, a) != in_place(e, b)) return false;
  const fx_kernel *d = fx_kernel_desc((fx_kind)a->kind);
  for (int i = 0; i < d->nargs; i++)
    if ((d->args[i].type == FX_ARG_IN || d->args[i].type == FX_ARG_OUT) &&
        null_ref(e, a, d->args[i].slot) != null_ref(e, b, d->args[i].slot))
      return false;
  return true;
}

static void put_call(em *e, fx_buf *b, const fx_kcall *k) {
  if (k->kind == FX_K_CUSTOM) {
    put_custom_call(e, b, k);
    return;
  }
  if (k->kind == FX_K_POINTWISE) { /* a loop of its own (emit_pointwise_fn), which cannot fail */
    fx_buf_printf(b, "  %s(", e->pwname[k - e->f.L->calls]);
    for (int i = 1; i <= k->i[0]; i++)
      if (!pw_reads_result(e, k, i)) {
        put_ref(e, b, k, i);
        fx_buf_puts(b, ", ");
      }
    put_ref(e, b, k, 0);
    fx_buf_puts(b, ");\n");
    return;
  }

  const fx_kernel *d = fx_kernel_desc((fx_kind)k->kind);
  const char *spec = e->spname[k - e->f.L->calls];
  if (spec) { /* the specialization that the calls with this record share (emit_small_fn) */
    fx_buf_printf(b, "  %s(", spec);
    bool first = true;
    for (int a = 0; a < d->nargs; a++)
      if (small_param(e, k, d, a)) {
        if (!first) fx_buf_puts(b, ", ");
        put_ref(e, b, k, d->args[a].slot);
        first = false;
      }
    fx_buf_puts(b, ");\n");
    return;
  }
  bool block = false; /* the compact kernels' record: a static const in flash, not built on the stack at each call */
  for (int a = 0; a < d->nargs; a++)
    if (d->args[a].type == FX_ARG_SMALLPARAMS) {
      fx_buf_puts(b, "  {\n    ");
      put_small_record(b, &k->p.small);
      fx_buf_puts(b, "  ");
      block = true;
    }
  fx_buf_printf(b, "  FX2C_CHECK(%s(", d->function);
  for (int a = 0; a < d->nargs; a++) {
    const int s = d->args[a].slot;
    if (a) fx_buf_puts(b, ", ");
    switch ((fx_arg_type)d->args[a].type) {
    case FX_ARG_IN:
    case FX_ARG_OUT: put_ref(e, b, k, s); break;
    case FX_ARG_VIEW: put_view(b, &k->view[s]); break;
    case FX_ARG_I64:
    case FX_ARG_I32:
    case FX_ARG_SIZE: put_i64(b, k->i[s]); break;
    case FX_ARG_F32: put_num(b, k->f[s], true); break;
    case FX_ARG_F64: put_num(b, k->f[s], false); break;
    case FX_ARG_FLAG: fx_buf_puts(b, k->flag ? "true" : "false"); break;
    case FX_ARG_UNOP: fx_buf_puts(b, unary_enum(k->sub)); break;
    case FX_ARG_BINOP: fx_buf_puts(b, binary_enum(k->sub)); break;
    case FX_ARG_REDOP: fx_buf_puts(b, reduce_enum(k->sub)); break;
    case FX_ARG_SCANOP: fx_buf_puts(b, scan_enum(k->sub)); break;
    case FX_ARG_PADMODE: fx_buf_puts(b, pad_enum(k->sub)); break;
    case FX_ARG_TILE: fx_buf_printf(b, "%d", (int)k->sub); break;
    case FX_ARG_DTYPE: fx_buf_puts(b, dtype_enum(k->dt)); break;
    case FX_ARG_DTYPE2: fx_buf_puts(b, dtype_enum(k->dt2)); break;
    case FX_ARG_UNPARAMS:
      fx_buf_puts(b, "&(const fxrt_unary_params){");
      put_num(b, k->p.un.a, true), fx_buf_puts(b, ", "), put_num(b, k->p.un.b, true), fx_buf_puts(b, ", ");
      put_num(b, k->p.un.c, true), fx_buf_putc(b, '}');
      break;
    case FX_ARG_CONVPARAMS: {
      const fxrt_conv2d_params *c = &k->p.conv;
      fx_buf_printf(b, "&(const fxrt_conv2d_params){{%lld, %lld}, {%lld, %lld}, {%lld, %lld}, %lld, {%lld, %lld}}",
                    (long long)c->stride[0], (long long)c->stride[1], (long long)c->padding[0], (long long)c->padding[1],
                    (long long)c->dilation[0], (long long)c->dilation[1], (long long)c->groups,
                    (long long)c->pad_extra[0], (long long)c->pad_extra[1]);
      break;
    }
    case FX_ARG_CONVTPARAMS: {
      const fxrt_conv_transpose2d_params *c = &k->p.convt;
      fx_buf_printf(b, "&(const fxrt_conv_transpose2d_params){{%lld, %lld}, {%lld, %lld}, {%lld, %lld}, {%lld, %lld}, %lld}",
                    (long long)c->stride[0], (long long)c->stride[1], (long long)c->padding[0], (long long)c->padding[1],
                    (long long)c->output_padding[0], (long long)c->output_padding[1], (long long)c->dilation[0],
                    (long long)c->dilation[1], (long long)c->groups);
      break;
    }
    case FX_ARG_POOLPARAMS: {
      const fxrt_pool2d_params *q = &k->p.pool;
      fx_buf_printf(b, "&(const fxrt_pool2d_params){{%lld, %lld}, {%lld, %lld}, {%lld, %lld}, {%lld, %lld}, %s, %s, %lld}",
                    (long long)q->kernel[0], (long long)q->kernel[1], (long long)q->stride[0], (long long)q->stride[1],
                    (long long)q->padding[0], (long long)q->padding[1], (long long)q->dilation[0],
                    (long long)q->dilation[1], q->ceil_mode ? "true" : "false", q->count_include_pad ? "true" : "false",
                    (long long)q->divisor_override);
      break;
    }
    case FX_ARG_CONV3PARAMS: {
      const fxrt_conv3d_params *c = &k->p.conv3;
      fx_buf_printf(b,
                    "&(const fxrt_conv3d_params){{%lld, %lld, %lld}, {%lld, %lld, %lld}, {%lld, %lld, %lld}, %lld, "
                    "{%lld, %lld, %lld}}",
                    (long long)c->stride[0], (long long)c->stride[1], (long long)c->stride[2],
                    (long long)c->padding[0], (long long)c->padding[1], (long long)c->padding[2],
                    (long long)c->dilation[0], (long long)c->dilation[1], (long long)c->dilation[2],
                    (long long)c->groups, (long long)c->output_padding[0], (long long)c->output_padding[1],
                    (long long)c->output_padding[2]);
      break;
    }
    case FX_ARG_POOL3PARAMS: {
      const fxrt_pool3d_params *q = &k->p.pool3;
      fx_buf_printf(b,
                    "&(const fxrt_pool3d_params){{%lld, %lld, %lld}, {%lld, %lld, %lld}, {%lld, %lld, %lld}, "
                    "{%lld, %lld, %lld}, %s, %s, %lld}",
                    (long long)q->kernel[0], (long long)q->kernel[1], (long long)q->kernel[2],
                    (long long)q->stride[0], (long long)q->stride[1], (long long)q->stride[2],
                    (long long)q->padding[0], (long long)q->padding[1], (long long)q->padding[2],
                    (long long)q->dilation[0], (long long)q->dilation[1], (long long)q->dilation[2],
                    q->ceil_mode ? "true" : "false", q->count_include_pad ? "true" : "false",
                    (long long)q->divisor_override);
      break;
    }
    case FX_ARG_PADS:
      fx_buf_printf(b, "(const int64_t[]){%lld, %lld, %lld, %lld}", (long long)k->i[s], (long long)k->i[s + 1],
                    (long long)k->i[s + 2], (long long)k->i[s + 3]);
      break;
    case FX_ARG_THREADS: fx_buf_puts(b, "threads"); break;
    case FX_ARG_SMALLPARAMS: fx_buf_puts(b, "&params"); break;
    case FX_ARG_EPILOGUE:
      if (!k->has_ep) {
        fx_buf_puts(b, "NULL");
        break;
      }
      fx_buf_printf(b, "&(const fxrt_epilogue){%s, ", act_enum(k->ep.act));
      put_num(b, k->ep.alpha, true), fx_buf_puts(b, ", "), put_num(b, k->ep.lo, true), fx_buf_puts(b, ", ");
      put_num(b, k->ep.hi, true), fx_buf_puts(b, ", "), put_ref(e, b, k, s), fx_buf_putc(b, '}');
      break;
    default: break; /* POINTWISE: written as a loop above */
    }
  }
  fx_buf_puts(b, block ? "));\n  }\n" : "));\n");
}

/* ---- files ---- */

static bool write_file(const char *dir, const char *name, const void *data, size_t n, fx_diag *d) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return fx_write_file(path, data, n, d);
}

/* The weights: static const arrays of bit patterns (model_weights.h), or one blob (model_weights.bin). */
/* Weights are written as rows of string literals (each at most 4095 characters long, as C99 requires of a
 * compiler): compilers read them far faster than arrays of numbers, and the text is 2.7 times the bytes. */
#define FX_WEIGHT_ROW 4064

/* One byte inside a string literal: printable characters as themselves, the rest as octal escapes (three digits
 * when an octal digit follows). '?' is escaped because of trigraphs. */
static void put_byte(fx_buf *b, unsigned char c, unsigned char next) {
  if (c >= 32 && c < 127 && c != '"' && c != '\\' && c != '?') {
    fx_buf_putc(b, (char)c);
    return;
  }
  if (c == '"' || c == '\\' || c == '?') {
    fx_buf_putc(b, '\\');
    fx_buf_putc(b, (char)c);
    return;
  }
  char t[6];
  if (next >= '0' && next <= '7') snprintf(t, sizeof t, "\\%03o", c);
  else snprintf(t, sizeof t, "\\%o", c);
  fx_buf_puts(b, t);
}

/* Whether weight tensor t is written: the first tensor of its data (a weight can be reached through a get_attr
 * and through its module), and one of them is used. */
static bool weight_written(em *e, uint32_t t) { return fx_iface_weight_written(&e->f, t); }

static uint64_t emit_weights(em *e, fx_buf *h, fx_buf *bin, uint64_t *woff) {
  const fx_program *p = e->f.p;
  uint64_t total = 0;
  uint32_t count = 0;
  for (uint32_t t = 0; t < p->ntensors; t++)
    if (weight_written(e, t)) {
      count++;
      total += fx_tinfo_bytes(&p->tensors[t]);
    }
  if (e->f.o->weights_file) return fx_iface_weights_blob(&e->f, bin, woff);
  fx_buf_printf(h,
                "/* model_weights.h: the weights of %s_run: %u tensors, %llu bytes. Included by model.c only.\n"
                " * Each is its little-endian bytes, exactly as in the weights file (this code is for little-endian targets). */\n"
                "#ifndef %s_WEIGHTS_H\n#define %s_WEIGHTS_H\n\n#include <stdint.h>\n\n"
                "/* FX2C_WEIGHT(NAME): each weight in a section of its own, .rodata.%s.NAME on ELF targets (a linker\n"
                " * script can place it, a map file and `size -A` show it)%s */\n"
                "#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)\n"
                "#define FX2C_WEIGHT(name) __attribute__((section(\".rodata.%s.\" #name)%s))\n"
                "#elif defined(__GNUC__) || defined(__clang__)\n#define FX2C_WEIGHT(name)%s\n"
                "#else\n#define FX2C_WEIGHT(name)\n#endif\n",
                e->f.prefix, count, (unsigned long long)total, e->f.upper, e->f.upper, e->f.prefix,
                e->f.p->small ? ", aligned as its elements" : ", 64-byte aligned", e->f.prefix,
                e->f.p->small ? "" : ", aligned(64)", e->f.p->small ? "" : " __attribute__((aligned(64)))");
  for (uint32_t t = 0; t < p->ntensors; t++) {
    if (!weight_written(e, t)) continue;
    const fx_tinfo *ti = &p->tensors[t];
    const fx_tensor *w = ti->data;
    int64_t n = fx_tinfo_numel(ti);
    int64_t len = n ? n : 1;
    size_t es = fxrt_dtype_size(ti->dtype);
    fx_buf_puts(h, "\n/* ");
    fx_put_comment_text(h, w->name.p, w->name.n);
    fx_buf_printf(h, ": %s", fxrt_dtype_name(ti->dtype));
    fx_put_shape(h, ti->ndim, ti->shape);
    fx_buf_puts(h, " */\n");
    /* whole rows, then the rest: exactly the tensor's bytes (an empty tensor: one byte) */
    const size_t bytes = (size_t)n * es, rows = bytes / FX_WEIGHT_ROW, tail = bytes ? bytes % FX_WEIGHT_ROW : 1;
    fx_buf_puts(h, "static const union { struct { ");
    if (rows) fx_buf_printf(h, "unsigned char r[%zu][%d]; ", rows, FX_WEIGHT_ROW);
    if (tail) fx_buf_printf(h, "unsigned char t[%zu]; ", tail);
    fx_buf_printf(h, "} c; %s v[%lld]; } %s FX2C_WEIGHT(%s) = {{", ctype(ti->dtype), (long long)len, e->f.wname[t],
                  e->f.wname[t]);
    const unsigned char *d = w->data;
    if (rows) fx_buf_puts(h, "{");
    for (size_t r = 0; r <= rows; r++) {
      const size_t begin = r * FX_WEIGHT_ROW, end = r < rows ? begin + FX_WEIGHT_ROW : bytes;
      if (r == rows && !tail) break;
      fx_buf_puts(h, "\n\"");
      for (size_t i = begin; i < end; i++) put_byte(h, d[i], i + 1 < end ? d[i + 1] : 0);
      fx_buf_puts(h, r + 1 < rows ? "\"," : r + 1 == rows ? "\"}," : "\"");
    }
    fx_buf_puts(h, "\n}};\n");
  }
  fx_buf_puts(h, "\n#endif\n");
  return total;
}

static void emit_node_comment(em *e, fx_buf *b, uint32_t node) {
  fx_buf line = {0};
  fx_format_node(e->f.p->g, node, &line);
  fx_buf_puts(b, "\n  /* ");
  fx_put_comment_text(b, line.p, line.n);
  fx_buf_puts(b, " */\n");
  fx_buf_free(&line);
  const fx_str ab = e->f.p->g->nodes[node].absorbed;
  if (ab.n) {
    fx_buf_puts(b, "  /*   absorbed: ");
    fx_put_comment_text(b, ab.p, ab.n);
    fx_buf_puts(b, " */\n");
  }
}

/* A short note for a node that runs no code. */
static void emit_note(em *e, fx_buf *b, uint32_t node) {
  const fx_inst *in = &e->f.p->inst[node];
  const fx_node *nd = &e->f.p->g->nodes[node];
  const fx_value *v = &in->result;
  if (nd->opcode == FX_OUTPUT) return;
  if (v->kind == FX_V_TENSOR) {
    uint32_t t = v->v.node, root = e->f.P->root[t];
    const fx_tinfo *ti = &e->f.p->tensors[t];
    const fx_place *pl = &e->f.P->place[root];
    fx_buf_printf(b, "  /*   %s", fxrt_dtype_name(ti->dtype));
    fx_put_shape(b, ti->ndim, ti->shape);
    if (ti->kind == FX_T_INPUT && root == t) fx_buf_puts(b, ": an input");
    else if (ti->kind == FX_T_WEIGHT && root == t) fx_buf_puts(b, ": a weight");
    else if (pl->loc == FX_MEM_NONE) fx_buf_puts(b, ": not used");
    else {
      fx_buf_puts(b, ": shares the storage of ");
      if (pl->loc == FX_MEM_OUTPUT) fx_buf_printf(b, "output%u", pl->index);
      else fx_buf_puts(b, e->f.name[root]);
    }
    fx_buf_puts(b, " */\n");
    return;
  }
  if (v->kind == FX_V_NONE && nd->opcode != FX_PLACEHOLDER) return;
  fx_buf line = {0};
  fx_format_value(e->f.p->g, v, false, &line);
  fx_buf_puts(b, "  /*   known at compile time: ");
  fx_put_comment_text(b, line.p, line.n > 200 ? 200 : line.n);
  fx_buf_puts(b, line.n > 200 ? "... */\n" : " */\n");
  fx_buf_free(&line);
}

/* The walk over the schedule (program/walk.h) that prints NAME_run's body: each node under its FX line. */
static bool model_node_begin(void *ctx, uint32_t node, uint32_t ncalls) {
  em *e = ctx;
  e->timed = e->f.o->profile && ncalls > 0;
  if (node == FX_NONE_IDX) fx_buf_puts(e->out, "\n  /* inputs and weights that the graph writes into, copied first */\n");
  else emit_node_comment(e, e->out, node);
  if (node != FX_NONE_IDX && !ncalls) emit_note(e, e->out, node);
  if (e->timed) fx_buf_puts(e->out, "  prof_t0 = fxrt_profile_clock();\n");
  return true;
}

static bool model_call(void *ctx, uint32_t node, const fx_kcall *k) {
  (void)node;
  put_call(ctx, ((em *)ctx)->out, k);
  return true;
}

static bool model_node_end(void *ctx, uint32_t node) {
  em *e = ctx;
  const fx_lowered *L = e->f.L;
  if (e->timed) fx_buf_printf(e->out, "  fxrt_profile_node(&%s_nodes[%u], prof_t0, fxrt_profile_clock());\n", e->f.prefix, e->pnode++);
  if (node == FX_NONE_IDX || e->f.p->g->nodes[node].opcode != FX_OUTPUT) return true;
  int direct = 0;
  for (uint32_t j = 0; j < L->noutputs; j++) direct |= L->outputs[j].direct;
  if (direct) {
    fx_buf_puts(e->out, "  /*   computed in place:");
    for (uint32_t j = 0; j < L->noutputs; j++)
      if (L->outputs[j].direct) {
        fx_buf_printf(e->out, "%s output%u = %s", direct > 1 ? "," : "", j, e->f.name[e->f.P->root[L->outputs[j].tensor]]);
        direct = 2;
      }
    fx_buf_puts(e->out, " */\n");
  }
  return true;
}

/* -Os: a compact kernel specialized to the record (shapes and parameters) that calls c and others share: a static
 * function with the kernel's body inline (fxrt_small.h), called once per call. */
static void emit_small_fn(em *e, fx_buf *b, uint32_t c) {
  const fx_kcall *k = &e->f.L->calls[c];
  const fx_kernel *d = fx_kernel_desc((fx_kind)k->kind);
  fx_buf_printf(b, "/* %s specialized to the record that", d->function);
  for (uint32_t c2 = c, nth = 0; c2 < e->f.L->ncalls; c2++)
    if (e->spname[c2] == e->spname[c]) {
      const fx_node *nd = &e->f.p->g->nodes[e->f.L->calls[c2].node];
      fx_buf_printf(b, "%s%.*s", nth++ ? ", " : " ", (int)nd->name.n, nd->name.p);
    }
  fx_buf_printf(b, " share%s */\nstatic void %s(", in_place(e, k) ? ", each in place" : "", e->spname[c]);
  bool first = true, scratch = false;
  for (int a = 0; a < d->nargs; a++)
    if (small_param(e, k, d, a)) {
      fx_buf_printf(b, "%s%s%s *%s", first ? "" : ", ", d->args[a].type == FX_ARG_IN ? "const " : "",
                    ctype((fxrt_dtype)k->ref[d->args[a].slot].dtype), d->args[a].name);
      first = false;
      scratch |= strcmp(d->args[a].name, "scratch") == 0;
    }
  fx_buf_puts(b, ") {\n  ");
  put_small_record(b, &k->p.small);
  /* a compact kernel fails on an invalid record only, and lowering wrote this one: no status to pass on. The
   * scratch is never NULL here; testing it lets the compiler keep the in-place loop alone. */
  fx_buf_printf(b, "  %s(void)%s(", scratch ? "if (scratch) " : "", d->function);
  for (int a = 0; a < d->nargs; a++) {
    const fx_arg_type t = (fx_arg_type)d->args[a].type;
    const char *arg = t == FX_ARG_SMALLPARAMS ? "&params"
                      : small_param(e, k, d, a) ? d->args[a].name
                      : (t == FX_ARG_IN || t == FX_ARG_OUT) && !null_ref(e, k, d->args[a].slot) ? "y" /* in place */
                                                                                                 : "NULL";
    fx_buf_printf(b, "%s%s", a ? ", " : "", arg);
  }
  fx_buf_puts(b, ");\n}\n\n");
}

/* The arrays that lowering computed (lower.h: fx_lconst), each under a comment naming its node. */
static void emit_consts(em *e, fx_buf *b) {
  const fx_lowered *L = e->f.L;
  for (uint32_t c = 0; c < L->nconsts; c++) {
    const fx_lconst *k = &L->consts[c];
    const fx_node *n = &e->f.p->g->nodes[k->node];
    fx_buf_puts(b, "/* ");
    fx_put_comment_text(b, n->name.p, n->name.n);
    fx_buf_printf(b, ": %s, %s[%lld], computed when compiling */\n", k->what, fxrt_dtype_name(k->dtype),
                  (long long)k->numel);
    fx_buf_printf(b, "static const %s %s_c%u[%lld] = {", ctype(k->dtype), k->what, c,
                  (long long)(k->numel > 0 ? k->numel : 1));
    for (int64_t i = 0; i < k->numel; i++) {
      fx_buf_puts(b, i % 8 ? ", " : i ? ",\n    " : "\n    ");
      switch (k->dtype) {
      case FXRT_F32: put_num(b, ((const float *)k->data)[i], true); break;
      case FXRT_I32: put_i64(b, ((const int32_t *)k->data)[i]); break;
      case FXRT_U8: fx_buf_printf(b, "%u", ((const uint8_t *)k->data)[i]); break;
      case FXRT_I8: fx_buf_printf(b, "%d", ((const int8_t *)k->data)[i]); break;
      default: put_i64(b, ((const int64_t *)k->data)[i]); break;
      }
    }
    fx_buf_puts(b, k->numel > 0 ? "};\n\n" : "0};\n\n");
  }
}

static void emit_model(em *e, fx_buf *b, const uint64_t *woff) {
  const fx_program *p = e->f.p;
  const fx_lowered *L = e->f.L;
  fx_buf_printf(b, "/* model.c: %s_run (see model.h). One statement per kernel call, in graph order, each node under\n"
                   " * the FX line it implements. FX2C_CHECK returns the first failing status. */\n",
                e->f.prefix);
  fx_buf_puts(b, "#include \"model.h\"\n");
  if (!e->f.o->weights_file) fx_buf_puts(b, "#include \"model_weights.h\"\n");
  bool any_pw = false;
  for (uint32_t c = 0; c < L->ncalls; c++) any_pw |= L->calls[c].kind == FX_K_POINTWISE;
  if (any_pw) fx_buf_puts(b, "#include \"fxrt_scalar.h\"\n");
  bool any_small = false;
  for (uint32_t c = 0; c < L->ncalls; c++) any_small |= is_small(&L->calls[c]) || L->calls[c].kind == FX_K_SMALL_COPY;
  if (any_small) /* -Os: the compact kernels inline, each specialized to its call's constant record or views */
    fx_buf_puts(b, "#define FXRT_SMALL_INLINE 1\n#include \"fxrt_small.h\"\n");
  fx_buf_puts(b, "\n#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n\n"
                 "#define FX2C_CHECK(call)                \\\n  do {                                  \\\n"
                 "    fxrt_status s_ = (call);            \\\n    if (s_ != FXRT_OK) return s_;       \\\n"
                 "  } while (0)\n\n");
  for (uint32_t c = 0; c < L->ncalls; c++) { /* the user-defined ops' functions (--custom-ops), each once */
    const fx_kcall *k = &L->calls[c];
    bool first = k->kind == FX_K_CUSTOM;
    for (uint32_t c2 = 0; c2 < c && first; c2++)
      first = !(L->calls[c2].kind == FX_K_CUSTOM && fx_str_eq(L->calls[c2].custom->decl->function, k->custom->decl->function));
    if (first)
      fx_buf_printf(b, "int %.*s(const fxrt_custom_call *call); /* %.*s, declared with --custom-ops */\n",
                    (int)k->custom->decl->function.n, k->custom->decl->function.p, (int)k->custom->decl->target.n,
                    k->custom->decl->target.p);
  }
  emit_consts(e, b);
  for (uint32_t c = 0; c < L->ncalls; c++)
    if (L->calls[c].kind == FX_K_POINTWISE) emit_pointwise_fn(e, b, &L->calls[c], e->pwname[c]);
  for (uint32_t c = 0; c < L->ncalls; c++)
    if (e->spname[c]) {
      bool first = true; /* the first call of each shared record */
      for (uint32_t c2 = 0; c2 < c && first; c2++) first = e->spname[c2] != e->spname[c];
      if (first) emit_small_fn(e, b, c);
    }
  if (e->f.o->profile) fx_iface_nodes_table(&e->f, b);
  fx_iface_signature(&e->f, b, true);
  fx_buf_puts(b, " {\n");
  bool any_threads = false;
  for (uint32_t c = 0; c < L->ncalls; c++) {
    const fx_kernel *kd = fx_kernel_desc((fx_kind)L->calls[c].kind);
    for (int a = 0; a < kd->nargs; a++) any_threads |= kd->args[a].type == FX_ARG_THREADS;
  }
  if (!any_threads) fx_buf_puts(b, "  (void)threads; /* no kernel of this model splits its work */\n");
  if (e->f.o->profile && e->f.nnodes) fx_buf_puts(b, "  uint64_t prof_t0; /* when the node being timed began (fxrt_profile_clock) */\n");
  bool any_arena = false;
  for (uint32_t t = 0; t < p->ntensors; t++)
    any_arena |= e->f.P->root[t] == t && e->f.P->place[t].loc == FX_MEM_ARENA;
  for (uint32_t s = 0; s < e->f.P->nscratch; s++) any_arena |= e->f.P->scratch[s].loc == FX_MEM_ARENA;
  if (any_arena && e->f.P->align > 1)
    fx_buf_printf(b, "  if ((uintptr_t)workspace %% %s_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */\n", e->f.upper);
  if (any_arena) fx_buf_puts(b, "  unsigned char *const ws = (unsigned char *)workspace;\n");
  else fx_buf_puts(b, "  (void)workspace;\n");
  if (e->f.o->weights_file) {
    fx_buf_puts(b, "  const unsigned char *const wb = (const unsigned char *)weights;\n");
    bool any = false;
    for (uint32_t t = 0; t < p->ntensors; t++) {
      if (!weight_written(e, t)) continue;
      const fx_tinfo *ti = &p->tensors[t];
      fx_buf_printf(b, "  const %s *const %s = (const %s *)(const void *)(wb + %llu); /* ", ctype(ti->dtype), e->f.wname[t],
                    ctype(ti->dtype), (unsigned long long)woff[t]);
      fx_put_comment_text(b, ti->data->name.p, ti->data->name.n);
      fx_buf_puts(b, " */\n");
      any = true;
    }
    if (!any) fx_buf_puts(b, "  (void)wb;\n");
  }
  /* the activations' places in the workspace */
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_place *pl = &e->f.P->place[t];
    if (e->f.P->root[t] != t || pl->loc != FX_MEM_ARENA) continue;
    const fx_tinfo *ti = &p->tensors[t];
    fx_buf_printf(b, "  %s *const %s = (%s *)(void *)(ws + %llu); /* %s", ctype(ti->dtype), e->f.name[t],
                  ctype(ti->dtype), (unsigned long long)pl->offset, fxrt_dtype_name(ti->dtype));
    fx_put_shape(b, ti->ndim, ti->shape);
    fx_buf_printf(b, ", calls %u..%u */\n", pl->first, pl->last);
  }
  /* inputs the graph writes into, and the rest in graph order */
  e->out = b;
  fx_walker w = {model_node_begin, model_call, model_node_end};
  fx_walk(L, &w, e);
  fx_buf_puts(b, "  return FXRT_OK;\n}\n\n");
  fx_iface_signature(&e->f, b, false);
  fx_buf_printf(b, " {\n  return %s_run_threads(", e->f.prefix);
  fx_iface_call_args(&e->f, b);
  fx_buf_puts(b, ", NULL);\n}\n");
}

bool fx_emit_c(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *dir, fx_diag *d) {
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create '%s': %s", dir, strerror(errno));
    return false;
  }
  em e = {0};
  fx_iface_init(&e.f, L, P, o);
  const fx_program *p = L->p;
  e.pwname = fx_xcalloc(L->ncalls + 1, sizeof *e.pwname);
  for (uint32_t c = 0; c < L->ncalls; c++)
    if (L->calls[c].kind == FX_K_POINTWISE) {
      const fx_node *nd = &p->g->nodes[L->calls[c].node];
      e.pwname[c] = fx_iface_make_name(&e.f, "pointwise_", nd->name.p, nd->name.n);
    }
  e.spname = fx_xcalloc(L->ncalls + 1, sizeof *e.spname);
  for (uint32_t c = 0; c < L->ncalls; c++) { /* -Os: a compact kernel's record that two calls or more share */
    const fx_kcall *k = &L->calls[c];
    if (!is_small(k)) continue;
    uint32_t first = 0; /* the first call with this record names it, if a later one has it too */
    while (!same_small(&e, &L->calls[first], k)) first++;
    if (first < c) {
      e.spname[c] = e.spname[first];
      continue;
    }
    for (uint32_t c2 = c + 1; c2 < L->ncalls && !e.spname[c]; c2++)
      if (same_small(&e, &L->calls[c2], k)) {
        const char *fn = fx_kernel_desc((fx_kind)k->kind)->function + 5; /* small_..._f32 */
        e.spname[c] = fx_iface_make_name(&e.f, "", fn, strlen(fn));
      }
  }
  fx_buf model = {0}, header = {0}, weights = {0}, bin = {0}, mainc = {0};
  uint64_t *woff = fx_xcalloc(p->ntensors + 1, sizeof *woff);
  uint64_t wbytes = emit_weights(&e, &weights, &bin, woff);
  emit_model(&e, &model, woff);
  fx_iface_header(&e.f, &header, wbytes);
  bool ok = write_file(dir, "model.h", header.p, header.n, d) && write_file(dir, "model.c", model.p, model.n, d);
  if (ok) ok = o->weights_file ? write_file(dir, "model_weights.bin", bin.p, bin.n, d)
                               : write_file(dir, "model_weights.h", weights.p, weights.n, d);
  if (ok && o->exe_main) {
    if (!fx_iface_main(&e.f, &mainc)) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "this fx2c was built without the executable driver");
      ok = false;
    } else {
      ok = write_file(dir, "main.c", mainc.p, mainc.n, d);
      const fx_embedded *prof = fx_embedded_find("fxm_profile.h");
      if (ok && prof) ok = write_file(dir, prof->name, prof->data, prof->size, d);
    }
  }
  /* the runtime: every header, and the sources of the kernels called */
  for (const fx_embedded *f = fx_embedded_files; ok && f->name; f++) {
    size_t n = strlen(f->name);
    bool header_file = n > 2 && strcmp(f->name + n - 2, ".h") == 0;
    if (strncmp(f->name, "fxrt", 4) == 0 && (header_file || fx_runtime_file_needed(L, o->exe_main, f->name)))
      ok = write_file(dir, f->name, f->data, f->size, d);
  }
  /* the user-defined ops' sources (--custom-ops), beside model.c under their own names */
  for (int i = 0; ok && i < o->nuser_sources; i++) {
    const char *src = o->user_sources[i], *slash = strrchr(src, '/');
    const char *name = slash ? slash + 1 : src;
    bool clash = strcmp(name, "model.c") == 0 || strcmp(name, "main.c") == 0 || strncmp(name, "fxrt", 4) == 0 ||
                 strncmp(name, "fxm_", 4) == 0 || strncmp(name, "model_weights", 13) == 0;
    for (int j = 0; j < i && !clash; j++) {
      const char *s2 = strrchr(o->user_sources[j], '/');
      clash = strcmp(s2 ? s2 + 1 : o->user_sources[j], name) == 0;
    }
    if (clash) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0},
                    "the custom ops' source '%s' cannot be copied into the C folder: '%s' is the name of another of its "
                    "files",
                    src, name);
      fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "rename the file (the C folder keeps each source under its own name)");
      ok = false;
      break;
    }
    char dst[4200];
    snprintf(dst, sizeof dst, "%s/%s", dir, name);
    char *rs = realpath(src, NULL), *rd = realpath(dst, NULL);
    bool same = rs && rd && strcmp(rs, rd) == 0; /* the folder is where the file is: nothing to copy */
    free(rs);
    free(rd);
    if (same) continue;
    char *data = NULL;
    size_t n = 0;
    if (!fx_read_file(src, &data, &n)) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot read '%s': %s", src, strerror(errno));
      ok = false;
      break;
    }
    ok = write_file(dir, name, data, n, d);
    fx_xfree(data);
  }
  fx_buf_free(&model);
  fx_buf_free(&header);
  fx_buf_free(&weights);
  fx_buf_free(&bin);
  fx_buf_free(&mainc);
  fx_xfree(woff);
  fx_xfree(e.pwname);
  fx_xfree(e.spname);
  fx_iface_free(&e.f);
  return ok;
}