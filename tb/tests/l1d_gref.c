/* l1d_gref.c -- see l1d_gref.h.  Written from GPGPU-Sim's documented
 * behaviour; the order of decisions inside a cycle follows the project's
 * conventions (docs/l1d.md): every decision reads the state at the start
 * of the cycle, and the cycle's updates land together at its end. */
#include "l1d_gref.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "l1sys_params.h"

const char *const gref_rule_name[GR_NRULES] = {
    "R1_MQ_LOAD",  "R2_REL_FIFO", "R3_FREE_HIGH", "R4_VALID_AT_FILL", "R5_DRAIN_MERGE", "R6_BYPQ",
    "MQ_STORE",    "CHECK_ORDER", "MSHR_ENTRIES", "MSHR_MERGE",       "REPL",           "LRU_HIT_TOUCH",
    "WRITE",       "NO_WALLOC",   "ALLOC",        "INDEX",            "QUEUE_FIFO",     "REL_OLDEST",
    "PORT_BUSY",   "BA_BALANCE",  "BA_TAGONLY",   "BA_PSEUDO",        "BA_REUSE",       "BYP_FILL_PORT",
    "IPOLY",       "XOR",
    "S_SECTOR_MISS", "S_WE_SECTOR", "S_RESERVE_ONE", "S_FILL_PROBE", "S_ALLOC_TOUCH", "S_MSHR_ATOM"};

const char *const gref_rule_text[GR_NRULES] = {
    "non-hit loads refused MISS_QUEUE at N-1 miss-queue entries",
    "filled MSHR entries release in fill order, one entry at a time",
    "a new line takes the highest-numbered invalid way",
    "a line is valid and replaceable from its fill on",
    "a tag-miss merge into a live MSHR entry allocates no way, LINE_ALLOC checked as by the probe",
    "bypassed loads go through the bypass queue (BYP_QUEUE when full)",
    "stores refused MISS_QUEUE at N miss-queue entries",
    "load-miss checks in order LINE_ALLOC, MISS_QUEUE, MSHR",
    "a new line needs a free MSHR entry",
    "a merge needs fewer than max_merge requests in the entry",
    "LRU evicts the oldest access, FIFO the oldest allocation",
    "a load hit refreshes the LRU time",
    "write-evict invalidates on a store hit, write-through keeps the line",
    "store misses allocate nothing",
    "allocate on miss / on fill as configured",
    "linear or Fermi-hash set index",
    "the miss queue is first in, first out",
    "an entry releases its merged requests oldest first",
    "load hits refused PORT_BUSY while a release owns the response port",
    "BA victim from reuse=0 lines while n0 >= T, else reuse=1 lines",
    "BA bypass writes the victim's tag only",
    "BA pseudo-hit fetches the line and re-reserves it",
    "BA: a load hit sets the reuse bit",
    "a bypassed fill takes only the response port (a load hit waits, other requests go)",
    "IPOLY set index as GPGPU-Sim's ipoly_hash_function equations",
    "XOR set index: the set bits XOR the next log2(sets) line bits",
    "sectored: a present line with the request's sector invalid is a SECTOR_MISS on that line",
    "sectored: a write-evict store hit invalidates only its sector",
    "sectored: ON_MISS line allocation reserves only the request's sector",
    "sectored: an ON_FILL fill probes the set again (present line: the sector in its way)",
    "sectored: sector allocation refreshes the line's LRU time",
    "sectored: the MSHR is keyed by the sector (atom) address"};

#ifdef L1D_FAIL_BYP_QUEUE /* once csim/params.def defines it, the two must agree */
_Static_assert(L1D_FAIL_BYP_QUEUE == GREF_FAIL_BYP_QUEUE, "the bypass-queue fail code is 6 (docs/l1d_conformance.md)");
#endif
#ifdef L1D_OUT_SECTOR_MISS
_Static_assert(L1D_OUT_SECTOR_MISS == GREF_OUT_SECTOR_MISS, "the SECTOR_MISS outcome is 4 (docs/l1d.md)");
#endif

#define ALT(k) gref_alt(r, (k))

