/*
 * summary: what each function of the driver does to the handles it is given and to
 * members (frees, tests, keeps, sets), followed through the calls between functions, and
 * where each member is first used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

struct fsum *sum_of(struct ctx *c, const char *usr)
{
	size_t i;

	if (!usr || !c->hcap)
		return NULL;
	for (i = rml_str_hash(usr) & (c->hcap - 1); c->hash[i]; i = (i + 1) & (c->hcap - 1))
		if (!strcmp(c->sums[c->hash[i] - 1].fn->usr, usr))
			return &c->sums[c->hash[i] - 1];
	return NULL;
}

static const struct rml_handle *owner_of(const struct ctx *c, const struct rml_handle *h);

static void note_use(struct ctx *c, const struct rml_handle *h, const struct rml_node *n,
		     const struct rml_func *fn)
{
	size_t cap = c->used.cap;

	h = owner_of(c, h);
	if (!h->base || !is_owner_kind(h->kind) || !rml_strset_add(&c->used, h->base))
		return;
	if (c->used.cap != cap)
		c->uses = rml_xrealloc(c->uses, c->used.cap * sizeof(*c->uses));
	c->uses[c->used.n - 1] = (struct use_site){ n->loc, fn->name };
}

const struct use_site *use_of(const struct ctx *c, const char *base)
{
	long i = rml_strset_find(&c->used, base);

	return i >= 0 ? &c->uses[i] : NULL;
}

const struct null_site *null_test_of(const struct ctx *c, const char *base)
{
	long i = rml_strset_find(&c->null_tested, base);

	return i >= 0 ? &c->nulls[i] : NULL;
}

/*
 * What h names for the driver-wide sets: h itself, or for a local copied from exactly one
 * member or global (`struct regmap_field *f = lock->priv;`, priv a void * too), that one.
 */
static const struct rml_handle *owner_of(const struct ctx *c, const struct rml_handle *h)
{
	const struct rml_namelist *l;
	const struct rml_handle *m;

	if (h->kind != RML_HK_LOCAL || !h->base || !(l = rml_namemap_get(&c->copies, h->base)))
		return h;
	m = l->p[0];
	for (size_t i = 1; i < l->n; i++)
		if (strcmp(((const struct rml_handle *)l->p[i])->base, m->base))
			return h;	/* copied from two: which one is tested is not known */
	return m;
}

/* Every local of the driver copied from a member or global: the copies map. */
static void index_copies(struct ctx *c)
{
	for (size_t i = 0; i < c->f->funcs.n; i++) {
		const struct rml_func *fn = c->f->funcs.p[i];

		for (size_t n = 0; n < fn->nnodes; n++) {
			const struct rml_event *ev = &fn->nodes[n].ev;
			const struct rml_handle *src = ev->src.base ? &ev->src : &ev->val.h;

			if (fn->nodes[n].kind != RML_NODE_EVENT || ev->kind != RML_EV_STORE ||
			    ev->h.kind != RML_HK_LOCAL || !ev->h.base)
				continue;
			if (!ev->src.base && ev->val.kind != RML_VAL_HANDLE)
				src = NULL;
			if (src && src->base && is_owner_kind(src->kind))
				rml_namemap_add(&c->f->arena, &c->copies, ev->h.base, (void *)src);
			else	/* set from what is not a member: never one member's copy */
				rml_namemap_add(&c->f->arena, &c->copies, ev->h.base, (void *)&ev->h);
		}
	}
}

/* A test of h at node n: IS_ERR()-like, or a NULL test only (null). */
static void note_test(struct ctx *c, const struct rml_handle *h, bool null,
		      const struct rml_node *n, const struct rml_func *fn)
{
	size_t cap = c->null_tested.cap;

	h = owner_of(c, h);
	if (!is_owner_kind(h->kind)) {
		if (!h->base && h->base_param < 0)
			c->unnamed_tests = true;
		return;
	}
	rml_strset_add(&c->tested, h->base);
	if (!null) {
		rml_strset_add(&c->err_tested, h->base);
		return;
	}
	if (!rml_strset_add(&c->null_tested, h->base))
		return;
	if (c->null_tested.cap != cap)
		c->nulls = rml_xrealloc(c->nulls, c->null_tested.cap * sizeof(*c->nulls));
	c->nulls[c->null_tested.n - 1] = (struct null_site){ n, fn };
}

