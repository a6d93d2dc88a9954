/*
 * extract/cfg_stmt.c: the statements and expressions that steer control (if, ?:, && and
 * ||, loops, switch and its cases, labels and goto, return, break and continue): each
 * walks its children in the order control takes them.
 */
#include "ex.h"

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
	return b->labels[g->nlabels++].node;
}

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

/* Walk a condition: control goes to t when it holds, to f when not. */
static void cfg_cond(struct ex *x, CXCursor e, CXCursor parent, int t, int f, int depth)
{
	CXCursor s = ex_strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids kk;
	bool saved_have = x->fn.g.have_leaf, neg;
	CXCursor saved_leaf = x->fn.g.leaf;
	int saved_var = x->fn.g.leaf_var;

	if (depth < 32 && x->fn.depth < MAX_STACK - 1) {
		if (k == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_LNot) {
			ex_get_kids(s, &kk);
			if (kk.n == 1) {
				ex_push(x, s);
				cfg_cond(x, kk.c[0], s, f, t, depth + 1);
				x->fn.depth--;
				return;
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
				return;
			}
			if (kk.n == 2 && op == CXBinaryOperator_Comma) {
				ex_push(x, s);
				ex_visit(x, kk.c[0], s);
				cfg_cond(x, kk.c[1], s, t, f, depth + 1);
				x->fn.depth--;
				return;
			}
		}
		/* likely(), unlikely(): __builtin_expect(!!(x), v) */
		if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(s) == 2 &&
		    ex_cxstr_eq(clang_getCursorSpelling(s), "__builtin_expect")) {
			ex_push(x, s);
			cfg_cond(x, clang_Cursor_getArgument(s, 0), s, t, f, depth + 1);
			x->fn.depth--;
			return;
		}
	}
	/* a leaf: its events, then a branch of its own */
	{
		struct rml_num n;
		struct rml_node *b;
		int bn;

		x->fn.g.leaf = s;
		x->fn.g.have_leaf = true;
		x->fn.g.leaf_var = -1;
		ex_visit(x, e, parent);
		x->fn.g.have_leaf = saved_have;
		x->fn.g.leaf = saved_leaf;
		if (x->fn.g.cur < 0) {
			x->fn.g.leaf_var = saved_var;
			return;
		}
		if (k == CXCursor_IntegerLiteral || k == CXCursor_ParenExpr ||
		    k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator ||
		    k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) {
			n = ex_eval_top(x, e);
			if (n.known) {	/* while (1), do { } while (0), if (0) */
				cfg_jump(x, n.v ? t : f);
				x->fn.g.leaf_var = saved_var;
				return;
			}
		}
		bn = ex_cfg_node(x, RML_NODE_BRANCH, NULL);
		b = &x->gbuf.n[bn];
		b->loc = ex_mkloc(x, clang_getRangeStart(clang_getCursorExtent(e)));
		ex_cfg_test(x, e, &b->cond, &neg);
		b->cond.text = ex_spelled_text(x, e);
		ex_cfg_var_used(x, b->cond.var);
		if (b->cond.test == RML_TEST_ISERR || b->cond.test == RML_TEST_NONNULL)
			x->fn.g.nevents++;
		ex_cfg_edge(x, x->fn.g.cur, bn, 0);
		ex_cfg_edge(x, bn, neg ? f : t, 0);
		ex_cfg_edge(x, bn, neg ? t : f, 1);
		x->fn.g.cur = -1;
		x->fn.g.leaf_var = saved_var;
	}
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
 * Statements and expressions that steer control: walk their children in the order
 * control takes them. False when c is none of them (the caller walks it as usual).
 */
