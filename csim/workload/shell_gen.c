/* shell_gen.c -- generators for the kernels the papers use (docs/shell.md,
 * "Generators").  Each builds the per-warp records a GPU would execute for
 * the kernel's memory-access pattern: 4-byte floats, 32 lanes, row-major
 * matrices; arrays at fixed, line-aligned bases.  Arguments (all optional):
 * n (problem size), iters (loop trip count, default n), bs (threads per
 * block). */
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "shell_wl.h"

const char *const shell_wl_gen_names[] = {"atax", "bicg",   "mvt",    "gesummv", "syrk", "syr2k", "2dconv", "gemm",
                                          "srad", "stream", "share", "spmv",
                                          /* written from the benchmarks' sources (below; so are atax, bicg,
                                             mvt, gesummv, syrk, syr2k and gemm above) */
                                          "2mm", "3mm", "3dconv", "fdtd-2d", "corr", "covar", "gramschmidt",
                                          "hotspot", "pathfinder", "nw", "backprop", "bfs", "kmeans", NULL};

#define A0 0x01000000u /* array bases: 16 MiB apart */
#define A1 0x02000000u
#define A2 0x03000000u
#define A3 0x04000000u
#define A4 0x05000000u
#define A5 0x06000000u
#define A6 0x07000000u
#define A7 0x08000000u
#define A8 0x09000000u
#define A9 0x0A000000u
#define A10 0x0B000000u
#define GEN_ARRAY_BYTES (16ull << 20) /* the space between two array bases */
#define GEN_MAX_RECS (1ull << 26)     /* records of one generated workload (16 bytes each) */
/* A load or store of the static site this call stands for (wl_rec_t.site:
 * the static flow's load "PC", docs/shell.md "The static flow"): the call's
 * line, so every warp, and every trip of a loop the source runs as a loop,
 * executes the same static instruction; gmem_tap where one call stands for
 * several loads the source writes out one by one (a stencil's taps, a
 * statement the source repeats, a helper called from two statements): tap
 * (< 256) tells them apart.  nvcc's unrolled copies of a loop's load (the
 * matrix-vector kernels' 4x unrolled PTX) are one site here: each copy sees
 * the same accesses, one trip in four, so their profiles would agree. */
#define gmem_tap(w, tap, st, m, sz, a) \
  shell_wl_mem_at((w), shell_wl_site((w), (uint32_t)__LINE__ << 8 | (uint32_t)(tap)), (st), (m), (sz), (a))
#define gmem(w, st, m, sz, a) gmem_tap(w, 0u, st, m, sz, a)

typedef struct {
  unsigned n, iters, bs;
} gargs_t;

static int parse_args(const char *name, const char *args, gargs_t *g, const char *opt) {
  if (!args || !*args) return 0;
  char buf[256];
  if (strlen(args) >= sizeof buf) goto bad;
  snprintf(buf, sizeof buf, "%s", args);
  for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
    long long v;
    char *eq = strchr(t, '=');
    if (!eq) goto bad;
    *eq = 0;
    if (cfg_parse_number(eq + 1, &v) || v < 1 || v > (1 << 20)) goto bad;
    if (!strcmp(t, "n")) g->n = (unsigned)v;
    else if (!strcmp(t, "iters")) g->iters = (unsigned)v;
    else if (!strcmp(t, "bs")) {
      if (v % 32 || v > 1024) goto bad;
      g->bs = (unsigned)v;
    } else goto bad;
  }
  return 0;
bad:;
  char e[300];
  fprintf(stderr, "error: %s: '%s' for workload %s: expected n=N,iters=N,bs=N (N in [1, 2^20], bs a multiple of 32 up to 1024)\n",
          opt, cfg_escape(args, strlen(args), e, sizeof e), name);
  return -1;
}

