/* fx_util.h: the small things every part of fx2c uses.
 *
 *   fx_str      a (pointer, length) view of bytes that lives in the source buffer or an arena
 *   fx_xmalloc  malloc that never returns NULL (out of memory ends the process with a message)
 *               and keeps count of live and peak bytes, so benchmarks can report peak memory
 *   fx_arena    a bump allocator: one per compilation owns the IR and its strings; freed once
 */
#ifndef FX_UTIL_H
#define FX_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define FX_NONE_IDX UINT32_MAX

/* A printf-like function (its format is parameter F, the values start at parameter A), for the compiler's checks. */
#if defined(__GNUC__)
#define FX_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FX_PRINTF(f, a)
#endif

typedef struct fx_str {
  const char *p;
  uint32_t n;
} fx_str;

#define FX_STR_LIT(s) ((fx_str){(s), (uint32_t)(sizeof(s) - 1)})

static inline fx_str fx_str_make(const char *p, size_t n) { return (fx_str){p, (uint32_t)n}; }
bool fx_str_eq(fx_str a, fx_str b);
bool fx_str_eqz(fx_str a, const char *z);
bool fx_str_starts_with(fx_str a, const char *prefix);
uint32_t fx_str_hash(fx_str s);
/* A Python identifier in ASCII: [A-Za-z_][A-Za-z0-9_]*. */
bool fx_str_is_identifier(fx_str s);
/* Bytes as text for a message, into buf: printable ASCII kept (but ' and \), the rest as \xNN, cut with "..." after
 * `max` bytes or when buf is full. Returns buf. */
const char *fx_printable(const void *p, size_t n, size_t max, char *buf, size_t cap);
/* "Did you mean": of the n names, the one nearest to word by edit distance (insertions, deletions, substitutions and
 * swaps of two neighbours, case-insensitive), or NULL when even that one is too far (more than a third of word's
 * length, at least 1, at most 3; or the whole word, as 'x' for 'q'). */
const char *fx_nearest_name(const char *word, size_t len, const char *const *names, size_t n);
/* Ints as a Python tuple for a message ("(2, 3)", "(4,)", "()"), into buf (cut when it is full). Returns buf. */
const char *fx_tuple_text(const int64_t *v, size_t n, char *buf, size_t cap);

/* Counting allocator. */
/* A broken invariant of fx2c itself (not of its input): prints "fx2c: internal error: WHAT" and aborts. */
void fx_internal_error(const char *what);
void *fx_xmalloc(size_t n);
void *fx_xcalloc(size_t n, size_t size);
void *fx_xrealloc(void *p, size_t n);
void fx_xfree(void *p);
size_t fx_mem_live(void);
size_t fx_mem_peak(void);
void fx_mem_reset_peak(void);

/* Arena: memory handed out in chunks, freed all at once. */
typedef struct fx_arena_chunk fx_arena_chunk;
typedef struct fx_arena {
  fx_arena_chunk *head;
  size_t used_total;
} fx_arena;

void fx_arena_init(fx_arena *a);
void *fx_arena_alloc(fx_arena *a, size_t n); /* 8-byte aligned, zeroed */
char *fx_arena_strdup(fx_arena *a, const char *p, size_t n); /* NUL-terminated copy */
fx_str fx_arena_str(fx_arena *a, fx_str s);
fx_str fx_arena_printf(fx_arena *a, const char *fmt, ...) FX_PRINTF(2, 3);
void fx_arena_free(fx_arena *a);

/* A growable byte buffer (used by printers and diagnostics). */
typedef struct fx_buf {
  char *p;
  size_t n, cap;
} fx_buf;

void fx_buf_put(fx_buf *b, const char *p, size_t n);
void fx_buf_puts(fx_buf *b, const char *z);
void fx_buf_putc(fx_buf *b, char c);
void fx_buf_printf(fx_buf *b, const char *fmt, ...) FX_PRINTF(2, 3);
void fx_buf_free(fx_buf *b);

/* Whole-file reading; returns false and sets errno on failure. The buffer is followed by two NUL bytes
 * (not counted in *len), as the lexer needs. path "-" reads standard input. */
bool fx_read_file(const char *path, char **data, size_t *len);

#endif
