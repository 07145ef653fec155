/* program.c: building a program from a graph: placeholders and get_attr tensors, legalization of every node (all
 * problems reported together), then inference in graph order. */
#include "program.h"

#include "ops/family.h"

#include <stdio.h>
#include <string.h>

void fx_program_init(fx_program *p, fx_graph *g, const fx_modules *mods, const fx_weights *weights) {
  memset(p, 0, sizeof *p);
  p->g = g;
  p->mods = mods;
  p->weights = weights;
  p->ws_workers = FXRT_WS_WORKERS;
  fx_arena_init(&p->arena);
  p->ninst = g->nnodes + 1;
  p->inst = fx_arena_alloc(&p->arena, (size_t)p->ninst * sizeof *p->inst);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
    if (g->nodes[i].opcode == FX_PLACEHOLDER) p->nplaceholders++;
  p->placeholders = fx_arena_alloc(&p->arena, ((size_t)p->nplaceholders + 1) * sizeof *p->placeholders);
  p->inputs = fx_arena_alloc(&p->arena, ((size_t)p->nplaceholders + 1) * sizeof *p->inputs);
  uint32_t k = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
    if (g->nodes[i].opcode == FX_PLACEHOLDER) p->placeholders[k++] = i;
  for (uint32_t i = 0; i < g->nnodes; i++) p->inst[i].op = -1;
}

void fx_program_free(fx_program *p) {
  fx_xfree(p->tensors);
  fx_arena_free(&p->arena);
  memset(p, 0, sizeof *p);
}

bool fx_program_set_input(fx_program *p, uint32_t i, fxrt_dtype dtype, int32_t ndim, const int64_t *shape) {
  if (i >= p->nplaceholders || ndim < 0 || ndim > FXRT_MAX_DIMS) return false;
  fx_input_spec *s = &p->inputs[i];
  s->given = true;
  s->dtype = dtype;
  s->ndim = ndim;
  memcpy(s->shape, shape, (size_t)ndim * sizeof *shape);
  return true;
}

bool fx_shape_fits(fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  int64_t n = 1;
  bool zero = false, ovf = false;
  for (int32_t i = 0; i < ndim; i++) {
    zero |= shape[i] == 0;
    ovf |= __builtin_mul_overflow(n, shape[i], &n);
  }
  return zero || (!ovf && !__builtin_mul_overflow(n, (int64_t)fxrt_dtype_size(dt), &n));
}

int fx_dtype_from_name(const char *text, size_t len) {
  /* fx2c's short names (f32 ...), and the names torch prints (float32, torch.float32) with their aliases */
  static const struct {
    const char *name;
    fxrt_dtype dtype;
  } torch_names[] = {{"float32", FXRT_F32},  {"float", FXRT_F32},    {"float64", FXRT_F64}, {"double", FXRT_F64},
                     {"float16", FXRT_F16},  {"half", FXRT_F16},     {"bfloat16", FXRT_BF16}, {"int64", FXRT_I64},
                     {"long", FXRT_I64},     {"int32", FXRT_I32},    {"int", FXRT_I32},     {"int16", FXRT_I16},
                     {"short", FXRT_I16},    {"int8", FXRT_I8},      {"uint8", FXRT_U8},    {"bool", FXRT_BOOL}};
  if (len > 6 && strncmp(text, "torch.", 6) == 0) {
    text += 6;
    len -= 6;
    for (size_t i = 0; i < sizeof torch_names / sizeof *torch_names; i++)
      if (strlen(torch_names[i].name) == len && strncmp(text, torch_names[i].name, len) == 0) return (int)torch_names[i].dtype;
    return -1;
  }
  for (int k = 0; k < FXRT_NUM_DTYPES; k++)
    if (strlen(fxrt_dtype_name((fxrt_dtype)k)) == len && strncmp(text, fxrt_dtype_name((fxrt_dtype)k), len) == 0) return k;
  for (size_t i = 0; i < sizeof torch_names / sizeof *torch_names; i++)
    if (strlen(torch_names[i].name) == len && strncmp(text, torch_names[i].name, len) == 0) return (int)torch_names[i].dtype;
  return -1;
}

