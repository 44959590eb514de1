/* test_gen.c -- the generators written from benchmark sources
 * (csim/workload/shell_gen.c, docs/shell.md "Generators"): for each, at a small
 * size, the exact launch geometry and record counts derived by hand from the
 * CUDA source (the derivation is in the comment above each check), plus the
 * lane addresses of specific records.  Array bases as shell_gen.c places
 * them: the k-th array base at (k + 1) * 16 MiB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shell_wl.h"
#include "tcheck.h"

#define B0 0x01000000u
#define B1 0x02000000u
#define B2 0x03000000u
#define B3 0x04000000u
#define B4 0x05000000u
#define B5 0x06000000u
#define B6 0x07000000u
#define B7 0x08000000u
#define B8 0x09000000u
#define B9 0x0A000000u
#define B10 0x0B000000u

typedef struct { uint32_t blocks, warps; uint64_t ld, st, bar, ex; } kcount_t;

static kcount_t count(const shell_wl_t *w, unsigned k) {
  kcount_t c = {0, 0, 0, 0, 0, 0};
  if (k >= w->nk) return c;
  const wl_kernel_t *K = &w->k[k];
  c.blocks = K->blocks, c.warps = K->warps;
  for (uint32_t i = 0; i < K->blocks * K->warps; i++)
    for (uint32_t r = 0; r < K->wlen[i]; r++) {
      const wl_rec_t *x = &w->rec[K->wfirst[i] + r];
      c.ld += x->kind == WL_LD, c.st += x->kind == WL_ST, c.bar += x->kind == WL_BAR, c.ex += x->kind == WL_EXIT;
    }
  return c;
}

/* The n-th (from 0) load (store=0) or store (store=1) of warp `warp` of block
 * `block` in kernel k, or NULL. */
static const wl_rec_t *mem_rec(const shell_wl_t *w, unsigned k, unsigned block, unsigned warp, int store, unsigned n) {
  if (k >= w->nk) return NULL;
  const wl_kernel_t *K = &w->k[k];
  if (block >= K->blocks || warp >= K->warps) return NULL;
  uint32_t i = block * K->warps + warp;
  for (uint32_t r = 0; r < K->wlen[i]; r++) {
    const wl_rec_t *x = &w->rec[K->wfirst[i] + r];
    if (x->kind == (store ? WL_ST : WL_LD) && n-- == 0) return x;
  }
  return NULL;
}

/* The record's address of lane `lane` equals base + lane * stride for every
 * active lane, and its mask is `mask`. */
static int lanes_are(const shell_wl_t *w, const wl_rec_t *r, uint32_t mask, uint32_t base, uint32_t stride) {
  if (!r || r->mask != mask) return 0;
  uint32_t p = 0;
  for (unsigned l = 0; l < WL_LANES; l++)
    if (mask >> l & 1)
      if (shell_wl_lane(w->pool, r, p++) != base + l * stride) return 0;
  return 1;
}

static int gen(shell_wl_t *w, const char *name, const char *args) {
  shell_wl_init(w, 32);
  return shell_wl_gen(w, name, args, 1);
}

static int kc_is(kcount_t c, uint32_t blocks, uint32_t warps, uint64_t ld, uint64_t st, uint64_t bar) {
  return c.blocks == blocks && c.warps == warps && c.ld == ld && c.st == st && c.bar == bar && c.ex == (uint64_t)blocks * warps;
}
#define KC_FMT "%u blocks x %u warps, %llu LD, %llu ST, %llu BAR, %llu EXIT"
#define KC_ARG(c) (c).blocks, (c).warps, (unsigned long long)(c).ld, (unsigned long long)(c).st, \
                  (unsigned long long)(c).bar, (unsigned long long)(c).ex

/* Loads and stores of warp (block, warp) of kernel k, and how many of them
 * touch [lo, hi) in some active lane. */
typedef struct { unsigned ld, st, ld_in, st_in; } wcount_t;
static wcount_t warp_count(const shell_wl_t *w, unsigned k, unsigned block, unsigned warp, uint32_t lo, uint32_t hi) {
  wcount_t c = {0, 0, 0, 0};
  if (k >= w->nk || block >= w->k[k].blocks || warp >= w->k[k].warps) return c;
  const wl_kernel_t *K = &w->k[k];
  uint32_t i = block * K->warps + warp;
  for (uint32_t r = 0; r < K->wlen[i]; r++) {
    const wl_rec_t *x = &w->rec[K->wfirst[i] + r];
    if (x->kind != WL_LD && x->kind != WL_ST) continue;
    int in = 0;
    uint32_t p = 0;
    for (unsigned l = 0; l < WL_LANES; l++)
      if (x->mask >> l & 1) {
        uint32_t a = shell_wl_lane(w->pool, x, p++);
        in |= a >= lo && a < hi;
      }
    if (x->kind == WL_LD) c.ld++, c.ld_in += in;
    else c.st++, c.st_in += in;
  }
  return c;
}

/* Two warps of kernel k run the same records (kinds, counts, masks, lane addresses). */
static int same_warps(const shell_wl_t *w, unsigned k, unsigned b0, unsigned w0, unsigned b1, unsigned w1) {
  if (k >= w->nk) return 0;
  const wl_kernel_t *K = &w->k[k];
  uint32_t i = b0 * K->warps + w0, j = b1 * K->warps + w1;
  if (K->wlen[i] != K->wlen[j]) return 0;
  for (uint32_t r = 0; r < K->wlen[i]; r++) {
    const wl_rec_t *x = &w->rec[K->wfirst[i] + r], *y = &w->rec[K->wfirst[j] + r];
    if (x->kind != y->kind || x->count != y->count || x->mask != y->mask || x->size != y->size) return 0;
    if (x->kind == WL_LD || x->kind == WL_ST)
      for (unsigned l = 0, n = (unsigned)__builtin_popcount(x->mask); l < n; l++)
        if (shell_wl_lane(w->pool, x, l) != shell_wl_lane(w->pool, y, l)) return 0;
  }
  return 1;
}

static int kname_is(const shell_wl_t *w, unsigned k, const char *name) { return k < w->nk && !strcmp(w->k[k].name, name); }

/* atax (PolyBench-GPU atax.cu; atax.cuh: blocks DIM_THREAD_BLOCK_X x Y =
 * 32 x 8, grid ceil(NX/32) x 1, index i = blockIdx.x * blockDim.x +
 * threadIdx.x), n=40, iters=8, bs=64: blocks of 32 x 2 on ceil(40/32) = 2
 * blocks; both warps of a block own the same 32 elements (threadIdx.y is
 * not in the index): block 0 lanes 0..31, block 1 i = 32..39 (mask 0xff).
 * atax_kernel1, per warp: st tmp[i] (= 0), then per j < 8: ld x[j]
 * (broadcast), ld A[i][j] (lanes 40 floats apart), st tmp[i] -> 16 LD, 9
 * ST; 4 warps: 64 LD, 36 ST.  No load of tmp (nvcc forwards the sum).
 * atax_kernel2 (thread j): st y[j], per i < 8: ld tmp[i], ld A[i][j]
 * (coalesced), st y[j]: the same counts.  A at B0, x B4, y B5, tmp B6. */
static void test_atax(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "atax", "n=40,iters=8,bs=64");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kname_is(&w, 0, "atax_kernel1") && kname_is(&w, 1, "atax_kernel2") &&
                  kc_is(a, 2, 2, 64, 36, 0) && kc_is(b, 2, 2, 64, 36, 0),
           "atax n=40 iters=8 bs=64: atax_kernel1 " KC_FMT "; atax_kernel2 " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* kernel1 block 1 warp 1 (i = 32 + l, lanes 0..7): store 0 tmp[i] = B6 +
   * 128 + 4l; load 0 x[0] (B4, every lane); load 1 A[i][0] = B0 + (32 + l)
   * * 160; load 5 (j = 2) A[i][2] = B0 + 5120 + 8 + 160 l; store 3 (j = 2)
   * tmp[i].  Per warp 16 LD none in tmp, 9 ST all to tmp. */
  wcount_t c = warp_count(&w, 0, 1, 1, B6, B6 + 40 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 1, 1, 1, 0), 0xff, B6 + 128, 4) && lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 0), 0xff, B4, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 1), 0xff, B0 + 5120, 160) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 5), 0xff, B0 + 5128, 160) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 1, 3), 0xff, B6 + 128, 4) && c.ld == 16 && c.ld_in == 0 && c.st == 9 &&
                  c.st_in == 9,
           "atax: atax_kernel1 i=32..39: x[j] broadcast, A[i][j] lanes 160 B apart, tmp[i] stored every trip, never loaded "
           "(%u LD, %u of tmp; %u ST, %u to tmp)", c.ld, c.ld_in, c.st, c.st_in);
  /* kernel2 block 0 warp 0 (j = l): store 0 y[j] = B5 + 4l; load 0 tmp[0]
   * (B6, broadcast), load 1 A[0][j] = B0 + 4l, load 2 tmp[1] = B6 + 4, load 3
   * A[1][j] = B0 + 160 + 4l.  The two warps of every block are the same. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 1, 0, 0, 1, 0), ~0u, B5, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 0), ~0u, B6, 0) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 1), ~0u, B0, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 2), ~0u, B6 + 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 3), ~0u, B0 + 160, 4) && same_warps(&w, 0, 0, 0, 0, 1) &&
                  same_warps(&w, 0, 1, 0, 1, 1) && same_warps(&w, 1, 1, 0, 1, 1) && !same_warps(&w, 0, 0, 0, 1, 0),
           "atax: atax_kernel2 reads tmp[i] (broadcast) and A[i][j] coalesced; a block's warps (threadIdx.y) repeat the same work");
  shell_wl_free(&w);
}

/* bicg (PolyBench-GPU bicg.cu; bicg.cuh: 256 x 1 blocks; bicg_kernel1 on
 * ceil(NY/256) blocks first, then bicg_kernel2 on ceil(NX/256)), n=100,
 * iters=8, bs=64: ceil(100/64) = 2 blocks x 2 warps, elements 0..31,
 * 32..63, 64..95, 96..99 (mask 0xf).
 * bicg_kernel1 (thread j, s = A^T r): st s[j]; per i < 8: ld A[i][j]
 * (coalesced; nvcc loads it before r[i], the product being r[i] * A[..]),
 * ld r[i] (broadcast), st s[j] -> per warp 16 LD, 9 ST; 64 LD, 36 ST.
 * bicg_kernel2 (thread i, q = A p): st q[i]; per j: ld p[j], ld A[i][j]
 * (lanes 100 floats apart), st q[i]: the same counts.  A at B0, r B4, s
 * B5, p B6, q B7. */
