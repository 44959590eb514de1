/* prio_enc_ls.c -- lockstep adapter of the fixed-priority encoder.
 * Stimulus: sparse, dense and single-bit request vectors so that every
 * position wins sometimes (including the top one and none at all). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "prio_enc.h"

typedef struct {
  unsigned n;
  uint32_t *req_i, *onehot_o, idx_o, valid_o;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->n = (unsigned)CFG(cfg, PRIO_N);
  c->req_i = calloc(bits_words(c->n), 4);
  c->onehot_o = calloc(bits_words(c->n), 4);
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  free(c->req_i);
  free(c->onehot_o);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  ls_param(m, "N", c->n);
  ls_input(m, "req_i", c->n, c->req_i);
  ls_output(m, "onehot_o", c->n, c->onehot_o);
  ls_output(m, "idx_o", bits_idx_w(c->n), &c->idx_o);
  ls_output(m, "valid_o", 1, &c->valid_o);
}

static void reset(void *p) { (void)p; }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  (void)cycle;
  memset(c->req_i, 0, bits_words(c->n) * 4);
  switch (ls_below(r, 4)) {
  case 0: break;                                                 /* nothing requests */
  case 1: bits_set(c->req_i, ls_below(r, c->n), 1, 1); break;    /* one requester */
  case 2: /* sparse: a few requesters from one position up */
    for (unsigned i = ls_below(r, c->n); i < c->n; i += 1 + ls_below(r, 8))
      if (ls_chance(r, 50)) bits_set(c->req_i, i, 1, 1);
    break;
  default: ls_rand_bits(r, c->req_i, c->n); break;               /* dense */
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  c->idx_o = prio_enc(c->req_i, c->n, &c->valid_o, c->onehot_o);
}

static void commit(void *p) { (void)p; }

const ls_block_t ls_block_prio_enc = {
    .name = "prio_enc",
    .rtl_module = "prio_enc",
    .help = "fixed-priority encoder (PRIO_N inputs)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .no_clock = 1,
};
