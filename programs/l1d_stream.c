/* l1d_stream.c -- build/bin/l1d-stream: the L1D C model alone, driven the
 * way GPGPU-Sim's LD/ST unit drives its l1_cache, on a seeded request
 * stream, for the speed comparison of issue 28 (docs/lockstep.md, "The
 * C model against GPGPU-Sim's cache").
 *
 *   l1d-stream --config tb/configs/l1d/base_fermi.cfg --stream A|B|idle
 *              [--cycles N] [--seed S]
 *
 * Streams (the definitions the reference figures were measured with):
 *   A     a request offered every cycle (a refused one is held), memory
 *         always ready, every load's fill 100 cycles after the cache sent
 *         it (in order);
 *   B     a request offered half the cycles (geometric gaps: each free
 *         cycle offers one with probability 1/2), memory ready 70 % of the
 *         cycles, fill latency uniform in 20..300 (out of order);
 *   idle  one request every 256 cycles, memory as A.
 * Addresses: a footprint of 4x the cache's lines; half the requests reuse
 * one of the last 64 lines requested, the rest a uniform line of the
 * footprint; 20 % stores (full byte mask).  Load ids are unique among the
 * loads in flight (a load waits while every id is in flight).
 * Prints one line: cycles, seconds, cycles/s, decided requests (ev_access_o)
 * and decided/s, and the hit / miss / stall counts.  Exit 0; 2 on bad
 * input (one "error: ..." line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bits.h"
#include "cfg.h"
#include "l1d.h"
#include "ls_rng.h"

typedef struct { uint64_t due; uint32_t line, byp, id; } pend_t;

/* a binary min-heap of pending fills by due cycle (ties: insertion order
 * does not matter -- any due fill may be presented); fifo: every fill is
 * due a fixed latency after its send and a cycle sends at most one, so the
 * due cycles strictly increase in push order and the heap's order is the
 * order of a ring queue (a[head] the earliest; cap a power of two) */
typedef struct { pend_t *a; unsigned n, cap, head, fifo; } heap_t;
static inline const pend_t *heap_top(const heap_t *h) { return &h->a[h->head]; }
static void heap_push(heap_t *h, pend_t p) {
  if (h->fifo) {
    h->a[(h->head + h->n++) & (h->cap - 1u)] = p;
    return;
  }
  unsigned i = h->n++;
  while (i) {
    unsigned u = (i - 1) / 2;
    if (h->a[u].due <= p.due) break;
    h->a[i] = h->a[u];
    i = u;
  }
  h->a[i] = p;
}
static void heap_pop(heap_t *h) {
  if (h->fifo) {
    h->head = (h->head + 1u) & (h->cap - 1u);
    h->n--;
    return;
  }
  pend_t x = h->a[--h->n];
  unsigned i = 0;
  for (;;) {
    unsigned l = 2 * i + 1, s = i;
    if (l >= h->n) break;
    if (l + 1 < h->n && h->a[l + 1].due < h->a[l].due) l++;
    if (h->a[l].due >= x.due) break;
    h->a[i] = h->a[l];
    i = l;
    (void)s;
  }
  h->a[i] = x;
}

/* The counters' increase since c0 added to the totals; c0 advanced. */
static void cnt_fold(const l1d_t *m, uint32_t *c0, uint64_t *decided, uint64_t *hits, uint64_t *misses,
                     uint64_t *stalls) {
  *decided += (uint32_t)(m->cnt_q[L1D_CNT_ACCESS] - c0[L1D_CNT_ACCESS]);
  *hits += (uint32_t)(m->cnt_q[L1D_CNT_HIT] - c0[L1D_CNT_HIT]);
  *misses += (uint32_t)(m->cnt_q[L1D_CNT_MISS] - c0[L1D_CNT_MISS]);
  for (unsigned k = L1D_CNT_FAIL_LINE; k <= L1D_CNT_FAIL_BYPQ; k++) *stalls += (uint32_t)(m->cnt_q[k] - c0[k]);
  memcpy(c0, m->cnt_q, sizeof m->cnt_q);
}

/* The run's state between cycles (main's locals, by reference: the loop
 * below inlines into main, so they stay main's). */
