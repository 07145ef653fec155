/* test_infer.c: shape and dtype inference, and compile-time evaluation of Python values. Every expectation was
 * printed by torch 1.13 (the expression is in the comment above each case). */
#include "unit_helpers.h"

#include "frontend/modules.h"
#include "frontend/weights.h"
#include "program/program.h"

typedef struct {
  fxrt_dtype dt;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
} in_spec;

/* Builds `body` (node lines after the placeholders, then a return) for inputs x, y with the given specs, and returns
 * the program (freed by the caller) or NULL with the diagnostics printed. */
static fx_program *build(const char *body, const in_spec *specs, int nspecs, fx_diag *d, parsed **out) {
  char text[4096];
  int k = snprintf(text, sizeof text, "graph():\n");
  static const char *const names[] = {"x", "y", "z"};
  for (int i = 0; i < nspecs; i++)
    k += snprintf(text + k, sizeof text - (size_t)k, "    %%%s : [#users=1] = placeholder[target=%s]\n", names[i], names[i]);
  snprintf(text + k, sizeof text - (size_t)k, "%s", body);
  parsed *pr = parse_text("infer.fx", text);
  *out = pr;
  if (!pr->g) return NULL;
  fx_program *p = test_malloc(sizeof *p);
  fx_program_init(p, pr->g, NULL, NULL);
  for (int i = 0; i < nspecs; i++) fx_program_set_input(p, (uint32_t)i, specs[i].dt, specs[i].ndim, specs[i].shape);
  fx_diag_init(d);
  if (!fx_program_build(p, d)) {
    fx_diag_print(d, stderr);
    return p;
  }
  return p;
}

static void done(fx_program *p, fx_diag *d) {
  fx_program_free(p);
  test_free(p);
  fx_diag_free(d);
}

/* The output's i-th tensor (the output value flattened). */
static const fx_tinfo *out_tensor(const fx_program *p, uint32_t i) {
  const fx_value *v = &p->output;
  if (v->kind == FX_V_TUPLE) v = &v->u.items[i];
  assert_int_equal(v->kind, FX_V_TENSOR);
  return &p->tensors[v->v.node];
}

#define assert_shape(t, ...)                                                            \
  do {                                                                                  \
    const int64_t want_[] = {__VA_ARGS__};                                              \
    assert_int_equal((t)->ndim, (int32_t)(sizeof want_ / sizeof *want_));               \
    for (size_t i_ = 0; i_ < sizeof want_ / sizeof *want_; i_++) assert_int_equal((t)->shape[i_], want_[i_]); \
  } while (0)

/* x = torch.zeros(2, 3, 4); x.view(x.size(0), -1).shape == [2, 12] */
static void view_with_size_of_input(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 3, {2, 3, 4}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})\n"
                        "    %view : [#users=1] = call_method[target=view](args = (%x, %size, -1), kwargs = {})\n"
                        "    return view\n",
                        s, 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 2, 12);
  done(p, &d);
}

/* x[:, None, ..., 1:3].shape == [2, 1, 3, 2] for x of [2, 3, 4] */
static void getitem_with_slices_none_ellipsis(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 3, {2, 3, 4}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %g : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), "
                        "None, Ellipsis, slice(1, 3, None))), kwargs = {})\n    return g\n",
                        s, 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 2, 1, 3, 2);
  done(p, &d);
}

/* getattr(x, 'shape')[1] * 2 is a Python int computed now: x.new_zeros(...) then has shape [6] */
static void python_arithmetic_on_shapes(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 2, {5, 3}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %getattr : [#users=1] = call_function[target=builtins.getattr](args = (%x, shape), kwargs = {})\n"
                        "    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%getattr, 1), kwargs = {})\n"
                        "    %mul : [#users=1] = call_function[target=operator.mul](args = (%getitem, 2), kwargs = {})\n"
                        "    %z : [#users=1] = call_method[target=new_zeros](args = (%x, %mul), kwargs = {})\n"
                        "    return z\n",
                        s, 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 6);
  assert_int_equal(out_tensor(p, 0)->dtype, FXRT_F32);
  done(p, &d);
}

