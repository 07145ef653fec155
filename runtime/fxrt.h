/* fxrt.h: the fx2c tensor runtime.
 *
 * Portable C99 kernels shared by fx2c's reference interpreter and by the code fx2c generates. No malloc, no stdio,
 * no global state: memory comes from the caller (outputs, and a workspace where a kernel asks for one), and every
 * function returns an fxrt_status. Each kernel matches a PyTorch operator; its comment names the PyTorch function
 * whose semantics it follows.
 *
 * Layout. Tensors are PyTorch's: row-major, NCHW for images, weights in PyTorch's own layout (a conv weight is
 * [out_channels, in_channels/groups, kh, kw], a linear weight [out_features, in_features]). Kernels that take plain
 * pointers want contiguous data. Kernels that take an fxrt_view read (or write) through strides, so a transposed,
 * broadcast (stride 0), sliced or flipped (negative stride) tensor needs no copy.
 *
 * A typical call:
 *
 *     fxrt_conv2d_params p = {{2, 2}, {3, 3}, {1, 1}, 1};
 *     fxrt_status s = fxrt_conv2d_f32(x, 1, 3, 224, 224, w, 64, 7, 7, b, y, 112, 112, &p, NULL, ws, ws_bytes, NULL);
 *     if (s != FXRT_OK) return s;
 *
 * Epilogues. Conv, linear and matmul take an optional fxrt_epilogue (NULL for none): after the bias, each output
 * element gets `+ residual[i]` (if residual is set) and then the activation, so conv + bias + residual + ReLU is one
 * call. Pre-packed weights will be added as separate functions; these keep PyTorch's layout.
 */
#ifndef FXRT_H
#define FXRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fxrt_status {
  FXRT_OK = 0,
  FXRT_EINVAL = 1,    /* a shape, size or parameter that the operation does not accept */
  FXRT_EDTYPE = 2,    /* a dtype the kernel does not handle */
  FXRT_ERANGE = 3,    /* an index out of range (embedding, gather) */
  FXRT_ENOTSUP = 4,   /* a mode the kernel does not implement */
  FXRT_EWORKSPACE = 5, /* the workspace given is smaller than the kernel's *_workspace_size() */
  FXRT_EASSERT = 6,    /* a condition that the model asserts (torch._assert) is false */
  FXRT_ECUSTOM = 7     /* a user-defined op (fx2c --custom-ops) returned an error */
} fxrt_status;

/* The name of a status ("invalid argument", ...). */
const char *fxrt_status_str(fxrt_status s);

/* The instruction set the kernels run with: "avx512", "avx2" or "baseline" when the runtime chooses it at run time
 * from the CPU (x86-64 builds with GCC or clang; see fxrt_isa.h), else what the build fixed at compile time: "avx512
 * (compile time)", "avx2 (compile time)" or "baseline (compile time)". */
const char *fxrt_isa_name(void);

/* ---- threads ------------------------------------------------------------------------------------------------ */

/* A pool of threads that the caller owns: the runtime starts no thread and has no global state, so a kernel that can
 * split its work takes the pool as its last argument, `threads` (NULL: the calling thread alone, as on firmware),
 * and hands it independent pieces. run(self, n, task, ctx) must call task(ctx, i, worker) exactly once for each i in
 * [0, n), from the calling thread and up to nthreads - 1 others (worker: a number in [0, nthreads) that no other call
 * running at the same time has), and return when every call has returned. The pieces write disjoint outputs and each
 * computes its outputs the same way whoever runs it, so results are bit-identical for any number of threads.
 * fxrt_threads.h implements one with pthreads (host builds). */
typedef void (*fxrt_task)(void *ctx, int64_t i, int32_t worker);
typedef struct fxrt_threadpool {
  int32_t nthreads; /* how many calls of a task may run at once, the calling thread's included (>= 1) */
  void (*run)(void *self, int64_t n, fxrt_task task, void *ctx);
  void *self;
} fxrt_threadpool;

/* The most workers that a kernel with scratch per worker (Winograd, attention) has room for in its workspace: fx2c
 * sizes host programs' workspaces for this many, firmware's for one. */
#define FXRT_WS_WORKERS 4

typedef enum fxrt_dtype {
  FXRT_F32,
  FXRT_F64,
  FXRT_F16,
  FXRT_BF16,
  FXRT_I64,
  FXRT_I32,
  FXRT_I16,
  FXRT_I8,
  FXRT_U8,
  FXRT_BOOL,
  FXRT_NUM_DTYPES
} fxrt_dtype;

/* Bytes per element (bool is one byte, 0 or 1). */
size_t fxrt_dtype_size(fxrt_dtype dt);
/* "f32", "i64", ... as in fx2c's --input syntax. */
const char *fxrt_dtype_name(fxrt_dtype dt);

/* Half-precision conversions (round to nearest even), for loading f16/bf16 weights. */
float fxrt_f16_to_f32(uint16_t h);
uint16_t fxrt_f32_to_f16(float f);
float fxrt_bf16_to_f32(uint16_t h);
uint16_t fxrt_f32_to_bf16(float f);

#define FXRT_MAX_DIMS 8

/* A strided view of a tensor's memory, in elements: element (i0, ..., in-1) lives at
 * base[offset + i0*stride[0] + ... + in-1*stride[n-1]]. ndim 0 is a scalar (one element at base[offset]). */
typedef struct fxrt_view {
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  int64_t stride[FXRT_MAX_DIMS];
  int64_t offset;
} fxrt_view;

/* The contiguous view of a shape. */
fxrt_view fxrt_view_contiguous(int32_t ndim, const int64_t *shape);
/* The number of elements of a view. */
int64_t fxrt_view_numel(const fxrt_view *v);

/* ---- epilogues ---------------------------------------------------------------------------------------------- */

/* The epilogue activations, X(ID, name): name as fx2c.fused_conv / fused_linear spell activation='...'. */
#define FXRT_ACTS(X)                                                                                                  \
  X(NONE, none)                                                                                                      \
  X(RELU, relu)               /* torch.nn.functional.relu */                                                         \
  X(RELU6, relu6)             /* relu6 = hardtanh(0, 6) */                                                           \
  X(CLAMP, clamp)             /* clamp(lo, hi); hardtanh */                                                          \
  X(LEAKY_RELU, leaky_relu)   /* leaky_relu(alpha) */                                                                \
  X(SIGMOID, sigmoid)                                                                                                \
  X(TANH, tanh)                                                                                                      \
  X(SILU, silu)               /* x * sigmoid(x) */                                                                   \
  X(HARDSWISH, hardswish)     /* x * relu6(x + 3) / 6 */                                                             \
  X(HARDSIGMOID, hardsigmoid) /* relu6(x + 3) / 6 */                                                                 \
  X(GELU, gelu)               /* 0.5 x (1 + erf(x / sqrt 2)) */                                                      \
  X(GELU_TANH, gelu_tanh)     /* gelu(approximate='tanh') */

typedef enum fxrt_act {
#define FXRT_ACT_ENUM(id, name) FXRT_ACT_##id,
  FXRT_ACTS(FXRT_ACT_ENUM)
#undef FXRT_ACT_ENUM
  FXRT_NUM_ACTS
} fxrt_act;

typedef struct fxrt_epilogue {
  fxrt_act act;
  float alpha;          /* leaky_relu's negative slope */
  float lo, hi;         /* clamp's bounds */
  const float *residual; /* NULL, or a contiguous tensor of the output's shape added before the activation */
} fxrt_epilogue;

/* Applies an activation to one value (the reference for every epilogue). */
float fxrt_act_apply(fxrt_act act, float x, float alpha, float lo, float hi);

/* ---- elementwise (fxrt_elementwise.c) ----------------------------------------------------------------------- */

/* The elementwise ops: X(ID, name, ...), where name is PyTorch's spelling of the op, which fx2c's op table, lowering,
 * elementwise fusion (fx2c.pointwise expressions and their fxrt_s_NAME functions in fxrt_scalar.h) and both
 * emitters share. Unary: nparams is how many of fxrt_unary_params' a, b, c the op reads. */
#define FXRT_UNARY_OPS(X)                                                                                             \
  X(RELU, relu, 0) X(RELU6, relu6, 0) X(LEAKY_RELU, leaky_relu, 1) /* a */                                           \
  X(ELU, elu, 3) /* a = alpha, b = scale, c = input_scale */                                                         \
  X(GELU, gelu, 0) X(GELU_TANH, gelu_tanh, 0) X(SILU, silu, 0) X(SIGMOID, sigmoid, 0) X(TANH, tanh, 0)               \
  X(HARDSWISH, hardswish, 0) X(HARDSIGMOID, hardsigmoid, 0) X(CLAMP, clamp, 2) /* [a, b]; NaN bounds mean none */    \
  X(MISH, mish, 0) X(SOFTPLUS, softplus, 2) /* beta a, threshold b */                                                \
  X(EXP, exp, 0) X(LOG, log, 0) X(SQRT, sqrt, 0) X(RSQRT, rsqrt, 0) X(NEG, neg, 0) X(ABS, abs, 0)                    \
  X(RECIPROCAL, reciprocal, 0) X(ERF, erf, 0) X(SIN, sin, 0) X(COS, cos, 0) X(FLOOR, floor, 0) X(CEIL, ceil, 0)      \
  X(ROUND, round, 0) /* half to even */ X(SIGN, sign, 0) X(POW_SCALAR, pow_scalar, 1) /* x ** a */                  \
  X(NAN_TO_NUM, nan_to_num, 3) /* nan -> a, +inf -> b, -inf -> c */                                                \
  X(ACOS, acos, 0) X(ASIN, asin, 0) X(ATAN, atan, 0) X(ACOSH, acosh, 0) X(ASINH, asinh, 0) X(ATANH, atanh, 0)        \
  X(COSH, cosh, 0) X(SINH, sinh, 0) X(TAN, tan, 0) X(TRUNC, trunc, 0) X(FRAC, frac, 0) X(LOG10, log10, 0)            \
  X(LOG2, log2, 0) X(LOG1P, log1p, 0) X(EXPM1, expm1, 0) X(EXP2, exp2, 0) X(ERFC, erfc, 0) X(LGAMMA, lgamma, 0)      \
  X(SINC, sinc, 0) X(DEG2RAD, deg2rad, 0) X(RAD2DEG, rad2deg, 0) X(LOG_SIGMOID, log_sigmoid, 0)                      \
  X(SOFTSIGN, softsign, 0) X(TANHSHRINK, tanhshrink, 0) X(HARDSHRINK, hardshrink, 1) /* lambd */                     \
  X(SOFTSHRINK, softshrink, 1) /* lambd */ X(THRESHOLD, threshold, 2) /* threshold a, value b */                     \
  X(LOGIT, logit, 1) /* eps, NaN for None */ X(ENTR, entr, 0) X(NDTR, ndtr, 0) X(ERFCX, erfcx, 0)                    \
  X(LOG_NDTR, log_ndtr, 0) X(DIGAMMA, digamma, 0) X(ERFINV, erfinv, 0)                                               \
  /* fxrt_special.h: */ X(I0, i0, 0) X(I0E, i0e, 0) X(I1, i1, 0) X(I1E, i1e, 0)                                      \
  X(MODIFIED_BESSEL_K0, modified_bessel_k0, 0) X(MODIFIED_BESSEL_K1, modified_bessel_k1, 0)                          \
  X(SCALED_MODIFIED_BESSEL_K0, scaled_modified_bessel_k0, 0)                                                         \
  X(SCALED_MODIFIED_BESSEL_K1, scaled_modified_bessel_k1, 0)                                                         \
  X(BESSEL_J0, bessel_j0, 0) X(BESSEL_J1, bessel_j1, 0) X(BESSEL_Y0, bessel_y0, 0) X(BESSEL_Y1, bessel_y1, 0)        \
  X(SPHERICAL_BESSEL_J0, spherical_bessel_j0, 0) X(AIRY_AI, airy_ai, 0) X(NDTRI, ndtri, 0)