static void test_bicg(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "bicg", "n=100,iters=8,bs=64");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kname_is(&w, 0, "bicg_kernel1") && kname_is(&w, 1, "bicg_kernel2") &&
                  kc_is(a, 2, 2, 64, 36, 0) && kc_is(b, 2, 2, 64, 36, 0),
           "bicg n=100 iters=8 bs=64: bicg_kernel1 " KC_FMT "; bicg_kernel2 " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* kernel1 block 1 warp 1 (j = 96 + l, lanes 0..3): load 0 A[0][j] = B0 +
   * 384 + 4l, load 1 r[0] = B4, load 2 A[1][j] = B0 + 784 + 4l, load 3 r[1]
   * = B4 + 4; store 0 and store 8 s[j] = B5 + 384 + 4l.  kernel2 block 1
   * warp 0 (i = 64 + l): load 0 p[0] = B6, load 1 A[i][0] = B0 + 25600 +
   * 400 l, load 15 (j = 7) A[i][7] = B0 + 25628 + 400 l, store 0 q[i] =
   * B7 + 256 + 4l. */
  wcount_t c = warp_count(&w, 0, 1, 1, B5, B5 + 400), d = warp_count(&w, 1, 1, 0, B7, B7 + 400);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 0), 0xf, B0 + 384, 4) && lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 1), 0xf, B4, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 2), 0xf, B0 + 784, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 0, 3), 0xf, B4 + 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 1, 0), 0xf, B5 + 384, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 1, 8), 0xf, B5 + 384, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 1, 0, 0, 0), ~0u, B6, 0) &&
                  lanes_are(&w, mem_rec(&w, 1, 1, 0, 0, 1), ~0u, B0 + 25600, 400) &&
                  lanes_are(&w, mem_rec(&w, 1, 1, 0, 0, 15), ~0u, B0 + 25628, 400) &&
                  lanes_are(&w, mem_rec(&w, 1, 1, 0, 1, 0), ~0u, B7 + 256, 4) && c.ld_in == 0 && c.st_in == 9 && d.ld_in == 0 &&
                  d.st_in == 9,
           "bicg: kernel1 (first) reads A[i][j] coalesced then r[i]; kernel2 p[j] then A[i][j] 400 B apart; s and q stored "
           "every trip, never loaded");
  shell_wl_free(&w);
}

/* mvt (PolyBench-GPU mvt.cu; mvt.cuh: 32 x 8 blocks, grid ceil(N/32), index
 * i = blockIdx.x * blockDim.x + threadIdx.x), n=40, iters=8, bs=256: 2
 * blocks x 8 warps, all 16 live (block 1: i = 32..39, mask 0xff).
 * mvt_kernel1: ld x1[i] (the host's values: no store of 0), per j < 8: ld
 * y_1[j] (broadcast), ld a[i][j] (lanes 40 floats apart), st x1[i] -> 17
 * LD, 8 ST a warp; 272 LD, 128 ST.  mvt_kernel2: ld x2[i], per j: ld
 * y_2[j], ld a[j][i] (coalesced), st x2[i]: the same.  a at B0, x1 B4, x2
 * B5, y_1 B6, y_2 B7. */
static void test_mvt(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "mvt", "n=40,iters=8,bs=256");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kname_is(&w, 0, "mvt_kernel1") && kname_is(&w, 1, "mvt_kernel2") &&
                  kc_is(a, 2, 8, 272, 128, 0) && kc_is(b, 2, 8, 272, 128, 0),
           "mvt n=40 iters=8: mvt_kernel1 " KC_FMT "; mvt_kernel2 " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* kernel1 block 1 warp 7: load 0 x1[32 + l] = B4 + 128 + 4l (0xff), load 1
   * y_1[0] = B6, load 2 a[32 + l][0] = B0 + 5120 + 160 l, store 7 x1[32 + l];
   * x1 loaded once, stored 8 times.  kernel2 block 0 warp 3: load 0 x2[l] =
   * B5 + 4l, load 3 y_2[1] = B7 + 4, load 4 a[1][l] = B0 + 160 + 4l. */
  wcount_t c = warp_count(&w, 0, 1, 7, B4, B4 + 160);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 1, 7, 0, 0), 0xff, B4 + 128, 4) && lanes_are(&w, mem_rec(&w, 0, 1, 7, 0, 1), 0xff, B6, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 7, 0, 2), 0xff, B0 + 5120, 160) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 7, 1, 7), 0xff, B4 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 3, 0, 0), ~0u, B5, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 3, 0, 3), ~0u, B7 + 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 3, 0, 4), ~0u, B0 + 160, 4) && c.ld == 17 && c.ld_in == 1 && c.st_in == 8 &&
                  same_warps(&w, 1, 0, 0, 0, 7),
           "mvt: x1[i] loaded once before the loop and stored every trip (%u LD, %u of x1; %u ST to x1); kernel2 reads a[j][i] "
           "coalesced; a block's 8 warps repeat the same work", c.ld, c.ld_in, c.st_in);
  shell_wl_free(&w);
}

/* gesummv (PolyBench-GPU gesummv.cu; gesummv.cuh: 256 x 1 blocks, grid
 * ceil(N/256)), n=40, iters=8, bs=64: 1 block x 2 warps (warp 1: i =
 * 32..39, mask 0xff).  Per trip, as nvcc's PTX: ld x[j], ld A[i][j], ld
 * tmp[i], st tmp[i], ld x[j], ld B[i][j], ld y[i], st y[i] (each store may
 * alias the other accumulator and x); after the loop ld tmp[i], ld y[i],
 * st y[i]: 8 x 6 + 2 = 50 LD, 8 x 2 + 1 = 17 ST a warp; 100 LD, 34 ST.
 * A at B0, B at B4, tmp B8, x B9, y B10. */
static void test_gesummv(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "gesummv", "n=40,iters=8,bs=64");
  kcount_t a = count(&w, 0);
  TC_CHECK(t, rc == 0 && w.nk == 1 && kname_is(&w, 0, "gesummv_kernel") && kc_is(a, 1, 2, 100, 34, 0),
           "gesummv n=40 iters=8 bs=64: " KC_FMT, KC_ARG(a));
  /* warp 1 (i = 32 + l): load 0 x[0] = B9, 1 A[i][0] = B0 + 5120 + 160 l, 2
   * tmp[i] = B8 + 128 + 4l, 3 x[0] again, 4 B[i][0] = B4 + 5120 + 160 l, 5
   * y[i] = B10 + 128 + 4l, 6 x[1] = B9 + 4; store 0 tmp[i], store 1 y[i];
   * after the loop load 48 tmp[i], load 49 y[i], store 16 y[i].  tmp and
   * y: 9 loads and 8 / 9 stores each. */
  wcount_t ct = warp_count(&w, 0, 0, 1, B8, B8 + 160), cy = warp_count(&w, 0, 0, 1, B10, B10 + 160),
           cx = warp_count(&w, 0, 0, 1, B9, B9 + 160);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 0), 0xff, B9, 0) && lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 1), 0xff, B0 + 5120, 160) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 2), 0xff, B8 + 128, 4) && lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 3), 0xff, B9, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 4), 0xff, B4 + 5120, 160) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 5), 0xff, B10 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 6), 0xff, B9 + 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 1, 0), 0xff, B8 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 1, 1), 0xff, B10 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 48), 0xff, B8 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 49), 0xff, B10 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 1, 16), 0xff, B10 + 128, 4) && !mem_rec(&w, 0, 0, 1, 1, 17) &&
                  ct.ld_in == 9 && ct.st_in == 8 && cy.ld_in == 9 && cy.st_in == 9 && cx.ld_in == 16,
           "gesummv: per trip x[j], A[i][j], tmp[i] (reloaded), st tmp, x[j] again, B[i][j], y[i], st y; then tmp, y, st y "
           "(tmp %u LD %u ST, y %u LD %u ST, x %u LD)", ct.ld_in, ct.st_in, cy.ld_in, cy.st_in, cx.ld_in);
  shell_wl_free(&w);
}

/* The matrix-vector kernels' limits: iters at most n (the loop spans the
 * matrix's n rows or columns); the n x n matrix at most the 64 MiB from the
 * first base to the fifth (n = 4096, the suite's size, fits; 4097 does
 * not); each refused before anything is built. */
static void test_mv_limits(tc_t *t) {
  shell_wl_t w;
  int r1 = gen(&w, "atax", "n=64,iters=65");
  shell_wl_free(&w);
  int r2 = gen(&w, "gesummv", "n=4097,iters=1");
  shell_wl_free(&w);
  int r3 = gen(&w, "mvt", "n=64");
  kcount_t a = count(&w, 0);
  shell_wl_free(&w);
  TC_CHECK(t, r1 == -1 && r2 == -1 && r3 == 0 && a.ld == 2 * 8 * (1 + 2 * 64),
           "atax iters=65 > n=64 refused (%d); gesummv n=4097 refused (%d); mvt n=64 runs its full loops by default (%llu LD)",
           r1, r2, (unsigned long long)a.ld);
}

