/*
 * udiff: unified diffs (git diff, diff -u, git format-patch mails): which files a diff
 * touches, which lines of the new files it adds, and the new text of a file with the diff
 * applied in memory. It does not read or write any file, run git, or apply with fuzz (the
 * context must match exactly, at the hunk's line or at an offset as patch(1) finds it).
 * A struct rml_udiff owns a copy of the diff text (the hunks point into it) and its paths.
 */
#ifndef RML_UDIFF_H
#define RML_UDIFF_H

#include <stdbool.h>
#include <stddef.h>

struct rml_hunk {
	unsigned old_start, old_count, new_start, new_count;
	/*
	 * The hunk's lines, each with its '\n' (the last one may lack it at the end of the
	 * text), pointing into rml_udiff.text. Each starts with ' ', '-' or '+', except a
	 * "\ No newline at end of file" marker (starts with '\', says the line before it has
	 * no newline) and an empty line (or "\r"): a context line whose leading space a mailer
	 * dropped. A CRLF diff's lines keep their '\r'.
	 */
	const char *body;
	size_t body_len;
};

struct rml_udiff_file {
	char *old_path, *new_path; /* prefix-stripped; NULL for /dev/null (created, deleted) */
	struct rml_hunk *hunks;	   /* in the diff's order */
	size_t nhunks;		   /* 0 for a binary, mode-only or pure rename change */
};

struct rml_udiff {
	struct rml_udiff_file *v;
	size_t n;
	char *text; /* owned copy of the diff, NUL-terminated */
};

/*
 * Parse len bytes of a diff (no NUL needed). Anything before the first "diff --git" line,
 * or "--- " line followed by a "+++ " line, is ignored (a mail's headers and message), and
 * so is anything after a file's hunks that is no hunk or file header (a mail signature).
 * Paths: git's "quoted" form is unquoted, a "\t..." after them (diff -u's date) is dropped,
 * then `strip` leading components are removed as patch -pN does; strip -1: 1 when the old
 * path is /dev/null or starts with "a/" and the new one is /dev/null or starts with "b/",
 * else 0, decided for each file. git's rename/copy from/to, new/deleted file mode, index,
 * similarity and binary lines are understood or skipped. CRLF line ends are taken.
 * Returns 0, or -1 with "line N: reason" in err (d then empty), for instance
 *   line 7: hunk @@ -1,3 +1,4 @@ ends after 3 old and 3 new lines
 *   line 9: hunk @@ -1,3 +1,4 @@ has more lines than it counts
 */
int rml_udiff_parse(const char *text, size_t len, int strip, struct rml_udiff *d, char *err,
		    size_t errlen);
void rml_udiff_fini(struct rml_udiff *d);

/*
 * A coloured diff (git diff --color, a pager's output) made plain: every ANSI escape
 * sequence (ESC '[' parameters intermediates final byte) removed from text in place.
 * Returns the new length (text stays NUL-terminated if it was).
 */
size_t rml_udiff_uncolor(char *text, size_t len);

/*
 * The file whose new_path is path, or else the first whose new_path and path are the same
 * after a '/' (path ends with "/" + new_path, or new_path with "/" + path); NULL if none.
 * Deleted files (new_path NULL) are never found.
 */
const struct rml_udiff_file *rml_udiff_find(const struct rml_udiff *d, const char *path);

/* Whether line new_line (1-based) of the new file is one the diff adds ('+'). */
bool rml_udiff_added(const struct rml_udiff_file *f, unsigned new_line);

/*
 * Apply f's hunks to base (len bytes, the old file; empty for a created one). Each hunk's
 * context and '-' lines must match whole lines exactly (a missing last newline included),
 * tried at its line (moved by the offset of the hunk before it) and then at offsets +1,
 * -1, +2, -2, ... after the hunk before it. A diff whose every line ends in CRLF is applied
 * to a base with LF line ends as an LF diff. Returns 0 with *out the new text (heap,
 * NUL-terminated after *outlen bytes), or -1 with *out NULL and err
 *   hunk 2 (@@ -10,7 +10,8 @@) does not apply
 * or "the diff creates the file, but it exists" (f->old_path NULL, base not empty).
 */
int rml_udiff_apply(const struct rml_udiff_file *f, const char *base, size_t len, char **out,
		    size_t *outlen, char *err, size_t errlen);

#endif
