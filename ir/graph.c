/* graph.c: the node list, user lists and the graph-editing API that mirrors torch.fx.Graph. */
#include "graph.h"

#include <string.h>

const char *const fx_opcode_names[FX_NUM_OPCODES] = {
    "placeholder", "get_attr", "call_function", "call_module", "call_method", "output",
};

int fx_opcode_from_str(fx_str s) {
  for (int i = 0; i < FX_NUM_OPCODES; i++)
    if (fx_str_eqz(s, fx_opcode_names[i])) return i;
  return -1;
}

fx_graph *fx_graph_new(void) {
  fx_graph *g = fx_xcalloc(1, sizeof *g);
  fx_arena_init(&g->arena);
  g->first = g->last = FX_NONE_IDX;
  g->insert_node = FX_NONE_IDX;
  return g;
}

/* The heap storage of d's user list (users_cap > 0), where users_off entries before d->users start. */
static uint32_t *users_storage(const fx_node *d) { return d->users - d->users_off; }

void fx_graph_free(fx_graph *g) {
  if (!g) return;
  for (uint32_t i = 0; i < g->nnodes; i++)
    if (g->nodes[i].users_cap) fx_xfree(users_storage(&g->nodes[i]));
  fx_xfree(g->nodes);
  fx_xfree(g->names);
  fx_arena_free(&g->arena);
  fx_xfree(g);
}

static void names_resize(fx_graph *g, uint32_t cap);

void fx_graph_reserve(fx_graph *g, uint32_t n) {
  if (n <= g->cap) return;
  g->nodes = fx_xrealloc(g->nodes, (size_t)n * sizeof *g->nodes);
  g->cap = n;
  /* The name table too, so that it is not rehashed while the nodes are added. */
  uint32_t want = 64;
  while (want < n * 2u && want < (1u << 31)) want *= 2;
  if (want > g->names_cap) names_resize(g, want);
}

/* ---- the name table ---- */

static void names_insert(fx_graph *g, uint32_t idx);

static void names_resize(fx_graph *g, uint32_t cap) {
  uint32_t *old = g->names, oldcap = g->names_cap;
  g->names_cap = cap;
  g->names = fx_xmalloc((size_t)g->names_cap * sizeof *g->names);
  memset(g->names, 0xff, (size_t)g->names_cap * sizeof *g->names);
  g->names_n = 0;
  for (uint32_t i = 0; i < oldcap; i++)
    if (old[i] != FX_NONE_IDX) names_insert(g, old[i]);
  fx_xfree(old);
}

static void names_insert(fx_graph *g, uint32_t idx) {
  if ((g->names_n + 1) * 2 > g->names_cap) names_resize(g, g->names_cap ? g->names_cap * 2 : 64);
  uint32_t mask = g->names_cap - 1, h = fx_str_hash(g->nodes[idx].name) & mask;
  while (g->names[h] != FX_NONE_IDX) h = (h + 1) & mask;
  g->names[h] = idx;
  g->names_n++;
}

uint32_t fx_graph_find(const fx_graph *g, fx_str name) {
  if (!g->names_cap) return FX_NONE_IDX;
  uint32_t mask = g->names_cap - 1, h = fx_str_hash(name) & mask;
  for (;;) {
    uint32_t idx = g->names[h];
    if (idx == FX_NONE_IDX) return FX_NONE_IDX;
    if (fx_str_eq(g->nodes[idx].name, name)) return idx;
    h = (h + 1) & mask;
  }
}

uint32_t fx_graph_output(const fx_graph *g) {
  for (uint32_t i = g->last; i != FX_NONE_IDX; i = g->nodes[i].prev)
    if (g->nodes[i].opcode == FX_OUTPUT) return i;
  return FX_NONE_IDX;
}

/* Names FX refuses for nodes: Python keywords, builtins and the globals of generated code (fx/graph.py). */
static const char *const illegal_names[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
    /* builtins */
    "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup", "BlockingIOError",
    "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError", "ConnectionAbortedError",
    "ConnectionError", "ConnectionRefusedError", "ConnectionResetError", "DeprecationWarning", "EOFError",
    "Ellipsis", "EncodingWarning", "EnvironmentError", "Exception", "ExceptionGroup", "FileExistsError",
    "FileNotFoundError", "FloatingPointError", "FutureWarning", "GeneratorExit", "IOError", "ImportError",
    "ImportWarning", "IndentationError", "IndexError", "InterruptedError", "IsADirectoryError", "KeyError",
    "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "NotADirectoryError",
    "NotImplemented", "NotImplementedError", "OSError", "OverflowError", "PendingDeprecationWarning",
    "PermissionError", "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning", "RuntimeError",
    "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError",
    "SystemExit", "TabError", "TimeoutError", "TypeError", "UnboundLocalError", "UnicodeDecodeError",
    "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError",
    "Warning", "ZeroDivisionError", "__build_class__", "__debug__", "__doc__", "__import__", "__loader__",
    "__name__", "__package__", "__spec__", "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool",
    "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod", "compile", "complex", "copyright",
    "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval", "exec", "exit", "filter", "float", "format",
    "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance",
    "issubclass", "iter", "len", "license", "list", "locals", "map", "max", "memoryview", "min", "next", "object",
    "oct", "open", "ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set", "setattr",
    "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip",
    /* fx/graph.py _custom_builtins */
    "inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree",
};

