/* l1d_ls_state.h -- the L1D's state-map declaration, for composites that
 * contain an L1D (tb/blocks/mrpb_l1d_ls.c).  The lead reconciles this with
 * the rewritten L1D on merge (its body mirrors the declare calls of
 * tb/blocks/l1d_ls.c). */
#ifndef L1D_LS_STATE_H
#define L1D_LS_STATE_H
#include "l1d.h"
#include "ls.h"

/* Every register and memory of rtl/l1d/l1d.sv, each path prefixed with
 * prefix ("" for the L1D alone, "i_l1d." inside a composite); the model then
 * keeps them in their RTL form after every edge (l1d_observe: the one
 * change a declaration makes to the model; the object itself is not const). */
void l1d_ls_declare_state(ls_map_t *map, const char *prefix, const l1d_t *m);

/* The L1D's output ports after the request verdict (rsp_*, mem_req_*,
 * fill_ready_o, rmt_*, ev_*), named as in rtl/l1d/l1d.sv; shared by the L1D
 * adapter and composites that expose them unchanged. */
void l1d_ls_declare_outputs(ls_map_t *map, l1d_t *m);

#endif
