/* fuzz_shell_traceg.c -- Accel-Sim .traceg traces (the shell's reader). */
#include "fuzz_shell_wl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) { return fuzz_wl_run(data, n, shell_wl_traceg); }
