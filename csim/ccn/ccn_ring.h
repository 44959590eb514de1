/* ccn_ring.h -- C mirror of rtl/ccn/ccn_ring.sv: N ccn_node instances on a
 * ring (requests 0 -> 1 -> ... -> N-1 -> 0, responses the other way), the
 * throttlers' shared epoch counter ep_q and the timestamp now_q.
 * Inputs and outputs are per node in natural C fields (the lockstep adapter
 * packs them into the RTL's concatenated ports). */
#ifndef CCN_RING_H
#define CCN_RING_H
#include <stdint.h>
#include "ccn_node.h"
#include "cfg.h"

#define CCN_MAX_NODES 16

typedef struct {
  ccn_node_in_t in[CCN_MAX_NODES];
  uint32_t *rmt_data; /* nodes * lbw words: in[i].rmt_data_i points into it */
} ccn_ring_in_t;

typedef struct {
  unsigned nodes, hop_lat, ts, tp, tsw, epw, lb, lbw, flits, law;
  ccn_node_t node[CCN_MAX_NODES];
  uint32_t ep_q, ep_d, now_q, now_d;
  ccn_epoch_t ep; /* win / dec / per_end / now of this cycle */
  /* Nodes at rest left out (not hardware; docs/c-models.md, "Ring nodes
   * at rest").  lazy: on (the shell's C model sets it; 0, every node every
   * cycle, is what the lockstep engine needs, since it reads the RespQ's
   * write port and its bypass register, which a node at rest loads with
   * its neighbour's don't-care head every cycle).  rested, bit i: node i's
   * last evaluation found it at rest (its queues empty, its ReqQ state
   * machine idle) with nothing coming in (no miss, no request from the
   * node before it, no response from the node after it, no throttler
   * decision or period end), so that cycle wrote no register and left
   * every output and wire in its rest form (bit i of rested); skip: this
   * cycle leaves node i out, its logic and its edge (bit i). */
  uint8_t lazy;
  uint32_t rested, skip;
} ccn_ring_t;

typedef struct {
  unsigned nodes, hop_lat, cb_depth, req_depth, resp_depth, law, line_bytes, flit_bytes, req_bytes;
  unsigned ts, tp, hmin, cb_timeout, hold_max, winw, cntw, tsw;
} ccn_ring_cfg_t;

/* Parameters from a run's configuration; on a bad combination prints one
 * "error: parameter ..." line and returns -1. */
int ccn_ring_cfg_from(ccn_ring_cfg_t *rc, const l1sys_cfg_t *cfg);
/* The cross-parameter rules alone (0 or a message in why). */
int ccn_ring_cfg_check(const ccn_ring_cfg_t *rc, const char **why, int *param);
int ccn_ring_init(ccn_ring_t *r, const ccn_ring_cfg_t *rc);
void ccn_ring_free(ccn_ring_t *r);
void ccn_ring_reset(ccn_ring_t *r);
int ccn_ring_in_init(ccn_ring_in_t *in, const ccn_ring_t *r);
void ccn_ring_in_free(ccn_ring_in_t *in);
/* The cycle's logic: every node's outputs and next state. */
void ccn_ring_comb(ccn_ring_t *r, const ccn_ring_in_t *in);
void ccn_ring_commit(ccn_ring_t *r);

#endif
