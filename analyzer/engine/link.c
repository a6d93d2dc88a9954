/*
 * link: joins the extracted facts. Regmap expressions that are assigned to each other are
 * one regmap (union-find over their keys); each allocation marks the fields it allocates
 * with the regmap it allocates them on; allocation helpers store into their callers'
 * handles; each table learns the regmap_config its regmap was created from; each write is
 * made concrete through the chains of calls it is reached by. What names what is looked
 * up in link_fields.c. No libclang; everything allocated from the facts' arena.
 */
#include <stdlib.h>
#include <string.h>

#include "link_int.h"

/* Union-find over regmap keys (keys.s[i]'s parent is parent[i]). */
struct uf {
	struct rml_strset keys;
	size_t *parent;
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
	long i = rml_strset_find(&u->keys, key);
	size_t cap = u->keys.cap;

	if (i >= 0)
		return (size_t)i;
	rml_strset_add(&u->keys, key);
	if (u->keys.cap != cap)
		u->parent = rml_xrealloc(u->parent, u->keys.cap * sizeof(*u->parent));
	u->parent[u->keys.n - 1] = u->keys.n - 1;
	return u->keys.n - 1;
}

static const char *uf_root(struct uf *u, const char *key)
{
	size_t i;

	if (!key)
		return NULL;
	i = uf_find_idx(u, uf_id(u, key));	/* uf_id may move u->keys.s */
	return u->keys.s[i];
}

static void uf_union(struct uf *u, const char *a, const char *b)
{
	size_t ra = uf_find_idx(u, uf_id(u, a)), rb = uf_find_idx(u, uf_id(u, b));

	if (ra != rb)
		u->parent[rb] = ra;
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

/* Is a pointer to tables set to a copy of one (kmemdup)? */
static bool alias_is_copy(const struct rml_facts *f, const char *alias)
{
	const struct rml_namelist *l = rml_namemap_get(&f->index->faliases_by_from, alias);

	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_falias *fa = l->p[i];

		if (fa->copy)
			return true;
	}
	return false;
}

/*
 * Allocation helpers: `helper(dev, map, data->en, &priv->en)` where the helper allocates
 * its reg_field parameter and stores the handle through its out-parameter (`*fieldp =
 * field`). Each call of the helper stores, into the handle it gives, the field it gives.
 */
static void link_alloc(struct rml_facts *f, struct uf *u, struct rml_alloc *a);

static void link_helpers(struct rml_facts *f, struct uf *u)
{
	size_t nstores = f->stores.n;

	for (size_t i = 0; i < nstores; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_alloc *al = st->alloc;

		if (st->dst.base_param < 0 || st->dst.ix != RML_IX_NONE || !al->func_usr || al->via)
			continue;
		const struct rml_namelist *calls =
			rml_namemap_get(&f->index->calls_by_callee, al->func_usr);

		for (size_t c = 0; calls && c < calls->n; c++) {
			const struct rml_call *call = calls->p[c];
			const struct rml_handle *h;
			struct rml_alloc *one;
			struct rml_store *ns;

			if ((size_t)st->dst.base_param >= call->nargs)
				continue;
			h = &call->hargs[st->dst.base_param];
			if (!h->base || (h->ix != RML_IX_NONE && h->ix != RML_IX_CONST))
				continue;
			one = rml_arena_alloc(&f->arena, sizeof(*one));
			*one = *al;
			one->via = call;
			if (al->src.by_param) {
				if ((size_t)al->src.by_param > call->nargs)
					continue;
				one->src = call->frefs[al->src.by_param - 1];
				one->func = call->func_name;	/* the caller's locals */
				one->func_usr = call->func;
				link_alloc(f, u, one);	/* the caller's field is allocated */
			}
			ns = rml_arena_alloc(&f->arena, sizeof(*ns));
			ns->dst = *h;
			ns->alloc = one;
			rml_ptrvec_push(&f->stores, ns);
		}
	}
}

