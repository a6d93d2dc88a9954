/*
 * config_test: analyzer/cli/config.c: the key = value syntax, every error with its exact
 * "PATH:LINE: reason", the baseline path resolved against the config's directory, loading,
 * and the upward search in a directory tree made under /tmp. argv[1], if given, filters the
 * tests.
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

#include "config.h"

static void parse_ok(const char *text, const char *path, struct rml_config *c)
{
	char err[256] = "";
	int rc = rml_config_parse(text, strlen(text), path, c, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
	assert_string_equal(c->path, path);
}

static void parse_err_n(const char *text, size_t len, const char *want)
{
	struct rml_config c;
	char err[256] = "";

	assert_int_equal(rml_config_parse(text, len, "d/.regmap-lint", &c, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_null(c.path);
	assert_null(c.enable);
	assert_null(c.disable);
	assert_null(c.baseline);
	assert_int_equal(c.siblings, -1);
	rml_config_fini(&c);
}

#define PARSE_ERR(lit, want) parse_err_n((lit), sizeof(lit) - 1, (want))

static void assert_str(const char *got, const char *want)
{
	if (want)
		assert_string_equal(got, want);
	else
		assert_null(got);
}

static void config_parse(void **state)
{
	struct rml_config c;

	(void)state;
	parse_ok("# regmap-lint settings for this tree\n"
		 "\n"
		 "enable = field-*, value-range ,mask-*\n"
		 "  disable=field-max-from-mask\t\r\n"
		 "\tsiblings = No\n"
		 "baseline = ../ci/./regmap-lint.baseline # a comment after a blank\n"
		 "   # indented comment",
		 "/src/linux/.regmap-lint", &c);
	assert_string_equal(c.enable, "field-*,value-range,mask-*");
	assert_int_equal(c.enable_line, 3);
	assert_string_equal(c.disable, "field-max-from-mask");
	assert_int_equal(c.disable_line, 4);
	assert_int_equal(c.siblings, 0);
	assert_string_equal(c.baseline, "/src/ci/regmap-lint.baseline");
	rml_config_fini(&c);
	/* a '#' with no blank before it is part of the value; one after a tab starts a comment */
	parse_ok("baseline = ci/a#b\ndisable = field-overlap\t#\tthe table is known\n", "/r/.regmap-lint",
		 &c);
	assert_string_equal(c.baseline, "/r/ci/a#b");
	assert_string_equal(c.disable, "field-overlap");
	assert_null(c.enable);
	assert_int_equal(c.enable_line, 0);
	rml_config_fini(&c);
	assert_null(c.path);
	assert_int_equal(c.siblings, -1);

	/* nothing set */
	parse_ok("", "x", &c);
	assert_null(c.enable);
	assert_null(c.disable);
	assert_null(c.baseline);
	assert_int_equal(c.siblings, -1);
	rml_config_fini(&c);

	/* every boolean; a value may hold '=' */
	static const struct {
		const char *word;
		int v;
	} bools[] = {{"yes", 1}, {"YES", 1},   {"true", 1},  {"True", 1}, {"1", 1},
		     {"no", 0},	 {"false", 0}, {"FALSE", 0}, {"0", 0}};
	for (size_t i = 0; i < sizeof(bools) / sizeof(bools[0]); i++) {
		char text[64];

		snprintf(text, sizeof(text), "siblings = %s\n", bools[i].word);
		parse_ok(text, "x", &c);
		assert_int_equal(c.siblings, bools[i].v);
		rml_config_fini(&c);
	}
	parse_ok("\xef\xbb\xbf"
		 "enable = a=b\n",
		 "x", &c);
	assert_string_equal(c.enable, "a=b");
	rml_config_fini(&c);
}

