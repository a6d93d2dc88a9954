/*
 * results: the lifetime results (struct rml_life) a walk leaves in the facts, and the
 * allocations a freed handle can hold (devm-field-freed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

static struct rml_life *new_life(struct rml_facts *f, enum rml_life_kind kind,
				 const struct rml_node *at, const struct rml_func *fn)
{
	struct rml_life *l = rml_arena_alloc(&f->arena, sizeof(*l));

	l->kind = kind;
	l->loc = at->loc;
	l->func = fn->name;
	rml_ptrvec_push(&f->lives, l);
	return l;
}

static void life_at(struct rml_facts *f, struct rml_life *l, const struct rml_loc *loc,
		    enum rml_leak_how how, const char *what, const char *holder, const char *func)
{
	struct rml_life_at *v = rml_arena_alloc(&f->arena, (l->nat + 1) * sizeof(*v));

	if (l->nat)
		memcpy(v, l->at, l->nat * sizeof(*v));
	v[l->nat++] = (struct rml_life_at){ *loc, how, what, holder, func };
	l->at = v;
}

static const char *holder_text(const struct fctx *fc, int hid)
{
	return hid >= 0 && hid < (int)fc->nh ? fc->h[hid].text : NULL;
}

static const char *exit_what(const struct rml_node *n)
{
	if (n->kind == RML_NODE_END || n->ev.val.kind == RML_VAL_NONE)
		return NULL;
	return n->ev.val.text ? n->ev.val.text : "a value";
}

static void record_undecided(struct rml_facts *f, const struct track *tr, const char *what)
{
	struct rml_unknown *u = rml_arena_alloc(&f->arena, sizeof(*u));
	const struct rml_node *n = &tr->fc->fn->nodes[tr->undecided_node];

	u->loc = n->loc;
	u->what = what;
	u->why = tr->undecided;
	rml_ptrvec_push(&f->undecided, u);
}

/* l (when made) is about tr's allocation, reached through via, held as holder. */
static void life_of(struct rml_life *l, const struct track *tr, const char *via,
		    const char *holder)
{
	if (!l)
		return;
	l->alloc = tr->alloc;
	l->api = tr->alloc->api;
	l->via = via;
	l->holder = holder;
}

/*
 * A member the allocating function stores untested, which the driver tests against NULL
 * only (`if (priv->f)` guards in other functions): the driver believes the allocator
 * returns NULL, and an ERR_PTR passes every guard. Reported at the first NULL test.
 */
static void null_guarded(struct ctx *c, const struct track *tr, const char *base,
			 const char *via)
{
	const struct null_site *ns = null_test_of(c, base);
	const struct rml_node *an = &tr->fc->fn->nodes[tr->start];
	struct rml_life *l;

	if (!ns || rml_strset_find(&c->err_tested, base) >= 0 || c->unnamed_tests)
		return;
	l = new_life(c->f, RML_LIFE_NULL_TEST, ns->node, ns->fn);
	life_of(l, tr, via, ns->node->cond.h.text);
	life_at(c->f, l, &an->loc, RML_LEAK_EXIT, NULL, an->ev.h.text, NULL);
}

/* Leaks: local exits, error exits, overwrites, members nothing frees (devm: none). */
static void leak_results(struct ctx *c, const struct track *tr, const char *via)
{
	struct rml_facts *f = c->f;
	const struct fctx *fc = tr->fc;
	const struct rml_func *fn = fc->fn;
	const struct rml_node *an = &fn->nodes[tr->start];
	struct rml_life *l = NULL;

	for (size_t i = 0; i < tr->nleaks && !tr->alloc->api->devm; i++) {
		const struct rml_node *n = &fn->nodes[tr->leaks[i].node];

		if (!l)
			l = new_life(f, RML_LIFE_LEAK, an, fn);
		life_at(f, l, &n->loc, tr->leaks[i].how, exit_what(n),
			holder_text(fc, tr->leaks[i].hid), NULL);
	}
	for (size_t i = 0; i < tr->nowned_ok; i++) {
		const struct rml_node *n = &fn->nodes[tr->owned_ok[i].node];
		const struct holder *h = &fc->h[tr->owned_ok[i].hid];

		if ((rml_strset_find(&c->freed, h->base) >= 0) || tr->alloc->api->devm || c->unnamed_frees)
			continue;
		if (!l)
			l = new_life(f, RML_LIFE_LEAK, an, fn);
		life_at(f, l, &n->loc, RML_LEAK_NEVER_FREED, exit_what(n), h->text, NULL);
		break;
	}
	life_of(l, tr, via, an->ev.h.text);
	if (l && !via && !tr->derived)
		retarget(c, tr, l);
}

