/*
 * extract: one walk over a parsed translation unit. It visits only what the driver wrote
 * (the main file and the headers it includes with quotes) and records, as facts: every
 * struct reg_field value with its constant parts, every regmap_config, every regmap init
 * and field allocation, regmap assignments, and engine probes. Values are evaluated at
 * the type they were written in (the implicit conversion to the member is looked through).
 * The same walk builds each function's control flow (struct rml_func: branches, loops,
 * gotos, returns, and what happens to handles in program order) for paths.c.
 * Nothing is reported here: what cannot be resolved is counted as an unknown.
 */
#include "ex.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EVAL_DEPTH 64

/* ---- strings, files, locations -------------------------------------------------------- */

static const char *cxstr(struct ex *x, CXString s)
{
	const char *c = clang_getCString(s);
	const char *r = rml_arena_strdup(x->a, c ? c : "");

	clang_disposeString(s);
	return r;
}

static bool cxstr_eq(CXString s, const char *want)
{
	const char *c = clang_getCString(s);
	bool eq = c && !strcmp(c, want);

	clang_disposeString(s);
	return eq;
}

static size_t hash_ptr(const void *p, size_t cap)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0x9E3779B97F4A7C15ull;
	return (size_t)(v >> 7) & (cap - 1);
}

static struct file_info *file_slot(struct ex *x, CXFile file)
{
	size_t i;

	if (x->nfiles * 2 >= x->cap) {
		struct file_info *old = x->files;
		size_t oldcap = x->cap, j;

		x->cap = x->cap ? x->cap * 2 : 256;
		x->files = rml_xcalloc(x->cap, sizeof(*x->files));
		for (j = 0; j < oldcap; j++) {
			if (!old[j].file)
				continue;
			for (i = hash_ptr(old[j].file, x->cap); x->files[i].file; i = (i + 1) & (x->cap - 1))
				;
			x->files[i] = old[j];
		}
		free(old);
	}
	for (i = hash_ptr(file, x->cap); x->files[i].file; i = (i + 1) & (x->cap - 1))
		if (x->files[i].file == file)
			return &x->files[i];
	x->files[i].file = file;
	x->nfiles++;
	return &x->files[i];
}

static struct file_info *file_info(struct ex *x, CXFile file)
{
	struct file_info *fi = file_slot(x, file);

	if (!fi->known) {
		fi->known = true;
		fi->name = cxstr(x, clang_getFileName(file));
	}
	return fi;
}

/*
 * A file's text, fetched when first needed: clang_getFileContents() scans the TU's source
 * entries linearly, and asking it for each of the 500 headers a kernel driver includes
 * cost as much as a tenth of the parse (ci/bench.md). Most headers are never read.
 */
static const char *file_text(struct ex *x, struct file_info *fi)
{
	if (!fi->text_known) {
		fi->text_known = true;
		fi->text = clang_getFileContents(x->tu, fi->file, &fi->len);
	}
	return fi->text;
}

static struct rml_loc mkloc(struct ex *x, CXSourceLocation sl)
{
	struct rml_loc loc = { .file = "", .line = 0, .col = 0 };
	CXFile file;
	unsigned line, col, off;
	struct file_info *fi;

	clang_getExpansionLocation(sl, &file, &line, &col, &off);
	if (!file)
		return loc;
	fi = file_info(x, file);
	loc.file = fi->name;
	loc.line = line;
	loc.col = col;
	if (file_text(x, fi) && off <= fi->len) {
		size_t start = off;

		while (start > 0 && fi->text[start - 1] != '\n')
			start--;
		loc.col = rml_display_col(fi->text + start, fi->len - start, col);
	}
	return loc;
}

static struct rml_loc cursor_loc(struct ex *x, CXCursor c)
{
	return mkloc(x, clang_getCursorLocation(c));
}

/* Is the cursor written in the driver (main file or a quoted header of it)? */
static bool is_own(struct ex *x, CXCursor c)
{
	CXSourceLocation sl = clang_getCursorLocation(c);
	CXFile file;

	if (clang_Location_isFromMainFile(sl))
		return true;
	clang_getExpansionLocation(sl, &file, NULL, NULL, NULL);
	if (!file)
		return false;
	return file_info(x, file)->own;
}

/* An #include "..." in an own file makes the included file own too. */
static void note_inclusion(struct ex *x, CXCursor c)
{
	CXSourceLocation sl = clang_getCursorLocation(c);
	CXFile from, to;
	unsigned off;
	struct file_info *fi;
	size_t i;

	clang_getExpansionLocation(sl, &from, NULL, NULL, &off);
	to = clang_getIncludedFile(c);
	if (!from || !to)
		return;
	fi = file_info(x, from);
	if (!(clang_Location_isFromMainFile(sl) || fi->own) || !file_text(x, fi))
		return;
	/* the directive starts at '#': find the delimiter after the directive name */
	for (i = off; i < fi->len && fi->text[i] != '\n'; i++) {
		if (fi->text[i] == '"') {
			file_info(x, to)->own = true;
			return;
		}
		if (fi->text[i] == '<')
			return;
	}
}

/* ---- types ---------------------------------------------------------------------------- */

static bool type_int(CXType t, unsigned *bits, bool *is_signed)
{
	CXType c = clang_getCanonicalType(t);
	long long sz;

	switch (c.kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_UInt128:
		*is_signed = false;
		break;
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Int128:
		*is_signed = true;
		break;
	case CXType_Enum:
		return type_int(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c)), bits,
				is_signed);
	default:
		return false;
	}
	sz = clang_Type_getSizeOf(c);
	if (sz <= 0)
		return false;
	*bits = sz >= 8 ? 64 : (unsigned)sz * 8;
	return true;
}

static bool is_record_named(CXType t, const char *name)
{
	CXType c = clang_getCanonicalType(t);

	if (c.kind != CXType_Record)
		return false;
	return cxstr_eq(clang_getCursorSpelling(clang_getTypeDeclaration(c)), name);
}

static bool is_regfield_type(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);
	CXCursor d;

	if (c.kind != CXType_Record)
		return false;
	d = clang_getTypeDeclaration(c);
	if (x->have_regfield)
		return clang_hashCursor(d) == x->regfield_hash &&
		       cxstr_eq(clang_getCursorSpelling(d), "reg_field");
	if (!cxstr_eq(clang_getCursorSpelling(d), "reg_field"))
		return false;
	x->have_regfield = true;
	x->regfield_hash = clang_hashCursor(d);
	return true;
}

static CXType elem_type(CXType t)
{
	return clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(t)));
}

static bool is_array(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray;
}

/*
 * Visit the members of a record type through its declaration: unlike
 * clang_Type_visitFields, this also works for a record clang marked invalid (a member of
 * a type from a header we do not have), which is common in lone-file mode.
 */
struct fields_visit {
	enum CXVisitorResult (*fn)(CXCursor c, CXClientData data);
	CXClientData data;
	bool stop;
};

static enum CXChildVisitResult fields_visit_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fields_visit *fv = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	if (fv->fn(c, fv->data) == CXVisit_Break) {
		fv->stop = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static void visit_fields(CXType t, enum CXVisitorResult (*fn)(CXCursor c, CXClientData data),
			 CXClientData data)
{
	struct fields_visit fv = { fn, data, false };
	CXType c = clang_getCanonicalType(t);

	if (c.kind != CXType_Record)
		return;
	clang_visitChildren(clang_getTypeDeclaration(c), fields_visit_cb, &fv);
}

struct has_rf {
	struct ex *x;
	bool has;
	int depth;
};

static bool type_has_regfield(struct ex *x, CXType t, int depth);

static enum CXVisitorResult field_has_rf(CXCursor c, CXClientData data)
{
	struct has_rf *h = data;

	if (type_has_regfield(h->x, clang_getCursorType(c), h->depth + 1)) {
		h->has = true;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* Does an object of type t contain a struct reg_field (not through pointers)? */
static bool type_has_regfield(struct ex *x, CXType t, int depth)
{
	CXType c = clang_getCanonicalType(t);
	struct has_rf h = { x, false, depth };
	CXCursor d;
	unsigned hash;
	size_t i;

	while (is_array(c))
		c = elem_type(c);
	if (c.kind != CXType_Record || depth > 8)
		return false;
	if (is_regfield_type(x, c))
		return true;
	d = clang_getTypeDeclaration(c);
	hash = clang_hashCursor(d);
	for (i = 0; i < x->nrcache; i++)
		if (x->rcache[i].hash == hash && clang_equalCursors(x->rcache[i].decl, d))
			return x->rcache[i].has;
	visit_fields(c, field_has_rf, &h);
	if (x->nrcache == x->caprcache) {
		x->caprcache = x->caprcache ? 2 * x->caprcache : 64;
		x->rcache = rml_xrealloc(x->rcache, x->caprcache * sizeof(*x->rcache));
	}
	x->rcache[x->nrcache].hash = hash;
	x->rcache[x->nrcache].decl = d;
	x->rcache[x->nrcache].has = h.has;
	x->nrcache++;
	return h.has;
}

/* ---- children ------------------------------------------------------------------------- */

#define MAX_KIDS 64

struct kids {
	CXCursor c[MAX_KIDS];
	unsigned n;
	bool more;	/* there were more than MAX_KIDS */
};

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n == MAX_KIDS) {
		k->more = true;
		return CXChildVisit_Break;
	}
	k->c[k->n++] = c;
	return CXChildVisit_Continue;
}

static void get_kids(CXCursor c, struct kids *k)
{
	k->n = 0;
	k->more = false;
	clang_visitChildren(c, collect_kid, k);
}

/* All children, however many (initialiser lists of large tables). Free with free(v->c). */
struct kidvec {
	CXCursor *c;
	unsigned n, cap;
};

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

static void get_all_kids(CXCursor c, struct kidvec *v)
{
	v->c = NULL;
	v->n = v->cap = 0;
	clang_visitChildren(c, collect_kidvec, v);
}

static bool is_void_type(CXCursor c)
{
	enum CXTypeKind k = clang_getCursorType(c).kind;

	return k == CXType_Void || k == CXType_Invalid;
}

/* A designated initializer (libclang: an UnexposedExpr of no type whose last child is the value). */
static bool is_designated(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_UnexposedExpr && is_void_type(c);
}

/* Look through parentheses and implicit conversions. */
static CXCursor strip(CXCursor c)
{
	struct kids k;

	for (int i = 0; i < 32; i++) {
		enum CXCursorKind kind = clang_getCursorKind(c);

		if (kind != CXCursor_ParenExpr && kind != CXCursor_UnexposedExpr)
			break;
		if (kind == CXCursor_UnexposedExpr && is_void_type(c))
			break;
		get_kids(c, &k);
		if (k.n != 1 || !clang_isExpression(clang_getCursorKind(k.c[0])))
			break;
		c = k.c[0];
	}
	return c;
}

/* Also look through casts and GNU statement expressions (the value of their last statement). */
static CXCursor strip_more(CXCursor c)
{
	struct kids k;

	for (int i = 0; i < 32; i++) {
		enum CXCursorKind kind;

		c = strip(c);
		kind = clang_getCursorKind(c);
		if (kind == CXCursor_CStyleCastExpr) {
			get_kids(c, &k);
			if (!k.n)
				break;
			c = k.c[k.n - 1];
		} else if (kind == CXCursor_StmtExpr) {
			get_kids(c, &k);
			if (k.n != 1 || clang_getCursorKind(k.c[0]) != CXCursor_CompoundStmt)
				break;
			get_kids(k.c[0], &k);
			if (!k.n || k.more)
				break;
			c = k.c[k.n - 1];
		} else {
			break;
		}
	}
	return c;
}

/* ---- constant evaluation -------------------------------------------------------------- */

static struct rml_num eval(struct ex *x, CXCursor c, int depth);

/* why = "'<name>'<what>", e.g. "'chan' is a parameter" */
static struct rml_num unknown(struct ex *x, const char *name, const char *what)
{
	return rml_ce_unknown(rml_arena_printf(x->a, "'%s' %s", name, what));
}

static struct rml_num clang_eval(struct ex *x, CXCursor c)
{
	unsigned bits = 64;
	bool sign = false;
	CXEvalResult r;
	struct rml_num n;

	if (!type_int(clang_getCursorType(c), &bits, &sign))
		return rml_ce_unknown("not an integer");
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return rml_ce_unknown("not a constant expression");
	if (clang_EvalResult_getKind(r) != CXEval_Int) {
		clang_EvalResult_dispose(r);
		return rml_ce_unknown("not an integer constant");
	}
	if (clang_EvalResult_isUnsignedInt(r))
		n = rml_ce_const(clang_EvalResult_getAsUnsigned(r), bits, sign);
	else
		n = rml_ce_const((uint64_t)clang_EvalResult_getAsLongLong(r), bits, sign);
	clang_EvalResult_dispose(r);
	(void)x;
	return n;
}

static enum rml_ce_op binop_of(enum CXBinaryOperatorKind k, bool *ok)
{
	*ok = true;
	switch (k) {
	case CXBinaryOperator_Mul: return RML_CE_MUL;
	case CXBinaryOperator_Div: return RML_CE_DIV;
	case CXBinaryOperator_Rem: return RML_CE_REM;
	case CXBinaryOperator_Add: return RML_CE_ADD;
	case CXBinaryOperator_Sub: return RML_CE_SUB;
	case CXBinaryOperator_Shl: return RML_CE_SHL;
	case CXBinaryOperator_Shr: return RML_CE_SHR;
	case CXBinaryOperator_LT: return RML_CE_LT;
	case CXBinaryOperator_GT: return RML_CE_GT;
	case CXBinaryOperator_LE: return RML_CE_LE;
	case CXBinaryOperator_GE: return RML_CE_GE;
	case CXBinaryOperator_EQ: return RML_CE_EQ;
	case CXBinaryOperator_NE: return RML_CE_NE;
	case CXBinaryOperator_And: return RML_CE_AND;
	case CXBinaryOperator_Xor: return RML_CE_XOR;
	case CXBinaryOperator_Or: return RML_CE_OR;
	case CXBinaryOperator_LAnd: return RML_CE_LAND;
	case CXBinaryOperator_LOr: return RML_CE_LOR;
	case CXBinaryOperator_Comma: return RML_CE_COMMA;
	default:
		*ok = false;
		return RML_CE_ADD;
	}
}

static struct rml_num eval_var(struct ex *x, CXCursor ref, CXCursor use, int depth)
{
	CXType t = clang_getCursorType(ref);
	struct kids k;
	const char *name = cxstr(x, clang_getCursorSpelling(ref));
	unsigned bits;
	bool sign;

	if (!clang_isConstQualifiedType(t))
		return unknown(x, name, "is not a constant");
	get_kids(ref, &k);
	if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
		return unknown(x, name, "has no constant initialiser");
	if (!type_int(clang_getCursorType(use), &bits, &sign))
		return rml_ce_unknown("not an integer");
	return rml_ce_cast(eval(x, k.c[k.n - 1], depth + 1), bits, sign);
}

static struct rml_num eval(struct ex *x, CXCursor c, int depth)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned bits = 64;
	bool sign = false, ok;
	struct kids k;
	struct rml_num a, b;

	if (depth > MAX_EVAL_DEPTH)
		return rml_ce_unknown("expression too deep");
	if (!type_int(clang_getCursorType(c), &bits, &sign) && kind != CXCursor_ParenExpr)
		return rml_ce_unknown("not an integer");

	switch (kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_UnaryExpr:	/* sizeof, _Alignof */
		return clang_eval(x, c);
	case CXCursor_ParenExpr:
		get_kids(c, &k);
		if (k.n != 1)
			return rml_ce_unknown("not a constant expression");
		return eval(x, k.c[0], depth + 1);
	case CXCursor_UnexposedExpr:
		get_kids(c, &k);
		if (k.n == 1 && clang_isExpression(clang_getCursorKind(k.c[0])))
			return rml_ce_cast(eval(x, k.c[0], depth + 1), bits, sign);
		return clang_eval(x, c);	/* __builtin_choose_expr and friends */
	case CXCursor_CStyleCastExpr:
		get_kids(c, &k);
		if (!k.n)
			return rml_ce_unknown("not a constant expression");
		return rml_ce_cast(eval(x, k.c[k.n - 1], depth + 1), bits, sign);
	case CXCursor_UnaryOperator:
		get_kids(c, &k);
		if (k.n != 1)
			return rml_ce_unknown("not a constant expression");
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_Minus:
			return rml_ce_unop(RML_CE_NEG, eval(x, k.c[0], depth + 1), bits, sign);
		case CXUnaryOperator_Plus:
			return rml_ce_unop(RML_CE_PLUS, eval(x, k.c[0], depth + 1), bits, sign);
		case CXUnaryOperator_Not:
			return rml_ce_unop(RML_CE_NOT, eval(x, k.c[0], depth + 1), bits, sign);
		case CXUnaryOperator_LNot:
			return rml_ce_unop(RML_CE_LNOT, eval(x, k.c[0], depth + 1), bits, sign);
		default:
			return rml_ce_unknown("not a constant expression");
		}
	case CXCursor_BinaryOperator: {
		enum rml_ce_op op = binop_of(clang_getCursorBinaryOperatorKind(c), &ok);

		get_kids(c, &k);
		if (!ok || k.n != 2)
			return rml_ce_unknown("not a constant expression");
		a = eval(x, k.c[0], depth + 1);
		if ((op == RML_CE_LAND && a.known && !a.v) || (op == RML_CE_LOR && a.known && a.v))
			return rml_ce_binop(op, a, a, bits, sign);
		b = eval(x, k.c[1], depth + 1);
		return rml_ce_binop(op, a, b, bits, sign);
	}
	case CXCursor_ConditionalOperator:
		get_kids(c, &k);
		if (k.n != 3)
			return rml_ce_unknown("not a constant expression");
		a = eval(x, k.c[0], depth + 1);
		if (!a.known)
			return a;
		return rml_ce_cast(eval(x, k.c[a.v ? 1 : 2], depth + 1), bits, sign);
	case CXCursor_DeclRefExpr: {
		CXCursor ref = clang_getCursorReferenced(c);

		switch (clang_getCursorKind(ref)) {
		case CXCursor_EnumConstantDecl: {
			unsigned eb;
			bool es;

			if (type_int(clang_getCursorType(ref), &eb, &es) && !es)
				return rml_ce_const(clang_getEnumConstantDeclUnsignedValue(ref), bits, sign);
			return rml_ce_const((uint64_t)clang_getEnumConstantDeclValue(ref), bits, sign);
		}
		case CXCursor_VarDecl:
			return eval_var(x, ref, c, depth);
		case CXCursor_ParmDecl:
			return unknown(x, cxstr(x, clang_getCursorSpelling(ref)), "is a parameter");
		default:
			return unknown(x, cxstr(x, clang_getCursorSpelling(c)), "is not a constant");
		}
	}
	case CXCursor_CallExpr:
		if (cxstr_eq(clang_getCursorSpelling(c), "") ||
		    !strncmp(cxstr(x, clang_getCursorSpelling(c)), "__builtin_", 10))
			return clang_eval(x, c);	/* __builtin_ffsll() in FIELD_PREP() */
		return rml_ce_unknown(rml_arena_printf(x->a, "call to '%s'",
						       cxstr(x, clang_getCursorSpelling(c))));
	case CXCursor_StmtExpr:
		return clang_eval(x, c);	/* FIELD_PREP() and friends */
	default:
		return clang_eval(x, c);
	}
}

