/* l1d_index.h -- C mirror of rtl/l1d/l1d_index.sv: the L1D set-index
 * function, mode = L1D_INDEX (csim/params_l1d.def).
 *  LINEAR: line & (sets-1), line = addr >> log2(line size).
 *  FERMI (GPGPU-Sim FERMI_HASH_SET_FUNCTION, Nugteren et al. HPCA 2014):
 *    lower = line bits 0..4, upper = address bits 13,14,15,17,19 as bits
 *    0..4, set = lower ^ upper; with 64 sets address bit 12 is set bit 5.
 *  IPOLY (GPGPU-Sim HASH_IPOLY_FUNCTION, hashing.cc ipoly_hash_function):
 *    its equations for 2^n = 16, 32, 64 sets are the remainder modulo the
 *    degree-n polynomial SHELL_IPOLY_n of the line's low n + K bits (the set
 *    bits and higher_bits a[0..K-1], K = L1D_IPOLY_HI_<sets>: 13, 15, 19);
 *    computed by the shared ipoly_mod (csim/prim/ipoly.h, also the shell
 *    L2's).  Other set counts (refused by the configuration; GPGPU-Sim
 *    asserts): the remainder of the whole line, as the shell's L2.
 *  XOR (GPGPU-Sim BITWISE_XORING_FUNCTION, bitwise_hash_function):
 *    set = (line ^ (line >> n)) & (sets-1).
 * Every result is below sets, so a mode input outside its legal
 * combination is still defined the same way on both sides; the
 * configuration rejects those combinations anyway. */
#ifndef L1D_INDEX_H
#define L1D_INDEX_H
#include <stdint.h>
#include "ipoly.h"
#include "l1sys_params.h"

/* The line bits (set bits included) GPGPU-Sim's IPOLY equations read with
 * 2^n sets; 32 (all) where it has no equations. */
static inline unsigned l1d_ipoly_width(unsigned n) {
  return n == 4 ? 4u + L1D_IPOLY_HI_16 : n == 5 ? 5u + L1D_IPOLY_HI_32 : n == 6 ? 6u + L1D_IPOLY_HI_64 : 32u;
}

/* The Fermi hash's upper bits, address bits 13..19 -> {19, 17, 15..13} at
 * bits 4..0: a constant table of the 128 values of bits 13..19 (one load
 * instead of three masked shifts; the same values) */
#define L1D_FU_(i) (uint8_t)(((i) & 7u) | (((i) >> 1) & 8u) | (((i) >> 2) & 16u))
#define L1D_FU4_(i) L1D_FU_(i), L1D_FU_((i) + 1u), L1D_FU_((i) + 2u), L1D_FU_((i) + 3u)
#define L1D_FU16_(i) L1D_FU4_(i), L1D_FU4_((i) + 4u), L1D_FU4_((i) + 8u), L1D_FU4_((i) + 12u)
#define L1D_FU64_(i) L1D_FU16_(i), L1D_FU16_((i) + 16u), L1D_FU16_((i) + 32u), L1D_FU16_((i) + 48u)
static const uint8_t l1d_fermi_upper[128] = {L1D_FU64_(0u), L1D_FU64_(64u)};
#undef L1D_FU64_
#undef L1D_FU16_
#undef L1D_FU4_
#undef L1D_FU_

static inline uint32_t l1d_index(uint32_t addr, unsigned offw, unsigned sets, uint32_t mode) {
  const uint32_t line = addr >> offw;
  const unsigned n = (unsigned)__builtin_ctz(sets);
  uint32_t s;
  switch (mode) {
  case L1D_INDEX_FERMI: {
    /* address bits 13..15 to bits 0..2, 17 to 3, 19 to 4 (three masked shifts) */
    uint32_t upper = l1d_fermi_upper[(addr >> 13) & 127u]; /* ((addr >> 13) & 7) | ((addr >> 14) & 8) | ((addr >> 15) & 16) */
    s = (line & 0x1Fu) ^ upper;
    if (sets == 64) s |= (addr & 0x1000u) >> 7;
    break;
  }
  case L1D_INDEX_IPOLY:
    s = ipoly_mod(line, l1d_ipoly_width(n), n);
#ifdef FAULT_L1D_IPOLY_A0
    s ^= (line >> n) & 1u; /* injected: set bit 0 loses its a[0] term (line bit n) */
#endif
    break;
  case L1D_INDEX_XOR: s = line ^ (line >> n); break;
  default: s = line; break;
  }
  return s & (sets - 1u);
}

#endif
