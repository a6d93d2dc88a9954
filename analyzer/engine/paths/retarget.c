/*
 * retarget: a leak's fix on an unwinding ladder. A goto that jumps past the rung that
 * frees what is live at it (`goto err_gain;` where `err_fields:`, just above, frees the
 * handle allocated last) is fixed by jumping to that rung instead. The move is made only
 * when it is right on every path: each handle the extra rungs free is live at the goto on
 * every path that reaches it (never an ERR_PTR, never one not yet allocated), and with the
 * gotos moved every plain allocation and every free of the function is followed again:
 * the leak is gone, no other appears, nothing is freed twice, and the label left behind
 * is still named by another goto (an unused label is a -Wunused-label warning).
 */
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

#define MAX_ALLOCS 16	/* plain allocations of one function weighed */
#define MAX_RUNGS 16	/* nodes between a label and the one the goto names */
#define MAX_MOVES 2	/* gotos moved for one leak (the edits of a struct rml_fixit) */

/* A plain allocation of the function: its leaks, and what it is at each goto. */
struct walked {
	unsigned node;
	struct at_goto *at;	/* per node */
	struct outcome leaks[MAX_OUT];
	size_t nleaks;
};

struct move {
	unsigned go, from, to;	/* the goto, the label it named, the label it jumps to */
	int hids[MAX_RUNGS];	/* the holders the rungs between free */
	int nh;
};

struct rt {
	struct fctx *fc;
	const struct rml_func *fn;
	struct walked a[MAX_ALLOCS];
	size_t na;
	size_t me;		/* the leaking allocation, in a */
	struct move mv[MAX_MOVES];
	size_t nmv;
};

static bool is_plain_alloc(const struct rml_node *n)
{
	return n->kind == RML_NODE_EVENT && n->ev.kind == RML_EV_ALLOC && n->ev.alloc &&
	       n->ev.alloc->api && !n->ev.alloc->api->devm;
}

/* Follow the allocation at node k again (states at the gotos into at, when given). */
static bool walk_alloc(struct rt *rt, unsigned k, struct at_goto *at, struct track *out)
{
	struct track tr;

	track_alloc(&tr, rt->fc, k, rt->fn->nodes[k].ev.alloc, false);
	tr.at = at;
	follow(&tr);
	*out = tr;
	out->stack = NULL;
	out->seen = NULL;
	track_fini(&tr);
	return !tr.overflow;
}

/* The frees of the function found freeing something twice, in all. */
static size_t doubles(struct rt *rt)
{
	size_t n = 0;

	for (unsigned k = 0; k < rt->fn->nnodes; k++) {
		const struct rml_node *nd = &rt->fn->nodes[k];
		int hid = rt->fc->hid[k];
		struct track tr;

		if (nd->kind != RML_NODE_EVENT || nd->ev.kind != RML_EV_FREE || hid < 0 ||
		    rt->fc->h[hid].slot == -2)
			continue;
		track_init(&tr, rt->fc, k, true);
		follow(&tr);
		n += tr.overflow ? MAX_OUT + 1 : tr.ndoubles;
		track_fini(&tr);
	}
	return n;
}

/*
 * From label t down to label `to`, the rungs: frees of named holders only (no devm
 * free, no other statement, no loop), their holders into m. false when it is not so.
 */
static bool rungs(const struct rt *rt, unsigned t, unsigned to, struct move *m)
{
	unsigned k = t;

	m->nh = 0;
	for (int step = 0; step < MAX_RUNGS && k != to; step++) {
		const struct rml_node *n = &rt->fn->nodes[k];

		if (n->nsucc != 1 || n->is_goto || rt->fc->loophead[k] >= 0)
			return false;
		if (n->kind == RML_NODE_EVENT) {
			if (n->ev.kind != RML_EV_FREE || rt->fc->hid[k] < 0 ||
			    (n->ev.api && n->ev.api->devm))
				return false;
			m->hids[m->nh++] = rt->fc->hid[k];
		} else if (n->kind != RML_NODE_NOP) {
			return false;
		}
		k = rt->fn->succ[n->succ];
	}
	return k == to && m->nh > 0;
}

