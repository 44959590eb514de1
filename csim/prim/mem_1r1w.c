/* mem_1r1w.c -- see mem_1r1w.h. */
#include "mem_1r1w.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

int mem_1r1w_init(mem_1r1w_t *m, unsigned depth, unsigned width, unsigned slice_w) {
  memset(m, 0, sizeof *m);
  if (!depth || !width || !slice_w || width % slice_w) return -1;
  m->depth = depth;
  m->width = width;
  m->slice_w = slice_w;
  m->nslice = width / slice_w;
  m->words = bits_words(width);
  m->mwords = bits_words(m->nslice);
  m->mem_q = calloc((size_t)depth * m->words, sizeof(uint32_t));
  m->wdata_i = calloc(m->words, sizeof(uint32_t));
  m->wmask_i = calloc(m->mwords, sizeof(uint32_t));
  if (!m->mem_q || !m->wdata_i || !m->wmask_i) { mem_1r1w_free(m); return -1; }
  return 0;
}

void mem_1r1w_free(mem_1r1w_t *m) {
  free(m->mem_q);
  free(m->wdata_i);
  free(m->wmask_i);
  m->mem_q = m->wdata_i = m->wmask_i = NULL;
}

void mem_1r1w_write(mem_1r1w_t *m, unsigned addr, const uint32_t *data, const uint32_t *mask) {
  m->wk0 = m->wk1 = 0;
  m->wsl = 0;
  m->we_i = 1;
  m->waddr_i = addr;
  memcpy(m->wdata_i, data, m->words * sizeof(uint32_t));
  bits_trim(m->wdata_i, m->width);
  if (mask) {
    memcpy(m->wmask_i, mask, m->mwords * sizeof(uint32_t));
    bits_trim(m->wmask_i, m->nslice);
  } else {
    memset(m->wmask_i, 0xff, m->mwords * sizeof(uint32_t));
    bits_trim(m->wmask_i, m->nslice);
  }
}

/* row[k +: 2] takes the bits bm selects of data[k +: 2] (a slice of up to
 * 32 bits inside a two-word window: one masked 64-bit update) */
static inline void put_window(uint32_t *row, const uint32_t *data, unsigned k, uint64_t bm) {
  const uint64_t x = (uint64_t)row[k] | (uint64_t)row[k + 1] << 32;
  const uint64_t d = (uint64_t)data[k] | (uint64_t)data[k + 1] << 32;
  const uint64_t y = (x & ~bm) | (d & bm);
  row[k] = (uint32_t)y;
  row[k + 1] = (uint32_t)(y >> 32);
}

#ifndef FAULT_MEM_1R1W_MASK /* (the injected fault takes the general path below) */
/* byte slices: a nibble of mask bits -> the byte lanes of a data word */
static const uint32_t lanes8[16] = {
    0x00000000u, 0x000000ffu, 0x0000ff00u, 0x0000ffffu, 0x00ff0000u, 0x00ff00ffu, 0x00ffff00u, 0x00ffffffu,
    0xff000000u, 0xff0000ffu, 0xff00ff00u, 0xff00ffffu, 0xffff0000u, 0xffff00ffu, 0xffffff00u, 0xffffffffu};
#endif

