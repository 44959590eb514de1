/* rr_arb_ls.c -- lockstep adapter of the round-robin arbiter.
 * Stimulus: random request vectors; requests are held until granted most
 * of the time (like real requesters), and advance is random. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "rr_arb.h"

typedef struct {
  rr_arb_t a;
  uint32_t *req_i, advance_i, *gnt_o, idx_o, valid_o;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  rr_arb_init(&c->a, (unsigned)CFG(cfg, RRARB_N));
  c->req_i = calloc(bits_words(c->a.n), 4);
  c->gnt_o = calloc(bits_words(c->a.n), 4);
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  free(c->req_i);
  free(c->gnt_o);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  unsigned n = c->a.n;
  ls_param(m, "N", n);
  ls_input(m, "req_i", n, c->req_i);
  ls_input(m, "advance_i", 1, &c->advance_i);
  ls_output(m, "gnt_o", n, c->gnt_o);
  ls_output(m, "idx_o", bits_idx_w(n), &c->idx_o);
  ls_output(m, "valid_o", 1, &c->valid_o);
  ls_reg(m, "ptr_q", bits_idx_w(n), &c->a.ptr_q);
}

static void reset(void *p) { rr_arb_reset(&((ctx_t *)p)->a); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  unsigned n = c->a.n;
  (void)cycle;
  /* the previous cycle's granted requester drops its request */
  if (c->valid_o && c->advance_i) bits_set(c->req_i, c->idx_o, 1, 0);
  for (unsigned i = 0; i < n; i++)
    if (ls_chance(r, 15)) bits_set(c->req_i, i, 1, !bits_test(c->req_i, i));
  c->advance_i = ls_chance(r, 70);
}

static void comb(void *p) {
  ctx_t *c = p;
  c->idx_o = rr_arb_pick(&c->a, c->req_i, &c->valid_o, c->gnt_o);
  rr_arb_comb(&c->a, c->req_i, c->advance_i);
}

static void commit(void *p) { rr_arb_commit(&((ctx_t *)p)->a); }

const ls_block_t ls_block_rr_arb = {
    .name = "rr_arb",
    .rtl_module = "rr_arb",
    .help = "round-robin arbiter (RRARB_N requesters)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
};
