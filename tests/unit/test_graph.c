/* test_graph.c: the graph-editing API against torch.fx.Graph (torch 1.13, torch/fx/graph.py and node.py).
 *
 * Areas: create_node (names, users, position), inserting_before/after and restore, node_copy,
 * replace_all_uses_with, erase_node, node.args/kwargs assignment (fx_node_set_args).
 *
 * Every expected name and order below was produced by running the same calls on torch.fx 1.13 with
 * /usr/bin/python3; the Python is quoted next to each test.
 */
#include "unit_helpers.h"

/* ------------------------------------------------------------------------------------------------------------ */
/* create_node: names derived from targets (Graph._target_to_str + _Namespace.create_name)                     */
/* ------------------------------------------------------------------------------------------------------------ */

/* g.create_node('call_function', operator.add, (x, x)).name == 'add' */
static void create_node_name_from_operator_add(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  assert_name(g, x, "x");
  assert_name(g, a, "add");
}

/* g.create_node('call_function', torch.sum, (x,)).name == 'sum_1': `sum` is a Python builtin, which
 * _Namespace._is_illegal_name refuses, so numbering starts at 1. */
static void create_node_name_torch_sum_avoids_builtin(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t s = call1(g, FX_CALL_FUNCTION, "torch.sum", x);
  assert_name(g, s, "sum_1");
}

/* torch.ops.aten.add.Tensor.__name__ == 'add.Tensor'; _snake_case -> 'add.tensor'; the illegal '.' -> '_':
 * g.create_node('call_function', torch.ops.aten.add.Tensor, (x, x)).name == 'add_tensor' */
static void create_node_name_from_aten_overload(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "torch.ops.aten.add.Tensor", x, x);
  assert_name(g, a, "add_tensor");
}

/* g.create_node('call_module', 'layer1.0.conv1', (x,)).name == 'layer1_0_conv1' */
static void create_node_name_from_module_path(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t m = call1(g, FX_CALL_MODULE, "layer1.0.conv1", x);
  assert_name(g, m, "layer1_0_conv1");
  assert_fxstr_equal(g->nodes[m].target, "layer1.0.conv1");
}

/* g.create_node('get_attr', 'linear.weight').name == 'linear_weight' */
static void create_node_name_from_get_attr_path(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t w = get_attr(g, "linear.weight");
  assert_name(g, w, "linear_weight");
  assert_fxstr_equal(g->nodes[w].target, "linear.weight");
}

/* _target_to_str strips magic names and snake-cases: call_method '__getitem__' -> 'getitem',
 * call_module 'myModule.subLayer' -> 'my_module_sub_layer'. */
static void create_node_name_magic_and_camel_case(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t gi = call1(g, FX_CALL_METHOD, "__getitem__", x);
  uint32_t m = call1(g, FX_CALL_MODULE, "myModule.subLayer", x);
  assert_name(g, gi, "getitem");
  assert_name(g, m, "my_module_sub_layer");
}

/* Three operator.add nodes: 'add', 'add_1', 'add_2'. */
static void create_node_duplicate_names_get_suffixes(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a0 = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  uint32_t a1 = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  uint32_t a2 = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  assert_name(g, a0, "add");
  assert_name(g, a1, "add_1");
  assert_name(g, a2, "add_2");
}

/* _name_suffix_regex splits 'relu_3' into base 'relu' and number 3:
 *   create_node(..., name='relu_3') -> 'relu_3'; again -> 'relu_4'; torch.relu without a name -> 'relu'. */
static void create_node_numeric_suffix_continues_from_base(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r3 = named1(g, "torch.relu", "relu_3", x);
  uint32_t r4 = named1(g, "torch.relu", "relu_3", x);
  uint32_t r = named1(g, "torch.relu", NULL, x);
  assert_name(g, r3, "relu_3");
  assert_name(g, r4, "relu_4");
  assert_name(g, r, "relu");
}

/* Keywords are never names: name='for' -> 'for_1', name='None' -> 'None_1'. */
static void create_node_refuses_keywords(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t f = named1(g, "torch.relu", "for", x);
  uint32_t n = named1(g, "torch.relu", "None", x);
  assert_name(g, f, "for_1");
  assert_name(g, n, "None_1");
}

/* Builtins and FX's custom builtins are refused too: 'print' -> 'print_1', get_attr 'torch' -> 'torch_1',
 * 'inf' -> 'inf_1'. */
static void create_node_refuses_builtins(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t p = named1(g, "torch.relu", "print", x);
  uint32_t t = get_attr(g, "torch");
  uint32_t i = named1(g, "torch.relu", "inf", x);
  assert_name(g, p, "print_1");
  assert_name(g, t, "torch_1");
  assert_name(g, i, "inf_1");
}

/* candidate[0].isdigit() -> '_' prefix: name='1st' -> '_1st'. */
static void create_node_leading_digit_gets_underscore(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t n = named1(g, "torch.relu", "1st", x);
  assert_name(g, n, "_1st");
}

/* An explicit legal, unused name is kept as given: name='my_relu' -> 'my_relu'. */
static void create_node_explicit_name_is_kept(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t n = named1(g, "torch.relu", "my_relu", x);
  assert_name(g, n, "my_relu");
  assert_int_equal(fx_graph_find(g, S("my_relu")), n);
}

/* _illegal_char_regex is '[^0-9a-zA-Z_]+': a RUN of illegal characters becomes ONE underscore.
 * create_node(..., name='a.-b').name == 'a_b' */
static void create_node_run_of_illegal_chars_becomes_one_underscore(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t n = named1(g, "torch.relu", "a.-b", x);
  assert_name(g, n, "a_b");
}

/* create_name rebuilds the candidate as f'{base}_{int(num)}', so a zero-padded suffix is normalised:
 * create_node(..., name='mul_01').name == 'mul_1' */