static bool is_illegal_name(fx_str s) {
  for (size_t i = 0; i < sizeof illegal_names / sizeof *illegal_names; i++)
    if (fx_str_eqz(s, illegal_names[i])) return true;
  return false;
}

static bool is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

fx_str fx_graph_unique_name(fx_graph *g, fx_str candidate) {
  /* torch/fx/graph.py _Namespace.create_name: every run of illegal characters becomes one '_'; a leading digit
   * gets a '_' in front; a suffix _N splits into base and number, and the name is rebuilt as base_N. */
  char *s = fx_arena_alloc(&g->arena, (size_t)candidate.n + 2);
  size_t k = 0;
  if (candidate.n && candidate.p[0] >= '0' && candidate.p[0] <= '9') s[k++] = '_';
  for (uint32_t i = 0; i < candidate.n; i++) {
    if (is_ident_char(candidate.p[i])) s[k++] = candidate.p[i];
    else if (k == 0 || s[k - 1] != '_' || is_ident_char(candidate.p[i - 1])) s[k++] = '_';
  }
  if (!k) s[k++] = '_';
  fx_str cand = fx_str_make(s, k), base = cand;
  uint64_t num = 0;
  size_t j = k;
  while (j > 0 && s[j - 1] >= '0' && s[j - 1] <= '9') j--;
  /* (.*)_(\d+)$ -- numbers beyond 18 digits stay part of the base */
  if (j < k && j >= 1 && s[j - 1] == '_' && k - j <= 18) {
    for (size_t t = j; t < k; t++) num = num * 10 + (uint64_t)(s[t] - '0');
    base.n = (uint32_t)(j - 1);
    cand = fx_arena_printf(&g->arena, "%.*s_%llu", (int)base.n, base.p, (unsigned long long)num);
  }
  while (fx_graph_find(g, cand) != FX_NONE_IDX || is_illegal_name(cand)) {
    num++;
    cand = fx_arena_printf(&g->arena, "%.*s_%llu", (int)base.n, base.p, (unsigned long long)num);
  }
  return cand;
}

fx_str fx_graph_target_to_name(fx_graph *g, fx_opcode op, fx_str t) {
  fx_str s = t;
  if (op == FX_CALL_FUNCTION) {
    /* A callable's __name__: the last dotted component, or op.overload for torch.ops.<ns>.op.overload. */
    if (fx_str_starts_with(t, "torch.ops.")) {
      uint32_t i = 10;
      while (i < t.n && t.p[i] != '.') i++;
      if (i < t.n) s = fx_str_make(t.p + i + 1, t.n - i - 1);
    } else {
      uint32_t i = t.n;
      while (i > 0 && t.p[i - 1] != '.') i--;
      s = fx_str_make(t.p + i, t.n - i);
    }
  } else if (t.n > 4 && t.p[0] == '_' && t.p[1] == '_' && t.p[t.n - 1] == '_' && t.p[t.n - 2] == '_') {
    s = fx_str_make(t.p + 2, t.n - 4); /* __add__ -> add */
  }
  /* _snake_case: an underscore before an upper-case letter that follows a lower-case one; all lower case. */
  char *d = fx_arena_alloc(&g->arena, (size_t)s.n * 2 + 1);
  size_t k = 0;
  bool prev_lower = false;
  for (uint32_t i = 0; i < s.n; i++) {
    char c = s.p[i];
    bool upper = c >= 'A' && c <= 'Z';
    if (prev_lower && upper) d[k++] = '_';
    d[k++] = upper ? (char)(c - 'A' + 'a') : c;
    prev_lower = c >= 'a' && c <= 'z';
  }
  return fx_str_make(d, k);
}

/* ---- user lists ---- */

/* Appends user u, which is being linked (link_users: a new node, or one just unlinked from all its inputs), so that
 * it can only be listed already as the last entry, by an earlier ref of its own to d. O(1) amortized: a node with
 * 200,000 users must not make each new user scan them all. */
