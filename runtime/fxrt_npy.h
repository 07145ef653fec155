/* fxrt_npy.h: the header of a .npy file (numpy.lib.format), read by one parser for fx2c (`fx2c run`, --input
 * NAME=FILE.npy) and for the executables that `fx2c compile --emit exe` builds, so that both accept the same files
 * and read them the same way.
 *
 *     \x93NUMPY <major> <minor> <header length: 2 bytes (1.0) or 4 (2.0, 3.0), little-endian> <header> <data>
 *
 * The header is a Python dict literal, as numpy's read_array_header evaluates it: exactly the keys 'descr' (a dtype
 * string), 'fortran_order' (True or False) and 'shape' (a tuple of non-negative ints), in any order, with any
 * spacing, quotes ' or ", and a trailing comma; numpy pads it with spaces and a newline. Anything else is refused
 * with the reason and the byte where it was found: keys found by substring would read `'fortran_order':True` (no
 * space) as C order.
 *
 *     fxrt_npy_header h;
 *     if (!fxrt_npy_preamble(first_12_bytes, n, &h)) ... h.err;
 *     ... read h.header_len bytes at h.header_start ...
 *     if (!fxrt_npy_parse(text, h.header_len, &h)) ... h.err at byte h.err_at (h.key: an unexpected key);
 *     if (h.fortran) ... refused by both readers: np.ascontiguousarray(a) saves the same values in C order
 *     if (!fxrt_npy_dtype(h.descr, &dt)) ... unsupported descr
 *
 * Header-only (static inline), no malloc, no stdio: the executables' driver includes it beside fxrt.h.
 */
#ifndef FXRT_NPY_H
#define FXRT_NPY_H

#include <string.h>

#include "fxrt.h"

/* The longest header read: numpy writes 64 to a few hundred bytes. */
#define FXRT_NPY_MAX_HEADER ((uint64_t)1 << 20)

/* Why a preamble is refused. */
typedef enum fxrt_npy_problem {
  FXRT_NPY_OK,
  FXRT_NPY_BAD_MAGIC, /* not a .npy file */
  FXRT_NPY_CUT_SHORT, /* the file ends inside the preamble */
  FXRT_NPY_VERSION,   /* a format version other than 1.0, 2.0, 3.0 (major, minor say which) */
  FXRT_NPY_TOO_LONG   /* header_len > FXRT_NPY_MAX_HEADER */
} fxrt_npy_problem;

typedef struct fxrt_npy_header {
  /* the preamble */
  unsigned major, minor;
  uint64_t header_start; /* 10 (format 1.0) or 12 */
  uint64_t header_len;
  /* the dict */
  char descr[32]; /* NUL-terminated (cut at 31 bytes: no supported descr is that long) */
  bool fortran;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  /* a failure: which (of the preamble), what is wrong, where (a byte offset in the header text), and an unexpected
   * key (else NULL) */
  fxrt_npy_problem problem;
  const char *err;
  size_t err_at;
  const char *key;
  size_t key_len;
} fxrt_npy_header;

/* The preamble from the first n bytes of the file (12 suffice). False with h->err if it is not one fx2c reads. */
static inline bool fxrt_npy_preamble(const unsigned char *b, size_t n, fxrt_npy_header *h) {
  memset(h, 0, sizeof *h);
  if (n < 6 || memcmp(b, "\x93NUMPY", 6) != 0) {
    h->problem = FXRT_NPY_BAD_MAGIC;
    h->err = "not a .npy file (bad magic: it does not start with \\x93NUMPY)";
    return false;
  }
  if (n < 10) {
    h->problem = FXRT_NPY_CUT_SHORT;
    h->err = "the .npy header is cut short";
    return false;
  }
  h->major = b[6];
  h->minor = b[7];
  if ((h->major != 1 && h->major != 2 && h->major != 3) || h->minor != 0) {
    h->problem = FXRT_NPY_VERSION;
    h->err = "unsupported .npy format version (1.0, 2.0 and 3.0 are read)";
    return false;
  }
  if (h->major == 1) {
    h->header_len = (uint64_t)b[8] | (uint64_t)b[9] << 8;
    h->header_start = 10;
  } else {
    if (n < 12) {
      h->problem = FXRT_NPY_CUT_SHORT;
      h->err = "the .npy header is cut short";
      return false;
    }
    h->header_len = (uint64_t)b[8] | (uint64_t)b[9] << 8 | (uint64_t)b[10] << 16 | (uint64_t)b[11] << 24;
    h->header_start = 12;
  }
  if (h->header_len > FXRT_NPY_MAX_HEADER) {
    h->problem = FXRT_NPY_TOO_LONG;
    h->err = "the .npy header is longer than 1 MiB";
    return false;
  }
  return true;
}

