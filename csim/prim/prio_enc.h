/* prio_enc.h -- C mirror of rtl/prim/prio_enc.sv: fixed-priority encoder,
 * lowest-numbered set request wins.  Combinational: no state. */
#ifndef PRIO_ENC_H
#define PRIO_ENC_H
#include <stdint.h>

/* req: bits_words(n) words.  Returns the winner's index, sets *valid (0 and
 * index 0 when nothing is requested) and, if onehot != NULL, the one-hot
 * grant (bits_words(n) words). */
uint32_t prio_enc(const uint32_t *req, unsigned n, uint32_t *valid, uint32_t *onehot);

#endif
