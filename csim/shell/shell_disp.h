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
 * tb_free_i and sm_busy_i are bit vectors in the bits.h layout (SM k at bit
 * k of uint32_t words: the RTL's packed [NSm-1:0] on the VPI side).  The
 * search is over a bit vector of the SMs that fit (one word test per 32 SMs).
 * Per cycle: set m->in, shell_disp_comb(), then shell_disp_commit(). */
#ifndef SHELL_DISP_H
#define SHELL_DISP_H
#include <stdint.h>

#define SHELL_DISP_MAX 128 /* params_shell.def SHELL_SMS */
#define SHELL_DISP_MW ((SHELL_DISP_MAX + 31) / 32)

typedef struct {
  uint32_t kern_valid_i, kern_blocks_i, kern_warps_i;
  uint32_t tb_free_i[SHELL_DISP_MW], free_warps_i[SHELL_DISP_MAX], sm_busy_i[SHELL_DISP_MW];
} shell_disp_in_t;

typedef struct {
  uint32_t kern_o, disp_valid_o, disp_sm_o, disp_block_o;
} shell_disp_out_t;

typedef struct {
  unsigned nsm, sw, mw;
  shell_disp_in_t in;
  shell_disp_out_t out;
  uint32_t kern_q, kern_d, next_q, next_d, rr_q, rr_d;
  uint32_t fits[SHELL_DISP_MW]; /* combinational: SM k can take a block now */
} shell_disp_t;

int shell_disp_init(shell_disp_t *m, unsigned nsm);
void shell_disp_reset(shell_disp_t *m);
void shell_disp_comb(shell_disp_t *m);
void shell_disp_commit(shell_disp_t *m);

#endif