bool fx_parse_input_arg(const char *spec, fx_input_arg *a, char *msg, size_t cap) {
  memset(a, 0, sizeof *a);
  const char *eq = strchr(spec, '='), *colon = strchr(spec, ':');
  const bool from_file = eq && (!colon || eq < colon);
  const char *name_end = from_file ? eq : colon;
  if (!name_end) {
    snprintf(msg, cap, "expected ':' (a type) or '=' (an .npy file) after the placeholder's name");
    return false;
  }
  if (name_end == spec) {
    snprintf(msg, cap, "no placeholder name before '%c'", *name_end);
    return false;
  }
  a->name = fx_str_make(spec, (size_t)(name_end - spec));
  if (from_file) {
    if (!eq[1]) {
      snprintf(msg, cap, "no file name after '='");
      return false;
    }
    a->file = eq + 1;
    return true;
  }
  const char *text = colon + 1, *br = strchr(text, '[');
  while (*text == ' ') text++;
  size_t len = br ? (size_t)(br - text) : strlen(text);
  while (len && text[len - 1] == ' ') len--;
  int k = fx_dtype_from_name(text, len);
  if (k < 0) {
    char b[200];
    snprintf(msg, cap, "unknown dtype '%s'", fx_printable(text, len, 60, b, sizeof b));
    return false;
  }
  a->dtype = (fxrt_dtype)k;
  if (!br) {
    snprintf(msg, cap, "expected [D0,D1,...] after the dtype");
    return false;
  }
  const char *q = br + 1;
  char b[200];
  while (*q == ' ') q++; /* shapes as Python prints them: [1, 3, 32, 32] */
  while (*q != ']') {
    if (!*q) {
      snprintf(msg, cap, "the shape has no closing ']'");
      return false;
    }
    if (*q < '0' || *q > '9') {
      snprintf(msg, cap, "expected a size at '%s'", fx_printable(q, strlen(q), 60, b, sizeof b));
      return false;
    }
    int64_t v = 0;
    const char *start = q;
    for (; *q >= '0' && *q <= '9'; q++)
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, *q - '0', &v)) {
        size_t digits = strspn(start, "0123456789");
        snprintf(msg, cap, "size %s does not fit in 64 bits", fx_printable(start, digits, 60, b, sizeof b));
        return false;
      }
    if (a->ndim == FXRT_MAX_DIMS) {
      int32_t n = a->ndim;
      for (const char *r = start; *r && *r != ']'; r++) n += *r == ',';
      snprintf(msg, cap, "%d dimensions, but fx2c's tensors have at most %d", n + 1, FXRT_MAX_DIMS);
      return false;
    }
    a->shape[a->ndim++] = v;
    while (*q == ' ') q++;
    if (*q == ',')
      for (q++; *q == ' ';) q++;
    else if (*q != ']' && *q) {
      snprintf(msg, cap, "expected ',' or ']' at '%s'", fx_printable(q, strlen(q), 60, b, sizeof b));
      return false;
    }
  }
  if (q[1] != 0) {
    snprintf(msg, cap, "unexpected '%s' after ']'", fx_printable(q + 1, strlen(q + 1), 60, b, sizeof b));
    return false;
  }
  return true;
}

void fx_program_reserve_tensors(fx_program *p, uint32_t n) {
  if (p->captensors - p->ntensors >= n) return;
  while (p->captensors - p->ntensors < n) p->captensors = p->captensors ? p->captensors * 2 : 256;
  p->tensors = fx_xrealloc(p->tensors, p->captensors * sizeof *p->tensors);
}

uint32_t fx_program_new_tensor(fx_program *p, fxrt_dtype dtype, int32_t ndim, const int64_t *shape, fx_tkind kind,
                               uint32_t node) {
  int64_t dims[FXRT_MAX_DIMS]; /* `shape` may point into p->tensors, which growing moves */
  if (ndim < 0 || ndim > FXRT_MAX_DIMS) fx_internal_error("a tensor of more than 8 dimensions was made (its rule must refuse it)");
  if (ndim > 0) memcpy(dims, shape, (size_t)ndim * sizeof *shape);
  fx_program_reserve_tensors(p, 1);
  uint32_t id = p->ntensors++;
  fx_tinfo *t = &p->tensors[id];
  memset(t, 0, sizeof *t);
  t->dtype = dtype;
  t->ndim = ndim;
  if (ndim > 0) memcpy(t->shape, dims, (size_t)ndim * sizeof *dims);
  t->kind = (uint8_t)kind;
  t->node = node;
  t->alias = id;
  t->base = id;
  return id;
}

fx_value fx_tensor_value(const fx_program *p, uint32_t t) {
  fx_value v;
  memset(&v, 0, sizeof v);
  v.kind = FX_V_TENSOR;
  v.v.node = t;
  const fx_node *n = t < p->ntensors && p->tensors[t].node < p->g->nnodes ? &p->g->nodes[p->tensors[t].node] : NULL;
  if (n) {
    v.u.text = n->name.p;
    v.n = n->name.n;
  }
  return v;
}