typedef enum fxrt_unary_op {
#define FXRT_U_ENUM(id, name, nparams) FXRT_U_##id,
  FXRT_UNARY_OPS(FXRT_U_ENUM)
#undef FXRT_U_ENUM
  FXRT_NUM_UNARY_OPS
} fxrt_unary_op;

typedef struct fxrt_unary_params {
  float a, b, c;
} fxrt_unary_params;

/* y[i] = op(x[i]) for n contiguous f32 elements; y may be x. */
fxrt_status fxrt_unary_f32(fxrt_unary_op op, const float *x, float *y, int64_t n, const fxrt_unary_params *p);

/* Binary: fused is 1 for the f32 arithmetic that fx2c.pointwise expressions compute (fxrt_s_NAME). */
#define FXRT_BINARY_OPS(X)                                                                                            \
  X(ADD, add, 1) /* a + alpha*b */ X(SUB, sub, 1) /* a - alpha*b */ X(MUL, mul, 1) X(DIV, div, 1) /* true division */ \
  X(FLOOR_DIV, floor_divide, 0) X(REM, remainder, 0) /* Python's %, sign of b */ X(POW, pow, 1)                      \
  X(MAX, maximum, 1) X(MIN, minimum, 1)                                                                              \
  X(EQ, eq, 0) X(NE, ne, 0) X(LT, lt, 0) X(LE, le, 0) X(GT, gt, 0) X(GE, ge, 0) /* comparisons: bool output */       \
  X(AND, logical_and, 0) X(OR, logical_or, 0) X(XOR, logical_xor, 0) /* logical for bool, bitwise for integers */    \
  X(TRUNC_DIV, trunc_divide, 0) /* div(rounding_mode='trunc') */ X(FMOD, fmod, 0) /* C's, sign of a */               \
  X(FMAX, fmax, 0) X(FMIN, fmin, 0) /* NaN ignored */ X(HEAVISIDE, heaviside, 0) /* ints too; the rest float only */  \
  X(ATAN2, atan2, 0) X(COPYSIGN, copysign, 0) X(HYPOT, hypot, 0) X(NEXTAFTER, nextafter, 0) X(XLOGY, xlogy, 0)       \
  X(XLOG1PY, xlog1py, 0) X(LOGADDEXP, logaddexp, 0) X(LOGADDEXP2, logaddexp2, 0)                                     \
  /* special functions of two arguments (fxrt_special2.h), f32 and f64: zeta(x, q), polygamma(n, x) with n the       \
   * first operand, igamma(a, x), igammac(a, x), then the polynomials f(x, n) of n truncated to an integer */        \
  X(ZETA, special_zeta, 0) X(POLYGAMMA, polygamma, 0) X(IGAMMA, igamma, 0) X(IGAMMAC, igammac, 0)                    \
  X(CHEBYSHEV_T, special_chebyshev_polynomial_t, 0) X(CHEBYSHEV_U, special_chebyshev_polynomial_u, 0)                \
  X(CHEBYSHEV_V, special_chebyshev_polynomial_v, 0) X(CHEBYSHEV_W, special_chebyshev_polynomial_w, 0)                \
  X(SHIFTED_CHEBYSHEV_T, special_shifted_chebyshev_polynomial_t, 0)                                                  \
  X(SHIFTED_CHEBYSHEV_U, special_shifted_chebyshev_polynomial_u, 0)                                                  \
  X(SHIFTED_CHEBYSHEV_V, special_shifted_chebyshev_polynomial_v, 0)                                                  \
  X(SHIFTED_CHEBYSHEV_W, special_shifted_chebyshev_polynomial_w, 0) X(HERMITE_H, special_hermite_polynomial_h, 0)    \
  X(HERMITE_HE, special_hermite_polynomial_he, 0) X(LAGUERRE_L, special_laguerre_polynomial_l, 0)                    \
  X(LEGENDRE_P, special_legendre_polynomial_p, 0)

typedef enum fxrt_binary_op {
#define FXRT_B_ENUM(id, name, fused) FXRT_B_##id,
  FXRT_BINARY_OPS(FXRT_B_ENUM)
#undef FXRT_B_ENUM
  FXRT_NUM_BINARY_OPS
} fxrt_binary_op;

/* y = a op b with broadcasting: av, bv and yv have the same ndim; av and bv use stride 0 on broadcast dimensions;
 * yv is where the result goes (usually contiguous). Both inputs have dtype dt; y has dt, or FXRT_BOOL for
 * comparisons. dt: f32, f64, i64, i32, bool (arithmetic on bool is refused with FXRT_EDTYPE except AND/OR/XOR, EQ,
 * NE). Integer division by zero gives FXRT_EINVAL. alpha scales b for ADD and SUB (1 otherwise). y may alias a or b
 * when it has exactly their layout. */
fxrt_status fxrt_binary(fxrt_binary_op op, fxrt_dtype dt, const void *a, const fxrt_view *av, const void *b,
                        const fxrt_view *bv, void *y, const fxrt_view *yv, double alpha);

/* torch._assert(cond): FXRT_EASSERT when the one element of cond (of dtype dt) is zero or false, as Python's bool()
 * sees it (NaN is true); FXRT_OK otherwise. */
fxrt_status fxrt_assert(fxrt_dtype dt, const void *cond);

/* torch.where(cond, a, b) with broadcasting, as fxrt_binary; cond is bool. */
fxrt_status fxrt_where(fxrt_dtype dt, const uint8_t *cond, const fxrt_view *cv, const void *a, const fxrt_view *av,
                       const void *b, const fxrt_view *bv, void *y, const fxrt_view *yv);

/* Copies src (read through sv) to dst (written through dv), converting from sdt to ddt (Tensor.to: float to int
 * truncates toward zero, anything to bool is != 0). sv and dv have the same shape. This one kernel materialises
 * permute, transpose, expand, slicing, flip and cat (each input copied into a slice view of the output). */
fxrt_status fxrt_copy(fxrt_dtype sdt, const void *src, const fxrt_view *sv, fxrt_dtype ddt, void *dst,
                      const fxrt_view *dv);

/* y[0..n) = value, converted to dt. */
fxrt_status fxrt_fill(fxrt_dtype dt, void *y, int64_t n, double value);
/* y[i] = start + i*step, for torch.arange. */
fxrt_status fxrt_arange(fxrt_dtype dt, void *y, int64_t n, double start, double step);

/* ---- fused elementwise (fxrt_pointwise.c) -------------------------------------------------------------------- */
/* A chain or tree of f32 elementwise ops computed in one pass over the output, with no intermediate tensors. The
 * expression is a straight-line program: instruction i computes register i from earlier registers, an input or a
 * constant, each op as fxrt_scalar.h computes it; the last register is the result. fx2c's C backend writes the same
 * program as a loop of its own; this kernel is what the interpreter runs. */

#define FXRT_PW_MAX_INSNS 32
#define FXRT_PW_MAX_INPUTS 7

typedef enum fxrt_pw_kind {
  FXRT_PW_LOAD,   /* reg = input a at the current element (through its view) */
  FXRT_PW_CONST,  /* reg = p[0] */
  FXRT_PW_UNARY,  /* reg = op(reg a) for an fxrt_unary_op, parameters p[0..2] as fxrt_unary_params a, b, c */
  FXRT_PW_BINARY  /* reg = reg a op reg b for FXRT_B_ADD, SUB, MUL, DIV, POW, MAX or MIN (alpha 1) */
} fxrt_pw_kind;

typedef struct fxrt_pw_insn {
  uint8_t kind; /* fxrt_pw_kind */
  uint8_t op;   /* the fxrt_unary_op or fxrt_binary_op */
  uint8_t a, b; /* operand registers (LOAD: the input) */
  float p[3];
} fxrt_pw_insn;

/* y = the expression code[0..ncode) at every element of y (contiguous, shape[0..ndim)). Input i is read through
 * views[i], which has y's ndim and shape and stride 0 on broadcast dimensions. y may alias an input whose view is
 * exactly y's contiguous layout. */
fxrt_status fxrt_pointwise_f32(const fxrt_pw_insn *code, int32_t ncode, const float *const *inputs,
                               const fxrt_view *views, int32_t ninputs, float *y, int32_t ndim, const int64_t *shape);

/* One element of an FXRT_PW_UNARY or FXRT_PW_BINARY instruction, out of line (for code generators that build their
 * own loops and call these for the ops they do not expand): op(v; a, b, c) and op(x, y). An unknown op gives NaN. */
float fxrt_pw_unary_scalar(int32_t op, float v, float a, float b, float c);
float fxrt_pw_binary_scalar(int32_t op, float x, float y);

/* ---- reductions (fxrt_reduce.c) ----------------------------------------------------------------------------- */
/* Reductions see the input as [outer, len, inner] (the reduced dimension in the middle, contiguous) and write
 * [outer, inner]. Several adjacent dimensions reduce as one (len = their product). */

