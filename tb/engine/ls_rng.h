/* ls_rng.h -- the stimulus random generator: xoshiro256** seeded through
 * splitmix64, so a run is reproducible from its seed alone on any machine. */
#ifndef LS_RNG_H
#define LS_RNG_H
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h> /* ls_next_stir_f */
#endif

typedef struct { uint64_t s[4]; } ls_rng_t;

static inline uint64_t ls_splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline void ls_rng_seed(ls_rng_t *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = ls_splitmix(&seed);
}
static inline uint64_t ls_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
/* The generator's state update (xoshiro256**), one place for ls_rand and
 * ls_rand_skip. */
static inline __attribute__((always_inline)) void ls_rng_next(uint64_t *s) {
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = ls_rotl(s[3], 45);
}
static inline uint64_t ls_rand(ls_rng_t *r) {
  const uint64_t res = ls_rotl(r->s[1] * 5, 7) * 9;
  ls_rng_next(r->s);
  return res;
}
/* Advances the generator by n draws whose values nobody reads (the state
 * update of ls_rand without its output's multiplies). */
static inline __attribute__((always_inline)) void ls_rand_skip(ls_rng_t *r, unsigned n) {
  for (unsigned i = 0; i < n; i++) ls_rng_next(r->s);
}
/* Uniform in [0, n), n > 0. */
static inline uint32_t ls_below(ls_rng_t *r, uint32_t n) { return (uint32_t)(((ls_rand(r) >> 32) * n) >> 32); }
/* 1 with probability pct percent. */
static inline uint32_t ls_chance(ls_rng_t *r, uint32_t pct) { return ls_below(r, 100) < pct; }
/* Fills width bits of words with random bits (upper bits cleared). */
static inline void ls_rand_bits(ls_rng_t *r, uint32_t *words, unsigned width) {
  for (unsigned i = 0; i < (width + 31) / 32; i++) words[i] = (uint32_t)ls_rand(r);
  if (width & 31) words[(width - 1) / 32] &= (1u << (width & 31)) - 1u;
}
/* Fills width bits of words with random bits, all 64 bits of each draw
 * used (upper bits cleared): for payloads whose values matter. */
static inline void ls_rand_fill(ls_rng_t *r, uint32_t *words, unsigned width) {
  unsigned n = (width + 31) / 32, i = 0;
  for (; i + 1 < n; i += 2) {
    uint64_t x = ls_rand(r);
    words[i] = (uint32_t)x;
    words[i + 1] = (uint32_t)(x >> 32);
  }
  if (i < n) words[i] = (uint32_t)ls_rand(r);
  if (width & 31) words[(width - 1) / 32] &= (1u << (width & 31)) - 1u;
}
/* Refreshes a don't-care field (the data of a port while its valid is low,
 * a load's store data) for a few instructions instead of a draw per word:
 * from one draw, LS_STIR_WORDS consecutive words at a random position (all
 * of a field of up to 128 bits) are XORed with the values of a 64-bit Weyl
 * sequence (start and odd step from the draw, high bits folded onto low
 * ones so low bits do not merely alternate).  So the field changes every
 * cycle, and every word of it within a few cycles: logic that forgets to
 * qualify the field with its valid, or samples it a cycle late, sees values
 * that differ from the ones it should have used.  Reproducible from the
 * seed like every other draw (the new value depends on the old, which came
 * from the seed too). */
#define LS_STIR_WORDS 4u
/* A field's stir constants, worked out once for its width (a field stirred
 * every cycle keeps them: ls_rand_stir_f then makes no division and no
 * call): the window length k, the number of window positions span = n - k
 * + 1 for n words, the last word and its mask (all ones for a whole word:
 * nothing to clear, and nothing touched for a field of no words). */
typedef struct { uint32_t k, span, last, lmask; } ls_stir_t;
static inline void ls_stir_init(ls_stir_t *f, unsigned width) {
  unsigned n = (width + 31) / 32;
  f->k = n < LS_STIR_WORDS ? n : LS_STIR_WORDS;
  f->span = n - f->k + 1;
  f->last = n - 1;
  f->lmask = width & 31 ? (1u << (width & 31)) - 1u : ~0u;
}
/* (always inlined: a caller keeps the generator in locals, whose address
 * must not escape to an out-of-line copy) */
