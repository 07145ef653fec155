/* custom.c: the declaration file of user-defined ops (custom.h, docs/custom-ops.md). */
#include "custom.h"

#include "frontend.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DECLS 4096

typedef struct cursor {
  const fx_source *src;
  const char *p, *end; /* the rest of the line */
  fx_diag *d;
  bool failed;
} cursor;

static void skip_ws(cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')) c->p++;
}

static bool error_at(cursor *c, const char *at, size_t len, const char *fmt, const char *arg) {
  if (c->failed) return false;
  c->failed = true;
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg ? arg : "");
  fx_diag_error(c->d, c->src, fx_loc_at(c->src, (size_t)(at - c->src->text), (uint32_t)(len ? len : 1)), "%s", msg);
  return false;
}

static bool is_ident_start(char ch) { return isalpha((unsigned char)ch) || ch == '_'; }
static bool is_ident(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

/* An identifier (dots allowed when `dotted`). */
static fx_str ident(cursor *c, bool dotted) {
  skip_ws(c);
  const char *s = c->p;
  if (c->p < c->end && is_ident_start(*c->p))
    while (c->p < c->end && (is_ident(*c->p) || (dotted && *c->p == '.' && c->p + 1 < c->end && is_ident_start(c->p[1]))))
      c->p++;
  return fx_str_make(s, (size_t)(c->p - s));
}

static bool accept(cursor *c, const char *tok) {
  skip_ws(c);
  size_t n = strlen(tok);
  if ((size_t)(c->end - c->p) >= n && memcmp(c->p, tok, n) == 0) {
    c->p += n;
    return true;
  }
  return false;
}

static bool expect(cursor *c, const char *tok, const char *what) {
  if (accept(c, tok)) return true;
  return error_at(c, c->p, 1, "expected %s", what);
}

/* ---- dtypes ---- */

static bool dtype_named(fx_str s, fxrt_dtype *out) {
  static const struct {
    const char *name;
    fxrt_dtype dt;
  } names[] = {{"float32", FXRT_F32}, {"float", FXRT_F32},  {"f32", FXRT_F32},     {"float64", FXRT_F64},
               {"double", FXRT_F64},  {"f64", FXRT_F64},    {"float16", FXRT_F16}, {"half", FXRT_F16},
               {"f16", FXRT_F16},     {"bfloat16", FXRT_BF16}, {"bf16", FXRT_BF16}, {"int64", FXRT_I64},
               {"long", FXRT_I64},    {"i64", FXRT_I64},    {"int32", FXRT_I32},   {"int", FXRT_I32},
               {"i32", FXRT_I32},     {"int16", FXRT_I16},  {"short", FXRT_I16},   {"i16", FXRT_I16},
               {"int8", FXRT_I8},     {"i8", FXRT_I8},      {"uint8", FXRT_U8},    {"u8", FXRT_U8},
               {"bool", FXRT_BOOL}};
  if (fx_str_starts_with(s, "torch.")) s = fx_str_make(s.p + 6, s.n - 6);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (fx_str_eqz(s, names[i].name)) {
      *out = names[i].dt;
      return true;
    }
  return false;
}

/* ---- dimension expressions ---- */

typedef struct dimeval {
  const fx_custom_decl *decl;
  const char *p, *end;
  const int64_t *vals; /* NULL: only check the names (values count as 1) */
  const int32_t *ndims;
  const int64_t *const *shapes;
  char *err;
  size_t errcap;
  const char *errat;
} dimeval;

static void de_ws(dimeval *e) {
  while (e->p < e->end && (*e->p == ' ' || *e->p == '\t')) e->p++;
}

static bool de_fail(dimeval *e, const char *at, const char *fmt, fx_str s) {
  if (!e->errat) {
    snprintf(e->err, e->errcap, fmt, (int)s.n, s.p);
    e->errat = at;
  }
  return false;
}

static bool de_int(dimeval *e, int64_t *out) {
  de_ws(e);
  const char *s = e->p;
  int64_t v = 0;
  while (e->p < e->end && isdigit((unsigned char)*e->p)) {
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, *e->p - '0', &v))
      return de_fail(e, s, "the number %.*s is too large", fx_str_make(s, (size_t)(e->p - s + 1)));
    e->p++;
  }
  if (e->p == s) return de_fail(e, s, "expected a number%.*s", fx_str_make("", 0));
  *out = v;
  return true;
}

