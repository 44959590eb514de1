/* shell_l2_ls.h -- the L2 bank's state map, shared by its own adapter
 * (tb/blocks/shell_l2_ls.c) and the shell's (tb/blocks/shell_ls.c). */
#ifndef SHELL_L2_LS_H
#define SHELL_L2_LS_H
#include "ls.h"
#include "shell_l2.h"

/* Every register of one bank, paths under prefix ("" or "gen_bank[b].i_l2."). */
void shell_l2_ls_declare_state(ls_map_t *mp, const char *prefix, const shell_l2_t *m);

#endif
