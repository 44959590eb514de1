/* test_l1d_conform.c -- the L1D C model (csim/l1d) against the independent
 * GPGPU-Sim reference model (tb/tests/l1d_gref.c), side by side, per request
 * and per cycle, on seeded random streams with memory back-pressure and
 * out-of-order fills, over every config file in tb/configs/l1d/.
 *
 * The model is pipelined (docs/l1d.md "Pipeline"): a request the port takes
 * is decided the next cycle in its decide stage D, where a refused request
 * stays and is retried every cycle.  This test keeps its own copy of D (the
 * request the port took, from the port handshake alone) and gives THAT
 * request to the reference each cycle, so the reference decides exactly the
 * requests the model decides, in the same cycles; a stall-to-bypass mode
 * (L1D_SBYP) is applied to the copy by the rule, not read from the model.
 * Compared every cycle: D's outcome and fail reason (and that the model's D
 * holds a request exactly when the copy does, and that its port takes one
 * exactly when D is empty or its request is accepted);
 * the response (valid, id); the memory-side request (valid and the queue
 * head: store, bypass, id, line); after the clock edge every line (valid,
 * reserved, BA bits, tag, and the LRU/FIFO age order among lines holding a
 * tag) and every MSHR entry (line, filled, merged ids in order), and the
 * miss-queue occupancy.  The model's state is read only through
 * csim/l1d/l1d_view.h; everything else through l1d.h's in/out structs.
 *
 * Parts (default: all, sized for make test; docs/l1d_conformance.md):
 *  strict   alt = CONFORM_EXPECT_ALT (the rules where the model is known to
 *           follow its pre-issue-7 behaviour); zero disagreements = PASS.
 *  report   alt = 0, pure GPGPU-Sim rules; each disagreement is attributed
 *           to rules R1..R6 by reverting them (one, or two at a time); FAIL
 *           only when a disagreement is not explained by R1..R6.
 *  teeth    every rule's alternative, one at a time, must make the strict
 *           comparison fail on some config.
 *  ba       both branches of the BA balanced victim, directly (reference
 *           and model).
 *  directed small scenarios pinning the reference's reading of GPGPU-Sim
 *           (R1..R6 and the leak).
 *  live     the reference alone under GPGPU-Sim's rules: every accepted
 *           load answered once, nothing left after a drain.
 *  leak     how often outcomes change with gpgpusim_leak on (reference
 *           against itself); r5: R5's LINE_ALLOC check is reachable.
 * Options: --cycles N --seeds N --config FILE --alt MASK --break RULE
 *          --only strict|report|teeth|ba|directed|live|leak|r5  -v */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "cfg.h"
#include "l1d.h"
#include "l1d_gref.h"
#include "l1d_view.h"
#include "ls_rng.h"
#include "tcheck.h"

#define RB(k) (1u << (k))
/* Rules where the model follows the alternative (its pre-issue-7
 * behaviour): none since the L1D rewrite of issue 7 -- the strict part
 * demands GPGPU-Sim's rules everywhere. */
#ifndef CONFORM_EXPECT_ALT
#define CONFORM_EXPECT_ALT 0u
#endif
#define LEGACY_RULES (RB(GR_R1_MQ_LOAD) | RB(GR_R2_REL_FIFO) | RB(GR_R3_FREE_HIGH) | RB(GR_R4_VALID_AT_FILL) | RB(GR_R5_DRAIN_MERGE) | RB(GR_R6_BYPQ))

#define MAXCONF 32
#define MAXPEND 4096
#define MAXFOOT 160
#define PHASE 2048

typedef struct {
  char name[64];
  l1sys_cfg_t cfg;
  l1d_geom_t g;
  gref_cfg_t rc;
  int ref_only; /* a sectored config the model cannot run yet: only the reference-alone parts and the self-test use it */
} conf_t;

typedef struct {
  uint64_t cycles, reqs;
  int disagreed;
  uint64_t at;          /* cycle of the first disagreement */
  unsigned nfields;     /* disagreeing fields in that cycle */
  char what[1024];
  uint64_t n_out[GREF_NOUT], n_fail[8], n_pseudo, n_byp, n_drain, n_rel, n_fill, n_sdrain;
} res_t;

static int verbose;

/* ---- the bypass-queue depth: a parameter once the model has one ---------- */
static unsigned bypq_depth(const l1sys_cfg_t *cfg) {
  static const char *const names[] = {"L1D_BYPQ", "L1D_BYP_QUEUE", "L1D_BYPQ_DEPTH", "L1D_BYPASS_QUEUE"};
  for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
    int id = cfg_find(names[i]);
    if (id >= 0) return (unsigned)cfg->v[id];
  }
  return (unsigned)CFG(cfg, L1D_MISSQ);
}

/* The reference's configuration from the model's parameters. */
static void conf_ref(conf_t *cf) {
  gref_cfg_t *c = &cf->rc;
  c->sets = cf->g.sets; c->ways = cf->g.ways; c->line = cf->g.line; c->entries = cf->g.entries;
  c->merge = cf->g.merge; c->missq = cf->g.missq; c->addr_w = cf->g.addr_w;
  c->bypq = bypq_depth(&cf->cfg);
  c->fifo = CFG(&cf->cfg, L1D_REPL) == L1D_REPL_FIFO;
  c->through = CFG(&cf->cfg, L1D_WRITE) == L1D_WRITE_THROUGH;
  c->on_fill = CFG(&cf->cfg, L1D_ALLOC) == L1D_ALLOC_ON_FILL;
  const long long ix = CFG(&cf->cfg, L1D_INDEX);
  c->hash = ix == L1D_INDEX_FERMI ? GREF_IDX_FERMI : ix == L1D_INDEX_IPOLY ? GREF_IDX_IPOLY : ix == L1D_INDEX_XOR ? GREF_IDX_XOR : GREF_IDX_LINEAR;
  c->ba = (unsigned)CFG(&cf->cfg, L1D_BA);
  c->thr = (unsigned)CFG(&cf->cfg, L1D_BA_THRESHOLD);
  int sid = cfg_find("L1D_SECTORS"); /* issue 23: a parameter once the model has sectors */
  c->sectors = sid >= 0 ? (unsigned)cf->cfg.v[sid] : 1;
}

static int conf_load(conf_t *cf, const char *path) {
  memset(cf, 0, sizeof *cf);
  const char *b = strrchr(path, '/');
  snprintf(cf->name, sizeof cf->name, "%s", b ? b + 1 : path);
  char *dot = strrchr(cf->name, '.');
  if (dot) *dot = 0;
  cfg_defaults(&cf->cfg);
  if (cfg_load(&cf->cfg, path) || l1d_geom_from_cfg(&cf->cfg, &cf->g)) return -1;
  conf_ref(cf);
  return 0;
}

/* Sectored configs (issue 23: 4 sectors of 32 bytes, 128-byte lines), built
 * here: the two shapes of GPGPU-Sim's sectored L1s (a few sets of many ways,
 * one set of all ways), allocate on miss and on fill.  With a model that has
 * L1D_SECTORS they are compared like the config files; without it they are
 * reference-only (the reference-alone parts and the self-test run them, the
 * model comparison skips them). */
static int conf_sectored(conf_t *cfs, int n) {
  static const char *const shapes[][5] = {
      {"sect4_4x32_onmiss", "L1D_SETS=4", "L1D_WAYS=32", "L1D_ALLOC=ON_MISS", "L1D_MSHR_ENTRIES=64"},
      {"sect4_4x32_onfill_through", "L1D_SETS=4", "L1D_WAYS=32", "L1D_ALLOC=ON_FILL", "L1D_WRITE=THROUGH"},
      {"sect4_1x64_onmiss_fifo", "L1D_SETS=1", "L1D_WAYS=64", "L1D_ALLOC=ON_MISS", "L1D_REPL=FIFO"},
      {"sect4_1x64_onfill", "L1D_SETS=1", "L1D_WAYS=64", "L1D_ALLOC=ON_FILL", "L1D_REPL=LRU"}};
  int model = cfg_find("L1D_SECTORS") >= 0;
  for (unsigned k = 0; k < sizeof shapes / sizeof *shapes && n < MAXCONF; k++) {
    conf_t *cf = &cfs[n];
    memset(cf, 0, sizeof *cf);
    snprintf(cf->name, sizeof cf->name, "%s", shapes[k][0]);
    cfg_defaults(&cf->cfg);
    for (unsigned j = 1; j < 5; j++)
      if (cfg_set(&cf->cfg, shapes[k][j], "test_l1d_conform")) return -1;
    if (model && cfg_set(&cf->cfg, "L1D_SECTORS=4", "test_l1d_conform")) return -1;
    if (l1d_geom_from_cfg(&cf->cfg, &cf->g)) return -1;
    conf_ref(cf);
    cf->rc.sectors = 4;
    cf->ref_only = !model;
    n++;
  }
  return n;
}

static int cmp_name(const void *a, const void *b) { return strcmp(((const conf_t *)a)->name, ((const conf_t *)b)->name); }

