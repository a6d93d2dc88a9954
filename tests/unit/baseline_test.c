/*
 * baseline_test: analyzer/cli/baseline.c: the finding hash against values computed apart from
 * it, the file read (every error with its "name:LINE: reason"), taken from and written
 * back byte for byte, escapes, and a baseline large enough to show a quadratic step.
 * argv[1], if given, filters the tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "baseline.h"

static void parse_ok(const char *text, struct rml_baseline *b)
{
	char err[256] = "";
	int rc = rml_baseline_parse(text, strlen(text), "bl", b, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
}

static void parse_err_n(const char *text, size_t len, const char *want)
{
	struct rml_baseline b = {(void *)1, 99};
	char err[256] = "";

	assert_int_equal(rml_baseline_parse(text, len, "bl", &b, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_null(b.v);
	assert_int_equal(b.n, 0);
}

#define PARSE_ERR(lit, want) parse_err_n((lit), sizeof(lit) - 1, (want))

/* What rml_baseline_write makes of b. */
static char *written(const struct rml_baseline *b)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	assert_int_equal(rml_baseline_write(b, f), 0);
	fclose(f);
	return buf;
}

static void baseline_hash(void **state)
{
	(void)state;
	/* FNV-1a 64 worked out with Python, apart from this code */
	assert_int_equal(rml_finding_hash("field-overlap", "\tREG_FIELD(0x10, 0, 3),", 23),
			 0x39b12cd150399841ULL);
	assert_int_equal(rml_finding_hash("", "", 0), 0xaf63bd4c8601b7dfULL);
	assert_int_equal(rml_finding_hash("value-range", "regmap_field_write(f, 0x100);", 29),
			 0xd9c7f6e3ffecf474ULL);
	/* blanks and NULs do not count; NULL rule is "", NULL line is empty */
	assert_int_equal(
		rml_finding_hash("field-overlap", " REG_FIELD(0x10,0,\0003) ,\r\v\f\0", 27),
		0x39b12cd150399841ULL);
	assert_int_equal(rml_finding_hash(NULL, NULL, 99), 0xaf63bd4c8601b7dfULL);
	assert_int_equal(rml_finding_hash("", NULL, 0), 0xaf63bd4c8601b7dfULL);
	assert_int_equal(rml_finding_hash(NULL, "", 0), 0xaf63bd4c8601b7dfULL);
	/* only len bytes count; the rule and the line do not run into each other */
	assert_int_equal(rml_finding_hash("value-range", "regmap_field_write(f, 0x100);XYZ", 29),
			 0xd9c7f6e3ffecf474ULL);
	assert_true(rml_finding_hash("ab", "c", 1) != rml_finding_hash("a", "bc", 2));
}

static const char sample[] =
	"# regmap-lint baseline 1\r\n"
	"\n"
	"# accepted on 2024-06-01\n"
	"00000000000000ff\t2\tfield-overlap\tdrivers/b.c\tsecond\r\n"
	"00000000000000FF\t1\tfield-overlap\tdrivers/b.c\tfirst\n"
	"0123456789abcdef\t1\tvalue-range\tdrivers/a\\tb\\\\c.c\t"
	"line\\none\\ttab \\\\ back\\rcr\n"
	"ffffffffffffffff\t4294967295\tfield-overlap\tdrivers/a\\tb\\\\c.c\t\n";

static void baseline_parse_take_write(void **state)
{
	struct rml_baseline b;
	char *out;

	(void)state;
	parse_ok(sample, &b);
	assert_int_equal(b.n, 4);
	assert_int_equal(b.version, 1);	/* read as it is; written as version 2 */
	/* sorted: path, rule, hash, occurrence */
	assert_string_equal(b.v[0].path, "drivers/a\tb\\c.c");
	assert_string_equal(b.v[0].rule, "field-overlap");
	assert_int_equal(b.v[0].hash, UINT64_MAX);
	assert_int_equal(b.v[0].occ, 4294967295u);
	assert_string_equal(b.v[0].msg, "");
	assert_string_equal(b.v[1].rule, "value-range");
	assert_int_equal(b.v[1].hash, 0x0123456789abcdefULL);
	assert_string_equal(b.v[1].msg, "line\none\ttab \\ back\rcr");
	assert_string_equal(b.v[2].msg, "first");
	assert_int_equal(b.v[2].occ, 1);
	assert_string_equal(b.v[3].msg, "second");
	for (size_t i = 0; i < b.n; i++)
		assert_false(b.v[i].matched);

	assert_true(rml_baseline_take(&b, "drivers/b.c", "field-overlap", 0xff, 2));
	assert_true(b.v[3].matched);
	assert_false(b.v[2].matched);
	/* any part of the identity differing: not there */
	assert_false(rml_baseline_take(&b, "drivers/b.c", "field-overlap", 0xff, 3));
	assert_false(rml_baseline_take(&b, "drivers/b.c", "field-overlap", 0xfe, 1));
	assert_false(rml_baseline_take(&b, "drivers/b.c", "field-overlaps", 0xff, 1));
	assert_false(rml_baseline_take(&b, "drivers/c.c", "field-overlap", 0xff, 1));
	assert_false(rml_baseline_take(&b, "", "", 0, 0));
	assert_true(rml_baseline_take(&b, "drivers/a\tb\\c.c", "value-range", 0x0123456789abcdefULL,
				      1));
	assert_true(b.v[1].matched);

	/* written sorted, escaped, hex in lower case; and read back the same */
	out = written(&b);
	assert_string_equal(out,
			    RML_BASELINE_HEADER "\n" RML_BASELINE_PATHS "\n"
			    "ffffffffffffffff\t4294967295\tfield-overlap\tdrivers/a\\tb\\\\c.c\t\n"
			    "0123456789abcdef\t1\tvalue-range\tdrivers/a\\tb\\\\c.c\t"
			    "line\\none\\ttab \\\\ back\\rcr\n"
			    "00000000000000ff\t1\tfield-overlap\tdrivers/b.c\tfirst\n"
			    "00000000000000ff\t2\tfield-overlap\tdrivers/b.c\tsecond\n");
	rml_baseline_fini(&b);
	assert_null(b.v);
	assert_int_equal(b.n, 0);
	parse_ok(out, &b);
	assert_int_equal(b.n, 4);
	assert_int_equal(b.version, 2);
	assert_string_equal(b.v[1].msg, "line\none\ttab \\ back\rcr");
	{
		char *again = written(&b);

		assert_string_equal(again, out);
		free(again);
	}
	free(out);
	rml_baseline_fini(&b);
}