static void users_append(fx_node *d, uint32_t u) {
  if (d->nusers && d->users[d->nusers - 1] == u) return;
  if (d->users_cap && d->users_off + d->nusers == d->users_cap && d->users_off >= d->nusers) {
    uint32_t *base = users_storage(d); /* at least half the storage is before the list: move it back */
    memmove(base, d->users, (size_t)d->nusers * sizeof *base);
    d->users = base;
    d->users_off = 0;
  }
  if (!d->users_cap || d->users_off + d->nusers == d->users_cap) {
    uint32_t cap = d->nusers < 2 ? 4 : d->nusers * 2;
    uint32_t *nu = fx_xmalloc((size_t)cap * sizeof *nu);
    if (d->nusers) memcpy(nu, d->users, d->nusers * sizeof *nu);
    if (d->users_cap) fx_xfree(users_storage(d));
    d->users = nu;
    d->users_cap = cap;
    d->users_off = 0;
  }
  d->users[d->nusers++] = u;
}

/* Removes user u (if listed: a user that refers to d twice is removed at its first ref), keeping the order of the
 * others. A user list is in the order its users joined it, that is in increasing link_seq (link_users,
 * fx_graph_rebuild_users), so u is found by bisection; then the shorter side of it moves. A node with 200,000 users
 * is not quadratic: fusion retires the oldest users of a node first and passes erase the newest first. */
static void users_remove(const fx_graph *g, fx_node *d, uint32_t u) {
  uint32_t n = d->nusers, at = n, lo = 0, hi = n, key = g->nodes[u].link_seq;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (g->nodes[d->users[mid]].link_seq < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo < n && d->users[lo] == u) at = lo;
  if (at == n) return;
  if (at < n - 1 - at) { /* the users before it move up by one, and the list starts one later */
    memmove(d->users + 1, d->users, (size_t)at * sizeof *d->users);
    d->users++;
    d->users_off++; /* (in the arena's storage too, which is never freed nor grown) */
  } else {
    memmove(d->users + at, d->users + at + 1, (size_t)(n - at - 1) * sizeof *d->users);
  }
  d->nusers--;
}

void fx_value_visit_refs(fx_value *v, fx_value_visit_fn fn, void *ctx) {
  if (v->kind == FX_V_NODE) {
    fn(ctx, v);
  } else if (fx_value_is_container(v)) {
    for (uint32_t i = 0; i < v->n; i++) fx_value_visit_refs(&v->u.items[i], fn, ctx);
  }
}

typedef struct {
  fx_graph *g;
  uint32_t user;
} user_ctx;

static void add_user_cb(void *ctx, fx_value *ref) {
  user_ctx *c = ctx;
  if (ref->v.node < c->g->nnodes) users_append(&c->g->nodes[ref->v.node], c->user);
}

static void remove_user_cb(void *ctx, fx_value *ref) {
  user_ctx *c = ctx;
  if (ref->v.node < c->g->nnodes) users_remove(c->g, &c->g->nodes[ref->v.node], c->user);
}

static void link_users(fx_graph *g, uint32_t u) {
  if (g->link_seq == UINT32_MAX) fx_graph_rebuild_users(g); /* renumbers from 1 */
  g->nodes[u].link_seq = ++g->link_seq;
  user_ctx c = {g, u};
  fx_value_visit_refs(&g->nodes[u].args, add_user_cb, &c);
  fx_value_visit_refs(&g->nodes[u].kwargs, add_user_cb, &c);
}

static void unlink_users(fx_graph *g, uint32_t u) {
  user_ctx c = {g, u};
  fx_value_visit_refs(&g->nodes[u].args, remove_user_cb, &c);
  fx_value_visit_refs(&g->nodes[u].kwargs, remove_user_cb, &c);
}

typedef struct {
  fx_graph *g;
  uint32_t user;
  bool fill;
} rebuild_ctx;

static void rebuild_cb(void *ctx, fx_value *ref) {
  rebuild_ctx *c = ctx;
  uint32_t d = ref->v.node;
  if (d >= c->g->nnodes) return;
  fx_node *dn = &c->g->nodes[d];
  /* Refs of one user are visited together, so a repeated use shows as the last entry. */
  if (c->fill) {
    if (dn->nusers && dn->users[dn->nusers - 1] == c->user) return;
    dn->users[dn->nusers++] = c->user;
  } else {
    dn->users_cap++; /* counts uses (an upper bound on users) during the first pass */
  }
}

