/* l1d_victim.h -- C mirror of rtl/l1d/l1d_victim.sv: victim choice in one
 * set (combinational, no state).
 *   free[w]  way w holds nothing (not valid, no BA tag, not reserved)
 *   cand[w]  way w may be evicted (not reserved)
 *   (free, cand, reuse: bit vectors, bit w for way w, as the RTL's ports)
 *   rank[w]  0 = most recently touched ... ways-1 = oldest (LRU: last
 *            access; FIFO: allocation) -- a permutation per set
 *   reuse[w] BA reuse bit
 * Rule (GPGPU-Sim's tag_array::probe): the HIGHEST-numbered free way first
 * (its scan keeps the last invalid way it meets); else the candidate with
 * the highest rank (ties, impossible with a permutation, to the lowest way).
 * BA (the BA paper, §5.4.2, balanced choice): with n0 = ways of the set whose
 * reuse bit is 0, evict among reuse=0 candidates while n0 >= thr, among
 * reuse=1 candidates while n0 < thr; an empty group falls back to the other. */
#ifndef L1D_VICTIM_H
#define L1D_VICTIM_H
#include <stdint.h>

typedef struct {
  uint32_t free_any; /* a free way exists (way = the highest free one) */
  uint32_t found;    /* some way can take the line */
  uint32_t way;
} l1d_vict_t;

/* free, cand and reuse are the RTL's Ways-bit vectors, 64 ways per word
 * (way w at bit w % 64 of word w / 64; bits at and above `ways` zero in
 * free and cand); reuse is read only with ba; rank has one entry per way. */
l1d_vict_t l1d_victim(unsigned ways, const uint64_t *free, const uint64_t *cand, const uint16_t *rank,
                      const uint64_t *reuse, uint32_t ba, uint32_t thr);

#endif