bool ex_cfg_stmt(struct ex *x, CXCursor c)
{
	struct cfgb *g = &x->fn.g;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	int t, f, join, head, saved_brk = g->brk, saved_cont = g->cont, saved_loop = g->loop;

	if (!g->on)
		return false;
	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
	case CXCursor_SwitchStmt:
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
	case CXCursor_LabelStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
	case CXCursor_ReturnStmt:
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
	case CXCursor_ConditionalOperator:
		break;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

		if (op != CXBinaryOperator_LAnd && op != CXBinaryOperator_LOr)
			return false;
		break;
	}
	default:
		return false;
	}
	if (x->fn.depth >= MAX_STACK - 1) {
		ex_cfg_incomplete(x, "statements nested too deep");
		return false;
	}
	ex_get_kids(c, &k);
	ex_push(x, c);
	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator:
		/* cond ? a : b has both arms; if (cond) a [else b] may lack the second */
		if (k.n < 2 || k.n > 3 || (kind == CXCursor_ConditionalOperator && k.n != 3))
			goto linear;
		t = ex_cfg_node(x, RML_NODE_NOP, NULL);
		f = ex_cfg_node(x, RML_NODE_NOP, NULL);
		join = ex_cfg_node(x, RML_NODE_NOP, NULL);
		cfg_cond(x, k.c[0], c, t, f, 0);
		cfg_resume(x, t);
		ex_visit(x, k.c[1], c);
		cfg_jump(x, join);
		cfg_resume(x, f);
		if (k.n == 3)
			ex_visit(x, k.c[2], c);
		cfg_jump(x, join);
		cfg_resume(x, join);
		break;
	case CXCursor_BinaryOperator:	/* a && b, a || b as a value */
		if (k.n != 2)
			goto linear;
		t = ex_cfg_node(x, RML_NODE_NOP, NULL);
		join = ex_cfg_node(x, RML_NODE_NOP, NULL);
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd)
			cfg_cond(x, k.c[0], c, t, join, 0);
		else
			cfg_cond(x, k.c[0], c, join, t, 0);
		cfg_resume(x, t);
		ex_visit(x, k.c[1], c);
		cfg_jump(x, join);
		cfg_resume(x, join);
		break;
	case CXCursor_WhileStmt:
		if (k.n != 2)
			goto linear;
		head = ex_cfg_node(x, RML_NODE_NOP, &c);
		cfg_jump(x, head);
		g->cur = head;
		cfg_loop_begin(x, head);
		t = ex_cfg_node(x, RML_NODE_NOP, NULL);
		f = ex_cfg_node(x, RML_NODE_NOP, NULL);
		cfg_cond(x, k.c[0], c, t, f, 0);
		g->brk = f;
		g->cont = head;
		cfg_resume(x, t);
		ex_visit(x, k.c[1], c);
		cfg_jump(x, head);
		g->loop = saved_loop;
		cfg_resume(x, f);
		break;
	case CXCursor_DoStmt: {
		struct rml_num n;

		if (k.n != 2)
			goto linear;
		n = ex_eval_top(x, k.c[1]);
		head = ex_cfg_node(x, RML_NODE_NOP, &c);
		cfg_jump(x, head);
		g->cur = head;
		if (!n.known || n.v)	/* do { } while (0) is no loop */
			cfg_loop_begin(x, head);
		t = ex_cfg_node(x, RML_NODE_NOP, NULL);	/* the condition */
		f = ex_cfg_node(x, RML_NODE_NOP, NULL);
		g->brk = f;
		g->cont = t;
		ex_visit(x, k.c[0], c);
		cfg_jump(x, t);
		cfg_resume(x, t);
		g->loop = saved_loop;
		cfg_cond(x, k.c[1], c, head, f, 0);
		cfg_resume(x, f);
		break;
	}
	case CXCursor_ForStmt: {
		int inc;

		/* libclang leaves out what is not written: only init; cond; inc; body is sure */
		if (k.n == 4)
			ex_visit(x, k.c[0], c);
		else
			for (unsigned i = 0; i + 1 < k.n; i++)
				ex_visit(x, k.c[i], c);
		head = ex_cfg_node(x, RML_NODE_NOP, &c);
		cfg_jump(x, head);
		g->cur = head;
		cfg_loop_begin(x, head);
		t = ex_cfg_node(x, RML_NODE_NOP, NULL);
		f = ex_cfg_node(x, RML_NODE_NOP, NULL);
		inc = ex_cfg_node(x, RML_NODE_NOP, NULL);
		if (k.n == 4) {
			cfg_cond(x, k.c[1], c, t, f, 0);
		} else if (k.n == 1) {
			cfg_jump(x, t);	/* for (;;) */
		} else if (g->cur >= 0) {
			int b = ex_cfg_node(x, RML_NODE_BRANCH, &c);

			x->gbuf.n[b].cond.test = RML_TEST_NONE;
			ex_cfg_edge(x, head, b, 0);
			ex_cfg_edge(x, b, t, 0);
			ex_cfg_edge(x, b, f, 1);
			g->cur = -1;
		}
		g->brk = f;
		g->cont = inc;
		cfg_resume(x, t);
		if (k.n)
			ex_visit(x, k.c[k.n - 1], c);
		cfg_jump(x, inc);
		cfg_resume(x, inc);
		if (k.n == 4)
			ex_visit(x, k.c[2], c);
		cfg_jump(x, head);
		g->loop = saved_loop;
		cfg_resume(x, f);
		break;
	}
	case CXCursor_SwitchStmt: {
		int saved_sw = g->sw;
		bool saved_def = g->sw_default;
		struct rml_node *d;

		if (k.n != 2)
			goto linear;
		ex_visit(x, k.c[0], c);
		d = ex_cfg_emit(x, RML_NODE_SWITCH, c);
		g->sw = d ? (int)(d - x->gbuf.n) : -1;
		g->sw_default = false;
		f = ex_cfg_node(x, RML_NODE_NOP, NULL);
		g->brk = f;
		g->cur = -1;
		ex_visit(x, k.c[1], c);
		cfg_jump(x, f);
		if (!g->sw_default)
			ex_cfg_edge(x, g->sw, f, 0);
		g->sw = saved_sw;
		g->sw_default = saved_def;
		cfg_resume(x, f);
		break;
	}
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt: {
		int n = ex_cfg_node(x, RML_NODE_NOP, &c);

		ex_cfg_edge(x, g->cur, n, 0);	/* falls through from the case above */
		ex_cfg_edge(x, g->sw, n, 0);
		if (kind == CXCursor_DefaultStmt)
			g->sw_default = true;
		cfg_resume(x, n);
		if (k.n)
			ex_visit(x, k.c[k.n - 1], c);
		break;
	}
	case CXCursor_LabelStmt: {
		int n = cfg_label_node(x, c);

		x->gbuf.n[n].loop = g->loop;
		cfg_jump(x, n);
		g->cur = n;	/* a goto further down may come back here */
		if (k.n)
			ex_visit(x, k.c[k.n - 1], c);
		break;
	}
	case CXCursor_GotoStmt: {
		CXCursor label = clang_getCursorReferenced(c);

		if (clang_getCursorKind(label) != CXCursor_LabelStmt) {
			ex_cfg_incomplete(x, "a goto whose label is not found");
			g->cur = -1;
			break;
		}
		cfg_jump(x, cfg_label_node(x, label));
		break;
	}
	case CXCursor_IndirectGotoStmt:
		for (unsigned i = 0; i < k.n; i++)
			ex_visit(x, k.c[i], c);
		ex_cfg_incomplete(x, "a computed goto");
		g->cur = -1;
		break;
	case CXCursor_ReturnStmt:
		if (!k.n) {
			cfg_return_value(x, clang_getNullCursor(), c, c);
		} else {
			CXCursor e = ex_strip(k.c[0]);
			struct kids q;

			ex_get_kids(e, &q);
			if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && q.n == 3) {
				/* return IS_ERR(f) ? PTR_ERR(f) : 0; gives back one side per path */
				t = ex_cfg_node(x, RML_NODE_NOP, NULL);
				f = ex_cfg_node(x, RML_NODE_NOP, NULL);
				ex_push(x, e);
				cfg_cond(x, q.c[0], e, t, f, 0);
				cfg_resume(x, t);
				cfg_return_value(x, q.c[1], e, c);
				cfg_resume(x, f);
				cfg_return_value(x, q.c[2], e, c);
				x->fn.depth--;
			} else {
				cfg_return_value(x, k.c[0], c, c);
			}
		}
		g->cur = -1;
		break;
	case CXCursor_BreakStmt:
		if (g->brk < 0)
			ex_cfg_incomplete(x, "a break outside a loop or switch");
		cfg_jump(x, g->brk);
		break;
	case CXCursor_ContinueStmt:
		if (g->cont < 0)
			ex_cfg_incomplete(x, "a continue outside a loop");
		cfg_jump(x, g->cont);
		break;
	default:
	linear:
		for (unsigned i = 0; i < k.n; i++)
			ex_visit(x, k.c[i], c);
		break;
	}
	x->fn.depth--;
	g->brk = saved_brk;
	g->cont = saved_cont;
	g->loop = saved_loop;
	return true;
}
