/*
 * field-exceeds-reg-width: a reg_field whose msb is at or beyond the width of the register
 * it lives in: the val_bits of the regmap_config the table can be tied to (the config of
 * the regmap its fields are allocated on, or the file's only config), else 32.
 * At runtime the bits beyond val_bits do not exist: writes to them are lost and reads give 0.
 * Silent when: msb is not constant; lsb > msb (field-lsb-gt-msb reports it); the fields
 * are allocated on regmaps created from different configs.   See field_exceeds_reg_width.md.
 */
#include <inttypes.h>

#include "rule.h"

#define DEFAULT_WIDTH 32

static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	const struct rml_regcfg *cfg = t->cfg;
	uint64_t width = DEFAULT_WIDTH;

	if (cfg && cfg->val_bits.known && cfg->val_bits.v > 0 && cfg->val_bits.v <= 64)
		width = cfg->val_bits.v;
	else
		cfg = NULL;

	for (size_t i = 0; i < t->nfields; i++) {
		const struct rml_field *fld = t->fields[i];
		const struct rml_num *lsb = &fld->part[RML_LSB], *msb = &fld->part[RML_MSB];
		struct rml_diag *d;

		if (!lsb->known || !msb->known || rml_ce_is_negative(*lsb) || rml_ce_is_negative(*msb))
			continue;
		if (lsb->v > msb->v || msb->v < width)
			continue;
		if (cfg) {
			d = rml_report_field(ctx, fld, NULL,
				       "%s: msb (%" PRIu64 ") is beyond the %" PRIu64
				       "-bit register of '%s'",
				       rml_field_label(ctx, fld), msb->v, width, cfg->name);
			rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets val_bits = %" PRIu64 " here",
				      cfg->name, width);
		} else {
			d = rml_report_field(ctx, fld, NULL,
					     "%s: msb (%" PRIu64 ") is beyond a %d-bit register",
					     rml_field_label(ctx, fld), msb->v, DEFAULT_WIDTH);
		}
		/* entries of one table past one width: a table copied from a wider chip */
		rml_group(ctx, d, rml_arena_printf(ctx->diags->arena, " in '%s'", t->name),
			  "%s %s %" PRIu64, t->var ? t->var : t->name, cfg ? cfg->name : "", width);
	}
}

const struct rml_rule rule_field_exceeds_reg_width = {
	.id = "field-exceeds-reg-width",
	.summary = "A reg_field reaches past the width of its register (val_bits, or 32).",
	.confidence = RML_CONF_HIGH,
	.check_table = check_table,
};
