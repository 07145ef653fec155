/* parse.c: from a source file to a checked graph. The grammar is in parser.y, the tokens in lexer.l. */
#include "parse_ctx.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Text is read sequentially, so a pipe (standard input, `<(...)`) works; a directory or a device is refused by name,
 * and no source grows past FX_SOURCE_MAX_BYTES (a FIFO or standard input that never ends). */
bool fx_source_load(fx_source *src, const char *path, fx_diag *d) {
  memset(src, 0, sizeof *src);
  src->path = path;
  bool from_stdin = strcmp(path, "-") == 0;
  int fd = from_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot read '%s': %s", path, strerror(errno));
    return false;
  }
  struct stat sb;
  const char *kind = NULL;
  if (fstat(fd, &sb) != 0) kind = strerror(errno);
  else if (S_ISDIR(sb.st_mode)) kind = "it is a directory";
  else if (!from_stdin && (S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode))) kind = "it is a device, not a file";
  if (kind) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot read '%s': %s", path, kind);
    if (!from_stdin) close(fd);
    return false;
  }
  size_t cap = S_ISREG(sb.st_mode) && (uint64_t)sb.st_size <= FX_SOURCE_MAX_BYTES ? (size_t)sb.st_size + 3 : 1 << 16;
  if (cap < 1 << 12) cap = 1 << 12;
  size_t n = 0;
  char *text = NULL;
  bool ok = !(S_ISREG(sb.st_mode) && (uint64_t)sb.st_size > FX_SOURCE_MAX_BYTES);
  if (ok) text = fx_xmalloc(cap);
  while (ok) {
    if (n + 2 >= cap) { /* room for one byte past the limit, to know that there is one */
      if (cap >= FX_SOURCE_MAX_BYTES + 3) {
        ok = false;
        break;
      }
      cap = cap > (FX_SOURCE_MAX_BYTES + 3) / 2 ? FX_SOURCE_MAX_BYTES + 3 : cap * 2;
      text = fx_xrealloc(text, cap);
    }
    ssize_t got = read(fd, text + n, cap - n - 2);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot read '%s': %s", path, strerror(errno));
      fx_xfree(text);
      if (!from_stdin) close(fd);
      return false;
    }
    if (got == 0) break;
    n += (size_t)got;
  }
  if (!from_stdin) close(fd);
  if (!ok || n > FX_SOURCE_MAX_BYTES) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot read '%s': it is larger than %u MiB, the most fx2c reads of a "
                  "graph or modules file", path, (unsigned)(FX_SOURCE_MAX_BYTES >> 20));
    fx_xfree(text);
    return false;
  }
  text[n] = text[n + 1] = 0;
  src->text = text;
  src->len = n;
  return true;
}

void fx_source_from_text(fx_source *src, const char *path, const char *text, size_t len) {
  char *copy = fx_xmalloc(len + 2);
  memcpy(copy, text, len);
  copy[len] = copy[len + 1] = 0;
  src->path = path;
  src->text = copy;
  src->len = len;
}

void fx_source_free(fx_source *src) {
  fx_xfree((char *)src->text);
  src->text = NULL;
  src->len = 0;
}

fx_loc fx_parser_loc(const FXLTYPE *l) {
  return (fx_loc){(uint32_t)l->first_line, (uint32_t)l->first_column, l->off, l->end > l->off ? l->end - l->off : 1};
}

void fx_parser_error_at(fx_parser *P, const FXLTYPE *loc, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fx_diag_error(P->d, P->src, fx_parser_loc(loc), "%s", msg);
}

static const char *const builtin_functions[] = {"getattr", "len", "isinstance", "hasattr", "max", "min",   "abs",
                                                "round",   "sum", "print",      "range",   "int", "float", "bool"};

fx_tok fx_parser_map_target(fx_graph *g, fx_tok t) {
  fx_str s = fx_str_make(t.p, t.n), name = {"", 0};
  const char *prefix = "";
  if (fx_str_starts_with(s, "<built-in function ")) {
    name = fx_str_make(s.p + 19, s.n - 19 - (s.n > 19 && s.p[s.n - 1] == '>'));
    prefix = "operator.";
    for (size_t i = 0; i < sizeof builtin_functions / sizeof *builtin_functions; i++)
      if (fx_str_eqz(name, builtin_functions[i])) prefix = "builtins.";
  } else if (fx_str_starts_with(s, "<built-in method ")) {
    const char *p = s.p + 17, *e = p;
    while (e < s.p + s.n && *e != ' ') e++;
    name = fx_str_make(p, (size_t)(e - p));
    /* torch._C._nn functions print as methods of a PyCapsule; torch.* ones of a type object */
    prefix = memmem(s.p, s.n, "PyCapsule", 9) ? "torch._C._nn." : "torch.";
  } else if (fx_str_starts_with(s, "aten.")) {
    name = s;
    prefix = "torch.ops.";
  } else {
    return t;
  }
  fx_str r = fx_arena_printf(&g->arena, "%s%.*s", prefix, (int)name.n, name.p);
  return (fx_tok){r.p, r.n};
}

