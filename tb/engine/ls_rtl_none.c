/* ls_rtl_none.c -- the RTL backend of the C-only engine build (used to
 * generate the RTL harness and to run the C model alone). */
#include "ls_rtl.h"
#include <stddef.h>

int ls_rtl_available(void) { return 0; }
int ls_rtl_open(int argc, char **argv) { (void)argc; (void)argv; return -1; }
void ls_rtl_close(void) {}
void *ls_rtl_handle(const char *name) { (void)name; return NULL; }
void *ls_rtl_elem(void *array, unsigned index) { (void)array; (void)index; return NULL; }
void ls_rtl_get(void *h, uint32_t *words, unsigned nwords) { (void)h; for (unsigned i = 0; i < nwords; i++) words[i] = 0; }
void ls_rtl_put(void *h, const uint32_t *words, unsigned nwords) { (void)h; (void)words; (void)nwords; }
void *ls_rtl_ptr(const char *name, unsigned *ent_bytes, unsigned *elems) {
  (void)name;
  *ent_bytes = *elems = 0;
  return NULL;
}
void ls_rtl_clk(int level) { (void)level; }
void ls_rtl_rst(int level) { (void)level; }
void ls_rtl_eval(void) {}
void ls_rtl_time(uint64_t t) { (void)t; }
int ls_rtl_assert_failed(void) { return 0; }
int ls_rtl_trace_open(const char *path) { (void)path; return -1; }
void ls_rtl_trace_dump(uint64_t time) { (void)time; }
void ls_rtl_trace_close(void) {}
