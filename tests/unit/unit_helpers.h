/* unit_helpers.h: small helpers shared by the cmocka unit tests of the IR API.
 *
 * Everything here is `static` (the tests are compiled with -Wmissing-prototypes) and header-only. Each test
 * executable includes cmocka.h through this file.
 *
 * Conventions:
 *   S("x")                    an fx_str of a literal
 *   ph(g, "x")                graph.placeholder('x')
 *   call1(g, op, target, a)   graph.create_node(op, target, (a,))
 *   call2(g, op, target, a, b)
 *   out(g, v)                 graph.output(v)
 *   order_of(g, buf)          the names of the live nodes in list order, separated by spaces
 *   users_of(g, n, buf)       the names of n's users in list order, separated by spaces
 *   lint_count(g) / lint_has(g, "text")
 *
 *   new_graph()               fx_graph_new(), freed by the teardown
 *   parse_text(path, text)    fx_parse_graph on a copy of text; source, diagnostics and graph freed by the teardown
 *
 * Ownership: everything made through these helpers (graphs, parsed sources, formatted strings) is registered
 * and freed by the test's teardown, in reverse order of creation, also when the test fails half-way; so a
 * failing test does not add leak reports to the ASan run. Every test is registered with UNIT_TEST(f), whose
 * teardown then checks with fx_mem_live() that nothing the library allocated through fx_xmalloc is left
 * (on top of AddressSanitizer's own leak check in the ASan build).
 */
#ifndef FX_UNIT_HELPERS_H
#define FX_UNIT_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend/frontend.h"
#include "ir/graph.h"

#define S(lit) FX_STR_LIT(lit)
#define NO_NAME ((fx_str){"", 0})
#define NO_TYPE ((fx_str){"", 0})

/* bytes as C-escaped text (\\, \xNN for anything outside printable ASCII), so that a failure shows them. */
static inline const char *escape_bytes(const char *p, size_t n, char *buf, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 5 < cap; i++) {
    unsigned char c = (unsigned char)p[i];
    if (c == '\\') k += (size_t)snprintf(buf + k, cap - k, "\\\\");
    else if (c >= 0x20 && c < 0x7f) buf[k++] = (char)c;
    else k += (size_t)snprintf(buf + k, cap - k, "\\x%02x", c);
  }
  buf[k] = 0;
  return buf;
}

/* Compares bytes (p, n) with a C string, showing both escaped on failure. */
#define assert_bytes_equal(p, n, z)                                                     \
  do {                                                                                  \
    char e1_[512], e2_[512];                                                            \
    const char *z_ = (z);                                                               \
    assert_string_equal(escape_bytes((p), (n), e1_, sizeof e1_), escape_bytes(z_, strlen(z_), e2_, sizeof e2_)); \
  } while (0)

/* Compares an fx_str with a C string, printing both (escaped) on failure. */
#define assert_fxstr_equal(s, z)                   \
  do {                                             \
    fx_str s_ = (s);                               \
    assert_bytes_equal(s_.p ? s_.p : "", s_.n, (z)); \
  } while (0)

#define assert_name(g, idx, z) assert_fxstr_equal((g)->nodes[(idx)].name, (z))

/* ---- things freed by the teardown ---- */

typedef struct parsed {
  fx_source src;
  fx_diag d;
  fx_graph *g; /* NULL when the text did not parse */
} parsed;

typedef enum { DEFER_GRAPH, DEFER_PARSED, DEFER_XMEM, DEFER_CMEM } defer_kind;

#define MAX_DEFERRED 256
static struct {
  defer_kind kind;
  void *p;
} deferred[MAX_DEFERRED];
static size_t ndeferred;

static inline void *defer_free(defer_kind kind, void *p) {
  assert_true(ndeferred < MAX_DEFERRED);
  deferred[ndeferred].kind = kind;
  deferred[ndeferred].p = p;
  ndeferred++;
  return p;
}