int64_t fx_tinfo_numel(const fx_tinfo *t) {
  int64_t n = 1;
  for (int32_t i = 0; i < t->ndim; i++) n *= t->shape[i];
  return n;
}

static bool bind_placeholder(fx_program *p, uint32_t node, uint32_t index, fx_diag *d) {
  const fx_node *n = &p->g->nodes[node];
  const fx_input_spec *s = &p->inputs[index];
  if (s->given && !fx_shape_fits(s->dtype, s->ndim, s->shape)) {
    fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc,
                  "input '%.*s': a tensor of this shape and dtype %s has more elements or bytes than fit in 64 bits",
                  (int)n->name.n, n->name.p, fxrt_dtype_name(s->dtype));
    return false;
  }
  if (!s->given) {
    if (n->args.n) { /* a placeholder with a default (concrete_args) is that value */
      p->inst[node].result = n->args.u.items[0];
      return true;
    }
    fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc,
                  "input '%.*s' has no shape: give --input %.*s:f32[...] or an .npy file for it", (int)n->name.n,
                  n->name.p, (int)n->name.n, n->name.p);
    return false;
  }
  uint32_t id = fx_program_new_tensor(p, s->dtype, s->ndim, s->shape, FX_T_INPUT, node);
  p->inst[node].result = fx_tensor_value(p, id);
  return true;
}

static bool bind_get_attr(fx_program *p, uint32_t node, fx_diag *d) {
  const fx_node *n = &p->g->nodes[node];
  if (!n->target.n && !n->nusers) { /* get_attr[target=]: the module itself, which dynamo may leave unused */
    p->inst[node].result = fx_value_none();
    return true;
  }
  if (!n->target.n) {
    fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "get_attr '' is the module itself, which is not a tensor");
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "trace the graph again so that it uses the module's tensors or layers");
    return false;
  }
  if (!p->weights) {
    char what[320];
    snprintf(what, sizeof what, "get_attr '%.*s' needs a tensor", (int)(n->target.n < 256 ? n->target.n : 256),
             n->target.p);
    return fx_program_no_weights(p, node, what, d);
  }
  const fx_tensor *t = fx_weights_find(p->weights, n->target);
  if (!t) {
    fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "get_attr '%.*s': no such tensor in the weights file",
                  (int)n->target.n, n->target.p);
    if (!(p->said & FX_SAID_NO_ATTR)) /* the note once: each missing tensor is named, the cause is one */
      fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                   "a tensor constant or plain tensor attribute is on the GraphModule, not in model.state_dict(): save "
                   "each get_attr target too (sd[n.target] = getattr(gm, n.target)), as fx2c-export does "
                   "(docs/guide.md, Tensor constants)");
    p->said |= FX_SAID_NO_ATTR;
    return false;
  }
  uint32_t id = fx_program_new_tensor(p, t->dtype, t->ndim, t->shape, FX_T_WEIGHT, node);
  p->tensors[id].data = t;
  p->inst[node].result = fx_tensor_value(p, id);
  return true;
}

bool fx_program_no_weights(fx_program *p, uint32_t node, const char *what, fx_diag *d) {
  if (p->said & FX_SAID_NO_WEIGHTS) return false;
  p->said |= FX_SAID_NO_WEIGHTS;
  const fx_node *n = &p->g->nodes[node];
  fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "%s, and no --weights was given", what);
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
               "pass --weights FILE: the state_dict (torch.save(model.state_dict(), FILE)) or a .safetensors file; "
               "every tensor of the graph comes from it (this error is reported once, at the first)");
  return false;
}

bool fx_program_read_weights(const fx_program *p, fx_weights *w, fx_diag *d) {
  if (!w) return true;
  bool *want = fx_xcalloc((size_t)w->n + 1, sizeof *want), any = false;
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_tensor *x = p->tensors[t].data;
    if (p->tensors[t].kind != FX_T_WEIGHT || !x || x->data || x < w->tensors || x >= w->tensors + w->n) continue;
    want[x - w->tensors] = true;
    any = true;
  }
  bool ok = !any || fx_weights_read(w, want, d);
  fx_xfree(want);
  return ok;
}

/* The weights against the module tree: every parameter of a known layer that the graph calls is present with the
 * shape its hyperparameters imply, and no tensor under a known layer's path is one that layer does not have. */
