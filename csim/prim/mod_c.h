/* mod_c.h -- C mirror of rtl/prim/mod_c.sv: the remainder of x by a
 * divisor d that is a constant of the hardware (the RTL builds it as a
 * tree of residues, as Yosys maps `%` as a divider array; in C it is one
 * `%`). */
#ifndef MOD_C_H
#define MOD_C_H
#include <stdint.h>

static inline uint32_t mod_c(uint32_t x, uint32_t d) { return x % d; }

#endif
