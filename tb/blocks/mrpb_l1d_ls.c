/* mrpb_l1d_ls.c -- lockstep adapter of the MRPB + L1D composite
 * (rtl/mrpb/mrpb_l1d.sv <-> csim/mrpb/mrpb_l1d.c): both blocks joined, every
 * register of both in the state map (the MRPB's under "i_mrpb.", the L1D's
 * under "i_l1d.").
 *
 * Modes: the L1D's from the configuration, constant; the MRPB's, with
 * MRPB_MODE_SWEEP=1, walk the six bypass x single-slot combinations (drain,
 * greedy and flush drawn at random for each period), MRPB_SWEEP_PERIOD
 * cycles each, changed only at the MRPB's quiet points.
 *
 * Stimulus (previous cycle's inputs and outputs only): phases of 2048
 * cycles -- atax-like warps (32 loads of one warp to 32 lines of one set:
 * the intra-warp associativity stalls of the MRPB paper), random footprints with
 * stores, hot lines (merges) -- a memory model answering loads after a
 * random latency out of order, back-pressure on the memory port, random
 * remote lookups and rare barriers.  Load ids are unique among loads in
 * flight; every don't-care field carries fresh random values.  The MRPB sees
 * only what the real L1D produces.
 * With a sectored L1D (L1D_SECTORS > 1) the requests are a coalescer's: one
 * sector each (a load's address names it, a store's byte mask stays within
 * it); the memory and fill ports carry atom addresses ({line, sector}), a
 * fill brings its sector's bytes from memory and fresh random values in the
 * line's other bytes (which the L1D must not take).
 * Scoreboard: every accepted load answered exactly once, none lost; every
 * load the L1D sends to memory names the atom (line, or line and sector) of
 * a load in flight; a
 * bypass is flagged only after a refusal for a resource (never NONE or
 * PORT_BUSY).  Bypass on stall is the L1D's decide stage's (mode_sbyp_i =
 * the MRPB's mode_bypass_i; the MRPB's l1d_fail_i is tied to NONE): a
 * conversion is seen as a step of the L1D's cnt_sbyp_q, checked against the
 * fail code of that cycle, and the MRPB itself must never flag one. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "blocks/l1d_ls_state.h"
#include "blocks/mrpb_ls.h"
#include "l1d_index.h"
#include "ls.h"
#include "mrpb_l1d.h"

#define MEM_LINES 8192u
#define MAXPEND 2048u
#define MAXFOOT 160u
#define LOST_CYCLES 200000ull
#define NCOMBO 6 /* bypass (3) x single slot (2) */

typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

typedef struct {
  mrpb_l1d_t c;
  unsigned sweep, period, nid;
  mrpb_in_t cfg_mode;
  unsigned combo, pending_combo, quiesce;
  uint64_t combo_cycles[NCOMBO];
  /* phase */
  unsigned kind, req_pct, st_pct, rdy_pct, fill_pct, lat_min, lat_span, rmt_pct, barrier_pm;
  uint32_t foot[MAXFOOT];
  unsigned nfoot;
  /* atax-like warp in progress */
  unsigned aw_wid, aw_lane, aw_col;
  uint32_t aw_base;
  unsigned cur_wid, burst;
  /* ids in flight (stimulus view) */
  uint8_t *busy;
  /* memory model */
  uint8_t *mem;
  pend_t pend[MAXPEND];
  unsigned npend;
  int fill_cur;
  /* scoreboard */
  uint8_t *out_flag;
  uint64_t *out_since;
  uint32_t *out_atom; /* the atom address of the load in flight with that id */
  uint64_t mem_loads, mem_loads_by_sect[8];
  uint64_t loads_acc, rsps, n_byp, n_pb_load_refusals, byp_by_mode[3];
  uint32_t last_sbyp;   /* the L1D's cnt_sbyp_q after the last edge */
  int d_load_nobyp;     /* the L1D's decide stage holds a load that is not a bypass (after the last edge) */
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  x->cfg = cfg;
  if (mrpb_l1d_init_cfg(&x->c, cfg)) { free(x); return NULL; }
  x->sweep = (unsigned)CFG(cfg, MRPB_MODE_SWEEP);
  x->period = (unsigned)CFG(cfg, MRPB_SWEEP_PERIOD);
  mrpb_mode_from_cfg(&x->cfg_mode, cfg);
  x->nid = 1u << x->c.id_w;
  x->busy = calloc(x->nid, 1);
  x->out_flag = calloc(x->nid, 1);
  x->out_since = calloc(x->nid, sizeof(uint64_t));
  x->out_atom = calloc(x->nid, sizeof(uint32_t));
  x->mem = malloc((size_t)MEM_LINES * x->c.line);
  if (!x->busy || !x->out_flag || !x->out_since || !x->out_atom || !x->mem) {
    mrpb_l1d_free(&x->c);
    free(x->busy); free(x->out_flag); free(x->out_since); free(x->out_atom); free(x->mem); free(x);
    return NULL;
  }
  for (size_t i = 0; i < (size_t)MEM_LINES * x->c.line; i++) x->mem[i] = (uint8_t)(i * 2654435761u >> 13);
  x->fill_cur = -1;
  return x;
}

