/* test_l1d_step.c -- l1d_step (csim/l1d/l1d.h) against l1d_comb +
 * l1d_commit, and both against an observed model's outputs: two models of one configuration on the same random inputs,
 * one stepped by the pair, one by l1d_step; after every cycle the outputs
 * and the whole state (registers, _d twins, memories, queues, the model's
 * own bookkeeping) must be the same.  No lockstep or identity run takes
 * the step (the shell and the engine call the pair), so this test is what
 * checks its copies and their edges (CK_*, l1d.c). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "l1d.h"
#include "ls_rng.h"
#include "tcheck.h"

static int eq(const void *a, const void *b, size_t n) { return n == 0 || !memcmp(a, b, n); }
static int same_mem(const mem_1r1w_t *a, const mem_1r1w_t *b) {
  return eq(a->mem_q, b->mem_q, (size_t)a->depth * a->words * 4) && a->we_i == b->we_i &&
         (!a->we_i || a->waddr_i == b->waddr_i);
}
/* (a tag array: its rows, output register and held row; not its write
 * port, which the next cycle's comb sets before anything reads it -- a step
 * copy's tag write leaves the remote copy's port idle, l1d.c tag_write) */
static int same_sync(const mem_1r1w_sync_t *a, const mem_1r1w_sync_t *b) {
  return eq(a->m.mem_q, b->m.mem_q, (size_t)a->m.depth * a->m.words * 4) && eq(a->rdata_q, b->rdata_q, a->m.words * 4) &&
         a->held == b->held;
}
static int same_fifo(const fifo_sync_t *a, const fifo_sync_t *b) {
  return a->wptr_q == b->wptr_q && a->rptr_q == b->rptr_q && a->count_q == b->count_q && a->pidle == b->pidle &&
         same_mem(&a->i_mem, &b->i_mem);
}
static int same_banks(const struct l1d_dbanks *a, const struct l1d_dbanks *b, unsigned ways) {
  if (a->lz != b->lz || a->gen != b->gen || !eq(a->mat, b->mat, ways * 4)) return 0;
  for (unsigned w = 0; w < ways; w++)
    if (!same_mem(&a->b[w].m, &b->b[w].m) || !eq(a->b[w].rdata_q, b->b[w].rdata_q, a->b[w].m.words * 4)) return 0;
  return 1;
}
/* the outputs: every scalar, the lines while they mean something */
static int same_out(const l1d_t *a, const l1d_t *b) {
  const l1d_out_t *x = &a->out, *y = &b->out;
  const unsigned lw = a->lwords * 4, mw = bits_words(a->g.line) * 4;
  return x->req_ready_o == y->req_ready_o && x->dec_valid_o == y->dec_valid_o &&
         x->req_outcome_o == y->req_outcome_o && x->req_fail_o == y->req_fail_o && x->rsp_valid_o == y->rsp_valid_o &&
         x->rsp_id_o == y->rsp_id_o && eq(x->rsp_data_o, y->rsp_data_o, lw) &&
         x->mem_req_valid_o == y->mem_req_valid_o && x->mem_req_store_o == y->mem_req_store_o &&
         x->mem_req_byp_o == y->mem_req_byp_o && x->mem_req_id_o == y->mem_req_id_o &&
         x->mem_req_addr_o == y->mem_req_addr_o &&
         (!x->mem_req_valid_o || (eq(x->mem_req_data_o, y->mem_req_data_o, lw) &&
                                  eq(x->mem_req_mask_o, y->mem_req_mask_o, mw))) &&
         x->fill_ready_o == y->fill_ready_o && x->rmt_hit_o == y->rmt_hit_o && eq(x->rmt_data_o, y->rmt_data_o, lw) &&
         x->ev_access_o == y->ev_access_o && x->ev_hit_o == y->ev_hit_o && x->ev_hitres_o == y->ev_hitres_o &&
         x->ev_miss_o == y->ev_miss_o && x->ev_stall_o == y->ev_stall_o && x->ev_byp_o == y->ev_byp_o &&
         x->ev_pseudo_o == y->ev_pseudo_o && x->ev_fill_o == y->ev_fill_o;
}
/* the outputs where they mean something (an observed model against an
 * unobserved one: D's verdict without a decision, the response and the
 * memory request without their valid are don't-cares the two forms may
 * leave differently; docs/c-models.md) */
