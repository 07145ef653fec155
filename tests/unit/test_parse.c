/* test_parse.c: fx_parse_graph on text, fx_format_graph back to text, and the reader's diagnostics.
 *
 * SEED is exactly what torch 1.13 prints (print(gm.graph)) for
 *
 *   class M(torch.nn.Module):
 *       def __init__(self): super().__init__(); self.linear = torch.nn.Linear(4, 4)
 *       def forward(self, x):
 *           a = x + self.linear.weight
 *           return torch.topk(torch.sum(self.linear(a).relu(), dim=-1), 3)
 *   gm = torch.fx.symbolic_trace(M())
 *
 * and SEED_TABLE is gm.graph.print_tabular() for the same graph.
 */
#include "unit_helpers.h"

static const char SEED[] =
    "graph():\n"
    "    %x : [#users=1] = placeholder[target=x]\n"
    "    %linear_weight : [#users=1] = get_attr[target=linear.weight]\n"
    "    %add : [#users=1] = call_function[target=operator.add](args = (%x, %linear_weight), kwargs = {})\n"
    "    %linear : [#users=1] = call_module[target=linear](args = (%add,), kwargs = {})\n"
    "    %relu : [#users=1] = call_method[target=relu](args = (%linear,), kwargs = {})\n"
    "    %sum_1 : [#users=1] = call_function[target=torch.sum](args = (%relu,), kwargs = {dim: -1})\n"
    "    %topk : [#users=1] = call_function[target=torch.topk](args = (%sum_1, 3), kwargs = {})\n"
    "    return topk\n";

static const char SEED_TABLE[] =
    "opcode         name           target                                                   args                kwargs\n"
    "-------------  -------------  -------------------------------------------------------  ------------------  -----------\n"
    "placeholder    x              x                                                        ()                  {}\n"
    "get_attr       linear_weight  linear.weight                                            ()                  {}\n"
    "call_function  add            <built-in function add>                                  (x, linear_weight)  {}\n"
    "call_module    linear         linear                                                   (add,)              {}\n"
    "call_method    relu           relu                                                     (linear,)           {}\n"
    "call_function  sum_1          <built-in method sum of type object at 0x7f3b4bf2d1e0>   (relu,)             {'dim': -1}\n"
    "call_function  topk           <built-in method topk of type object at 0x7f3b4bf2d1e0>  (sum_1, 3)          {}\n"
    "output         output         output                                                   (topk,)             {}\n";

/* The first diagnostic of `level` whose text contains `needle`, or NULL. */
static const fx_diag_msg *find_msg(const fx_diag *d, fx_diag_level level, const char *needle) {
  for (uint32_t i = 0; i < d->n; i++)
    if (d->msgs[i].level == level && strstr(d->msgs[i].text, needle)) return &d->msgs[i];
  for (uint32_t i = 0; i < d->n; i++)
    print_message("diagnostic %u:%u: %s\n", d->msgs[i].loc.line, d->msgs[i].loc.col, d->msgs[i].text);
  return NULL;
}

/* ---- the seed graph ---- */

typedef struct {
  const char *name;
  fx_opcode op;
  const char *target;
  const char *users;
} node_expect;

/* Names, opcodes and targets as torch prints them; users from Node.users (each has one: the next node). */
static const node_expect SEED_NODES[] = {
    {"x", FX_PLACEHOLDER, "x", "add"},
    {"linear_weight", FX_GET_ATTR, "linear.weight", "add"},
    {"add", FX_CALL_FUNCTION, "operator.add", "linear"},
    {"linear", FX_CALL_MODULE, "linear", "relu"},
    {"relu", FX_CALL_METHOD, "relu", "sum_1"},
    {"sum_1", FX_CALL_FUNCTION, "torch.sum", "topk"},
    {"topk", FX_CALL_FUNCTION, "torch.topk", "output"},
    {"output", FX_OUTPUT, "output", ""},
};

