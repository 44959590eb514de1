/* sat_cnt_ls.c -- lockstep adapter of the saturating counter.
 * Stimulus: phases that mostly count up (to hit the top), mostly down (to
 * hit zero) or mixed, with rare clears. */
#include <stdlib.h>
#include "ls.h"
#include "sat_cnt.h"

typedef struct {
  sat_cnt_t s;
  uint32_t clr_i, inc_i, dec_i, value_o, max_o;
  unsigned up_pct, down_pct;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (c) sat_cnt_init(&c->s, (unsigned)CFG(cfg, SATCNT_WIDTH));
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  ls_param(m, "Width", c->s.width);
  ls_input(m, "clr_i", 1, &c->clr_i);
  ls_input(m, "inc_i", 1, &c->inc_i);
  ls_input(m, "dec_i", 1, &c->dec_i);
  ls_output(m, "value_o", c->s.width, &c->value_o);
  ls_output(m, "max_o", 1, &c->max_o);
  ls_reg(m, "value_q", c->s.width, &c->s.value_q);
}

static void reset(void *p) { sat_cnt_reset(&((ctx_t *)p)->s); }

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle % 200 == 0) {
    c->up_pct = ls_below(r, 101);
    c->down_pct = ls_below(r, 101);
  }
  c->clr_i = ls_chance(r, 1);
  c->inc_i = ls_chance(r, c->up_pct);
  c->dec_i = ls_chance(r, c->down_pct);
}

static void comb(void *p) {
  ctx_t *c = p;
  c->value_o = c->s.value_q;
  c->max_o = sat_cnt_at_max(&c->s);
  sat_cnt_comb(&c->s, c->clr_i, c->inc_i, c->dec_i);
}

static void commit(void *p) { sat_cnt_commit(&((ctx_t *)p)->s); }

const ls_block_t ls_block_sat_cnt = {
    .name = "sat_cnt",
    .rtl_module = "sat_cnt",
    .help = "saturating up/down counter (SATCNT_WIDTH bits)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
};