/* Mark the fields an allocation allocates with its regmap. */
static void link_alloc(struct rml_facts *f, struct uf *u, struct rml_alloc *a)
{
	struct add_map_arg arg = { f, uf_root(u, a->map_key) };

	/*
	 * tbl[idx] with idx known only at run time: any field of the table may be allocated
	 * here, none is known to be (a field it names is one some regmap cannot be named for).
	 */
	if (a->src.lo == RML_IDX_UNKNOWN)
		arg.map = NULL;
	if (a->src.alias && alias_is_copy(f, a->src.alias))
		return;	/* a kmemdup()'d table: the copy is allocated, not the table */
	if (a->reg_moved)
		return;	/* a copy with its register moved, on a regmap chosen for it */
	link_fref_each(f, &a->src, a->func, add_map, &arg);
}

/* The config variable var (its USR), or NULL. */
static const struct rml_regcfg *cfg_by_var(struct rml_facts *f, const char *var)
{
	const struct rml_namelist *l = var ? rml_namemap_get(&f->index->cfgs_by_var, var) : NULL;

	return l ? l->p[0] : NULL;
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

		if (mi->not_init || !mi->map_key || strcmp(uf_root(u, mi->map_key), root))
			continue;
		*seen_init = true;
		c = mi->cfg_var ? cfg_by_var(f, mi->cfg_var) : NULL;
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
		h->arr_name = a->arr_name;
		h->arr_loc = a->arr_loc;
	}
	if (h->ix == RML_IX_PARAM) {
		struct rml_operand a;

		if ((size_t)h->param >= c->nargs)
			return false;
		a = subst(&(struct rml_operand){ .kind = RML_OP_PARAM, .param = h->param }, c);
		if (a.kind == RML_OP_CONST && !rml_ce_is_negative(a.v)) {
			h->ix = RML_IX_CONST;
			h->lo += (long)a.v.v;	/* as the parameter holds it (a u8 index wraps) */
			h->ix_src = a.src ? a.src : a.text;
		} else if (a.kind == RML_OP_PARAM) {
			h->param = a.param;
		} else {
			h->ix = RML_IX_UNKNOWN;
		}
	}
	return true;
}

/*
 * How many call chains one call is followed through, and all calls of a driver: every
 * chain is an instance, so wrappers each called k times, n deep, give k^n of them (20
 * calls, 6 deep, were 64 million instances and 24 GB). Real drivers stay far below.
 */
#define MAX_CHAINS_PER_WRITE 10000
#define MAX_CHAINS 1000000

struct chain_budget {
	size_t write, total;	/* chains left */
	bool cut;		/* some were left out */
};

/* An instance of either kind, as the chain walk carries it. */
union inst {
	struct rml_winst w;
	struct rml_rinst r;
};

/*
 * What the chain walk needs of a kind of instance: emit it as it stands where it is (and
 * say whether what it holds depends on its function's parameters: then it is followed to
 * each call of that function), and lift it into a call of its function.
 */
struct chain_kind {
	struct rml_chain *(*at)(union inst *in);
	bool (*emit)(struct rml_facts *f, const union inst *in);
	bool (*lift)(union inst *up, const union inst *in, const struct rml_call *c);
};

/*
 * A call is checked where it is written for everything known there; what depends on a
 * parameter of the function it sits in is checked again at each call of that function,
 * with the call's arguments, and so on up the callers, RML_MAX_CHAIN deep.
 */
static void chain_walk(struct rml_facts *f, const struct chain_kind *k, union inst *in,
		       int depth, struct chain_budget *b)
{
	const struct rml_namelist *calls;
	const char *in_func = k->at(in)->in_func;

	if (!b->write || !b->total) {
		b->cut = true;
		return;
	}
	b->write--;
	b->total--;
	if (!k->emit(f, in) || depth >= RML_MAX_CHAIN)
		return;
	calls = rml_namemap_get(&f->index->calls_by_callee, in_func);
	for (size_t i = 0; calls && i < calls->n; i++) {
		const struct rml_call *c = calls->p[i];
		union inst up;
		struct rml_chain *ch;

		if (!k->lift(&up, in, c))
			continue;
		ch = k->at(&up);
		memmove(&ch->call[1], &ch->call[0], ch->n * sizeof(ch->call[0]));
		ch->call[0] = c;
		ch->n++;
		ch->site = c->loc;
		ch->in_func = c->func;
		chain_walk(f, k, &up, depth + 1, b);
	}
}

