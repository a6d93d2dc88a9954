/*
 * paths: follows regmap_field handles through the control flow extract.c built for each
 * function of the driver (struct rml_func), and says, as struct rml_life results, what the
 * lifetime rules report: allocations not freed on some path, results used or NULL-tested
 * without an IS_ERR, handles freed twice, and the allocations a freed handle can hold.
 *
 * One allocation (or one free) is followed at a time, from the function's entry, over
 * (node, state) pairs: the state says whether the allocation is live, which handles of
 * the function hold it, whether it was tested, and what the int locals the function
 * returns or tests hold (zero, an error, or the allocation's own return code), so that
 * `if (ret) goto err;` after `ret = 0;` is not taken. Conditions written the same way
 * twice are taken the same way twice. Calls of the driver's own functions are read
 * through summaries (frees a parameter, frees a member, tests, keeps). What cannot be
 * decided is left silent and listed in f->undecided. No libclang; results live in the
 * facts' arena.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths.h"

#define MAX_HOLDERS 64		/* handles of one function the paths keep apart */
#define MAX_CKEYS 16		/* repeated conditions of one function paired */
#define MAX_VISITS 60000	/* (node, state) pairs followed for one allocation or free */
#define MAX_OUT 16		/* places recorded per result */
#define MAX_ROUNDS 4		/* summaries through wrappers of wrappers */

/* ---- function summaries -------------------------------------------------------------- */

struct fsum {
	const struct rml_func *fn;
	bool dup;			/* a second definition (a header's, walked twice) */
	unsigned char *followed;	/* per node: a helper's result already followed there */
	uint32_t frees_param, escapes_param, tests_param;
	struct rml_strset freed;		/* member/global bases freed here or by a callee */
	struct rml_strset assigned;		/* member/global bases set here or by a callee */
	bool has_callers;		/* another function of the driver calls it */
	/* it returns an allocation's result, ERR_PTR and all (a helper of the driver) */
	const struct rml_alloc *ret_alloc;
	bool ret_mixed;			/* devm and plain ones */
};

/* The first use of a member or global base. */
struct use_site {
	struct rml_loc loc;
	const char *func;
};

struct ctx {
	struct rml_facts *f;
	struct fsum *sums;
	size_t nsums;
	size_t *hash;			/* open addressing on USR: index + 1 into sums */
	size_t hcap;
	/* the whole driver */
	struct rml_strset freed;		/* member/global bases freed by some function */
	struct rml_strset tested;		/* member/global bases tested somewhere */
	struct rml_strset used;		/* member/global bases used somewhere ... */
	struct use_site *uses;		/* ... and where first: uses[i] for used.s[i] */
	bool unnamed_tests;		/* a test of a handle the paths cannot name */
	bool unnamed_frees;		/* a free of one: it may free any member */
};

static size_t str_hash(const char *s)
{
	return (size_t)rml_fnv1a(RML_FNV1A_INIT, s, strlen(s));
}

static struct fsum *sum_of(struct ctx *c, const char *usr)
{
	size_t i;

	if (!usr || !c->hcap)
		return NULL;
	for (i = str_hash(usr) & (c->hcap - 1); c->hash[i]; i = (i + 1) & (c->hcap - 1))
		if (!strcmp(c->sums[c->hash[i] - 1].fn->usr, usr))
			return &c->sums[c->hash[i] - 1];
	return NULL;
}

static bool is_owner_kind(enum rml_hkind k)
{
	return k == RML_HK_MEMBER || k == RML_HK_GLOBAL;
}

static void note_use(struct ctx *c, const struct rml_handle *h, const struct rml_node *n,
		     const struct rml_func *fn)
{
	size_t cap = c->used.cap;

	if (!h->base || !is_owner_kind(h->kind) || !rml_strset_add(&c->used, h->base))
		return;
	if (c->used.cap != cap)
		c->uses = rml_xrealloc(c->uses, c->used.cap * sizeof(*c->uses));
	c->uses[c->used.n - 1] = (struct use_site){ n->loc, fn->name };
}

static const struct use_site *use_of(const struct ctx *c, const char *base)
{
	long i = rml_strset_find(&c->used, base);

	return i >= 0 ? &c->uses[i] : NULL;
}

