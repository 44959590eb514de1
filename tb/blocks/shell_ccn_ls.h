/* shell_ccn_ls.h -- the state map of rtl/shell/shell_ccn.sv (every node's
 * edge registers, then the ring's every register), shared by its block
 * adapter (shell_ccn_ls.c) and the shell's system adapter (shell_ls.c). */
#ifndef SHELL_CCN_LS_H
#define SHELL_CCN_LS_H
#include "ls.h"
#include "shell_ccn.h"

/* Each path prefixed with prefix ("" alone, "gen_ccn.i_ccn." in the shell). */
void shell_ccn_ls_declare_state(ls_map_t *m, const char *prefix, const shell_ccn_hw_t *h);

#endif
