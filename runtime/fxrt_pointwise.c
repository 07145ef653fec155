/* fxrt_pointwise.c: fused elementwise expressions (fxrt_pointwise_f32 in fxrt.h).
 *
 * The output is walked row by row (its innermost dimension, after merging dimensions that are contiguous in every
 * operand), and each row in tiles of TILE elements: every instruction computes its register for the whole tile
 * before the next one runs, so the op is decided once per tile and the inner loops are plain; unary instructions run
 * the unary kernel (fxrt_unary_f32) on the tile, binary ones fxrt_scalar.h's functions. Registers live on the stack
 * (FXRT_PW_MAX_INSNS x TILE floats); nothing is written to memory but the result. */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_pw_unary_scalar FXRT_ISA_COPY(fxrt_pw_unary_scalar)
#define fxrt_pw_binary_scalar FXRT_ISA_COPY(fxrt_pw_binary_scalar)
#define fxrt_pointwise_f32 FXRT_ISA_NAME(fxrt_pointwise_f32)
#include "fxrt.h"
#include "fxrt_scalar.h"

#include <string.h>

#define TILE 16

static bool binary_ok(uint8_t op) {
  return op == FXRT_B_ADD || op == FXRT_B_SUB || op == FXRT_B_MUL || op == FXRT_B_DIV || op == FXRT_B_POW ||
         op == FXRT_B_MAX || op == FXRT_B_MIN;
}

static bool code_ok(const fxrt_pw_insn *code, int32_t ncode, int32_t ninputs) {
  if (!code || ncode < 1 || ncode > FXRT_PW_MAX_INSNS || ninputs < 0 || ninputs > FXRT_PW_MAX_INPUTS) return false;
  for (int32_t i = 0; i < ncode; i++) {
    const fxrt_pw_insn *c = &code[i];
    switch (c->kind) {
    case FXRT_PW_LOAD:
      if (c->a >= ninputs) return false;
      break;
    case FXRT_PW_CONST: break;
    case FXRT_PW_UNARY:
      if (c->op >= FXRT_NUM_UNARY_OPS || c->a >= i) return false;
      break;
    case FXRT_PW_BINARY:
      if (!binary_ok(c->op) || c->a >= i || c->b >= i) return false;
      break;
    default: return false;
    }
  }
  return true;
}

/* A unary instruction over a tile: the unary kernel itself, so fused and unfused ops are one code. */
static void unary_tile(const fxrt_pw_insn *c, const float *x, float *r, int n) {
  const fxrt_unary_params p = {c->p[0], c->p[1], c->p[2]};
  (void)fxrt_unary_f32((fxrt_unary_op)c->op, x, r, n, &p); /* code_ok checked the op; p is given */
}

static void binary_tile(uint8_t op, const float *restrict x, const float *restrict y, float *restrict r, int n) {
#define MAP2(f)                                                                                                        \
  for (int i = 0; i < n; i++) r[i] = f(x[i], y[i]);                                                                    \
  return
  switch ((fxrt_binary_op)op) {
  case FXRT_B_ADD: MAP2(fxrt_s_add);
  case FXRT_B_SUB: MAP2(fxrt_s_sub);
  case FXRT_B_MUL: MAP2(fxrt_s_mul);
  case FXRT_B_DIV: MAP2(fxrt_s_div);
  case FXRT_B_POW: MAP2(fxrt_s_pow);
  case FXRT_B_MAX: MAP2(fxrt_s_maximum);
  default: MAP2(fxrt_s_minimum);
  }
#undef MAP2
}

float fxrt_pw_unary_scalar(int32_t op, float v, float a, float b, float c) {
  if (op < 0 || op >= FXRT_NUM_UNARY_OPS) return NAN;
  const fxrt_pw_insn in = {FXRT_PW_UNARY, (uint8_t)op, 0, 0, {a, b, c}};
  float r;
  unary_tile(&in, &v, &r, 1);
  return r;
}

float fxrt_pw_binary_scalar(int32_t op, float x, float y) {
  if (op < 0 || op > 255 || !binary_ok((uint8_t)op)) return NAN;
  float r;
  binary_tile((uint8_t)op, &x, &y, &r, 1);
  return r;
}

/* One tile of n elements: input i starts at in[i] with stride st[i]. */
static void run_tile(const fxrt_pw_insn *code, int32_t ncode, const float *const *in, const int64_t *st, float *y,
                     int n, float (*reg)[TILE]) {
  for (int32_t k = 0; k < ncode; k++) {
    const fxrt_pw_insn *c = &code[k];
    float *r = reg[k];
    switch (c->kind) {
    case FXRT_PW_LOAD: {
      const float *x = in[c->a];
      const int64_t s = st[c->a];
      if (s == 1) memcpy(r, x, (size_t)n * sizeof *r);
      else
        for (int i = 0; i < n; i++) r[i] = x[i * s];
      break;
    }
    case FXRT_PW_CONST:
      for (int i = 0; i < n; i++) r[i] = c->p[0];
      break;
    case FXRT_PW_UNARY: unary_tile(c, reg[c->a], r, n); break;
    default: binary_tile(c->op, reg[c->a], reg[c->b], r, n); break;
    }
  }
  memcpy(y, reg[ncode - 1], (size_t)n * sizeof *y);
}

