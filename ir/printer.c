/* printer.c: the graph as print(gm.graph) prints it (torch/fx/node.py format_node, graph.py __str__), and dot.
 *
 *   graph():
 *       %x : [#users=1] = placeholder[target=x]
 *       %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
 *       return add
 */
#include "graph.h"

#include <string.h>

static void put_str(fx_buf *b, fx_str s) { fx_buf_put(b, s.p, s.n); }

/* A string that torch would print bare and that reads back as one word. */
static bool is_bare_word(fx_str s) {
  if (!s.n) return false;
  for (uint32_t i = 0; i < s.n; i++) {
    char c = s.p[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (i > 0 && ((c >= '0' && c <= '9') || c == '.'));
    if (!ok) return false;
  }
  static const char *const literal_words[] = {"None", "True", "False", "inf", "nan", "Ellipsis", "graph", "return"};
  for (size_t i = 0; i < sizeof literal_words / sizeof *literal_words; i++)
    if (fx_str_eqz(s, literal_words[i])) return false;
  return s.p[s.n - 1] != '.';
}

/* str() of a string literal: its contents where they read back as a bare word, else the quoted literal. */
static void put_str_as_str(const fx_value *v, fx_buf *b) {
  fx_buf content = {0};
  fx_value_str_decode(v, &content);
  if (is_bare_word(fx_str_make(content.p, content.n))) fx_buf_put(b, content.p, content.n);
  else fx_buf_put(b, v->u.text, v->n);
  fx_buf_free(&content);
}

static void put_node_name(const fx_graph *g, const fx_value *v, fx_buf *b) {
  if (v->v.node < g->nnodes) put_str(b, g->nodes[v->v.node].name);
  else fx_buf_put(b, v->u.text, v->n);
}

void fx_format_value(const fx_graph *g, const fx_value *v, bool repr_mode, fx_buf *b) {
  switch ((fx_vkind)v->kind) {
  case FX_V_NODE:
    if (!repr_mode) fx_buf_putc(b, '%');
    put_node_name(g, v, b);
    return;
  case FX_V_TENSOR:
    fx_buf_printf(b, "%%t%u", v->v.node);
    return;
  case FX_V_STR:
    if (repr_mode) fx_buf_put(b, v->u.text, v->n);
    else put_str_as_str(v, b);
    return;
  case FX_V_TUPLE:
  case FX_V_LIST: {
    bool tuple = v->kind == FX_V_TUPLE;
    fx_buf_putc(b, tuple ? '(' : '[');
    for (uint32_t i = 0; i < v->n; i++) {
      if (i) fx_buf_puts(b, ", ");
      fx_format_value(g, &v->u.items[i], repr_mode, b);
    }
    if (tuple && v->n == 1) fx_buf_putc(b, ',');
    fx_buf_putc(b, tuple ? ')' : ']');
    return;
  }
  case FX_V_DICT:
    fx_buf_putc(b, '{');
    for (uint32_t i = 0; i + 1 < v->n; i += 2) {
      if (i) fx_buf_puts(b, ", ");
      /* FX writes keys with str(); a repr() of a dict quotes string keys. */
      const fx_value *k = &v->u.items[i];
      if (k->kind == FX_V_STR && !repr_mode) put_str_as_str(k, b);
      else fx_format_value(g, k, repr_mode, b);
      fx_buf_puts(b, ": ");
      fx_format_value(g, &v->u.items[i + 1], repr_mode, b);
    }
    fx_buf_putc(b, '}');
    return;
  case FX_V_CALL: /* str(slice(...)) is its repr: the arguments in repr form; node references (which torch never
                     prints inside a call, but fx2c.pointwise expressions hold) keep their '%' so the text reads back */
    if (v->n) fx_format_value(g, &v->u.items[0], true, b);
    fx_buf_putc(b, '(');
    for (uint32_t i = 1; i < v->n; i++) {
      if (i > 1) fx_buf_puts(b, ", ");
      fx_format_value(g, &v->u.items[i], v->u.items[i].kind != FX_V_NODE, b);
    }
    fx_buf_putc(b, ')');
    return;
  case FX_V_KWARG:
    if (v->n == 2) {
      fx_format_value(g, &v->u.items[0], true, b);
      fx_buf_putc(b, '=');
      fx_format_value(g, &v->u.items[1], true, b);
    }
    return;
  default: /* None, booleans, numbers, words and Ellipsis keep their spelling */
    fx_buf_put(b, v->u.text, v->n);
    return;
  }
}

/* str(x) for a placeholder default or the returned value: a string prints bare, anything else as its repr. */
static void format_str_of(const fx_graph *g, const fx_value *v, fx_buf *b) {
  if (v->kind == FX_V_STR) put_str_as_str(v, b);
  else fx_format_value(g, v, true, b);
}

void fx_format_node(const fx_graph *g, uint32_t idx, fx_buf *b) {
  const fx_node *n = &g->nodes[idx];
  if (n->opcode == FX_OUTPUT) {
    fx_buf_puts(b, "return ");
    if (n->args.n) format_str_of(g, &n->args.u.items[0], b);
    else fx_buf_puts(b, "None");
    return;
  }
  fx_buf_putc(b, '%');
  put_str(b, n->name);
  fx_buf_puts(b, " : ");
  if (n->type.n) {
    put_str(b, n->type);
    fx_buf_putc(b, ' ');
  }
  fx_buf_printf(b, "[%s=%u] = %s[target=", g->num_users_spelling ? "num_users" : "#users", n->nusers,
                fx_opcode_names[n->opcode]);
  put_str(b, n->target);
  fx_buf_putc(b, ']');
  if (n->opcode == FX_PLACEHOLDER) {
    if (n->args.n) {
      fx_buf_puts(b, "(default=");
      format_str_of(g, &n->args.u.items[0], b);
      fx_buf_putc(b, ')');
    }
  } else if (n->opcode != FX_GET_ATTR) {
    fx_buf_puts(b, "(args = ");
    fx_format_value(g, &n->args, false, b);
    fx_buf_puts(b, ", kwargs = ");
    fx_format_value(g, &n->kwargs, false, b);
    fx_buf_putc(b, ')');
  }
}

void fx_format_graph(const fx_graph *g, fx_buf *b) {
  fx_buf_puts(b, "graph():");
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    fx_buf_puts(b, "\n    ");
    fx_format_node(g, i, b);
  }
  fx_buf_putc(b, '\n');
}

