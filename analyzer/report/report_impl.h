/*
 * report_impl: what the out_*.c files share and the CLI does not see (output.h is the
 * public side): the table of format operations out_report.c dispatches through, the JSON
 * writer, fingerprints and UTF-16 columns, rule names and the embedded rule docs.
 */
#ifndef RML_REPORT_IMPL_H
#define RML_REPORT_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "output.h"
#include "rule.h"

/*
 * One report format, defined in its out_<name>.c. begin: the document's head, after the
 * report is set up; add: one driver's sorted diagnostics (s: their source lines, for this
 * call); end: the document's tail, before the report is freed. begin and end may be NULL.
 */
struct rml_format_ops {
	const char *name;	/* --format's word */
	void (*begin)(struct rml_report *r);
	void (*add)(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s);
	void (*end)(struct rml_report *r);
};

extern const struct rml_format_ops rml_format_gcc;
extern const struct rml_format_ops rml_format_checkpatch;
extern const struct rml_format_ops rml_format_sarif;
extern const struct rml_format_ops rml_format_json;
extern const struct rml_format_ops rml_format_codeclimate;
extern const struct rml_format_ops rml_format_record;

/*
 * path made absolute (against the report's cwd) with "." and ".." folded lexically
 * (arena); folded as from the root even when the cwd could not be known ("./").
 */
char *rml_report_abs(struct rml_report *r, const char *path);
/* "FIELD_OVERLAP" for "field-overlap" (arena). */
char *rml_rule_type(struct rml_arena *a, const char *id);
/* A rule's precision as SARIF and the rule list name it: "high", "medium", "low". */
const char *rml_precision_name(enum rml_confidence conf);
/* 1-based UTF-16 column of display column dispcol (tabs every 8) in line. */
unsigned rml_utf16_col(const char *line, size_t len, unsigned dispcol);
/* 1-based UTF-16 column of byte column bytecol (a fix-it's, clang's) in line. */
unsigned rml_utf16_col_bytes(const char *line, size_t len, unsigned bytecol);
/* The fingerprint "<16 hex>:<n>" of a finding (see docs/output.md), counted per file. */
char *rml_report_fingerprint(struct rml_report *r, const struct rml_diag *d, const char *line,
			     size_t len);

/* The rule docs (rules/<id>.md), embedded at build time by embed_docs.sh (rule_docs.c). */
struct rml_rule_doc {
	const char *name;	/* file name without .md: the rule id with '_' */
	const char *text;	/* the whole markdown file */
};

extern const struct rml_rule_doc rml_rule_docs[];
extern const size_t rml_nrule_docs;

/* The doc's first paragraph after its first "##" heading, lines joined (arena). */
char *rml_rule_doc_paragraph(struct rml_arena *a, const char *id);

/* The JSON writer (struct rml_jw in output.h). */
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

#endif
