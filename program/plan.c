/* plan.c: liveness and arena offsets (plan.h). */
#include "plan.h"

#include <stdlib.h>
#include <string.h>

static uint64_t round_up(uint64_t n, uint64_t m) { return (n + m - 1) / m * m; }

static uint32_t find(fx_plan *P, uint32_t t) {
  while (P->root[t] != t) t = P->root[t] = P->root[P->root[t]];
  return t;
}

static void touch(fx_place *pl, uint32_t k) {
  if (pl->first == FX_NONE_IDX || k < pl->first) pl->first = k;
  if (pl->last == FX_NONE_IDX || k > pl->last) pl->last = k;
}

/* A tensor ref of call k that reads or writes exactly the contiguous layout of `v`. */
static bool plain(const fx_ref *r, const fxrt_view *v, const fxrt_view *yv) {
  if (r->kind != FX_REF_TENSOR || r->off != 0 || v->offset != 0 || v->ndim != yv->ndim) return false;
  for (int32_t i = 0; i < v->ndim; i++)
    if (v->shape[i] != yv->shape[i] || (v->shape[i] != 1 && v->stride[i] != yv->stride[i])) return false;
  return true;
}

/* Elementwise calls whose result may overwrite an input: the candidate input refs. */
static int share_candidates(const fx_kcall *k, const fx_ref **out) {
  if (k->kind == FX_K_POINTWISE && k->ref[0].kind == FX_REF_TENSOR) {
    int n = 0;
    for (int i = 1; i <= k->i[0] && i < FX_KCALL_REFS; i++)
      if (plain(&k->ref[i], &k->view[i], &k->view[0])) out[n++] = &k->ref[i];
    return n;
  }
  if (k->kind == FX_K_UNARY && k->ref[0].kind == FX_REF_TENSOR && k->ref[1].kind == FX_REF_TENSOR) {
    out[0] = &k->ref[0];
    return 1;
  }
  if (fx_kind_small_conv(k->kind) && k->ref[5].kind == FX_REF_SCRATCH && k->ref[0].kind == FX_REF_TENSOR &&
      !k->ref[0].off) { /* -Os: a convolution through its scratch (lowering gave it one when the sizes agree) */
    out[0] = &k->ref[0];
    return 1;
  }
  if (k->kind == FX_K_BINARY && k->ref[2].kind == FX_REF_TENSOR && k->sub < FXRT_B_EQ) {
    int n = 0;
    for (int i = 0; i < 2; i++)
      if (k->ref[i].dtype == k->ref[2].dtype && plain(&k->ref[i], &k->view[i], &k->view[2])) out[n++] = &k->ref[i];
    return n;
  }
  return 0;
}

typedef struct {
  uint64_t bytes;
  uint32_t first, last;
  uint64_t *offset;
} item;

static const item *sort_items;
static int by_size(const void *a, const void *b) {
  const item *x = &sort_items[*(const uint32_t *)a], *y = &sort_items[*(const uint32_t *)b];
  if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
  if (x->first != y->first) return x->first < y->first ? -1 : 1;
  return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}
static int by_start(const void *a, const void *b) {
  const item *x = &sort_items[*(const uint32_t *)a], *y = &sort_items[*(const uint32_t *)b];
  if (x->first != y->first) return x->first < y->first ? -1 : 1;
  if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
  return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}
