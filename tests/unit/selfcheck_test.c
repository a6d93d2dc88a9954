/*
 * selfcheck_test: keeps the rule table, the rule docs, the corpus and the README's rules
 * table in agreement, so that one name is used everywhere: rule id = rules/<id with
 * _>.{c,md} = corpus/<id>/ = the [tag] in its ko- files = a row of the README with the
 * rule's summary.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rule.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	fclose(f);
	return buf;
}

static void snake(const char *id, char *out, size_t n)
{
	snprintf(out, n, "%s", id);
	for (char *p = out; *p; p++)
		if (*p == '-')
			*p = '_';
}

static void selfcheck_ids_are_kebab_case_and_unique(void **state)
{
	(void)state;
	for (size_t i = 0; i < rml_nrules; i++) {
		const char *id = rml_rules[i]->id;

		for (const char *p = id; *p; p++)
			if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '-')
				fail_msg("rule %zu '%s': id is not kebab-case", i, id);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(id, rml_rules[j]->id))
				fail_msg("rule %zu '%s': id used twice", i, id);
		if (!rml_rules[i]->check_table && !rml_rules[i]->check_facts &&
		    !rml_rules[i]->check_write && !rml_rules[i]->check_life &&
		    !rml_rules[i]->check_regcall)
			fail_msg("rule %zu '%s': no hook", i, id);
	}
}

static void selfcheck_docs_open_with_the_summary(void **state)
{
	(void)state;
	for (size_t i = 0; i < rml_nrules; i++) {
		const struct rml_rule *r = rml_rules[i];
		char path[512], sn[128], head[256], *doc;

		snake(r->id, sn, sizeof(sn));
		snprintf(path, sizeof(path), "%s/rules/%s.md", RML_SRCDIR, sn);
		doc = slurp(path);
		if (!doc)
			fail_msg("rule '%s': no doc %s", r->id, path);
		snprintf(head, sizeof(head), "# %s\n\n%s\n", r->id, r->summary);
		if (strncmp(doc, head, strlen(head)))
			fail_msg("rule '%s': %s must open with \"# %s\", a blank line and the summary "
				 "\"%s\"", r->id, path, r->id, r->summary);
		if (!strstr(doc, "\n## What happens at runtime") || !strstr(doc, "\n## Stays silent when") ||
		    !strstr(doc, "\n## Examples") || !strstr(doc, "\n## Fix-it"))
			fail_msg("rule '%s': %s lacks a required section", r->id, path);
		free(doc);
		snprintf(path, sizeof(path), "%s/rules/%s.c", RML_SRCDIR, sn);
		doc = slurp(path);
		if (!doc)
			fail_msg("rule '%s': no source %s", r->id, path);
		free(doc);
	}
}

/* A "ko-x.c"/"ok-x.c" file name at p (after a blank, a backquote or a parenthesis). */
static bool names_corpus_file(const char *doc, const char *p)
{
	const char *q = p + 3;

	if (strncmp(p, "ko-", 3) && strncmp(p, "ok-", 3))
		return false;
	if (p > doc && !strchr(" `(/\n", p[-1]))
		return false;
	while (islower((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '-')
		q++;
	return q > p + 3 && q[0] == '.' && q[1] == 'c' && !isalnum((unsigned char)q[2]);
}

/*
 * What --explain prints is read where no checkout is: every page says how to fix and how to
 * silence (the inline comment naming the rule), shows its examples instead of naming corpus
 * files, and has no empty section ("Options: None").
 */
static void selfcheck_docs_are_self_contained(void **state)
{
	(void)state;
	for (size_t i = 0; i < rml_nrules; i++) {
		const struct rml_rule *r = rml_rules[i];
		char path[512], sn[128], sup[160], *doc, *fix, *sil;

		snake(r->id, sn, sizeof(sn));
		snprintf(path, sizeof(path), "%s/rules/%s.md", RML_SRCDIR, sn);
		doc = slurp(path);
		assert_non_null(doc);
		fix = strstr(doc, "\n## How to fix\n");
		sil = strstr(doc, "\n## How to silence\n");
		if (!fix || !sil)
			fail_msg("rule '%s': %s lacks \"## How to fix\" or \"## How to silence\"",
				 r->id, path);
		snprintf(sup, sizeof(sup), "regmap-lint: ignore %s", r->id);
		if (!strstr(sil, sup))
			fail_msg("rule '%s': %s's How to silence does not show \"%s\"", r->id,
				 path, sup);
		if (strstr(doc, "\nNone.\n") || strstr(doc, "\n## Options\n\nNone"))
			fail_msg("rule '%s': %s has an empty section (\"None.\")", r->id, path);
		for (const char *p = doc; *p; p++) {
			const char *id = p + 7;
			bool dir = false;

			for (size_t j = 0; !strncmp(p, "corpus/", 7) && j < rml_nrules; j++) {
				size_t n = strlen(rml_rules[j]->id);

				dir |= !strncmp(id, rml_rules[j]->id, n) && id[n] == '/';
			}
			if (dir || names_corpus_file(doc, p) || !strncmp(p, "corpus/drivers/", 15))
				fail_msg("rule '%s': %s names a corpus file (\"%.30s\"): show the "
					 "code instead", r->id, path, p);
		}
		free(doc);
	}
}

static void selfcheck_corpus_has_ko_and_ok(void **state)
{
	(void)state;
	for (size_t i = 0; i < rml_nrules; i++) {
		const struct rml_rule *r = rml_rules[i];
		char dir[512], path[1024], tag[160];
		struct dirent *de;
		int ko = 0, ok = 0;
		DIR *d;

		snprintf(dir, sizeof(dir), "%s/corpus/%s", RML_SRCDIR, r->id);
		snprintf(tag, sizeof(tag), "[%s]", r->id);
		d = opendir(dir);
		if (!d)
			fail_msg("rule '%s': no corpus folder %s", r->id, dir);
		while ((de = readdir(d))) {
			char *text;

			if (!strstr(de->d_name, ".c"))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			text = slurp(path);
			if (!strncmp(de->d_name, "ko-", 3) && text && strstr(text, tag))
				ko++;
			else if (!strncmp(de->d_name, "ok-", 3) && text && !strstr(text, tag))
				ok++;
			else if (strncmp(de->d_name, "ok-", 3) && strncmp(de->d_name, "ko-", 3))
				fail_msg("rule '%s': %s is neither ko- nor ok-", r->id, path);
			free(text);
		}
		closedir(d);
		if (!ko)
			fail_msg("rule '%s': no ko-*.c in %s expecting %s", r->id, dir, tag);
		if (!ok)
			fail_msg("rule '%s': no ok-*.c in %s (that expects no %s)", r->id, dir, tag);
	}
}

/* The README's rules table (under "## Rules"): one row per rule, its summary, no other. */
static void selfcheck_readme_lists_every_rule(void **state)
{
	char path[512], row[512], *readme, *sec, *end, *p;
	size_t nrows = 0;

	(void)state;
	snprintf(path, sizeof(path), "%s/README.md", RML_SRCDIR);
	readme = slurp(path);
	if (!readme)
		fail_msg("no %s", path);
	sec = strstr(readme, "\n## Rules\n");
	if (!sec)
		fail_msg("%s has no \"## Rules\" section", path);
	end = strstr(sec + 1, "\n## ");
	if (end)
		*end = '\0';
	for (size_t i = 0; i < rml_nrules; i++) {
		snprintf(row, sizeof(row), "\n| `%s` | %s |\n", rml_rules[i]->id, rml_rules[i]->summary);
		if (!strstr(sec, row))
			fail_msg("rule '%s': %s's rules table lacks the row \"%.*s\"", rml_rules[i]->id,
				 path, (int)strlen(row) - 2, row + 1);
	}
	for (p = sec; (p = strstr(p, "\n| `")); p++)
		nrows++;
	if (nrows != rml_nrules)
		fail_msg("%s's rules table has %zu rows for %zu rules", path, nrows, rml_nrules);
	free(readme);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(selfcheck_ids_are_kebab_case_and_unique),
		cmocka_unit_test(selfcheck_docs_open_with_the_summary),
		cmocka_unit_test(selfcheck_docs_are_self_contained),
		cmocka_unit_test(selfcheck_corpus_has_ko_and_ok),
		cmocka_unit_test(selfcheck_readme_lists_every_rule),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("selfcheck", tests, NULL, NULL);
}
