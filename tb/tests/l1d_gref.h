/* l1d_gref.h -- an independent reference model of the L1D, written from
 * GPGPU-Sim's documented behaviour (gpgpu-sim_distribution,
 * src/gpgpu-sim/gpu-cache.{h,cc}: tag_array::probe/access/fill, mshr_table,
 * data_cache::process_tag_probe, rd_miss_base, wr_hit_we/wt, wr_miss_no_wa,
 * miss_queue_full) plus the project's own additions (BA mode of the BA paper,
 * the bypass queue) and the project's timing conventions (docs/l1d.md).
 * Nothing here is shared with csim/: the set index, the victim choice, the
 * MSHR and the queues are re-derived.  docs/l1d_conformance.md lists every
 * rule, with "same as GPGPU-Sim" or "differs, because ...".
 *
 * The model is written the way GPGPU-Sim keeps its state: per line a tag,
 * a status per sector (INVALID / RESERVED / VALID, sector_cache_block; a
 * line cache is the one-sector case) and two line time stamps (last
 * access, allocation); the MSHR as entries keyed by the atom address
 * (mshr_addr: the sector's address, the line address with one sector)
 * holding a list of merged request ids; a FIFO of filled entries; the miss
 * queue as a FIFO of requests (atom addresses).
 *
 * Sectors (issue 23, docs/l1d.md "Sectored lines and streaming
 * allocation"): cfg.sectors = 1 (or 0) is the line cache and behaves
 * exactly as before; 4 is GPGPU-Sim's S: cache.  A request names one
 * sector by its address.  The rules read from gpu-cache.{h,cc}:
 * tag_array::probe (tag match on a line with any sector valid or reserved;
 * the sector's status decides HIT / HIT_RESERVED / SECTOR_MISS),
 * tag_array::access (SECTOR_MISS with ON_MISS: allocate_sector, which
 * reserves the sector and sets the line's last access; MISS with ON_MISS:
 * allocate_line, every other sector INVALID), tag_array::fill(index)
 * (ON_MISS: the sector VALID, no time stamp) and fill(addr) (ON_FILL: probe
 * again -- present line: allocate_sector + fill; else the victim:
 * allocate_line + fill), wr_hit_we (only the sector INVALID), wr_hit_wt
 * (access: last access set; GPGPU-Sim marks the sector MODIFIED, which for
 * a write-through L1 reads, evicts and fills like VALID), wr_miss_no_wa and
 * select_stats_status (SECTOR_MISS reported when the access went out).
 *
 * One call per clock cycle (gref_cycle): the reference takes the cycle's
 * inputs and two decisions that belong to the project's timing, not to
 * GPGPU-Sim -- whether the fill presented this cycle was accepted (the
 * model's fill_ready_o back-pressure) and whether the memory side took a
 * queue head (mem_req_ready_i plus the model's choice between the miss
 * queue and the bypass queue) -- and returns what GPGPU-Sim's rules say:
 * the outcome and fail reason of the presented request and the response.
 * Its state (lines, MSHR, queues) can then be compared with the model's.
 *
 * Every rule has a switch (bit k of cfg.alt): 0 = the rule as GPGPU-Sim /
 * the project defines it, 1 = an alternative.  For rules R1..R6 the
 * alternative is the L1D model's behaviour before issue 7 (so the
 * comparison can say which rule a disagreement belongs to); for the others
 * it is simply wrong (so the test can prove it has teeth). */
#ifndef L1D_GREF_H
#define L1D_GREF_H
#include <stdint.h>