static uint32_t pbit(int p)
{
	return p >= 0 && p < 32 ? UINT32_C(1) << p : 0;
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

/* One round over every function; true when a summary grew. */
static bool summarise_round(struct ctx *c, bool first)
{
	bool changed = false;

	for (size_t fi = 0; fi < c->nsums; fi++) {
		struct fsum *s = &c->sums[fi];
		const struct rml_func *fn = s->fn;

		for (size_t i = 0; i < fn->nnodes; i++) {
			const struct rml_node *n = &fn->nodes[i];
			const struct rml_event *ev = &n->ev;
			uint32_t old;

			if (n->kind == RML_NODE_BRANCH && first &&
			    (n->cond.test == RML_TEST_ISERR || n->cond.test == RML_TEST_NONNULL)) {
				if (n->cond.h.kind == RML_HK_PARAM)
					s->tests_param |= pbit(n->cond.h.base_param);
				else if (is_owner_kind(n->cond.h.kind))
					rml_strset_add(&c->tested, n->cond.h.base);
				else if (!n->cond.h.base)
					c->unnamed_tests = true;
			}
			if (n->kind != RML_NODE_EVENT)
				continue;
			switch (ev->kind) {
			case RML_EV_FREE:
				if (!first)
					break;
				if (!ev->h.base && ev->h.base_param < 0) {
					c->unnamed_frees = true;	/* regmap_field_free(*p) */
				} else if (ev->h.kind == RML_HK_PARAM) {
					s->frees_param |= pbit(ev->h.base_param);
				} else if (is_owner_kind(ev->h.kind)) {
					rml_strset_add(&s->freed, ev->h.base);
					rml_strset_add(&c->freed, ev->h.base);
				} else if (ev->h.base) {
					const struct rml_handle *m = copied_from(fn, ev->h.base);

					if (m && is_owner_kind(m->kind)) {
						rml_strset_add(&s->freed, m->base);
						rml_strset_add(&c->freed, m->base);
					} else if (m && m->kind == RML_HK_PARAM) {
						s->frees_param |= pbit(m->base_param);
					}
				}
				break;
			case RML_EV_ALLOC:
			case RML_EV_STORE:
				if (!first)
					break;
				if (is_owner_kind(ev->h.kind))
					rml_strset_add(&s->assigned, ev->h.base);
				if (ev->kind == RML_EV_STORE && ev->val.kind == RML_VAL_HANDLE &&
				    ev->val.h.kind == RML_HK_PARAM &&
				    (is_owner_kind(ev->h.kind) || ev->h.kind == RML_HK_PARAM))
					s->escapes_param |= pbit(ev->val.h.base_param);
				if (ev->kind == RML_EV_STORE && ev->val.kind == RML_VAL_ERR_OR_ZERO)
					rml_strset_add(&c->tested, ev->val.h.base);
				break;
			case RML_EV_SETVAR:
				if (first && ev->val.kind == RML_VAL_ERR_OR_ZERO) {
					if (ev->val.h.kind == RML_HK_PARAM)
						s->tests_param |= pbit(ev->val.h.base_param);
					else if (is_owner_kind(ev->val.h.kind))
						rml_strset_add(&c->tested, ev->val.h.base);
				}
				break;
			case RML_EV_ESCAPE:
				if (!first)
					break;
				if (ev->h.kind == RML_HK_PARAM)
					s->escapes_param |= pbit(ev->h.base_param);
				note_use(c, &ev->h, n, fn);
				break;
			case RML_EV_TEST:
				if (!first)
					break;
				if (ev->h.kind == RML_HK_PARAM)
					s->tests_param |= pbit(ev->h.base_param);
				else if (is_owner_kind(ev->h.kind))
					rml_strset_add(&c->tested, ev->h.base);
				else if (!ev->h.base)
					c->unnamed_tests = true;
				break;
			case RML_EV_USE:
				if (first)
					note_use(c, &ev->h, n, fn);
				break;
			case RML_EV_CALL: {
				struct fsum *cs = sum_of(c, ev->callee);

				for (size_t a = 0; a < ev->nargs; a++) {
					const struct rml_handle *h = &ev->args[a];

					if (!h->base && h->base_param < 0)
						continue;
					if (first)
						note_use(c, h, n, fn);
					if (!cs) {	/* not defined here: it may keep it */
						if (h->kind == RML_HK_PARAM) {
							old = s->escapes_param;
							s->escapes_param |= pbit(h->base_param);
							changed |= old != s->escapes_param;
						}
						continue;
					}
					if (cs->frees_param & pbit((int)a)) {
						if (h->kind == RML_HK_PARAM) {
							old = s->frees_param;
							s->frees_param |= pbit(h->base_param);
							changed |= old != s->frees_param;
						} else if (is_owner_kind(h->kind)) {
							changed |= rml_strset_add(&s->freed, h->base);
							rml_strset_add(&c->freed, h->base);
						}
					}
					if ((cs->escapes_param & pbit((int)a)) &&
					    h->kind == RML_HK_PARAM) {
						old = s->escapes_param;
						s->escapes_param |= pbit(h->base_param);
						changed |= old != s->escapes_param;
					}
					if (cs->tests_param & pbit((int)a)) {
						if (h->kind == RML_HK_PARAM) {
							old = s->tests_param;
							s->tests_param |= pbit(h->base_param);
							changed |= old != s->tests_param;
						} else if (is_owner_kind(h->kind)) {
							rml_strset_add(&c->tested, h->base);
						}
					}
				}
				if (!cs)
					break;
				if (cs != s)
					cs->has_callers = true;
				for (size_t k = 0; k < cs->freed.n; k++)
					changed |= rml_strset_add(&s->freed, cs->freed.s[k]);
				for (size_t k = 0; k < cs->assigned.n; k++)
					changed |= rml_strset_add(&s->assigned, cs->assigned.s[k]);
				break;
			}
			default:
				break;
			}
		}
	}
	return changed;
}

static void summarise(struct ctx *c)
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
		for (h = str_hash(fn->usr) & (c->hcap - 1); c->hash[h]; h = (h + 1) & (c->hcap - 1))
			;
		c->hash[h] = i + 1;
	}
	summarise_round(c, true);
	for (int r = 0; r < MAX_ROUNDS && summarise_round(c, false); r++)
		;
}

/* ---- one function, prepared for the paths ------------------------------------------ */

struct holder {
	const char *base;
	int param;			/* base_param for a parameter */
	long slot;			/* -1 whole, >= 0 a constant slot, -2 any slot */
	enum rml_hkind kind;
	const char *text;
};

struct fctx {
	struct ctx *c;
	const struct rml_func *fn;
	struct fsum *sum;
	struct holder h[MAX_HOLDERS];
	unsigned nh;
	bool overflow;			/* more handles than MAX_HOLDERS */
	uint64_t same_base[MAX_HOLDERS];
	uint64_t owner, params;		/* holders that are members/globals, parameters */
	int *hid, *hid2, *ckey, *loophead;
	uint64_t *loopfree;		/* per loop: holders freed inside it */
	/* per CALL node: the holders the callee frees, tests, keeps, uses, sets */
	uint64_t *callfree, *calltest, *callescape, *calluse, *callassign;
};

static long slot_of(const struct rml_handle *h)
{
	if (h->ix == RML_IX_NONE)
		return -1;
	if (h->ix == RML_IX_CONST)
		return h->lo;
	return -2;
}

static int holder_id(struct fctx *fc, const struct rml_handle *h)
{
	long slot;
	unsigned i;

	if (!h->base && h->base_param < 0)
		return -1;
	slot = slot_of(h);
	for (i = 0; i < fc->nh; i++) {
		const struct holder *o = &fc->h[i];

		if (o->slot != slot || !(h->base ? o->base && !strcmp(o->base, h->base) :
					 !o->base && o->param == h->base_param))
			continue;
		/* a member of two objects (rd->intf, wr->intf) is two holders of one base */
		if (h->kind == RML_HK_MEMBER &&
		    (!h->text != !o->text || (h->text && strcmp(h->text, o->text))))
			continue;
		return (int)i;
	}
	if (fc->nh == MAX_HOLDERS) {
		fc->overflow = true;
		return -1;
	}
	fc->h[i] = (struct holder){ h->base, h->base ? -1 : h->base_param, slot,
				    h->base ? h->kind : RML_HK_PARAM, h->text };
	return (int)fc->nh++;
}

static bool same_holder_base(const struct holder *a, const struct holder *b)
{
	if (a->base || b->base)
		return a->base && b->base && !strcmp(a->base, b->base);
	return a->param == b->param;
}

static uint64_t hbit(int hid)
{
	return hid >= 0 ? UINT64_C(1) << hid : 0;
}

/* Holders of this function whose base a callee frees (or sets). */
static uint64_t holders_in(const struct fctx *fc, const struct rml_strset *bases)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < fc->nh && bases->n; i++)
		if (fc->h[i].base && is_owner_kind(fc->h[i].kind) && (rml_strset_find(bases, fc->h[i].base) >= 0))
			m |= hbit((int)i);
	return m;
}

