/* l1d_ls.c -- lockstep adapter of the L1D controller (csim/l1d.c <->
 * rtl/l1d/l1d.sv).
 *
 * Structural parameters become RTL parameters; policy parameters drive the
 * mode_*_i inputs, constant for the run (docs/l1d.md).
 *
 * Stimulus (reads only the previous cycle's declared inputs and outputs):
 *  - phases of 500..3000 cycles, each with its own address footprint (a few
 *    lines in a few sets, or many lines over all sets), request rate, store
 *    and bypass mix, memory latency and memory back-pressure, so that hits,
 *    hit-reserved merges, misses, BA pseudo-hits and every fail reason occur;
 *  - a request is held, unchanged, until accepted; load ids are unique among
 *    the loads in flight;
 *  - a memory model answers each load sent below with a fill after a random
 *    latency (out of order among due answers), applies stores to its image,
 *    and holds a presented fill until the cache takes it;
 *  - random remote lookups.
 * Scoreboard: every accepted load gets exactly one response (no duplicate,
 * no spurious id), none waits longer than LOST_CYCLES. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "l1d.h"
#include "l1d_index.h"
#include "ls.h"

#define MEM_LINES 8192u /* the memory model's address space, in lines */
#define MAXPEND 2048u
#define MAXFOOT 160u
#define LOST_CYCLES 200000ull

typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

