/*
 * update-mask-outside-field: the mask of regmap_field_update_bits*, set_bits, clear_bits
 * or test_bits has bits beyond the field's width. The mask is in field position (the API
 * shifts it by lsb and ANDs it with the field's mask), so those bits are silently ignored:
 * a set or clear that does less than written, a test that can never see them.
 * Silent when: the mask, the handle or the field is not known; the mask is negative
 * (~0 meaning "all of the field").
 * Fix-it: a mask in register position (all its bits at or above lsb and within the field
 * once shifted down), unshifted where written, as write-exceeds-field-width does.                        See update_mask_outside_field.md.
 */
#include <inttypes.h>
#include <stdio.h>

#include "rule.h"

struct arg {
	struct rml_ctx *ctx;
	const struct rml_winst *wi;
	bool one_place;		/* every field the handle can hold has one lsb and width */
};

static void check_field(const struct rml_field *fld, void *data)
{
	struct arg *a = data;
	const struct rml_operand *m = &a->wi->mask;
	unsigned width = rml_field_width(fld);
	uint64_t max, lsb = fld->part[RML_LSB].v;
	char hint[160] = "";
	struct rml_diag *d;

	if (!width || width >= 64 || m->kind != RML_OP_CONST || rml_ce_is_negative(m->v))
		return;
	max = (UINT64_C(1) << width) - 1;
	if (!(m->v.v & ~max))
		return;
	/* a register mask (GENMASK(msb, lsb), BIT(lsb)): what it means in field position */
	if (lsb && lsb < 64 && !(m->v.v & ((UINT64_C(1) << lsb) - 1)) && (m->v.v >> lsb) <= max)
		snprintf(hint, sizeof(hint),
			 "; it looks already shifted into register position (bits %" PRIu64 ":%" PRIu64
			 "): use 0x%" PRIx64, fld->part[RML_MSB].v, lsb, m->v.v >> lsb);
	d = rml_report_write(a->ctx, a->wi, fld,
			     "%s uses mask %s on %s (%u bit%s, mask 0x%" PRIx64
			     "): bits 0x%" PRIx64 " are outside the field%s",
			     a->wi->w->api->name, rml_operand_label(a->ctx, m),
			     rml_field_label(a->ctx, fld), width, width == 1 ? "" : "s", max,
			     m->v.v & ~max, hint);
	rml_note_define(a->ctx, d, m);
	rml_group(a->ctx, d, "", "%s %s %s %" PRIx64 " %s", a->wi->w->api->name,
		  fld->table ? fld->table->name : "", fld->name, m->v.v, m->src ? m->src : "");
	/* fix-it: a mask in register position (GENMASK(msb, lsb)), unshifted where written */
	if (a->one_place && hint[0])
		rml_fix_unshift(a->ctx, d, m, m->v.v >> lsb, (unsigned)lsb);
}

static void check_write(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	struct arg a = { ctx, wi, false };
	enum rml_role role = wi->w->api->role;

	if (role != RML_ROLE_UPDATE && role != RML_ROLE_SET && role != RML_ROLE_CLEAR &&
	    role != RML_ROLE_TEST)
		return;
	if (wi->mask.kind != RML_OP_CONST)
		return;
	a.one_place = rml_winst_one_place(ctx, wi);
	rml_winst_fields(ctx->facts, wi, check_field, &a);
}

const struct rml_rule rule_update_mask_outside_field = {
	.id = "update-mask-outside-field",
	.summary = "The mask of an update, set, clear or test has bits beyond the field.",
	.confidence = RML_CONF_HIGH,
	.check_write = check_write,
};
