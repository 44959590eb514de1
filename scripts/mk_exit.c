/* mk_exit.c -- a GNU make plugin (`load`) with one function,
 * $(exit-status N): ends make at once with status N when N is not 0.
 * Why: GNU make exits 2 whenever a recipe fails, so a divergence (exit 1)
 * and a typo (exit 2) would look the same through `make lockstep`.  The
 * Makefile runs a script, keeps its status in a file, and a second target
 * expands $(exit-status ...) with it, so make ends with the script's own
 * 0 / 1 / 2.  Built by the Makefile itself (build/mk/mk_exit.so). */
#include <gnumake.h>
#include <stdio.h>
#include <stdlib.h>

int plugin_is_GPL_compatible;

static char *exit_status(const char *name, unsigned int argc, char **argv) {
  (void)name;
  (void)argc;
  int rc = atoi(argv[0]);
  if (rc) {
    fflush(stdout);
    fflush(stderr);
    exit(rc);
  }
  return NULL;
}

int mk_exit_gmk_setup(const gmk_floc *floc) {
  (void)floc;
  gmk_add_function("exit-status", exit_status, 1, 1, GMK_FUNC_DEFAULT);
  return 1;
}
