/* mrpb.h -- C mirror of rtl/mrpb/mrpb.sv: the Memory Request Prioritization
 * Buffer of seed 003 (Jia, Shaw, Martonosi, HPCA 2014) between the LD/ST
 * unit and the L1D.  Interface contract, port timing and every decision the
 * paper left open: the header of rtl/mrpb/mrpb.sv and docs/mrpb.md.
 *
 * Per cycle: mrpb_comb(m, &in, &out) computes every output (enq_ready_o
 * depends on the cycle's enqueue request, the rest on registers only) and
 * the next state; mrpb_commit(m) is the clock edge.  Register names, widths
 * and packing are the RTL's: per-queue fields are packed vectors
 * (queue q at bit q*width), wider than 32 bits as uint32_t words, least
 * significant first. */
#ifndef MRPB_H
#define MRPB_H
#include <stdint.h>
#include "cfg.h"
#include "mem_1r1w.h"
#include "mrpb_drain.h"
#include "mrpb_stats.h"

#define MRPB_PAYLOAD_WORDS 8 /* MRPB_PAYLOAD_W <= 256 */

typedef struct {
  uint32_t mode_drain_i, mode_greedy_i, mode_flush_i, mode_bypass_i;
  uint32_t enq_valid_i, enq_wid_i, enq_bid_i, enq_bwid_i, enq_store_i;
  uint32_t enq_payload_i[MRPB_PAYLOAD_WORDS];
  uint32_t barrier_i, deq_ready_i, l1d_fail_i, stat_sel_i;
} mrpb_in_t;

typedef struct {
  uint32_t enq_ready_o, deq_valid_o, deq_bypass_o, deq_wid_o, deq_store_o;
  uint32_t deq_payload_o[MRPB_PAYLOAD_WORDS];
  uint32_t idle_o, stat_data_o;
} mrpb_out_t;

typedef struct {
  /* structure (the RTL's parameters and derived localparams) */
  unsigned sig, nq, entries, latency, payload_w, cnt_w;
  unsigned wid_w, bid_w, bwid_w, idx_w, ptr_w, qcnt_w, hist_n, young_w, rows, addr_w, row_w, occ_w;
  /* registers */
  uint32_t *cnt_q, *head_q, *tail_q, *young_q, *hist_id_q;
  uint32_t hist_v_q, occ_q, bar_pend_q, out_valid_q, out_bypass_q, out_store_q, out_wid_q;
  uint32_t out_payload_q[MRPB_PAYLOAD_WORDS];
  /* next state */
  uint32_t *cnt_d, *head_d, *tail_d, *young_d, *hist_id_d;
  uint32_t hist_v_d, occ_d, bar_pend_d, out_valid_d, out_bypass_d, out_store_d, out_wid_d;
  uint32_t out_payload_d[MRPB_PAYLOAD_WORDS];
  /* sub-instances */
  mem_1r1w_t i_mem;
  mrpb_drain_t i_drain;
  mrpb_stats_t i_stats;
  /* this cycle's internal decisions (for tests and the scoreboard; not state) */
  uint32_t dbg_deq_pop, dbg_sel_idx, dbg_sel_flush, dbg_wpass, dbg_enq_push, dbg_byp_set;
} mrpb_t;

/* Structural parameters; returns 0, or -1 (out of memory / bad sizes). */
int mrpb_init(mrpb_t *m, unsigned sig, unsigned entries, unsigned latency, unsigned payload_w, unsigned cnt_w);
/* From a run's configuration; on a bad combination prints one
 * "error: parameter NAME=VALUE: ..." line and returns -1. */
int mrpb_init_cfg(mrpb_t *m, const l1sys_cfg_t *cfg);
/* Mode inputs from the configuration (MRPB_DRAIN, _GREEDY, _FLUSH, _BYPASS). */
void mrpb_mode_from_cfg(mrpb_in_t *in, const l1sys_cfg_t *cfg);
void mrpb_free(mrpb_t *m);
void mrpb_reset(mrpb_t *m);
void mrpb_comb(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out);
void mrpb_commit(mrpb_t *m);

/* Register views for tests and summaries. */
uint32_t mrpb_qcount(const mrpb_t *m, unsigned q);
/* Queue index of a request's signature fields. */
uint32_t mrpb_signature(const mrpb_t *m, uint32_t wid, uint32_t bid, uint32_t bwid);

#endif
