/* chss_ls.h -- the CHSS unit's state-map declaration, shared by its
 * lockstep adapter (chss_ls.c) and the shell's bypass hook (shell_byp_ls.c). */
#ifndef CHSS_LS_H
#define CHSS_LS_H
#include "chss.h"
#include "ls.h"

/* Every register of rtl/chss/chss.sv, each path prefixed with prefix (""
 * for the unit alone, "i_chss." inside the hook). */
void chss_ls_declare_state(ls_map_t *map, const char *prefix, const chss_t *m);

#endif
