/* mrpb_ls.c -- lockstep adapter of the MRPB (rtl/mrpb/mrpb.sv <-> csim/mrpb.c).
 *
 * One build per structural configuration (signature, entries, latency,
 * widths: SV parameters).  The policy (drain, greedy, flush, bypass) is a
 * set of mode inputs: with MRPB_MODE_SWEEP=1 the stimulus walks all 36
 * policy combinations, MRPB_SWEEP_PERIOD cycles each, in an order reshuffled
 * from the seed every 36 periods, so a run of 36*K*n cycles gives every
 * combination exactly K*n cycles.  Modes change only at a quiet point (the
 * previous cycle had idle_o high and enq_valid_i low: the rule of
 * rtl/mrpb/mrpb.sv); to get there the LD/ST side stops issuing at the period
 * boundary and waits.  With MRPB_MODE_SWEEP=0 the modes are the configured
 * MRPB_DRAIN/GREEDY/FLUSH/BYPASS for the whole run.
 *
 * Stimulus (from the previous cycle's inputs and outputs only): bursty warps
 * drawn from a hot set or uniformly, stores, rare barriers, a fake L1D that
 * accepts at a phase-dependent rate and otherwise rejects with a random
 * L1D_FAIL_* reason (LINE_ALLOC most often, so both bypass options fire).
 * A request is held until accepted.  The warp -> (block, in-block warp)
 * layout changes only at quiet points, as the interface requires.
 *
 * Scoreboard (check): every accepted request is delivered exactly once, in
 * order within its warp, with its payload and store flag; a post-barrier
 * request is never delivered before a pre-barrier one; stores never bypass;
 * at an idle cycle nothing is outstanding; no delivery for 20000 cycles
 * with requests outstanding is a hang. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "mrpb.h"

#define NCOMBO 36
#define SB_CAP 64 /* per warp: at most Entries (<= 32) queued + 1 in the output register */

typedef struct {
  uint32_t payload[MRPB_PAYLOAD_WORDS];
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
  uint64_t combo_cycles[NCOMBO];
  /* traffic phase */
  unsigned enq_pct, store_pct, acc_pct, barrier_pm, max_burst, hot[4];
  unsigned cur_wid, burst_left, wpb, boff;
  uint32_t seq;
  /* scoreboard */
  sb_warp_t sb[MRPB_WARPS];
  uint64_t epoch, last_deq_epoch, outstanding, last_deq_cycle;
  uint64_t n_in, n_out, n_bypass_out, n_barrier;
} ctx_t;

static void combo_to_mode(unsigned c, mrpb_in_t *in) {
  /* c = ((drain * 2 + greedy) * 2 + flush) * 3 + bypass */
  in->mode_bypass_i = c % 3;
  in->mode_flush_i = (c / 3) % 2;
  in->mode_greedy_i = (c / 6) % 2;
  in->mode_drain_i = c / 12;
}

