/* shell_ccn_ls.c -- lockstep adapter of the shell's cooperative-caching
 * ring with its per-node edge registers (rtl/shell/shell_ccn.sv <->
 * csim/shell/shell_ccn.{h,c}, shell_ccn_hw_*).
 *
 * One node per SM (SHELL_SMS, 2..16); the ring's structure from the CCN_*
 * parameters with the L1D's line (L1D_LINE, L1D_ADDR_W) as the shell sets
 * it; SHELL_CCN = ON (HMin 0) or ON_THROTTLE (CCN_HMIN).
 *
 * Stimulus, per node (the SM and its L1D, from the adapter's own state
 * only): cached load misses (miss_valid_i) at a phase rate over a pool of
 * CCN_TB_LINES lines shared by all nodes (so lookups find sharers), any
 * line of the full LaW range now and then; the L1D answers a lookup the
 * cycle after it (as the pipelined L1D does: rmt_hit_i is its registered
 * answer to last cycle's rmt_valid_o), a hit at a phase rate, never a hit
 * when nothing was asked; rmt_data_i is fresh random every cycle; the fill
 * port and the
 * injection queue refuse in runs of up to CCN_TB_MAXSTALL cycles; every
 * payload is fresh random while its valid is low.  Phases of CCN_TB_PHASE
 * cycles change the rates (0 and 100 % included).
 * Scoreboard: a miss the node took leaves it exactly once, as a ring fill
 * or an L2 request of the same node: per node, fills + L2 requests never
 * exceed the misses taken, and what is left in flight stays bounded. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ccn_ls.h"
#include "shell_ccn_ls.h"
#include "ls.h"
#include "shell_ccn.h"

#define COV_LIST(X) \
  X(MISS_TAKEN, "miss.taken") X(MISS_REFUSED, "miss.refused_staging_busy") X(LOOK_HIT, "lookup.answered_hit") \
  X(LOOK_MISS, "lookup.answered_miss") X(FILL, "fill.delivered") X(FILL_STALL, "fill.held_by_l1d") \
  X(L2, "l2.sent") X(L2_STALL, "l2.held_by_injection_queue") X(L2_BLOCKS, "mem_ready.low_for_waiting_l2") \
  X(THR, "throttle.node_off_ring")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  shell_ccn_hw_t h;
  ccn_ring_cfg_t rc;
  unsigned n, law, aw, lb, lbw, variant, lines, maxstall, phase_len;
  /* the RTL's concatenated ports */
  uint32_t miss_valid_i, rmt_hit_i, fill_ready_i, l2_ready_i;
  uint32_t *miss_line_i;
  uint32_t mem_ready_o, rmt_valid_o, fill_valid_o, l2_valid_o, thr_o;
  uint32_t *rmt_addr_o, *fill_line_o, *l2_line_o;
  /* environment */
  uint32_t *pool;
  unsigned miss_pct, hit_pct, stall_pct, wide_pct;
  unsigned stall_f[CCN_MAX_NODES], stall_l[CCN_MAX_NODES];
  /* scoreboard */
  uint64_t taken[CCN_MAX_NODES], fills[CCN_MAX_NODES], l2s[CCN_MAX_NODES], max_flight;
  uint64_t cov[COV_N];
} ctx_t;

static uint32_t rbits(ls_rng_t *r, unsigned w) { return w >= 32 ? (uint32_t)ls_rand(r) : (uint32_t)ls_rand(r) & ((1u << w) - 1u); }

static void destroy(void *p) {
  ctx_t *c = p;
  if (!c) return;
  shell_ccn_hw_free(&c->h);
  free(c->miss_line_i);
  free(c->rmt_addr_o);
  free(c->fill_line_o);
  free(c->l2_line_o);
  free(c->pool);
  free(c);
}

