/* mutate.c -- seeded single mutations of an RTL file, for mutation testing
 * (scripts/mutate.sh, make mutate).
 *
 *   mutate list FILE             every mutation site: "index line col kind"
 *   mutate apply FILE INDEX OUT  writes FILE with mutation INDEX applied to OUT
 *                                and prints "line: original -> mutated"
 *
 * Sites are operators and constants in code (comments, `ifdef LS_FAULTS
 * fault sites (docs/lockstep.md, "Teeth"), `ifndef SYNTHESIS checker blocks, parameter declarations and
 * for-loop headers are skipped):
 *   ==  <-> !=        relational equality inverted
 *   &&  <-> ||        logical operator swapped
 *   <   ->  <=,  >  ->  >=,  >=  ->  >     off-by-one comparison (never the
 *                     non-blocking `<=`, shifts or `->`)
 *   !x  ->  x         inverted condition (a `!` not part of `!=`)
 *   1'b1 <-> 1'b0     constant flipped
 *   + 1'b1 -> - 1'b1  increment turned into decrement
 *   &  <-> |          bitwise operator swapped (not `&&`, `||`, `&=`)
 * Exit 2 with one message on bad usage or an unreadable file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  long pos;         /* byte offset */
  int len;          /* bytes replaced */
  const char *rep;  /* replacement */
  const char *kind;
  int line, col;
} site_t;

static char *slurp(const char *path, long *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)*n + 1);
  if (!b || fread(b, 1, (size_t)*n, f) != (size_t)*n) { fclose(f); free(b); return NULL; }
  b[*n] = 0;
  fclose(f);
  return b;
}

static int starts(const char *p, const char *s) { return !strncmp(p, s, strlen(s)); }

/* Finds the sites; returns their number (up to max). */
static int scan(const char *b, long n, site_t *out, int max) {
  int ns = 0, line = 1, skip = 0, depth = 0; /* skip: inside `ifdef LS_FAULTS / `ifndef SYNTHESIS */
  int inhdr = 0; /* inside a for-loop header: its bound mutated past the last element is equivalent */
  int inparam = 0;
  long ls = 0;
  for (long i = 0; i < n; i++) {
    const char *p = b + i;
    if (*p == '\n') {
      line++;
      ls = i + 1;
      /* parameter declarations: derived sizes, not behaviour */
      long j = ls;
      while (j < n && (b[j] == ' ' || b[j] == '\t')) j++;
      inparam = starts(b + j, "parameter") || starts(b + j, "localparam");
      continue;
    }
    if (starts(p, "//")) { while (i < n && b[i] != '\n') i++; i--; continue; }
    if (starts(p, "/*")) { const char *e = strstr(p + 2, "*/"); if (!e) break; for (; p < e; p++, i++) if (*p == '\n') { line++; ls = i + 1; } i++; continue; }
    if (*p == '"') { i++; while (i < n && b[i] != '"' && b[i] != '\n') i++; continue; }
    if (*p == '`') {
      if (starts(p, "`ifdef LS_FAULTS") || starts(p, "`ifdef FAULT_") || starts(p, "`ifndef FAULT_") || starts(p, "`ifndef SYNTHESIS")) { skip = 1; depth = 1; }
      else if (skip && (starts(p, "`ifdef") || starts(p, "`ifndef"))) depth++;
      else if (skip && starts(p, "`endif") && --depth == 0) skip = 0;
      while (i < n && b[i] != '\n' && b[i] != ' ') i++;
      i--;
      continue;
    }
    if (starts(p, "for (") || starts(p, "for(")) inhdr = 1;
    if (inhdr && *p == ')') inhdr = 0;
    if (skip || inhdr || inparam || ns >= max) continue;
    site_t s = {i, 0, NULL, NULL, line, (int)(i - ls) + 1};
    char prev = i ? b[i - 1] : ' ', next = b[i + 1], next2 = next ? b[i + 2] : 0;
    if (starts(p, "==") && prev != '=' && prev != '!' && next2 != '=') s.len = 2, s.rep = "!=", s.kind = "eq->ne";
    else if (starts(p, "!=") && next2 != '=') s.len = 2, s.rep = "==", s.kind = "ne->eq";
    else if (starts(p, "&&")) s.len = 2, s.rep = "||", s.kind = "and->or";
    else if (starts(p, "||")) s.len = 2, s.rep = "&&", s.kind = "or->and";
    else if (*p == '<' && next != '<' && next != '=' && prev != '<') s.len = 1, s.rep = "<=", s.kind = "lt->le";
    else if (*p == '>' && next == '=' && prev != '>') s.len = 2, s.rep = ">", s.kind = "ge->gt";
    else if (*p == '>' && next != '>' && next != '=' && prev != '>' && prev != '-') s.len = 1, s.rep = ">=", s.kind = "gt->ge";
    else if (*p == '!' && next != '=') s.len = 1, s.rep = "", s.kind = "drop-not";
    else if (starts(p, "1'b1")) s.len = 4, s.rep = "1'b0", s.kind = "const1->0";
    else if (starts(p, "1'b0")) s.len = 4, s.rep = "1'b1", s.kind = "const0->1";
    else if (starts(p, "+ 1'b1")) s.len = 1, s.rep = "-", s.kind = "inc->dec";
    else if (*p == '&' && next != '&' && prev != '&' && next != '=') s.len = 1, s.rep = "|", s.kind = "band->bor";
    else if (*p == '|' && next != '|' && prev != '|' && next != '=') s.len = 1, s.rep = "&", s.kind = "bor->band";
    if (s.len) out[ns++] = s;
    if (s.len > 1) i += s.len - 1;
  }
  return ns;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "list") && strcmp(argv[1], "apply")) || (!strcmp(argv[1], "apply") && argc != 5)) {
    fprintf(stderr, "error: usage: mutate list FILE | mutate apply FILE INDEX OUT\n");
    return 2;
  }
  long n;
  char *b = slurp(argv[2], &n);
  if (!b) { fprintf(stderr, "error: cannot read %s\n", argv[2]); return 2; }
  enum { MAX = 20000 };
  site_t *s = calloc(MAX, sizeof *s);
  int ns = scan(b, n, s, MAX);
  if (!strcmp(argv[1], "list")) {
    for (int k = 0; k < ns; k++) printf("%d %d %d %s\n", k, s[k].line, s[k].col, s[k].kind);
    return 0;
  }
  char *end;
  long k = strtol(argv[3], &end, 10);
  if (*end || k < 0 || k >= ns) { fprintf(stderr, "error: mutation index '%s' not in 0..%d\n", argv[3], ns - 1); return 2; }
  FILE *o = fopen(argv[4], "wb");
  if (!o) { fprintf(stderr, "error: cannot write %s\n", argv[4]); return 2; }
  fwrite(b, 1, (size_t)s[k].pos, o);
  fputs(s[k].rep, o);
  fputs(b + s[k].pos + s[k].len, o);
  fclose(o);
  /* the source line, before and after */
  long ls = s[k].pos, le = s[k].pos;
  while (ls > 0 && b[ls - 1] != '\n') ls--;
  while (le < n && b[le] != '\n') le++;
  while (ls < le && (b[ls] == ' ' || b[ls] == '\t')) ls++;
  printf("%s:%d:%d %s: %.*s  ->  %.*s%s%.*s\n", argv[2], s[k].line, s[k].col, s[k].kind, (int)(le - ls), b + ls,
         (int)(s[k].pos - ls), b + ls, s[k].rep, (int)(le - s[k].pos - s[k].len), b + s[k].pos + s[k].len);
  free(s);
  free(b);
  return 0;
}
