// clang-format off
/* decompose.c: composite targets, each written as a small program of other targets (ops or composites).
 *
 * PyTorch has hundreds of functions that are a few elementwise ops and reductions (the losses, addcmul, lerp,
 * linalg.vector_norm, tril ...). Rather than a rule and a kernel each, such a target is a row of the table below:
 * its spellings, its Python signature and a body such as
 *
 *     d = sub(input, target); _reduce(mul(d, d), _legacy(size_average, reduce, reduction))
 *
 * When inference reaches a node whose target is composite (legalize.c marks it, fx_inst.composite), the body is
 * evaluated with the node's arguments bound to the signature: each call becomes a node of the graph, inserted before
 * the composite one, at its position in the source and named after it (mse_loss_sub), then legalized and inferred at
 * once, so that the rest of the body can ask about its dtype and shape; the composite node's users then use the
 * body's result and the node is erased (the result's node absorbs it: the emitted code's comments and the dumps
 * name it). The new nodes are ordinary nodes: elementwise fusion, constant folding and the other passes see them.
 *
 * Bodies: statements separated by ';', `NAME = EXPR` or the result EXPR (the last); EXPR is a call NAME(ARG, ...,
 * KEY=ARG), a parameter or variable name, a number, 'string', None, True, False, inf, nan, a dtype (torch.float32),
 * [list] or (tuple). A called NAME is the target torch.NAME (linalg.vector_norm is torch.linalg.vector_norm), F.NAME
 * is torch.nn.functional.NAME, aten.NAME.OVERLOAD is torch.ops.aten.NAME.OVERLOAD (the op itself where a composite
 * has the name: torch.round with decimals), operator.NAME and torch.NAME as written (torch._assert), fx2c.NAME a
 * composite of this table that no graph spells (a part of another one). Names starting with '_' are evaluated now, on constants and on the dtypes
 * and shapes of tensors already inferred:
 *
 *   _if(C, A, B)                  A when C is true, else B (the other is not evaluated)
 *   _none _tensor _num _int _float(X)  whether X is None, a tensor, a number; an integer (or bool) or floating-point
 *                                 tensor or number
 *   _eq _ne _lt _le _gt _ge _and _or _not  comparisons of numbers, strings and lists of numbers; logic
 *   _add _sub _mul _div _floordiv _mod _neg _abs _max  arithmetic on numbers; _pow10(N): 10.0 ** N
 *   _ndim(T) _size(T, D) _numel(T) _sizes(T) _dtype(T)  a tensor's rank, size in dimension D (negative counts from
 *                                 the end), elements, shape as a list, dtype (torch.float32 ...)
 *   _dim(T, D)                    dimension D of T counted from 0
 *   _len(L) _item(L, I) _slice(L, A[, B]) _concat(L, ...) _set(L, I, V) _range(N) _ones(N)  lists
 *   _sum(L) _prod(L) _find(L, V) _binom(N, K)  sum and product of ints, the indices of the items equal to V,
 *                                 N choose K
 *   _each(L, EXPR)                the list of EXPR for every item `it` (at index `ix`) of the list L
 *   _interleave(A, B) _zip_mul(A, B) _pair(X) _ntuple(X, N)  lists of ints
 *   _broadcast_shape(A, B)        the shape A and B (tensors or shapes) broadcast to
 *   _shape_c(W, N)                [numel(W), 1, ..., 1] of N - 1 items (a per-channel parameter along dimension 1)
 *   _tensordot(A, B, DIMS)        how tensordot permutes and reshapes A and B into matrices, and the result's shape
 *   _chain_order(TENSORS)         the cheapest order to multiply matrices: a tree of [left, right] pairs of indices
 *   _einsum(EQ, OPERANDS)         how einsum sums, permutes, expands and reshapes one or two operands into a batched
 *                                 matrix product and its result into the output; the first two's equation for more;
 *                                 the diagonal to take first for a subscript repeated in an operand
 *   _slice_bounds(N, START, END)  [start, end) of a Python slice of N elements
 *   _tsplit(N, S)                 the [start, end) of each part when tensor_split cuts N elements as S says
 *   _reduce(X, R)                 X reduced as a loss's reduction R says ('none', 'mean', 'sum')
 *   _legacy(SIZE_AVERAGE, REDUCE, R)  the reduction that the deprecated size_average and reduce arguments mean, or R
 *   _err('message')               refuses the call with that message
 *   _sqrt(X)                      the square root of a number
 *   _same(A, B)                   whether A and B are the same node (query is key)
 *   _strcat(A, B)                 two strings joined
 *   _hyper(PF, 'NAME') _weight(PF, 'NAME')  in a module's composite (a call_module node, legalize.c): the
 *                                 hyperparameter NAME of the module at path PF under it ('' for itself), the tensor
 *                                 PF + NAME of its weights (a get_attr node); None when absent
 *   _type(PF) _nchildren(PF)      in a module's composite: the class name of the module at path PF under it ('' for
 *                                 itself), the number of its children (a ModuleList's layers); None when absent
 *   _str(N)                       an integer as a string (a ModuleList child's name)
 *
 * The bodies are checked by fx_decompose_check_tables (a unit test), not at run time: a malformed body is a bug here.
 */
// clang-format on
#include "ops/family.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NTARGETS = 6, NVARS = 64, MAXDEPTH = 16 };

typedef struct composite {
  const char *targets[NTARGETS]; /* "M:name" for a method, else the full function target */
  const char *sig;
  const char *body;
} composite;

#define F(name) "torch.nn.functional." name
#define M(name) "M:" name
#define ATEN(name) "torch.ops.aten." name
#define LEGACY "size_average=None, reduce=None, reduction='mean'"
#define REDUCE "_reduce(l, _legacy(size_average, reduce, reduction))"

/* index_add, index_copy, index_reduce: the 1-d index repeated along source's other dimensions, then CALL (a 0-d
 * input and source as one element) */
#define INDEX_SCATTER(CALL)                                                                                            \
  "z = _eq(_ndim(input), 0); x = _if(z, reshape(input, [1]), input); v = _if(z, reshape(source, [-1]), source); "      \
  "d = _dim(input, dim); s = _sizes(v); "                                                                              \
  "ie = expand(reshape(index, _concat(_ones(d), [-1], _ones(_sub(_sub(_len(s), d), 1)))), s); "                        \
  "r = " CALL "; _if(z, reshape(r, []), r)"
/* quantile and nanquantile as torch's quantile_impl: the sorted values along the last dimension, the ranks RANKS
 * (statements ending in r0), the interpolation, then q's dimension first */
#define QUANTILE(RANKS)                                                                                                \
  "x = _if(_none(dim), reshape(input, [-1]), _if(_eq(_ndim(input), 0), reshape(input, [1]), input)); "                 \
  "d = _if(_none(dim), 0, _dim(input, dim)); s = operator.getitem(sort(movedim(x, d, -1), -1), 0); "                   \
  "n = _size(s, -1); "                                                                                                 \
  "qt = _if(_tensor(q), reshape(q, [-1]), full([1], q, dtype=_dtype(input))); " RANKS                                  \
  "r = _if(_eq(interpolation, 'lower'), floor(r0), _if(_eq(interpolation, 'higher'), ceil(r0), "                       \
  "_if(_eq(interpolation, 'nearest'), round(r0), r0))); "                                                              \
  "b = to(r, torch.int64); vb = gather(s, -1, b); "                                                                    \
  "v = _if(_or(_eq(interpolation, 'linear'), _eq(interpolation, 'midpoint')), "                                        \
  "lerp(vb, gather(s, -1, to(ceil(r), torch.int64)), "                                                                 \
  "_if(_eq(interpolation, 'midpoint'), full_like(r, 0.5), sub(r, b))), vb); "                                          \
  "k = _if(_and(keepdim, _gt(_ndim(input), 0)), _if(_none(dim), reshape(v, _concat(_ones(_ndim(input)), "              \
  "[_numel(qt)])), unsqueeze(v, d)), v); "                                                                             \
  "_if(_tensor(q), _if(_eq(_ndim(q), 0), squeeze(k, -1), movedim(k, -1, 0)), squeeze(k, -1))"

/* weight_norm's norm_except_dim(v, 2, dim) as nrm (keeping v's rank; a 1-d v: |v|, each element its own norm) */
#define WEIGHT_NORM                                                                                                    \
  "d = _if(_eq(dim, -1), None, _dim(v, dim)); "                                                                        \
  "ds = _if(_none(d), _range(_ndim(v)), _concat(_range(d), _slice(_range(_ndim(v)), _add(d, 1)))); "                   \
  "nrm = _if(_eq(_len(ds), 0), abs(v), linalg.vector_norm(v, 2, ds, keepdim=True)); "

/* torch.stft of a real 1-d or 2-d input as fx2c.rdft of its frames (MAG "True": the magnitudes, [B, freq, frames];
 * "False": re/im pairs, [B, freq, frames, 2]): center pads n_fft // 2 on both sides in pad_mode (as [1, B, L]); a
 * window shorter than n_fft (ones of win_length when none is given) is padded with zeros on both sides to the middle; frame f is xp[f * hop : f * hop + n_fft];
 * normalized: times n_fft ** -0.5 */
#define STFT(MAG)                                                                                                      \
  "os = _if(_none(onesided), True, onesided); "                                                                       \
  "ok = _if(os, _if(_gt(_ndim(input), 2), _err('expected a 1D or 2D tensor'), True), "                                \
  "_err('only onesided=True is supported for real inputs')); "                                                        \
  "x1 = _if(_eq(_ndim(input), 1), unsqueeze(input, 0), input); "                                                      \
  "hop = _if(_none(hop_length), _floordiv(n_fft, 4), hop_length); "                                                   \
  "wl = _if(_none(win_length), n_fft, win_length); "                                                                  \
  "h = _floordiv(n_fft, 2); "                                                                                         \
  "xp = _if(center, reshape(F.pad(reshape(x1, _concat([1], _sizes(x1))), [h, h], pad_mode), [_size(x1, 0), -1]), " \
  "x1); "                                                                                                             \
  "nfr = _add(_floordiv(_sub(_size(xp, 1), n_fft), hop), 1); "                                                        \
  "ok2 = _if(_or(_lt(nfr, 1), _or(_le(hop, 0), _or(_le(wl, 0), _gt(wl, n_fft)))), "                                  \
  "_err('stft: n_fft, hop_length or win_length out of range for this input'), True); "                                \
  "i = add(unsqueeze(mul(arange(nfr), hop), 1), arange(n_fft)); "                                                     \
  "fr = reshape(index_select(xp, 1, reshape(i, [-1])), [_size(xp, 0), nfr, n_fft]); "                                 \
  "lw = _floordiv(_sub(n_fft, wl), 2); "                                                                              \
  "w0 = _if(_none(window), _if(_eq(wl, n_fft), None, ones([wl], dtype=_dtype(input))), window); "                 \
  "w = _if(_none(w0), None, _if(_eq(wl, n_fft), w0, F.pad(w0, [lw, _sub(_sub(n_fft, wl), lw)]))); "               \
  "fw = _if(_none(w), fr, mul(fr, w)); "                                                                              \
  "s = fx2c.rdft(fw, _if(normalized, 1, 0), " MAG "); "                                                               \
  "r = _if(" MAG ", transpose(s, 1, 2), permute(s, [0, 2, 1, 3])); "                                                  \
  "_if(_eq(_ndim(input), 1), squeeze(r, 0), r)"
#define STFT_SIG                                                                                                       \
  "input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='reflect', normalized=False, " \
  "onesided=None, return_complex=None"

/* max_unpool1d/2d/3d over the last N dimensions (N a string literal): the input scattered into zeros of the output
 * size (given, or computed as PyTorch does) at the indices max_pool returned, per plane */
#define MAX_UNPOOL(N)                                                                                                  \
  "sp = _slice(_sizes(input), -" N "); lead = _slice(_sizes(input), 0, -" N "); ks = _ntuple(kernel_size, " N "); "    \
  "st = _if(_none(stride), ks, _ntuple(stride, " N ")); pd = _ntuple(padding, " N "); "                                \
  "o = _if(_none(output_size), _each(_range(" N "), _add(_sub(_mul(_sub(_item(sp, it), 1), _item(st, it)), "           \
  "_mul(2, _item(pd, it))), _item(ks, it))), _slice(output_size, -" N ")); "                                           \
  "z = zeros(_concat(lead, [_prod(o)]), dtype=_dtype(input)); "                                                        \
  "reshape(scatter(z, -1, reshape(indices, _concat(lead, [-1])), reshape(input, _concat(lead, [-1]))), "               \
  "_concat(lead, o))"

/* X with one more zero (False) column in its last dimension: a mask's column for bias_k or the zero attention */
#define PAD_COLUMN(X) "cat([" X ", zeros(_concat(_slice(_sizes(" X "), 0, -1), [1]), dtype=_dtype(" X "))], -1)"
/* nn.MultiheadAttention's forward in eval (torch 1.13's F.multi_head_attention_forward): the module at the path
 * prefix pf ('' for the module called, 'self_attn.' in a Transformer layer) */
#define MHA_SIG                                                                                                        \
  "query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, average_attn_weights=True, *, pf=''"
#define MHA_BODY                                                                                                       \
  "H = _hyper(pf, 'num_heads'); bf = _hyper(pf, 'batch_first'); b3 = _eq(_ndim(query), 3); "                              \
  "qi = _if(b3, _if(bf, transpose(query, 0, 1), query), unsqueeze(query, 1)); "                                       \
  "ki = _if(b3, _if(bf, transpose(key, 0, 1), key), unsqueeze(key, 1)); "                                             \
  "vi = _if(b3, _if(bf, transpose(value, 0, 1), value), unsqueeze(value, 1)); "                                       \
  "kp = _if(_or(b3, _none(key_padding_mask)), key_padding_mask, unsqueeze(key_padding_mask, 0)); "                     \
  "L = _size(qi, 0); N = _size(qi, 1); E = _size(qi, 2); NH = _mul(N, H); D = _floordiv(E, H); "                      \
  "w = _weight(pf, 'in_proj_weight'); b = _weight(pf, 'in_proj_bias'); s = _none(w); "                                  \
  "bk = _weight(pf, 'bias_k'); kv = _not(_none(bk)); z = _hyper(pf, 'add_zero_attn'); "                                 \
  /* torch's fast path (self-attention, batch_first, no bias_kv, no zero attention, one in_proj, no attn_mask, an     \
   * even number of heads, no dropout; taken in inference, without grad) reads a float key_padding_mask as bool */    \
  "fast = _and(_and(_and(b3, _same(query, key)), _and(_same(key, value), bf)), _and(_and(_not(kv), _not(z)), "          \
  "_and(_and(_not(s), _none(attn_mask)), _and(_eq(_mod(H, 2), 0), _eq(_hyper(pf, 'dropout'), 0))))); "                  \
  "kp = _if(_or(_not(fast), _none(kp)), kp, _if(_eq(_dtype(kp), 'torch.bool'), kp, ne(kp, 0))); "                      \
  "q = F.linear(qi, _if(s, _weight(pf, 'q_proj_weight'), narrow(w, 0, 0, E)), _if(_none(b), None, narrow(b, 0, 0, E))); " \
  "k = F.linear(ki, _if(s, _weight(pf, 'k_proj_weight'), narrow(w, 0, E, E)), _if(_none(b), None, narrow(b, 0, E, E))); " \
  "v = F.linear(vi, _if(s, _weight(pf, 'v_proj_weight'), narrow(w, 0, _mul(2, E), E)), "                              \
  "_if(_none(b), None, narrow(b, 0, _mul(2, E), E))); "                                                                \
  "k = _if(kv, cat([k, expand(bk, [1, N, E])]), k); v = _if(kv, cat([v, expand(_weight(pf, 'bias_v'), [1, N, E])]), v); " \
  "am = _if(_none(attn_mask), None, _if(_eq(_ndim(attn_mask), 2), unsqueeze(attn_mask, 0), attn_mask)); "            \
  "am = _if(_or(_not(kv), _none(am)), am, " PAD_COLUMN("am") "); "                                                     \
  "kp = _if(_or(_not(kv), _none(kp)), kp, " PAD_COLUMN("kp") "); "                                                     \
  "q = transpose(reshape(q, [L, NH, D]), 0, 1); k = transpose(reshape(k, [_size(k, 0), NH, D]), 0, 1); "               \
  "v = transpose(reshape(v, [_size(v, 0), NH, D]), 0, 1); "                                                           \
  "k = _if(z, cat([k, zeros([NH, 1, D], dtype=_dtype(k))], 1), k); "                                                   \
  "v = _if(z, cat([v, zeros([NH, 1, D], dtype=_dtype(v))], 1), v); "                                                   \
  "am = _if(_or(_not(z), _none(am)), am, " PAD_COLUMN("am") "); "                                                      \
  "kp = _if(_or(_not(z), _none(kp)), kp, " PAD_COLUMN("kp") "); S = _size(k, 1); "                                     \
  "kp = _if(_none(kp), None, reshape(expand(reshape(kp, [N, 1, 1, S]), [-1, H, -1, -1]), [NH, 1, S])); "              \
  "am = _if(_none(kp), am, _if(_none(am), kp, _if(_eq(_dtype(am), 'torch.bool'), logical_or(am, kp), "               \
  "_if(_eq(_dtype(kp), 'torch.bool'), masked_fill(am, kp, -inf), "                                                     \
  "_err('a float attn_mask with a float key_padding_mask (PyTorch 1.13 raises: masked_fill needs a bool mask)'))))); " \
  "am = _if(_none(am), None, _if(_eq(_dtype(am), 'torch.bool'), "                                                     \
  "masked_fill(zeros(_sizes(am), dtype=_dtype(q)), am, -inf), am)); "                                                   \
  "q = div(q, _sqrt(D)); kt = transpose(k, -2, -1); "                                                                  \
  "a = softmax(_if(_none(am), bmm(q, kt), baddbmm(am, q, kt)), -1); "                                                  \
  "o = F.linear(reshape(transpose(bmm(a, v), 0, 1), [_mul(L, N), E]), _weight(pf, 'out_proj.weight'), "                \
  "_weight(pf, 'out_proj.bias')); "                                                                                    \
  "o = reshape(o, [L, N, _size(o, 1)]); o = _if(b3, _if(bf, transpose(o, 0, 1), o), squeeze(o, 1)); "                \
  "wt = _if(need_weights, reshape(a, [N, H, L, S]), None); "                                                          \
  "wt = _if(_and(need_weights, average_attn_weights), div(sum(wt, 1), H), wt); "                                        \
  "(o, _if(need_weights, _if(b3, wt, squeeze(wt, 0)), None))"

/* Transformer layers (torch 1.13's TransformerEncoderLayer / TransformerDecoderLayer forward in eval, at the path
 * prefix pf): the residual blocks around self_attn (and multihead_attn), then linear1, the activation, linear2 */
#define LN(X, NORM)                                                                                                    \
  "F.layer_norm(" X ", [E], _weight(pf, '" NORM ".weight'), _weight(pf, '" NORM ".bias'), _hyper(pf, '" NORM ".eps'))"
#define LAYER_HEAD(X)                                                                                                  \
  "E = _size(" X ", -1); nf = _hyper(pf, 'norm_first'); act = _hyper(pf, 'activation'); "                            \
  "chk = _if(_none(act), _err('the module tree does not say the activation (print(model) hides it): write it with "  \
  "tools/fx2c-export'), _if(_or(_eq(act, 'relu'), _eq(act, 'gelu')), 0, "                                             \
  "_err('only the activations relu and gelu (F.relu, F.gelu or their names) are supported'))); "
#define FF_BLOCK(NORM)                                                                                                 \
  "h = _if(nf, " LN("x", NORM) ", x); "                                                                                \
  "h = F.linear(h, _weight(pf, 'linear1.weight'), _weight(pf, 'linear1.bias')); "                                     \
  "h = F.linear(_if(_eq(act, 'gelu'), F.gelu(h), F.relu(h)), _weight(pf, 'linear2.weight'), "                         \
  "_weight(pf, 'linear2.bias')); "                                                                                    \
  "_if(nf, add(x, h), " LN("add(x, h)", NORM) ")"
/* scaled dot-product attention after the scores a: the mask, the causal mask, softmax, the product with value */
#define SDPA_TAIL                                                                                                      \
  "chk = _if(_eq(dropout_p, 0), 0, _err('dropout_p must be 0 (fx2c compiles inference)')); "                          \
  "chk2 = _if(_and(is_causal, _not(_none(attn_mask))), _err('is_causal with an attn_mask'), 0); "                     \
  "L = _size(query, -2); S = _size(key, -2); "                                                                        \
  "a = _if(is_causal, masked_fill(a, gt(unsqueeze(arange(S), 0), unsqueeze(arange(L), 1)), -inf), a); "              \
  "a = _if(_none(attn_mask), a, _if(_eq(_dtype(attn_mask), 'torch.bool'), "                                           \
  "masked_fill(a, logical_not(attn_mask), -inf), add(a, attn_mask))); "                                               \
  "w = softmax(a, -1); o = matmul(w, value)"