static int conf_all(conf_t *cfs, const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) { fprintf(stderr, "error: cannot open config directory '%s'\n", dir); return -1; }
  struct dirent *e;
  while ((e = readdir(d)) && n < MAXCONF) {
    size_t L = strlen(e->d_name);
    if (L < 5 || strcmp(e->d_name + L - 4, ".cfg")) continue;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (conf_load(&cfs[n], path)) { closedir(d); return -1; }
    n++;
  }
  closedir(d);
  qsort(cfs, (size_t)n, sizeof *cfs, cmp_name);
  return n;
}

/* ---- one side-by-side run --------------------------------------------------- */
typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

typedef struct {
  unsigned req_pct, st_pct, byp_pct, rdy_pct, fill_pct, lat_min, lat_span, hold_pct;
  uint32_t foot[MAXFOOT];
  unsigned nfoot;
} phase_t;

static void new_phase(phase_t *p, const gref_t *r, ls_rng_t *g) {
  static const unsigned lat_min[] = {1, 3, 10, 40, 120};
  const unsigned sets = r->c.sets, ways = r->c.ways;
  unsigned kind = ls_below(g, 6);
  p->req_pct = 30 + ls_below(g, 71);
  p->st_pct = ls_chance(g, 25) ? 0 : ls_below(g, 45);
  p->byp_pct = ls_chance(g, 50) ? 0 : ls_below(g, 30);
  p->rdy_pct = ls_chance(g, 35) ? 5 + ls_below(g, 40) : 60 + ls_below(g, 41);
  p->fill_pct = 40 + ls_below(g, 61);
  p->lat_min = lat_min[ls_below(g, 5)];
  p->lat_span = 1 + ls_below(g, 60);
  p->hold_pct = ls_below(g, 100);
  /* aimed corner (kind 5): one set with more lines than ways, memory almost
   * never ready, long latency -- every way reserved while the miss queue is
   * full, so the order of the LINE_ALLOC and MISS_QUEUE checks shows */
  if (kind == 5) {
    p->req_pct = 90;
    p->rdy_pct = ls_below(g, 4);
    p->lat_min = 120;
    p->st_pct = ls_below(g, 20);
    p->byp_pct = ls_below(g, 10);
    kind = 2;
  }
  /* footprints: one line; a few sets with about `ways` lines; one or two
   * sets with more lines than ways; many lines everywhere */
  unsigned nset = kind == 0 ? 1 : kind == 1 ? 1 + ls_below(g, 4) : kind == 2 ? 1 + ls_below(g, 2) : sets;
  unsigned per = kind == 0 ? 1 : kind == 1 ? 1 + ls_below(g, ways + 1) : kind == 2 ? ways + 1 + ls_below(g, ways + 3)
                                                                       : kind == 3 ? 2 + ls_below(g, 4) : 1 + ls_below(g, 2);
  if (nset > sets) nset = sets;
  uint32_t chosen[4];
  for (unsigned i = 0; i < nset && i < 4; i++) chosen[i] = ls_below(g, sets);
  unsigned want = nset * per;
  if (want > MAXFOOT) want = MAXFOOT;
  uint32_t span = 1u << (r->c.addr_w - r->offw < 16 ? r->c.addr_w - r->offw : 16);
  p->nfoot = 0;
  for (unsigned tries = 0; p->nfoot < want && tries < 400000; tries++) {
    uint32_t line = ls_below(g, span);
    unsigned s = gref_set(r, line << r->offw);
    int ok = nset >= sets || nset > 4;
    for (unsigned i = 0; i < nset && i < 4 && !ok; i++) ok = chosen[i] == s;
    for (unsigned i = 0; i < p->nfoot && ok; i++) ok = p->foot[i] != line;
    if (ok) p->foot[p->nfoot++] = line;
  }
  if (!p->nfoot) p->foot[p->nfoot++] = 0;
}

