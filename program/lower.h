/* lower.h: a built program (program/program.h) as a list of runtime kernel calls.
 *
 * Lowering decides everything that does not depend on the data: which fxrt_* function each node calls, with which
 * sizes, views and parameters, and which temporary buffers (dtype conversions, convolution workspaces, attention
 * scores) it needs. The interpreter executes the list and the C emitter prints it, so both run the same calls:
 *
 *     fx_lowered L;
 *     if (!fx_lower(&program, &L, &diag)) ...;       // errors (an unsupported mode) point at the node
 *     for (uint32_t k = 0; k < L.ncalls; k++) ... L.calls[k] ...
 *     fx_lowered_free(&L);
 *
 * Memory is named, not placed: an operand is a tensor id (its storage: the root of its alias chain), a scratch
 * buffer of the list, an inline scalar, or output slot j of the flattened returned value. program/plan.h places
 * them. Offsets are in elements of the operand's dtype.
 *
 * Operands of each kind, in the order of the fxrt_* function's parameters (r = ref[], v = view[], i = i[], f = f[]):
 *   UNARY        fxrt_unary_f32(sub, r0, r1, i0, &un)
 *   BINARY       fxrt_binary(sub, dt, r0, v0, r1, v1, r2, v2, f0)
 *   WHERE        fxrt_where(dt, r0, v0, r1, v1, r2, v2, r3, v3)
 *   COPY         fxrt_copy(dt, r0, v0, dt2, r1, v1)
 *   FILL         fxrt_fill(dt, r0, i0, f0)                ARANGE  fxrt_arange(dt, r0, i0, f0, f1)
 *   REDUCE       fxrt_reduce(sub, dt, r0, i0, i1, i2, r1)  CUMSUM  fxrt_cumsum(dt, r0, i0, i1, i2, r1)
 *   SOFTMAX      fxrt_softmax_f32(r0, i0, i1, i2, r1, flag)
 *   TOPK         fxrt_topk_f32(r0, i0, i1, i2, i3, flag, r1, r2)
 *   CONV2D       fxrt_conv2d_f32(r0, i0..i3, r1, i4, i5, i6, r2, r3, i7, i8, &conv, ep, r5, i9)   (ep: r4 residual)
 *   CONV_T2D     fxrt_conv_transpose2d_f32(r0, i0..i3, r1, i4, i5, i6, r2, r3, i7, i8, &convt)
 *   WINOGRAD     fxrt_winograd_conv2d_f32(sub, r0, i0..i3, r1, i4, r2, r3, i5..i8, ep, r5, i9)         (ep: r4 residual)
 *   LINEAR       fxrt_linear_f32(r0, i0, i1, r1, i2, r2, r3, ep)
 *   MATMUL       fxrt_matmul_f32(r0, v0, r1, v1, r2, v2, ep)
 *   BATCH_NORM   fxrt_batch_norm_f32(r0, i0, i1, i2, r1, r2, r3, r4, f0, r5)
 *   LAYER_NORM   fxrt_layer_norm_f32(r0, i0, i1, r1, r2, f0, r3, r4, r5)
 *   GROUP_NORM   fxrt_group_norm_f32(r0, i0, i1, i2, i3, r1, r2, f0, r3)
 *   MAX_POOL     fxrt_max_pool2d_f32(r0, i0..i3, r1, i4, i5, &pool, r2)
 *   AVG_POOL     fxrt_avg_pool2d_f32(r0, i0..i3, r1, i4, i5, &pool)
 *   ADAPTIVE_AVG fxrt_adaptive_avg_pool2d_f32(r0, i0..i3, r1, i4, i5)
 *   ADAPTIVE_MAX fxrt_adaptive_max_pool2d_f32(r0, i0..i3, r1, i4, i5, r2)
 *   NEAREST      fxrt_upsample_nearest2d_f32(r0, i0..i3, r1, i4, i5, f0, f1)
 *   BILINEAR     fxrt_upsample_bilinear2d_f32(r0, i0..i3, r1, i4, i5, flag, f0, f1)
 *   PAD2D        fxrt_pad2d_f32(sub, r0, i0..i3, {i4..i7}, r1)
 *   EMBEDDING    fxrt_embedding_f32(r0, i0, i1, r1, i2, r2)
 *   POINTWISE    fxrt_pointwise_f32(p.pw.code, i1, {r1..r[i0]}, {v1..v[i0]}, i0, r0, v0.ndim, v0.shape): a fused
 *                elementwise expression (ir/pointwise.h); r0 the result (contiguous, view v0), inputs r1..r[i0]
 *                read through their broadcast views v1..v[i0]. The C backend writes it as a loop of its own.
 */
