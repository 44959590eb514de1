/* ccn_ls.c -- lockstep adapter of the CCN ring (rtl/ccn/ccn_ring.sv <->
 * csim/ccn/ccn_ring.c), block name "ccn".
 *
 * Environment (stimulus, from the previous cycle's inputs and outputs only):
 *   - N L1Ds.  Each holds a random, slowly changing set of the CCN_TB_LINES
 *     line addresses, each line absent, filled or pending a fill; the share
 *     of filled lines changes per phase (none .. most).  A lookup driven on
 *     rmt_valid_o/rmt_addr_o in cycle t is answered in cycle t+1: hit only
 *     for a filled line (the L1D remote port never shares a pending line),
 *     with the line's contents, a fixed function of its address
 *     (line_word()), so the scoreboard can check every delivered byte.
 *   - Misses at a per-phase rate (up to one per node per cycle: saturating),
 *     some bypass-class; a miss is held until accepted and, like an L1D
 *     with an MSHR, a node never misses on a line it still waits for.
 *   - L2 ports and L1D response ports refuse at a per-phase rate but never
 *     for more than CCN_TB_MAXSTALL cycles in a row.
 * Scoreboard (check, every cycle): every accepted miss completes exactly
 * once -- direct to L2 in its own cycle (bypass, throttled, CB full), or
 * later by a response at its node carrying the right line, or by an L2
 * request for its address (no sharer, CB timeout) -- within the bound of
 * docs/ccn.md ("Completion bound"); bypass-class and throttled misses never
 * enter the ring; nothing unknown is delivered; all outstanding requests
 * are aged every 256 cycles, so a hang is reported within bound + 256. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ccn_ring.h"
#include "ls_limits.h"
#include "ccn_ls.h"
#include "ls.h"


/* Functional-coverage points (docs/ccn.md, "Coverage"): every routing and
 * ring decision of a node, summed over the ring's nodes, counted from the C
 * model's wires of each cycle. */
#define COV_LIST(X) \
  X(L2_BYPASS, "l2.direct.BYPASS") X(L2_THROTTLE, "l2.direct.THROTTLE") X(L2_CBFULL, "l2.direct.CBFULL") \
  X(L2_CBTO, "l2.CB_TIMEOUT") X(L2_NOSH, "l2.NO_SHARER_back_home") X(L2_BUSY, "l2.busy_stalls_a_direct_miss") \
  X(CB_PUSH, "cb.miss_enters_cb") X(CB_INJ, "cb.injects_into_reqq") X(CB_YIELD, "cb.yields_to_a_forwarded_request") \
  X(CB_BUBBLE, "cb.bubble_rule_keeps_a_reqq_slot") X(RQ_FWD, "reqq.request_forwarded_in") \
  X(RQ_FULL, "reqq.full_backpressures_the_ring") X(LOOK, "ring.shadow_tag_lookup") X(HIT, "ring.remote_hit") \
  X(MISS_FWD, "ring.remote_miss_sent_on") X(HOLD, "ring.hit_held_for_respq_room") X(GIVEUP, "ring.hit_gives_up_after_hold") \
  X(HOP, "ring.request_hop") X(RS_HOP, "ring.response_hop") X(RS_FLIT, "ring.response_flit_serialised") \
  X(RS_BLOCK, "respq.local_hit_blocks_a_forwarded_response") X(DELIVER, "resp.delivered_home") \
  X(RESP_BP, "resp.l1d_backpressure") X(THR_ON, "throttle.decides_on") X(THR_REL, "throttle.period_end_releases")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  ccn_ring_t r;
  ccn_ring_cfg_t rc;
  ccn_ring_in_t rin;
  unsigned n, law, lb, lbw, lines, kbits;
  uint32_t salt;
  /* packed ports (node i at bits [i*W +: W]) */
  uint32_t miss_valid_i, *miss_addr_i, miss_byp_i, rmt_hit_i, *rmt_data_i, resp_ready_i, l2_ready_i;
  uint32_t miss_ready_o, rmt_valid_o, *rmt_addr_o, resp_valid_o, *resp_addr_o, *resp_data_o;
  uint32_t l2_valid_o, *l2_addr_o, *l2_why_o, thr_o;
  /* environment */
  unsigned maxstall, phase_len;
  unsigned miss_pct, byp_pct, share_pct, stall_pct, churn_pct;
  uint8_t *tag;        /* [node][line]: 0 absent, 1 filled, 2 pending */
  uint8_t *env_out;    /* [node][line]: the stimulus's own view of what is outstanding */
  unsigned stall_l2[CCN_MAX_NODES], stall_rs[CCN_MAX_NODES];
  /* scoreboard */
  uint64_t *sb_t;      /* [node][line]: accept cycle + 1, 0 = not outstanding */
  uint64_t bound, max_lat, n_acc, n_direct, n_ring, n_resp, n_l2ring, outstanding;
  uint64_t n_why[5];
  uint64_t cov[COV_N];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static uint32_t fget(const uint32_t *v, unsigned lsb, unsigned w) { return (uint32_t)bits_get(v, lsb, w); }

