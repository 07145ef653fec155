/* ops.c: the op table and signature binding. */
#include "ops.h"

#include "../runtime/fxrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  const char *sig;
  int nout;
  unsigned flags;
} op_info;

static const op_info ops[FX_NUM_OPS] = {
#define FX_OP(id, name, sig, nout, flags, rule) {name, sig, nout, flags},
#include "ops.def"
#undef FX_OP
};

/* One entry per op, so that the enum and the table cannot drift apart. */
typedef char fx_op_table_matches_enum[sizeof ops / sizeof ops[0] == FX_NUM_OPS ? 1 : -1];

const char *fx_op_name(fx_op op) { return (unsigned)op < FX_NUM_OPS ? ops[op].name : "?"; }
unsigned fx_op_flags(fx_op op) { return (unsigned)op < FX_NUM_OPS ? ops[op].flags : 0; }
int fx_op_outputs(fx_op op) { return (unsigned)op < FX_NUM_OPS ? ops[op].nout : 1; }

/* ---- signatures ---- */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

static fx_str trim(const char *p, const char *e) {
  while (p < e && is_space(*p)) p++;
  while (e > p && is_space(e[-1])) e--;
  return fx_str_make(p, (size_t)(e - p));
}

/* A default value: a Python literal, parsed without allocating (its text points into the signature). */
static bool parse_default(fx_str t, fx_value *v) {
  memset(v, 0, sizeof *v);
  v->u.text = t.p;
  v->n = t.n;
  if (!t.n) return false;
  if (fx_str_eqz(t, "None")) v->kind = FX_V_NONE;
  else if (fx_str_eqz(t, "True") || fx_str_eqz(t, "False")) {
    v->kind = FX_V_BOOL;
    v->v.i = t.p[0] == 'T';
  } else if (fx_str_eqz(t, "()") || fx_str_eqz(t, "[]")) {
    v->kind = t.p[0] == '(' ? FX_V_TUPLE : FX_V_LIST;
    v->n = 0;
    v->u.items = NULL;
  } else if (t.p[0] == '\'' || t.p[0] == '"') {
    v->kind = FX_V_STR;
  } else if ((t.p[0] >= '0' && t.p[0] <= '9') || t.p[0] == '-' || t.p[0] == '.') {
    char buf[40];
    if (t.n >= sizeof buf) return false;
    memcpy(buf, t.p, t.n);
    buf[t.n] = 0;
    char *end;
    bool is_float = strpbrk(buf, ".eE") != NULL;
    if (is_float) {
      v->kind = FX_V_FLOAT;
      v->v.f = strtod(buf, &end);
    } else {
      v->kind = FX_V_INT;
      v->v.i = strtoll(buf, &end, 10);
    }
    if (*end) return false;
  } else {
    v->kind = FX_V_WORD;
  }
  return true;
}

bool fx_sig_parse(const char *text, fx_sig *out) {
  memset(out, 0, sizeof *out);
  bool kwonly = false;
  const char *p = text;
  while (*p) {
    const char *e = p;
    int depth = 0;
    while (*e && !(depth == 0 && *e == ',')) {
      if (*e == '(' || *e == '[') depth++;
      if (*e == ')' || *e == ']') depth--;
      e++;
    }
    fx_str item = trim(p, e);
    p = *e ? e + 1 : e;
    if (fx_str_eqz(item, "*")) {
      kwonly = true;
      continue;
    }
    if (out->n == FX_SIG_MAX) return false;
    fx_sig_param *prm = &out->params[out->n++];
    prm->kwonly = kwonly;
    if (item.n && item.p[0] == '*') {
      prm->varargs = true;
      item = fx_str_make(item.p + 1, item.n - 1);
      kwonly = true;
    }
    const char *eq = memchr(item.p, '=', item.n);
    if (eq) {
      prm->name = trim(item.p, eq);
      if (!parse_default(trim(eq + 1, item.p + item.n), &prm->dflt)) return false;
    } else {
      prm->name = item;
      prm->required = !prm->varargs;
    }
    if (!prm->name.n) return false;
  }
  return true;
}

