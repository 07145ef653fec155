/* test_lint.c: fx_graph_lint, fx2c's Graph.lint().
 *
 * torch.fx's Graph.lint checks that nodes belong to the graph, that every use comes after its definition
 * ("Argument '...' of Node '...' was used before it has been defined!"), that names are unique ("Node
 * redefined name ...!") and the list is well formed. fx2c's lint adds (graph.h): exactly one output (torch 1.13
 * accepts a graph without one), user lists that match the args. Each test below builds a bad graph through the
 * API (or by tampering with one field) and checks that lint counts it and says what is wrong.
 */
#include "unit_helpers.h"

/* x -> relu -> neg -> output */
static fx_graph *chain_graph(uint32_t *x, uint32_t *r, uint32_t *n, uint32_t *o) {
  fx_graph *g = new_graph();
  *x = ph(g, "x");
  *r = call1(g, FX_CALL_FUNCTION, "torch.relu", *x);
  *n = call1(g, FX_CALL_FUNCTION, "torch.neg", *r);
  *o = out(g, *n);
  return g;
}

static void lint_clean_graph_has_no_problems(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  fx_diag d;
  fx_diag_init(&d);
  uint32_t problems = fx_graph_lint(g, &d);
  uint32_t nerrors = d.nerrors, nmsgs = d.n;
  fx_diag_free(&d);
  assert_int_equal(problems, 0);
  assert_int_equal(nerrors, 0);
  assert_int_equal(nmsgs, 0);
}

/* A graph with every opcode, nested containers and kwargs is clean. */
static void lint_clean_graph_with_every_opcode(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t w = get_attr(g, "linear.weight");
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, w);
  uint32_t m = call1(g, FX_CALL_MODULE, "linear", a);
  uint32_t r = call1(g, FX_CALL_METHOD, "relu", m);
  fx_value pair[2] = {fx_value_node(g, r), fx_value_node(g, x)};
  fx_value lst = fx_value_container(g, FX_V_LIST, pair, 2);
  fx_value kw[2] = {fx_value_str(g, S("dim")), fx_value_int(g, -1)};
  uint32_t c = fx_graph_create_node(g, FX_CALL_FUNCTION, S("torch.cat"), fx_value_tuple(g, &lst, 1),
                                    fx_value_container(g, FX_V_DICT, kw, 2), NO_NAME, NO_TYPE);
  out(g, c);
  assert_int_equal(lint_count(g), 0);
}

/* Two live nodes with one name ("Node redefined name relu!" in torch). fx_graph_append_node is the reader's
 * entry point and does not rename, which is how such a graph can arise. */
static void lint_detects_duplicate_names(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  fx_node proto = g->nodes[r]; /* same name 'relu', same args (x,) */
  proto.users = NULL;
  proto.nusers = proto.users_cap = 0;
  fx_graph_append_node(g, &proto);
  fx_graph_rebuild_users(g);
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "'relu' is not unique"));
}

/* relu.args = (neg,) where neg comes after relu (torch: "was used before it has been defined"). */
static void lint_detects_use_before_definition(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  fx_value na = fx_value_node(g, n);
  fx_node_set_args(g, r, fx_value_tuple(g, &na, 1), empty_dict(g));
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "node 'relu' uses 'neg' before its definition"));
}

/* A node moved before its input by relinking the list fields (prev/next) is caught the same way. */
static void lint_detects_use_before_definition_after_relinking(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  /* x -> relu -> neg -> output  becomes  x -> neg -> relu -> output */
  g->nodes[x].next = n;
  g->nodes[n].prev = x;
  g->nodes[n].next = r;
  g->nodes[r].prev = n;
  g->nodes[r].next = o;
  g->nodes[o].prev = r;
  assert_order(g, "x neg relu output");
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "node 'neg' uses 'relu' before its definition"));
}

static void lint_detects_missing_output(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "0 output nodes"));
}

static void lint_detects_two_outputs(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t o1 = out(g, r);
  uint32_t o2 = out(g, x);
  assert_name(g, o1, "output");
  assert_name(g, o2, "output_1");
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "2 output nodes"));
}

