/*
 * extract/cfg_stmt.c: the statements and expressions that steer control (if, ?:, && and
 * ||, loops, switch and its cases, labels and goto, return, break and continue): each
 * walks its children in the order control takes them.
 */
#include "ex.h"

#include <string.h>

/* Control goes on to node `to` (if it is anywhere); then it is nowhere. */
static void cfg_jump(struct ex *x, int to)
{
	ex_cfg_edge(x, x->fn.g.cur, to, 0);
	x->fn.g.cur = -1;
}

/* Control continues at `n` if anything reaches it. */
static void cfg_resume(struct ex *x, int n)
{
	x->fn.g.cur = n >= 0 && x->gbuf.npred[n] ? n : -1;
}

/* The node of a label (made when a goto or the label is first met). */
static int cfg_label_node(struct ex *x, CXCursor label)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;

	for (size_t i = 0; i < g->nlabels; i++)
		if (clang_equalCursors(b->labels[i].c, label))
			return b->labels[i].node;
	if (g->nlabels == b->caplabels) {
		b->caplabels = b->caplabels ? 2 * b->caplabels : 16;
		b->labels = rml_xrealloc(b->labels, b->caplabels * sizeof(*b->labels));
	}
	b->labels[g->nlabels].c = label;
	b->labels[g->nlabels].node = ex_cfg_node(x, RML_NODE_NOP, &label);
	b->n[b->labels[g->nlabels].node].label = ex_cxstr(x, clang_getCursorSpelling(label));
	return b->labels[g->nlabels++].node;
}

/* A loop begins at node head: it is the innermost loop. */
static int cfg_loop_begin(struct ex *x, int head)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;

	if (g->nloops == b->caploops) {
		b->caploops = b->caploops ? 2 * b->caploops : 8;
		b->loops = rml_xrealloc(b->loops, b->caploops * sizeof(*b->loops));
	}
	b->loops[g->nloops] = (struct rml_loop){ (unsigned)head, g->loop };
	b->n[head].loop = (int)g->nloops;
	g->loop = (int)g->nloops;
	return (int)g->nloops++;
}

/*
 * Where break and continue go and which loop is innermost: what a loop or a switch sets
 * for its body, saved when the walk enters it and given back when the walk leaves it.
 */
struct cfg_jumps {
	int brk, cont, loop;
};

static struct cfg_jumps cfg_jumps_save(const struct cfgb *g)
{
	return (struct cfg_jumps){ g->brk, g->cont, g->loop };
}

static void cfg_jumps_restore(struct cfgb *g, const struct cfg_jumps *j)
{
	g->brk = j->brk;
	g->cont = j->cont;
	g->loop = j->loop;
}

static void cfg_cond(struct ex *x, CXCursor e, CXCursor parent, int t, int f, int depth);

/*
 * A condition that is made of conditions (s is e stripped, k its kind): !a, a && b, a || b,
 * a, b and likely(a); false when it is none of them, a leaf.
 */
static bool cond_split(struct ex *x, CXCursor s, enum CXCursorKind k, int t, int f, int depth)
{
	struct kids kk;

	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_LNot) {
		ex_get_kids(s, &kk);
		if (kk.n == 1) {
			ex_push(x, s);
			cfg_cond(x, kk.c[0], s, f, t, depth + 1);
			x->fn.depth--;
			return true;
		}
	}
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);

		ex_get_kids(s, &kk);
		if (kk.n == 2 && (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)) {
			int mid = ex_cfg_node(x, RML_NODE_NOP, NULL);

			ex_push(x, s);
			if (op == CXBinaryOperator_LAnd)
				cfg_cond(x, kk.c[0], s, mid, f, depth + 1);
			else
				cfg_cond(x, kk.c[0], s, t, mid, depth + 1);
			cfg_resume(x, mid);
			cfg_cond(x, kk.c[1], s, t, f, depth + 1);
			x->fn.depth--;
			return true;
		}
		if (kk.n == 2 && op == CXBinaryOperator_Comma) {
			ex_push(x, s);
			ex_visit(x, kk.c[0], s);
			cfg_cond(x, kk.c[1], s, t, f, depth + 1);
			x->fn.depth--;
			return true;
		}
	}
	/* likely(), unlikely(): __builtin_expect(!!(x), v) */
	if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(s) == 2 &&
	    ex_cxstr_eq(clang_getCursorSpelling(s), "__builtin_expect")) {
		ex_push(x, s);
		cfg_cond(x, clang_Cursor_getArgument(s, 0), s, t, f, depth + 1);
		x->fn.depth--;
		return true;
	}
	return false;
}

