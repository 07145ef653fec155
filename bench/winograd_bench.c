/* winograd_bench.c: the 3x3 stride-1 convolutions of torchvision's ResNets (and a few other shapes of the zoo) by the
 * im2col + GEMM kernel (fxrt_conv2d_f32) and by Winograd F(4x4, 3x3) (fxrt_winograd_conv2d_f32), side by side in one
 * run, one thread, with the same epilogue (bias + ReLU). Prints the median time of each, their ratio, the transformed
 * weight's size against the original's, and the largest difference between the two outputs relative to max |y|.
 * This is what fx2c's winograd pass decides from (optimizer/winograd.c). Build it as generated code is built:
 *
 *     cc -std=c99 -O2 -march=native -Iruntime bench/winograd_bench.c runtime/fxrt_*.c -lm -o winograd_bench
 *     ./winograd_bench [runs]
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxrt.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static float *buf(size_t n, unsigned seed) {
  float *p = malloc(n * sizeof *p);
  if (!p) exit(1);
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    p[i] = (float)((seed >> 8) & 0xffff) / 32768.0f - 1.0f;
  }
  return p;
}

int main(int argc, char **argv) {
  const int runs = argc > 1 ? atoi(argv[1]) : 20;
  static const struct { const char *name; int64_t n, c, h, k; } shapes[] = {
      {"resnet layer1 56x56 64->64", 1, 64, 56, 64},   {"resnet layer2 28x28 128->128", 1, 128, 28, 128},
      {"resnet layer3 14x14 256->256", 1, 256, 14, 256}, {"resnet layer4 7x7 512->512", 1, 512, 7, 512},
      {"vgg 224x224 64->64", 1, 64, 224, 64},           {"vgg 112x112 128->128", 1, 128, 112, 128},
      {"densenet 56x56 128->32", 1, 128, 56, 32},       {"densenet 7x7 128->32", 1, 128, 7, 32},
      {"inception 35x35 64->96", 1, 64, 35, 96},        {"small 8x8 16->16", 1, 16, 8, 16},
      {"resnet layer4, batch 8", 8, 512, 7, 512},       {"vgg stem 224x224 3->64", 1, 3, 224, 64},
      {"tiny 17x17 3->8, batch 2", 2, 3, 17, 8},        {"tiny 16x16 8->8, batch 2", 2, 8, 16, 8},
      {"32x32 16->32", 1, 16, 32, 32},                  {"32x32 32->16", 1, 32, 32, 16},
  };
  printf("| shape | im2col+GEMM ms | winograd ms | speedup | weight growth | max |diff| / max |y| |\n|---|---:|---:|---:|---:|---:|\n");
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
    const int64_t n = shapes[s].n, c = shapes[s].c, h = shapes[s].h, k = shapes[s].k;
    const size_t nx = (size_t)(n * c * h * h), ny = (size_t)(n * k * h * h), nw = (size_t)(k * c * 9);
    float *x = buf(nx, 1), *w = buf(nw, 2), *b = buf((size_t)k, 3), *y0 = buf(ny, 4), *y1 = buf(ny, 5);
    for (size_t i = 0; i < nw; i++) w[i] *= 0.05f;
    const int64_t nu = fxrt_winograd_weight_numel(k, c);
    float *u = malloc((size_t)nu * sizeof *u);
    fxrt_winograd_weight_f32(w, k, c, u);
    fxrt_conv2d_params p = {{1, 1}, {1, 1}, {1, 1}, 1};
    const size_t ws0 = fxrt_conv2d_workspace_size(n, c, h, h, k, 3, 3, h, h, &p);
    const size_t ws1 = fxrt_winograd_workspace_size(n, c, h, h, k, h, h, 1, 1);
    void *ws = malloc(ws0 > ws1 ? ws0 : ws1); /* the kernels align it */
    fxrt_epilogue ep = {FXRT_ACT_RELU, 0, 0, 0, NULL};
    double *t0 = malloc(sizeof(double) * (size_t)runs), *t1 = malloc(sizeof(double) * (size_t)runs);
    for (int r = -2; r < runs; r++) { /* two warm-up runs; then alternate the two kernels */
      double a = now_ms();
      if (fxrt_conv2d_f32(x, n, c, h, h, w, k, 3, 3, b, y0, h, h, &p, &ep, ws, ws0) != FXRT_OK) return 1;
      double m = now_ms();
      if (fxrt_winograd_conv2d_f32(x, n, c, h, h, u, k, b, y1, h, h, 1, 1, &ep, ws, ws1) != FXRT_OK) return 1;
      double e = now_ms();
      if (r >= 0) t0[r] = m - a, t1[r] = e - m;
    }
    qsort(t0, (size_t)runs, sizeof *t0, cmp);
    qsort(t1, (size_t)runs, sizeof *t1, cmp);
    double dmax = 0, ymax = 0;
    for (size_t i = 0; i < ny; i++) {
      dmax = fmax(dmax, fabs((double)y0[i] - y1[i]));
      ymax = fmax(ymax, fabs((double)y0[i]));
    }
    printf("| %s | %.3f | %.3f | %.2fx | %.2fx | %.1e |\n", shapes[s].name, t0[runs / 2], t1[runs / 2],
           t0[runs / 2] / t1[runs / 2], (double)nu / (double)nw, dmax / (ymax > 0 ? ymax : 1));
    free(x), free(w), free(b), free(y0), free(y1), free(u), free(ws), free(t0), free(t1);
  }
  return 0;
}
