/* winograd.c: 3x3 convolutions to Winograd's minimal filtering, with the weight transformed at compile time. A 2-d
 * convolution or fx2c.fused_conv with a 3x3 f32 weight known at compile time (one the graph does not write into),
 * stride 1, dilation 1, one group and a batched [n, c, h, w] input becomes an fx2c.winograd_conv node (ops.def) in 4x4
 * output tiles, F(4x4, 3x3), or 2x2 ones, F(2x2, 3x3). Its weight is U = G g G^T for every pair of channels,
 * computed here in double precision (fxrt_winograd_weight_f32) and stored as a new weight named after the old one with
 * _winograd4 or _winograd2 (read by a new get_attr node; the old weight goes when nothing else reads it). The runtime
 * (fxrt_winograd_conv2d_f32) then does 4x (2.25x) fewer multiplications than the direct convolution, and no weight
 * transform:
 *
 *     %layer1_0_conv1_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%maxpool,
 *         %layer1_0_conv1_weight_winograd4, %layer1_0_conv1_bias), kwargs = {padding: (1, 1), out_channels: 64,
 *         tile: 4, activation: relu})
 *
 * fused_conv's epilogue (residual, activation) and padding_end carry over. Only where it pays and is accurate enough
 * (the constants below).
 */
#include <stdio.h>
#include <string.h>

#include "passes.h"

/* Where Winograd pays, and is accurate enough (bench/winograd_bench.c, one thread, AVX-512; bench/results/winograd.md):
 * - at least MIN_CHANNELS input channels. Speed: the transforms cost per input channel (input) and per output channel
 *   (output), the products per pair, so with few input channels the saved products do not pay for the transforms
 *   (3 -> 64 channels: 0.7x; 8 -> 64: 0.9x; 16 -> 64: 1.2x; 32 -> 128: 1.5x; 64 -> 64: 2.1x). Accuracy: the
 *   transforms' rounding is an error floor that the direct sum of 9c products is below for small c (simulated on
 *   ReLU outputs: 2.5x the direct sum's error at 16 or 32 channels, 1.4x at 64 and more); inception_v3's two 32-channel
 *   stem convolutions alone took its error from 0.42 to 0.98 of the zoo's tolerance;
 * - at most OUT_PER_IN output channels per input channel (16 -> 256: 1.0x);
 * - at least MIN_TILES output tiles, or a transformed weight of at most CACHED_WEIGHT bytes: the kernel reads all of
 *   the weight once per chunk of tiles and does 2 flops per weight element and tile, so with few tiles a weight that
 *   does not stay in cache makes it memory-bound. 4x4 tiles when there are enough of them, else 2x2 tiles (4x as many,
 *   and a weight 16/36 the size). resnet18's 7x7 layer4 (512 -> 512 channels, 37.7 MB as 4x4 tiles): 4 tiles of
 *   4x4, 1.0x, or 16 of 2x2 (16.8 MB), 1.3x; its 14x14 layer3: 16 tiles of 4x4, 1.6x. With more than twice as many
 *   output channels as input channels, at least MIN_TILES_WIDE: squeezenet1_1's two 13x13 expand3x3 (48 -> 192 and
 *   64 -> 256, 16 tiles) measured 1.16x and 1.26x alone, but the whole model ran 4% faster without them (6.53 ms
 *   against 6.78, one thread, after im2col's packing got faster), while resnet18 ran 1.3-1.4 ms slower (of 23) with
 *   its layer4, or its layer3 and layer4, taken out by stricter tile counts. */
#define MIN_CHANNELS 64
#define OUT_PER_IN 4
#define MIN_TILES 12
#define MIN_TILES_WIDE 32
#define CACHED_WEIGHT ((int64_t)1 << 20)

#define ARG(in, name) (&(in)->args[fx_sig_find(fx_op_sig((fx_op)(in)->op), name)])

/* A convolution that qualifies, with what the rewrite needs (weights by index: adding one moves them all). */
typedef struct cand {
  uint32_t node, weight;  /* the conv node; its weight's index in pm->w */
  uint32_t bias;          /* the bias weight's index when no node of the conv's args reads it, else FX_NONE_IDX */
  fx_value x, b, res;     /* graph values of the input, the bias (or None) and the residual (or None) */
  int64_t k, c, pad[2], end[2]; /* zeros before and after the input */
  int64_t tile;                  /* 4 or 2 */
} cand;