void fx_graph_rebuild_users(fx_graph *g) {
  for (uint32_t i = 0; i < g->nnodes; i++) {
    fx_node *n = &g->nodes[i];
    if (n->users_cap) fx_xfree(users_storage(n));
    n->users = NULL;
    n->nusers = n->users_cap = n->users_off = 0;
  }
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      size_t total = 0;
      for (uint32_t i = 0; i < g->nnodes; i++) total += g->nodes[i].users_cap;
      uint32_t *store = total ? fx_arena_alloc(&g->arena, total * sizeof *store) : NULL;
      for (uint32_t i = 0; i < g->nnodes && store; i++) {
        g->nodes[i].users = store;
        store += g->nodes[i].users_cap;
      }
    }
    g->link_seq = 0;
    for (uint32_t u = g->first; u != FX_NONE_IDX; u = g->nodes[u].next) {
      g->nodes[u].link_seq = ++g->link_seq; /* each list is filled in graph order */
      rebuild_ctx c = {g, u, pass == 1};
      fx_value_visit_refs(&g->nodes[u].args, rebuild_cb, &c);
      fx_value_visit_refs(&g->nodes[u].kwargs, rebuild_cb, &c);
    }
  }
  for (uint32_t i = 0; i < g->nnodes; i++) g->nodes[i].users_cap = 0; /* storage belongs to the arena */
}

/* ---- creating, linking and erasing nodes ---- */

static void list_insert_before(fx_graph *g, uint32_t idx, uint32_t before) {
  fx_node *n = &g->nodes[idx];
  if (before == FX_NONE_IDX) { /* append */
    n->prev = g->last;
    n->next = FX_NONE_IDX;
    if (g->last != FX_NONE_IDX) g->nodes[g->last].next = idx;
    else g->first = idx;
    g->last = idx;
    return;
  }
  fx_node *b = &g->nodes[before];
  n->next = before;
  n->prev = b->prev;
  if (b->prev != FX_NONE_IDX) g->nodes[b->prev].next = idx;
  else g->first = idx;
  b->prev = idx;
}

/* Takes a node out of the list. Like FX's _remove_from_list it leaves the node's own links as they were, so that
 * an insertion point on an erased node still means "where that node was". */
static void list_unlink(fx_graph *g, uint32_t idx) {
  fx_node *n = &g->nodes[idx];
  if (n->prev != FX_NONE_IDX) g->nodes[n->prev].next = n->next;
  else g->first = n->next;
  if (n->next != FX_NONE_IDX) g->nodes[n->next].prev = n->prev;
  else g->last = n->prev;
}

/* The node that a new node goes before (FX_NONE_IDX: at the end), for the current insertion point. */
static uint32_t insertion_successor(fx_graph *g) {
  uint32_t ip = g->insert_node;
  if (ip == FX_NONE_IDX) return FX_NONE_IDX;
  fx_node *n = &g->nodes[ip];
  if (!n->erased) return g->insert_before ? ip : n->next;
  if (g->insert_before) {
    /* FX's erased.prepend(x): x goes after the erased node's old predecessor (the last node inserted there). */
    uint32_t p = n->prev;
    while (p != FX_NONE_IDX && g->nodes[p].erased) p = g->nodes[p].prev;
    return p == FX_NONE_IDX ? g->first : g->nodes[p].next;
  }
  /* FX's erased.append(x) is erased._next.prepend(x): before the erased node's old successor. */
  uint32_t s = n->next;
  while (s != FX_NONE_IDX && g->nodes[s].erased) s = g->nodes[s].next;
  return s;
}

uint32_t fx_graph_create_node(fx_graph *g, fx_opcode op, fx_str target, fx_value args, fx_value kwargs, fx_str name,
                              fx_str type) {
  fx_str candidate = name.n ? name : fx_graph_target_to_name(g, op, target);
  fx_str uname = fx_graph_unique_name(g, candidate);
  if (g->nnodes == g->cap) fx_graph_reserve(g, g->cap ? g->cap * 2 : 64);
  uint32_t idx = g->nnodes++;
  fx_node *n = &g->nodes[idx];
  memset(n, 0, sizeof *n);
  n->vfirst = n->vlast = n->vnext = FX_NONE_IDX;
  n->name = uname;
  n->target = fx_arena_str(&g->arena, target);
  n->type = type.n ? fx_arena_str(&g->arena, type) : (fx_str){"", 0};
  n->args = args;
  n->kwargs = kwargs;
  n->opcode = (uint8_t)op;
  n->declared_users = -1;
  n->prev = n->next = FX_NONE_IDX;
  names_insert(g, idx);
  list_insert_before(g, idx, insertion_successor(g));
  if (g->insert_node != FX_NONE_IDX && g->insert_before && g->nodes[g->insert_node].erased)
    g->nodes[g->insert_node].prev = idx; /* the next one goes after this one, in creation order */
  g->nlive++;
  link_users(g, idx);
  return idx;
}

