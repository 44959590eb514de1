/* l1d.c -- see l1d.h; the RTL twin is rtl/l1d/l1d.sv, written statement for
 * statement in the same order (fill, release, D's probe on the read data
 * merged with the forwarding registers, verdict, response, fill updates,
 * release updates, request updates, queues, remote answer, events, the
 * port's acceptance and the array reads for the next cycle). */
#include "l1d.h"
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include "bits.h"
#include "l1d_index.h"
#include "l1d_victim.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

const char *const l1d_cnt_name[L1D_NCNT] = {
    "cnt_access_q",     "cnt_hit_q",       "cnt_hitres_q",    "cnt_miss_q",      "cnt_fail_line_q",
    "cnt_fail_entry_q", "cnt_fail_merge_q", "cnt_fail_mq_q",  "cnt_fail_port_q", "cnt_fail_bypq_q",
    "cnt_byp_q",        "cnt_fill_q",      "cnt_pseudo_q",    "cnt_sbyp_q",      "cnt_smiss_q"};

/* GCC's straight-line (SLP) vectorizer packs the cycle's flags and small
 * values into vector lanes to store them into adjacent fields: the packing
 * costs more instructions than one store per field (the MRPB's rule,
 * docs/c-models.md); the comb copies are built without it.  Other
 * compilers: their default. */
#if defined(__GNUC__) && !defined(__clang__)
#define L1D_NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define L1D_NO_SLP
#endif
static const uint32_t ids_zero[32]; /* a new entry's merge ids, up to 32 of them */
/* What an accepted request does (the RTL's act codes: the same list). */
enum { ACT_NONE, ACT_ST_HIT, ACT_ST_FWD, ACT_BYP_LD, ACT_LD_HIT, ACT_MERGE_T, ACT_PSEUDO, ACT_MERGE, ACT_NEWENT,
       ACT_BA_BYP, ACT_ALLOC, ACT_SMISS };
/* comb_body's cact beside the action codes: -1 any verdict (decided in the
 * copy or passed in), CACT_REFUSED a verdict passed in that refuses D's
 * request (the copy's go, stall and D's port are constants) */
enum { CACT_ANY = -1, CACT_REFUSED = -2 };

/* Ways- and Entries-bit vectors: 64 per word, up to 1024 (L1D_WAYS, L1D_MSHR_ENTRIES) */
enum { VW = 16 };
_Static_assert(sizeof ((l1d_t *)0)->mshr_vbits == VW * sizeof(uint64_t), "mshr_vbits: VW words");
static inline unsigned nwords(unsigned n) { return (n + 63u) / 64u; }
/* n words; the line sizes that occur (16..128 bytes, masks of 4..16
 * bytes) as fixed-size copies the compiler inlines */
static inline void cpy_words(uint32_t *d, const uint32_t *s, unsigned n) {
  /* a 128-byte line and its 16-byte mask first: a compare each, not the
   * switch's table jump (the configurations' common line size) */
  if (__builtin_expect(n == 32, 1)) {
    memcpy(d, s, 128);
    return;
  }
  if (n == 4) {
    memcpy(d, s, 16);
    return;
  }
  switch (n) {
  case 1: d[0] = s[0]; break;
  case 4: memcpy(d, s, 16); break;
  case 8: memcpy(d, s, 32); break;
  case 16: memcpy(d, s, 64); break;
  case 32: memcpy(d, s, 128); break;
  default: memcpy(d, s, (size_t)n * 4); break;
  }
}

/* Fast paths (docs/c-models.md, "The L1D's fast paths").  The flag arrays
 * have 16 bytes of room after their last element (l1d_init), so the n <= 64
 * flags at f pack 16 (SSE2) or 8 at a time, the bytes past n read and
 * masked off. */
#ifdef __SSE2__
static inline uint64_t pk16(__m128i x) { /* byte i not zero -> bit i */
  return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) & 0xffffu;
}
static inline __m128i ld16(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
/* (always inline: the general copy's loops over words call these per word, and
 * GCC's inliner, counting the callers, moved them out of line as copies were
 * added -- a call per word) */
__attribute__((always_inline)) static inline uint64_t pk_nz(const uint8_t *f, unsigned n) {
  uint64_t m = 0;
  for (unsigned i = 0; i < n; i += 16) m |= pk16(ld16(f + i)) << i;
  return m & bits_mask64(n);
}
__attribute__((always_inline)) static inline uint64_t pk_nz3(const uint8_t *a, const uint8_t *b, const uint8_t *c, unsigned n) {
  uint64_t m = 0;
  for (unsigned i = 0; i < n; i += 16) m |= pk16(_mm_or_si128(_mm_or_si128(ld16(a + i), ld16(b + i)), ld16(c + i))) << i;
  return m & bits_mask64(n);
}
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint64_t pk8(uint64_t x) { /* byte i not zero -> bit i */
  x |= x >> 4; x |= x >> 2; x |= x >> 1;
  return ((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
}
static inline uint64_t pk_nz(const uint8_t *f, unsigned n) {
  uint64_t m = 0, x;
  for (unsigned i = 0; i < n; i += 8) memcpy(&x, f + i, 8), m |= pk8(x) << i;
  return m & bits_mask64(n);
}
static inline uint64_t pk_nz3(const uint8_t *a, const uint8_t *b, const uint8_t *c, unsigned n) {
  uint64_t m = 0, x, y, z;
  for (unsigned i = 0; i < n; i += 8) memcpy(&x, a + i, 8), memcpy(&y, b + i, 8), memcpy(&z, c + i, 8), m |= pk8(x | y | z) << i;
  return m & bits_mask64(n);
}
#else
static inline uint64_t pk_nz(const uint8_t *f, unsigned n) { return bits_pack_nz(f, n); }
static inline uint64_t pk_nz3(const uint8_t *a, const uint8_t *b, const uint8_t *c, unsigned n) {
  return bits_pack_nz3(a, b, c, n);
}
#endif
/* v[k] for the n flags f[0..n) (not zero = set), k < nwords(n) */
static inline void vec_nz(uint64_t *v, const uint8_t *f, unsigned n) {
  for (unsigned k = 0, b = 0; b < n; k++, b += 64) v[k] = pk_nz(f + b, n - b < 64 ? n - b : 64);
}
#ifdef __SSE2__
/* nb blocks of sixteen 32-bit values compared with vx: bit i set where equal */
__attribute__((always_inline)) static inline uint64_t cam16(const __m128i *p, __m128i vx, unsigned nb) {
  uint64_t m = 0;
  for (unsigned b = 0; b < nb; b++, p += 4) {
    const __m128i e0 = _mm_cmpeq_epi32(_mm_loadu_si128(p), vx), e1 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 1), vx);
    const __m128i e2 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 2), vx), e3 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 3), vx);
    m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(_mm_packs_epi32(e0, e1), _mm_packs_epi32(e2, e3))) << (16u * b);
  }
  return m;
}
#endif
/* The MSHR's address match (a CAM): bit e of v[e / 64] set where a[e] == x,
 * e < n; four entries to a compare where SSE2 is there. */
__attribute__((always_inline)) static inline void cam_eq(uint64_t *v, const uint32_t *a, unsigned n, uint32_t x, int small) {
  if (small && n > 64) __builtin_unreachable(); /* (small: n <= 64, one word) */
#ifdef __SSE2__
  /* a whole number of 16-entry blocks, or 4 (a 4-way set's tags), on one
   * word: compares of a constant count, without the loops' trip tests */
  if (small && (n == 4 || !(n & 15u))) {
    const __m128i vx = _mm_set1_epi32((int)x);
    const __m128i *p = (const __m128i *)(const void *)a;
    switch (n) {
    case 4: v[0] = (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128(p), vx))); return;
    case 16: v[0] = cam16(p, vx, 1); return;
    case 32: v[0] = cam16(p, vx, 2); return;
    case 48: v[0] = cam16(p, vx, 3); return;
    default: v[0] = cam16(p, vx, 4); return; /* (64) */
    }
  }
#endif
  for (unsigned k = 0, b = 0; b < n; k++, b += 64) {
    unsigned c = n - b < 64 ? n - b : 64, i = 0;
    uint64_t m = 0;
#ifdef __SSE2__
    const __m128i vx = _mm_set1_epi32((int)x);
    for (; i + 16 <= c; i += 16) { /* sixteen entries: four compares packed to bytes, one movemask */
      const __m128i *p = (const __m128i *)(const void *)(a + b + i);
      const __m128i e0 = _mm_cmpeq_epi32(_mm_loadu_si128(p), vx), e1 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 1), vx);
      const __m128i e2 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 2), vx), e3 = _mm_cmpeq_epi32(_mm_loadu_si128(p + 3), vx);
      /* (0 / -1 lanes stay 0 / -1 through the signed saturating packs, in entry order) */
      m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(_mm_packs_epi32(e0, e1), _mm_packs_epi32(e2, e3))) << i;
    }
    for (; i + 4 <= c; i += 4)
      m |= (uint64_t)(unsigned)_mm_movemask_ps(
               _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + b + i)), vx)))
           << i;
#endif
    for (; i < c; i++) m |= (uint64_t)(a[b + i] == x) << i;
    v[k] = m;
  }
}
/* Of n <= 64 MSHR entries from a: those whose address masked by msk is x
 * (the line compare of an atom address: msk clears the sector bits), four
 * to a compare where SSE2 is there; bit i for entry i. */
__attribute__((always_inline)) static inline uint64_t cam_masked(const uint32_t *a, unsigned n, uint32_t x, uint32_t msk) {
  uint64_t m = 0;
  unsigned i = 0;
#ifdef __SSE2__
  const __m128i vx = _mm_set1_epi32((int)x), vm = _mm_set1_epi32((int)msk);
  for (; i + 16 <= n; i += 16) {
    const __m128i *p = (const __m128i *)(const void *)(a + i);
    const __m128i e0 = _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p), vm), vx);
    const __m128i e1 = _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p + 1), vm), vx);
    const __m128i e2 = _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p + 2), vm), vx);
    const __m128i e3 = _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p + 3), vm), vx);
    m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(_mm_packs_epi32(e0, e1), _mm_packs_epi32(e2, e3))) << i;
  }
  for (; i + 4 <= n; i += 4)
    m |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(
             _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(a + i)), vm), vx)))
         << i;
#endif
  for (; i < n; i++) m |= (uint64_t)((a[i] & msk) == x) << i;
  return m;
}
/* Of n <= 64 MSHR entries from q: those whose line is present (pres) in way
 * w; bit i for entry i.  Where SSE2 is there, four entries to two vectors:
 * an entry's 8 bytes are two 32-bit lanes, {valid, rdy, pres, cnt} and
 * {way, pad} (a little-endian host; asserted below). */
#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
_Static_assert(sizeof(struct l1d_ment) == 8 && offsetof(struct l1d_ment, pres) == 2 && offsetof(struct l1d_ment, way) == 4,
               "ment_pres_way: an MSHR entry's flags in bytes 0..3, its way in bytes 4..5");
#define L1D_MENT_VEC 1
#else
#define L1D_MENT_VEC 0
#endif
__attribute__((always_inline)) static inline uint64_t ment_pres_way(const struct l1d_ment *q, unsigned n, uint32_t w) {
  uint64_t m = 0;
  unsigned i = 0;
#if L1D_MENT_VEC
  const __m128i km = _mm_set_epi32(0xffff, 0x00ff0000, 0xffff, 0x00ff0000); /* (pres; way) */
  const __m128i pv = _mm_set_epi32((int)w, 0, (int)w, 0), inv = _mm_set_epi32(0, -1, 0, -1);
  for (; i + 4 <= n; i += 4) {
    const __m128i *p = (const __m128i *)(const void *)(q + i);
    /* per lane: pres != 0 (equal to 0, inverted), way == w */
    __m128i c0 = _mm_xor_si128(_mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p), km), pv), inv);
    __m128i c1 = _mm_xor_si128(_mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(p + 1), km), pv), inv);
    c0 = _mm_and_si128(c0, _mm_srli_epi64(c0, 32)); /* (an entry's two lanes ANDed into its first) */
    c1 = _mm_and_si128(c1, _mm_srli_epi64(c1, 32));
    m |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_shuffle_ps(_mm_castsi128_ps(c0), _mm_castsi128_ps(c1), _MM_SHUFFLE(2, 0, 2, 0)))
         << i;
  }
#endif
  for (; i < n; i++) m |= (uint64_t)(q[i].pres && q[i].way == w) << i;
  return m;
}
/* Exact copies of a row of n bytes (n >= 1) as at most two overlapping
 * fixed-size moves for the row sizes that occur (ways, ranks, merge ids),
 * nothing written outside [d, d + n). */
/* (GCC at -O0, a debugging build, does not carry the callers' bounds on n
 * into the branches it cannot take and warns of an over-read in them:
 * silenced here alone) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
__attribute__((always_inline)) static inline void cpy_n(void *d, const void *s, size_t n) {
  unsigned char *dd = d;
  const unsigned char *ss = s;
  if (n >= 8 && n <= 16) {
    uint64_t a, b;
    memcpy(&a, ss, 8), memcpy(&b, ss + n - 8, 8), memcpy(dd, &a, 8), memcpy(dd + n - 8, &b, 8);
  } else if (n >= 4 && n < 8) {
    uint32_t a, b;
    memcpy(&a, ss, 4), memcpy(&b, ss + n - 4, 4), memcpy(dd, &a, 4), memcpy(dd + n - 4, &b, 4);
  } else if (n > 16 && n <= 32) {
    uint64_t a[2], b[2];
    memcpy(a, ss, 16), memcpy(b, ss + n - 16, 16), memcpy(dd, a, 16), memcpy(dd + n - 16, b, 16);
  } else if (n > 32 && n <= 64) { /* (48 ways' flags; 16..32 ways' ranks) */
    uint64_t a[4], b[4];
    memcpy(a, ss, 32), memcpy(b, ss + n - 32, 32), memcpy(dd, a, 32), memcpy(dd + n - 32, b, 32);
  } else if (n > 64 && n <= 128) { /* (33..64 ways' ranks) */
    uint64_t a[8], b[8];
    memcpy(a, ss, 64), memcpy(b, ss + n - 64, 64), memcpy(dd, a, 64), memcpy(dd + n - 64, b, 64);
  } else {
    memcpy(dd, ss, n);
  }
}
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic pop
#endif

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int l1d_geom_from_cfg(const l1sys_cfg_t *cfg, l1d_geom_t *g) {
  g->sets = (unsigned)CFG(cfg, L1D_SETS);
  g->ways = (unsigned)CFG(cfg, L1D_WAYS);
  g->line = (unsigned)CFG(cfg, L1D_LINE);
  g->sectors = (unsigned)CFG(cfg, L1D_SECTORS);
  g->entries = (unsigned)CFG(cfg, L1D_MSHR_ENTRIES);
  g->merge = (unsigned)CFG(cfg, L1D_MSHR_MERGE);
  g->missq = (unsigned)CFG(cfg, L1D_MISSQ);
  g->bypq = (unsigned)CFG(cfg, L1D_BYPQ);
  g->relq = (unsigned)CFG(cfg, L1D_RELQ);
  g->addr_w = (unsigned)CFG(cfg, L1D_ADDR_W);
  g->id_w = (unsigned)CFG(cfg, L1D_ID_W);
  if (g->line / g->sectors < 4)
    return cfg_reject(cfg, P_L1D_SECTORS, "a sector of at least 4 bytes (L1D_LINE / L1D_SECTORS >= 4)");
  if (g->sectors > 1 && CFG(cfg, L1D_BA))
    return cfg_reject(cfg, P_L1D_SECTORS, "must be 1 with the Bypass-Aware cache (L1D_BA=1): the BA paper's cache is a line cache");
  if (g->addr_w < log2u(g->line) + log2u(g->sets) + 1)
    return cfg_reject(cfg, P_L1D_ADDR_W, "too narrow: needs line-offset + set-index bits + at least one tag bit");
  if (CFG(cfg, L1D_INDEX) == L1D_INDEX_FERMI && g->sets != 32 && g->sets != 64)
    return cfg_reject(cfg, P_L1D_SETS, "the FERMI set index is defined for 32 or 64 sets only");
  if (CFG(cfg, L1D_INDEX) == L1D_INDEX_FERMI && g->addr_w < 20)
    return cfg_reject(cfg, P_L1D_ADDR_W, "the FERMI set index needs address bits up to bit 19 (L1D_ADDR_W >= 20)");
  if (CFG(cfg, L1D_INDEX) == L1D_INDEX_IPOLY && g->sets != 16 && g->sets != 32 && g->sets != 64)
    return cfg_reject(cfg, P_L1D_SETS, "the IPOLY set index is defined for 16, 32 or 64 sets only (GPGPU-Sim's ipoly_hash_function has no other equations)");
  if (CFG(cfg, L1D_BA) && CFG(cfg, L1D_ALLOC) == L1D_ALLOC_ON_FILL)
    return cfg_reject(cfg, P_L1D_ALLOC, "the Bypass-Aware cache (L1D_BA=1) decides at the tag probe and needs ON_MISS");
  return 0;
}

void l1d_modes_from_cfg(const l1sys_cfg_t *cfg, l1d_in_t *in) {
  in->mode_repl_i = (uint32_t)CFG(cfg, L1D_REPL);
  in->mode_wr_i = (uint32_t)CFG(cfg, L1D_WRITE);
  in->mode_alloc_i = (uint32_t)CFG(cfg, L1D_ALLOC);
  in->mode_hash_i = (uint32_t)CFG(cfg, L1D_INDEX);
  in->mode_ba_i = (uint32_t)CFG(cfg, L1D_BA);
  in->mode_ba_thr_i = (uint32_t)CFG(cfg, L1D_BA_THRESHOLD);
  in->mode_sbyp_i = (uint32_t)CFG(cfg, L1D_SBYP); /* a composition with an MRPB drives it from MRPB_BYPASS */
}
/* the fail counters in the order of the fail reasons (comb_full's fail_cnt) */
_Static_assert(L1D_FAIL_LINE_ALLOC == 1 && L1D_FAIL_MSHR_ENTRY == 2 && L1D_FAIL_MSHR_MERGE == 3 &&
                   L1D_FAIL_MISS_QUEUE == 4 && L1D_FAIL_PORT_BUSY == 5 && L1D_FAIL_BYP_QUEUE == 6 &&
                   L1D_CNT_FAIL_ENTRY == L1D_CNT_FAIL_LINE + 1 && L1D_CNT_FAIL_MERGE == L1D_CNT_FAIL_LINE + 2 &&
                   L1D_CNT_FAIL_MQ == L1D_CNT_FAIL_LINE + 3 && L1D_CNT_FAIL_PORT == L1D_CNT_FAIL_LINE + 4 &&
                   L1D_CNT_FAIL_BYPQ == L1D_CNT_FAIL_LINE + 5,
               "fail reasons and fail counters in different orders");
/* mode_sbyp_i takes the MRPB's encoding (one input for both sources) */
_Static_assert(L1D_SBYP_OFF == MRPB_BYPASS_OFF && L1D_SBYP_ALL == MRPB_BYPASS_ALL &&
                   L1D_SBYP_ASSOC == MRPB_BYPASS_ASSOC, "L1D_SBYP and MRPB_BYPASS encodings differ");