/* The contents of line addr, word j: the same in every L1D. */
static uint32_t line_word(uint32_t addr, unsigned j) {
  uint32_t x = addr * 0x9e3779b1u + j * 0x85ebca77u + 0x165667b1u;
  x ^= x >> 15;
  x *= 0x2c1b3c6du;
  x ^= x >> 12;
  return x;
}

static uint32_t line_addr(const ctx_t *c, unsigned k) { return (c->salt << c->kbits | k) & (uint32_t)bits_mask64(c->law); }
/* Line index of an address, or -1 for an address the environment never made. */
static int line_index(const ctx_t *c, uint32_t a) {
  unsigned k = a & ((1u << c->kbits) - 1u);
  if (k >= c->lines || line_addr(c, k) != a) return -1;
  return (int)k;
}

/* The documented completion bound (docs/ccn.md). */
static uint64_t ccn_bound(const ccn_ring_cfg_t *rc, unsigned maxstall) {
  uint64_t N = rc->nodes, L = rc->hop_lat, F = rc->line_bytes / rc->flit_bytes, S = maxstall;
  uint64_t t_rq = rc->hold_max + L + S + 3, t_rs = F * L + S + 2;
  uint64_t cb = rc->cb_depth * (rc->cb_timeout + (S + 1) * (N * rc->req_depth + 1) + 1);
  return cb + N * N * rc->req_depth * t_rq + N * N * rc->resp_depth * t_rs;
}

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  if (ccn_ring_cfg_from(&c->rc, cfg)) { free(c); return NULL; }
  if ((unsigned long long)c->rc.nodes * c->rc.line_bytes * 8 > LS_MAX_SIGNAL_BITS) {
    char why[200];
    snprintf(why, sizeof why,
             "the lockstep engine compares signals of at most %u bits and rmt_data_i/resp_data_o are "
             "CCN_NODES * CCN_LINE_BYTES * 8 bits wide (%u x %u x 8)",
             LS_MAX_SIGNAL_BITS, (unsigned)c->rc.nodes, (unsigned)c->rc.line_bytes);
    free(c);
    cfg_reject(cfg, P_CCN_LINE_BYTES, why);
    return NULL;
  }
  if (ccn_ring_init(&c->r, &c->rc) || ccn_ring_in_init(&c->rin, &c->r)) {
    free(c);
    cfg_reject(cfg, P_CCN_NODES, "cannot build the CCN model with these sizes (out of memory)");
    return NULL;
  }
  c->n = c->rc.nodes;
  c->law = c->rc.law;
  c->lb = c->r.lb;
  c->lbw = c->r.lbw;
  c->lines = (unsigned)CFG(cfg, CCN_TB_LINES);
  if (c->law < 31 && c->lines > (1u << c->law)) c->lines = 1u << c->law;
  c->kbits = bits_clog2(c->lines);
  c->maxstall = (unsigned)CFG(cfg, CCN_TB_MAXSTALL);
  c->phase_len = (unsigned)CFG(cfg, CCN_TB_PHASE);
  unsigned aw = bits_words(c->n * c->law), dw = c->n * c->lbw;
  c->miss_addr_i = calloc(aw, 4);
  c->rmt_data_i = calloc(dw, 4);
  c->rmt_addr_o = calloc(aw, 4);
  c->resp_addr_o = calloc(aw, 4);
  c->resp_data_o = calloc(dw, 4);
  c->l2_addr_o = calloc(aw, 4);
  c->l2_why_o = calloc(bits_words(c->n * 3), 4);
  c->tag = calloc((size_t)c->n * c->lines, 1);
  c->env_out = calloc((size_t)c->n * c->lines, 1);
  c->sb_t = calloc((size_t)c->n * c->lines, sizeof(uint64_t));
  c->bound = ccn_bound(&c->rc, c->maxstall);
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  ccn_ring_free(&c->r);
  ccn_ring_in_free(&c->rin);
  free(c->miss_addr_i);
  free(c->rmt_data_i);
  free(c->rmt_addr_o);
  free(c->resp_addr_o);
  free(c->resp_data_o);
  free(c->l2_addr_o);
  free(c->l2_why_o);
  free(c->tag);
  free(c->env_out);
  free(c->sb_t);
  free(c);
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  const ccn_ring_cfg_t *rc = &c->rc;
  unsigned n = c->n;
  ls_param(m, "Nodes", n);
  ls_param_set(m, c->cfg, "CCN", "", "Nodes");
  ls_param(m, "LB", c->lb);
  ls_param(m, "Flits", c->r.flits);

  ls_input(m, "miss_valid_i", n, &c->miss_valid_i);
  ls_input(m, "miss_addr_i", n * c->law, c->miss_addr_i);
  ls_input(m, "miss_byp_i", n, &c->miss_byp_i);
  ls_input(m, "rmt_hit_i", n, &c->rmt_hit_i);
  ls_input(m, "rmt_data_i", n * c->lb, c->rmt_data_i);
  ls_input(m, "resp_ready_i", n, &c->resp_ready_i);
  ls_input(m, "l2_ready_i", n, &c->l2_ready_i);
  ls_output(m, "miss_ready_o", n, &c->miss_ready_o);
  ls_output(m, "rmt_valid_o", n, &c->rmt_valid_o);
  ls_output(m, "rmt_addr_o", n * c->law, c->rmt_addr_o);
  ls_output(m, "resp_valid_o", n, &c->resp_valid_o);
  ls_output(m, "resp_addr_o", n * c->law, c->resp_addr_o);
  ls_output(m, "resp_data_o", n * c->lb, c->resp_data_o);
  ls_output(m, "l2_valid_o", n, &c->l2_valid_o);
  ls_output(m, "l2_addr_o", n * c->law, c->l2_addr_o);
  ls_output(m, "l2_why_o", n * 3, c->l2_why_o);
  ls_output(m, "thr_o", n, &c->thr_o);

  ccn_ls_declare_state(m, "", &c->r);
  for (int i = 0; i < COV_N; i++) {
    /* the hold limit 0 gives up at once: nothing is ever held */
    if (i == COV_HOLD && rc->hold_max == 0) continue;
    /* a one-flit line is never serialised */
    if (i == COV_RS_FLIT && rc->line_bytes <= rc->flit_bytes) continue;
    ls_cover(m, cov_name[i], &c->cov[i]);
  }
}