static inline __attribute__((always_inline)) void ls_rand_stir_f(ls_rng_t *r, uint32_t *words, const ls_stir_t *f) {
  uint64_t a = ls_rand(r), step = a >> 31 | 1u;
  uint32_t *w = words + (unsigned)(((a >> 40) * f->span) >> 24); /* window start in [0, n - k] */
#if LS_STIR_WORDS == 4
  if (f->k == 4) { /* (the common case, unrolled: the same values as the loop) */
    const uint64_t a1 = a + step, a2 = a1 + step, a3 = a2 + step;
    w[0] ^= (uint32_t)(a ^ (a >> 23));
    w[1] ^= (uint32_t)(a1 ^ (a1 >> 23));
    w[2] ^= (uint32_t)(a2 ^ (a2 >> 23));
    w[3] ^= (uint32_t)(a3 ^ (a3 >> 23));
    if (f->lmask != ~0u) words[f->last] &= f->lmask;
    return;
  }
#endif
  for (unsigned j = 0; j < f->k; j++, a += step) w[j] ^= (uint32_t)(a ^ (a >> 23));
  if (f->lmask != ~0u) words[f->last] &= f->lmask;
}
static inline void ls_rand_stir(ls_rng_t *r, uint32_t *words, unsigned width) {
  ls_stir_t f;
  ls_stir_init(&f, width);
  ls_rand_stir_f(r, words, &f);
}

/* Small random choices four to a draw: a pool holds the unused 16-bit
 * fields of the last draw (the caller keeps it, zeroed, per run). */
typedef struct { uint64_t x; unsigned n; } ls_pool_t;
/* Uniform in [0, n), n <= 65536, from the next 16-bit field. */
static inline uint32_t ls_pool_below(ls_rng_t *r, ls_pool_t *p, uint32_t n) {
  if (!p->n) p->x = ls_rand(r), p->n = 4;
  uint32_t f = (uint32_t)(p->x & 0xffffu);
  p->x >>= 16;
  p->n--;
  return (f * n) >> 16;
}
/* 1 with probability pct percent. */
static inline uint32_t ls_pool_chance(ls_rng_t *r, ls_pool_t *p, uint32_t pct) { return ls_pool_below(r, p, 100) < pct; }

/* Draws made ahead, for a stimulus whose draws depend on random conditions
 * (the L1D's adapter): a copy of the generator fills a buffer and the
 * stimulus takes the draws in order, so each value is the one ls_rand
 * would have returned at that point of the stream (same seed, same
 * values).  What it buys: a draw made only on a condition becomes "take
 * the next value, advance the cursor by the condition", and the pool's
 * refill a select (ls_next_pool_below) -- no branch on random bits, which
 * the CPU mispredicts about as often as the bits say; and a field filled
 * from draws is one copy.  From ls_ahead_start on, the buffer's generator
 * owns the stream: the generator it was started from is not advanced. */
#define LS_AHEAD_N 512u   /* draws per buffer */
#define LS_AHEAD_MIN 128u /* unused draws after ls_ahead_ensure: one cycle's unchecked draws must fit */
typedef struct { ls_rng_t g; unsigned i, n, base; uint64_t v[LS_AHEAD_N]; } ls_ahead_t;
static inline void ls_ahead_start(ls_ahead_t *a, const ls_rng_t *r) { a->g = *r; a->i = a->n = a->base = 0; }
/* The same with the buffer's first word kept free (base 1): the cursor
 * always has a word behind it, which ls_run_open writes. */
