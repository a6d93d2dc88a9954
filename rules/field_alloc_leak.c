/*
 * field-alloc-leak: a field allocated with regmap_field_alloc() or regmap_field_bulk_alloc()
 * (not devm) that is not freed on some path: a local still holding it when the function
 * returns, an error exit of the allocating function after it was stored in a struct, the
 * last handle holding it overwritten, a result dropped at once, or a struct member that no
 * function of the driver ever frees. Reported at the allocation (or at the call of the
 * driver's helper that made it), with a note at each leaking exit, and a fix-it moving a
 * goto to the rung of its error ladder that frees it when paths/retarget.c found one.
 * Silent when: the allocation is devm; a path goes through something the engine cannot
 * follow (the handle given to an unknown function, a computed goto, an exit whose value is
 * not known, an error exit of a helper whose caller may free it). See field_alloc_leak.md.
 */
#include <stdio.h>
#include <string.h>

#include "rule.h"

static void note_at(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_life_at *at)
{
	const char *h = at->holder;
	char ret[160];

	if (at->what && strlen(at->what) > 32 && strchr(at->what, '('))
		snprintf(ret, sizeof(ret), "returns the result of %.*s()",
			 (int)(strchr(at->what, '(') - at->what), at->what);
	else if (at->what)
		snprintf(ret, sizeof(ret), "returns %.120s", at->what);
	else
		snprintf(ret, sizeof(ret), "returns");
	switch (at->how) {
	case RML_LEAK_EXIT:
	case RML_LEAK_ERROR_EXIT:
		if (h)
			rml_diag_note(ctx->diags, d, &at->loc, "%s at line %u without freeing '%s'",
				      ret, at->loc.line, h);
		else
			rml_diag_note(ctx->diags, d, &at->loc, "%s at line %u without freeing it",
				      ret, at->loc.line);
		break;
	case RML_LEAK_OVERWRITE:
		rml_diag_note(ctx->diags, d, &at->loc,
			      "'%s' is overwritten at line %u while it holds the only reference",
			      h ? h : "?", at->loc.line);
		break;
	case RML_LEAK_NEVER_FREED:
		rml_diag_note(ctx->diags, d, &at->loc,
			      "%s at line %u with it in '%s', which no function of the driver frees",
			      ret, at->loc.line, h ? h : "?");
		break;
	case RML_LEAK_DISCARDED:
		rml_diag_note(ctx->diags, d, &at->loc, "%s at line %u without freeing it", ret,
			      at->loc.line);
		break;
	}
}

static void check_life(struct rml_ctx *ctx, const struct rml_life *l)
{
	const char *name, *holder = l->holder ? l->holder : "the field";
	struct rml_diag *d;

	if (!l->api || l->api->devm || !l->nat)
		return;
	name = l->api->name;
	switch (l->at[0].how) {
	case RML_LEAK_NEVER_FREED:
		d = rml_report(ctx, &l->loc, "'%s' allocated by %s() is never freed: no "
			       "function of the driver frees '%s'", holder, name,
			       l->at[0].holder ? l->at[0].holder : holder);
		break;
	case RML_LEAK_OVERWRITE:
		d = rml_report(ctx, &l->loc, "'%s' allocated by %s() is lost when '%s' is "
			       "overwritten", holder, name,
			       l->at[0].holder ? l->at[0].holder : holder);
		break;
	case RML_LEAK_DISCARDED:
		d = rml_report(ctx, &l->loc, "the field allocated by %s() is dropped at once "
			       "and never freed", name);
		break;
	default:
		d = rml_report(ctx, &l->loc, "'%s' allocated by %s() is not freed on every "
			       "path", holder, name);
		break;
	}
	if (l->via)
		rml_diag_note(ctx->diags, d, &l->alloc->loc, "'%s' allocates it here",
			      l->via);
	for (size_t k = 0; k < l->nat; k++)
		note_at(ctx, d, &l->at[k]);
	/* the unwinding ladder's rung that frees it, skipped by a goto: its fix-it */
	for (size_t k = 0; k < l->nretargets; k++) {
		const struct rml_retarget *r = &l->retargets[k];

		rml_diag_note(ctx->diags, d, &r->loc, "'goto %s' jumps past '%s:', which frees "
			      "%s: jump there instead", r->from, r->to, r->frees);
	}
	for (size_t i = 0; l->fix && i < l->fix->n; i++)
		rml_diag_edit(ctx->diags, d, &l->fix->e[i].r, l->fix->e[i].text);
}

const struct rml_rule rule_field_alloc_leak = {
	.id = "field-alloc-leak",
	.summary = "A field allocated without devm is not freed on some path.",
	.confidence = RML_CONF_MEDIUM,
	.check_life = check_life,
	.life = RML_LIFE_LEAK,
};
