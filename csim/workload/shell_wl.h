/* shell_wl.h -- workloads of the GPU shell: what the environment replays.
 *
 * A workload is a list of kernels run one after another; a kernel is a grid
 * of thread blocks of `warps` warps each; a warp is a list of records:
 *   ALU  n       n compute instructions (a compute gap of n cycles)
 *   LD/ST        one global load/store: active mask, access size and one
 *                byte address per active lane
 *   BAR          block-wide barrier
 *   EXIT         the warp ends (always the last record of a warp)
 * Three sources fill it (docs/shell.md has the formats):
 *   shell_wl_read()    the compact text format (.wl)
 *   shell_wl_traceg()  an Accel-Sim .traceg trace as it is
 *   shell_wl_gen()     the generators for the papers' kernels
 * Every error in a file is one "error: FILE:LINE: ..." line on stderr and a
 * -1 return (the tools exit 2).  The environment, not the hardware, owns a
 * workload: C model and RTL read the same records (docs/shell.md). */
#ifndef SHELL_WL_H
#define SHELL_WL_H
#include <stdint.h>
#include <stdio.h>

enum { WL_ALU = 0, WL_LD = 1, WL_ST = 2, WL_BAR = 3, WL_EXIT = 4 };
#define WL_LANES 32
#define WL_MAX_ALU 65535u

typedef struct {
  uint8_t kind;   /* WL_* */
  uint8_t size;   /* bytes per lane access (LD/ST): 1, 2, 4, 8 or 16 */
  uint16_t count; /* ALU: instructions in the gap (1..65535); others 1 */
  uint32_t mask;  /* active lanes (LD/ST) */
  /* LD/ST: index of its addresses in the pool: one per active lane, in
   * lane order, or (aff) two, base and stride, the k-th active lane's
   * address base + k * stride (32-bit) -- read them through shell_wl_lane
   * and shell_wl_lane_addrs */
  uint32_t addr;
  /* LD/ST: the static memory instruction it is an execution of, the load
   * "PC" of the static bypass flow (profile and tags: docs/shell.md, "The
   * static flow"), the same for every warp and every trip of a loop that
   * executes that instruction.  Generators: a per-kernel index of the
   * generator's call site (plus a tap index where one call stands for
   * several loads the source writes out), in order of first use; .traceg:
   * the trace's PC; .wl: its `pc N`, else the record's index in its warp.
   * The environment's, not the hardware's: no model register holds it. */
  uint32_t site;
  /* LD/ST: the lanes stored as base and stride (3 or more active lanes on
   * an arithmetic progression: shell_wl_mem_at); 0 otherwise */
  uint8_t aff;
} wl_rec_t;

/* LD/ST record r: the address of its k-th active lane (k < its lanes). */
static inline uint32_t shell_wl_lane(const uint32_t *pool, const wl_rec_t *r, unsigned k) {
  const uint32_t *a = pool + r->addr;
  return r->aff ? a[0] + k * a[1] : a[k];
}
/* LD/ST record r: every lane's address in out[WL_LANES], 0 for an inactive lane. */
static inline void shell_wl_lane_addrs(const uint32_t *pool, const wl_rec_t *r, uint32_t *out) {
  const uint32_t *a = pool + r->addr;
  if (r->aff) {
    uint32_t v = a[0];
    const uint32_t d = a[1];
    for (unsigned l = 0; l < WL_LANES; l++) {
      const uint32_t on = r->mask >> l & 1u;
      out[l] = on ? v : 0;
      v += on ? d : 0;
    }
  } else
    for (unsigned l = 0, k = 0; l < WL_LANES; l++) out[l] = (r->mask >> l & 1) ? a[k++] : 0;
}

/* A kernel name is any bytes but NUL, at most WL_NAME_MAX of them (real
 * traces carry C++ signatures: blanks, parentheses, quotes).  The .wl
 * format writes a name that is not a bare word quoted, with \", \\ and
 * \xNN escapes (docs/shell.md); reports print it escaped (cfg_escape). */
#define WL_NAME_MAX 65535u

typedef struct {
  char *name; /* owned (shell_wl_free) */
  uint32_t blocks, warps;  /* grid size (blocks) and warps per block */
  uint32_t *wfirst, *wlen; /* per warp [block * warps + w]: first record, record count */
  /* thread instructions (GPGPU-Sim's gpu_sim_insn: active lanes summed over
   * the kernel's warp instructions).  The builders count a compute, barrier
   * or exit instruction as 32 lanes and a memory instruction by its mask;
   * the .traceg reader corrects compute instructions to their trace mask
   * (shell_wl_lanes).  Statistics only: no model reads it. */
  uint64_t threads;
  /* Generators: the kernel's site keys (shell_wl_site), skey[i] the call
   * site numbered i, so two inputs of one generator can be checked to
   * number their loads alike (shell-sim --profile-args).  Readers: none. */
  uint32_t *skey, nskey, capskey;
} wl_kernel_t;

