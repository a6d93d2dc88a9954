/*
 * register-outside-config: a regmap call on a constant register past the max_register of
 * the map's regmap_config (the call returns -EIO), or not a multiple of its reg_stride
 * (-EINVAL). The map is tied to the config it was created from, per variant: with several
 * possible configs, only a register outside every one of them is reported. Followed
 * through the driver's wrappers that pass the map or the register on.
 * Silent when: the register or the map's config is not known; max_register is 0 (no
 * limit); an ASoC component (no config known).           See register_outside_config.md.
 */
#include <inttypes.h>

#include "rule.h"

/* The config of ri's map that allows the most: reg past every max (else NULL). */
static const struct rml_regcfg *past_every_max(const struct rml_rinst *ri, uint64_t reg)
{
	const struct rml_regcfg *widest = NULL;

	for (size_t i = 0; i < ri->ncfgs; i++) {
		const struct rml_num *max = &ri->cfgs[i]->max_register;

		if (!max->known || !max->v || reg <= max->v)
			return NULL;
		if (!widest || max->v > widest->max_register.v)
			widest = ri->cfgs[i];
	}
	return widest;
}

/* A config of ri's map whose stride reg is not a multiple of, if every config says so. */
static const struct rml_regcfg *misaligned_in_every(const struct rml_rinst *ri, uint64_t reg)
{
	for (size_t i = 0; i < ri->ncfgs; i++) {
		const struct rml_num *st = &ri->cfgs[i]->reg_stride;

		if (!st->known || st->v <= 1 || !(reg % st->v))
			return NULL;
	}
	return ri->ncfgs ? ri->cfgs[0] : NULL;
}

/* "register FOO_CTRL (0x41)" or "register 0x41". */
static const char *reg_name(struct rml_ctx *ctx, const struct rml_operand *r)
{
	if (r->src && (r->src[0] < '0' || r->src[0] > '9'))
		return rml_arena_printf(ctx->diags->arena, "register %s (0x%" PRIx64 ")", r->src,
					r->v.v);
	return rml_arena_printf(ctx->diags->arena, "register 0x%" PRIx64, r->v.v);
}

static void check_regcall(struct rml_ctx *ctx, const struct rml_rinst *ri)
{
	const struct rml_regcfg *cfg;
	struct rml_diag *d;
	uint64_t reg;

	if (ri->rc->api->component || !ri->ncfgs || ri->reg.kind != RML_OP_CONST ||
	    rml_ce_is_negative(ri->reg.v) || !(ri->fresh & (RML_RI_MAP | RML_RI_REG)))
		return;
	reg = ri->reg.v.v;
	if ((cfg = past_every_max(ri, reg))) {
		d = rml_report_regcall(ctx, ri, "%s on %s, past max_register 0x%" PRIx64 " of '%s'%s: "
				       "the call returns -EIO", rml_regcall_label(ctx, ri), reg_name(ctx, &ri->reg),
				       cfg->max_register.v, cfg->name,
				       ri->ncfgs > 1 ? " (the largest of the map's configs)" : "");
		rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets max_register = 0x%" PRIx64 " here",
			      cfg->name, cfg->max_register.v);
	} else if ((cfg = misaligned_in_every(ri, reg))) {
		d = rml_report_regcall(ctx, ri, "%s on %s, not a multiple of reg_stride %" PRIu64
				       " of '%s': the call returns -EINVAL", rml_regcall_label(ctx, ri),
				       reg_name(ctx, &ri->reg), cfg->reg_stride.v, cfg->name);
		rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets reg_stride = %" PRIu64 " here",
			      cfg->name, cfg->reg_stride.v);
	}
}

const struct rml_rule rule_register_outside_config = {
	.id = "register-outside-config",
	.summary = "A regmap call's register is past its config's max_register or off its stride.",
	.confidence = RML_CONF_HIGH,
	.check_regcall = check_regcall,
	.regmap_api = true,
};