/* ---- the dict ---- */

typedef struct fxrt_npy_cursor {
  const char *b, *p, *e;
  fxrt_npy_header *h;
} fxrt_npy_cursor;

static inline bool fxrt_npy_fail_(fxrt_npy_cursor *q, const char *what) {
  if (!q->h->err) {
    q->h->err = what;
    q->h->err_at = (size_t)(q->p - q->b);
  }
  return false;
}

static inline void fxrt_npy_ws_(fxrt_npy_cursor *q) {
  while (q->p < q->e && (*q->p == ' ' || *q->p == '\t' || *q->p == '\n' || *q->p == '\r')) q->p++;
}

static inline bool fxrt_npy_lit_(fxrt_npy_cursor *q, char c) {
  fxrt_npy_ws_(q);
  if (q->p < q->e && *q->p == c) {
    q->p++;
    return true;
  }
  return false;
}

/* A Python string literal without escapes: '...' or "..." */
static inline bool fxrt_npy_string_(fxrt_npy_cursor *q, const char **s, size_t *n) {
  fxrt_npy_ws_(q);
  if (q->p >= q->e || (*q->p != '\'' && *q->p != '"')) return fxrt_npy_fail_(q, "expected a string");
  char quote = *q->p++;
  const char *b = q->p;
  while (q->p < q->e && *q->p != quote) {
    if (*q->p == '\\' || *q->p == '\n') return fxrt_npy_fail_(q, "a string with an escape or a newline");
    q->p++;
  }
  if (q->p >= q->e) return fxrt_npy_fail_(q, "an unterminated string");
  *s = b;
  *n = (size_t)(q->p - b);
  q->p++;
  return true;
}

/* The Python word w (True, False), not the start of a longer name. */
static inline bool fxrt_npy_word_(fxrt_npy_cursor *q, const char *w) {
  fxrt_npy_ws_(q);
  size_t n = strlen(w);
  if ((size_t)(q->e - q->p) < n || memcmp(q->p, w, n) != 0) return false;
  if ((size_t)(q->e - q->p) > n) {
    char c = q->p[n];
    if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return false;
  }
  q->p += n;
  return true;
}

/* (), (n,), (n, m), (n, m,) ... with non-negative ints (an 'L' suffix, as Python 2 wrote, is accepted). */
static inline bool fxrt_npy_shape_(fxrt_npy_cursor *q) {
  if (!fxrt_npy_lit_(q, '(')) return fxrt_npy_fail_(q, "'shape' is not a tuple");
  int32_t nd = 0;
  bool comma = false;
  for (;;) {
    if (fxrt_npy_lit_(q, ')')) break;
    if (nd > 0 && !comma) return fxrt_npy_fail_(q, "expected ',' or ')' in 'shape'");
    if (q->p >= q->e || *q->p < '0' || *q->p > '9')
      return fxrt_npy_fail_(q, "'shape' holds something other than non-negative integers");
    int64_t v = 0;
    while (q->p < q->e && *q->p >= '0' && *q->p <= '9') {
      if (v > (INT64_MAX - (*q->p - '0')) / 10) return fxrt_npy_fail_(q, "a dimension in 'shape' is too large");
      v = v * 10 + (*q->p - '0');
      q->p++;
    }
    if (q->p < q->e && (*q->p == 'L' || *q->p == 'l')) q->p++;
    if (nd >= FXRT_MAX_DIMS) return fxrt_npy_fail_(q, "'shape' has more than 8 dimensions");
    q->h->shape[nd++] = v;
    comma = fxrt_npy_lit_(q, ',');
  }
  if (nd == 1 && !comma) return fxrt_npy_fail_(q, "'shape' is not a tuple");
  q->h->ndim = nd;
  return true;
}

