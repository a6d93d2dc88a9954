/*
 * extract/aliases.c: pointers to tables and to configs: a pointer set to a table (or to a
 * variant's table member), a pointer set to a kmemdup() copy of a table and what is done
 * through it, a local regmap_config pointer set to a config.
 */
#include "ex.h"

#include <limits.h>
#include <string.h>

/*
 * The key of a pointer to reg_fields being assigned (s, stripped), as ex_fref_of() names
 * it where it is read: a variable's USR, or "<struct USR>#<member>" for a member (any
 * object of that type: `priv->fields = data->fields` sets what every `p->fields[i]` reads).
 */
const char *ex_param_table_key(struct ex *x, const char *fn_usr, int k)
{
	return rml_arena_printf(x->a, "%s#arg%d", fn_usr, k);
}

const char *ex_regfield_ptr_key(struct ex *x, CXCursor s)
{
	CXCursor ref;

	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		int pi;

		ref = clang_getCursorReferenced(s);
		pi = clang_getCursorKind(ref) == CXCursor_ParmDecl && x->fn.usr ?
		     ex_param_index(x, ref) : -1;
		if (pi >= 0)
			return ex_param_table_key(x, x->fn.usr, pi);
		return ex_expr_key(x, s);
	}
	if (clang_getCursorKind(s) != CXCursor_MemberRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(s);
	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return NULL;
	return rml_arena_printf(x->a, "%s#%s",
				ex_record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref))),
				ex_cxstr(x, clang_getCursorSpelling(ref)));
}

/*
 * kmemdup(tbl, sizeof(tbl), gfp) / devm_kmemdup(dev, tbl, sizeof(tbl), gfp) of a table
 * variable, whole: the table (its DeclRefExpr); else a null cursor.
 */
