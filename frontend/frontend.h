/* frontend.h: reading the text that print(gm.graph) or gm.graph.print_tabular() prints.
 *
 *     fx_source src;
 *     if (!fx_source_load(&src, "model.fx", &diag)) ...;
 *     fx_graph *g = fx_parse_graph(&src, &diag);   // NULL when diag has errors
 *     ...
 *     fx_graph_free(g);            // before the source: names point into it
 *     fx_source_free(&src);
 *
 * Every dialect of torch 1.8 to 2.x is read: the `graph(x):` header with its placeholders, `graph():`,
 * [#users=N] and [num_users=N], type annotations, old get_attr lines (`= self.linear.weight`), `return x` and
 * `return (x, y)`, and print_tabular() tables. Newlines are not significant, so a graph whose lines were joined
 * reads too.
 */
#ifndef FX_FRONTEND_H
#define FX_FRONTEND_H

#include "../ir/diag.h"
#include "../ir/graph.h"

/* The most bytes a graph or modules file may have. */
#define FX_SOURCE_MAX_BYTES ((size_t)256 << 20)

/* Reads a file (or "-" for standard input; a pipe reads too) into src. A directory, a device, or more than
 * FX_SOURCE_MAX_BYTES is refused. On failure reports to d and returns false. */
bool fx_source_load(fx_source *src, const char *path, fx_diag *d);
/* A source over a copy of text[0..len). */
void fx_source_from_text(fx_source *src, const char *path, const char *text, size_t len);
void fx_source_free(fx_source *src);

/* Parses a graph; returns NULL (with errors in d) when the text is not a valid graph. */
fx_graph *fx_parse_graph(const fx_source *src, fx_diag *d);

/* Parses src->text[start.off, start.off + len) as one Python value as torch prints it (a literal, a tuple, list or
 * dict, a call such as `Conv2d(3, 64, kernel_size=(7, 7), bias=False)`, which reads as an FX_V_CALL whose keyword
 * arguments are FX_V_KWARG items). start gives the span's line and column for diagnostics. The value and its text
 * live in arena a. Returns false (with errors in d) if the span is not one value. */
bool fx_parse_value(fx_arena *a, const fx_source *src, fx_loc start, uint32_t len, fx_value *out, fx_diag *d);

#endif
