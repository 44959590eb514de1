/* mrpb.h -- C mirror of rtl/mrpb/mrpb.sv: the Memory Request Prioritization
 * Buffer of the MRPB paper (Jia, Shaw, Martonosi, HPCA 2014) between the LD/ST
 * unit and the L1D.  Interface contract, port timing and every decision the
 * paper left open: the header of rtl/mrpb/mrpb.sv and docs/mrpb.md.
 *
 * Per cycle: mrpb_comb(m, &in, &out) once, computing every output
 * (enq_ready_o depends on the cycle's enqueue request, and in single-slot
 * mode on deq_ready_i; the rest on registers only) and the next state;
 * mrpb_commit(m) is the clock edge.
 *
 * Representation (built for speed, docs/mrpb.md section 11): the RTL's
 * per-queue unpacked arrays (cnt_q[NQ], head_q[NQ], ...) are C arrays of
 * uint32_t, one element per queue; scalars are uint32_t; wide fields
 * (payload, store data) uint32_t words, least significant first.  A cycle
 * touches at most three queues (the pushed, the popped and the aged one):
 * comb writes the next state of those only and commit copies those only
 * (the *_d arrays equal the *_q arrays outside a cycle).  The eligibility
 * vector is kept as a bitmap updated for the touched queues at commit (it is
 * a function of cnt_q and young_q, not extra state). */
#ifndef MRPB_H
#define MRPB_H
#include <stddef.h>
#include <stdint.h>
#include "cfg.h"
#include "mem_1r1w_sync.h"
#include "mrpb_drain.h"
#include "mrpb_stats.h"

#define MRPB_PAYLOAD_WORDS 8 /* MRPB_PAYLOAD_W <= 256 */
#define MRPB_SDATA_WORDS 72  /* MRPB_SDATA_W <= 2304 */
#define MRPB_HIST_MAX 16     /* Latency - 2 <= 16 */
#define MRPB_QCNT_MAX 32     /* Entries <= 32 */
#define MRPB_NQ_MAX (32 * MRPB_ELIG_WORDS) /* queues <= 64: 1 << IdxW <= 64 */

typedef struct {
  uint32_t mode_drain_i, mode_greedy_i, mode_flush_i, mode_bypass_i, mode_slot_i;
  uint32_t enq_valid_i, enq_wid_i, enq_bid_i, enq_bwid_i, enq_store_i;
  uint32_t enq_payload_i[MRPB_PAYLOAD_WORDS];
  uint32_t enq_sdata_i[MRPB_SDATA_WORDS];
  uint32_t barrier_i, deq_ready_i, l1d_fail_i, stat_sel_i;
} mrpb_in_t;

typedef struct {
  uint32_t enq_ready_o, deq_valid_o, deq_bypass_o, deq_wid_o, deq_store_o;
  uint32_t deq_payload_o[MRPB_PAYLOAD_WORDS];
  uint32_t deq_sdata_o[MRPB_SDATA_WORDS];
  uint32_t idle_o, stat_data_o;
} mrpb_out_t;

