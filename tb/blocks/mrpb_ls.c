/* mrpb_ls.c -- lockstep adapter of the MRPB (rtl/mrpb/mrpb.sv <-> csim/mrpb/mrpb.c).
 *
 * One build per structural configuration (signature, entries, latency,
 * widths: SV parameters).  The policy (drain, greedy, flush, bypass,
 * single-slot) is a set of mode inputs: with MRPB_MODE_SWEEP=1 the stimulus
 * walks all 39 policy combinations (36 queued ones, 3 single-slot ones, one
 * per bypass option), MRPB_SWEEP_PERIOD cycles each, in an order reshuffled
 * from the seed every 39 periods, so a run of 39*K*n cycles gives every
 * combination exactly K*n cycles.  Modes change only at a quiet point (the
 * previous cycle had idle_o high and enq_valid_i low: the rule of
 * rtl/mrpb/mrpb.sv); to get there the LD/ST side stops issuing at the period
 * boundary and waits.  With MRPB_MODE_SWEEP=0 the modes are the configured
 * MRPB_DRAIN/GREEDY/FLUSH/BYPASS for the whole run.
 *
 * Stimulus (from the previous cycle's inputs and outputs only): bursty warps
 * drawn from a hot set or uniformly, stores, rare barriers, a fake L1D that
 * accepts at a phase-dependent rate and otherwise refuses with any code the
 * real L1D can give (NONE .. PORT_BUSY, LINE_ALLOC most often), and aimed
 * phases for rare corners (docs/mrpb.md section 9).  A request is held
 * until accepted; every field that is a don't-care (the request's fields
 * while enq_valid_i is low, a load's store data, the fail code while
 * deq_ready_i is high) carries fresh random values every cycle.  The warp
 * -> (block, in-block warp) layout changes only at quiet points, as the
 * interface requires.
 *
 * Scoreboard (check): every accepted request is delivered exactly once, in
 * order within its warp, with its payload, store flag and (stores) store
 * data; a post-barrier request is never delivered before a pre-barrier one;
 * stores never bypass; the bypass flag rises exactly after a refusal for a
 * resource the bypass mode names (never NONE or PORT_BUSY);
 * at an idle cycle nothing is outstanding; no delivery for 20000 cycles
 * with requests outstanding is a hang. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "mrpb.h"
#include "blocks/mrpb_ls.h"

#define NCOMBO 39 /* 36 queued policies + single-slot x 3 bypass options */
#define NQUEUED 36
#define SB_CAP 64 /* per warp: at most Entries (<= 32) queued + 1 in the output register */
#define MRPB_ENTRIES_MAX 32 /* csim/params_mrpb.def: MRPB_ENTRIES <= 32 */

/* Functional-coverage points (docs/mrpb.md, "Coverage"), declared next to
 * the state map and counted from the C model's view of each cycle (inputs,
 * outputs, state before the edge, this cycle's decisions).  Besides these,
 * one point per policy combination ("policy.<drain>.<greedy>.<flush>.<bypass>"
 * and "policy.slot.<bypass>") counts the cycles the sweep spent in it. */
#define COV_LIST(X) \
  X(ENQ_LOAD, "enq.load") X(ENQ_STORE, "enq.store") X(ENQ_STALL, "enq.stall_queue_full") \
  X(DEQ_LOAD, "deq.load") X(DEQ_STORE, "deq.store") X(DEQ_BYP, "deq.bypassed_load") \
  X(REF_NONE, "refused.NONE") X(REF_LINE, "refused.LINE_ALLOC") X(REF_ENTRY, "refused.MSHR_ENTRY") \
  X(REF_MERGE, "refused.MSHR_MERGE") X(REF_MQ, "refused.MISS_QUEUE") X(REF_PORT, "refused.PORT_BUSY") \
  X(BYP_LINE, "bypass.on.LINE_ALLOC") X(BYP_ENTRY, "bypass.on.MSHR_ENTRY") X(BYP_MERGE, "bypass.on.MSHR_MERGE") \
  X(BYP_MQ, "bypass.on.MISS_QUEUE") X(BYP_SLOT, "bypass.single_slot") \
  X(NOBYP_PORT, "bypass.withheld.PORT_BUSY") X(NOBYP_ASSOC, "bypass.withheld.ASSOC_not_LINE_ALLOC") \
  X(NOBYP_STORE, "bypass.withheld.store") \
  X(FLUSH_READ, "flush.read_meets_full_queue") X(WPASS, "flush.write_passes_unqueued") \
  X(Q_FULL, "queue.full") X(Q_YOUNG, "queue.head_too_young") X(ALL_FULL, "occupancy.top_bucket") \
  X(IDLE, "idle") X(GREEDY_STAY, "drain.greedy.stays_on_current") \
  X(GREEDY_NOELIG, "drain.greedy.current_has_no_eligible_entry") X(LONG_TIE, "drain.longest.tie") \
  X(RR_WRAP, "drain.rr.pointer_wraps") X(BAR_IN, "barrier.in") X(BAR_HOLD, "barrier.holds_new_requests") \
  X(STAT_SAT, "stats.counter_saturated")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  uint32_t payload[MRPB_PAYLOAD_WORDS];
  uint32_t sdata[MRPB_SDATA_WORDS];
  uint32_t store;
  uint64_t epoch;
} sb_ent_t;

typedef struct {
  sb_ent_t e[SB_CAP];
  unsigned head, n;
} sb_warp_t;

