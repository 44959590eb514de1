/* divmod_c.h -- C mirror of rtl/prim/divmod_c.sv: the quotient and the
 * remainder of x by a divisor d that is a constant of the hardware (the RTL
 * builds them from a residue tree and a multiplication by a constant, as
 * Yosys maps `/` and `%` as a divider array; in C they are one division). */
#ifndef DIVMOD_C_H
#define DIVMOD_C_H
#include <stdint.h>

static inline uint32_t divmod_c_q(uint32_t x, uint32_t d) { return x / d; }
static inline uint32_t divmod_c_r(uint32_t x, uint32_t d) { return x % d; }

#endif