static void check_seed_nodes(const fx_graph *g) {
  assert_int_equal(g->nlive, 8);
  uint32_t i = g->first;
  for (size_t k = 0; k < sizeof SEED_NODES / sizeof *SEED_NODES; k++) {
    assert_int_not_equal(i, FX_NONE_IDX);
    const fx_node *n = &g->nodes[i];
    assert_fxstr_equal(n->name, SEED_NODES[k].name);
    assert_int_equal(n->opcode, SEED_NODES[k].op);
    assert_fxstr_equal(n->target, SEED_NODES[k].target);
    assert_users(g, i, SEED_NODES[k].users);
    i = n->next;
  }
  assert_int_equal(i, FX_NONE_IDX);
}

static void parse_seed_nodes_opcodes_targets_users(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  assert_int_equal(p->d.nerrors, 0);
  assert_int_equal(p->d.nwarnings, 0);
  check_seed_nodes(p->g);
  assert_int_equal(lint_count(p->g), 0);
}

/* The parsed args and kwargs: add's args are two node references, sum_1's kwargs is {dim: -1}, topk's args end
 * with the int 3, the output returns the node topk, and every node read [#users=1]. */
static void parse_seed_args_and_kwargs(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  const fx_graph *g = p->g;
  uint32_t x = fx_graph_find(g, S("x")), w = fx_graph_find(g, S("linear_weight"));
  uint32_t add = fx_graph_find(g, S("add")), sum = fx_graph_find(g, S("sum_1")), topk = fx_graph_find(g, S("topk"));
  uint32_t o = fx_graph_output(g);

  const fx_value *aa = &g->nodes[add].args;
  assert_int_equal(aa->kind, FX_V_TUPLE);
  assert_int_equal(aa->n, 2);
  assert_int_equal(aa->u.items[0].kind, FX_V_NODE);
  assert_int_equal(aa->u.items[0].v.node, x);
  assert_int_equal(aa->u.items[1].v.node, w);

  const fx_value *kw = &g->nodes[sum].kwargs;
  assert_int_equal(kw->kind, FX_V_DICT);
  assert_int_equal(kw->n, 2);
  assert_fxstr_equal(fx_str_make(kw->u.items[0].u.text, kw->u.items[0].n), "dim");
  assert_int_equal(kw->u.items[1].kind, FX_V_INT);
  assert_int_equal(kw->u.items[1].v.i, -1);

  const fx_value *ta = &g->nodes[topk].args;
  assert_int_equal(ta->n, 2);
  assert_int_equal(ta->u.items[0].v.node, sum);
  assert_int_equal(ta->u.items[1].kind, FX_V_INT);
  assert_int_equal(ta->u.items[1].v.i, 3);

  assert_int_not_equal(o, FX_NONE_IDX);
  assert_int_equal(g->nodes[o].args.n, 1);
  assert_int_equal(g->nodes[o].args.u.items[0].kind, FX_V_NODE);
  assert_int_equal(g->nodes[o].args.u.items[0].v.node, topk);

  for (uint32_t i = g->first; i != o; i = g->nodes[i].next) assert_int_equal(g->nodes[i].declared_users, 1);
  /* positions: x is on line 2 at column 5 */
  assert_int_equal(g->nodes[x].loc.line, 2);
  assert_int_equal(g->nodes[x].loc.col, 5);
}

static void print_seed_gives_back_exact_text(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  const char *text = format_graph(p->g);
  assert_string_equal(text, SEED);
}

/* fx_print_graph writes the same bytes as fx_format_graph. */
static void print_graph_to_file_matches_format(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  char *mem = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&mem, &len);
  assert_non_null(f);
  fx_print_graph(p->g, f);
  fclose(f);
  defer_free(DEFER_CMEM, mem);
  assert_int_equal(len, strlen(SEED));
  assert_string_equal(mem, SEED);
}

/* A graph edited through the API prints with the new user counts: appending neg(topk) after topk and
 * returning it. */
static void print_after_edit_shows_new_node(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  fx_graph *g = p->g;
  uint32_t topk = fx_graph_find(g, S("topk")), o = fx_graph_output(g);
  fx_insert_point old = fx_graph_inserting_before(g, o);
  uint32_t n = call1(g, FX_CALL_FUNCTION, "torch.neg", topk);
  fx_graph_restore_insert(g, old);
  fx_node_replace_all_uses_with(g, topk, n);
  fx_value ta = fx_value_node(g, topk);
  fx_node_set_args(g, n, fx_value_tuple(g, &ta, 1), empty_dict(g)); /* rauw also re-pointed neg itself */
  assert_int_equal(lint_count(g), 0);
  const char *text = format_graph(g);
  const char *tail = strstr(text, "    %topk");
  assert_non_null(tail);
  assert_string_equal(tail,
                      "    %topk : [#users=1] = call_function[target=torch.topk](args = (%sum_1, 3), kwargs = {})\n"
                      "    %neg : [#users=1] = call_function[target=torch.neg](args = (%topk,), kwargs = {})\n"
                      "    return neg\n");
}

