/*
 * regmap-config-range: the tables a struct regmap_config points to disagree with it or
 * with themselves: a struct regmap_range whose range_min is greater than its range_max
 * (an empty range); an allowed range of a read or write table (rd_table, wr_table and
 * their noinc kin) past max_register, when every config using the table refuses it; a
 * reg_defaults entry past max_register or off reg_stride; reg_defaults unsorted so that
 * regcache's binary search misses some of them, or a register given two different
 * defaults. Only the entries regmap uses are read (num_reg_defaults, n_yes_ranges).
 * Silent when: a bound is not known; max_register is 0 (no limit); the config is changed
 * by code or paged (.ranges); a deny or volatile/precious range past max_register (what
 * max_register refuses anyway); a table is designated sparsely ([i] = ...); a register
 * given the same default twice.                              See regmap_config_range.md.
 */
#include <inttypes.h>
#include <stdlib.h>
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

/* How many entries of rt regmap uses: the count the config or the table gives, else all. */
static size_t used(const struct rml_rtab *rt, const struct rml_num *count)
{
	return known(count) && count->v < rt->n ? (size_t)count->v : rt->n;
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

/* The largest max_register of the configs that use access table `at` (0: one has none). */
static const struct rml_regcfg *widest_user(const struct rml_facts *f,
					    const struct rml_acctab *at)
{
	const struct rml_regcfg *widest = NULL;

	for (size_t i = 0; i < f->cfgs.n; i++) {
		const struct rml_regcfg *cfg = f->cfgs.p[i];

		for (int a = 0; a < RML_NACC; a++) {
			if (!cfg->acc[a] || strcmp(cfg->acc[a], at->var))
				continue;
			if (cfg->changed || cfg->paged || !known(&cfg->max_register) ||
			    !cfg->max_register.v)
				return NULL;	/* a user with no limit known */
			if (!widest || cfg->max_register.v > widest->max_register.v)
				widest = cfg;
		}
	}
	return widest;
}

/* The allowed ranges of a read or write table past every user's max_register. */
static void ranges_past_max(struct rml_ctx *ctx, const struct rml_facts *f,
			    const struct rml_acctab *at, int acc, struct rml_ptrset *seen)
{
	const struct rml_rtab *rt = rtab_of(f, at->yes, RML_RTAB_RANGES);
	const struct rml_regcfg *cfg;
	uint64_t max;

	if (!rt || !rml_ptrset_add(seen, rt) || !(cfg = widest_user(f, at)))
		return;
	max = cfg->max_register.v;
	for (size_t i = 0; i < used(rt, &at->nyes); i++) {
		const struct rml_rtab_entry *e = &rt->v[i];
		struct rml_diag *d;

		if (!known(&e->a) || !known(&e->b) || e->b.v <= max || e->a.v > e->b.v)
			continue;
		if (e->a.v > max)
			d = rml_report(ctx, &e->loc, "range %zu of '%s' (0x%" PRIx64 "-0x%" PRIx64 ") "
				       "lies past max_register 0x%" PRIx64 " of '%s', whose %s allows "
				       "it: regmap refuses those registers before it reads the table",
				       i, rt->name, e->a.v, e->b.v, max, cfg->name,
				       rml_acc_names[acc]);
		else
			d = rml_report(ctx, &e->loc, "range %zu of '%s' reaches register 0x%" PRIx64
				       ", past max_register 0x%" PRIx64 " of '%s', whose %s allows it: "
				       "regmap refuses the registers past it before it reads the table",
				       i, rt->name, e->b.v, max, cfg->name, rml_acc_names[acc]);
		rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' sets max_register = 0x%" PRIx64
			      " here", cfg->name, max);
	}
}