enum {
  /* rules issue 7 changes; the alternative is the pre-issue-7 model */
  GR_R1_MQ_LOAD,      /* non-hit loads refused MISS_QUEUE at N-1 entries (alt: at N) */
  GR_R2_REL_FIFO,     /* filled entries release in fill order, one whole entry after another (alt: lowest-numbered filled entry) */
  GR_R3_FREE_HIGH,    /* a new line takes the highest-numbered invalid way (alt: the lowest) */
  GR_R4_VALID_AT_FILL,/* a line is valid and replaceable at its fill (alt: reserved until its entry drained) */
  GR_R5_DRAIN_MERGE,  /* tag miss merging into a live MSHR entry (ON_MISS, not BA): LINE_ALLOC checked as the probe does (alt: not checked) */
  GR_R6_BYPQ,         /* bypassed loads use the bypass queue, fail BYP_QUEUE when full (alt: the miss queue, MISS_QUEUE at N) */
  /* rules that stay; the alternative is wrong on purpose (teeth) */
  GR_MQ_STORE,        /* stores refused MISS_QUEUE at N entries (alt: at N-1) */
  GR_CHECK_ORDER,     /* load miss checks: LINE_ALLOC, then MISS_QUEUE, then MSHR (alt: MISS_QUEUE first) */
  GR_MSHR_ENTRIES,    /* a new line needs a free MSHR entry (alt: one entry fewer) */
  GR_MSHR_MERGE,      /* a merge needs fewer than max_merge requests in the entry (alt: max_merge-1) */
  GR_REPL,            /* LRU evicts the oldest last access, FIFO the oldest allocation (alt: swapped) */
  GR_LRU_HIT_TOUCH,   /* a load hit refreshes the line's last-access time (alt: it does not) */
  GR_WRITE,           /* store hit: write-evict invalidates, write-through updates (alt: swapped) */
  GR_NO_WALLOC,       /* a store miss allocates nothing (alt: it installs the line) */
  GR_ALLOC,           /* allocate on miss / on fill as configured (alt: swapped; not with BA) */
  GR_INDEX,           /* linear or Fermi-hash set index (alt: linear <-> hash, or line>>1 where hash is undefined) */
  GR_QUEUE_FIFO,      /* the miss queue is first in, first out (alt: newest first) */
  GR_REL_OLDEST,      /* an entry releases its merged requests oldest first (alt: newest first) */
  GR_PORT_BUSY,       /* load hits refused PORT_BUSY while a release owns the response port (alt: not) */
  GR_BA_BALANCE,      /* BA victim from reuse=0 lines while n0 >= T, else reuse=1 (alt: groups swapped) */
  GR_BA_TAGONLY,      /* BA bypass writes the victim's tag only (bypass bit 1, reuse 0) (alt: no tag update) */
  GR_BA_PSEUDO,       /* BA pseudo-hit fetches the line and re-reserves it (alt: bypassed again) */
  GR_BA_REUSE,        /* BA: a load hit sets the reuse bit (alt: it does not) */
  GR_BYP_FILL_PORT,   /* a bypassed fill takes only the response port: D's other requests go (alt: it owns the cycle as a line fill does) */
  GR_IPOLY,           /* IPOLY set index: GPGPU-Sim's ipoly_hash_function equations (alt: set bit 0 without its a[0] term) */
  GR_XOR,             /* XOR set index: index ^ (higher_bits & (sets-1)) (alt: higher_bits taken one bit higher) */
  /* sectored lines (issue 23; no effect with one sector); the alternative
   * is wrong on purpose (teeth) */
  GR_S_SECTOR_MISS,   /* a present line with the request's sector invalid is a SECTOR_MISS on that line (alt: a line miss, a new way) */
  GR_S_WE_SECTOR,     /* a write-evict store hit invalidates only its sector (alt: every valid sector of the line) */
  GR_S_RESERVE_ONE,   /* ON_MISS allocate_line reserves only the request's sector (alt: every sector) */
  GR_S_FILL_PROBE,    /* an ON_FILL fill probes again: a present line gets the sector in its way (alt: always a new victim) */
  GR_S_ALLOC_TOUCH,   /* allocate_sector sets the line's last access (alt: it does not) */
  GR_S_MSHR_ATOM,     /* the MSHR is keyed by the atom (sector) address (alt: by the line address) */
  GR_NRULES
};
extern const char *const gref_rule_name[GR_NRULES];
extern const char *const gref_rule_text[GR_NRULES];

#define GR_FIRST_SECTOR_RULE GR_S_SECTOR_MISS
/* gref_cfg_t.alt is a 32-bit mask: one bit per rule */
_Static_assert(GR_NRULES <= 32, "gref_cfg_t.alt has 32 bits");
static inline int gref_rule_is_sector(int k) { return k >= GR_FIRST_SECTOR_RULE && k < GR_NRULES; }

/* Outcome and fail codes: the project's (L1D_OUT_*, L1D_FAIL_*); the bypass
 * queue's fail code 6 and the SECTOR_MISS outcome 4 are defined here until
 * csim/params.def has them (l1d_gref.c checks that they agree once it does). */
enum { GREF_FAIL_BYP_QUEUE = 6, GREF_OUT_SECTOR_MISS = 4, GREF_NOUT = 5 };
enum { GREF_MAX_SECTORS = 8 };
/* Set-index functions (GPGPU-Sim's set_index_function letters L, H, P, X). */
enum { GREF_IDX_LINEAR, GREF_IDX_FERMI, GREF_IDX_IPOLY, GREF_IDX_XOR };
/* A sector's status (GPGPU-Sim's cache_block_state without MODIFIED). */
enum { GREF_INVALID, GREF_RESERVED, GREF_VALID };

typedef struct {
  unsigned sets, ways, line, entries, merge, missq, bypq, addr_w;
  unsigned fifo;     /* 0 LRU, 1 FIFO */
  unsigned through;  /* 0 write-evict, 1 write-through */
  unsigned on_fill;  /* 0 allocate on miss, 1 on fill */
  unsigned hash;     /* set index: GREF_IDX_LINEAR, _FERMI, _IPOLY (16/32/64 sets), _XOR */
  unsigned ba, thr;  /* Bypass-Aware mode and its threshold */
  unsigned sectors;  /* sectors per line: 0 or 1 a line cache, else a power of two <= 8 (4: GPGPU-Sim's S:); not with BA */
  unsigned gpgpusim_leak; /* allocate (and leak) a reserved way on a tag-miss merge, as GPGPU-Sim does */
  uint32_t alt;      /* bit k: rule k takes its alternative */
} gref_cfg_t;

