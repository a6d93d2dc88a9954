/*
 * compdb: reads clang's JSON compilation database (compile_commands.json): a top-level array
 * of objects, each with "directory", "file", and "arguments" (an array of strings) or
 * "command" (one shell string, split into words here as POSIX sh would, but nothing is
 * expanded or run). A strict JSON reader of its own, for untrusted bytes. It does not
 * normalise the flags (args.c does that) nor look at the file system beyond reading the
 * database. Everything in struct rml_compdb is heap-owned until rml_compdb_fini().
 */
#ifndef RML_COMPDB_H
#define RML_COMPDB_H

#include <stddef.h>

struct rml_compdb_entry {
	char *directory; /* as written */
	/*
	 * As written if absolute, else directory + "/" + file, with "./", "x/../" and repeated
	 * '/' folded lexically (rml_path_join).
	 */
	char *file;
	char **argv; /* "arguments", or "command" split into words; argc >= 1 */
	size_t argc;
};

/* The entries in the database's order; a file named again keeps its first entry. */
struct rml_compdb {
	struct rml_compdb_entry *v;
	size_t n;
};

/*
 * Parse len bytes of text (no NUL needed; NUL bytes are errors). Returns 0, or -1 with
 * "name:LINE:COL: reason" in err (LINE and COL 1-based, COL in bytes), db then empty. The
 * reasons of an entry that is no proper entry start with "entry N: " (N counts from 0).
 * JSON: RFC 8259, UTF-8 only (a leading byte order mark is skipped), nesting at most 64
 * deep, \u0000 refused (no C string holds it), nothing but white space after the array.
 */
int rml_compdb_parse(const char *text, size_t len, const char *name, struct rml_compdb *db,
		     char *err, size_t errlen);

/*
 * path: a directory holding compile_commands.json, or the file itself. Returns 0, or -1
 * with "PATH: reason" (an unreadable file) or "PATH:LINE:COL: reason" (a bad one) in err,
 * PATH being the file's path.
 */
int rml_compdb_load(const char *path, struct rml_compdb *db, char *err, size_t errlen);

void rml_compdb_fini(struct rml_compdb *db);

/*
 * Split a "command" string into words as POSIX sh does, without expanding anything: blanks
 * (space, tab, newline) separate words; '...' keeps everything literally; "..." keeps
 * everything but a backslash before " \ $ ` or newline (backslash-newline vanishes); a
 * backslash outside quotes keeps the next character (backslash-newline vanishes, a final
 * backslash stays). $(...), backticks, ';', '|', '&', '<', '>', '#' are word characters
 * like any other. Returns 0 with a heap argv (each word heap too; free with
 * rml_compdb_free_argv), or -1 with a static reason ("unterminated single quote",
 * "unterminated double quote") and nothing allocated.
 */
int rml_compdb_split(const char *cmd, size_t len, char ***argv, size_t *argc, const char **why);
void rml_compdb_free_argv(char **argv, size_t argc);

#endif
