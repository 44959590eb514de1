/* rr_arb.c -- see rr_arb.h. */
#include "rr_arb.h"
#include <stdlib.h>
#include "bits.h"
#include "prio_enc.h"

void rr_arb_init(rr_arb_t *a, unsigned n) {
  a->n = n;
  rr_arb_reset(a);
}

void rr_arb_reset(rr_arb_t *a) { a->ptr_q = a->ptr_d = 0; }

uint32_t rr_arb_pick(const rr_arb_t *a, const uint32_t *req, uint32_t *valid, uint32_t *gnt) {
  uint32_t upper[8], vu; /* n <= 256 */
  unsigned words = bits_words(a->n);
  for (unsigned w = 0; w < words; w++) {
    /* bits at or above ptr_q: the requesters of the upper half */
    uint32_t m = w * 32 >= a->ptr_q ? ~0u : a->ptr_q - w * 32 < 32 ? ~0u << (a->ptr_q - w * 32) : 0u;
    upper[w] = req[w] & m;
  }
  uint32_t iu = prio_enc(upper, a->n, &vu, gnt);
  if (vu) { *valid = 1; return iu; }
  return prio_enc(req, a->n, valid, gnt);
}

void rr_arb_comb(rr_arb_t *a, const uint32_t *req, uint32_t advance) {
  uint32_t valid;
  uint32_t idx = rr_arb_pick(a, req, &valid, NULL);
  a->ptr_d = a->ptr_q;
  if (valid && advance) {
#ifdef FAULT_RR_ARB_PTR
    a->ptr_d = idx; /* injected: the winner keeps the highest priority */
#else
    a->ptr_d = idx == a->n - 1 ? 0 : idx + 1;
#endif
  }
}