#ifndef FX_LOWER_H
#define FX_LOWER_H

#include "program.h"

#define FX_KINDS(X)                                                                                                   \
  X(UNARY, "fxrt_unary_f32", "fxrt_elementwise.c")                                                                  \
  X(BINARY, "fxrt_binary", "fxrt_elementwise.c")                                                                    \
  X(WHERE, "fxrt_where", "fxrt_elementwise.c")                                                                      \
  X(COPY, "fxrt_copy", "fxrt_elementwise.c")                                                                        \
  X(FILL, "fxrt_fill", "fxrt_elementwise.c")                                                                        \
  X(ARANGE, "fxrt_arange", "fxrt_elementwise.c")                                                                    \
  X(REDUCE, "fxrt_reduce", "fxrt_reduce.c")                                                                         \
  X(CUMSUM, "fxrt_cumsum", "fxrt_reduce.c")                                                                         \
  X(SOFTMAX, "fxrt_softmax_f32", "fxrt_reduce.c")                                                                   \
  X(TOPK, "fxrt_topk_f32", "fxrt_reduce.c")                                                                         \
  X(CONV2D, "fxrt_conv2d_f32", "fxrt_conv.c")                                                                       \
  X(CONV_T2D, "fxrt_conv_transpose2d_f32", "fxrt_conv.c")                                                           \
  X(WINOGRAD, "fxrt_winograd_conv2d_f32", "fxrt_winograd.c")                                                         \
  X(LINEAR, "fxrt_linear_f32", "fxrt_matmul.c")                                                                     \
  X(MATMUL, "fxrt_matmul_f32", "fxrt_matmul.c")                                                                     \
  X(BATCH_NORM, "fxrt_batch_norm_f32", "fxrt_norm.c")                                                               \
  X(LAYER_NORM, "fxrt_layer_norm_f32", "fxrt_norm.c")                                                               \
  X(GROUP_NORM, "fxrt_group_norm_f32", "fxrt_norm.c")                                                               \
  X(MAX_POOL, "fxrt_max_pool2d_f32", "fxrt_pool.c")                                                                 \
  X(AVG_POOL, "fxrt_avg_pool2d_f32", "fxrt_pool.c")                                                                 \
  X(ADAPTIVE_AVG, "fxrt_adaptive_avg_pool2d_f32", "fxrt_pool.c")                                                    \
  X(ADAPTIVE_MAX, "fxrt_adaptive_max_pool2d_f32", "fxrt_pool.c")                                                    \
  X(NEAREST, "fxrt_upsample_nearest2d_f32", "fxrt_resize.c")                                                        \
  X(BILINEAR, "fxrt_upsample_bilinear2d_f32", "fxrt_resize.c")                                                      \
  X(PAD2D, "fxrt_pad2d_f32", "fxrt_resize.c")                                                                       \
  X(EMBEDDING, "fxrt_embedding_f32", "fxrt_resize.c")                                                               \
  X(POINTWISE, "fxrt_pointwise_f32", "fxrt_pointwise.c")

typedef enum fx_kind {
#define FX_KIND_ENUM(k, fn, file) FX_K_##k,
  FX_KINDS(FX_KIND_ENUM)
#undef FX_KIND_ENUM
  FX_NUM_KINDS
} fx_kind;

/* The runtime function a kind calls, and the runtime source file that defines it. */
const char *fx_kind_function(fx_kind k);
const char *fx_kind_file(fx_kind k);