typedef struct {
  mrpb_t m;
  mrpb_in_t in;
  mrpb_out_t out;
  /* configuration */
  unsigned sweep, period;
  mrpb_in_t cfg_mode;
  /* sweep state */
  unsigned perm[NCOMBO], combo, pending_combo, quiesce;
  uint64_t seg;      /* sweep period number */
  uint64_t seg_next; /* the cycle the next period starts (cycle % period == 0; no division per cycle) */
  uint64_t rare_next; /* the next cycle stim_sweep runs: a period or phase boundary, the next cycle while a
                       * quiet point is awaited, cycle 0 after reset */
  uint64_t combo_cycles[NCOMBO];
  /* traffic phase */
  unsigned enq_pct, store_pct, acc_pct, barrier_pm, max_burst, hot[4], nhot, hot_pct, aim, fail_pb_pct, rot;
  unsigned cur_wid, burst_left, wpb, boff;
  /* the phase's chances as thresholds on the pool's 16-bit field f:
   * ls_pool_chance(pct) is (f * 100 >> 16) < pct, that is f < ceil(pct *
   * 65536 / 100) (set with the percentages, chance_thr) */
  uint32_t enq_thr, store_thr, acc_thr, hot_thr, fail_pb_thr, barrier_thr;
  ls_stir_t stir_pl, stir_sd; /* the payload's and the store data's stir constants (ls_rng.h) */
  uint8_t lay_bid[MRPB_WARPS], lay_bwid[MRPB_WARPS]; /* the layout per warp (block, in-block warp) */
  uint32_t seq;
  ls_pool_t pool; /* the per-cycle small choices, four to a draw */
  ls_ahead_t ah;  /* the stream's draws, made ahead (stim; the engine's generator seeds it at cycle 0) */
  /* scoreboard */
  sb_warp_t sb[MRPB_WARPS];
  uint64_t epoch, last_deq_epoch, outstanding, last_deq_cycle;
  uint64_t n_in, n_out, n_bypass_out, n_barrier;
  /* bypass-rule check: was a flag expected to rise after this cycle? */
  int byp_expect; /* -1 unknown, 0 no, 1 yes */
  uint32_t prev_fail;
  uint64_t n_pb_refusals, n_aim[9];
  uint64_t cov[COV_N];
  /* Queue summary for the coverage points that look at every queue (full,
   * head too young, longest-first tie), kept up to date for the <= 3
   * queues a cycle touches instead of a scan of all queues per cycle:
   * queues full, queues non-empty but not eligible, eligible queues per
   * count (ehist) and the counts that have one (ebits). */
  unsigned nfull, nyoung, ehist[MRPB_ENTRIES_MAX + 1];
  uint64_t ebits;
  int qsum_stale; /* rebuild from the registers (after reset) */
  int cov_off;    /* --bench: no coverage counting, no queue summary */
  int drop_portbusy; /* stimulus ablation (MRPB_STIM_DROP=portbusy): the fake L1D never answers PORT_BUSY */
  /* the refusal codes the fake L1D draws from (reasons[] in stim_cycle) and
   * its PORT_BUSY answer, with the ablation applied at create: LINE_ALLOC for
   * PORT_BUSY under MRPB_STIM_DROP=portbusy (no per-cycle test) */
  uint32_t fail_pb, fail_codes[8];
  uint32_t fail_tab[16]; /* a refusal's code by (PORT_BUSY drawn) << 3 | the next field's 3 bits: fail_codes, then fail_pb x8 */
  int step; /* lean and cov_off: comb is the model's one-call step (mrpb_step) */
  int lean; /* a lean C run (the engine's lean hook): nothing reads the don't-care payload and store data */
  int skip_stir; /* lean or --bench: the don't-care stirs drawn, not applied (stim_cycle) */
  char combo_name[NCOMBO][40];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
  uint64_t bad_from; /* MRPB_STIM_BAD_WID: requests with an out-of-range warp ID from this cycle on (stim; never: UINT64_MAX) */
} ctx_t;

static void combo_to_mode(unsigned c, mrpb_in_t *in) {
  /* c < 36: c = ((drain * 2 + greedy) * 2 + flush) * 3 + bypass;
   * c >= 36: single slot with bypass c - 36 (drain/greedy/flush are
   * ignored by the hardware; the caller randomizes them) */
  in->mode_slot_i = c >= NQUEUED;
  in->mode_bypass_i = c % 3;
  if (c >= NQUEUED) return;
  in->mode_flush_i = (c / 3) % 2;
  in->mode_greedy_i = (c / 6) % 2;
  in->mode_drain_i = c / 12;
}

static unsigned mode_to_combo(const mrpb_in_t *in) {
  if (in->mode_slot_i) return NQUEUED + in->mode_bypass_i;
  return ((in->mode_drain_i * 2 + in->mode_greedy_i) * 2 + in->mode_flush_i) * 3 + in->mode_bypass_i;
}

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  if (mrpb_init_cfg(&c->m, cfg)) { free(c); return NULL; }
  c->sweep = (unsigned)CFG(cfg, MRPB_MODE_SWEEP);
  c->period = (unsigned)CFG(cfg, MRPB_SWEEP_PERIOD);
  c->bad_from = getenv("MRPB_STIM_BAD_WID") ? 1000 : UINT64_MAX; /* (one compare a request) */
  ls_stir_init(&c->stir_pl, c->m.payload_w);
  ls_stir_init(&c->stir_sd, c->m.sdata_w);
  mrpb_mode_from_cfg(&c->cfg_mode, cfg);
  /* A stimulus feature can be switched off to show that the coverage check
   * notices (make test does): MRPB_STIM_DROP=portbusy. */
  const char *drop = getenv("MRPB_STIM_DROP");
  c->drop_portbusy = drop && !strcmp(drop, "portbusy");
  static const uint32_t reasons[8] = {L1D_FAIL_NONE,       L1D_FAIL_LINE_ALLOC, L1D_FAIL_LINE_ALLOC,
                                      L1D_FAIL_LINE_ALLOC, L1D_FAIL_MSHR_ENTRY, L1D_FAIL_MSHR_MERGE,
                                      L1D_FAIL_MISS_QUEUE, L1D_FAIL_PORT_BUSY};
  const uint32_t pb = c->drop_portbusy ? L1D_FAIL_LINE_ALLOC : L1D_FAIL_PORT_BUSY;
  for (int i = 0; i < 8; i++) c->fail_codes[i] = reasons[i] == L1D_FAIL_PORT_BUSY ? pb : reasons[i];
  c->fail_pb = pb;
  for (int i = 0; i < 8; i++) c->fail_tab[i] = c->fail_codes[i], c->fail_tab[8 + i] = pb;
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  mrpb_free(&c->m);
  free(c);
}

static void declare(void *p, ls_map_t *map) {
  ctx_t *c = p;
  mrpb_t *m = &c->m;
  ls_param_set(map, c->cfg, "MRPB", "", NULL);

  ls_input(map, "mode_drain_i", 2, &c->in.mode_drain_i);
  ls_input(map, "mode_greedy_i", 1, &c->in.mode_greedy_i);
  ls_input(map, "mode_flush_i", 1, &c->in.mode_flush_i);
  ls_input(map, "mode_bypass_i", 2, &c->in.mode_bypass_i);
  ls_input(map, "mode_slot_i", 1, &c->in.mode_slot_i);
  ls_input(map, "enq_valid_i", 1, &c->in.enq_valid_i);
  ls_input(map, "enq_wid_i", m->wid_w, &c->in.enq_wid_i);
  ls_input(map, "enq_bid_i", m->bid_w, &c->in.enq_bid_i);
  ls_input(map, "enq_bwid_i", m->bwid_w, &c->in.enq_bwid_i);
  ls_input(map, "enq_store_i", 1, &c->in.enq_store_i);
  ls_input(map, "enq_payload_i", m->payload_w, c->in.enq_payload_i);
  ls_input(map, "enq_sdata_i", m->sdata_w, c->in.enq_sdata_i);
  ls_input(map, "barrier_i", 1, &c->in.barrier_i);
  ls_input(map, "deq_ready_i", 1, &c->in.deq_ready_i);
  ls_input(map, "l1d_fail_i", 3, &c->in.l1d_fail_i);
  ls_input(map, "stat_sel_i", 5, &c->in.stat_sel_i);

  ls_output(map, "enq_ready_o", 1, &c->out.enq_ready_o);
  ls_output(map, "deq_valid_o", 1, &c->out.deq_valid_o);
  ls_output(map, "deq_bypass_o", 1, &c->out.deq_bypass_o);
  ls_output(map, "deq_wid_o", m->wid_w, &c->out.deq_wid_o);
  ls_output(map, "deq_store_o", 1, &c->out.deq_store_o);
  ls_output(map, "deq_payload_o", m->payload_w, c->out.deq_payload_o);
  ls_output(map, "deq_sdata_o", m->sdata_w, c->out.deq_sdata_o);
  ls_output(map, "idle_o", 1, &c->out.idle_o);
  ls_output(map, "stat_data_o", m->cnt_w, &c->out.stat_data_o);

  ls_enum(map, "mode_drain_i", "MRPB_DRAIN");
  ls_enum(map, "mode_bypass_i", "MRPB_BYPASS");
  ls_enum(map, "l1d_fail_i", "L1D_FAIL");
  ls_enum(map, "stat_sel_i", "MRPB_STAT");
  mrpb_ls_declare_state(map, "", m);
  for (int i = 0; i < COV_N; i++) ls_cover(map, cov_name[i], &c->cov[i]);
  if (c->sweep) { /* every policy the sweep walks */
    static const char *const dn[] = {"FIXED", "RR", "LONGEST"}, *const bn[] = {"OFF", "ALL", "ASSOC"};
    for (unsigned k = 0; k < NCOMBO; k++) {
      mrpb_in_t t = {0};
      combo_to_mode(k, &t);
      if (k >= NQUEUED) snprintf(c->combo_name[k], sizeof c->combo_name[k], "policy.slot.%s", bn[t.mode_bypass_i]);
      else snprintf(c->combo_name[k], sizeof c->combo_name[k], "policy.%s.%s.%s.%s", dn[t.mode_drain_i],
                    t.mode_greedy_i ? "greedy" : "plain", t.mode_flush_i ? "flush" : "noflush", bn[t.mode_bypass_i]);
      ls_cover(map, c->combo_name[k], &c->combo_cycles[k]);
    }
  }
}

