/* ls_cmp.h -- the comparison FST's internals, shared by its writer
 * (ls_cmp_fst.c) and the .gtkw save files that open it (ls_gtkw.c); not
 * for the rest of the engine (ls_engine.h declares what it calls). */
#ifndef LS_CMP_H
#define LS_CMP_H
#include "fstapi.h"
#include "ls_engine.h"

typedef struct {
  int sig;            /* map index */
  int sub;            /* element, row or field; -1: the whole signal */
  int state;          /* sampled after the edge (registers) */
  unsigned width;
  fstHandle hc, hr, hd;
  uint32_t *lc, *lr;  /* last emitted values */
  int ld, valid;
  unsigned nmis;      /* samples where C and RTL differed */
  char *leaf, *dir;   /* variable name and its scope path under c/rtl/diff */
} cmp_ent_t;

struct ls_cmp {
  void *fst;
  fstHandle clk;
  int n;
  cmp_ent_t *e;
  int *base;          /* per map signal: its first entity, -1 if none */
  int *mem_we, *mem_wa;     /* per memory signal: its we_i / waddr_i signals */
  long *row_c, *row_r;      /* per memory signal: row written at this edge (-1 none) */
  uint32_t *bc, *br, *fc, *fr; /* scratch: the widest signal's words + 2 each */
  int mark_ent;             /* the block's wave_mark signal (-1 none) */
  long long mark_t;         /* time of its first non-zero C value (-1 not yet) */
  uint64_t now;             /* time of the sample being taken */
};

/* A copy of s (exits 2 when out of memory). */
char *ls_sdup(const char *s);

#endif