fxrt_status fxrt_pointwise_f32(const fxrt_pw_insn *code, int32_t ncode, const float *const *inputs,
                               const fxrt_view *views, int32_t ninputs, float *y, int32_t ndim, const int64_t *shape) {
  if (!code_ok(code, ncode, ninputs) || ndim < 0 || ndim > FXRT_MAX_DIMS || (ndim && !shape) ||
      (ninputs && (!inputs || !views)))
    return FXRT_EINVAL;
  int64_t numel = 1;
  for (int32_t d = 0; d < ndim; d++) {
    if (shape[d] < 0) return FXRT_EINVAL;
    numel = shape[d] == 0 ? 0 : numel;
    if (numel && shape[d] > INT64_MAX / numel) return FXRT_EINVAL;
    numel *= shape[d];
  }
  for (int32_t i = 0; i < ninputs; i++) {
    if (views[i].ndim != ndim) return FXRT_EINVAL;
    for (int32_t d = 0; d < ndim; d++)
      if (views[i].shape[d] != shape[d]) return FXRT_EINVAL;
  }
  if (numel == 0) return FXRT_OK;
  if (!y) return FXRT_EINVAL;
  for (int32_t i = 0; i < ninputs; i++)
    if (!inputs[i]) return FXRT_EINVAL;

  /* Dimensions of size 1 dropped, and d merged into d+1 where every operand steps over d as one longer row. */
  int64_t sh[FXRT_MAX_DIMS], str[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS], ystr[FXRT_MAX_DIMS];
  int32_t nd = 0;
  for (int32_t d = 0; d < ndim; d++) {
    if (shape[d] == 1) continue;
    sh[nd] = shape[d];
    for (int32_t i = 0; i < ninputs; i++) str[i][nd] = views[i].stride[d];
    nd++;
  }
  int32_t m = 0;
  for (int32_t d = 0; d < nd; d++) {
    if (m > 0) {
      bool merge = true;
      for (int32_t i = 0; i < ninputs && merge; i++) merge = str[i][m - 1] == str[i][d] * sh[d];
      if (merge) {
        sh[m - 1] *= sh[d];
        for (int32_t i = 0; i < ninputs; i++) str[i][m - 1] = str[i][d];
        continue;
      }
    }
    sh[m] = sh[d];
    for (int32_t i = 0; i < ninputs; i++) str[i][m] = str[i][d];
    m++;
  }
  if (m == 0) { /* one element */
    sh[0] = 1;
    for (int32_t i = 0; i < ninputs; i++) str[i][0] = 0;
    m = 1;
  }
  ystr[m - 1] = 1;
  for (int32_t d = m - 1; d > 0; d--) ystr[d - 1] = ystr[d] * sh[d];

  float reg[FXRT_PW_MAX_INSNS][TILE];
  int64_t idx[FXRT_MAX_DIMS] = {0}, inner[FXRT_PW_MAX_INPUTS];
  const float *row[FXRT_PW_MAX_INPUTS], *at[FXRT_PW_MAX_INPUTS];
  for (int32_t i = 0; i < ninputs; i++) inner[i] = str[i][m - 1];
  const int64_t len = sh[m - 1], rows = numel / len;
  for (int64_t r = 0; r < rows; r++) {
    int64_t yoff = 0;
    for (int32_t i = 0; i < ninputs; i++) {
      int64_t off = views[i].offset;
      for (int32_t d = 0; d + 1 < m; d++) off += idx[d] * str[i][d];
      row[i] = inputs[i] + off;
    }
    for (int32_t d = 0; d + 1 < m; d++) yoff += idx[d] * ystr[d];
    for (int64_t j = 0; j < len; j += TILE) {
      const int n = (int)(len - j < TILE ? len - j : TILE);
      for (int32_t i = 0; i < ninputs; i++) at[i] = row[i] + j * inner[i];
      run_tile(code, ncode, at, inner, y + yoff + j, n, reg);
    }
    for (int32_t d = m - 2; d >= 0; d--) {
      if (++idx[d] < sh[d]) break;
      idx[d] = 0;
    }
  }
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_pointwise_f32
FXRT_DISPATCHER(fxrt_status, fxrt_pointwise_f32,
                (const fxrt_pw_insn *code, int32_t ncode, const float *const *inputs, const fxrt_view *views,
                 int32_t ninputs, float *y, int32_t ndim, const int64_t *shape),
                (code, ncode, inputs, views, ninputs, y, ndim, shape))
