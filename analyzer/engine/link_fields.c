/*
 * link_fields: which fields a reference names (tbl[F_X], a table given to a bulk
 * allocation, a pointer to tables set per variant, obj.member) and which fields a write's
 * handle can hold (the allocations stored into it, the handles copied into it, the
 * assignments that reach a local). The index by name these lookups go through is built
 * here, once, in the facts' arena (link_int.h). Reads the facts; never changes them.
 */
#include <stdlib.h>
#include <string.h>

#include "link_int.h"

/* ---- the index ------------------------------------------------------------------------- */

struct rml_link_index *link_index_new(struct rml_facts *f)
{
	struct rml_link_index *ix = rml_arena_alloc(&f->arena, sizeof(*ix));

	for (size_t i = 0; i < f->tables.n; i++) {
		struct rml_table *t = f->tables.p[i];

		rml_namemap_add(&f->arena, &ix->tables_by_var, t->var, t);
		if (t->type_name)
			rml_namemap_add(&f->arena, &ix->tables_by_type, t->type_name, t);
	}
	for (size_t i = 0; i < f->faliases.n; i++) {
		struct rml_falias *fa = f->faliases.p[i];

		/* a pointer on to a pointer member: the key its own aliases are filed under */
		if (!fa->to_var && fa->to_type && fa->to_member)
			fa->to_alias = rml_arena_printf(&f->arena, "%s#%s", fa->to_type,
							fa->to_member);
		rml_namemap_add(&f->arena, &ix->faliases_by_from, fa->from, fa);
	}
	for (size_t i = 0; i < f->calls.n; i++) {
		struct rml_call *c = f->calls.p[i];

		if (c->callee)
			rml_namemap_add(&f->arena, &ix->calls_by_callee, c->callee, c);
	}
	for (size_t i = 0; i < f->cfgs.n; i++) {
		struct rml_regcfg *cfg = f->cfgs.p[i];

		if (cfg->var)
			rml_namemap_add(&f->arena, &ix->cfgs_by_var, cfg->var, cfg);
	}
	/* a config code writes to: its initialiser is not what its map gets */
	for (size_t i = 0; i < f->cfgwrites.n; i++) {
		const struct rml_cfgwrite *w = f->cfgwrites.p[i];
		const struct rml_namelist *l = rml_namemap_get(&ix->cfgs_by_var, w->var);

		for (size_t k = 0; l && k < l->n; k++) {
			struct rml_regcfg *cfg = l->p[k];

			cfg->changed = true;
		}
	}
	return ix;
}

void link_index_handles(struct rml_facts *f, struct rml_link_index *ix)
{
	for (size_t i = 0; i < f->stores.n; i++) {
		struct rml_store *st = f->stores.p[i];

		if (st->dst.base)
			rml_namemap_add(&f->arena, &ix->stores_by_base, st->dst.base, st);
	}
	for (size_t i = 0; i < f->funcs.n; i++) {
		const struct rml_func *fn = f->funcs.p[i];

		for (size_t n = 0; n < fn->nnodes; n++) {
			const struct rml_node *nd = &fn->nodes[n];
			struct link_copy *c;

			if (nd->kind != RML_NODE_EVENT || nd->ev.kind != RML_EV_STORE ||
			    !nd->ev.src.base || !nd->ev.h.base)
				continue;
			c = rml_arena_alloc(&f->arena, sizeof(*c));
			c->fn = fn;
			c->node = (unsigned)n;
			rml_namemap_add(&f->arena, &ix->copies_by_base, nd->ev.h.base, c);
		}
	}
}

/* The objects filed under key in one of f's index maps (NULL: none, or f not linked). */
#define LOOKUP(f, map, key) ((f)->index ? rml_namemap_get(&(f)->index->map, (key)) : NULL)

/* ---- the fields a reference names ------------------------------------------------------ */

static bool in_scope(const struct rml_table *t, const char *func)
{
	if (!t->is_local)
		return true;
	return t->func && func && !strcmp(t->func, func);
}

#define MAX_ALIAS_DEPTH 6

typedef void field_fn(struct rml_field *fld, void *arg);

static size_t fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
			field_fn *fn, void *arg, int depth);

