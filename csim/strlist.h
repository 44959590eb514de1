/* strlist.h -- membership in a comma-separated list of names ("a,b,c"), as
 * the manifest's except= lists write them (scripts/manifest.c, which writes
 * the RTL regions, and tb/engine/ls_map.c, which declares an adapter's
 * parameters from the same lists).  Not hardware. */
#ifndef STRLIST_H
#define STRLIST_H
#include <string.h>

/* 1 when name is one of list's comma-separated entries (whole entries
 * only); a NULL or empty list holds nothing. */
static inline int strlist_has(const char *list, const char *name) {
  size_t k = strlen(name);
  for (const char *p = list; p && *p;) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == k && !strncmp(p, name, k)) return 1;
    p = e ? e + 1 : NULL;
  }
  return 0;
}

#endif