/* The matrix products below accumulate into a global element inside the k
 * loop (`C[i][j] += ...`, no pointer __restrict__): nvcc stores the sum
 * every trip and forwards it to the next trip (no reload), so a live warp
 * runs, with K trips: stores 1 + K (`= 0` or `*= beta`, then one a trip),
 * loads 2 K (+ 1 for `*= beta`).  The expected totals below are written as
 * those formulas over the warps the launch geometry gives. */

/* 2mm (PolyBench-GPU 2mm.cu), n=48 (NI=NJ=NL), iters=8 (NK), bs=256:
 * both kernels on grid ceil(48/32) x ceil(48/8) = 2 x 6 = 12 blocks of 32 x 8
 * (8 warps, warp = one row i).  Every row i < 48 is live; bx = 0 warps have
 * 32 lanes (j < 32), bx = 1 warps 16 (32 <= j < 48).  W = 96 live warps.
 * mm2_kernel1: st tmp[i][j] (= 0); k < NK: ld A[i][k] (the alpha product
 *   first), ld B[k][j], st tmp[i][j].
 * mm2_kernel2: ld D, st D (*= beta); k < NJ: ld C[k][j], ld tmp[i][k] (the
 *   product's second operand first, as nvcc's PTX), st D.  No barrier. */
static void test_2mm(tc_t *t) {
  shell_wl_t w;
  const uint64_t W = 96, NK = 8, NJ = 48;
  int rc = gen(&w, "2mm", "n=48,iters=8,bs=256");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kc_is(a, 12, 8, W * 2 * NK, W * (1 + NK), 0) &&
                  kc_is(b, 12, 8, W * (1 + 2 * NJ), W * (1 + NJ), 0),
           "2mm n=48 iters=8: mm2_kernel1 " KC_FMT "; mm2_kernel2 " KC_FMT " (a store of the sum every trip)", KC_ARG(a),
           KC_ARG(b));
  /* block 3 = (bx 1, by 1), warp 2: i = 10, j = 32..47 (lanes 0..15).
   * kernel1 store 0 (= 0), store 1 (k = 0) and store NK (the last trip):
   * tmp[10][32 + l] = B2 + (480 + 32 + l) * 4; load 0 (k = 0): A[10][0] =
   * B0 + 10 * 8 * 4 in every lane; load 3 (k = 1, B): B[1][32 + l] = B1 +
   * (48 + 32 + l) * 4.  In tmp: NK + 1 stores, no load. */
  wcount_t c = warp_count(&w, 0, 3, 2, B2, B2 + 48 * 48 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 3, 2, 0, 3), 0xffff, B1 + 80 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 3, 2, 0, 0), 0xffff, B0 + 320, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 3, 2, 1, 0), 0xffff, B2 + 512 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 3, 2, 1, 1), 0xffff, B2 + 512 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 3, 2, 1, NK), 0xffff, B2 + 512 * 4, 4) && !mem_rec(&w, 0, 3, 2, 1, NK + 1) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 0), ~0u, B0, 0) && c.st_in == NK + 1 && c.ld_in == 0,
           "2mm: block (1,1) warp 2 (i=10, j=32..47): A[10][0], B[1][32+l]; tmp[10][32+l] stored %u times (1 + NK), loaded %u",
           c.st_in, c.ld_in);
  /* kernel2, block 0 warp 0: ld D[0][l] (B4 + 4l), st D[0][l]; then per k:
   * ld C[0][l] (B3 + 4l), ld tmp[0][0] (B2), st D[0][l]. */
  c = warp_count(&w, 1, 0, 0, B4, B4 + 48 * 48 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 0), ~0u, B4, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 1, 0), ~0u, B4, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 1), ~0u, B3, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 2), ~0u, B2, 0) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 1, 1), ~0u, B4, 4) && c.st_in == NJ + 1 && c.ld_in == 1,
           "2mm: mm2_kernel2 thread (0,0)'s warp reads and stores D[0][l] (beta), then per k C[k][l], tmp[0][k], stores D "
           "(%u stores, %u load of D)", c.st_in, c.ld_in);
  shell_wl_free(&w);
}

/* 3mm (PolyBench-GPU 3mm.cu), n=32, iters=16 (NK), bs=256: each kernel on
 * 1 x 4 blocks of 32 x 8 = W = 32 full warps.  Each: st out (= 0); per k:
 * ld B-operand[k][j], ld A-operand[i][k] (nvcc: the product's second
 * operand first), st out.  mm3_kernel1 K = NK = 16; mm3_kernel2 K = NM =
 * 32, mm3_kernel3 K = NJ = 32. */
static void test_3mm(tc_t *t) {
  shell_wl_t w;
  const uint64_t W = 32, NK = 16, N = 32;
  int rc = gen(&w, "3mm", "n=32,iters=16,bs=256");
  kcount_t a = count(&w, 0), b = count(&w, 1), c = count(&w, 2);
  TC_CHECK(t, rc == 0 && w.nk == 3 && kc_is(a, 4, 8, W * 2 * NK, W * (1 + NK), 0) &&
                  kc_is(b, 4, 8, W * 2 * N, W * (1 + N), 0) && kc_is(c, 4, 8, W * 2 * N, W * (1 + N), 0),
           "3mm n=32 iters=16: " KC_FMT "; " KC_FMT "; " KC_FMT, KC_ARG(a), KC_ARG(b), KC_ARG(c));
  /* mm3_kernel3 (G = E F), block 3 warp 7: i = 31: store 0 G[31][l] (B6 +
   * (992 + l) * 4, = 0); ld F[0][l] (B5 + 4l), ld E[31][0] (B2 + 31*32*4);
   * store 1 G[31][l]; the last store (N) too. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 2, 3, 7, 0, 0), ~0u, B5, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 3, 7, 0, 1), ~0u, B2 + 31 * 32 * 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 2, 3, 7, 1, 0), ~0u, B6 + 992 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 3, 7, 1, N), ~0u, B6 + 992 * 4, 4) && !mem_rec(&w, 2, 3, 7, 1, N + 1),
           "3mm: mm3_kernel3 row 31 reads F[0][l], then E[31][0] (the first kernel's output), stores G[31][l] 1 + NJ times");
  shell_wl_free(&w);
}

/* gemm (PolyBench-GPU gemm.cu gemm_kernel), n=40 (NI = NJ), iters=8 (NK),
 * bs=64: grid ceil(40/32) x ceil(40/2) = 2 x 20 = 40 blocks of 32 x 2 (a
 * warp = one row i); rows i < 40 all live, bx 0 32 lanes, bx 1 8 (j =
 * 32..39): W = 80 warps.  Per warp ld C, st C (*= beta), then per k: ld
 * A[i][k] (broadcast; the alpha product first), ld B[k][j], st C. */
static void test_gemm(tc_t *t) {
  shell_wl_t w;
  const uint64_t W = 80, NK = 8;
  int rc = gen(&w, "gemm", "n=40,iters=8,bs=64");
  kcount_t a = count(&w, 0);
  TC_CHECK(t, rc == 0 && w.nk == 1 && kname_is(&w, 0, "gemm_kernel") && kc_is(a, 40, 2, W * (1 + 2 * NK), W * (1 + NK), 0),
           "gemm n=40 iters=8 bs=64: " KC_FMT " (a store of C every trip)", KC_ARG(a));
  /* block 7 = (bx 1, by 3), warp 1: i = 7, j = 32 + l (mask 0xff): load 0
   * C[7][j] (B2 + (280 + 32) * 4); load 1 A[7][0] (B0 + 7*8*4), load 2
   * B[0][j] (B1 + 32*4), load 3 A[7][1], load 4 B[1][j] (B1 + (40 + 32)*4);
   * C: 1 load, 1 + NK stores. */
  wcount_t c = warp_count(&w, 0, 7, 1, B2, B2 + 40 * 40 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 0), 0xff, B2 + 312 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 1), 0xff, B0 + 224, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 2), 0xff, B1 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 3), 0xff, B0 + 228, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 4), 0xff, B1 + 72 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 1, NK), 0xff, B2 + 312 * 4, 4) && c.ld_in == 1 && c.st_in == NK + 1,
           "gemm: row 7, j = 32..39: C, then per k A[7][k] (broadcast), B[k][j]; C loaded %u, stored %u times", c.ld_in, c.st_in);
  shell_wl_free(&w);
}

/* syrk / syr2k (PolyBench-GPU syrk.cu syrk_kernel, syr2k.cu syr2k_kernel),
 * n=40 (NI), iters=8 (NJ), bs=64: grid ceil(40/32) x ceil(40/2) = 40 blocks
 * of 32 x 2, W = 80 live warps as gemm's.  Per warp ld C, st C (*= beta),
 * then per k: syrk ld A[i][k] (broadcast), ld A[j][k] (lanes NJ floats
 * apart), st C; syr2k ld A[i][k], B[j][k], B[i][k], A[j][k], st C. */
