/* test_ops.c: the op table (ir/ops.def), signature parsing and Python-style argument binding, and the consistency of
 * legalize.c's target rules with the op table. The binding rules mirror Python's: positional then keyword, defaults
 * for the rest, *args collecting the remaining positionals (Tensor.view(1, -1) and Tensor.view((1, -1)) alike). */
#include "unit_helpers.h"

#include "ir/ops.h"
#include "program/program.h"

static void every_op_signature_parses(void **state) {
  (void)state;
  for (int i = 0; i < FX_NUM_OPS; i++) {
    const fx_sig *s = fx_op_sig((fx_op)i);
    if (!s) fail_msg("the signature of %s does not parse", fx_op_name((fx_op)i));
    assert_true(s->n >= 1);
  }
}

static void rule_table_matches_op_table(void **state) {
  (void)state;
  char msg[2048] = "";
  int problems = fx_legalize_check_tables(msg, sizeof msg);
  if (problems) fail_msg("%d problems: %s", problems, msg);
}

/* Every composite's body parses, its helpers exist and each spelling finds its own row (program/decompose.c). */
static void composite_table_parses(void **state) {
  (void)state;
  char msg[2048] = "";
  int problems = fx_decompose_check_tables(msg, sizeof msg);
  if (problems) fail_msg("%d problems: %s", problems, msg);
}

/* A sample of the rule table's spellings (functions, methods, aten with an overload and without one, operators and
 * their in-place forms) legalizes to the rule's op with its fixed parameters. */
