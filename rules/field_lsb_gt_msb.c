/*
 * field-lsb-gt-msb: a reg_field whose lsb is greater than its msb.
 * At runtime the field's mask, GENMASK(msb, lsb), is empty: every write is dropped and
 * every read returns 0.
 * Fix-it: the lsb and msb operands swapped, as written.
 * Silent when: lsb or msb is not a compile-time constant.        See field_lsb_gt_msb.md.
 */
#include <inttypes.h>

#include "rule.h"

static void check_table(struct rml_ctx *ctx, const struct rml_table *t)
{
	for (size_t i = 0; i < t->nfields; i++) {
		const struct rml_field *fld = t->fields[i];
		const struct rml_num *lsb = &fld->part[RML_LSB], *msb = &fld->part[RML_MSB];
		struct rml_diag *d;

		if (!lsb->known || !msb->known || rml_ce_is_negative(*lsb) || rml_ce_is_negative(*msb))
			continue;
		if (lsb->v <= msb->v)
			continue;
		d = rml_report_field(ctx, fld, NULL,
				     "%s: lsb (%" PRIu64 ") is greater than msb (%" PRIu64 "), "
				     "the field's mask is empty", rml_field_label(ctx, fld), lsb->v,
				     msb->v);
		/* fix-it: the two operands swapped as written (both written whole) */
		if (fld->psrc[RML_LSB] && fld->psrc[RML_MSB]) {
			rml_diag_edit(ctx->diags, d, &fld->prange[RML_LSB], fld->psrc[RML_MSB]);
			rml_diag_edit(ctx->diags, d, &fld->prange[RML_MSB], fld->psrc[RML_LSB]);
		}
	}
}

const struct rml_rule rule_field_lsb_gt_msb = {
	.id = "field-lsb-gt-msb",
	.summary = "A reg_field has its lsb greater than its msb, so its mask is empty.",
	.confidence = RML_CONF_HIGH,
	.check_table = check_table,
};
