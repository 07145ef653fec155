/* test_dce.c: fx_graph_eliminate_dead_code and fx_node_is_impure (Graph.eliminate_dead_code, Node.is_impure).
 *
 * torch 1.13's eliminate_dead_code walks the nodes in reverse and erases every node with no users that is not
 * impure; placeholders and the output are impure; it returns whether anything changed. Checked with:
 *
 *   x = g.placeholder('x'); unused = g.placeholder('unused')
 *   a = relu(x); b = neg(a); c = sin(b); k = cos(x); g.output(k)
 *   g.eliminate_dead_code() -> True, nodes ['x', 'unused', 'cos', 'output'];  again -> False
 *
 * Impure call_functions: torch 1.13 keeps torch._assert (in _side_effectful_functions; checked: DCE leaves
 * ['x', '_assert', 'output']). For in-place ops fx2c goes further than torch 1.13, as graph.h documents
 * ("in-place ops such as relu_ / aten add_.Tensor / operator.iadd, copy_ are impure and never removed"):
 * torch 1.13's DCE would erase an unused torch.ops.aten.relu_.default, call_method add_ and F.relu(inplace=True)
 * (checked), which is unsound for a graph that mutates its inputs; newer torch keeps mutating aten overloads
 * (schema.is_mutable) and aten.copy_.default. The in-place tests below check fx2c's documented contract.
 */
#include "unit_helpers.h"

static void dce_removes_chain_of_dead_nodes(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t unused = ph(g, "unused");
  uint32_t a = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t b = call1(g, FX_CALL_FUNCTION, "torch.neg", a);
  uint32_t c = call1(g, FX_CALL_FUNCTION, "torch.sin", b);
  uint32_t k = call1(g, FX_CALL_FUNCTION, "torch.cos", x);
  out(g, k);
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x unused cos output");
  assert_int_equal(g->nlive, 4);
  assert_true(g->nodes[a].erased && g->nodes[b].erased && g->nodes[c].erased);
  assert_false(g->nodes[unused].erased);
  assert_users(g, x, "cos");
  assert_int_equal(lint_count(g), 0);
}

static void dce_second_run_changes_nothing(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  call1(g, FX_CALL_FUNCTION, "torch.neg", a);
  out(g, x);
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x output");
}

/* Nothing dead: returns False and the graph prints as before. */
static void dce_returns_false_when_nothing_is_dead(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t w = get_attr(g, "linear.weight");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, w);
  out(g, a);
  const char *before = format_graph(g);
  assert_false(fx_graph_eliminate_dead_code(g));
  const char *after = format_graph(g);
  assert_string_equal(after, before);
  assert_int_equal(g->nlive, 4);
}

/* Placeholders and the output are impure (Node.is_impure: op in {'placeholder', 'output'}). A graph of only
 * unused placeholders and an output that returns None keeps everything. */
static void dce_keeps_placeholders_and_output(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  fx_value none = fx_value_none();
  uint32_t o = fx_graph_create_node(g, FX_OUTPUT, S("output"), fx_value_tuple(g, &none, 1), empty_dict(g), NO_NAME,
                                    NO_TYPE);
  assert_true(fx_node_is_impure(g, x));
  assert_true(fx_node_is_impure(g, y));
  assert_true(fx_node_is_impure(g, o));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x y output");
}

/* An unused get_attr is pure and goes. */
static void dce_removes_unused_get_attr(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t w = get_attr(g, "linear.weight");
  out(g, x);
  assert_false(fx_node_is_impure(g, w));
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x output");
}

/* torch._assert(x, 'msg') is in torch 1.13's _side_effectful_functions: DCE leaves ['x', '_assert', 'output'].
 * The node that feeds it stays too. */
static void dce_keeps_torch_assert_and_its_inputs(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t cond = call1(g, FX_CALL_FUNCTION, "torch.isfinite", x);
  fx_value args[2] = {fx_value_node(g, cond), fx_value_str(g, S("msg"))};
  uint32_t as = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch._assert"), fx_value_tuple(g, args, 2),
                                     empty_dict(g), NO_NAME, NO_TYPE);
  out(g, x);
  assert_name(g, as, "_assert");
  assert_true(fx_node_is_impure(g, as));
  assert_false(fx_node_is_impure(g, cond));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x isfinite _assert output");
}

/* An aten in-place overload (fx2c contract; newer torch: OpOverload schema is mutable). */
static void dce_keeps_aten_inplace_op(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.ops.aten.relu_.default", x);
  uint32_t p = call1(g, FX_CALL_FUNCTION, "torch.ops.aten.relu.default", x); /* the functional one goes */
  out(g, x);
  assert_name(g, r, "relu__default"); /* torch 1.13 names it so too */
  assert_true(fx_node_is_impure(g, r));
  assert_false(fx_node_is_impure(g, p));
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x relu__default output");
}

/* call_method add_ (x.add_(x)) mutates x (fx2c contract), while call_method add does not. */
static void dce_keeps_inplace_call_method(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_METHOD, "add_", x, x);
  uint32_t p = call2(g, FX_CALL_METHOD, "add", x, x);
  out(g, x);
  assert_name(g, a, "add_");
  assert_name(g, p, "add");
  assert_true(fx_node_is_impure(g, a));
  assert_false(fx_node_is_impure(g, p));
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x add_ output");
}