static inline void ls_ahead_start_back(ls_ahead_t *a, const ls_rng_t *r) { a->g = *r; a->i = a->n = a->base = 1; }
/* Moves the unused draws to the front (after the kept word) and fills the rest. */
static inline void ls_ahead_refill(ls_ahead_t *a) {
  const unsigned k = a->n - a->i;
  __builtin_memmove(a->v + a->base, a->v + a->i, 8u * k);
  ls_rng_t g = a->g;
#pragma GCC unroll 4
  for (uint64_t *v = a->v + a->base + k, *e = a->v + LS_AHEAD_N; v < e; v++) *v = ls_rand(&g);
  a->g = g;
  a->i = a->base;
  a->n = LS_AHEAD_N;
}
static inline void ls_ahead_ensure(ls_ahead_t *a) {
  if (a->n - a->i < LS_AHEAD_MIN) ls_ahead_refill(a);
}
/* Checked draws (any number: refills when empty), as ls_rand/ls_below/ls_chance. */
static inline uint64_t ls_ahead_rand(ls_ahead_t *a) {
  if (a->i == a->n) ls_ahead_refill(a);
  return a->v[a->i++];
}
static inline uint32_t ls_ahead_below(ls_ahead_t *a, uint32_t n) { return (uint32_t)(((ls_ahead_rand(a) >> 32) * n) >> 32); }
static inline uint32_t ls_ahead_chance(ls_ahead_t *a, uint32_t pct) { return ls_ahead_below(a, 100) < pct; }
/* Unchecked draws through a cursor d (a local pointer into v: fewer than
 * LS_AHEAD_MIN of them after ls_ahead_ensure, since a select reads the
 * draw after the cursor), as ls_rand/ls_below/ls_chance. */
static inline uint64_t ls_next(const uint64_t **d) { return *(*d)++; }
static inline uint32_t ls_next_below(const uint64_t **d, uint32_t n) { return (uint32_t)(((ls_next(d) >> 32) * n) >> 32); }
static inline uint32_t ls_next_chance(const uint64_t **d, uint32_t pct) { return ls_next_below(d, 100) < pct; }
/* The next draw if e (0 or 1), else keep: the value and the cursor's step
 * are selects (the next draw is read either way). */
static inline uint64_t ls_next_if(const uint64_t **d, unsigned e, uint64_t keep) {
  const uint64_t v = **d;
  *d += e;
  return keep ^ ((keep ^ v) & (0 - (uint64_t)e)); /* (a mask, not a ?: the compiler may branch on) */
}
/* The pool's next 16-bit field, the refill a select: the same fields in
 * the same order as ls_pool_below (between calls a pool holds 0..3). */
static inline uint32_t ls_next_pool_field(const uint64_t **d, ls_pool_t *p) {
  const uint64_t x = ls_next_if(d, p->n == 0, p->x);
  p->n = (p->n - 1u) & 3u; /* 0 -> 3 (refilled, one taken), else one fewer */
  p->x = x >> 16;
  return (uint32_t)(x & 0xffffu);
}
static inline uint32_t ls_next_pool_below(const uint64_t **d, ls_pool_t *p, uint32_t n) { return (ls_next_pool_field(d, p) * n) >> 16; }
/* A percentage as a threshold on the field: (f * 100) >> 16 < pct exactly
 * when f * 100 < pct << 16, i.e. f < ceil((pct << 16) / 100) -- worked out
 * once per percentage, no multiply per choice. */
static inline uint32_t ls_pool_thr(uint32_t pct) { return (uint32_t)(((uint64_t)pct * 65536u + 99u) / 100u); }
static inline uint32_t ls_next_pool_under(const uint64_t **d, ls_pool_t *p, uint32_t thr) { return ls_next_pool_field(d, p) < thr; }
/* The pool read in place, for a stretch of small choices with no other
 * draw between them: a pool's fields are always the last n of its draw,
 * so with that draw's word written just behind the cursor (over a draw
 * already used, or its own copy) the pool's fields and the next draws'
 * are one run of 16-bit words in the buffer (a little-endian host: a
 * draw's first field its low bits).  A choice is then a load and the
 * pointer's step, not the pool's select per field (ls_next_pool_field);
 * closing moves the cursor past the draws whose fields were used and
 * keeps the last one's word and its unused fields as the pool: the same
 * fields in the same order as ls_next_pool_field, the same draws used.
 * Needs a word behind the cursor (ls_ahead_start_back) and the
 * fields read to lie among the unchecked draws (LS_AHEAD_MIN; a stretch
 * of up to LS_RUN_MAX fields reads at most three draws). */