/* State map: every register of rtl/mrpb/mrpb.sv and its sub-instances,
 * under prefix (the composite block puts the MRPB at "i_mrpb."). */
void mrpb_ls_declare_state(ls_map_t *map, const char *prefix, const mrpb_t *m) {
  char nm[128];
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  ls_reg_array(map, P("cnt_q"), m->qcnt_w, m->nq, m->cnt_q, sizeof(uint32_t));
  ls_reg_array(map, P("head_q"), m->ptr_w, m->nq, m->head_q, sizeof(uint32_t));
  ls_reg_array(map, P("tail_q"), m->ptr_w, m->nq, m->tail_q, sizeof(uint32_t));
  ls_reg_array(map, P("young_q"), m->young_w, m->nq, m->young_q, sizeof(uint32_t));
  ls_reg(map, P("hist_v_q"), m->hist_n, &m->hist_v_q);
  ls_reg_array(map, P("hist_id_q"), m->idx_w, m->hist_n, m->hist_id_q, sizeof m->hist_id_q[0]);
  ls_reg(map, P("occ_q"), m->occ_w, &m->occ_q);
  ls_reg(map, P("bar_pend_q"), 1, &m->bar_pend_q);
  ls_reg(map, P("out_valid_q"), 1, &m->out_valid_q);
  ls_reg(map, P("out_bypass_q"), 1, &m->out_bypass_q);
  ls_reg(map, P("out_store_q"), 1, &m->out_store_q);
  ls_reg(map, P("out_src_q"), 1, &m->out_src_q);
  ls_reg(map, P("out_wid_q"), m->wid_w, &m->out_wid_q);
  ls_reg(map, P("out_payload_q"), m->payload_w, m->out_payload_q);
  ls_reg(map, P("out_sdata_q"), m->sdata_w, m->out_sdata_q);
  ls_reg(map, P("i_drain.gcur_q"), m->i_drain.idx_w, &m->i_drain.gcur_q);
  ls_reg(map, P("i_drain.gcur_v_q"), 1, &m->i_drain.gcur_v_q);
  ls_reg(map, P("i_drain.i_rr.ptr_q"), m->i_drain.idx_w, &m->i_drain.i_rr.ptr_q);
  ls_reg(map, P("i_stats.enq_cnt_q"), m->cnt_w, &m->i_stats.enq_cnt_q);
  ls_reg(map, P("i_stats.deq_cnt_q"), m->cnt_w, &m->i_stats.deq_cnt_q);
  ls_reg(map, P("i_stats.wpass_cnt_q"), m->cnt_w, &m->i_stats.wpass_cnt_q);
  ls_reg(map, P("i_stats.flush_cnt_q"), m->cnt_w, &m->i_stats.flush_cnt_q);
  ls_reg(map, P("i_stats.bypass_cnt_q"), m->cnt_w, &m->i_stats.bypass_cnt_q);
  ls_reg(map, P("i_stats.stall_cnt_q"), m->cnt_w, &m->i_stats.stall_cnt_q);
  ls_reg(map, P("i_stats.rej_cnt_q"), m->cnt_w, &m->i_stats.rej_cnt_q);
  ls_reg(map, P("i_stats.occ_max_q"), m->occ_w, &m->i_stats.occ_max_q);
  ls_reg_array(map, P("i_stats.occ_hist_q"), m->cnt_w, m->i_stats.nbkt, m->i_stats.occ_hist_q, sizeof(uint32_t));
  ls_mem_sync(map, P("i_mem"), &m->i_mem);
  ls_mem_sync(map, P("i_sdata"), &m->i_sdata);
  /* readable reports and waveforms (tb/engine/ls_annot.c): which queue, slot or bucket an element is */
  ls_index(map, P("cnt_q"), 0, "queue");
  ls_index(map, P("head_q"), 0, "queue");
  ls_index(map, P("tail_q"), 0, "queue");
  ls_index(map, P("young_q"), 0, "queue");
  ls_index(map, P("hist_id_q"), 0, "slot");
  ls_index(map, P("i_stats.occ_hist_q"), 0, "bucket");
#undef P
}

static void reset(void *p) {
  ctx_t *c = p;
  mrpb_reset(&c->m);
  c->qsum_stale = 1;
  c->pool.n = 0;
  memset(c->sb, 0, sizeof c->sb);
  c->epoch = c->last_deq_epoch = c->outstanding = c->last_deq_cycle = 0;
  c->n_in = c->n_out = c->n_bypass_out = c->n_barrier = 0;
  c->quiesce = 0;
  c->rare_next = 0; /* cycle 0 starts the sweep */
  c->byp_expect = -1;
}

static void new_layout(ctx_t *c, ls_ahead_t *r) {
  c->wpb = 6 + ls_ahead_below(r, 27); /* warps per block 6..32: 48 warps fit 8 blocks */
  c->boff = ls_ahead_below(r, 8);
  for (unsigned w = 0; w < MRPB_WARPS; w++) {
    c->lay_bid[w] = (uint8_t)((w / c->wpb + c->boff) % MRPB_BLOCKS);
    c->lay_bwid[w] = (uint8_t)(w % c->wpb);
  }
}

/* A traffic phase.  Half the phases are plain random; the other half aim
 * at a rare corner (docs/mrpb.md section 9 lists them):
 *   1 one warp hammered into a nearly closed L1D: its queue full, reads
 *     meeting a full queue (flush), enqueue stalls
 *   2 every queue full: uniform warps, L1D almost closed (top occupancy
 *     buckets, counter saturation with narrow counters)
 *   3 store storm on one or two warps: writes under flush waiting for their
 *     queue to drain and for the output register (drain hold)
 *   4 PORT_BUSY storm: refusals are mostly PORT_BUSY (must never bypass)
 *   5 equal queues: two to four warps in strict rotation, bursts of one
 *     (longest-first ties, round-robin order)
 *   6 young heads: sparse requests to one or two warps, L1D always ready
 *     (greedy current queue without an eligible entry)
 *   7 barrier storm (a barrier in 5 % of cycles)
 *   8 even fill: every warp in strict rotation, L1D closed: the queues fill
 *     together, so occupancy reaches the top histogram bucket before the
 *     first full queue stalls the in-order LD/ST side */