/* The value as written: look through the implicit conversion to the destination type. */
static struct rml_num eval_top(struct ex *x, CXCursor c)
{
	struct kids k;

	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && !is_void_type(c)) {
		get_kids(c, &k);
		if (k.n == 1 && clang_isExpression(clang_getCursorKind(k.c[0])))
			c = k.c[0];
	}
	return eval(x, c, 0);
}

/* ---- names and keys ------------------------------------------------------------------- */

static const char *usr_of(struct ex *x, CXCursor decl)
{
	return cxstr(x, clang_getCursorUSR(decl));
}

/*
 * A key naming what a regmap expression denotes: the USR of the variable, parameter or
 * struct member it reads, with [N] for a constant array slot. NULL when it cannot be named.
 */
static const char *expr_key(struct ex *x, CXCursor e)
{
	enum CXCursorKind kind;
	struct kids k;

	e = strip_more(e);
	kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		enum CXCursorKind rk = clang_getCursorKind(ref);

		if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl && rk != CXCursor_FieldDecl)
			return NULL;
		return usr_of(x, ref);
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		const char *base;
		struct rml_num i;

		get_kids(e, &k);
		if (k.n != 2)
			return NULL;
		base = expr_key(x, k.c[0]);
		i = eval_top(x, k.c[1]);
		if (!base || !i.known)
			return NULL;
		return rml_arena_printf(x->a, "%s[%lld]", base, (long long)rml_ce_sval(i));
	}
	return NULL;
}

/* A record type's identity, whatever its qualifiers: the USR of its declaration. */
static const char *record_key(struct ex *x, CXType t)
{
	return usr_of(x, clang_getTypeDeclaration(clang_getCanonicalType(t)));
}

static const char *func_name(struct ex *x, CXCursor call)
{
	return cxstr(x, clang_getCursorSpelling(call));
}

/* ---- reg_field values ----------------------------------------------------------------- */

static int part_of_member(const char *m)
{
	for (int i = 0; i < RML_NPART; i++)
		if (!strcmp(rml_part_names[i], m))
			return i;
	return -1;
}

/* Is text[off] inside a #define (its logical line, continuations included)? */
static bool in_define(const char *t, size_t len, size_t off)
{
	size_t p = off < len ? off : len;

	for (;;) {
		while (p > 0 && t[p - 1] != '\n')
			p--;
		if (p >= 2 && t[p - 2] == '\\') {	/* continuation of the line above */
			p--;
			continue;
		}
		break;
	}
	while (p < len && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p >= len || t[p] != '#')
		return false;
	p++;
	while (p < len && (t[p] == ' ' || t[p] == '\t'))
		p++;
	return !strncmp(t + p, "define", 6);
}

/*
 * How the driver wrote an expression, as a key two writings can be compared by: the
 * text from its first to its last token where the driver wrote them (a macro argument is
 * spelled where it is passed), blanks squeezed; or, when the tokens come from a macro
 * body (REG_A and REG_B both defined as 0x4), the place of that definition. NULL when
 * its ends are spelled in different files.
 */
static const char *spelled_text(struct ex *x, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXFile f1, f2;
	unsigned s, end;
	struct file_info *fi;
	char *out, *o;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
	if (!f1 || f1 != f2)
		return NULL;
	fi = file_info(x, f1);
	if (!file_text(x, fi) || end > fi->len || s > fi->len)
		return NULL;
	if (in_define(fi->text, fi->len, s) || in_define(fi->text, fi->len, end))
		return rml_arena_printf(x->a, "@%s:%u-%u", fi->name, s, end);
	if (end < s || end - s > 256)
		return NULL;
	while (end < fi->len && (isalnum((unsigned char)fi->text[end]) || fi->text[end] == '_'))
		end++;	/* the range stops at the start of its last token */
	out = o = rml_arena_alloc(x->a, end - s + 1);
	for (unsigned i = s; i < end; i++)
		if (!isspace((unsigned char)fi->text[i]))
			*o++ = fi->text[i];
	*o = '\0';
	return out;
}

static enum CXChildVisitResult impure_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_StmtExpr ||
	    (k == CXCursor_BinaryOperator &&
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Plus &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Not &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does evaluating e twice give the same value: no call, assignment, ++ or volatile? */
static bool pure_expr(CXCursor e)
{
	bool impure = clang_isVolatileQualifiedType(clang_getCursorType(e));

	if (!impure)
		impure_cb(e, clang_getNullCursor(), &impure);
	if (!impure)
		clang_visitChildren(e, impure_cb, &impure);
	return !impure;
}

/* Fill a field's parts from its initialiser (an init list, or a compound literal). */
static void read_field(struct ex *x, struct rml_field *fld, CXCursor init)
{
	struct kids k;
	unsigned i, pos = 0;
	CXCursor at[RML_NPART];

	for (i = 0; i < RML_NPART; i++)
		at[i] = clang_getNullCursor();

	for (i = 0; i < RML_NPART; i++)
		fld->part[i] = rml_ce_const(0, 32, false);
	init = strip(init);
	if (clang_getCursorKind(init) == CXCursor_CompoundLiteralExpr) {
		get_kids(init, &k);
		if (k.n)
			init = k.c[k.n - 1];
	}
	if (clang_getCursorKind(init) != CXCursor_InitListExpr) {
		for (i = 0; i < RML_NPART; i++)
			fld->part[i] = rml_ce_unknown("not written as an initialiser");
		return;
	}
	get_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		int part = (int)pos;

		if (is_designated(e)) {
			struct kids d;

			get_kids(e, &d);
			if (d.n != 2 || clang_getCursorKind(d.c[0]) != CXCursor_MemberRef)
				continue;
			part = part_of_member(cxstr(x, clang_getCursorSpelling(d.c[0])));
			e = d.c[1];
		}
		if (part < 0 || part >= RML_NPART)
			continue;
		fld->part[part] = eval_top(x, e);
		at[part] = e;
		if (part == RML_REG)
			fld->reg_text = spelled_text(x, e);
		pos = (unsigned)part + 1;
	}
	/* REG_FIELD(reg, 8 + priv->id, 8 + priv->id): one bit, wherever it is */
	if (!fld->part[RML_LSB].known && !fld->part[RML_MSB].known &&
	    !clang_Cursor_isNull(at[RML_LSB]) && !clang_Cursor_isNull(at[RML_MSB])) {
		const char *l = spelled_text(x, at[RML_LSB]), *m = spelled_text(x, at[RML_MSB]);

		if (l && m && l[0] != '@' && !strcmp(l, m) && pure_expr(at[RML_LSB]) &&
		    pure_expr(at[RML_MSB]))
			fld->width_sym = 1;
	}
}

static void record_unknowns(struct ex *x, const struct rml_field *fld)
{
	for (int i = 0; i < RML_NPART; i++) {
		if (fld->part[i].known)
			continue;
		rml_facts_unknown(x->f, &fld->loc,
				  rml_arena_printf(x->a, "field '%s' %s", fld->name, rml_part_names[i]),
				  fld->part[i].why);
	}
}

static struct rml_table *new_table(struct ex *x, CXCursor var, const char *name,
				   enum rml_table_kind kind)
{
	struct rml_table *t = rml_arena_alloc(x->a, sizeof(*t));
	CXType vt = clang_getCursorType(var);

	t->name = name;
	t->var = usr_of(x, var);
	t->loc = cursor_loc(x, var);
	t->kind = kind;
	t->is_const = clang_isConstQualifiedType(clang_getCanonicalType(vt)) ||
		      (is_array(vt) && clang_isConstQualifiedType(clang_getArrayElementType(
					   clang_getCanonicalType(vt))));
	t->is_static = clang_Cursor_getStorageClass(var) == CX_SC_Static;
	t->is_local = x->fn.name != NULL && clang_getCursorKind(var) == CXCursor_VarDecl &&
		      clang_getCursorLinkage(var) == CXLinkage_NoLinkage;
	t->func = t->is_local ? x->fn.name : NULL;
	t->array_len = -1;
	t->elem = -1;
	rml_ptrvec_push(&x->f->tables, t);
	return t;
}

/*
 * The table's array grows by doubling (its capacity is the least power of two, at least 8,
 * that holds nfields): the arena never frees, so a copy per field would cost memory
 * quadratic in the table's length (100,000 REG_FIELDs took 40 GB).
 */
static void table_add(struct ex *x, struct rml_table *t, struct rml_field *fld)
{
	size_t n = t->nfields;

	if (n == 0 || (n >= 8 && !(n & (n - 1)))) {
		struct rml_field **v = rml_arena_alloc(x->a, (n ? 2 * n : 8) * sizeof(*v));

		if (n)
			memcpy(v, t->fields, n * sizeof(*v));
		t->fields = v;
	}
	t->fields[t->nfields++] = fld;
	fld->table = t;
	x->f->nfields++;
	record_unknowns(x, fld);
}

/* Was this initialiser replaced by "{}" in lone-file mode's repair? */
static bool is_voided(struct ex *x, CXCursor init)
{
	CXFile file;
	unsigned off;
	const char *name;

	if (!x->f->voided.n)
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(init), &file, NULL, NULL, &off);
	if (!file)
		return false;
	name = file_info(x, file)->name;
	for (size_t i = 0; i < x->f->voided.n; i++) {
		const struct rml_void *v = x->f->voided.p[i];

		if (v->off == off && !strcmp(v->file, name))
			return true;
	}
	return false;
}

static struct rml_field *new_field(struct ex *x, const char *name, CXCursor init)
{
	struct rml_field *fld = rml_arena_alloc(x->a, sizeof(*fld));

	fld->name = name;
	fld->loc = cursor_loc(x, init);
	if (is_voided(x, init)) {
		for (int i = 0; i < RML_NPART; i++)
			fld->part[i] = rml_ce_unknown("its initialiser needs headers regmap-lint "
						      "does not bundle");
		return fld;
	}
	read_field(x, fld, init);
	return fld;
}

struct member_list {
	struct ex *x;
	CXCursor m[256];
	unsigned n;
};

static enum CXVisitorResult collect_member(CXCursor c, CXClientData data)
{
	struct member_list *ml = data;

	if (ml->n < RML_ARRAY_SIZE(ml->m))
		ml->m[ml->n++] = c;
	return CXVisit_Continue;
}

static void walk_object(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path,
			struct rml_table *owner, const char *member, long index, const char *label);
static struct rml_falias *regfield_ptr_assign(struct ex *x, const char *from, CXCursor src,
					      const char *variant);
static bool is_regfield_ptr(struct ex *x, CXType t);
static bool is_field_ptr(CXType t);
static bool is_handle_type(CXType t);
static struct rml_handle handle_of(struct ex *x, CXCursor e);

/* An array of struct reg_field, or of objects that contain some. */
static void walk_array(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path)
{
	CXType et = elem_type(t);
	bool leaf = is_regfield_type(x, et);
	struct rml_table *tbl = NULL;
	struct kidvec k;
	long idx = 0;
	unsigned i;

	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	if (leaf) {
		tbl = new_table(x, var, path, RML_TBL_ARRAY);
		tbl->array_len = (long)clang_getArraySize(clang_getCanonicalType(t));
		tbl->type_name = x->owner_type;	/* an array member of a variant struct */
		tbl->member = x->owner_member;
	}
	get_all_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		const char *label = NULL;
		long lo = idx, hi = idx;

		if (is_designated(e)) {
			struct kids d;
			struct rml_num n0, n1;

			get_kids(e, &d);
			if (d.n == 2) {
				CXCursor ie = strip(d.c[0]);

				n0 = eval_top(x, d.c[0]);
				if (clang_getCursorKind(ie) == CXCursor_DeclRefExpr &&
				    clang_getCursorKind(clang_getCursorReferenced(ie)) ==
					    CXCursor_EnumConstantDecl)
					label = cxstr(x, clang_getCursorSpelling(ie));
				hi = lo = n0.known ? (long)rml_ce_sval(n0) : -1;
			} else if (d.n == 3 && clang_getCursorKind(d.c[1]) != CXCursor_MemberRef) {
				n0 = eval_top(x, d.c[0]);	/* [a ... b] = v */
				n1 = eval_top(x, d.c[1]);
				lo = n0.known ? (long)rml_ce_sval(n0) : -1;
				hi = n1.known ? (long)rml_ce_sval(n1) : -1;
			} else {
				lo = hi = -1;	/* nested designator: not followed */
			}
			if (lo < 0 || hi < lo || hi - lo > 4096) {
				if (leaf)
					rml_facts_unknown(x->f, &tbl->loc,
							  rml_arena_printf(x->a, "table '%s' slot", path),
							  "designator is not a constant");
				idx = -1000000;
				continue;
			}
			e = d.c[d.n - 1];
		}
		if (lo < 0)
			continue;
		for (long s = lo; s <= hi; s++) {
			const char *slot = rml_arena_printf(x->a, "%s[%ld]", path, s);

			if (leaf) {
				struct rml_field *fld = new_field(x, label && lo == hi ? label : slot, e);

				fld->index = s;
				table_add(x, tbl, fld);
			} else {
				x->elem = s;
				walk_object(x, var, et, e, slot, NULL, NULL, s, label);
				x->elem = -1;
			}
		}
		idx = hi + 1;
	}
	free(k.c);
}

/* A struct: its reg_field members form one table (a variant description); recurse into the rest. */
static void walk_struct(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path)
{
	struct member_list ml = { .x = x, .n = 0 };
	struct rml_table *tbl = NULL;
	struct rml_hptr hp[8];
	size_t nhp = 0;
	long elem = x->elem;
	struct kidvec k;
	unsigned i, pos = 0;

	x->elem = -1;	/* not for the structs inside this one */
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return;
	visit_fields(t, collect_member, &ml);
	get_all_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i], m, se;
		unsigned mi = pos;
		const char *mname;
		CXType mt;

		if (is_designated(e)) {
			struct kids d;

			get_kids(e, &d);
			if (d.n != 2 || clang_getCursorKind(d.c[0]) != CXCursor_MemberRef)
				continue;
			mname = cxstr(x, clang_getCursorSpelling(d.c[0]));
			for (mi = 0; mi < ml.n; mi++)
				if (cxstr_eq(clang_getCursorSpelling(ml.m[mi]), mname))
					break;
			e = d.c[1];
		}
		if (mi >= ml.n)
			continue;
		pos = mi + 1;
		m = ml.m[mi];
		mt = clang_getCursorType(m);
		se = strip_more(e);
		if (is_handle_type(mt) && !is_field_ptr(mt) && nhp < RML_ARRAY_SIZE(hp) &&
		    clang_getCursorKind(se) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(se) == CXUnaryOperator_AddrOf) {
			hp[nhp].h = handle_of(x, se);	/* .rmf = &priv->fwd */
			if (hp[nhp].h.base) {
				hp[nhp].member = cxstr(x, clang_getCursorSpelling(m));
				nhp++;
			}
			continue;
		}
		if (is_regfield_ptr(x, mt)) {	/* .fields = foo_fields: a per-variant table */
			regfield_ptr_assign(x, rml_arena_printf(x->a, "%s#%s", record_key(x, t),
							       cxstr(x, clang_getCursorSpelling(m))),
					    e, path);
			continue;
		}
		if (!type_has_regfield(x, mt, 0))
			continue;
		mname = cxstr(x, clang_getCursorSpelling(m));
		if (is_regfield_type(x, mt)) {
			if (!tbl) {
				tbl = new_table(x, var, path, RML_TBL_STRUCT);
				tbl->type_name = record_key(x, t);
				tbl->elem = elem;
			}
			walk_object(x, var, mt, e, rml_arena_printf(x->a, "%s.%s", path, mname), tbl,
				    mname, mi, NULL);
		} else {
			x->owner_type = record_key(x, t);
			x->owner_member = mname;
			walk_object(x, var, mt, e, rml_arena_printf(x->a, "%s.%s", path, mname), NULL,
				    mname, mi, NULL);
			x->owner_type = x->owner_member = NULL;
		}
	}
	free(k.c);
	if (tbl && nhp) {
		tbl->hptrs = rml_arena_alloc(x->a, nhp * sizeof(*tbl->hptrs));
		memcpy(tbl->hptrs, hp, nhp * sizeof(*hp));
		tbl->nhptrs = nhp;
	}
}

static void walk_object(struct ex *x, CXCursor var, CXType t, CXCursor init, const char *path,
			struct rml_table *owner, const char *member, long index, const char *label)
{
	init = strip(init);
	if (is_regfield_type(x, t)) {
		struct rml_field *fld = new_field(x, label ? label : path, init);

		fld->index = index;
		fld->member = member;
		if (!owner)
			owner = new_table(x, var, path, RML_TBL_SINGLE);
		table_add(x, owner, fld);
		return;
	}
	if (clang_getCursorKind(init) == CXCursor_CompoundLiteralExpr) {
		struct kids k;

		get_kids(init, &k);
		if (!k.n)
			return;
		init = k.c[k.n - 1];
	}
	if (is_array(t))
		walk_array(x, var, t, init, path);
	else if (clang_getCanonicalType(t).kind == CXType_Record)
		walk_struct(x, var, t, init, path);
}

struct has_ptr {
	struct ex *x;
	bool has;
};

static enum CXVisitorResult field_is_rf_ptr(CXCursor c, CXClientData data)
{
	struct has_ptr *h = data;