typedef struct {
  l1d_t *m;
  ls_rng_t *r;
  heap_t *h;
  uint32_t *recent, *nrecent, *ids, *nfree, *c0;
  uint64_t *decided, *hits, *misses, *stalls, *rsps;
  int *have;
  uint64_t *ndue;
  uint32_t foot, L;
} run_t;
/* The cycles of one stream, kind a constant of each copy (A 0, B 1, idle
 * 2): the tests of the stream's kind fold away. */
static inline __attribute__((always_inline)) void run_cycles(const run_t *u, long long cycles, const int kind) {
  l1d_t *m = u->m;
  l1d_in_t *in = &m->in;
  const l1d_out_t *o = &m->out;
  ls_rng_t r = *u->r;
  heap_t h = *u->h;
  uint32_t *recent = u->recent, nrecent = *u->nrecent, *ids = u->ids, nfree = *u->nfree, *c0 = u->c0;
  uint64_t decided = *u->decided, hits = *u->hits, misses = *u->misses, stalls = *u->stalls, rsps = *u->rsps;
  int have = *u->have;
  uint64_t ndue = *u->ndue;
  const uint32_t foot = u->foot, L = u->L;
  for (uint64_t cyc = 0; cyc < (uint64_t)cycles; cyc++) {
    if (!(cyc & ((1u << 30) - 1u)) && cyc) cnt_fold(m, c0, &decided, &hits, &misses, &stalls);
    /* ---- inputs of this cycle ---- */
    if (!have) {
      int offer = kind == 0 ? 1 : kind == 1 ? ls_below(&r, 2) : (cyc & 255u) == 0;
      if (offer) {
        uint64_t x = ls_rand(&r);
        /* (a 6-bit draw modulo min(nrecent, 64): no division once 64 lines were requested) */
        uint32_t line = (x & 1u) && nrecent ? recent[nrecent >= 64 ? (x >> 1 & 63u) : (x >> 1 & 63u) % nrecent]
                                            : (uint32_t)(((x >> 8 & 0xffffffu) * foot) >> 24);
        uint32_t st = ((x >> 32 & 0xffffu) * 100u >> 16) < 20u;
        if (st || nfree) {
          recent[nrecent++ & 63u] = line;
          in->req_addr_i = line * L + (uint32_t)(x >> 48 & (L - 1u) & ~3u);
          in->req_store_i = st;
          in->req_id_i = st ? 0 : ids[--nfree]; /* the load's id leaves the free list while it is offered and in flight */
          have = 1;
        }
      }
    }
    in->req_valid_i = (uint32_t)have;
    if (kind == 1) in->mem_req_ready_i = ls_below(&r, 100) < 70;
    in->fill_valid_i = ndue <= cyc;
    if (ndue <= cyc) {
      in->fill_addr_i = heap_top(&h)->line;
      in->fill_byp_i = heap_top(&h)->byp;
      in->fill_id_i = heap_top(&h)->id;
    }

    l1d_step(m); /* (l1d_comb and l1d_commit in one call: the outputs read below are the cycle's comb outputs) */

    /* ---- what the cycle did ---- */
    if (have && o->req_ready_o) have = 0;
    if (o->rsp_valid_o) { ids[nfree++] = o->rsp_id_o; rsps++; }
    if (o->mem_req_valid_o && in->mem_req_ready_i && !o->mem_req_store_o && h.n < h.cap) {
      uint64_t lat = kind == 1 ? 20u + ls_below(&r, 281) : 100u;
      heap_push(&h, (pend_t){cyc + lat, o->mem_req_addr_o, o->mem_req_byp_o, o->mem_req_byp_o ? o->mem_req_id_o : 0});
      ndue = heap_top(&h)->due;
    }
    if (ndue <= cyc && o->fill_ready_o) {
      heap_pop(&h);
      ndue = h.n ? heap_top(&h)->due : UINT64_MAX;
    }
  }
  *u->r = r;
  *u->h = h;
  *u->nrecent = nrecent, *u->nfree = nfree;
  *u->decided = decided, *u->hits = hits, *u->misses = misses, *u->stalls = stalls, *u->rsps = rsps;
  *u->have = have;
  *u->ndue = ndue;
}

static int usage(const char *what) {
  fprintf(stderr, "error: %s: expected l1d-stream --config <file> --stream A|B|idle [--cycles N] [--seed S]\n", what);
  return 2;
}