/* Python ints never wrap: what Python 3 computes for x of [1] (n = x.size(0) = 1, m = -n - (2**63 - 1) = -2**63):
 * m % -1 == 0, m // 7 == -1317624576693539402, (n + 1) ** 62 == 4611686018427387904, (n - 4) ** 39 ==
 * -4052555153018976267, n + 2**53 == 2**53 is False (as doubles both are 2**53), len(x.shape * 100) == 100,
 * len((x.shape * 100)[::-7]) == 15, len((x.shape * 100)[0::2**63-1]) == 1. */
static void python_ints_do_not_wrap(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 1, {1}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build(
      "    %n : [#users=5] = call_method[target=size](args = (%x, 0), kwargs = {})\n"
      "    %neg : [#users=1] = call_function[target=operator.neg](args = (%n,), kwargs = {})\n"
      "    %m : [#users=2] = call_function[target=operator.sub](args = (%neg, 9223372036854775807), kwargs = {})\n"
      "    %mod : [#users=1] = call_function[target=operator.mod](args = (%m, -1), kwargs = {})\n"
      "    %fdiv : [#users=1] = call_function[target=operator.floordiv](args = (%m, 7), kwargs = {})\n"
      "    %add : [#users=1] = call_function[target=operator.add](args = (%n, 1), kwargs = {})\n"
      "    %pow_1 : [#users=1] = call_function[target=operator.pow](args = (%add, 62), kwargs = {})\n"
      "    %sub : [#users=1] = call_function[target=operator.sub](args = (%n, 4), kwargs = {})\n"
      "    %pow_2 : [#users=1] = call_function[target=operator.pow](args = (%sub, 39), kwargs = {})\n"
      "    %big : [#users=1] = call_function[target=operator.add](args = (%n, 9007199254740992), kwargs = {})\n"
      "    %eq : [#users=1] = call_function[target=operator.eq](args = (%big, 9007199254740992), kwargs = {})\n"
      "    %getattr : [#users=1] = call_function[target=builtins.getattr](args = (%x, shape), kwargs = {})\n"
      "    %rep : [#users=3] = call_function[target=operator.mul](args = (%getattr, 100), kwargs = {})\n"
      "    %back : [#users=1] = call_function[target=operator.getitem](args = (%rep, slice(None, None, -7)), kwargs = {})\n"
      "    %far : [#users=1] = call_function[target=operator.getitem](args = (%rep, slice(0, None, 9223372036854775807)), kwargs = {})\n"
      "    return (mod, fdiv, pow_1, pow_2, eq, rep, back, far)\n",
      s, 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  const fx_value *o = p->output.u.items;
  assert_int_equal(p->output.n, 8);
  assert_int_equal(o[0].kind, FX_V_INT);
  assert_int_equal(o[0].v.i, 0);
  assert_int_equal(o[1].v.i, -1317624576693539402LL);
  assert_int_equal(o[2].v.i, 4611686018427387904LL);
  assert_int_equal(o[3].v.i, -4052555153018976267LL);
  assert_int_equal(o[4].kind, FX_V_BOOL);
  assert_int_equal(o[4].v.i, 0);
  assert_int_equal(o[5].n, 100);
  assert_int_equal(o[6].n, 15);
  assert_int_equal(o[7].n, 1);
  done(p, &d);
}

/* torch.cat([zeros(2,3), zeros(2,5)], 1).shape == [2, 8];
 * F.max_pool2d(zeros(1,1,5,5), 2, 2, ceil_mode=True).shape == [1, 1, 3, 3];
 * F.avg_pool2d(zeros(1,1,6,6), 3, 2, padding=1, ceil_mode=True).shape == [1, 1, 4, 4] */
static void cat_and_pooling_shapes(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 2, {2, 3}}, {FXRT_F32, 2, {2, 5}}, {FXRT_F32, 4, {1, 1, 5, 5}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build(
      "    %cat : [#users=1] = call_function[target=torch.cat](args = ([%x, %y], 1), kwargs = {})\n"
      "    %mp : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%z, 2, 2), kwargs = {ceil_mode: True})\n"
      "    return (cat, mp)\n",
      s, 3, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 2, 8);
  assert_shape(out_tensor(p, 1), 1, 1, 3, 3);
  done(p, &d);
  in_spec s2[] = {{FXRT_F32, 4, {1, 1, 6, 6}}};
  p = build("    %ap : [#users=1] = call_function[target=torch.nn.functional.avg_pool2d](args = (%x, 3, 2, 1, True), kwargs = {})\n"
            "    return ap\n",
            s2, 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 1, 1, 4, 4);
  done(p, &d);
}

/* F.conv2d(zeros(1,3,7,9), zeros(4,3,3,5), padding='same').shape == [1, 4, 7, 9];
 * F.conv_transpose2d(zeros(1,4,5,5), zeros(4,2,3,3), stride=2, output_padding=1).shape == [1, 2, 12, 12] */
static void convolution_shapes(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 4, {1, 3, 7, 9}}, {FXRT_F32, 4, {4, 3, 3, 5}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %c : [#users=1] = call_function[target=torch.conv2d](args = (%x, %y), kwargs = {padding: same})\n"
                        "    return c\n",
                        s, 2, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 1, 4, 7, 9);
  done(p, &d);
  in_spec s2[] = {{FXRT_F32, 4, {1, 4, 5, 5}}, {FXRT_F32, 4, {4, 2, 3, 3}}};
  p = build("    %c : [#users=1] = call_function[target=torch.nn.functional.conv_transpose2d](args = (%x, %y), "
            "kwargs = {stride: 2, output_padding: 1})\n    return c\n",
            s2, 2, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 1, 2, 12, 12);
  done(p, &d);
}

/* Type promotion, each from torch:
 *   zeros(2, dtype=int64) + 1.5 -> float32          ones(int64) / ones(int64) -> float32
 *   tensor([True]) + tensor([True]) -> bool           zeros(2, float16) + tensor(1.0) -> float16
 *   zeros(2, int32) + tensor(1) -> int32              tensor(1, int32) + zeros(2, float16) -> float16
 *   zeros(2, uint8) + zeros(2, int8) -> int16         tensor([True]) * 2 -> int64
 *   tensor(3.0, float64) + zeros(2) -> float32 */
static fxrt_dtype promoted(const char *op, fxrt_dtype a, int32_t ndim_a, const char *other, fxrt_dtype b, int32_t ndim_b) {
  char body[512];
  in_spec s[] = {{a, ndim_a, {2}}, {b, ndim_b, {2}}};
  snprintf(body, sizeof body, "    %%r : [#users=1] = call_function[target=%s](args = (%%x, %s), kwargs = {})\n    return r\n",
           op, other);
  fx_diag d;
  parsed *pr;
  fx_program *p = build(body, s, other[0] == '%' ? 2 : 1, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  fxrt_dtype dt = out_tensor(p, 0)->dtype;
  done(p, &d);
  return dt;
}

static void type_promotion_follows_torch(void **state) {
  (void)state;
  assert_int_equal(promoted("operator.add", FXRT_I64, 1, "1.5", FXRT_F32, 0), FXRT_F32);
  assert_int_equal(promoted("operator.truediv", FXRT_I64, 1, "%y", FXRT_I64, 1), FXRT_F32);
  assert_int_equal(promoted("operator.add", FXRT_BOOL, 1, "%y", FXRT_BOOL, 1), FXRT_BOOL);
  assert_int_equal(promoted("operator.add", FXRT_F16, 1, "%y", FXRT_F32, 0), FXRT_F16);
  assert_int_equal(promoted("operator.add", FXRT_I32, 1, "%y", FXRT_I64, 0), FXRT_I32);
  assert_int_equal(promoted("operator.add", FXRT_I32, 0, "%y", FXRT_F16, 1), FXRT_F16);
  assert_int_equal(promoted("operator.add", FXRT_U8, 1, "%y", FXRT_I8, 1), FXRT_I16);
  assert_int_equal(promoted("operator.mul", FXRT_BOOL, 1, "2", FXRT_F32, 0), FXRT_I64);
  assert_int_equal(promoted("operator.add", FXRT_F64, 0, "%y", FXRT_F32, 1), FXRT_F32);
}

/* torch.matmul(zeros(5,1,3,4), zeros(2,4,6)).shape == [5, 2, 3, 6]; torch.matmul(zeros(4), zeros(3,4,6)).shape == [3, 6];
 * [t.shape for t in torch.topk(zeros(3,7), 2, dim=0)] == [[2, 7], [2, 7]] with int64 indices;
 * [t.shape for t in zeros(10,2).chunk(3)] == [[4, 2], [4, 2], [2, 2]] */
static void products_and_multi_output_ops(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 4, {5, 1, 3, 4}}, {FXRT_F32, 3, {2, 4, 6}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %m : [#users=1] = call_function[target=torch.matmul](args = (%x, %y), kwargs = {})\n    return m\n",
                        s, 2, &d, &pr);
  assert_shape(out_tensor(p, 0), 5, 2, 3, 6);
  done(p, &d);
  in_spec s2[] = {{FXRT_F32, 1, {4}}, {FXRT_F32, 3, {3, 4, 6}}};
  p = build("    %m : [#users=1] = call_function[target=torch.matmul](args = (%x, %y), kwargs = {})\n    return m\n", s2, 2,
            &d, &pr);
  assert_shape(out_tensor(p, 0), 3, 6);
  done(p, &d);
  in_spec s3[] = {{FXRT_F32, 2, {3, 7}}, {FXRT_F32, 2, {10, 2}}};
  p = build("    %t : [#users=2] = call_function[target=torch.topk](args = (%x, 2), kwargs = {dim: 0})\n"
            "    %v : [#users=1] = call_function[target=operator.getitem](args = (%t, 0), kwargs = {})\n"
            "    %i : [#users=1] = call_function[target=operator.getitem](args = (%t, 1), kwargs = {})\n"
            "    %c : [#users=1] = call_method[target=chunk](args = (%y, 3), kwargs = {})\n"
            "    %c2 : [#users=1] = call_function[target=operator.getitem](args = (%c, 2), kwargs = {})\n"
            "    return (v, i, c2)\n",
            s3, 2, &d, &pr);
  assert_int_equal(d.nerrors, 0);
  assert_shape(out_tensor(p, 0), 2, 7);
  assert_shape(out_tensor(p, 1), 2, 7);
  assert_int_equal(out_tensor(p, 1)->dtype, FXRT_I64);
  assert_shape(out_tensor(p, 2), 2, 2);
  done(p, &d);
}

/* A shape error is reported at the node that causes it, and its users are not reported again. */
static void shape_error_points_at_its_node(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 2, {2, 3}}, {FXRT_F32, 2, {4, 5}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})\n"
                        "    %relu : [#users=1] = call_function[target=torch.relu](args = (%add,), kwargs = {})\n"
                        "    return relu\n",
                        s, 2, &d, &pr);
  assert_int_equal(d.nerrors, 1);
  assert_int_equal(d.msgs[0].loc.line, 4);
  assert_non_null(strstr(d.msgs[0].text, "cannot be broadcast"));
  done(p, &d);
}

