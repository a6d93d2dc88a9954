/*
 * func: one function prepared for the walk: its handles numbered as holders, its repeated
 * conditions paired, its loops' frees, and per call what the callee does to each holder.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths_int.h"

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

/* Holders of this function whose base a callee frees (or sets). */
static uint64_t holders_in(const struct fctx *fc, const struct rml_strset *bases)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < fc->nh && bases->n; i++)
		if (fc->h[i].base && is_owner_kind(fc->h[i].kind) && (rml_strset_find(bases, fc->h[i].base) >= 0))
			m |= hbit((int)i);
	return m;
}

/* Every handle the function names, numbered as a holder (node by node, in order). */
static void number_holders(struct fctx *fc)
{
	const struct rml_func *fn = fc->fn;

	for (size_t i = 0; i < fn->nnodes; i++) {
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
		}
	}
}

/*
 * Does branch node i decide whether a loop runs another pass? Its condition (`i < n`)
 * changes from pass to pass, and two loops written alike (`for (i = 0; i < n; i++)` twice)
 * are not taken alike: the first may run while the second runs too.
 */
static bool controls_loop(const struct rml_func *fn, size_t i)
{
	const struct rml_node *n = &fn->nodes[i];
	unsigned head;

	if (n->loop < 0)
		return false;
	head = fn->loops[n->loop].head;
	if (head == i)
		return true;
	if (fn->nodes[head].nsucc == 1 && fn->succ[fn->nodes[head].succ] == i)
		return true;	/* for, while: the head leads to the condition */
	for (unsigned k = 0; k < n->nsucc; k++)
		if (fn->succ[n->succ + k] == head)
			return true;	/* do-while: the condition leads back to the head */
	return false;
}

/* Conditions written the same way twice get one key (up to MAX_CKEYS): taken alike. */
static void pair_conditions(struct fctx *fc)
{
	const struct rml_func *fn = fc->fn;
	const char *keys[MAX_CKEYS * 4];
	unsigned nkeys = 0, cnt[RML_ARRAY_SIZE(keys)];
	int nckeys = 0;

	for (size_t i = 0; i < fn->nnodes; i++) {
		const struct rml_node *n = &fn->nodes[i];
		unsigned k;

		if (n->kind != RML_NODE_BRANCH || !n->cond.text || nkeys >= RML_ARRAY_SIZE(keys) ||
		    controls_loop(fn, i))
			continue;
		for (k = 0; k < nkeys && strcmp(keys[k], n->cond.text); k++)
			;
		if (k == nkeys) {
			keys[nkeys] = n->cond.text;
			cnt[nkeys++] = 0;
		}
		cnt[k]++;
	}
	for (unsigned k = 0; k < nkeys; k++)
		cnt[k] = cnt[k] > 1 && nckeys < MAX_CKEYS ? (unsigned)nckeys++ + 1 : 0;
	for (size_t i = 0; i < fn->nnodes && nckeys; i++) {
		const struct rml_node *n = &fn->nodes[i];

		if (n->kind != RML_NODE_BRANCH || !n->cond.text || controls_loop(fn, i))
			continue;
		for (unsigned k = 0; k < nkeys; k++)
			if (!strcmp(keys[k], n->cond.text))
				fc->ckey[i] = (int)cnt[k] - 1;
	}
}

/* Which holders share a base, and which are members/globals or parameters. */
static void holder_masks(struct fctx *fc)
{
	for (unsigned i = 0; i < fc->nh; i++) {
		for (unsigned j = 0; j < fc->nh; j++)
			if (same_holder_base(&fc->h[i], &fc->h[j]))
				fc->same_base[i] |= hbit((int)j);
		if (is_owner_kind(fc->h[i].kind))
			fc->owner |= hbit((int)i);
		else if (fc->h[i].kind == RML_HK_PARAM || fc->h[i].kind == RML_HK_UNKNOWN)
			fc->params |= hbit((int)i);
	}
}

/* A call at node i: what the callee frees, tests, keeps, uses and sets of the holders. */
static void call_effects(struct fctx *fc, size_t i)
{
	const struct rml_node *n = &fc->fn->nodes[i];
	struct fsum *cs = sum_of(fc->c, n->ev.callee);

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
}

/* Per loop, the holders freed inside it (directly or by a call). */
static void loop_frees(struct fctx *fc, size_t i, uint64_t freed)
{
	const struct rml_func *fn = fc->fn;

	for (int l = fn->nodes[i].loop; freed && l >= 0 && (size_t)l < fn->nloops;
	     l = fn->loops[l].parent)
		fc->loopfree[l] |= freed;
}

void fctx_init(struct fctx *fc, struct ctx *c, const struct rml_func *fn)
{
	size_t nn = fn->nnodes;

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
	number_holders(fc);
	pair_conditions(fc);
	holder_masks(fc);
	for (size_t l = 0; l < fn->nloops; l++)
		fc->loophead[fn->loops[l].head] = (int)l;
	for (size_t i = 0; i < nn; i++) {
		const struct rml_node *n = &fn->nodes[i];

		if (n->kind != RML_NODE_EVENT)
			continue;
		if (n->ev.kind == RML_EV_FREE && fc->hid[i] >= 0)
			loop_frees(fc, i, fc->same_base[fc->hid[i]]);
		if (n->ev.kind == RML_EV_CALL) {
			call_effects(fc, i);
			loop_frees(fc, i, fc->callfree[i]);
		}
	}
}

void fctx_fini(struct fctx *fc)
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
