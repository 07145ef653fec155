/* custom.h: the declarations of user-defined ops (fx2c compile|run --custom-ops FILE; docs/custom-ops.md).
 *
 * A declaration file has one op per line, `#` comments and `sources:` lines:
 *
 *     sources: my_ops.c                                     (C files, relative to the declaration file)
 *     torch.ops.mylib.rms(Tensor x, Tensor w, float eps=1e-6) -> like(x) = my_rms
 *     __main__.pairs(Tensor x, int k) -> (like(x), int64[x.shape[0], k]) = my_pairs
 *
 * A target as the graph prints it, its parameters (types Tensor, Tensor?, int, SymInt, float, Scalar, bool, int[],
 * int[N]; Python defaults; `*` starts keyword-only ones), its results (like(PARAM): the dtype and shape of a tensor
 * parameter; DTYPE[DIM, ...] with DIM an integer expression of literals, int parameters and PARAM.shape[K] with
 * + - * // and parentheses; a tuple of them) and the C function that computes it, called as
 * `int FUNCTION(const fxrt_custom_call *call)` (runtime/fxrt.h).
 *
 *     fx_custom_ops ops;
 *     if (!fx_custom_ops_load(&ops, "ops.txt", &diag)) ...;   // every malformed line reported
 *     int i = fx_custom_ops_find(&ops, node_target);           // -1: not declared
 *     fx_custom_ops_free(&ops);
 */
#ifndef FX_CUSTOM_H
#define FX_CUSTOM_H

#include "../ir/ops.h"
#include "../runtime/fxrt.h"

#define FX_CUSTOM_MAX_RESULTS 4

typedef enum fx_custom_type {
  FX_CT_TENSOR,
  FX_CT_OPT_TENSOR, /* Tensor?: a tensor or None */
  FX_CT_INT,
  FX_CT_FLOAT,
  FX_CT_BOOL,
  FX_CT_INTS /* int[] (len -1) or int[N] */
} fx_custom_type;

typedef struct fx_custom_param {
  fx_custom_type type;
  int32_t len; /* FX_CT_INTS: N of int[N], or -1 */
  fx_str name; /* into the declaration file's text */
} fx_custom_param;

/* A result: like(PARAM), or a dtype and one integer expression per dimension (text of the declaration file). */
typedef struct fx_custom_result {
  int like;           /* the index of the tensor parameter whose dtype and shape it has, or -1 */
  fxrt_dtype dtype;
  int32_t ndim;
  fx_str dims[FXRT_MAX_DIMS];
  fx_loc loc;
} fx_custom_result;

typedef struct fx_custom_decl {
  fx_str target;   /* as declared: torch.ops.NS.NAME[.OVERLOAD], or any other dotted name (__main__.fn) */
  fx_str function; /* the C function */
  char *sigtext;   /* the Python-style signature built from the parameters (fx_sig points into it) */
  fx_sig sig;
  fx_custom_param params[FX_SIG_MAX];
  int nparams;
  fx_custom_result results[FX_CUSTOM_MAX_RESULTS];
  int nresults;
  bool tuple;      /* the results are written as a tuple (the op returns a tuple even of one) */
  fx_loc loc;      /* the declaration's line */
  fxrt_custom_fn fn; /* fx2c run: the function loaded from the user's sources (NULL until then) */
} fx_custom_decl;

typedef struct fx_custom_ops {
  fx_source src;
  fx_custom_decl *decls;
  int n;
  char **sources; /* paths of the sources: lines, resolved against the file's folder */
  int nsources;
} fx_custom_ops;

/* Reads and checks a declaration file: one error with its position per malformed line, duplicates refused. */
bool fx_custom_ops_load(fx_custom_ops *ops, const char *path, fx_diag *d);
void fx_custom_ops_free(fx_custom_ops *ops);
/* The declaration that matches a call_function target, or -1. torch.ops.NS.NAME matches NAME and every overload
 * NAME.OVERLOAD; a declared overload matches itself (and NAME.default the packet NAME); the table form
 * <function NAME at 0x...> matches a declaration whose last dotted part is NAME. */
int fx_custom_ops_find(const fx_custom_ops *ops, fx_str target);

/* One dimension of a DTYPE[...] result: evaluates the expression with the call's values (vals[i] for an int
 * parameter i; shapes[i]/ndims[i] for a tensor parameter i). Returns false with a message in err on an error (a
 * shape index out of range, division by zero, overflow). */
bool fx_custom_eval_dim(const fx_custom_decl *decl, fx_str expr, const int64_t *vals, const int32_t *ndims,
                        const int64_t *const *shapes, int64_t *out, char *err, size_t errcap);

#endif
