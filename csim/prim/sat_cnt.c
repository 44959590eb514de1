/* sat_cnt.c -- see sat_cnt.h. */
#include "sat_cnt.h"

void sat_cnt_init(sat_cnt_t *c, unsigned width) {
  c->width = width;
  sat_cnt_reset(c);
}

void sat_cnt_reset(sat_cnt_t *c) { c->value_q = c->value_d = 0; }

void sat_cnt_comb(sat_cnt_t *c, uint32_t clr, uint32_t inc, uint32_t dec) {
  c->value_d = c->value_q;
  if (clr) c->value_d = 0;
#ifdef FAULT_SAT_CNT_WRAP
  else if (inc && !dec) c->value_d = (c->value_q + 1) & sat_cnt_max_value(c); /* injected: wraps */
#else
  else if (inc && !dec && !sat_cnt_at_max(c)) c->value_d = c->value_q + 1;
#endif
  else if (dec && !inc && c->value_q) c->value_d = c->value_q - 1;
}

void sat_cnt_commit(sat_cnt_t *c) { c->value_q = c->value_d; }
