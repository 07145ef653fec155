/* diag.c: collecting and printing diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void fx_diag_init(fx_diag *d) { memset(d, 0, sizeof *d); }

void fx_diag_free(fx_diag *d) {
  for (uint32_t i = 0; i < d->n; i++) fx_xfree(d->msgs[i].text);
  fx_xfree(d->msgs);
  memset(d, 0, sizeof *d);
}

bool fx_diag_full(const fx_diag *d) { return d->nerrors >= FX_DIAG_MAX_ERRORS; }

static void add(fx_diag *d, fx_diag_level level, const fx_source *src, fx_loc loc, const char *fmt, va_list ap) {
  if (level == FX_DIAG_ERROR) {
    if (fx_diag_full(d)) {
      d->truncated = true;
      return;
    }
    d->nerrors++;
  } else if (level == FX_DIAG_WARNING) {
    if (d->nwarnings >= FX_DIAG_MAX_ERRORS) return;
    d->nwarnings++;
  } else if (d->n == 0 || (d->truncated && d->msgs[d->n - 1].level == FX_DIAG_ERROR)) {
    return; /* a note whose error was dropped */
  }
  if (d->n == d->cap) {
    d->cap = d->cap ? d->cap * 2 : 16;
    d->msgs = fx_xrealloc(d->msgs, d->cap * sizeof *d->msgs);
  }
  va_list ap2;
  va_copy(ap2, ap);
  int len = vsnprintf(NULL, 0, fmt, ap);
  char *text = fx_xmalloc((size_t)(len < 0 ? 0 : len) + 1);
  vsnprintf(text, (size_t)(len < 0 ? 0 : len) + 1, fmt, ap2);
  va_end(ap2);
  d->msgs[d->n] = (fx_diag_msg){level, src, loc, text, d->n};
  d->n++;
}

#define DEFINE_LEVEL(fn, level)                                                      \
  void fn(fx_diag *d, const fx_source *src, fx_loc loc, const char *fmt, ...) {      \
    va_list ap;                                                                      \
    va_start(ap, fmt);                                                               \
    add(d, level, src, loc, fmt, ap);                                                \
    va_end(ap);                                                                      \
  }
DEFINE_LEVEL(fx_diag_error, FX_DIAG_ERROR)
DEFINE_LEVEL(fx_diag_warning, FX_DIAG_WARNING)
DEFINE_LEVEL(fx_diag_note, FX_DIAG_NOTE)

fx_loc fx_loc_at(const fx_source *src, size_t off, uint32_t len) {
  if (off > src->len) off = src->len;
  uint32_t line = 1;
  size_t bol = 0;
  for (size_t i = 0; i < off; i++)
    if (src->text[i] == '\n') {
      line++;
      bol = i + 1;
    }
  return (fx_loc){line, (uint32_t)(off - bol + 1), (uint32_t)off, len};
}

/* Sort key: messages with a position by (source, offset); notes travel with the message before them. */
typedef struct {
  const fx_diag_msg *head; /* the error or warning that owns this message */
  const fx_diag_msg *m;
} sort_item;

static int cmp_items(const void *pa, const void *pb) {
  const sort_item *a = pa, *b = pb;
  const fx_diag_msg *ha = a->head, *hb = b->head;
  if (ha != hb) {
    bool pa_ = ha->src != NULL, pb_ = hb->src != NULL;
    if (pa_ != pb_) return pa_ ? -1 : 1;
    if (pa_ && ha->src == hb->src && ha->loc.off != hb->loc.off) return ha->loc.off < hb->loc.off ? -1 : 1;
    return ha->seq < hb->seq ? -1 : 1;
  }
  return a->m->seq < b->m->seq ? -1 : (a->m->seq > b->m->seq);
}

#define SHOW_MAX 120 /* longest part of a source line that is shown */

static void print_source_line(FILE *out, const fx_source *src, fx_loc loc) {
  if (!src || !src->text) return;
  size_t off = loc.off <= src->len ? loc.off : src->len;
  size_t bol = off, eol = off;
  while (bol > 0 && src->text[bol - 1] != '\n') bol--;
  while (eol < src->len && src->text[eol] != '\n') eol++;
  if (eol > bol && src->text[eol - 1] == '\r') eol--;
  /* Show a window of at most SHOW_MAX bytes that contains the column. */
  size_t from = bol, to = eol;
  bool cut_left = false, cut_right = false;
  if (to - from > SHOW_MAX) {
    if (off - from > SHOW_MAX / 2) {
      from = off - SHOW_MAX / 2;
      cut_left = true;
    }
    if (to - from > SHOW_MAX) {
      to = from + SHOW_MAX;
      cut_right = true;
    }
  }
  if (cut_left) fputs("...", out);
  for (size_t i = from; i < to; i++) {
    unsigned char c = (unsigned char)src->text[i];
    fputc(c == '\t' || (c >= 0x20 && c < 0x7f) ? c : '?', out);
  }
  if (cut_right) fputs("...", out);
  fputc('\n', out);
  if (cut_left) fputs("   ", out);
  for (size_t i = from; i < off && i < to; i++) fputc(src->text[i] == '\t' ? '\t' : ' ', out);
  fputc('^', out);
  size_t span = loc.len;
  for (size_t i = 1; i < span && off + i < to; i++) fputc('~', out);
  fputc('\n', out);
}

void fx_diag_print(fx_diag *d, FILE *out) {
  if (d->n == 0) return;
  sort_item *items = fx_xmalloc(d->n * sizeof *items);
  const fx_diag_msg *head = &d->msgs[0];
  for (uint32_t i = 0; i < d->n; i++) {
    if (d->msgs[i].level != FX_DIAG_NOTE) head = &d->msgs[i];
    items[i] = (sort_item){head, &d->msgs[i]};
  }
  qsort(items, d->n, sizeof *items, cmp_items);
  static const char *names[] = {"error", "warning", "note"};
  for (uint32_t i = 0; i < d->n; i++) {
    const fx_diag_msg *m = items[i].m;
    if (m->src)
      fprintf(out, "%s:%u:%u: %s: %s\n", m->src->path, m->loc.line, m->loc.col, names[m->level], m->text);
    else
      fprintf(out, "fx2c: %s: %s\n", names[m->level], m->text);
    print_source_line(out, m->src, m->loc);
  }
  fx_xfree(items);
  if (d->truncated) fprintf(out, "fx2c: note: too many errors; stopped after %d\n", FX_DIAG_MAX_ERRORS);
  if (d->nerrors)
    fprintf(out, "%u error%s generated.\n", d->nerrors, d->nerrors == 1 ? "" : "s");
}