static void fctx_init(struct fctx *fc, struct ctx *c, const struct rml_func *fn)
{
	size_t nn = fn->nnodes;
	const char *keys[MAX_CKEYS * 4];
	unsigned nkeys = 0, cnt[MAX_CKEYS * 4];
	int nckeys = 0;

	memset(fc, 0, sizeof(*fc));
	fc->c = c;
	fc->fn = fn;
	fc->sum = sum_of(c, fn->usr);
	fc->hid = rml_xmalloc((nn + 1) * sizeof(*fc->hid));
	fc->hid2 = rml_xmalloc((nn + 1) * sizeof(*fc->hid2));
	fc->ckey = rml_xmalloc((nn + 1) * sizeof(*fc->ckey));
	fc->loophead = rml_xmalloc((nn + 1) * sizeof(*fc->loophead));
	fc->callfree = rml_xcalloc(nn + 1, sizeof(uint64_t));
	fc->calltest = rml_xcalloc(nn + 1, sizeof(uint64_t));
	fc->callescape = rml_xcalloc(nn + 1, sizeof(uint64_t));
	fc->calluse = rml_xcalloc(nn + 1, sizeof(uint64_t));
	fc->callassign = rml_xcalloc(nn + 1, sizeof(uint64_t));
	fc->loopfree = rml_xcalloc(fn->nloops + 1, sizeof(uint64_t));
	for (size_t i = 0; i < nn; i++) {
		const struct rml_node *n = &fn->nodes[i];

		fc->hid[i] = fc->hid2[i] = fc->ckey[i] = fc->loophead[i] = -1;
		if (n->kind == RML_NODE_EVENT) {
			fc->hid[i] = holder_id(fc, &n->ev.h);
			if (n->ev.val.kind == RML_VAL_HANDLE ||
			    n->ev.val.kind == RML_VAL_ERR_OR_ZERO)
				fc->hid2[i] = holder_id(fc, &n->ev.val.h);
			for (size_t a = 0; a < n->ev.nargs; a++)
				holder_id(fc, &n->ev.args[a]);
		} else if (n->kind == RML_NODE_RETURN) {
			if (n->ev.val.kind == RML_VAL_HANDLE ||
			    n->ev.val.kind == RML_VAL_ERR_OR_ZERO)
				fc->hid2[i] = holder_id(fc, &n->ev.val.h);
		} else if (n->kind == RML_NODE_BRANCH) {
			if (n->cond.test == RML_TEST_ISERR || n->cond.test == RML_TEST_NONNULL)
				fc->hid[i] = holder_id(fc, &n->cond.h);
			/* a condition written twice: count it */
			if (n->cond.text && nkeys < RML_ARRAY_SIZE(keys)) {
				unsigned k;

				for (k = 0; k < nkeys && strcmp(keys[k], n->cond.text); k++)
					;
				if (k == nkeys) {
					keys[nkeys] = n->cond.text;
					cnt[nkeys++] = 0;
				}
				cnt[k]++;
			}
		}
	}
	for (unsigned k = 0; k < nkeys; k++)
		cnt[k] = cnt[k] > 1 && nckeys < MAX_CKEYS ? (unsigned)nckeys++ + 1 : 0;
	for (size_t i = 0; i < nn && nckeys; i++) {
		const struct rml_node *n = &fn->nodes[i];

		if (n->kind != RML_NODE_BRANCH || !n->cond.text)
			continue;
		for (unsigned k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], n->cond.text))
				fc->ckey[i] = (int)cnt[k] - 1;
	}
	for (unsigned i = 0; i < fc->nh; i++) {
		for (unsigned j = 0; j < fc->nh; j++)
			if (same_holder_base(&fc->h[i], &fc->h[j]))
				fc->same_base[i] |= hbit((int)j);
		if (is_owner_kind(fc->h[i].kind))
			fc->owner |= hbit((int)i);
		else if (fc->h[i].kind == RML_HK_PARAM || fc->h[i].kind == RML_HK_UNKNOWN)
			fc->params |= hbit((int)i);
	}
	for (size_t l = 0; l < fn->nloops; l++)
		fc->loophead[fn->loops[l].head] = (int)l;
	for (size_t i = 0; i < nn; i++) {
		const struct rml_node *n = &fn->nodes[i];

		if (n->kind != RML_NODE_EVENT)
			continue;
		if (n->ev.kind == RML_EV_FREE && fc->hid[i] >= 0) {
			for (int l = n->loop; l >= 0 && (size_t)l < fn->nloops;
			     l = fn->loops[l].parent)
				fc->loopfree[l] |= fc->same_base[fc->hid[i]];
		}
		if (n->ev.kind == RML_EV_CALL) {
			struct fsum *cs = sum_of(c, n->ev.callee);

			if (cs) {
				fc->callfree[i] = holders_in(fc, &cs->freed);
				fc->callassign[i] = holders_in(fc, &cs->assigned);
			}
			for (size_t a = 0; a < n->ev.nargs; a++) {
				int h = holder_id(fc, &n->ev.args[a]);
				uint64_t m;

				if (h < 0)
					continue;
				m = fc->same_base[h];
				if (!cs || (cs->escapes_param & pbit((int)a)))
					fc->callescape[i] |= m;
				else if (cs->frees_param & pbit((int)a))
					fc->callfree[i] |= m;
				else if (cs->tests_param & pbit((int)a))
					fc->calltest[i] |= m;
				else
					fc->calluse[i] |= m;
			}
			for (int l = n->loop; fc->callfree[i] && l >= 0 && (size_t)l < fn->nloops;
			     l = fn->loops[l].parent)
				fc->loopfree[l] |= fc->callfree[i];
		}
	}
}

static void fctx_fini(struct fctx *fc)
{
	free(fc->hid);
	free(fc->hid2);
	free(fc->ckey);
	free(fc->loophead);
	free(fc->loopfree);
	free(fc->callfree);
	free(fc->calltest);
	free(fc->callescape);
	free(fc->calluse);
	free(fc->callassign);
}

/* ---- following one allocation or free -------------------------------------------------- */

enum { ST_NOTYET, ST_LIVE, ST_FREED };
enum {
	F_TESTED = 1,		/* tested in some way on this path */
	F_ISERR = 2,		/* tested with IS_ERR and friends */
	F_OLDER = 4,		/* earlier passes' allocations still held (slots of an array) */
	F_ESCAPED = 8,		/* went where the paths do not follow */
	F_FAILED = 16,		/* this path is where it failed */
	F_DROPPED = 32,		/* its result was dropped at once */
};
enum { V_UNK, V_ZERO, V_ERR, V_LINK };

struct pst {
	uint64_t holders;
	uint32_t vars;		/* 2 bits per kept-apart int local */
	uint16_t cknown, cval;	/* repeated conditions: taken, and which way */
	uint8_t st, flags;
	uint8_t pad[6];
};

struct visit {
	unsigned node;
	struct pst s;
};

enum { EXIT_SUCCESS_, EXIT_ERROR, EXIT_UNKNOWN };