static void note(res_t *res, uint64_t cyc, const char *field, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#include <stdarg.h>
static void note(res_t *res, uint64_t cyc, const char *field, const char *fmt, ...) {
  if (!res->disagreed) { res->disagreed = 1; res->at = cyc; }
  res->nfields++;
  size_t L = strlen(res->what);
  if (res->nfields > 6 || L + 200 > sizeof res->what) return;
  int k = snprintf(res->what + L, sizeof res->what - L, "\n    %s: ", field);
  if (k < 0) return;
  L += (size_t)k;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(res->what + L, sizeof res->what - L, fmt, ap);
  va_end(ap);
}

static const char *out_name(uint32_t o) {
  static const char *const n[8] = {"HIT", "HIT_RESERVED", "MISS", "RES_FAIL", "SECTOR_MISS", "?5", "?6", "?7"};
  return n[o & 7];
}
static const char *fail_name(uint32_t f) {
  static const char *const n[8] = {"NONE", "LINE_ALLOC", "MSHR_ENTRY", "MSHR_MERGE", "MISS_QUEUE", "PORT_BUSY", "BYP_QUEUE", "?7"};
  return n[f & 7];
}

typedef struct {
  conf_t *cfs;
  int ncf;
  uint64_t cycles;
  unsigned seeds;
  int self;          /* self-test: a second reference (alt = dut_alt) plays the model */
  uint32_t dut_alt;
} suite_t;

/* The device under comparison: the L1D C model, or (self-test) a second
 * reference instance standing in for a model that follows GPGPU-Sim's rules
 * -- this shows what the comparison does once the issue-7 rewrite lands. */
typedef struct {
  int self;
  l1d_t m;  /* the model; in self-test only its input struct is used */
  gref_t d; /* self-test stand-in */
  unsigned entries; /* MSHR entries (from the geometry) */
  uint32_t ready, dec, outcome, fail, rsp_valid, rsp_id, mvalid, mstore, mbyp, mid, maddr, fready;
  char err[200];
} dut_t;

/* The test's copy of the decide stage: the request the port took. */
typedef struct { uint32_t valid, addr, store, byp, id; } dreq_t;

static void dut_comb(dut_t *u, const dreq_t *dq) {
  const l1d_in_t *in = &u->m.in;
  if (!u->self) {
    l1d_comb(&u->m);
    const l1d_out_t *o = &u->m.out;
    u->ready = o->req_ready_o; u->dec = o->dec_valid_o; u->outcome = o->req_outcome_o; u->fail = o->req_fail_o;
    u->rsp_valid = o->rsp_valid_o; u->rsp_id = o->rsp_id_o;
    u->mvalid = o->mem_req_valid_o; u->mstore = o->mem_req_store_o; u->mbyp = o->mem_req_byp_o;
    u->mid = o->mem_req_id_o; u->maddr = o->mem_req_addr_o; u->fready = o->fill_ready_o;
    return;
  }
  const gref_req_t *hm = gref_head(&u->d, 0), *hb = gref_head(&u->d, 1), *h = hm ? hm : hb; /* miss queue first */
  u->mvalid = h != NULL;
  u->mstore = h ? h->store : 0; u->mbyp = h ? h->byp : 0; u->mid = h ? h->id : 0; u->maddr = h ? h->atom : 0;
  u->fready = 1;
  gref_in_t x = {dq->valid, dq->addr, dq->store, dq->byp, dq->id,
                 in->fill_valid_i, in->fill_addr_i, in->fill_byp_i, in->fill_id_i, u->mvalid && in->mem_req_ready_i, u->mbyp};
  gref_out_t o;
  u->err[0] = 0;
  if (gref_cycle(&u->d, &x, &o)) snprintf(u->err, sizeof u->err, "%s", u->d.err);
  /* the stand-in is pipelined the same way: its port takes a request when
   * its decide stage is empty or decides */
  u->ready = !dq->valid || o.ready; u->dec = dq->valid;
  u->outcome = o.outcome; u->fail = o.fail; u->rsp_valid = o.rsp_valid; u->rsp_id = o.rsp_id;
}

/* The stall-to-bypass rule (mode_sbyp_i, the MRPB's encoding): a load
 * refused for a resource the mode names is retried as a bypass. */
static int sbyp_applies(uint32_t mode, const dreq_t *dq, uint32_t fail) {
  if (dq->store || dq->byp) return 0;
  if (mode == L1D_SBYP_ALL)
    return fail == L1D_FAIL_LINE_ALLOC || fail == L1D_FAIL_MSHR_ENTRY || fail == L1D_FAIL_MSHR_MERGE ||
           fail == L1D_FAIL_MISS_QUEUE;
  return mode == L1D_SBYP_ASSOC && fail == L1D_FAIL_LINE_ALLOC;
}
static void dut_commit(dut_t *u) { if (!u->self) l1d_commit(&u->m); }

static void dut_line(const dut_t *u, unsigned s, unsigned w, l1d_line_view_t *v) {
  if (!u->self) { l1d_view_line(&u->m, s, w, v); return; }
  const gref_t *d = &u->d;
  const gref_line_t *l = &d->L[(size_t)s * d->c.ways + w];
  v->valid = l->valid; v->rsv = l->rsv; v->byp = l->byp; v->reuse = l->reuse; v->line = l->line;
  uint64_t k = d->c.fifo ? l->t_alloc : l->t_access;
  v->rank = 0;
  for (unsigned x = 0; x < d->c.ways; x++) {
    const gref_line_t *o = &d->L[(size_t)s * d->c.ways + x];
    v->rank += (d->c.fifo ? o->t_alloc : o->t_access) > k;
  }
}
static unsigned dut_entries(const dut_t *u) { return u->entries; }
static void dut_mshr(const dut_t *u, unsigned e, l1d_mshr_view_t *v) {
  if (!u->self) { l1d_view_mshr(&u->m, e, v); return; }
  const gref_mshr_t *x = &u->d.M[e];
  memset(v, 0, sizeof *v);
  v->valid = x->valid; v->filled = x->filled; v->line = x->atom; v->way = x->way; v->count = x->n;
  for (unsigned k = 0; k < x->n && k < L1D_VIEW_MAX_MERGE; k++) v->ids[k] = x->ids[k];
}
static unsigned dut_missq(const dut_t *u) { return u->self ? gref_count(&u->d, 0) : l1d_view_missq_count(&u->m); }

/* Lines and MSHR after the edge. */
/* v: room for one set's ways */
static void compare_state(const dut_t *u, const gref_t *r, uint64_t cyc, res_t *res, l1d_line_view_t *v) {
  const unsigned S = r->c.sets, W = r->c.ways;
  for (unsigned s = 0; s < S; s++) {
    for (unsigned w = 0; w < W; w++) {
      dut_line(u, s, w, &v[w]);
      const gref_line_t *l = &r->L[(size_t)s * W + w];
      int bad = v[w].valid != l->valid || v[w].rsv != l->rsv;
      if (r->c.ba) bad |= v[w].byp != l->byp || v[w].reuse != l->reuse;
      if ((l->valid || l->rsv || l->byp) && v[w].line != l->line) bad = 1;
      if (bad) {
        note(res, cyc, "line", "set %u way %u: model valid=%u rsv=%u byp=%u reuse=%u tag=0x%x, reference valid=%u rsv=%u byp=%u reuse=%u tag=0x%x",
             s, w, v[w].valid, v[w].rsv, v[w].byp, v[w].reuse, v[w].line, l->valid, l->rsv, l->byp, l->reuse, l->line);
        return;
      }
    }
    /* age order among lines holding a tag (not those a write-evict store
     * invalidated: their age is never used again): smaller rank = newer */
    for (unsigned a = 0; a < W; a++) {
      const gref_line_t *la = &r->L[(size_t)s * W + a];
      if (!(la->valid || la->rsv || la->byp) || la->dead) continue;
      for (unsigned b = a + 1; b < W; b++) {
        const gref_line_t *lb = &r->L[(size_t)s * W + b];
        if (!(lb->valid || lb->rsv || lb->byp) || lb->dead) continue;
        uint64_t ka = r->c.fifo ? la->t_alloc : la->t_access, kb = r->c.fifo ? lb->t_alloc : lb->t_access;
        if (ka == kb) continue;
        if ((ka > kb) != (v[a].rank < v[b].rank)) {
          note(res, cyc, "age order", "set %u ways %u,%u: model ranks %u,%u (0 = newest), reference %s stamps %llu,%llu",
               s, a, b, v[a].rank, v[b].rank, r->c.fifo ? "allocation" : "access", (unsigned long long)ka,
               (unsigned long long)kb);
          return;
        }
      }
    }
  }
  unsigned nm = 0, nr = 0;
  l1d_mshr_view_t mv;
  for (unsigned e = 0; e < r->c.entries; e++) nr += r->M[e].valid;
  for (unsigned e = 0; e < dut_entries(u); e++) {
    dut_mshr(u, e, &mv);
    if (!mv.valid) continue;
    nm++;
    int re = -1;
    for (unsigned k = 0; k < r->c.entries && re < 0; k++)
      if (r->M[k].valid && r->M[k].atom == mv.line) re = (int)k;
    if (re < 0) { note(res, cyc, "mshr", "model entry %u holds line 0x%x, the reference has no entry for it", e, mv.line); return; }
    const gref_mshr_t *x = &r->M[re];
    int bad = mv.filled != x->filled || mv.count != x->n;
    for (unsigned k = 0; !bad && k < x->n; k++) bad = mv.ids[k] != x->ids[k];
    if (bad) {
      char a[200] = "", b[200] = "";
      for (unsigned k = 0; k < mv.count && k < 16; k++) snprintf(a + strlen(a), sizeof a - strlen(a), " %u", mv.ids[k]);
      for (unsigned k = 0; k < x->n && k < 16; k++) snprintf(b + strlen(b), sizeof b - strlen(b), " %u", x->ids[k]);
      note(res, cyc, "mshr", "line 0x%x: model filled=%u ids [%s ], reference filled=%u ids [%s ]", mv.line, mv.filled, a, x->filled, b);
      return;
    }
  }
  if (nm != nr) note(res, cyc, "mshr", "model has %u entries in use, the reference %u", nm, nr);
  unsigned mq = dut_missq(u), rq = gref_count(r, 0);
  if (mq != rq) note(res, cyc, "miss queue", "model holds %u, reference %u", mq, rq);
}

static int run_one(const suite_t *su, const conf_t *cf, uint64_t seed, uint64_t ncyc, uint32_t alt, res_t *res) {
  memset(res, 0, sizeof *res);
  static dut_t u; /* large; one run at a time */
  gref_t r;
  gref_cfg_t rc = cf->rc;
  rc.alt = alt;
  memset(&u, 0, sizeof u);
  u.self = su->self;
  u.entries = cf->g.entries;
  if (l1d_init(&u.m, &cf->g)) return -1;
  if (gref_init(&r, &rc)) { l1d_free(&u.m); return -1; }
  if (u.self) {
    gref_cfg_t dc = cf->rc;
    dc.alt = su->dut_alt;
    if (gref_init(&u.d, &dc)) { gref_free(&r); l1d_free(&u.m); return -1; }
  }
  l1d_line_view_t *lv = malloc(cf->g.ways * sizeof *lv);
  if (!lv) { gref_free(&r); if (u.self) gref_free(&u.d); l1d_free(&u.m); return -1; }
  l1d_t *mp = &u.m;
  l1d_modes_from_cfg(&cf->cfg, &mp->in);
  l1d_in_t *in = &mp->in;
  ls_rng_t g;
  ls_rng_seed(&g, seed * 0x9E3779B97F4A7C15ull + 17);
  static pend_t pend[MAXPEND];
  unsigned np = 0;
  int fcur = -1;
  phase_t ph;
  uint32_t idmask = (uint32_t)bits_mask64(cf->g.id_w), amask = (uint32_t)bits_mask64(cf->g.addr_w);
  uint32_t lawmask = (uint32_t)bits_mask64(cf->g.addr_w - r.offw);
  int held = 0;
  dreq_t dq = {0, 0, 0, 0, 0};
  for (uint64_t cyc = 0; cyc < ncyc; cyc++) {
    if (cyc % PHASE == 0) new_phase(&ph, &r, &g);
    /* request: a refused one is held with probability hold_pct, else new;
     * every field is random while valid is low */
    if (!held || !ls_chance(&g, ph.hold_pct)) {
      in->req_valid_i = ls_chance(&g, ph.req_pct);
      uint32_t line = ph.foot[ls_below(&g, ph.nfoot)];
      in->req_addr_i = in->req_valid_i ? ((line << r.offw) | ls_below(&g, cf->g.line)) & amask : (uint32_t)ls_rand(&g) & amask;
      in->req_store_i = ls_chance(&g, ph.st_pct);
      in->req_byp_i = ls_chance(&g, ph.byp_pct);
      in->req_id_i = (uint32_t)ls_rand(&g) & idmask;
      ls_rand_bits(&g, in->req_data_i, cf->g.line * 8);
      ls_rand_bits(&g, in->req_mask_i, cf->g.line);
    }
    in->mem_req_ready_i = np + 1 < MAXPEND && ls_chance(&g, ph.rdy_pct);
    in->rmt_valid_i = ls_chance(&g, 30);
    in->rmt_addr_i = (uint32_t)ls_rand(&g) & amask;
    /* fill: any due answer, out of order; held until accepted */
    if (fcur < 0 && np && ls_chance(&g, ph.fill_pct)) {
      unsigned k = ls_below(&g, np), tries = 0;
      while (pend[k].due > cyc && tries++ < np) k = (k + 1) % np;
      if (pend[k].due <= cyc) fcur = (int)k;
    }
    if (fcur >= 0) {
      in->fill_valid_i = 1;
      in->fill_addr_i = pend[fcur].line;
      in->fill_byp_i = pend[fcur].byp;
      in->fill_id_i = pend[fcur].id;
    } else {
      in->fill_valid_i = 0;
      in->fill_addr_i = (uint32_t)ls_rand(&g) & lawmask;
      in->fill_byp_i = ls_chance(&g, 50);
      in->fill_id_i = (uint32_t)ls_rand(&g) & idmask;
    }
    ls_rand_bits(&g, in->fill_data_i, cf->g.line * 8);

    dut_comb(&u, &dq);
    if (u.err[0]) note(res, cyc, "stand-in", "%s", u.err);

    /* memory side, start-of-cycle queue contents */
    const gref_req_t *hm = gref_head(&r, 0), *hb = gref_head(&r, 1);
    uint32_t ref_mvalid = hm || hb;
    if (u.mvalid != ref_mvalid) {
      note(res, cyc, "mem_req_valid", "model %u, reference %u (miss queue %u, bypass queue %u)", u.mvalid, ref_mvalid,
           gref_count(&r, 0), gref_count(&r, 1));
    } else if (u.mvalid) {
      const gref_req_t *h = gref_head(&r, (int)u.mbyp);
      if (!h || h->store != u.mstore || h->byp != u.mbyp || h->id != u.mid ||
          h->atom != u.maddr)
        note(res, cyc, "mem_req", "model store=%u byp=%u id=%u line=0x%x, reference head %s store=%u byp=%u id=%u line=0x%x",
             u.mstore, u.mbyp, u.mid, u.maddr, h ? "" : "(empty)", h ? h->store : 0,
             h ? h->byp : 0, h ? h->id : 0, h ? h->atom : 0);
    }
    uint32_t fill_go = in->fill_valid_i && u.fready;
    /* the reference decides the request in the test's copy of D */
    gref_in_t ri = {dq.valid, dq.addr, dq.store, dq.byp, dq.id,
                    fill_go, in->fill_addr_i, in->fill_byp_i, in->fill_id_i,
                    u.mvalid && in->mem_req_ready_i, u.mbyp};
    gref_out_t ro;
    if (gref_cycle(&r, &ri, &ro)) note(res, cyc, "reference", "%s", r.err);
    char rq[96];
    snprintf(rq, sizeof rq, "%s addr 0x%x id %u%s", dq.store ? "store" : "load", dq.addr, dq.id,
             dq.byp && !dq.store ? " (bypass)" : "");
    uint32_t port_ready = !dq.valid || ro.ready; /* the port takes a request when D is empty or decides */
    if (u.dec != dq.valid)
      note(res, cyc, "decide stage", "model %s a request, the port handshakes say %s", u.dec ? "holds" : "does not hold",
           dq.valid ? rq : "none");
    if (u.ready != port_ready)
      note(res, cyc, "port", "model req_ready_o %u, expected %u (decide stage %s, reference %s)", u.ready, port_ready,
           dq.valid ? rq : "empty", dq.valid ? out_name(ro.outcome) : "-");
    if (dq.valid) {
      res->reqs++;
      if (u.outcome != ro.outcome || u.fail != ro.fail)
        note(res, cyc, "request", "%s: model %s/%s, reference %s/%s", rq, out_name(u.outcome), fail_name(u.fail),
             out_name(ro.outcome), fail_name(ro.fail));
    }
    if (u.rsp_valid != ro.rsp_valid || (ro.rsp_valid && u.rsp_id != ro.rsp_id))
      note(res, cyc, "response", "model valid=%u id=%u, reference valid=%u id=%u", u.rsp_valid, u.rsp_id, ro.rsp_valid,
           ro.rsp_id);

    /* memory model: loads sent below come back later, out of order */
    if (u.mvalid && in->mem_req_ready_i && !u.mstore && np < MAXPEND) {
      pend[np].line = u.maddr;
      pend[np].byp = u.mbyp;
      pend[np].id = u.mid;
      pend[np].due = cyc + ph.lat_min + ls_below(&g, ph.lat_span);
      np++;
    }
    if (fill_go) {
      res->n_fill += !in->fill_byp_i;
      pend[fcur] = pend[--np];
      fcur = -1;
    }
    held = in->req_valid_i && !port_ready;
    /* the copy of D for the next cycle: the port's request, or the refused
     * one again (a bypass from now on when the stall-to-bypass rule applies) */
    if (port_ready) {
      dq = (dreq_t){in->req_valid_i, in->req_addr_i, in->req_store_i, in->req_byp_i, in->req_id_i};
    } else if (sbyp_applies(mp->in.mode_sbyp_i, &dq, ro.fail)) {
      dq.byp = 1;
    }

    dut_commit(&u);
    if (!res->disagreed) compare_state(&u, &r, cyc, res, lv);
    res->cycles = cyc + 1;
    if (res->disagreed) {
      char hdr[200];
      snprintf(hdr, sizeof hdr, " (this cycle: decide stage %s%s)", ri.req_valid ? rq : "empty", fill_go ? (in->fill_byp_i ? ", bypass fill" : ", fill") : "");
      strncat(res->what, hdr, sizeof res->what - strlen(res->what) - 1);
      break;
    }
  }
  memcpy(res->n_out, r.n_out, sizeof res->n_out);
  res->n_sdrain = r.n_sector_drain_merge;
  memcpy(res->n_fail, r.n_fail, sizeof res->n_fail);
  res->n_pseudo = r.n_pseudo;
  res->n_byp = r.n_byp;
  res->n_drain = r.n_drain_merge;
  res->n_rel = r.n_rel;
  gref_free(&r);
  if (u.self) gref_free(&u.d);
  l1d_free(&u.m);
  free(lv);
  return 0;
}

static void print_dis(const char *tag, const conf_t *cf, uint64_t seed, const res_t *res) {
  printf("  %s %s seed %llu: first disagreement at cycle %llu (%u field%s)%s\n", tag, cf->name, (unsigned long long)seed,
         (unsigned long long)res->at, res->nfields, res->nfields == 1 ? "" : "s", res->what);
}

static void print_mask(char *buf, size_t n, uint32_t mask) {
  buf[0] = 0;
  for (int k = 0; k < GR_NRULES; k++)
    if (mask & RB(k)) snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? "," : "", gref_rule_name[k]);
  if (!buf[0]) snprintf(buf, n, "none");
}

