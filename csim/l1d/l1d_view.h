/* l1d_view.h -- read-only views of the L1D model's state for checkers that
 * are not the lockstep engine (tb/tests/test_l1d_conform.c compares them
 * with the GPGPU-Sim reference model tb/tests/l1d_gref.c every cycle).
 *
 * These three functions are the ONLY place outside csim/l1d/l1d.c that knows
 * how the model stores its state; every other access goes through l1d.h's
 * in/out structs.  When the model's representation changes, only
 * l1d_view.c changes.  All views describe the registered state (after the
 * last l1d_commit, i.e. the state at the start of the next cycle). */
#ifndef L1D_VIEW_H
#define L1D_VIEW_H
#include <stdint.h>
#include "l1d.h"

typedef struct {
  uint32_t valid, rsv, byp, reuse; /* line state bits (valid, rsv: one bit per sector) */
  uint32_t line;                   /* tag = line address (addr >> log2(LINE)) */
  uint32_t rank;                   /* age rank in the set: 0 = most recently touched */
} l1d_line_view_t;

enum { L1D_VIEW_MAX_MERGE = 64 };

typedef struct {
  uint32_t valid, filled;         /* entry in use; its fill has arrived (releasing) */
  uint32_t line;                  /* atom address: the line address, or (sectored) the sector address */
  uint32_t way;                   /* the way the line is (or was) placed in */
  uint32_t pres;                  /* the line is present in `way` (docs/l1d.md, "The fill of a sector") */
  uint32_t count;                 /* merged requests still to be released */
  uint32_t ids[L1D_VIEW_MAX_MERGE]; /* ids[0] = oldest (released next) */
} l1d_mshr_view_t;

void l1d_view_line(const l1d_t *m, unsigned set, unsigned way, l1d_line_view_t *v);
void l1d_view_mshr(const l1d_t *m, unsigned e, l1d_mshr_view_t *v);
unsigned l1d_view_missq_count(const l1d_t *m);

#endif