/* The threshold t with (f * scale >> 16) < v exactly when f < t, for a
 * 16-bit f: f * scale < v << 16, so t = ceil(v * 65536 / scale). */
static uint32_t chance_thr(unsigned v, unsigned scale) {
  return (uint32_t)(((uint64_t)v * 65536u + scale - 1) / scale);
}

static void new_phase(ctx_t *c, ls_ahead_t *r) {
  static const unsigned store_opts[] = {0, 5, 20, 50};
  static const unsigned barrier_opts[] = {0, 2, 20};
  static const unsigned burst_opts[] = {1, 4, 16, 40};
  c->enq_pct = 10 + ls_ahead_below(r, 91);
  c->store_pct = store_opts[ls_ahead_below(r, 4)];
  c->acc_pct = 10 + ls_ahead_below(r, 91);
  c->barrier_pm = barrier_opts[ls_ahead_below(r, 3)];
  c->max_burst = burst_opts[ls_ahead_below(r, 4)];
  for (int i = 0; i < 4; i++) c->hot[i] = ls_ahead_below(r, MRPB_WARPS);
  c->nhot = 4;
  c->hot_pct = 50;
  c->fail_pb_pct = 10;
  c->aim = ls_ahead_chance(r, 50) ? 1 + ls_ahead_below(r, 8) : 0;
  c->n_aim[c->aim]++;
  switch (c->aim) {
  case 1: c->nhot = 1; c->hot_pct = 100; c->max_burst = 40; c->enq_pct = 100; c->acc_pct = ls_ahead_below(r, 6); break;
  case 2: c->hot_pct = 0; c->enq_pct = 100; c->acc_pct = ls_ahead_below(r, 3); c->barrier_pm = 0; break;
  case 3: c->nhot = 1 + ls_ahead_below(r, 2); c->hot_pct = 100; c->store_pct = 60 + ls_ahead_below(r, 41); c->enq_pct = 100;
          c->acc_pct = 20 + ls_ahead_below(r, 60); break;
  case 4: c->fail_pb_pct = 90; c->acc_pct = 10 + ls_ahead_below(r, 30); c->store_pct = 0; break;
  case 5: c->nhot = 2 + ls_ahead_below(r, 3); c->hot_pct = 100; c->max_burst = 1; c->enq_pct = 100; c->acc_pct = 30 + ls_ahead_below(r, 40); break;
  case 6: c->nhot = 1 + ls_ahead_below(r, 2); c->hot_pct = 100; c->max_burst = 4; c->enq_pct = 10 + ls_ahead_below(r, 30);
          c->acc_pct = 100; break;
  case 7: c->barrier_pm = 500; break;
  case 8: c->max_burst = 1; c->enq_pct = 100; c->acc_pct = 0; c->barrier_pm = 0; c->store_pct = 0; break;
  default: break;
  }
  c->enq_thr = chance_thr(c->enq_pct, 100);
  c->store_thr = chance_thr(c->store_pct, 100);
  c->acc_thr = chance_thr(c->acc_pct, 100);
  c->hot_thr = chance_thr(c->hot_pct, 100);
  c->fail_pb_thr = chance_thr(c->fail_pb_pct, 100);
  c->barrier_thr = chance_thr(c->barrier_pm, 10000);
}

static void shuffle(ctx_t *c, ls_ahead_t *r) {
  for (unsigned i = 0; i < NCOMBO; i++) c->perm[i] = i;
  for (unsigned i = NCOMBO - 1; i > 0; i--) {
    unsigned j = ls_ahead_below(r, i + 1), t = c->perm[i];
    c->perm[i] = c->perm[j];
    c->perm[j] = t;
  }
}

static void set_mode(ctx_t *c, unsigned combo, ls_ahead_t *r) {
  if (c->sweep) {
    if (combo >= NQUEUED) { /* ignored in single-slot mode: any value */
      c->in.mode_drain_i = ls_ahead_below(r, 4);
      c->in.mode_greedy_i = ls_ahead_below(r, 2);
      c->in.mode_flush_i = ls_ahead_below(r, 2);
    }
    combo_to_mode(combo, &c->in);
  } else {
    c->in.mode_drain_i = c->cfg_mode.mode_drain_i;
    c->in.mode_greedy_i = c->cfg_mode.mode_greedy_i;
    c->in.mode_flush_i = c->cfg_mode.mode_flush_i;
    c->in.mode_bypass_i = c->cfg_mode.mode_bypass_i;
    c->in.mode_slot_i = c->cfg_mode.mode_slot_i;
  }
  c->combo = mode_to_combo(&c->in);
}

/* A new request's small choices, from the pool read in place (ls_run_open): the
 * warp (a burst's first request) and the burst's length, the store flag.
 * A chance is a compare with its threshold (chance_thr: the same field
 * and outcome as ls_pool_chance), a choice of n the field times n. */
static inline void new_choices(ctx_t *c, const ls_f16_t **w) {
  if (c->burst_left) c->burst_left--;
  else {
    c->cur_wid = c->aim == 8 ? c->rot++ % MRPB_WARPS
                 : ls_run_under(w, c->hot_thr) ? c->hot[c->aim == 5 ? c->rot++ % c->nhot : ls_run_below(w, c->nhot)]
                                               : ls_run_below(w, MRPB_WARPS);
    c->burst_left = ls_run_below(w, c->max_burst);
  }
  c->in.enq_store_i = ls_run_under(w, c->store_thr);
}

/* A new request's fields from the cursor (after new_choices' run is
 * closed): payload and store data. */
static void new_request(ctx_t *c, const uint64_t **d, int lean) {
  mrpb_t *m = &c->m;
  c->in.enq_wid_i = c->cur_wid;
  c->in.enq_bid_i = c->lay_bid[c->cur_wid];
  c->in.enq_bwid_i = c->lay_bwid[c->cur_wid];
  if (c->stir_pl.last == 1) { /* (two words, the default 40 bits: ls_rand_fill's one draw, without its loop) */
    const uint64_t x = ls_next(d);
    /* (the sequence number below, in place: 33..64 bits here) */
    c->in.enq_payload_i[0] = ((uint32_t)x & 0xffff0000u) | (c->seq++ & 0xffffu);
    c->in.enq_payload_i[1] = (uint32_t)(x >> 32) & c->stir_pl.lmask;
  } else {
    ls_next_fill(d, c->in.enq_payload_i, m->payload_w);
    /* A sequence number in the low bits makes waveforms readable. */
    if (m->payload_w >= 16) c->in.enq_payload_i[0] = (c->in.enq_payload_i[0] & 0xffff0000u) | (c->seq++ & 0xffffu); /* bits_set's value, in place */
    else bits_set(c->in.enq_payload_i, 0, m->payload_w, c->seq++);
  }
  /* a load's store data is a don't-care: stirred, not drawn */
  if (c->in.enq_store_i) {
    if (m->sdata_w == 1152) { /* (the default, a 128 B line's data and mask: 36 whole words, a constant-size copy of 18 draws) */
      ls_next_fill(d, c->in.enq_sdata_i, 1152);
    } else {
      ls_next_fill(d, c->in.enq_sdata_i, m->sdata_w);
    }
  }
  else if (lean) *d += 1; /* (drawn, not applied: stim_cycle) */
  else ls_next_stir_f(d, c->in.enq_sdata_i, &c->stir_sd);
}

