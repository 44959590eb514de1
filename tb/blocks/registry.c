/* registry.c -- every block the lockstep engine knows.  A block not yet
 * linked in (weak symbol absent) is skipped. */
#include <string.h>
#include "ls.h"

extern const ls_block_t ls_block_fifo_sync, ls_block_prio_enc, ls_block_rr_arb, ls_block_sat_cnt,
    ls_block_mem_1r1w;
extern const ls_block_t ls_block_mem_1r1w_sync __attribute__((weak));
extern const ls_block_t ls_block_fifo_sync_sram __attribute__((weak));
extern const ls_block_t ls_block_fifo_sync_w2 __attribute__((weak));
extern const ls_block_t ls_block_l1d __attribute__((weak));
extern const ls_block_t ls_block_mrpb __attribute__((weak));
extern const ls_block_t ls_block_mrpb_l1d __attribute__((weak));
extern const ls_block_t ls_block_ccn __attribute__((weak));
extern const ls_block_t ls_block_chss __attribute__((weak));
extern const ls_block_t ls_block_bdu __attribute__((weak));
extern const ls_block_t ls_block_mrpb_drain __attribute__((weak));
extern const ls_block_t ls_block_mrpb_stats __attribute__((weak));
extern const ls_block_t ls_block_shell_l2 __attribute__((weak));
extern const ls_block_t ls_block_shell_xbar __attribute__((weak));
extern const ls_block_t ls_block_shell_disp __attribute__((weak));
extern const ls_block_t ls_block_shell_byp __attribute__((weak));
extern const ls_block_t ls_block_shell_ccn __attribute__((weak));
extern const ls_block_t ls_block_shell_sm __attribute__((weak));
extern const ls_block_t ls_block_shell __attribute__((weak));

static const ls_block_t *const blocks[] = {
    &ls_block_fifo_sync, &ls_block_prio_enc, &ls_block_rr_arb, &ls_block_sat_cnt, &ls_block_mem_1r1w,
    &ls_block_mem_1r1w_sync, &ls_block_fifo_sync_sram, &ls_block_fifo_sync_w2,
    &ls_block_l1d,       &ls_block_mrpb,
    &ls_block_mrpb_l1d,
    &ls_block_ccn,
    &ls_block_chss,      &ls_block_bdu,
    &ls_block_mrpb_drain, &ls_block_mrpb_stats,
    &ls_block_shell_l2,
    &ls_block_shell_xbar,
    &ls_block_shell_disp,
    &ls_block_shell_byp,
    &ls_block_shell_ccn,
    &ls_block_shell_sm,
    &ls_block_shell,
};

const ls_block_t *ls_find_block(const char *name) {
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
    if (blocks[i] && !strcmp(blocks[i]->name, name)) return blocks[i];
  return NULL;
}

void ls_list_blocks(FILE *f) {
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
    if (blocks[i]) fprintf(f, "  %-10s %s\n", blocks[i]->name, blocks[i]->help);
}
