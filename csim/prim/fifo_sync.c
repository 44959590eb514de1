/* fifo_sync.c -- see fifo_sync.h. */
#include "fifo_sync.h"
#include <string.h>
#include "bits.h"

int fifo_sync_init(fifo_sync_t *f, unsigned depth, unsigned width) {
  memset(f, 0, sizeof *f);
  if (!depth) return -1;
  f->depth = depth;
  f->width = width;
  return mem_1r1w_init(&f->i_mem, depth, width, width);
}

void fifo_sync_free(fifo_sync_t *f) { mem_1r1w_free(&f->i_mem); }

void fifo_sync_reset(fifo_sync_t *f) {
  f->wptr_q = f->rptr_q = f->count_q = 0;
  f->wptr_d = f->rptr_d = f->count_d = 0;
  f->pidle = 0; /* (a random initial state is written after this) */
  mem_1r1w_idle(&f->i_mem);
}

static uint32_t ptr_next(const fifo_sync_t *f, uint32_t p) { return p == f->depth - 1 ? 0 : p + 1; }

/* fifo_sync_comb_full with push = pop = 0 (the same next state and port) */
void fifo_sync_idle(fifo_sync_t *f) {
  f->wptr_d = f->wptr_q;
  f->rptr_d = f->rptr_q;
  f->count_d = f->count_q;
  mem_1r1w_idle(&f->i_mem);
  f->i_mem.waddr_i = f->wptr_q;
  f->i_mem.wmask_i[0] = 1;
  f->pidle = f->wptr_q + 1;
}

void fifo_sync_comb_full(fifo_sync_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop) {
  f->pidle = 0;
  uint32_t do_push = push && !fifo_sync_full(f);
  uint32_t do_pop = pop && !fifo_sync_empty(f);
  f->wptr_d = do_push ? ptr_next(f, f->wptr_q) : f->wptr_q;
  f->rptr_d = do_pop ? ptr_next(f, f->rptr_q) : f->rptr_q;
  f->count_d = f->count_q;
#ifdef FAULT_FIFO_SYNC_COUNT
  if (do_push) f->count_d = f->count_q + 1; /* injected: push+pop counts as push */
  else if (do_pop) f->count_d = f->count_q - 1;
#else
  if (do_push && !do_pop) f->count_d = f->count_q + 1;
  else if (do_pop && !do_push) f->count_d = f->count_q - 1;
#endif
  /* The RTL ties the body's write port to the tracker: same here, so the
   * port the engine compares carries the same values on both sides. */
  uint32_t one = 1;
  mem_1r1w_idle(&f->i_mem);
  f->i_mem.waddr_i = f->wptr_q;
  if (wdata) {
    if (wdata != f->i_mem.wdata_i) /* (an owner may build the entry in the port itself) */
      memcpy(f->i_mem.wdata_i, wdata, f->i_mem.words * sizeof(uint32_t));
    bits_trim(f->i_mem.wdata_i, f->width);
  }
  f->i_mem.wmask_i[0] = one;
  f->i_mem.we_i = do_push;
}

void fifo_sync_commit_full(fifo_sync_t *f) {
  f->wptr_q = f->wptr_d;
  f->rptr_q = f->rptr_d;
  f->count_q = f->count_d;
  mem_1r1w_t *mm = &f->i_mem;
  if (!mm->we_i) return; /* (mem_1r1w_commit does nothing without a write) */
#ifndef FAULT_MEM_1R1W_MASK /* (the injected fault acts in mem_1r1w_commit: keep its path) */
  /* the port as fifo_sync_comb sets it (one slice, the whole row, its mask
   * bit set): mem_1r1w_commit's whole-row copy without its general checks */
  if (mm->nslice == 1 && !mm->wsl && !mm->wk1 && (mm->wmask_i[0] & 1u) && mm->waddr_i < mm->depth) {
    mem_row_cpy(mm->mem_q + (size_t)mm->waddr_i * mm->words, mm->wdata_i, mm->words);
    return;
  }
#endif
  mem_1r1w_commit(mm);
}
