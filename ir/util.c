/* util.c: strings, the counting allocator, the arena and byte buffers. */
#include "fx_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

bool fx_str_eq(fx_str a, fx_str b) { return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0); }

bool fx_str_eqz(fx_str a, const char *z) {
  size_t n = strlen(z);
  return a.n == n && memcmp(a.p, z, n) == 0;
}

bool fx_str_starts_with(fx_str a, const char *prefix) {
  size_t n = strlen(prefix);
  return a.n >= n && memcmp(a.p, prefix, n) == 0;
}

bool fx_str_is_identifier(fx_str s) {
  if (!s.n || (s.p[0] >= '0' && s.p[0] <= '9')) return false;
  for (uint32_t i = 0; i < s.n; i++) {
    char c = s.p[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

uint32_t fx_str_hash(fx_str s) { /* FNV-1a */
  uint32_t h = 2166136261u;
  for (uint32_t i = 0; i < s.n; i++) h = (h ^ (unsigned char)s.p[i]) * 16777619u;
  return h;
}

/* Each block carries its size in a 16-byte header so that live and peak bytes can be counted. */
static size_t mem_live, mem_peak;
#define HDR 16

static void oom(size_t n) {
  fprintf(stderr, "fx2c: error: out of memory (allocating %zu bytes)\n", n);
  exit(2);
}

void fx_internal_error(const char *what) {
  fprintf(stderr, "fx2c: internal error: %s\n", what);
  abort();
}

void *fx_xmalloc(size_t n) {
  char *p = malloc(n + HDR);
  if (!p) oom(n);
  memcpy(p, &n, sizeof n);
  mem_live += n;
  if (mem_live > mem_peak) mem_peak = mem_live;
  return p + HDR;
}

void *fx_xcalloc(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) oom(SIZE_MAX);
  void *p = fx_xmalloc(n * size);
  memset(p, 0, n * size);
  return p;
}

void *fx_xrealloc(void *q, size_t n) {
  if (!q) return fx_xmalloc(n);
  char *base = (char *)q - HDR;
  size_t old;
  memcpy(&old, base, sizeof old);
  /* Count the moment when both the old and the new block may exist. */
  mem_live += n;
  if (mem_live > mem_peak) mem_peak = mem_live;
  char *p = realloc(base, n + HDR);
  if (!p) oom(n);
  mem_live -= old;
  memcpy(p, &n, sizeof n);
  return p + HDR;
}

void fx_xfree(void *q) {
  if (!q) return;
  char *base = (char *)q - HDR;
  size_t n;
  memcpy(&n, base, sizeof n);
  mem_live -= n;
  free(base);
}

size_t fx_mem_live(void) { return mem_live; }
size_t fx_mem_peak(void) { return mem_peak; }
void fx_mem_reset_peak(void) { mem_peak = mem_live; }

struct fx_arena_chunk {
  fx_arena_chunk *next;
  size_t used, cap;
  /* data follows, 16-byte aligned */
};

#define CHUNK_HDR ((sizeof(fx_arena_chunk) + 15) & ~(size_t)15)
#define CHUNK_MIN (64 * 1024)

void fx_arena_init(fx_arena *a) {
  a->head = NULL;
  a->used_total = 0;
}

void *fx_arena_alloc(fx_arena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  fx_arena_chunk *c = a->head;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > CHUNK_MIN / 4 ? n : CHUNK_MIN;
    fx_arena_chunk *nc = fx_xmalloc(CHUNK_HDR + cap);
    nc->used = 0;
    nc->cap = cap;
    if (c && n > CHUNK_MIN / 4) {
      /* A big block gets a chunk of its own behind the current one, which stays usable. */
      nc->next = c->next;
      c->next = nc;
    } else {
      nc->next = c;
      a->head = nc;
    }
    c = nc;
  }
  char *p = (char *)c + CHUNK_HDR + c->used;
  c->used += n;
  a->used_total += n;
  memset(p, 0, n);
  return p;
}

char *fx_arena_strdup(fx_arena *a, const char *p, size_t n) {
  char *d = fx_arena_alloc(a, n + 1);
  if (n) memcpy(d, p, n);
  d[n] = 0;
  return d;
}

fx_str fx_arena_str(fx_arena *a, fx_str s) { return fx_str_make(fx_arena_strdup(a, s.p, s.n), s.n); }

/* The length of the text that fmt and ap make (0 if they make none); ap stays usable. */
static size_t formatted_len(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  return n < 0 ? 0 : (size_t)n;
}

fx_str fx_arena_printf(fx_arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t n = formatted_len(fmt, ap);
  char *d = fx_arena_alloc(a, n + 1);
  vsnprintf(d, n + 1, fmt, ap);
  va_end(ap);
  return fx_str_make(d, n);
}

void fx_arena_free(fx_arena *a) {
  fx_arena_chunk *c = a->head;
  while (c) {
    fx_arena_chunk *next = c->next;
    fx_xfree(c);
    c = next;
  }
  a->head = NULL;
  a->used_total = 0;
}

static void buf_reserve(fx_buf *b, size_t extra) {
  if (b->n + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->n + extra + 1) cap *= 2;
  b->p = fx_xrealloc(b->p, cap);
  b->cap = cap;
}

void fx_buf_put(fx_buf *b, const char *p, size_t n) {
  buf_reserve(b, n);
  if (n) memcpy(b->p + b->n, p, n);
  b->n += n;
  b->p[b->n] = 0;
}

void fx_buf_puts(fx_buf *b, const char *z) { fx_buf_put(b, z, strlen(z)); }

void fx_buf_putc(fx_buf *b, char c) { fx_buf_put(b, &c, 1); }

void fx_buf_printf(fx_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t n = formatted_len(fmt, ap);
  buf_reserve(b, n);
  vsnprintf(b->p + b->n, n + 1, fmt, ap);
  va_end(ap);
  b->n += n;
}

void fx_buf_free(fx_buf *b) {
  fx_xfree(b->p);
  b->p = NULL;
  b->n = b->cap = 0;
}

bool fx_read_file(const char *path, char **data, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return false;
  size_t cap = 1 << 16, n = 0;
  char *p = fx_xmalloc(cap);
  for (;;) {
    if (n + 2 >= cap) {
      cap *= 2;
      p = fx_xrealloc(p, cap);
    }
    size_t got = fread(p + n, 1, cap - n - 2, f);
    n += got;
    if (got == 0) break;
  }
  int err = ferror(f);
  if (f != stdin) fclose(f);
  if (err) {
    fx_xfree(p);
    errno = EIO;
    return false;
  }
  p[n] = p[n + 1] = 0;
  *data = p;
  *len = n;
  return true;
}

const char *fx_printable(const void *p, size_t n, size_t max, char *buf, size_t cap) {
  const unsigned char *b = p;
  size_t k = 0;
  for (size_t i = 0; i < n && k + 8 < cap; i++) {
    if (i == max) {
      k += (size_t)snprintf(buf + k, cap - k, "...");
      break;
    }
    unsigned c = b[i];
    if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') buf[k++] = (char)c;
    else k += (size_t)snprintf(buf + k, cap - k, "\\x%02x", c);
  }
  buf[k] = 0;
  return buf;
}

const char *fx_tuple_text(const int64_t *v, size_t n, char *buf, size_t cap) {
  size_t k = (size_t)snprintf(buf, cap, "(");
  for (size_t i = 0; i < n && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)v[i]);
  if (k < cap) snprintf(buf + k, cap - k, n == 1 ? ",)" : ")");
  return buf;
}

