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

			if (strcmp(fa->from, r->alias) || fa->copy_changed)
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
		/* tbl[i].rf: elements [lo, hi) of an array of structs */
		if (r->var && r->member && !array_member && t->elem >= 0 && r->lo >= 0 &&
		    (t->elem < r->lo || t->elem >= r->hi))
			continue;
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

/* Is a pointer to tables set to a copy of one (kmemdup)? */
static bool alias_is_copy(const struct rml_facts *f, const char *alias)
{
	for (size_t i = 0; i < f->faliases.n; i++) {
		const struct rml_falias *fa = f->faliases.p[i];

		if (fa->copy && !strcmp(fa->from, alias))
			return true;
	}
	return false;
}

/*
 * Allocation helpers: `helper(dev, map, data->en, &priv->en)` where the helper allocates
 * its reg_field parameter and stores the handle through its out-parameter (`*fieldp =
 * field`). Each call of the helper stores, into the handle it gives, the field it gives.
 */
static void link_helpers(struct rml_facts *f)
{
	size_t nstores = f->stores.n;

	for (size_t i = 0; i < nstores; i++) {
		const struct rml_store *st = f->stores.p[i];
		const struct rml_alloc *al = st->alloc;

		if (st->dst.base_param < 0 || st->dst.ix != RML_IX_NONE || !al->func_usr || al->via)
			continue;
		for (size_t c = 0; c < f->calls.n; c++) {
			const struct rml_call *call = f->calls.p[c];
			const struct rml_handle *h;
			struct rml_alloc *one;
			struct rml_store *ns;

			if (!call->callee || strcmp(call->callee, al->func_usr) ||
			    (size_t)st->dst.base_param >= call->nargs)
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
		if (wi->h.base_param >= 0)
			n.hsite = c;	/* the handle is the caller's argument */
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
					  !b.total ? "more than " RML_STR(MAX_CHAINS) " in all: the rest are "
						     "not checked"
						   : "more than " RML_STR(MAX_CHAINS_PER_WRITE) ": the rest are "
						     "not checked");
	}
}

struct each_arg {
	struct rml_facts *f;
	void (*fn)(const struct rml_field *fld, void *arg);
	void *arg;
	const struct rml_field *seen[64];
	size_t nseen;
	size_t n;
	long slot;		/* the table slot the handle slot maps to, or -1 for all */
};

/* The slot a field is in: its index, or for a member of tbl[k] (array of structs), k. */
static long field_slot(const struct rml_field *fld)
{
	if (fld->table->kind == RML_TBL_STRUCT && fld->table->elem >= 0)
		return fld->table->elem;
	return fld->index;
}

static void each_field(struct rml_field *fld, void *data)
{
	struct each_arg *a = data;

	if (a->slot >= 0 && field_slot(fld) != a->slot)
		return;
	for (size_t i = 0; i < a->nseen; i++)
		if (a->seen[i] == fld)
			return;
	if (a->nseen < RML_ARRAY_SIZE(a->seen))
		a->seen[a->nseen++] = fld;
	a->fn(fld, a->arg);
	a->n++;
}

/* The fields an allocation allocates (slot >= 0: only the table slot slot). */
static void alloc_fields(const struct rml_alloc *al, long slot, struct each_arg *a)
{
	a->slot = slot;
	fref_each(a->f, &al->src, al->func, each_field, a, 0);
}

#define MAX_RESOLVE_DEPTH 8

static void handle_fields(const struct rml_handle *h, const struct rml_func *cfg, int node,
			  struct each_arg *a, int depth);
static void copy_source_fields(const struct rml_node *nd, const struct rml_func *fn,
			       unsigned node, struct each_arg *a, int depth);

/*
 * The stores into a handle, and the copies of other handles into it, by the handle's
 * name: every write asks for its handle's, so a linear scan of all of them per write made
 * a driver with thousands of each quadratic (10,000 tables and writers: 26 s). In the
 * facts' order, so what a write is linked to comes out in the same order as before.
 */
