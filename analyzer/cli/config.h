/*
 * config: the .regmap-lint file, found upward from a checked file's directory (the nearest
 * wins), and its `key = value` lines. It knows the keys and their syntax; it does not know
 * the rule ids (enable/disable are passed on as written, for the same glob matching as
 * --enable/--disable) nor merge a config with the command line. Everything in struct
 * rml_config is heap-owned until rml_config_fini().
 *
 *   # comment
 *   enable = field-*, value-range	# a comment after a blank, too
 *   disable = field-max-from-mask
 *   siblings = no
 *   baseline = ci/regmap-lint.baseline
 */
#ifndef RML_CONFIG_H
#define RML_CONFIG_H

#include <stddef.h>

#define RML_CONFIG_NAME ".regmap-lint"

struct rml_config {
	char *path;		/* the file's path as given to parse or load */
	char *enable, *disable; /* "a,b*,c": items trimmed, joined with ','; NULL if unset */
	unsigned long enable_line, disable_line;	/* where they are set (0: unset) */
	int siblings;		/* -1 unset, 0, 1 */
	/*
	 * The value folded lexically (rml_path_join), a relative one first joined to the
	 * config file's directory (its path's directory part); NULL if unset.
	 */
	char *baseline;
};

/*
 * Look for RML_CONFIG_NAME (a regular file, or a link to one) in file's directory and each
 * directory above it, up to and including "/". A relative file is taken from the current
 * directory, and its path folded lexically (symlinks are not resolved); file itself need
 * not exist. Returns 1 with the absolute path in *found (heap), or 0 with *found NULL.
 */
int rml_config_find(const char *file, char **found);

/*
 * Parse len bytes (no NUL needed) of the config at path. A '#' at the start of a line (after
 * blanks) or after a blank starts a comment to the end of the line. Returns 0, or -1 with
 * "PATH:LINE: reason" in err and c empty (siblings -1). Reasons: "missing '=' (expected
 * 'key = value')", "missing key before '='", "unknown key 'K' (enable, disable, siblings,
 * baseline)", "duplicate key 'K' (first on line N)", "no value for 'K'", "empty rule in 'K'",
 * "bad boolean 'V' for 'siblings' (yes, no, true, false, 1 or 0)", "NUL byte in the line".
 * K and V are shown at most 64 bytes long, control characters as '?'.
 */
int rml_config_parse(const char *text, size_t len, const char *path, struct rml_config *c,
		     char *err, size_t errlen);
/* Read and parse path: errors as above, or "PATH: cannot open: ...". */
int rml_config_load(const char *path, struct rml_config *c, char *err, size_t errlen);
void rml_config_fini(struct rml_config *c);

#endif