/* ---- state ---------------------------------------------------------------- */
int l1d_init(l1d_t *m, const l1d_geom_t *g) {
  memset(m, 0, sizeof *m);
  m->g = *g;
  m->offw = log2u(g->line);
  m->setw = bits_idx_w(g->sets);
  m->wayw = bits_idx_w(g->ways);
  m->rankw = bits_idx_w(g->ways);
  m->law = g->addr_w - m->offw;
  m->cntw = bits_clog2(g->merge + 1ull);
  m->eidxw = bits_idx_w(g->entries);
  m->small = g->ways <= 64 && g->entries <= 64;
  m->lbits = g->line * 8;
  m->lwords = bits_words(m->lbits);
  m->sectw = log2u(g->sectors);
  m->sectiw = m->sectw ? m->sectw : 1;
  m->aw = m->law + m->sectw;
  m->ash = m->offw - m->sectw;
  m->sbytes = g->line / g->sectors;
  m->mqw = 1 + g->id_w + m->aw + g->line + m->lbits; /* {store, id, atom, mask, data}: data at bit 0 */
  m->bqw = g->id_w + m->aw;                          /* {atom, id} */
  m->rqw = m->eidxw + m->lbits;                       /* {entry, data}: data at bit 0 */
  m->lamask = (uint32_t)bits_mask64(m->law);
  m->awmask = (uint32_t)bits_mask64(m->aw);
  m->idmask = (uint32_t)bits_mask64(g->id_w);
  m->emask = (uint32_t)bits_mask64(m->eidxw);
  size_t sw = (size_t)g->sets * g->ways, e = g->entries;
  int rc = 0;
  uint8_t **b8[] = {&m->valid_q, &m->rsv_q, &m->byp_q, &m->reuse_q, &m->valid_d, &m->rsv_d, &m->byp_d, &m->reuse_d};
  for (size_t i = 0; i < sizeof b8 / sizeof b8[0]; i++) rc |= !(*b8[i] = calloc(sw + 16, 1)); /* (+ 16: room for pk_nz's 16-byte reads) */
  rc |= !(m->rank_q = calloc(sw, 2));
  rc |= !(m->tag_sh = calloc(sw, 4));
  rc |= !(m->vmemo = calloc(g->sets, sizeof *m->vmemo));
  rc |= !(m->rlz = calloc((size_t)g->sets * g->ways, 1));
  rc |= !(m->trow_sh = calloc(g->ways, 4));
  rc |= !(m->tag_wr = calloc((size_t)g->sets * nwords(g->ways), 8));
  rc |= !(m->rank_d = calloc(sw, 2));
  rc |= !(m->mshr_q = calloc(e, sizeof *m->mshr_q));
  rc |= !(m->mshr_d = calloc(e, sizeof *m->mshr_d));
  uint32_t **e32[] = {&m->mshr_addr_q, &m->mshr_addr_d};
  for (size_t i = 0; i < sizeof e32 / sizeof e32[0]; i++) rc |= !(*e32[i] = calloc(e, 4));
  rc |= !(m->mshr_ids_q = calloc(e * g->merge, 4));
  rc |= !(m->mshr_ids_d = calloc(e * g->merge, 4));
  rc |= fifo_sync_init(&m->i_missq, g->missq, m->mqw);
  rc |= fifo_sync_init(&m->i_bypq, g->bypq, m->bqw);
  rc |= fifo_sync_init(&m->i_relq, g->relq, m->rqw);
  rc |= mem_1r1w_sync_init(&m->i_tags, g->sets, g->ways * m->law, m->law);
  rc |= mem_1r1w_sync_init(&m->i_tags_rmt, g->sets, g->ways * m->law, m->law);
  rc |= !(m->i_data = calloc(g->ways, sizeof *m->i_data));
  rc |= !(m->i_data_rmt = calloc(g->ways, sizeof *m->i_data_rmt));
  for (unsigned w = 0; w < g->ways && !rc; w++) {
    rc |= mem_1r1w_sync_init(&m->i_data[w], g->sets, m->lbits, 8);
    rc |= mem_1r1w_sync_init(&m->i_data_rmt[w], g->sets, m->lbits, 8);
  }
  /* the data banks' output registers: lazily, per group (l1d.h) */
  rc |= !(m->dk.mat = calloc(g->ways, 4));
  rc |= !(m->dk_rmt.mat = calloc(g->ways, 4));
  m->dk.b = m->i_data;
  m->dk_rmt.b = m->i_data_rmt;
  /* the SRAMs' output registers skip re-capturing a row they already hold */
  m->i_tags.keep = m->i_tags_rmt.keep = 1;
  uint32_t **w[] = {&m->in.req_data_i, &m->in.fill_data_i, &m->out.rsp_data_o, &m->out.mem_req_data_o,
                    &m->out.rmt_data_o, &m->d_data_q, &m->fw_data_q, &m->fw_data_d, &m->line_buf};
  for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) rc |= !(*w[i] = calloc(m->lwords, 4));
  m->rsp_buf = m->out.rsp_data_o;
  m->mreq_dbuf = m->out.mem_req_data_o;
  rc |= !(m->zbuf = calloc(m->lwords, 4)); /* (a line of zeros: its mask's words too) */
  uint32_t **wm[] = {&m->in.req_mask_i, &m->d_mask_q, &m->fw_data_mask_q, &m->fw_data_mask_d};
  for (size_t i = 0; i < sizeof wm / sizeof wm[0]; i++) rc |= !(*wm[i] = calloc(bits_words(g->line), 4));
  (void)sw;
  rc |= !(m->out.mem_req_mask_o = calloc(bits_words(g->line), 4));
  m->mreq_mbuf = m->out.mem_req_mask_o;
  rc |= !(m->all_mask = calloc(bits_words(g->line), 4));
  rc |= !(m->sect_mask = calloc(bits_words(g->line), 4));
  rc |= !(m->bq_wdata = calloc(bits_words(m->bqw), 4));
  rc |= !(m->tag_wdata = calloc(bits_words(g->ways * m->law), 4));
  rc |= !(m->tag_wmask = calloc(bits_words(g->ways), 4));
  if (rc) {
    l1d_free(m);
    return -1;
  }
  for (unsigned b = 0; b < g->line; b++) bits_set(m->all_mask, b, 1, 1);
  { /* the miss queue's header on a word boundary, <= 64 bits (l1d.h, mq_hdr_ok) */
    const unsigned llsb = m->lbits + g->line, hb = m->aw + g->id_w + 1;
    m->mq_hdr_ok = !(llsb & 31u) && hb <= 64;
    m->mq_hw = llsb / 32;
    m->mq_hw2 = hb > 32;
    m->mq_ref = !(m->lbits & 31u) && !(g->line & 31u);
  }
  if (g->ways > 64u * VW || g->entries > 64u * VW) { /* the parameter ranges keep both <= 1024 */
    l1d_free(m);
    return -1;
  }
  l1d_reset(m);
  return 0;
}

void l1d_free(l1d_t *m) {
  if (m->rsp_buf) m->out.rsp_data_o = m->rsp_buf; /* (the buffers, not rows they may point at: l1d.h) */
  if (m->mreq_dbuf) m->out.mem_req_data_o = m->mreq_dbuf;
  if (m->mreq_mbuf) m->out.mem_req_mask_o = m->mreq_mbuf;
  void *p[] = {m->valid_q, m->rsv_q, m->byp_q, m->reuse_q, m->rank_q, m->valid_d, m->rsv_d, m->byp_d,
               m->reuse_d, m->rank_d, m->mshr_q, m->mshr_d, m->sect_mask,
               m->mshr_addr_q, m->mshr_addr_d,
               m->mshr_ids_q, m->mshr_ids_d, m->in.req_data_i, m->in.req_mask_i, m->in.fill_data_i,
               m->out.rsp_data_o, m->out.mem_req_data_o, m->out.mem_req_mask_o, m->out.rmt_data_o, m->all_mask,
               m->bq_wdata, m->tag_wdata, m->tag_wmask, m->d_data_q,
               m->d_mask_q, m->fw_data_q, m->fw_data_d, m->fw_data_mask_q, m->fw_data_mask_d,
               m->line_buf, m->dk.mat, m->dk_rmt.mat, m->tag_sh, m->trow_sh, m->tag_wr, m->vmemo, m->zbuf, m->rlz};
  for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) free(p[i]);
  fifo_sync_free(&m->i_missq);
  fifo_sync_free(&m->i_bypq);
  fifo_sync_free(&m->i_relq);
  mem_1r1w_sync_free(&m->i_tags);
  mem_1r1w_sync_free(&m->i_tags_rmt);
  for (unsigned w = 0; w < m->g.ways; w++) {
    if (m->i_data) mem_1r1w_sync_free(&m->i_data[w]);
    if (m->i_data_rmt) mem_1r1w_sync_free(&m->i_data_rmt[w]);
  }
  free(m->i_data);
  free(m->i_data_rmt);
  memset(m, 0, sizeof *m);
}

static void rlz_flush(l1d_t *m);
void l1d_reset(l1d_t *m) {
  size_t sw = (size_t)m->g.sets * m->g.ways, e = m->g.entries;
  rlz_flush(m); /* (the remote banks' rows as written: reset keeps the memories) */
  memset(m->valid_q, 0, sw); memset(m->rsv_q, 0, sw); memset(m->byp_q, 0, sw); memset(m->reuse_q, 0, sw);
  /* age ranks reset to "way w has rank w": a permutation, as the rule needs */
  for (size_t i = 0; i < sw; i++) m->rank_q[i] = (uint16_t)(i % m->g.ways);
  memset(m->mshr_q, 0, e * sizeof *m->mshr_q); /* (the padding too: commit moves whole entries) */
  memset(m->mshr_addr_q, 0, e * 4);
  memset(m->mshr_ids_q, 0, e * m->g.merge * 4);
  m->mem_rr_q = m->mem_rr_d = 0; /* (_d equals _q outside a cycle: comb writes it only when the port goes) */
  memset(m->cnt_q, 0, sizeof m->cnt_q);
  /* _d equals _q outside a cycle (stage_set, stage_ent): reset both */
  memcpy(m->valid_d, m->valid_q, sw); memcpy(m->rsv_d, m->rsv_q, sw); memcpy(m->byp_d, m->byp_q, sw);
  memcpy(m->reuse_d, m->reuse_q, sw); memcpy(m->rank_d, m->rank_q, sw * 2);
  memcpy(m->mshr_d, m->mshr_q, e * sizeof *m->mshr_q); memcpy(m->mshr_addr_d, m->mshr_addr_q, e * 4);
  memcpy(m->mshr_ids_d, m->mshr_ids_q, e * m->g.merge * 4);
  memcpy(m->cnt_d, m->cnt_q, sizeof m->cnt_d);
  memset(m->vmemo, 0, m->g.sets * sizeof *m->vmemo);
  fifo_sync_reset(&m->i_missq);
  memset(m->mq_ld, 0, sizeof m->mq_ld); /* (no row known: a random initial state may write the body) */
  m->mqp_ld = 0;
  fifo_sync_reset(&m->i_bypq);
  fifo_sync_reset(&m->i_relq);
  mem_1r1w_sync_idle(&m->i_tags);
  mem_1r1w_sync_idle(&m->i_tags_rmt);
  mem_1r1w_sync_forget(&m->i_tags);
  mem_1r1w_sync_forget(&m->i_tags_rmt);
  for (unsigned w = 0; w < m->g.ways; w++) {
    mem_1r1w_sync_idle(&m->i_data[w]);
    mem_1r1w_sync_idle(&m->i_data_rmt[w]);
    mem_1r1w_sync_forget(&m->i_data[w]);
    mem_1r1w_sync_forget(&m->i_data_rmt[w]);
  }
  /* nothing held lazily: the buffers are the output registers (a random
   * initial state writes them after this) */
  struct l1d_dbanks *dks[2] = {&m->dk, &m->dk_rmt};
  for (int i = 0; i < 2; i++) {
    dks[i]->lz = dks[i]->rd = dks[i]->synced_lz = dks[i]->synced_gen = 0;
    dks[i]->gen = 1;
    memset(dks[i]->mat, 0, m->g.ways * 4u);
  }
  m->ndwe = 0;
  m->dsrc = NULL;
  m->fw_lazy = 0;
  m->rq_lazy = 0;
  /* D, the forwarding and the remote registers reset empty; the wide data
   * registers (d_data_q, d_mask_q, fw_data_q, fw_data_mask_q) are not reset
   * (used only under their valid), like the SRAMs' output registers */
  m->d_valid_q = m->d_store_q = m->d_byp_q = 0;
  m->d_addr_q = m->d_id_q = 0;
  m->fw_tag_v_q = m->fw_tag_way_q = 0;
  m->fw_tag_set_q = m->fw_tag_line_q = 0;
  m->fw_data_v_q = m->fw_data_way_q = 0;
  m->fw_data_set_q = 0;
  m->rmt_v_q = 0;
  m->rmt_line_q = m->rmt_set_q = m->rmt_sect_q = 0;
  /* the forwarding and remote registers' fields (all but the valid bits):
   * _d equals _q outside a cycle (comb writes them only with their valid,
   * commit copies them back only then) */
  m->fw_tag_way_d = 0, m->fw_tag_set_d = m->fw_tag_line_d = 0;
  m->fw_data_way_d = 0, m->fw_data_set_d = 0;
  m->rmt_line_d = m->rmt_set_d = m->rmt_sect_d = 0;
  m->d_load = 0;
  m->nds = m->nde = 0;
  m->dids = 0;
  m->rsp_zero = m->rmt_zero = m->mreq_zero = 0;
  m->mreq_held = m->idle = m->memo_ok = m->rep_ok = 0;
  m->trow_ok = m->trow_cp = 0; /* (the tag SRAM's output register is not reset) */
  /* no tag written since reset: tag_sh knows none (a random initial state
   * of the tag SRAM is written before reset) */
  memset(m->tag_wr, 0, (size_t)m->g.sets * nwords(m->g.ways) * 8);
  m->dsm_ok = 0;
  memset(m->mshr_vbits, 0, sizeof m->mshr_vbits); /* (every entry reset empty) */
  memset(m->mshr_pbits, 0, sizeof m->mshr_pbits);
}

/* ---- next-state rows: the rows and entries this cycle may write ----------
 * _d equals _q outside a cycle: l1d_reset sets both, comb writes _d only in
 * the rows and entries it lists here (every write follows its stage_*
 * call), and commit copies exactly those back -- so staging copies nothing
 * (the MRPB's rule, docs/c-models.md).  Reads use _q. */
/* (the counts: comb_body's locals, stored in nds, nde for the edge at its
 * end -- both 0 at the start of a cycle, so a cycle's first staging searches
 * nothing) */
static inline void stage_set(l1d_t *m, unsigned *nds, unsigned set) {
  for (unsigned i = 0; i < *nds; i++)
    if (m->dset[i] == set) return;
  m->dset[(*nds)++] = set;
}
static inline unsigned stage_ent(l1d_t *m, unsigned *nde, unsigned e) { /* returns e's place in the list */
  for (unsigned i = 0; i < *nde; i++)
    if (m->dent[i] == e) return i;
  m->dent[*nde] = e;
  return (*nde)++;
}
/* (stage_ids, comb_body's STAGE_IDS_: stage_ent for a write of the entry's
 * merge ids too -- commit copies an entry's ids back only when they were
 * written: dids) */

/* LRU/FIFO touch: ways more recent than `way` age by one, `way` becomes 0. */
#ifdef __SSE2__
/* a 4-way set (the common small form): the loops below for a constant count,
 * one 64-bit lane (inline in the step copies: TOUCH_, comb_body) */
__attribute__((always_inline)) static inline void touch4(l1d_t *m, unsigned set, unsigned way) {
  const uint16_t *q = m->rank_q + (size_t)set * 4u;
  uint16_t *d = m->rank_d + (size_t)set * 4u;
  const __m128i vr = _mm_set1_epi16((short)q[way]);
  __m128i x = _mm_loadl_epi64((const __m128i *)(const void *)q), y = _mm_loadl_epi64((const __m128i *)(void *)d);
  __m128i lt = _mm_cmplt_epi16(x, vr);
  _mm_storel_epi64((__m128i *)(void *)d, _mm_or_si128(_mm_and_si128(lt, _mm_sub_epi16(x, lt)), _mm_andnot_si128(lt, y)));
  d[way] = 0;
}
/* 48 ways: six lanes of eight, a constant count (inline in the step copies too) */
__attribute__((always_inline)) static inline void touch48(l1d_t *m, unsigned set, unsigned way) {
  const uint16_t *q = m->rank_q + (size_t)set * 48u;
  uint16_t *d = m->rank_d + (size_t)set * 48u;
  const __m128i vr = _mm_set1_epi16((short)q[way]);
  for (unsigned v = 0; v < 48u; v += 8) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(q + v)), y = _mm_loadu_si128((const __m128i *)(void *)(d + v));
    __m128i lt = _mm_cmplt_epi16(x, vr);
    _mm_storeu_si128((__m128i *)(void *)(d + v), _mm_or_si128(_mm_and_si128(lt, _mm_sub_epi16(x, lt)), _mm_andnot_si128(lt, y)));
  }
  d[way] = 0;
}
#define L1D_TOUCH4 1
#else
#define L1D_TOUCH4 0
static inline void touch4(l1d_t *m, unsigned set, unsigned way) { (void)m, (void)set, (void)way; }
static inline void touch48(l1d_t *m, unsigned set, unsigned way) { (void)m, (void)set, (void)way; }
#endif
static void touch(l1d_t *m, unsigned set, unsigned way) {
#ifdef __SSE2__
  if (m->g.ways == 4) {
    touch4(m, set, way);
    return;
  }
  if (m->g.ways == 48) {
    touch48(m, set, way);
    return;
  }
#endif
  const uint16_t *q = m->rank_q + (size_t)set * m->g.ways;
  uint16_t *d = m->rank_d + (size_t)set * m->g.ways, rk = q[way];
  unsigned v = 0;
#ifdef __SSE2__ /* eight ranks to a compare (ranks < 1024: signed 16-bit compares hold) */
  const __m128i vr = _mm_set1_epi16((short)rk);
  for (; v + 8 <= m->g.ways; v += 8) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(q + v)), y = _mm_loadu_si128((const __m128i *)(void *)(d + v));
    __m128i lt = _mm_cmplt_epi16(x, vr); /* q < rk: q + 1, else d as staged */
    _mm_storeu_si128((__m128i *)(void *)(d + v), _mm_or_si128(_mm_and_si128(lt, _mm_sub_epi16(x, lt)), _mm_andnot_si128(lt, y)));
  }
  for (; v + 4 <= m->g.ways; v += 4) { /* four ranks (a 4-way set): one 64-bit lane */
    __m128i x = _mm_loadl_epi64((const __m128i *)(const void *)(q + v)), y = _mm_loadl_epi64((const __m128i *)(void *)(d + v));
    __m128i lt = _mm_cmplt_epi16(x, vr);
    _mm_storel_epi64((__m128i *)(void *)(d + v), _mm_or_si128(_mm_and_si128(lt, _mm_sub_epi16(x, lt)), _mm_andnot_si128(lt, y)));
  }
#endif
  for (; v < m->g.ways; v++)
    if (q[v] < rk) d[v] = (uint16_t)(q[v] + 1);
  d[way] = 0;
}

/* One set's flags as the RTL's Ways-bit vectors (way w at bit w): present
 * (any sector valid or reserved, or the BA tag-only bit) and reserved (any
 * sector reserved). */
typedef struct { uint64_t occ[VW], r[VW]; } l1d_setv_t;
__attribute__((always_inline)) static inline void set_flags(const l1d_t *m, unsigned set, l1d_setv_t *f) {
  const size_t o = (size_t)set * m->g.ways;
  const unsigned W = m->g.ways;
#ifdef __SSE2__
  if (W <= 16) { /* one 16-byte pack per vector (the flag arrays' slack covers the bytes past W) */
    const uint64_t all = (1ull << W) - 1u;
    const __m128i r = ld16(m->rsv_q + o);
    f->occ[0] = pk16(_mm_or_si128(_mm_or_si128(ld16(m->valid_q + o), r), ld16(m->byp_q + o))) & all;
    f->r[0] = pk16(r) & all;
    return;
  }
#endif
  if (W <= 64) { /* remembered until a commit writes the set's rows (l1d.h, vmemo) */
    struct l1d_vmemo *vm = &m->vmemo[set];
    if (!vm->fok) {
      vm->occ = pk_nz3(m->valid_q + o, m->rsv_q + o, m->byp_q + o, W);
      vm->r = pk_nz(m->rsv_q + o, W);
      vm->fok = 1;
    }
    f->occ[0] = vm->occ;
    f->r[0] = vm->r;
    return;
  }
  for (unsigned k = 0, b = 0; b < W; k++, b += 64) {
    unsigned n = W - b < 64 ? W - b : 64;
    f->occ[k] = pk_nz3(m->valid_q + o + b, m->rsv_q + o + b, m->byp_q + o + b, n);
    f->r[k] = pk_nz(m->rsv_q + o + b, n);
  }
}

/* Victim choice in one set: l1d_victim on free = !(present), cand = !rsv
 * (the RTL's free_i, cand_i). */
static l1d_vict_t victim_gen(const l1d_t *m, unsigned set, const l1d_setv_t *f, uint32_t ba, uint32_t thr);
/* (inline in its callers, decide's copies: the comb copies carry L1D_NO_SLP
 * themselves) */
__attribute__((always_inline)) static inline l1d_vict_t victim(const l1d_t *m, unsigned set, const l1d_setv_t *f,
                                                               uint32_t ba, uint32_t thr) {
  /* remembered per set until the set's flags or ranks change (l1d.h, vmemo) */
  struct l1d_vmemo *vm = &m->vmemo[set];
  if (vm->ok && vm->ba == ba && vm->thr == thr) return vm->v;
  const size_t o = (size_t)set * m->g.ways;
  const unsigned W = m->g.ways;
  /* one word, no BA and a way count that is not a multiple of 8 (those
   * take l1d_victim's rank compare eight ways at a time): l1d_victim's rule
   * inline (no vectors in memory, no call) */
  if (W <= 64 && !ba && (W & 7u)) {
    const uint64_t all = (1ull << W) - 1ull, fr = ~f->occ[0] & all;
    l1d_vict_t v = {0, 0, 0};
    if (fr) { /* the highest free way */
      v.free_any = v.found = 1;
#ifdef FAULT_L1D_VICTIM_LOW /* (l1d_victim's injected fault, here too: the lowest free way wins) */
      v.way = (uint32_t)__builtin_ctzll(fr);
#else
      v.way = 63u - (uint32_t)__builtin_clzll(fr);
#endif
    } else if (f->r[0] != all) { /* the candidate (not reserved) of the highest rank, ties to the lowest way */
      const uint16_t *rk = m->rank_q + o;
      uint64_t c = ~f->r[0] & all;
      uint32_t best = (uint32_t)__builtin_ctzll(c), br = rk[best];
      for (c &= c - 1; c; c &= c - 1) {
        const uint32_t w = (uint32_t)__builtin_ctzll(c);
        if (rk[w] > br) best = w, br = rk[w];
      }
      v.found = 1;
      v.way = best;
    }
    vm->v = v;
    vm->ok = 1, vm->ba = 0, vm->thr = thr;
    return v;
  }
  return victim_gen(m, set, f, ba, thr);
}
/* the general form (out of line: the one-word form above needs no stack frame) */
__attribute__((noinline)) static l1d_vict_t victim_gen(const l1d_t *m, unsigned set, const l1d_setv_t *f, uint32_t ba,
                                                       uint32_t thr) {
  struct l1d_vmemo *vm = &m->vmemo[set];
  const size_t o = (size_t)set * m->g.ways;
  const unsigned W = m->g.ways, nw = nwords(W);
  uint64_t fr[VW], cd[VW], ru[VW];
  for (unsigned k = 0; k < nw; k++) {
    uint64_t all = (k + 1 < nw || !(W & 63u)) ? ~0ull : (1ull << (W & 63u)) - 1ull;
    fr[k] = ~f->occ[k] & all;
    cd[k] = ~f->r[k] & all;
  }
  if (ba) vec_nz(ru, m->reuse_q + o, W); /* used only with BA */
  /* (without BA another initialised vector goes in ru's place, never read:
   * GCC at -O3 cannot see that ru is read only when set) */
  vm->v = l1d_victim(W, fr, cd, m->rank_q + o, ba ? ru : fr, ba, thr);
  vm->ok = 1, vm->ba = (uint8_t)ba, vm->thr = thr;
  return vm->v;
}

/* Way w's tag in a tag row (law <= 32 bits): one 64-bit window when the
 * next word is still in the row, else the general read. */
static inline uint32_t tag_of(const l1d_t *m, const uint32_t *row, unsigned w) {
  unsigned lsb = w * m->law, k = lsb >> 5;
  if (k + 1 < m->i_tags.m.words)
    return (uint32_t)(((uint64_t)row[k] | (uint64_t)row[k + 1] << 32) >> (lsb & 31)) & m->lamask;
  return (uint32_t)bits_get(row, lsb, m->law);
}


