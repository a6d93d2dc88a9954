/*
 * extract/cfg_events.c: what the paths see at a node: the value an expression gives, what
 * a condition tests, and the events of calls (allocations, uses, frees, escapes, calls of
 * the driver's functions), of handle stores and of int locals set.
 */
#include "ex.h"

#include <string.h>

static bool is_named(const char *n, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(n, *names))
			return true;
	return false;
}

static const char *const test_fns[] = { "IS_ERR", "IS_ERR_OR_NULL", "PTR_ERR_OR_ZERO", NULL };
static const char *const err_fns[] = { "PTR_ERR", "ERR_PTR", "ERR_CAST", NULL };
static const char *const noreturn_fns[] = {
	"panic", "do_exit", "make_task_dead", "kthread_exit", "__builtin_unreachable",
	"__builtin_trap", "abort", "exit", "_exit", "__stack_chk_fail", "fortify_panic",
	"__fortify_panic", "usercopy_abort", NULL
};

/* A null pointer constant (NULL, (void *)0, 0). */
static bool is_null_const(struct ex *x, CXCursor e)
{
	CXCursor s = ex_strip_more(e);
	struct rml_num n;

	if (clang_getCursorKind(s) == CXCursor_GNUNullExpr)
		return true;
	if (clang_getCursorKind(s) != CXCursor_IntegerLiteral &&
	    clang_getCursorKind(s) != CXCursor_ParenExpr)
		return false;
	n = ex_eval_top(x, s);
	return n.known && n.v == 0;
}

/* The handle an IS_ERR()-like call tests: IS_ERR(f), IS_ERR(priv->f = alloc(...)). */
static bool tested_handle(struct ex *x, CXCursor arg, struct rml_handle *h)
{
	CXCursor s = ex_strip_more(arg);
	struct kids k;

	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign) {
		ex_get_kids(s, &k);
		if (k.n != 2)
			return false;
		s = ex_strip_more(k.c[0]);
	}
	if (!ex_may_hold_handle(s))
		return false;
	*h = ex_handle_of(x, s);
	return true;
}

static bool is_call_of(struct ex *x, CXCursor c, const char *const *names, int nargs)
{
	return clang_getCursorKind(c) == CXCursor_CallExpr &&
	       (nargs < 0 || clang_Cursor_getNumArguments(c) == nargs) &&
	       is_named(ex_func_name(x, c), names);
}

static bool is_alloc_call(struct ex *x, CXCursor c, enum rml_role role)
{
	const struct rml_api *api;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	api = rml_api_lookup(ex_func_name(x, c));
	return api && api->role == role;
}

/* What an expression gives (a returned value, the right side of an assignment). */
struct rml_val ex_cfg_val(struct ex *x, CXCursor e)
{
	struct rml_val v = { .kind = RML_VAL_OTHER, .var = -1, .h.base_param = -1 };
	CXCursor s = ex_strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	CXType t = clang_getCanonicalType(clang_getCursorType(s));

