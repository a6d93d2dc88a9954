/*
 * consteval: C integer arithmetic on values that may be unknown. Each value carries the
 * width and signedness of its own C type, so a caller can evaluate an expression at the
 * type it was written in (not after the implicit conversion to a parameter or member).
 * Knows nothing about regmap or libclang; pure functions, no allocation.
 */
#ifndef RML_CONSTEVAL_H
#define RML_CONSTEVAL_H

#include <stdbool.h>
#include <stdint.h>

struct rml_num {
	bool known;
	bool is_signed;
	unsigned char bits;	/* 1..64 */
	uint64_t v;		/* truncated to bits; sign-extended to 64 when is_signed */
	const char *why;	/* static string saying why it is unknown (NULL when known) */
};

enum rml_ce_op {
	RML_CE_ADD, RML_CE_SUB, RML_CE_MUL, RML_CE_DIV, RML_CE_REM,
	RML_CE_SHL, RML_CE_SHR, RML_CE_AND, RML_CE_OR, RML_CE_XOR,
	RML_CE_LAND, RML_CE_LOR,
	RML_CE_EQ, RML_CE_NE, RML_CE_LT, RML_CE_GT, RML_CE_LE, RML_CE_GE,
	RML_CE_COMMA,
	RML_CE_NEG, RML_CE_PLUS, RML_CE_NOT, RML_CE_LNOT,	/* unary */
};

struct rml_num rml_ce_const(uint64_t v, unsigned bits, bool is_signed);
struct rml_num rml_ce_unknown(const char *why);
/* Convert to another integer type (as a C cast or implicit conversion does). */
struct rml_num rml_ce_cast(struct rml_num a, unsigned bits, bool is_signed);
/*
 * Binary and unary operators. The operands are expected at the types C converted them to
 * (the caller evaluates the implicit conversions it sees); the result is produced at
 * (bits, is_signed). Division by zero, shifts by a negative or too-large amount and
 * unknown operands give an unknown result; && || and ?: short-circuit like C.
 */
struct rml_num rml_ce_binop(enum rml_ce_op op, struct rml_num a, struct rml_num b, unsigned bits,
			    bool is_signed);
struct rml_num rml_ce_unop(enum rml_ce_op op, struct rml_num a, unsigned bits, bool is_signed);
struct rml_num rml_ce_cond(struct rml_num c, struct rml_num t, struct rml_num f, unsigned bits,
			   bool is_signed);

/* True when known and the value, read at its own type, is negative. */
bool rml_ce_is_negative(struct rml_num a);
/* Value as a signed 64-bit integer (meaningful when known). */
int64_t rml_ce_sval(struct rml_num a);

/* Mask of bits lsb..msb (both < 64, lsb <= msb). */
uint64_t rml_genmask(unsigned msb, unsigned lsb);

#endif