#define FXRT_REDUCE_OPS(X)                                                                                            \
  X(SUM, sum) X(MEAN, mean) X(PROD, prod) X(MAX, amax) X(MIN, amin) /* y has dt */                                  \
  X(ARGMAX, argmax) X(ARGMIN, argmin) /* y is i64; the first index of the extreme value, as torch.argmax */          \
  X(ANY, any) X(ALL, all)             /* y is bool */

typedef enum fxrt_reduce_op {
#define FXRT_R_ENUM(id, name) FXRT_R_##id,
  FXRT_REDUCE_OPS(FXRT_R_ENUM)
#undef FXRT_R_ENUM
  FXRT_NUM_REDUCE_OPS
} fxrt_reduce_op;

/* dt: f32, i64, bool (sum of bool and i64 give i64 in PyTorch: the caller converts first). MAX/MIN propagate NaN.
 * len 0: SUM 0, PROD 1, MEAN NaN; MAX/MIN/ARGMAX/ARGMIN give FXRT_EINVAL. */
fxrt_status fxrt_reduce(fxrt_reduce_op op, fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner,
                        void *y);

/* softmax / log_softmax along the middle dimension of [outer, len, inner] (numerically stable). */
fxrt_status fxrt_softmax_f32(const float *x, int64_t outer, int64_t len, int64_t inner, float *y, bool log);

/* torch.topk along the middle dimension: values and indices are [outer, k, inner]. Equal values keep the lower
 * index first. */
fxrt_status fxrt_topk_f32(const float *x, int64_t outer, int64_t len, int64_t inner, int64_t k, bool largest,
                          float *values, int64_t *indices);

/* The scans along the middle dimension of [outer, len, inner]: y (same layout, dtype dt) at row r combines rows
 * 0..r, in order, as torch's CPU kernels do: cumsum and cumprod (f32 accumulates in double, integers wrap
 * around), cummax and cummin (with indices: a NaN once seen stays, the index of the last NaN; ties give the last
 * index), logcumsumexp. */
#define FXRT_SCAN_OPS(X) X(SUM, cumsum) X(PROD, cumprod) X(MAX, cummax) X(MIN, cummin) X(LOGSUMEXP, logcumsumexp)

typedef enum fxrt_scan_op {
#define FXRT_SCAN_ENUM(id, name) FXRT_SCAN_##id,
  FXRT_SCAN_OPS(FXRT_SCAN_ENUM)
#undef FXRT_SCAN_ENUM
      FXRT_NUM_SCAN_OPS
} fxrt_scan_op;

/* dt: SUM, PROD: f32, f64, i64, i32, i16, i8, u8 (PyTorch gives integer inputs an i64 result: the caller converts
 * first); MAX, MIN: those and bool, indices (i64, [outer, len, inner]) required; LOGSUMEXP: f32, f64. indices is
 * ignored by the others (may be NULL). y may be x. */
fxrt_status fxrt_scan(fxrt_scan_op op, fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner, void *y,
                      int64_t *indices);

/* ---- convolution (fxrt_conv.c) ------------------------------------------------------------------------------ */

typedef struct fxrt_conv2d_params {
  int64_t stride[2], padding[2], dilation[2];
  int64_t groups;
  int64_t pad_extra[2]; /* rows and columns of zeros after the input (bottom, right) beyond `padding`: the end
                           padding minus the start padding, for asymmetric padding (F.pad folded into the conv);
                           0, as when an initializer leaves it out, is torch's symmetric padding */
} fxrt_conv2d_params;

/* torch.nn.functional.conv2d: x [n, c, h, w], weight [k, c/groups, kh, kw], bias [k] or NULL, y [n, k, oh, ow]
 * with oh = (h + 2*padding + pad_extra - dilation*(kh-1) - 1)/stride + 1 (the caller computes it; a mismatch is
 * FXRT_EINVAL; the end padding padding + pad_extra must not be negative).
 * conv1d is conv2d with h = kh = 1. The workspace (ws, ws_bytes) must be at least fxrt_conv2d_workspace_size(),
 * which is the same for every instruction set the runtime is compiled for (generated code computes it at compile time)
 * and for any pool. pool (NULL: none) gets the output channels of a depthwise convolution, and the rows of the
 * weight times the column panels of each block of the GEMM's (and the packing of the panels). */
size_t fxrt_conv2d_workspace_size(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw,
                                  int64_t oh, int64_t ow, const fxrt_conv2d_params *p);
fxrt_status fxrt_conv2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight,
                            int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow,
                            const fxrt_conv2d_params *p, const fxrt_epilogue *ep, void *ws, size_t ws_bytes,
                            const fxrt_threadpool *threads);

typedef struct fxrt_conv_transpose2d_params {
  int64_t stride[2], padding[2], output_padding[2], dilation[2];
  int64_t groups;
} fxrt_conv_transpose2d_params;

/* torch.nn.functional.conv_transpose2d: weight [c, k/groups, kh, kw], y [n, k, oh, ow] with
 * oh = (h-1)*stride - 2*padding + dilation*(kh-1) + output_padding + 1. */
fxrt_status fxrt_conv_transpose2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                                      const float *weight, int64_t k, int64_t kh, int64_t kw, const float *bias,
                                      float *y, int64_t oh, int64_t ow, const fxrt_conv_transpose2d_params *p);

typedef struct fxrt_conv3d_params {
  int64_t stride[3], padding[3], dilation[3]; /* depth, height, width */
  int64_t groups;
  int64_t output_padding[3];                  /* conv_transpose3d only (0 for conv3d) */
} fxrt_conv3d_params;

/* torch.nn.functional.conv3d: x [n, c, d, h, w], weight [k, c/groups, kd, kh, kw], bias [k] or NULL,
 * y [n, k, od, oh, ow] with od = (d + 2*padding - dilation*(kd-1) - 1)/stride + 1 (the same for h and w), then the
 * epilogue (as fxrt_conv2d_f32: + residual [n, k, od, oh, ow], the activation). Computed per image and output depth
 * as the sum over the kernel's depth taps of fxrt_conv2d_f32 on one input depth slice (gathered into the
 * workspace), so that threads split the work as conv2d's do. The workspace must be at least
 * fxrt_conv3d_workspace_size() (the same for every instruction set). */
size_t fxrt_conv3d_workspace_size(int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, int64_t k, int64_t kd,
                                  int64_t kh, int64_t kw, int64_t od, int64_t oh, int64_t ow,
                                  const fxrt_conv3d_params *p);
fxrt_status fxrt_conv3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, const float *weight,
                            int64_t k, int64_t kd, int64_t kh, int64_t kw, const float *bias, float *y, int64_t od,
                            int64_t oh, int64_t ow, const fxrt_conv3d_params *p, const fxrt_epilogue *ep, void *ws,
                            size_t ws_bytes, const fxrt_threadpool *threads);
/* torch.nn.functional.conv_transpose3d: weight [c, k/groups, kd, kh, kw], y [n, k, od, oh, ow] with
 * od = (d-1)*stride - 2*padding + dilation*(kd-1) + output_padding + 1 (the same for h and w). No workspace. */
fxrt_status fxrt_conv_transpose3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w,
                                      const float *weight, int64_t k, int64_t kd, int64_t kh, int64_t kw,
                                      const float *bias, float *y, int64_t od, int64_t oh, int64_t ow,
                                      const fxrt_conv3d_params *p);

/* ---- Winograd convolution (fxrt_winograd.c) ----------------------------------------------------------------- */
/* conv2d for 3x3 kernels, stride 1, dilation 1, one group, by Winograd's minimal filtering on a weight transformed
 * ahead of time: F(4x4, 3x3) (tile 4: 36 multiplications per 4x4 output tile and channel pair instead of 144) or
 * F(2x2, 3x3) (tile 2: 16 instead of 36; for small images, where 4x4 tiles would be few and the weight 4x as large).
 * fx2c's winograd pass (-O2) computes the weight when it compiles the model, so the generated code only calls
 * fxrt_winograd_conv2d_f32:
 *
 *     float *u = ...;                                       // fxrt_winograd_weight_numel(4, k, c) floats
 *     fxrt_winograd_weight_f32(4, weight, k, c, u);         // weight [k, c, 3, 3], once
 *     fxrt_winograd_conv2d_f32(4, x, n, c, h, w, u, k, bias, y, h, w, 1, 1, NULL, ws, ws_bytes, NULL);  // padding 1
 *
 * The transformed weight is U[tp][kp/16][c][16], tp = (tile + 2)^2 transform points, kp = k rounded up to 16
 * (channels k..kp-1 are zeros): point xi of G g G^T for output channel o and input channel ci at
 * ((xi*kp/16 + o/16)*c + ci)*16 + o%16. Results differ from fxrt_conv2d_f32's by rounding only (see
 * fxrt_winograd.c). A tile other than 2 or 4 is FXRT_EINVAL. */
#define FXRT_WINOGRAD_PANEL 16

/* Elements of the transformed weight of a [k, c, 3, 3] weight: tp * kp * c (0 for sizes or a tile out of range). */
int64_t fxrt_winograd_weight_numel(int64_t tile, int64_t k, int64_t c);
/* u = the transformed weight of weight [k, c, 3, 3], computed in double precision. */
fxrt_status fxrt_winograd_weight_f32(int64_t tile, const float *weight, int64_t k, int64_t c, float *u);
/* torch.nn.functional.conv2d(x, weight, bias, stride=1, padding=(ph, pw)) with a 3x3 weight given as its transform u,
 * then the epilogue (as fxrt_conv2d_f32): x [n, c, h, w], bias [k] or NULL, y [n, k, oh, ow] with oh = h + 2*ph - 2
 * and ow = w + 2*pw - 2. (ph, pw) are the rows and columns of zeros before the input; those after it follow from the
 * output size, so oh = h + ph + ph_end - 2 with any ph_end >= 0 computes an asymmetric padding (F.pad folded into
 * the conv); a negative end padding is FXRT_EINVAL. The workspace must hold fxrt_winograd_workspace_size() bytes for
 * one worker at least, which is the same for every instruction set (about 1 MiB for most layers: tiles are processed
 * in chunks, and each worker has about 110 KiB of its own). threads (NULL: none) gets the tiles of the input
 * transform, and ranges of output channels, each with the room of one worker, for the products and the output
 * transform: a workspace sized for fewer workers than there are threads uses fewer threads there. */
size_t fxrt_winograd_workspace_size(int64_t tile, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t oh,
                                    int64_t ow, int64_t ph, int64_t pw, int64_t workers);