static unsigned mode_to_combo(const mrpb_in_t *in) {
  return ((in->mode_drain_i * 2 + in->mode_greedy_i) * 2 + in->mode_flush_i) * 3 + in->mode_bypass_i;
}

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (mrpb_init_cfg(&c->m, cfg)) { free(c); return NULL; }
  c->sweep = (unsigned)CFG(cfg, MRPB_MODE_SWEEP);
  c->period = (unsigned)CFG(cfg, MRPB_SWEEP_PERIOD);
  mrpb_mode_from_cfg(&c->cfg_mode, cfg);
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
  ls_param(map, "Sig", m->sig);
  ls_param(map, "Entries", m->entries);
  ls_param(map, "Latency", m->latency);
  ls_param(map, "PayloadW", m->payload_w);
  ls_param(map, "CntW", m->cnt_w);

  ls_input(map, "mode_drain_i", 2, &c->in.mode_drain_i);
  ls_input(map, "mode_greedy_i", 1, &c->in.mode_greedy_i);
  ls_input(map, "mode_flush_i", 1, &c->in.mode_flush_i);
  ls_input(map, "mode_bypass_i", 2, &c->in.mode_bypass_i);
  ls_input(map, "enq_valid_i", 1, &c->in.enq_valid_i);
  ls_input(map, "enq_wid_i", m->wid_w, &c->in.enq_wid_i);
  ls_input(map, "enq_bid_i", m->bid_w, &c->in.enq_bid_i);
  ls_input(map, "enq_bwid_i", m->bwid_w, &c->in.enq_bwid_i);
  ls_input(map, "enq_store_i", 1, &c->in.enq_store_i);
  ls_input(map, "enq_payload_i", m->payload_w, c->in.enq_payload_i);
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
  ls_output(map, "idle_o", 1, &c->out.idle_o);
  ls_output(map, "stat_data_o", m->cnt_w, &c->out.stat_data_o);

  /* State map: every register of rtl/mrpb/mrpb.sv and its sub-instances. */
  ls_reg(map, "cnt_q", m->nq * m->qcnt_w, m->cnt_q);
  ls_reg(map, "head_q", m->nq * m->ptr_w, m->head_q);
  ls_reg(map, "tail_q", m->nq * m->ptr_w, m->tail_q);
  ls_reg(map, "young_q", m->nq * m->young_w, m->young_q);
  ls_reg(map, "hist_v_q", m->hist_n, &m->hist_v_q);
  ls_reg(map, "hist_id_q", m->hist_n * m->idx_w, m->hist_id_q);
  ls_reg(map, "occ_q", m->occ_w, &m->occ_q);
  ls_reg(map, "bar_pend_q", 1, &m->bar_pend_q);
  ls_reg(map, "out_valid_q", 1, &m->out_valid_q);
  ls_reg(map, "out_bypass_q", 1, &m->out_bypass_q);
  ls_reg(map, "out_store_q", 1, &m->out_store_q);
  ls_reg(map, "out_wid_q", m->wid_w, &m->out_wid_q);
  ls_reg(map, "out_payload_q", m->payload_w, m->out_payload_q);
  ls_reg(map, "i_drain.gcur_q", m->i_drain.idx_w, &m->i_drain.gcur_q);
  ls_reg(map, "i_drain.gcur_v_q", 1, &m->i_drain.gcur_v_q);
  ls_reg(map, "i_drain.i_rr.ptr_q", m->i_drain.idx_w, &m->i_drain.i_rr.ptr_q);
  ls_reg(map, "i_stats.enq_cnt_q", m->cnt_w, &m->i_stats.enq_cnt_q);
  ls_reg(map, "i_stats.deq_cnt_q", m->cnt_w, &m->i_stats.deq_cnt_q);
  ls_reg(map, "i_stats.wpass_cnt_q", m->cnt_w, &m->i_stats.wpass_cnt_q);
  ls_reg(map, "i_stats.flush_cnt_q", m->cnt_w, &m->i_stats.flush_cnt_q);
  ls_reg(map, "i_stats.bypass_cnt_q", m->cnt_w, &m->i_stats.bypass_cnt_q);
  ls_reg(map, "i_stats.stall_cnt_q", m->cnt_w, &m->i_stats.stall_cnt_q);
  ls_reg(map, "i_stats.rej_cnt_q", m->cnt_w, &m->i_stats.rej_cnt_q);
  ls_reg(map, "i_stats.occ_max_q", m->occ_w, &m->i_stats.occ_max_q);
  ls_reg(map, "i_stats.occ_hist_q", m->i_stats.nbkt * m->cnt_w, m->i_stats.occ_hist_q);
  ls_mem(map, "i_mem", &m->i_mem);
  /* readable reports and waveforms: per-queue fields, enum names */
  ls_index(map, "cnt_q", m->qcnt_w, "queue");
  ls_index(map, "head_q", m->ptr_w, "queue");
  ls_index(map, "tail_q", m->ptr_w, "queue");
  ls_index(map, "young_q", m->young_w, "queue");
  ls_index(map, "hist_id_q", m->idx_w, "slot");
  ls_index(map, "i_stats.occ_hist_q", m->cnt_w, "bucket");
  ls_enum(map, "mode_drain_i", "MRPB_DRAIN");
  ls_enum(map, "mode_bypass_i", "MRPB_BYPASS");
  ls_enum(map, "l1d_fail_i", "L1D_FAIL");
  ls_enum(map, "stat_sel_i", "MRPB_STAT");
}