const fx_sig *fx_op_sig(fx_op op) {
  /* Parsed on first use; parsing allocates nothing, so the cache needs no freeing. */
  static fx_sig sigs[FX_NUM_OPS];
  static bool parsed[FX_NUM_OPS];
  if ((unsigned)op >= FX_NUM_OPS) return NULL;
  if (!parsed[op]) {
    if (!fx_sig_parse(ops[op].sig, &sigs[op])) return NULL;
    parsed[op] = true;
  }
  return &sigs[op];
}

int fx_sig_find(const fx_sig *s, const char *name) {
  for (int i = 0; i < s->n; i++)
    if (fx_str_eqz(s->params[i].name, name)) return i;
  if (strcmp(name, "self") == 0 && s->n > 0) return 0;
  return -1;
}

static int find_str(const fx_sig *s, fx_str name) {
  char buf[64];
  if (name.n >= sizeof buf) return -1;
  memcpy(buf, name.p, name.n);
  buf[name.n] = 0;
  return fx_sig_find(s, buf);
}

/* A keyword's name: a bare word (how FX prints kwargs) or a quoted string (how a table prints them). */
static fx_str key_name(const fx_value *k, char *buf, size_t cap) {
  if (k->kind == FX_V_STR && k->n >= 2 && k->n - 2 < cap) {
    memcpy(buf, k->u.text + 1, k->n - 2);
    return fx_str_make(buf, k->n - 2);
  }
  return fx_str_make(k->u.text, k->n);
}

bool fx_sig_bind(const fx_sig *sig, const fx_value *args, const fx_value *kwargs, fx_arena *a, fx_value *slots,
                 bool *present, fx_bind_error *err) {
  bool given[FX_SIG_MAX] = {false};
  uint32_t nargs = args ? args->n : 0;
  int pi = 0;
  for (uint32_t i = 0; i < nargs; i++) {
    while (pi < sig->n && sig->params[pi].kwonly && !sig->params[pi].varargs) pi++;
    if (pi >= sig->n) {
      snprintf(err->msg, sizeof err->msg, "takes %u positional arguments but %u were given", i, nargs);
      err->at = &args->u.items[i];
      return false;
    }
    const fx_sig_param *prm = &sig->params[pi];
    if (prm->varargs) {
      uint32_t rest = nargs - i;
      const fx_value *first = &args->u.items[i];
      if (rest == 1 && (first->kind == FX_V_TUPLE || first->kind == FX_V_LIST)) slots[pi] = *first;
      else slots[pi] = fx_value_container_in(a, FX_V_TUPLE, first, rest);
      given[pi++] = true;
      break;
    }
    slots[pi] = args->u.items[i];
    given[pi++] = true;
  }
  for (uint32_t i = 0; kwargs && i + 1 < kwargs->n; i += 2) {
    char buf[64];
    fx_str name = key_name(&kwargs->u.items[i], buf, sizeof buf);
    int k = find_str(sig, name);
    if (k < 0) {
      snprintf(err->msg, sizeof err->msg, "got an unexpected keyword argument '%.*s'", (int)name.n, name.p);
      err->at = &kwargs->u.items[i];
      return false;
    }
    if (given[k]) {
      snprintf(err->msg, sizeof err->msg, "got multiple values for argument '%.*s'", (int)name.n, name.p);
      err->at = &kwargs->u.items[i];
      return false;
    }
    slots[k] = kwargs->u.items[i + 1];
    given[k] = true;
  }
  for (int k = 0; k < sig->n; k++) {
    if (given[k]) continue;
    if (sig->params[k].required) {
      snprintf(err->msg, sizeof err->msg, "missing required argument '%.*s'", (int)sig->params[k].name.n,
               sig->params[k].name.p);
      err->at = NULL;
      return false;
    }
    if (sig->params[k].varargs) slots[k] = fx_value_container_in(a, FX_V_TUPLE, NULL, 0);
    else slots[k] = sig->params[k].dflt;
  }
  if (present)
    for (int k = 0; k < sig->n; k++) present[k] = given[k];
  return true;
}

const char *const fx_epilogue_acts[] = {
#define NAME(id, name) #name,
    FXRT_ACTS(NAME)
#undef NAME
    NULL};

int fx_epilogue_act(const fx_value *v) {
  for (int i = 0; fx_epilogue_acts[i]; i++)
    if (fx_value_str_is(v, fx_epilogue_acts[i])) return i; /* 'relu' as built, relu as FX prints and reads it */
  return -1;
}
