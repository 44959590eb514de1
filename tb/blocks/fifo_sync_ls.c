/* fifo_sync_ls.c -- lockstep adapter of the synchronous FIFO.
 * Stimulus: random pushes and pops at random rates that change every few
 * hundred cycles, so the FIFO spends time empty, full and in between. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"

typedef struct {
  fifo_sync_t f;
  /* inputs */
  uint32_t push_i, pop_i, *wdata_i;
  /* outputs */
  uint32_t full_o, empty_o, count_o, *rdata_o;
  unsigned push_pct, pop_pct;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  unsigned w = (unsigned)CFG(cfg, FIFO_WIDTH);
  if (!c || fifo_sync_init(&c->f, (unsigned)CFG(cfg, FIFO_DEPTH), w)) { free(c); return NULL; }
  c->wdata_i = calloc(bits_words(w), 4);
  c->rdata_o = calloc(bits_words(w), 4);
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  fifo_sync_free(&c->f);
  free(c->wdata_i);
  free(c->rdata_o);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  unsigned w = c->f.width, cw = bits_clog2(c->f.depth + 1);
  ls_param(m, "Depth", c->f.depth);
  ls_param(m, "Width", w);
  ls_input(m, "push_i", 1, &c->push_i);
  ls_input(m, "wdata_i", w, c->wdata_i);
  ls_input(m, "pop_i", 1, &c->pop_i);
  ls_output(m, "rdata_o", w, c->rdata_o);
  ls_output(m, "full_o", 1, &c->full_o);
  ls_output(m, "empty_o", 1, &c->empty_o);
  ls_output(m, "count_o", cw, &c->count_o);
  ls_fifo(m, "", &c->f);
}

static void reset(void *p) { fifo_sync_reset(&((ctx_t *)p)->f); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle % 256 == 0) { /* new phase: filling, draining or balanced */
    c->push_pct = ls_below(r, 101);
    c->pop_pct = ls_below(r, 101);
  }
  c->push_i = ls_chance(r, c->push_pct);
  c->pop_i = ls_chance(r, c->pop_pct);
  ls_rand_bits(r, c->wdata_i, c->f.width);
}

static void comb(void *p) {
  ctx_t *c = p;
  c->full_o = fifo_sync_full(&c->f);
  c->empty_o = fifo_sync_empty(&c->f);
  c->count_o = fifo_sync_count(&c->f);
  memcpy(c->rdata_o, fifo_sync_rdata(&c->f), bits_words(c->f.width) * 4);
  fifo_sync_comb(&c->f, c->push_i, c->wdata_i, c->pop_i);
}

static void commit(void *p) { fifo_sync_commit(&((ctx_t *)p)->f); }

const ls_block_t ls_block_fifo_sync = {
    .name = "fifo_sync",
    .rtl_module = "fifo_sync",
    .help = "synchronous FIFO (FIFO_DEPTH x FIFO_WIDTH)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
};
