/*
 * write-exceeds-val-bits: a constant written with regmap_write (or _async) wider than the
 * map's val_bits, or an update, set, clear or test mask with bits past them. The value is
 * formatted into val_bits when it goes to the device: its high bits are dropped without
 * an error, and a mask bit past them names a bit the register does not have. The width
 * comes from the regmap_config the map was created from (per variant: every config must
 * agree). Followed through the driver's wrappers.
 * Silent when: the value, the mask or the map's config is not known; val_bits is 32 or
 * more; the value is all ones (~0, 0xff, 0xffff: "every bit") or has every bit past the
 * register set (~MASK: "every bit but these").             See write_exceeds_val_bits.md.
 */
#include <inttypes.h>
#include <string.h>

#include "rule.h"

/*
 * "Every bit" or "every bit but these", whatever the width: all ones at the value's own
 * type, 0xff, 0xffff, 0xffffffff, or every bit past the register's set (~BIT(2), ~MASK).
 */
static bool every_bit(const struct rml_num *v, uint32_t max)
{
	uint64_t all = v->bits && v->bits < 64 ? (UINT64_C(1) << v->bits) - 1 : UINT64_MAX;
	uint32_t v32 = (uint32_t)v->v;

	return (v->v & all) == all || v32 == 0xff || v32 == 0xffff || (v32 | max) == UINT32_MAX;
}

/* A mask named FOO_SHIFT, or a number from a shift macro: the usual cause. */
static const char *mask_hint(const struct rml_operand *o)
{
	size_t n = o->src ? strlen(o->src) : 0;

	if (n > 6 && !strcmp(o->src + n - 6, "_SHIFT"))
		return " (a shift used as the mask?)";
	return "";
}

static void check_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	enum rml_rrole role = ri->rc->api->role;
	unsigned width = rml_rinst_val_bits(ri);
	const struct rml_regcfg *cfg = ri->ncfgs ? ri->cfgs[0] : NULL;
	const struct rml_operand *o;
	uint32_t max, v;
	struct rml_diag *d;

	if (ri->rc->api->component || !width || width >= 32)
		return;
	max = (UINT32_C(1) << width) - 1;
	if (role == RML_RR_WRITE) {
		o = &ri->value;
		if (!(ri->fresh & (RML_RI_MAP | RML_RI_VALUE)))
			return;
	} else if (role == RML_RR_UPDATE || role == RML_RR_SET || role == RML_RR_CLEAR ||
		   role == RML_RR_TEST) {
		o = &ri->mask;
		if (!(ri->fresh & (RML_RI_MAP | RML_RI_MASK)))
			return;
	} else {
		return;
	}
	v = (uint32_t)o->v.v;
	if (o->kind != RML_OP_CONST || !(v & ~max) || every_bit(&o->v, max))
		return;
	if (role == RML_RR_WRITE)
		d = rml_report_regcall(ctx, ri, "%s writes 0x%" PRIx32 " to a map of %u-bit values: "
				       "0x%" PRIx32 " reaches the register, bits 0x%" PRIx32
				       " are dropped", rml_regcall_label(ctx, ri), v, width, v & max, v & ~max);
	else if (!(v & max))
		d = rml_report_regcall(ctx, ri, "%s with %s 0x%" PRIx32 " on a map of %u-bit "
				       "values: the whole %s is past the register%s",
				       rml_regcall_label(ctx, ri), role == RML_RR_UPDATE ? "mask" : "bits", v,
				       width, role == RML_RR_UPDATE ? "mask" : "bits", mask_hint(o));
	else
		d = rml_report_regcall(ctx, ri, "%s with %s 0x%" PRIx32 " on a map of %u-bit "
				       "values: bits 0x%" PRIx32 " are past the register%s",
				       rml_regcall_label(ctx, ri), role == RML_RR_UPDATE ? "mask" : "bits", v,
				       width, v & ~max, mask_hint(o));
	rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets val_bits = %u here", cfg->name, width);
}

const struct rml_rule rule_write_exceeds_val_bits = {
	.id = "write-exceeds-val-bits",
	.summary = "A constant written to a regmap, or an update mask, is wider than its val_bits.",
	.confidence = RML_CONF_HIGH,
	.check_regcall = check_regcall,
	.regmap_api = true,
};