static void destroy(void *p) {
  ctx_t *x = p;
  mrpb_l1d_free(&x->c);
  free(x->busy); free(x->out_flag); free(x->out_since); free(x->out_atom); free(x->mem);
  free(x);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *x = p;
  mrpb_l1d_t *c = &x->c;
  const mrpb_t *m = &c->i_mrpb;
  l1d_t *l = &c->i_l1d;
  const l1d_geom_t *g = &l->g;
  ls_param(mp, "Sig", m->sig);
  ls_param(mp, "QEntries", m->entries);
  ls_param(mp, "Latency", m->latency);
  ls_param(mp, "CntW", m->cnt_w);
  ls_param_set(mp, x->cfg, "L1D", "", NULL);
  ls_input(mp, "mode_drain_i", 2, &c->min.mode_drain_i);
  ls_input(mp, "mode_greedy_i", 1, &c->min.mode_greedy_i);
  ls_input(mp, "mode_flush_i", 1, &c->min.mode_flush_i);
  ls_input(mp, "mode_bypass_i", 2, &c->min.mode_bypass_i);
  ls_input(mp, "mode_slot_i", 1, &c->min.mode_slot_i);
  ls_input(mp, "mode_repl_i", 1, &l->in.mode_repl_i);
  ls_input(mp, "mode_wr_i", 1, &l->in.mode_wr_i);
  ls_input(mp, "mode_alloc_i", 1, &l->in.mode_alloc_i);
  ls_input(mp, "mode_hash_i", 2, &l->in.mode_hash_i);
  ls_input(mp, "mode_ba_i", 1, &l->in.mode_ba_i);
  ls_input(mp, "mode_ba_thr_i", 8, &l->in.mode_ba_thr_i);
  ls_input(mp, "enq_valid_i", 1, &c->min.enq_valid_i);
  ls_input(mp, "enq_wid_i", m->wid_w, &c->min.enq_wid_i);
  ls_input(mp, "enq_bid_i", m->bid_w, &c->min.enq_bid_i);
  ls_input(mp, "enq_bwid_i", m->bwid_w, &c->min.enq_bwid_i);
  ls_input(mp, "enq_store_i", 1, &c->min.enq_store_i);
  ls_input(mp, "enq_addr_i", g->addr_w, &c->in.enq_addr_i);
  ls_input(mp, "enq_id_i", g->id_w, &c->in.enq_id_i);
  ls_input(mp, "enq_data_i", l->lbits, c->in.enq_data_i);
  ls_input(mp, "enq_mask_i", g->line, c->in.enq_mask_i);
  ls_input(mp, "barrier_i", 1, &c->min.barrier_i);
  ls_input(mp, "stat_sel_i", 5, &c->min.stat_sel_i);
  ls_input(mp, "mem_req_ready_i", 1, &l->in.mem_req_ready_i);
  ls_input(mp, "fill_valid_i", 1, &l->in.fill_valid_i);
  ls_input(mp, "fill_addr_i", l->aw, &l->in.fill_addr_i); /* an atom address */
  ls_input(mp, "fill_byp_i", 1, &l->in.fill_byp_i);
  ls_input(mp, "fill_id_i", g->id_w, &l->in.fill_id_i);
  ls_input(mp, "fill_data_i", l->lbits, l->in.fill_data_i);
  ls_input(mp, "rmt_valid_i", 1, &l->in.rmt_valid_i);
  ls_input(mp, "rmt_addr_i", g->addr_w, &l->in.rmt_addr_i);
  ls_output(mp, "enq_ready_o", 1, &c->mout.enq_ready_o);
  ls_output(mp, "idle_o", 1, &c->mout.idle_o);
  ls_output(mp, "stat_data_o", m->cnt_w, &c->mout.stat_data_o);
  ls_output(mp, "l1d_req_valid_o", 1, &c->out.l1d_req_valid_o);
  ls_output(mp, "l1d_req_byp_o", 1, &c->out.l1d_req_byp_o);
  ls_output(mp, "l1d_req_ready_o", 1, &c->out.l1d_req_ready_o);
  ls_output(mp, "l1d_dec_valid_o", 1, &c->out.l1d_dec_valid_o);
  ls_output(mp, "l1d_req_outcome_o", 3, &c->out.l1d_req_outcome_o);
  ls_output(mp, "l1d_req_fail_o", 3, &c->out.l1d_req_fail_o);
  l1d_ls_declare_outputs(mp, l);
  /* state map: every register of both */
  mrpb_ls_declare_state(mp, "i_mrpb.", m);
  l1d_ls_declare_state(mp, "i_l1d.", l);
}

