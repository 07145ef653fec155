/* pointwise.h: the expression of an fx2c.pointwise node (ops.def), which elementwise fusion (optimizer/ewfuse.c)
 * writes and the interpreter and backends compute in one loop. It is a tree of calls whose leaves are tensors and
 * numbers, printed as FX text reads it back:
 *
 *     %relu_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (relu(add(mul(%x, 2.0), %y)),), kwargs = {})
 *
 * Functions: the f32 unary ops of the runtime (relu, relu6, leaky_relu(x, negative_slope), elu(x, alpha, scale,
 * input_scale), gelu, gelu_tanh, silu, sigmoid, tanh, hardswish, hardsigmoid, clamp(x, min, max) with None for no
 * bound, mish, softplus(x, beta, threshold), exp, log, sqrt, rsqrt, neg, abs, reciprocal, erf, sin, cos, floor, ceil,
 * round, sign, nan_to_num(x, nan, posinf, neginf)) and the binary ones (add, sub, mul, div, pow, maximum, minimum),
 * each computed as runtime/fxrt_scalar.h does. Parameters are numbers; operands are calls, f32 tensors broadcast to
 * the result's shape, or numbers (rounded to f32, as torch does with a Python scalar).
 *
 *     fx_pw_program pr;
 *     if (!fx_pw_compile(&inst->args[0], &pr, msg, sizeof msg)) ... msg ...;
 *     // pr.code[0..ncode): the runtime's straight-line program; pr.inputs[0..ninputs): tensor ids, in first use
 */
#ifndef FX_POINTWISE_H
#define FX_POINTWISE_H

#include "graph.h"
#include "ops.h"
#include "../runtime/fxrt.h"

typedef struct fx_pw_program {
  fxrt_pw_insn code[FXRT_PW_MAX_INSNS];
  int32_t ncode;
  uint32_t inputs[FXRT_PW_MAX_INPUTS]; /* tensor ids (FX_V_TENSOR leaves), in order of first use */
  int32_t ninputs;
} fx_pw_program;

/* Compiles a bound expression (its tensors are FX_V_TENSOR leaves). False, with a message in msg, for an unknown
 * function, a wrong number or kind of arguments, or more than FXRT_PW_MAX_INSNS instructions or
 * FXRT_PW_MAX_INPUTS distinct tensors. */
bool fx_pw_compile(const fx_value *expr, fx_pw_program *out, char *msg, size_t cap);

/* The instruction count and the distinct tensor leaves (by v.node, FX_V_TENSOR or FX_V_NODE) of an expression, as
 * compiling it would count them (for the fusion pass to stay within the limits). */
void fx_pw_measure(const fx_value *expr, int32_t *ninsns, uint32_t *leaves, int32_t *nleaves, int32_t max_leaves);

/* The function name of instruction c (relu, add, ...), for printing the loop. */
const char *fx_pw_insn_name(const fxrt_pw_insn *c);

/* The runtime's elementwise op that a core op computes, found by name in fxrt.h's lists (FXRT_UNARY_OPS,
 * FXRT_BINARY_OPS), with hardtanh computed by clamp, rsub by sub and the bitwise ops by the logical ops' kernels
 * (bitwise on integers): false when the runtime has none. */
bool fx_op_unary_kernel(fx_op op, fxrt_unary_op *u);
bool fx_op_binary_kernel(fx_op op, fxrt_binary_op *b);
/* Their names (relu, floor_divide, ...), and whether a binary op is one that expressions compute. */
const char *fx_unary_op_name(fxrt_unary_op u);
const char *fx_binary_op_name(fxrt_binary_op b);
bool fx_binary_op_fused(fxrt_binary_op b);

#endif
