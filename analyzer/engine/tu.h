/*
 * tu: parse one file with libclang (lone-file or flags mode) and extract its facts. This
 * header keeps libclang out of its users: struct rml_index wraps a CXIndex (one per worker
 * thread), owned by the caller and freed with rml_index_free(). libclang itself is loaded
 * by the first rml_index_new() (cx.h); if it cannot be, every rml_tu_analyse() on that
 * index fails with the reason ("cannot load libclang: ...").
 */
#ifndef RML_TU_H
#define RML_TU_H

#include <stdbool.h>
#include <stddef.h>

#include "facts.h"
#include "overlay.h"

struct rml_index;

struct rml_index *rml_index_new(void);
void rml_index_free(struct rml_index *idx);

struct rml_parse_opts {
	bool lone;			/* lone-file mode: parse against the bundled headers */
	const char *kernel_tree;	/* lone, but in this kernel tree: flags are its own
					   (cli/ktree.h), no bundled headers */
	const char *bundled_include;	/* corpus/runtime/include (installed: share/regmap-lint/include) */
	const char *const *flags;	/* normalised compiler flags (flags mode), incl. --target= */
	size_t nflags;
	const char *const *extra;	/* further flags (corpus-args), appended */
	size_t nextra;
	const char *workdir;		/* -working-directory, or NULL */
	const char *host_target;	/* --target= for lone mode */
	const struct rml_overlay *overlay;	/* contents that stand in for files on disk, or NULL */
	bool keep_errors;		/* libclang's errors into facts->parse_errors */
	bool verify_const;		/* parse again with `const ` on the static reg_field
					   tables never written, to set rml_table.const_ok
					   (field-table-not-const enabled) */
};

/*
 * The command line libclang gets for a file with these options (the file itself apart),
 * for rml_tu_analyse() and for -v; rml_tu_argv_fini() frees it. The parse options are
 * RML_TU_OPTIONS (CXTranslationUnit_* of clang-c/Index.h): keep going past errors, and
 * no warnings from included files. No detailed preprocessing record: the driver's own
 * #include "..." lines are read from the source manager (clang_getInclusions), which
 * costs nothing, where the record costs 1% of the parse and every macro expansion
 * becomes a cursor the walk of the translation unit passes over.
 */
struct rml_tu_argv {
	const char **v;
	size_t n;
	char *own[3];		/* the strings made for it */
};

#define RML_TU_OPTIONS (0x200 | 0x4000)

void rml_tu_argv(const struct rml_parse_opts *o, struct rml_tu_argv *a);
void rml_tu_argv_fini(struct rml_tu_argv *a);

/*
 * Parse path and extract its facts into facts (initialised by the caller). Returns 0, or
 * -1 with a one-line reason in err when libclang gave no translation unit at all.
 * Compiler errors in a TU that exists are not failures: they go to facts->parse_errors.
 */
/* Where the time of one file's parse and extraction went (seconds), for -v. */
struct rml_tu_times {
	double parse;		/* libclang's parse (and lone mode's second parse) */
	double extract;		/* the walk that makes the facts */
};

int rml_tu_analyse(struct rml_index *idx, const char *path, const struct rml_parse_opts *o,
		   struct rml_facts *facts, struct rml_tu_times *times, char *err, size_t errlen);

/* "19.1.7" style version of the libclang in use (static storage), "unavailable" if it
 * cannot be loaded. Loads libclang (cx.h). */
const char *rml_libclang_version(void);

/*
 * Load libclang now rather than at the first parse: before forking workers for several
 * drivers, so that each inherits it instead of loading it again. 0, or -1 with the reason.
 */
int rml_libclang_preload(char *err, size_t errlen);

#endif