struct rml_copyref {
	const struct rml_func *fn;
	unsigned node;
};

struct rml_byname_ent {
	const char *base;
	struct rml_ptrvec stores;	/* const struct rml_store * */
	struct rml_ptrvec copies;	/* struct rml_copyref * */
};

struct rml_byname {
	struct rml_byname_ent *v;
	size_t cap;			/* a power of two */
	size_t nstores;			/* f->stores.n it was built from */
};

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static struct rml_byname_ent *byname_slot(struct rml_byname *b, const char *base, bool add)
{
	size_t i = hash_str(base) & (b->cap - 1);

	while (b->v[i].base && strcmp(b->v[i].base, base))
		i = (i + 1) & (b->cap - 1);
	if (!b->v[i].base && add)
		b->v[i].base = base;
	return b->v[i].base ? &b->v[i] : NULL;
}

static void byname_free(struct rml_facts *f)
{
	struct rml_byname *b = f->byname;

	if (!b)
		return;
	for (size_t i = 0; i < b->cap; i++) {
		rml_ptrvec_fini(&b->v[i].stores);
		rml_ptrvec_fini(&b->v[i].copies);
	}
	free(b->v);
	free(b);
	f->byname = NULL;
}

/* The index, (re)built when the stores changed since. */
static struct rml_byname *byname(struct rml_facts *f)
{
	struct rml_byname *b = f->byname;
	size_t need = 16;

	if (b && b->nstores == f->stores.n)
		return b;
	byname_free(f);
	for (size_t i = 0; i < f->funcs.n; i++)
		need += ((const struct rml_func *)f->funcs.p[i])->nnodes;
	need += f->stores.n;
	b = rml_xcalloc(1, sizeof(*b));
	for (b->cap = 64; b->cap < 2 * need; b->cap *= 2)
		;
	b->v = rml_xcalloc(b->cap, sizeof(*b->v));
	b->nstores = f->stores.n;
	for (size_t i = 0; i < f->stores.n; i++) {
		const struct rml_store *st = f->stores.p[i];

		if (st->dst.base)
			rml_ptrvec_push(&byname_slot(b, st->dst.base, true)->stores, (void *)st);
	}
	for (size_t i = 0; i < f->funcs.n; i++) {
		const struct rml_func *fn = f->funcs.p[i];

		for (size_t n = 0; n < fn->nnodes; n++) {
			const struct rml_node *nd = &fn->nodes[n];
			struct rml_copyref *c;

			if (nd->kind != RML_NODE_EVENT || nd->ev.kind != RML_EV_STORE ||
			    !nd->ev.src.base || !nd->ev.h.base)
				continue;
			c = rml_arena_alloc(&f->arena, sizeof(*c));
			c->fn = fn;
			c->node = (unsigned)n;
			rml_ptrvec_push(&byname_slot(b, nd->ev.h.base, true)->copies, c);
		}
	}
	f->byname = b;
	return b;
}

void rml_link_fini(struct rml_facts *f)
{
	byname_free(f);
}

/*
 * Handle slot `s` of base (s < 0: the handle is not indexed), as the allocations stored
 * into it say: `priv->f = alloc(...)`, `priv->f[i] = alloc(tbl[i])`, a bulk allocation.
 */