static void create_node_zero_padded_suffix_is_normalised(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t n = named1(g, "torch.relu", "mul_01", x);
  assert_name(g, n, "mul_1");
}

/* '3' -> '_3' (leading digit), which the suffix regex '(.*)_(\d+)$' splits into base '' and number 3; so the
 * second '3' becomes '_4':  create_node(name='3'), create_node(name='3') -> '_3', '_4' */
static void create_node_all_digit_name_numbers_from_empty_base(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = named1(g, "torch.relu", "3", x);
  uint32_t b = named1(g, "torch.relu", "3", x);
  assert_name(g, a, "_3");
  assert_name(g, b, "_4");
}

/* The suffix number has no length limit in create_name (int(num_str)):
 * create_node(name='x_12345678901') twice -> 'x_12345678901', 'x_12345678902' */
static void create_node_long_numeric_suffix_continues_from_base(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = named1(g, "torch.relu", "x_12345678901", x);
  uint32_t b = named1(g, "torch.relu", "x_12345678901", x);
  assert_name(g, a, "x_12345678901");
  assert_name(g, b, "x_12345678902");
}

/* ------------------------------------------------------------------------------------------------------------ */
/* create_node: users and position                                                                              */
/* ------------------------------------------------------------------------------------------------------------ */

/* Node.users: "one user may correspond to several uses, e.g. the node for x + x would appear once".
 * add = x + x: x.users == [add], len 1. */
static void create_node_user_listed_once_for_two_uses(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  assert_int_equal(g->nodes[x].nusers, 1);
  assert_int_equal(g->nodes[x].users[0], a);
  assert_int_equal(g->nodes[a].nusers, 0);
}

/* References inside lists, nested tuples and kwargs are uses too, and users are kept in order of creation:
 *   cat([y, x], out=None); add(x, other=y); stack([x, (y, x)])
 *   x.users == y.users == ['cat', 'add', 'stack'] */
static void create_node_users_from_nested_args_and_kwargs(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");

  fx_value yx[2] = {fx_value_node(g, y), fx_value_node(g, x)};
  fx_value cat_list = fx_value_container(g, FX_V_LIST, yx, 2);
  fx_value cat_kw[2] = {fx_value_str(g, S("out")), fx_value_none()};
  uint32_t cat = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.cat"), fx_value_tuple(g, &cat_list, 1),
                                      fx_value_container(g, FX_V_DICT, cat_kw, 2), NO_NAME, NO_TYPE);

  fx_value add_arg = fx_value_node(g, x);
  fx_value add_kw[2] = {fx_value_str(g, S("other")), fx_value_node(g, y)};
  uint32_t add = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.add"), fx_value_tuple(g, &add_arg, 1),
                                      fx_value_container(g, FX_V_DICT, add_kw, 2), NO_NAME, NO_TYPE);

  fx_value inner[2] = {fx_value_node(g, y), fx_value_node(g, x)};
  fx_value st[2] = {fx_value_node(g, x), fx_value_tuple(g, inner, 2)};
  fx_value st_list = fx_value_container(g, FX_V_LIST, st, 2);
  uint32_t stack = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.stack"), fx_value_tuple(g, &st_list, 1),
                                        empty_dict(g), NO_NAME, NO_TYPE);

  assert_name(g, cat, "cat");
  assert_name(g, add, "add");
  assert_name(g, stack, "stack");
  assert_users(g, x, "cat add stack");
  assert_users(g, y, "cat add stack");
  assert_int_equal(lint_count(g), 1); /* only: no output node */
}

/* Graph.create_node with no insertion point set appends: nodes come out in creation order. */
static void create_node_appends_at_end_by_default(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t n = call1(g, FX_CALL_FUNCTION, "torch.neg", r);
  uint32_t o = out(g, n);
  assert_order(g, "x relu neg output");
  assert_int_equal(g->first, x);
  assert_int_equal(g->last, o);
  assert_int_equal(g->nlive, 4);
  assert_int_equal(fx_graph_output(g), o);
  assert_int_equal(lint_count(g), 0);
}

/* g.placeholder('x', type_expr=torch.Tensor).format_node() == '%x : torch.Tensor [#users=0] = placeholder[target=x]' */
static void create_node_with_type_formats_it(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = fx_graph_create_node(g, FX_PLACEHOLDER, S("x"), empty_tuple(g), empty_dict(g), NO_NAME,
                                    S("torch.Tensor"));
  assert_string_equal(format_node(g, x), "%x : torch.Tensor [#users=0] = placeholder[target=x]");
}

/* Many nodes (past the first growth of the node array and of the name table): every name is found, every
 * user list is right. A chain x -> relu -> relu_1 -> ... -> relu_299 -> output. */
static void create_many_nodes_keeps_names_and_users(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t prev = ph(g, "x");
  enum { N = 300 };
  uint32_t idx[N];
  for (uint32_t i = 0; i < N; i++) idx[i] = prev = call1(g, FX_CALL_FUNCTION, "torch.relu", prev);
  out(g, prev);
  assert_int_equal(g->nlive, N + 2);
  assert_name(g, idx[0], "relu");
  assert_name(g, idx[1], "relu_1");
  assert_name(g, idx[N - 1], "relu_299");
  for (uint32_t i = 0; i < N; i++) {
    fx_str nm = g->nodes[idx[i]].name;
    assert_int_equal(fx_graph_find(g, nm), idx[i]);
    assert_int_equal(g->nodes[idx[i]].nusers, 1);
  }
  assert_int_equal(fx_graph_find(g, S("relu_300")), FX_NONE_IDX);
  assert_int_equal(lint_count(g), 0);
}

