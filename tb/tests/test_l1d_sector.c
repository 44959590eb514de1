/* test_l1d_sector.c -- hand-written scenarios for the sector rules of the
 * independent reference model (tb/tests/l1d_gref.c; issue 23,
 * docs/l1d.md "Sectored lines and streaming allocation"), on the reference
 * alone.  Every expected outcome below was derived by hand from GPGPU-Sim's
 * gpu-cache.{h,cc} (sector_cache_block, tag_array::probe/access/fill,
 * baseline_cache::send_read_request/fill, data_cache::rd_miss_base,
 * wr_hit_we, wr_hit_wt, wr_miss_no_wa, select_stats_status) and the
 * project's decisions where it differs (the per-sector "no leak" rule).
 *
 * Geometry unless a scenario says otherwise: 4 sets x 2 ways, 128-byte lines
 * of 4 sectors of 32 bytes, linear index (line L is in set L % 4), miss
 * queue 8, 8 merges per entry.  Line L sector s is the byte address
 * L*128 + s*32, atom (MSHR key, memory request, fill) 4*L + s.
 *
 * Part 1 runs every scenario with GPGPU-Sim's rules (alt = 0): each must
 * pass.  Part 2 switches each sector rule's alternative (GR_S_*) alone: some
 * scenario must fail, and the one named as that rule's witness must be
 * among them (the test's teeth). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "l1d_gref.h"
#include "l1sys_params.h"
#include "tcheck.h"

#define RB(k) (1u << (k))

static const char *oname(uint32_t o) {
  static const char *const n[8] = {"HIT", "HIT_RESERVED", "MISS", "RES_FAIL", "SECTOR_MISS", "?5", "?6", "?7"};
  return n[o & 7];
}

/* ---- a tiny driver ------------------------------------------------------ */
typedef struct {
  gref_t r;
  gref_out_t o;
  uint32_t id;
  int bad;          /* an expectation failed */
  char why[400];    /* the first one */
} sx_t;

typedef struct {
  unsigned sets, ways, entries, on_fill, fifo, through, leak;
} geo_t;
static const geo_t G_MISS = {4, 2, 16, 0, 0, 0, 0};

static int sx_init(sx_t *x, const geo_t *g, uint32_t alt) {
  memset(x, 0, sizeof *x);
  gref_cfg_t c = {.sets = g->sets, .ways = g->ways, .line = 128, .entries = g->entries, .merge = 8, .missq = 8, .bypq = 2,
                  .addr_w = 32, .fifo = g->fifo, .through = g->through, .on_fill = g->on_fill, .sectors = 4,
                  .gpgpusim_leak = g->leak, .alt = alt};
  x->id = 1;
  return gref_init(&x->r, &c);
}

static void expect(sx_t *x, int cond, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void expect(sx_t *x, int cond, const char *fmt, ...) {
  if (cond || x->bad) return;
  x->bad = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->why, sizeof x->why, fmt, ap);
  va_end(ap);
}

static uint32_t addr_of(uint32_t line, unsigned sec) { return line << 7 | sec << 5; }
static uint32_t atom_of(uint32_t line, unsigned sec) { return line << 2 | sec; }

/* One cycle: kind 'l' load, 's' store, 0 none, of line/sector; fill the
 * pending entry of atom fa (fa < 0: none); pop the miss-queue head (pop). */
static const gref_out_t *cyc(sx_t *x, int kind, uint32_t line, unsigned sec, long fa, int pop) {
  gref_in_t in;
  memset(&in, 0, sizeof in);
  if (kind) { in.req_valid = 1; in.addr = addr_of(line, sec); in.store = kind == 's'; in.id = x->id++; }
  if (fa >= 0) { in.fill_go = 1; in.fill_atom = (uint32_t)fa; }
  if (pop) { in.pop_valid = 1; in.pop_byp = 0; }
  if (gref_cycle(&x->r, &in, &x->o)) expect(x, 0, "reference error: %s", x->r.err);
  return &x->o;
}
/* A request alone; its outcome must be `want`. */
static void req(sx_t *x, int kind, uint32_t line, unsigned sec, uint32_t want, const char *step) {
  const gref_out_t *o = cyc(x, kind, line, sec, -1, 0);
  expect(x, o->outcome == want, "%s: %s line %u sector %u is %s/%u, want %s", step, kind == 's' ? "store" : "load", line, sec,
         oname(o->outcome), o->fail, oname(want));
}
/* Memory takes the miss-queue head, which must be atom `want`. */
static void pop(sx_t *x, uint32_t want, const char *step) {
  const gref_req_t *h = gref_head(&x->r, 0);
  expect(x, h && h->atom == want, "%s: miss-queue head is %s0x%x, want atom 0x%x", step, h ? "atom " : "empty ", h ? h->atom : 0, want);
  cyc(x, 0, 0, 0, -1, 1);
}
/* Fill atom a, then idle until every release is out. */
static void fill(sx_t *x, uint32_t a) {
  cyc(x, 0, 0, 0, (long)a, 0);
  for (int k = 0; k < 16; k++) cyc(x, 0, 0, 0, -1, 0);
}
/* A load that goes to memory, its request taken and its sector filled
 * (req + pop + fill: the scenarios' most common step). */