/* Walk every chain of one call; say in -v when the budget cut some. */
static void chain_all(struct rml_facts *f, const struct chain_kind *k, union inst *in,
		      const struct rml_loc *loc, struct chain_budget *b)
{
	b->write = MAX_CHAINS_PER_WRITE;
	b->cut = false;
	chain_walk(f, k, in, 0, b);
	if (b->cut)
		rml_facts_unknown(f, loc, "the call chains of this write",
				  !b->total ? "more than " RML_STR(MAX_CHAINS) " in all: the rest are "
					      "not checked"
					    : "more than " RML_STR(MAX_CHAINS_PER_WRITE) ": the rest are "
					      "not checked");
}

/* ---- regmap_field writes ---- */

static struct rml_chain *winst_at(union inst *in)
{
	return &in->w.at;
}

/*
 * When the handle itself comes from a parameter, nothing can be checked in place and
 * every operand goes to the callers; else the instance is checked here, its parameters
 * unknown, and goes up only for the operands that are parameters.
 */
static bool winst_emit(struct rml_facts *f, const union inst *in)
{
	const struct rml_winst *wi = &in->w;
	struct rml_winst *here;

	if (handle_needs_params(&wi->h))
		return true;
	here = rml_arena_alloc(&f->arena, sizeof(*here));
	*here = *wi;
	if (is_param(&here->value))
		here->value = unknown_op;
	if (is_param(&here->mask))
		here->mask = unknown_op;
	if (is_param(&here->id))
		here->id = unknown_op;
	rml_ptrvec_push(&f->winsts, here);
	return is_param(&wi->value) || is_param(&wi->mask) || is_param(&wi->id);
}

static bool winst_lift(union inst *up, const union inst *in, const struct rml_call *c)
{
	const struct rml_winst *wi = &in->w;
	struct rml_winst *n = &up->w;
	bool by_handle = handle_needs_params(&wi->h);

	*n = *wi;
	n->h_fresh = by_handle;	/* else the handle was known (and checked) below */
	if (wi->h.base_param >= 0)
		n->hsite = c;	/* the handle is the caller's argument */
	if (!subst_handle(&n->h, c))
		return false;
	/* operands known in place were checked there */
	n->value = by_handle || is_param(&wi->value) ? subst(&wi->value, c) : unknown_op;
	n->mask = by_handle || is_param(&wi->mask) ? subst(&wi->mask, c) : unknown_op;
	n->id = by_handle || is_param(&wi->id) ? subst(&wi->id, c) : unknown_op;
	return true;
}

static const struct chain_kind winst_kind = { winst_at, winst_emit, winst_lift };

static void link_writes(struct rml_facts *f, struct chain_budget *b)
{
	for (size_t i = 0; i < f->writes.n; i++) {
		const struct rml_write *w = f->writes.p[i];
		union inst in = { .w = { .w = w, .at = { .site = w->loc, .in_func = w->func },
					 .h = w->h, .value = w->value, .mask = w->mask,
					 .id = w->id, .h_fresh = true } };

		chain_all(f, &winst_kind, &in, &w->loc, b);
	}
}

/* ---- regmap calls ---- */

/* A buffer that is a parameter, seen where no caller says what it points into. */
static const struct rml_bufref unknown_buf = { .bytes = -1, .elem = -1, .room = -1, .param = -1 };

static struct rml_chain *rinst_at(union inst *in)
{
	return &in->r.at;
}

/* The instance as it stands, its parameters unknown; up when anything is a parameter. */
static bool rinst_emit(struct rml_facts *f, const union inst *in)
{
	const struct rml_rinst *ri = &in->r;
	struct rml_rinst *here = rml_arena_alloc(&f->arena, sizeof(*here));
	bool up = ri->map.param >= 0;

	*here = *ri;
	if (here->map.param >= 0)
		here->map = (struct rml_mapref){ .param = -1 };
	up |= is_param(&ri->reg) || is_param(&ri->mask) || is_param(&ri->value) ||
	      is_param(&ri->count) || ri->buf->param >= 0;
	if (here->buf->param >= 0)
		here->buf = &unknown_buf;
	if (is_param(&here->reg))
		here->reg = unknown_op;
	if (is_param(&here->mask))
		here->mask = unknown_op;
	if (is_param(&here->value))
		here->value = unknown_op;
	if (is_param(&here->count))
		here->count = unknown_op;
	rml_ptrvec_push(&f->rinsts, here);
	return up;
}