/* Way w's tag as D sees it: the SRAM's row read at the last edge, or the
 * tag written at that edge into the same set and way (the array reads
 * before it writes: fw_tag_*). */
static inline uint32_t tag_fw(const l1d_t *m, const uint32_t *row, uint32_t set, unsigned w) {
#ifndef FAULT_L1D_NOFWD
  if (m->fw_tag_v_q && m->fw_tag_set_q == set && m->fw_tag_way_q == w) return m->fw_tag_line_q;
#else
  (void)set; /* injected: the tag written at the last edge is not forwarded */
#endif
  return tag_of(m, row, w);
}

/* ---- the remote data banks' rows, lazily (l1d.h, rlz) ---- */
/* Row `set` of bank w of group k as its memory holds it: a remote row left
 * equal to the local bank's row is read there. */
static inline const uint32_t *bk_row(const l1d_t *m, const struct l1d_dbanks *k, unsigned w, unsigned set) {
  if (k == &m->dk_rmt && m->rlz[(size_t)set * m->g.ways + w]) k = &m->dk;
  return mem_1r1w_read(&k->b[w].m, set);
}
/* Every remote row left equal to its local row written (for an observer, and at reset). */
static void rlz_flush(l1d_t *m) {
  const unsigned W = m->g.ways;
  for (size_t i = 0; i < (size_t)m->g.sets * W; i++)
    if (m->rlz[i]) {
      const unsigned set = (unsigned)(i / W), w = (unsigned)(i % W);
      mem_1r1w_t *mm = &m->i_data_rmt[w].m;
      cpy_words(mm->mem_q + (size_t)set * mm->words, mem_1r1w_read(&m->i_data[w].m, set), mm->words);
      m->rlz[i] = 0;
    }
}
/* ---- the data banks' output registers, lazily (l1d.h, struct l1d_dbanks) ---- */
/* Bank w's output register: its row held lazily, or its own buffer. */
static inline const uint32_t *dk_row(const l1d_t *m, const struct l1d_dbanks *k, unsigned w) {
  if (k->lz && k->mat[w] != k->gen) return bk_row(m, k, w, k->lz - 1);
  return k->b[w].rdata_q;
}
/* The edge for a group: this cycle's read (every bank, the same set), then
 * the written banks' writes; a write into the row a bank holds lazily first
 * fills that bank's buffer with the row as it was (read-before-write). */
static inline void dk_read(struct l1d_dbanks *k, unsigned ways) { /* the read: every bank holds row rd - 1 */
  if (__builtin_expect(++k->gen == 0, 0)) { /* (a wrap: no stale mark may equal a new gen) */
    memset(k->mat, 0, ways * 4u);
    k->gen = 1;
  }
  k->lz = k->rd;
}
/* (the remote group before the local one: a remote row equal to the local
 * row (rlz) is read from it before its write) */
/* (rmt: the remote group, a constant of the two forms below) */
__attribute__((always_inline)) static inline void dk_commit_body(l1d_t *m, struct l1d_dbanks *k, unsigned ways,
                                                                 const unsigned *we, unsigned nwe, int full,
                                                                 const uint32_t *src, const int rmt) {
  if (k->rd) dk_read(k, ways);
  for (unsigned i = 0; i < nwe; i++) {
    mem_1r1w_t *mm = &k->b[we[i]].m;
    if (!mm->we_i) continue;
    if (k->lz == mm->waddr_i + 1 && k->mat[we[i]] != k->gen) {
      cpy_words(k->b[we[i]].rdata_q, rmt ? bk_row(m, k, we[i], k->lz - 1) : mem_1r1w_read(mm, k->lz - 1), mm->words);
      k->mat[we[i]] = k->gen;
    }
    if (rmt && mm->waddr_i < mm->depth) {
      uint8_t *z = m->rlz + (size_t)mm->waddr_i * ways + we[i];
      if (*z) continue; /* (equal to the local row, which takes the same write) */
      if (full && !m->observed) { /* a whole line, unobserved: left equal to the local row */
        *z = 1;
        continue;
      }
    }
    if (full && mm->waddr_i < mm->depth) /* every byte of the line: the row in one copy */
      cpy_words(mm->mem_q + (size_t)mm->waddr_i * mm->words, src ? src : mm->wdata_i, mm->words);
    else
      mem_1r1w_commit(mm);
  }
}
static void dk_commit_loc(l1d_t *m, unsigned ways, const unsigned *we, unsigned nwe, int full, const uint32_t *src) {
  dk_commit_body(m, &m->dk, ways, we, nwe, full, src, 0);
}
static void dk_commit_rmt(l1d_t *m, unsigned ways, const unsigned *we, unsigned nwe, int full, const uint32_t *src) {
  dk_commit_body(m, &m->dk_rmt, ways, we, nwe, full, src, 1);
}
/* Every buffer of a group as the RTL's output register (observers only). */
static void dk_sync(struct l1d_dbanks *k, unsigned ways) {
  if (!k->lz || (k->synced_lz == k->lz && k->synced_gen == k->gen)) return;
  for (unsigned w = 0; w < ways; w++)
    if (k->mat[w] != k->gen) memcpy(k->b[w].rdata_q, mem_1r1w_read(&k->b[w].m, k->lz - 1), k->b[w].m.words * 4u);
  k->synced_lz = k->lz;
  k->synced_gen = k->gen;
}
void l1d_observe(l1d_t *m, int on) {
  m->observed = (uint8_t)(on != 0);
  if (!on) return;
  m->rep_ok = 0; /* (the next cycle evaluated in full: a step copy left its ports idle by their enables alone,
                  * comb_body, and a repeat would keep them) */
  rlz_flush(m); /* (the remote banks' rows as the RTL holds them; observed, none is left equal by reference) */
  if (m->out.rsp_data_o != m->rsp_buf) { /* (the response's line by reference: into the declared buffer, l1d.h) */
    cpy_words(m->rsp_buf, m->out.rsp_data_o, m->lwords);
    m->out.rsp_data_o = m->rsp_buf;
    m->rsp_zero = 0;
  }
  if (m->out.mem_req_data_o != m->mreq_dbuf) { /* (the memory port's likewise) */
    cpy_words(m->mreq_dbuf, m->out.mem_req_data_o, m->lwords);
    cpy_words(m->mreq_mbuf, m->out.mem_req_mask_o, bits_words(m->g.line));
    m->out.mem_req_data_o = m->mreq_dbuf;
    m->out.mem_req_mask_o = m->mreq_mbuf;
    m->mreq_zero = 0;
  }
  dk_sync(&m->dk, m->g.ways);
  dk_sync(&m->dk_rmt, m->g.ways);
  if (m->fw_lazy) { /* (watched from now on: the forwarded line as the RTL holds it, from its bank row) */
    cpy_words(m->fw_data_q, mem_1r1w_read(&m->i_data[m->fw_data_way_q].m, m->fw_data_set_q), m->lwords);
    cpy_words(m->fw_data_mask_q, m->all_mask, bits_words(m->g.line));
    m->fw_lazy = 0;
  }
}
/* Start of a cycle: the banks written last cycle return to idle (the others are). */
/* (lean: a step copy's -- the ports' enables alone, as for the tag arrays:
 * comb_body) */
static inline void dk_idle_o(l1d_t *m, const int lean) {
  for (unsigned i = 0; i < m->ndwe; i++) {
    if (lean) {
      m->i_data[m->dwe[i]].m.we_i = 0, m->i_data_rmt[m->dwe[i]].m.we_i = 0;
      continue;
    }
    mem_1r1w_idle(&m->i_data[m->dwe[i]].m);
    mem_1r1w_idle(&m->i_data_rmt[m->dwe[i]].m);
  }
  m->ndwe = 0;
  m->dsrc = NULL;
  m->dk.rd = m->dk_rmt.rd = 0;
}
static inline void dk_idle(l1d_t *m) { dk_idle_o(m, 0); }

/* Way w's line as read at the last edge (a row of Ways lines), with the
 * bytes written at that edge into the same set and way merged in (fw_data_*).
 * Returns the row's own words when nothing is merged, else m->line_buf. */
static const uint32_t *line_fw(l1d_t *m, const struct l1d_dbanks *k, uint32_t set, unsigned w) {
  const uint32_t *l = dk_row(m, k, w);
  if (!(m->fw_data_v_q && m->fw_data_set_q == set && m->fw_data_way_q == w)) return l;
  if (m->fw_lazy) return bk_row(m, k, w, set); /* (a whole line written at the last edge: l1d.h) */
  /* a data word at a time: its nibble of byte-mask bits -> its byte lanes */
  static const uint32_t lanes[16] = {
      0x00000000u, 0x000000ffu, 0x0000ff00u, 0x0000ffffu, 0x00ff0000u, 0x00ff00ffu, 0x00ffff00u, 0x00ffffffu,
      0xff000000u, 0xff0000ffu, 0xff00ff00u, 0xff00ffffu, 0xffff0000u, 0xffff00ffu, 0xffffff00u, 0xffffffffu};
  for (unsigned w = 0; w < m->lwords; w++) { /* (lwords = line / 4) */
    const uint32_t bm = lanes[(m->fw_data_mask_q[w / 8] >> (4 * (w % 8))) & 15u];
    m->line_buf[w] = (l[w] & ~bm) | (m->fw_data_q[w] & bm);
  }
  return m->line_buf;
}

/* A new entry's 8 merge ids {id, 0, ..., 0} into both sides (d, q) */
#ifdef __SSE2__
#define L1D_IDS8 1
__attribute__((always_inline)) static inline void ids8_new(uint32_t *d, uint32_t *q, uint32_t id) {
  const __m128i a = _mm_cvtsi32_si128((int)id), z = _mm_setzero_si128();
  _mm_storeu_si128((__m128i *)(void *)d, a), _mm_storeu_si128((__m128i *)(void *)(d + 4), z);
  _mm_storeu_si128((__m128i *)(void *)q, a), _mm_storeu_si128((__m128i *)(void *)(q + 4), z);
}
#else
#define L1D_IDS8 0
static inline void ids8_new(uint32_t *d, uint32_t *q, uint32_t id) { (void)d, (void)q, (void)id; }
#endif
/* line_fw's common case inline (nothing forwarded into the line: the bank's
 * output register), for the step copies' load hit */
__attribute__((always_inline)) static inline const uint32_t *line_fw_i(l1d_t *m, uint32_t set, unsigned w) {
  if (!(m->fw_data_v_q && m->fw_data_set_q == set && m->fw_data_way_q == w)) return dk_row(m, &m->dk, w);
  return line_fw(m, &m->dk, set, w);
}

/* The RTL's tag write: the line in every way's slice, the way's mask bit;
 * the same write goes to the remote copy and into the forwarding register.
 * The replicated row is streamed out a word at a time (law <= 32). */
/* share (a step copy, unobserved): when the edge's one-update path takes the
 * slice (tags_wr_body's test), the remote copy's port is left idle and its
 * row is written at the edge from this port's slice (tsh, tags_commit_wr2s):
 * the two ports would hold the same write, and nothing reads the remote
 * port between here and the edge. */
#if !defined(FAULT_MEM_1R1W_MASK) && !defined(FAULT_MEM_1R1W_SYNC_WFIRST) && !defined(FAULT_MEM_1R1W_SYNC_HOLD)
#define L1D_TAG_SHARE 1
#else
#define L1D_TAG_SHARE 0 /* (injected: the primitives' own commits read both ports) */
#endif
/* (the unobserved form: tag_write's second branch, inline in a step copy) */
__attribute__((always_inline)) static inline void tag_write_lean(l1d_t *m, unsigned set, unsigned way, uint32_t line,
                                                                 int share) {
  const unsigned law = m->law;
  const uint32_t v = line & m->lamask;
  mem_1r1w_write_slice(&m->i_tags.m, set, way, way * law, law, v);
  if (L1D_TAG_SHARE && share && m->i_tags.keep && ((way * law) >> 5) + 1 < m->i_tags.m.words)
    m->tsh = 1;
  else
    mem_1r1w_write_slice(&m->i_tags_rmt.m, set, way, way * law, law, v);
  m->fw_tag_v_d = 1;
  m->fw_tag_set_d = set;
  m->fw_tag_way_d = (uint16_t)way;
  m->fw_tag_line_d = v;
}
static void tag_write(l1d_t *m, unsigned set, unsigned way, uint32_t line, int share) {
  unsigned W = m->g.ways, law = m->law, k = 0, nacc = 0;
  uint64_t acc = 0, v = line & m->lamask;
  if (m->observed) {
    for (unsigned w = 0; w < W; w++) {
      acc |= v << nacc;
      nacc += law;
      for (; nacc >= 32; nacc -= 32, acc >>= 32) m->tag_wdata[k++] = (uint32_t)acc;
    }
    if (nacc) m->tag_wdata[k] = (uint32_t)acc;
    memset(m->tag_wmask, 0, bits_words(W) * 4);
    m->tag_wmask[way / 32] = 1u << (way % 32);
    mem_1r1w_sync_write(&m->i_tags, set, m->tag_wdata, m->tag_wmask);
    mem_1r1w_sync_write(&m->i_tags_rmt, set, m->tag_wdata, m->tag_wmask);
  } else { /* unobserved: the slice the mask writes, the rest of the port's data a don't-care (docs/c-models.md),
            * set in the two write ports themselves (mem_1r1w_write_slice: no row copies) */
    mem_1r1w_write_slice(&m->i_tags.m, set, way, way * law, law, (uint32_t)v);
    if (L1D_TAG_SHARE && share && m->i_tags.keep && ((way * law) >> 5) + 1 < m->i_tags.m.words)
      m->tsh = 1;
    else
      mem_1r1w_write_slice(&m->i_tags_rmt.m, set, way, way * law, law, (uint32_t)v);
  }
  m->fw_tag_v_d = 1;
  m->fw_tag_set_d = set;
  m->fw_tag_way_d = (uint16_t)way;
  m->fw_tag_line_d = line & m->lamask;
}

/* The RTL's data write: row `set` of way `way`'s bank, the byte mask over
 * the line (line bits); the same to the remote copy and into the
 * forwarding register.  The other ways' banks are not written. */
/* mem_1r1w_write into a data bank's port (Sets x LBits, byte slices: the
 * data needs no trim, the mask is L bits), the copies inline */
static inline void dport_write(mem_1r1w_t *mm, unsigned set, const uint32_t *data, const uint32_t *mask, unsigned lw,
                               unsigned L) {
  mm->wk0 = mm->wk1 = 0;
  mm->wsl = 0;
  mm->we_i = 1;
  mm->waddr_i = set;
  cpy_words(mm->wdata_i, data, lw);
  cpy_words(mm->wmask_i, mask, bits_words(L));
  bits_trim(mm->wmask_i, L);
}
/* A line fill nobody observes (the cycle's first data write, the whole
 * line from the fill port): the ports' data and mask and the _d forwarding
 * line are not written; commit takes the row from the fill port (l1d.h,
 * dsrc).  Inline at the fill's call (no call and frame for its few stores). */
static inline void data_fill_lazy(l1d_t *m, unsigned set, unsigned way, const uint32_t *data) {
  mem_1r1w_t *b = &m->i_data[way].m; /* (the remote copy's port is left idle: commit writes its row by this
                                       * port's address, and a second write in the cycle sets both ports) */
  b->wk0 = b->wk1 = 0, b->wsl = 0, b->we_i = 1, b->waddr_i = set;
  m->dwe[m->ndwe++] = way;
  m->dwe_full = 1;
  m->dsrc = data;
  m->fw_data_v_d = 1;
  m->fw_data_set_d = set;
  m->fw_data_way_d = (uint16_t)way;
}
static void data_write(l1d_t *m, unsigned set, unsigned way, const uint32_t *data, const uint32_t *mask) {
  unsigned L = m->g.line, lw = m->lwords;
  if (!m->observed && mask == m->all_mask && !m->ndwe && data == m->in.fill_data_i) {
    data_fill_lazy(m, set, way, data);
    return;
  }
  if (m->dsrc) { /* (a second write in the cycle: the first one's ports and line as the RTL's, then as before) */
    const unsigned w0 = m->dwe[0];
    dport_write(&m->i_data[w0].m, m->i_data[w0].m.waddr_i, m->dsrc, m->all_mask, lw, L);
    dport_write(&m->i_data_rmt[w0].m, m->i_data[w0].m.waddr_i, m->dsrc, m->all_mask, lw, L);
    cpy_words(m->fw_data_d, m->dsrc, lw);
    cpy_words(m->fw_data_mask_d, m->all_mask, bits_words(L));
    m->dsrc = NULL;
  }
  dport_write(&m->i_data[way].m, set, data, mask, lw, L);
  dport_write(&m->i_data_rmt[way].m, set, data, mask, lw, L);
  if (!(m->ndwe && m->dwe[0] == way)) m->dwe[m->ndwe++] = way;
  m->dwe_full = m->ndwe == 1 && mask == m->all_mask; /* (all_mask: the line's every byte) */
  m->fw_data_v_d = 1;
  m->fw_data_set_d = set;
  m->fw_data_way_d = (uint16_t)way;
  cpy_words(m->fw_data_d, data, lw);
  cpy_words(m->fw_data_mask_d, mask, bits_words(L));
  bits_trim(m->fw_data_mask_d, L);
}

/* The remote answer: the lookup presented last cycle, on the duplicate
 * arrays read at the last edge (merged with that edge's writes) and the line
 * state as it is now; filled lines only.  Registers only (the RTL's own
 * always_comb): a composite may call it before the cycle's inputs are known
 * (the shell's ring takes the answer the cycle after it asked). */
void l1d_comb_rmt(l1d_t *m) {
  l1d_out_t *o = &m->out;
  const unsigned W = m->g.ways;
  const uint32_t *rrow = mem_1r1w_sync_rdata(&m->i_tags_rmt);
  uint32_t rhit = 0, rway = 0;
  if (m->rmt_v_q) { /* the lowest way holding the line with the lookup's sector valid */
    const uint8_t *vq = m->valid_q + (size_t)m->rmt_set_q * W;
    for (unsigned w = 0; w < W && !rhit; w++)
      if (((vq[w] >> m->rmt_sect_q) & 1u) && tag_fw(m, rrow, m->rmt_set_q, w) == m->rmt_line_q) rhit = 1, rway = w;
  }
  o->rmt_hit_o = m->rmt_v_q && rhit;
  if (o->rmt_hit_o)
    cpy_words(o->rmt_data_o, line_fw(m, &m->dk_rmt, m->rmt_set_q, rway), m->lwords);
  else if (!m->rmt_zero) memset(o->rmt_data_o, 0, m->lwords * 4);
  m->rmt_zero = !o->rmt_hit_o;
}

/* The remote lookup offered this cycle: registered at the edge (its _d
 * twins), its set read in the duplicate tag and data arrays (comb_body's
 * remote part, and rmt_side's). */
static inline __attribute__((always_inline)) void rmt_lookup(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  m->rmt_v_d = (uint8_t)in->rmt_valid_i; /* (its fields written with it: _d equals _q outside a cycle) */
  if (in->rmt_valid_i) {
    uint32_t rmt_set = l1d_index(in->rmt_addr_i, m->offw, m->g.sets, in->mode_hash_i);
    m->rmt_line_d = (in->rmt_addr_i >> m->offw) & m->lamask;
    m->rmt_set_d = rmt_set;
    m->rmt_sect_d = (in->rmt_addr_i >> (m->offw - m->sectw)) & (m->g.sectors - 1u);
    mem_1r1w_sync_read(&m->i_tags_rmt, rmt_set);
    m->dk_rmt.rd = rmt_set + 1;
  }
}
/* The remote port's part of a cycle that is otherwise a repeat (idle 2) or
 * quiet (idle 1), unobserved: the answer to last cycle's lookup, and this
 * cycle's lookup registered and read.  The port writes nothing but its own
 * registers and read ports, and reads the duplicate arrays and the line
 * flags, which neither form writes; its forwarding terms are clear in both
 * (rep_ok needs fw_tag_v_d and fw_data_v_d clear, l1d_quiet fw_*_v_q), so
 * the answer and the next state are the full evaluation's.  So a lookup no
 * longer ends a repeat: in the shell's ring (CCN) every miss sends one
 * past every other SM, and a stalled SM's L1D went back to its full
 * evaluation for each (docs/c-models.md, "Remote lookups beside a repeat").
 * Observed (lockstep compares every port), a lookup still takes the full
 * evaluation: the repeated forms leave the ports as the last full cycle
 * set them. */
__attribute__((noinline)) static void rmt_side(l1d_t *m) {
  if (m->rmt_v_q || !m->rmt_zero) l1d_comb_rmt(m);
  m->i_tags_rmt.re_i = 0; /* (the ports as comb_body leaves them without a lookup, then the lookup's) */
  m->dk_rmt.rd = 0;
  rmt_lookup(m);
}

/* D's probe and verdict: the tags read at the last edge merged with that
 * edge's write, the line state, the MSHR, the queues (fill_line_go: a line
 * fill takes the arrays this cycle; rsp_busy: a bypassed fill or a release
 * takes the response port).  The RTL computes it
 * whether or not D holds a request (req_outcome_o, req_fail_o).  ev: the
 * MSHR's valid flags as an Entries-bit vector. */
typedef struct {
  uint32_t d_line, d_atom, d_sect, d_set, mw, p_e, free_e, out, fail, act;
  size_t rs;
  l1d_vict_t rv;
} l1d_verd_t;
/* l1d_index of an address, remembered as D's (l1d.h, dsm_*) */
static inline uint32_t set_memo(l1d_t *m, uint32_t addr) {
  m->dsm_hash = m->in.mode_hash_i;
  m->dsm_set = l1d_index(addr, m->offw, m->g.sets, m->in.mode_hash_i);
  m->dsm_ok = 1;
  return m->dsm_set;
}
/* D's set index: remembered when the cycle that read its set computed it */
static inline uint32_t d_set_of(l1d_t *m) {
  if (m->dsm_ok && m->dsm_hash == m->in.mode_hash_i) return m->dsm_set;
  return set_memo(m, m->d_addr_q);
}
/* Some way of the set not reserved (flags rf of W ways) */
__attribute__((always_inline)) static inline int cand_any_of(const l1d_setv_t *rf, unsigned W, const int small) {
  const unsigned nww = small ? 1u : nwords(W);
  uint64_t c = 0;
  for (unsigned k = 0; k < nww; k++) {
    const uint64_t all = (k + 1 < nww || !(W & 63u)) ? ~0ull : (1ull << (W & 63u)) - 1ull;
    c |= ~rf->r[k] & all;
  }
  return c != 0;
}
/* The lowest entry of the MSHR's flags mk (valid, or pending) whose address
 * is x (a CAM compare), its index in *pe.  The small form compares all its
 * (at most 64) entries at once; the general one (up to 1024 entries) only
 * the 64-entry words of mk that hold a flag, the lowest first, and stops
 * at the first match: the same entry as a compare of all entries masked
 * with mk, for the cost of the entries in use (allocation takes the lowest
 * free entry, so they gather in the low words). */