static void rule_spellings_legalize(void **state) {
  (void)state;
  static const struct {
    const char *line; /* what follows '=' */
    fx_op op;
    bool inplace;
    const char *param, *value; /* a fixed parameter and its value's text, or NULL */
  } cases[] = {
      {"call_function[target=operator.iadd](args = (%x, %x), kwargs = {})", FX_OP_ADD, true, NULL, NULL},
      {"call_function[target=operator.truediv](args = (%x, %x), kwargs = {})", FX_OP_DIV, false, NULL, NULL},
      {"call_function[target=torch.true_divide](args = (%x, %x), kwargs = {})", FX_OP_DIV, false, NULL, NULL},
      {"call_function[target=operator.matmul](args = (%x, %x), kwargs = {})", FX_OP_MATMUL, false, NULL, NULL},
      {"call_method[target=bmm](args = (%x, %x), kwargs = {})", FX_OP_MATMUL, false, NULL, NULL},
      {"call_function[target=torch.ops.aten.bmm.default](args = (%x, %x), kwargs = {})", FX_OP_MATMUL, false, NULL,
       NULL},
      {"call_function[target=torch.nn.functional.conv_transpose2d](args = (%x, %x), kwargs = {})", FX_OP_CONVOLUTION,
       false, "transposed", "True"},
      {"call_function[target=torch.nn.functional.feature_alpha_dropout](args = (%x,), kwargs = {})", FX_OP_DROPOUT,
       false, NULL, NULL},
      {"call_method[target=half](args = (%x,), kwargs = {})", FX_OP_TO, false, "dtype", "torch.float16"},
      {"call_function[target=torch.empty_like](args = (%x,), kwargs = {})", FX_OP_FULL_LIKE, false, "fill_value", "0"},
      {"call_function[target=torch.ops.aten.empty.memory_format](args = ([2, 3],), kwargs = {})", FX_OP_FULL, false,
       "fill_value", "0.0"},
      {"call_function[target=torch.ops.aten._adaptive_avg_pool2d.default](args = (%x, [1, 1]), kwargs = {})",
       FX_OP_ADAPTIVE_AVG_POOL, false, NULL, NULL},
      {"call_method[target=reshape](args = (%x, 2, -1), kwargs = {})", FX_OP_VIEW, false, NULL, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[512];
    snprintf(text, sizeof text, "graph():\n    %%x : [#users=1] = placeholder[target=x]\n    %%c : [#users=1] = %s\n"
             "    return c\n", cases[i].line);
    parsed *pr = parse_text("rules.fx", text);
    assert_non_null(pr->g);
    uint32_t c = fx_graph_find(pr->g, S("c"));
    fx_program p;
    fx_program_init(&p, pr->g, NULL, NULL);
    bool ok = fx_legalize_node(&p, c, &pr->d);
    if (!ok) fx_diag_print(&pr->d, stderr);
    assert_true(ok);
    const fx_inst *in = &p.inst[c];
    if (in->op != (int)cases[i].op)
      fail_msg("%s: %s, not %s", cases[i].line, fx_op_name((fx_op)in->op), fx_op_name(cases[i].op));
    assert_int_equal(in->inplace, cases[i].inplace);
    if (cases[i].param) {
      const fx_value *v = &in->args[fx_sig_find(fx_op_sig(cases[i].op), cases[i].param)];
      char got[64];
      if (v->kind == FX_V_BOOL) snprintf(got, sizeof got, "%s", v->v.i ? "True" : "False");
      else snprintf(got, sizeof got, "%.*s", (int)v->n, v->u.text);
      assert_string_equal(got, cases[i].value);
    }
    fx_program_free(&p);
  }
}

static void signature_parses_defaults_and_markers(void **state) {
  (void)state;
  fx_sig s;
  assert_true(fx_sig_parse("input, dim=None, keepdim=False, *, dtype=None, eps=1e-05, mode='nearest', n=-3, t=()", &s));
  assert_int_equal(s.n, 8);
  assert_true(s.params[0].required);
  assert_false(s.params[1].required);
  assert_int_equal(s.params[1].dflt.kind, FX_V_NONE);
  assert_int_equal(s.params[2].dflt.kind, FX_V_BOOL);
  assert_int_equal(s.params[2].dflt.v.i, 0);
  assert_false(s.params[2].kwonly);
  assert_true(s.params[3].kwonly);
  assert_int_equal(s.params[4].dflt.kind, FX_V_FLOAT);
  assert_true(s.params[4].dflt.v.f == 1e-05);
  assert_int_equal(s.params[5].dflt.kind, FX_V_STR);
  assert_int_equal(s.params[6].dflt.kind, FX_V_INT);
  assert_int_equal(s.params[6].dflt.v.i, -3);
  assert_int_equal(s.params[7].dflt.kind, FX_V_TUPLE);
  assert_int_equal(fx_sig_find(&s, "keepdim"), 2);
  assert_int_equal(fx_sig_find(&s, "self"), 0); /* aten's name for the input */
  assert_int_equal(fx_sig_find(&s, "nope"), -1);
  assert_false(fx_sig_parse("a=", &s));
}

/* Binds the args and kwargs of a parsed call node to a signature. */
static bool bind_node(const char *graph_line, const char *sig_text, fx_value *slots, fx_bind_error *err) {
  char text[512];
  snprintf(text, sizeof text,
           "graph():\n    %%x : [#users=1] = placeholder[target=x]\n    %%c : [#users=1] = %s\n    return c\n", graph_line);
  parsed *pr = parse_text("bind.fx", text);
  assert_non_null(pr->g);
  fx_sig sig;
  assert_true(fx_sig_parse(sig_text, &sig));
  uint32_t c = fx_graph_find(pr->g, S("c"));
  return fx_sig_bind(&sig, &pr->g->nodes[c].args, &pr->g->nodes[c].kwargs, &pr->g->arena, slots, NULL, err);
}

static void bind_positional_keyword_default(void **state) {
  (void)state;
  fx_value s[FX_SIG_MAX];
  fx_bind_error e;
  /* torch.sum(x, -1, keepdim=True) */
  assert_true(bind_node("call_function[target=torch.sum](args = (%x, -1), kwargs = {keepdim: True})",
                        "input, dim=None, keepdim=False, *, dtype=None", s, &e));
  assert_int_equal(s[0].kind, FX_V_NODE);
  assert_int_equal(s[1].v.i, -1);
  assert_int_equal(s[2].kind, FX_V_BOOL);
  assert_int_equal(s[2].v.i, 1);
  assert_int_equal(s[3].kind, FX_V_NONE);
}

static void bind_varargs_both_spellings(void **state) {
  (void)state;
  fx_value s[FX_SIG_MAX];
  fx_bind_error e;
  /* x.view(1, -1) and x.view((1, -1)) give the same size */
  assert_true(bind_node("call_method[target=view](args = (%x, 1, -1), kwargs = {})", "input, *size", s, &e));
  assert_int_equal(s[1].kind, FX_V_TUPLE);
  assert_int_equal(s[1].n, 2);
  assert_int_equal(s[1].u.items[1].v.i, -1);
  assert_true(bind_node("call_method[target=view](args = (%x, (1, -1)), kwargs = {})", "input, *size", s, &e));
  assert_int_equal(s[1].kind, FX_V_TUPLE);
  assert_int_equal(s[1].n, 2);
  /* x.view() binds an empty tuple */
  assert_true(bind_node("call_method[target=view](args = (%x,), kwargs = {})", "input, *size", s, &e));
  assert_int_equal(s[1].n, 0);
}

static void bind_errors_as_python_says(void **state) {
  (void)state;
  fx_value s[FX_SIG_MAX];
  fx_bind_error e;
  assert_false(bind_node("call_function[target=f](args = (%x, 1, 2, 3), kwargs = {})", "input, dim=None", s, &e));
  assert_non_null(strstr(e.msg, "positional arguments"));
  assert_false(bind_node("call_function[target=f](args = (%x,), kwargs = {bogus: 1})", "input, dim=None", s, &e));
  assert_non_null(strstr(e.msg, "unexpected keyword argument 'bogus'"));
  assert_false(bind_node("call_function[target=f](args = (%x, 1), kwargs = {dim: 2})", "input, dim=None", s, &e));
  assert_non_null(strstr(e.msg, "multiple values for argument 'dim'"));
  assert_false(bind_node("call_function[target=f](args = (), kwargs = {})", "input, dim", s, &e));
  assert_non_null(strstr(e.msg, "missing required argument 'input'"));
  /* keyword-only parameters cannot be given by position: torch.sum(x, 1, True, torch.float32) is an error */
  assert_false(bind_node("call_function[target=f](args = (%x, 1, True, torch.float32), kwargs = {})",
                         "input, dim=None, keepdim=False, *, dtype=None", s, &e));
}

/* fused_conv's activation names are fxrt_act's enumerators, in order (the backends cast the index). */
static void epilogue_acts_match_the_runtime(void **state) {
  (void)state;
  int n = 0;
  while (fx_epilogue_acts[n]) n++;
  assert_int_equal(n, FXRT_NUM_ACTS);
  static const struct {
    const char *name;
    fxrt_act act;
  } some[] = {{"none", FXRT_ACT_NONE},           {"relu", FXRT_ACT_RELU},     {"relu6", FXRT_ACT_RELU6},
              {"clamp", FXRT_ACT_CLAMP},         {"leaky_relu", FXRT_ACT_LEAKY_RELU}, {"silu", FXRT_ACT_SILU},
              {"hardswish", FXRT_ACT_HARDSWISH}, {"gelu", FXRT_ACT_GELU},     {"gelu_tanh", FXRT_ACT_GELU_TANH}};
  for (size_t i = 0; i < sizeof some / sizeof *some; i++) assert_string_equal(fx_epilogue_acts[some[i].act], some[i].name);
  fx_graph *g = new_graph();
  fx_value v = fx_value_str(g, S("silu"));
  assert_int_equal(fx_epilogue_act(&v), FXRT_ACT_SILU);
  v = fx_value_word(g, S("gelu_tanh")); /* as FX prints a string kwarg, and reads it back */
  assert_int_equal(fx_epilogue_act(&v), FXRT_ACT_GELU_TANH);
  v = fx_value_str(g, S("swish"));
  assert_int_equal(fx_epilogue_act(&v), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(epilogue_acts_match_the_runtime),
      UNIT_TEST(every_op_signature_parses),       UNIT_TEST(rule_table_matches_op_table), UNIT_TEST(composite_table_parses),
      UNIT_TEST(rule_spellings_legalize),
      UNIT_TEST(signature_parses_defaults_and_markers), UNIT_TEST(bind_positional_keyword_default),
      UNIT_TEST(bind_varargs_both_spellings),     UNIT_TEST(bind_errors_as_python_says),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
