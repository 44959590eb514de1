/* mem_1r1w_sync_ls.c -- lockstep adapter of the synchronous-read 1R1W memory
 * (the SRAM-macro wrapper, rtl/prim/mem_1r1w_sync.sv).
 * Stimulus: reads on about 60 % of cycles (so rdata_o is also seen held
 * across idle cycles), back-to-back reads of one row and of different rows,
 * writes with random masks over a hot subset of rows and the whole depth;
 * a third of the reads address the row written at the same edge (the
 * read-before-write rule).
 * Scoreboard (check): a shadow array the adapter keeps from the write port
 * alone, and the spec's rule -- rdata_o after an edge with re_i is the row
 * as it stood before that edge; it holds when re_i is low -- so a rule
 * broken the same way on both sides still fails the run.  The shadow starts
 * as the model's array at the first cycle (zero, or --rand-init's rows);
 * the output register is checked only after the first read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"

typedef struct {
  mem_1r1w_sync_t m;
  uint32_t re_i, raddr_i, we_i, waddr_i, *wdata_i, *wmask_i, *rdata_o;
  /* scoreboard: the array as the spec says, the expected output register */
  uint32_t *shadow, *expect;
  int expect_valid, shadow_loaded;
  uint64_t cov_collide, cov_hold, cov_b2b;
  uint32_t prev_re;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (CFG(cfg, MEM_WIDTH) % CFG(cfg, MEM_SLICE)) {
    cfg_reject(cfg, P_MEM_SLICE, "must divide MEM_WIDTH");
    free(c);
    return NULL;
  }
  if (mem_1r1w_sync_init(&c->m, (unsigned)CFG(cfg, MEM_DEPTH), (unsigned)CFG(cfg, MEM_WIDTH),
                         (unsigned)CFG(cfg, MEM_SLICE))) {
    free(c);
    return NULL;
  }
  unsigned w = c->m.m.words;
  c->wdata_i = calloc(w, 4);
  c->wmask_i = calloc(c->m.m.mwords, 4);
  c->rdata_o = calloc(w, 4);
  c->shadow = calloc((size_t)c->m.m.depth * w, 4);
  c->expect = calloc(w, 4);
  if (!c->wdata_i || !c->wmask_i || !c->rdata_o || !c->shadow || !c->expect) {
    mem_1r1w_sync_free(&c->m);
    free(c->wdata_i), free(c->wmask_i), free(c->rdata_o), free(c->shadow), free(c->expect);
    free(c);
    return NULL;
  }
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  mem_1r1w_sync_free(&c->m);
  free(c->wdata_i), free(c->wmask_i), free(c->rdata_o), free(c->shadow), free(c->expect);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  unsigned aw = bits_idx_w(c->m.m.depth);
  ls_param(m, "Depth", c->m.m.depth);
  ls_param(m, "Width", c->m.m.width);
  ls_param(m, "SliceW", c->m.m.slice_w);
  ls_input(m, "re_i", 1, &c->re_i);
  ls_input(m, "raddr_i", aw, &c->raddr_i);
  ls_input(m, "we_i", 1, &c->we_i);
  ls_input(m, "waddr_i", aw, &c->waddr_i);
  ls_input(m, "wdata_i", c->m.m.width, c->wdata_i);
  ls_input(m, "wmask_i", c->m.m.nslice, c->wmask_i);
  ls_output(m, "rdata_o", c->m.m.width, c->rdata_o);
  ls_mem_sync(m, "", &c->m);
  ls_cover(m, "read.same_row_as_write", &c->cov_collide);
  ls_cover(m, "read.held", &c->cov_hold);
  ls_cover(m, "read.back_to_back", &c->cov_b2b);
}

static void reset(void *p) {
  ctx_t *c = p;
  mem_1r1w_sync_idle(&c->m);
  c->expect_valid = 0;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  unsigned d = c->m.m.depth, hot = d < 4 ? d : 4;
  (void)cycle;
  c->re_i = ls_chance(r, 60);
  c->we_i = ls_chance(r, 60);
  c->waddr_i = ls_chance(r, 50) ? ls_below(r, hot) : ls_below(r, d);
  c->raddr_i = ls_chance(r, 30) ? c->waddr_i : ls_chance(r, 20) ? c->raddr_i : ls_below(r, d);
  ls_rand_bits(r, c->wdata_i, c->m.m.width);
  if (ls_chance(r, 30)) { /* all slices */
    memset(c->wmask_i, 0xff, c->m.m.mwords * 4);
    bits_trim(c->wmask_i, c->m.m.nslice);
  } else {
    ls_rand_bits(r, c->wmask_i, c->m.m.nslice);
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  if (!c->shadow_loaded) { /* the start state (zero, or --rand-init's rows) */
    memcpy(c->shadow, c->m.m.mem_q, (size_t)c->m.m.depth * c->m.m.words * 4);
    c->shadow_loaded = 1;
  }
  memcpy(c->rdata_o, mem_1r1w_sync_rdata(&c->m), c->m.m.words * 4);
  /* the DUT's ports are its inputs, as they are */
  c->m.re_i = c->re_i;
  c->m.raddr_i = c->raddr_i;
  c->m.m.we_i = c->we_i;
  c->m.m.waddr_i = c->waddr_i;
  memcpy(c->m.m.wdata_i, c->wdata_i, c->m.m.words * 4);
  memcpy(c->m.m.wmask_i, c->wmask_i, c->m.m.mwords * 4);
  c->cov_collide += c->re_i && c->we_i && c->raddr_i == c->waddr_i;
  c->cov_hold += !c->re_i && c->prev_re;
  c->cov_b2b += c->re_i && c->prev_re;
  c->prev_re = c->re_i;
}

static void commit(void *p) { mem_1r1w_sync_commit(&((ctx_t *)p)->m); }

/* After the edge: the spec's read-before-write rule against the shadow. */
static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  unsigned w = c->m.m.words, sw = c->m.m.slice_w;
  if (c->re_i) {
    memcpy(c->expect, c->shadow + (size_t)c->raddr_i * w, w * 4);
    c->expect_valid = 1;
  }
  if (c->we_i) {
    uint32_t *row = c->shadow + (size_t)c->waddr_i * w;
    for (unsigned s = 0; s < c->m.m.nslice; s++) {
      if (!bits_test(c->wmask_i, s)) continue;
      for (unsigned b = s * sw; b < (s + 1) * sw; b += 32) {
        unsigned k = (s + 1) * sw - b < 32 ? (s + 1) * sw - b : 32;
        bits_set(row, b, k, bits_get(c->wdata_i, b, k));
      }
    }
  }
  if (c->expect_valid && memcmp(c->expect, mem_1r1w_sync_rdata(&c->m), w * 4)) {
    snprintf(msg, n, "cycle %llu: rdata_q is not the row read (read-before-write, held until the next read)",
             (unsigned long long)cycle);
    return 1;
  }
  return 0;
}

const ls_block_t ls_block_mem_1r1w_sync = {
    .name = "mem_1r1w_sync",
    .rtl_module = "mem_1r1w_sync",
    .help = "1R1W memory, synchronous read (SRAM wrapper; MEM_DEPTH x MEM_WIDTH, MEM_SLICE)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .param_blocks = "mem_1r1w",
    .no_reset = 1,
};
