/* mrpb_drain.c -- see mrpb_drain.h; mirrors rtl/mrpb/mrpb_drain.sv. */
#include "mrpb_drain.h"
#include "bits.h"
#include "l1sys_params.h"
#include "prio_enc.h"

void mrpb_drain_init(mrpb_drain_t *d, unsigned nq, unsigned cnt_w) {
  d->nq = nq;
  d->cnt_w = cnt_w;
  d->idx_w = bits_idx_w(nq);
  rr_arb_init(&d->i_rr, nq);
  mrpb_drain_reset(d);
}

void mrpb_drain_reset(mrpb_drain_t *d) {
  d->gcur_q = d->gcur_v_q = d->gcur_d = d->gcur_v_d = 0;
  rr_arb_reset(&d->i_rr);
}

/* Longest first: largest count among eligible queues, then the lowest ID
 * among the eligible queues of that count.  Visits the eligible queues
 * only (the set bits of the bitmap). */
static uint32_t pick_longest(const mrpb_drain_t *d, const mrpb_drain_in_t *in, uint32_t *valid) {
  uint32_t max_len = 0, best = 0;
  *valid = 0;
  for (unsigned w = 0; w < MRPB_ELIG_WORDS && w * 32 < d->nq; w++) {
    for (uint32_t r = in->elig[w]; r; r &= r - 1) {
      unsigned q = w * 32 + (unsigned)__builtin_ctz(r);
#ifdef FAULT_MRPB_LONGEST_TIE
      if (!*valid || in->cnt[q] >= max_len) { /* injected fault: ties go to the higher queue ID */
#else
      if (!*valid || in->cnt[q] > max_len) {
#endif
        max_len = in->cnt[q];
        best = q;
        *valid = 1;
      }
    }
  }
  return best;
}

static uint32_t pick_base(const mrpb_drain_t *d, const mrpb_drain_in_t *in, uint32_t *valid) {
  switch (in->mode_drain) {
  case MRPB_DRAIN_RR: return rr_arb_pick(&d->i_rr, in->elig, valid, NULL);
  case MRPB_DRAIN_LONGEST: return pick_longest(d, in, valid);
  default: return prio_enc(in->elig, d->nq, valid, NULL);
  }
}

static uint32_t flush_hit(const mrpb_drain_t *d, const mrpb_drain_in_t *in) {
  return in->flush_valid && in->flush_idx < d->nq && bits_test(in->elig, in->flush_idx);
}

static uint32_t cur_active(const mrpb_drain_t *d, const mrpb_drain_in_t *in) {
  return in->mode_greedy && d->gcur_v_q && d->gcur_q < d->nq && bits_test(in->elig, d->gcur_q);
}

mrpb_drain_sel_t mrpb_drain_pick(const mrpb_drain_t *d, const mrpb_drain_in_t *in) {
  mrpb_drain_sel_t s = {0, 0, 0};
  if (flush_hit(d, in)) {
    s.valid = 1;
    s.idx = in->flush_idx;
    s.flush = 1;
  } else if (cur_active(d, in)) {
    s.valid = 1;
    s.idx = d->gcur_q;
  } else {
    s.idx = pick_base(d, in, &s.valid);
  }
  return s;
}

void mrpb_drain_comb(mrpb_drain_t *d, const mrpb_drain_in_t *in, mrpb_drain_sel_t sel, uint32_t advance) {
  uint32_t active = cur_active(d, in);
  uint32_t base_pick = !flush_hit(d, in) && !active;
  /* The round-robin pointer moves only on a consumed base RR pick; its next
   * state otherwise equals its state (rr_arb keeps ptr_d == ptr_q between
   * cycles), so the arbiter's logic runs only when it can move. */
  if (advance && base_pick && in->mode_drain == MRPB_DRAIN_RR) rr_arb_comb(&d->i_rr, in->elig, 1);
  d->gcur_d = d->gcur_q;
  d->gcur_v_d = active;
  if (in->mode_greedy && advance && sel.valid && !sel.flush) {
    d->gcur_d = sel.idx;
    d->gcur_v_d = 1;
  }
}

/* The longest-first pick for mrpb_drain_step() (out of line: one policy of three). */
uint32_t mrpb_drain_longest(const mrpb_drain_t *d, const uint32_t *elig, const uint32_t *cnt, uint32_t *valid) {
  mrpb_drain_in_t in = {MRPB_DRAIN_LONGEST, 0, elig, cnt, 0, 0, NULL, 0};
  return pick_longest(d, &in, valid);
}

/* The round-robin pointer's next state after a consumed base pick. */
void mrpb_drain_rr_advance(mrpb_drain_t *d, const uint32_t *elig) { rr_arb_comb(&d->i_rr, elig, 1); }
