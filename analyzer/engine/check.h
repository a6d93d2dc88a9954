/*
 * check: the pipeline for one file: read it (and refuse what is not C source), parse,
 * extract, link, run the enabled rules, answer engine probes. Owns nothing global; the
 * caller owns struct rml_file_result and frees it with rml_file_result_fini().
 */
#ifndef RML_CHECK_H
#define RML_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "facts.h"
#include "tu.h"

struct rml_check_opts {
	struct rml_parse_opts parse;
	const bool *enabled;		/* per rule (index into rml_rules), NULL = all */
};

struct rml_file_result {
	struct rml_facts facts;		/* facts and their arena (diagnostics live there too) */
	struct rml_diags diags;		/* findings, probe remarks, and the file's tool error */
	bool tool_error;		/* the file could not be analysed */
	unsigned nwarnings;
	char *text;			/* the file's bytes (heap), NULL on error */
	size_t len;
};

/* Analyse one file. Never fails as a call: problems become an error diagnostic in res. */
void rml_check_file(struct rml_index *idx, const char *path, const struct rml_check_opts *o,
		    struct rml_file_result *res);
void rml_file_result_fini(struct rml_file_result *res);

/*
 * Several files of one driver analysed as one: each is parsed on its own, their facts are
 * linked together (tables in one file, allocations in another, wrappers in a third), and
 * the rules run once over the whole. The files' own results hold only their tool errors;
 * every finding is in diags. Free with rml_group_result_fini().
 */
struct rml_group_result {
	struct rml_file_result *files;	/* one per path, in order */
	size_t n;
	struct rml_facts merged;	/* borrows the files' facts */
	struct rml_diags diags;
};

/* parse: each file's own parse options (compile_commands.json), or NULL: o->parse for all. */
void rml_check_group(struct rml_index *idx, const char *const *paths, size_t n,
		     const struct rml_check_opts *o, const struct rml_parse_opts *const *parse,
		     struct rml_group_result *g);
void rml_group_result_fini(struct rml_group_result *g);

/* Read a whole regular file: 0, or -1 with a one-line reason ("No such file or directory"). */
int rml_read_file(const char *path, char **text, size_t *len, char *err, size_t errlen);
/* The same, from the overlay's contents when it has path (ov may be NULL). */
int rml_read_source(const struct rml_overlay *ov, const char *path, char **text, size_t *len,
		    char *err, size_t errlen);

/* -v: what the engine could not resolve, and libclang's own errors, as remark lines. */
void rml_print_verbose(FILE *out, const struct rml_file_result *res);
/* -v: how many writes of a constant were tied to their field, and why not the others. */
void rml_print_link_stats(FILE *out, const struct rml_facts *f);
/* -v: allocations and frees followed through their paths, and where that was not decided. */
void rml_print_paths_stats(FILE *out, const struct rml_facts *f);

#endif