	v.text = ex_spelled_text(x, e);
	if (k == CXCursor_CallExpr) {
		const char *n = ex_func_name(x, s);
		const struct rml_api *api = rml_api_lookup(n);
		int nargs = clang_Cursor_getNumArguments(s);
		CXCursor callee;

		if (is_named(n, err_fns)) {
			v.kind = RML_VAL_ERR;
		} else if (!strcmp(n, "PTR_ERR_OR_ZERO") && nargs == 1) {
			if (tested_handle(x, clang_Cursor_getArgument(s, 0), &v.h))
				v.kind = RML_VAL_ERR_OR_ZERO;
		} else if (!strcmp(n, "dev_err_probe") && nargs >= 2) {
			return ex_cfg_val(x, clang_Cursor_getArgument(s, 1));
		} else if (api && (api->role == RML_ROLE_ALLOC || api->role == RML_ROLE_BULK_ALLOC)) {
			if (x->fn.g.last_alloc && clang_equalCursors(s, x->fn.g.last_alloc_call)) {
				v.kind = RML_VAL_ALLOC;
				v.alloc = x->fn.g.last_alloc;
			}
		} else {
			callee = clang_getCursorReferenced(s);
			if (clang_getCursorKind(callee) == CXCursor_FunctionDecl && ex_is_own(x, callee)) {
				v.kind = RML_VAL_CALL;
				v.callee = ex_usr_of(x, callee);
				v.callee_name = n;
			}
		}
		return v;
	}
	if (t.kind == CXType_Pointer) {
		if (is_null_const(x, s)) {
			v.kind = RML_VAL_NULL;
		} else if (ex_is_field_ptr(t)) {
			v.h = ex_handle_of(x, s);
			if (v.h.base || v.h.base_param >= 0)
				v.kind = RML_VAL_HANDLE;
		}
		return v;
	}
	if (t.kind == CXType_Void)
		return v;
	v.var = ex_cfg_var(x, s, true);
	if (v.var >= 0) {
		v.kind = RML_VAL_VAR;
		return v;
	}
	if (k == CXCursor_DeclRefExpr && clang_getCursorKind(clang_getCursorReferenced(s)) ==
					      CXCursor_ParmDecl)
		return v;
	v.num = ex_eval_top(x, e);
	if (v.num.known)
		v.kind = RML_VAL_CONST;
	return v;
}

/* A bulk allocation tested where it is called: its result, kept apart by cfg_alloc. */
static bool test_bulk_result(struct ex *x, CXCursor call, struct rml_cond *c)
{
	if (!is_alloc_call(x, call, RML_ROLE_BULK_ALLOC) || x->fn.g.leaf_var < 0)
		return false;
	c->test = RML_TEST_VAR;
	c->var = x->fn.g.leaf_var;
	return true;
}

/* A binary operator as a condition: an assignment, a null test, or a test of ret. */
static void test_binary(struct ex *x, CXCursor s, struct rml_cond *c, bool *neg)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);
	CXCursor l, r, a;
	bool lnull, rnull;
	struct rml_num z;
	struct kids kk;

	ex_get_kids(s, &kk);
	if (kk.n != 2)
		return;
	l = kk.c[0];
	r = kk.c[1];
	if (op == CXBinaryOperator_Assign) {	/* if ((f = ...)), if ((ret = ...)) */
		if (ex_is_field_ptr(clang_getCursorType(l))) {
			c->h = ex_handle_of(x, l);
			c->test = RML_TEST_NONNULL;
		} else if ((c->var = ex_cfg_var(x, l, true)) >= 0) {
			c->test = RML_TEST_VAR;
		}
		return;
	}
	if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE && op != CXBinaryOperator_LT &&
	    op != CXBinaryOperator_GE)
		return;
	if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) {
		lnull = is_null_const(x, l);
		rnull = is_null_const(x, r);
		a = lnull ? r : l;
		if ((lnull || rnull) && ex_may_hold_handle(ex_strip_more(a))) {
			c->h = ex_handle_of(x, ex_strip_more(a));
			c->test = RML_TEST_NONNULL;
			*neg = op == CXBinaryOperator_EQ;
			return;
		}
	}
	/* ret != 0, ret == 0, ret < 0, ret >= 0: an error code is negative */
	z = ex_eval_top(x, r);
	if (!z.known || z.v)
		return;
	if ((c->var = ex_cfg_var(x, l, true)) >= 0)
		c->test = RML_TEST_VAR;
	else if (!test_bulk_result(x, ex_strip(l), c))
		return;
	*neg = op == CXBinaryOperator_EQ || op == CXBinaryOperator_GE;
}

/*
 * What a condition leaf tests. *neg when it holds for the opposite: f == NULL, ret == 0,
 * ret >= 0.
 */