/* A leaf that is a constant (while (1), do { } while (0), if (0)): control goes one way. */
static bool cond_const(struct ex *x, CXCursor e, enum CXCursorKind k, int t, int f)
{
	struct rml_num n;

	if (k != CXCursor_IntegerLiteral && k != CXCursor_ParenExpr &&
	    k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator &&
	    k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr)
		return false;
	n = ex_eval_top(x, e);
	if (!n.known)
		return false;
	cfg_jump(x, n.v ? t : f);
	return true;
}

/* `return -ENOMEM;` (or -ENODEV), alone or alone in braces: its value, else a null cursor. */
static CXCursor plain_error_return(struct ex *x, CXCursor st)
{
	const char *src;
	struct rml_range r;
	struct kids k;

	st = ex_strip(st);
	if (clang_getCursorKind(st) == CXCursor_CompoundStmt) {
		ex_get_kids(st, &k);
		if (k.n != 1)
			return clang_getNullCursor();
		st = k.c[0];
	}
	if (clang_getCursorKind(st) != CXCursor_ReturnStmt)
		return clang_getNullCursor();
	ex_get_kids(st, &k);
	if (k.n != 1 || !ex_src_range(x, k.c[0], st, &r, &src) ||
	    (strcmp(src, "-ENOMEM") && strcmp(src, "-ENODEV")))
		return clang_getNullCursor();
	return k.c[0];
}

/*
 * A NULL test of a handle (e the leaf, parent its parent) written with IS_ERR(): `!h` and
 * `h == NULL` become IS_ERR(h), `h` and `h != NULL` become !IS_ERR(h); and when the test
 * is an if's whole condition and its branch only returns -ENOMEM or -ENODEV, that value
 * becomes PTR_ERR(h). Nothing unless every piece is written plainly in the file.
 */
static const struct rml_fixit *null_test_fix(struct ex *x, CXCursor e, CXCursor parent)
{
	CXCursor s = ex_strip(e), whole = e, h = s, ifs, ret, st = clang_getNullCursor();
	struct rml_fixit *fx;
	const char *htext, *wtext;
	struct rml_range hr, wr;
	bool is_err;	/* the whole is true when the handle is NULL */
	struct kids k;

	if (clang_getCursorKind(s) == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);

		ex_get_kids(s, &k);
		if (k.n != 2 || (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE))
			return NULL;
		h = ex_may_hold_handle(ex_strip_more(k.c[0])) ? k.c[0] : k.c[1];
		is_err = op == CXBinaryOperator_EQ;
	} else if (clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
		   clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_LNot) {
		whole = parent;
		is_err = true;
	} else {
		is_err = false;
	}
	/* written inside the statement that tests it (`if (NULL == f)`: a macro first) */
	for (int d = x->fn.depth - 1; d >= 0 && clang_Cursor_isNull(st); d--)
		if (clang_isStatement(clang_getCursorKind(x->fn.stack[d])))
			st = x->fn.stack[d];
	if (!ex_src_range(x, h, st, &hr, &htext) || !ex_src_range(x, whole, st, &wr, &wtext))
		return NULL;
	fx = rml_arena_alloc(x->a, sizeof(*fx));
	fx->e[0].r = wr;
	fx->e[0].text = rml_arena_printf(x->a, "%sIS_ERR(%s)", is_err ? "" : "!", htext);
	fx->n = 1;
	/* the if whose whole condition this is: the nearest ancestor but parentheses */
	for (int d = x->fn.depth - 1; is_err && d >= 0; d--) {
		CXCursor a = x->fn.stack[d];
		enum CXCursorKind ak = clang_getCursorKind(a);

		if (clang_equalCursors(a, whole) || ak == CXCursor_ParenExpr ||
		    ak == CXCursor_UnexposedExpr)
			continue;
		if (ak != CXCursor_IfStmt)
			break;
		ifs = a;
		ex_get_kids(ifs, &k);
		if (k.n < 2 || !clang_equalCursors(ex_strip(k.c[0]), ex_strip(whole)))
			break;
		ret = plain_error_return(x, k.c[1]);
		if (!clang_Cursor_isNull(ret) &&
		    ex_src_range(x, ret, clang_getNullCursor(), &fx->e[1].r, &wtext)) {
			fx->e[1].text = rml_arena_printf(x->a, "PTR_ERR(%s)", htext);
			fx->n = 2;
		}
		break;
	}
	return fx;
}