/* create_node copies the target, name and type strings into the graph. */
static void create_node_copies_strings(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  char target[32] = "torch.relu", name[32] = "my_relu", type[32] = "torch.Tensor";
  fx_value a = fx_value_node(g, x);
  uint32_t r = fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(target, strlen(target)), fx_value_tuple(g, &a, 1),
                                    empty_dict(g), fx_str_make(name, strlen(name)), fx_str_make(type, strlen(type)));
  memset(target, 'X', sizeof target - 1);
  memset(name, 'X', sizeof name - 1);
  memset(type, 'X', sizeof type - 1);
  assert_fxstr_equal(g->nodes[r].target, "torch.relu");
  assert_name(g, r, "my_relu");
  assert_fxstr_equal(g->nodes[r].type, "torch.Tensor");
}

/* ------------------------------------------------------------------------------------------------------------ */
/* inserting_before / inserting_after                                                                           */
/* ------------------------------------------------------------------------------------------------------------ */

/* Node.append(x) puts x right after the node, so repeated creation inside inserting_after(x) reverses:
 *   x, relu, output;  with g.inserting_after(x): neg, sin, cos
 *   -> ['x', 'cos', 'sin', 'neg', 'relu', 'output'] */
static void inserting_after_repeated_gives_reverse_order(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_after(g, x);
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  call1(g, FX_CALL_FUNCTION, "torch.cos", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "x cos sin neg relu output");
  assert_int_equal(lint_count(g), 0);
}

/* Node.prepend keeps creation order: after the above, with g.inserting_before(relu): exp, tanh
 *   -> ['x', 'cos', 'sin', 'neg', 'exp', 'tanh', 'relu', 'output'] */
static void inserting_before_keeps_creation_order(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_after(g, x);
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  call1(g, FX_CALL_FUNCTION, "torch.cos", x);
  fx_graph_restore_insert(g, old);
  old = fx_graph_inserting_before(g, r);
  call1(g, FX_CALL_FUNCTION, "torch.exp", x);
  call1(g, FX_CALL_FUNCTION, "torch.tanh", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "x cos sin neg exp tanh relu output");
  assert_int_equal(lint_count(g), 0);
}

/* Leaving the `with` block restores appending: torch.abs created afterwards goes last, named 'abs_1'
 * (abs is a builtin):  -> [..., 'relu', 'output', 'abs_1'] */
static void restore_insert_returns_to_appending(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_before(g, r);
  assert_int_equal(old.node, FX_NONE_IDX); /* the default point: append */
  call1(g, FX_CALL_FUNCTION, "torch.exp", x);
  fx_graph_restore_insert(g, old);
  uint32_t a = call1(g, FX_CALL_FUNCTION, "torch.abs", x);
  assert_name(g, a, "abs_1");
  assert_order(g, "x exp relu output abs_1");
  assert_int_equal(g->last, a);
}

/* Nested points:
 *   with g.inserting_before(relu):
 *       with g.inserting_after(x): neg
 *       sin
 *   cos
 *   -> ['x', 'neg', 'sin', 'relu', 'output', 'cos'] */
static void nested_insertion_points_restore_in_turn(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_insert_point outer = fx_graph_inserting_before(g, r);
  fx_insert_point inner = fx_graph_inserting_after(g, x);
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, inner);
  call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  fx_graph_restore_insert(g, outer);
  call1(g, FX_CALL_FUNCTION, "torch.cos", x);
  assert_order(g, "x neg sin relu output cos");
}

/* Erasing the node that an "after" point refers to: the new node takes the erased node's place.
 *   x, y, relu, output;  with g.inserting_after(y): g.erase_node(y); neg
 *   -> ['x', 'neg', 'relu', 'output'] */
static void erase_insert_after_point_then_create(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_after(g, y);
  assert_true(fx_graph_erase_node(g, y));
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "x neg relu output");
  assert_int_equal(lint_count(g), 0);
}

/* Same, when the erased point is the FIRST node (FX: the erased node's _next, x, gets the new node prepended):
 *   y, x, output(x);  with g.inserting_after(y): g.erase_node(y); neg
 *   -> ['neg', 'x', 'output'] */
static void erase_first_node_insert_after_point_then_create(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t y = ph(g, "y"), x = ph(g, "x");
  out(g, x);
  fx_insert_point old = fx_graph_inserting_after(g, y);
  assert_true(fx_graph_erase_node(g, y));
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "neg x output");
}

/* Two nodes created after an erased "after" point: FX appends both to the erased node's old successor, so they
 * keep creation order:
 *   x, relu, sin, output(relu);  with g.inserting_after(sin): g.erase_node(sin); neg; cos
 *   -> ['x', 'relu', 'neg', 'cos', 'output'] */
static void erase_insert_after_point_then_create_two(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t z = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_after(g, z);
  assert_true(fx_graph_erase_node(g, z));
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  call1(g, FX_CALL_FUNCTION, "torch.cos", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "x relu neg cos output");
}

/* Erasing the node that a "before" point refers to:
 *   x, relu, sin, output(relu);  with g.inserting_before(sin): g.erase_node(sin); neg
 *   -> ['x', 'relu', 'neg', 'output'] */
static void erase_insert_before_point_then_create(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t z = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  out(g, r);
  fx_insert_point old = fx_graph_inserting_before(g, z);
  assert_true(fx_graph_erase_node(g, z));
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, old);
  assert_order(g, "x relu neg output");
  assert_int_equal(lint_count(g), 0);
}

/* Node.prepend on the first node: with g.inserting_before(x): g.placeholder('y') -> ['y', 'x', 'output'] */
static void inserting_before_first_node_becomes_first(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  out(g, x);
  fx_insert_point old = fx_graph_inserting_before(g, x);
  uint32_t y = ph(g, "y");
  fx_graph_restore_insert(g, old);
  assert_order(g, "y x output");
  assert_int_equal(g->first, y);
  assert_int_equal(g->nodes[y].prev, FX_NONE_IDX);
  assert_int_equal(g->nodes[x].prev, y);
  assert_int_equal(lint_count(g), 0);
}