typedef enum fx_ref_kind {
  FX_REF_NULL,    /* a NULL pointer */
  FX_REF_TENSOR,  /* the storage of tensor id (after aliases: its root) */
  FX_REF_SCRATCH, /* scratch buffer id of the list */
  FX_REF_SCALAR,  /* the call's scalar[id], a one-element value of the ref's dtype */
  FX_REF_OUTPUT,  /* output slot id (the flattened returned value) */
  FX_REF_SOURCE   /* the original storage of an input or weight tensor id, which the plan copies into the arena
                     because the graph writes into it */
} fx_ref_kind;

typedef struct fx_ref {
  uint8_t kind;  /* fx_ref_kind */
  uint8_t dtype; /* fxrt_dtype of the elements */
  uint32_t id;
  int64_t off;   /* in elements */
} fx_ref;

#define FX_KCALL_REFS 8 /* POINTWISE: the result and FXRT_PW_MAX_INPUTS inputs */

typedef struct fx_kcall {
  uint8_t kind;     /* fx_kind */
  int32_t sub;      /* the unary, binary or reduce op, the pad mode */
  uint32_t node;    /* the FX node it implements (FX_NONE_IDX: copying an output or an input) */
  fxrt_dtype dt, dt2;
  bool flag;
  bool has_ep;      /* CONV2D, WINOGRAD, LINEAR, MATMUL: ep is passed (residual in ref[4]) */
  fx_ref ref[FX_KCALL_REFS];
  fxrt_view view[FX_KCALL_REFS];
  int64_t i[10];
  double f[2];
  double scalar[3];   /* FX_REF_SCALAR values of floating-point refs */
  int64_t iscalar[3]; /* ... and of integer and bool refs (exact beyond 2^53) */
  fxrt_epilogue ep;
  union {
    fxrt_conv2d_params conv;
    fxrt_conv_transpose2d_params convt;
    fxrt_pool2d_params pool;
    fxrt_unary_params un;
    fxrt_pw_insn pw[FXRT_PW_MAX_INSNS]; /* POINTWISE: i[1] instructions */
  } p;
} fx_kcall;

typedef struct fx_scratch {
  fxrt_dtype dtype;
  int64_t numel;
} fx_scratch;

/* One element of the flattened returned value: a tensor, or a Python number known at compile time (written as a
 * 0-dimensional array: f64 for floats, i64 for ints, bool). */
typedef struct fx_output {
  bool is_tensor;
  uint32_t tensor;  /* is_tensor */
  fxrt_dtype dtype;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  double value;     /* !is_tensor */
  bool direct;      /* the tensor's storage (its root) is the output buffer itself: no copy at the end */
} fx_output;

typedef struct fx_lowered {
  const fx_program *p;
  fx_kcall *calls;
  uint32_t ncalls, capcalls;
  fx_scratch *scratch;
  uint32_t nscratch, capscratch;
  fx_output *outputs;
  uint32_t noutputs;
  uint32_t *first_call; /* by node index: its calls are [first_call, end_call) (FX_NONE_IDX: erased node) */
  uint32_t *end_call;
} fx_lowered;

/* Lowers every node with work. Reports every node that cannot be lowered (with its position); false if any. */
bool fx_lower(const fx_program *p, fx_lowered *L, fx_diag *d);
void fx_lowered_free(fx_lowered *L);

/* Bytes of the elements of a tensor. */
size_t fx_tinfo_bytes(const fx_tinfo *t);

/* The loop nest of a POINTWISE call, as both backends write it: the result's dimensions with those of size 1 dropped
 * and those that every operand steps through as one row merged. sh: the loops' extents, outermost first; st[i]: input
 * i's strides per loop; ys: the (contiguous) result's. Returns the number of loops (0 for one element). */
int32_t fx_pointwise_loops(const fx_kcall *k, int64_t sh[FXRT_MAX_DIMS], int64_t st[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS],
                           int64_t ys[FXRT_MAX_DIMS]);

#endif