static void check_weights(fx_program *p, fx_diag *d) {
  if (!p->mods || !p->weights) return;
  const fx_graph *g = p->g;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_module *m = p->inst[i].mod;
    if (!m || m->type == FX_MOD_CONTAINER || m->bad) continue;
    fx_param_spec specs[8];
    int n = fx_module_param_specs(m, specs);
    for (int k = 0; k < n; k++) {
      char key[512];
      snprintf(key, sizeof key, "%.*s%s%s", (int)m->path.n, m->path.p, m->path.n ? "." : "", specs[k].name);
      const fx_tensor *t = fx_weights_find(p->weights, fx_str_make(key, strlen(key)));
      if (!t || specs[k].ndim < 0) continue; /* a missing tensor is reported when the call is legalized */
      bool same = t->ndim == specs[k].ndim;
      for (int32_t j = 0; same && j < t->ndim; j++) same = t->shape[j] == specs[k].shape[j];
      if (!same) {
        p->inst[i].failed = true; /* its users are not reported again */
        char have[160] = "", want[160] = "";
        for (int32_t j = 0; j < t->ndim; j++)
          snprintf(have + strlen(have), sizeof have - strlen(have), "%s%lld", j ? ", " : "", (long long)t->shape[j]);
        for (int32_t j = 0; j < specs[k].ndim; j++)
          snprintf(want + strlen(want), sizeof want - strlen(want), "%s%lld", j ? ", " : "", (long long)specs[k].shape[j]);
        fx_diag_error(d, m->loc.line ? p->mods->src : NULL, m->loc,
                      "%s: tensor '%s' has shape [%s], but %.*s as printed here needs [%s]", p->weights->path, key, have,
                      (int)m->type_name.n, m->type_name.p, want);
      }
    }
  }
  /* tensors of the file that a known layer does not have: conv1.foo for a Conv2d conv1 (the passes' own tensors, such
   * as conv1.weight_winograd, are not the file's) */
  for (uint32_t i = 0; i + p->weights->nmade < p->weights->n && !fx_diag_full(d); i++) {
    fx_str name = p->weights->tensors[i].name;
    uint32_t dot = name.n;
    while (dot > 0 && name.p[dot - 1] != '.') dot--;
    if (!dot) continue;
    const fx_module *m = fx_modules_find(p->mods, fx_str_make(name.p, dot - 1));
    /* the recurrent layers' many weights (weight_ih_l0_reverse ...) are found and checked by legalization */
    if (!m || m->type == FX_MOD_CONTAINER || m->bad || m->type == FX_MOD_RNN || m->type == FX_MOD_LSTM ||
        m->type == FX_MOD_GRU)
      continue;
    fx_param_spec specs[8];
    int n = fx_module_param_specs(m, specs);
    bool known = false;
    for (int k = 0; k < n && !known; k++) known = fx_str_eqz(fx_str_make(name.p + dot, name.n - dot), specs[k].name);
    /* nn.utils.weight_norm's weight_g and weight_v in place of a layer's weight (legalize.c rewrites the call) */
    if (!known && (m->type == FX_MOD_CONV1D || m->type == FX_MOD_CONV2D || m->type == FX_MOD_CONV_TRANSPOSE2D ||
                   m->type == FX_MOD_LINEAR))
      known = fx_str_eqz(fx_str_make(name.p + dot, name.n - dot), "weight_g") ||
              fx_str_eqz(fx_str_make(name.p + dot, name.n - dot), "weight_v");
    if (!known)
      fx_diag_error(d, m->loc.line ? p->mods->src : NULL, m->loc, "%s: tensor '%.*s' is not a parameter of %.*s (%.*s)",
                    p->weights->path, (int)name.n, name.p, (int)m->path.n, m->path.p, (int)m->type_name.n,
                    m->type_name.p);
  }
}

/* ---- views (program.h: base, view) ---- */

/* PyTorch's computeStride (ATen/TensorUtils.cpp): the strides of a tensor of shape `shape` that shares the elements of
 * the tensor `old` (its shape and strides), or false when no strides do (then reshape copies and view raises). */