	if (is_regfield_ptr(h->x, clang_getCursorType(c))) {
		h->has = true;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* A variant description pointing at tables: a struct (or array of them) with a reg_field * member. */
static bool type_has_regfield_ptr(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);
	struct has_ptr h = { x, false };

	while (is_array(c))
		c = elem_type(c);
	if (c.kind != CXType_Record)
		return false;
	visit_fields(c, field_is_rf_ptr, &h);
	return h.has;
}

/* ---- regmap_config -------------------------------------------------------------------- */

static void read_config(struct ex *x, CXCursor var, CXCursor init)
{
	struct rml_regcfg *cfg = rml_arena_alloc(x->a, sizeof(*cfg));
	struct member_list ml = { .x = x, .n = 0 };
	struct kidvec k;
	unsigned i, pos = 0;

	cfg->name = cxstr(x, clang_getCursorSpelling(var));
	cfg->loc = cursor_loc(x, var);
	cfg->reg_bits = cfg->val_bits = cfg->reg_stride = cfg->max_register = rml_ce_const(0, 32, 0);
	rml_ptrvec_push(&x->f->cfgs, cfg);
	init = strip(init);
	if (clang_getCursorKind(init) != CXCursor_InitListExpr) {
		cfg->val_bits = rml_ce_unknown("not written as an initialiser");
		return;
	}
	visit_fields(clang_getCursorType(var), collect_member, &ml);
	get_all_kids(init, &k);
	for (i = 0; i < k.n; i++) {
		CXCursor e = k.c[i];
		const char *mname = NULL;
		struct rml_num v;

		if (is_designated(e)) {
			struct kids d;

			get_kids(e, &d);
			if (d.n != 2 || clang_getCursorKind(d.c[0]) != CXCursor_MemberRef)
				continue;
			mname = cxstr(x, clang_getCursorSpelling(d.c[0]));
			e = d.c[1];
			for (pos = 0; pos < ml.n; pos++)
				if (cxstr_eq(clang_getCursorSpelling(ml.m[pos]), mname))
					break;
		} else if (pos < ml.n) {
			mname = cxstr(x, clang_getCursorSpelling(ml.m[pos]));
		}
		pos++;
		if (!mname)
			continue;
		if (!strcmp(mname, "val_bits") || !strcmp(mname, "reg_bits") ||
		    !strcmp(mname, "reg_stride") || !strcmp(mname, "max_register")) {
			v = eval_top(x, e);
			if (!strcmp(mname, "val_bits"))
				cfg->val_bits = v;
			else if (!strcmp(mname, "reg_bits"))
				cfg->reg_bits = v;
			else if (!strcmp(mname, "reg_stride"))
				cfg->reg_stride = v;
			else
				cfg->max_register = v;
		}
	}
	free(k.c);
}

/* ---- variables ------------------------------------------------------------------------ */

/* A local with reg_field values got its tables (t0 onwards): its writes will be watched. */
static void local_table(struct ex *x, CXCursor var, size_t t0)
{
	int n = x->fn.nlocals;

	if (!x->fn.name || t0 == x->f->tables.n || !x->fn.depth)
		return;
	if (n == (int)RML_ARRAY_SIZE(x->fn.locals)) {
		/* too many to watch: whatever the code sets in it is not known */
		for (size_t ti = t0; ti < x->f->tables.n; ti++) {
			struct rml_table *t = x->f->tables.p[ti];

			for (size_t fi = 0; fi < t->nfields; fi++)
				for (int p = 0; p < RML_NPART; p++)
					t->fields[fi]->part[p] =
						rml_ce_unknown("too many local reg_fields to follow");
		}
		return;
	}
	x->fn.locals[n].var = var;
	x->fn.locals[n].block = clang_getNullCursor();
	for (int i = x->fn.depth - 1; i >= 0; i--)
		if (clang_getCursorKind(x->fn.stack[i]) == CXCursor_CompoundStmt) {
			x->fn.locals[n].block = x->fn.stack[i];
			break;
		}
	x->fn.locals[n].t0 = t0;
	x->fn.locals[n].t1 = x->f->tables.n;
	x->fn.nlocals++;
}

static void handle_var(struct ex *x, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct kids k;
	CXCursor init;

	get_kids(var, &k);
	if (!k.n)
		return;
	init = k.c[k.n - 1];
	if (!clang_isExpression(clang_getCursorKind(init)))
		return;
	if (is_record_named(t, "regmap_config")) {
		read_config(x, var, init);
		return;
	}
	if (!type_has_regfield(x, t, 0) && !type_has_regfield_ptr(x, t))
		return;
	{
		CXCursor s = strip(init);
		enum CXCursorKind sk = clang_getCursorKind(s);

		if (sk != CXCursor_InitListExpr && sk != CXCursor_CompoundLiteralExpr)
			return;	/* a copy of another object: not a table */
	}
	x->f->uses_regmap_field = true;
	{
		size_t t0 = x->f->tables.n;

		walk_object(x, var, t, init, cxstr(x, clang_getCursorSpelling(var)), NULL, NULL, 0,
			    NULL);
		local_table(x, var, t0);
	}
}

/* ---- function bodies ------------------------------------------------------------------ */

static bool is_regmap_ptr(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && is_record_named(clang_getPointeeType(c), "regmap");
}

static bool is_init_name(const char *n)
{
	while (*n == '_')
		n++;
	if (!strncmp(n, "devm_", 5))
		n += 5;
	return !strncmp(n, "regmap_init", 11);
}

struct cfg_find {
	struct ex *x;
	const char *name;
	bool found;
};

/* The regmap_config argument of a regmap init call: the argument of that type. */
static void mapinit(struct ex *x, CXCursor call, const char *dst)
{
	struct rml_mapinit *mi = rml_arena_alloc(x->a, sizeof(*mi));
	int n = clang_Cursor_getNumArguments(call);

	mi->loc = cursor_loc(x, call);
	mi->map_key = dst;
	for (int i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXType at = clang_getCanonicalType(clang_getCursorType(arg));
		CXCursor s;

		if (at.kind != CXType_Pointer || !is_record_named(clang_getPointeeType(at), "regmap_config"))
			continue;
		s = strip_more(arg);
		if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
			struct kids k;

			get_kids(s, &k);
			if (k.n == 1) {
				CXCursor d = strip(k.c[0]);

				if (clang_getCursorKind(d) == CXCursor_DeclRefExpr)
					mi->cfg_name = cxstr(x, clang_getCursorSpelling(d));
			}
		} else if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
			mi->cfg_ptr = usr_of(x, clang_getCursorReferenced(s));
		}
		break;
	}
	rml_ptrvec_push(&x->f->mapinits, mi);
}

/* DST = SRC where DST is a regmap pointer: an init, or an alias. */
static void regmap_assign(struct ex *x, const char *dst, CXCursor src)
{
	CXCursor s = strip_more(src);

	if (clang_getCursorKind(s) == CXCursor_CallExpr) {
		if (is_init_name(func_name(x, s)))
			mapinit(x, s, dst);
		return;
	}
	if (dst) {
		const char *sk = expr_key(x, src);

		if (sk) {
			struct rml_assign *as = rml_arena_alloc(x->a, sizeof(*as));

			as->dst = dst;
			as->src = sk;
			rml_ptrvec_push(&x->f->assigns, as);
		}
	}
}

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
		get_kids(x->fn.stack[i], &k);
		if (k.n != 4)
			return false;
		init = k.c[0];
		cond = strip(k.c[1]);
		/* i = A  or  int i = A */
		if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
			get_kids(init, &a);
			if (a.n != 1 || !clang_equalCursors(a.c[0], var))
				continue;
			get_kids(a.c[0], &a);
			if (!a.n)
				return false;
			from = eval_top(x, a.c[a.n - 1]);
		} else if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
			   clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
			get_kids(init, &a);
			if (a.n != 2 || clang_getCursorKind(strip(a.c[0])) != CXCursor_DeclRefExpr ||
			    !clang_equalCursors(clang_getCursorReferenced(strip(a.c[0])), var))
				continue;
			from = eval_top(x, a.c[1]);
		} else {
			continue;
		}
		if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
			return false;
		op = clang_getCursorBinaryOperatorKind(cond);
		get_kids(cond, &a);
		if (a.n != 2 || clang_getCursorKind(strip(a.c[0])) != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(strip(a.c[0])), var))
			return false;
		to = eval_top(x, a.c[1]);
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
		if (is_array(t))
			r->var = usr_of(x, ref);
		else if (is_regfield_ptr(x, t))
			r->alias = usr_of(x, ref);
		else
			return false;
		return true;
	}
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return false;
	r->type = record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
	r->member = cxstr(x, clang_getCursorSpelling(ref));
	if (is_regfield_ptr(x, t)) {
		r->alias = rml_arena_printf(x->a, "%s#%s", r->type, r->member);
		r->type = r->member = NULL;
	} else if (!is_array(t)) {
		return false;
	}
	return true;
}

static int param_index(struct ex *x, CXCursor decl);

/* The slots an index expression can be: [lo, hi) and its loop variable (as fref_of()). */
static void fref_index(struct ex *x, CXCursor idx_expr, struct rml_fref *r)
{
	CXCursor idx = strip(idx_expr);
	struct rml_num n = eval_top(x, idx_expr);

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
		r->loopvar = usr_of(x, clang_getCursorReferenced(idx));
}

/* tbl[i].rf, tbl an array variable of structs: the member of elements [lo, hi) of tbl. */
static bool elem_member(struct ex *x, CXCursor member_ref, struct rml_fref *r)
{
	CXCursor base, ref;
	struct kids k;

	get_kids(member_ref, &k);
	if (k.n != 1 || clang_getCursorKind(strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
		return false;
	get_kids(strip(k.c[0]), &k);
	if (k.n != 2)
		return false;
	base = strip(k.c[0]);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(base);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || !is_array(clang_getCursorType(ref)))
		return false;
	r->var = usr_of(x, ref);
	fref_index(x, k.c[1], r);
	return true;
}

/* What reg_field(s) an argument names. */
static void fref_of(struct ex *x, CXCursor arg, bool bulk, struct rml_fref *r)
{
	CXCursor e = strip(arg);
	enum CXCursorKind kind = clang_getCursorKind(e);
	struct kids k;

	r->lo = RML_IDX_ALL;
	r->hi = 0;
	if (kind == CXCursor_CompoundLiteralExpr) {
		struct rml_table *t;
		struct rml_field *fld;

		if (!x->fn.name)
			return;
		t = rml_arena_alloc(x->a, sizeof(*t));
		t->name = rml_arena_printf(x->a, "(struct reg_field) in %s", x->fn.name);
		t->var = "";
		t->loc = cursor_loc(x, e);
		t->kind = RML_TBL_INLINE;
		t->is_local = true;
		t->func = x->fn.name;
		t->array_len = -1;
		t->elem = -1;
		rml_ptrvec_push(&x->f->tables, t);
		fld = new_field(x, rml_arena_printf(x->a, "(struct reg_field) at line %u", t->loc.line), e);
		table_add(x, t, fld);
		r->inline_field = fld;
		return;
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		CXCursor base;

		get_kids(e, &k);
		if (k.n != 2)
			return;
		base = strip(k.c[0]);
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
		get_kids(e, &k);	/* *data->field: slot 0 of what the pointer is set to */
		if (k.n == 1 && fref_base(x, strip(k.c[0]), r)) {
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
		int pi = clang_getCursorKind(ref) == CXCursor_ParmDecl ? param_index(x, ref) : -1;

		if (!bulk && pi >= 0 && is_regfield_type(x, clang_getCursorType(ref))) {
			r->by_param = pi + 1;	/* an allocation helper's */
			return;
		}
		if (clang_getCursorKind(ref) != CXCursor_VarDecl)
			return;
		r->var = usr_of(x, ref);
		if (bulk)
			r->lo = RML_IDX_ALL;
		return;
	}
	if (kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);

		if (clang_getCursorKind(ref) != CXCursor_FieldDecl ||
		    !is_regfield_type(x, clang_getCursorType(ref)))
			return;
		r->member = cxstr(x, clang_getCursorSpelling(ref));
		if (elem_member(x, e, r))
			return;
		r->type = record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
		return;
	}
	r->why = "not a table slot, variable or member";
}


/* ---- handles, operands, variants (issue: follow handles to their fields) -------------- */

static int param_index(struct ex *x, CXCursor decl)
{
	for (int i = 0; i < x->fn.nparams; i++)
		if (clang_equalCursors(x->fn.params[i], decl))
			return i;
	return -1;
}

static bool is_field_ptr(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && is_record_named(clang_getPointeeType(c), "regmap_field");
}

static bool is_regfield_ptr(struct ex *x, CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && is_regfield_type(x, clang_getPointeeType(c));
}

static bool is_config_ptr(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return c.kind == CXType_Pointer && is_record_named(clang_getPointeeType(c), "regmap_config");
}

/* struct regmap_field *, or an array of them / pointer to them (a handle array passed on). */
static bool is_handle_type(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (is_field_ptr(c))
		return true;
	if (c.kind == CXType_Pointer)
		return is_field_ptr(clang_getPointeeType(c));
	if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
		return is_field_ptr(clang_getArrayElementType(c));
	return false;
}

/* An index expression: constant, a loop's counter, a parameter (+ constant), or unknown. */
static void index_of(struct ex *x, CXCursor e, struct rml_handle *h)
{
	struct rml_num n = eval_top(x, e);
	CXCursor s = strip(e);
	struct kids k;

	h->ix = RML_IX_UNKNOWN;
	if (n.known && !rml_ce_is_negative(n)) {
		h->ix = RML_IX_CONST;
		h->lo = (long)n.v;
		return;
	}
	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Add) {
		get_kids(s, &k);
		if (k.n == 2) {
			struct rml_num a = eval_top(x, k.c[0]), b = eval_top(x, k.c[1]);
			CXCursor var = strip(a.known ? k.c[1] : k.c[0]);
			struct rml_num off = a.known ? a : b;

			if (off.known && clang_getCursorKind(var) == CXCursor_DeclRefExpr) {
				int p = param_index(x, clang_getCursorReferenced(var));

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
		int p = param_index(x, ref);

		if (p >= 0) {
			h->ix = RML_IX_PARAM;
			h->param = p;
			h->lo = 0;
			return;
		}
		if (clang_getCursorKind(ref) == CXCursor_VarDecl)
			h->loopvar = usr_of(x, ref);
		if (loop_range(x, ref, &h->lo, &h->hi))
			h->ix = RML_IX_RANGE;
	}
}

/* An automatic local, or a variable of static storage (file scope, static local)? */
static enum rml_hkind var_hkind(CXCursor var)
{
	if (clang_getCursorLinkage(var) == CXLinkage_NoLinkage &&
	    clang_Cursor_getStorageClass(var) != CX_SC_Static)
		return RML_HK_LOCAL;
	return RML_HK_GLOBAL;
}

/* What handle an expression of type struct regmap_field * (or an array of them) denotes. */
static struct rml_handle handle_of(struct ex *x, CXCursor e)
{
	struct rml_handle h = { .base = NULL, .base_param = -1, .ix = RML_IX_NONE, .len = -1 };
	CXCursor s = strip_more(e);
	enum CXCursorKind kind = clang_getCursorKind(s);
	struct kids k;

	h.text = spelled_text(x, e);
	if (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		get_kids(s, &k);	/* &priv->fields[0] in a bulk allocation */
		if (k.n == 1)
			s = strip(k.c[0]);
		kind = clang_getCursorKind(s);
	}
	if (kind == CXCursor_ArraySubscriptExpr) {
		get_kids(s, &k);
		if (k.n != 2)
			return h;
		index_of(x, k.c[1], &h);
		s = strip(k.c[0]);
		kind = clang_getCursorKind(s);
	}
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr) {
		CXCursor ref = clang_getCursorReferenced(s);
		enum CXCursorKind rk = clang_getCursorKind(ref);

		if (rk == CXCursor_ParmDecl && param_index(x, ref) >= 0) {
			h.base_param = param_index(x, ref);	/* a handle, or an array of them, passed in */
			h.kind = RML_HK_PARAM;
		} else if (rk == CXCursor_VarDecl || rk == CXCursor_FieldDecl || rk == CXCursor_ParmDecl) {
			h.base = usr_of(x, ref);
			h.kind = rk == CXCursor_FieldDecl ? RML_HK_MEMBER :
				 rk == CXCursor_ParmDecl ? RML_HK_PARAM : var_hkind(ref);
		}
		for (int i = 0; h.base && h.ix != RML_IX_NONE && i < x->fn.nharr; i++)
			if (!strcmp(x->fn.harr[i].var, h.base)) {
				h.base = x->fn.harr[i].base;	/* fields[i] with fields = priv->fields */
				h.kind = x->fn.harr[i].kind;
			}
		if (is_array(clang_getCursorType(ref)))
			h.len = (long)clang_getArraySize(clang_getCanonicalType(clang_getCursorType(ref)));
	}
	return h;
}

static struct rml_operand operand_of(struct ex *x, CXCursor e)
{
	struct rml_operand o = { .kind = RML_OP_UNKNOWN, .param = -1 };
	CXCursor s = strip(e);

	o.text = spelled_text(x, e);
	o.v = eval_top(x, e);
	if (o.v.known) {
		o.kind = RML_OP_CONST;
		return o;
	}
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		int p = param_index(x, clang_getCursorReferenced(s));

		if (p >= 0) {
			o.kind = RML_OP_PARAM;
			o.param = p;
		}
	}
	return o;
}

/* s is `op X` where X, its casts and parentheses stripped, is a kid: X; else null. */
static CXCursor unary_operand(CXCursor s, enum CXUnaryOperatorKind op, enum CXCursorKind kid)
{
	struct kids k;

	if (clang_getCursorKind(s) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(s) != op)
		return clang_getNullCursor();
	get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(strip(k.c[0])) != kid)
		return clang_getNullCursor();
	return strip(k.c[0]);
}

/*
 * `*fieldp` for a parameter `struct regmap_field **fieldp`: the handle the caller gives
 * the address of (an allocation helper's result), as base_param.
 */
static bool out_param_handle(struct ex *x, CXCursor lhs, struct rml_handle *h)
{
	CXCursor op = unary_operand(strip(lhs), CXUnaryOperator_Deref, CXCursor_DeclRefExpr), ref;

	if (clang_Cursor_isNull(op))
		return false;
	ref = clang_getCursorReferenced(op);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl || param_index(x, ref) < 0 ||
	    !is_handle_type(clang_getCursorType(ref)) || is_field_ptr(clang_getCursorType(ref)))
		return false;
	*h = (struct rml_handle){ .base_param = param_index(x, ref), .kind = RML_HK_PARAM,
				  .ix = RML_IX_NONE, .len = -1, .text = spelled_text(x, lhs) };
	return true;
}

/*
 * The assignment or declaration an expression's value goes to: its destination handle
 * (out: `*fieldp = ...` into a helper's out-parameter too).
 */
static bool store_target(struct ex *x, struct rml_handle *dst, bool out)
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
			get_kids(a, &kk);
			if (kk.n != 2)
				return false;
			*dst = handle_of(x, kk.c[0]);
			return dst->base || dst->base_param >= 0 ||
			       (out && out_param_handle(x, kk.c[0], dst));
		}
		if (k == CXCursor_VarDecl) {
			*dst = (struct rml_handle){ .base = usr_of(x, a), .base_param = -1,
						    .ix = RML_IX_NONE, .len = -1, .kind = var_hkind(a),
						    .text = cxstr(x, clang_getCursorSpelling(a)) };
			return true;
		}
		return false;
	}
	return false;
}

