/* l1d_ref.h -- an independent, plain functional model of the L1D (no
 * timing, no MSHRs, no ports): a set-associative cache of tags with
 * GPGPU-Sim's victim rule written the way gpu-cache.cc writes it (time
 * stamps of last access (LRU) or allocation (FIFO); the first invalid way;
 * ties to the lowest way), write-evict or write-through, no write allocate,
 * linear or Fermi-hashed set index (re-derived here bit by bit, not shared
 * with csim/).  For request streams issued one at a time its hit and miss
 * counts must equal the cycle model's. */
#ifndef L1D_REF_H
#define L1D_REF_H
#include <stdint.h>

typedef struct {
  unsigned sets, ways, line, fifo, through, hash;
  uint32_t *tag;
  uint8_t *valid;
  uint64_t *stamp;
  uint64_t now, hits, misses;
} l1d_ref_t;

int l1d_ref_init(l1d_ref_t *r, unsigned sets, unsigned ways, unsigned line, unsigned fifo, unsigned through,
                 unsigned hash);
void l1d_ref_free(l1d_ref_t *r);
unsigned l1d_ref_set(const l1d_ref_t *r, uint32_t addr);
/* Returns 1 on a hit, 0 on a miss. */
int l1d_ref_access(l1d_ref_t *r, uint32_t addr, int store);

#endif