static void test_syrk(tc_t *t) {
  shell_wl_t w, v;
  const uint64_t W = 80, NJ = 8;
  int r1 = gen(&w, "syrk", "n=40,iters=8,bs=64"), r2 = gen(&v, "syr2k", "n=40,iters=8,bs=64");
  kcount_t a = count(&w, 0), b = count(&v, 0);
  TC_CHECK(t, r1 == 0 && r2 == 0 && w.nk == 1 && v.nk == 1 && kname_is(&w, 0, "syrk_kernel") && kname_is(&v, 0, "syr2k_kernel") &&
                  kc_is(a, 40, 2, W * (1 + 2 * NJ), W * (1 + NJ), 0) && kc_is(b, 40, 2, W * (1 + 4 * NJ), W * (1 + NJ), 0),
           "syrk n=40 iters=8 bs=64: " KC_FMT "; syr2k " KC_FMT " (a store of C every trip)", KC_ARG(a), KC_ARG(b));
  /* block 7 warp 1: i = 7, j = 32 + l (mask 0xff).  syrk: load 1 A[7][0]
   * (B0 + 7*8*4), load 2 A[j][0] (B0 + 32*8*4, lanes 32 bytes apart), load
   * 4 A[j][1].  syr2k: load 1 A[7][0], 2 B[j][0] (B1 + 1024, 32 apart), 3
   * B[7][0] (B1 + 224), 4 A[j][0] (B0 + 1024).  C (B2): 1 load, 1 + NJ
   * stores in each. */
  wcount_t c = warp_count(&w, 0, 7, 1, B2, B2 + 40 * 40 * 4), d = warp_count(&v, 0, 7, 1, B2, B2 + 40 * 40 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 1), 0xff, B0 + 224, 0) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 2), 0xff, B0 + 1024, 32) &&
                  lanes_are(&w, mem_rec(&w, 0, 7, 1, 0, 4), 0xff, B0 + 1028, 32) &&
                  lanes_are(&v, mem_rec(&v, 0, 7, 1, 0, 1), 0xff, B0 + 224, 0) &&
                  lanes_are(&v, mem_rec(&v, 0, 7, 1, 0, 2), 0xff, B1 + 1024, 32) &&
                  lanes_are(&v, mem_rec(&v, 0, 7, 1, 0, 3), 0xff, B1 + 224, 0) &&
                  lanes_are(&v, mem_rec(&v, 0, 7, 1, 0, 4), 0xff, B0 + 1024, 32) && c.ld_in == 1 && c.st_in == NJ + 1 &&
                  d.ld_in == 1 && d.st_in == NJ + 1,
           "syrk: A[7][k] broadcast, A[j][k] lanes NJ floats apart; syr2k: A[i][k], B[j][k], B[i][k], A[j][k]; C stored 1 + NJ "
           "times (%u, %u)", c.st_in, d.st_in);
  shell_wl_free(&w), shell_wl_free(&v);
}

/* 3dconv (PolyBench-GPU 3DConvolution.cu), n=40 (NJ = NK), iters=4 (NI):
 * the host launches convolution3D_kernel for i = 1 .. NI-2: 2 launches.
 * Each: grid ceil(40/32) x ceil(40/8) = 2 x 5 = 10 blocks of 32 x 8 (80
 * warps; warp = one j, 32 k's).  Guard 0 < j < 39: rows j = 1..38 live (38
 * x 2 = 76 warps); bx 0 lanes k = 1..31 (mask 0xfffffffe), bx 1 lanes k =
 * 32..38 (0x7f).  Per live warp 11 distinct A loads + 1 store:
 * 76 * 11 = 836 LD, 76 ST, 80 EXIT per launch. */
static void test_3dconv(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "3dconv", "n=40,iters=4,bs=256");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kc_is(a, 10, 8, 836, 76, 0) && kc_is(b, 10, 8, 836, 76, 0),
           "3dconv n=40 iters=4: 2 launches, " KC_FMT "; " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* launch 0 (i = 1), block 0 warp 1 (j = 1), lane l = k: first load
   * A[0][0][k-1] = B0 + (k-1)*4, lane 0 off; load 3 is A[1][1][k] =
   * B0 + (1600 + 40 + k)*4; the store B[1][1][k] at B4 (A is 64 MiB).
   * Warp 0 (j = 0) only exits. */
  const wl_kernel_t *K = w.nk ? &w.k[0] : NULL;
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 0), 0xfffffffeu, B0 - 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 3), 0xfffffffeu, B0 + 1640 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 1, 1, 0), 0x7f, B4 + (1640 + 32) * 4, 4) && K && K->wlen[0] == 1,
           "3dconv: j=1's warp reads A[0][0][k-1] first and A[1][1][k] fourth (k=0 masked), stores B[1][1][k]; j=0's warp only exits");
  shell_wl_free(&w);
}

/* fdtd-2d (PolyBench-GPU fdtd2d.cu), n=40 (NX = NY), iters=2 (TMAX): 2 x 3
 * launches, each ceil(40/32) x ceil(40/8) = 2 x 5 = 10 blocks of 32 x 8
 * (80 warps, rows i = 0..39, bx 0: j = 0..31, bx 1: j = 32..39).
 * step1 (i < 40, j < 40): all 80 warps; row 0 (2 warps) 1 LD (_fict_[t]),
 *   rows 1..39 (78 warps) 3 LD -> 2 + 234 = 236 LD, 80 ST.
 * step2 (j > 0): all 80 warps live (bx 0 loses lane 0) -> 240 LD, 80 ST.
 * step3 (i < 39, j < 39): 39 rows x 2 = 78 warps, 5 LD -> 390 LD, 78 ST. */
static void test_fdtd2d(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "fdtd-2d", "n=40,iters=2,bs=256");
  int ok = rc == 0 && w.nk == 6;
  for (unsigned k = 0; ok && k < 6; k++) {
    kcount_t c = count(&w, k);
    ok = k % 3 == 0 ? kc_is(c, 10, 8, 236, 80, 0) : k % 3 == 1 ? kc_is(c, 10, 8, 240, 80, 0) : kc_is(c, 10, 8, 390, 78, 0);
    if (!ok) printf("  fdtd-2d launch %u: " KC_FMT "\n", k, KC_ARG(c));
  }
  TC_CHECK(t, ok, "fdtd-2d n=40 iters=2: 6 launches of 10 blocks x 8 warps; step1 236 LD 80 ST, step2 240 LD 80 ST, step3 390 LD 78 ST");
  /* t = 1 step1 (launch 3), block 0 warp 0: ld _fict_[1] (B0 + 4, every lane),
   * st ey[0][l] (B2 + 4l).  t = 0 step2 (launch 1), block 1 (bx 1) warp 0:
   * third load hz[0][j-1], j = 32 + l: B3 + (31 + l)*4, 8 lanes.
   * step3 (launch 2), block 6 (by 3, bx 0) warp 5 (i = 29): fourth load
   * ey[30][l] = B2 + (1200 + l)*4. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 3, 0, 0, 0, 0), ~0u, B0 + 4, 0) && lanes_are(&w, mem_rec(&w, 3, 0, 0, 1, 0), ~0u, B2, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 1, 0, 0, 2), 0xff, B3 + 31 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 6, 5, 0, 3), ~0u, B2 + 1200 * 4, 4),
           "fdtd-2d: row 0 reads _fict_[t] and stores ey[0][j]; step2 reads hz[i][j-1]; step3 reads ey[i+1][j]");
  shell_wl_free(&w);
}

/* corr (PolyBench-GPU correlation.cu), n=64 (M), iters=64 (N), bs=64 (2 warps
 * a block; the suite's grids truncate M / X).  Every kernel accumulates into
 * global memory, so each sum is stored every trip (nvcc's PTX):
 *   mean_kernel: floor(64/64) = 1 block x 2 warps, 32 lanes each: st mean
 *     (= 0), N x (ld data[i][j], st mean), st mean (/= FLOAT_N):
 *     N LD, N + 2 ST a warp
 *   std_kernel: 1 x 2; st std (= 0), N x (ld mean[j] -- reloaded: the store
 *     may alias it -- ld data[i][j], st std), st std: 2 N LD, N + 2 ST;
 *     then `std[j] = 1.0` where std[j] <= EPS = 0.005.  With M = N the
 *     host's rows are the kernel's: data[i][j] = i j / 64, mean[j] = j (sum
 *     of i < 64 = 2016) / 64 / FLOAT_N (3214212), about 1e-5 j, so std[j] is
 *     about (j / 64) sqrt(sum of i^2 = 85344 / FLOAT_N) = 0.00255 j: columns
 *     0 (0) and 1 (0.00255) store 1.0, column 2 (0.0051) does not -> one
 *     more ST in warp 0, lanes 0 and 1
 *   reduce_kernel: 64/32 x 64/2 = 64 blocks x 2 warps, every row i < 64:
 *     ld data, ld mean, st data, ld std, st data: 3 LD, 2 ST a warp
 *   corr_kernel: 1 x 2, j1 < 63.  warp 0 (j1 = 0..31): diagonal ST, trips
 *     j2 = j1 + d, d = 1..63 (lane 0 last): 63 trips; warp 1 (j1 = 32..62,
 *     lane 31 off): d = 1..31: 31 trips; T = 94 trips, each st symmat[j1][j2]
 *     (= 0), N x (ld data[i][j2], ld data[i][j1], st symmat[j1][j2]), st
 *     symmat[j2][j1]: 2 N LD, N + 2 ST a trip. */