__attribute__((always_inline)) static inline uint32_t mshr_cam(const l1d_t *m, const int small, uint32_t x, const uint64_t *mk,
                                                              uint32_t *pe) {
  const unsigned E = m->g.entries;
  if (small) {
    uint64_t pm[VW];
    pm[0] = 0; /* (cam_eq writes it: Entries >= 1) */
    cam_eq(pm, m->mshr_addr_q, E, x, 1);
    if (pm[0] & mk[0]) return *pe = (uint32_t)__builtin_ctzll(pm[0] & mk[0]), 1;
    return 0;
  }
  for (unsigned k = 0, b = 0; b < E; k++, b += 64) {
    if (!mk[k]) continue;
    uint64_t pm;
    cam_eq(&pm, m->mshr_addr_q + b, E - b < 64 ? E - b : 64, x, 0);
    if (pm & mk[k]) return *pe = b + (uint32_t)__builtin_ctzll(pm & mk[k]), 1;
  }
  return 0;
}
/* The lowest valid MSHR entry of the atom, its index in *pe */
__attribute__((always_inline)) static inline uint32_t mshr_match(const l1d_t *m, const int small, uint32_t atom,
                                                                const uint64_t *ev, uint32_t *pe) {
  return mshr_cam(m, small, atom, ev, pe);
}
/* The lowest free MSHR entry (ev: the valid flags), its index in *fe */
__attribute__((always_inline)) static inline uint32_t mshr_free(const l1d_t *m, const int small, const uint64_t *ev,
                                                               uint32_t *fe) {
  const unsigned E = m->g.entries, nwe = small ? 1u : nwords(E);
  for (unsigned k = 0; k < nwe; k++) {
    const uint64_t all = (k + 1 < nwe || !(E & 63u)) ? ~0ull : (1ull << (E & 63u)) - 1ull, efree = ~ev[k] & all;
    if (efree) return *fe = k * 64u + (uint32_t)__builtin_ctzll(efree), 1;
  }
  return 0;
}
__attribute__((always_inline)) static inline void decide(const l1d_t *m, const int small, uint32_t d_set, const uint64_t *ev, uint32_t fill_line_go, uint32_t rsp_busy,
                          l1d_verd_t *vd) {
  const l1d_in_t *in = &m->in;
  const unsigned W = m->g.ways, mg = m->g.merge;
  /* small (Ways and Entries <= 64): every vector one word, the loops over words unrolled away */
  const unsigned nww = small ? 1u : nwords(W);
  const uint32_t lmask = m->lamask;
  const uint32_t on_fill = in->mode_alloc_i == L1D_ALLOC_ON_FILL, ba = in->mode_ba_i;
  /* ---- D's probe: the tags read at the last edge, merged with that edge's write ---- */
  /* (the atom address {line, sector} first, one shift and mask; line and sector from it) */
  uint32_t d_atom = (m->d_addr_q >> m->ash) & m->awmask;
  uint32_t d_line = d_atom >> m->sectw;
  uint32_t d_sect = d_atom & (m->g.sectors - 1u);
  const uint32_t *trow = mem_1r1w_sync_rdata(&m->i_tags);
  size_t rs = (size_t)d_set * W;
  l1d_setv_t rf;
  set_flags(m, d_set, &rf);
  uint32_t mhit = 0, mw = 0;
  { /* the lowest present way whose tag matches: every way's tag compared
     * (law <= 32 bits each, read as one unaligned 64-bit window of the row:
     * rdata_q has padding words after the row), the way written at the
     * last edge forwarded */
#ifndef FAULT_L1D_NOFWD
    const unsigned fws = m->fw_tag_v_q && m->fw_tag_set_q == d_set ? m->fw_tag_way_q : ~0u;
#else
    const unsigned fws = ~0u; /* injected: the tag written at the last edge is not forwarded */
#endif
    const unsigned law = m->law;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const unsigned char *rb = (const unsigned char *)trow;
#endif
#ifndef FAULT_L1D_NOFWD /* (the injected fault takes the row-and-forwarding path below) */
    /* D holds a request: its row was read at the last edge and, merged with
     * that edge's write, is the tag array's row now (tag_sh's, l1d.h; every
     * present way of a set was written since reset: a way becomes present
     * only with a tag write).  D empty: the RTL compares whatever row the
     * SRAM's output register holds (trow_set) -- tag_sh's row while it has
     * not been written since the read (trow_ok), else the copy taken at its
     * first write since (trow_cp) -- for the ways whose tags were written
     * since reset (tag_wr, trow_known: tag_sh knows nothing of a random
     * initial state); a present way outside those takes the row path. */
    const uint32_t *sh = NULL;
    if (m->d_valid_q) {
      sh = m->tag_sh + rs;
    } else if (m->trow_ok || m->trow_cp) {
      const uint64_t *kn = m->trow_ok ? m->tag_wr + (size_t)m->trow_set * nww : m->trow_known;
      uint64_t unk = 0;
      for (unsigned k = 0; k < nww; k++) unk |= rf.occ[k] & ~kn[k];
      if (!unk) sh = m->trow_ok ? m->tag_sh + (size_t)m->trow_set * W : m->trow_sh;
    }
    if (sh) { /* the last edge's write forwarded as above */
      uint64_t tm[VW];
      cam_eq(tm, sh, W, d_line, small);
      if (fws != ~0u)
        tm[fws / 64u] = (tm[fws / 64u] & ~(1ull << (fws % 64u))) | (uint64_t)(m->fw_tag_line_q == d_line) << (fws % 64u);
      for (unsigned k = 0; k < nww && !mhit; k++)
        if (tm[k] & rf.occ[k]) mhit = 1, mw = k * 64u + (uint32_t)__builtin_ctzll(tm[k] & rf.occ[k]);
    } else
#endif
    for (unsigned k = 0; k < nww && !mhit; k++) {
      uint64_t occ = rf.occ[k], match = 0;
      if (!occ) continue;
      const unsigned top = 64u - (unsigned)__builtin_clzll(occ);
      for (unsigned i = 0; i < top; i++) {
        const unsigned w = k * 64u + i;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        const unsigned b = w * law;
        uint64_t win;
        memcpy(&win, rb + (b >> 3), 8);
        match |= (uint64_t)(((uint32_t)(win >> (b & 7u)) & lmask) == d_line) << i;
#else
        match |= (uint64_t)(tag_of(m, trow, w) == d_line) << i;
#endif
      }
      if (fws / 64u == k && fws % 64u < top)
        match = (match & ~(1ull << (fws % 64u))) | (uint64_t)(m->fw_tag_line_q == d_line) << (fws % 64u);
      match &= occ;
      if (match) mhit = 1, mw = k * 64u + (uint32_t)__builtin_ctzll(match);
    }
  }
  const uint32_t sbit = 1u << d_sect;
  uint32_t vm = mhit && (m->valid_q[rs + mw] & sbit), rm = mhit && (m->rsv_q[rs + mw] & sbit),
           bm = mhit && m->byp_q[rs + mw];
  uint32_t sm = mhit && !vm && !rm && !bm; /* line present, its sector neither valid nor reserved */
  /* the MSHR's match (p_hit, p_e: the lowest valid entry of the atom; p_full)
   * and the lowest free entry (free_any, free_e): searched only on the
   * paths whose verdict or update uses them (PM(), FREE()) */
  uint32_t p_hit = 0, p_e = 0, p_full = 0, free_any = 0, free_e = 0;
#define PM() (p_hit = mshr_match(m, small, d_atom, ev, &p_e), p_full = m->mshr_q[p_e].cnt >= mg, p_hit)
#define FREE() (free_any = mshr_free(m, small, ev, &free_e))
  uint32_t mq_cnt = fifo_sync_count(&m->i_missq);
  uint32_t mq_full = mq_cnt >= m->g.missq;
#ifdef FAULT_L1D_MQ_N
  uint32_t mq_ld_full = mq_cnt >= m->g.missq; /* injected: loads refused only at N */
#else
  uint32_t mq_ld_full = mq_cnt + 1 >= m->g.missq; /* GPGPU-Sim miss_queue_full(1) */
#endif
  uint32_t bq_full = fifo_sync_full(&m->i_bypq);
  /* the victim way: computed only where an update uses it; whether one is
   * found needs no search -- l1d_victim finds a way exactly when some way
   * is not reserved (a free way is one; else the chosen group, or the
   * other, holds a candidate: l1d_victim.h) */
#define cand_any cand_any_of(&rf, W, small)
  l1d_vict_t rv = {0, 0, 0};
#define RV() (rv = victim(m, d_set, &rf, ba, in->mode_ba_thr_i))

  uint32_t out = L1D_OUT_MISS, fail = L1D_FAIL_NONE, act = ACT_NONE;
  if (fill_line_go) { /* the fill writes the arrays: D's writes wait */
    fail = L1D_FAIL_PORT_BUSY;
  } else if (m->d_store_q) {
    out = vm ? L1D_OUT_HIT : rm ? L1D_OUT_HIT_RESERVED : sm ? L1D_OUT_SECTOR_MISS : L1D_OUT_MISS;
    act = vm ? ACT_ST_HIT : ACT_ST_FWD;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
  } else if (m->d_byp_q) {
    act = ACT_BYP_LD;
    if (bq_full) fail = L1D_FAIL_BYP_QUEUE;
  } else if (vm) {
    out = L1D_OUT_HIT;
    act = ACT_LD_HIT;
    if (rsp_busy) fail = L1D_FAIL_PORT_BUSY; /* one response port */
  } else if (rm) {
    out = L1D_OUT_HIT_RESERVED;
    act = ACT_MERGE_T;
    (void)PM();
    if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!p_hit || p_full) fail = L1D_FAIL_MSHR_MERGE;
  } else if (bm) {
    act = ACT_PSEUDO;
    FREE();
    if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
  } else if (sm) { /* sectored: the line is present, the sector is not */
    out = L1D_OUT_SECTOR_MISS;
    act = PM() ? ACT_MERGE : ACT_SMISS;
    if (!p_hit) FREE();
    if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (p_hit && p_full) fail = L1D_FAIL_MSHR_MERGE;
    else if (!p_hit && !free_any) fail = L1D_FAIL_MSHR_ENTRY;
  } else if (PM()) {
    act = ACT_MERGE;
    if (!on_fill && !ba && !cand_any) fail = L1D_FAIL_LINE_ALLOC;
    else if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (p_full) fail = L1D_FAIL_MSHR_MERGE;
  } else if (on_fill) {
    act = ACT_NEWENT;
    FREE();
    if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
  } else if (ba && !RV().free_any) {
    act = ACT_BA_BYP;
    if (bq_full) fail = L1D_FAIL_BYP_QUEUE;
  } else {
    act = ACT_ALLOC;
    FREE();
    if (!cand_any) fail = L1D_FAIL_LINE_ALLOC;
    else if (mq_ld_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
    else if (!ba) RV(); /* the way it takes (BA: found above) */
  }
#undef RV
#undef cand_any
#undef PM
#undef FREE
  if (fail != L1D_FAIL_NONE) out = L1D_OUT_RES_FAIL;
  vd->d_line = d_line; vd->d_atom = d_atom; vd->d_sect = d_sect; vd->d_set = d_set; vd->rs = rs; vd->mw = mw;
  vd->p_e = p_e; vd->free_e = free_e; vd->rv = rv; vd->out = out; vd->fail = fail; vd->act = act;
}

/* The memory port's fields from the miss queue's head {store, id, atom,
 * mask, data} (the port shows them whenever the bypass queue is not
 * selected, valid or not). */
/* bits_get for a field of 1..32 bits: one or two words, no loop */
static inline uint32_t fld32(const uint32_t *v, unsigned lsb, unsigned w) {
  const unsigned k = lsb >> 5, o = lsb & 31u;
  uint64_t x = v[k];
  if (o + w > 32) x |= (uint64_t)v[k + 1] << 32;
  return (uint32_t)(x >> o) & (uint32_t)bits_mask64(w);
}
__attribute__((always_inline)) static inline void mreq_from_missq(l1d_t *m) {
  l1d_out_t *o = &m->out;
  const unsigned aw = m->aw, idw = m->g.id_w;
  const unsigned mlsb = m->lbits, llsb = mlsb + m->g.line, ilsb = llsb + aw, slsb = ilsb + idw;
  const uint32_t *mh = fifo_sync_rdata(&m->i_missq);
  if (m->mq_hdr_ok) { /* the header as one value (l1d.h) */
    const uint64_t h = mh[m->mq_hw] | (m->mq_hw2 ? (uint64_t)mh[m->mq_hw + 1] << 32 : 0);
    o->mem_req_store_o = (uint32_t)(h >> (aw + idw)) & 1u;
    o->mem_req_id_o = (uint32_t)(h >> aw) & m->idmask;
    o->mem_req_addr_o = (uint32_t)h & m->awmask;
  } else {
    o->mem_req_store_o = fld32(mh, slsb, 1);
    o->mem_req_id_o = fld32(mh, ilsb, idw); /* (id and atom widths: 1..32) */
    o->mem_req_addr_o = fld32(mh, llsb, aw);
  }
  if (!m->observed && m->mq_ref) { /* the row's data and mask by reference (l1d.h, mreq_dbuf) */
    o->mem_req_data_o = (uint32_t *)(uintptr_t)mh;
    o->mem_req_mask_o = (uint32_t *)(uintptr_t)(mh + mlsb / 32);
    m->mreq_zero = 0;
    return;
  }
  const uint8_t ld = m->mq_ld[m->i_missq.rptr_q]; /* a load's row: its mask and data are zero (l1d.h) */
  if (ld && m->mreq_zero) return; /* (the port's mask and data are zero already) */
  if (!(mlsb & 31)) { /* the mask starts on a word (lines of >= 4 bytes: always) */
    cpy_words(o->mem_req_mask_o, mh + mlsb / 32, bits_words(m->g.line));
    bits_trim(o->mem_req_mask_o, m->g.line);
  } else {
    for (unsigned b = 0; b < m->g.line; b += 32)
      o->mem_req_mask_o[b / 32] = (uint32_t)bits_get(mh, mlsb + b, m->g.line - b < 32 ? m->g.line - b : 32);
  }
  cpy_words(o->mem_req_data_o, mh, m->lwords);
  m->mreq_zero = ld;
}

/* A quiescent cycle: nothing at the ports (no request offered or held in D,
 * no fill, no remote lookup asked now or last cycle -- unobserved, the
 * remote port may have work: rmt_side), no queue holding
 * anything, no forwarding register set.  Then nothing is written: no array,
 * no line flag, no MSHR entry, no queue, no counter, no read port; D takes
 * the port's (invalid) payload, and the outputs are constants, the fill
 * port's ready, the memory port's view of the miss queue's head (held from
 * the last cycle that set it) and D's verdict on its stale address, which
 * depends only on state an idle cycle does not change (remembered while
 * D's address and kind stay the same).  comb_idle() produces exactly what
 * l1d_comb's full evaluation would -- the lockstep engine compares every
 * register, port and output every cycle -- at a fraction of the cost. */
static inline int l1d_quiet(const l1d_t *m) {
  const l1d_in_t *in = &m->in;
  if (m->d_valid_q) return 0; /* (D holding a request: the usual busy cycle, one test) */
  return !(m->d_valid_q | in->req_valid_i | in->fill_valid_i | ((in->rmt_valid_i | m->rmt_v_q) & m->observed) |
           m->fw_tag_v_q | m->fw_data_v_q) &&
         !(m->i_missq.count_q | m->i_bypq.count_q | m->i_relq.count_q);
}
/* The remote port has work this cycle: a lookup offered, one to answer,
 * or last cycle's hit to clear from rmt_data_o (rmt_side). */
static inline uint32_t rmt_live(const l1d_t *m) { return m->in.rmt_valid_i | l1d_rmt_moves(m); }

static void fifo_idle(fifo_sync_t *f) { /* fifo_sync_comb(f, 0, NULL, 0) */
  f->wptr_d = f->wptr_q;
  f->rptr_d = f->rptr_q;
  f->count_d = f->count_q;
  f->i_mem.we_i = 0;
  f->i_mem.waddr_i = f->wptr_q;
  f->i_mem.wmask_i[0] = 1;
}
/* A queue's cycle: fifo_sync_comb (which takes its idle form, once per run
 * of idle cycles, when nothing moves), with fifo_sync_comb_full inline --
 * the same next state and write port, without a call for about one queue
 * move a cycle.  push and pop are 0/1; wdata is NULL, the body's own write
 * port or a row of the body's width.  (Injected, FAULT_FIFO_SYNC_COUNT acts
 * in the primitive's own comb: it runs it.) */
__attribute__((always_inline)) static inline void fq_comb(fifo_sync_t *f, uint32_t push, const uint32_t *wdata, uint32_t pop) {
#ifndef FAULT_FIFO_SYNC_COUNT
  if (push | pop) {
    mem_1r1w_t *mm = &f->i_mem;
    const uint32_t c = f->count_q, wq = f->wptr_q, rq = f->rptr_q, last = f->depth - 1u;
    const uint32_t dpush = push & (c != f->depth), dpop = pop & (c != 0);
    f->pidle = 0;
    f->wptr_d = dpush ? (wq == last ? 0 : wq + 1u) : wq;
    f->rptr_d = dpop ? (rq == last ? 0 : rq + 1u) : rq;
    f->count_d = c + dpush - dpop;
    mem_1r1w_idle(mm);
    mm->waddr_i = wq;
    if (wdata && wdata != mm->wdata_i) { /* (a row built in the port itself has no bits above the width: the
                                          * miss queue's header and the release queue's entry index are
                                          * masked fields, so the trim is left to rows copied in) */
      mem_row_cpy(mm->wdata_i, wdata, mm->words);
      bits_trim(mm->wdata_i, f->width);
    }
    mm->wmask_i[0] = 1;
    mm->we_i = dpush;
    return;
  }
#endif
  fifo_sync_comb(f, push, wdata, pop);
}
/* A queue's edge: fifo_sync_commit with fifo_sync_commit_full inline (the
 * port as fq_comb sets it: one slice, the whole row, its mask bit set).
 * (Injected, FAULT_MEM_1R1W_MASK acts in mem_1r1w_commit: the primitive's
 * commit runs.) */
static inline void fq_commit(fifo_sync_t *f) {
#ifndef FAULT_MEM_1R1W_MASK
  if (f->pidle) return; /* (idle: next state = state, no write) */
  f->wptr_q = f->wptr_d;
  f->rptr_q = f->rptr_d;
  f->count_q = f->count_d;
  const mem_1r1w_t *mm = &f->i_mem;
  if (mm->we_i && mm->nslice == 1 && mm->waddr_i < mm->depth) {
    uint32_t *row = mm->mem_q + (size_t)mm->waddr_i * mm->words;
    const unsigned n = mm->words;
    if (n >= 32 && n <= 40) { /* a 128-byte line and a few words (the release and miss queues' rows): two
                               * overlapping moves of constant size, not a library call */
      memcpy(row, mm->wdata_i, 128);
      memcpy(row + n - 8, mm->wdata_i + n - 8, 32);
    } else {
      mem_row_cpy(row, mm->wdata_i, n);
    }
    return;
  }
  if (!mm->we_i) return;
#endif
  fifo_sync_commit(f);
}

/* The fill port's ready with an empty release queue and no fill offered
 * (an output all the same): ready unless ON_FILL finds every way of the
 * fill's set reserved (the full evaluation's victim search, found = some
 * way not reserved). */
/* (ON_FILL's search out of line: the dispatcher that inlines the test keeps
 * no frame) */
__attribute__((noinline)) static void fill_ready_onfill(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  const unsigned W = m->g.ways;
  {
    uint32_t fill_set = l1d_index(in->fill_addr_i << m->ash, m->offw, m->g.sets, in->mode_hash_i);
    const uint8_t *r = m->rsv_q + (size_t)fill_set * W;
    uint32_t any = 0; /* some way of the set not reserved */
    for (unsigned b = 0; b < W && !any; b += 64) {
      unsigned n = W - b < 64 ? W - b : 64;
      any = (~pk_nz(r + b, n) & bits_mask64(n)) != 0;
    }
    m->out.fill_ready_o = any;
  }
}
static inline void fill_ready_empty_relq(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  if (in->fill_byp_i || in->mode_alloc_i != L1D_ALLOC_ON_FILL) m->out.fill_ready_o = 1;
  else fill_ready_onfill(m);
}

/* The memory port: the two queues alternate when both wait (mem_rr_q);
 * the queues' cycles (a push built in mq_wdata / bq_wdata, a pop when the
 * port's request goes). */