static void reset(void *p) {
  ctx_t *c = p;
  ccn_ring_reset(&c->r);
  memset(c->sb_t, 0, (size_t)c->n * c->lines * sizeof(uint64_t));
  memset(c->env_out, 0, (size_t)c->n * c->lines);
  c->max_lat = c->n_acc = c->n_direct = c->n_ring = c->n_resp = c->n_l2ring = c->outstanding = 0;
  memset(c->n_why, 0, sizeof c->n_why);
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned miss_opts[] = {3, 15, 40, 100, 100};
  static const unsigned share_opts[] = {0, 4, 25, 60, 90};
  static const unsigned byp_opts[] = {0, 0, 10, 30};
  static const unsigned stall_opts[] = {0, 0, 30, 80};
  c->miss_pct = miss_opts[ls_below(r, 5)];
  c->share_pct = share_opts[ls_below(r, 5)];
  c->byp_pct = byp_opts[ls_below(r, 4)];
  c->stall_pct = c->maxstall ? stall_opts[ls_below(r, 4)] : 0;
  c->churn_pct = 5 + ls_below(r, 40);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  unsigned n = c->n, law = c->law;
  if (cycle == 0) {
    c->salt = (uint32_t)ls_rand(r);
    for (unsigned i = 0; i < n * c->lines; i++) c->tag[i] = 0;
  }
  if (cycle % c->phase_len == 0) new_phase(c, r);
  /* 1. what happened last cycle (inputs and outputs as they were) */
  uint32_t held = 0;
  if (cycle) {
    for (unsigned i = 0; i < n; i++) {
      uint8_t *eo = c->env_out + (size_t)i * c->lines;
      uint32_t mv = (c->miss_valid_i >> i) & 1, mr = (c->miss_ready_o >> i) & 1;
      uint32_t l2v = (c->l2_valid_o >> i) & 1, l2r = (c->l2_ready_i >> i) & 1;
      uint32_t l2a = fget(c->l2_addr_o, i * law, law), why = fget(c->l2_why_o, i * 3, 3);
      if (mv && mr) {
        int k = line_index(c, fget(c->miss_addr_i, i * law, law));
        int direct = l2v && l2r && why <= CCN_WHY_CBFULL;
        if (k >= 0 && !direct) eo[k] = 1;
      } else if (mv) held |= 1u << i;
      if (l2v && l2r && why >= CCN_WHY_CBTIMEOUT) {
        int k = line_index(c, l2a);
        if (k >= 0) eo[k] = 0;
      }
      if (((c->resp_valid_o & c->resp_ready_i) >> i) & 1) {
        int k = line_index(c, fget(c->resp_addr_o, i * law, law));
        if (k >= 0) eo[k] = 0;
      }
    }
  }
  /* 2. the L1Ds' contents drift */
  for (unsigned i = 0; i < n; i++) {
    if (!ls_chance(r, c->churn_pct)) continue;
    unsigned k = ls_below(r, c->lines), x = ls_below(r, 100);
    c->tag[(size_t)i * c->lines + k] = x < c->share_pct ? 1 : x < c->share_pct + 10 ? 2 : 0;
  }
  /* 3. lookup answers for last cycle's lookups */
  uint32_t rv = cycle ? c->rmt_valid_o : 0;
  c->rmt_hit_i = 0;
  for (unsigned i = 0; i < n; i++) {
    uint32_t *d = c->rmt_data_i + (size_t)i * c->lbw;
    uint32_t a = fget(c->rmt_addr_o, i * law, law);
    int k = ((rv >> i) & 1) ? line_index(c, a) : -1;
    if (k >= 0 && c->tag[(size_t)i * c->lines + k] == 1) {
      c->rmt_hit_i |= 1u << i;
      for (unsigned j = 0; j < c->lbw; j++) d[j] = line_word(a, j);
    } else {
      memset(d, 0, c->lbw * 4);
    }
  }
  /* 4. new misses (a held one keeps its address and class) */
  uint32_t mv = 0, mb = 0;
  for (unsigned i = 0; i < n; i++) {
    if ((held >> i) & 1) {
      mv |= 1u << i;
      mb |= c->miss_byp_i & (1u << i);
      continue;
    }
    if (!ls_chance(r, c->miss_pct)) {
      bits_set(c->miss_addr_i, i * law, law, line_addr(c, ls_below(r, c->lines)));
      continue;
    }
    unsigned k = ls_below(r, c->lines);
    if (c->env_out[(size_t)i * c->lines + k]) continue; /* the MSHR would merge it */
    mv |= 1u << i;
    if (ls_chance(r, c->byp_pct)) mb |= 1u << i;
    bits_set(c->miss_addr_i, i * law, law, line_addr(c, k));
  }
  c->miss_valid_i = mv;
  c->miss_byp_i = mb;
  /* 5. sinks: refuse at the phase's rate, never longer than maxstall */
  c->l2_ready_i = c->resp_ready_i = 0;
  for (unsigned i = 0; i < n; i++) {
    int l2 = c->stall_l2[i] >= c->maxstall || !ls_chance(r, c->stall_pct);
    int rs = c->stall_rs[i] >= c->maxstall || !ls_chance(r, c->stall_pct);
    c->stall_l2[i] = l2 ? 0 : c->stall_l2[i] + 1;
    c->stall_rs[i] = rs ? 0 : c->stall_rs[i] + 1;
    c->l2_ready_i |= (uint32_t)l2 << i;
    c->resp_ready_i |= (uint32_t)rs << i;
  }
}