uint32_t fx_graph_append_node(fx_graph *g, const fx_node *proto) {
  if (g->nnodes == g->cap) fx_graph_reserve(g, g->cap ? g->cap * 2 : 64);
  uint32_t idx = g->nnodes++;
  fx_node *n = &g->nodes[idx];
  *n = *proto;
  n->users = NULL;
  n->nusers = n->users_cap = n->users_off = 0;
  n->erased = 0;
  n->read = 1;
  n->vfirst = n->vlast = n->vnext = FX_NONE_IDX;
  n->own_value_lost = n->value_merged = 0;
  names_insert(g, idx);
  list_insert_before(g, idx, FX_NONE_IDX);
  g->nlive++;
  return idx;
}

fx_insert_point fx_graph_inserting_before(fx_graph *g, uint32_t node) {
  fx_insert_point old = {g->insert_node, g->insert_before};
  g->insert_node = node;
  g->insert_before = true;
  return old;
}

fx_insert_point fx_graph_inserting_after(fx_graph *g, uint32_t node) {
  fx_insert_point old = {g->insert_node, g->insert_before};
  g->insert_node = node;
  g->insert_before = false;
  return old;
}

void fx_graph_restore_insert(fx_graph *g, fx_insert_point p) {
  g->insert_node = p.node;
  g->insert_before = p.before;
}

uint32_t fx_graph_node_copy(fx_graph *g, const fx_graph *src, uint32_t node, fx_node_map_fn map, void *ctx) {
  const fx_node *n = &src->nodes[node];
  fx_value args = fx_value_copy(g, &n->args, map, ctx);
  fx_value kwargs = fx_value_copy(g, &n->kwargs, map, ctx);
  /* The source strings may belong to src's arena or source buffer: create_node copies them. */
  const fx_str absorbed = n->absorbed; /* n moves when g's node array grows (src may be g) */
  uint32_t c = fx_graph_create_node(g, (fx_opcode)n->opcode, n->target, args, kwargs, n->name, n->type);
  if (absorbed.n) g->nodes[c].absorbed = fx_arena_str(&g->arena, absorbed);
  return c;
}

void fx_node_set_args(fx_graph *g, uint32_t node, fx_value args, fx_value kwargs) {
  unlink_users(g, node);
  g->nodes[node].args = args;
  g->nodes[node].kwargs = kwargs;
  link_users(g, node);
}

typedef struct {
  uint32_t from, to;
} replace_ctx;

static void replace_cb(void *ctx, fx_value *ref) {
  replace_ctx *c = ctx;
  if (ref->v.node == c->from) ref->v.node = c->to;
}

/* Whether node stands for its own value (fx_node_values). */
static bool own_value(const fx_node *n) { return n->read && !n->own_value_lost; }

uint32_t fx_node_values(const fx_graph *g, uint32_t node, uint32_t *out, uint32_t max) {
  uint32_t n = 0;
  if (own_value(&g->nodes[node])) {
    if (n < max) out[n] = node;
    n++;
  }
  /* the lists are disjoint and acyclic (add_values), so this visits each node once at most: g->nnodes steps bound
   * it all the same */
  uint32_t steps = 0;
  for (uint32_t v = g->nodes[node].vfirst; v != FX_NONE_IDX && v < g->nnodes && steps++ < g->nnodes;
       v = g->nodes[v].vnext)
    if (own_value(&g->nodes[v])) {
      if (n < max) out[n] = v;
      n++;
    }
  return n;
}

/* repl's result now also stands for node's values: node, then node's list, join the end of repl's list. Each
 * node is merged at most once (replace_all_uses_with leaves it without users, and passes erase it), so the lists
 * stay disjoint. */
static void add_values(fx_graph *g, uint32_t repl, uint32_t node) {
  if (node >= g->nnodes || repl >= g->nnodes || node == repl) return;
  fx_node *r = &g->nodes[repl], *f = &g->nodes[node];
  if (f->value_merged || r->value_merged) return; /* merged already: each list once, no cycles */
  f->value_merged = 1;
  uint32_t tail = f->vlast == FX_NONE_IDX ? node : f->vlast;
  f->vnext = f->vfirst; /* node heads its own list */
  f->vfirst = f->vlast = FX_NONE_IDX;
  if (r->vfirst == FX_NONE_IDX) r->vfirst = node;
  else g->nodes[r->vlast].vnext = node;
  r->vlast = tail;
}

void fx_node_take_value(fx_graph *g, uint32_t node, uint32_t from) {
  if (node == from || node >= g->nnodes) return;
  g->nodes[node].own_value_lost = 1;
}

