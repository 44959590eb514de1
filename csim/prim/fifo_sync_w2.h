/* fifo_sync_w2.h -- C mirror of rtl/prim/fifo_sync_w2.sv: a synchronous
 * first-word-fall-through FIFO that takes up to two writes a cycle (the
 * crossbar's internal speedup, docs/shell.md) and gives one read.
 * Body: two mem_1r1w of ceil(depth/2) rows each, i_mem0 the even slots,
 * i_mem1 the odd ones; the pointers run over 2*ceil(depth/2) slots, so two
 * consecutive slots are always in different bodies (one write port each).
 * An odd depth leaves one row unused; count_q never exceeds depth.
 * Handshake as fifo_sync: push is taken when not full; push2 (the second
 * write, behind the first) only with push and room for two (count_q + 2 <=
 * depth); pop when not empty.  Full, empty and count are registered state
 * only, so a pop does not make room for a push in the same cycle.
 * Per cycle: read the outputs, call fifo_sync_w2_comb() once, then
 * fifo_sync_w2_commit() at the clock edge. */
#ifndef FIFO_SYNC_W2_H
#define FIFO_SYNC_W2_H
#include <stdint.h>
#include "mem_1r1w.h"

typedef struct {
  unsigned depth, width, half; /* half: rows of each body */
  uint32_t wptr_q, rptr_q, count_q;
  uint32_t wptr_d, rptr_d, count_d;
  uint32_t pidle; /* the model's own: 1 + wptr_q when the last comb moved nothing (then the
                   * next-state values equal the registers and both write ports are idle at
                   * that write pointer, so an idle comb writes nothing and commit is a no-op);
                   * 0 otherwise */
  mem_1r1w_t i_mem0, i_mem1;
} fifo_sync_w2_t;

int fifo_sync_w2_init(fifo_sync_w2_t *f, unsigned depth, unsigned width);
void fifo_sync_w2_free(fifo_sync_w2_t *f);
void fifo_sync_w2_reset(fifo_sync_w2_t *f);
static inline uint32_t fifo_sync_w2_full(const fifo_sync_w2_t *f) { return f->count_q == f->depth; }
static inline uint32_t fifo_sync_w2_empty(const fifo_sync_w2_t *f) { return f->count_q == 0; }
static inline uint32_t fifo_sync_w2_count(const fifo_sync_w2_t *f) { return f->count_q; }
/* Free entries (registered state): 2 or more lets both writes in. */
static inline uint32_t fifo_sync_w2_room(const fifo_sync_w2_t *f) { return f->depth - f->count_q; }
/* Head entry (valid while not empty). */
static inline const uint32_t *fifo_sync_w2_rdata(const fifo_sync_w2_t *f) {
  return mem_1r1w_read((f->rptr_q & 1u) ? &f->i_mem1 : &f->i_mem0, f->rptr_q >> 1);
}
void fifo_sync_w2_comb_full(fifo_sync_w2_t *f, uint32_t push, const uint32_t *wdata, uint32_t push2,
                            const uint32_t *wdata2, uint32_t pop);
void fifo_sync_w2_idle(fifo_sync_w2_t *f);
void fifo_sync_w2_commit_full(fifo_sync_w2_t *f);
/* The cycle's logic; wdata (wdata2) may be NULL when push (push2) is 0.
 * With neither push nor pop nothing moves (push2 is taken only with push):
 * the idle form, whose ports and next state a run of idle cycles leaves in
 * place (pidle). */
static inline void fifo_sync_w2_comb(fifo_sync_w2_t *f, uint32_t push, const uint32_t *wdata, uint32_t push2,
                                     const uint32_t *wdata2, uint32_t pop) {
  if (push | pop) fifo_sync_w2_comb_full(f, push, wdata, push2, wdata2, pop);
  else if (f->pidle != f->wptr_q + 1) fifo_sync_w2_idle(f);
}
static inline void fifo_sync_w2_commit(fifo_sync_w2_t *f) {
  if (!f->pidle) fifo_sync_w2_commit_full(f); /* (idle: next state = state, no write) */
}

#endif