/* The sweep and the traffic phase: their boundaries take checked draws
 * (rare: out of line, before the cycle's own draws).  Cycle 0 starts the
 * buffer of draws made ahead from the engine's generator g, which is not
 * drawn from again: from then on the buffer owns the stream, and every
 * draw, taken in the same order, is the value g would have returned.
 * Returns whether the presented request is held. */
static __attribute__((noinline)) uint32_t stim_sweep(ctx_t *c, const ls_rng_t *g, uint64_t cycle) {
  /* Previous cycle: was the presented request taken? */
  uint32_t holding = c->in.enq_valid_i && !c->out.enq_ready_o;
  ls_ahead_t *r = &c->ah;

  if (cycle == 0) {
    ls_ahead_start_back(r, g); /* (a word behind the cursor: ls_run_open) */
    c->seg = 0;
    c->seg_next = c->period;
    shuffle(c, r);
    new_phase(c, r);
    new_layout(c, r);
    set_mode(c, c->perm[0], r);
    c->in.enq_valid_i = 0;
    holding = 0;
  } else if (c->sweep && cycle == c->seg_next) { /* cycle % period == 0 */
    uint64_t seg = ++c->seg;
    c->seg_next += c->period;
    if (seg % NCOMBO == 0) shuffle(c, r);
    c->pending_combo = c->perm[seg % NCOMBO];
    c->quiesce = 1;
  }
  if (cycle && cycle % 512 == 0) new_phase(c, r);

  /* Quiet point: previous cycle idle with nothing presented. */
  if (c->quiesce && !c->in.enq_valid_i && c->out.idle_o) {
    set_mode(c, c->pending_combo, r);
    new_layout(c, r);
    c->quiesce = 0;
  }
  c->rare_next = (cycle | 511) + 1; /* the next phase boundary (a multiple of 512) */
  if (c->sweep && c->seg_next < c->rare_next) c->rare_next = c->seg_next;
  if (c->quiesce) c->rare_next = cycle + 1; /* waiting for a quiet point: every cycle */
  return holding;
}

/* The cycle's own draws, taken in order from the buffer made ahead
 * (ls_ahead_t) through the cursor r, with the cursor and the pool in
 * locals of stim() whose address goes to nothing out of line (so the
 * compiler keeps them in registers across the stores into the inputs,
 * which may alias the pool's counter in memory).  The pool is read in
 * place (ls_run_*, tb/engine/ls_rng.h): each stretch of small choices
 * between draws of the cursor -- before the request's payload, and after
 * the store data -- reads its fields as consecutive 16-bit words of the
 * buffer, with no refill test at all (the number of choices per cycle
 * varies at random: a refill test mispredicted, and the select that
 * replaced it cost ~12 instructions a field; "The MRPB's pool read in
 * place" in docs/c-models.md).
 * lean: a C run alone, whose inputs nothing but the C model and the
 * scoreboard reads.  Neither reads the payload or the store data while they
 * are don't-cares (the model writes a row or the output register from them
 * only with a push or a pass, that is with enq_valid_i, and a store's data
 * only with enq_store_i; a new request's fill overwrites every word a stir
 * touched), so those stirs (no request, a held or a new load's store data)
 * are drawn -- the generator advances as before and every later draw is the
 * same -- but not applied: the model's state and outputs are the same.
 * The same under --bench in every mode (bench()), so the RTL speed build's
 * figure pays the same stimulus as C's.  Lockstep and traced runs without
 * --bench apply them. */
static inline void stim_cycle(ctx_t *c, const uint64_t **r, ls_pool_t *pool, uint64_t cycle, uint32_t holding, int lean) {
  const ls_f16_t *w; /* the pool read in place: the small choices of a stretch with no other draw (ls_rng.h) */
  /* LD/ST side. */
  if (!holding) {
    w = ls_run_open(*r, pool);
    const uint32_t q = c->quiesce;
    c->in.enq_valid_i = (q ^ 1u) & (ls_run_field_if(&w, q ^ 1u) < c->enq_thr); /* (no choice while quiescing) */
    if (c->in.enq_valid_i) {
      new_choices(c, &w);
      ls_run_close(w, r, pool);
      new_request(c, r, lean);
      /* MRPB_STIM_BAD_WID (make test; docs/lockstep.md, "RTL assertions"):
       * from cycle 1000 on, a request carries warp ID MRPB_WARPS, outside
       * the LD/ST unit's range, to show that the RTL's input assumption
       * a_enq_range fires.  RTL alone only (--mode rtl): the C model would
       * index past its per-warp arrays. */
      if (cycle >= c->bad_from) {
        c->in.enq_wid_i = MRPB_WARPS;
        c->in.enq_bid_i = 0;
        c->in.enq_bwid_i = 0;
      }
    } else { /* don't-care fields: fresh values every cycle (signature fields
            * in range: the LD/ST unit never produces others; the wide
            * fields stirred, tb/engine/ls_rng.h) */
      c->in.enq_wid_i = ls_run_below(&w, MRPB_WARPS);
      c->in.enq_bid_i = ls_run_below(&w, MRPB_BLOCKS);
      c->in.enq_bwid_i = ls_run_below(&w, MRPB_BWARPS);
      c->in.enq_store_i = ls_run_below(&w, 2);
      ls_run_close(w, r, pool);
      if (lean) {
        *r += 2; /* (the two stirs' draws, not applied) */
      } else {
        if (c->stir_pl.last == 1) { /* (two words, the default: ls_rand_stir_f's window is both, unrolled) */
          const uint64_t a = ls_next(r), a1 = a + (a >> 31 | 1u);
          c->in.enq_payload_i[0] ^= (uint32_t)(a ^ (a >> 23));
          c->in.enq_payload_i[1] = (c->in.enq_payload_i[1] ^ (uint32_t)(a1 ^ (a1 >> 23))) & c->stir_pl.lmask;
        } else {
          ls_next_stir_f(r, c->in.enq_payload_i, &c->stir_pl);
        }
        ls_next_stir_f(r, c->in.enq_sdata_i, &c->stir_sd);
      }
    }
  } else if (!c->in.enq_store_i) { /* a held load's store data is a don't-care */
    if (lean) *r += 1;
    else ls_next_stir_f(r, c->in.enq_sdata_i, &c->stir_sd);
  }
  w = ls_run_open(*r, pool);
  const uint32_t bar = c->barrier_pm != 0;
  c->in.barrier_i = bar & (ls_run_field_if(&w, bar) < c->barrier_thr); /* (below(10000) < barrier_pm; no choice at 0) */

  /* Fake L1D: accepts at acc_pct, else refuses with any code the L1D gives
   * (NONE when nothing was presented, the four resource fails, PORT_BUSY);
   * while it accepts the code is a don't-care: any 3-bit value. */
  c->in.deq_ready_i = ls_run_under(&w, c->acc_thr);
  if (c->in.deq_ready_i) c->in.l1d_fail_i = ls_run_below(&w, 8);
  else {
    /* PORT_BUSY, or one more field picks NONE, LINE_ALLOC x3, MSHR_ENTRY,
     * MSHR_MERGE, MISS_QUEUE or PORT_BUSY: the second field taken only
     * then (ls_run_field_if) -- no branch on the random choice, which
     * nothing else tests (the model reads the code through a table) */
    const uint32_t pb = ls_run_under(&w, c->fail_pb_thr), f = ls_run_field_if(&w, pb ^ 1u);
    c->in.l1d_fail_i = c->fail_tab[(f >> 13) | (pb << 3)];
  }
  c->in.stat_sel_i = ls_run_below(&w, 32);
  ls_run_close(w, r, pool);
}