/* ---- parts ---------------------------------------------------------------- */
/* The sectored configs' extra figures for a strict line ("" for a line cache). */
static const char *sect_note(const conf_t *cf, uint64_t smiss, uint64_t sdrain) {
  static char b[120];
  b[0] = 0;
  if (cf->rc.sectors > 1)
    snprintf(b, sizeof b, "; %u sectors: SECTOR_MISS %llu, SECTOR_MISS merges into live entries %llu", cf->rc.sectors,
             (unsigned long long)smiss, (unsigned long long)sdrain);
  return b;
}

static void part_strict(tc_t *t, const suite_t *s, uint32_t alt) {
  char mk[400];
  print_mask(mk, sizeof mk, alt);
  for (int i = 0; i < s->ncf; i++) {
    if (s->cfs[i].ref_only && !s->self) continue;
    uint64_t cyc = 0, reqs = 0, tot_out[GREF_NOUT] = {0}, tot_fail[8] = {0}, pse = 0, byp = 0, drn = 0, rel = 0, fil = 0, sdr = 0;
    int bad = 0;
    for (unsigned sd = 1; sd <= s->seeds; sd++) {
      res_t res;
      if (run_one(s, &s->cfs[i], sd, s->cycles, alt, &res)) { bad = 1; printf("  out of memory\n"); break; }
      cyc += res.cycles; reqs += res.reqs; pse += res.n_pseudo; byp += res.n_byp; drn += res.n_drain; rel += res.n_rel; fil += res.n_fill;
      sdr += res.n_sdrain;
      for (int k = 0; k < GREF_NOUT; k++) tot_out[k] += res.n_out[k];
      for (int k = 0; k < 8; k++) tot_fail[k] += res.n_fail[k];
      if (res.disagreed) { bad = 1; print_dis("strict", &s->cfs[i], sd, &res); }
    }
    TC_CHECK(t, !bad,
             "strict %s (alternative rules: %s): %llu cycles, %llu requests compared (HIT %llu, HIT_RESERVED %llu, MISS %llu, "
             "RES_FAIL %llu: LINE_ALLOC %llu MSHR_ENTRY %llu MSHR_MERGE %llu MISS_QUEUE %llu PORT_BUSY %llu BYP_QUEUE %llu; "
             "pseudo-hits %llu, bypasses %llu, tag-miss merges %llu, fills %llu, releases %llu%s), %s",
             s->cfs[i].name, mk, (unsigned long long)cyc, (unsigned long long)reqs, (unsigned long long)tot_out[0],
             (unsigned long long)tot_out[1], (unsigned long long)tot_out[2], (unsigned long long)tot_out[3],
             (unsigned long long)tot_fail[1], (unsigned long long)tot_fail[2], (unsigned long long)tot_fail[3],
             (unsigned long long)tot_fail[4], (unsigned long long)tot_fail[5], (unsigned long long)tot_fail[6],
             (unsigned long long)pse, (unsigned long long)byp, (unsigned long long)drn, (unsigned long long)fil,
             (unsigned long long)rel, sect_note(&s->cfs[i], tot_out[GREF_OUT_SECTOR_MISS], sdr), bad ? "disagreements (above)" : "zero disagreements");
  }
}

/* Report mode: pure GPGPU-Sim rules; attribute disagreements to R1..R6 by
 * reverting rules greedily (the one that moves the first disagreement
 * furthest, until none is left or none helps). */