typedef struct {
  /* structure (the RTL's parameters and derived localparams) */
  unsigned sig, nq, entries, latency, payload_w, sdata_w, cnt_w;
  unsigned wid_w, bid_w, bwid_w, idx_w, ptr_w, qcnt_w, hist_n, young_w, rows, addr_w, row_w, occ_w;
  unsigned pwords, swords;
  /* derived at init, like the RTL's localparams: the byte offset in
   * mrpb_in_t of the field the signature takes, masks of the narrow fields */
  unsigned sig_off, hist_top; /* hist_top = HistN - 1 */
  uint32_t idx_mask, wid_mask, hist_mask, addr_mask, plast_mask;
  uint8_t byp_tbl[4]; /* per mode_bypass_i: bit f set when fail code f bypasses (mrpb_bypass_hit) */
  /* registers: per queue (nq elements each; MRPB_NQ_MAX >= 1 << IdxW held,
   * so that every signature value indexes them: a queue index >= nq reads
   * as an empty queue, as the model always read it, and is never written).
   * Arrays inside the struct, not allocated: an element is one load at a
   * fixed offset from the model, no array pointer to load first. */
  uint32_t cnt_q[MRPB_NQ_MAX], head_q[MRPB_NQ_MAX], tail_q[MRPB_NQ_MAX], young_q[MRPB_NQ_MAX];
  /* registers: age history, occupancy, barrier, output register (hist_v_q
   * .. out_src_q and hist_v_d .. out_src_d: two blocks of the same layout,
   * MRPB_SCALARS_BYTES below) */
  uint32_t hist_v_q;
  uint8_t hist_id_q[MRPB_HIST_MAX]; /* IdxW <= 8 bits: Verilator's uint8_t */
  uint32_t occ_q, bar_pend_q, out_valid_q, out_bypass_q, out_store_q, out_wid_q;
  uint32_t out_src_q; /* 1: the request presented is the queue SRAMs' output row (out_store_q..: a pass) */
  uint32_t out_payload_q[MRPB_PAYLOAD_WORDS], out_sdata_q[MRPB_SDATA_WORDS];
  /* next state */
  uint32_t cnt_d[MRPB_NQ_MAX], head_d[MRPB_NQ_MAX], tail_d[MRPB_NQ_MAX], young_d[MRPB_NQ_MAX];
  uint32_t hist_v_d;
  uint8_t hist_id_d[MRPB_HIST_MAX];
  uint32_t occ_d, bar_pend_d, out_valid_d, out_bypass_d, out_store_d, out_wid_d, out_src_d;
  uint32_t out_payload_d[MRPB_PAYLOAD_WORDS], out_sdata_d[MRPB_SDATA_WORDS];
  /* sub-instances: the queue SRAMs (synchronous read, docs/mrpb.md section 13) */
  mem_1r1w_sync_t i_mem, i_sdata;
  mrpb_drain_t i_drain;
  mrpb_stats_t i_stats;
  /* bookkeeping of the model (not state): queues this cycle writes (a queue
   * may be listed twice), whether
   * the output register's wide fields are loaded, the eligibility bitmap,
   * whether the wide outputs must be recopied and into which struct they
   * were copied last */
  uint32_t tch[3];
  unsigned ntch;
  uint32_t out_load, out_sload, out_sdirty;
  /* the presented request's narrow fields (deq_store_o, deq_wid_o,
   * deq_payload_o) change only when the output register loads, its source
   * flips or the SRAMs' output row changes (out_pdirty): they are computed
   * then, into the output struct and pres_store (read by the bypass rule) */
  uint32_t out_pdirty, pres_store;
  const mrpb_out_t *out_last;
  /* mrpb_step only: the pushed store's data, straight from the input into
   * the store-data SRAM's row at the edge (the write port's wdata_i is not
   * filled there; see comb_body) */
  const uint32_t *sd_wsrc;
  uint32_t elig[MRPB_ELIG_WORDS];
  /* the eligible queues per count (bit q of elig_cnt[c]: queue q is
   * eligible with cnt_q[q] == c) and the counts that have one: the drain's
   * longest-first pick without a scan (mrpb_drain_in_t.by_cnt) */
  uint64_t elig_cnt[MRPB_QCNT_MAX + 1], elig_cnts;
  /* this cycle's internal decisions (for tests and the coverage; not state;
   * mrpb_comb writes them, mrpb_step does not) */
  uint32_t dbg_deq_pop, dbg_sel_idx, dbg_sel_flush, dbg_wpass, dbg_enq_push, dbg_byp_set;
  /* the counts of the cycle mrpb_still last accepted (not state): what
   * each cycle like it adds to the enqueue-stall and refusal counters and
   * to the occupancy bucket rep_bkt (0 or 1 each; 0 for a saturated one) */
  uint32_t rep_stall, rep_rej, rep_hist, rep_bkt;
} mrpb_t;

/* The scalar registers hist_v_q .. out_src_q (with hist_id_q) and their
 * next state hist_v_d .. out_src_d have the same layout, each one block:
 * commit copies them with one fixed-size move. */
#define MRPB_SCALARS_BYTES (offsetof(mrpb_t, out_src_q) + 4 - offsetof(mrpb_t, hist_v_q))
_Static_assert(offsetof(mrpb_t, out_src_d) + 4 - offsetof(mrpb_t, hist_v_d) == MRPB_SCALARS_BYTES &&
                   offsetof(mrpb_t, hist_id_d) - offsetof(mrpb_t, hist_v_d) == offsetof(mrpb_t, hist_id_q) - offsetof(mrpb_t, hist_v_q) &&
                   offsetof(mrpb_t, occ_d) - offsetof(mrpb_t, hist_v_d) == offsetof(mrpb_t, occ_q) - offsetof(mrpb_t, hist_v_q) &&
                   offsetof(mrpb_t, out_wid_d) - offsetof(mrpb_t, hist_v_d) == offsetof(mrpb_t, out_wid_q) - offsetof(mrpb_t, hist_v_q) &&
                   offsetof(mrpb_t, out_src_q) == offsetof(mrpb_t, out_wid_q) + 4 &&
                   offsetof(mrpb_t, out_src_d) == offsetof(mrpb_t, out_wid_d) + 4,
               "mrpb_t: the scalar registers and their next state must be two blocks of the same layout");