/* The member a local was copied from in fn (f = priv->f; ... regmap_field_free(f);). */
static const struct rml_handle *copied_from(const struct rml_func *fn, const char *local)
{
	for (size_t i = 0; i < fn->nnodes; i++) {
		const struct rml_event *ev = &fn->nodes[i].ev;

		if (fn->nodes[i].kind == RML_NODE_EVENT && ev->kind == RML_EV_STORE && ev->h.base &&
		    !strcmp(ev->h.base, local) && ev->val.kind == RML_VAL_HANDLE)
			return &ev->val.h;
	}
	return NULL;
}

/* m |= bits; true when m grew. */
static bool or_bits(uint32_t *m, uint32_t bits)
{
	uint32_t old = *m;

	*m |= bits;
	return *m != old;
}

/* A free in the function: of a parameter, a member, a local copied from either. */
static void own_free(struct ctx *c, struct fsum *s, const struct rml_event *ev)
{
	const struct rml_handle *m;

	if (!ev->h.base && ev->h.base_param < 0) {
		c->unnamed_frees = true;	/* regmap_field_free(*p) */
	} else if (ev->h.kind == RML_HK_PARAM) {
		s->frees_param |= pbit(ev->h.base_param);
	} else if (is_owner_kind(ev->h.kind)) {
		rml_strset_add(&s->freed, ev->h.base);
		rml_strset_add(&c->freed, ev->h.base);
	} else if (ev->h.base) {
		m = copied_from(s->fn, ev->h.base);
		if (m && is_owner_kind(m->kind)) {
			rml_strset_add(&s->freed, m->base);
			rml_strset_add(&c->freed, m->base);
		} else if (m && m->kind == RML_HK_PARAM) {
			s->frees_param |= pbit(m->base_param);
		}
	}
}

/* What a function does itself at node n (the first round: it does not change after). */
static void own_node(struct ctx *c, struct fsum *s, const struct rml_node *n)
{
	const struct rml_event *ev = &n->ev;

	if (n->kind == RML_NODE_BRANCH &&
	    (n->cond.test == RML_TEST_ISERR || n->cond.test == RML_TEST_NONNULL)) {
		if (n->cond.h.kind == RML_HK_PARAM)
			s->tests_param |= pbit(n->cond.h.base_param);
		else
			note_test(c, &n->cond.h, n->cond.test == RML_TEST_NONNULL, n, s->fn);
	}
	if (n->kind != RML_NODE_EVENT)
		return;
	switch (ev->kind) {
	case RML_EV_FREE:
		own_free(c, s, ev);
		break;
	case RML_EV_ALLOC:
	case RML_EV_STORE:
		if (is_owner_kind(ev->h.kind))
			rml_strset_add(&s->assigned, ev->h.base);
		if (ev->kind == RML_EV_STORE && ev->val.kind == RML_VAL_HANDLE &&
		    ev->val.h.kind == RML_HK_PARAM &&
		    (is_owner_kind(ev->h.kind) || ev->h.kind == RML_HK_PARAM))
			s->escapes_param |= pbit(ev->val.h.base_param);
		if (ev->kind == RML_EV_STORE && ev->val.kind == RML_VAL_ERR_OR_ZERO)
			note_test(c, &ev->val.h, false, n, s->fn);
		break;
	case RML_EV_SETVAR:
		if (ev->val.kind != RML_VAL_ERR_OR_ZERO)
			break;
		if (ev->val.h.kind == RML_HK_PARAM)
			s->tests_param |= pbit(ev->val.h.base_param);
		else if (is_owner_kind(ev->val.h.kind))
			note_test(c, &ev->val.h, false, n, s->fn);
		break;
	case RML_EV_ESCAPE:
		if (ev->h.kind == RML_HK_PARAM)
			s->escapes_param |= pbit(ev->h.base_param);
		note_use(c, &ev->h, n, s->fn);
		break;
	case RML_EV_TEST:
		if (ev->h.kind == RML_HK_PARAM)
			s->tests_param |= pbit(ev->h.base_param);
		else
			note_test(c, &ev->h, false, n, s->fn);
		break;
	case RML_EV_USE:
		note_use(c, &ev->h, n, s->fn);
		break;
	default:
		break;
	}
}

