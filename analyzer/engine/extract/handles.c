/*
 * extract/handles.c: what an expression names: which reg_field(s) an argument is (a slot
 * of a table, a range a loop runs over, a member, a parameter), which handle (struct
 * regmap_field *) or handle array, and an operand's value or parameter.
 */
#include "ex.h"

#include <string.h>

/* The innermost enclosing for loop that counts VAR from a constant up to a constant. */
static bool loop_range(struct ex *x, CXCursor var, long *lo, long *hi)
{
	for (int i = x->fn.depth - 1; i >= 0; i--) {
		struct kids k, a;
		CXCursor init, cond;
		struct rml_num from, to;
		enum CXBinaryOperatorKind op;

		if (clang_getCursorKind(x->fn.stack[i]) != CXCursor_ForStmt)
			continue;
		ex_get_kids(x->fn.stack[i], &k);
		if (k.n != 4)
			return false;
		init = k.c[0];
		cond = ex_strip(k.c[1]);
		/* i = A  or  int i = A */
		if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
			ex_get_kids(init, &a);
			if (a.n != 1 || !clang_equalCursors(a.c[0], var))
				continue;
			ex_get_kids(a.c[0], &a);
			if (!a.n)
				return false;
			from = ex_eval_top(x, a.c[a.n - 1]);
		} else if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
			   clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
			ex_get_kids(init, &a);
			if (a.n != 2 || clang_getCursorKind(ex_strip(a.c[0])) != CXCursor_DeclRefExpr ||
			    !clang_equalCursors(clang_getCursorReferenced(ex_strip(a.c[0])), var))
				continue;
			from = ex_eval_top(x, a.c[1]);
		} else {
			continue;
		}
		if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
			return false;
		op = clang_getCursorBinaryOperatorKind(cond);
		ex_get_kids(cond, &a);
		if (a.n != 2 || clang_getCursorKind(ex_strip(a.c[0])) != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(ex_strip(a.c[0])), var))
			return false;
		to = ex_eval_top(x, a.c[1]);
		if (!from.known || !to.known || rml_ce_is_negative(from) || rml_ce_is_negative(to))
			return false;
		if (op == CXBinaryOperator_LT || op == CXBinaryOperator_NE)
			*hi = (long)to.v;
		else if (op == CXBinaryOperator_LE)
			*hi = (long)to.v + 1;
		else
			return false;
		*lo = (long)from.v;
		return *lo <= *hi;
	}
	return false;
}

/*
 * The table part of `T[i]` (or of a bulk allocation's table argument): an array variable,
 * a pointer to tables (a local, or a variant's pointer member), or an array member.
 */
static bool fref_base(struct ex *x, CXCursor base, struct rml_fref *r)
{
	enum CXCursorKind kind = clang_getCursorKind(base);
	CXCursor ref;
	CXType t;

	if (kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr)
		return false;
	ref = clang_getCursorReferenced(base);
	t = clang_getCursorType(ref);
	if (kind == CXCursor_DeclRefExpr) {
		if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
		    clang_getCursorKind(ref) != CXCursor_ParmDecl)
			return false;
		if (ex_is_array(t))
			r->var = ex_usr_of(x, ref);
		else if (ex_is_regfield_ptr(x, t))
			r->alias = ex_regfield_ptr_key(x, base);
		else
			return false;
		return true;
	}
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return false;
	r->type = ex_record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
	r->member = ex_cxstr(x, clang_getCursorSpelling(ref));
	if (ex_is_regfield_ptr(x, t)) {
		r->alias = rml_arena_printf(x->a, "%s#%s", r->type, r->member);
		r->type = r->member = NULL;
	} else if (!ex_is_array(t)) {
		return false;
	}
	return true;
}

/* The slots an index expression can be: [lo, hi) and its loop variable (as ex_fref_of()). */
static void fref_index(struct ex *x, CXCursor idx_expr, struct rml_fref *r)
{
	CXCursor idx = ex_strip(idx_expr);
	struct rml_num n = ex_eval_top(x, idx_expr);

	if (n.known && !rml_ce_is_negative(n)) {
		r->lo = (long)n.v;
		r->hi = r->lo + 1;
	} else if (clang_getCursorKind(idx) == CXCursor_DeclRefExpr &&
		   loop_range(x, clang_getCursorReferenced(idx), &r->lo, &r->hi)) {
		/* a loop over the table */
	} else {
		r->lo = RML_IDX_UNKNOWN;
	}
	if (clang_getCursorKind(idx) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(idx)) == CXCursor_VarDecl)
		r->loopvar = ex_usr_of(x, clang_getCursorReferenced(idx));
}

