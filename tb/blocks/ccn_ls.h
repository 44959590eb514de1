/* ccn_ls.h -- the CCN ring's state-map declaration, shared by its lockstep
 * adapter (ccn_ls.c) and the shell's CCN hook (shell_ccn_ls.c). */
#ifndef CCN_LS_H
#define CCN_LS_H
#include "ccn_ring.h"
#include "ls.h"

/* Every register and FIFO of rtl/ccn/ccn_ring.sv and its nodes, each path
 * prefixed with prefix ("" for the ring alone, "i_ring." inside the hook). */
void ccn_ls_declare_state(ls_map_t *m, const char *prefix, const ccn_ring_t *r);

#endif