void ex_cfg_test(struct ex *x, CXCursor e, struct rml_cond *c, bool *neg)
{
	CXCursor s = ex_strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);

	*neg = false;
	c->test = RML_TEST_NONE;
	c->var = -1;
	if (k == CXCursor_CallExpr) {
		if (is_call_of(x, s, test_fns, 1)) {
			if (tested_handle(x, clang_Cursor_getArgument(s, 0), &c->h))
				c->test = RML_TEST_ISERR;
		} else {
			test_bulk_result(x, s, c);
		}
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		test_binary(x, s, c, neg);
		return;
	}
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	     k == CXCursor_ArraySubscriptExpr) && ex_may_hold_handle(s)) {
		c->h = ex_handle_of(x, s);
		c->test = RML_TEST_NONNULL;
		return;
	}
	if ((c->var = ex_cfg_var(x, s, true)) >= 0)
		c->test = RML_TEST_VAR;
}

/* The nearest ancestor that is not a paren or a conversion. */
static CXCursor cfg_parent(struct ex *x, int *at)
{
	for (int i = x->fn.depth - 1; i >= 0; i--) {
		enum CXCursorKind k = clang_getCursorKind(x->fn.stack[i]);

		if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
		    k == CXCursor_CStyleCastExpr)
			continue;
		if (at)
			*at = i;
		return x->fn.stack[i];
	}
	if (at)
		*at = -1;
	return clang_getNullCursor();
}

/* Is a value dropped: the expression is a statement of its own? */
static bool cfg_discarded(struct ex *x)
{
	int at;
	CXCursor p = cfg_parent(x, &at);
	enum CXCursorKind k = clang_getCursorKind(p);

	if (clang_Cursor_isNull(p))
		return false;
	if (k == CXCursor_CompoundStmt)	/* the value of a statement expression is its last */
		return !(at > 0 && clang_getCursorKind(x->fn.stack[at - 1]) == CXCursor_StmtExpr);
	if (k == CXCursor_CStyleCastExpr)
		return false;
	return k == CXCursor_IfStmt || k == CXCursor_LabelStmt || k == CXCursor_CaseStmt ||
	       k == CXCursor_DefaultStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_ForStmt;
}

/* An allocation ex_handle_call recorded: where its result goes. */
static void cfg_alloc(struct ex *x, CXCursor call, const struct rml_api *api)
{
	const struct rml_alloc *al = x->fn.g.last_alloc;
	struct rml_event *ev;
	struct rml_handle dst = { .base_param = -1, .len = -1 };
	enum rml_dispo dispo = RML_DISPO_OTHER;
	int var = -1, pat;
	CXCursor p;
	enum CXCursorKind pk;
	int nargs = clang_Cursor_getNumArguments(call);

	if (!al || !clang_equalCursors(call, x->fn.g.last_alloc_call))
		return;	/* ex_handle_call did not take it (arguments missing) */
	p = cfg_parent(x, &pat);
	pk = clang_getCursorKind(p);
	if (api->role == RML_ROLE_ALLOC) {
		if (ex_store_target(x, &dst, false))
			dispo = RML_DISPO_STORED;
		else if (pk == CXCursor_ReturnStmt)
			dispo = RML_DISPO_RETURNED;
		else if (cfg_discarded(x))
			dispo = RML_DISPO_DISCARDED;
	} else {
		if (api->handle_arg >= 0 && api->handle_arg < nargs)
			dst = ex_handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
		if (dst.text && dst.text[0] == '&')
			dst.text++;	/* &priv->fields[0], &priv->intf: name the array */
		dispo = RML_DISPO_STORED;
		if (pk == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Assign) {
			struct kids k;

			ex_get_kids(p, &k);
			if (k.n == 2)
				var = ex_cfg_var(x, k.c[0], true);
		} else if (pk == CXCursor_VarDecl) {
			var = ex_cfg_var_decl(x, p, true);
		} else if (x->fn.g.have_leaf && (clang_equalCursors(ex_strip(call), x->fn.g.leaf) ||
						 clang_equalCursors(p, x->fn.g.leaf))) {
			var = x->fn.g.leaf_var = ex_cfg_var_temp(x);
		} else if (pk == CXCursor_ReturnStmt) {
			var = ex_cfg_var_temp(x);
		} else if (cfg_discarded(x)) {
			dispo = RML_DISPO_DISCARDED;	/* the error code is ignored */
		} else {
			dispo = RML_DISPO_OTHER;
		}
	}
	ev = ex_cfg_event(x, RML_EV_ALLOC, call);
	if (!ev)
		return;
	ev->alloc = al;
	ev->api = api;
	ev->h = dst;
	ev->dispo = dispo;
	ev->var = var;
}

