/*
 * paths: the stage that follows every allocation and free of regmap_field handles along
 * the control flow of the driver's functions (struct rml_func, built by extract), on a
 * linked model (link.h). It fills f->lives (what the lifetime rules report), f->undecided
 * (what it could not decide, for -v) and f->nfollowed. No libclang; results live in the
 * facts' arena.
 */
#ifndef RML_PATHS_H
#define RML_PATHS_H

#include <stdio.h>

#include "facts.h"

/* Follow the paths of every allocation and free of f. */
void rml_paths_analyse(struct rml_facts *f);
/* The control flow and the lifetime results, readable (debugging: RML_DEBUG_PATHS=1). */
void rml_paths_dump(FILE *out, const struct rml_facts *f);

#endif