/* A magic method such as __add__ ends in underscores but is not in-place. */
static void dce_removes_unused_magic_method(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_METHOD, "__add__", x, x);
  out(g, x);
  assert_false(fx_node_is_impure(g, a));
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x output");
}

/* F.relu(x, inplace=True) as torch 1.13 traces and prints it (kwargs = {inplace: True}):
 *   class N(torch.nn.Module):
 *       def forward(self, x): F.relu(x, inplace=True); return x
 * kept (fx2c contract). */
static void dce_keeps_functional_with_inplace_true_kwarg(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=2] = placeholder[target=x]\n"
      "    %relu : [#users=0] = call_function[target=torch.nn.functional.relu](args = (%x,), kwargs = {inplace: True})\n"
      "    return x\n";
  fx_graph *g = parse_text("inplace.fx", text)->g;
  assert_non_null(g);
  uint32_t r = fx_graph_find(g, S("relu"));
  assert_true(fx_node_is_impure(g, r));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x relu output");
}

/* The same call with inplace=False is pure and goes. */
static void dce_removes_functional_with_inplace_false_kwarg(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=2] = placeholder[target=x]\n"
      "    %relu : [#users=0] = call_function[target=torch.nn.functional.relu](args = (%x,), kwargs = {inplace: False})\n"
      "    return x\n";
  fx_graph *g = parse_text("not_inplace.fx", text)->g;
  assert_non_null(g);
  assert_false(fx_node_is_impure(g, fx_graph_find(g, S("relu"))));
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x output");
  assert_int_equal(lint_count(g), 0);
}

/* The same graph as gm.graph.print_tabular() prints it; there the kwargs cell is a Python repr with a quoted
 * key, {'inplace': True}. It is the same node, so it is kept just the same. */
static void dce_keeps_inplace_kwarg_read_from_table(void **state) {
  (void)state;
  static const char text[] =
      "opcode         name    target                             args    kwargs\n"
      "-------------  ------  ---------------------------------  ------  -----------------\n"
      "placeholder    x       x                                  ()      {}\n"
      "call_function  relu    <function relu at 0x7f5e50dd2b60>  (x,)    {'inplace': True}\n"
      "output         output  output                             (x,)    {}\n";
  fx_graph *g = parse_text("inplace.txt", text)->g;
  assert_non_null(g);
  uint32_t r = fx_graph_find(g, S("relu"));
  assert_fxstr_equal(g->nodes[r].target, "<function relu at 0x7f5e50dd2b60>"); /* legalization tells whose */
  char buf[64];
  assert_string_equal(format_value(g, &g->nodes[r].kwargs, false, buf, sizeof buf), "{inplace: True}");
  assert_true(fx_node_is_impure(g, r));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x relu output");
}

/* The same node built through the API, with the key made by fx_value_str (a Python str key, which prints
 * exactly like the parsed one: kwargs = {inplace: True}) is just as impure. */
static void dce_keeps_inplace_kwarg_built_with_str_key(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  fx_value a = fx_value_node(g, x);
  fx_value kw[2] = {fx_value_str(g, S("inplace")), fx_value_bool(true)};
  uint32_t r = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.nn.functional.relu"), fx_value_tuple(g, &a, 1),
                                    fx_value_container(g, FX_V_DICT, kw, 2), NO_NAME, NO_TYPE);
  out(g, x);
  char buf[64];
  assert_string_equal(format_value(g, &g->nodes[r].kwargs, false, buf, sizeof buf), "{inplace: True}");
  assert_true(fx_node_is_impure(g, r));
  assert_false(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x relu output");
}

/* A dead pure node whose only input is an impure node: the pure one goes, the impure one stays. */
static void dce_removes_pure_user_of_impure_node(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.ops.aten.relu_.default", x);
  call1(g, FX_CALL_FUNCTION, "torch.neg", r);
  out(g, x);
  assert_true(fx_graph_eliminate_dead_code(g));
  assert_order(g, "x relu__default output");
  assert_users(g, r, "");
  assert_int_equal(lint_count(g), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(dce_removes_chain_of_dead_nodes),
      UNIT_TEST(dce_second_run_changes_nothing),
      UNIT_TEST(dce_returns_false_when_nothing_is_dead),
      UNIT_TEST(dce_keeps_placeholders_and_output),
      UNIT_TEST(dce_removes_unused_get_attr),
      UNIT_TEST(dce_keeps_torch_assert_and_its_inputs),
      UNIT_TEST(dce_keeps_aten_inplace_op),
      UNIT_TEST(dce_keeps_inplace_call_method),
      UNIT_TEST(dce_removes_unused_magic_method),
      UNIT_TEST(dce_keeps_functional_with_inplace_true_kwarg),
      UNIT_TEST(dce_removes_functional_with_inplace_false_kwarg),
      UNIT_TEST(dce_keeps_inplace_kwarg_read_from_table),
      UNIT_TEST(dce_keeps_inplace_kwarg_built_with_str_key),
      UNIT_TEST(dce_removes_pure_user_of_impure_node),
  };
  return cmocka_run_group_tests_name("dce", tests, NULL, NULL);
}
