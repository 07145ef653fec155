/* graph_names.c: the names torch 2.x gives a model's tensors and layers in a graph, bound to the weights file and
 * the module tree.
 *
 *   torch.export          %p_fc_weight = placeholder[target=p_fc_weight]        the parameter fc.weight
 *                         %b_bn_running_mean = placeholder[...]                  the buffer bn.running_mean
 *                         %c_lifted_tensor_0 = placeholder[...]                  the constant lifted_tensor_0
 *   dynamo (inlined)      %l_self_modules_fc_parameters_weight_ = placeholder[target=L_self_modules_fc_parameters_weight_]
 *   dynamo                call_module[target=L__self___layer1_0_conv1], get_attr[target=L__self___scale]
 *
 * A placeholder that names a tensor of the weights file becomes a get_attr of it (a weight of the program, not an
 * input of the generated code); a target that names a layer or a tensor becomes its path. The names replace '.'
 * (and any other character that is not one of an identifier) by '_', so a name is matched against every path
 * written that way, and must match exactly one.
 *
 * A weights file whose names all start with a part the graph's names lack (module., _orig_mod.) is one error. */
#include <string.h>

#include "program.h"

/* The path with every character that is not [A-Za-z0-9_] written as '_' equals name. */
static bool sanitized_eq(fx_str path, const char *name, size_t n) {
  if (path.n != n) return false;
  for (uint32_t i = 0; i < n; i++) {
    char c = path.p[i];
    bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if ((ident ? c : '_') != name[i]) return false;
  }
  return true;
}

/* The tensor of w whose sanitized name is name[0..n); *count: how many there are. */
static const fx_tensor *find_tensor(const fx_weights *w, const char *name, size_t n, int *count) {
  const fx_tensor *found = NULL;
  *count = 0;
  for (uint32_t i = 0; w && i + w->nmade < w->n; i++)
    if (sanitized_eq(w->tensors[i].name, name, n)) {
      if (!found) found = &w->tensors[i];
      ++*count;
    }
  return found;
}

/* The layer of m whose sanitized path is name[0..n); *count: how many there are. */
static const fx_module *find_module(const fx_modules *m, const char *name, size_t n, int *count) {
  const fx_module *found = NULL;
  *count = 0;
  for (uint32_t i = 1; m && i < m->n; i++)
    if (sanitized_eq(m->items[i].path, name, n)) {
      if (!found) found = &m->items[i];
      ++*count;
    }
  return found;
}

/* The length of "modules_", "parameters_" or "buffers_" at s (before end), or 0; *leaf: one of the last two. */
static size_t part_at(const char *s, const char *end, bool *leaf) {
  static const char *const parts[] = {"modules_", "parameters_", "buffers_"};
  for (int k = 0; k < 3; k++) {
    size_t n = strlen(parts[k]);
    if ((size_t)(end - s) > n && !strncmp(s, parts[k], n)) {
      *leaf = k > 0;
      return n;
    }
  }
  return 0;
}

/* Dynamo's inlined names, L_self_modules_layer1_modules_0_modules_conv1_parameters_weight_, as the dotted path
 * layer1.0.conv1.weight into buf; false if name is not one. */
static bool dynamo_inlined_path(fx_str name, char *buf, size_t cap) {
  if (!fx_str_starts_with(name, "L_self_") || name.n < 8 || name.p[name.n - 1] != '_' || name.n >= cap) return false;
  const char *s = name.p + 7, *end = name.p + name.n - 1;
  size_t len = 0;
  bool leaf = false, next_leaf = false;
  while (s < end) {
    size_t skip = part_at(s, end, &leaf);
    if (!skip) return false;
    s += skip;
    /* a layer's name runs to the next _modules_, _parameters_ or _buffers_; the tensor's name to the end */
    const char *e = s;
    while (e < end && (leaf || !(*e == '_' && part_at(e + 1, end, &next_leaf)))) e++;
    if (e == s) return false;
    if (len) buf[len++] = '.';
    memcpy(buf + len, s, (size_t)(e - s));
    len += (size_t)(e - s);
    s = e < end ? e + 1 : e;
  }
  buf[len] = 0;
  return leaf;
}

static void retarget(fx_graph *g, fx_node *n, fx_opcode op, fx_str target) {
  n->opcode = op;
  n->target = fx_arena_str(&g->arena, target);
  if (op == FX_GET_ATTR) {
    memset(&n->args, 0, sizeof n->args);
    n->args.kind = FX_V_TUPLE;
  }
}

