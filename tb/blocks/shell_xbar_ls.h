/* shell_xbar_ls.h -- the crossbars' state map, declared once for the
 * shell_xbar adapter and the whole shell's (prefix "i_xbar."). */
#ifndef SHELL_XBAR_LS_H
#define SHELL_XBAR_LS_H
#include "ls.h"
#include "shell_xbar.h"

void shell_xbar_ls_declare_state(ls_map_t *mp, const char *prefix, const shell_xbar_t *m);

#endif
