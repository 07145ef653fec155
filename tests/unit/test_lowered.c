/* test_lowered.c: the kernel descriptions (program/kernels.def), the refs a call passes (fx_kcall_refs), the check
 * that lowering sets no other operand, and the schedule walk (program/walk.h) over a lowered program. */
#include "unit_helpers.h"

#include "program/lower.h"
#include "program/walk.h"

#include <string.h>

/* Every kernel: an fxrt_ function in a runtime .c file, operands whose slots fit the fields they name. */
static void descriptions_are_consistent(void **state) {
  (void)state;
  for (int k = 0; k < FX_NUM_KINDS; k++) {
    const fx_kernel *d = fx_kernel_desc((fx_kind)k);
    assert_non_null(d);
    assert_int_equal(strncmp(d->function, "fxrt_", 5), 0);
    size_t n = strlen(d->file);
    assert_true(n > 2 && strcmp(d->file + n - 2, ".c") == 0);
    assert_true(d->nargs >= 1 && d->nargs <= 24);
    int outs = 0;
    for (int a = 0; a < d->nargs; a++) {
      const fx_karg *g = &d->args[a];
      assert_non_null(g->name);
      switch ((fx_arg_type)g->type) {
      case FX_ARG_IN:
      case FX_ARG_OUT:
      case FX_ARG_VIEW:
      case FX_ARG_EPILOGUE: assert_true(g->slot < FX_KCALL_REFS); break;
      case FX_ARG_I64:
      case FX_ARG_SIZE: assert_true(g->slot < FX_KCALL_INTS); break;
      case FX_ARG_PADS: assert_true(g->slot + 3 < FX_KCALL_INTS); break;
      case FX_ARG_F32:
      case FX_ARG_F64: assert_true(g->slot < 2); break;
      default: break;
      }
      outs += g->type == FX_ARG_OUT || g->type == FX_ARG_POINTWISE || g->type == FX_ARG_CUSTOM;
      for (int b = 0; b < a; b++) /* no ref passed twice */
        if ((g->type == FX_ARG_IN || g->type == FX_ARG_OUT) && (d->args[b].type == FX_ARG_IN || d->args[b].type == FX_ARG_OUT))
          assert_int_not_equal(g->slot, d->args[b].slot);
    }
    assert_true(outs >= 1 || k == FX_K_ASSERT); /* every kernel writes something, but the check of torch._assert */
  }
  assert_null(fx_kernel_desc(FX_NUM_KINDS));
  assert_string_equal(fx_kind_function(FX_K_CONV2D), "fxrt_conv2d_f32");
  assert_string_equal(fx_kind_file(FX_K_WINOGRAD), "fxrt_winograd.c");
}

static int refs_of(const fx_kcall *k, uint8_t *slots, bool *written) { return fx_kcall_refs(k, slots, written); }

/* conv2d: x, weight, bias read; y and the workspace written; the residual read only with an epilogue. */
static void conv_refs(void **state) {
  (void)state;
  fx_kcall k;
  memset(&k, 0, sizeof k);
  k.kind = FX_K_CONV2D;
  uint8_t s[FX_KCALL_REFS];
  bool w[FX_KCALL_REFS];
  int n = refs_of(&k, s, w);
  assert_int_equal(n, 5);
  const uint8_t want[] = {0, 1, 2, 3, 5};
  const bool wrote[] = {false, false, false, true, true};
  for (int j = 0; j < n; j++) {
    assert_int_equal(s[j], want[j]);
    assert_int_equal(w[j], wrote[j]);
  }
  k.has_ep = true;
  n = refs_of(&k, s, w);
  assert_int_equal(n, 6);
  assert_int_equal(s[4], 4);
  assert_false(w[4]);
}

/* A fused group: its result ref[0] written, its inputs ref[1..i0] read. */
static void pointwise_refs(void **state) {
  (void)state;
  fx_kcall k;
  memset(&k, 0, sizeof k);
  k.kind = FX_K_POINTWISE;
  k.i[0] = 3;
  uint8_t s[FX_KCALL_REFS];
  bool w[FX_KCALL_REFS];
  int n = refs_of(&k, s, w);
  assert_int_equal(n, 4);
  for (int j = 0; j < n; j++) {
    assert_int_equal(s[j], j);
    assert_int_equal(w[j], j == 0);
  }
}

typedef struct {
  char log[2048];
  size_t n;
  const fx_graph *g;
} walk_log;

static void say(walk_log *w, const char *s) {
  size_t k = strlen(s);
  assert_true(w->n + k < sizeof w->log);
  memcpy(w->log + w->n, s, k + 1);
  w->n += k;
}

static bool on_begin(void *ctx, uint32_t node, uint32_t ncalls) {
  walk_log *w = ctx;
  char b[128];
  if (node == FX_NONE_IDX) snprintf(b, sizeof b, "[prologue %u:", ncalls);
  else snprintf(b, sizeof b, "[%.*s %u:", (int)w->g->nodes[node].name.n, w->g->nodes[node].name.p, ncalls);
  say(w, b);
  return true;
}

static bool on_call(void *ctx, uint32_t node, const fx_kcall *k) {
  walk_log *w = ctx;
  assert_true(k->node == node || k->node == FX_NONE_IDX);
  say(w, " ");
  say(w, fx_kind_function((fx_kind)k->kind) + 5);
  return true;
}