uint32_t fx_parser_add_node(fx_parser *P, fx_opcode op, fx_tok name, fx_tok target, fx_tok type, fx_value args,
                            fx_value kwargs, const FXLTYPE *loc, int32_t declared_users) {
  fx_str sname = fx_str_make(name.p, name.n);
  uint32_t prev = fx_graph_find(P->g, sname);
  if (prev != FX_NONE_IDX) {
    fx_parser_error_at(P, loc, "duplicate node name '%.*s'", (int)name.n, name.p);
    if (P->g->nodes[prev].loc.line)
      fx_diag_note(P->d, P->src, P->g->nodes[prev].loc, "'%.*s' was first defined here", (int)name.n, name.p);
    return FX_NONE_IDX;
  }
  fx_node n;
  memset(&n, 0, sizeof n);
  n.name = sname;
  n.target = fx_str_make(target.p, target.n);
  n.type = fx_str_make(type.p, type.n);
  n.args = args;
  n.kwargs = kwargs;
  n.opcode = (uint8_t)op;
  n.declared_users = declared_users;
  n.loc = fx_parser_loc(loc);
  n.prev = n.next = FX_NONE_IDX;
  return fx_graph_append_node(P->g, &n);
}

void fx_parser_note_definition(fx_parser *P, fx_tok name) {
  if (P->ndefs == P->capdefs) {
    P->capdefs = P->capdefs ? P->capdefs * 2 : 256;
    P->defs = fx_xrealloc(P->defs, P->capdefs * sizeof *P->defs);
  }
  P->defs[P->ndefs++] = name;
}

bool fx_parser_was_defined(const fx_parser *P, fx_str name) {
  for (uint32_t i = 0; i < P->ndefs; i++)
    if (fx_str_eq(fx_str_make(P->defs[i].p, P->defs[i].n), name)) return true;
  return false;
}

/* torch.float32, torch.contiguous_format */
static bool is_dotted_name(const char *p, uint32_t n) {
  uint32_t start = 0;
  for (uint32_t i = 0; i <= n; i++)
    if (i == n || p[i] == '.') {
      if (!fx_str_is_identifier(fx_str_make(p + start, i - start))) return false;
      start = i + 1;
    }
  return true;
}

static fx_loc value_loc(const fx_parser *P, const fx_value *v, const FXLTYPE *fallback) {
  /* Leaves point into the scanned text; in a table cell that is a copy, so fall back to the cell's place. */
  const char *t = v->u.text;
  if (P->base == P->src->text && t >= P->src->text && t <= P->src->text + P->src->len) {
    uint32_t off = (uint32_t)(t - P->src->text);
    if (v->kind == FX_V_NODE && off > 0 && t[-1] == '%') off--;
    return fx_loc_at(P->src, off, v->n + (v->kind == FX_V_NODE));
  }
  return fx_parser_loc(fallback);
}

void fx_parser_resolve_words(fx_parser *P, fx_value *v, const FXLTYPE *loc, bool must_resolve) {
  if (fx_value_is_container(v)) {
    /* A dict's keys stay what they are. */
    uint32_t step = v->kind == FX_V_DICT ? 2 : 1, first = v->kind == FX_V_DICT || v->kind == FX_V_KWARG || v->kind == FX_V_CALL;
    for (uint32_t i = first; i < v->n; i += step) fx_parser_resolve_words(P, &v->u.items[i], loc, must_resolve);
    return;
  }
  if (v->kind != FX_V_WORD) return;
  fx_str name = fx_str_make(v->u.text, v->n);
  if (!fx_str_is_identifier(fx_str_make(v->u.text, v->n))) {
    /* `return` prints repr(): strings are quoted there, so a bare word is a node or a dotted constant */
    if (must_resolve && !is_dotted_name(v->u.text, v->n))
      fx_diag_error(P->d, P->src, value_loc(P, v, loc), "'return' refers to '%.*s', which is not a node name",
                    (int)name.n, name.p);
    return;
  }
  uint32_t idx = fx_graph_find(P->g, name);
  if (idx != FX_NONE_IDX) {
    v->kind = FX_V_NODE;
    v->v.node = idx;
  } else if (must_resolve && !fx_parser_was_defined(P, name)) {
    fx_diag_error(P->d, P->src, value_loc(P, v, loc), "'return' refers to '%.*s', which is not a node of the graph",
                  (int)name.n, name.p);
  }
}