int gref_init(gref_t *r, const gref_cfg_t *c) {
  memset(r, 0, sizeof *r);
  r->c = *c;
  while ((1u << r->offw) < c->line) r->offw++;
  unsigned ns = c->sectors ? c->sectors : 1;
  while ((1u << r->sectw) < ns) r->sectw++;
  if ((1u << r->sectw) != ns || ns > GREF_MAX_SECTORS || ns > c->line) {
    snprintf(r->err, sizeof r->err, "sectors=%u: expected a power of two <= %u and <= the line size", ns, (unsigned)GREF_MAX_SECTORS);
    return -1;
  }
  if (ns > 1 && c->ba) { snprintf(r->err, sizeof r->err, "sectors=%u with BA: the BA cache is a line cache", ns); return -1; }
  r->atw = r->offw - r->sectw;
  size_t nl = (size_t)c->sets * c->ways;
  r->L = calloc(nl, sizeof *r->L);
  r->M = calloc(c->entries, sizeof *r->M);
  r->idbuf = calloc((size_t)c->entries * c->merge, sizeof *r->idbuf);
  r->relq = calloc(c->entries, sizeof *r->relq);
  r->mq.depth = c->missq;
  r->mq.e = calloc(c->missq, sizeof *r->mq.e);
  r->bq.depth = c->bypq ? c->bypq : 1;
  r->bq.e = calloc(r->bq.depth, sizeof *r->bq.e);
  r->now = 1;
  if (!r->L || !r->M || !r->idbuf || !r->relq || !r->mq.e || !r->bq.e) { gref_free(r); return -1; }
  for (unsigned e = 0; e < c->entries; e++) r->M[e].ids = r->idbuf + (size_t)e * c->merge;
  return 0;
}

void gref_free(gref_t *r) {
  free(r->L); free(r->M); free(r->idbuf); free(r->relq); free(r->mq.e); free(r->bq.e);
  r->L = NULL; r->M = NULL; r->idbuf = NULL; r->relq = NULL; r->mq.e = r->bq.e = NULL;
}

/* ---- set index ------------------------------------------------------------
 * Linear: the line address modulo the number of sets.
 * Fermi (Nugteren et al., HPCA 2014, as GPGPU-Sim's FERMI_HASH_SET_FUNCTION
 * documents it): five low set bits = line-address bits 0..4 XOR address
 * bits 13, 14, 15, 17, 19; with 64 sets, address bit 12 is set bit 5. */
static unsigned idx_linear(const gref_t *r, uint32_t addr) { return (addr >> r->offw) % r->c.sets; }
static unsigned idx_fermi(const gref_t *r, uint32_t addr) {
  static const unsigned hi[5] = {13, 14, 15, 17, 19};
  unsigned s = 0;
  for (unsigned i = 0; i < 5; i++) {
    unsigned lo_bit = (addr >> (r->offw + i)) & 1u, hi_bit = (addr >> hi[i]) & 1u;
    s |= (lo_bit ^ hi_bit) << i;
  }
  if (r->c.sets == 64) s |= ((addr >> 12) & 1u) << 5;
  return s % r->c.sets;
}
/* IPOLY (GPGPU-Sim HASH_IPOLY_FUNCTION): higher_bits = addr >> (line bits
 * + set bits), index = the linear set; hashing.cc's ipoly_hash_function
 * gives each set bit b as index bit b XOR a list of higher_bits bits, for 16,
 * 32 and 64 sets.  The lists below are those equations (-1 ends a list). */
static const signed char ipoly16[4][10] = {
    {11, 10, 9, 8, 6, 4, 3, 0, -1}, {12, 8, 7, 6, 5, 3, 1, 0, -1}, {9, 8, 7, 6, 4, 2, 1, -1}, {10, 9, 8, 7, 5, 3, 2, -1}};
static const signed char ipoly32[5][11] = {{13, 12, 11, 10, 9, 6, 5, 3, 0, -1}, {14, 13, 12, 11, 10, 7, 6, 4, 1, -1},
                                           {14, 10, 9, 8, 7, 6, 3, 2, 0, -1},   {11, 10, 9, 8, 7, 4, 3, 1, -1},
                                           {12, 11, 10, 9, 8, 5, 4, 2, -1}};
static const signed char ipoly64[6][11] = {{18, 17, 16, 15, 12, 10, 6, 5, 0, -1}, {15, 13, 12, 11, 10, 7, 5, 1, 0, -1},
                                           {16, 14, 13, 12, 11, 8, 6, 2, 1, -1}, {17, 15, 14, 13, 12, 9, 7, 3, 2, -1},
                                           {18, 16, 15, 14, 13, 10, 8, 4, 3, -1}, {17, 16, 15, 14, 11, 9, 5, 4, -1}};
static unsigned log2_sets(const gref_t *r) { unsigned n = 0; while ((1u << n) < r->c.sets) n++; return n; }
static unsigned idx_ipoly(const gref_t *r, uint32_t addr) {
  const unsigned n = log2_sets(r);
  const uint32_t hi = addr >> (r->offw + n), index = (addr >> r->offw) & (r->c.sets - 1);
  const signed char *eq;
  unsigned stride;
  if (n == 4) eq = &ipoly16[0][0], stride = 10;
  else if (n == 5) eq = &ipoly32[0][0], stride = 11;
  else if (n == 6) eq = &ipoly64[0][0], stride = 11;
  else return index; /* GPGPU-Sim asserts; the configuration refuses it */
  unsigned s = 0;
  for (unsigned b = 0; b < n; b++) {
    unsigned bit = (index >> b) & 1u;
    for (const signed char *a = eq + b * stride; *a >= 0; a++)
      if (!(b == 0 && *a == 0 && ALT(GR_IPOLY))) bit ^= (hi >> *a) & 1u; /* alt: set bit 0 without a[0] */
    s |= bit << b;
  }
  return s;
}
/* XOR (GPGPU-Sim BITWISE_XORING_FUNCTION, bitwise_hash_function):
 * index ^ (higher_bits & (sets-1)). */