typedef struct {
  wl_kernel_t *k;
  uint32_t nk, capk;
  wl_rec_t *rec;
  uint32_t nrec, caprec;
  uint32_t *pool; /* addresses (translated into the shell's address space) */
  uint32_t npool, cappool;
  unsigned addr_w; /* addresses must be < 2^addr_w */
  /* Accel-Sim reader: what it could not replay, by opcode (counted, reported) */
  struct { char op[32]; uint64_t n; } unsup[64];
  uint32_t nunsup;
  uint64_t unsup_other; /* beyond the 64 distinct opcodes listed */
  uint64_t addr_base;   /* Accel-Sim: the rebase subtracted from every address */
  int have_base;
  int base_shared;      /* Accel-Sim kernel list: one rebase for all its kernels (not reset per kernel) */
  uint64_t ncopy, copy_bytes; /* Accel-Sim kernel list: host-to-device copies (checked and counted, not modelled) */
  uint32_t open;        /* builder: the warp records are appended to */
  /* builder: a bound on the largest end (address + size) of the lane
   * accesses added (shell_wl_mem_at: an access's addresses ORed, plus its
   * size), so shell_wl_finish searches the records for one outside
   * [0, 2^addr_w) only when there may be one */
  uint64_t aend;
} shell_wl_t;

void shell_wl_init(shell_wl_t *w, unsigned addr_w);
void shell_wl_free(shell_wl_t *w);
/* Build API (generators and readers). */
int shell_wl_kernel(shell_wl_t *w, const char *name, uint32_t blocks, uint32_t warps);
void shell_wl_warp_begin(shell_wl_t *w, uint32_t block, uint32_t warp);
void shell_wl_alu(shell_wl_t *w, uint32_t n); /* merges into a preceding ALU record */
/* A load or store of static site `site` (wl_rec_t.site). */
void shell_wl_mem_at(shell_wl_t *w, uint32_t site, int store, uint32_t mask, unsigned size,
                     const uint32_t *lane_addr /*[32]*/);
/* The same, its site the record's index in its warp (a source without
 * static instructions: a .wl line without `pc`). */
void shell_wl_mem(shell_wl_t *w, int store, uint32_t mask, unsigned size, const uint32_t *lane_addr /*[32]*/);
/* A generator's site: `key` (its call site) numbered in the order the open
 * kernel first uses it, so a kernel's loads are sites 0, 1, 2, ... */
uint32_t shell_wl_site(shell_wl_t *w, uint32_t key);
void shell_wl_bar(shell_wl_t *w);
void shell_wl_exit(shell_wl_t *w);
/* Checks every warp of every kernel ends in EXIT and has records; -1 and an
 * error naming origin otherwise. */
int shell_wl_finish(shell_wl_t *w, const char *origin);

/* A workload file opened for reading; NULL after one "error: FILE: cannot
 * open: ..." line (the readers' first step). */
FILE *shell_wl_fopen(const char *path);
/* The compact text format; see docs/shell.md. */
int shell_wl_read(shell_wl_t *w, const char *path);
int shell_wl_write(const shell_wl_t *w, FILE *f);
/* One kernel name as the .wl format writes it: bare when it is a bare word
 * (printable ASCII, no blank, '"', '\\' or '#'), else quoted. */
void shell_wl_write_name(const char *name, FILE *f);
/* Accel-Sim .traceg (one kernel per file; call again to append kernels);
 * a name ending .xz is read through xz -dc (the tracer's .traceg.xz). */
int shell_wl_traceg(shell_wl_t *w, const char *path);
/* An Accel-Sim kernel list (kernelslist.g): its kernels in order, each a
 * .traceg named relative to the list's directory; its MemcpyHtoD lines
 * checked and counted (docs/shell.md, "Accel-Sim kernel lists"). */
#define WL_LIST_MAX_KERNELS 4096u
int shell_wl_kernelslist(shell_wl_t *w, const char *path);
/* Generators: name is one of shell_wl_gen_names; args "n=512,iters=64"
 * (NULL for defaults); seed for the irregular kernel. -1 on a bad name/arg. */
extern const char *const shell_wl_gen_names[];
int shell_wl_gen(shell_wl_t *w, const char *name, const char *args, uint64_t seed);
/* The same, a bad args named as coming from opt ("option --profile-args"). */
int shell_wl_gen_as(shell_wl_t *w, const char *name, const char *args, uint64_t seed, const char *opt);
/* What a --workload spec names: 0 a generator, 1 a .wl file, 2 an Accel-Sim .traceg (or .traceg.xz), 3 an Accel-Sim kernel
 * list (.g: kernelslist.g), by its ending. */
int shell_wl_spec_kind(const char *spec);
/* A workload by spec: a generator name, a .traceg file or a .wl file. */
int shell_wl_load(shell_wl_t *w, const char *spec, const char *args, uint64_t seed);

/* The instruction just appended (compute, barrier or exit, counted as 32
 * lanes) had `lanes` active lanes: corrects the kernel's thread count. */
void shell_wl_lanes(shell_wl_t *w, unsigned lanes);

/* Totals for reports: warp instructions; thread instructions. */
uint64_t shell_wl_insts(const shell_wl_t *w);
uint64_t shell_wl_threads(const shell_wl_t *w);
void shell_wl_report_unsupported(const shell_wl_t *w, FILE *f);

#endif
