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
	ex_get_kids(c, k);
	return k->n >= 1;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned outer_block = x->block;
	struct kids k;

	(void)parent;
	if ((x->fn.nparams || x->fn.nlocals) && writes_operand(c, &k) && !unevaluated(x)) {
		ex_param_modified(x, k.c[0]);
		ex_local_written(x, c, k.c[0], k.n == 2 ? k.c[1] : clang_getNullCursor());
	}
	if (x->fn.ncopies && kind == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);

		for (int i = 0; i < x->fn.ncopies; i++)
			if (clang_equalCursors(x->fn.copies[i].var, ref)) {
				ex_copy_use(x, c);
				break;
			}
	}
	switch (kind) {
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);

		ex_handle_var(x, c);
		ex_get_kids(c, &k);
		if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
			break;
		ex_maxmask_local(x, c, k.c[k.n - 1]);
		if (ex_is_regmap_ptr(t))
			ex_regmap_assign(x, ex_usr_of(x, c), k.c[k.n - 1]);
		else if (ex_is_regfield_ptr(x, t))
			ex_copy_track(x, c, ex_regfield_ptr_assign(x, ex_usr_of(x, c), k.c[k.n - 1], NULL));
		else if (ex_is_config_ptr(t))
			ex_config_ptr_assign(x, c, k.c[k.n - 1]);
		else if (ex_is_handle_type(t) && !ex_is_field_ptr(t) && x->fn.nharr < 16) {
			struct rml_handle a = ex_handle_of(x, k.c[k.n - 1]);

			if (a.base && a.ix == RML_IX_NONE) {
				x->fn.harr[x->fn.nharr].var = ex_usr_of(x, c);
				x->fn.harr[x->fn.nharr].kind = a.kind;
				x->fn.harr[x->fn.nharr++].base = a.base;
			}
		}
		break;
	}
	case CXCursor_CallExpr:
		ex_handle_call(x, c);
		break;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(c)) {
		case CXBinaryOperator_LT:
		case CXBinaryOperator_GT:
		case CXBinaryOperator_LE:
		case CXBinaryOperator_GE:
			ex_maxmask_compare(x, c);
			break;
		default:
			break;
		}
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
			CXType lt;
			CXCursor lhs;

			ex_get_kids(c, &k);
			if (k.n != 2)
				break;
			lt = clang_getCursorType(k.c[0]);
			lhs = ex_strip(k.c[0]);
			if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr)
				ex_maxmask_local(x, clang_getCursorReferenced(lhs), k.c[1]);
			if (ex_is_regmap_ptr(lt)) {
				ex_regmap_assign(x, ex_expr_key(x, k.c[0]), k.c[1]);
			} else if (ex_is_field_ptr(lt)) {
				ex_handle_copy(x, k.c[0], k.c[1]);
			} else if (ex_is_regfield_ptr(x, lt)) {
				const char *key = ex_regfield_ptr_key(x, k.c[0]);

				if (key)
					ex_copy_track(x, clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ?
						       clang_getCursorReferenced(lhs) :
						       clang_getNullCursor(),
						   ex_regfield_ptr_assign(x, key, k.c[1], NULL));
			} else if (ex_is_config_ptr(lt) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
				ex_config_ptr_assign(x, clang_getCursorReferenced(lhs), k.c[1]);
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
	if (!ex_cfg_stmt(x, c)) {
		if (x->fn.depth < MAX_STACK) {
			x->fn.stack[x->fn.depth++] = c;
			clang_visitChildren(c, body_visit, x);
			x->fn.depth--;
		} else {
			ex_cfg_incomplete(x, "statements nested too deep");
		}
		ex_cfg_post(x, c);
	}
	x->block = outer_block;
	return CXChildVisit_Continue;
}

void ex_visit(struct ex *x, CXCursor c, CXCursor parent)
{
	body_visit(c, parent, x);
}

static bool is_api_decl(struct ex *x, CXCursor c)
{
	const char *n = ex_cxstr(x, clang_getCursorSpelling(c));

	return rml_api_lookup(n) != NULL;
}

enum CXChildVisitResult ex_top_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ex *x = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_InclusionDirective) {
		ex_note_inclusion(x, c);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_MacroExpansion || kind == CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	if (!ex_is_own(x, c))
		return CXChildVisit_Continue;
	if (x->repairing) {
		if (kind == CXCursor_VarDecl)
			ex_repair_var(x, c);
		else if (kind == CXCursor_StructDecl && clang_isCursorDefinition(c))
			ex_repair_struct(x, c);
		return CXChildVisit_Continue;
	}
	switch (kind) {
	case CXCursor_VarDecl:
		ex_handle_var(x, c);
		break;
	case CXCursor_FunctionDecl: {
		size_t nwrites = x->f->writes.n, ncalls = x->f->calls.n, nallocs = x->f->allocs.n;

		if (!clang_isCursorDefinition(c) || is_api_decl(x, c))
			break;
		x->fn = (struct ex_fn){ 0 };
		x->fn.name = ex_cxstr(x, clang_getCursorSpelling(c));
		x->fn.usr = ex_usr_of(x, c);
		for (int i = 0; i < clang_Cursor_getNumArguments(c) &&
				i < (int)RML_ARRAY_SIZE(x->fn.params); i++)
			x->fn.params[x->fn.nparams++] = clang_Cursor_getArgument(c, (unsigned)i);
		ex_cfg_begin(x);
		clang_visitChildren(c, body_visit, x);
		ex_cfg_end(x, c);
		ex_params_settle(x, nwrites, ncalls, nallocs);
		ex_locals_settle(x, nallocs);
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
		ex_file_info(&x, main)->own = true;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), ex_top_visit, &x);
	free(x.files);
	free(x.rcache);
	free(x.gbuf.n);
	free(x.gbuf.npred);
	free(x.gbuf.e);
	free(x.gbuf.loops);
	free(x.gbuf.labels);
	free(x.gbuf.pend);
}
