/* fxrt_resize.c: resampling, padding and lookup (torch.nn.functional.interpolate nearest/bilinear, pad with
 * reflect/replicate/circular, embedding).
 *
 * Source indices are computed in float exactly as PyTorch's CPU kernels do (aten/src/ATen/native/UpSample.h,
 * UpSampleKernel.cpp, ReflectionPad.cpp, ReplicationPadding.cpp, PadNd.cpp), so that the same output pixel picks the
 * same input pixels at every size.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_upsample_nearest2d_f32 FXRT_ISA_NAME(fxrt_upsample_nearest2d_f32)
#define fxrt_upsample_bilinear2d_f32 FXRT_ISA_NAME(fxrt_upsample_bilinear2d_f32)
#define fxrt_pad2d_f32 FXRT_ISA_NAME(fxrt_pad2d_f32)
#define fxrt_embedding_f32 FXRT_ISA_COPY(fxrt_embedding_f32)
#define fxrt_resample_axis_f32 FXRT_ISA_COPY(fxrt_resample_axis_f32)
#include "fxrt.h"
#include "fxrt_check.h"

#include <math.h>
#include <string.h>

#define COL_BLOCK 256 /* output columns whose source indices are computed together (on the stack) */

static bool resize_ok(int64_t n, int64_t c, int64_t h, int64_t w, int64_t oh, int64_t ow) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(h, 1) || !in_range(w, 1) || !in_range(oh, 1) || !in_range(ow, 1))
    return false;
  return mul_ok(n, c, &t) && mul_ok(t, h, &t) && mul_ok(t, w, &t) && mul_ok(n * c, oh, &t) && mul_ok(t, ow, &t);
}

/* PyTorch's compute_scales_value: 1/scale_factor when one was given, else in/out (in float). */
static float scale_value(double scale_factor, int64_t in, int64_t out) {
  return scale_factor > 0.0 ? (float)(1.0 / scale_factor) : (float)in / (float)out;
}

/* The source index of output index dst, min(floor(dst * scale), in - 1) in float, as PyTorch's generic upsampling
 * kernel computes it (HelperInterpNearest). (PyTorch 1.13 has a second kernel, taken for tensors that are also
 * channels-last contiguous, e.g. one channel, which copies when out == in and halves when out == 2*in whatever the
 * scale factor; the two agree unless a scale factor is given that does not match the sizes.) */
static int64_t nearest_index(int64_t dst, int64_t in, float scale) {
  const float src = floorf((float)dst * scale);
  return src < (float)(in - 1) ? (int64_t)src : in - 1; /* (the comparison also keeps huge values from the cast) */
}