static const composite composites[] = {
    /* ---- losses (torch/nn/functional.py and aten/src/ATen/native/Loss.cpp, the same arithmetic) ---- */
    {{F("l1_loss")}, "input, target, " LEGACY, "l = abs(sub(input, target)); " REDUCE},
    {{F("mse_loss")}, "input, target, " LEGACY, "d = sub(input, target); l = mul(d, d); " REDUCE},
    {{F("smooth_l1_loss")},
     "input, target, " LEGACY ", beta=1.0",
     "d = abs(sub(input, target)); "
     "l = _if(_eq(beta, 0), d, where(lt(d, beta), div(mul(mul(d, d), 0.5), beta), sub(d, _mul(beta, 0.5)))); " REDUCE},
    {{F("huber_loss")},
     "input, target, reduction='mean', delta=1.0",
     "d = abs(sub(input, target)); "
     "l = where(lt(d, delta), mul(mul(d, d), 0.5), mul(sub(d, _mul(delta, 0.5)), delta)); _reduce(l, reduction)"},
    {{F("soft_margin_loss")}, "input, target, " LEGACY, "l = log1p(exp(mul(neg(target), input))); " REDUCE},
    {{F("margin_ranking_loss")},
     "input1, input2, target, margin=0, " LEGACY,
     "l = clamp_min(add(mul(neg(target), sub(input1, input2)), margin), 0); " REDUCE},
    {{F("hinge_embedding_loss")},
     "input, target, margin=1.0, " LEGACY,
     "l = add(where(ne(target, 1), clamp_min(rsub(input, margin), 0), 0.0), where(ne(target, -1), input, "
     "0.0)); " REDUCE},
    {{F("binary_cross_entropy")},
     "input, target, weight=None, " LEGACY,
     "b = sub(mul(sub(target, 1), clamp_min(log1p(neg(input)), -100)), mul(target, clamp_min(log(input), -100))); "
     "l = _if(_none(weight), b, mul(b, weight)); " REDUCE},
    {{F("binary_cross_entropy_with_logits")},
     "input, target, weight=None, " LEGACY ", pos_weight=None",
     "m = clamp_min(neg(input), 0); e = log(add(exp(neg(m)), exp(sub(neg(input), m)))); "
     "b = _if(_none(pos_weight), add(add(mul(rsub(target, 1), input), m), e), "
     "add(mul(rsub(target, 1), input), mul(add(mul(sub(pos_weight, 1), target), 1), add(e, m)))); "
     "l = _if(_none(weight), b, mul(b, weight)); " REDUCE},
    {{F("kl_div")},
     "input, target, " LEGACY ", log_target=False",
     "l = _if(log_target, mul(exp(target), sub(target, input)), sub(xlogy(target, target), mul(target, input))); "
     "r = _legacy(size_average, reduce, reduction); "
     "_if(_eq(r, 'batchmean'), _if(_eq(_ndim(input), 0), sum(l), div(sum(l), _size(input, 0))), _reduce(l, r))"},
    {{F("poisson_nll_loss")},
     "input, target, log_input=True, full=False, "
     "size_average=None, eps=1e-08, "
     "reduce=None, reduction='mean'",
     "b = _if(log_input, sub(exp(input), mul(target, input)), sub(input, mul(target, log(add(input, eps))))); "
     "s = add(sub(mul(target, log(target)), target), mul(log(mul(target, 6.283185307179586)), 0.5)); "
     "l = _if(full, add(b, masked_fill(s, le(target, 1), 0)), b); " REDUCE},
    {{F("cosine_embedding_loss")},
     "input1, input2, target, margin=0, " LEGACY,
     "k = _if(_eq(_ndim(input1), 0), 0, -1); "
     "s1 = add(sum(mul(input1, input1), k), 1e-12); s2 = add(sum(mul(input2, input2), k), 1e-12); "
     "c = div(sum(mul(input1, input2), k), sqrt(mul(s1, s2))); "
     "l = add(where(eq(target, 1), rsub(c, 1), 0.0), where(eq(target, -1), clamp_min(sub(c, margin), 0), "
     "0.0)); " REDUCE},
    {{F("triplet_margin_loss")},
     "anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, " LEGACY,
     "dp = F.pairwise_distance(anchor, positive, p, eps); dn = F.pairwise_distance(anchor, negative, p, eps); "
     "dn2 = _if(swap, minimum(dn, F.pairwise_distance(positive, negative, p, eps)), dn); "
     "l = clamp_min(sub(add(dp, margin), dn2), 0); " REDUCE},
    {{F("multilabel_soft_margin_loss")},
     "input, target, weight=None, " LEGACY,
     "b = neg(add(mul(target, F.logsigmoid(input)), mul(rsub(target, 1), F.logsigmoid(neg(input))))); "
     "w = _if(_none(weight), b, mul(b, weight)); k = _sub(_ndim(input), 1); "
     "l = div(sum(w, k), _size(input, k)); " REDUCE},
    /* ---- norms and distances ---- */
    {{"torch._C._linalg.linalg_vector_norm", "torch.linalg.vector_norm", ATEN("linalg_vector_norm")},
     "input, ord=2, dim=None, keepdim=False, *, dtype=None",
     "x = _if(_none(dtype), input, to(input, dtype)); "
     "_if(_int(x), _err('linalg.vector_norm expects floating-point inputs'), "
     "_if(_eq(ord, inf), amax(abs(x), dim, keepdim), _if(_eq(ord, -inf), amin(abs(x), dim, keepdim), "
     "_if(_eq(ord, 0), sum(ne(x, 0), dim, keepdim, dtype=_dtype(x)), _if(_eq(ord, 1), sum(abs(x), dim, keepdim), "
     "_if(_eq(ord, 2), sqrt(sum(mul(x, x), dim, keepdim)), "
     "pow(sum(pow(abs(x), ord), dim, keepdim), _div(1.0, ord))))))))"},
    /* matrix norms as ATen's linalg_matrix_norm: 'fro' a vector norm over both dims; 1, -1, inf, -inf the extreme
     * column (row) sum of absolute values; 'nuc', 2 and -2 need singular values, which fx2c does not compute */
    {{"torch._C._linalg.linalg_matrix_norm", "torch.linalg.matrix_norm", ATEN("linalg_matrix_norm")},
     "input, ord='fro', dim=None, keepdim=False, *, dtype=None",
     "x = _if(_none(dtype), input, to(input, dtype)); dim = _if(_none(dim), [-2, -1], dim); "
     "_if(_eq(ord, 'fro'), linalg.vector_norm(x, 2, dim, keepdim), "
     "_if(_or(_eq(ord, 'nuc'), _or(_eq(ord, 2), _eq(ord, -2))), "
     "_err('linalg.matrix_norm: the nuclear and spectral norms (ord=nuc, 2, -2) need singular values, which fx2c does "
     "not compute'), fx2c.matrix_norm_sum(x, ord, _dim(x, _item(dim, 0)), _dim(x, _item(dim, 1)), keepdim)))"},
    {{"fx2c.matrix_norm_sum"}, "x, ord, d0, d1, keepdim",
     "i = _eq(_abs(ord), inf); a = _if(i, d1, d0); b = _if(i, d0, d1); "
     "b2 = _if(_and(_not(keepdim), _lt(a, b)), _sub(b, 1), b); s = sum(abs(x), a, keepdim); "
     "_if(_gt(ord, 0), amax(s, b2, keepdim), amin(s, b2, keepdim))"},
    {{"torch._C._linalg.linalg_norm", "torch.linalg.norm", ATEN("linalg_norm")},
     "input, ord=None, dim=None, keepdim=False, *, dtype=None",
     "d = _if(_num(dim), [dim], dim); "
     "_if(_none(d), _if(_none(ord), linalg.vector_norm(input, 2, None, keepdim, dtype=dtype), "
     "_if(_eq(_ndim(input), 1), linalg.vector_norm(input, ord, None, keepdim, dtype=dtype), "
     "_if(_eq(_ndim(input), 2), linalg.matrix_norm(input, ord, [-2, -1], keepdim, dtype=dtype), "
     "_err('linalg.norm: input must be 1-D or 2-D when dim is None and ord is not None')))), "
     "_if(_eq(_len(d), 1), linalg.vector_norm(input, _if(_none(ord), 2, ord), d, keepdim, dtype=dtype), "
     "linalg.matrix_norm(input, _if(_none(ord), 'fro', ord), d, keepdim, dtype=dtype)))"},
    /* matrix powers as ATen's linalg_matrix_power: n <= 3 directly, larger ones by the binary decomposition of n */
    {{"torch._C._linalg.linalg_matrix_power", "torch.linalg.matrix_power", "torch.matrix_power", M("matrix_power"),
      ATEN("linalg_matrix_power"), ATEN("matrix_power")},
     "input, n",
     "_if(_lt(n, 0), _err('matrix_power: a negative power needs the inverse, which fx2c does not compute'), "
     "_if(_eq(n, 0), diag_embed(full(_slice(_sizes(input), 0, -1), 1.0, dtype=_dtype(input))), "
     "_if(_eq(n, 1), clone(input), _if(_eq(n, 2), matmul(input, input), "
     "_if(_eq(n, 3), matmul(matmul(input, input), input), fx2c.matrix_power_bits(None, input, n))))))"},
    {{"fx2c.matrix_power_bits"}, "r, z, n",
     "m = _floordiv(n, 2); r2 = _if(_eq(_mod(n, 2), 1), _if(_none(r), z, matmul(r, z)), r); "
     "_if(_gt(m, 0), fx2c.matrix_power_bits(r2, matmul(z, z), m), r2)"},
    /* multi_dot as ATen's: a 1-D first (last) operand is a row (column); three matrices in the cheaper order, more
     * in the order of least multiplications (_chain_order) */
    {{"torch._C._linalg.linalg_multi_dot", "torch.linalg.multi_dot", ATEN("linalg_multi_dot")},
     "tensors",
     "n = _len(tensors); f = _item(tensors, 0); l = _item(tensors, _sub(n, 1)); "
     "a = _if(_eq(_ndim(f), 1), unsqueeze(f, 0), f); c = _if(_eq(_ndim(l), 1), unsqueeze(l, 1), l); "
     "ts = _concat([a], _slice(tensors, 1, _sub(n, 1)), [c]); "
     "r = _if(_eq(n, 2), matmul(a, c), _if(_eq(n, 3), fx2c.multi_dot3(a, _item(tensors, 1), c), "
     "fx2c.multi_dot_tree(ts, _chain_order(ts)))); "
     "r1 = _if(_eq(_ndim(l), 1), squeeze(r, -1), r); _if(_eq(_ndim(f), 1), squeeze(r1, 0), r1)"},
    {{"fx2c.multi_dot_tree"}, "ts, tree",
     "_if(_int(tree), _item(ts, tree), matmul(fx2c.multi_dot_tree(ts, _item(tree, 0)), "
     "fx2c.multi_dot_tree(ts, _item(tree, 1))))"},
    {{"fx2c.multi_dot3"}, "a, b, c",
     "p = _size(a, 0); q = _size(b, 0); r = _size(c, 0); s = _size(c, 1); "
     "_if(_gt(_mul(_mul(p, r), _add(q, s)), _mul(_mul(q, s), _add(p, r))), matmul(a, matmul(b, c)), "
     "matmul(matmul(a, b), c))"},
    {{"torch.functional.norm", "torch.norm", M("norm"), ATEN("norm.ScalarOpt_dim"), ATEN("norm.Scalar")},
     "input, p='fro', dim=None, keepdim=False, out=None, dtype=None",
     "_if(_eq(p, 'nuc'), _err(\"the nuclear norm (p='nuc') is not supported\"), "
     "linalg.vector_norm(input, _if(_or(_none(p), _eq(p, 'fro')), 2, p), dim, keepdim, dtype=dtype))"},
    {{"torch.dist", M("dist")}, "input, other, p=2", "linalg.vector_norm(sub(input, other), p)"},
    {{F("pairwise_distance"), "torch.pairwise_distance"},
     "x1, x2, p=2.0, eps=1e-06, keepdim=False",
     "k = _if(_eq(_ndim(x1), 0), _if(_eq(_ndim(x2), 0), 0, -1), -1); "
     "linalg.vector_norm(add(sub(x1, x2), eps), p, k, keepdim)"},
    {{F("normalize")},
     "input, p=2.0, dim=1, eps=1e-12, out=None",
     "div(input, expand_as(clamp_min(linalg.vector_norm(input, p, dim, True), eps), input))"},
    {{F("cosine_similarity"), "torch.cosine_similarity"},
     "x1, x2, dim=1, eps=1e-08",
     "s = _broadcast_shape(x1, x2); a = expand(x1, s); b = expand(x2, s); "
     "n1 = clamp_min(linalg.vector_norm(a, 2, dim, True), eps); n2 = clamp_min(linalg.vector_norm(b, 2, dim, True), "
     "eps); "
     "sum(mul(div(a, n1), div(b, n2)), dim)"},
    {{"torch.cdist", "torch.functional.cdist"},
     "x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'",
     "linalg.vector_norm(sub(unsqueeze(x1, -2), unsqueeze(x2, -3)), p, -1)"},
    /* ---- arithmetic ---- */
    {{"torch.addcmul", M("addcmul")},
     "input, tensor1, tensor2, *, value=1",
     "add(input, _if(_eq(value, 1), mul(tensor1, tensor2), mul(mul(tensor1, tensor2), value)))"},
    {{"torch.addcdiv", M("addcdiv")},
     "input, tensor1, tensor2, *, value=1",
     "_if(_and(_int(tensor1), _int(tensor2)), _err('addcdiv of integer tensors is not supported (PyTorch refuses "
     "it too): convert them to a floating-point dtype'), "
     "add(input, _if(_eq(value, 1), div(tensor1, tensor2), mul(div(tensor1, tensor2), value))))"},
    {{"torch.lerp", M("lerp")},
     "input, end, weight",
     "d = sub(end, input); "
     "_if(_num(weight), _if(_lt(_abs(weight), 0.5), add(input, mul(d, weight)), sub(end, mul(d, _sub(1, weight)))), "
     "where(lt(abs(weight), 0.5), add(input, mul(weight, d)), sub(end, mul(d, rsub(weight, 1)))))"},
    {{"torch.ldexp", M("ldexp")}, "input, other", "mul(input, exp2(other))"},
    {{"torch.angle", M("angle")},
     "input",
     "a = mul(lt(input, 0), 3.141592653589793); _if(_int(input), a, where(isnan(input), input, a))"},
    {{"torch.isclose", M("isclose")},
     "input, other, rtol=1e-05, atol=1e-08, equal_nan=False",
     "d = abs(sub(input, other)); "
     "c = bitwise_or(eq(input, other), bitwise_and(isfinite(d), le(d, add(mul(abs(other), rtol), atol)))); "
     "_if(equal_nan, bitwise_or(c, bitwise_and(isnan(input), isnan(other))), c)"},
    {{"torch.mvlgamma", M("mvlgamma"), "torch.special.multigammaln", "torch._C._special.special_multigammaln"},
     "input, p",
     "add(sum(lgamma(sub(unsqueeze(input, -1), mul(arange(p, dtype=_dtype(input)), 0.5))), -1), "
     "_mul(_mul(_mul(p, _sub(p, 1)), 0.25), 1.1447298858494002))"},
    /* ---- products ---- */
    {{"torch.outer", M("outer"), "torch.ger", M("ger")}, "input, vec2", "mul(unsqueeze(input, 1), vec2)"},
    {{"torch.dot", M("dot"), "torch.vdot", M("vdot")},
     "input, other",
     "_if(_and(_eq(_ndim(input), 1), _eq(_ndim(other), 1)), sum(mul(input, other)), "
     "_err('1D tensors expected'))"},
    {{"torch.mv", M("mv")}, "input, vec", "matmul(input, vec)"},
    {{"torch._C._linalg.linalg_vecdot", "torch.linalg.vecdot"}, "x, y, *, dim=-1", "sum(mul(x, y), dim)"},
    {{"torch.addmv", M("addmv")},
     "input, mat, vec, *, beta=1, alpha=1",
     "p = _if(_eq(alpha, 1), matmul(mat, vec), mul(matmul(mat, vec), alpha)); "
     "_if(_eq(beta, 0), add(zeros_like(input), p), _if(_eq(beta, 1), add(input, p), add(mul(input, beta), p)))"},
    {{"torch.addr", M("addr")},
     "input, vec1, vec2, *, beta=1, alpha=1",
     "o = mul(unsqueeze(vec1, 1), vec2); p = _if(_eq(alpha, 1), o, mul(o, alpha)); "
     "_if(_eq(beta, 0), add(zeros_like(input), p), "
     "_if(_eq(beta, 1), add(input, p), add(mul(input, beta), p)))"},
    {{"torch.addbmm", M("addbmm")},
     "input, batch1, batch2, *, beta=1, alpha=1",
     "s = sum(matmul(batch1, batch2), 0); p = _if(_eq(alpha, 1), s, mul(s, alpha)); "
     "_if(_eq(beta, 0), p, _if(_eq(beta, 1), add(input, p), add(mul(input, beta), p)))"},
    {{"torch.inner", M("inner")},
     "input, other",
     "_if(_or(_eq(_ndim(input), 0), _eq(_ndim(other), 0)), mul(input, other), "
     "reshape(matmul(reshape(input, [-1, _size(input, -1)]), t(reshape(other, [-1, _size(other, -1)]))), "
     "_concat(_slice(_sizes(input), 0, -1), _slice(_sizes(other), 0, -1))))"},
    {{"torch.functional.tensordot", "torch.tensordot"},
     "a, b, dims=2, out=None",
     "p = _tensordot(a, b, dims); "
     "reshape(matmul(reshape(permute(a, _item(p, 0)), _item(p, 2)), reshape(permute(b, _item(p, 1)), _item(p, 3))), "
     "_item(p, 4))"},
    /* einsum: a diagonal for a subscript repeated in one operand, then one or two operands at a time, as a batched
     * matrix product */
    {{"torch.functional.einsum", "torch.einsum", ATEN("einsum")},
     "equation, *operands, path=None",
     "p = _einsum(equation, operands); o = _item(p, 0); k = _item(p, 1); "
     "_if(_eq(k, 1), fx2c.einsum1(_item(o, 0), _item(p, 2), _item(p, 3)), "
     "_if(_eq(k, 2), fx2c.einsum2(_item(o, 0), _item(o, 1), p), "
     "_if(_eq(k, 4), einsum(_item(p, 5), _set(o, _item(p, 2), diagonal(_item(o, _item(p, 2)), 0, _item(p, 3), _item(p, 4)))), "
     "einsum(_item(p, 3), _concat([einsum(_item(p, 2), _item(o, 0), _item(o, 1))], _slice(o, 2))))))"},
    {{"fx2c.einsum1"}, "a, s, perm", "permute(_if(_eq(_len(s), 0), a, sum(a, s)), perm)"},
    {{"fx2c.einsum2"}, "a, b, p",
     "sa = _item(p, 2); sb = _item(p, 6); "
     "a1 = _if(_eq(_len(sa), 0), a, sum(a, sa)); b1 = _if(_eq(_len(sb), 0), b, sum(b, sb)); "
     "am = reshape(expand(permute(a1, _item(p, 3)), _item(p, 4)), _item(p, 5)); "
     "bm = reshape(expand(permute(b1, _item(p, 7)), _item(p, 8)), _item(p, 9)); "
     "permute(reshape(matmul(am, bm), _item(p, 10)), _item(p, 11))"},
    /* the zero frequency to the middle and back, as roll */
    {{"torch._C._fft.fft_fftshift", "torch.fft.fftshift"}, "input, dim=None",
     "d = _if(_none(dim), _range(_ndim(input)), _if(_num(dim), [dim], dim)); "
     "roll(input, _each(d, _floordiv(_size(input, it), 2)), d)"},
    {{"torch._C._fft.fft_ifftshift", "torch.fft.ifftshift"}, "input, dim=None",
     "d = _if(_none(dim), _range(_ndim(input)), _if(_num(dim), [dim], dim)); "
     "roll(input, _each(d, _neg(_floordiv(_size(input, it), 2))), d)"},
    {{"torch.kron", M("kron")},
     "input, other",
     "n = _max(_ndim(input), _ndim(other)); "
     "sa = _concat(_ones(_sub(n, _ndim(input))), _sizes(input)); sb = _concat(_ones(_sub(n, _ndim(other))), "
     "_sizes(other)); "
     "reshape(mul(reshape(input, _interleave(sa, _ones(n))), reshape(other, _interleave(_ones(n), sb))), _zip_mul(sa, "
     "sb))"},
    /* ---- rounding ---- */
    {{"torch.round", M("round")},
     "input, *, decimals=0",
     "_if(_eq(decimals, 0), aten.round.default(input), _if(_gt(decimals, 0), "
     "div(aten.round.default(mul(input, _pow10(decimals))), _pow10(decimals)), "
     "mul(aten.round.default(div(input, _pow10(_neg(decimals)))), _pow10(_neg(decimals)))))"},
    /* ---- activations ---- */
    {{F("glu"), "torch.glu", ATEN("glu")},
     "input, dim=-1",
     "h = chunk(input, 2, dim); mul(operator.getitem(h, 0), sigmoid(operator.getitem(h, 1)))"},
    {{"torch.prelu", F("prelu"), M("prelu"), ATEN("prelu")},
     "input, weight",
     "w = _if(_lt(_ndim(input), 2), weight, "
     "_if(_eq(_numel(weight), 1), weight, view(weight, _shape_c(weight, _ndim(input))))); "
     "where(gt(input, 0), input, mul(w, input))"},
    /* ---- spectra: complex results are kept out (legalize.c turns the complex result whose only use is its abs()
     * into the magnitudes fx2c.stft_abs / fx2c.rfft_abs compute) ---- */
    {{"torch.functional.stft", "torch.stft", M("stft")},
     STFT_SIG,
     "rc = _if(_none(return_complex), False, return_complex); "
     "okc = _if(rc, _err('complex results are not supported: fx2c computes stft(return_complex=True) only when its "
     "result is used through abs() (reshapes, transposes and products with real values between them allowed); use "
     "return_complex=False for real and imaginary parts'), True); " STFT("False")},
    {{"fx2c.stft_abs"}, STFT_SIG, STFT("True")},
    {{ATEN("_fft_r2c")},
     "input, dim, normalization, onesided",
     "_err('complex results are not supported: fx2c computes _fft_r2c only when its result is used through abs() "
     "(views between them allowed)')"},
    {{"torch._C._fft.fft_rfft", "torch.fft.rfft"},
     "input, n=None, dim=-1, norm=None",
     "_err('complex results are not supported: fx2c computes torch.fft.rfft only when its result is used through "
     "abs()')"},
    {{"fx2c.fft_rfft_abs"},
     "input, n=None, dim=-1, norm=None",
     "ok = _if(_and(_none(n), _eq(_dim(input, dim), _sub(_ndim(input), 1))), True, "
     "_err('only the transform of the last dimension at its own length (n=None) is supported')); "
     "fx2c.rdft(input, _if(_none(norm), 0, _if(_eq(norm, 'ortho'), 1, _if(_eq(norm, 'forward'), 2, "
     "_if(_eq(norm, 'backward'), 0, _err('norm must be backward, ortho or forward'))))), True)"},
    {{"fx2c.rfft_abs"},
     "input, dim, normalization, onesided",
     "_if(_and(onesided, _and(_eq(_len(dim), 1), _eq(_dim(input, _item(dim, 0)), _sub(_ndim(input), 1)))), "
     "fx2c.rdft(input, normalization, True), "
     "_err('only the one-sided transform along the last dimension is supported'))"},
    /* ---- normalization ---- */
    /* weight normalization (nn.utils.weight_norm): v * (g / norm_except_dim(v, 2, dim)), the 2-norm over every
     * dimension but dim (dim -1: over all of v); the interface form also returns that norm (g's shape) */
    {{"torch._weight_norm", ATEN("_weight_norm")}, "v, g, dim=0", WEIGHT_NORM "mul(v, div(g, nrm))"},
    {{"torch._weight_norm_interface", ATEN("_weight_norm_interface")}, "v, g, dim=0", WEIGHT_NORM "(mul(v, div(g, nrm)), nrm)"},
    {{F("instance_norm"), "torch.instance_norm"},
     "input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, "
     "eps=1e-05",
     "_if(use_input_stats, group_norm(input, _size(input, 1), weight, bias, eps), "
     "F.batch_norm(input, running_mean, running_var, weight, bias, False, momentum, eps))"},
    /* ---- triangles ---- */
    {{"torch.tril", M("tril"), ATEN("tril")},
     "input, diagonal=0",
     "r = unsqueeze(arange(_size(input, -2)), -1); c = arange(_size(input, -1)); "
     "where(le(sub(c, r), diagonal), input, zeros_like(input))"},
    {{"torch.triu", M("triu"), ATEN("triu")},
     "input, diagonal=0",
     "r = unsqueeze(arange(_size(input, -2)), -1); c = arange(_size(input, -1)); "
     "where(ge(sub(c, r), diagonal), input, zeros_like(input))"},
    /* ---- torch.export's functionalized views (torch 2.x): the view's elements as a tensor of their own ---- */
    {{ATEN("view_copy.default")}, "input, size", "clone(view(input, size))"},
    {{ATEN("expand_copy")}, "input, size, *, implicit=False", "clone(expand(input, size))"},
    {{ATEN("permute_copy")}, "input, dims", "clone(permute(input, dims))"},
    {{ATEN("slice_copy")}, "input, dim=0, start=None, end=None, step=1",
     "clone(aten.slice.Tensor(input, dim, start, end, step))"},
    {{ATEN("select_copy")}, "input, dim, index", "clone(select(input, dim, index))"},
    {{ATEN("unsqueeze_copy")}, "input, dim", "clone(unsqueeze(input, dim))"},
    {{ATEN("squeeze_copy")}, "input, dim=None", "clone(_if(_none(dim), squeeze(input), squeeze(input, dim)))"},
    {{ATEN("transpose_copy")}, "input, dim0, dim1", "clone(transpose(input, dim0, dim1))"},
    {{ATEN("t_copy")}, "input", "clone(t(input))"},
    {{ATEN("alias_copy")}, "input", "clone(input)"},
    /* a 0-dim tensor of a number: float32 unless a dtype is given, whatever the number */
    {{ATEN("scalar_tensor")}, "s, *, dtype=None, layout=None, device=None, pin_memory=None",
     "full([], s, dtype=_if(_none(dtype), torch.float32, dtype))"},
    {{ATEN("_assert_scalar")}, "input, assert_msg", "torch._assert(input, assert_msg)"},
    /* torch.export's checks of a tensor's dtype and shape (the strides of fx2c's tensors are contiguous) */
    {{ATEN("_assert_tensor_metadata")}, "a, size=None, stride=None, dtype=None, *, device=None, layout=None",
     "torch._assert(_and(_if(_none(dtype), True, _eq(_dtype(a), dtype)), _if(_none(size), True, _eq(_sizes(a), size))), "
     "'Tensor metadata mismatch')"},
    /* ---- embedding_bag: each bag's rows gathered, weighted and reduced by index_add (sum, mean) or scatter_reduce
     * (max) into one row per bag, in index order as ATen's CPU loops add them; an empty bag is zeros ---- */
    {{"torch.nn.functional.embedding_bag"},
     "input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean', sparse=False, "
     "per_sample_weights=None, include_last_offset=False, padding_idx=None",
     "_if(_not(_none(max_norm)), _err('embedding_bag: max_norm renormalizes the weight in place, which fx2c does not do'), "
     "_if(_and(_not(_none(per_sample_weights)), _ne(mode, 'sum')), "
     "_err('embedding_bag: per_sample_weights is only supported for mode=sum'), "
     "_if(_and(_eq(_ndim(input), 2), _not(_none(offsets))), _err('embedding_bag: offsets has to be None if input is 2D'), "
     "fx2c.embedding_bag(input, weight, offsets, mode, per_sample_weights, include_last_offset, padding_idx))))"},
    {{"fx2c.embedding_bag"}, "input, weight, offsets, mode, psw, last, pad",
     "two = _eq(_ndim(input), 2); n = _numel(input); idx = reshape(input, [-1]); d = _size(weight, 1); "
     "b = _if(two, _size(input, 0), _if(last, _sub(_size(offsets, 0), 1), _size(offsets, 0))); "
     "bag = _if(two, div(arange(n), _size(input, 1), rounding_mode='floor'), "
     "sub(searchsorted(_if(last, aten.slice.Tensor(offsets, 0, 0, -1), offsets), arange(n), right=True), 1)); "
     "m = _if(_none(pad), None, ne(idx, _if(_lt(pad, 0), _add(pad, _size(weight, 0)), pad))); "
     "e0 = embedding(idx, weight); e1 = _if(_none(m), e0, where(unsqueeze(m, 1), e0, 0.0)); "
     "e = _if(_none(psw), e1, mul(e1, unsqueeze(reshape(psw, [-1]), 1))); "
     "_if(_eq(mode, 'max'), fx2c.embedding_bag_max(bag, e0, m, n, b, d), "
     "fx2c.embedding_bag_sum(zeros([b, d], dtype=_dtype(weight)), bag, e, mode, m, n, b))"},
    /* the padding entries go to a bag of their own, b, which is then dropped */
    {{"fx2c.embedding_bag_max"}, "bag, e, m, n, b, d",
     "bm = _if(_none(m), bag, where(m, bag, b)); "
     "r = scatter_reduce(zeros([_add(b, 1), d], dtype=_dtype(e)), 0, expand(unsqueeze(bm, 1), [n, d]), e, 'amax', "
     "include_self=False); aten.slice.Tensor(r, 0, 0, b)"},
    {{"fx2c.embedding_bag_sum"}, "z, bag, e, mode, m, n, b",
     "s = index_add(z, 0, bag, e); "
     "_if(_eq(mode, 'sum'), s, div(s, unsqueeze(clamp(index_add(zeros([b], dtype=_dtype(e)), 0, bag, "
     "_if(_none(m), ones([n], dtype=_dtype(e)), to(m, _dtype(e)))), min=1), 1)))"},
    /* ---- indexing: gather and scatter (ops/index.c) along one dimension ---- */
    {{"torch.index_add", M("index_add")},
     "input, dim, index, source, *, alpha=1",
     INDEX_SCATTER("scatter_add(x, d, ie, _if(_eq(alpha, 1), v, mul(v, alpha)))")},
    {{"torch.index_copy", M("index_copy")}, "input, dim, index, source", INDEX_SCATTER("scatter(x, d, ie, v)")},
    {{"torch.index_reduce", M("index_reduce")},
     "input, dim, index, source, reduce, *, include_self=True",
     INDEX_SCATTER("scatter_reduce(x, d, ie, v, reduce, include_self=include_self)")},
    {{"torch.index_fill", M("index_fill")},
     "input, dim, index, value",
     "z = _eq(_ndim(input), 0); x = _if(z, reshape(input, [1]), input); d = _dim(input, dim); "
     "s = _set(_sizes(x), d, _numel(index)); "
     "ie = expand(reshape(index, _concat(_ones(d), [-1], _ones(_sub(_sub(_len(s), d), 1)))), s); "
     "r = scatter(x, d, ie, _if(_tensor(value), expand(to(value, _dtype(x)), s), value)); _if(z, reshape(r, []), r)"},
    {{"torch.take", M("take")},
     "input, index",
     "i = reshape(index, [-1]); "
     "reshape(gather(reshape(input, [-1]), 0, where(lt(i, 0), add(i, _numel(input)), i)), _sizes(index))"},
    {{"torch.put", M("put")},
     "input, index, source, accumulate=False",
     "i = reshape(index, [-1]); w = where(lt(i, 0), add(i, _numel(input)), i); f = reshape(input, [-1]); "
     "v = reshape(source, [-1]); "
     "reshape(_if(accumulate, scatter_add(f, 0, w, v), scatter(f, 0, w, v)), _sizes(input))"},
    {{"torch.take_along_dim", M("take_along_dim")},
     "input, indices, dim=None",
     "_if(_none(dim), gather(reshape(input, [-1]), 0, reshape(indices, [-1])), "
     "gather(expand(input, _broadcast_shape(_set(_sizes(indices), dim, _size(input, dim)), _sizes(input))), dim, "
     "expand(indices, _broadcast_shape(_set(_sizes(input), dim, _size(indices, dim)), _sizes(indices)))))"},
    {{"torch.masked_scatter", M("masked_scatter")},
     "input, mask, source",
     "s = _broadcast_shape(input, mask); m = expand(mask, s); f = reshape(m, [-1]); "
     "c = where(f, sub(cumsum(f, 0), 1), 0); "
     "where(m, reshape(gather(reshape(source, [-1]), 0, c), s), expand(input, s))"},
    {{"torch.select_scatter", M("select_scatter")},
     "input, src, dim, index",
     "d = _dim(input, dim); i = _if(_lt(index, 0), _add(index, _size(input, d)), index); "
     "cat([slice(input, d, 0, i), unsqueeze(src, d), slice(input, d, _add(i, 1))], d)"},
    {{"torch.slice_scatter", M("slice_scatter")},
     "input, src, dim=0, start=None, end=None, step=1",
     "d = _dim(input, dim); b = _slice_bounds(_size(input, d), start, end); s = _sizes(src); "
     "ie = expand(reshape(arange(_item(b, 0), _item(b, 1), step), "
     "_concat(_ones(d), [-1], _ones(_sub(_sub(_len(s), d), 1)))), s); scatter(input, d, ie, src)"},
    {{ATEN("index.Tensor")},
     "input, indices",
     "_if(_ne(_len(indices), 1), _err('indexing with more than one index tensor is not supported'), "
     "_if(_ne(_dtype(_item(indices, 0)), 'torch.int64'), _err('indexing with a bool or non-int64 index tensor is not "
     "supported'), reshape(index_select(input, 0, reshape(where(lt(_item(indices, 0), 0), add(_item(indices, 0), "
     "_size(input, 0)), _item(indices, 0)), [-1])), _concat(_sizes(_item(indices, 0)), _slice(_sizes(input), 1)))))"},
    /* ---- sorting: topk of every element is a stable sort (NaN last ascending, first descending; ties in index
     * order), as torch.sort's ---- */
    {{"torch.sort", M("sort"), ATEN("sort")},
     "input, dim=-1, descending=False, stable=False",
     "topk(input, _if(_eq(_ndim(input), 0), 1, _size(input, dim)), dim, descending)"},
    {{"torch.argsort", M("argsort")},
     "input, dim=-1, descending=False, stable=False",
     "operator.getitem(sort(input, dim, descending), 1)"},
    {{"torch.msort", M("msort")}, "input", "operator.getitem(sort(input, 0), 0)"},
    {{"torch.kthvalue", M("kthvalue")},
     "input, k, dim=-1, keepdim=False",
     "z = _eq(_ndim(input), 0); x = _if(z, reshape(input, [1]), input); t = topk(x, k, dim, False); "
     "v = select(operator.getitem(t, 0), dim, -1); i = select(operator.getitem(t, 1), dim, -1); "
     "_if(z, (reshape(v, []), reshape(i, [])), _if(keepdim, (unsqueeze(v, dim), unsqueeze(i, dim)), (v, i)))"},
    /* the lower median; a NaN makes it NaN, at the first NaN's index */
    {{"torch.median", M("median")},
     "input, dim=None, keepdim=False",
     "x = _if(_none(dim), reshape(input, [-1]), _if(_eq(_ndim(input), 0), reshape(input, [1]), input)); "
     "d = _if(_none(dim), 0, dim); s = sort(x, d); k = _floordiv(_sub(_size(x, d), 1), 2); "
     "m = isnan(x); h = any(m, d); "
     "v = where(h, nan, select(operator.getitem(s, 0), d, k)); "
     "i = where(h, argmax(to(m, torch.float32), d), select(operator.getitem(s, 1), d, k)); "
     "_if(_none(dim), v, _if(_eq(_ndim(input), 0), (reshape(v, []), reshape(i, [])), "
     "_if(keepdim, (unsqueeze(v, d), unsqueeze(i, d)), (v, i))))"},
    /* the lower median of the values that are not NaN */
    {{"torch.nanmedian", M("nanmedian")},
     "input, dim=None, keepdim=False",
     "x = _if(_none(dim), reshape(input, [-1]), _if(_eq(_ndim(input), 0), reshape(input, [1]), input)); "
     "d = _if(_none(dim), 0, dim); s = sort(x, d); c = sum(logical_not(isnan(x)), d, True); "
     "k = where(lt(c, 1), 0, floor_divide(sub(c, 1), 2)); "
     "v = gather(operator.getitem(s, 0), d, k); i = gather(operator.getitem(s, 1), d, k); "
     "_if(_none(dim), reshape(v, []), _if(_eq(_ndim(input), 0), (reshape(v, []), reshape(i, [])), "
     "_if(keepdim, (v, i), (squeeze(v, d), squeeze(i, d)))))"},
    /* quantiles as torch's quantile_impl: ranks q * (n - 1) into the sorted values (the last one when a NaN is there;
     * nanquantile counts the values that are not NaN), then the interpolation */
    {{"torch.quantile", M("quantile")},
     "input, q, dim=None, keepdim=False, *, interpolation='linear'",
     QUANTILE("e = _concat(_slice(_sizes(s), 0, -1), [_numel(qt)]); "
              "r0 = masked_fill(expand(mul(qt, _sub(n, 1)), e), any(isnan(s), -1, True), _sub(n, 1)); ")},
    {{"torch.nanquantile", M("nanquantile")},
     "input, q, dim=None, keepdim=False, *, interpolation='linear'",
     QUANTILE("w = mul(qt, sub(sum(logical_not(isnan(s)), -1, True), 1)); r0 = masked_fill(w, lt(w, 0), 0); ")},
    /* ---- windows: index_select with arange indices ---- */
    {{M("unfold")},
     "input, dimension, size, step",
     "z = _eq(_ndim(input), 0); x = _if(z, reshape(input, [1]), input); d = _dim(input, dimension); "
     "n = _size(x, d); w = _add(_floordiv(_sub(n, size), step), 1); "
     "ok = _if(_gt(size, n), _err('maximum size for tensor at dimension is smaller than size'), "
     "_if(_le(step, 0), _err('step is <= 0'), True)); "
     "i = add(unsqueeze(mul(arange(w), step), 1), arange(size)); "
     "r = reshape(index_select(x, d, reshape(i, [-1])), "
     "_concat(_slice(_sizes(x), 0, d), [w, size], _slice(_sizes(x), _add(d, 1)))); "
     "_if(z, reshape(r, [size]), movedim(r, _add(d, 1), -1))"},
    {{F("unfold")},
     "input, kernel_size, dilation=1, padding=0, stride=1",
     "z = _eq(_ndim(input), 3); x = _if(z, unsqueeze(input, 0), input); "
     "k = _pair(kernel_size); dl = _pair(dilation); pd = _pair(padding); st = _pair(stride); "
     "xp = F.pad(x, [_item(pd, 1), _item(pd, 1), _item(pd, 0), _item(pd, 0)]); "
     "h = _size(xp, 2); w = _size(xp, 3); "
     "oh = _add(_floordiv(_sub(_sub(h, _mul(_item(dl, 0), _sub(_item(k, 0), 1))), 1), _item(st, 0)), 1); "
     "ow = _add(_floordiv(_sub(_sub(w, _mul(_item(dl, 1), _sub(_item(k, 1), 1))), 1), _item(st, 1)), 1); "
     "ri = add(unsqueeze(mul(arange(_item(k, 0)), _item(dl, 0)), 1), mul(arange(oh), _item(st, 0))); "
     "ci = add(unsqueeze(mul(arange(_item(k, 1)), _item(dl, 1)), 1), mul(arange(ow), _item(st, 1))); "
     "f = add(mul(reshape(ri, [_item(k, 0), 1, oh, 1]), w), reshape(ci, [1, _item(k, 1), 1, ow])); "
     "g = index_select(reshape(xp, [_size(x, 0), _size(x, 1), _mul(h, w)]), 2, reshape(f, [-1])); "
     "r = reshape(g, [_size(x, 0), _mul(_mul(_size(x, 1), _item(k, 0)), _item(k, 1)), _mul(oh, ow)]); "
     "_if(z, squeeze(r, 0), r)"},
    /* ---- max_unpool: the input scattered into zeros at the indices max_pool returned (per plane) ---- */
    {{F("max_unpool1d")}, "input, indices, kernel_size, stride=None, padding=0, output_size=None", MAX_UNPOOL("1")},
    {{F("max_unpool2d")}, "input, indices, kernel_size, stride=None, padding=0, output_size=None", MAX_UNPOOL("2")},
    {{F("max_unpool3d")}, "input, indices, kernel_size, stride=None, padding=0, output_size=None", MAX_UNPOOL("3")},
    /* ---- sets and grids ---- */
    {{"torch.isin"},
     "elements, test_elements, *, assume_unique=False, invert=False",
     "t = _if(_tensor(test_elements), reshape(test_elements, [-1]), test_elements); "
     "r = _if(_tensor(elements), any(eq(unsqueeze(elements, -1), t), -1), eq(t, elements)); "
     "_if(invert, logical_not(r), r)"},
    {{"torch.functional.cartesian_prod", "torch.cartesian_prod"},
     "*tensors",
     "_if(_eq(_len(tensors), 1), clone(_item(tensors, 0)), "
     "stack(_each(meshgrid(tensors, indexing='ij'), reshape(it, [-1])), 1))"},
    {{M("new_empty_strided")},
     "input, size, stride, *, dtype=None, layout=None, device=None, pin_memory=None, "
     "requires_grad=False",
     "full(size, 0, dtype=_if(_none(dtype), _dtype(input), dtype))"},
    /* in eval mode, leaky_relu with the mean of the bounds (training draws random slopes: refused) */
    {{F("rrelu"), "torch.rrelu"},
     "input, lower=0.125, upper=0.3333333333333333, training=False, inplace=False",
     "_if(training, _err('rrelu with training=True draws random slopes; export the model in eval mode'), "
     "F.leaky_relu(input, _div(_add(lower, upper), 2.0)))"},
    /* ---- classification losses (torch 1.13's nll_loss and cross_entropy; checked against them) ---- */
    {{F("nll_loss")},
     "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'",
     "r = _legacy(size_average, reduce, reduction); one = _eq(_ndim(input), 1); "
     "x = _if(one, unsqueeze(input, 0), input); t = _if(one, unsqueeze(target, 0), target); "
     "valid = ne(t, ignore_index); ts = where(valid, t, 0); g = squeeze(gather(x, 1, unsqueeze(ts, 1)), 1); "
     "wt = _if(_none(weight), to(valid, _dtype(input)), where(valid, take(weight, ts), 0)); l = neg(mul(g, wt)); "
     "_if(_eq(r, 'mean'), div(sum(l), sum(wt)), _if(_eq(r, 'sum'), sum(l), _if(one, squeeze(l, 0), l)))"},
    {{F("cross_entropy")},
     "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', "
     "label_smoothing=0.0",
     "r = _legacy(size_average, reduce, reduction); "
     "_if(_float(target), fx2c.cross_entropy_probs(input, target, weight, r, label_smoothing), "
     "_if(_eq(label_smoothing, 0), F.nll_loss(log_softmax(input, _if(_eq(_ndim(input), 1), 0, 1)), target, weight, "
     "None, ignore_index, None, r), fx2c.cross_entropy_smooth(input, target, weight, ignore_index, r, "
     "label_smoothing)))"},
    /* class probabilities as the target: -sum(log_softmax * target * weight) over the classes */
    {{"fx2c.cross_entropy_probs"},
     "input, target, weight, reduction, label_smoothing",
     "cd = _if(_eq(_ndim(input), 1), 0, 1); c = _size(input, cd); lp = log_softmax(input, cd); "
     "tt = _if(_gt(label_smoothing, 0), add(mul(target, _sub(1, label_smoothing)), _div(label_smoothing, c)), "
     "target); p = mul(lp, tt); "
     "pw = _if(_none(weight), p, mul(p, reshape(weight, _concat([c], _ones(_sub(_sub(_ndim(input), cd), 1)))))); "
     "l = neg(sum(pw, cd)); "
     "_if(_eq(reduction, 'mean'), div(sum(l), _div(_numel(input), c)), _if(_eq(reduction, 'sum'), sum(l), l))"},
    /* class indices with label smoothing: (1 - s) nll_loss + s / C times the (weighted) sum over the classes */
    {{"fx2c.cross_entropy_smooth"},
     "input, target, weight, ignore_index, reduction, label_smoothing",
     "cd = _if(_eq(_ndim(input), 1), 0, 1); c = _size(input, cd); lp = log_softmax(input, cd); "
     "nll = F.nll_loss(lp, target, weight, None, ignore_index, None, reduction); "
     "x = _if(_eq(cd, 0), unsqueeze(lp, 0), lp); t = _if(_eq(cd, 0), unsqueeze(target, 0), target); "
     "valid = ne(t, ignore_index); "
     "xw = _if(_none(weight), x, mul(x, reshape(weight, _concat([c], _ones(_sub(_ndim(x), 2)))))); "
     "sm = where(valid, neg(sum(xw, 1)), 0); "
     "ws = _if(_none(weight), sum(valid), sum(where(valid, take(weight, where(valid, t, 0)), 0))); "
     "s = _if(_eq(reduction, 'mean'), div(sum(sm), ws), _if(_eq(reduction, 'sum'), sum(sm), "
     "_if(_eq(cd, 0), squeeze(sm, 0), sm))); "
     "add(mul(nll, _sub(1, label_smoothing)), mul(s, _div(label_smoothing, c)))"},
    /* 1.13's checks first (a negative variance is a run-time assertion), then 0.5 (log var + (x - t)^2 / var) */
    {{F("gaussian_nll_loss")},
     "input, target, var, full=False, eps=1e-06, reduction='mean'",
     "same = _eq(_sizes(var), _sizes(input)); "
     "v = _if(same, var, _if(_eq(_slice(_sizes(input), 0, -1), _sizes(var)), unsqueeze(var, -1), "
     "_if(_and(_eq(_slice(_sizes(input), 0, -1), _slice(_sizes(var), 0, -1)), _eq(_size(var, -1), 1)), var, "
     "_err('var is of incorrect size')))); "
     "z = _if(_or(_eq(reduction, 'none'), _or(_eq(reduction, 'mean'), _eq(reduction, 'sum'))), 0, "
     "_err('reduction is not valid')); "
     "a = torch._assert(logical_not(any(lt(v, 0))), 'var has negative entry/entries'); "
     "vc = clamp(v, eps); d = sub(input, target); l = mul(add(log(vc), div(mul(d, d), vc)), 0.5); "
     "lf = _if(full, add(l, 0.9189385332046727), l); _reduce(lf, reduction)"},
    /* sum over the wrong classes i of max(0, margin - x[y] + x[i])^p (times weight[y]) / C */
    {{F("multi_margin_loss")},
     "input, target, p=1, margin=1.0, weight=None, " LEGACY,
     "r = _legacy(size_average, reduce, reduction); one = _le(_ndim(input), 1); "
     "x = _if(one, reshape(input, [1, -1]), input); t = reshape(target, [-1]); c = _size(x, 1); "
     "z = clamp_min(add(sub(margin, gather(x, 1, unsqueeze(t, 1))), x), 0); "
     "zp = _if(_eq(p, 1), z, _if(_eq(p, 2), mul(z, z), _err('only p == 1 and p == 2 supported'))); "
     "zw = _if(_none(weight), zp, mul(zp, unsqueeze(take(weight, t), 1))); "
     "l = div(sum(where(eq(arange(c), unsqueeze(t, 1)), 0.0, zw), 1), c); "
     "_if(_eq(r, 'mean'), mean(l), _if(_eq(r, 'sum'), sum(l), _if(one, squeeze(l, 0), l)))"},
    /* the targets are the indices before the first -1; sum over targets j and non-targets i of
     * max(0, 1 - (x[j] - x[i])) / C */
    {{F("multilabel_margin_loss")},
     "input, target, " LEGACY,
     "r = _legacy(size_average, reduce, reduction); one = _le(_ndim(input), 1); "
     "x = _if(one, reshape(input, [1, -1]), input); t = _if(one, reshape(target, [1, -1]), target); "
     "c = _size(x, 1); "
     "ar = arange(c); valid = lt(ar, amin(where(lt(t, 0), ar, c), 1, True)); ts = where(valid, t, 0); "
     "ist = any(logical_and(eq(unsqueeze(ts, 2), ar), unsqueeze(valid, 2)), 1); "
     "term = clamp_min(rsub(sub(unsqueeze(gather(x, 1, ts), 2), unsqueeze(x, 1)), 1), 0); "
     "l = div(sum(where(logical_and(unsqueeze(valid, 2), unsqueeze(logical_not(ist), 1)), term, 0.0), [1, 2]), c); "
     "_if(_eq(r, 'mean'), mean(l), _if(_eq(r, 'sum'), sum(l), _if(one, squeeze(l, 0), l)))"},
    /* x1^T W x2 + b: x1 times W as [I, O*J], then the products with x2 summed over J */
    {{F("bilinear"), "torch.bilinear"},
     "input1, input2, weight, bias=None",
     "o = _size(weight, 0); i = _size(weight, 1); j = _size(weight, 2); "
     "t = reshape(matmul(input1, reshape(permute(weight, [1, 0, 2]), [i, _mul(o, j)])), "
     "_concat(_slice(_sizes(input1), 0, -1), [o, j])); "
     "y = sum(mul(t, unsqueeze(input2, -2)), -1); _if(_none(bias), y, add(y, bias))"},
    /* one index tensor for dimension 0: index_copy (index_add to accumulate) of the values broadcast to the index's
     * shape and the rest of the input's */
    {{"torch.index_put", M("index_put"), ATEN("index_put")},
     "input, indices, values, accumulate=False",
     "z = _if(_ne(_len(indices), 1), _err('index_put with more than one index tensor is not supported'), 0); "
     "i = _item(indices, 0); "
     "_if(_eq(_dtype(i), 'torch.bool'), fx2c.index_put_mask(input, i, values, accumulate), "
     "_if(_ne(_dtype(i), 'torch.int64'), _err('index_put with an index tensor that is not int64 or bool is not "
     "supported'), fx2c.index_put_int(input, i, values, accumulate)))"},
    {{"fx2c.index_put_int"},
     "input, i, values, accumulate",
     "fi = reshape(where(lt(i, 0), add(i, _size(input, 0)), i), [-1]); rest = _slice(_sizes(input), 1); "
     "v = reshape(expand(to(values, _dtype(input)), _concat(_sizes(i), rest)), _concat([-1], rest)); "
     "_if(accumulate, index_add(input, 0, fi, v), index_copy(input, 0, fi, v))"},
    /* a bool mask over the leading dimensions: values that broadcast to one selected element (its shape does not
     * depend on how many are selected) go where the mask is true */
    {{"fx2c.index_put_mask"},
     "input, mask, values, accumulate",
     "rest = _slice(_sizes(input), _ndim(mask)); "
     "y = _if(_ne(_sizes(mask), _slice(_sizes(input), 0, _ndim(mask))), _err('the shape of the mask does not match "
     "the shape of the indexed tensor'), 0); "
     "z = _if(_gt(_ndim(values), _len(rest)), _err('index_put with a bool mask is supported for values that "
     "broadcast to one selected element (the number of selected elements is known only at run time)'), 0); "
     "m = reshape(mask, _concat(_sizes(mask), _ones(_len(rest)))); v = expand(to(values, _dtype(input)), rest); "
     "_if(accumulate, add(input, where(m, v, 0)), where(m, v, input))"},
    /* in place (make_fx's `x[mask] = v`: torchaudio's wav2vec2 zeroes the padded frames): one bool mask over the
     * leading dimensions and values that broadcast to one selected element, written by masked_fill_ (inside fx2c its
     * value may be a tensor of the input's shape); an integer index is refused */
    {{M("index_put_"), ATEN("index_put_")},
     "input, indices, values, accumulate=False",
     "z = _if(_ne(_len(indices), 1), _err('index_put_ with more than one index tensor is not supported'), 0); "
     "i = _item(indices, 0); "
     "y = _if(_ne(_dtype(i), 'torch.bool'), _err('index_put_ (x[i] = v) with an integer index writes into its input in "
     "place, which fx2c supports for a bool mask only; compute a new tensor instead (x = x.index_put((i,), v)) and "
     "use it in place of the input'), 0); "
     "rest = _slice(_sizes(input), _ndim(i)); "
     "w = _if(_ne(_sizes(i), _slice(_sizes(input), 0, _ndim(i))), _err('the shape of the mask does not match "
     "the shape of the indexed tensor'), 0); "
     "u = _if(_gt(_ndim(values), _len(rest)), _err('index_put_ with a bool mask is supported for values that "
     "broadcast to one selected element (the number of selected elements is known only at run time)'), 0); "
     "m = reshape(i, _concat(_sizes(i), _ones(_len(rest)))); v = expand(to(values, _dtype(input)), rest); "
     "aten.masked_fill_.Tensor(input, m, _if(accumulate, add(input, v), v))"},
    /* ---- torch.gradient: central differences inside, one-sided ones (edge_order 1 or 2) at the ends, per dimension;
     * spacing a number, one per dimension, or the coordinates (numpy's formulas for uneven steps) ---- */
    {{"torch.gradient"},
     "input, *, spacing=1, dim=None, edge_order=1",
     "ds = _each(_if(_none(dim), _range(_ndim(input)), _if(_num(dim), [dim], dim)), _dim(input, it)); "
     "sp = _if(_none(spacing), _each(ds, 1), _if(_num(spacing), _each(ds, spacing), spacing)); "
     "z = _if(_ne(_len(sp), _len(ds)), _err('torch.gradient expected spacing to be unspecified, a scalar or a list of "
     "length equal to the number of dimensions'), _if(_and(_ne(edge_order, 1), _ne(edge_order, 2)), "
     "_err('torch.gradient only supports edge_order=1 and edge_order=2'), 0)); "
     "_each(ds, _if(_tensor(_item(sp, ix)), fx2c.gradient_coordinates(input, it, _item(sp, ix), edge_order), "
     "fx2c.gradient_uniform(input, it, _item(sp, ix), edge_order)))"},
    {{"fx2c.gradient_uniform"},
     "input, d, h, edge_order",
     "n = _size(input, d); z = _if(_lt(n, _add(edge_order, 1)), _err('torch.gradient expected each dimension size to "
     "be at least edge_order+1'), 0); m = _sub(n, 2); "
     "f0 = narrow(input, d, 0, 1); f1 = narrow(input, d, 1, 1); l0 = narrow(input, d, _sub(n, 1), 1); "
     "l1 = narrow(input, d, m, 1); "
     "mid = div(sub(narrow(input, d, 2, m), narrow(input, d, 0, m)), _mul(2, h)); "
     "a = _if(_eq(edge_order, 1), div(sub(f1, f0), h), "
     "div(add(add(mul(f0, -1.5), mul(f1, 2.0)), mul(narrow(input, d, 2, 1), -0.5)), h)); "
     "b = _if(_eq(edge_order, 1), div(sub(l0, l1), h), "
     "div(add(add(mul(narrow(input, d, _sub(n, 3), 1), 0.5), mul(l1, -2.0)), mul(l0, 1.5)), h)); "
     "cat([a, mid, b], d)"},
    {{"fx2c.gradient_coordinates"},
     "input, d, x, edge_order",
     "n = _size(input, d); z = _if(_lt(n, _add(edge_order, 1)), _err('torch.gradient expected each dimension size to "
     "be at least edge_order+1'), 0); m = _sub(n, 2); sh = _set(_ones(_ndim(input)), d, -1); "
     "dx = sub(narrow(x, 0, 1, _sub(n, 1)), narrow(x, 0, 0, _sub(n, 1))); "
     "hl = reshape(narrow(dx, 0, 0, m), sh); hr = reshape(narrow(dx, 0, 1, m), sh); "
     "mid = add(add(mul(narrow(input, d, 0, m), neg(div(hr, mul(hl, add(hl, hr))))), "
     "mul(narrow(input, d, 1, m), div(sub(hr, hl), mul(hl, hr)))), "
     "mul(narrow(input, d, 2, m), div(hl, mul(hr, add(hl, hr))))); "
     "f0 = narrow(input, d, 0, 1); f1 = narrow(input, d, 1, 1); l0 = narrow(input, d, _sub(n, 1), 1); "
     "l1 = narrow(input, d, m, 1); h1 = narrow(dx, 0, 0, 1); h2 = narrow(dx, 0, 1, 1); "
     "g1 = narrow(dx, 0, _sub(n, 3), 1); g2 = narrow(dx, 0, m, 1); "
     "a = _if(_eq(edge_order, 1), div(sub(f1, f0), h1), "
     "add(add(mul(f0, neg(div(add(mul(h1, 2), h2), mul(h1, add(h1, h2))))), mul(f1, div(add(h1, h2), mul(h1, h2)))), "
     "mul(narrow(input, d, 2, 1), neg(div(h1, mul(h2, add(h1, h2))))))); "
     "b = _if(_eq(edge_order, 1), div(sub(l0, l1), g2), "
     "add(add(mul(narrow(input, d, _sub(n, 3), 1), div(g2, mul(g1, add(g1, g2)))), "
     "mul(l1, neg(div(add(g1, g2), mul(g1, g2))))), mul(l0, div(add(mul(g2, 2), g1), mul(g2, add(g1, g2)))))); "
     "cat([a, mid, b], d)"},
    /* ---- searching: the count of boundaries below each value (right: at or below) ---- */
    {{"torch.bucketize", M("bucketize")},
     "input, boundaries, *, out_int32=False, right=False",
     "z = _if(_ne(_ndim(boundaries), 1), _err('boundaries tensor must be 1 dimension'), 0); "
     "x = _if(_tensor(input), unsqueeze(input, -1), input); "
     "c = sum(_if(right, le(boundaries, x), lt(boundaries, x)), -1); "
     "to(c, _if(out_int32, torch.int32, torch.int64))"},
    {{"torch.searchsorted"},
     "sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None",
     "s = _if(_none(sorter), sorted_sequence, gather(sorted_sequence, -1, sorter)); "
     "z = _if(_and(_gt(_ndim(s), 1), _or(_not(_tensor(input)), _ne(_slice(_sizes(s), 0, -1), "
     "_slice(_if(_tensor(input), _sizes(input), []), 0, -1)))), _err('the first N-1 dimensions of the boundaries "
     "tensor and the input value tensor must match'), 0); "
     "rt = _if(_none(side), right, _eq(side, 'right')); "
     "x = _if(_tensor(input), unsqueeze(input, -1), input); sq = unsqueeze(s, -2); "
     "c = sum(_if(rt, le(sq, x), lt(sq, x)), -1); "
     "to(_if(_tensor(input), c, squeeze(c, -1)), _if(out_int32, torch.int32, torch.int64))"},
    /* ---- norms ---- */
    {{"torch.renorm", M("renorm")},
     "input, p, dim, maxnorm",
     "d = _dim(input, dim); "
     "n = linalg.vector_norm(input, p, _concat(_range(d), _slice(_range(_ndim(input)), _add(d, 1))), True); "
     "mul(input, where(gt(n, maxnorm), div(maxnorm, add(n, 1e-07)), 1.0))"},
    /* avg_pool2d over the squares of a window of channels, as torch (3-d and more: the spatial dims flattened) */
    {{F("local_response_norm")},
     "input, size, alpha=0.0001, beta=0.75, k=1.0",
     "s = _sizes(input); z = _if(_lt(_ndim(input), 3), _err('Expected 3D or higher dimensionality input'), 0); "
     "d = reshape(unsqueeze(mul(input, input), 1), [_item(s, 0), 1, _item(s, 1), _prod(_slice(s, 2))]); "
     "pd = F.pad(d, [0, 0, _floordiv(size, 2), _floordiv(_sub(size, 1), 2)]); "
     "a = reshape(F.avg_pool2d(pd, [size, 1], 1), s); div(input, pow(add(mul(a, alpha), k), beta))"},
    /* ---- pairs and combinations: the positions of the mask's true elements in order (topk of their flat indices,
     * exact in f32 below 2**24), then their digits ---- */
    {{"torch.pdist", F("pdist")},
     "input, p=2",
     "n = _size(input, 0); nn = _mul(n, n); "
     "z = _if(_gt(nn, 16777216), _err('pdist of more than 4096 rows is not supported'), 0); "
     "m = reshape(gt(arange(n), unsqueeze(arange(n), 1)), [-1]); "
     "key = where(m, arange(nn, dtype=torch.float32), _mul(1.0, nn)); "
     "pos = to(operator.getitem(topk(key, _binom(n, 2), largest=False), 0), torch.int64); "
     "linalg.vector_norm(sub(index_select(input, 0, floor_divide(pos, n)), index_select(input, 0, remainder(pos, "
     "n))), p, -1)"},
    {{"torch.combinations"},
     "input, r=2, with_replacement=False",
     "n = _size(input, 0); g = meshgrid(_each(_range(r), arange(n)), indexing='ij'); "
     "nr = _prod(_each(_range(r), n)); "
     "z = _if(_gt(nr, 16777216), _err('combinations of more than 2**24 candidates are not supported'), 0); "
     "m = _if(_eq(r, 1), full(_sizes(_item(g, 0)), True), all(stack(_each(_range(_sub(r, 1)), "
     "_if(with_replacement, le(_item(g, it), _item(g, _add(it, 1))), lt(_item(g, it), _item(g, _add(it, 1))))), "
     "0), 0)); "
     "k = _if(with_replacement, _binom(_sub(_add(n, r), 1), r), _binom(n, r)); "
     "key = where(reshape(m, [-1]), arange(nr, dtype=torch.float32), _mul(1.0, nr)); "
     "pos = to(operator.getitem(topk(key, k, largest=False), 0), torch.int64); "
     "stack(_each(_range(r), index_select(input, 0, remainder(floor_divide(pos, _prod(_each(_range(_sub(_sub(r, it), "
     "1)), n))), n))), 1)"},
    {{"torch.functional.block_diag", "torch.block_diag"},
     "*tensors",
     "m = _each(tensors, _if(_eq(_ndim(it), 2), it, reshape(it, [1, -1]))); w = _each(m, _size(it, 1)); "
     "t = _sum(w); "
     "cat(_each(m, F.pad(it, [_sum(_slice(w, 0, ix)), _sub(_sub(t, _sum(_slice(w, 0, ix))), _size(it, 1))])), 0)"},
    /* ---- comparisons of whole tensors (a 0-d bool) ---- */
    {{"torch.equal", M("equal")},
     "input, other",
     "_if(_eq(_sizes(input), _sizes(other)), all(eq(input, other)), full([], False))"},
    {{"torch.allclose", M("allclose")},
     "input, other, rtol=1e-05, atol=1e-08, equal_nan=False",
     "all(isclose(input, other, rtol, atol, equal_nan))"},
    {{M("sum_to_size")},
     "input, *size",
     "s = _if(_eq(_len(size), 1), _if(_num(_item(size, 0)), size, _item(size, 0)), size); "
     "z = _if(_ne(_broadcast_shape(s, _sizes(input)), _sizes(input)), _err('size is not expandable to the size of "
     "the tensor'), 0); "
     "lead = _sub(_ndim(input), _len(s)); x = _if(_gt(lead, 0), sum(input, _range(lead)), input); "
     "d = _find(s, 1); reshape(_if(_eq(_len(d), 0), x, sum(x, d, True)), s)"},
    /* where(the diagonal's mask, src along it, input), the two dimensions moved last */
    {{"torch.diagonal_scatter", M("diagonal_scatter")},
     "input, src, offset=0, dim1=0, dim2=1",
     "a = _dim(input, dim1); b = _dim(input, dim2); x = movedim(input, [a, b], [-2, -1]); "
     "nr = _size(x, -2); nc = _size(x, -1); l = _size(src, -1); "
     "m = eq(sub(arange(nc), unsqueeze(arange(nr), 1)), offset); "
     "v = _if(_eq(l, 0), x, _if(_ge(offset, 0), unsqueeze(index_select(src, -1, minimum(arange(nr), _sub(l, 1))), "
     "-1), unsqueeze(index_select(src, -1, minimum(arange(nc), _sub(l, 1))), -2))); "
     "movedim(where(m, v, x), [-2, -1], [a, b])"},
    /* ---- stacking and splitting ---- */
    {{"torch.functional.atleast_1d", "torch.atleast_1d"},
     "*tensors",
     "r = _each(tensors, _if(_eq(_ndim(it), 0), reshape(it, [1]), reshape(it, _sizes(it)))); "
     "_if(_eq(_len(r), 1), _item(r, 0), r)"},
    {{"torch.functional.atleast_2d", "torch.atleast_2d"},
     "*tensors",
     "r = _each(tensors, _if(_lt(_ndim(it), 2), reshape(it, _concat(_ones(_sub(2, _ndim(it))), _sizes(it))), "
     "reshape(it, _sizes(it)))); _if(_eq(_len(r), 1), _item(r, 0), r)"},
    {{"torch.functional.atleast_3d", "torch.atleast_3d"},
     "*tensors",
     "r = _each(tensors, _if(_eq(_ndim(it), 0), reshape(it, [1, 1, 1]), _if(_eq(_ndim(it), 1), "
     "reshape(it, [1, _numel(it), 1]), _if(_eq(_ndim(it), 2), unsqueeze(it, -1), reshape(it, _sizes(it)))))); "
     "_if(_eq(_len(r), 1), _item(r, 0), r)"},
    {{"torch.hstack"}, "tensors", "t = _each(tensors, atleast_1d(it)); cat(t, _if(_eq(_ndim(_item(t, 0)), 1), 0, 1))"},
    {{"torch.vstack", "torch.row_stack"}, "tensors", "cat(_each(tensors, atleast_2d(it)), 0)"},
    {{"torch.dstack"}, "tensors", "cat(_each(tensors, atleast_3d(it)), 2)"},
    {{"torch.column_stack"},
     "tensors",
     "cat(_each(tensors, _if(_le(_ndim(it), 1), reshape(it, [_numel(it), 1]), it)), 1)"},
    {{"torch.functional.broadcast_tensors", "torch.broadcast_tensors"},
     "*tensors",
     "s = _broadcast_shape(tensors); _each(tensors, expand(it, s))"},
    {{"torch.functional.meshgrid", "torch.meshgrid"},
     "*tensors, indexing='ij'",
     "n = _len(tensors); xy = _and(_eq(indexing, 'xy'), _ge(n, 2)); "
     "t = _if(xy, _concat([_item(tensors, 1), _item(tensors, 0)], _slice(tensors, 2)), tensors); "
     "s = _each(t, _numel(it)); "
     "g = _each(t, expand(reshape(it, _concat(_ones(ix), [-1], _ones(_sub(_sub(n, ix), 1)))), s)); "
     "_if(xy, _concat([_item(g, 1), _item(g, 0)], _slice(g, 2)), g)"},
    {{"torch.tensor_split", M("tensor_split")},
     "input, indices_or_sections, dim=0",
     "_each(_tsplit(_size(input, dim), indices_or_sections), slice(input, dim, _item(it, 0), _item(it, 1)))"},
    {{"torch.hsplit", M("hsplit")},
     "input, indices_or_sections",
     "d = _if(_gt(_ndim(input), 1), 1, 0); "
     "_if(_eq(_ndim(input), 0), _err('torch.hsplit requires a tensor with at least 1 dimension, but got a tensor "
     "with 0 dimensions!'), _if(_if(_num(indices_or_sections), _ne(_mod(_size(input, d), indices_or_sections), 0), "
     "False), "
     "_err('the size of the dimension is not divisible by the split_size'), tensor_split(input, indices_or_sections, "
     "d)))"},
    {{"torch.vsplit", M("vsplit")},
     "input, indices_or_sections",
     "_if(_lt(_ndim(input), 2), _err('torch.vsplit requires a tensor with at least 2 dimension'), "
     "_if(_if(_num(indices_or_sections), _ne(_mod(_size(input, 0), indices_or_sections), 0), False), "
     "_err('the size of the dimension is not divisible by the split_size'), tensor_split(input, indices_or_sections, "
     "0)))"},
    {{"torch.dsplit", M("dsplit")},
     "input, indices_or_sections",
     "_if(_lt(_ndim(input), 3), _err('torch.dsplit requires a tensor with at least 3 dimension'), "
     "_if(_if(_num(indices_or_sections), _ne(_mod(_size(input, 2), indices_or_sections), 0), False), "
     "_err('the size of the dimension is not divisible by the split_size'), tensor_split(input, indices_or_sections, "
     "2)))"},
    /* ---- moving elements ---- */
    {{"torch.rot90", M("rot90")},
     "input, k=1, dims=None",
     "a = _if(_none(dims), 0, _item(dims, 0)); b = _if(_none(dims), 1, _item(dims, 1)); m = _mod(k, 4); "
     "_if(_eq(m, 1), transpose(flip(input, [b]), a, b), _if(_eq(m, 2), flip(input, [a, b]), "
     "_if(_eq(m, 3), transpose(flip(input, [a]), a, b), clone(input))))"},
    {{F("pixel_unshuffle"), "torch.pixel_unshuffle"},
     "input, downscale_factor",
     "r = downscale_factor; s = _sizes(input); b = _slice(s, 0, -3); k = _len(b); "
     "c = _item(s, -3); h = _floordiv(_item(s, -2), r); w = _floordiv(_item(s, -1), r); "
     "x = reshape(input, _concat(b, [c, h, r, w, r])); "
     "y = permute(x, _concat(_range(k), [k, _add(k, 2), _add(k, 4), _add(k, 1), _add(k, 3)])); "
     "reshape(y, _concat(b, [_mul(_mul(c, r), r), h, w]))"},
    {{"torch.diff", M("diff")},
     "input, n=1, dim=-1, prepend=None, append=None",
     "x = _if(_and(_none(prepend), _none(append)), input, cat(_concat(_if(_none(prepend), [], [prepend]), [input], "
     "_if(_none(append), [], [append])), dim)); "
     "_if(_eq(n, 0), clone(input), _if(_eq(_size(x, dim), 0), clone(x), "
     "diff(_if(_eq(_dtype(x), 'torch.bool'), ne(slice(x, dim, 1), slice(x, dim, 0, -1)), "
     "sub(slice(x, dim, 1), slice(x, dim, 0, -1))), _sub(n, 1), dim)))"},
    /* ---- integration ---- */
    {{"torch.trapezoid", "torch.trapz"},
     "y, x=None, *, dx=None, dim=-1",
     "d = _if(_lt(dim, 0), _add(dim, _ndim(y)), dim); "
     "xv = _if(_none(x), None, _if(_eq(_ndim(x), 1), reshape(x, _concat(_ones(d), [-1], _ones(_sub(_sub(_ndim(y), d), "
     "1)))), x)); "
     "_if(_none(x), _if(_eq(_size(y, dim), 0), sum(y, dim), "
     "mul(sub(sum(y, dim), mul(add(select(y, dim, 0), select(y, dim, -1)), 0.5)), _if(_none(dx), 1, dx))), "
     "div(sum(mul(diff(xv, 1, dim), add(slice(y, dim, 1), slice(y, dim, 0, -1))), dim), 2.0))"},
    {{"torch.cumulative_trapezoid"},
     "y, x=None, *, dx=None, dim=-1",
     "d = _if(_lt(dim, 0), _add(dim, _ndim(y)), dim); "
     "xv = _if(_none(x), None, _if(_eq(_ndim(x), 1), reshape(x, _concat(_ones(d), [-1], _ones(_sub(_sub(_ndim(y), d), "
     "1)))), x)); "
     "s = add(slice(y, dim, 1), slice(y, dim, 0, -1)); "
     "_if(_none(x), cumsum(mul(s, _div(_if(_none(dx), 1, dx), 2.0)), dim), "
     "cumsum(div(mul(diff(xv, 1, dim), s), 2.0), dim))"},
    /* ---- statistics ---- */
    {{"torch.cov", M("cov")},
     "input, *, correction=1, fweights=None, aweights=None",
     "ok = _if(_gt(_ndim(input), 2), _err('cov(): expected input to have two or fewer dimensions'), True); "
     "c = _if(_lt(_ndim(input), 2), reshape(input, [1, -1]), input); "
     "w = _if(_none(fweights), aweights, _if(_none(aweights), fweights, mul(fweights, aweights))); "
     "ws = _if(_none(w), _size(c, 1), sum(w)); "
     "xm = sub(c, div(sum(_if(_none(w), c, mul(c, w)), 1, True), ws)); "
     "f = _if(_none(w), _sub(_size(c, 1), correction), _if(_eq(correction, 0), ws, _if(_none(aweights), "
     "sub(ws, correction), sub(ws, div(mul(sum(mul(w, aweights)), correction), ws))))); "
     "r = div(matmul(xm, t(_if(_none(w), xm, mul(xm, w)))), _if(_none(w), _if(_le(f, 0), 0, f), clamp_min(mul(f, 1.0), "
     "0))); "
     "_if(_eq(_size(c, 0), 1), squeeze(r), r)"},
    {{"torch.corrcoef", M("corrcoef")},
     "input",
     "c = cov(input); "
     "_if(_eq(_ndim(c), 0), div(c, c), "
     "clamp(div(div(c, unsqueeze(sqrt(diagonal(c)), 1)), unsqueeze(sqrt(diagonal(c)), 0)), -1, 1))"},
    /* ---- reductions ---- */
    {{"torch.aminmax", M("aminmax")},
     "input, *, dim=None, keepdim=False",
     /* a 0-d input with keepdim gives results of shape [1] (PyTorch resizes its 0-d outputs, with a warning) */
     "a = amin(input, dim, keepdim); b = amax(input, dim, keepdim); "
     "_if(_and(_eq(_ndim(input), 0), _and(keepdim, _not(_none(dim)))), (reshape(a, [1]), reshape(b, [1])), (a, b))"},
    {{"torch.cross", M("cross"), "torch._C._linalg.linalg_cross", "torch.linalg.cross"},
     "input, other, dim=-1",
     "sub(mul(roll(input, -1, dim), roll(other, -2, dim)), mul(roll(input, -2, dim), roll(other, -1, dim)))"},
    /* ---- modules with several inputs (legalize.c sends their call_module nodes here; _hyper and _weight read the
     * module tree and the weights) ---- */
    {{"fx2c.nn_multihead_attention"}, MHA_SIG, MHA_BODY},
    /* FX graph mode quantization's layers (torch.ao.nn.quantized; their scale and zero_point printed, the weights
     * quantized tensors of the .pt) */
    {{"fx2c.nn_qconv2d"}, "input, *, pf=''", "fx2c.q_conv2d(input, _weight(pf, 'weight'), _weight(pf, 'bias'), _hyper(pf, 'stride'), _hyper(pf, 'padding'), _hyper(pf, 'dilation'), _hyper(pf, 'groups'), _hyper(pf, 'scale'), _hyper(pf, 'zero_point'), False)"},
    {{"fx2c.nn_qconv_relu2d"}, "input, *, pf=''", "fx2c.q_conv2d(input, _weight(pf, 'weight'), _weight(pf, 'bias'), _hyper(pf, 'stride'), _hyper(pf, 'padding'), _hyper(pf, 'dilation'), _hyper(pf, 'groups'), _hyper(pf, 'scale'), _hyper(pf, 'zero_point'), True)"},
    {{"fx2c.nn_qlinear"}, "input, *, pf=''", "fx2c.q_linear(input, _weight(pf, 'weight'), _weight(pf, 'bias'), _hyper(pf, 'scale'), _hyper(pf, 'zero_point'), False)"},
    {{"fx2c.nn_qlinear_relu"}, "input, *, pf=''", "fx2c.q_linear(input, _weight(pf, 'weight'), _weight(pf, 'bias'), _hyper(pf, 'scale'), _hyper(pf, 'zero_point'), True)"},
    {{"fx2c.nn_qhardswish"}, "input, *, pf=''", "fx2c.q_hardswish(input, _hyper(pf, 'scale'), _hyper(pf, 'zero_point'))"},
    {{"fx2c.nn_transformer_encoder_layer"}, "src, src_mask=None, src_key_padding_mask=None, *, pf=''",
     LAYER_HEAD("src") "x = src; "
     "h = _if(nf, " LN("x", "norm1") ", x); "
     "h = _item(fx2c.nn_multihead_attention(h, h, h, src_key_padding_mask, False, src_mask, "
     "pf=_strcat(pf, 'self_attn.')), 0); "
     "x = _if(nf, add(x, h), " LN("add(x, h)", "norm1") "); " FF_BLOCK("norm2")},
    {{"fx2c.nn_transformer_decoder_layer"},
     "tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, *, "
     "pf=''",
     LAYER_HEAD("tgt") "x = tgt; "
     "h = _if(nf, " LN("x", "norm1") ", x); "
     "h = _item(fx2c.nn_multihead_attention(h, h, h, tgt_key_padding_mask, False, tgt_mask, "
     "pf=_strcat(pf, 'self_attn.')), 0); "
     "x = _if(nf, add(x, h), " LN("add(x, h)", "norm1") "); "
     "h = _if(nf, " LN("x", "norm2") ", x); "
     "h = _item(fx2c.nn_multihead_attention(h, memory, memory, memory_key_padding_mask, False, memory_mask, "
     "pf=_strcat(pf, 'multihead_attn.')), 0); "
     "x = _if(nf, add(x, h), " LN("add(x, h)", "norm2") "); " FF_BLOCK("norm3")},
    /* stacks of Transformer layers (torch 1.13's TransformerEncoder, TransformerDecoder and Transformer in eval): the
     * layers of the ModuleList 'layers' in turn, counted in the module tree, as the layer composites above (a range
     * of layers split in halves, so that the composites nest as deep as log2 of their number), then the norm */
    {{"fx2c.nn_transformer_encoder_layers"}, "src, mask, src_key_padding_mask, i, j, *, pf=''",
     "m = _floordiv(_add(i, j), 2); lp = _strcat(pf, _strcat('layers.', _str(i))); "
     "_if(_eq(_sub(j, i), 1), _if(_eq(_type(lp), 'TransformerEncoderLayer'), "
     "fx2c.nn_transformer_encoder_layer(src, mask, src_key_padding_mask, pf=_strcat(lp, '.')), "
     "_err('the layers of a TransformerEncoder must be TransformerEncoderLayers')), "
     "fx2c.nn_transformer_encoder_layers(fx2c.nn_transformer_encoder_layers(src, mask, src_key_padding_mask, i, m, "
     "pf=pf), mask, src_key_padding_mask, m, j, pf=pf))"},
    {{"fx2c.nn_transformer_decoder_layers"},
     "tgt, memory, tgt_mask, memory_mask, tgt_key_padding_mask, memory_key_padding_mask, i, j, *, pf=''",
     "m = _floordiv(_add(i, j), 2); lp = _strcat(pf, _strcat('layers.', _str(i))); "
     "_if(_eq(_sub(j, i), 1), _if(_eq(_type(lp), 'TransformerDecoderLayer'), "
     "fx2c.nn_transformer_decoder_layer(tgt, memory, tgt_mask, memory_mask, tgt_key_padding_mask, "
     "memory_key_padding_mask, pf=_strcat(lp, '.')), "
     "_err('the layers of a TransformerDecoder must be TransformerDecoderLayers')), "
     "fx2c.nn_transformer_decoder_layers(fx2c.nn_transformer_decoder_layers(tgt, memory, tgt_mask, memory_mask, "
     "tgt_key_padding_mask, memory_key_padding_mask, i, m, pf=pf), memory, tgt_mask, memory_mask, "
     "tgt_key_padding_mask, memory_key_padding_mask, m, j, pf=pf))"},
    {{"fx2c.nn_transformer_norm"}, "x, *, pf=''",
     "nt = _type(_strcat(pf, 'norm')); "
     "_if(_none(nt), x, _if(_eq(nt, 'LayerNorm'), F.layer_norm(x, _hyper(pf, 'norm.normalized_shape'), "
     "_weight(pf, 'norm.weight'), _weight(pf, 'norm.bias'), _hyper(pf, 'norm.eps')), "
     "_err('only a LayerNorm (or None) as the norm of a TransformerEncoder or TransformerDecoder')))"},
    /* torch 1.13's encoder takes its nested-tensor fast path (transformer.py, TransformerEncoder.forward) in eval
     * without grad when the first layer is a post-norm batch_first TransformerEncoderLayer with an even number of
     * heads and equal norm eps, the input is batched, enable_nested_tensor is set, a src_key_padding_mask is given
     * without a mask and, with mask_check, the mask is left aligned: its output is then as long as the longest
     * unpadded sequence, a shape that depends on the mask's values, which a compiled model cannot have: refused */
    {{"fx2c.nn_transformer_encoder"}, "src, mask=None, src_key_padding_mask=None, *, pf=''",
     "kp = src_key_padding_mask; n = _nchildren(_strcat(pf, 'layers')); "
     "chk = _if(_or(_none(n), _eq(n, 0)), _err('the TransformerEncoder has no layers in the module tree'), 0); "
     "chk2 = _if(_none(kp), 0, _if(_or(_eq(_dtype(kp), 'torch.bool'), _float(kp)), 0, "
     "_err('only bool and floating types of key_padding_mask are supported'))); "
     "l0 = _strcat(pf, 'layers.0.'); h = _hyper(l0, 'self_attn.num_heads'); "
     "fast = _if(_or(_none(kp), _not(_none(mask))), False, _if(_ne(_ndim(src), 3), False, "
     "_if(_not(_hyper(pf, 'enable_nested_tensor')), False, "
     "_if(_ne(_type(_strcat(pf, 'layers.0')), 'TransformerEncoderLayer'), False, "
     "_if(_hyper(l0, 'norm_first'), False, _if(_not(_hyper(l0, 'self_attn.batch_first')), False, "
     "_if(_ne(_hyper(l0, 'norm1.eps'), _hyper(l0, 'norm2.eps')), False, "
     "_if(_none(h), False, _eq(_mod(h, 2), 0))))))))); "
     "chk3 = _if(fast, _err('in eval, this TransformerEncoder with a src_key_padding_mask takes the "
     "nested-tensor fast path of PyTorch 1.13, whose output is only as long as the longest unpadded sequence (a shape that depends "
     "on the values of the mask) with zeros at the padded positions: fx2c cannot compile that; set enable_nested_tensor "
     "of the encoder to False (the same values at the unpadded positions, the full length), or pass no "
     "src_key_padding_mask'), 0); "
     "fx2c.nn_transformer_norm(fx2c.nn_transformer_encoder_layers(src, mask, kp, 0, n, pf=pf), pf=pf)"},
    {{"fx2c.nn_transformer_decoder"},
     "tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, *, "
     "pf=''",
     "n = _nchildren(_strcat(pf, 'layers')); "
     "chk = _if(_or(_none(n), _eq(n, 0)), _err('the TransformerDecoder has no layers in the module tree'), 0); "
     "fx2c.nn_transformer_norm(fx2c.nn_transformer_decoder_layers(tgt, memory, tgt_mask, memory_mask, "
     "tgt_key_padding_mask, memory_key_padding_mask, 0, n, pf=pf), pf=pf)"},
    {{"fx2c.nn_transformer"},
     "src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None, "
     "tgt_key_padding_mask=None, memory_key_padding_mask=None, *, pf=''",
     "bd = _if(_hyper(pf, 'batch_first'), 0, 1); "
     "chk = _if(_and(_eq(_ndim(src), 3), _ne(_size(src, bd), _size(tgt, bd))), "
     "_err('the batch number of src and tgt must be equal'), 0); "
     "chk2 = _if(_ne(_type(_strcat(pf, 'encoder')), 'TransformerEncoder'), "
     "_err('only a TransformerEncoder as the encoder of a Transformer (custom_encoder)'), "
     "_if(_ne(_type(_strcat(pf, 'decoder')), 'TransformerDecoder'), "
     "_err('only a TransformerDecoder as the decoder of a Transformer (custom_decoder)'), 0)); "
     "mem = fx2c.nn_transformer_encoder(src, src_mask, src_key_padding_mask, pf=_strcat(pf, 'encoder.')); "
     "fx2c.nn_transformer_decoder(tgt, mem, tgt_mask, memory_mask, tgt_key_padding_mask, memory_key_padding_mask, "
     "pf=_strcat(pf, 'decoder.'))"},
    /* scaled dot-product attention: torch 2's F.scaled_dot_product_attention (a bool attn_mask True where a key takes
     * part, a float one added; is_causal: the lower triangle; scale or 1/sqrt(E)), and torch 1.13's
     * F._scaled_dot_product_attention, which returns the output and the weights (None here unless
     * need_attn_weights) and scales the query first; eval only: dropout_p must be 0 */
    {{F("scaled_dot_product_attention"), ATEN("scaled_dot_product_attention")},
     "query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None",
     "sc = _if(_none(scale), _div(1.0, _sqrt(_size(query, -1))), scale); "
     "a = mul(matmul(query, transpose(key, -2, -1)), sc); " SDPA_TAIL "; o"},
    {{F("_scaled_dot_product_attention"), "torch._C._nn._scaled_dot_product_attention",
      ATEN("_scaled_dot_product_attention")},
     "query, key, value, attn_mask=None, dropout_p=0.0, need_attn_weights=False, is_causal=False",
     "a = matmul(div(query, _sqrt(_size(query, -1))), transpose(key, -2, -1)); " SDPA_TAIL "; "
     "(o, _if(need_attn_weights, w, None))"},
    /* aten._transformer_encoder_layer_fwd (torch 1.13's fast path for an eval TransformerEncoderLayer, batch first),
     * as ATen's transformer_encoder_layer_forward: attention, residual, layer norm, feed-forward, residual, layer norm
     * (the norms first with norm_first) */
    /* torch 1.13's TransformerEncoder asks whether a key padding mask is left aligned (each row's unpadded positions
     * first) before its nested-tensor fast path: make_fx keeps the call, unused, when the path is not taken. mask is
     * True at the unpadded positions; the result a 0-d bool tensor (a Python bool in PyTorch) */
    {{ATEN("_nested_tensor_from_mask_left_aligned")},
     "t, mask",
     "m = _if(_eq(_dtype(mask), 'torch.bool'), mask, ne(mask, 0)); "
     "logical_not(any(logical_and(logical_not(slice(m, -1, 0, -1)), slice(m, -1, 1))))"},
    {{ATEN("_transformer_encoder_layer_fwd")},
     "src, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias, use_gelu, norm_first, eps, "
     "norm_weight_1, norm_bias_1, norm_weight_2, norm_bias_2, ffn_weight_1, ffn_bias_1, ffn_weight_2, ffn_bias_2, "
     "mask=None, mask_type=None",
     "x0 = _if(norm_first, F.layer_norm(src, [embed_dim], norm_weight_1, norm_bias_1, eps), src); "
     "a = add(operator.getitem(aten._native_multi_head_attention.default(x0, x0, x0, embed_dim, num_heads, qkv_weight, "
     "qkv_bias, proj_weight, proj_bias, mask, False, True, mask_type), 0), src); "
     "x1 = _if(norm_first, a, F.layer_norm(a, [embed_dim], norm_weight_1, norm_bias_1, eps)); "
     "x2 = _if(norm_first, F.layer_norm(x1, [embed_dim], norm_weight_2, norm_bias_2, eps), x1); "
     "h = F.linear(x2, ffn_weight_1, ffn_bias_1); h = _if(use_gelu, F.gelu(h), F.relu(h)); "
     "f = add(F.linear(h, ffn_weight_2, ffn_bias_2), x1); "
     "_if(norm_first, f, F.layer_norm(f, [embed_dim], norm_weight_2, norm_bias_2, eps))"},
    /* aten._native_multi_head_attention (torch 1.13's fast path, batch first) with a mask, cross-attention or per-head
     * weights (legalize.c; the op itself computes self-attention without a mask): a mask is read as bool (torch
     * converts a float one), True masked; mask_type 1 a key padding mask [B, S], 0 an attention mask [L, S] */
    {{"fx2c.native_multi_head_attention"},
     "query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias, mask=None, "
     "need_weights=True, average_attn_weights=True, mask_type=None",
     "B = _size(query, 0); L = _size(query, 1); S = _size(key, 1); E = embed_dim; H = num_head; "
     "D = _floordiv(E, H); E2 = _mul(2, E); nb = _none(qkv_bias); "
     "q = F.linear(query, narrow(qkv_weight, 0, 0, E), _if(nb, None, narrow(qkv_bias, 0, 0, E))); "
     "k = F.linear(key, narrow(qkv_weight, 0, E, E), _if(nb, None, narrow(qkv_bias, 0, E, E))); "
     "v = F.linear(value, narrow(qkv_weight, 0, E2, E), _if(nb, None, narrow(qkv_bias, 0, E2, E))); "
     "q = transpose(reshape(q, [B, L, H, D]), 1, 2); k = transpose(reshape(k, [B, S, H, D]), 1, 2); "
     "v = transpose(reshape(v, [B, S, H, D]), 1, 2); "
     "a = matmul(div(q, _sqrt(D)), transpose(k, -2, -1)); "
     "mk = _if(_none(mask), None, _if(_eq(_dtype(mask), 'torch.bool'), mask, ne(mask, 0))); "
     "mk = _if(_none(mk), None, _if(_eq(mask_type, 1), reshape(mk, [B, 1, 1, S]), _if(_eq(mask_type, 0), "
     "reshape(mk, [1, 1, L, S]), _if(_eq(_ndim(mk), 4), mk, "
     "_err('a mask without mask_type 0 or 1 must be [batch, heads, length, length]'))))); "
     "a = softmax(_if(_none(mk), a, masked_fill(a, mk, -inf)), -1); "
     "o = F.linear(reshape(transpose(matmul(a, v), 1, 2), [B, L, E]), proj_weight, proj_bias); "
     "(o, _if(need_weights, _if(average_attn_weights, div(sum(a, 1), H), a), None))"},
};

