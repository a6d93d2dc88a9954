/*
 * extract/cursor.c: a cursor's children, and an expression looked at through what does not
 * change its value (parentheses, implicit conversions, casts, statement expressions).
 */
#include "ex.h"

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n == RML_ARRAY_SIZE(k->c)) {
		k->more = true;
		return CXChildVisit_Break;
	}
	k->c[k->n++] = c;
	return CXChildVisit_Continue;
}

void ex_get_kids(CXCursor c, struct kids *k)
{
	k->n = 0;
	k->more = false;
	clang_visitChildren(c, collect_kid, k);
}

static enum CXChildVisitResult collect_kidvec(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kidvec *v = data;

	(void)parent;
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->c = rml_xrealloc(v->c, v->cap * sizeof(*v->c));
	}
	v->c[v->n++] = c;
	return CXChildVisit_Continue;
}

void ex_get_all_kids(CXCursor c, struct kidvec *v)
{
	v->c = NULL;
	v->n = v->cap = 0;
	clang_visitChildren(c, collect_kidvec, v);
}

bool ex_is_void_type(CXCursor c)
{
	enum CXTypeKind k = clang_getCursorType(c).kind;

	return k == CXType_Void || k == CXType_Invalid;
}

/* A designated initializer (libclang: an UnexposedExpr of no type whose last child is the value). */
bool ex_is_designated(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_UnexposedExpr && ex_is_void_type(c);
}

/* Look through parentheses and implicit conversions. */
CXCursor ex_strip(CXCursor c)
{
	struct kids k;

	for (int i = 0; i < 32; i++) {
		enum CXCursorKind kind = clang_getCursorKind(c);

		if (kind != CXCursor_ParenExpr && kind != CXCursor_UnexposedExpr)
			break;
		if (kind == CXCursor_UnexposedExpr && ex_is_void_type(c))
			break;
		ex_get_kids(c, &k);
		if (k.n != 1 || !clang_isExpression(clang_getCursorKind(k.c[0])))
			break;
		c = k.c[0];
	}
	return c;
}

/* Also look through casts and GNU statement expressions (the value of their last statement). */
CXCursor ex_strip_more(CXCursor c)
{
	struct kids k;

	for (int i = 0; i < 32; i++) {
		enum CXCursorKind kind;

		c = ex_strip(c);
		kind = clang_getCursorKind(c);
		if (kind == CXCursor_CStyleCastExpr) {
			ex_get_kids(c, &k);
			if (!k.n)
				break;
			c = k.c[k.n - 1];
		} else if (kind == CXCursor_StmtExpr) {
			ex_get_kids(c, &k);
			if (k.n != 1 || clang_getCursorKind(k.c[0]) != CXCursor_CompoundStmt)
				break;
			ex_get_kids(k.c[0], &k);
			if (!k.n || k.more)
				break;
			c = k.c[k.n - 1];
		} else {
			break;
		}
	}
	return c;
}

/* s is `op X` where X, parentheses and implicit conversions stripped, is a kid: X; else null. */
CXCursor ex_unary_operand(CXCursor s, enum CXUnaryOperatorKind op, enum CXCursorKind kid)
{
	struct kids k;

	if (clang_getCursorKind(s) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(s) != op)
		return clang_getNullCursor();
	ex_get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(ex_strip(k.c[0])) != kid)
		return clang_getNullCursor();
	return ex_strip(k.c[0]);
}

enum CXVisitorResult ex_collect_member(CXCursor c, CXClientData data)
{
	struct ex_members *ml = data;

	if (ml->n < RML_ARRAY_SIZE(ml->m))
		ml->m[ml->n++] = c;
	return CXVisit_Continue;
}

bool ex_init_item(struct ex *x, const struct ex_members *ml, unsigned pos, CXCursor *e,
		      unsigned *mi, const char **name)
{
	struct kids d;

	*mi = pos;
	*name = NULL;
	if (!ex_is_designated(*e))
		return true;
	ex_get_kids(*e, &d);
	if (d.n != 2 || clang_getCursorKind(d.c[0]) != CXCursor_MemberRef)
		return false;
	*name = ex_cxstr(x, clang_getCursorSpelling(d.c[0]));
	for (*mi = 0; *mi < ml->n; (*mi)++)
		if (ex_cxstr_eq(clang_getCursorSpelling(ml->m[*mi]), *name))
			break;
	*e = d.c[1];
	return true;
}
