/* l1d_gpgpusim.c -- GPGPU-Sim cache config strings into L1D parameters
 * (see l1d_gpgpusim.h; the decisions per field are in docs/gpgpusim.md). */
#include "l1d_gpgpusim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GS_FORM                                                                                                  \
  "[N:|S:]<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_idx>],<mshr>:<entries>:<max_merge>,"            \
  "<miss_queue>[:<result_fifo>[,<data_port>]]"

enum { GS_MAXF = 8, GS_MAXG = 6 };

typedef struct {
  const char *s, *origin;
  char esc[160];
  /* groups of fields (pointers into a private copy) */
  char *f[GS_MAXG][GS_MAXF];
  int nf[GS_MAXG], ng;
} gs_t;

static int gs_err(gs_t *g, const char *field, const char *fmt, const char *arg) {
  fprintf(stderr, "error: %s: GPGPU-Sim cache config '%s': field %s: ", g->origin, g->esc, field);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  return -1;
}

/* One letter field: returns it, or 0 after an error. */
static char gs_letter(gs_t *g, const char *field, const char *tok, const char *expected) {
  char e[64];
  if (strlen(tok) != 1) {
    char why[300];
    snprintf(why, sizeof why, "'%s' is not one letter; expected %s", cfg_escape(tok, strlen(tok), e, sizeof e), expected);
    gs_err(g, field, "%s", why);
    return 0;
  }
  return tok[0];
}

/* A numeric field for parameter id (range checked here, so the message is
 * one line naming the field). */
static int gs_num(gs_t *g, const char *field, const char *tok, int id, long long *v) {
  char e[64], d[256], why[512];
  if (cfg_parse_number(tok, v)) {
    snprintf(why, sizeof why, "'%s' is not a number (decimal)", cfg_escape(tok, strlen(tok), e, sizeof e));
    return gs_err(g, field, "%s", why);
  }
  if (id < 0) return 0;
  const l1sys_param_info_t *p = &l1sys_param_info[id];
  int ok = *v >= p->min && *v <= p->max && (p->check != CHK_POW2 || !(*v & (*v - 1)));
  if (!ok) {
    cfg_describe(id, d, sizeof d);
    snprintf(why, sizeof why, "%lld: the L1D supports %s (parameter %s)", *v, d, p->name);
    return gs_err(g, field, "%s", why);
  }
  return 0;
}

static int bad_letter(gs_t *g, const char *field, char c, const char *what_it_is, const char *supported) {
  char why[400];
  if (what_it_is) snprintf(why, sizeof why, "%c (%s) is not modelled by the L1D; supported: %s", c, what_it_is, supported);
  else snprintf(why, sizeof why, "'%c' is not a GPGPU-Sim value here; supported: %s", c, supported);
  return gs_err(g, field, "%s", why);
}

