/* ls_rng.h -- the stimulus random generator: xoshiro256** seeded through
 * splitmix64, so a run is reproducible from its seed alone on any machine. */
#ifndef LS_RNG_H
#define LS_RNG_H
#include <stdint.h>

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
static inline uint64_t ls_rand(ls_rng_t *r) {
  uint64_t *s = r->s, res = ls_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = ls_rotl(s[3], 45);
  return res;
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

#endif