static int same_out_care(const l1d_t *a, const l1d_t *b) {
  const l1d_out_t *x = &a->out, *y = &b->out;
  const unsigned lw = a->lwords * 4, mw = bits_words(a->g.line) * 4;
  return x->req_ready_o == y->req_ready_o && x->dec_valid_o == y->dec_valid_o &&
         (!x->dec_valid_o || (x->req_outcome_o == y->req_outcome_o && x->req_fail_o == y->req_fail_o)) &&
         x->rsp_valid_o == y->rsp_valid_o &&
         (!x->rsp_valid_o || (x->rsp_id_o == y->rsp_id_o && eq(x->rsp_data_o, y->rsp_data_o, lw))) &&
         x->mem_req_valid_o == y->mem_req_valid_o &&
         (!x->mem_req_valid_o ||
          (x->mem_req_store_o == y->mem_req_store_o && x->mem_req_byp_o == y->mem_req_byp_o &&
           x->mem_req_id_o == y->mem_req_id_o && x->mem_req_addr_o == y->mem_req_addr_o &&
           eq(x->mem_req_data_o, y->mem_req_data_o, lw) && eq(x->mem_req_mask_o, y->mem_req_mask_o, mw))) &&
         x->fill_ready_o == y->fill_ready_o && x->rmt_hit_o == y->rmt_hit_o && eq(x->rmt_data_o, y->rmt_data_o, lw) &&
         x->ev_access_o == y->ev_access_o && x->ev_hit_o == y->ev_hit_o && x->ev_hitres_o == y->ev_hitres_o &&
         x->ev_miss_o == y->ev_miss_o && x->ev_stall_o == y->ev_stall_o && x->ev_byp_o == y->ev_byp_o &&
         x->ev_pseudo_o == y->ev_pseudo_o && x->ev_fill_o == y->ev_fill_o;
}
static int same_state(const l1d_t *a, const l1d_t *b) {
  const size_t n = (size_t)a->g.sets * a->g.ways, E = a->g.entries, mg = a->g.merge;
  const unsigned lw = a->lwords * 4, mw = bits_words(a->g.line) * 4;
  int ok = eq(a->valid_q, b->valid_q, n) && eq(a->rsv_q, b->rsv_q, n) && eq(a->byp_q, b->byp_q, n) &&
           eq(a->reuse_q, b->reuse_q, n) && eq(a->rank_q, b->rank_q, 2 * n) && eq(a->valid_d, b->valid_d, n) &&
           eq(a->rsv_d, b->rsv_d, n) && eq(a->byp_d, b->byp_d, n) && eq(a->reuse_d, b->reuse_d, n) &&
           eq(a->rank_d, b->rank_d, 2 * n);
  ok = ok && eq(a->mshr_q, b->mshr_q, E * sizeof *a->mshr_q) && eq(a->mshr_d, b->mshr_d, E * sizeof *a->mshr_d) &&
       eq(a->mshr_addr_q, b->mshr_addr_q, E * 4) && eq(a->mshr_addr_d, b->mshr_addr_d, E * 4) &&
       eq(a->mshr_ids_q, b->mshr_ids_q, E * mg * 4) && eq(a->mshr_ids_d, b->mshr_ids_d, E * mg * 4) &&
       eq(a->mshr_vbits, b->mshr_vbits, sizeof a->mshr_vbits) && eq(a->mshr_pbits, b->mshr_pbits, sizeof a->mshr_pbits);
  ok = ok && a->mem_rr_q == b->mem_rr_q && a->mem_rr_d == b->mem_rr_d && a->d_valid_q == b->d_valid_q &&
       a->d_store_q == b->d_store_q && a->d_byp_q == b->d_byp_q && a->d_addr_q == b->d_addr_q && a->d_id_q == b->d_id_q &&
       (!(a->d_valid_q && a->d_store_q) || (eq(a->d_data_q, b->d_data_q, lw) && eq(a->d_mask_q, b->d_mask_q, mw)));
  ok = ok && a->fw_tag_v_q == b->fw_tag_v_q && a->fw_tag_way_q == b->fw_tag_way_q && a->fw_tag_set_q == b->fw_tag_set_q &&
       a->fw_tag_line_q == b->fw_tag_line_q && a->fw_data_v_q == b->fw_data_v_q && a->fw_lazy == b->fw_lazy &&
       a->fw_data_way_q == b->fw_data_way_q && a->fw_data_set_q == b->fw_data_set_q &&
       (!a->fw_data_v_q || a->fw_lazy || (eq(a->fw_data_q, b->fw_data_q, lw) && eq(a->fw_data_mask_q, b->fw_data_mask_q, mw)));
  ok = ok && a->rmt_v_q == b->rmt_v_q && a->rmt_line_q == b->rmt_line_q && a->rmt_set_q == b->rmt_set_q &&
       a->rmt_sect_q == b->rmt_sect_q && eq(a->cnt_q, b->cnt_q, sizeof a->cnt_q) && eq(a->cnt_d, b->cnt_d, sizeof a->cnt_d);
  ok = ok && same_fifo(&a->i_missq, &b->i_missq) && same_fifo(&a->i_bypq, &b->i_bypq) && same_fifo(&a->i_relq, &b->i_relq) &&
       same_sync(&a->i_tags, &b->i_tags) && same_sync(&a->i_tags_rmt, &b->i_tags_rmt) &&
       same_banks(&a->dk, &b->dk, a->g.ways) && same_banks(&a->dk_rmt, &b->dk_rmt, a->g.ways);
  ok = ok && eq(a->tag_sh, b->tag_sh, n * 4) && a->trow_set == b->trow_set && a->trow_ok == b->trow_ok &&
       a->trow_cp == b->trow_cp && a->idle == b->idle && a->rep_ok == b->rep_ok && a->rep_cnt == b->rep_cnt &&
       a->mreq_held == b->mreq_held && a->nds == b->nds && a->nde == b->nde && a->ndwe == b->ndwe &&
       a->rq_lazy == b->rq_lazy && a->dsm_ok == b->dsm_ok && eq(a->mq_ld, b->mq_ld, sizeof a->mq_ld);
  return ok;
}

typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

/* One configuration: n cycles of random traffic (requests, stores, bypass
 * requests, fills in and out of order, bypassed fills, remote lookups, a
 * memory port that stalls); 0 when the two forms differ.  A third model,
 * observed (l1d_observe: the lockstep engine's, which takes the full
 * evaluation whenever a remote lookup is pending), is stepped by the pair
 * too, and its outputs must be the unobserved ones every cycle: an
 * unobserved L1D serves lookups beside its repeated and quiet cycles
 * (l1d.c, rmt_side), and the cycles that did so (*nside) must answer as
 * the full evaluation does. */
static int run(tc_t *tc, const char *name, const char *const *sets, uint64_t seed, unsigned n, unsigned *nside) {
  l1sys_cfg_t cfg;
  l1d_geom_t g;
  cfg_defaults(&cfg);
  for (; sets && *sets; sets++)
    if (cfg_set(&cfg, *sets, "test")) return 0;
  if (l1d_geom_from_cfg(&cfg, &g)) return 0;
  l1d_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
  pend_t *p = malloc(4096 * sizeof *p);
  if (!a || !b || !c || !p || l1d_init(a, &g) || l1d_init(b, &g) || l1d_init(c, &g)) {
    TC_CHECK(tc, 0, "out of memory");
    return 0;
  }
  l1d_modes_from_cfg(&cfg, &a->in);
  l1d_modes_from_cfg(&cfg, &b->in);
  l1d_modes_from_cfg(&cfg, &c->in);
  l1d_observe(c, 1);
  ls_rng_t r;
  ls_rng_seed(&r, seed);
  const unsigned L = g.line, lw = bits_words(L * 8), foot = 4u * g.sets * g.ways, nid = 1u << g.id_w;
  unsigned np = 0, have = 0, bad = 0, obad = 0, cyc;
  uint64_t busy = 0;
  l1d_in_t *in = &a->in;
  for (cyc = 0; cyc < n && !bad; cyc++) {
    const unsigned phase = (cyc / 2000u) % 3u; /* (busy, bursty, nearly idle stretches) */
    if (!have && ls_below(&r, 100) < (phase == 0 ? 90u : phase == 1 ? 40u : 2u)) {
      const uint32_t line = ls_below(&r, 2) ? (uint32_t)ls_below(&r, 64) : (uint32_t)ls_below(&r, foot);
      in->req_addr_i = line * L + (ls_below(&r, L) & ~3u);
      in->req_store_i = ls_below(&r, 100) < 25;
      in->req_byp_i = ls_below(&r, 100) < 5;
      in->req_id_i = ls_below(&r, nid);
      for (unsigned w = 0; w < lw; w++) in->req_data_i[w] = (uint32_t)ls_rand(&r);
      for (unsigned w = 0; w < bits_words(L); w++) in->req_mask_i[w] = ls_below(&r, 2) ? ~0u : (uint32_t)ls_rand(&r);
      bits_trim(in->req_mask_i, L);
      have = 1;
    }
    in->req_valid_i = have;
    in->mem_req_ready_i = ls_below(&r, 100) < 75;
    in->fill_valid_i = 0;
    for (unsigned i = 0; i < np; i++)
      if (p[i].due <= cyc) { /* (the first due: out of order when latencies differ) */
        in->fill_valid_i = 1;
        in->fill_addr_i = p[i].line;
        in->fill_byp_i = p[i].byp;
        in->fill_id_i = p[i].id;
        for (unsigned w = 0; w < lw; w++) in->fill_data_i[w] = (uint32_t)(p[i].line * 0x9e3779b9u + w);
        busy = i;
        break;
      }
    /* lookups: now and then while busy, often in the stretches that
     * stall or idle (beside a repeat or a quiet cycle), half of them to
     * the lines the requests favour (hits) */
    in->rmt_valid_i = ls_below(&r, 100) < (phase == 0 ? 3u : 30u);
    in->rmt_addr_i = (ls_below(&r, 2) ? (uint32_t)ls_below(&r, 64) : (uint32_t)ls_below(&r, foot)) * L;
    for (l1d_t *x = b; x; x = x == b ? c : NULL) { /* the same inputs (the line ports: each model's own buffers, the same words) */
      l1d_in_t *bi = &x->in;
      uint32_t *rd = bi->req_data_i, *rm = bi->req_mask_i, *fd = bi->fill_data_i;
      *bi = *in;
      bi->req_data_i = rd, bi->req_mask_i = rm, bi->fill_data_i = fd;
      memcpy(bi->req_data_i, in->req_data_i, lw * 4);
      memcpy(bi->req_mask_i, in->req_mask_i, bits_words(L) * 4);
      memcpy(bi->fill_data_i, in->fill_data_i, lw * 4);
    }
    const uint32_t rmt_work = in->rmt_valid_i | a->rmt_v_q;
    l1d_comb(a);
    l1d_comb(c);
    *nside += rmt_work && (a->idle == 1 || a->idle == 2); /* (served beside a repeat or a quiet cycle) */
    obad = obad || !same_out_care(a, c);
    l1d_commit(a);
    l1d_commit(c);
    l1d_step(b);
    bad = !same_out(a, b) || !same_state(a, b) || obad;
    const l1d_out_t *o = &a->out;
    if (have && o->req_ready_o) have = 0;
    if (o->mem_req_valid_o && in->mem_req_ready_i && !o->mem_req_store_o && np < 4096)
      p[np++] = (pend_t){o->mem_req_addr_o, o->mem_req_byp_o, o->mem_req_byp_o ? o->mem_req_id_o : 0,
                         cyc + 20u + ls_below(&r, phase == 0 ? 8u : 200u)};
    if (in->fill_valid_i && o->fill_ready_o) p[busy] = p[--np];
  }
  TC_CHECK(tc, !bad, "%s (seed %llu): the same outputs and state for %u cycles%s", name, (unsigned long long)seed, cyc,
           obad ? " (the observed model's outputs differ)" : "");
  l1d_free(a);
  l1d_free(b);
  l1d_free(c);
  free(a), free(b), free(c), free(p);
  return !bad;
}

