/* mrpb_l1d.c -- see mrpb_l1d.h; mirrors rtl/mrpb/mrpb_l1d.sv. */
#include "mrpb_l1d.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

int mrpb_l1d_init_cfg(mrpb_l1d_t *c, const l1sys_cfg_t *cfg) {
  memset(c, 0, sizeof *c);
  l1d_geom_t g;
  if (l1d_geom_from_cfg(cfg, &g)) return -1;
  /* A sectored L1D (issue 23) needs nothing of its own here: the payload
   * carries the request's byte address, which names its sector (one sector
   * per request: the LD/ST unit's coalescer splits at sector boundaries,
   * docs/l1d.md "Sectored lines"), and the L1D's memory and fill ports,
   * which carry atom addresses, are the composite's. */
  unsigned payload_w = g.addr_w + g.id_w, sdata_w = g.line * 8 + g.line;
  if (payload_w > 32 * MRPB_PAYLOAD_WORDS || sdata_w > 32 * MRPB_SDATA_WORDS)
    return cfg_reject(cfg, P_L1D_LINE, "the MRPB cannot carry this request (payload or store data too wide)");
  if (mrpb_init(&c->i_mrpb, (unsigned)CFG(cfg, MRPB_SIG), (unsigned)CFG(cfg, MRPB_ENTRIES),
                (unsigned)CFG(cfg, MRPB_LATENCY), payload_w, sdata_w, (unsigned)CFG(cfg, MRPB_CNT_W)))
    return cfg_reject(cfg, P_MRPB_ENTRIES, "cannot build the MRPB model with these sizes (out of memory)");
  if (l1d_init(&c->i_l1d, &g)) {
    mrpb_free(&c->i_mrpb);
    return cfg_reject(cfg, P_L1D_SETS, "cannot build the L1D model with these sizes (out of memory)");
  }
  l1d_modes_from_cfg(cfg, &c->i_l1d.in);
  mrpb_mode_from_cfg(&c->min, cfg);
  c->addr_w = g.addr_w;
  c->id_w = g.id_w;
  c->line = g.line;
  c->lbits = g.line * 8;
  c->in.enq_data_i = calloc(bits_words(c->lbits), 4);
  c->in.enq_mask_i = calloc(bits_words(g.line), 4);
  if (!c->in.enq_data_i || !c->in.enq_mask_i) {
    mrpb_l1d_free(c);
    return cfg_reject(cfg, P_L1D_SETS, "out of memory");
  }
  return 0;
}

void mrpb_l1d_free(mrpb_l1d_t *c) {
  mrpb_free(&c->i_mrpb);
  l1d_free(&c->i_l1d);
  free(c->in.enq_data_i);
  free(c->in.enq_mask_i);
  c->in.enq_data_i = c->in.enq_mask_i = NULL;
}

void mrpb_l1d_reset(mrpb_l1d_t *c) {
  mrpb_reset(&c->i_mrpb);
  l1d_reset(&c->i_l1d);
}

static uint32_t mask32(unsigned w) { return w >= 32 ? 0xffffffffu : (1u << w) - 1u; }

void mrpb_l1d_comb(mrpb_l1d_t *c) {
  const mrpb_t *m = &c->i_mrpb;
  l1d_in_t *li = &c->i_l1d.in;
  const unsigned lw = c->lbits / 32, mw = bits_words(c->line);

  /* MRPB enqueue fields: payload {id, addr}, store data {mask, data}
   * (the data is a whole number of words: line >= 4 bytes). */
  memset(c->min.enq_payload_i, 0, sizeof c->min.enq_payload_i);
  c->min.enq_payload_i[0] = c->in.enq_addr_i & mask32(c->addr_w);
  bits_set(c->min.enq_payload_i, c->addr_w, c->id_w, c->in.enq_id_i & mask32(c->id_w));
  memcpy(c->min.enq_sdata_i, c->in.enq_data_i, lw * 4);
  memcpy(c->min.enq_sdata_i + lw, c->in.enq_mask_i, mw * 4);

  /* The L1D's request: the MRPB's output register (its deq_* are Moore). */
  uint32_t pl[MRPB_PAYLOAD_WORDS];
  const uint32_t *sd = mrpb_deq_sdata(m); /* the SRAMs' output row or the passed request */
  mrpb_deq_payload(m, pl);
  li->req_valid_i = m->out_valid_q;
  li->req_addr_i = pl[0] & mask32(c->addr_w);
  li->req_id_i = (uint32_t)bits_get(pl, c->addr_w, c->id_w);
  li->req_store_i = mrpb_deq_store(m);
  li->req_byp_i = m->out_bypass_q;
  memcpy(li->req_data_i, sd, lw * 4);
  memcpy(li->req_mask_i, sd + lw, mw * 4);
  bits_trim(li->req_mask_i, c->line);
  /* bypass on stall is the L1D's decide stage's (it owns a refused request):
   * the MRPB's bypass option is the L1D's mode_sbyp_i */
  li->mode_sbyp_i = c->min.mode_bypass_i;
  l1d_comb(&c->i_l1d);

  /* The port handshake closes the loop into the MRPB; its l1d_fail_i is
   * tied to NONE (the MRPB block never flags a bypass in a composition). */
  c->min.deq_ready_i = c->i_l1d.out.req_ready_o;
  c->min.l1d_fail_i = L1D_FAIL_NONE;
  mrpb_comb(&c->i_mrpb, &c->min, &c->mout);

  c->out.l1d_req_valid_o = li->req_valid_i;
  c->out.l1d_req_byp_o = li->req_byp_i;
  c->out.l1d_req_ready_o = c->i_l1d.out.req_ready_o;
  c->out.l1d_dec_valid_o = c->i_l1d.out.dec_valid_o;
  c->out.l1d_req_outcome_o = c->i_l1d.out.req_outcome_o;
  c->out.l1d_req_fail_o = c->i_l1d.out.req_fail_o;
}

void mrpb_l1d_commit(mrpb_l1d_t *c) {
  mrpb_commit(&c->i_mrpb);
  l1d_commit(&c->i_l1d);
}
