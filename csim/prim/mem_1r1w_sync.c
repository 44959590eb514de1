/* mem_1r1w_sync.c -- see mem_1r1w_sync.h. */
#include "mem_1r1w_sync.h"
#include <stdlib.h>
#include <string.h>

int mem_1r1w_sync_init(mem_1r1w_sync_t *s, unsigned depth, unsigned width, unsigned slice_w) {
  memset(s, 0, sizeof *s);
  if (mem_1r1w_init(&s->m, depth, width, slice_w)) return -1;
  s->rdata_q = calloc(s->m.words + 2u, sizeof(uint32_t)); /* + 2: readers may load 64-bit windows past a field */
  if (!s->rdata_q) { mem_1r1w_sync_free(s); return -1; }
  return 0;
}

void mem_1r1w_sync_free(mem_1r1w_sync_t *s) {
  mem_1r1w_free(&s->m);
  free(s->rdata_q);
  s->rdata_q = NULL;
}

void mem_1r1w_sync_commit(mem_1r1w_sync_t *s) {
  int take = s->re_i != 0;
#ifdef FAULT_MEM_1R1W_SYNC_HOLD
  take = 1; /* injected: the output register reloads at every edge */
#endif
  /* read-before-write: capture the row, then apply the write */
  if (take && s->raddr_i < s->m.depth && !(s->keep && s->held == s->raddr_i + 1)) {
    mem_row_cpy(s->rdata_q, mem_1r1w_read(&s->m, s->raddr_i), s->m.words);
    s->held = s->keep ? s->raddr_i + 1 : 0;
  }
  /* a write into the held row: the register no longer holds the row */
  if (s->m.we_i && s->held == s->m.waddr_i + 1) s->held = 0;
  if (s->m.we_i) mem_1r1w_commit(&s->m); /* (it does nothing without a write) */
#ifdef FAULT_MEM_1R1W_SYNC_WFIRST
  /* injected: write-first -- a read of the row just written sees the new row */
  if (take && s->m.we_i && s->m.waddr_i == s->raddr_i && s->raddr_i < s->m.depth)
    memcpy(s->rdata_q, mem_1r1w_read(&s->m, s->raddr_i), s->m.words * sizeof(uint32_t));
#endif
}