/* GCC's straight-line (SLP) vectorizer packs the stir's four XOR values
 * (ls_rand_stir_f) and the cycle's small choices into vectors before
 * storing them into adjacent words and inputs: more instructions than a
 * store each (callgrind), so stim is built without it (same values; other
 * compilers: their default). */
#if defined(__GNUC__) && !defined(__clang__)
#define STIM_NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define STIM_NO_SLP
#endif
/* (noinline: called from the engine and from run_c; make bench-ir counts
 * the stimulus's share by this function's name) */
static __attribute__((noinline)) STIM_NO_SLP void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  uint32_t holding;
  if (cycle >= c->rare_next) holding = stim_sweep(c, r, cycle); /* (cycle 0, a boundary, a quiet point awaited) */
  else holding = (c->in.enq_valid_i & ~c->out.enq_ready_o) & 1u; /* (stim_sweep without a boundary or a quiet point; 0/1 flags: no branch) */
  c->combo_cycles[c->combo]++;
  ls_ahead_ensure(&c->ah); /* (a cycle's unchecked draws: <= 36 store data, 4 payload, 2 stirs, the pool read in place twice, two draws each; < LS_AHEAD_MIN) */
  const uint64_t *d = c->ah.v + c->ah.i;
  ls_pool_t pl = c->pool;
  stim_cycle(c, &d, &pl, cycle, holding, c->skip_stir);
  c->ah.i = (unsigned)(d - c->ah.v);
  c->pool = pl;
}

/* Adds (sign +1) or removes (-1) queue q's part of the queue summary. */
static void qsum_account(ctx_t *c, uint32_t q, int sign) {
  const mrpb_t *m = &c->m;
  uint32_t n = m->cnt_q[q], el = m->elig[q / 32] >> (q % 32) & 1u;
  if (n > MRPB_ENTRIES_MAX) return; /* never: cnt_q <= Entries */
  c->nfull += (unsigned)sign * (n == m->entries);
  c->nyoung += (unsigned)sign * (n && !el);
  if (el) {
    c->ehist[n] += (unsigned)sign;
    if (c->ehist[n]) c->ebits |= 1ull << n;
    else c->ebits &= ~(1ull << n);
  }
}

static void qsum_rebuild(ctx_t *c) {
  c->nfull = c->nyoung = 0;
  c->ebits = 0;
  memset(c->ehist, 0, sizeof c->ehist);
  for (unsigned q = 0; q < c->m.nq; q++) qsum_account(c, q, +1);
  c->qsum_stale = 0;
}

/* This cycle's coverage, from the model after its combinational logic:
 * inputs, outputs, state before the edge and the cycle's decisions. */
static void count_coverage(ctx_t *c) {
  const mrpb_t *m = &c->m;
  const mrpb_in_t *in = &c->in;
  const mrpb_out_t *o = &c->out;
  uint64_t *v = c->cov;
  if (m->dbg_enq_push) v[in->enq_store_i ? COV_ENQ_STORE : COV_ENQ_LOAD]++;
  if (in->enq_valid_i && !o->enq_ready_o) v[COV_ENQ_STALL]++;
  if (o->deq_valid_o && in->deq_ready_i) v[o->deq_bypass_o ? COV_DEQ_BYP : o->deq_store_o ? COV_DEQ_STORE : COV_DEQ_LOAD]++;
  if (o->deq_valid_o && !in->deq_ready_i) {
    static const int ref[8] = {COV_REF_NONE, COV_REF_LINE, COV_REF_ENTRY, COV_REF_MERGE, COV_REF_MQ, COV_REF_PORT, -1, -1};
    uint32_t f = in->l1d_fail_i;
    if (f < 8 && ref[f] >= 0) v[ref[f]]++;
    if (m->dbg_byp_set) {
      static const int byp[8] = {-1, COV_BYP_LINE, COV_BYP_ENTRY, COV_BYP_MERGE, COV_BYP_MQ, -1, -1, -1};
      if (byp[f & 7] >= 0) v[byp[f & 7]]++;
      if (in->mode_slot_i) v[COV_BYP_SLOT]++;
    } else if (!m->out_bypass_q && in->mode_bypass_i != MRPB_BYPASS_OFF) {
      if (o->deq_store_o) v[COV_NOBYP_STORE]++;
      else if (f == L1D_FAIL_PORT_BUSY) v[COV_NOBYP_PORT]++;
      else if (in->mode_bypass_i == MRPB_BYPASS_ASSOC && f >= L1D_FAIL_MSHR_ENTRY && f <= L1D_FAIL_MISS_QUEUE)
        v[COV_NOBYP_ASSOC]++;
    }
  }
  if (m->dbg_sel_flush && m->dbg_deq_pop) v[COV_FLUSH_READ]++;
  if (m->dbg_wpass) v[COV_WPASS]++;
  if (c->qsum_stale) qsum_rebuild(c);
  /* any queue full; any non-empty queue whose head is too young; eligible
   * queues sharing the largest count */
  int full = c->nfull != 0, young = c->nyoung != 0;
  unsigned nmax = c->ebits ? c->ehist[63 - __builtin_clzll(c->ebits)] : 0;
  if (full) v[COV_Q_FULL]++;
  if (young) v[COV_Q_YOUNG]++;
  if (m->i_stats.occ_hist_q[m->i_stats.nbkt - 1]) v[COV_ALL_FULL]++;
  if (o->idle_o) v[COV_IDLE]++;
  if (!in->mode_slot_i && in->mode_greedy_i && m->i_drain.gcur_v_q && m->dbg_deq_pop) {
    uint32_t g = m->i_drain.gcur_q;
    if (m->dbg_sel_idx == g && !m->dbg_sel_flush) v[COV_GREEDY_STAY]++;
    if (m->cnt_q[g] && !(m->elig[g / 32] >> (g % 32) & 1u)) v[COV_GREEDY_NOELIG]++;
  }
  if (!in->mode_slot_i && in->mode_drain_i == MRPB_DRAIN_LONGEST && nmax >= 2) v[COV_LONG_TIE]++;
  if (!in->mode_slot_i && in->mode_drain_i == MRPB_DRAIN_RR && m->dbg_deq_pop && !m->dbg_sel_flush &&
      m->i_drain.i_rr.ptr_q > m->dbg_sel_idx)
    v[COV_RR_WRAP]++;
  if (in->barrier_i) v[COV_BAR_IN]++;
  if (m->bar_pend_q && in->enq_valid_i && !o->enq_ready_o) v[COV_BAR_HOLD]++;
  uint32_t cmax = (uint32_t)bits_mask64(m->cnt_w);
  if (m->i_stats.enq_cnt_q == cmax || m->i_stats.stall_cnt_q == cmax || m->i_stats.rej_cnt_q == cmax) v[COV_STAT_SAT]++;
}

