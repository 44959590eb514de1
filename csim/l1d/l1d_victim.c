/* l1d_victim.c -- see l1d_victim.h.  The RTL's two loops over the ways,
 * done on the bit vectors (64 ways per word): the free way is the highest
 * set bit (a bit scan from the top word), n0 a population count, g0/g1 two
 * masks; the rank loop runs only when no way is free (its result is not
 * used otherwise) and only over the ways of the chosen group. */
#include "l1d_victim.h"

l1d_vict_t l1d_victim(unsigned ways, const uint64_t *free, const uint64_t *cand, const uint16_t *rank,
                      const uint64_t *reuse, uint32_t ba, uint32_t thr) {
  l1d_vict_t o = {0, 0, 0};
  const unsigned nw = (ways + 63u) / 64u;
#ifdef FAULT_L1D_VICTIM_LOW
  for (unsigned k = 0; k < nw; k++) /* injected: the lowest free way wins */
    if (free[k]) {
      o.free_any = o.found = 1;
      o.way = k * 64u + (uint32_t)__builtin_ctzll(free[k]);
      return o;
    }
#else
  for (unsigned k = nw; k-- > 0;)
    if (free[k]) {
      o.free_any = o.found = 1;
      o.way = k * 64u + 63u - (uint32_t)__builtin_clzll(free[k]);
      return o;
    }
#endif
  uint32_t n0 = 0, g0 = 0, g1 = 0;
  if (ba) {
    for (unsigned k = 0; k < nw; k++) {
      uint64_t all = k + 1 < nw || !(ways & 63u) ? ~0ull : (1ull << (ways & 63u)) - 1ull;
      n0 += (uint32_t)__builtin_popcountll(~reuse[k] & all);
      g0 |= (cand[k] & ~reuse[k]) != 0;
      g1 |= (cand[k] & reuse[k]) != 0;
    }
  }
  uint32_t want1 = ba && ((n0 < thr && g1) || !g0);
  uint32_t best = 0, best_rank = 0, any = 0;
  for (unsigned k = 0; k < nw; k++) {
    uint64_t grp = ba ? cand[k] & (want1 ? reuse[k] : ~reuse[k]) : cand[k];
    for (; grp; grp &= grp - 1) {
      uint32_t w = k * 64u + (uint32_t)__builtin_ctzll(grp);
      if (!any || rank[w] > best_rank) { any = 1; best = w; best_rank = rank[w]; }
    }
  }
  o.found = any;
  o.way = best;
  return o;
}