/* Their last five, out_valid_q .. out_src_q (and _d), the output register:
 * mrpb_step's edge copies these alone (it writes the others in place). */
#define MRPB_OUTREG_BYTES (offsetof(mrpb_t, out_src_q) + 4 - offsetof(mrpb_t, out_valid_q))
_Static_assert(MRPB_OUTREG_BYTES == 20 && offsetof(mrpb_t, out_src_d) + 4 - offsetof(mrpb_t, out_valid_d) == 20 &&
                   offsetof(mrpb_t, out_src_q) + 4 == offsetof(mrpb_t, hist_v_q) + MRPB_SCALARS_BYTES,
               "mrpb_t: out_valid .. out_src must end the scalar block, five consecutive fields");

/* Structural parameters; returns 0, or -1 (out of memory / bad sizes). */
int mrpb_init(mrpb_t *m, unsigned sig, unsigned entries, unsigned latency, unsigned payload_w, unsigned sdata_w,
              unsigned cnt_w);
/* From a run's configuration; on a bad combination prints one
 * "error: parameter NAME=VALUE: ..." line and returns -1. */
int mrpb_init_cfg(mrpb_t *m, const l1sys_cfg_t *cfg);
/* Mode inputs from the configuration (MRPB_DRAIN, _GREEDY, _FLUSH, _BYPASS, _SLOT). */
void mrpb_mode_from_cfg(mrpb_in_t *in, const l1sys_cfg_t *cfg);
void mrpb_free(mrpb_t *m);
void mrpb_reset(mrpb_t *m);
void mrpb_comb(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out);
void mrpb_commit(mrpb_t *m);
/* mrpb_comb(m, in, out) then mrpb_commit(m) in one call, for a caller that
 * reads nothing of the model between the two (the same outputs and state;
 * the dbg_* decisions are not written, nor the next state -- hist_v_d ..
 * bar_pend_d, gcur_v_d -- of registers that mrpb_comb rewrites every cycle:
 * the step writes those registers in place).  The two forms may be mixed
 * from cycle to cycle. */
void mrpb_step(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out);

/* For a caller that leaves cycles out (the shell's sleeping and repeating
 * SMs, docs/shell.md "Scale"; not hardware).  After mrpb_comb, before
 * mrpb_commit: 1 when the cycle changes nothing but the statistics'
 * counters -- no queue, SRAM, age history (its valid bits and its
 * signature bytes alike), occupancy, barrier, output register or drain
 * register moves, no enqueue, dequeue, pass, flush or bypass is counted,
 * and stat_data_o reads no counter the cycle moves -- so that every next
 * cycle with the same inputs computes the same again, its outputs the
 * same.  Records the cycle's counts for mrpb_rep_advance. */
int mrpb_still(mrpb_t *m, const mrpb_in_t *in);
/* n more cycles like the one mrpb_still last accepted, left out by a caller
 * and counted now (after that cycle's mrpb_commit): the enqueue-stall and
 * refusal counters and the occupancy bucket move as n such cycles move
 * them, saturating at CntW's maximum as the RTL's counters do. */
void mrpb_rep_advance(mrpb_t *m, uint32_t n);

/* The request presented (deq_store_o, deq_wid_o, deq_payload_o, deq_sdata_o)
 * from the registered state: the SRAMs' output row after a dequeue, the
 * passed request otherwise (what a caller that drives the L1D before
 * mrpb_comb() reads). */
static inline uint32_t mrpb_deq_store(const mrpb_t *m) {
  return m->out_src_q ? mem_1r1w_sync_rdata(&m->i_mem)[0] & 1u : m->out_store_q;
}
static inline uint32_t mrpb_deq_wid(const mrpb_t *m) {
  return m->out_src_q ? (mem_1r1w_sync_rdata(&m->i_mem)[0] >> 1) & m->wid_mask : m->out_wid_q;
}
static inline const uint32_t *mrpb_deq_sdata(const mrpb_t *m) {
  return m->out_src_q ? mem_1r1w_sync_rdata(&m->i_sdata) : m->out_sdata_q;
}
/* Writes payload_w bits (pwords words) to dst. */
void mrpb_deq_payload(const mrpb_t *m, uint32_t *dst);

/* Register views for tests and summaries. */
uint32_t mrpb_qcount(const mrpb_t *m, unsigned q);
/* Queue index of a request's signature fields. */
uint32_t mrpb_signature(const mrpb_t *m, uint32_t wid, uint32_t bid, uint32_t bwid);
/* The bypass rule: 1 when a load refused with fail code `fail` is bypassed
 * under bypass mode `mode` (resource fails only; never NONE or PORT_BUSY). */
uint32_t mrpb_bypass_hit(uint32_t mode, uint32_t fail);

#endif