static bool view_strides(const fxrt_view *old, int32_t nd, const int64_t *shape, int64_t *stride) {
  int64_t numel = 1;
  for (int32_t i = 0; i < old->ndim; i++) numel *= old->shape[i];
  if (old->ndim == 0 || numel == 0) { /* one element or none: any strides do; PyTorch's contiguous ones */
    for (int32_t d = nd - 1; d >= 0; d--) stride[d] = d == nd - 1 ? 1 : (shape[d + 1] > 1 ? shape[d + 1] : 1) * stride[d + 1];
    return true;
  }
  int32_t view_d = nd - 1;
  int64_t chunk_base_stride = old->stride[old->ndim - 1], tensor_numel = 1, view_numel = 1;
  for (int32_t tensor_d = old->ndim - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= old->shape[tensor_d];
    if (tensor_d == 0 ||
        (old->shape[tensor_d - 1] != 1 && old->stride[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        stride[view_d] = view_numel * chunk_base_stride;
        view_numel *= shape[view_d];
        view_d--;
      }
      if (view_numel != tensor_numel) return false;
      if (tensor_d > 0) {
        chunk_base_stride = old->stride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

/* Where tensor t's elements are in the storage of its base (program.h): false only for a tensor that shares a
 * strided view's storage without being a view of it in PyTorch, which track_views never lets happen (only
 * share_unwritten_copies does, once every node has been inferred). */
static bool place_in_base(const fx_program *p, uint32_t t, fxrt_view *at) {
  const fx_tinfo *x = &p->tensors[t], *u = &p->tensors[x->alias];
  if (u == x && x->view && x->view->ndim == x->ndim) { /* a view op's own result: its strides, PyTorch's, even in */
    *at = *x->view;                                      /* dimensions of size 1 (x[::2] of a [1,...] tensor) */
    return true;
  }
  *at = fxrt_view_contiguous(x->ndim, x->shape);
  if (!u->view) return true; /* the storage is the base's own: contiguous from its start */
  at->offset = u->view->offset;
  return view_strides(u->view, x->ndim, x->shape, at->stride);
}

/* PyTorch's is_contiguous: the strides of the contiguous layout, except in dimensions of size 1. */
static bool is_contiguous(const fxrt_view *v) {
  int64_t want = 1;
  for (int32_t d = v->ndim - 1; d >= 0; d--) {
    if (v->shape[d] == 1) continue;
    if (v->stride[d] != want) return false;
    want *= v->shape[d];
  }
  return true;
}

/* A tensor of the node that shares its input's storage where PyTorch copies gets storage of its own (lowering copies
 * the input into it): a reshape (view, flatten, ...) of a strided view whose elements no strides can reach, a
 * contiguous() of one that is not contiguous. */
static void own_storage(fx_program *p, fx_inst *in, uint32_t t) {
  p->tensors[t].alias = t;
  p->tensors[t].base = t;
  in->work = true;
}

/* Sets base and view (program.h) on the tensors that node made (ids first_new and on); false, with PyTorch's error,
 * for a view() or view_as() that no strides reach. */
static bool track_views(fx_program *p, uint32_t node, uint32_t first_new, fx_diag *d) {
  fx_inst *in = &p->inst[node];
  for (uint32_t t = first_new; t < p->ntensors; t++) p->tensors[t].base = p->tensors[p->tensors[t].alias].base;
  if (in->op < 0 || in->args[0].kind != FX_V_TENSOR) return true;
  const fx_op op = (fx_op)in->op;
  const uint32_t x = in->args[0].v.node;
  const bool shared = p->tensors[x].alias != x || p->tensors[x].view; /* x's storage is a strided view's */
  fxrt_view at, v;
  if (!place_in_base(p, x, &at)) return true;
  if ((fx_op_flags(op) & (FX_OPF_VIEW | FX_OPF_NOOP)) && in->result.kind == FX_V_TENSOR) {
    const uint32_t y = in->result.v.node;
    const fx_tinfo *ty = &p->tensors[y];
    if (y < first_new || ty->alias == y || !p->tensors[ty->alias].view || !shared) return true;
    int64_t stride[FXRT_MAX_DIMS];
    if ((fx_op_flags(op) & FX_OPF_VIEW) && !view_strides(&at, ty->ndim, ty->shape, stride)) {
      bool reshape = true;
      if ((op == FX_OP_VIEW || op == FX_OP_VIEW_AS) && !p->optimized)
        as_bool(&in->args[fx_sig_find(fx_op_sig(op), "reshape")], &reshape);
      if (!reshape) {
        const fx_node *n = &p->g->nodes[node];
        fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc,
                      "%s: view size is not compatible with input tensor's size and stride (at least one dimension "
                      "spans across two contiguous subspaces)",
                      fx_op_name(op));
        fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "use .reshape(...) instead, or .contiguous() before the view");
        return false;
      }
      own_storage(p, in, y);
    }
    if (op == FX_OP_CONTIGUOUS && !is_contiguous(&at)) own_storage(p, in, y);
    return true;
  }
  const bool tuple = in->result.kind == FX_V_TUPLE;
  for (uint32_t i = 0; i < (tuple ? in->result.n : 1); i++) {
    const fx_value *r = tuple ? &in->result.u.items[i] : &in->result;
    if (r->kind != FX_V_TENSOR || r->v.node < first_new || p->tensors[r->v.node].alias != r->v.node) continue;
    if (!fx_permute_view(p, op, in, &at, &v) && !fx_index_view(p, op, in, i, &at, &v)) return true;
    fx_tinfo *tr = &p->tensors[r->v.node];
    fxrt_view *keep = fx_arena_alloc(&p->arena, sizeof *keep);
    *keep = v;
    tr->base = p->tensors[x].base;
    tr->view = keep;
  }
  return true;
}

/* ---- in-place ops whose operands overlap the tensor they write ---- */

/* The lowest and highest element of view v. */
static void view_span(const fxrt_view *v, int64_t *lo, int64_t *hi) {
  *lo = *hi = v->offset;
  for (int32_t d = 0; d < v->ndim; d++) {
    if (v->shape[d] <= 1) continue;
    int64_t reach = v->stride[d] * (v->shape[d] - 1);
    if (reach < 0) *lo += reach;
    else *hi += reach;
  }
}

/* Calls f(ctx, element, i) for the i-th element of view v, in order (none for an empty view); stops when f returns
 * false. */
static bool each_element(const fxrt_view *v, bool (*f)(void *, int64_t, int64_t), void *ctx) {
  int64_t idx[FXRT_MAX_DIMS] = {0};
  if (fxrt_view_numel(v) == 0) return true;
  for (int64_t i = 0;; i++) {
    int64_t e = v->offset;
    for (int32_t d = 0; d < v->ndim; d++) e += idx[d] * v->stride[d];
    if (!f(ctx, e, i)) return false;
    int32_t d = v->ndim - 1;
    while (d >= 0 && ++idx[d] == v->shape[d]) idx[d--] = 0;
    if (d < 0) return true;
  }
}

/* The elements of the written view within [lo, hi] of the storage, each with its position in the view (+1; 0 for
 * elements it does not write). */
typedef struct {
  int64_t *at;
  int64_t lo, hi;
} written_set;
static bool mark_written(void *ctx, int64_t e, int64_t i) {
  written_set *s = ctx;
  if (e >= s->lo && e <= s->hi) s->at[e - s->lo] = i + 1;
  return true;
}
static bool read_in_place(void *ctx, int64_t e, int64_t i) { /* the element read at position i is written only there */
  written_set *s = ctx;
  return e < s->lo || e > s->hi || s->at[e - s->lo] == 0 || s->at[e - s->lo] == i + 1;
}

/* An elementwise in-place op writes view w and reads view r, broadcast to w's shape, of the same storage: whether
 * some element is written at one position and read at another, so that the result depends on the order in which the
 * elements are computed. Spans beyond 2**24 elements are not checked element for element: any overlap counts. */
static bool order_dependent(const fxrt_view *w, const fxrt_view *r) {
  if (fxrt_view_numel(w) == 0 || fxrt_view_numel(r) == 0) return false;
  fxrt_view rb = *w; /* r broadcast to w's shape, right-aligned, stride 0 where r has size 1 or no dimension */
  rb.offset = r->offset;
  for (int32_t d = 0; d < w->ndim; d++) {
    int32_t k = d - (w->ndim - r->ndim);
    rb.stride[d] = k < 0 || r->shape[k] == 1 ? 0 : r->stride[k];
  }
  int64_t wlo, whi, rlo, rhi;
  view_span(w, &wlo, &whi);
  view_span(&rb, &rlo, &rhi);
  if (whi < rlo || rhi < wlo) return false;
  written_set s = {NULL, wlo > rlo ? wlo : rlo, whi < rhi ? whi : rhi};
  if (s.hi - s.lo >= (INT64_C(1) << 24)) return true;
  s.at = fx_xcalloc((size_t)(s.hi - s.lo + 1), sizeof *s.at);
  each_element(w, mark_written, &s);
  bool same_positions = each_element(&rb, read_in_place, &s);
  fx_xfree(s.at);
  return !same_positions;
}

/* PyTorch's is_non_overlapping_and_dense: the elements fill [offset, offset + numel) exactly, in some order of the
 * dimensions (those of size 1 do not count). */
static bool dense(const fxrt_view *v) {
  int32_t order[FXRT_MAX_DIMS], n = 0;
  for (int32_t d = 0; d < v->ndim; d++)
    if (v->shape[d] >= 2) {
      int32_t k = n++;
      for (; k > 0 && v->stride[order[k - 1]] > v->stride[d]; k--) order[k] = order[k - 1];
      order[k] = d;
    }
  int64_t want = 1;
  for (int32_t k = 0; k < n; k++) {
    if (v->stride[order[k]] != want) return false;
    want *= v->shape[order[k]];
  }
  return true;
}

/* ATen's get_overlap_status(out, in) == PARTIAL, which assert_no_partial_overlap refuses: both dense, their ranges
 * of elements meet, and they are not the same range with the same strides (sizes of 1 included: x.add_(x.view(4))
 * for x of [1, 4], and x[:, ::3].sub_(x) for x of [4, 1], are refused although every element is read where it is
 * written). */
static bool partial_overlap(const fxrt_view *w, const fxrt_view *r) {
  const int64_t wn = fxrt_view_numel(w), rn = fxrt_view_numel(r);
  if (wn == 0 || rn == 0 || !dense(w) || !dense(r)) return false;
  if (w->offset == r->offset && wn == rn) {
    bool same = w->ndim == r->ndim;
    for (int32_t d = 0; same && d < w->ndim; d++) same = w->stride[d] == r->stride[d];
    return !same;
  }
  return w->offset < r->offset + rn && r->offset < w->offset + wn;
}

/* PyTorch refuses an in-place op whose other operands share elements with the tensor it writes in other positions
 * (x.add_(x.t()), x[1:].add_(x[:-1])): "some elements of the input tensor and the written-to tensor refer to a single
 * memory location" (ATen's assert_no_partial_overlap; where it cannot tell, as for two strided views, it computes a
 * result that depends on the order in which its loops visit the elements). fx2c refuses every operand that reads an
 * element which the op writes at another position, and, as ATen does, an operand whose elements partly overlap the
 * written ones (partial_overlap); an operand that reads each shared element where it is written and is the same
 * range with the same strides (x.mul_(x)) gives the same result in any order, PyTorch's. */
static bool check_overlap(fx_program *p, uint32_t node, const fx_value *v, uint32_t w, const fxrt_view *wv, fx_diag *d) {
  if (fx_value_is_container(v)) {
    for (uint32_t i = 0; i < v->n; i++)
      if (!check_overlap(p, node, &v->u.items[i], w, wv, d)) return false;
    return true;
  }
  if (v->kind != FX_V_TENSOR || p->tensors[v->v.node].base != p->tensors[w].base) return true;
  fxrt_view iv;
  if (!place_in_base(p, v->v.node, &iv) || (!order_dependent(wv, &iv) && !partial_overlap(wv, &iv))) return true;
  const fx_graph *g = p->g;
  const fx_node *n = &g->nodes[node], *a = &g->nodes[p->tensors[v->v.node].node], *b = &g->nodes[p->tensors[w].node];
  fx_diag_error(d, n->loc.line ? g->src : NULL, n->loc,
                "%s: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                "single memory location ('%.*s' shares elements of '%.*s' in other positions or with other strides)",
                fx_op_name((fx_op)p->inst[node].op), (int)a->name.n, a->name.p, (int)b->name.n, b->name.p);
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "PyTorch refuses this too: clone() the input before the in-place op");
  return false;
}

static bool check_inplace_operands(fx_program *p, uint32_t node, fx_diag *d) {
  const fx_inst *in = &p->inst[node];
  if (in->op < 0 || !in->inplace || in->args[0].kind != FX_V_TENSOR) return true;
  const uint32_t w = in->args[0].v.node;
  fxrt_view wv;
  if (!place_in_base(p, w, &wv)) return true;
  const fx_sig *sig = fx_op_sig((fx_op)in->op);
  for (int k = 1; k < sig->n; k++)
    if (!check_overlap(p, node, &in->args[k], w, &wv, d)) return false;
  return true;
}

/* A reshape or contiguous() of a strided view that got storage of its own (own_storage) shares the view's storage
 * again when no in-place op writes into the view's base nor into the copy: the two then hold the same elements for
 * as long as either is read, and the copy would only move them (shufflenet's channel shuffle, view(transpose(x)),
 * made one such copy per block). Run once every node has been inferred, when every write is known. */
bool *fx_program_written_bases(const fx_program *p) {
  bool *written = fx_xcalloc(p->ntensors + 1, sizeof *written);
  for (uint32_t i = p->g->first; i != FX_NONE_IDX; i = p->g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op >= 0 && !in->failed && in->inplace && in->args[0].kind == FX_V_TENSOR)
      written[p->tensors[in->args[0].v.node].base] = true;
  }
  return written;
}

static void share_unwritten_copies(fx_program *p) {
  const fx_graph *g = p->g;
  bool *written = fx_program_written_bases(p);
  bool any = false;
  uint32_t *to = fx_xmalloc((p->ntensors + 1) * sizeof *to); /* by tensor: the storage it shares from now on */
  for (uint32_t t = 0; t < p->ntensors; t++) to[t] = t;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    fx_inst *in = &p->inst[i];
    if (in->op < 0 || in->failed || !(fx_op_flags((fx_op)in->op) & (FX_OPF_VIEW | FX_OPF_NOOP)) ||
        in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR)
      continue;
    const uint32_t y = in->result.v.node, u = p->tensors[in->args[0].v.node].alias;
    const fx_tinfo *ty = &p->tensors[y];
    if (ty->alias != y || ty->view || !p->tensors[u].view || u == y) continue; /* not a copy made by own_storage */
    if (written[p->tensors[u].base] || written[y]) continue;
    to[y] = u;
    if (fx_op_flags((fx_op)in->op) & FX_OPF_NOOP) in->work = false;
    any = true;
  }
  /* tensors that shared a copy's storage share the view's; bases stay (nothing writes into these groups) */
  for (uint32_t t = 0; any && t < p->ntensors; t++) p->tensors[t].alias = to[p->tensors[t].alias];
  fx_xfree(to);
  fx_xfree(written);
}

