/* popcnt.h -- C mirror of rtl/prim/popcnt.sv: the number of set bits among
 * the first n bits of a word array (bit i in w[i / 32], bit i % 32).  The RTL
 * builds it as a tree of 8-input counts kept apart through synthesis for
 * formal equivalence; the count is the same. */
#ifndef POPCNT_H
#define POPCNT_H
#include <stdint.h>

/* One word's count, by halves, nibbles and bytes (no popcnt instruction
 * needed: x86-64's baseline has none, and GCC's builtin would then call
 * libgcc). */
static inline uint32_t popcnt32(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}
/* Word by word, the last word's bits past n masked off (a bit at a time
 * cost the WOMU, which counts 48 instruction-buffer bits twice a cycle per
 * SM, 29 % of the shell's instructions under two-level bypassing). */
static inline uint32_t popcnt(const uint32_t *w, unsigned n) {
  uint32_t c = 0;
  for (unsigned k = 0; k < n / 32u; k++) c += popcnt32(w[k]);
  if (n & 31u) c += popcnt32(w[n / 32u] & ((1u << (n & 31u)) - 1u));
  return c;
}

#endif