struct outcome {
	unsigned node;
	int hid;
	enum rml_leak_how how;
};

struct track {
	struct fctx *fc;
	bool free_mode;
	unsigned start;
	const struct rml_alloc *alloc;	/* the allocation followed (alloc mode) */
	bool bulk, arrayslot, derived;
	/* results */
	struct outcome leaks[MAX_OUT];
	size_t nleaks;
	struct outcome owned_ok[MAX_OUT];	/* member-held at a success exit (hid, node) */
	size_t nowned_ok;
	bool owned_untested;		/* ... and never tested on the way */
	int first_use;			/* node of the first use with no test, or -1 */
	unsigned nulltests[MAX_OUT];
	size_t nnull;
	bool saw_iserr;
	bool returned, null_after_fail;
	unsigned doubles[MAX_OUT];
	size_t ndoubles;
	const char *undecided;
	unsigned undecided_node;
	bool overflow;
	/* the walk */
	struct visit *stack;
	size_t nstack, capstack;
	struct visit *seen;		/* open addressing; node == UINT32_MAX: empty */
	size_t seencap, nseen;
};

static unsigned vget(const struct pst *s, int v)
{
	return v >= 0 && v < RML_MAX_VARS ? (s->vars >> (2 * v)) & 3u : V_UNK;
}

static void vset(struct pst *s, int v, unsigned cls)
{
	if (v < 0 || v >= RML_MAX_VARS)
		return;
	s->vars &= ~(UINT32_C(3) << (2 * v));
	s->vars |= (uint32_t)cls << (2 * v);
}

static size_t visit_hash(unsigned node, const struct pst *s)
{
	return (size_t)rml_fnv1a(RML_FNV1A_INIT ^ node, s, sizeof(*s));
}

/* Record (node, s) as seen; false when it was. */
static bool see(struct track *tr, unsigned node, const struct pst *s)
{
	size_t i;

	if (2 * (tr->nseen + 1) > tr->seencap) {
		struct visit *old = tr->seen;
		size_t oldcap = tr->seencap;

		tr->seencap = tr->seencap ? 2 * tr->seencap : 256;
		tr->seen = rml_xmalloc(tr->seencap * sizeof(*tr->seen));
		for (i = 0; i < tr->seencap; i++)
			tr->seen[i].node = UINT32_MAX;
		for (size_t j = 0; j < oldcap; j++) {
			if (old[j].node == UINT32_MAX)
				continue;
			for (i = visit_hash(old[j].node, &old[j].s) & (tr->seencap - 1);
			     tr->seen[i].node != UINT32_MAX; i = (i + 1) & (tr->seencap - 1))
				;
			tr->seen[i] = old[j];
		}
		free(old);
	}
	for (i = visit_hash(node, s) & (tr->seencap - 1); tr->seen[i].node != UINT32_MAX;
	     i = (i + 1) & (tr->seencap - 1))
		if (tr->seen[i].node == node && !memcmp(&tr->seen[i].s, s, sizeof(*s)))
			return false;
	tr->seen[i].node = node;
	tr->seen[i].s = *s;
	tr->nseen++;
	return true;
}

static void go(struct track *tr, unsigned node, const struct pst *s)
{
	if (tr->overflow || !see(tr, node, s))
		return;
	if (tr->nseen > MAX_VISITS) {
		tr->overflow = true;
		return;
	}
	if (tr->nstack == tr->capstack) {
		tr->capstack = tr->capstack ? 2 * tr->capstack : 64;
		tr->stack = rml_xrealloc(tr->stack, tr->capstack * sizeof(*tr->stack));
	}
	tr->stack[tr->nstack].node = node;
	tr->stack[tr->nstack++].s = *s;
}

static void go_succ(struct track *tr, unsigned node, const struct pst *s)
{
	const struct rml_node *n = &tr->fc->fn->nodes[node];

	for (unsigned i = 0; i < n->nsucc; i++)
		go(tr, tr->fc->fn->succ[n->succ + i], s);
}

static void add_outcome(struct outcome *v, size_t *n, unsigned node, int hid,
			enum rml_leak_how how)
{
	for (size_t i = 0; i < *n; i++)
		if (v[i].node == node && v[i].how == how)
			return;
	if (*n < MAX_OUT)
		v[(*n)++] = (struct outcome){ node, hid, how };
}

static void add_node(unsigned *v, size_t *n, unsigned node)
{
	for (size_t i = 0; i < *n; i++)
		if (v[i] == node)
			return;
	if (*n < MAX_OUT)
		v[(*n)++] = node;
}

static void undecided(struct track *tr, unsigned node, const char *why)
{
	if (!tr->undecided) {
		tr->undecided = why;
		tr->undecided_node = node;
	}
}

/* Is something of the allocation's still to be freed: it, or earlier passes' slots? */
static bool held(const struct pst *s)
{
	return s->st == ST_LIVE || (s->flags & F_OLDER);
}

static bool is_mine(const struct track *tr, const struct pst *s, int hid)
{
	return hid >= 0 && (s->holders & tr->fc->same_base[hid]);
}

static bool is_surely_mine(const struct track *tr, const struct pst *s, int hid)
{
	return hid >= 0 && (s->holders & hbit(hid)) && tr->fc->h[hid].slot != -2;
}

/* A holder of the allocation is given something else. */
static void lose(struct track *tr, struct pst *s, int hid, unsigned node)
{
	if (!is_surely_mine(tr, s, hid) || tr->arrayslot)
		return;	/* (a loop's allocation: the store may hit another of its values) */
	s->holders &= ~hbit(hid);
	if (s->st == ST_LIVE && !s->holders && !(s->flags & F_ESCAPED)) {
		add_outcome(tr->leaks, &tr->nleaks, node, hid, RML_LEAK_OVERWRITE);
		s->st = ST_NOTYET;	/* lost: reported once */
	}
}

static void use(struct track *tr, const struct pst *s, unsigned node)
{
	if (s->st == ST_LIVE && !(s->flags & F_TESTED) &&
	    (tr->first_use < 0 || tr->fc->fn->nodes[node].loc.line <
				      tr->fc->fn->nodes[tr->first_use].loc.line))
		tr->first_use = (int)node;
}

/* The allocation is made (again): a fresh value in its holder. */
static void born(struct track *tr, struct pst *s, unsigned node, int dst, enum rml_dispo dispo,
		 int var)
{
	if (s->st == ST_LIVE) {
		if (tr->arrayslot)
			s->flags |= F_OLDER;
		else if (dst >= 0 && (s->holders & ~hbit(dst)) == 0 && !(s->flags & F_ESCAPED) &&
			 (s->holders & hbit(dst)))
			add_outcome(tr->leaks, &tr->nleaks, node, dst, RML_LEAK_OVERWRITE);
	}
	s->st = ST_LIVE;
	s->holders = hbit(dst);
	s->flags &= F_OLDER;
	if (dispo == RML_DISPO_OTHER)
		s->flags |= F_ESCAPED;
	else if (dispo == RML_DISPO_DISCARDED && !tr->bulk)
		s->flags |= F_DROPPED;
	if (var >= 0)
		vset(s, var, V_LINK);
}