static void part_report(tc_t *t, const suite_t *s) {
  unsigned agree = 0, explained = 0, unexplained = 0;
  uint32_t needed_all = 0;
  for (int i = 0; i < s->ncf; i++) {
    if (s->cfs[i].ref_only && !s->self) continue;
    for (unsigned sd = 1; sd <= s->seeds; sd++) {
      res_t res, best_res;
      uint32_t alt = 0;
      if (run_one(s, &s->cfs[i], sd, s->cycles, alt, &res)) return;
      if (!res.disagreed) { agree++; printf("  report %s seed %u: agrees with GPGPU-Sim's rules, %llu cycles\n", s->cfs[i].name, sd, (unsigned long long)res.cycles); continue; }
      if (verbose) print_dis("report", &s->cfs[i], sd, &res);
      while (res.disagreed) {
        /* one rule at a time; when two rules meet in the same cycle (e.g.
         * R3 and R4 at an ON_FILL fill) no single one helps: then pairs */
        uint32_t best = 0;
        uint64_t bestat = res.at;
        for (int pass = 1; pass <= 2 && !best; pass++) {
          for (int k = 0; k < GR_NRULES; k++) {
            for (int k2 = pass == 1 ? k : k + 1; k2 < (pass == 1 ? k + 1 : GR_NRULES); k2++) {
              uint32_t add = RB(k) | RB(k2);
              if ((add & ~LEGACY_RULES) || (alt & add)) continue;
              res_t r2;
              if (run_one(s, &s->cfs[i], sd, s->cycles, alt | add, &r2)) return;
              uint64_t at = r2.disagreed ? r2.at : UINT64_MAX;
              if (at > bestat) { best = add; bestat = at; best_res = r2; }
            }
          }
        }
        if (!best) break;
        alt |= best;
        res = best_res;
      }
      char mk[400];
      print_mask(mk, sizeof mk, alt);
      needed_all |= alt;
      if (res.disagreed) {
        unexplained++;
        printf("  report %s seed %u: NOT explained by rules R1..R6 (reverted: %s):\n", s->cfs[i].name, sd, mk);
        print_dis("report", &s->cfs[i], sd, &res);
      } else {
        explained++;
        printf("  report %s seed %u: the model differs from GPGPU-Sim's rules in %s (with those reverted: zero disagreements in %llu cycles)\n",
               s->cfs[i].name, sd, mk, (unsigned long long)res.cycles);
      }
    }
  }
  char mk[400];
  print_mask(mk, sizeof mk, needed_all);
  /* informational: today the model is expected to differ (issue 7); the
   * check only demands that every difference is one of R1..R6 */
  TC_CHECK(t, unexplained == 0,
           "report (pure GPGPU-Sim rules): %u runs agree, %u differ only in issue-7 rules (%s), %u differ otherwise", agree,
           explained, mk, unexplained);
}

/* Teeth: every rule's alternative, alone, must be caught. */
static void part_teeth(tc_t *t, const suite_t *s, uint32_t base) {
  unsigned caught = 0, skipped = 0, missed = 0, sectored = 0;
  for (int i = 0; i < s->ncf; i++) sectored += s->cfs[i].rc.sectors > 1 && (s->self || !s->cfs[i].ref_only);
  for (int k = 0; k < GR_NRULES; k++) {
    /* the sector rules change nothing in a line cache (one sector) */
    if (gref_rule_is_sector(k) && !sectored) {
      skipped++;
      printf("  teeth %s: not testable without a sectored config the model runs (L1D_SECTORS > 1); the self-test "
             "and tb/tests/test_l1d_sector.c break it on the reference\n", gref_rule_name[k]);
      continue;
    }
    /* R5's situation (a tag miss while the line's entry drains) needs lines
     * that are replaceable before their entry drains: R4 */
    if (k == GR_R5_DRAIN_MERGE && (base & RB(GR_R4_VALID_AT_FILL))) {
      skipped++;
      printf("  teeth %s: not testable while R4_VALID_AT_FILL takes its alternative (lines stay reserved until drained, so "
             "a tag miss never meets a live entry in ON_MISS)\n", gref_rule_name[k]);
      continue;
    }
    uint32_t alt = base ^ RB(k);
    int hit = 0;
    char where[1200] = "";
    for (int i = 0; i < s->ncf && !hit; i++) {
      if (s->cfs[i].ref_only && !s->self) continue;
      if (gref_rule_is_sector(k) && s->cfs[i].rc.sectors <= 1) continue; /* no effect in a line cache */
      for (unsigned sd = 1; sd <= s->seeds && !hit; sd++) {
        res_t res;
        if (run_one(s, &s->cfs[i], sd, s->cycles, alt, &res)) return;
        if (res.disagreed) {
          hit = 1;
          char *nl = strchr(res.what + 5, '\n');
          if (nl) *nl = 0;
          snprintf(where, sizeof where, "%s seed %u cycle %llu:%s", s->cfs[i].name, sd, (unsigned long long)res.at, res.what);
        }
      }
    }
    if (hit) caught++;
    else missed++;
    TC_CHECK(t, hit, "teeth: breaking %s (%s) is caught%s%s", gref_rule_name[k], gref_rule_text[k], hit ? " -- " : "", where);
  }
  printf("  teeth: %u rules caught, %u missed, %u not testable in this mode\n", caught, missed, skipped);
}

/* BA balanced victim: both branches, directly.  One 4-way set (linear
 * index: set 0 holds lines 0, 32, 64, 96, 128), threshold 2.  Four load
 * misses fill the set; then load hits re-use some lines so their reuse bit
 * is 1: branch "n0 >= T" re-uses one line (n0 = 3: the victim comes from the
 * reuse=0 lines, the oldest of them is line 32), branch "n0 < T" re-uses
 * three (n0 = 1: the victim comes from the reuse=1 lines, the oldest is
 * line 0).  A fifth line then finds no free way: it is bypassed and the
 * victim keeps only its tag.  The reference and the model run the same
 * cycles; both must evict the expected line. */
static void ba_step(l1d_t *m, gref_t *r, const gref_in_t *x, gref_out_t *o, int *agree) {
  l1d_in_t *in = &m->in;
  if (x->req_valid) { /* the read stage: the port takes the request; the reference idles a cycle with the model */
    in->req_valid_i = 1; in->req_addr_i = x->addr; in->req_store_i = 0; in->req_byp_i = 0; in->req_id_i = x->id;
    in->mem_req_ready_i = 0; in->fill_valid_i = 0; in->rmt_valid_i = 0;
    l1d_comb(m);
    if (!m->out.req_ready_o) *agree = 0;
    gref_in_t idle = {0};
    gref_out_t io;
    gref_cycle(r, &idle, &io);
    l1d_commit(m);
  }
  in->req_valid_i = 0; /* the decide stage decides it now */
  in->mem_req_ready_i = x->pop_valid;
  in->fill_valid_i = x->fill_go; in->fill_addr_i = x->fill_atom; in->fill_byp_i = 0; in->fill_id_i = 0;
  in->rmt_valid_i = 0;
  l1d_comb(m);
  gref_in_t y = *x;
  y.pop_valid = m->out.mem_req_valid_o && x->pop_valid;
  y.pop_byp = m->out.mem_req_byp_o;
  gref_cycle(r, &y, o);
  if (x->req_valid && (!m->out.dec_valid_o || m->out.req_outcome_o != o->outcome || m->out.req_fail_o != o->fail)) *agree = 0;
  l1d_commit(m);
}

