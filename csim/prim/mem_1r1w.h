/* mem_1r1w.h -- C mirror of rtl/prim/mem_1r1w.sv: one-read, one-write memory
 * with a per-slice write mask.
 * Read: mem_1r1w_read() returns the row as it stands (before this cycle's
 * write).  Write: mem_1r1w_write() during the cycle's logic sets the write
 * port (we_i, waddr_i, wdata_i, wmask_i -- the RTL port names); commit
 * applies it at the clock edge.  Rows are bits_words(width) uint32_t words. */
#ifndef MEM_1R1W_H
#define MEM_1R1W_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "bits.h"

typedef struct {
  unsigned depth, width, slice_w, nslice, words, mwords;
  uint32_t *mem_q;  /* depth rows of `words` words */
  /* write port of this cycle */
  uint32_t we_i, waddr_i;
  uint32_t *wdata_i; /* words */
  uint32_t *wmask_i; /* bits_words(nslice) */
  /* a writer that knows its mask is zero outside mask words [wk0, wk1)
   * says so (wk1 > 0) and commit looks only there; mem_1r1w_write and
   * commit clear it (0: the whole mask) */
  unsigned wk0, wk1;
  /* wsl: the port was set by mem_1r1w_write_slice (one slice, bits
   * [wsl_lsb, wsl_lsb + wsl_w) of the row): commit updates just those;
   * mem_1r1w_write, mem_1r1w_idle and commit clear it; wsl_v: the slice's
   * value, which commit takes from here, not from wdata_i */
  unsigned wsl, wsl_lsb, wsl_w;
  uint32_t wsl_v;
} mem_1r1w_t;

/* Returns 0, or -1 when slice_w does not divide width or out of memory. */
int mem_1r1w_init(mem_1r1w_t *m, unsigned depth, unsigned width, unsigned slice_w);
void mem_1r1w_free(mem_1r1w_t *m);
static inline const uint32_t *mem_1r1w_read(const mem_1r1w_t *m, unsigned addr) {
  return m->mem_q + (size_t)addr * m->words;
}
/* A row copy of n words: rows of 1..4 words (queue entries, tag rows, the
 * MRPB's 2-word rows) as word moves the compiler inlines, not a library
 * call of run-time size; longer rows with memcpy. */
static inline void mem_row_cpy(uint32_t *d, const uint32_t *s, unsigned n) {
  switch (n) {
  case 4: d[3] = s[3]; /* fall through */
  case 3: d[2] = s[2]; /* fall through */
  case 2: d[1] = s[1]; /* fall through */
  case 1: d[0] = s[0]; return;
  default: memcpy(d, s, (size_t)n * sizeof(uint32_t));
  }
}
/* Start of a cycle's logic: port idle (the RTL's defaults).  Only we_i and
 * waddr_i return to idle: data and mask are compared (and mean anything)
 * only while we_i is set, and clearing a 1 KiB data port every cycle would
 * cost more than the rest of a cycle's logic. */
static inline void mem_1r1w_idle(mem_1r1w_t *m) {
  m->we_i = 0;
  m->waddr_i = 0;
  m->wk0 = m->wk1 = 0;
  m->wsl = 0;
}
/* Writes the slices set in mask (NULL: all slices). */
void mem_1r1w_write(mem_1r1w_t *m, unsigned addr, const uint32_t *data, const uint32_t *mask);
/* Writes one slice (index `slice`) of `w` <= 32 bits at bit `lsb` of row addr
 * with value v: the port's mask holds that slice's bit alone; the value is
 * kept in wsl_v, where commit takes it, and the port's data words keep what
 * they held (the slice's bits included: read by nothing while wsl is set;
 * the injected FAULT_MEM_1R1W_MASK's general commit reads them, so there
 * they are written).  For a writer that does not observe the port's whole
 * data (docs/c-models.md). */
static inline void mem_1r1w_write_slice(mem_1r1w_t *m, unsigned addr, unsigned slice, unsigned lsb, unsigned w,
                                        uint32_t v) { /* (inline: one tag write sets two ports) */
  m->wk0 = m->wk1 = 0;
  m->we_i = 1;
  m->waddr_i = addr;
#ifdef FAULT_MEM_1R1W_MASK /* (injected: commit's general path reads the slice from the data words) */
  bits_set(m->wdata_i, lsb, w, v);
#endif
  if (m->mwords == 1) m->wmask_i[0] = 1u << slice;
  else memset(m->wmask_i, 0, m->mwords * 4u), m->wmask_i[slice / 32] = 1u << (slice % 32);
  m->wsl = 1, m->wsl_lsb = lsb, m->wsl_w = w, m->wsl_v = v;
}
void mem_1r1w_commit(mem_1r1w_t *m);

#endif