fxrt_status fxrt_winograd_conv2d_f32(int64_t tile, const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                                     const float *u, int64_t k, const float *bias, float *y, int64_t oh, int64_t ow,
                                     int64_t ph, int64_t pw, const fxrt_epilogue *ep, void *ws, size_t ws_bytes,
                                     const fxrt_threadpool *threads);

/* ---- convolutions in the blocked channel layout (fxrt_nchwc.c) -------------------------------------------------- */
/* NCHW16c: a tensor [n, c, h, w] stored as [n, cb, h, w, 16] with cb = ceil(c / 16), channel ch of pixel (y, x) at
 * ((b*cb + ch/16)*h*w + y*w + x)*16 + ch%16; the channels from c up to cb*16 are zeros. A pixel's 16 channels are one
 * AVX-512 vector (two AVX2 ones), so a depthwise convolution multiplies whole vectors of taps, and a 1x1 one
 * broadcasts an input channel against 16 output channels of packed weights: no padding of rows or planes to a
 * multiple of the vector, which the NCHW kernels pay on small planes (7x7 = 49 pixels in 64 lanes). The block is the
 * same for every instruction set, so a program's buffers do not depend on the CPU. fx2c's nchwc pass (-O2) packs the
 * weights when it compiles a model and puts the reorders where the blocked region begins and ends. */
#define FXRT_NCHWC_BLOCK 16

/* y [n, ceil(c/16), hw, 16] = x [n, c, hw] in NCHW16c (the channels beyond c zero). x and y must not overlap. */
fxrt_status fxrt_to_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t hw, float *y);
/* y [n, c, hw] = x [n, ceil(c/16), hw, 16], the NCHW16c tensor back in NCHW. x and y must not overlap. */
fxrt_status fxrt_from_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t hw, float *y);

/* Whether fxrt_conv2d_nchwc_f32 computes this convolution (x [n, c, h, w], weight [k, c/groups, kh, kw]): one of one
 * group (dense; pointwise when 1x1 with stride 1 and no padding) or a depthwise one (groups = c = k), of any kernel
 * size, stride, padding and dilation. */
bool fxrt_conv2d_nchwc_supported(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p);
/* Elements of the packed weight of such a convolution, or of one that fxrt_conv2d_nchw_nchwc_f32 computes:
 * ceil(k/16)*16*c*kh*kw (one group) or ceil(c/16)*16*kh*kw (depthwise), 0 for other groupings. */
int64_t fxrt_nchwc_weight_numel(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p);
/* wp = weight [k, c/groups, kh, kw] packed: one group [kb][c*kh*kw][16] (output channel o of tap t = (ci*kh + ky)*kw +
 * kx at ((o/16)*c*kh*kw + t)*16 + o%16; pointwise: [kb][c][16]), depthwise [cb][kh][kw][16]; zeros for the channels
 * beyond k (c). */
fxrt_status fxrt_nchwc_pack_weight_f32(const float *weight, int64_t c, int64_t k, int64_t kh, int64_t kw,
                                       const fxrt_conv2d_params *p, float *wp);
/* torch.nn.functional.conv2d with x [n, ceil(c/16), h, w, 16] and y [n, ceil(k/16), oh, ow, 16] in NCHW16c, the
 * weight packed by fxrt_nchwc_pack_weight_f32, bias [k] or NULL; then the epilogue (its residual in NCHW16c like y).
 * The channels of y beyond k are written as zeros. Only what fxrt_conv2d_nchwc_supported accepts (otherwise
 * FXRT_EINVAL). Each output is the sum over its taps (input channels, then rows, then columns of the kernel) in order,
 * in f32, then + bias, + residual, the activation: the same bits for any pool (threads: NULL for none), which gets
 * blocks of output rows (depthwise), of output rows and channels (dense) or of pixels and output channels
 * (pointwise). y must not overlap x. */
fxrt_status fxrt_conv2d_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp,
                                  int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh,
                                  int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep,
                                  const fxrt_threadpool *threads);

/* Input channels up to which fxrt_conv2d_nchw_nchwc_f32 computes a dense convolution (an image's: a stem). */
#define FXRT_NCHWC_DENSE_MAX_C 4
/* Whether fxrt_conv2d_nchw_nchwc_f32 computes this convolution: one group, c <= FXRT_NCHWC_DENSE_MAX_C, any kernel
 * size, stride, padding and dilation. */
bool fxrt_conv2d_nchw_nchwc_supported(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p);
/* torch.nn.functional.conv2d with x [n, c, h, w] in NCHW and y [n, ceil(k/16), oh, ow, 16] in NCHW16c (a network's
 * stem, whose result the blocked convolutions read), the weight packed by fxrt_nchwc_pack_weight_f32 ([kb][c*kh*kw]
 * [16]), bias [k] or NULL, then the epilogue (its residual in NCHW16c like y), as fxrt_conv2d_nchwc_f32: each output
 * the sum over its taps inside the input (input channels, rows, columns) in order, + bias, + residual, the
 * activation; the channels beyond k zeros; the same bits for any pool (pieces: output rows). */
fxrt_status fxrt_conv2d_nchw_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp,
                                       int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh,
                                       int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep,
                                       const fxrt_threadpool *threads);
/* y [n, c] (an [n, c, 1, 1] tensor in NCHW) = the mean of each channel's h x w plane of x [n, ceil(c/16), h, w, 16]
 * in NCHW16c: adaptive_avg_pool2d(x, 1), as squeeze-and-excitation blocks begin. Each mean is four sums over the
 * pixels in order (by pixel index mod 4), added pairwise, / h, / w: the same bits for any pool. */
fxrt_status fxrt_nchwc_global_avg_pool_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                           const fxrt_threadpool *threads);
/* y = x * s in NCHW16c, x and y [n, ceil(c/16), hw, 16], s the channels' factors in NCHW: [n, c] (s_batched) or
 * [c] for every image; the channels beyond c zero. y may be x. */
fxrt_status fxrt_nchwc_scale_f32(const float *x, int64_t n, int64_t c, int64_t hw, const float *s, bool s_batched,
                                 float *y, const fxrt_threadpool *threads);

/* ---- matrix products (fxrt_matmul.c) ------------------------------------------------------------------------ */

/* torch.nn.functional.linear: y [m, n] = x [m, k] @ weight[n, k]^T + bias [n] (bias may be NULL). threads (NULL:
 * none) gets the output columns in panels. */
fxrt_status fxrt_linear_f32(const float *x, int64_t m, int64_t k, const float *weight, int64_t n, const float *bias,
                            float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads);

/* The same with the weight given transposed: y [m, n] = x [m, k] @ weight_t [k, n] + bias [n], the bits of
 * fxrt_linear_f32 on weight_t's transpose when m >= FXRT_LINEAR_DOT_ROWS (below that, fxrt_linear_f32 takes dot
 * products, in another order). The weight's rows are then read as they are, with no transposition per call: the
 * optimizer's prepack pass transposes the weights of linear layers with that many rows at compile time. */
#define FXRT_LINEAR_DOT_ROWS 24
fxrt_status fxrt_linear_t_f32(const float *x, int64_t m, int64_t k, const float *weight_t, int64_t n, const float *bias,
                              float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads);

/* The same on a weight packed once, at compile time, in the layout the GEMM reads (the optimizer's prepack pass):
 * panels of FXRT_LINEAR_PANEL output features, each [k][FXRT_LINEAR_PANEL] (the last one zero-padded), so that every
 * panel is read in place, in order, with no packing per call. The bits of fxrt_linear_t_f32.
 *
 *     float *wp = ...;                                  // fxrt_linear_packed_numel(n, k) floats
 *     fxrt_linear_pack_f32(weight, n, k, wp);           // weight [n, k], once
 *     fxrt_linear_p_f32(x, m, k, wp, n, bias, y, ep, threads);
 */
#define FXRT_LINEAR_PANEL 32
int64_t fxrt_linear_packed_numel(int64_t n, int64_t k); /* 0 if it overflows */
fxrt_status fxrt_linear_pack_f32(const float *weight, int64_t n, int64_t k, float *weight_p);
fxrt_status fxrt_linear_p_f32(const float *x, int64_t m, int64_t k, const float *weight_p, int64_t n, const float *bias,
                              float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads);

/* torch.matmul for ndim >= 2 operands: av [..., m, k], bv [..., k, n], yv [..., m, n]; the batch dimensions are
 * already broadcast to yv's (stride 0 where an operand repeats), so all three views have the same ndim. Any strides
 * (a transposed operand needs no copy). y must not overlap a or b. threads (NULL: none) gets the products of the
 * batch, or each product's column panels when the batch is smaller than twice the threads. */
fxrt_status fxrt_matmul_f32(const float *a, const fxrt_view *av, const float *b, const fxrt_view *bv, float *y,
                            const fxrt_view *yv, const fxrt_epilogue *ep, const fxrt_threadpool *threads);

/* Scaled dot-product attention without a mask, the core of multi-head attention: for each batch b and head h,
 *   y[b, h] = softmax(scale * q[b, h] @ k[b, h]^T) @ v[b, h]
 * with q [B, H, L, D], k and v [B, H, S, D] and y [B, H, L, D] given as 4-d views (any strides: q, k and v may be
 * slices of one [B, L, 3, H, D] projection, y the [B, L, H, D] input of the output projection). A block of
 * FXRT_ATTENTION_ROWS query rows at a time: its scores, their softmax (as fxrt_softmax_f32's, over the scaled
 * scores) and its product with v, while the block is in cache; the full [L, S] scores are never written. The same
 * bits as fxrt_matmul_f32, a multiplication by scale and fxrt_softmax_f32 in sequence. The workspace holds each
 * worker's packed k and v and a block's scores: fxrt_attention_workspace_size() bytes, the same for every
 * instruction set; threads (NULL: none) gets the (batch, head) pairs, or blocks of rows when there are fewer pairs
 * than twice the threads, in as many pieces as there are threads and the workspace has regions for (one for each
 * worker it was sized for). y must not overlap q, k or v. */
#define FXRT_ATTENTION_ROWS 48
size_t fxrt_attention_workspace_size(int64_t l, int64_t s, int64_t d, int64_t workers); /* 0 if it overflows */
fxrt_status fxrt_attention_f32(const float *q, const fxrt_view *qv, const float *k, const fxrt_view *kv, const float *v,
                               const fxrt_view *vv, float *y, const fxrt_view *yv, float scale, void *ws,
                               size_t ws_bytes, const fxrt_threadpool *threads);