void mem_1r1w_commit(mem_1r1w_t *m) {
  if (!m->we_i || m->waddr_i >= m->depth) return;
  const unsigned k0 = m->wk1 ? m->wk0 : 0, k1 = m->wk1 ? m->wk1 : m->mwords;
  (void)k0, (void)k1; /* (unused when FAULT_MEM_1R1W_MASK removes the masked paths) */
  m->wk0 = m->wk1 = 0;
  uint32_t *row = m->mem_q + (size_t)m->waddr_i * m->words;
#ifndef FAULT_MEM_1R1W_MASK /* (the injected fault takes the general path below) */
  if (m->wsl) { /* one slice (mem_1r1w_write_slice): its bits alone, as the mask loop below would */
    const unsigned lsb = m->wsl_lsb, w = m->wsl_w, k = lsb >> 5;
    m->wsl = 0;
    if (k + 1 < m->words) {
      const uint64_t bm = bits_mask64(w) << (lsb & 31), x = (uint64_t)row[k] | (uint64_t)row[k + 1] << 32;
      const uint64_t y = (x & ~bm) | ((uint64_t)m->wsl_v << (lsb & 31) & bm);
      row[k] = (uint32_t)y;
      row[k + 1] = (uint32_t)(y >> 32);
    } else {
      bits_set(row, lsb, w, m->wsl_v & (uint32_t)bits_mask64(w));
    }
    return;
  }
#endif
  if (m->slice_w == m->width) { /* one slice: whole row */
    if (bits_test(m->wmask_i, 0)) mem_row_cpy(row, m->wdata_i, m->words);
    return;
  }
#ifndef FAULT_MEM_1R1W_MASK
  if (m->slice_w == 1) { /* bit slices (the L2's recency matrix): the mask is the bit mask, word for word */
    for (unsigned k = k0; k < k1; k++) row[k] = (row[k] & ~m->wmask_i[k]) | (m->wdata_i[k] & m->wmask_i[k]);
    return;
  }
  if (m->slice_w == 8 || m->slice_w == 16 || m->slice_w == 32) {
    /* byte-aligned slices: one masked word update per data word */
    unsigned per = 32 / m->slice_w;
    uint32_t lane = (uint32_t)bits_mask64(m->slice_w);
    if (m->nslice % 32 == 0) { /* whole mask words: none set, all set, or per data word */
      for (unsigned k = k0; k < k1; k++) {
        uint32_t mk = m->wmask_i[k];
        unsigned w0 = k * m->slice_w; /* 32 slices = slice_w data words */
        if (!mk) continue;
        if (mk == 0xffffffffu) {
          memcpy(row + w0, m->wdata_i + w0, m->slice_w * sizeof(uint32_t));
          continue;
        }
        for (unsigned w = w0; w < w0 + m->slice_w; w++, mk >>= per) {
          uint32_t sel = mk & (uint32_t)bits_mask64(per), bm = 0;
          if (!sel) continue;
          if (per == 4) bm = lanes8[sel];
          else
            for (unsigned j = 0; j < per; j++)
              if (sel >> j & 1u) bm |= lane << (j * m->slice_w);
          row[w] = (row[w] & ~bm) | (m->wdata_i[w] & bm);
        }
      }
      return;
    }
    /* the set mask bits only (a one-way write sets one slice of Ways):
     * slice s is lane s % per of data word s / per */
    for (unsigned k = k0; k < k1; k++)
      for (uint32_t mk = m->wmask_i[k]; mk; mk &= mk - 1) {
        const unsigned s = k * 32 + (unsigned)__builtin_ctz(mk);
        if (s >= m->nslice) break;
        const unsigned w = s / per;
        const uint32_t bm = lane << (s % per * m->slice_w);
        row[w] = (row[w] & ~bm) | (m->wdata_i[w] & bm);
      }
    return;
  }
#endif
  /* the set mask bits only (a tag write sets one slice of Ways) */
  for (unsigned k = 0; k < m->mwords; k++) {
    uint32_t mk = m->wmask_i[k];
#ifdef FAULT_MEM_1R1W_MASK
    if (k == (m->nslice - 1) / 32) mk |= 1u << ((m->nslice - 1) % 32); /* injected: top slice always written */
#endif
    for (; mk; mk &= mk - 1) {
      unsigned s = k * 32 + (unsigned)__builtin_ctz(mk);
      unsigned lsb = s * m->slice_w;
      if (!(lsb & 31) && !(m->slice_w & 31)) {
        memcpy(row + lsb / 32, m->wdata_i + lsb / 32, m->slice_w / 8);
      } else if (m->slice_w <= 32 && lsb / 32 + 1 < m->words) {
        /* a slice of up to 32 bits inside a two-word window of the row (a
         * tag): one masked 64-bit update */
        const unsigned k = lsb / 32;
        put_window(row, m->wdata_i, k, bits_mask64(m->slice_w) << (lsb & 31));
      } else {
        for (unsigned b = lsb; b < lsb + m->slice_w; b += 32) {
          unsigned n = lsb + m->slice_w - b < 32 ? lsb + m->slice_w - b : 32;
          bits_set(row, b, n, bits_get(m->wdata_i, b, n));
        }
      }
    }
  }
}
