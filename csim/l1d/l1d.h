/* l1d.h -- C mirror of rtl/l1d/l1d.sv: the L1 data-cache controller of one
 * SM (GPGPU-Sim semantics, docs/l1d.md "GPGPU-Sim compatibility, rule by
 * rule"; Bypass-Aware mode of the BA paper).  Interface, timing and every
 * decision: docs/l1d.md and the header of rtl/l1d/l1d.sv.  Same register names as the RTL.
 *
 * Representation (docs/c-models.md): one C array per RTL register array,
 * indexed as the RTL indexes it -- valid_q[set][way] is valid_q[set * ways +
 * way] -- in the type Verilator stores it in (1-bit flags and ranks uint8_t,
 * wider fields uint32_t), so the engine compares whole arrays with memcmp.
 * Pipeline (issue 15 item 1, docs/l1d.md "Pipeline"): a request accepted at
 * the port (read stage R) reads its set's tag row and data rows (all ways)
 * from the synchronous SRAMs; the next cycle the decide stage D (d_*_q)
 * decides it with today's rules, on that read data merged with the previous
 * edge's array writes (fw_tag_*, fw_data_*).  A refused request stays in D
 * and is retried every cycle (its set re-read); req_ready_o means "accepted
 * into the pipeline".  Remote lookups are answered the cycle after.
 * Next state: a cycle writes at most two sets (the fill's and the
 * request's) and four MSHR entries; l1d_comb() copies just those rows q->d,
 * updates d, and l1d_commit() copies the same rows back.  Nothing else is
 * copied.
 *
 * Per cycle: set m->in, call l1d_comb() (outputs in m->out, next state,
 * memory write ports), then l1d_commit() at the edge; m->in holds still
 * from l1d_comb() to l1d_commit() (a quiescent cycle's commit takes D's
 * payload straight from the port, as the flops do).
 * Cost follows activity: a cycle with nothing at the ports, no queue
 * holding anything and no forwarding register set takes a short path
 * (comb_idle in l1d.c) that leaves every register, port and output as the
 * full evaluation would; lockstep compares them every cycle.  The data
 * banks' output registers are held lazily and two don't-care values are
 * skipped unless the state is observed (l1d_observe; docs/c-models.md,
 * "The L1D's fast paths"). */
#ifndef L1D_H
#define L1D_H
#include <stdint.h>
#include "cfg.h"
#include "fifo_sync.h"
#include "mem_1r1w_sync.h"
#include "l1d_gpgpusim.h"
#include "l1d_victim.h"

typedef struct {
  unsigned sets, ways, line, sectors, entries, merge, missq, bypq, relq, addr_w, id_w;
} l1d_geom_t;

typedef struct {
  /* quasi-static mode inputs (CSR-like, constant for a run); mode_sbyp_i:
   * stall-to-bypass in D (MRPB_BYPASS_* encoding; 0 off) */
  uint32_t mode_repl_i, mode_wr_i, mode_alloc_i, mode_hash_i, mode_ba_i, mode_ba_thr_i, mode_sbyp_i;
  /* request port (valid/ready) */
  uint32_t req_valid_i, req_addr_i, req_store_i, req_byp_i, req_id_i; /* the request's sector: from req_addr_i */
  uint32_t *req_data_i, *req_mask_i; /* line*8 bits, line bits */
  /* memory-side request port */
  uint32_t mem_req_ready_i;
  /* fill port (valid/ready); fill_addr_i: an atom address (line, or sectored: sector) */
  uint32_t fill_valid_i, fill_addr_i, fill_byp_i, fill_id_i;
  uint32_t *fill_data_i;
  /* remote lookup port */
  uint32_t rmt_valid_i, rmt_addr_i;
} l1d_in_t;

typedef struct {
  uint32_t req_ready_o;                   /* accepted into the pipeline (D empty or leaving) */
  uint32_t dec_valid_o, req_outcome_o, req_fail_o; /* D holds a request; its verdict this cycle */
  uint32_t rsp_valid_o, rsp_id_o;
  uint32_t *rsp_data_o;
  uint32_t mem_req_valid_o, mem_req_store_o, mem_req_byp_o, mem_req_id_o, mem_req_addr_o;
  uint32_t *mem_req_data_o, *mem_req_mask_o;
  uint32_t fill_ready_o;
  uint32_t rmt_hit_o;
  uint32_t *rmt_data_o;
  uint32_t ev_access_o, ev_hit_o, ev_hitres_o, ev_miss_o, ev_stall_o, ev_byp_o, ev_pseudo_o, ev_fill_o;
} l1d_out_t;

