/* shell_disp.h -- C mirror of rtl/shell/shell_disp.sv: the shell's thread-
 * block dispatcher (docs/shell.md, "Dispatcher, crossbars, L2, DRAM").
 * Same register names as the RTL.
 *
 * State: kern_q (the running kernel), next_q (blocks of it dispatched so
 * far), rr_q (round-robin pointer over SMs).  The environment (the workload)
 * describes kernel kern_q: kern_valid_i (a kernel is left), kern_blocks_i,
 * kern_warps_i; it looks kern_q up through kern_o.  Each SM reports
 * tb_free_i[i] (a free TB slot), free_warps_i[i] (free warp slots, 8 bits,
 * packed) and sm_busy_i[i] (a TB slot in use).  One block a cycle goes to
 * the first SM (round-robin from rr_q) with a free TB slot and enough free
 * warp slots (disp_valid_o, disp_sm_o, disp_block_o = next_q); when every
 * block has gone and no SM is busy, the next kernel starts.
 * Per cycle: set m->in, shell_disp_comb(), then shell_disp_commit(). */
#ifndef SHELL_DISP_H
#define SHELL_DISP_H
#include <stdint.h>

#define SHELL_DISP_MAX 16

typedef struct {
  uint32_t kern_valid_i, kern_blocks_i, kern_warps_i;
  uint32_t tb_free_i, free_warps_i[SHELL_DISP_MAX], sm_busy_i;
} shell_disp_in_t;

typedef struct {
  uint32_t kern_o, disp_valid_o, disp_sm_o, disp_block_o;
} shell_disp_out_t;

typedef struct {
  unsigned nsm, sw;
  shell_disp_in_t in;
  shell_disp_out_t out;
  uint32_t kern_q, kern_d, next_q, next_d, rr_q, rr_d;
} shell_disp_t;

int shell_disp_init(shell_disp_t *m, unsigned nsm);
void shell_disp_reset(shell_disp_t *m);
void shell_disp_comb(shell_disp_t *m);
void shell_disp_commit(shell_disp_t *m);

#endif