static unsigned val_class(const struct track *tr, const struct pst *s, const struct rml_val *v,
			  int hid2)
{
	switch (v->kind) {
	case RML_VAL_CONST:
		if (!v->num.known)
			return V_UNK;
		if (!v->num.v)
			return V_ZERO;
		return rml_ce_is_negative(v->num) ? V_ERR : V_UNK;
	case RML_VAL_VAR:
		return vget(s, v->var);
	case RML_VAL_ERR:
		return V_ERR;
	case RML_VAL_ERR_OR_ZERO:
		return is_mine(tr, s, hid2) ? V_LINK : V_UNK;
	default:
		return V_UNK;
	}
}

static int exit_class(const struct track *tr, const struct pst *s, const struct rml_val *v,
		      int hid2)
{
	switch (v->kind) {
	case RML_VAL_NONE:
		return EXIT_SUCCESS_;
	case RML_VAL_ALLOC:
		return v->alloc == tr->alloc ? EXIT_SUCCESS_ : EXIT_UNKNOWN;
	default:
		break;
	}
	switch (val_class(tr, s, v, hid2)) {
	case V_ZERO:
		return EXIT_SUCCESS_;
	case V_ERR:
		return EXIT_ERROR;
	case V_LINK:	/* the allocation's own code: zero where it is live */
		return s->st == ST_LIVE ? EXIT_SUCCESS_ : EXIT_ERROR;
	default:
		return EXIT_UNKNOWN;
	}
}

static void alloc_exit(struct track *tr, const struct pst *s, unsigned node)
{
	const struct fctx *fc = tr->fc;
	const struct rml_node *n = &fc->fn->nodes[node];
	const struct rml_val *v = &n->ev.val;
	int hid2 = fc->hid2[node];
	bool mine = (v->kind == RML_VAL_ALLOC && v->alloc == tr->alloc && !tr->bulk) ||
		    (v->kind == RML_VAL_HANDLE && is_mine(tr, s, hid2));
	uint64_t owned;

	if (mine)
		tr->returned = true;	/* the caller's now (an error pointer too) */
	if (s->st != ST_LIVE && !(s->flags & F_OLDER)) {
		if ((s->flags & F_FAILED) && v->kind == RML_VAL_NULL)
			tr->null_after_fail = true;
		return;
	}
	if (mine)
		return;
	if (tr->alloc->api->devm) {	/* never a leak: only what the other rules need */
		if ((s->holders & fc->owner) && exit_class(tr, s, v, hid2) == EXIT_SUCCESS_ &&
		    !(s->flags & (F_TESTED | F_ESCAPED))) {
			bool handed = (v->kind == RML_VAL_ALLOC && v->alloc == tr->alloc) ||
				      val_class(tr, s, v, hid2) == V_LINK;

			add_outcome(tr->owned_ok, &tr->nowned_ok, node,
				    __builtin_ctzll(s->holders & fc->owner), RML_LEAK_NEVER_FREED);
			if (!handed)
				tr->owned_untested = true;
		}
		return;
	}
	if (s->flags & F_ESCAPED) {
		undecided(tr, node, "it is given to a function the paths do not follow");
		return;
	}
	if (s->holders & fc->params) {
		undecided(tr, node, "it is stored where the caller gave a pointer to");
		return;
	}
	owned = s->holders & fc->owner;
	if (owned) {
		int hid = __builtin_ctzll(owned);
		/* the allocation's own code handed back: the caller tests it */
		bool handed = (v->kind == RML_VAL_ALLOC && v->alloc == tr->alloc) ||
			      val_class(tr, s, v, hid2) == V_LINK;

		switch (exit_class(tr, s, v, hid2)) {
		case EXIT_SUCCESS_:
			add_outcome(tr->owned_ok, &tr->nowned_ok, node, hid, RML_LEAK_NEVER_FREED);
			if (!(s->flags & F_TESTED) && !handed)
				tr->owned_untested = true;
			break;
		case EXIT_ERROR:
			if (fc->sum && fc->sum->has_callers)
				undecided(tr, node, "an error exit of a function the driver calls: "
						    "its caller may free it");
			else
				add_outcome(tr->leaks, &tr->nleaks, node, hid, RML_LEAK_ERROR_EXIT);
			break;
		default:
			undecided(tr, node, "what the function returns there is not known");
			break;
		}
		return;
	}
	add_outcome(tr->leaks, &tr->nleaks, node, s->holders ? __builtin_ctzll(s->holders) : -1,
		    (s->flags & F_DROPPED) ? RML_LEAK_DISCARDED : RML_LEAK_EXIT);
}

/* The two sides of a branch, for both modes. */
static void branch(struct track *tr, const struct pst *s, unsigned node)
{
	const struct fctx *fc = tr->fc;
	const struct rml_node *n = &fc->fn->nodes[node];
	const unsigned *succ = &fc->fn->succ[n->succ];
	struct pst t = *s, f = *s;
	bool go_t = true, go_f = true;
	int hid = fc->hid[node], k = fc->ckey[node];

	if (n->nsucc != 2) {
		go_succ(tr, node, s);
		return;
	}
	switch (n->cond.test) {
	case RML_TEST_ISERR:
		if (hid < 0) {
			t.flags |= F_TESTED;
			f.flags |= F_TESTED;
			tr->saw_iserr = true;
		} else if (is_mine(tr, s, hid)) {
			t.flags |= F_TESTED | F_ISERR;
			f.flags |= F_TESTED | F_ISERR;
			tr->saw_iserr = true;
			if (!tr->free_mode && s->st == ST_LIVE) {
				t.st = ST_NOTYET;
				t.flags |= F_FAILED;
			}
		}
		break;
	case RML_TEST_NONNULL:
		if (!is_mine(tr, s, hid))
			break;
		t.flags |= F_TESTED;
		f.flags |= F_TESTED;
		if (!tr->free_mode && s->st == ST_LIVE && !(s->flags & F_ISERR))
			add_node(tr->nulltests, &tr->nnull, node);
		if (is_surely_mine(tr, s, hid)) {
			if (tr->derived && !tr->free_mode)
				f.st = ST_NOTYET;	/* a helper may give NULL */
			else
				go_f = false;	/* an allocator never gives NULL */
		}
		break;
	case RML_TEST_VAR:
		switch (vget(s, n->cond.var)) {
		case V_LINK:
			t.flags |= F_TESTED | F_ISERR;
			f.flags |= F_TESTED | F_ISERR;
			if (!tr->free_mode && s->st == ST_LIVE) {
				t.st = ST_NOTYET;
				t.flags |= F_FAILED;
			}
			vset(&t, n->cond.var, V_ERR);
			vset(&f, n->cond.var, V_ZERO);
			break;
		case V_ZERO:
			go_t = false;
			break;
		case V_ERR:
			go_f = false;
			break;
		default:
			vset(&t, n->cond.var, V_ERR);
			vset(&f, n->cond.var, V_ZERO);
			break;
		}
		break;
	default:
		break;
	}
	if (k >= 0) {
		uint16_t b = (uint16_t)(1u << k);

		if (s->cknown & b) {
			if (s->cval & b)
				go_f = false;
			else
				go_t = false;
		}
		t.cknown |= b;
		t.cval |= b;
		f.cknown |= b;
		f.cval &= (uint16_t)~b;
	}
	if (go_t)
		go(tr, succ[0], &t);
	if (go_f)
		go(tr, succ[1], &f);
}

