/* shell_prof.c -- the coordinated-bypassing paper's profile (shell_prof.h).
 *
 * G, the inter-instruction locality graph (the paper's Section 4: "two
 * loads have the opportunities for inter-instruction locality if they
 * access the same data array and there exists at least one path in LCFG
 * between them that does not have loops and synchronization"), read off
 * the warps' record streams, which hold no control-flow graph:
 *   - two loads access the same array when the address ranges they touch
 *     over the whole kernel overlap (arrays are disjoint, and the workload
 *     names none: a trace or a .wl file has only addresses; two loads of
 *     disjoint parts of one array count as two arrays, and have no
 *     locality to share either);
 *   - loads u and v (u != v, same array) share an edge when a warp executes
 *     v after u with no barrier between and no execution of v between: the
 *     two lie in one barrier-free stretch of one trip (a loop body, straight
 *     code), not a loop apart (an execution of v between them would be a
 *     trip of a loop that holds v).
 * A kernel of more than SHELL_PROF_MAX_EDGE_LOADS loads gets no edges
 * (each load its own group). */
#include "shell_prof.h"
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "chss.h"
#include "popcnt.h"
#include "shell.h"
#include "shell_byp.h"

#define SHELL_PROF_MAX_EDGE_LOADS 1024u

static int find(const uint32_t *a, uint32_t n, uint32_t x, uint32_t *at) { /* binary search: 1 found, *at its place */
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t m = lo + (hi - lo) / 2;
    if (a[m] < x) lo = m + 1;
    else hi = m;
  }
  *at = lo;
  return lo < n && a[lo] == x;
}

static uint32_t uf_root(uint32_t *p, uint32_t x) {
  while (p[x] != x) x = p[x] = p[p[x]];
  return x;
}