void fx_program_grow_inst(fx_program *p) {
  if (p->g->nnodes < p->ninst) return;
  uint32_t cap = p->g->nnodes * 2 + 16;
  fx_inst *in = fx_arena_alloc(&p->arena, (size_t)cap * sizeof *in);
  memcpy(in, p->inst, (size_t)p->ninst * sizeof *in);
  for (uint32_t i = p->ninst; i < cap; i++) in[i].op = -1;
  p->inst = in;
  p->ninst = cap;
}

bool fx_program_infer_one(fx_program *p, uint32_t node, fx_diag *d) {
  uint32_t first_new = p->ntensors;
  bool ok = fx_infer_node(p, node, d) && track_views(p, node, first_new, d) && check_inplace_operands(p, node, d);
  if (!ok) p->inst[node].failed = true;
  return ok;
}

/* Legalizes every node; a node that fails is marked failed (its error reported), so that inference skips it and
 * every node that uses its result (fx_infer_node) without another error: one error per root cause. */
bool fx_program_legalize(fx_program *p, fx_diag *d) {
  const fx_graph *g = p->g;
  uint32_t errors = d->nerrors;
  p->said = 0;
  if (!fx_legalize_rewrite(p, d)) return false;
  for (uint32_t i = g->first; i != FX_NONE_IDX && !fx_diag_full(d); i = g->nodes[i].next)
    if (!fx_legalize_node(p, i, d)) p->inst[i].failed = true;
  return d->nerrors == errors && !(p->mods && p->mods->partial);
}