static void setvar(struct track *tr, struct pst *s, const struct rml_event *ev, int hid2)
{
	unsigned cls = val_class(tr, s, &ev->val, hid2);

	if (ev->val.kind == RML_VAL_ERR_OR_ZERO && is_mine(tr, s, hid2)) {
		s->flags |= F_TESTED | F_ISERR;
		tr->saw_iserr = true;
	}
	vset(s, ev->var, cls);
}

static void alloc_event(struct track *tr, struct pst *s, unsigned node)
{
	const struct fctx *fc = tr->fc;
	const struct rml_event *ev = &fc->fn->nodes[node].ev;
	int hid = fc->hid[node], hid2 = fc->hid2[node];

	switch (ev->kind) {
	case RML_EV_ALLOC:
		if (node == tr->start)
			born(tr, s, node, hid, ev->dispo, ev->var);
		else {
			lose(tr, s, hid, node);
			vset(s, ev->var, V_UNK);
		}
		break;
	case RML_EV_STORE:
		if (node == tr->start) {
			born(tr, s, node, hid, RML_DISPO_STORED, -1);
		} else if (ev->val.kind == RML_VAL_HANDLE && is_mine(tr, s, hid2)) {
			if (hid >= 0)
				s->holders |= hbit(hid);
			else
				s->flags |= F_ESCAPED;
		} else if (hid != hid2) {
			lose(tr, s, hid, node);
		}
		break;
	case RML_EV_FREE:
		if (held(s) && (hid < 0 || is_mine(tr, s, hid))) {
			/* (a handle it cannot name may be this one) */
			s->st = s->st == ST_LIVE ? ST_FREED : s->st;
			s->flags &= ~F_OLDER;
		}
		break;
	case RML_EV_USE:
		if (is_mine(tr, s, hid))
			use(tr, s, node);
		break;
	case RML_EV_TEST:
		if (hid < 0 || is_mine(tr, s, hid)) {
			s->flags |= F_TESTED | F_ISERR;
			tr->saw_iserr = true;
		}
		break;
	case RML_EV_ESCAPE:
		if (is_mine(tr, s, hid)) {
			use(tr, s, node);
			s->flags |= F_ESCAPED;
		}
		break;
	case RML_EV_SETVAR:
		setvar(tr, s, ev, hid2);
		break;
	case RML_EV_CALL:
		if (s->holders & fc->calltest[node]) {
			s->flags |= F_TESTED | F_ISERR;
			tr->saw_iserr = true;
		}
		if (s->holders & (fc->calluse[node] | fc->callescape[node]))
			use(tr, s, node);
		if (s->holders & fc->callescape[node])
			s->flags |= F_ESCAPED;
		if ((s->holders & fc->callfree[node]) && held(s)) {
			s->st = s->st == ST_LIVE ? ST_FREED : s->st;
			s->flags &= ~F_OLDER;
		}
		break;
	}
}

static void free_event(struct track *tr, struct pst *s, unsigned node, bool *stop)
{
	const struct fctx *fc = tr->fc;
	const struct rml_event *ev = &fc->fn->nodes[node].ev;
	int hid = fc->hid[node], hid2 = fc->hid2[node];

	switch (ev->kind) {
	case RML_EV_FREE:
		if (s->st == ST_FREED && is_surely_mine(tr, s, hid)) {
			add_node(tr->doubles, &tr->ndoubles, node);
			*stop = true;
		} else if (node == tr->start) {
			s->st = ST_FREED;
			s->holders = hbit(hid);
		}
		break;
	case RML_EV_ALLOC:
	case RML_EV_STORE:
		if (ev->kind == RML_EV_STORE && ev->val.kind == RML_VAL_HANDLE &&
		    is_surely_mine(tr, s, hid2)) {
			s->holders |= hbit(hid);
		} else if (is_mine(tr, s, hid)) {
			s->holders &= ~hbit(hid);
			if (tr->fc->h[hid].slot == -2)
				s->holders &= ~fc->same_base[hid];
		}
		if (ev->kind == RML_EV_ALLOC)
			vset(s, ev->var, V_UNK);
		break;
	case RML_EV_ESCAPE:
		if (is_mine(tr, s, hid))
			s->holders &= ~fc->same_base[hid];
		break;
	case RML_EV_CALL:
		s->holders &= ~(fc->callassign[node] | fc->callescape[node]);
		break;
	case RML_EV_SETVAR:
		setvar(tr, s, ev, hid2);
		break;
	default:
		break;
	}
	if (s->st == ST_FREED && !s->holders)
		*stop = true;
}

/* Is node n inside loop l (or a loop nested in it)? */
static bool loop_holds(const struct rml_func *fn, int l, unsigned n)
{
	for (int k = fn->nodes[n].loop; k >= 0 && (size_t)k < fn->nloops; k = fn->loops[k].parent)
		if (k == l)
			return true;
	return false;
}