#undef F
#undef M
#undef ATEN
#undef LEGACY
#undef REDUCE
#undef INDEX_SCATTER
#undef QUANTILE
#undef PAD_COLUMN
#undef MHA_SIG
#undef MHA_BODY
#undef LN
#undef LAYER_HEAD
#undef FF_BLOCK
#undef SDPA_TAIL

enum { NCOMPOSITES = (int)(sizeof composites / sizeof composites[0]) };

static bool target_is(const char *spelling, fx_str t, bool method) {
  if (method) return spelling[0] == 'M' && spelling[1] == ':' && fx_str_eqz(t, spelling + 2);
  if (spelling[0] == 'M' && spelling[1] == ':') return false;
  if (fx_str_eqz(t, spelling)) return true;
  /* ATEN("name") matches every overload: torch.ops.aten.name.default, .out ... */
  size_t n = strlen(spelling);
  return strncmp(spelling, "torch.ops.aten.", 15) == 0 && t.n > n + 1 && memcmp(t.p, spelling, n) == 0 &&
         t.p[n] == '.' && memchr(t.p + n + 1, '.', t.n - n - 1) == NULL;
}

int fx_composite_find(fx_str target, bool method) {
  for (int i = 0; i < NCOMPOSITES; i++)
    for (int k = 0; k < NTARGETS && composites[i].targets[k]; k++)
      if (target_is(composites[i].targets[k], target, method)) return i;
  return -1;
}

