/*
 * ktree: lone-file mode inside a kernel tree. A file given without compiler flags that
 * lies in a Linux source tree (a directory above it with a top Makefile that has a
 * `VERSION =` line and include/linux/ beside it) is parsed with that tree's own headers,
 * as kbuild's CHECK call would give them (-nostdinc, the arch's and the tree's include
 * and uapi directories, generated ones included, the three -include files, __KERNEL__,
 * MODULE, KBUILD_MODNAME, the driver's ccflags from its kbuild files), instead of
 * regmap-lint's bundled headers. A tree that is not
 * prepared (no include/generated/autoconf.h, no arch/$ARCH/include/generated) leaves the
 * file to the bundled headers, said once under -v. The arch: $SRCARCH or $ARCH when the
 * tree has it, else the one arch the tree was prepared for (the most recently prepared if
 * several), else the host's.
 */
#ifndef RML_KTREE_H
#define RML_KTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "args.h"
#include "tu.h"
#include "util.h"

struct rml_ktree;

/* The trees met by a run, and the parse options made for its files. */
struct rml_ktrees {
	struct rml_ktree **v;
	size_t n;
	char *last_dir;			/* the last directory looked up, and its tree (NULL: none) */
	struct rml_ktree *last;
	const struct rml_parse_opts *base;	/* the command line's (lone) parse options; its
						   flags (-D, -U, -std) follow the tree's */
	const struct rml_args_env *env;	/* $SRCARCH, $ARCH, $CROSS_COMPILE, or NULL */
	FILE *verbose;			/* -v: what was found, once per tree; or NULL */
	struct rml_ptrvec made;		/* the options handed out, freed with the set */
};

/*
 * The top of the kernel tree path lies in (walking up from its directory), absolute and
 * heap-owned, or NULL when it lies in none.
 */
char *rml_ktree_root(const char *path);

/*
 * The parse options for path, given alone: its kernel tree's flags (owned by kt), or NULL
 * when it lies in no kernel tree or the tree is not prepared (the command line's options,
 * the bundled headers, apply).
 */
const struct rml_parse_opts *rml_ktree_parse(struct rml_ktrees *kt, const char *path);
void rml_ktrees_fini(struct rml_ktrees *kt);

#endif
