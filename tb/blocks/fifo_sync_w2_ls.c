/* fifo_sync_w2_ls.c -- lockstep adapter of the two-write FIFO
 * (rtl/prim/fifo_sync_w2.sv, csim/prim/fifo_sync_w2.{h,c}).
 * Stimulus: random first and second pushes and pops at rates that change
 * every few hundred cycles, so the FIFO spends time empty, full, one short
 * of full (a second write refused) and in between.  Check: a scoreboard of
 * the entries taken; every head read at a pop is the oldest one. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"

typedef struct {
  fifo_sync_w2_t f;
  uint32_t push_i, push2_i, pop_i, *wdata_i, *wdata2_i;
  uint32_t full_o, empty_o, count_o, *rdata_o;
  unsigned push_pct, push2_pct, pop_pct;
  /* scoreboard: the entries in the FIFO, oldest first (depth + 2 rows) */
  uint32_t *sb;
  unsigned sbh, sbn, words;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  unsigned w = (unsigned)CFG(cfg, FIFO_WIDTH), d = (unsigned)CFG(cfg, FIFO_DEPTH);
  if (!c || fifo_sync_w2_init(&c->f, d, w)) { free(c); return NULL; }
  c->words = bits_words(w);
  c->wdata_i = calloc(c->words, 4);
  c->wdata2_i = calloc(c->words, 4);
  c->rdata_o = calloc(c->words, 4);
  c->sb = calloc((size_t)(d + 2) * c->words, 4);
  if (!c->wdata_i || !c->wdata2_i || !c->rdata_o || !c->sb) {
    fifo_sync_w2_free(&c->f);
    free(c->wdata_i), free(c->wdata2_i), free(c->rdata_o), free(c->sb), free(c);
    return NULL;
  }
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  fifo_sync_w2_free(&c->f);
  free(c->wdata_i), free(c->wdata2_i), free(c->rdata_o), free(c->sb);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  unsigned w = c->f.width, cw = bits_clog2(c->f.depth + 1);
  ls_param(m, "Depth", c->f.depth);
  ls_param(m, "Width", w);
  ls_input(m, "push_i", 1, &c->push_i);
  ls_input(m, "wdata_i", w, c->wdata_i);
  ls_input(m, "push2_i", 1, &c->push2_i);
  ls_input(m, "wdata2_i", w, c->wdata2_i);
  ls_input(m, "pop_i", 1, &c->pop_i);
  ls_output(m, "rdata_o", w, c->rdata_o);
  ls_output(m, "full_o", 1, &c->full_o);
  ls_output(m, "empty_o", 1, &c->empty_o);
  ls_output(m, "count_o", cw, &c->count_o);
  ls_fifo_w2(m, "", &c->f);
}

static void reset(void *p) {
  ctx_t *c = p;
  fifo_sync_w2_reset(&c->f);
  c->sbh = c->sbn = 0;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle % 256 == 0) { /* new phase: filling, draining or balanced */
    c->push_pct = ls_below(r, 101);
    c->push2_pct = ls_below(r, 101);
    c->pop_pct = ls_below(r, 101);
  }
  c->push_i = ls_chance(r, c->push_pct);
  c->push2_i = ls_chance(r, c->push2_pct); /* also without push_i: must be ignored */
  c->pop_i = ls_chance(r, c->pop_pct);
  ls_rand_bits(r, c->wdata_i, c->f.width);
  ls_rand_bits(r, c->wdata2_i, c->f.width);
}

static void comb(void *p) {
  ctx_t *c = p;
  c->full_o = fifo_sync_w2_full(&c->f);
  c->empty_o = fifo_sync_w2_empty(&c->f);
  c->count_o = fifo_sync_w2_count(&c->f);
  memcpy(c->rdata_o, fifo_sync_w2_rdata(&c->f), c->words * 4);
  fifo_sync_w2_comb(&c->f, c->push_i, c->wdata_i, c->push2_i, c->wdata2_i, c->pop_i);
}

static void commit(void *p) { fifo_sync_w2_commit(&((ctx_t *)p)->f); }

static uint32_t *row(ctx_t *c, unsigned k) { return c->sb + (size_t)((c->sbh + k) % (c->f.depth + 2)) * c->words; }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const unsigned d = c->f.depth;
  if (c->count_o != c->sbn) {
    snprintf(msg, n, "cycle %llu: count %u, %u entries taken and not popped", (unsigned long long)cycle, c->count_o, c->sbn);
    return 1;
  }
  if (c->pop_i && c->sbn) { /* the head read is the oldest entry */
    if (memcmp(c->rdata_o, row(c, 0), c->words * 4)) {
      snprintf(msg, n, "cycle %llu: the head is not the oldest entry", (unsigned long long)cycle);
      return 1;
    }
    c->sbh = (c->sbh + 1) % (d + 2);
    c->sbn--;
  }
  /* the writes taken: by the registered count of this cycle */
  unsigned cnt = c->count_o, t1 = c->push_i && cnt < d, t2 = t1 && c->push2_i && cnt + 2 <= d;
  if (t1) memcpy(row(c, c->sbn++), c->wdata_i, c->words * 4);
  if (t2) memcpy(row(c, c->sbn++), c->wdata2_i, c->words * 4);
  return 0;
}

const ls_block_t ls_block_fifo_sync_w2 = {
    .name = "fifo_sync_w2",
    .rtl_module = "fifo_sync_w2",
    .help = "synchronous FIFO taking two writes a cycle (FIFO_DEPTH x FIFO_WIDTH)",
    .param_blocks = "fifo_sync",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
};
