/*
 * verify_fuzz: libFuzzer harness for the corpus expectation parser and matcher
 * (analyzer/cli/verify.c). The input is a file's text (NUL bytes and all, as --verify reads
 * it): parsed as the main file, then again as a driver header; then matched against
 * diagnostics made from the directives it yielded (one at each expected line with its
 * text, so matches, counts and misses are all exercised) plus one nobody expects.
 * Besides ASan/UBSan, the contract of verify.h is checked: a failed parse leaves the
 * state as it was; every directive has a line >= 1, min <= max and NUL-free text.
 * Built and run by ci/fuzz (meson -Dfuzz=true); seeds in tests/fuzz/seeds/verify/.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;	/* the parser's and matcher's messages: printed, then thrown away */

static void expect(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "verify_fuzz: broken contract: %s\n", what);
		abort();
	}
}

static void parse_as(struct rml_verify *v, const char *path, const char *text, size_t len)
{
	size_t n0 = v->n, nargs0 = v->nargs, nnd0 = v->nfiles_no_diag;
	int rc = rml_verify_parse(v, path, text, len, sink);

	if (rc < 0) {
		expect(rc == -1, "an error other than -1");
		expect(v->n == n0 && v->nargs == nargs0 && v->nfiles_no_diag == nnd0,
		       "a failed parse changed the state");
		return;
	}
	expect(rc == 0, "a result other than 0 or -1");
	expect(v->n >= n0 && v->nargs >= nargs0, "a parse lost directives");
	for (size_t i = n0; i < v->n; i++) {
		const struct rml_expect *e = &v->e[i];

		expect(e->line >= 1 && e->dir_line >= 1, "a directive before line 1");
		expect(e->min <= e->max, "a count range upside down");
		expect(e->text && strlen(e->text) <= len, "a directive text longer than the file");
		expect(!strcmp(e->file, path), "a directive in another file");
	}
	for (size_t i = nargs0; i < v->nargs; i++)
		expect(v->args[i][0] != '\0', "an empty corpus-args word");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rml_verify v;
	struct rml_arena arena;
	struct rml_diags d;
	struct rml_loc loc;
	struct rml_diag *dg;
	unsigned failures;
	const char *text = (const char *)data;

	if (!sink)
		sink = fopen("/dev/null", "w");
	rml_verify_init(&v);
	parse_as(&v, "fuzz.c", text, size);
	parse_as(&v, "fuzz.h", text, size);

	rml_arena_init(&arena);
	rml_diags_init(&d, &arena);
	for (size_t i = 0; i < v.n; i++) {
		loc = (struct rml_loc){ .file = v.e[i].file, .line = v.e[i].line, .col = 1 };
		dg = rml_diag_add(&d, v.e[i].sev == RML_SEV_NOTE ? RML_SEV_WARNING : v.e[i].sev,
				  &loc, i % 2 ? "field-overlap" : NULL, "%s", v.e[i].text);
		if (v.e[i].sev == RML_SEV_NOTE)
			rml_diag_note(&d, dg, &loc, "%s", v.e[i].text);
	}
	loc = (struct rml_loc){ .file = "./fuzz.c", .line = 1, .col = 1 };
	rml_diag_add(&d, RML_SEV_WARNING, &loc, "field-overlap", "unexpected");
	rml_diags_sort(&d);
	failures = rml_verify_check(&v, &d, "fuzz.c", sink);
	expect(failures <= 2 * v.n + 2 * rml_diags_count(&d) + 1, "more failures than items");
	rml_diags_fini(&d);
	rml_arena_fini(&arena);
	rml_verify_fini(&v);
	return 0;
}