/* The defaults of rt past cfg's max_register, from entry first on: one finding, counted. */
static void past_max(struct rml_ctx *ctx, const struct rml_regcfg *cfg,
		     const struct rml_rtab *rt, size_t first, size_t n_used)
{
	uint64_t max = cfg->max_register.v, hi = 0;
	size_t n = 0;
	struct rml_diag *d;

	for (size_t i = first; i < n_used; i++)
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

/*
 * How many registers of the first n defaults regcache_lookup_reg() cannot find: it runs
 * bsearch() with the defaults' order taken as sorted, so what a probe of an unsorted
 * table steers away from is never found. A register listed twice counts once; one past
 * max (when known) not at all: the cache never syncs it.
 */
static size_t bsearch_misses(const struct rml_rtab *rt, size_t n, const struct rml_num *max)
{
	size_t misses = 0;

	for (size_t k = 0; k < n; k++) {
		size_t lo = 0, hi = n, j;
		bool found = false;

		if (!known(&rt->v[k].a))
			return 0;
		if (known(max) && max->v && rt->v[k].a.v > max->v)
			continue;
		for (j = 0; j < k && rt->v[j].a.v != rt->v[k].a.v; j++)
			;
		if (j < k)
			continue;	/* counted with its first entry */
		while (lo < hi && !found) {
			size_t mid = lo + (hi - lo) / 2;

			if (!known(&rt->v[mid].a))
				return 0;
			if (rt->v[mid].a.v == rt->v[k].a.v)
				found = true;
			else if (rt->v[mid].a.v < rt->v[k].a.v)
				lo = mid + 1;
			else
				hi = mid;
		}
		misses += !found;
	}
	return misses;
}

/* Entry i of rt gives register e's default again, with another value: the last one wins. */
static void duplicates(struct rml_ctx *ctx, const struct rml_rtab *rt, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i];

		for (size_t j = 0; j < i; j++) {
			const struct rml_rtab_entry *p = &rt->v[j];
			struct rml_diag *d;

			if (!known(&e->a) || !known(&p->a) || e->a.v != p->a.v)
				continue;
			if (known(&e->b) && known(&p->b) && e->b.v != p->b.v) {
				d = rml_report(ctx, &e->loc, "default %zu of '%s' gives register 0x%"
					       PRIx64 " a second value, 0x%" PRIx64 " after 0x%" PRIx64
					       ": the cache keeps the last, the first is never used", i,
					       rt->name, e->a.v, e->b.v, p->b.v);
				rml_diag_note(ctx->diags, d, &p->loc, "the first one");
			}
			break;
		}
	}
}

static void check_defaults(struct rml_ctx *ctx, const struct rml_regcfg *cfg,
			   const struct rml_rtab *rt, struct rml_ptrset *seen)
{
	const struct rml_num *max = &cfg->max_register, *stride = &cfg->reg_stride;
	size_t n = used(rt, &cfg->ndefaults), misses;
	bool past_said = false;
	struct rml_diag *d;

	if (!rml_ptrset_add(seen, rt))
		return;
	for (size_t i = 0; i < n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i];

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
			past_max(ctx, cfg, rt, i, n);
		}
	}
	duplicates(ctx, rt, n);
	misses = bsearch_misses(rt, n, max);
	for (size_t i = 1; misses && i < n; i++) {
		const struct rml_rtab_entry *e = &rt->v[i], *p = &rt->v[i - 1];

		if (!known(&e->a) || !known(&p->a) || e->a.v >= p->a.v)
			continue;
		d = rml_report(ctx, &e->loc, "default %zu of '%s' is for register 0x%" PRIx64 ", after "
			       "0x%" PRIx64 ": reg_defaults are not sorted, and regcache's binary "
			       "search misses %zu of their registers (regcache_sync after "
			       "regcache_mark_dirty writes those registers back even when they hold "
			       "their default)", i,
			       rt->name, e->a.v, p->a.v, misses);
		rml_diag_note(ctx->diags, d, &cfg->loc, "'%s' uses them as its reg_defaults",
			      cfg->name);
		/* fix-it: the entries' lines in the registers' order, when regcache takes all */
		for (size_t k = 0; rt->sorted && n == rt->n && k < rt->sorted->n; k++)
			rml_diag_edit(ctx->diags, d, &rt->sorted->e[k].r, rt->sorted->e[k].text);
		break;
	}
}

static void check_facts(struct rml_ctx *ctx, const struct rml_facts *f)
{
	static const int allowed[] = { RML_ACC_WR, RML_ACC_RD, RML_ACC_WR_NOINC, RML_ACC_RD_NOINC };
	struct rml_ptrset seen = { 0 };

	for (size_t i = 0; i < f->rtabs.n; i++) {
		const struct rml_rtab *rt = f->rtabs.p[i];

		if (rt->kind == RML_RTAB_RANGES)
			empty_ranges(ctx, rt);
	}
	for (size_t i = 0; i < f->cfgs.n; i++) {
		const struct rml_regcfg *cfg = f->cfgs.p[i];
		const struct rml_rtab *defs;

		if (cfg->changed)
			continue;
		for (size_t k = 0; k < RML_ARRAY_SIZE(allowed); k++) {
			const struct rml_acctab *at = acctab_of(f, cfg->acc[allowed[k]]);

			if (at)
				ranges_past_max(ctx, f, at, allowed[k], &seen);
		}
		defs = rtab_of(f, cfg->defaults, RML_RTAB_DEFAULTS);
		if (defs)
			check_defaults(ctx, cfg, defs, &seen);
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