/* ---- evaluation ---- */

typedef struct ev {
  fx_program *p;
  fx_diag *d;
  uint32_t node; /* the composite node */
  const composite *cp;
  const fx_module *mod; /* a module's composite (legalize.c): the module called, for _hyper and _weight */
  const char *s; /* the body, where the parser is */
  bool bad;      /* an error was reported (or, checking tables, the body is malformed) */
  bool checking; /* fx_decompose_check_tables: parse only */
  int depth;
  fx_sig sig;
  fx_value slots[FX_SIG_MAX];
  int nvars;
  fx_str var_names[NVARS];
  fx_value vars[NVARS];
  char *msg; /* checking: the problem */
  size_t cap;
} ev;

static const fx_value NONE_VALUE = {FX_V_NONE, {0}, 0, {NULL}, {0}};

static fx_value fail(ev *e, const char *fmt, ...) FX_PRINTF(2, 3);
static fx_value fail(ev *e, const char *fmt, ...) {
  if (e->bad) return NONE_VALUE;
  e->bad = true;
  char msg[640];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (e->checking) {
    snprintf(e->msg, e->cap, "composite '%s': %s at '%.20s'", e->cp->targets[0], msg, e->s);
    return NONE_VALUE;
  }
  const fx_node *n = &e->p->g->nodes[e->node];
  fx_diag_error(e->d, n->loc.line ? e->p->g->src : NULL, n->loc, "cannot compile '%.*s': %s", (int)n->target.n,
                n->target.p, msg);
  return NONE_VALUE;
}