bool fx_program_build(fx_program *p, fx_diag *d) {
  fx_graph *g = p->g;
  uint32_t errors = d->nerrors;
  /* an unsupported target, module or argument does not stop the build: its node is marked failed and inference goes
   * on with the others, so that one run reports every problem of the graph, each once */
  fx_program_legalize(p, d);
  check_weights(p, d);
  if (fx_diag_full(d)) return false;
  uint32_t ph = 0;
  for (uint32_t i = g->first, next; i != FX_NONE_IDX; i = next) {
    const fx_node *n = &g->nodes[i];
    next = n->next; /* a composite node inserts its body before itself and may be erased */
    bool ok;
    if (n->opcode == FX_PLACEHOLDER) ok = bind_placeholder(p, i, ph++, d);
    else if (p->inst[i].failed) continue; /* reported by legalization or check_weights; its users fail quietly */
    else if (n->opcode == FX_GET_ATTR) ok = bind_get_attr(p, i, d);
    else if (p->inst[i].composite) ok = fx_decompose_node(p, i, d);
    else ok = fx_program_infer_one(p, i, d);
    if (!ok) p->inst[i].failed = true;
    if (!ok && fx_diag_full(d)) break;
  }
  /* a module tree with errors (modules.h, partial) was read to check the graph, never to build with */
  if (d->nerrors != errors || (p->mods && p->mods->partial)) return false;
  share_unwritten_copies(p);
  return true;
}
