/* fuzz_shell_wl.h -- shared by the two workload-reader harnesses: the
 * readers take a path (they report FILE:LINE), so each input is handed over
 * as an anonymous in-memory file (memfd) named through /proc/self/fd. */
#ifndef FUZZ_SHELL_WL_H
#define FUZZ_SHELL_WL_H
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "fuzz_common.h"
#include "shell_wl.h"

/* Largest input fed (a real trace is megabytes; the reader's per-line
 * limits are what is under test, not its throughput). */
#define FUZZ_WL_MAX (1u << 16)

/* What an accepted workload must hold (what the shell relies on): every
 * warp non-empty and ending in its only EXIT, record kinds and sizes known,
 * each access's words inside the pool (one per active lane, or base and
 * stride for 3 or more lanes on a progression: wl_rec_t.aff) and its lane
 * addresses below 2^addr_w. */
static inline void fuzz_wl_check(const shell_wl_t *w) {
  for (uint32_t k = 0; k < w->nk; k++) {
    const wl_kernel_t *kr = &w->k[k];
    for (uint32_t i = 0; i < kr->blocks * kr->warps; i++) {
      uint32_t f = kr->wfirst[i], n = kr->wlen[i];
      if (n == 0 || f + n > w->nrec || w->rec[f + n - 1].kind != WL_EXIT) abort();
      for (uint32_t r = f; r < f + n; r++) {
        const wl_rec_t *x = &w->rec[r];
        if (x->kind > WL_EXIT || (x->kind == WL_EXIT && r != f + n - 1)) abort();
        if (x->kind != WL_LD && x->kind != WL_ST) continue;
        if (x->size != 1 && x->size != 2 && x->size != 4 && x->size != 8 && x->size != 16) abort();
        uint32_t lanes = (uint32_t)__builtin_popcount(x->mask);
        if (x->aff > 1 || (x->aff && lanes < 3)) abort();
        if (x->addr + (uint64_t)(x->aff ? 2 : lanes) > w->npool) abort();
        for (uint32_t l = 0; l < lanes; l++)
          if (w->addr_w < 32 && (shell_wl_lane(w->pool, x, l) >> w->addr_w) != 0) abort();
      }
    }
  }
}

/* An accepted workload, written in the .wl format (shell_wl_write) and read
 * back, is the same workload: every kernel name byte for byte, grid, warp
 * streams and lane addresses. */
static inline void fuzz_wl_round_trip(const shell_wl_t *w) {
  int fd = memfd_create("fuzz-wl-rt", 0);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w+");
  if (!f || shell_wl_write(w, f) || fflush(f)) abort();
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  shell_wl_t b;
  shell_wl_init(&b, w->addr_w);
  if (shell_wl_read(&b, path) || b.nk != w->nk) abort();
  for (uint32_t k = 0; k < w->nk; k++) {
    const wl_kernel_t *x = &w->k[k], *y = &b.k[k];
    if (strcmp(x->name, y->name) || x->blocks != y->blocks || x->warps != y->warps) abort();
    for (uint32_t i = 0; i < x->blocks * x->warps; i++) {
      if (x->wlen[i] != y->wlen[i]) abort();
      for (uint32_t r = 0; r < x->wlen[i]; r++) {
        const wl_rec_t *p = &w->rec[x->wfirst[i] + r], *q = &b.rec[y->wfirst[i] + r];
        if (p->kind != q->kind || p->count != q->count || p->mask != q->mask) abort();
        if ((p->kind == WL_LD || p->kind == WL_ST) && p->size != q->size) abort();
        if (p->kind == WL_LD || p->kind == WL_ST)
          for (unsigned l = 0, nl = (unsigned)__builtin_popcount(p->mask); l < nl; l++)
            if (shell_wl_lane(w->pool, p, l) != shell_wl_lane(b.pool, q, l)) abort();
      }
    }
  }
  shell_wl_free(&b);
  fclose(f);
}

static inline int fuzz_wl_run(const uint8_t *data, size_t n, int (*reader)(shell_wl_t *, const char *)) {
  if (n > FUZZ_WL_MAX) return 0;
  int fd = memfd_create("fuzz-wl", 0);
  if (fd < 0) abort();
  if (n && write(fd, data, n) != (ssize_t)n) abort();
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  shell_wl_t w;
  shell_wl_init(&w, 24);
  if (reader(&w, path) == 0) { /* the readers end with shell_wl_finish() */
    fuzz_wl_check(&w);
    fuzz_wl_round_trip(&w);
  }
  shell_wl_free(&w);
  close(fd);
  return 0;
}
#endif
