/* compare.c: fx2c compare (compare.h). */
#include "compare.h"

#include <math.h>
#include <string.h>

#include "../frontend/frontend.h"
#include "../frontend/weights.h"

typedef struct {
  fx_str file, node, op, absorbed;
  fx_loc loc;
} entry;

typedef struct {
  fx_source *src; /* in fx_compare_files */
  entry *v;
  uint32_t n;
} listing;

static fx_str field(const char **p, const char *end) {
  const char *s = *p;
  while (*p < end && **p != '\t') (*p)++;
  fx_str r = {s, (size_t)(*p - s)};
  if (*p < end) (*p)++;
  return r;
}

/* Reads DIR/nodes.tsv; false after an error naming it. */
static bool read_listing(const char *dir, listing *l, fx_source *src, char *path, fx_diag *d) {
  memset(l, 0, sizeof *l);
  l->src = src;
  if (strlen(dir) > 4000) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "the folder name '%.60s...' is too long", dir);
    return false;
  }
  snprintf(path, 4200, "%s/nodes.tsv", dir);
  bool ok = fx_source_load(src, path, d);
  if (!ok) fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                        "'%s' must be a dump: the folder that --dump DIR (an executable built with --profile, fx2c "
                        "run) or fx2c-export --dump DIR wrote", dir);
  if (!ok) return false;
  const char *t = src->text, *end = t + src->len;
  uint32_t line = 1;
  while (t < end) {
    const char *eol = memchr(t, '\n', (size_t)(end - t));
    if (!eol) eol = end;
    const char *e = eol > t && eol[-1] == '\r' ? eol - 1 : eol;
    if (e > t && *t != '#') {
      const char *q = t;
      entry x = {0};
      x.loc = (fx_loc){line, 1, (uint32_t)(t - src->text), (uint32_t)(e - t)};
      x.file = field(&q, e);
      x.node = field(&q, e);
      x.op = field(&q, e);
      x.absorbed = field(&q, e);
      if (!x.file.n || memchr(x.file.p, '/', x.file.n) || (x.file.n <= 2 && x.file.p[0] == '.')) {
        fx_diag_error(d, src, x.loc, "not a dump's file name (a node's name, without '/')");
        return false;
      }
      l->v = fx_xrealloc(l->v, (l->n + 1) * sizeof *l->v);
      l->v[l->n++] = x;
    }
    t = eol + 1;
    line++;
  }
  return true;
}

static void free_listing(listing *l) { fx_xfree(l->v); }

void fx_compare_files_free(fx_compare_files *files) {
  for (int i = 0; i < 2; i++)
    if (files->src[i].text) fx_source_free(&files->src[i]);
}

static const entry *find(const listing *l, fx_str file) {
  for (uint32_t i = 0; i < l->n; i++)
    if (fx_str_eq(l->v[i].file, file)) return &l->v[i];
  return NULL;
}

static double element(const fx_tensor *t, int64_t i) {
  const void *p = t->data;
  switch (t->dtype) {
  case FXRT_F32: return ((const float *)p)[i];
  case FXRT_F64: return ((const double *)p)[i];
  case FXRT_F16: return fxrt_f16_to_f32(((const uint16_t *)p)[i]);
  case FXRT_BF16: {
    uint32_t u = (uint32_t)((const uint16_t *)p)[i] << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
  }
  case FXRT_I64: return (double)((const int64_t *)p)[i];
  case FXRT_I32: return ((const int32_t *)p)[i];
  case FXRT_I16: return ((const int16_t *)p)[i];
  case FXRT_I8: return ((const int8_t *)p)[i];
  case FXRT_U8: return ((const uint8_t *)p)[i];
  case FXRT_BOOL: return ((const uint8_t *)p)[i] != 0;
  default: return 0;
  }
}

static int64_t numel(const fx_tensor *t) {
  int64_t n = 1;
  for (int32_t i = 0; i < t->ndim; i++) n *= t->shape[i];
  return n;
}