/* tbl[i].rf, tbl an array variable of structs: the member of elements [lo, hi) of tbl. */
static bool elem_member(struct ex *x, CXCursor member_ref, struct rml_fref *r)
{
	CXCursor base, ref;
	struct kids k;

	ex_get_kids(member_ref, &k);
	if (k.n != 1 || clang_getCursorKind(ex_strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
		return false;
	ex_get_kids(ex_strip(k.c[0]), &k);
	if (k.n != 2)
		return false;
	base = ex_strip(k.c[0]);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(base);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || !ex_is_array(clang_getCursorType(ref)))
		return false;
	r->var = ex_usr_of(x, ref);
	fref_index(x, k.c[1], r);
	return true;
}

/* What reg_field(s) an argument names. */
void ex_fref_of(struct ex *x, CXCursor arg, bool bulk, struct rml_fref *r)
{
	CXCursor e = ex_strip(arg);
	enum CXCursorKind kind = clang_getCursorKind(e);
	struct kids k;

	r->lo = RML_IDX_ALL;
	r->hi = 0;
	if (kind == CXCursor_CompoundLiteralExpr) {
		if (x->fn.name)
			r->inline_field = ex_inline_field(x, e);
		return;
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		CXCursor base;

		ex_get_kids(e, &k);
		if (k.n != 2)
			return;
		base = ex_strip(k.c[0]);
		if (!fref_base(x, base, r)) {
			r->why = "the table is not named by a variable or a member";
			return;
		}
		fref_index(x, k.c[1], r);
		return;
	}
	if (bulk && fref_base(x, e, r))
		return;
	if (kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) {
		ex_get_kids(e, &k);	/* *data->field: slot 0 of what the pointer is set to */
		if (k.n == 1 && fref_base(x, ex_strip(k.c[0]), r)) {
			r->lo = 0;
			r->hi = 1;
			return;
		}
		memset(r, 0, sizeof(*r));
		r->lo = RML_IDX_ALL;
		r->why = "a pointer to reg_fields that is not a variable or a member";
		return;
	}
	if (kind == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		int pi = clang_getCursorKind(ref) == CXCursor_ParmDecl ? ex_param_index(x, ref) : -1;

		if (!bulk && pi >= 0 && ex_is_regfield_type(x, clang_getCursorType(ref))) {
			r->by_param = pi + 1;	/* an allocation helper's */
			return;
		}
		if (clang_getCursorKind(ref) != CXCursor_VarDecl)
			return;
		r->var = ex_usr_of(x, ref);
		if (bulk)
			r->lo = RML_IDX_ALL;
		return;
	}
	if (kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);

		if (clang_getCursorKind(ref) != CXCursor_FieldDecl ||
		    !ex_is_regfield_type(x, clang_getCursorType(ref)))
			return;
		r->member = ex_cxstr(x, clang_getCursorSpelling(ref));
		if (elem_member(x, e, r))
			return;
		r->type = ex_record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
		return;
	}
	r->why = "not a table slot, variable or member";
}

/* An index expression: constant, a loop's counter, a parameter (+ constant), or unknown. */
static void index_of(struct ex *x, CXCursor e, struct rml_handle *h)
{
	struct rml_num n = ex_eval_top(x, e);
	CXCursor s = ex_strip(e);
	struct kids k;

	h->ix = RML_IX_UNKNOWN;
	if (n.known && !rml_ce_is_negative(n)) {
		h->ix = RML_IX_CONST;
		h->lo = (long)n.v;
		return;
	}
	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Add) {
		ex_get_kids(s, &k);
		if (k.n == 2) {
			struct rml_num a = ex_eval_top(x, k.c[0]), b = ex_eval_top(x, k.c[1]);
			CXCursor var = ex_strip(a.known ? k.c[1] : k.c[0]);
			struct rml_num off = a.known ? a : b;

			if (off.known && clang_getCursorKind(var) == CXCursor_DeclRefExpr) {
				int p = ex_param_index(x, clang_getCursorReferenced(var));

				if (p >= 0) {
					h->ix = RML_IX_PARAM;
					h->param = p;
					h->lo = (long)rml_ce_sval(off);
				}
			}
		}
		return;
	}
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(s);
		int p = ex_param_index(x, ref);

		if (p >= 0) {
			h->ix = RML_IX_PARAM;
			h->param = p;
			h->lo = 0;
			return;
		}
		if (clang_getCursorKind(ref) == CXCursor_VarDecl)
			h->loopvar = ex_usr_of(x, ref);
		if (loop_range(x, ref, &h->lo, &h->hi))
			h->ix = RML_IX_RANGE;
	}
}

/* What handle an expression of type struct regmap_field * (or an array of them) denotes. */
struct rml_handle ex_handle_of(struct ex *x, CXCursor e)
{
	struct rml_handle h = { .base = NULL, .base_param = -1, .ix = RML_IX_NONE, .len = -1 };
	CXCursor s = ex_strip_more(e);
	enum CXCursorKind kind = clang_getCursorKind(s);
	struct kids k;

	h.text = ex_spelled_text(x, e);
	if (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		ex_get_kids(s, &k);	/* &priv->fields[0] in a bulk allocation */
		if (k.n == 1)
			s = ex_strip(k.c[0]);
		kind = clang_getCursorKind(s);
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		ex_get_kids(s, &k);
		if (k.n != 2)
			return h;
		index_of(x, k.c[1], &h);
		s = ex_strip(k.c[0]);
		kind = clang_getCursorKind(s);
	}
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(s);
		enum CXCursorKind rk = clang_getCursorKind(ref);