/* The erased node is an OUTER point, restored after an inner one:
 *   x, relu, sin, output(relu)
 *   with g.inserting_before(sin):
 *       with g.inserting_after(x): g.erase_node(sin)
 *       neg
 *   -> ['x', 'relu', 'neg', 'output'] (torch 1.13, and lint passes) */
static void create_at_restored_before_point_of_erased_node(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t z = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  out(g, r);
  fx_insert_point outer = fx_graph_inserting_before(g, z);
  fx_insert_point inner = fx_graph_inserting_after(g, x);
  assert_true(fx_graph_erase_node(g, z));
  fx_graph_restore_insert(g, inner);
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, outer);
  assert_order(g, "x relu neg output");
  assert_int_equal(g->nlive, 4);
  assert_int_equal(lint_count(g), 0);
}

/* Same with an outer "after" point:
 *   with g.inserting_after(sin):
 *       with g.inserting_after(x): g.erase_node(sin)
 *       neg
 *   -> ['x', 'relu', 'neg', 'output'] (torch 1.13) */
static void create_at_restored_after_point_of_erased_node(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t z = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  out(g, r);
  fx_insert_point outer = fx_graph_inserting_after(g, z);
  fx_insert_point inner = fx_graph_inserting_after(g, x);
  assert_true(fx_graph_erase_node(g, z));
  fx_graph_restore_insert(g, inner);
  call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  fx_graph_restore_insert(g, outer);
  assert_order(g, "x relu neg output");
  assert_int_equal(lint_count(g), 0);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* node_copy                                                                                                    */
/* ------------------------------------------------------------------------------------------------------------ */

static uint32_t map_to_ctx_node(void *ctx, uint32_t src_node) {
  (void)src_node;
  return *(const uint32_t *)ctx;
}

/* Within one graph, node_copy passes node.name as the candidate:
 *   add = x + x; c = g.node_copy(add) -> c.name == 'add_1', c.args == (x, x), x.users == ['add', 'add_1'] */
static void node_copy_within_graph_renames_and_links_users(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  out(g, a);
  fx_insert_point old = fx_graph_inserting_after(g, a);
  uint32_t c = fx_graph_node_copy(g, g, a, NULL, NULL);
  fx_graph_restore_insert(g, old);
  assert_name(g, c, "add_1");
  assert_fxstr_equal(g->nodes[c].target, "operator.add");
  assert_int_equal(g->nodes[c].opcode, FX_CALL_FUNCTION);
  assert_int_equal(g->nodes[c].args.n, 2);
  assert_int_equal(g->nodes[c].args.u.items[0].v.node, x);
  assert_int_equal(g->nodes[c].args.u.items[1].v.node, x);
  assert_users(g, x, "add add_1");
  assert_order(g, "x add add_1 output");
  assert_int_equal(lint_count(g), 0);
}

/* A copy of sum_1 is 'sum_2' (base 'sum', number 1 taken):  g.node_copy(sum_1).name == 'sum_2' */
static void node_copy_of_numbered_name_takes_next_number(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t s = call1(g, FX_CALL_FUNCTION, "torch.sum", x);
  uint32_t c = fx_graph_node_copy(g, g, s, NULL, NULL);
  assert_name(g, s, "sum_1");
  assert_name(g, c, "sum_2");
}

/* Into another graph with an arg transform:  g2.node_copy(add, lambda n: y) -> 'add', args (y, y),
 * y.users == ['add']; the source graph is unchanged. Type and kwargs come along. */
static void node_copy_from_other_graph_maps_args(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  fx_value xs[2] = {fx_value_node(g, x), fx_value_node(g, x)};
  fx_value kw[2] = {fx_value_str(g, S("alpha")), fx_value_int(g, 2)};
  uint32_t a = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.add"), fx_value_tuple(g, xs, 2),
                                    fx_value_container(g, FX_V_DICT, kw, 2), NO_NAME, S("torch.Tensor"));
  out(g, a);

  fx_graph *g2 = new_graph();
  uint32_t y = ph(g2, "y");
  uint32_t c = fx_graph_node_copy(g2, g, a, map_to_ctx_node, &y);
  out(g2, c);

  assert_name(g2, c, "add");
  assert_fxstr_equal(g2->nodes[c].target, "torch.add");
  assert_fxstr_equal(g2->nodes[c].type, "torch.Tensor");
  assert_int_equal(g2->nodes[c].args.u.items[0].v.node, y);
  assert_int_equal(g2->nodes[c].args.u.items[1].v.node, y);
  char buf[128];
  assert_string_equal(format_value(g2, &g2->nodes[c].args, false, buf, sizeof buf), "(%y, %y)");
  assert_string_equal(format_value(g2, &g2->nodes[c].kwargs, false, buf, sizeof buf), "{alpha: 2}");
  assert_users(g2, y, "add");
  assert_int_equal(lint_count(g2), 0);
  /* the source graph is untouched */
  assert_users(g, x, "add");
  assert_int_equal(lint_count(g), 0);
}

/* The copy owns its args: changing the copy's value tree (here, the 1 inside a nested list) leaves the original
 * as it was, and reassigning the copy's args does not change the original's users. */
static void node_copy_is_independent_of_original(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  fx_value lst[2] = {fx_value_node(g, x), fx_value_int(g, 1)};
  fx_value args[2] = {fx_value_node(g, x), fx_value_container(g, FX_V_LIST, lst, 2)};
  uint32_t a = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.cat"), fx_value_tuple(g, args, 2), empty_dict(g),
                                    NO_NAME, NO_TYPE);
  uint32_t c = fx_graph_node_copy(g, g, a, NULL, NULL);
  assert_name(g, c, "cat_1");

  /* mutate the copy's nested list in place */
  fx_value *copy_list = &g->nodes[c].args.u.items[1];
  assert_int_equal(copy_list->kind, FX_V_LIST);
  copy_list->u.items[1] = fx_value_int(g, 7);
  char buf[128];
  assert_string_equal(format_value(g, &g->nodes[a].args, false, buf, sizeof buf), "(%x, [%x, 1])");
  assert_string_equal(format_value(g, &g->nodes[c].args, false, buf, sizeof buf), "(%x, [%x, 7])");

  /* reassign the copy's args: only the copy moves to y */
  fx_value ya = fx_value_node(g, y);
  fx_node_set_args(g, c, fx_value_tuple(g, &ya, 1), empty_dict(g));
  assert_string_equal(format_value(g, &g->nodes[a].args, false, buf, sizeof buf), "(%x, [%x, 1])");
  assert_users(g, x, "cat");
  assert_users(g, y, "cat_1");
}

