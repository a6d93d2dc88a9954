/*
 * xmod: drivers whose tables live in another module. A library module defines a function
 * that takes a table (`int ocelot_regfields_init(struct ocelot *ocelot, const struct
 * reg_field *const regfields)`), allocates its fields and keeps the handles in a struct
 * the library writes them through; each variant module (another directory, often) passes
 * its own table to it, directly or through a member of its description struct. Analysed
 * apart, the library's writes reach a field whose bits no analysed file says.
 *
 * Before the run is scheduled, a text scan (as cheap as the prefilter, no libclang) finds
 * the functions defined with a `struct reg_field *` parameter (not static, not the API's),
 * and the files that call them by name; the run then analyses the library's driver and
 * each caller's driver as one, across directories (rml_xmod_merge), and reads a caller
 * the prefilter left out (`ocelot_vsc7514.c` names no regmap_field word) when it lies
 * beside a file the run analyses. Only with a compile database or directory arguments;
 * never under kbuild, which checks one file per call.
 */
#ifndef RML_XMOD_H
#define RML_XMOD_H

#include <stdbool.h>
#include <stddef.h>

#include "overlay.h"

/* The most files one driver grows to by joining modules; past it they stay apart. */
#define RML_XMOD_MAX_FILES 64

/* A library file (taker) and a file calling its table-taking function (passer). */
struct rml_xlink {
	size_t taker, passer;	/* < n: files[i]; >= n: cand[i - n] */
	const char *func;	/* the function (heap, owned by the links) */
};

/*
 * The links among files[0..n) (what the run analyses) and cand[0..ncand) (files it left
 * out that may pass a table: read only when beside a file that defines or calls such a
 * function); *out (heap) gets them in a deterministic order: by taker, function, then
 * passer. Returns how many.
 */
size_t rml_xmod_links(const struct rml_overlay *ov, char *const *files, size_t n,
		      char *const *cand, size_t ncand, struct rml_xlink **out);
void rml_xmod_links_free(struct rml_xlink *l, size_t n);

/*
 * Which drivers become one: ngroups drivers of gsize[g] files each, group_of[i] the
 * driver of link endpoint i (the same numbering as the links'); only drivers of one kind
 * (kind[g]: one selection and one kind of flags) join. root[g] gets the first
 * driver of the one g is now part of (root[g] == g: g itself, or the first of several);
 * a join that would pass RML_XMOD_MAX_FILES files is not made. Returns how many joins.
 */
size_t rml_xmod_merge(size_t ngroups, const size_t *gsize, const size_t *kind,
		      const struct rml_xlink *l, size_t nl, const size_t *group_of, size_t *root);

#endif