static unsigned idx_xor(const gref_t *r, uint32_t addr) {
  const unsigned n = log2_sets(r);
  const uint32_t hi = addr >> (r->offw + n + (ALT(GR_XOR) ? 1u : 0u)), index = (addr >> r->offw) & (r->c.sets - 1);
  return (index ^ hi) & (r->c.sets - 1);
}
unsigned gref_set(const gref_t *r, uint32_t addr) {
  if (r->c.hash == GREF_IDX_IPOLY) return idx_ipoly(r, addr);
  if (r->c.hash == GREF_IDX_XOR) return idx_xor(r, addr);
  int fermi_ok = r->c.sets == 32 || r->c.sets == 64;
  if (!ALT(GR_INDEX)) return r->c.hash ? idx_fermi(r, addr) : idx_linear(r, addr);
  if (r->c.hash) return idx_linear(r, addr);
  return fermi_ok ? idx_fermi(r, addr) : (addr >> (r->offw + 1)) % r->c.sets;
}

/* ---- queues ------------------------------------------------------------- */
static gref_q_t *queue_of(gref_t *r, int byp) { return byp && !ALT(GR_R6_BYPQ) ? &r->bq : &r->mq; }
static const gref_q_t *cqueue_of(const gref_t *r, int byp) { return byp && !gref_alt(r, GR_R6_BYPQ) ? &r->bq : &r->mq; }
static unsigned q_pos(const gref_t *r, const gref_q_t *q) {
  /* FIFO: the oldest; QUEUE_FIFO's alternative: the newest */
  return gref_alt(r, GR_QUEUE_FIFO) ? (q->head + q->n - 1) % q->depth : q->head;
}
const gref_req_t *gref_head(const gref_t *r, int byp) {
  const gref_q_t *q = cqueue_of(r, byp);
  return q->n ? &q->e[q_pos(r, q)] : NULL;
}
unsigned gref_count(const gref_t *r, int byp) { return cqueue_of(r, byp)->n; }
static void q_push(gref_q_t *q, const gref_req_t *x) { q->e[(q->head + q->n) % q->depth] = *x; q->n++; }
static void q_pop(const gref_t *r, gref_q_t *q) {
  if (gref_alt(r, GR_QUEUE_FIFO)) { q->n--; return; }
  q->head = (q->head + 1) % q->depth;
  q->n--;
}

/* ---- lines ---------------------------------------------------------------- */
static gref_line_t *line_at(gref_t *r, unsigned set, unsigned way) { return &r->L[(size_t)set * r->c.ways + way]; }
static int fifo_mode(const gref_t *r) { return (int)(r->c.fifo ^ (unsigned)ALT(GR_REPL)); }
static uint64_t age_key(const gref_t *r, const gref_line_t *l) { return fifo_mode(r) ? l->t_alloc : l->t_access; }
static void stamp_access(gref_t *r, gref_line_t *l) { l->t_access = r->now; }
static void stamp_alloc(gref_t *r, gref_line_t *l) { l->t_access = r->now; l->t_alloc = r->now; l->dead = 0; }

/* sector_cache_block: is_invalid_line (every sector INVALID), is_valid_line
 * (not that), is_reserved_line (any sector RESERVED). */
static int is_valid_line(const gref_line_t *l) { return l->valid || l->rsv; }
/* A line "holds" its tag (a tag compare can match it) when it is a valid
 * line (any sector valid or reserved), or a BA tag-only line.  An
 * invalidated line keeps its tag bits in GPGPU-Sim too, but its INVALID
 * status makes the compare ignore it. */
static int holds(const gref_line_t *l) { return is_valid_line(l) || l->byp; }

/* allocate_line: a new line, every sector INVALID but the request's, which
 * is RESERVED; line allocation and last-access times set.  S_RESERVE_ONE's
 * alternative reserves every sector. */
static void allocate_line(gref_t *r, gref_line_t *l, uint32_t line, unsigned sec) {
  l->line = line;
  l->valid = 0;
  l->rsv = ALT(GR_S_RESERVE_ONE) ? (uint8_t)((1u << gref_sectors(r)) - 1u) : (uint8_t)(1u << sec);
  l->byp = 0;
  l->reuse = 0;
  l->leaked = 0;
  stamp_alloc(r, l);
}
/* allocate_sector: the sector RESERVED, the line's last access set (not its
 * allocation time).  S_ALLOC_TOUCH's alternative leaves the time alone. */