/* A tensor of w named prefix + name, or (call_module) one under the layer prefix + name. */
static bool has_tensor(const fx_weights *w, const fx_node *n, const char *prefix, size_t np) {
  for (uint32_t i = 0; i + w->nmade < w->n; i++) {
    fx_str k = w->tensors[i].name;
    if (k.n < np + n->target.n || memcmp(k.p, prefix, np) || memcmp(k.p + np, n->target.p, n->target.n)) continue;
    if (n->opcode == FX_GET_ATTR ? k.n == np + n->target.n : k.n > np + n->target.n && k.p[np + n->target.n] == '.')
      return true;
  }
  return false;
}

/* The weights of a model saved inside another (DistributedDataParallel's module., torch.compile's _orig_mod.): every
 * name has a first part that the graph's names lack. One error for it, rather than one per missing tensor. */
static bool check_prefix(const fx_graph *g, const fx_weights *w, fx_diag *d) {
  if (!w || w->n == w->nmade) return true;
  fx_str first = w->tensors[0].name;
  const char *dot = memchr(first.p, '.', first.n);
  if (!dot) return true;
  size_t np = (size_t)(dot - first.p) + 1;
  for (uint32_t i = 0; i + w->nmade < w->n; i++)
    if (w->tensors[i].name.n <= np || memcmp(w->tensors[i].name.p, first.p, np)) return true;
  int direct = 0, prefixed = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_node *n = &g->nodes[i];
    if ((n->opcode != FX_GET_ATTR && n->opcode != FX_CALL_MODULE) || !n->target.n) continue;
    direct += has_tensor(w, n, "", 0);
    prefixed += has_tensor(w, n, first.p, np);
  }
  if (direct || !prefixed) return true;
  fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0},
                "%s: every tensor's name starts with '%.*s', which the graph's names do not have (a checkpoint of a "
                "model wrapped by DistributedDataParallel or torch.compile?)",
                w->path, (int)np, first.p);
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
               "pass --strip-prefix %.*s, or save the inner model's state_dict (model.module.state_dict() for "
               "DistributedDataParallel)",
               (int)np, first.p);
  return false;
}

bool fx_graph_bind_names(fx_graph *g, const fx_modules *mods, const fx_weights *w, fx_diag *d) {
  uint32_t errors = d->nerrors;
  char path[512];
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    fx_node *n = &g->nodes[i];
    const fx_source *src = n->loc.line ? g->src : NULL;
    int count = 0;
    if (n->opcode == FX_PLACEHOLDER && w) {
      const fx_tensor *t = NULL;
      if (dynamo_inlined_path(n->target, path, sizeof path)) {
        t = fx_weights_find(w, fx_str_make(path, strlen(path)));
        if (!t) {
          fx_diag_error(d, src, n->loc, "placeholder '%.*s' is the tensor '%s' of the model, which %s does not have",
                        (int)n->target.n, n->target.p, path, w->path);
          fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                       "save the state_dict of the module that torch.compile was given: torch.save(model.state_dict(), "
                       "FILE)");
          continue;
        }
      } else if (n->name.n > 2 && (n->name.p[0] == 'p' || n->name.p[0] == 'b' || n->name.p[0] == 'c') &&
                 n->name.p[1] == '_') {
        t = find_tensor(w, n->name.p + 2, n->name.n - 2, &count);
        if (count > 1) {
          fx_diag_error(d, src, n->loc, "placeholder '%.*s' may be any of %d tensors of %s", (int)n->name.n, n->name.p,
                        count, w->path);
          fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                       "torch.export writes '.' in a tensor's name as '_'; rename the tensors so that one matches");
          continue;
        }
      }
      if (t) retarget(g, n, FX_GET_ATTR, t->name);
    } else if ((n->opcode == FX_CALL_MODULE || n->opcode == FX_GET_ATTR) &&
               (fx_str_starts_with(n->target, "L__self___") || fx_str_starts_with(n->target, "l__self___"))) {
      const char *rest = n->target.p + 10;
      size_t len = n->target.n - 10;
      if (n->opcode == FX_CALL_MODULE && mods) {
        const fx_module *m = find_module(mods, rest, len, &count);
        if (count == 1) retarget(g, n, FX_CALL_MODULE, m->path);
      } else if (n->opcode == FX_GET_ATTR && w) {
        const fx_tensor *t = find_tensor(w, rest, len, &count);
        if (count == 1) retarget(g, n, FX_GET_ATTR, t->name);
      }
      if (count > 1) {
        fx_diag_error(d, src, n->loc, "'%.*s' may be any of %d %s", (int)n->target.n, n->target.p, count,
                      n->opcode == FX_CALL_MODULE ? "layers of the module tree" : "tensors of the weights file");
        fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
                     "dynamo writes '.' in a name as '_'; rename the layers or tensors so that one matches");
      }
    }
  }
  if (d->nerrors == errors) check_prefix(g, w, d);
  return d->nerrors == errors;
}