static int by_length(const void *a, const void *b) {
  const item *x = &sort_items[*(const uint32_t *)a], *y = &sort_items[*(const uint32_t *)b];
  uint32_t lx = x->last - x->first, ly = y->last - y->first;
  if (lx != ly) return lx > ly ? -1 : 1;
  return by_size(a, b);
}
static int by_area(const void *a, const void *b) { /* bytes x lifetime */
  const item *x = &sort_items[*(const uint32_t *)a], *y = &sort_items[*(const uint32_t *)b];
  double ax = (double)x->bytes * (x->last - x->first + 1), ay = (double)y->bytes * (y->last - y->first + 1);
  if (ax != ay) return ax > ay ? -1 : 1;
  return by_size(a, b);
}
static int by_offset(const void *a, const void *b) {
  const uint64_t *x = a, *y = b; /* pairs (offset, end) */
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The items' indices in the order of cmp (by_start, by_size ...), in a new array. */
static uint32_t *items_in_order(const item *it, uint32_t n, int (*cmp)(const void *, const void *)) {
  uint32_t *order = fx_xmalloc((n + 1) * sizeof *order);
  for (uint32_t i = 0; i < n; i++) order[i] = i;
  sort_items = it;
  qsort(order, n, sizeof *order, cmp);
  sort_items = NULL;
  return order;
}

/* Which items' lifetimes overlap: item i's neighbours are adj[start[i] .. start[i + 1]). */
typedef struct {
  uint32_t *start, *adj;
} conflicts;

/* by_first: the items in by_start order. */
static conflicts conflicts_build(const item *it, uint32_t n, const uint32_t *by_first) {
  conflicts c;
  c.start = fx_xcalloc(n + 2, sizeof *c.start);
  for (int pass = 0; pass < 2; pass++) {
    uint32_t *fill = pass ? fx_xmalloc((n + 1) * sizeof *fill) : NULL;
    if (pass) memcpy(fill, c.start, (n + 1) * sizeof *fill);
    for (uint32_t a = 0; a < n; a++)
      for (uint32_t b = a + 1; b < n && it[by_first[b]].first <= it[by_first[a]].last; b++) {
        uint32_t i = by_first[a], j = by_first[b];
        if (!pass) {
          c.start[i + 1]++;
          c.start[j + 1]++;
        } else {
          c.adj[fill[i]++] = j;
          c.adj[fill[j]++] = i;
        }
      }
    if (!pass) {
      for (uint32_t i = 0; i < n; i++) c.start[i + 1] += c.start[i];
      c.adj = fx_xmalloc((c.start[n] + 1) * sizeof *c.adj);
    }
    fx_xfree(fill);
  }
  return c;
}

/* Places the items in the given order: each at the best-fitting gap (best_fit) or the lowest one that fits, among
 * the items already placed whose lifetimes overlap. Returns the arena size; offsets in off[]. `placed` holds n
 * flags, `busy` 2 x (the most neighbours of an item) words. */
static uint64_t place(const item *it, uint32_t n, const conflicts *c, const uint32_t *order, bool best_fit,
                      uint64_t *off, bool *placed, uint64_t *busy) {
  uint64_t total = 0;
  memset(placed, 0, n * sizeof *placed);
  for (uint32_t oi = 0; oi < n; oi++) {
    uint32_t i = order[oi];
    uint32_t nb = 0;
    for (uint32_t a = c->start[i]; a < c->start[i + 1]; a++) {
      uint32_t j = c->adj[a];
      if (!placed[j]) continue;
      busy[2 * nb] = off[j];
      busy[2 * nb + 1] = off[j] + it[j].bytes;
      nb++;
    }
    qsort(busy, nb, 2 * sizeof *busy, by_offset);
    uint64_t at = 0, best = UINT64_MAX, best_gap = UINT64_MAX;
    for (uint32_t j = 0; j < nb; j++) {
      if (busy[2 * j] > at) {
        uint64_t gap = busy[2 * j] - at;
        if (gap >= it[i].bytes && (best_fit ? gap < best_gap : best == UINT64_MAX)) best = at, best_gap = gap;
      }
      if (busy[2 * j + 1] > at) at = busy[2 * j + 1];
    }
    off[i] = best != UINT64_MAX ? best : at;
    placed[i] = true;
    if (off[i] + it[i].bytes > total) total = off[i] + it[i].bytes;
  }
  return total;
}

static uint64_t rng_next(uint64_t *s) { /* xorshift64*: a fixed seed keeps plans deterministic */
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

/* Moves order[from] to position `to`, shifting what lies between. */
static void move_to(uint32_t *order, uint32_t from, uint32_t to) {
  uint32_t v = order[from];
  if (from > to) memmove(order + to + 1, order + to, (from - to) * sizeof *order);
  else memmove(order + from, order + from + 1, (to - from) * sizeof *order);
  order[to] = v;
}

/* How many pairs of items have overlapping lifetimes (the conflict graph's edges), without listing them: with the
 * items sorted by their first call (by_first, by_start order), item a overlaps the later items whose first call is at
 * most a's last. */
static uint64_t conflict_count(const item *it, uint32_t n, const uint32_t *by_first) {
  uint64_t e = 0;
  for (uint32_t a = 0; a < n; a++) {
    uint32_t lo = a + 1, hi = n, last = it[by_first[a]].last; /* the first b >= lo whose first call is after last */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (it[by_first[mid]].first <= last) lo = mid + 1;
      else hi = mid;
    }
    e += lo - a - 1;
  }
  return e;
}

/* The placement for problems whose conflict graph is too large to list (FX_PLAN_MAX_CONFLICTS): the calls in
 * schedule order, each buffer placed when its first call comes, at the lowest gap that fits among the buffers live
 * then, and its bytes given back after its last call, as an allocator would. Gaps are kept sorted by offset and
 * merged with their neighbours; past FX_PLAN_MAX_GAPS gaps a buffer goes on top. Time O(n log n + n x gaps), memory
 * O(n). alloc: the items in by_start order. Returns the arena size; offsets in off[]. */
typedef struct {
  uint64_t off, end;
} gap;

static int by_last(const void *a, const void *b) {
  const item *x = &sort_items[*(const uint32_t *)a], *y = &sort_items[*(const uint32_t *)b];
  if (x->last != y->last) return x->last < y->last ? -1 : 1;
  return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}

static uint64_t place_in_schedule(const item *it, uint32_t n, const uint32_t *alloc, uint64_t *off) {
  uint32_t *release = items_in_order(it, n, by_last);
  gap *g = fx_xmalloc((FX_PLAN_MAX_GAPS + 2) * sizeof *g);
  uint32_t ng = 0, r = 0;
  uint64_t top = 0, arena = 0; /* top: the end of the highest live buffer (all above it is free) */
  for (uint32_t a = 0; a < n; a++) {
    const item *x = &it[alloc[a]];
    for (; r < n && it[release[r]].last < x->first; r++) { /* give back what died before this buffer's first call */
      uint64_t o = off[release[r]], e = o + it[release[r]].bytes;
      if (e == top) { /* the highest buffer: the top comes down, over the gap below it too */
        top = o;
        if (ng && g[ng - 1].end == top) top = g[--ng].off;
        continue;
      }
      uint32_t lo = 0, hi = ng; /* the first gap above o */
      while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g[mid].off < o) lo = mid + 1;
        else hi = mid;
      }
      bool before = lo > 0 && g[lo - 1].end == o, after = lo < ng && g[lo].off == e;
      if (before && after) {
        g[lo - 1].end = g[lo].end;
        memmove(g + lo, g + lo + 1, (ng - lo - 1) * sizeof *g);
        ng--;
      } else if (before) {
        g[lo - 1].end = e;
      } else if (after) {
        g[lo].off = o;
      } else if (ng < FX_PLAN_MAX_GAPS) { /* else these bytes stay unused until the top comes down to them */
        memmove(g + lo + 1, g + lo, (ng - lo) * sizeof *g);
        g[lo] = (gap){o, e};
        ng++;
      }
    }
    uint32_t k = 0;
    while (k < ng && g[k].end - g[k].off < x->bytes) k++;
    if (k < ng) {
      off[alloc[a]] = g[k].off;
      g[k].off += x->bytes;
      if (g[k].off == g[k].end) {
        memmove(g + k, g + k + 1, (ng - k - 1) * sizeof *g);
        ng--;
      }
    } else {
      off[alloc[a]] = top;
      top += x->bytes;
      if (top > arena) arena = top;
    }
  }
  fx_xfree(g);
  fx_xfree(release);
  return arena;
}