static void baseline_add(void **state)
{
	struct rml_baseline b = {0};
	char *out;

	(void)state;
	out = written(&b);
	assert_string_equal(out, "# regmap-lint baseline 2\n# paths: relative to the top of the git "
				 "work tree this file is in (or to the directory regmap-lint ran in, "
				 "outside one)\n");
	free(out);
	/* added out of order, a duplicate identity too; write sorts without changing b */
	rml_baseline_add(&b, "z.c", "r", 2, 1, "z");
	rml_baseline_add(&b, "a.c", "r", 9, 1, NULL);
	for (unsigned i = 40; i > 0; i--)
		rml_baseline_add(&b, "m.c", "r", i, 1, "m");
	rml_baseline_add(&b, "a.c", "r", 9, 1, "dup");
	assert_int_equal(b.n, 43);
	out = written(&b);
	assert_string_equal(b.v[0].path, "z.c");
	assert_non_null(strstr(out, RML_BASELINE_PATHS "\n"
				    "0000000000000009\t1\tr\ta.c\t\n"
				    "0000000000000009\t1\tr\ta.c\tdup\n"
				    "0000000000000001\t1\tr\tm.c\tm\n"
				    "0000000000000002\t1\tr\tm.c\tm\n"));
	assert_non_null(strstr(out, "0000000000000028\t1\tr\tm.c\tm\n"
				    "0000000000000002\t1\tr\tz.c\tz\n"));
	free(out);
	/* found although not sorted; each duplicate once, then still there */
	assert_true(rml_baseline_take(&b, "m.c", "r", 3, 1));
	assert_true(b.v[39].matched);
	assert_true(rml_baseline_take(&b, "a.c", "r", 9, 1));
	assert_true(b.v[1].matched);
	assert_false(b.v[42].matched);
	assert_true(rml_baseline_take(&b, "a.c", "r", 9, 1));
	assert_true(b.v[42].matched);
	assert_true(rml_baseline_take(&b, "a.c", "r", 9, 1));
	assert_false(rml_baseline_take(&b, "a.c", "r", 9, 2));
	rml_baseline_fini(&b);

	/* a parsed baseline with duplicates: each taken once before either twice */
	parse_ok(RML_BASELINE_HEADER "\n"
				     "0000000000000001\t1\tr\tp\tx\n"
				     "0000000000000001\t1\tr\tp\tx\n",
		 &b);
	assert_true(rml_baseline_take(&b, "p", "r", 1, 1));
	assert_true(rml_baseline_take(&b, "p", "r", 1, 1));
	assert_true(b.v[0].matched && b.v[1].matched);
	rml_baseline_fini(&b);
}

