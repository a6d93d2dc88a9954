/*
 * regmap-config-range: the tables a struct regmap_config points to disagree with it or
 * with themselves: a struct regmap_range whose range_min is greater than its range_max
 * (an empty range); a range of an access table (wr_table, rd_table, volatile_table, ...)
 * or a reg_defaults entry past the config's max_register; reg_defaults not sorted by
 * register, with a register twice, or off reg_stride.
 * Silent when: a bound is not known; max_register is 0 (no limit); the config is changed
 * by code; a table is designated sparsely ([i] = ...).       See regmap_config_range.md.
 */
#include <inttypes.h>
#include <string.h>

#include "rule.h"

static const struct rml_rtab *rtab_of(const struct rml_facts *f, const char *var,
				      enum rml_rtab_kind kind)
{
	for (size_t i = 0; var && i < f->rtabs.n; i++) {
		const struct rml_rtab *rt = f->rtabs.p[i];

		if (rt->kind == kind && !strcmp(rt->var, var))
			return rt;
	}
	return NULL;
}

static const struct rml_acctab *acctab_of(const struct rml_facts *f, const char *var)
{
	for (size_t i = 0; var && i < f->acctabs.n; i++) {
		const struct rml_acctab *at = f->acctabs.p[i];

		if (!strcmp(at->var, var))
			return at;
	}
	return NULL;
}

static bool known(const struct rml_num *n)
{
	return n->known && !rml_ce_is_negative(*n);
}

static void empty_ranges(struct rml_ctx *ctx, const struct rml_rtab *rt)
{
	for (size_t i = 0; i < rt->n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i];

		if (known(&e->a) && known(&e->b) && e->a.v > e->b.v)
			rml_report(ctx, &e->loc, "range %zu of '%s' runs from 0x%" PRIx64 " down to 0x%"
				   PRIx64 ": range_min is greater than range_max, so no register is in "
				   "it", i, rt->name, e->a.v, e->b.v);
	}
}

/* The ranges of one access table of cfg past its max_register (each entry reported once). */
static void ranges_past_max(struct rml_ctx *ctx, const struct rml_regcfg *cfg, int acc,
			    const struct rml_rtab *rt, struct rml_ptrset *seen)
{
	for (size_t i = 0; rt && i < rt->n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i];
		struct rml_diag *d;

		if (!known(&e->b) || e->b.v <= cfg->max_register.v || !rml_ptrset_add(seen, e))
			continue;
		d = rml_report(ctx, &e->loc, "range %zu of '%s' reaches register 0x%" PRIx64 ", past "
			       "max_register 0x%" PRIx64 " of '%s', whose %s it is: regmap refuses "
			       "those registers before it reads the table", i, rt->name, e->b.v,
			       cfg->max_register.v, cfg->name, rml_acc_names[acc]);
		rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets max_register = 0x%" PRIx64
			      " here", cfg->name, cfg->max_register.v);
	}
}

/* The defaults of rt past cfg's max_register, from entry first on: one finding, counted. */
static void past_max(struct rml_ctx *ctx, const struct rml_regcfg *cfg,
		     const struct rml_rtab *rt, size_t first)
{
	uint64_t max = cfg->max_register.v, hi = 0;
	size_t n = 0;
	struct rml_diag *d;

	for (size_t i = first; i < rt->n; i++)
		if (known(&rt->v[i].a) && rt->v[i].a.v > max) {
			n++;
			hi = rt->v[i].a.v > hi ? rt->v[i].a.v : hi;
		}
	if (n == 1)
		d = rml_report(ctx, &rt->v[first].loc, "default %zu of '%s' is for register 0x%" PRIx64
			       ", past max_register 0x%" PRIx64 " of '%s': a register the map "
			       "refuses", first, rt->name, rt->v[first].a.v, max, cfg->name);
	else
		d = rml_report(ctx, &rt->v[first].loc, "%zu defaults of '%s', from this one on, are "
			       "for registers 0x%" PRIx64 " to 0x%" PRIx64 ", past max_register 0x%"
			       PRIx64 " of '%s': registers the map refuses", n, rt->name,
			       rt->v[first].a.v, hi, max, cfg->name);
	rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets max_register = 0x%" PRIx64 " here",
		      cfg->name, max);
}

