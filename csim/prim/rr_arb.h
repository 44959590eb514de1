/* rr_arb.h -- C mirror of rtl/prim/rr_arb.sv: round-robin arbiter whose
 * pointer (ptr_q) names the requester with the highest priority. */
#ifndef RR_ARB_H
#define RR_ARB_H
#include <stdint.h>

typedef struct {
  unsigned n;
  uint32_t ptr_q, ptr_d;
} rr_arb_t;

void rr_arb_init(rr_arb_t *a, unsigned n);
void rr_arb_reset(rr_arb_t *a);
/* Combinational grant from req (bits_words(n) words) and ptr_q; gnt may be
 * NULL.  Returns the winner's index; *valid is 0 when nothing requests. */
uint32_t rr_arb_pick(const rr_arb_t *a, const uint32_t *req, uint32_t *valid, uint32_t *gnt);
/* The cycle's logic: the grant is consumed when valid && advance. */
void rr_arb_comb(rr_arb_t *a, const uint32_t *req, uint32_t advance);
static inline void rr_arb_commit(rr_arb_t *a) { a->ptr_q = a->ptr_d; }
/* The grant of rr_arb_pick() for n <= 64 with req as one 64-bit vector
 * (idx 0 when nothing is requested, as prio_enc gives). */
static inline uint32_t rr_arb_pick64(const rr_arb_t *a, uint64_t req, uint32_t *valid) {
  uint64_t upper = req & (~0ull << (a->ptr_q & 63)); /* ptr_q < n <= 64 */
  *valid = req != 0;
  return upper ? (uint32_t)__builtin_ctzll(upper) : req ? (uint32_t)__builtin_ctzll(req) : 0;
}

#endif
