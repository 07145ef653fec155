/* custom.c: user-defined ops (fx2c --custom-ops FILE; frontend/custom.h, docs/custom-ops.md). A declared target's
 * call is FX_OP_CUSTOM with its arguments bound to the declaration and packed into one tuple. Inference checks each
 * argument against its declared type and computes the results from the declaration's rules; lowering makes one
 * FX_K_CUSTOM call whose description (fx_custom_site) holds what the user's function gets: every value known at
 * compile time, the tensors as refs.
 */
#include "family.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const fx_custom_decl *decl_of(const fx_program *p, const fx_inst *in) {
  return in->custom > 0 && p->custom && in->custom <= p->custom->n ? &p->custom->decls[in->custom - 1] : NULL;
}

/* An error at the node, prefixed with the op's target, and a note at its declaration. */
static bool cerr(fx_ictx *c, const fx_custom_decl *dc, const char *fmt, ...) FX_PRINTF(3, 4);
static bool cerr(fx_ictx *c, const fx_custom_decl *dc, const char *fmt, ...) {
  char prefix[160];
  snprintf(prefix, sizeof prefix, "%.*s", (int)(dc->target.n > 150 ? 150 : dc->target.n), dc->target.p);
  va_list ap;
  va_start(ap, fmt);
  fx_node_verror(c->p, c->node, c->d, prefix, fmt, ap);
  va_end(ap);
  fx_diag_note(c->d, &c->p->custom->src, dc->loc, "declared here");
  return false;
}

static const char *kind_name(const fx_value *v) {
  switch ((fx_vkind)v->kind) {
  case FX_V_NONE: return "None";
  case FX_V_BOOL: return "a bool";
  case FX_V_INT: return "an int";
  case FX_V_FLOAT: return "a float";
  case FX_V_TENSOR: return "a Tensor";
  case FX_V_TUPLE:
  case FX_V_LIST: return "a list";
  default: return "a value of another kind";
  }
}

static const char *type_name(const fx_custom_param *pa) {
  static const char *const names[] = {"a Tensor", "a Tensor or None", "an int", "a float", "a bool", "a list of ints"};
  return names[pa->type];
}

bool fx_infer_custom(fx_ictx *c, fx_op op, fx_inst *in) {
  (void)op;
  const fx_custom_decl *dc = decl_of(c->p, in);
  if (!dc) return fx_ierr(c, "fx2c.custom is what a target declared with --custom-ops FILE becomes; it cannot be called");
  const fx_value *a = &in->args[0];
  int64_t vals[FX_SIG_MAX] = {0};
  int32_t ndims[FX_SIG_MAX] = {0};
  const int64_t *shapes[FX_SIG_MAX] = {NULL};
  for (int i = 0; i < dc->nparams; i++) {
    const fx_custom_param *pa = &dc->params[i];
    const fx_value *v = &a->u.items[i];
    bool ok = true;
    double f;
    bool b;
    int64_t ints[64];
    switch (pa->type) {
    case FX_CT_TENSOR:
    case FX_CT_OPT_TENSOR:
      ok = is_tensor(v) || (pa->type == FX_CT_OPT_TENSOR && v->kind == FX_V_NONE);
      if (ok && is_tensor(v)) {
        ndims[i] = tinfo(c, v)->ndim;
        shapes[i] = tinfo(c, v)->shape;
      }
      break;
    case FX_CT_INT: ok = v->kind == FX_V_INT && as_int(v, &vals[i]); break;
    case FX_CT_FLOAT: ok = (v->kind == FX_V_INT || v->kind == FX_V_FLOAT) && as_float(v, &f); break;
    case FX_CT_BOOL: ok = v->kind == FX_V_BOOL && as_bool(v, &b); break;
    case FX_CT_INTS: {
      int n = v->kind == FX_V_INT ? 1 : fx_as_ints(v, ints, 64);
      ok = n >= 0 && (pa->len < 0 || n == pa->len || (v->kind == FX_V_INT && pa->len > 0));
      if (n < 0 && (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST) && v->n > 64)
        return cerr(c, dc, "argument '%.*s' has %u ints; fx2c passes at most 64", (int)pa->name.n, pa->name.p, v->n);
      break;
    }
    }
    if (!ok)
      return cerr(c, dc, "argument '%.*s' must be %s%s, not %s", (int)pa->name.n, pa->name.p, type_name(pa),
                  pa->type == FX_CT_INTS && pa->len >= 0 ? " of the declared length" : "", kind_name(v));
  }
  fx_value res[FX_CUSTOM_MAX_RESULTS];
  for (int j = 0; j < dc->nresults; j++) {
    const fx_custom_result *r = &dc->results[j];
    fxrt_dtype dt = r->dtype;
    int32_t nd = r->ndim;
    int64_t shape[FXRT_MAX_DIMS];
    if (r->like >= 0) {
      const fx_tinfo *t = tinfo(c, &a->u.items[r->like]);
      dt = t->dtype;
      nd = t->ndim;
      memcpy(shape, t->shape, sizeof shape);
    } else {
      for (int32_t d = 0; d < nd; d++) {
        char err[200];
        if (!fx_custom_eval_dim(dc, r->dims[d], vals, ndims, shapes, &shape[d], err, sizeof err))
          return cerr(c, dc, "result %d, dimension %d (%.*s): %s", j, (int)d, (int)r->dims[d].n, r->dims[d].p, err);
        if (shape[d] < 0)
          return cerr(c, dc, "result %d, dimension %d (%.*s) is %lld: a size must not be negative", j, (int)d,
                      (int)r->dims[d].n, r->dims[d].p, (long long)shape[d]);
      }
    }
    if (!fx_check_shape(c, dt, nd, shape)) return false;
    res[j] = new_tensor(c, dt, nd, shape);
  }
  in->work = true;
  in->result = dc->tuple ? tuple_of(c, res, (uint32_t)dc->nresults) : res[0];
  return true;
}

