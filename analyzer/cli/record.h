/*
 * record: kbuild's per-file results gathered in one file, and read back. Under kbuild
 * (make C=1/C=2 runs regmap-lint once per file, make -jN many at once) -o FILE appends one
 * record per call with a single write(2) to FILE opened with O_APPEND, so calls running
 * at the same time never mix their bytes (on a local file system); --merge reads the
 * records of such files and main.c writes them as one report in any format. No libclang,
 * no report formats: this file is the parser the fuzzer sees (tests/fuzz/record_fuzz.c).
 *
 * A record (not meant to be read: merge it):
 *   RMLREC 1 <version> <format> <nfiles> <nlines> <metalen> <datalen>\n
 *   <meta: the working directory, then each input file (absolute), each NUL-terminated>
 *   <data: the diagnostics, as rml_diags_pack writes them>
 * <version> is regmap-lint's (records of another version are refused), <format> the
 * --format asked for (--merge's default), <nfiles> and <nlines> the report's counts.
 */
#ifndef RML_RECORD_H
#define RML_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

struct rml_record_head {
	const char *version;		/* regmap-lint's */
	const char *format;		/* the --format asked for */
	unsigned nfiles;
	unsigned long nlines;
	const char *const *inputs;	/* the files named; recorded absolute */
	size_t ninputs;
};

/* Append one record (h, and body: len bytes of packed diagnostics) to path: 0, or -1 and err. */
int rml_record_append(const char *path, const struct rml_record_head *h, const char *body,
		      size_t len, char *err, size_t errlen);

struct rml_record {
	const char *cwd;		/* into the text the records were parsed from */
	const char **inputs;		/* heap array of pointers into that text, sorted */
	size_t ninputs;
	char format[16];
	unsigned nfiles;
	unsigned long nlines;
	const char *data;
	size_t len;
	size_t seq;			/* its place in the order read */
};

struct rml_records {
	struct rml_record *v;
	size_t n;
	char **texts;			/* the files' contents, owned */
	size_t ntexts;
};

/*
 * Parse len bytes (no NUL needed; kept: text must outlive rs) of records named name, of
 * regmap-lint version, appended to rs. 0, or -1 with "NAME: record N (byte B): reason"
 * in err; reasons: "not a regmap-lint record", "written by regmap-lint V (this is W):
 * merge it with that version", "cut short", "bad diagnostics", "no working directory".
 */
int rml_records_parse(const char *text, size_t len, const char *name, const char *version,
		      struct rml_records *rs, char *err, size_t errlen);
/* Read and parse path (errors as above, or "PATH: cannot open: ..."). */
int rml_records_load(const char *path, const char *version, struct rml_records *rs, char *err,
		     size_t errlen);
/*
 * What to merge: of the records of one set of input files (a file checked again), only
 * the last read; sorted by their input files, so that the order does not depend on the
 * order make ran the checks in.
 */
void rml_records_select(struct rml_records *rs);
/* The format all records were written for, or NULL when they differ (or there are none). */
const char *rml_records_format(const struct rml_records *rs);
/*
 * Record r's diagnostics appended to d, a path relative to the record's working
 * directory made absolute when that is not cwd (absolute, '/'-terminated). 0, or -1.
 */
int rml_record_diags(const struct rml_record *r, const char *cwd, struct rml_diags *d);
void rml_records_fini(struct rml_records *rs);

#endif