static inline void run_deferred(void) {
  while (ndeferred) {
    ndeferred--;
    void *p = deferred[ndeferred].p;
    switch (deferred[ndeferred].kind) {
    case DEFER_GRAPH: fx_graph_free(p); break;
    case DEFER_PARSED: {
      parsed *ps = p;
      fx_graph_free(ps->g); /* before the source: names point into it */
      fx_source_free(&ps->src);
      fx_diag_free(&ps->d);
      free(ps);
      break;
    }
    case DEFER_XMEM: fx_xfree(p); break;
    case DEFER_CMEM: free(p); break;
    }
  }
}

static inline fx_graph *new_graph(void) { return defer_free(DEFER_GRAPH, fx_graph_new()); }

/* Parses text (copied into a source named path); p->g is NULL if it did not parse. */
static inline parsed *parse_text(const char *path, const char *text) {
  parsed *p = defer_free(DEFER_PARSED, calloc(1, sizeof(parsed)));
  assert_non_null(p);
  fx_diag_init(&p->d);
  fx_source_from_text(&p->src, path, text, strlen(text));
  p->g = fx_parse_graph(&p->src, &p->d);
  return p;
}

static inline fx_value empty_dict(fx_graph *g) { return fx_value_container(g, FX_V_DICT, NULL, 0); }
static inline fx_value empty_tuple(fx_graph *g) { return fx_value_tuple(g, NULL, 0); }

/* graph.create_node(op, target, args, {}, name) with args given as node indices. */
static inline uint32_t node_with_args(fx_graph *g, fx_opcode op, const char *target, const char *name,
                                      const uint32_t *refs, uint32_t n) {
  fx_value items[8];
  assert_true(n <= 8);
  for (uint32_t i = 0; i < n; i++) items[i] = fx_value_node(g, refs[i]);
  fx_str nm = name ? fx_str_make(name, strlen(name)) : NO_NAME;
  return fx_graph_create_node(g, op, fx_str_make(target, strlen(target)), fx_value_tuple(g, items, n), empty_dict(g),
                              nm, NO_TYPE);
}

/* graph.placeholder(name) */
static inline uint32_t ph(fx_graph *g, const char *name) {
  return fx_graph_create_node(g, FX_PLACEHOLDER, fx_str_make(name, strlen(name)), empty_tuple(g), empty_dict(g),
                              NO_NAME, NO_TYPE);
}

/* graph.get_attr(target) */
static inline uint32_t get_attr(fx_graph *g, const char *target) {
  return node_with_args(g, FX_GET_ATTR, target, NULL, NULL, 0);
}

static inline uint32_t call0(fx_graph *g, fx_opcode op, const char *target) {
  return node_with_args(g, op, target, NULL, NULL, 0);
}

static inline uint32_t call1(fx_graph *g, fx_opcode op, const char *target, uint32_t a) {
  uint32_t r[1] = {a};
  return node_with_args(g, op, target, NULL, r, 1);
}

static inline uint32_t call2(fx_graph *g, fx_opcode op, const char *target, uint32_t a, uint32_t b) {
  uint32_t r[2] = {a, b};
  return node_with_args(g, op, target, NULL, r, 2);
}

/* call_function target(a) named `name` (NULL: derived from the target). */
static inline uint32_t named1(fx_graph *g, const char *target, const char *name, uint32_t a) {
  uint32_t r[1] = {a};
  return node_with_args(g, FX_CALL_FUNCTION, target, name, r, 1);
}

/* graph.output(v): FX creates it with target 'output' and args (v,). */
static inline uint32_t out(fx_graph *g, uint32_t v) { return call1(g, FX_OUTPUT, "output", v); }

/* Names of the nodes in list order, separated by single spaces. */
static inline const char *order_of(const fx_graph *g, char *buf, size_t cap) {
  size_t k = 0;
  buf[0] = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    int w = snprintf(buf + k, cap - k, "%s%.*s", k ? " " : "", (int)n->name.n, n->name.p);
    if (w < 0 || (size_t)w >= cap - k) break;
    k += (size_t)w;
  }
  return buf;
}

