/*
 * output: report formats (gcc, checkpatch, sarif, json) and the rule docs embedded at
 * build time. A report is written to a stream the caller owns, one driver's sorted
 * diagnostics at a time, so the order is the gcc output's. No libclang; the report's
 * own memory goes with rml_report_end().
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
/* The same, with gcc's colours (bold location, magenta warning, cyan note, red error). */
void rml_out_gcc_color(FILE *out, const struct rml_diags *d, bool color);

enum rml_format {
	RML_FMT_GCC,
	RML_FMT_CHECKPATCH,
	RML_FMT_SARIF,
	RML_FMT_JSON,
};

/* "gcc", "checkpatch", "sarif", "json": 0, or -1 for anything else. */
int rml_format_parse(const char *name, enum rml_format *fmt);

struct rml_out_opts {
	enum rml_format format;
	bool color;			/* gcc only */
	bool terse, emacs, showfile;	/* checkpatch.pl's options of the same names */
	const char *root;		/* sarif: absolute directory URIs are relative to */
	const char *version;		/* regmap-lint's, for sarif and json */
	const char *libclang;
	const struct rml_overlay *overlay;	/* source lines from here first, or NULL */
};

/* A pretty-printing JSON writer (two-space indent, one member per line). */
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

/* The rule docs (rules/<id>.md), embedded at build time by embed_docs.sh. */
struct rml_rule_doc {
	const char *name;	/* file name without .md: the rule id with '_' */
	const char *text;	/* the whole markdown file */
};

extern const struct rml_rule_doc rml_rule_docs[];
extern const size_t rml_nrule_docs;

/* The doc of a rule id ("field-overlap"), or NULL. */
const char *rml_rule_doc_text(const char *id);
/* The doc's first paragraph after its first "##" heading, lines joined (arena). */
char *rml_rule_doc_paragraph(struct rml_arena *a, const char *id);

/*
 * Internals shared by the out_*.c files.
 */

/* One source file's text, loaded on demand while a driver's diagnostics are written. */
struct rml_src {
	const char *path;
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

/* "FIELD_OVERLAP" for "field-overlap" (arena). */
char *rml_rule_type(struct rml_arena *a, const char *id);
/* 1-based UTF-16 column of display column dispcol (tabs every 8) in line. */
unsigned rml_utf16_col(const char *line, size_t len, unsigned dispcol);
/* The fingerprint "<16 hex>:<n>" of a finding (see docs/output.md), counted per file. */
char *rml_report_fingerprint(struct rml_report *r, const struct rml_diag *d, const char *line,
			     size_t len);

void rml_jw_init(struct rml_jw *w, FILE *out);
void rml_jw_obj(struct rml_jw *w);
void rml_jw_arr(struct rml_jw *w);
void rml_jw_end_obj(struct rml_jw *w);
void rml_jw_end_arr(struct rml_jw *w);
void rml_jw_key(struct rml_jw *w, const char *key);
void rml_jw_str(struct rml_jw *w, const char *s);
void rml_jw_uint(struct rml_jw *w, unsigned long v);
void rml_jw_bool(struct rml_jw *w, bool b);
void rml_jw_null(struct rml_jw *w);
/* "key": "value" and "key": number, in one call. */
void rml_jw_kstr(struct rml_jw *w, const char *key, const char *s);
void rml_jw_kuint(struct rml_jw *w, const char *key, unsigned long v);
/* A JSON string literal of s: escapes, and U+FFFD for each byte that is not UTF-8. */
void rml_json_string(FILE *out, const char *s);

/* Per format; dispatched from out_report.c. */
void rml_checkpatch_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s);
void rml_checkpatch_end(struct rml_report *r);
void rml_sarif_begin(struct rml_report *r);
void rml_sarif_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s);
void rml_sarif_end(struct rml_report *r);
void rml_json_begin(struct rml_report *r);
void rml_json_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s);
void rml_json_end(struct rml_report *r);

#endif
