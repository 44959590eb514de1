/* fifo_sync_sram.c -- see fifo_sync_sram.h; mirrors rtl/prim/fifo_sync_sram.sv. */
#include "fifo_sync_sram.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

int fifo_sync_sram_init(fifo_sync_sram_t *f, unsigned depth, unsigned width) {
  memset(f, 0, sizeof *f);
  if (!depth) return -1;
  f->depth = depth;
  f->width = width;
  f->words = bits_words(width);
  if (mem_1r1w_sync_init(&f->i_mem, depth, width, width)) return -1;
  f->byp_q = calloc(f->words, sizeof(uint32_t));
  if (!f->byp_q) { fifo_sync_sram_free(f); return -1; }
  return 0;
}

void fifo_sync_sram_free(fifo_sync_sram_t *f) {
  mem_1r1w_sync_free(&f->i_mem);
  free(f->byp_q);
  f->byp_q = NULL;
}

void fifo_sync_sram_reset(fifo_sync_sram_t *f) {
  f->wptr_q = f->rptr_q = f->count_q = f->out_src_q = 0;
  f->wptr_d = f->rptr_d = f->count_d = f->out_src_d = 0;
  f->byp_load = 0;
  mem_1r1w_sync_idle(&f->i_mem);
}

static uint32_t ptr_next(const fifo_sync_sram_t *f, uint32_t p) { return p == f->depth - 1 ? 0 : p + 1; }

void fifo_sync_sram_comb(fifo_sync_sram_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop) {
  uint32_t empty = fifo_sync_sram_empty(f);
  uint32_t do_push = push && !fifo_sync_sram_full(f);
  uint32_t do_pop = pop && !empty;
  f->wptr_d = do_push ? ptr_next(f, f->wptr_q) : f->wptr_q;
  f->rptr_d = do_pop ? ptr_next(f, f->rptr_q) : f->rptr_q;
  f->count_d = f->count_q;
  if (do_push && !do_pop) f->count_d = f->count_q + 1;
  else if (do_pop && !do_push) f->count_d = f->count_q - 1;

  /* the next head: from the write port (bypass) or the SRAM (read now) */
  f->byp_load = do_push && (empty || (do_pop && f->count_q == 1));
  uint32_t rd_en = do_pop ? f->count_q != 1 : !empty && !f->out_src_q;
  uint32_t raddr = f->rptr_d;
#ifdef FAULT_FIFO_SYNC_SRAM_EMPTY
  if (do_push && empty) { /* injected: no bypass into an empty FIFO; the SRAM row is read as it is written */
    f->byp_load = 0;
    rd_en = 1;
  }
#endif
#ifdef FAULT_FIFO_SYNC_SRAM_POPPUSH
  if (do_push && do_pop && f->count_q == 1) { /* injected: push + pop with one entry reads the SRAM */
    f->byp_load = 0;
    rd_en = 1;
  }
#endif
#ifdef FAULT_FIFO_SYNC_SRAM_RADDR
  raddr = f->rptr_q; /* injected: a pop reads the row it pops */
#endif
#ifdef FAULT_FIFO_SYNC_SRAM_REREAD
  if (!do_pop) rd_en = 0; /* injected: a bypassed head that stays is not re-read */
#endif
  f->out_src_d = f->out_src_q;
  if (f->byp_load) f->out_src_d = 0;
  else if (rd_en) f->out_src_d = 1;

  /* The RTL ties the SRAM's ports to the tracker: same here, so the write
   * port the engine compares carries the same values on both sides. */
  mem_1r1w_sync_idle(&f->i_mem);
  f->i_mem.re_i = rd_en;
  f->i_mem.raddr_i = raddr;
  f->i_mem.m.waddr_i = f->wptr_q;
  memcpy(f->i_mem.m.wdata_i, wdata, f->words * sizeof(uint32_t));
  bits_trim(f->i_mem.m.wdata_i, f->width);
  f->i_mem.m.wmask_i[0] = 1;
  f->i_mem.m.we_i = do_push;
}

void fifo_sync_sram_commit(fifo_sync_sram_t *f) {
  memcpy(f->byp_q, f->i_mem.m.wdata_i, f->words * sizeof(uint32_t)); /* every edge, as the RTL */
  f->wptr_q = f->wptr_d;
  f->rptr_q = f->rptr_d;
  f->count_q = f->count_d;
  f->out_src_q = f->out_src_d;
  mem_1r1w_sync_commit(&f->i_mem);
}