typedef struct {
  l1d_t m;
  /* phase */
  unsigned req_pct, st_pct, byp_pct, rmt_pct, rdy_pct, fill_pct, lat_min, lat_span, full_mask_pct;
  uint32_t foot[MAXFOOT];
  unsigned nfoot;
  /* stimulus view of the ids in flight (from previous outputs) */
  uint8_t *busy;
  unsigned nid;
  /* memory model */
  uint8_t *mem;
  pend_t pend[MAXPEND];
  unsigned npend;
  int fill_cur; /* index into pend of the presented fill, or -1 */
  /* scoreboard (C side, after each cycle) */
  uint8_t *out_flag;
  uint64_t *out_since;
  uint64_t loads_acc, rsps;
  unsigned max_pend_seen;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  l1d_geom_t g;
  if (l1d_geom_from_cfg(cfg, &g)) return NULL;
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (l1d_init(&c->m, &g)) { free(c); return NULL; }
  l1d_modes_from_cfg(cfg, &c->m.in);
  c->nid = 1u << g.id_w;
  c->busy = calloc(c->nid, 1);
  c->out_flag = calloc(c->nid, 1);
  c->out_since = calloc(c->nid, sizeof(uint64_t));
  c->mem = malloc((size_t)MEM_LINES * g.line);
  if (!c->busy || !c->out_flag || !c->out_since || !c->mem) {
    l1d_free(&c->m);
    free(c->busy); free(c->out_flag); free(c->out_since); free(c->mem); free(c);
    return NULL;
  }
  /* initial memory image: a fixed pattern, so every line's bytes differ */
  for (size_t i = 0; i < (size_t)MEM_LINES * g.line; i++) c->mem[i] = (uint8_t)(i * 2654435761u >> 13);
  c->fill_cur = -1;
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  l1d_free(&c->m);
  free(c->busy); free(c->out_flag); free(c->out_since); free(c->mem);
  free(c);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  l1d_t *m = &c->m;
  l1d_in_t *in = &m->in;
  l1d_out_t *o = &m->out;
  const l1d_geom_t *g = &m->g;
  ls_param(mp, "Sets", g->sets);
  ls_param(mp, "Ways", g->ways);
  ls_param(mp, "Line", g->line);
  ls_param(mp, "Entries", g->entries);
  ls_param(mp, "Merge", g->merge);
  ls_param(mp, "MissQ", g->missq);
  ls_param(mp, "AddrW", g->addr_w);
  ls_param(mp, "IdW", g->id_w);
  ls_input(mp, "mode_repl_i", 1, &in->mode_repl_i);
  ls_input(mp, "mode_wr_i", 1, &in->mode_wr_i);
  ls_input(mp, "mode_alloc_i", 1, &in->mode_alloc_i);
  ls_input(mp, "mode_hash_i", 1, &in->mode_hash_i);
  ls_input(mp, "mode_ba_i", 1, &in->mode_ba_i);
  ls_input(mp, "mode_ba_thr_i", 8, &in->mode_ba_thr_i);
  ls_input(mp, "req_valid_i", 1, &in->req_valid_i);
  ls_input(mp, "req_addr_i", g->addr_w, &in->req_addr_i);
  ls_input(mp, "req_store_i", 1, &in->req_store_i);
  ls_input(mp, "req_byp_i", 1, &in->req_byp_i);
  ls_input(mp, "req_id_i", g->id_w, &in->req_id_i);
  ls_input(mp, "req_data_i", m->lbits, in->req_data_i);
  ls_input(mp, "req_mask_i", g->line, in->req_mask_i);
  ls_input(mp, "mem_req_ready_i", 1, &in->mem_req_ready_i);
  ls_input(mp, "fill_valid_i", 1, &in->fill_valid_i);
  ls_input(mp, "fill_addr_i", m->law, &in->fill_addr_i);
  ls_input(mp, "fill_byp_i", 1, &in->fill_byp_i);
  ls_input(mp, "fill_id_i", g->id_w, &in->fill_id_i);
  ls_input(mp, "fill_data_i", m->lbits, in->fill_data_i);
  ls_input(mp, "rmt_valid_i", 1, &in->rmt_valid_i);
  ls_input(mp, "rmt_addr_i", g->addr_w, &in->rmt_addr_i);
  ls_output(mp, "req_ready_o", 1, &o->req_ready_o);
  ls_output(mp, "req_outcome_o", 2, &o->req_outcome_o);
  ls_output(mp, "req_fail_o", 3, &o->req_fail_o);
  ls_output(mp, "rsp_valid_o", 1, &o->rsp_valid_o);
  ls_output(mp, "rsp_id_o", g->id_w, &o->rsp_id_o);
  ls_output(mp, "rsp_data_o", m->lbits, o->rsp_data_o);
  ls_output(mp, "mem_req_valid_o", 1, &o->mem_req_valid_o);
  ls_output(mp, "mem_req_store_o", 1, &o->mem_req_store_o);
  ls_output(mp, "mem_req_byp_o", 1, &o->mem_req_byp_o);
  ls_output(mp, "mem_req_id_o", g->id_w, &o->mem_req_id_o);
  ls_output(mp, "mem_req_addr_o", m->law, &o->mem_req_addr_o);
  ls_output(mp, "mem_req_mask_o", g->line, o->mem_req_mask_o);
  ls_output(mp, "mem_req_data_o", m->lbits, o->mem_req_data_o);
  ls_output(mp, "fill_ready_o", 1, &o->fill_ready_o);
  ls_output(mp, "rmt_hit_o", 1, &o->rmt_hit_o);
  ls_output(mp, "rmt_data_o", m->lbits, o->rmt_data_o);
  ls_output(mp, "ev_access_o", 1, &o->ev_access_o);
  ls_output(mp, "ev_hit_o", 1, &o->ev_hit_o);
  ls_output(mp, "ev_hitres_o", 1, &o->ev_hitres_o);
  ls_output(mp, "ev_miss_o", 1, &o->ev_miss_o);
  ls_output(mp, "ev_stall_o", 1, &o->ev_stall_o);
  ls_output(mp, "ev_byp_o", 1, &o->ev_byp_o);
  ls_output(mp, "ev_pseudo_o", 1, &o->ev_pseudo_o);
  ls_output(mp, "ev_fill_o", 1, &o->ev_fill_o);
  /* state map: every register of l1d.sv and its sub-instances */
  ls_reg(mp, "valid_q", m->valid_q.width, m->valid_q.q);
  ls_reg(mp, "rsv_q", m->rsv_q.width, m->rsv_q.q);
  ls_reg(mp, "byp_q", m->byp_q.width, m->byp_q.q);
  ls_reg(mp, "reuse_q", m->reuse_q.width, m->reuse_q.q);
  ls_reg(mp, "rank_q", m->rank_q.width, m->rank_q.q);
  ls_reg(mp, "mshr_valid_q", m->mshr_valid_q.width, m->mshr_valid_q.q);
  ls_reg(mp, "mshr_rdy_q", m->mshr_rdy_q.width, m->mshr_rdy_q.q);
  ls_reg(mp, "mshr_addr_q", m->mshr_addr_q.width, m->mshr_addr_q.q);
  ls_reg(mp, "mshr_way_q", m->mshr_way_q.width, m->mshr_way_q.q);
  ls_reg(mp, "mshr_cnt_q", m->mshr_cnt_q.width, m->mshr_cnt_q.q);
  ls_reg_array(mp, "mshr_ids_q", g->merge * g->id_w, g->entries, m->mshr_ids_q.q,
               bits_words(g->merge * g->id_w) * sizeof(uint32_t));
  for (int i = 0; i < L1D_NCNT; i++) ls_reg(mp, l1d_cnt_name[i], 32, &m->cnt_q[i]);
  ls_fifo(mp, "i_missq", &m->i_missq);
  ls_mem(mp, "i_tags", &m->i_tags);
  ls_mem(mp, "i_tags_rmt", &m->i_tags_rmt);
  ls_mem(mp, "i_data", &m->i_data);
  ls_mem(mp, "i_data_rmt", &m->i_data_rmt);
  /* readable reports and waveforms (tb/ls_annot.c): which set/way or MSHR
   * entry a bit field is, and enum names from csim/params*.def */
  char sw[32];
  snprintf(sw, sizeof sw, "set,way:%u", g->ways);
  ls_index(mp, "valid_q", 1, sw);
  ls_index(mp, "rsv_q", 1, sw);
  ls_index(mp, "byp_q", 1, sw);
  ls_index(mp, "reuse_q", 1, sw);
  ls_index(mp, "rank_q", m->rankw, sw);
  ls_index(mp, "mshr_valid_q", 1, "entry");
  ls_index(mp, "mshr_rdy_q", 1, "entry");
  ls_index(mp, "mshr_addr_q", m->law, "entry");
  ls_index(mp, "mshr_way_q", m->wayw, "entry");
  ls_index(mp, "mshr_cnt_q", m->cntw, "entry");
  ls_index(mp, "mshr_ids_q", 0, "entry");
  ls_enum(mp, "req_outcome_o", "L1D_OUT");
  ls_enum(mp, "req_fail_o", "L1D_FAIL");
  ls_enum(mp, "mode_repl_i", "L1D_REPL");
  ls_enum(mp, "mode_wr_i", "L1D_WRITE");
  ls_enum(mp, "mode_alloc_i", "L1D_ALLOC");
  ls_enum(mp, "mode_hash_i", "L1D_INDEX");
}