int l1d_parse_gpgpusim_at(l1sys_cfg_t *cfg, const char *s, const char *origin) {
  gs_t g;
  memset(&g, 0, sizeof g);
  g.s = s;
  g.origin = origin;
  cfg_escape(s, strlen(s), g.esc, sizeof g.esc);
  if (!strcmp(s, "none"))
    return gs_err(&g, "(all)", "%s", "'none' (no L1D in GPGPU-Sim) cannot be run on the L1D block; expected " GS_FORM);
  size_t len = strlen(s);
  if (len > 512) return gs_err(&g, "(all)", "%s", "longer than 512 bytes; expected " GS_FORM);
  char *copy = malloc(len + 1);
  if (!copy) return gs_err(&g, "(all)", "%s", "out of memory");
  memcpy(copy, s, len + 1);
  int rc = -1;
  /* split: groups by ',', fields by ':' */
  char *p = copy;
  for (;;) {
    if (g.ng == GS_MAXG) { gs_err(&g, "(all)", "%s", "too many ','-separated groups; expected " GS_FORM); goto out; }
    int gi = g.ng++;
    for (;;) {
      if (g.nf[gi] == GS_MAXF) { gs_err(&g, "(all)", "%s", "too many ':'-separated fields; expected " GS_FORM); goto out; }
      g.f[gi][g.nf[gi]++] = p;
      p += strcspn(p, ":,");
      if (*p != ':') break;
      *p++ = 0;
    }
    if (!*p) break;
    *p++ = 0;
  }
  /* shape: which GPGPU-Sim form */
  int typed = g.nf[0] == 4, has_sif = g.nf[1] == 5;
  int shape_ok = g.ng >= 4 && g.ng <= 5 && (g.nf[0] == 3 || g.nf[0] == 4) && (g.nf[1] == 4 || g.nf[1] == 5) &&
                 g.nf[2] == 3 && (g.nf[3] == 1 || g.nf[3] == 2) && (g.ng == 4 || (g.nf[3] == 2 && g.nf[4] == 1));
  if (!shape_ok) {
    char why[600];
    snprintf(why, sizeof why, "%d groups of %d,%d,%d,%d,%d fields; expected %s (GPGPU-Sim 3.x: no type, 4.x: N or S first)",
             g.ng, g.nf[0], g.ng > 1 ? g.nf[1] : 0, g.ng > 2 ? g.nf[2] : 0, g.ng > 3 ? g.nf[3] : 0,
             g.ng > 4 ? g.nf[4] : 0, GS_FORM);
    gs_err(&g, "(form)", "%s", why);
    goto out;
  }
  for (int gi = 0; gi < g.ng; gi++)
    for (int k = 0; k < g.nf[gi]; k++)
      if (!*g.f[gi][k]) { gs_err(&g, "(form)", "%s", "an empty field; expected " GS_FORM); goto out; }
  char **G0 = g.f[0] + typed, **G1 = g.f[1], **G2 = g.f[2], **G3 = g.f[3];
  char ct = 'N';
  if (typed) {
    ct = gs_letter(&g, "type", g.f[0][0], "N (normal) or S (sectored)");
    if (!ct) goto out;
    if (ct != 'N' && ct != 'S') { bad_letter(&g, "type", ct, NULL, "N (normal lines), S (sectored: 4 sectors of 32 bytes)"); goto out; }
  }
  long long nsets, line, assoc, entries, merge, mq, rfifo = 0, port = 0;
  if (gs_num(&g, "nsets", G0[0], P_L1D_SETS, &nsets) || gs_num(&g, "line", G0[1], P_L1D_LINE, &line) ||
      gs_num(&g, "assoc", G0[2], P_L1D_WAYS, &assoc))
    goto out;
  if (ct == 'S' && line != 128) { /* GPGPU-Sim: line_sz / SECTOR_SIZE == SECTOR_CHUNCK_SIZE (32-byte sectors, 4) */
    char why[200];
    snprintf(why, sizeof why, "%lld with type S; expected 128 (four 32-byte sectors, as GPGPU-Sim requires)", line);
    gs_err(&g, "line", "%s", why);
    goto out;
  }
  char rep = gs_letter(&g, "rep", G1[0], "L or F");
  if (!rep) goto out;
  if (rep != 'L' && rep != 'F') { bad_letter(&g, "rep", rep, NULL, "L (LRU), F (FIFO)"); goto out; }
  char wr = gs_letter(&g, "wr", G1[1], "E, T or L");
  if (!wr) goto out;
  if (wr == 'R' || wr == 'B') {
    bad_letter(&g, "wr", wr, wr == 'R' ? "read-only" : "write-back",
               "E (write-evict), T (write-through), L (local write-back/global write-through: global stores evict, as in GPGPU-Sim)");
    goto out;
  }
  if (wr != 'E' && wr != 'T' && wr != 'L') { bad_letter(&g, "wr", wr, NULL, "E, T, L (R and B exist in GPGPU-Sim, not modelled)"); goto out; }
  char al = gs_letter(&g, "alloc", G1[2], "m, f or s");
  if (!al) goto out;
  if (al != 'm' && al != 'f' && al != 's') { bad_letter(&g, "alloc", al, NULL, "m (on miss), f (on fill), s (streaming: on fill)"); goto out; }
  char wa = gs_letter(&g, "wr_alloc", G1[3], "N");
  if (!wa) goto out;
  if (wa == 'W' || wa == 'F' || wa == 'L') {
    bad_letter(&g, "wr_alloc", wa, wa == 'W' ? "write-allocate" : wa == 'F' ? "fetch-on-write" : "lazy fetch-on-read",
               wa == 'L' ? "N (no write allocate: a store miss is forwarded, never cached; GPGPU-Sim's dev-branch "
                           "Volta/Turing/Ampere configs use L, its master-branch tested configs N)"
                         : "N (no write allocate: a store miss is forwarded, never cached)");
    goto out;
  }
  if (wa != 'N') { bad_letter(&g, "wr_alloc", wa, NULL, "N (no write allocate); W, F, L not modelled"); goto out; }
  char sif = 'L';
  if (has_sif) {
    sif = gs_letter(&g, "set_idx", G1[4], "L, H, P or X");
    if (!sif) goto out;
    if (sif == 'C') {
      bad_letter(&g, "set_idx", sif, "custom hash: GPGPU-Sim implements none",
                 "L (linear), H (Fermi hash, 32 or 64 sets), P (IPOLY hash, 16, 32 or 64 sets), X (bitwise-XOR hash)");
      goto out;
    }
    if (sif != 'L' && sif != 'H' && sif != 'P' && sif != 'X') {
      bad_letter(&g, "set_idx", sif, NULL, "L (linear), H (Fermi hash), P (IPOLY hash), X (bitwise-XOR hash)");
      goto out;
    }
  }
  if (sif == 'P' && nsets != 16 && nsets != 32 && nsets != 64) { /* GPGPU-Sim's ipoly_hash_function asserts */
    char why[200];
    snprintf(why, sizeof why, "P (IPOLY) with %lld sets; expected 16, 32 or 64 sets (GPGPU-Sim's IPOLY equations exist for those only)", nsets);
    gs_err(&g, "set_idx", "%s", why);
    goto out;
  }
  char mshr = gs_letter(&g, "mshr", G2[0], "A or S");
  if (!mshr) goto out;
  if (mshr == 'F' || mshr == 'T') { bad_letter(&g, "mshr", mshr, "texture-cache FIFO", "A (associative), S (associative toward a sectored L2; the same L1 MSHR)"); goto out; }
  if (mshr != 'A' && mshr != 'S') { bad_letter(&g, "mshr", mshr, NULL, "A (associative), S (sector-associative)"); goto out; }
  if (gs_num(&g, "entries", G2[1], P_L1D_MSHR_ENTRIES, &entries) ||
      gs_num(&g, "max_merge", G2[2], P_L1D_MSHR_MERGE, &merge) || gs_num(&g, "miss_queue", G3[0], P_L1D_MISSQ, &mq))
    goto out;
  if (g.nf[3] == 2 && gs_num(&g, "result_fifo", G3[1], -1, &rfifo)) goto out;
  if (g.ng == 5) {
    if (gs_num(&g, "data_port", g.f[4][0], -1, &port)) goto out;
    /* a sectored L1D's access is one 32-byte sector: a 32-byte port moves it in one cycle, as the L1D does */
    long long atom = ct == 'S' ? line / 4 : line;
    if (port != 0 && port != line && port != atom) {
      char why[300];
      snprintf(why, sizeof why, "%lld bytes per cycle is not modelled (the L1D moves a whole %lld-byte %s per cycle); "
               "supported: 0 or %lld", port, atom, ct == 'S' ? "sector" : "line", atom);
      gs_err(&g, "data_port", "%s", why);
      goto out;
    }
  }
  (void)rfifo; /* GPGPU-Sim uses the result FIFO in texture caches only */
  /* everything checked: set the parameters */
  struct { const char *field; int id; long long v; } set[] = {
      {"nsets", P_L1D_SETS, nsets},          {"line", P_L1D_LINE, line},
      {"assoc", P_L1D_WAYS, assoc},          {"type", P_L1D_SECTORS, ct == 'S' ? 4 : 1},
      {"rep", P_L1D_REPL, rep == 'F' ? L1D_REPL_FIFO : L1D_REPL_LRU},
      {"wr", P_L1D_WRITE, wr == 'T' ? L1D_WRITE_THROUGH : L1D_WRITE_EVICT},
      {"alloc", P_L1D_ALLOC, al == 'm' ? L1D_ALLOC_ON_MISS : L1D_ALLOC_ON_FILL}, /* s: docs/l1d.md, streaming */
      {"set_idx", P_L1D_INDEX, sif == 'H' ? L1D_INDEX_FERMI : sif == 'P' ? L1D_INDEX_IPOLY : sif == 'X' ? L1D_INDEX_XOR : L1D_INDEX_LINEAR},
      {"entries", P_L1D_MSHR_ENTRIES, entries}, {"max_merge", P_L1D_MSHR_MERGE, merge},
      {"miss_queue", P_L1D_MISSQ, mq}};
  rc = 0;
  for (size_t i = 0; i < sizeof set / sizeof set[0] && !rc; i++) {
    char o[CFG_ORIGIN_N];
    snprintf(o, sizeof o, "%s (GPGPU-Sim field %s)", origin, set[i].field);
    rc = cfg_set_id(cfg, set[i].id, set[i].v, o);
  }
out:
  free(copy);
  return rc;
}

int l1d_parse_gpgpusim(l1sys_cfg_t *cfg, const char *s) { return l1d_parse_gpgpusim_at(cfg, s, "GPGPU-Sim string"); }
