/* fuzz_shell_wl.c -- the shell's compact workload format (.wl). */
#include "fuzz_shell_wl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) { return fuzz_wl_run(data, n, shell_wl_read); }
