/*
 * extract/eval.c: an integer expression's value, at the type it is written in, through
 * consteval.h: constants, enumerators, const variables with constant initialisers. What
 * cannot be evaluated is an unknown with a reason.
 */
#include "ex.h"

#include <string.h>

#define MAX_EVAL_DEPTH 64

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

	if (!ex_type_int(clang_getCursorType(c), &bits, &sign))
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
	const char *name = ex_cxstr(x, clang_getCursorSpelling(ref));
	unsigned bits;
	bool sign;

	if (!clang_isConstQualifiedType(t))
		return unknown(x, name, "is not a constant");
	ex_get_kids(ref, &k);
	if (!k.n || !clang_isExpression(clang_getCursorKind(k.c[k.n - 1])))
		return unknown(x, name, "has no constant initialiser");
	if (!ex_type_int(clang_getCursorType(use), &bits, &sign))
		return rml_ce_unknown("not an integer");
	return rml_ce_cast(eval(x, k.c[k.n - 1], depth + 1), bits, sign);
}

/* -a, +a, ~a, !a (k: c's children). */
static struct rml_num eval_unary(struct ex *x, CXCursor c, const struct kids *k, int depth,
				 unsigned bits, bool sign)
{
	enum rml_ce_op op;

	if (k->n != 1)
		return rml_ce_unknown("not a constant expression");
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_Minus:
		op = RML_CE_NEG;
		break;
	case CXUnaryOperator_Plus:
		op = RML_CE_PLUS;
		break;
	case CXUnaryOperator_Not:
		op = RML_CE_NOT;
		break;
	case CXUnaryOperator_LNot:
		op = RML_CE_LNOT;
		break;
	default:
		return rml_ce_unknown("not a constant expression");
	}
	return rml_ce_unop(op, eval(x, k->c[0], depth + 1), bits, sign);
}

/* a op b (k: c's children); the right side of && and || only where the left does not decide. */
static struct rml_num eval_binary(struct ex *x, CXCursor c, const struct kids *k, int depth,
				  unsigned bits, bool sign)
{
	bool ok;
	enum rml_ce_op op = binop_of(clang_getCursorBinaryOperatorKind(c), &ok);
	struct rml_num a, b;

	if (!ok || k->n != 2)
		return rml_ce_unknown("not a constant expression");
	a = eval(x, k->c[0], depth + 1);
	if ((op == RML_CE_LAND && a.known && !a.v) || (op == RML_CE_LOR && a.known && a.v))
		return rml_ce_binop(op, a, a, bits, sign);
	b = eval(x, k->c[1], depth + 1);
	return rml_ce_binop(op, a, b, bits, sign);
}

/* A name: an enumerator, or a const variable with a constant initialiser. */
static struct rml_num eval_ref(struct ex *x, CXCursor c, int depth, unsigned bits, bool sign)
{
	CXCursor ref = clang_getCursorReferenced(c);
	unsigned eb;
	bool es;

	switch (clang_getCursorKind(ref)) {
	case CXCursor_EnumConstantDecl:
		if (ex_type_int(clang_getCursorType(ref), &eb, &es) && !es)
			return rml_ce_const(clang_getEnumConstantDeclUnsignedValue(ref), bits, sign);
		return rml_ce_const((uint64_t)clang_getEnumConstantDeclValue(ref), bits, sign);
	case CXCursor_VarDecl:
		return eval_var(x, ref, c, depth);
	case CXCursor_ParmDecl:
		return unknown(x, ex_cxstr(x, clang_getCursorSpelling(ref)), "is a parameter");
	default:
		return unknown(x, ex_cxstr(x, clang_getCursorSpelling(c)), "is not a constant");
	}
}

/* A call: only a __builtin_ one (__builtin_ffsll() in FIELD_PREP()) can be a constant. */
static struct rml_num eval_call(struct ex *x, CXCursor c)
{
	if (ex_cxstr_eq(clang_getCursorSpelling(c), "") ||
	    !strncmp(ex_cxstr(x, clang_getCursorSpelling(c)), "__builtin_", 10))
		return clang_eval(x, c);
	return rml_ce_unknown(rml_arena_printf(x->a, "call to '%s'",
					       ex_cxstr(x, clang_getCursorSpelling(c))));
}

/* c's value at the type it is written in (depth: how deep in the expression). */
static struct rml_num eval(struct ex *x, CXCursor c, int depth)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned bits = 64;
	bool sign = false;
	struct kids k;
	struct rml_num a;

	if (depth > MAX_EVAL_DEPTH)
		return rml_ce_unknown("expression too deep");
	if (!ex_type_int(clang_getCursorType(c), &bits, &sign) && kind != CXCursor_ParenExpr)
		return rml_ce_unknown("not an integer");

	switch (kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_UnaryExpr:	/* sizeof, _Alignof */
		return clang_eval(x, c);
	case CXCursor_ParenExpr:
		ex_get_kids(c, &k);
		if (k.n != 1)
			return rml_ce_unknown("not a constant expression");
		return eval(x, k.c[0], depth + 1);
	case CXCursor_UnexposedExpr:
		ex_get_kids(c, &k);
		if (k.n == 1 && clang_isExpression(clang_getCursorKind(k.c[0])))
			return rml_ce_cast(eval(x, k.c[0], depth + 1), bits, sign);
		return clang_eval(x, c);	/* __builtin_choose_expr and friends */
	case CXCursor_CStyleCastExpr:
		ex_get_kids(c, &k);
		if (!k.n)
			return rml_ce_unknown("not a constant expression");
		return rml_ce_cast(eval(x, k.c[k.n - 1], depth + 1), bits, sign);
	case CXCursor_UnaryOperator:
		ex_get_kids(c, &k);
		return eval_unary(x, c, &k, depth, bits, sign);
	case CXCursor_BinaryOperator:
		ex_get_kids(c, &k);
		return eval_binary(x, c, &k, depth, bits, sign);
	case CXCursor_ConditionalOperator:
		ex_get_kids(c, &k);
		if (k.n != 3)
			return rml_ce_unknown("not a constant expression");
		a = eval(x, k.c[0], depth + 1);
		if (!a.known)
			return a;
		return rml_ce_cast(eval(x, k.c[a.v ? 1 : 2], depth + 1), bits, sign);
	case CXCursor_DeclRefExpr:
		return eval_ref(x, c, depth, bits, sign);
	case CXCursor_CallExpr:
		return eval_call(x, c);
	default:	/* StmtExpr: FIELD_PREP() and friends */
		return clang_eval(x, c);
	}
}

/* The value as written: look through the implicit conversion to the destination type. */
struct rml_num ex_eval_top(struct ex *x, CXCursor c)
{
	struct kids k;

	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && !ex_is_void_type(c)) {
		ex_get_kids(c, &k);
		if (k.n == 1 && clang_isExpression(clang_getCursorKind(k.c[0])))
			c = k.c[0];
	}
	return eval(x, c, 0);
}
