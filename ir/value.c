/* value.c: argument trees: constructors, copying, and Python's spelling of floats and strings. */
#include "graph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fx_value leaf(uint8_t kind, fx_str text) {
  fx_value v;
  memset(&v, 0, sizeof v);
  v.kind = kind;
  v.n = text.n;
  v.u.text = text.p;
  return v;
}

fx_value fx_value_none(void) { return leaf(FX_V_NONE, FX_STR_LIT("None")); }

fx_value fx_value_bool(bool b) {
  fx_value v = leaf(FX_V_BOOL, b ? FX_STR_LIT("True") : FX_STR_LIT("False"));
  v.v.i = b;
  return v;
}

fx_value fx_value_int(fx_graph *g, int64_t i) {
  fx_value v = leaf(FX_V_INT, fx_arena_printf(&g->arena, "%lld", (long long)i));
  v.v.i = i;
  return v;
}

/* Python's repr(float): the shortest digits that read back to the same double, in fixed notation when the
 * decimal exponent is in [-4, 16), otherwise as d.ddde+XX; integral values keep a ".0". */
static fx_str float_repr(fx_arena *a, double f) {
  if (isnan(f)) return FX_STR_LIT("nan");
  if (isinf(f)) return f > 0 ? FX_STR_LIT("inf") : FX_STR_LIT("-inf");
  char digits[40];
  int prec;
  for (prec = 1; prec <= 17; prec++) {
    snprintf(digits, sizeof digits, "%.*e", prec - 1, f);
    if (strtod(digits, NULL) == f) break;
  }
  /* digits is [-]d[.ddd]e[+-]XX */
  char mant[24];
  size_t nm = 0;
  const char *p = digits;
  bool neg = *p == '-';
  if (neg) p++;
  for (; *p && *p != 'e'; p++)
    if (*p != '.') mant[nm++] = *p;
  int exp = atoi(p + 1);
  while (nm > 1 && mant[nm - 1] == '0') nm--;
  char out[64];
  size_t k = 0;
  if (neg) out[k++] = '-';
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out[k++] = '0';
      out[k++] = '.';
      for (int i = -1; i > exp; i--) out[k++] = '0';
      for (size_t i = 0; i < nm; i++) out[k++] = mant[i];
    } else {
      for (int i = 0; i <= exp; i++) out[k++] = (size_t)i < nm ? mant[i] : '0';
      out[k++] = '.';
      if ((size_t)exp + 1 < nm)
        for (size_t i = (size_t)exp + 1; i < nm; i++) out[k++] = mant[i];
      else
        out[k++] = '0';
    }
  } else {
    out[k++] = mant[0];
    if (nm > 1) {
      out[k++] = '.';
      for (size_t i = 1; i < nm; i++) out[k++] = mant[i];
    }
    k += (size_t)snprintf(out + k, sizeof out - k, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  }
  return fx_str_make(fx_arena_strdup(a, out, k), k);
}

fx_value fx_value_float(fx_graph *g, double f) {
  fx_value v = leaf(FX_V_FLOAT, float_repr(&g->arena, f));
  v.v.f = f;
  return v;
}

/* Decodes one UTF-8 sequence at p (n bytes available); returns its length, or 0 if it is not valid UTF-8. */
static size_t utf8_decode(const unsigned char *p, size_t n, uint32_t *cp) {
  if (p[0] < 0x80) {
    *cp = p[0];
    return 1;
  }
  size_t len = (p[0] >> 5) == 6 ? 2 : (p[0] >> 4) == 14 ? 3 : (p[0] >> 3) == 30 ? 4 : 0;
  if (!len || len > n) return 0;
  uint32_t c = p[0] & (0x7f >> len);
  for (size_t i = 1; i < len; i++) {
    if ((p[i] & 0xc0) != 0x80) return 0;
    c = (c << 6) | (p[i] & 0x3f);
  }
  *cp = c;
  return len;
}

