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
  int same;           /* C and RTL elements of one size (strides may differ):
                         compare element by element, no conversion */
  int scalar;         /* <= 64 bits, 1/2/4/8-byte integers on both sides */
  void *h;            /* RTL handle (scalar or array) */
  void **eh;          /* RTL element handles (arrays, memories) */
  uint32_t *gmask;    /* GATE=1: per element, the bits compared (depth x words; NULL:
                         all); bits synthesis left undriven are 0 (LS_GATE_BITS) */
} ls_sig_t;

typedef struct { char *name; long long value; } ls_par_t;
typedef struct { char *name; const uint64_t *count; } ls_cov_t;
typedef struct { char *path; char *why; } ls_noreset_t;

/* Readability annotations of a signal (ls_annot.c): element/field
 * naming and enumerated values.  Only reports and waveforms use them. */
typedef struct {
  char *path;         /* the signal's path as declared */
  unsigned field_w;   /* packed register split into fields of this width (0: array elements) */
  char *outer, *inner;/* index names ("set", "way"); inner may be NULL */
  unsigned inner_n;   /* size of the inner dimension */
  char *group;        /* enum group (CONST prefix or ENUMV parameter), or NULL */
} ls_annot_t;

struct ls_map {
  ls_sig_t *sig;
  int nsig, cap;
  ls_par_t *par;
  int npar, pcap;
  ls_cov_t *cov;          /* functional-coverage points */
  int ncov, ccap;
  ls_noreset_t *nrs;      /* registers that are not reset, with the reason */
  int nnrs, nrcap;
  ls_annot_t *ann;
  int nann, acap;
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

/* C-side waveforms (VCD) under the RTL's names (ls_vcd.c). */
typedef struct ls_vcd ls_vcd_t;
ls_vcd_t *ls_vcd_open(const char *path, const struct ls_map *m);
/* phase 0: ports at time 10*cycle; phase 1: state after the edge at 10*cycle+5 */
void ls_vcd_dump(ls_vcd_t *v, const struct ls_map *m, uint64_t cycle, int phase);
void ls_vcd_close(ls_vcd_t *v);

/* ---- readability annotations (ls_annot.c) ---- */
const ls_annot_t *ls_annot_find(const struct ls_map *m, const ls_sig_t *s);
void ls_annot_free(struct ls_map *m);
/* Named sub-elements of s: fields of a split register, elements of an
 * array or memory; 0 for a plain register or port. */
unsigned ls_nsub(const struct ls_map *m, const ls_sig_t *s);
/* Bits of one sub-element (field width, or the element width). */
unsigned ls_sub_width(const struct ls_map *m, const ls_sig_t *s);
/* "set 3 way 2" (annotated) or "element 14" / "field 5" into buf. */
void ls_sub_name(const struct ls_map *m, const ls_sig_t *s, unsigned i, char *buf, size_t n);
/* Field i (fw bits) of a packed value into out (fw bits, zero-filled). */
void ls_field_get(const uint32_t *v, unsigned i, unsigned fw, uint32_t *out);
/* Label of value v in an enum group, or NULL. */
const char *ls_enum_label(const char *group, unsigned long long v);
/* Writes a GTKWave translate-filter file (decimal value, label) for group. */
int ls_enum_filter_write(const char *group, const char *path);

/* ---- the comparison waveform (ls_cmp_fst.c; its .gtkw: ls_gtkw.c) ----
 * One FST holding, for every compared signal, its C value (scope c), its
 * RTL value (scope rtl) and a mismatch flag (scope diff), and the inputs
 * once (scope in).  Cycle n: inputs, outputs and write ports at 10n ns
 * (clock low: the values compared), registers after the edge at 10n+5 ns. */
typedef struct ls_cmp ls_cmp_t;
ls_cmp_t *ls_cmp_open(const char *path, const struct ls_map *m);
/* phase 0: before the edge; 1: after it.  first: also the registers as
 * they are at the window's first instant. */
void ls_cmp_sample(ls_cmp_t *w, const struct ls_map *m, uint64_t cycle, int phase, int first);
/* Marks (in the .gtkw) the first sample where signal path's C value is not
 * zero, when nothing diverges (ls_block_t.wave_mark). */
void ls_cmp_set_mark(ls_cmp_t *w, const struct ls_map *m, const char *path);
void ls_cmp_close(ls_cmp_t *w);
/* Frees it (after ls_cmp_close and ls_cmp_gtkw_write). */
void ls_cmp_free(ls_cmp_t *w);

typedef struct {
  int sig;            /* diverging signal (-1: none) */
  unsigned elem;      /* element (arrays, memories) or field (split registers) */
  int has_elem;
  uint64_t cycle;
  int phase;          /* 0: outputs before the edge, 1: registers after it */
} ls_div_t;

/* The .gtkw of the comparison FST: the diverging signal first (C, RTL,
 * mismatch), then every other signal that mismatched in the window, then
 * inputs, outputs and state; a named marker on the diverging edge, zoomed
 * to the window. */
int ls_cmp_gtkw_write(const ls_cmp_t *w, const char *path, const char *dumpfile, const struct ls_map *m,
                      const char *block, const ls_div_t *d, uint64_t from, uint64_t to, const char *filter_dir);
/* The .gtkw of Verilator's full RTL FST (names read back from the file). */
int ls_rtl_gtkw_write(const char *path, const char *dumpfile, const struct ls_map *m, const char *block,
                      const ls_div_t *d, uint64_t from, uint64_t to, const char *filter_dir);

#endif