/* A pointer to tables: every table it is set to, in any variant. */
static size_t alias_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
			 field_fn *fn, void *arg, int depth)
{
	const struct rml_namelist *l = LOOKUP(f, faliases_by_from, r->alias);
	size_t n = 0;

	if (depth > MAX_ALIAS_DEPTH)
		return 0;
	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_falias *fa = l->p[i];
		struct rml_fref sub = *r;

		if (fa->copy_changed)
			continue;
		sub.alias = NULL;
		sub.var = fa->to_var;
		sub.type = fa->to_type;
		sub.member = fa->to_member;
		if (!sub.var)
			sub.alias = fa->to_alias;
		n += fref_each(f, &sub, func, fn, arg, depth + 1);
		if (!sub.var && !n) {	/* an array member rather than a pointer one */
			sub.alias = NULL;
			n += fref_each(f, &sub, func, fn, arg, depth + 1);
		}
	}
	return n;
}

/* The fields of table t that r names (array_member: t is r's array member of a struct). */
static size_t table_each(const struct rml_table *t, const struct rml_fref *r, bool array_member,
			 field_fn *fn, void *arg)
{
	size_t n = 0;

	/* tbl[i].rf: elements [lo, hi) of an array of structs */
	if (r->var && r->member && !array_member && t->elem >= 0 && r->lo >= 0 &&
	    (t->elem < r->lo || t->elem >= r->hi))
		return 0;
	for (size_t j = 0; j < t->nfields; j++) {
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
	return n;
}

static size_t fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
			field_fn *fn, void *arg, int depth)
{
	const struct rml_namelist *l;
	size_t n = 0;

	if (r->inline_field) {
		fn(r->inline_field, arg);
		return 1;
	}
	if (r->alias)
		return alias_each(f, r, func, fn, arg, depth);
	if (r->var) {
		l = LOOKUP(f, tables_by_var, r->var);
		for (size_t i = 0; l && i < l->n; i++)
			if (in_scope(l->p[i], func))
				n += table_each(l->p[i], r, false, fn, arg);
		return n;
	}
	if (!r->type)
		return 0;
	l = LOOKUP(f, tables_by_type, r->type);
	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_table *t = l->p[i];

		if (t->kind == RML_TBL_ARRAY) {
			if (!t->member || !r->member || strcmp(t->member, r->member))
				continue;
			n += table_each(t, r, true, fn, arg);
		} else if (t->kind == RML_TBL_STRUCT) {
			n += table_each(t, r, false, fn, arg);
		}
	}
	return n;
}

size_t link_fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
		      field_fn *fn, void *arg)
{
	return fref_each(f, r, func, fn, arg, 0);
}

struct const_fn {
	void (*fn)(const struct rml_field *fld, void *arg);
	void *arg;
};

static void call_const(struct rml_field *fld, void *data)
{
	const struct const_fn *c = data;

	c->fn(fld, c->arg);
}

size_t rml_fref_each(const struct rml_facts *f, const struct rml_fref *r, const char *func,
		     void (*fn)(const struct rml_field *fld, void *arg), void *arg)
{
	struct const_fn c = { fn, arg };

	return fref_each(f, r, func, call_const, &c, 0);
}

static size_t alias_tables(const struct rml_facts *f, const char *alias,
			   void (*fn)(const struct rml_table *t, void *arg), void *arg, int depth)
{
	const struct rml_namelist *l = LOOKUP(f, faliases_by_from, alias);
	size_t n = 0;

	if (depth > MAX_ALIAS_DEPTH)
		return 0;
	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_falias *fa = l->p[i];
		const struct rml_namelist *tl;

		if (fa->copy || fa->copy_changed)
			continue;	/* a copy: writing it is what a copy is for */
		if (fa->to_var) {
			tl = LOOKUP(f, tables_by_var, fa->to_var);
			for (size_t j = 0; tl && j < tl->n; j++, n++)
				fn(tl->p[j], arg);
			continue;
		}
		if (fa->to_alias)
			n += alias_tables(f, fa->to_alias, fn, arg, depth + 1);
		tl = fa->to_type ? LOOKUP(f, tables_by_type, fa->to_type) : NULL;
		for (size_t j = 0; tl && j < tl->n; j++) {
			const struct rml_table *t = tl->p[j];

			if (t->kind == RML_TBL_ARRAY && t->member && fa->to_member &&
			    !strcmp(t->member, fa->to_member)) {
				fn(t, arg);
				n++;
			}
		}
	}
	return n;
}

size_t rml_alias_tables(const struct rml_facts *f, const char *alias,
			void (*fn)(const struct rml_table *t, void *arg), void *arg)
{
	return alias ? alias_tables(f, alias, fn, arg, 0) : 0;
}

/* ---- the fields a handle holds --------------------------------------------------------- */

