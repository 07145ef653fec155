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
 * In-place writes through views: a strided view (program.h: fx_tinfo.base, .view) is a copy that lowering keeps in
 * step with its base, with strided copies (FX_K_COPY) of the node that needs them: after an in-place op writes into
 * the copy, back into the base; before the copy is read, from the base again if the base has been written since.
 *
 * Memory is named, not placed: an operand is a tensor id (its storage: the root of its alias chain), a scratch
 * buffer of the list, an inline scalar, or output slot j of the flattened returned value. program/plan.h places
 * them. Offsets are in elements of the operand's dtype.
 *
 * Each call is one runtime kernel (kernels.h), whose operands kernels.def describes: which of ref[], view[], i[], f[],
 * flag, sub, dt, dt2, ep and p each parameter of the fxrt_* function comes from. Lowering fills those fields; exec.c,
 * the emitters and the plan read them through the description, and fx_lower checks that a call sets no ref that its
 * kernel does not take.
 */
#ifndef FX_LOWER_H
#define FX_LOWER_H

#include "program.h"

#include "kernels.h"

typedef enum fx_ref_kind {
  FX_REF_NULL,    /* a NULL pointer */
  FX_REF_TENSOR,  /* the storage of tensor id (after aliases: its root) */
  FX_REF_SCRATCH, /* scratch buffer id of the list */
  FX_REF_SCALAR,  /* the call's scalar[id], a one-element value of the ref's dtype */
  FX_REF_OUTPUT,  /* output slot id (the flattened returned value) */
  FX_REF_SOURCE,  /* the original storage of an input or weight tensor id, which the plan copies into the arena
                     because the graph writes into it */
  FX_REF_CONST    /* constant id of the list: an array that lowering computed (fx_lconst; read only, not placed) */
} fx_ref_kind;

typedef struct fx_ref {
  uint8_t kind;  /* fx_ref_kind */
  uint8_t dtype; /* fxrt_dtype of the elements */
  uint32_t id;
  int64_t off;   /* in elements */
} fx_ref;

#define FX_KCALL_REFS 8 /* POINTWISE: the result and FXRT_PW_MAX_INPUTS inputs */
#define FX_KCALL_INTS 16 /* i[]: the 3-d kernels take up to 13 */

/* FX_K_CUSTOM: a call of a user-defined op (ops/custom.c), as fxrt_custom_call (runtime/fxrt.h) gives it to the
 * user's function: every argument and result with its values known at compile time; a tensor's data is the call's
 * ref[ref[j]] (arguments' tensors first, then the results'), filled in by whoever runs or writes the call. */
typedef struct fx_custom_site {
  const fx_custom_decl *decl;
  int32_t nargs, nresults;
  fxrt_custom_arg args[FX_SIG_MAX];
  fxrt_custom_arg results[FX_CUSTOM_MAX_RESULTS];
  int8_t arg_ref[FX_SIG_MAX];                /* a TENSOR argument's ref slot, else -1 */
  int8_t result_ref[FX_CUSTOM_MAX_RESULTS];  /* each result's ref slot */
  int64_t *pool;                             /* the shapes and int lists that args[].shape point into */
} fx_custom_site;

typedef struct fx_kcall {
  uint8_t kind;     /* fx_kind */
  int32_t sub;      /* the unary, binary or reduce op, the pad mode */
  uint32_t node;    /* the FX node it implements (FX_NONE_IDX: copying an output or an input) */
  fxrt_dtype dt, dt2;
  bool flag;
  bool has_ep;      /* CONV2D, WINOGRAD, LINEAR, MATMUL: ep is passed (residual in ref[4]) */
  fx_ref ref[FX_KCALL_REFS];
  fxrt_view view[FX_KCALL_REFS];
  int64_t i[FX_KCALL_INTS];
  double f[2];
  double scalar[3];   /* FX_REF_SCALAR values of floating-point refs */
  int64_t iscalar[3]; /* ... and of integer and bool refs (exact beyond 2^53) */
  fxrt_epilogue ep;
  const fx_custom_site *custom; /* CUSTOM: the call's description (owned by fx_lowered) */
  union {
    fxrt_conv2d_params conv;
    fxrt_conv_transpose2d_params convt;
    fxrt_pool2d_params pool;
    fxrt_conv3d_params conv3;
    fxrt_pool3d_params pool3;
    fxrt_unary_params un;
    fxrt_small_params small;
    fxrt_pw_insn pw[FXRT_PW_MAX_INSNS]; /* POINTWISE: i[1] instructions */
  } p;
} fx_kcall;

/* A constant array that lowering computes from the weights and the attributes (a quantized layer's requantization
 * scales and quantized bias): the interpreter reads it, the C emitter writes it as a static const array before the
 * run function (named WHAT_cID, under a comment naming the node), the LLVM emitter as a private constant. */
typedef struct fx_lconst {
  fxrt_dtype dtype;
  int64_t numel;
  void *data;       /* numel elements of dtype, 8-byte aligned (owned by fx_lowered) */
  const char *what; /* a C identifier: what the array holds */
  uint32_t node;    /* the node it belongs to */
} fx_lconst;

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
  fx_custom_site **sites; /* the CUSTOM calls' descriptions */
  uint32_t nsites;
  fx_lconst *consts;      /* FX_REF_CONST arrays */
  uint32_t nconsts, capconsts;
} fx_lowered;

/* Lowers every node with work. Reports every node that cannot be lowered (with its position); false if any. */
bool fx_lower(const fx_program *p, fx_lowered *L, fx_diag *d);
void fx_lowered_free(fx_lowered *L);

/* The refs a call passes to its kernel, from its description (kernels.def): slots[j] is an index into k->ref and
 * written[j] whether the kernel writes it (an OUT operand, a fused group's result); an epilogue's residual counts
 * when the call has one. Returns their count. Every other ref of the call is FX_REF_NULL (fx_lower checks it). */
int fx_kcall_refs(const fx_kcall *k, uint8_t slots[FX_KCALL_REFS], bool written[FX_KCALL_REFS]);
/* An estimate of the multiply-adds of a call of the kernels whose work grows faster than the data they read and
 * write (convolutions, linear, matmul); 0 for the others, which touch each element a few times. Saturates at
 * UINT64_MAX. Constant folding keeps its compile time within a budget with it. */
uint64_t fx_kcall_work(const fx_kcall *k);

/* Bytes of the elements of a tensor. */
size_t fx_tinfo_bytes(const fx_tinfo *t);
/* Whether two views have the same ndim, shape, strides and offset. */
bool fx_view_eq(const fxrt_view *a, const fxrt_view *b);

/* The loop nest of a POINTWISE call, as both backends write it: the result's dimensions with those of size 1 dropped
 * and those that every operand steps through as one row merged. sh: the loops' extents, outermost first; st[i]: input
 * i's strides per loop; ys: the (contiguous) result's. Returns the number of loops (0 for one element). */
int32_t fx_pointwise_loops(const fx_kcall *k, int64_t sh[FXRT_MAX_DIMS], int64_t st[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS],
                           int64_t ys[FXRT_MAX_DIMS]);

#endif