static void count_coverage(ctx_t *c);

static void comb(void *p) {
  ctx_t *c = p;
  unsigned n = c->n, law = c->law;
  for (unsigned i = 0; i < n; i++) {
    ccn_node_in_t *in = &c->rin.in[i];
    in->miss_valid_i = (c->miss_valid_i >> i) & 1;
    in->miss_addr_i = fget(c->miss_addr_i, i * law, law);
    in->miss_byp_i = (c->miss_byp_i >> i) & 1;
    in->rmt_hit_i = (c->rmt_hit_i >> i) & 1;
    in->resp_ready_i = (c->resp_ready_i >> i) & 1;
    in->l2_ready_i = (c->l2_ready_i >> i) & 1;
  }
  memcpy(c->rin.rmt_data, c->rmt_data_i, (size_t)n * c->lbw * 4);
  ccn_ring_comb(&c->r, &c->rin);
  c->miss_ready_o = c->rmt_valid_o = c->resp_valid_o = c->l2_valid_o = c->thr_o = 0;
  for (unsigned i = 0; i < n; i++) {
    const ccn_node_t *nd = &c->r.node[i];
    c->miss_ready_o |= nd->miss_ready_o << i;
    c->rmt_valid_o |= nd->rmt_valid_o << i;
    c->resp_valid_o |= nd->resp_valid_o << i;
    c->l2_valid_o |= nd->l2_valid_o << i;
    c->thr_o |= nd->thr_o << i;
    bits_set(c->rmt_addr_o, i * law, law, nd->rmt_addr_o);
    bits_set(c->resp_addr_o, i * law, law, nd->resp_addr_o);
    bits_set(c->l2_addr_o, i * law, law, nd->l2_addr_o);
    bits_set(c->l2_why_o, i * 3, 3, nd->l2_why_o);
    memcpy(c->resp_data_o + (size_t)i * c->lbw, nd->resp_data_o, c->lbw * 4);
  }
  count_coverage(c);
}

