/*
 * link: joins the extracted facts. Regmap expressions that are assigned to each other are
 * one regmap (union-find over their keys); each allocation marks the fields it allocates
 * with the regmap it allocates them on; each table learns the regmap_config its regmap was
 * created from. No libclang; everything allocated from the facts' arena.
 */
#include <stdlib.h>
#include <string.h>

#include "facts.h"

struct uf {
	const char **key;
	size_t *parent;
	size_t n, cap;
};

static size_t uf_find_idx(struct uf *u, size_t i)
{
	while (u->parent[i] != i) {
		u->parent[i] = u->parent[u->parent[i]];
		i = u->parent[i];
	}
	return i;
}

static size_t uf_id(struct uf *u, const char *key)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		if (!strcmp(u->key[i], key))
			return i;
	if (u->n == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 32;
		u->key = rml_xrealloc(u->key, u->cap * sizeof(*u->key));
		u->parent = rml_xrealloc(u->parent, u->cap * sizeof(*u->parent));
	}
	u->key[u->n] = key;
	u->parent[u->n] = u->n;
	return u->n++;
}

static const char *uf_root(struct uf *u, const char *key)
{
	size_t i;

	if (!key)
		return NULL;
	i = uf_find_idx(u, uf_id(u, key));	/* uf_id may move u->key */
	return u->key[i];
}

static void uf_union(struct uf *u, const char *a, const char *b)
{
	size_t ra = uf_find_idx(u, uf_id(u, a)), rb = uf_find_idx(u, uf_id(u, b));

	if (ra != rb)
		u->parent[rb] = ra;
}

static bool in_scope(const struct rml_table *t, const char *func)
{
	if (!t->is_local)
		return true;
	return t->func && func && !strcmp(t->func, func);
}

#define MAX_ALIAS_DEPTH 6

static size_t fref_each(struct rml_facts *f, const struct rml_fref *r, const char *func,
			void (*fn)(struct rml_field *fld, void *arg), void *arg, int depth)
{
	size_t i, j, n = 0;

	if (r->inline_field) {
		fn(r->inline_field, arg);
		return 1;
	}
	if (r->alias) {
		/* a pointer to tables: every table it is set to, in any variant */
		if (depth > MAX_ALIAS_DEPTH)
			return 0;
		for (i = 0; i < f->faliases.n; i++) {
			const struct rml_falias *fa = f->faliases.p[i];
			struct rml_fref sub = *r;

			if (strcmp(fa->from, r->alias))
				continue;
			sub.alias = NULL;
			sub.var = fa->to_var;
			sub.type = fa->to_type;
			sub.member = fa->to_member;
			if (!sub.var)
				sub.alias = rml_arena_printf(&f->arena, "%s#%s", sub.type, sub.member);
			n += fref_each(f, &sub, func, fn, arg, depth + 1);
			if (!sub.var && !n) {	/* an array member rather than a pointer one */
				sub.alias = NULL;
				n += fref_each(f, &sub, func, fn, arg, depth + 1);
			}
		}
		return n;
	}
	for (i = 0; i < f->tables.n; i++) {
		struct rml_table *t = f->tables.p[i];
		bool array_member = false;

		if (r->var) {
			if (strcmp(t->var, r->var) || !in_scope(t, func))
				continue;
		} else if (r->type) {
			if (!t->type_name || strcmp(t->type_name, r->type))
				continue;
			if (t->kind == RML_TBL_ARRAY) {
				if (!t->member || !r->member || strcmp(t->member, r->member))
					continue;
				array_member = true;
			} else if (t->kind != RML_TBL_STRUCT) {
				continue;
			}
		} else {
			continue;
		}
		for (j = 0; j < t->nfields; j++) {
			struct rml_field *fld = t->fields[j];

			if (r->member && !array_member) {
				if (!fld->member || strcmp(fld->member, r->member))
					continue;
			} else if (r->lo >= 0 && (fld->index < r->lo || fld->index >= r->hi)) {
				continue;
			}
			fn(fld, arg);
			n++;
		}
	}
	return n;
}

size_t rml_fref_each(struct rml_facts *f, const struct rml_fref *r, const char *func,
		     void (*fn)(struct rml_field *fld, void *arg), void *arg)
{
	return fref_each(f, r, func, fn, arg, 0);
}

struct add_map_arg {
	struct rml_facts *f;
	const char *map;
};

static void add_map(struct rml_field *fld, void *arg)
{
	struct add_map_arg *a = arg;

	rml_field_add_map(a->f, fld, a->map);
}

