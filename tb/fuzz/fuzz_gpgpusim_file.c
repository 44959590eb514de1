/* fuzz_gpgpusim_file.c -- gpgpusim.config files (--gpgpusim-config), one
 * or several read together: the input is cut at each form feed (\f) into
 * up to GPGPUSIM_FILES_MAX files (Accel-Sim's gpgpusim.config + trace.config;
 * an input without one is one file). */
#include "fuzz_common.h"
#include "gpgpusim_cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  l1sys_cfg_t cfg;
  char report[512];
  gpgpusim_rep_t *rep = malloc(sizeof *rep);
  cfg_defaults(&cfg);
  if (n > GPGPUSIM_FILE_MAX || !rep) { free(rep); return 0; }
  const char *bufs[GPGPUSIM_FILES_MAX], *names[GPGPUSIM_FILES_MAX];
  char nm[GPGPUSIM_FILES_MAX][16];
  for (int i = 0; i < GPGPUSIM_FILES_MAX; i++) snprintf(nm[i], sizeof nm[i], "f%d.config", i), names[i] = nm[i];
  size_t lens[GPGPUSIM_FILES_MAX];
  int nf = 0;
  const char *p = (const char *)data, *end = p + n;
  for (;;) { /* (the last file takes the rest) */
    const char *ff = nf + 1 < GPGPUSIM_FILES_MAX ? memchr(p, '\f', (size_t)(end - p)) : NULL;
    bufs[nf] = p;
    lens[nf] = (size_t)((ff ? ff : end) - p);
    nf++;
    if (!ff) break;
    p = ff + 1;
  }
  /* both scopes: the L1D alone and the whole GPU */
  for (int scope = GPGPUSIM_L1D; scope <= GPGPUSIM_GPU; scope++) {
    int rc = nf == 1 ? gpgpusim_cfg_load_text(&cfg, bufs[0], lens[0], "fuzz.config", scope, rep)
                     : gpgpusim_cfg_load_texts(&cfg, bufs, lens, names, nf, scope, rep);
    if (!rc) {
      gpgpusim_rep_line(rep, report, sizeof report);
      if (strlen(report) >= sizeof report || rep->nfiles != (unsigned)nf) abort();
      for (unsigned q = 0; q < rep->n; q++)
        if (rep->e[q].src < 0 || rep->e[q].src >= nf) abort();
    }
  }
  free(rep);
  return 0;
}
