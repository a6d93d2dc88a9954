/*
 * inputs: what a run analyses: directories walked for .c files (sorted; hidden entries
 * and symlink loops left out, loops reported), the prefilter, a lone file's siblings,
 * file lists, and the .c files that include a changed header. No libclang.
 */
#ifndef RML_INPUTS_H
#define RML_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "overlay.h"

struct rml_inlist {
	char **v;	/* heap paths */
	size_t n, cap;
};

void rml_inlist_add(struct rml_inlist *l, const char *p);
void rml_inlist_fini(struct rml_inlist *l);

/* Is p (a link followed) a directory? false for NULL. */
bool rml_is_dir(const char *p);
/* Length of p's directory part ("a/b/c.c" -> 3), 0 without a slash. */
size_t rml_dir_len(const char *p);

/*
 * Directories -> their .c files; with prefilter (RML_API_* of rule.h: the APIs the enabled
 * rules are about; 0 for none), drop what cannot involve them (a walked directory's files
 * dropped go to left_out too, when not NULL: xmod.h may read some of them again).
 */
int rml_expand_inputs(const struct rml_overlay *ov, struct rml_inlist *in, unsigned prefilter,
		      size_t *skipped, struct rml_inlist *left_out);
/* Could path involve the regmap_field API (it, or a header it includes with quotes)? */
bool rml_may_use_api(const struct rml_overlay *ov, const char *path, unsigned apis);
/* The other .c files of path's driver (beside it, sharing a quoted include, using the API). */
size_t rml_find_siblings(const struct rml_overlay *ov, const char *path, char ***out);
/*
 * --files-from: one path per line; blank lines and comment lines (a '#' first, after any
 * blanks: "./#x.c" names a file whose name starts with '#') are skipped. File "-" is stdin.
 */
int rml_read_list(const char *file, struct rml_inlist *out, char *err, size_t errlen);
/* The longest name of a quoted #include taken for a header of the driver's. */
#define RML_INCLUDE_NAME_MAX 200
/*
 * The next header text includes with quotes, from *p on (#include "name", no spacing, the
 * name on one line): the name (*len bytes), *p moved past the opening quote; NULL when
 * there is none.
 */
const char *rml_next_quoted_include(const char **p, size_t *len);
/* The .c files beside header that #include "its name"; appended sorted. Returns how many. */
size_t rml_includers(const struct rml_overlay *ov, const char *header, struct rml_inlist *out);

#endif