static void *create(const l1sys_cfg_t *cfg) {
  unsigned n = (unsigned)CFG(cfg, SHELL_SMS);
  uint32_t variant = (uint32_t)CFG(cfg, SHELL_CCN);
  if (variant == SHELL_CCN_OFF) {
    cfg_reject(cfg, P_SHELL_CCN, "shell_ccn: ON or ON_THROTTLE (under OFF the shell has no ring)");
    return NULL;
  }
  if (n < 2 || n > CCN_MAX_NODES) {
    cfg_reject(cfg, P_SHELL_SMS, "shell_ccn: 2..16 SMs (one ring node each)");
    return NULL;
  }
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  unsigned offw = shell_ccn_atom_offw(cfg);
  if (shell_ccn_ring_cfg(&c->rc, cfg, n, variant)) {
    free(c);
    return NULL;
  }
  if (shell_ccn_hw_init(&c->h, &c->rc, offw)) {
    destroy(c);
    fprintf(stderr, "error: shell_ccn: out of memory\n");
    return NULL;
  }
  c->n = n;
  c->variant = variant;
  c->law = c->rc.law;
  c->aw = c->law + offw;
  c->lb = c->h.i_ring.lb;
  c->lbw = c->h.lbw;
  c->lines = (unsigned)CFG(cfg, CCN_TB_LINES);
  c->maxstall = (unsigned)CFG(cfg, CCN_TB_MAXSTALL);
  c->phase_len = (unsigned)CFG(cfg, CCN_TB_PHASE);
  c->miss_line_i = calloc(bits_words(n * c->law), 4);
  c->rmt_addr_o = calloc(bits_words(n * c->aw), 4);
  c->fill_line_o = calloc(bits_words(n * c->law), 4);
  c->l2_line_o = calloc(bits_words(n * c->law), 4);
  c->pool = calloc(c->lines, 4);
  if (!c->miss_line_i || !c->rmt_addr_o || !c->fill_line_o || !c->l2_line_o || !c->pool) {
    destroy(c);
    fprintf(stderr, "error: shell_ccn: out of memory\n");
    return NULL;
  }
  return c;
}

