/* mul_u.h -- C mirror of rtl/prim/mul_u.sv: an unsigned product truncated
 * to pw bits (the RTL keeps it as its own module for formal equivalence;
 * in C it is one multiplication). */
#ifndef MUL_U_H
#define MUL_U_H
#include <stdint.h>

static inline uint32_t mul_u(uint32_t a, uint32_t b, unsigned pw) {
  uint64_t p = (uint64_t)a * b;
  return (uint32_t)(pw >= 32 ? p : p & ((1ull << pw) - 1u));
}

#endif