/* A line.  The status of sector s is kept as bit s of two masks: VALID
 * (valid), RESERVED (rsv), INVALID (neither) -- gref_status() reads it the
 * way sector_cache_block::get_status does.  With one sector the masks are
 * the line's valid and reserved flags.  (R4's alternative alone sets both
 * bits of a sector: valid and still reserved until its entry drained.) */
typedef struct {
  uint32_t line;         /* tag: line address */
  uint8_t valid, rsv;    /* per-sector status, bit s = sector s */
  uint8_t byp, reuse;    /* BA bits (line caches only) */
  uint8_t leaked;        /* sectors reserved by a merge that no fill completes (gpgpusim_leak) */
  uint8_t dead;          /* no sector left after a write-evict store: its age no longer matters */
  uint64_t t_access, t_alloc; /* m_line_last_access_time, m_line_alloc_time */
} gref_line_t;

typedef struct {
  uint8_t valid, filled;
  uint32_t atom;         /* key: the atom address (sector address; line address with one sector) */
  unsigned way;          /* ON_MISS: the reserved way; ON_FILL: the way chosen at the fill */
  unsigned n;            /* merged requests not yet released */
  uint32_t *ids;         /* ids[0] oldest */
} gref_mshr_t;

/* A request toward memory: the atom address (line address with one sector). */
typedef struct { uint32_t atom, id; uint8_t store, byp; } gref_req_t;

typedef struct { gref_req_t *e; unsigned depth, head, n; } gref_q_t;

typedef struct {
  gref_cfg_t c;
  unsigned offw;         /* log2 line bytes */
  unsigned sectw, atw;   /* log2 sectors; log2 sector bytes (atom = addr >> atw) */
  gref_line_t *L;        /* sets*ways */
  gref_mshr_t *M;        /* entries */
  uint32_t *idbuf;
  unsigned *relq, rel_head, rel_n; /* FIFO of filled entries */
  gref_q_t mq, bq;
  uint64_t now;
  uint64_t leaks;        /* ways leaked so far (gpgpusim_leak) */
  uint64_t n_out[GREF_NOUT], n_fail[8], n_pseudo, n_byp, n_drain_merge, n_rel;
  uint64_t n_sector_drain_merge; /* SECTOR_MISS loads merged into a live entry */
  char err[200];
} gref_t;

typedef struct {
  uint32_t req_valid, addr, store, byp, id;
  uint32_t fill_go, fill_atom, fill_byp, fill_id; /* fill accepted this cycle (model's decision); its atom address */
  uint32_t pop_valid, pop_byp;                   /* the memory side took a queue head this cycle */
} gref_in_t;

typedef struct {
  uint32_t outcome, fail, ready;
  uint32_t rsp_valid, rsp_id;
  uint32_t pseudo, bypassed;   /* BA pseudo-hit; request sent as a bypass */
  uint32_t drain_merge;        /* a tag miss merged into a live entry (rule 5 situation) */
  uint32_t sector_drain_merge; /* a SECTOR_MISS merged into a live entry (the per-sector no-leak situation) */
} gref_out_t;

/* 0; -1 when out of memory or the configuration is not one the reference
 * models (sectors not a power of two <= 8 and <= line, sectors with BA):
 * r->err says which. */
int gref_init(gref_t *r, const gref_cfg_t *c);
void gref_free(gref_t *r);
unsigned gref_set(const gref_t *r, uint32_t addr);
/* One clock cycle.  0, or -1 with r->err set when the inputs are impossible
 * for the reference (a fill for a line with no pending entry, a pop from an
 * empty queue): that is itself a disagreement. */
int gref_cycle(gref_t *r, const gref_in_t *in, gref_out_t *o);
/* Head of the miss queue (byp=0) or bypass queue (byp=1); NULL when empty.
 * With R6's alternative, both names refer to the miss queue. */
const gref_req_t *gref_head(const gref_t *r, int byp);
unsigned gref_count(const gref_t *r, int byp);
static inline int gref_alt(const gref_t *r, int k) { return (int)((r->c.alt >> k) & 1u); }
/* Sector s's status in a line (sector_cache_block::get_status). */
static inline int gref_status(const gref_line_t *l, unsigned s) {
  return (l->valid >> s) & 1u ? GREF_VALID : (l->rsv >> s) & 1u ? GREF_RESERVED : GREF_INVALID;
}
static inline unsigned gref_sectors(const gref_t *r) { return 1u << r->sectw; }

#endif
