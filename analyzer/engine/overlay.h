/*
 * overlay: file contents that stand in for what is on disk (a patch applied in memory,
 * the staged contents a pre-commit hook exported). Keyed by absolute, lexically
 * normalised path; libclang gets them as unsaved files, so a file's includes still
 * resolve from where it lives. No libclang here; the caller owns the overlay.
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
};

/* Add (or replace) path's contents; takes ownership of text (heap, NUL-terminated). */
void rml_overlay_set(struct rml_overlay *ov, const char *path, char *text, size_t len);
/* The contents standing in for path, or NULL. ov may be NULL. */
const struct rml_ovfile *rml_overlay_get(const struct rml_overlay *ov, const char *path);
void rml_overlay_fini(struct rml_overlay *ov);

#endif
