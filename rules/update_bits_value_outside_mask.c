/*
 * update-bits-value-outside-mask: a regmap_update_bits-family call (regmap_update_bits,
 * _async, _check, _check_async, _base, regmap_write_bits, snd_soc_component_update_bits
 * and _async, snd_soc_component_test_bits) whose constant value has bits outside its
 * constant mask, or whose mask is 0; regmap_set/clear/test_bits with bits 0; a value
 * written as FIELD_PREP(A, x) under a mask that does not hold A. At runtime the register
 * gets (old & ~mask) | (val & mask): the value's other bits never reach the hardware.
 * Followed through the driver's wrappers that pass mask and value on.
 * Silent when: the mask or the value is not known; the idioms: the value all ones over
 * the mask (~0, 0xff, 0xffff, 0xffffffff, the register width), ~mask, every bit outside
 * the mask set (0xffff ^ X), a mask of the whole register but one or two bits.
 * See update_bits_value_outside_mask.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <stdarg.h>
#include <stdio.h>

#include "rule.h"

/* Call operands are unsigned int. */
#define U32(v) ((uint32_t)(v))

static bool all_ones(uint64_t v, unsigned bits)
{
	return bits && bits <= 64 && v == (bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1);
}

/* The register's width: the config's val_bits, else the narrowest of 8/16/32 holding m. */
static unsigned reg_width(uint32_t m, unsigned width)
{
	if (width && width <= 32)
		return width;
	return m <= 0xff ? 8 : m <= 0xffff ? 16 : 32;
}

static unsigned popcount(uint32_t m)
{
	unsigned n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/*
 * The idioms that are not defects:
 * - a value of all ones covering the mask (every bit of the mask set: ~0, 0xff, 0xffff,
 *   0xffffffff, all ones of the register's width or of the value's own type);
 * - the mask's complement as the value (~mask);
 * - every bit outside the mask set (0xffff ^ X, ~X): "every bit but X", the value's
 *   outside part all ones being what the complement gives, not a field value;
 * - a mask of every bit of the register but one or two (~BIT(n)): a whole-register value
 *   written around bits another owner keeps (a DAPM widget's), whatever it says of them.
 */
static bool idiom(const struct rml_num *v, uint32_t m, unsigned width)
{
	uint32_t v32 = U32(v->v), w = reg_width(m, width);
	uint32_t ones = w >= 32 ? UINT32_MAX : (UINT32_C(1) << w) - 1;

	if ((v32 & m) == m && (all_ones(v32, 8) || all_ones(v32, 16) || all_ones(v32, 32) ||
			       all_ones(v->v, v->bits) || (width && all_ones(v32, width))))
		return true;
	if (v32 == U32(~m) || (width && width < 32 && v32 == (U32(~m) & ((1u << width) - 1))))
		return true;
	if (((v32 | m) & ones) == ones && !(v32 & ~ones))
		return true;
	return w >= 8 && popcount(m & ones) >= w - 2 && !(m & ~ones);
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

/* A value written in decimal digits ("20") whose digits read as hex fit the mask. */
static bool hex_slip(const struct rml_operand *o, uint32_t m, uint32_t *hex)
{
	const char *p = o->src;
	uint64_t h = 0;

	if (!p || o->v.v < 10 || p[0] == '0')
		return false;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || h > UINT32_MAX / 16)
			return false;
		h = h * 16 + (uint64_t)(*p - '0');
	}
	*hex = (uint32_t)h;
	return !(h & ~(uint64_t)m);
}

/* Does the mask's name say it is something else: FOO_SHIFT used as a mask? */
static const char *mask_hint(const struct rml_operand *o)
{
	size_t n = o->src ? strlen(o->src) : 0;

	if (n > 6 && !strcmp(o->src + n - 6, "_SHIFT"))
		return " (a shift used as the mask?)";
	return "";
}

/*
 * Fix-its: the value (and for a swap the mask) rewritten where it is written plainly at
 * the call (rml_operand.where), never in a #define or a wrapper's body.
 */
static void fix_value(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o,
		      const char *fmt, ...) RML_FORMAT(4, 5);

static void fix_value(struct rml_ctx *ctx, struct rml_diag *d, const struct rml_operand *o,
		      const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	if (!d || !o->where)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	rml_diag_edit(ctx->diags, d, &o->where->at, buf);
}

/* Are mask and value both written at the API's own call (no wrapper between)? */
static bool both_at_call(const struct rml_rinst *ri)
{
	const struct rml_opsrc *m = ri->mask.where, *v = ri->value.where;

	return m && v && !ri->at.n && m->at.file && v->at.file && !strcmp(m->at.file, v->at.file) &&
	       m->at.line1 == v->at.line1;
}

