/*
 * extract/cfg.c: the control-flow builder's core: nodes and edges, events at the node
 * control is at, the int locals the paths keep apart, writes and calls waiting for their
 * node, and the function's graph copied into the facts when its walk ends.
 *
 * While a function body is walked, its control flow is built beside the facts: branch
 * nodes for conditions (&& and || split, so each test is a branch of its own), loops,
 * switch dispatch, goto to labels, returns with what they return, and event nodes, in
 * program order, for what happens to handles and to int locals (ret). Nodes are made only
 * where control is (cur >= 0); the facts are extracted everywhere, dead code included.
 */
#include "ex.h"

#include <stdlib.h>
#include <string.h>

int ex_cfg_node(struct ex *x, enum rml_node_kind kind, const CXCursor *at)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;
	struct rml_node *n;

	if (g->nn == b->capn) {
		b->capn = b->capn ? 2 * b->capn : 64;
		b->n = rml_xrealloc(b->n, b->capn * sizeof(*b->n));
		b->npred = rml_xrealloc(b->npred, b->capn * sizeof(*b->npred));
	}
	n = &b->n[g->nn];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->loop = g->loop;
	n->ev.var = -1;
	n->ev.val.var = -1;
	n->cond.var = -1;
	n->ev.h.base_param = n->ev.val.h.base_param = n->cond.h.base_param = -1;
	if (at)
		n->loc = ex_cursor_loc(x, *at);
	else
		n->loc.file = "";
	b->npred[g->nn] = 0;
	return (int)g->nn++;
}

void ex_cfg_edge(struct ex *x, int from, int to, unsigned slot)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;

	if (from < 0 || to < 0)
		return;
	if (g->ne == b->cape) {
		b->cape = b->cape ? 2 * b->cape : 128;
		b->e = rml_xrealloc(b->e, b->cape * sizeof(*b->e));
	}
	b->e[g->ne++] = (struct cfg_edge){ (unsigned)from, (unsigned)to, slot };
	b->npred[to]++;
}

/* A node after the current one (none where control cannot be); it becomes current. */
struct rml_node *ex_cfg_emit(struct ex *x, enum rml_node_kind kind, CXCursor at)
{
	int n;

	if (!x->fn.g.on || x->fn.g.cur < 0)
		return NULL;
	n = ex_cfg_node(x, kind, &at);
	ex_cfg_edge(x, x->fn.g.cur, n, 0);
	x->fn.g.cur = kind == RML_NODE_EVENT || kind == RML_NODE_NOP || kind == RML_NODE_SWITCH ? n : -1;
	return &x->gbuf.n[n];
}

struct rml_event *ex_cfg_event(struct ex *x, enum rml_ev_kind kind, CXCursor at)
{
	struct rml_node *n = ex_cfg_emit(x, RML_NODE_EVENT, at);

	if (!n)
		return NULL;
	n->ev.kind = kind;
	x->fn.g.nevents++;
	return &n->ev;
}

void ex_cfg_incomplete(struct ex *x, const char *why)
{
	if (x->fn.g.on && !x->fn.g.incomplete)
		x->fn.g.incomplete = why;
}

/* An int local of the function (VarDecl), numbered; -1 when not one or too many. */
int ex_cfg_var_decl(struct ex *x, CXCursor decl, bool create)
{
	struct cfgb *g = &x->fn.g;
	unsigned bits;
	bool sign;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl || ex_var_hkind(decl) != RML_HK_LOCAL ||
	    !ex_type_int(clang_getCursorType(decl), &bits, &sign))
		return -1;
	for (unsigned i = 0; i < g->nvars; i++)
		if (!clang_Cursor_isNull(g->var[i].decl) && clang_equalCursors(g->var[i].decl, decl))
			return (int)i;
	if (!create || g->nvars == RML_ARRAY_SIZE(g->var))
		return -1;
	g->var[g->nvars].decl = decl;
	g->var[g->nvars].name = ex_cxstr(x, clang_getCursorSpelling(decl));
	g->var[g->nvars].used = false;
	return (int)g->nvars++;
}

int ex_cfg_var(struct ex *x, CXCursor e, bool create)
{
	CXCursor s = ex_strip(e);

	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return -1;
	return ex_cfg_var_decl(x, clang_getCursorReferenced(s), create);
}

/* A result kept apart without a variable of its own: `if (regmap_field_bulk_alloc(...))`. */
int ex_cfg_var_temp(struct ex *x)
{
	struct cfgb *g = &x->fn.g;

	if (g->nvars == RML_ARRAY_SIZE(g->var))
		return -1;
	g->var[g->nvars].decl = clang_getNullCursor();
	g->var[g->nvars].name = "(result)";
	g->var[g->nvars].used = true;
	return (int)g->nvars++;
}

void ex_cfg_var_used(struct ex *x, int var)
{
	if (var >= 0)
		x->fn.g.var[var].used = true;
}

/* A write or a call whose control-flow node is made when the walk leaves the call. */
void ex_cfg_pend(struct ex *x, CXCursor call, struct rml_write *w, struct rml_call *c)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;

	if (!g->on)
		return;
	if (g->npend == b->cappend) {
		b->cappend = b->cappend ? 2 * b->cappend : 32;
		b->pend = rml_xrealloc(b->pend, b->cappend * sizeof(*b->pend));
	}
	b->pend[g->npend].call = call;
	b->pend[g->npend].w = w;
	b->pend[g->npend++].c = c;
}