static void record_store(struct ex *x, const struct rml_alloc *al, struct rml_handle *dst,
			 bool bulk)
{
	struct rml_store *st = rml_arena_alloc(x->a, sizeof(*st));
	int i;

	/* remember what a local handle holds, for `priv->f = tmp;` further down */
	if (dst->base && dst->ix == RML_IX_NONE && !bulk) {
		for (i = 0; i < x->fn.nlast && strcmp(x->fn.last[i].var, dst->base); i++)
			;
		if (i < (int)RML_ARRAY_SIZE(x->fn.last)) {
			x->fn.last[i].var = dst->base;
			x->fn.last[i].alloc = al;
			x->fn.last[i].h = *dst;
			if (i == x->fn.nlast)
				x->fn.nlast++;
		}
	}

	st->dst = *dst;
	st->alloc = al;
	st->slot_follows_src = bulk || (dst->ix == RML_IX_RANGE && al->src.lo >= 0 &&
					al->src.lo == dst->lo && al->src.hi == dst->hi) ||
			       (dst->loopvar && al->src.loopvar && !strcmp(dst->loopvar, al->src.loopvar));
	rml_ptrvec_push(&x->f->stores, st);
}

/* A write or a call whose control-flow node is made when the walk leaves the call. */
static void pend_add(struct ex *x, CXCursor call, struct rml_write *w, struct rml_call *c)
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
static void pend_node(struct ex *x, CXCursor call, bool write)
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

static void record_write(struct ex *x, CXCursor call, const struct rml_api *api, int nargs)
{
	struct rml_write *w = rml_arena_alloc(x->a, sizeof(*w));

	w->api = api;
	w->loc = cursor_loc(x, call);
	w->func = x->fn.usr;
	w->func_name = x->fn.name;
	w->node = -1;
	pend_add(x, call, w, NULL);
	if (api->handle_arg < nargs)
		w->h = handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
	if (api->value_arg >= 0 && api->value_arg < nargs)
		w->value = operand_of(x, clang_Cursor_getArgument(call, (unsigned)api->value_arg));
	if (api->mask_arg >= 0 && api->mask_arg < nargs)
		w->mask = operand_of(x, clang_Cursor_getArgument(call, (unsigned)api->mask_arg));
	if (api->id_arg >= 0 && api->id_arg < nargs)
		w->id = operand_of(x, clang_Cursor_getArgument(call, (unsigned)api->id_arg));
	/* set/clear_bits write their mask as the value; test_bits only reads */
	if (api->role == RML_ROLE_SET)
		w->value = w->mask;
	rml_ptrvec_push(&x->f->writes, w);
}

/* DST = local handle: DST holds what the local last got from an allocator. */
static void handle_copy(struct ex *x, CXCursor lhs, CXCursor rhs)
{
	CXCursor r = strip(rhs);
	struct rml_handle dst;
	const char *var;

	if (clang_getCursorKind(r) != CXCursor_DeclRefExpr)
		return;
	var = usr_of(x, clang_getCursorReferenced(r));
	for (int i = 0; i < x->fn.nlast; i++) {
		struct rml_store *st;

		if (strcmp(x->fn.last[i].var, var))
			continue;
		if (!out_param_handle(x, lhs, &dst)) {
			dst = handle_of(x, lhs);
			if (!dst.base)
				return;
		}
		st = rml_arena_alloc(x->a, sizeof(*st));
		st->dst = dst;
		st->alloc = x->fn.last[i].alloc;
		st->slot_follows_src = (dst.ix == RML_IX_RANGE && st->alloc->src.lo >= 0 &&
					st->alloc->src.lo == dst.lo && st->alloc->src.hi == dst.hi) ||
				       (dst.loopvar && st->alloc->src.loopvar &&
					!strcmp(dst.loopvar, st->alloc->src.loopvar));
		rml_ptrvec_push(&x->f->stores, st);
		return;
	}
}

/*
 * `*tbl[i].rmf = alloc(..., tbl[i].rf)` over a table of pairs whose entries hold a
 * reg_field and a handle's address (`.rmf = &priv->fwd`): entry k's handle gets entry
 * k's field. Only when one index names both, a constant or the same variable.
 */
static void pair_store(struct ex *x, const struct rml_alloc *al)
{
	CXCursor lhs = clang_getNullCursor(), s, ref;
	const char *member, *tbl, *ivar = NULL;
	struct rml_num n = rml_ce_unknown(NULL);
	struct kids k;

	for (int i = x->fn.depth - 1; i >= 0; i--) {
		enum CXCursorKind kind = clang_getCursorKind(x->fn.stack[i]);

		if (kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr ||
		    kind == CXCursor_CStyleCastExpr)
			continue;
		if (kind == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(x->fn.stack[i]) == CXBinaryOperator_Assign) {
			get_kids(x->fn.stack[i], &k);
			if (k.n == 2)
				lhs = k.c[0];
		}
		break;
	}
	if (clang_Cursor_isNull(lhs) || !al->src.var || !al->src.member)
		return;
	s = unary_operand(strip(lhs), CXUnaryOperator_Deref, CXCursor_MemberRefExpr);
	if (clang_Cursor_isNull(s))
		return;
	member = cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(s)));
	get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
		return;
	get_kids(strip(k.c[0]), &k);
	if (k.n != 2 || clang_getCursorKind(strip(k.c[0])) != CXCursor_DeclRefExpr)
		return;
	tbl = usr_of(x, clang_getCursorReferenced(strip(k.c[0])));
	if (strcmp(tbl, al->src.var))
		return;	/* the field from another table */
	n = eval_top(x, k.c[1]);
	if (n.known) {
		if (rml_ce_is_negative(n) || al->src.lo != (long)n.v || al->src.hi != al->src.lo + 1)
			return;
	} else {
		ref = clang_getCursorReferenced(strip(k.c[1]));
		if (clang_getCursorKind(strip(k.c[1])) != CXCursor_DeclRefExpr ||
		    clang_getCursorKind(ref) != CXCursor_VarDecl)
			return;
		ivar = usr_of(x, ref);
		if (!al->src.loopvar || strcmp(ivar, al->src.loopvar))
			return;	/* tbl[i].rmf from tbl[j].rf */
	}
	for (size_t t = 0; t < x->f->tables.n; t++) {
		const struct rml_table *tb = x->f->tables.p[t];

		if (tb->kind != RML_TBL_STRUCT || tb->elem < 0 || strcmp(tb->var, tbl) ||
		    (n.known && tb->elem != (long)n.v))
			continue;
		for (size_t h = 0; h < tb->nhptrs; h++) {
			struct rml_alloc *one;
			struct rml_store *st;

			if (strcmp(tb->hptrs[h].member, member))
				continue;
			one = rml_arena_alloc(x->a, sizeof(*one));
			*one = *al;	/* a view of the allocation: entry elem's field */
			one->src.lo = tb->elem;
			one->src.hi = tb->elem + 1;
			st = rml_arena_alloc(x->a, sizeof(*st));
			st->dst = tb->hptrs[h].h;
			st->alloc = one;
			rml_ptrvec_push(&x->f->stores, st);
		}
	}
}

/* A call to a function of the driver: kept for wrapper summaries. */
static void record_call(struct ex *x, CXCursor call, int nargs)
{
	CXCursor callee = clang_getCursorReferenced(call);
	struct rml_call *c;

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || nargs <= 0 || nargs > 32 ||
	    !is_own(x, callee))
		return;
	c = rml_arena_alloc(x->a, sizeof(*c));
	c->loc = cursor_loc(x, call);
	c->func = x->fn.usr;
	c->func_name = x->fn.name;
	c->callee = usr_of(x, callee);
	c->callee_name = cxstr(x, clang_getCursorSpelling(callee));
	c->nargs = (size_t)nargs;
	c->node = -1;
	pend_add(x, call, NULL, c);
	c->args = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->args));
	c->hargs = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->hargs));
	c->frefs = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->frefs));
	c->ptype = rml_arena_alloc(x->a, (size_t)nargs * sizeof(*c->ptype));
	for (int i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXType pt = clang_getArgType(clang_getCursorType(callee), (unsigned)i);
		unsigned bits;
		bool sign;

		c->args[i] = operand_of(x, arg);
		c->hargs[i].base_param = -1;
		c->hargs[i].len = -1;
		if (is_handle_type(clang_getCursorType(arg)))
			c->hargs[i] = handle_of(x, arg);
		if (is_regfield_type(x, clang_getCursorType(arg)))
			fref_of(x, arg, false, &c->frefs[i]);
		if (type_int(pt, &bits, &sign))
			c->ptype[i] = rml_ce_const(0, bits, sign);
		else
			c->ptype[i] = rml_ce_unknown("not an integer parameter");
	}
	rml_ptrvec_push(&x->f->calls, c);
}

/*
 * The key of a pointer to reg_fields being assigned, as fref_base() names it where it is
 * read: a variable's USR, or "<struct USR>#<member>" for a member (any object of that
 * type: `priv->fields = data->fields` sets what every `p->fields[i]` reads).
 */
static const char *regfield_ptr_key(struct ex *x, CXCursor lhs)
{
	CXCursor s = strip(lhs), ref;

	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr)
		return expr_key(x, s);
	if (clang_getCursorKind(s) != CXCursor_MemberRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return NULL;
	return rml_arena_printf(x->a, "%s#%s",
				record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref))),
				cxstr(x, clang_getCursorSpelling(ref)));
}

/* `const struct reg_field *t = foo_fields;` / `= variant->fields;` (and the same assigned). */
/*
 * kmemdup(tbl, sizeof(tbl), gfp) / devm_kmemdup(dev, tbl, sizeof(tbl), gfp) of a table
 * variable, whole: the table (its DeclRefExpr); else a null cursor.
 */
static CXCursor table_copied(struct ex *x, CXCursor call)
{
	const char *n = func_name(x, call);
	int nargs = clang_Cursor_getNumArguments(call), src;
	CXCursor s, var;
	struct rml_num len;
	CXType t;
	long long size;

	if ((!strcmp(n, "kmemdup") || !strcmp(n, "kmemdup_noprof")) && nargs == 3)
		src = 0;
	else if (!strcmp(n, "devm_kmemdup") && nargs == 4)
		src = 1;
	else
		return clang_getNullCursor();
	s = strip_more(clang_Cursor_getArgument(call, (unsigned)src));
	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		struct kids k;

		get_kids(s, &k);	/* &tbl[0] */
		if (k.n != 1 || clang_getCursorKind(strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
			return clang_getNullCursor();
		get_kids(strip(k.c[0]), &k);
		if (k.n != 2 || !eval_top(x, k.c[1]).known || eval_top(x, k.c[1]).v != 0)
			return clang_getNullCursor();
		s = strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	var = clang_getCursorReferenced(s);
	t = clang_getCanonicalType(clang_getCursorType(var));
	if (clang_getCursorKind(var) != CXCursor_VarDecl || t.kind != CXType_ConstantArray ||
	    !is_regfield_type(x, clang_getArrayElementType(t)))
		return clang_getNullCursor();
	/* the whole table: a shorter copy is not the table */
	len = eval_top(x, clang_Cursor_getArgument(call, (unsigned)src + 1));
	size = clang_Type_getSizeOf(t);
	if (!len.known || size <= 0 || rml_ce_is_negative(len) || len.v != (uint64_t)size)
		return clang_getNullCursor();
	return s;
}

/*
 * The call an allocating expression makes: kmemdup() is a macro around kmemdup_noprof()
 * in statement expressions (`({ ... typeof(x) _res = kmemdup_noprof(...); ... _res; })`).
 */
static CXCursor alloc_call(CXCursor e, int depth)
{
	CXCursor s = strip(e);
	struct kids k;

	while (clang_getCursorKind(s) == CXCursor_CStyleCastExpr && depth < 8) {
		get_kids(s, &k);
		if (!k.n)
			break;
		s = strip(k.c[k.n - 1]);
	}
	if (clang_getCursorKind(s) == CXCursor_CallExpr || depth >= 8)
		return s;
	if (clang_getCursorKind(s) != CXCursor_StmtExpr)
		return s;
	get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(k.c[0]) != CXCursor_CompoundStmt)
		return s;
	get_kids(k.c[0], &k);
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor st = k.c[i], c;
		struct kids d;

		if (clang_getCursorKind(st) == CXCursor_DeclStmt) {
			get_kids(st, &d);	/* typeof(x) _res = kmemdup_noprof(...); */
			if (d.n != 1 || clang_getCursorKind(d.c[0]) != CXCursor_VarDecl)
				continue;
			get_kids(d.c[0], &d);
			if (!d.n || !clang_isExpression(clang_getCursorKind(d.c[d.n - 1])))
				continue;
			st = d.c[d.n - 1];
		} else if (i + 1 != k.n) {
			continue;
		}
		c = alloc_call(st, depth + 1);
		if (clang_getCursorKind(c) == CXCursor_CallExpr)
			return c;
	}
	return s;
}

/* The alias made, or NULL. */
static struct rml_falias *regfield_ptr_assign(struct ex *x, const char *from, CXCursor src,
					      const char *variant)
{
	CXCursor s = strip_more(src), call = alloc_call(src, 0);
	enum CXCursorKind k = clang_getCursorKind(s);
	struct rml_falias *fa;
	struct kids kk;
	bool copy = false;

	if (clang_getCursorKind(call) == CXCursor_CallExpr) {	/* a copy of a table */
		s = table_copied(x, call);
		if (clang_Cursor_isNull(s))
			return NULL;
		k = clang_getCursorKind(s);
		copy = true;
	}
	/* &table[0] is the table; &field, a table of one */
	if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		get_kids(s, &kk);
		if (kk.n == 1 && clang_getCursorKind(strip(kk.c[0])) == CXCursor_DeclRefExpr &&
		    is_regfield_type(x, clang_getCursorType(strip(kk.c[0])))) {
			s = strip(kk.c[0]);
			k = CXCursor_DeclRefExpr;
			goto named;
		}
		if (kk.n != 1 || clang_getCursorKind(strip(kk.c[0])) != CXCursor_ArraySubscriptExpr)
			return NULL;
		get_kids(strip(kk.c[0]), &kk);
		if (kk.n != 2 || !eval_top(x, kk.c[1]).known || eval_top(x, kk.c[1]).v != 0)
			return NULL;
		s = strip(kk.c[0]);
		k = clang_getCursorKind(s);
	}
named:
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return NULL;
	fa = rml_arena_alloc(x->a, sizeof(*fa));
	fa->from = from;
	fa->block = x->block;
	fa->variant = variant;
	fa->copy = copy;
	if (k == CXCursor_DeclRefExpr) {
		fa->to_var = usr_of(x, clang_getCursorReferenced(s));
	} else {
		CXCursor ref = clang_getCursorReferenced(s);

		if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
			return NULL;
		fa->to_type = record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
		fa->to_member = cxstr(x, clang_getCursorSpelling(ref));
	}
	rml_ptrvec_push(&x->f->faliases, fa);
	return fa;
}

/* A local pointer set to a copy of a table: what is written through it is watched. */
static void copy_track(struct ex *x, CXCursor var, struct rml_falias *fa)
{
	if (!fa || !fa->copy)
		return;
	if (clang_Cursor_isNull(var) || x->fn.ncopies == (int)RML_ARRAY_SIZE(x->fn.copies)) {
		fa->copy_changed = true;	/* kept where it cannot be watched */
		return;
	}
	x->fn.copies[x->fn.ncopies].var = var;
	x->fn.copies[x->fn.ncopies++].fa = fa;
}

static void copy_changed(struct ex *x, CXCursor var)
{
	for (int i = 0; i < x->fn.ncopies; i++)
		if (clang_equalCursors(x->fn.copies[i].var, var))
			x->fn.copies[i].fa->copy_changed = true;
}

static bool is_free_name(const char *n)
{
	return !strcmp(n, "kfree") || !strcmp(n, "kvfree") || !strcmp(n, "devm_kfree") ||
	       !strcmp(n, "kfree_sensitive");
}

/*
 * A use of a pointer to a table copy (c, a DeclRefExpr; its ancestors on the stack).
 * Reads, tests, the regmap_field API and kfree() leave the copy as it is, and so does
 * writing .reg of an element (`regs[i].reg += base`); anything else written through it,
 * or the pointer (or an element's address) going where it cannot be watched, may change
 * lsb, msb or the ids.
 */
static void copy_use(struct ex *x, CXCursor c)
{
	CXCursor var = clang_getCursorReferenced(c), cur = c;
	const char *member = NULL;
	bool deref = false;
	int i;

	for (i = x->fn.depth - 1; i >= 0; cur = x->fn.stack[i--]) {
		CXCursor p = x->fn.stack[i];
		enum CXCursorKind pk = clang_getCursorKind(p);
		struct kids k;

		switch (pk) {
		case CXCursor_UnexposedExpr:
		case CXCursor_ParenExpr:
		case CXCursor_CStyleCastExpr:
			continue;
		case CXCursor_ArraySubscriptExpr:
			get_kids(p, &k);
			if (k.n != 2 || !clang_equalCursors(k.c[0], cur))
				return;	/* used as an index */
			deref = true;
			continue;
		case CXCursor_MemberRefExpr:
			deref = true;	/* p->m, p[i].m */
			member = cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(p)));
			continue;
		case CXCursor_UnaryOperator:
			switch (clang_getCursorUnaryOperatorKind(p)) {
			case CXUnaryOperator_Deref:
				deref = true;
				continue;
			case CXUnaryOperator_LNot:
				return;
			case CXUnaryOperator_AddrOf:
				if (!deref)
					break;	/* &regs */
				/* &regs[i] or &regs->lsb: fine only as an argument of the API */
				deref = false;
				member = NULL;
				continue;
			default:	/* ++, -- */
				if (deref && member && !strcmp(member, "reg"))
					return;
				break;
			}
			break;
		case CXCursor_BinaryOperator:
		case CXCursor_CompoundAssignOperator:
			get_kids(p, &k);
			if (pk == CXCursor_CompoundAssignOperator ||
			    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Assign) {
				if (k.n == 2 && clang_equalCursors(k.c[0], cur)) {
					if (!deref || (member && !strcmp(member, "reg")))
						return;	/* regs = ..., regs[i].reg = ... */
					break;
				}
				if (deref)
					return;	/* a value read out of the copy */
				break;		/* the pointer kept elsewhere */
			}
			if (deref || clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_EQ ||
			    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_NE)
				return;
			break;	/* pointer arithmetic */
		case CXCursor_CallExpr: {
			const char *n = func_name(x, p);
			CXCursor callee = clang_getCursorReferenced(p);
			int nargs = clang_Cursor_getNumArguments(p);

			if (deref || rml_api_lookup(n) || is_free_name(n))
				return;
			for (int a = 0; a < nargs; a++) {
				CXType pt;

				if (!clang_equalCursors(clang_Cursor_getArgument(p, (unsigned)a), cur))
					continue;
				pt = clang_getCanonicalType(clang_getArgType(
					clang_getCursorType(callee), (unsigned)a));
				if (pt.kind == CXType_Pointer &&
				    clang_isConstQualifiedType(clang_getPointeeType(pt)))
					return;	/* const struct reg_field *: read only */
			}
			break;
		}
		case CXCursor_IfStmt:
		case CXCursor_WhileStmt:
		case CXCursor_DoStmt:
		case CXCursor_ForStmt:
			return;	/* a test of the pointer */
		default:
			if (deref)
				return;	/* a value read out of the copy */
			break;
		}
		break;
	}
	copy_changed(x, var);
}

