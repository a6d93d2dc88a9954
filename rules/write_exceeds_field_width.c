/*
 * write-exceeds-field-width: a constant written to a field (regmap_field_write,
 * force_write, regmap_fields_write/force_write, or the value of an update_bits call) has
 * bits beyond the field's width. At runtime the value is shifted into place and masked:
 * the high bits are dropped without an error. Followed through the driver's wrappers.
 * Silent when: the value, the handle or the field is not known; the value is negative
 * (a two's complement field's value) unless it is a shift that overflowed int into the
 * field's position; all ones at its own type (~0, 0xFFFFFFFF: "every bit").
 * Fix-it: a value that looks already shifted, unshifted where it is written (the #define
 * of a macro used nowhere else, else the call's operand), when every field the handle can
 * hold sits at one lsb.
 *                                                         See write_exceeds_field_width.md.
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
	const struct rml_operand *v = &a->wi->value;
	unsigned width = rml_field_width(fld);
	uint64_t lsb, max, val;
	char hint[160] = "";
	struct rml_diag *d;
	bool shifted;

	if (!width || width >= 64 || v->kind != RML_OP_CONST)
		return;
	val = v->v.v;
	max = (UINT64_C(1) << width) - 1;
	lsb = fld->part[RML_LSB].v;
	if (rml_ce_is_negative(v->v)) {
		/*
		 * Negative: a signed value for a two's complement field (-2 in 4 bits), which
		 * the mask encodes right, unless it is a shift that overflowed int ((0x2 << 30)
		 * is INT_MIN): the unsigned int the call receives then lies wholly in the
		 * field's register position.
		 */
		val &= UINT32_MAX;
		if (!lsb || lsb >= 32 || (val & ((UINT64_C(1) << lsb) - 1)) || (val >> lsb) > max)
			return;
	}
	/* all ones at its own type (0xFFFFFFFF, ~0u): "set every bit of the field" */
	if (v->v.bits && (v->v.bits == 64 ? val == UINT64_MAX :
			  val == (UINT64_C(1) << v->v.bits) - 1))
		return;
	if (val <= max)
		return;
	/* a value already shifted into register position: BIT(lsb), FIELD_PREP(mask, x) */
	shifted = lsb && lsb < 64 && !(val & ((UINT64_C(1) << lsb) - 1)) && (val >> lsb) <= max;
	if (shifted)
		snprintf(hint, sizeof(hint),
			 "; it looks already shifted into register position (bits %" PRIu64 ":%" PRIu64
			 "): write 0x%" PRIx64 "", fld->part[RML_MSB].v, lsb, val >> lsb);
	d = rml_report_write(a->ctx, a->wi, fld, "writes %s to %s (%u bit%s, max %" PRIu64 ")%s",
			     rml_named(a->ctx, v->src, val), rml_field_label(a->ctx, fld), width,
			     width == 1 ? "" : "s", max, hint);
	rml_note_define(a->ctx, d, v);
	/* the same value, written alike, to the same field at several places: one cause */
	rml_group(a->ctx, d, "", "%s %s %" PRIx64 " %s", fld->table ? fld->table->name : "",
		  fld->name, v->v.v, v->src ? v->src : "");
	/* fix-it: the value unshifted, where it is written (its #define, or the call) */
	if (shifted && a->one_place)
		rml_fix_unshift(a->ctx, d, v, val >> lsb, (unsigned)lsb);
}

struct widest {
	unsigned width;
	const struct rml_field *fld;
	size_t n;
};

static void find_widest(const struct rml_field *fld, void *data)
{
	struct widest *w = data;
	unsigned width = rml_field_width(fld);

	w->n++;
	if (!width)
		w->width = 64;	/* unknown: it might be wide enough */
	else if (width > w->width)
		w->width = width, w->fld = fld;
	if (!w->fld)
		w->fld = fld;
}

static void check_write(struct rml_ctx *ctx, const struct rml_winst *wi)
{
	struct arg a = { ctx, wi, false };
	enum rml_role role = wi->w->api->role;
	struct rml_diag *d;

	if (role != RML_ROLE_WRITE && role != RML_ROLE_UPDATE)
		return;
	if (wi->value.kind != RML_OP_CONST)
		return;
	if (wi->h.ix == RML_IX_UNKNOWN) {
		/* a slot chosen at run time: wrong only if too wide for every field it can be */
		struct widest w = { 0, NULL, 0 };
		uint64_t v = wi->value.v.v;

		rml_winst_fields(ctx->facts, wi, find_widest, &w);
		if (!w.n || w.width >= 64 || rml_ce_is_negative(wi->value.v) ||
		    v <= (UINT64_C(1) << w.width) - 1 ||
		    (wi->value.v.bits && wi->value.v.bits < 64 &&
		     v == (UINT64_C(1) << wi->value.v.bits) - 1))
			return;
		d = rml_report_write(ctx, wi, w.fld,
				     "writes %s to '%s', and each of the %zu fields it can be is at "
				     "most %u bit%s wide (max %" PRIu64 ")",
				     rml_named(ctx, wi->value.src, v), wi->h.text ? wi->h.text : "?",
				     w.n, w.width, w.width == 1 ? "" : "s", (UINT64_C(1) << w.width) - 1);
		rml_note_define(ctx, d, &wi->value);
		return;
	}
	a.one_place = rml_winst_one_place(ctx, wi);
	rml_winst_fields(ctx->facts, wi, check_field, &a);
}

const struct rml_rule rule_write_exceeds_field_width = {
	.id = "write-exceeds-field-width",
	.summary = "A constant written to a field has bits beyond the field's width.",
	.confidence = RML_CONF_HIGH,
	.check_write = check_write,
};
