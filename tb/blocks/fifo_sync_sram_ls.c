/* fifo_sync_sram_ls.c -- lockstep adapter of the FIFO on a synchronous-read
 * SRAM (rtl/prim/fifo_sync_sram.sv).
 * Stimulus: random pushes and pops at rates that change every 64 to 512
 * cycles (filling, draining, balanced, idle), so the FIFO is often empty,
 * holds one entry, is full, and sees each way its head is loaded: a push
 * into an empty FIFO, push + pop with one entry (both bypass), a pop with
 * two or more (an SRAM read), a bypassed head that stays (re-read from the
 * SRAM), and cycles without a pop (the head held in the SRAM's output).
 * Scoreboard (check): a model queue kept from the ports alone (push_i while
 * full_o low, pop_i while empty_o low) -- after every edge the count must be
 * the queue's length and the head shown the queue's first entry, so a
 * hazard handled wrongly the same way on both sides still fails the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"

#define COV_LIST(X)                                                                                            \
  X(PUSH_EMPTY, "push.into_empty_bypass") X(POPPUSH_ONE, "push_pop.one_entry_bypass")                         \
  X(POP_READ, "pop.head_read_from_sram") X(POPPUSH_READ, "push_pop.head_read_from_sram")                      \
  X(REREAD, "head.reread_after_bypass") X(HOLD_SRAM, "head.held_from_sram") X(FULL, "full")                  \
  X(PUSH_FULL, "push.refused_full") X(POP_EMPTY, "pop.ignored_empty")
enum {
#define X(id, name) COV_##id,
  COV_LIST(X)
#undef X
  COV_N
};

typedef struct {
  fifo_sync_sram_t f;
  /* inputs */
  uint32_t push_i, pop_i, *wdata_i;
  /* outputs */
  uint32_t full_o, empty_o, count_o, *rdata_o;
  unsigned push_pct, pop_pct, phase_end;
  /* scoreboard: model queue of depth entries */
  uint32_t *q;
  unsigned qhead, qlen, did_push, did_pop;
  uint64_t cov[COV_N];
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  unsigned w = (unsigned)CFG(cfg, FIFO_WIDTH), d = (unsigned)CFG(cfg, FIFO_DEPTH);
  if (!c || fifo_sync_sram_init(&c->f, d, w)) { free(c); return NULL; }
  c->wdata_i = calloc(c->f.words, 4);
  c->rdata_o = calloc(c->f.words, 4);
  c->q = calloc((size_t)d * c->f.words, 4);
  if (!c->wdata_i || !c->rdata_o || !c->q) {
    fifo_sync_sram_free(&c->f);
    free(c->wdata_i), free(c->rdata_o), free(c->q), free(c);
    return NULL;
  }
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  fifo_sync_sram_free(&c->f);
  free(c->wdata_i), free(c->rdata_o), free(c->q), free(c);
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
  ls_fifo_sram(m, "", &c->f);
  static const char *const names[] = {
#define X(id, name) name,
      COV_LIST(X)
#undef X
  };
  for (unsigned i = 0; i < COV_N; i++) {
    if (i == COV_POPPUSH_READ && c->f.depth < 3) continue; /* needs 2 entries and room for a push */
    if ((i == COV_POP_READ || i == COV_POPPUSH_ONE) && c->f.depth < 2)
      continue; /* one entry: full whenever it holds one */
    ls_cover(m, names[i], &c->cov[i]);
  }
}

static void reset(void *p) {
  ctx_t *c = p;
  fifo_sync_sram_reset(&c->f);
  c->qhead = c->qlen = 0;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle >= c->phase_end) { /* new phase: filling, draining, balanced or idle */
    c->phase_end = (unsigned)cycle + 64 + ls_below(r, 449);
    c->push_pct = ls_below(r, 101);
    c->pop_pct = ls_below(r, 101);
  }
  c->push_i = ls_chance(r, c->push_pct);
  c->pop_i = ls_chance(r, c->pop_pct);
  ls_rand_bits(r, c->wdata_i, c->f.width);
}

static void comb(void *p) {
  ctx_t *c = p;
  fifo_sync_sram_t *f = &c->f;
  c->full_o = fifo_sync_sram_full(f);
  c->empty_o = fifo_sync_sram_empty(f);
  c->count_o = fifo_sync_sram_count(f);
  memcpy(c->rdata_o, fifo_sync_sram_rdata(f), f->words * 4);
  fifo_sync_sram_comb(f, c->push_i, c->wdata_i, c->pop_i);
  c->did_push = c->push_i && !c->full_o;
  c->did_pop = c->pop_i && !c->empty_o;
  unsigned n = c->count_o;
  c->cov[COV_PUSH_EMPTY] += c->did_push && n == 0;
  c->cov[COV_POPPUSH_ONE] += c->did_push && c->did_pop && n == 1;
  c->cov[COV_POP_READ] += c->did_pop && !c->did_push && n >= 2;
  c->cov[COV_POPPUSH_READ] += c->did_pop && c->did_push && n >= 2;
  c->cov[COV_REREAD] += n && !c->did_pop && !f->out_src_q;
  c->cov[COV_HOLD_SRAM] += n && !c->did_pop && f->out_src_q;
  c->cov[COV_FULL] += c->full_o;
  c->cov[COV_PUSH_FULL] += c->push_i && c->full_o;
  c->cov[COV_POP_EMPTY] += c->pop_i && c->empty_o;
}

static void commit(void *p) { fifo_sync_sram_commit(&((ctx_t *)p)->f); }

/* After the edge: the model queue against the count and the head shown. */
static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  unsigned d = c->f.depth, w = c->f.words;
  if (c->did_pop) c->qhead = (c->qhead + 1) % d, c->qlen--;
  if (c->did_push) {
    uint32_t *e = c->q + (size_t)((c->qhead + c->qlen) % d) * w;
    memcpy(e, c->wdata_i, w * 4);
    bits_trim(e, c->f.width);
    c->qlen++;
  }
  if (fifo_sync_sram_count(&c->f) != c->qlen) {
    snprintf(msg, n, "cycle %llu: count_q %u, but %u entries were pushed and not popped", (unsigned long long)cycle,
             (unsigned)fifo_sync_sram_count(&c->f), c->qlen);
    return 1;
  }
  if (c->qlen && memcmp(fifo_sync_sram_rdata(&c->f), c->q + (size_t)c->qhead * w, w * 4)) {
    snprintf(msg, n, "cycle %llu: the head shown (out_src_q %u) is not the oldest entry pushed and not popped",
             (unsigned long long)cycle, (unsigned)c->f.out_src_q);
    return 1;
  }
  return 0;
}

const ls_block_t ls_block_fifo_sync_sram = {
    .name = "fifo_sync_sram",
    .rtl_module = "fifo_sync_sram",
    .help = "synchronous FIFO on a synchronous-read SRAM (FIFO_DEPTH x FIFO_WIDTH)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .param_blocks = "fifo_sync",
};