uint32_t fx_node_replace_all_uses_with(fx_graph *g, uint32_t node, uint32_t repl) {
  if (node == repl) return 0;
  /* As FX's Node.__update_args_kwargs: each user leaves the user lists of all its inputs and joins them again at
   * the end, so every list keeps FX's order. */
  add_values(g, repl, node);
  uint32_t count = g->nodes[node].nusers;
  uint32_t *users = fx_xmalloc(((size_t)count + 1) * sizeof *users);
  if (count) memcpy(users, g->nodes[node].users, (size_t)count * sizeof *users);
  for (uint32_t k = 0; k < count; k++) {
    uint32_t u = users[k];
    replace_ctx c = {node, repl};
    unlink_users(g, u);
    fx_value_visit_refs(&g->nodes[u].args, replace_cb, &c);
    fx_value_visit_refs(&g->nodes[u].kwargs, replace_cb, &c);
    link_users(g, u);
  }
  fx_xfree(users);
  return count;
}

/* Whether the ", "-separated list has the name. */
static bool list_has(fx_str list, fx_str name) {
  for (size_t i = 0; i < list.n;) {
    size_t j = i;
    while (j < list.n && list.p[j] != ',') j++;
    if (j - i == name.n && memcmp(list.p + i, name.p, name.n) == 0) return true;
    i = j + 2;
  }
  return false;
}

void fx_node_absorb(fx_graph *g, uint32_t into, uint32_t from) {
  const fx_str have = g->nodes[into].absorbed;
  if (into == from || (have.n >= 3 && memcmp(have.p + have.n - 3, "...", 3) == 0)) return; /* full */
  const fx_node *f = &g->nodes[from];
  fx_str add[2] = {f->read ? f->name : (fx_str){"", 0}, f->absorbed};
  fx_buf b = {0};
  fx_buf_put(&b, have.p, have.n);
  uint32_t count = 0;
  for (size_t i = 0; i < b.n; i++) count += b.p[i] == ',';
  count += b.n > 0;
  bool full = false;
  for (int k = 0; k < 2 && !full; k++)
    for (size_t i = 0; i < add[k].n && !full;) {
      size_t j = i;
      while (j < add[k].n && add[k].p[j] != ',') j++;
      fx_str name = {add[k].p + i, j - i};
      if (fx_str_eqz(name, "...")) full = true; /* from's list was full */
      else if (name.n && !list_has((fx_str){b.p, b.n}, name) &&
               !(g->nodes[into].read && fx_str_eq(name, g->nodes[into].name))) {
        if (count == FX_ABSORBED_MAX) {
          full = true;
          break;
        }
        if (b.n) fx_buf_puts(&b, ", ");
        fx_buf_put(&b, name.p, name.n);
        count++;
      }
      i = j + 2;
    }
  if (full) fx_buf_puts(&b, b.n ? ", ..." : "...");
  g->nodes[into].absorbed = b.n ? fx_arena_str(&g->arena, (fx_str){b.p, b.n}) : (fx_str){"", 0};
  fx_buf_free(&b);
}

bool fx_graph_erase_node(fx_graph *g, uint32_t node) {
  if (node >= g->nnodes) return false;
  fx_node *n = &g->nodes[node];
  if (n->erased || n->nusers) return false;
  unlink_users(g, node);
  list_unlink(g, node);
  n->erased = 1;
  g->nlive--;
  return true;
}

static bool has_inplace_kwarg(const fx_node *n) {
  const fx_value *kw = &n->kwargs;
  for (uint32_t i = 0; i + 1 < kw->n; i += 2) {
    const fx_value *k = &kw->u.items[i], *v = &kw->u.items[i + 1];
    bool word = k->kind == FX_V_WORD && k->n == 7 && memcmp(k->u.text, "inplace", 7) == 0;
    bool quoted = k->kind == FX_V_STR && k->n == 9 && memcmp(k->u.text + 1, "inplace", 7) == 0;
    if ((word || quoted) && v->kind == FX_V_BOOL && v->v.i) return true;
  }
  return false;
}

/* The name of an in-place op ends with one underscore: relu_, add_, copy_ (but not __add__). */
static bool is_inplace_name(fx_str s) {
  return s.n >= 2 && s.p[s.n - 1] == '_' && s.p[s.n - 2] != '_';
}

