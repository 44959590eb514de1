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
void rr_arb_commit(rr_arb_t *a);

#endif