/* Every unsupported target of a graph is reported, each at its node. */
static void all_unsupported_targets_reported(void **state) {
  (void)state;
  in_spec s[] = {{FXRT_F32, 2, {2, 3}}};
  fx_diag d;
  parsed *pr;
  fx_program *p = build("    %a : [#users=1] = call_function[target=torch.histogramdd](args = (%x,), kwargs = {})\n"
                        "    %b : [#users=1] = call_method[target=frobnicate](args = (%a,), kwargs = {})\n"
                        "    %c : [#users=1] = call_function[target=my.lib.thing](args = (%b,), kwargs = {})\n"
                        "    return c\n",
                        s, 1, &d, &pr);
  assert_int_equal(d.nerrors, 3);
  const fx_diag_msg *err[3];
  uint32_t k = 0;
  for (uint32_t i = 0; i < d.n; i++) {
    if (d.msgs[i].level == FX_DIAG_NOTE) { /* each error has a note pointing to fx2c --list-ops */
      assert_non_null(strstr(d.msgs[i].text, "fx2c --list-ops"));
      continue;
    }
    assert_true(k < 3);
    err[k++] = &d.msgs[i];
  }
  assert_int_equal(d.n, 6);
  assert_int_equal(err[0]->loc.line, 3);
  assert_int_equal(err[1]->loc.line, 4);
  assert_int_equal(err[2]->loc.line, 5);
  assert_non_null(strstr(err[1]->text, "unsupported call_method target 'frobnicate'"));
  done(p, &d);
}