__attribute__((always_inline)) static inline void mem_port(l1d_t *m, uint32_t mq_push, const uint32_t *mq_wdata,
                                                           uint32_t bq_push) {
  const l1d_in_t *in = &m->in;
  l1d_out_t *o = &m->out;
  const unsigned aw = m->aw, idw = m->g.id_w;
  uint32_t mq_any = !fifo_sync_empty(&m->i_missq), bq_any = !fifo_sync_empty(&m->i_bypq);
  uint32_t sel_byp = bq_any && (!mq_any || m->mem_rr_q);
  o->mem_req_valid_o = mq_any || bq_any;
  o->mem_req_byp_o = sel_byp;
  if (sel_byp) {
    const uint32_t *bh = fifo_sync_rdata(&m->i_bypq);
    o->mem_req_store_o = 0;
    o->mem_req_id_o = (uint32_t)bits_get(bh, 0, idw);
    o->mem_req_addr_o = (uint32_t)bits_get(bh, idw, aw);
    if (m->mreq_zero) {
    } else if (m->observed) {
      memset(o->mem_req_mask_o, 0, bits_words(m->g.line) * 4);
      memset(o->mem_req_data_o, 0, m->lwords * 4);
    } else { /* (by reference: l1d.h, mreq_dbuf) */
      o->mem_req_mask_o = o->mem_req_data_o = m->zbuf;
    }
    m->mreq_zero = 1;
  } else if (!m->mreq_held) {
    mreq_from_missq(m);
  }
  /* the missq head's fields stay on the port as long as its head row is
   * neither popped nor written (an idle cycle then leaves them as they are) */
  m->mreq_held = !sel_byp && !mq_push && !(o->mem_req_valid_o && in->mem_req_ready_i);
  uint32_t mem_go = o->mem_req_valid_o && in->mem_req_ready_i;
  if (mem_go) m->mem_rr_d = !sel_byp;
  fq_comb(&m->i_missq, mq_push, mq_push ? mq_wdata : NULL, mem_go && !sel_byp);
  fq_comb(&m->i_bypq, bq_push, bq_push ? m->bq_wdata : NULL, mem_go && sel_byp);
}

/* The response's line: copied into the output buffer when observed, else
 * given by reference (l1d.h, rsp_buf: src is not written before the next
 * comb, and nobody writes through rsp_data_o); rsp_clear: the idle zeros.
 * (The _o forms take the observed flag: a constant 0 in a step copy.) */
static inline void rsp_set_o(l1d_t *m, int obs, const uint32_t *src) {
  if (obs) cpy_words(m->out.rsp_data_o, src, m->lwords);
  else m->out.rsp_data_o = (uint32_t *)(uintptr_t)src; /* (read only: the port's type is the buffer's) */
}
static inline void rsp_clear_o(l1d_t *m, int obs) {
  if (obs) memset(m->out.rsp_data_o, 0, m->lwords * 4);
  else m->out.rsp_data_o = m->zbuf;
}
static inline void rsp_clear(l1d_t *m) { rsp_clear_o(m, m->observed); }
/* The first quiet cycle after others: the parts that stay constant while
 * quiet cycles follow one another (out of line: the steady path stays short). */
static void idle_common(l1d_t *m);
__attribute__((noinline)) static void idle_enter(l1d_t *m) {
  idle_common(m);
  fifo_idle(&m->i_missq);
  fifo_idle(&m->i_bypq);
  if (!m->mreq_held) {
    mreq_from_missq(m);
    m->mreq_held = 1;
  }
}
/* idle_enter's parts but the memory port and its queues (comb_stall's too) */
__attribute__((noinline)) static void idle_common(l1d_t *m) {
  l1d_out_t *o = &m->out;
  { /* (the outputs and next-state values a full evaluation would give) */
    /* (nds, nde 0 and cnt_d, mem_rr_d equal to their _q between cycles: comb_body) */
    mem_1r1w_sync_idle(&m->i_tags);
    mem_1r1w_sync_idle(&m->i_tags_rmt);
    dk_idle(m);
    m->fw_tag_v_d = 0; /* (their fields: _d equals _q outside a cycle, l1d_reset) */
    m->fw_data_v_d = 0;
    fifo_idle(&m->i_relq);
    o->dec_valid_o = 0;
    o->rsp_valid_o = 0;
    o->rsp_id_o = 0;
    o->mem_req_valid_o = 0;
    o->mem_req_byp_o = 0;
    o->rmt_hit_o = 0;
    o->ev_access_o = o->ev_hit_o = o->ev_hitres_o = o->ev_miss_o = o->ev_stall_o = o->ev_byp_o = o->ev_pseudo_o =
        o->ev_fill_o = 0;
    o->req_ready_o = 1;
    m->d_load = 1;
    m->d_valid_d = 0;
    m->rmt_v_d = 0;
    if (!m->rsp_zero) rsp_clear(m);
    m->rsp_zero = 1;
    if (!m->rmt_zero) memset(o->rmt_data_o, 0, m->lwords * 4);
    m->rmt_zero = 1;
  }
}

/* D's verdict on its (invalid) request, remembered (out of line: rare). */
__attribute__((noinline)) static void idle_verdict(l1d_t *m, uint32_t sb) {
  l1d_verd_t vd;
  if (m->small) decide(m, 1, d_set_of(m), m->mshr_vbits, 0, 0, &vd); /* (one word per vector) */
  else decide(m, 0, d_set_of(m), m->mshr_vbits, 0, 0, &vd);
  m->memo_out = vd.out;
  m->memo_fail = vd.fail;
  m->memo_addr = m->d_addr_q;
  m->memo_sb = sb;
  m->memo_ok = 1;
}

/* D's remembered verdict on a quiet cycle after a quiet one, observed (out
 * of line: l1d_comb_any keeps no frame) */
__attribute__((noinline)) static void idle_again_obs(l1d_t *m) {
  l1d_out_t *o = &m->out;
  const uint32_t sb = m->d_store_q | (uint32_t)m->d_byp_q << 1;
  if (!(m->memo_ok && m->memo_addr == m->d_addr_q && m->memo_sb == sb)) idle_verdict(m, sb);
  o->req_outcome_o = m->memo_out;
  o->req_fail_o = m->memo_fail;
}
__attribute__((noinline)) static void comb_idle(l1d_t *m) { /* (out of line: l1d_comb_any keeps no frame) */
  l1d_out_t *o = &m->out;
  if (m->idle != 1) idle_enter(m); /* (else the last cycle was quiet too: the constant parts are in place) */
  m->idle = 1;
  m->rep_ok = 0;
  fill_ready_empty_relq(m);
  /* D's verdict on its (invalid) request */
  if (m->observed) { /* (unobserved, a don't-care: comb_body's rule for an empty D) */
    const uint32_t sb = m->d_store_q | (uint32_t)m->d_byp_q << 1;
    if (!(m->memo_ok && m->memo_addr == m->d_addr_q && m->memo_sb == sb)) idle_verdict(m, sb);
    o->req_outcome_o = m->memo_out;
    o->req_fail_o = m->memo_fail;
  } else if (rmt_live(m)) {
    rmt_side(m); /* (unobserved: a lookup pending or offered, after the constant outputs above) */
  }
  /* D takes the port's payload (not valid): l1d_commit copies it */
}

__attribute__((always_inline)) static inline void comb_full(l1d_t *m, const l1d_verd_t *pre);
__attribute__((always_inline)) static inline void comb_go(l1d_t *m, const l1d_verd_t *vd);
__attribute__((noinline)) L1D_NO_SLP static void comb_full_gen(l1d_t *m, const l1d_verd_t *pre);
/* A refused cycle that moved nothing else repeats (rep_ok, l1d.h) with
 * its memory queues empty (1), or holding rows while the memory port is
 * not ready (2: none was taken this cycle, none is pushed in a repeat, so
 * the port's request and the queues stand -- for as long as the port stays
 * not ready, which l1d_rep_now tests). */
static inline uint8_t rep_of_queues(const l1d_t *m) {
  if (!(m->i_missq.count_q | m->i_bypq.count_q)) return 1;
  return m->in.mem_req_ready_i & 1u ? 0 : 2;
}
/* D holds a request and nothing but the memory port can move: no fill, no
 * remote lookup asked now or last cycle, the release queue empty (the
 * forwarding registers only feed D's probe).  Then a refused request is
 * the whole cycle but for the memory port (the first cycle of a stall;
 * with the queues empty and nothing forwarded comb_rep repeats it): no
 * array, flag or entry is written, nothing pushed; the outputs are the
 * quiet cycle's but D's (valid, refused, its verdict, the stall event) and
 * the memory port's; D holds and re-reads its set; the stall counter (and
 * stall-to-bypass) move.  Returns 0 with the verdict in *vd when the
 * request leaves (comb_full takes it from there). */
static inline int stall_cand(const l1d_t *m) {
  const l1d_in_t *in = &m->in;
  return m->d_valid_q && !(in->fill_valid_i | in->rmt_valid_i | m->rmt_v_q | m->i_relq.count_q);
}
/* The refused cycle's outputs and next state, D's verdict in *vd (also
 * comb_body's exit when it finds such a cycle). */
__attribute__((noinline)) static void stall_tail(l1d_t *m, const l1d_verd_t *vd) {
  const l1d_in_t *in = &m->in;
  l1d_out_t *o = &m->out;
  const uint32_t d_set = vd->d_set;
  idle_common(m); /* the quiet cycle's outputs and next state (no array, flag or entry moves) */
  mem_port(m, 0, NULL, 0);
  fill_ready_empty_relq(m);
  m->idle = 0; /* (commit_full: D and the counters move) */
  m->memo_ok = 0;
  o->dec_valid_o = 1;
  o->req_outcome_o = vd->out;
  o->req_fail_o = vd->fail;
  o->ev_stall_o = 1;
  o->req_ready_o = 0;
  /* stall to bypass (comb_body's rule) */
  const uint32_t fail = vd->fail;
  const uint32_t sbyp_res = fail == L1D_FAIL_LINE_ALLOC || fail == L1D_FAIL_MSHR_ENTRY ||
                            fail == L1D_FAIL_MSHR_MERGE || fail == L1D_FAIL_MISS_QUEUE;
  const uint32_t sbyp_hit = in->mode_sbyp_i == L1D_SBYP_ALL     ? sbyp_res
                            : in->mode_sbyp_i == L1D_SBYP_ASSOC ? fail == L1D_FAIL_LINE_ALLOC
                                                                : 0;
  const uint32_t sbyp_set = !m->d_store_q && !m->d_byp_q && sbyp_hit;
  const unsigned fail_cnt = L1D_CNT_FAIL_LINE + fail - 1u;
  m->cnt_d[fail_cnt]++;
  m->cnt_d[L1D_CNT_SBYP] += sbyp_set;
  /* D holds its request and re-reads its set */
  m->d_load = 0;
  m->d_valid_d = 1;
  m->d_addr_d = m->d_addr_q;
  m->d_store_d = m->d_store_q;
  m->d_byp_d = (uint8_t)(m->d_byp_q || sbyp_set);
  m->d_id_d = m->d_id_q;
  mem_1r1w_sync_read(&m->i_tags, d_set);
  m->dk.rd = d_set + 1;
  /* (comb_body's rule: nothing forwarded, nothing moved; the queues empty,
   * 1, or holding rows the memory port did not take, 2) */
  m->rep_ok = !sbyp_set && !(m->fw_tag_v_q | m->fw_data_v_q) ? rep_of_queues(m) : 0;
  m->rep_cnt = (uint8_t)fail_cnt;
}
__attribute__((always_inline)) static inline void comb_go(l1d_t *m, const l1d_verd_t *vd);
/* D's request decided first: refused, the cycle is stall_tail's; going,
 * the copy of comb_body for its action (comb_go).  (Out of line with its
 * verdict: l1d_comb_any keeps no stack frame and jumps to its paths.) */
__attribute__((noinline)) static void comb_stall(l1d_t *m) { /* (the small form: l1d_comb_any) */
  l1d_verd_t vd;
  decide(m, 1, d_set_of(m), m->mshr_vbits, 0, 0, &vd);
  if (vd.fail == L1D_FAIL_NONE) comb_go(m, &vd);
  else stall_tail(m, &vd);
}
void l1d_comb_any(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  if (m->idle == 1 && !(in->req_valid_i | in->fill_valid_i | (in->rmt_valid_i & m->observed))) {
    /* quiet again: the last cycle was quiet, so D, the forwarding
     * registers and the queues were empty, and a quiet cycle's commit
     * left them so (it loads only D's payload, not valid), the remote
     * register too (a quiet cycle that leaves the remote port work is
     * not idle 1: l1d_rmt_commit); with nothing at the ports this cycle is
     * quiet too, and comb_idle's constant parts are in place (rep_ok is
     * clear since the last one) */
    l1d_out_t *o = &m->out;
    if (in->fill_byp_i || in->mode_alloc_i != L1D_ALLOC_ON_FILL) o->fill_ready_o = 1;
    else fill_ready_empty_relq(m);
    if (m->observed) idle_again_obs(m); /* (unobserved, a don't-care: comb_body's rule for an empty D) */
    else if (in->rmt_valid_i) rmt_side(m); /* (a lookup beside a quiet cycle; none pending, the last answer a miss:
                                            * l1d_rmt_commit leaves idle 0 otherwise) */
    return;
  }
  if (l1d_rep_now(m) && !in->fill_valid_i && !(in->rmt_valid_i & m->observed)) {
    /* comb_rep: the last cycle again -- every next-state value, port and
     * output as it left them, but the fill port's ready (its don't-care
     * address may differ), the stall counter, which commit advances, and
     * (unobserved) the remote port (rmt_side) */
    m->idle = 2;
    fill_ready_empty_relq(m);
    if (!m->observed && rmt_live(m)) rmt_side(m);
  } else if (l1d_quiet(m)) {
    comb_idle(m); /* (and the remote port's work: rmt_side) */
  } else if (stall_cand(m)) {
    /* D's request decided first (the general form has no copies per action:
     * it decides in comb_full_gen, reached from here without comb_stall's
     * frame) */
    if (m->small) comb_stall(m);
    else comb_full_gen(m, NULL);
  } else {
    comb_full(m, NULL);
  }
}

/* The full evaluation, in two forms: small (Ways and Entries <= 64, one
 * word per vector: the compiler drops the loops over words) and general. */
__attribute__((always_inline)) static inline void comb_body(l1d_t *m, const int small, const l1d_verd_t *pre, const int dempty,
                                                            const int nofill, const int busy, const int cact,
                                                            const int step, uint64_t *pk);
/* (small, a fill offered: comb_full's dispatch, nofill = 3) */
__attribute__((noinline)) L1D_NO_SLP static void comb_full_small(l1d_t *m, const l1d_verd_t *pre) { comb_body(m, 1, pre, 0, 3, 0, -1, 0, NULL); }
__attribute__((noinline)) L1D_NO_SLP static void comb_full_gen(l1d_t *m, const l1d_verd_t *pre) { comb_body(m, 0, pre, 0, 0, 0, -1, 0, NULL); }
/* D holding a request and a line fill that goes (small): D's verdict is
 * PORT_BUSY (the fill owns the arrays), so no request update, push or
 * response of D's is left in this copy (busy = 1) */
__attribute__((noinline)) L1D_NO_SLP static void comb_busy_small(l1d_t *m) { comb_body(m, 1, NULL, 0, 0, 1, -1, 0, NULL); }
/* D's request decided first and going (comb_stall's verdict), no fill, the
 * release queue empty (small): a copy per common action (cact), in which
 * the action, the verdict's outcome and the events are constants */
__attribute__((noinline)) L1D_NO_SLP static void comb_go_hit_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, ACT_LD_HIT, 0, NULL);
}
__attribute__((noinline)) L1D_NO_SLP static void comb_go_mergt_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, ACT_MERGE_T, 0, NULL);
}
__attribute__((noinline)) L1D_NO_SLP static void comb_go_alloc_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, ACT_ALLOC, 0, NULL);
}
__attribute__((noinline)) L1D_NO_SLP static void comb_go_stfwd_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, ACT_ST_FWD, 0, NULL);
}
__attribute__((noinline)) L1D_NO_SLP static void comb_go_sthit_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, ACT_ST_HIT, 0, NULL);
}
/* D empty, unobserved (small): no verdict, no action, no stall -- the
 * compiler drops the request's updates from this copy */
__attribute__((noinline)) L1D_NO_SLP static void comb_empty_small(l1d_t *m) { comb_body(m, 1, NULL, 1, 3, 0, -1, 0, NULL); }
__attribute__((noinline)) L1D_NO_SLP static void comb_empty_nofill_small(l1d_t *m) { comb_body(m, 1, NULL, 1, 1, 0, -1, 0, NULL); }
__attribute__((noinline)) L1D_NO_SLP static void comb_empty_norel_small(l1d_t *m) { comb_body(m, 1, NULL, 1, 2, 0, -1, 0, NULL); }
/* D holding a request, no fill offered (small): the fill's probe, updates
 * and release-queue push drop from this copy */
__attribute__((noinline)) L1D_NO_SLP static void comb_nofill_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 1, 0, -1, 0, NULL);
}
/* and the release queue empty (nofill = 2): no release, no response */
__attribute__((noinline)) L1D_NO_SLP static void comb_norel_small(l1d_t *m, const l1d_verd_t *pre) {
  comb_body(m, 1, pre, 0, 2, 0, -1, 0, NULL);
}
/* D's request decided (by comb_stall) and going, no fill, the release queue
 * empty: the copy of its action where there is one */