/* An argument that is a handle, an array of them, or the address of one. */
static bool cfg_handle_arg(struct ex *x, CXCursor arg, struct rml_handle *h, bool *addr)
{
	CXCursor s = ex_strip_more(arg);
	struct kids k;

	*addr = false;
	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		ex_get_kids(s, &k);
		if (k.n != 1 || !ex_is_field_ptr(clang_getCursorType(ex_strip(k.c[0]))))
			return false;
		*addr = true;
		*h = ex_handle_of(x, k.c[0]);
		return h->base || h->base_param >= 0;
	}
	if (!ex_is_handle_type(clang_getCursorType(s)))
		return false;
	*h = ex_handle_of(x, s);
	return h->base || h->base_param >= 0;
}

/* A call of the API: an allocation, or a use or a free of the handle it takes. */
static void cfg_api_call(struct ex *x, CXCursor call, const struct rml_api *api, int nargs)
{
	struct rml_event *ev;

	if (api->role == RML_ROLE_ALLOC || api->role == RML_ROLE_BULK_ALLOC) {
		cfg_alloc(x, call, api);
		return;
	}
	if (api->handle_arg < 0 || api->handle_arg >= nargs)
		return;
	ev = ex_cfg_event(x, api->role == RML_ROLE_FREE || api->role == RML_ROLE_BULK_FREE ?
			  RML_EV_FREE : RML_EV_USE, call);
	if (!ev)
		return;
	ev->api = api;
	ev->h = ex_handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
	if (ev->kind == RML_EV_USE)
		ex_cfg_pend_node(x, call, true);
}

/* IS_ERR(f) and the like, not as a condition (a branch of its own tests those). */
static void cfg_test_call(struct ex *x, CXCursor call)
{
	struct rml_event *ev;
	struct rml_handle h;

	if (x->fn.g.have_leaf && clang_equalCursors(call, x->fn.g.leaf))
		return;	/* the branch tests it */
	if (tested_handle(x, clang_Cursor_getArgument(call, 0), &h) &&
	    (ev = ex_cfg_event(x, RML_EV_TEST, call)))
		ev->h = h;
}

/*
 * The arguments of a call (the first RML_MAX_PARAMS): &ret given away sets ret to what is
 * not known; a handle given to a function of the driver (own) is an argument of the call
 * event (returned, *nh of them; NULL for none), anywhere else it escapes.
 */
static struct rml_handle *cfg_call_args(struct ex *x, CXCursor call, const char *name, bool own,
					size_t *nh)
{
	int nargs = clang_Cursor_getNumArguments(call);
	struct rml_handle *args = NULL, h;
	struct rml_event *ev;
	bool addr;

	*nh = 0;
	for (int i = 0; i < nargs && i < RML_MAX_PARAMS; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXCursor s = ex_strip_more(arg);

		if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
			struct kids k;
			int v;

			ex_get_kids(s, &k);
			if (k.n == 1 && (v = ex_cfg_var(x, k.c[0], false)) >= 0 &&
			    (ev = ex_cfg_event(x, RML_EV_SETVAR, call))) {
				ev->var = v;	/* &ret given away: its value is not known */
				ev->val.kind = RML_VAL_OTHER;
				ev->val.var = -1;
			}
		}
		if (!cfg_handle_arg(x, arg, &h, &addr))
			continue;
		if (addr || !own) {
			if ((ev = ex_cfg_event(x, RML_EV_ESCAPE, call))) {
				ev->h = h;
				ev->addr = addr;
				ev->callee_name = name;
			}
			continue;
		}
		if (!args) {
			args = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*args));
			for (int j = 0; j < nargs; j++)
				args[j].base_param = -1;
		}
		args[i] = h;
		(*nh)++;
	}
	return args;
}