bool fx_node_is_impure(const fx_graph *g, uint32_t node) {
  const fx_node *n = &g->nodes[node];
  fx_str t = n->target;
  switch ((fx_opcode)n->opcode) {
  case FX_PLACEHOLDER:
  case FX_OUTPUT:
    return true;
  case FX_CALL_METHOD:
    return is_inplace_name(t) || has_inplace_kwarg(n);
  case FX_CALL_FUNCTION: {
    static const char *const effects[] = {
        "torch._assert", "torch._assert_async", "torch.ops.aten._assert_async.msg", "torch.ops.aten._assert_async.default",
        "torch._C._profiler._record_function_enter", "torch._C._profiler._record_function_exit",
        "torch.ops.profiler._record_function_enter", "torch.ops.profiler._record_function_enter_new",
        "torch.ops.profiler._record_function_exit", "torch.fx._symbolic_trace._assert_is_none",
        "operator.setitem", "builtins.print",
    };
    for (size_t i = 0; i < sizeof effects / sizeof *effects; i++)
      if (fx_str_eqz(t, effects[i])) return true;
    if (has_inplace_kwarg(n)) return true;
    if (fx_str_starts_with(t, "operator.i") && !fx_str_eqz(t, "operator.index") && !fx_str_eqz(t, "operator.invert") &&
        !fx_str_eqz(t, "operator.is_") && !fx_str_eqz(t, "operator.is_not"))
      return true; /* operator.iadd, imul, ... */
    if (fx_str_starts_with(t, "torch.ops.")) {
      /* torch.ops.<ns>.<op>[.<overload>]: the op component decides. */
      uint32_t ns_end = 10;
      while (ns_end < t.n && t.p[ns_end] != '.') ns_end++;
      uint32_t op_start = ns_end + 1, op_end = op_start;
      while (op_end < t.n && t.p[op_end] != '.') op_end++;
      return op_start < t.n && is_inplace_name(fx_str_make(t.p + op_start, op_end - op_start));
    }
    uint32_t i = t.n;
    while (i > 0 && t.p[i - 1] != '.') i--;
    return is_inplace_name(fx_str_make(t.p + i, t.n - i));
  }
  default:
    return false;
  }
}

bool fx_graph_eliminate_dead_code(fx_graph *g) {
  bool changed = false;
  uint32_t i = g->last;
  while (i != FX_NONE_IDX) {
    uint32_t prev = g->nodes[i].prev;
    if (g->nodes[i].nusers == 0 && !fx_node_is_impure(g, i)) {
      fx_graph_erase_node(g, i);
      changed = true;
    }
    i = prev;
  }
  return changed;
}

/* ---- lint ---- */

typedef struct {
  const fx_graph *g;
  fx_diag *d;
  const uint32_t *pos; /* position in the list, or FX_NONE_IDX if not in it */
  uint32_t user;
  uint32_t *seen_by; /* last user that counted a def, to count each user once */
  uint32_t *uses;
  uint32_t problems;
  const uint32_t *listed_start, *listed; /* node u is in the user lists of listed[listed_start[u] .. [u + 1]) */
} lint_ctx;

/* Whether d lists u among its users: u's entries of the index that fx_graph_lint builds (a node is in few lists). */
static bool listed_user(const lint_ctx *c, uint32_t d, uint32_t u) {
  for (uint32_t i = c->listed_start[u]; i < c->listed_start[u + 1]; i++)
    if (c->listed[i] == d) return true;
  return false;
}

static fx_loc node_loc(const fx_node *n) { return n->loc; }

#define LINT_ERR(c, n, ...)                                                  \
  do {                                                                       \
    (c)->problems++;                                                         \
    fx_diag_error((c)->d, (n)->loc.line ? (c)->g->src : NULL, node_loc(n), __VA_ARGS__); \
  } while (0)

static void lint_ref_cb(void *ctx, fx_value *ref) {
  lint_ctx *c = ctx;
  const fx_graph *g = c->g;
  const fx_node *u = &g->nodes[c->user];
  uint32_t d = ref->v.node;
  if (d >= g->nnodes) {
    LINT_ERR(c, u, "lint: node '%.*s' refers to a node that does not exist ('%.*s')", (int)u->name.n, u->name.p,
             (int)ref->n, ref->u.text);
    return;
  }
  const fx_node *dn = &g->nodes[d];
  if (dn->erased || c->pos[d] == FX_NONE_IDX) {
    LINT_ERR(c, u, "lint: node '%.*s' uses '%.*s', which is not in the graph", (int)u->name.n, u->name.p,
             (int)dn->name.n, dn->name.p);
    return;
  }
  if (c->pos[d] >= c->pos[c->user]) {
    LINT_ERR(c, u, "lint: node '%.*s' uses '%.*s' before its definition", (int)u->name.n, u->name.p, (int)dn->name.n,
             dn->name.p);
  }
  if (c->seen_by[d] == c->user) return;
  c->seen_by[d] = c->user;
  c->uses[d]++;
  if (!listed_user(c, d, c->user))
    LINT_ERR(c, u, "lint: node '%.*s' uses '%.*s' but is missing from its users", (int)u->name.n, u->name.p,
             (int)dn->name.n, dn->name.p);
}

