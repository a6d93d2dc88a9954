/*
 * field-double-free: the same handle given to regmap_field_free() (or another free of the
 * family) twice on one path, with nothing stored in it in between. Reported at the second
 * free, with a note at the first.
 * Silent when: the handle is a slot picked at run time (fields[i]); the handle is given
 * away (&f) or may be set by a function called in between.    See field_double_free.md.
 */
#include "rule.h"

static void check_life(struct rml_ctx *ctx, const struct rml_life *l)
{
	struct rml_diag *d;

	if (!l->nat)
		return;
	if (l->at[0].loc.line == l->loc.line && l->at[0].loc.col == l->loc.col)
		d = rml_report(ctx, &l->loc, "'%s' is freed again by the next pass of the "
			       "loop: nothing is stored in it in between",
			       l->holder ? l->holder : "?");
	else
		d = rml_report(ctx, &l->loc, "'%s' is freed again: it was freed at line %u "
			       "on this path and nothing was stored in it since",
			       l->holder ? l->holder : "?", l->at[0].loc.line);
	rml_diag_note(ctx->diags, d, &l->at[0].loc, "first freed here");
}

const struct rml_rule rule_field_double_free = {
	.id = "field-double-free",
	.summary = "The same field handle is freed twice on one path.",
	.confidence = RML_CONF_HIGH,
	.check_life = check_life,
	.life = RML_LIFE_DOUBLE_FREE,
};
