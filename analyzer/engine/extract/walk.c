/*
 * extract/walk.c: the walk itself: the translation unit's own declarations, and each
 * function body cursor by cursor, handing each cursor to the collectors of facts and to
 * the control-flow builder. rml_extract() is here.
 */
#include "ex.h"

#include <stdlib.h>

/*
 * Is the cursor being walked in an operand that is not evaluated: sizeof, alignof, or a
 * type (ARRAY_SIZE()'s __must_be_array() takes &(a)[0] inside sizeof(struct {...}))?
 */
bool ex_unevaluated(const struct ex *x)
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

/* The kind of write c is (by its operator); false when it is none. */
static bool write_kind(CXCursor c, enum CXCursorKind kind, enum ex_write_kind *wk)
{
	switch (kind) {
	case CXCursor_BinaryOperator:
		*wk = EX_W_ASSIGN;
		return clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
	case CXCursor_CompoundAssignOperator:
		*wk = EX_W_COMPOUND;
		return true;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
			*wk = EX_W_INCDEC;
			return true;
		case CXUnaryOperator_AddrOf:
			*wk = EX_W_ADDR;
			return true;
		default:
			return false;
		}
	default:
		return false;
	}
}

/* The write c is (of kind wk): false when it has no operand. */
static bool write_of(CXCursor c, enum ex_write_kind wk, struct ex_write *wr)
{
	struct kids k;

	ex_get_kids(c, &k);
	if (!k.n)
		return false;
	wr->kind = wk;
	wr->op = c;
	wr->lhs = k.c[0];
	wr->rhs = k.n == 2 ? k.c[1] : clang_getNullCursor();
	wr->target = ex_strip(wr->lhs);
	return true;
}

/*
 * The initialiser of a variable: false when it has none. An array's size is an expression
 * child too (`struct reg_field tbl[F_MAX];`): an integer, which no array is initialised from.
 */
static bool var_init(CXCursor var, CXCursor *init)
{
	struct kids k;
	unsigned bits;
	bool sign;

	ex_get_kids(var, &k);
	if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
		return false;
	if (ex_is_array(clang_getCursorType(var)) &&
	    ex_type_int(clang_getCursorType(k.c[k.n - 1]), &bits, &sign))
		return false;
	*init = k.c[k.n - 1];
	return true;
}

/*
 * The collectors: what each cursor of a function body is looked at for, by the kind of
 * cursor, in this order (facts are kept in the order they are found, and the output
 * follows it). All but on_written run before the cursor's children are walked. These
 * lists are the one place a new fact's collector is added.
 */

/* A variable declared with an initialiser (var, init). */
static void (*const on_decl[])(struct ex *x, CXCursor var, CXCursor init) = {
	ex_regmap_table_decl,	/* a regmap_config, its ranges, defaults, access tables */
	ex_table_decl,		/* reg_field values: a table */
	ex_maxmask_decl,	/* max = GENMASK(f.msb, f.lsb) */
	ex_regmap_ptr_decl,	/* a regmap init, or another regmap */
	ex_regfield_ptr_decl,	/* a pointer to a table, or to a copy of one */
	ex_config_ptr_decl,	/* a pointer to a regmap_config */
	ex_handle_array_decl,	/* a pointer to a handle array */
};

/* A variable declared with no initialiser. */
static void (*const on_bare_decl[])(struct ex *x, CXCursor var) = {
	ex_rflocal_decl,	/* a local reg_field, to be filled member by member */
};

/* An assignment (lhs = rhs). */
static void (*const on_assign[])(struct ex *x, const struct ex_write *wr) = {
	ex_maxmask_assign,
	ex_regmap_ptr_assign,
	ex_handle_assign,	/* a handle copied from a local */
	ex_regfield_ptr_assign,
	ex_config_ptr_assign,
};

/* A comparison <, >, <= or >=. */
static void (*const on_compare[])(struct ex *x, CXCursor cmp) = {
	ex_maxmask_compare,
};