/* Code points that Python's str.isprintable() rejects beyond ASCII, so that repr() escapes them: the C1 controls,
 * the no-break and other Unicode spaces (category Zs, Zl, Zp), and the common format characters (Cf). Letters and
 * symbols of every script print as they are. */
static bool unicode_nonprintable(uint32_t c) {
  return (c >= 0x80 && c <= 0xa0) || c == 0xad || c == 0x1680 || (c >= 0x2000 && c <= 0x200f) ||
         (c >= 0x2028 && c <= 0x202f) || (c >= 0x205f && c <= 0x206f) || c == 0x3000 || c == 0xfeff ||
         (c >= 0xd800 && c <= 0xdfff) || (c >= 0xfff9 && c <= 0xfffb);
}

/* Python's repr(str): single quotes unless the text has a single quote and no double quote; \n \r \t, \xNN for
 * other controls, \xNN / \uNNNN for non-printable code points. */
fx_value fx_value_str(fx_graph *g, fx_str s) {
  bool has_sq = memchr(s.p, '\'', s.n) != NULL, has_dq = memchr(s.p, '"', s.n) != NULL;
  char q = has_sq && !has_dq ? '"' : '\'';
  fx_buf b = {0};
  fx_buf_putc(&b, q);
  const unsigned char *p = (const unsigned char *)s.p;
  for (uint32_t i = 0; i < s.n;) {
    unsigned char c = p[i];
    uint32_t cp;
    size_t len = utf8_decode(p + i, s.n - i, &cp);
    if (len == 0) { /* not UTF-8: keep the byte */
      fx_buf_putc(&b, (char)c);
      i++;
      continue;
    }
    if (c == (unsigned char)q || c == '\\') {
      fx_buf_putc(&b, '\\');
      fx_buf_putc(&b, (char)c);
    } else if (c == '\n') fx_buf_puts(&b, "\\n");
    else if (c == '\r') fx_buf_puts(&b, "\\r");
    else if (c == '\t') fx_buf_puts(&b, "\\t");
    else if (cp < 0x20 || cp == 0x7f || (cp <= 0xff && unicode_nonprintable(cp))) fx_buf_printf(&b, "\\x%02x", cp);
    else if (unicode_nonprintable(cp)) fx_buf_printf(&b, "\\u%04x", cp);
    else fx_buf_put(&b, s.p + i, len);
    i += (uint32_t)len;
  }
  fx_buf_putc(&b, q);
  fx_value v = leaf(FX_V_STR, fx_str_make(fx_arena_strdup(&g->arena, b.p, b.n), b.n));
  fx_buf_free(&b);
  return v;
}

fx_value fx_value_word(fx_graph *g, fx_str w) { return leaf(FX_V_WORD, fx_arena_str(&g->arena, w)); }

fx_value fx_value_node(const fx_graph *g, uint32_t node) {
  fx_value v = leaf(FX_V_NODE, g->nodes[node].name);
  v.v.node = node;
  return v;
}

fx_value fx_value_container(fx_graph *g, fx_vkind k, const fx_value *items, uint32_t n) {
  return fx_value_container_in(&g->arena, k, items, n);
}

fx_value fx_value_container_in(fx_arena *a, fx_vkind k, const fx_value *items, uint32_t n) {
  fx_value v;
  memset(&v, 0, sizeof v);
  v.kind = (uint8_t)k;
  v.n = n;
  if (n) {
    v.u.items = fx_arena_alloc(a, (size_t)n * sizeof *items);
    memcpy(v.u.items, items, (size_t)n * sizeof *items);
  }
  return v;
}

fx_value fx_value_tuple(fx_graph *g, const fx_value *items, uint32_t n) {
  return fx_value_container(g, FX_V_TUPLE, items, n);
}