static void count_coverage(ctx_t *c) {
  unsigned n = c->n;
  uint64_t *v = c->cov;
  const ccn_epoch_t *ep = &c->r.ep;
  for (unsigned i = 0; i < n; i++) {
    const ccn_node_t *nd = &c->r.node[i], *prev = &c->r.node[(i + n - 1) % n];
    const ccn_node_in_t *in = &c->rin.in[i];
    const ccn_node_cfg_t *pc = &nd->p;
    if (nd->dir_go) v[in->miss_byp_i ? COV_L2_BYPASS : nd->thr_q ? COV_L2_THROTTLE : COV_L2_CBFULL]++;
    if (nd->to_go) v[COV_L2_CBTO]++;
    if (nd->exit_go) v[COV_L2_NOSH]++;
    if (in->miss_valid_i && nd->dir && !in->l2_ready_i) v[COV_L2_BUSY]++;
    if (in->miss_valid_i && !nd->dir) v[COV_CB_PUSH]++;
    if (nd->inj) v[COV_CB_INJ]++;
    int cb_ready = !fifo_sync_empty(&nd->i_cb) && !nd->cb_to;
    if (cb_ready && prev->rq_out_valid_o) v[COV_CB_YIELD]++;
    if (cb_ready && !prev->rq_out_valid_o && fifo_sync_count(&nd->i_reqq) == pc->req_depth - 1) v[COV_CB_BUBBLE]++;
    if (nd->fwd_acc) v[COV_RQ_FWD]++;
    if (prev->rq_out_valid_o && !nd->fwd_acc) v[COV_RQ_FULL]++;
    if (nd->look_issue) v[COV_LOOK]++;
    if (nd->hit_push) v[COV_HIT]++;
    if (nd->head_v && nd->rq_st_q == CCN_RQ_LOOK && !in->rmt_hit_i) v[COV_MISS_FWD]++;
    if (nd->hit_hold) v[COV_HOLD]++;
    if (nd->hit_giveup) v[COV_GIVEUP]++;
    if (nd->rq_sent) v[COV_HOP]++;
    if (nd->rs_sent) v[COV_RS_HOP]++;
    if (nd->rs_head_v && !nd->rs_is_home && !nd->rs_last && nd->rs_tick_q == pc->hop_lat - 1) v[COV_RS_FLIT]++;
    if (nd->hit_push && c->r.node[(i + 1) % n].rs_out_valid_o) v[COV_RS_BLOCK]++;
    if (nd->deliver) v[COV_DELIVER]++;
    if (nd->resp_valid_o && !in->resp_ready_i) v[COV_RESP_BP]++;
    if (nd->dec_thr && !nd->thr_q) v[COV_THR_ON]++;
    if (ep->per_end && nd->thr_q) v[COV_THR_REL]++;
  }
}

