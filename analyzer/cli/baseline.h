/*
 * baseline: a file of accepted findings, and the identity that finds them again after
 * lines move: (path, rule, hash, occurrence), hash being rml_finding_hash() of the rule and
 * the finding's source line (the same hash as the report formats' fingerprints). It reads,
 * matches and writes baselines; it does not run rules, read sources or decide what to
 * report. A struct rml_baseline owns its entries (heap) until rml_baseline_fini().
 *
 * The file, text, sorted by path, rule, hash, occurrence (then message), one finding a line:
 *   # regmap-lint baseline 2
 *   # paths: relative to the top of the git work tree this file is in, ...
 *   <16 hex hash>\t<occurrence>\t<rule>\t<path>\t<message>
 * with tab, newline, CR and backslash inside rule, path or message written \t \n \r \\.
 * Blank lines and '#' lines after the first are skipped when read. What the paths are
 * relative to is the caller's (selection.c): in version 2 the top of the git work tree
 * the baseline is in (else the current directory), in version 1 (read, never written)
 * the baseline's own directory.
 */
#ifndef RML_BASELINE_H
#define RML_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#define RML_BASELINE_VERSION 2
#define RML_BASELINE_HEADER "# regmap-lint baseline 2"
#define RML_BASELINE_PATHS "# paths: relative to the top of the git work tree this file is in (or to " \
	"the directory regmap-lint ran in, outside one)"

struct rml_baseline_entry {
	uint64_t hash;
	unsigned occ; /* 1 + how many findings of its source file before it had its hash */
	char *rule, *path, *msg;
	bool matched; /* rml_baseline_take() found it */
};

struct rml_baseline {
	struct rml_baseline_entry *v; /* sorted after parse or load; add() appends */
	size_t n;
	int version;		      /* the file's: 1 or 2 (what the paths are relative to) */
};

/*
 * Parse len bytes (no NUL needed). Returns 0, or -1 with "name:LINE: reason" in err and b
 * empty; reasons: "not a regmap-lint baseline (the first line must be "# regmap-lint
 * baseline 2")", "baseline version V is not supported (this regmap-lint reads versions 1
 * and 2)",
 * "expected 5 tab-separated fields, found N", "bad hash (expected 16 hex digits)", "bad
 * occurrence (expected a number from 1)", "empty rule", "empty path", "bad escape in the
 * rule" (path, message), "NUL byte in the line".
 */
int rml_baseline_parse(const char *text, size_t len, const char *name, struct rml_baseline *b,
		       char *err, size_t errlen);
/* Read and parse path: errors as above with PATH, or "PATH: cannot open: ...". */
int rml_baseline_load(const char *path, struct rml_baseline *b, char *err, size_t errlen);

/*
 * Whether b holds the finding; if so an entry of it (an unmatched one first) is marked
 * matched. O(log n) on a parsed baseline, linear for findings it does not hold or after add.
 */
bool rml_baseline_take(struct rml_baseline *b, const char *path, const char *rule, uint64_t hash,
		       unsigned occ);
/* Append a finding (copies of the strings; msg NULL is ""). */
void rml_baseline_add(struct rml_baseline *b, const char *path, const char *rule, uint64_t hash,
		      unsigned occ, const char *msg);
/* Write b in the file format, sorted (b is not changed). 0, or -1 if the stream failed. */
int rml_baseline_write(const struct rml_baseline *b, FILE *out);
void rml_baseline_fini(struct rml_baseline *b);

#endif