static void skip_ws(ev *e) {
  while (*e->s == ' ') e->s++;
}

static bool eat(ev *e, char c) {
  skip_ws(e);
  if (*e->s != c) return false;
  e->s++;
  return true;
}

static fx_str ident(ev *e) {
  skip_ws(e);
  const char *b = e->s;
  while (isalnum((unsigned char)*e->s) || *e->s == '_' || *e->s == '.') e->s++;
  return fx_str_make(b, (size_t)(e->s - b));
}

/* What a value is once node references are replaced by the nodes' results (a tensor, or a constant). */
static fx_value result_of(const ev *e, const fx_value *v) {
  if (v->kind == FX_V_NODE && v->v.node < e->p->g->nnodes) return e->p->inst[v->v.node].result;
  return *v;
}

static const fx_tinfo *tensor_of(ev *e, const fx_value *v, const char *what) {
  fx_value r = result_of(e, v);
  if (r.kind != FX_V_TENSOR) {
    fail(e, "%s must be a tensor", what);
    return NULL;
  }
  return &e->p->tensors[r.v.node];
}

static bool number_of(ev *e, const fx_value *v, double *x, const char *what) {
  fx_value r = result_of(e, v);
  if (!fx_value_number(&r, x)) {
    fail(e, "%s must be a number", what);
    return false;
  }
  return true;
}

static bool is_float_dtype(fxrt_dtype dt) {
  return dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16;
}

static bool is_int_value(const fx_value *r) { return r->kind == FX_V_INT || r->kind == FX_V_BOOL; }

static fx_value ev_int(ev *e, int64_t i) { return e->checking ? NONE_VALUE : fx_value_int(e->p->g, i); }
static fx_value ev_float(ev *e, double f) { return e->checking ? NONE_VALUE : fx_value_float(e->p->g, f); }

/* A string's contents: a quoted literal or a bare word (the reduction 'mean' may be printed either way). */
static bool str_of(const fx_value *r, fx_buf *b) {
  if (r->kind != FX_V_STR && r->kind != FX_V_WORD) return false;
  fx_value_str_decode(r, b);
  return true;
}

static fx_value expr(ev *e, bool live);

/* The arguments of a call up to ')': positional into args, KEY=VALUE into kw (keys as words). */
static int call_args(ev *e, bool live, fx_value *args, fx_value *kw, int *nkw, int max) {
  int n = 0;
  *nkw = 0;
  if (eat(e, ')')) return 0;
  do {
    skip_ws(e);
    const char *save = e->s;
    fx_str key = ident(e);
    skip_ws(e);
    bool is_kw = key.n && *e->s == '=' && e->s[1] != '=';
    if (is_kw) e->s++;
    else e->s = save;
    fx_value v = expr(e, live);
    if (e->bad) return -1;
    if (is_kw) {
      if (*nkw + 2 > 2 * max) return fail(e, "too many arguments"), -1;
      kw[(*nkw)++] = e->checking ? NONE_VALUE : fx_value_word(e->p->g, key);
      kw[(*nkw)++] = v;
    } else {
      if (n >= max) return fail(e, "too many arguments"), -1;
      args[n++] = v;
    }
  } while (eat(e, ','));
  if (!eat(e, ')')) return fail(e, "')' expected"), -1;
  return n;
}