void fx_plan_build(const fx_lowered *L, fx_plan *P) {
  const fx_program *p = L->p;
  memset(P, 0, sizeof *P);
  P->ntensors = p->ntensors;
  P->nscratch = L->nscratch;
  P->root = fx_xmalloc((p->ntensors + 1) * sizeof *P->root);
  P->place = fx_xcalloc(p->ntensors + 1, sizeof *P->place);
  P->scratch = fx_xcalloc(L->nscratch + 1, sizeof *P->scratch);
  for (uint32_t t = 0; t < p->ntensors; t++) {
    P->root[t] = p->tensors[t].alias;
    P->place[t].first = P->place[t].last = FX_NONE_IDX;
  }
  for (uint32_t s = 0; s < L->nscratch; s++) P->scratch[s].first = P->scratch[s].last = FX_NONE_IDX;

  /* where each root lives */
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_tinfo *ti = &p->tensors[t];
    P->place[t].bytes = fx_tinfo_bytes(ti);
    P->place[t].loc = ti->kind == FX_T_ACT ? FX_MEM_ARENA : ti->kind == FX_T_WEIGHT ? FX_MEM_WEIGHT : FX_MEM_INPUT;
  }
  for (uint32_t i = 0; i < p->nplaceholders; i++) {
    const fx_value *v = &p->inst[p->placeholders[i]].result;
    if (v->kind == FX_V_TENSOR) P->place[v->v.node].index = i;
  }
  uint8_t slots[FX_KCALL_REFS];
  bool written[FX_KCALL_REFS];
  for (uint32_t k = 0; k < L->ncalls; k++)
    for (int j = 0, n = fx_kcall_refs(&L->calls[k], slots, written); j < n; j++)
      if (L->calls[k].ref[slots[j]].kind == FX_REF_SOURCE) P->place[L->calls[k].ref[slots[j]].id].loc = FX_MEM_ARENA;
  for (uint32_t j = 0; j < L->noutputs; j++)
    if (L->outputs[j].direct) {
      uint32_t r = p->tensors[L->outputs[j].tensor].alias;
      P->place[r].loc = FX_MEM_OUTPUT;
      P->place[r].index = j;
    }

  /* lifetimes, by root */
  for (uint32_t k = 0; k < L->ncalls; k++)
    for (int j = 0, n = fx_kcall_refs(&L->calls[k], slots, written); j < n; j++) {
      const fx_ref *ref = &L->calls[k].ref[slots[j]];
      if (ref->kind == FX_REF_TENSOR) touch(&P->place[P->root[ref->id]], k);
      else if (ref->kind == FX_REF_SCRATCH) touch(&P->scratch[ref->id], k);
    }

  /* elementwise results over dying inputs */
  for (uint32_t k = 0; k < L->ncalls; k++) {
    const fx_kcall *c = &L->calls[k];
    const fx_ref *cand[FX_KCALL_REFS];
    int nc = share_candidates(c, cand);
    if (!nc) continue;
    const int nrefs = fx_kcall_refs(c, slots, written);
    int out = 0; /* the result: the call's first written operand (kernels.def) */
    while (out < nrefs && !written[out]) out++;
    out = out < nrefs ? slots[out] : 0;
    uint32_t y = find(P, c->ref[out].id);
    fx_place *py = &P->place[y];
    if (py->loc != FX_MEM_ARENA || py->first != k) continue;
    for (int i = 0; i < nc; i++) {
      uint32_t x = find(P, cand[i]->id);
      fx_place *px = &P->place[x];
      if (x == y || px->loc != FX_MEM_ARENA || px->last != k || px->bytes != py->bytes ||
          p->tensors[x].dtype != p->tensors[y].dtype)
        continue;
      /* no other operand may read the same storage in another layout */
      bool other = false;
      for (int j = 0; j < nrefs && !other; j++) {
        const int r = slots[j];
        other = r != out && &c->ref[r] != cand[i] && c->ref[r].kind == FX_REF_TENSOR && find(P, c->ref[r].id) == x &&
                !(c->ref[r].off == cand[i]->off && fx_view_eq(&c->view[r], &c->view[cand[i] - c->ref]));
      }
      if (other) continue;
      P->root[y] = x;
      px->last = py->last;
      py->first = py->last = FX_NONE_IDX;
      py->loc = FX_MEM_NONE;
      if (fx_kind_small_conv(c->kind)) P->inplace_convs++;
      else P->shared++;
      break;
    }
  }
  /* a compact convolution not computed over its input needs no scratch: none is placed, its kernel gets NULL */
  for (uint32_t k = 0; k < L->ncalls; k++) {
    const fx_kcall *c = &L->calls[k];
    if (!fx_kind_small_conv(c->kind) || c->ref[5].kind != FX_REF_SCRATCH) continue;
    if (c->ref[3].kind != FX_REF_TENSOR || find(P, c->ref[3].id) != find(P, c->ref[0].id))
      P->scratch[c->ref[5].id].first = P->scratch[c->ref[5].id].last = FX_NONE_IDX;
  }
  for (uint32_t t = 0; t < p->ntensors; t++) find(P, t);

  /* the workspace's alignment: what its elements need (a kernel's byte workspace holds 8-byte values too) */
  P->align = 1;
  for (uint32_t t = 0; t < p->ntensors; t++)
    if (P->root[t] == t && P->place[t].loc == FX_MEM_ARENA && P->place[t].first != FX_NONE_IDX &&
        fxrt_dtype_size(p->tensors[t].dtype) > P->align)
      P->align = (uint32_t)fxrt_dtype_size(p->tensors[t].dtype);
  for (uint32_t s = 0; s < L->nscratch; s++)
    if (P->scratch[s].first != FX_NONE_IDX) {
      const uint32_t a = L->scratch[s].dtype == FXRT_U8 ? 8 : (uint32_t)fxrt_dtype_size(L->scratch[s].dtype);
      if (a > P->align) P->align = a;
    }
  P->granule = p->small ? P->align : FX_PLAN_ALIGN;

  /* the arena's items: roots that live there and scratch buffers */
  uint32_t n = 0;
  item *it = fx_xmalloc((p->ntensors + L->nscratch + 1) * sizeof *it);
  for (uint32_t t = 0; t < p->ntensors; t++) {
    fx_place *pl = &P->place[t];
    if (P->root[t] != t || pl->loc != FX_MEM_ARENA) continue;
    if (pl->first == FX_NONE_IDX) {
      pl->loc = FX_MEM_NONE;
      continue;
    }
    pl->bytes = round_up(pl->bytes, P->granule);
    it[n++] = (item){pl->bytes, pl->first, pl->last, &pl->offset};
  }
  for (uint32_t s = 0; s < L->nscratch; s++) {
    fx_place *pl = &P->scratch[s];
    pl->loc = pl->first == FX_NONE_IDX ? FX_MEM_NONE : FX_MEM_ARENA;
    pl->bytes = round_up((uint64_t)L->scratch[s].numel * fxrt_dtype_size(L->scratch[s].dtype), P->granule);
    if (pl->loc == FX_MEM_ARENA) it[n++] = (item){pl->bytes, pl->first, pl->last, &pl->offset};
  }

  /* the lower bound: the most bytes live at one call */
  uint64_t *delta = fx_xcalloc(L->ncalls + 2, sizeof *delta), *minus = fx_xcalloc(L->ncalls + 2, sizeof *minus);
  for (uint32_t i = 0; i < n; i++) {
    delta[it[i].first] += it[i].bytes;
    minus[it[i].last + 1] += it[i].bytes;
  }
  uint64_t live = 0;
  for (uint32_t k = 0; k <= L->ncalls; k++) {
    live = live + delta[k] - minus[k];
    if (live > P->lower_bound) P->lower_bound = live;
  }
  fx_xfree(delta);
  fx_xfree(minus);

  /* several greedy placements; the smallest arena wins (ties: the first in this list) */
  static const struct {
    int (*cmp)(const void *, const void *);
    bool best_fit;
    const char *name;
  } methods[] = {{by_size, true, "greedy by size, best fit"},
                 {by_size, false, "greedy by size, first fit"},
                 {by_start, false, "greedy in schedule order, first fit"},
                 {by_length, true, "greedy by lifetime, best fit"},
                 {by_area, true, "greedy by size x lifetime, best fit"}};
  uint32_t *by_first = items_in_order(it, n, by_start);
  if (conflict_count(it, n, by_first) > FX_PLAN_MAX_CONFLICTS) { /* too many to list: one linear placement */
    uint64_t *off = fx_xmalloc((n + 1) * sizeof *off);
    P->arena = place_in_schedule(it, n, by_first, off);
    P->method = "in schedule order, first fit (a large problem: no search)";
    for (uint32_t i = 0; i < n; i++) *it[i].offset = off[i];
    fx_xfree(off);
    fx_xfree(by_first);
    fx_xfree(it);
    return;
  }
  conflicts cs = conflicts_build(it, n, by_first);
  fx_xfree(by_first);
  uint32_t maxdeg = 0;
  for (uint32_t i = 0; i < n; i++)
    if (cs.start[i + 1] - cs.start[i] > maxdeg) maxdeg = cs.start[i + 1] - cs.start[i];
  bool *placed = fx_xmalloc(n + 1);
  uint64_t *busy = fx_xmalloc((2 * (size_t)maxdeg + 2) * sizeof *busy);
  uint32_t *order = fx_xmalloc((n + 1) * sizeof *order), *cur = fx_xmalloc((n + 1) * sizeof *cur);
  uint64_t *off_best = fx_xmalloc((n + 1) * sizeof *off_best), *off_cur = fx_xmalloc((n + 1) * sizeof *off_cur),
           *off_try = fx_xmalloc((n + 1) * sizeof *off_try);
  bool fit = true;
  P->arena = n ? UINT64_MAX : 0;
  sort_items = it;
  for (size_t m = 0; m < sizeof methods / sizeof *methods && n; m++) {
    for (uint32_t i = 0; i < n; i++) order[i] = i;
    qsort(order, n, sizeof *order, methods[m].cmp);
    uint64_t a = place(it, n, &cs, order, methods[m].best_fit, off_try, placed, busy);
    if (a < P->arena) {
      P->arena = a;
      P->method = methods[m].name;
      fit = methods[m].best_fit;
      memcpy(cur, order, n * sizeof *cur);
      memcpy(off_best, off_try, n * sizeof *off_best);
    }
  }
  sort_items = NULL;

  /* Then local search, while the arena is above the lower bound: perturb the winning order (move a buffer that
   * reaches the top of the arena earlier, move one of its neighbours anywhere, or swap two buffers), place again and
   * keep the change unless the arena grows. A fixed seed and a step count that depends only on the problem's size
   * keep the plan deterministic; the steps are bounded by FX_PLAN_SEARCH_WORK neighbour visits in all. */
  uint64_t cur_arena = P->arena, seed = 0x9e3779b97f4a7c15ull;
  memcpy(off_cur, off_best, n * sizeof *off_cur);
  uint64_t steps = n > 1 ? FX_PLAN_SEARCH_WORK / (cs.start[n] + n) : 0;
  if (steps > FX_PLAN_SEARCH_STEPS) steps = FX_PLAN_SEARCH_STEPS;
  for (uint64_t s = 0; s < steps && P->arena > P->lower_bound; s++) {
    memcpy(order, cur, n * sizeof *order);
    uint32_t npeak = 0, peak = 0, at = 0;
    for (uint32_t i = 0; i < n; i++) npeak += off_cur[i] + it[i].bytes == cur_arena;
    uint32_t pick = (uint32_t)(rng_next(&seed) % npeak);
    for (uint32_t i = 0; i < n; i++)
      if (off_cur[i] + it[i].bytes == cur_arena && pick-- == 0) peak = i;
    while (order[at] != peak) at++;
    uint32_t deg = cs.start[peak + 1] - cs.start[peak];
    uint64_t move = rng_next(&seed) % 3;
    if (move == 0 && !at) move = 1; /* the peak is placed first already */
    if (move == 1 && !deg) move = 2;
    if (move == 0) {
      move_to(order, at, (uint32_t)(rng_next(&seed) % at));
    } else if (move == 1) {
      uint32_t q = cs.adj[cs.start[peak] + rng_next(&seed) % deg], qa = 0;
      while (order[qa] != q) qa++;
      move_to(order, qa, (uint32_t)(rng_next(&seed) % n));
    } else {
      uint32_t x = (uint32_t)(rng_next(&seed) % n), y = (uint32_t)(rng_next(&seed) % n), v = order[x];
      order[x] = order[y];
      order[y] = v;
    }
    uint64_t a = place(it, n, &cs, order, fit, off_try, placed, busy);
    if (a > cur_arena) continue;
    cur_arena = a;
    memcpy(cur, order, n * sizeof *cur);
    memcpy(off_cur, off_try, n * sizeof *off_cur);
    if (a < P->arena) {
      P->arena = a;
      P->searched = (uint32_t)s + 1;
      memcpy(off_best, off_try, n * sizeof *off_best);
    }
  }
  for (uint32_t i = 0; i < n; i++) *it[i].offset = off_best[i];
  fx_xfree(cs.start);
  fx_xfree(cs.adj);
  fx_xfree(placed);
  fx_xfree(busy);
  fx_xfree(order);
  fx_xfree(cur);
  fx_xfree(off_best);
  fx_xfree(off_cur);
  fx_xfree(off_try);
  fx_xfree(it);
}