/* `cfg = &foo_regmap_config;` for a local config pointer, in this block. */
static void config_ptr_assign(struct ex *x, CXCursor var, CXCursor src)
{
	CXCursor ref = unary_operand(strip_more(src), CXUnaryOperator_AddrOf,
				     CXCursor_DeclRefExpr);
	struct rml_cfgalias *ca;

	if (clang_Cursor_isNull(ref))
		return;
	ca = rml_arena_alloc(x->a, sizeof(*ca));
	ca->var = usr_of(x, var);
	ca->cfg_name = cxstr(x, clang_getCursorSpelling(ref));
	ca->block = x->block;
	rml_ptrvec_push(&x->f->cfgaliases, ca);
}


struct field_list {
	CXCursor f[128];
	unsigned n;
};

static enum CXChildVisitResult list_fields(CXCursor c, CXCursor parent, CXClientData data)
{
	struct field_list *l = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FieldDecl && l->n < RML_ARRAY_SIZE(l->f))
		l->f[l->n++] = c;
	return CXChildVisit_Continue;
}

/* &obj->member: the member's FieldDecl, its position among its struct's members, and them. */
static bool member_of_addr(CXCursor e, struct field_list *l, unsigned *pos)
{
	CXCursor s = unary_operand(strip_more(e), CXUnaryOperator_AddrOf, CXCursor_MemberRefExpr);
	CXCursor ref;

	if (clang_Cursor_isNull(s))
		return false;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return false;
	l->n = 0;
	clang_visitChildren(clang_getCursorSemanticParent(ref), list_fields, l);
	for (*pos = 0; *pos < l->n; (*pos)++)
		if (clang_equalCursors(l->f[*pos], ref))
			return true;
	return false;
}

/*
 * devm_regmap_field_bulk_alloc(dev, map, &ctl->mute, &variant->mute, 7): handles and
 * reg_fields as runs of consecutive struct members (lpass). Member k of the handle run
 * holds the field of member k of the reg_field run.
 */
static bool bulk_member_run(struct ex *x, const struct rml_alloc *al, CXCursor call,
			    const struct rml_api *api, int nargs)
{
	struct field_list *hl, *fl;
	unsigned hp, fp;
	struct rml_num n;
	const char *ftype;
	bool ok = false;

	if (api->field_arg >= nargs || api->count_arg < 0 || api->count_arg >= nargs)
		return false;
	n = eval_top(x, clang_Cursor_getArgument(call, (unsigned)api->count_arg));
	if (!n.known || rml_ce_is_negative(n) || n.v == 0 || n.v > 64)
		return false;
	hl = rml_xmalloc(sizeof(*hl));
	fl = rml_xmalloc(sizeof(*fl));
	if (!member_of_addr(clang_Cursor_getArgument(call, (unsigned)api->handle_arg), hl, &hp) ||
	    !member_of_addr(clang_Cursor_getArgument(call, (unsigned)api->field_arg), fl, &fp) ||
	    hp + n.v > hl->n || fp + n.v > fl->n)
		goto out;
	for (unsigned k = 0; k < n.v; k++)
		if (!is_field_ptr(clang_getCursorType(hl->f[hp + k])) ||
		    !is_regfield_type(x, clang_getCursorType(fl->f[fp + k])))
			goto out;
	ftype = record_key(x, clang_getCursorType(clang_getCursorSemanticParent(fl->f[fp])));
	for (unsigned k = 0; k < n.v; k++) {
		struct rml_alloc *one = rml_arena_alloc(x->a, sizeof(*one));
		struct rml_store *st = rml_arena_alloc(x->a, sizeof(*st));

		*one = *al;	/* a view of the one allocation, for this member pair */
		memset(&one->src, 0, sizeof(one->src));
		one->src.lo = RML_IDX_ALL;
		one->src.type = ftype;
		one->src.member = cxstr(x, clang_getCursorSpelling(fl->f[fp + k]));
		st->dst = (struct rml_handle){ .base = usr_of(x, hl->f[hp + k]), .base_param = -1,
					       .ix = RML_IX_NONE, .len = -1,
					       .kind = RML_HK_MEMBER };
		st->alloc = one;
		rml_ptrvec_push(&x->f->stores, st);
	}
	ok = true;
out:
	free(hl);
	free(fl);
	return ok;
}

static void handle_call(struct ex *x, CXCursor call)
{
	const char *name = func_name(x, call);
	const struct rml_api *api = rml_api_lookup(name);
	int nargs = clang_Cursor_getNumArguments(call);

	if (!strcmp(name, "rml_probe_field") || !strcmp(name, "rml_probe_value")) {
		struct rml_probe *p = rml_arena_alloc(x->a, sizeof(*p));

		p->loc = cursor_loc(x, call);
		p->func = x->fn.name;
		p->is_field = name[10] == 'f';
		if (nargs == 1 && p->is_field)
			fref_of(x, clang_Cursor_getArgument(call, 0), false, &p->src);
		else if (nargs == 1)
			p->value = eval_top(x, clang_Cursor_getArgument(call, 0));
		else
			p->value = rml_ce_unknown("probe needs one argument");
		rml_ptrvec_push(&x->f->probes, p);
		return;
	}
	if (!api) {
		record_call(x, call, nargs);
		return;
	}
	x->f->uses_regmap_field = true;
	if (api->role != RML_ROLE_ALLOC && api->role != RML_ROLE_BULK_ALLOC &&
	    api->role != RML_ROLE_FREE && api->role != RML_ROLE_BULK_FREE) {
		record_write(x, call, api, nargs);
		return;
	}
	if (api->role == RML_ROLE_ALLOC || api->role == RML_ROLE_BULK_ALLOC) {
		struct rml_alloc *al = rml_arena_alloc(x->a, sizeof(*al));

		if (api->field_arg >= nargs || api->map_arg >= nargs)
			return;
		al->api = api;
		al->loc = cursor_loc(x, call);
		al->func = x->fn.name;
		al->func_usr = x->fn.usr;
		al->map_key = expr_key(x, clang_Cursor_getArgument(call, (unsigned)api->map_arg));
		fref_of(x, clang_Cursor_getArgument(call, (unsigned)api->field_arg),
			api->role == RML_ROLE_BULK_ALLOC, &al->src);
		if (api->role == RML_ROLE_BULK_ALLOC && api->count_arg >= 0 && api->count_arg < nargs &&
		    al->src.lo == RML_IDX_ALL) {
			struct rml_num n = eval_top(x, clang_Cursor_getArgument(call,
									    (unsigned)api->count_arg));

			if (n.known && !rml_ce_is_negative(n)) {
				al->src.lo = 0;
				al->src.hi = (long)n.v;
			}
		}
		rml_ptrvec_push(&x->f->allocs, al);
		x->fn.g.last_alloc = al;
		x->fn.g.last_alloc_call = call;
		if (api->role == RML_ROLE_BULK_ALLOC && api->handle_arg < nargs &&
		    bulk_member_run(x, al, call, api, nargs)) {
			/* runs of struct members allocated as if they were arrays */
		} else if (api->role == RML_ROLE_BULK_ALLOC && api->handle_arg < nargs) {
			struct rml_handle dst = handle_of(x, clang_Cursor_getArgument(
								 call, (unsigned)api->handle_arg));

			if (dst.base)
				record_store(x, al, &dst, true);
		} else if (api->role == RML_ROLE_ALLOC) {
			struct rml_handle dst;

			if (store_target(x, &dst, true))
				record_store(x, al, &dst, false);
			else
				pair_store(x, al);
		}
	}
}

/* ---- control flow (issue 5: the paths of the lifetime rules) -------------------------- */

/*
 * While a function body is walked, its control flow is built beside the facts: branch
 * nodes for conditions (&& and || split, so each test is a branch of its own), loops,
 * switch dispatch, goto to labels, returns with what they return, and event nodes, in
 * program order, for what happens to handles and to int locals (ret). Nodes are made only
 * where control is (cur >= 0); the facts are extracted everywhere, dead code included.
 */

static int g_node(struct ex *x, enum rml_node_kind kind, const CXCursor *at)
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
		n->loc = cursor_loc(x, *at);
	else
		n->loc.file = "";
	b->npred[g->nn] = 0;
	return (int)g->nn++;
}

static void g_edge(struct ex *x, int from, int to, unsigned slot)
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

/* Control goes on to node `to` (if it is anywhere); then it is nowhere. */
static void g_jump(struct ex *x, int to)
{
	g_edge(x, x->fn.g.cur, to, 0);
	x->fn.g.cur = -1;
}

/* Control continues at `n` if anything reaches it. */
static void g_resume(struct ex *x, int n)
{
	x->fn.g.cur = n >= 0 && x->gbuf.npred[n] ? n : -1;
}

/* A node after the current one (none where control cannot be); it becomes current. */
static struct rml_node *g_emit(struct ex *x, enum rml_node_kind kind, CXCursor at)
{
	int n;

	if (!x->fn.g.on || x->fn.g.cur < 0)
		return NULL;
	n = g_node(x, kind, &at);
	g_edge(x, x->fn.g.cur, n, 0);
	x->fn.g.cur = kind == RML_NODE_EVENT || kind == RML_NODE_NOP || kind == RML_NODE_SWITCH ? n : -1;
	return &x->gbuf.n[n];
}

static struct rml_event *g_event(struct ex *x, enum rml_ev_kind kind, CXCursor at)
{
	struct rml_node *n = g_emit(x, RML_NODE_EVENT, at);

	if (!n)
		return NULL;
	n->ev.kind = kind;
	x->fn.g.nevents++;
	return &n->ev;
}

static void g_incomplete(struct ex *x, const char *why)
{
	if (x->fn.g.on && !x->fn.g.incomplete)
		x->fn.g.incomplete = why;
}

static int g_label(struct ex *x, CXCursor label)
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
	b->labels[g->nlabels].node = g_node(x, RML_NODE_NOP, &label);
	return b->labels[g->nlabels++].node;
}

static int g_loop_begin(struct ex *x, int head)
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

/* An int local of the function (VarDecl), numbered; -1 when not one or too many. */
static int g_var_decl(struct ex *x, CXCursor decl, bool create)
{
	struct cfgb *g = &x->fn.g;
	unsigned bits;
	bool sign;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl || var_hkind(decl) != RML_HK_LOCAL ||
	    !type_int(clang_getCursorType(decl), &bits, &sign))
		return -1;
	for (unsigned i = 0; i < g->nvars; i++)
		if (!clang_Cursor_isNull(g->var[i].decl) && clang_equalCursors(g->var[i].decl, decl))
			return (int)i;
	if (!create || g->nvars == MAX_GVARS)
		return -1;
	g->var[g->nvars].decl = decl;
	g->var[g->nvars].name = cxstr(x, clang_getCursorSpelling(decl));
	g->var[g->nvars].used = false;
	return (int)g->nvars++;
}

static int g_var(struct ex *x, CXCursor e, bool create)
{
	CXCursor s = strip(e);

	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return -1;
	return g_var_decl(x, clang_getCursorReferenced(s), create);
}

/* A result kept apart without a variable of its own: `if (regmap_field_bulk_alloc(...))`. */
static int g_var_temp(struct ex *x)
{
	struct cfgb *g = &x->fn.g;

	if (g->nvars == MAX_GVARS)
		return -1;
	g->var[g->nvars].decl = clang_getNullCursor();
	g->var[g->nvars].name = "(result)";
	g->var[g->nvars].used = true;
	return (int)g->nvars++;
}

static void g_var_used(struct ex *x, int var)
{
	if (var >= 0)
		x->fn.g.var[var].used = true;
}

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
	CXCursor s = strip_more(e);
	struct rml_num n;

	if (clang_getCursorKind(s) == CXCursor_GNUNullExpr)
		return true;
	if (clang_getCursorKind(s) != CXCursor_IntegerLiteral &&
	    clang_getCursorKind(s) != CXCursor_ParenExpr)
		return false;
	n = eval_top(x, s);
	return n.known && n.v == 0;
}

/* The handle an IS_ERR()-like call tests: IS_ERR(f), IS_ERR(priv->f = alloc(...)). */
static bool tested_handle(struct ex *x, CXCursor arg, struct rml_handle *h)
{
	CXCursor s = strip_more(arg);
	struct kids k;

	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign) {
		get_kids(s, &k);
		if (k.n != 2)
			return false;
		s = strip_more(k.c[0]);
	}
	if (!is_field_ptr(clang_getCursorType(s)))
		return false;
	*h = handle_of(x, s);
	return true;
}

static bool is_call_of(struct ex *x, CXCursor c, const char *const *names, int nargs)
{
	return clang_getCursorKind(c) == CXCursor_CallExpr &&
	       (nargs < 0 || clang_Cursor_getNumArguments(c) == nargs) &&
	       is_named(func_name(x, c), names);
}

static bool is_alloc_call(struct ex *x, CXCursor c, enum rml_role role)
{
	const struct rml_api *api;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	api = rml_api_lookup(func_name(x, c));
	return api && api->role == role;
}

/* What an expression gives (a returned value, the right side of an assignment). */
static struct rml_val g_val(struct ex *x, CXCursor e)
{
	struct rml_val v = { .kind = RML_VAL_OTHER, .var = -1, .h.base_param = -1 };
	CXCursor s = strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	CXType t = clang_getCanonicalType(clang_getCursorType(s));

	v.text = spelled_text(x, e);
	if (k == CXCursor_CallExpr) {
		const char *n = func_name(x, s);
		const struct rml_api *api = rml_api_lookup(n);
		int nargs = clang_Cursor_getNumArguments(s);
		CXCursor callee;

		if (is_named(n, err_fns)) {
			v.kind = RML_VAL_ERR;
		} else if (!strcmp(n, "PTR_ERR_OR_ZERO") && nargs == 1) {
			if (tested_handle(x, clang_Cursor_getArgument(s, 0), &v.h))
				v.kind = RML_VAL_ERR_OR_ZERO;
		} else if (!strcmp(n, "dev_err_probe") && nargs >= 2) {
			return g_val(x, clang_Cursor_getArgument(s, 1));
		} else if (api && (api->role == RML_ROLE_ALLOC || api->role == RML_ROLE_BULK_ALLOC)) {
			if (x->fn.g.last_alloc && clang_equalCursors(s, x->fn.g.last_alloc_call)) {
				v.kind = RML_VAL_ALLOC;
				v.alloc = x->fn.g.last_alloc;
			}
		} else {
			callee = clang_getCursorReferenced(s);
			if (clang_getCursorKind(callee) == CXCursor_FunctionDecl && is_own(x, callee)) {
				v.kind = RML_VAL_CALL;
				v.callee = usr_of(x, callee);
				v.callee_name = n;
			}
		}
		return v;
	}
	if (t.kind == CXType_Pointer) {
		if (is_null_const(x, s)) {
			v.kind = RML_VAL_NULL;
		} else if (is_field_ptr(t)) {
			v.h = handle_of(x, s);
			if (v.h.base || v.h.base_param >= 0)
				v.kind = RML_VAL_HANDLE;
		}
		return v;
	}
	if (t.kind == CXType_Void)
		return v;
	v.var = g_var(x, s, true);
	if (v.var >= 0) {
		v.kind = RML_VAL_VAR;
		return v;
	}
	if (k == CXCursor_DeclRefExpr && clang_getCursorKind(clang_getCursorReferenced(s)) ==
					      CXCursor_ParmDecl)
		return v;
	v.num = eval_top(x, e);
	if (v.num.known)
		v.kind = RML_VAL_CONST;
	return v;
}

/*
 * What a condition leaf tests. *neg when it holds for the opposite: f == NULL, ret == 0,
 * ret >= 0.
 */
static void g_test(struct ex *x, CXCursor e, struct rml_cond *c, bool *neg)
{
	CXCursor s = strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids kk;

	*neg = false;
	c->test = RML_TEST_NONE;
	c->var = -1;
	if (k == CXCursor_CallExpr) {
		if (is_call_of(x, s, test_fns, 1)) {
			if (tested_handle(x, clang_Cursor_getArgument(s, 0), &c->h))
				c->test = RML_TEST_ISERR;
		} else if (is_alloc_call(x, s, RML_ROLE_BULK_ALLOC) && x->fn.g.leaf_var >= 0) {
			c->test = RML_TEST_VAR;
			c->var = x->fn.g.leaf_var;
		}
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);
		CXCursor l, r, a;
		bool lnull, rnull;

		get_kids(s, &kk);
		if (kk.n != 2)
			return;
		l = kk.c[0];
		r = kk.c[1];
		if (op == CXBinaryOperator_Assign) {	/* if ((f = ...)), if ((ret = ...)) */
			if (is_field_ptr(clang_getCursorType(l))) {
				c->h = handle_of(x, l);
				c->test = RML_TEST_NONNULL;
			} else if ((c->var = g_var(x, l, true)) >= 0) {
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
			if ((lnull || rnull) && is_field_ptr(clang_getCursorType(strip_more(a)))) {
				c->h = handle_of(x, strip_more(a));
				c->test = RML_TEST_NONNULL;
				*neg = op == CXBinaryOperator_EQ;
				return;
			}
		}
		/* ret != 0, ret == 0, ret < 0, ret >= 0: an error code is negative */
		{
			struct rml_num z = eval_top(x, r);

			if (!z.known || z.v)
				return;
		}
		if ((c->var = g_var(x, l, true)) >= 0) {
			c->test = RML_TEST_VAR;
		} else if (is_alloc_call(x, strip(l), RML_ROLE_BULK_ALLOC) && x->fn.g.leaf_var >= 0) {
			c->test = RML_TEST_VAR;
			c->var = x->fn.g.leaf_var;
		} else {
			return;
		}
		*neg = op == CXBinaryOperator_EQ || op == CXBinaryOperator_GE;
		return;
	}
	if (is_field_ptr(clang_getCursorType(s)) &&
	    (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	     k == CXCursor_ArraySubscriptExpr)) {
		c->h = handle_of(x, s);
		c->test = RML_TEST_NONNULL;
		return;
	}
	if ((c->var = g_var(x, s, true)) >= 0)
		c->test = RML_TEST_VAR;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data);

/* Walk a child of `parent`, which the caller has pushed on the stack. */
static void visit_kid(struct ex *x, CXCursor kid, CXCursor parent)
{
	body_visit(kid, parent, x);
}

static void g_push(struct ex *x, CXCursor c)
{
	x->fn.stack[x->fn.depth++] = c;
}