/* ---- normalization (fxrt_norm.c) ---------------------------------------------------------------------------- */

/* torch.nn.functional.batch_norm in eval mode: x [n, c, inner] (inner = product of the spatial dims);
 * y = (x - mean[c]) / sqrt(var[c] + eps) * weight[c] + bias[c]; weight and bias may be NULL (1 and 0). y may be x. */
fxrt_status fxrt_batch_norm_f32(const float *x, int64_t n, int64_t c, int64_t inner, const float *mean,
                                const float *var, const float *weight, const float *bias, float eps, float *y);

/* torch.nn.functional.layer_norm over the last `cols` elements of each of `rows` rows; weight/bias [cols] or NULL.
 * mean and rstd ([rows], or NULL) receive the statistics, as aten.native_layer_norm returns them. y may be x. */
fxrt_status fxrt_layer_norm_f32(const float *x, int64_t rows, int64_t cols, const float *weight, const float *bias,
                                float eps, float *y, float *mean, float *rstd);

/* torch.nn.functional.group_norm: x [n, c, inner], groups divides c; weight/bias [c] or NULL. */
fxrt_status fxrt_group_norm_f32(const float *x, int64_t n, int64_t c, int64_t inner, int64_t groups,
                                const float *weight, const float *bias, float eps, float *y);

/* ---- pooling (fxrt_pool.c) ---------------------------------------------------------------------------------- */

typedef struct fxrt_pool2d_params {
  int64_t kernel[2], stride[2], padding[2], dilation[2];
  bool ceil_mode;          /* the caller computes oh/ow with it; kernels only need it for avg_pool's divisor */
  bool count_include_pad;  /* avg_pool2d */
  int64_t divisor_override; /* avg_pool2d; 0 for none */
} fxrt_pool2d_params;

/* torch.nn.functional.max_pool2d: x [n, c, h, w] -> y [n, c, oh, ow]; padding counts as -inf. indices (NULL, or
 * [n, c, oh, ow]) receive the flat h*w index of each maximum, as max_pool2d_with_indices. NaN wins. threads (NULL:
 * none) gets ranges of the n*c planes. */
fxrt_status fxrt_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p, int64_t *indices,
                                const fxrt_threadpool *threads);
/* fxrt_max_pool2d_f32 (fxrt_nchwc.c; without indices) with x [n, ceil(c/16), h, w, 16] and y [n, ceil(c/16), oh,
 * ow, 16] in NCHW16c: the same values (the first largest of each window in row-major order, NaN wins, padding
 * -inf), the channels beyond c zero; oh and ow as PyTorch computes them from p (ceil_mode too). Threads get output
 * rows. */
fxrt_status fxrt_nchwc_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                      int64_t oh, int64_t ow, const fxrt_pool2d_params *p,
                                      const fxrt_threadpool *threads);
/* torch.nn.functional.avg_pool2d, with PyTorch's divisor rules for padding and ceil_mode windows; threads as
 * max_pool2d's. */
fxrt_status fxrt_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p, const fxrt_threadpool *threads);
/* torch.nn.functional.adaptive_avg_pool2d / adaptive_max_pool2d: window [floor(i*h/oh), ceil((i+1)*h/oh)). */
fxrt_status fxrt_adaptive_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow);
fxrt_status fxrt_adaptive_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, int64_t *indices);

typedef struct fxrt_pool3d_params {
  int64_t kernel[3], stride[3], padding[3], dilation[3]; /* depth, height, width */
  bool ceil_mode;          /* the caller computes od/oh/ow with it; kernels only need it for avg_pool's divisor */
  bool count_include_pad;  /* avg_pool3d */
  int64_t divisor_override; /* avg_pool3d; 0 for none */
} fxrt_pool3d_params;

/* torch.nn.functional.max_pool3d: x [n, c, d, h, w] -> y [n, c, od, oh, ow]; padding counts as -inf. indices (NULL,
 * or y's shape) receive the flat d*h*w index of each maximum (the first in row-major order; NaN wins), as
 * max_pool3d_with_indices. */
fxrt_status fxrt_max_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y,
                                int64_t od, int64_t oh, int64_t ow, const fxrt_pool3d_params *p, int64_t *indices);
/* torch.nn.functional.avg_pool3d, with PyTorch's divisor rules for padding, ceil_mode windows and divisor_override. */
fxrt_status fxrt_avg_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y,
                                int64_t od, int64_t oh, int64_t ow, const fxrt_pool3d_params *p);
/* torch.nn.functional.adaptive_max_pool3d: windows [floor(i*d/od), ceil((i+1)*d/od)) per dimension; indices (NULL,
 * or y's shape) as max_pool3d's. */
fxrt_status fxrt_adaptive_max_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w,
                                         float *y, int64_t od, int64_t oh, int64_t ow, int64_t *indices);

/* ---- compact kernels for builds for size (fx2c compile -Os; fxrt_small.c) --------------------------------------
 * One loop nest each: no workspace (a convolution computed in place passes one unit of its results through a
 * small scratch), no stack buffers, no threads, no libm, 32-bit index arithmetic (no 64-bit division
 * from libgcc on a 32-bit microcontroller). They are what a model compiled with -Os calls for its convolutions,
 * linear layers and 2-d pools, in the interpreter (fx2c run -Os) and in the generated code alike. One parameter
 * record serves the three; the fused activation is a clamp [lo, hi] applied as torch.clamp (NaN passes): none is
 * [-inf, inf], relu [0, inf], relu6 [0, 6], hardtanh [min, max]. */
typedef struct fxrt_small_params {
  int32_t n, c, h, w;            /* conv: x [n, c, h, w]; linear: x [n, c] (n rows of c); pool: n*c planes h x w;
                                  reduce: x [n, c, w] (outer, len, inner) into [n, w]; layer norm: n rows of c */
  int32_t k, kh, kw;             /* conv: weight [k, c/groups, kh, kw]; linear: weight [k, c]; pool: window kh x kw */
  int32_t oh, ow;                /* conv: y [n, k, oh, ow]; pool: y [n, c, oh, ow] */
  int32_t stride[2], pad[2], dilation[2]; /* conv, pool: before the first row and column (the rest from oh, ow) */
  int32_t groups;                /* conv: groups; pool: FXRT_SMALL_MAX, FXRT_SMALL_AVG, FXRT_SMALL_AVG_EXCLUDE_PAD;
                                  reduce: FXRT_SMALL_SUM ... FXRT_SMALL_ARGMIN */
  int32_t divisor;               /* avg pool: divisor_override (0: none); int8 with fixed-point requantization (the
                                  _fx kernels): 1 when every shift of the record is at least 33, else 0 */
  float lo, hi;                  /* conv, linear: the fused activation as a clamp; int8: the result's clamp less y_zp */
  int32_t x_zp, y_zp;            /* int8: the zero points of the input and the result */
  int32_t per_channel;           /* int8 conv, linear: scale[] and w_zero_point[] per output channel (else [0]) */
  float mult;                    /* int8 quantize: 1 / scale; dequantize: scale; average pool: qnnpack's multiplier;
                                  layer norm: eps */
} fxrt_small_params;

enum { FXRT_SMALL_MAX = 0, FXRT_SMALL_AVG = 1, FXRT_SMALL_AVG_EXCLUDE_PAD = 2 };
enum { FXRT_SMALL_SUM = 0, FXRT_SMALL_MEAN = 1, FXRT_SMALL_AMAX = 2, FXRT_SMALL_AMIN = 3, FXRT_SMALL_ARGMAX = 4,
       FXRT_SMALL_ARGMIN = 5 };

/* torch.nn.functional.conv2d (+ bias, + residual [n, k, oh, ow] when not NULL, then the clamp): direct, each output
 * the bias, then the products in (input channel, row, column) order. scratch: NULL, or a buffer that each unit of
 * outputs passes through before it is stored, so that y may be x itself (in place, when x and y have the same
 * size; the same bits either way): a pointwise convolution (1x1, stride 1, no padding, one group) goes pixel by
 * pixel through k floats, any other group by group through k/groups*oh*ow floats. residual may be x then too. */
fxrt_status fxrt_small_conv2d_f32(const float *x, const float *weight, const float *bias, const float *residual,
                                  float *y, float *scratch, const fxrt_small_params *p);
/* torch.nn.functional.linear (+ bias, + residual [n, k] when not NULL, then the clamp): y[i, j] = bias[j] +
 * sum_t x[i, t] weight[j, t], summed in order. */
fxrt_status fxrt_small_linear_f32(const float *x, const float *weight, const float *bias, const float *residual,
                                  float *y, const fxrt_small_params *p);
/* max_pool2d (padding -inf, NaN wins, no indices) and avg_pool2d (PyTorch's divisor rules for padding and
 * ceil_mode windows; no dilation) over n*c planes. */
fxrt_status fxrt_small_pool2d_f32(const float *x, float *y, const fxrt_small_params *p);
/* torch.sum, mean, amax, amin over the middle dimension of x [n, c, w] into y [n, w] (groups: FXRT_SMALL_SUM, MEAN,
 * AMAX or AMIN): sums in float, in order, in blocks of 64 terms whose partial sums are then added (fxrt_reduce
 * accumulates in double, which a microcontroller without a double FPU emulates); amax and amin propagate NaN, and
 * need c >= 1. */
fxrt_status fxrt_small_reduce_f32(const float *x, float *y, const fxrt_small_params *p);
/* torch.argmax / argmin over the middle dimension (groups FXRT_SMALL_ARGMAX or ARGMIN; c >= 1): the first index of
 * the extreme value, NaN the extreme, as fxrt_reduce's. */
fxrt_status fxrt_small_argreduce_f32(const float *x, int64_t *y, const fxrt_small_params *p);
/* fxrt_copy between two views of one dtype dt, with 32-bit indices (every offset and stride and the element count
 * below 2^31): the permutes, slices and concatenations of a model compiled for size, without fxrt_copy's
 * conversions between every pair of dtypes. */
fxrt_status fxrt_small_copy(fxrt_dtype dt, const void *src, const fxrt_view *sv, void *dst, const fxrt_view *dv);
/* torch.nn.functional.layer_norm over the last c elements of each of n rows (eps: mult; weight, bias: NULL or c
 * each; y may be x): the mean and the biased variance summed as fxrt_small_reduce_f32's sums (fxrt_layer_norm_f32
 * adds its blocks in double), then y = (x - mean) * (1 / sqrtf(var + eps)) * weight + bias. c >= 1. */
