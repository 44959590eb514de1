/* ls_engine.h -- the engine's internals shared by its C files (not for
 * blocks: they use ls.h). */
#ifndef LS_ENGINE_H
#define LS_ENGINE_H
#include "ls.h"

typedef enum { SIG_IN, SIG_OUT, SIG_MPORT, SIG_REG, SIG_ARR, SIG_MEM } ls_kind_t;

typedef struct {
  ls_kind_t kind;
  char *path;         /* ports: name; state: path relative to the DUT */
  char *rtl;          /* full RTL name */
  unsigned width, words, depth;
  const char *c;      /* C storage (element 0) */
  size_t stride;      /* bytes between elements */
  const mem_1r1w_t *mem; /* SIG_MEM: the C memory; SIG_MPORT: owner */
  int we_sig;         /* SIG_MPORT: index of the we_i signal of its memory (-1 for we_i itself) */
  size_t csize;       /* bytes of one C element (ls.h storage rule) */
  unsigned d1;        /* 2-D arrays: size of the second dimension (0: 1-D) */
  char *rp;           /* RTL storage (Verilator's own), resolved once */
  unsigned rsize;     /* bytes of one RTL element */
  int fast;           /* C and RTL layouts identical: compare with memcmp */
  void *h;            /* RTL handle (scalar or array) */
  void **eh;          /* RTL element handles (arrays, memories) */
} ls_sig_t;

typedef struct { char *name; long long value; } ls_par_t;
typedef struct { char *name; const uint64_t *count; } ls_cov_t;
typedef struct { char *path; char *why; } ls_noreset_t;

struct ls_map {
  ls_sig_t *sig;
  int nsig, cap;
  ls_par_t *par;
  int npar, pcap;
  ls_cov_t *cov;          /* functional-coverage points */
  int ncov, ccap;
  ls_noreset_t *nrs;      /* registers that are not reset, with the reason */
  int nnrs, nrcap;
};

/* Reads a C value (width bits) into words. */
void ls_cget(const ls_sig_t *s, unsigned elem, uint32_t *words);
/* Writes words into the C storage of element elem. */
void ls_cput(const ls_sig_t *s, unsigned elem, const uint32_t *words);
/* Reads / writes the RTL value of element elem through the storage pointer. */
void ls_rget(const ls_sig_t *s, unsigned elem, uint32_t *words);
void ls_rput(const ls_sig_t *s, unsigned elem, const uint32_t *words);
/* "name[3]" or "name[1][2]" for element elem of s (its RTL name for scalars). */
void ls_elem_name(const ls_sig_t *s, unsigned elem, char *buf, size_t n);
/* Formats words as hex into buf (n bytes). */
void ls_hex(const uint32_t *words, unsigned width, char *buf, size_t n);
void ls_map_free(struct ls_map *m);

/* C-side waveforms (VCD) under the RTL's names, and GTKWave save files. */
typedef struct ls_vcd ls_vcd_t;
ls_vcd_t *ls_vcd_open(const char *path, const struct ls_map *m);
/* phase 0: ports at time 10*cycle; phase 1: state after the edge at 10*cycle+5 */
void ls_vcd_dump(ls_vcd_t *v, const struct ls_map *m, uint64_t cycle, int phase);
void ls_vcd_close(ls_vcd_t *v);
/* Writes a .gtkw that opens dumpfile with the diverging signal first, then
 * the block's inputs, outputs and state, each in its own group. */
int ls_gtkw_write(const char *path, const char *dumpfile, const struct ls_map *m, const char *block, int div_sig,
                  unsigned div_elem, uint64_t tstart);

#endif