static void allocate_sector(gref_t *r, gref_line_t *l, unsigned sec) {
  l->rsv |= (uint8_t)(1u << sec);
  l->valid &= (uint8_t)~(1u << sec);
  if (!ALT(GR_S_ALLOC_TOUCH)) stamp_access(r, l);
}

static int tag_match(gref_t *r, unsigned set, uint32_t line) {
  for (unsigned w = 0; w < r->c.ways; w++) {
    const gref_line_t *l = line_at(r, set, w);
    if (holds(l) && l->line == line) return (int)w;
  }
  return -1;
}

/* Victim choice in one set, GPGPU-Sim's tag_array::probe plus BA:
 *  1. an invalid, unreserved way ("free"; in BA also no tag-only entry):
 *     the highest-numbered one (GPGPU-Sim keeps the last one its scan finds);
 *  2. else among the unreserved ways the oldest time stamp (strictly older
 *     wins, so ties go to the lowest way), in BA mode restricted to one
 *     reuse group: reuse=0 lines while n0 >= T, reuse=1 lines while n0 < T
 *     (n0 = ways of the set with reuse bit 0), the other group if empty.
 * Returns the way, or -1 when every way is reserved. *free_out says whether
 * the way was free. */
static int victim(gref_t *r, unsigned set, int *free_out) {
  const unsigned W = r->c.ways;
  int fw = -1;
  for (unsigned w = 0; w < W; w++) {
    const gref_line_t *l = line_at(r, set, w);
    if (!l->valid && !l->rsv && !l->byp) {
      if (ALT(GR_R3_FREE_HIGH)) { if (fw < 0) fw = (int)w; }
      else fw = (int)w;
    }
  }
  if (free_out) *free_out = fw >= 0;
  if (fw >= 0) return fw;
  int group = -1; /* -1: any */
  if (r->c.ba) {
    unsigned n0 = 0, g0 = 0, g1 = 0;
    for (unsigned w = 0; w < W; w++) {
      const gref_line_t *l = line_at(r, set, w);
      n0 += !l->reuse;
      if (!l->rsv) { g0 += !l->reuse; g1 += l->reuse; }
    }
    group = n0 >= r->c.thr ? 0 : 1;
    if (ALT(GR_BA_BALANCE)) group = !group;
    if (group == 0 && !g0) group = 1;
    else if (group == 1 && !g1) group = 0;
  }
  int best = -1;
  uint64_t key = 0;
  for (unsigned w = 0; w < W; w++) {
    const gref_line_t *l = line_at(r, set, w);
    if (l->rsv || (group >= 0 && l->reuse != (unsigned)group)) continue;
    if (best < 0 || age_key(r, l) < key) { best = (int)w; key = age_key(r, l); }
  }
  return best;
}

/* ---- MSHR ----------------------------------------------------------------- */
/* The key of an atom: itself (mshr_addr); S_MSHR_ATOM's alternative: the
 * line's first atom (an entry per line). */
static uint32_t mkey(const gref_t *r, uint32_t atom) {
  return ALT(GR_S_MSHR_ATOM) ? atom >> r->sectw << r->sectw : atom;
}
static int mshr_find(const gref_t *r, uint32_t atom) {
  uint32_t k = mkey(r, atom);
  for (unsigned e = 0; e < r->c.entries; e++)
    if (r->M[e].valid && r->M[e].atom == k) return (int)e;
  return -1;
}
static int mshr_free(const gref_t *r) {
  unsigned used = 0;
  int fe = -1;
  for (unsigned e = 0; e < r->c.entries; e++) {
    if (r->M[e].valid) used++;
    else if (fe < 0) fe = (int)e;
  }
  unsigned limit = r->c.entries - (ALT(GR_MSHR_ENTRIES) && r->c.entries > 1 ? 1u : 0u);
  return used < limit ? fe : -1;
}
static int mshr_merge_full(const gref_t *r, int e) {
  unsigned limit = r->c.merge - (ALT(GR_MSHR_MERGE) && r->c.merge > 1 ? 1u : 0u);
  return r->M[e].n >= limit;
}

