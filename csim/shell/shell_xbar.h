/* shell_xbar.h -- C mirror of rtl/shell/shell_xbar.sv: the shell's request
 * and response crossbars (docs/shell.md, "Dispatcher, crossbars, L2, DRAM").
 * Same register names as the RTL.
 *
 * Request side: SM i offers its injection queue's head (inj_valid_i[i],
 * line, id, store, byp); bank b = line mod NB takes at most one request a
 * cycle when l2_req_ready_i[b], round-robin over SMs (bank_rr_q[b]); the
 * winner's inj_pop_o is high.  An SM port moves one flit a cycle: after a
 * store (FLITS flits) the port is busy FLITS-1 more cycles (inj_busy_q).
 * Response side: SM i's ejection port, when not busy (ej_busy_q), is offered
 * the first bank (round-robin from ej_rr_q[i]) whose response head is for
 * SM i (ej_valid_o); it moves when ej_ready_i, which pops that bank
 * (l2_rsp_ready_o) and keeps the port busy FLITS-1 more cycles.
 * Per-SM and per-bank fields are packed vectors, element k at bit k*W.
 * Per cycle: set m->in, shell_xbar_comb(), then shell_xbar_commit(). */
#ifndef SHELL_XBAR_H
#define SHELL_XBAR_H
#include <stdint.h>

#define SHELL_XBAR_MAX 16 /* SMs and banks */

typedef struct {
  uint32_t inj_valid_i, inj_line_i[SHELL_XBAR_MAX], inj_id_i[SHELL_XBAR_MAX], inj_store_i, inj_byp_i;
  uint32_t l2_req_ready_i;
  uint32_t l2_rsp_valid_i, l2_rsp_sm_i[SHELL_XBAR_MAX], l2_rsp_line_i[SHELL_XBAR_MAX], l2_rsp_id_i[SHELL_XBAR_MAX],
      l2_rsp_byp_i;
  uint32_t ej_ready_i;
} shell_xbar_in_t;

typedef struct {
  uint32_t inj_pop_o;
  uint32_t l2_req_valid_o, l2_req_sm_o[SHELL_XBAR_MAX], l2_req_line_o[SHELL_XBAR_MAX], l2_req_id_o[SHELL_XBAR_MAX],
      l2_req_store_o, l2_req_byp_o;
  uint32_t l2_rsp_ready_o;
  uint32_t ej_valid_o, ej_line_o[SHELL_XBAR_MAX], ej_id_o[SHELL_XBAR_MAX], ej_byp_o;
} shell_xbar_out_t;

typedef struct {
  unsigned nsm, nb, law, idw, smw, flits, sw, bw, fw;
  shell_xbar_in_t in;
  shell_xbar_out_t out;
  uint32_t bank_rr_q[SHELL_XBAR_MAX], bank_rr_d[SHELL_XBAR_MAX];
  uint32_t inj_busy_q[SHELL_XBAR_MAX], inj_busy_d[SHELL_XBAR_MAX];
  uint32_t ej_busy_q[SHELL_XBAR_MAX], ej_busy_d[SHELL_XBAR_MAX];
  uint32_t ej_rr_q[SHELL_XBAR_MAX], ej_rr_d[SHELL_XBAR_MAX];
  uint32_t ej_bank[SHELL_XBAR_MAX]; /* combinational: the bank offered to each SM */
} shell_xbar_t;

/* -1 when nsm or nb is outside 1..SHELL_XBAR_MAX or flits < 2. */
int shell_xbar_init(shell_xbar_t *m, unsigned nsm, unsigned nb, unsigned law, unsigned idw, unsigned smw,
                    unsigned flits);
void shell_xbar_reset(shell_xbar_t *m);
/* The ejection offers (ej_*_o): depend on the state and the l2_rsp_*
 * inputs only; what an SM needs before it answers ej_ready_i. */
void shell_xbar_offer(shell_xbar_t *m);
/* Everything (calls shell_xbar_offer first). */
void shell_xbar_comb(shell_xbar_t *m);
void shell_xbar_commit(shell_xbar_t *m);

#endif
