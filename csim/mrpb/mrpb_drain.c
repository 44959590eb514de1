/* mrpb_drain.c -- see mrpb_drain.h. */
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

static uint32_t cnt_of(const mrpb_drain_t *d, const uint32_t *cnt, unsigned q) {
  return (uint32_t)bits_get(cnt, q * d->cnt_w, d->cnt_w);
}

/* Longest first: largest count among eligible queues, then a prio_enc over
 * the queues of that count (lowest ID wins). */
static uint32_t pick_longest(const mrpb_drain_t *d, const mrpb_drain_in_t *in, uint32_t *valid) {
  uint32_t req[8] = {0}, max_len = 0; /* nq <= 256 */
  for (unsigned q = 0; q < d->nq; q++)
    if (bits_test(in->elig, q) && cnt_of(d, in->cnt, q) > max_len) max_len = cnt_of(d, in->cnt, q);
  for (unsigned q = 0; q < d->nq; q++)
    if (bits_test(in->elig, q) && cnt_of(d, in->cnt, q) == max_len) bits_set(req, q, 1, 1);
#ifdef FAULT_MRPB_LONGEST_TIE
  /* Injected fault: ties go to the higher queue ID. */
  for (unsigned q = 0; q < d->nq; q++)
    for (unsigned r = q + 1; r < d->nq; r++)
      if (bits_test(req, r)) bits_set(req, q, 1, 0);
#endif
  return prio_enc(req, d->nq, valid, NULL);
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
  return in->mode_greedy && d->gcur_v_q && bits_test(in->nonempty, d->gcur_q);
}

mrpb_drain_sel_t mrpb_drain_pick(const mrpb_drain_t *d, const mrpb_drain_in_t *in) {
  mrpb_drain_sel_t s = {0, 0, 0};
  if (flush_hit(d, in)) {
    s.valid = 1;
    s.idx = in->flush_idx;
    s.flush = 1;
  } else if (cur_active(d, in)) {
    s.valid = bits_test(in->elig, d->gcur_q);
    s.idx = d->gcur_q;
  } else {
    s.idx = pick_base(d, in, &s.valid);
  }
  return s;
}

void mrpb_drain_comb(mrpb_drain_t *d, const mrpb_drain_in_t *in, mrpb_drain_sel_t sel, uint32_t advance) {
  uint32_t base_pick = !flush_hit(d, in) && !cur_active(d, in);
  rr_arb_comb(&d->i_rr, in->elig, advance && base_pick && in->mode_drain == MRPB_DRAIN_RR);
  d->gcur_d = d->gcur_q;
  d->gcur_v_d = cur_active(d, in);
  if (in->mode_greedy && advance && sel.valid && !sel.flush) {
    d->gcur_d = sel.idx;
    d->gcur_v_d = 1;
  }
}

void mrpb_drain_commit(mrpb_drain_t *d) {
  d->gcur_q = d->gcur_d;
  d->gcur_v_q = d->gcur_v_d;
  rr_arb_commit(&d->i_rr);
}
