/* mem_1r1w_sync.h -- C mirror of rtl/prim/mem_1r1w_sync.sv: one-read,
 * one-write memory with a synchronous read (the SRAM-macro wrapper).
 * Read:  mem_1r1w_sync_read() during a cycle's logic sets the read port
 *        (re_i, raddr_i); commit captures that row into rdata_q, which
 *        mem_1r1w_sync_rdata() returns from the next cycle on, held until
 *        the next read.
 * Collision: READ-BEFORE-WRITE -- commit captures the row before applying
 *        the same edge's write, so a read of the row being written returns
 *        its old contents (the RTL's rule, stated in its header).
 * Write: as mem_1r1w (the embedded i_mem: the array and its write port,
 *        the names the lockstep engine compares).
 * rdata_q has no reset, like the macro's output latch. */
#ifndef MEM_1R1W_SYNC_H
#define MEM_1R1W_SYNC_H
#include <stdint.h>
#include "mem_1r1w.h"

typedef struct {
  mem_1r1w_t m;       /* mem_q and the write port */
  uint32_t *rdata_q;  /* the output register: m.words words */
  /* read port of this cycle */
  uint32_t re_i, raddr_i;
  /* keep (set by the owner after init): a read of the row rdata_q already
   * holds, unwritten since it was captured, copies nothing (held: that row
   * + 1, 0 none).  The owner calls mem_1r1w_sync_forget() at reset, before
   * anything outside the model (a random initial state) writes rdata_q. */
  uint32_t keep, held;
} mem_1r1w_sync_t;

/* Returns 0, or -1 when slice_w does not divide width or out of memory. */
int mem_1r1w_sync_init(mem_1r1w_sync_t *s, unsigned depth, unsigned width, unsigned slice_w);
void mem_1r1w_sync_free(mem_1r1w_sync_t *s);
/* The row captured by the last read (rdata_o). */
static inline const uint32_t *mem_1r1w_sync_rdata(const mem_1r1w_sync_t *s) { return s->rdata_q; }
/* Start of a cycle's logic: both ports idle (the RTL's defaults). */
static inline void mem_1r1w_sync_idle(mem_1r1w_sync_t *s) {
  s->re_i = 0;
  s->raddr_i = 0;
  mem_1r1w_idle(&s->m);
}
static inline void mem_1r1w_sync_read(mem_1r1w_sync_t *s, unsigned addr) {
  s->re_i = 1;
  s->raddr_i = addr;
}
/* Writes the slices set in mask (NULL: all slices). */
static inline void mem_1r1w_sync_write(mem_1r1w_sync_t *s, unsigned addr, const uint32_t *data,
                                       const uint32_t *mask) {
  mem_1r1w_write(&s->m, addr, data, mask);
}
void mem_1r1w_sync_commit(mem_1r1w_sync_t *s);
static inline void mem_1r1w_sync_forget(mem_1r1w_sync_t *s) { s->held = 0; }

#endif