/* Mark the fields an allocation allocates with its regmap. */
static void link_alloc(struct rml_facts *f, struct uf *u, struct rml_alloc *a)
{
	struct add_map_arg arg = { f, uf_root(u, a->map_key) };

	rml_fref_each(f, &a->src, a->func, add_map, &arg);
}

static const struct rml_regcfg *cfg_by_name(struct rml_facts *f, const char *name)
{
	size_t i;

	for (i = 0; name && i < f->cfgs.n; i++) {
		const struct rml_regcfg *c = f->cfgs.p[i];

		if (!strcmp(c->name, name))
			return c;
	}
	return NULL;
}

/* The config a regmap (by root key) was created from; NULL if none or ambiguous. */
static const struct rml_regcfg *cfg_of_map(struct rml_facts *f, struct uf *u, const char *root,
					   bool *seen_init)
{
	const struct rml_regcfg *found = NULL;
	size_t i;

	*seen_init = false;
	for (i = 0; root && i < f->mapinits.n; i++) {
		const struct rml_mapinit *mi = f->mapinits.p[i];
		const struct rml_regcfg *c;

		if (!mi->map_key || strcmp(uf_root(u, mi->map_key), root))
			continue;
		*seen_init = true;
		c = mi->cfg_name ? cfg_by_name(f, mi->cfg_name) : NULL;
		if (!c && mi->cfg_ptr)
			return NULL;	/* chosen per variant: see link_variant_configs() */
		if (!c && f->cfgs.n == 1)
			c = f->cfgs.p[0];	/* config passed through a pointer: the file's only one */
		if (!c || (found && found != c))
			return NULL;
		found = c;
	}
	return found;
}


/* ---- writes through wrappers ----------------------------------------------------------- */

static bool handle_needs_params(const struct rml_handle *h)
{
	return h->base_param >= 0 || h->ix == RML_IX_PARAM;
}

static bool is_param(const struct rml_operand *o)
{
	return o->kind == RML_OP_PARAM;
}

static const struct rml_operand unknown_op = { .kind = RML_OP_UNKNOWN, .param = -1 };

/* An operand of the wrapper, seen from a call of it. */
static struct rml_operand subst(const struct rml_operand *o, const struct rml_call *c)
{
	struct rml_operand r;

	if (o->kind != RML_OP_PARAM)
		return *o;
	if ((size_t)o->param >= c->nargs)
		return (struct rml_operand){ .kind = RML_OP_UNKNOWN, .param = -1 };
	r = c->args[o->param];
	if (r.kind == RML_OP_CONST && c->ptype[o->param].known)	/* converted to the parameter */
		r.v = rml_ce_cast(r.v, c->ptype[o->param].bits, c->ptype[o->param].is_signed);
	return r;
}

static bool subst_handle(struct rml_handle *h, const struct rml_call *c)
{
	if (h->base_param >= 0) {
		const struct rml_handle *a;

		if ((size_t)h->base_param >= c->nargs)
			return false;
		a = &c->hargs[h->base_param];
		if (!a->base && a->base_param < 0)
			return false;
		if (h->ix == RML_IX_NONE) {
			*h = *a;	/* the handle itself was passed */
			return true;
		}
		/* an array of handles was passed, and the wrapper indexes it */
		if (a->ix != RML_IX_NONE)
			return false;
		h->base = a->base;
		h->base_param = a->base_param;
		h->len = a->len;
	}
	if (h->ix == RML_IX_PARAM) {
		const struct rml_operand *a;

		if ((size_t)h->param >= c->nargs)
			return false;
		a = &c->args[h->param];
		if (a->kind == RML_OP_CONST && !rml_ce_is_negative(a->v)) {
			h->ix = RML_IX_CONST;
			h->lo += (long)a->v.v;
		} else if (a->kind == RML_OP_PARAM) {
			h->param = a->param;
		} else {
			h->ix = RML_IX_UNKNOWN;
		}
	}
	return true;
}

static void push_winst(struct rml_facts *f, const struct rml_winst *wi)
{
	struct rml_winst *copy = rml_arena_alloc(&f->arena, sizeof(*copy));

	*copy = *wi;
	rml_ptrvec_push(&f->winsts, copy);
}

/*
 * How many call chains one write is followed through, and all writes of a driver: every
 * chain is an instance, so wrappers each called k times, n deep, give k^n of them (20
 * calls, 6 deep, were 64 million instances and 24 GB). Real drivers stay far below.
 */
#define MAX_CHAINS_PER_WRITE 10000
#define MAX_CHAINS 1000000

struct chain_budget {
	size_t write, total;	/* chains left */
	bool cut;		/* some were left out */
};

