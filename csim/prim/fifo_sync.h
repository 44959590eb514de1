/* fifo_sync.h -- C mirror of rtl/prim/fifo_sync.sv: synchronous
 * first-word-fall-through FIFO (pointer tracker + mem_1r1w body).
 * Per cycle: read the outputs (functions of registered state only), call
 * fifo_sync_comb() once with the cycle's push/pop, then fifo_sync_commit()
 * at the clock edge. */
#ifndef FIFO_SYNC_H
#define FIFO_SYNC_H
#include <stdint.h>
#include "mem_1r1w.h"

typedef struct {
  unsigned depth, width;
  uint32_t wptr_q, rptr_q, count_q;
  uint32_t wptr_d, rptr_d, count_d;
  uint32_t pidle; /* the model's own: 1 + wptr_q when the last fifo_sync_comb moved nothing
                   * (then the next-state values equal the registers and the write port is
                   * idle at that write pointer, so an idle comb writes nothing and commit is
                   * a no-op); 0 otherwise */
  mem_1r1w_t i_mem;
} fifo_sync_t;

int fifo_sync_init(fifo_sync_t *f, unsigned depth, unsigned width);
void fifo_sync_free(fifo_sync_t *f);
void fifo_sync_reset(fifo_sync_t *f);
static inline uint32_t fifo_sync_full(const fifo_sync_t *f) { return f->count_q == f->depth; }
static inline uint32_t fifo_sync_empty(const fifo_sync_t *f) { return f->count_q == 0; }
static inline uint32_t fifo_sync_count(const fifo_sync_t *f) { return f->count_q; }
/* Head entry (valid while not empty). */
static inline const uint32_t *fifo_sync_rdata(const fifo_sync_t *f) { return mem_1r1w_read(&f->i_mem, f->rptr_q); }
void fifo_sync_comb_full(fifo_sync_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop);
void fifo_sync_idle(fifo_sync_t *f);
void fifo_sync_commit_full(fifo_sync_t *f);
/* The cycle's logic; wdata may be NULL when push is 0, or the body's own
 * write port (i_mem.wdata_i) holding the entry the owner built there.  With neither push
 * nor pop nothing moves: the idle form, whose port and next state a run of
 * idle cycles leaves in place (pidle). */
static inline void fifo_sync_comb(fifo_sync_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop) {
  if (push | pop) fifo_sync_comb_full(f, push, wdata, pop);
  else if (f->pidle != f->wptr_q + 1) fifo_sync_idle(f);
}
static inline void fifo_sync_commit(fifo_sync_t *f) {
  if (!f->pidle) fifo_sync_commit_full(f); /* (idle: next state = state, no write) */
}

#endif
