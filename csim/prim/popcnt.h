/* popcnt.h -- C mirror of rtl/prim/popcnt.sv: the number of set bits among
 * the first n bits of a word array (bit i in w[i / 32], bit i % 32).  The RTL
 * builds it as a tree of 8-input counts kept apart through synthesis for
 * formal equivalence; the count is the same. */
#ifndef POPCNT_H
#define POPCNT_H
#include <stdint.h>

static inline uint32_t popcnt(const uint32_t *w, unsigned n) {
  uint32_t c = 0;
  for (unsigned i = 0; i < n; i++) c += (w[i >> 5] >> (i & 31)) & 1u;
  return c;
}

#endif
