/* shell_sm_ls.h -- the SM's state-map declaration, shared by its lockstep
 * adapter (shell_sm_ls.c) and the shell's (shell_ls.c). */
#ifndef SHELL_SM_LS_H
#define SHELL_SM_LS_H
#include "ls.h"
#include "shell_sm.h"

/* Every register of rtl/shell/shell_sm.sv and its sub-instances (the
 * injection queue, the L1D, the MRPB), each path prefixed with prefix (""
 * for the SM alone, "gen_sm[i].i_sm." inside the shell). */
void shell_sm_ls_declare_state(ls_map_t *map, const char *prefix, const shell_sm_t *m);

#endif
