/*
 * follow: one allocation (or one free) followed from its node over (node, state) pairs,
 * recording where it leaks, is used untested, is NULL-tested, or is freed twice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

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
		/* an exit that may succeed (`return devm_foo(...)`: not known) leaves the
		   member untested for the functions that use it */
		if ((s->holders & fc->owner) && exit_class(tr, s, v, hid2) != EXIT_ERROR &&
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
/* The two sides of a branch: their states, and whether each can be taken. */
struct sides {
	struct pst t, f;
	bool go_t, go_f;
};

/* IS_ERR(h): tested; on its true side a live allocation of ours is the failure. */
static void branch_iserr(struct track *tr, const struct pst *s, int hid, struct sides *b)
{
	if (hid < 0) {
		b->t.flags |= F_TESTED;
		b->f.flags |= F_TESTED;
		tr->saw_iserr = true;
	} else if (is_mine(tr, s, hid)) {
		b->t.flags |= F_TESTED | F_ISERR;
		b->f.flags |= F_TESTED | F_ISERR;
		tr->saw_iserr = true;
		if (!tr->free_mode && s->st == ST_LIVE) {
			b->t.st = ST_NOTYET;
			b->t.flags |= F_FAILED;
		}
	}
}

/* h (!= NULL): a NULL test of ours; an allocator never gives NULL, a helper may. */
static void branch_nonnull(struct track *tr, const struct pst *s, int hid, unsigned node,
			   struct sides *b)
{
	if (!is_mine(tr, s, hid))
		return;
	b->t.flags |= F_TESTED;
	b->f.flags |= F_TESTED;
	if (!tr->free_mode && s->st == ST_LIVE && !(s->flags & F_ISERR))
		add_node(tr->nulltests, &tr->nnull, node);
	if (is_surely_mine(tr, s, hid)) {
		if (tr->derived && !tr->free_mode)
			b->f.st = ST_NOTYET;	/* a helper may give NULL */
		else
			b->go_f = false;	/* an allocator never gives NULL */
	}
}

/* An int local tested: what it is known to hold decides the side, or becomes known. */
static void branch_var(struct track *tr, const struct pst *s, int var, struct sides *b)
{
	switch (vget(s, var)) {
	case V_LINK:
		b->t.flags |= F_TESTED | F_ISERR;
		b->f.flags |= F_TESTED | F_ISERR;
		if (!tr->free_mode && s->st == ST_LIVE) {
			b->t.st = ST_NOTYET;
			b->t.flags |= F_FAILED;
		}
		vset(&b->t, var, V_ERR);
		vset(&b->f, var, V_ZERO);
		break;
	case V_ZERO:
		b->go_t = false;
		break;
	case V_ERR:
		b->go_f = false;
		break;
	default:
		vset(&b->t, var, V_ERR);
		vset(&b->f, var, V_ZERO);
		break;
	}
}

/* A condition written before: taken the way it was; either way, it is known after. */
static void branch_repeated(const struct pst *s, int k, struct sides *b)
{
	uint16_t bit = (uint16_t)(1u << k);

	if (s->cknown & bit) {
		if (s->cval & bit)
			b->go_f = false;
		else
			b->go_t = false;
	}
	b->t.cknown |= bit;
	b->t.cval |= bit;
	b->f.cknown |= bit;
	b->f.cval &= (uint16_t)~bit;
}

static void branch(struct track *tr, const struct pst *s, unsigned node)
{
	const struct fctx *fc = tr->fc;
	const struct rml_node *n = &fc->fn->nodes[node];
	const unsigned *succ = &fc->fn->succ[n->succ];
	struct sides b = { *s, *s, true, true };
	int hid = fc->hid[node], k = fc->ckey[node];

	if (n->nsucc != 2) {
		go_succ(tr, node, s);
		return;
	}
	if (n->cond.test == RML_TEST_ISERR)
		branch_iserr(tr, s, hid, &b);
	else if (n->cond.test == RML_TEST_NONNULL)
		branch_nonnull(tr, s, hid, node, &b);
	else if (n->cond.test == RML_TEST_VAR)
		branch_var(tr, s, n->cond.var, &b);
	if (k >= 0)
		branch_repeated(s, k, &b);
	if (b.go_t)
		go(tr, succ[0], &b.t);
	if (b.go_f)
		go(tr, succ[1], &b.f);
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

static void seen_at_goto(struct at_goto *g, const struct pst *s)
{
	if (s->st != ST_LIVE || (s->flags & (F_ESCAPED | F_OLDER)))
		g->unsure = true;
	g->holders = g->seen ? g->holders & s->holders : s->holders;
	g->seen = true;
}

/* Is node n inside loop l (or a loop nested in it)? */
static bool loop_holds(const struct rml_func *fn, int l, unsigned n)
{
	for (int k = fn->nodes[n].loop; k >= 0 && (size_t)k < fn->nloops; k = fn->loops[k].parent)
		if (k == l)
			return true;
	return false;
}

void follow(struct track *tr)
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

		if (tr->at && n->is_goto)
			seen_at_goto(&tr->at[v.node], &s);

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

void track_init(struct track *tr, struct fctx *fc, unsigned start, bool free_mode)
{
	memset(tr, 0, sizeof(*tr));
	tr->fc = fc;
	tr->start = start;
	tr->free_mode = free_mode;
	tr->first_use = -1;
}

void track_fini(struct track *tr)
{
	free(tr->stack);
	free(tr->seen);
}