/* Whether node i is a convolution that the Winograd kernel computes, and faster than the direct one. */
static bool qualifies(const fx_pass_manager *pm, uint32_t i, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op != FX_OP_CONVOLUTION && in->op != FX_OP_FUSED_CONV) return false;
  if (in->failed || in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR) return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node], *ty = &p->tensors[in->result.v.node];
  if (tx->ndim != 4 || tx->dtype != FXRT_F32 || ty->dtype != FXRT_F32) return false;
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  if (a->transposed || a->groups != 1 || a->pad_mode) return false;
  uint32_t wi = fx_pass_weight_index(p, pm->w, ARG(in, "weight"));
  if (wi == FX_NONE_IDX) return false;
  const fx_tensor *W = &pm->w->tensors[wi];
  if (!W->data) return false; /* not read: only what the program references is (fx_program_read_weights) */
  if (W->dtype != FXRT_F32 || W->ndim != 4 || W->shape[1] != tx->shape[1] || W->shape[2] != 3 || W->shape[3] != 3)
    return false;
  if (a->stride[0] != 1 || a->stride[1] != 1 || a->dilation[0] != 1 || a->dilation[1] != 1) return false;
  /* the zeros before the input: padding; after it: what the output size says (padfold makes them differ:
   * padding_end) */
  const int64_t oh = ty->shape[2], ow = ty->shape[3];
  cd->pad[0] = a->pad[0], cd->pad[1] = a->pad[1];
  cd->end[0] = oh + 2 - tx->shape[2] - cd->pad[0];
  cd->end[1] = ow + 2 - tx->shape[3] - cd->pad[1];
  if (cd->pad[0] < 0 || cd->pad[1] < 0 || cd->end[0] < 0 || cd->end[1] < 0) return false;
  /* where it pays: 4x4 tiles, else 2x2 */
  const int64_t k = W->shape[0], c = W->shape[1];
  if (c < MIN_CHANNELS || k > OUT_PER_IN * c) return false;
  cd->tile = 0;
  for (int64_t m = 4; m >= 2 && !cd->tile; m -= 2) {
    const int64_t tiles = tx->shape[0] * ((oh + m - 1) / m) * ((ow + m - 1) / m);
    const int64_t ubytes = fxrt_winograd_weight_numel(m, k, c) * (int64_t)sizeof(float);
    const int64_t min_tiles = k > 2 * c ? MIN_TILES_WIDE : MIN_TILES;
    if (ubytes > 0 && (tiles >= min_tiles || ubytes <= CACHED_WEIGHT) &&
        fxrt_winograd_workspace_size(m, tx->shape[0], c, tx->shape[2], tx->shape[3], k, oh, ow, cd->pad[0], cd->pad[1], 1))
      cd->tile = m;
  }
  if (!cd->tile) return false;
  /* the operands as graph values */
  cd->node = i, cd->weight = wi, cd->k = k, cd->c = c;
  return fx_pass_conv_operands(pm, i, k, &cd->x, &cd->b, &cd->bias, &cd->res);
}

/* The transformed weight of weight wi for tiles of tile x tile (made once, shared by the convolutions that read wi):
 * its name. */
static fx_str transformed(fx_weights *w, uint32_t wi, int64_t tile, int64_t k, int64_t c, int64_t *saved) {
  const int64_t shape[4] = {(tile + 2) * (tile + 2), (k + FXRT_WINOGRAD_PANEL - 1) / FXRT_WINOGRAD_PANEL, c,
                            FXRT_WINOGRAD_PANEL};
  bool fresh;
  fx_tensor *u = fx_pass_derived_weight(w, wi, tile == 4 ? "winograd4" : "winograd2", 4, shape, &fresh);
  if (fresh) {
    *saved -= (int64_t)u->nbytes;
    fxrt_winograd_weight_f32(tile, w->tensors[wi].data, k, c, u->data); /* w->tensors moved: wi by index */
  }
  return u->name;
}

