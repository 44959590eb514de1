/* mrpb_stats.c -- see mrpb_stats.h. */
#include "mrpb_stats.h"
#include <string.h>

int mrpb_stats_init(mrpb_stats_t *s, unsigned cnt_w, unsigned occ_w) {
  memset(s, 0, sizeof *s);
  s->cnt_w = cnt_w;
  s->occ_w = occ_w;
  s->nbkt = occ_w + 1;
  if (s->nbkt > MRPB_NBKT_MAX || cnt_w > 32) return -1;
  s->cmax = cnt_w >= 32 ? 0xffffffffu : (1u << cnt_w) - 1u;
  s->omask = occ_w >= 32 ? 0xffffffffu : (1u << occ_w) - 1u;
  return 0;
}

void mrpb_stats_reset(mrpb_stats_t *s) {
  unsigned cw = s->cnt_w, ow = s->occ_w, nb = s->nbkt;
  uint32_t cmax = s->cmax, omask = s->omask;
  memset(s, 0, sizeof *s);
  s->cnt_w = cw;
  s->occ_w = ow;
  s->nbkt = nb;
  s->cmax = cmax;
  s->omask = omask;
}

static inline uint32_t sat_inc(const mrpb_stats_t *s, uint32_t v, uint32_t inc) {
  return v + (inc && v != s->cmax);
}

uint32_t mrpb_stats_hist(const mrpb_stats_t *s, unsigned b) {
  return s->occ_hist_q[b];
}

uint32_t mrpb_stats_read(const mrpb_stats_t *s, uint32_t sel) {
  switch (sel) {
  case MRPB_STAT_ENQ: return s->enq_cnt_q;
  case MRPB_STAT_DEQ: return s->deq_cnt_q;
  case MRPB_STAT_WPASS: return s->wpass_cnt_q;
  case MRPB_STAT_FLUSH: return s->flush_cnt_q;
  case MRPB_STAT_BYPASS: return s->bypass_cnt_q;
  case MRPB_STAT_STALL: return s->stall_cnt_q;
  case MRPB_STAT_REJ: return s->rej_cnt_q;
  case MRPB_STAT_OCC_MAX: /* CntW'(occ_max_q): truncated to the counter width */
    return s->cnt_w >= 32 ? s->occ_max_q : s->occ_max_q & ((1u << s->cnt_w) - 1u);
  default: return sel - MRPB_STAT_HIST0 < s->nbkt ? mrpb_stats_hist(s, sel - MRPB_STAT_HIST0) : 0;
  }
}

void mrpb_stats_comb(mrpb_stats_t *s, const mrpb_stats_in_t *in) {
  s->enq_cnt_d = sat_inc(s, s->enq_cnt_q, in->enq);
  s->deq_cnt_d = sat_inc(s, s->deq_cnt_q, in->deq);
  s->wpass_cnt_d = sat_inc(s, s->wpass_cnt_q, in->wpass);
  s->flush_cnt_d = sat_inc(s, s->flush_cnt_q, in->flush);
  s->bypass_cnt_d = sat_inc(s, s->bypass_cnt_q, in->bypass);
  s->stall_cnt_d = sat_inc(s, s->stall_cnt_q, in->stall);
  s->rej_cnt_d = sat_inc(s, s->rej_cnt_q, in->rej);
  s->occ_max_d = in->occ > s->occ_max_q ? in->occ : s->occ_max_q;
  /* bucket: position of the highest set bit plus one (0 for zero) */
  uint32_t occ = in->occ & s->omask;
  s->bkt = occ ? 32u - (uint32_t)__builtin_clz(occ) : 0;
  s->occ_hist_d[s->bkt] = sat_inc(s, s->occ_hist_q[s->bkt], 1);
}

void mrpb_stats_commit(mrpb_stats_t *s) {
  s->enq_cnt_q = s->enq_cnt_d;
  s->deq_cnt_q = s->deq_cnt_d;
  s->wpass_cnt_q = s->wpass_cnt_d;
  s->flush_cnt_q = s->flush_cnt_d;
  s->bypass_cnt_q = s->bypass_cnt_d;
  s->stall_cnt_q = s->stall_cnt_d;
  s->rej_cnt_q = s->rej_cnt_d;
  s->occ_max_q = s->occ_max_d;
  s->occ_hist_q[s->bkt] = s->occ_hist_d[s->bkt]; /* the only bucket this cycle wrote */
}