enum { L1D_NCNT = 15 };
extern const char *const l1d_cnt_name[L1D_NCNT]; /* "cnt_access_q", ... */
enum { L1D_CNT_ACCESS, L1D_CNT_HIT, L1D_CNT_HITRES, L1D_CNT_MISS, L1D_CNT_FAIL_LINE, L1D_CNT_FAIL_ENTRY,
       L1D_CNT_FAIL_MERGE, L1D_CNT_FAIL_MQ, L1D_CNT_FAIL_PORT, L1D_CNT_FAIL_BYPQ, L1D_CNT_BYP, L1D_CNT_FILL,
       L1D_CNT_PSEUDO, L1D_CNT_SBYP, L1D_CNT_SMISS };

typedef struct {
  l1d_geom_t g;
  /* derived widths (the RTL's derived parameters) */
  unsigned offw, setw, wayw, rankw, law, cntw, eidxw, mqw, bqw, rqw, lbits, lwords;
  uint32_t lamask, awmask, idmask, emask; /* the line address's, atom address's, id's and entry index's masks */
  unsigned sectw, sectiw, aw, sbytes; /* log2(sectors) (0 for a line cache), its index width (>= 1), atom-address bits (law + sectw), bytes per sector */
  unsigned ash; /* offw - sectw: an address's atom address at bit 0 after this shift (masked by awmask) */
  uint8_t small; /* Ways and Entries <= 64: every vector one word (comb_full's small form) */
  l1d_in_t in;
  l1d_out_t out;
  /* per line, [set][way]: data present / fill pending (Sectors-bit masks, one bit per sector) / BA tag only /
   * BA reuse / age rank */
  uint8_t *valid_q, *rsv_q, *byp_q, *reuse_q;
  uint8_t *valid_d, *rsv_d, *byp_d, *reuse_d;
  uint16_t *rank_q, *rank_d;
  /* MSHR, [entry] (ids: [entry][merge], slot 0 the oldest); addr: the atom address; pres: the entry's line
   * is present in way mshr_way_q (docs/l1d.md, "The fill of a sector") */
  /* mshr_q[e].valid is the RTL's mshr_valid_q[e], and so on: an entry's
   * flags, count and way side by side (the state map reads each register
   * array with the struct's stride: tb/blocks/l1d_ls_state.c), so a commit
   * moves an entry's fields as one 8-byte value; pad stays 0 */
  struct l1d_ment { uint8_t valid, rdy, pres, cnt; uint16_t way, pad; } *mshr_q, *mshr_d;
  uint32_t *mshr_addr_q, *mshr_ids_q, *mshr_addr_d, *mshr_ids_d; /* (addr apart: the CAM compares it four to a vector) */
  uint8_t mem_rr_q, mem_rr_d; /* memory port: 1 = the bypass queue goes first */
  /* decide stage D: the request accepted last cycle (or held, refused) */
  uint8_t d_valid_q, d_store_q, d_byp_q, d_valid_d, d_store_d, d_byp_d;
  uint32_t d_addr_q, d_id_q, d_addr_d, d_id_d;
  uint32_t *d_data_q, *d_mask_q; /* line*8, line bits; not reset (taken from the port at the edge: the port holds still) */
  uint8_t d_load; /* this cycle D takes the port's request (commit copies data/mask) */
  /* forwarding: the array writes of the last edge, merged into this cycle's read data */
  uint8_t fw_tag_v_q, fw_tag_v_d;
  uint16_t fw_tag_way_q, fw_tag_way_d;
  uint32_t fw_tag_set_q, fw_tag_set_d, fw_tag_line_q, fw_tag_line_d;
  uint8_t fw_data_v_q, fw_data_v_d;
  uint16_t fw_data_way_q, fw_data_way_d;
  uint32_t fw_data_set_q, fw_data_set_d;
  uint32_t *fw_data_q, *fw_data_mask_q, *fw_data_d, *fw_data_mask_d; /* line*8, line bits; not reset */
  /* remote lookup presented last cycle */
  uint8_t rmt_v_q, rmt_v_d;
  uint32_t rmt_line_q, rmt_set_q, rmt_sect_q, rmt_line_d, rmt_set_d, rmt_sect_d;
  /* counters (32 bits each), order of l1d_cnt_name */
  uint32_t cnt_q[L1D_NCNT], cnt_d[L1D_NCNT];
  /* sub-instances */
  fifo_sync_t i_missq, i_bypq, i_relq;
  mem_1r1w_sync_t i_tags, i_tags_rmt; /* tags Sets x Ways*LaW (a set's tags in one row) */
  mem_1r1w_sync_t *i_data, *i_data_rmt; /* [way]: one data bank per way, Sets x LBits (gen_dway[w] in the RTL) */
  /* The data banks' output registers, lazily (docs/c-models.md, "The L1D's
   * data banks"): every bank of a group reads the same set at an edge, so
   * the group remembers that set (lz: set + 1, 0 none) instead of copying
   * Ways rows; bank w's rdata_q is its row lz - 1 unless mat[w] == gen (its
   * buffer was filled: a write into the held row at or after the read,
   * read-before-write).  rdata_q buffers are brought up to date after every
   * edge only when the state is observed (l1d_observe: the lockstep state
   * map); nothing in the model reads them directly.  we: the banks whose
   * write port is set this cycle (a way, twice at most). */
  struct l1d_dbanks {
    mem_1r1w_sync_t *b;
    uint32_t lz, gen, synced_lz, synced_gen, rd; /* rd: this cycle's read (set + 1, 0 none) */
    uint32_t *mat;
  } dk, dk_rmt;
  unsigned dwe[2], ndwe;
  uint8_t dwe_full; /* the one bank write of the cycle writes every byte (a line fill) */
  /* dsrc: the cycle's line fill, unobserved -- its data (the fill port,
   * which holds still until commit) goes straight into the two banks' rows
   * and fw_data_q at commit; the banks' write-port data and mask and
   * fw_data_d / fw_data_mask_d, compared by nobody, are not written
   * (docs/c-models.md, "Don't-cares left alone when nobody looks") */
  const uint32_t *dsrc;
  /* fw_lazy: the last edge's data write was such a line fill -- fw_data_q
   * and fw_data_mask_q (compared by nobody, read only by line_fw under
   * fw_data_v_q) were not written; the line is the written bank row itself,
   * which no write changes before the next edge */
  uint8_t fw_lazy;
  /* rq_lazy: this cycle's push into i_relq is a line fill nobody observes --
   * its port holds the entry index but not the line (a don't-care nobody
   * compares); commit takes the line from the fill port (which holds still
   * until then), as dsrc does for the banks */
  uint8_t rq_lazy;
  /* rlz[set][way]: the remote data bank's row equals the local bank's row,
   * which holds its contents (not hardware: the model's knowledge that the
   * two copies took the same writes since an unobserved line fill, which
   * then wrote the local row only).  Every write goes to both copies, so a
   * remote row so marked takes none itself; readers of remote rows go
   * through bk_row (l1d.c); l1d_observe(m, 1) and reset write the rows out
   * and clear the marks (calloc'd at init, before a random initial state) */
  uint8_t *rlz;
  /* tsh: this cycle's tag write (a step copy's) left the remote copy's port
   * idle; the edge writes its row from i_tags' port (l1d.c tag_write) */
  uint8_t tsh;
  uint8_t observed;
  /* tag_sh[set][way]: the tag array's contents one tag to a word (the line
   * written with each i_tags write, at the same edge), for D's tag compare
   * when its row was read at the last edge (docs/c-models.md); a way's
   * entry means something only while the way is present (written since reset) */
  uint32_t *tag_sh;
  /* trow_ok: i_tags' output register holds row trow_set of the tag array as
   * it is now (read, not written since: D's compare may use tag_sh) */
  uint32_t trow_set;
  uint8_t trow_ok;
  /* trow_cp: trow_sh holds the output register's row one tag to a word
   * (tag_sh's row copied at the first write into it since its read), for
   * the ways set in trow_known; tag_wr[set][Ways/64 words]: the ways whose
   * tag was written since reset (tag_sh's entry is the SRAM's) */
  uint8_t trow_cp;
  uint32_t *trow_sh;
  uint64_t *tag_wr, trow_known[16];
  /* rows and entries this cycle writes (copied q->d in comb, back in commit) */
  uint64_t dids; /* bit i: entry dent[i]'s merge ids written (commit copies those back) */
  unsigned dset[2], nds, dent[4 + 4 * 8], nde; /* entries: fill, release, request, and a fill's or store's pres/way
                                               * updates (at most 2 x Sectors: docs/l1d.md) */
  /* outputs known to be all zero (cleared once, not every idle cycle) */
  uint8_t rsp_zero, rmt_zero, mreq_zero;
  /* The response's line by reference while unobserved: out.rsp_data_o
   * points at the row it is read from (the release queue's head row, the
   * fill port's line, the hit's bank row or merged line) or at rsp_zbuf
   * (zeros, never written) with no response -- the same words a copy would
   * hold, valid from l1d_comb until the next l1d_comb (none of those rows
   * is written at the edge in between: a popped head row is not the row a
   * push writes, a hit's cycle writes no bank) and the fill port's line
   * while the inputs hold still (to l1d_commit: the calling convention).
   * Observed, rsp_data_o is rsp_buf, the buffer the state map declared,
   * and the line is copied into it as before (l1d_observe brings it back).
   * The memory port's data and mask likewise (mreq_dbuf, mreq_mbuf): the
   * miss queue's head row itself (a popped head row is not the row a push
   * writes at that edge; a load's row holds zeros, l1d.h mq_ld) or zbuf
   * for a bypass; mq_ref: the row's mask starts and ends on a word. */
  uint32_t *rsp_buf, *zbuf, *mreq_dbuf, *mreq_mbuf;
  uint8_t mq_ref;
  /* quiescent cycles (comb_idle, l1d.c): this cycle was idle; the memory
   * port holds the miss queue's head; D's verdict remembered for
   * (memo_addr, memo_sb) while idle cycles follow one another */
  /* idle: 0 full evaluation, 1 quiet (comb_idle), 2 a repeat (comb_rep);
   * L1D_C_EMPTY: a full evaluation by the copy of comb_body that rules out
   * most of the edge (l1d_commit takes a copy of commit_full without it) */
  uint8_t idle, mreq_held, memo_ok, memo_sb;
  /* rep_ok: the last cycle was a stalled retry that moved nothing (1), or
   * that and its memory queues hold rows the port did not take (2: a
   * repeat while mem_req_ready_i stays 0; l1d_rep_now); its stall counter */
  uint8_t rep_ok, rep_cnt;
  /* mq_ld[slot]: the miss queue's row at slot was pushed by a load since
   * reset (its mask and data are zero: mreq_from_missq then copies them
   * only onto a port that is not zero already); not hardware, the model's
   * knowledge of rows it wrote itself (reset clears it, before a random
   * initial state may write the queue's body) */
  uint8_t mq_ld[64];
  /* The miss queue's row {store, id, atom, mask, data} with a mask of
   * whole words (lines of >= 32 bytes): its header {store, id, atom} starts
   * on word mq_hw and fits one or two words (mq_hw2), so it is built and
   * read as one 64-bit value (mq_hdr_ok; l1d_init: fixed by the geometry).
   * mqp_ld: i_missq's write port holds a row built for a load (its data and
   * mask words zero; nothing else writes that port: reset clears it) */
  uint8_t mq_hdr_ok, mq_hw2, mqp_ld;
  unsigned mq_hw;
  uint32_t memo_addr, memo_out, memo_fail;
  /* D's set index l1d_index(d_addr_q) remembered (not hardware: a cache of a
   * pure function, keyed by the index mode): the cycle that loads D with a
   * request computes it for that address (set_memo), the next one decides
   * on it; dsm_ok holds while d_addr_q is that address -- every path that
   * loads d_addr_q otherwise clears it (the quiet cycle's commit, reset) */
  uint32_t dsm_hash, dsm_set;
  uint8_t dsm_ok;
  /* The MSHR's valid and pending (valid, not filled) flags as Entries-bit
   * vectors, entry e at bit e % 64 of word e / 64 (not hardware: the
   * values of mshr_valid_q / mshr_rdy_q packed, kept where those change --
   * reset and commit, the only writers: both are reset registers, which no
   * random initial state writes) */
  uint64_t mshr_vbits[16], mshr_pbits[16];
  /* vmemo[set]: the set's victim choice (l1d_victim on its flags and ranks)
   * for mode inputs (ba, thr) (ok), and with 17..64 ways its present and
   * reserved flags as Ways-bit vectors (fok), remembered until a commit
   * writes the set's rows (not hardware: a cache of pure functions; reset
   * clears it, and the rows it depends on are reset registers no random
   * initial state writes) */
  struct l1d_vmemo { uint8_t ok, ba, fok; uint32_t thr; l1d_vict_t v; uint64_t occ, r; } *vmemo;
  /* scratch */
  uint32_t *bq_wdata, *tag_wdata, *tag_wmask, *all_mask, *line_buf, *sect_mask;
} l1d_t;

