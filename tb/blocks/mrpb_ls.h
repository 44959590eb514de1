/* mrpb_ls.h -- the MRPB's state-map declaration, shared by its lockstep
 * adapter (mrpb_ls.c) and the MRPB + L1D composite (mrpb_l1d_ls.c). */
#ifndef MRPB_LS_H
#define MRPB_LS_H
#include "ls.h"
#include "mrpb.h"

/* Every register and memory of rtl/mrpb/mrpb.sv and its sub-instances, each
 * path prefixed with prefix ("" for the MRPB alone, "i_mrpb." inside the
 * composite). */
void mrpb_ls_declare_state(ls_map_t *map, const char *prefix, const mrpb_t *m);

#endif
