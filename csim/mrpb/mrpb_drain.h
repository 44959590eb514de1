/* mrpb_drain.h -- C mirror of rtl/mrpb/mrpb_drain.sv: the MRPB drain
 * selector (the MRPB paper, Sections 3.3 and 6).  Pick order: flush target with an
 * eligible head; else, in greedy mode, the current queue while it has an
 * eligible head (a current queue with no eligible entry counts as empty);
 * else the base policy over the eligible queues: FIXED (prio_enc, lowest
 * ID), RR (rr_arb), LONGEST (largest count, ties to the lowest ID).
 * Encoding 3 acts as FIXED.
 * Per cycle: mrpb_drain_pick() (combinational), then mrpb_drain_comb() with
 * the pick and whether it was consumed, then mrpb_drain_commit(). */
#ifndef MRPB_DRAIN_H
#define MRPB_DRAIN_H
#include <stdint.h>
#include "l1sys_params.h"
#include "rr_arb.h"

#define MRPB_ELIG_WORDS 2 /* queues <= 64 (the SM has 48 warps) */

typedef struct {
  unsigned nq, cnt_w, idx_w;
  uint32_t gcur_q, gcur_v_q; /* greedy: current queue and whether it is set */
  uint32_t gcur_d, gcur_v_d;
  rr_arb_t i_rr;
} mrpb_drain_t;

/* The selector's outputs (sel_valid_o, sel_idx_o, sel_flush_o). */
typedef struct { uint32_t valid, idx, flush; } mrpb_drain_sel_t;

/* The selector's inputs: elig is a bitmap (queue q at bit q of word q/32),
 * cnt one count per queue (the RTL's packed cnt_i, unpacked). */
typedef struct {
  uint32_t mode_drain, mode_greedy;
  const uint32_t *elig, *cnt;
  uint32_t flush_valid, flush_idx;
  /* Optional (NULL: not kept), for mrpb_drain_step()'s longest-first pick:
   * the eligible queues of each count (by_cnt[c], queue q at bit q) and the
   * counts that have one (bit c of cnts), kept by the parent as the counts
   * change; the largest count is then the highest bit of cnts. */
  const uint64_t *by_cnt;
  uint64_t cnts;
} mrpb_drain_in_t;

void mrpb_drain_init(mrpb_drain_t *d, unsigned nq, unsigned cnt_w);
void mrpb_drain_reset(mrpb_drain_t *d);
mrpb_drain_sel_t mrpb_drain_pick(const mrpb_drain_t *d, const mrpb_drain_in_t *in);
/* Next state; sel is this cycle's pick, advance whether it was consumed. */
void mrpb_drain_comb(mrpb_drain_t *d, const mrpb_drain_in_t *in, mrpb_drain_sel_t sel, uint32_t advance);
/* Both in one step (inline: the parent calls it every cycle), for a parent
 * whose flags are 0 or 1 and whose advance_i is sel_valid_o && go (the
 * MRPB: go = output register free and no drain hold): the same pick and
 * next state as mrpb_drain_pick() then mrpb_drain_comb(), with the eligible
 * queues as one 64-bit vector and nothing to do when none is eligible. */
uint32_t mrpb_drain_longest(const mrpb_drain_t *d, const uint32_t *elig, const uint32_t *cnt, uint32_t *valid);
void mrpb_drain_rr_advance(mrpb_drain_t *d, const uint32_t *elig);
static inline __attribute__((always_inline)) mrpb_drain_sel_t mrpb_drain_step(mrpb_drain_t *d, const mrpb_drain_in_t *in, uint32_t go) {
  mrpb_drain_sel_t s = {0, 0, 0};
  uint64_t el = (uint64_t)in->elig[1] << 32 | in->elig[0];
  d->gcur_v_d = 0; /* (gcur_d equals gcur_q outside a cycle: written only when it changes) */
  if (!el) return s; /* no eligible head: no pick (every encoder gives index 0), nothing advances */
  uint32_t flush_hit = in->flush_valid & (uint32_t)(el >> (in->flush_idx & 63));
  uint32_t active = in->mode_greedy & d->gcur_v_q & (uint32_t)(el >> (d->gcur_q & 63));
  if (flush_hit) {
    s.valid = 1;
    s.idx = in->flush_idx;
    s.flush = 1;
  } else if (active) {
    s.valid = 1;
    s.idx = d->gcur_q;
  } else if (in->mode_drain == MRPB_DRAIN_RR) {
    s.idx = rr_arb_pick64(&d->i_rr, el, &s.valid);
  } else if (in->mode_drain == MRPB_DRAIN_LONGEST && in->by_cnt) {
    uint64_t top = in->by_cnt[63 - __builtin_clzll(in->cnts)]; /* eligible queues of the largest count */
    s.valid = 1;
#ifdef FAULT_MRPB_LONGEST_TIE
    s.idx = 63u - (uint32_t)__builtin_clzll(top); /* injected fault: ties go to the higher queue ID */
#else
    s.idx = (uint32_t)__builtin_ctzll(top); /* ties: the lowest queue ID (prio_enc) */
#endif
  } else if (in->mode_drain == MRPB_DRAIN_LONGEST) {
    s.idx = mrpb_drain_longest(d, in->elig, in->cnt, &s.valid);
  } else {
    s.valid = 1; /* FIXED: prio_enc over a non-zero vector */
    s.idx = (uint32_t)__builtin_ctzll(el);
  }
  uint32_t advance = s.valid & go;
  /* as mrpb_drain_comb(): the round-robin pointer moves on a consumed base pick */
  if (advance & !(flush_hit | active) & (in->mode_drain == MRPB_DRAIN_RR)) mrpb_drain_rr_advance(d, in->elig);
  d->gcur_v_d = active;
  if (in->mode_greedy & advance & !s.flush) {
    d->gcur_d = s.idx;
    d->gcur_v_d = 1;
  }
  return s;
}
/* mrpb_drain_step()'s next state when go is 0 (nothing advances): the
 * greedy current queue stays (gcur_d already equals gcur_q), flagged while
 * it has an eligible head. */
static inline uint32_t mrpb_drain_hold_v(const mrpb_drain_t *d, const uint32_t *elig, uint32_t mode_greedy) {
  uint64_t el = (uint64_t)elig[1] << 32 | elig[0];
  return mode_greedy & d->gcur_v_q & (uint32_t)(el >> (d->gcur_q & 63));
}
static inline void mrpb_drain_hold(mrpb_drain_t *d, const uint32_t *elig, uint32_t mode_greedy) {
  d->gcur_v_d = mrpb_drain_hold_v(d, elig, mode_greedy);
}
static inline void mrpb_drain_commit(mrpb_drain_t *d) {
  d->gcur_q = d->gcur_d;
  d->gcur_v_q = d->gcur_v_d;
  rr_arb_commit(&d->i_rr);
}

#endif