/* Whether v is, or holds, the result of a node that failed (legalization or inference reported it). */
static bool uses_failed(const fx_program *p, const fx_value *v) {
  if (v->kind == FX_V_NODE) return v->v.node < p->g->nnodes && p->inst[v->v.node].failed;
  if (!fx_value_is_container(v)) return false;
  for (uint32_t i = 0; i < v->n; i++)
    if (uses_failed(p, &v->u.items[i])) return true;
  return false;
}

static bool decompose(fx_program *p, uint32_t node, fx_diag *d, int depth, const fx_module *mod, fx_value *out);

/* A call of the target `name` as a new node before the composite one, legalized and inferred now. */
static fx_value make_node(ev *e, fx_str name, const fx_value *args, int n, const fx_value *kw, int nkw) {
  fx_graph *g = e->p->g;
  char target[96];
  if (fx_str_starts_with(name, "F."))
    snprintf(target, sizeof target, "torch.nn.functional.%.*s", (int)name.n - 2, name.p + 2);
  else if (fx_str_starts_with(name, "operator.") || fx_str_starts_with(name, "fx2c.") ||
           fx_str_starts_with(name, "torch."))
    snprintf(target, sizeof target, "%.*s", (int)name.n, name.p);
  else if (fx_str_starts_with(name, "aten."))
    snprintf(target, sizeof target, "torch.ops.aten.%.*s", (int)name.n - 5, name.p + 5);
  else snprintf(target, sizeof target, "torch.%.*s", (int)name.n, name.p);
  fx_value a[16], k[32];
  for (int i = 0; i < n; i++) a[i] = fx_value_copy(g, &args[i], NULL, NULL);
  for (int i = 0; i < nkw; i++) k[i] = fx_value_copy(g, &kw[i], NULL, NULL);
  const fx_node *cn = &g->nodes[e->node];
  const char *last = strrchr(target, '.');
  char nm[160];
  snprintf(nm, sizeof nm, "%.*s_%s", (int)cn->name.n, cn->name.p, last + 1);
  fx_insert_point ip = fx_graph_inserting_before(g, e->node);
  uint32_t id =
      fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(target, strlen(target)), fx_value_tuple(g, a, (uint32_t)n),
                           fx_value_container(g, FX_V_DICT, k, (uint32_t)nkw),
                           fx_graph_unique_name(g, fx_str_make(nm, strlen(nm))), fx_str_make("", 0));
  fx_graph_restore_insert(g, ip);
  g->nodes[id].loc = g->nodes[e->node].loc;
  fx_program_grow_inst(e->p);
  uint32_t errors = e->d->nerrors;
  fx_value result = fx_value_node(g, id);
  bool ok = fx_legalize_node(e->p, id, e->d);
  /* a composite's node is replaced by its body's result (and erased: nothing uses it yet) */
  if (ok && e->p->inst[id].composite) ok = decompose(e->p, id, e->d, e->depth + 1, e->mod, &result);
  else if (ok) ok = fx_program_infer_one(e->p, id, e->d);
  if (!ok) {
    e->bad = true;
    if (e->d->nerrors == errors) fail(e, "internal error: its decomposition failed at %s", target);
    return NONE_VALUE;
  }
  return result;
}

/* The tree of _chain_order: an index, or [left, right]. */
static fx_value chain_tree(fx_graph *g, int (*split)[64], int i, int j) {
  if (i == j) return fx_value_int(g, i);
  fx_value lr[2] = {chain_tree(g, split, i, split[i][j]), chain_tree(g, split, split[i][j] + 1, j)};
  return fx_value_container(g, FX_V_LIST, lr, 2);
}

/* ---- einsum: the plan of _einsum ---- */

/* Subscripts as torch numbers them ('A'-'Z' 0-25, 'a'-'z' 26-51); the dimensions of an ellipsis, aligned from the
 * right, are 52 + k. */
enum { ES_LETTERS = 52, ES_MAX = ES_LETTERS + FXRT_MAX_DIMS, ES_OPS = 16 };

static int es_label(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : c >= 'a' && c <= 'z' ? c - 'a' + 26 : -1; }
static char es_char(int l) { return (char)(l < 26 ? 'A' + l : 'a' + l - 26); }

typedef struct {
  int nops, n[ES_OPS], lab[ES_OPS][FXRT_MAX_DIMS]; /* each operand's subscript per dimension */
  int nout, out[ES_MAX];
  int64_t size[ES_MAX]; /* each subscript's size, broadcast over the operands */
  int rep_k, rep_i, rep_j; /* the first subscript repeated in one operand (a diagonal): operand, dimensions; -1 */
} es_eq;

/* Reads "ij,jk->ik" (or without "->": the subscripts seen once, in order, after the ellipsis) against the operands'
 * shapes; NULL or the reason it is invalid. */
static const char *es_parse(fx_str eq, const fx_tinfo *const *t, int nops, es_eq *q) {
  memset(q, 0, sizeof *q);
  q->nops = nops;
  q->rep_k = -1;
  for (int l = 0; l < ES_MAX; l++) q->size[l] = -1;
  const char *s = eq.p, *end = eq.p + eq.n, *arrow = NULL;
  for (const char *c = s; c + 1 < end; c++)
    if (c[0] == '-' && c[1] == '>') arrow = c;
  const char *lhs_end = arrow ? arrow : end;
  int k = 0, nell = 0, ell[ES_OPS] = {0}, count[ES_MAX] = {0};
  bool had_ell = false;
  for (const char *c = s; k < nops;) { /* one term per operand */
    int nl = 0, labels[FXRT_MAX_DIMS + 1], at_ell = -1;
    for (; c < lhs_end && *c != ','; c++) {
      if (*c == ' ') continue;
      if (*c == '.') {
        if (at_ell >= 0 || c + 2 >= lhs_end || c[1] != '.' || c[2] != '.') return "an ellipsis must be '...', once per operand";
        at_ell = nl;
        c += 2;
        continue;
      }
      if (es_label(*c) < 0) return "subscripts must be letters in [a-zA-Z]";
      if (nl > FXRT_MAX_DIMS) return "an operand has more subscripts than dimensions";
      labels[nl++] = es_label(*c);
    }
    int nd = t[k]->ndim;
    if (at_ell < 0 ? nl != nd : nl > nd) return "the number of subscripts of an operand differs from its dimensions";
    ell[k] = at_ell < 0 ? 0 : nd - nl;
    nell = ell[k] > nell ? ell[k] : nell;
    had_ell |= at_ell >= 0;
    /* the dimensions in order: letters before the ellipsis, the ellipsis, letters after it */
    int j = 0;
    for (int i = 0; i < nl; i++) {
      if (i == at_ell)
        for (int e2 = 0; e2 < ell[k]; e2++) q->lab[k][j++] = -1 - e2; /* fixed below, once nell is known */
      q->lab[k][j++] = labels[i];
    }
    if (at_ell == nl)
      for (int e2 = 0; e2 < ell[k]; e2++) q->lab[k][j++] = -1 - e2;
    q->n[k] = j;
    k++;
    if (c < lhs_end && *c == ',') c++;
    else if (k < nops) return "there are more operands than terms in the equation";
    if (k == nops && c < lhs_end) return "there are more terms in the equation than operands";
  }
  for (k = 0; k < nops; k++) {
    int seen[ES_MAX];
    for (int l = 0; l < ES_MAX; l++) seen[l] = -1;
    for (int i = 0; i < q->n[k]; i++) {
      int l = q->lab[k][i];
      if (l < 0) l = q->lab[k][i] = ES_LETTERS + (nell - ell[k]) + (-1 - l);
      if (seen[l] >= 0 && q->rep_k < 0) q->rep_k = k, q->rep_i = seen[l], q->rep_j = i;
      if (seen[l] < 0) count[l]++;
      seen[l] = i;
      int64_t sz = t[k]->shape[i];
      if (q->size[l] < 0 || q->size[l] == 1) q->size[l] = sz;
      else if (sz != 1 && sz != q->size[l]) return "operands do not broadcast with remapped shapes";
    }
  }
  if (arrow) {
    bool seen[ES_MAX] = {false}, out_ell = false;
    for (const char *c = arrow + 2; c < end; c++) {
      if (*c == ' ') continue;
      if (*c == '.') {
        if (out_ell || c + 2 >= end || c[1] != '.' || c[2] != '.') return "an ellipsis must be '...', once in the output";
        out_ell = true;
        for (int e2 = 0; e2 < nell; e2++) q->out[q->nout++] = ES_LETTERS + e2;
        c += 2;
        continue;
      }
      int l = es_label(*c);
      if (l < 0) return "subscripts must be letters in [a-zA-Z]";
      if (!count[l]) return "an output subscript does not appear in the equation's inputs";
      if (seen[l]) return "an output subscript appears more than once";
      seen[l] = true;
      q->out[q->nout++] = l;
    }
    if (nell && !out_ell) return "the output must have an ellipsis where an input has one";
  } else {
    for (int e2 = 0; e2 < nell; e2++) q->out[q->nout++] = ES_LETTERS + e2;
    for (int l = 0; l < ES_LETTERS; l++)
      if (count[l] == 1) q->out[q->nout++] = l;
  }
  (void)had_ell;
  if (q->nout > FXRT_MAX_DIMS) return "the result would have too many dimensions";
  return NULL;
}

/* Letters for every subscript: its own, and for the ellipsis' dimensions ones that the equation does not use. */
static bool es_map(const es_eq *q, char *map) {
  bool used[ES_LETTERS] = {false};
  for (int k = 0; k < q->nops; k++)
    for (int i = 0; i < q->n[k]; i++)
      if (q->lab[k][i] < ES_LETTERS) used[q->lab[k][i]] = true;
  int free_l = 0;
  for (int l = 0; l < ES_MAX; l++) {
    if (l < ES_LETTERS) map[l] = es_char(l);
    else {
      while (free_l < ES_LETTERS && used[free_l]) free_l++;
      if (free_l == ES_LETTERS) return false;
      map[l] = es_char(free_l++);
    }
  }
  return true;
}

static bool es_has(const int *l, int n, int x) {
  for (int i = 0; i < n; i++)
    if (l[i] == x) return true;
  return false;
}

static fx_value es_ints(fx_graph *g, const int64_t *v, int n) {
  fx_value items[ES_MAX];
  for (int i = 0; i < n; i++) items[i] = fx_value_int(g, v[i]);
  return fx_value_container(g, FX_V_LIST, items, (uint32_t)n);
}

/* The subscripts of operand k that stay after summing those that no other operand and the output have: the dims to
 * sum into sum[], the rest into kept[]. */
static void es_keep(const es_eq *q, int k, const int *others, int nothers, int64_t *sum, int *nsum, int *kept, int *nkept) {
  *nsum = *nkept = 0;
  for (int i = 0; i < q->n[k]; i++) {
    int l = q->lab[k][i];
    if (es_has(q->out, q->nout, l) || es_has(others, nothers, l)) kept[(*nkept)++] = l;
    else sum[(*nsum)++] = i;
  }
}

/* _einsum(EQUATION, OPERANDS): [operands, 1, sum_dims, perm] for one operand; [operands, 2, sum_a, perm_a, expand_a,
 * matrix_a, sum_b, perm_b, expand_b, matrix_b, shape, perm] for two (a as [batch, m, k] and b as [batch, k, n]
 * multiplied, then shaped and permuted into the output's order); [operands, 3, equation of the first two,
 * equation of their result and the rest] for more; [operands, 4, operand, dim1, dim2, equation] for a subscript
 * repeated in one operand: its diagonal as the operand's last dimension, and the equation of that. OPERANDS is the tensors, or a list of them as its only item. */
static fx_value einsum_plan(ev *e, const fx_value *a) {
  fx_value eqv = result_of(e, &a[0]), ops = result_of(e, &a[1]);
  if (eqv.kind != FX_V_STR && eqv.kind != FX_V_WORD) return fail(e, "einsum(): the equation must be a string");
  if (ops.n == 1 && (ops.u.items[0].kind == FX_V_LIST || ops.u.items[0].kind == FX_V_TUPLE)) ops = ops.u.items[0];
  if (ops.kind != FX_V_LIST && ops.kind != FX_V_TUPLE) return fail(e, "einsum(): the operands must be tensors");
  int nops = (int)ops.n;
  if (nops < 1 || nops > ES_OPS) return fail(e, "einsum(): takes 1 to %d operands", ES_OPS);
  const fx_tinfo *t[ES_OPS];
  for (int k = 0; k < nops; k++)
    if (!(t[k] = tensor_of(e, &ops.u.items[k], "einsum(): an operand"))) return NONE_VALUE;
  es_eq q;
  fx_str eqs = eqv.kind == FX_V_STR ? fx_value_str_content(e->p->g, &eqv) : fx_str_make(eqv.u.text, eqv.n);
  const char *why = es_parse(eqs, t, nops, &q);
  if (why) return fail(e, "einsum(): %s", why);
  fx_graph *g = e->p->g;
  fx_value plan[12];
  plan[0] = fx_value_container(g, FX_V_LIST, ops.u.items, ops.n);
  if (q.rep_k >= 0) { /* the diagonal of the repeated subscript, as the operand's last dimension, then the rest */
    char map[ES_MAX], eq2[256];
    size_t n2 = 0;
    if (!es_map(&q, map)) return fail(e, "einsum(): too many subscripts");
    for (int k = 0; k < nops; k++) {
      if (k) eq2[n2++] = ',';
      for (int i = 0; i < q.n[k]; i++)
        if (k != q.rep_k || (i != q.rep_i && i != q.rep_j)) eq2[n2++] = map[q.lab[k][i]];
      if (k == q.rep_k) eq2[n2++] = map[q.lab[k][q.rep_i]];
    }
    eq2[n2++] = '-', eq2[n2++] = '>';
    for (int i = 0; i < q.nout; i++) eq2[n2++] = map[q.out[i]];
    plan[1] = fx_value_int(g, 4);
    plan[2] = fx_value_int(g, q.rep_k);
    plan[3] = fx_value_int(g, q.rep_i);
    plan[4] = fx_value_int(g, q.rep_j);
    plan[5] = fx_value_str(g, fx_str_make(eq2, n2));
    return fx_value_container(g, FX_V_LIST, plan, 6);
  }
  if (nops > 2) { /* the first two contracted into what the output and the other operands need, then the rest */
    int later[ES_MAX * ES_OPS], nlater = 0, mid[ES_MAX], nmid = 0;
    for (int k = 2; k < nops; k++)
      for (int i = 0; i < q.n[k]; i++) later[nlater++] = q.lab[k][i];
    for (int k = 0; k < 2; k++)
      for (int i = 0; i < q.n[k]; i++) {
        int l = q.lab[k][i];
        if ((es_has(q.out, q.nout, l) || es_has(later, nlater, l)) && !es_has(mid, nmid, l)) mid[nmid++] = l;
      }
    char map[ES_MAX];
    if (!es_map(&q, map)) return fail(e, "einsum(): too many subscripts");
    if (nmid > FXRT_MAX_DIMS) return fail(e, "einsum(): an intermediate result would have too many dimensions");
    char e1[128], e2[256];
    size_t n1 = 0, n2 = 0;
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < q.n[k]; i++) e1[n1++] = map[q.lab[k][i]];
      e1[n1++] = k ? '-' : ',';
    }
    e1[n1++] = '>';
    for (int i = 0; i < nmid; i++) e1[n1++] = map[mid[i]], e2[n2++] = map[mid[i]];
    for (int k = 2; k < nops; k++) {
      e2[n2++] = ',';
      for (int i = 0; i < q.n[k]; i++) e2[n2++] = map[q.lab[k][i]];
    }
    e2[n2++] = '-', e2[n2++] = '>';
    for (int i = 0; i < q.nout; i++) e2[n2++] = map[q.out[i]];
    plan[1] = fx_value_int(g, 3);
    plan[2] = fx_value_str(g, fx_str_make(e1, n1));
    plan[3] = fx_value_str(g, fx_str_make(e2, n2));
    return fx_value_container(g, FX_V_LIST, plan, 4);
  }
  int64_t sum[2][FXRT_MAX_DIMS];
  int nsum[2], kept[2][FXRT_MAX_DIMS], nkept[2];
  for (int k = 0; k < nops; k++)
    es_keep(&q, k, nops == 2 ? q.lab[1 - k] : NULL, nops == 2 ? q.n[1 - k] : 0, sum[k], &nsum[k], kept[k], &nkept[k]);
  if (nops == 1) {
    int64_t perm[FXRT_MAX_DIMS];
    for (int i = 0; i < q.nout; i++)
      for (int j = 0; j < nkept[0]; j++)
        if (kept[0][j] == q.out[i]) perm[i] = j;
    plan[1] = fx_value_int(g, 1);
    plan[2] = es_ints(g, sum[0], nsum[0]);
    plan[3] = es_ints(g, perm, q.nout);
    return fx_value_container(g, FX_V_LIST, plan, 4);
  }
  /* the subscripts of both: batch (in the output) or contracted (not); of one: free (in the output) */
  int batch[ES_MAX], nb = 0, con[ES_MAX], nc = 0, fa[ES_MAX], nfa = 0, fb[ES_MAX], nfb = 0;
  for (int i = 0; i < nkept[0]; i++) {
    int l = kept[0][i];
    if (!es_has(kept[1], nkept[1], l)) fa[nfa++] = l;
    else if (es_has(q.out, q.nout, l)) batch[nb++] = l;
    else con[nc++] = l;
  }
  for (int i = 0; i < nkept[1]; i++)
    if (!es_has(kept[0], nkept[0], kept[1][i])) fb[nfb++] = kept[1][i];
  int64_t pb = 1, pc = 1, pfa = 1, pfb = 1;
  for (int i = 0; i < nb; i++) pb *= q.size[batch[i]];
  for (int i = 0; i < nc; i++) pc *= q.size[con[i]];
  for (int i = 0; i < nfa; i++) pfa *= q.size[fa[i]];
  for (int i = 0; i < nfb; i++) pfb *= q.size[fb[i]];
  for (int k = 0; k < 2; k++) {
    /* a as [batch, free_a, contracted], b as [batch, contracted, free_b] */
    int order[ES_MAX], no = 0;
    for (int i = 0; i < nb; i++) order[no++] = batch[i];
    if (k == 0)
      for (int i = 0; i < nfa; i++) order[no++] = fa[i];
    for (int i = 0; i < nc; i++) order[no++] = con[i];
    if (k == 1)
      for (int i = 0; i < nfb; i++) order[no++] = fb[i];
    int64_t perm[FXRT_MAX_DIMS], ex[FXRT_MAX_DIMS];
    for (int i = 0; i < no; i++) {
      for (int j = 0; j < nkept[k]; j++)
        if (kept[k][j] == order[i]) perm[i] = j;
      ex[i] = q.size[order[i]];
    }
    int64_t mat[3] = {pb, k ? pc : pfa, k ? pfb : pc};
    plan[2 + 4 * k] = es_ints(g, sum[k], nsum[k]);
    plan[3 + 4 * k] = es_ints(g, perm, no);
    plan[4 + 4 * k] = es_ints(g, ex, no);
    plan[5 + 4 * k] = es_ints(g, mat, 3);
  }
  int64_t shape[ES_MAX], perm[ES_MAX];
  int rl[ES_MAX], nr = 0;
  for (int i = 0; i < nb; i++) rl[nr] = batch[i], shape[nr++] = q.size[batch[i]];
  for (int i = 0; i < nfa; i++) rl[nr] = fa[i], shape[nr++] = q.size[fa[i]];
  for (int i = 0; i < nfb; i++) rl[nr] = fb[i], shape[nr++] = q.size[fb[i]];
  for (int i = 0; i < q.nout; i++)
    for (int j = 0; j < nr; j++)
      if (rl[j] == q.out[i]) perm[i] = j;
  plan[1] = fx_value_int(g, 2);
  plan[10] = es_ints(g, shape, nr);
  plan[11] = es_ints(g, perm, q.nout);
  return fx_value_container(g, FX_V_LIST, plan, 12);
}

/* _hyper(PF, 'NAME') and _weight(PF, 'NAME') in a module's composite: the hyperparameter NAME of the module at the
 * path PF under the module called ('' for itself, 'self_attn.' for a child), None when the module tree does not give
 * it; the tensor PF.NAME under the module's path in the weights file as a get_attr node before the composite one, None
 * when the file has none. */
static fx_value module_item(ev *e, bool param, const fx_value *a, int n) {
  if (n != 2) return fail(e, "%s takes 2 arguments", param ? "_weight" : "_hyper");
  if (!e->mod) return fail(e, "internal error: %s outside a module's composite", param ? "_weight" : "_hyper");
  fx_buf b = {0}, pf = {0};
  const fx_value r0 = result_of(e, &a[0]), r1 = result_of(e, &a[1]);
  if (!str_of(&r0, &pf) || !str_of(&r1, &b)) {
    fx_buf_free(&pf);
    fx_buf_free(&b);
    return fail(e, "internal error: %s takes a prefix and a name", param ? "_weight" : "_hyper");
  }
  const fx_module *m = e->mod;
  char key[512];
  snprintf(key, sizeof key, "%.*s%s%.*s%.*s", (int)m->path.n, m->path.p, m->path.n ? "." : "", (int)pf.n,
           (const char *)pf.p, (int)b.n, (const char *)b.p);
  fx_buf_free(&b);
  fx_buf_free(&pf);
  if (!param) { /* key is PATH.NAME: the module at PATH (the one called or a child) */
    char *dot = strrchr(key, '.');
    const char *pname = dot ? dot + 1 : key;
    if (dot) m = fx_modules_find(e->p->mods, fx_str_make(key, (size_t)(dot - key)));
    const fx_value *v = m ? fx_module_param(m, pname) : NULL;
    return v ? *v : NONE_VALUE;
  }
  if (!e->p->weights) { /* one error for every tensor of the graph (fx_program_no_weights) */
    if (e->checking || e->bad) return fail(e, "the module's tensors need --weights");
    e->bad = true;
    char what[640];
    snprintf(what, sizeof what, "module '%.*s' (%.*s) needs its tensor '%s'", (int)m->path.n, m->path.p,
             (int)m->type_name.n, m->type_name.p, key);
    fx_program_no_weights(e->p, e->node, what, e->d);
    return NONE_VALUE;
  }
  const fx_str kname = fx_str_make(key, strlen(key));
  const fx_tensor *t = fx_weights_find(e->p->weights, kname);
  if (!t) return NONE_VALUE;
  fx_graph *g = e->p->g;
  fx_insert_point ip = fx_graph_inserting_before(g, e->node);
  uint32_t id = fx_graph_create_node(g, FX_GET_ATTR, kname, fx_value_tuple(g, NULL, 0),
                                     fx_value_container(g, FX_V_DICT, NULL, 0),
                                     fx_graph_unique_name(g, fx_graph_target_to_name(g, FX_GET_ATTR, kname)),
                                     fx_str_make("", 0));
  fx_graph_restore_insert(g, ip);
  g->nodes[id].loc = g->nodes[e->node].loc;
  fx_program_grow_inst(e->p);
  if (!fx_legalize_node(e->p, id, e->d)) return fail(e, "internal error: a get_attr node"); /* (no op) */
  uint32_t tid = fx_program_new_tensor(e->p, t->dtype, t->ndim, t->shape, FX_T_WEIGHT, id);
  e->p->tensors[tid].data = t;
  e->p->inst[id].result = fx_tensor_value(e->p, tid);
  return fx_value_node(g, id);
}