static void reset(void *p) { l1d_reset(&((ctx_t *)p)->m); }

static void new_phase(ctx_t *c, ls_rng_t *r) {
  const l1d_t *m = &c->m;
  unsigned sets = m->g.sets, ways = m->g.ways;
  static const unsigned lat_min[] = {2, 5, 20, 60, 150};
  unsigned kind = ls_below(r, 5);
  c->req_pct = 30 + ls_below(r, 71);
  c->st_pct = ls_chance(r, 25) ? 0 : ls_below(r, 45);
  c->byp_pct = ls_chance(r, 50) ? 0 : ls_below(r, 30);
  c->rmt_pct = ls_below(r, 60);
  c->rdy_pct = ls_chance(r, 30) ? 10 + ls_below(r, 40) : 60 + ls_below(r, 41);
  c->fill_pct = 50 + ls_below(r, 51);
  c->lat_min = lat_min[ls_below(r, 5)];
  c->lat_span = 1 + ls_below(r, 40);
  c->full_mask_pct = ls_below(r, 100);
  /* footprint: kind 0 one line (merges, merge fails), 1 a few sets with
   * ways-ish lines (hits, LRU order), 2 one or two sets with more lines than
   * ways (associativity stalls, BA), 3 many lines everywhere (MSHR full),
   * 4 medium */
  unsigned nset = kind == 0 ? 1 : kind == 1 ? 1 + ls_below(r, 4) : kind == 2 ? 1 + ls_below(r, 2) : sets;
  unsigned per = kind == 0 ? 1 : kind == 1 ? 1 + ls_below(r, ways + 1) : kind == 2 ? ways + 1 + ls_below(r, ways + 3)
                                                                      : kind == 3 ? 2 + ls_below(r, 4) : 1 + ls_below(r, 2);
  if (nset > sets) nset = sets;
  uint32_t chosen[8];
  for (unsigned i = 0; i < nset && i < 8; i++) chosen[i] = ls_below(r, sets);
  unsigned want = nset * per;
  if (want > MAXFOOT) want = MAXFOOT;
  c->nfoot = 0;
  for (unsigned tries = 0; c->nfoot < want && tries < 200000; tries++) {
    uint32_t line = ls_below(r, MEM_LINES);
    uint32_t s = l1d_index(line << m->offw, m->offw, sets, m->in.mode_hash_i);
    int ok = nset >= sets || nset > 8;
    for (unsigned i = 0; i < nset && i < 8 && !ok; i++) ok = chosen[i] == s;
    for (unsigned i = 0; i < c->nfoot && ok; i++) ok = c->foot[i] != line;
    if (ok) c->foot[c->nfoot++] = line;
  }
  if (!c->nfoot) c->foot[c->nfoot++] = ls_below(r, MEM_LINES);
}

