/* sat_cnt.h -- C mirror of rtl/prim/sat_cnt.sv: saturating up/down counter
 * with clear (clear wins; inc and dec together hold). */
#ifndef SAT_CNT_H
#define SAT_CNT_H
#include <stdint.h>

typedef struct {
  unsigned width;
  uint32_t value_q, value_d;
} sat_cnt_t;

void sat_cnt_init(sat_cnt_t *c, unsigned width);
void sat_cnt_reset(sat_cnt_t *c);
static inline uint32_t sat_cnt_max_value(const sat_cnt_t *c) {
  return c->width >= 32 ? 0xffffffffu : (1u << c->width) - 1u;
}
static inline uint32_t sat_cnt_at_max(const sat_cnt_t *c) { return c->value_q == sat_cnt_max_value(c); }
void sat_cnt_comb(sat_cnt_t *c, uint32_t clr, uint32_t inc, uint32_t dec);
void sat_cnt_commit(sat_cnt_t *c);

#endif