/* parse -> print -> parse -> print: the second print equals the first (and the input). */
static void seed_round_trip_is_stable(void **state) {
  (void)state;
  parsed *p1 = parse_text("seed.fx", SEED);
  assert_non_null(p1->g);
  const char *t1 = format_graph(p1->g);
  parsed *p2 = parse_text("seed2.fx", t1);
  assert_non_null(p2->g);
  check_seed_nodes(p2->g);
  const char *t2 = format_graph(p2->g);
  assert_string_equal(t2, t1);
  assert_string_equal(t2, SEED);
}

/* The print_tabular() table of the same graph reads into the same nodes: targets are mapped back from
 * Python reprs (<built-in function add> -> operator.add, <built-in method sum of type object at ...> ->
 * torch.sum), bare names in args are node references, and {'dim': -1} is the kwarg dim. */
static void parse_table_gives_seed_nodes(void **state) {
  (void)state;
  parsed *p = parse_text("seed.txt", SEED_TABLE);
  assert_non_null(p->g);
  assert_int_equal(p->d.nerrors, 0);
  check_seed_nodes(p->g);
  assert_int_equal(lint_count(p->g), 0);
}

/* Printing the table gives exactly what print(gm.graph) printed for the same graph. */
static void print_table_gives_graph_text(void **state) {
  (void)state;
  parsed *p = parse_text("seed.txt", SEED_TABLE);
  assert_non_null(p->g);
  const char *t = format_graph(p->g);
  assert_string_equal(t, SEED);
}

/* table -> print -> parse -> print is stable. */
static void table_round_trip_is_stable(void **state) {
  (void)state;
  parsed *p1 = parse_text("seed.txt", SEED_TABLE);
  assert_non_null(p1->g);
  const char *t1 = format_graph(p1->g);
  parsed *p2 = parse_text("seed2.fx", t1);
  assert_non_null(p2->g);
  const char *t2 = format_graph(p2->g);
  assert_string_equal(t2, t1);
}

/* `return (add, neg)`: the output's args[0] is a tuple of references and prints back the same way. */
static void parse_tuple_return(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=2] = placeholder[target=x]\n"
      "    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1.0), kwargs = {})\n"
      "    %neg : [#users=1] = call_function[target=torch.neg](args = (%x,), kwargs = {})\n"
      "    return (add, neg)\n";
  parsed *p = parse_text("tuple.fx", text);
  assert_non_null(p->g);
  uint32_t o = fx_graph_output(p->g);
  const fx_value *r = &p->g->nodes[o].args.u.items[0];
  assert_int_equal(r->kind, FX_V_TUPLE);
  assert_int_equal(r->n, 2);
  assert_int_equal(r->u.items[0].v.node, fx_graph_find(p->g, S("add")));
  assert_int_equal(r->u.items[1].v.node, fx_graph_find(p->g, S("neg")));
  assert_users(p->g, fx_graph_find(p->g, S("neg")), "output");
  const char *t = format_graph(p->g);
  assert_string_equal(t, text);
}

/* Old torch versions print call_function targets as Python reprs: <built-in function add> is operator.add,
 * <built-in function getattr> builtins.getattr, <built-in method sum of type object at 0x...> torch.sum and a
 * PyCapsule's method torch._C._nn's; a plain <function ...> stays as written (nothing says which module has it). */