static void part_ba(tc_t *t) {
  for (int branch = 0; branch < 2; branch++) {
    l1sys_cfg_t cfg;
    l1d_geom_t geo;
    cfg_defaults(&cfg);
    if (cfg_set(&cfg, "L1D_BA=1", "test") || cfg_set(&cfg, "L1D_BA_THRESHOLD=2", "test") ||
        cfg_set(&cfg, "L1D_INDEX=LINEAR", "test") || cfg_set(&cfg, "L1D_SETS=32", "test") || cfg_set(&cfg, "L1D_WAYS=4", "test") ||
        l1d_geom_from_cfg(&cfg, &geo))
      return;
    l1d_t m;
    if (l1d_init(&m, &geo)) return;
    l1d_modes_from_cfg(&cfg, &m.in);
    gref_cfg_t c = {.sets = 32, .ways = 4, .line = geo.line, .entries = geo.entries, .merge = geo.merge, .missq = geo.missq,
                    .bypq = geo.missq, .addr_w = geo.addr_w, .ba = 1, .thr = 2,
                    .alt = RB(GR_R1_MQ_LOAD) | RB(GR_R2_REL_FIFO) | RB(GR_R3_FREE_HIGH) | RB(GR_R4_VALID_AT_FILL) | RB(GR_R6_BYPQ)};
    c.alt &= CONFORM_EXPECT_ALT;
    unsigned lg = 0;
    while ((1u << lg) < geo.line) lg++;
    gref_t r;
    if (gref_init(&r, &c)) { l1d_free(&m); return; }
    gref_in_t in;
    gref_out_t o;
    int agree = 1;
    uint32_t id = 1;
    for (unsigned k = 0; k < 4; k++) { /* miss, memory takes it, fill, release */
      memset(&in, 0, sizeof in); in.req_valid = 1; in.addr = (k * 32u) << lg; in.id = id++; ba_step(&m, &r, &in, &o, &agree);
      memset(&in, 0, sizeof in); in.pop_valid = 1; ba_step(&m, &r, &in, &o, &agree);
      memset(&in, 0, sizeof in); in.fill_go = 1; in.fill_atom = k * 32u; ba_step(&m, &r, &in, &o, &agree);
      memset(&in, 0, sizeof in); ba_step(&m, &r, &in, &o, &agree);
    }
    unsigned reuse_n = branch ? 3 : 1;
    for (unsigned k = 0; k < reuse_n; k++) {
      memset(&in, 0, sizeof in); in.req_valid = 1; in.addr = (k * 32u) << lg; in.id = id++; ba_step(&m, &r, &in, &o, &agree);
    }
    unsigned n0 = 0;
    for (unsigned w = 0; w < 4; w++) n0 += !r.L[w].reuse;
    memset(&in, 0, sizeof in); in.req_valid = 1; in.addr = (4u * 32u) << lg; in.id = id++; ba_step(&m, &r, &in, &o, &agree);
    uint32_t evicted = branch ? 0u : 32u;
    int ref_ok = (int)o.bypassed, mod_ok = (int)m.out.ev_byp_o;
    int ref_tag = 0, mod_tag = 0;
    for (unsigned w = 0; w < 4; w++) {
      const gref_line_t *l = &r.L[w];
      l1d_line_view_t v;
      l1d_view_line(&m, 0, w, &v);
      if (l->byp && l->line == 4u * 32u) ref_tag = 1;
      if (v.byp && v.line == 4u * 32u) mod_tag = 1;
      if ((l->valid || l->rsv || l->byp) && l->line == evicted) ref_ok = 0;
      if ((v.valid || v.rsv || v.byp) && v.line == evicted) mod_ok = 0;
    }
    TC_CHECK(t, ref_ok && mod_ok && ref_tag && mod_tag && agree && n0 == (branch ? 1u : 3u),
             "BA balanced victim, branch %s (T=2, n0=%u): line %u is the tag-only victim's old line in the reference (%s) "
             "and in the model (%s), outcomes agree (%s)",
             branch ? "n0 < T: reuse=1 lines" : "n0 >= T: reuse=0 lines", n0, evicted, ref_ok && ref_tag ? "yes" : "no",
             mod_ok && mod_tag ? "yes" : "no", agree ? "yes" : "no");
    gref_free(&r);
    l1d_free(&m);
  }
}

/* How often GPGPU-Sim's leak changes an outcome: the reference with and
 * without gpgpusim_leak on the same request stream (each with its own
 * memory model; fills always accepted, the memory takes the miss queue
 * first).  Counts requests whose outcome or fail reason differ. */
/* ---- directed checks of the reference's reading of GPGPU-Sim ------------
 * Small scenarios on the reference alone (alt = 0), each pinning one rule of
 * issue 7 the way GPGPU-Sim behaves.  Geometry: 32 sets, 4 ways, 128 B
 * lines, linear index (line L is in set L % 32), 8 merges, miss queue 8,
 * bypass queue 2. */
typedef struct { gref_t r; gref_out_t o; uint32_t id; } dr_t;

static int dr_init(dr_t *d, unsigned entries, unsigned leak) {
  gref_cfg_t c = {.sets = 32, .ways = 4, .line = 128, .entries = entries, .merge = 8, .missq = 8, .bypq = 2,
                  .addr_w = 32, .gpgpusim_leak = leak};
  d->id = 1;
  return gref_init(&d->r, &c);
}
/* one cycle: an optional request (kind 'l' load, 's' store, 'b' bypassed
 * load, 0 none), an optional fill of line fl (fl < 0: none), pop = take the
 * head of the miss queue (1) or bypass queue (2) */
static gref_out_t *dr(dr_t *d, int kind, uint32_t line, int fl, int pop) {
  gref_in_t in;
  memset(&in, 0, sizeof in);
  if (kind) { in.req_valid = 1; in.addr = line << 7; in.store = kind == 's'; in.byp = kind == 'b'; in.id = d->id++; }
  if (fl >= 0) { in.fill_go = 1; in.fill_atom = (uint32_t)fl; }
  if (pop) { in.pop_valid = 1; in.pop_byp = pop == 2; }
  if (gref_cycle(&d->r, &in, &d->o)) printf("  directed: reference error: %s\n", d->r.err);
  return &d->o;
}
static int lines_with(const gref_t *r, uint32_t line, int *rsv) {
  int n = 0;
  for (unsigned i = 0; i < r->c.sets * r->c.ways; i++)
    if ((r->L[i].valid || r->L[i].rsv) && r->L[i].line == line) { n++; if (rsv) *rsv = r->L[i].rsv; }
  return n;
}
static int ent_of(const gref_t *r, uint32_t line) {
  for (unsigned e = 0; e < r->c.entries; e++) if (r->M[e].valid && r->M[e].atom == line) return (int)e;
  return -1;
}
#define OUTF(o) (o)->outcome, (o)->fail

static void part_directed(tc_t *t) {
  dr_t d;
  gref_out_t *o;
  /* R1: issue 7's reproduction -- 7 load misses to distinct lines, memory
   * never ready: a new miss, a HIT_RESERVED merge and a tag-miss merge are
   * refused MISS_QUEUE; a store is accepted (miss_queue_full(0)) and the
   * next store refused */
  if (dr_init(&d, 32, 0)) return;
  for (uint32_t k = 1; k <= 7; k++) dr(&d, 'l', k, -1, 0);
  gref_out_t a = *dr(&d, 'l', 100, -1, 0), b = *dr(&d, 'l', 3, -1, 0), c = *dr(&d, 's', 200, -1, 0), e = *dr(&d, 's', 201, -1, 0);
  TC_CHECK(t, a.outcome == L1D_OUT_RES_FAIL && a.fail == L1D_FAIL_MISS_QUEUE && b.fail == L1D_FAIL_MISS_QUEUE &&
                  c.ready && c.outcome == L1D_OUT_MISS && e.fail == L1D_FAIL_MISS_QUEUE,
           "directed R1: 7 of 8 miss-queue entries used: load miss %s/%s, HIT_RESERVED load %s/%s, store %s/%s; 8 used: store %s/%s",
           out_name(a.outcome), fail_name(a.fail), out_name(b.outcome), fail_name(b.fail), out_name(c.outcome), fail_name(c.fail),
           out_name(e.outcome), fail_name(e.fail));
  gref_free(&d.r);
  /* R1 with the MSHR table full too: MISS_QUEUE, not MSHR_ENTRY */
  if (dr_init(&d, 7, 0)) return;
  for (uint32_t k = 1; k <= 7; k++) dr(&d, 'l', k, -1, 0);
  a = *dr(&d, 'l', 100, -1, 0);
  TC_CHECK(t, a.fail == L1D_FAIL_MISS_QUEUE, "directed R1: MSHR table (7) and miss queue (7 of 8) full: load miss %s/%s",
           out_name(a.outcome), fail_name(a.fail));
  gref_free(&d.r);

  /* R2: lines A=1 and B=2 with merges A:1,3,5 B:2,4; fill B then A: the
   * releases are B's ids, then A's, each entry oldest first */
  if (dr_init(&d, 32, 0)) return;
  dr(&d, 'l', 1, -1, 0); dr(&d, 'l', 2, -1, 0); dr(&d, 'l', 1, -1, 0); dr(&d, 'l', 2, -1, 0); dr(&d, 'l', 1, -1, 0);
  dr(&d, 0, 0, -1, 1); dr(&d, 0, 0, -1, 1);
  uint32_t seq[8];
  unsigned ns = 0;
  o = dr(&d, 0, 0, 2, 0); if (o->rsp_valid) seq[ns++] = o->rsp_id;
  o = dr(&d, 0, 0, 1, 0); if (o->rsp_valid) seq[ns++] = o->rsp_id;
  for (int k = 0; k < 8 && ns < 8; k++) { o = dr(&d, 0, 0, -1, 0); if (o->rsp_valid) seq[ns++] = o->rsp_id; }
  TC_CHECK(t, ns == 5 && seq[0] == 2 && seq[1] == 4 && seq[2] == 1 && seq[3] == 3 && seq[4] == 5 && ent_of(&d.r, 1) < 0,
           "directed R2: fills B then A release ids %u %u %u %u %u (want 2 4 1 3 5: B whole, then A, oldest first)", ns > 0 ? seq[0] : 0,
           ns > 1 ? seq[1] : 0, ns > 2 ? seq[2] : 0, ns > 3 ? seq[3] : 0, ns > 4 ? seq[4] : 0);
  gref_free(&d.r);

  /* R3: the first two misses in an empty set take ways 3 and 2 */
  if (dr_init(&d, 32, 0)) return;
  dr(&d, 'l', 0, -1, 0); dr(&d, 'l', 32, -1, 0);
  TC_CHECK(t, d.r.L[3].rsv && d.r.L[3].line == 0 && d.r.L[2].rsv && d.r.L[2].line == 32,
           "directed R3: first miss in set 0 in way %s, second in way %s (want 3, 2)", d.r.L[3].line == 0 && d.r.L[3].rsv ? "3" : "?",
           d.r.L[2].line == 32 && d.r.L[2].rsv ? "2" : "?");
  gref_free(&d.r);

  /* R4 + R5: line X=0 with 6 merged loads, filled: valid and unreserved at
   * once; a write-evict store invalidates it while it drains; a load to X
   * then misses the tags and merges into the draining entry without a way
   * (MISS); with gpgpusim_leak the same load leaves a reserved way behind */
  for (unsigned leak = 0; leak < 2; leak++) {
    if (dr_init(&d, 32, leak)) return;
    for (int k = 0; k < 6; k++) dr(&d, 'l', 0, -1, 0);
    dr(&d, 0, 0, -1, 1);
    dr(&d, 0, 0, 0, 0); /* fill */
    int rsv = -1, n_after_fill = lines_with(&d.r, 0, &rsv);
    gref_out_t st = *dr(&d, 's', 0, -1, 0);
    int n_after_store = lines_with(&d.r, 0, NULL);
    gref_out_t ld = *dr(&d, 'l', 0, -1, 0);
    int e0 = ent_of(&d.r, 0), lrsv = -1, n_after_ld = lines_with(&d.r, 0, &lrsv);
    unsigned cnt = e0 >= 0 ? d.r.M[e0].n : 0;
    if (!leak)
      TC_CHECK(t, n_after_fill == 1 && rsv == 0 && st.outcome == L1D_OUT_HIT && n_after_store == 0 && ld.outcome == L1D_OUT_MISS &&
                      ld.drain_merge && n_after_ld == 0 && cnt == 5,
               "directed R4/R5: at the fill the line is valid, reserved=%d; write-evict store %s; load to the draining line %s, "
               "merged (%u ids left), ways holding it %d (want 0: no way allocated)",
               rsv, out_name(st.outcome), out_name(ld.outcome), cnt, n_after_ld);
    else
      TC_CHECK(t, ld.outcome == L1D_OUT_MISS && n_after_ld == 1 && lrsv == 1 && d.r.leaks == 1,
               "directed gpgpusim_leak: the same load %s, and GPGPU-Sim leaves %d reserved way(s) (leaks %llu)", out_name(ld.outcome),
               n_after_ld, (unsigned long long)d.r.leaks);
    gref_free(&d.r);
  }

  /* R5: the tag-miss merge checks LINE_ALLOC first: X=0 drains (8 ids),
   * is evicted by a write-evict store, lines 32, 64, 96, 128 reserve all
   * four ways of set 0, then a load to X: LINE_ALLOC */
  if (dr_init(&d, 32, 0)) return;
  for (int k = 0; k < 8; k++) dr(&d, 'l', 0, -1, 0);
  dr(&d, 0, 0, -1, 1);
  dr(&d, 0, 0, 0, 0);
  dr(&d, 's', 0, -1, 0);
  for (uint32_t k = 1; k <= 4; k++) dr(&d, 'l', 32 * k, -1, 0);
  a = *dr(&d, 'l', 0, -1, 0);
  TC_CHECK(t, ent_of(&d.r, 0) >= 0 && a.fail == L1D_FAIL_LINE_ALLOC,
           "directed R5: load to a draining, evicted line with every way of its set reserved: %s/%s (want RES_FAIL/LINE_ALLOC)",
           out_name(a.outcome), fail_name(a.fail));
  gref_free(&d.r);

  /* R6: bypassed loads fill the 2-entry bypass queue, the third is refused
   * BYP_QUEUE; the miss queue is untouched and a load miss still goes */
  if (dr_init(&d, 32, 0)) return;
  dr(&d, 'b', 5, -1, 0); dr(&d, 'b', 6, -1, 0);
  a = *dr(&d, 'b', 7, -1, 0);
  b = *dr(&d, 'l', 8, -1, 0);
  TC_CHECK(t, a.fail == GREF_FAIL_BYP_QUEUE && gref_count(&d.r, 1) == 2 && b.ready && gref_count(&d.r, 0) == 1,
           "directed R6: third bypassed load %s/%s with the bypass queue at 2 of 2; then a load miss %s (miss queue %u)",
           out_name(a.outcome), fail_name(a.fail), out_name(b.outcome), gref_count(&d.r, 0));
  gref_free(&d.r);
}

