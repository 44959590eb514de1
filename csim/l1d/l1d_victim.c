/* l1d_victim.c -- see l1d_victim.h. */
#include "l1d_victim.h"

l1d_vict_t l1d_victim(unsigned ways, const uint8_t *free, const uint8_t *cand, const uint8_t *rank,
                      const uint8_t *reuse, uint32_t ba, uint32_t thr) {
  l1d_vict_t o = {0, 0, 0};
  uint32_t free_way = 0, n0 = 0, g0 = 0, g1 = 0;
  for (unsigned w = 0; w < ways; w++) {
#ifdef FAULT_L1D_VICTIM_LOW
    if (free[w] && !o.free_any) { o.free_any = 1; free_way = w; } /* injected: the lowest free way wins */
#else
    if (free[w]) { o.free_any = 1; free_way = w; }
#endif
    n0 += !reuse[w];
    g0 |= cand[w] && !reuse[w];
    g1 |= cand[w] && reuse[w];
  }
  uint32_t want1 = ba && ((n0 < thr && g1) || !g0);
  uint32_t best = 0, best_rank = 0, any = 0;
  for (unsigned w = 0; w < ways; w++) {
    if (!cand[w] || (ba && reuse[w] != want1)) continue;
    if (!any || rank[w] > best_rank) { any = 1; best = w; best_rank = rank[w]; }
  }
  o.found = o.free_any || any;
  o.way = o.free_any ? free_way : best;
  return o;
}