static void config_baseline_paths(void **state)
{
	static const struct {
		const char *cfg, *value, *want;
	} cases[] = {
		{".regmap-lint", "base.txt", "base.txt"},
		{".regmap-lint", "./ci/../base.txt", "base.txt"},
		{"sub/.regmap-lint", "base.txt", "sub/base.txt"},
		{"sub/.regmap-lint", "../base.txt", "base.txt"},
		{"sub/.regmap-lint", "../../base.txt", "../base.txt"},
		{"/k/linux/.regmap-lint", "ci/b", "/k/linux/ci/b"},
		{"/.regmap-lint", "b", "/b"},
		{"/k/.regmap-lint", "/abs/./b", "/abs/b"},
	};
	struct rml_config c;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[128];

		snprintf(text, sizeof(text), "baseline = %s", cases[i].value);
		parse_ok(text, cases[i].cfg, &c);
		assert_str(c.baseline, cases[i].want);
		rml_config_fini(&c);
	}
}

static void config_errors(void **state)
{
	(void)state;
	PARSE_ERR("enable field-*\n", "d/.regmap-lint:1: missing '=' (expected 'key = value')");
	PARSE_ERR("\n# c\n = x\n", "d/.regmap-lint:3: missing key before '='");
	PARSE_ERR("enabled = x", "d/.regmap-lint:1: unknown key 'enabled' (enable, disable, "
				 "siblings, baseline)");
	PARSE_ERR("Enable = x", "d/.regmap-lint:1: unknown key 'Enable' (enable, disable, "
				"siblings, baseline)");
	PARSE_ERR("en\x1b[1mable = x", "d/.regmap-lint:1: unknown key 'en?[1mable' (enable, "
				       "disable, siblings, baseline)");
	PARSE_ERR("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyyy = 1",
		  "d/.regmap-lint:1: unknown key "
		  "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (enable, "
		  "disable, siblings, baseline)");
	PARSE_ERR("enable = a\nsiblings = 1\nenable = b\n",
		  "d/.regmap-lint:3: duplicate key 'enable' (first on line 1)");
	PARSE_ERR("enable =\n", "d/.regmap-lint:1: no value for 'enable'");
	PARSE_ERR("enable = # none yet\n", "d/.regmap-lint:1: no value for 'enable'");
	PARSE_ERR("baseline =  \t\n", "d/.regmap-lint:1: no value for 'baseline'");
	PARSE_ERR("siblings=", "d/.regmap-lint:1: no value for 'siblings'");
	PARSE_ERR("disable = a,,b", "d/.regmap-lint:1: empty rule in 'disable'");
	PARSE_ERR("enable = a, ", "d/.regmap-lint:1: empty rule in 'enable'");
	PARSE_ERR("enable = ,a", "d/.regmap-lint:1: empty rule in 'enable'");
	PARSE_ERR("siblings = maybe",
		  "d/.regmap-lint:1: bad boolean 'maybe' for 'siblings' (yes, no, true, false, 1 "
		  "or 0)");
	PARSE_ERR(
		"siblings = y",
		"d/.regmap-lint:1: bad boolean 'y' for 'siblings' (yes, no, true, false, 1 or 0)");
	PARSE_ERR("siblings = yes please",
		  "d/.regmap-lint:1: bad boolean 'yes please' for 'siblings' (yes, no, true, "
		  "false, 1 or 0)");
	PARSE_ERR("enable = a\0b\n", "d/.regmap-lint:1: NUL byte in the line");
}

/* dir/rel made as a directory (with its parents). */
static void mkdirs(const char *dir, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (char *p = path + strlen(dir) + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	}
	assert_int_equal(mkdir(path, 0755), 0);
}

