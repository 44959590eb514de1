/* mrpb_stats.c -- see mrpb_stats.h. */
#include "mrpb_stats.h"
#include <stddef.h>
#include <string.h>

static void build_read_table(mrpb_stats_t *s) {
  for (unsigned i = 0; i < 32; i++) s->rd_off[i] = (uint16_t)offsetof(mrpb_stats_t, zero);
  s->rd_off[MRPB_STAT_ENQ] = (uint16_t)offsetof(mrpb_stats_t, enq_cnt_q);
  s->rd_off[MRPB_STAT_DEQ] = (uint16_t)offsetof(mrpb_stats_t, deq_cnt_q);
  s->rd_off[MRPB_STAT_WPASS] = (uint16_t)offsetof(mrpb_stats_t, wpass_cnt_q);
  s->rd_off[MRPB_STAT_FLUSH] = (uint16_t)offsetof(mrpb_stats_t, flush_cnt_q);
  s->rd_off[MRPB_STAT_BYPASS] = (uint16_t)offsetof(mrpb_stats_t, bypass_cnt_q);
  s->rd_off[MRPB_STAT_STALL] = (uint16_t)offsetof(mrpb_stats_t, stall_cnt_q);
  s->rd_off[MRPB_STAT_REJ] = (uint16_t)offsetof(mrpb_stats_t, rej_cnt_q);
  s->rd_off[MRPB_STAT_OCC_MAX] = (uint16_t)offsetof(mrpb_stats_t, occ_max_q);
  for (unsigned b = 0; b < s->nbkt && MRPB_STAT_HIST0 + b < 32; b++)
    s->rd_off[MRPB_STAT_HIST0 + b] = (uint16_t)(offsetof(mrpb_stats_t, occ_hist_q) + b * sizeof(uint32_t));
}

int mrpb_stats_init(mrpb_stats_t *s, unsigned cnt_w, unsigned occ_w) {
  memset(s, 0, sizeof *s);
  s->cnt_w = cnt_w;
  s->occ_w = occ_w;
  s->nbkt = occ_w + 1;
  if (s->nbkt > MRPB_NBKT_MAX || cnt_w > 32) return -1;
  s->cmax = cnt_w >= 32 ? 0xffffffffu : (1u << cnt_w) - 1u;
  s->omask = occ_w >= 32 ? 0xffffffffu : (1u << occ_w) - 1u;
  build_read_table(s);
  return 0;
}

void mrpb_stats_reset(mrpb_stats_t *s) {
  s->enq_cnt_q = s->deq_cnt_q = s->wpass_cnt_q = s->flush_cnt_q = s->bypass_cnt_q = s->stall_cnt_q = 0;
  s->rej_cnt_q = s->occ_max_q = 0;
  s->enq_cnt_d = s->deq_cnt_d = s->wpass_cnt_d = s->flush_cnt_d = s->bypass_cnt_d = s->stall_cnt_d = 0;
  s->rej_cnt_d = s->occ_max_d = 0;
  memset(s->occ_hist_q, 0, sizeof s->occ_hist_q);
  memset(s->occ_hist_d, 0, sizeof s->occ_hist_d);
  s->bkt = 0;
  s->zero = 0;
  s->room = 0; /* (looked at by the first mrpb_stats_comb_fast) */
}

uint32_t mrpb_stats_room(const mrpb_stats_t *s) {
  uint32_t ev[7], top = 0; /* the seven event counters (consecutive, checked in the header) */
  memcpy(ev, (const char *)s + offsetof(mrpb_stats_t, enq_cnt_q), sizeof ev);
  for (unsigned i = 0; i < 7; i++) top = ev[i] > top ? ev[i] : top;
  for (unsigned b = 0; b < s->nbkt; b++) top = s->occ_hist_q[b] > top ? s->occ_hist_q[b] : top;
  return s->cmax - top;
}

uint32_t mrpb_stats_hist(const mrpb_stats_t *s, unsigned b) {
  return s->occ_hist_q[b];
}

void mrpb_stats_comb(mrpb_stats_t *s, const mrpb_stats_in_t *in) {
  mrpb_stats_comb_v(s, in->enq != 0, in->deq != 0, in->wpass != 0, in->flush != 0, in->bypass != 0, in->stall != 0,
                    in->rej != 0, in->occ);
}