/*
 * Does every rung of m free an allocation live at goto g on every path, and is one of
 * them the leaking one? No allocation that may be something else there (failed, not yet
 * made, given away) may share a rung's holder.
 */
static bool rungs_free_live(const struct rt *rt, unsigned g, const struct move *m)
{
	bool mine = false;

	for (int i = 0; i < m->nh; i++) {
		uint64_t same = rt->fc->same_base[m->hids[i]];
		bool live = false;

		for (size_t j = 0; j < rt->na; j++) {
			const struct at_goto *at = &rt->a[j].at[g];

			if (!at->seen || !(at->holders & same))
				continue;
			if (at->unsure)
				return false;
			live = true;
			mine = mine || j == rt->me;
		}
		if (!live)
			return false;
	}
	return mine;
}

/* Still named by a goto that is not moved? */
static bool label_kept(const struct rt *rt, const char *label)
{
	for (unsigned k = 0; k < rt->fn->nnodes; k++) {
		const struct rml_node *n = &rt->fn->nodes[k];
		bool moved = false;

		for (size_t i = 0; i < rt->nmv; i++)
			moved = moved || rt->mv[i].go == k;
		if (n->is_goto && !moved && !strcmp(n->label, label))
			return true;
	}
	return false;
}

/* The nearest label above goto g's whose rungs free what m needs; false when none. */
static bool pick_rung(const struct rt *rt, unsigned g, struct move *m)
{
	const struct rml_node *gn = &rt->fn->nodes[g];
	unsigned from = rt->fn->succ[gn->succ];
	struct move best = { .nh = MAX_RUNGS + 1 }, t;

	for (unsigned k = 0; k < rt->fn->nnodes; k++) {
		const struct rml_node *n = &rt->fn->nodes[k];

		if (!n->label || n->is_goto || k == from || !rungs(rt, k, from, &t) ||
		    t.nh >= best.nh || !rungs_free_live(rt, g, &t))
			continue;
		best = t;
		best.to = k;
	}
	if (best.nh > MAX_RUNGS)
		return false;
	*m = best;
	m->go = g;
	m->from = from;
	return true;
}

/* Is outcome o one of v's? */
static bool had(const struct outcome *v, size_t n, const struct outcome *o)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].node == o->node && v[i].how == o->how)
			return true;
	return false;
}

/* With the moves made: the leak gone, no other leak, no more double frees? */
static bool moves_hold(struct rt *rt)
{
	unsigned old[MAX_MOVES];
	size_t before = doubles(rt);
	bool ok = true;

	for (size_t i = 0; i < rt->nmv; i++) {
		unsigned *s = &rt->fn->succ[rt->fn->nodes[rt->mv[i].go].succ];

		old[i] = *s;
		*s = rt->mv[i].to;
		ok = ok && label_kept(rt, rt->fn->nodes[rt->mv[i].from].label);
	}
	for (size_t j = 0; j < rt->na && ok; j++) {
		struct track tr;

		ok = walk_alloc(rt, rt->a[j].node, NULL, &tr) && (j != rt->me || !tr.nleaks);
		for (size_t i = 0; i < tr.nleaks && ok; i++)
			ok = had(rt->a[j].leaks, rt->a[j].nleaks, &tr.leaks[i]);
	}
	ok = ok && doubles(rt) <= before;
	for (size_t i = rt->nmv; i-- > 0;)
		rt->fn->succ[rt->fn->nodes[rt->mv[i].go].succ] = old[i];
	return ok;
}

/* Does the fall-through from label `from` to its return free what `held` holds? -1: not
   a straight way (a branch, a loop, too long). */
static int frees_on_way(const struct rt *rt, unsigned from, uint64_t held)
{
	unsigned k = from;

	for (int step = 0; step < 4 * MAX_RUNGS; step++) {
		const struct rml_node *n = &rt->fn->nodes[k];
		int hid = rt->fc->hid[k];

		if (n->kind == RML_NODE_RETURN || n->kind == RML_NODE_END)
			return 0;
		if (n->nsucc != 1 || rt->fc->loophead[k] >= 0)
			return -1;
		if (n->kind == RML_NODE_EVENT && n->ev.kind == RML_EV_FREE &&
		    (hid < 0 || (rt->fc->same_base[hid] & held)))
			return 1;
		if (n->kind == RML_NODE_EVENT && n->ev.kind == RML_EV_CALL &&
		    (rt->fc->callfree[k] & held))
			return 1;
		k = rt->fn->succ[n->succ];
	}
	return -1;
}

