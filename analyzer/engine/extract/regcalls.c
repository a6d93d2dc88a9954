/*
 * extract/regcalls.c: a call of the plain regmap API (or of ASoC's helpers over it) as a
 * fact: its map (or the parameter it is), its register, mask, value and count as operands,
 * what its buffer points into, and a value written as FIELD_PREP(A, x) with x unknown.
 */
#include "ex.h"

#include <ctype.h>
#include <string.h>

/* The map argument: the expression's key, or the parameter of the function it is. */
static struct rml_mapref mapref_of(struct ex *x, CXCursor arg)
{
	struct rml_mapref m = { .param = -1 };
	CXCursor s = ex_strip_more(arg);

	m.text = ex_spelled_text(x, arg);
	m.key = ex_expr_key(x, arg);
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr)
		m.param = ex_param_index(x, clang_getCursorReferenced(s));
	return m;
}

static long size_of(CXType t)
{
	long long n = clang_Type_getSizeOf(t);

	return n > 0 ? (long)n : -1;
}

/* Bytes of one element of an array type, or -1. */
static long elem_size(CXType t)
{
	return size_of(clang_getArrayElementType(clang_getCanonicalType(t)));
}

static bool is_array_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_ConstantArray;
}

static bool is_pointer_type(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* An object the buffer can point into: a variable or a struct member, its size known. */
static bool object_of(struct ex *x, CXCursor e, struct rml_bufref *b)
{
	CXCursor ref;
	enum CXCursorKind k;

	e = ex_strip(e);
	k = clang_getCursorKind(e);
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return false;
	ref = clang_getCursorReferenced(e);
	k = clang_getCursorKind(ref);
	if (k != CXCursor_VarDecl && k != CXCursor_FieldDecl && k != CXCursor_ParmDecl)
		return false;
	b->obj = ex_spelled_text(x, e);
	b->obj_loc = ex_cursor_loc(x, ref);
	return true;
}

/* Is NAME written as ->NAME or .NAME in one of the driver's own files? */
static bool named_in_driver(struct ex *x, const char *name)
{
	size_t nl = strlen(name);

	for (size_t i = 0; i < x->cap; i++) {
		struct ex_file_info *fi = &x->files[i];
		const char *t, *p, *end;

		if (!fi->file || !fi->own || !(t = ex_file_text(x, fi)))
			continue;
		end = t + fi->len;
		for (p = t; (p = memmem(p, (size_t)(end - p), name, nl)); p += nl) {
			bool before = (p > t && p[-1] == '.') || (p - t >= 2 && p[-2] == '-' &&
								  p[-1] == '>');
			bool after = p + nl == end || !(isalnum((unsigned char)p[nl]) || p[nl] == '_');

			if (before && after)
				return true;
		}
	}
	return false;
}

struct after_walk {
	struct ex *x;
	struct rml_bufref *b;
	long from, pos;		/* bytes: the object's end, where the buffer points */
};

static enum CXChildVisitResult after_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct after_walk *w = data;
	struct rml_bufref *b = w->b;
	long long bits;
	long off;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	bits = clang_Cursor_getOffsetOfField(c);
	if (bits < 0 || (off = (long)(bits / 8)) < w->from)
		return CXChildVisit_Continue;
	if (b->nafter == RML_MAX_AFTER) {
		b->more_after = true;
		return CXChildVisit_Break;
	}
	b->after[b->nafter].name = ex_cxstr(w->x, clang_getCursorSpelling(c));
	b->after[b->nafter].off = off - w->pos;
	b->after[b->nafter].named = named_in_driver(w->x, b->after[b->nafter].name);
	b->nafter++;
	return CXChildVisit_Continue;
}

/*
 * The buffer's object obj is a struct member of `size` bytes, b->bytes of them from where
 * the buffer points: how far that struct goes on, and its members after obj (a read may
 * spill into them on purpose: IIO's `struct { __le16 channels[3]; u8 garbage; ... }`).
 */