bool fx_plan_holds_after(const fx_lowered *L, const fx_plan *P, uint32_t t, uint32_t node) {
  const fx_place *pl = &P->place[P->root[t]];
  if (pl->loc == FX_MEM_NONE || node >= L->p->g->nnodes || L->end_call[node] == FX_NONE_IDX) return false;
  if (pl->loc == FX_MEM_OUTPUT || pl->loc == FX_MEM_INPUT || pl->loc == FX_MEM_WEIGHT) return true;
  return pl->last != FX_NONE_IDX && pl->last + 1 >= L->end_call[node];
}

bool fx_plan_small_in_place(const fx_plan *P, const fx_kcall *k) {
  const fx_ref *x = &k->ref[0], *y = &k->ref[3];
  return fx_kind_small_conv(k->kind) && x->kind == FX_REF_TENSOR && y->kind == FX_REF_TENSOR && x->off == y->off &&
         P->root[x->id] == P->root[y->id];
}

void fx_plan_free(fx_plan *P) {
  fx_xfree(P->root);
  fx_xfree(P->place);
  fx_xfree(P->scratch);
  memset(P, 0, sizeof *P);
}

static void node_name(const fx_lowered *L, uint32_t k, FILE *f) {
  uint32_t node = k < L->ncalls ? L->calls[k].node : FX_NONE_IDX;
  if (node == FX_NONE_IDX) { /* the copies of inputs the graph writes into come first, the outputs' copies last */
    fputs(k < L->ncalls && L->calls[k].ref[0].kind == FX_REF_SOURCE ? "(input copy)" : "(outputs)", f);
    return;
  }
  const fx_node *nd = &L->p->g->nodes[node];
  fprintf(f, "%.*s", (int)nd->name.n, nd->name.p);
}