void fx_parser_resolve_slice_words(fx_parser *P, fx_value *v, const FXLTYPE *loc) {
  if (!fx_value_is_container(v)) return;
  if (v->kind == FX_V_CALL && v->n && v->u.items[0].kind == FX_V_WORD &&
      fx_str_eqz(fx_str_make(v->u.items[0].u.text, v->u.items[0].n), "slice")) {
    fx_parser_resolve_words(P, v, loc, false);
    return;
  }
  for (uint32_t i = 0; i < v->n; i++) fx_parser_resolve_slice_words(P, &v->u.items[i], loc);
}

/* Node references that were not defined when they were read: defined later, or never. */
typedef struct {
  fx_parser *P;
  const uint32_t *pos;
  uint32_t user;
} check_ctx;

static void check_ref_cb(void *ctx, fx_value *ref) {
  check_ctx *c = ctx;
  fx_parser *P = c->P;
  const fx_node *u = &P->g->nodes[c->user];
  FXLTYPE fallback = {(int)u->loc.line, (int)u->loc.col, (int)u->loc.line, (int)u->loc.col, u->loc.off,
                      u->loc.off + u->loc.len};
  uint32_t d = ref->v.node;
  if (d != FX_NONE_IDX && c->pos[d] < c->pos[c->user]) return;
  fx_str name = fx_str_make(ref->u.text, ref->n);
  if (d == FX_NONE_IDX) d = fx_graph_find(P->g, name);
  if (d == FX_NONE_IDX) {
    if (fx_parser_was_defined(P, name)) return; /* its definition has been reported already */
    fx_diag_error(P->d, P->src, value_loc(P, ref, &fallback), "'%%%.*s' is not defined", (int)name.n, name.p);
  } else if (d == c->user) {
    fx_diag_error(P->d, P->src, value_loc(P, ref, &fallback), "node '%.*s' uses itself", (int)name.n, name.p);
  } else {
    fx_diag_error(P->d, P->src, value_loc(P, ref, &fallback), "'%%%.*s' is used before it is defined", (int)name.n,
                  name.p);
    fx_diag_note(P->d, P->src, P->g->nodes[d].loc, "'%.*s' is defined here", (int)name.n, name.p);
  }
  ref->v.node = d;
}

static void check_refs(fx_parser *P) {
  fx_graph *g = P->g;
  uint32_t *pos = fx_xmalloc(((size_t)g->nnodes + 1) * sizeof *pos);
  uint32_t k = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) pos[i] = k++;
  check_ctx c = {P, pos, 0};
  for (uint32_t i = g->first; i != FX_NONE_IDX && !fx_diag_full(P->d); i = g->nodes[i].next) {
    c.user = i;
    fx_value_visit_refs(&g->nodes[i].args, check_ref_cb, &c);
    fx_value_visit_refs(&g->nodes[i].kwargs, check_ref_cb, &c);
  }
  fx_xfree(pos);
}

/* A parser of src that reports to d and makes its values in a; the caller sets what it reads and from where. */
static void parser_init(fx_parser *P, const fx_source *src, fx_diag *d, fx_arena *a) {
  memset(P, 0, sizeof *P);
  P->src = src;
  P->d = d;
  P->arena = a;
  P->output = FX_NONE_IDX;
}

bool fx_parse_value(fx_arena *a, const fx_source *src, fx_loc start, uint32_t len, fx_value *out, fx_diag *d) {
  /* Scanned in a copy (the lexer needs two NUL bytes after it) that lives in the arena with the values. */
  char *buf = fx_arena_alloc(a, (size_t)len + 2);
  memcpy(buf, src->text + start.off, len);
  fx_parser P;
  parser_init(&P, src, d, a);
  P.start = FX_START_VALUE;
  P.base_off = start.off;
  P.line = start.line;
  P.bol = start.off - (start.col - 1);
  uint32_t errors = d->nerrors;
  memset(out, 0, sizeof *out);
  fx_parser_run(&P, buf, len);
  *out = P.value_result;
  fx_xfree(P.stk);
  fx_xfree(P.defs);
  return d->nerrors == errors;
}