static void reset(void *p) {
  ctx_t *x = p;
  mrpb_l1d_reset(&x->c);
  memset(x->out_flag, 0, x->nid);
  memset(x->busy, 0, x->nid);
  x->loads_acc = x->rsps = 0;
  x->quiesce = 0;
  x->last_sbyp = 0;
  x->d_load_nobyp = 0;
}

static void set_mode(ctx_t *x, unsigned combo, ls_rng_t *r) {
  mrpb_in_t *in = &x->c.min;
  if (x->sweep) {
    in->mode_bypass_i = combo % 3;
    in->mode_slot_i = combo / 3;
    in->mode_drain_i = ls_below(r, 3);
    in->mode_greedy_i = ls_below(r, 2);
    in->mode_flush_i = ls_below(r, 2);
  } else {
    in->mode_drain_i = x->cfg_mode.mode_drain_i;
    in->mode_greedy_i = x->cfg_mode.mode_greedy_i;
    in->mode_flush_i = x->cfg_mode.mode_flush_i;
    in->mode_bypass_i = x->cfg_mode.mode_bypass_i;
    in->mode_slot_i = x->cfg_mode.mode_slot_i;
  }
  x->combo = in->mode_slot_i * 3 + (in->mode_bypass_i % 3);
}

/* Phase kinds: 0 atax-like (a warp's 32 loads to 32 lines of one set,
 * consecutive columns reuse the lines), 1 one or two sets over-subscribed
 * by many warps, 2 random footprint with stores, 3 a few hot lines
 * (merges, merge fails), 4 many lines everywhere (MSHR and miss queue
 * full). */