static void load_filled(sx_t *x, uint32_t line, unsigned sec, uint32_t want, const char *step) {
  req(x, 'l', line, sec, want, step);
  pop(x, atom_of(line, sec), step);
  fill(x, atom_of(line, sec));
}
static int way_of(const gref_t *r, uint32_t line) { /* the first way holding the line, -1 */
  unsigned s = gref_set(r, line << 7);
  for (unsigned w = 0; w < r->c.ways; w++) {
    const gref_line_t *l = &r->L[s * r->c.ways + w];
    if ((l->valid || l->rsv) && l->line == line) return (int)w;
  }
  return -1;
}
static unsigned ways_holding(const gref_t *r, uint32_t line) {
  unsigned s = gref_set(r, line << 7), n = 0;
  for (unsigned w = 0; w < r->c.ways; w++) {
    const gref_line_t *l = &r->L[s * r->c.ways + w];
    n += (l->valid || l->rsv) && l->line == line;
  }
  return n;
}
static const gref_line_t *line_of(const gref_t *r, uint32_t line) {
  int w = way_of(r, line);
  return w < 0 ? NULL : &r->L[gref_set(r, line << 7) * r->c.ways + (unsigned)w];
}
static unsigned vmask(const gref_t *r, uint32_t line) { const gref_line_t *l = line_of(r, line); return l ? l->valid : 0; }
static unsigned rmask(const gref_t *r, uint32_t line) { const gref_line_t *l = line_of(r, line); return l ? l->rsv : 0; }
static unsigned entries_used(const gref_t *r) {
  unsigned n = 0;
  for (unsigned e = 0; e < r->c.entries; e++) n += r->M[e].valid;
  return n;
}
static int entry_of(const gref_t *r, uint32_t atom) {
  for (unsigned e = 0; e < r->c.entries; e++) if (r->M[e].valid && r->M[e].atom == atom) return (int)e;
  return -1;
}

/* ---- scenarios ------------------------------------------------------------ */

/* A. ON_MISS: a sector miss on a present line, per-sector entries and fills.
 *  1. load L0.s0: no tag -> MISS; allocate_line: s0 RESERVED, s1..s3 INVALID
 *     (access() MISS, ON_MISS); MSHR entry atom 0; memory request atom 0.
 *  2. load L0.s1: the line is present (is_valid_line: s0 reserved), s1
 *     INVALID -> SECTOR_MISS; allocate_sector: s1 RESERVED in the same way;
 *     its own entry (mshr_addr = atom 1) and memory request atom 1.
 *  3. load L0.s0: s0 RESERVED -> HIT_RESERVED, merged into atom 0's entry.
 *  4. fill atom 1 (out of order), then atom 0: tag_array::fill(index) makes
 *     only that sector VALID.
 *  5. load L0.s1 -> HIT; load L0.s2 -> SECTOR_MISS. */
static void sc_a(sx_t *x) {
  req(x, 'l', 0, 0, L1D_OUT_MISS, "A1");
  expect(x, rmask(&x->r, 0) == 1 && vmask(&x->r, 0) == 0, "A1: L0 reserved mask 0x%x valid 0x%x, want 0x1/0x0", rmask(&x->r, 0), vmask(&x->r, 0));
  int w0 = way_of(&x->r, 0);
  req(x, 'l', 0, 1, GREF_OUT_SECTOR_MISS, "A2");
  expect(x, ways_holding(&x->r, 0) == 1 && way_of(&x->r, 0) == w0 && rmask(&x->r, 0) == 3,
         "A2: L0 in %u way(s), reserved mask 0x%x, want one way (%d) with 0x3", ways_holding(&x->r, 0), rmask(&x->r, 0), w0);
  expect(x, entries_used(&x->r) == 2 && entry_of(&x->r, atom_of(0, 0)) >= 0 && entry_of(&x->r, atom_of(0, 1)) >= 0,
         "A2: %u MSHR entries, want 2 (atoms 0 and 1)", entries_used(&x->r));
  req(x, 'l', 0, 0, L1D_OUT_HIT_RESERVED, "A3");
  int e0 = entry_of(&x->r, atom_of(0, 0));
  expect(x, e0 >= 0 && x->r.M[e0].n == 2, "A3: atom 0's entry holds %u requests, want 2", e0 >= 0 ? x->r.M[e0].n : 0);
  pop(x, atom_of(0, 0), "A4");
  pop(x, atom_of(0, 1), "A4");
  fill(x, atom_of(0, 1));
  expect(x, vmask(&x->r, 0) == 2 && rmask(&x->r, 0) == 1, "A4: after atom 1's fill valid 0x%x reserved 0x%x, want 0x2/0x1",
         vmask(&x->r, 0), rmask(&x->r, 0));
  fill(x, atom_of(0, 0));
  expect(x, vmask(&x->r, 0) == 3 && rmask(&x->r, 0) == 0 && entries_used(&x->r) == 0,
         "A4: after both fills valid 0x%x reserved 0x%x, %u entries, want 0x3/0x0, 0", vmask(&x->r, 0), rmask(&x->r, 0), entries_used(&x->r));
  req(x, 'l', 0, 1, L1D_OUT_HIT, "A5");
  req(x, 'l', 0, 2, GREF_OUT_SECTOR_MISS, "A5");
}