static bool de_expr(dimeval *e, int64_t *out);

static bool de_primary(dimeval *e, int64_t *out) {
  de_ws(e);
  if (e->p < e->end && *e->p == '-') {
    e->p++;
    int64_t v;
    if (!de_primary(e, &v)) return false;
    if (v == INT64_MIN) return de_fail(e, e->p, "integer overflow%.*s", fx_str_make("", 0));
    *out = -v;
    return true;
  }
  if (e->p < e->end && *e->p == '(') {
    e->p++;
    if (!de_expr(e, out)) return false;
    de_ws(e);
    if (e->p >= e->end || *e->p != ')') return de_fail(e, e->p, "expected ')'%.*s", fx_str_make("", 0));
    e->p++;
    return true;
  }
  if (e->p < e->end && isdigit((unsigned char)*e->p)) return de_int(e, out);
  const char *s = e->p;
  while (e->p < e->end && is_ident(*e->p)) e->p++;
  fx_str name = fx_str_make(s, (size_t)(e->p - s));
  if (!name.n || !is_ident_start(*s))
    return de_fail(e, s, "expected a number, an int parameter or PARAM.shape[K]%.*s", fx_str_make("", 0));
  int k = -1;
  for (int i = 0; i < e->decl->nparams; i++)
    if (fx_str_eq(e->decl->params[i].name, name)) k = i;
  if (k < 0) return de_fail(e, s, "'%.*s' is not a parameter of the op", name);
  const fx_custom_param *pa = &e->decl->params[k];
  if (e->p < e->end && *e->p == '.') {
    const char *dot = e->p;
    e->p++;
    static const char shape[] = "shape[";
    if ((size_t)(e->end - e->p) < sizeof shape - 1 || memcmp(e->p, shape, sizeof shape - 1) != 0)
      return de_fail(e, dot, "expected .shape[K] after the parameter '%.*s'", name);
    e->p += sizeof shape - 1;
    if (pa->type != FX_CT_TENSOR) return de_fail(e, s, "'%.*s' is not a Tensor parameter: it has no shape", name);
    de_ws(e);
    bool neg = e->p < e->end && *e->p == '-';
    if (neg) e->p++;
    int64_t idx;
    if (!de_int(e, &idx)) return false;
    de_ws(e);
    if (e->p >= e->end || *e->p != ']') return de_fail(e, e->p, "expected ']'%.*s", fx_str_make("", 0));
    e->p++;
    if (!e->vals) {
      *out = 1;
      return true;
    }
    int32_t nd = e->ndims[k];
    int64_t d = neg ? nd - idx : idx;
    if (d < 0 || d >= nd || (neg && idx == 0))
      return de_fail(e, s, "shape index out of range: '%.*s' has fewer dimensions", name);
    *out = e->shapes[k][d];
    return true;
  }
  if (pa->type != FX_CT_INT) return de_fail(e, s, "'%.*s' is not an int parameter (a tensor's size is PARAM.shape[K])", name);
  *out = e->vals ? e->vals[k] : 1;
  return true;
}

static bool de_term(dimeval *e, int64_t *out) {
  if (!de_primary(e, out)) return false;
  for (;;) {
    de_ws(e);
    bool mul = e->p < e->end && *e->p == '*';
    bool div = e->end - e->p >= 2 && e->p[0] == '/' && e->p[1] == '/';
    if (!mul && !div) return true;
    const char *at = e->p;
    e->p += mul ? 1 : 2;
    int64_t b;
    if (!de_primary(e, &b)) return false;
    if (mul) {
      if (__builtin_mul_overflow(*out, b, out)) return de_fail(e, at, "integer overflow%.*s", fx_str_make("", 0));
    } else {
      if (b == 0) {
        if (!e->vals) continue;
        return de_fail(e, at, "division by zero%.*s", fx_str_make("", 0));
      }
      if (*out == INT64_MIN && b == -1) return de_fail(e, at, "integer overflow%.*s", fx_str_make("", 0));
      int64_t q = *out / b; /* Python's floor division */
      if ((*out % b != 0) && ((*out < 0) != (b < 0))) q--;
      *out = q;
    }
  }
}