bool fx_pass_winograd(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  /* first every candidate (the weights' addresses are read here), then the rewrites (which add weights). left[wi]:
   * the tensor arguments that read weight wi and are not rewritten; written[wi]: an in-place op writes into weight wi
   * (then its value is not known now) */
  cand *cs = NULL;
  uint32_t ncs = 0, cap = 0, nw = pm->w->n, *left = fx_xcalloc(nw + 1, sizeof *left);
  bool *written = fx_xcalloc(nw + 1, sizeof *written);
  fx_pass_weight_uses(p, pm->w, left, written);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    cand cd;
    if (!qualifies(pm, i, &cd) || written[cd.weight]) continue;
    left[cd.weight]--;
    if (ncs == cap) {
      cap = cap ? 2 * cap : 16;
      cs = fx_xrealloc(cs, cap * sizeof *cs);
    }
    cs[ncs++] = cd;
  }
  /* repl[n]: the node that replaced node n (an input or residual found above may be a convolution rewritten since);
   * reader[2*wi + (tile == 2)]: the get_attr node of weight wi's transform (one for all the convolutions that share
   * the weight and the tile) */
  const uint32_t nold = g->nnodes;
  uint32_t *repl = fx_xmalloc((nold + 1) * sizeof *repl), *reader = fx_xmalloc((2 * nw + 1) * sizeof *reader);
  for (uint32_t i = 0; i < nold; i++) repl[i] = FX_NONE_IDX;
  for (uint32_t i = 0; i < 2 * nw; i++) reader[i] = FX_NONE_IDX;
  for (uint32_t q = 0; q < ncs; q++) {
    cand *cd = &cs[q];
    const fx_inst *in = &p->inst[cd->node];
    const uint32_t i = cd->node;
    if (cd->x.kind == FX_V_NODE && repl[cd->x.v.node] != FX_NONE_IDX) cd->x = fx_value_node(g, repl[cd->x.v.node]);
    if (cd->res.kind == FX_V_NODE && repl[cd->res.v.node] != FX_NONE_IDX)
      cd->res = fx_value_node(g, repl[cd->res.v.node]);
    const uint32_t rd = 2 * cd->weight + (cd->tile == 2);
    if (reader[rd] == FX_NONE_IDX)
      reader[rd] = fx_pass_get_attr(g, transformed(pm->w, cd->weight, cd->tile, cd->k, cd->c, &st->weight_bytes_saved), i);
    fx_value args[3] = {cd->x, fx_value_node(g, reader[rd]), cd->b};
    if (cd->bias != FX_NONE_IDX) args[2] = fx_value_node(g, fx_pass_get_attr(g, pm->w->tensors[cd->bias].name, i));
    fx_value kw[2 * 9], pad[2] = {fx_value_int(g, cd->pad[0]), fx_value_int(g, cd->pad[1])};
    uint32_t nk = 0;
    fx_pass_kwarg(g, kw, &nk, "padding", fx_value_tuple(g, pad, 2));
    fx_pass_kwarg(g, kw, &nk, "out_channels", fx_value_int(g, cd->k));
    fx_pass_kwarg(g, kw, &nk, "tile", fx_value_int(g, cd->tile));
    if (in->op == FX_OP_FUSED_CONV) fx_pass_epilogue_kwargs(g, in, cd->res, kw, &nk);
    if (cd->end[0] != cd->pad[0] || cd->end[1] != cd->pad[1]) {
      fx_value e[2] = {fx_value_int(g, cd->end[0]), fx_value_int(g, cd->end[1])};
      fx_pass_kwarg(g, kw, &nk, "padding_end", fx_value_tuple(g, e, 2));
    }
    char nm[256];
    const fx_str old = g->nodes[i].name;
    snprintf(nm, sizeof nm, "%.*s_winograd", (int)(old.n < 200 ? old.n : 200), old.p);
    fx_insert_point ip = fx_graph_inserting_before(g, i);
    uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, FX_STR_LIT("fx2c.winograd_conv"), fx_value_tuple(g, args, 3),
                                      fx_value_container(g, FX_V_DICT, kw, nk), fx_str_make(nm, strlen(nm)),
                                      (fx_str){"", 0});
    fx_graph_restore_insert(g, ip);
    fx_node_absorb(g, f, i);
    fx_node_replace_all_uses_with(g, i, f);
    repl[i] = f;
    if (fx_graph_erase_node(g, i)) st->removed++;
    st->winograd++;
  }
  for (uint32_t wi = 0; wi < nw; wi++) /* the original weights that nothing reads any more */
    if ((reader[2 * wi] != FX_NONE_IDX || reader[2 * wi + 1] != FX_NONE_IDX) && left[wi] == 0)
      st->weight_bytes_saved += (int64_t)pm->w->tensors[wi].nbytes;
  fx_xfree(repl);
  fx_xfree(reader);
  fx_xfree(left);
  fx_xfree(written);
  fx_xfree(cs);
  return ncs > 0;
}