/* B. ON_MISS write-evict: a store hit invalidates only its sector.
 *  1. L0.s0 and L0.s1 fetched (MISS, SECTOR_MISS, fills): valid 0x3.
 *  2. store L0.s0: s0 VALID -> HIT; wr_hit_we: set_status(INVALID, s0 mask).
 *     The line stays present (s1 VALID).
 *  3. load L0.s1 -> HIT; load L0.s0 -> SECTOR_MISS (the line is present),
 *     not MISS: allocate_sector, s0 RESERVED in the same way.
 *  4. store L0.s0 (reserved) -> HIT_RESERVED; store L0.s3 (present line,
 *     invalid sector) -> SECTOR_MISS (select_stats_status(SECTOR_MISS,
 *     MISS)); store L1.s0 (absent) -> MISS. */
static void sc_b(sx_t *x) {
  req(x, 'l', 0, 0, L1D_OUT_MISS, "B1");
  req(x, 'l', 0, 1, GREF_OUT_SECTOR_MISS, "B1");
  pop(x, atom_of(0, 0), "B1");
  pop(x, atom_of(0, 1), "B1");
  fill(x, atom_of(0, 0));
  fill(x, atom_of(0, 1));
  int w0 = way_of(&x->r, 0);
  req(x, 's', 0, 0, L1D_OUT_HIT, "B2");
  expect(x, vmask(&x->r, 0) == 2 && way_of(&x->r, 0) == w0, "B2: after the write-evict store L0 valid mask 0x%x, want 0x2 (only s0 invalid)",
         vmask(&x->r, 0));
  req(x, 'l', 0, 1, L1D_OUT_HIT, "B3");
  req(x, 'l', 0, 0, GREF_OUT_SECTOR_MISS, "B3");
  expect(x, ways_holding(&x->r, 0) == 1 && rmask(&x->r, 0) == 1, "B3: L0 in %u way(s), reserved 0x%x, want 1 way, 0x1",
         ways_holding(&x->r, 0), rmask(&x->r, 0));
  req(x, 's', 0, 0, L1D_OUT_HIT_RESERVED, "B4");
  req(x, 's', 0, 3, GREF_OUT_SECTOR_MISS, "B4");
  req(x, 's', 1, 0, L1D_OUT_MISS, "B4");
  expect(x, ways_holding(&x->r, 1) == 0, "B4: the store miss allocated L1 (no write allocate)");
}

/* C. The per-sector "no leak" rule (ON_MISS, write-evict).
 *  L0.s1 is fetched and valid (keeps the line present); L0.s0 misses with
 *  three loads merged; its fill makes s0 VALID while its entry drains (one
 *  release per cycle from the next cycle on).  A store then invalidates s0,
 *  and a load to L0.s0 finds the line present and s0 INVALID: SECTOR_MISS,
 *  and the MSHR still has atom 0 -> merged into the draining entry.
 *  Project (gpgpusim_leak = 0): no sector is reserved, no time stamp moves.
 *  GPGPU-Sim (gpgpusim_leak = 1): access() sees SECTOR_MISS, ON_MISS ->
 *  allocate_sector: s0 RESERVED (no fill will come) and the line's last
 *  access set.  Either way the merged load is released after the others. */