static bool on_end(void *ctx, uint32_t node) {
  (void)node;
  say(ctx, "]");
  return true;
}

static bool stop_at_add(void *ctx, uint32_t node, uint32_t ncalls) {
  walk_log *w = ctx;
  if (node != FX_NONE_IDX && fx_str_eqz(w->g->nodes[node].name, "add")) return false;
  return on_begin(ctx, node, ncalls);
}

/* The walk: the copy of the input the graph writes into first, then every node in graph order (nodes without work
 * too), the output node with the copy into the output buffer; and a callback returning false stops it. */
static void walk_order(void **state) {
  (void)state;
  parsed *pr = parse_text("walk.fx",
                          "graph():\n"
                          "    %x : [#users=2] = placeholder[target=x]\n"
                          "    %relu_ : [#users=1] = call_method[target=relu_](args = (%x,), kwargs = {})\n"
                          "    %view : [#users=1] = call_method[target=view](args = (%relu_, -1), kwargs = {})\n"
                          "    %add : [#users=1] = call_function[target=operator.add](args = (%view, 1.0), kwargs = {})\n"
                          "    return (%add, %x)\n");
  assert_non_null(pr->g);
  fx_program p;
  fx_program_init(&p, pr->g, NULL, NULL);
  fx_program_set_input(&p, 0, FXRT_F32, 2, (int64_t[]){2, 3});
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_program_build(&p, &d));
  fx_lowered L;
  assert_true(fx_lower(&p, &L, &d));
  walk_log w = {{0}, 0, pr->g};
  fx_walker wk = {on_begin, on_call, on_end};
  assert_true(fx_walk(&L, &wk, &w));
  assert_string_equal(w.log, "[prologue 1: copy][x 0:][relu_ 1: unary_f32][view 0:][add 1: binary][output 1: copy]");
  w.n = 0;
  fx_walker nodes = {on_begin, NULL, on_end}; /* no call callback: nodes only */
  assert_true(fx_walk(&L, &nodes, &w));
  assert_string_equal(w.log, "[prologue 1:][x 0:][relu_ 1:][view 0:][add 1:][output 1:]");
  w.n = 0;
  fx_walker stop = {stop_at_add, NULL, NULL};
  assert_false(fx_walk(&L, &stop, &w));
  assert_string_equal(w.log, "[prologue 1:[x 0:[relu_ 1:[view 0:"); /* stopped before add */
  fx_lowered_free(&L);
  fx_program_free(&p);
  fx_diag_free(&d);
}

/* The walk's log of a graph with input x of shape shape. */
static void walk_text(const char *text, int32_t ndim, const int64_t *shape, char *out, size_t cap) {
  parsed *pr = parse_text("walk.fx", text);
  assert_non_null(pr->g);
  fx_program p;
  fx_program_init(&p, pr->g, NULL, NULL);
  fx_program_set_input(&p, 0, FXRT_F32, ndim, shape);
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_program_build(&p, &d));
  fx_lowered L;
  assert_true(fx_lower(&p, &L, &d));
  walk_log w = {{0}, 0, pr->g};
  fx_walker wk = {on_begin, on_call, on_end};
  assert_true(fx_walk(&L, &wk, &w));
  snprintf(out, cap, "%s", w.log);
  fx_lowered_free(&L);
  fx_program_free(&p);
  fx_diag_free(&d);
}

/* A channel shuffle (shufflenet: view, transpose, reshape): the reshape is a copy in PyTorch (no strides reach its
 * elements in the transpose's), but when nothing writes in place it shares the transpose's storage, which already
 * holds those elements: one copy, the transpose's. With an in-place op on the result, it has storage of its own. */
static void shuffle_copies_once(void **state) {
  (void)state;
  char log[2048];
  const char *head = "graph():\n"
                     "    %x : [#users=1] = placeholder[target=x]\n"
                     "    %view : [#users=1] = call_method[target=view](args = (%x, 1, 2, 3, 4), kwargs = {})\n"
                     "    %transpose : [#users=1] = call_function[target=torch.transpose](args = (%view, 1, 2), kwargs = {})\n"
                     "    %view_1 : [#users=1] = call_method[target=reshape](args = (%transpose, 1, 6, 4), kwargs = {})\n";
  char text[2048];
  snprintf(text, sizeof text, "%s    return view_1\n", head);
  walk_text(text, 3, (int64_t[]){1, 6, 4}, log, sizeof log);
  assert_string_equal(log, "[x 0:][view 0:][transpose 1: copy][view_1 0:][output 0:]");
  snprintf(text, sizeof text, "%s%s", head,
           "    %relu_ : [#users=1] = call_method[target=relu_](args = (%view_1,), kwargs = {})\n"
           "    return relu_\n");
  walk_text(text, 3, (int64_t[]){1, 6, 4}, log, sizeof log);
  assert_string_equal(log, "[x 0:][view 0:][transpose 1: copy][view_1 1: copy][relu_ 1: unary_f32][output 0:]");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(descriptions_are_consistent),
      UNIT_TEST(conv_refs),
      UNIT_TEST(pointwise_refs),
      UNIT_TEST(walk_order),
      UNIT_TEST(shuffle_copies_once),
  };
  return cmocka_run_group_tests_name("lowered", tests, NULL, NULL);
}