/* One kernel's loads, edges and groups. */
static int kern_sites(const shell_wl_t *wl, const wl_kernel_t *k, shell_prof_kern_t *pk) {
  uint32_t cap = 0, nw = k->blocks * k->warps;
  for (uint32_t w = 0; w < nw; w++)
    for (uint32_t x = 0; x < k->wlen[w]; x++) {
      const wl_rec_t *r = &wl->rec[k->wfirst[w] + x];
      uint32_t at;
      if (r->kind != WL_LD || find(pk->site, pk->n, r->site, &at)) continue;
      if (pk->n == cap) {
        cap = cap ? 2 * cap : 16;
        uint32_t *q = realloc(pk->site, cap * sizeof *q);
        if (!q) return -1;
        pk->site = q;
      }
      memmove(pk->site + at + 1, pk->site + at, (pk->n - at) * sizeof *pk->site);
      pk->site[at] = r->site;
      pk->n++;
    }
  const uint32_t n = pk->n;
  pk->grp = malloc((n ? n : 1) * sizeof *pk->grp);
  uint32_t *par = malloc((n ? n : 1) * sizeof *par);
  if (!pk->grp || !par) { free(par); return -1; }
  for (uint32_t i = 0; i < n; i++) par[i] = i;
  if (n >= 2 && n <= SHELL_PROF_MAX_EDGE_LOADS) {
    uint8_t *adj = calloc((size_t)n * n, 1);
    int64_t *last = malloc(n * sizeof *last);
    uint32_t *lo = malloc(n * sizeof *lo), *hi = malloc(n * sizeof *hi), *seg = malloc(n * sizeof *seg);
    if (!adj || !last || !lo || !hi || !seg) { free(adj), free(last), free(lo), free(hi), free(seg), free(par); return -1; }
    for (uint32_t i = 0; i < n; i++) last[i] = -1, lo[i] = UINT32_MAX, hi[i] = 0;
    for (uint32_t w = 0; w < nw; w++) /* each load's address range (its lanes' lowest and highest byte) */
      for (uint32_t x = 0; x < k->wlen[w]; x++) {
        const wl_rec_t *r = &wl->rec[k->wfirst[w] + x];
        if (r->kind != WL_LD) continue;
        uint32_t v, na = popcnt64(r->mask);
        (void)find(pk->site, n, r->site, &v);
        for (uint32_t j = 0; j < na; j++) {
          uint32_t a = shell_wl_lane(wl->pool, r, j);
          lo[v] = a < lo[v] ? a : lo[v];
          hi[v] = a + r->size - 1 > hi[v] ? a + r->size - 1 : hi[v];
        }
      }
    for (uint32_t w = 0; w < nw; w++) {
      uint32_t ns = 0; /* loads executed in the current barrier-free stretch */
      for (uint32_t x = 0; x < k->wlen[w]; x++) {
        const wl_rec_t *r = &wl->rec[k->wfirst[w] + x];
        if (r->kind == WL_BAR) {
          for (uint32_t j = 0; j < ns; j++) last[seg[j]] = -1;
          ns = 0;
          continue;
        }
        if (r->kind != WL_LD) continue;
        uint32_t v;
        (void)find(pk->site, n, r->site, &v);
        const int64_t pv = last[v];
        for (uint32_t j = 0; j < ns; j++) {
          uint32_t u = seg[j];
          if (u != v && last[u] > pv && lo[u] <= hi[v] && lo[v] <= hi[u]) adj[(size_t)(u < v ? u : v) * n + (u < v ? v : u)] = 1;
        }
        if (pv < 0) seg[ns++] = v;
        last[v] = x;
      }
      for (uint32_t j = 0; j < ns; j++) last[seg[j]] = -1;
    }
    for (uint32_t u = 0; u < n; u++)
      for (uint32_t v = u + 1; v < n; v++)
        if (adj[(size_t)u * n + v]) {
          if (!(pk->nedge & (pk->nedge + 1)) || !pk->edge) { /* grow at 0, 1, 3, 7, ... */
            uint32_t *q = realloc(pk->edge, 4 * (size_t)(pk->nedge + 1) * sizeof *q);
            if (!q) { free(adj), free(last), free(lo), free(hi), free(seg), free(par); return -1; }
            pk->edge = q;
          }
          pk->edge[2 * pk->nedge] = u, pk->edge[2 * pk->nedge + 1] = v, pk->nedge++;
          par[uf_root(par, v)] = uf_root(par, u);
        }
    free(adj), free(last), free(lo), free(hi), free(seg);
  }
  /* groups numbered in order of their first load; the multi-load ones listed */
  uint32_t *gid = malloc((n ? n : 1) * sizeof *gid), *size = calloc(n ? n : 1, sizeof *size);
  pk->multi = malloc((n ? n : 1) * sizeof *pk->multi);
  if (!gid || !size || !pk->multi) { free(gid), free(size), free(par); return -1; }
  for (uint32_t i = 0; i < n; i++) gid[i] = UINT32_MAX;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t root = uf_root(par, i);
    if (gid[root] == UINT32_MAX) gid[root] = pk->ngrp++;
    pk->grp[i] = gid[root];
    size[pk->grp[i]]++;
  }
  for (uint32_t g = 0; g < pk->ngrp; g++)
    if (size[g] >= 2) pk->multi[pk->nmulti++] = g;
  free(gid), free(size), free(par);
  return 0;
}

int shell_prof_sites(const shell_wl_t *wl, shell_prof_sites_t *ps) {
  ps->nk = wl->nk;
  ps->k = calloc(wl->nk ? wl->nk : 1, sizeof *ps->k);
  if (!ps->k) return -1;
  for (uint32_t i = 0; i < wl->nk; i++)
    if (kern_sites(wl, &wl->k[i], &ps->k[i])) return -1;
  return 0;
}

void shell_prof_sites_free(shell_prof_sites_t *ps) {
  for (uint32_t i = 0; ps->k && i < ps->nk; i++) {
    free(ps->k[i].site), free(ps->k[i].grp), free(ps->k[i].multi), free(ps->k[i].edge);
  }
  free(ps->k);
  memset(ps, 0, sizeof *ps);
}

/* The tags of run r: in every kernel, its r-th load (group run: every load
 * of its r-th multi-load group) ca, its other loads cg; a kernel with no
 * r-th load or group has every load cg (its counts are not read). */
