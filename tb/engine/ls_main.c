/* ls_main.c -- the lockstep engine: runs a block's C model and its
 * Verilated RTL side by side, cycle by cycle, from one seeded stimulus.
 *
 * Per cycle:  stim() sets the inputs -> C comb + RTL eval with the same
 * inputs -> compare every output and every memory write port -> clock edge
 * on both -> compare every register of the state map (memories: the row
 * written this cycle, plus a full sweep every --sweep cycles and at the end).
 * First divergence: report cycle, signal, C and RTL values and the last
 * inputs; re-run the same seed with an FST window around the cycle; write
 * the C model's VCD and .gtkw files; exit 1.  Bad usage: exit 2.
 *
 * This file: ls_main(), the steps of a command (ls_run.h names the file of
 * each step). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "ls_run.h"

const char *ls_mode_name(run_mode_t m) { return m == MODE_LOCKSTEP ? "lockstep" : m == MODE_C ? "c" : "rtl"; }

/* The block named by --block; NULL (message printed) if none or unknown. */
static const ls_block_t *find_block(const opts_t *o) {
  if (!o->block) {
    fprintf(stderr, "error: --block NAME is required; blocks:\n");
    ls_list_blocks(stderr);
    return NULL;
  }
  const ls_block_t *b = ls_find_block(o->block);
  if (!b) {
    char e[300];
    fprintf(stderr, "error: unknown block '%s'; blocks:\n", cfg_escape(o->block, strlen(o->block), e, sizeof e));
    ls_list_blocks(stderr);
  }
  return b;
}

/* The results file (written whole or not at all) and a window's default
 * file prefix; 0, or 2 if the results file cannot be written. */
static int open_outputs(opts_t *o, const ls_block_t *b) {
  if (!o->print_map && !o->emit_dir) {
    if (!o->stats_path) {
      mkdir("build", 0777);
      mkdir("build/stats", 0777);
      snprintf(o->stats_default, sizeof o->stats_default, "build/stats/%s_%s_seed%llu.json", b->name, o->config_label,
               (unsigned long long)o->seed);
      o->stats_path = o->stats_default;
    }
    if (outfile_open(&o->stats_out, o->stats_path, "option --stats")) return 2;
    o->stats_f = o->stats_out.f;
  }
  if (o->win_from >= 0 && !o->wave_prefix) {
    mkdir(o->wave_dir, 0777);
    snprintf(o->wave_prefix_buf, sizeof o->wave_prefix_buf, "%s/%s_%s_seed%llu_window%lld-%lld", o->wave_dir, b->name,
             o->cfg_tag, (unsigned long long)o->seed, o->win_from, o->win_to);
    o->wave_prefix = o->wave_prefix_buf;
  }
  return 0;
}

int ls_main(int argc, char **argv) {
  opts_t o;
  l1sys_cfg_t cfg;
  setvbuf(stdout, NULL, _IOLBF, 0); /* piped output arrives line by line */
  int rc = ls_opts_parse(&o, &cfg, argc, argv);
  if (rc) return rc == LS_OPTS_DONE ? 0 : rc;
  const ls_block_t *b = find_block(&o);
  if (!b || ls_opts_check(&o, b, &cfg)) return 2;
  if (o.gpgpusim && !o.quiet && !o.print_map && !o.emit_dir) printf("%s\n", o.gpgpusim_report);
  if (open_outputs(&o, b)) return 2;
  if (o.progress < 0) o.progress = 1; /* auto: in place on a terminal, a line every 5 s otherwise */
  uint64_t locate_at = 0;
  rc = ls_run(&o, b, &cfg, &locate_at);
  if (o.stats_f) { /* whole or nothing: a refused run (2) leaves no results file; a failed write is exit 2 */
    if (outfile_close(&o.stats_out, !(rc == 2 || rc == 4)) && rc != 4) rc = rc ? rc : 2;
  }
  if (rc == 4) rc = ls_locate_divergence(&o, locate_at);
  return rc;
}