static void mem_store(ctx_t *c) {
  const l1d_out_t *o = &c->m.out;
  unsigned L = c->m.g.line;
  uint8_t *row = c->mem + (size_t)(o->mem_req_addr_o % MEM_LINES) * L;
  for (unsigned b = 0; b < L; b++)
    if (bits_test(o->mem_req_mask_o, b)) row[b] = (uint8_t)bits_get(o->mem_req_data_o, b * 8, 8);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  l1d_t *m = &c->m;
  l1d_in_t *in = &m->in;
  const l1d_out_t *o = &m->out;
  unsigned L = m->g.line;

  /* ---- what happened last cycle ---- */
  int hold = 0;
  if (cycle > 0) {
    if (in->req_valid_i && o->req_ready_o) {
      if (!in->req_store_i) c->busy[in->req_id_i] = 1;
    } else if (in->req_valid_i) {
      hold = 1;
    }
    if (o->rsp_valid_o) c->busy[o->rsp_id_o] = 0;
    if (o->mem_req_valid_o && in->mem_req_ready_i) {
      if (o->mem_req_store_o) {
        mem_store(c);
      } else if (c->npend < MAXPEND) {
        pend_t *q = &c->pend[c->npend++];
        q->line = o->mem_req_addr_o;
        q->byp = o->mem_req_byp_o;
        q->id = o->mem_req_id_o;
        q->due = cycle + c->lat_min + ls_below(r, c->lat_span);
      }
    }
    if (in->fill_valid_i && o->fill_ready_o && c->fill_cur >= 0) {
      c->pend[c->fill_cur] = c->pend[--c->npend];
      c->fill_cur = -1;
    }
  }
  if (c->npend > c->max_pend_seen) c->max_pend_seen = c->npend;

  if (cycle % 2048 == 0) new_phase(c, r);

  /* ---- memory side ---- */
  in->mem_req_ready_i = c->npend + 4 < MAXPEND && ls_chance(r, c->rdy_pct);
  if (c->fill_cur < 0 && c->npend && ls_chance(r, c->fill_pct)) {
    unsigned start = ls_below(r, c->npend);
    for (unsigned k = 0; k < c->npend; k++) {
      unsigned i = (start + k) % c->npend;
      if (c->pend[i].due <= cycle) { c->fill_cur = (int)i; break; }
    }
    if (c->fill_cur >= 0) { /* data as memory holds it now */
      const pend_t *q = &c->pend[c->fill_cur];
      const uint8_t *row = c->mem + (size_t)(q->line % MEM_LINES) * L;
      memset(in->fill_data_i, 0, m->lwords * 4);
      for (unsigned b = 0; b < L; b++) bits_set(in->fill_data_i, b * 8, 8, row[b]);
      in->fill_addr_i = q->line;
      in->fill_byp_i = q->byp;
      in->fill_id_i = q->byp ? q->id : 0;
    }
  }
  in->fill_valid_i = c->fill_cur >= 0;

  /* ---- request ---- */
  if (!hold) {
    in->req_valid_i = 0;
    if (ls_chance(r, c->req_pct)) {
      uint32_t line = c->foot[ls_below(r, c->nfoot)];
      in->req_addr_i = line * L + ls_below(r, L);
      in->req_store_i = ls_chance(r, c->st_pct);
      in->req_byp_i = ls_chance(r, c->byp_pct);
      in->req_valid_i = 1;
      if (in->req_store_i) {
        in->req_id_i = ls_below(r, c->nid);
        ls_rand_bits(r, in->req_data_i, m->lbits);
        if (ls_chance(r, c->full_mask_pct)) {
          for (unsigned b = 0; b < L; b++) bits_set(in->req_mask_i, b, 1, 1);
        } else {
          ls_rand_bits(r, in->req_mask_i, L);
        }
      } else {
        uint32_t id = ls_below(r, c->nid), k;
        for (k = 0; k < c->nid && c->busy[(id + k) % c->nid]; k++) {}
        if (k == c->nid) in->req_valid_i = 0; /* every id in flight: wait */
        in->req_id_i = (id + k) % c->nid;
      }
    }
  }

  /* ---- remote lookups ---- */
  in->rmt_valid_i = ls_chance(r, c->rmt_pct);
  in->rmt_addr_i = c->foot[ls_below(r, c->nfoot)] * L + ls_below(r, L);
}