static void sc_c_leak(sx_t *x, unsigned leak) {
  load_filled(x, 0, 1, L1D_OUT_MISS, "C1");
  req(x, 'l', 0, 0, GREF_OUT_SECTOR_MISS, "C2");
  req(x, 'l', 0, 0, L1D_OUT_HIT_RESERVED, "C2");
  req(x, 'l', 0, 0, L1D_OUT_HIT_RESERVED, "C2");
  pop(x, atom_of(0, 0), "C2");
  cyc(x, 0, 0, 0, (long)atom_of(0, 0), 0); /* fill: s0 VALID, entry drains */
  const gref_out_t *o = cyc(x, 's', 0, 0, -1, 0); /* first release; the store hits */
  expect(x, o->outcome == L1D_OUT_HIT && (vmask(&x->r, 0) & 1) == 0, "C3: store to the draining sector %s, valid mask 0x%x, want HIT, s0 invalid",
         oname(o->outcome), vmask(&x->r, 0));
  uint64_t t_before = line_of(&x->r, 0) ? line_of(&x->r, 0)->t_access : 0;
  uint32_t merged_id = x->id;
  o = cyc(x, 'l', 0, 0, -1, 0);
  const gref_line_t *l = line_of(&x->r, 0);
  expect(x, o->outcome == GREF_OUT_SECTOR_MISS && o->sector_drain_merge, "C4: load to the evicted, draining sector is %s (drain merge %u), want SECTOR_MISS merged",
         oname(o->outcome), o->sector_drain_merge);
  if (!leak)
    expect(x, l && l->rsv == 0 && l->t_access == t_before && x->r.leaks == 0,
           "C4 (project): s0 reserved mask 0x%x, last access moved %s, leaks %llu; want 0x0, no, 0", l ? l->rsv : 0,
           l && l->t_access != t_before ? "yes" : "no", (unsigned long long)x->r.leaks);
  else
    expect(x, l && l->rsv == 1 && l->leaked == 1 && l->t_access > t_before && x->r.leaks == 1,
           "C4 (gpgpusim_leak): s0 reserved mask 0x%x leaked 0x%x, last access moved %s, leaks %llu; want 0x1, 0x1, yes, 1",
           l ? l->rsv : 0, l ? l->leaked : 0, l && l->t_access > t_before ? "yes" : "no", (unsigned long long)x->r.leaks);
  uint32_t last = 0;
  for (int k = 0; k < 8; k++) { o = cyc(x, 0, 0, 0, -1, 0); if (o->rsp_valid) last = o->rsp_id; }
  expect(x, last == merged_id && entry_of(&x->r, atom_of(0, 0)) < 0, "C5: last release id %u, want the merged load's %u, entry freed", last, merged_id);
  /* no leak: the next load to s0 is a new SECTOR_MISS; with the leak it
   * finds s0 RESERVED with no entry: HIT_RESERVED and a new entry whose
   * fill completes the sector */
  req(x, 'l', 0, 0, leak ? L1D_OUT_HIT_RESERVED : GREF_OUT_SECTOR_MISS, "C6");
  expect(x, entries_used(&x->r) == 1 && rmask(&x->r, 0) == 1, "C6: %u entries, reserved mask 0x%x, want 1 and 0x1", entries_used(&x->r),
         rmask(&x->r, 0));
}
static void sc_c(sx_t *x) { sc_c_leak(x, 0); }

/* D. ON_FILL: the fill probes the set again (tag_array::fill(addr)).
 *  1. load L0.s0, load L0.s1: no line is allocated at a miss in ON_FILL, so
 *     both are tag misses -> MISS, MISS, two entries (atoms 0, 1).
 *  2. fill atom 0: probe -> MISS, the victim is the highest free way (1):
 *     allocate_line + fill: s0 VALID there.
 *  3. fill atom 1: probe -> SECTOR_MISS on way 1: allocate_sector + fill:
 *     s1 VALID in way 1; way 0 stays free.
 *  4. load L0.s2 -> SECTOR_MISS, new entry, no line change (ON_FILL);
 *     its fill lands in way 1 too. */
static void sc_d(sx_t *x) {
  req(x, 'l', 0, 0, L1D_OUT_MISS, "D1");
  req(x, 'l', 0, 1, L1D_OUT_MISS, "D1");
  expect(x, ways_holding(&x->r, 0) == 0 && entries_used(&x->r) == 2, "D1: L0 in %u way(s), %u entries, want 0 and 2",
         ways_holding(&x->r, 0), entries_used(&x->r));
  pop(x, atom_of(0, 0), "D1");
  pop(x, atom_of(0, 1), "D1");
  fill(x, atom_of(0, 0));
  expect(x, way_of(&x->r, 0) == 1 && vmask(&x->r, 0) == 1, "D2: L0 in way %d valid 0x%x, want way 1, 0x1", way_of(&x->r, 0), vmask(&x->r, 0));
  fill(x, atom_of(0, 1));
  expect(x, ways_holding(&x->r, 0) == 1 && way_of(&x->r, 0) == 1 && vmask(&x->r, 0) == 3,
         "D3: L0 in %u way(s) (first %d), valid 0x%x, want only way 1 with 0x3", ways_holding(&x->r, 0), way_of(&x->r, 0), vmask(&x->r, 0));
  req(x, 'l', 0, 2, GREF_OUT_SECTOR_MISS, "D4");
  expect(x, rmask(&x->r, 0) == 0 && entries_used(&x->r) == 1, "D4: reserved mask 0x%x, %u entries, want 0x0 (ON_FILL), 1",
         rmask(&x->r, 0), entries_used(&x->r));
  pop(x, atom_of(0, 2), "D4");
  fill(x, atom_of(0, 2));
  expect(x, ways_holding(&x->r, 0) == 1 && vmask(&x->r, 0) == 7, "D4: after the fill L0 in %u way(s), valid 0x%x, want 1, 0x7",
         ways_holding(&x->r, 0), vmask(&x->r, 0));
}
static const geo_t G_FILL = {4, 2, 16, 1, 0, 0, 0};

/* E. Sector allocation refreshes LRU (allocate_sector sets the line's last
 *  access), ON_MISS and ON_FILL.  Set 0 holds L0 (older) and L4 (newer),
 *  both with s0 valid.  L0.s1 misses: ON_MISS allocate_sector at the miss,
 *  ON_FILL allocate_sector at the fill (the re-probe) -- either way L0 is
 *  now the most recent.  L8.s0 then needs a victim: LRU picks L4. */
