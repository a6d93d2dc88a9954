/*
 * util_test: the file reader and the lexical path folding of analyzer/engine/util.c (the arena and
 * the vectors are exercised by every other unit). argv[1], if given, filters the tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util.h"

static void fold_is(const char *in, const char *want)
{
	char *got = rml_path_fold(in);

	if (strcmp(got, want))
		print_error("fold(\"%s\") = \"%s\", want \"%s\"\n", in, got, want);
	assert_string_equal(got, want);
	free(got);
}

static void join_is(const char *dir, const char *rel, const char *want)
{
	char *got = rml_path_join(dir, rel);

	assert_string_equal(got, want);
	free(got);
}

static void util_fold(void **state)
{
	(void)state;
	fold_is("", ".");
	fold_is(".", ".");
	fold_is("./", ".");
	fold_is("/", "/");
	fold_is("//", "/");
	fold_is("/..", "/");
	fold_is("/../a", "/a");
	fold_is("a", "a");
	fold_is("a/", "a");
	fold_is("a//b", "a/b");
	fold_is("./a/./b/.", "a/b");
	fold_is("a/..", ".");
	fold_is("a/../..", "..");
	fold_is("../a", "../a");
	fold_is("../../a/../b", "../../b");
	fold_is("a/b/../../../c", "../c");
	fold_is("/x/y/../z/./w/", "/x/z/w");
	fold_is("/x/y/../../..", "/");
	fold_is("a/.../b", "a/.../b");
	fold_is("a/..b/.c", "a/..b/.c");
	fold_is("/home/u/linux/./drivers/../drivers/power/x.c", "/home/u/linux/drivers/power/x.c");
}

static void util_join(void **state)
{
	(void)state;
	join_is("/k", "drivers/x.c", "/k/drivers/x.c");
	join_is("/k/", "./drivers/x.c", "/k/drivers/x.c");
	join_is("/k/build", "../drivers/x.c", "/k/drivers/x.c");
	join_is("/k", "/abs/./x.c", "/abs/x.c");
	join_is(NULL, "a/../b", "b");
	join_is("", "a/./b", "a/b");
	join_is(".", "base", "base");
	join_is("rel/dir", "../f", "rel/f");
}

static void util_read_bytes(void **state)
{
	char dir[] = "/tmp/rml-util-XXXXXX", path[64], err[128] = "";
	static const char data[] = "a\0b\nc";
	char *text = (char *)1;
	size_t len = 99;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, sizeof(data) - 1, f), sizeof(data) - 1);
	fclose(f);

	assert_int_equal(rml_read_bytes(path, &text, &len, err, sizeof(err)), 0);
	assert_int_equal(len, sizeof(data) - 1);
	assert_memory_equal(text, data, sizeof(data)); /* and the NUL after it */
	free(text);

	/* empty file */
	f = fopen(path, "wb");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(rml_read_bytes(path, &text, &len, err, sizeof(err)), 0);
	assert_int_equal(len, 0);
	assert_string_equal(text, "");
	free(text);

	assert_int_equal(rml_read_bytes(dir, &text, &len, err, sizeof(err)), -1);
	assert_string_equal(err, "is a directory");
	assert_null(text);
	assert_int_equal(len, 0);
	assert_int_equal(rml_read_bytes("/dev/null", &text, &len, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	unlink(path);
	assert_int_equal(rml_read_bytes(path, &text, &len, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot open: No such file or directory");
	assert_null(text);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(util_fold),
		cmocka_unit_test(util_join),
		cmocka_unit_test(util_read_bytes),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
