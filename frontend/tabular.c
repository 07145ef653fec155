/* tabular.c: reading what gm.graph.print_tabular() prints (best effort).
 *
 *   opcode         name           target                                                   args        kwargs
 *   -------------  -------------  -------------------------------------------------------  ----------  -----------
 *   placeholder    x              x                                                        ()          {}
 *   call_function  sum_1          <built-in method sum of type object at 0x7f0f55399aa0>  (relu,)     {'dim': -1}
 *   output         output         output                                                   (sum_1,)    {}
 *
 * The dashed line gives the columns. Targets are Python reprs of callables; they are mapped back to the names
 * print(gm.graph) uses: <built-in function add> -> operator.add, <built-in method sum of type object> ->
 * torch.sum, aten.add.Tensor -> torch.ops.aten.add.Tensor; <function relu at 0x..> stays as it is (legalization finds
 * which torch function it is, if it is one).
 * Args and kwargs cells are Python reprs, in which a bare name of an earlier node is a reference to it.
 */
#include "parse_ctx.h"

#include <string.h>

typedef struct {
  const char *p;
  size_t n;
  size_t off; /* offset in the source */
} line_t;

static bool next_line(const char *text, size_t len, size_t *pos, line_t *l) {
  if (*pos >= len) return false;
  size_t s = *pos, e = s;
  while (e < len && text[e] != '\n') e++;
  *pos = e < len ? e + 1 : e;
  size_t t = e;
  while (t > s && (text[t - 1] == '\r' || text[t - 1] == ' ' || text[t - 1] == '\t')) t--;
  *l = (line_t){text + s, t - s, s};
  return true;
}

static bool blank(const line_t *l) { return l->n == 0; }

/* A control character (a carriage return inside a line, ...): no target has one, and print(gm.graph) could not
 * print it back on one line. */
static bool has_control(fx_tok t) {
  for (uint32_t i = 0; i < t.n; i++)
    if ((unsigned char)t.p[i] < 0x20 || t.p[i] == 0x7f) return true;
  return false;
}

static bool is_dash_line(const line_t *l) {
  bool any = false;
  for (size_t i = 0; i < l->n; i++) {
    if (l->p[i] == '-') any = true;
    else if (l->p[i] != ' ') return false;
  }
  return any;
}

bool fx_tabular_detect(const char *text, size_t len) {
  size_t pos = 0;
  line_t l = {NULL, 0, 0};
  while (next_line(text, len, &pos, &l) && blank(&l)) {}
  size_t i = 0;
  while (i < l.n && l.p[i] == ' ') i++;
  if (l.n - i < 6 || memcmp(l.p + i, "opcode", 6) != 0) return false;
  return next_line(text, len, &pos, &l) && is_dash_line(&l);
}

#define MAX_COLS 8

typedef struct {
  size_t start[MAX_COLS];
  int n;
} columns_t;

static columns_t columns_of(const line_t *dash) {
  columns_t c = {{0}, 0};
  for (size_t i = 0; i < dash->n && c.n < MAX_COLS; i++)
    if (dash->p[i] == '-' && (i == 0 || dash->p[i - 1] == ' ')) c.start[c.n++] = i;
  return c;
}

/* The text of column k of line l, trimmed. */
static fx_tok cell(const line_t *l, const columns_t *c, int k, size_t *off) {
  size_t s = c->start[k], e = k + 1 < c->n ? c->start[k + 1] : l->n;
  if (s > l->n) s = l->n;
  if (e > l->n) e = l->n;
  while (s < e && l->p[s] == ' ') s++;
  while (e > s && l->p[e - 1] == ' ') e--;
  *off = l->off + s;
  return (fx_tok){l->p + s, (uint32_t)(e - s)};
}

/* The location of a cell of line l (whose location is *line_loc). */
static FXLTYPE cell_loc(const FXLTYPE *line_loc, const line_t *l, size_t off, fx_tok t) {
  FXLTYPE r = *line_loc;
  r.off = (uint32_t)off;
  r.end = r.off + t.n;
  r.first_column = (int)(off - l->off) + 1;
  return r;
}

