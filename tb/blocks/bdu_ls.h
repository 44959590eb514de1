/* bdu_ls.h -- the BDU's state-map declaration, shared by its lockstep
 * adapter (bdu_ls.c) and the shell's bypass hook (shell_byp_ls.c). */
#ifndef BDU_LS_H
#define BDU_LS_H
#include "bdu.h"
#include "ls.h"

/* Every register of rtl/bdu/bdu.sv and its MRMU and WOMU, each path
 * prefixed with prefix ("" for the BDU alone, "i_bdu." inside the hook). */
void bdu_ls_declare_state(ls_map_t *map, const char *prefix, const bdu_t *b);

#endif