/* The event just made for a call: the node of the write or call recorded for it. */
void ex_cfg_pend_node(struct ex *x, CXCursor call, bool write)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;

	for (size_t i = g->npend; i-- > 0;) {
		if (!clang_equalCursors(b->pend[i].call, call))
			continue;
		if (write && b->pend[i].w)
			b->pend[i].w->node = (int)g->nn - 1;
		else if (!write && b->pend[i].c)
			b->pend[i].c->node = (int)g->nn - 1;
		else
			continue;
		return;
	}
}

/* A function's walk begins (struct ex_fn zeroed): the entry is node 0. */
void ex_cfg_begin(struct ex *x)
{
	struct cfgb *g = &x->fn.g;

	g->on = true;
	g->brk = g->cont = g->sw = g->loop = -1;
	g->leaf_var = -1;
	g->cur = ex_cfg_node(x, RML_NODE_NOP, NULL);
}

/* Where control reaches the end of the function: an end node, at the closing brace. */
static void cfg_end_node(struct ex *x, CXCursor fn)
{
	struct rml_node *end;

	if (x->fn.g.cur < 0)
		return;
	end = ex_cfg_emit(x, RML_NODE_END, fn);
	if (end) {	/* the extent ends just after the brace */
		end->loc = ex_mkloc(x, clang_getRangeEnd(clang_getCursorExtent(fn)));
		if (end->loc.col > 1)
			end->loc.col--;
	}
}

/* The writes and calls that waited for their node: in graph f, or in none (f NULL). */
static void pend_settle(struct ex *x, struct rml_func *f)
{
	struct cfg_bufs *b = &x->gbuf;

	for (size_t i = 0; i < x->fn.g.npend; i++) {
		struct rml_write *w = b->pend[i].w;
		struct rml_call *c = b->pend[i].c;

		if (!f) {
			if (w)
				w->node = -1;
			if (c)
				c->node = -1;
			continue;
		}
		if (w && w->node >= 0)
			w->cfg = f;
		if (c && c->node >= 0)
			c->cfg = f;
	}
}

/* The nodes, into f: only the int locals that are returned or tested are kept apart. */
static void cfg_copy_nodes(struct ex *x, struct rml_func *f)
{
	struct cfgb *g = &x->fn.g;
	int remap[EX_MAX_GVARS];

	for (unsigned i = 0; i < g->nvars; i++) {
		remap[i] = -1;
		if (g->var[i].used && f->nvars < RML_MAX_VARS) {
			remap[i] = (int)f->nvars;
			f->vars[f->nvars++] = g->var[i].name;
		}
	}
	f->nnodes = g->nn;
	f->nodes = rml_arena_alloc(x->a, g->nn * sizeof(*f->nodes));
	memcpy(f->nodes, x->gbuf.n, g->nn * sizeof(*f->nodes));
	for (size_t i = 0; i < f->nnodes; i++) {
		struct rml_node *n = &f->nodes[i];

		if (n->ev.var >= 0)
			n->ev.var = remap[n->ev.var];
		if (n->ev.val.var >= 0) {
			n->ev.val.var = remap[n->ev.val.var];
			if (n->ev.val.kind == RML_VAL_VAR && n->ev.val.var < 0)
				n->ev.val.kind = RML_VAL_OTHER;
		}
		if (n->cond.var >= 0) {
			n->cond.var = remap[n->cond.var];
			if (n->cond.test == RML_TEST_VAR && n->cond.var < 0)
				n->cond.test = RML_TEST_NONE;
		}
	}
}

/* The edges, into f: each node's successors, a branch's true side first. */
static void cfg_copy_edges(struct ex *x, struct rml_func *f)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;
	unsigned *cnt = rml_xcalloc(g->nn + 1, sizeof(*cnt));

	for (size_t i = 0; i < g->ne; i++)
		cnt[b->e[i].from]++;
	for (unsigned i = 0, sum = 0; i < g->nn; i++) {
		f->nodes[i].succ = sum;
		f->nodes[i].nsucc = cnt[i];
		sum += cnt[i];
		cnt[i] = f->nodes[i].succ;	/* now where the next successor goes */
	}
	f->succ = rml_arena_alloc(x->a, (g->ne + 1) * sizeof(*f->succ));
	for (unsigned slot = 0; slot < 2; slot++)
		for (size_t i = 0; i < g->ne; i++)
			if (b->e[i].slot == slot)
				f->succ[cnt[b->e[i].from]++] = b->e[i].to;
	free(cnt);
}

/* A function's walk ends: keep its control flow when anything in it matters. */
void ex_cfg_end(struct ex *x, CXCursor fn)
{
	struct cfgb *g = &x->fn.g;
	struct rml_func *f;

	cfg_end_node(x, fn);
	g->on = false;
	if (!g->nevents) {
		pend_settle(x, NULL);
		return;
	}
	f = rml_arena_alloc(x->a, sizeof(*f));
	pend_settle(x, f);
	f->usr = x->fn.usr;
	f->name = x->fn.name;
	f->loc = ex_cursor_loc(x, fn);
	f->returns_handle = ex_is_field_ptr(clang_getCursorResultType(fn));
	f->nparams = x->fn.nparams;
	f->incomplete = g->incomplete;
	cfg_copy_nodes(x, f);
	cfg_copy_edges(x, f);
	f->nloops = g->nloops;
	f->loops = rml_arena_alloc(x->a, (g->nloops + 1) * sizeof(*f->loops));
	if (g->nloops)
		memcpy(f->loops, x->gbuf.loops, g->nloops * sizeof(*f->loops));
	rml_ptrvec_push(&x->f->funcs, f);
}