/* _type(PF) and _nchildren(PF) in a module's composite: the class name of the module at the path PF under the module
 * called ('' for itself, 'layers.0' for a child), the number of its children (the layers of a TransformerEncoder's
 * ModuleList); None when the module tree has no module there */
static fx_value module_info(ev *e, bool count, const fx_value *a, int n) {
  const char *what = count ? "_nchildren" : "_type";
  if (n != 1) return fail(e, "%s takes 1 argument", what);
  if (!e->mod) return fail(e, "internal error: %s outside a module's composite", what);
  fx_buf pf = {0};
  const fx_value r0 = result_of(e, &a[0]);
  if (!str_of(&r0, &pf)) {
    fx_buf_free(&pf);
    return fail(e, "internal error: %s takes a path", what);
  }
  const fx_module *m = e->mod;
  char key[512];
  snprintf(key, sizeof key, "%.*s%s%.*s", (int)m->path.n, m->path.p, m->path.n && pf.n ? "." : "", (int)pf.n,
           (const char *)pf.p);
  fx_buf_free(&pf);
  const fx_module *c = fx_modules_find(e->p->mods, fx_str_make(key, strlen(key)));
  if (!c) return NONE_VALUE;
  if (!count) return fx_value_str(e->p->g, c->type_name);
  const uint32_t idx = (uint32_t)(c - e->p->mods->items);
  int64_t k = 0;
  for (uint32_t i = 0; i < e->p->mods->n; i++) k += e->p->mods->items[i].parent == idx;
  return fx_value_int(e->p->g, k);
}

static fx_value helper(ev *e, fx_str name, const fx_value *a, int n) {
  if (e->checking) return NONE_VALUE;
#define IS(z) fx_str_eqz(name, z)
#define NEED(k)                                                                                                        \
  do {                                                                                                                 \
    if (n != (k)) return fail(e, "%.*s takes %d arguments", (int)name.n, name.p, (k));                                 \
  } while (0)
  fx_value r0 = n > 0 ? result_of(e, &a[0]) : NONE_VALUE, r1 = n > 1 ? result_of(e, &a[1]) : NONE_VALUE;
  if (IS("_none")) {
    NEED(1);
    return fx_value_bool(r0.kind == FX_V_NONE);
  }
  if (IS("_tensor")) {
    NEED(1);
    return fx_value_bool(r0.kind == FX_V_TENSOR);
  }
  if (IS("_num")) {
    NEED(1);
    return fx_value_bool(r0.kind == FX_V_INT || r0.kind == FX_V_FLOAT || r0.kind == FX_V_BOOL);
  }
  if (IS("_int") || IS("_float")) {
    NEED(1);
    bool integral = r0.kind == FX_V_TENSOR ? !is_float_dtype(e->p->tensors[r0.v.node].dtype) : is_int_value(&r0);
    if (r0.kind != FX_V_TENSOR && r0.kind != FX_V_INT && r0.kind != FX_V_BOOL && r0.kind != FX_V_FLOAT)
      return fx_value_bool(false);
    return fx_value_bool(IS("_int") ? integral : !integral);
  }
  if (IS("_not")) {
    NEED(1);
    return fx_value_bool(r0.kind == FX_V_BOOL ? !r0.v.i : r0.kind == FX_V_NONE);
  }
  if (IS("_and") || IS("_or")) {
    NEED(2);
    if (r0.kind != FX_V_BOOL || r1.kind != FX_V_BOOL) return fail(e, "%.*s takes bools", (int)name.n, name.p);
    return fx_value_bool(IS("_and") ? r0.v.i && r1.v.i : r0.v.i || r1.v.i);
  }
  if (IS("_eq") || IS("_ne")) {
    NEED(2);
    bool eq;
    double x, y;
    fx_buf b0 = {0}, b1 = {0};
    if (fx_value_number(&r0, &x) && fx_value_number(&r1, &y)) eq = x == y;
    else if ((r0.kind == FX_V_LIST || r0.kind == FX_V_TUPLE) && (r1.kind == FX_V_LIST || r1.kind == FX_V_TUPLE)) {
      eq = r0.n == r1.n; /* lists of numbers (shapes) */
      for (uint32_t i = 0; eq && i < r0.n; i++)
        eq = fx_value_number(&r0.u.items[i], &x) && fx_value_number(&r1.u.items[i], &y) && x == y;
    } else if (str_of(&r0, &b0) && str_of(&r1, &b1)) eq = b0.n == b1.n && memcmp(b0.p, b1.p, b0.n) == 0;
    else eq = r0.kind == FX_V_NONE && r1.kind == FX_V_NONE;
    fx_buf_free(&b0);
    fx_buf_free(&b1);
    return fx_value_bool(IS("_eq") ? eq : !eq);
  }
  if (IS("_lt") || IS("_le") || IS("_gt") || IS("_ge")) {
    NEED(2);
    double x, y;
    if (!number_of(e, &a[0], &x, "the operand") || !number_of(e, &a[1], &y, "the operand")) return NONE_VALUE;
    return fx_value_bool(IS("_lt") ? x < y : IS("_le") ? x <= y : IS("_gt") ? x > y : x >= y);
  }
  if (IS("_neg") || IS("_abs")) {
    NEED(1);
    double x;
    if (!number_of(e, &a[0], &x, "the operand")) return NONE_VALUE;
    if (is_int_value(&r0)) return ev_int(e, IS("_neg") ? -r0.v.i : r0.v.i < 0 ? -r0.v.i : r0.v.i);
    return ev_float(e, IS("_neg") ? -x : fabs(x));
  }
  if (IS("_add") || IS("_sub") || IS("_mul") || IS("_div") || IS("_floordiv") || IS("_mod")) {
    NEED(2);
    double x, y;
    if (!number_of(e, &a[0], &x, "the operand") || !number_of(e, &a[1], &y, "the operand")) return NONE_VALUE;
    if (is_int_value(&r0) && is_int_value(&r1) && !IS("_div")) {
      int64_t i = r0.v.i, j = r1.v.i, r = 0;
      if ((IS("_floordiv") || IS("_mod")) && j == 0) return fail(e, "integer division by zero");
      if ((IS("_floordiv") || IS("_mod")) && j == -1 && i == INT64_MIN) return fail(e, "integer overflow");
      bool ovf = IS("_add")   ? __builtin_add_overflow(i, j, &r)
                 : IS("_sub") ? __builtin_sub_overflow(i, j, &r)
                 : IS("_mul") ? __builtin_mul_overflow(i, j, &r)
                              : false;
      if (ovf) return fail(e, "integer overflow");
      if (IS("_floordiv") || IS("_mod")) {
        int64_t q = i / j - ((i % j != 0) && ((i < 0) != (j < 0)));
        r = IS("_floordiv") ? q : i - j * q;
      }
      return ev_int(e, r);
    }
    double r = IS("_add")        ? x + y
               : IS("_sub")      ? x - y
               : IS("_mul")      ? x * y
               : IS("_div")      ? x / y
               : IS("_floordiv") ? floor(x / y)
                                 : x - y * floor(x / y);
    return ev_float(e, r);
  }
  if (IS("_ndim") || IS("_numel")) {
    NEED(1);
    const fx_tinfo *t = tensor_of(e, &a[0], "the operand");
    return t ? ev_int(e, IS("_ndim") ? t->ndim : fx_tinfo_numel(t)) : NONE_VALUE;
  }
  if (IS("_size")) {
    NEED(2);
    const fx_tinfo *t = tensor_of(e, &a[0], "the operand");
    if (!t) return NONE_VALUE;
    if (r1.kind != FX_V_INT) return fail(e, "the dimension must be an int");
    int64_t k = r1.v.i < 0 ? r1.v.i + t->ndim : r1.v.i;
    if (k < 0 || k >= t->ndim)
      return fail(e, "dimension %lld is out of range for a tensor of %d dimensions", (long long)r1.v.i, t->ndim);
    return ev_int(e, t->shape[k]);
  }
  if (IS("_dtype")) {
    NEED(1);
    const fx_tinfo *t = tensor_of(e, &a[0], "the operand");
    if (!t) return NONE_VALUE;
    static const char *const names[FXRT_NUM_DTYPES] = {
        [FXRT_F32] = "torch.float32",   [FXRT_F64] = "torch.float64", [FXRT_F16] = "torch.float16",
        [FXRT_BF16] = "torch.bfloat16", [FXRT_I64] = "torch.int64",   [FXRT_I32] = "torch.int32",
        [FXRT_I16] = "torch.int16",     [FXRT_I8] = "torch.int8",     [FXRT_U8] = "torch.uint8",
        [FXRT_BOOL] = "torch.bool"};
    const char *w = names[t->dtype];
    return fx_value_word(e->p->g, fx_str_make(w, strlen(w)));
  }
  if (IS("_shape_c")) {
    NEED(2);
    const fx_tinfo *t = tensor_of(e, &a[0], "the weight");
    if (!t || r1.kind != FX_V_INT || r1.v.i < 2 || r1.v.i > FXRT_MAX_DIMS) return fail(e, "bad _shape_c");
    fx_value items[FXRT_MAX_DIMS];
    for (int64_t i = 0; i + 1 < r1.v.i; i++) items[i] = fx_value_int(e->p->g, i ? 1 : fx_tinfo_numel(t));
    return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)(r1.v.i - 1));
  }
  if (IS("_broadcast_shape")) { /* of tensors, or of one list of tensors */
    const fx_value *ts = a;
    int nt = n;
    if (n == 1 && (r0.kind == FX_V_LIST || r0.kind == FX_V_TUPLE) && a[0].kind != FX_V_NODE && r0.n &&
        r0.u.items[0].kind != FX_V_INT)
      ts = a[0].u.items, nt = (int)a[0].n;
    int64_t shape[FXRT_MAX_DIMS];
    int32_t nd = 0;
    for (int i = 0; i < nt; i++) {
      fx_tinfo listed;
      const fx_tinfo *t = &listed;
      fx_value ri = result_of(e, &ts[i]);
      if (ri.kind == FX_V_LIST || ri.kind == FX_V_TUPLE) { /* a shape */
        memset(&listed, 0, sizeof listed);
        listed.ndim = fx_as_ints(&ri, listed.shape, FXRT_MAX_DIMS);
        if (listed.ndim < 0) return fail(e, "a shape must be a list of ints");
      } else if (!(t = tensor_of(e, &ts[i], "the operand"))) {
        return NONE_VALUE;
      }
      int32_t m = t->ndim > nd ? t->ndim : nd;
      int64_t out[FXRT_MAX_DIMS];
      for (int32_t k = 0; k < m; k++) {
        int64_t x = k - (m - nd) >= 0 ? shape[k - (m - nd)] : 1;
        int64_t y = k - (m - t->ndim) >= 0 ? t->shape[k - (m - t->ndim)] : 1;
        if (x != y && x != 1 && y != 1)
          return fail(e, "the sizes %lld and %lld in dimension %d do not broadcast", (long long)x, (long long)y, k);
        out[k] = x == 1 ? y : x;
      }
      memcpy(shape, out, sizeof out);
      nd = m;
    }
    fx_value items[FXRT_MAX_DIMS];
    for (int32_t i = 0; i < nd; i++) items[i] = fx_value_int(e->p->g, shape[i]);
    return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)nd);
  }
  if (IS("_sizes")) {
    NEED(1);
    const fx_tinfo *t = tensor_of(e, &a[0], "the operand");
    if (!t) return NONE_VALUE;
    fx_value items[FXRT_MAX_DIMS];
    for (int32_t i = 0; i < t->ndim; i++) items[i] = fx_value_int(e->p->g, t->shape[i]);
    return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)t->ndim);
  }
  if (IS("_len") || IS("_item") || IS("_slice")) {
    if (r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) return fail(e, "%.*s takes a list", (int)name.n, name.p);
    const int64_t len = (int64_t)r0.n;
    if (IS("_len")) return ev_int(e, len);
    int64_t lo, hi;
    double x, y = 0;
    if (!number_of(e, &a[1], &x, "the index") || (IS("_slice") && n > 2 && !number_of(e, &a[2], &y, "the end")))
      return NONE_VALUE;
    if (!(x > -1e15 && x < 1e15 && (n < 3 || (y > -1e15 && y < 1e15)))) return fail(e, "an index must be an int");
    lo = (int64_t)x < 0 ? (int64_t)x + len : (int64_t)x;
    if (IS("_item")) {
      if (lo < 0 || lo >= len) return fail(e, "index %lld out of range", (long long)x);
      return a[0].kind == FX_V_NODE ? r0.u.items[lo] : a[0].u.items[lo]; /* keep node references */
    }
    hi = n > 2 ? ((int64_t)y < 0 ? (int64_t)y + len : (int64_t)y) : len;
    lo = lo < 0 ? 0 : lo > len ? len : lo;
    hi = hi < lo ? lo : hi > len ? len : hi;
    const fx_value *src = a[0].kind == FX_V_NODE ? r0.u.items : a[0].u.items;
    return fx_value_container(e->p->g, FX_V_LIST, src + lo, (uint32_t)(hi - lo));
  }
  if (IS("_concat")) {
    if (n < 1) return fail(e, "_concat takes lists");
    fx_value items[64];
    uint32_t k = 0;
    for (int i = 0; i < n; i++) {
      fx_value r = result_of(e, &a[i]);
      if (r.kind != FX_V_LIST && r.kind != FX_V_TUPLE) return fail(e, "_concat takes lists");
      for (uint32_t j = 0; j < r.n; j++) {
        if (k == 64) return fail(e, "_concat: too many items");
        items[k++] = a[i].kind == FX_V_NODE ? r.u.items[j] : a[i].u.items[j];
      }
    }
    return fx_value_container(e->p->g, FX_V_LIST, items, k);
  }
  if (IS("_ones")) {
    NEED(1);
    if (r0.kind != FX_V_INT || r0.v.i < 0 || r0.v.i > FXRT_MAX_DIMS) return fail(e, "_ones takes a small int");
    fx_value items[FXRT_MAX_DIMS];
    for (int64_t i = 0; i < r0.v.i; i++) items[i] = fx_value_int(e->p->g, 1);
    return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)r0.v.i);
  }
  if (IS("_tsplit")) { /* tensor_split: sections (an int) or indices (a list), each part a Python slice */
    NEED(2);
    if (r0.kind != FX_V_INT) return fail(e, "bad _tsplit");
    const int64_t len = r0.v.i;
    int64_t idx[64], k = 0;
    if (r1.kind == FX_V_INT) {
      if (r1.v.i <= 0) return fail(e, "number of sections must be larger than 0, got %lld", (long long)r1.v.i);
      if (r1.v.i > 64) return fail(e, "more than 64 sections are not supported");
      for (int64_t i = 1, at = 0; i < r1.v.i; i++) idx[k++] = at += len / r1.v.i + (i - 1 < len % r1.v.i);
    } else if (r1.kind == FX_V_LIST || r1.kind == FX_V_TUPLE) {
      if (r1.n >= 64) return fail(e, "more than 64 indices are not supported");
      for (uint32_t i = 0; i < r1.n; i++)
        if (r1.u.items[i].kind != FX_V_INT) return fail(e, "indices must be ints");
        else idx[k++] = r1.u.items[i].v.i;
    } else {
      return fail(e, "indices_or_sections must be an int or a list of ints (a tensor of them is not supported)");
    }
    fx_value parts[65];
    for (int64_t i = 0; i <= k; i++) {
      int64_t b = i ? idx[i - 1] : 0, en = i < k ? idx[i] : len;
      b = b < 0 ? (b + len < 0 ? 0 : b + len) : b > len ? len : b;
      en = en < 0 ? (en + len < 0 ? 0 : en + len) : en > len ? len : en;
      fx_value pair[2] = {fx_value_int(e->p->g, b), fx_value_int(e->p->g, en < b ? b : en)};
      parts[i] = fx_value_container(e->p->g, FX_V_LIST, pair, 2);
    }
    return fx_value_container(e->p->g, FX_V_LIST, parts, (uint32_t)k + 1);
  }
  if (IS("_interleave") || IS("_zip_mul")) { /* [a0, b0, a1, b1, ...] or [a0 * b0, a1 * b1, ...] */
    NEED(2);
    if ((r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) || r0.kind != r1.kind || r0.n != r1.n || r0.n > 32)
      return fail(e, "%.*s takes two lists of the same length", (int)name.n, name.p);
    fx_value items[64];
    for (uint32_t i = 0; i < r0.n; i++) {
      const fx_value *x = &r0.u.items[i], *y = &r1.u.items[i];
      if (x->kind != FX_V_INT || y->kind != FX_V_INT) return fail(e, "%.*s takes ints", (int)name.n, name.p);
      int64_t prod = 0;
      if (IS("_zip_mul") && __builtin_mul_overflow(x->v.i, y->v.i, &prod)) return fail(e, "integer overflow");
      if (IS("_zip_mul")) items[i] = fx_value_int(e->p->g, prod);
      else items[2 * i] = *x, items[2 * i + 1] = *y;
    }
    return fx_value_container(e->p->g, FX_V_LIST, items, IS("_zip_mul") ? r0.n : 2 * r0.n);
  }
  if (IS("_max")) {
    NEED(2);
    double x, y;
    if (!number_of(e, &a[0], &x, "the operand") || !number_of(e, &a[1], &y, "the operand")) return NONE_VALUE;
    return x >= y ? r0 : r1;
  }
  if (IS("_sqrt")) {
    NEED(1);
    double x;
    if (!number_of(e, &a[0], &x, "the operand")) return NONE_VALUE;
    return ev_float(e, sqrt(x));
  }
  if (IS("_strcat")) { /* two strings joined (module path prefixes) */
    NEED(2);
    fx_buf b0 = {0}, b1 = {0};
    if (!str_of(&r0, &b0) || !str_of(&r1, &b1)) {
      fx_buf_free(&b0);
      fx_buf_free(&b1);
      return fail(e, "_strcat takes two strings");
    }
    fx_buf_put(&b0, b1.p, b1.n);
    fx_value v = fx_value_str(e->p->g, fx_str_make((const char *)b0.p, b0.n));
    fx_buf_free(&b0);
    fx_buf_free(&b1);
    return v;
  }
  if (IS("_same")) { /* the same node (query is key) */
    NEED(2);
    return fx_value_bool(a[0].kind == FX_V_NODE && a[1].kind == FX_V_NODE && a[0].v.node == a[1].v.node);
  }
  if (IS("_hyper") || IS("_weight")) return module_item(e, IS("_weight"), a, n);
  if (IS("_type") || IS("_nchildren")) return module_info(e, IS("_nchildren"), a, n);
  if (IS("_str")) {
    NEED(1);
    if (r0.kind != FX_V_INT) return fail(e, "_str takes an integer");
    char t[32];
    int k = snprintf(t, sizeof t, "%" PRId64, r0.v.i);
    return fx_value_str(e->p->g, fx_str_make(t, (size_t)k));
  }
  if (IS("_pow10")) { /* 10.0 ** N */
    NEED(1);
    if (r0.kind != FX_V_INT || r0.v.i < 0 || r0.v.i > 300) return fail(e, "bad _pow10");
    return ev_float(e, pow(10.0, (double)r0.v.i));
  }
  if (IS("_einsum")) {
    NEED(2);
    return einsum_plan(e, a);
  }
  if (IS("_chain_order")) { /* the cheapest order to multiply matrices: a tree of pairs of their indices */
    NEED(1);
    if ((r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) || r0.n < 1 || r0.n > 64) return fail(e, "bad _chain_order");
    int nm = (int)r0.n;
    int64_t dims[65];
    for (int i = 0; i < nm; i++) {
      const fx_tinfo *t = tensor_of(e, &r0.u.items[i], "linalg.multi_dot: a tensor");
      if (!t) return NONE_VALUE;
      if (t->ndim != 2) return fail(e, "linalg.multi_dot: the tensors in the middle must be 2-D");
      if (i && t->shape[0] != dims[i]) return fail(e, "linalg.multi_dot: the matrices cannot be multiplied");
      dims[i] = t->shape[0];
      dims[i + 1] = t->shape[1];
    }
    static int64_t cost[64][64];
    static int split[64][64];
    for (int i = 0; i < nm; i++) cost[i][i] = 0;
    for (int l = 1; l < nm; l++) /* as ATen's matrix_chain_order: the first split of least cost */
      for (int i = 0; i + l < nm; i++) {
        int j = i + l;
        cost[i][j] = INT64_MAX;
        for (int k = i; k < j; k++) {
          int64_t q = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
          if (q < cost[i][j]) cost[i][j] = q, split[i][j] = k;
        }
      }
    return chain_tree(e->p->g, split, 0, nm - 1);
  }
  if (IS("_tensordot")) { /* [perm_a, perm_b, shape_a, shape_b, shape]: a and b permuted, as matrices, the result */
    NEED(3);
    const fx_tinfo *ta = tensor_of(e, &a[0], "a"), *tb = tensor_of(e, &a[1], "b");
    fx_value r2 = result_of(e, &a[2]);
    if (!ta || !tb) return NONE_VALUE;
    int64_t ca[FXRT_MAX_DIMS], cb[FXRT_MAX_DIMS];
    int nc;
    if (r2.kind == FX_V_INT) {
      nc = (int)r2.v.i;
      if (nc < 0) return fail(e, "tensordot expects dims >= 0, but got dims=%d", nc);
      if (nc > ta->ndim || nc > tb->ndim) return fail(e, "tensordot expects dims < ndim_a or ndim_b");
      for (int i = 0; i < nc; i++) ca[i] = ta->ndim - nc + i, cb[i] = i;
    } else if ((r2.kind == FX_V_LIST || r2.kind == FX_V_TUPLE) && r2.n == 2) {
      int na = fx_as_ints(&r2.u.items[0], ca, FXRT_MAX_DIMS), nb = fx_as_ints(&r2.u.items[1], cb, FXRT_MAX_DIMS);
      if (na < 0 || na != nb) return fail(e, "both dimension lists should have same length");
      nc = na;
    } else {
      return fail(e, "dims must be an int or a pair of lists of ints (a tensor of them is not supported)");
    }
    bool used_a[FXRT_MAX_DIMS] = {false}, used_b[FXRT_MAX_DIMS] = {false};
    int64_t k = 1, m = 1, nn = 1;
    for (int i = 0; i < nc; i++) {
      if (ca[i] < 0) ca[i] += ta->ndim;
      if (cb[i] < 0) cb[i] += tb->ndim;
      if (ca[i] < 0 || ca[i] >= ta->ndim || cb[i] < 0 || cb[i] >= tb->ndim || used_a[ca[i]] || used_b[cb[i]])
        return fail(e, "tensordot: a dimension is out of range or repeated");
      if (ta->shape[ca[i]] != tb->shape[cb[i]])
        return fail(e,
                    "contracted dimensions need to match, but first has size %lld in dim %lld and second has size "
                    "%lld in dim %lld",
                    (long long)ta->shape[ca[i]], (long long)ca[i], (long long)tb->shape[cb[i]], (long long)cb[i]);
      used_a[ca[i]] = used_b[cb[i]] = true;
      k *= ta->shape[ca[i]];
    }
    fx_graph *g = e->p->g;
    fx_value pa[FXRT_MAX_DIMS], pb[FXRT_MAX_DIMS], out[2 * FXRT_MAX_DIMS];
    int npa = 0, npb = 0, no = 0;
    for (int32_t i = 0; i < ta->ndim; i++)
      if (!used_a[i]) pa[npa++] = fx_value_int(g, i), out[no++] = fx_value_int(g, ta->shape[i]), m *= ta->shape[i];
    for (int i = 0; i < nc; i++) pa[npa++] = fx_value_int(g, ca[i]), pb[npb++] = fx_value_int(g, cb[i]);
    for (int32_t i = 0; i < tb->ndim; i++)
      if (!used_b[i]) pb[npb++] = fx_value_int(g, i), out[no++] = fx_value_int(g, tb->shape[i]), nn *= tb->shape[i];
    if (no > FXRT_MAX_DIMS) return fail(e, "the result would have more than %d dimensions", FXRT_MAX_DIMS);
    fx_value sa[2] = {fx_value_int(g, m), fx_value_int(g, k)}, sb[2] = {fx_value_int(g, k), fx_value_int(g, nn)};
    fx_value plan[5] = {fx_value_container(g, FX_V_LIST, pa, (uint32_t)npa),
                        fx_value_container(g, FX_V_LIST, pb, (uint32_t)npb), fx_value_container(g, FX_V_LIST, sa, 2),
                        fx_value_container(g, FX_V_LIST, sb, 2), fx_value_container(g, FX_V_LIST, out, (uint32_t)no)};
    return fx_value_container(g, FX_V_LIST, plan, 5);
  }
  if (IS("_set")) { /* L with item I replaced by V */
    NEED(3);
    if ((r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) || r1.kind != FX_V_INT) return fail(e, "bad _set");
    int64_t i = r1.v.i < 0 ? r1.v.i + (int64_t)r0.n : r1.v.i;
    if (i < 0 || i >= (int64_t)r0.n || r0.n > 64) return fail(e, "_set: index out of range");
    fx_value items[64];
    memcpy(items, r0.u.items, r0.n * sizeof *items);
    items[i] = a[2];
    return fx_value_container(e->p->g, FX_V_LIST, items, r0.n);
  }
  if (IS("_dim")) { /* dimension D of tensor T counted from 0 (a 0-d tensor has dimension 0 and -1) */
    NEED(2);
    const fx_tinfo *t = tensor_of(e, &a[0], "the operand");
    if (!t) return NONE_VALUE;
    const int32_t nd = t->ndim ? t->ndim : 1;
    if (r1.kind != FX_V_INT || r1.v.i < -nd || r1.v.i >= nd)
      return fail(e, "Dimension out of range (expected to be in range of [%d, %d])", -nd, nd - 1);
    return ev_int(e, r1.v.i < 0 ? r1.v.i + nd : r1.v.i);
  }
  if (IS("_slice_bounds")) { /* [start, end] of a Python slice start:end of N elements (None: the ends) */
    NEED(3);
    fx_value r2 = result_of(e, &a[2]);
    if (r0.kind != FX_V_INT) return fail(e, "bad _slice_bounds");
    const int64_t len = r0.v.i;
    int64_t b = r1.kind == FX_V_INT ? r1.v.i : 0, en = r2.kind == FX_V_INT ? r2.v.i : len;
    b = b < 0 ? (b + len < 0 ? 0 : b + len) : b > len ? len : b;
    en = en < 0 ? (en + len < 0 ? 0 : en + len) : en > len ? len : en;
    fx_value pair[2] = {fx_value_int(e->p->g, b), fx_value_int(e->p->g, en < b ? b : en)};
    return fx_value_container(e->p->g, FX_V_LIST, pair, 2);
  }
  if (IS("_pair") || IS("_ntuple")) { /* an int as [x, x] (N of them), a list of two (N) as it is (torch's _pair) */
    const int64_t k = IS("_pair") ? 2 : n == 2 && r1.kind == FX_V_INT ? r1.v.i : -1;
    if (n != (IS("_pair") ? 1 : 2) || k < 1 || k > FXRT_MAX_DIMS) return fail(e, "bad %.*s", (int)name.n, name.p);
    if (r0.kind == FX_V_INT) {
      fx_value items[FXRT_MAX_DIMS];
      for (int64_t i = 0; i < k; i++) items[i] = r0;
      return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)k);
    }
    if ((r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) || r0.n != (uint32_t)k)
      return fail(e, "expected an int or %lld ints", (long long)k);
    return r0;
  }
  if (IS("_prod")) { /* the product of a list of ints */
    NEED(1);
    int64_t v[64], p = 1;
    const int k = fx_as_ints(&r0, v, 64);
    if (k < 0) return fail(e, "_prod takes a list of ints");
    for (int i = 0; i < k; i++)
      if (__builtin_mul_overflow(p, v[i], &p)) return fail(e, "integer overflow");
    return ev_int(e, p);
  }
  if (IS("_sum")) { /* the sum of a list of ints */
    NEED(1);
    int64_t v[64], t = 0;
    const int k = fx_as_ints(&r0, v, 64);
    if (k < 0) return fail(e, "_sum takes a list of ints");
    for (int i = 0; i < k; i++)
      if (__builtin_add_overflow(t, v[i], &t)) return fail(e, "integer overflow");
    return ev_int(e, t);
  }
  if (IS("_find")) { /* the indices of the items of L equal to the number V */
    NEED(2);
    double x, y;
    if ((r0.kind != FX_V_LIST && r0.kind != FX_V_TUPLE) || r0.n > 64 || !fx_value_number(&r1, &y))
      return fail(e, "bad _find");
    fx_value items[64];
    uint32_t k = 0;
    for (uint32_t i = 0; i < r0.n; i++)
      if (fx_value_number(&r0.u.items[i], &x) && x == y) items[k++] = fx_value_int(e->p->g, i);
    return fx_value_container(e->p->g, FX_V_LIST, items, k);
  }
  if (IS("_binom")) { /* N choose K, exactly (0 when K > N) */
    NEED(2);
    if (r0.kind != FX_V_INT || r1.kind != FX_V_INT || r0.v.i < 0 || r1.v.i < 0) return fail(e, "bad _binom");
    int64_t c = 1;
    for (int64_t i = 0; i < r1.v.i; i++) { /* c = C(N, i + 1), exact at every step */
      if (r0.v.i - i <= 0) return ev_int(e, 0);
      if (__builtin_mul_overflow(c, r0.v.i - i, &c)) return fail(e, "integer overflow");
      c /= i + 1;
    }
    return ev_int(e, c);
  }
  if (IS("_range")) {
    NEED(1);
    if (r0.kind != FX_V_INT || r0.v.i < 0 || r0.v.i > FXRT_MAX_DIMS) return fail(e, "_range takes a small int");
    fx_value items[FXRT_MAX_DIMS];
    for (int64_t i = 0; i < r0.v.i; i++) items[i] = fx_value_int(e->p->g, i);
    return fx_value_container(e->p->g, FX_V_LIST, items, (uint32_t)r0.v.i);
  }
  if (IS("_legacy")) {
    NEED(3);
    if (r0.kind == FX_V_NONE && r1.kind == FX_V_NONE) return a[2];
    bool size_average = r0.kind == FX_V_NONE || (r0.kind == FX_V_BOOL && r0.v.i);
    bool reduce = r1.kind == FX_V_NONE || (r1.kind == FX_V_BOOL && r1.v.i);
    const char *r = !reduce ? "none" : size_average ? "mean" : "sum";
    return fx_value_str(e->p->g, fx_str_make(r, strlen(r)));
  }
  if (IS("_err")) {
    NEED(1);
    fx_buf b = {0};
    str_of(&r0, &b);
    fail(e, "%s", b.p ? b.p : "not supported");
    fx_buf_free(&b);
    return NONE_VALUE;
  }