/* The gotos the leak leaves through, each with the rung to jump to; false if one has none. */
static bool plan_moves(struct rt *rt)
{
	const struct walked *me = &rt->a[rt->me];

	for (unsigned g = 0; g < rt->fn->nnodes; g++) {
		const struct rml_node *n = &rt->fn->nodes[g];
		const struct at_goto *at = &me->at[g];

		if (!n->is_goto || n->nsucc != 1 || !at->seen || at->unsure || !at->holders)
			continue;
		switch (frees_on_way(rt, rt->fn->succ[n->succ], at->holders)) {
		case 1:
			continue;
		case 0:
			if (rt->nmv == MAX_MOVES || !pick_rung(rt, g, &rt->mv[rt->nmv]))
				return false;
			rt->nmv++;
			continue;
		default:
			return false;
		}
	}
	return rt->nmv > 0;
}

/* The moves into l: a note's words for each, and the fix-it when each label is plain. */
static void tell(struct rml_facts *f, const struct rt *rt, struct rml_life *l)
{
	struct rml_retarget *v = rml_arena_alloc(&f->arena, rt->nmv * sizeof(*v));
	struct rml_fixit *fix = rml_arena_alloc(&f->arena, sizeof(*fix));

	memset(fix, 0, sizeof(*fix));
	for (size_t i = 0; i < rt->nmv; i++) {
		const struct move *m = &rt->mv[i];
		const struct rml_node *g = &rt->fn->nodes[m->go];
		char *frees = "";

		for (int j = 0; j < m->nh; j++) {
			const char *h = rt->fc->h[m->hids[j]].text;

			frees = rml_arena_printf(&f->arena, "%s%s'%s'", frees, j ? ", " : "",
						 h ? h : "?");
		}
		v[i] = (struct rml_retarget){ g->loc, g->label,
					      rt->fn->nodes[m->to].label, frees };
		if (fix && g->label_at.file)
			fix->e[fix->n++] = (struct rml_edit){ g->label_at, v[i].to };
		else
			fix = NULL;
	}
	l->retargets = v;
	l->nretargets = rt->nmv;
	l->fix = fix;
}

void retarget(struct ctx *c, const struct track *tr, struct rml_life *l)
{
	struct rt rt = { .fc = tr->fc, .fn = tr->fc->fn, .me = SIZE_MAX };
	bool ok = !tr->alloc->api->devm && !tr->arrayslot && !tr->overflow && tr->nleaks &&
		  is_plain_alloc(&rt.fn->nodes[tr->start]);

	_Static_assert(MAX_MOVES <= RML_ARRAY_SIZE(((struct rml_fixit *)0)->e),
		       "a fix-it holds an edit for each goto moved");
	for (size_t i = 0; i < l->nat && ok; i++)
		ok = l->at[i].how == RML_LEAK_EXIT || l->at[i].how == RML_LEAK_ERROR_EXIT;
	for (unsigned k = 0; k < rt.fn->nnodes && ok; k++) {
		struct track w;

		if (!is_plain_alloc(&rt.fn->nodes[k]))
			continue;
		if (rt.na == MAX_ALLOCS) {
			ok = false;
			break;
		}
		if (k == tr->start)
			rt.me = rt.na;
		rt.a[rt.na].node = k;
		rt.a[rt.na].at = rml_xcalloc(rt.fn->nnodes, sizeof(struct at_goto));
		ok = walk_alloc(&rt, k, rt.a[rt.na].at, &w);
		memcpy(rt.a[rt.na].leaks, w.leaks, sizeof(w.leaks));
		rt.a[rt.na++].nleaks = w.nleaks;
	}
	if (ok && rt.me < rt.na && plan_moves(&rt) && moves_hold(&rt))
		tell(c->f, &rt, l);
	for (size_t i = 0; i < rt.na; i++)
		free(rt.a[i].at);
}
