/* mrpb_stats.h -- C mirror of rtl/mrpb/mrpb_stats.sv: MRPB saturating event
 * counters, maximum occupancy and occupancy histogram (bucket 0 for an
 * occupancy of 0, else floor(log2(occ)) + 1), with a CSR-style read mux:
 *   0 enq  1 deq  2 wpass  3 flush  4 bypass  5 stall  6 rej  7 occ_max
 *   8 + b  histogram bucket b; other indices read 0. */
#ifndef MRPB_STATS_H
#define MRPB_STATS_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "l1sys_params.h"

/* stat_sel_i encodings MRPB_STAT_* come from csim/params_mrpb.def */
#define MRPB_NBKT_MAX 16

typedef struct {
  unsigned cnt_w, occ_w, nbkt;
  uint32_t cmax, omask; /* derived: a counter's saturation value, the occupancy mask */
  uint32_t enq_cnt_q, deq_cnt_q, wpass_cnt_q, flush_cnt_q, bypass_cnt_q, stall_cnt_q, rej_cnt_q, occ_max_q;
  uint32_t enq_cnt_d, deq_cnt_d, wpass_cnt_d, flush_cnt_d, bypass_cnt_d, stall_cnt_d, rej_cnt_d, occ_max_d;
  uint32_t occ_hist_q[MRPB_NBKT_MAX], occ_hist_d[MRPB_NBKT_MAX]; /* one counter per bucket (RTL: occ_hist_q[NBkt]) */
  uint32_t bkt; /* this cycle's bucket: the one element of occ_hist_d that changes */
  /* headroom (model bookkeeping, not state): no counter (event or bucket)
   * is within `room` of CntW's maximum.  A counter grows by at most one a
   * cycle, so while room > 0 no saturating increment can saturate: the
   * cycle's increments are plain adds (mrpb_stats_comb_fast), which count
   * room down; at 0 the registers are looked at again (0 after a cycle of
   * the saturating form, which does not count). */
  uint32_t room;
  /* read mux as a table (built at init, like the RTL's constant case labels):
   * byte offset in this struct of the register each stat_sel_i value reads,
   * that of `zero` for the indices that read 0 */
  uint16_t rd_off[32];
  uint32_t zero;
} mrpb_stats_t;

/* The cycle's event pulses. */
typedef struct { uint32_t enq, deq, wpass, flush, bypass, stall, rej, occ; } mrpb_stats_in_t;

/* Returns -1 when occ_w is too large for the fixed histogram storage. */
int mrpb_stats_init(mrpb_stats_t *s, unsigned cnt_w, unsigned occ_w);
void mrpb_stats_reset(mrpb_stats_t *s);
uint32_t mrpb_stats_hist(const mrpb_stats_t *s, unsigned b);
void mrpb_stats_comb(mrpb_stats_t *s, const mrpb_stats_in_t *in);

/* sat_inc of the RTL; inc is 0 or 1 (no branch: the increments are random) */
static inline uint32_t mrpb_stats_sat_inc(const mrpb_stats_t *s, uint32_t v, uint32_t inc) {
  return v + (inc & (v != s->cmax));
}
/* mrpb_stats_comb() with the pulses as arguments, each 0 or 1 (the parent
 * calls it every cycle: no struct to fill).  The seven event counters are
 * consecutive fields (checked below): two 4-lane vectors (GCC/Clang vector
 * extension) do the seven saturating increments at once; lane 3 of the
 * second is occ_max, whose next value is a maximum, set after. */
