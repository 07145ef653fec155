/* test_values.c: the value helpers. fx_value_float spells floats as Python's repr(float) does, fx_value_str
 * quotes as repr(str) does, fx_value_str_content decodes a Python string literal. Every expected spelling was
 * printed by Python 3.11 (/usr/bin/python3), e.g. python3 -c "print(repr(0.1 + 0.2))" -> 0.30000000000000004.
 */
#include <math.h>

#include "unit_helpers.h"

typedef struct {
  double value;
  const char *repr; /* Python's repr(value) */
} float_case;

static void check_floats(const float_case *cases, size_t n) {
  fx_graph *g = new_graph();
  for (size_t i = 0; i < n; i++) {
    fx_value v = fx_value_float(g, cases[i].value);
    assert_int_equal(v.kind, FX_V_FLOAT);
    char got[64];
    snprintf(got, sizeof got, "%.*s", (int)v.n, v.u.text);
    if (strcmp(got, cases[i].repr) != 0)
      print_error("repr(%.17g): expected %s, got %s\n", cases[i].value, cases[i].repr, got);
    assert_string_equal(got, cases[i].repr);
    if (!isnan(cases[i].value)) assert_true(v.v.f == cases[i].value);
  }
}

/* Fixed notation for decimal exponents in [-4, 16), integral values keep '.0'. */
/* Printing reads the graph only: a quoted string decoded for printing leaves nothing behind in the arena. */
static void printing_does_not_grow_the_arena(void **state) {
  (void)state;
  parsed *pr = parse_text("s.fx", "graph():\n"
                                   "    %x : [#users=1] = placeholder[target=x]\n"
                                   "    %i : [#users=1] = call_function[target=f](args = (%x,), kwargs = {mode: 'nearest', s: 'a b'})\n"
                                   "    return i\n");
  fx_graph *g = pr->g;
  assert_non_null(g);
  fx_buf b = {0};
  fx_format_graph(g, &b);
  size_t used = g->arena.used_total;
  for (int i = 0; i < 100; i++) {
    b.n = 0;
    fx_format_graph(g, &b);
  }
  assert_int_equal(g->arena.used_total, used);
  assert_non_null(strstr(b.p, "kwargs = {mode: nearest, s: 'a b'})"));
  fx_buf_free(&b);
}

static void float_repr_fixed_notation(void **state) {
  (void)state;
  static const float_case cases[] = {
      {0.1, "0.1"},
      {1.0, "1.0"},
      {100.0, "100.0"},
      {-0.5, "-0.5"},
      {1e-4, "0.0001"},
      {0.0001234, "0.0001234"},
      {1234567890123456.0, "1234567890123456.0"},
      {0.0, "0.0"},
      {-0.0, "-0.0"},
  };
  check_floats(cases, sizeof cases / sizeof *cases);
}

/* Exponent notation otherwise, with a sign and at least two exponent digits. */
static void float_repr_exponent_notation(void **state) {
  (void)state;
  static const float_case cases[] = {
      {1e-05, "1e-05"},
      {1e16, "1e+16"},
      {1e22, "1e+22"},
      {123456789012345680.0, "1.2345678901234568e+17"},
      {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
  };
  check_floats(cases, sizeof cases / sizeof *cases);
}

/* The shortest digits that read back to the same double. */
static void float_repr_shortest_round_trip(void **state) {
  (void)state;
  static const float_case cases[] = {
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3.0, "0.3333333333333333"},
      {2.0 / 3.0, "0.6666666666666666"},
      {1.1, "1.1"},
  };
  check_floats(cases, sizeof cases / sizeof *cases);
}

/* float('inf'), float('-inf'), float('nan'): inf, -inf, nan */
static void float_repr_special_values(void **state) {
  (void)state;
  static const float_case cases[] = {
      {INFINITY, "inf"},
      {-INFINITY, "-inf"},
      {NAN, "nan"},
  };
  check_floats(cases, sizeof cases / sizeof *cases);
}

typedef struct {
  const char *content; /* UTF-8 */
  const char *repr;    /* Python's repr(content) */
} str_case;

static void check_strs(const str_case *cases, size_t n) {
  fx_graph *g = new_graph();
  for (size_t i = 0; i < n; i++) {
    fx_value v = fx_value_str(g, fx_str_make(cases[i].content, strlen(cases[i].content)));
    assert_int_equal(v.kind, FX_V_STR);
    assert_bytes_equal(v.u.text, v.n, cases[i].repr);
  }
}

/* repr(str) uses single quotes unless the text has a single quote and no double quote. */
static void str_repr_quote_choice(void **state) {
  (void)state;
  static const str_case cases[] = {
      {"abc", "'abc'"},
      {"", "''"},
      {"it's", "\"it's\""},
      {"say \"hi\"", "'say \"hi\"'"},
      {"both ' and \"", "'both \\' and \"'"},
  };
  check_strs(cases, sizeof cases / sizeof *cases);
}

