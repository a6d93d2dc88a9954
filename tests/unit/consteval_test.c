/* consteval_test: C integer semantics of analyzer/engine/consteval.c, known and unknown. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "consteval.h"

#define U32(v) rml_ce_const((v), 32, false)
#define S32(v) rml_ce_const((uint64_t)(v), 32, true)
#define U64(v) rml_ce_const((v), 64, false)

static void consteval_const_truncates_to_width(void **state)
{
	(void)state;
	assert_int_equal(rml_ce_const(0x1ff, 8, false).v, 0xff);
	assert_int_equal(rml_ce_sval(rml_ce_const(0xff, 8, true)), -1);
	assert_true(rml_ce_is_negative(S32(-5)));
	assert_false(rml_ce_is_negative(U32(0xffffffff)));
}

static void consteval_cast_keeps_own_width_until_converted(void **state)
{
	struct rml_num mask = U64(0x1ff00000000ull);	/* GENMASK_ULL(40, 32) */

	(void)state;
	assert_int_equal(mask.v, 0x1ff00000000ull);
	assert_int_equal(rml_ce_cast(mask, 32, false).v, 0);	/* what the parameter would see */
	assert_int_equal(rml_ce_cast(S32(-1), 32, false).v, 0xffffffffu);
	assert_int_equal(rml_ce_sval(rml_ce_cast(U32(0xffffffffu), 64, true)), 0xffffffffll);
}

static void consteval_arithmetic(void **state)
{
	(void)state;
	assert_int_equal(rml_ce_binop(RML_CE_ADD, U32(3), U32(4), 32, false).v, 7);
	assert_int_equal(rml_ce_binop(RML_CE_SUB, U32(3), U32(4), 32, false).v, 0xffffffffu);
	assert_int_equal(rml_ce_binop(RML_CE_MUL, U32(0x10000), U32(0x10000), 32, false).v, 0);
	assert_int_equal(rml_ce_sval(rml_ce_binop(RML_CE_DIV, S32(-7), S32(2), 32, true)), -3);
	assert_int_equal(rml_ce_sval(rml_ce_binop(RML_CE_REM, S32(-7), S32(2), 32, true)), -1);
	assert_int_equal(rml_ce_binop(RML_CE_AND, U32(0xf0), U32(0x3c), 32, false).v, 0x30);
	assert_int_equal(rml_ce_binop(RML_CE_OR, U32(0xf0), U32(0x0f), 32, false).v, 0xff);
	assert_int_equal(rml_ce_binop(RML_CE_XOR, U32(0xff), U32(0x0f), 32, false).v, 0xf0);
}

static void consteval_shifts(void **state)
{
	(void)state;
	assert_int_equal(rml_ce_binop(RML_CE_SHL, U32(1), U32(31), 32, false).v, 0x80000000u);
	assert_false(rml_ce_binop(RML_CE_SHL, S32(1), S32(32), 32, true).known);	/* UB: width */
	assert_false(rml_ce_binop(RML_CE_SHL, U32(1), S32(-1), 32, false).known);	/* UB: negative */
	assert_int_equal(rml_ce_binop(RML_CE_SHL, U64(1), U32(40), 64, false).v, 1ull << 40);
	assert_int_equal(rml_ce_sval(rml_ce_binop(RML_CE_SHR, S32(-8), U32(1), 32, true)), -4);
	assert_int_equal(rml_ce_binop(RML_CE_SHR, U32(0x80000000u), U32(31), 32, false).v, 1);
}

static void consteval_compare_signedness(void **state)
{
	(void)state;
	assert_int_equal(rml_ce_binop(RML_CE_LT, S32(-1), S32(0), 32, true).v, 1);
	/* once converted to unsigned, -1 is the largest value */
	assert_int_equal(rml_ce_binop(RML_CE_LT, U32(0xffffffffu), U32(0), 32, true).v, 0);
	assert_int_equal(rml_ce_binop(RML_CE_EQ, U32(5), U32(5), 32, true).v, 1);
	assert_int_equal(rml_ce_binop(RML_CE_GE, U32(4), U32(5), 32, true).v, 0);
}

static void consteval_unknown_propagates_and_short_circuits(void **state)
{
	struct rml_num u = rml_ce_unknown("'x' is a parameter");

	(void)state;
	assert_false(rml_ce_binop(RML_CE_ADD, u, U32(1), 32, false).known);
	assert_string_equal(rml_ce_binop(RML_CE_ADD, U32(1), u, 32, false).why, "'x' is a parameter");
	assert_int_equal(rml_ce_binop(RML_CE_LAND, U32(0), u, 32, true).v, 0);
	assert_true(rml_ce_binop(RML_CE_LAND, U32(0), u, 32, true).known);
	assert_int_equal(rml_ce_binop(RML_CE_LOR, U32(2), u, 32, true).v, 1);
	assert_false(rml_ce_binop(RML_CE_LOR, U32(0), u, 32, true).known);
	assert_int_equal(rml_ce_cond(U32(1), U32(7), u, 32, false).v, 7);
	assert_false(rml_ce_cond(u, U32(7), U32(7), 32, false).known);
	assert_false(rml_ce_binop(RML_CE_DIV, U32(1), U32(0), 32, false).known);
	assert_int_equal(rml_ce_binop(RML_CE_COMMA, u, U32(3), 32, false).v, 3);
}

static void consteval_unary(void **state)
{
	(void)state;
	assert_int_equal(rml_ce_unop(RML_CE_NOT, U32(0), 32, false).v, 0xffffffffu);
	assert_int_equal(rml_ce_sval(rml_ce_unop(RML_CE_NEG, S32(5), 32, true)), -5);
	assert_int_equal(rml_ce_unop(RML_CE_LNOT, U32(5), 32, true).v, 0);
	assert_int_equal(rml_ce_unop(RML_CE_LNOT, U32(0), 32, true).v, 1);
}

static void consteval_genmask(void **state)
{
	(void)state;
	assert_int_equal(rml_genmask(3, 0), 0xf);
	assert_int_equal(rml_genmask(7, 4), 0xf0);
	assert_int_equal(rml_genmask(0, 0), 1);
	assert_int_equal(rml_genmask(63, 0), UINT64_MAX);
	assert_int_equal(rml_genmask(63, 63), 1ull << 63);
	assert_int_equal(rml_genmask(8, 9), 0);	/* lsb > msb: empty, as the runtime's mask */
	assert_int_equal(rml_genmask(64, 0), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(consteval_const_truncates_to_width),
		cmocka_unit_test(consteval_cast_keeps_own_width_until_converted),
		cmocka_unit_test(consteval_arithmetic),
		cmocka_unit_test(consteval_shifts),
		cmocka_unit_test(consteval_compare_signedness),
		cmocka_unit_test(consteval_unknown_propagates_and_short_circuits),
		cmocka_unit_test(consteval_unary),
		cmocka_unit_test(consteval_genmask),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("consteval", tests, NULL, NULL);
}