static void reset(void *p) {
  ctx_t *c = p;
  mrpb_reset(&c->m);
  memset(c->sb, 0, sizeof c->sb);
  c->epoch = c->last_deq_epoch = c->outstanding = c->last_deq_cycle = 0;
  c->n_in = c->n_out = c->n_bypass_out = c->n_barrier = 0;
  c->quiesce = 0;
}

static void new_layout(ctx_t *c, ls_rng_t *r) {
  c->wpb = 6 + ls_below(r, 27); /* warps per block 6..32: 48 warps fit 8 blocks */
  c->boff = ls_below(r, 8);
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned store_opts[] = {0, 5, 20, 50};
  static const unsigned barrier_opts[] = {0, 2, 20};
  static const unsigned burst_opts[] = {1, 4, 16, 40};
  c->enq_pct = 10 + ls_below(r, 91);
  c->store_pct = store_opts[ls_below(r, 4)];
  c->acc_pct = 10 + ls_below(r, 91);
  c->barrier_pm = barrier_opts[ls_below(r, 3)];
  c->max_burst = burst_opts[ls_below(r, 4)];
  for (int i = 0; i < 4; i++) c->hot[i] = ls_below(r, MRPB_WARPS);
}

static void shuffle(ctx_t *c, ls_rng_t *r) {
  for (unsigned i = 0; i < NCOMBO; i++) c->perm[i] = i;
  for (unsigned i = NCOMBO - 1; i > 0; i--) {
    unsigned j = ls_below(r, i + 1), t = c->perm[i];
    c->perm[i] = c->perm[j];
    c->perm[j] = t;
  }
}

static void set_mode(ctx_t *c, unsigned combo) {
  if (c->sweep) combo_to_mode(combo, &c->in);
  else {
    c->in.mode_drain_i = c->cfg_mode.mode_drain_i;
    c->in.mode_greedy_i = c->cfg_mode.mode_greedy_i;
    c->in.mode_flush_i = c->cfg_mode.mode_flush_i;
    c->in.mode_bypass_i = c->cfg_mode.mode_bypass_i;
  }
  c->combo = mode_to_combo(&c->in);
}

static void new_request(ctx_t *c, ls_rng_t *r) {
  mrpb_t *m = &c->m;
  if (c->burst_left) c->burst_left--;
  else {
    c->cur_wid = ls_chance(r, 50) ? c->hot[ls_below(r, 4)] : ls_below(r, MRPB_WARPS);
    c->burst_left = ls_below(r, c->max_burst);
  }
  c->in.enq_wid_i = c->cur_wid;
  c->in.enq_bid_i = (c->cur_wid / c->wpb + c->boff) % MRPB_BLOCKS;
  c->in.enq_bwid_i = c->cur_wid % c->wpb;
  c->in.enq_store_i = ls_chance(r, c->store_pct);
  ls_rand_bits(r, c->in.enq_payload_i, m->payload_w);
  /* A sequence number in the low bits makes waveforms readable. */
  bits_set(c->in.enq_payload_i, 0, m->payload_w < 16 ? m->payload_w : 16, c->seq++);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  /* Previous cycle: was the presented request taken? */
  uint32_t holding = c->in.enq_valid_i && !c->out.enq_ready_o;

  if (cycle == 0) {
    shuffle(c, r);
    new_phase(c, r);
    new_layout(c, r);
    set_mode(c, c->perm[0]);
    c->in.enq_valid_i = 0;
    holding = 0;
  } else if (c->sweep && cycle % c->period == 0) {
    uint64_t seg = cycle / c->period;
    if (seg % NCOMBO == 0) shuffle(c, r);
    c->pending_combo = c->perm[seg % NCOMBO];
    c->quiesce = 1;
  }
  if (cycle && cycle % 512 == 0) new_phase(c, r);

  /* Quiet point: previous cycle idle with nothing presented. */
  if (c->quiesce && !c->in.enq_valid_i && c->out.idle_o) {
    set_mode(c, c->pending_combo);
    new_layout(c, r);
    c->quiesce = 0;
  }
  c->combo_cycles[c->combo]++;

  /* LD/ST side. */
  if (!holding) {
    c->in.enq_valid_i = !c->quiesce && ls_chance(r, c->enq_pct);
    if (c->in.enq_valid_i) new_request(c, r);
    else { /* idle fields: random but in range (the signature addresses state) */
      c->in.enq_wid_i = ls_below(r, MRPB_WARPS);
      c->in.enq_bid_i = ls_below(r, MRPB_BLOCKS);
      c->in.enq_bwid_i = ls_below(r, MRPB_BWARPS);
      c->in.enq_store_i = ls_below(r, 2);
      ls_rand_bits(r, c->in.enq_payload_i, c->m.payload_w);
    }
  }
  c->in.barrier_i = c->barrier_pm && ls_below(r, 10000) < c->barrier_pm;

  /* Fake L1D: accepts at acc_pct, else rejects with a reason. */
  c->in.deq_ready_i = ls_chance(r, c->acc_pct);
  if (c->in.deq_ready_i) c->in.l1d_fail_i = L1D_FAIL_NONE;
  else {
    static const uint32_t reasons[] = {L1D_FAIL_NONE, L1D_FAIL_LINE_ALLOC, L1D_FAIL_LINE_ALLOC, L1D_FAIL_LINE_ALLOC,
                                       L1D_FAIL_MSHR_ENTRY, L1D_FAIL_MSHR_MERGE, L1D_FAIL_MISS_QUEUE};
    c->in.l1d_fail_i = reasons[ls_below(r, 7)];
  }
  c->in.stat_sel_i = ls_below(r, 32);
}