/* Walk a condition: control goes to t when it holds, to f when not. */
static void cond_walk(struct ex *x, CXCursor e, CXCursor parent, int t, int f, int depth)
{
	CXCursor s = strip(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids kk;
	bool saved_have = x->fn.g.have_leaf, neg;
	CXCursor saved_leaf = x->fn.g.leaf;
	int saved_var = x->fn.g.leaf_var;

	if (depth < 32 && x->fn.depth < MAX_STACK - 1) {
		if (k == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_LNot) {
			get_kids(s, &kk);
			if (kk.n == 1) {
				g_push(x, s);
				cond_walk(x, kk.c[0], s, f, t, depth + 1);
				x->fn.depth--;
				return;
			}
		}
		if (k == CXCursor_BinaryOperator) {
			enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);

			get_kids(s, &kk);
			if (kk.n == 2 && (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)) {
				int mid = g_node(x, RML_NODE_NOP, NULL);

				g_push(x, s);
				if (op == CXBinaryOperator_LAnd)
					cond_walk(x, kk.c[0], s, mid, f, depth + 1);
				else
					cond_walk(x, kk.c[0], s, t, mid, depth + 1);
				g_resume(x, mid);
				cond_walk(x, kk.c[1], s, t, f, depth + 1);
				x->fn.depth--;
				return;
			}
			if (kk.n == 2 && op == CXBinaryOperator_Comma) {
				g_push(x, s);
				visit_kid(x, kk.c[0], s);
				cond_walk(x, kk.c[1], s, t, f, depth + 1);
				x->fn.depth--;
				return;
			}
		}
		/* likely(), unlikely(): __builtin_expect(!!(x), v) */
		if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(s) == 2 &&
		    cxstr_eq(clang_getCursorSpelling(s), "__builtin_expect")) {
			g_push(x, s);
			cond_walk(x, clang_Cursor_getArgument(s, 0), s, t, f, depth + 1);
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
		visit_kid(x, e, parent);
		x->fn.g.have_leaf = saved_have;
		x->fn.g.leaf = saved_leaf;
		if (x->fn.g.cur < 0) {
			x->fn.g.leaf_var = saved_var;
			return;
		}
		if (k == CXCursor_IntegerLiteral || k == CXCursor_ParenExpr ||
		    k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator ||
		    k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) {
			n = eval_top(x, e);
			if (n.known) {	/* while (1), do { } while (0), if (0) */
				g_jump(x, n.v ? t : f);
				x->fn.g.leaf_var = saved_var;
				return;
			}
		}
		bn = g_node(x, RML_NODE_BRANCH, NULL);
		b = &x->gbuf.n[bn];
		b->loc = mkloc(x, clang_getRangeStart(clang_getCursorExtent(e)));
		g_test(x, e, &b->cond, &neg);
		b->cond.text = spelled_text(x, e);
		g_var_used(x, b->cond.var);
		if (b->cond.test == RML_TEST_ISERR || b->cond.test == RML_TEST_NONNULL)
			x->fn.g.nevents++;
		g_edge(x, x->fn.g.cur, bn, 0);
		g_edge(x, bn, neg ? f : t, 0);
		g_edge(x, bn, neg ? t : f, 1);
		x->fn.g.cur = -1;
		x->fn.g.leaf_var = saved_var;
	}
}

/* A value given back: events first, then the return node. */
static void g_return_value(struct ex *x, CXCursor e, CXCursor parent, CXCursor at)
{
	struct rml_node *n;

	if (!clang_Cursor_isNull(e))
		visit_kid(x, e, parent);
	n = g_emit(x, RML_NODE_RETURN, at);
	if (!n)
		return;
	n->ev.var = -1;
	if (clang_Cursor_isNull(e)) {
		n->ev.val.kind = RML_VAL_NONE;
		n->ev.val.var = -1;
	} else {
		n->ev.val = g_val(x, e);
		g_var_used(x, n->ev.val.var);
	}
}

/*
 * Statements and expressions that steer control: walk their children in the order
 * control takes them. False when c is none of them (the caller walks it as usual).
 */
static bool g_stmt(struct ex *x, CXCursor c)
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
		g_incomplete(x, "statements nested too deep");
		return false;
	}
	get_kids(c, &k);
	g_push(x, c);
	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator:
		/* cond ? a : b has both arms; if (cond) a [else b] may lack the second */
		if (k.n < 2 || k.n > 3 || (kind == CXCursor_ConditionalOperator && k.n != 3))
			goto linear;
		t = g_node(x, RML_NODE_NOP, NULL);
		f = g_node(x, RML_NODE_NOP, NULL);
		join = g_node(x, RML_NODE_NOP, NULL);
		cond_walk(x, k.c[0], c, t, f, 0);
		g_resume(x, t);
		visit_kid(x, k.c[1], c);
		g_jump(x, join);
		g_resume(x, f);
		if (k.n == 3)
			visit_kid(x, k.c[2], c);
		g_jump(x, join);
		g_resume(x, join);
		break;
	case CXCursor_BinaryOperator:	/* a && b, a || b as a value */
		if (k.n != 2)
			goto linear;
		t = g_node(x, RML_NODE_NOP, NULL);
		join = g_node(x, RML_NODE_NOP, NULL);
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd)
			cond_walk(x, k.c[0], c, t, join, 0);
		else
			cond_walk(x, k.c[0], c, join, t, 0);
		g_resume(x, t);
		visit_kid(x, k.c[1], c);
		g_jump(x, join);
		g_resume(x, join);
		break;
	case CXCursor_WhileStmt:
		if (k.n != 2)
			goto linear;
		head = g_node(x, RML_NODE_NOP, &c);
		g_jump(x, head);
		g->cur = head;
		g_loop_begin(x, head);
		t = g_node(x, RML_NODE_NOP, NULL);
		f = g_node(x, RML_NODE_NOP, NULL);
		cond_walk(x, k.c[0], c, t, f, 0);
		g->brk = f;
		g->cont = head;
		g_resume(x, t);
		visit_kid(x, k.c[1], c);
		g_jump(x, head);
		g->loop = saved_loop;
		g_resume(x, f);
		break;
	case CXCursor_DoStmt: {
		struct rml_num n;

		if (k.n != 2)
			goto linear;
		n = eval_top(x, k.c[1]);
		head = g_node(x, RML_NODE_NOP, &c);
		g_jump(x, head);
		g->cur = head;
		if (!n.known || n.v)	/* do { } while (0) is no loop */
			g_loop_begin(x, head);
		t = g_node(x, RML_NODE_NOP, NULL);	/* the condition */
		f = g_node(x, RML_NODE_NOP, NULL);
		g->brk = f;
		g->cont = t;
		visit_kid(x, k.c[0], c);
		g_jump(x, t);
		g_resume(x, t);
		g->loop = saved_loop;
		cond_walk(x, k.c[1], c, head, f, 0);
		g_resume(x, f);
		break;
	}
	case CXCursor_ForStmt: {
		int inc;

		/* libclang leaves out what is not written: only init; cond; inc; body is sure */
		if (k.n == 4)
			visit_kid(x, k.c[0], c);
		else
			for (unsigned i = 0; i + 1 < k.n; i++)
				visit_kid(x, k.c[i], c);
		head = g_node(x, RML_NODE_NOP, &c);
		g_jump(x, head);
		g->cur = head;
		g_loop_begin(x, head);
		t = g_node(x, RML_NODE_NOP, NULL);
		f = g_node(x, RML_NODE_NOP, NULL);
		inc = g_node(x, RML_NODE_NOP, NULL);
		if (k.n == 4) {
			cond_walk(x, k.c[1], c, t, f, 0);
		} else if (k.n == 1) {
			g_jump(x, t);	/* for (;;) */
		} else if (g->cur >= 0) {
			int b = g_node(x, RML_NODE_BRANCH, &c);

			x->gbuf.n[b].cond.test = RML_TEST_NONE;
			g_edge(x, head, b, 0);
			g_edge(x, b, t, 0);
			g_edge(x, b, f, 1);
			g->cur = -1;
		}
		g->brk = f;
		g->cont = inc;
		g_resume(x, t);
		if (k.n)
			visit_kid(x, k.c[k.n - 1], c);
		g_jump(x, inc);
		g_resume(x, inc);
		if (k.n == 4)
			visit_kid(x, k.c[2], c);
		g_jump(x, head);
		g->loop = saved_loop;
		g_resume(x, f);
		break;
	}
	case CXCursor_SwitchStmt: {
		int saved_sw = g->sw;
		bool saved_def = g->sw_default;
		struct rml_node *d;

		if (k.n != 2)
			goto linear;
		visit_kid(x, k.c[0], c);
		d = g_emit(x, RML_NODE_SWITCH, c);
		g->sw = d ? (int)(d - x->gbuf.n) : -1;
		g->sw_default = false;
		f = g_node(x, RML_NODE_NOP, NULL);
		g->brk = f;
		g->cur = -1;
		visit_kid(x, k.c[1], c);
		g_jump(x, f);
		if (!g->sw_default)
			g_edge(x, g->sw, f, 0);
		g->sw = saved_sw;
		g->sw_default = saved_def;
		g_resume(x, f);
		break;
	}
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt: {
		int n = g_node(x, RML_NODE_NOP, &c);

		g_edge(x, g->cur, n, 0);	/* falls through from the case above */
		g_edge(x, g->sw, n, 0);
		if (kind == CXCursor_DefaultStmt)
			g->sw_default = true;
		g_resume(x, n);
		if (k.n)
			visit_kid(x, k.c[k.n - 1], c);
		break;
	}
	case CXCursor_LabelStmt: {
		int n = g_label(x, c);

		x->gbuf.n[n].loop = g->loop;
		g_jump(x, n);
		g->cur = n;	/* a goto further down may come back here */
		if (k.n)
			visit_kid(x, k.c[k.n - 1], c);
		break;
	}
	case CXCursor_GotoStmt: {
		CXCursor label = clang_getCursorReferenced(c);

		if (clang_getCursorKind(label) != CXCursor_LabelStmt) {
			g_incomplete(x, "a goto whose label is not found");
			g->cur = -1;
			break;
		}
		g_jump(x, g_label(x, label));
		break;
	}
	case CXCursor_IndirectGotoStmt:
		for (unsigned i = 0; i < k.n; i++)
			visit_kid(x, k.c[i], c);
		g_incomplete(x, "a computed goto");
		g->cur = -1;
		break;
	case CXCursor_ReturnStmt:
		if (!k.n) {
			g_return_value(x, clang_getNullCursor(), c, c);
		} else {
			CXCursor e = strip(k.c[0]);
			struct kids q;

			get_kids(e, &q);
			if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && q.n == 3) {
				/* return IS_ERR(f) ? PTR_ERR(f) : 0; gives back one side per path */
				t = g_node(x, RML_NODE_NOP, NULL);
				f = g_node(x, RML_NODE_NOP, NULL);
				g_push(x, e);
				cond_walk(x, q.c[0], e, t, f, 0);
				g_resume(x, t);
				g_return_value(x, q.c[1], e, c);
				g_resume(x, f);
				g_return_value(x, q.c[2], e, c);
				x->fn.depth--;
			} else {
				g_return_value(x, k.c[0], c, c);
			}
		}
		g->cur = -1;
		break;
	case CXCursor_BreakStmt:
		if (g->brk < 0)
			g_incomplete(x, "a break outside a loop or switch");
		g_jump(x, g->brk);
		break;
	case CXCursor_ContinueStmt:
		if (g->cont < 0)
			g_incomplete(x, "a continue outside a loop");
		g_jump(x, g->cont);
		break;
	default:
	linear:
		for (unsigned i = 0; i < k.n; i++)
			visit_kid(x, k.c[i], c);
		break;
	}
	x->fn.depth--;
	g->brk = saved_brk;
	g->cont = saved_cont;
	g->loop = saved_loop;
	return true;
}

/* The nearest ancestor that is not a paren or a conversion. */
static CXCursor g_parent(struct ex *x, int *at)
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
static bool g_discarded(struct ex *x)
{
	int at;
	CXCursor p = g_parent(x, &at);
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

/* An allocation handle_call recorded: where its result goes. */
static void g_alloc(struct ex *x, CXCursor call, const struct rml_api *api)
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
		return;	/* handle_call did not take it (arguments missing) */
	p = g_parent(x, &pat);
	pk = clang_getCursorKind(p);
	if (api->role == RML_ROLE_ALLOC) {
		if (store_target(x, &dst, false))
			dispo = RML_DISPO_STORED;
		else if (pk == CXCursor_ReturnStmt)
			dispo = RML_DISPO_RETURNED;
		else if (g_discarded(x))
			dispo = RML_DISPO_DISCARDED;
	} else {
		if (api->handle_arg >= 0 && api->handle_arg < nargs)
			dst = handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
		if (dst.text && dst.text[0] == '&')
			dst.text++;	/* &priv->fields[0], &priv->intf: name the array */
		dispo = RML_DISPO_STORED;
		if (pk == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Assign) {
			struct kids k;

			get_kids(p, &k);
			if (k.n == 2)
				var = g_var(x, k.c[0], true);
		} else if (pk == CXCursor_VarDecl) {
			var = g_var_decl(x, p, true);
		} else if (x->fn.g.have_leaf && (clang_equalCursors(strip(call), x->fn.g.leaf) ||
					      clang_equalCursors(p, x->fn.g.leaf))) {
			var = x->fn.g.leaf_var = g_var_temp(x);
		} else if (pk == CXCursor_ReturnStmt) {
			var = g_var_temp(x);
		} else if (g_discarded(x)) {
			dispo = RML_DISPO_DISCARDED;	/* the error code is ignored */
		} else {
			dispo = RML_DISPO_OTHER;
		}
	}
	ev = g_event(x, RML_EV_ALLOC, call);
	if (!ev)
		return;
	ev->alloc = al;
	ev->api = api;
	ev->h = dst;
	ev->dispo = dispo;
	ev->var = var;
}

/* An argument that is a handle, an array of them, or the address of one. */
static bool g_handle_arg(struct ex *x, CXCursor arg, struct rml_handle *h, bool *addr)
{
	CXCursor s = strip_more(arg);
	struct kids k;

	*addr = false;
	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		get_kids(s, &k);
		if (k.n != 1 || !is_field_ptr(clang_getCursorType(strip(k.c[0]))))
			return false;
		*addr = true;
		*h = handle_of(x, k.c[0]);
		return h->base || h->base_param >= 0;
	}
	if (!is_handle_type(clang_getCursorType(s)))
		return false;
	*h = handle_of(x, s);
	return h->base || h->base_param >= 0;
}

static void g_call(struct ex *x, CXCursor call)
{
	const char *name = func_name(x, call);
	const struct rml_api *api = rml_api_lookup(name);
	int nargs = clang_Cursor_getNumArguments(call);
	struct rml_event *ev;
	struct rml_handle h;
	bool addr;

	if (api) {
		switch (api->role) {
		case RML_ROLE_ALLOC:
		case RML_ROLE_BULK_ALLOC:
			g_alloc(x, call, api);
			return;
		default:
			if (api->handle_arg < 0 || api->handle_arg >= nargs)
				return;
			ev = g_event(x, api->role == RML_ROLE_FREE || api->role == RML_ROLE_BULK_FREE ?
					RML_EV_FREE : RML_EV_USE, call);
			if (!ev)
				return;
			ev->api = api;
			ev->h = handle_of(x, clang_Cursor_getArgument(call, (unsigned)api->handle_arg));
			if (ev->kind == RML_EV_USE)
				pend_node(x, call, true);
			return;
		}
	}
	if (is_named(name, test_fns) && nargs == 1) {
		if (x->fn.g.have_leaf && clang_equalCursors(call, x->fn.g.leaf))
			return;	/* the branch tests it */
		if (tested_handle(x, clang_Cursor_getArgument(call, 0), &h) &&
		    (ev = g_event(x, RML_EV_TEST, call)))
			ev->h = h;
		return;
	}
	if (is_named(name, err_fns) || !strcmp(name, "__builtin_expect"))
		return;
	{
		CXCursor callee = clang_getCursorReferenced(call);
		bool own = clang_getCursorKind(callee) == CXCursor_FunctionDecl && is_own(x, callee);
		struct rml_handle *args = NULL;
		size_t nh = 0;

		for (int i = 0; i < nargs && i < 32; i++) {
			CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
			CXCursor s = strip_more(arg);

			if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
			    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
				struct kids k;
				int v;

				get_kids(s, &k);
				if (k.n == 1 && (v = g_var(x, k.c[0], false)) >= 0 &&
				    (ev = g_event(x, RML_EV_SETVAR, call))) {
					ev->var = v;	/* &ret given away: its value is not known */
					ev->val.kind = RML_VAL_OTHER;
					ev->val.var = -1;
				}
			}
			if (!g_handle_arg(x, arg, &h, &addr))
				continue;
			if (addr || !own) {
				if ((ev = g_event(x, RML_EV_ESCAPE, call))) {
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
			nh++;
		}
		if (own && (ev = g_event(x, RML_EV_CALL, call))) {
			pend_node(x, call, false);
			ev->callee = usr_of(x, callee);
			ev->callee_name = name;
			if (nh) {
				ev->args = args;
				ev->nargs = (size_t)(nargs < 32 ? nargs : 32);
			}
		}
		/*
		 * A function of the driver given as a callback may run from here on (the
		 * action of devm_add_action_or_reset() runs at once when it fails): what it
		 * frees may be freed here.
		 */
		for (int i = 0; i < nargs && i < 32; i++) {
			CXCursor s = strip_more(clang_Cursor_getArgument(call, (unsigned)i));
			CXCursor fn;
			struct kids k;

			if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
			    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
				get_kids(s, &k);
				if (k.n != 1)
					continue;
				s = strip(k.c[0]);
			}
			if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
				continue;
			fn = clang_getCursorReferenced(s);
			if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !is_own(x, fn) ||
			    !(ev = g_event(x, RML_EV_CALL, call)))
				continue;
			ev->callee = usr_of(x, fn);
			ev->callee_name = cxstr(x, clang_getCursorSpelling(fn));
		}
	}
	if (is_named(name, noreturn_fns))
		g_emit(x, RML_NODE_NORETURN, call);
}

/*
 * The handle the right side of a handle assignment names, through casts: a variable, a
 * member or a slot of one (`f = lock->priv` where priv is a void *), else base NULL.
 */
static struct rml_handle store_source(struct ex *x, CXCursor rhs)
{
	CXCursor s = strip_more(rhs);
	enum CXCursorKind k = clang_getCursorKind(s);
	CXType t = clang_getCanonicalType(clang_getCursorType(s));
	struct rml_handle none = { .base_param = -1, .len = -1 };

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_ArraySubscriptExpr)
		return none;
	if (!is_field_ptr(t) && !(t.kind == CXType_Pointer &&
				  clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Void))
		return none;
	return handle_of(x, s);
}