/* Copying a node of the same graph exactly when the node array is full (64 slots), so that creating the copy
 * moves the array: the copy must still be right (and ASan clean). */
static void node_copy_within_graph_while_node_array_grows(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  while (g->nnodes < g->cap) call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t cap = g->cap;
  uint32_t c = fx_graph_node_copy(g, g, a, NULL, NULL);
  assert_true(g->cap > cap);
  assert_name(g, c, "add_1");
  assert_fxstr_equal(g->nodes[c].target, "operator.add");
  assert_int_equal(g->nodes[c].args.u.items[1].v.node, x);
  assert_int_equal(g->nodes[x].users[g->nodes[x].nusers - 1], c);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* replace_all_uses_with                                                                                        */
/* ------------------------------------------------------------------------------------------------------------ */

/* add = x + x; mul = x * y; output((add, mul)); x.replace_all_uses_with(y)
 *   -> returns [add, mul]; add.args == (y, y); mul.args == (y, y); len(x.users) == 0; y has users add and mul */
static void rauw_moves_users_and_counts_them(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  uint32_t m = call2(g, FX_CALL_FUNCTION, "operator.mul", x, y);
  fx_value am[2] = {fx_value_node(g, a), fx_value_node(g, m)};
  fx_value ret = fx_value_tuple(g, am, 2);
  fx_graph_create_node(g, FX_OUTPUT, S("output"), fx_value_tuple(g, &ret, 1), empty_dict(g), NO_NAME, NO_TYPE);

  uint32_t count = fx_node_replace_all_uses_with(g, x, y);
  assert_int_equal(count, 2);
  assert_int_equal(g->nodes[x].nusers, 0);
  char buf[128];
  assert_string_equal(format_value(g, &g->nodes[a].args, false, buf, sizeof buf), "(%y, %y)");
  assert_string_equal(format_value(g, &g->nodes[m].args, false, buf, sizeof buf), "(%y, %y)");
  /* y's users are add and mul, each once, in torch's order: [n.name for n in y.users] == ['add', 'mul'] */
  assert_users(g, y, "add mul");
  assert_int_equal(lint_count(g), 0);
}

/* The users keep FX's order (Node.__update_args_kwargs re-adds each rewritten user at the end):
 *   mul = x * y; add = x + 1; output((mul, add)); x.replace_all_uses_with(y)
 *   -> [n.name for n in y.users] == ['mul', 'add']   (torch 1.13) */
static void rauw_users_keep_fx_order(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t m = call2(g, FX_CALL_FUNCTION, "operator.mul", x, y);
  fx_value a_args[2] = {fx_value_node(g, x), fx_value_int(g, 1)};
  uint32_t a = fx_graph_create_node(g, FX_CALL_FUNCTION, S("operator.add"), fx_value_tuple(g, a_args, 2),
                                    empty_dict(g), NO_NAME, NO_TYPE);
  fx_value ma[2] = {fx_value_node(g, m), fx_value_node(g, a)};
  fx_value ret = fx_value_tuple(g, ma, 2);
  fx_graph_create_node(g, FX_OUTPUT, S("output"), fx_value_tuple(g, &ret, 1), empty_dict(g), NO_NAME, NO_TYPE);
  assert_int_equal(fx_node_replace_all_uses_with(g, x, y), 2);
  assert_users(g, y, "mul add");
  assert_int_equal(lint_count(g), 0);
}

/* A user that used the node twice appears once among the replacement's users: add = x + x; rauw(x, y)
 *   -> y.users == ['add'] */
static void rauw_user_of_two_uses_listed_once(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  out(g, a);
  assert_int_equal(fx_node_replace_all_uses_with(g, x, y), 1);
  assert_users(g, y, "add");
  assert_users(g, x, "");
  assert_int_equal(lint_count(g), 0);
}

/* The user already used the replacement: add = x + y; len(x.replace_all_uses_with(y)) == 1;
 * y.users == ['add']; add.args == (y, y) */
static void rauw_user_already_using_replacement(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, y);
  out(g, a);
  assert_int_equal(fx_node_replace_all_uses_with(g, x, y), 1);
  assert_users(g, y, "add");
  char buf[64];
  assert_string_equal(format_value(g, &g->nodes[a].args, false, buf, sizeof buf), "(%y, %y)");
  assert_int_equal(lint_count(g), 0);
}

/* The usual pass pattern: insert relu(x) after x, then make every other user of x use it instead (the new node
 * is created before the rauw, so it is among x's users and would refer to itself; FX has the same trap, so the
 * pass re-points the new node afterwards). Lists stay consistent. */
static void rauw_then_restore_new_node_input_is_lint_clean(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t n = call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  uint32_t s = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  fx_value ns[2] = {fx_value_node(g, n), fx_value_node(g, s)};
  fx_value ret = fx_value_tuple(g, ns, 2);
  fx_graph_create_node(g, FX_OUTPUT, S("output"), fx_value_tuple(g, &ret, 1), empty_dict(g), NO_NAME, NO_TYPE);
  fx_insert_point old = fx_graph_inserting_after(g, x);
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  fx_graph_restore_insert(g, old);

  assert_int_equal(fx_node_replace_all_uses_with(g, x, r), 3); /* neg, sin, relu */
  fx_value xa = fx_value_node(g, x);
  fx_node_set_args(g, r, fx_value_tuple(g, &xa, 1), empty_dict(g));
  assert_users(g, x, "relu");
  assert_int_equal(g->nodes[r].nusers, 2);
  assert_order(g, "x relu neg sin output");
  assert_int_equal(lint_count(g), 0);
}