static void sc_e(sx_t *x) {
  int of = (int)x->r.c.on_fill;
  load_filled(x, 0, 0, L1D_OUT_MISS, "E1");
  load_filled(x, 4, 0, L1D_OUT_MISS, "E1");
  load_filled(x, 0, 1, GREF_OUT_SECTOR_MISS, "E2");
  req(x, 'l', 8, 0, L1D_OUT_MISS, "E3");
  if (of) { pop(x, atom_of(8, 0), "E3"); fill(x, atom_of(8, 0)); }
  expect(x, ways_holding(&x->r, 0) == 1 && ways_holding(&x->r, 4) == 0 && ways_holding(&x->r, 8) == 1,
         "E3 (%s): after L8 L0 is %s, L4 is %s; want L0 kept, L4 evicted (the sector allocation made L0 the newest)",
         of ? "ON_FILL" : "ON_MISS", ways_holding(&x->r, 0) ? "kept" : "evicted", ways_holding(&x->r, 4) ? "kept" : "evicted");
}
static const geo_t G_LRU_FILL = {4, 2, 16, 1, 0, 0, 0};

/* F. FIFO: allocate_sector keeps the line's allocation time (only
 *  allocate_line sets it).  Same steps as E with FIFO: L0 was allocated
 *  first, so L8 evicts L0 despite L0's later sector allocation. */
static void sc_f(sx_t *x) {
  load_filled(x, 0, 0, L1D_OUT_MISS, "F1");
  load_filled(x, 4, 0, L1D_OUT_MISS, "F1");
  load_filled(x, 0, 1, GREF_OUT_SECTOR_MISS, "F2");
  req(x, 'l', 8, 0, L1D_OUT_MISS, "F3");
  expect(x, ways_holding(&x->r, 0) == 0 && ways_holding(&x->r, 4) == 1, "F3: after L8 L0 is %s, L4 is %s; want L0 evicted (oldest allocation)",
         ways_holding(&x->r, 0) ? "kept" : "evicted", ways_holding(&x->r, 4) ? "kept" : "evicted");
}
static const geo_t G_FIFO = {4, 2, 16, 0, 1, 0, 0};

/* G. The MSHR is keyed by the sector: with 2 entries, loads to L0.s0 and
 *  L0.s1 take both (MISS, SECTOR_MISS); L0.s2 needs a third: RES_FAIL
 *  MSHR_ENTRY (probe SECTOR_MISS, rd_miss_base -> send_read_request:
 *  !mshr_hit && !mshr_avail); L0.s1 again merges (HIT_RESERVED). */
static void sc_g(sx_t *x) {
  req(x, 'l', 0, 0, L1D_OUT_MISS, "G1");
  req(x, 'l', 0, 1, GREF_OUT_SECTOR_MISS, "G1");
  const gref_out_t *o = cyc(x, 'l', 0, 2, -1, 0);
  expect(x, o->outcome == L1D_OUT_RES_FAIL && o->fail == L1D_FAIL_MSHR_ENTRY, "G2: third sector with 2 entries is %s/%u, want RES_FAIL/MSHR_ENTRY",
         oname(o->outcome), o->fail);
  req(x, 'l', 0, 1, L1D_OUT_HIT_RESERVED, "G3");
  expect(x, gref_count(&x->r, 0) == 2, "G3: miss queue holds %u, want 2 (one request per sector)", gref_count(&x->r, 0));
}
static const geo_t G_E2 = {4, 2, 2, 0, 0, 0, 0};

/* H. A line with a reserved sector is not a victim (is_reserved_line), and
 *  LINE_ALLOC comes only when every line of the set has one (FIFO).
 *  L0 (oldest) has s0 valid and s1 reserved; L4 has s0 valid: L8 evicts
 *  L4, not the older L0.  Then L8 is reserved too: L12 -> LINE_ALLOC.  A
 *  store to L12 is still a MISS (no write allocate, no LINE_ALLOC). */
static void sc_h(sx_t *x) {
  load_filled(x, 0, 0, L1D_OUT_MISS, "H1");
  load_filled(x, 4, 0, L1D_OUT_MISS, "H1");
  req(x, 'l', 0, 1, GREF_OUT_SECTOR_MISS, "H2");
  req(x, 'l', 8, 0, L1D_OUT_MISS, "H3");
  expect(x, ways_holding(&x->r, 0) == 1 && ways_holding(&x->r, 4) == 0, "H3: L0 %s, L4 %s; want L0 kept (a reserved sector), L4 evicted",
         ways_holding(&x->r, 0) ? "kept" : "evicted", ways_holding(&x->r, 4) ? "kept" : "evicted");
  const gref_out_t *o = cyc(x, 'l', 12, 0, -1, 0);
  expect(x, o->outcome == L1D_OUT_RES_FAIL && o->fail == L1D_FAIL_LINE_ALLOC, "H4: L12 with every line reserved is %s/%u, want RES_FAIL/LINE_ALLOC",
         oname(o->outcome), o->fail);
  req(x, 's', 12, 0, L1D_OUT_MISS, "H5");
}