/*
 * Used with no test on the way: here, or (a member never tested) in another function; a
 * member the driver only NULL-tests elsewhere is null_guarded()'s.
 */
static void unchecked_results(struct ctx *c, const struct track *tr, const char *via)
{
	struct rml_facts *f = c->f;
	const struct fctx *fc = tr->fc;
	const struct rml_func *fn = fc->fn;
	const struct rml_node *an = &fn->nodes[tr->start];
	struct rml_life *l = NULL;

	if (tr->first_use >= 0) {
		l = new_life(f, RML_LIFE_UNCHECKED, an, fn);
		life_at(f, l, &fn->nodes[tr->first_use].loc, RML_LEAK_EXIT, NULL,
			holder_text(fc, fc->hid[tr->first_use]), NULL);
	} else if (tr->owned_untested && !c->unnamed_tests) {
		for (size_t i = 0; i < tr->nowned_ok && !l; i++) {
			const struct holder *h = &fc->h[tr->owned_ok[i].hid];
			const struct use_site *u = use_of(c, h->base);

			if (rml_strset_find(&c->tested, h->base) >= 0) {
				null_guarded(c, tr, h->base, via);
				continue;
			}
			if (!u)
				continue;
			l = new_life(f, RML_LIFE_UNCHECKED, an, fn);
			life_at(f, l, &u->loc, RML_LEAK_EXIT, NULL, h->text, u->func);
		}
	}
	life_of(l, tr, via, an->ev.h.text);
}

/* Tested against NULL only, in the allocating function. */
static void nulltest_results(struct ctx *c, const struct track *tr, const char *via)
{
	const struct fctx *fc = tr->fc;
	const struct rml_func *fn = fc->fn;
	const struct rml_node *an = &fn->nodes[tr->start];

	if (tr->saw_iserr || tr->bulk)
		return;
	for (size_t i = 0; i < tr->nnull; i++) {
		const struct rml_node *n = &fn->nodes[tr->nulltests[i]];
		struct rml_life *l = new_life(c->f, RML_LIFE_NULL_TEST, n, fn);

		l->fix = n->cond.fix;
		life_of(l, tr, via, holder_text(fc, fc->hid[tr->nulltests[i]]));
		life_at(c->f, l, &an->loc, RML_LEAK_EXIT, NULL, an->ev.h.text, NULL);
	}
}

/* The allocation that start makes (or, for a helper's result, the helper's). */
static void alloc_results(struct ctx *c, struct track *tr, const char *via)
{
	const struct rml_node *an = &tr->fc->fn->nodes[tr->start];

	if (tr->undecided)
		record_undecided(c->f, tr, rml_arena_printf(&c->f->arena,
			"'%s' (allocated at line %u)",
			an->ev.h.text ? an->ev.h.text : "the result", an->loc.line));
	if (tr->overflow)
		return;
	leak_results(c, tr, via);
	unchecked_results(c, tr, via);
	nulltest_results(c, tr, via);
}

void track_alloc(struct track *tr, struct fctx *fc, unsigned start, const struct rml_alloc *al,
		 bool derived)
{
	const struct rml_node *n = &fc->fn->nodes[start];

	track_init(tr, fc, start, false);
	tr->alloc = al;
	tr->derived = derived;
	tr->bulk = al->api->role == RML_ROLE_BULK_ALLOC;
	/* each pass of a loop allocates another: a slot picked at run time, or a member of
	   an object that may be another one each pass (regl->mode, bank->lock[i].priv) */
	tr->arrayslot = (n->ev.h.ix != RML_IX_NONE && n->ev.h.ix != RML_IX_CONST) ||
			(n->loop >= 0 && is_owner_kind(n->ev.h.kind));
}

