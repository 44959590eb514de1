/* fuzz_shell_klist.c -- Accel-Sim kernel lists (kernelslist.g; the shell's
 * reader).  Each input is the list, written to a file of a directory made
 * once beside two small kernel files it may name (kernel-1.traceg and
 * kernel-2.traceg, the second's addresses 16 MiB further on), so both the
 * list's lines and the joining of its kernels (one rebase, shell_wl_check's
 * rules on the whole workload) are reached.  The directory goes at exit. */
#include <stdlib.h>
#include "fuzz_shell_wl.h"

static char dir[64], list[96], k1[96], k2[96];

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) abort();
}

static void clean(void) {
  remove(list), remove(k1), remove(k2), remove(dir);
}

static const char *kernel(char *b, size_t n, const char *addr) {
  snprintf(b, n,
           "-kernel name = k\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
           "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n"
           "0000 ffffffff 1 R1 MOV 0 0 0 \n"
           "0010 ffffffff 1 R4 LDG.E.SYS 1 R2 4 1 %s 4 0 \n"
           "0020 ffffffff 0 EXIT 0 0 0 \n#END_TB\n",
           addr);
  return b;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  snprintf(dir, sizeof dir, "/tmp/fuzz-klist-XXXXXX");
  if (!mkdtemp(dir)) abort();
  snprintf(list, sizeof list, "%s/kernelslist.g", dir);
  snprintf(k1, sizeof k1, "%s/kernel-1.traceg", dir);
  snprintf(k2, sizeof k2, "%s/kernel-2.traceg", dir);
  char b[1024];
  put(k1, kernel(b, sizeof b, "0x7f580fa00000"));
  put(k2, kernel(b, sizeof b, "0x7f5810a00000"));
  atexit(clean);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  if (n > FUZZ_WL_MAX) return 0;
  FILE *f = fopen(list, "wb");
  if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f)) abort();
  shell_wl_t w;
  shell_wl_init(&w, 28);
  if (shell_wl_kernelslist(&w, list) == 0) {
    fuzz_wl_check(&w);
    fuzz_wl_round_trip(&w);
  }
  shell_wl_free(&w);
  return 0;
}
