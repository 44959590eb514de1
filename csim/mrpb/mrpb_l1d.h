/* mrpb_l1d.h -- C mirror of rtl/mrpb/mrpb_l1d.sv: the MRPB in front of the
 * L1D (the MRPB paper, Figure 7).  The two C models joined exactly as the RTL
 * joins the two modules: the MRPB's output register is the L1D's request,
 * the L1D's port handshake (req_ready_o) is the MRPB's deq_ready_i; bypass
 * on stall is decided in the L1D's decide stage (mode_sbyp_i = the MRPB's
 * mode_bypass_i), the MRPB's l1d_fail_i is tied to L1D_FAIL_NONE.  The L1D is used
 * only through csim/l1d/l1d.h (l1d_init / l1d_reset / l1d_comb /
 * l1d_commit and its in/out structs).
 *
 * Per cycle: set the composite's inputs (c->in and the L1D's own input
 * fields c->i_l1d.in.mode_*, mem_req_ready_i, fill_*, rmt_*), call
 * mrpb_l1d_comb(), read c->out, c->mout and c->i_l1d.out, then
 * mrpb_l1d_commit().  With a sectored L1D (L1D_SECTORS > 1) a request
 * names one sector by its byte address (its store mask stays within that
 * sector) and the memory and fill ports carry atom addresses
 * ({line, sector}: c->i_l1d.aw bits), as the L1D's own.  Order inside comb, as the RTL's data flow: the MRPB's
 * Moore outputs (its registers) -> the L1D's request -> l1d_comb -> the
 * verdict -> mrpb_comb. */
#ifndef MRPB_L1D_H
#define MRPB_L1D_H
#include <stdint.h>
#include "l1d.h"
#include "mrpb.h"

typedef struct {
  /* the composite's own request ports (split fields of the MRPB payload) */
  uint32_t enq_addr_i, enq_id_i;
  uint32_t *enq_data_i, *enq_mask_i; /* line*8 bits, line bits */
} mrpb_l1d_in_t;

typedef struct {
  uint32_t l1d_req_valid_o, l1d_req_byp_o, l1d_req_ready_o, l1d_dec_valid_o, l1d_req_outcome_o, l1d_req_fail_o;
} mrpb_l1d_out_t;

typedef struct {
  mrpb_t i_mrpb;
  l1d_t i_l1d;
  /* the MRPB's inputs (modes, enq_valid/wid/bid/bwid/store, barrier,
   * stat_sel set by the caller; payload, store data, deq_ready, l1d_fail
   * set by comb) and outputs */
  mrpb_in_t min;
  mrpb_out_t mout;
  mrpb_l1d_in_t in;
  mrpb_l1d_out_t out;
  unsigned addr_w, id_w, lbits, line;
} mrpb_l1d_t;

/* Both blocks from one configuration (MRPB_* and L1D_* parameters; the
 * MRPB's payload and store-data widths follow from the L1D's).  -1 and one
 * "error: ..." line on a bad combination. */
int mrpb_l1d_init_cfg(mrpb_l1d_t *c, const l1sys_cfg_t *cfg);
void mrpb_l1d_free(mrpb_l1d_t *c);
void mrpb_l1d_reset(mrpb_l1d_t *c);
void mrpb_l1d_comb(mrpb_l1d_t *c);
void mrpb_l1d_commit(mrpb_l1d_t *c);

#endif