static void follow(struct track *tr)
{
	const struct rml_func *fn = tr->fc->fn;
	struct pst s0;

	memset(&s0, 0, sizeof(s0));
	tr->first_use = -1;
	go(tr, 0, &s0);
	while (tr->nstack && !tr->overflow) {
		struct visit v = tr->stack[--tr->nstack];
		const struct rml_node *n = &fn->nodes[v.node];
		struct pst s = v.s;
		bool stop = false;

		switch (n->kind) {
		case RML_NODE_NOP:
			if (tr->free_mode && tr->fc->loophead[v.node] >= 0 &&
			    (s.holders & tr->fc->owner) &&
			    loop_holds(fn, tr->fc->loophead[v.node], tr->start)) {
				/* the next pass: priv->f may be another object's member */
				s.holders &= ~tr->fc->owner;
				if (!s.holders)
					break;
			}
			if (!tr->free_mode && tr->fc->loophead[v.node] >= 0 && held(&s) &&
			    (s.holders & tr->fc->loopfree[tr->fc->loophead[v.node]])) {
				/* a cleanup loop frees it, also when it runs no pass here */
				s.st = s.st == ST_LIVE ? ST_FREED : s.st;
				s.flags &= ~F_OLDER;
			}
			go_succ(tr, v.node, &s);
			break;
		case RML_NODE_SWITCH:
			go_succ(tr, v.node, &s);
			break;
		case RML_NODE_EVENT:
			if (tr->free_mode)
				free_event(tr, &s, v.node, &stop);
			else
				alloc_event(tr, &s, v.node);
			if (!stop)
				go_succ(tr, v.node, &s);
			break;
		case RML_NODE_BRANCH:
			branch(tr, &s, v.node);
			break;
		case RML_NODE_RETURN:
		case RML_NODE_END:
			if (!tr->free_mode)
				alloc_exit(tr, &s, v.node);
			break;
		case RML_NODE_NORETURN:
			break;
		}
	}
	if (tr->overflow)
		undecided(tr, tr->start, "too many paths");
}

static void track_init(struct track *tr, struct fctx *fc, unsigned start, bool free_mode)
{
	memset(tr, 0, sizeof(*tr));
	tr->fc = fc;
	tr->start = start;
	tr->free_mode = free_mode;
	tr->first_use = -1;
}

static void track_fini(struct track *tr)
{
	free(tr->stack);
	free(tr->seen);
}

/* ---- results ----------------------------------------------------------------------------- */

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

/* The allocation that start makes (or, for a helper's result, the helper's). */
static void alloc_results(struct ctx *c, struct track *tr, const char *via)
{
	struct rml_facts *f = c->f;
	const struct fctx *fc = tr->fc;
	const struct rml_func *fn = fc->fn;
	const struct rml_node *an = &fn->nodes[tr->start];
	const char *holder = an->ev.h.text;
	const char *what = rml_arena_printf(&f->arena, "'%s' (allocated at line %u)",
					    holder ? holder : "the result", an->loc.line);
	struct rml_life *l;

	if (tr->undecided)
		record_undecided(f, tr, what);
	if (tr->overflow)
		return;
	/* leaks: local exits, error exits, overwrites, members nothing frees (devm: none) */
	l = NULL;
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
	if (l) {
		l->alloc = tr->alloc;
		l->api = tr->alloc->api;
		l->via = via;
		l->holder = holder;
	}
	/* used with no test on the way: here, or (a member never tested) in another function */
	l = NULL;
	if (tr->first_use >= 0) {
		l = new_life(f, RML_LIFE_UNCHECKED, an, fn);
		life_at(f, l, &fn->nodes[tr->first_use].loc, RML_LEAK_EXIT, NULL,
			holder_text(fc, fc->hid[tr->first_use]), NULL);
	} else if (tr->owned_untested && !c->unnamed_tests) {
		for (size_t i = 0; i < tr->nowned_ok && !l; i++) {
			const struct holder *h = &fc->h[tr->owned_ok[i].hid];
			const struct use_site *u = use_of(c, h->base);

			if ((rml_strset_find(&c->tested, h->base) >= 0) || !u)
				continue;
			l = new_life(f, RML_LIFE_UNCHECKED, an, fn);
			life_at(f, l, &u->loc, RML_LEAK_EXIT, NULL, h->text, u->func);
		}
	}
	if (l) {
		l->alloc = tr->alloc;
		l->api = tr->alloc->api;
		l->via = via;
		l->holder = holder;
	}
	/* tested against NULL only */
	if (!tr->saw_iserr && !tr->bulk) {
		for (size_t i = 0; i < tr->nnull; i++) {
			const struct rml_node *n = &fn->nodes[tr->nulltests[i]];

			l = new_life(f, RML_LIFE_NULL_TEST, n, fn);
			l->alloc = tr->alloc;
			l->api = tr->alloc->api;
			l->via = via;
			l->holder = holder_text(fc, fc->hid[tr->nulltests[i]]);
			life_at(f, l, &an->loc, RML_LEAK_EXIT, NULL, holder, NULL);
		}
	}
}

/* Follow the allocation at node `start` of fc's function. */
static void follow_alloc(struct ctx *c, struct fctx *fc, unsigned start, const struct rml_alloc *al,
			 const char *via, bool derived)
{
	const struct rml_node *n = &fc->fn->nodes[start];
	struct track tr;

	track_init(&tr, fc, start, false);
	tr.alloc = al;
	tr.derived = derived;
	tr.bulk = al->api->role == RML_ROLE_BULK_ALLOC;
	/* each pass of a loop allocates another: a slot picked at run time, or a member of
	   an object that may be another one each pass (regl->mode, bank->lock[i].priv) */
	tr.arrayslot = (n->ev.h.ix != RML_IX_NONE && n->ev.h.ix != RML_IX_CONST) ||
		       (n->loop >= 0 && is_owner_kind(n->ev.h.kind));
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

static void follow_free(struct ctx *c, struct fctx *fc, unsigned start)
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
		      struct origins *o, int depth)
{
	int height = 0;

	if (depth > ORIGINS_DEPTH) {
		o->unknown = true;
		return 0;
	}
	if (h->kind == RML_HK_PARAM) {
		/* a free wrapper: what its callers give it */
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

			if (g->nodes[k].kind != RML_NODE_EVENT || !ev->h.base ||
			    strcmp(ev->h.base, h->base))
				continue;
			if (ev->kind == RML_EV_ALLOC) {
				origin_alloc(o, ev->alloc);
			} else if (ev->kind == RML_EV_STORE) {
				if (ev->val.kind == RML_VAL_HANDLE && ev->val.h.base != h->base &&
				    (!ev->val.h.base || strcmp(ev->val.h.base, h->base))) {
					int sub = 1 + origins_of(c, g, &ev->val.h, o, depth + 1);

					if (sub > height)
						height = sub;
				} else if (ev->val.kind == RML_VAL_CALL) {
					struct fsum *cs = sum_of(c, ev->val.callee);

					if (cs && cs->ret_alloc && !cs->ret_mixed)
						origin_alloc(o, cs->ret_alloc);
					else
						o->unknown = true;
				} else if (ev->val.kind != RML_VAL_NULL) {
					o->unknown = true;
				}
			}
		}
	}
	return height;
}

static void free_results(struct ctx *c, const struct rml_func *fn, const struct rml_node *n)
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

/* ---- the driver --------------------------------------------------------------------------- */

