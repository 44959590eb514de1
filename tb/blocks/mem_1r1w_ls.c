/* mem_1r1w_ls.c -- lockstep adapter of the 1R1W memory.
 * Stimulus: random reads, and writes with random masks, over a hot subset
 * of rows and the whole depth; reads often hit the row being written (the
 * read-before-write rule). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"

typedef struct {
  mem_1r1w_t m;
  uint32_t raddr_i, we_i, waddr_i, *wdata_i, *wmask_i, *rdata_o;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (CFG(cfg, MEM_WIDTH) % CFG(cfg, MEM_SLICE)) {
    cfg_reject(cfg, P_MEM_SLICE, "must divide MEM_WIDTH");
    free(c);
    return NULL;
  }
  if (mem_1r1w_init(&c->m, (unsigned)CFG(cfg, MEM_DEPTH), (unsigned)CFG(cfg, MEM_WIDTH), (unsigned)CFG(cfg, MEM_SLICE))) {
    free(c);
    return NULL;
  }
  c->wdata_i = calloc(c->m.words, 4);
  c->wmask_i = calloc(c->m.mwords, 4);
  c->rdata_o = calloc(c->m.words, 4);
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  mem_1r1w_free(&c->m);
  free(c->wdata_i), free(c->wmask_i), free(c->rdata_o);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  unsigned aw = bits_idx_w(c->m.depth);
  ls_param(m, "Depth", c->m.depth);
  ls_param(m, "Width", c->m.width);
  ls_param(m, "SliceW", c->m.slice_w);
  ls_input(m, "raddr_i", aw, &c->raddr_i);
  ls_input(m, "we_i", 1, &c->we_i);
  ls_input(m, "waddr_i", aw, &c->waddr_i);
  ls_input(m, "wdata_i", c->m.width, c->wdata_i);
  ls_input(m, "wmask_i", c->m.nslice, c->wmask_i);
  ls_output(m, "rdata_o", c->m.width, c->rdata_o);
  ls_mem(m, "", &c->m);
}

static void reset(void *p) { mem_1r1w_idle(&((ctx_t *)p)->m); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  unsigned d = c->m.depth, hot = d < 4 ? d : 4;
  (void)cycle;
  c->we_i = ls_chance(r, 60);
  c->waddr_i = ls_chance(r, 50) ? ls_below(r, hot) : ls_below(r, d);
  c->raddr_i = ls_chance(r, 30) ? c->waddr_i : ls_below(r, d);
  ls_rand_bits(r, c->wdata_i, c->m.width);
  if (ls_chance(r, 30)) { /* all slices */
    memset(c->wmask_i, 0xff, c->m.mwords * 4);
    bits_trim(c->wmask_i, c->m.nslice);
  } else {
    ls_rand_bits(r, c->wmask_i, c->m.nslice);
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  memcpy(c->rdata_o, mem_1r1w_read(&c->m, c->raddr_i), c->m.words * 4);
  /* the DUT's write port is its inputs, as they are */
  c->m.we_i = c->we_i;
  c->m.waddr_i = c->waddr_i;
  memcpy(c->m.wdata_i, c->wdata_i, c->m.words * 4);
  memcpy(c->m.wmask_i, c->wmask_i, c->m.mwords * 4);
}

static void commit(void *p) { mem_1r1w_commit(&((ctx_t *)p)->m); }

const ls_block_t ls_block_mem_1r1w = {
    .name = "mem_1r1w",
    .rtl_module = "mem_1r1w",
    .help = "1R1W memory with write mask (MEM_DEPTH x MEM_WIDTH, MEM_SLICE)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .no_reset = 1,
};
