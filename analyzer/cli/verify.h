/*
 * verify: the corpus expectation checker, after clang's -verify. Parses expected-* directives
 * (and the corpus-* file tags) out of source text and matches them against the diagnostics
 * reported for that text. Pure string work, no libclang. A struct rml_verify owns its
 * directives (heap) until rml_verify_fini().
 */
#ifndef RML_VERIFY_H
#define RML_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

struct rml_expect {
	enum rml_sev sev;
	char *file;		/* the file the directive is written in (heap) */
	unsigned line;		/* the line it expects a diagnostic on (after @+N / @-N / @N) */
	unsigned dir_line;	/* the line the directive is written on */
	unsigned min, max;	/* how many matching diagnostics: default 1..1, "2" 2..2, "1+" 1..UINT_MAX */
	char *text;		/* substring to find in the diagnostic's text (heap) */
	unsigned seen;		/* matches found by rml_verify_check */
};

struct rml_verify {
	struct rml_expect *e;
	size_t n, cap;
	size_t nfiles_no_diag;	/* files that said expected-no-diagnostics */
	char **args;		/* words of all "corpus-args:" tags, in order (heap) */
	size_t nargs;
	char *tree;		/* "corpus-tree: DIR": the file is checked as part of the
				   directory run over DIR (relative to the file) makes of it,
				   with the other files of its driver (heap), or NULL */
};

void rml_verify_init(struct rml_verify *v);
void rml_verify_fini(struct rml_verify *v);

/*
 * Add the directives written in one file's text (called for the main file and for any other
 * file of the corpus whose text should carry expectations, such as a driver header).
 * Returns 0, or -1 after printing "path:line: error: <what is malformed>" lines to errout.
 */
int rml_verify_parse(struct rml_verify *v, const char *path, const char *text, size_t len,
		     FILE *errout);

/*
 * The text a directive is matched against: "msg [rule]" for diagnostics with a rule, the
 * message alone otherwise. Notes are matched as their own diagnostics (severity note, own loc).
 * Match every diagnostic and note of d to directives (same file, same line, same severity,
 * substring). Prints each failure in clang's words to out:
 *   "path:line: warning expected but not seen: {{text}}"
 *   "path:line:col: warning seen but not expected: text"
 * and, when nothing at all was expected and no file said expected-no-diagnostics,
 * "path: error: no expected directives found". Returns the number of failures.
 */
unsigned rml_verify_check(struct rml_verify *v, const struct rml_diags *d, const char *main_path,
			  FILE *out);

#endif
