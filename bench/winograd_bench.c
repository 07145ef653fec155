/* winograd_bench.c: the 3x3 stride-1 convolutions of torchvision's ResNets (and a few other shapes of the zoo) by the
 * im2col + GEMM kernel (fxrt_conv2d_f32) and by Winograd F(4x4, 3x3) and F(2x2, 3x3) (fxrt_winograd_conv2d_f32), side
 * by side in one run, one thread, with the same epilogue (bias + ReLU), the kernels taking turns; and by the dense
 * convolution of the blocked layout (fxrt_conv2d_nchwc_f32 on x and y in NCHW16c, the weight packed; the reorders are
 * not timed: in a blocked chain there are none). Prints the median time of each, the speedups, and the largest
 * difference between each output and the direct one, relative to max |y|. This is what fx2c's winograd and nchwc
 * passes decide from (optimizer/winograd.c, optimizer/nchwc.c). Build it as generated code is built:
 *
 *     cc -std=c99 -O2 -march=native -Iruntime bench/winograd_bench.c runtime/fxrt_*.c -pthread -lm -o winograd_bench
 *     ./winograd_bench [runs] [threads]
 *
 * With threads > 1, every kernel runs on a pool of that many threads (fxrt_threads.h).
 */
#define _POSIX_C_SOURCE 200112L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxrt.h"
#include "fxrt_threads.h"

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
  const int runs = argc > 1 ? atoi(argv[1]) : 20, nthreads = argc > 2 ? atoi(argv[2]) : 1;
  fxrt_threads *pool = nthreads > 1 ? fxrt_threads_start(nthreads) : NULL;
  const fxrt_threadpool *tp = fxrt_threads_pool(pool);
  static const struct { const char *name; int64_t n, c, h, k; } shapes[] = {
      {"resnet layer1 56x56 64->64", 1, 64, 56, 64},   {"resnet layer2 28x28 128->128", 1, 128, 28, 128},
      {"resnet layer3 14x14 256->256", 1, 256, 14, 256}, {"resnet layer4 7x7 512->512", 1, 512, 7, 512},
      {"vgg 224x224 64->64", 1, 64, 224, 64},           {"vgg 112x112 128->128", 1, 128, 112, 128},
      {"densenet 56x56 128->32", 1, 128, 56, 32},       {"densenet 7x7 128->32", 1, 128, 7, 32},
      {"inception 35x35 64->96", 1, 64, 35, 96},        {"small 8x8 16->16", 1, 16, 8, 16},
      {"resnet layer4, batch 8", 8, 512, 7, 512},       {"vgg stem 224x224 3->64", 1, 3, 224, 64},
      /* the input and output channels at 28x28: where the transforms stop paying (optimizer/winograd.c) */
      {"28x28 8->64", 1, 8, 28, 64},                    {"28x28 16->64", 1, 16, 28, 64},
      {"28x28 16->256", 1, 16, 28, 256},                {"28x28 32->128", 1, 32, 28, 128},
      {"28x28 64->64", 1, 64, 28, 64},                  {"28x28 64->256", 1, 64, 28, 256},
      /* squeezenet1_1's last two expand3x3 (16 tiles of 4x4) */
      {"squeezenet 13x13 48->192", 1, 48, 13, 192},     {"squeezenet 13x13 64->256", 1, 64, 13, 256},
  };
  char cpu[128] = "?";
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (strncmp(line, "model name", 10) == 0 && strchr(line, ':')) {
        snprintf(cpu, sizeof cpu, "%s", strchr(line, ':') + 2);
        cpu[strcspn(cpu, "\n")] = 0;
        break;
      }
    fclose(f);
  }
  char day[32];
  const time_t now = time(NULL);
  strftime(day, sizeof day, "%Y-%m-%d", localtime(&now));
  printf("# 3x3 convolutions: im2col + GEMM against Winograd\n\n`bench/winograd_bench.c` on %s: %s, %d thread(s), "
         "batch 1 unless said, medians of %d runs in milliseconds (the four kernels taking turns), bias + ReLU. NCHW16c: "
         "the blocked layout's dense kernel, without reorders. `diff`: max |other - direct| / max |direct|.\n\n",
         day, cpu, nthreads > 1 ? nthreads : 1, runs);
  printf("| shape | im2col+GEMM ms | F(4x4) ms | F(2x2) ms | NCHW16c ms | F(4x4) speedup | F(2x2) speedup | NCHW16c "
         "speedup | F(4x4) diff | F(2x2) diff | NCHW16c diff |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
    const int64_t n = shapes[s].n, c = shapes[s].c, h = shapes[s].h, k = shapes[s].k;
    const size_t nx = (size_t)(n * c * h * h), ny = (size_t)(n * k * h * h), nw = (size_t)(k * c * 9);
    float *x = buf(nx, 1), *w = buf(nw, 2), *b = buf((size_t)k, 3);
    float *y[4] = {buf(ny, 4), buf(ny, 5), buf(ny, 6), buf(ny, 7)};
    const size_t cb = (size_t)(c + 15) / 16, kb = (size_t)(k + 15) / 16;
    float *xb = buf((size_t)n * cb * 16 * (size_t)(h * h), 8), *yb = buf((size_t)n * kb * 16 * (size_t)(h * h), 9);
    for (size_t i = 0; i < nw; i++) w[i] *= 0.05f;
    float *u[3] = {NULL, malloc((size_t)fxrt_winograd_weight_numel(4, k, c) * sizeof(float)),
                   malloc((size_t)fxrt_winograd_weight_numel(2, k, c) * sizeof(float))};
    fxrt_winograd_weight_f32(4, w, k, c, u[1]);
    fxrt_winograd_weight_f32(2, w, k, c, u[2]);
    fxrt_conv2d_params p = {{1, 1}, {1, 1}, {1, 1}, 1, {0, 0}};
    float *wp = malloc((size_t)fxrt_nchwc_weight_numel(c, k, 3, 3, &p) * sizeof(float));
    if (!wp || fxrt_nchwc_pack_weight_f32(w, c, k, 3, 3, &p, wp) || fxrt_to_nchwc_f32(x, n, c, h * h, xb)) return 1;
    size_t wsb[3] = {fxrt_conv2d_workspace_size(n, c, h, h, k, 3, 3, h, h, &p),
                     fxrt_winograd_workspace_size(4, n, c, h, h, k, h, h, 1, 1, nthreads),
                     fxrt_winograd_workspace_size(2, n, c, h, h, k, h, h, 1, 1, nthreads)}, most = 0;
    for (int v = 0; v < 3; v++) most = wsb[v] > most ? wsb[v] : most;
    void *ws = malloc(most); /* the kernels align it */
    fxrt_epilogue ep = {FXRT_ACT_RELU, 0, 0, 0, NULL};
    double *t[4];
    for (int v = 0; v < 4; v++) t[v] = malloc(sizeof(double) * (size_t)runs);
    for (int r = -2; r < runs; r++) /* two warm-up rounds; then the four kernels take turns */
      for (int v = 0; v < 4; v++) {
        const double a = now_ms();
        const fxrt_status st =
            v == 0   ? fxrt_conv2d_f32(x, n, c, h, h, w, k, 3, 3, b, y[0], h, h, &p, &ep, ws, wsb[0], tp)
            : v == 3 ? fxrt_conv2d_nchwc_f32(xb, n, c, h, h, wp, k, 3, 3, b, yb, h, h, &p, &ep, tp)
                     : fxrt_winograd_conv2d_f32(v == 1 ? 4 : 2, x, n, c, h, h, u[v], k, b, y[v], h, h, 1, 1, &ep, ws,
                                                wsb[v], tp);
        if (st != FXRT_OK) return 1;
        if (r >= 0) t[v][r] = now_ms() - a;
      }
    if (fxrt_from_nchwc_f32(yb, n, k, h * h, y[3])) return 1;
    double med[4], diff[4] = {0, 0, 0, 0}, ymax = 0;
    for (int v = 0; v < 4; v++) {
      qsort(t[v], (size_t)runs, sizeof *t[v], cmp);
      med[v] = t[v][runs / 2];
    }
    for (size_t i = 0; i < ny; i++) {
      ymax = fmax(ymax, fabs((double)y[0][i]));
      for (int v = 1; v < 4; v++) diff[v] = fmax(diff[v], fabs((double)y[0][i] - y[v][i]));
    }
    const double m = ymax > 0 ? ymax : 1;
    printf("| %s | %.3f | %.3f | %.3f | %.3f | %.2fx | %.2fx | %.2fx | %.1e | %.1e | %.1e |\n", shapes[s].name, med[0],
           med[1], med[2], med[3], med[0] / med[1], med[0] / med[2], med[0] / med[3], diff[1] / m, diff[2] / m,
           diff[3] / m);
    free(x), free(w), free(b), free(ws), free(xb), free(yb), free(wp);
    for (int v = 0; v < 4; v++) free(y[v]), free(t[v]);
    free(u[1]), free(u[2]);
  }
  fxrt_threads_stop(pool);
  return 0;
}