static void report_row(const fx_lowered *L, const char *name, const fx_place *pl, FILE *f) {
  fprintf(f, "%-32s %12llu %12llu  %u..%u: ", name, (unsigned long long)pl->offset, (unsigned long long)pl->bytes,
          pl->first, pl->last);
  node_name(L, pl->first, f);
  fputs(" .. ", f);
  node_name(L, pl->last, f);
  fputc('\n', f);
}

uint32_t fx_plan_stack(const fx_lowered *L, bool arm, fx_kind *deepest) {
  uint32_t most = 0;
  for (uint32_t k = 0; k < L->ncalls; k++) {
    uint32_t s = fx_kind_stack((fx_kind)L->calls[k].kind, arm);
    if (s > most) {
      most = s;
      if (deepest) *deepest = (fx_kind)L->calls[k].kind;
    }
  }
  return fx_stack_run(arm) + most;
}

void fx_plan_report(const fx_lowered *L, const fx_plan *P, FILE *f) {
  const fx_program *p = L->p;
  fprintf(f, "arena: %llu bytes; lower bound (most bytes live at one call): %llu bytes; ratio %.3f\n",
          (unsigned long long)P->arena, (unsigned long long)P->lower_bound,
          P->lower_bound ? (double)P->arena / (double)P->lower_bound : 1.0);
  fprintf(f, "workspace alignment: %u bytes (offsets in multiples of %u)\n", P->align, P->granule);
  fx_kind ka = FX_K_ASSERT, kh = FX_K_ASSERT;
  uint32_t sa = fx_plan_stack(L, true, &ka), sh = fx_plan_stack(L, false, &kh);
  fprintf(f, "stack: at most %u bytes on the Cortex-M4F (%s), %u on x86-64 (%s): the run function's frame (%u, %u) and "
             "%s%s%s (program/stack.def)\n",
          sa, fx_stack_compiler(true), sh, fx_stack_compiler(false), fx_stack_run(true), fx_stack_run(false),
          L->ncalls ? fx_kind_function(ka) : "no call", ka != kh ? ", " : "", ka != kh ? fx_kind_function(kh) : "");
  fprintf(f, "placement: %s", P->method ? P->method : "none");
  if (P->searched) fprintf(f, ", improved by local search (best after %u steps)", P->searched);
  fprintf(f, "; %u elementwise results written over their dying input", P->shared);
  if (P->inplace_convs) fprintf(f, "; %u convolutions computed over their dying input", P->inplace_convs);
  fprintf(f, "; %u calls\n", L->ncalls);
  fprintf(f, "%-32s %12s %12s  %s\n", "buffer", "offset", "bytes", "lifetime (calls: first .. last node)");
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_place *pl = &P->place[t];
    if (P->root[t] != t || pl->loc != FX_MEM_ARENA) continue;
    const fx_node *nd = &p->g->nodes[p->tensors[t].node];
    char name[40];
    snprintf(name, sizeof name, "%.*s", (int)(nd->name.n < 32 ? nd->name.n : 32), nd->name.p);
    report_row(L, name, pl, f);
  }
  for (uint32_t s = 0; s < P->nscratch; s++) {
    const fx_place *pl = &P->scratch[s];
    if (pl->loc != FX_MEM_ARENA) continue;
    char name[40];
    snprintf(name, sizeof name, "scratch%u", s);
    report_row(L, name, pl, f);
  }
}