struct each_arg {
	const struct rml_facts *f;
	void (*fn)(const struct rml_field *fld, void *arg);
	void *arg;
	struct rml_ptrset seen;	/* each field once */
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
	if (!rml_ptrset_add(&a->seen, fld))
		return;
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

/*
 * Handle slot `s` of base (s < 0: the handle is not indexed), as the allocations stored
 * into it say: `priv->f = alloc(...)`, `priv->f[i] = alloc(tbl[i])`, a bulk allocation.
 */
static void stored_fields(const char *base, long s, struct each_arg *a)
{
	const struct rml_namelist *l = LOOKUP(a->f, stores_by_base, base);

	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_store *st = l->p[i];

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
	const struct rml_namelist *l = LOOKUP(a->f, copies_by_base, base);

	for (size_t i = 0; l && i < l->n; i++) {
		const struct link_copy *c = l->p[i];
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
	const struct rml_namelist *l = LOOKUP(a->f, stores_by_base, base);

	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_store *st = l->p[i];

		if (st->dst.ix == RML_IX_NONE && !st->slot_follows_src)
			continue;	/* a bulk allocation fills the array it is given */
		alloc_fields(st->alloc, -1, a);
	}
	l = LOOKUP(a->f, copies_by_base, base);
	for (size_t i = 0; l && i < l->n; i++) {
		const struct link_copy *c = l->p[i];
		const struct rml_node *nd = &c->fn->nodes[c->node];

		if (nd->ev.h.ix != RML_IX_NONE)
			copy_source_fields(nd, c->fn, c->node, a, depth);
	}
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

size_t rml_winst_fields(const struct rml_facts *f, const struct rml_winst *wi,
			void (*fn)(const struct rml_field *fld, void *arg), void *arg)
{
	struct each_arg a = { .f = f, .fn = fn, .arg = arg, .slot = -1 };
	const struct rml_func *cfg = wi->hsite ? wi->hsite->cfg : wi->w->cfg;
	int node = wi->hsite ? wi->hsite->node : wi->w->node;

	handle_fields(&wi->h, cfg, node, &a, 0);
	rml_ptrset_fini(&a.seen);
	return a.n;
}

struct multi_arg {
	const struct rml_table *first;
	bool multi;
};

static void note_table(const struct rml_field *fld, void *data)
{
	struct multi_arg *m = data;

	if (!m->first)
		m->first = fld->table;
	else if (m->first != fld->table)
		m->multi = true;
}

bool rml_winst_multi_table(const struct rml_facts *f, const struct rml_winst *wi)
{
	struct multi_arg m = { NULL, false };

	rml_winst_fields(f, wi, note_table, &m);
	return m.multi;
}

/* ---- handle slots allocated from table slots no initialiser fills ---------------------- */

static void count_one(const struct rml_field *fld, void *data)
{
	(void)fld;
	(void)data;
}

/*
 * Is table t compiled with allocation al: in its file, or in a header (a static table
 * of the driver's header is the TU's own)? A table of another .c file may have siblings
 * elsewhere that the pointer can name.
 */
static bool same_unit(const struct rml_table *t, const struct rml_alloc *al)
{
	const char *tf = t->loc.file, *af = al->loc.file;
	size_t n;

	if (!tf || !af)
		return false;
	if (!strcmp(tf, af))
		return true;
	n = strlen(tf);
	return n > 2 && !strcmp(tf + n - 2, ".h");
}

struct unset_arg {
	const struct rml_alloc *al;
	bool direct;		/* the allocation names the table itself, no pointer */
	long t;			/* the table slot */
	bool bad;		/* a table that does not show the slot unset */
	struct rml_unset_slot *u;	/* the tables, each once */
	size_t n;		/* this allocation's */
};

static void unset_table(const struct rml_field *fld, void *data)
{
	struct unset_arg *u = data;
	const struct rml_table *t = fld->table;

	for (size_t i = 0; i < u->u->ntables && i < RML_ARRAY_SIZE(u->u->tables); i++)
		if (u->u->tables[i] == t)
			return;
	if (t->kind == RML_TBL_ARRAY && t->array_len >= 0 && t->array_len <= u->t && !u->direct)
		return;	/* a variant's shorter table: its count stops before the slot, or reads
			   past it (bulk-count-mismatch's); the variants that have the slot decide */
	if (t->kind != RML_TBL_ARRAY || t->slots_partial || t->array_len <= u->t ||
	    (!u->direct && !same_unit(t, u->al)))
		u->bad = true;
	for (size_t j = 0; !u->bad && j < t->nfields; j++)
		if (field_slot(t->fields[j]) == u->t)
			u->bad = true;
	if (u->u->ntables < RML_ARRAY_SIZE(u->u->tables))
		u->u->tables[u->u->ntables] = t;
	u->u->ntables++;
	u->n++;
}

/*
 * Does store st fill handle slot s, and from which table slot (*t)? 1 yes, 0 not that
 * slot, -1 it may and which table slot is not known.
 */
static int store_slot(const struct rml_store *st, long s, long *t)
{
	const struct rml_fref *r = &st->alloc->src;

	if (st->dst.ix == RML_IX_CONST && st->slot_follows_src) {
		if (s < st->dst.lo)
			return 0;
		*t = s - st->dst.lo;	/* a bulk allocation into &arr[k] */
	} else if (st->dst.ix == RML_IX_CONST) {
		if (st->dst.lo != s)
			return 0;
		if (r->lo < 0 || r->hi != r->lo + 1)
			return -1;
		*t = r->lo;		/* arr[K] = alloc(tbl[K]) */
	} else if (st->slot_follows_src && st->dst.ix == RML_IX_RANGE) {
		if (s < st->dst.lo || s >= st->dst.hi)
			return 0;
		*t = s;			/* arr[i] = alloc(tbl[i]), i over [lo, hi) */
	} else if (st->slot_follows_src && st->dst.loopvar && st->dst.ix != RML_IX_CONST &&
		   st->dst.ix != RML_IX_RANGE) {
		*t = s;			/* arr[i] = alloc(tbl[i]), i up to a bound known at run
					   time: a slot the table has is allocated, or NULL */
	} else if (st->slot_follows_src && st->dst.ix == RML_IX_NONE && r->lo >= 0) {
		if (s < r->lo || s >= r->hi)
			return 0;
		*t = s;			/* a bulk allocation of [lo, hi) into the array */
	} else {
		return -1;
	}
	if (r->lo >= 0 && (*t < r->lo || *t >= r->hi))
		return -1;
	return 1;
}

/*
 * `arr[i] = f;` in the loop that allocates f: extract made it a store of that allocation
 * too (the same loop variable), which store_slot() reads.
 */
static bool copy_is_store(const struct rml_facts *f, const char *base, const struct rml_handle *d)
{
	const struct rml_namelist *l = LOOKUP(f, stores_by_base, base);

	for (size_t i = 0; d->loopvar && l && i < l->n; i++) {
		const struct rml_store *st = l->p[i];

		if (st->dst.loopvar && !strcmp(st->dst.loopvar, d->loopvar))
			return true;
	}
	return false;
}

bool rml_winst_unset_slot(const struct rml_facts *f, const struct rml_winst *wi,
			  struct rml_unset_slot *u)
{
	const struct rml_handle *h = &wi->h;
	const struct rml_namelist *l;
	size_t nstores = 0;

	*u = (struct rml_unset_slot){ .ntables = 0 };
	if (h->ix != RML_IX_CONST || !h->base || h->base_param >= 0 || f->repaired ||
	    rml_winst_fields(f, wi, count_one, NULL))
		return false;
	l = LOOKUP(f, copies_by_base, h->base);
	for (size_t i = 0; l && i < l->n; i++) {
		const struct link_copy *c = l->p[i];
		const struct rml_handle *d = &c->fn->nodes[c->node].ev.h;

		if (d->ix == RML_IX_CONST ? d->lo == h->lo : !copy_is_store(f, h->base, d))
			return false;	/* the slot may hold a copy of another handle */
	}
	l = LOOKUP(f, stores_by_base, h->base);
	for (size_t i = 0; l && i < l->n; i++) {
		const struct rml_store *st = l->p[i];
		struct unset_arg a = { .al = st->alloc, .u = u, .direct = !!st->alloc->src.var };
		int r = store_slot(st, h->lo, &a.t);

		if (!r)
			continue;
		if (r < 0 || (!st->alloc->src.var && !st->alloc->src.alias))
			return false;
		rml_fref_each(f, &st->alloc->src, st->alloc->func, unset_table, &a);
		if (a.bad || !a.n)
			return false;
		if (nstores && a.t != u->slot)
			return false;	/* two table slots: keep the message simple, say nothing */
		if (!nstores++) {
			u->slot = a.t;
			u->alloc = st->alloc;
		}
	}
	return nstores > 0;
}
