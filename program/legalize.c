/* legalize.c: from a node's target to a core op with its arguments bound (ir/ops.def).
 *
 * A call_function, call_method or call_module target is looked up in this order:
 *   1. the rule table below (targets whose name or signature is not the op's own: F.relu(input, inplace=False),
 *      operator.add, Tensor.view(*size), torch.zeros(*size), conv2d, the aten spellings, ...);
 *   2. the default spellings of every op NAME: torch.NAME, torch.nn.functional.NAME, torch._C._nn.NAME, the
 *      method NAME, torch.ops.aten.NAME.<overload>; and the in-place forms NAME_ (method, torch.NAME_, aten);
 *   3. special cases written as code (torch.max, Tensor.to, modules);
 *   4. fx2c's own ops (FX_OPF_FX2C in ops.def), which passes make, as fx2c.NAME and no other way.
 * The call's args and kwargs are bound to the target's signature as Python would bind them, then moved by name
 * into the op's parameters; parameters a target has and the op has not (inplace, _stacklevel) are dropped.
 */
#include "program.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { R_INPLACE = 1 }; /* the result is written into the first input */
enum { NTARGETS = 7 };  /* the most spellings a rule lists */

typedef struct rule {
  const char *targets[NTARGETS]; /* its spellings, then NULLs: "M:name" for a method, else the full function target */
  fx_op op;
  const char *sig;    /* NULL: the op's own signature */
  const char *fixed;  /* "name=value, ...": parameters the target implies */
  unsigned flags;
} rule;

/* Spellings: F("relu") is torch.nn.functional.relu, M("view") the method view, ATEN("mm") torch.ops.aten.mm (with
 * every overload; ATEN("empty.memory_format") is that overload only). */
#define F(name) "torch.nn.functional." name
#define M(name) "M:" name
#define ATEN(name) "torch.ops.aten." name

#define ACT_INPLACE "input, inplace=False"
#define DROPOUT_SIG "input, p=0.5, training=True, inplace=False"
#define ZEROS_SIG "*size, out=None, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False"
#define LIKE_SIG "input, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False, memory_format=None"
#define CONV_SIG "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1"
#define CONVT_SIG "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1"
#define F_MAXPOOL_SIG "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False"
#define MAXPOOL_SIG "input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False"
/* operator.NAME(a, b) */
#define BINARY(name, op, flags) {{"operator." name}, op, "input, other", NULL, flags}
/* x.float(), x.long(), ...: to() with a fixed dtype */
#define TO_DTYPE(method, dtype) {{M(method)}, FX_OP_TO, "input, memory_format=None", "dtype=torch." dtype, 0}