static void member_room(struct ex *x, CXCursor obj, long size, struct rml_bufref *b)
{
	CXCursor ref = clang_getCursorReferenced(ex_strip(obj)), rec;
	struct after_walk w = { x, b, 0, 0 };
	long long bits;
	long rsize;

	if (clang_getCursorKind(ref) != CXCursor_FieldDecl || b->bytes < 0 || size < b->bytes)
		return;
	rec = clang_getCursorSemanticParent(ref);
	rsize = size_of(clang_getCursorType(rec));
	bits = clang_Cursor_getOffsetOfField(ref);
	if (rsize < 0 || bits < 0)
		return;
	w.from = (long)(bits / 8) + size;
	w.pos = (long)(bits / 8) + size - b->bytes;
	if (rsize < w.pos + b->bytes)
		return;
	b->room = rsize - w.pos;
	clang_visitChildren(rec, after_visit, &w);
}

/*
 * &obj, &arr[k], &ptr (a pointer: the CVE shape), &ptr + k: what the address points into.
 * k: elements of the address's type added to it (&p + k).
 */
static void addr_of(struct ex *x, CXCursor op, long k, struct rml_bufref *b)
{
	CXType t = clang_getCursorType(op);
	struct kids kids;

	op = ex_strip(op);
	if (is_pointer_type(t)) {
		object_of(x, op, b);
		b->addr_of_ptr = true;
		return;
	}
	if (clang_getCursorKind(op) == CXCursor_ArraySubscriptExpr) {
		struct rml_num i;
		CXCursor base;

		ex_get_kids(op, &kids);
		if (kids.n != 2)
			return;
		base = ex_strip(kids.c[0]);
		i = ex_eval_top(x, kids.c[1]);
		if (!is_array_type(clang_getCursorType(base)) || !i.known || rml_ce_is_negative(i) ||
		    !object_of(x, base, b))
			return;
		b->elem = elem_size(clang_getCursorType(base));
		if (size_of(clang_getCursorType(base)) >= 0 && b->elem > 0) {
			b->bytes = size_of(clang_getCursorType(base)) - ((long)i.v + k) * b->elem;
			member_room(x, base, size_of(clang_getCursorType(base)), b);
		}
		return;
	}
	if (!object_of(x, op, b) || k)
		return;
	b->bytes = size_of(t);
	b->elem = is_array_type(t) ? elem_size(t) : b->bytes;
	member_room(x, op, b->bytes, b);
}

/* The buffer argument of a bulk, raw or noinc call, or a pointer given to a function. */
void ex_buf_of(struct ex *x, CXCursor arg, const char *text, struct rml_bufref *b)
{
	CXCursor s = ex_strip_more(arg), op;
	CXType t = clang_getCursorType(s), pt;
	long k = 0;
	struct kids kids;

	b->text = text ? text : ex_spelled_text(x, arg);
	b->bytes = b->elem = b->room = -1;
	b->param = -1;
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		b->param = ex_param_index(x, clang_getCursorReferenced(s));
		if (b->param >= 0)
			return;	/* the caller's argument says what it points into */
	}
	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Add) {
		struct rml_num n;

		ex_get_kids(s, &kids);
		if (kids.n != 2)
			return;
		n = ex_eval_top(x, kids.c[1]);
		s = ex_strip(kids.c[0]);
		if (n.known && !rml_ce_is_negative(n))
			k = (long)n.v;
		else
			k = -1;
	}
	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		ex_get_kids(s, &kids);
		if (kids.n != 1)
			return;
		op = kids.c[0];
		if (k >= 0) {
			addr_of(x, op, k, b);
		} else if (is_pointer_type(clang_getCursorType(op))) {
			object_of(x, op, b);	/* &p + i */
			b->addr_of_ptr = true;
		}
		return;
	}
	t = clang_getCursorType(s);
	if (is_array_type(t) && k >= 0 && object_of(x, s, b)) {
		/* an array decaying to its first element, k elements on */
		b->elem = elem_size(t);
		if (size_of(t) >= 0 && b->elem > 0) {
			b->bytes = size_of(t) - k * b->elem;
			member_room(x, s, size_of(t), b);
		}
		return;
	}
	pt = clang_getPointeeType(clang_getCanonicalType(t));
	if (pt.kind != CXType_Invalid && pt.kind != CXType_Void)
		b->elem = size_of(pt);
}