/* DST = SRC where DST is a handle (lhs, or the local var being declared). */
static void g_store(struct ex *x, CXCursor lhs, CXCursor var, CXCursor rhs, CXCursor at)
{
	CXCursor r = strip_more(rhs);
	struct rml_handle dst;
	struct rml_val val;
	struct rml_event *ev;

	if (is_alloc_call(x, r, RML_ROLE_ALLOC))
		return;	/* the allocation's own event says where it goes */
	if (clang_Cursor_isNull(var)) {
		dst = handle_of(x, lhs);
	} else {
		dst = (struct rml_handle){ .base = usr_of(x, var), .base_param = -1, .len = -1,
					   .ix = RML_IX_NONE, .kind = var_hkind(var),
					   .text = cxstr(x, clang_getCursorSpelling(var)) };
	}
	val = g_val(x, rhs);
	if (!dst.base && dst.base_param < 0) {
		if (val.kind == RML_VAL_HANDLE && (ev = g_event(x, RML_EV_ESCAPE, at)))
			ev->h = val.h;	/* *out = f: gone where the paths do not follow */
		return;
	}
	if (!(ev = g_event(x, RML_EV_STORE, at)))
		return;
	ev->h = dst;
	ev->val = val;
	ev->src = store_source(x, rhs);
	g_var_used(x, val.var);
}

static void g_setvar(struct ex *x, int var, CXCursor rhs, CXCursor at)
{
	struct rml_event *ev;

	if (var < 0)
		return;
	if (!clang_Cursor_isNull(rhs) && is_alloc_call(x, strip_more(rhs), RML_ROLE_BULK_ALLOC))
		return;	/* the allocation's own event sets it */
	if (!(ev = g_event(x, RML_EV_SETVAR, at)))
		return;
	ev->var = var;
	if (clang_Cursor_isNull(rhs)) {
		ev->val.kind = RML_VAL_OTHER;
		ev->val.var = -1;
	} else {
		ev->val = g_val(x, rhs);
		g_var_used(x, ev->val.var);	/* ret = err: err's value matters too */
	}
}

/* tbl[i].reg += base on a reg_field object of static storage (field-table-mutated). */
static void g_tblwrite(struct ex *x, CXCursor lhs, CXCursor at, bool compound)
{
	CXCursor s = strip(lhs), ref;
	bool through_rf = false;
	struct rml_tblwrite *w;
	CXType vt;
	struct kids k;

	for (int i = 0; i < 16; i++) {
		enum CXCursorKind kind = clang_getCursorKind(s);

		if (is_regfield_type(x, clang_getCursorType(s)))
			through_rf = true;
		if (kind == CXCursor_MemberRefExpr || kind == CXCursor_ArraySubscriptExpr) {
			CXType bt;

			get_kids(s, &k);
			if (!k.n)
				return;
			bt = clang_getCanonicalType(clang_getCursorType(strip(k.c[0])));
			if (kind == CXCursor_MemberRefExpr && bt.kind == CXType_Pointer)
				return;	/* p->reg: through a pointer, not a table */
			s = strip(k.c[0]);
			continue;
		}
		break;
	}
	if (!through_rf || clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || var_hkind(ref) != RML_HK_GLOBAL)
		return;
	vt = clang_getCanonicalType(clang_getCursorType(ref));
	if (vt.kind == CXType_Pointer)
		return;
	w = rml_arena_alloc(x->a, sizeof(*w));
	w->loc = cursor_loc(x, at);
	w->func = x->fn.name;
	w->var = usr_of(x, ref);
	w->var_name = cxstr(x, clang_getCursorSpelling(ref));
	w->var_loc = cursor_loc(x, ref);
	w->is_static = true;
	w->is_const = clang_isConstQualifiedType(vt) ||
		      (is_array(vt) && clang_isConstQualifiedType(clang_getArrayElementType(vt)));
	w->compound = compound;
	w->text = spelled_text(x, lhs);
	rml_ptrvec_push(&x->f->tblwrites, w);
}

/* After a node's children were walked: the events it makes. */
static void g_post(struct ex *x, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;

	if (!x->fn.g.on)
		return;
	switch (kind) {
	case CXCursor_CallExpr:
		g_call(x, c);
		break;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
			break;
		get_kids(c, &k);
		if (k.n != 2)
			break;
		g_tblwrite(x, k.c[0], c, false);
		if (is_field_ptr(clang_getCursorType(k.c[0])))
			g_store(x, k.c[0], clang_getNullCursor(), k.c[1], c);
		else
			g_setvar(x, g_var(x, k.c[0], true), k.c[1], c);
		break;
	case CXCursor_CompoundAssignOperator:
		get_kids(c, &k);
		if (k.n != 2)
			break;
		g_tblwrite(x, k.c[0], c, true);
		g_setvar(x, g_var(x, k.c[0], false), clang_getNullCursor(), c);
		break;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
			get_kids(c, &k);
			if (k.n != 1)
				break;
			g_tblwrite(x, k.c[0], c, true);
			g_setvar(x, g_var(x, k.c[0], false), clang_getNullCursor(), c);
			break;
		default:
			break;
		}
		break;
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);

		get_kids(c, &k);
		if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
			break;
		if (is_field_ptr(t))
			g_store(x, clang_getNullCursor(), c, k.c[k.n - 1], c);
		else
			g_setvar(x, g_var_decl(x, c, true), k.c[k.n - 1], c);
		break;
	}
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr: {
		/* a handle in an initialiser: struct foo s = { .f = f } keeps it somewhere */
		CXCursor p = g_parent(x, NULL);
		struct rml_event *ev;

		if (clang_getCursorKind(p) == CXCursor_InitListExpr &&
		    is_field_ptr(clang_getCursorType(c)) && (ev = g_event(x, RML_EV_ESCAPE, c)))
			ev->h = handle_of(x, c);
		break;
	}
	default:
		break;
	}
}

/* A function's walk begins (struct ex_fn zeroed): the entry is node 0. */
static void g_begin(struct ex *x)
{
	struct cfgb *g = &x->fn.g;

	g->on = true;
	g->brk = g->cont = g->sw = g->loop = -1;
	g->leaf_var = -1;
	g->cur = g_node(x, RML_NODE_NOP, NULL);
}

/* A function's walk ends: keep its control flow when anything in it matters. */
static void g_end(struct ex *x, CXCursor fn)
{
	struct cfgb *g = &x->fn.g;
	struct cfg_bufs *b = &x->gbuf;
	struct rml_func *f;
	int remap[MAX_GVARS];
	unsigned *cnt;

	if (g->cur >= 0) {
		struct rml_node *end = g_emit(x, RML_NODE_END, fn);

		if (end) {	/* at the closing brace (the extent ends just after it) */
			end->loc = mkloc(x, clang_getRangeEnd(clang_getCursorExtent(fn)));
			if (end->loc.col > 1)
				end->loc.col--;
		}
	}
	g->on = false;
	if (!g->nevents) {
		for (size_t i = 0; i < g->npend; i++) {
			if (b->pend[i].w)
				b->pend[i].w->node = -1;
			if (b->pend[i].c)
				b->pend[i].c->node = -1;
		}
		return;
	}
	f = rml_arena_alloc(x->a, sizeof(*f));
	for (size_t i = 0; i < g->npend; i++) {
		if (b->pend[i].w && b->pend[i].w->node >= 0)
			b->pend[i].w->cfg = f;
		if (b->pend[i].c && b->pend[i].c->node >= 0)
			b->pend[i].c->cfg = f;
	}
	f->usr = x->fn.usr;
	f->name = x->fn.name;
	f->loc = cursor_loc(x, fn);
	f->returns_handle = is_field_ptr(clang_getCursorResultType(fn));
	f->nparams = x->fn.nparams;
	f->incomplete = g->incomplete;
	/* keep apart only the int locals that are returned or tested */
	for (unsigned i = 0; i < g->nvars; i++) {
		remap[i] = -1;
		if (g->var[i].used && f->nvars < RML_MAX_VARS) {
			remap[i] = (int)f->nvars;
			f->vars[f->nvars++] = g->var[i].name;
		}
	}
	f->nnodes = g->nn;
	f->nodes = rml_arena_alloc(x->a, g->nn * sizeof(*f->nodes));
	memcpy(f->nodes, b->n, g->nn * sizeof(*f->nodes));
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
	/* successors, a branch's true side first */
	cnt = rml_xcalloc(g->nn + 1, sizeof(*cnt));
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
	f->nloops = g->nloops;
	f->loops = rml_arena_alloc(x->a, (g->nloops + 1) * sizeof(*f->loops));
	if (g->nloops)
		memcpy(f->loops, b->loops, g->nloops * sizeof(*f->loops));
	rml_ptrvec_push(&x->f->funcs, f);
}


/* ---- a field's maximum taken from its mask ------------------------------------------- */

struct find_member_ref {
	const char *name;
	CXCursor found;
	bool ok;
};

static enum CXChildVisitResult find_member_ref(CXCursor c, CXCursor parent, CXClientData data)
{
	struct find_member_ref *f = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
	    cxstr_eq(clang_getCursorSpelling(c), f->name)) {
		f->found = c;
		f->ok = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The arguments text after "GENMASK(" is exactly "<F>.msb, <F>.lsb)" (or ->) for the same
 * <F>, with nothing computed: GENMASK(f.msb - f.lsb, 0) is the right maximum.
 */
static bool genmask_args_are_msb_lsb(const char *t, size_t len)
{
	char a[160], b[160];
	size_t na = 0, nb = 0, i = 0;
	int depth = 0;

	for (; i < len && t[i] != ',' && na + 1 < sizeof(a); i++)
		if (!isspace((unsigned char)t[i]))
			a[na++] = t[i];
	if (i >= len || t[i] != ',')
		return false;
	for (i++; i < len && na; i++) {
		if (t[i] == '(')
			depth++;
		if (t[i] == ')' && depth-- == 0)
			break;
		if (!isspace((unsigned char)t[i]) && nb + 1 < sizeof(b))
			b[nb++] = t[i];
	}
	a[na] = b[nb] = '\0';
	if (na < 4 || nb < 4 || strcmp(a + na - 3, "msb") || strcmp(b + nb - 3, "lsb") ||
	    na != nb || strncmp(a, b, na - 3))
		return false;
	for (i = 0; i < na - 3; i++)
		if (!isalnum((unsigned char)a[i]) && !strchr("_.->[]", a[i]))
			return false;
	return true;
}

/* Is e written as GENMASK(F.msb, F.lsb) for a reg_field F? Then r names F. */
static bool genmask_of_field(struct ex *x, CXCursor e, struct rml_fref *r)
{
	CXFile file;
	unsigned off;
	struct file_info *fi;
	struct find_member_ref msb = { "msb", clang_getNullCursor(), false };
	struct find_member_ref lsb = { "lsb", clang_getNullCursor(), false };
	struct kids k;
	const char *a, *b;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(e)), &file, NULL, NULL,
				   &off);
	if (!file)
		return false;
	fi = file_info(x, file);
	if (!file_text(x, fi) || off + 8 > fi->len || strncmp(fi->text + off, "GENMASK(", 8) ||
	    !genmask_args_are_msb_lsb(fi->text + off + 8, fi->len - off - 8))
		return false;
	clang_visitChildren(e, find_member_ref, &msb);
	clang_visitChildren(e, find_member_ref, &lsb);
	if (!msb.ok || !lsb.ok)
		return false;
	get_kids(msb.found, &k);
	if (k.n != 1)
		return false;
	a = spelled_text(x, k.c[0]);
	b = spelled_text(x, k.c[0]);
	get_kids(lsb.found, &k);
	if (k.n != 1)
		return false;
	b = spelled_text(x, k.c[0]);
	if (!a || !b || strcmp(a, b) || !is_regfield_type(x, clang_getCursorType(k.c[0])))
		return false;
	memset(r, 0, sizeof(*r));
	fref_of(x, k.c[0], false, r);
	return r->var || r->alias || r->type || r->inline_field;
}

/* A comparison with a field's register mask as the limit: `val > GENMASK(f.msb, f.lsb)`. */
static void maxmask_compare(struct ex *x, CXCursor cmp)
{
	struct kids k;

	get_kids(cmp, &k);
	if (k.n != 2)
		return;
	for (int i = 0; i < 2; i++) {
		CXCursor s = strip(k.c[i]);
		struct rml_fref r;
		bool found = false;

		if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
			const char *var = usr_of(x, clang_getCursorReferenced(s));

			for (int g = 0; g < x->fn.ngm && !found; g++)
				if (!strcmp(x->fn.gm[g].var, var)) {
					r = x->fn.gm[g].field;
					found = true;
				}
		} else {
			found = genmask_of_field(x, s, &r);
		}
		if (found) {
			struct rml_maxmask *mm = rml_arena_alloc(x->a, sizeof(*mm));

			mm->loc = cursor_loc(x, cmp);
			mm->func = x->fn.usr;
			mm->field = r;
			mm->limited = spelled_text(x, k.c[1 - i]);
			rml_ptrvec_push(&x->f->maxmasks, mm);
			return;
		}
	}
}

/* `max = GENMASK(f.msb, f.lsb);` into a local, for comparisons further down. */
static void maxmask_local(struct ex *x, CXCursor var, CXCursor init)
{
	struct rml_fref r;

	if (x->fn.ngm >= (int)RML_ARRAY_SIZE(x->fn.gm) || !genmask_of_field(x, strip(init), &r))
		return;
	x->fn.gm[x->fn.ngm].var = usr_of(x, var);
	x->fn.gm[x->fn.ngm++].field = r;
}

/*
 * Is the cursor being walked in an operand that is not evaluated: sizeof, alignof, or a
 * type (ARRAY_SIZE()'s __must_be_array() takes &(a)[0] inside sizeof(struct {...}))?
 */
static bool unevaluated(const struct ex *x)
{
	for (int i = x->fn.depth - 1; i >= 0; i--) {
		enum CXCursorKind k = clang_getCursorKind(x->fn.stack[i]);

		if (k == CXCursor_UnaryExpr || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
		    k == CXCursor_FieldDecl)
			return true;
		if (clang_isStatement(k) && k != CXCursor_StmtExpr)
			return false;	/* a statement of the function itself */
	}
	return false;
}

/* Does c assign its first operand (k->c[0]) or take its address? */
static bool writes_operand(CXCursor c, struct kids *k)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
			return false;
		break;
	case CXCursor_CompoundAssignOperator:
		break;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
		case CXUnaryOperator_AddrOf:
			break;
		default:
			return false;
		}
		break;
	default:
		return false;
	}
	get_kids(c, k);
	return k->n >= 1;
}

/*
 * A write into a local that holds reg_field values (op: the assignment, ++, or &): `v.lsb =
 * 3` sets one part of the single field v; any other write, or its address taken, may set
 * anything in it.
 */