/* Parses one cell as a value (its text is copied into the graph's arena). */
static bool parse_cell(fx_parser *P, fx_tok t, size_t off, uint32_t line, fx_value *out) {
  const char *bol = t.p;
  while (bol > P->src->text && bol[-1] != '\n') bol--;
  fx_loc start = {line, (uint32_t)(t.p - bol) + 1, (uint32_t)off, t.n};
  return fx_parse_value(&P->g->arena, P->src, start, t.n, out, P->d);
}

void fx_tabular_parse(fx_parser *P) {
  const char *text = P->src->text;
  size_t len = P->src->len, pos = 0;
  line_t l = {NULL, 0, 0};
  uint32_t lineno = 0;
  while (next_line(text, len, &pos, &l)) {
    lineno++;
    if (!blank(&l)) break;
  }
  next_line(text, len, &pos, &l); /* the dashes */
  lineno++;
  columns_t cols = columns_of(&l);
  if (cols.n < 5) {
    fx_loc loc = fx_loc_at(P->src, l.off, (uint32_t)l.n);
    fx_diag_error(P->d, P->src, loc, "a print_tabular() table needs the columns opcode, name, target, args, kwargs");
    return;
  }
  while (next_line(text, len, &pos, &l) && !fx_diag_full(P->d)) {
    lineno++;
    if (blank(&l)) continue;
    size_t offs[5];
    fx_tok c[5];
    for (int k = 0; k < 5; k++) c[k] = cell(&l, &cols, k, &offs[k]);
    FXLTYPE loc = {(int)lineno, 1, (int)lineno, (int)l.n + 1, (uint32_t)l.off, (uint32_t)(l.off + l.n)};
    int op = fx_opcode_from_str(fx_str_make(c[0].p, c[0].n));
    if (op < 0) {
      FXLTYPE oloc = cell_loc(&loc, &l, offs[0], c[0]);
      fx_parser_error_at(P, &oloc, "unknown opcode '%.*s' in the table", (int)c[0].n, c[0].p);
      continue;
    }
    if (!fx_str_is_identifier(fx_str_make(c[1].p, c[1].n))) {
      FXLTYPE nloc = cell_loc(&loc, &l, offs[1], c[1]);
      fx_parser_error_at(P, &nloc, "'%.*s' is not a node name", (int)c[1].n, c[1].p);
      continue;
    }
    fx_tok target = op == FX_CALL_FUNCTION ? fx_parser_map_target(P->g, c[2]) : c[2];
    bool function = fx_str_starts_with(fx_str_make(target.p, target.n), "<function ") && target.p[target.n - 1] == '>';
    if (has_control(target)) {
      FXLTYPE tloc = cell_loc(&loc, &l, offs[2], c[2]);
      fx_parser_error_at(P, &tloc, "a target with a control character is not a target (a carriage return in a line?)");
      continue;
    }
    if (!target.n || memchr(target.p, ']', target.n) ||
        (!function && (memchr(target.p, ' ', target.n) || memchr(target.p, '\t', target.n)))) {
      FXLTYPE tloc = cell_loc(&loc, &l, offs[2], c[2]);
      fx_parser_error_at(P, &tloc, "'%.*s' is not a target", (int)c[2].n, c[2].p);
      continue;
    }
    fx_value args, kwargs;
    bool ok = parse_cell(P, c[3], offs[3], lineno, &args) && parse_cell(P, c[4], offs[4], lineno, &kwargs);
    if (!ok) continue;
    FXLTYPE aloc = cell_loc(&loc, &l, offs[3], c[3]);
    /* an output row's bare names must be nodes, as in `return` */
    fx_parser_resolve_words(P, &args, &aloc, op == FX_OUTPUT);
    fx_parser_resolve_words(P, &kwargs, &aloc, false);
    if (args.kind != FX_V_TUPLE || kwargs.kind != FX_V_DICT) {
      fx_parser_error_at(P, &aloc, "args must be a tuple and kwargs a dict");
      continue;
    }
    if (op == FX_GET_ATTR) args.n = 0; /* a placeholder's args hold its default; a get_attr has none */
    uint32_t idx = fx_parser_add_node(P, (fx_opcode)op, c[1], target, (fx_tok){"", 0}, args, kwargs, &loc, -1);
    if (op == FX_OUTPUT && idx != FX_NONE_IDX) {
      if (P->output != FX_NONE_IDX) fx_parser_error_at(P, &loc, "a second output; a graph has exactly one");
      else P->output = idx;
    }
  }
}