/* One operand seen from call c: fresh when it was a parameter and now is the argument. */
static struct rml_operand lift_op(const struct rml_operand *o, const struct rml_call *c,
				  unsigned bit, unsigned *fresh)
{
	if (!is_param(o))
		return *o;
	*fresh |= bit;
	return subst(o, c);
}

static bool rinst_lift(union inst *up, const union inst *in, const struct rml_call *c)
{
	const struct rml_rinst *ri = &in->r;
	struct rml_rinst *n = &up->r;

	*n = *ri;
	n->fresh = 0;
	if (ri->map.param >= 0) {
		size_t p = (size_t)ri->map.param;

		if (p >= c->nargs)
			return false;
		n->map.key = c->mapkeys[p];
		n->map.param = c->args[p].kind == RML_OP_PARAM ? c->args[p].param : -1;
		n->map.text = c->args[p].text;
		n->fresh |= RML_RI_MAP;
	}
	n->reg = lift_op(&ri->reg, c, RML_RI_REG, &n->fresh);
	n->mask = lift_op(&ri->mask, c, RML_RI_MASK, &n->fresh);
	n->value = lift_op(&ri->value, c, RML_RI_VALUE, &n->fresh);
	n->count = lift_op(&ri->count, c, RML_RI_COUNT, &n->fresh);
	if (ri->buf->param >= 0) {
		size_t p = (size_t)ri->buf->param;

		n->buf = p < c->nargs && c->bufs && c->bufs[p] ? c->bufs[p] : &unknown_buf;
		n->fresh |= RML_RI_BUF;
	}
	return true;
}

static const struct chain_kind rinst_kind = { rinst_at, rinst_emit, rinst_lift };

static void link_regcalls(struct rml_facts *f, struct chain_budget *b)
{
	for (size_t i = 0; i < f->regcalls.n; i++) {
		const struct rml_regcall *rc = f->regcalls.p[i];
		union inst in = { .r = { .rc = rc, .at = { .site = rc->loc, .in_func = rc->func },
					 .map = rc->map, .reg = rc->reg, .mask = rc->mask,
					 .value = rc->value, .count = rc->count, .buf = &rc->buf,
					 .fresh = RML_RI_MAP | RML_RI_REG | RML_RI_MASK |
						  RML_RI_VALUE | RML_RI_COUNT | RML_RI_BUF } };

		chain_all(f, &rinst_kind, &in, &rc->loc, b);
	}
}

