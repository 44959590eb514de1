/* mrmu.h -- C mirror of rtl/bdu/mrmu.sv: the miss rate monitor unit of
 * two-level bypassing (the two-level paper).  Access and miss counters over a sampling
 * period (clog2(period+1) bits, never overflowing) and the divider-free
 * first-level verdict BDU_CLS_LOW / HIGH / MID (docs/bdu.md). */
#ifndef MRMU_H
#define MRMU_H
#include <stdint.h>
#include "l1sys_params.h"

typedef struct {
  unsigned period, cnt_w;
  uint32_t acc_cnt_q, acc_cnt_d, miss_cnt_q, miss_cnt_d;
} mrmu_t;

typedef struct {
  uint32_t clr_i, en_i, ev_access_i, ev_miss_i, ev_hitres_i, ev_byp_i, mode_thr_l_i, mode_thr_h_i;
} mrmu_in_t;

typedef struct { uint32_t acc_o, miss_o, cls_o; } mrmu_out_t;

void mrmu_init(mrmu_t *m, unsigned period);
void mrmu_reset(mrmu_t *m);
/* cls_o, acc_o, miss_o depend on the registers only: valid before the inputs. */
void mrmu_outputs(const mrmu_t *m, uint32_t thr_l, uint32_t thr_h, mrmu_out_t *out);
void mrmu_comb(mrmu_t *m, const mrmu_in_t *in);
void mrmu_commit(mrmu_t *m);

#endif