static void test_corr(tc_t *t) {
  shell_wl_t w;
  const uint64_t N = 64, T = 63 + 31;
  int rc = gen(&w, "corr", "n=64,iters=64,bs=64");
  kcount_t a = count(&w, 0), b = count(&w, 1), c = count(&w, 2), d = count(&w, 3);
  TC_CHECK(t, rc == 0 && w.nk == 4 && kc_is(a, 1, 2, 2 * N, 2 * (N + 2), 0) &&
                  kc_is(b, 1, 2, 2 * 2 * N, 2 * (N + 2) + 1, 0) && kc_is(c, 64, 2, 128 * 3, 128 * 2, 0) &&
                  kc_is(d, 1, 2, T * 2 * N, 2 + T * (N + 2), 0),
           "corr n=64 iters=64 bs=64: mean " KC_FMT "; std " KC_FMT "; reduce " KC_FMT "; corr " KC_FMT, KC_ARG(a), KC_ARG(b),
           KC_ARG(c), KC_ARG(d));
  /* corr_kernel warp 1 (j1 = 32 + l, lane 31 off): store 0 the diagonal
   * symmat[j1][j1] (B3 + 32*65*4, lanes 65 floats apart); first trip (d =
   * 1): store 1 symmat[j1][j1+1] = 0 (B3 + (32*65 + 1)*4), i = 0: ld
   * data[0][j1+1] (B0 + 33*4), ld data[0][j1] (B0 + 32*4), store 2
   * symmat[j1][j1+1]; store N + 1 the trip's last sum, store N + 2
   * symmat[j1+1][j1] (B3 + (32*65 + 64)*4); the last trip (d = 31) has
   * lane 0 only: its last loads data[63][63], data[63][32]. */
  const unsigned L = 31 * 2 * 64; /* warp 1's loads: 31 trips x 2 N */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 3, 0, 1, 1, 0), 0x7fffffffu, B3 + 32 * 65 * 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 1, 1), 0x7fffffffu, B3 + (32 * 65 + 1) * 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 0, 0), 0x7fffffffu, B0 + 33 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 0, 1), 0x7fffffffu, B0 + 32 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 1, 2), 0x7fffffffu, B3 + (32 * 65 + 1) * 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 1, N + 1), 0x7fffffffu, B3 + (32 * 65 + 1) * 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 1, N + 2), 0x7fffffffu, B3 + (32 * 65 + 64) * 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 0, L - 2), 1, B0 + (63 * 64 + 63) * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 3, 0, 1, 0, L - 1), 1, B0 + (63 * 64 + 32) * 4, 4) &&
                  !mem_rec(&w, 3, 0, 1, 0, L),
           "corr: corr_kernel's j2 loop runs per lane (data[i][j2] then data[i][j1], coalesced; symmat[j1][j2] stored every "
           "trip, 65 floats apart; lanes leave at j2 = M)");
  /* std_kernel warp 0: store 0 std[l] (B2 + 4l, = 0), load 0 mean[l] (B1 +
   * 4l), load 1 data[0][l] (B0 + 4l), load 2 mean[l] again; std: N + 3
   * stores (the last std[0], std[1] = 1.0: mask 0x3), mean N loads; warp 1
   * N + 2 stores.  reduce block 0 warp 0: two stores of data[0][l]. */
  wcount_t sm = warp_count(&w, 1, 0, 0, B1, B1 + 64 * 4), ss = warp_count(&w, 1, 0, 0, B2, B2 + 64 * 4),
           s1 = warp_count(&w, 1, 0, 1, B2, B2 + 64 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 1, 0, 0, 1, 0), ~0u, B2, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 0), ~0u, B1, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 1), ~0u, B0, 4) && lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 2), ~0u, B1, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 1, N + 2), 0x3, B2, 4) && sm.ld_in == N && ss.st_in == N + 3 &&
                  ss.ld_in == 0 && s1.st_in == N + 2 && lanes_are(&w, mem_rec(&w, 2, 0, 0, 1, 0), ~0u, B0, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 1, 1), ~0u, B0, 4),
           "corr: std_kernel stores std[j] every trip and 1.0 where std <= EPS (columns 0, 1: %u and %u stores), reloads mean[j] "
           "every trip (%u loads); reduce_kernel stores data twice", ss.st_in, s1.st_in, sm.ld_in);
  /* The suite's M = N at the default 256: column 1's std is about
   * (1/256) sqrt(sum of i^2 for i < 256 = 5559680 / FLOAT_N) = 0.00514 >
   * EPS: only column 0 (lane 0 of warp 0) stores 1.0. */
  shell_wl_free(&w);
  rc = gen(&w, "corr", "");
  const wl_rec_t *e0 = mem_rec(&w, 1, 0, 0, 1, 256 + 2);
  TC_CHECK(t, rc == 0 && lanes_are(&w, e0, 1, B2, 4) && !mem_rec(&w, 1, 0, 0, 1, 256 + 3) && !mem_rec(&w, 1, 0, 1, 1, 256 + 2),
           "corr at the default M = N = 256: only column 0 stores std = 1.0 (column 1's std is 0.00514)");
  shell_wl_free(&w);
}

/* covar (PolyBench-GPU covariance.cu), n=64 (M), iters=64 (N), bs=64:
 *   mean_kernel: 1 block x 2 warps: N LD, N + 2 ST a warp (as corr's)
 *   reduce_kernel: grid 64/32 x floor(64/32) = 2 x 2 = 4 blocks of 32 x 2
 *     (the suite divides N by the block's x size): rows 0..3 only, 8 warps:
 *     ld data, ld mean, st data
 *   covar_kernel: 1 x 2, j1 < 64, j2 = j1 + d: warp 0 d = 0..63 (64 trips),
 *     warp 1 d = 0..31 (32 trips): T = 96 trips, each 2 N LD, N + 2 ST. */
static void test_covar(tc_t *t) {
  shell_wl_t w;
  const uint64_t N = 64, T = 96;
  int rc = gen(&w, "covar", "n=64,iters=64,bs=64");
  kcount_t a = count(&w, 0), b = count(&w, 1), c = count(&w, 2);
  TC_CHECK(t, rc == 0 && w.nk == 3 && kc_is(a, 1, 2, 2 * N, 2 * (N + 2), 0) && kc_is(b, 4, 2, 8 * 2, 8, 0) &&
                  kc_is(c, 1, 2, T * 2 * N, T * (N + 2), 0),
           "covar n=64 iters=64 bs=64: mean " KC_FMT "; reduce " KC_FMT "; covar " KC_FMT, KC_ARG(a), KC_ARG(b), KC_ARG(c));
  /* reduce block 3 (bx 1, by 1) warp 1: row i = 3, j = 32 + l: ld data[3][j]
   * (B0 + (192 + 32)*4), ld mean[j] (B1 + 32*4).  covar_kernel warp 0's
   * first trip (d = 0): store 0 symmat[j1][j1] = 0 (B3, 65 floats apart),
   * loads data[0][j1] twice (B0 + 4l); store N + 1 symmat[j2][j1] (the same
   * diagonal); the second trip: store N + 2 symmat[j1][j1+1] (B3 + 4),
   * load 2 N data[0][j1+1] (B0 + 4 + 4l). */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 1, 3, 1, 0, 0), ~0u, B0 + 224 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 3, 1, 0, 1), ~0u, B1 + 32 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 1, 0), ~0u, B3, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 0, 0), ~0u, B0, 4) && lanes_are(&w, mem_rec(&w, 2, 0, 0, 0, 1), ~0u, B0, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 1, N + 1), ~0u, B3, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 1, N + 2), ~0u, B3 + 4, 65 * 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 0, 0, 0, 2 * N), ~0u, B0 + 4, 4),
           "covar: reduce row 3 reads data[3][j] and mean[j]; covar_kernel's first trip has j2 = j1, symmat[j1][j2] stored every trip");
  shell_wl_free(&w);
}

/* gramschmidt (PolyBench-GPU gramschmidt.cu), n=64 (NJ), iters=32 (NI),
 * bs=64: per column k < 64 three launches (192 kernels):
 *   kernel1: 1 block x 2 warps; thread 0 alone (the norm in a local
 *     variable: no per-trip store): NI LD, 1 ST (mask 1)
 *   kernel2: ceil(64/64) = 1 block x 2 warps; i < 32: warp 0 only: ld
 *     r[k][k], ld a[i][k], st q[i][k]
 *   kernel3: 1 x 2; j in (k, 64): warp 0 live for k < 31, warp 1 for k < 63
 *     (94 live warps); a live warp: st r[k][j] (= 0), NI x (ld a[i][j], ld
 *     q[i][k], st r[k][j]), NI x (ld r[k][j] -- reloaded: the store to a
 *     may alias it -- ld q[i][k], ld a[i][j], st a[i][j]):
 *     5 NI LD, 2 NI + 1 ST. */
static void test_gramschmidt(tc_t *t) {
  shell_wl_t w;
  const uint64_t NI = 32, LIVE = 31 * 2 + 32;
  int rc = gen(&w, "gramschmidt", "n=64,iters=32,bs=64");
  int ok = rc == 0 && w.nk == 192;
  uint64_t ld3 = 0, st3 = 0;
  for (unsigned k = 0; ok && k < 64; k++) {
    kcount_t a = count(&w, 3 * k), b = count(&w, 3 * k + 1), c = count(&w, 3 * k + 2);
    ok = kc_is(a, 1, 2, NI, 1, 0) && kc_is(b, 1, 2, 2, 1, 0) && c.blocks == 1 && c.warps == 2 && c.bar == 0;
    ld3 += c.ld, st3 += c.st;
  }
  TC_CHECK(t, ok && ld3 == LIVE * 5 * NI && st3 == LIVE * (2 * NI + 1),
           "gramschmidt n=64 iters=32 bs=64: 192 launches; kernel1 32 LD 1 ST, kernel2 2 LD 1 ST; kernel3 summed %llu LD, %llu ST",
           (unsigned long long)ld3, (unsigned long long)st3);
  /* k = 40, kernel3 (launch 122) warp 1: lanes j = 32 + l > 40 (mask
   * 0xfffffe00): store 0 r[40][j] = 0 (B1 + (2560 + 32)*4); load 0
   * a[0][j] (B0 + 128), load 1 q[0][40] broadcast (B2 + 160); store 1
   * r[40][j]; second loop: load 2 NI r[40][j], 2 NI + 1 q[0][40], 2 NI + 2
   * a[0][j]; store NI + 1 a[0][j].  r: NI loads, NI + 1 stores.  k = 5,
   * kernel2 (launch 16) warp 0: ld r[5][5] (B1 + 325*4, broadcast), ld
   * a[i][5], i = l: B0 + 20, lanes 64 floats apart.  kernel1's warp 0 loads
   * with lane 0 alone. */
  const uint32_t m = 0xfffffe00u;
  wcount_t c = warp_count(&w, 122, 0, 1, B1, B1 + 64 * 64 * 4);
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 122, 0, 1, 1, 0), m, B1 + 2592 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 0, 0), m, B0 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 0, 1), m, B2 + 160, 0) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 1, 1), m, B1 + 2592 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 0, 2 * NI), m, B1 + 2592 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 0, 2 * NI + 1), m, B2 + 160, 0) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 0, 2 * NI + 2), m, B0 + 128, 4) &&
                  lanes_are(&w, mem_rec(&w, 122, 0, 1, 1, NI + 1), m, B0 + 128, 4) && c.ld_in == NI && c.st_in == NI + 1 &&
                  lanes_are(&w, mem_rec(&w, 16, 0, 0, 0, 0), ~0u, B1 + 325 * 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 16, 0, 0, 0, 1), ~0u, B0 + 20, 256) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 0), 1, B0, 0),
           "gramschmidt: kernel3 masks j <= k, stores r[k][j] every trip (%u) and reloads it in the update loop (%u); kernel2 "
           "reads r[k][k], then column k (lanes NJ apart)", c.st_in, c.ld_in);
  shell_wl_free(&w);
}