/* The reference against itself: A = GPGPU-Sim's rules, B = A with
 * gpgpusim_leak = leak_b and the rules alt_b switched. */
static void ref_pair(tc_t *t, const suite_t *s, const char *what, uint32_t alt_b, unsigned leak_b) {
  uint64_t tot_req = 0, tot_diff = 0, tot_leaks = 0, runs_diff = 0, runs = 0, rerr = 0;
  for (int i = 0; i < s->ncf; i++) {
    if (s->cfs[i].rc.on_fill || s->cfs[i].rc.ba) continue; /* the leak needs ON_MISS without BA */
    for (unsigned sd = 1; sd <= s->seeds; sd++) {
      gref_t R[2];
      gref_cfg_t c = s->cfs[i].rc;
      c.alt = 0;
      c.gpgpusim_leak = 0;
      if (gref_init(&R[0], &c)) return;
      c.gpgpusim_leak = leak_b;
      c.alt = alt_b;
      if (gref_init(&R[1], &c)) { gref_free(&R[0]); return; }
      ls_rng_t g, mg[2];
      ls_rng_seed(&g, sd * 7919u + 3);
      static pend_t P[2][MAXPEND];
      unsigned np[2] = {0, 0};
      phase_t ph;
      uint64_t diff = 0, reqs = 0, first = 0;
      for (int k = 0; k < 2; k++) ls_rng_seed(&mg[k], sd * 104729u + 11);
      for (uint64_t cyc = 0; cyc < s->cycles; cyc++) {
        if (cyc % PHASE == 0) new_phase(&ph, &R[0], &g);
        gref_in_t in;
        memset(&in, 0, sizeof in);
        in.req_valid = ls_chance(&g, ph.req_pct);
        in.addr = (ph.foot[ls_below(&g, ph.nfoot)] << R[0].offw) | ls_below(&g, c.line);
        in.store = ls_chance(&g, ph.st_pct);
        in.byp = ls_chance(&g, ph.byp_pct);
        in.id = (uint32_t)ls_rand(&g) & 0xFFu;
        uint32_t rdy = ls_chance(&g, ph.rdy_pct);
        gref_out_t o[2];
        for (int k = 0; k < 2; k++) {
          gref_in_t x = in;
          const gref_req_t *hm = gref_head(&R[k], 0), *hb = gref_head(&R[k], 1), *h = hm ? hm : hb;
          int fk = -1;
          for (unsigned j = 0; j < np[k] && fk < 0; j++) if (P[k][j].due <= cyc) fk = (int)j;
          if (fk >= 0) { x.fill_go = 1; x.fill_atom = P[k][fk].line; x.fill_byp = P[k][fk].byp; x.fill_id = P[k][fk].id; }
          x.pop_valid = h && rdy && np[k] + 1 < MAXPEND;
          x.pop_byp = h ? h->byp : 0;
          gref_req_t popped = h ? *h : (gref_req_t){0, 0, 0, 0};
          if (gref_cycle(&R[k], &x, &o[k])) { printf("  %s: reference error: %s\n", what, R[k].err); rerr++; }
          if (fk >= 0) P[k][fk] = P[k][--np[k]];
          if (x.pop_valid && !popped.store) {
            P[k][np[k]].line = popped.atom; P[k][np[k]].byp = popped.byp; P[k][np[k]].id = popped.id;
            P[k][np[k]].due = cyc + ph.lat_min + ls_below(&mg[k], ph.lat_span);
            np[k]++;
          }
        }
        if (in.req_valid) {
          reqs++;
          if (o[0].outcome != o[1].outcome || o[0].fail != o[1].fail) { if (!diff) first = cyc; diff++; }
        }
      }
      runs++;
      runs_diff += diff != 0;
      tot_req += reqs;
      tot_diff += diff;
      tot_leaks += R[1].leaks;
      printf("  %s %s seed %u: %llu tag-miss merges, %llu ways leaked, %llu of %llu request outcomes differ%s",
             what, s->cfs[i].name, sd, (unsigned long long)R[0].n_drain_merge, (unsigned long long)R[1].leaks,
             (unsigned long long)diff, (unsigned long long)reqs, diff ? " (first at cycle " : "\n");
      if (diff) printf("%llu)\n", (unsigned long long)first);
      gref_free(&R[0]);
      gref_free(&R[1]);
    }
  }
  TC_CHECK(t, runs > 0 && !rerr && (leak_b || runs_diff > 0),
           "%s: %llu of %llu runs differ; %llu of %llu request outcomes (%.3f %%) differ; %llu ways leaked",
           what, (unsigned long long)runs_diff, (unsigned long long)runs, (unsigned long long)tot_diff, (unsigned long long)tot_req,
           tot_req ? 100.0 * (double)tot_diff / (double)tot_req : 0.0, (unsigned long long)tot_leaks);
}

