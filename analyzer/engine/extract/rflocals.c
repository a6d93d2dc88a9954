/*
 * extract/rflocals.c: local struct reg_field variables (and arrays of them) declared with
 * no initialiser, and what their function does to them: the members it assigns one by one
 * (`f.reg = ...;`, `tbl[i].lsb = ...;`), and whether anything else may give them a value
 * (`f = other;`, `&f` or the array given to a function, which may fill it). The facts are
 * flow-insensitive on purpose: a member assigned anywhere in the function, on any path,
 * counts as set.
 */
#include "ex.h"

#include <string.h>

/* A local struct reg_field declared with no initialiser: followed while the function is walked. */
void ex_rflocal_decl(struct ex *x, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct rml_rflocal *r;
	bool is_array = ex_is_array(t);

	if (!x->fn.name || ex_var_hkind(var) != RML_HK_LOCAL ||
	    x->fn.nbare == (int)RML_ARRAY_SIZE(x->fn.bare))
		return;	/* static storage is zeroed; too many to follow: nothing said */
	if (!ex_is_regfield_type(x, is_array ? ex_elem_type(t) : t))
		return;
	r = rml_arena_alloc(x->a, sizeof(*r));
	*r = (struct rml_rflocal){
		.var = ex_usr_of(x, var),
		.name = ex_cxstr(x, clang_getCursorSpelling(var)),
		.loc = ex_cursor_loc(x, var),
		.func = x->fn.usr,
		.is_array = is_array,
	};
	x->fn.bare[x->fn.nbare].var = var;
	x->fn.bare[x->fn.nbare].fact = r;
	x->fn.nbare++;
	rml_ptrvec_push(&x->f->rflocals, r);
}

/* Parentheses and implicit conversions (libclang's UnexposedExpr) say nothing about a use. */
static bool transparent(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr;
}

/*
 * From ancestor *i (stack index) up past transparent ones: the ancestor the use belongs to
 * (*i, -1 when none) and its child on the way (*child), starting from what is at *i + 1.
 */
static void climb(const struct ex *x, int *i, CXCursor *child)
{
	while (*i >= 0 && transparent(x->fn.stack[*i])) {
		*child = x->fn.stack[*i];
		(*i)--;
	}
}

/* What may fill the local is out of sight: not known, rather than wrong. */
static void escape(struct rml_rflocal *r, const char *why)
{
	if (r->whole)
		return;	/* the first reason is kept */
	r->whole = why;
	r->escaped = true;
}

/* memset(child, ...) (memzero_explicit too): every byte of the object gets a value. */
static bool memset_dest(struct ex *x, CXCursor call, CXCursor child)
{
	const char *n;

	if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) < 2)
		return false;
	n = ex_func_name(x, call);
	return n && (!strcmp(n, "memset") || !strcmp(n, "__builtin_memset") ||
		     !strcmp(n, "memzero_explicit")) &&
	       clang_equalCursors(clang_Cursor_getArgument(call, 0), child);
}

/* Set as a whole where the walk sees it: the rule stays silent, nothing is unknown. */
static void whole(struct rml_rflocal *r, const char *why)
{
	if (!r->whole)
		r->whole = why;
}

/* &obj at ancestor i: is it the destination of a memset()? */
static bool zeroed(struct ex *x, int i, CXCursor addr)
{
	CXCursor child = addr;

	i--;
	climb(x, &i, &child);
	return i >= 0 && memset_dest(x, x->fn.stack[i], child);
}

/* Is child the first operand of op (the left side of an assignment)? */
static bool is_first(CXCursor op, CXCursor child)
{
	struct kids k;

	ex_get_kids(op, &k);
	return k.n && clang_equalCursors(k.c[0], child);
}

/* The operator of an assignment, op= or ++/--: does op set its first operand child? */
static bool sets(CXCursor op, CXCursor child)
{
	switch (clang_getCursorKind(op)) {
	case CXCursor_BinaryOperator:
		return clang_getCursorBinaryOperatorKind(op) == CXBinaryOperator_Assign &&
		       is_first(op, child);
	case CXCursor_CompoundAssignOperator:
		return is_first(op, child);
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(op)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
			return true;
		default:
			return false;
		}
	default:
		return false;
	}
}

static bool is_addr_of(CXCursor op)
{
	return clang_getCursorKind(op) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(op) == CXUnaryOperator_AddrOf;
}