static void comb(void *p) { l1d_comb(&((ctx_t *)p)->m); }
static void commit(void *p) { l1d_commit(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const l1d_in_t *in = &c->m.in;
  const l1d_out_t *o = &c->m.out;
  if (in->req_valid_i && o->req_ready_o && !in->req_store_i) {
    if (c->out_flag[in->req_id_i]) {
      snprintf(msg, n, "load id %u accepted while a load with that id is in flight", in->req_id_i);
      return 1;
    }
    c->out_flag[in->req_id_i] = 1;
    c->out_since[in->req_id_i] = cycle;
    c->loads_acc++;
  }
  if (o->rsp_valid_o) {
    if (!c->out_flag[o->rsp_id_o]) {
      snprintf(msg, n, "response for id %u, which has no load in flight (duplicate or spurious)", o->rsp_id_o);
      return 1;
    }
    c->out_flag[o->rsp_id_o] = 0;
    c->rsps++;
  }
  if (in->req_valid_i && o->req_ready_o != (o->req_fail_o == L1D_FAIL_NONE)) {
    snprintf(msg, n, "req_ready_o=%u disagrees with req_fail_o=%u", o->req_ready_o, o->req_fail_o);
    return 1;
  }
  if (cycle % 4096 == 0)
    for (unsigned i = 0; i < c->nid; i++)
      if (c->out_flag[i] && cycle - c->out_since[i] > LOST_CYCLES) {
        snprintf(msg, n, "load id %u accepted at cycle %llu never answered (lost)", i,
                 (unsigned long long)c->out_since[i]);
        return 1;
      }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "l1d counters:");
  for (int i = 0; i < L1D_NCNT; i++) {
    const char *nm = l1d_cnt_name[i];
    fprintf(f, " %.*s=%u", (int)(strlen(nm) - 6), nm + 4, c->m.cnt_q[i]);
  }
  fprintf(f, "\nl1d scoreboard: loads accepted %llu, responses %llu, in flight %llu, peak memory backlog %u\n",
          (unsigned long long)c->loads_acc, (unsigned long long)c->rsps,
          (unsigned long long)(c->loads_acc - c->rsps), c->max_pend_seen);
}

const ls_block_t ls_block_l1d = {
    .name = "l1d",
    .rtl_module = "l1d",
    .rtl_files = "prim/mem_1r1w.sv prim/fifo_sync.sv prim/prio_enc.sv l1d/l1d_index.sv l1d/l1d_victim.sv l1d/l1d.sv",
    .help = "L1D controller (L1D_* parameters; policies are mode inputs)",
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