static bool de_expr(dimeval *e, int64_t *out) {
  if (!de_term(e, out)) return false;
  for (;;) {
    de_ws(e);
    if (e->p >= e->end || (*e->p != '+' && *e->p != '-')) return true;
    const char *at = e->p;
    bool add = *e->p == '+';
    e->p++;
    int64_t b;
    if (!de_term(e, &b)) return false;
    if (add ? __builtin_add_overflow(*out, b, out) : __builtin_sub_overflow(*out, b, out))
      return de_fail(e, at, "integer overflow%.*s", fx_str_make("", 0));
  }
}

static bool dim_eval(dimeval *e, int64_t *out) {
  if (!de_expr(e, out)) return false;
  de_ws(e);
  if (e->p < e->end) return de_fail(e, e->p, "unexpected '%.*s' in a dimension", fx_str_make(e->p, 1));
  return true;
}

bool fx_custom_eval_dim(const fx_custom_decl *decl, fx_str expr, const int64_t *vals, const int32_t *ndims,
                        const int64_t *const *shapes, int64_t *out, char *err, size_t errcap) {
  dimeval e = {decl, expr.p, expr.p + expr.n, vals, ndims, shapes, err, errcap, NULL};
  return dim_eval(&e, out);
}

/* ---- declarations ---- */

/* The end of a default value or a dimension: the next `stop` character outside brackets and quotes. */
static const char *until(const char *p, const char *end, const char *stops) {
  int depth = 0;
  char quote = 0;
  for (; p < end; p++) {
    if (quote) {
      if (*p == quote) quote = 0;
      continue;
    }
    if (*p == '\'' || *p == '"') quote = *p;
    else if (*p == '(' || *p == '[') depth++;
    else if ((*p == ')' || *p == ']') && depth > 0) depth--;
    else if (depth == 0 && strchr(stops, *p)) return p;
  }
  return end;
}

static bool parse_type(cursor *c, fx_custom_param *pa) {
  skip_ws(c);
  const char *s = c->p;
  fx_str t = ident(c, false);
  pa->len = -1;
  if (fx_str_eqz(t, "Tensor")) pa->type = accept(c, "?") ? FX_CT_OPT_TENSOR : FX_CT_TENSOR;
  else if (fx_str_eqz(t, "int") || fx_str_eqz(t, "SymInt")) {
    pa->type = FX_CT_INT;
    if (accept(c, "[")) {
      pa->type = FX_CT_INTS;
      skip_ws(c);
      if (c->p < c->end && isdigit((unsigned char)*c->p)) {
        pa->len = 0;
        while (c->p < c->end && isdigit((unsigned char)*c->p) && pa->len < 1000) pa->len = pa->len * 10 + (*c->p++ - '0');
      }
      if (!expect(c, "]", "']' (int[] or int[N])")) return false;
    }
  } else if (fx_str_eqz(t, "float") || fx_str_eqz(t, "Scalar")) pa->type = FX_CT_FLOAT;
  else if (fx_str_eqz(t, "bool")) pa->type = FX_CT_BOOL;
  else {
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(t.n ? t.n : 1), t.n ? t.p : s);
    return error_at(c, s, t.n, "unknown parameter type '%s' (one of Tensor, Tensor?, int, SymInt, float, Scalar, bool, int[], int[N])", word);
  }
  return true;
}

/* Whether a parsed default suits its type. */
static bool default_fits(const fx_custom_param *pa, const fx_value *v) {
  switch (pa->type) {
  case FX_CT_TENSOR: return false;
  case FX_CT_OPT_TENSOR: return v->kind == FX_V_NONE;
  case FX_CT_INT: return v->kind == FX_V_INT;
  case FX_CT_FLOAT: return v->kind == FX_V_INT || v->kind == FX_V_FLOAT;
  case FX_CT_BOOL: return v->kind == FX_V_BOOL;
  case FX_CT_INTS:
    if (v->kind != FX_V_TUPLE && v->kind != FX_V_LIST) return v->kind == FX_V_INT;
    for (uint32_t i = 0; i < v->n; i++)
      if (v->u.items[i].kind != FX_V_INT) return false;
    return pa->len < 0 || (int32_t)v->n == pa->len;
  }
  return false;
}

