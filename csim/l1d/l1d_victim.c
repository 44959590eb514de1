/* l1d_victim.c -- see l1d_victim.h.  The RTL's two loops over the ways,
 * done on the bit vectors: the free way is the highest set bit (a bit
 * scan), n0 a population count, g0/g1 two masks; the rank loop runs only
 * when no way is free (its result is not used otherwise) and only over
 * the ways of the chosen group. */
#include "l1d_victim.h"

l1d_vict_t l1d_victim(unsigned ways, uint64_t free, uint64_t cand, const uint8_t *rank, uint64_t reuse, uint32_t ba,
                      uint32_t thr) {
  l1d_vict_t o = {0, 0, 0};
  uint64_t all = ways >= 64 ? ~0ull : (1ull << ways) - 1ull;
  free &= all;
  if (free) {
    o.free_any = 1;
    o.found = 1;
#ifdef FAULT_L1D_VICTIM_LOW
    o.way = (uint32_t)__builtin_ctzll(free); /* injected: the lowest free way wins */
#else
    o.way = 63u - (uint32_t)__builtin_clzll(free);
#endif
    return o;
  }
  cand &= all;
  reuse &= all;
  uint32_t n0 = (uint32_t)__builtin_popcountll(~reuse & all);
  uint32_t g0 = (cand & ~reuse) != 0, g1 = (cand & reuse) != 0;
  uint32_t want1 = ba && ((n0 < thr && g1) || !g0);
  uint64_t grp = ba ? cand & (want1 ? reuse : ~reuse) : cand;
  uint32_t best = 0, best_rank = 0, any = 0;
  for (; grp; grp &= grp - 1) {
    uint32_t w = (uint32_t)__builtin_ctzll(grp);
    if (!any || rank[w] > best_rank) { any = 1; best = w; best_rank = rank[w]; }
  }
  o.found = any;
  o.way = best;
  return o;
}
