/*
 * output: the report formats (gcc, checkpatch, sarif, json), the rule list and the rule
 * docs embedded at build time: what the CLI uses of report/. A report is written to a
 * stream the caller owns, one driver's sorted diagnostics at a time, so the order is the
 * gcc output's. No libclang; the report's own memory goes with rml_report_end(). The
 * formats' own code shares report_impl.h, which the CLI does not include.
 */
#ifndef RML_OUTPUT_H
#define RML_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "overlay.h"

/* gcc style: "path:line:col: warning: message [rule]" and "path:line:col: note: ..." lines. */
void rml_out_gcc(FILE *out, const struct rml_diags *d);
/*
 * A fix-it's edit as clang's -fdiagnostics-parseable-fixits prints it:
 * fix-it:"file":{l1:c1-l2:c2}:"text" and a newline, file and text escaped as clang does.
 */
void rml_out_fixit(FILE *out, const struct rml_edit *e);

/* The formats, in the order of out_report.c's table of their operations. */
enum rml_format {
	RML_FMT_GCC,
	RML_FMT_CHECKPATCH,
	RML_FMT_SARIF,
	RML_FMT_JSON,
	RML_FMT_CODECLIMATE,
	RML_FMT_RECORD,		/* not a --format: the body of a kbuild record (cli/record.h) */
	RML_NFORMATS
};

/* "gcc", "checkpatch", "sarif", "json", "codeclimate": 0, or -1 for anything else. */
int rml_format_parse(const char *name, enum rml_format *fmt);
/* A format's --format word ("record" for RML_FMT_RECORD). */
const char *rml_format_name(enum rml_format fmt);

struct rml_out_opts {
	enum rml_format format;
	bool color;			/* gcc only */
	bool no_group;			/* gcc: every finding of one cause on a line of its own
					   (rml_diags_grouped), as the machine formats have them */
	bool terse, emacs, showfile;	/* checkpatch.pl's options of the same names */
	const char *root;		/* sarif, codeclimate: the directory paths are relative to */
	const char *version;		/* regmap-lint's, for sarif and json */
	const char *libclang;
	const struct rml_overlay *overlay;	/* source lines from here first, or NULL */
	bool fixits;			/* gcc: fix-it lines after each finding that has one */
	/* Called with each driver's diagnostics as they are added (--fix collects the
	   fix-its here), or NULL. */
	void (*tap)(void *ctx, const struct rml_diags *d);
	void *tap_ctx;
};

/*
 * A pretty-printing JSON writer (two-space indent, one member per line): its state, a
 * member of the report; its functions are the formats' own (report_impl.h).
 */
struct rml_jw {
	FILE *out;
	unsigned depth;
	bool has_member[24];	/* per open container: something written in it already */
	bool after_key;
};

struct rml_report {
	FILE *out;
	struct rml_out_opts o;
	struct rml_arena arena;		/* held diagnostics, fingerprint counters, root */
	struct rml_ptrvec held;		/* struct rml_diag *: tool errors (and remarks) for the end */
	struct rml_ptrvec seen;		/* struct rml_seen *: fingerprint occurrences */
	char *root;			/* absolute, '/'-terminated (sarif) */
	char *cwd;			/* absolute, '/'-terminated */
	unsigned nfiles, nfindings, nerrors;
	unsigned long nlines;
	struct rml_strset finding_files;	/* the files findings are in (arena strings) */
	struct rml_jw jw;
};

/* Start a report on out (header, sarif's rule table). */
void rml_report_begin(struct rml_report *r, FILE *out, const struct rml_out_opts *o);
/*
 * One driver's diagnostics, sorted (rml_diags_sort). nfiles/nlines: the input files it
 * covers and their lines, for the summaries. The diagnostics are not kept.
 */
void rml_report_add(struct rml_report *r, const struct rml_diags *d, unsigned nfiles,
		    unsigned long nlines);
/* Close the report (checkpatch's total line, sarif's invocation, json's summary); free it. */
void rml_report_end(struct rml_report *r);
/*
 * The summary of a report with findings, gcc's way: "regmap-lint: N warnings in M files"
 * (M: the files they are in), ", and E errors" when files could not be analysed, into buf
 * (no newline); "" without findings. Call before rml_report_end.
 */
void rml_report_summary(const struct rml_report *r, char *buf, size_t len);

/*
 * --list-rules: each rule's id and summary, one a line; with fmt RML_FMT_JSON the list as
 * one JSON document (schema "regmap-lint-rules/1", docs/output.md) naming version.
 */
void rml_list_rules(FILE *out, enum rml_format fmt, const char *version);

/* The doc of a rule id ("field-overlap"): rules/<id>.md as embedded at build time, or NULL. */
const char *rml_rule_doc_text(const char *id);

/*
 * Source lines on demand, from the overlay first: the formats quote the lines findings are
 * on, and a run's baseline hashes them (rml_finding_hash).
 */
struct rml_src {
	char *path;		/* heap */
	char *text;		/* heap; NULL if unreadable */
	size_t len;
};

struct rml_srcs {
	struct rml_src *v;
	size_t n;
	const struct rml_overlay *overlay;	/* borrowed; may be NULL */
};

/* Line `line` (1-based) of path, without its newline; NULL (and *len 0) if unknown. */
const char *rml_src_line(struct rml_srcs *s, const char *path, unsigned line, size_t *len);
void rml_srcs_fini(struct rml_srcs *s);

#endif