static bool parse_result(cursor *c, fx_custom_decl *dc) {
  skip_ws(c);
  const char *s = c->p;
  if (dc->nresults == FX_CUSTOM_MAX_RESULTS) return error_at(c, s, 1, "more than 4 results%s", NULL);
  fx_custom_result *r = &dc->results[dc->nresults];
  fx_str w = ident(c, true);
  r->like = -1;
  if (fx_str_eqz(w, "like")) {
    if (!expect(c, "(", "'(' after like")) return false;
    skip_ws(c);
    const char *ns = c->p;
    fx_str name = ident(c, false);
    for (int i = 0; i < dc->nparams; i++)
      if (fx_str_eq(dc->params[i].name, name)) r->like = i;
    char nm[64];
    snprintf(nm, sizeof nm, "%.*s", (int)(name.n > 60 ? 60 : name.n), name.p);
    if (r->like < 0) return error_at(c, ns, name.n, "like(%s): not a parameter of the op", nm);
    if (dc->params[r->like].type != FX_CT_TENSOR) return error_at(c, ns, name.n, "like(%s): not a Tensor parameter", nm);
    if (!expect(c, ")", "')'")) return false;
  } else {
    char nm[64];
    snprintf(nm, sizeof nm, "%.*s", (int)(w.n > 60 ? 60 : w.n), w.n ? w.p : s);
    if (!dtype_named(w, &r->dtype))
      return error_at(c, s, w.n, "unknown result '%s': like(PARAM) or a dtype and shape, float32[N, C] (dtypes: float32 "
                                 "float64 float16 bfloat16 int64 int32 int16 int8 uint8 bool)", nm);
    if (!expect(c, "[", "'[' and the result's dimensions (float32[] for a single value)")) return false;
    skip_ws(c);
    while (!accept(c, "]")) {
      skip_ws(c);
      const char *e = until(c->p, c->end, ",]");
      const char *te = e;
      while (te > c->p && (te[-1] == ' ' || te[-1] == '\t')) te--;
      if (te == c->p || e == c->end) return error_at(c, c->p, 1, "expected a dimension and ']'%s", NULL);
      if (r->ndim == FXRT_MAX_DIMS) return error_at(c, c->p, 1, "more dimensions than fx2c supports (8)%s", NULL);
      r->dims[r->ndim] = fx_str_make(c->p, (size_t)(te - c->p));
      char err[160];
      int64_t v;
      dimeval ev = {dc, c->p, te, NULL, NULL, NULL, err, sizeof err, NULL};
      if (!dim_eval(&ev, &v)) return error_at(c, ev.errat ? ev.errat : c->p, 1, "%s", err);
      r->ndim++;
      c->p = e;
      if (*c->p == ',') c->p++;
    }
  }
  r->loc = fx_loc_at(c->src, (size_t)(s - c->src->text), (uint32_t)(c->p - s));
  dc->nresults++;
  return true;
}