static size_t edit_distance(const char *a, size_t na, const char *b, size_t nb) {
  /* Damerau-Levenshtein (optimal string alignment), three rows; names longer than 63 bytes are compared cut */
  size_t r0[64], r1[64], r2[64], *pp = r0, *prev = r1, *cur = r2;
  if (na > 63) na = 63;
  if (nb > 63) nb = 63;
  for (size_t j = 0; j <= nb; j++) prev[j] = j;
  for (size_t i = 1; i <= na; i++) {
    cur[0] = i;
    for (size_t j = 1; j <= nb; j++) {
      char x = (char)tolower((unsigned char)a[i - 1]), y = (char)tolower((unsigned char)b[j - 1]);
      size_t best = prev[j - 1] + (x != y);
      if (prev[j] + 1 < best) best = prev[j] + 1;
      if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
      if (i > 1 && j > 1 && x == tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) == y &&
          pp[j - 2] + 1 < best)
        best = pp[j - 2] + 1;
      cur[j] = best;
    }
    size_t *t = pp;
    pp = prev, prev = cur, cur = t;
  }
  return prev[nb];
}

const char *fx_nearest_name(const char *word, size_t len, const char *const *names, size_t n) {
  size_t limit = len / 3;
  if (limit < 1) limit = 1;
  if (limit > 3) limit = 3;
  const char *best = NULL;
  size_t best_d = limit + 1;
  for (size_t i = 0; i < n; i++) {
    size_t d = edit_distance(word, len, names[i], strlen(names[i]));
    if (d < best_d && d < len) best = names[i], best_d = d; /* all of the word replaced is no guess */
  }
  return best;
}