/* torch.nn.functional.interpolate(x, size=(oh, ow) or scale_factor=..., mode='nearest'). */
fxrt_status fxrt_upsample_nearest2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                        int64_t oh, int64_t ow, double scale_factor_h, double scale_factor_w) {
  if (!resize_ok(n, c, h, w, oh, ow)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const float sh = scale_value(scale_factor_h, h, oh), sw = scale_value(scale_factor_w, w, ow);
  int32_t src[COL_BLOCK]; /* source columns of a block of output columns (w <= INT32_MAX) */
  for (int64_t c0 = 0; c0 < ow; c0 += COL_BLOCK) {
    const int64_t nc = ow - c0 < COL_BLOCK ? ow - c0 : COL_BLOCK;
    for (int64_t e = 0; e < nc; e++) src[e] = (int32_t)nearest_index(c0 + e, w, sw);
    for (int64_t plane = 0; plane < n * c; plane++) {
      const float *xp = x + plane * h * w;
      float *yp = y + plane * oh * ow + c0;
      for (int64_t oy = 0; oy < oh; oy++) {
        const float *xr = xp + nearest_index(oy, h, sh) * w;
        float *yr = yp + oy * ow;
        for (int64_t e = 0; e < nc; e++) yr[e] = xr[src[e]];
      }
    }
  }
  return FXRT_OK;
}

/* PyTorch's compute_source_index_and_lambda for linear interpolation along one dimension: the two source indices
 * and their weights for output index dst. */
static void linear_source(int64_t dst, int64_t in, int64_t out, bool align_corners, float scale, int64_t *i0,
                          int64_t *i1, float *l0, float *l1) {
  if (out == in) { /* scale factor 1: a copy */
    *i0 = *i1 = dst;
    *l0 = 1.0f;
    *l1 = 0.0f;
    return;
  }
  float real; /* area_pixel_compute_source_index */
  if (align_corners) {
    real = scale * (float)dst;
  } else {
    real = scale * ((float)dst + 0.5f) - 0.5f;
    if (real < 0.0f) real = 0.0f;
  }
  /* real > in - 1 cannot happen with PyTorch's own scales; clamping keeps odd scale factors in bounds */
  const int64_t idx = real < (float)(in - 1) ? (int64_t)real : in - 1;
  *i0 = idx;
  *i1 = idx + (idx < in - 1 ? 1 : 0);
  float lambda = real - (float)idx;
  lambda = lambda < 0.0f ? 0.0f : lambda > 1.0f ? 1.0f : lambda;
  *l1 = lambda;
  *l0 = 1.0f - lambda;
}

/* torch.nn.functional.interpolate(x, size=(oh, ow) or scale_factor=..., mode='bilinear', align_corners=...):
 * y = (x[h0, w0]*lw0 + x[h0, w1]*lw1)*lh0 + (x[h1, w0]*lw0 + x[h1, w1]*lw1)*lh1, the indices and weights from
 * PyTorch's area_pixel_compute_scale / area_pixel_compute_source_index (align_corners: scale (in-1)/(out-1) and
 * src = dst*scale; otherwise scale 1/scale_factor or in/out and src = max((dst + 0.5)*scale - 0.5, 0)). */
fxrt_status fxrt_upsample_bilinear2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, bool align_corners, double scale_factor_h,
                                         double scale_factor_w) {
  if (!resize_ok(n, c, h, w, oh, ow)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  float sh, sw; /* area_pixel_compute_scale */
  if (align_corners) {
    sh = oh > 1 ? (float)(h - 1) / (float)(oh - 1) : 0.0f;
    sw = ow > 1 ? (float)(w - 1) / (float)(ow - 1) : 0.0f;
  } else {
    sh = scale_value(scale_factor_h, h, oh);
    sw = scale_value(scale_factor_w, w, ow);
  }
  /* the source columns and weights of a block of output columns, computed once for every row and plane */
  int32_t cw0[COL_BLOCK], cw1[COL_BLOCK];
  float cl0[COL_BLOCK], cl1[COL_BLOCK];
  for (int64_t c0 = 0; c0 < ow; c0 += COL_BLOCK) {
    const int64_t nc = ow - c0 < COL_BLOCK ? ow - c0 : COL_BLOCK;
    for (int64_t e = 0; e < nc; e++) {
      int64_t w0, w1;
      linear_source(c0 + e, w, ow, align_corners, sw, &w0, &w1, &cl0[e], &cl1[e]);
      cw0[e] = (int32_t)w0;
      cw1[e] = (int32_t)w1;
    }
    for (int64_t plane = 0; plane < n * c; plane++) {
      const float *xp = x + plane * h * w;
      float *yp = y + plane * oh * ow + c0;
      for (int64_t oy = 0; oy < oh; oy++) {
        int64_t h0, h1;
        float lh0, lh1;
        linear_source(oy, h, oh, align_corners, sh, &h0, &h1, &lh0, &lh1);
        const float *r0 = xp + h0 * w, *r1 = xp + h1 * w;
        float *yr = yp + oy * ow;
        for (int64_t e = 0; e < nc; e++) {
          const int32_t w0 = cw0[e], w1 = cw1[e];
          const float lw0 = cl0[e], lw1 = cl1[e];
          yr[e] = (r0[w0] * lw0 + r0[w1] * lw1) * lh0 + (r1[w0] * lw0 + r1[w1] * lw1) * lh1;
        }
      }
    }
  }
  return FXRT_OK;
}

/* One dimension of interpolate: x [outer, in, inner] to y [outer, out, inner], nearest or linear with the source
 * indices and weights of the 2-d kernels (so that the last pass of trilinear, after the bilinear pass over the
 * height and width, computes what PyTorch's upsample_trilinear3d does: the depth's weights applied last). */
fxrt_status fxrt_resample_axis_f32(const float *x, int64_t outer, int64_t in, int64_t inner, float *y, int64_t out,
                                   int64_t mode, bool align_corners, double scale_factor) {
  int64_t t;
  if (!in_range(outer, 0) || !in_range(in, 1) || !in_range(inner, 0) || !in_range(out, 1) || (mode != 0 && mode != 1) ||
      !mul_ok(outer, in, &t) || !mul_ok(t, inner, &t) || !mul_ok(outer, out, &t) || !mul_ok(t, inner, &t))
    return FXRT_EINVAL;
  if (outer * inner == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  float scale;
  if (mode == 1 && align_corners) scale = out > 1 ? (float)(in - 1) / (float)(out - 1) : 0.0f;
  else scale = scale_value(scale_factor, in, out);
  for (int64_t o = 0; o < out; o++) {
    int64_t i0, i1;
    float l0 = 1.0f, l1 = 0.0f;
    if (mode == 0) i0 = i1 = nearest_index(o, in, scale);
    else linear_source(o, in, out, align_corners, scale, &i0, &i1, &l0, &l1);
    for (int64_t b = 0; b < outer; b++) {
      const float *r0 = x + (b * in + i0) * inner, *r1 = x + (b * in + i1) * inner;
      float *yr = y + (b * out + o) * inner;
      if (mode == 0) memcpy(yr, r0, (size_t)inner * sizeof(float));
      else
        for (int64_t e = 0; e < inner; e++) yr[e] = r0[e] * l0 + r1[e] * l1;
    }
  }
  return FXRT_OK;
}

/* The source index of output index j of a padded dimension (in elements before, after), or -1 if PyTorch's
 * formula leaves the input (which its checks are meant to rule out). */
static int64_t pad_source(fxrt_pad_mode mode, int64_t j, int64_t in, int64_t before, int64_t after) {
  const int64_t i_start = before < 0 ? -before : 0, o_start = before > 0 ? before : 0;
  int64_t src;
  switch (mode) {
  case FXRT_PAD_REFLECT: /* ReflectionPad.cpp */
    if (j < before)
      src = before * 2 - j;
    else if (j < in + before)
      src = j;
    else
      src = (in + before - 1) * 2 - j;
    src = src - o_start + i_start;
    break;
  case FXRT_PAD_REPLICATE: /* ReplicationPadding.cpp */
    if (j < before)
      src = before;
    else if (j < in + before)
      src = j;
    else
      src = in + before - 1;
    src = src - o_start + i_start;
    break;
  case FXRT_PAD_CIRCULAR: { /* PadNd.cpp _pad_circular: the cropped input, wrapped */
    const int64_t len = in - i_start - (after < 0 ? -after : 0);
    src = i_start + ((j - o_start) % len + len) % len;
    break;
  }
  default: return -1;
  }
  return src >= 0 && src < in ? src : -1;
}

/* Whether a dimension of size in padded by (before, after) is accepted by PyTorch and well defined. */
static bool pad_dim_ok(fxrt_pad_mode mode, int64_t in, int64_t before, int64_t after) {
  if (before < -DIM_LIMIT || before > DIM_LIMIT || after < -DIM_LIMIT || after > DIM_LIMIT) return false;
  const int64_t out = in + before + after;
  if (out < 1) return false;
  if (mode == FXRT_PAD_REFLECT && (before >= in || after >= in)) return false;
  if (mode == FXRT_PAD_CIRCULAR) {
    /* PyTorch requires pads <= in; the wrapped copies must also come from the cropped input */
    const int64_t len = in - (before < 0 ? -before : 0) - (after < 0 ? -after : 0);
    if (len < 1 || before > len || after > len) return false;
  }
  for (int64_t j = 0; j < out; j++)
    if (pad_source(mode, j, in, before, after) < 0) return false;
  return true;
}

/* torch.nn.functional.pad(x, (left, right, top, bottom), mode='reflect' | 'replicate' | 'circular') on
 * [n, c, h, w]. Negative pads crop, as in PyTorch. Reflect needs each pad < the dimension; circular pads wrap the
 * (cropped) input at most once. */
fxrt_status fxrt_pad2d_f32(fxrt_pad_mode mode, const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                           const int64_t pads[4], float *y) {
  int64_t t;
  if (!pads || (mode != FXRT_PAD_REFLECT && mode != FXRT_PAD_REPLICATE && mode != FXRT_PAD_CIRCULAR))
    return FXRT_EINVAL;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(h, 1) || !in_range(w, 1)) return FXRT_EINVAL;
  if (!pad_dim_ok(mode, w, pads[0], pads[1]) || !pad_dim_ok(mode, h, pads[2], pads[3])) return FXRT_EINVAL;
  const int64_t oh = h + pads[2] + pads[3], ow = w + pads[0] + pads[1];
  if (!mul_ok(n, c, &t) || !mul_ok(t, h, &t) || !mul_ok(t, w, &t) || !mul_ok(n * c, oh, &t) || !mul_ok(t, ow, &t))
    return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t left = pads[0] > 0 ? pads[0] : 0, right = pads[1] > 0 ? pads[1] : 0;
  const int64_t inner = ow - left - right; /* the columns copied straight from the input */
  const int64_t first = pad_source(mode, left, w, pads[0], pads[1]);
  for (int64_t plane = 0; plane < n * c; plane++) {
    const float *xp = x + plane * h * w;
    float *yp = y + plane * oh * ow;
    for (int64_t oy = 0; oy < oh; oy++) {
      const float *xr = xp + pad_source(mode, oy, h, pads[2], pads[3]) * w;
      float *yr = yp + oy * ow;
      for (int64_t ox = 0; ox < left; ox++) yr[ox] = xr[pad_source(mode, ox, w, pads[0], pads[1])];
      if (inner > 0) memcpy(yr + left, xr + first, (size_t)inner * sizeof(float));
      for (int64_t ox = left + inner; ox < ow; ox++) yr[ox] = xr[pad_source(mode, ox, w, pads[0], pads[1])];
    }
  }
  return FXRT_OK;
}

/* torch.nn.functional.embedding(idx, weight) (index_select along dim 0): y[i, :] = weight[idx[i], :]. Every index
 * is checked before anything is written; one outside [0, rows) is FXRT_ERANGE. */
fxrt_status fxrt_embedding_f32(const float *weight, int64_t rows, int64_t dim, const int64_t *idx, int64_t count,
                               float *y) {
  int64_t t;
  if (rows < 0 || dim < 0 || count < 0 || !mul_ok(rows, dim, &t) || !mul_ok(count, dim, &t)) return FXRT_EINVAL;
  if (count == 0) return FXRT_OK;
  if (!idx) return FXRT_EINVAL;
  for (int64_t i = 0; i < count; i++)
    if (idx[i] < 0 || idx[i] >= rows) return FXRT_ERANGE;
  if (dim == 0) return FXRT_OK;
  if (!weight || !y) return FXRT_EINVAL;
  for (int64_t i = 0; i < count; i++) memcpy(y + i * dim, weight + idx[i] * dim, (size_t)dim * sizeof(float));
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_upsample_nearest2d_f32
#undef fxrt_upsample_bilinear2d_f32
#undef fxrt_pad2d_f32
FXRT_DISPATCHER(fxrt_status, fxrt_upsample_nearest2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 double scale_factor_h, double scale_factor_w),
                (x, n, c, h, w, y, oh, ow, scale_factor_h, scale_factor_w))
FXRT_DISPATCHER(fxrt_status, fxrt_upsample_bilinear2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 bool align_corners, double scale_factor_h, double scale_factor_w),
                (x, n, c, h, w, y, oh, ow, align_corners, scale_factor_h, scale_factor_w))
FXRT_DISPATCHER(fxrt_status, fxrt_pad2d_f32,
                (fxrt_pad_mode mode, const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const int64_t pads[4],
                 float *y),
                (mode, x, n, c, h, w, pads, y))