static CXCursor table_copied(struct ex *x, CXCursor call)
{
	const char *n = ex_func_name(x, call);
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
	s = ex_strip_more(clang_Cursor_getArgument(call, (unsigned)src));
	if (clang_getCursorKind(s) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		struct kids k;

		ex_get_kids(s, &k);	/* &tbl[0] */
		if (k.n != 1 || clang_getCursorKind(ex_strip(k.c[0])) != CXCursor_ArraySubscriptExpr)
			return clang_getNullCursor();
		ex_get_kids(ex_strip(k.c[0]), &k);
		if (k.n != 2 || !ex_eval_top(x, k.c[1]).known || ex_eval_top(x, k.c[1]).v != 0)
			return clang_getNullCursor();
		s = ex_strip(k.c[0]);
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	var = clang_getCursorReferenced(s);
	t = clang_getCanonicalType(clang_getCursorType(var));
	if (clang_getCursorKind(var) != CXCursor_VarDecl || t.kind != CXType_ConstantArray ||
	    !ex_is_regfield_type(x, clang_getArrayElementType(t)))
		return clang_getNullCursor();
	/* the whole table: a shorter copy is not the table */
	len = ex_eval_top(x, clang_Cursor_getArgument(call, (unsigned)src + 1));
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
	CXCursor s = ex_strip(e);
	struct kids k;

	while (clang_getCursorKind(s) == CXCursor_CStyleCastExpr && depth < 8) {
		ex_get_kids(s, &k);
		if (!k.n)
			break;
		s = ex_strip(k.c[k.n - 1]);
	}
	if (clang_getCursorKind(s) == CXCursor_CallExpr || depth >= 8)
		return s;
	if (clang_getCursorKind(s) != CXCursor_StmtExpr)
		return s;
	ex_get_kids(s, &k);
	if (k.n != 1 || clang_getCursorKind(k.c[0]) != CXCursor_CompoundStmt)
		return s;
	ex_get_kids(k.c[0], &k);
	for (unsigned i = 0; i < k.n; i++) {
		CXCursor st = k.c[i], c;
		struct kids d;

		if (clang_getCursorKind(st) == CXCursor_DeclStmt) {
			ex_get_kids(st, &d);	/* typeof(x) _res = kmemdup_noprof(...); */
			if (d.n != 1 || clang_getCursorKind(d.c[0]) != CXCursor_VarDecl)
				continue;
			ex_get_kids(d.c[0], &d);
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

/*
 * `const struct reg_field *t = foo_fields;` / `= variant->fields;` / `= kmemdup(foo_fields,
 * ...)` (and the same assigned): the alias made, or NULL.
 */
struct rml_falias *ex_field_alias(struct ex *x, const char *from, CXCursor src,
				  const char *variant)
{
	CXCursor s = ex_strip_more(src), call = alloc_call(src, 0);
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
		ex_get_kids(s, &kk);
		if (kk.n == 1 && clang_getCursorKind(ex_strip(kk.c[0])) == CXCursor_DeclRefExpr &&
		    ex_is_regfield_type(x, clang_getCursorType(ex_strip(kk.c[0])))) {
			s = ex_strip(kk.c[0]);
			k = CXCursor_DeclRefExpr;
			goto named;
		}
		if (kk.n != 1 || clang_getCursorKind(ex_strip(kk.c[0])) != CXCursor_ArraySubscriptExpr)
			return NULL;
		ex_get_kids(ex_strip(kk.c[0]), &kk);
		if (kk.n != 2 || !ex_eval_top(x, kk.c[1]).known || ex_eval_top(x, kk.c[1]).v != 0)
			return NULL;
		s = ex_strip(kk.c[0]);
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
	if (k == CXCursor_DeclRefExpr && !copy &&
	    ex_is_regfield_ptr(x, clang_getCursorType(clang_getCursorReferenced(s))) &&
	    !ex_is_array(clang_getCursorType(clang_getCursorReferenced(s)))) {
		/* another pointer to tables (a local, a parameter): what it is set to */
		fa->to_alias = ex_regfield_ptr_key(x, s);
		if (!fa->to_alias)
			return NULL;
	} else if (k == CXCursor_DeclRefExpr) {
		fa->to_var = ex_usr_of(x, clang_getCursorReferenced(s));
	} else {
		CXCursor ref = clang_getCursorReferenced(s);

		if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
			return NULL;
		fa->to_type = ex_record_key(x, clang_getCursorType(clang_getCursorSemanticParent(ref)));
		fa->to_member = ex_cxstr(x, clang_getCursorSpelling(ref));
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

/* What a use of a pointer to a table copy is, as far as one ancestor of it tells. */
enum copy_step {
	COPY_UP,	/* not known yet: the next ancestor tells */
	COPY_KEPT,	/* the copy stays as it is */
	COPY_CHANGED,	/* it may change */
};

/* p++, p--, &p, *p, !p (p: the pointer, or an element or member of what it points at). */
static enum copy_step copy_unary(CXCursor p, bool *deref, const char **member)
{
	switch (clang_getCursorUnaryOperatorKind(p)) {
	case CXUnaryOperator_Deref:
		*deref = true;
		return COPY_UP;
	case CXUnaryOperator_LNot:
		return COPY_KEPT;
	case CXUnaryOperator_AddrOf:
		if (!*deref)
			return COPY_CHANGED;	/* &regs */
		/* &regs[i] or &regs->lsb: fine only as an argument of the API */
		*deref = false;
		*member = NULL;
		return COPY_UP;
	default:	/* ++, -- */
		return *deref && *member && !strcmp(*member, "reg") ? COPY_KEPT : COPY_CHANGED;
	}
}

/* An assignment, op=, or another binary operator with cur (what is used) an operand. */
static enum copy_step copy_binary(CXCursor p, CXCursor cur, bool deref, const char *member)
{
	struct kids k;

	ex_get_kids(p, &k);
	if (clang_getCursorKind(p) == CXCursor_CompoundAssignOperator ||
	    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Assign) {
		/* regs = ..., regs[i].reg = ... */
		if (k.n == 2 && clang_equalCursors(k.c[0], cur))
			return !deref || (member && !strcmp(member, "reg")) ? COPY_KEPT :
									     COPY_CHANGED;
		/* a value read out of the copy, or the pointer kept elsewhere */
		return deref ? COPY_KEPT : COPY_CHANGED;
	}
	if (deref || clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_EQ ||
	    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_NE)
		return COPY_KEPT;
	return COPY_CHANGED;	/* pointer arithmetic */
}

/* A call with cur (what is used) an argument. */
static enum copy_step copy_call(struct ex *x, CXCursor p, CXCursor cur, bool deref)
{
	const char *n = ex_func_name(x, p);
	CXCursor callee = clang_getCursorReferenced(p);
	int nargs = clang_Cursor_getNumArguments(p);

	if (deref || rml_api_lookup(n) || is_free_name(n))
		return COPY_KEPT;
	for (int a = 0; a < nargs; a++) {
		CXType pt;

		if (!clang_equalCursors(clang_Cursor_getArgument(p, (unsigned)a), cur))
			continue;
		pt = clang_getCanonicalType(clang_getArgType(clang_getCursorType(callee),
							     (unsigned)a));
		if (pt.kind == CXType_Pointer &&
		    clang_isConstQualifiedType(clang_getPointeeType(pt)))
			return COPY_KEPT;	/* const struct reg_field *: read only */
	}
	return COPY_CHANGED;
}

/* Ancestor p of cur (the use, or what holds it); deref: through the pointer already. */
static enum copy_step copy_step(struct ex *x, CXCursor p, CXCursor cur, bool *deref,
				const char **member)
{
	struct kids k;

	switch (clang_getCursorKind(p)) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
		return COPY_UP;
	case CXCursor_ArraySubscriptExpr:
		ex_get_kids(p, &k);
		if (k.n != 2 || !clang_equalCursors(k.c[0], cur))
			return COPY_KEPT;	/* used as an index */
		*deref = true;
		return COPY_UP;
	case CXCursor_MemberRefExpr:
		*deref = true;	/* p->m, p[i].m */
		*member = ex_cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(p)));
		return COPY_UP;
	case CXCursor_UnaryOperator:
		return copy_unary(p, deref, member);
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		return copy_binary(p, cur, *deref, *member);
	case CXCursor_CallExpr:
		return copy_call(x, p, cur, *deref);
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
		return COPY_KEPT;	/* a test of the pointer */
	default:
		return *deref ? COPY_KEPT : COPY_CHANGED;	/* a value read out of the copy */
	}
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
	CXCursor cur = c;
	const char *member = NULL;
	bool deref = false;
	enum copy_step step = COPY_CHANGED;

	for (int i = x->fn.depth - 1; i >= 0; cur = x->fn.stack[i--]) {
		step = copy_step(x, x->fn.stack[i], cur, &deref, &member);
		if (step != COPY_UP)
			break;
	}
	if (step != COPY_KEPT)
		copy_changed(x, clang_getCursorReferenced(c));
}

/*
 * `cfg = &foo_regmap_config;` for a local config pointer, in this block; set to anything
 * else (&configs[i], a parameter), an alias to no config: the pointer's configs are then
 * not all known.
 */
static void config_alias(struct ex *x, CXCursor var, CXCursor src)
{
	CXCursor ref = ex_unary_operand(ex_strip_more(src), CXUnaryOperator_AddrOf,
					CXCursor_DeclRefExpr);
	struct rml_cfgalias *ca;

	if (clang_Cursor_isNull(src))
		return;	/* a declaration without an initialiser */
	ca = rml_arena_alloc(x->a, sizeof(*ca));
	ca->var = ex_usr_of(x, var);
	if (!clang_Cursor_isNull(ref)) {
		ca->cfg_name = ex_cxstr(x, clang_getCursorSpelling(ref));
		ca->cfg_var = ex_usr_of(x, clang_getCursorReferenced(ref));
	}
	ca->block = x->block;
	rml_ptrvec_push(&x->f->cfgaliases, ca);
}

void ex_regfield_ptr_decl(struct ex *x, CXCursor var, CXCursor init)
{
	if (ex_is_regfield_ptr(x, clang_getCursorType(var)))
		copy_track(x, var, ex_field_alias(x, ex_usr_of(x, var), init, NULL));
}

void ex_regfield_ptr_assign(struct ex *x, const struct ex_write *wr)
{
	const char *key;

	if (!ex_is_regfield_ptr(x, clang_getCursorType(wr->lhs)))
		return;
	key = ex_regfield_ptr_key(x, wr->target);
	if (key)
		copy_track(x, clang_getCursorKind(wr->target) == CXCursor_DeclRefExpr ?
			   clang_getCursorReferenced(wr->target) : clang_getNullCursor(),
			   ex_field_alias(x, key, wr->rhs, NULL));
}

void ex_config_ptr_decl(struct ex *x, CXCursor var, CXCursor init)
{
	if (ex_is_config_ptr(clang_getCursorType(var)))
		config_alias(x, var, init);
}

void ex_config_ptr_assign(struct ex *x, const struct ex_write *wr)
{
	if (ex_is_config_ptr(clang_getCursorType(wr->lhs)) &&
	    clang_getCursorKind(wr->target) == CXCursor_DeclRefExpr)
		config_alias(x, clang_getCursorReferenced(wr->target), wr->rhs);
}

/* A DeclRefExpr: a use of a pointer to a table copy is followed. */
void ex_copy_ref(struct ex *x, CXCursor c)
{
	CXCursor ref;

	if (!x->fn.ncopies)
		return;
	ref = clang_getCursorReferenced(c);
	for (int i = 0; i < x->fn.ncopies; i++)
		if (clang_equalCursors(x->fn.copies[i].var, ref)) {
			copy_use(x, c);
			return;
		}
}

/*
 * `ocelot_regfields_init(ocelot, vsc7514_regfields)`, `foo_alloc(priv, info->fields)`: a
 * table, or a pointer to tables, given to a function's pointer-to-reg_fields parameter,
 * whatever file defines the function. Where that function reads `param[i]`, it reads the
 * tables given (ex_param_table_key()); a function of the regmap_field API is not one.
 */
void ex_table_args(struct ex *x, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	const char *usr;
	int n = clang_Cursor_getNumArguments(call);

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || n <= 0 ||
	    rml_api_lookup(ex_func_name(x, call)))
		return;
	usr = NULL;
	for (int i = 0; i < n; i++) {
		CXType pt = clang_getArgType(clang_getCursorType(callee), (unsigned)i);
		struct rml_falias *fa;

		if (pt.kind == CXType_Invalid || !ex_is_regfield_ptr(x, pt))
			continue;
		if (!usr)
			usr = ex_usr_of(x, callee);
		fa = ex_field_alias(x, ex_param_table_key(x, usr, i),
				    clang_Cursor_getArgument(call, (unsigned)i), NULL);
		if (fa)
			fa->block = UINT_MAX;	/* not a probe's branch: pairs with no config */
	}
}