/*
 * A write is checked where it is written for everything known there; what depends on a
 * parameter of the function it sits in is checked again at each call of that function,
 * with the call's arguments. When the handle itself comes from a parameter, nothing can be
 * checked in place and every operand goes to the callers.
 */
static void add_winst(struct rml_facts *f, const struct rml_winst *wi, int depth,
		      struct chain_budget *b)
{
	bool by_handle = handle_needs_params(&wi->h);

	if (!b->write || !b->total) {
		b->cut = true;
		return;
	}
	b->write--;
	b->total--;
	if (!by_handle) {
		struct rml_winst here = *wi;

		if (is_param(&here.value))
			here.value = unknown_op;
		if (is_param(&here.mask))
			here.mask = unknown_op;
		if (is_param(&here.id))
			here.id = unknown_op;
		push_winst(f, &here);
		if (!is_param(&wi->value) && !is_param(&wi->mask) && !is_param(&wi->id))
			return;
	}
	if (depth >= RML_MAX_CHAIN)
		return;
	for (size_t i = 0; i < f->calls.n; i++) {
		const struct rml_call *c = f->calls.p[i];
		struct rml_winst n = *wi;

		if (!c->callee || !wi->in_func || strcmp(c->callee, wi->in_func))
			continue;
		if (!subst_handle(&n.h, c))
			continue;
		/* operands known in place were checked there */
		n.value = by_handle || is_param(&wi->value) ? subst(&wi->value, c) : unknown_op;
		n.mask = by_handle || is_param(&wi->mask) ? subst(&wi->mask, c) : unknown_op;
		n.id = by_handle || is_param(&wi->id) ? subst(&wi->id, c) : unknown_op;
		memmove(&n.chain[1], &n.chain[0], n.nchain * sizeof(n.chain[0]));
		n.chain[0] = c;
		n.nchain++;
		n.site = c->loc;
		n.in_func = c->func;
		add_winst(f, &n, depth + 1, b);
	}
}

static void link_writes(struct rml_facts *f)
{
	struct chain_budget b = { .total = MAX_CHAINS };

	for (size_t i = 0; i < f->writes.n; i++) {
		const struct rml_write *w = f->writes.p[i];
		struct rml_winst wi = { .w = w, .site = w->loc, .in_func = w->func, .h = w->h,
					.value = w->value, .mask = w->mask, .id = w->id };

		b.write = MAX_CHAINS_PER_WRITE;
		b.cut = false;
		add_winst(f, &wi, 0, &b);
		if (b.cut)
			rml_facts_unknown(f, &w->loc, "the call chains of this write",
					  !b.total ? "more than a million in all: the rest are not checked"
						   : "more than 10000: the rest are not checked");
	}
}

struct each_arg {
	void (*fn)(const struct rml_field *fld, void *arg);
	void *arg;
	const struct rml_field *seen[64];
	size_t nseen;
	size_t n;
	long slot;		/* the table slot the handle slot maps to, or -1 for all */
};

static void each_field(struct rml_field *fld, void *data)
{
	struct each_arg *a = data;

	if (a->slot >= 0 && fld->index != a->slot)
		return;
	for (size_t i = 0; i < a->nseen; i++)
		if (a->seen[i] == fld)
			return;
	if (a->nseen < RML_ARRAY_SIZE(a->seen))
		a->seen[a->nseen++] = fld;
	a->fn(fld, a->arg);
	a->n++;
}

size_t rml_winst_fields(const struct rml_facts *cf, const struct rml_winst *wi,
			void (*fn)(const struct rml_field *fld, void *arg), void *arg)
{
	struct rml_facts *f = (struct rml_facts *)cf;	/* fref_each allocates alias keys */
	struct each_arg a = { .fn = fn, .arg = arg };
	long lo, hi;

	if (!wi->h.base || wi->h.base_param >= 0)
		return 0;
	switch (wi->h.ix) {
	case RML_IX_NONE:
		lo = hi = -1;
		break;
	case RML_IX_CONST:
		lo = wi->h.lo;
		hi = lo + 1;
		break;
	case RML_IX_RANGE:
		lo = wi->h.lo;
		hi = wi->h.hi;
		break;
	case RML_IX_UNKNOWN:
		/* a slot known only at run time: any field the array can hold */
		for (size_t i = 0; i < f->stores.n; i++) {
			const struct rml_store *st = f->stores.p[i];

			if (!st->dst.base || strcmp(st->dst.base, wi->h.base) ||
			    st->dst.ix == RML_IX_NONE)
				continue;
			a.slot = -1;
			fref_each(f, &st->alloc->src, st->alloc->func, each_field, &a, 0);
		}
		return a.n;
	default:
		return 0;
	}
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_alloc *al = st->alloc;

		if (!st->dst.base || strcmp(st->dst.base, wi->h.base))
			continue;
		if (wi->h.ix == RML_IX_NONE) {
			if (st->dst.ix != RML_IX_NONE)
				continue;
			a.slot = -1;
			fref_each(f, &al->src, al->func, each_field, &a, 0);
			continue;
		}
		for (long s = lo; s < hi && s - lo < 4096; s++) {
			if (st->dst.ix == RML_IX_CONST && st->dst.lo == s) {
				a.slot = -1;	/* this slot holds whatever the allocation allocates */
			} else if (st->slot_follows_src &&
				   (st->dst.ix == RML_IX_NONE || st->dst.loopvar ||
				    (st->dst.ix == RML_IX_RANGE && s >= st->dst.lo && s < st->dst.hi))) {
				a.slot = s;
			} else {
				continue;
			}
			fref_each(f, &al->src, al->func, each_field, &a, 0);
		}
	}
	return a.n;
}

