/* popcnt.h -- C mirror of rtl/prim/popcnt.sv: the number of set bits among
 * the first n bits of a word array (bit i in w[i / 32], bit i % 32).  The RTL
 * builds it as a tree of 8-input counts kept apart through synthesis for
 * formal equivalence; the count is the same. */
#ifndef POPCNT_H
#define POPCNT_H
#include <stdint.h>

/* A word's set bits, by halves, nibbles and bytes (no popcnt instruction
 * needed: x86-64's baseline has none, and GCC's builtin would then call
 * libgcc).  Also the SM's warp-mask counts (shell_sm.c). */
static inline unsigned popcnt64(uint64_t v) {
  v = v - (v >> 1 & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + (v >> 2 & 0x3333333333333333ull);
  return (unsigned)(((v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull >> 56);
}
/* Word by word, the last word's bits past n masked off (a bit at a time
 * cost the WOMU, which counts 48 instruction-buffer bits twice a cycle per
 * SM, 29 % of the shell's instructions under two-level bypassing). */
static inline uint32_t popcnt(const uint32_t *w, unsigned n) {
  uint32_t c = 0;
  for (unsigned k = 0; k < n / 32u; k++) c += popcnt64(w[k]);
  if (n & 31u) c += popcnt64(w[n / 32u] & ((1u << (n & 31u)) - 1u));
  return c;
}

#endif