void rml_paths_analyse(struct rml_facts *f)
{
	struct ctx c = { .f = f };
	struct fctx *fcs;

	if (!f->funcs.n)
		return;
	summarise(&c);
	fcs = rml_xcalloc(c.nsums, sizeof(*fcs));
	for (size_t i = 0; i < c.nsums; i++)
		fctx_init(&fcs[i], &c, c.sums[i].fn);
	/* allocations made here, then (round by round) the results of helpers giving them */
	for (size_t i = 0; i < c.nsums; i++) {
		const struct rml_func *fn = c.sums[i].fn;

		if (c.sums[i].dup)
			continue;
		for (unsigned k = 0; k < fn->nnodes; k++) {
			const struct rml_node *n = &fn->nodes[k];

			if (n->kind == RML_NODE_EVENT && n->ev.kind == RML_EV_ALLOC &&
			    n->ev.alloc && n->ev.alloc->api)
				follow_alloc(&c, &fcs[i], k, n->ev.alloc, NULL, false);
		}
	}
	for (int round = 0; round < MAX_ROUNDS; round++) {
		bool more = false;

		for (size_t i = 0; i < c.nsums; i++) {
			const struct rml_func *fn = c.sums[i].fn;

			if (c.sums[i].dup)
				continue;
			for (unsigned k = 0; k < fn->nnodes; k++) {
				const struct rml_node *n = &fn->nodes[k];
				struct fsum *cs;

				if (n->ev.val.kind != RML_VAL_CALL)
					continue;
				cs = sum_of(&c, n->ev.val.callee);
				if (!cs || !cs->ret_alloc || cs == &c.sums[i])
					continue;
				/* return helper(...): a helper of the helper */
				if (n->kind == RML_NODE_RETURN && fn->returns_handle &&
				    !c.sums[i].ret_alloc) {
					c.sums[i].ret_alloc = cs->ret_alloc;
					c.sums[i].ret_mixed = cs->ret_mixed;
					more = true;
				}
				if (n->kind != RML_NODE_EVENT || n->ev.kind != RML_EV_STORE ||
				    cs->ret_mixed)
					continue;
				if (!c.sums[i].followed)
					c.sums[i].followed = rml_xcalloc(fn->nnodes, 1);
				if (c.sums[i].followed[k])
					continue;
				c.sums[i].followed[k] = 1;
				more = true;
				follow_alloc(&c, &fcs[i], k, cs->ret_alloc, n->ev.val.callee_name,
					     true);
			}
		}
		if (!more)
			break;
	}
	/* frees: twice on one path; and what the freed handle can hold */
	for (size_t i = 0; i < c.nsums; i++) {
		const struct rml_func *fn = c.sums[i].fn;

		if (c.sums[i].dup)
			continue;

		for (unsigned k = 0; k < fn->nnodes; k++) {
			const struct rml_node *n = &fn->nodes[k];

			if (n->kind != RML_NODE_EVENT || n->ev.kind != RML_EV_FREE)
				continue;
			follow_free(&c, &fcs[i], k);
			free_results(&c, fn, n);
		}
	}
	for (size_t i = 0; i < c.nsums; i++) {
		fctx_fini(&fcs[i]);
		free(c.sums[i].followed);
		rml_strset_fini(&c.sums[i].freed);
		rml_strset_fini(&c.sums[i].assigned);
	}
	free(fcs);
	free(c.sums);
	free(c.hash);
	rml_strset_fini(&c.freed);
	rml_strset_fini(&c.tested);
	rml_strset_fini(&c.used);
	free(c.uses);
}

/* ---- a readable dump of the control flow (debugging) -------------------------------------- */

static const char *const node_names[] = { "nop", "event", "branch", "switch", "return", "end",
					  "noreturn" };
static const char *const ev_names[] = { "alloc", "free", "use", "test", "escape", "store",
					"setvar", "call" };
static const char *const test_names[] = { "?", "iserr", "nonnull", "var" };
static const char *const val_names[] = { "none", "const", "null", "var", "err", "err-or-zero",
					 "handle", "alloc", "call", "other" };

void rml_paths_dump(FILE *out, const struct rml_facts *f)
{
	for (size_t i = 0; i < f->funcs.n; i++) {
		const struct rml_func *fn = f->funcs.p[i];

		fprintf(out, "func %s%s%s (%zu nodes, %zu loops)\n", fn->name,
			fn->incomplete ? ": incomplete: " : "",
			fn->incomplete ? fn->incomplete : "",
			fn->nnodes, fn->nloops);
		for (size_t k = 0; k < fn->nnodes; k++) {
			const struct rml_node *n = &fn->nodes[k];

			fprintf(out, "  %3zu L%-4u %-8s", k, n->loc.line, node_names[n->kind]);
			if (n->kind == RML_NODE_EVENT) {
				fprintf(out, " %s", ev_names[n->ev.kind]);
				if (n->ev.h.text)
					fprintf(out, " h=%s", n->ev.h.text);
				if (n->ev.var >= 0)
					fprintf(out, " var=%s", fn->vars[n->ev.var]);
				if (n->ev.kind == RML_EV_STORE || n->ev.kind == RML_EV_SETVAR)
					fprintf(out, " val=%s(%s)", val_names[n->ev.val.kind],
						n->ev.val.text ? n->ev.val.text : "");
				if (n->ev.callee_name)
					fprintf(out, " fn=%s", n->ev.callee_name);
			} else if (n->kind == RML_NODE_BRANCH) {
				fprintf(out, " %s", test_names[n->cond.test]);
				if (n->cond.h.text)
					fprintf(out, " h=%s", n->cond.h.text);
				if (n->cond.var >= 0)
					fprintf(out, " var=%s", fn->vars[n->cond.var]);
			} else if (n->kind == RML_NODE_RETURN) {
				fprintf(out, " %s(%s)", val_names[n->ev.val.kind],
					n->ev.val.text ? n->ev.val.text : "");
			}
			if (n->loop >= 0)
				fprintf(out, " [loop %d]", n->loop);
			fprintf(out, " ->");
			for (unsigned j = 0; j < n->nsucc; j++)
				fprintf(out, " %u", fn->succ[n->succ + j]);
			fputc('\n', out);
		}
	}
	for (size_t i = 0; i < f->lives.n; i++) {
		const struct rml_life *l = f->lives.p[i];

		fprintf(out, "life %d at %u: %s", l->kind, l->loc.line, l->holder ? l->holder : "");
		for (size_t k = 0; k < l->nat; k++)
			fprintf(out, " [%u how=%d %s %s]", l->at[k].loc.line, l->at[k].how,
				l->at[k].what ? l->at[k].what : "",
				l->at[k].holder ? l->at[k].holder : "");
		fputc('\n', out);
	}
	for (size_t i = 0; i < f->undecided.n; i++) {
		const struct rml_unknown *u = f->undecided.p[i];

		fprintf(out, "undecided %u: %s: %s\n", u->loc.line, u->what, u->why);
	}
}
