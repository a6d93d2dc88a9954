/*
 * field-id-out-of-range: regmap_fields_* called with a constant id at or beyond the
 * field's id_size (REG_FIELD_ID). The call fails with -EINVAL and does nothing; on a
 * field made with plain REG_FIELD (id_size 0) every regmap_fields_* call fails so.
 * Silent when: the id, the handle or the field's id_size is not known.
 *                                                          See field_id_out_of_range.md.
 */
#include <inttypes.h>

#include "rule.h"

struct arg {
	struct rml_ctx *ctx;
	const struct rml_winst *wi;
};

static void check_field(const struct rml_field *fld, void *data)
{
	struct arg *a = data;
	const struct rml_operand *id = &a->wi->id;
	const struct rml_num *size = &fld->part[RML_ID_SIZE];

	if (!size->known || id->kind != RML_OP_CONST)
		return;
	if (!rml_ce_is_negative(id->v) && id->v.v < size->v)
		return;
	if (!size->v)
		rml_report_write(a->ctx, a->wi, fld,
				 "%s with id %" PRId64 " on '%s', which is not a REG_FIELD_ID field "
				 "(id_size 0): the call always fails with -EINVAL",
				 a->wi->w->api->name, rml_ce_sval(id->v), fld->name);
	else
		rml_report_write(a->ctx, a->wi, fld,
				 "%s with id %" PRId64 " on '%s', which has %" PRIu64
				 " ids (0..%" PRIu64 "): the call fails with -EINVAL",
				 a->wi->w->api->name, rml_ce_sval(id->v), fld->name, size->v,
				 size->v - 1);
}

static void check_write(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	struct arg a = { ctx, wi };

	if (wi->w->api->id_arg < 0 || wi->id.kind != RML_OP_CONST)
		return;
	rml_winst_fields(ctx->facts, wi, check_field, &a);
}

const struct rml_rule rule_field_id_out_of_range = {
	.id = "field-id-out-of-range",
	.summary = "A regmap_fields_* call uses an id at or beyond the field's id_size.",
	.confidence = RML_CONF_HIGH,
	.check_write = check_write,
};