/* A call. */
static void (*const on_call[])(struct ex *x, CXCursor call) = {
	ex_handle_call,		/* inits, writes, allocations, the driver's calls, probes */
	ex_table_copied_into,	/* memcpy() into a table of static storage */
	ex_table_args,		/* a table given to a pointer-to-reg_fields parameter */
};

/* A DeclRefExpr. */
static void (*const on_ref[])(struct ex *x, CXCursor ref) = {
	ex_copy_ref,		/* a pointer to a table copy used */
	ex_rflocal_ref,		/* a local reg_field's member set, or the whole of it */
};

/*
 * Any write (=, op=, ++, --, &) before its operands are walked, in a function with
 * parameters or local tables, in code that is evaluated.
 */
static void (*const on_write[])(struct ex *x, const struct ex_write *wr) = {
	ex_param_modified,
	ex_local_written,
};

/* A write other than &, after its operands were walked. */
static void (*const on_written[])(struct ex *x, const struct ex_write *wr) = {
	ex_table_written,	/* a table of static storage changed */
	ex_config_written,	/* a regmap_config changed before its map is made */
};

/* A variable declared at file scope with an initialiser. */
static void (*const on_file_decl[])(struct ex *x, CXCursor var, CXCursor init) = {
	ex_regmap_table_decl,
	ex_table_decl,
};

/* The collectors of a cursor met before its children; wr: the write it is, or NULL. */
static void collect(struct ex *x, CXCursor c, enum CXCursorKind kind, const struct ex_write *wr)
{
	CXCursor init;
	size_t i;

	if (wr && (x->fn.nparams || x->fn.nlocals) && !ex_unevaluated(x))
		for (i = 0; i < RML_ARRAY_SIZE(on_write); i++)
			on_write[i](x, wr);
	switch (kind) {
	case CXCursor_DeclRefExpr:
		for (i = 0; i < RML_ARRAY_SIZE(on_ref); i++)
			on_ref[i](x, c);
		break;
	case CXCursor_VarDecl:
		if (var_init(c, &init))
			for (i = 0; i < RML_ARRAY_SIZE(on_decl); i++)
				on_decl[i](x, c, init);
		else
			for (i = 0; i < RML_ARRAY_SIZE(on_bare_decl); i++)
				on_bare_decl[i](x, c);
		break;
	case CXCursor_CallExpr:
		for (i = 0; i < RML_ARRAY_SIZE(on_call); i++)
			on_call[i](x, c);
		break;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(c)) {
		case CXBinaryOperator_LT:
		case CXBinaryOperator_GT:
		case CXBinaryOperator_LE:
		case CXBinaryOperator_GE:
			for (i = 0; i < RML_ARRAY_SIZE(on_compare); i++)
				on_compare[i](x, c);
			break;
		case CXBinaryOperator_Assign:
			if (wr && ex_write_sets(wr))
				for (i = 0; i < RML_ARRAY_SIZE(on_assign); i++)
					on_assign[i](x, wr);
			break;
		default:
			break;
		}
		break;
	default:
		break;
	}
}

/* The collectors of a cursor met after its children; wr: the write it is, or NULL. */
static void collect_after(struct ex *x, const struct ex_write *wr)
{
	if (wr && ex_write_sets(wr))
		for (size_t i = 0; i < RML_ARRAY_SIZE(on_written); i++)
			on_written[i](x, wr);
}

/*
 * A cursor of a function body: its facts, then its children (in the order control takes
 * them where the control-flow builder walks them), then its events.
 */
