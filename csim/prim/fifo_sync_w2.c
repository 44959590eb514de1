/* fifo_sync_w2.c -- see fifo_sync_w2.h. */
#include "fifo_sync_w2.h"
#include <string.h>
#include "bits.h"

int fifo_sync_w2_init(fifo_sync_w2_t *f, unsigned depth, unsigned width) {
  memset(f, 0, sizeof *f);
  if (!depth) return -1;
  f->depth = depth;
  f->width = width;
  f->half = (depth + 1) / 2;
  if (mem_1r1w_init(&f->i_mem0, f->half, width, width)) return -1;
  if (mem_1r1w_init(&f->i_mem1, f->half, width, width)) {
    mem_1r1w_free(&f->i_mem0);
    return -1;
  }
  return 0;
}

void fifo_sync_w2_free(fifo_sync_w2_t *f) {
  mem_1r1w_free(&f->i_mem0);
  mem_1r1w_free(&f->i_mem1);
}

void fifo_sync_w2_reset(fifo_sync_w2_t *f) {
  f->wptr_q = f->rptr_q = f->count_q = 0;
  f->wptr_d = f->rptr_d = f->count_d = 0;
  f->pidle = 0; /* (a random initial state is written after this) */
  mem_1r1w_idle(&f->i_mem0);
  mem_1r1w_idle(&f->i_mem1);
}

static uint32_t slot_next(const fifo_sync_w2_t *f, uint32_t p) { return p == 2 * f->half - 1 ? 0 : p + 1; }

/* One body's write port: the first write when its slot is in this body,
 * else the second (the RTL drives waddr_i and wdata_i the same way). */
static void body(const fifo_sync_w2_t *f, mem_1r1w_t *m, uint32_t we, uint32_t slot, const uint32_t *wdata) {
  mem_1r1w_idle(m);
  m->waddr_i = slot >> 1;
  if (wdata) {
    memcpy(m->wdata_i, wdata, m->words * sizeof(uint32_t));
    bits_trim(m->wdata_i, f->width);
  }
  m->wmask_i[0] = 1;
  m->we_i = we;
}

/* fifo_sync_w2_comb_full with push = push2 = pop = 0 (the same next state and ports) */
void fifo_sync_w2_idle(fifo_sync_w2_t *f) {
  const uint32_t s1 = f->wptr_q, s2 = slot_next(f, f->wptr_q);
  f->wptr_d = f->wptr_q;
  f->rptr_d = f->rptr_q;
  f->count_d = f->count_q;
  body(f, (s1 & 1u) ? &f->i_mem1 : &f->i_mem0, 0, s1, NULL);
  body(f, (s1 & 1u) ? &f->i_mem0 : &f->i_mem1, 0, s2, NULL);
  f->pidle = f->wptr_q + 1;
}

void fifo_sync_w2_comb_full(fifo_sync_w2_t *f, uint32_t push, const uint32_t *wdata, uint32_t push2,
                            const uint32_t *wdata2, uint32_t pop) {
  f->pidle = 0;
  uint32_t do_push = push && f->count_q < f->depth;
#ifdef FAULT_FIFO_SYNC_W2_ROOM
  uint32_t do_push2 = do_push && push2; /* injected: the second write ignores the room it needs */
#else
  uint32_t do_push2 = do_push && push2 && f->count_q + 2 <= f->depth;
#endif
  uint32_t do_pop = pop && !fifo_sync_w2_empty(f);
  uint32_t s1 = f->wptr_q, s2 = slot_next(f, f->wptr_q);
  f->wptr_d = do_push2 ? slot_next(f, s2) : do_push ? s2 : f->wptr_q;
  f->rptr_d = do_pop ? slot_next(f, f->rptr_q) : f->rptr_q;
  f->count_d = f->count_q + do_push + do_push2 - do_pop;
  if (s1 & 1u) {
    body(f, &f->i_mem1, do_push, s1, wdata);
    body(f, &f->i_mem0, do_push2, s2, wdata2);
  } else {
    body(f, &f->i_mem0, do_push, s1, wdata);
    body(f, &f->i_mem1, do_push2, s2, wdata2);
  }
}

void fifo_sync_w2_commit_full(fifo_sync_w2_t *f) {
  f->wptr_q = f->wptr_d;
  f->rptr_q = f->rptr_d;
  f->count_q = f->count_d;
  if (f->i_mem0.we_i) mem_1r1w_commit(&f->i_mem0);
  if (f->i_mem1.we_i) mem_1r1w_commit(&f->i_mem1);
}
