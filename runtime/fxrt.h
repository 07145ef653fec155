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
 *     fxrt_status s = fxrt_conv2d_f32(x, 1, 3, 224, 224, w, 64, 7, 7, b, y, 112, 112, &p, NULL, NULL, 0);
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
  FXRT_EWORKSPACE = 5 /* the workspace given is smaller than the kernel's *_workspace_size() */
} fxrt_status;

/* The name of a status ("invalid argument", ...). */
const char *fxrt_status_str(fxrt_status s);

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

typedef enum fxrt_act {
  FXRT_ACT_NONE,
  FXRT_ACT_RELU,        /* torch.nn.functional.relu */
  FXRT_ACT_RELU6,       /* relu6 = hardtanh(0, 6) */
  FXRT_ACT_CLAMP,       /* clamp(lo, hi); hardtanh */
  FXRT_ACT_LEAKY_RELU,  /* leaky_relu(alpha) */
  FXRT_ACT_SIGMOID,
  FXRT_ACT_TANH,
  FXRT_ACT_SILU,        /* x * sigmoid(x) */
  FXRT_ACT_HARDSWISH,   /* x * relu6(x + 3) / 6 */
  FXRT_ACT_HARDSIGMOID, /* relu6(x + 3) / 6 */
  FXRT_ACT_GELU,        /* 0.5 x (1 + erf(x / sqrt 2)) */
  FXRT_ACT_GELU_TANH,   /* gelu(approximate='tanh') */
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

typedef enum fxrt_unary_op {
  FXRT_U_RELU, FXRT_U_RELU6, FXRT_U_LEAKY_RELU /* a */, FXRT_U_ELU /* a = alpha, b = scale, c = input_scale */,
  FXRT_U_GELU, FXRT_U_GELU_TANH, FXRT_U_SILU, FXRT_U_SIGMOID, FXRT_U_TANH, FXRT_U_HARDSWISH, FXRT_U_HARDSIGMOID,
  FXRT_U_CLAMP /* [a, b]; NaN bounds mean none */, FXRT_U_MISH, FXRT_U_SOFTPLUS /* beta a, threshold b */,
  FXRT_U_EXP, FXRT_U_LOG, FXRT_U_SQRT, FXRT_U_RSQRT, FXRT_U_NEG, FXRT_U_ABS, FXRT_U_RECIPROCAL, FXRT_U_ERF,
  FXRT_U_SIN, FXRT_U_COS, FXRT_U_FLOOR, FXRT_U_CEIL, FXRT_U_ROUND /* half to even */, FXRT_U_SIGN,
  FXRT_U_POW_SCALAR /* x ** a */, FXRT_U_NAN_TO_NUM /* nan -> a, +inf -> b, -inf -> c */,
  FXRT_NUM_UNARY_OPS
} fxrt_unary_op;

typedef struct fxrt_unary_params {
  float a, b, c;
} fxrt_unary_params;

/* y[i] = op(x[i]) for n contiguous f32 elements; y may be x. */
fxrt_status fxrt_unary_f32(fxrt_unary_op op, const float *x, float *y, int64_t n, const fxrt_unary_params *p);

typedef enum fxrt_binary_op {
  FXRT_B_ADD /* a + alpha*b */, FXRT_B_SUB /* a - alpha*b */, FXRT_B_MUL, FXRT_B_DIV /* true division */,
  FXRT_B_FLOOR_DIV, FXRT_B_REM /* Python's %, sign of b */, FXRT_B_POW, FXRT_B_MAX, FXRT_B_MIN,
  FXRT_B_EQ, FXRT_B_NE, FXRT_B_LT, FXRT_B_LE, FXRT_B_GT, FXRT_B_GE, /* comparisons: bool output */
  FXRT_B_AND, FXRT_B_OR, FXRT_B_XOR, /* logical for bool, bitwise for integers */
  FXRT_NUM_BINARY_OPS
} fxrt_binary_op;

/* y = a op b with broadcasting: av, bv and yv have the same ndim; av and bv use stride 0 on broadcast dimensions;
 * yv is where the result goes (usually contiguous). Both inputs have dtype dt; y has dt, or FXRT_BOOL for
 * comparisons. dt: f32, f64, i64, i32, bool (arithmetic on bool is refused with FXRT_EDTYPE except AND/OR/XOR, EQ,
 * NE). Integer division by zero gives FXRT_EINVAL. alpha scales b for ADD and SUB (1 otherwise). y may alias a or b
 * when it has exactly their layout. */
fxrt_status fxrt_binary(fxrt_binary_op op, fxrt_dtype dt, const void *a, const fxrt_view *av, const void *b,
                        const fxrt_view *bv, void *y, const fxrt_view *yv, double alpha);

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

typedef enum fxrt_reduce_op {
  FXRT_R_SUM, FXRT_R_MEAN, FXRT_R_PROD, FXRT_R_MAX, FXRT_R_MIN, /* y has dt */
  FXRT_R_ARGMAX, FXRT_R_ARGMIN, /* y is i64; the first index of the extreme value, as torch.argmax */
  FXRT_R_ANY, FXRT_R_ALL,       /* y is bool */
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

/* torch.cumsum along the middle dimension (f32 or i64). */
fxrt_status fxrt_cumsum(fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner, void *y);

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
 * which is the same for every instruction set the runtime is compiled for (generated code computes it at compile time). */
size_t fxrt_conv2d_workspace_size(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw,
                                  int64_t oh, int64_t ow, const fxrt_conv2d_params *p);
fxrt_status fxrt_conv2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight,
                            int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow,
                            const fxrt_conv2d_params *p, const fxrt_epilogue *ep, void *ws, size_t ws_bytes);

typedef struct fxrt_conv_transpose2d_params {
  int64_t stride[2], padding[2], output_padding[2], dilation[2];
  int64_t groups;
} fxrt_conv_transpose2d_params;

/* torch.nn.functional.conv_transpose2d: weight [c, k/groups, kh, kw], y [n, k, oh, ow] with
 * oh = (h-1)*stride - 2*padding + dilation*(kh-1) + output_padding + 1. */
fxrt_status fxrt_conv_transpose2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                                      const float *weight, int64_t k, int64_t kh, int64_t kw, const float *bias,
                                      float *y, int64_t oh, int64_t ow, const fxrt_conv_transpose2d_params *p);