static bool parse_decl(cursor *c, fx_custom_decl *dc) {
  memset(dc, 0, sizeof *dc);
  const char *line = c->p;
  dc->target = ident(c, true);
  if (!dc->target.n)
    return error_at(c, c->p, 1, "expected a declaration: TARGET(PARAMETERS) -> RESULT = C_FUNCTION%s", NULL);
  if (!expect(c, "(", "'(' and the op's parameters after its target")) return false;
  fx_buf sig = {0};
  bool kwonly = false, ok = true;
  skip_ws(c);
  if (!accept(c, ")")) {
    for (;;) {
      skip_ws(c);
      if (accept(c, "*")) {
        if (kwonly) {
          ok = error_at(c, c->p - 1, 1, "a second '*'%s", NULL);
          break;
        }
        kwonly = true;
        fx_buf_puts(&sig, sig.n ? ", *" : "*");
      } else {
        if (dc->nparams == FX_SIG_MAX) {
          ok = error_at(c, c->p, 1, "more than 24 parameters%s", NULL);
          break;
        }
        fx_custom_param *pa = &dc->params[dc->nparams];
        if (!parse_type(c, pa)) {
          ok = false;
          break;
        }
        skip_ws(c);
        const char *ns = c->p;
        pa->name = ident(c, false);
        if (!pa->name.n) {
          ok = error_at(c, ns, 1, "expected the parameter's name after its type%s", NULL);
          break;
        }
        for (int i = 0; i < dc->nparams; i++)
          if (fx_str_eq(dc->params[i].name, pa->name)) {
            char nm[64];
            snprintf(nm, sizeof nm, "%.*s", (int)(pa->name.n > 60 ? 60 : pa->name.n), pa->name.p);
            ok = error_at(c, ns, pa->name.n, "parameter '%s' is declared twice", nm);
          }
        if (!ok) break;
        fx_buf_printf(&sig, "%s%.*s", sig.n ? ", " : "", (int)pa->name.n, pa->name.p);
        dc->nparams++;
        if (accept(c, "=")) {
          skip_ws(c);
          const char *ds = c->p, *de = until(c->p, c->end, ",)");
          while (de > ds && (de[-1] == ' ' || de[-1] == '\t')) de--;
          fx_buf_printf(&sig, "=%.*s", (int)(de - ds), ds);
          fx_sig one;
          char tmp[256];
          snprintf(tmp, sizeof tmp, "a=%.*s", (int)(de - ds), ds);
          if (de == ds || (size_t)(de - ds) > 200 || !fx_sig_parse(tmp, &one) || !default_fits(pa, &one.params[0].dflt)) {
            ok = error_at(c, ds, (size_t)(de - ds), "the default '%s' does not suit the parameter's type (None for Tensor?, "
                                                       "an int, a float, True or False, a list of ints)",
                          tmp + 2);
            break;
          }
          c->p = de;
        }
      }
      skip_ws(c);
      if (accept(c, ")")) break;
      if (!accept(c, ",")) {
        ok = error_at(c, c->p, 1, "expected ',' or ')' in the parameter list%s", NULL);
        break;
      }
    }
  }
  fx_buf_putc(&sig, 0);
  dc->sigtext = sig.p;
  if (!ok) return false;
  if (!fx_sig_parse(dc->sigtext, &dc->sig))
    return error_at(c, line, (size_t)(c->p - line), "the parameters do not form a valid signature (a parameter without "
                                                      "a default after one with a default?)%s", NULL);
  if (!expect(c, "->", "'->' and the op's result (like(PARAM) or DTYPE[DIMS])")) return false;
  skip_ws(c);
  if (accept(c, "(")) {
    dc->tuple = true;
    do {
      if (!parse_result(c, dc)) return false;
    } while (accept(c, ","));
    if (!expect(c, ")", "')' after the results")) return false;
  } else if (!parse_result(c, dc))
    return false;
  if (!expect(c, "=", "'=' and the C function that computes the op")) return false;
  skip_ws(c);
  const char *fs = c->p;
  dc->function = ident(c, false);
  if (!dc->function.n) return error_at(c, fs, 1, "expected the C function's name after '='%s", NULL);
  skip_ws(c);
  if (c->p < c->end && *c->p != '#') return error_at(c, c->p, (size_t)(c->end - c->p), "unexpected text after the declaration%s", NULL);
  dc->loc = fx_loc_at(c->src, (size_t)(line - c->src->text), (uint32_t)(c->p - line));
  return true;
}