static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned outer_block = x->block;
	enum ex_write_kind wk;
	struct ex_write wrbuf, *wr = NULL;

	(void)parent;
	if (write_kind(c, kind, &wk) &&
	    (wk != EX_W_ADDR || x->fn.nparams || x->fn.nlocals) &&	/* & matters to on_write only */
	    write_of(c, wk, &wrbuf))
		wr = &wrbuf;
	collect(x, c, kind, wr);
	/* a block (and an unbraced if/else branch) is one for variant pairing */
	if (kind == CXCursor_CompoundStmt ||
	    (x->fn.depth && clang_getCursorKind(x->fn.stack[x->fn.depth - 1]) == CXCursor_IfStmt &&
	     clang_isStatement(kind)))
		x->block = ++x->nblocks;
	if (!ex_cfg_stmt(x, c)) {
		if (x->fn.depth < (int)RML_ARRAY_SIZE(x->fn.stack)) {
			ex_push(x, c);
			clang_visitChildren(c, body_visit, x);
			x->fn.depth--;
		} else {
			ex_cfg_incomplete(x, "statements nested too deep");
		}
		collect_after(x, wr);
		ex_cfg_post(x, c, wr);
	}
	x->block = outer_block;
	return CXChildVisit_Continue;
}

void ex_visit(struct ex *x, CXCursor c, CXCursor parent)
{
	body_visit(c, parent, x);
}

/* A function of the driver: its body walked, then what that walk settles. */
static void function_visit(struct ex *x, CXCursor fn)
{
	size_t nwrites = x->f->writes.n, ncalls = x->f->calls.n, nallocs = x->f->allocs.n;
	size_t nregcalls = x->f->regcalls.n;
	int n = clang_Cursor_getNumArguments(fn);

	/* x->fn is all zero: the walk starts so, and each function leaves it so */
	x->fn.name = ex_cxstr(x, clang_getCursorSpelling(fn));
	x->fn.usr = ex_usr_of(x, fn);
	for (int i = 0; i < n && i < (int)RML_ARRAY_SIZE(x->fn.params); i++)
		x->fn.params[x->fn.nparams++] = clang_Cursor_getArgument(fn, (unsigned)i);
	ex_cfg_begin(x);
	clang_visitChildren(fn, body_visit, x);
	ex_cfg_end(x, fn);
	ex_params_settle(x, nwrites, ncalls, nallocs, nregcalls);
	ex_locals_settle(x, nallocs);
	ex_rflocals_settle(x, fn, nallocs, ncalls);
	x->fn = (struct ex_fn){ 0 };
}

static bool is_api_decl(struct ex *x, CXCursor c)
{
	const char *n = ex_cxstr(x, clang_getCursorSpelling(c));

	return rml_api_lookup(n) != NULL;
}

/* A top-level cursor: only what the driver wrote is walked. */
static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor init;

	(void)parent;
	if (!ex_is_own(x, c))
		return CXChildVisit_Continue;
	if (x->repairing) {
		ex_repair_decl(x, c);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_VarDecl && var_init(c, &init)) {
		for (size_t i = 0; i < RML_ARRAY_SIZE(on_file_decl); i++)
			on_file_decl[i](x, c, init);
	} else if (kind == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
		   !is_api_decl(x, c)) {
		function_visit(x, c);
	}
	return CXChildVisit_Continue;
}

void ex_walk(struct ex *x, CXTranslationUnit tu, struct rml_facts *facts, bool repairing)
{
	/* the TU's own name: with stand-ins (--contents-from, stdin) a relative file is
	   parsed by its absolute name, which facts->main_file does not give */
	CXString spelling = clang_getTranslationUnitSpelling(tu);
	CXFile main = clang_getFile(tu, clang_getCString(spelling));

	*x = (struct ex){ .tu = tu, .f = facts, .a = &facts->arena, .elem = -1,
			  .repairing = repairing };
	clang_disposeString(spelling);
	if (main)
		ex_file_info(x, main)->own = true;
	ex_note_inclusions(x);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_visit, x);
	ex_sorted_only_for_regcache(x);
}

void ex_free(struct ex *x)
{
	free(x->files);
	free(x->rcache);
	free(x->errs);
	free(x->gbuf.n);
	free(x->gbuf.npred);
	free(x->gbuf.e);
	free(x->gbuf.loops);
	free(x->gbuf.labels);
	free(x->gbuf.pend);
}

void rml_extract(CXTranslationUnit tu, struct rml_facts *facts)
{
	struct ex x;

	ex_walk(&x, tu, facts, false);
	ex_free(&x);
}
