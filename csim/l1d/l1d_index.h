/* l1d_index.h -- C mirror of rtl/l1d/l1d_index.sv: the L1D set-index
 * function.  Linear: (addr >> log2(line)) & (sets-1).  Fermi hash
 * (GPGPU-Sim FERMI_HASH_SET_FUNCTION, Nugteren et al. HPCA 2014):
 * lower = line-address bits 0..4, upper = address bits 13,14,15,17,19 as
 * bits 0..4, set = lower ^ upper; with 64 sets address bit 12 becomes set
 * bit 5.  The result is masked to sets-1 in both functions, so a mode input
 * outside its legal combination (hash with other than 32/64 sets) is still
 * defined the same way on both sides; the adapter rejects it anyway. */
#ifndef L1D_INDEX_H
#define L1D_INDEX_H
#include <stdint.h>

static inline uint32_t l1d_index(uint32_t addr, unsigned offw, unsigned sets, uint32_t hash) {
  uint32_t line = addr >> offw, s;
  if (!hash) return line & (sets - 1u);
  uint32_t upper = ((addr >> 13) & 1u) | ((addr >> 14) & 1u) << 1 | ((addr >> 15) & 1u) << 2 |
                   ((addr >> 17) & 1u) << 3 | ((addr >> 19) & 1u) << 4;
  s = (line & 0x1Fu) ^ upper;
  if (sets == 64) s |= (addr & 0x1000u) >> 7;
  return s & (sets - 1u);
}

#endif