/* The array given as the reg_field table of a bulk allocation (call: its call; child: the arg). */
static bool bulk_table_arg(struct ex *x, CXCursor call, CXCursor child)
{
	const struct rml_api *api;
	int n;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	api = rml_api_lookup(ex_func_name(x, call));
	if (!api || api->role != RML_ROLE_BULK_ALLOC || api->field_arg < 0)
		return false;
	n = clang_Cursor_getNumArguments(call);
	return api->field_arg < n &&
	       clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)api->field_arg), child);
}

/*
 * A struct reg_field object of the local (the variable, or an element of the array) used
 * at ancestor i (child: the object's expression, as a child of it): a member set, the whole
 * set or its address taken, or only read.
 */
static void object_use(struct ex *x, struct rml_rflocal *r, int i, CXCursor child)
{
	CXCursor at;

	climb(x, &i, &child);
	if (i < 0) {
		escape(r, "used where the walk cannot see how");
		return;
	}
	at = x->fn.stack[i];
	if (clang_getCursorKind(at) == CXCursor_MemberRefExpr) {
		int part = ex_part_of_member(ex_cxstr(x, clang_getCursorSpelling(
							   clang_getCursorReferenced(at))));

		child = at;
		i--;
		climb(x, &i, &child);
		if (part < 0 || i < 0) {
			escape(r, "a member used where the walk cannot see how");
			return;
		}
		if (sets(x->fn.stack[i], child))
			r->set |= 1u << part;
		else if (is_addr_of(x->fn.stack[i]))
			escape(r, "a member's address is given away");
		return;	/* otherwise read */
	}
	if (sets(at, child))
		whole(r, "assigned as a whole");
	else if (is_addr_of(at) && zeroed(x, i, at))
		whole(r, "cleared by memset()");
	else if (is_addr_of(at))
		escape(r, "its address is given away");
	/* otherwise read: passed by value, copied from */
}

/* A DeclRefExpr naming a local followed by ex_rflocal_decl(). */
void ex_rflocal_ref(struct ex *x, CXCursor ref)
{
	CXCursor var, child = ref, at;
	struct rml_rflocal *r = NULL;
	int i = x->fn.depth - 1;

	if (!x->fn.nbare || ex_unevaluated(x))
		return;	/* sizeof(tbl), ARRAY_SIZE(tbl): nothing is read or written */
	var = clang_getCursorReferenced(ref);
	for (int b = 0; b < x->fn.nbare; b++)
		if (clang_equalCursors(x->fn.bare[b].var, var))
			r = x->fn.bare[b].fact;
	if (!r)
		return;	/* (after whole is set, the members set are still counted, for -v) */
	if (!r->is_array) {
		object_use(x, r, i, child);
		return;
	}
	climb(x, &i, &child);
	if (i < 0) {
		escape(r, "used where the walk cannot see how");
		return;
	}
	at = x->fn.stack[i];
	if (clang_getCursorKind(at) == CXCursor_ArraySubscriptExpr && is_first(at, child)) {
		object_use(x, r, i - 1, at);	/* tbl[i]: one element */
		return;
	}
	if (bulk_table_arg(x, at, child))
		return;	/* the table a bulk allocation copies from */
	if (memset_dest(x, at, child))
		whole(r, "cleared by memset()");
	else
		escape(r, "the array is given away");
}

/*
 * The function's walk is over: a local filled member by member and allocated (directly or
 * through a helper of the driver), whose address went where the walk cannot follow, is
 * counted as not resolved.
 */
void ex_rflocals_settle(struct ex *x, size_t nallocs, size_t ncalls)
{
	for (int b = 0; b < x->fn.nbare; b++) {
		const struct rml_rflocal *r = x->fn.bare[b].fact;
		bool given = false;

		if (!r->escaped || !r->set)
			continue;
		for (size_t i = nallocs; i < x->f->allocs.n && !given; i++) {
			const struct rml_alloc *al = x->f->allocs.p[i];

			given = al->src.var && !strcmp(al->src.var, r->var);
		}
		for (size_t i = ncalls; i < x->f->calls.n && !given; i++) {
			const struct rml_call *c = x->f->calls.p[i];

			for (size_t a = 0; a < c->nargs && !given; a++)
				given = c->frefs[a].var && !strcmp(c->frefs[a].var, r->var);
		}
		if (given)
			rml_facts_unknown(x->f, &r->loc,
					  rml_arena_printf(x->a, "local reg_field '%s' members", r->name),
					  r->whole);
	}
}