/* I. Write-through: a store hit keeps the sector valid and refreshes LRU
 *  (wr_hit_wt -> access; GPGPU-Sim marks it MODIFIED, read like VALID).
 *  L0 then L4 fetched; a store to L0.s0 (no load) makes L0 the newest; L8
 *  evicts L4. */
static void sc_i(sx_t *x) {
  load_filled(x, 0, 0, L1D_OUT_MISS, "I1");
  load_filled(x, 4, 0, L1D_OUT_MISS, "I1");
  req(x, 's', 0, 0, L1D_OUT_HIT, "I2");
  expect(x, vmask(&x->r, 0) == 1, "I2: after the write-through store L0 valid mask 0x%x, want 0x1", vmask(&x->r, 0));
  req(x, 'l', 8, 0, L1D_OUT_MISS, "I3");
  expect(x, ways_holding(&x->r, 0) == 1 && ways_holding(&x->r, 4) == 0, "I3: L0 %s, L4 %s; want L0 kept, L4 evicted",
         ways_holding(&x->r, 0) ? "kept" : "evicted", ways_holding(&x->r, 4) ? "kept" : "evicted");
}
static const geo_t G_THRU = {4, 2, 16, 0, 0, 1, 0};

typedef struct {
  const char *name;
  const geo_t *g;
  void (*run)(sx_t *);
  int witness; /* the sector rule whose alternative this scenario must catch (-1: none) */
} scen_t;

static const scen_t SC[] = {
    {"A ON_MISS sector miss on a present line, per-sector entries and fills", &G_MISS, sc_a, GR_S_SECTOR_MISS},
    {"A' (S_RESERVE_ONE witness) ON_MISS allocate_line reserves one sector", &G_MISS, sc_a, GR_S_RESERVE_ONE},
    {"B write-evict store hit invalidates only its sector; store outcomes", &G_MISS, sc_b, GR_S_WE_SECTOR},
    {"C SECTOR_MISS merge into a draining entry reserves nothing (no leak)", &G_MISS, sc_c, -1},
    {"D ON_FILL fill probes again: the sector joins its present line", &G_FILL, sc_d, GR_S_FILL_PROBE},
    {"E ON_MISS sector allocation refreshes LRU", &G_MISS, sc_e, GR_S_ALLOC_TOUCH},
    {"E' ON_FILL sector allocation at the fill refreshes LRU", &G_LRU_FILL, sc_e, GR_S_ALLOC_TOUCH},
    {"F FIFO: sector allocation keeps the line's allocation time", &G_FIFO, sc_f, -1},
    {"G MSHR keyed by sector: MSHR_ENTRY per sector", &G_E2, sc_g, GR_S_MSHR_ATOM},
    {"H a line with a reserved sector is no victim; LINE_ALLOC", &G_FIFO, sc_h, -1},
    {"I write-through sector store hit refreshes LRU", &G_THRU, sc_i, -1},
};
#define NSC ((int)(sizeof SC / sizeof *SC))

static int run_sc(const scen_t *s, uint32_t alt, char *why, size_t n) {
  sx_t x;
  if (sx_init(&x, s->g, alt)) { snprintf(why, n, "gref_init: %s", x.r.err); return 0; }
  s->run(&x);
  snprintf(why, n, "%s", x.why);
  gref_free(&x.r);
  return !x.bad;
}

static void sc_c_gpgpusim(tc_t *t) {
  sx_t x;
  geo_t g = G_MISS;
  g.leak = 1;
  if (sx_init(&x, &g, 0)) { TC_CHECK(t, 0, "gref_init failed: %s", x.r.err); return; }
  sc_c_leak(&x, 1);
  TC_CHECK(t, !x.bad, "C with gpgpusim_leak: the SECTOR_MISS merge reserves the sector and refreshes the line, as "
                      "GPGPU-Sim's allocate_sector does%s%s", x.bad ? " -- " : "", x.why);
  gref_free(&x.r);
}

/* One sector: the line cache's rules, unchanged (a present line is always
 * a hit or a pending hit; no SECTOR_MISS can arise). */