int main(void) {
  tc_t t = TC_INIT("l1d_step");
  tc_group_begin(&t, "l1d_step equals l1d_comb + l1d_commit: outputs and state, every cycle");
  static const char *const base[] = {NULL};
  static const char *const w48[] = {"L1D_WAYS=48", "L1D_SETS=4", "L1D_MSHR_ENTRIES=16", "L1D_MISSQ=32", NULL};
  static const char *const onfill[] = {"L1D_WAYS=48", "L1D_SETS=4", "L1D_ALLOC=ON_FILL", "L1D_REPL=FIFO", NULL};
  static const char *const thru[] = {"L1D_WRITE=THROUGH", "L1D_REPL=FIFO", NULL};
  static const char *const sect[] = {"L1D_SECTORS=4", "L1D_WRITE=THROUGH", "L1D_MSHR_MERGE=4", "L1D_MISSQ=8", NULL};
  static const char *const sectev[] = {"L1D_SECTORS=4", "L1D_ALLOC=ON_FILL", NULL};
  static const char *const ba[] = {"L1D_BA=1", "L1D_BA_THRESHOLD=2", "L1D_INDEX=FERMI", NULL};
  static const char *const big[] = {"L1D_MSHR_ENTRIES=128", NULL};
  static const struct { const char *name; const char *const *sets; } cfgs[] = {
      {"default", base}, {"48 ways", w48}, {"48 ways ON_FILL FIFO", onfill}, {"write-through FIFO", thru},
      {"4 sectors write-through", sect}, {"4 sectors ON_FILL", sectev}, {"BA", ba}, {"128 entries", big}};
  unsigned nside = 0;
  for (unsigned i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) run(&t, cfgs[i].name, cfgs[i].sets, 11 + i, 30000, &nside);
  TC_CHECK(&t, nside > 1000, "remote lookups served beside repeated and quiet cycles: %u cycles", nside);
  tc_group_end(&t);
  return tc_done(&t);
}
