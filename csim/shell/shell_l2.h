/* shell_l2.h -- C mirror of rtl/shell/shell_l2.sv: one L2 bank (a memory
 * sub-partition, as GPGPU-Sim's memory_sub_partition) of the GPU shell
 * (docs/shell.md, "Memory side: throughput and latency").  Same register
 * names as the RTL.
 *
 * Ports (valid/ready: a transfer happens in a cycle where both are high):
 *   req_*       from the request crossbar; req_ready_o = request queue not
 *               full.  A request is stamped ts = cycle + rop_lat as it enters
 *               (the ROP delay line, -gpgpu_l2_rop_latency) and may reach the
 *               tags only once its stamp is reached: latency is a pipeline,
 *               the queue has rop_lat + L2_Q entries, so it never caps
 *               bandwidth.
 *   rsp_*       toward the response crossbar: the response queue's head
 *               (a hit or a fill, the cycle after its tag access).
 *   dram_req_*  a load miss, a store (write-through) or a dirty victim's
 *               write-back (write-back) toward the DRAM channel (environment).
 *               A transfer is valid && ready, or valid in the cycle a fill
 *               is taken (dram_rsp_ready_o): the fill's write-back takes
 *               the fill's entry (shell_dram_req_fire).
 *   dram_rsp_*  a line back from DRAM: filled into the tags (priority over
 *               the head request: one tag access a cycle) and answered.
 * A message is {sm, line, id, store, byp}; in the request queue with its
 * stamp ts and its set, packed {set, ts, byp, store, id, sm, line} (line at
 * bit 0); the response queue holds the message alone.
 * Set index: of the bank-local line (line / banks, as GPGPU-Sim indexes the
 * partition address), LINEAR or IPOLY (shell_l2_set_idx).  The bank divides
 * a line once, as it is pushed into the request queue, and carries the set
 * with it (queue entry, replay slot rp_set_q, decide stage dec_set_q, to
 * DRAM on dram_req_set_o and back with the fill on dram_rsp_set_i): the
 * RTL's divider then never sits on a path through the arrays (the RTL's
 * header; docs/shell.md, "The set carried with the line").
 * Write-back (SHELL_L2_WRITE=BACK): a store hit marks its line dirty; a store
 * miss allocates the victim way dirty without a DRAM read (the shell's stores
 * write whole lines: GPGPU-Sim's lazy fetch-on-read never fetches them); a
 * dirty victim of a fill or a store allocation is written back first.
 * Two stages, as the RTL: read (a fill, else the replayed request, else the
 * queue head reads its set's rows from the SRAM macros i_tags / i_lru)
 * and decide (the next cycle); the decide stage never holds an access
 * (a request that cannot finish moves to the replay slot rp_*, a fill is
 * left with DRAM); an access to the set the decide stage writes is read
 * in the same cycle and sees that write through the forward fw_*.
 * docs/shell.md, "L2 bank: SRAM tag and recency arrays".
 * Per cycle: set m->in, shell_l2_comb() (outputs, next state), then
 * shell_l2_commit() at the edge. */
#ifndef SHELL_L2_H
#define SHELL_L2_H
#include <stdint.h>
#include "fifo_sync.h"
#include "bits.h"
#include "mem_1r1w_sync.h"

typedef struct {
  uint32_t req_valid_i, req_sm_i, req_line_i, req_id_i, req_store_i, req_byp_i;
  uint32_t rsp_ready_i;
  uint32_t dram_req_ready_i;
  uint32_t dram_rsp_valid_i, dram_rsp_sm_i, dram_rsp_line_i, dram_rsp_id_i, dram_rsp_byp_i;
  uint32_t dram_rsp_set_i; /* the fill's set, as the bank sent it with the load (dram_req_set_o) */
} shell_l2_in_t;

typedef struct {
  uint32_t req_ready_o;
  uint32_t rsp_valid_o, rsp_sm_o, rsp_line_o, rsp_id_o, rsp_byp_o;
  uint32_t dram_req_valid_o, dram_req_sm_o, dram_req_line_o, dram_req_id_o, dram_req_store_o, dram_req_byp_o;
  uint32_t dram_rsp_ready_o;
  uint32_t dram_req_set_o; /* the decide stage's set: DRAM hands it back with the fill */
} shell_l2_out_t;

/* SMISS: a load whose line is present and its sector not (GPGPU-Sim's
 * SECTOR_MISS; MISS: its line absent) */
enum { L2C_HIT, L2C_MISS, L2C_STORE, L2C_FILL, L2C_WB, L2C_SMISS, L2C_N };
extern const char *const shell_l2_cnt_name[L2C_N]; /* "cnt_hit_q", ... */