/* A leaf's branch, with what it tests. */
static void cond_branch(struct ex *x, CXCursor e, CXCursor parent, int t, int f)
{
	int bn = ex_cfg_node(x, RML_NODE_BRANCH, NULL);
	struct rml_node *b = &x->gbuf.n[bn];
	bool neg;

	b->loc = ex_mkloc(x, clang_getRangeStart(clang_getCursorExtent(e)));
	ex_cfg_test(x, e, &b->cond, &neg);
	b->cond.text = ex_spelled_text(x, e);
	if (b->cond.test == RML_TEST_NONNULL && b->cond.h.base)
		b->cond.fix = null_test_fix(x, e, parent);
	ex_cfg_var_used(x, b->cond.var);
	if (b->cond.test == RML_TEST_ISERR || b->cond.test == RML_TEST_NONNULL)
		x->fn.g.nevents++;
	ex_cfg_edge(x, x->fn.g.cur, bn, 0);
	ex_cfg_edge(x, bn, neg ? f : t, 0);
	ex_cfg_edge(x, bn, neg ? t : f, 1);
	x->fn.g.cur = -1;
}

/* A leaf of a condition (s is e stripped, k its kind): its events, then a branch of its own. */
static void cond_leaf(struct ex *x, CXCursor e, CXCursor s, enum CXCursorKind k,
		      CXCursor parent, int t, int f)
{
	struct cfgb *g = &x->fn.g;
	bool saved_have = g->have_leaf;
	CXCursor saved_leaf = g->leaf;
	int saved_var = g->leaf_var;

	g->leaf = s;
	g->have_leaf = true;
	g->leaf_var = -1;
	ex_visit(x, e, parent);
	g->have_leaf = saved_have;
	g->leaf = saved_leaf;
	if (g->cur >= 0 && !cond_const(x, e, k, t, f))
		cond_branch(x, e, parent, t, f);
	g->leaf_var = saved_var;
}

/* Walk a condition: control goes to t when it holds, to f when not. */
static void cfg_cond(struct ex *x, CXCursor e, CXCursor parent, int t, int f, int depth)
{
	CXCursor s = ex_strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);

	if (depth < 32 && x->fn.depth < (int)RML_ARRAY_SIZE(x->fn.stack) - 1 &&
	    cond_split(x, s, k, t, f, depth))
		return;
	cond_leaf(x, e, s, k, parent, t, f);
}

/* A value given back: events first, then the return node. */
static void cfg_return_value(struct ex *x, CXCursor e, CXCursor parent, CXCursor at)
{
	struct rml_node *n;

	if (!clang_Cursor_isNull(e))
		ex_visit(x, e, parent);
	n = ex_cfg_emit(x, RML_NODE_RETURN, at);
	if (!n)
		return;
	n->ev.var = -1;
	if (clang_Cursor_isNull(e)) {
		n->ev.val.kind = RML_VAL_NONE;
		n->ev.val.var = -1;
	} else {
		n->ev.val = ex_cfg_val(x, e);
		ex_cfg_var_used(x, n->ev.val.var);
	}
}

/*
 * The builders: one per statement (or expression) that steers control, each given the
 * cursor c (on the stack) and its children k, and walking them in the order control takes
 * them. One that finds c not written as it expects walks the children in order.
 */

static void cfg_linear(struct ex *x, CXCursor c, const struct kids *k)
{
	for (unsigned i = 0; i < k->n; i++)
		ex_visit(x, k->c[i], c);
}