/* Predecessor lists of every function's control flow, for reaching_fields(). */
static void link_preds(struct rml_facts *f)
{
	for (size_t i = 0; i < f->funcs.n; i++) {
		struct rml_func *fn = f->funcs.p[i];
		unsigned *at, *fill;
		size_t ne = 0;

		if (fn->pred)
			continue;	/* a file's function seen again in a group */
		at = rml_arena_alloc(&f->arena, (fn->nnodes + 1) * sizeof(*at));
		for (size_t n = 0; n < fn->nnodes; n++)
			for (unsigned e = 0; e < fn->nodes[n].nsucc; e++)
				at[fn->succ[fn->nodes[n].succ + e] + 1]++;
		for (size_t n = 0; n < fn->nnodes; n++)
			at[n + 1] += at[n];
		ne = at[fn->nnodes];
		fn->pred = rml_arena_alloc(&f->arena, (ne + 1) * sizeof(*fn->pred));
		fill = rml_xcalloc(fn->nnodes + 1, sizeof(*fill));
		for (size_t n = 0; n < fn->nnodes; n++)
			for (unsigned e = 0; e < fn->nodes[n].nsucc; e++) {
				unsigned to = fn->succ[fn->nodes[n].succ + e];

				fn->pred[at[to] + fill[to]++] = (unsigned)n;
			}
		free(fill);
		fn->pred_at = at;
	}
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
					cfg = cfg_by_var(f, ca->cfg_var);
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

#define MAX_MAP_CONFIGS 16

/*
 * Every config the regmap root can have been created from: the one each init of it names,
 * or, for an init given a config pointer, each config the probe sets that pointer to (one
 * per variant), or for an init given a variant table's member (variant->regmap_config),
 * each config the static tables set that member to. None when an init's config is not
 * known, or there is no init.
 */
static size_t configs_of_map(struct rml_facts *f, struct uf *u, const char *root,
			     const struct rml_regcfg **out)
{
	size_t n = 0;

	for (size_t i = 0; root && i < f->mapinits.n; i++) {
		const struct rml_mapinit *mi = f->mapinits.p[i];
		const struct rml_regcfg *one[MAX_MAP_CONFIGS];
		size_t k = 0;

		if (!mi->map_key || strcmp(uf_root(u, mi->map_key), root))
			continue;
		if (mi->not_init)
			return 0;	/* a map from elsewhere too */
		if (mi->cfg_var && (one[0] = cfg_by_var(f, mi->cfg_var)))
			k = 1;
		for (size_t c = 0; !mi->cfg_var && (mi->cfg_ptr || mi->cfg_member) &&
				   c < f->cfgaliases.n; c++) {
			const struct rml_cfgalias *ca = f->cfgaliases.p[c];

			if (strcmp(ca->var, mi->cfg_ptr ? mi->cfg_ptr : mi->cfg_member) ||
			    k == MAX_MAP_CONFIGS)
				continue;
			if (!(one[k] = cfg_by_var(f, ca->cfg_var)))
				return 0;
			k++;
		}
		if (!k)
			return 0;	/* an init whose config is not known */
		for (size_t j = 0; j < k; j++)
			if (one[j]->changed)
				return 0;	/* changed by code before the init */
		for (size_t j = 0; j < k; j++) {
			size_t m;

			for (m = 0; m < n && out[m] != one[j]; m++)
				;
			if (m == n && n < MAX_MAP_CONFIGS)
				out[n++] = one[j];
		}
	}
	return n;
}

/* The configs of each regmap call's map (not an ASoC component's). */
static void link_map_configs(struct rml_facts *f, struct uf *u)
{
	for (size_t i = 0; i < f->rinsts.n; i++) {
		struct rml_rinst *ri = f->rinsts.p[i];
		const struct rml_regcfg *cfgs[MAX_MAP_CONFIGS];

		if (!ri->map.key || ri->rc->api->component)
			continue;
		ri->ncfgs = configs_of_map(f, u, uf_root(u, ri->map.key), cfgs);
		if (!ri->ncfgs)
			continue;
		ri->cfgs = rml_arena_alloc(&f->arena, ri->ncfgs * sizeof(*ri->cfgs));
		memcpy(ri->cfgs, cfgs, ri->ncfgs * sizeof(*ri->cfgs));
	}
}

/* Is a regmap created into key (a regmap init assigned to it)? */
static bool has_init(const struct rml_facts *f, const char *key)
{
	for (size_t i = 0; i < f->mapinits.n; i++) {
		const struct rml_mapinit *mi = f->mapinits.p[i];

		if (!mi->not_init && mi->map_key && !strcmp(mi->map_key, key))
			return true;
	}
	return false;
}

void rml_link(struct rml_facts *f)
{
	struct rml_link_index *ix = link_index_new(f);
	struct chain_budget budget = { .total = MAX_CHAINS };
	struct uf u = { 0 };
	size_t i, j, k;

	f->index = ix;

	for (i = 0; i < f->assigns.n; i++) {
		const struct rml_assign *as = f->assigns.p[i];

		/*
		 * A regmap that is created here and, on some path, set to another one
		 * (`if (!priv->srot_map) priv->srot_map = priv->tm_map;`) is not that other
		 * one: the two stay apart, and what needs one regmap stays silent.
		 */
		if (has_init(f, as->dst))
			continue;
		uf_union(&u, as->dst, as->src);
	}
	for (i = 0; i < f->allocs.n; i++)
		link_alloc(f, &u, f->allocs.p[i]);
	link_helpers(f, &u);

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
	link_preds(f);
	link_writes(f, &budget);
	link_regcalls(f, &budget);
	link_map_configs(f, &u);
	link_index_handles(f, ix);
	rml_strset_fini(&u.keys);
	free(u.parent);
}