/*
 * A function of the driver given as a callback may run from here on (the action of
 * devm_add_action_or_reset() runs at once when it fails): what it frees may be freed here.
 */
static void cfg_callbacks(struct ex *x, CXCursor call)
{
	int nargs = clang_Cursor_getNumArguments(call);
	struct rml_event *ev;

	for (int i = 0; i < nargs && i < RML_MAX_PARAMS; i++) {
		CXCursor s = ex_strip_more(clang_Cursor_getArgument(call, (unsigned)i));
		CXCursor fn;
		struct kids k;

		if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
			ex_get_kids(s, &k);
			if (k.n != 1)
				continue;
			s = ex_strip(k.c[0]);
		}
		if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
			continue;
		fn = clang_getCursorReferenced(s);
		if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !ex_is_own(x, fn) ||
		    !(ev = ex_cfg_event(x, RML_EV_CALL, call)))
			continue;
		ev->callee = ex_usr_of(x, fn);
		ev->callee_name = ex_cxstr(x, clang_getCursorSpelling(fn));
	}
}

static void cfg_call(struct ex *x, CXCursor call)
{
	const char *name = ex_func_name(x, call);
	const struct rml_api *api = rml_api_lookup(name);
	int nargs = clang_Cursor_getNumArguments(call);
	CXCursor callee;
	struct rml_handle *args;
	struct rml_event *ev;
	size_t nh;
	bool own;

	if (api) {
		cfg_api_call(x, call, api, nargs);
		return;
	}
	if (is_named(name, test_fns) && nargs == 1) {
		cfg_test_call(x, call);
		return;
	}
	if (is_named(name, err_fns) || !strcmp(name, "__builtin_expect"))
		return;
	callee = clang_getCursorReferenced(call);
	own = clang_getCursorKind(callee) == CXCursor_FunctionDecl && ex_is_own(x, callee);
	args = cfg_call_args(x, call, name, own, &nh);
	if (own && (ev = ex_cfg_event(x, RML_EV_CALL, call))) {
		ex_cfg_pend_node(x, call, false);
		ev->callee = ex_usr_of(x, callee);
		ev->callee_name = name;
		if (nh) {
			ev->args = args;
			ev->nargs = (size_t)(nargs < RML_MAX_PARAMS ? nargs : RML_MAX_PARAMS);
		}
	}
	cfg_callbacks(x, call);
	if (is_named(name, noreturn_fns))
		ex_cfg_emit(x, RML_NODE_NORETURN, call);
}

/*
 * The handle the right side of a handle assignment names, through casts: a variable, a
 * member or a slot of one (`f = lock->priv` where priv is a void *), else base NULL.
 */
static struct rml_handle store_source(struct ex *x, CXCursor rhs)
{
	CXCursor s = ex_strip_more(rhs);
	enum CXCursorKind k = clang_getCursorKind(s);
	CXType t = clang_getCanonicalType(clang_getCursorType(s));
	struct rml_handle none = { .base_param = -1, .len = -1 };

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr)
		return none;
	if (!ex_is_field_ptr(t) && !(t.kind == CXType_Pointer &&
				     clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Void))
		return none;
	return ex_handle_of(x, s);
}