static void parse_legacy_repr_targets(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=3] = placeholder[target=x]\n"
      "    %add : [#users=1] = call_function[target=<built-in function add>](args = (%x, 1.0), kwargs = {})\n"
      "    %sum_1 : [#users=1] = call_function[target=<built-in method sum of type object at 0x7f0f55399aa0>]"
      "(args = (%add,), kwargs = {})\n"
      "    %gelu : [#users=1] = call_function[target=<built-in method gelu of PyCapsule object at 0x7f1>]"
      "(args = (%x,), kwargs = {})\n"
      "    %ga : [#users=1] = call_function[target=<built-in function getattr>](args = (%x, shape), kwargs = {})\n"
      "    %f : [#users=1] = call_function[target=<function helper at 0x7f2>](args = (%x,), kwargs = {})\n"
      "    return (sum_1, gelu, ga, f)\n";
  parsed *p = parse_text("legacy.fx", text);
  assert_non_null(p->g);
  assert_fxstr_equal(p->g->nodes[fx_graph_find(p->g, S("add"))].target, "operator.add");
  assert_fxstr_equal(p->g->nodes[fx_graph_find(p->g, S("sum_1"))].target, "torch.sum");
  assert_fxstr_equal(p->g->nodes[fx_graph_find(p->g, S("gelu"))].target, "torch._C._nn.gelu");
  assert_fxstr_equal(p->g->nodes[fx_graph_find(p->g, S("ga"))].target, "builtins.getattr");
  assert_fxstr_equal(p->g->nodes[fx_graph_find(p->g, S("f"))].target, "<function helper at 0x7f2>");
}

/* Names read from the text take part in the namespace, as after tracing: on the traced seed graph,
 * gm.graph.call_function(torch.sum, ...) -> 'sum_2', torch.relu -> 'relu_1', operator.add -> 'add_1'. */
static void created_names_avoid_parsed_names(void **state) {
  (void)state;
  parsed *p = parse_text("seed.fx", SEED);
  assert_non_null(p->g);
  fx_graph *g = p->g;
  uint32_t x = fx_graph_find(g, S("x"));
  uint32_t s = call1(g, FX_CALL_FUNCTION, "torch.sum", x);
  uint32_t r = call1(g, FX_CALL_FUNCTION, "torch.relu", x);
  uint32_t a = call2(g, FX_CALL_FUNCTION, "operator.add", x, x);
  assert_name(g, s, "sum_2");
  assert_name(g, r, "relu_1");
  assert_name(g, a, "add_1");
}

/* ---- diagnostics ---- */

static void error_unknown_opcode_position(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=1] = placeholder[target=x]\n"
                             "    %relu : [#users=1] = call_fn[target=torch.relu](args = (%x,), kwargs = {})\n"
                             "    return relu\n";
  parsed *p = parse_text("unknown_opcode.fx", text);
  assert_null(p->g);
  assert_true(p->d.nerrors >= 1);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_ERROR, "unknown opcode 'call_fn'");
  assert_non_null(m);
  assert_ptr_equal(m->src, &p->src);
  assert_int_equal(m->loc.line, 3);
  assert_int_equal(m->loc.col, 26); /* the 'c' of call_fn */
  assert_int_equal(m->loc.len, 7);
}

static void error_undefined_reference_position(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=1] = placeholder[target=x]\n"
      "    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})\n"
      "    return add\n";
  parsed *p = parse_text("undefined_ref.fx", text);
  assert_null(p->g);
  assert_int_equal(p->d.nerrors, 1);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_ERROR, "'%y' is not defined");
  assert_non_null(m);
  assert_int_equal(m->loc.line, 3);
  assert_int_equal(m->loc.col, 72); /* the '%' of %y */
}

static void error_duplicate_name_position_and_note(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=2] = placeholder[target=x]\n"
      "    %relu : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})\n"
      "    %relu : [#users=1] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})\n"
      "    return relu\n";
  parsed *p = parse_text("duplicate_name.fx", text);
  assert_null(p->g);
  assert_int_equal(p->d.nerrors, 1);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_ERROR, "duplicate node name 'relu'");
  assert_non_null(m);
  assert_int_equal(m->loc.line, 4);
  assert_int_equal(m->loc.col, 5);
  const fx_diag_msg *note = find_msg(&p->d, FX_DIAG_NOTE, "'relu' was first defined here");
  assert_non_null(note);
  assert_int_equal(note->loc.line, 3);
  assert_int_equal(note->loc.col, 5);
}