static void one_sector(tc_t *t) {
  gref_t r;
  gref_cfg_t c = {.sets = 4, .ways = 2, .line = 128, .entries = 16, .merge = 8, .missq = 8, .bypq = 2, .addr_w = 32, .sectors = 1};
  if (gref_init(&r, &c)) { TC_CHECK(t, 0, "gref_init failed: %s", r.err); return; }
  gref_in_t in;
  gref_out_t o[3];
  uint32_t seq[3][2] = {{0x00, 0}, {0x20, 0}, {0x60, 0}}; /* three addresses in line 0 */
  for (int k = 0; k < 3; k++) {
    memset(&in, 0, sizeof in);
    in.req_valid = 1; in.addr = seq[k][0]; in.id = (uint32_t)k + 1;
    gref_cycle(&r, &in, &o[k]);
  }
  const gref_req_t *h = gref_head(&r, 0);
  TC_CHECK(t, o[0].outcome == L1D_OUT_MISS && o[1].outcome == L1D_OUT_HIT_RESERVED && o[2].outcome == L1D_OUT_HIT_RESERVED &&
                  gref_count(&r, 0) == 1 && h && h->atom == 0 && r.atw == 7,
           "one sector: loads to bytes 0x00, 0x20, 0x60 of line 0 are %s, %s, %s; %u memory request(s), atom = line address",
           oname(o[0].outcome), oname(o[1].outcome), oname(o[2].outcome), gref_count(&r, 0));
  gref_free(&r);
  /* configurations the reference refuses */
  gref_cfg_t b1 = c, b2 = c;
  b1.sectors = 3;
  b2.sectors = 4; b2.ba = 1; b2.thr = 2;
  int r1 = gref_init(&r, &b1);
  if (!r1) gref_free(&r);
  char e1[200];
  snprintf(e1, sizeof e1, "%s", r.err);
  int r2 = gref_init(&r, &b2);
  if (!r2) gref_free(&r);
  TC_CHECK(t, r1 == -1 && r2 == -1, "the reference refuses sectors=3 (%s) and sectors with BA (%s)", e1, r.err);
}

/* The sectored reference alone on a seeded random stream (ON_MISS and
 * ON_FILL, LRU and FIFO, write-evict and write-through, with and without
 * gpgpusim_leak): every accepted load is answered exactly once, no answer is
 * spurious, the reference never reports an impossible input, and after a
 * drain no entry, queue slot or reserved sector is left (leaked sectors
 * aside).  Memory answers out of order; a fill is always accepted. */
typedef struct { uint32_t atom, byp, id; uint64_t due; } pnd_t;
static uint64_t xs64(uint64_t *x) { *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17; return *x; }
static void live(tc_t *t) {
  static const struct { unsigned sets, ways, on_fill, fifo, through; } C[] = {
      {4, 4, 0, 0, 0}, {4, 4, 1, 0, 0}, {1, 8, 0, 1, 1}, {1, 8, 1, 0, 1}, {2, 2, 0, 0, 0}};
  uint64_t loads = 0, answers = 0, bad = 0, left = 0, stuck = 0, leaked = 0, smiss = 0, sdrain = 0;
  enum { CYC = 20000, DRAIN = 4000, MAXP = 256 };
  static uint8_t outst[CYC + DRAIN + 2];
  for (unsigned ci = 0; ci < sizeof C / sizeof *C; ci++) {
    for (unsigned leak = 0; leak < 2; leak++) {
      if (leak && C[ci].on_fill) continue;
      gref_t r;
      gref_cfg_t c = {.sets = C[ci].sets, .ways = C[ci].ways, .line = 128, .entries = 8, .merge = 4, .missq = 4, .bypq = 2,
                      .addr_w = 32, .fifo = C[ci].fifo, .through = C[ci].through, .on_fill = C[ci].on_fill, .sectors = 4,
                      .gpgpusim_leak = leak};
      if (gref_init(&r, &c)) { bad++; continue; }
      memset(outst, 0, sizeof outst);
      pnd_t P[MAXP];
      unsigned np = 0;
      uint64_t x = 0x9E3779B97F4A7C15ull * (ci * 2 + leak + 1);
#define RND() xs64(&x)
      unsigned nlines = c.sets * c.ways + 3;
      for (uint64_t cy = 0; cy < CYC + DRAIN; cy++) {
        int drain = cy >= CYC;
        gref_in_t in;
        memset(&in, 0, sizeof in);
        in.req_valid = !drain && RND() % 100 < 70;
        /* phases of 1000 cycles: a hot spot of 1 or 2 lines (draining
         * sectors meet stores and loads) or the whole footprint */
        unsigned ph = (unsigned)(cy / 1000 % 3), act_lines = ph == 0 ? 1 : ph == 1 ? 2 : nlines;
        in.addr = (uint32_t)(RND() % act_lines * c.sets) << 7 | (uint32_t)(RND() % 128);
        if (ph == 2) in.addr = (uint32_t)(RND() % nlines) << 7 | (uint32_t)(RND() % 128);
        in.store = RND() % 100 < (ph == 2 ? 20u : 35u);
        in.byp = RND() % 100 < 5;
        in.id = (uint32_t)cy + 1;
        int fk = -1;
        for (unsigned j = 0; j < np && fk < 0; j++) if (P[j].due <= cy && RND() % 2) fk = (int)j;
        if (fk >= 0) { in.fill_go = 1; in.fill_atom = P[fk].atom; in.fill_byp = P[fk].byp; in.fill_id = P[fk].id; }
        const gref_req_t *hm = gref_head(&r, 0), *hb = gref_head(&r, 1), *h = hm ? hm : hb;
        in.pop_valid = h && np < MAXP && (drain || RND() % 100 < 40);
        in.pop_byp = h ? h->byp : 0;
        gref_req_t popped = h ? *h : (gref_req_t){0, 0, 0, 0};
        gref_out_t o;
        if (gref_cycle(&r, &in, &o)) { if (bad++ < 3) printf("  live: reference error: %s\n", r.err); break; }
        if (fk >= 0) P[fk] = P[--np];
        if (in.pop_valid && !popped.store) P[np++] = (pnd_t){popped.atom, popped.byp, popped.id, cy + 5 + RND() % 60};
        if (in.req_valid && o.ready && !in.store) { loads++; outst[in.id] = 1; }
        if (o.rsp_valid) {
          answers++;
          if (!o.rsp_id || o.rsp_id > CYC + DRAIN || !outst[o.rsp_id]) bad++;
          else outst[o.rsp_id] = 0;
        }
      }
#undef RND
      for (unsigned k = 1; k <= CYC + DRAIN; k++) left += outst[k];
      for (unsigned e = 0; e < c.entries; e++) left += r.M[e].valid;
      left += r.mq.n + r.bq.n + np;
      for (unsigned k = 0; k < c.sets * c.ways; k++) stuck += (r.L[k].rsv & ~r.L[k].leaked) != 0;
      leaked += r.leaks;
      printf("  live: %u sets x %u ways %s %s %s%s: %llu SECTOR_MISS, %llu SECTOR_MISS drain merges, %llu tag-miss drain merges, %llu leaked\n",
             c.sets, c.ways, c.on_fill ? "ON_FILL" : "ON_MISS", c.fifo ? "FIFO" : "LRU", c.through ? "write-through" : "write-evict",
             leak ? " gpgpusim_leak" : "", (unsigned long long)r.n_out[GREF_OUT_SECTOR_MISS], (unsigned long long)r.n_sector_drain_merge,
             (unsigned long long)r.n_drain_merge, (unsigned long long)r.leaks);
      smiss += r.n_out[GREF_OUT_SECTOR_MISS];
      sdrain += r.n_sector_drain_merge;
      gref_free(&r);
    }
  }
  TC_CHECK(t, loads > 0 && smiss > 0 && sdrain > 0 && leaked > 0 && !bad && !left && !stuck,
           "sectored reference alone, 8 random runs: %llu accepted loads, %llu responses, %llu spurious/errors, %llu SECTOR_MISS "
           "outcomes, %llu SECTOR_MISS drain merges, %llu left after the drain, %llu reserved sectors stuck (not leaked), "
           "%llu sectors leaked (gpgpusim_leak)",
           (unsigned long long)loads, (unsigned long long)answers, (unsigned long long)bad, (unsigned long long)smiss,
           (unsigned long long)sdrain, (unsigned long long)left, (unsigned long long)stuck, (unsigned long long)leaked);
}