/* DST = SRC where DST is a handle (lhs, or the local var being declared). */
static void cfg_store(struct ex *x, CXCursor lhs, CXCursor var, CXCursor rhs, CXCursor at)
{
	CXCursor r = ex_strip_more(rhs);
	struct rml_handle dst;
	struct rml_val val;
	struct rml_event *ev;

	if (is_alloc_call(x, r, RML_ROLE_ALLOC))
		return;	/* the allocation's own event says where it goes */
	if (clang_Cursor_isNull(var)) {
		dst = ex_handle_of(x, lhs);
	} else {
		dst = (struct rml_handle){ .base = ex_usr_of(x, var), .base_param = -1, .len = -1,
					   .ix = RML_IX_NONE, .kind = ex_var_hkind(var),
					   .text = ex_cxstr(x, clang_getCursorSpelling(var)) };
	}
	val = ex_cfg_val(x, rhs);
	if (!dst.base && dst.base_param < 0) {
		if (val.kind == RML_VAL_HANDLE && (ev = ex_cfg_event(x, RML_EV_ESCAPE, at)))
			ev->h = val.h;	/* *out = f: gone where the paths do not follow */
		return;
	}
	if (!(ev = ex_cfg_event(x, RML_EV_STORE, at)))
		return;
	ev->h = dst;
	ev->val = val;
	ev->src = store_source(x, rhs);
	ex_cfg_var_used(x, val.var);
}

static void cfg_setvar(struct ex *x, int var, CXCursor rhs, CXCursor at)
{
	struct rml_event *ev;

	if (var < 0)
		return;
	if (!clang_Cursor_isNull(rhs) && is_alloc_call(x, ex_strip_more(rhs), RML_ROLE_BULK_ALLOC))
		return;	/* the allocation's own event sets it */
	if (!(ev = ex_cfg_event(x, RML_EV_SETVAR, at)))
		return;
	ev->var = var;
	if (clang_Cursor_isNull(rhs)) {
		ev->val.kind = RML_VAL_OTHER;
		ev->val.var = -1;
	} else {
		ev->val = ex_cfg_val(x, rhs);
		ex_cfg_var_used(x, ev->val.var);	/* ret = err: err's value matters too */
	}
}

/* A write that sets its operand: a handle stored, or an int local set. */
static void cfg_written(struct ex *x, const struct ex_write *wr)
{
	if (wr->kind != EX_W_ASSIGN)	/* op=, ++, --: to what is not known */
		cfg_setvar(x, ex_cfg_var(x, wr->lhs, false), clang_getNullCursor(), wr->op);
	else if (ex_is_field_ptr(clang_getCursorType(wr->lhs)))
		cfg_store(x, wr->lhs, clang_getNullCursor(), wr->rhs, wr->op);
	else
		cfg_setvar(x, ex_cfg_var(x, wr->lhs, true), wr->rhs, wr->op);
}

/* After a cursor's children were walked: the events it makes (wr: the write it is, or NULL). */
void ex_cfg_post(struct ex *x, CXCursor c, const struct ex_write *wr)
{
	struct kids k;

	if (!x->fn.g.on)
		return;
	if (wr) {
		if (ex_write_sets(wr))
			cfg_written(x, wr);
		return;
	}
	switch (clang_getCursorKind(c)) {
	case CXCursor_CallExpr:
		cfg_call(x, c);
		break;
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);

		ex_get_kids(c, &k);
		if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
			break;
		if (ex_is_field_ptr(t))
			cfg_store(x, clang_getNullCursor(), c, k.c[k.n - 1], c);
		else
			cfg_setvar(x, ex_cfg_var_decl(x, c, true), k.c[k.n - 1], c);
		break;
	}
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr: {
		/* a handle in an initialiser: struct foo s = { .f = f } keeps it somewhere */
		CXCursor p = cfg_parent(x, NULL);
		struct rml_event *ev;

		if (clang_getCursorKind(p) == CXCursor_InitListExpr &&
		    ex_is_field_ptr(clang_getCursorType(c)) && (ev = ex_cfg_event(x, RML_EV_ESCAPE, c)))
			ev->h = ex_handle_of(x, c);
		break;
	}
	default:
		break;
	}
}