/* No `return`: reported at the end of the input (after the last newline: line 4, column 1). */
static void error_missing_return_position(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=1] = placeholder[target=x]\n"
      "    %relu : [#users=0] = call_function[target=torch.relu](args = (%x,), kwargs = {})\n";
  parsed *p = parse_text("no_output.fx", text);
  assert_null(p->g);
  assert_int_equal(p->d.nerrors, 1);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_ERROR, "the graph has no output");
  assert_non_null(m);
  assert_int_equal(m->loc.line, 4);
  assert_int_equal(m->loc.col, 1);
  assert_int_equal(m->loc.off, strlen(text));
}

static void error_second_return(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=1] = placeholder[target=x]\n"
                             "    return x\n"
                             "    return x\n";
  parsed *p = parse_text("two_outputs.fx", text);
  assert_null(p->g);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_ERROR, "a second 'return'");
  assert_non_null(m);
  assert_int_equal(m->loc.line, 4);
  assert_int_equal(m->loc.col, 5);
}

static void error_empty_input(void **state) {
  (void)state;
  parsed *p = parse_text("empty.fx", "  \n\n");
  assert_null(p->g);
  assert_int_equal(p->d.nerrors, 1);
  assert_non_null(find_msg(&p->d, FX_DIAG_ERROR, "empty input"));
}

/* fx_diag_print writes FILE:LINE:COL: error: MESSAGE, the line and a caret under the column. */
static void error_print_format(void **state) {
  (void)state;
  static const char text[] =
      "graph():\n"
      "    %x : [#users=1] = placeholder[target=x]\n"
      "    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})\n"
      "    return add\n";
  parsed *p = parse_text("undefined_ref.fx", text);
  assert_null(p->g);
  char *mem = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&mem, &len);
  assert_non_null(f);
  fx_diag_print(&p->d, f);
  fclose(f);
  defer_free(DEFER_CMEM, mem);
  assert_string_equal(mem,
                      "undefined_ref.fx:3:72: error: '%y' is not defined\n"
                      "    %add : [#users=1] = call_function[target=operator.add](args = (%x, %y), kwargs = {})\n"
                      "                                                                       ^~\n"
                      "1 error generated.\n");
}

/* A wrong [#users=N] is only a warning: the graph is read and the count is recomputed. */
static void wrong_declared_users_is_a_warning(void **state) {
  (void)state;
  static const char text[] = "graph():\n"
                             "    %x : [#users=2] = placeholder[target=x]\n"
                             "    return x\n";
  parsed *p = parse_text("users.fx", text);
  assert_non_null(p->g);
  assert_int_equal(p->d.nerrors, 0);
  assert_int_equal(p->d.nwarnings, 1);
  const fx_diag_msg *m = find_msg(&p->d, FX_DIAG_WARNING, "node 'x' says it has 2 users, but 1 nodes use it");
  assert_non_null(m);
  assert_int_equal(m->loc.line, 2);
  const char *t = format_graph(p->g);
  assert_string_equal(t, "graph():\n"
                         "    %x : [#users=1] = placeholder[target=x]\n"
                         "    return x\n");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(parse_seed_nodes_opcodes_targets_users),
      UNIT_TEST(parse_seed_args_and_kwargs),
      UNIT_TEST(print_seed_gives_back_exact_text),
      UNIT_TEST(print_graph_to_file_matches_format),
      UNIT_TEST(print_after_edit_shows_new_node),
      UNIT_TEST(seed_round_trip_is_stable),
      UNIT_TEST(parse_table_gives_seed_nodes),
      UNIT_TEST(print_table_gives_graph_text),
      UNIT_TEST(table_round_trip_is_stable),
      UNIT_TEST(parse_tuple_return),
      UNIT_TEST(parse_legacy_repr_targets),
      UNIT_TEST(created_names_avoid_parsed_names),
      UNIT_TEST(error_unknown_opcode_position),
      UNIT_TEST(error_undefined_reference_position),
      UNIT_TEST(error_duplicate_name_position_and_note),
      UNIT_TEST(error_missing_return_position),
      UNIT_TEST(error_second_return),
      UNIT_TEST(error_empty_input),
      UNIT_TEST(error_print_format),
      UNIT_TEST(wrong_declared_users_is_a_warning),
  };
  return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