static void check_defaults(struct rml_ctx *ctx, const struct rml_regcfg *cfg,
			   const struct rml_rtab *rt, struct rml_ptrset *seen)
{
	const struct rml_num *max = &cfg->max_register, *stride = &cfg->reg_stride;
	bool order_said = false, past_said = false;

	if (!rml_ptrset_add(seen, rt))
		return;
	for (size_t i = 0; i < rt->n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i], *p = i ? &rt->v[i - 1] : NULL;
		struct rml_diag *d;

		if (!known(&e->a))
			continue;
		if (known(stride) && stride->v > 1 && e->a.v % stride->v) {
			d = rml_report(ctx, &e->loc, "default %zu of '%s' is for register 0x%" PRIx64
				       ", not a multiple of reg_stride %" PRIu64 " of '%s': regcache "
				       "refuses the defaults and the regmap's init fails with -EINVAL",
				       i, rt->name, e->a.v, stride->v, cfg->name);
			rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' uses them as its reg_defaults",
				      cfg->name);
		} else if (known(max) && max->v && e->a.v > max->v && !past_said) {
			past_said = true;
			past_max(ctx, cfg, rt, i);
		}
		if (!p || !known(&p->a) || e->a.v > p->a.v)
			continue;
		if (e->a.v == p->a.v) {
			d = rml_report(ctx, &e->loc, "default %zu of '%s' is a second one for register "
				       "0x%" PRIx64 ": the cache starts with one of them", i, rt->name,
				       e->a.v);
			rml_diag_note(ctx->diags, d, &p->loc, "the first one");
		} else if (!order_said) {
			order_said = true;
			d = rml_report(ctx, &e->loc, "default %zu of '%s' is for register 0x%" PRIx64
				       ", after 0x%" PRIx64 ": reg_defaults are not sorted, and "
				       "regcache finds them by binary search (regcache_sync after "
				       "regcache_mark_dirty misses some)", i, rt->name, e->a.v,
				       p->a.v);
			rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' uses them as its reg_defaults",
				      cfg->name);
		}
	}
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	struct rml_ptrset seen = { 0 };

	for (size_t i = 0; i < f->rtabs.n; i++) {
		const struct rml_rtab *rt = f->rtabs.p[i];

		if (rt->kind == RML_RTAB_RANGES)
			empty_ranges(ctx, rt);
	}
	for (size_t i = 0; i < f->cfgs.n; i++) {
		const struct rml_regcfg *cfg = f->cfgs.p[i];

		if (cfg->changed)
			continue;
		for (int a = 0; a < RML_NACC && known(&cfg->max_register) && cfg->max_register.v;
		     a++) {
			const struct rml_acctab *at = acctab_of(f, cfg->acc[a]);

			if (!at)
				continue;
			ranges_past_max(ctx, cfg, a, rtab_of(f, at->yes, RML_RTAB_RANGES), &seen);
			ranges_past_max(ctx, cfg, a, rtab_of(f, at->no, RML_RTAB_RANGES), &seen);
		}
		if (rtab_of(f, cfg->defaults, RML_RTAB_DEFAULTS))
			check_defaults(ctx, cfg, rtab_of(f, cfg->defaults, RML_RTAB_DEFAULTS), &seen);
	}
	rml_ptrset_fini(&seen);
}

const struct rml_rule rule_regmap_config_range = {
	.id = "regmap-config-range",
	.summary = "A regmap_config's ranges or register defaults are empty, unsorted or past it.",
	.confidence = RML_CONF_HIGH,
	.check_facts = check_facts,
	.regmap_api = true,
};
