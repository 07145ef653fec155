/* compare.h: `fx2c compare REF_DIR OUT_DIR`, the first wrong node. Two dumps of a model's intermediate tensors
 * (--dump DIR of an executable or of `fx2c run`, and `fx2c-export --dump` for PyTorch's, torch.fx.Interpreter's)
 * hold DIR/<node>.npy per node result and DIR/nodes.tsv, a line per file in the order the nodes ran:
 *
 *     # file<TAB>node<TAB>op<TAB>absorbed
 *     relu<TAB>conv1_fused<TAB>fused_conv<TAB>conv1, bn1, relu
 *
 * (the file's name without .npy: the FX node of the graph as read whose value it is; the node that computed it,
 * which is another one where a pass fused nodes; its op type; the nodes fused into it). Every file that both list is
 * compared, in REF's order, with the rule of fx2c's tests (tests/e2e/README.md): the largest absolute difference must
 * not exceed tol * max(1, largest |value| of the reference); NaN matches NaN, an infinity the same infinity.
 *
 *     fx_compare_opts o = {1e-4};
 *     fx_compare_files files = {0};   // the two nodes.tsv, which diagnostics point into
 *     int r = fx_compare_dirs("ref", "out", &o, stdout, &files, &diag);   // 0: all within, 1: a node beyond, -1: error
 *     fx_diag_print(&diag, stderr);
 *     fx_compare_files_free(&files);
 */
#ifndef FX_COMPARE_H
#define FX_COMPARE_H

#include <stdio.h>

#include "../ir/diag.h"

typedef struct fx_compare_files {
  fx_source src[2];
  char path[2][4200];
} fx_compare_files;

typedef struct fx_compare_opts {
  double tol; /* relative to max(1, largest |reference value|) */
} fx_compare_opts;

/* Prints a line per common file (node, shape, max error, bound, verdict) and a summary naming the first node beyond
 * the tolerance, with the node of OUT that computed it and what that node absorbed. Returns 0 when every common
 * file is within, 1 when one is not, -1 after errors (a folder without nodes.tsv, a file that cannot be read, no
 * file in common). */
int fx_compare_dirs(const char *ref, const char *out, const fx_compare_opts *o, FILE *f, fx_compare_files *files,
                    fx_diag *d);
void fx_compare_files_free(fx_compare_files *files);

#endif
