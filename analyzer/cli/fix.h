/*
 * fix: --fix and --fix=patch. The fix-its of the findings reported (struct rml_edit, in
 * clang's byte columns) are collected as the report is written (rml_fixes_tap), then
 * applied to the files in place, each file written atomically (a temporary file beside
 * it, renamed over it), or printed as one unified diff. Identical edits (one #define
 * fixed for each of its uses) count once; two findings' edits that overlap otherwise are
 * refused, and their file is left as it was. No libclang.
 */
#ifndef RML_FIX_H
#define RML_FIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "util.h"

struct rml_fix_edit {
	struct rml_edit e;	/* strings in the set's arena */
	size_t finding;		/* which finding it fixes (its number in the run) */
	size_t from, to;	/* byte offsets in the file, once read */
};

struct rml_fixes {
	struct rml_arena arena;
	struct rml_fix_edit *v;
	size_t n, cap;
	size_t nfindings;	/* findings seen with a fix-it */
};

void rml_fixes_init(struct rml_fixes *f);
void rml_fixes_fini(struct rml_fixes *f);
/* A report's tap (rml_out_opts.tap): the fix-its of a driver's findings, copied. */
void rml_fixes_tap(void *fixes, const struct rml_diags *d);

/*
 * Apply them in place. Each refused file gets one line on err ("regmap-lint: error:
 * FILE: ..."): edits that overlap, a range that is not in the file, a file that cannot be
 * read or written. *nfixed: the findings fixed, *nfiles: the files written. 0, or -1
 * when a file was refused.
 */
int rml_fixes_apply(struct rml_fixes *f, FILE *err, size_t *nfixed, size_t *nfiles);

/*
 * The same edits as one unified diff on out (a/ and b/ prefixes, paths relative to the
 * git work tree the current directory is in, else to the current directory; three lines
 * of context), nothing written. 0, or -1 as rml_fixes_apply.
 */
int rml_fixes_patch(struct rml_fixes *f, FILE *out, FILE *err, size_t *nfixed);

#endif