static void baseline_errors(void **state)
{
	(void)state;
	PARSE_ERR("", "bl:1: not a regmap-lint baseline (the first line must be "
		      "\"# regmap-lint baseline 2\")");
	PARSE_ERR("0000000000000001\t1\tr\tp\tm\n",
		  "bl:1: not a regmap-lint baseline (the first line must be "
		  "\"# regmap-lint baseline 2\")");
	PARSE_ERR("# regmap-lint baseline 1 \n",
		  "bl:1: not a regmap-lint baseline (the first line must be "
		  "\"# regmap-lint baseline 2\")");
	PARSE_ERR("# regmap-lint baseline 3\n",
		  "bl:1: baseline version 3 is not supported (this regmap-lint reads versions 1 and 2)");
	PARSE_ERR("# regmap-lint baseline 12\n",
		  "bl:1: baseline version 12 is not supported (this regmap-lint reads versions 1 and 2)");
	PARSE_ERR("# regmap-lint baseline \x1b[1m\n",
		  "bl:1: not a regmap-lint baseline (the first line must be "
		  "\"# regmap-lint baseline 2\")");
	PARSE_ERR("# regmap-lint baseline 1\n\n0000000000000001\t1\tr\tp\n",
		  "bl:3: expected 5 tab-separated fields, found 4");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\tp\tm\tx\n",
		  "bl:2: expected 5 tab-separated fields, found 6");
	PARSE_ERR("# regmap-lint baseline 1\n \n",
		  "bl:2: expected 5 tab-separated fields, found 1");
	PARSE_ERR("# regmap-lint baseline 1\n000000000000001\t1\tr\tp\tm\n",
		  "bl:2: bad hash (expected 16 hex digits)");
	PARSE_ERR("# regmap-lint baseline 1\n000000000000000g\t1\tr\tp\tm\n",
		  "bl:2: bad hash (expected 16 hex digits)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t0\tr\tp\tm\n",
		  "bl:2: bad occurrence (expected a number from 1)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t\tr\tp\tm\n",
		  "bl:2: bad occurrence (expected a number from 1)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t+1\tr\tp\tm\n",
		  "bl:2: bad occurrence (expected a number from 1)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t4294967296\tr\tp\tm\n",
		  "bl:2: bad occurrence (expected a number from 1)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t99999999999999999999999\tr\tp\tm\n",
		  "bl:2: bad occurrence (expected a number from 1)");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\t\tp\tm\n", "bl:2: empty rule");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\t\tm\n", "bl:2: empty path");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\\x\tp\tm\n",
		  "bl:2: bad escape in the rule");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\tp\\\tm\n",
		  "bl:2: bad escape in the path");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\tp\tm\\\n",
		  "bl:2: bad escape in the message");
	PARSE_ERR("# regmap-lint baseline 1\n0000000000000001\t1\tr\tp\tm\0\n",
		  "bl:2: NUL byte in the line");
}

static void baseline_load(void **state)
{
	char dir[] = "/tmp/rml-baseline-XXXXXX", path[128], want[256], err[256] = "";
	struct rml_baseline b;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/regmap-lint.baseline", dir);
	assert_int_equal(rml_baseline_load(path, &b, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: cannot open: No such file or directory", path);
	assert_string_equal(err, want);
	assert_int_equal(b.n, 0);

	f = fopen(path, "w");
	assert_non_null(f);
	fputs(sample, f);
	fclose(f);
	assert_int_equal(rml_baseline_load(path, &b, err, sizeof(err)), 0);
	assert_int_equal(b.n, 4);
	rml_baseline_fini(&b);

	f = fopen(path, "a");
	assert_non_null(f);
	fputs("junk\n", f);
	fclose(f);
	assert_int_equal(rml_baseline_load(path, &b, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s:8: expected 5 tab-separated fields, found 1", path);
	assert_string_equal(err, want);
	assert_int_equal(b.n, 0);
	unlink(path);
	rmdir(dir);
}

/* 200000 entries in reverse order: parsed, each taken, written, in n log n. */
static void baseline_large(void **state)
{
	const unsigned n = 200000;
	size_t cap = (size_t)n * 64, len = 0;
	char *text = malloc(cap), *out;
	struct rml_baseline b;
	clock_t t0 = clock();

	(void)state;
	assert_non_null(text);
	len += (size_t)snprintf(text, cap, RML_BASELINE_HEADER "\n" RML_BASELINE_PATHS "\n");
	for (unsigned i = n; i > 0; i--)
		len += (size_t)snprintf(text + len, cap - len, "%016x\t1\tr\td/f%u.c\tmsg\n", i,
					i % 1000);
	parse_ok(text, &b);
	assert_int_equal(b.n, n);
	/* new findings: a thousand, each looked for through the whole baseline */
	for (unsigned i = 1; i <= 1000; i++)
		assert_false(rml_baseline_take(&b, "d/new.c", "r", i, 1));
	for (unsigned i = 1; i <= n; i++) {
		char path[32];

		snprintf(path, sizeof(path), "d/f%u.c", i % 1000);
		assert_true(rml_baseline_take(&b, path, "r", i, 1));
	}
	for (unsigned i = 0; i < n; i++)
		assert_true(b.v[i].matched);
	out = written(&b);
	assert_int_equal(strlen(out), len);
	free(out);
	assert_true(clock() - t0 < 30 * CLOCKS_PER_SEC);
	rml_baseline_fini(&b);
	free(text);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(baseline_hash), cmocka_unit_test(baseline_parse_take_write),
		cmocka_unit_test(baseline_add),	 cmocka_unit_test(baseline_errors),
		cmocka_unit_test(baseline_load), cmocka_unit_test(baseline_large),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("baseline", tests, NULL, NULL);
}
