/*
 * reg-field-uninitialized: a local struct reg_field declared with no initialiser, filled
 * member by member (`f.reg = ...; f.lsb = ...; f.msb = ...;`) and given by value to an
 * allocator (directly, or through a helper of the driver that allocates its parameter)
 * while some member is never set anywhere in the function: the allocator copies those
 * stack bytes into the field (id_size and id_offset drive regmap_fields_*()). Reported at
 * the allocation (or the helper's call), with a note at the declaration.
 * Silent when: the variable has an initialiser or static storage, is assigned as a whole,
 * its address (or the array) is given away, every member is assigned somewhere in the
 * function, on any path, or the parse lacks part of what the source says about it (a
 * statement clang dropped, code under #if): extract marks those (rml_rflocal.whole).
 *                                                       See reg_field_uninitialized.md.
 */
#include <stdio.h>
#include <string.h>

#include "rule.h"

#define ALL_PARTS ((1u << RML_NPART) - 1)

/* The local the reference names, when it is one declared with no initialiser. */
static const struct rml_rflocal *rflocal_of(const struct rml_facts *f, const struct rml_fref *r)
{
	if (!r->var || r->inline_field)
		return NULL;
	for (size_t i = 0; i < f->rflocals.n; i++) {
		const struct rml_rflocal *l = f->rflocals.p[i];

		if (!strcmp(l->var, r->var))
			return l;
	}
	return NULL;
}

/* "id_size and id_offset": the parts not in set, in the arena of the diagnostics. */
static const char *unset_list(struct rml_ctx *ctx, unsigned set)
{
	const char *names[RML_NPART];
	char buf[128];
	size_t n = 0, len = 0;

	for (int p = 0; p < RML_NPART; p++)
		if (!(set >> p & 1))
			names[n++] = rml_part_names[p];
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					i == 0 ? "" : i + 1 == n ? " and " : ", ", names[i]);
	return rml_arena_strdup(ctx->diags->arena, buf);
}

static void report(struct rml_ctx *ctx, const struct rml_rflocal *l, const struct rml_loc *at,
		   const char *callee, const char *api)
{
	const char *unset = unset_list(ctx, l->set);
	struct rml_diag *d;

	if (api)
		d = rml_report(ctx, at, "'%s' passed to %s(), which gives it to %s(), with %s never "
			       "set: uninitialised stack bytes", l->name, callee, api, unset);
	else
		d = rml_report(ctx, at, "'%s' passed to %s() with %s never set: uninitialised "
			       "stack bytes", l->name, callee, unset);
	rml_diag_note(ctx->diags, d, &l->loc, "'%s' is declared here with no initialiser: "
		      "'= {}' zeroes what is not set", l->name);
	if (l->init_at.file)	/* fix-it: zero it where it is declared */
		rml_diag_edit(ctx->diags, d, &l->init_at, " = {}");
}

/* Is l filled member by member with some member never set, and nothing else filling it? */
static bool incomplete(const struct rml_rflocal *l)
{
	return l && !l->whole && l->set && (l->set & ALL_PARTS) != ALL_PARTS;
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	if (!f->rflocals.n)
		return;
	/* the allocators' own calls */
	for (size_t i = 0; i < f->allocs.n; i++) {
		const struct rml_alloc *al = f->allocs.p[i];
		const struct rml_rflocal *l;

		if (al->via)
			continue;	/* a helper's allocation seen from its call: below */
		l = rflocal_of(f, &al->src);
		if (incomplete(l))
			report(ctx, l, &al->loc, al->api->name, NULL);
	}
	/* the driver's helpers that allocate the reg_field they are given by value */
	for (size_t i = 0; i < f->calls.n; i++) {
		const struct rml_call *c = f->calls.p[i];

		for (size_t a = 0; c->frefs && a < c->nargs; a++) {
			const struct rml_rflocal *l = rflocal_of(f, &c->frefs[a]);
			const struct rml_alloc *hit = NULL;

			if (!incomplete(l))
				continue;
			for (size_t j = 0; j < f->allocs.n && !hit; j++) {
				const struct rml_alloc *al = f->allocs.p[j];

				if (!al->via && al->func_usr && !strcmp(al->func_usr, c->callee) &&
				    al->src.by_param == (int)a + 1)
					hit = al;
			}
			if (hit)
				report(ctx, l, &c->loc, c->callee_name, hit->api->name);
		}
	}
}

const struct rml_rule rule_reg_field_uninitialized = {
	.id = "reg-field-uninitialized",
	.summary = "A local struct reg_field filled member by member is allocated with members "
		   "never set.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
};