/* Replacing a node with itself changes nothing. */
static void rauw_with_itself_is_a_no_op(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  out(g, a);
  assert_int_equal(fx_node_replace_all_uses_with(g, x, x), 0);
  assert_users(g, x, "add");
  assert_int_equal(lint_count(g), 0);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* erase_node                                                                                                   */
/* ------------------------------------------------------------------------------------------------------------ */

/* Graph.erase_node raises "Tried to erase Node y but it still had 2 users in the graph"; here it returns false
 * and changes nothing. */
static void erase_node_refused_while_used(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t o = out(g, r);
  const char *before = format_graph(g);
  assert_false(fx_graph_erase_node(g, x));
  assert_false(fx_graph_erase_node(g, r));
  assert_int_equal(g->nodes[x].erased, 0);
  assert_int_equal(g->nlive, 3);
  assert_users(g, x, "relu");
  assert_users(g, r, "output");
  assert_int_equal(g->last, o);
  const char *after = format_graph(g);
  assert_string_equal(after, before);
}

/* Once the users are gone the node can go: x, relu(x), output(x): erase relu -> ['x', 'output'], x has no
 * users; then erasing it again is refused. */
static void erase_node_allowed_without_users(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, x);
  assert_users(g, x, "relu output");
  assert_true(fx_graph_erase_node(g, r));
  assert_int_equal(g->nodes[r].erased, 1);
  assert_int_equal(g->nlive, 2);
  assert_order(g, "x output");
  assert_users(g, x, "output");
  assert_false(fx_graph_erase_node(g, r)); /* already erased */
  assert_int_equal(g->nlive, 2);
  assert_int_equal(lint_count(g), 0);
}

/* Erased names stay in the namespace: erase relu, then torch.relu again -> 'relu_1'. */
static void erased_name_stays_taken(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, x);
  assert_true(fx_graph_erase_node(g, r));
  assert_int_equal(fx_graph_find(g, S("relu")), r); /* find includes erased nodes */
  uint32_t r2 = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  assert_name(g, r2, "relu_1");
}

/* ------------------------------------------------------------------------------------------------------------ */
/* node.args = ... / node.kwargs = ...                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/* relu = torch.relu(x); relu.args = (y,)  -> x.users == [], y.users == ['relu'] */
static void set_args_moves_user_between_inputs(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_value ya = fx_value_node(g, y);
  fx_node_set_args(g, r, fx_value_tuple(g, &ya, 1), empty_dict(g));
  assert_users(g, x, "");
  assert_users(g, y, "relu");
  assert_int_equal(lint_count(g), 0);
}

/* relu.kwargs = {'other': [x, y]}  -> x.users == ['relu'], y.users == ['relu'] and the node prints as
 *   %relu : [#users=1] = call_function[target=torch.relu](args = (%y,), kwargs = {other: [%x, %y]}) */
static void set_args_kwargs_references_are_users(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  out(g, r);
  fx_value ya = fx_value_node(g, y);
  fx_value xy[2] = {fx_value_node(g, x), fx_value_node(g, y)};
  fx_value kw[2] = {fx_value_str(g, S("other")), fx_value_container(g, FX_V_LIST, xy, 2)};
  fx_node_set_args(g, r, fx_value_tuple(g, &ya, 1), fx_value_container(g, FX_V_DICT, kw, 2));
  assert_users(g, x, "relu");
  assert_users(g, y, "relu");
  assert_string_equal(format_node(g, r),
                      "%relu : [#users=1] = call_function[target=torch.relu](args = (%y,), kwargs = {other: [%x, %y]})");
  assert_int_equal(lint_count(g), 0);
}

/* Setting args that use the same node twice lists the user once; clearing them removes it. */
static void set_args_twice_same_input_then_clear(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t c = call0(g, FX_CALL_FUNCTION, "torch.cat");
  out(g, c);
  fx_value xx[2] = {fx_value_node(g, x), fx_value_node(g, x)};
  fx_node_set_args(g, c, fx_value_tuple(g, xx, 2), empty_dict(g));
  assert_users(g, x, "cat");
  assert_int_equal(lint_count(g), 0);
  fx_node_set_args(g, c, empty_tuple(g), empty_dict(g));
  assert_users(g, x, "");
  assert_int_equal(lint_count(g), 0);
}

/* set_args on a graph read from text (whose user lists live in the arena after fx_graph_rebuild_users) keeps
 * the lists right too. */
static void set_args_on_parsed_graph_keeps_users(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=2] = placeholder[target=x]\n"
                             "    %y : [#users=1] = placeholder[target=y]\n"
                             "    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})\n"
                             "    %neg : [#users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})\n"
                             "    return (add, neg)\n";
  fx_graph *g = parse_text("set_args.fx", text)->g;
  assert_non_null(g);
  uint32_t x = fx_graph_find(g, S("x")), y = fx_graph_find(g, S("y")), add = fx_graph_find(g, S("add"));
  assert_users(g, x, "add neg");
  fx_value yy[2] = {fx_value_node(g, y), fx_value_node(g, y)};
  fx_node_set_args(g, add, fx_value_tuple(g, yy, 2), empty_dict(g));
  assert_users(g, x, "neg");
  assert_users(g, y, "add");
  assert_int_equal(lint_count(g), 0);
}

/* fx_node_absorb: a node made by a pass lists the nodes read from the source whose work it took, each once, in
 * the order absorbed, through chains of passes (a fused node absorbed again passes its list on, not its own name);
 * a node read from the source never lists itself; node_copy keeps the list. */