static void local_written(struct ex *x, CXCursor op, CXCursor lhs, CXCursor rhs)
{
	CXCursor s = strip(lhs), ref;
	int part = -1, n, li;
	struct kids k;

	if (!x->fn.nlocals)
		return;
	if (clang_getCursorKind(s) == CXCursor_MemberRefExpr) {
		get_kids(s, &k);
		if (k.n == 1 && clang_getCursorKind(strip(k.c[0])) == CXCursor_DeclRefExpr &&
		    is_regfield_type(x, clang_getCursorType(strip(k.c[0]))))
			part = part_of_member(cxstr(x, clang_getCursorSpelling(
							       clang_getCursorReferenced(s))));
	}
	while (clang_getCursorKind(s) == CXCursor_MemberRefExpr ||
	       clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
		get_kids(s, &k);
		if (!k.n)
			return;
		if (clang_getCursorKind(s) == CXCursor_MemberRefExpr &&
		    clang_getCanonicalType(clang_getCursorType(strip(k.c[0]))).kind == CXType_Pointer)
			return;	/* p->m: not the local's own storage */
		s = strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return;
	ref = clang_getCursorReferenced(s);
	for (li = 0; li < x->fn.nlocals; li++)
		if (clang_equalCursors(x->fn.locals[li].var, ref))
			break;
	if (li == x->fn.nlocals)
		return;
	n = x->fn.nlwrites;
	if (n == (int)RML_ARRAY_SIZE(x->fn.lwrites)) {
		x->fn.lwrites_lost = true;
		return;
	}
	x->fn.lwrites[n].var = ref;
	x->fn.lwrites[n].part = clang_getCursorKind(op) == CXCursor_BinaryOperator ? part : -1;
	x->fn.lwrites[n].value = clang_Cursor_isNull(rhs) ? rml_ce_unknown("changed in place") :
							 eval_top(x, rhs);
	x->fn.lwrites[n].loc = cursor_loc(x, op);
	x->fn.lwrites[n].direct = x->fn.depth > 0 &&
			       clang_equalCursors(x->fn.stack[x->fn.depth - 1], x->fn.locals[li].block);
	x->fn.nlwrites++;
}

/*
 * The function's walk is over: a part of a local reg_field that the code sets is what it
 * is set to when that is one constant, set by a statement of the block the local is
 * declared in, before every allocation of it (so on every path to them); otherwise it is
 * not known. Anything else written into a local table makes all of it unknown.
 */
static void locals_settle(struct ex *x, size_t nallocs)
{
	for (int li = 0; li < x->fn.nlocals; li++) {
		CXCursor var = x->fn.locals[li].var;

		for (size_t ti = x->fn.locals[li].t0; ti < x->fn.locals[li].t1; ti++) {
			struct rml_table *t = x->f->tables.p[ti];

			for (size_t fi = 0; fi < t->nfields; fi++) {
				struct rml_field *fld = t->fields[fi];

				for (int p = 0; p < RML_NPART; p++) {
					const char *why = NULL;
					int hit = -1, nhit = 0;

					for (int w = 0; w < x->fn.nlwrites; w++) {
						if (!clang_equalCursors(x->fn.lwrites[w].var, var))
							continue;
						if (x->fn.lwrites[w].part == p ||
						    x->fn.lwrites[w].part < 0 || t->kind != RML_TBL_SINGLE) {
							hit = w;
							nhit++;
						}
					}
					if (x->fn.lwrites_lost)
						why = "too many writes into local reg_fields to follow";
					else if (!nhit)
						continue;
					else if (nhit > 1 || x->fn.lwrites[hit].part != p ||
						 !x->fn.lwrites[hit].direct || !x->fn.lwrites[hit].value.known)
						why = "set at run time";
					for (size_t a = nallocs; !why && a < x->f->allocs.n; a++) {
						const struct rml_alloc *al = x->f->allocs.p[a];
						const struct rml_loc *wl = &x->fn.lwrites[hit].loc;

						if (al->src.var && !strcmp(al->src.var, t->var) &&
						    (al->loc.line < wl->line ||
						     (al->loc.line == wl->line && al->loc.col < wl->col)))
							why = "set at run time, after an allocation";
					}
					if (why) {
						fld->part[p] = rml_ce_unknown(why);
						rml_facts_unknown(x->f, &fld->loc,
								  rml_arena_printf(x->a, "field '%s' %s",
										   fld->name,
										   rml_part_names[p]),
								  why);
					} else {
						fld->part[p] = x->fn.lwrites[hit].value;
					}
					if (p == RML_REG)
						fld->reg_text = NULL;
					if (p == RML_LSB || p == RML_MSB)
						fld->width_sym = 0;
				}
			}
		}
	}
}

/* `p = ...`, `p += ...`, `p++`, `&p` on a parameter p: what the caller gave is not kept. */
static void param_modified(struct ex *x, CXCursor lhs)
{
	CXCursor s = strip(lhs);
	struct kids k;
	int p;

	/* fdesc.msb = ...: a part of a parameter given by value */
	while (clang_getCursorKind(s) == CXCursor_MemberRefExpr ||
	       clang_getCursorKind(s) == CXCursor_ArraySubscriptExpr) {
		get_kids(s, &k);
		if (!k.n || clang_getCanonicalType(clang_getCursorType(strip(k.c[0]))).kind ==
				    CXType_Pointer)
			return;	/* p->m, p[i]: what p points at, not p */
		s = strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return;
	p = param_index(x, clang_getCursorReferenced(s));
	if (p >= 0)
		x->fn.pmod |= UINT32_C(1) << p;
}

static void forget_modified(uint32_t pmod, struct rml_operand *o)
{
	if (o->kind == RML_OP_PARAM && (pmod >> o->param & 1)) {
		o->kind = RML_OP_UNKNOWN;
		o->param = -1;
	}
}

static void forget_modified_handle(uint32_t pmod, struct rml_handle *h)
{
	if (h->base_param >= 0 && (pmod >> h->base_param & 1)) {
		h->base_param = -1;	/* the handle (array) parameter is set to another */
		h->base = NULL;
		h->ix = RML_IX_UNKNOWN;
	}
	if (h->ix == RML_IX_PARAM && (pmod >> h->param & 1))
		h->ix = RML_IX_UNKNOWN;
}

/*
 * A function's walk is over: what its writes and calls take from a parameter the
 * function changes first (`ua_to_sel(val, &val)`, `fd++`) is not what the caller gives.
 */
static void params_settle(struct ex *x, size_t nwrites, size_t ncalls, size_t nallocs)
{
	uint32_t m = x->fn.pmod;

	if (!m)
		return;
	for (size_t i = nallocs; i < x->f->allocs.n; i++) {
		struct rml_alloc *al = x->f->allocs.p[i];

		if (al->src.by_param && (m >> (al->src.by_param - 1) & 1)) {
			al->src.by_param = 0;	/* fdesc.msb += ...: not the caller's field */
			al->src.why = "a parameter the function changes";
		}
	}
	for (size_t i = nwrites; i < x->f->writes.n; i++) {
		struct rml_write *w = x->f->writes.p[i];

		forget_modified(m, &w->value);
		forget_modified(m, &w->mask);
		forget_modified(m, &w->id);
		forget_modified_handle(m, &w->h);
	}
	for (size_t i = ncalls; i < x->f->calls.n; i++) {
		struct rml_call *c = x->f->calls.p[i];

		for (size_t a = 0; a < c->nargs; a++) {
			forget_modified(m, &c->args[a]);
			forget_modified_handle(m, &c->hargs[a]);
		}
	}
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned outer_block = x->block;
	struct kids k;

	(void)parent;
	if ((x->fn.nparams || x->fn.nlocals) && writes_operand(c, &k) && !unevaluated(x)) {
		param_modified(x, k.c[0]);
		local_written(x, c, k.c[0], k.n == 2 ? k.c[1] : clang_getNullCursor());
	}
	if (x->fn.ncopies && kind == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);

		for (int i = 0; i < x->fn.ncopies; i++)
			if (clang_equalCursors(x->fn.copies[i].var, ref)) {
				copy_use(x, c);
				break;
			}
	}
	switch (kind) {
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);

		handle_var(x, c);
		get_kids(c, &k);
		if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
			break;
		maxmask_local(x, c, k.c[k.n - 1]);
		if (is_regmap_ptr(t))
			regmap_assign(x, usr_of(x, c), k.c[k.n - 1]);
		else if (is_regfield_ptr(x, t))
			copy_track(x, c, regfield_ptr_assign(x, usr_of(x, c), k.c[k.n - 1], NULL));
		else if (is_config_ptr(t))
			config_ptr_assign(x, c, k.c[k.n - 1]);
		else if (is_handle_type(t) && !is_field_ptr(t) && x->fn.nharr < 16) {
			struct rml_handle a = handle_of(x, k.c[k.n - 1]);

			if (a.base && a.ix == RML_IX_NONE) {
				x->fn.harr[x->fn.nharr].var = usr_of(x, c);
				x->fn.harr[x->fn.nharr].kind = a.kind;
				x->fn.harr[x->fn.nharr++].base = a.base;
			}
		}
		break;
	}
	case CXCursor_CallExpr:
		handle_call(x, c);
		break;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(c)) {
		case CXBinaryOperator_LT:
		case CXBinaryOperator_GT:
		case CXBinaryOperator_LE:
		case CXBinaryOperator_GE:
			maxmask_compare(x, c);
			break;
		default:
			break;
		}
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
			CXType lt;
			CXCursor lhs;

			get_kids(c, &k);
			if (k.n != 2)
				break;
			lt = clang_getCursorType(k.c[0]);
			lhs = strip(k.c[0]);
			if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr)
				maxmask_local(x, clang_getCursorReferenced(lhs), k.c[1]);
			if (is_regmap_ptr(lt)) {
				regmap_assign(x, expr_key(x, k.c[0]), k.c[1]);
			} else if (is_field_ptr(lt)) {
				handle_copy(x, k.c[0], k.c[1]);
			} else if (is_regfield_ptr(x, lt)) {
				const char *key = regfield_ptr_key(x, k.c[0]);

				if (key)
					copy_track(x, clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ?
						       clang_getCursorReferenced(lhs) :
						       clang_getNullCursor(),
						   regfield_ptr_assign(x, key, k.c[1], NULL));
			} else if (is_config_ptr(lt) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
				config_ptr_assign(x, clang_getCursorReferenced(lhs), k.c[1]);
			}
		}
		break;
	case CXCursor_CompoundStmt:
		x->block = ++x->nblocks;
		break;
	default:
		/* an unbraced if/else branch is a block of its own */
		if (x->fn.depth && clang_getCursorKind(x->fn.stack[x->fn.depth - 1]) == CXCursor_IfStmt &&
		    clang_isStatement(kind))
			x->block = ++x->nblocks;
		break;
	}
	if (!g_stmt(x, c)) {
		if (x->fn.depth < MAX_STACK) {
			x->fn.stack[x->fn.depth++] = c;
			clang_visitChildren(c, body_visit, x);
			x->fn.depth--;
		} else {
			g_incomplete(x, "statements nested too deep");
		}
		g_post(x, c);
	}
	x->block = outer_block;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData data);

/* ---- repair (lone-file mode) ---------------------------------------------------------- */

struct rctx {
	struct ex *x;
	CXType t;
	bool cfg;	/* a regmap_config: keep only the widths */
};

#define MAX_RCTX 1024

struct rpool {
	struct rctx c[MAX_RCTX];
	unsigned n;
};

static struct rctx *rctx_new(struct rctx *parent, CXType t)
{
	struct rpool *pool = (struct rpool *)((char *)parent->x->rcpool);

	if (pool->n == MAX_RCTX)
		return NULL;
	pool->c[pool->n] = (struct rctx){ parent->x, clang_getCanonicalType(t), false };
	return &pool->c[pool->n++];
}

struct find_member {
	const char *name;
	size_t len;
	CXCursor found;
	bool ok;
};

static enum CXVisitorResult find_member_cb(CXCursor c, CXClientData data)
{
	struct find_member *fm = data;
	CXString s = clang_getCursorSpelling(c);
	const char *n = clang_getCString(s);
	bool eq = n && strlen(n) == fm->len && !strncmp(n, fm->name, fm->len);

	clang_disposeString(s);
	if (!eq)
		return CXVisit_Continue;
	fm->found = c;
	fm->ok = true;
	return CXVisit_Break;
}

static enum rml_keep oracle_member(void *ctx, const char *name, size_t len, void **sub)
{
	static const char *const widths[] = { "reg_bits", "val_bits", "reg_stride", "max_register" };
	struct rctx *r = ctx;
	struct find_member fm = { name, len, clang_getNullCursor(), false };
	CXType mt;

	if (r->cfg) {
		for (size_t i = 0; i < RML_ARRAY_SIZE(widths); i++)
			if (strlen(widths[i]) == len && !strncmp(widths[i], name, len))
				return RML_KEEP;
		return RML_BLANK;
	}
	if (clang_getCanonicalType(r->t).kind != CXType_Record)
		return RML_KEEP;
	visit_fields(r->t, find_member_cb, &fm);
	if (!fm.ok)
		return RML_BLANK;
	mt = clang_getCursorType(fm.found);
	if (is_regfield_type(r->x, mt))
		return RML_KEEP;
	if (!type_has_regfield(r->x, mt, 0))
		return RML_BLANK;
	*sub = rctx_new(r, mt);
	return *sub ? RML_RECURSE : RML_KEEP;
}

static enum rml_keep oracle_element(void *ctx, void **sub)
{
	struct rctx *r = ctx;
	CXType et;

	if (!is_array(r->t))
		return RML_KEEP;
	et = elem_type(r->t);
	if (is_regfield_type(r->x, et) || !type_has_regfield(r->x, et, 0))
		return RML_KEEP;
	*sub = rctx_new(r, et);
	return *sub ? RML_RECURSE : RML_KEEP;
}

static const struct rml_repair_oracle oracle = { oracle_member, oracle_element };

static struct rml_repaired *repaired_of(struct ex *x, struct file_info *fi)
{
	for (size_t i = 0; i < x->nrep; i++)
		if (!strcmp(x->rep[i].name, fi->name))
			return &x->rep[i];
	x->rep = rml_xrealloc(x->rep, (x->nrep + 1) * sizeof(*x->rep));
	x->rep[x->nrep].name = rml_xstrdup(fi->name);
	x->rep[x->nrep].text = rml_xmalloc(fi->len + 1);
	memcpy(x->rep[x->nrep].text, fi->text, fi->len);
	x->rep[x->nrep].text[fi->len] = '\0';
	x->rep[x->nrep].len = fi->len;
	x->rep[x->nrep].nblanked = 0;
	x->rep[x->nrep].voids = (struct rml_repair_voids){ 0 };
	return &x->rep[x->nrep++];
}

/*
 * The compiler errors of the translation unit, read when a repair first needs them: libclang
 * builds its diagnostic set on the first question (a lone file has hundreds of errors, about
 * 5% of its whole run), and most files never get this far. False when there is none: a file
 * without errors is never repaired.
 */
static bool read_errs(struct ex *x)
{
	unsigned nd;

	if (x->errs_read)
		return x->nerrs > 0;
	x->errs_read = true;
	nd = clang_getNumDiagnostics(x->tu);
	x->errs = rml_xcalloc(nd + 1, sizeof(*x->errs));
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(x->tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			unsigned off;

			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &x->errs[x->nerrs].file, NULL, NULL, &off);
			x->errs[x->nerrs++].off = off;
		}
		clang_disposeDiagnostic(d);
	}
	return x->nerrs > 0;
}

static void repair_var(struct ex *x, CXCursor var);
static void repair_struct(struct ex *x, CXCursor decl);

/*
 * An initialiser clang kept but could not type (it refers to a declaration that is
 * invalid without the kernel's headers): its designators name no member, so it is as
 * good as dropped.
 */
static bool is_dependent_init(CXCursor init)
{
	for (int i = 0; i < 4; i++) {
		enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(init)).kind;
		struct kids k;

		if (clang_getCursorKind(init) == CXCursor_InitListExpr)
			return tk != CXType_Record && tk != CXType_ConstantArray &&
			       tk != CXType_IncompleteArray;
		if (tk == CXType_Dependent)
			return true;
		get_kids(init, &k);
		if (k.n != 1)
			return false;
		init = k.c[0];
	}
	return false;
}

/* A table or config whose initialiser clang dropped: blank what cannot hold a reg_field. */
static void repair_var(struct ex *x, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct rpool pool;
	struct rctx root = { x, clang_getCanonicalType(t), false };
	struct file_info *fi;
	struct rml_repaired *rep;
	CXFile file;
	unsigned off;
	size_t *errs, nerrs = 0;
	long open;
	struct kids k;
	int n;

	get_kids(var, &k);
	if (k.n && clang_isExpression(clang_getCursorKind(k.c[k.n - 1])) &&
	    !is_dependent_init(k.c[k.n - 1]))
		return;	/* it has its initialiser */
	root.cfg = is_record_named(t, "regmap_config");
	if ((!root.cfg && !type_has_regfield(x, t, 0)) || !read_errs(x))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(var), &file, NULL, NULL, &off);
	if (!file)
		return;
	fi = file_info(x, file);
	if (!file_text(x, fi))
		return;
	rep = repaired_of(x, fi);
	open = rml_repair_find_init(rep->text, rep->len, off);
	if (open < 0)
		return;
	errs = rml_xcalloc(x->nerrs + 1, sizeof(*errs));
	for (size_t i = 0; i < x->nerrs; i++)
		if (x->errs[i].file == file)
			errs[nerrs++] = x->errs[i].off;
	pool.n = 0;
	x->rcpool = &pool;
	n = rml_repair_init(rep->text, rep->len, (size_t)open, &oracle, &root, errs, nerrs,
			    &rep->voids);
	x->rcpool = NULL;
	free(errs);
	if (n > 0)
		rep->nblanked += (unsigned)n;
}

struct repair_fields {
	struct ex *x;
	CXFile file;
	struct rml_repaired *rep;
};

static enum CXChildVisitResult repair_field_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	struct repair_fields *rf = data;
	struct ex *x = rf->x;
	CXSourceRange r;
	CXFile f1, f2;
	unsigned s, e;
	bool err = false;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl ||
	    type_has_regfield(x, clang_getCursorType(c), 0))
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (f1 != rf->file || f2 != rf->file || e < s || e > rf->rep->len)
		return CXChildVisit_Continue;
	for (size_t i = 0; i < x->nerrs && !err; i++)
		err = x->errs[i].file == rf->file && x->errs[i].off >= s && x->errs[i].off <= e;
	if (!err)
		return CXChildVisit_Continue;
	/* blank the declaration up to its ';', if nothing but the declarator lies between */
	while (e < rf->rep->len && rf->rep->text[e] != ';' && rf->rep->text[e] != '\n' &&
	       rf->rep->text[e] != '}')
		e++;
	if (e >= rf->rep->len || rf->rep->text[e] != ';')
		return CXChildVisit_Continue;
	for (unsigned i = s; i <= e; i++)
		if (rf->rep->text[i] != '\n')
			rf->rep->text[i] = ' ';
	rf->rep->nblanked++;
	return CXChildVisit_Continue;
}

/*
 * A struct of the driver with a member of a type we do not bundle is invalid for clang,
 * and so is every initialiser of it: blank such members (none that holds a reg_field).
 */
static void repair_struct(struct ex *x, CXCursor decl)
{
	struct repair_fields rf = { x, NULL, NULL };
	unsigned off;

	if (!type_has_regfield(x, clang_getCursorType(decl), 0) || !read_errs(x))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &rf.file, NULL, NULL, &off);
	if (!rf.file || !file_text(x, file_info(x, rf.file)))
		return;
	rf.rep = repaired_of(x, file_info(x, rf.file));
	clang_visitChildren(decl, repair_field_cb, &rf);
}

size_t rml_extract_repairs(CXTranslationUnit tu, struct rml_facts *facts, struct rml_repaired **out)
{
	struct ex x = { .tu = tu, .f = facts, .a = &facts->arena, .repairing = true,
			.elem = -1 };
	CXFile main = clang_getFile(tu, facts->main_file);
	size_t o = 0;

	if (main)
		file_info(&x, main)->own = true;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_visit, &x);
	/* keep only the files that changed */
	for (size_t i = 0; i < x.nrep; i++) {
		if (x.rep[i].nblanked || x.rep[i].voids.n)
			x.rep[o++] = x.rep[i];
		else
			rml_repaired_free(&x.rep[i], 1), x.rep[i].name = NULL;
	}
	free(x.files);
	free(x.rcache);
	free(x.errs);
	if (!o) {
		free(x.rep);
		x.rep = NULL;
	}
	*out = x.rep;
	return o;
}

void rml_repaired_free(struct rml_repaired *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(r[i].name);
		free(r[i].text);
		free(r[i].voids.off);
	}
}

static bool is_api_decl(struct ex *x, CXCursor c)
{
	const char *n = cxstr(x, clang_getCursorSpelling(c));

	return rml_api_lookup(n) != NULL;
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_InclusionDirective) {
		note_inclusion(x, c);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_MacroExpansion || kind == CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	if (!is_own(x, c))
		return CXChildVisit_Continue;
	if (x->repairing) {
		if (kind == CXCursor_VarDecl)
			repair_var(x, c);
		else if (kind == CXCursor_StructDecl && clang_isCursorDefinition(c))
			repair_struct(x, c);
		return CXChildVisit_Continue;
	}
	switch (kind) {
	case CXCursor_VarDecl:
		handle_var(x, c);
		break;
	case CXCursor_FunctionDecl: {
		size_t nwrites = x->f->writes.n, ncalls = x->f->calls.n, nallocs = x->f->allocs.n;

		if (!clang_isCursorDefinition(c) || is_api_decl(x, c))
			break;
		x->fn = (struct ex_fn){ 0 };
		x->fn.name = cxstr(x, clang_getCursorSpelling(c));
		x->fn.usr = usr_of(x, c);
		for (int i = 0; i < clang_Cursor_getNumArguments(c) &&
				i < (int)RML_ARRAY_SIZE(x->fn.params); i++)
			x->fn.params[x->fn.nparams++] = clang_Cursor_getArgument(c, (unsigned)i);
		g_begin(x);
		clang_visitChildren(c, body_visit, x);
		g_end(x, c);
		params_settle(x, nwrites, ncalls, nallocs);
		locals_settle(x, nallocs);
		x->fn = (struct ex_fn){ 0 };
		break;
	}
	default:
		break;
	}
	return CXChildVisit_Continue;
}

void rml_extract(CXTranslationUnit tu, struct rml_facts *facts)
{
	struct ex x = { .tu = tu, .f = facts, .a = &facts->arena, .elem = -1 };
	CXFile main = clang_getFile(tu, facts->main_file);

	if (main)
		file_info(&x, main)->own = true;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_visit, &x);
	free(x.files);
	free(x.rcache);
	free(x.gbuf.n);
	free(x.gbuf.npred);
	free(x.gbuf.e);
	free(x.gbuf.loops);
	free(x.gbuf.labels);
	free(x.gbuf.pend);
}