/* The header text[0, len) into h (its preamble fields kept). False with h->err, h->err_at (and h->key for a key
 * that is not one of the three). */
static inline bool fxrt_npy_parse(const char *text, size_t len, fxrt_npy_header *h) {
  fxrt_npy_cursor c = {text, text, text + len, h}, *q = &c;
  bool have_descr = false, have_fortran = false, have_shape = false;
  h->err = NULL;
  h->key = NULL;
  h->descr[0] = 0;
  h->fortran = false;
  h->ndim = 0;
  if (!fxrt_npy_lit_(q, '{')) return fxrt_npy_fail_(q, "the header is not a dict");
  for (;;) {
    if (fxrt_npy_lit_(q, '}')) break;
    const char *k;
    size_t kn;
    if (!fxrt_npy_string_(q, &k, &kn)) return false;
    if (!fxrt_npy_lit_(q, ':')) return fxrt_npy_fail_(q, "expected ':' after a key");
    if (kn == 5 && memcmp(k, "descr", 5) == 0) {
      if (have_descr) return fxrt_npy_fail_(q, "'descr' appears twice");
      const char *s;
      size_t sn;
      fxrt_npy_ws_(q);
      if (q->p < q->e && *q->p == '[') return fxrt_npy_fail_(q, "unsupported descr (a structured dtype)");
      if (!fxrt_npy_string_(q, &s, &sn)) {
        h->err = NULL;
        return fxrt_npy_fail_(q, "'descr' is not a string");
      }
      if (sn >= sizeof h->descr) sn = sizeof h->descr - 1;
      memcpy(h->descr, s, sn);
      h->descr[sn] = 0;
      have_descr = true;
    } else if (kn == 13 && memcmp(k, "fortran_order", 13) == 0) {
      if (have_fortran) return fxrt_npy_fail_(q, "'fortran_order' appears twice");
      if (fxrt_npy_word_(q, "True")) h->fortran = true;
      else if (fxrt_npy_word_(q, "False")) h->fortran = false;
      else return fxrt_npy_fail_(q, "'fortran_order' is not True or False");
      have_fortran = true;
    } else if (kn == 5 && memcmp(k, "shape", 5) == 0) {
      if (have_shape) return fxrt_npy_fail_(q, "'shape' appears twice");
      if (!fxrt_npy_shape_(q)) return false;
      have_shape = true;
    } else {
      h->key = k;
      h->key_len = kn;
      return fxrt_npy_fail_(q, "an unexpected key (a .npy header has 'descr', 'fortran_order' and 'shape')");
    }
    if (fxrt_npy_lit_(q, ',')) continue;
    if (fxrt_npy_lit_(q, '}')) break;
    return fxrt_npy_fail_(q, "expected ',' or '}' in the header dict");
  }
  fxrt_npy_ws_(q);
  if (q->p != q->e) return fxrt_npy_fail_(q, "bytes after the header dict");
  if (!have_descr || !have_fortran || !have_shape)
    return fxrt_npy_fail_(q, !have_descr     ? "no 'descr' key"
                             : !have_fortran ? "no 'fortran_order' key"
                                             : "no 'shape' key");
  return true;
}

/* ---- dtypes ---- */

/* The dtype of a descr: '<f4' '<f8' '<f2' '<i8' '<i4' '<i2' '|i1' '|u1' '|b1' ('=' native, '|' or no order for one-byte
 * types; '>' only for one-byte types, where it means nothing). False for any other. */