/* if (cond) a [else b], and cond ? a : b (which has both arms). */
static void cfg_if(struct ex *x, CXCursor c, const struct kids *k)
{
	int t, f, join;

	if (k->n < 2 || k->n > 3 ||
	    (clang_getCursorKind(c) == CXCursor_ConditionalOperator && k->n != 3)) {
		cfg_linear(x, c, k);
		return;
	}
	t = ex_cfg_node(x, RML_NODE_NOP, NULL);
	f = ex_cfg_node(x, RML_NODE_NOP, NULL);
	join = ex_cfg_node(x, RML_NODE_NOP, NULL);
	cfg_cond(x, k->c[0], c, t, f, 0);
	cfg_resume(x, t);
	ex_visit(x, k->c[1], c);
	cfg_jump(x, join);
	cfg_resume(x, f);
	if (k->n == 3)
		ex_visit(x, k->c[2], c);
	cfg_jump(x, join);
	cfg_resume(x, join);
}

/* a && b, a || b as a value: b is walked only where a does not decide. */
static void cfg_logic(struct ex *x, CXCursor c, const struct kids *k)
{
	int t, join;

	if (k->n != 2) {
		cfg_linear(x, c, k);
		return;
	}
	t = ex_cfg_node(x, RML_NODE_NOP, NULL);
	join = ex_cfg_node(x, RML_NODE_NOP, NULL);
	if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd)
		cfg_cond(x, k->c[0], c, t, join, 0);
	else
		cfg_cond(x, k->c[0], c, join, t, 0);
	cfg_resume(x, t);
	ex_visit(x, k->c[1], c);
	cfg_jump(x, join);
	cfg_resume(x, join);
}

/* A loop's head node, which control reaches from where it is. */
static int cfg_loop_head(struct ex *x, CXCursor c)
{
	int head = ex_cfg_node(x, RML_NODE_NOP, &c);

	cfg_jump(x, head);
	x->fn.g.cur = head;
	return head;
}

static void cfg_while(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_jumps outer = cfg_jumps_save(g);
	int head, t, f;

	if (k->n != 2) {
		cfg_linear(x, c, k);
		return;
	}
	head = cfg_loop_head(x, c);
	cfg_loop_begin(x, head);
	t = ex_cfg_node(x, RML_NODE_NOP, NULL);
	f = ex_cfg_node(x, RML_NODE_NOP, NULL);
	cfg_cond(x, k->c[0], c, t, f, 0);
	g->brk = f;
	g->cont = head;
	cfg_resume(x, t);
	ex_visit(x, k->c[1], c);
	cfg_jump(x, head);
	cfg_resume(x, f);
	cfg_jumps_restore(g, &outer);
}

static void cfg_do(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_jumps outer = cfg_jumps_save(g);
	struct rml_num n;
	int head, t, f;

	if (k->n != 2) {
		cfg_linear(x, c, k);
		return;
	}
	n = ex_eval_top(x, k->c[1]);
	head = cfg_loop_head(x, c);
	if (!n.known || n.v)	/* do { } while (0) is no loop */
		cfg_loop_begin(x, head);
	t = ex_cfg_node(x, RML_NODE_NOP, NULL);	/* the condition */
	f = ex_cfg_node(x, RML_NODE_NOP, NULL);
	g->brk = f;
	g->cont = t;
	ex_visit(x, k->c[0], c);
	cfg_jump(x, t);
	cfg_resume(x, t);
	g->loop = outer.loop;	/* the condition's branches are not in the loop */
	cfg_cond(x, k->c[1], c, head, f, 0);
	cfg_resume(x, f);
	cfg_jumps_restore(g, &outer);
}

/*
 * A for loop's condition, from its head: libclang leaves out what is not written, so only
 * init; cond; inc; body (4 children) says which is the condition; for (;;) has none; with
 * 2 or 3 children the branch is left undecided.
 */