static void stored_fields(const char *base, long s, struct each_arg *a)
{
	const struct rml_byname_ent *e = byname_slot(byname(a->f), base, false);

	for (size_t i = 0; e && i < e->stores.n; i++) {
		const struct rml_store *st = e->stores.p[i];

		if (s < 0) {
			if (st->dst.ix == RML_IX_NONE)
				alloc_fields(st->alloc, -1, a);
		} else if (st->dst.ix == RML_IX_CONST && st->slot_follows_src) {
			/* a bulk allocation into &arr[k]: slot s holds table slot s - k */
			if (s >= st->dst.lo)
				alloc_fields(st->alloc, s - st->dst.lo, a);
		} else if (st->dst.ix == RML_IX_CONST) {
			if (st->dst.lo == s)	/* whatever the allocation allocates */
				alloc_fields(st->alloc, -1, a);
		} else if (st->slot_follows_src &&
			   (st->dst.ix == RML_IX_NONE || st->dst.loopvar ||
			    (st->dst.ix == RML_IX_RANGE && s >= st->dst.lo && s < st->dst.hi))) {
			alloc_fields(st->alloc, s, a);
		} else if (st->alloc->src.lo == RML_IDX_ALL && !st->alloc->src.alias &&
			   ((st->dst.ix == RML_IX_RANGE && s >= st->dst.lo && s < st->dst.hi) ||
			    (st->dst.ix == RML_IX_UNKNOWN && st->dst.loopvar))) {
			/* f[i] = alloc(field) in a loop: every slot it fills holds that field */
			alloc_fields(st->alloc, -1, a);
		}
	}
}

/*
 * Handle slot s of base as copies of other handles say (`d->f = priv->f`,
 * `arr[2] = priv->g`); each source is read where the copy is made.
 */
static void copied_fields(const char *base, long s, struct each_arg *a, int depth)
{
	const struct rml_byname_ent *e = byname_slot(byname(a->f), base, false);

	for (size_t i = 0; e && i < e->copies.n; i++) {
		const struct rml_copyref *c = e->copies.p[i];
		const struct rml_node *nd = &c->fn->nodes[c->node];
		const struct rml_handle *d = &nd->ev.h;

		if (s < 0 ? d->ix != RML_IX_NONE : d->ix != RML_IX_CONST || d->lo != s)
			continue;
		copy_source_fields(nd, c->fn, c->node, a, depth);
	}
}

/* Any slot of the handle array base: what it holds when the index is known at run time. */
static void any_slot_fields(const char *base, struct each_arg *a, int depth)
{
	const struct rml_byname_ent *e = byname_slot(byname(a->f), base, false);

	for (size_t i = 0; e && i < e->stores.n; i++) {
		const struct rml_store *st = e->stores.p[i];

		if (st->dst.ix == RML_IX_NONE && !st->slot_follows_src)
			continue;	/* a bulk allocation fills the array it is given */
		alloc_fields(st->alloc, -1, a);
	}
	for (size_t i = 0; e && i < e->copies.n; i++) {
		const struct rml_copyref *c = e->copies.p[i];
		const struct rml_node *nd = &c->fn->nodes[c->node];

		if (nd->ev.h.ix != RML_IX_NONE)
			copy_source_fields(nd, c->fn, c->node, a, depth);
	}
}

/*
 * A copied handle is followed when it names one handle: not a slot chosen at run time
 * (`f = priv->lane[cur]`), whose fields a write through the copy is not each of.
 */
static void copy_source_fields(const struct rml_node *nd, const struct rml_func *fn,
			       unsigned node, struct each_arg *a, int depth)
{
	const struct rml_handle *src = &nd->ev.src;

	if (src->ix == RML_IX_NONE || src->ix == RML_IX_CONST)
		handle_fields(src, fn, (int)node, a, depth + 1);
}

/* Does node n of fn give the local var its value: an allocation, a store, &var given away? */
static bool defines(const struct rml_node *nd, const char *var)
{
	const struct rml_event *ev = &nd->ev;

	if (nd->kind != RML_NODE_EVENT || !ev->h.base || ev->h.ix != RML_IX_NONE ||
	    strcmp(ev->h.base, var))
		return false;
	return ev->kind == RML_EV_ALLOC || ev->kind == RML_EV_STORE ||
	       (ev->kind == RML_EV_ESCAPE && ev->addr);
}