static void touch(const char *dir, const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void find_is(const char *file, const char *dir, const char *want_rel)
{
	char *found = (char *)1, want[512];

	if (!want_rel) {
		assert_int_equal(rml_config_find(file, &found), 0);
		assert_null(found);
		return;
	}
	snprintf(want, sizeof(want), "%s/%s", dir, want_rel);
	assert_int_equal(rml_config_find(file, &found), 1);
	assert_string_equal(found, want);
	free(found);
}

static void config_find_and_load(void **state)
{
	char tmp[] = "/tmp/rml-config-XXXXXX", dir[256], file[512], cwd[512], err[1024], want[1024];
	struct rml_config c;
	struct stat st;

	(void)state;
	assert_non_null(mkdtemp(tmp));
	assert_non_null(realpath(tmp, dir));
	mkdirs(dir, "a/b/c/.regmap-lint"); /* a directory of that name is no config */
	mkdirs(dir, "none");
	touch(dir, ".regmap-lint", "siblings = yes\n");
	touch(dir, "a/b/.regmap-lint", "enable = field-*\nbaseline = bl\n");

	snprintf(file, sizeof(file), "%s/a/b/c/x.c", dir);
	find_is(file, dir, "a/b/.regmap-lint");
	snprintf(file, sizeof(file), "%s/a/b/x.c", dir);
	find_is(file, dir, "a/b/.regmap-lint");
	snprintf(file, sizeof(file), "%s/a/y.c", dir);
	find_is(file, dir, ".regmap-lint");
	/* not there yet, written oddly */
	snprintf(file, sizeof(file), "%s//a/./b/new/dir/../z.c", dir);
	find_is(file, dir, "a/b/.regmap-lint");
	snprintf(file, sizeof(file), "%s/a/b/../../none/z.c", dir);
	find_is(file, dir, ".regmap-lint");

	/* relative to the current directory */
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	snprintf(file, sizeof(file), "%s/a/b/c", dir);
	assert_int_equal(chdir(file), 0);
	find_is("x.c", dir, "a/b/.regmap-lint");
	find_is("../../q.c", dir, ".regmap-lint");
	find_is("./../x.c", dir, "a/b/.regmap-lint");
	assert_int_equal(chdir(cwd), 0);

	/* none at all, when the machine has none above /tmp */
	if (stat("/tmp/.regmap-lint", &st) && stat("/.regmap-lint", &st)) {
		char lone[] = "/tmp/rml-config-none-XXXXXX";

		assert_non_null(mkdtemp(lone));
		snprintf(file, sizeof(file), "%s/x.c", lone);
		find_is(file, NULL, NULL);
		rmdir(lone);
	}

	/* load: the baseline relative to the config's own directory */
	snprintf(file, sizeof(file), "%s/a/b/.regmap-lint", dir);
	assert_int_equal(rml_config_load(file, &c, err, sizeof(err)), 0);
	assert_string_equal(c.enable, "field-*");
	snprintf(want, sizeof(want), "%s/a/b/bl", dir);
	assert_string_equal(c.baseline, want);
	rml_config_fini(&c);
	touch(dir, "a/b/.regmap-lint", "enable = field-*\nbogus\n");
	assert_int_equal(rml_config_load(file, &c, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s:2: missing '=' (expected 'key = value')", file);
	assert_string_equal(err, want);
	assert_null(c.path);
	snprintf(file, sizeof(file), "%s/none/.regmap-lint", dir);
	assert_int_equal(rml_config_load(file, &c, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: cannot open: No such file or directory", file);
	assert_string_equal(err, want);
	assert_int_equal(c.siblings, -1);

	snprintf(file, sizeof(file), "%s/a/b/.regmap-lint", dir);
	unlink(file);
	snprintf(file, sizeof(file), "%s/.regmap-lint", dir);
	unlink(file);
	for (const char *const *d = (const char *const[]){"a/b/c/.regmap-lint", "a/b/c", "a/b", "a",
							  "none", "", NULL};
	     *d; d++) {
		snprintf(file, sizeof(file), "%s/%s", dir, *d);
		assert_int_equal(rmdir(file), 0);
	}
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(config_parse),
		cmocka_unit_test(config_baseline_paths),
		cmocka_unit_test(config_errors),
		cmocka_unit_test(config_find_and_load),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
