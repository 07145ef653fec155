/* create.c: new tensors from their arguments: full, full_like (and x.new_zeros, ...) and arange.
 */
#include "family.h"

#include <math.h>

/* ---- inference ---- */

bool fx_infer_create(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *dv = ARG("dtype");
  fxrt_dtype dt = FXRT_F32;
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  const fx_value *fill = op == FX_OP_ARANGE ? NULL : ARG("fill_value");
  if (op == FX_OP_FULL) {
    n = fx_as_ints(ARG("size"), shape, FXRT_MAX_DIMS);
    if (n < 0) return fx_ierr(c, "size must be ints");
    dt = fill->kind == FX_V_BOOL ? FXRT_BOOL : fill->kind == FX_V_INT ? FXRT_I64 : FXRT_F32;
  } else if (op == FX_OP_FULL_LIKE) {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    n = t->ndim;
    memcpy(shape, t->shape, sizeof shape);
    dt = t->dtype;
  } else {
    double start = 0, end, step = 1;
    const fx_value *sv = ARG("start"), *ev = ARG("end"), *tv = ARG("step");
    bool fl = sv->kind == FX_V_FLOAT || ev->kind == FX_V_FLOAT || tv->kind == FX_V_FLOAT;
    if (ev->kind == FX_V_NONE) {
      if (!as_float(sv, &end)) return fx_ierr(c, "arange needs numbers");
    } else if (!as_float(sv, &start) || !as_float(ev, &end)) {
      return fx_ierr(c, "arange needs numbers");
    }
    if (!as_float(tv, &step)) return fx_ierr(c, "arange needs numbers");
    /* torch's checks (RangeFactories.cpp), in its words */
    if (!isfinite(start) || !isfinite(end)) return fx_ierr(c, "unsupported range: %g -> %g", start, end);
    if (step == 0) return fx_ierr(c, "step must be nonzero");
    if (!(step > 0 && end >= start) && !(step < 0 && end <= start))
      return fx_ierr(c, "upper bound and larger bound inconsistent with step sign");
    double len = ceil((end - start) / step); /* >= 0; inf when the difference overflows */
    if (!(len < 9223372036854775808.0)) /* 2**63 */
      return fx_ierr_overflow(c, "the length of arange(%g, %g, %g)", start, end, step);
    shape[0] = (int64_t)len;
    n = 1;
    dt = fl ? FXRT_F32 : FXRT_I64;
  }
  if (is_tensor(dv)) dt = tinfo(c, dv)->dtype; /* x.new_zeros(...): x's dtype */
  else if (dv->kind != FX_V_NONE && !fx_dtype_of_word(dv, &dt)) return fx_ierr(c, "unknown dtype");
  return result_tensor(c, in, dt, n, shape);
}

/* ---- lowering ---- */

bool fx_lower_create(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fx_kcall *k;
  if (op == FX_OP_ARANGE) {
    const fx_value *sv = ARG("start"), *ev = ARG("end");
    k = fx_call(r, FX_K_ARANGE);
    k->f[0] = ev->kind == FX_V_NONE ? 0 : farg(sv, 0);
    k->f[1] = farg(ARG("step"), 1);
  } else {
    const fx_value *fill = ARG("fill_value");
    if (is_tensor(fill)) return fx_lerr(r, "a tensor fill value is not supported");
    k = fx_call(r, FX_K_FILL);
    k->f[0] = farg(fill, 0);
  }
  k->dt = ty->dtype;
  k->ref[0] = tref(r, y);
  k->i[0] = fx_tinfo_numel(ty);
  return true;
}