static void check_value(struct rml_ctx *ctx, const struct rml_rinst *ri, const char *api)
{
	struct rml_diag *d;
	uint32_t v = U32(ri->value.v.v), m = U32(ri->mask.v.v), out = v & ~m, hex;
	unsigned width = rml_rinst_val_bits(ri), s;

	if (!m) {
		if (v)
			rml_report_regcall(ctx, ri, "%s with mask 0 and value 0x%" PRIx32 ": the call "
					   "changes nothing; did you mean mask 0x%" PRIx32 " (the value's "
					   "bits)?", api, v, v);
		else
			rml_report_regcall(ctx, ri, "%s with mask 0: the call changes nothing", api);
		return;
	}
	if (!out || idiom(&ri->value.v, m, width))
		return;
	if (!(m & ~v)) {
		/* no fix-it: a whole-register preset under a narrow mask looks the same, and
		   swapping it would overwrite bits other code owns (corpus/kernel-6.12.md) */
		rml_report_regcall(ctx, ri, "%s: value 0x%" PRIx32 " holds the mask %s and bits 0x%"
				   PRIx32 " more, which are never written: mask and value swapped?",
				   api, v, named(ctx, &ri->mask, m), out);
		return;
	}
	if (hex_slip(&ri->value, m, &hex)) {
		d = rml_report_regcall(ctx, ri, "%s: value %s (0x%" PRIx32 ") under mask %s is masked "
				       "to 0x%" PRIx32 "; written in decimal: did you mean 0x%" PRIx32
				       "?", api, ri->value.src, v, named(ctx, &ri->mask, m), v & m, hex);
		if (ri->value.where && !ri->value.where->macro)	/* fix-it: the digits as hex */
			fix_value(ctx, d, &ri->value, "0x%s", ri->value.where->text);
		return;
	}
	s = lowest_bit(m);
	if (s && contiguous(m) && v <= (m >> s) && !prepared(&ri->value)) {
		if (v == 1 && !(m & (m - 1))) {
			d = rml_report_regcall(ctx, ri, "%s: value 1 under mask %s is masked to 0: did "
					       "you mean BIT(%u)?", api, named(ctx, &ri->mask, m), s);
			/* fix-it: the mask's own bit, by the mask's name when it is at the call */
			if (ri->value.where && !ri->value.where->macro) {
				if (both_at_call(ri))
					fix_value(ctx, d, &ri->value, "%s", ri->mask.where->text);
				else
					fix_value(ctx, d, &ri->value, "0x%" PRIx32, m);
			}
		} else {
			d = rml_report_regcall(ctx, ri, "%s: value 0x%" PRIx32 " under mask %s is "
					       "masked to 0x%" PRIx32 "; it looks unshifted: "
					       "FIELD_PREP(%s, %s) or %s << %u", api, v,
					       named(ctx, &ri->mask, m), v & m,
					       ri->mask.src ? ri->mask.src : "mask",
					       ri->value.src ? ri->value.src : "value",
					       ri->value.src ? ri->value.src : "value", s);
			/* fix-it: the value shifted to the mask's lowest bit, at the call */
			if (ri->value.where)
				fix_value(ctx, d, &ri->value, "(%s << %u)", ri->value.where->text, s);
		}
		return;
	}
	rml_report_regcall(ctx, ri, "%s: value %s has bits 0x%" PRIx32 " outside mask %s%s: %s%s",
			   api, prepared(&ri->value) ? named(ctx, &ri->value, v) :
			   rml_arena_printf(ctx->diags->arena, "0x%" PRIx32, v), out,
			   named(ctx, &ri->mask, m), mask_hint(&ri->mask), fate(ri),
			   prepared(&ri->value) ? " (the FIELD_PREP of another field?)" : "");
}

static void check_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	enum rml_rrole role = ri->rc->api->role;
	bool fresh = ri->fresh & (RML_RI_MASK | RML_RI_VALUE);

	if (!fresh || ri->mask.kind != RML_OP_CONST)
		return;
	if (role == RML_RR_SET || role == RML_RR_CLEAR || role == RML_RR_TEST) {
		if (!U32(ri->mask.v.v))
			rml_report_regcall(ctx, ri, "%s with bits 0: the call %s", rml_regcall_label(ctx, ri),
					   role == RML_RR_TEST ? "tests no bit (it always returns 1)" :
					   "changes nothing");
		return;
	}
	if (role != RML_RR_UPDATE && role != RML_RR_TEST_VALUE)
		return;
	if (ri->value.kind == RML_OP_CONST) {
		check_value(ctx, ri, rml_regcall_label(ctx, ri));
	} else if (ri->rc->prep_mask.known && (ri->fresh & RML_RI_MASK)) {
		/* the value is the call's own FIELD_PREP(A, x): A is known where the call is */
		uint32_t a = U32(ri->rc->prep_mask.v), m = U32(ri->mask.v.v);

		if (!m || !(a & ~m))
			return;

		rml_report_regcall(ctx, ri, "%s: FIELD_PREP(%s, ...) can set bits 0x%" PRIx32
				   " outside mask %s: %s", rml_regcall_label(ctx, ri),
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