static void absorb_lists_source_nodes_once_through_chains(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=1] = placeholder[target=x]\n"
                             "    %conv : [#users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})\n"
                             "    %bn : [#users=1] = call_function[target=torch.neg](args = (%conv,), kwargs = {})\n"
                             "    %relu : [#users=1] = call_function[target=torch.relu](args = (%bn,), kwargs = {})\n"
                             "    return relu\n";
  fx_graph *g = parse_text("absorb.fx", text)->g;
  assert_non_null(g);
  uint32_t x = fx_graph_find(g, S("x")), conv = fx_graph_find(g, S("conv")), bn = fx_graph_find(g, S("bn")),
           relu = fx_graph_find(g, S("relu"));
  fx_node_absorb(g, conv, bn); /* bnfold: the conv takes the BatchNorm's work */
  fx_node_absorb(g, conv, bn);
  fx_node_absorb(g, conv, conv);
  assert_fxstr_equal(g->nodes[conv].absorbed, "bn");
  uint32_t f = call1(g, FX_CALL_FUNCTION, "fx2c.fused", x); /* epilogue: a new node for conv + relu */
  fx_node_absorb(g, f, conv);
  fx_node_absorb(g, f, relu);
  assert_fxstr_equal(g->nodes[f].absorbed, "conv, bn, relu");
  uint32_t w = call1(g, FX_CALL_FUNCTION, "fx2c.winograd", x); /* winograd: a new node for the fused one */
  fx_node_absorb(g, w, f);
  assert_fxstr_equal(g->nodes[w].absorbed, "conv, bn, relu");
  fx_node_absorb(g, relu, conv); /* a source node absorbing one that lists others: no repeat, not itself */
  assert_fxstr_equal(g->nodes[relu].absorbed, "conv, bn");
  uint32_t c = fx_graph_node_copy(g, g, w, NULL, NULL);
  assert_fxstr_equal(g->nodes[c].absorbed, "conv, bn, relu");
  assert_fxstr_equal(g->nodes[x].absorbed, "");
}

/* fx_node_absorb keeps at most FX_ABSORBED_MAX names, then ", ..." (common subexpression elimination merging
 * thousands of nodes into one stays linear, model.c's comment short); a full list passed on stays full. */
static void absorb_list_is_bounded(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t into = call1(g, FX_CALL_FUNCTION, "fx2c.merged", x);
  for (int i = 0; i < 1000; i++) {
    uint32_t n = call1(g, FX_CALL_FUNCTION, "torch.neg", x);
    g->nodes[n].read = 1;
    fx_node_absorb(g, into, n);
  }
  fx_str a = g->nodes[into].absorbed;
  uint32_t commas = 0;
  for (size_t i = 0; i < a.n; i++) commas += a.p[i] == ',';
  assert_int_equal(commas, FX_ABSORBED_MAX); /* 32 names and the ", ..." */
  assert_true(a.n > 5 && memcmp(a.p + a.n - 5, ", ...", 5) == 0);
  uint32_t next = call1(g, FX_CALL_FUNCTION, "fx2c.again", x);
  fx_node_absorb(g, next, into);
  assert_true(fx_str_eq(g->nodes[next].absorbed, g->nodes[into].absorbed));
}

/* fx_node_values: a node read from the source stands for its own value; replace_all_uses_with(from, into) adds
 * from's (and what from stood for), in the order merged; take_value drops into's own (bnfold: the conv computes the
 * BatchNorm's value); a node made by a pass stands for what it replaced only. */
static void values_follow_replacements(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=1] = placeholder[target=x]\n"
                             "    %conv : [#users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})\n"
                             "    %bn : [#users=1] = call_function[target=torch.neg](args = (%conv,), kwargs = {})\n"
                             "    %d : [#users=1] = call_function[target=torch.neg](args = (%bn,), kwargs = {})\n"
                             "    %relu : [#users=1] = call_function[target=torch.relu](args = (%d,), kwargs = {})\n"
                             "    return relu\n";
  fx_graph *g = parse_text("values.fx", text)->g;
  assert_non_null(g);
  uint32_t conv = fx_graph_find(g, S("conv")), bn = fx_graph_find(g, S("bn")), d = fx_graph_find(g, S("d")),
           relu = fx_graph_find(g, S("relu")), v[8];
  assert_int_equal(fx_node_values(g, conv, v, 8), 1);
  assert_int_equal(v[0], conv);
  fx_node_replace_all_uses_with(g, d, bn); /* d is a no-op of bn: bn stands for both */
  assert_int_equal(fx_node_values(g, bn, v, 8), 2);
  assert_int_equal(v[0], bn);
  assert_int_equal(v[1], d);
  fx_node_replace_all_uses_with(g, bn, conv); /* bnfold: conv takes bn's place and value, and d's with it */
  fx_node_take_value(g, conv, bn);
  assert_int_equal(fx_node_values(g, conv, v, 8), 2);
  assert_int_equal(v[0], bn);
  assert_int_equal(v[1], d);
  assert_int_equal(fx_node_values(g, conv, v, 1), 2); /* counts past max */
  uint32_t f = call1(g, FX_CALL_FUNCTION, "fx2c.fused", conv); /* epilogue: a new node for conv + relu */
  assert_int_equal(fx_node_values(g, f, v, 8), 0);
  fx_node_replace_all_uses_with(g, relu, f);
  assert_int_equal(fx_node_values(g, f, v, 8), 1);
  assert_int_equal(v[0], relu);
}

/* A node with many users loses them from the front, the back, the middle and at random (set_args moving a user to
 * another input, erase_node, a user of two uses), on a parsed graph and on built ones: every list stays FX's order
 * (users that joined earlier first) and exactly the remaining users, and lint stays clean. */