uint32_t fx_graph_lint(const fx_graph *g, fx_diag *d) {
  lint_ctx c = {g, d, NULL, 0, NULL, NULL, 0, NULL, NULL};
  uint32_t *pos = fx_xmalloc(((size_t)g->nnodes + 1) * sizeof *pos);
  c.seen_by = fx_xmalloc(((size_t)g->nnodes + 1) * sizeof *c.seen_by);
  c.uses = fx_xcalloc((size_t)g->nnodes + 1, sizeof *c.uses);
  for (uint32_t i = 0; i < g->nnodes; i++) pos[i] = c.seen_by[i] = FX_NONE_IDX;
  c.pos = pos;
  /* The list: well linked, only live nodes, each once. */
  uint32_t count = 0, prev = FX_NONE_IDX, outputs = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    if (i >= g->nnodes || pos[i] != FX_NONE_IDX || count > g->nnodes) {
      c.problems++;
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "lint: the node list is not well formed (a cycle or a bad index)");
      goto done;
    }
    pos[i] = count++;
    if (n->prev != prev) LINT_ERR(&c, n, "lint: node '%.*s' has a wrong back link", (int)n->name.n, n->name.p);
    if (n->erased) LINT_ERR(&c, n, "lint: erased node '%.*s' is still in the list", (int)n->name.n, n->name.p);
    if (n->opcode >= FX_NUM_OPCODES) LINT_ERR(&c, n, "lint: node '%.*s' has a bad opcode", (int)n->name.n, n->name.p);
    if (n->opcode == FX_OUTPUT) outputs++;
    if (fx_graph_find(g, n->name) != i)
      LINT_ERR(&c, n, "lint: node name '%.*s' is not unique", (int)n->name.n, n->name.p);
    if (n->args.kind != FX_V_TUPLE) LINT_ERR(&c, n, "lint: node '%.*s' has args that are not a tuple", (int)n->name.n, n->name.p);
    if (n->kwargs.kind != FX_V_DICT)
      LINT_ERR(&c, n, "lint: node '%.*s' has kwargs that are not a dict", (int)n->name.n, n->name.p);
    if (n->opcode != FX_OUTPUT && n->opcode != FX_GET_ATTR && !n->target.n)
      LINT_ERR(&c, n, "lint: node '%.*s' has an empty target", (int)n->name.n, n->name.p);
    prev = i;
  }
  if (prev != g->last || count != g->nlive) {
    c.problems++;
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "lint: the node list ends or counts wrongly (%u listed, %u live)",
                  count, g->nlive);
  }
  if (outputs != 1) {
    c.problems++;
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "lint: the graph has %u output nodes; it needs exactly one", outputs);
  }
  /* the user lists inverted: for each node, the nodes whose lists name it */
  uint32_t *start = fx_xcalloc((size_t)g->nnodes + 2, sizeof *start), total = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
    for (uint32_t k = 0; k < g->nodes[i].nusers; k++)
      if (g->nodes[i].users[k] < g->nnodes) start[g->nodes[i].users[k] + 1]++, total++;
  for (uint32_t i = 0; i < g->nnodes; i++) start[i + 1] += start[i];
  uint32_t *listed = fx_xmalloc(((size_t)total + 1) * sizeof *listed), *fill = fx_xmalloc(((size_t)g->nnodes + 1) * sizeof *fill);
  memcpy(fill, start, (size_t)g->nnodes * sizeof *fill);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
    for (uint32_t k = 0; k < g->nodes[i].nusers; k++)
      if (g->nodes[i].users[k] < g->nnodes) listed[fill[g->nodes[i].users[k]]++] = i;
  fx_xfree(fill);
  c.listed_start = start;
  c.listed = listed;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    c.user = i;
    fx_value_visit_refs((fx_value *)&g->nodes[i].args, lint_ref_cb, &c);
    fx_value_visit_refs((fx_value *)&g->nodes[i].kwargs, lint_ref_cb, &c);
  }
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    if (n->nusers != c.uses[i])
      LINT_ERR(&c, n, "lint: node '%.*s' lists %u users but %u nodes use it", (int)n->name.n, n->name.p, n->nusers,
               c.uses[i]);
  }
  fx_xfree(start);
  fx_xfree(listed);
done:
  fx_xfree(pos);
  fx_xfree(c.seen_by);
  fx_xfree(c.uses);
  return c.problems;
}