/* Names of the users of node `idx`, in the order of its user list, separated by single spaces. */
static inline const char *users_of(const fx_graph *g, uint32_t idx, char *buf, size_t cap) {
  size_t k = 0;
  buf[0] = 0;
  const fx_node *d = &g->nodes[idx];
  for (uint32_t i = 0; i < d->nusers; i++) {
    const fx_node *u = &g->nodes[d->users[i]];
    int w = snprintf(buf + k, cap - k, "%s%.*s", k ? " " : "", (int)u->name.n, u->name.p);
    if (w < 0 || (size_t)w >= cap - k) break;
    k += (size_t)w;
  }
  return buf;
}

#define assert_order(g, expected)                                \
  do {                                                           \
    char ob_[1024];                                              \
    assert_string_equal(order_of((g), ob_, sizeof ob_), (expected)); \
  } while (0)

#define assert_users(g, idx, expected)                                \
  do {                                                                \
    char ub_[1024];                                                   \
    assert_string_equal(users_of((g), (idx), ub_, sizeof ub_), (expected)); \
  } while (0)

/* Number of problems fx_graph_lint finds. */
static inline uint32_t lint_count(const fx_graph *g) {
  fx_diag d;
  fx_diag_init(&d);
  uint32_t n = fx_graph_lint(g, &d);
  fx_diag_free(&d);
  return n;
}

/* Whether one of lint's messages contains `needle`. */
static inline bool lint_has(const fx_graph *g, const char *needle) {
  fx_diag d;
  fx_diag_init(&d);
  fx_graph_lint(g, &d);
  bool found = false;
  for (uint32_t i = 0; i < d.n; i++)
    if (strstr(d.msgs[i].text, needle)) found = true;
  if (!found)
    for (uint32_t i = 0; i < d.n; i++) print_message("lint said: %s\n", d.msgs[i].text);
  fx_diag_free(&d);
  return found;
}

/* The whole graph as fx_format_graph writes it, NUL-terminated (freed by the teardown). */
static inline const char *format_graph(const fx_graph *g) {
  fx_buf b = {0};
  fx_format_graph(g, &b);
  fx_buf_putc(&b, '\0');
  return defer_free(DEFER_XMEM, b.p);
}

/* One node as fx_format_node writes it (freed by the teardown). */
static inline const char *format_node(const fx_graph *g, uint32_t idx) {
  fx_buf b = {0};
  fx_format_node(g, idx, &b);
  fx_buf_putc(&b, '\0');
  return defer_free(DEFER_XMEM, b.p);
}

/* Formats one value (FX's _format_arg form unless repr_mode) into buf. */
static inline const char *format_value(const fx_graph *g, const fx_value *v, bool repr_mode, char *buf, size_t cap) {
  fx_buf b = {0};
  fx_format_value(g, v, repr_mode, &b);
  snprintf(buf, cap, "%.*s", (int)b.n, b.p ? b.p : "");
  fx_buf_free(&b);
  return buf;
}

/* ---- leak check around every test ---- */

/* Each test runs through run_checked: the setup records fx_mem_live(), the teardown checks that a test that ran
 * to its end left nothing allocated once the registered objects are freed (after a failure half-way, the library
 * may legitimately hold memory that the test did not get to release, e.g. a buffer it was about to free). */
typedef struct {
  void (*fn)(void **state);
  bool finished;
  size_t live_before;
} checked_test;

static inline void run_checked(void **state) {
  checked_test *t = *state;
  t->fn(state);
  t->finished = true;
}

static inline int mem_setup(void **state) {
  checked_test *t = *state;
  t->finished = false;
  t->live_before = fx_mem_live();
  return 0;
}

static inline int mem_teardown(void **state) {
  checked_test *t = *state;
  run_deferred();
  if (t->finished && fx_mem_live() != t->live_before) {
    print_error("the test left %zu bytes allocated through fx_xmalloc\n", fx_mem_live() - t->live_before);
    return -1;
  }
  return 0;
}

#define UNIT_TEST(f) {#f, run_checked, mem_setup, mem_teardown, &(checked_test){f, false, 0}}

#endif
