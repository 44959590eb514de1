/* fifo_sync_sram.h -- C mirror of rtl/prim/fifo_sync_sram.sv: synchronous
 * first-word-fall-through FIFO whose body is a synchronous-read SRAM
 * (mem_1r1w_sync), with fifo_sync's contract at its ports.  The head is the
 * SRAM's output register (out_src_q = 1) or the bypass register byp_q
 * (out_src_q = 0), which takes the write data at every edge; the RTL's
 * header says when each is the head.
 * Per cycle: read the outputs (functions of registered state only), call
 * fifo_sync_sram_comb() once with the cycle's push/pop, then
 * fifo_sync_sram_commit() at the clock edge. */
#ifndef FIFO_SYNC_SRAM_H
#define FIFO_SYNC_SRAM_H
#include <stdint.h>
#include "mem_1r1w_sync.h"

typedef struct {
  unsigned depth, width, words;
  uint32_t wptr_q, rptr_q, count_q, out_src_q;
  uint32_t wptr_d, rptr_d, count_d, out_src_d;
  uint32_t *byp_q;   /* words: the previous cycle's write data; not reset */
  uint32_t byp_load; /* this cycle: the next head is this cycle's write data (bypass) */
  mem_1r1w_sync_t i_mem;
} fifo_sync_sram_t;

/* Returns 0, or -1 for depth 0 or out of memory. */
int fifo_sync_sram_init(fifo_sync_sram_t *f, unsigned depth, unsigned width);
void fifo_sync_sram_free(fifo_sync_sram_t *f);
/* The reset: pointers, count, out_src_q (not byp_q, not the SRAM). */
void fifo_sync_sram_reset(fifo_sync_sram_t *f);
static inline uint32_t fifo_sync_sram_full(const fifo_sync_sram_t *f) { return f->count_q == f->depth; }
static inline uint32_t fifo_sync_sram_empty(const fifo_sync_sram_t *f) { return f->count_q == 0; }
static inline uint32_t fifo_sync_sram_count(const fifo_sync_sram_t *f) { return f->count_q; }
/* Head entry (valid while not empty); the pointer is stable until commit. */
static inline const uint32_t *fifo_sync_sram_rdata(const fifo_sync_sram_t *f) {
  return f->out_src_q ? mem_1r1w_sync_rdata(&f->i_mem) : f->byp_q;
}
/* The cycle's logic.  wdata is the write-data port, never NULL: byp_q
 * samples it at every edge, push or not (as the RTL's wdata_i). */
void fifo_sync_sram_comb(fifo_sync_sram_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop);
void fifo_sync_sram_commit(fifo_sync_sram_t *f);

#endif