static __attribute__((noinline)) void comb_cov(ctx_t *c) {
  mrpb_comb(&c->m, &c->in, &c->out);
  count_coverage(c);
}

static void commit_any(ctx_t *c);

/* (--bench: the model's comb as a tail call, nothing kept across it.)  In a
 * lean run (nothing reads the model between comb and commit: run_c, or the
 * engine's lean loop, calls stim, comb, commit, check) the edge follows comb
 * here and commit does nothing; under --bench both are the model's one-call
 * step (mrpb_step). */
static __attribute__((noinline)) void comb_gen(ctx_t *c) {
  if (c->cov_off) mrpb_comb(&c->m, &c->in, &c->out);
  else comb_cov(c);
  if (c->lean) commit_any(c);
}

static void comb(void *p) {
  ctx_t *c = p;
  if (c->step) mrpb_step(&c->m, &c->in, &c->out);
  else comb_gen(c);
}

/* --bench: a speed run of one model (C alone or the RTL alone, nothing
 * compared): the don't-care stirs are skipped in both modes alike, so the
 * C and RTL figures of make bench pay the same stimulus */
static void bench(void *p) { ((ctx_t *)p)->cov_off = ((ctx_t *)p)->skip_stir = 1; }
static void lean(void *p) {
  ctx_t *c = p;
  c->lean = c->skip_stir = 1;
  c->step = c->cov_off; /* (bench() runs before: after declare) */
}

/* The clock edge; the queue summary follows the queues the cycle wrote
 * (the model's list of touched queues, read before the commit clears it). */
static __attribute__((noinline)) void commit_qsum(ctx_t *c) {
  mrpb_t *m = &c->m;
  uint32_t tq[3]; /* the model may list a queue twice: each once here */
  unsigned nt = 0;
  for (unsigned i = 0; i < m->ntch; i++) {
    uint32_t q = m->tch[i];
    if ((nt > 0 && tq[0] == q) || (nt > 1 && tq[1] == q)) continue;
    tq[nt++] = q;
    qsum_account(c, q, -1);
  }
  mrpb_commit(m);
  for (unsigned i = 0; i < nt; i++) qsum_account(c, tq[i], +1);
}

static void commit_any(ctx_t *c) {
  if (c->qsum_stale || c->cov_off) mrpb_commit(&c->m); /* no summary to keep (a tail call) */
  else commit_qsum(c);
}

static void commit(void *p) {
  ctx_t *c = p;
  if (!c->lean) commit_any(c); /* (lean: done by comb) */
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const mrpb_t *m = &c->m;
  unsigned pw_words = bits_words(m->payload_w), sd_words = bits_words(m->sdata_w);
  /* The bypass flag: rises exactly in the cycle after a refusal of a load
   * for a resource the bypass mode names (independent of the model). */
  if (c->out.deq_valid_o && c->byp_expect >= 0 && (int)c->out.deq_bypass_o != c->byp_expect) {
    snprintf(msg, n, "mrpb scoreboard: deq_bypass_o=%u, expected %d (bypass mode %u, last fail code %u)",
             c->out.deq_bypass_o, c->byp_expect, c->in.mode_bypass_i, c->prev_fail);
    return 1;
  }
  if (c->out.deq_valid_o && !c->in.deq_ready_i) {
    uint32_t f = c->in.l1d_fail_i, res = f >= L1D_FAIL_LINE_ALLOC && f <= L1D_FAIL_MISS_QUEUE;
    uint32_t rule = c->in.mode_bypass_i == MRPB_BYPASS_ALL ? res
                  : c->in.mode_bypass_i == MRPB_BYPASS_ASSOC ? f == L1D_FAIL_LINE_ALLOC : 0;
    c->byp_expect = c->out.deq_bypass_o || (!c->out.deq_store_o && rule);
    c->prev_fail = f;
    if (f == L1D_FAIL_PORT_BUSY && !c->out.deq_bypass_o && !c->out.deq_store_o && c->in.mode_bypass_i) c->n_pb_refusals++;
  } else {
    c->byp_expect = 0; /* a new request (or none) in the output register */
  }
  if (c->out.deq_valid_o && c->in.deq_ready_i) {
    unsigned w = c->out.deq_wid_o;
    if (w >= MRPB_WARPS || !c->sb[w].n) {
      snprintf(msg, n, "mrpb scoreboard: warp %u request delivered that was never accepted (or twice)", w);
      return 1;
    }
    sb_warp_t *s = &c->sb[w];
    sb_ent_t *e = &s->e[s->head];
    if (memcmp(e->payload, c->out.deq_payload_o, pw_words * 4) || e->store != c->out.deq_store_o ||
        (e->store && memcmp(e->sdata, c->out.deq_sdata_o, sd_words * 4))) {
      snprintf(msg, n, "mrpb scoreboard: warp %u delivered payload %08x (store %u), expected its oldest request %08x (store %u) with its store data: lost, duplicated, reordered or corrupted",
               w, c->out.deq_payload_o[0], c->out.deq_store_o, e->payload[0], e->store);
      return 1;
    }
    if (e->epoch < c->last_deq_epoch) {
      snprintf(msg, n, "mrpb scoreboard: warp %u request of barrier epoch %llu delivered after one of epoch %llu",
               w, (unsigned long long)e->epoch, (unsigned long long)c->last_deq_epoch);
      return 1;
    }
    if (c->out.deq_bypass_o && c->out.deq_store_o) {
      snprintf(msg, n, "mrpb scoreboard: a store was flagged bypass");
      return 1;
    }
    c->last_deq_epoch = e->epoch;
    s->head = (s->head + 1) % SB_CAP;
    s->n--;
    c->outstanding--;
    c->n_out++;
    c->n_bypass_out += c->out.deq_bypass_o;
    c->last_deq_cycle = cycle;
  }
  if (c->in.enq_valid_i && c->out.enq_ready_o) {
    unsigned w = c->in.enq_wid_i;
    sb_warp_t *s = &c->sb[w];
    if (s->n == SB_CAP) {
      snprintf(msg, n, "mrpb scoreboard: warp %u has %d requests outstanding (more than the buffer can hold)", w, SB_CAP);
      return 1;
    }
    sb_ent_t *e = &s->e[(s->head + s->n) % SB_CAP]; /* only the words compared at delivery are set */
    memcpy(e->payload, c->in.enq_payload_i, pw_words * 4);
    e->store = c->in.enq_store_i;
    if (e->store) memcpy(e->sdata, c->in.enq_sdata_i, sd_words * 4);
    e->epoch = c->epoch;
    s->n++;
    c->outstanding++;
    c->n_in++;
    if (c->outstanding == 1) c->last_deq_cycle = cycle;
  }
  if (c->in.barrier_i) { c->epoch++; c->n_barrier++; }
  uint64_t accepted_now = c->in.enq_valid_i && c->out.enq_ready_o;
  if (c->out.idle_o && c->outstanding != accepted_now) {
    snprintf(msg, n, "mrpb scoreboard: buffer idle with %llu requests outstanding (lost)",
             (unsigned long long)(c->outstanding - accepted_now));
    return 1;
  }
  if (c->outstanding && cycle - c->last_deq_cycle > 20000) {
    snprintf(msg, n, "mrpb scoreboard: %llu requests outstanding and no delivery for 20000 cycles (hang)",
             (unsigned long long)c->outstanding);
    return 1;
  }
  return 0;
}