static void cfg_for_cond(struct ex *x, CXCursor c, const struct kids *k, int head, int t, int f)
{
	struct cfgb *g = &x->fn.g;
	int b;

	if (k->n == 4) {
		cfg_cond(x, k->c[1], c, t, f, 0);
	} else if (k->n == 1) {
		cfg_jump(x, t);
	} else if (g->cur >= 0) {
		b = ex_cfg_node(x, RML_NODE_BRANCH, &c);
		x->gbuf.n[b].cond.test = RML_TEST_NONE;
		ex_cfg_edge(x, head, b, 0);
		ex_cfg_edge(x, b, t, 0);
		ex_cfg_edge(x, b, f, 1);
		g->cur = -1;
	}
}

static void cfg_for(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_jumps outer = cfg_jumps_save(g);
	int head, t, f, inc;

	if (k->n == 4)
		ex_visit(x, k->c[0], c);
	else
		for (unsigned i = 0; i + 1 < k->n; i++)
			ex_visit(x, k->c[i], c);
	head = cfg_loop_head(x, c);
	cfg_loop_begin(x, head);
	t = ex_cfg_node(x, RML_NODE_NOP, NULL);
	f = ex_cfg_node(x, RML_NODE_NOP, NULL);
	inc = ex_cfg_node(x, RML_NODE_NOP, NULL);
	cfg_for_cond(x, c, k, head, t, f);
	g->brk = f;
	g->cont = inc;
	cfg_resume(x, t);
	if (k->n)
		ex_visit(x, k->c[k->n - 1], c);
	cfg_jump(x, inc);
	cfg_resume(x, inc);
	if (k->n == 4)
		ex_visit(x, k->c[2], c);
	cfg_jump(x, head);
	cfg_resume(x, f);
	cfg_jumps_restore(g, &outer);
}

static void cfg_switch(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_jumps outer = cfg_jumps_save(g);
	int outer_sw = g->sw, f;
	bool outer_default = g->sw_default;
	struct rml_node *d;

	if (k->n != 2) {
		cfg_linear(x, c, k);
		return;
	}
	ex_visit(x, k->c[0], c);
	d = ex_cfg_emit(x, RML_NODE_SWITCH, c);
	g->sw = d ? (int)(d - x->gbuf.n) : -1;
	g->sw_default = false;
	f = ex_cfg_node(x, RML_NODE_NOP, NULL);
	g->brk = f;
	g->cur = -1;
	ex_visit(x, k->c[1], c);
	cfg_jump(x, f);
	if (!g->sw_default)
		ex_cfg_edge(x, g->sw, f, 0);
	g->sw = outer_sw;
	g->sw_default = outer_default;
	cfg_resume(x, f);
	cfg_jumps_restore(g, &outer);
}

/* case and default: reached from the switch, and from the case above falling through. */
static void cfg_case(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	int n = ex_cfg_node(x, RML_NODE_NOP, &c);

	ex_cfg_edge(x, g->cur, n, 0);
	ex_cfg_edge(x, g->sw, n, 0);
	if (clang_getCursorKind(c) == CXCursor_DefaultStmt)
		g->sw_default = true;
	cfg_resume(x, n);
	if (k->n)
		ex_visit(x, k->c[k->n - 1], c);
}

static void cfg_label(struct ex *x, CXCursor c, const struct kids *k)
{
	struct cfgb *g = &x->fn.g;
	int n = cfg_label_node(x, c);

	x->gbuf.n[n].loop = g->loop;
	cfg_jump(x, n);
	g->cur = n;	/* a goto further down may come back here */
	if (k->n)
		ex_visit(x, k->c[k->n - 1], c);
}

/*
 * The goto itself as a node before its jump (where the paths can retarget it): the
 * label's name, and where the goto writes it.
 */
static void cfg_goto_node(struct ex *x, CXCursor c, const struct kids *k, CXCursor label)
{
	struct rml_node *n = ex_cfg_emit(x, RML_NODE_NOP, c);
	const char *src;

	if (!n)
		return;
	n->is_goto = true;
	n->label = ex_cxstr(x, clang_getCursorSpelling(label));
	for (size_t i = 0; i < k->n; i++)
		if (clang_getCursorKind(k->c[i]) == CXCursor_LabelRef &&
		    (!ex_src_range(x, k->c[i], clang_getNullCursor(), &n->label_at, &src) ||
		     strcmp(src, n->label)))
			n->label_at.file = NULL;
}