__attribute__((always_inline)) static inline void comb_go(l1d_t *m, const l1d_verd_t *vd) {
  if (m->small && !m->i_relq.count_q) { /* (no fill: stall_cand) */
    if (vd->act == ACT_LD_HIT) { comb_go_hit_small(m, vd); return; }
    if (vd->act == ACT_MERGE_T) { comb_go_mergt_small(m, vd); return; }
    if (vd->act == ACT_ALLOC) { comb_go_alloc_small(m, vd); return; }
    if (vd->act == ACT_ST_FWD) { comb_go_stfwd_small(m, vd); return; }
    if (vd->act == ACT_ST_HIT) { comb_go_sthit_small(m, vd); return; }
  }
  comb_full(m, vd);
}
__attribute__((always_inline)) static inline void comb_full(l1d_t *m, const l1d_verd_t *pre) {
  if (m->small && !m->d_valid_q && !m->observed) {
    if (m->in.fill_valid_i) comb_empty_small(m);
    else if (m->i_relq.count_q) comb_empty_nofill_small(m);
    else comb_empty_norel_small(m);
  }
  else if (m->small && !m->in.fill_valid_i) {
    if (m->i_relq.count_q) comb_nofill_small(m, pre);
    else comb_norel_small(m, pre);
  }
  /* a line fill that goes with D holding a request (the fill's ready:
   * not a bypass, not ON_FILL, the release queue not full) */
  else if (m->small && m->d_valid_q && !m->in.fill_byp_i && m->in.mode_alloc_i != L1D_ALLOC_ON_FILL &&
           !fifo_sync_full(&m->i_relq)) comb_busy_small(m);
  else if (m->small) comb_full_small(m, pre);
  else comb_full_gen(m, pre);
}
__attribute__((always_inline)) static inline void comb_body(l1d_t *m, const int small, const l1d_verd_t *pre, const int dempty,
                                                            const int nofill, const int busy, const int cact,
                                                            const int step, uint64_t *pk) {
  const l1d_in_t *in = &m->in;
  /* (constants of the copies: nofill 1 or 2, no fill offered; nofill 3, a
   * fill offered; nofill 4, a fill offered and the release queue empty (no
   * release); nofill 2 also the release queue empty, 1 not empty; busy, a
   * line fill offered that goes) */
  const uint32_t fill_v = busy || nofill >= 3 ? 1 : nofill ? 0 : in->fill_valid_i, fill_byp = busy ? 0 : in->fill_byp_i;
  l1d_out_t *o = &m->out;
  const unsigned W = m->g.ways, E = m->g.entries;
  /* (widths and the merge count read where used) */
#define AW_ m->aw
#define IDW_ m->g.id_w
#define MG_ m->g.merge
  const unsigned nwe = small ? 1u : nwords(E);
#define SECTW_ m->sectw
#define OBS_ (!step && m->observed) /* (a step copy runs unobserved: l1d_step_any) */
  /* the staged rows' lists (stage_set, stage_ent) counted in locals, stored
   * for the edge at the end: both counts are 0 at the start of a cycle, so
   * the first staging of a cycle searches nothing (the small form: the
   * general one, with its loops over words, kept them in m -- measured) */
  unsigned nds_ = 0, nde_ = 0;
  uint64_t dids_ = 0;
/* (the age update: a 4-way set's inline in a step copy) */
#define TOUCH_(s_, w_)                                                                                                \
  (L1D_TOUCH4 && step && W == 4 ? touch4(m, (s_), (w_)) : L1D_TOUCH4 && step && W == 48 ? touch48(m, (s_), (w_)) \
                                                                                         : touch(m, (s_), (w_)))
#define STAGE_SET_(s_) stage_set(m, small ? &nds_ : &m->nds, (s_))
#define STAGE_ENT_(e_) stage_ent(m, small ? &nde_ : &m->nde, (e_))
#define STAGE_IDS_(e_) (*(small ? &dids_ : &m->dids) |= 1ull << stage_ent(m, small ? &nde_ : &m->nde, (e_)))
  /* the commit this cycle takes (l1d.h, idle): what the copy's constants
   * rule out, its edge skips */
  m->idle = dempty && nofill == 2 ? L1D_C_EMPTY : 0;
  m->memo_ok = 0;
  /* (nds, nde: 0 between cycles -- commit_full and reset clear them, and
   * the other commits follow cycles that staged nothing; cnt_d and mem_rr_d
   * equal their _q outside a cycle, as the staged rows) */
  if (step && !L1D_TAG_SHARE) { /* (injected, FAULT_MEM_1R1W_SYNC_HOLD and the like: the primitive's edge reads
                                 * the read address without its enable) */
    mem_1r1w_sync_idle(&m->i_tags);
    mem_1r1w_sync_idle(&m->i_tags_rmt);
  } else if (step) { /* the tag arrays' ports idle as their readers see them: the enables (a port's address, mask
                      * and data mean something only under its enable; nobody compares the ports of a step copy) */
    m->i_tags.re_i = 0, m->i_tags.m.we_i = 0;
    m->i_tags_rmt.re_i = 0, m->i_tags_rmt.m.we_i = 0;
  } else {
    mem_1r1w_sync_idle(&m->i_tags);
    mem_1r1w_sync_idle(&m->i_tags_rmt);
  }
  dk_idle_o(m, step);
  m->fw_tag_v_d = 0; /* (their fields: _d equals _q outside a cycle, l1d_reset) */
  m->fw_data_v_d = 0;
  const uint32_t on_fill = busy ? 0 : in->mode_alloc_i == L1D_ALLOC_ON_FILL; /* (busy: not ON_FILL, the dispatch's test) */
  /* (the other mode inputs read where an update uses them) */
#define LRU_ (in->mode_repl_i == L1D_REPL_LRU)
#define BA_ in->mode_ba_i
#define THRU_ (in->mode_wr_i == L1D_WRITE_THROUGH)

  /* ---- fill path: the pending (not yet filled) entry of the atom ---- */
  /* the fill's set: used by the fill's updates (under fill_valid_i) and ON_FILL's victim search only */
  uint32_t fill_set = fill_v || on_fill
                          ? l1d_index(in->fill_addr_i << m->ash, m->offw, m->g.sets, in->mode_hash_i)
                          : 0;
  /* the MSHR's valid and filled flags as Entries-bit vectors: the scans
   * below visit only the entries that can match */
  /* valid; pending = valid and not filled (kept up to date by commit: l1d.h) */
  const uint64_t *ev = m->mshr_vbits, *ep = m->mshr_pbits;
  uint32_t fill_hit = 0, fill_e = 0;
  if (fill_v) fill_hit = mshr_cam(m, small, in->fill_addr_i, ep, &fill_e); /* (fill_e matters only under fill_valid_i: fill_line_go and its updates) */
  /* the fill's victim matters only with ON_FILL (the RTL computes it always) */
  l1d_vict_t fv = {0, 1, 0};
  if (on_fill) {
    l1d_setv_t ff;
    set_flags(m, fill_set, &ff);
    fv = victim(m, fill_set, &ff, 0, 0);
  }
  uint32_t relq_full = nofill == 2 || nofill == 4 || busy ? 0 : fifo_sync_full(&m->i_relq); /* (norel: empty, so not full; busy: not full) */
  o->fill_ready_o = fill_byp || (!relq_full && (!on_fill || fv.found));
  uint32_t fill_go = fill_v && o->fill_ready_o;
  uint32_t fill_byp_go = fill_go && fill_byp;
  uint32_t fill_line_go = fill_go && !fill_byp && fill_hit;

  /* ---- release path: the oldest filled entry, data from the release queue ---- */
  /* (the norel copy: a constant 0; the nofill copy runs only with the queue holding a row: 1) */
  uint32_t rel_any = nofill == 2 || nofill == 4 ? 0 : nofill == 1 ? 1 : !fifo_sync_empty(&m->i_relq); /* (nofill 3: either) */
  const uint32_t *rq_head = NULL;
  uint32_t rel_e = 0; /* (an empty queue's head is never used) */
  if (rel_any) {
    rq_head = fifo_sync_rdata(&m->i_relq);
    rel_e = rq_head[m->lwords] & m->emask; /* (at bit lbits = 32 * lwords) */
    if (rel_e >= E) rel_e = 0;
  }
  uint32_t rel_go = rel_any && !fill_byp_go;

  l1d_verd_t vd;
  if (busy) { /* (the dispatch's test: fill_go && !fill_byp_i, D holding a request) */
    vd = (l1d_verd_t){.d_set = d_set_of(m), .out = L1D_OUT_RES_FAIL, .fail = L1D_FAIL_PORT_BUSY, .act = ACT_NONE};
  } else if (pre) { /* decided by comb_stall (no fill, no release: the same arguments) */
    vd = *pre;
  } else if (dempty || (!m->d_valid_q && !OBS_)) {
    /* D empty: its verdict on the stale address drives only req_outcome_o
     * and req_fail_o, which nobody reads without dec_valid_o (the LD/ST
     * unit and the MRPB read them for a request D refused): unobserved,
     * the model leaves them as they are (docs/c-models.md, "Don't-cares
     * left alone when nobody looks"); the rest of the cycle uses no field
     * of the verdict (no action, no stall, D loads from the port) */
    vd = (l1d_verd_t){.out = o->req_outcome_o, .fail = o->req_fail_o, .act = ACT_NONE};
  } else if (fill_go && !fill_byp) { /* a line fill owns the arrays: D's verdict needs no probe */
    vd = (l1d_verd_t){.d_set = d_set_of(m), .out = L1D_OUT_RES_FAIL, .fail = L1D_FAIL_PORT_BUSY, .act = ACT_NONE};
  } else {
    decide(m, small, d_set_of(m), ev, 0, fill_byp_go || rel_any, &vd);
  }
  /* (a copy for one action: the request goes with it, its outcome known) */
  const uint32_t out = cact == ACT_LD_HIT || cact == ACT_ST_HIT ? L1D_OUT_HIT
                       : cact == ACT_MERGE_T ? L1D_OUT_HIT_RESERVED
                       : cact == ACT_ALLOC   ? L1D_OUT_MISS
                                             : vd.out;
  const uint32_t d_line = vd.d_line, d_atom = vd.d_atom, d_set = vd.d_set, mw = vd.mw, p_e = vd.p_e,
                 free_e = vd.free_e, fail = cact >= 0 ? L1D_FAIL_NONE : vd.fail, sbit = 1u << vd.d_sect;
  const size_t rs = vd.rs;
  const l1d_vict_t rv = vd.rv;
  uint32_t act = cact >= 0 ? (uint32_t)cact : vd.act;
  o->dec_valid_o = dempty ? 0 : m->d_valid_q;
  o->req_outcome_o = out;
  o->req_fail_o = fail;
  /* D's request is decided and leaves (CACT_REFUSED: a copy for a request decided first and refused) */
  uint32_t go = cact == CACT_REFUSED ? 0 : cact >= 0 || (!dempty && m->d_valid_q && fail == L1D_FAIL_NONE);
  if (!go) act = ACT_NONE;

  /* ---- response: bypassed fill > release > load hit ---- */
  o->rsp_valid_o = 0;
  o->rsp_id_o = 0;
  if (fill_byp_go) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = in->fill_id_i;
    rsp_set_o(m, OBS_, in->fill_data_i);
  } else if (rel_go) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = m->mshr_ids_q[(size_t)rel_e * MG_];
    rsp_set_o(m, OBS_, rq_head);
  } else if (act == ACT_LD_HIT) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = m->d_id_q;
    rsp_set_o(m, OBS_, step ? line_fw_i(m, d_set, mw) : line_fw(m, &m->dk, d_set, mw));
  } else if (!m->rsp_zero) {
    rsp_clear_o(m, OBS_);
  }
  m->rsp_zero = !o->rsp_valid_o;

  /* ---- fill updates: the sector is valid and the line replaceable from now on ---- */
  if (fill_line_go) {
    const uint32_t fill_line = in->fill_addr_i >> SECTW_, fill_sect = in->fill_addr_i & (m->g.sectors - 1u);
    /* ON_FILL: the line's way when it is present (mshr_pres_q), else the victim */
    const uint32_t fill_alloc = on_fill && !m->mshr_q[fill_e].pres;
    const uint32_t fill_way = fill_alloc ? fv.way : m->mshr_q[fill_e].way;
    unsigned b = fill_set * W + fill_way;
    const uint32_t fbit = 1u << fill_sect;
    STAGE_SET_(fill_set);
    STAGE_ENT_(fill_e);
    if (m->g.sectors > 1) { /* only the sector's bytes */
      memset(m->sect_mask, 0, bits_words(m->g.line) * 4);
      for (unsigned x = fill_sect * m->sbytes, xe = x + m->sbytes; x < xe;) { /* (the sector's byte bits, a word's run at a time) */
        const unsigned o = x & 31u, n = xe - x < 32u - o ? xe - x : 32u - o;
        m->sect_mask[x >> 5] |= (uint32_t)(bits_mask64(n) << o);
        x += n;
      }
    }
    if (!OBS_ && m->g.sectors == 1) /* (data_write's first test, at the fill's call: the cycle's first data write, ndwe 0) */
      data_fill_lazy(m, fill_set, fill_way, in->fill_data_i);
    else
      data_write(m, fill_set, fill_way, in->fill_data_i, m->g.sectors > 1 ? m->sect_mask : m->all_mask);
    m->valid_d[b] = (uint8_t)(fill_alloc ? fbit : m->valid_q[b] | fbit);
    m->rsv_d[b] = (uint8_t)(m->rsv_q[b] & ~fbit);
    m->byp_d[b] = 0;
    m->mshr_d[fill_e].rdy = 1;
    if (step) pk[1] = 1ull << fill_e; /* (its pending bit clears at the edge: commit_body) */
    if (fill_alloc) { /* allocate_line + fill: tag, age (LRU and FIFO) */
      tag_write(m, fill_set, fill_way, fill_line, step);
      m->reuse_d[b] = 0;
      TOUCH_(fill_set, fill_way);
      m->mshr_d[fill_e].way = (uint16_t)fill_way;
      m->mshr_d[fill_e].pres = 1;
      /* every other pending entry of the line now finds it in fill_way; an
       * entry whose line was the one evicted from there no longer finds it.
       * (Each 64 entries' candidates as bit vectors -- the line compare and
       * the present-in-fill_way test, both over the whole word -- then
       * only those entries visited: a scan entry by entry was 40 % of the
       * general form's cycle with hundreds pending.) */
      const uint32_t lmk = ~((1u << SECTW_) - 1u), lx = in->fill_addr_i & lmk; /* (addr >> SECTW == fill_line) */
      for (unsigned k = 0; k < nwe; k++) {
        uint64_t pend = ep[k];
        if (k == fill_e >> 6) pend &= ~(1ull << (fill_e & 63u));
        if (!pend) continue;
        const unsigned b0 = k * 64u, c = E - b0 < 64u ? E - b0 : 64u;
        const uint64_t am = cam_masked(m->mshr_addr_q + b0, c, lx, lmk) & pend;
        for (uint64_t x = am; x; x &= x - 1) {
          const unsigned e = b0 + (unsigned)__builtin_ctzll(x);
          STAGE_ENT_(e);
          m->mshr_d[e].way = (uint16_t)fill_way;
          m->mshr_d[e].pres = 1;
        }
#ifndef FAULT_L1D_SECT_KEEP_PRES /* injected: an entry whose line a fill evicts still finds it present */
        for (uint64_t x = ment_pres_way(m->mshr_q + b0, c, fill_way) & pend & ~am; x; x &= x - 1) {
          const unsigned e = b0 + (unsigned)__builtin_ctzll(x);
          if (l1d_index(m->mshr_addr_q[e] << m->ash, m->offw, m->g.sets, in->mode_hash_i) == fill_set) {
            STAGE_ENT_(e);
            m->mshr_d[e].pres = 0;
          }
        }
#endif
      }
    } else if (on_fill && LRU_) { /* allocate_sector + fill: the line's last access */
      TOUCH_(fill_set, fill_way);
    }
  }
  /* the filled entry and its data join the release queue (fill order) */
  if (fill_line_go) { /* (the FIFO's write data is compared only when it writes) */
    uint32_t *rq = m->i_relq.i_mem.wdata_i; /* built in the queue body's write port (no copy) */
#ifndef FAULT_MEM_1R1W_MASK /* (injected: the primitive's commit, from the port) */
    if (!OBS_) m->rq_lazy = 1; /* unobserved: the line goes into the row at commit from the fill port (l1d.h) */
    else
#endif
      cpy_words(rq, in->fill_data_i, m->lwords);
    rq[m->lwords] = fill_e; /* (the entry index at bit lbits = 32 * lwords; eidxw <= 10) */
  }

  /* ---- release updates ---- */
  if (rel_go) {
    STAGE_IDS_(rel_e);
    uint32_t *ids = m->mshr_ids_d + (size_t)rel_e * MG_;
    if (MG_ == 8) cpy_n(ids, ids + 1, 28); /* (the common merge count: a constant size, cpy_n's tests fold away) */
    else if (MG_ <= 33) cpy_n(ids, ids + 1, (MG_ - 1) * 4); /* (cpy_n loads before it stores: an overlapping move) */
    else memmove(ids, ids + 1, (MG_ - 1) * 4);
    ids[MG_ - 1] = 0;
    m->mshr_d[rel_e].cnt = (uint8_t)(m->mshr_q[rel_e].cnt - 1);
  }

  /* ---- request updates: one dispatch on the action (each case runs the
   * RTL's update blocks for that action, in their order) ---- */
  unsigned rb = (unsigned)(rs + mw);
  /* a load hit or a hit on a reserved line: the line's last access */
#ifdef FAULT_L1D_LRU_SKIP
#define UPD_HIT_()                                                                                                    \
  do {                                                                                                               \
    if (LRU_ && act == ACT_MERGE_T) TOUCH_(d_set, mw); /* injected: a load hit does not refresh the LRU rank */     \
    if (BA_) m->reuse_d[rb] = 1;                                                                                      \
  } while (0)
#else
#define UPD_HIT_()                                                                                                    \
  do {                                                                                                               \
    if (LRU_) TOUCH_(d_set, mw);                                                                                    \
    if (BA_) m->reuse_d[rb] = 1;                                                                                      \
  } while (0)
#endif
  /* a merge into entry p_e (its count after this cycle's release) */
#define UPD_MERGE_()                                                                                                  \
  do {                                                                                                               \
    STAGE_IDS_(p_e);                                                                                               \
    uint32_t c = m->mshr_d[p_e].cnt;                                                                                 \
    m->mshr_ids_d[(size_t)p_e * MG_ + c] = m->d_id_q;                                                                 \
    m->mshr_d[p_e].cnt = (uint8_t)(c + 1);                                                                           \
  } while (0)
  /* a new entry free_e, its line present in `way` (NEWENT: not present) */
#define UPD_NEW_(way_, pres_)                                                                                           \
  do {                                                                                                               \
    if (step) STAGE_ENT_(free_e); /* (a step copy writes the ids on both sides, below: not listed for the edge) */ \
    else STAGE_IDS_(free_e);                                                                                         \
    /* valid, not filled, present in way_ (pres_), one id: the entry's fields in one store */                      \
    m->mshr_d[free_e] = (struct l1d_ment){.valid = 1, .rdy = 0, .pres = (pres_), .cnt = 1, .way = (uint16_t)(way_)};    \
    if (step) pk[0] = 1ull << free_e; /* (valid and pending at the edge: commit_body) */                             \
    m->mshr_addr_d[free_e] = d_atom;                                                                                 \
    if (step) m->mshr_addr_q[free_e] = d_atom; /* (both sides: nothing reads it later in the cycle, CK_STEP) */      \
    uint32_t *ids = m->mshr_ids_d + (size_t)free_e * MG_;                                                             \
    if (L1D_IDS8 && step && MG_ == 8) { /* (8 ids, both sides: {id, 0, ...} as two 16-byte stores each) */          \
      ids8_new(ids, m->mshr_ids_q + (size_t)free_e * 8u, m->d_id_q);                                                   \
      break;                                                                                                          \
    }                                                                                                                \
    if (MG_ == 8) cpy_n(ids, ids_zero, 32);                                                                            \
    else if (MG_ <= 32) cpy_n(ids, ids_zero, MG_ * 4);                                                                 \
    else memset(ids, 0, MG_ * 4);                                                                                     \
    ids[0] = m->d_id_q;                                                                                              \
    if (step) { /* (nothing reads the entry's ids later in the cycle) */                                             \
      uint32_t *idq = m->mshr_ids_q + (size_t)free_e * MG_;                                                          \
      if (MG_ == 8) cpy_n(idq, ids, 32);                                                                             \
      else memcpy(idq, ids, MG_ * 4);                                                                                \
    }                                                                                                                \
  } while (0)
  /* allocate_line in the victim way rv.way (ALLOC: its sector reserved; BA_BYP: tag only) */
#define UPD_LINE_()                                                                                                   \
  do {                                                                                                               \
    unsigned vb = d_set * W + rv.way;                                                                                \
    if (step) tag_write_lean(m, d_set, rv.way, d_line, 1); /* (a step copy runs unobserved) */                    \
    else tag_write(m, d_set, rv.way, d_line, 0);                                                                     \
    m->valid_d[vb] = 0;                                                                                              \
    m->rsv_d[vb] = (uint8_t)(act == ACT_ALLOC ? sbit : 0);                                                           \
    m->byp_d[vb] = act == ACT_BA_BYP;                                                                                \
    m->reuse_d[vb] = 0;                                                                                              \
    TOUCH_(d_set, rv.way);                                                                                         \
  } while (0)
  switch (act) {
  case ACT_ST_HIT:
    STAGE_SET_(d_set);
    if (THRU_) data_write(m, d_set, mw, m->d_data_q, m->d_mask_q);
#ifdef FAULT_L1D_SECT_EVICT_LINE
    else m->valid_d[rb] = 0; /* injected: write-evict invalidates the whole line */
#else
    else m->valid_d[rb] = (uint8_t)(m->valid_q[rb] & ~sbit); /* write-evict: the sector */
#endif
    if (LRU_ && THRU_) TOUCH_(d_set, mw); /* GPGPU-Sim: write-through hits touch, write-evict hits do not */
    if (BA_) m->reuse_d[rb] = 1;
    /* a write-evict that empties the line (no sector valid or reserved): the
     * pending entries of the line no longer find it present.  (With one
     * sector no pending entry can have it present: ON_MISS keeps it
     * reserved, ON_FILL makes it present only at the entry's own fill.) */
    if (!THRU_ && m->g.sectors > 1 && !m->valid_d[rb] && !m->rsv_q[rb] && !m->byp_q[rb])
      for (unsigned k = 0; k < nwe; k++)
        for (uint64_t x = ep[k]; x; x &= x - 1) {
          unsigned e = k * 64u + (unsigned)__builtin_ctzll(x);
          if ((m->mshr_addr_q[e] >> SECTW_) == d_line && m->mshr_q[e].pres) {
            STAGE_ENT_(e);
            m->mshr_d[e].pres = 0;
          }
        }
    break;
  case ACT_LD_HIT:
    STAGE_SET_(d_set);
    UPD_HIT_();
    break;
  case ACT_MERGE_T:
    STAGE_SET_(d_set);
    UPD_HIT_();
    UPD_MERGE_();
    break;
  case ACT_MERGE:
    UPD_MERGE_();
    break;
  case ACT_PSEUDO:
    STAGE_SET_(d_set);
    UPD_NEW_(mw, 1);
    m->rsv_d[rb] = 1;
    m->byp_d[rb] = 0;
    m->reuse_d[rb] = 1;
    TOUCH_(d_set, mw);
    break;
  case ACT_NEWENT:
    UPD_NEW_(0, 0);
    break;
  case ACT_ALLOC:
    STAGE_SET_(d_set);
    UPD_NEW_(rv.way, 1);
    UPD_LINE_();
    break;
  case ACT_BA_BYP:
    if (rv.found) {
      STAGE_SET_(d_set);
      UPD_LINE_();
    }
    break;
  case ACT_SMISS:
    if (!on_fill) STAGE_SET_(d_set);
    UPD_NEW_(mw, 1);
    if (!on_fill) { /* allocate_sector: reserved; the line's last access */
      m->rsv_d[rb] = (uint8_t)(m->rsv_q[rb] | sbit);
      if (LRU_) TOUCH_(d_set, mw);
    }
    break;
  default: /* (ACT_NONE, ACT_ST_FWD, ACT_BYP_LD: no line or entry update) */
    break;
  }
#undef UPD_HIT_
#undef UPD_MERGE_
#undef UPD_NEW_
#undef UPD_LINE_

  /* ---- an entry frees after its last release (merges of this cycle count) ---- */
  uint32_t rel_done = rel_go && m->mshr_d[rel_e].cnt == 0;
  if (rel_done) {
    m->mshr_d[rel_e].valid = 0;
    m->mshr_d[rel_e].rdy = 0;
    if (step) pk[2] = 1ull << rel_e; /* (neither valid nor pending at the edge: commit_body) */
  }
  fq_comb(&m->i_relq, fill_line_go, fill_line_go ? m->i_relq.i_mem.wdata_i : NULL, rel_done);

  /* ---- miss queue {store, id, atom, mask, data}; bypass queue {atom, id} ---- */
  /* (the actions that push, as bit sets over the action codes: one shift each) */
  enum { MQ_ACTS = 1u << ACT_ST_HIT | 1u << ACT_ST_FWD | 1u << ACT_PSEUDO | 1u << ACT_NEWENT | 1u << ACT_ALLOC | 1u << ACT_SMISS,
         BQ_ACTS = 1u << ACT_BYP_LD | 1u << ACT_BA_BYP };
  uint32_t mq_push = (uint32_t)MQ_ACTS >> act & 1u;
  uint32_t bq_push = (uint32_t)BQ_ACTS >> act & 1u;
  /* the miss queue's entry is built in its body's write port (fifo_sync_comb
   * takes it in place: no copy) */
  uint32_t *mq_wdata = m->i_missq.i_mem.wdata_i;
  if (mq_push && m->mq_hdr_ok) { /* the same row: data, mask, then the header as one value (l1d.h) */
    const unsigned hw = m->mq_hw;
    if (m->d_store_q) {
      cpy_words(mq_wdata, m->d_data_q, m->lwords);
      cpy_words(mq_wdata + m->lwords, m->d_mask_q, hw - m->lwords); /* (whole mask words) */
    } else if (!m->mqp_ld) { /* (else the port holds a load's zero data and mask already) */
      memset(mq_wdata, 0, hw * 4u);
    }
    const uint64_t h = d_atom | (uint64_t)(m->d_id_q & m->idmask) << AW_ |
                       (uint64_t)(m->d_store_q & 1u) << (AW_ + IDW_);
    mq_wdata[hw] = (uint32_t)h;
    if (m->mq_hw2) mq_wdata[hw + 1] = (uint32_t)(h >> 32);
    m->mqp_ld = !m->d_store_q;
  } else if (mq_push) { /* (the fields' places: only here) */
    const unsigned mlsb = m->lbits, llsb = mlsb + m->g.line, ilsb = llsb + AW_, slsb = ilsb + IDW_;
    memset(mq_wdata, 0, bits_words(m->mqw) * 4);
    m->mqp_ld = 0;
    if (m->d_store_q) {
      cpy_words(mq_wdata, m->d_data_q, m->lwords);
      for (unsigned b = 0; b < m->g.line; b += 32) /* (the mask starts on a word: mlsb = line * 8) */
        if (m->g.line - b >= 32) mq_wdata[(mlsb + b) / 32] = m->d_mask_q[b / 32];
        else bits_set(mq_wdata, mlsb + b, m->g.line - b, m->d_mask_q[b / 32]);
    }
    bits_set(mq_wdata, llsb, AW_, d_atom);
    bits_set(mq_wdata, ilsb, IDW_, m->d_id_q);
    bits_set(mq_wdata, slsb, 1, m->d_store_q);
  }
  if (bq_push) {
    m->bq_wdata[0] = 0;
    bits_set(m->bq_wdata, 0, IDW_, m->d_id_q);
    bits_set(m->bq_wdata, IDW_, AW_, d_atom);
  }

  mem_port(m, mq_push, mq_wdata, bq_push);
  if (mq_push) m->mq_ld[m->i_missq.wptr_q] = !m->d_store_q; /* (the row this push writes, after the port read it) */

  /* ---- remote answer (registers only) ---- */
  if (m->rmt_v_q || !m->rmt_zero) l1d_comb_rmt(m);
  else o->rmt_hit_o = 0; /* (no lookup asked, rmt_data_o already zero: what l1d_comb_rmt leaves) */

  /* ---- stall to bypass: a load refused for a resource the mode names is
   * retried as a bypass (the MRPB paper's rule, section 3.4) ---- */
  uint32_t stall = cact == CACT_REFUSED || (!dempty && m->d_valid_q && !go), sbyp_set = 0; /* (a stall has a fail reason) */
  if (stall && !m->d_store_q && !m->d_byp_q && in->mode_sbyp_i != L1D_SBYP_OFF) {
    uint32_t sbyp_res = fail == L1D_FAIL_LINE_ALLOC || fail == L1D_FAIL_MSHR_ENTRY || fail == L1D_FAIL_MSHR_MERGE ||
                        fail == L1D_FAIL_MISS_QUEUE;
    sbyp_set = in->mode_sbyp_i == L1D_SBYP_ALL ? sbyp_res
               : in->mode_sbyp_i == L1D_SBYP_ASSOC ? fail == L1D_FAIL_LINE_ALLOC : 0;
  }

  /* ---- events and counters ---- */
  /* (the events as locals: a counter's add through m could alias the output
   * struct, so the values are not reloaded from it; a step copy of one action
   * (cact), of a refused one, with D empty or busy adds to both sides, cnt_q and cnt_d, and the
   * edge's copy of the counters is left out, CK_CNT: its adds are few and
   * mostly constants 0) */
  const uint32_t ev_hit = go && out == L1D_OUT_HIT, ev_hitres = go && out == L1D_OUT_HIT_RESERVED,
                 ev_miss = go && (out == L1D_OUT_MISS || out == L1D_OUT_SECTOR_MISS), ev_pseudo = act == ACT_PSEUDO;