static bool only_whitespace(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != ' ' && p[i] != '\t' && p[i] != '\n' && p[i] != '\r' && p[i] != '\f' && p[i] != '\v') return false;
  return true;
}

/* The offset of the first byte that cannot be in graph text (a NUL or a byte that is not UTF-8), or -1. */
static long first_binary_byte(const char *text, size_t len) {
  const unsigned char *p = (const unsigned char *)text;
  for (size_t i = 0; i < len;) {
    /* Plain ASCII without NUL bytes, eight bytes at a time: no byte has its top bit set and none is zero. */
    while (i + 8 <= len) {
      uint64_t w;
      memcpy(&w, p + i, 8);
      if ((w & 0x8080808080808080ull) || ((w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull)) break;
      i += 8;
    }
    if (i >= len) break;
    unsigned char c = p[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (c == 0 || n == 0 || i + n > len) return (long)i;
    for (size_t k = 1; k < n; k++)
      if ((p[i + k] & 0xc0) != 0x80) return (long)i;
    i += n;
  }
  return -1;
}

fx_graph *fx_parse_graph(const fx_source *src, fx_diag *d) {
  uint32_t errors_before = d->nerrors;
  long bin = first_binary_byte(src->text, src->len);
  if (bin >= 0) {
    const char *hint = src->len >= 4 && memcmp(src->text, "PK\3\4", 4) == 0
                           ? " (it is a zip archive: a .pt/.pth file goes to --weights)"
                           : "";
    fx_diag_error(d, src, fx_loc_at(src, (size_t)bin, 1),
                  "binary data (byte 0x%02x) where graph text was expected%s", (unsigned char)src->text[bin], hint);
    return NULL;
  }
  if (only_whitespace(src->text, src->len)) {
    fx_diag_error(d, src, fx_loc_at(src, src->len, 1),
                  "empty input: expected a graph as print(gm.graph) prints it, starting with 'graph():'");
    return NULL;
  }
  /* print(gm.code) or print(gm) pasted for print(gm.graph): Python's `def forward(self, ...):` at a line's start */
  for (const char *p = src->text, *end = src->text + src->len; p && p < end;) {
    if ((size_t)(end - p) > 12 && !memcmp(p, "def forward(", 12)) {
      fx_diag_error(d, src, fx_loc_at(src, (size_t)(p - src->text), 11),
                    "this is Python code (what print(gm.code) or print(gm) prints), not a graph");
      fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                   "fx2c reads the graph: write str(gm.graph) to the file (what print(gm.graph) prints, starting with "
                   "'graph():'), and str(model) to the --modules file");
      return NULL;
    }
    p = memchr(p, '\n', (size_t)(end - p));
    if (p) p++;
  }
  fx_graph *g = fx_graph_new();
  g->src = src;
  /* One node a line, in the usual layout: reserve that many so that the node array is not regrown. */
  size_t lines = 1;
  for (const char *p = src->text; (p = memchr(p, '\n', (size_t)(src->text + src->len - p))); p++) lines++;
  if (lines > src->len / 16 + 8) lines = src->len / 16 + 8;
  fx_graph_reserve(g, (uint32_t)(lines < UINT32_MAX / 2 ? lines + 8 : UINT32_MAX / 2));

  fx_parser P;
  parser_init(&P, src, d, &g->arena);
  P.g = g;
  P.line = 1;
  if (fx_tabular_detect(src->text, src->len)) {
    fx_tabular_parse(&P);
  } else {
    P.start = FX_START_GRAPH;
    P.base_off = 0;
    fx_parser_run(&P, (char *)src->text, src->len);
  }
  check_refs(&P);
  fx_xfree(P.stk);
  fx_xfree(P.defs);

  if (d->nerrors == errors_before && P.output == FX_NONE_IDX)
    fx_diag_error(d, src, fx_loc_at(src, src->len, 1), "the graph has no output: expected 'return ...' at the end");
  if (d->nerrors != errors_before) {
    fx_graph_free(g);
    return NULL;
  }
  fx_graph_rebuild_users(g);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    if (n->declared_users >= 0 && (uint32_t)n->declared_users != n->nusers)
      fx_diag_warning(d, src, n->loc, "node '%.*s' says it has %d users, but %u nodes use it", (int)n->name.n,
                      n->name.p, n->declared_users, n->nusers);
  }
  return g;
}
