/* meta.c: what is known at compile time: x.size(), x.dim(), x.numel(), getattr(x, 'shape' | 'ndim' | 'dtype' |
 * ...) and torch._assert. They become Python values and have no kernel, except torch._assert of a tensor, whose
 * condition is checked when the model runs (fxrt_assert: the run fails with FXRT_EASSERT, as PyTorch raises).
 */
#include "family.h"

/* ---- inference ---- */

static const char *dtype_word(fxrt_dtype dt) {
  static const char *const w[FXRT_NUM_DTYPES] = {"torch.float32", "torch.float64", "torch.float16", "torch.bfloat16",
                                                 "torch.int64",   "torch.int32",   "torch.int16",   "torch.int8",
                                                 "torch.uint8",   "torch.bool"};
  return w[dt];
}

bool fx_infer_meta(fx_ictx *c, fx_op op, fx_inst *in) {
  in->work = false;
  if (op == FX_OP_ASSERT) { /* torch._assert: None, or the AssertionError of a condition known false now */
    const fx_value *cond = &in->args[0], *msg = ARG("message");
    bool holds = true;
    double f;
    if (cond->kind == FX_V_FLOAT) holds = cond->v.f != 0;
    else if (fx_value_is_container(cond)) holds = cond->n != 0;
    else if (cond->kind == FX_V_NONE) holds = false;
    else if (!is_tensor(cond) && as_float(cond, &f)) holds = f != 0;
    else if (is_tensor(cond)) { /* a tensor's truth is known when it runs: a check there (fxrt_assert) */
      const fx_tinfo *t = tinfo(c, cond);
      if (fx_tinfo_numel(t) != 1)
        return fx_ierr(c, "Boolean value of Tensor with %s than one value is ambiguous (the condition has %lld "
                          "elements; PyTorch raises this too)",
                       fx_tinfo_numel(t) ? "more" : "other", (long long)fx_tinfo_numel(t));
      in->work = true;
    }
    if (!holds) {
      if (msg->kind == FX_V_STR || msg->kind == FX_V_WORD)
        return fx_ierr(c, "the assertion fails: %.*s", (int)msg->n, msg->u.text);
      return fx_ierr(c, "the assertion fails");
    }
    in->result = fx_value_none();
    return true;
  }
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  if (op == FX_OP_DIM) in->result = int_value(c, t->ndim);
  else if (op == FX_OP_NUMEL) in->result = int_value(c, fx_tinfo_numel(t));
  else if (op == FX_OP_SIZE) {
    const fx_value *dv = ARG("dim");
    int64_t dim;
    int32_t dd = 0;
    if (dv->kind == FX_V_NONE) in->result = shape_value(c, t);
    else if (!as_int(dv, &dim)) return fx_ierr(c, "dim must be an int");
    else if (fx_norm_dim(c, dim, t->ndim, &dd)) in->result = int_value(c, t->shape[dd]);
    else return false;
  } else {
    const fx_value *name = ARG("name");
    if (fx_value_str_is(name, "shape")) in->result = shape_value(c, t);
    else if (fx_value_str_is(name, "ndim")) in->result = int_value(c, t->ndim);
    else if (fx_value_str_is(name, "dtype"))
      in->result = fx_value_word(c->p->g, fx_str_make(dtype_word(t->dtype), strlen(dtype_word(t->dtype))));
    else if (fx_value_str_is(name, "device")) in->result = fx_value_word(c->p->g, FX_STR_LIT("cpu"));
    else if (fx_value_str_is(name, "is_cuda")) in->result = fx_value_bool(false);
    else return fx_ierr(c, "unsupported attribute '%.*s'", (int)name->n, name->u.text);
  }
  return true;
}

/* ---- lowering ---- */

/* Their values are constants of the program by now: a node of theirs has work to lower only when it is a torch._assert
 * of a tensor, checked when the model runs. */
bool fx_lower_meta(fx_lctx *r, fx_op op, const fx_inst *in) {
  if (op != FX_OP_ASSERT || !is_tensor(&in->args[0]))
    return fx_lerr(r, "internal error: %s is computed at compile time and has no kernel", fx_op_name(op));
  fx_kcall *k = fx_call(r, FX_K_ASSERT);
  k->dt = ti(r, &in->args[0])->dtype;
  k->ref[0] = tref(r, &in->args[0]);
  return true;
}
