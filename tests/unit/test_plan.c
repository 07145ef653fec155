/* test_plan.c: the memory plan (program/plan.h) gives no two buffers that are live at the same call overlapping
 * bytes, for the greedy placements and the local search (a few hundred buffers) and for the placement in schedule
 * order that replaces them when the buffers' lifetimes overlap in more than FX_PLAN_MAX_CONFLICTS pairs. */
#include "unit_helpers.h"

#include "program/plan.h"

#include <stdlib.h>
#include <string.h>

/* A graph of n buffers of 64 to 256 bytes, all live at once, then each cut down to a smaller copy in a shuffled
 * order (the copies live to the end, in the gaps the buffers leave), then the copies' sums accumulated:
 *   b_i = x[:k_i] + i;  c_i = b_{p(i)}[:h_i];  sum(c_0) + sum(c_1) + ... */
static char *many_buffers(int n) {
  size_t cap = (size_t)n * 600 + 256, len = 0;
  char *t = malloc(cap);
  int *order = malloc((size_t)n * sizeof *order), *k = malloc((size_t)n * sizeof *k);
  assert_non_null(t);
  assert_non_null(order);
  assert_non_null(k);
  len += (size_t)snprintf(t + len, cap - len, "graph():\n    %%x : [#users=%d] = placeholder[target=x]\n", n);
  for (int i = 0; i < n; i++) {
    k[i] = 1 + (i * 7919) % 61;
    len += (size_t)snprintf(t + len, cap - len,
                            "    %%y%d : [#users=1] = call_function[target=operator.getitem](args = (%%x, "
                            "slice(None, %d, None)), kwargs = {})\n"
                            "    %%b%d : [#users=1] = call_function[target=operator.add](args = (%%y%d, %d.0), "
                            "kwargs = {})\n",
                            i, k[i], i, i, i);
  }
  for (int i = 0; i < n; i++) order[i] = i;
  uint32_t seed = 12345;
  for (int i = n - 1; i > 0; i--) { /* Fisher-Yates with a fixed LCG */
    seed = seed * 1103515245u + 12345u;
    int j = (int)((seed >> 8) % (uint32_t)(i + 1)), v = order[i];
    order[i] = order[j];
    order[j] = v;
  }
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(t + len, cap - len,
                            "    %%c%d : [#users=1] = call_function[target=operator.getitem](args = (%%b%d, "
                            "slice(None, %d, None)), kwargs = {})\n",
                            i, order[i], 1 + (i * 31) % k[order[i]]);
  for (int i = 0; i < n; i++) {
    len += (size_t)snprintf(t + len, cap - len,
                            "    %%s%d : [#users=1] = call_method[target=sum](args = (%%c%d,), kwargs = {})\n", i, i);
    if (i > 0)
      len += (size_t)snprintf(t + len, cap - len,
                              "    %%a%d : [#users=1] = call_function[target=operator.add](args = (%%%s%d, %%s%d), "
                              "kwargs = {})\n",
                              i, i == 1 ? "s" : "a", i - 1, i);
  }
  snprintf(t + len, cap - len, "    return a%d\n", n - 1);
  free(order);
  free(k);
  return t;
}

typedef struct {
  uint64_t off, bytes;
  uint32_t first, last;
} span;

static int by_first(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

/* Plans the graph and checks every pair of arena buffers that are live at one call: disjoint bytes, inside the
 * arena. Returns the plan's method. */
static const char *check_plan(int n, uint64_t *arena, uint64_t *bound) {
  char *text = many_buffers(n);
  parsed *pr = parse_text("many.fx", text);
  free(text);
  assert_non_null(pr->g);
  fx_program p;
  fx_program_init(&p, pr->g, NULL, NULL);
  fx_program_set_input(&p, 0, FXRT_F32, 1, (int64_t[]){64});
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_program_build(&p, &d));
  fx_lowered L;
  assert_true(fx_lower(&p, &L, &d));
  fx_plan P;
  fx_plan_build(&L, &P);
  span *s = malloc((P.ntensors + P.nscratch + 1) * sizeof *s);
  assert_non_null(s);
  uint32_t m = 0;
  for (uint32_t t = 0; t < P.ntensors; t++)
    if (P.root[t] == t && P.place[t].loc == FX_MEM_ARENA)
      s[m++] = (span){P.place[t].offset, P.place[t].bytes, P.place[t].first, P.place[t].last};
  for (uint32_t i = 0; i < P.nscratch; i++)
    if (P.scratch[i].loc == FX_MEM_ARENA)
      s[m++] = (span){P.scratch[i].offset, P.scratch[i].bytes, P.scratch[i].first, P.scratch[i].last};
  assert_true(m >= (uint32_t)n); /* the b_i at least */
  qsort(s, m, sizeof *s, by_first);
  for (uint32_t a = 0; a < m; a++) {
    assert_true(s[a].off % FX_PLAN_ALIGN == 0 && P.granule == FX_PLAN_ALIGN);
    assert_true(s[a].off + s[a].bytes <= P.arena);
    for (uint32_t b = a + 1; b < m && s[b].first <= s[a].last; b++)
      assert_true(s[a].off + s[a].bytes <= s[b].off || s[b].off + s[b].bytes <= s[a].off);
  }
  free(s);
  *arena = P.arena;
  *bound = P.lower_bound;
  const char *method = P.method;
  fx_plan_free(&P);
  fx_lowered_free(&L);
  fx_program_free(&p);
  fx_diag_free(&d);
  return method;
}

/* 60 buffers (about 1,800 overlapping pairs): the greedy placements and the search. */
static void greedy_plan_is_valid(void **state) {
  (void)state;
  uint64_t arena, bound;
  const char *method = check_plan(60, &arena, &bound);
  assert_non_null(method);
  assert_null(strstr(method, "large problem"));
  assert_true(arena >= bound);
}

/* 3,000 buffers (over 4.5 million overlapping pairs, more than FX_PLAN_MAX_CONFLICTS): the placement in schedule
 * order, its gaps given back in a shuffled order and filled again by buffers that live on. */
static void large_plan_is_valid(void **state) {
  (void)state;
  assert_true(3000ull * 2999 / 2 > FX_PLAN_MAX_CONFLICTS);
  uint64_t arena, bound;
  const char *method = check_plan(3000, &arena, &bound);
  assert_non_null(strstr(method, "large problem"));
  assert_true(arena >= bound);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(greedy_plan_is_valid),
      UNIT_TEST(large_plan_is_valid),
  };
  return cmocka_run_group_tests_name("plan", tests, NULL, NULL);
}