/*
 * A local handle at node `node` of fn: the assignments that reach it (walking the control
 * flow back to the nearest assignment on each path), each read where it is made. What a
 * path gets from elsewhere (a call's result, &f given away) adds no field.
 */
static void reaching_fields(const char *var, const struct rml_func *fn, int node,
			    struct each_arg *a, int depth)
{
	unsigned char *seen = rml_xcalloc(fn->nnodes, 1);
	unsigned *work = rml_xmalloc((fn->nnodes + 1) * sizeof(*work));
	size_t nw = 0;

	work[nw++] = (unsigned)node;
	while (nw) {
		unsigned n = work[--nw];

		for (unsigned p = fn->pred_at[n]; p < fn->pred_at[n + 1]; p++) {
			unsigned q = fn->pred[p];
			const struct rml_node *nd = &fn->nodes[q];

			if (seen[q])
				continue;
			seen[q] = 1;
			if (!defines(nd, var)) {
				work[nw++] = q;
				continue;
			}
			if (nd->ev.kind == RML_EV_ALLOC && nd->ev.alloc && nd->ev.api &&
			    nd->ev.api->role == RML_ROLE_ALLOC)
				alloc_fields(nd->ev.alloc, -1, a);
			else if (nd->ev.kind == RML_EV_STORE && nd->ev.src.base)
				copy_source_fields(nd, fn, q, a, depth);
		}
	}
	free(work);
	free(seen);
}

/* Every field the handle h, read at node `node` of cfg (if known), can hold. */
static void handle_fields(const struct rml_handle *h, const struct rml_func *cfg, int node,
			  struct each_arg *a, int depth)
{
	if (!h->base || h->base_param >= 0 || depth > MAX_RESOLVE_DEPTH)
		return;
	switch (h->ix) {
	case RML_IX_NONE:
		if (h->kind == RML_HK_LOCAL && cfg && cfg->pred && node >= 0 &&
		    (size_t)node < cfg->nnodes && !cfg->incomplete) {
			reaching_fields(h->base, cfg, node, a, depth);
			return;
		}
		stored_fields(h->base, -1, a);
		copied_fields(h->base, -1, a, depth);
		return;
	case RML_IX_CONST:
		stored_fields(h->base, h->lo, a);
		copied_fields(h->base, h->lo, a, depth);
		return;
	case RML_IX_RANGE:
		for (long s = h->lo; s < h->hi && s - h->lo < 4096; s++) {
			stored_fields(h->base, s, a);
			copied_fields(h->base, s, a, depth);
		}
		return;
	case RML_IX_UNKNOWN:
		/* a slot known only at run time: any field the array can hold */
		any_slot_fields(h->base, a, depth);
		return;
	default:
		return;
	}
}

size_t rml_winst_fields(const struct rml_facts *cf, const struct rml_winst *wi,
			void (*fn)(const struct rml_field *fld, void *arg), void *arg)
{
	struct rml_facts *f = (struct rml_facts *)cf;	/* fref_each allocates alias keys */
	struct each_arg a = { .f = f, .fn = fn, .arg = arg, .slot = -1 };
	const struct rml_func *cfg = wi->hsite ? wi->hsite->cfg : wi->w->cfg;
	int node = wi->hsite ? wi->hsite->node : wi->w->node;

	handle_fields(&wi->h, cfg, node, &a, 0);
	return a.n;
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

/* Is a regmap created into key (a regmap init assigned to it)? */
static bool has_init(const struct rml_facts *f, const char *key)
{
	for (size_t i = 0; i < f->mapinits.n; i++) {
		const struct rml_mapinit *mi = f->mapinits.p[i];

		if (mi->map_key && !strcmp(mi->map_key, key))
			return true;
	}
	return false;
}

void rml_link(struct rml_facts *f)
{
	struct uf u = { 0 };
	size_t i, j, k;

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
	link_helpers(f);

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
	link_writes(f);
	rml_paths_analyse(f);
	free(u.key);
	free(u.parent);
}