/* Every target that fx2c --list-ops prints (program/catalog.c takes them from the same enumerators) legalizes: none
 * is reported unsupported, no listed in-place form is refused. Each node is x passed to the target, legalized alone with diagnostics of its own (many
 * targets want more arguments: those errors are not this test's). */
typedef struct {
  fx_graph *g;
  uint32_t x;
  int n;
} spelling_graph;

static void add_target_node(void *arg, const char *spelling) {
  spelling_graph *s = arg;
  const bool method = spelling[0] == 'M' && spelling[1] == ':';
  char target[200];
  /* torch.ops.aten.NAME stands for every overload: try NAME.default */
  const char *aten = strncmp(spelling, "torch.ops.aten.", 15) == 0 ? spelling + 15 : NULL;
  snprintf(target, sizeof target, "%s%s", method ? spelling + 2 : spelling, aten && !strchr(aten, '.') ? ".default" : "");
  node_with_args(s->g, method ? FX_CALL_METHOD : FX_CALL_FUNCTION, target, NULL, &s->x, 1);
  s->n++;
}

static void listed_targets_legalize(void **state) {
  (void)state;
  spelling_graph s = {new_graph(), 0, 0};
  s.x = ph(s.g, "x");
  fx_legalize_each_spelling(add_target_node, &s);
  fx_composite_each_spelling(add_target_node, &s);
  for (int i = 0; i < FX_NUM_OPS; i++) { /* the core ops' default spellings */
    char t[120];
    const bool own = (fx_op_flags((fx_op)i) & FX_OPF_FX2C) != 0;
    snprintf(t, sizeof t, "%s%s", own ? "fx2c." : "torch.", fx_op_name((fx_op)i));
    add_target_node(&s, t);
    snprintf(t, sizeof t, "M:%s", fx_op_name((fx_op)i));
    if (!own) add_target_node(&s, t);
    snprintf(t, sizeof t, "M:%s_", fx_op_name((fx_op)i)); /* the in-place forms listed */
    if (!own && (fx_op_flags((fx_op)i) & (FX_OPF_UNARY | FX_OPF_BINARY | FX_OPF_NOOP | FX_OPF_INPLACE)))
      add_target_node(&s, t);
  }
  assert_true(s.n > 500);
  fx_program p;
  fx_program_init(&p, s.g, NULL, NULL);
  int unsupported = 0;
  for (uint32_t i = s.g->first; i != FX_NONE_IDX; i = s.g->nodes[i].next) {
    fx_diag d;
    fx_diag_init(&d);
    fx_legalize_node(&p, i, &d);
    for (uint32_t k = 0; k < d.n; k++)
      if (d.msgs[k].level == FX_DIAG_ERROR &&
          (strstr(d.msgs[k].text, "unsupported call_") || strstr(d.msgs[k].text, "in place, which fx2c supports"))) {
        print_error("listed but unsupported: %s\n", d.msgs[k].text);
        unsupported++;
      }
    fx_diag_free(&d);
  }
  fx_program_free(&p);
  assert_int_equal(unsupported, 0);
}