static void commit(void *p) { ccn_ring_commit(&((ctx_t *)p)->r); }

static int complete(ctx_t *c, unsigned i, uint32_t a, uint64_t cycle, const char *how, char *msg, size_t n) {
  int k = line_index(c, a);
  uint64_t *t = k >= 0 ? &c->sb_t[(size_t)i * c->lines + k] : NULL;
  if (!t || !*t) {
    snprintf(msg, n, "ccn scoreboard: node %u: %s for line 0x%x that is not outstanding there (duplicated or invented)",
             i, how, a);
    return 1;
  }
  uint64_t lat = cycle - (*t - 1);
  if (lat > c->max_lat) c->max_lat = lat;
  if (lat > c->bound) {
    snprintf(msg, n, "ccn scoreboard: node %u line 0x%x completed (%s) after %llu cycles, above the bound %llu", i, a,
             how, (unsigned long long)lat, (unsigned long long)c->bound);
    return 1;
  }
  *t = 0;
  c->outstanding--;
  return 0;
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  unsigned law = c->law;
  for (unsigned i = 0; i < c->n; i++) {
    uint32_t mv = (c->miss_valid_i >> i) & 1, mr = (c->miss_ready_o >> i) & 1, byp = (c->miss_byp_i >> i) & 1;
    uint32_t thr = (c->thr_o >> i) & 1, ma = fget(c->miss_addr_i, i * law, law);
    uint32_t l2 = (c->l2_valid_o & c->l2_ready_i) >> i & 1, why = fget(c->l2_why_o, i * 3, 3);
    uint32_t l2a = fget(c->l2_addr_o, i * law, law);
    int direct = 0;
    if (l2) {
      if (why > CCN_WHY_NOSHARER) {
        snprintf(msg, n, "ccn scoreboard: node %u: L2 request with unknown reason %u", i, why);
        return 1;
      }
      c->n_why[why]++;
      if (why <= CCN_WHY_CBFULL) {
        if (!(mv && mr) || l2a != ma) {
          snprintf(msg, n, "ccn scoreboard: node %u: direct L2 request (reason %u) for 0x%x without that miss accepted", i,
                   why, l2a);
          return 1;
        }
        if ((why == CCN_WHY_BYPASS) != byp || (why == CCN_WHY_THROTTLE && !thr)) {
          snprintf(msg, n, "ccn scoreboard: node %u: miss 0x%x sent to L2 for reason %u (bypass %u, throttled %u)", i,
                   ma, why, byp, thr);
          return 1;
        }
        direct = 1;
        c->n_direct++;
      } else {
        if (complete(c, i, l2a, cycle, why == CCN_WHY_NOSHARER ? "L2 request (no sharer)" : "L2 request (CB timeout)",
                     msg, n))
          return 1;
        c->n_l2ring++;
      }
    }
    if ((c->resp_valid_o & c->resp_ready_i) >> i & 1) {
      uint32_t a = fget(c->resp_addr_o, i * law, law);
      const uint32_t *d = c->resp_data_o + (size_t)i * c->lbw;
      for (unsigned j = 0; j < c->lbw; j++)
        if (d[j] != line_word(a, j)) {
          snprintf(msg, n, "ccn scoreboard: node %u: response for line 0x%x carries word %u = 0x%08x, expected 0x%08x", i,
                   a, j, d[j], line_word(a, j));
          return 1;
        }
      if (complete(c, i, a, cycle, "response", msg, n)) return 1;
      c->n_resp++;
    }
    if (mv && mr) {
      c->n_acc++;
      if (!direct) {
        if (byp || thr) {
          snprintf(msg, n, "ccn scoreboard: node %u: %s miss 0x%x entered the ring", i, byp ? "bypass-class" : "throttled",
                   ma);
          return 1;
        }
        int k = line_index(c, ma);
        uint64_t *t = k >= 0 ? &c->sb_t[(size_t)i * c->lines + k] : NULL;
        if (!t || *t) {
          snprintf(msg, n, "ccn scoreboard: node %u: miss 0x%x accepted while one is outstanding (environment broke its rule)", i, ma);
          return 1;
        }
        *t = cycle + 1;
        c->outstanding++;
        c->n_ring++;
      }
    }
  }
  if (cycle % 256 == 255) {
    for (size_t x = 0; x < (size_t)c->n * c->lines; x++) {
      uint64_t t = c->sb_t[x];
      if (t && cycle - (t - 1) > c->bound) {
        snprintf(msg, n, "ccn scoreboard: node %zu line 0x%x outstanding for %llu cycles, above the bound %llu (lost or stuck)",
                 x / c->lines, line_addr(c, (unsigned)(x % c->lines)), (unsigned long long)(cycle - (t - 1)),
                 (unsigned long long)c->bound);
        return 1;
      }
    }
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const ccn_ring_cfg_t *rc = &c->rc;
  uint64_t s[13] = {0};
  for (unsigned i = 0; i < c->n; i++) {
    const ccn_node_t *nd = &c->r.node[i];
    uint32_t v[13] = {nd->cnt_inj_q,  nd->cnt_hit_q,  nd->cnt_rqhop_q, nd->cnt_rshop_q,  nd->cnt_nosh_q,
                      nd->cnt_thrp_q, nd->cnt_avoid_q, nd->cnt_lat_q,  nd->cnt_cbto_q,   nd->cnt_hto_q,
                      nd->cnt_cbfull_q, nd->cnt_thrmiss_q, nd->cnt_latmax_q};
    for (int j = 0; j < 12; j++) s[j] += v[j];
    if (v[12] > s[12]) s[12] = v[12];
  }
  fprintf(f, "ccn: nodes=%u hop=%u cb=%u reqq=%u respq=%u line=%uB flit=%uB (%u flits) tS=%u tP=%u Hmin=%u%%\n", c->n,
          rc->hop_lat, rc->cb_depth, rc->req_depth, rc->resp_depth, rc->line_bytes, rc->flit_bytes, c->r.flits, rc->ts,
          rc->tp, rc->hmin);
  fprintf(f, "ccn: injected=%llu remote_hits=%llu req_hops=%llu resp_hops=%llu no_sharer=%llu throttled_periods=%llu\n",
          (unsigned long long)s[0], (unsigned long long)s[1], (unsigned long long)s[2], (unsigned long long)s[3],
          (unsigned long long)s[4], (unsigned long long)s[5]);
  fprintf(f, "ccn: l2_avoided=%llu reuse_latency_avg=%.1f max=%llu cb_timeouts=%llu hold_giveups=%llu cb_full=%llu throttled_misses=%llu\n",
          (unsigned long long)s[6], s[6] ? (double)s[7] / (double)s[6] : 0.0, (unsigned long long)s[12],
          (unsigned long long)s[8], (unsigned long long)s[9], (unsigned long long)s[10], (unsigned long long)s[11]);
  fprintf(f, "ccn: scoreboard accepted=%llu direct=%llu ring=%llu responses=%llu ring_to_l2=%llu outstanding=%llu\n",
          (unsigned long long)c->n_acc, (unsigned long long)c->n_direct, (unsigned long long)c->n_ring,
          (unsigned long long)c->n_resp, (unsigned long long)c->n_l2ring, (unsigned long long)c->outstanding);
  fprintf(f, "ccn: L2 reasons bypass=%llu throttle=%llu cb_full=%llu cb_timeout=%llu no_sharer=%llu\n",
          (unsigned long long)c->n_why[0], (unsigned long long)c->n_why[1], (unsigned long long)c->n_why[2],
          (unsigned long long)c->n_why[3], (unsigned long long)c->n_why[4]);
  fprintf(f, "ccn: longest completion %llu cycles, bound %llu\n", (unsigned long long)c->max_lat,
          (unsigned long long)c->bound);
}

void ccn_ls_declare_state(ls_map_t *m, const char *prefix, const ccn_ring_t *r) {
  char nm[128];
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  /* the ring's two registers, then every register of every node */
  ls_reg(m, P("ep_q"), r->epw ? r->epw : 1, &r->ep_q);
  ls_reg(m, P("now_q"), r->tsw, &r->now_q);
  for (unsigned i = 0; i < r->nodes; i++) {
    const ccn_node_t *nd = &r->node[i];
    const ccn_node_cfg_t *np = &nd->p;
    char b[128];
#define REG(name, w)                                                \
  do {                                                              \
    snprintf(b, sizeof b, "%sgen_node[%u].i_node." #name, prefix, i);         \
    ls_reg(m, b, (w), &nd->name);                                   \
  } while (0)
    REG(cb_wait_q, bits_clog2(np->cb_timeout + 1));
    REG(rq_st_q, 2);
    REG(rq_tx_q, bits_idx_w(np->hop_lat));
    REG(hold_q, np->hold_max ? bits_clog2(np->hold_max + 1) : 1);
    REG(rs_flit_q, bits_idx_w(np->flits));
    REG(rs_tick_q, bits_idx_w(np->hop_lat));
    REG(thr_q, 1);
    REG(nt_q, np->winw);
    REG(nh_q, np->winw);
    REG(cnt_inj_q, np->cntw);
    REG(cnt_hit_q, np->cntw);
    REG(cnt_rqhop_q, np->cntw);
    REG(cnt_rshop_q, np->cntw);
    REG(cnt_nosh_q, np->cntw);
    REG(cnt_thrp_q, np->cntw);
    REG(cnt_avoid_q, np->cntw);
    REG(cnt_lat_q, np->cntw);
    REG(cnt_latmax_q, np->tsw);
    REG(cnt_cbto_q, np->cntw);
    REG(cnt_hto_q, np->cntw);
    REG(cnt_cbfull_q, np->cntw);
    REG(cnt_thrmiss_q, np->cntw);
#undef REG
    snprintf(b, sizeof b, "%sgen_node[%u].i_node.i_cb", prefix, i);
    ls_fifo(m, b, &nd->i_cb);
    snprintf(b, sizeof b, "%sgen_node[%u].i_node.i_reqq", prefix, i);
    ls_fifo(m, b, &nd->i_reqq);
    snprintf(b, sizeof b, "%sgen_node[%u].i_node.i_respq", prefix, i);
    ls_fifo_sram(m, b, &nd->i_respq);
  }
#undef P
}

const ls_block_t ls_block_ccn = {
    .name = "ccn",
    .rtl_module = "ccn_ring",
    .help = "cooperative caching ring of N L1 nodes (the CCN paper): CB, ReqQ, RespQ, throttler",
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
