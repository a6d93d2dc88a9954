/*
 * repair: lone-file mode's second chance. Without the kernel's headers, one bad member of
 * an initialiser (`.ops = &foo_ops` of a type we do not bundle, an undefined flag) makes
 * clang drop the whole initialiser, reg_fields included. repair blanks, in a copy of the
 * source text, the designated items that cannot lead to a reg_field (or a regmap_config's
 * widths), keeping every byte's line and column, so a re-parse sees the rest. Pure text
 * work driven by a caller's oracle; no libclang.
 */
#ifndef RML_REPAIR_H
#define RML_REPAIR_H

#include <stddef.h>

enum rml_keep {
	RML_BLANK,	/* replace the item (and its comma) with spaces */
	RML_KEEP,	/* leave it */
	RML_RECURSE,	/* it is an aggregate: repair inside its braces with *sub */
};

struct rml_repair_oracle {
	/* A designated item `.name = value` of the object described by ctx. */
	enum rml_keep (*member)(void *ctx, const char *name, size_t len, void **sub);
	/* An element of an array object (designated `[i] =` or positional). */
	enum rml_keep (*element)(void *ctx, void **sub);
};

/* Offsets of positional items replaced by "{}" (their slot kept, their value unknown). */
struct rml_repair_voids {
	size_t *off;	/* heap; the caller frees */
	size_t n, cap;
};

/*
 * Repair the initialiser whose '{' is at text[open]. errs[0..nerrs-1] are the offsets of
 * the compiler's errors in this text: a designated item that contains one is blanked
 * whatever the oracle says; a positional one cannot be (its slot would move), so it is
 * replaced by "{}" and its offset added to voids (which may be NULL: then it is kept).
 * Returns the number of items blanked or voided, or -1 when the text is not a balanced
 * initialiser (items may have been changed before that was seen: callers work on a copy).
 */
int rml_repair_init(char *text, size_t len, size_t open, const struct rml_repair_oracle *o,
		    void *ctx, const size_t *errs, size_t nerrs, struct rml_repair_voids *voids);

/*
 * Find the initialiser of the declaration whose name ends before text[from]: skips
 * array bounds and attributes up to '=' and returns the offset of the '{' after it, or
 * -1 when there is none (a declaration without one, or a non-brace initialiser).
 */
long rml_repair_find_init(const char *text, size_t len, size_t from);

#endif