/* Geometry from a configuration; -1 and one "error: parameter ..." line on a
 * bad combination (structure or policy). */
int l1d_geom_from_cfg(const l1sys_cfg_t *cfg, l1d_geom_t *g);
/* Mode inputs from a configuration. */
void l1d_modes_from_cfg(const l1sys_cfg_t *cfg, l1d_in_t *in);

int l1d_init(l1d_t *m, const l1d_geom_t *g);
void l1d_free(l1d_t *m);
void l1d_reset(l1d_t *m);
enum { L1D_C_EMPTY = 3 }; /* (idle: a class of full cycles, l1d.c commit_body) */
void l1d_comb_any(l1d_t *m); /* l1d_comb in every form (l1d.c) */
/* The last cycle may repeat as far as the memory port goes: rep_ok 1, or 2
 * with the port still not ready (a ready port would take a queued row). */
static inline uint32_t l1d_rep_now(const l1d_t *m) {
  return m->rep_ok & ~((m->in.mem_req_ready_i & 1u) << 1);
}
/* The remote answer (l1d_comb_rmt) differs from the one presented: a
 * lookup is pending, or the last answer was a hit. */
static inline uint32_t l1d_rmt_moves(const l1d_t *m) { return m->rmt_v_q | (m->rmt_zero ^ 1u); }
static inline void l1d_comb(l1d_t *m) {
  /* the repeated stall (comb_rep, l1d.c) with a fill port that ON_FILL
   * does not gate, inline (a stalled SM of the shell repeats it every
   * cycle): the last cycle again but the fill port's ready, 1 */
  const l1d_in_t *in = &m->in;
  if (l1d_rep_now(m) && m->idle != 1 && !(in->fill_valid_i | in->rmt_valid_i | l1d_rmt_moves(m)) &&
      (in->fill_byp_i || in->mode_alloc_i != L1D_ALLOC_ON_FILL)) {
    m->idle = 2;
    m->out.fill_ready_o = 1;
    return;
  }
  l1d_comb_any(m); /* (and a repeat whose remote port has work: rmt_side, l1d.c) */
}
/* The remote answer alone (rmt_hit_o, rmt_data_o: registers only; l1d_comb
 * computes it too): for a composite that needs it before the cycle's other
 * inputs. */
