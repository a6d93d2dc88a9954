/*
 * check: the pipeline of one driver, the one every mode runs (real runs in their
 * workers, --verify, --agree, the fuzzers): read each of its files (and refuse what is
 * not C source), parse and extract them one by one, merge their facts into the driver's
 * model, link, follow the paths, run the enabled rules, answer engine probes, sort. Owns
 * nothing global; the caller owns struct rml_group_result and frees it with
 * rml_group_result_fini().
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

/* Seconds a driver's check spent in each phase of the pipeline. */
struct rml_phase_times {
	double read;		/* reading the files */
	struct rml_tu_times tu;	/* libclang's parse and the extraction */
	double link, paths, rules;	/* the joins, the lifetimes, the rules and probes */
};

/* One file of a driver: its own facts, its tool error, its text. */
struct rml_file_result {
	struct rml_facts facts;		/* facts and their arena (diagnostics live there too) */
	struct rml_diags diags;		/* the file's tool error, if any */
	bool tool_error;		/* the file could not be analysed */
	char *text;			/* the file's bytes (heap), NULL on error */
	size_t len;
};

/*
 * A driver: its files, each parsed on its own, and their facts linked together as one
 * model (a table in one file, its allocation in another, wrappers in a third), on which
 * the rules ran once. The files' own results hold only their tool errors; every finding
 * and probe answer is in diags.
 */
struct rml_group_result {
	struct rml_file_result *files;	/* one per path, in order */
	size_t n;
	struct rml_facts merged;	/* borrows the files' facts */
	struct rml_diags diags;
	struct rml_phase_times times;	/* where the time went (-v) */
};

/*
 * Check the n files of one driver (n = 1: a file on its own). parse: each file's own
 * parse options (compile_commands.json), or NULL: o->parse for all. Never fails as a
 * call: problems become the files' error diagnostics. Free g with rml_group_result_fini().
 */
void rml_check_group(struct rml_index *idx, const char *const *paths, size_t n,
		     const struct rml_check_opts *o, const struct rml_parse_opts *const *parse,
		     struct rml_group_result *g);
void rml_group_result_fini(struct rml_group_result *g);
/* Every diagnostic of g, the files' tool errors with the findings, sorted into out. */
void rml_group_diags(const struct rml_group_result *g, struct rml_diags *out);

/* Read a whole regular file: 0, or -1 with a one-line reason ("No such file or directory"). */
int rml_read_file(const char *path, char **text, size_t *len, char *err, size_t errlen);
/* The same, from the overlay's contents when it has path (ov may be NULL). */
int rml_read_source(const struct rml_overlay *ov, const char *path, char **text, size_t *len,
		    char *err, size_t errlen);

/* -v: what the engine could not resolve, and (compiler_errors: -vv) libclang's own errors, as remark lines. */
void rml_print_verbose(FILE *out, const struct rml_file_result *res, bool compiler_errors);
/* -v: how many writes of a constant were tied to their field, and why not the others. */
void rml_print_link_stats(FILE *out, const struct rml_facts *f);
/* -v: allocations and frees followed through their paths, and where that was not decided. */
void rml_print_paths_stats(FILE *out, const struct rml_facts *f);

#endif