/* A lean C run's cycles (ls_block_t.run_c): the engine's steps without its
 * indirect calls; under --bench (no check, no coverage) the model's one-call
 * step straight after the stimulus. */
static uint64_t run_c(void *p, ls_rng_t *r, uint64_t cyc, uint64_t to, int chk, char *msg, size_t n) {
  ctx_t *c = p;
  if (c->step && !chk) {
    for (; cyc < to; cyc++) {
      stim(c, r, cyc);
      mrpb_step(&c->m, &c->in, &c->out);
    }
    return cyc;
  }
  for (; cyc < to; cyc++) {
    stim(c, r, cyc);
    comb(c);
    commit(c);
    if (chk && check(c, cyc, msg, n)) break;
  }
  return cyc;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const mrpb_t *m = &c->m;
  const mrpb_stats_t *s = &m->i_stats;
  static const char *const drain[] = {"fixed", "rr", "longest", "?"};
  static const char *const byp[] = {"off", "all", "assoc", "?"};
  fprintf(f, "mrpb: sig=%u queues=%u entries=%u latency=%u payload=%u sdata=%u sweep=%u\n", m->sig, m->nq,
          m->entries, m->latency, m->payload_w, m->sdata_w, c->sweep);
  fprintf(f, "mrpb: phases plain=%llu hammer=%llu full=%llu stores=%llu port_busy=%llu ties=%llu young=%llu barriers=%llu even_fill=%llu;"
             " load refusals with PORT_BUSY under a bypass mode (never bypassed): %llu\n",
          (unsigned long long)c->n_aim[0], (unsigned long long)c->n_aim[1], (unsigned long long)c->n_aim[2],
          (unsigned long long)c->n_aim[3], (unsigned long long)c->n_aim[4], (unsigned long long)c->n_aim[5],
          (unsigned long long)c->n_aim[6], (unsigned long long)c->n_aim[7], (unsigned long long)c->n_aim[8],
          (unsigned long long)c->n_pb_refusals);
  fprintf(f, "mrpb: enq=%u deq=%u wpass=%u flush=%u bypass=%u stall_cycles=%u l1d_reject_cycles=%u occ_max=%u\n",
          s->enq_cnt_q, s->deq_cnt_q, s->wpass_cnt_q, s->flush_cnt_q, s->bypass_cnt_q, s->stall_cnt_q, s->rej_cnt_q,
          s->occ_max_q);
  fprintf(f, "mrpb: occupancy histogram (cycles):");
  for (unsigned b = 0; b < s->nbkt; b++)
    fprintf(f, " [%u..%u]=%u", b ? 1u << (b - 1) : 0, b ? (1u << b) - 1 : 0, mrpb_stats_hist(s, b));
  fprintf(f, "\nmrpb: scoreboard in=%llu out=%llu (bypassed %llu) outstanding=%llu barriers=%llu\n",
          (unsigned long long)c->n_in, (unsigned long long)c->n_out, (unsigned long long)c->n_bypass_out,
          (unsigned long long)c->outstanding, (unsigned long long)c->n_barrier);
  unsigned covered = 0;
  uint64_t minc = ~0ull;
  for (unsigned i = 0; i < NCOMBO; i++) {
    if (c->combo_cycles[i]) covered++;
    if (c->combo_cycles[i] < minc) minc = c->combo_cycles[i];
  }
  fprintf(f, "mrpb: policy combinations run: %u/%d, fewest cycles in one: %llu\n", covered, NCOMBO,
          (unsigned long long)minc);
  for (unsigned i = 0; i < NCOMBO; i++) {
    mrpb_in_t mi = {0};
    if (!c->combo_cycles[i]) continue;
    combo_to_mode(i, &mi);
    if (i >= NQUEUED)
      fprintf(f, "mrpb:   single-slot                bypass=%-5s %llu cycles\n", byp[mi.mode_bypass_i & 3],
              (unsigned long long)c->combo_cycles[i]);
    else
      fprintf(f, "mrpb:   %-8s greedy=%u flush=%u bypass=%-5s %llu cycles\n", drain[mi.mode_drain_i & 3],
              mi.mode_greedy_i, mi.mode_flush_i, byp[mi.mode_bypass_i & 3], (unsigned long long)c->combo_cycles[i]);
  }
}

/* Machine-readable results: every counter and the derived rates (JSON). */
static void stats_json(void *p, ls_stats_t *s) {
  ctx_t *c = p;
  const mrpb_stats_t *t = &c->m.i_stats;
  char nm[64];
  double cyc = (double)ls_stat_cycles(s);
  ls_stat_count(s, "enq", t->enq_cnt_q);
  ls_stat_count(s, "deq", t->deq_cnt_q);
  ls_stat_count(s, "wpass", t->wpass_cnt_q);
  ls_stat_count(s, "flush", t->flush_cnt_q);
  ls_stat_count(s, "bypass", t->bypass_cnt_q);
  ls_stat_count(s, "stall_cycles", t->stall_cnt_q);
  ls_stat_count(s, "l1d_reject_cycles", t->rej_cnt_q);
  ls_stat_count(s, "occupancy_max", t->occ_max_q);
  for (unsigned b = 0; b < t->nbkt; b++) {
    snprintf(nm, sizeof nm, "occupancy_hist_%u_%u", b ? 1u << (b - 1) : 0, b ? (1u << b) - 1 : 0);
    ls_stat_count(s, nm, mrpb_stats_hist(t, b));
  }
  ls_stat_count(s, "scoreboard_in", c->n_in);
  ls_stat_count(s, "scoreboard_out", c->n_out);
  ls_stat_count(s, "scoreboard_bypassed_out", c->n_bypass_out);
  ls_stat_count(s, "barriers", c->n_barrier);
  double in = (double)t->enq_cnt_q + t->bypass_cnt_q + t->wpass_cnt_q;
  ls_stat_rate(s, "bypass_rate", t->bypass_cnt_q, in);
  ls_stat_rate(s, "write_pass_rate", t->wpass_cnt_q, in);
  ls_stat_rate(s, "enq_per_cycle", t->enq_cnt_q, cyc);
  ls_stat_rate(s, "deq_per_cycle", t->deq_cnt_q, cyc);
  ls_stat_rate(s, "stall_cycles_per_cycle", t->stall_cnt_q, cyc);
  ls_stat_rate(s, "l1d_reject_cycles_per_cycle", t->rej_cnt_q, cyc);
}

const ls_block_t ls_block_mrpb = {
    .name = "mrpb",
    .rtl_module = "mrpb",
    .help = "memory request prioritization buffer (the MRPB paper); MRPB_MODE_SWEEP=1 walks all 39 policies",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .bench = bench,
    .lean = lean,
    .run_c = run_c,
    .summary = summary,
    .stats = stats_json,
};