void l1d_comb_rmt(l1d_t *m);
/* The remote port's edge alone, after a repeated or quiet cycle whose
 * remote port had work (l1d.c, rmt_side): rmt_v_d or rmt_v_q set. */
void l1d_rmt_commit(l1d_t *m);
void l1d_commit_any(l1d_t *m); /* l1d_commit in every form (l1d.c) */
static inline void l1d_commit(l1d_t *m) {
#ifndef FAULT_L1D_REP_NOCNT /* (injected: l1d_commit_any leaves the repeat uncounted) */
  if (m->idle == 2) { /* comb_rep: only the stall counter moves, and the remote port */
    m->cnt_q[m->rep_cnt]++;
    m->cnt_d[m->rep_cnt]++; /* (cnt_d equals cnt_q outside a cycle) */
    if (m->rmt_v_d | m->rmt_v_q) l1d_rmt_commit(m);
    return;
  }
#endif
  l1d_commit_any(m);
}
/* n more cycles of a repeated stall (idle 2, comb_rep) left out by a
 * caller and counted now: what l1d_commit's repeat does n times (the stall
 * counter; quiet, idle 1, nothing moves).  For the shell's SMs left out
 * while they repeat (shell.c, sm_sync). */
static inline void l1d_rep_advance(l1d_t *m, uint32_t n) {
#ifndef FAULT_L1D_REP_NOCNT /* (injected: the repeat uncounted, as l1d_commit) */
  if (m->idle == 2) {
    m->cnt_q[m->rep_cnt] += n;
    m->cnt_d[m->rep_cnt] += n;
  }
#else
  (void)m, (void)n;
#endif
}
/* l1d_comb then l1d_commit in one call, for a caller that changes no input
 * between them (the calling convention) and reads only the outputs, which
 * the edge does not touch: after l1d_step, m->out holds the cycle's comb
 * outputs.  The same next state, ports and outputs as the pair (test_l1d,
 * "l1d_step equals ..."); lockstep, the shell and observed runs use the
 * pair. */
void l1d_step_any(l1d_t *m); /* (l1d.c) */
static inline void l1d_step(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  if (l1d_rep_now(m) && m->idle != 1 && !(in->fill_valid_i | in->rmt_valid_i | l1d_rmt_moves(m)) &&
      (in->fill_byp_i || in->mode_alloc_i != L1D_ALLOC_ON_FILL)) { /* l1d_comb's repeat and its edge */
    m->idle = 2;
    m->out.fill_ready_o = 1;
    l1d_commit(m);
    return;
  }
  l1d_step_any(m);
}
/* on: the state map is read after every edge (the lockstep engine):
 * l1d_commit then leaves every register, the data banks' output registers
 * included, in its RTL form (brought there now).  Off (the default): those
 * and two don't-cares (docs/c-models.md, "The L1D's fast paths") are kept
 * only as the model needs them -- same outputs, same state otherwise. */
void l1d_observe(l1d_t *m, int on);

#endif
