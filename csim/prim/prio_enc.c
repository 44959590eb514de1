/* prio_enc.c -- see prio_enc.h. */
#include "prio_enc.h"
#include <string.h>
#include "bits.h"

uint32_t prio_enc(const uint32_t *req, unsigned n, uint32_t *valid, uint32_t *onehot) {
  unsigned words = bits_words(n);
  if (onehot) memset(onehot, 0, words * sizeof(uint32_t));
  *valid = 0;
  for (unsigned w = 0; w < words; w++) {
    uint32_t r = req[w];
    if (w == words - 1 && (n & 31)) r &= (1u << (n & 31)) - 1u;
    if (!r) continue;
    *valid = 1;
    unsigned i = w * 32 + (unsigned)__builtin_ctz(r);
#ifdef FAULT_PRIO_ENC_ORDER
    if (i == 0 && n > 1 && bits_test(req, 1)) i = 1; /* injected: 0 and 1 swap priority */
#endif
    if (onehot) bits_set(onehot, i, 1, 1);
    return i;
  }
  return 0;
}