typedef struct {
  /* law: a message's address field, the L1D's atom (a line, or with
   * sectors a sector: sectw = log2 sectors per line); tlw = law - sectw: a
   * tag, the line (the bank keeps whole lines, docs/shell.md) */
  unsigned sets, ways, lat, law, sectw, tlw, idw, smw, msgw, setw, nbanks, set_idx, wback;
  unsigned setww; /* a set index's width on a port or in a register (SetW: at least 1) */
  shell_l2_in_t in;
  shell_l2_out_t out;
  unsigned bodyw; /* a message without its stamp */
  uint32_t lawm, smwm, idwm; /* not hardware: masks of law, smw, idw bits (set at init) */
  /* per line [set][way]: valid, dirty (flops) */
  uint8_t *valid_q, *valid_d, *dirty_q, *dirty_d;
  /* SRAM macros, one row per set: Ways line addresses; the recency matrix,
   * a bit per pair of ways (shell_l2_lru_bit; lruw bits, at least one) */
  mem_1r1w_sync_t i_tags, i_lru;
  unsigned lruw;
  uint32_t cyc_q, cyc_d;
  uint32_t cnt_q[L2C_N], cnt_d[L2C_N];
  /* decide stage (the access read at the last edge) and the replay slot */
  uint8_t dec_valid_q, dec_valid_d, dec_fill_q, dec_fill_d, rp_valid_q, rp_valid_d;
  uint32_t dec_msg_q[4], dec_msg_d[4], rp_msg_q[4], rp_msg_d[4]; /* bodyw bits; words past them zero */
  uint32_t dec_set_q, dec_set_d, rp_set_q, rp_set_d; /* their sets (dec_set_q held while the stage is empty) */
  /* same-set forward: the access in the decide stage was read at the edge
   * that also wrote its set (the SRAM reads before it writes), so its rows
   * are stale in way fw_way_q: that way is the most recently used, and its
   * tag is fw_tag_q when fw_tagw_q (an allocation wrote it) */
  uint8_t fw_v_q, fw_v_d, fw_tagw_q, fw_tagw_d;
  uint32_t fw_way_q, fw_way_d, fw_tag_q, fw_tag_d;
  fifo_sync_t i_reqq, i_rspq;
  int dset; /* the set whose valid bits this cycle writes (-1 none) */
  uint32_t wbuf[4], *tag_wbuf, *wmask;
  /* not hardware (speed): per way w, the recency row's write that makes w
   * the most recently used, lruk words each: lru_tab[2w] its mask (w's
   * pairs), lru_tab[2w+1] its data (the pairs (w, j) set); lru_eff: the row
   * with the forward applied */
  unsigned lruk;
  uint32_t *lru_tab, *lru_eff;
  /* not hardware (speed): the set index as a table, the IPOLY remainder
   * being linear over GF(2): ipt[k][b] = set of the bank-local line whose
   * byte k is b and other bytes 0 (LINEAR: the low bits); nbshift: log2 of
   * the banks when a power of two, else -1 (divide) */
  uint16_t ipt[4][256];
  int nbshift;
  /* not hardware: this cycle's comb found the bank settled (decide stage,
   * replay slot and response queue empty, no forward), took nothing in and
   * read nothing, and the decide stage's message already the one it loads:
   * the next state is the state but the cycle counter, so the next comb
   * with idle inputs computes this one again (the shell's sleeping banks) */
  uint8_t fix;
  /* not hardware: shell_l2_peek ran this cycle (the edge and reset clear
   * it), so the outputs it computes stand and comb does not decode the
   * response queue's head again */
  uint8_t peeked;
} shell_l2_t;

/* lat: the ROP latency; reqq: request-queue entries (ROP delay + L2_Q);
 * nbanks: banks of the shell (the set index divides the line by it);
 * set_idx: SHELL_L2_SET_IDX_*; wback: SHELL_L2_WRITE_BACK or _THROUGH. */
int shell_l2_init(shell_l2_t *m, unsigned sets, unsigned ways, unsigned lat, unsigned reqq, unsigned rspq,
                  unsigned law, unsigned sectw, unsigned idw, unsigned smw, unsigned nbanks, unsigned set_idx,
                  unsigned wback);
void shell_l2_free(shell_l2_t *m);
void shell_l2_reset(shell_l2_t *m);
/* The outputs that depend on the registered state only (req_ready_o,
 * rsp_*): what a caller needs before it can drive req_* and rsp_ready_i.
 * shell_l2_comb() sets the same values again. */
void shell_l2_peek(shell_l2_t *m);
void shell_l2_comb(shell_l2_t *m);
void shell_l2_commit(shell_l2_t *m);
/* Something in flight inside the bank (queues, decide stage, replay slot). */
int shell_l2_busy(const shell_l2_t *m);
/* Nothing moves inside the bank but the ROP delay: decide stage and replay
 * slot empty, response queue empty (the request queue may hold requests
 * still in their delay).  Not hardware: the shell's sleeping banks. */
int shell_l2_settled(const shell_l2_t *m);
/* The request queue's head has come out of the ROP delay this cycle (the
 * read stage may take it: the comb's rq_ready). */
static inline int shell_l2_head_ready(const shell_l2_t *m) {
  if (fifo_sync_empty(&m->i_reqq)) return 0;
  const uint32_t h_ts = (uint32_t)bits_get(fifo_sync_rdata(&m->i_reqq), m->bodyw, 32); /* the head's stamp */
#ifdef FAULT_SHELL_L2_LAT
  return (int32_t)(h_ts - m->cyc_q) <= 1; /* fault: a cycle early */
#else
  return (int32_t)(h_ts - m->cyc_q) <= 0;
#endif
}
/* Set index of a line (the RTL's function of the same name), from the
 * tables built by shell_l2_init; shell_l2_set_idx_ref computes it as the
 * RTL does (divide, then reduce bit by bit), for the tables and the tests. */
uint32_t shell_l2_set_idx(const shell_l2_t *m, uint32_t line);
uint32_t shell_l2_set_idx_ref(const shell_l2_t *m, uint32_t line);

/* The recency matrix (i_lru; docs/shell.md, "The LRU as a recency
 * matrix"): a row holds one bit per pair of ways (i, j), i < j, at
 * shell_l2_lru_bit(ways, i, j), set when way i was used more recently than
 * way j.  A touch of way w sets its pairs with every later way and clears
 * its pairs with every earlier one: w becomes the most recently used.  The
 * victim is the way older than every other (at most one can be), way 0 if
 * none is (a row no sequence of touches makes: --rand-init).  The RTL's
 * lru_bit is the same formula. */
static inline unsigned shell_l2_lru_bit(unsigned ways, unsigned i, unsigned j) {
  return i * (2 * ways - i - 1) / 2 + (j - i - 1);
}

#endif
