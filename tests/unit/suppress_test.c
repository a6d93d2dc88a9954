/*
 * suppress_test: analyzer/cli/suppress.c on literal C texts: both comment forms, the line each
 * one silences (same line, next code line, stacked, after multi-line comments), reasons,
 * globs, comment lookalikes inside literals, every malformed form with its message, and
 * texts large enough to show a quadratic step. argv[1], if given, filters the tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "suppress.h"

#define SV(...) ((const char *const[]){__VA_ARGS__})
#define NV(...) (sizeof(SV(__VA_ARGS__)) / sizeof(const char *))

static void scan(const char *text, struct rml_suppressions *s)
{
	rml_suppress_scan(text, strlen(text), s);
}

/* Entry i is well-formed: its lines, rules and reason. */
#define ASSERT_ENTRY(s, i, line, target, reason, ...)                                              \
	assert_entry((s), (i), (line), (target), (reason), NV(__VA_ARGS__), SV(__VA_ARGS__))

static void assert_entry(const struct rml_suppressions *s, size_t i, unsigned line, unsigned target,
			 const char *reason, size_t n, const char *const *rules)
{
	const struct rml_suppression *e;

	assert_true(i < s->n);
	e = &s->v[i];
	if (e->error)
		print_error("entry %zu: unexpected error: %s\n", i, e->error);
	assert_null(e->error);
	assert_int_equal(e->line, line);
	assert_int_equal(e->target, target);
	if (reason)
		assert_string_equal(e->reason, reason);
	else
		assert_null(e->reason);
	assert_int_equal(e->nrules, n);
	for (size_t k = 0; k < n; k++)
		assert_string_equal(e->rules[k], rules[k]);
	assert_int_equal(e->used, 0);
}

/* The text's only entry is malformed with `why`, on line 1. */
static void assert_malformed(const char *text, unsigned target, const char *why)
{
	struct rml_suppressions s;

	scan(text, &s);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.v[0].error, why);
	assert_int_equal(s.v[0].line, 1);
	assert_int_equal(s.v[0].target, target);
	assert_int_equal(s.v[0].nrules, 0);
	assert_null(s.v[0].rules);
	assert_null(s.v[0].reason);
	assert_false(rml_suppress_match(&s, target, "field-overlap"));
	assert_int_equal(s.v[0].used, 0);
	rml_suppress_fini(&s);
}

static void suppress_targets(void **state)
{
	struct rml_suppressions s;

	(void)state;
	scan("static const struct reg_field f[] = {\n"				  /* 1 */
	     "\tREG_FIELD(0x10, 0, 3), /* regmap-lint: ignore field-overlap */\n" /* 2 */
	     "\t// regmap-lint: ignore field-* -- the datasheet says so\n"	  /* 3 */
	     "\n"								  /* 4 */
	     "\t   \t\n"							  /* 5 */
	     "\tREG_FIELD(0x10, 2, 5),\n"					  /* 6 */
	     "\t/* regmap-lint: ignore a */ REG_FIELD(0x11, 0, 0),\n"		  /* 7 */
	     "\t/* regmap-lint: ignore b */\n"					  /* 8 */
	     "\t// regmap-lint: ignore c, d\n"					  /* 9 */
	     "\t/* a plain comment\n"						  /* 10 */
	     "\t   between */\n"						  /* 11 */
	     "\tREG_FIELD(0x12, 0, 0),\n"					  /* 12 */
	     "};\n"								  /* 13 */
	     "/* regmap-lint: ignore e\n"					  /* 14 */
	     " * -- a reason over\n"						  /* 15 */
	     " * two lines */ x();\n"						  /* 16 */
	     "/*\n"								  /* 17 */
	     " * regmap-lint: ignore f,\n"					  /* 18 */
	     " *   g -- why\n"							  /* 19 */
	     " */\n"								  /* 20 */
	     "#define X 1\n"							  /* 21 */
	     "y(); // regmap-lint: ignore h,\\\n"				  /* 22 */
	     "   i\n"								  /* 23 */
	     "z();\n"								  /* 24 */
	     "/** regmap-lint: ignore j **/\n"					  /* 25 */
	     "/*! regmap-lint:ignore k*/\n"					  /* 26 */
	     "/// regmap-lint: ignore   l ,m--n   --   spaced\treason  \n"	  /* 27 */
	     "w();\n"								  /* 28 */
	     "/* regmap-lint: ignore * */\n",					  /* 29 */
	     &s);
	assert_int_equal(s.n, 12);
	ASSERT_ENTRY(&s, 0, 2, 2, NULL, "field-overlap");
	ASSERT_ENTRY(&s, 1, 3, 6, "the datasheet says so", "field-*");
	ASSERT_ENTRY(&s, 2, 7, 7, NULL, "a");  /* code after it, none before */
	ASSERT_ENTRY(&s, 3, 8, 12, NULL, "b"); /* stacked, over a plain comment */
	ASSERT_ENTRY(&s, 4, 9, 12, NULL, "c", "d");
	ASSERT_ENTRY(&s, 5, 14, 16, "a reason over two lines", "e");
	ASSERT_ENTRY(&s, 6, 17, 21, "why", "f", "g"); /* a preprocessor line is code */
	ASSERT_ENTRY(&s, 7, 22, 22, NULL, "h", "i");  /* a // comment continued by '\' */
	ASSERT_ENTRY(&s, 8, 25, 28, NULL, "j");
	ASSERT_ENTRY(&s, 9, 26, 28, NULL, "k");
	ASSERT_ENTRY(&s, 10, 27, 28, "spaced reason", "l", "m--n");
	ASSERT_ENTRY(&s, 11, 29, 0, NULL, "*"); /* nothing follows */
	rml_suppress_fini(&s);
	assert_null(s.v);
	assert_int_equal(s.n, 0);
}

