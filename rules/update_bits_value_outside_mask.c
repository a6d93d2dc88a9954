/*
 * update-bits-value-outside-mask: a regmap_update_bits-family call (regmap_update_bits,
 * _async, _check, _check_async, _base, regmap_write_bits, snd_soc_component_update_bits
 * and _async, snd_soc_component_test_bits) whose constant value has bits outside its
 * constant mask, or whose mask is 0; regmap_set/clear/test_bits with bits 0; a value
 * written as FIELD_PREP(A, x) under a mask that does not hold A. At runtime the register
 * gets (old & ~mask) | (val & mask): the value's other bits never reach the hardware.
 * Followed through the driver's wrappers that pass mask and value on.
 * Silent when: the mask or the value is not known; the value is all ones over the mask
 * (~0, 0xff, 0xffff, 0xffffffff, the register width) or ~mask (the usual idioms).
 * See update_bits_value_outside_mask.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rule.h"

/* Call operands are unsigned int. */
#define U32(v) ((uint32_t)(v))

static bool all_ones(uint64_t v, unsigned bits)
{
	return bits && bits <= 64 && v == (bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1);
}

/*
 * The idioms that are not defects: a value of all ones covering the mask (every bit of
 * the mask set: ~0, 0xff, 0xffff, 0xffffffff, all ones of the register's width or of the
 * value's own type), or the complement of the mask.
 */
static bool idiom(const struct rml_num *v, uint32_t m, unsigned width)
{
	uint32_t v32 = U32(v->v);

	if ((v32 & m) == m && (all_ones(v32, 8) || all_ones(v32, 16) || all_ones(v32, 32) ||
			       all_ones(v->v, v->bits) || (width && all_ones(v32, width))))
		return true;
	return v32 == U32(~m) || (width && width < 32 && v32 == (U32(~m) & ((1u << width) - 1)));
}

static unsigned lowest_bit(uint32_t m)
{
	unsigned s = 0;

	while (!(m & 1u)) {
		m >>= 1;
		s++;
	}
	return s;
}

static bool contiguous(uint32_t m)
{
	uint32_t low = m >> lowest_bit(m);

	return !(low & (low + 1));
}

/* "FOO_MASK (0x1c)" when the call names the value ("GENMASK(4, 2)" too), else "0x1c". */
static const char *named(struct rml_ctx *ctx, const struct rml_operand *o, uint32_t v)
{
	if (o->src && (o->src[0] < '0' || o->src[0] > '9'))
		return rml_arena_printf(ctx->diags->arena, "%s (0x%" PRIx32 ")", o->src, v);
	return rml_arena_printf(ctx->diags->arena, "0x%" PRIx32, v);
}

/* A value written as FIELD_PREP(OTHER_MASK, k): the mask of another field, not a shift. */
static bool prepared(const struct rml_operand *o)
{
	return o->src && !strncmp(o->src, "FIELD_PREP(", 11);
}

/* What happens to the bits outside the mask, by API. */
static const char *fate(const struct rml_rinst *ri)
{
	if (ri->rc->api->role == RML_RR_TEST_VALUE)
		return "the test always sees a change";
	return "they are never written";
}

static void check_value(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	const char *api = ri->rc->api->name;
	uint32_t v = U32(ri->value.v.v), m = U32(ri->mask.v.v), out = v & ~m;
	unsigned width = rml_rinst_val_bits(ri), s;

	if (!m) {
		if (v)
			rml_report_regcall(ctx, ri, "%s with mask 0 and value 0x%" PRIx32 ": the call "
					   "changes nothing; mask and value look swapped", api, v);
		else
			rml_report_regcall(ctx, ri, "%s with mask 0: the call changes nothing", api);
		return;
	}
	if (!out || idiom(&ri->value.v, m, width))
		return;
	if (!(m & ~v)) {
		rml_report_regcall(ctx, ri, "%s: value 0x%" PRIx32 " holds the mask %s and more: "
				   "mask and value look swapped", api, v,
				   named(ctx, &ri->mask, m));
		return;
	}
	s = lowest_bit(m);
	if (s && contiguous(m) && v <= (m >> s) && !prepared(&ri->value)) {
		if (v == 1 && !(m & (m - 1)))
			rml_report_regcall(ctx, ri, "%s: value 1 under mask %s is masked to 0: did "
					   "you mean BIT(%u)?", api, named(ctx, &ri->mask, m), s);
		else
			rml_report_regcall(ctx, ri, "%s: value 0x%" PRIx32 " under mask %s is masked "
					   "to 0x%" PRIx32 "; it looks unshifted: FIELD_PREP(%s, %s) "
					   "or %s << %u", api, v, named(ctx, &ri->mask, m), v & m,
					   ri->mask.src ? ri->mask.src : "mask",
					   ri->value.src ? ri->value.src : "value",
					   ri->value.src ? ri->value.src : "value", s);
		return;
	}
	rml_report_regcall(ctx, ri, "%s: value %s has bits 0x%" PRIx32 " outside mask %s: %s",
			   api, prepared(&ri->value) ? named(ctx, &ri->value, v) :
			   rml_arena_printf(ctx->diags->arena, "0x%" PRIx32, v), out,
			   named(ctx, &ri->mask, m), fate(ri));
}

static void check_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	enum rml_rrole role = ri->rc->api->role;
	bool fresh = ri->fresh & (RML_RI_MASK | RML_RI_VALUE);

	if (!fresh || ri->mask.kind != RML_OP_CONST)
		return;
	if (role == RML_RR_SET || role == RML_RR_CLEAR || role == RML_RR_TEST) {
		if (!U32(ri->mask.v.v))
			rml_report_regcall(ctx, ri, "%s with bits 0: the call %s", ri->rc->api->name,
					   role == RML_RR_TEST ? "tests no bit (always 0)" :
					   "changes nothing");
		return;
	}
	if (role != RML_RR_UPDATE && role != RML_RR_TEST_VALUE)
		return;
	if (ri->value.kind == RML_OP_CONST) {
		check_value(ctx, ri);
	} else if (ri->rc->prep_mask.known && (ri->fresh & RML_RI_MASK)) {
		/* the value is the call's own FIELD_PREP(A, x): A is known where the call is */
		uint32_t a = U32(ri->rc->prep_mask.v), m = U32(ri->mask.v.v);

		if (!m || !(a & ~m))
			return;

		rml_report_regcall(ctx, ri, "%s: FIELD_PREP(%s, ...) can set bits 0x%" PRIx32
				   " outside mask %s: %s", ri->rc->api->name,
				   ri->rc->prep_text ? ri->rc->prep_text : "?", a & ~m,
				   named(ctx, &ri->mask, m), fate(ri));
	}
}

const struct rml_rule rule_update_bits_value_outside_mask = {
	.id = "update-bits-value-outside-mask",
	.summary = "An update_bits call writes a value with bits outside its mask, or a mask of 0.",
	.confidence = RML_CONF_HIGH,
	.check_regcall = check_regcall,
	.regmap_api = true,
};
