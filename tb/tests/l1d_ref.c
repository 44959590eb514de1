/* l1d_ref.c -- see l1d_ref.h. */
#include "l1d_ref.h"
#include <stdlib.h>

int l1d_ref_init(l1d_ref_t *r, unsigned sets, unsigned ways, unsigned line, unsigned fifo, unsigned through,
                 unsigned hash) {
  r->sets = sets; r->ways = ways; r->line = line; r->fifo = fifo; r->through = through; r->hash = hash;
  r->tag = calloc((size_t)sets * ways, sizeof *r->tag);
  r->valid = calloc((size_t)sets * ways, 1);
  r->stamp = calloc((size_t)sets * ways, sizeof *r->stamp);
  r->now = r->hits = r->misses = 0;
  return r->tag && r->valid && r->stamp ? 0 : -1;
}

void l1d_ref_free(l1d_ref_t *r) { free(r->tag); free(r->valid); free(r->stamp); }

unsigned l1d_ref_set(const l1d_ref_t *r, uint32_t addr) {
  unsigned lg = 0;
  while ((1u << lg) < r->line) lg++;
  if (!r->hash) return (addr / r->line) % r->sets;
  /* Nugteren et al.: set bit i = line-address bit i XOR one higher address bit */
  static const unsigned hi[5] = {13, 14, 15, 17, 19};
  unsigned s = 0;
  for (unsigned i = 0; i < 5; i++) s |= ((((addr >> (lg + i)) ^ (addr >> hi[i])) & 1u) << i);
  if (r->sets == 64) s |= ((addr >> 12) & 1u) << 5;
  return s % r->sets;
}

int l1d_ref_access(l1d_ref_t *r, uint32_t addr, int store) {
  unsigned s = l1d_ref_set(r, addr), base = s * r->ways;
  uint32_t tag = addr / r->line;
  r->now++;
  for (unsigned w = 0; w < r->ways; w++) {
    if (r->valid[base + w] && r->tag[base + w] == tag) {
      r->hits++;
      if (!r->fifo) r->stamp[base + w] = r->now;
      if (store && !r->through) r->valid[base + w] = 0;
      return 1;
    }
  }
  r->misses++;
  if (store) return 0; /* no write allocate */
  unsigned victim = r->ways;
  for (unsigned w = 0; w < r->ways && victim == r->ways; w++)
    if (!r->valid[base + w]) victim = w;
  if (victim == r->ways) {
    victim = 0;
    for (unsigned w = 1; w < r->ways; w++)
      if (r->stamp[base + w] < r->stamp[base + victim]) victim = w;
  }
  r->valid[base + victim] = 1;
  r->tag[base + victim] = tag;
  r->stamp[base + victim] = r->now;
  return 0;
}