#define CNT_(i, v) (m->cnt_d[i] += (v), (void)(step && (cact != CACT_ANY || dempty || busy) ? m->cnt_q[i] += (v) : 0))
  o->ev_access_o = go;
  o->ev_hit_o = ev_hit;
  o->ev_hitres_o = ev_hitres;
  o->ev_miss_o = ev_miss;
  o->ev_stall_o = stall;
  o->ev_byp_o = bq_push;
  o->ev_pseudo_o = ev_pseudo;
  o->ev_fill_o = fill_line_go;
  if (go) {
    CNT_(L1D_CNT_ACCESS, 1u);
    CNT_(L1D_CNT_HIT, ev_hit);
    CNT_(L1D_CNT_HITRES, ev_hitres);
    CNT_(L1D_CNT_MISS, ev_miss);
    CNT_(L1D_CNT_SMISS, (uint32_t)(out == L1D_OUT_SECTOR_MISS));
  }
  if (stall) { /* the stall counter of its fail reason: cnt_fail_line_q + (reason - 1); comb_rep's too */
    const unsigned fail_cnt = L1D_CNT_FAIL_LINE + fail - 1u;
    CNT_(fail_cnt, 1u); /* (never in a copy of one action: it goes) */
    CNT_(L1D_CNT_SBYP, sbyp_set);
    m->rep_cnt = (uint8_t)fail_cnt; /* (read only after a stall: rep_ok) */
  }
  CNT_(L1D_CNT_BYP, bq_push);
  CNT_(L1D_CNT_FILL, fill_line_go);
  CNT_(L1D_CNT_PSEUDO, ev_pseudo);
#undef CNT_

  /* ---- the port: a request enters when D is empty or its request leaves;
   * a held request keeps D and re-reads its set (fresh tags every retry) ---- */
  o->req_ready_o = cact != CACT_REFUSED && (dempty || !m->d_valid_q || go);
  m->d_load = (uint8_t)o->req_ready_o;
  if (step) { /* a step copy: D's registers straight into _q (nothing reads them later in the cycle; the edge's
               * copies from _d are left out, CK_DQ) */
    if (m->d_load) {
      m->d_valid_q = (uint8_t)in->req_valid_i;
      m->d_addr_q = in->req_addr_i;
      m->d_store_q = (uint8_t)in->req_store_i;
      m->d_byp_q = (uint8_t)in->req_byp_i;
      m->d_id_q = in->req_id_i;
    } else {
      m->d_byp_q = (uint8_t)(m->d_byp_q || sbyp_set);
    }
  } else if (m->d_load) {
    m->d_valid_d = (uint8_t)in->req_valid_i;
    m->d_addr_d = in->req_addr_i;
    m->d_store_d = (uint8_t)in->req_store_i;
    m->d_byp_d = (uint8_t)in->req_byp_i;
    m->d_id_d = in->req_id_i;
    /* (its data and mask: l1d_commit copies them from the port, which holds still until then) */
  } else {
    m->d_valid_d = m->d_valid_q;
    m->d_addr_d = m->d_addr_q;
    m->d_store_d = m->d_store_q;
    m->d_byp_d = (uint8_t)(m->d_byp_q || sbyp_set);
    m->d_id_d = m->d_id_q;
  }
  uint32_t rd_set = m->d_load ? set_memo(m, in->req_addr_i) : d_set; /* (D's set next cycle) */
  uint32_t rd_en = m->d_load ? in->req_valid_i : 1;
  if (rd_en) {
    mem_1r1w_sync_read(&m->i_tags, rd_set);
    m->dk.rd = rd_set + 1; /* every data bank reads the set (gen_dway) */
    if (step) m->trow_set = rd_set, m->trow_ok = 1, m->trow_cp = 0; /* (the edge's first step, here: CK_STEP) */
  }
  /* remote lookup: read now, answered the next cycle */
  rmt_lookup(m);

  if (small) m->nds = nds_, m->nde = nde_, m->dids = dids_;
  /* a refused request retried in D while nothing else moves (no fill, no
   * release, no queue holding anything, no forwarding, nothing written):
   * the next cycle repeats this one exactly, but for its stall counter and
   * its remote port (rmt_side), as long as no fill arrives (comb_rep);
   * observed, no remote lookup either (the repeat leaves its ports) */
  m->rep_ok = stall && !sbyp_set && !fill_v && (!m->observed || !(in->rmt_valid_i | m->rmt_v_q)) && !m->fw_tag_v_q &&
                      !m->fw_data_v_q && !m->fw_tag_v_d && !m->fw_data_v_d && !(small ? nds_ : m->nds) &&
                      !(small ? nde_ : m->nde) && !m->i_relq.count_q
                  ? rep_of_queues(m)
                  : 0;
#undef LRU_
#undef BA_
#undef AW_
#undef IDW_
#undef MG_
#undef SECTW_
#undef STAGE_SET_
#undef STAGE_ENT_
#undef STAGE_IDS_
#undef TOUCH_
#undef OBS_
#undef THRU_
}

/* A tag array's edge (keep set: l1d_init): with no write, mem_1r1w_sync_commit
 * inline -- a read of a row the register does not hold copies it, else
 * nothing moves */
/* A tag array's edge with the one-slice write of tag_write
 * (mem_1r1w_write_slice): mem_1r1w_sync_commit's read capture (keep set),
 * then the slice as one masked 64-bit update -- mem_1r1w_commit's slice
 * path without its general checks (out of line: a tag write is one cycle
 * in four at most).  The injected faults of the primitives keep their own
 * commits. */
__attribute__((always_inline)) static inline void tags_wr_body(mem_1r1w_sync_t *s) {
#if !defined(FAULT_MEM_1R1W_MASK) && !defined(FAULT_MEM_1R1W_SYNC_WFIRST) && !defined(FAULT_MEM_1R1W_SYNC_HOLD)
  mem_1r1w_t *mm = &s->m;
  const unsigned lsb = mm->wsl_lsb, k = lsb >> 5;
  if (mm->wsl && s->keep && mm->waddr_i < mm->depth && k + 1 < mm->words) {
    if (s->re_i && s->held != s->raddr_i + 1 && s->raddr_i < mm->depth) { /* read before write */
      mem_row_cpy(s->rdata_q, mem_1r1w_read(mm, s->raddr_i), mm->words);
      s->held = s->raddr_i + 1;
    }
    if (s->held == mm->waddr_i + 1) s->held = 0; /* (the register no longer holds the row) */
    uint32_t *row = mm->mem_q + (size_t)mm->waddr_i * mm->words;
    const uint64_t bm = bits_mask64(mm->wsl_w) << (lsb & 31u);
    const uint64_t x = (uint64_t)row[k] | (uint64_t)row[k + 1] << 32;
    const uint64_t d = (uint64_t)mm->wsl_v << (lsb & 31u); /* (the slice's value: mem_1r1w_write_slice) */
    const uint64_t y = (x & ~bm) | (d & bm);
    row[k] = (uint32_t)y;
    row[k + 1] = (uint32_t)(y >> 32);
    mm->wsl = 0;
    mm->wk0 = mm->wk1 = 0;
    return;
  }
#endif
  mem_1r1w_sync_commit(s);
}
static void tags_commit_wr(mem_1r1w_sync_t *s) { tags_wr_body(s); }
/* Both tag arrays written (the tag write goes to the remote copy too):
 * the two edges in one call */
#ifndef FAULT_MEM_1R1W_SYNC_HOLD /* (injected: commit_full calls the primitive's commits, not this) */
static void tags_commit_wr2(mem_1r1w_sync_t *a, mem_1r1w_sync_t *b) {
  tags_wr_body(a);
  tags_wr_body(b);
}
#endif
/* A step copy's tag write (tag_write's share, tsh): i_tags' one-slice write
 * and the same slice into the remote copy, whose port was left idle --
 * tags_wr_body for both, the slice's mask and value computed once; tag_write
 * checked tags_wr_body's test. */
#if L1D_TAG_SHARE
/* one array's row: the read capture, then the slice (mask bm, value d at
 * word k) as one 64-bit update (a load and a store on a little-endian host) */
__attribute__((always_inline)) static inline void tag_slice_upd(mem_1r1w_sync_t *s, unsigned wa, unsigned words,
                                                                unsigned k, uint64_t bm, uint64_t d) {
  if (s->re_i && s->held != s->raddr_i + 1 && s->raddr_i < s->m.depth) { /* read before write */
    mem_row_cpy(s->rdata_q, mem_1r1w_read(&s->m, s->raddr_i), words);
    s->held = s->raddr_i + 1;
  }
  if (s->held == wa + 1) s->held = 0; /* (the register no longer holds the row) */
  uint32_t *row = s->m.mem_q + (size_t)wa * words;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t x;
  memcpy(&x, row + k, 8);
  x = (x & ~bm) | (d & bm);
  memcpy(row + k, &x, 8);
#else
  const uint64_t x = (uint64_t)row[k] | (uint64_t)row[k + 1] << 32, y = (x & ~bm) | (d & bm);
  row[k] = (uint32_t)y;
  row[k + 1] = (uint32_t)(y >> 32);
#endif
}
/* (lamask: the slice's width is the tag's, law: tag_write) */
__attribute__((always_inline)) static inline void tags_commit_wr2s(mem_1r1w_sync_t *a, mem_1r1w_sync_t *b,
                                                                   uint32_t lamask) {
  mem_1r1w_t *mm = &a->m;
  const unsigned lsb = mm->wsl_lsb, k = lsb >> 5, wa = mm->waddr_i, words = mm->words;
  const uint64_t bm = (uint64_t)lamask << (lsb & 31u);
  const uint64_t d = (uint64_t)mm->wsl_v << (lsb & 31u);
  tag_slice_upd(a, wa, words, k, bm, d);
  tag_slice_upd(b, wa, words, k, bm, d);
  mm->wsl = 0;
  mm->wk0 = mm->wk1 = 0;
}
#endif
/* (tags_commit's edge with no write: a read of a row the register does not hold) */
static inline void tags_read(mem_1r1w_sync_t *s) {
  if (s->re_i && s->held != s->raddr_i + 1 && s->raddr_i < s->m.depth) {
    mem_row_cpy(s->rdata_q, mem_1r1w_read(&s->m, s->raddr_i), s->m.words);
    s->held = s->raddr_i + 1;
  }
}
static inline void tags_commit(mem_1r1w_sync_t *s) {
#ifndef FAULT_MEM_1R1W_SYNC_HOLD /* (injected: the output register reloads at every edge: the primitive's commit) */
  if (!s->m.we_i) {
    tags_read(s);
    return;
  }
#endif
  tags_commit_wr(s);
}
/* The remote port's edge after rmt_side (and the full evaluation's steps
 * for it): the lookup's registers, its tag row and data rows read. */
void l1d_rmt_commit(l1d_t *m) {
  m->rmt_v_q = m->rmt_v_d;
  if (m->rmt_v_d) m->rmt_line_q = m->rmt_line_d, m->rmt_set_q = m->rmt_set_d, m->rmt_sect_q = m->rmt_sect_d;
#ifndef FAULT_MEM_1R1W_SYNC_HOLD
  if (m->i_tags_rmt.re_i) tags_read(&m->i_tags_rmt);
#else
  mem_1r1w_sync_commit(&m->i_tags_rmt);
#endif
  if (m->dk_rmt.rd) dk_read(&m->dk_rmt, m->g.ways);
  /* the port has work next cycle (a lookup pending, or this cycle's answer
   * a hit to clear): not "quiet again" -- the quiet cycle's fast test then
   * needs no look at the port (l1d_comb_any, l1d_step_any) */
  if (l1d_rmt_moves(m)) m->idle = 0;
}
static void commit_full(l1d_t *m);
static void commit_empty(l1d_t *m);
/* A quiet cycle's commit, observed: D's data and mask from the port (out
 * of line: l1d_commit_any keeps no frame) */
__attribute__((noinline)) static void idle_commit_obs(l1d_t *m) {
  cpy_words(m->d_data_q, m->in.req_data_i, m->lwords);
  cpy_words(m->d_mask_q, m->in.req_mask_i, bits_words(m->g.line));
}
/* comb_idle's edge: only D's registers take new values, the port's payload
 * (the inputs hold still from l1d_comb to here: the calling convention) */
static inline void commit_quiet(l1d_t *m) {
  m->d_valid_q = 0;
  m->d_addr_q = m->in.req_addr_i;
  m->dsm_ok = 0; /* (D's address taken without its set: l1d.h, dsm_*) */
  m->d_store_q = (uint8_t)m->in.req_store_i;
  m->d_byp_q = (uint8_t)m->in.req_byp_i;
  m->d_id_q = m->in.req_id_i;
  if (m->observed) idle_commit_obs(m); /* (a request not valid: its data and mask are used by nothing but an observer) */
}
void l1d_commit_any(l1d_t *m) {
  if (!m->idle) {
    commit_full(m);
    return;
  }
  if (m->idle == 1) {
    commit_quiet(m);
    if (m->rmt_v_d | m->rmt_v_q) l1d_rmt_commit(m); /* (rmt_side's edge) */
    return;
  }
  if (m->idle == L1D_C_EMPTY) { /* (a full evaluation's edge, by the class of its cycle) */
    commit_empty(m);
    return;
  }
  /* comb_rep (idle 2): only the stall counter moves, and the remote port */
#ifndef FAULT_L1D_REP_NOCNT
  m->cnt_q[m->rep_cnt]++;
  m->cnt_d[m->rep_cnt]++; /* (cnt_d equals cnt_q outside a cycle) */
#endif /* (injected: a repeated stall cycle is not counted) */
  if (m->rmt_v_d | m->rmt_v_q) l1d_rmt_commit(m); /* (rmt_side's edge) */
}

/* One row of a staged set, _d -> _q: n bytes from o; a move of a constant
 * size where the caller passes n as a constant, else cpy_n's. */
#define ROW_MOVE(q, d, o, n) (__builtin_constant_p(n) ? (void)memcpy((q) + (o), (d) + (o), (n)) : cpy_n((q) + (o), (d) + (o), (n)))
/* The staged sets' five rows (four flag rows of n bytes, the ranks' 2n)
 * _d -> _q, n ways (commit_full passes the way counts that occur as
 * constants: one dispatch per commit, not per set). */
/* (hit: a hit's set, whose ranks and reuse flags alone can change -- the
 * step copies of a load hit) */
_Static_assert(offsetof(struct l1d_vmemo, ok) < 4 && offsetof(struct l1d_vmemo, fok) < 4 &&
                   offsetof(struct l1d_vmemo, ba) < 4 && offsetof(struct l1d_vmemo, thr) == 4,
               "vmemo: its flags and key in the first word");
__attribute__((always_inline)) static inline void sets_commit(l1d_t *m, size_t n, const int hit) {
  for (unsigned i = 0; i < m->nds; i++) {
    const size_t o = (size_t)m->dset[i] * n;
    if (!hit) {
      ROW_MOVE(m->valid_q, m->valid_d, o, n), ROW_MOVE(m->rsv_q, m->rsv_d, o, n);
      ROW_MOVE(m->byp_q, m->byp_d, o, n);
    }
    ROW_MOVE(m->reuse_q, m->reuse_d, o, n);
    ROW_MOVE(m->rank_q, m->rank_d, o, 2 * n); /* (o in ranks, 2n bytes) */
    memset(&m->vmemo[m->dset[i]], 0, 4); /* (its victim and flags may change: ok, fok and the key ba in one store) */
  }
}
#undef ROW_MOVE

/* dk_commit's steps for one full write of bank w (a line fill), inline:
 * the read, the held row to its buffer if the write hits it
 * (read-before-write), the row (from src, the fill port, when the port
 * was left unwritten: dsrc) */
__attribute__((always_inline)) static inline void bank_fill_commit(l1d_t *m, struct l1d_dbanks *k, unsigned w,
                                                                   const uint32_t *src, unsigned W, unsigned waddr) {
  mem_1r1w_t *mm = &k->b[w].m;
  if (k->rd) dk_read(k, W);
  if (k->lz == waddr + 1 && k->mat[w] != k->gen) {
    cpy_words(k->b[w].rdata_q, bk_row(m, k, w, k->lz - 1), mm->words);
    k->mat[w] = k->gen;
  }
  if (waddr >= mm->depth) return;
  if (k == &m->dk_rmt && !m->observed) { /* the remote row: left equal to the local one (rlz, dk_commit) */
    m->rlz[(size_t)waddr * W + w] = 1;
    return;
  }
  cpy_words(mm->mem_q + (size_t)waddr * mm->words, src ? src : mm->wdata_i, mm->words);
}
/* commit_full's body; k: what the cycle's class rules out (l1d_step's
 * copies know it from their comb copy's constants), 0 for none: CK_NOSET
 * no staged set, CK_NOENT no staged entry, CK_NOTAG no tag write (neither
 * tag port written, fw_tag_v_d 0), CK_NODATA no bank write (ndwe 0,
 * fw_data_v_d 0), CK_NORQ no lazy release-queue row (rq_lazy 0); CK_STEP a step copy (small,
 * unobserved: l1d_step_any's dispatch); CK_DQ D's registers were written
 * into _q by comb_body (its step form); CK_CNT the counters were added
 * to both sides (comb_body's step form of one action); CK_RELIDLE the
 * release queue neither pushed nor popped (empty, no fill: fq_comb left it
 * idle, so its edge moves nothing); CK_HITSET the staged set is a load
 * hit's (only its ranks and reuse flags written); CK_DLOAD D takes the
 * port's request (its request went), CK_DHOLD D holds its request (refused) */
enum { CK_NOSET = 1, CK_NOENT = 2, CK_NOTAG = 4, CK_NODATA = 8, CK_NORQ = 16, CK_STEP = 32, CK_DQ = 64, CK_CNT = 128,
       CK_RELIDLE = 256, CK_HITSET = 512, CK_DLOAD = 1024, CK_DHOLD = 2048 };