/* ---- lowering ---- */

/* Tensor v as the call's argument g: its dtype and ndim, its shape copied into the site's pool at `used`. Returns
 * the pool's next free place. */
static size_t tensor_arg(fx_lctx *r, const fx_value *v, fx_custom_site *s, size_t used, fxrt_custom_arg *g) {
  const fx_tinfo *t = ti(r, v);
  g->kind = FXRT_CUSTOM_TENSOR;
  g->dtype = (int32_t)t->dtype;
  g->ndim = t->ndim;
  memcpy(&s->pool[used], t->shape, (size_t)t->ndim * sizeof *t->shape);
  g->shape = &s->pool[used];
  return used + (size_t)t->ndim;
}

bool fx_lower_custom(fx_lctx *r, fx_op op, const fx_inst *in) {
  (void)op;
  const fx_custom_decl *dc = decl_of(r->p, in);
  if (!dc) return fx_lerr(r, "internal error: a user-defined op without its declaration");
  const fx_value *a = &in->args[0];
  const fx_value *res = dc->tuple ? in->result.u.items : &in->result;
  int ntensors = dc->nresults;
  size_t npool = 0;
  for (int i = 0; i < dc->nparams; i++) {
    const fx_value *v = &a->u.items[i];
    if (is_tensor(v)) {
      ntensors++;
      npool += (size_t)ti(r, v)->ndim;
    } else if (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST)
      npool += v->n;
    else
      npool += dc->params[i].len > 0 ? (size_t)dc->params[i].len : 1;
  }
  for (int j = 0; j < dc->nresults; j++) npool += (size_t)ti(r, &res[j])->ndim;
  if (ntensors > FX_KCALL_REFS)
    return fx_lerr(r, "the call passes %d tensors (arguments and results); a user-defined op takes at most %d", ntensors,
                   FX_KCALL_REFS);
  fx_custom_site *s = fx_xcalloc(1, sizeof *s);
  s->pool = fx_xcalloc(npool + 1, sizeof *s->pool);
  fx_lowered *L = r->L;
  L->sites = fx_xrealloc(L->sites, (L->nsites + 1) * sizeof *L->sites);
  L->sites[L->nsites++] = s;
  s->decl = dc;
  s->nargs = dc->nparams;
  s->nresults = dc->nresults;
  fx_kcall *k = fx_call(r, FX_K_CUSTOM);
  k->custom = s;
  int slot = 0;
  size_t used = 0;
  for (int i = 0; i < dc->nparams; i++) {
    const fx_value *v = &a->u.items[i];
    fxrt_custom_arg *g = &s->args[i];
    s->arg_ref[i] = -1;
    switch (dc->params[i].type) {
    case FX_CT_TENSOR:
    case FX_CT_OPT_TENSOR:
      if (!is_tensor(v)) {
        g->kind = FXRT_CUSTOM_NONE;
        break;
      }
      used = tensor_arg(r, v, s, used, g);
      s->arg_ref[i] = (int8_t)slot;
      k->ref[slot++] = tref(r, v);
      break;
    case FX_CT_INT: g->kind = FXRT_CUSTOM_INT, g->i = iarg(v, 0); break;
    case FX_CT_BOOL: g->kind = FXRT_CUSTOM_BOOL, g->i = v->v.i != 0; break;
    case FX_CT_FLOAT: g->kind = FXRT_CUSTOM_FLOAT, g->f = farg(v, 0); break;
    case FX_CT_INTS: {
      int64_t ints[64];
      int n = v->kind == FX_V_INT ? 1 : fx_as_ints(v, ints, 64);
      if (v->kind == FX_V_INT) /* int[N] given one int: N copies, as PyTorch expands it */
        for (n = 0; n < (dc->params[i].len > 0 ? dc->params[i].len : 1); n++) ints[n] = v->v.i;
      g->kind = FXRT_CUSTOM_INTS;
      g->ndim = n;
      memcpy(&s->pool[used], ints, (size_t)n * sizeof *ints);
      g->shape = &s->pool[used];
      used += (size_t)n;
      break;
    }
    }
  }
  k->i[0] = slot;
  for (int j = 0; j < dc->nresults; j++) {
    used = tensor_arg(r, &res[j], s, used, &s->results[j]);
    s->result_ref[j] = (int8_t)slot;
    k->ref[slot++] = tref(r, &res[j]);
  }
  k->i[1] = slot - k->i[0];
  return true;
}