/* ---- weights against the module tree (tests/weights/model.safetensors: tests/gen/gen_weights.py's Model) ---- */

static const char model_graph[] =
    "graph():\n"
    "    %x : [#users=1] = placeholder[target=x]\n"
    "    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})\n"
    "    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})\n"
    "    %mean : [#users=1] = call_method[target=mean](args = (%bn, (2, 3)), kwargs = {})\n"
    "    %fc : [#users=1] = call_module[target=fc](args = (%mean,), kwargs = {})\n"
    "    return fc\n";

/* Builds the fixture model with the module tree `mods`; returns the number of errors (the first in *first). */
static uint32_t build_with_modules(const char *mods, char *first, size_t cap) {
  char path[1024];
  const char *here = __FILE__;
  const char *slash = strrchr(here, '/');
  snprintf(path, sizeof path, "%.*s/../weights/model.safetensors", (int)(slash ? slash - here : 1), slash ? here : ".");
  parsed *pr = parse_text("model.fx", model_graph);
  assert_non_null(pr->g);
  fx_diag d;
  fx_diag_init(&d);
  fx_source msrc;
  fx_source_from_text(&msrc, "modules.txt", mods, strlen(mods));
  fx_modules m;
  fx_weights w;
  assert_true(fx_modules_parse(&m, &msrc, &d));
  assert_true(fx_weights_load(&w, path, &d));
  fx_program p;
  fx_program_init(&p, pr->g, &m, &w);
  in_spec x = {FXRT_F32, 4, {1, 3, 8, 8}};
  fx_program_set_input(&p, 0, x.dt, x.ndim, x.shape);
  fx_program_build(&p, &d);
  uint32_t n = d.nerrors;
  if (n) snprintf(first, cap, "%s", d.msgs[0].text);
  fx_program_free(&p);
  fx_weights_free(&w);
  fx_modules_free(&m);
  fx_source_free(&msrc);
  fx_diag_free(&d);
  return n;
}

