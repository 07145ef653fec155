/* fxrt_spectral.c: the real discrete Fourier transform (torch.fft.rfft along the last dimension; the frames of
 * torch.stft).
 *
 * A direct transform, O(n^2) per row: audio front ends transform frames of a few hundred samples, where this is a
 * few milliseconds, and any n works (400 is common, not a power of two). Rows are taken in blocks of ROWS: for each
 * frequency k, the twiddle factors exp(-2 pi i k t / n), t = 0 .. n-1, are made once per block by rotation in double
 * precision, set exactly again from k * t mod n every ANCHOR steps so that rounding cannot build up, and every row
 * of the block accumulates its sum in double.
 */
#include "fxrt.h"
#include "fxrt_check.h"

#include <math.h>

enum { ROWS = 16, ANCHOR = 32 };

static const double two_pi = 6.283185307179586476925286766559;

fxrt_status fxrt_rdft_f32(const float *x, int64_t rows, int64_t n, float scale, bool magnitude, float *y) {
  int64_t t;
  if (!in_range(rows, 0) || !in_range(n, 1) || !mul_ok(rows, n, &t)) return FXRT_EINVAL;
  if (rows == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t nf = n / 2 + 1, per = magnitude ? 1 : 2;
  for (int64_t r0 = 0; r0 < rows; r0 += ROWS) {
    const int64_t nr = rows - r0 < ROWS ? rows - r0 : ROWS;
    for (int64_t k = 0; k < nf; k++) {
      double re[ROWS] = {0}, im[ROWS] = {0};
      const double sc = cos(two_pi * (double)k / (double)n), ss = -sin(two_pi * (double)k / (double)n);
      double wr = 1.0, wi = 0.0;
      int64_t m = 0; /* k * t mod n */
      for (int64_t tt = 0; tt < n; tt++) {
        if (tt % ANCHOR == 0) {
          wr = cos(two_pi * (double)m / (double)n);
          wi = -sin(two_pi * (double)m / (double)n);
        }
        for (int64_t i = 0; i < nr; i++) {
          const double v = (double)x[(r0 + i) * n + tt];
          re[i] += v * wr;
          im[i] += v * wi;
        }
        const double nwr = wr * sc - wi * ss;
        wi = wr * ss + wi * sc;
        wr = nwr;
        m += k;
        if (m >= n) m -= n;
      }
      for (int64_t i = 0; i < nr; i++) {
        float *o = y + ((r0 + i) * nf + k) * per;
        if (!magnitude) {
          o[0] = (float)(re[i] * (double)scale);
          o[1] = (float)(im[i] * (double)scale);
        } else {
          o[0] = (float)(sqrt(re[i] * re[i] + im[i] * im[i]) * fabs((double)scale));
        }
      }
    }
  }
  return FXRT_OK;
}