static void new_phase(ctx_t *x, ls_rng_t *r) {
  const l1d_t *l = &x->c.i_l1d;
  unsigned sets = l->g.sets, ways = l->g.ways;
  static const unsigned lat_min[] = {2, 5, 20, 60, 150};
  x->kind = ls_below(r, 5);
  x->req_pct = 40 + ls_below(r, 61);
  x->st_pct = x->kind == 0 ? 0 : ls_chance(r, 30) ? 0 : ls_below(r, 40);
  x->rdy_pct = ls_chance(r, 30) ? 10 + ls_below(r, 40) : 60 + ls_below(r, 41);
  x->fill_pct = 50 + ls_below(r, 51);
  x->lat_min = lat_min[ls_below(r, 5)];
  x->lat_span = 1 + ls_below(r, 40);
  x->rmt_pct = ls_below(r, 40);
  x->barrier_pm = ls_chance(r, 70) ? 0 : 5;
  unsigned nset = x->kind == 1 ? 1 + ls_below(r, 2) : x->kind == 3 ? 1 : sets;
  unsigned want = x->kind == 1 ? nset * (ways + 2 + ls_below(r, 2 * ways + 2)) : x->kind == 3 ? 1 + ls_below(r, 3)
                : x->kind == 4 ? MAXFOOT : 8 + ls_below(r, 64);
  if (want > MAXFOOT) want = MAXFOOT;
  uint32_t chosen[2] = {ls_below(r, sets), ls_below(r, sets)};
  x->nfoot = 0;
  for (unsigned tries = 0; x->nfoot < want && tries < 200000; tries++) {
    uint32_t line = ls_below(r, MEM_LINES);
    uint32_t s = l1d_index(line << l->offw, l->offw, sets, l->in.mode_hash_i); /* fault-guard-ok: stimulus */
    int ok = x->kind != 1 || s == chosen[0] || (nset > 1 && s == chosen[1]);
    for (unsigned i = 0; i < x->nfoot && ok; i++) ok = x->foot[i] != line;
    if (ok) x->foot[x->nfoot++] = line;
  }
  if (!x->nfoot) x->foot[x->nfoot++] = ls_below(r, MEM_LINES);
}

static void mem_store(ctx_t *x) {
  const l1d_out_t *o = &x->c.i_l1d.out;
  unsigned L = x->c.line;
  uint8_t *row = x->mem + (size_t)((o->mem_req_addr_o >> x->c.i_l1d.sectw) % MEM_LINES) * L; /* an atom address */
  for (unsigned b = 0; b < L; b++)
    if (bits_test(o->mem_req_mask_o, b)) row[b] = (uint8_t)bits_get(o->mem_req_data_o, b * 8, 8);
}

/* A request's address: atax-like (the lane's row, 4 KB..16 KB apart: the
 * same set under the linear index) or from the phase's footprint. */
