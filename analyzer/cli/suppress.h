/*
 * suppress: inline suppressions in C source text, a block or line comment reading
 * "regmap-lint: ignore RULE[, RULE...] [-- reason]", and which line each one silences. It
 * reads comments only (not text inside string or character literals), knows no rule ids
 * (a RULE is matched as an fnmatch glob, in kebab case or as a checkpatch type), and neither reports nor filters findings itself.
 * A struct rml_suppressions owns its entries until rml_suppress_fini().
 */
#ifndef RML_SUPPRESS_H
#define RML_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>

struct rml_suppression {
	unsigned line; /* where the comment starts (1-based) */
	/*
	 * The line it silences: its own start line when code comes before it there; else the
	 * next line with code after the comment ends (its own end line when code follows it
	 * there), skipping blank lines and lines with only comments, so stacked suppressions
	 * and a comment between one and its code work. 0 when no code follows.
	 */
	unsigned target;
	char **rules; /* rule ids or globs as written (heap); none when malformed */
	size_t nrules;
	char *reason;	   /* the text after "--", blanks collapsed (heap); NULL if none */
	const char *error; /* NULL, or why the comment is malformed (static) */
	unsigned used;	   /* how many times rml_suppress_match took it */
};

struct rml_suppressions {
	struct rml_suppression *v; /* in the order of the text */
	size_t n;
};

/*
 * Every comment whose text starts (after blanks and the '*', '/' or '!' of a doc comment)
 * with "regmap-lint:" becomes an entry; one that does not go on with "ignore RULE" is kept
 * with an error: "expected 'ignore' after 'regmap-lint:'", "no rule after 'ignore'", "no
 * rule after ','", "expected ',' or '--' after a rule". len bytes, no NUL needed.
 */
void rml_suppress_scan(const char *text, size_t len, struct rml_suppressions *s);

/*
 * Whether glob (a rule id or an fnmatch glob of ids, or the same as a checkpatch type:
 * FIELD_OVERLAP, WRITE_*) matches the rule id.
 */
bool rml_suppress_glob_match(const char *glob, const char *rule);

/*
 * Whether a well-formed entry targeting line names rule, or a glob matching it; each such
 * entry's used count goes up.
 */
bool rml_suppress_match(struct rml_suppressions *s, unsigned line, const char *rule);

void rml_suppress_fini(struct rml_suppressions *s);

#endif
