/* ls_vpi.c -- the RTL backend: VPI reads and writes on the Verilated
 * harness; clock, reset, eval and tracing go through the C++ glue
 * (tb/engine/vglue.cpp), the only C++ in the testbench. */
#include <stdio.h>
#include <stdlib.h>
#include "ls_rtl.h"
#include "ls_limits.h"
#include "vpi_user.h"

/* tb/engine/vglue.cpp */
int vg_open(int argc, char **argv);
void vg_close(void);
void vg_clk(int level);
void vg_rst(int level);
void vg_eval(void);
void vg_time(uint64_t t);
int vg_got_error(void);
int vg_trace_open(const char *path);
void *vg_ptr(const char *name, unsigned *ent_bytes, unsigned *elems);
void vg_trace_dump(uint64_t time);
void vg_trace_close(void);

int ls_rtl_available(void) { return 1; }
int ls_rtl_open(int argc, char **argv) { return vg_open(argc, argv); }
void ls_rtl_close(void) { vg_close(); }

/* Verilator names a generate-loop scope gen_x[3] as gen_x__BRA__3__KET__;
 * state maps use the source form (gen_node[3].i_node.foo_q).  A gate-level
 * harness (GATE=1, scripts/gate_hier.py) rebuilds that scope as an instance
 * with the escaped name \gen_x[3], which Verilator encodes as
 * gen_x__05b3__05d (esc = 1): tried when the first form is not found. */
static void vl_name(const char *name, char *buf, size_t n, int esc) {
  size_t k = 0;
  for (const char *s = name; *s && k + 16 < n; s++) {
    const char *e = s + 1;
    if (*s == '[') while (*e >= '0' && *e <= '9') e++;
    if (*s == '[' && e > s + 1 && *e == ']' && e[1] == '.') {
      k += (size_t)snprintf(buf + k, n - k, esc ? "__05b%.*s__05d" : "__BRA__%.*s__KET__", (int)(e - s - 1), s + 1);
      s = e;
    } else {
      buf[k++] = *s;
    }
  }
  buf[k] = 0;
}
void *ls_rtl_handle(const char *name) {
  char buf[1024];
  vpiHandle h = NULL;
  for (int esc = 0; esc < 2 && !h; esc++) {
    vl_name(name, buf, sizeof buf, esc);
    h = vpi_handle_by_name((PLI_BYTE8 *)buf, NULL);
  }
  return h;
}
void *ls_rtl_elem(void *array, unsigned index) { return vpi_handle_by_index((vpiHandle)array, (PLI_INT32)index); }

void ls_rtl_get(void *h, uint32_t *words, unsigned nwords) {
  s_vpi_value v;
  v.format = vpiVectorVal;
  vpi_get_value((vpiHandle)h, &v);
  for (unsigned i = 0; i < nwords; i++) words[i] = (uint32_t)v.value.vector[i].aval;
}

void ls_rtl_put(void *h, const uint32_t *words, unsigned nwords) {
  s_vpi_vecval vv[LS_MAX_WORDS]; /* the widest signal the engine compares */
  s_vpi_vecval *p = nwords <= 128 ? vv : malloc(nwords * sizeof *p);
  for (unsigned i = 0; i < nwords; i++) { p[i].aval = (PLI_INT32)words[i]; p[i].bval = 0; }
  s_vpi_value v;
  v.format = vpiVectorVal;
  v.value.vector = p;
  vpi_put_value((vpiHandle)h, &v, NULL, vpiNoDelay);
  if (p != vv) free(p);
}

void *ls_rtl_ptr(const char *name, unsigned *ent_bytes, unsigned *elems) {
  char buf[1024];
  void *p = NULL;
  for (int esc = 0; esc < 2 && !p; esc++) {
    vl_name(name, buf, sizeof buf, esc);
    p = vg_ptr(buf, ent_bytes, elems);
  }
  return p;
}
void ls_rtl_clk(int level) { vg_clk(level); }
void ls_rtl_rst(int level) { vg_rst(level); }
void ls_rtl_eval(void) { vg_eval(); }
void ls_rtl_time(uint64_t t) { vg_time(t); }
int ls_rtl_assert_failed(void) { return vg_got_error(); }
int ls_rtl_trace_open(const char *path) { return vg_trace_open(path); }
void ls_rtl_trace_dump(uint64_t time) { vg_trace_dump(time); }
void ls_rtl_trace_close(void) { vg_trace_close(); }
