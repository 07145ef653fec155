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

/* Reads a file (or "-" for standard input) into src. On failure reports to d and returns false. */
bool fx_source_load(fx_source *src, const char *path, fx_diag *d);
/* A source over a copy of text[0..len). */
void fx_source_from_text(fx_source *src, const char *path, const char *text, size_t len);
void fx_source_free(fx_source *src);

/* Parses a graph; returns NULL (with errors in d) when the text is not a valid graph. */
fx_graph *fx_parse_graph(const fx_source *src, fx_diag *d);

#endif