/* The record's mask is `mask` and its active lanes' addresses are exp[lane]. */
static int lanes_eq(const shell_wl_t *w, const wl_rec_t *r, uint32_t mask, const uint32_t *exp) {
  if (!r || r->mask != mask) return 0;
  uint32_t p = 0;
  for (unsigned l = 0; l < WL_LANES; l++)
    if (mask >> l & 1)
      if (shell_wl_lane(w->pool, r, p++) != exp[l]) return 0;
  return 1;
}

/* hotspot (Rodinia hotspot.cu calculate_temp), n=24, iters=2 (sim_time;
 * pyramid_height 2: one launch, iteration 2): output tiles s = 16 - 4 = 12,
 * grid ceil(24/12)^2 = 4 blocks of 16 x 16 (8 warps, warp w = rows ty = 2w,
 * 2w+1).  Cell (y, x) = (12 by - 2 + ty, 12 bx - 2 + tx).
 *   loads (temp, power) where 0 <= y, x < 24: block (0,0): ty >= 2, so warps
 *   1..7 (warp 0 is y = -2, -1); (bx 1, by 0): the same; by = 1: y = 10 + ty
 *   < 24, warps 0..6.  7 warps x 2 LD x 4 blocks = 56 LD.
 *   stores where tx, ty in [2, 13] (and on the grid, always): warps 1..6 of
 *   each block: 24 ST.
 *   barriers: after the loads, then i = 0: 2, i = 1: 1 (break) -> 4 a warp,
 *   128. */
static void test_hotspot(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "hotspot", "n=24,iters=2");
  kcount_t a = count(&w, 0);
  TC_CHECK(t, rc == 0 && w.nk == 1 && kc_is(a, 4, 8, 56, 24, 128), "hotspot n=24 iters=2: " KC_FMT, KC_ARG(a));
  /* block 0 warp 1: rows y = 0, 1 (ty 2, 3), x = tx - 2 for tx >= 2:
   * temp_src (A0 in the first launch) at (y * 24 + x) * 4; block 3 (bx 1, by
   * 1) warp 1 stores temp_dst (A1) at y = 12, 13, x = 12..23 (tx 2..13). */
  uint32_t e0[WL_LANES], e1[WL_LANES];
  for (unsigned l = 0; l < WL_LANES; l++) {
    unsigned ty = 2 + l / 16, tx = l % 16;
    e0[l] = B0 + ((ty - 2) * 24 + tx - 2) * 4;
    e1[l] = B1 + ((10 + ty) * 24 + 10 + tx) * 4;
  }
  TC_CHECK(t, lanes_eq(&w, mem_rec(&w, 0, 0, 1, 0, 0), 0xfffcfffcu, e0) && lanes_eq(&w, mem_rec(&w, 0, 3, 1, 1, 0), 0x3ffc3ffcu, e1) &&
                  !mem_rec(&w, 0, 0, 0, 0, 0),
           "hotspot: the off-grid halo is masked (block 0 warp 0 loads nothing), the 12x12 tile stores temp_dst");
  shell_wl_free(&w);
}

/* pathfinder (Rodinia pathfinder.cu dynproc_kernel), n=500 (cols), iters=23
 * (rows; pyramid_height 20): launches t = 0 (iteration 20) and t = 20
 * (iteration min(20, 22 - 20) = 2); ceil(500 / 216) = 3 blocks of 256 (8
 * warps); column x = (256 - 2 it) bx - 20 + tx.
 * Launch 0 (tiles of 216): block 0 warp 0 has x = -20..11 (lanes 20..31
 * valid), the rest all valid; block 1 x = 196..451 all; block 2 x =
 * 412 + tx < 500: warps 0, 1 and 24 lanes of warp 2.  src loads 8 + 8 + 3 =
 * 19; wall loads, one a warp per i < 20 (tx in [i+1, 254-i] always meets a
 * valid lane): (8 + 8 + 3) x 20 = 380 -> 399 LD; stores tx in [20, 235]:
 * 8 + 8 + 3 = 19 ST; barriers 1 + 2 x 20 - 1 = 40 a warp: 960.
 * Launch 1 (tiles of 252): block 0 as before, block 1 x = 232..487 all,
 * block 2 x = 484 + tx: warp 0 lanes 0..15.  src 17, wall (8 + 8 + 1) x 2 =
 * 34 -> 51 LD; stores (tx in [2, 253]) 17; barriers 4 a warp: 96. */
static void test_pathfinder(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "pathfinder", "n=500,iters=23");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kc_is(a, 3, 8, 399, 19, 960) && kc_is(b, 3, 8, 51, 17, 96),
           "pathfinder n=500 iters=23: " KC_FMT "; " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* launch 0 block 0 warp 0: src (A4) x = l - 20, lanes 20..31; its first
   * wall load wall[0][x] at A0; warp 7's last (i = 19) wall[19][204 + l],
   * lanes tx 224..235 (<= 254 - 19).  Launch 1 block 2 warp 0 stores dst (A4
   * in the second launch) x = 484 + l, lanes 2..15.  Launch 0 block 1 warp 0
   * (x = 196 + l, all valid), i = 5: wall[5][x] by tx in [6, 249]: lanes 6..31. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 0), 0xfff00000u, B4 - 80, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 1), 0xfff00000u, B0 - 80, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 7, 0, 20), 0xfffu, B0 + (19 * 500 + 204) * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 2, 0, 1, 0), 0xfffcu, B4 + 484 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 0, 1, 0, 0, 6), 0xffffffc0u, B0 + (5 * 500 + 196) * 4, 4),
           "pathfinder: halo lanes off the row masked, wall rows t+i read by tx in [i+1, 254-i], results swap buffers");
  shell_wl_free(&w);
}

/* nw (Rodinia needle.cu / needle_kernel.cu), n=48: cols = 49, block_width =
 * 48/16 = 3: needle_cuda_shared_1 for i = 1, 2, 3 on i blocks, then
 * needle_cuda_shared_2 for i = 2, 1: 5 launches, 1 + 2 + 3 + 2 + 1 = 9
 * blocks of 16 threads (one warp, 16 lanes).  Per block: north-west (lane
 * 0) + 16 reference rows + west column + north row = 19 LD; 16 ST (the
 * tile's rows); barriers 3 (after the loads) + 16 + 15 (the two sweeps) = 34. */
static void test_nw(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "nw", "n=48");
  static const uint32_t nb[5] = {1, 2, 3, 2, 1};
  int ok = rc == 0 && w.nk == 5;
  for (unsigned k = 0; ok && k < 5; k++) ok = kc_is(count(&w, k), nb[k], 1, 19 * nb[k], 16 * nb[k], 34 * nb[k]);
  TC_CHECK(t, ok, "nw n=48: 5 launches of 1, 2, 3, 2, 1 blocks x 1 warp; per block 19 LD, 16 ST, 34 BAR");
  /* shared_1 i = 3 (launch 2) block 1: tile (1, 1), base = 49*16 + 16 = 800:
   * ld matrix[800] (lane 0), reference[850 + tx], the west column
   * matrix[849 + 49 tx] (LD 17), north row matrix[801 + tx] (LD 18), last
   * store matrix[850 + 15*49 + tx].  shared_2 i = 1 (launch 4) block 0: tile
   * (2, 2), base 1600: the reference rows come first, north-west is LD 16. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 2, 1, 0, 0, 0), 1, B4 + 800 * 4, 0) &&
                  lanes_are(&w, mem_rec(&w, 2, 1, 0, 0, 1), 0xffff, B0 + 850 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 1, 0, 0, 17), 0xffff, B4 + 849 * 4, 49 * 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 1, 0, 0, 18), 0xffff, B4 + 801 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 2, 1, 0, 1, 15), 0xffff, B4 + (850 + 15 * 49) * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 4, 0, 0, 0, 0), 0xffff, B0 + 1650 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 4, 0, 0, 0, 16), 1, B4 + 1600 * 4, 0),
           "nw: anti-diagonal tiles; reference rows, west column (lanes 49 ints apart), north row; shared_2 loads reference first");
  shell_wl_free(&w);
}

/* backprop (Rodinia backprop_cuda_kernel.cu), n=32 input units: grid 1 x
 * 32/16 = 2 blocks of 16 x 16 (8 warps, warp = rows ty = 2w, 2w+1), 16 warps.
 *   bpnn_layerforward_CUDA per warp: input[row] by tx 0 (lanes 0, 16) +
 *     weights[index] = 2 LD; weights + partial (tx 0) = 2 ST; barriers 1 + 1
 *     + 1 + 4 (log2 16 reduction steps) + 1 = 8 -> 32 LD, 32 ST, 128 BAR
 *   bpnn_adjust_weights_cuda per warp: w, then (delta, ly, oldw) twice = 7
 *     LD, 2 ST, 1 BAR; block 0's ty 0 (warp 0) adds w, (delta, oldw) twice =
 *     5 LD, 2 ST -> 117 LD, 34 ST, 16 BAR. */