/* One row per op, signature and fixed parameters: the targets that share them. */
static const rule rules[] = {
    /* quantized::add, add_relu, mul, mul_relu of convert_fx graphs (quant.c) */
    {{"torch.ops.quantized.add"}, FX_OP_Q_ADD, "qa, qb, scale, zero_point", NULL, 0},
    {{"torch.ops.quantized.add_relu"}, FX_OP_Q_ADD, "qa, qb, scale, zero_point", "relu=True", 0},
    {{"torch.ops.quantized.mul"}, FX_OP_Q_MUL, "qa, qb, scale, zero_point", NULL, 0},
    {{"torch.ops.quantized.mul_relu"}, FX_OP_Q_MUL, "qa, qb, scale, zero_point", "relu=True", 0},
    {{M("dequantize")}, FX_OP_DEQUANTIZE, "input", NULL, 0},
    /* activations with an inplace flag */
    {{F("relu")}, FX_OP_RELU, ACT_INPLACE, NULL, 0},
    {{F("relu6")}, FX_OP_RELU6, ACT_INPLACE, NULL, 0},
    {{F("silu")}, FX_OP_SILU, ACT_INPLACE, NULL, 0},
    {{F("hardswish")}, FX_OP_HARDSWISH, ACT_INPLACE, NULL, 0},
    {{F("hardsigmoid")}, FX_OP_HARDSIGMOID, ACT_INPLACE, NULL, 0},
    {{F("mish")}, FX_OP_MISH, ACT_INPLACE, NULL, 0},
    {{F("leaky_relu")}, FX_OP_LEAKY_RELU, "input, negative_slope=0.01, inplace=False", NULL, 0},
    {{F("elu")}, FX_OP_ELU, "input, alpha=1.0, inplace=False", NULL, 0},
    {{F("hardtanh")}, FX_OP_HARDTANH, "input, min_val=-1.0, max_val=1.0, inplace=False", NULL, 0},
    {{"torch.clip", M("clip")}, FX_OP_CLAMP, NULL, NULL, 0},
    {{F("selu"), "torch.selu"}, FX_OP_ELU, ACT_INPLACE, "alpha=1.6732632423543772848, scale=1.0507009873554804934", 0},
    {{F("celu")}, FX_OP_CELU, "input, alpha=1.0, inplace=False", NULL, 0},
    {{F("logsigmoid")}, FX_OP_LOG_SIGMOID, NULL, NULL, 0},
    {{F("threshold"), F("_threshold"), "torch.threshold"}, FX_OP_THRESHOLD, "input, threshold, value, inplace=False",
     NULL, 0},
    /* other names of the elementwise ops: aliases and torch.special */
    {{"torch.arccos", M("arccos")}, FX_OP_ACOS, NULL, NULL, 0},
    {{"torch.arcsin", M("arcsin")}, FX_OP_ASIN, NULL, NULL, 0},
    {{"torch.arctan", M("arctan")}, FX_OP_ATAN, NULL, NULL, 0},
    {{"torch.arccosh", M("arccosh")}, FX_OP_ACOSH, NULL, NULL, 0},
    {{"torch.arcsinh", M("arcsinh")}, FX_OP_ASINH, NULL, NULL, 0},
    {{"torch.arctanh", M("arctanh")}, FX_OP_ATANH, NULL, NULL, 0},
    {{"torch.fix", M("fix")}, FX_OP_TRUNC, NULL, NULL, 0},
    {{"torch.negative", M("negative")}, FX_OP_NEG, NULL, NULL, 0},
    {{"torch.sgn", M("sgn")}, FX_OP_SIGN, NULL, NULL, 0},
    /* of a real tensor: the tensor itself */
    {{"torch.real", "torch.conj", M("conj"), "torch.conj_physical", M("conj_physical"), "torch.resolve_conj",
      M("resolve_conj")}, FX_OP_IDENTITY, NULL, NULL, 0},
    {{"torch.resolve_neg", M("resolve_neg")}, FX_OP_IDENTITY, NULL, NULL, 0},
    {{"torch.positive", M("positive")}, FX_OP_IDENTITY, NULL, NULL, 0},
    {{"torch._C._special.special_expm1", "torch.special.expm1"}, FX_OP_EXPM1, NULL, NULL, 0},
    {{"torch._C._special.special_xlogy", "torch.special.xlogy"}, FX_OP_XLOGY, NULL, NULL, 0},
    {{"torch._C._special.special_xlog1py", "torch.special.xlog1py"}, FX_OP_XLOG1PY, NULL, NULL, 0},
    {{"torch.arctan2", M("arctan2")}, FX_OP_ATAN2, NULL, NULL, 0},
    {{"torch._C._special.special_exp2", "torch.special.exp2"}, FX_OP_EXP2, NULL, NULL, 0},
    {{"torch._C._special.special_log1p", "torch.special.log1p"}, FX_OP_LOG1P, NULL, NULL, 0},
    {{"torch._C._special.special_erf", "torch.special.erf"}, FX_OP_ERF, NULL, NULL, 0},
    {{"torch._C._special.special_erfc", "torch.special.erfc"}, FX_OP_ERFC, NULL, NULL, 0},
    {{"torch._C._special.special_erfinv", "torch.special.erfinv"}, FX_OP_ERFINV, NULL, NULL, 0},
    {{"torch._C._special.special_erfcx", "torch.special.erfcx"}, FX_OP_ERFCX, NULL, NULL, 0},
    {{"torch._C._special.special_sinc", "torch.special.sinc"}, FX_OP_SINC, NULL, NULL, 0},
    {{"torch._C._special.special_logit", "torch.special.logit"}, FX_OP_LOGIT, NULL, NULL, 0},
    {{"torch._C._special.special_expit", "torch.special.expit"}, FX_OP_SIGMOID, NULL, NULL, 0},
    {{"torch._C._special.special_gammaln", "torch.special.gammaln"}, FX_OP_LGAMMA, NULL, NULL, 0},
    {{"torch._C._special.special_digamma", "torch.special.digamma", "torch._C._special.special_psi",
      "torch.special.psi"}, FX_OP_DIGAMMA, NULL, NULL, 0},
    {{"torch._C._special.special_entr", "torch.special.entr"}, FX_OP_ENTR, NULL, NULL, 0},
    {{"torch._C._special.special_ndtr", "torch.special.ndtr"}, FX_OP_NDTR, NULL, NULL, 0},
    {{"torch._C._special.special_log_ndtr", "torch.special.log_ndtr"}, FX_OP_LOG_NDTR, NULL, NULL, 0},
    {{"torch._C._special.special_i0", "torch.special.i0", ATEN("special_i0"),
      "torch._C._special.special_modified_bessel_i0", "torch.special.modified_bessel_i0",
      ATEN("special_modified_bessel_i0")}, FX_OP_I0, NULL, NULL, 0},
    {{"torch._C._special.special_i0e", "torch.special.i0e", ATEN("special_i0e")}, FX_OP_I0E, NULL, NULL, 0},
    {{"torch._C._special.special_i1", "torch.special.i1", ATEN("special_i1"),
      "torch._C._special.special_modified_bessel_i1", "torch.special.modified_bessel_i1",
      ATEN("special_modified_bessel_i1")}, FX_OP_I1, NULL, NULL, 0},
    {{"torch._C._special.special_i1e", "torch.special.i1e", ATEN("special_i1e")}, FX_OP_I1E, NULL, NULL, 0},
    {{"torch._C._special.special_modified_bessel_k0", "torch.special.modified_bessel_k0",
      ATEN("special_modified_bessel_k0")}, FX_OP_MODIFIED_BESSEL_K0, NULL, NULL, 0},
    {{"torch._C._special.special_modified_bessel_k1", "torch.special.modified_bessel_k1",
      ATEN("special_modified_bessel_k1")}, FX_OP_MODIFIED_BESSEL_K1, NULL, NULL, 0},
    {{"torch._C._special.special_scaled_modified_bessel_k0", "torch.special.scaled_modified_bessel_k0",
      ATEN("special_scaled_modified_bessel_k0")}, FX_OP_SCALED_MODIFIED_BESSEL_K0, NULL, NULL, 0},
    {{"torch._C._special.special_scaled_modified_bessel_k1", "torch.special.scaled_modified_bessel_k1",
      ATEN("special_scaled_modified_bessel_k1")}, FX_OP_SCALED_MODIFIED_BESSEL_K1, NULL, NULL, 0},
    {{"torch._C._special.special_bessel_j0", "torch.special.bessel_j0",
      ATEN("special_bessel_j0")}, FX_OP_BESSEL_J0, NULL, NULL, 0},
    {{"torch._C._special.special_bessel_j1", "torch.special.bessel_j1",
      ATEN("special_bessel_j1")}, FX_OP_BESSEL_J1, NULL, NULL, 0},
    {{"torch._C._special.special_bessel_y0", "torch.special.bessel_y0",
      ATEN("special_bessel_y0")}, FX_OP_BESSEL_Y0, NULL, NULL, 0},
    {{"torch._C._special.special_bessel_y1", "torch.special.bessel_y1",
      ATEN("special_bessel_y1")}, FX_OP_BESSEL_Y1, NULL, NULL, 0},
    {{"torch._C._special.special_spherical_bessel_j0", "torch.special.spherical_bessel_j0",
      ATEN("special_spherical_bessel_j0")}, FX_OP_SPHERICAL_BESSEL_J0, NULL, NULL, 0},
    {{"torch._C._special.special_airy_ai", "torch.special.airy_ai",
      ATEN("special_airy_ai")}, FX_OP_AIRY_AI, NULL, NULL, 0},
    {{"torch._C._special.special_ndtri", "torch.special.ndtri", ATEN("special_ndtri")}, FX_OP_NDTRI, NULL, NULL, 0},
    /* the reflected operators: other OP self */
    {{M("__rsub__")}, FX_OP_SUB, "other, input", NULL, 0},
    {{M("__rdiv__"), M("__rtruediv__")}, FX_OP_DIV, "other, input", NULL, 0},
    {{M("__rfloordiv__")}, FX_OP_FLOOR_DIVIDE, "other, input", NULL, 0},
    {{M("__rmod__")}, FX_OP_REMAINDER, "other, input", NULL, 0},
    {{M("__rpow__")}, FX_OP_POW, "exponent, input", NULL, 0},
    {{M("__rmatmul__")}, FX_OP_MATMUL, "other, input", NULL, 0},
    {{ATEN("clamp_min"), "torch.clamp_min", M("clamp_min")}, FX_OP_CLAMP, "input, min", NULL, 0},
    {{ATEN("clamp_max"), "torch.clamp_max", M("clamp_max")}, FX_OP_CLAMP, "input, max", NULL, 0},
    /* eval-mode no-ops */
    {{F("dropout"), F("dropout1d"), F("dropout2d"), F("dropout3d"), F("alpha_dropout"), F("feature_alpha_dropout")},
     FX_OP_DROPOUT, DROPOUT_SIG, NULL, 0},
    {{"torchvision.ops.stochastic_depth.stochastic_depth", "torchvision.ops.stochastic_depth"}, FX_OP_STOCHASTIC_DEPTH,
     NULL, NULL, 0},
    {{ATEN("lift_fresh_copy"), ATEN("alias")}, FX_OP_IDENTITY, NULL, NULL, 0},
    {{ATEN("dropout")}, FX_OP_DROPOUT, "input, p, train", NULL, 0},
    /* softmax family */
    {{F("softmax")}, FX_OP_SOFTMAX, "input, dim=None, _stacklevel=3, dtype=None", NULL, 0},
    {{F("log_softmax")}, FX_OP_LOG_SOFTMAX, "input, dim=None, _stacklevel=3, dtype=None", NULL, 0},
    {{F("softmin")}, FX_OP_SOFTMIN, "input, dim=None, _stacklevel=3, dtype=None", NULL, 0},
    {{"torch.softmax", M("softmax")}, FX_OP_SOFTMAX, "input, dim, dtype=None", NULL, 0},
    {{"torch.log_softmax", M("log_softmax")}, FX_OP_LOG_SOFTMAX, "input, dim, dtype=None", NULL, 0},
    {{ATEN("_softmax")}, FX_OP_SOFTMAX, "input, dim, half_to_float", NULL, 0},
    {{ATEN("_log_softmax")}, FX_OP_LOG_SOFTMAX, "input, dim, half_to_float", NULL, 0},
    /* Python operators; the in-place forms (iadd, ...) write into their first operand */
    BINARY("add", FX_OP_ADD, 0), BINARY("iadd", FX_OP_ADD, R_INPLACE),
    BINARY("sub", FX_OP_SUB, 0), BINARY("isub", FX_OP_SUB, R_INPLACE),
    BINARY("mul", FX_OP_MUL, 0), BINARY("imul", FX_OP_MUL, R_INPLACE),
    BINARY("truediv", FX_OP_DIV, 0), BINARY("itruediv", FX_OP_DIV, R_INPLACE),
    BINARY("floordiv", FX_OP_FLOOR_DIVIDE, 0), BINARY("mod", FX_OP_REMAINDER, 0),
    BINARY("eq", FX_OP_EQ, 0), BINARY("ne", FX_OP_NE, 0), BINARY("lt", FX_OP_LT, 0),
    BINARY("le", FX_OP_LE, 0), BINARY("gt", FX_OP_GT, 0), BINARY("ge", FX_OP_GE, 0),
    BINARY("and_", FX_OP_BITWISE_AND, 0), BINARY("or_", FX_OP_BITWISE_OR, 0), BINARY("xor", FX_OP_BITWISE_XOR, 0),
    {{"operator.pow"}, FX_OP_POW, "input, exponent", NULL, 0},
    {{"operator.neg"}, FX_OP_NEG, "input", NULL, 0},
    {{"operator.getitem"}, FX_OP_GETITEM, NULL, NULL, 0},
    {{"torch.true_divide"}, FX_OP_DIV, "input, other", NULL, 0},
    {{"torch.multiply"}, FX_OP_MUL, NULL, NULL, 0},
    {{"torch.subtract"}, FX_OP_SUB, NULL, NULL, 0},
    {{"torch.divide"}, FX_OP_DIV, NULL, NULL, 0},
    /* products */
    {{"operator.matmul", "torch.mm", "torch.bmm", M("mm"), M("bmm"), ATEN("mm"), ATEN("bmm")}, FX_OP_MATMUL,
     "input, other", NULL, 0},
    {{"torch._C._nn.linear"}, FX_OP_LINEAR, NULL, NULL, 0},
    /* convolutions and pools: the rank the target names (spatial_dims), which decides whether the input is batched */
    {{"torch.conv1d", F("conv1d"), ATEN("conv1d")}, FX_OP_CONVOLUTION, CONV_SIG, "spatial_dims=1", 0},
    {{"torch.conv2d", F("conv2d"), ATEN("conv2d")}, FX_OP_CONVOLUTION, CONV_SIG, "spatial_dims=2", 0},
    {{"torch.conv_transpose1d", F("conv_transpose1d"), ATEN("conv_transpose1d")}, FX_OP_CONVOLUTION, CONVT_SIG,
     "transposed=True, spatial_dims=1", 0},
    {{"torch.conv_transpose2d", F("conv_transpose2d"), ATEN("conv_transpose2d.input")}, FX_OP_CONVOLUTION, CONVT_SIG,
     "transposed=True, spatial_dims=2", 0},
    {{"torch.conv3d", F("conv3d"), ATEN("conv3d")}, FX_OP_CONVOLUTION, CONV_SIG, "spatial_dims=3", 0},
    {{"torch.conv_transpose3d", F("conv_transpose3d"), ATEN("conv_transpose3d.input")}, FX_OP_CONVOLUTION, CONVT_SIG,
     "transposed=True, spatial_dims=3", 0},
    {{"torch.convolution", ATEN("convolution")}, FX_OP_CONVOLUTION,
     "input, weight, bias, stride, padding, dilation, transposed, output_padding, groups", NULL, 0},
    /* normalization */
    {{ATEN("batch_norm")}, FX_OP_BATCH_NORM,
     "input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled", NULL, 0},
    {{ATEN("_native_batch_norm_legit_no_training")}, FX_OP_NATIVE_BATCH_NORM,
     "input, weight, bias, running_mean, running_var, momentum, eps", "training=False", 0},
    {{ATEN("layer_norm")}, FX_OP_LAYER_NORM,
     "input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True", NULL, 0},
    {{ATEN("group_norm")}, FX_OP_GROUP_NORM,
     "input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True", NULL, 0},
    /* pooling; F.max_pool2d_with_indices and the like return the indices whatever return_indices says */
    {{F("max_pool1d")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "spatial_dims=1", 0},
    {{F("max_pool2d")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "spatial_dims=2", 0},
    {{F("max_pool1d_with_indices")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "return_indices=True, spatial_dims=1", 0},
    {{F("max_pool2d_with_indices")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "return_indices=True, spatial_dims=2", 0},
    {{"torch.max_pool1d", ATEN("max_pool1d")}, FX_OP_MAX_POOL, MAXPOOL_SIG, "spatial_dims=1", 0},
    {{"torch.max_pool2d", ATEN("max_pool2d")}, FX_OP_MAX_POOL, MAXPOOL_SIG, "spatial_dims=2", 0},
    {{"torch.max_pool1d_with_indices", ATEN("max_pool1d_with_indices")}, FX_OP_MAX_POOL_WITH_INDICES, MAXPOOL_SIG,
     "spatial_dims=1", 0},
    {{"torch._C._nn.max_pool2d_with_indices", ATEN("max_pool2d_with_indices")}, FX_OP_MAX_POOL_WITH_INDICES,
     MAXPOOL_SIG, "spatial_dims=2", 0},
    {{F("max_pool3d")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "spatial_dims=3", 0},
    {{F("max_pool3d_with_indices")}, FX_OP_MAX_POOL, F_MAXPOOL_SIG, "return_indices=True, spatial_dims=3", 0},
    {{"torch.max_pool3d", ATEN("max_pool3d")}, FX_OP_MAX_POOL, MAXPOOL_SIG, "spatial_dims=3", 0},
    {{"torch._C._nn.max_pool3d_with_indices", ATEN("max_pool3d_with_indices")}, FX_OP_MAX_POOL_WITH_INDICES,
     MAXPOOL_SIG, "spatial_dims=3", 0},
    {{F("avg_pool3d"), "torch._C._nn.avg_pool3d", ATEN("avg_pool3d")}, FX_OP_AVG_POOL,
     "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
     "spatial_dims=3", 0},
    {{F("adaptive_max_pool3d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False", "spatial_dims=3",
     0},
    {{F("adaptive_max_pool3d_with_indices")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False",
     "return_indices=True, spatial_dims=3", 0},
    {{"torch._C._nn.adaptive_max_pool3d", ATEN("adaptive_max_pool3d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size",
     "return_indices=True, spatial_dims=3", 0},
    {{F("avg_pool1d"), "torch.avg_pool1d", ATEN("avg_pool1d")}, FX_OP_AVG_POOL,
     "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True", "spatial_dims=1", 0},
    {{F("avg_pool2d"), "torch._C._nn.avg_pool2d", ATEN("avg_pool2d")}, FX_OP_AVG_POOL,
     "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",
     "spatial_dims=2", 0},
    {{F("adaptive_avg_pool1d"), "torch.adaptive_avg_pool1d", ATEN("adaptive_avg_pool1d")}, FX_OP_ADAPTIVE_AVG_POOL,
     "input, output_size", "spatial_dims=1", 0},
    {{F("adaptive_avg_pool2d"), "torch._C._nn.adaptive_avg_pool2d", ATEN("adaptive_avg_pool2d"),
      ATEN("_adaptive_avg_pool2d")},
     FX_OP_ADAPTIVE_AVG_POOL, "input, output_size", "spatial_dims=2", 0},
    {{F("adaptive_avg_pool3d"), "torch._C._nn.adaptive_avg_pool3d", ATEN("adaptive_avg_pool3d"),
      ATEN("_adaptive_avg_pool3d")},
     FX_OP_ADAPTIVE_AVG_POOL, "input, output_size", "spatial_dims=3", 0},
    {{F("adaptive_max_pool1d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False", "spatial_dims=1",
     0},
    {{F("adaptive_max_pool2d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False", "spatial_dims=2",
     0},
    {{F("adaptive_max_pool1d_with_indices")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False",
     "return_indices=True, spatial_dims=1", 0},
    {{F("adaptive_max_pool2d_with_indices")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size, return_indices=False",
     "return_indices=True, spatial_dims=2", 0},
    {{"torch.adaptive_max_pool1d", ATEN("adaptive_max_pool1d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size",
     "return_indices=True, spatial_dims=1", 0},
    {{"torch._C._nn.adaptive_max_pool2d", ATEN("adaptive_max_pool2d")}, FX_OP_ADAPTIVE_MAX_POOL, "input, output_size",
     "return_indices=True, spatial_dims=2", 0},
    /* resampling, padding */
    {{F("upsample")}, FX_OP_INTERPOLATE, "input, size=None, scale_factor=None, mode='nearest', align_corners=None",
     NULL, 0},
    {{ATEN("upsample_nearest2d")}, FX_OP_INTERPOLATE, "input, size, scale_factor=None", "mode='nearest'", 0},
    {{ATEN("upsample_bilinear2d")}, FX_OP_INTERPOLATE, "input, size, align_corners, scale_factor=None",
     "mode='bilinear'", 0},
    {{ATEN("constant_pad_nd")}, FX_OP_PAD, "input, pad, value=0", "mode='constant'", 0},
    {{ATEN("reflection_pad2d")}, FX_OP_PAD, "input, pad", "mode='reflect'", 0},
    {{ATEN("replication_pad2d")}, FX_OP_PAD, "input, pad", "mode='replicate'", 0},
    {{ATEN("reflection_pad1d"), ATEN("reflection_pad3d")}, FX_OP_PAD, "input, pad", "mode='reflect'", 0},
    {{ATEN("replication_pad1d"), ATEN("replication_pad3d")}, FX_OP_PAD, "input, pad", "mode='replicate'", 0},
    {{ATEN("embedding")}, FX_OP_EMBEDDING, "weight, input, padding_idx=-1, scale_grad_by_freq=False, sparse=False",
     NULL, 0},
    /* shapes */
    /* view and view_as refuse what no strides can reach (program.c); reshape copies it */
    {{M("view")}, FX_OP_VIEW, "input, *size", NULL, 0},
    {{M("reshape")}, FX_OP_VIEW, "input, *size", "reshape=True", 0},
    {{"torch.reshape", ATEN("reshape"), ATEN("_unsafe_view")}, FX_OP_VIEW, "input, size", "reshape=True", 0},
    {{ATEN("_reshape_alias")}, FX_OP_VIEW, "input, size, stride", "reshape=True", 0},
    {{M("reshape_as")}, FX_OP_VIEW_AS, "input, other", "reshape=True", 0},
    {{M("permute")}, FX_OP_PERMUTE, "input, *dims", NULL, 0},
    {{M("expand")}, FX_OP_EXPAND, "input, *size", NULL, 0},
    {{ATEN("expand")}, FX_OP_EXPAND, "input, size, *, implicit=False", NULL, 0},
    {{M("repeat")}, FX_OP_REPEAT, "input, *repeats", NULL, 0},
    {{M("tile")}, FX_OP_TILE, "input, *dims", NULL, 0},
    {{M("flip")}, FX_OP_FLIP, "input, *dims", NULL, 0},
    {{ATEN("split_with_sizes")}, FX_OP_SPLIT, NULL, NULL, 0},
    /* unsafe_split: split whose views PyTorch does not track (what make_fx prints for the recurrent layers' gates) */
    {{ATEN("unsafe_split"), ATEN("unsafe_split_with_sizes")}, FX_OP_SPLIT, "input, split_size_or_sections, dim=0",
     NULL, 0},
    /* split's parameters by position (torch.functional.split names its first one tensor, split_with_sizes its
     * second split_sizes) */
    {{"torch.functional.split", "torch.split_with_sizes", M("split_with_sizes")}, FX_OP_SPLIT,
     "input, split_size_or_sections, dim=0", NULL, 0},
    {{"torch.ravel", M("ravel")}, FX_OP_FLATTEN, "input", NULL, 0},
    {{"torch.moveaxis", M("moveaxis")}, FX_OP_MOVEDIM, NULL, NULL, 0},
    {{"torch._C._linalg.linalg_diagonal", "torch.linalg.diagonal"}, FX_OP_DIAGONAL, "input, *, offset=0, dim1=-2, dim2=-1",
     NULL, 0},
    {{"torch.broadcast_to", M("broadcast_to")}, FX_OP_EXPAND, "input, size", NULL, 0},
    {{"torch.fliplr", M("fliplr")}, FX_OP_FLIP, "input", "dims=1", 0},
    {{"torch.flipud", M("flipud")}, FX_OP_FLIP, "input", "dims=0", 0},
    {{"torch.narrow_copy", M("narrow_copy")}, FX_OP_NARROW, NULL, NULL, 0},
    {{"torch.constant_pad_nd"}, FX_OP_PAD, "input, pad, value=0", NULL, 0},
    {{"torch.concat", "torch.concatenate"}, FX_OP_CAT, NULL, NULL, 0},
    {{ATEN("_to_copy")}, FX_OP_TO,
     "input, *, dtype=None, layout=None, device=None, pin_memory=None, non_blocking=False, memory_format=None", NULL, 0},
    TO_DTYPE("float", "float32"),
    TO_DTYPE("double", "float64"),
    TO_DTYPE("half", "float16"),
    TO_DTYPE("long", "int64"),
    TO_DTYPE("int", "int32"),
    TO_DTYPE("bool", "bool"),
    TO_DTYPE("byte", "uint8"),
    TO_DTYPE("char", "int8"),
    TO_DTYPE("short", "int16"),
    /* new tensors */
    /* zeros, ones and empty make the default float dtype: their fill value is a float */
    {{"torch.zeros"}, FX_OP_FULL, ZEROS_SIG, "fill_value=0.0", 0},
    {{"torch.ones"}, FX_OP_FULL, ZEROS_SIG, "fill_value=1.0", 0},
    {{"torch.empty"}, FX_OP_FULL, ZEROS_SIG ", memory_format=None", "fill_value=0.0", 0},
    {{"torch.full"}, FX_OP_FULL,
     "size, fill_value, *, out=None, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False", NULL, 0},
    {{ATEN("empty.memory_format")}, FX_OP_FULL,
     "size, *, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None", "fill_value=0.0", 0},
    {{ATEN("zeros")}, FX_OP_FULL, "size, *, dtype=None, layout=None, device=None, pin_memory=None", "fill_value=0.0", 0},
    {{ATEN("ones")}, FX_OP_FULL, "size, *, dtype=None, layout=None, device=None, pin_memory=None", "fill_value=1.0", 0},
    {{"torch.zeros_like", "torch.empty_like"}, FX_OP_FULL_LIKE, LIKE_SIG, "fill_value=0", 0},
    {{"torch.ones_like"}, FX_OP_FULL_LIKE, LIKE_SIG, "fill_value=1", 0},
    {{"torch.full_like"}, FX_OP_FULL_LIKE,
     "input, fill_value, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False, "
     "memory_format=None",
     NULL, 0},
    {{ATEN("full_like")}, FX_OP_FULL_LIKE, NULL, NULL, 0},
    {{ATEN("zeros_like"), ATEN("empty_like")}, FX_OP_FULL_LIKE, LIKE_SIG, "fill_value=0", 0},
    {{ATEN("ones_like")}, FX_OP_FULL_LIKE, LIKE_SIG, "fill_value=1", 0},
    /* compile-time queries */
    {{ATEN("sym_size")}, FX_OP_SIZE, "input, dim", NULL, 0}, /* torch 2.x: aten.sym_size.int(x, 0) */
    {{ATEN("sym_numel")}, FX_OP_NUMEL, "input", NULL, 0},
    {{"builtins.getattr"}, FX_OP_GETATTR, NULL, NULL, 0},
    {{"torch._assert", "torch._assert_async", ATEN("_assert_async")}, FX_OP_ASSERT, NULL, NULL, 0},
    {{"torch.fx._symbolic_trace._assert_is_none"}, FX_OP_ASSERT, "condition, message=None", NULL, 0},
    /* special functions of two arguments */
    {{"torch._C._special.special_zeta", "torch.special.zeta"}, FX_OP_SPECIAL_ZETA, NULL, NULL, 0},
    {{"torch._C._special.special_polygamma", "torch.special.polygamma", ATEN("special_polygamma")},
     FX_OP_POLYGAMMA, NULL, NULL, 0},
    {{M("polygamma")}, FX_OP_POLYGAMMA, "input, n", NULL, 0},
    {{"torch._C._special.special_gammainc", "torch.special.gammainc", ATEN("special_gammainc")},
     FX_OP_IGAMMA, NULL, NULL, 0},
    {{"torch._C._special.special_gammaincc", "torch.special.gammaincc", ATEN("special_gammaincc")},
     FX_OP_IGAMMAC, NULL, NULL, 0},
    {{"torch._C._special.special_chebyshev_polynomial_t", "torch.special.chebyshev_polynomial_t"},
     FX_OP_CHEBYSHEV_T, NULL, NULL, 0},
    {{"torch._C._special.special_chebyshev_polynomial_u", "torch.special.chebyshev_polynomial_u"},
     FX_OP_CHEBYSHEV_U, NULL, NULL, 0},
    {{"torch._C._special.special_chebyshev_polynomial_v", "torch.special.chebyshev_polynomial_v"},
     FX_OP_CHEBYSHEV_V, NULL, NULL, 0},
    {{"torch._C._special.special_chebyshev_polynomial_w", "torch.special.chebyshev_polynomial_w"},
     FX_OP_CHEBYSHEV_W, NULL, NULL, 0},
    {{"torch._C._special.special_shifted_chebyshev_polynomial_t", "torch.special.shifted_chebyshev_polynomial_t"},
     FX_OP_SHIFTED_CHEBYSHEV_T, NULL, NULL, 0},
    {{"torch._C._special.special_shifted_chebyshev_polynomial_u", "torch.special.shifted_chebyshev_polynomial_u"},
     FX_OP_SHIFTED_CHEBYSHEV_U, NULL, NULL, 0},
    {{"torch._C._special.special_shifted_chebyshev_polynomial_v", "torch.special.shifted_chebyshev_polynomial_v"},
     FX_OP_SHIFTED_CHEBYSHEV_V, NULL, NULL, 0},
    {{"torch._C._special.special_shifted_chebyshev_polynomial_w", "torch.special.shifted_chebyshev_polynomial_w"},
     FX_OP_SHIFTED_CHEBYSHEV_W, NULL, NULL, 0},
    {{"torch._C._special.special_hermite_polynomial_h", "torch.special.hermite_polynomial_h"},
     FX_OP_HERMITE_H, NULL, NULL, 0},
    {{"torch._C._special.special_hermite_polynomial_he", "torch.special.hermite_polynomial_he"},
     FX_OP_HERMITE_HE, NULL, NULL, 0},
    {{"torch._C._special.special_laguerre_polynomial_l", "torch.special.laguerre_polynomial_l"},
     FX_OP_LAGUERRE_L, NULL, NULL, 0},
    {{"torch._C._special.special_legendre_polynomial_p", "torch.special.legendre_polynomial_p"},
     FX_OP_LEGENDRE_P, NULL, NULL, 0},
};

#undef F
#undef M
#undef ATEN
#undef BINARY
#undef TO_DTYPE

static const rule *find_rule(fx_str t, bool method);

/* Appends a problem to msg, after a "; " if there are others, and counts it. */
FX_PRINTF(4, 5) static void note(char *msg, size_t cap, int *problems, const char *fmt, ...) {
  size_t used = strlen(msg);
  if (used < cap && *problems) used += (size_t)snprintf(msg + used, cap - used, "; ");
  if (used < cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + used, cap - used, fmt, ap);
    va_end(ap);
  }
  (*problems)++;
}

/* Every rule lists a target, and each target finds its own rule (so that the order of the rules does not matter);
 * every rule's signature parses, and names only parameters of its op or ones the op ignores (inplace, out, ...).
 * Returns the number of problems and describes them in msg. */
int fx_legalize_check_tables(char *msg, size_t cap) {
  static const char *const ignored[] = {"inplace", "out", "_stacklevel", "requires_grad", "cudnn_enabled", "cudnn_enable",
                                        "half_to_float", "implicit", "non_blocking", "train", "stride",
                                        "scale_grad_by_freq", "sparse", "layout", "device", "pin_memory",
                                        "memory_format"};
  int problems = 0;
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    const char *target = rules[i].targets[0] ? rules[i].targets[0] : "a rule without targets";
    if (!rules[i].targets[0]) note(msg, cap, &problems, "%s (%s)", target, fx_op_name(rules[i].op));
    for (size_t s = 0; s < NTARGETS && rules[i].targets[s]; s++) {
      const char *rt = rules[i].targets[s];
      bool method = rt[0] == 'M' && rt[1] == ':';
      fx_str t = method ? fx_str_make(rt + 2, strlen(rt + 2)) : fx_str_make(rt, strlen(rt));
      if (find_rule(t, method) != &rules[i]) note(msg, cap, &problems, "%s: an earlier rule matches it", rt);
    }
    const fx_sig *osig = fx_op_sig(rules[i].op);
    fx_sig ts, fs;
    if (!osig || (rules[i].sig && !fx_sig_parse(rules[i].sig, &ts)) || (rules[i].fixed && !fx_sig_parse(rules[i].fixed, &fs))) {
      note(msg, cap, &problems, "%s: a signature does not parse", target);
      continue;
    }
    if (!rules[i].sig) continue;
    for (int k = 0; k < ts.n; k++) {
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)ts.params[k].name.n, ts.params[k].name.p);
      bool known = fx_sig_find(osig, name) >= 0;
      for (size_t j = 0; j < sizeof ignored / sizeof *ignored && !known; j++) known = strcmp(name, ignored[j]) == 0;
      if (!known) note(msg, cap, &problems, "%s: '%s' is not a parameter of %s", target, name, fx_op_name(rules[i].op));
    }
  }
  return problems;
}

/* ---- binding ---- */

typedef struct {
  fx_program *p;
  uint32_t node;
  fx_diag *d;
  bool inplace_kw; /* the call passed inplace=True to a target whose op has no such parameter */
} ctx;

static const fx_source *src_of(const ctx *c) { return c->p->g->nodes[c->node].loc.line ? c->p->g->src : NULL; }

/* The position of an argument inside the node's line, where the text of the value points into the source. */
static fx_loc arg_loc(const ctx *c, const fx_value *v) {
  const fx_node *n = &c->p->g->nodes[c->node];
  const fx_source *src = c->p->g->src;
  if (v && src && !fx_value_is_container(v) && v->u.text >= src->text && v->u.text < src->text + src->len && n->loc.line)
    return (fx_loc){n->loc.line, (uint32_t)(v->u.text - src->text) - n->loc.off + n->loc.col, (uint32_t)(v->u.text - src->text),
                    v->n ? v->n : 1};
  return n->loc;
}

static bool set_param(fx_value *slots, const fx_sig *sig, fx_str name, fx_value v) {
  char buf[64];
  if (name.n >= sizeof buf) return false;
  memcpy(buf, name.p, name.n);
  buf[name.n] = 0;
  int k = fx_sig_find(sig, buf);
  if (k < 0) return false;
  slots[k] = v;
  return true;
}

/* Binds the call to `tsig` (the target's signature) and moves the values into the op's parameters. */
static bool bind_call(ctx *c, fx_op op, const fx_sig *tsig, const char *fixed, const fx_value *args,
                      const fx_value *kwargs, fx_value *slots) {
  const fx_node *n = &c->p->g->nodes[c->node];
  const fx_sig *osig = fx_op_sig(op);
  fx_value tslots[FX_SIG_MAX];
  fx_bind_error err;
  if (!fx_sig_bind(tsig, args, kwargs, &c->p->arena, tslots, NULL, &err)) {
    fx_diag_error(c->d, src_of(c), err.at ? arg_loc(c, err.at) : n->loc, "%.*s() %s", (int)n->target.n,
                  n->target.p, err.msg);
    return false;
  }
  for (int k = 0; k < osig->n; k++) slots[k] = osig->params[k].dflt;
  for (int k = 0; k < tsig->n; k++) {
    fx_str name = tsig->params[k].name;
    if (fx_str_eqz(name, "out") && tslots[k].kind != FX_V_NONE) {
      fx_diag_error(c->d, src_of(c), arg_loc(c, &tslots[k]), "%.*s(): out= is not supported", (int)n->target.n,
                    n->target.p);
      return false;
    }
    /* F.relu(x, inplace=True) and friends write into x */
    if (fx_str_eqz(name, "inplace") && fx_sig_find(osig, "inplace") < 0 && tslots[k].kind == FX_V_BOOL && tslots[k].v.i)
      c->inplace_kw = true;
    set_param(slots, osig, name, tslots[k]); /* names the op does not have (inplace, _stacklevel) are dropped */
  }
  if (fixed) {
    fx_sig fsig;
    if (!fx_sig_parse(fixed, &fsig)) return false;
    for (int k = 0; k < fsig.n; k++) set_param(slots, osig, fsig.params[k].name, fsig.params[k].dflt);
  }
  return true;
}

static fx_inst *inst_of(ctx *c) { return &c->p->inst[c->node]; }

static bool finish(ctx *c, fx_op op, const fx_value *slots, bool inplace) {
  fx_inst *in = inst_of(c);
  const fx_sig *osig = fx_op_sig(op);
  inplace |= c->inplace_kw;
  /* an in-place op writes its result into its first argument, which inference makes its result's storage for the
   * elementwise ops (and the no-ops, which are their input); other ops would compute a new tensor and leave the
   * first argument as it was, where PyTorch changes it */
  /* a view op in place (make_fx's aten.squeeze_; transpose_, which make_fx prints for a batch_first RNN's output)
   * changes its input's shape or strides: right when nothing else reads the input */
  const bool view_op = (fx_op_flags(op) & FX_OPF_VIEW) || op == FX_OP_TRANSPOSE || op == FX_OP_T || op == FX_OP_PERMUTE;
  const bool sole_view = view_op && slots[0].kind == FX_V_NODE &&
                         slots[0].v.node < c->p->g->nnodes && c->p->g->nodes[slots[0].v.node].nusers == 1;
  if (inplace && !sole_view && !(fx_op_flags(op) & (FX_OPF_UNARY | FX_OPF_BINARY | FX_OPF_NOOP | FX_OPF_INPLACE))) {
    const fx_node *n = &c->p->g->nodes[c->node];
    fx_diag_error(c->d, src_of(c), n->loc,
                  "'%.*s' writes into its input in place, which fx2c supports for elementwise ops only; compute a "
                  "new tensor instead (%s without the underscore or inplace=True) and use it in place of the input",
                  (int)n->target.n, n->target.p, fx_op_name(op));
    return false;
  }
  in->op = (int16_t)op;
  in->inplace = inplace;
  in->args = fx_arena_alloc(&c->p->arena, (size_t)osig->n * sizeof *in->args);
  memcpy(in->args, slots, (size_t)osig->n * sizeof *slots);
  return true;
}

static bool legalize_rule(ctx *c, const rule *r) {
  const fx_node *n = &c->p->g->nodes[c->node];
  fx_sig tsig;
  const fx_sig *ts = fx_op_sig(r->op);
  if (r->sig) {
    if (!fx_sig_parse(r->sig, &tsig)) return false;
    ts = &tsig;
  }
  fx_value slots[FX_SIG_MAX];
  if (!bind_call(c, r->op, ts, r->fixed, &n->args, &n->kwargs, slots)) return false;
  return finish(c, r->op, slots, (r->flags & R_INPLACE) != 0);
}

/* ---- target lookup ---- */

/* "torch.ops.aten.add.Tensor" -> ("add", "Tensor"); false for other targets. */
static bool split_aten(fx_str t, fx_str *op, fx_str *overload) {
  if (!fx_str_starts_with(t, "torch.ops.aten.")) return false;
  const char *p = t.p + 15, *end = t.p + t.n, *dot = memchr(p, '.', (size_t)(end - p));
  *op = fx_str_make(p, (size_t)((dot ? dot : end) - p));
  *overload = dot ? fx_str_make(dot + 1, (size_t)(end - dot - 1)) : fx_str_make("", 0);
  return true;
}

/* The rule of a target: a method's name, or a function's full name. */
static const rule *find_rule(fx_str t, bool method) {
  fx_str aop = {NULL, 0}, aov;
  bool aten = split_aten(t, &aop, &aov);
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    for (size_t s = 0; s < NTARGETS && rules[i].targets[s]; s++) {
      const char *rt = rules[i].targets[s];
      if (method) {
        if (rt[0] == 'M' && rt[1] == ':' && fx_str_eqz(t, rt + 2)) return &rules[i];
        continue;
      }
      if (rt[0] == 'M' && rt[1] == ':') continue;
      if (fx_str_eqz(t, rt)) return &rules[i];
      /* an aten rule without an overload ("torch.ops.aten.expand") matches every overload of that op */
      size_t rn = strlen(rt);
      if (aten && rn == 15 + aop.n && strncmp(rt, "torch.ops.aten.", 15) == 0 && memcmp(rt + 15, aop.p, aop.n) == 0)
        return &rules[i];
    }
  return NULL;
}

/* The default spellings: NAME as torch.NAME, F.NAME, torch._C._nn.NAME, a method, or aten; NAME_ in place. */
static bool find_default(const fx_node *n, fx_op *op, bool *inplace) {
  fx_str t = n->target, name = t, aop, aov;
  if (n->opcode == FX_CALL_FUNCTION) {
    if (fx_str_starts_with(t, "fx2c.")) { /* fx2c's own ops (FX_OPF_FX2C) have this spelling and no other */
      name = fx_str_make(t.p + 5, t.n - 5);
      for (int i = 0; i < FX_NUM_OPS; i++)
        if ((fx_op_flags((fx_op)i) & FX_OPF_FX2C) && fx_str_eqz(name, fx_op_name((fx_op)i))) {
          *op = (fx_op)i;
          *inplace = false;
          return true;
        }
      return false;
    } else if (split_aten(t, &aop, &aov)) name = aop;
    else if (fx_str_starts_with(t, "torch.nn.functional.")) name = fx_str_make(t.p + 20, t.n - 20);
    else if (fx_str_starts_with(t, "torch._C._nn.")) name = fx_str_make(t.p + 13, t.n - 13);
    else if (fx_str_starts_with(t, "torch.special.")) name = fx_str_make(t.p + 14, t.n - 14);
    else if (fx_str_starts_with(t, "torch.") && !memchr(t.p + 6, '.', t.n - 6)) name = fx_str_make(t.p + 6, t.n - 6);
    else return false;
  }
  *inplace = false;
  if (name.n > 1 && name.p[name.n - 1] == '_' && name.p[name.n - 2] != '_') {
    *inplace = true;
    name.n--;
  }
  for (int i = 0; i < FX_NUM_OPS; i++)
    if (!(fx_op_flags((fx_op)i) & FX_OPF_FX2C) && fx_str_eqz(name, fx_op_name((fx_op)i))) {
      *op = (fx_op)i;
      return true;
    }
  return false;
}

/* torch.max / torch.min and their method and aten forms: a reduction to a value, (values, indices) along a dim, or
 * the elementwise maximum of two tensors, depending on the arguments. */
static bool legalize_max_min(ctx *c, bool is_max) {
  const fx_node *n = &c->p->g->nodes[c->node];
  uint32_t npos = n->args.n;
  bool has_dim = npos >= 2 || n->kwargs.n >= 2;
  bool other_tensor = npos >= 2 && n->args.u.items[1].kind == FX_V_NODE;
  for (uint32_t i = 0; i + 1 < n->kwargs.n; i += 2)
    if (n->kwargs.u.items[i].n == 5 && memcmp(n->kwargs.u.items[i].u.text, "other", 5) == 0) other_tensor = true;
  rule r = {{NULL}, FX_OP_AMAX, "input", NULL, 0};
  if (other_tensor) {
    r.op = is_max ? FX_OP_MAXIMUM : FX_OP_MINIMUM;
    r.sig = "input, other";
  } else if (has_dim) {
    r.op = is_max ? FX_OP_MAX_DIM : FX_OP_MIN_DIM;
    r.sig = "input, dim, keepdim=False";
  } else {
    r.op = is_max ? FX_OP_AMAX : FX_OP_AMIN;
    r.sig = "input";
  }
  return legalize_rule(c, &r);
}

/* Tensor.to(dtype), .to(device), .to(device, dtype), .to(other), with keywords too: only the dtype matters. */
static bool legalize_to(ctx *c) {
  const fx_node *n = &c->p->g->nodes[c->node];
  fx_value slots[FX_SIG_MAX];
  const fx_sig *osig = fx_op_sig(FX_OP_TO);
  for (int k = 0; k < osig->n; k++) slots[k] = osig->params[k].dflt;
  if (!n->args.n) {
    fx_diag_error(c->d, src_of(c), n->loc, "to() needs the tensor to convert");
    return false;
  }
  slots[0] = n->args.u.items[0];
  slots[1] = fx_value_none();
  for (uint32_t i = 1; i < n->args.n; i++) {
    const fx_value *v = &n->args.u.items[i];
    if (v->kind == FX_V_WORD && fx_str_starts_with(fx_str_make(v->u.text, v->n), "torch.")) slots[1] = *v;
    else if (v->kind == FX_V_NODE) slots[1] = *v; /* to(other): other's dtype */
  }
  for (uint32_t i = 0; i + 1 < n->kwargs.n; i += 2)
    if (n->kwargs.u.items[i].n == 5 && memcmp(n->kwargs.u.items[i].u.text, "dtype", 5) == 0)
      slots[1] = n->kwargs.u.items[i + 1];
  return finish(c, FX_OP_TO, slots, false);
}

/* ---- modules ---- */

static uint32_t weight_tensor(ctx *c, const fx_module *m, const char *pname, bool required, bool *ok) {
  char key[512];
  snprintf(key, sizeof key, "%.*s%s%s", (int)m->path.n, m->path.p, m->path.n ? "." : "", pname);
  if (!c->p->weights) {
    if (required) {
      char what[640];
      snprintf(what, sizeof what, "module '%.*s' (%.*s) needs its weight '%s'", (int)m->path.n, m->path.p,
               (int)m->type_name.n, m->type_name.p, key);
      *ok = fx_program_no_weights(c->p, c->node, what, c->d);
    }
    return FX_NONE_IDX;
  }
  const fx_tensor *t = fx_weights_find(c->p->weights, fx_str_make(key, strlen(key)));
  if (!t) {
    if (required) {
      fx_diag_error(c->d, src_of(c), c->p->g->nodes[c->node].loc,
                    "weight '%s' of module '%.*s' (%.*s) is missing from the weights file", key, (int)m->path.n,
                    m->path.p, (int)m->type_name.n, m->type_name.p);
      *ok = false;
    }
    return FX_NONE_IDX;
  }
  /* One tensor id per weight, however many nodes use it. */
  for (uint32_t i = 0; i < c->p->ntensors; i++)
    if (c->p->tensors[i].data == t) return i;
  uint32_t id = fx_program_new_tensor(c->p, t->dtype, t->ndim, t->shape, FX_T_WEIGHT, c->node);
  c->p->tensors[id].data = t;
  return id;
}

static fx_value tensor_or_none(ctx *c, uint32_t id) { return id == FX_NONE_IDX ? fx_value_none() : fx_tensor_value(c->p, id); }

static bool module_param(ctx *c, const fx_module *m, const char *name, const fx_sig *osig, fx_value *slots,
                         const char *as) {
  const fx_value *v = fx_module_param(m, name);
  if (!v) return false;
  int k = fx_sig_find(osig, as ? as : name);
  if (k >= 0) slots[k] = *v;
  return true;
}

/* nn.RNN, nn.LSTM, nn.GRU called as module(input) or module(input, hx) (LSTM: hx = (h0, c0)): the op of aten's
 * spelling (ir/ops.def: lstm, gru, rnn_tanh, rnn_relu) with the module's weights as params, in PyTorch's order
 * (_flat_weights: per layer and direction w_ih, w_hh, b_ih, b_hh, w_hr), eval mode, and LSTM's nested result. */
static bool legalize_recurrent(ctx *c, const fx_module *m) {
  const fx_node *n = &c->p->g->nodes[c->node];
  fx_value x, hx = fx_value_none();
  uint32_t nargs = n->args.n;
  x = nargs ? n->args.u.items[0] : fx_value_none();
  if (nargs == 2) hx = n->args.u.items[1];
  for (uint32_t i = 0; i + 1 < n->kwargs.n; i += 2) {
    fx_str key = fx_str_make(n->kwargs.u.items[i].u.text, n->kwargs.u.items[i].n);
    if (fx_str_eqz(key, "input") && !nargs) x = n->kwargs.u.items[i + 1], nargs = 1;
    else if (fx_str_eqz(key, "hx") && nargs == 1) hx = n->kwargs.u.items[i + 1], nargs = 2;
    else nargs = 3;
  }
  if (nargs < 1 || nargs > 2 || x.kind == FX_V_NONE) {
    fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s' (%.*s) takes (input) or (input, hx)", (int)n->target.n,
                  n->target.p, (int)m->type_name.n, m->type_name.p);
    return false;
  }
  fx_op op = m->type == FX_MOD_LSTM ? FX_OP_LSTM : m->type == FX_MOD_GRU ? FX_OP_GRU : FX_OP_RNN_TANH;
  if (m->type == FX_MOD_RNN) {
    /* torch's repr never prints the nonlinearity: without it written out, relu and tanh look the same */
    bool shown = false;
    uint32_t npos = 0;
    for (uint32_t i = 1; i < m->call.n; i++) {
      const fx_value *a = &m->call.u.items[i];
      if (a->kind != FX_V_KWARG) npos++;
      else if (fx_str_eqz(fx_str_make(a->u.items[0].u.text, a->u.items[0].n), "nonlinearity")) shown = true;
    }
    if (!shown && npos < 4) {
      fx_diag_error(c->d, src_of(c), n->loc,
                    "module '%.*s': print(model) does not show an RNN's nonlinearity, so tanh and relu look the same; "
                    "add nonlinearity='tanh' or nonlinearity='relu' to its line in the modules file (tools/fx2c-export "
                    "writes it)",
                    (int)n->target.n, n->target.p);
      return false;
    }
    fx_str nl = FX_STR_LIT("tanh");
    fx_module_str(m, "nonlinearity", &nl);
    if (fx_str_eqz(nl, "relu")) op = FX_OP_RNN_RELU;
    else if (!fx_str_eqz(nl, "tanh")) {
      fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s': unknown nonlinearity '%.*s' (RNN has tanh and relu)",
                    (int)n->target.n, n->target.p, (int)nl.n, nl.p);
      return false;
    }
  }
  double numv = 1, dropout = 0, projv = 0;
  bool bias = true, batch_first = false, bidir = false, ok = true;
  const fx_value *v = fx_module_param(m, "num_layers");
  if (v && v->kind == FX_V_INT) numv = (double)v->v.i;
  v = fx_module_param(m, "proj_size");
  if (v && v->kind == FX_V_INT) projv = (double)v->v.i;
  fx_module_float(m, "dropout", &dropout);
  fx_module_bool(m, "bias", &bias);
  fx_module_bool(m, "batch_first", &batch_first);
  fx_module_bool(m, "bidirectional", &bidir);
  const int64_t layers = (int64_t)numv, dirs = bidir ? 2 : 1;
  if (layers < 1 || layers > 64) {
    fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s': num_layers must be between 1 and 64", (int)n->target.n,
                  n->target.p);
    return false;
  }
  if (projv != 0 && op != FX_OP_LSTM) {
    fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s': proj_size is an LSTM's only", (int)n->target.n, n->target.p);
    return false;
  }
  static const char *const kinds[5] = {"weight_ih", "weight_hh", "bias_ih", "bias_hh", "weight_hr"};
  const int per = (bias ? 4 : 2) + (projv != 0);
  fx_value *params = fx_arena_alloc(&c->p->arena, sizeof *params * (size_t)(layers * dirs * per));
  uint32_t np = 0;
  for (int64_t l = 0; l < layers; l++)
    for (int64_t d = 0; d < dirs; d++)
      for (int k = 0; k < 5; k++) {
        if ((k == 2 || k == 3) && !bias) continue;
        if (k == 4 && projv == 0) continue;
        char name[64];
        snprintf(name, sizeof name, "%s_l%lld%s", kinds[k], (long long)l, d ? "_reverse" : "");
        params[np++] = tensor_or_none(c, weight_tensor(c, m, name, true, &ok));
      }
  if (!ok) return false;
  const fx_sig *osig = fx_op_sig(op);
  fx_value slots[FX_SIG_MAX];
  for (int k = 0; k < osig->n; k++) slots[k] = osig->params[k].dflt;
  slots[0] = x;
  slots[1] = hx;
  slots[2] = fx_value_container_in(&c->p->arena, FX_V_LIST, params, np);
  slots[3] = fx_value_bool(bias);
  slots[4] = fx_value_int(c->p->g, layers);
  slots[5] = fx_value_float(c->p->g, dropout);
  slots[6] = fx_value_bool(false);
  slots[7] = fx_value_bool(bidir);
  slots[8] = fx_value_bool(batch_first);
  if (op == FX_OP_LSTM) set_param(slots, osig, FX_STR_LIT("nested"), fx_value_bool(true));
  return finish(c, op, slots, false);
}

static bool legalize_module(ctx *c) {
  const fx_node *n = &c->p->g->nodes[c->node];
  if (!c->p->mods) { /* one error, at the first call_module: the others fail quietly */
    if (c->p->said & FX_SAID_NO_MODULES) return false;
    c->p->said |= FX_SAID_NO_MODULES;
    uint32_t calls = 0;
    for (uint32_t i = c->p->g->first; i != FX_NONE_IDX; i = c->p->g->nodes[i].next)
      calls += c->p->g->nodes[i].opcode == FX_CALL_MODULE;
    fx_diag_error(c->d, src_of(c), n->loc, "call_module '%.*s' needs the module tree, and no --modules was given",
                  (int)n->target.n, n->target.p);
    fx_diag_note(c->d, NULL, (fx_loc){0, 0, 0, 0},
                 "pass --modules FILE, a file with the text of print(model); the graph's %u call_module node%s need%s "
                 "it (this error is reported once, at the first)",
                 calls, calls == 1 ? "" : "s", calls == 1 ? "s" : "");
    return false;
  }
  const fx_module *m = fx_modules_find(c->p->mods, n->target);
  if (!m) {
    /* none of the graph's call_module targets in the tree: the tree of another model, one error at the first */
    if (c->p->said & FX_SAID_OTHER_MODULES) return false;
    uint32_t calls = 0, found = 0;
    const fx_graph *g = c->p->g;
    for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
      if (g->nodes[i].opcode == FX_CALL_MODULE) calls++, found += fx_modules_find(c->p->mods, g->nodes[i].target) != NULL;
    if (found || calls < 2) {
      fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s' is not in the module tree", (int)n->target.n, n->target.p);
      return false;
    }
    c->p->said |= FX_SAID_OTHER_MODULES;
    fx_diag_error(c->d, src_of(c), n->loc,
                  "module '%.*s' is not in the module tree, nor is any of the %u modules that the graph calls",
                  (int)n->target.n, n->target.p, calls);
    fx_buf top = {0};
    uint32_t ntop = 0;
    for (uint32_t i = 1; i < c->p->mods->n; i++) {
      fx_str path = c->p->mods->items[i].path;
      if (!path.n || memchr(path.p, '.', path.n)) continue;
      if (ntop++ < 8) fx_buf_printf(&top, "%s'%.*s'", ntop > 1 ? ", " : "", (int)path.n, path.p);
    }
    fx_diag_note(c->d, NULL, (fx_loc){0, 0, 0, 0},
                 "is --modules the print(model) of another model? Its layers are %s%s; pass the text of "
                 "print(model) of the model that was traced",
                 ntop ? top.p : "none", ntop > 8 ? ", ..." : "");
    fx_buf_free(&top);
    return false;
  }
  if (m->bad) return false; /* its arguments' errors have been reported in the modules file */
  inst_of(c)->mod = m;
  if (m->type == FX_MOD_RNN || m->type == FX_MOD_LSTM || m->type == FX_MOD_GRU) return legalize_recurrent(c, m);
  if (m->type == FX_MOD_MULTIHEAD_ATTENTION) { /* a composite of the module's weights (decompose.c) */
    const fx_value *h = fx_module_param(m, "num_heads");
    if (!h || h->kind != FX_V_INT) {
      fx_diag_error(c->d, src_of(c), n->loc,
                    "module '%.*s' (MultiheadAttention): the module tree does not say num_heads (print(model) hides "
                    "it): write it with tools/fx2c-export, or as MultiheadAttention(num_heads=N) in the modules file",
                    (int)n->target.n, n->target.p);
      return false;
    }
    int comp = fx_composite_find(FX_STR_LIT("fx2c.nn_multihead_attention"), false);
    if (comp < 0) return false;
    inst_of(c)->composite = (int16_t)(comp + 1);
    return true;
  }
  if (m->type == FX_MOD_QCONV2D || m->type == FX_MOD_QCONV_RELU2D || m->type == FX_MOD_QLINEAR ||
      m->type == FX_MOD_QLINEAR_RELU || m->type == FX_MOD_QHARDSWISH) { /* quantized layers: composites (decompose.c) */
    const char *name = m->type == FX_MOD_QCONV2D        ? "fx2c.nn_qconv2d"
                       : m->type == FX_MOD_QCONV_RELU2D ? "fx2c.nn_qconv_relu2d"
                       : m->type == FX_MOD_QLINEAR      ? "fx2c.nn_qlinear"
                       : m->type == FX_MOD_QLINEAR_RELU ? "fx2c.nn_qlinear_relu"
                                                        : "fx2c.nn_qhardswish";
    int comp = fx_composite_find(fx_str_make(name, strlen(name)), false);
    if (comp < 0) return false;
    inst_of(c)->composite = (int16_t)(comp + 1);
    return true;
  }
  if (m->type == FX_MOD_TRANSFORMER_ENCODER_LAYER || m->type == FX_MOD_TRANSFORMER_DECODER_LAYER ||
      m->type == FX_MOD_TRANSFORMER_ENCODER || m->type == FX_MOD_TRANSFORMER_DECODER || m->type == FX_MOD_TRANSFORMER) {
    const char *name = m->type == FX_MOD_TRANSFORMER_ENCODER_LAYER   ? "fx2c.nn_transformer_encoder_layer"
                       : m->type == FX_MOD_TRANSFORMER_DECODER_LAYER ? "fx2c.nn_transformer_decoder_layer"
                       : m->type == FX_MOD_TRANSFORMER_ENCODER       ? "fx2c.nn_transformer_encoder"
                       : m->type == FX_MOD_TRANSFORMER_DECODER       ? "fx2c.nn_transformer_decoder"
                                                                     : "fx2c.nn_transformer";
    int comp = fx_composite_find(fx_str_make(name, strlen(name)), false);
    if (comp < 0) return false;
    inst_of(c)->composite = (int16_t)(comp + 1);
    return true;
  }
  if (n->args.n != 1 || n->kwargs.n != 0) {
    fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s' (%.*s) is called with %u arguments; fx2c calls modules with one input",
                  (int)n->target.n, n->target.p, (int)m->type_name.n, m->type_name.p, n->args.n + n->kwargs.n / 2);
    return false;
  }
  fx_value x = n->args.u.items[0];
  fx_op op;
  bool ok = true;
  switch (m->type) {
#define SIMPLE(T, O) case FX_MOD_##T: op = FX_OP_##O; break;
    SIMPLE(RELU, RELU) SIMPLE(RELU6, RELU6) SIMPLE(LEAKY_RELU, LEAKY_RELU) SIMPLE(ELU, ELU) SIMPLE(GELU, GELU)
    SIMPLE(SILU, SILU) SIMPLE(SIGMOID, SIGMOID) SIMPLE(TANH, TANH) SIMPLE(HARDSWISH, HARDSWISH)
    SIMPLE(HARDSIGMOID, HARDSIGMOID) SIMPLE(HARDTANH, HARDTANH) SIMPLE(MISH, MISH) SIMPLE(SOFTMAX, SOFTMAX)
    SIMPLE(LOG_SOFTMAX, LOG_SOFTMAX) SIMPLE(DROPOUT, IDENTITY) SIMPLE(DROPOUT1D, IDENTITY) SIMPLE(DROPOUT2D, IDENTITY)
    SIMPLE(DROPOUT3D, IDENTITY) SIMPLE(ALPHA_DROPOUT, IDENTITY) SIMPLE(FEATURE_ALPHA_DROPOUT, IDENTITY)
    SIMPLE(IDENTITY, IDENTITY) SIMPLE(FLATTEN, FLATTEN) SIMPLE(UNFLATTEN, UNFLATTEN) SIMPLE(PIXEL_SHUFFLE, PIXEL_SHUFFLE)
    SIMPLE(CONV1D, CONVOLUTION) SIMPLE(CONV2D, CONVOLUTION) SIMPLE(CONV_TRANSPOSE2D, CONVOLUTION) SIMPLE(LINEAR, LINEAR)
    SIMPLE(BATCH_NORM1D, BATCH_NORM) SIMPLE(BATCH_NORM2D, BATCH_NORM) SIMPLE(LAYER_NORM, LAYER_NORM)
    SIMPLE(GROUP_NORM, GROUP_NORM) SIMPLE(EMBEDDING, EMBEDDING) SIMPLE(MAX_POOL1D, MAX_POOL) SIMPLE(MAX_POOL2D, MAX_POOL)
    SIMPLE(AVG_POOL1D, AVG_POOL) SIMPLE(AVG_POOL2D, AVG_POOL) SIMPLE(ADAPTIVE_AVG_POOL1D, ADAPTIVE_AVG_POOL)
    SIMPLE(ADAPTIVE_AVG_POOL2D, ADAPTIVE_AVG_POOL) SIMPLE(ADAPTIVE_AVG_POOL3D, ADAPTIVE_AVG_POOL)
    SIMPLE(ADAPTIVE_MAX_POOL2D, ADAPTIVE_MAX_POOL) SIMPLE(CONV3D, CONVOLUTION) SIMPLE(CONV_TRANSPOSE3D, CONVOLUTION)
    SIMPLE(BATCH_NORM3D, BATCH_NORM) SIMPLE(MAX_POOL3D, MAX_POOL) SIMPLE(AVG_POOL3D, AVG_POOL)
    SIMPLE(ADAPTIVE_MAX_POOL3D, ADAPTIVE_MAX_POOL)
    SIMPLE(UPSAMPLE, INTERPOLATE) SIMPLE(UPSAMPLING_NEAREST2D, INTERPOLATE) SIMPLE(UPSAMPLING_BILINEAR2D, INTERPOLATE)
    SIMPLE(ZERO_PAD2D, PAD) SIMPLE(CONSTANT_PAD1D, PAD) SIMPLE(CONSTANT_PAD2D, PAD) SIMPLE(REFLECTION_PAD2D, PAD)
    SIMPLE(REPLICATION_PAD2D, PAD) SIMPLE(SELU, ELU) SIMPLE(CELU, CELU) SIMPLE(SOFTSIGN, SOFTSIGN)
    SIMPLE(TANHSHRINK, TANHSHRINK) SIMPLE(LOG_SIGMOID, LOG_SIGMOID) SIMPLE(HARDSHRINK, HARDSHRINK)
    SIMPLE(SOFTSHRINK, SOFTSHRINK) SIMPLE(THRESHOLD, THRESHOLD) SIMPLE(REFLECTION_PAD1D, PAD)
    SIMPLE(REFLECTION_PAD3D, PAD) SIMPLE(REPLICATION_PAD1D, PAD) SIMPLE(REPLICATION_PAD3D, PAD)
    SIMPLE(CONSTANT_PAD3D, PAD)
#undef SIMPLE
  default:
    fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s' is a %.*s, which fx2c does not know how to call",
                  (int)n->target.n, n->target.p, (int)m->type_name.n, m->type_name.p);
    fx_diag_note(c->d, NULL, (fx_loc){0, 0, 0, 0},
                 "'fx2c --list-ops' lists the modules fx2c calls; trace through %.*s instead (symbolic_trace without "
                 "a leaf-module rule for it), so that the graph holds the operations of its forward()",
                 (int)m->type_name.n, m->type_name.p);
    return false;
  }
  const fx_sig *osig = fx_op_sig(op);
  fx_value slots[FX_SIG_MAX];
  for (int k = 0; k < osig->n; k++) slots[k] = osig->params[k].dflt;
  slots[0] = x;
  bool inplace = false;
  bool flag;
  if (fx_module_bool(m, "inplace", &flag) && flag) inplace = true;
  /* hyperparameters whose names are the op's own */
  static const char *const same_names[] = {"negative_slope", "alpha", "approximate", "min_val", "max_val", "dim",
                                           "start_dim", "end_dim", "upscale_factor", "kernel_size", "stride",
                                           "padding", "dilation", "ceil_mode", "return_indices", "count_include_pad",
                                           "divisor_override", "output_size", "groups", "eps", "momentum",
                                           "normalized_shape", "num_groups", "padding_idx", "size", "scale_factor",
                                           "mode", "align_corners", "output_padding", "lambd", "threshold",
                                           "value"};
  for (size_t i = 0; i < sizeof same_names / sizeof *same_names; i++) {
    if (op == FX_OP_PAD && strcmp(same_names[i], "padding") == 0) continue;
    module_param(c, m, same_names[i], osig, slots, NULL);
  }
  /* the rank a convolution or pool module names: its input may be unbatched */
  int spatial = 0;
  switch (m->type) {
  case FX_MOD_CONV1D:
  case FX_MOD_MAX_POOL1D:
  case FX_MOD_AVG_POOL1D:
  case FX_MOD_ADAPTIVE_AVG_POOL1D: spatial = 1; break;
  case FX_MOD_CONV2D:
  case FX_MOD_CONV_TRANSPOSE2D:
  case FX_MOD_MAX_POOL2D:
  case FX_MOD_AVG_POOL2D:
  case FX_MOD_ADAPTIVE_AVG_POOL2D:
  case FX_MOD_ADAPTIVE_MAX_POOL2D: spatial = 2; break;
  case FX_MOD_ADAPTIVE_AVG_POOL3D:
  case FX_MOD_CONV3D:
  case FX_MOD_CONV_TRANSPOSE3D:
  case FX_MOD_MAX_POOL3D:
  case FX_MOD_AVG_POOL3D:
  case FX_MOD_ADAPTIVE_MAX_POOL3D: spatial = 3; break;
  default: break;
  }
  if (spatial) set_param(slots, osig, FX_STR_LIT("spatial_dims"), fx_value_int(c->p->g, spatial));
  switch (m->type) {
  case FX_MOD_CONV1D:
  case FX_MOD_CONV2D:
  case FX_MOD_CONV_TRANSPOSE2D:
  case FX_MOD_CONV3D:
  case FX_MOD_CONV_TRANSPOSE3D: {
    fx_str pm = FX_STR_LIT("zeros"); /* checked by the module reader: zeros, reflect, replicate or circular */
    fx_module_str(m, "padding_mode", &pm);
    if (!fx_str_eqz(pm, "zeros")) {
      if (m->type == FX_MOD_CONV_TRANSPOSE2D || m->type == FX_MOD_CONV_TRANSPOSE3D) {
        fx_diag_error(c->d, src_of(c), n->loc, "module '%.*s': padding_mode %.*s is not supported (only zeros)",
                      (int)n->target.n, n->target.p, (int)pm.n, pm.p);
        return false;
      }
      set_param(slots, osig, FX_STR_LIT("padding_mode"), fx_value_str(c->p->g, pm));
    }
    slots[1] = tensor_or_none(c, weight_tensor(c, m, "weight", true, &ok));
    bool has_bias = true;
    fx_module_bool(m, "bias", &has_bias);
    slots[2] = tensor_or_none(c, weight_tensor(c, m, "bias", has_bias, &ok));
    if (m->type == FX_MOD_CONV_TRANSPOSE2D || m->type == FX_MOD_CONV_TRANSPOSE3D) set_param(slots, osig, FX_STR_LIT("transposed"), fx_value_bool(true));
    break;
  }
  case FX_MOD_SELU: /* elu with SELU's constants */
    set_param(slots, osig, FX_STR_LIT("alpha"), fx_value_float(c->p->g, 1.6732632423543772848));
    set_param(slots, osig, FX_STR_LIT("scale"), fx_value_float(c->p->g, 1.0507009873554804934));
    break;
  case FX_MOD_LINEAR: {
    slots[1] = tensor_or_none(c, weight_tensor(c, m, "weight", true, &ok));
    bool has_bias = true;
    fx_module_bool(m, "bias", &has_bias);
    slots[2] = tensor_or_none(c, weight_tensor(c, m, "bias", has_bias, &ok));
    break;
  }
  case FX_MOD_BATCH_NORM1D:
  case FX_MOD_BATCH_NORM2D:
  case FX_MOD_BATCH_NORM3D: {
    bool affine = true, track = true;
    fx_module_bool(m, "affine", &affine);
    fx_module_bool(m, "track_running_stats", &track);
    if (!track) {
      fx_diag_error(c->d, src_of(c), n->loc,
                    "module '%.*s': BatchNorm without running statistics normalizes by batch statistics in eval; "
                    "not supported",
                    (int)n->target.n, n->target.p);
      return false;
    }
    set_param(slots, osig, FX_STR_LIT("running_mean"), tensor_or_none(c, weight_tensor(c, m, "running_mean", true, &ok)));
    set_param(slots, osig, FX_STR_LIT("running_var"), tensor_or_none(c, weight_tensor(c, m, "running_var", true, &ok)));
    set_param(slots, osig, FX_STR_LIT("weight"), tensor_or_none(c, weight_tensor(c, m, "weight", affine, &ok)));
    set_param(slots, osig, FX_STR_LIT("bias"), tensor_or_none(c, weight_tensor(c, m, "bias", affine, &ok)));
    break;
  }
  case FX_MOD_LAYER_NORM:
  case FX_MOD_GROUP_NORM: {
    bool affine = true;
    if (!fx_module_bool(m, m->type == FX_MOD_LAYER_NORM ? "elementwise_affine" : "affine", &affine)) affine = true;
    set_param(slots, osig, FX_STR_LIT("weight"), tensor_or_none(c, weight_tensor(c, m, "weight", affine, &ok)));
    set_param(slots, osig, FX_STR_LIT("bias"), tensor_or_none(c, weight_tensor(c, m, "bias", affine, &ok)));
    break;
  }
  case FX_MOD_EMBEDDING:
    set_param(slots, osig, FX_STR_LIT("weight"), tensor_or_none(c, weight_tensor(c, m, "weight", true, &ok)));
    break;
  case FX_MOD_UNFLATTEN:
    module_param(c, m, "unflattened_size", osig, slots, "sizes");
    break;
  case FX_MOD_UPSAMPLING_NEAREST2D:
    set_param(slots, osig, FX_STR_LIT("mode"), fx_value_word(c->p->g, FX_STR_LIT("nearest")));
    break;
  case FX_MOD_UPSAMPLING_BILINEAR2D:
    set_param(slots, osig, FX_STR_LIT("mode"), fx_value_word(c->p->g, FX_STR_LIT("bilinear")));
    set_param(slots, osig, FX_STR_LIT("align_corners"), fx_value_bool(true));
    break;
  case FX_MOD_ZERO_PAD2D:
  case FX_MOD_CONSTANT_PAD1D:
  case FX_MOD_CONSTANT_PAD2D:
  case FX_MOD_REFLECTION_PAD2D:
  case FX_MOD_REPLICATION_PAD2D:
  case FX_MOD_REFLECTION_PAD1D:
  case FX_MOD_REFLECTION_PAD3D:
  case FX_MOD_REPLICATION_PAD1D:
  case FX_MOD_REPLICATION_PAD3D:
  case FX_MOD_CONSTANT_PAD3D: {
    module_param(c, m, "padding", osig, slots, "pad");
    module_param(c, m, "value", osig, slots, NULL);
    fx_module_type mt = m->type;
    const char *mode = mt == FX_MOD_REFLECTION_PAD1D || mt == FX_MOD_REFLECTION_PAD2D || mt == FX_MOD_REFLECTION_PAD3D
                           ? "reflect"
                       : mt == FX_MOD_REPLICATION_PAD1D || mt == FX_MOD_REPLICATION_PAD2D ||
                               mt == FX_MOD_REPLICATION_PAD3D
                           ? "replicate"
                           : "constant";
    set_param(slots, osig, FX_STR_LIT("mode"), fx_value_word(c->p->g, fx_str_make(mode, strlen(mode))));
    /* ZeroPad2d(1) pads all four sides: the module repr may hold one int */
    set_param(slots, osig, FX_STR_LIT("value"), m->type == FX_MOD_ZERO_PAD2D ? fx_value_int(c->p->g, 0)
                                                                            : slots[fx_sig_find(osig, "value")]);
    break;
  }
  default:
    break;
  }
  if (!ok) return false;
  return finish(c, op, slots, inplace && (fx_op_flags(op) & FX_OPF_UNARY));
}

/* A Python function as a table prints it, <function NAME at 0x...>: torch.nn.functional.NAME, torch.functional.NAME
 * or torch.NAME, the first that is a known target, becomes the node's target; any other function is the user's. */
static bool resolve_python_function(ctx *c) {
  fx_node *n = &c->p->g->nodes[c->node];
  const char *p = n->target.p + 10, *e = p;
  while (e < n->target.p + n->target.n && *e != ' ' && *e != '>') e++;
  static const char *const modules[] = {"torch.nn.functional.", "torch.functional.", "torch."};
  for (size_t k = 0; k < sizeof modules / sizeof *modules; k++) {
    fx_node t = *n;
    t.target = fx_arena_printf(&c->p->g->arena, "%s%.*s", modules[k], (int)(e - p), p);
    fx_op op;
    bool inplace;
    if (find_rule(t.target, false) || fx_composite_find(t.target, false) >= 0 || find_default(&t, &op, &inplace)) {
      n->target = t.target;
      return true;
    }
  }
  fx_diag_error(c->d, src_of(c), n->loc, "unsupported call_function target '%.*s': a Python function that is not one of torch's",
                (int)n->target.n, n->target.p);
  fx_diag_note(c->d, NULL, (fx_loc){0, 0, 0, 0},
               "torch.fx keeps a function it cannot trace as one call; trace through it (remove torch.fx.wrap), use "
               "make_fx, which records the torch operations inside it, or declare it with --custom-ops FILE and "
               "link your C implementation (docs/custom-ops.md)");
  return false;
}

/* ---- nn.utils.weight_norm'ed layers ----
 * torch.nn.utils.weight_norm replaces a layer's `weight` by `weight_g` and `weight_v` and recomputes the weight in a
 * forward pre-hook, which symbolic_trace does not see: the graph calls the module, the state_dict has no weight. Such
 * a call of a Conv1d, Conv2d, ConvTranspose2d or Linear becomes the functional call of the layer with the weight
 * torch._weight_norm(weight_v, weight_g, dim) (a composite, decompose.c) from get_attr nodes, once, before the first
 * legalization (the rewritten graph has no such module call left). dim is the one dimension where weight_g is not
 * 1 (weight_norm's g keeps only that one); a g of ones throughout is the norm over all of v (dim=None), which is also
 * what any dim of size 1 computes. */
static fx_value wn_get_attr(fx_program *p, uint32_t before, const fx_module *m, const char *pname) {
  char key[512];
  snprintf(key, sizeof key, "%.*s%s%s", (int)m->path.n, m->path.p, m->path.n ? "." : "", pname);
  fx_graph *g = p->g;
  fx_insert_point ip = fx_graph_inserting_before(g, before);
  uint32_t id = fx_graph_create_node(g, FX_GET_ATTR, fx_str_make(key, strlen(key)), fx_value_tuple(g, NULL, 0),
                                     fx_value_container(g, FX_V_DICT, NULL, 0), fx_str_make("", 0), fx_str_make("", 0));
  fx_graph_restore_insert(g, ip);
  return fx_value_node(g, id);
}

/* The module call `node` replaced by call_function[target=fn](a[0..na)) at its place and position: its users read the
 * new node, which absorbs it. Returns the new node. */
static uint32_t module_to_call(fx_graph *g, uint32_t node, const char *fn, const fx_value *a, uint32_t na) {
  const fx_loc loc = g->nodes[node].loc;
  fx_insert_point ip = fx_graph_inserting_before(g, node);
  uint32_t call = fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(fn, strlen(fn)), fx_value_tuple(g, a, na),
                                       fx_value_container(g, FX_V_DICT, NULL, 0), fx_str_make("", 0), fx_str_make("", 0));
  fx_graph_restore_insert(g, ip);
  g->nodes[call].loc = loc;
  fx_node_replace_all_uses_with(g, node, call);
  fx_node_absorb(g, call, node);
  fx_graph_erase_node(g, node);
  return call;
}

static bool weight_norm_module(fx_program *p, uint32_t node, fx_diag *d) {
  fx_graph *g = p->g;
  const fx_node *n = &g->nodes[node];
  const fx_module *m = p->weights ? fx_modules_find(p->mods, n->target) : NULL;
  if (!m || !(m->type == FX_MOD_CONV1D || m->type == FX_MOD_CONV2D || m->type == FX_MOD_CONV_TRANSPOSE2D ||
              m->type == FX_MOD_LINEAR))
    return true;
  char key[512];
  const fx_tensor *tv, *tg;
#define WN_FIND(var, suffix)                                                                                           \
  (snprintf(key, sizeof key, "%.*s%s%s", (int)m->path.n, m->path.p, m->path.n ? "." : "", suffix),                   \
   (var) = fx_weights_find(p->weights, fx_str_make(key, strlen(key))))
  if (WN_FIND(tv, "weight") || !WN_FIND(tv, "weight_v") || !WN_FIND(tg, "weight_g")) return true;
#undef WN_FIND
  const fx_loc loc = n->loc;
  const fx_source *src = n->loc.line ? g->src : NULL;
  if (n->args.n != 1 || n->kwargs.n != 0) {
    fx_diag_error(d, src, loc, "weight-normalized module '%.*s' must be called with its input only",
                  (int)n->target.n, n->target.p);
    return false;
  }
  const fx_value *pm = fx_module_param(m, "padding_mode");
  if (pm && (pm->kind == FX_V_STR || pm->kind == FX_V_WORD) && !fx_str_eqz(fx_str_make(pm->u.text, pm->n), "zeros") &&
      !fx_str_eqz(fx_str_make(pm->u.text, pm->n), "'zeros'")) {
    fx_diag_error(d, src, loc, "module '%.*s': padding_mode %.*s is not supported (only zeros)", (int)n->target.n,
                  n->target.p, (int)pm->n, pm->u.text);
    return false;
  }
  int64_t dim = -1;
  bool same_rank = tg->ndim == tv->ndim;
  for (int32_t i = 0; same_rank && i < tg->ndim; i++) {
    if (tg->shape[i] == 1) continue;
    if (tg->shape[i] != tv->shape[i] || dim != -1) same_rank = false;
    else dim = i;
  }
  if (!same_rank && !(tg->ndim == 0 || (tg->ndim == 1 && tg->shape[0] == 1))) {
    fx_diag_error(d, src, loc,
                  "module '%.*s': weight_g and weight_v have shapes that nn.utils.weight_norm does not make (g keeps "
                  "one dimension of v, the others 1)",
                  (int)n->target.n, n->target.p);
    return false;
  }
  fx_value x = n->args.u.items[0];
  fx_str target = n->target;
  bool has_bias = true;
  fx_module_bool(m, "bias", &has_bias);
  fx_value v = wn_get_attr(p, node, m, "weight_v"), gv = wn_get_attr(p, node, m, "weight_g");
  fx_value wargs[3] = {v, gv, fx_value_int(g, dim)};
  fx_insert_point ip = fx_graph_inserting_before(g, node);
  char nm[160];
  snprintf(nm, sizeof nm, "%.*s_weight", (int)target.n, target.p);
  uint32_t wn = fx_graph_create_node(g, FX_CALL_FUNCTION, FX_STR_LIT("torch._weight_norm"), fx_value_tuple(g, wargs, 3),
                                     fx_value_container(g, FX_V_DICT, NULL, 0),
                                     fx_graph_unique_name(
                                         g, fx_graph_target_to_name(g, FX_CALL_MODULE, fx_str_make(nm, strlen(nm)))),
                                     fx_str_make("", 0));
  fx_graph_restore_insert(g, ip);
  fx_value b = has_bias ? wn_get_attr(p, node, m, "bias") : fx_value_none();
  fx_value a[8];
  uint32_t na = 0;
  const char *fn;
  a[na++] = x, a[na++] = fx_value_node(g, wn), a[na++] = b;
  static const char *const conv_p[] = {"stride", "padding", "dilation", "groups"};
  static const char *const convt_p[] = {"stride", "padding", "output_padding", "groups", "dilation"};
  const char *const *names = NULL;
  uint32_t nn = 0;
  switch (m->type) {
  case FX_MOD_CONV1D: fn = "torch.conv1d", names = conv_p, nn = 4; break;
  case FX_MOD_CONV2D: fn = "torch.conv2d", names = conv_p, nn = 4; break;
  case FX_MOD_CONV_TRANSPOSE2D: fn = "torch.conv_transpose2d", names = convt_p, nn = 5; break;
  default: fn = "torch._C._nn.linear"; break;
  }
  for (uint32_t i = 0; i < nn; i++) {
    const fx_value *pv = fx_module_param(m, names[i]);
    if (!pv) {
      fx_diag_error(d, src, loc, "internal error: module '%.*s' has no %s", (int)target.n, target.p, names[i]);
      return false;
    }
    a[na++] = fx_value_copy(g, pv, NULL, NULL);
  }
  g->nodes[wn].loc = loc;
  module_to_call(g, node, fn, a, na);
  return true;
}

/* Whether the module call's layer has its weight in the state_dict (an error at the call if not). */
static bool module_weight_present(const fx_program *p, uint32_t node, const fx_module *m, const char *cls, fx_diag *d) {
  const fx_node *n = &p->g->nodes[node];
  char key[512];
  snprintf(key, sizeof key, "%.*s%sweight", (int)m->path.n, m->path.p, m->path.n ? "." : "");
  if (p->weights && fx_weights_find(p->weights, fx_str_make(key, strlen(key)))) return true;
  fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "weight '%s' of module '%.*s' (%s) is missing", key,
                (int)n->target.n, n->target.p, cls);
  return false;
}

/* nn.EmbeddingBag(input, offsets=None, per_sample_weights=None) is F.embedding_bag with the layer's weight (a get_attr
 * node) and hyperparameters, a composite (decompose.c). */
static bool embedding_bag_module(fx_program *p, uint32_t node, const fx_module *m, fx_diag *d) {
  fx_graph *g = p->g;
  const fx_node *n = &g->nodes[node];
  fx_sig sig;
  fx_sig_parse("input, offsets=None, per_sample_weights=None", &sig);
  fx_value in[3];
  fx_bind_error err;
  if (!fx_sig_bind(&sig, &n->args, &n->kwargs, &p->arena, in, NULL, &err)) {
    fx_diag_error(d, n->loc.line ? g->src : NULL, n->loc, "module '%.*s' (EmbeddingBag): %s", (int)n->target.n,
                  n->target.p, err.msg);
    return false;
  }
  if (!module_weight_present(p, node, m, "EmbeddingBag", d)) return false;
  static const char *const hyper[] = {"max_norm", "norm_type", "scale_grad_by_freq", "mode", "sparse"};
  fx_value a[11];
  a[0] = in[0];
  a[1] = wn_get_attr(p, node, m, "weight");
  a[2] = in[1];
  for (int i = 0; i < 5; i++) a[3 + i] = fx_value_copy(g, fx_module_param(m, hyper[i]), NULL, NULL);
  a[8] = in[2];
  a[9] = fx_value_copy(g, fx_module_param(m, "include_last_offset"), NULL, NULL);
  a[10] = fx_value_copy(g, fx_module_param(m, "padding_idx"), NULL, NULL);
  module_to_call(g, node, "torch.nn.functional.embedding_bag", a, 11);
  return true;
}

/* Layers whose functional form is a composite (decompose.c), which a module call cannot become in place: PReLU is
 * torch.prelu(x, weight) with its weight from a get_attr node, GLU is F.glu(x, dim). */
static bool functional_module(fx_program *p, uint32_t node, fx_diag *d) {
  fx_graph *g = p->g;
  const fx_node *n = &g->nodes[node];
  if (n->erased || n->opcode != FX_CALL_MODULE) return true;
  const fx_module *m = fx_modules_find(p->mods, n->target);
  if (m && m->type == FX_MOD_EMBEDDING_BAG) return embedding_bag_module(p, node, m, d);
  if (!m || (m->type != FX_MOD_PRELU && m->type != FX_MOD_GLU)) return true;
  if (n->args.n != 1 || n->kwargs.n != 0) {
    fx_diag_error(d, n->loc.line ? g->src : NULL, n->loc, "module '%.*s' must be called with its input only",
                  (int)n->target.n, n->target.p);
    return false;
  }
  fx_value a[2];
  a[0] = n->args.u.items[0];
  if (m->type == FX_MOD_PRELU) {
    if (!module_weight_present(p, node, m, "PReLU", d)) return false;
    a[1] = wn_get_attr(p, node, m, "weight");
  } else {
    a[1] = fx_value_copy(g, fx_module_param(m, "dim"), NULL, NULL);
  }
  module_to_call(g, node, m->type == FX_MOD_PRELU ? "torch.prelu" : "torch.nn.functional.glu", a, 2);
  return true;
}

/* ---- complex spectra used through abs() ----
 * fx2c has no complex tensors. torch.stft(return_complex=True) (torchaudio's Spectrogram) and aten._fft_r2c (its
 * make_fx form) are computed when every use of their result is abs(), possibly through reshapes, views and
 * transposes, or only reads its shape (torch.fft.rfft too): the transform then becomes the magnitudes it has
 * (fx2c.stft_abs, fx2c.rfft_abs, fx2c.fft_rfft_abs in decompose.c), which the views move as they would move the complex values, and abs() of a
 * magnitude is itself. Any other use keeps the complex form, which decompose.c refuses with a message. */
static bool aten_op_in(fx_str t, const char *const *names) {
  fx_str op, ov;
  if (!split_aten(t, &op, &ov)) return false;
  for (int i = 0; names[i]; i++)
    if (fx_str_eqz(op, names[i])) return true;
  return false;
}

static bool refers_to(const fx_value *v, uint32_t node) {
  if (v->kind == FX_V_NODE) return v->v.node == node;
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++)
      if (refers_to(&v->u.items[i], node)) return true;
  return false;
}

static bool complex_used_by_abs_only(const fx_graph *g, uint32_t node, int depth) {
  static const char *const views[] = {"reshape", "view", "transpose", "transpose_", "permute", "squeeze",
                                      "unsqueeze", "flatten", "contiguous", "_reshape_alias", "_unsafe_view", "clone",
                                      "t", NULL};
  static const char *const abs_names[] = {"abs", NULL}, *const muls[] = {"mul", NULL}, *const divs[] = {"div", NULL};
  if (depth > 32) return false;
  const fx_node *n = &g->nodes[node];
  for (uint32_t u = 0; u < n->nusers; u++) {
    const fx_node *un = &g->nodes[n->users[u]];
    bool first = un->args.n >= 1 && un->args.u.items[0].kind == FX_V_NODE && un->args.u.items[0].v.node == node;
    bool elsewhere = refers_to(&un->kwargs, node); /* the value must be the first argument and nowhere else */
    for (uint32_t a = 1; a < un->args.n; a++) elsewhere |= refers_to(&un->args.u.items[a], node);
    bool method = un->opcode == FX_CALL_METHOD, fn = un->opcode == FX_CALL_FUNCTION;
    fx_str t = un->target;
    /* a product or quotient with a real value (torchaudio's normalized="window"): |z * c| = |z| * |c|, |z / c| =
     * |z| / |c|, so the magnitudes may go through them too when abs() follows */
    bool mul = (fn && (fx_str_eqz(t, "operator.mul") || fx_str_eqz(t, "torch.mul") || aten_op_in(t, muls))) ||
               (method && fx_str_eqz(t, "mul"));
    bool div = (fn && (fx_str_eqz(t, "operator.truediv") || fx_str_eqz(t, "torch.div") || aten_op_in(t, divs))) ||
               (method && fx_str_eqz(t, "div"));
    if ((mul || div) && un->args.n == 2 && un->kwargs.n == 0 &&
        (mul ? !(first && refers_to(&un->args.u.items[1], node)) : first && !elsewhere)) {
      if (!complex_used_by_abs_only(g, n->users[u], depth + 1)) return false;
      continue;
    }
    if (!first || elsewhere) return false;
    if ((method && fx_str_eqz(t, "size")) ||
        (fn && fx_str_eqz(t, "builtins.getattr") && un->args.n == 2 && fx_value_str_is(&un->args.u.items[1], "shape")))
      continue;
    if ((method && fx_str_eqz(t, "abs")) || (fn && (fx_str_eqz(t, "torch.abs") || aten_op_in(t, abs_names))))
      continue;
    bool view = false;
    for (int i = 0; views[i] && !view; i++) {
      char full[64];
      snprintf(full, sizeof full, "torch.%s", views[i]);
      view = (method && fx_str_eqz(t, views[i])) || (fn && fx_str_eqz(t, full));
    }
    if (!view && !(fn && aten_op_in(t, views))) return false;
    if (!complex_used_by_abs_only(g, n->users[u], depth + 1)) return false;
  }
  return true;
}

static void complex_abs(fx_program *p, uint32_t node) {
  fx_graph *g = p->g;
  fx_node *n = &g->nodes[node];
  static const char *const r2c[] = {"_fft_r2c", NULL};
  bool stft = (n->opcode == FX_CALL_METHOD && fx_str_eqz(n->target, "stft")) ||
              (n->opcode == FX_CALL_FUNCTION &&
               (fx_str_eqz(n->target, "torch.functional.stft") || fx_str_eqz(n->target, "torch.stft")));
  bool fft = n->opcode == FX_CALL_FUNCTION && aten_op_in(n->target, r2c);
  bool rfft = n->opcode == FX_CALL_FUNCTION &&
              (fx_str_eqz(n->target, "torch._C._fft.fft_rfft") || fx_str_eqz(n->target, "torch.fft.rfft"));
  if (!stft && !fft && !rfft) return;
  if (stft) { /* return_complex=True, as a keyword (torchaudio) or the tenth argument */
    const fx_value *rc = NULL;
    for (uint32_t k = 0; k + 1 < n->kwargs.n; k += 2)
      if (fx_value_str_is(&n->kwargs.u.items[k], "return_complex"))
        rc = &n->kwargs.u.items[k + 1];
    if (!rc && n->args.n >= 10) rc = &n->args.u.items[9];
    if (!rc || rc->kind != FX_V_BOOL || !rc->v.i) return;
  }
  if (!complex_used_by_abs_only(g, node, 0)) return;
  n->opcode = FX_CALL_FUNCTION;
  n->target = stft ? FX_STR_LIT("fx2c.stft_abs") : rfft ? FX_STR_LIT("fx2c.fft_rfft_abs") : FX_STR_LIT("fx2c.rfft_abs");
  /* make_fx's stft transposes the transform in place (aten.transpose_), its one use: the same as a transpose */
  static const char *const tr_[] = {"transpose_", NULL};
  if (n->nusers == 1 && g->nodes[n->users[0]].opcode == FX_CALL_FUNCTION && aten_op_in(g->nodes[n->users[0]].target, tr_))
    g->nodes[n->users[0]].target = FX_STR_LIT("torch.ops.aten.transpose.int");
}

bool fx_legalize_rewrite(fx_program *p, fx_diag *d) {
  fx_graph *g = p->g;
  bool ok = true, changed = false;
  for (uint32_t i = g->first, next; i != FX_NONE_IDX; i = next) {
    next = g->nodes[i].next;
    if (g->nodes[i].opcode == FX_CALL_FUNCTION || g->nodes[i].opcode == FX_CALL_METHOD) complex_abs(p, i);
    if (g->nodes[i].opcode != FX_CALL_MODULE || !p->mods) continue;
    uint32_t before = g->nnodes;
    ok &= weight_norm_module(p, i, d) && functional_module(p, i, d);
    changed |= g->nnodes != before;
  }
  if (changed) fx_program_grow_inst(p);
  return ok;
}

/* aten._native_multi_head_attention that the MHA op (program/ops/matmul.c: self-attention, no mask, the heads' average
 * weights) does not compute: with a mask, a key or value that is not the query, or per-head weights */
static bool native_mha_composite(const fx_node *n) {
  if (n->opcode != FX_CALL_FUNCTION || !fx_str_starts_with(n->target, "torch.ops.aten._native_multi_head_attention."))
    return false;
  const fx_value *a = n->args.u.items;
  for (uint32_t i = 1; i < 3 && i < n->args.n; i++)
    if (a[i].kind != FX_V_NODE || a[0].kind != FX_V_NODE || a[i].v.node != a[0].v.node) return true;
  if (n->args.n > 9 && a[9].kind != FX_V_NONE) return true;
  if (n->args.n > 11 && a[11].kind == FX_V_BOOL && !a[11].v.i) return true;
  for (uint32_t i = 0; i + 1 < n->kwargs.n; i += 2) {
    const fx_value *k = &n->kwargs.u.items[i], *v = &n->kwargs.u.items[i + 1];
    fx_str key = fx_str_make(k->u.text, k->n);
    if (fx_str_eqz(key, "mask") && v->kind != FX_V_NONE) return true;
    if (fx_str_eqz(key, "average_attn_weights") && v->kind == FX_V_BOOL && !v->v.i) return true;
    if ((fx_str_eqz(key, "key") || fx_str_eqz(key, "value")) &&
        !(v->kind == FX_V_NODE && n->args.n && a[0].kind == FX_V_NODE && v->v.node == a[0].v.node))
      return true;
  }
  return false;
}

/* A call of a user-defined op (--custom-ops): its arguments bound to the declaration's parameters, packed into the
 * one tuple argument of FX_OP_CUSTOM; inference checks their types (ops/custom.c). */
static bool legalize_custom(ctx *c, int decl) {
  const fx_node *n = &c->p->g->nodes[c->node];
  const fx_custom_decl *dc = &c->p->custom->decls[decl];
  fx_value slots[FX_SIG_MAX];
  fx_bind_error err;
  if (!fx_sig_bind(&dc->sig, &n->args, &n->kwargs, &c->p->arena, slots, NULL, &err)) {
    fx_diag_error(c->d, src_of(c), err.at ? arg_loc(c, err.at) : n->loc, "%.*s() %s", (int)n->target.n, n->target.p,
                  err.msg);
    fx_diag_note(c->d, &c->p->custom->src, dc->loc, "declared here");
    return false;
  }
  fx_inst *in = inst_of(c);
  in->op = FX_OP_CUSTOM;
  in->custom = (int16_t)(decl + 1);
  in->args = fx_arena_alloc(&c->p->arena, sizeof *in->args);
  in->args[0] = fx_value_tuple(c->p->g, slots, (uint32_t)dc->sig.n);
  return true;
}

bool fx_legalize_node(fx_program *p, uint32_t node, fx_diag *d) {
  ctx c = {p, node, d, false};
  const fx_node *n = &p->g->nodes[node];
  fx_inst *in = &p->inst[node];
  in->op = -1;
  in->custom = 0;
  switch ((fx_opcode)n->opcode) {
  case FX_PLACEHOLDER:
  case FX_GET_ATTR:
  case FX_OUTPUT:
    return true;
  case FX_CALL_MODULE:
    return legalize_module(&c);
  default:
    break;
  }
  if (n->opcode == FX_CALL_FUNCTION && p->custom) { /* the user's declarations come first */
    int decl = fx_custom_ops_find(p->custom, n->target);
    if (decl >= 0) return legalize_custom(&c, decl);
  }
  if (n->opcode == FX_CALL_FUNCTION && fx_str_starts_with(n->target, "<function ") && !resolve_python_function(&c))
    return false;
  n = &p->g->nodes[node];
  if (fx_str_eqz(n->target, "builtins.getattr") && n->args.n == 2 &&
      (n->args.u.items[1].kind == FX_V_STR || n->args.u.items[1].kind == FX_V_WORD)) {
    /* x.T and x.H (real tensors): the dimensions reversed; x.mT and x.mH: the last two swapped */
    const fx_value *a = &n->args.u.items[1];
    const fx_str attr = fx_str_make(a->u.text, a->n);
    static const rule reverse = {{NULL}, FX_OP_NUMPY_T, "input, name", NULL, 0};
    static const rule swap = {{NULL}, FX_OP_MATRIX_T, "input, name", NULL, 0};
    if (fx_str_eqz(attr, "T") || fx_str_eqz(attr, "H")) return legalize_rule(&c, &reverse);
    if (fx_str_eqz(attr, "mT") || fx_str_eqz(attr, "mH")) return legalize_rule(&c, &swap);
  }
  if (native_mha_composite(n)) { /* what the fused op does not compute: a composite (decompose.c) */
    in->composite = (int16_t)(fx_composite_find(FX_STR_LIT("fx2c.native_multi_head_attention"), false) + 1);
    return in->composite > 0;
  }
  const rule *r = find_rule(n->target, n->opcode == FX_CALL_METHOD);
  if (r) return legalize_rule(&c, r);
  int comp = fx_composite_find(n->target, n->opcode == FX_CALL_METHOD);
  if (comp >= 0) { /* inference replaces it by its body (decompose.c) */
    in->composite = (int16_t)(comp + 1);
    return true;
  }
  fx_str t = n->target, aop, aov;
  bool method = n->opcode == FX_CALL_METHOD;
  bool aten = split_aten(t, &aop, &aov);
  fx_str base = method ? t : aten ? aop : fx_str_make("", 0);
  if (!method && !aten) {
    if (fx_str_eqz(t, "torch.max") || fx_str_eqz(t, "torch.min"))
      base = fx_str_make(t.p + 6, 3);
  }
  if (fx_str_eqz(base, "max") || fx_str_eqz(base, "min")) return legalize_max_min(&c, base.p[1] == 'a');
  if (method && fx_str_eqz(t, "to")) return legalize_to(&c);
  if ((method || aten) && (fx_str_eqz(base, "new_zeros") || fx_str_eqz(base, "new_ones") ||
                           fx_str_eqz(base, "new_empty") || fx_str_eqz(base, "new_full"))) {
    /* x.new_zeros(size) is a full tensor of x's dtype: FULL with dtype taken from x when not given */
    bool full = fx_str_eqz(base, "new_full");
    rule nr = {{NULL}, FX_OP_FULL, full ? "input, size, fill_value, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False"
                                      : "input, *size, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False",
               fx_str_eqz(base, "new_ones") ? "fill_value=1" : full ? NULL : "fill_value=0", 0};
    if (!legalize_rule(&c, &nr)) return false;
    /* remember x, for the dtype */
    const fx_sig *osig = fx_op_sig(FX_OP_FULL);
    int kd = fx_sig_find(osig, "dtype");
    if (in->args[kd].kind == FX_V_NONE && n->args.n) in->args[kd] = n->args.u.items[0];
    return true;
  }
  fx_op op;
  bool inplace;
  if (find_default(n, &op, &inplace)) {
    rule dr = {{NULL}, op, NULL, NULL, inplace ? R_INPLACE : 0};
    return legalize_rule(&c, &dr);
  }
  fx_diag_error(d, p->g->nodes[node].loc.line ? p->g->src : NULL, n->loc, "unsupported %s target '%.*s'",
                fx_opcode_names[n->opcode], (int)t.n, t.p);
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
               "'fx2c --list-ops' lists the targets fx2c supports; write this step with those, or declare it with "
               "--custom-ops FILE and link your C implementation (docs/custom-ops.md)");
  return false;
}

void fx_legalize_each_spelling(void (*f)(void *arg, const char *spelling), void *arg) {
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    for (size_t s = 0; s < NTARGETS && rules[i].targets[s]; s++) f(arg, rules[i].targets[s]);
  /* the special cases of fx_legalize_node, written as code */
  static const char *const special[] = {
      "torch.max", "torch.min", "M:max", "M:min", "torch.ops.aten.max", "torch.ops.aten.min", "M:to",
      "M:new_zeros", "M:new_ones", "M:new_empty", "M:new_full", "torch.ops.aten.new_zeros",
      "torch.ops.aten.new_ones", "torch.ops.aten.new_empty", "torch.ops.aten.new_full"};
  for (size_t i = 0; i < sizeof special / sizeof *special; i++) f(arg, special[i]);
}
