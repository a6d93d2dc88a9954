/* consteval: C integer semantics over known/unknown values of a given width. */
#include "consteval.h"

static uint64_t trunc_to(uint64_t v, unsigned bits, bool is_signed)
{
	if (bits == 0 || bits > 64)
		bits = 64;
	if (bits < 64) {
		v &= (UINT64_C(1) << bits) - 1;
		if (is_signed && (v >> (bits - 1)) & 1)
			v |= ~((UINT64_C(1) << bits) - 1);
	}
	return v;
}

struct rml_num rml_ce_const(uint64_t v, unsigned bits, bool is_signed)
{
	if (bits == 0 || bits > 64)
		bits = 64;
	return (struct rml_num){ .known = true, .is_signed = is_signed, .bits = (unsigned char)bits,
				 .v = trunc_to(v, bits, is_signed) };
}

struct rml_num rml_ce_unknown(const char *why)
{
	return (struct rml_num){ .known = false, .bits = 64, .why = why ? why : "not a constant" };
}

struct rml_num rml_ce_cast(struct rml_num a, unsigned bits, bool is_signed)
{
	if (!a.known)
		return a;
	return rml_ce_const(a.v, bits, is_signed);
}

bool rml_ce_is_negative(struct rml_num a)
{
	return a.known && a.is_signed && (int64_t)a.v < 0;
}

int64_t rml_ce_sval(struct rml_num a)
{
	return (int64_t)a.v;
}

uint64_t rml_genmask(unsigned msb, unsigned lsb)
{
	uint64_t hi;

	if (msb > 63 || lsb > msb)
		return 0;
	hi = msb == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (msb + 1)) - 1;
	return hi & ~((UINT64_C(1) << lsb) - 1);
}

/* Compare two operands as C does at their (common, already converted) type. */
static int cmp(struct rml_num a, struct rml_num b)
{
	if (a.is_signed && b.is_signed) {
		int64_t x = (int64_t)a.v, y = (int64_t)b.v;

		return x < y ? -1 : x > y;
	}
	return a.v < b.v ? -1 : a.v > b.v;
}

/* a / b or a % b, both known: unknown where C leaves it undefined. */
static struct rml_num divide(enum rml_ce_op op, struct rml_num a, struct rml_num b,
			     unsigned bits, bool is_signed)
{
	uint64_t r;

	if (b.v == 0)
		return rml_ce_unknown("division by zero");
	if (a.is_signed && b.is_signed) {
		int64_t x = (int64_t)a.v, y = (int64_t)b.v;

		if (x == INT64_MIN && y == -1)
			return rml_ce_unknown("signed overflow");
		r = (uint64_t)(op == RML_CE_DIV ? x / y : x % y);
	} else {
		r = op == RML_CE_DIV ? a.v / b.v : a.v % b.v;
	}
	return rml_ce_const(r, bits, is_signed);
}

/* a << b or a >> b, both known: the result has the promoted left operand's type, and
   shifting by its width or more (or by a negative count) is undefined: unknown. */
static struct rml_num shift(enum rml_ce_op op, struct rml_num a, struct rml_num b,
			    unsigned bits, bool is_signed)
{
	uint64_t r;

	if (rml_ce_is_negative(b) || b.v >= (a.bits ? a.bits : 64))
		return rml_ce_unknown("shift count out of range");
	if (op == RML_CE_SHL)
		r = a.v << b.v;
	else if (a.is_signed)
		r = (uint64_t)((int64_t)a.v >> b.v);
	else
		r = trunc_to(a.v, a.bits, false) >> b.v;
	return rml_ce_const(r, bits, is_signed);
}

/*
 * One case per C operator (division and shifts, whose undefined cases need more than a
 * line, in their own functions): each case is a line or two of C's own semantics,
 * and the switch read top to bottom is the table of them (split, it would scatter it).
 */
struct rml_num rml_ce_binop(enum rml_ce_op op, struct rml_num a, struct rml_num b, unsigned bits,
			    bool is_signed)
{
	uint64_t r;

	/* Short-circuit forms are decided by the left operand alone when it suffices. */
	if (op == RML_CE_LAND && a.known && a.v == 0)
		return rml_ce_const(0, bits, is_signed);
	if (op == RML_CE_LOR && a.known && a.v != 0)
		return rml_ce_const(1, bits, is_signed);
	if (op == RML_CE_COMMA)
		return b.known ? rml_ce_const(b.v, bits, is_signed) : b;
	if (!a.known)
		return a;
	if (!b.known)
		return b;

	switch (op) {
	case RML_CE_ADD:
		r = a.v + b.v;
		break;
	case RML_CE_SUB:
		r = a.v - b.v;
		break;
	case RML_CE_MUL:
		r = a.v * b.v;
		break;
	case RML_CE_DIV:
	case RML_CE_REM:
		return divide(op, a, b, bits, is_signed);
	case RML_CE_SHL:
	case RML_CE_SHR:
		return shift(op, a, b, bits, is_signed);
	case RML_CE_AND:
		r = a.v & b.v;
		break;
	case RML_CE_OR:
		r = a.v | b.v;
		break;
	case RML_CE_XOR:
		r = a.v ^ b.v;
		break;
	case RML_CE_LAND:
		r = a.v && b.v;
		break;
	case RML_CE_LOR:
		r = a.v || b.v;
		break;
	case RML_CE_EQ:
		r = cmp(a, b) == 0;
		break;
	case RML_CE_NE:
		r = cmp(a, b) != 0;
		break;
	case RML_CE_LT:
		r = cmp(a, b) < 0;
		break;
	case RML_CE_GT:
		r = cmp(a, b) > 0;
		break;
	case RML_CE_LE:
		r = cmp(a, b) <= 0;
		break;
	case RML_CE_GE:
		r = cmp(a, b) >= 0;
		break;
	default:
		return rml_ce_unknown("unsupported operator");
	}
	return rml_ce_const(r, bits, is_signed);
}

struct rml_num rml_ce_unop(enum rml_ce_op op, struct rml_num a, unsigned bits, bool is_signed)
{
	if (!a.known)
		return a;
	switch (op) {
	case RML_CE_NEG:
		return rml_ce_const(-a.v, bits, is_signed);
	case RML_CE_PLUS:
		return rml_ce_const(a.v, bits, is_signed);
	case RML_CE_NOT:
		return rml_ce_const(~a.v, bits, is_signed);
	case RML_CE_LNOT:
		return rml_ce_const(a.v == 0, bits, is_signed);
	default:
		return rml_ce_unknown("unsupported operator");
	}
}

struct rml_num rml_ce_cond(struct rml_num c, struct rml_num t, struct rml_num f, unsigned bits,
			   bool is_signed)
{
	if (!c.known)
		return c;
	return rml_ce_cast(c.v ? t : f, bits, is_signed);
}