/* The reference alone under GPGPU-Sim's rules (alt = 0), every config,
 * with unique ids and a scoreboard: every accepted load is answered exactly
 * once (hit, release or bypass answer), no response is spurious, and after
 * a drain with no requests the MSHR, the queues and the reserved lines are
 * empty (with gpgpusim_leak: only leaked ways stay reserved).  This checks
 * that the reference's own rules (release FIFO, valid-at-fill, tag-miss
 * merges) lose nothing, independently of the model. */
static void part_live(tc_t *t, const suite_t *s) {
  for (unsigned leak = 0; leak < 2; leak++) {
    uint64_t loads = 0, answers = 0, bad = 0, left = 0, stuck_rsv = 0, leaked = 0;
    for (int i = 0; i < s->ncf; i++) {
      for (unsigned sd = 1; sd <= s->seeds; sd++) {
        gref_t R;
        gref_cfg_t c = s->cfs[i].rc;
        c.alt = 0;
        c.gpgpusim_leak = leak;
        if (gref_init(&R, &c)) return;
        uint64_t total = s->cycles + 20000;
        uint8_t *out = calloc(total + 2, 1);
        if (!out) { gref_free(&R); return; }
        ls_rng_t g;
        ls_rng_seed(&g, sd * 31337u + 5);
        static pend_t P[MAXPEND];
        unsigned np = 0;
        phase_t ph;
        uint64_t cyc;
        for (cyc = 0; cyc < total; cyc++) {
          int drain = cyc >= s->cycles;
          if (!drain && cyc % PHASE == 0) new_phase(&ph, &R, &g);
          gref_in_t in;
          memset(&in, 0, sizeof in);
          in.req_valid = !drain && ls_chance(&g, ph.req_pct);
          in.addr = (ph.foot[ls_below(&g, ph.nfoot)] << R.offw) | ls_below(&g, c.line);
          in.store = ls_chance(&g, ph.st_pct);
          in.byp = ls_chance(&g, ph.byp_pct);
          in.id = (uint32_t)(cyc + 1);
          uint32_t rdy = drain || ls_chance(&g, ph.rdy_pct);
          const gref_req_t *hm = gref_head(&R, 0), *hb = gref_head(&R, 1), *h = hm ? hm : hb;
          int fk = -1;
          for (unsigned j = 0; j < np && fk < 0; j++) if (P[j].due <= cyc) fk = (int)j;
          if (fk >= 0) { in.fill_go = 1; in.fill_atom = P[fk].line; in.fill_byp = P[fk].byp; in.fill_id = P[fk].id; }
          in.pop_valid = h && rdy && np + 1 < MAXPEND;
          in.pop_byp = h ? h->byp : 0;
          gref_req_t popped = h ? *h : (gref_req_t){0, 0, 0, 0};
          gref_out_t o;
          if (gref_cycle(&R, &in, &o)) { bad++; printf("  live: reference error: %s\n", R.err); break; }
          if (fk >= 0) P[fk] = P[--np];
          if (in.pop_valid && !popped.store) {
            P[np].line = popped.atom; P[np].byp = popped.byp; P[np].id = popped.id;
            P[np].due = cyc + ph.lat_min + ls_below(&g, ph.lat_span);
            np++;
          }
          if (in.req_valid && o.ready && !in.store) { loads++; out[in.id] = 1; } /* a hit answers in its own cycle */
          if (o.rsp_valid) {
            answers++;
            if (o.rsp_id == 0 || o.rsp_id > total || !out[o.rsp_id]) {
              bad++;
              if (bad < 4) printf("  live %s seed %u cycle %llu: response id %u was not outstanding\n", s->cfs[i].name, sd, (unsigned long long)cyc, o.rsp_id);
            } else out[o.rsp_id] = 0;
          }
        }
        for (uint64_t k = 1; k <= total; k++) left += out[k];
        for (unsigned e = 0; e < c.entries; e++) left += R.M[e].valid;
        left += R.mq.n + R.bq.n + np;
        for (unsigned k = 0; k < c.sets * c.ways; k++) stuck_rsv += (R.L[k].rsv & ~R.L[k].leaked) != 0; /* per sector */
        leaked += R.leaks;
        free(out);
        gref_free(&R);
      }
    }
    TC_CHECK(t, loads > 0 && !bad && !left && !stuck_rsv,
             "reference alone%s, GPGPU-Sim rules, every config: %llu accepted loads, %llu responses, %llu spurious/errors, "
             "%llu requests or entries left after the drain, %llu reserved lines left (not leaked), %llu ways leaked",
             leak ? " with gpgpusim_leak" : "", (unsigned long long)loads, (unsigned long long)answers, (unsigned long long)bad,
             (unsigned long long)left, (unsigned long long)stuck_rsv, (unsigned long long)leaked);
  }
}

static void part_leak(tc_t *t, const suite_t *s) { ref_pair(t, s, "gpgpusim_leak on", 0, 1); }
/* R5's LINE_ALLOC check on a tag-miss merge must be reachable by the
 * stimulus, or its teeth (testable once R4 follows GPGPU-Sim) are empty. */
static void part_r5(tc_t *t, const suite_t *s) { ref_pair(t, s, "R5 alternative (no LINE_ALLOC check on a tag-miss merge)", RB(GR_R5_DRAIN_MERGE), 0); }

static int usage(const char *why) {
  fprintf(stderr, "error: %s\nusage: test_l1d_conform [--cycles N] [--seeds N] [--config FILE] [--alt MASK] [--break RULE] "
                  "[--only strict|report|teeth|ba|directed|live|leak|r5|self] [--self [--dut-alt MASK]] [-v]\n", why);
  return 2;
}

int main(int argc, char **argv) {
  tc_t t = TC_INIT("l1d_conform");
  static conf_t cfs[MAXCONF];
  suite_t s = {cfs, 0, 12000, 2, 0, 0};
  const char *only = NULL, *config = NULL;
  uint32_t alt = CONFORM_EXPECT_ALT;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-v")) { verbose = 1; continue; }
    if (!strcmp(a, "--self")) { s.self = 1; continue; }
    if (!v) return usage("missing value after an option");
    char *end;
    if (!strcmp(a, "--cycles")) { s.cycles = strtoull(v, &end, 0); if (*end || !s.cycles) return usage("--cycles: expected a positive integer"); }
    else if (!strcmp(a, "--seeds")) { s.seeds = (unsigned)strtoul(v, &end, 0); if (*end || !s.seeds) return usage("--seeds: expected a positive integer"); }
    else if (!strcmp(a, "--alt")) { alt = (uint32_t)strtoul(v, &end, 0); if (*end) return usage("--alt: expected a rule bit mask"); }
    else if (!strcmp(a, "--break")) {
      int k;
      for (k = 0; k < GR_NRULES && strcmp(gref_rule_name[k], v); k++) {}
      if (k == GR_NRULES) return usage("--break: unknown rule name (see gref_rule_name in tb/tests/l1d_gref.c)");
      alt ^= RB(k);
    }
    else if (!strcmp(a, "--dut-alt")) { s.dut_alt = (uint32_t)strtoul(v, &end, 0); if (*end) return usage("--dut-alt: expected a rule bit mask"); }
    else if (!strcmp(a, "--config")) config = v;
    else if (!strcmp(a, "--only")) only = v;
    else return usage("unknown option");
    i++;
  }
#ifdef REF_BREAK
  alt ^= RB(REF_BREAK);
#endif
  if (config) {
    if (conf_load(&cfs[0], config)) return 2;
    s.ncf = 1;
  } else {
    s.ncf = conf_all(cfs, "tb/configs/l1d");
    if (s.ncf <= 0) return 2;
    int nl = s.ncf;
    s.ncf = conf_sectored(cfs, s.ncf);
    if (s.ncf < 0) return 2;
    if (s.ncf > nl && cfs[nl].ref_only)
      printf("  sectored configs (%d): the model has no L1D_SECTORS yet -- the reference alone (live, leak) and the "
             "self-test run them; the model comparison does not\n", s.ncf - nl);
  }
  if (!only || !strcmp(only, "strict")) part_strict(&t, &s, s.self ? s.dut_alt : alt);
  if (!only || !strcmp(only, "ba")) part_ba(&t);
  if (!only || !strcmp(only, "directed")) part_directed(&t);
  if (!only || !strcmp(only, "report")) part_report(&t, &s);
  if (!only || !strcmp(only, "live")) part_live(&t, &s);
  if (!only || !strcmp(only, "leak")) part_leak(&t, &s);
  if (!only || !strcmp(only, "r5")) part_r5(&t, &s);
  if (!only || !strcmp(only, "teeth")) {
    suite_t ts = s;
    ts.seeds = 1;
    part_teeth(&t, &ts, alt);
  }
  if (!only || !strcmp(only, "self")) {
    /* the comparison as it will run once the model follows GPGPU-Sim's
     * rules: a second reference (alt = 0) stands in for the model; strict
     * with alt = 0 must agree, and every rule's alternative (R5 included)
     * must be caught */
    suite_t ss = s;
    ss.self = 1;
    ss.dut_alt = 0;
    printf("  self-test: a GPGPU-Sim-rules reference stands in for the model\n");
    part_strict(&t, &ss, 0);
    ss.seeds = 1;
    part_teeth(&t, &ss, 0);
  }
  return tc_done(&t);
}