static int run_tags(const shell_prof_sites_t *ps, int group, uint32_t r, shell_byp_tags_t *t) {
  size_t n = 0;
  for (uint32_t k = 0; k < ps->nk; k++) n += ps->k[k].n;
  t->n = n;
  t->key = malloc((n ? n : 1) * sizeof *t->key);
  t->tag = malloc(n ? n : 1);
  if (!t->key || !t->tag) return -1;
  size_t e = 0;
  for (uint32_t k = 0; k < ps->nk; k++) { /* kernel-major, sites increasing: keys strictly increasing */
    const shell_prof_kern_t *pk = &ps->k[k];
    for (uint32_t i = 0; i < pk->n; i++, e++) {
      int ca = group ? r < pk->nmulti && pk->grp[i] == pk->multi[r] : i == r;
      t->key[e] = (uint64_t)k << 32 | pk->site[i];
      t->tag[e] = (uint8_t)(ca ? CHSS_LD_CA : CHSS_LD_CG);
    }
  }
  return 0;
}

static uint64_t prof_get(const shell_byp_prof_t *p, uint64_t *const *a, uint32_t k, uint32_t pc) {
  return k < p->nk && pc < p->n[k] ? a[k][pc] : 0;
}

/* Two kernels alike for the profile: the same name, their sites numbered alike (the same keys in the same order). */
static int kern_alike(const wl_kernel_t *a, const wl_kernel_t *b) {
  return !strcmp(a->name, b->name) && a->nskey == b->nskey && (!a->nskey || !memcmp(a->skey, b->skey, a->nskey * sizeof *a->skey));
}

int shell_prof_kmap(const shell_wl_t *ev, const shell_wl_t *pr, const char *opt, uint32_t *kmap) {
  for (uint32_t k = 0; k < ev->nk; k++) {
    const wl_kernel_t *a = &ev->k[k];
    uint32_t j = 0, m = 0, m2 = 0; /* k is launch j of the m alike evaluation launches; m2 alike profiling ones */
    for (uint32_t i = 0; i < ev->nk; i++)
      if (kern_alike(&ev->k[i], a)) j += i < k, m++;
    for (uint32_t i = 0; i < pr->nk; i++) m2 += kern_alike(&pr->k[i], a);
    if (!m2) {
      char e[300];
      fprintf(stderr,
              "error: %s: kernel %u (%s, %u load and store sites) of the evaluation input has no kernel of the same name "
              "whose sites the generator numbers alike in the profiling input: its load PCs would not be the evaluation's; "
              "expected a profiling input whose kernels reach the same sites in the same order\n",
              opt, k, cfg_escape(a->name, strlen(a->name), e, sizeof e), a->nskey);
      return 2;
    }
    uint32_t want = (uint32_t)((uint64_t)j * m2 / m);
    for (uint32_t i = 0; i < pr->nk; i++)
      if (kern_alike(&pr->k[i], a) && !want--) {
        kmap[k] = i;
        break;
      }
  }
  return 0;
}