static void weights_match_module_tree(void **state) {
  (void)state;
  char first[512] = "";
  assert_int_equal(build_with_modules("Model(\n"
                                      "  (conv): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1))\n"
                                      "  (bn): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
                                      "  (fc): Linear(in_features=4, out_features=2, bias=True)\n"
                                      ")\n",
                                      first, sizeof first),
                   0);
}

/* The module says 5x5 kernels, the weights hold 3x3 ones: an error naming the tensor and both shapes. */
static void weight_shape_contradicting_module_is_an_error(void **state) {
  (void)state;
  char first[512] = "";
  assert_int_equal(build_with_modules("Model(\n"
                                      "  (conv): Conv2d(3, 4, kernel_size=(5, 5), stride=(1, 1))\n"
                                      "  (bn): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
                                      "  (fc): Linear(in_features=4, out_features=2, bias=True)\n"
                                      ")\n",
                                      first, sizeof first),
                   1);
  assert_non_null(strstr(first, "tensor 'conv.weight' has shape [4, 3, 3, 3], but Conv2d as printed here needs [4, 3, 5, 5]"));
}

/* bn printed as an Identity: its tensors are not parameters of it. A module the graph does not call needs no weights. */
static void unexpected_and_missing_tensors_are_errors(void **state) {
  (void)state;
  char first[512] = "";
  assert_true(build_with_modules("Model(\n"
                                 "  (conv): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1))\n"
                                 "  (bn): Identity()\n"
                                 "  (fc): Linear(in_features=4, out_features=2, bias=True)\n"
                                 ")\n",
                                 first, sizeof first) >= 1);
  assert_non_null(strstr(first, "is not a parameter of bn (Identity)"));
  assert_int_equal(build_with_modules("Model(\n"
                                      "  (conv): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1))\n"
                                      "  (bn): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
                                      "  (fc): Linear(in_features=4, out_features=2, bias=True)\n"
                                      "  (fc2): Linear(in_features=4, out_features=2, bias=True)\n"
                                      ")\n",
                                      first, sizeof first),
                   0); /* an uncalled module needs no weights */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(view_with_size_of_input),      UNIT_TEST(getitem_with_slices_none_ellipsis),
      UNIT_TEST(python_arithmetic_on_shapes),  UNIT_TEST(python_ints_do_not_wrap),
      UNIT_TEST(cat_and_pooling_shapes),
      UNIT_TEST(convolution_shapes),           UNIT_TEST(type_promotion_follows_torch),
      UNIT_TEST(products_and_multi_output_ops), UNIT_TEST(shape_error_points_at_its_node),
      UNIT_TEST(all_unsupported_targets_reported), UNIT_TEST(listed_targets_legalize),
      UNIT_TEST(weights_match_module_tree),
      UNIT_TEST(weight_shape_contradicting_module_is_an_error),
      UNIT_TEST(unexpected_and_missing_tensors_are_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