#define LS_RUN_MAX 8u
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
typedef uint16_t __attribute__((may_alias)) ls_f16_t; /* (read over the buffer's 64-bit draws) */
static inline __attribute__((always_inline)) const ls_f16_t *ls_run_open(const uint64_t *d, const ls_pool_t *p) {
  ((uint64_t *)(uintptr_t)d)[-1] = p->x; /* (the buffer is the caller's, writable: the cursor is const for the draws ahead) */
  return (const ls_f16_t *)d - p->n;
}
static inline uint32_t ls_run_field(const ls_f16_t **f) { return *(*f)++; }
/* the next field if e (0 or 1), else nothing taken (the value a don't-care) */
static inline uint32_t ls_run_field_if(const ls_f16_t **f, unsigned e) {
  const uint32_t v = **f;
  *f += e;
  return v;
}
static inline uint32_t ls_run_below(const ls_f16_t **f, uint32_t n) { return (ls_run_field(f) * n) >> 16; }
static inline uint32_t ls_run_under(const ls_f16_t **f, uint32_t thr) { return ls_run_field(f) < thr; }
/* k fields past the cursor (-n <= k): draws used (k + 3) / 4, fields left (-k) & 3 */
static inline __attribute__((always_inline)) void ls_run_close(const ls_f16_t *f, const uint64_t **d, ls_pool_t *p) {
  const long k = f - (const ls_f16_t *)*d;
  *d += (unsigned long)(k + 3) / 4u;
  p->x = (*d)[-1];
  p->n = (unsigned)(-k) & 3u;
}
#else
#error "ls_run_*: a draw's 16-bit fields in memory order need a little-endian host"
#endif
/* ls_rand_fill from the cursor (a little-endian host: one copy). */
static inline void ls_next_fill(const uint64_t **d, uint32_t *words, unsigned width) {
  const unsigned n = (width + 31) / 32;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  __builtin_memcpy(words, *d, 4u * n); /* word 2j the low half of a draw, 2j + 1 its high half */
  *d += (n + 1) / 2;
#else
  for (unsigned i = 0; i < n; i += 2) {
    const uint64_t x = ls_next(d);
    words[i] = (uint32_t)x;
    if (i + 1 < n) words[i + 1] = (uint32_t)(x >> 32);
  }
#endif
  if (width & 31) words[(width - 1) / 32] &= (1u << (width & 31)) - 1u;
}
/* ls_rand_stir_f from the cursor (the same XORs). */
static inline __attribute__((always_inline)) void ls_next_stir_f(const uint64_t **d, uint32_t *words, const ls_stir_t *f) {
  uint64_t a = ls_next(d), step = a >> 31 | 1u;
  uint32_t *w = words + (unsigned)(((a >> 40) * f->span) >> 24); /* window start in [0, n - k] */
  if (f->k == 4) { /* (the common case, unrolled: the same values as the loop) */
#ifdef __SSE2__
    /* the four Weyl values two to a vector, their low halves XORed in as one 128-bit word */
    const __m128i s2 = _mm_set1_epi64x((long long)(2 * step));
    __m128i lo = _mm_set_epi64x((long long)(a + step), (long long)a), hi = _mm_add_epi64(lo, s2);
    lo = _mm_xor_si128(lo, _mm_srli_epi64(lo, 23));
    hi = _mm_xor_si128(hi, _mm_srli_epi64(hi, 23));
    const __m128i x = _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(lo), _mm_castsi128_ps(hi), _MM_SHUFFLE(2, 0, 2, 0)));
    _mm_storeu_si128((__m128i *)w, _mm_xor_si128(_mm_loadu_si128((const __m128i *)w), x));
#else
    const uint64_t a1 = a + step, a2 = a1 + step, a3 = a2 + step;
    w[0] ^= (uint32_t)(a ^ (a >> 23));
    w[1] ^= (uint32_t)(a1 ^ (a1 >> 23));
    w[2] ^= (uint32_t)(a2 ^ (a2 >> 23));
    w[3] ^= (uint32_t)(a3 ^ (a3 >> 23));
#endif
  } else {
    for (unsigned j = 0; j < f->k; j++, a += step) w[j] ^= (uint32_t)(a ^ (a >> 23));
  }
  if (f->lmask != ~0u) words[f->last] &= f->lmask;
}

#endif
