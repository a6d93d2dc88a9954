/*
 * field-slot-unset: a handle used in a regmap_field_* call (directly or through the
 * driver's wrappers taking an enum index) is allocated from a slot of a reg_field table
 * that the table declares (`[F_MAX]`) but no initialiser fills: a zeroed reg_field, so the
 * call reaches bit 0 of register 0. The typical cause: the field enum grew, the table
 * did not, and the compiler says nothing because the table is sized by the enum.
 * Silent when: any allocation of the slot is not known, a table is chosen per variant
 * and one of them fills the slot, a pointer names a table of another .c file, an item
 * could not be placed, the file was repaired in lone mode.  See field_slot_unset.md.
 */
#include "rule.h"

static void check_write(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	const struct rml_handle *h = &wi->h;
	struct rml_unset_slot u;
	const char *name = h->ix_src ? h->ix_src : h->text;
	struct rml_diag *d;

	/* a handle known below the outermost call is the same one up here: reported there */
	if (!wi->h_fresh || !rml_winst_unset_slot(ctx->facts, wi, &u))
		return;
	if (u.ntables == 1)
		d = rml_report_handle(ctx, wi, "%s%s%s is slot %ld of '%s', which has no "
				      "initialiser: %s reaches bit 0 of register 0",
				      name ? "'" : "", name ? name : "the handle", name ? "'" : "",
				      u.slot,
				      u.tables[0]->name, rml_write_label(ctx, wi));
	else
		d = rml_report_handle(ctx, wi, "%s%s%s is slot %ld of '%s' and of the %zu other "
				      "table%s it can be allocated from, none of which has an "
				      "initialiser for it: %s reaches bit 0 of register 0",
				      name ? "'" : "", name ? name : "the handle", name ? "'" : "",
				      u.slot,
				      u.tables[0]->name, u.ntables - 1, u.ntables == 2 ? "" : "s",
				      rml_write_label(ctx, wi));
	for (size_t i = 0; i < u.ntables && i < RML_ARRAY_SIZE(u.tables); i++)
		rml_diag_note(ctx->diags, d, &u.tables[i]->loc, "slot %ld of '%s' (%ld slots) "
			      "has no initialiser", u.slot, u.tables[i]->name,
			      u.tables[i]->array_len);
	rml_diag_note(ctx->diags, d, &u.alloc->loc, "the handle is allocated here");
}

const struct rml_rule rule_field_slot_unset = {
	.id = "field-slot-unset",
	.summary = "A handle allocated from a table slot with no initialiser is used: it "
		   "reaches bit 0 of register 0.",
	.confidence = RML_CONF_HIGH,
	.check_write = check_write,
};
