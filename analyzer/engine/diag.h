/*
 * diag: the report sink. Rules and the engine add diagnostics (with notes) here; the CLI
 * sorts, deduplicates and hands them to an output format. Strings live in the caller's
 * arena; the sink owns only its vector. No libclang.
 */
#ifndef RML_DIAG_H
#define RML_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util.h"

enum rml_sev {
	RML_SEV_ERROR,
	RML_SEV_WARNING,
	RML_SEV_NOTE,
	RML_SEV_REMARK,
};

struct rml_loc {
	const char *file;	/* arena; as given on the command line, or as libclang names a header */
	unsigned line;		/* 1-based */
	unsigned col;		/* 1-based display column, tab stops every 8 (as gcc) */
};

struct rml_note {
	struct rml_loc loc;
	const char *msg;	/* arena */
};

/*
 * A stretch of source in byte columns, as clang's -fdiagnostics-parseable-fixits gives
 * it: 1-based lines and columns, the end just past the stretch (half-open). Unlike
 * rml_loc's display column, a byte column counts a tab as one.
 */
struct rml_range {
	const char *file;	/* arena; named as rml_loc names files */
	unsigned line1, col1;	/* the first byte */
	unsigned line2, col2;	/* just past the last byte */
};

/* One edit of a fix-it: replace the range's bytes with text ("" deletes). */
struct rml_edit {
	struct rml_range r;
	const char *text;	/* arena */
};

struct rml_field;

struct rml_diag {
	enum rml_sev sev;
	struct rml_loc loc;
	const char *rule;	/* rule id; NULL for engine remarks and tool errors */
	const char *msg;	/* arena; no trailing period, no [rule] tag */
	struct rml_note *notes;	/* arena */
	size_t nnotes;
	/* The reg_field(s) a finding is about, for machine consumers (agreement, JSON). */
	const struct rml_field *field, *other;	/* borrowed from the facts; may be NULL */
	/*
	 * One cause (rml_diags_grouped): findings of one rule in one file with the same group
	 * are one cause, shown as the first of them with a note "and N more like it<phrase>:
	 * lines a, b". group is "<phrase>\n<key>" (arena; the phrase may be empty: " in
	 * 'foo_fields'", the key tells causes apart); NULL: never grouped.
	 */
	const char *group;
	/* The fix-it, when the fix is mechanical: edits applied together (arena), none
	   overlapping, in no particular order. */
	struct rml_edit *edits;
	size_t nedits;
	size_t fix_note;	/* 1 + the note that points at the fix-it's place, or 0: it goes
				   with the fix-it (not packed: dropped in the worker or kept) */
};

struct rml_diags {
	struct rml_arena *arena;	/* borrowed */
	struct rml_ptrvec v;		/* struct rml_diag * (arena) */
};

void rml_diags_init(struct rml_diags *d, struct rml_arena *arena);
void rml_diags_fini(struct rml_diags *d);

struct rml_diag *rml_diag_add(struct rml_diags *d, enum rml_sev sev, const struct rml_loc *loc,
			      const char *rule, const char *fmt, ...) RML_FORMAT(5, 6);
void rml_diag_note(struct rml_diags *d, struct rml_diag *diag, const struct rml_loc *loc,
		   const char *fmt, ...) RML_FORMAT(4, 5);

/* Add an edit (copied into the sink's arena) to the diagnostic's fix-it. */
void rml_diag_edit(struct rml_diags *d, struct rml_diag *diag, const struct rml_range *r,
		   const char *text);
/* Do two ranges of one file share a byte (or, both empty, sit at one place)? */
bool rml_range_overlap(const struct rml_range *a, const struct rml_range *b);

/* Sort by file, line, column, rule, message; drop exact duplicates. */
void rml_diags_sort(struct rml_diags *d);

static inline size_t rml_diags_count(const struct rml_diags *d)
{
	return d->v.n;
}

static inline struct rml_diag *rml_diags_at(const struct rml_diags *d, size_t i)
{
	return d->v.p[i];
}

const char *rml_sev_name(enum rml_sev sev);

/*
 * A finding's identity that survives line moves (baselines, report fingerprints): FNV-1a
 * 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over the rule id (NULL is ""),
 * one NUL byte, and the bytes of line[0..len) less every space, tab, CR, VT, FF and NUL.
 * line may be NULL (len is then ignored): a line that cannot be read.
 */
uint64_t rml_finding_hash(const char *rule, const char *line, size_t len);

/*
 * The findings as a person reads them (the gcc format, --verify): into out (empty, its
 * arena), the diagnostics of d (sorted) in order, except that of each group of two or more
 * findings of one cause (one rule, one file, one group) only the first is there, a copy
 * with one more note at the second: "and N more like it<phrase>: lines a, b, c". The
 * machine formats and baselines keep every finding.
 */
void rml_diags_grouped(const struct rml_diags *d, struct rml_diags *out);

/* Worker -> parent: d's diagnostics as bytes; and back, appended to d (0, or -1 if malformed). */
void rml_diags_pack(const struct rml_diags *d, FILE *out);
int rml_diags_unpack(struct rml_diags *d, const char *buf, size_t len);

#endif