/* x's user list says nothing while relu uses it. */
static void lint_detects_user_count_too_small(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  g->nodes[x].nusers = 0;
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "node 'relu' uses 'x' but is missing from its users"));
  assert_true(lint_has(g, "node 'x' lists 0 users but 1 nodes use it"));
  g->nodes[x].nusers = 1; /* put it back: the graph is clean again */
  assert_int_equal(lint_count(g), 0);
}

/* relu's user list claims neg twice. */
static void lint_detects_user_count_too_large(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  fx_node *rn = &g->nodes[r];
  uint32_t *users = fx_xmalloc(4 * sizeof *users);
  users[0] = users[1] = n;
  if (rn->users_cap) fx_xfree(rn->users - rn->users_off);
  rn->users = users;
  rn->users_cap = 4;
  rn->users_off = 0;
  rn->nusers = 2;
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "node 'relu' lists 2 users but 1 nodes use it"));
}

/* x's user list names the wrong node (neg instead of relu). */
static void lint_detects_wrong_user(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  assert_int_equal(g->nodes[x].users[0], r);
  g->nodes[x].users[0] = n;
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "node 'relu' uses 'x' but is missing from its users"));
}

/* sin is erased while unused; then neg's args are set to refer to it. torch 1.13's lint: "Argument 'sin' of
 * Node 'neg' was used before it has been defined!" (checked). */
static void lint_detects_reference_to_erased_node(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t s = call1(g, FX_CALL_FUNCTION, "torch.sin", x);
  uint32_t n = call1(g, FX_CALL_FUNCTION, "torch.neg", x);
  out(g, n);
  assert_true(fx_graph_erase_node(g, s));
  assert_int_equal(lint_count(g), 0);
  fx_value sa = fx_value_node(g, s);
  fx_node_set_args(g, n, fx_value_tuple(g, &sa, 1), empty_dict(g));
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "node 'neg' uses 'sin', which is not in the graph"));
}

/* A reference to an index that is no node at all. */
static void lint_detects_reference_to_missing_node(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  g->nodes[n].args.u.items[0].v.node = 999;
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "refers to a node that does not exist"));
}

/* A broken back link. */
static void lint_detects_wrong_back_link(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  g->nodes[n].prev = x;
  assert_int_equal(lint_count(g), 1);
  assert_true(lint_has(g, "node 'neg' has a wrong back link"));
}

/* A cycle in the list is reported, not followed forever. */
static void lint_detects_cycle_in_list(void **state) {
  (void)state;
  uint32_t x, r, n, o;
  fx_graph *g = chain_graph(&x, &r, &n, &o);
  g->nodes[n].next = r;
  assert_true(lint_count(g) >= 1);
  assert_true(lint_has(g, "not well formed"));
  g->nodes[n].next = o;
}

/* Each problem is counted: a graph with two independent problems gives at least two. */
static void lint_counts_every_problem(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  (void)r;
  g->nodes[x].nusers = 0; /* one: the user list */
  /* two: no output */
  fx_diag d;
  fx_diag_init(&d);
  uint32_t n = fx_graph_lint(g, &d);
  uint32_t nerrors = d.nerrors;
  fx_diag_free(&d);
  assert_true(n >= 2);
  assert_int_equal(nerrors, n);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(lint_clean_graph_has_no_problems),
      UNIT_TEST(lint_clean_graph_with_every_opcode),
      UNIT_TEST(lint_detects_duplicate_names),
      UNIT_TEST(lint_detects_use_before_definition),
      UNIT_TEST(lint_detects_use_before_definition_after_relinking),
      UNIT_TEST(lint_detects_missing_output),
      UNIT_TEST(lint_detects_two_outputs),
      UNIT_TEST(lint_detects_user_count_too_small),
      UNIT_TEST(lint_detects_user_count_too_large),
      UNIT_TEST(lint_detects_wrong_user),
      UNIT_TEST(lint_detects_reference_to_erased_node),
      UNIT_TEST(lint_detects_reference_to_missing_node),
      UNIT_TEST(lint_detects_wrong_back_link),
      UNIT_TEST(lint_detects_cycle_in_list),
      UNIT_TEST(lint_counts_every_problem),
  };
  return cmocka_run_group_tests_name("lint", tests, NULL, NULL);
}