/* The same continued // comment with CR LF line ends: the backslash before "\r\n" too. */
static void suppress_crlf(void **state)
{
	struct rml_suppressions s;

	(void)state;
	scan("y(); // regmap-lint: ignore h,\\\r\n"
	     "   i -- why\r\n"
	     "z();\r\n",
	     &s);
	assert_int_equal(s.n, 1);
	ASSERT_ENTRY(&s, 0, 1, 1, "why", "h", "i");
	rml_suppress_fini(&s);
}

static void suppress_match(void **state)
{
	struct rml_suppressions s;

	(void)state;
	scan("a(); /* regmap-lint: ignore field-*, value-range -- r */\n"
	     "// regmap-lint: ignore field-overlap\n"
	     "b(); // regmap-lint: ignore mask-[ab]?\n"
	     "c(); /* regmap-lint: ignore */\n"
	     "/* regmap-lint: ignore x */",
	     &s);
	assert_int_equal(s.n, 5);
	assert_true(rml_suppress_match(&s, 1, "field-overlap"));
	assert_true(rml_suppress_match(&s, 1, "value-range"));
	assert_false(rml_suppress_match(&s, 1, "value-ranges"));
	assert_false(rml_suppress_match(&s, 1, "mask-a1"));
	assert_false(rml_suppress_match(&s, 2, "field-overlap"));
	assert_int_equal(s.v[0].used, 2);
	/* two entries on line 3, both used when both name it */
	assert_true(rml_suppress_match(&s, 3, "field-overlap"));
	assert_int_equal(s.v[1].used, 1);
	assert_int_equal(s.v[2].used, 0);
	assert_true(rml_suppress_match(&s, 3, "mask-a1"));
	assert_false(rml_suppress_match(&s, 3, "mask-c1"));
	assert_int_equal(s.v[2].used, 1);
	/* malformed entries and a target of 0 silence nothing */
	assert_false(rml_suppress_match(&s, 4, "field-overlap"));
	assert_false(rml_suppress_match(&s, 0, "x"));
	assert_int_equal(s.v[4].target, 0);
	assert_int_equal(s.v[4].used, 0);
	rml_suppress_fini(&s);

	/* a checkpatch type, as --explain takes it, and a glob of types */
	scan("a(); /* regmap-lint: ignore FIELD_OVERLAP */\n"
	     "b(); // regmap-lint: ignore WRITE_*, Field-Lsb-Gt-Msb\n",
	     &s);
	assert_true(rml_suppress_match(&s, 1, "field-overlap"));
	assert_false(rml_suppress_match(&s, 1, "field-exceeds-reg-width"));
	assert_true(rml_suppress_match(&s, 2, "write-exceeds-field-width"));
	assert_true(rml_suppress_match(&s, 2, "field-lsb-gt-msb"));
	assert_false(rml_suppress_match(&s, 2, "field-overlap"));
	rml_suppress_fini(&s);
	assert_true(rml_suppress_glob_match("UPDATE_BITS_VALUE_OUTSIDE_MASK",
					    "update-bits-value-outside-mask"));
	assert_false(rml_suppress_glob_match("UPDATE_BITS", "update-bits-value-outside-mask"));
}