void fx_print_graph(const fx_graph *g, FILE *out) {
  /* Written a node at a time so that printing a large graph needs no buffer of the whole text. */
  fx_buf b = {0};
  fputs("graph():", out);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    b.n = 0;
    fx_buf_puts(&b, "\n    ");
    fx_format_node(g, i, &b);
    fwrite(b.p, 1, b.n, out);
  }
  fputc('\n', out);
  fx_buf_free(&b);
}

/* ---- Graphviz ---- */

static void dot_escaped(FILE *out, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)p[i];
    if (c == '"' || c == '\\') fputc('\\', out);
    if (c == '\n') fputs("\\n", out);
    else if (c >= 0x20 && c < 0x7f) fputc(c, out);
    else fprintf(out, "\\\\x%02x", c);
  }
}

typedef struct {
  const fx_graph *g;
  FILE *out;
  uint32_t user;
  uint32_t *seen_by;
} dot_ctx;

static void dot_edge_cb(void *ctx, fx_value *ref) {
  dot_ctx *c = ctx;
  uint32_t d = ref->v.node;
  if (d >= c->g->nnodes || c->seen_by[d] == c->user) return;
  c->seen_by[d] = c->user;
  fprintf(c->out, "  n%u -> n%u;\n", d, c->user);
}

void fx_print_dot(const fx_graph *g, FILE *out) {
  static const char *const shapes[FX_NUM_OPCODES] = {"ellipse", "cylinder", "box", "box3d", "box", "doubleoctagon"};
  fputs("digraph fx_graph {\n  rankdir=TB;\n  node [fontname=\"monospace\", fontsize=10];\n", out);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    fprintf(out, "  n%u [shape=%s, label=\"", i, shapes[n->opcode]);
    dot_escaped(out, n->name.p, n->name.n);
    fputs("\\n", out);
    fputs(fx_opcode_names[n->opcode], out);
    if (n->opcode != FX_OUTPUT && n->opcode != FX_PLACEHOLDER) {
      fputs("\\n", out);
      dot_escaped(out, n->target.p, n->target.n);
    }
    fputs("\"];\n", out);
  }
  dot_ctx c = {g, out, 0, fx_xmalloc(((size_t)g->nnodes + 1) * sizeof(uint32_t))};
  for (uint32_t i = 0; i < g->nnodes; i++) c.seen_by[i] = FX_NONE_IDX;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    c.user = i;
    fx_value_visit_refs((fx_value *)&g->nodes[i].args, dot_edge_cb, &c);
    fx_value_visit_refs((fx_value *)&g->nodes[i].kwargs, dot_edge_cb, &c);
  }
  fx_xfree(c.seen_by);
  fputs("}\n", out);
}