/* repr escapes backslash, \t \n \r and other control characters (as \xNN); printable non-ASCII stays. */
static void str_repr_escapes(void **state) {
  (void)state;
  static const str_case cases[] = {
      {"tab\there", "'tab\\there'"},
      {"nl\n", "'nl\\n'"},
      {"cr\r", "'cr\\r'"},
      {"back\\slash", "'back\\\\slash'"},
      {"\x01", "'\\x01'"},
      {"\x7f", "'\\x7f'"},
      {"\xc3\xa9", "'\xc3\xa9'"}, /* repr('é') == "'é'" */
  };
  check_strs(cases, sizeof cases / sizeof *cases);
}

/* Non-printable non-ASCII characters are escaped by repr too: repr('\x85') == "'\\x85'" (U+0085, NEL, UTF-8
 * C2 85) and repr('\xa0') == "'\\xa0'" (U+00A0, no-break space: str.isprintable() is False for it). */
static void str_repr_escapes_non_printable_non_ascii(void **state) {
  (void)state;
  static const str_case cases[] = {
      {"\xc2\x85", "'\\x85'"},
      {"\xc2\xa0", "'\\xa0'"},
  };
  check_strs(cases, sizeof cases / sizeof *cases);
}

/* fx_value_str_content decodes what repr wrote. */
static void str_content_decodes_escapes(void **state) {
  (void)state;
  static const str_case cases[] = {
      /* content, literal */
      {"it's", "\"it's\""},
      {"it's", "'it\\'s'"},
      {"a\\b", "'a\\\\b'"},
      {"\n\t\r", "'\\n\\t\\r'"},
      {"A", "'\\x41'"},
      {"\xc3\xa9", "'\\u00e9'"},       /* '\u00e9' == 'é' */
      {"\xf0\x9f\x98\x80", "'\\U0001f600'"},
      {"say \"hi\"", "'say \"hi\"'"},
  };
  fx_graph *g = new_graph();
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    fx_value lit = {0};
    lit.kind = FX_V_STR;
    lit.u.text = cases[i].repr;
    lit.n = (uint32_t)strlen(cases[i].repr);
    fx_str c = fx_value_str_content(g, &lit);
    assert_fxstr_equal(c, cases[i].content);
  }
}

/* In a Python literal '\xa0' and '\u00a0' are the same character (U+00A0, UTF-8 C2 A0):
 * python3 -c "print('\xa0' == '\u00a0', '\xa0'.encode())" -> True b'\xc2\xa0' */
static void str_content_hex_escape_is_a_code_point(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  fx_value x = {0}, u = {0};
  x.kind = u.kind = FX_V_STR;
  x.u.text = "'\\xa0'";
  x.n = 6;
  u.u.text = "'\\u00a0'";
  u.n = 8;
  fx_str cu = fx_value_str_content(g, &u);
  fx_str cx = fx_value_str_content(g, &x);
  assert_fxstr_equal(cu, "\xc2\xa0");
  assert_fxstr_equal(cx, "\xc2\xa0");
}

/* The other escapes of a Python string literal: '\a\b\f\v\101' == '\x07\x08\x0c\x0bA'
 * (python3 -c "print(repr('\a\b\f\v\101'))"). */
static void str_content_decodes_other_python_escapes(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  fx_value v = {0};
  v.kind = FX_V_STR;
  v.u.text = "'\\a\\b\\f\\v\\101'";
  v.n = (uint32_t)strlen(v.u.text);
  fx_str c = fx_value_str_content(g, &v);
  assert_fxstr_equal(c, "\x07\x08\x0c\x0b" "A");
}

/* str -> repr -> decode gives the text back. */
static void str_repr_then_content_round_trips(void **state) {
  (void)state;
  static const char *const texts[] = {"",           "abc",        "it's",     "say \"hi\"",
                                      "both ' and \"", "a\\b\tc\nd", "\x01\x1f", "\xc3\xa9t\xc3\xa9"};
  fx_graph *g = new_graph();
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    fx_value v = fx_value_str(g, fx_str_make(texts[i], strlen(texts[i])));
    fx_str c = fx_value_str_content(g, &v);
    assert_fxstr_equal(c, texts[i]);
  }
}

