/* chss_classify.h -- the static load classifier of coordinated bypassing
 * (the coordinated-bypassing paper, Section 4, Algorithm 1): profile counts in, a tag per global
 * load out (CHSS_LD_CA / CG / CM, the encodings the CHSS unit reads).
 *
 * This is a software tool (compile time, no RTL): the exception to the
 * csim/ <-> rtl/ mirror.  The command line is programs/chss_classify.c
 * (build/bin/chss-classify); the text format is in docs/chss.md:
 *   load  NAME ACCESS HIT      access(i), hit(i) with exclusive cache use
 *   share NAME NAME            same array, a loop- and barrier-free path
 *   group NAME HIT_G           hit(g) of the group holding NAME
 *   high  X / low X            HighThres / LowThres (default 0.7 / 0.3)
 * Every error is one message "FILE:LINE: what was expected". */
#ifndef CHSS_CLASSIFY_H
#define CHSS_CLASSIFY_H
#include <stddef.h>

#define CHSS_CLS_NAME_MAX 63
#define CHSS_CLS_MAX_LOADS 100000
#define CHSS_CLS_COUNT_MAX 1000000000000000ull /* 10^15: products stay exact in 128 bits */

typedef struct {
  char name[CHSS_CLS_NAME_MAX + 1];
  unsigned long long access, hit;
  int line;
} chss_cls_load_t;

typedef struct { unsigned a, b; int line; } chss_cls_edge_t;
typedef struct { unsigned ld; unsigned long long hit; int line; } chss_cls_group_t;

typedef struct {
  chss_cls_load_t *ld;
  unsigned n, cap;
  chss_cls_edge_t *edge;
  unsigned ne, cap_e;
  chss_cls_group_t *grp;
  unsigned ng, cap_g;
  long high_u, low_u; /* thresholds in millionths */
  int high_line, low_line;
  /* results of chss_cls_classify, per load */
  unsigned *comp, *size;
  long double *hit_eff; /* Hit of line 7, for reports */
  unsigned *tag;
} chss_cls_t;

void chss_cls_init(chss_cls_t *p);
void chss_cls_free(chss_cls_t *p);
/* Parses text (len bytes, NUL bytes are an error) named fname in messages.
 * 0, or -1 with one message in err. */
int chss_cls_parse(chss_cls_t *p, const char *text, size_t len, const char *fname, char *err, size_t errn);
/* Sets a threshold from a string ("0.7"); -1 when it is not a decimal in [0, 1]. */
int chss_cls_threshold(const char *s, long *micro);
/* Groups, checks that need them, Algorithm 1.  0, or -1 with one message. */
int chss_cls_classify(chss_cls_t *p, const char *fname, char *err, size_t errn);
const char *chss_cls_tag_name(unsigned tag);

#endif
