/*
 * handle-index-out-of-range: an array of regmap_field handles (a member, a local, a static)
 * indexed with a constant at or past its length: in a regmap_field_* call, directly or
 * through the driver's wrappers taking an enum index, or in the store of an allocation's
 * handle. The call reads a pointer beyond the array and uses it as a field handle; the
 * store writes the handle over whatever follows the array.
 * Silent when: the index or the array's length is not a known constant (a loop variable,
 * a parameter no caller gives a constant, a pointer to the array), the array has no slot
 * or one (a flexible array written the old way).        See handle_index_out_of_range.md.
 */
#include "rule.h"

/* Is slot h->lo past the end of a handle array whose length is known? */
static bool past_end(const struct rml_handle *h)
{
	if (h->ix != RML_IX_CONST || h->len < 1 || !h->arr_name)
		return false;
	if (h->len == 1 && h->kind == RML_HK_MEMBER)	/* `*fields[1]` at a struct's end */
		return false;
	return h->lo >= h->len;
}

static void array_note(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_handle *h)
{
	rml_diag_note(ctx->diags, d, &h->arr_loc, "'%s' is declared here with %ld slot%s",
		      h->arr_name, h->len, h->len == 1 ? "" : "s");
}

static void check_write(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	const struct rml_handle *h = &wi->h;
	struct rml_diag *d;

	/* a handle known below the outermost call is the same one here: reported there */
	if (!wi->h_fresh || !past_end(h))
		return;
	if (h->ix_src)
		d = rml_report_handle(ctx, wi,
				      "index '%s' is slot %ld of '%s', past its end (%ld handles): "
				      "%s reads a pointer beyond the array and uses it as a field "
				      "handle", h->ix_src, h->lo, h->arr_name, h->len,
				      rml_write_label(ctx, wi));
	else
		d = rml_report_handle(ctx, wi,
				      "'%s' is slot %ld of '%s', past its end (%ld handles): %s "
				      "reads a pointer beyond the array and uses it as a field handle",
				      h->text ? h->text : "?", h->lo, h->arr_name, h->len,
				      rml_write_label(ctx, wi));
	array_note(ctx, d, h);
}

/* priv->f[K] = devm_regmap_field_alloc(...), or an allocation helper given &priv->f[K]. */
static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_handle *h = &st->dst;
		const struct rml_alloc *al = st->alloc;
		struct rml_diag *d;

		if (!past_end(h))
			continue;
		d = rml_report(ctx, al->via ? &al->via->loc : &al->loc,
			       "'%s' is slot %ld of '%s', past its end (%ld handles): the handle "
			       "%s allocates is stored beyond the array, over what follows it",
			       h->text ? h->text : "?", h->lo, h->arr_name, h->len,
			       al->via ? al->via->callee_name : al->api->name);
		if (al->via)
			rml_diag_note(ctx->diags, d, &al->loc, "'%s' allocates it here",
				      al->via->callee_name);
		array_note(ctx, d, h);
	}
}

const struct rml_rule rule_handle_index_out_of_range = {
	.id = "handle-index-out-of-range",
	.summary = "A constant index past the end of an array of regmap_field handles.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
	.check_write = check_write,
};
