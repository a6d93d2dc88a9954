/*
 * overlay: file contents that stand in for what is on disk (a patch applied in memory,
 * the staged contents a pre-commit hook exported, a buffer on stdin). Keyed by absolute,
 * lexically normalised path; libclang gets them as unsaved files, so a file's includes
 * still resolve from where it lives. A directory of stand-ins (--contents-from) is read
 * lazily: a file of it becomes an entry when it is first asked for, so a run reads only
 * the files it needs of it. No libclang here; the caller owns the overlay.
 */
#ifndef RML_OVERLAY_H
#define RML_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct rml_ovfile {
	char *path;	/* absolute, normalised */
	char *text;	/* heap, NUL-terminated */
	size_t len;
};

struct rml_overlay {
	struct rml_ovfile *v;
	size_t n;
	/* rml_overlay_set_dir: the stand-ins' directory and what it mirrors, or NULL */
	char *dir, *base;	/* absolute, '/'-terminated */
	struct rml_strset absent;	/* paths under base with no stand-in in dir (heap) */
	bool failed;		/* a stand-in in dir could not be read (said on stderr) */
};

/* Add (or replace) path's contents; takes ownership of text (heap, NUL-terminated). */
void rml_overlay_set(struct rml_overlay *ov, const char *path, char *text, size_t len);
/*
 * Stand-ins from dir: the regular file dir/P stands in for the file P under the current
 * directory, read when first asked for (symlinks and other files in dir are not). 0, or
 * -1 with the reason in err when dir is no directory that can be read.
 */
int rml_overlay_set_dir(struct rml_overlay *ov, const char *dir, char *err, size_t errlen);
/* Has the overlay stand-ins, or a directory of them? ov may be NULL. */
bool rml_overlay_active(const struct rml_overlay *ov);
/*
 * The contents standing in for path, or NULL. ov may be NULL. A stand-in read from the
 * directory now is added to ov->v (so the overlay changes: pointers into v from earlier
 * calls stay valid only while no new path is asked for); one that cannot be read is said
 * on stderr, sets ov->failed, and is not used.
 */
const struct rml_ovfile *rml_overlay_get(const struct rml_overlay *ov, const char *path);
void rml_overlay_fini(struct rml_overlay *ov);

#endif