static void suppress_not_comments(void **state)
{
	struct rml_suppressions s;

	(void)state;
	scan("char *a = \"/* regmap-lint: ignore x */\";\n"
	     "char *b = \"esc \\\" // regmap-lint: ignore y\";\n"
	     "char c = '\"'; char d = '\\''; // regmap-lint: ignore z\n"
	     "char *e = \"spliced \\\n/* regmap-lint: ignore w */\";\n"
	     "char *f = \"unterminated /* regmap-lint: ignore u */\n"
	     "g(); /* see regmap-lint: ignore v */ /* regmap-lint is fine */ /**/ /*/ x */\n"
	     "// REGMAP-LINT: ignore t\n"
	     "//regmap-lint: ignore s\n",
	     &s);
	assert_int_equal(s.n, 2);
	ASSERT_ENTRY(&s, 0, 3, 3, NULL, "z");
	ASSERT_ENTRY(&s, 1, 9, 0, NULL, "s");
	rml_suppress_fini(&s);

	scan("", &s);
	assert_int_equal(s.n, 0);
	rml_suppress_fini(&s);
	/* after a comment that ends on a later line, that line has no code before what follows */
	scan("x(); /* plain\n ends here */ /* regmap-lint: ignore a */\ny();\n", &s);
	assert_int_equal(s.n, 1);
	ASSERT_ENTRY(&s, 0, 2, 3, NULL, "a");
	rml_suppress_fini(&s);

	/* an unterminated comment at the end; CRLF lines; NUL bytes are just bytes */
	scan("x();\r\n// regmap-lint: ignore a\r\n\r\ny();\r\n/* regmap-lint: ignore b", &s);
	assert_int_equal(s.n, 2);
	ASSERT_ENTRY(&s, 0, 2, 4, NULL, "a");
	ASSERT_ENTRY(&s, 1, 5, 0, NULL, "b");
	rml_suppress_fini(&s);
	{
		static const char text[] = "a\0b(); // regmap-lint: ignore q\0r\nX";

		/* "q\0r" is two words, not a rule "q" */
		rml_suppress_scan(text, sizeof(text) - 2, &s);
		assert_int_equal(s.n, 1);
		assert_int_equal(s.v[0].target, 1);
		assert_string_equal(s.v[0].error, "expected ',' or '--' after a rule");
		rml_suppress_fini(&s);
	}
}

static void suppress_malformed(void **state)
{
	(void)state;
	assert_malformed("// regmap-lint: ignored field-overlap\nx();", 2,
			 "expected 'ignore' after 'regmap-lint:'");
	assert_malformed("x(); /* regmap-lint: */", 1, "expected 'ignore' after 'regmap-lint:'");
	assert_malformed("x(); /* regmap-lint: disable a */", 1,
			 "expected 'ignore' after 'regmap-lint:'");
	assert_malformed("x(); /* regmap-lint: ignore */", 1, "no rule after 'ignore'");
	assert_malformed("x(); /* regmap-lint: ignore, a */", 1, "no rule after 'ignore'");
	assert_malformed("x(); // regmap-lint: ignore -- why", 1, "no rule after 'ignore'");
	assert_malformed("x(); // regmap-lint: ignore a,", 1, "no rule after ','");
	assert_malformed("x(); // regmap-lint: ignore a,,b", 1, "no rule after ','");
	assert_malformed("x(); // regmap-lint: ignore a, -- why", 1, "no rule after ','");
	assert_malformed("x(); // regmap-lint: ignore a b", 1, "expected ',' or '--' after a rule");
	assert_malformed("x(); // regmap-lint: ignore a because", 1,
			 "expected ',' or '--' after a rule");
}

/* 20 MB: a million directives, and a comment with a million stars. */
static void suppress_large(void **state)
{
	const size_t n = 1000000;
	const char *line = "\tx = 1; /* regmap-lint: ignore field-overlap -- ok */\n";
	size_t ll = strlen(line), len = n * ll;
	char *text = malloc(len + 1);
	struct rml_suppressions s;
	clock_t t0;

	(void)state;
	assert_non_null(text);
	for (size_t i = 0; i < n; i++)
		memcpy(text + i * ll, line, ll);
	t0 = clock();
	rml_suppress_scan(text, len, &s);
	assert_true(clock() - t0 < 20 * CLOCKS_PER_SEC);
	assert_int_equal(s.n, n);
	assert_int_equal(s.v[n - 1].line, n);
	assert_int_equal(s.v[n - 1].target, n);
	rml_suppress_fini(&s);

	memcpy(text, "/* regmap-lint: ignore a", 24);
	memset(text + 24, '*', len - 24);
	t0 = clock();
	rml_suppress_scan(text, len, &s);
	assert_true(clock() - t0 < 20 * CLOCKS_PER_SEC);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.v[0].rules[0], "a");
	rml_suppress_fini(&s);
	free(text);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(suppress_targets),	 cmocka_unit_test(suppress_crlf),
		cmocka_unit_test(suppress_match),
		cmocka_unit_test(suppress_not_comments), cmocka_unit_test(suppress_malformed),
		cmocka_unit_test(suppress_large),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("suppress", tests, NULL, NULL);
}