static uint32_t next_addr(ctx_t *x, ls_rng_t *r, unsigned *wid) {
  const l1d_t *l = &x->c.i_l1d;
  unsigned L = l->g.line, span = l->g.sets * L; /* bytes between lines of one set */
  if (x->kind == 0) {
    if (x->aw_lane == 0) {
      if (x->aw_col == 0 || ls_chance(r, 3)) {
        x->aw_base = ls_below(r, MEM_LINES / 64) * L;
        x->aw_col = 0;
      }
      x->aw_wid = ls_below(r, MRPB_WARPS);
    }
    uint32_t a = x->aw_base + x->aw_lane * span * (1 + (x->aw_base / L) % 4) + x->aw_col * 4;
    *wid = x->aw_wid;
    if (++x->aw_lane == 32) { x->aw_lane = 0; x->aw_col = (x->aw_col + 1) % (L / 4); }
    return a % (MEM_LINES * L);
  }
  if (!x->burst) { x->cur_wid = ls_below(r, MRPB_WARPS); x->burst = 1 + ls_below(r, 16); }
  x->burst--;
  *wid = x->cur_wid;
  return x->foot[ls_below(r, x->nfoot)] * L + ls_below(r, L);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *x = p;
  mrpb_l1d_t *c = &x->c;
  l1d_t *l = &c->i_l1d;
  l1d_in_t *li = &l->in;
  const l1d_out_t *o = &l->out;
  mrpb_in_t *mi = &c->min;
  unsigned L = l->g.line;

  int hold = 0;
  if (cycle > 0) {
    if (mi->enq_valid_i && c->mout.enq_ready_o) {
      if (!mi->enq_store_i) x->busy[c->in.enq_id_i] = 1;
    } else if (mi->enq_valid_i) {
      hold = 1;
    }
    if (o->rsp_valid_o) x->busy[o->rsp_id_o] = 0;
    if (o->mem_req_valid_o && li->mem_req_ready_i) {
      if (o->mem_req_store_o) mem_store(x);
      else if (x->npend < MAXPEND) {
        pend_t *q = &x->pend[x->npend++];
        q->line = o->mem_req_addr_o;
        q->byp = o->mem_req_byp_o;
        q->id = o->mem_req_id_o;
        q->due = cycle + x->lat_min + ls_below(r, x->lat_span);
      }
    }
    if (li->fill_valid_i && o->fill_ready_o && x->fill_cur >= 0) {
      x->pend[x->fill_cur] = x->pend[--x->npend];
      x->fill_cur = -1;
    }
  }

  if (cycle == 0) {
    set_mode(x, 0, r);
    hold = 0;
  } else if (x->sweep && cycle % x->period == 0) {
    x->pending_combo = (unsigned)((cycle / x->period) % NCOMBO);
    x->quiesce = 1;
  }
  if (x->quiesce && !mi->enq_valid_i && c->mout.idle_o) {
    set_mode(x, x->pending_combo, r);
    x->quiesce = 0;
  }
  x->combo_cycles[x->combo]++;
  if (cycle % 2048 == 0) new_phase(x, r);

  /* memory side */
  li->mem_req_ready_i = x->npend + 4 < MAXPEND && ls_chance(r, x->rdy_pct);
  if (x->fill_cur < 0 && x->npend && ls_chance(r, x->fill_pct)) {
    unsigned start = ls_below(r, x->npend);
    for (unsigned k = 0; k < x->npend; k++) {
      unsigned i = (start + k) % x->npend;
      if (x->pend[i].due <= cycle) { x->fill_cur = (int)i; break; }
    }
    if (x->fill_cur >= 0) {
      const pend_t *q = &x->pend[x->fill_cur];
      const uint8_t *row = x->mem + (size_t)((q->line >> l->sectw) % MEM_LINES) * L; /* q->line: an atom */
      for (unsigned b = 0; b < L; b++) bits_set(li->fill_data_i, b * 8, 8, row[b]);
      if (l->g.sectors > 1) { /* the bytes of the other sectors: fresh values, the L1D must not take them */
        unsigned s0 = (q->line & (l->g.sectors - 1u)) * l->sbytes;
        for (unsigned b = 0; b < L; b++)
          if (b < s0 || b >= s0 + l->sbytes) bits_set(li->fill_data_i, b * 8, 8, (uint32_t)ls_below(r, 256));
      }
      li->fill_addr_i = q->line;
      li->fill_byp_i = q->byp;
      li->fill_id_i = q->byp ? q->id : 0;
    }
  }
  li->fill_valid_i = x->fill_cur >= 0;
  if (!li->fill_valid_i) { /* don't-care fields: fresh values */
    ls_rand_bits(r, li->fill_data_i, l->lbits);
    li->fill_addr_i = ls_below(r, MEM_LINES << l->sectw);
    li->fill_byp_i = ls_below(r, 2);
    li->fill_id_i = ls_below(r, x->nid);
  }

  /* LD/ST side */
  if (!hold) {
    mi->enq_valid_i = 0;
    unsigned wid = 0;
    if (!x->quiesce && ls_chance(r, x->req_pct)) {
      uint32_t a = next_addr(x, r, &wid);
      mi->enq_valid_i = 1;
      mi->enq_wid_i = wid;
      mi->enq_bid_i = wid / 8;
      mi->enq_bwid_i = wid % 8;
      mi->enq_store_i = ls_chance(r, x->st_pct);
      c->in.enq_addr_i = a;
      if (mi->enq_store_i) {
        c->in.enq_id_i = ls_below(r, x->nid);
        ls_rand_bits(r, c->in.enq_data_i, l->lbits);
        if (ls_chance(r, 50)) for (unsigned b = 0; b < L; b++) bits_set(c->in.enq_mask_i, b, 1, 1);
        else ls_rand_bits(r, c->in.enq_mask_i, L);
        if (l->g.sectors > 1) { /* one sector per request (a coalescer's split): the bytes of its sector */
          unsigned s0 = (a % L) / l->sbytes * l->sbytes;
          for (unsigned b = 0; b < L; b++)
            if (b < s0 || b >= s0 + l->sbytes) bits_set(c->in.enq_mask_i, b, 1, 0);
        }
      } else {
        uint32_t id = ls_below(r, x->nid), k;
        for (k = 0; k < x->nid && x->busy[(id + k) % x->nid]; k++) {}
        if (k == x->nid) mi->enq_valid_i = 0;
        c->in.enq_id_i = (id + k) % x->nid;
      }
    }
    if (!mi->enq_valid_i) { /* don't-care fields (signature fields in range) */
      mi->enq_wid_i = ls_below(r, MRPB_WARPS);
      mi->enq_bid_i = ls_below(r, MRPB_BLOCKS);
      mi->enq_bwid_i = ls_below(r, MRPB_BWARPS);
      mi->enq_store_i = ls_below(r, 2);
      ls_rand_bits(r, &c->in.enq_addr_i, l->g.addr_w);
      c->in.enq_id_i = ls_below(r, x->nid);
    }
  }
  if (!mi->enq_valid_i || !mi->enq_store_i) { /* a load's store data is a don't-care */
    ls_rand_bits(r, c->in.enq_data_i, l->lbits);
    ls_rand_bits(r, c->in.enq_mask_i, L);
  }
  mi->barrier_i = x->barrier_pm && ls_below(r, 1000) < x->barrier_pm;
  mi->stat_sel_i = ls_below(r, 32);
  li->rmt_valid_i = ls_chance(r, x->rmt_pct);
  li->rmt_addr_i = x->foot[ls_below(r, x->nfoot)] * L + ls_below(r, L);
}

