/*
 * devm-field-freed: a field allocated with devm_regmap_field_alloc() (or the bulk one)
 * freed with regmap_field_free() (or the bulk one): the device frees it again at
 * teardown; and a field allocated without devm given to devm_regmap_field_free(), which
 * only warns and leaves it allocated. Reported at the free, with a note at the allocation.
 * Silent when: the freed handle can hold allocations of both kinds, or one the engine
 * cannot trace (another file's, an unknown function's).       See devm_field_freed.md.
 */
#include "rule.h"

static void check_life(struct rml_ctx *ctx, const struct rml_life *l)
{
	const char *h;
	struct rml_diag *d;

	if (!l->api)
		return;
	h = l->holder ? l->holder : "the field";
	if (!l->api->devm && l->ndevm && !l->nplain) {
		d = rml_report(ctx, &l->loc, "'%s' is allocated by %s() and freed with %s(): "
			       "the device frees it again at teardown", h,
			       l->devm_alloc->api->name, l->api->name);
		rml_diag_note(ctx->diags, d, &l->devm_alloc->loc, "allocated here");
	} else if (l->api->devm && l->nplain && !l->ndevm) {
		d = rml_report(ctx, &l->loc, "'%s' is allocated by %s(), without devm, and "
			       "freed with %s(), which only warns and leaves it allocated; "
			       "use %s()", h, l->plain_alloc->api->name, l->api->name,
			       l->api->name + 5);
		rml_diag_note(ctx->diags, d, &l->plain_alloc->loc, "allocated here");
	}
}

const struct rml_rule rule_devm_field_freed = {
	.id = "devm-field-freed",
	.summary = "A devm-allocated field is freed by hand, or a plain one with a devm free.",
	.confidence = RML_CONF_HIGH,
	.check_life = check_life,
	.life = RML_LIFE_FREE,
};