static void test_backprop(tc_t *t) {
  shell_wl_t w;
  int rc = gen(&w, "backprop", "n=32");
  kcount_t a = count(&w, 0), b = count(&w, 1);
  TC_CHECK(t, rc == 0 && w.nk == 2 && kc_is(a, 2, 8, 32, 32, 128) && kc_is(b, 2, 8, 117, 34, 16),
           "backprop n=32: layerforward " KC_FMT "; adjust_weights " KC_FMT, KC_ARG(a), KC_ARG(b));
  /* layerforward block 1 warp 3: ty = 6, 7 -> row r = 16 + ty + 1 = 23, 24:
   * ld input[r] (lanes 0, 16), ld weights[17 r + tx + 1], st partial[16 + ty]
   * (lanes 0, 16).  adjust block 0 warp 0: its 8th load is w[tx + 1], lanes 0..15. */
  uint32_t in[WL_LANES], wt[WL_LANES], ps[WL_LANES];
  for (unsigned l = 0; l < WL_LANES; l++) {
    unsigned r = 23 + l / 16, tx = l % 16;
    in[l] = B0 + r * 4, wt[l] = B1 + (17 * r + tx + 1) * 4, ps[l] = B2 + (r - 1) * 4;
  }
  TC_CHECK(t, lanes_eq(&w, mem_rec(&w, 0, 1, 3, 0, 0), 0x10001u, in) && lanes_eq(&w, mem_rec(&w, 0, 1, 3, 0, 1), ~0u, wt) &&
                  lanes_eq(&w, mem_rec(&w, 0, 1, 3, 1, 1), 0x10001u, ps) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 0, 0, 7), 0xffff, B1 + 4, 4) && !mem_rec(&w, 1, 0, 1, 0, 7),
           "backprop: tx 0 reads input[row] and writes the partial sum; weights rows 17 floats apart; block 0 ty 0 updates the bias row");
  shell_wl_free(&w);
}

/* The node set a kernel's stores of `size`-byte lanes into [base, base + n)
 * name (addr - base), or'ed into set[]; returns the number of lane stores. */
static unsigned store_set(const shell_wl_t *w, unsigned k, uint32_t base, unsigned n, unsigned size, unsigned char *set) {
  unsigned cnt = 0;
  if (k >= w->nk) return 0;
  const wl_kernel_t *K = &w->k[k];
  for (uint32_t i = 0; i < K->blocks * K->warps; i++)
    for (uint32_t r = 0; r < K->wlen[i]; r++) {
      const wl_rec_t *x = &w->rec[K->wfirst[i] + r];
      if (x->kind != WL_ST || x->size != size) continue;
      uint32_t p = 0;
      for (unsigned l = 0; l < WL_LANES; l++)
        if (x->mask >> l & 1) {
          uint32_t a = shell_wl_lane(w->pool, x, p++);
          if (a >= base && a < base + n) set[a - base] = 1, cnt++;
        }
    }
  return cnt;
}

/* bfs (Rodinia bfs.cu, kernel.cu, kernel2.cu), n=40 nodes: one block of 40
 * threads (bfs.cu launches n threads when n <= 512): 2 warps, the second
 * with 8 lanes; no barrier.  Per level Kernel then Kernel2; each warp of
 * each launch loads its mask bytes (Kernel: g_graph_mask, Kernel2:
 * g_updating_graph_mask) once, so Kernel2 has exactly 2 LD records and
 * Kernel at least 2.  Level 0's frontier is the source, node 0 (Kernel
 * clears mask[0]: one 1-byte store at A1).  What the source implies
 * between launches: Kernel2 of level L marks visited exactly the nodes
 * Kernel of level L flagged in g_updating_graph_mask, those are the
 * frontier Kernel of level L+1 clears, no node is visited twice, and the
 * last Kernel2 stores nothing (*g_over stays false: the host stops). */
static void test_bfs(tc_t *t) {
  shell_wl_t w, w2, w3;
  int rc = gen(&w, "bfs", "n=40");
  int ok = rc == 0 && w.nk >= 4 && w.nk % 2 == 0, levels = (int)w.nk / 2;
  unsigned char seen[40] = {1}, front[40], upd[40], vis[40];
  unsigned reached = 1;
  for (int L = 0; ok && L < levels; L++) {
    kcount_t a = count(&w, 2 * L), b = count(&w, 2 * L + 1);
    ok = a.blocks == 1 && a.warps == 2 && a.ld >= 2 && a.bar == 0 && b.blocks == 1 && b.warps == 2 && b.ld == 2 && b.bar == 0;
    memset(front, 0, sizeof front), memset(upd, 0, sizeof upd), memset(vis, 0, sizeof vis);
    unsigned nf = store_set(&w, 2 * L, B1, 40, 1, front), nv = store_set(&w, 2 * L + 1, B3, 40, 1, vis);
    store_set(&w, 2 * L, B2, 40, 1, upd);
    if (L == 0) ok = ok && nf == 1 && front[0];
    ok = ok && !memcmp(upd, vis, sizeof vis) && (L + 1 < levels ? nv > 0 : nv == 0 && b.st == 0);
    for (unsigned v = 0; ok && v < 40; v++)
      if (vis[v]) ok = !seen[v], seen[v] = 1, reached++;
    if (ok && L + 1 < levels) {
      unsigned char nfr[40] = {0};
      store_set(&w, 2 * L + 2, B1, 40, 1, nfr);
      ok = !memcmp(nfr, vis, sizeof vis);
    }
    if (!ok) printf("  bfs level %d: Kernel " KC_FMT "; Kernel2 " KC_FMT "\n", L, KC_ARG(a), KC_ARG(b));
  }
  /* the source node's warp in level 0: ld mask bytes of nodes 0..31 (A1 + l),
   * st mask[0] (lane 0), ld nodes[0].starting (A0), .no_of_edges (A0 + 4),
   * first edge load edges[0] (A5) */
  ok = ok && lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 0), ~0u, B1, 1) && lanes_are(&w, mem_rec(&w, 0, 0, 0, 1, 0), 1, B1, 0) &&
       lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 1), 1, B0, 0) && lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 2), 1, B0 + 4, 0) &&
       lanes_are(&w, mem_rec(&w, 0, 0, 0, 0, 3), 1, B5, 0) && lanes_are(&w, mem_rec(&w, 0, 0, 1, 0, 0), 0xff, B1 + 32, 1);
  TC_CHECK(t, ok, "bfs n=40: %d levels of Kernel + Kernel2 (1 block x 2 warps, no barrier), frontiers chain through the updating mask, %u nodes reached once each",
           levels, reached);
  shell_wl_init(&w2, 32), shell_wl_init(&w3, 32);
  int r2 = shell_wl_gen(&w2, "bfs", "n=40", 1), r3 = shell_wl_gen(&w3, "bfs", "n=40", 2);
  int same = !r2 && w2.nrec == w.nrec && w2.npool == w.npool && !memcmp(w2.pool, w.pool, w.npool * sizeof *w.pool);
  int differ = !r3 && (w3.npool != w.npool || memcmp(w3.pool, w.pool, w.npool * sizeof *w.pool));
  TC_CHECK(t, same && differ, "bfs: the graph comes from --seed (seed 1 twice: the same addresses; seed 2: others)");
  shell_wl_free(&w), shell_wl_free(&w2), shell_wl_free(&w3);
}

/* kmeans (Rodinia kmeans_cuda.cu, kmeans_cuda_kernel.cu; 34 features, 5
 * clusters, blocks of 256 = 8 warps).
 * n=100, iters=2: ceil(100/256) = 1 block (perdim 1); points < 100: warps
 *   0..3, warp 3 with lanes 0..3.  invert_mapping: 34 LD + 34 ST a live
 *   warp -> 136 LD, 136 ST; kmeansPoint (twice): 5 x 34 LD + 1 ST -> 680
 *   LD, 4 ST each.
 * n=600, iters=1: ceil(600/256) = 3 blocks, rounded up to perdim^2 = 4 (grid
 *   2 x 2); live warps 8 + 8 + 3 (points 512..599) + 0 = 19: invert 646 LD,
 *   646 ST; kmeansPoint 3230 LD, 19 ST. */
static void test_kmeans(tc_t *t) {
  shell_wl_t w, v;
  int rc = gen(&w, "kmeans", "n=100,iters=2"), rv = gen(&v, "kmeans", "n=600,iters=1");
  kcount_t a = count(&w, 0), b = count(&w, 1), c = count(&w, 2), d = count(&v, 0), e = count(&v, 1);
  TC_CHECK(t, rc == 0 && w.nk == 3 && kc_is(a, 1, 8, 136, 136, 0) && kc_is(b, 1, 8, 680, 4, 0) && kc_is(c, 1, 8, 680, 4, 0) &&
                  rv == 0 && v.nk == 2 && kc_is(d, 4, 8, 646, 646, 0) && kc_is(e, 4, 8, 3230, 19, 0),
           "kmeans n=100 iters=2: invert " KC_FMT ", kmeansPoint x2 " KC_FMT "; n=600: " KC_FMT "; " KC_FMT, KC_ARG(a), KC_ARG(b),
           KC_ARG(d), KC_ARG(e));
  /* invert_mapping warp 3 (points 96..99), feature 2: ld input[(96 + l) * 34
   * + 2] (lanes 136 bytes apart), st output[96 + l + 200] at A1.
   * kmeansPoint (launch 1) warp 1, its 40th load (cluster 1, feature 5):
   * features[32 + l + 500]; its store membership[32 + l] at A2. */
  TC_CHECK(t, lanes_are(&w, mem_rec(&w, 0, 0, 3, 0, 2), 0xf, B0 + (96 * 34 + 2) * 4, 136) &&
                  lanes_are(&w, mem_rec(&w, 0, 0, 3, 1, 2), 0xf, B1 + 296 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 1, 0, 39), ~0u, B1 + 532 * 4, 4) &&
                  lanes_are(&w, mem_rec(&w, 1, 0, 1, 1, 0), ~0u, B2 + 32 * 4, 4) && !mem_rec(&w, 1, 0, 4, 0, 0),
           "kmeans: invert_mapping reads points 34 floats apart and writes feature rows; kmeansPoint reads feature rows, stores membership");
  shell_wl_free(&w), shell_wl_free(&v);
}