/* ---- matrix products (fxrt_matmul.c) ------------------------------------------------------------------------ */

/* torch.nn.functional.linear: y [m, n] = x [m, k] @ weight[n, k]^T + bias [n] (bias may be NULL). */
fxrt_status fxrt_linear_f32(const float *x, int64_t m, int64_t k, const float *weight, int64_t n, const float *bias,
                            float *y, const fxrt_epilogue *ep);

/* torch.matmul for ndim >= 2 operands: av [..., m, k], bv [..., k, n], yv [..., m, n]; the batch dimensions are
 * already broadcast to yv's (stride 0 where an operand repeats), so all three views have the same ndim. Any strides
 * (a transposed operand needs no copy). y must not overlap a or b. */
fxrt_status fxrt_matmul_f32(const float *a, const fxrt_view *av, const float *b, const fxrt_view *bv, float *y,
                            const fxrt_view *yv, const fxrt_epilogue *ep);

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
 * [n, c, oh, ow]) receive the flat h*w index of each maximum, as max_pool2d_with_indices. NaN wins. */
fxrt_status fxrt_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p, int64_t *indices);
/* torch.nn.functional.avg_pool2d, with PyTorch's divisor rules for padding and ceil_mode windows. */
fxrt_status fxrt_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p);
/* torch.nn.functional.adaptive_avg_pool2d / adaptive_max_pool2d: window [floor(i*h/oh), ceil((i+1)*h/oh)). */
fxrt_status fxrt_adaptive_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow);
fxrt_status fxrt_adaptive_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, int64_t *indices);

/* ---- resampling, padding, lookup (fxrt_resize.c) ------------------------------------------------------------ */

/* torch.nn.functional.interpolate(mode='nearest') on [n, c, h, w]: source row = floor(dst * scale_h), with
 * scale_h = 1/scale_factor when a scale factor was given (> 0) and h/oh otherwise (the same for w). */
fxrt_status fxrt_upsample_nearest2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                        int64_t oh, int64_t ow, double scale_factor_h, double scale_factor_w);
/* interpolate(mode='bilinear', align_corners=...), PyTorch's source-index rules (clamped at 0 when not aligned). */
fxrt_status fxrt_upsample_bilinear2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, bool align_corners, double scale_factor_h,
                                         double scale_factor_w);

typedef enum fxrt_pad_mode { FXRT_PAD_REFLECT, FXRT_PAD_REPLICATE, FXRT_PAD_CIRCULAR } fxrt_pad_mode;
/* torch.nn.functional.pad(mode=reflect|replicate|circular) of the last two dimensions of [n, c, h, w]:
 * pads = {left, right, top, bottom}; y [n, c, h+top+bottom, w+left+right]. (Constant padding is fxrt_fill and
 * fxrt_copy into the interior.) */
fxrt_status fxrt_pad2d_f32(fxrt_pad_mode mode, const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                           const int64_t pads[4], float *y);

/* torch.nn.functional.embedding / index_select(dim=0): y [count, dim] = weight[idx[i], :]; an index outside
 * [0, rows) is FXRT_ERANGE. */
fxrt_status fxrt_embedding_f32(const float *weight, int64_t rows, int64_t dim, const int64_t *idx, int64_t count,
                               float *y);

#ifdef __cplusplus
}
#endif

#endif