static uint64_t rng_next(uint64_t *s) { /* splitmix64: the generator's own seeded state */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* lane addresses a(lane) = base + (t0 + lane) * tstride, for thread ids t0.. */
static void lanes_lin(uint32_t *a, uint32_t base, long long t0, long long tstride) {
  for (unsigned l = 0; l < WL_LANES; l++) a[l] = (uint32_t)(base + (t0 + l) * tstride);
}
static void lanes_same(uint32_t *a, uint32_t addr) {
  for (unsigned l = 0; l < WL_LANES; l++) a[l] = addr;
}

/* ---- Kernels written from their sources (PolyBench-GPU CUDA, Rodinia) ----
 * Each follows the benchmark's kernel: its launch geometry (grid and block as
 * the host code launches it; a warp is 32 consecutive threads of a block,
 * threadIdx.x fastest), the per-thread loop, which arrays it reads and writes
 * in which order, its guards (a lane whose guard fails is masked off; a warp
 * with no lane left only exits) and its __syncthreads() barriers.  Shared
 * memory is not global memory: its accesses are left out (barriers kept).
 * Conventions: a value the source accumulates into a global element inside
 * a loop (`x[i] += ...`) is stored every trip, as nvcc compiles it (no
 * pointer is __restrict__, so the store may alias the next trip's loads);
 * it is reloaded only where nvcc's PTX reloads it (after a store that may
 * alias it); a value the source keeps in a local variable stays in a
 * register (no per-trip access); the same global element read twice with
 * no store between is read once (what nvcc emits); loads come in the order
 * of nvcc's PTX; the arithmetic between memory instructions is an ALU gap
 * of about one instruction per operation (docs/shell.md, Generators).
 * PolyBench-GPU's 2-D kernels use blocks of DIM_THREAD_BLOCK_X = 32 by
 * DIM_THREAD_BLOCK_Y = 8 threads: here 32 by bs/32, so one warp is one row
 * of a block (threadIdx.y = warp). */

/* Lanes l with lo <= j0 + l < hi. */
static uint32_t lanes_in(long long j0, long long lo, long long hi) {
  uint32_t m = 0;
  for (unsigned l = 0; l < WL_LANES; l++)
    if (j0 + l >= lo && j0 + l < hi) m |= 1u << l;
  return m;
}

/* A 2-D launch of blocks 32 x (bs/32) over nx columns (x) and ny rows (y):
 * block b = by * gx + bx; warp w of it is row i = by * (bs/32) + w, columns
 * j0 = bx * 32 ... j0 + 31. */
typedef struct { unsigned gx, gy, wpb; } grid2_t;
static grid2_t grid2(unsigned nx, unsigned ny, unsigned bs) {
  grid2_t g = {(nx + 31) / 32, (ny + bs / 32 - 1) / (bs / 32), bs / 32};
  return g;
}

/* PolyBench-GPU's matrix products, each accumulating into a global element
 * inside its k loop: 2mm's mm2_kernel1/2 (CUDA/2MM/2mm.cu), 3mm's
 * mm3_kernel1/2/3 (CUDA/3MM/3mm.cu) and gemm_kernel (CUDA/GEMM/gemm.cu).
 * Thread (i, j), i < ni, j < nj (blocks 32 x 8: a warp is a row i, 32 j's);
 * A ni x nk, B nk x nj, C ni x nj, row-major:
 *   beta 0: `C[i][j] = 0` (st);  beta 1: `C[i][j] *= beta` (ld, 1 ALU, st)
 *   for k < nk: `C[i][j] += A[i][k] * B[k][j]`: two loads, 2 ALU, st C[i][j]
 * No pointer is __restrict__: the store may alias the next trip's A or B, so
 * the sum is stored every trip; it is not reloaded (only loads lie between
 * the store and the next read: nvcc forwards it).  The two loads in the
 * order of nvcc's PTX (docs/shell.md, Generators): a_first (mm2_kernel1 and
 * gemm_kernel, `alpha * A[..] * B[..]`: the alpha product first) A[i][k]
 * (one address: a broadcast) then B[k][j] (coalesced); otherwise
 * (mm2_kernel2 `tmp[..] * C[..]`, mm3_kernel1/2/3 `A[..] * B[..]`: the
 * product's second operand first) B[k][j] then A[i][k]. */
static void pb_mm(shell_wl_t *w, const char *name, unsigned ni, unsigned nj, unsigned nk, unsigned bs, uint32_t A,
                  uint32_t B, uint32_t C, int beta, int a_first) {
  grid2_t g = grid2(nj, ni, bs);
  uint32_t a[WL_LANES], b[WL_LANES], c[WL_LANES];
  shell_wl_kernel(w, name, g.gx * g.gy, g.wpb);
  for (unsigned by = 0; by < g.gy; by++)
    for (unsigned bx = 0; bx < g.gx; bx++)
      for (unsigned wi = 0; wi < g.wpb; wi++) {
        shell_wl_warp_begin(w, by * g.gx + bx, wi);
        unsigned i = by * g.wpb + wi, j0 = bx * 32;
        uint32_t m = i < ni ? lanes_in(j0, 0, nj) : 0;
        if (m) {
          lanes_lin(c, C + i * nj * 4, j0, 4);
          if (beta) {
            gmem(w, 0, m, 4, c);
            shell_wl_alu(w, 1);
          }
          gmem(w, 1, m, 4, c);
          for (unsigned k = 0; k < nk; k++) {
            lanes_same(a, A + (i * nk + k) * 4);
            lanes_lin(b, B + k * nj * 4, j0, 4);
            gmem(w, 0, m, 4, a_first ? a : b);
            gmem(w, 0, m, 4, a_first ? b : a);
            shell_wl_alu(w, 2);
            gmem(w, 1, m, 4, c);
          }
        }
        shell_wl_exit(w);
      }
}

/* syrk and syr2k, PolyBench-GPU CUDA/SYRK/syrk.cu syrk_kernel and
 * CUDA/SYR2K/syr2k.cu syr2k_kernel, on ceil(NI/32) x ceil(NI/8) blocks of
 * 32 x 8: thread (i, j), i, j < NI (a warp is a row i, 32 j's); A (and B)
 * NI x NJ, C NI x NI, row-major.  `C[i][j] *= beta` (ld, 1 ALU, st), then
 * for k < NJ the source accumulates into C[i][j] in global memory:
 *   syrk: `c[i][j] += alpha * a[i][k] * a[j][k]`: ld A[i][k] (broadcast),
 *     ld A[j][k] (lanes NJ floats apart), 2 ALU (mul, FMA), st C[i][j]
 *   syr2k: `c[i][j] += alpha * a[i][k] * b[j][k] + alpha * b[i][k] *
 *     a[j][k]`: ld A[i][k], B[j][k], B[i][k], A[j][k], 5 ALU (3 mul, FMA,
 *     add), st C[i][j]
 * stored every trip and not reloaded, loads in that order: nvcc's PTX as
 * for pb_mm.  A at A0, B at A1, C at A2. */
static void pb_syrk(shell_wl_t *w, unsigned ni, unsigned nj, unsigned bs, int two) {
  const uint32_t A = A0, B = A1, C = A2;
  grid2_t g = grid2(ni, ni, bs);
  uint32_t c[WL_LANES], a[WL_LANES];
  shell_wl_kernel(w, two ? "syr2k_kernel" : "syrk_kernel", g.gx * g.gy, g.wpb);
  for (unsigned by = 0; by < g.gy; by++)
    for (unsigned bx = 0; bx < g.gx; bx++)
      for (unsigned wi = 0; wi < g.wpb; wi++) {
        shell_wl_warp_begin(w, by * g.gx + bx, wi);
        unsigned i = by * g.wpb + wi, j0 = bx * 32;
        uint32_t m = i < ni ? lanes_in(j0, 0, ni) : 0;
        if (m) {
          lanes_lin(c, C + i * ni * 4, j0, 4);
          gmem(w, 0, m, 4, c);
          shell_wl_alu(w, 1);
          gmem(w, 1, m, 4, c);
          for (unsigned k = 0; k < nj; k++) {
            lanes_same(a, A + (i * nj + k) * 4); /* A[i][k] */
            gmem(w, 0, m, 4, a);
            if (two) {
              lanes_lin(a, B + k * 4, j0, (long long)nj * 4); /* B[j][k] */
              gmem(w, 0, m, 4, a);
              lanes_same(a, B + (i * nj + k) * 4); /* B[i][k] */
              gmem(w, 0, m, 4, a);
            }
            lanes_lin(a, A + k * 4, j0, (long long)nj * 4); /* A[j][k] */
            gmem(w, 0, m, 4, a);
            shell_wl_alu(w, two ? 5 : 2);
            gmem(w, 1, m, 4, c);
          }
        }
        shell_wl_exit(w);
      }
}

/* 3dconv, PolyBench-GPU CUDA/3DCONV/3DConvolution.cu, convolution3D_kernel:
 * the host launches it once per plane i = 1 .. NI-2 on a grid of
 * ceil(NK/32) x ceil(NJ/8) blocks of 32 x 8; thread (j, k), k along x.
 * Guard 0 < j < NJ-1, 0 < k < NK-1.  The source's 15 products read 11
 * distinct elements of A (c11, c21 and c31 all multiply
 * A[i-1][j-1][k-1], ...): 11 loads in the order they first appear, the
 * arithmetic, one store of B[i][j][k].  A is NI x NJ x NK. */
static void pb_conv3d(shell_wl_t *w, unsigned ni, unsigned nj, unsigned nk, unsigned bs, uint32_t A, uint32_t B) {
  static const signed char off[11][3] = {{-1, -1, -1}, {1, -1, -1}, {0, -1, 0}, {0, 0, 0},  {0, 1, 0},  {-1, -1, 1},
                                         {1, -1, 1},   {-1, 0, 1},  {1, 0, 1},  {-1, 1, 1}, {1, 1, 1}};
  grid2_t g = grid2(nk, nj, bs);
  uint32_t a[WL_LANES];
  for (unsigned i = 1; i + 1 < ni; i++) {
    shell_wl_kernel(w, "convolution3D_kernel", g.gx * g.gy, g.wpb);
    for (unsigned by = 0; by < g.gy; by++)
      for (unsigned bx = 0; bx < g.gx; bx++)
        for (unsigned wi = 0; wi < g.wpb; wi++) {
          shell_wl_warp_begin(w, by * g.gx + bx, wi);
          unsigned j = by * g.wpb + wi, k0 = bx * 32;
          uint32_t m = j > 0 && j + 1 < nj ? lanes_in(k0, 1, (long long)nk - 1) : 0;
          if (m) {
            for (unsigned e = 0; e < 11; e++) {
              uint32_t row = A + (((i + off[e][0]) * nj + j + off[e][1]) * nk + off[e][2]) * 4;
              lanes_lin(a, row, k0, 4);
              gmem_tap(w, e, 0, m, 4, a); /* 11 loads the source writes out */
            }
            shell_wl_alu(w, 15);
            lanes_lin(a, B + ((i * nj + j) * nk) * 4, k0, 4);
            gmem(w, 1, m, 4, a);
          }
          shell_wl_exit(w);
        }
  }
}

/* fdtd-2d, PolyBench-GPU CUDA/FDTD-2D/fdtd2d.cu: per time step t < TMAX the
 * host launches fdtd_step1_kernel, fdtd_step2_kernel, fdtd_step3_kernel,
 * each on ceil(NY/32) x ceil(NX/8) blocks of 32 x 8; thread (i, j), j along x.
 *   step1 (i < NX, j < NY): row 0: ld _fict_[t] (broadcast), st ey[0][j];
 *         else ld ey[i][j], hz[i][j], hz[i-1][j], st ey[i][j]
 *   step2 (i < NX, 0 < j < NY): ld ex[i][j], hz[i][j], hz[i][j-1], st ex[i][j]
 *   step3 (i < NX-1, j < NY-1): ld hz[i][j], ex[i][j+1], ex[i][j], ey[i+1][j],
 *         ey[i][j], st hz[i][j]
 * Arrays NX x NY: _fict_ at A0, ex A1, ey A2, hz A3. */
static void pb_fdtd2d(shell_wl_t *w, unsigned nx, unsigned ny, unsigned tmax, unsigned bs) {
  grid2_t g = grid2(ny, nx, bs);
  uint32_t a[WL_LANES];
  const uint32_t ex = A1, ey = A2, hz = A3;
  for (unsigned t = 0; t < tmax; t++)
    for (int step = 1; step <= 3; step++) {
      static const char *const kn[] = {"", "fdtd_step1_kernel", "fdtd_step2_kernel", "fdtd_step3_kernel"};
      shell_wl_kernel(w, kn[step], g.gx * g.gy, g.wpb);
      for (unsigned by = 0; by < g.gy; by++)
        for (unsigned bx = 0; bx < g.gx; bx++)
          for (unsigned wi = 0; wi < g.wpb; wi++) {
            shell_wl_warp_begin(w, by * g.gx + bx, wi);
            unsigned i = by * g.wpb + wi, j0 = bx * 32;
            uint32_t row = i * ny * 4, m;
            if (step == 1 && (m = i < nx ? lanes_in(j0, 0, ny) : 0)) {
              if (i == 0) {
                lanes_same(a, A0 + t * 4);
                gmem(w, 0, m, 4, a);
              } else {
                lanes_lin(a, ey + row, j0, 4);
                gmem(w, 0, m, 4, a);
                lanes_lin(a, hz + row, j0, 4);
                gmem(w, 0, m, 4, a);
                lanes_lin(a, hz + row - ny * 4, j0, 4);
                gmem(w, 0, m, 4, a);
                shell_wl_alu(w, 3);
              }
              lanes_lin(a, ey + row, j0, 4);
              gmem(w, 1, m, 4, a);
            } else if (step == 2 && (m = i < nx ? lanes_in(j0, 1, ny) : 0)) {
              lanes_lin(a, ex + row, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, hz + row, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, hz + row - 4, j0, 4);
              gmem(w, 0, m, 4, a);
              shell_wl_alu(w, 3);
              lanes_lin(a, ex + row, j0, 4);
              gmem(w, 1, m, 4, a);
            } else if (step == 3 && (m = i + 1 < nx ? lanes_in(j0, 0, (long long)ny - 1) : 0)) {
              lanes_lin(a, hz + row, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, ex + row + 4, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, ex + row, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, ey + row + ny * 4, j0, 4);
              gmem(w, 0, m, 4, a);
              lanes_lin(a, ey + row, j0, 4);
              gmem(w, 0, m, 4, a);
              shell_wl_alu(w, 5);
              lanes_lin(a, hz + row, j0, 4);
              gmem(w, 1, m, 4, a);
            }
            shell_wl_exit(w);
          }
    }
}

/* A 1-D launch over `blocks` blocks of bs threads: warp (b, wi) holds threads
 * t0 = b * bs + wi * 32 ... t0 + 31. */
#define FOR_1D(w, name, blocks, bs, t0)                                                                           \
  shell_wl_kernel(w, name, blocks, (bs) / 32);                                                                    \
  for (unsigned b_ = 0; b_ < (blocks); b_++)                                                                      \
    for (unsigned wi_ = 0, t0 = b_ * (bs); wi_ < (bs) / 32; wi_++, t0 += 32)                                      \
      for (int once_ = (shell_wl_warp_begin(w, b_, wi_), 1); once_; once_ = 0, shell_wl_exit(w))

/* PolyBench-GPU's matrix-vector kernels (CUDA/ATAX/atax.cu, BICG/bicg.cu,
 * MVT/mvt.cu, GESUMMV/gesummv.cu; NX = NY = N = n, the matrix n x n,
 * row-major).  A thread owns one element out[e] of a vector and loops over
 * the matrix's other index, k < iters (the suite's n by default; fewer
 * shortens every thread's loop to its first iters trips).  Per trip, as nvcc
 * (10.2) compiles these kernels -- their PTX, read: no pointer is
 * __restrict__, so `out[e] += M[..] * v[k]` may alias M or v and the sum is
 * stored every trip; its reload is forwarded from that store (only loads lie
 * between) -- the loads come in the order nvcc emits them (the product's
 * second operand first: v, then M, except bicg_kernel1's `r[i] * A[..]`:
 * A, then r), an ALU gap of 2 (the FMA; the address and loop arithmetic,
 * about 1.25 instructions a trip in the 4x unrolled loop), the store.
 *   row-wise: M[e][k], lanes n floats apart (a line per lane);
 *   column-wise: M[k][e], coalesced.  v[k] is one address (a broadcast).
 * Before the loop: `first` 1 stores out[e] (atax, bicg: `out[e] = 0`), 0
 * loads it (mvt: `x1[i] += ...` from the host's values).
 * Launch: rep 1 (atax, mvt: DIM_THREAD_BLOCK_X x Y = 32 x 8 and 1-D
 * indexing e = blockIdx.x * blockDim.x + threadIdx.x): ceil(n/32) blocks of
 * 32 x bs/32; the bs/32 warps of a block (threadIdx.y) all own the same 32
 * elements and do the same work, as launched.  rep 0 (bicg, gesummv: 256 x
 * 1): ceil(n/bs) 1-D blocks of bs. */
static void pb_mv(shell_wl_t *w, const char *name, unsigned n, unsigned iters, unsigned bs, int rep, uint32_t M,
                  int colwise, uint32_t v, int mat_first, uint32_t out, int first) {
  unsigned wpb = bs / 32, nb = rep ? (n + 31) / 32 : (n + bs - 1) / bs;
  uint32_t a[WL_LANES], c[WL_LANES];
  shell_wl_kernel(w, name, nb, wpb);
  for (unsigned b = 0; b < nb; b++)
    for (unsigned wi = 0; wi < wpb; wi++) {
      shell_wl_warp_begin(w, b, wi);
      long long e0 = rep ? (long long)b * 32 : (long long)b * bs + wi * 32; /* lane l owns out[e0 + l] */
      uint32_t m = lanes_in(e0, 0, n);
      if (m) {
        lanes_lin(a, out, e0, 4);
        gmem(w, first, m, 4, a);
        for (unsigned k = 0; k < iters; k++) {
          if (colwise) lanes_lin(a, M + k * n * 4, e0, 4);
          else lanes_lin(a, M + k * 4, e0, (long long)n * 4);
          lanes_same(c, v + k * 4);
          gmem(w, 0, m, 4, mat_first ? a : c);
          gmem(w, 0, m, 4, mat_first ? c : a);
          shell_wl_alu(w, 2);
          lanes_lin(a, out, e0, 4);
          gmem(w, 1, m, 4, a);
        }
      }
      shell_wl_exit(w);
    }
}

/* gesummv, PolyBench-GPU CUDA/GESUMMV/gesummv.cu, gesummv_kernel on
 * ceil(N/256) blocks of 256 x 1: thread i < N, for j < N:
 * `tmp[i] += A[i*N+j] * x[j]; y[i] += B[i*N+j] * x[j];` then
 * `y[i] = alpha * tmp[i] + beta * y[i]`.  nvcc's PTX per trip: ld x[j], ld
 * A[i][j], ld tmp[i], FMA, st tmp[i], ld x[j], ld B[i][j], ld y[i], FMA, st
 * y[i] -- the store to one accumulator may alias the other and x, so both
 * are reloaded every trip and x[j] is read twice; after the loop ld tmp[i],
 * ld y[i], 2 ALU, st y[i].  A (up to 64 MiB) at A0, B at A4, tmp A8, x A9,
 * y A10. */
/* One gesummv accumulation of a trip, as nvcc emits it: x[j] (reloaded: the
 * stores before may alias it), the matrix's row element, the accumulator
 * reloaded, the multiply-add, the accumulator stored. */
static void gesummv_acc(shell_wl_t *w, unsigned tap, uint32_t m, uint32_t *v, uint32_t *a, uint32_t mat_j, long long e0,
                        unsigned n, uint32_t *acc) { /* tap: which of the two statements (its static loads) */
  gmem_tap(w, tap, 0, m, 4, v);
  lanes_lin(a, mat_j, e0, (long long)n * 4);
  gmem_tap(w, tap, 0, m, 4, a);
  gmem_tap(w, tap, 0, m, 4, acc);
  shell_wl_alu(w, 2);
  gmem_tap(w, tap, 1, m, 4, acc);
}
static void pb_gesummv(shell_wl_t *w, unsigned n, unsigned iters, unsigned bs) {
  const uint32_t A = A0, B = A4, tmp = A8, x = A9, y = A10;
  uint32_t a[WL_LANES], v[WL_LANES], t[WL_LANES], yy[WL_LANES];
  FOR_1D(w, "gesummv_kernel", (n + bs - 1) / bs, bs, e0) {
    uint32_t m = lanes_in(e0, 0, n);
    lanes_lin(t, tmp, e0, 4);
    lanes_lin(yy, y, e0, 4);
    for (unsigned j = 0; m && j < iters; j++) {
      lanes_same(v, x + j * 4);
      gesummv_acc(w, 0, m, v, a, A + j * 4, e0, n, t);  /* tmp[i] += A[i][j] * x[j] */
      gesummv_acc(w, 1, m, v, a, B + j * 4, e0, n, yy); /* y[i] += B[i][j] * x[j] */
    }
    if (m) {
      gmem(w, 0, m, 4, t);
      gmem(w, 0, m, 4, yy);
      shell_wl_alu(w, 2);
      gmem(w, 1, m, 4, yy);
    }
  }
}

/* correlation / covariance, PolyBench-GPU CUDA/CORR/correlation.cu and
 * CUDA/COVAR/covariance.cu: data is N x M (row i, column j) at A0; mean A1,
 * std A2, symmat (M x M) A3.  The host's grids are (size_t)(ceil(M) / X):
 * the quotient truncated, floor(M / X) blocks (a partial block is not
 * launched: columns past it are not computed, as in the suite).  Every
 * kernel accumulates into global memory (`mean[j] += ...`), so each sum is
 * stored every trip (nvcc's PTX; see the conventions above):
 *   mean_kernel (M/256 blocks of 256): thread j < M: st mean[j] (= 0); for
 *     i < N: ld data[i][j], 1 ALU, st mean[j]; 1 ALU (/= FLOAT_N), st mean[j]
 *   std_kernel (corr only, M/256 of 256): st std[j] (= 0); for i < N: ld
 *     mean[j] (reloaded every trip: the store to std may alias it), ld
 *     data[i][j], 2 ALU, st std[j]; 2 ALU (/=, sqrt), st std[j]; 1 ALU (the
 *     compare) and `std[j] = 1.0` by the lanes whose std[j] <= EPS: a
 *     store that depends on the data, here on the host's initial values
 *     (corr_std_small)
 *   reduce_kernel (blocks of 32 x 8): thread (i, j), i < N, j < M: ld data,
 *     ld mean[j], 1 ALU, st data (`data -= mean[j]`); corr: ld std[j], 2
 *     ALU, st data (`data /= ...`).  corr's grid is M/32 x N/8; covar's is
 *     M/32 x N/32 (the suite divides N by the block's x size, so only the
 *     first quarter of the rows is centred: mirrored as launched)
 *   corr_kernel (M/256 of 256): thread j1 < M-1: st symmat[j1][j1]; for j2 =
 *     j1+1 .. M-1: st symmat[j1][j2] (= 0); for i < N: ld data[i][j2], ld
 *     data[i][j1], 2 ALU, st symmat[j1][j2]; then st symmat[j2][j1] (the
 *     sum forwarded, not reloaded).  covar_kernel: j1 < M, j2 = j1 .. M-1,
 *     no diagonal store.  The j2 loop runs per lane: in the warp's r-th trip
 *     lane l is at j2 = j1 + l... + r, so data[i][j2] is a coalesced row read
 *     (not a broadcast) and the symmat stores are M+1 floats apart; a lane
 *     leaves when its j2 reaches M. */
/* correlation.cu's host data as the kernels see it: init_arrays fills the
 * M x N host array (rows of N) with data[r][c] = ((float)r * c) / M and
 * the kernels read it as N rows of M (data[i*M + j]). */
static float corr_data(unsigned m, unsigned n, unsigned i, unsigned j) {
  uint64_t f = (uint64_t)i * m + j;
  return (float)(f / n) * (float)(f % n) / (float)m;
}

/* Does std_kernel store std[j] = 1.0 (`std[j] <= EPS`, EPS = 0.005f)?
 * mean[j] and the sum of squares as the kernels compute them (mean over N
 * rows / FLOAT_N, 3214212.01f; sum of (data - mean)^2 / FLOAT_N), in double
 * here, and std <= EPS compared as variance <= EPS^2 (no sqrt): a column
 * within rounding of EPS could go the other way than the kernel's float
 * arithmetic. */
static int corr_std_small(unsigned m, unsigned n, unsigned j) {
  const double fn = (double)3214212.01f, eps = (double)0.005f;
  double mean = 0, acc = 0;
  for (unsigned i = 0; i < n; i++) mean += corr_data(m, n, i, j);
  mean /= fn;
  for (unsigned i = 0; i < n; i++) {
    double d = corr_data(m, n, i, j) - mean;
    acc += d * d;
  }
  return acc / fn <= eps * eps;
}

static void pb_corr(shell_wl_t *w, unsigned m, unsigned n, unsigned bs, int corr) {
  const uint32_t data = A0, mean = A1, stdv = A2, sym = A3;
  uint32_t a[WL_LANES], c[WL_LANES], acc[WL_LANES];
  unsigned nb = m / bs;
  FOR_1D(w, "mean_kernel", nb, bs, t0) {
    uint32_t mk = lanes_in(t0, 0, m);
    if (mk) {
      lanes_lin(acc, mean, t0, 4);
      gmem(w, 1, mk, 4, acc);
      for (unsigned i = 0; i < n; i++) {
        lanes_lin(a, data + i * m * 4, t0, 4);
        gmem(w, 0, mk, 4, a);
        shell_wl_alu(w, 1);
        gmem(w, 1, mk, 4, acc);
      }
      shell_wl_alu(w, 1);
      gmem(w, 1, mk, 4, acc);
    }
  }
  if (corr) {
    FOR_1D(w, "std_kernel", nb, bs, t0) {
      uint32_t mk = lanes_in(t0, 0, m);
      if (mk) {
        lanes_lin(acc, stdv, t0, 4);
        gmem(w, 1, mk, 4, acc);
        for (unsigned i = 0; i < n; i++) {
          lanes_lin(a, mean, t0, 4);
          gmem(w, 0, mk, 4, a);
          lanes_lin(a, data + i * m * 4, t0, 4);
          gmem(w, 0, mk, 4, a);
          shell_wl_alu(w, 2);
          gmem(w, 1, mk, 4, acc);
        }
        shell_wl_alu(w, 2);
        gmem(w, 1, mk, 4, acc);
        uint32_t small = 0;
        for (unsigned l = 0; l < WL_LANES; l++)
          if ((mk >> l & 1) && corr_std_small(m, n, t0 + l)) small |= 1u << l;
        shell_wl_alu(w, 1);
        if (small) gmem(w, 1, small, 4, acc);
      }
    }
  }
  {
    unsigned gx = m / 32, gy = n / (corr ? bs / 32 : 32), wpb = bs / 32;
    if (gx && gy) shell_wl_kernel(w, "reduce_kernel", gx * gy, wpb); /* an empty grid launches nothing */
    for (unsigned by = 0; by < gy; by++)
      for (unsigned bx = 0; bx < gx; bx++)
        for (unsigned wi = 0; wi < wpb; wi++) {
          shell_wl_warp_begin(w, by * gx + bx, wi);
          unsigned i = by * wpb + wi, j0 = bx * 32;
          uint32_t mk = i < n ? lanes_in(j0, 0, m) : 0;
          if (mk) {
            lanes_lin(acc, data + i * m * 4, j0, 4);
            gmem(w, 0, mk, 4, acc);
            lanes_lin(a, mean, j0, 4);
            gmem(w, 0, mk, 4, a);
            shell_wl_alu(w, 1);
            gmem(w, 1, mk, 4, acc);
            if (corr) {
              lanes_lin(a, stdv, j0, 4);
              gmem(w, 0, mk, 4, a);
              shell_wl_alu(w, 2);
              gmem(w, 1, mk, 4, acc);
            }
          }
          shell_wl_exit(w);
        }
  }
  FOR_1D(w, corr ? "corr_kernel" : "covar_kernel", nb, bs, t0) {
    uint32_t live = lanes_in(t0, 0, corr ? (long long)m - 1 : m);
    if (live && corr) {
      lanes_lin(a, sym, t0, (long long)(m + 1) * 4);
      gmem(w, 1, live, 4, a);
    }
    for (unsigned r = 0; live; r++) {
      unsigned d = corr ? 1 + r : r; /* lane l's j2 = t0 + l + d */
      uint32_t mk = live & lanes_in((long long)t0 + d, 0, m);
      if (!mk) break;
      lanes_lin(acc, sym + d * 4, t0, (long long)(m + 1) * 4); /* symmat[j1][j1 + d] */
      gmem(w, 1, mk, 4, acc);
      for (unsigned i = 0; i < n; i++) {
        lanes_lin(a, data + (i * m + d) * 4, t0, 4); /* data[i][j2] */
        gmem(w, 0, mk, 4, a);
        lanes_lin(a, data + i * m * 4, t0, 4); /* data[i][j1] */
        gmem(w, 0, mk, 4, a);
        shell_wl_alu(w, 2);
        gmem(w, 1, mk, 4, acc);
      }
      lanes_lin(c, sym + d * m * 4, t0, (long long)(m + 1) * 4); /* symmat[j1 + d][j1] */
      gmem(w, 1, mk, 4, c);
    }
  }
}

/* gramschmidt, PolyBench-GPU CUDA/GRAMSCHM/gramschmidt.cu: a is NI x NJ at
 * A0, r NJ x NJ at A1, q NI x NJ at A2.  For each column k < NJ the host
 * launches, with blocks of 256 threads:
 *   gramschmidt_kernel1 (1 block): thread 0 only: for i < NI ld a[i][k]
 *     (the source sums into the local `nrm`: a register, no per-trip
 *     store); st r[k][k]  (one lane; the block's other warps only exit)
 *   gramschmidt_kernel2 (ceil(NJ/256) blocks): thread i < NI: ld r[k][k]
 *     (broadcast), ld a[i][k] (lanes NJ floats apart; nvcc loads the
 *     divisor first), st q[i][k]
 *   gramschmidt_kernel3 (ceil(NJ/256) blocks): thread j, k < j < NJ: st
 *     r[k][j] (= 0); for i < NI (`r[k][j] += q[i][k] * a[i][j]`, in global
 *     memory): ld a[i][j], ld q[i][k] (broadcast), 2 ALU, st r[k][j]; for
 *     i < NI (`a[i][j] -= q[i][k] * r[k][j]`): ld r[k][j] (reloaded every
 *     trip: the store to a may alias it), ld q[i][k], ld a[i][j], 2 ALU, st
 *     a[i][j] -- the order of nvcc's PTX
 * (kernel2's grid is sized by NJ, as in the suite: rows past it are not
 * normalised when NI > NJ.) */
static void pb_gramschmidt(shell_wl_t *w, unsigned ni, unsigned nj, unsigned bs) {
  const uint32_t A = A0, R = A1, Q = A2;
  uint32_t a[WL_LANES], q[WL_LANES], r[WL_LANES];
  unsigned nb = (nj + bs - 1) / bs;
  for (unsigned k = 0; k < nj; k++) {
    FOR_1D(w, "gramschmidt_kernel1", 1, bs, t0) {
      if (t0 == 0) {
        for (unsigned i = 0; i < ni; i++) {
          lanes_same(a, A + (i * nj + k) * 4);
          gmem(w, 0, 1, 4, a);
          shell_wl_alu(w, 1);
        }
        shell_wl_alu(w, 1);
        lanes_same(a, R + (k * nj + k) * 4);
        gmem(w, 1, 1, 4, a);
      }
    }
    FOR_1D(w, "gramschmidt_kernel2", nb, bs, t0) {
      uint32_t mk = lanes_in(t0, 0, ni);
      if (mk) {
        lanes_same(a, R + (k * nj + k) * 4);
        gmem(w, 0, mk, 4, a);
        lanes_lin(a, A + k * 4, t0, (long long)nj * 4);
        gmem(w, 0, mk, 4, a);
        shell_wl_alu(w, 1);
        lanes_lin(a, Q + k * 4, t0, (long long)nj * 4);
        gmem(w, 1, mk, 4, a);
      }
    }
    FOR_1D(w, "gramschmidt_kernel3", nb, bs, t0) {
      uint32_t mk = lanes_in(t0, (long long)k + 1, nj);
      if (mk) {
        lanes_lin(r, R + k * nj * 4, t0, 4);
        gmem(w, 1, mk, 4, r);
        for (unsigned i = 0; i < ni; i++) {
          lanes_lin(a, A + i * nj * 4, t0, 4);
          lanes_same(q, Q + (i * nj + k) * 4);
          gmem(w, 0, mk, 4, a);
          gmem(w, 0, mk, 4, q);
          shell_wl_alu(w, 2);
          gmem(w, 1, mk, 4, r);
        }
        for (unsigned i = 0; i < ni; i++) {
          lanes_lin(a, A + i * nj * 4, t0, 4);
          lanes_same(q, Q + (i * nj + k) * 4);
          gmem(w, 0, mk, 4, r);
          gmem(w, 0, mk, 4, q);
          gmem(w, 0, mk, 4, a);
          shell_wl_alu(w, 2);
          gmem(w, 1, mk, 4, a);
        }
      }
    }
  }
}

/* hotspot, Rodinia 3.1 cuda/hotspot/hotspot.cu, calculate_temp: blocks of
 * BLOCK_SIZE x BLOCK_SIZE = 16 x 16 threads (a warp is two rows: ty = 2w,
 * 2w+1, tx = lane % 16) on a grid of ceil(n / s) x ceil(n / s) blocks, s =
 * 16 - 2 * pyramid_height the block's output tile ("small block"), its input
 * reaching pyramid_height cells further (border).  The host (run script:
 * `hotspot 512 2 2`: grid 512 x 512, pyramid_height 2, sim_time 2)
 * launches ceil(sim_time / 2) times, each with iteration = min(2, left) and
 * the two temperature buffers swapped.  Per thread, with (y, x) = (s * by -
 * 2 + ty, s * bx - 2 + tx): if (y, x) is on the grid ld temp_src[y][x], ld
 * power[y][x] (into shared memory); barrier; per iteration i: the stencil
 * from shared memory, barrier, and unless i is the last a copy in shared
 * memory and a barrier; then the threads with tx, ty in [iteration, 15 -
 * iteration] on the grid st temp_dst[y][x].  Temperatures at A0/A1, power
 * at A2. */
static void rd_hotspot(shell_wl_t *w, unsigned n, unsigned sim_time) {
  const unsigned B = 16, ph = 2, s = B - 2 * ph, nb = (n + s - 1) / s;
  uint32_t a[WL_LANES];
  for (unsigned t = 0, launch = 0; t < sim_time; t += ph, launch++) {
    unsigned it = sim_time - t < ph ? sim_time - t : ph;
    uint32_t src = launch % 2 ? A1 : A0, dst = launch % 2 ? A0 : A1;
    shell_wl_kernel(w, "calculate_temp", nb * nb, B * B / 32);
    for (unsigned by = 0; by < nb; by++)
      for (unsigned bx = 0; bx < nb; bx++)
        for (unsigned wi = 0; wi < B * B / 32; wi++) {
          shell_wl_warp_begin(w, by * nb + bx, wi);
          uint32_t ld = 0, st = 0;
          for (unsigned l = 0; l < WL_LANES; l++) {
            long long ty = wi * 2 + l / 16, tx = l % 16, y = (long long)s * by - ph + ty, x = (long long)s * bx - ph + tx;
            a[l] = (uint32_t)((y * n + x) * 4);
            if (y < 0 || y >= n || x < 0 || x >= n) continue;
            ld |= 1u << l;
            if (tx >= it && tx <= (long long)B - 1 - it && ty >= it && ty <= (long long)B - 1 - it) st |= 1u << l;
          }
          uint32_t b[WL_LANES];
          if (ld) {
            for (unsigned l = 0; l < WL_LANES; l++) b[l] = src + a[l];
            gmem(w, 0, ld, 4, b);
            for (unsigned l = 0; l < WL_LANES; l++) b[l] = A2 + a[l];
            gmem(w, 0, ld, 4, b);
          }
          shell_wl_bar(w);
          for (unsigned i = 0; i < it; i++) {
            shell_wl_alu(w, 15);
            shell_wl_bar(w);
            if (i + 1 == it) break;
            shell_wl_alu(w, 1);
            shell_wl_bar(w);
          }
          if (st) {
            for (unsigned l = 0; l < WL_LANES; l++) b[l] = dst + a[l];
            gmem(w, 1, st, 4, b);
          }
          shell_wl_exit(w);
        }
  }
}

/* pathfinder, Rodinia 3.1 cuda/pathfinder/pathfinder.cu, dynproc_kernel:
 * 1-D blocks of BLOCK_SIZE = 256, ceil(cols / (256 - 2 * pyramid_height))
 * blocks; the run script's input is `pathfinder 100000 100 20` (cols 100000,
 * rows 100, pyramid_height 20).  The host launches for t = 0, 20, ... <
 * rows - 1 with iteration = min(20, rows - 1 - t), swapping the two result
 * rows.  Thread tx of block bx is column x = (256 - 2 * iteration) * bx -
 * 20 + tx: if 0 <= x < cols ld src[x] (into shared memory); barrier; per
 * iteration i: the threads with tx in [i+1, 254-i] and x on the grid ld
 * wall[t + i][x] (the rest is shared memory), barrier, and unless i is the
 * last a shared-memory copy and a barrier; then the threads with tx in
 * [iteration, 255 - iteration] st dst[x].  wall ((rows - 1) x cols ints) at
 * A0 (up to 64 MiB), the result rows at A4, A5. */
static void rd_pathfinder(shell_wl_t *w, unsigned cols, unsigned rows) {
  const unsigned B = 256, ph = 20, nb = (cols + B - 2 * ph - 1) / (B - 2 * ph);
  uint32_t a[WL_LANES];
  for (unsigned t = 0, launch = 0; t + 1 < rows; t += ph, launch++) {
    unsigned it = rows - 1 - t < ph ? rows - 1 - t : ph;
    uint32_t src = launch % 2 ? A5 : A4, dst = launch % 2 ? A4 : A5;
    shell_wl_kernel(w, "dynproc_kernel", nb, B / 32);
    for (unsigned bx = 0; bx < nb; bx++)
      for (unsigned wi = 0; wi < B / 32; wi++) {
        shell_wl_warp_begin(w, bx, wi);
        long long tx0 = wi * 32, x0 = (long long)(B - 2 * it) * bx - ph + tx0;
        uint32_t valid = lanes_in(x0, 0, cols);
        if (valid) {
          lanes_lin(a, src, x0, 4);
          gmem(w, 0, valid, 4, a);
        }
        shell_wl_bar(w);
        for (unsigned i = 0; i < it; i++) {
          uint32_t m = valid & lanes_in(tx0, i + 1, (long long)B - 1 - i);
          if (m) {
            lanes_lin(a, A0 + (t + i) * cols * 4, x0, 4);
            gmem(w, 0, m, 4, a);
          }
          shell_wl_alu(w, 4);
          shell_wl_bar(w);
          if (i + 1 == it) break;
          shell_wl_alu(w, 1);
          shell_wl_bar(w);
        }
        uint32_t m = valid & lanes_in(tx0, it, (long long)B - it);
        if (m) {
          lanes_lin(a, dst, x0, 4);
          gmem(w, 1, m, 4, a);
        }
        shell_wl_exit(w);
      }
  }
}

/* nw, Rodinia 3.1 cuda/nw/needle.cu + needle_kernel.cu: Needleman-Wunsch on
 * a (n+1) x (n+1) int score matrix (cols = n + 1), in 16 x 16 tiles swept
 * along anti-diagonals: needle_cuda_shared_1 launched for i = 1 .. n/16 on i
 * blocks (tile (bx, i-1-bx)), then needle_cuda_shared_2 for i = n/16-1 .. 1
 * on i blocks (tile (bx + n/16 - i, n/16 - 1 - bx)).  A block is BLOCK_SIZE
 * = 16 threads: one warp with 16 lanes.  With base = cols * 16 * tile_y +
 * 16 * tile_x, thread tx:
 *   shared_1: tx 0: ld matrix[base] (north-west); for ty < 16: ld
 *     reference[base + cols + 1 + ty * cols + tx]; barrier; ld matrix[base +
 *     cols + tx * cols] (west column: lanes cols ints apart); barrier; ld
 *     matrix[base + 1 + tx] (north row); barrier
 *   shared_2: the reference rows and a barrier first, then the north-west
 *     and west loads, barrier, north row, barrier
 *   then the two triangular sweeps in shared memory: 16 + 15 steps, each
 *     a barrier; then for ty < 16 st matrix[base + cols + 1 + ty * cols + tx].
 * reference at A0, matrix at A4 (2049^2 ints is just over 16 MiB). */
static void rd_nw(shell_wl_t *w, unsigned n) {
  const unsigned B = 16, bw = n / B, cols = n + 1;
  const uint32_t ref = A0, mat = A4;
  uint32_t a[WL_LANES];
  for (int pass = 1; pass <= 2; pass++)
    for (unsigned s = 1; s <= (pass == 1 ? bw : bw - 1); s++) {
      unsigned i = pass == 1 ? s : bw - s; /* the launch's i */
      shell_wl_kernel(w, pass == 1 ? "needle_cuda_shared_1" : "needle_cuda_shared_2", i, 1);
      for (unsigned bx = 0; bx < i; bx++) {
        unsigned tx_ = pass == 1 ? bx : bx + bw - i, ty_ = pass == 1 ? i - 1 - bx : bw - 1 - bx;
        uint32_t base = (cols * B * ty_ + B * tx_) * 4;
        shell_wl_warp_begin(w, bx, 0);
        if (pass == 1) {
          lanes_same(a, mat + base);
          gmem(w, 0, 1, 4, a);
        }
        for (unsigned ty = 0; ty < B; ty++) {
          lanes_lin(a, ref + base + (cols + 1 + ty * cols) * 4, 0, 4);
          gmem(w, 0, 0xffff, 4, a);
        }
        shell_wl_bar(w);
        if (pass == 2) {
          lanes_same(a, mat + base);
          gmem(w, 0, 1, 4, a);
        }
        lanes_lin(a, mat + base + cols * 4, 0, (long long)cols * 4);
        gmem(w, 0, 0xffff, 4, a);
        shell_wl_bar(w);
        lanes_lin(a, mat + base + 4, 0, 4);
        gmem(w, 0, 0xffff, 4, a);
        shell_wl_bar(w);
        for (unsigned m = 0; m < 2 * B - 1; m++) {
          shell_wl_alu(w, 6);
          shell_wl_bar(w);
        }
        for (unsigned ty = 0; ty < B; ty++) {
          lanes_lin(a, mat + base + (cols + 1 + ty * cols) * 4, 0, 4);
          gmem(w, 1, 0xffff, 4, a);
        }
        shell_wl_exit(w);
      }
    }
}

/* backprop, Rodinia 3.1 cuda/backprop/backprop_cuda_kernel.cu: a 16-unit
 * hidden layer (facetrain.c), `in` input units; both kernels on a grid of 1
 * x in/16 blocks of 16 x 16 threads (a warp is two rows: ty = 2w, 2w+1, tx =
 * lane % 16).  With row = 16 by + ty + 1 and index = 17 * row + tx + 1 (the
 * weights are (in+1) x 17):
 *   bpnn_layerforward_CUDA: tx 0: ld input[row]; barrier; ld weights[index];
 *     barrier; product in shared memory, barrier; 4 reduction steps, each a
 *     barrier; st weights[index]; barrier; tx 0: st partial[16 by + ty]
 *   bpnn_adjust_weights_cuda: ld w[index], delta[tx+1], ly[row],
 *     oldw[index]; st w[index]; the same three again (the store may alias
 *     them); st oldw[index]; barrier; block 0's ty 0 (warp 0, lanes 0..15):
 *     ld w[tx+1], delta[tx+1], oldw[tx+1]; st w; ld delta, oldw; st oldw.
 * input (= ly) at A0, weights (= w) A1, partial sums A2, delta A3, oldw A4. */
static void rd_backprop(shell_wl_t *w, unsigned in) {
  const unsigned nb = in / 16, H = 17;
  const uint32_t input = A0, wt = A1, part = A2, delta = A3, oldw = A4;
  uint32_t a[WL_LANES], ix[WL_LANES], row[WL_LANES], dx[WL_LANES];
  for (int k = 0; k < 2; k++) {
    shell_wl_kernel(w, k ? "bpnn_adjust_weights_cuda" : "bpnn_layerforward_CUDA", nb, 8);
    for (unsigned by = 0; by < nb; by++)
      for (unsigned wi = 0; wi < 8; wi++) {
        shell_wl_warp_begin(w, by, wi);
        for (unsigned l = 0; l < WL_LANES; l++) {
          unsigned ty = wi * 2 + l / 16, tx = l % 16, r = 16 * by + ty + 1;
          ix[l] = wt + (H * r + tx + 1) * 4;
          row[l] = input + r * 4;
          dx[l] = delta + (tx + 1) * 4;
          a[l] = part + (16 * by + ty) * 4;
        }
        if (!k) {
          gmem(w, 0, 0x10001u, 4, row);
          shell_wl_bar(w);
          gmem(w, 0, ~0u, 4, ix);
          shell_wl_bar(w);
          shell_wl_alu(w, 1);
          shell_wl_bar(w);
          for (int s = 0; s < 4; s++) {
            shell_wl_alu(w, 2);
            shell_wl_bar(w);
          }
          gmem(w, 1, ~0u, 4, ix);
          shell_wl_bar(w);
          gmem(w, 1, 0x10001u, 4, a);
        } else {
          uint32_t ox[WL_LANES];
          for (unsigned l = 0; l < WL_LANES; l++) ox[l] = ix[l] - wt + oldw;
          gmem(w, 0, ~0u, 4, ix);
          for (int rep = 0; rep < 2; rep++) { /* the source's two statements: their own static loads */
            gmem_tap(w, rep, 0, ~0u, 4, dx);
            gmem_tap(w, rep, 0, ~0u, 4, row);
            gmem_tap(w, rep, 0, ~0u, 4, ox);
            shell_wl_alu(w, 4);
            gmem_tap(w, rep, 1, ~0u, 4, rep ? ox : ix);
          }
          shell_wl_bar(w);
          if (by == 0 && wi == 0) {
            for (unsigned l = 0; l < WL_LANES; l++) ix[l] = wt + (l % 16 + 1) * 4, ox[l] = oldw + (l % 16 + 1) * 4;
            gmem(w, 0, 0xffff, 4, ix);
            for (int rep = 0; rep < 2; rep++) { /* (two statements, as above) */
              gmem_tap(w, rep, 0, 0xffff, 4, dx);
              gmem_tap(w, rep, 0, 0xffff, 4, ox);
              shell_wl_alu(w, 3);
              gmem_tap(w, rep, 1, 0xffff, 4, rep ? ox : ix);
            }
          }
        }
        shell_wl_exit(w);
      }
  }
}

/* bfs, Rodinia 3.1 cuda/bfs/bfs.cu + kernel.cu + kernel2.cu: blocks of
 * MAX_THREADS_PER_BLOCK = 512 threads (16 warps; one block of n threads when
 * n <= 512), one thread per node; the host repeats Kernel then Kernel2 until
 * Kernel2 sets no *g_over.  Per thread tid < n:
 *   Kernel: ld mask[tid] (bool); the frontier lanes: st mask[tid], ld
 *     nodes[tid].starting, nodes[tid].no_of_edges (8-byte struct), then
 *     per edge i (lanes leave at their own degree): ld edges[i], ld
 *     visited[id] (bool); the lanes whose id is unvisited: ld cost[tid]
 *     (again each time: the cost store may alias it), st cost[id], st
 *     updating[id] (bool)
 *   Kernel2: ld updating[tid]; the updated lanes: st mask[tid], st
 *     visited[tid], st *g_over, st updating[tid]
 * The graph: Rodinia's inputs (graph4096.txt, graph65536.txt) are random
 * graphs read from a file; here node v gets 2 + r % 9 out-edges (2..10,
 * mean 6) to nodes r' % n, r, r' from the generator's RNG seeded by --seed;
 * the source is node 0, as bfs.cu forces.  The generator runs the BFS itself
 * to know each level's frontier.  nodes at A0, mask A1, updating A2, visited
 * A3, cost A4, edges A5, g_over A6. */
static int rd_bfs(shell_wl_t *w, const char *name, const gargs_t *g, uint64_t seed) {
  unsigned n = g->n, tpb = n > 512 ? 512 : n, nb = (n + tpb - 1) / tpb, wpb = (tpb + 31) / 32;
  uint64_t s = seed ^ 0xbf5bf5bf5ull;
  unsigned *start = malloc((n + 1) * sizeof *start), *edge = malloc((size_t)n * 10 * sizeof *edge);
  unsigned char *mask = calloc(n, 1), *upd = calloc(n, 1), *vis = calloc(n, 1);
  int rc = -1;
  if (!start || !edge || !mask || !upd || !vis) { fprintf(stderr, "error: out of memory\n"); goto out; }
  start[0] = 0;
  for (unsigned v = 0; v < n; v++) {
    unsigned d = 2 + (unsigned)(rng_next(&s) % 9);
    for (unsigned e = 0; e < d; e++) edge[start[v] + e] = (unsigned)(rng_next(&s) % n);
    start[v + 1] = start[v] + d;
  }
  /* the levels first (the record count is known only then) */
  uint64_t levels = 0;
  {
    unsigned char *m2 = calloc(n, 1), *v2 = calloc(n, 1), *u2 = calloc(n, 1);
    if (!m2 || !v2 || !u2) { free(m2); free(v2); free(u2); fprintf(stderr, "error: out of memory\n"); goto out; }
    m2[0] = v2[0] = 1;
    for (int over = 1; over; levels++) {
      over = 0;
      for (unsigned v = 0; v < n; v++)
        if (m2[v]) {
          m2[v] = 0;
          for (unsigned e = start[v]; e < start[v + 1]; e++) if (!v2[edge[e]]) u2[edge[e]] = 1;
        }
      for (unsigned v = 0; v < n; v++) if (u2[v]) m2[v] = v2[v] = 1, u2[v] = 0, over = 1;
    }
    free(m2); free(v2); free(u2);
  }
  uint64_t recs = levels * nb * wpb * (2 * 6 + 10 * 6);
  if (recs > GEN_MAX_RECS) {
    fprintf(stderr, "error: workload %s: n=%u iters=%u bs=%u: too many records (%llu; at most %llu): expected smaller n or iters\n",
            name, g->n, g->iters, g->bs, (unsigned long long)recs, (unsigned long long)GEN_MAX_RECS);
    goto out;
  }
  mask[0] = vis[0] = 1;
  uint32_t a[WL_LANES], c[WL_LANES];
  for (int over = 1; over;) {
    over = 0;
    shell_wl_kernel(w, "Kernel", nb, wpb);
    for (unsigned b = 0; b < nb; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        unsigned t0 = b * tpb + wi * 32;
        uint32_t live = lanes_in(t0, 0, n) & lanes_in(wi * 32, 0, tpb), fr = 0;
        unsigned maxd = 0;
        lanes_lin(a, A1, t0, 1);
        gmem(w, 0, live, 1, a);
        for (unsigned l = 0; l < WL_LANES; l++)
          if (live >> l & 1 && mask[t0 + l]) {
            fr |= 1u << l;
            unsigned d = start[t0 + l + 1] - start[t0 + l];
            maxd = d > maxd ? d : maxd;
          }
        if (fr) {
          gmem(w, 1, fr, 1, a);
          lanes_lin(a, A0, t0, 8);
          gmem(w, 0, fr, 4, a);
          lanes_lin(a, A0 + 4, t0, 8);
          gmem(w, 0, fr, 4, a);
          for (unsigned j = 0; j < maxd; j++) {
            uint32_t m = 0, un = 0;
            for (unsigned l = 0; l < WL_LANES; l++) {
              a[l] = c[l] = 0;
              if (!(fr >> l & 1) || j >= start[t0 + l + 1] - start[t0 + l]) continue;
              unsigned id = edge[start[t0 + l] + j];
              m |= 1u << l;
              a[l] = A5 + (start[t0 + l] + j) * 4;
              c[l] = A3 + id;
              if (!vis[id]) un |= 1u << l;
            }
            gmem(w, 0, m, 4, a);
            gmem(w, 0, m, 1, c);
            if (un) {
              lanes_lin(a, A4, t0, 4);
              gmem(w, 0, un, 4, a);
              shell_wl_alu(w, 1);
              for (unsigned l = 0; l < WL_LANES; l++)
                if (un >> l & 1) {
                  unsigned id = edge[start[t0 + l] + j];
                  a[l] = A4 + id * 4;
                  c[l] = A2 + id;
                }
              gmem(w, 1, un, 4, a);
              gmem(w, 1, un, 1, c);
            }
          }
        }
        shell_wl_exit(w);
      }
    /* the level's effect (after the whole kernel: visited is read as it was) */
    for (unsigned v = 0; v < n; v++)
      if (mask[v]) {
        mask[v] = 0;
        for (unsigned e = start[v]; e < start[v + 1]; e++) if (!vis[edge[e]]) upd[edge[e]] = 1;
      }
    shell_wl_kernel(w, "Kernel2", nb, wpb);
    for (unsigned b = 0; b < nb; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        unsigned t0 = b * tpb + wi * 32;
        uint32_t live = lanes_in(t0, 0, n) & lanes_in(wi * 32, 0, tpb), u = 0;
        lanes_lin(a, A2, t0, 1);
        gmem(w, 0, live, 1, a);
        for (unsigned l = 0; l < WL_LANES; l++) if (live >> l & 1 && upd[t0 + l]) u |= 1u << l;
        if (u) {
          lanes_lin(a, A1, t0, 1);
          gmem(w, 1, u, 1, a);
          lanes_lin(a, A3, t0, 1);
          gmem(w, 1, u, 1, a);
          lanes_same(a, A6);
          gmem(w, 1, u, 1, a);
          lanes_lin(a, A2, t0, 1);
          gmem(w, 1, u, 1, a);
        }
        shell_wl_exit(w);
      }
    for (unsigned v = 0; v < n; v++) if (upd[v]) mask[v] = vis[v] = 1, upd[v] = 0, over = 1;
  }
  rc = 0;
out:
  free(start); free(edge); free(mask); free(upd); free(vis);
  return rc;
}

/* kmeans, Rodinia 3.1 cuda/kmeans/kmeans_cuda.cu + kmeans_cuda_kernel.cu,
 * 34 features a point (the kernel's c_clusters[ASSUMED_NR_CLUSTERS * 34]),
 * 5 clusters (kmeans.c's default).  Blocks of 256 threads; the host rounds
 * ceil(npoints / 256) blocks up to a square, perdim^2 (perdim = ceil(sqrt)).
 *   invert_mapping (once, in allocateMemory; perdim^2 blocks): point p <
 *     npoints: for i < 34: ld input[p * 34 + i] (lanes 34 floats apart), st
 *     output[p + npoints * i] (coalesced)
 *   kmeansPoint (once per clustering iteration, grid perdim x perdim; point
 *     p = (gridDim.x * by + bx) * 256 + tx): p < npoints: for each cluster i
 *     < 5, for j < 34: features[p + j * npoints] (coalesced); then st
 *     membership[p].  GPU_DELTA_REDUCTION is off in the suite: no barrier.
 * The feature reads are texture fetches (tex1Dfetch) in the suite, the
 * cluster centres constant memory: the shell has neither path, so the
 * fetches are global loads here and the constant reads are left out.  The
 * addresses do not depend on the points' values (the membership store is
 * unconditional), so no point data is generated; the number of clustering
 * iterations, data-dependent in the suite (until < 0.1 % of the points
 * move, at most 500), is `iters`.  input at A0, features (inverted) A1,
 * membership A2. */
static void rd_kmeans(shell_wl_t *w, unsigned np, unsigned iters) {
  const unsigned F = 34, K = 5, T = 256;
  unsigned nb = (np + T - 1) / T, pd = 1;
  while (pd * pd < nb) pd++;
  uint32_t a[WL_LANES];
  for (unsigned it = 0; it <= iters; it++) {
    shell_wl_kernel(w, it ? "kmeansPoint" : "invert_mapping", pd * pd, T / 32);
    for (unsigned b = 0; b < pd * pd; b++)
      for (unsigned wi = 0; wi < T / 32; wi++) {
        shell_wl_warp_begin(w, b, wi);
        unsigned p0 = b * T + wi * 32;
        uint32_t m = lanes_in(p0, 0, np);
        for (unsigned i = 0; m && i < (it ? K : F); i++) {
          if (!it) {
            lanes_lin(a, A0 + i * 4, p0, (long long)F * 4);
            gmem(w, 0, m, 4, a);
            lanes_lin(a, A1 + i * np * 4, p0, 4);
            gmem(w, 1, m, 4, a);
            continue;
          }
          for (unsigned j = 0; j < F; j++) {
            lanes_lin(a, A1 + j * np * 4, p0, 4);
            gmem(w, 0, m, 4, a);
            shell_wl_alu(w, 2);
          }
          shell_wl_alu(w, 2);
        }
        if (m && it) {
          lanes_lin(a, A2, p0, 4);
          gmem(w, 1, m, 4, a);
        }
        shell_wl_exit(w);
      }
  }
}

int shell_wl_gen(shell_wl_t *w, const char *name, const char *args, uint64_t seed) {
  return shell_wl_gen_as(w, name, args, seed, "option --args");
}
int shell_wl_gen_as(shell_wl_t *w, const char *name, const char *args, uint64_t seed, const char *opt) {
  int id = -1;
  for (int i = 0; shell_wl_gen_names[i]; i++)
    if (!strcmp(name, shell_wl_gen_names[i])) id = i;
  if (id < 0) {
    char e[300];
    fprintf(stderr, "error: workload '%s': not a generator (", cfg_escape(name, strlen(name), e, sizeof e));
    for (int i = 0; shell_wl_gen_names[i]; i++) fprintf(stderr, "%s%s", i ? ", " : "", shell_wl_gen_names[i]);
    fprintf(stderr, "), a .traceg, an Accel-Sim kernel list (.g) or a .wl file\n");
    return -1;
  }
  /* defaults sized for a run of some 10^5 cycles on 4 SMs */
  static const unsigned dn[] = {512, 512, 512, 512, 64, 64, 128, 64, 128, 65536, 32, 2048, /* then as the suites: */
                                512, 512, 256, 2048, 256, 256, 256, 512, 100000, 2048, 65536, 65536, 65536};
  /* 0: iters = n (the matrix-vector kernels' full loops) */
  static const unsigned di[] = {0, 0, 0, 0, 64, 48, 1, 64, 1, 8, 64, 0, 512, 512, 256, 4, 256, 256, 256, 2, 100, 1, 1, 1, 1};
  static const unsigned db[] = {256, 256, 256, 256, 256, 256, 256, 256, 256, 128, 128, 64, /* the suites' blocks: */
                                256, 256, 256, 256, 256, 256, 256, 256, 256, 32, 256, 512, 256};
  gargs_t g = {dn[id], di[id], db[id]};
  if (parse_args(name, args, &g, opt)) return -1;
  if (id <= 3 && !g.iters) g.iters = g.n;
  if (id <= 3 && g.iters > g.n) {
    fprintf(stderr, "error: workload %s: iters=%u: expected at most n=%u (the loop runs over the matrix's n rows or columns)\n",
            name, g.iters, g.n);
    return -1;
  }
  if (id >= 19 && g.bs != db[id]) {
    fprintf(stderr, "error: workload %s: bs=%u: the suite's BLOCK_SIZE is fixed (expected no bs)\n", name, g.bs);
    return -1;
  }
  if ((id == 21 || id == 22) && (g.n < 16 || g.n % 16)) {
    fprintf(stderr, "error: workload %s: n=%u must be a multiple of 16 (the tile size)\n", name, g.n);
    return -1;
  }
  if (id == 14 && g.iters < 3) {
    fprintf(stderr, "error: workload %s: iters=%u: expected at least 3 planes (NI - 2 launches)\n", name, g.iters);
    return -1;
  }
  if (id == 20 && g.iters < 2) {
    fprintf(stderr, "error: workload %s: iters=%u: expected at least 2 rows (rows - 1 steps)\n", name, g.iters);
    return -1;
  }
  if ((id == 16 || id == 17) && g.n < g.bs) {
    fprintf(stderr, "error: workload %s: n=%u must be at least bs=%u (the suite launches floor(M / bs) blocks)\n", name,
            g.n, g.bs);
    return -1;
  }
  /* Every product of the arguments checked before use (64-bit, each factor
   * <= 2^20): the largest array must fit the 16 MiB between array bases,
   * and the workload at most GEN_MAX_RECS records. */
  {
    uint64_t n = g.n, it = g.iters, wpb = g.bs / 32, warps = (n + g.bs - 1) / g.bs * wpb, nn = n * n, bytes, recs;
    uint64_t mmw = (nn + g.bs - 1) / g.bs * wpb, nk = (it > n ? it : n) * n; /* loops over k < iters index a row or column */
    uint64_t w2 = (n + 31) / 32 * ((n + wpb - 1) / wpb) * wpb; /* warps of a 2-D launch 32 x bs/32 over n x n */
    switch (id) {
    case 0: case 2: /* 32 x bs/32 blocks over ceil(n/32) */
      bytes = nn * 4, recs = 2 * ((n + 31) / 32) * wpb * (it * 4 + 2); break;
    case 1: bytes = nn * 4, recs = 2 * warps * (it * 4 + 2); break;
    case 3: bytes = nn * 4, recs = warps * (it * 10 + 5); break;
    /* per live warp of a 2-D launch: begin, exit; ld, ALU, st (beta); per trip the loads, ALU, st */
    case 4: case 7: bytes = nk * 4, recs = w2 * (it * 4 + 5); break;
    case 5: bytes = nk * 4, recs = w2 * (it * 6 + 5); break;
    case 6: bytes = nn * 4, recs = mmw * 12; break;
    case 8: bytes = nn * 4, recs = (n / 16) * (n / 16) * 8 * 8; break;
    case 9: bytes = n * 4, recs = 32 * wpb * (it * 4 + 1); break;
    case 10: bytes = n * 1024, recs = 32 * wpb * (it * 2 + 2); break;
    case 11: bytes = n * 16 * 4, recs = warps * (2 + 16 * 4); break;
    case 12: bytes = nk * 4, recs = w2 * (4 * (it + n) + 8); break; /* kernel1 4 it + 3, kernel2 4 n + 5 a warp */
    case 13: bytes = nk * 4, recs = w2 * (4 * it + 8 * n + 9); break; /* 4 k + 3 a warp in each of 3 */
    case 14: bytes = nn * it * 4, recs = (it > 2 ? it - 2 : 0) * w2 * 14; break; /* one 64 MiB array: checked below */
    case 15: bytes = (nn > it ? nn : it) * 4, recs = it * w2 * 20; break;
    case 16: case 17: /* n = M columns, iters = N rows; per warp: mean 3 N + 5, std 4 N + 7; corr_kernel's
                         warps trip up to M times over N rows (4 N + 2 each, 3 more); reduce 9 a warp */
      bytes = nk * 4, recs = (n / 32 + 1) * (7 * it + 12 + n * (4 * it + 2) + 3) + (n / 32 + 1) * (it + 32) * 9; break;
    case 18: /* gramschmidt: n = NJ columns (the k steps), iters = NI rows */
      bytes = nk * 4, recs = n * (2 * it + 3 + wpb + ((n + g.bs - 1) / g.bs * wpb) * (9 * it + 9)); break;
    case 19: /* hotspot: n x n grid, iters = sim_time, pyramid height 2: 12 x 12 output tiles */
      bytes = nn * 4, recs = (it + 1) / 2 * ((n + 11) / 12) * ((n + 11) / 12) * 8 * 16; break;
    case 20: /* pathfinder: n = cols, iters = rows, pyramid height 20: 216-column output tiles */
      bytes = (it - 1) * n * 4, recs = (it + 18) / 20 * ((n + 215) / 216) * 8 * (6 + 5 * 20); break;
    case 21: /* nw: (n+1)^2 ints; (n/16)^2 tiles of one warp, 100 records each */
      bytes = (n + 1) * (n + 1) * 4, recs = (n / 16) * (n / 16) * 100; break;
    case 22: /* backprop: (n+1) x 17 weights; n/16 blocks of 8 warps, under 32 records a warp in all */
      bytes = (n + 1) * 17 * 4, recs = n / 16 * 8 * 32 + 16; break;
    case 23: /* bfs: at most 10 edges a node; the records depend on the levels: checked in rd_bfs */
      bytes = n * 10 * 4, recs = 0; break;
    default: { /* kmeans: n points x 34 features; ceil(n / 256) blocks rounded up to a square */
      uint64_t pd = 1;
      while (pd * pd < (n + 255) / 256) pd++;
      bytes = n * 34 * 4, recs = pd * pd * 8 * (2 * 34 + 1 + it * (5 * 36 + 2));
      break;
    }
    }
    if (id == 8 && (n < 16 || n % 16)) {
      fprintf(stderr, "error: workload %s: n=%u must be a multiple of 16 (the tile size)\n", name, g.n);
      return -1;
    }
    /* the 64 MiB from A0 to A4: the matrix-vector kernels' matrix (gesummv's B from A4 to A8), 3dconv (A; B at A4), pathfinder (wall), nw (reference; matrix at A4) */
    uint64_t maxb = id <= 3 || id == 14 || id == 20 || id == 21 ? 4 * GEN_ARRAY_BYTES : GEN_ARRAY_BYTES;
    if (bytes > maxb || recs > GEN_MAX_RECS) {
      fprintf(stderr, "error: workload %s: n=%u iters=%u bs=%u: %s (%llu; at most %llu): expected smaller n or iters\n",
              name, g.n, g.iters, g.bs, bytes <= maxb       ? "too many records"
                                      : maxb > GEN_ARRAY_BYTES ? "an array larger than the 64 MiB between A0 and A4"
                                                 : "an array larger than the 16 MiB between array bases",
              (unsigned long long)(bytes > maxb ? bytes : recs),
              (unsigned long long)(bytes > maxb ? maxb : GEN_MAX_RECS));
      return -1;
    }
  }
  uint32_t a[WL_LANES];
  switch (id) {
  /* the matrix-vector kernels (pb_mv, pb_gesummv): NX = NY = N = n, iters the loops' trip count
     (at most n).  The suite's datasets are all 4096: the 64 MiB matrix fits the span from A0 to A4
     and the records the cap, but a run does not end within the shell's 5e7 cycles (docs/shell.md,
     Generators); default n = 512, iters = 128 */
  case 0: /* atax: atax_kernel1 tmp = A x (thread i, row-wise), atax_kernel2 y = A^T tmp (thread j,
             column-wise); A at A0, x A4, y A5, tmp A6 */
    pb_mv(w, "atax_kernel1", g.n, g.iters, g.bs, 1, A0, 0, A4, 0, A6, 1);
    pb_mv(w, "atax_kernel2", g.n, g.iters, g.bs, 1, A0, 1, A6, 0, A5, 1);
    break;
  case 1: /* bicg: bicg_kernel1 s = A^T r (thread j, column-wise) first, then bicg_kernel2 q = A p
             (thread i, row-wise); A at A0, r A4, s A5, p A6, q A7 */
    pb_mv(w, "bicg_kernel1", g.n, g.iters, g.bs, 0, A0, 1, A4, 1, A5, 1);
    pb_mv(w, "bicg_kernel2", g.n, g.iters, g.bs, 0, A0, 0, A6, 0, A7, 1);
    break;
  case 2: /* mvt: mvt_kernel1 x1 += a y_1 (row-wise), mvt_kernel2 x2 += a^T y_2 (column-wise);
             a at A0, x1 A4, x2 A5, y_1 A6, y_2 A7 */
    pb_mv(w, "mvt_kernel1", g.n, g.iters, g.bs, 1, A0, 0, A6, 0, A4, 0);
    pb_mv(w, "mvt_kernel2", g.n, g.iters, g.bs, 1, A0, 1, A7, 0, A5, 0);
    break;
  case 3: pb_gesummv(w, g.n, g.iters, g.bs); break;
  case 4: /* syrk: NI = n, NJ = iters (the k loop).  The suite's datasets are all 1024 x 1024 */
  case 5: /* syr2k: the same sizes */
    pb_syrk(w, g.n, g.iters, g.bs, id == 5);
    break;
  case 7: /* gemm, PolyBench-GPU CUDA/GEMM/gemm.cu gemm_kernel (C = alpha A B + beta C) on ceil(NI/32) x
             ceil(NJ/8) blocks of 32 x 8 (the host sizes x by NI, y by NJ; NI = NJ here): NI = NJ = n,
             NK = iters; A at A0, B A1, C A2.  The suite's datasets are all 512 */
    pb_mm(w, "gemm_kernel", g.n, g.n, g.iters, g.bs, A0, A1, A2, 1, 1);
    break;
  case 6: { /* 2dconv: 3x3 stencil, warps along a row: coalesced, little reuse */
    unsigned n = g.n, wpb = g.bs / 32, threads = n * n, blocks = (threads + g.bs - 1) / g.bs;
    shell_wl_kernel(w, "2dconv", blocks, wpb);
    for (unsigned b = 0; b < blocks; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        unsigned t0 = b * g.bs + wi * 32;
        if (t0 < threads) {
          unsigned i = t0 / n, j0 = t0 % n;
          for (int di2 = -1; di2 <= 1; di2++)
            for (int dj = -1; dj <= 1; dj++) {
              long long row = (long long)i + di2;
              if (row < 0 || row >= n) continue;
              uint32_t mask = 0;
              for (unsigned l = 0; l < WL_LANES; l++) {
                long long col = (long long)j0 + l + dj;
                a[l] = 0;
                if (col >= 0 && col < n && j0 + l < n) {
                  mask |= 1u << l;
                  a[l] = (uint32_t)(A0 + (row * n + col) * 4);
                }
              }
              if (mask) gmem_tap(w, (unsigned)((di2 + 1) * 3 + dj + 1), 0, mask, 4, a); /* the 9 taps the source writes out */
            }
          shell_wl_alu(w, 17);
          lanes_lin(a, A1 + i * n * 4, j0, 4);
          gmem(w, 1, ~0u, 4, a);
        }
        shell_wl_exit(w);
      }
    break;
  }
  case 8: { /* srad: each block preloads its 16x16 tile (and a halo row) from
              global into shared memory, barrier, computes from shared, stores */
    unsigned n = g.n, tiles = (n / 16) * (n / 16), wpb = 8;
    shell_wl_kernel(w, "srad", tiles, wpb);
    for (unsigned b = 0; b < tiles; b++) {
      unsigned ti = b / (n / 16), tj = b % (n / 16);
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        for (unsigned l = 0; l < WL_LANES; l++) { /* two tile rows per warp */
          unsigned r = ti * 16 + wi * 2 + l / 16, c = tj * 16 + l % 16;
          a[l] = A0 + (r * n + c) * 4;
        }
        gmem(w, 0, ~0u, 4, a);
        for (unsigned l = 0; l < WL_LANES; l++) { /* the same tile of the second image */
          unsigned r = ti * 16 + wi * 2 + l / 16, c = tj * 16 + l % 16;
          a[l] = A1 + (r * n + c) * 4;
        }
        gmem(w, 0, ~0u, 4, a);
        shell_wl_alu(w, 4); /* stores to shared memory */
        shell_wl_bar(w);
        shell_wl_alu(w, 60); /* the stencil from shared memory */
        shell_wl_bar(w);
        for (unsigned l = 0; l < WL_LANES; l++) {
          unsigned r = ti * 16 + wi * 2 + l / 16, c = tj * 16 + l % 16;
          a[l] = A2 + (r * n + c) * 4;
        }
        gmem(w, 1, ~0u, 4, a);
        shell_wl_exit(w);
      }
    }
    break;
  }
  case 9: { /* stream: c = a + b over n elements, grid-stride loop, no reuse */
    unsigned wpb = g.bs / 32, blocks = 32, threads = blocks * g.bs;
    shell_wl_kernel(w, "stream", blocks, wpb);
    for (unsigned b = 0; b < blocks; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        for (unsigned it = 0; it < g.iters; it++) {
          long long t0 = (long long)it * threads + b * g.bs + wi * 32;
          if (t0 >= g.n) break;
          lanes_lin(a, A0, t0, 4);
          gmem(w, 0, ~0u, 4, a);
          lanes_lin(a, A1, t0, 4);
          gmem(w, 0, ~0u, 4, a);
          shell_wl_alu(w, 1);
          lanes_lin(a, A2, t0, 4);
          gmem(w, 1, ~0u, 4, a);
        }
        shell_wl_exit(w);
      }
    break;
  }
  case 10: { /* share: every block reads the same table of n KB, so lines one
                SM fetched are wanted by the others (the CCN's case) */
    unsigned wpb = g.bs / 32, blocks = 32, lines = g.n * 1024 / 128;
    shell_wl_kernel(w, "share", blocks, wpb);
    for (unsigned b = 0; b < blocks; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        for (unsigned it = 0; it < g.iters; it++) {
          unsigned line = (it * 7 + wi * 13 + (b % 4) * 3) % lines;
          lanes_lin(a, A0 + line * 128, 0, 4);
          gmem(w, 0, ~0u, 4, a);
          shell_wl_alu(w, 8);
        }
        lanes_lin(a, A1, (long long)(b * g.bs + wi * 32), 4);
        gmem(w, 1, ~0u, 4, a);
        shell_wl_exit(w);
      }
    break;
  }
  case 11: { /* spmv: CSR, one row per thread, random row lengths and column
                indices (seeded): irregular gathers of x */
    unsigned rows = g.n, wpb = g.bs / 32, blocks = (rows + g.bs - 1) / g.bs, avg = 8;
    uint64_t s = seed ^ 0x5eed5eedull;
    unsigned *len = malloc(rows * sizeof *len), *start = malloc(rows * sizeof *start);
    if (!len || !start) { free(len); free(start); fprintf(stderr, "error: out of memory\n"); return -1; }
    unsigned nnz = 0;
    for (unsigned r = 0; r < rows; r++) {
      len[r] = 1 + (unsigned)(rng_next(&s) % (2 * avg));
      start[r] = nnz;
      nnz += len[r];
    }
    shell_wl_kernel(w, "spmv", blocks, wpb);
    for (unsigned b = 0; b < blocks; b++)
      for (unsigned wi = 0; wi < wpb; wi++) {
        shell_wl_warp_begin(w, b, wi);
        unsigned r0 = b * g.bs + wi * 32, maxl = 0;
        for (unsigned l = 0; l < WL_LANES && r0 + l < rows; l++) maxl = len[r0 + l] > maxl ? len[r0 + l] : maxl;
        for (unsigned l = 0; l < WL_LANES; l++) a[l] = r0 + l < rows ? A0 + (r0 + l) * 4 : 0;
        uint32_t live = 0;
        for (unsigned l = 0; l < WL_LANES; l++) if (r0 + l < rows) live |= 1u << l;
        if (live) gmem(w, 0, live, 4, a); /* row pointers */
        for (unsigned k = 0; k < maxl; k++) {
          uint32_t mask = 0, c[WL_LANES];
          for (unsigned l = 0; l < WL_LANES; l++) {
            a[l] = c[l] = 0;
            if (r0 + l < rows && k < len[r0 + l]) {
              mask |= 1u << l;
              a[l] = A1 + (start[r0 + l] + k) * 4;                    /* column index */
              c[l] = A3 + (uint32_t)(rng_next(&s) % rows) * 4;       /* x[col] */
            }
          }
          gmem(w, 0, mask, 4, a);
          for (unsigned l = 0; l < WL_LANES; l++) if (mask >> l & 1) a[l] += A2 - A1; /* value */
          gmem(w, 0, mask, 4, a);
          gmem(w, 0, mask, 4, c);
          shell_wl_alu(w, 2);
        }
        if (live) {
          lanes_lin(a, A4, r0, 4);
          gmem(w, 1, live, 4, a);
        }
        shell_wl_exit(w);
      }
    free(len);
    free(start);
    break;
  }
  case 12: /* 2mm, PolyBench-GPU CUDA/2MM/2mm.cu (Polybench 3.2 port): D = alpha A B C + beta D
              as mm2_kernel1 (tmp = alpha A B, k < NK) then mm2_kernel2 (D = beta D + tmp C,
              k < NJ), each on a grid of ceil(NJ/32) x ceil(NI/8) blocks of 32 x 8.  Suite's
              STANDARD_DATASET: NI = NJ = NK = NL = 1024; here NI = NJ = NL = n, NK = iters.
              1024 is over GEN_MAX_RECS (the check counts 268697600); default n = iters = 512. */
    pb_mm(w, "mm2_kernel1", g.n, g.n, g.iters, g.bs, A0, A1, A2, 0, 1);
    pb_mm(w, "mm2_kernel2", g.n, g.n, g.n, g.bs, A2, A3, A4, 1, 0);
    break;
  case 13: /* 3mm, PolyBench-GPU CUDA/3MM/3mm.cu: G = (A B)(C D) as mm3_kernel1 (E = A B,
              k < NK), mm3_kernel2 (F = C D, k < NM), mm3_kernel3 (G = E F, k < NJ).
              Suite's STANDARD_DATASET: all sizes 512 (the default here); NK = iters,
              the others n. */
    pb_mm(w, "mm3_kernel1", g.n, g.n, g.iters, g.bs, A0, A1, A2, 0, 0);
    pb_mm(w, "mm3_kernel2", g.n, g.n, g.n, g.bs, A3, A4, A5, 0, 0);
    pb_mm(w, "mm3_kernel3", g.n, g.n, g.n, g.bs, A2, A5, A6, 0, 0);
    break;
  case 14: /* 3dconv: NJ = NK = n, NI = iters (NI-2 launches); the suite's sizes are all
              256 (the default): A (64 MiB) at A0, B at A4 */
    pb_conv3d(w, g.iters, g.n, g.n, g.bs, A0, A4);
    break;
  case 15: /* fdtd-2d: NX = NY = n, TMAX = iters.  The suite's datasets are all NX = NY = 2048,
              TMAX = 500: over GEN_MAX_RECS (the check counts 1310720000; 25 steps fit); default 4 steps
              at the suite's 2048 x 2048 */
    pb_fdtd2d(w, g.n, g.n, g.iters, g.bs);
    break;
  case 16: /* corr: M = n, N = iters.  The suite's datasets are all M = N = 2048: over
              GEN_MAX_RECS (the check counts 1092934895).  Default M = N = 256, the smallest M that launches a block of
              256: corr_kernel runs on M/32 warps only, each tripping ~M times over N rows of
              dependent loads, so M = N = 512 does not end within the shell's 5e7 cycles */
  case 17: /* covar: the same sizes */
    pb_corr(w, g.n, g.iters, g.bs, id == 16);
    break;
  case 18: /* gramschmidt: NJ = n, NI = iters.  The suite's datasets are all 2048 x 2048:
              over GEN_MAX_RECS (the check counts 2425509888); default 256 x 256 */
    pb_gramschmidt(w, g.iters, g.n, g.bs);
    break;
  case 19: /* hotspot: n = grid rows = cols, iters = sim_time; the run script's 512, 2 */
    rd_hotspot(w, g.n, g.iters);
    break;
  case 20: /* pathfinder: n = cols, iters = rows; the run script's 100000, 100 */
    rd_pathfinder(w, g.n, g.iters);
    break;
  case 21: /* nw: n = sequence length (max_rows - 1); the run script's `needle 2048 10`; iters unused */
    rd_nw(w, g.n);
    break;
  case 22: /* backprop: n = input units (multiple of 16), iters unused.  The run script of the
              Rodinia copy read (yuhc/gpu-rodinia) says 2097152: beyond the arguments' 2^20, and
              (n+1) x 17 weights fit 16 MiB only for n <= 246723; default 65536 (4096 blocks) */
    rd_backprop(w, g.n);
    break;
  case 23: /* bfs: n nodes (the run script's graph65536), iters unused */
    if (rd_bfs(w, name, &g, seed)) return -1;
    break;
  case 24: /* kmeans: n points (the run script's kdd_cup file is not in the repository read;
              n x 34 features must fit 16 MiB: default 65536), iters = clustering iterations */
    rd_kmeans(w, g.n, g.iters);
    break;
  }
  return shell_wl_finish(w, name);
}