/* Follow the allocation at node `start` of fc's function. */
void follow_alloc(struct ctx *c, struct fctx *fc, unsigned start, const struct rml_alloc *al,
		  const char *via, bool derived)
{
	const struct rml_node *n = &fc->fn->nodes[start];
	struct track tr;

	track_alloc(&tr, fc, start, al, derived);
	c->f->nfollowed++;
	if (fc->fn->incomplete || fc->overflow) {
		tr.undecided = fc->fn->incomplete ? fc->fn->incomplete : "too many handles";
		tr.undecided_node = start;
		record_undecided(c->f, &tr, rml_arena_printf(&c->f->arena,
			"'%s' (allocated at line %u)", n->ev.h.text ? n->ev.h.text : "the result",
			n->loc.line));
		track_fini(&tr);
		return;
	}
	follow(&tr);
	/* a helper that gives back what it allocates, ERR_PTR and all */
	if (tr.returned && !tr.null_after_fail && fc->sum && fc->fn->returns_handle &&
	    !tr.overflow) {
		if (!fc->sum->ret_alloc)
			fc->sum->ret_alloc = al;
		else if (fc->sum->ret_alloc->api->devm != al->api->devm)
			fc->sum->ret_mixed = true;
	}
	alloc_results(c, &tr, via);
	track_fini(&tr);
}

void follow_free(struct ctx *c, struct fctx *fc, unsigned start)
{
	const struct rml_node *n = &fc->fn->nodes[start];
	struct track tr;
	int hid = fc->hid[start];

	if (hid < 0 || fc->h[hid].slot == -2 || fc->fn->incomplete || fc->overflow)
		return;
	track_init(&tr, fc, start, true);
	c->f->nfollowed++;
	follow(&tr);
	if (!tr.overflow) {
		for (size_t i = 0; i < tr.ndoubles; i++) {
			const struct rml_node *d = &fc->fn->nodes[tr.doubles[i]];
			struct rml_life *l;
			bool dup = false;

			/* a loop that frees once per pass reaches its own free: one report */
			for (size_t j = 0; j < c->f->lives.n && !dup; j++) {
				const struct rml_life *o = c->f->lives.p[j];

				dup = o->kind == RML_LIFE_DOUBLE_FREE &&
				      o->loc.line == d->loc.line && o->loc.col == d->loc.col &&
				      !strcmp(o->loc.file, d->loc.file) && o->nat &&
				      o->at[0].loc.line == n->loc.line;
			}
			if (dup)
				continue;
			l = new_life(c->f, RML_LIFE_DOUBLE_FREE, d, fc->fn);
			l->api = d->ev.api;
			l->holder = d->ev.h.text;
			life_at(c->f, l, &n->loc, RML_LEAK_EXIT, NULL, n->ev.h.text, NULL);
		}
	} else {
		record_undecided(c->f, &tr, rml_arena_printf(&c->f->arena, "the free of '%s'",
							       n->ev.h.text ? n->ev.h.text : "?"));
	}
	track_fini(&tr);
}

/* ---- where a freed handle's allocations come from (devm-field-freed) --------------- */

/*
 * One wrapper's parameter already followed in this query, and the height of what was
 * followed below it (how many calls deep it went).
 */
struct origin_seen {
	const struct rml_func *fn;
	int param;
	int height;
	bool open;	/* still being followed: met again, it is a cycle */
};

struct origins {
	unsigned ndevm, nplain;
	const struct rml_alloc *devm, *plain;
	bool unknown;
	struct origin_seen *seen;	/* heap */
	size_t nseen;
};

static void origin_alloc(struct origins *o, const struct rml_alloc *al)
{
	if (al->api->devm) {
		o->ndevm++;
		if (!o->devm)
			o->devm = al;
	} else {
		o->nplain++;
		if (!o->plain)
			o->plain = al;
	}
}

#define ORIGINS_DEPTH 4

/*
 * The allocations a handle can hold, following free wrappers to their callers and stores
 * to the handles stored. Returns the height of the search below this call. A wrapper's
 * parameter is followed once per query: its callers give the same allocations whichever
 * path reaches it, and a wrapper called k times by a wrapper called k times... made the
 * search k^4 calls deep (a 300-line file took 96 s). A later visit only says what the
 * search would have found again: unknown when it would have gone past the depth limit
 * from there (depth + the height found the first time), or when it closes a cycle of
 * wrappers (which the search followed until the depth limit).
 */
static int origins_of(struct ctx *c, const struct rml_func *fn, const struct rml_handle *h,
		      struct origins *o, int depth);

