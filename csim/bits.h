/* bits.h -- multi-word bit vectors as uint32_t arrays, least significant
 * word first, the same layout Verilator's VPI uses for vpiVectorVal.
 * Rule for every C model field that mirrors an RTL signal: width <= 32 is a
 * uint32_t, 33..64 a uint64_t, wider an array of bits_words(width) uint32_t. */
#ifndef BITS_H
#define BITS_H
#include <stdint.h>
#include <string.h>

static inline unsigned bits_words(unsigned width) { return (width + 31u) / 32u; }

static inline uint64_t bits_mask64(unsigned width) { return width >= 64 ? ~0ull : ((1ull << width) - 1ull); }

/* Reads width (<= 64) bits starting at bit lsb (word at a time; never
 * reads a word past the last bit asked for). */
static inline uint64_t bits_get(const uint32_t *v, unsigned lsb, unsigned width) {
  if (!width) return 0;
  unsigned w = lsb >> 5, o = lsb & 31, got = 32 - o;
  uint64_t r = v[w] >> o;
  while (got < width) {
    r |= (uint64_t)v[++w] << got;
    got += 32;
  }
  return r & bits_mask64(width);
}

/* Writes width (<= 64) bits starting at bit lsb. */
static inline void bits_set(uint32_t *v, unsigned lsb, unsigned width, uint64_t val) {
  val &= bits_mask64(width);
  while (width) {
    unsigned w = lsb >> 5, o = lsb & 31, n = 32 - o < width ? 32 - o : width;
    uint32_t m = (uint32_t)(bits_mask64(n) << o);
    v[w] = (v[w] & ~m) | ((uint32_t)(val << o) & m);
    val >>= n;
    lsb += n;
    width -= n;
  }
}

static inline unsigned bits_test(const uint32_t *v, unsigned b) { return (v[b >> 5] >> (b & 31)) & 1u; }

/* Clears the bits above width in the top word. */
static inline void bits_trim(uint32_t *v, unsigned width) {
  if (width & 31) v[(width - 1) >> 5] &= (1u << (width & 31)) - 1u;
}

/* The RTL's Ways-bit (or Entries-bit) vector of flags that the C model
 * keeps one per byte (uint8_t, Verilator's type for an unpacked array of
 * 1-bit elements, or of a few bits such as a line's sector mask): bit i set
 * when byte i is not zero, n <= 64.  Each byte is folded onto its bit 0,
 * then eight flags per multiply (each byte's bit 0 lands at bit 56 + i of
 * the product), so a 48-way set costs six steps, not 48. */
static inline uint64_t bits_pack_nz(const uint8_t *f, unsigned n) {
  uint64_t m = 0;
  unsigned i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    memcpy(&x, f + i, 8);
    x |= x >> 4; x |= x >> 2; x |= x >> 1;
    m |= (((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << i;
  }
#endif
  for (; i < n; i++) m |= (uint64_t)(f[i] != 0) << i;
  return m;
}

/* Same for three flag arrays ORed ((a|b|c)[i] != 0 at bit i). */
static inline uint64_t bits_pack_nz3(const uint8_t *a, const uint8_t *b, const uint8_t *c, unsigned n) {
  uint64_t m = 0;
  unsigned i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y, z;
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    memcpy(&z, c + i, 8);
    x |= y | z;
    x |= x >> 4; x |= x >> 2; x |= x >> 1;
    m |= (((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << i;
  }
#endif
  for (; i < n; i++) m |= (uint64_t)((a[i] | b[i] | c[i]) != 0) << i;
  return m;
}

/* Number of bits a counter/index needs: clog2(n), at least 1. */
static inline unsigned bits_clog2(unsigned long long n) {
  unsigned w = 0;
  while ((1ull << w) < n) w++;
  return w;
}
static inline unsigned bits_idx_w(unsigned long long n) { unsigned w = bits_clog2(n); return w ? w : 1; }

#endif