static void cfg_goto(struct ex *x, CXCursor c, const struct kids *k)
{
	CXCursor label = clang_getCursorReferenced(c);

	if (clang_getCursorKind(label) != CXCursor_LabelStmt) {
		ex_cfg_incomplete(x, "a goto whose label is not found");
		x->fn.g.cur = -1;
		return;
	}
	cfg_goto_node(x, c, k, label);
	cfg_jump(x, cfg_label_node(x, label));
}

/* goto *p: where it goes is not followed. */
static void cfg_indirect_goto(struct ex *x, CXCursor c, const struct kids *k)
{
	cfg_linear(x, c, k);
	ex_cfg_incomplete(x, "a computed goto");
	x->fn.g.cur = -1;
}

/* return IS_ERR(f) ? PTR_ERR(f) : 0; gives back one side per path (e, the ?:). */
static void cfg_return_cond(struct ex *x, CXCursor c, CXCursor e, const struct kids *q)
{
	int t = ex_cfg_node(x, RML_NODE_NOP, NULL);
	int f = ex_cfg_node(x, RML_NODE_NOP, NULL);

	ex_push(x, e);
	cfg_cond(x, q->c[0], e, t, f, 0);
	cfg_resume(x, t);
	cfg_return_value(x, q->c[1], e, c);
	cfg_resume(x, f);
	cfg_return_value(x, q->c[2], e, c);
	x->fn.depth--;
}

static void cfg_return(struct ex *x, CXCursor c, const struct kids *k)
{
	if (!k->n) {
		cfg_return_value(x, clang_getNullCursor(), c, c);
	} else {
		CXCursor e = ex_strip(k->c[0]);
		struct kids q;

		ex_get_kids(e, &q);
		if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && q.n == 3)
			cfg_return_cond(x, c, e, &q);
		else
			cfg_return_value(x, k->c[0], c, c);
	}
	x->fn.g.cur = -1;
}

static void cfg_break(struct ex *x, CXCursor c, const struct kids *k)
{
	(void)c;
	(void)k;
	if (x->fn.g.brk < 0)
		ex_cfg_incomplete(x, "a break outside a loop or switch");
	cfg_jump(x, x->fn.g.brk);
}

static void cfg_continue(struct ex *x, CXCursor c, const struct kids *k)
{
	(void)c;
	(void)k;
	if (x->fn.g.cont < 0)
		ex_cfg_incomplete(x, "a continue outside a loop");
	cfg_jump(x, x->fn.g.cont);
}

/* The builder of a cursor, or NULL when it does not steer control. */
static void (*builder_of(CXCursor c))(struct ex *x, CXCursor c, const struct kids *k)
{
	enum CXBinaryOperatorKind op;

	switch (clang_getCursorKind(c)) {
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator:
		return cfg_if;
	case CXCursor_BinaryOperator:
		op = clang_getCursorBinaryOperatorKind(c);
		return op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr ? cfg_logic : NULL;
	case CXCursor_WhileStmt:
		return cfg_while;
	case CXCursor_DoStmt:
		return cfg_do;
	case CXCursor_ForStmt:
		return cfg_for;
	case CXCursor_SwitchStmt:
		return cfg_switch;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		return cfg_case;
	case CXCursor_LabelStmt:
		return cfg_label;
	case CXCursor_GotoStmt:
		return cfg_goto;
	case CXCursor_IndirectGotoStmt:
		return cfg_indirect_goto;
	case CXCursor_ReturnStmt:
		return cfg_return;
	case CXCursor_BreakStmt:
		return cfg_break;
	case CXCursor_ContinueStmt:
		return cfg_continue;
	default:
		return NULL;
	}
}

bool ex_cfg_stmt(struct ex *x, CXCursor c)
{
	void (*build)(struct ex *x, CXCursor c, const struct kids *k);
	struct kids k;

	if (!x->fn.g.on || !(build = builder_of(c)))
		return false;
	if (x->fn.depth >= (int)RML_ARRAY_SIZE(x->fn.stack) - 1) {
		ex_cfg_incomplete(x, "statements nested too deep");
		return false;
	}
	ex_get_kids(c, &k);
	ex_push(x, c);
	build(x, c, &k);
	x->fn.depth--;
	return true;
}