static void many_users_removed_in_any_order_keep_fx_order(void **state) {
  (void)state;
  enum { N = 2000 };
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x"), y = ph(g, "y");
  uint32_t *u = fx_xmalloc(N * sizeof *u);
  for (int i = 0; i < N; i++) u[i] = i % 7 ? call1(g, FX_CALL_FUNCTION, "torch.relu", x) : call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  bool *gone = fx_xcalloc(N, sizeof *gone);
  uint32_t seed = 12345;
  for (int step = 0; step < N / 2; step++) {
    int i;
    if (step % 4 == 0) for (i = 0; gone[i]; i++) {}             /* the oldest */
    else if (step % 4 == 1) for (i = N - 1; gone[i]; i--) {}    /* the newest */
    else do { seed = seed * 1103515245u + 12345u; i = (int)((seed >> 8) % N); } while (gone[i]); /* any */
    gone[i] = true;
    if (step % 2) {
      assert_true(fx_graph_erase_node(g, u[i]));
    } else { /* it moves to y */
      fx_value ya = fx_value_node(g, y);
      fx_node_set_args(g, u[i], fx_value_tuple(g, &ya, 1), empty_dict(g));
    }
  }
  const fx_node *nx = &g->nodes[x];
  uint32_t k = 0;
  for (int i = 0; i < N; i++)
    if (!gone[i]) {
      assert_true(k < nx->nusers);
      assert_int_equal(nx->users[k++], u[i]);
    }
  assert_int_equal(k, nx->nusers);
  out(g, y);
  assert_int_equal(lint_count(g), 0);
  /* a user re-linked joins at the end: the first remaining user moves to y and back */
  uint32_t first = nx->users[0];
  fx_value ya = fx_value_node(g, y), xa = fx_value_node(g, x);
  fx_node_set_args(g, first, fx_value_tuple(g, &ya, 1), empty_dict(g));
  fx_node_set_args(g, first, fx_value_tuple(g, &xa, 1), empty_dict(g));
  assert_int_equal(g->nodes[x].users[g->nodes[x].nusers - 1], first);
  assert_int_equal(g->nodes[x].nusers, k);
  assert_int_equal(lint_count(g), 0);
  fx_xfree(gone);
  fx_xfree(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(create_node_name_from_operator_add),
      UNIT_TEST(create_node_name_torch_sum_avoids_builtin),
      UNIT_TEST(create_node_name_from_aten_overload),
      UNIT_TEST(create_node_name_from_module_path),
      UNIT_TEST(create_node_name_from_get_attr_path),
      UNIT_TEST(create_node_name_magic_and_camel_case),
      UNIT_TEST(create_node_duplicate_names_get_suffixes),
      UNIT_TEST(create_node_numeric_suffix_continues_from_base),
      UNIT_TEST(create_node_refuses_keywords),
      UNIT_TEST(create_node_refuses_builtins),
      UNIT_TEST(create_node_leading_digit_gets_underscore),
      UNIT_TEST(create_node_explicit_name_is_kept),
      UNIT_TEST(create_node_run_of_illegal_chars_becomes_one_underscore),
      UNIT_TEST(create_node_zero_padded_suffix_is_normalised),
      UNIT_TEST(create_node_all_digit_name_numbers_from_empty_base),
      UNIT_TEST(create_node_long_numeric_suffix_continues_from_base),
      UNIT_TEST(create_node_user_listed_once_for_two_uses),
      UNIT_TEST(create_node_users_from_nested_args_and_kwargs),
      UNIT_TEST(create_node_appends_at_end_by_default),
      UNIT_TEST(create_node_with_type_formats_it),
      UNIT_TEST(create_many_nodes_keeps_names_and_users),
      UNIT_TEST(create_node_copies_strings),
      UNIT_TEST(inserting_after_repeated_gives_reverse_order),
      UNIT_TEST(inserting_before_keeps_creation_order),
      UNIT_TEST(restore_insert_returns_to_appending),
      UNIT_TEST(nested_insertion_points_restore_in_turn),
      UNIT_TEST(erase_insert_after_point_then_create),
      UNIT_TEST(erase_first_node_insert_after_point_then_create),
      UNIT_TEST(erase_insert_after_point_then_create_two),
      UNIT_TEST(erase_insert_before_point_then_create),
      UNIT_TEST(inserting_before_first_node_becomes_first),
      UNIT_TEST(create_at_restored_before_point_of_erased_node),
      UNIT_TEST(create_at_restored_after_point_of_erased_node),
      UNIT_TEST(node_copy_within_graph_renames_and_links_users),
      UNIT_TEST(node_copy_of_numbered_name_takes_next_number),
      UNIT_TEST(node_copy_from_other_graph_maps_args),
      UNIT_TEST(node_copy_is_independent_of_original),
      UNIT_TEST(node_copy_within_graph_while_node_array_grows),
      UNIT_TEST(rauw_moves_users_and_counts_them),
      UNIT_TEST(rauw_user_of_two_uses_listed_once),
      UNIT_TEST(rauw_user_already_using_replacement),
      UNIT_TEST(rauw_then_restore_new_node_input_is_lint_clean),
      UNIT_TEST(rauw_with_itself_is_a_no_op),
      UNIT_TEST(erase_node_refused_while_used),
      UNIT_TEST(erase_node_allowed_without_users),
      UNIT_TEST(erased_name_stays_taken),
      UNIT_TEST(set_args_moves_user_between_inputs),
      UNIT_TEST(set_args_kwargs_references_are_users),
      UNIT_TEST(set_args_twice_same_input_then_clear),
      UNIT_TEST(set_args_on_parsed_graph_keeps_users),
      UNIT_TEST(absorb_lists_source_nodes_once_through_chains),
      UNIT_TEST(absorb_list_is_bounded),
      UNIT_TEST(values_follow_replacements),
      UNIT_TEST(many_users_removed_in_any_order_keep_fx_order),
      UNIT_TEST(rauw_users_keep_fx_order),
  };
  return cmocka_run_group_tests_name("graph", tests, NULL, NULL);
}
