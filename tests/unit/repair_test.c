/* repair_test: blanking of initialiser items for lone-file mode (analyzer/engine/repair.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "repair.h"

/* A toy oracle: members named "f*" hold reg_fields, "s*" are aggregates holding some. */
static enum rml_keep member(void *ctx, const char *name, size_t len, void **sub)
{
	(void)len;
	*sub = ctx;
	if (name[0] == 'f')
		return RML_KEEP;
	if (name[0] == 's')
		return RML_RECURSE;
	return RML_BLANK;
}

/* Elements are aggregates when ctx is set, reg_fields themselves otherwise. */
static enum rml_keep element(void *ctx, void **sub)
{
	*sub = ctx;
	return ctx ? RML_RECURSE : RML_KEEP;
}

static const struct rml_repair_oracle oracle = { member, element };

static void run_ctx(void *ctx, const char *in, const char *want, int blanked, const size_t *errs,
		    size_t nerrs)
{
	char buf[512];
	long open;

	strcpy(buf, in);
	open = rml_repair_find_init(buf, strlen(buf), 0);
	assert_true(open >= 0);
	assert_int_equal(rml_repair_init(buf, strlen(buf), (size_t)open, &oracle, ctx, errs, nerrs,
					 NULL),
			 blanked);
	assert_string_equal(buf, want);
	assert_int_equal(rml_repair_init(buf, strlen(buf), (size_t)open, &oracle, ctx, errs, nerrs,
					 NULL),
			 0);	/* idempotent */
	assert_int_equal(strlen(buf), strlen(in));	/* every offset stays where it was */
	(void)blanked;
}

static void run(const char *in, const char *want, int blanked, const size_t *errs, size_t nerrs)
{
	run_ctx(NULL, in, want, blanked, errs, nerrs);
}

static void repair_blanks_other_members_with_their_comma(void **state)
{
	(void)state;
	run("x = { .ops = &o, .f = R(1, 2), .n = N };",
	    "x = {            .f = R(1, 2),        };", 2, NULL, 0);
}

static void repair_recurses_into_aggregates_and_arrays(void **state)
{
	(void)state;
	int agg = 1;

	run_ctx(&agg, "v[] = { [A] = { .dai = &d, .s = { .f = R(1), .q = 2 } }, { .p = 1, .f = R(2) } };",
		"v[] = { [A] = {            .s = { .f = R(1),        } }, {         .f = R(2) } };", 3,
		NULL, 0);
}

static void repair_keeps_lines_and_directives(void **state)
{
	(void)state;
	run("x = {\n\t.a = 1,\n#ifdef X\n\t.b = 2,\n#endif\n\t.f = R(3),\n};",
	    "x = {\n\t       \n#ifdef X\n\t       \n#endif\n\t.f = R(3),\n};", 2, NULL, 0);
	run("x = { .a = (1 +\n#if Y\n 2\n#endif\n ), .f = 1 };",
	    "x = { .a = (1 +\n#if Y\n 2\n#endif\n ), .f = 1 };", 0, NULL, 0);
}

static void repair_blanks_designated_items_with_errors(void **state)
{
	const char *in = "t[] = { [F_A] = R(UNDEF, 0, 1), [F_B] = R(2, 0, 1), R(UNDEF2) };";
	size_t errs[] = { 18, 56 };

	(void)state;
	run(in, "t[] = {                         [F_B] = R(2, 0, 1), R(UNDEF2) };", 1, errs, 2);
}

static void repair_voids_positional_items_with_errors(void **state)
{
	char buf[128] = "t[] = { R(1, 0, 1), R(UNDEF, 0, 1), R(2, 0, 1) };";
	struct rml_repair_voids v = { 0 };
	size_t errs[] = { 22 };

	(void)state;
	assert_int_equal(rml_repair_init(buf, strlen(buf), 6, &oracle, NULL, errs, 1, &v), 1);
	assert_string_equal(buf, "t[] = { R(1, 0, 1), {}            , R(2, 0, 1) };");
	assert_int_equal(v.n, 1);
	assert_int_equal(v.off[0], 20);
	free(v.off);
}

static void repair_skips_strings_and_comments(void **state)
{
	(void)state;
	run("x = { .name = \"a,}\", /* .z, } */ .f = R(','), .c = '}' };",
	    "x = {                /* .z, } */ .f = R(','),          };", 2, NULL, 0);
}

static void repair_rejects_unbalanced_and_finds_no_init(void **state)
{
	char buf[64] = "x = { .a = (1, .f = 2 };";

	(void)state;
	assert_int_equal(rml_repair_init(buf, strlen(buf), 4, &oracle, NULL, NULL, 0, NULL), -1);
	assert_int_equal(rml_repair_find_init("int x;", 6, 0), -1);
	assert_int_equal(rml_repair_find_init("int x = 3;", 10, 0), -1);
	assert_int_equal(rml_repair_find_init("t[ARRAY_SIZE(a)] __aligned(4) = {};", 35, 0), 32);
	assert_int_equal(rml_repair_init(buf, strlen(buf), 0, &oracle, NULL, NULL, 0, NULL), -1);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(repair_blanks_other_members_with_their_comma),
		cmocka_unit_test(repair_recurses_into_aggregates_and_arrays),
		cmocka_unit_test(repair_keeps_lines_and_directives),
		cmocka_unit_test(repair_blanks_designated_items_with_errors),
		cmocka_unit_test(repair_voids_positional_items_with_errors),
		cmocka_unit_test(repair_skips_strings_and_comments),
		cmocka_unit_test(repair_rejects_unbalanced_and_finds_no_init),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("repair", tests, NULL, NULL);
}