typedef uint32_t mrpb_stats_v4_t __attribute__((vector_size(16)));
_Static_assert(offsetof(mrpb_stats_t, deq_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 4 &&
                   offsetof(mrpb_stats_t, wpass_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 8 &&
                   offsetof(mrpb_stats_t, flush_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 12 &&
                   offsetof(mrpb_stats_t, bypass_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 16 &&
                   offsetof(mrpb_stats_t, stall_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 20 &&
                   offsetof(mrpb_stats_t, rej_cnt_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 24 &&
                   offsetof(mrpb_stats_t, occ_max_q) == offsetof(mrpb_stats_t, enq_cnt_q) + 28 &&
                   offsetof(mrpb_stats_t, enq_cnt_d) == offsetof(mrpb_stats_t, enq_cnt_q) + 32 &&
                   offsetof(mrpb_stats_t, occ_max_d) == offsetof(mrpb_stats_t, enq_cnt_q) + 60,
               "mrpb_stats_t: the counters _q and _d must be consecutive uint32_t fields");
static inline void mrpb_stats_comb_v(mrpb_stats_t *s, uint32_t enq, uint32_t deq, uint32_t wpass, uint32_t flush,
                                     uint32_t bypass, uint32_t stall, uint32_t rej, uint32_t occ_i) {
  const uint32_t cmax = s->cmax, om = s->occ_max_q;
  char *base = (char *)s + offsetof(mrpb_stats_t, enq_cnt_q);
  mrpb_stats_v4_t a, b, cm = {cmax, cmax, cmax, cmax};
  mrpb_stats_v4_t ia = {enq, deq, wpass, flush}, ib = {bypass, stall, rej, 0};
  memcpy(&a, base, sizeof a);      /* enq, deq, wpass, flush */
  memcpy(&b, base + 16, sizeof b); /* bypass, stall, rej, occ_max */
  /* sat_inc of the RTL: + inc unless at CntW's maximum (~(x == cm): one
   * and-not, where x != cm compiles to a compare and its inversion) */
  a += ia & ~(mrpb_stats_v4_t)(a == cm);
  b += ib & ~(mrpb_stats_v4_t)(b == cm);
  memcpy(base + 32, &a, sizeof a); /* enq_cnt_d .. flush_cnt_d */
  memcpy(base + 48, &b, sizeof b); /* bypass_cnt_d .. rej_cnt_d, occ_max_d (set next) */
  s->occ_max_d = occ_i > om ? occ_i : om;
  /* bucket: position of the highest set bit plus one (0 for zero) */
  uint32_t occ = occ_i & s->omask;
  uint32_t bkt = occ ? 32u - (uint32_t)__builtin_clz(occ) : 0, h = s->occ_hist_q[bkt];
  s->bkt = bkt;
  s->occ_hist_d[bkt] = h + (h != cmax);
  s->room = 0; /* (not counted down here: looked at again by the next mrpb_stats_comb_fast) */
}

/* The headroom of the registers: the distance of the fullest counter from
 * CntW's maximum (out of line: only when the countdown reaches 0). */
uint32_t mrpb_stats_room(const mrpb_stats_t *s);

/* mrpb_stats_comb_v() for a parent that keeps each counter's _d equal to
 * its _q outside a cycle (reset writes both, commit copies _d back): with
 * headroom left (room > 0, so no counter is at CntW's maximum and sat_inc
 * is a plain add) the cycle adds its pulses to the _d counters and writes
 * only what changes -- a pulse the caller passes as the constant 0 costs
 * nothing; the occupancy maximum only when exceeded; the bucket's counter.
 * Without headroom, the saturating form above (the same values). */
static inline __attribute__((always_inline)) void mrpb_stats_comb_fast(mrpb_stats_t *s, uint32_t enq, uint32_t deq,
                                                                       uint32_t wpass, uint32_t flush, uint32_t bypass,
                                                                       uint32_t stall, uint32_t rej, uint32_t occ_i) {
  if (__builtin_expect(!s->room, 0)) s->room = mrpb_stats_room(s); /* (rare: near saturation, or never counted) */
  if (__builtin_expect(s->room != 0, 1)) {
    s->room--; /* this cycle's growth */
    s->enq_cnt_d += enq;
    s->deq_cnt_d += deq;
    s->wpass_cnt_d += wpass;
    s->flush_cnt_d += flush;
    s->bypass_cnt_d += bypass;
    s->stall_cnt_d += stall;
    s->rej_cnt_d += rej;
    if (occ_i > s->occ_max_q) s->occ_max_d = occ_i;
    /* bucket: floor(log2(occ)) + 1, 0 for 0: the highest set bit of 2 * occ + 1 */
    uint32_t bkt = 31u - (uint32_t)__builtin_clz(2u * (occ_i & s->omask) + 1u);
    s->bkt = bkt;
    s->occ_hist_d[bkt]++;
  } else {
    mrpb_stats_comb_v(s, enq, deq, wpass, flush, bypass, stall, rej, occ_i);
  }
}

static inline void mrpb_stats_commit(mrpb_stats_t *s) {
  /* enq_cnt_q .. occ_max_q from enq_cnt_d .. occ_max_d (consecutive, checked above) */
  memcpy((char *)s + offsetof(mrpb_stats_t, enq_cnt_q), (const char *)s + offsetof(mrpb_stats_t, enq_cnt_d), 32);
  s->occ_hist_q[s->bkt] = s->occ_hist_d[s->bkt]; /* the only bucket this cycle wrote */
}

/* mrpb_stats_comb_fast() and mrpb_stats_commit() in one, for a parent whose
 * comb and edge are one call (mrpb_step): with headroom each pulse is added
 * to the register and to its next state alike (the two stay equal, as
 * outside a cycle), so the edge copies nothing (no _d -> _q move, no
 * bucket index kept for it).  Without headroom, the saturating form, then
 * the edge. */
static inline __attribute__((always_inline)) void mrpb_stats_step_fast(mrpb_stats_t *s, uint32_t enq, uint32_t deq,
                                                                       uint32_t wpass, uint32_t flush, uint32_t bypass,
                                                                       uint32_t stall, uint32_t rej, uint32_t occ_i) {
  if (__builtin_expect(!s->room, 0)) s->room = mrpb_stats_room(s);
  if (__builtin_expect(s->room != 0, 1)) {
    s->room--;
    s->enq_cnt_q += enq, s->enq_cnt_d += enq;
    s->deq_cnt_q += deq, s->deq_cnt_d += deq;
    s->wpass_cnt_q += wpass, s->wpass_cnt_d += wpass;
    s->flush_cnt_q += flush, s->flush_cnt_d += flush;
    s->bypass_cnt_q += bypass, s->bypass_cnt_d += bypass;
    s->stall_cnt_q += stall, s->stall_cnt_d += stall;
    s->rej_cnt_q += rej, s->rej_cnt_d += rej;
    if (occ_i > s->occ_max_q) s->occ_max_q = s->occ_max_d = occ_i;
    uint32_t bkt = 31u - (uint32_t)__builtin_clz(2u * (occ_i & s->omask) + 1u);
    s->occ_hist_q[bkt]++, s->occ_hist_d[bkt]++;
  } else {
    mrpb_stats_comb_v(s, enq, deq, wpass, flush, bypass, stall, rej, occ_i);
    mrpb_stats_commit(s);
  }
}

/* stat_data_o: every register read is at most CntW bits except occ_max_q,
 * which the RTL truncates to CntW (CntW'(occ_max_q)): one mask does both.
 * sel is the 5-bit stat_sel_i: its low 5 bits, what the RTL's port sees
 * (as the 1-bit inputs are bit 0). */
static inline uint32_t mrpb_stats_read(const mrpb_stats_t *s, uint32_t sel) {
  return *(const uint32_t *)(const void *)((const char *)s + s->rd_off[sel & 31]) & s->cmax;
}


#endif
