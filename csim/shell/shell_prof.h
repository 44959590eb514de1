/* shell_prof.h -- the coordinated-bypassing paper's profile for its static
 * classifier (Algorithm 1, chss-classify), made the way the paper makes it
 * (Section 4): each global load's accesses and hits "with exclusive use of
 * the cache" (that load ca, every other load cg), the loads' inter-
 * instruction locality graph G (share edges) and each group's hits with
 * the group's loads ca and every other load cg.  One simulation per load
 * index and one per group index: run r tags, in every kernel at once, the
 * kernel's r-th load (or group) ca and its other loads cg (kernels run one
 * after another, so each kernel's counts are its own).  docs/shell.md, "The
 * static flow".  The environment's, not hardware: it drives the shell's C
 * model through its tags (shell_t.tags) and the bypass hooks' profile. */
#ifndef SHELL_PROF_H
#define SHELL_PROF_H
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"
#include "shell_wl.h"

/* The static loads of a workload and G, per kernel. */
typedef struct {
  uint32_t n;       /* loads (distinct sites of LD records) */
  uint32_t *site;   /* [n] their sites, increasing */
  uint32_t *grp;    /* [n] group index (connected component of G), 0 .. ngrp-1 in order of first load */
  uint32_t ngrp;    /* groups; those of two or more loads are the ones with a group run */
  uint32_t nmulti;  /* groups of two or more loads */
  uint32_t *multi;  /* [nmulti] their group indices */
  uint32_t nedge;   /* share edges (u < v, indices into site[]) */
  uint32_t *edge;   /* [2 * nedge] */
} shell_prof_kern_t;

typedef struct {
  uint32_t nk;
  shell_prof_kern_t *k;
} shell_prof_sites_t;

/* The loads and G of every kernel of wl (-1 on out of memory). */
int shell_prof_sites(const shell_wl_t *wl, shell_prof_sites_t *ps);
void shell_prof_sites_free(shell_prof_sites_t *ps);
/* Runs the profiling simulations on wl (cfg with SHELL_BYPASS=STATIC, the
 * run's other settings kept; at most `cycles` each) and writes
 * chss-classify's input to f: load, share and group lines.  The lines of
 * kernel K are those of wl's kernel kmap[K], K < nk (kmap NULL: K itself,
 * nk = wl->nk): a profile made on another input than the one it is for
 * (shell_prof_kmap).  Returns 0, or the failed run's shell_run code (1
 * scoreboard, 3 cycle limit) or 2 (out of memory, write error) after one
 * "error: ..." line. */
int shell_prof_exclusive(const l1sys_cfg_t *cfg, const shell_wl_t *wl, uint64_t cycles, FILE *f, int progress,
                         const uint32_t *kmap, uint32_t nk);
/* The paper profiles with another input than it evaluates (Table 3): for
 * each kernel K of the evaluation input ev, the kernel of the profiling
 * input pr (the same generator, another size) whose profile stands for
 * it: among the launches alike (the same name, their sites numbered alike
 * by the generator: the same site keys in the same order, so the
 * profile's load PCs are the evaluation's), the one at the same relative
 * place (launch j of m alike -> launch j * m' / m of the m' alike, rounded
 * down: an iterative kernel's early launches stand for early ones).
 * 0, or 2 after one "error: OPT: ..." line naming the kernel. */
int shell_prof_kmap(const shell_wl_t *ev, const shell_wl_t *pr, const char *opt, uint32_t *kmap);

#endif
