/* fxrt_rnn.c: the recurrence of nn.RNN, nn.LSTM and nn.GRU for one layer and direction (fxrt.h: fxrt_rnn_f32).
 *
 * The input's part of every gate (x W_ih^T + b_ih) is one GEMM before this kernel; here each step computes the
 * recurrent part gh = h W_hh^T + b_hh for the whole batch into the workspace, then the cell's nonlinearities with
 * the runtime's scalar sigmoid and tanh (fxrt_scalar.h), in the order of PyTorch's CPU cells
 * (aten/src/ATen/native/RNN.cpp): LSTM gates = gh + gx; GRU's n = tanh(gx_n + gh_n * r) and h = (h - n) * z + n.
 */
#include "fxrt.h"
#include "fxrt_scalar.h"

#include <string.h>

/* the row of step t and batch item b in gx and y: [T, B, ...] or, batch_first, [B, T, ...] */
static int64_t row_of(int64_t t, int64_t b, int64_t T, int64_t B, int64_t batch_first) {
  return batch_first ? b * T + t : t * B + b;
}

static int64_t gates_of(int64_t mode) { return mode == FXRT_RNN_LSTM ? 4 : mode == FXRT_RNN_GRU ? 3 : 1; }

int64_t fxrt_rnn_workspace_size(int64_t mode, int64_t B, int64_t H, int64_t proj) {
  return B * gates_of(mode) * H + (mode == FXRT_RNN_LSTM && proj ? H : 0);
}

fxrt_status fxrt_rnn_f32(int64_t mode, const float *gx, const float *w_hh, const float *b_hh, const float *w_hr,
                         float *y, float *h_n, float *c_n, float *work, int64_t T, int64_t B, int64_t H, int64_t P,
                         int64_t reverse, int64_t init, int64_t batch_first, int64_t y_stride) {
  if (mode < FXRT_RNN_TANH || mode > FXRT_RNN_GRU || T < 0 || B < 0 || H < 0 || P < 0 || y_stride < P)
    return FXRT_EINVAL;
  const int64_t G = gates_of(mode), GH = G * H;
  const bool lstm = mode == FXRT_RNN_LSTM;
  if ((lstm && !c_n) || (!w_hr && P != H) || (w_hr && !lstm)) return FXRT_EINVAL;
  float *proj = w_hr ? work + B * GH : NULL; /* LSTM with proj_size: one row of o * tanh(c) before the projection */
  if (!init) {
    memset(h_n, 0, (size_t)(B * P) * sizeof *h_n);
    if (lstm) memset(c_n, 0, (size_t)(B * H) * sizeof *c_n);
  }
  for (int64_t s = 0; s < T; s++) {
    const int64_t t = reverse ? T - 1 - s : s, tp = reverse ? t + 1 : t - 1;
    /* gh = h W_hh^T + b_hh */
    for (int64_t b = 0; b < B; b++) {
      const float *h = s == 0 ? h_n + b * P : y + row_of(tp, b, T, B, batch_first) * y_stride;
      float *g = work + b * GH;
      for (int64_t j = 0; j < GH; j++) {
        const float *w = w_hh + j * P;
        float acc = 0.0f;
        for (int64_t k = 0; k < P; k++) acc += h[k] * w[k];
        g[j] = b_hh ? acc + b_hh[j] : acc;
      }
    }
    for (int64_t b = 0; b < B; b++) {
      const int64_t row = row_of(t, b, T, B, batch_first);
      const float *xg = gx + row * GH;
      float *g = work + b * GH, *out = y + row * y_stride;
      const float *h = s == 0 ? h_n + b * P : y + row_of(tp, b, T, B, batch_first) * y_stride;
      switch ((fxrt_rnn_mode)mode) {
      case FXRT_RNN_TANH:
      case FXRT_RNN_RELU:
        for (int64_t j = 0; j < H; j++) {
          const float v = g[j] + xg[j];
          out[j] = mode == FXRT_RNN_TANH ? fxrt_s_tanh(v) : (v > 0.0f ? v : 0.0f);
        }
        break;
      case FXRT_RNN_LSTM: {
        float *c = c_n + b * H, *hh = proj ? proj : out;
        for (int64_t j = 0; j < H; j++) {
          const float ig = fxrt_s_sigmoid(g[j] + xg[j]), fg = fxrt_s_sigmoid(g[H + j] + xg[H + j]);
          const float cg = fxrt_s_tanh(g[2 * H + j] + xg[2 * H + j]);
          const float og = fxrt_s_sigmoid(g[3 * H + j] + xg[3 * H + j]);
          c[j] = fg * c[j] + ig * cg;
          hh[j] = og * fxrt_s_tanh(c[j]);
        }
        if (proj)
          for (int64_t q = 0; q < P; q++) {
            const float *w = w_hr + q * H;
            float acc = 0.0f;
            for (int64_t k = 0; k < H; k++) acc += proj[k] * w[k];
            out[q] = acc;
          }
        break;
      }
      case FXRT_RNN_GRU:
        for (int64_t j = 0; j < H; j++) {
          const float rg = fxrt_s_sigmoid(g[j] + xg[j]), zg = fxrt_s_sigmoid(g[H + j] + xg[H + j]);
          const float ng = fxrt_s_tanh(xg[2 * H + j] + g[2 * H + j] * rg);
          out[j] = (h[j] - ng) * zg + ng;
        }
        break;
      }
    }
  }
  /* h_n: the last step's h (zeros' copy stays for T == 0) */
  if (T > 0) {
    const int64_t t = reverse ? 0 : T - 1;
    for (int64_t b = 0; b < B; b++) {
      const int64_t row = row_of(t, b, T, B, batch_first);
      memcpy(h_n + b * P, y + row * y_stride, (size_t)P * sizeof *h_n);
    }
  }
  return FXRT_OK;
}
