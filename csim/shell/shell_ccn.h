/* shell_ccn.h -- the per-SM cooperative-caching-ring hook point of the shell
 * (docs/shell.md, "Hook points").  A CCN node sits on the L1D's miss path
 * (between the L1D memory port and the SM's crossbar injection queue: it
 * may take a load miss and answer it from a remote L1D instead of L2) and
 * drives the L1D's remote-lookup port rmt_* for lookups other nodes send.
 * The variant is the run parameter SHELL_CCN (csim/params_shell.def); OFF
 * passes every request through and never looks up.
 *
 * Per cycle: rmt() gives the L1D's rmt_valid_i/rmt_addr_i (from the node's
 * registers); miss() is offered the L1D's memory request and returns 1 when
 * the node takes it (else it goes to the crossbar); remote() sees the
 * L1D's rmt_hit_o answer; commit() is the clock edge. */
#ifndef SHELL_CCN_H
#define SHELL_CCN_H
#include <stdint.h>
#include "cfg.h"

typedef struct {
  uint32_t variant; /* SHELL_CCN_* */
  uint64_t remote_hits, lookups;
} shell_ccn_t;

static inline int shell_ccn_init(shell_ccn_t *c, const l1sys_cfg_t *cfg, unsigned sm) {
  c->variant = (uint32_t)CFG(cfg, SHELL_CCN);
  c->remote_hits = c->lookups = 0;
  (void)sm;
  return 0;
}
static inline void shell_ccn_rmt(const shell_ccn_t *c, uint32_t *valid, uint32_t *addr) {
  (void)c;
  *valid = 0;
  *addr = 0;
}
static inline int shell_ccn_miss(shell_ccn_t *c, uint32_t line, uint32_t store) {
  (void)c, (void)line, (void)store;
  return 0; /* OFF: everything goes to L2 */
}
static inline void shell_ccn_remote(shell_ccn_t *c, uint32_t hit) { c->remote_hits += hit; }
static inline void shell_ccn_commit(shell_ccn_t *c) { (void)c; }

#endif