bool fx_custom_ops_load(fx_custom_ops *ops, const char *path, fx_diag *d) {
  memset(ops, 0, sizeof *ops);
  if (!fx_source_load(&ops->src, path, d)) return false;
  const char *dirend = strrchr(path, '/');
  bool ok = true;
  int cap = 0, scap = 0;
  for (const char *p = ops->src.text, *end = p + ops->src.len; p < end;) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    cursor c = {&ops->src, p, eol, d, false};
    skip_ws(&c);
    if (c.p < eol && *c.p != '#') {
      if (accept(&c, "sources:")) {
        for (;;) {
          skip_ws(&c);
          if (c.p >= eol || *c.p == '#') break;
          const char *s = c.p;
          while (c.p < eol && *c.p != ' ' && *c.p != '\t' && *c.p != '\r') c.p++;
          if (ops->nsources == scap) {
            scap = scap ? scap * 2 : 4;
            ops->sources = fx_xrealloc(ops->sources, (size_t)scap * sizeof *ops->sources);
          }
          fx_buf b = {0};
          if (*s != '/' && dirend) fx_buf_printf(&b, "%.*s/", (int)(dirend - path), path);
          fx_buf_printf(&b, "%.*s", (int)(c.p - s), s);
          fx_buf_putc(&b, 0);
          char *abs = realpath(b.p, NULL); /* builds run in other folders */
          size_t n = strlen(b.p);
          if (!abs || n < 3 || strcmp(b.p + n - 2, ".c") != 0) {
            c.failed = false;
            error_at(&c, s, (size_t)(c.p - s), abs ? "'%s' is not a C source (.c)" : "cannot read '%s'", b.p);
            ok = false;
            free(abs);
            fx_buf_free(&b);
            continue;
          }
          fx_buf_free(&b);
          ops->sources[ops->nsources++] = abs;
        }
      } else if (ops->n == MAX_DECLS) {
        ok = error_at(&c, c.p, 1, "more than 4096 declarations%s", NULL);
        break;
      } else {
        if (ops->n == cap) {
          cap = cap ? cap * 2 : 8;
          ops->decls = fx_xrealloc(ops->decls, (size_t)cap * sizeof *ops->decls);
        }
        fx_custom_decl *dc = &ops->decls[ops->n];
        if (parse_decl(&c, dc)) {
          for (int i = 0; i < ops->n; i++)
            if (fx_str_eq(ops->decls[i].target, dc->target)) {
              char nm[128];
              snprintf(nm, sizeof nm, "%.*s", (int)(dc->target.n > 120 ? 120 : dc->target.n), dc->target.p);
              error_at(&c, dc->target.p, dc->target.n, "'%s' is declared twice", nm);
              fx_diag_note(d, &ops->src, ops->decls[i].loc, "the first declaration");
            }
        }
        if (c.failed) {
          fx_xfree(dc->sigtext);
          ok = false;
        } else
          ops->n++;
      }
    }
    p = eol < end ? eol + 1 : end;
  }
  return ok;
}

void fx_custom_ops_free(fx_custom_ops *ops) {
  for (int i = 0; i < ops->n; i++) fx_xfree(ops->decls[i].sigtext);
  for (int i = 0; i < ops->nsources; i++) free(ops->sources[i]);
  fx_xfree(ops->decls);
  fx_xfree(ops->sources);
  fx_source_free(&ops->src);
  memset(ops, 0, sizeof *ops);
}

int fx_custom_ops_find(const fx_custom_ops *ops, fx_str target) {
  if (!ops) return -1;
  if (fx_str_starts_with(target, "<function ")) { /* print_tabular's form: the function's name */
    const char *p = target.p + 10, *e = p;
    while (e < target.p + target.n && *e != ' ' && *e != '>') e++;
    fx_str name = fx_str_make(p, (size_t)(e - p));
    for (int i = 0; i < ops->n; i++) {
      fx_str t = ops->decls[i].target;
      const char *dot = t.p + t.n;
      while (dot > t.p && dot[-1] != '.') dot--;
      if (fx_str_eq(fx_str_make(dot, (size_t)(t.p + t.n - dot)), name)) return i;
    }
    return -1;
  }
  for (int i = 0; i < ops->n; i++)
    if (fx_str_eq(ops->decls[i].target, target)) return i;
  /* torch.ops.NS.NAME.OVERLOAD: the declaration of torch.ops.NS.NAME; torch.ops.NS.NAME: that of NAME.default */
  if (fx_str_starts_with(target, "torch.ops.")) {
    int dots = 0;
    for (uint32_t k = 0; k < target.n; k++) dots += target.p[k] == '.';
    if (dots == 4) {
      const char *dot = target.p + target.n;
      while (dot[-1] != '.') dot--;
      fx_str base = fx_str_make(target.p, (size_t)(dot - 1 - target.p));
      for (int i = 0; i < ops->n; i++)
        if (fx_str_eq(ops->decls[i].target, base)) return i;
    } else if (dots == 3) {
      for (int i = 0; i < ops->n; i++) {
        fx_str t = ops->decls[i].target;
        if (t.n == target.n + 8 && memcmp(t.p, target.p, target.n) == 0 && memcmp(t.p + target.n, ".default", 8) == 0)
          return i;
      }
    }
  }
  return -1;
}