#undef NEED
#undef IS
  return fail(e, "unknown helper %.*s", (int)name.n, name.p);
}

/* _reduce(X, R): a loss's reduction (evaluated here, as it makes a node). */
static fx_value reduce_loss(ev *e, const fx_value *x, const fx_value *red) {
  if (e->checking) return NONE_VALUE;
  fx_buf b = {0};
  fx_value r = result_of(e, red);
  if (!str_of(&r, &b)) return fail(e, "reduction must be a string");
  fx_value out = NONE_VALUE;
  if (strcmp(b.p, "none") == 0) out = *x;
  else if (strcmp(b.p, "mean") == 0 || strcmp(b.p, "sum") == 0)
    out = make_node(e, fx_str_make(b.p, b.n), x, 1, NULL, 0);
  else fail(e, "%s is not a valid value for reduction (use 'none', 'mean' or 'sum')", b.p);
  fx_buf_free(&b);
  return out;
}

/* _each(L, EXPR): EXPR for every item of the list L, with `it` the item and `ix` its index; a list. */
static fx_value each(ev *e, bool live) {
  fx_value list = expr(e, live);
  if (!eat(e, ',')) return fail(e, "',' expected");
  if (e->nvars + 2 > NVARS) return fail(e, "too many variables");
  const char *start = e->s;
  fx_value r = live && !e->checking ? result_of(e, &list) : NONE_VALUE;
  if (live && !e->checking && r.kind != FX_V_LIST && r.kind != FX_V_TUPLE) return fail(e, "_each takes a list");
  const uint32_t n = live && !e->checking ? r.n : 0;
  if (n > 64) return fail(e, "_each: too many items");
  fx_value out[64];
  e->var_names[e->nvars] = fx_str_make("it", 2), e->var_names[e->nvars + 1] = fx_str_make("ix", 2);
  e->vars[e->nvars] = e->vars[e->nvars + 1] = NONE_VALUE;
  e->nvars += 2;
  for (uint32_t i = 0; i < n || (i == 0 && n == 0); i++) {
    e->s = start;
    if (n) {
      e->vars[e->nvars - 2] = list.kind == FX_V_NODE ? r.u.items[i] : list.u.items[i];
      e->vars[e->nvars - 1] = fx_value_int(e->p->g, (int64_t)i);
    }
    fx_value v = expr(e, live && n > 0);
    if (e->bad) return NONE_VALUE;
    if (n) out[i] = v;
  }
  e->nvars -= 2;
  if (!eat(e, ')')) return fail(e, "')' expected");
  if (!live || e->checking) return NONE_VALUE;
  return fx_value_container(e->p->g, FX_V_LIST, out, n);
}

static fx_value primary(ev *e, bool live) {
  skip_ws(e);
  const char c = *e->s;
  if (c == '\'' || c == '"') { /* a string literal */
    const char *b = ++e->s;
    while (*e->s && *e->s != c) e->s++;
    if (!*e->s) return fail(e, "unterminated string");
    fx_str s = fx_str_make(b, (size_t)(e->s - b));
    e->s++;
    return live && !e->checking ? fx_value_str(e->p->g, s) : NONE_VALUE;
  }
  if (isdigit((unsigned char)c) || (c == '-' && (isdigit((unsigned char)e->s[1]) || e->s[1] == 'i'))) {
    char *end;
    if (c == '-' && e->s[1] == 'i' && strncmp(e->s, "-inf", 4) == 0) {
      e->s += 4;
      return live ? ev_float(e, -INFINITY) : NONE_VALUE;
    }
    const char *b = e->s;
    double f = strtod(b, &end);
    bool is_float = false;
    for (const char *q = b; q < end; q++) is_float |= *q == '.' || *q == 'e';
    e->s = end;
    if (!live) return NONE_VALUE;
    return is_float ? ev_float(e, f) : ev_int(e, strtoll(b, NULL, 10));
  }
  if (c == '[' || c == '(') { /* a list, a tuple, or parentheses */
    e->s++;
    const char close = c == '[' ? ']' : ')';
    fx_value items[16];
    uint32_t n = 0;
    bool comma = false;
    skip_ws(e);
    while (*e->s != close) {
      if (n == 16) return fail(e, "too many items");
      items[n++] = expr(e, live);
      if (e->bad) return NONE_VALUE;
      if (!eat(e, ',')) break;
      comma = true;
    }
    if (!eat(e, close)) return fail(e, "'%c' expected", close);
    if (c == '(' && n == 1 && !comma) return items[0];
    if (!live || e->checking) return NONE_VALUE;
    return fx_value_container(e->p->g, c == '[' ? FX_V_LIST : FX_V_TUPLE, items, n);
  }
  fx_str name = ident(e);
  if (!name.n) return fail(e, "an expression expected");
  if (eat(e, '(')) {
    if (fx_str_eqz(name, "_if")) {
      fx_value cnd = expr(e, live);
      bool cv = live && !e->checking && result_of(e, &cnd).kind == FX_V_BOOL && result_of(e, &cnd).v.i;
      if (live && !e->checking && !e->bad && result_of(e, &cnd).kind != FX_V_BOOL)
        fail(e, "a condition must be a constant bool");
      if (!eat(e, ',')) return fail(e, "',' expected");
      fx_value a = expr(e, live && (cv || e->checking));
      if (!eat(e, ',')) return fail(e, "',' expected");
      fx_value b = expr(e, live && (!cv || e->checking));
      if (!eat(e, ')')) return fail(e, "')' expected");
      return cv ? a : b;
    }
    if (fx_str_eqz(name, "_each")) return each(e, live);
    fx_value args[16], kw[32];
    int nkw, n = call_args(e, live, args, kw, &nkw, 16);
    if (n < 0 || !live) return NONE_VALUE;
    if (name.p[0] == '_') {
      if (nkw) return fail(e, "helpers take no keywords");
      if (fx_str_eqz(name, "_reduce")) return n == 2 ? reduce_loss(e, &args[0], &args[1]) : fail(e, "_reduce(X, R)");
      return helper(e, name, args, n);
    }
    if (e->checking) return NONE_VALUE;
    return make_node(e, name, args, n, kw, nkw);
  }
  if (fx_str_starts_with(name, "torch.")) /* a dtype: torch.float32 */
    return live && !e->checking ? fx_value_word(e->p->g, name) : NONE_VALUE;
  if (fx_str_eqz(name, "None")) return NONE_VALUE;
  if (fx_str_eqz(name, "True") || fx_str_eqz(name, "False")) return fx_value_bool(name.p[0] == 'T');
  if (fx_str_eqz(name, "inf")) return live ? ev_float(e, INFINITY) : NONE_VALUE;
  if (fx_str_eqz(name, "nan")) return live ? ev_float(e, NAN) : NONE_VALUE;
  for (int i = e->nvars - 1; i >= 0; i--)
    if (name.n == e->var_names[i].n && memcmp(name.p, e->var_names[i].p, name.n) == 0) return e->vars[i];
  for (int k = 0; k < e->sig.n; k++)
    if (name.n == e->sig.params[k].name.n && memcmp(name.p, e->sig.params[k].name.p, name.n) == 0) return e->slots[k];
  return fail(e, "unknown name '%.*s'", (int)name.n, name.p);
}

static fx_value expr(ev *e, bool live) {
  if (e->bad) return NONE_VALUE;
  return primary(e, live);
}

/* The body: statements, the last one the result. */
static fx_value body(ev *e) {
  for (;;) {
    skip_ws(e);
    const char *save = e->s;
    fx_str name = ident(e);
    skip_ws(e);
    if (name.n && *e->s == '=' && e->s[1] != '=') {
      e->s++;
      if (e->nvars == NVARS) return fail(e, "too many variables");
      fx_value v = expr(e, true);
      e->var_names[e->nvars] = name;
      e->vars[e->nvars++] = v;
      if (e->bad) return NONE_VALUE;
      if (!eat(e, ';')) return fail(e, "';' expected");
      continue;
    }
    e->s = save;
    fx_value v = expr(e, true);
    skip_ws(e);
    if (!e->bad && *e->s) return fail(e, "the end of the body expected");
    return v;
  }
}

/* Every node reference in v that is `from` becomes item k of `items`. */
static void replace_users(fx_graph *g, uint32_t node, const fx_value *result) {
  if (result->kind == FX_V_NODE) {
    fx_node_replace_all_uses_with(g, node, result->v.node);
    if (!g->nodes[result->v.node].read) fx_node_absorb(g, result->v.node, node);
    return;
  }
  /* a tuple of nodes: users that take one item (operator.getitem(node, k)) use that node */
  for (uint32_t u = 0; u < g->nodes[node].nusers;) {
    uint32_t user = g->nodes[node].users[u];
    const fx_node *un = &g->nodes[user];
    if (un->opcode == FX_CALL_FUNCTION && fx_str_eqz(un->target, "operator.getitem") && un->args.n == 2 &&
        un->args.u.items[1].kind == FX_V_INT && un->args.u.items[1].v.i >= 0 &&
        (uint64_t)un->args.u.items[1].v.i < result->n && result->u.items[un->args.u.items[1].v.i].kind == FX_V_NODE) {
      uint32_t to = result->u.items[un->args.u.items[1].v.i].v.node;
      fx_node_replace_all_uses_with(g, user, to);
      fx_node_absorb(g, to, node);
      if (!fx_graph_erase_node(g, user)) u++;
    } else {
      u++;
    }
  }
}

/* A tuple result with None items: the getitem users of those items that nothing uses (`out, _ = mha(...)`) are
 * erased; any other user of the composite would see a None, which fx2c does not pass on: refused. */
static bool drop_none_items(ev *e, const fx_value *v) {
  fx_graph *g = e->p->g;
  for (uint32_t u = 0; u < g->nodes[e->node].nusers;) {
    uint32_t user = g->nodes[e->node].users[u];
    const fx_node *un = &g->nodes[user];
    bool getitem = un->opcode == FX_CALL_FUNCTION && fx_str_eqz(un->target, "operator.getitem") && un->args.n == 2 &&
                   un->args.u.items[1].kind == FX_V_INT && un->args.u.items[1].v.i >= 0 &&
                   (uint64_t)un->args.u.items[1].v.i < v->n;
    if (getitem && v->u.items[un->args.u.items[1].v.i].kind == FX_V_NODE) {
      u++;
      continue;
    }
    if (getitem && un->nusers == 0 && fx_graph_erase_node(g, user)) continue;
    const fx_node *n = &g->nodes[e->node];
    fx_diag_error(e->d, n->loc.line ? e->p->g->src : NULL, n->loc,
                  "cannot compile '%.*s': its result has None items (attention weights that were not asked for), "
                  "and '%.*s' uses %s; fx2c passes no None on: use only the tensors it returns",
                  (int)n->target.n, n->target.p, (int)un->name.n, un->name.p, getitem ? "one" : "the tuple");
    return false;
  }
  return true;
}

/* mod: the module of the composite that calls this one (its _hyper and _weight are that module's) */
static bool decompose(fx_program *p, uint32_t node, fx_diag *d, int depth, const fx_module *mod, fx_value *out) {
  ev e;
  memset(&e, 0, sizeof e);
  e.p = p, e.d = d, e.node = node, e.depth = depth, e.mod = mod;
  e.cp = &composites[p->inst[node].composite - 1];
  const fx_node *n = &p->g->nodes[node];
  if (n->opcode == FX_CALL_MODULE) e.mod = p->inst[node].mod;
  if (depth > MAXDEPTH) return fail(&e, "internal error: composites nested too deeply"), false;
  if (!fx_sig_parse(e.cp->sig, &e.sig)) return fail(&e, "internal error: a malformed signature"), false;
  fx_bind_error err;
  fx_value bound[FX_SIG_MAX];
  if (!fx_sig_bind(&e.sig, &n->args, &n->kwargs, &p->arena, bound, NULL, &err)) {
    fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "%.*s() %s", (int)n->target.n, n->target.p, err.msg);
    return false;
  }
  for (int k = 0; k < e.sig.n; k++) {
    e.slots[k] = bound[k];
    if (fx_str_eqz(e.sig.params[k].name, "out") && bound[k].kind != FX_V_NONE)
      return fail(&e, "out= is not supported"), false;
    /* an input that failed upstream (also one in a list: hstack([a, b])) has been reported there */
    if (uses_failed(p, &bound[k])) return false;
  }
  e.s = e.cp->body;
  fx_value v = body(&e);
  if (e.bad) return false;
  fx_graph *g = p->g;
  if (v.kind == FX_V_LIST) v.kind = FX_V_TUPLE;
  if (v.kind == FX_V_TUPLE) {
    bool nones = false; /* None items (MultiheadAttention's weights when need_weights=False) */
    for (uint32_t i = 0; i < v.n; i++) {
      if (v.u.items[i].kind == FX_V_NONE) nones = true;
      else if (v.u.items[i].kind != FX_V_NODE) return fail(&e, "internal error: a tuple result of non-nodes"), false;
    }
    if (nones && !drop_none_items(&e, &v)) return false;
  } else if (v.kind != FX_V_NODE) {
    return fail(&e, "internal error: the result is not a tensor"), false;
  }
  replace_users(g, node, &v);
  p->inst[node].result = v.kind == FX_V_NODE ? p->inst[v.v.node].result : NONE_VALUE;
  if (v.kind == FX_V_TUPLE) { /* users other than getitem see the tuple of the items' results */
    fx_value *items = fx_arena_alloc(&p->arena, (size_t)v.n * sizeof *items);
    for (uint32_t i = 0; i < v.n; i++)
      items[i] = v.u.items[i].kind == FX_V_NODE ? p->inst[v.u.items[i].v.node].result : NONE_VALUE;
    p->inst[node].result = fx_value_container_in(&p->arena, FX_V_TUPLE, items, v.n);
  }
  if (g->nodes[node].nusers == 0) fx_graph_erase_node(g, node);
  *out = v;
  return true;
}

bool fx_decompose_node(fx_program *p, uint32_t node, fx_diag *d) {
  fx_value out;
  return decompose(p, node, d, 0, NULL, &out);
}

int fx_decompose_check_tables(char *msg, size_t cap) {
  int problems = 0;
  for (int i = 0; i < NCOMPOSITES; i++) {
    ev e;
    memset(&e, 0, sizeof e);
    e.cp = &composites[i];
    e.checking = true;
    e.msg = msg, e.cap = cap;
    if (!fx_sig_parse(e.cp->sig, &e.sig)) {
      snprintf(msg, cap, "composite '%s': a malformed signature", e.cp->targets[0]);
      problems++;
      continue;
    }
    e.s = e.cp->body;
    body(&e);
    if (e.bad) problems++;
    for (int k = 0; k < NTARGETS && e.cp->targets[k]; k++) {
      const char *t = e.cp->targets[k];
      bool method = t[0] == 'M' && t[1] == ':';
      if (fx_composite_find(fx_str_make(method ? t + 2 : t, strlen(method ? t + 2 : t)), method) != i) {
        snprintf(msg, cap, "composite '%s': the spelling %s belongs to an earlier row", e.cp->targets[0], t);
        problems++;
      }
    }
  }
  return problems;
}

void fx_composite_each_spelling(void (*f)(void *ctx, const char *spelling), void *ctx) {
  for (int i = 0; i < NCOMPOSITES; i++)
    for (int k = 0; k < NTARGETS && composites[i].targets[k]; k++)
      if (strncmp(composites[i].targets[k], "fx2c.", 5) != 0) /* parts of other composites, which no graph spells */
        f(ctx, composites[i].targets[k]);
}