/* A free wrapper's parameter: what its callers give it (each parameter searched once). */
static int origins_of_param(struct ctx *c, const struct rml_func *fn,
			    const struct rml_handle *h, struct origins *o, int depth)
{
	int height = 0;
	bool any = false;
	size_t me;

	for (size_t i = 0; i < o->nseen; i++) {
		if (o->seen[i].fn != fn || o->seen[i].param != h->base_param)
			continue;
		if (o->seen[i].open || depth + o->seen[i].height > ORIGINS_DEPTH)
			o->unknown = true;
		return o->seen[i].height;
	}
	me = o->nseen++;
	o->seen = rml_xrealloc(o->seen, o->nseen * sizeof(*o->seen));
	o->seen[me] = (struct origin_seen){ fn, h->base_param, 0, true };
	for (size_t i = 0; i < c->nsums; i++) {
		const struct rml_func *g = c->sums[i].fn;

		for (size_t k = 0; k < g->nnodes; k++) {
			const struct rml_event *ev = &g->nodes[k].ev;
			int sub;

			if (g->nodes[k].kind != RML_NODE_EVENT || ev->kind != RML_EV_CALL ||
			    !ev->callee || strcmp(ev->callee, fn->usr) ||
			    (size_t)h->base_param >= ev->nargs)
				continue;
			any = true;
			sub = 1 + origins_of(c, g, &ev->args[h->base_param], o, depth + 1);
			if (sub > height)
				height = sub;
		}
	}
	if (!any)
		o->unknown = true;
	o->seen[me].height = height;
	o->seen[me].open = false;
	return height;
}

/* What event ev of g stores into h's base: an allocation, a copy, a helper's result. */
static int origins_of_store(struct ctx *c, const struct rml_func *g, const struct rml_event *ev,
			    const struct rml_handle *h, struct origins *o, int depth)
{
	struct fsum *cs;

	if (ev->kind == RML_EV_ALLOC) {
		origin_alloc(o, ev->alloc);
	} else if (ev->kind == RML_EV_STORE) {
		if (ev->val.kind == RML_VAL_HANDLE && ev->val.h.base != h->base &&
		    (!ev->val.h.base || strcmp(ev->val.h.base, h->base)))
			return 1 + origins_of(c, g, &ev->val.h, o, depth + 1);
		if (ev->val.kind == RML_VAL_CALL) {
			cs = sum_of(c, ev->val.callee);
			if (cs && cs->ret_alloc && !cs->ret_mixed)
				origin_alloc(o, cs->ret_alloc);
			else
				o->unknown = true;
		} else if (ev->val.kind != RML_VAL_NULL) {
			o->unknown = true;
		}
	}
	return 0;
}

static int origins_of(struct ctx *c, const struct rml_func *fn, const struct rml_handle *h,
		      struct origins *o, int depth)
{
	int height = 0;

	if (depth > ORIGINS_DEPTH) {
		o->unknown = true;
		return 0;
	}
	if (h->kind == RML_HK_PARAM)
		return origins_of_param(c, fn, h, o, depth);
	if (!h->base) {
		o->unknown = true;
		return 0;
	}
	for (size_t i = 0; i < c->nsums; i++) {
		const struct rml_func *g = c->sums[i].fn;

		if (!is_owner_kind(h->kind) && g != fn)
			continue;	/* a local lives in its function */
		for (size_t k = 0; k < g->nnodes; k++) {
			const struct rml_event *ev = &g->nodes[k].ev;
			int sub;

			if (g->nodes[k].kind != RML_NODE_EVENT || !ev->h.base ||
			    strcmp(ev->h.base, h->base))
				continue;
			sub = origins_of_store(c, g, ev, h, o, depth);
			if (sub > height)
				height = sub;
		}
	}
	return height;
}

void free_results(struct ctx *c, const struct rml_func *fn, const struct rml_node *n)
{
	struct origins o = { 0 };
	struct rml_life *l;

	origins_of(c, fn, &n->ev.h, &o, 0);
	free(o.seen);
	if (o.unknown || (!o.ndevm && !o.nplain))
		return;
	l = new_life(c->f, RML_LIFE_FREE, n, fn);
	l->api = n->ev.api;
	l->holder = n->ev.h.text;
	l->ndevm = o.ndevm;
	l->nplain = o.nplain;
	l->devm_alloc = o.devm;
	l->plain_alloc = o.plain;
}