static void comb(void *p) { mrpb_l1d_comb(&((ctx_t *)p)->c); }
static void commit(void *p) { mrpb_l1d_commit(&((ctx_t *)p)->c); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *x = p;
  mrpb_l1d_t *c = &x->c;
  const mrpb_in_t *mi = &c->min;
  const l1d_out_t *o = &c->i_l1d.out;
  if (mi->enq_valid_i && c->mout.enq_ready_o && !mi->enq_store_i) {
    if (x->out_flag[c->in.enq_id_i]) {
      snprintf(msg, n, "load id %u accepted while a load with that id is in flight", c->in.enq_id_i);
      return 1;
    }
    x->out_flag[c->in.enq_id_i] = 1;
    x->out_since[c->in.enq_id_i] = cycle;
    x->out_atom[c->in.enq_id_i] = (c->in.enq_addr_i & (uint32_t)bits_mask64(c->addr_w)) >> (c->i_l1d.offw - c->i_l1d.sectw);
    x->loads_acc++;
  }
  if (o->rsp_valid_o) {
    if (!x->out_flag[o->rsp_id_o]) {
      snprintf(msg, n, "response for id %u, which has no load in flight (duplicate or spurious)", o->rsp_id_o);
      return 1;
    }
    x->out_flag[o->rsp_id_o] = 0;
    x->rsps++;
  }
  /* a load sent to memory names the atom of a load in flight: a bypassed
   * one its own (by id), a miss that of some load (with sectors: the
   * sector, not the line) */
  if (o->mem_req_valid_o && c->i_l1d.in.mem_req_ready_i && !o->mem_req_store_o) {
    uint32_t at = o->mem_req_addr_o;
    int found = 0;
    if (o->mem_req_byp_o) found = x->out_flag[o->mem_req_id_o] && x->out_atom[o->mem_req_id_o] == at;
    else
      for (unsigned i = 0; i < x->nid && !found; i++) found = x->out_flag[i] && x->out_atom[i] == at;
    if (!found) {
      snprintf(msg, n, "memory load for atom 0x%x (%s) names no load in flight%s", at, o->mem_req_byp_o ? "bypass" : "miss",
               c->i_l1d.g.sectors > 1 ? " (atom = line << log2(sectors) | sector)" : "");
      return 1;
    }
    x->mem_loads++;
    x->mem_loads_by_sect[at & (c->i_l1d.g.sectors - 1u)]++;
  }
  /* bypass only after a refusal for a resource: the L1D's decide stage
   * converts (cnt_sbyp_q steps); the MRPB never does here */
  uint32_t f = c->out.l1d_req_fail_o;
  if (c->i_mrpb.dbg_byp_set) {
    snprintf(msg, n, "the MRPB flagged a bypass itself (its l1d_fail_i is tied to NONE in the composition)");
    return 1;
  }
  uint32_t sb = c->i_l1d.cnt_q[L1D_CNT_SBYP], conv = sb != x->last_sbyp;
  x->last_sbyp = sb;
  if (conv) {
    if (f < L1D_FAIL_LINE_ALLOC || f > L1D_FAIL_MISS_QUEUE || (mi->mode_bypass_i == MRPB_BYPASS_ASSOC && f != L1D_FAIL_LINE_ALLOC)) {
      snprintf(msg, n, "bypass flagged after fail code %u under bypass mode %u", f, mi->mode_bypass_i);
      return 1;
    }
    x->n_byp++;
    x->byp_by_mode[mi->mode_bypass_i % 3]++;
  }
  if (c->out.l1d_dec_valid_o && f == L1D_FAIL_PORT_BUSY && x->d_load_nobyp && mi->mode_bypass_i)
    x->n_pb_load_refusals++;
  x->d_load_nobyp = !c->i_l1d.d_store_q && !c->i_l1d.d_byp_q; /* D's request of the next cycle */
  if (cycle % 4096 == 0)
    for (unsigned i = 0; i < x->nid; i++)
      if (x->out_flag[i] && cycle - x->out_since[i] > LOST_CYCLES) {
        snprintf(msg, n, "load id %u accepted at cycle %llu never answered (lost)", i,
                 (unsigned long long)x->out_since[i]);
        return 1;
      }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *x = p;
  const mrpb_l1d_t *c = &x->c;
  const mrpb_stats_t *s = &c->i_mrpb.i_stats;
  fprintf(f, "mrpb_l1d: mrpb enq=%u deq=%u wpass=%u flush=%u bypass=%u (0: bypass on stall is the L1D's, sbyp below) stall_cycles=%u reject_cycles=%u\n",
          s->enq_cnt_q, s->deq_cnt_q, s->wpass_cnt_q, s->flush_cnt_q, s->bypass_cnt_q, s->stall_cnt_q, s->rej_cnt_q);
  fprintf(f, "mrpb_l1d: l1d counters:");
  for (int i = 0; i < L1D_NCNT; i++) {
    const char *nm = l1d_cnt_name[i];
    fprintf(f, " %.*s=%u", (int)(strlen(nm) - 6), nm + 4, c->i_l1d.cnt_q[i]);
  }
  fprintf(f, "\nmrpb_l1d: loads accepted %llu, responses %llu; bypasses flagged %llu (all %llu, assoc %llu);"
             " load refusals with PORT_BUSY under a bypass mode (never bypassed) %llu\n",
          (unsigned long long)x->loads_acc, (unsigned long long)x->rsps, (unsigned long long)x->n_byp,
          (unsigned long long)x->byp_by_mode[MRPB_BYPASS_ALL], (unsigned long long)x->byp_by_mode[MRPB_BYPASS_ASSOC],
          (unsigned long long)x->n_pb_load_refusals);
  if (c->i_l1d.g.sectors > 1) {
    fprintf(f, "mrpb_l1d: memory loads %llu, by sector:", (unsigned long long)x->mem_loads);
    for (unsigned i = 0; i < c->i_l1d.g.sectors; i++) fprintf(f, " %llu", (unsigned long long)x->mem_loads_by_sect[i]);
    fprintf(f, "\n");
  }
  static const char *const byp[] = {"off", "all", "assoc"};
  uint64_t per_byp[3] = {0};
  for (unsigned i = 0; i < NCOMBO; i++) {
    per_byp[i % 3] += x->combo_cycles[i];
    fprintf(f, "mrpb_l1d:   bypass=%-5s slot=%u %llu cycles\n", byp[i % 3], i / 3, (unsigned long long)x->combo_cycles[i]);
  }
  fprintf(f, "mrpb_l1d: cycles per bypass mode: off %llu, all %llu, assoc %llu\n", (unsigned long long)per_byp[0],
          (unsigned long long)per_byp[1], (unsigned long long)per_byp[2]);
}

const ls_block_t ls_block_mrpb_l1d = {
    .name = "mrpb_l1d",
    .rtl_module = "mrpb_l1d",
    .param_blocks = "mrpb_l1d mrpb l1d",
    .help = "MRPB in front of the L1D (both joined; MRPB_MODE_SWEEP=1 walks bypass x single-slot)",
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