int shell_prof_exclusive(const l1sys_cfg_t *cfg, const shell_wl_t *wl, uint64_t cycles, FILE *f, int progress,
                         const uint32_t *kmap, uint32_t nk) {
  shell_prof_sites_t ps = {0};
  l1sys_cfg_t c2 = *cfg;
  CFG(&c2, SHELL_BYPASS) = SHELL_BYPASS_STATIC; /* ca cached, cg bypassed: the paper's profiling runs */
  uint32_t nl = 0, ng = 0; /* runs: the most loads and multi-load groups of a kernel */
  uint64_t **acc = NULL, **hit = NULL, **ghit = NULL;
  int rc = shell_prof_sites(wl, &ps) ? 2 : 0;
  if (!rc) {
    acc = calloc(ps.nk ? ps.nk : 1, sizeof *acc), hit = calloc(ps.nk ? ps.nk : 1, sizeof *hit);
    ghit = calloc(ps.nk ? ps.nk : 1, sizeof *ghit);
    if (!acc || !hit || !ghit) rc = 2;
    for (uint32_t k = 0; !rc && k < ps.nk; k++) {
      const shell_prof_kern_t *pk = &ps.k[k];
      nl = pk->n > nl ? pk->n : nl, ng = pk->nmulti > ng ? pk->nmulti : ng;
      acc[k] = calloc(pk->n + 1, sizeof **acc), hit[k] = calloc(pk->n + 1, sizeof **hit);
      ghit[k] = calloc(pk->nmulti + 1, sizeof **ghit);
      if (!acc[k] || !hit[k] || !ghit[k]) rc = 2;
    }
  }
  if (rc) fprintf(stderr, "error: out of memory building the profile's load table\n");
  for (uint32_t run = 0; !rc && run < nl + ng; run++) {
    const int group = run >= nl;
    const uint32_t r = group ? run - nl : run;
    if (progress) fprintf(stderr, "profile: run %u of %u (%s %u ca, the other loads cg)\n", run + 1, nl + ng, group ? "group" : "load", r);
    shell_byp_tags_t t = {0};
    shell_byp_prof_t p = {0};
    shell_t s;
    if (run_tags(&ps, group, r, &t)) { shell_byp_tags_free(&t); fprintf(stderr, "error: out of memory\n"); rc = 2; break; }
    if (shell_init(&s, &c2, wl)) { shell_byp_tags_free(&t); rc = 2; break; }
    s.tags = &t;
    for (unsigned i = 0; i < s.nsm; i++) s.byp[i].prof = &p;
    int sr = shell_run(&s, cycles, 0);
    if (sr) {
      fprintf(stderr, "error: profile run %u (%s %u ca): %s\n", run + 1, group ? "group" : "load", r,
              sr == 1 ? s.err : "cycle limit reached before the workload finished");
      rc = sr;
    }
    for (uint32_t k = 0; !rc && k < ps.nk; k++) {
      const shell_prof_kern_t *pk = &ps.k[k];
      if (!group && r < pk->n) {
        acc[k][r] = prof_get(&p, p.acc, k, pk->site[r]);
        hit[k][r] = prof_get(&p, p.hit, k, pk->site[r]);
      }
      for (uint32_t i = 0; group && r < pk->nmulti && i < pk->n; i++)
        if (pk->grp[i] == pk->multi[r]) ghit[k][r] += prof_get(&p, p.hit, k, pk->site[i]);
    }
    shell_free(&s);
    shell_byp_tags_free(&t);
    shell_byp_prof_free(&p);
  }
  if (!rc) {
    fprintf(f, "# shell-sim --profile-exclusive: per kernel and load PC (the static site), accesses and hits with the\n"
               "# load ca and every other load cg; share edges of G; each group's hits with its loads ca (docs/shell.md)\n");
    if (!kmap) nk = ps.nk;
    for (uint32_t K = 0; K < nk; K++) { /* the lines of kernel K: the profile of wl's kernel k */
      const uint32_t k = kmap ? kmap[K] : K;
      const shell_prof_kern_t *pk = &ps.k[k];
      for (uint32_t i = 0; i < pk->n; i++)
        fprintf(f, "load k%u_pc%u %llu %llu\n", K, pk->site[i], (unsigned long long)acc[k][i], (unsigned long long)hit[k][i]);
      for (uint32_t e = 0; e < pk->nedge; e++)
        fprintf(f, "share k%u_pc%u k%u_pc%u\n", K, pk->site[pk->edge[2 * e]], K, pk->site[pk->edge[2 * e + 1]]);
      for (uint32_t g = 0; g < pk->nmulti; g++) {
        uint64_t a = 0;
        uint32_t first = UINT32_MAX;
        for (uint32_t i = 0; i < pk->n; i++)
          if (pk->grp[i] == pk->multi[g]) a += acc[k][i], first = first == UINT32_MAX ? i : first;
        /* (the classifier wants hit(g) <= the group's accesses, their exclusive runs' sum; the group run's own
         * line requests can differ by a few where timing changes a merge: capped there) */
        uint64_t h = ghit[k][g] < a ? ghit[k][g] : a;
        fprintf(f, "group k%u_pc%u %llu\n", K, pk->site[first], (unsigned long long)h);
      }
    }
  }
  for (uint32_t k = 0; k < ps.nk; k++) {
    if (acc) free(acc[k]);
    if (hit) free(hit[k]);
    if (ghit) free(ghit[k]);
  }
  free(acc), free(hit), free(ghit);
  shell_prof_sites_free(&ps);
  return rc;
}