/*
 * FIELD_PREP(A, x) with x not constant: the macro ends in `(...) & (A)`, so only the bits
 * of A can be set. A's value and its text.
 */
static void prep_of(struct ex *x, CXCursor arg, const char *t, struct rml_regcall *rc)
{
	const char *p;
	struct kids k;
	CXCursor s;
	int depth = 0;

	rc->prep_mask = rml_ce_unknown(NULL);
	if (!t || strncmp(t, "FIELD_PREP(", 11))
		return;
	s = ex_strip_more(arg);
	if (clang_getCursorKind(s) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(s) != CXBinaryOperator_And)
		return;
	ex_get_kids(s, &k);
	if (k.n != 2)
		return;
	rc->prep_mask = ex_eval_top(x, k.c[1]);
	for (p = t + 11; *p && (depth || *p != ','); p++)
		depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
	if (*p == ',')
		rc->prep_text = rml_arena_strndup(x->a, t + 11, (size_t)(p - t - 11));
}

#define MAX_ARGS 8	/* the API's calls have at most 7 */

static struct rml_operand arg_operand(struct ex *x, CXCursor call, int i, int nargs,
				      const char *const *texts)
{
	struct rml_operand o;

	if (i < 0 || i >= nargs)
		return (struct rml_operand){ .kind = RML_OP_NONE, .param = -1 };
	o = ex_operand_at(x, clang_Cursor_getArgument(call, (unsigned)i), call);
	ex_operand_src(x, &o, clang_Cursor_getArgument(call, (unsigned)i),
		       i < MAX_ARGS ? texts[i] : NULL);
	return o;
}

void ex_regcall(struct ex *x, CXCursor call, const struct rml_regapi *api, int nargs)
{
	const char *texts[MAX_ARGS];
	struct rml_regcall *rc;

	if (api->map_arg >= nargs || api->reg_arg >= nargs)
		return;	/* not the API's own declaration: nothing to read */
	ex_call_arg_texts(x, call, api->name, texts, MAX_ARGS);
	rc = rml_arena_alloc(x->a, sizeof(*rc));
	rc->api = api;
	rc->loc = ex_cursor_loc(x, call);
	rc->func = x->fn.usr;
	rc->func_name = x->fn.name;
	rc->map = mapref_of(x, clang_Cursor_getArgument(call, (unsigned)api->map_arg));
	rc->reg = arg_operand(x, call, api->reg_arg, nargs, texts);
	rc->mask = arg_operand(x, call, api->mask_arg, nargs, texts);
	rc->value = arg_operand(x, call, api->val_arg, nargs, texts);
	rc->count = arg_operand(x, call, api->count_arg, nargs, texts);
	rc->prep_mask = rml_ce_unknown(NULL);
	rc->buf.bytes = rc->buf.elem = rc->buf.room = -1;
	rc->buf.param = -1;
	if (api->buf_arg >= 0 && api->buf_arg < nargs)
		ex_buf_of(x, clang_Cursor_getArgument(call, (unsigned)api->buf_arg),
		       api->buf_arg < MAX_ARGS ? texts[api->buf_arg] : NULL, &rc->buf);
	if (api->val_arg >= 0 && api->val_arg < nargs && rc->value.kind != RML_OP_CONST)
		prep_of(x, clang_Cursor_getArgument(call, (unsigned)api->val_arg), rc->value.src,
			rc);
	rml_ptrvec_push(&x->f->regcalls, rc);
}
