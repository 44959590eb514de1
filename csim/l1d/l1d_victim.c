/* l1d_victim.c -- see l1d_victim.h.  The RTL's two loops over the ways,
 * done on the bit vectors (64 ways per word): the free way is the highest
 * set bit (a bit scan from the top word), n0 a population count, g0/g1 two
 * masks; the rank loop runs only when no way is free (its result is not
 * used otherwise) and only over the ways of the chosen group. */
#include "l1d_victim.h"
#ifdef __SSE2__
#include <emmintrin.h>
/* The rank loop for ways a multiple of 8 (<= 64), on the non-empty group
 * grp: eight ranks to a compare.  Each lane holds rank + 1 where its way is
 * in the group, else 0 (ranks < 1024: signed 16-bit lanes hold them); the
 * highest value, then the lowest way holding it -- the scalar loop's
 * answer (a strictly higher rank replaces, so ties keep the lowest way;
 * a random initial state need not be a permutation). */
static l1d_vict_t rank_max8(unsigned ways, uint64_t grp, const uint16_t *rank) {
  const __m128i bit = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128), one = _mm_set1_epi16(1);
  __m128i v[8], mx = _mm_setzero_si128();
  const unsigned n = ways / 8u;
  for (unsigned i = 0; i < n; i++) {
    const __m128i g = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16((short)(grp >> (8 * i) & 0xffu)), bit), bit);
    v[i] = _mm_and_si128(_mm_add_epi16(_mm_loadu_si128((const __m128i *)(const void *)(rank + 8 * i)), one), g);
    mx = _mm_max_epi16(mx, v[i]);
  }
  mx = _mm_max_epi16(mx, _mm_shuffle_epi32(mx, 0x4e));
  mx = _mm_max_epi16(mx, _mm_shuffle_epi32(mx, 0xb1));
  mx = _mm_max_epi16(mx, _mm_shufflelo_epi16(_mm_shufflehi_epi16(mx, 0xb1), 0xb1));
  l1d_vict_t o = {0, 1, 0};
  for (unsigned i = 0; i < n; i++) {
    const unsigned e = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(v[i], mx));
    if (e) {
      o.way = 8u * i + (unsigned)__builtin_ctz(e) / 2u;
      break;
    }
  }
  return o;
}
#endif

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
#ifdef __SSE2__
  if (!(ways & 7u) && ways <= 64u) { /* the group's highest rank, eight ways to a compare */
    const uint64_t grp = ba ? cand[0] & (want1 ? reuse[0] : ~reuse[0]) : cand[0];
    if (!grp) return o;
    return rank_max8(ways, grp, rank);
  }
#endif
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