/* Argument a of a call, handle h, given to cs (NULL: a function not defined here). */
static bool call_arg(struct ctx *c, struct fsum *s, const struct fsum *cs, size_t a,
		     const struct rml_handle *h)
{
	bool changed = false;

	if (!cs)	/* not defined here: it may keep it */
		return h->kind == RML_HK_PARAM && or_bits(&s->escapes_param, pbit(h->base_param));
	if (cs->frees_param & pbit((int)a)) {
		if (h->kind == RML_HK_PARAM) {
			changed |= or_bits(&s->frees_param, pbit(h->base_param));
		} else if (is_owner_kind(h->kind)) {
			changed |= rml_strset_add(&s->freed, h->base);
			rml_strset_add(&c->freed, h->base);
		}
	}
	if ((cs->escapes_param & pbit((int)a)) && h->kind == RML_HK_PARAM)
		changed |= or_bits(&s->escapes_param, pbit(h->base_param));
	if (cs->tests_param & pbit((int)a)) {
		if (h->kind == RML_HK_PARAM)
			changed |= or_bits(&s->tests_param, pbit(h->base_param));
		else if (is_owner_kind(h->kind)) {
			rml_strset_add(&c->tested, h->base);	/* by a callee: not known how */
			rml_strset_add(&c->err_tested, h->base);
		}
	}
	return changed;
}

/* A call of a function of the driver at node n: what its summary says so far. */
static bool call_node(struct ctx *c, struct fsum *s, const struct rml_node *n, bool first)
{
	const struct rml_event *ev = &n->ev;
	struct fsum *cs = sum_of(c, ev->callee);
	bool changed = false;

	for (size_t a = 0; a < ev->nargs; a++) {
		const struct rml_handle *h = &ev->args[a];

		if (!h->base && h->base_param < 0)
			continue;
		if (first)
			note_use(c, h, n, s->fn);
		changed |= call_arg(c, s, cs, a, h);
	}
	if (!cs)
		return changed;
	if (cs != s)
		cs->has_callers = true;
	for (size_t k = 0; k < cs->freed.n; k++)
		changed |= rml_strset_add(&s->freed, cs->freed.s[k]);
	for (size_t k = 0; k < cs->assigned.n; k++)
		changed |= rml_strset_add(&s->assigned, cs->assigned.s[k]);
	return changed;
}

/*
 * One round over every function; true when a summary grew. The first round also reads
 * what each function does itself; later ones only carry the callees' summaries up.
 */
static bool summarise_round(struct ctx *c, bool first)
{
	bool changed = false;

	for (size_t fi = 0; fi < c->nsums; fi++) {
		struct fsum *s = &c->sums[fi];

		for (size_t i = 0; i < s->fn->nnodes; i++) {
			const struct rml_node *n = &s->fn->nodes[i];

			if (first)
				own_node(c, s, n);
			if (n->kind == RML_NODE_EVENT && n->ev.kind == RML_EV_CALL)
				changed |= call_node(c, s, n, first);
		}
	}
	return changed;
}

void summarise(struct ctx *c)
{
	struct rml_facts *f = c->f;

	c->nsums = f->funcs.n;
	c->sums = rml_xcalloc(c->nsums + 1, sizeof(*c->sums));
	for (c->hcap = 16; c->hcap < 2 * c->nsums + 2; c->hcap *= 2)
		;
	c->hash = rml_xcalloc(c->hcap, sizeof(*c->hash));
	for (size_t i = 0; i < c->nsums; i++) {
		const struct rml_func *fn = f->funcs.p[i];
		size_t h;

		c->sums[i].fn = fn;
		if (sum_of(c, fn->usr)) {
			c->sums[i].dup = true;	/* a header's, walked by two files */
			continue;
		}
		for (h = rml_str_hash(fn->usr) & (c->hcap - 1); c->hash[h]; h = (h + 1) & (c->hcap - 1))
			;
		c->hash[h] = i + 1;
	}
	index_copies(c);
	summarise_round(c, true);
	for (int r = 0; r < MAX_ROUNDS && summarise_round(c, false); r++)
		;
}