int main(void) {
  tc_t t = TC_INIT("l1d_sector");
  char why[400];
  /* part 1: GPGPU-Sim's rules */
  for (int i = 0; i < NSC; i++) {
    if (i > 0 && SC[i].run == SC[i - 1].run && SC[i].g == SC[i - 1].g) continue; /* the same run, another witness */
    int ok = run_sc(&SC[i], 0, why, sizeof why);
    TC_CHECK(&t, ok, "%s%s%s", SC[i].name, ok ? "" : " -- ", why);
  }
  sc_c_gpgpusim(&t);
  {
    /* the project's no-leak expectation of C must fail under GPGPU-Sim's
     * leak (the switch that plays this rule's alternative) */
    sx_t x;
    geo_t g = G_MISS;
    g.leak = 1;
    int ok = 0;
    if (!sx_init(&x, &g, 0)) { sc_c(&x); ok = x.bad; snprintf(why, sizeof why, "%s", x.why); gref_free(&x.r); }
    TC_CHECK(&t, ok, "teeth: with gpgpusim_leak the project's no-leak scenario C fails -- %s", why);
  }
  one_sector(&t);
  live(&t);
  /* part 2: teeth -- each sector rule's alternative must break its witness */
  for (int k = GR_FIRST_SECTOR_RULE; k < GR_NRULES; k++) {
    char caught[600] = "", first[460] = "";
    int nbad = 0, wit_bad = 0, has_wit = 0;
    for (int i = 0; i < NSC; i++) {
      if (i > 0 && SC[i].run == SC[i - 1].run && SC[i].g == SC[i - 1].g) continue;
      int ok = run_sc(&SC[i], RB(k), why, sizeof why);
      int wit = 0;
      for (int j = i; j < NSC && SC[j].run == SC[i].run && SC[j].g == SC[i].g; j++) wit |= SC[j].witness == k;
      has_wit |= wit;
      if (!ok) {
        nbad++;
        wit_bad |= wit;
        int tag = (int)strcspn(SC[i].name, " ");
        snprintf(caught + strlen(caught), sizeof caught - strlen(caught), "%s%.*s", nbad > 1 ? "," : "", tag, SC[i].name);
        if (!first[0] || wit) snprintf(first, sizeof first, "%.*s: %s", tag, SC[i].name, why);
      }
    }
    TC_CHECK(&t, nbad > 0 && (!has_wit || wit_bad),
             "teeth: breaking %s (%s) fails scenario(s) %s%s%s", gref_rule_name[k], gref_rule_text[k], nbad ? caught : "none",
             nbad ? " -- " : "", first);
  }
  return tc_done(&t);
}