fx_value fx_value_copy(fx_graph *g, const fx_value *v, fx_node_map_fn map, void *ctx) {
  fx_value r = *v;
  if (fx_value_is_container(v)) {
    r.u.items = v->n ? fx_arena_alloc(&g->arena, (size_t)v->n * sizeof *v) : NULL;
    for (uint32_t i = 0; i < v->n; i++) r.u.items[i] = fx_value_copy(g, &v->u.items[i], map, ctx);
  } else if (v->kind == FX_V_NODE) {
    if (map) r.v.node = map(ctx, v->v.node);
    r.u.text = fx_arena_strdup(&g->arena, v->u.text, v->n);
  } else if (v->n) {
    r.u.text = fx_arena_strdup(&g->arena, v->u.text, v->n);
  }
  return r;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void put_utf8(fx_buf *b, uint32_t cp) {
  if (cp < 0x80) {
    fx_buf_putc(b, (char)cp);
  } else if (cp < 0x800) {
    fx_buf_putc(b, (char)(0xc0 | (cp >> 6)));
    fx_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    fx_buf_putc(b, (char)(0xe0 | (cp >> 12)));
    fx_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
    fx_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  } else {
    fx_buf_putc(b, (char)(0xf0 | (cp >> 18)));
    fx_buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
    fx_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
    fx_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
  }
}

bool fx_value_str_is(const fx_value *v, const char *z) {
  if (v->kind == FX_V_WORD) return fx_str_eqz(fx_str_make(v->u.text, v->n), z);
  if (v->kind == FX_V_STR && v->n >= 2) return fx_str_eqz(fx_str_make(v->u.text + 1, v->n - 2), z);
  return false;
}

fx_str fx_value_str_content(fx_graph *g, const fx_value *v) {
  if (v->kind != FX_V_STR || v->n < 2) return fx_str_make(v->u.text, v->n);
  fx_buf b = {0};
  fx_value_str_decode(v, &b);
  fx_str r = fx_str_make(fx_arena_strdup(&g->arena, b.p, b.n), b.n);
  fx_buf_free(&b);
  return r;
}

void fx_value_str_decode(const fx_value *v, fx_buf *out) {
  fx_buf_put(out, "", 0);
  if (v->kind != FX_V_STR || v->n < 2) {
    fx_buf_put(out, v->u.text, v->n);
    return;
  }
  fx_buf b = *out; /* appended to in place */
  const char *p = v->u.text + 1, *end = v->u.text + v->n - 1;
  while (p < end) {
    if (*p != '\\' || p + 1 >= end) {
      fx_buf_putc(&b, *p++);
      continue;
    }
    p++;
    char c = *p++;
    switch (c) {
    case 'n': fx_buf_putc(&b, '\n'); break;
    case 't': fx_buf_putc(&b, '\t'); break;
    case 'r': fx_buf_putc(&b, '\r'); break;
    case 'a': fx_buf_putc(&b, '\a'); break;
    case 'b': fx_buf_putc(&b, '\b'); break;
    case 'f': fx_buf_putc(&b, '\f'); break;
    case 'v': fx_buf_putc(&b, '\v'); break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      uint32_t cp = (uint32_t)(c - '0'); /* up to three octal digits */
      for (int k = 1; k < 3 && p < end && *p >= '0' && *p <= '7'; k++) cp = cp * 8 + (uint32_t)(*p++ - '0');
      put_utf8(&b, cp);
      break;
    }
    case 'x':
    case 'u':
    case 'U': { /* a code point, written as UTF-8 */
      int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
      uint32_t cp = 0;
      for (int k = 0; k < digits && p < end && hexval(*p) >= 0; k++) cp = cp * 16 + (uint32_t)hexval(*p++);
      put_utf8(&b, cp);
      break;
    }
    default: /* \\ \' \" stand for themselves; Python keeps the backslash of an unknown escape */
      if (c != '\\' && c != '\'' && c != '"') fx_buf_putc(&b, '\\');
      fx_buf_putc(&b, c);
    }
  }
  *out = b;
}

bool fx_value_number(const fx_value *v, double *x) {
  if (v->kind == FX_V_INT || v->kind == FX_V_BOOL) *x = (double)v->v.i;
  else if (v->kind == FX_V_FLOAT) *x = v->v.f;
  else return false;
  return true;
}