fxrt_status fxrt_small_layer_norm_f32(const float *x, const float *weight, const float *bias, float *y,
                                      const fxrt_small_params *p);

/* torch.softmax (groups 0) or log_softmax (groups 1) over the middle dimension of x [n, c, w] (y may be x; c >= 1):
 * e^(x - max) by fxrt_s_expf (fxrt_expf.h) summed in float in blocks of 64 as fxrt_small_reduce_f32's sums, then
 * times 1 / sum, or x - max - log(sum) (without libm); fxrt_softmax_f32 sums in double. A row with a NaN is NaN. */
fxrt_status fxrt_small_softmax_f32(const float *x, float *y, const fxrt_small_params *p);
/* The int8 compact kernels (quint8 activations, qint8 weights; the bits of fxrt_quant.c's qnnpack kernels): conv2d
 * and linear direct, acc = bias_q + sum (x - x_zp) * (w - w_zp) in int32 (wrapping as qnnpack's), the result
 * round(clamp(acc * scale, lo, hi)) + y_zp (scale, w_zero_point: per channel or [0]; bias_q NULL for none; the conv
 * in place through scratch as fxrt_small_conv2d_f32, units of bytes, but a pointwise one through a column of the
 * pixel's c inputs as int16, fxrt_small_q8_column_bytes(c)); pooling as fxrt_q8_max_pool2d and
 * fxrt_q8_avg_pool2d without ceil_mode (groups: FXRT_SMALL_MAX or FXRT_SMALL_AVG; mult = scale / (scale * kh * kw)
 * in float, lo = -y_zp, hi = 255 - y_zp); quantize and dequantize of n = p->n elements as fxrt_q8_quantize and
 * fxrt_q8_dequantize (mult: 1 / scale, scale; y_zp, x_zp; quantize's lo = -y_zp, hi = 255 - y_zp). */
fxrt_status fxrt_small_q8_conv2d(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                 uint8_t *scratch, const float *scale, const int32_t *w_zero_point,
                                 const fxrt_small_params *p);
fxrt_status fxrt_small_q8_linear(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                 const float *scale, const int32_t *w_zero_point, const fxrt_small_params *p);
fxrt_status fxrt_small_q8_pool2d(const uint8_t *x, uint8_t *y, const fxrt_small_params *p);
/* The same with fixed-point requantization (fx2c compile -Os --requantize fixed): no float arithmetic. rq is an
 * int32 record {lo, hi, mult[0], shift[0], mult[1], shift[1], ...}: the clamp of the result less y_zp (lo -y_zp, or
 * 0 with a fused ReLU; hi 255 - y_zp), then per output channel (or one, without per_channel) the scale as
 * mult * 2^-shift (fxrt_q8_fixed_multiplier), each result fxrt_q8_requantize_fixed(acc, mult, shift, lo, hi) + y_zp
 * (fxrt_small.h: the nearest integer to acc * mult * 2^-shift, ties to even, by one 64-bit product and a rounding
 * shift). pool2d_fx is the average pool only, its record {lo, hi, mult, shift} of p->mult. */
fxrt_status fxrt_small_q8_conv2d_fx(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                    uint8_t *scratch, const int32_t *rq, const int32_t *w_zero_point,
                                    const fxrt_small_params *p);
fxrt_status fxrt_small_q8_linear_fx(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                    const int32_t *rq, const int32_t *w_zero_point, const fxrt_small_params *p);
fxrt_status fxrt_small_q8_pool2d_fx(const uint8_t *x, uint8_t *y, const int32_t *rq, const fxrt_small_params *p);
fxrt_status fxrt_small_q8_quantize(const float *x, uint8_t *y, const fxrt_small_params *p);
fxrt_status fxrt_small_q8_dequantize(const uint8_t *x, float *y, const fxrt_small_params *p);

/* ---- resampling, padding, lookup (fxrt_resize.c) ------------------------------------------------------------ */

/* torch.nn.functional.interpolate(mode='nearest') on [n, c, h, w]: source row = floor(dst * scale_h), with
 * scale_h = 1/scale_factor when a scale factor was given (> 0) and h/oh otherwise (the same for w). */
fxrt_status fxrt_upsample_nearest2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                        int64_t oh, int64_t ow, double scale_factor_h, double scale_factor_w);
/* interpolate(mode='bilinear', align_corners=...), PyTorch's source-index rules (clamped at 0 when not aligned). */
fxrt_status fxrt_upsample_bilinear2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, bool align_corners, double scale_factor_h,
                                         double scale_factor_w);
/* One dimension of interpolate: x [outer, in, inner] resampled along `in` into y [outer, out, inner], mode 0
 * nearest or 1 linear (align_corners), with the rules of the two kernels above (1-d inputs, and the depth of 3-d
 * ones after a 2-d pass over their height and width). */
fxrt_status fxrt_resample_axis_f32(const float *x, int64_t outer, int64_t in, int64_t inner, float *y, int64_t out,
                                   int64_t mode, bool align_corners, double scale_factor);

typedef enum fxrt_pad_mode { FXRT_PAD_REFLECT, FXRT_PAD_REPLICATE, FXRT_PAD_CIRCULAR } fxrt_pad_mode;
/* torch.nn.functional.pad(mode=reflect|replicate|circular) of the last two dimensions of [n, c, h, w]:
 * pads = {left, right, top, bottom}; y [n, c, h+top+bottom, w+left+right]. (Constant padding is fxrt_fill and
 * fxrt_copy into the interior.) */
fxrt_status fxrt_pad2d_f32(fxrt_pad_mode mode, const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                           const int64_t pads[4], float *y);

/* The one-sided discrete Fourier transform of each of `rows` rows of n real values (torch.fft.rfft, the frames of
 * torch.stft): Y[k] = scale * sum_t x[t] exp(-2 pi i k t / n) for k = 0 .. n/2, written as re/im pairs
 * (y [rows][n/2+1][2]) or, if magnitude, as |Y[k]| (y [rows][n/2+1]). Sums and twiddle factors in double
 * (fxrt_spectral.c). */
fxrt_status fxrt_rdft_f32(const float *x, int64_t rows, int64_t n, float scale, bool magnitude, float *y);

/* torch.nn.functional.embedding / index_select(dim=0): y [count, dim] = weight[idx[i], :]; an index outside
 * [0, rows) is FXRT_ERANGE. */
fxrt_status fxrt_embedding_f32(const float *weight, int64_t rows, int64_t dim, const int64_t *idx, int64_t count,
                               float *y);

/* ---- gathering and scattering along a dimension (fxrt_index.c) ---------------------------------------------- */

/* For every position p of the index's view iv (row-major): gather reads x at p with p[dim] replaced by idx[p] into
 * y[k] (y contiguous, of iv's shape); scatter combines src at p (view sv) into y at p with p[dim] replaced by idx[p]
 * (y contiguous, yv its shape; it holds the input already). x's and y's sizes bound iv's in every dimension but dim.
 * An index outside [0, size of dim) is FXRT_ERANGE (checked before anything is written), or with wrap != 0 outside
 * [-size, size), negative ones counting from the end (take, put). Any dtype; the reductions not on f16 and bf16.
 * scatter's op is an fxrt_scatter_op: SET (scatter, last write wins), SUM (scatter_add), PROD, MEAN, AMAX, AMIN
 * (scatter_reduce: NaN propagates; MEAN floors for integers); include_self == 0 starts the elements written from
 * the reduction's identity; MEAN and include_self == 0 need count, numel(yv) int64 of scratch (else NULL). */
typedef enum fxrt_scatter_op {
  FXRT_SCATTER_SET,
  FXRT_SCATTER_SUM,
  FXRT_SCATTER_PROD,
  FXRT_SCATTER_MEAN,
  FXRT_SCATTER_AMAX,
  FXRT_SCATTER_AMIN
} fxrt_scatter_op;
fxrt_status fxrt_gather(fxrt_dtype dt, const void *x, const fxrt_view *xv, int64_t dim, const int64_t *idx,
                        const fxrt_view *iv, int64_t wrap, void *y);
fxrt_status fxrt_scatter(int64_t op, fxrt_dtype dt, void *y, const fxrt_view *yv, int64_t dim, const int64_t *idx,
                         const fxrt_view *iv, int64_t wrap, const void *src, const fxrt_view *sv, int64_t include_self,
                         int64_t *count);

/* ---- recurrent layers (fxrt_rnn.c) ----------------------------------------------------------------------------- */

/* One layer and direction of nn.RNN / nn.LSTM / nn.GRU over a whole sequence, as PyTorch's CPU cells compute it.
 * mode: an fxrt_rnn_mode. The input's contribution is computed before, for all steps at once (one GEMM):
 * gx = x W_ih^T + b_ih, rows of G*H (G = 1, 4, 3 gates for RNN, LSTM, GRU, in PyTorch's order i,f,g,o and r,z,n).
 * Row (t, b) of gx is row t*B + b (batch_first == 0) or b*T + t (batch_first != 0); y (the output of every step,
 * P values each) is at that row times y_stride, so that two directions can share one [T, B, 2P] output (the
 * caller passes y offset by P for the reverse direction). reverse != 0 runs t = T-1 ... 0. Each step adds
 * h W_hh^T + b_hh (w_hh [G*H, P], b_hh NULL when the layer has no bias) and applies the cell:
 *   RNN:  h = tanh(gx + gh) (relu for RNN_RELU)
 *   LSTM: c = sigmoid(f) * c + sigmoid(i) * tanh(g), h = sigmoid(o) * tanh(c), then h = h W_hr^T when
 *         w_hr ([P, H], proj_size) is not NULL (P = H without it)
 *   GRU:  r = sigmoid(gx_r + gh_r), z = sigmoid(gx_z + gh_z), n = tanh(gx_n + r * gh_n), h = (h - n) * z + n
 * h_n [B, P] (and c_n [B, H] for LSTM) hold the initial state when init != 0 (else the state starts at zeros) and
 * the final one on return. work: B*G*H floats, plus H for LSTM with a projection (fxrt_rnn_workspace_size). */
typedef enum fxrt_rnn_mode { FXRT_RNN_TANH, FXRT_RNN_RELU, FXRT_RNN_LSTM, FXRT_RNN_GRU } fxrt_rnn_mode;
int64_t fxrt_rnn_workspace_size(int64_t mode, int64_t B, int64_t H, int64_t proj);
fxrt_status fxrt_rnn_f32(int64_t mode, const float *gx, const float *w_hh, const float *b_hh, const float *w_hr,
                         float *y, float *h_n, float *c_n, float *work, int64_t T, int64_t B, int64_t H, int64_t P,
                         int64_t reverse, int64_t init, int64_t batch_first, int64_t y_stride);

