/* test_rnn.c: fxrt_rnn_f32 against a naive loop written here in double (the cells of PyTorch's documentation of
 * nn.RNN, nn.LSTM and nn.GRU): every mode, both layouts, both directions, with and without an initial state and
 * a bias, LSTM with and without proj_size, written into every other half of a [T, B, 2P] output (the columns of
 * the other direction are left alone), and the errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"

#define RT_SEED 7117u
#include "rt_random.h"

enum { T = 5, B = 3, I = 4, H = 6 };

static double sig(double v) { return 1.0 / (1.0 + exp(-v)); }

/* The reference: h and c [B, H or P] updated over the steps, ys [T][B][P] (step order as the layout says). */
static void naive(int mode, int bf, int rev, const float *x, const float *wih, const float *bih, const float *whh,
                  const float *bhh, const float *whr, int64_t P, const float *h0, const float *c0, double *ys,
                  double *hn, double *cn) {
  const int G = mode == FXRT_RNN_LSTM ? 4 : mode == FXRT_RNN_GRU ? 3 : 1;
  double h[B][H], c[B][H], a[4 * H], gh[4 * H];
  for (int b = 0; b < B; b++)
    for (int j = 0; j < H; j++) {
      h[b][j] = j < P && h0 ? h0[b * P + j] : 0;
      c[b][j] = c0 ? c0[b * H + j] : 0;
    }
  for (int s = 0; s < T; s++) {
    const int t = rev ? T - 1 - s : s;
    for (int b = 0; b < B; b++) {
      const float *xt = x + (bf ? (b * T + t) : (t * B + b)) * I;
      for (int j = 0; j < G * H; j++) {
        a[j] = bih ? bih[j] : 0;
        gh[j] = bhh ? bhh[j] : 0;
        for (int k = 0; k < I; k++) a[j] += (double)xt[k] * wih[j * I + k];
        for (int k = 0; k < P; k++) gh[j] += h[b][k] * whh[j * P + k];
      }
      double hnew[H];
      for (int j = 0; j < H; j++) {
        if (mode == FXRT_RNN_TANH) hnew[j] = tanh(a[j] + gh[j]);
        else if (mode == FXRT_RNN_RELU) hnew[j] = a[j] + gh[j] > 0 ? a[j] + gh[j] : 0;
        else if (mode == FXRT_RNN_GRU) {
          const double r = sig(a[j] + gh[j]), z = sig(a[H + j] + gh[H + j]);
          const double n = tanh(a[2 * H + j] + r * gh[2 * H + j]);
          hnew[j] = (1 - z) * n + z * h[b][j];
        } else {
          const double i = sig(a[j] + gh[j]), f = sig(a[H + j] + gh[H + j]);
          const double g = tanh(a[2 * H + j] + gh[2 * H + j]), o = sig(a[3 * H + j] + gh[3 * H + j]);
          c[b][j] = f * c[b][j] + i * g;
          hnew[j] = o * tanh(c[b][j]);
        }
      }
      for (int q = 0; q < P; q++) {
        double v = hnew[q];
        if (whr) {
          v = 0;
          for (int k = 0; k < H; k++) v += hnew[k] * whr[q * H + k];
        }
        ys[(t * B + b) * P + q] = v;
      }
      for (int q = 0; q < P; q++) h[b][q] = ys[(t * B + b) * P + q];
    }
  }
  for (int b = 0; b < B; b++) {
    for (int q = 0; q < P; q++) hn[b * P + q] = h[b][q];
    for (int j = 0; j < H; j++) cn[b * H + j] = c[b][j];
  }
}

