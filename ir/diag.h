/* diag.h: diagnostics collected with positions and printed together.
 *
 * Every message points into a source (a file read whole into memory). Printing sorts by position and writes
 *
 *     FILE:LINE:COL: error: MESSAGE
 *     <the source line>
 *          ^~~~
 *
 * Lines and columns are 1-based; columns count bytes. After FX_DIAG_MAX_ERRORS errors, fx_diag_full() turns true
 * and producers stop.
 */
#ifndef FX_DIAG_H
#define FX_DIAG_H

#include "fx_util.h"

#include <stdio.h>

#define FX_DIAG_MAX_ERRORS 20

typedef struct fx_source {
  const char *path; /* as given on the command line */
  const char *text; /* NUL-terminated */
  size_t len;
} fx_source;

/* A position in a source: 1-based line and column, byte offset and length of the span. */
typedef struct fx_loc {
  uint32_t line, col;
  uint32_t off, len;
} fx_loc;

typedef enum { FX_DIAG_ERROR, FX_DIAG_WARNING, FX_DIAG_NOTE } fx_diag_level;

typedef struct fx_diag_msg {
  fx_diag_level level;
  const fx_source *src; /* NULL: no position */
  fx_loc loc;
  char *text;
  uint32_t seq; /* order of arrival, to keep a note behind its error */
} fx_diag_msg;

typedef struct fx_diag {
  fx_diag_msg *msgs;
  uint32_t n, cap;
  uint32_t nerrors, nwarnings;
  bool truncated; /* more errors were found than are kept */
} fx_diag;

void fx_diag_init(fx_diag *d);
void fx_diag_free(fx_diag *d);

void fx_diag_error(fx_diag *d, const fx_source *src, fx_loc loc, const char *fmt, ...) FX_PRINTF(4, 5);
void fx_diag_warning(fx_diag *d, const fx_source *src, fx_loc loc, const char *fmt, ...) FX_PRINTF(4, 5);
/* A note belongs to the message before it and is printed right after it. */
void fx_diag_note(fx_diag *d, const fx_source *src, fx_loc loc, const char *fmt, ...) FX_PRINTF(4, 5);

bool fx_diag_full(const fx_diag *d);

/* Sorts by position (stable; notes stay with their message), prints every message, then a count line. */
void fx_diag_print(fx_diag *d, FILE *out);

/* The location of byte offset `off` in src (line and column computed by scanning). */
fx_loc fx_loc_at(const fx_source *src, size_t off, uint32_t len);

#endif