/* Different kernels, different request streams (issue 24: atax, bicg and
 * mvt were once one generator with three base addresses).  Each generator's
 * loads and stores -- kind, access size, lane mask and every lane's address,
 * warp by warp -- are hashed with the array bases taken out: an address's
 * 16 MiB region (the generators' arrays are 16 MiB apart) is replaced by the
 * order in which the kernel first touches it.  Two generators that differ
 * only in where their arrays sit hash alike; every pair must differ. */
static uint64_t stream_hash(const shell_wl_t *w) {
  uint64_t h = 1469598103934665603ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
  uint32_t region[64];
  unsigned nreg = 0;
  for (uint32_t k = 0; k < w->nk; k++) {
    const wl_kernel_t *K = &w->k[k];
    MIX(K->blocks), MIX(K->warps);
    for (uint32_t i = 0; i < K->blocks * K->warps; i++)
      for (uint32_t r = 0; r < K->wlen[i]; r++) {
        const wl_rec_t *x = &w->rec[K->wfirst[i] + r];
        if (x->kind != WL_LD && x->kind != WL_ST && x->kind != WL_BAR) continue;
        MIX(x->kind), MIX(x->size), MIX(x->mask);
        uint32_t p = 0;
        for (unsigned l = 0; l < WL_LANES; l++) {
          if (!(x->mask >> l & 1)) continue;
          uint32_t a = shell_wl_lane(w->pool, x, p++), g = a >> 24, j = 0;
          while (j < nreg && region[j] != g) j++;
          if (j == nreg && nreg < 64) region[nreg++] = g;
          MIX(j << 24 | (a & 0xFFFFFFu));
        }
      }
  }
#undef MIX
  return h;
}

static void test_streams_differ(tc_t *t) {
  /* small sizes: each generator's smallest legal arguments that still run
   * its loops (the per-kernel tests above pin the shapes) */
  static const struct { const char *name, *args; } G[] = {
      {"atax", "n=64,iters=8,bs=64"},   {"bicg", "n=64,iters=8,bs=64"},    {"mvt", "n=64,iters=8,bs=64"},
      {"gesummv", "n=64,iters=8,bs=64"}, {"syrk", "n=64,iters=8,bs=64"},   {"syr2k", "n=64,iters=8,bs=64"},
      {"2dconv", "n=64"},               {"gemm", "n=64,iters=8,bs=64"},    {"srad", "n=64"},
      {"stream", "n=64"},               {"share", "n=64"},                 {"spmv", "n=64"},
      {"2mm", "n=64,iters=8,bs=64"},    {"3mm", "n=64,iters=8,bs=64"},     {"3dconv", "n=40,iters=4,bs=256"},
      {"fdtd-2d", "n=40,iters=2,bs=256"}, {"corr", "n=64,iters=64,bs=64"}, {"covar", "n=64,iters=64,bs=64"},
      {"gramschmidt", "n=64,iters=32,bs=64"}, {"hotspot", "n=24,iters=2"}, {"pathfinder", "n=500,iters=23"},
      {"nw", "n=48"},                   {"backprop", "n=32"},              {"bfs", "n=40"},
      {"kmeans", "n=100,iters=2"}};
  enum { NG = sizeof G / sizeof G[0] };
  uint64_t h[NG];
  int built = 0, named = 0;
  for (unsigned i = 0; i < NG; i++) {
    shell_wl_t w;
    h[i] = 0;
    if (gen(&w, G[i].name, G[i].args) == 0) h[i] = stream_hash(&w), built++;
    else fprintf(stderr, "test_gen: %s %s refused\n", G[i].name, G[i].args);
    shell_wl_free(&w);
  }
  for (const char *const *n = shell_wl_gen_names; *n; n++) {
    int found = 0;
    for (unsigned i = 0; i < NG; i++) found |= !strcmp(*n, G[i].name);
    named += found;
  }
  char same[512] = "";
  for (unsigned i = 0; i < NG; i++)
    for (unsigned j = i + 1; j < NG; j++)
      if (h[i] && h[i] == h[j] && strlen(same) + 40 < sizeof same)
        snprintf(same + strlen(same), sizeof same - strlen(same), " %s=%s", G[i].name, G[j].name);
  unsigned ngen = 0;
  while (shell_wl_gen_names[ngen]) ngen++;
  TC_CHECK(t, built == NG && named == (int)ngen && !same[0],
           "every generator (%d of %u built, %d of the %u names) makes its own request stream, array bases taken out "
           "(pairs alike:%s)", built, (unsigned)NG, named, ngen, same[0] ? same : " none");
}

/* The pool keeps a record's lanes as base and stride when 3 or more active
 * lanes lie on an arithmetic progression (shell_wl_mem_at), one address per
 * lane otherwise; shell_wl_lane and shell_wl_lane_addrs read both alike. */
static void test_affine_lanes(tc_t *t) {
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_kernel(&w, "k", 1, 1);
  shell_wl_warp_begin(&w, 0, 0);
  uint32_t row[WL_LANES], col[WL_LANES], odd[WL_LANES], down[WL_LANES];
  for (unsigned l = 0; l < WL_LANES; l++) {
    row[l] = 0x1000 + 4 * l;                    /* coalesced: stride 4 */
    col[l] = 0x8000 + 0x400 * l;                /* a column: stride 1 KB */
    odd[l] = 0x2000 + 4 * l + (l == 17 ? 8 : 0); /* one lane off the progression */
    down[l] = 0x9000 - 8 * l;                   /* a negative stride (32-bit wrap) */
  }
  shell_wl_mem_at(&w, 0, 0, 0xffffffffu, 4, row);
  shell_wl_mem_at(&w, 1, 0, 0xffffffffu, 4, col);
  shell_wl_mem_at(&w, 2, 0, 0xffffffffu, 4, odd);
  shell_wl_mem_at(&w, 3, 1, 0x0f0f00f0u, 4, down); /* partial mask: lanes 4-7, 16-19, 24-27 */
  shell_wl_mem_at(&w, 4, 0, 0x00000003u, 4, row); /* two lanes: kept as a list */
  shell_wl_mem_at(&w, 5, 0, 0x0000ffffu, 4, down); /* a partial mask on a (negative) progression */
  shell_wl_exit(&w);
  const wl_rec_t *r = w.rec;
  const int aff_ok = r[0].aff && r[1].aff && !r[2].aff && !r[4].aff && r[5].aff;
  /* the partial mask's active lanes are not a progression in lane number,
   * but are one in active-lane order only if equally spaced lanes: 4..7,
   * 16..19 and 24..27 are not, so a list */
  const int part_list = !r[3].aff;
  int dec_ok = 1;
  const uint32_t *src[6] = {row, col, odd, down, row, down};
  for (unsigned i = 0; i < 6; i++) {
    uint32_t all[WL_LANES];
    shell_wl_lane_addrs(w.pool, &r[i], all);
    for (unsigned l = 0, k = 0; l < WL_LANES; l++) {
      const uint32_t want = r[i].mask >> l & 1 ? src[i][l] : 0;
      dec_ok &= all[l] == want;
      if (r[i].mask >> l & 1) dec_ok &= shell_wl_lane(w.pool, &r[i], k++) == src[i][l];
    }
  }
  TC_CHECK(t, aff_ok && part_list && dec_ok && w.npool == 2 + 2 + 32 + 12 + 2 + 2,
           "affine lanes: a row and a column kept as base and stride, a lane off the progression and a partial "
           "mask kept as lists, every lane read back (pool %u words)",
           w.npool);
  shell_wl_free(&w);
  /* a generator's warps: most accesses coalesced or columns */
  shell_wl_t g;
  int rc = gen(&g, "2mm", "n=64");
  uint64_t lanes = 0, naff = 0, nmem = 0;
  for (uint32_t i = 0; !rc && i < g.nrec; i++)
    if (g.rec[i].kind == WL_LD || g.rec[i].kind == WL_ST) nmem++, naff += g.rec[i].aff, lanes += (unsigned)__builtin_popcount(g.rec[i].mask);
  TC_CHECK(t, !rc && naff * 10 > nmem * 9 && g.npool * 8 < lanes,
           "affine lanes: 2mm n=64 keeps %llu of %llu accesses as base and stride (pool %u words for %llu lanes)",
           (unsigned long long)naff, (unsigned long long)nmem, g.npool, (unsigned long long)lanes);
  shell_wl_free(&g);
}

int main(void) {
  tc_t t = TC_INIT("gen");
  test_affine_lanes(&t);
  test_atax(&t);
  test_bicg(&t);
  test_mvt(&t);
  test_gesummv(&t);
  test_mv_limits(&t);
  test_2mm(&t);
  test_3mm(&t);
  test_gemm(&t);
  test_syrk(&t);
  test_3dconv(&t);
  test_fdtd2d(&t);
  test_corr(&t);
  test_covar(&t);
  test_gramschmidt(&t);
  test_hotspot(&t);
  test_pathfinder(&t);
  test_nw(&t);
  test_backprop(&t);
  test_bfs(&t);
  test_kmeans(&t);
  test_streams_differ(&t);
  return tc_done(&t);
}