		if (rk == CXCursor_ParmDecl && ex_param_index(x, ref) >= 0) {
			h.base_param = ex_param_index(x, ref);	/* a handle, or an array of them, passed in */
			h.kind = RML_HK_PARAM;
		} else if (rk == CXCursor_VarDecl || rk == CXCursor_FieldDecl || rk == CXCursor_ParmDecl) {
			h.base = ex_usr_of(x, ref);
			h.kind = rk == CXCursor_FieldDecl ? RML_HK_MEMBER :
				 rk == CXCursor_ParmDecl ? RML_HK_PARAM : ex_var_hkind(ref);
		}
		for (int i = 0; h.base && h.ix != RML_IX_NONE && i < x->fn.nharr; i++)
			if (!strcmp(x->fn.harr[i].var, h.base)) {
				h.base = x->fn.harr[i].base;	/* fields[i] with fields = priv->fields */
				h.kind = x->fn.harr[i].kind;
			}
		if (ex_is_array(clang_getCursorType(ref))) {
			h.len = (long)clang_getArraySize(clang_getCanonicalType(clang_getCursorType(ref)));
			h.arr_name = ex_cxstr(x, clang_getCursorSpelling(ref));
			h.arr_loc = ex_cursor_loc(x, ref);
		}
	}
	return h;
}

struct rml_operand ex_operand_at(struct ex *x, CXCursor e, CXCursor call)
{
	struct rml_operand o = { .kind = RML_OP_UNKNOWN, .param = -1 };
	CXCursor s = ex_strip(e);

	o.text = ex_spelled_text(x, e);
	o.v = ex_eval_top(x, e);
	if (o.v.known) {
		o.kind = RML_OP_CONST;
		if (!clang_Cursor_isNull(call))
			o.where = ex_opsrc(x, e, call);
		return o;
	}
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		int p = ex_param_index(x, clang_getCursorReferenced(s));

		if (p >= 0) {
			o.kind = RML_OP_PARAM;
			o.param = p;
		}
	}
	return o;
}

/*
 * `*fieldp` for a parameter `struct regmap_field **fieldp`: the handle the caller gives
 * the address of (an allocation helper's result), as base_param.
 */
bool ex_out_param_handle(struct ex *x, CXCursor lhs, struct rml_handle *h)
{
	CXCursor op = ex_unary_operand(ex_strip(lhs), CXUnaryOperator_Deref, CXCursor_DeclRefExpr), ref;

	if (clang_Cursor_isNull(op))
		return false;
	ref = clang_getCursorReferenced(op);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl || ex_param_index(x, ref) < 0 ||
	    !ex_is_handle_type(clang_getCursorType(ref)) || ex_is_field_ptr(clang_getCursorType(ref)))
		return false;
	*h = (struct rml_handle){ .base_param = ex_param_index(x, ref), .kind = RML_HK_PARAM,
				  .ix = RML_IX_NONE, .len = -1, .text = ex_spelled_text(x, lhs) };
	return true;
}

/*
 * The assignment or declaration an expression's value goes to: its destination handle
 * (out: `*fieldp = ...` into a helper's out-parameter too).
 */
bool ex_store_target(struct ex *x, struct rml_handle *dst, bool out)
{
	for (int i = x->fn.depth - 1; i >= 0; i--) {
		CXCursor a = x->fn.stack[i];
		enum CXCursorKind k = clang_getCursorKind(a);
		struct kids kk;

		if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
		    k == CXCursor_CStyleCastExpr)
			continue;
		if (k == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Assign) {
			ex_get_kids(a, &kk);
			if (kk.n != 2)
				return false;
			*dst = ex_handle_of(x, kk.c[0]);
			return dst->base || dst->base_param >= 0 ||
			       (out && ex_out_param_handle(x, kk.c[0], dst));
		}
		if (k == CXCursor_VarDecl) {
			*dst = (struct rml_handle){ .base = ex_usr_of(x, a), .base_param = -1,
						    .ix = RML_IX_NONE, .len = -1, .kind = ex_var_hkind(a),
						    .text = ex_cxstr(x, clang_getCursorSpelling(a)) };
			return true;
		}
		return false;
	}
	return false;
}

/* `struct regmap_field **f = priv->fields;`: f[i] is a slot of priv->fields. */
void ex_handle_array_decl(struct ex *x, CXCursor var, CXCursor init)
{
	CXType t = clang_getCursorType(var);
	struct rml_handle a;

	if (!ex_is_handle_type(t) || ex_is_field_ptr(t) ||
	    x->fn.nharr >= (int)RML_ARRAY_SIZE(x->fn.harr))
		return;
	a = ex_handle_of(x, init);
	if (a.base && a.ix == RML_IX_NONE) {
		x->fn.harr[x->fn.nharr].var = ex_usr_of(x, var);
		x->fn.harr[x->fn.nharr].kind = a.kind;
		x->fn.harr[x->fn.nharr++].base = a.base;
	}
}

struct rml_operand ex_operand_of(struct ex *x, CXCursor e)
{
	return ex_operand_at(x, e, clang_getNullCursor());
}