static inline bool fxrt_npy_dtype(const char *descr, fxrt_dtype *dt) {
  static const struct {
    const char *code; /* after the byte-order character */
    fxrt_dtype dtype;
  } codes[] = {
      {"f4", FXRT_F32}, {"f8", FXRT_F64}, {"f2", FXRT_F16}, {"i8", FXRT_I64},  {"i4", FXRT_I32},
      {"i2", FXRT_I16}, {"i1", FXRT_I8},  {"u1", FXRT_U8},  {"b1", FXRT_BOOL}, {"?", FXRT_BOOL},
  };
  char order = descr[0];
  const char *code = descr;
  if (order == '<' || order == '>' || order == '|' || order == '=') code++;
  else order = 0;
  for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
    if (strcmp(code, codes[i].code) == 0) {
      if (order == '>' && fxrt_dtype_size(codes[i].dtype) != 1) return false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      if (order == '=' && fxrt_dtype_size(codes[i].dtype) != 1) return false;
#endif
      *dt = codes[i].dtype;
      return true;
    }
  return false;
}

/* The descr numpy writes for dt, or NULL (bf16 has none). */
static inline const char *fxrt_npy_descr(fxrt_dtype dt) {
  switch (dt) {
  case FXRT_F32: return "<f4";
  case FXRT_F64: return "<f8";
  case FXRT_F16: return "<f2";
  case FXRT_I64: return "<i8";
  case FXRT_I32: return "<i4";
  case FXRT_I16: return "<i2";
  case FXRT_I8: return "|i1";
  case FXRT_U8: return "|u1";
  case FXRT_BOOL: return "|b1";
  default: return NULL;
  }
}

/* ---- writing ---- */

/* The most bytes fxrt_npy_header_write writes: 10, the dict with 8 dimensions of 20 digits each, and padding. */
#define FXRT_NPY_HEADER_CAP 384

static inline size_t fxrt_npy_put_(unsigned char *b, size_t k, const char *s) {
  while (*s) b[k++] = (unsigned char)*s++;
  return k;
}

static inline size_t fxrt_npy_put_int_(unsigned char *b, size_t k, int64_t v) {
  char digits[24];
  int n = 0;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do digits[n++] = (char)('0' + u % 10);
  while ((u /= 10) != 0);
  if (v < 0) b[k++] = '-';
  while (n > 0) b[k++] = (unsigned char)digits[--n];
  return k;
}

/* The preamble and header that numpy's np.save writes for a C-order array of dtype dt and that shape (format 1.0,
 * "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", spaces for the first dimension to grow to 21
 * digits, then spaces and a newline up to a multiple of 64 bytes), into buf (FXRT_NPY_HEADER_CAP bytes). Returns its
 * length, or 0 for a dtype numpy does not have (bf16) or more than FXRT_MAX_DIMS dimensions. */
static inline size_t fxrt_npy_header_write(unsigned char *buf, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  const char *descr = (unsigned)dt < FXRT_NUM_DTYPES ? fxrt_npy_descr(dt) : NULL;
  if (!descr || ndim < 0 || ndim > FXRT_MAX_DIMS) return 0;
  size_t k = fxrt_npy_put_(buf, 0, "\x93NUMPY");
  buf[k++] = 1, buf[k++] = 0, buf[k++] = 0, buf[k++] = 0; /* format 1.0, the length below */
  k = fxrt_npy_put_(buf, k, "{'descr': '");
  k = fxrt_npy_put_(buf, k, descr);
  k = fxrt_npy_put_(buf, k, "', 'fortran_order': False, 'shape': (");
  for (int32_t i = 0; i < ndim; i++) {
    if (i) k = fxrt_npy_put_(buf, k, ", ");
    k = fxrt_npy_put_int_(buf, k, shape[i]);
  }
  k = fxrt_npy_put_(buf, k, ndim == 1 ? ",), }" : "), }");
  if (ndim > 0) {
    size_t digits = fxrt_npy_put_int_(buf, k, shape[0]) - k; /* written past the end, then overwritten */
    for (size_t i = digits; i < 21; i++) buf[k++] = ' ';
  }
  size_t pad = 64 - (k + 1) % 64; /* 1..64, as numpy computes it, with the final newline */
  for (size_t i = 0; i < pad; i++) buf[k++] = ' ';
  buf[k++] = '\n';
  buf[8] = (unsigned char)((k - 10) & 0xff);
  buf[9] = (unsigned char)((k - 10) >> 8);
  return k;
}

#endif
