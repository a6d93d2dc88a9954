/*
 * alloc-result-null-check: the result of a regmap_field allocator (directly, or returned
 * by a helper of the driver that passes it on) is tested against NULL (`!f`, `f == NULL`,
 * `if (f)`) and never with IS_ERR(), IS_ERR_OR_NULL() or PTR_ERR_OR_ZERO(). The allocators
 * return an ERR_PTR on failure, never NULL: the error passes as a valid field. Reported at
 * the NULL test, with a note at the allocation.
 * Also a member stored untested that the driver only NULL-tests elsewhere (guards in the
 * functions that use it), reported at the first guard.
 * Silent when: an IS_ERR-like test of the result is on any path of the allocating
 * function, or (for a guard elsewhere) anywhere in the driver; a helper turns errors into
 * NULL.
 * Fix-it: the NULL test in the allocating function written with IS_ERR() (and a branch
 * that only returns -ENOMEM or -ENODEV returning PTR_ERR()); none for a guard elsewhere.
 * See alloc_result_null_check.md.
 */
#include "rule.h"

static void check_life(struct rml_ctx *ctx, const struct rml_life *l)
{
	struct rml_diag *d;

	if (!l->api || !l->nat)
		return;
	if (l->via) {
		d = rml_report(ctx, &l->loc, "'%s' holds what '%s' returns, the result of "
			       "%s(): an ERR_PTR on failure, which this NULL test lets "
			       "pass; use IS_ERR()",
			       l->holder ? l->holder : "?", l->via, l->api->name);
		rml_diag_note(ctx->diags, d, &l->at[0].loc, "'%s' is called here", l->via);
		rml_diag_note(ctx->diags, d, &l->alloc->loc, "'%s' allocates it here",
			      l->via);
	} else {
		d = rml_report(ctx, &l->loc, "'%s' holds the result of %s(): an ERR_PTR on "
			       "failure, never NULL, so this NULL test lets an error pass; "
			       "use IS_ERR()", l->holder ? l->holder : "?", l->api->name);
		rml_diag_note(ctx->diags, d, &l->at[0].loc, "allocated here");
	}
	/* fix-it: the test written with IS_ERR(), a plain -ENOMEM return with PTR_ERR() */
	for (size_t i = 0; l->fix && i < l->fix->n; i++)
		rml_diag_edit(ctx->diags, d, &l->fix->e[i].r, l->fix->e[i].text);
}

const struct rml_rule rule_alloc_result_null_check = {
	.id = "alloc-result-null-check",
	.summary = "An allocator's result is tested against NULL only, never with IS_ERR().",
	.confidence = RML_CONF_HIGH,
	.check_life = check_life,
	.life = RML_LIFE_NULL_TEST,
};