/* The scalar helpers keep Python's spelling: None, True, False, -1 (str(-1)), 9223372036854775807. */
static void scalar_helpers_spelling(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  fx_value n = fx_value_none(), t = fx_value_bool(true), f = fx_value_bool(false);
  fx_value i = fx_value_int(g, -1), big = fx_value_int(g, INT64_MAX);
  fx_value w = fx_value_word(g, S("torch.float32"));
  char buf[64];
  assert_int_equal(n.kind, FX_V_NONE);
  assert_string_equal(format_value(g, &n, false, buf, sizeof buf), "None");
  assert_int_equal(t.kind, FX_V_BOOL);
  assert_int_equal(t.v.i, 1);
  assert_string_equal(format_value(g, &t, false, buf, sizeof buf), "True");
  assert_int_equal(f.v.i, 0);
  assert_string_equal(format_value(g, &f, false, buf, sizeof buf), "False");
  assert_int_equal(i.v.i, -1);
  assert_string_equal(format_value(g, &i, false, buf, sizeof buf), "-1");
  assert_string_equal(format_value(g, &big, false, buf, sizeof buf), "9223372036854775807");
  assert_int_equal(w.kind, FX_V_WORD);
  assert_string_equal(format_value(g, &w, false, buf, sizeof buf), "torch.float32");
}

/* _format_arg: a 1-tuple keeps its comma, a list has none, dict keys are str()'d, strings print with str()
 * unless repr is asked for (how `return` prints):  (%x,)  [1, 2]  {dim: -1}  ('a', 1.5) */
static void container_formatting(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  char buf[128];
  fx_value xv = fx_value_node(g, x);
  fx_value t1 = fx_value_tuple(g, &xv, 1);
  assert_string_equal(format_value(g, &t1, false, buf, sizeof buf), "(%x,)");
  assert_string_equal(format_value(g, &t1, true, buf, sizeof buf), "(x,)");
  fx_value ints[2] = {fx_value_int(g, 1), fx_value_int(g, 2)};
  fx_value l = fx_value_container(g, FX_V_LIST, ints, 2);
  assert_string_equal(format_value(g, &l, false, buf, sizeof buf), "[1, 2]");
  fx_value kv[2] = {fx_value_str(g, S("dim")), fx_value_int(g, -1)};
  fx_value dict = fx_value_container(g, FX_V_DICT, kv, 2);
  assert_string_equal(format_value(g, &dict, false, buf, sizeof buf), "{dim: -1}");
  fx_value sf[2] = {fx_value_str(g, S("a")), fx_value_float(g, 1.5)};
  fx_value t2 = fx_value_tuple(g, sf, 2);
  assert_string_equal(format_value(g, &t2, true, buf, sizeof buf), "('a', 1.5)");
}

static uint32_t plus_one(void *ctx, uint32_t n) {
  (void)ctx;
  return n + 1;
}

/* fx_value_copy is deep and maps node references. */
static void value_copy_is_deep_and_maps_nodes(void **state) {
  (void)state;
  fx_graph *g = new_graph();
  uint32_t x = ph(g, "x");
  ph(g, "y");
  fx_value inner[2] = {fx_value_node(g, x), fx_value_float(g, 0.5)};
  fx_value outer[2] = {fx_value_container(g, FX_V_LIST, inner, 2), fx_value_str(g, S("s"))};
  fx_value v = fx_value_tuple(g, outer, 2);
  fx_value c = fx_value_copy(g, &v, plus_one, NULL);
  assert_ptr_not_equal(c.u.items, v.u.items);
  assert_ptr_not_equal(c.u.items[0].u.items, v.u.items[0].u.items);
  assert_int_equal(c.u.items[0].u.items[0].v.node, x + 1);
  assert_int_equal(v.u.items[0].u.items[0].v.node, x);
  c.u.items[0].u.items[1] = fx_value_int(g, 3);
  char buf[64];
  assert_string_equal(format_value(g, &v, false, buf, sizeof buf), "([%x, 0.5], s)");
  assert_string_equal(format_value(g, &c, false, buf, sizeof buf), "([%y, 3], s)");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(float_repr_fixed_notation),
      UNIT_TEST(float_repr_exponent_notation),
      UNIT_TEST(float_repr_shortest_round_trip),
      UNIT_TEST(float_repr_special_values),
      UNIT_TEST(str_repr_quote_choice),
      UNIT_TEST(str_repr_escapes),
      UNIT_TEST(str_repr_escapes_non_printable_non_ascii),
      UNIT_TEST(str_content_decodes_escapes),
      UNIT_TEST(str_content_hex_escape_is_a_code_point),
      UNIT_TEST(str_content_decodes_other_python_escapes),
      UNIT_TEST(str_repr_then_content_round_trips),
      UNIT_TEST(scalar_helpers_spelling),
      UNIT_TEST(printing_does_not_grow_the_arena),
      UNIT_TEST(container_formatting),
      UNIT_TEST(value_copy_is_deep_and_maps_nodes),
  };
  return cmocka_run_group_tests_name("values", tests, NULL, NULL);
}