__attribute__((always_inline)) static inline void commit_body(l1d_t *m, const unsigned k, const uint64_t *pk) {
  size_t W = m->g.ways, mg = m->g.merge;
  /* the staged sets' rows, with moves of a constant size for the way
   * counts that occur (4, 48: one dispatch per commit, not per set) */
  if ((k & CK_NOSET) || !m->nds) {
  } else if (W == 4) {
    sets_commit(m, 4, !!(k & CK_HITSET));
  } else if (W == 48) {
    sets_commit(m, 48, !!(k & CK_HITSET));
  } else {
    sets_commit(m, W, !!(k & CK_HITSET));
  }
  for (unsigned i = 0; !(k & CK_NOENT) && i < m->nde; i++) {
    unsigned e = m->dent[i];
    const struct l1d_ment x = m->mshr_d[e];
    m->mshr_q[e] = x; /* (the entry's narrow fields in one move: l1d.h) */
    if (!(k & CK_STEP)) m->mshr_addr_q[e] = m->mshr_addr_d[e]; /* (a step copy wrote both: UPD_NEW_) */
    if (m->dids >> i & 1u) { /* (8 ids, the common merge count: one constant-size move) */
      if (mg == 8) memcpy(m->mshr_ids_q + e * 8, m->mshr_ids_d + e * 8, 32);
      else cpy_n(m->mshr_ids_q + e * mg, m->mshr_ids_d + e * mg, mg * 4);
    }
    if (k & CK_STEP) continue; /* (the packed flags: after the loop, from comb_body's changes) */
    const uint64_t b = 1ull << (e % 64u); /* the packed flags (l1d.h) */
    uint64_t *vb = &m->mshr_vbits[e / 64u], *pb = &m->mshr_pbits[e / 64u];
    *vb = x.valid ? *vb | b : *vb & ~b;
    *pb = x.valid && !x.rdy ? *pb | b : *pb & ~b;
  }
  if (k & CK_STEP) { /* a step copy (Entries <= 64): comb_body's changes of the packed flags, one entry each at
                      * most -- a new entry (valid, pending), a fill (no longer pending), a last release (neither);
                      * three distinct entries (a new one was not valid, a filled one was pending, a released one
                      * filled), so the order does not matter */
    m->mshr_vbits[0] = (m->mshr_vbits[0] | pk[0]) & ~pk[2];
    m->mshr_pbits[0] = (m->mshr_pbits[0] | pk[0]) & ~(pk[1] | pk[2]);
  }
  m->nds = m->nde = 0;
  m->dids = 0;
  m->mem_rr_q = m->mem_rr_d;
  if (!(k & CK_CNT)) memcpy(m->cnt_q, m->cnt_d, sizeof m->cnt_q);
  if (!(k & CK_DQ)) {
    m->d_valid_q = m->d_valid_d;
    m->d_addr_q = m->d_addr_d;
    m->d_store_q = m->d_store_d;
    m->d_byp_q = m->d_byp_d;
    m->d_id_q = m->d_id_d;
  }
  /* D's data and mask are used only under d_valid_q && d_store_q (a store's
   * data, byte mask): the RTL loads them with every request; unobserved,
   * the model copies a store's only (docs/c-models.md) */
  /* (CK_DLOAD, CK_DHOLD: the copy's D loads from the port, or holds, as its constants fix) */
  const uint32_t dload = k & CK_DHOLD ? 0 : k & CK_DLOAD ? 1 : m->d_load;
  if (dload && ((!(k & CK_STEP) && m->observed) || (m->in.req_valid_i && m->in.req_store_i))) {
    cpy_words(m->d_data_q, m->in.req_data_i, m->lwords);
    cpy_words(m->d_mask_q, m->in.req_mask_i, bits_words(m->g.line));
  }
  if (!(k & CK_STEP) && m->i_tags.re_i) /* the row i_tags' output register takes (a step copy: comb_body set it) */
    m->trow_set = m->i_tags.raddr_i, m->trow_ok = 1, m->trow_cp = 0;
  if (!(k & CK_NOTAG) && m->fw_tag_v_d) { /* (i_tags' write) */
    const size_t nw = nwords((unsigned)W), ws = (size_t)m->fw_tag_set_d * nw + m->fw_tag_way_d / 64u;
    if (m->fw_tag_set_d == m->trow_set && m->trow_ok) { /* the first write since the read: the register's row kept */
      cpy_n(m->trow_sh, m->tag_sh + (size_t)m->trow_set * W, W * 4);
      memcpy(m->trow_known, m->tag_wr + (size_t)m->trow_set * nw, nw * 8);
      m->trow_ok = 0, m->trow_cp = 1;
    }
    m->tag_sh[(size_t)m->fw_tag_set_d * W + m->fw_tag_way_d] = m->fw_tag_line_d;
    m->tag_wr[ws] |= 1ull << (m->fw_tag_way_d % 64u);
  }
  /* the forwarding and remote registers' fields change only with their
   * valid bit set (_d equals _q outside a cycle: l1d_reset) */
  m->fw_tag_v_q = k & CK_NOTAG ? 0 : m->fw_tag_v_d;
  if (!(k & CK_NOTAG) && m->fw_tag_v_d) m->fw_tag_set_q = m->fw_tag_set_d, m->fw_tag_way_q = m->fw_tag_way_d, m->fw_tag_line_q = m->fw_tag_line_d;
  m->fw_data_v_q = k & CK_NODATA ? 0 : m->fw_data_v_d;
  if (!(k & CK_NODATA) && m->fw_data_v_d) {
    m->fw_data_set_q = m->fw_data_set_d;
    m->fw_data_way_q = m->fw_data_way_d;
    m->fw_lazy = m->dsrc != NULL; /* (an unobserved line fill: the line stays in its bank row, l1d.h) */
    if (!m->dsrc) {
      cpy_words(m->fw_data_q, m->fw_data_d, m->lwords);
      cpy_words(m->fw_data_mask_q, m->fw_data_mask_d, bits_words(m->g.line));
    }
  }
  m->rmt_v_q = m->rmt_v_d;
  if (m->rmt_v_d) m->rmt_line_q = m->rmt_line_d, m->rmt_set_q = m->rmt_set_d, m->rmt_sect_q = m->rmt_sect_d;
  fq_commit(&m->i_missq);
  fq_commit(&m->i_bypq);
  if (!(k & CK_NORQ) && m->rq_lazy) { /* the release queue's row: the line from the fill port, the entry index from the port */
    fifo_sync_t *f = &m->i_relq;
    const mem_1r1w_t *mm = &f->i_mem;
    m->rq_lazy = 0;
    f->wptr_q = f->wptr_d, f->rptr_q = f->rptr_d, f->count_q = f->count_d;
    if (mm->we_i && mm->waddr_i < mm->depth) {
      uint32_t *row = mm->mem_q + (size_t)mm->waddr_i * mm->words;
      cpy_words(row, m->in.fill_data_i, m->lwords);
      row[m->lwords] = mm->wdata_i[m->lwords]; /* (the row's last word: rqw = lbits + eidxw, eidxw <= 10) */
    }
  } else if (!(k & CK_RELIDLE)) {
    fq_commit(&m->i_relq);
  }
#ifndef FAULT_MEM_1R1W_SYNC_HOLD /* (injected: the output register reloads at every edge, read or not) */
  if (k & CK_NOTAG) { /* (no write: the reads, tags_commit's first branch) */
    tags_read(&m->i_tags);
    if (m->i_tags_rmt.re_i) tags_read(&m->i_tags_rmt);
#if L1D_TAG_SHARE
  } else if ((k & CK_STEP) && m->tsh) { /* (a step copy's tag write, the remote port left idle: tag_write) */
    m->tsh = 0;
    tags_commit_wr2s(&m->i_tags, &m->i_tags_rmt, m->lamask);
#endif
  } else if (m->i_tags.m.we_i & m->i_tags_rmt.m.we_i) {
    if (k & CK_STEP) { /* (rare in a step copy: tsh's path is the usual one) */
      tags_commit_wr2(&m->i_tags, &m->i_tags_rmt);
    } else { /* (inline in commit_full, its one caller there) */
      tags_wr_body(&m->i_tags);
      tags_wr_body(&m->i_tags_rmt);
    }
  } else {
    tags_commit(&m->i_tags);
    /* the remote copies: an edge with no remote read and no write leaves them as they are */
    if (m->i_tags_rmt.re_i | m->i_tags_rmt.m.we_i) tags_commit(&m->i_tags_rmt);
  }
#else
  tags_commit(&m->i_tags);
  mem_1r1w_sync_commit(&m->i_tags_rmt);
#endif
  if (k & CK_NODATA) { /* reads only */
    if (m->dk.rd) dk_read(&m->dk, m->g.ways);
    if (m->dk_rmt.rd) dk_read(&m->dk_rmt, m->g.ways);
  } else if (m->ndwe == 1 && m->dwe_full) { /* a line fill (the usual write): dk_commit's steps for one full write, inline */
    /* (both ports' address is the local one's: with dsrc the remote port is left idle, data_fill_lazy) */
    const unsigned wa = m->i_data[m->dwe[0]].m.waddr_i;
    bank_fill_commit(m, &m->dk_rmt, m->dwe[0], m->dsrc, (unsigned)W, wa); /* (the remote group first: dk_commit) */
    bank_fill_commit(m, &m->dk, m->dwe[0], m->dsrc, (unsigned)W, wa);
  } else if (m->ndwe) { /* a bank written: the read, then the writes (read-before-write) */
    dk_commit_rmt(m, m->g.ways, m->dwe, m->ndwe, m->dwe_full, m->dsrc); /* (the remote group first: dk_commit_body) */
    dk_commit_loc(m, m->g.ways, m->dwe, m->ndwe, m->dwe_full, m->dsrc);
  } else { /* reads only (dk_commit's first step, inline) */
    if (m->dk.rd) dk_read(&m->dk, m->g.ways);
    if (m->dk_rmt.rd) dk_read(&m->dk_rmt, m->g.ways);
  }
  if (!(k & CK_STEP) && m->observed) {
    dk_sync(&m->dk, m->g.ways);
    dk_sync(&m->dk_rmt, m->g.ways);
  }
}
__attribute__((noinline)) static void commit_full(l1d_t *m) { commit_body(m, 0, NULL); }
/* The edge after comb_empty_norel_small (idle L1D_C_EMPTY: D empty, no
 * fill offered, the release queue empty, unobserved).  No action, no fill,
 * no release: nothing staged, no counter moved, no tag or bank written, no
 * forwarding register set, no release-queue move -- what moves is D's load,
 * the memory port's queues, the reads and a remote lookup: commit_full's
 * steps for those, in its order, without its tests of the rest. */
__attribute__((always_inline)) static inline void commit_empty_body(l1d_t *m, const unsigned k) {
  m->mem_rr_q = m->mem_rr_d;
  if (!(k & CK_DQ)) { /* (CK_DQ: comb_body's step form wrote them) */
    m->d_valid_q = m->d_valid_d;
    m->d_addr_q = m->d_addr_d;
    m->d_store_q = m->d_store_d;
    m->d_byp_q = m->d_byp_d;
    m->d_id_q = m->d_id_d;
  }
  if (m->in.req_valid_i && m->in.req_store_i) { /* (D loads: commit_full's rule, unobserved) */
    cpy_words(m->d_data_q, m->in.req_data_i, m->lwords);
    cpy_words(m->d_mask_q, m->in.req_mask_i, bits_words(m->g.line));
  }
  if (!(k & CK_STEP) && m->i_tags.re_i) /* (a step copy: comb_body set it) */
    m->trow_set = m->i_tags.raddr_i, m->trow_ok = 1, m->trow_cp = 0;
  m->fw_tag_v_q = 0; /* (fw_tag_v_d, fw_data_v_d: comb_body's 0) */
  m->fw_data_v_q = 0;
  m->rmt_v_q = m->rmt_v_d;
  if (m->rmt_v_d) m->rmt_line_q = m->rmt_line_d, m->rmt_set_q = m->rmt_set_d, m->rmt_sect_q = m->rmt_sect_d;
  fq_commit(&m->i_missq);
  fq_commit(&m->i_bypq);
  fq_commit(&m->i_relq); /* (idle: returns at once, unless an injected fault runs the primitive's commit) */
  tags_commit(&m->i_tags); /* (no write: a read, if any) */
#ifndef FAULT_MEM_1R1W_SYNC_HOLD
  if (m->i_tags_rmt.re_i) tags_commit(&m->i_tags_rmt);
#else
  mem_1r1w_sync_commit(&m->i_tags_rmt);
#endif
  if (m->dk.rd) dk_read(&m->dk, m->g.ways); /* (reads only: dk_commit's first step) */
  if (m->dk_rmt.rd) dk_read(&m->dk_rmt, m->g.ways);
}

__attribute__((noinline)) static void commit_empty(l1d_t *m) { commit_empty_body(m, 0); }

/* ---- l1d_step: l1d_comb then l1d_commit in one call (l1d.h) ----
 * Each copy of comb_body is followed by its edge in the same function:
 * one call a cycle instead of two, and what selected the copy (its comb
 * constants) tells the edge what the cycle cannot have written (CK_*), so
 * those tests go.  The same comb_body and commit_body as l1d_comb and
 * l1d_commit: the same next state, ports and outputs. */
#define STEP_COPY(name, k, ...)                                                                                       \
  __attribute__((noinline)) L1D_NO_SLP static void name(l1d_t *m, const l1d_verd_t *pre) {                          \
    uint64_t pk[3] = {0, 0, 0}; /* (the MSHR's packed-flag changes: comb_body, commit_body) */                      \
    (void)pre;                                                                                                       \
    comb_body(m, __VA_ARGS__, 1, pk);                                                                                \
    commit_body(m, k, pk);                                                                                           \
  }
/* The decided-first copies (step_stall's): D's verdict passed in registers
 * -- the fields the copy's action reads, the others derived as decide
 * derives them (line and sector from the atom address, the set's row from
 * the set) -- not through memory: w is the hit way (mw) or the victim's
 * (rv.way, ACT_ALLOC), e the merge entry (p_e) or the free one (free_e,
 * ACT_ALLOC), of the outcome and fail reason (out | fail << 8). */
static inline l1d_verd_t verd_of(const l1d_t *m, uint32_t d_atom, uint32_t d_set, uint32_t w, uint32_t e, uint32_t of,
                                 const int cact) {
  return (l1d_verd_t){.d_line = d_atom >> m->sectw, .d_atom = d_atom, .d_sect = d_atom & (m->g.sectors - 1u),
                      .d_set = d_set, .mw = w, .p_e = e, .free_e = e, .out = of & 0xffu, .fail = of >> 8,
                      .act = cact >= 0 ? (uint32_t)cact : ACT_NONE, .rs = (size_t)d_set * m->g.ways,
                      .rv = {.free_any = 0, .found = 1, .way = w}};
}
#define STEP_GO(name, k, nofill, cact)                                                                                \
  __attribute__((noinline)) L1D_NO_SLP static void name(l1d_t *m, uint32_t d_atom, uint32_t d_set, uint32_t w,      \
                                                        uint32_t e, uint32_t of) {                                  \
    uint64_t pk[3] = {0, 0, 0};                                                                                      \
    const l1d_verd_t v = verd_of(m, d_atom, d_set, w, e, of, (cact));                                                \
    comb_body(m, 1, &v, 0, (nofill), 0, (cact), 1, pk);                                                              \
    commit_body(m, (k) | ((int)(cact) == (int)CACT_REFUSED ? CK_DHOLD : CK_DLOAD), pk);                             \
  }
/* (no fill: no lazy release-queue row; the action copies: what their action writes) */
STEP_COPY(step_full_small, CK_STEP | CK_DQ, 1, pre, 0, 3, 0, -1)
/* (busy: D refused, a line fill that is not ON_FILL's -- no tag write) */
STEP_COPY(step_busy_small, CK_NOTAG | CK_STEP | CK_DHOLD | CK_DQ | CK_CNT, 1, NULL, 0, 0, 1, -1)
/* (a fill and the release queue empty: no release, nofill 4) */
STEP_COPY(step_busy_norel_small, CK_NOTAG | CK_STEP | CK_DHOLD | CK_DQ | CK_CNT, 1, NULL, 0, 4, 1, -1)
STEP_COPY(step_empty_fnorel_small, CK_STEP | CK_DLOAD | CK_DQ | CK_CNT, 1, NULL, 1, 4, 0, -1)
STEP_GO(step_go_hit_small, CK_HITSET | CK_NOENT | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT | CK_RELIDLE, 2, ACT_LD_HIT)
STEP_GO(step_go_mergt_small, CK_HITSET | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT | CK_RELIDLE, 2, ACT_MERGE_T)
STEP_GO(step_go_alloc_small, CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT | CK_RELIDLE, 2, ACT_ALLOC)
STEP_GO(step_go_stfwd_small, CK_NOSET | CK_NOENT | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT | CK_RELIDLE, 2, ACT_ST_FWD)
STEP_GO(step_go_sthit_small, CK_NOTAG | CK_NORQ | CK_STEP | CK_DQ | CK_CNT | CK_RELIDLE, 2, ACT_ST_HIT)
STEP_COPY(step_empty_small, CK_STEP | CK_DLOAD | CK_DQ | CK_CNT, 1, NULL, 1, 3, 0, -1)
STEP_COPY(step_empty_nofill_small, CK_NOSET | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DLOAD | CK_DQ | CK_CNT, 1, NULL, 1, 1, 0, -1)
STEP_COPY(step_nofill_small, CK_NORQ | CK_STEP | CK_DQ, 1, pre, 0, 1, 0, -1)
STEP_COPY(step_norel_small, CK_NORQ | CK_STEP | CK_DQ | CK_RELIDLE, 1, pre, 0, 2, 0, -1)
/* D's request decided first and refused while the release queue holds a
 * row (no fill): the release and the stall, no request update (nothing
 * staged but the released entry, no tag or bank write) */
/* and going, with the release: a copy per common action (the step_go_* copies' constants, the release's work) */
STEP_GO(step_gorel_mergt_small, CK_HITSET | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT, 1, ACT_MERGE_T)
STEP_GO(step_gorel_alloc_small, CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT, 1, ACT_ALLOC)
STEP_GO(step_gorel_stfwd_small, CK_NOSET | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT, 1, ACT_ST_FWD)
STEP_GO(step_gorel_sthit_small, CK_NOTAG | CK_NORQ | CK_STEP | CK_DQ | CK_CNT, 1, ACT_ST_HIT)
STEP_GO(step_relstall_small, CK_NOSET | CK_NOTAG | CK_NODATA | CK_NORQ | CK_STEP | CK_DQ | CK_CNT, 1, CACT_REFUSED)
#undef STEP_COPY
#undef STEP_GO
__attribute__((noinline)) L1D_NO_SLP static void step_empty_norel_small(l1d_t *m) {
  uint64_t pk[3] = {0, 0, 0}; /* (unused: no entry changes in this copy) */
  comb_body(m, 1, NULL, 1, 2, 0, -1, 1, pk);
  commit_empty_body(m, CK_DQ | CK_STEP); /* (idle L1D_C_EMPTY: l1d_commit_any's edge for it) */
}
/* comb_full's dispatch, to the step copies (the general form: comb, then commit) */
__attribute__((always_inline)) static inline void step_full(l1d_t *m, const l1d_verd_t *pre) {
  if (m->small && !m->d_valid_q && !m->observed) {
    if (m->in.fill_valid_i) {
      if (m->i_relq.count_q) step_empty_small(m, NULL);
      else step_empty_fnorel_small(m, NULL);
    } else if (m->i_relq.count_q) step_empty_nofill_small(m, NULL);
    else step_empty_norel_small(m);
  } else if (m->small && !m->in.fill_valid_i) {
    if (m->i_relq.count_q) step_nofill_small(m, pre);
    else step_norel_small(m, pre);
  } else if (m->small && m->d_valid_q && !m->in.fill_byp_i && m->in.mode_alloc_i != L1D_ALLOC_ON_FILL &&
             !fifo_sync_full(&m->i_relq)) {
    if (m->i_relq.count_q) step_busy_small(m, NULL);
    else step_busy_norel_small(m, NULL);
  } else if (m->small) {
    step_full_small(m, pre);
  } else {
    comb_full_gen(m, pre);
    commit_full(m);
  }
}
/* comb_stall's, likewise: a refused request's edge is commit_full's with
 * nothing staged, written or pushed (stall_tail) */
__attribute__((noinline)) static void step_stall(l1d_t *m) {
  l1d_verd_t vd;
  if (!m->small) {
    comb_full_gen(m, NULL);
    commit_full(m);
    return;
  }
  const uint32_t rel = m->i_relq.count_q; /* (a release owns the response port: decide's rsp_busy) */
  decide(m, 1, d_set_of(m), m->mshr_vbits, 0, rel != 0, &vd);
  /* (the copies take the verdict in registers, STEP_GO; the other paths a
   * copy of it in memory, so that vd itself stays in registers) */
  const uint32_t of = vd.out | vd.fail << 8, a = vd.d_atom, s = vd.d_set;
  if (rel) { /* the release's copies */
    if (vd.fail != L1D_FAIL_NONE) step_relstall_small(m, a, s, vd.mw, vd.p_e, of);
    else if (vd.act == ACT_ALLOC) step_gorel_alloc_small(m, a, s, vd.rv.way, vd.free_e, of);
    else if (vd.act == ACT_MERGE_T) step_gorel_mergt_small(m, a, s, vd.mw, vd.p_e, of);
    else if (vd.act == ACT_ST_FWD) step_gorel_stfwd_small(m, a, s, vd.mw, vd.p_e, of);
    else if (vd.act == ACT_ST_HIT) step_gorel_sthit_small(m, a, s, vd.mw, vd.p_e, of);
    else {
      const l1d_verd_t v2 = vd;
      step_nofill_small(m, &v2);
    }
    return;
  }
  if (vd.fail != L1D_FAIL_NONE) {
    const l1d_verd_t v2 = vd;
    stall_tail(m, &v2);
    commit_body(m, CK_NOSET | CK_NOENT | CK_NOTAG | CK_NODATA | CK_NORQ | CK_RELIDLE, (const uint64_t[3]){0, 0, 0});
    return;
  }
  /* (comb_go's copies: no fill, the release queue empty) */
  if (vd.act == ACT_LD_HIT) { step_go_hit_small(m, a, s, vd.mw, vd.p_e, of); return; }
  if (vd.act == ACT_MERGE_T) { step_go_mergt_small(m, a, s, vd.mw, vd.p_e, of); return; }
  if (vd.act == ACT_ALLOC) { step_go_alloc_small(m, a, s, vd.rv.way, vd.free_e, of); return; }
  if (vd.act == ACT_ST_FWD) { step_go_stfwd_small(m, a, s, vd.mw, vd.p_e, of); return; }
  if (vd.act == ACT_ST_HIT) { step_go_sthit_small(m, a, s, vd.mw, vd.p_e, of); return; }
  const l1d_verd_t v2 = vd;
  step_full(m, &v2);
}
void l1d_step_any(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  if (m->idle == 1 && !(in->req_valid_i | in->fill_valid_i | in->rmt_valid_i)) { /* quiet again (l1d_comb_any) */
    if (in->fill_byp_i || in->mode_alloc_i != L1D_ALLOC_ON_FILL) m->out.fill_ready_o = 1;
    else fill_ready_empty_relq(m);
    if (m->observed) idle_again_obs(m);
    commit_quiet(m);
  } else if (m->observed || (l1d_rep_now(m) && !in->fill_valid_i) || (m->idle == 1 && !(in->req_valid_i | in->fill_valid_i))) {
    /* a repeat, observed, or quiet again with work at the remote port:
     * l1d_comb_any's paths and their edges */
    l1d_comb_any(m);
    l1d_commit(m);
  } else if (l1d_quiet(m)) {
    comb_idle(m); /* (unobserved: and the remote port's work, rmt_side) */
    commit_quiet(m);
    if (m->rmt_v_d | m->rmt_v_q) l1d_rmt_commit(m);
  } else if (m->d_valid_q && !(in->fill_valid_i | in->rmt_valid_i | m->rmt_v_q)) {
    step_stall(m); /* (stall_cand, the release queue's state tested there: its copies take it decided too) */
  } else {
    step_full(m, NULL);
  }
}