static void put_shape(fx_buf *b, const fx_tensor *t) {
  fx_buf_printf(b, "%s[", fxrt_dtype_name(t->dtype));
  for (int32_t i = 0; i < t->ndim; i++) fx_buf_printf(b, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
  fx_buf_putc(b, ']');
}

/* The index of element i of t, "[1, 3]". */
static void put_index(fx_buf *b, const fx_tensor *t, int64_t i) {
  int64_t idx[FXRT_MAX_DIMS];
  for (int32_t d = t->ndim - 1; d >= 0; d--) {
    idx[d] = t->shape[d] ? i % t->shape[d] : 0;
    i = t->shape[d] ? i / t->shape[d] : 0;
  }
  fx_buf_putc(b, '[');
  for (int32_t d = 0; d < t->ndim; d++) fx_buf_printf(b, "%s%lld", d ? ", " : "", (long long)idx[d]);
  fx_buf_putc(b, ']');
}

typedef struct {
  bool same_shape;
  double err, bound; /* the largest |out - ref| (inf where NaN or an infinity differs) and what it may be */
  int64_t worst;     /* the element of err */
} verdict;

static verdict judge(const fx_tensor *r, const fx_tensor *o, double tol) {
  verdict v = {r->ndim == o->ndim && memcmp(r->shape, o->shape, (size_t)r->ndim * sizeof *r->shape) == 0, 0, 0, -1};
  if (!v.same_shape) return v;
  const int64_t n = numel(r);
  double scale = 1;
  for (int64_t i = 0; i < n; i++) {
    double a = fabs(element(r, i));
    if (isfinite(a) && a > scale) scale = a;
  }
  v.bound = tol * scale;
  for (int64_t i = 0; i < n; i++) {
    double a = element(r, i), b = element(o, i), e;
    if (isnan(a) || isnan(b)) e = isnan(a) && isnan(b) ? 0 : INFINITY;
    else if (isinf(a) || isinf(b)) e = a == b ? 0 : INFINITY;
    else e = fabs(a - b);
    if (e > v.err || v.worst < 0) v.err = e, v.worst = i;
  }
  return v;
}

int fx_compare_dirs(const char *ref, const char *out, const fx_compare_opts *o, FILE *f, fx_compare_files *files,
                    fx_diag *d) {
  listing lr, lo;
  if (!read_listing(ref, &lr, &files->src[0], files->path[0], d)) {
    free_listing(&lr);
    return -1;
  }
  if (!read_listing(out, &lo, &files->src[1], files->path[1], d)) {
    free_listing(&lr);
    free_listing(&lo);
    return -1;
  }
  uint32_t common = 0, beyond = 0;
  int rc = 0;
  const entry *first = NULL, *first_out = NULL;
  fx_buf first_what = {0}, line = {0};
  for (uint32_t i = 0; i < lr.n; i++)
    if (find(&lo, lr.v[i].file)) common++;
  if (!common) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "'%s' and '%s' have no node in common", ref, out);
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                 "give two dumps of the same model (the files are named after its nodes)");
    rc = -1;
    goto done;
  }
  fprintf(f, "%-32s %-22s %12s %12s  %s\n", "node", "shape", "max error", "bound", "verdict");
  for (uint32_t i = 0; i < lr.n && rc >= 0; i++) {
    const entry *er = &lr.v[i], *eo = find(&lo, er->file);
    if (!eo) continue;
    fx_tensor tr = {0}, to = {0};
    fx_buf p = {0};
    fx_buf_printf(&p, "%s/%.*s.npy", ref, (int)er->file.n, er->file.p);
    fx_buf_putc(&p, 0);
    bool ok = fx_npy_read(p.p, &tr, d);
    p.n = 0;
    fx_buf_printf(&p, "%s/%.*s.npy", out, (int)eo->file.n, eo->file.p);
    fx_buf_putc(&p, 0);
    ok = ok && fx_npy_read(p.p, &to, d);
    fx_buf_free(&p);
    if (!ok) {
      rc = -1;
    } else {
      verdict v = judge(&tr, &to, o->tol);
      bool bad = !v.same_shape || !(v.err <= v.bound);
      line.n = 0;
      put_shape(&line, &tr);
      fx_buf_putc(&line, 0);
      if (v.same_shape)
        fprintf(f, "%-32.*s %-22s %12.4g %12.4g  %s\n", (int)er->file.n, er->file.p, line.p, v.err, v.bound,
                bad ? "BEYOND" : "ok");
      else {
        fx_buf s = {0};
        put_shape(&s, &to);
        fx_buf_putc(&s, 0);
        fprintf(f, "%-32.*s %-22s %12s %12s  BEYOND (the other is %s)\n", (int)er->file.n, er->file.p, line.p, "-",
                "-", s.p);
        fx_buf_free(&s);
      }
      if (bad) {
        beyond++;
        if (!first) {
          first = er, first_out = eo;
          if (v.same_shape && v.worst >= 0) {
            fx_buf_printf(&first_what, "max error %.4g > %.4g, at ", v.err, v.bound);
            put_index(&first_what, &tr, v.worst);
            fx_buf_printf(&first_what, ": %.9g against %.9g in %s", element(&to, v.worst), element(&tr, v.worst), ref);
          } else {
            fx_buf_puts(&first_what, "the shapes differ");
          }
        }
      }
    }
    fx_tensor_free(tr.data);
    fx_tensor_free(to.data);
  }
  if (rc < 0) goto done;
  fprintf(f, "\n%u node results in common (%u only in %s, %u only in %s), tolerance %g x max(1, max |value|): ",
          common, lr.n - common, ref, lo.n - common, out, o->tol);
  if (!first) {
    fprintf(f, "all within\n");
    goto done;
  }
  rc = 1;
  fprintf(f, "%u beyond\n", beyond);
  fprintf(f, "first node beyond tolerance: %.*s (%.*s)\n", (int)first->file.n, first->file.p, (int)first_what.n,
          first_what.p);
  for (int side = 0; side < 2; side++) {
    const entry *e = side ? first_out : first;
    const char *dir = side ? out : ref;
    if (!e->node.n || (fx_str_eq(e->node, e->file) && !e->absorbed.n)) continue;
    fprintf(f, "  in %s computed by '%.*s'", dir, (int)e->node.n, e->node.p);
    if (e->op.n) fprintf(f, " (%.*s)", (int)e->op.n, e->op.p);
    if (e->absorbed.n) fprintf(f, ", which absorbed %.*s", (int)e->absorbed.n, e->absorbed.p);
    fputc('\n', f);
  }
done:
  fx_buf_free(&first_what);
  fx_buf_free(&line);
  free_listing(&lr);
  free_listing(&lo);
  return rc;
}