static void comb(void *p) {
  ctx_t *c = p;
  mrpb_comb(&c->m, &c->in, &c->out);
}

static void commit(void *p) { mrpb_commit(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const mrpb_t *m = &c->m;
  unsigned pw_words = bits_words(m->payload_w);
  if (c->out.deq_valid_o && c->in.deq_ready_i) {
    unsigned w = c->out.deq_wid_o;
    if (w >= MRPB_WARPS || !c->sb[w].n) {
      snprintf(msg, n, "mrpb scoreboard: warp %u request delivered that was never accepted (or twice)", w);
      return 1;
    }
    sb_warp_t *s = &c->sb[w];
    sb_ent_t *e = &s->e[s->head];
    if (memcmp(e->payload, c->out.deq_payload_o, pw_words * 4) || e->store != c->out.deq_store_o) {
      snprintf(msg, n, "mrpb scoreboard: warp %u delivered payload %08x (store %u), expected its oldest request %08x (store %u): lost, duplicated or reordered",
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
    sb_ent_t *e = &s->e[(s->head + s->n) % SB_CAP];
    memset(e, 0, sizeof *e);
    memcpy(e->payload, c->in.enq_payload_i, pw_words * 4);
    e->store = c->in.enq_store_i;
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

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const mrpb_t *m = &c->m;
  const mrpb_stats_t *s = &m->i_stats;
  static const char *const drain[] = {"fixed", "rr", "longest", "?"};
  static const char *const byp[] = {"off", "all", "assoc", "?"};
  fprintf(f, "mrpb: sig=%u queues=%u entries=%u latency=%u payload=%u sweep=%u\n", m->sig, m->nq, m->entries,
          m->latency, m->payload_w, c->sweep);
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
    mrpb_in_t mi;
    if (!c->combo_cycles[i]) continue;
    combo_to_mode(i, &mi);
    fprintf(f, "mrpb:   %-8s greedy=%u flush=%u bypass=%-5s %llu cycles\n", drain[mi.mode_drain_i & 3],
            mi.mode_greedy_i, mi.mode_flush_i, byp[mi.mode_bypass_i & 3], (unsigned long long)c->combo_cycles[i]);
  }
}

const ls_block_t ls_block_mrpb = {
    .name = "mrpb",
    .rtl_module = "mrpb",
    .rtl_files = "prim/mem_1r1w.sv prim/prio_enc.sv prim/rr_arb.sv mrpb/mrpb_drain.sv mrpb/mrpb_stats.sv mrpb/mrpb.sv",
    .help = "memory request prioritization buffer (seed 003); MRPB_MODE_SWEEP=1 walks all 36 policies",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
};