/*
 * Per-variant probes pick a config and a table in the same branch:
 *	if (is_1763) { cfg = &a_conf; tbl = a_fields; } else { cfg = &b_conf; tbl = b_fields; }
 *	map = devm_regmap_init_mmio(dev, base, cfg);
 *	... devm_regmap_field_alloc(dev, map, tbl[i]);
 * Tie each table to the config set in the same block.
 */
static void link_variant_configs(struct rml_facts *f, struct uf *u)
{
	for (size_t i = 0; i < f->allocs.n; i++) {
		const struct rml_alloc *al = f->allocs.p[i];
		const char *root = uf_root(u, al->map_key);

		if (!root || !al->src.alias)
			continue;
		for (size_t m = 0; m < f->mapinits.n; m++) {
			const struct rml_mapinit *mi = f->mapinits.p[m];

			if (!mi->cfg_ptr || !mi->map_key || strcmp(uf_root(u, mi->map_key), root))
				continue;
			for (size_t a = 0; a < f->faliases.n; a++) {
				const struct rml_falias *fa = f->faliases.p[a];

				if (strcmp(fa->from, al->src.alias) || !fa->to_var)
					continue;
				for (size_t c = 0; c < f->cfgaliases.n; c++) {
					const struct rml_cfgalias *ca = f->cfgaliases.p[c];
					const struct rml_regcfg *cfg;

					if (strcmp(ca->var, mi->cfg_ptr) || ca->block != fa->block)
						continue;
					cfg = cfg_by_name(f, ca->cfg_name);
					for (size_t t = 0; cfg && t < f->tables.n; t++) {
						struct rml_table *tb = f->tables.p[t];

						if (!strcmp(tb->var, fa->to_var) &&
						    (!tb->cfg || tb->cfg == cfg)) {
							tb->cfg = cfg;
							tb->cfg_unique = false;
						}
					}
				}
			}
		}
	}
}

void rml_link(struct rml_facts *f)
{
	struct uf u = { 0 };
	size_t i, j, k;

	for (i = 0; i < f->assigns.n; i++) {
		const struct rml_assign *as = f->assigns.p[i];

		uf_union(&u, as->dst, as->src);
	}
	for (i = 0; i < f->allocs.n; i++)
		link_alloc(f, &u, f->allocs.p[i]);

	/*
	 * A table's config: the one its fields' regmaps were created from when that is one
	 * config; else, when none of its fields is allocated on a regmap created elsewhere,
	 * the file's only config.
	 */
	for (i = 0; i < f->tables.n; i++) {
		struct rml_table *t = f->tables.p[i];
		const struct rml_regcfg *cfg = NULL;
		bool ambiguous = false, foreign = false;

		for (j = 0; j < t->nfields && !ambiguous; j++) {
			const struct rml_field *fld = t->fields[j];

			if (fld->map_unknown)
				foreign = true;
			for (k = 0; k < fld->nmaps; k++) {
				bool seen;
				const struct rml_regcfg *c = cfg_of_map(f, &u, fld->maps[k], &seen);

				if (!c) {
					foreign = true;
					if (seen)
						ambiguous = true;
					continue;
				}
				if (cfg && cfg != c)
					ambiguous = true;
				cfg = c;
			}
		}
		if (ambiguous || (foreign && cfg))
			continue;
		if (cfg) {
			t->cfg = cfg;
		} else if (!foreign && f->cfgs.n == 1) {
			t->cfg = f->cfgs.p[0];
			t->cfg_unique = true;
		}
	}
	link_variant_configs(f, &u);
	link_writes(f);
	rml_paths_analyse(f);
	free(u.key);
	free(u.parent);
}