/* ---- int8 quantized kernels (fxrt_quant.c) --------------------------------------------------------------------- */

/* PyTorch 1.13's quantized CPU operators with the qnnpack engine (torch.backends.quantized.engine = 'qnnpack'), as
 * FX graph mode quantization (prepare_fx / convert_fx) produces them: activations quint8 (uint8_t with a scale and
 * a zero point), weights qint8 (int8_t) per tensor or per output channel, biases float in the module and int32 here.
 * The kernels give PyTorch's int_repr() bit for bit (tests/runtime/test_quant.c, on outputs of PyTorch itself,
 * tests/runtime/gen_quant.py): each reproduces the arithmetic of the PyTorch or qnnpack code that runs for the op,
 * float operations included, in the same order (float32 multiplications, rounding to nearest even by the 1.5*2^23
 * trick: no libm). Scales are passed as PyTorch stores them (double, q_scale()); the *_prepare functions derive what
 * the kernels take once (a compiler runs them at compile time and passes the results as constants).
 *
 * The requantization of conv2d and linear (qnnpack's q8gemm/q8conv/q8dwconv): acc = bias_q + sum (x - x_zp) *
 * (w - w_zp) in int32 (padding reads x_zp, so it adds 0); y = clamp(round_even((float)acc * scale) + y_zp, y_min,
 * y_max) with scale = ((float)w_scale * (float)x_scale) * (1.0f / (float)y_scale) per channel and bias_q =
 * round_even(bias * (1.0f / (float)(w_scale * x_scale))), the product in double (quantize_per_tensor / _per_channel
 * to qint32).
 * With fused ReLU (conv2d_relu, linear_relu) y_min is y_zp, else 0; y_max is 255. */

/* What conv2d and linear take besides the tensors; every pointer has k entries (the output channels), or 1 for
 * w_zero_point and scale when per_channel is false. */
typedef struct fxrt_q8_gemm_params {
  int32_t x_zero_point;         /* 0..255 */
  bool per_channel;             /* w_zero_point and scale per output channel */
  const int32_t *w_zero_point;  /* -128..127 */
  const float *scale;           /* requantization scale, fxrt_q8_gemm_prepare() */
  const int32_t *bias;          /* quantized bias (fxrt_q8_gemm_prepare()), or NULL for none */
  int32_t y_zero_point, y_min, y_max;
  bool fixed; /* requantize in fixed point: each scale as fxrt_q8_fixed_from_f32's mult and shift,
                 fxrt_q8_requantize_fixed (fxrt_small.h); the float path's result but for the
                 float product's rounding (false: qnnpack's float path, bit for bit) */
} fxrt_q8_gemm_params;

/* A requantization scale (positive, finite) as an int32 multiplier and a right shift for fxrt_q8_requantize_fixed
 * (fxrt_small.h): scale ~ mult * 2^-shift with mult in [2^30, 2^31) the scale's 31 leading bits rounded to nearest
 * even (a float scale exactly; a mantissa that rounds up to 2^31 is 2^30 with one shift less) and shift in [0, 62];
 * a scale that rounds to 2^31 or more (from 2^31 - 1/2 on) is shift 0 (saturating: |acc * mult| >= 2^30, the
 * clamp's bound for acc != 0, as the exact product's, while the bounds are within +-2^30), one below 2^-32 (which
 * makes |acc * scale| < 1/2 for every int32 acc) mult 0, shift 0. FXRT_EINVAL for a scale that is not positive and
 * finite. Computed in double without libm (a compiler runs it at compile time). */
fxrt_status fxrt_q8_fixed_multiplier(double scale, int32_t *mult, int32_t *shift);

/* The requantization scales (scale[k], or scale[1] when nw == 1) and the quantized bias (bias_q[k], when bias is not
 * NULL) of a conv2d or linear layer: x_scale and y_scale the activations' scales, w_scale[nw] the weight's (nw 1 per
 * tensor, or k per channel). FXRT_EINVAL for a scale that is not positive and finite, or a bias beyond int32. */
fxrt_status fxrt_q8_gemm_prepare(double x_scale, const double *w_scale, int64_t nw, double y_scale, const float *bias,
                                 int64_t k, float *scale, int32_t *bias_q);

/* quantized::conv2d / conv2d_relu (qnnpack; torch.ao.nn.quantized.Conv2d): x [n, c, h, w] uint8, weight [k,
 * c/groups, kh, kw] int8, y [n, k, oh, ow] uint8 (oh, ow as fxrt_conv2d_f32's; groups, depthwise, stride, padding,
 * dilation; pad_extra must be 0; at most 32768 taps c/groups*kh*kw). ws: fxrt_q8_conv2d_workspace_size() bytes. */
size_t fxrt_q8_conv2d_workspace_size(int64_t c, int64_t kh, int64_t kw, const fxrt_conv2d_params *p);
fxrt_status fxrt_q8_conv2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                           int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                           const fxrt_conv2d_params *p, const fxrt_q8_gemm_params *q, void *ws, size_t ws_bytes);

/* quantized::linear / linear_relu (qnnpack): x [m, in] uint8, weight [out, in] int8, y [m, out] uint8, in <= 32768.
 * ws: fxrt_q8_linear_workspace_size() bytes. */
size_t fxrt_q8_linear_workspace_size(int64_t in);
fxrt_status fxrt_q8_linear(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out, uint8_t *y,
                           const fxrt_q8_gemm_params *q, void *ws, size_t ws_bytes);

/* quantize_per_tensor(x, scale, zero_point, torch.quint8): y = clamp(round_even(x * (1.0f / (float)scale)) +
 * zero_point, 0, 255); as PyTorch on x86, 0 where |x / scale| >= 2^63, for infinities and NaN. */
fxrt_status fxrt_q8_quantize(const float *x, int64_t n, double scale, int32_t zero_point, uint8_t *y);
/* Tensor.dequantize(): y = (float)(x - zero_point) * (float)scale. */
fxrt_status fxrt_q8_dequantize(const uint8_t *x, int64_t n, double scale, int32_t zero_point, float *y);

/* quantized::add / add_relu (qnnpack's q8vadd, same shapes): fixed point. With s = max(a, b) of a_os = (float)a_scale
 * / (float)y_scale and b_os likewise, e its exponent and shift = 21 - e: a_mult = round_even(a_os * 2^shift), b_mult
 * likewise, acc = a_mult * (a - a_zp) + b_mult * (b - b_zp), y = clamp((acc >> shift, rounded half away from zero) +
 * y_zp, y_min, y_max). */
typedef struct fxrt_q8_add_params {
  int32_t a_multiplier, b_multiplier, zero_point_product; /* zero_point_product = -(a_mult a_zp + b_mult b_zp) */
  int32_t shift, y_zero_point, y_min, y_max;
} fxrt_q8_add_params;
/* FXRT_EINVAL where PyTorch refuses: a_os or b_os outside [2^-14, 2^8). relu: y_min = y_zero_point. */
fxrt_status fxrt_q8_add_prepare(double a_scale, int32_t a_zero_point, double b_scale, int32_t b_zero_point,
                                double y_scale, int32_t y_zero_point, bool relu, fxrt_q8_add_params *p);
fxrt_status fxrt_q8_add(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, const fxrt_q8_add_params *p);

/* quantized::mul / mul_relu (same shapes; PyTorch's generic kernel, qnnpack has none): y = clamp(y_zp +
 * round_even((float)((a - a_zp) (b - b_zp)) * multiplier), y_min, 255), multiplier = ((float)a_scale *
 * (float)b_scale) * (1.0f / (float)y_scale); relu: y_min = y_zp. */
typedef struct fxrt_q8_mul_params {
  float multiplier;
  int32_t a_zero_point, b_zero_point, y_zero_point, y_min, y_max;
} fxrt_q8_mul_params;
fxrt_status fxrt_q8_mul_prepare(double a_scale, int32_t a_zero_point, double b_scale, int32_t b_zero_point,
                                double y_scale, int32_t y_zero_point, bool relu, fxrt_q8_mul_params *p);
fxrt_status fxrt_q8_mul(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, const fxrt_q8_mul_params *p);

/* One input of torch.cat / quantized::cat (which dequantize each input and quantize the result): rows [outer, len]
 * of x (len: the input's size along the dimension times the inner elements) go to y + i*y_stride, each element
 * requantized: clamp(round_even(((float)(x - x_zp) * (float)x_scale) * (1.0f / (float)y_scale)) + y_zp, 0, 255);
 * a copy when the scales and zero points are equal. */
fxrt_status fxrt_q8_requantize_rows(const uint8_t *x, int64_t outer, int64_t len, double x_scale, int32_t x_zero_point,
                                    uint8_t *y, int64_t y_stride, double y_scale, int32_t y_zero_point);

/* quantized::hardswish (qnnpack): a table of the 256 results, computed as qnnpack does in float (x = (float)x_scale *
 * (i - x_zp); x * min(max(x + 3, 0), 6) / 6 * (1.0f / (float)y_scale) + y_zp, clamped to [0, 255], rounded to even);
 * fxrt_q8_lut applies any such table. */
fxrt_status fxrt_q8_hardswish_lut(double x_scale, int32_t x_zero_point, double y_scale, int32_t y_zero_point,
                                  uint8_t lut[256]);
fxrt_status fxrt_q8_lut(const uint8_t *x, int64_t n, const uint8_t lut[256], uint8_t *y);

/* torch.nn.functional.max_pool2d on a quantized tensor (same scale and zero point): the largest uint8 of each window
 * (oh, ow computed by the caller with ceil_mode). Without ceil_mode qnnpack's kernel, which clamps each tap's row and
 * column into the input: with dilation and padding an edge window can take the last row or column where the float
 * kernel skips it; with ceil_mode PyTorch's generic kernel (taps outside skipped). */
fxrt_status fxrt_q8_max_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y, int64_t oh,
                               int64_t ow, const fxrt_pool2d_params *p);
/* avg_pool2d on a quantized tensor (the output keeps the input's scale and zero point; dilation must be 1). Without
 * ceil_mode, qnnpack's kernel, which ignores count_include_pad and divisor_override: acc = sum of (x - zp) over the
 * window (padding adds 0), y = clamp(round_even((float)acc * s) + zp) with s = (float)scale / ((float)scale *
 * (float)(kh*kw)). With ceil_mode, PyTorch's generic kernel: d = divisor_override, or the window's size within the
 * padded input (count_include_pad) or within the input, y = clamp(nearbyint((float)acc * (float)(1.0 / d) +
 * (float)zp)). */