/* The entry that releases this cycle (start-of-cycle state), or -1. */
static int release_entry(const gref_t *r) {
  if (!ALT(GR_R2_REL_FIFO)) return r->rel_n ? (int)r->relq[r->rel_head] : -1;
  for (unsigned e = 0; e < r->c.entries; e++)
    if (r->M[e].valid && r->M[e].filled) return (int)e;
  return -1;
}
static void relq_remove(gref_t *r, unsigned e) {
  unsigned k, n = r->rel_n, E = r->c.entries;
  for (k = 0; k < n; k++)
    if (r->relq[(r->rel_head + k) % E] == e) break;
  if (k == n) return;
  for (; k + 1 < n; k++) r->relq[(r->rel_head + k) % E] = r->relq[(r->rel_head + k + 1) % E];
  r->rel_n--;
}

/* ---- one cycle -------------------------------------------------------------- */
enum { A_NONE, A_ST, A_BYP_LD, A_HIT, A_MERGE, A_SMERGE, A_NEW, A_SNEW, A_PSEUDO, A_BA_BYP };

int gref_cycle(gref_t *r, const gref_in_t *in, gref_out_t *o) {
  const unsigned N = r->c.missq;
  const int on_fill = (int)(r->c.on_fill ^ (unsigned)(ALT(GR_ALLOC) && !r->c.ba));
  const int evict = (int)(!r->c.through ^ (unsigned)ALT(GR_WRITE));
  const uint32_t smask = gref_sectors(r) - 1u;
  memset(o, 0, sizeof *o);
  r->err[0] = 0;

  /* -- start-of-cycle facts -- */
  int rel_e = release_entry(r);
  int rel_go = rel_e >= 0 && !(in->fill_go && in->fill_byp);
  unsigned mq_n = r->mq.n, bq_n = r->bq.n;

  /* -- the request's decision (GPGPU-Sim's probe + process_tag_probe) -- */
  unsigned set = gref_set(r, in->addr);
  uint32_t line = in->addr >> r->offw, atom = in->addr >> r->atw;
  unsigned sec = atom & smask;
  uint8_t sb = (uint8_t)(1u << sec);
  int act = A_NONE, way = -1, ent = -1, leak_way = -1;
  uint32_t out = L1D_OUT_MISS, fail = L1D_FAIL_NONE;
  /* miss-queue thresholds: miss_queue_full(1) for loads, (0) for stores */
  int ld_mq_full = ALT(GR_R1_MQ_LOAD) ? mq_n >= N : mq_n + 1 >= N;
  int st_mq_full = ALT(GR_MQ_STORE) ? mq_n + 1 >= N : mq_n >= N;
  int byp_full = ALT(GR_R6_BYPQ) ? mq_n >= N : bq_n >= r->bq.depth;
  uint32_t byp_fail = ALT(GR_R6_BYPQ) ? L1D_FAIL_MISS_QUEUE : GREF_FAIL_BYP_QUEUE;
  /* the tag part of tag_array::probe: the first way whose line holds the
   * tag; the request's sector status decides.  A present line (any sector
   * valid or reserved) whose sector is INVALID is a SECTOR_MISS on it
   * (S_SECTOR_MISS's alternative: it is ignored, a line miss). */
  /* a line fill writes the arrays: it owns the cycle; a bypassed fill takes
   * only the response port (alt: it owns the cycle too) */
  const int line_fill = in->fill_go && (!in->fill_byp || ALT(GR_BYP_FILL_PORT)),
            byp_fill = in->fill_go && in->fill_byp;
  if (!line_fill && (in->store || !in->byp)) {
    way = tag_match(r, set, line);
    const gref_line_t *l = way >= 0 ? line_at(r, set, (unsigned)way) : NULL;
    if (l && !l->byp && gref_status(l, sec) == GREF_INVALID && ALT(GR_S_SECTOR_MISS)) way = -1;
  }
  if (line_fill) {
    fail = L1D_FAIL_PORT_BUSY; /* project timing: an accepted line fill owns the arrays */
  } else if (in->store) {
    /* write: HIT -> wr_hit_we / wr_hit_wt; anything else (RESERVATION_FAIL
     * included, with no write allocate) -> wr_miss_no_wa; both check
     * miss_queue_full(0).  The statistics report HIT_RESERVED for a store to
     * a reserved sector and SECTOR_MISS for one to a present line's invalid
     * sector (select_stats_status). */
    const gref_line_t *l = way >= 0 ? line_at(r, set, (unsigned)way) : NULL;
    int st = l ? gref_status(l, sec) : GREF_INVALID;
    out = !l ? L1D_OUT_MISS : st == GREF_VALID ? L1D_OUT_HIT : st == GREF_RESERVED ? L1D_OUT_HIT_RESERVED
        : l->byp ? L1D_OUT_MISS : GREF_OUT_SECTOR_MISS;
    act = A_ST;
    if (st_mq_full) fail = L1D_FAIL_MISS_QUEUE;
  } else if (in->byp) {
    act = A_BYP_LD;
    if (byp_full) fail = byp_fail;
  } else {
    gref_line_t *l = way >= 0 ? line_at(r, set, (unsigned)way) : NULL;
    if (l && l->byp && ALT(GR_BA_PSEUDO)) { l = NULL; way = -1; }
    ent = mshr_find(r, atom);
    int st = l ? gref_status(l, sec) : GREF_INVALID;
    if (l && st == GREF_VALID) {
      out = L1D_OUT_HIT;
      act = A_HIT;
      /* one response port: a release or a bypassed fill takes it first */
      if ((rel_e >= 0 || byp_fill) && !ALT(GR_PORT_BUSY)) fail = L1D_FAIL_PORT_BUSY;
    } else if (l && st == GREF_RESERVED) {
      /* HIT_RESERVED -> rd_miss_base: miss_queue_full(1), then the MSHR */
      out = L1D_OUT_HIT_RESERVED;
      act = ent >= 0 ? A_MERGE : A_NEW;
      if (ld_mq_full) fail = L1D_FAIL_MISS_QUEUE;
      else if (ent >= 0 && mshr_merge_full(r, ent)) fail = L1D_FAIL_MSHR_MERGE;
      else if (ent < 0 && mshr_free(r) < 0) fail = L1D_FAIL_MSHR_ENTRY;
    } else if (l && l->byp) {
      /* BA pseudo-hit: a miss that fetches the line into its own way */
      act = ent >= 0 ? A_MERGE : A_PSEUDO;
      if (ld_mq_full) fail = L1D_FAIL_MISS_QUEUE;
      else if (ent >= 0 && mshr_merge_full(r, ent)) fail = L1D_FAIL_MSHR_MERGE;
      else if (ent < 0 && mshr_free(r) < 0) fail = L1D_FAIL_MSHR_ENTRY;
    } else if (l) {
      /* SECTOR_MISS (only with sectors: the line is present, its sector
       * INVALID) -> rd_miss_base: miss_queue_full(1), then the MSHR by the
       * sector's address.  The probe found the line, so no LINE_ALLOC.  A
       * merge (ON_FILL before the fill, or a filled entry still draining)
       * reserves nothing: GPGPU-Sim's access() calls allocate_sector in
       * ON_MISS -- a reserved sector that no fill completes -- which the
       * project does not (gpgpusim_leak does).  A new entry: ON_MISS
       * allocate_sector on the line's way; ON_FILL nothing until the fill. */
      out = GREF_OUT_SECTOR_MISS;
      act = ent >= 0 ? A_SMERGE : A_SNEW;
      if (ld_mq_full) fail = L1D_FAIL_MISS_QUEUE;
      else if (ent >= 0 && mshr_merge_full(r, ent)) fail = L1D_FAIL_MSHR_MERGE;
      else if (ent < 0 && mshr_free(r) < 0) fail = L1D_FAIL_MSHR_ENTRY;
    } else if (ent >= 0) {
      /* tag miss, the MSHR has the sector (ON_FILL before the fill; or the
       * line was evicted/invalidated while its entry drains): merge.
       * GPGPU-Sim's probe still reports RESERVATION_FAIL when every way is
       * reserved (ON_MISS); the project keeps that check (R5) but allocates
       * no way. */
      act = A_MERGE;
      o->drain_merge = 1;
      int la = 0;
      if (!on_fill && !r->c.ba && !ALT(GR_R5_DRAIN_MERGE)) {
        leak_way = victim(r, set, NULL);
        la = leak_way < 0;
      }
      if (la) fail = L1D_FAIL_LINE_ALLOC;
      else if (ld_mq_full) fail = L1D_FAIL_MISS_QUEUE;
      else if (mshr_merge_full(r, ent)) fail = L1D_FAIL_MSHR_MERGE;
    } else if (on_fill) {
      act = A_NEW;
      if (ld_mq_full) fail = L1D_FAIL_MISS_QUEUE;
      else if (mshr_free(r) < 0) fail = L1D_FAIL_MSHR_ENTRY;
    } else {
      int fr = 0;
      way = victim(r, set, &fr);
      if (r->c.ba && !fr) {
        act = A_BA_BYP; /* no free line: bypass; the victim (if any) keeps the tag only */
        if (byp_full) fail = byp_fail;
      } else {
        act = A_NEW;
        int la = way < 0, mqf = ld_mq_full, me = mshr_free(r) < 0;
        if (ALT(GR_CHECK_ORDER)) fail = mqf ? L1D_FAIL_MISS_QUEUE : la ? L1D_FAIL_LINE_ALLOC : me ? L1D_FAIL_MSHR_ENTRY : 0;
        else fail = la ? L1D_FAIL_LINE_ALLOC : mqf ? L1D_FAIL_MISS_QUEUE : me ? L1D_FAIL_MSHR_ENTRY : 0;
      }
    }
  }
  if (fail != L1D_FAIL_NONE) out = L1D_OUT_RES_FAIL;
  o->outcome = out;
  o->fail = fail;
  o->ready = fail == L1D_FAIL_NONE;
  int go = in->req_valid && o->ready;
  if (!go) { act = A_NONE; o->drain_merge = 0; }
  if (in->req_valid) {
    r->n_out[out < GREF_NOUT ? out : 0]++;
    r->n_fail[fail & 7u]++;
  }

  /* -- response port: bypass fill > release > load hit -- */
  if (in->fill_go && in->fill_byp) {
    o->rsp_valid = 1;
    o->rsp_id = in->fill_id;
  } else if (rel_go) {
    gref_mshr_t *m = &r->M[rel_e];
    unsigned k = ALT(GR_REL_OLDEST) ? m->n - 1 : 0;
    o->rsp_valid = 1;
    o->rsp_id = m->ids[k];
  } else if (act == A_HIT) {
    o->rsp_valid = 1;
    o->rsp_id = in->id;
  }

  /* -- queue pops observed at the memory side (start-of-cycle contents) -- */
  if (in->pop_valid) {
    gref_q_t *q = queue_of(r, (int)in->pop_byp);
    if (!q->n) { snprintf(r->err, sizeof r->err, "memory took a %s request but the reference's queue is empty", in->pop_byp ? "bypass" : "miss-queue"); return -1; }
    q_pop(r, q);
  }

  /* -- fill (accepted this cycle): one sector, named by its atom address -- */
  if (in->fill_go && !in->fill_byp) {
    int fe = -1;
    uint32_t fk = mkey(r, in->fill_atom);
    for (unsigned e = 0; e < r->c.entries && fe < 0; e++)
      if (r->M[e].valid && !r->M[e].filled && r->M[e].atom == fk) fe = (int)e;
    if (fe < 0) { snprintf(r->err, sizeof r->err, "fill of atom 0x%x accepted but the reference has no pending MSHR entry for it", in->fill_atom); return -1; }
    gref_mshr_t *m = &r->M[fe];
    uint32_t fline = in->fill_atom >> r->sectw;
    unsigned fsec = in->fill_atom & smask;
    uint8_t fsb = (uint8_t)(1u << fsec);
    unsigned fset = gref_set(r, in->fill_atom << r->atw);
    if (on_fill) {
      /* tag_array::fill(addr): probe again.  The line present (a valid
       * line holds the tag) -> SECTOR_MISS: allocate_sector, then fill (a
       * sector already valid or reserved -- HIT / HIT_RESERVED -- only
       * fills); else MISS: the victim, allocate_line, fill.  S_FILL_PROBE's
       * alternative always takes a victim. */
      int fw = ALT(GR_S_FILL_PROBE) ? -1 : tag_match(r, fset, fline);
      if (fw >= 0) {
        gref_line_t *l = line_at(r, fset, (unsigned)fw);
        if (gref_status(l, fsec) == GREF_INVALID) allocate_sector(r, l, fsec);
      } else {
        fw = victim(r, fset, NULL);
        if (fw < 0) { snprintf(r->err, sizeof r->err, "fill of atom 0x%x accepted but every way of set %u is reserved", in->fill_atom, fset); return -1; }
        allocate_line(r, line_at(r, fset, (unsigned)fw), fline, fsec);
      }
      m->way = (unsigned)fw;
    }
    /* fill: the sector VALID (GPGPU-Sim: from the fill on; R4's
     * alternative keeps it reserved until its entry drained) */
    gref_line_t *l = line_at(r, fset, m->way);
    l->valid |= fsb;
    if (!ALT(GR_R4_VALID_AT_FILL)) l->rsv &= (uint8_t)~fsb;
    l->byp = 0;
    l->leaked &= (uint8_t)~fsb;
    m->filled = 1;
    r->relq[(r->rel_head + r->rel_n) % r->c.entries] = (unsigned)fe;
    r->rel_n++;
  }

  /* -- release: one merged request -- */
  if (rel_go) {
    gref_mshr_t *m = &r->M[rel_e];
    if (ALT(GR_REL_OLDEST)) m->n--;
    else { memmove(m->ids, m->ids + 1, (m->n - 1) * sizeof *m->ids); m->n--; }
    r->n_rel++;
  }

  /* -- the accepted request's effects -- */
  gref_req_t mreq = {atom, in->id, (uint8_t)(in->store != 0), 0};
  int push = 0;
  gref_line_t *l = way >= 0 ? line_at(r, set, (unsigned)way) : NULL;
  switch (act) {
    case A_ST:
      push = 1;
      if (l && gref_status(l, sec) == GREF_VALID) {
        if (evict) {
          /* wr_hit_we: the sector INVALID (no LRU update); S_WE_SECTOR's
           * alternative: every valid sector */
          l->valid &= ALT(GR_S_WE_SECTOR) ? 0u : (uint8_t)~sb;
          if (!l->valid && !(l->rsv & (uint8_t)~sb)) l->dead = 1; /* an invalid line now */
        } else {
          stamp_access(r, l); /* wr_hit_wt: tag_array::access refreshes LRU */
        }
        if (r->c.ba) l->reuse = 1;
      } else if (ALT(GR_NO_WALLOC) && !l) {
        int vw = victim(r, set, NULL);
        if (vw >= 0) {
          gref_line_t *v = line_at(r, set, (unsigned)vw);
          allocate_line(r, v, line, sec);
          v->valid = sb;
          v->rsv = 0;
        }
      }
      break;
    case A_BYP_LD:
      push = 1;
      mreq.byp = 1;
      r->n_byp++;
      o->bypassed = 1;
      break;
    case A_HIT:
      if (!ALT(GR_LRU_HIT_TOUCH)) stamp_access(r, l);
      if (r->c.ba && !ALT(GR_BA_REUSE)) l->reuse = 1;
      break;
    case A_MERGE: {
      gref_mshr_t *m = &r->M[ent];
      m->ids[m->n++] = in->id; /* after this cycle's release */
      if (l) {                 /* HIT_RESERVED (or a tag-only line): tag_array::access refreshes */
        stamp_access(r, l);
        if (r->c.ba) l->reuse = 1;
      }
      if (o->drain_merge) r->n_drain_merge++;
      if (o->drain_merge && r->c.gpgpusim_leak && leak_way >= 0) {
        /* GPGPU-Sim: tag_array::access sees MISS and allocates a reserved way
         * that the (already arrived) fill never completes */
        gref_line_t *v = line_at(r, set, (unsigned)leak_way);
        allocate_line(r, v, line, sec);
        v->leaked = v->rsv;
        r->leaks++;
      }
      break;
    }
    case A_SMERGE: {
      gref_mshr_t *m = &r->M[ent];
      m->ids[m->n++] = in->id;
      o->sector_drain_merge = 1;
      r->n_sector_drain_merge++;
      if (r->c.gpgpusim_leak && !on_fill) {
        /* GPGPU-Sim: access() sees SECTOR_MISS and, ON_MISS, allocates the
         * sector (reserved, last access set) -- a fill never completes it */
        allocate_sector(r, l, sec);
        l->leaked |= sb;
        r->leaks++;
      }
      break;
    }
    case A_PSEUDO:
    case A_NEW:
    case A_SNEW: {
      int fe = mshr_free(r);
      gref_mshr_t *m = &r->M[fe];
      m->valid = 1; m->filled = 0; m->atom = mkey(r, atom); m->n = 1; m->ids[0] = in->id;
      push = 1;
      if (act == A_PSEUDO) {
        l->rsv = sb; l->byp = 0; l->reuse = 1;
        stamp_alloc(r, l);
        m->way = (unsigned)way;
        o->pseudo = 1;
        r->n_pseudo++;
      } else if (act == A_SNEW) {
        /* SECTOR_MISS: ON_MISS allocate_sector in the line's way; ON_FILL
         * the line is left alone (the fill probes again) */
        if (!on_fill) allocate_sector(r, l, sec);
        m->way = (unsigned)way;
      } else if (l && (l->rsv & sb)) {
        m->way = (unsigned)way; /* a leaked reserved sector: this entry's fill completes it */
        stamp_access(r, l);
      } else if (!on_fill) {
        allocate_line(r, l, line, sec);
        m->way = (unsigned)way;
      } else {
        m->way = 0;
      }
      break;
    }
    case A_BA_BYP:
      push = 1;
      mreq.byp = 1;
      r->n_byp++;
      o->bypassed = 1;
      if (l && !ALT(GR_BA_TAGONLY)) {
        l->line = line; l->valid = 0; l->rsv = 0; l->byp = 1; l->reuse = 0;
        stamp_alloc(r, l);
      }
      break;
    default: break;
  }
  if (push) q_push(queue_of(r, mreq.byp), &mreq);

  /* -- an entry whose last request was released (and got no merge) frees -- */
  if (rel_go && r->M[rel_e].n == 0) {
    gref_mshr_t *m = &r->M[rel_e];
    if (ALT(GR_R4_VALID_AT_FILL)) {
      uint32_t mline = m->atom >> r->sectw;
      gref_line_t *rl = line_at(r, gref_set(r, m->atom << r->atw), m->way);
      if (rl->line == mline) rl->rsv &= (uint8_t)~(1u << (m->atom & smask));
    }
    m->valid = 0;
    m->filled = 0;
    relq_remove(r, (unsigned)rel_e);
  }
  r->now++;
  return 0;
}