static void declare(void *p, ls_map_t *m) {
  ctx_t *c = p;
  const ccn_ring_cfg_t *rc = &c->rc;
  shell_ccn_hw_t *h = &c->h;
  unsigned n = c->n;
  ls_param(m, "Nodes", n);
  ls_param(m, "HopLat", rc->hop_lat);
  ls_param(m, "CbDepth", rc->cb_depth);
  ls_param(m, "ReqDepth", rc->req_depth);
  ls_param(m, "RespDepth", rc->resp_depth);
  ls_param(m, "LaW", c->law);
  ls_param(m, "OffW", h->offw);
  ls_param(m, "LB", c->lb);
  ls_param(m, "Flits", h->i_ring.flits);
  ls_param(m, "Ts", rc->ts);
  ls_param(m, "Tp", rc->tp);
  ls_param(m, "HMin", rc->hmin);
  ls_param(m, "CbTimeout", rc->cb_timeout);
  ls_param(m, "HoldMax", rc->hold_max);
  ls_param(m, "WinW", rc->winw);
  ls_param(m, "CntW", rc->cntw);
  ls_param(m, "TsW", rc->tsw);

  ls_input(m, "miss_valid_i", n, &c->miss_valid_i);
  ls_input(m, "miss_line_i", n * c->law, c->miss_line_i);
  ls_output(m, "mem_ready_o", n, &c->mem_ready_o);
  ls_output(m, "rmt_valid_o", n, &c->rmt_valid_o);
  ls_output(m, "rmt_addr_o", n * c->aw, c->rmt_addr_o);
  ls_input(m, "rmt_hit_i", n, &c->rmt_hit_i);
  ls_input(m, "rmt_data_i", n * c->lb, h->rmt_data_i);
  ls_output(m, "fill_valid_o", n, &c->fill_valid_o);
  ls_output(m, "fill_line_o", n * c->law, c->fill_line_o);
  ls_input(m, "fill_ready_i", n, &c->fill_ready_i);
  ls_output(m, "l2_valid_o", n, &c->l2_valid_o);
  ls_output(m, "l2_line_o", n * c->law, c->l2_line_o);
  ls_input(m, "l2_ready_i", n, &c->l2_ready_i);
  ls_output(m, "thr_o", n, &c->thr_o);

  shell_ccn_ls_declare_state(m, "", h);
  for (int i = 0; i < COV_N; i++)
    if (i != COV_THR || rc->hmin) ls_cover(m, cov_name[i], &c->cov[i]);
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_ccn_hw_reset(&c->h);
  c->miss_valid_i = c->rmt_hit_i = c->fill_ready_i = c->l2_ready_i = 0;
  memset(c->taken, 0, sizeof c->taken);
  memset(c->fills, 0, sizeof c->fills);
  memset(c->l2s, 0, sizeof c->l2s);
  memset(c->stall_f, 0, sizeof c->stall_f);
  memset(c->stall_l, 0, sizeof c->stall_l);
  c->max_flight = 0;
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned pct[] = {0, 5, 20, 50, 80, 100};
  c->miss_pct = pct[ls_below(r, 6)];
  c->hit_pct = ls_chance(r, 40) ? 0 : pct[ls_below(r, 6)]; /* no sharer anywhere: the throttler's case */
  c->stall_pct = ls_below(r, 3) ? 10 : 60;
  c->wide_pct = ls_below(r, 2) ? 0 : 10;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_ccn_hw_t *h = &c->h;
  if (cycle == 0)
    for (unsigned k = 0; k < c->lines; k++) c->pool[k] = rbits(r, c->law);
  if (cycle % c->phase_len == 0) new_phase(c, r);
  c->miss_valid_i = c->rmt_hit_i = c->fill_ready_i = c->l2_ready_i = 0;
  for (unsigned i = 0; i < c->n; i++) {
    uint32_t v = ls_chance(r, c->miss_pct);
    uint32_t line = v && !ls_chance(r, c->wide_pct) ? c->pool[ls_below(r, c->lines)] : rbits(r, c->law);
    c->miss_valid_i |= v << i;
    bits_set(c->miss_line_i, i * c->law, c->law, line);
    c->rmt_hit_i |= (uint32_t)(ls_chance(r, c->hit_pct) && (c->rmt_valid_o >> i & 1)) << i; /* last cycle's lookup */
    ls_rand_bits(r, h->rmt_data_i + (size_t)i * c->lbw, c->lb);
    /* refusal runs of up to CCN_TB_MAXSTALL cycles */
    if (!c->stall_f[i] && c->maxstall && ls_chance(r, c->stall_pct)) c->stall_f[i] = 1 + ls_below(r, c->maxstall);
    if (!c->stall_l[i] && c->maxstall && ls_chance(r, c->stall_pct)) c->stall_l[i] = 1 + ls_below(r, c->maxstall);
    c->fill_ready_i |= (uint32_t)(c->stall_f[i] == 0) << i;
    c->l2_ready_i |= (uint32_t)(c->stall_l[i] == 0) << i;
    if (c->stall_f[i]) c->stall_f[i]--;
    if (c->stall_l[i]) c->stall_l[i]--;
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  shell_ccn_hw_t *h = &c->h;
  for (unsigned i = 0; i < c->n; i++) {
    shell_ccn_in_t *in = &h->in[i];
    in->miss_valid_i = c->miss_valid_i >> i & 1;
    in->miss_line_i = (uint32_t)bits_get(c->miss_line_i, i * c->law, c->law);
    in->rmt_hit_i = c->rmt_hit_i >> i & 1;
    in->fill_ready_i = c->fill_ready_i >> i & 1;
    in->l2_ready_i = c->l2_ready_i >> i & 1;
  }
  shell_ccn_hw_comb(h);
  const uint32_t asked = c->rmt_valid_o; /* last cycle's lookups: answered now */
  c->mem_ready_o = c->rmt_valid_o = c->fill_valid_o = c->l2_valid_o = c->thr_o = 0;
  for (unsigned i = 0; i < c->n; i++) {
    const shell_ccn_out_t *o = &h->out[i];
    c->mem_ready_o |= o->mem_ready_o << i;
    c->rmt_valid_o |= o->rmt_valid_o << i;
    c->fill_valid_o |= o->fill_valid_o << i;
    c->l2_valid_o |= o->l2_valid_o << i;
    c->thr_o |= o->thr_o << i;
    bits_set(c->rmt_addr_o, i * c->aw, c->aw, o->rmt_addr_o);
    bits_set(c->fill_line_o, i * c->law, c->law, o->fill_line_o);
    bits_set(c->l2_line_o, i * c->law, c->law, o->l2_line_o);
    /* coverage */
    const shell_ccn_in_t *in = &h->in[i];
    uint64_t *v = c->cov;
    if (in->miss_valid_i) v[o->mem_ready_o ? COV_MISS_TAKEN : COV_MISS_REFUSED]++;
    if (asked >> i & 1) v[in->rmt_hit_i ? COV_LOOK_HIT : COV_LOOK_MISS]++;
    if (o->fill_valid_o) v[in->fill_ready_i ? COV_FILL : COV_FILL_STALL]++;
    if (o->l2_valid_o) v[in->l2_ready_i ? COV_L2 : COV_L2_STALL]++;
    if (o->l2_valid_o && !o->mem_ready_o && (!h->mreg_v_q[i] || h->popped[i])) v[COV_L2_BLOCKS]++;
    if (o->thr_o) v[COV_THR]++;
  }
}

static void commit(void *p) {
  ctx_t *c = p;
  for (unsigned i = 0; i < c->n; i++) {
    shell_ccn_hw_next(&c->h, i);
    shell_ccn_hw_commit_node(&c->h, i);
  }
  shell_ccn_hw_commit_ring(&c->h);
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  (void)cycle;
  uint64_t flight = 0;
  for (unsigned i = 0; i < c->n; i++) {
    c->taken[i] += (c->miss_valid_i >> i & 1) && (c->mem_ready_o >> i & 1);
    c->fills[i] += (c->fill_valid_o >> i & 1) && (c->fill_ready_i >> i & 1);
    c->l2s[i] += (c->l2_valid_o >> i & 1) && (c->l2_ready_i >> i & 1);
    if (c->fills[i] + c->l2s[i] > c->taken[i]) {
      snprintf(msg, n, "shell_ccn scoreboard: node %u delivered %llu fills and %llu L2 requests for %llu misses taken", i,
               (unsigned long long)c->fills[i], (unsigned long long)c->l2s[i], (unsigned long long)c->taken[i]);
      return 1;
    }
    flight += c->taken[i] - c->fills[i] - c->l2s[i];
  }
  /* at most: per node, the staging, the CB, the ReqQ, the RespQ and the two
   * output stagings, plus a flit per hop on each channel */
  const ccn_ring_cfg_t *rc = &c->rc;
  uint64_t bound = (uint64_t)c->n * (3 + rc->cb_depth + rc->req_depth + rc->resp_depth + 2 * rc->hop_lat + 2);
  if (flight > bound) {
    snprintf(msg, n, "shell_ccn scoreboard: %llu misses in flight, above the ring's capacity %llu (a miss lost)",
             (unsigned long long)flight, (unsigned long long)bound);
    return 1;
  }
  if (flight > c->max_flight) c->max_flight = flight;
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  uint64_t t = 0, fl = 0, l2 = 0, served = 0;
  for (unsigned i = 0; i < c->n; i++) {
    t += c->taken[i], fl += c->fills[i], l2 += c->l2s[i];
    served += c->h.i_ring.node[i].cnt_hit_q;
  }
  fprintf(f, "shell_ccn: %s, %u nodes, hop latency %u, line %u bits: misses taken=%llu ring fills=%llu L2 requests=%llu (most in flight %llu); remote hits served=%llu\n",
          c->variant == SHELL_CCN_ON ? "ON" : "ON_THROTTLE", c->n, c->rc.hop_lat, c->lb, (unsigned long long)t,
          (unsigned long long)fl, (unsigned long long)l2, (unsigned long long)c->max_flight, (unsigned long long)served);
}

const ls_block_t ls_block_shell_ccn = {
    .name = "shell_ccn",
    .rtl_module = "shell_ccn",
    .help = "GPU shell: the CCN ring with every SM's edge registers (SHELL_CCN, SHELL_SMS nodes)",
    .param_blocks = "shell_ccn shell ccn l1d",
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

void shell_ccn_ls_declare_state(ls_map_t *m, const char *prefix, const shell_ccn_hw_t *h) {
  char nm[160];
  const unsigned n = h->nodes, law = h->law;
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  /* every edge register, then the ring's every register */
  ls_reg_array(m, P("mreg_v_q"), 1, n, h->mreg_v_q, sizeof h->mreg_v_q[0]);
  ls_reg_array(m, P("mreg_a_q"), law, n, h->mreg_a_q, sizeof h->mreg_a_q[0]);
  ls_reg_array(m, P("fst_v_q"), 1, n, h->fst_v_q, sizeof h->fst_v_q[0]);
  ls_reg_array(m, P("fst_a_q"), law, n, h->fst_a_q, sizeof h->fst_a_q[0]);
  ls_reg_array(m, P("l2_v_q"), 1, n, h->l2_v_q, sizeof h->l2_v_q[0]);
  ls_reg_array(m, P("l2_a_q"), law, n, h->l2_a_q, sizeof h->l2_a_q[0]);
  ccn_ls_declare_state(m, P("i_ring."), &h->i_ring);
#undef P
}