static void one_case(int mode, int bf, int rev, int init, int bias, int proj) {
  const int G = mode == FXRT_RNN_LSTM ? 4 : mode == FXRT_RNN_GRU ? 3 : 1;
  const int64_t P = proj ? 4 : H, ys = 2 * P;
  float *x = rand_buf(T * B * I), *wih = rand_buf(G * H * I), *bih = rand_buf(G * H), *whh = rand_buf(G * H * P);
  float *bhh = rand_buf(G * H), *whr = rand_buf(P * H), *h0 = rand_buf(B * P), *c0 = rand_buf(B * H);
  /* gx = x W_ih^T + b_ih, rows in the input's order */
  float *gx = calloc((size_t)(T * B * G * H), sizeof(float));
  for (int r = 0; r < T * B; r++)
    for (int j = 0; j < G * H; j++) {
      float acc = bias ? bih[j] : 0.0f;
      for (int k = 0; k < I; k++) acc += x[r * I + k] * wih[j * I + k];
      gx[r * G * H + j] = acc;
    }
  float *y = malloc(sizeof(float) * (size_t)(T * B * ys)), *hn = malloc(sizeof(float) * B * P);
  float *cn = malloc(sizeof(float) * B * H);
  float *work = malloc(sizeof(float) * (size_t)fxrt_rnn_workspace_size(mode, B, H, proj));
  for (int i = 0; i < T * B * ys; i++) y[i] = 99.0f;
  memcpy(hn, h0, sizeof(float) * B * P);
  memcpy(cn, c0, sizeof(float) * B * H);
  assert_int_equal(fxrt_rnn_f32(mode, gx, whh, bias ? bhh : NULL, proj ? whr : NULL, y + P, hn,
                                mode == FXRT_RNN_LSTM ? cn : NULL, work, T, B, H, P, rev, init, bf, ys),
                   FXRT_OK);
  double ref[T * B * H], rhn[B * H], rcn[B * H];
  naive(mode, bf, rev, x, wih, bias ? bih : NULL, whh, bias ? bhh : NULL, proj ? whr : NULL, P, init ? h0 : NULL,
        init && mode == FXRT_RNN_LSTM ? c0 : NULL, ref, rhn, rcn);
  for (int t = 0; t < T; t++)
    for (int b = 0; b < B; b++) {
      const float *row = y + (bf ? b * T + t : t * B + b) * ys;
      for (int q = 0; q < P; q++) {
        assert_true(row[q] == 99.0f); /* the other direction's half */
        if (fabs(row[P + q] - ref[(t * B + b) * P + q]) > 1e-5) {
          fprintf(stderr, "mode %d bf %d rev %d init %d bias %d proj %d: y[%d][%d][%d] %g, expected %g\n", mode, bf,
                  rev, init, bias, proj, t, b, q, row[P + q], ref[(t * B + b) * P + q]);
          fail();
        }
      }
    }
  for (int i = 0; i < B * P; i++) assert_true(fabs(hn[i] - rhn[i]) <= 1e-5);
  if (mode == FXRT_RNN_LSTM)
    for (int i = 0; i < B * H; i++) assert_true(fabs(cn[i] - rcn[i]) <= 1e-5);
  free(x), free(wih), free(bih), free(whh), free(bhh), free(whr), free(h0), free(c0), free(gx), free(y), free(hn);
  free(cn), free(work);
}

static void rnn_matches_loop(void **state) {
  (void)state;
  for (int mode = FXRT_RNN_TANH; mode <= FXRT_RNN_GRU; mode++)
    for (int bf = 0; bf < 2; bf++)
      for (int rev = 0; rev < 2; rev++)
        for (int init = 0; init < 2; init++)
          for (int bias = 0; bias < 2; bias++)
            for (int proj = 0; proj < (mode == FXRT_RNN_LSTM ? 2 : 1); proj++)
              one_case(mode, bf, rev, init, bias, proj);
}

static void rnn_errors(void **state) {
  (void)state;
  float buf[64] = {0};
  /* an unknown mode; LSTM without c_n; a projection for GRU; P != H without a projection; y_stride < P */
  assert_int_equal(fxrt_rnn_f32(7, buf, buf, NULL, NULL, buf, buf, buf, buf, 1, 1, 2, 2, 0, 0, 0, 2), FXRT_EINVAL);
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_LSTM, buf, buf, NULL, NULL, buf, buf, NULL, buf, 1, 1, 2, 2, 0, 0, 0, 2),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_GRU, buf, buf, NULL, buf, buf, buf, NULL, buf, 1, 1, 2, 2, 0, 0, 0, 2),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_TANH, buf, buf, NULL, NULL, buf, buf, NULL, buf, 1, 1, 2, 1, 0, 0, 0, 2),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_TANH, buf, buf, NULL, NULL, buf, buf, NULL, buf, 1, 1, 2, 2, 0, 0, 0, 1),
                   FXRT_EINVAL);
  /* no steps: h_n is the initial state (zeros without one) */
  float hn[2] = {3, 4};
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_TANH, buf, buf, NULL, NULL, buf, hn, NULL, buf, 0, 1, 2, 2, 0, 1, 0, 2),
                   FXRT_OK);
  assert_true(hn[0] == 3 && hn[1] == 4);
  assert_int_equal(fxrt_rnn_f32(FXRT_RNN_TANH, buf, buf, NULL, NULL, buf, hn, NULL, buf, 0, 1, 2, 2, 0, 0, 0, 2),
                   FXRT_OK);
  assert_true(hn[0] == 0 && hn[1] == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rnn_matches_loop),
      cmocka_unit_test(rnn_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
