/* womu.h -- C mirror of rtl/bdu/womu.sv: the warp occupancy monitor unit of
 * two-level bypassing (the two-level paper).  Popcount of the instruction buffer's
 * valid bits each cycle, reduced over a period to the last value, the sum
 * (for the mean, compared as sum < W * period) and the minimum. */
#ifndef WOMU_H
#define WOMU_H
#include <stdint.h>
#include "l1sys_params.h"

#define WOMU_MAX_WARPS 64

typedef struct {
  unsigned warps, period, occ_w, sum_w;
  uint32_t occ_last_q, occ_last_d, occ_min_q, occ_min_d, occ_sum_q, occ_sum_d;
} womu_t;

typedef struct {
  uint32_t clr_i, en_i;
  uint32_t ibuf_valid_i[WOMU_MAX_WARPS / 32];
  uint32_t mode_womu_i, mode_thr_w_i;
} womu_in_t;

void womu_init(womu_t *w, unsigned warps, unsigned period);
void womu_reset(womu_t *w);
uint32_t womu_occ(const womu_t *w, const uint32_t *ibuf_valid);
/* low_o: the reduced occupancy below W (registers only). */
uint32_t womu_low(const womu_t *w, uint32_t mode_womu, uint32_t thr_w);
void womu_comb(womu_t *w, const womu_in_t *in);
void womu_commit(womu_t *w);

#endif