__attribute__((flatten)) int main(int argc, char **argv) {
  const char *cfgp = NULL, *stream = NULL;
  long long cycles = 1000000, seed = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (i + 1 >= argc) return usage(a);
    if (!strcmp(a, "--config")) cfgp = argv[++i];
    else if (!strcmp(a, "--stream")) stream = argv[++i];
    else if (!strcmp(a, "--cycles")) { if (cfg_parse_number(argv[++i], &cycles) || cycles < 0) return usage("--cycles"); }
    else if (!strcmp(a, "--seed")) { if (cfg_parse_number(argv[++i], &seed)) return usage("--seed"); }
    else return usage(a);
  }
  if (!cfgp) return usage("--config");
  int kind = !stream ? -1 : !strcmp(stream, "A") ? 0 : !strcmp(stream, "B") ? 1 : !strcmp(stream, "idle") ? 2 : -1;
  if (kind < 0) return usage("--stream");
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  if (cfg_load(&cfg, cfgp)) return 2;
  l1d_geom_t g;
  if (l1d_geom_from_cfg(&cfg, &g)) return 2;
  l1d_t *m = calloc(1, sizeof *m);
  if (!m || l1d_init(m, &g)) { fprintf(stderr, "error: out of memory\n"); return 2; }
  l1d_modes_from_cfg(&cfg, &m->in);
  l1d_in_t *in = &m->in;
  ls_rng_t r;
  ls_rng_seed(&r, (uint64_t)seed);

  const unsigned L = g.line, lw = bits_words(L * 8), nid = 1u << g.id_w;
  const uint32_t foot = 4u * g.sets * g.ways; /* footprint, in lines */
  uint32_t recent[64] = {0}, nrecent = 0;
  uint32_t *ids = malloc(nid * sizeof *ids), nfree = nid;
  heap_t h = {malloc(sizeof(pend_t) * 65536u), 0, 65536u, 0, kind != 1}; /* (A, idle: a fixed latency) */
  if (!ids || !h.a) { fprintf(stderr, "error: out of memory\n"); return 2; }
  for (uint32_t i = 0; i < nid; i++) ids[i] = nid - 1 - i;
  for (unsigned w = 0; w < lw; w++) in->fill_data_i[w] = 0x9e3779b9u * (w + 1);
  for (unsigned w = 0; w < lw; w++) in->req_data_i[w] = 0x7f4a7c15u * (w + 3);
  memset(in->req_mask_i, 0xff, bits_words(L) * 4);
  bits_trim(in->req_mask_i, L);
  in->mem_req_ready_i = 1;
  uint64_t decided = 0, hits = 0, misses = 0, stalls = 0, rsps = 0;
  /* decided, hit, miss and stall cycles: the model's own counters, which
   * count exactly the cycles with ev_access_o, ev_hit_o, ev_miss_o and
   * ev_stall_o set (a stall counts under its fail reason), read as 32-bit
   * differences at least every 2^30 cycles (the counters wrap at 2^32) */
  uint32_t c0[L1D_NCNT];
  memcpy(c0, m->cnt_q, sizeof c0);
  int have = 0; /* a request is being offered (held until taken) */
  uint64_t ndue = UINT64_MAX; /* the earliest pending fill's due cycle (none: UINT64_MAX), kept with the heap's top */

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  /* inputs that never change (the model does not write its inputs) */
  in->req_byp_i = 0;
  in->rmt_valid_i = 0;
  run_t u = {m, &r, &h, recent, &nrecent, ids, &nfree, c0, &decided, &hits, &misses, &stalls, &rsps, &have, &ndue, foot, L};
  if (kind == 0) run_cycles(&u, cycles, 0);
  else if (kind == 1) run_cycles(&u, cycles, 1);
  else run_cycles(&u, cycles, 2);
  cnt_fold(m, c0, &decided, &hits, &misses, &stalls);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (s <= 0) s = 1e-9;
  printf("l1d-stream %s %s: %lld cycles in %.3f s: %.0f cycles/s, %llu decided (%.0f decided/s), %llu hits, %llu misses, "
         "%llu stall cycles, %llu responses\n",
         stream, cfgp, cycles, s, (double)cycles / s, (unsigned long long)decided, (double)decided / s,
         (unsigned long long)hits, (unsigned long long)misses, (unsigned long long)stalls, (unsigned long long)rsps);
  l1d_free(m);
  free(m);
  free(ids);
  free(h.a);
  return 0;
}
