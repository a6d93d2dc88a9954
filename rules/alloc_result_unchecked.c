/*
 * alloc-result-unchecked: an allocator's result used (written, read, given to a function)
 * with no test of any kind on the way: no IS_ERR(), no NULL test, no look at a bulk
 * allocation's return code. An ERR_PTR, or the unset slots of a failed bulk allocation,
 * is then used as a field. Also when the result is stored in a struct member that no
 * function of the driver ever tests and another function uses it. Reported at the
 * allocation, with a note at the first use.
 * Silent when: a test of a handle the engine cannot name is on the way; the result goes
 * where the paths do not follow.                          See alloc_result_unchecked.md.
 */
#include "rule.h"

static void check_life(struct rml_ctx *ctx, const struct rml_life *l)
{
	const char *h;
	struct rml_diag *d;

	if (!l->api || !l->nat)
		return;
	h = l->holder ? l->holder : "the result";
	if (l->api->role == RML_ROLE_BULK_ALLOC)
		d = rml_report(ctx, &l->loc, "the return code of %s() is not checked before "
			       "'%s' is used: after a failure its slots are not fields",
			       l->api->name, l->at[0].holder ? l->at[0].holder : h);
	else if (l->at[0].func)
		d = rml_report(ctx, &l->loc, "'%s' from %s() is never tested with IS_ERR() "
			       "and is used in '%s': an ERR_PTR would be used as a field", h,
			       l->api->name, l->at[0].func);
	else
		d = rml_report(ctx, &l->loc, "'%s' from %s() is used with no IS_ERR() test "
			       "on the way: an ERR_PTR would be used as a field", h,
			       l->api->name);
	if (l->via)
		rml_diag_note(ctx->diags, d, &l->alloc->loc, "'%s' allocates it here",
			      l->via);
	rml_diag_note(ctx->diags, d, &l->at[0].loc, "used here");
}

const struct rml_rule rule_alloc_result_unchecked = {
	.id = "alloc-result-unchecked",
	.summary = "An allocator's result is used with no test of any kind on the way.",
	.confidence = RML_CONF_MEDIUM,
	.check_life = check_life,
	.life = RML_LIFE_UNCHECKED,
};