fxrt_status fxrt_q8_avg_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y, int64_t oh,
                               int64_t ow, const fxrt_pool2d_params *p, double scale, int32_t zero_point);
/* adaptive_avg_pool2d on a quantized tensor (same scale and zero point): when oh divides h and ow divides w (and the
 * size changes) qnnpack's avg_pool2d with kernel = stride = (h/oh, w/ow); else PyTorch's generic kernel: y =
 * nearbyint((float)sum(x) * ((1.0f / kh) / kw)) over windows [floor(i*h/oh), ceil((i+1)*h/oh)). */
fxrt_status fxrt_q8_adaptive_avg_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y,
                                        int64_t oh, int64_t ow, double scale, int32_t zero_point);

/* The calls of compiled models (program/kernels.def), whose operands are plain values:
 * fxrt_q8_gemm_record writes a conv2d's or linear's requantization record rec (12*k bytes, 4-byte aligned): float
 * scale[k] (fxrt_q8_gemm_prepare's), int32 w_zero_point[k], int32 bias_q[k] (when bias is not NULL); nw 1 (per
 * tensor: w_scale[0], w_zero_point[0]) or k (per channel). fxrt_q8_conv2d_rec and fxrt_q8_linear_rec run
 * fxrt_q8_conv2d and fxrt_q8_linear with the fxrt_q8_gemm_params of such a record (y_max 255; y_min 0, or y_zp with
 * a fused ReLU). fxrt_q8_add_i and fxrt_q8_mul_f take fxrt_q8_add_params' and fxrt_q8_mul_params' fields (the
 * compiler runs the *_prepare functions). fxrt_q8_hardswish: fxrt_q8_hardswish_lut, then fxrt_q8_lut.
 * fxrt_q8_relu: torch.relu of a quantized tensor, y = max(x, zero_point) (the same scale and zero point). */
fxrt_status fxrt_q8_gemm_record(double x_scale, const double *w_scale, const int64_t *w_zero_point, int64_t nw,
                                double y_scale, const float *bias, int64_t k, void *rec);
fxrt_status fxrt_q8_conv2d_rec(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                               int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                               const fxrt_conv2d_params *p, const void *rec, int64_t nw, int64_t has_bias,
                               int64_t x_zp, int64_t y_zp, int64_t y_min, void *ws, size_t ws_bytes);
fxrt_status fxrt_q8_linear_rec(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out, uint8_t *y,
                               const void *rec, int64_t nw, int64_t has_bias, int64_t x_zp, int64_t y_zp,
                               int64_t y_min, void *ws, size_t ws_bytes);
/* fxrt_q8_conv2d_rec_fx and fxrt_q8_linear_rec_fx: the same with fixed-point requantization (fxrt_q8_gemm_params'
 * fixed; fx2c compile --requantize fixed at -O2 and fx2c run --requantize fixed). */
fxrt_status fxrt_q8_conv2d_rec_fx(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                                  int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                                  const fxrt_conv2d_params *p, const void *rec, int64_t nw, int64_t has_bias,
                                  int64_t x_zp, int64_t y_zp, int64_t y_min, void *ws, size_t ws_bytes);
fxrt_status fxrt_q8_linear_rec_fx(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out,
                                  uint8_t *y, const void *rec, int64_t nw, int64_t has_bias, int64_t x_zp, int64_t y_zp,
                                  int64_t y_min, void *ws, size_t ws_bytes);
fxrt_status fxrt_q8_add_i(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, int64_t a_multiplier,
                          int64_t b_multiplier, int64_t zero_point_product, int64_t shift, int64_t y_zero_point,
                          int64_t y_min, int64_t y_max);
fxrt_status fxrt_q8_mul_f(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, double multiplier,
                          int64_t a_zero_point, int64_t b_zero_point, int64_t y_zero_point, int64_t y_min,
                          int64_t y_max);
fxrt_status fxrt_q8_hardswish(const uint8_t *x, int64_t n, uint8_t *y, double x_scale, int64_t x_zero_point,
                              double y_scale, int64_t y_zero_point);
fxrt_status fxrt_q8_relu(const uint8_t *x, int64_t n, uint8_t *y, int64_t zero_point);

/* ---- user-defined ops (fx2c --custom-ops, fxrt_custom.c) ------------------------------------------------------ */

/* A call of a user-defined op: what its C function gets. Each parameter of the op's declaration is one argument, in
 * the declaration's order (a defaulted one that the graph leaves out has its default; an absent optional tensor is
 * FXRT_CUSTOM_NONE); each declared result is a TENSOR whose `data` the function fills. Tensors are contiguous and
 * row-major, their shapes as the declaration's rules computed them when the model was compiled. The function returns
 * 0 on success; anything else stops the model's run with FXRT_ECUSTOM. Example, for the declaration
 * `mylib.scale(Tensor x, float alpha=2.0) -> like(x) = my_scale`:
 *
 *     int my_scale(const fxrt_custom_call *call) {
 *       const fxrt_custom_arg *x = &call->args[0];
 *       const float *in = x->data;
 *       float *out = call->results[0].data;
 *       for (int64_t i = 0; i < fxrt_custom_numel(x); i++) out[i] = (float)call->args[1].f * in[i];
 *       return 0;
 *     }
 */
typedef enum fxrt_custom_kind {
  FXRT_CUSTOM_NONE,   /* an optional tensor (Tensor?) that is None */
  FXRT_CUSTOM_TENSOR, /* dtype, ndim, shape, data */
  FXRT_CUSTOM_INT,    /* i */
  FXRT_CUSTOM_FLOAT,  /* f */
  FXRT_CUSTOM_BOOL,   /* i: 0 or 1 */
  FXRT_CUSTOM_INTS    /* int[]: ndim values at shape */
} fxrt_custom_kind;

typedef struct fxrt_custom_arg {
  int32_t kind;         /* fxrt_custom_kind */
  int32_t dtype;        /* TENSOR: an fxrt_dtype */
  int32_t ndim;         /* TENSOR: its dimensions; INTS: their count */
  const int64_t *shape; /* TENSOR: its sizes; INTS: the ints */
  void *data;           /* TENSOR: its elements (an argument's are to be read only) */
  int64_t i;            /* INT, BOOL */
  double f;             /* FLOAT */
} fxrt_custom_arg;

typedef struct fxrt_custom_call {
  const char *target;             /* the op as the graph names it ("torch.ops.mylib.scale") */
  const fxrt_custom_arg *args;    /* the declared parameters, in order */
  int32_t nargs;
  const fxrt_custom_arg *results; /* the declared results, in order: tensors to fill */
  int32_t nresults;
} fxrt_custom_call;

typedef int (*fxrt_custom_fn)(const fxrt_custom_call *call);

/* The elements of a TENSOR argument (1 for zero dimensions; 0 for another kind). */
static inline int64_t fxrt_custom_numel(const fxrt_custom_arg *a) {
  int64_t n = 1;
  if (a->kind != FXRT_CUSTOM_TENSOR) return 0;
  for (int32_t d = 0; d < a->ndim; d++) n *= a->shape[d];
  return n;
}
/* Calls fn(call): FXRT_OK when it returns 0, else FXRT_ECUSTOM. */
fxrt_status fxrt_custom(fxrt_custom_fn fn, const fxrt_custom_call *call);

/* ---- profiling (fx2c compile --profile) -------------------------------------------------------------------- */

/* A profiling build's NAME_run reads the clock before and after each node that runs code and reports the pair:
 *
 *     t0 = fxrt_profile_clock();
 *     ... the node's kernel calls ...
 *     fxrt_profile_node(&NAME_nodes[i], t0, fxrt_profile_clock());
 *
 * The runtime does not define these two: the program does. The executables that `--emit exe` builds read
 * clock_gettime(CLOCK_MONOTONIC) in nanoseconds; firmware returns a cycle counter (DWT->CYCCNT on a Cortex-M, a
 * down-counting SysTick turned upward, ...) in any unit it likes, and records or sums what fxrt_profile_node is
 * given. NAME_nodes (model.h: NAME_NUM_NODES entries, in the order they run) is static data; NAME_run itself keeps
 * no state, so calls with distinct workspaces still may run concurrently if the two hooks allow it. */
/* Where a tensor of a node's result is once the node has run, for dumps of intermediate tensors: its elements in
 * order (contiguous), `offset` bytes into the workspace that NAME_run was given, or in input or output buffer `index`
 * (NAME_run's parameters, in order). */
enum { FXRT_AT_NONE, FXRT_AT_WORKSPACE, FXRT_AT_INPUT, FXRT_AT_OUTPUT };
typedef struct fxrt_node_result {
  const char *names;             /* the FX nodes of the graph as read whose value it is, ", "-separated ("bn1"; a
                                    tuple's item K: "topk.1"): the names of the files that --dump writes */
  int64_t shape[FXRT_MAX_DIMS];
  uint64_t offset;               /* FXRT_AT_WORKSPACE: bytes into the workspace */
  int32_t dtype;                 /* fxrt_dtype */
  int32_t ndim;
  int32_t at;                    /* FXRT_AT_* */
  uint32_t index;                /* FXRT_AT_INPUT, FXRT_AT_OUTPUT: which buffer */
} fxrt_node_result;

typedef struct fxrt_node_info {
  const char *name;     /* the FX node's name ("layer1_0_conv1"), or "(prologue)" for the copies made first */
  const char *op;       /* its op type: the core op (convolution, relu, fused_conv, pointwise ...) */
  const char *fx;       /* its FX line as print(gm.graph) would print it */
  const char *absorbed; /* the FX nodes a pass fused into it, comma-separated ("bn1, relu"), or "" */
  const char *shape;    /* its result, "f32[1, 64, 56, 56]" (a tuple: "(f32[2], i64[2])"), or "" */
  uint32_t index;       /* its position in NAME_nodes */
  const fxrt_node_result *results; /* the tensors of its result (none for a node that stands for no FX node of
                                      the graph as read, the prologue and the output node) */
  uint32_t nresults;
} fxrt_node_info;

uint64_t fxrt_profile_clock(void);
void fxrt_profile_node(const fxrt_node_info *node, uint64_t start, uint64_t end);

#ifdef __cplusplus
}
#endif

#endif
