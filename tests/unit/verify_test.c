/*
 * verify_test: the expected-* directive parser and the matcher of analyzer/cli/verify.c, on
 * literal texts and hand-built diagnostics. Errors and failures are captured with
 * open_memstream() and compared as exact text. argv[1], if given, filters the tests.
 */
#include <limits.h>
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

#include "diag.h"
#include "verify.h"

struct fx {
	struct rml_arena arena;
	struct rml_diags d;
	struct rml_verify v;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	rml_arena_init(&f->arena);
	rml_diags_init(&f->d, &f->arena);
	rml_verify_init(&f->v);
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;

	rml_verify_fini(&f->v);
	rml_diags_fini(&f->d);
	rml_arena_fini(&f->arena);
	free(f);
	return 0;
}

/* Parse text (len bytes, NULs allowed); returns what went to errout (heap, "" when nothing). */
static char *parse_n(struct rml_verify *v, const char *path, const char *text, size_t len,
		     int *rc)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);

	assert_non_null(out);
	*rc = rml_verify_parse(v, path, text, len, out);
	fclose(out);
	return buf;
}

/* A string literal, with its length from sizeof so embedded NULs count. */
#define PARSE(v, path, lit, rc) parse_n((v), (path), (lit), sizeof(lit) - 1, (rc))

/* Parse text that must be well-formed. */
static void parse_ok(struct rml_verify *v, const char *path, const char *text)
{
	int rc;
	char *err = parse_n(v, path, text, strlen(text), &rc);

	assert_string_equal(err, "");
	assert_int_equal(rc, 0);
	free(err);
}

/* Parse text that must be malformed, with exactly `want` on errout. */
static void parse_bad(const char *text, const char *want)
{
	struct rml_verify v;
	int rc;
	char *err;

	rml_verify_init(&v);
	err = parse_n(&v, "a.c", text, strlen(text), &rc);
	assert_string_equal(err, want);
	assert_int_equal(rc, -1);
	assert_int_equal(v.n, 0);
	assert_int_equal(v.nargs, 0);
	assert_int_equal(v.nfiles_no_diag, 0);
	free(err);
	rml_verify_fini(&v);
}

/* Run the check; returns what was printed (heap) and the failure count in *nfail. */
static char *check(struct fx *f, const char *main_path, unsigned *nfail)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);

	assert_non_null(out);
	*nfail = rml_verify_check(&f->v, &f->d, main_path, out);
	fclose(out);
	return buf;
}

static void check_is(struct fx *f, const char *main_path, unsigned want_n, const char *want)
{
	unsigned n;
	char *got = check(f, main_path, &n);

	assert_string_equal(got, want);
	assert_int_equal(n, want_n);
	free(got);
}

static struct rml_diag *diag(struct fx *f, enum rml_sev sev, const char *file, unsigned line,
			     unsigned col, const char *rule, const char *msg)
{
	struct rml_loc loc = { .file = file, .line = line, .col = col };

	return rml_diag_add(&f->d, sev, &loc, rule, "%s", msg);
}

static void note(struct fx *f, struct rml_diag *dg, const char *file, unsigned line, unsigned col,
		 const char *msg)
{
	struct rml_loc loc = { .file = file, .line = line, .col = col };

	rml_diag_note(&f->d, dg, &loc, "%s", msg);
}

static void assert_expect(const struct rml_expect *e, enum rml_sev sev, const char *file,
			  unsigned line, unsigned dir_line, unsigned min, unsigned max,
			  const char *text)
{
	assert_int_equal(e->sev, sev);
	assert_string_equal(e->file, file);
	assert_int_equal(e->line, line);
	assert_int_equal(e->dir_line, dir_line);
	assert_int_equal(e->min, min);
	assert_int_equal(e->max, max);
	assert_string_equal(e->text, text);
}

/* ---- parsing ---- */

static void verify_parse_line_comment(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "static const struct reg_field foo_fields[] = {\n"
		 "\t[F_GAIN] = REG_FIELD(FOO_CTRL, 0, 3), // expected-warning {{overlaps 'F_EN' [field-overlap]}}\n"
		 "};\n");
	assert_int_equal(f->v.n, 1);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 2, 2, 1, 1,
		      "overlaps 'F_EN' [field-overlap]");
	assert_int_equal(f->v.nfiles_no_diag, 0);
	assert_int_equal(f->v.nargs, 0);
}

static void verify_parse_each_kind(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// expected-error {{e}}\n"
		 "// expected-warning {{w}}\n"
		 "// expected-note {{n}}\n"
		 "// expected-remark {{r}}\n");
	assert_int_equal(f->v.n, 4);
	assert_expect(&f->v.e[0], RML_SEV_ERROR, "a.c", 1, 1, 1, 1, "e");
	assert_expect(&f->v.e[1], RML_SEV_WARNING, "a.c", 2, 2, 1, 1, "w");
	assert_expect(&f->v.e[2], RML_SEV_NOTE, "a.c", 3, 3, 1, 1, "n");
	assert_expect(&f->v.e[3], RML_SEV_REMARK, "a.c", 4, 4, 1, 1, "r");
}

static void verify_parse_offsets(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "\n"
		 "\n"
		 "// expected-note@-2 {{'F_EN' is here}}\n"
		 "// expected-warning@+1 {{writes}}\n"
		 "// expected-warning@+0 {{same line}}\n"
		 "// expected-remark@42 {{absolute}}\n"
		 "// expected-error@1{{no space}}\n");
	assert_int_equal(f->v.n, 5);
	assert_expect(&f->v.e[0], RML_SEV_NOTE, "a.c", 1, 3, 1, 1, "'F_EN' is here");
	assert_expect(&f->v.e[1], RML_SEV_WARNING, "a.c", 5, 4, 1, 1, "writes");
	assert_expect(&f->v.e[2], RML_SEV_WARNING, "a.c", 5, 5, 1, 1, "same line");
	assert_expect(&f->v.e[3], RML_SEV_REMARK, "a.c", 42, 6, 1, 1, "absolute");
	assert_expect(&f->v.e[4], RML_SEV_ERROR, "a.c", 1, 7, 1, 1, "no space");
}

static void verify_parse_counts(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// expected-warning {{default}}\n"
		 "// expected-warning 2 {{exactly two}}\n"
		 "// expected-warning 1+ {{at least one}}\n"
		 "// expected-warning 0 {{none}}\n"
		 "// expected-warning@+1 3{{tight}}\n"
		 "// expected-warning\t4294967295\t{{max}}\n");
	assert_int_equal(f->v.n, 6);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 1, 1, 1, 1, "default");
	assert_expect(&f->v.e[1], RML_SEV_WARNING, "a.c", 2, 2, 2, 2, "exactly two");
	assert_expect(&f->v.e[2], RML_SEV_WARNING, "a.c", 3, 3, 1, UINT_MAX, "at least one");
	assert_expect(&f->v.e[3], RML_SEV_WARNING, "a.c", 4, 4, 0, 0, "none");
	assert_expect(&f->v.e[4], RML_SEV_WARNING, "a.c", 6, 5, 3, 3, "tight");
	assert_expect(&f->v.e[5], RML_SEV_WARNING, "a.c", 6, 6, UINT_MAX, UINT_MAX, "max");
}

static void verify_parse_multiple_on_line(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "x(); // expected-warning {{one}} expected-note@+1 {{two}} /* expected-remark 2 {{three}} */\n");
	assert_int_equal(f->v.n, 3);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 1, 1, 1, 1, "one");
	assert_expect(&f->v.e[1], RML_SEV_NOTE, "a.c", 2, 1, 1, 1, "two");
	assert_expect(&f->v.e[2], RML_SEV_REMARK, "a.c", 1, 1, 2, 2, "three");
}

static void verify_parse_block_comment(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "\trml_probe_field(x); /* expected-remark {{reg=0x10 lsb=0 msb=3 width=4}} */\n"
		 "/*\n"
		 " * expected-warning@+2 {{in a block}}\n"
		 " */\n"
		 "\t[F_A] = REG_FIELD(FOO, /* expected-warning {{in an argument}} */ 0, 3),\n");
	assert_int_equal(f->v.n, 3);
	assert_expect(&f->v.e[0], RML_SEV_REMARK, "a.c", 1, 1, 1, 1,
		      "reg=0x10 lsb=0 msb=3 width=4");
	assert_expect(&f->v.e[1], RML_SEV_WARNING, "a.c", 5, 3, 1, 1, "in a block");
	assert_expect(&f->v.e[2], RML_SEV_WARNING, "a.c", 5, 5, 1, 1, "in an argument");
}

static void verify_parse_text_up_to_first_close(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c", "// expected-warning {{ {a} b}}} expected-note {{}}\n");
	assert_int_equal(f->v.n, 2);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 1, 1, 1, 1, " {a} b");
	assert_expect(&f->v.e[1], RML_SEV_NOTE, "a.c", 1, 1, 1, 1, "");
}

static void verify_parse_corpus_args(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// corpus-args: -DCONFIG_PM -DFOO=1\n"
		 "/* corpus-args:\t-I inc  */\n"
		 "/* corpus-args: -DX*/\n"
		 "// corpus-args:\n"
		 "int x; // expected-warning {{w}} corpus-args: -DLAST\r\n");
	assert_int_equal(f->v.nargs, 6);
	assert_string_equal(f->v.args[0], "-DCONFIG_PM");
	assert_string_equal(f->v.args[1], "-DFOO=1");
	assert_string_equal(f->v.args[2], "-I");
	assert_string_equal(f->v.args[3], "inc");
	assert_string_equal(f->v.args[4], "-DX");
	assert_string_equal(f->v.args[5], "-DLAST");
	assert_int_equal(f->v.n, 1);
}

static void verify_parse_corpus_args_many(void **state)
{
	struct fx *f = *state;
	char text[64 * 8 + 32], want[16];
	size_t i, len = 0;

	len += (size_t)sprintf(text + len, "// corpus-args:");
	for (i = 0; i < 64; i++)
		len += (size_t)sprintf(text + len, " -D%zu", i);
	parse_ok(&f->v, "a.c", text);
	assert_int_equal(f->v.nargs, 64);
	for (i = 0; i < 64; i++) {
		snprintf(want, sizeof(want), "-D%zu", i);
		assert_string_equal(f->v.args[i], want);
	}
}

static void verify_parse_prose_is_not_a_directive(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// This is unexpected, and the expected value is 3.\n"
		 "int expected_warning, unexpected_note;\n"
		 "/* notexpected-warning {{x}} un_expected-error {{y}} */\n"
		 "/* the corpus-argsx tag and mycorpus-args: are not tags */\n"
		 "// expected -warning {{z}}\n");
	assert_int_equal(f->v.n, 0);
	assert_int_equal(f->v.nargs, 0);
	assert_int_equal(f->v.nfiles_no_diag, 0);
}

static void verify_parse_no_diagnostics(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c", "// expected-no-diagnostics\n// expected-no-diagnostics\n");
	assert_int_equal(f->v.n, 0);
	assert_int_equal(f->v.nfiles_no_diag, 1);
	parse_ok(&f->v, "b.h", "/* expected-no-diagnostics */");
	assert_int_equal(f->v.nfiles_no_diag, 2);
}

static void verify_parse_no_trailing_newline(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c", "\n\nx; // expected-note {{end}}");
	assert_int_equal(f->v.n, 1);
	assert_expect(&f->v.e[0], RML_SEV_NOTE, "a.c", 3, 3, 1, 1, "end");

	parse_bad("x; // expected-note {{end}", "a.c:1: error: missing '}}' in 'expected-note' directive\n");
	parse_bad("x; // expected-note", "a.c:1: error: missing '{{' in 'expected-note' directive\n");
	parse_bad("x; // expected-note@", "a.c:1: error: bad '@' offset in 'expected-note' directive\n");
	parse_bad("x; // expected-note 2", "a.c:1: error: missing '{{' in 'expected-note' directive\n");
	parse_bad("x; // expected-", "a.c:1: error: unknown directive 'expected-'\n");
}

static void verify_parse_crlf(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// corpus-args: -DA\r\n"
		 "x; // expected-warning@-1 2 {{crlf}}\r\n"
		 "/* corpus-args: -DB */\r\n");
	assert_int_equal(f->v.n, 1);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 1, 2, 2, 2, "crlf");
	assert_int_equal(f->v.nargs, 2);
	assert_string_equal(f->v.args[0], "-DA");
	assert_string_equal(f->v.args[1], "-DB");
}

static void verify_parse_nul_bytes(void **state)
{
	struct fx *f = *state;
	int rc;
	char *err;

	err = PARSE(&f->v, "a.c",
		    "a\0b // expected-warning {{after nul}}\n"
		    "\0\0\n"
		    "// expected-note@-1 {{x}}\0 expected-remark {{y}}\n"
		    "// corpus-args: -DZ",
		    &rc);
	assert_string_equal(err, "");
	assert_int_equal(rc, 0);
	free(err);
	assert_int_equal(f->v.n, 3);
	assert_expect(&f->v.e[0], RML_SEV_WARNING, "a.c", 1, 1, 1, 1, "after nul");
	assert_expect(&f->v.e[1], RML_SEV_NOTE, "a.c", 2, 3, 1, 1, "x");
	assert_expect(&f->v.e[2], RML_SEV_REMARK, "a.c", 3, 3, 1, 1, "y");
	assert_int_equal(f->v.nargs, 1);
	assert_string_equal(f->v.args[0], "-DZ");

	err = PARSE(&f->v, "a.c", "// expected-warning {{a\0b}}\n", &rc);
	assert_string_equal(err, "a.c:1: error: NUL byte in 'expected-warning' text\n");
	assert_int_equal(rc, -1);
	free(err);
	err = PARSE(&f->v, "a.c", "\n// corpus-args: -DA\0-DB\n", &rc);
	assert_string_equal(err, "a.c:2: error: NUL byte in 'corpus-args:' tag\n");
	assert_int_equal(rc, -1);
	free(err);
	/* a NUL where "}}" or a count would be: bounded, no read past len */
	err = PARSE(&f->v, "a.c", "// expected-warning 2\0", &rc);
	assert_string_equal(err, "a.c:1: error: bad count in 'expected-warning' directive\n");
	free(err);
	err = parse_n(&f->v, "a.c", "// expected-warning {{abc}}", 25, &rc);
	assert_string_equal(err, "a.c:1: error: missing '}}' in 'expected-warning' directive\n");
	free(err);
	assert_int_equal(f->v.n, 3);
	assert_int_equal(f->v.nargs, 1);
}

static void verify_parse_empty_and_null(void **state)
{
	struct fx *f = *state;
	int rc;
	char *err = parse_n(&f->v, "a.c", NULL, 10, &rc);

	assert_string_equal(err, "");
	assert_int_equal(rc, 0);
	free(err);
	err = parse_n(&f->v, "a.c", "// expected-warning {{w}}", 0, &rc);
	assert_string_equal(err, "");
	assert_int_equal(rc, 0);
	free(err);
	assert_int_equal(f->v.n, 0);
	assert_int_equal(rml_verify_parse(&f->v, "a.c", "// expected-foo", 15, NULL), -1);
}

/* ---- malformed directives ---- */

static void verify_malformed_missing_open(void **state)
{
	(void)state;
	parse_bad("// expected-warning overlaps\n",
		  "a.c:1: error: missing '{{' in 'expected-warning' directive\n");
	parse_bad("\n// expected-warning: {{x}}\n",
		  "a.c:2: error: missing '{{' in 'expected-warning' directive\n");
	parse_bad("// expected-remark { {x}}\n",
		  "a.c:1: error: missing '{{' in 'expected-remark' directive\n");
	parse_bad("// expected-note @+1 {{x}}\n",
		  "a.c:1: error: missing '{{' in 'expected-note' directive\n");
}

static void verify_malformed_missing_close(void **state)
{
	(void)state;
	parse_bad("// expected-warning {{overlaps\n}}\n",
		  "a.c:1: error: missing '}}' in 'expected-warning' directive\n");
	parse_bad("// expected-error {{x} }\n",
		  "a.c:1: error: missing '}}' in 'expected-error' directive\n");
}

static void verify_malformed_bad_count(void **state)
{
	(void)state;
	parse_bad("// expected-warning 2x {{x}}\n",
		  "a.c:1: error: bad count in 'expected-warning' directive\n");
	parse_bad("// expected-warning 2++ {{x}}\n",
		  "a.c:1: error: bad count in 'expected-warning' directive\n");
	parse_bad("// expected-warning 4294967296 {{x}}\n",
		  "a.c:1: error: bad count in 'expected-warning' directive\n");
	parse_bad("// expected-warning 99999999999999999999999 {{x}}\n",
		  "a.c:1: error: bad count in 'expected-warning' directive\n");
}

static void verify_malformed_bad_offset(void **state)
{
	(void)state;
	parse_bad("// expected-warning@ {{x}}\n",
		  "a.c:1: error: bad '@' offset in 'expected-warning' directive\n");
	parse_bad("// expected-warning@+ {{x}}\n",
		  "a.c:1: error: bad '@' offset in 'expected-warning' directive\n");
	parse_bad("// expected-warning@foo.h:3 {{x}}\n",
		  "a.c:1: error: bad '@' offset in 'expected-warning' directive\n");
	parse_bad("// expected-warning@+4294967295 {{x}}\n",
		  "a.c:1: error: bad '@' offset in 'expected-warning' directive\n");
	parse_bad("// expected-warning@99999999999 {{x}}\n",
		  "a.c:1: error: bad '@' offset in 'expected-warning' directive\n");
}

static void verify_malformed_offset_before_line_1(void **state)
{
	(void)state;
	parse_bad("\n// expected-note@-2 {{x}}\n",
		  "a.c:2: error: 'expected-note' offset points before line 1\n");
	parse_bad("// expected-note@0 {{x}}\n",
		  "a.c:1: error: 'expected-note' offset points before line 1\n");
}

static void verify_malformed_unknown_kind(void **state)
{
	(void)state;
	parse_bad("// expected-foo {{x}}\n", "a.c:1: error: unknown directive 'expected-foo'\n");
	parse_bad("// expected-warnings {{x}}\n",
		  "a.c:1: error: unknown directive 'expected-warnings'\n");
	parse_bad("// expected-warning2 {{x}}\n",
		  "a.c:1: error: unknown directive 'expected-warning2'\n");
	parse_bad("// expected-no-diagnostic\n",
		  "a.c:1: error: unknown directive 'expected-no-diagnostic'\n");
	parse_bad("// the expected-value is 3\n",
		  "a.c:1: error: unknown directive 'expected-value'\n");
	parse_bad("// expected-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
		  "a.c:1: error: unknown directive 'expected-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'\n");
}

static void verify_malformed_no_diagnostics_mix(void **state)
{
	(void)state;
	parse_bad("// expected-no-diagnostics\n// expected-warning {{x}}\n// expected-note {{y}}\n",
		  "a.c:2: error: expected directive cannot follow 'expected-no-diagnostics' directive\n");
	parse_bad("// expected-warning {{x}}\n\n// expected-no-diagnostics\n",
		  "a.c:3: error: 'expected-no-diagnostics' directive cannot follow other expected directives\n");
}

static void verify_malformed_corpus_args(void **state)
{
	(void)state;
	parse_bad("// corpus-args -DFOO\n", "a.c:1: error: missing ':' after 'corpus-args'\n");
	parse_bad("// corpus-args", "a.c:1: error: missing ':' after 'corpus-args'\n");
}

static void verify_malformed_all_reported_and_rolled_back(void **state)
{
	struct fx *f = *state;
	int rc;
	char *err;

	parse_ok(&f->v, "a.c", "// expected-warning {{kept}}\n// corpus-args: -DKEPT\n");
	err = PARSE(&f->v, "b.h",
		    "// expected-warning {{dropped}} expected-foo\n"
		    "// corpus-args: -DDROPPED\n"
		    "// expected-no-diagnostics\n"
		    "// expected-note@-9 {{x}} expected-note {{y\n",
		    &rc);
	assert_string_equal(err,
			    "b.h:1: error: unknown directive 'expected-foo'\n"
			    "b.h:3: error: 'expected-no-diagnostics' directive cannot follow other expected directives\n"
			    "b.h:4: error: 'expected-note' offset points before line 1\n"
			    "b.h:4: error: missing '}}' in 'expected-note' directive\n");
	assert_int_equal(rc, -1);
	free(err);
	assert_int_equal(f->v.n, 1);
	assert_string_equal(f->v.e[0].text, "kept");
	assert_int_equal(f->v.nargs, 1);
	assert_string_equal(f->v.args[0], "-DKEPT");
	assert_int_equal(f->v.nfiles_no_diag, 0);
	/* the vector still grows correctly after a rollback */
	parse_ok(&f->v, "a.c", "// corpus-args: 1 2 3 4 5 6 7 8 9\n");
	assert_int_equal(f->v.nargs, 10);
	assert_string_equal(f->v.args[9], "9");
}

/* ---- matching ---- */

static void verify_check_match(void **state)
{
	struct fx *f = *state;
	struct rml_diag *dg;

	parse_ok(&f->v, "a.c",
		 "\t[F_EN]   = REG_FIELD(FOO_CTRL, 0, 0), // expected-note {{'F_EN' is here}}\n"
		 "\t[F_GAIN] = REG_FIELD(FOO_CTRL, 0, 3), // expected-warning {{overlaps 'F_EN' [field-overlap]}}\n"
		 "\trml_probe_field(x); /* expected-remark {{reg=0x10 lsb=0 msb=3 width=4}} */\n");
	dg = diag(f, RML_SEV_WARNING, "a.c", 2, 14, "field-overlap", "'F_GAIN' overlaps 'F_EN'");
	note(f, dg, "a.c", 1, 14, "'F_EN' is here");
	diag(f, RML_SEV_REMARK, "a.c", 3, 9, NULL, "reg=0x10 lsb=0 msb=3 width=4");
	check_is(f, "a.c", 0, "");
	assert_int_equal(f->v.e[0].seen, 1);
	assert_int_equal(f->v.e[1].seen, 1);
	assert_int_equal(f->v.e[2].seen, 1);
}

static void verify_check_unexpected(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c", "x; // expected-warning {{a}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, "r", "a");
	diag(f, RML_SEV_WARNING, "a.c", 2, 9, "field-overlap", "'F_B' overlaps 'F_A'");
	diag(f, RML_SEV_ERROR, "a.c", 1, 4, NULL, "a");
	check_is(f, "a.c", 2,
		 "a.c:1:4: error seen but not expected: a\n"
		 "a.c:2:9: warning seen but not expected: 'F_B' overlaps 'F_A' [field-overlap]\n");
}

static void verify_check_missing(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "x; // expected-warning {{overlaps}}\n"
		 "// expected-remark@+1 {{width=4}}\n"
		 "\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, "field-overlap", "overlaps 'F_A'");
	diag(f, RML_SEV_REMARK, "a.c", 3, 1, NULL, "width=5");
	check_is(f, "a.c", 2,
		 "a.c:3: remark expected but not seen: {{width=4}}\n"
		 "a.c:3:1: remark seen but not expected: width=5\n");
}

static void verify_check_wrong_line_or_severity(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c", "x; // expected-warning {{w}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 2, 3, NULL, "w");
	diag(f, RML_SEV_NOTE, "a.c", 1, 3, NULL, "w");
	check_is(f, "a.c", 3,
		 "a.c:1: warning expected but not seen: {{w}}\n"
		 "a.c:1:3: note seen but not expected: w\n"
		 "a.c:2:3: warning seen but not expected: w\n");
}

static void verify_check_count_mismatch(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// expected-warning 2 {{writes}}\n"
		 "// expected-warning 2 {{reads}}\n"
		 "// expected-warning 2+ {{frees}}\n"
		 "// expected-warning 1+ {{leaks}}\n"
		 "// expected-warning 0 {{never}}\n"
		 "// expected-warning 1 {{explicit one}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, NULL, "writes 16");
	diag(f, RML_SEV_WARNING, "a.c", 2, 1, NULL, "reads 1");
	diag(f, RML_SEV_WARNING, "a.c", 2, 2, NULL, "reads 2");
	diag(f, RML_SEV_WARNING, "a.c", 2, 3, NULL, "reads 3");
	diag(f, RML_SEV_WARNING, "a.c", 3, 1, NULL, "frees");
	diag(f, RML_SEV_WARNING, "a.c", 4, 1, NULL, "leaks");
	diag(f, RML_SEV_WARNING, "a.c", 4, 2, NULL, "leaks");
	diag(f, RML_SEV_WARNING, "a.c", 4, 3, NULL, "leaks");
	diag(f, RML_SEV_WARNING, "a.c", 5, 1, NULL, "never");
	check_is(f, "a.c", 5,
		 "a.c:1: warning expected but not seen: {{writes}} (expected 2, seen 1)\n"
		 "a.c:2:3: warning seen but not expected: reads 3\n"
		 "a.c:3: warning expected but not seen: {{frees}} (expected at least 2, seen 1)\n"
		 "a.c:5:1: warning seen but not expected: never\n"
		 "a.c:6: warning expected but not seen: {{explicit one}}\n");
	assert_int_equal(f->v.e[3].seen, 3);
}

static void verify_check_first_directive_takes(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "x; // expected-warning {{writes}} expected-warning {{writes}}\n"
		 "// expected-warning@-1 {{16}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, NULL, "writes 8");
	diag(f, RML_SEV_WARNING, "a.c", 1, 2, NULL, "writes 16");
	diag(f, RML_SEV_WARNING, "a.c", 1, 3, NULL, "writes 16");
	check_is(f, "a.c", 0, "");
	assert_int_equal(f->v.e[0].seen, 1);
	assert_int_equal(f->v.e[1].seen, 1);
	assert_int_equal(f->v.e[2].seen, 1);
}

static void verify_check_notes_separately(void **state)
{
	struct fx *f = *state;
	struct rml_diag *dg;

	parse_ok(&f->v, "a.c",
		 "\t[F_EN] = REG_FIELD(R, 0, 0),\n"
		 "\t[F_X] = REG_FIELD(R, 0, 1), // expected-warning {{overlaps}}\n"
		 "// expected-note@-2 {{'F_EN' is here}}\n");
	dg = diag(f, RML_SEV_WARNING, "a.c", 2, 10, "field-overlap", "'F_X' overlaps 'F_EN'");
	note(f, dg, "a.c", 1, 11, "'F_EN' is here");
	note(f, dg, "a.c", 2, 10, "the second note");
	/* a note's text never carries its parent's rule tag, nor its parent's severity */
	check_is(f, "a.c", 1, "a.c:2:10: note seen but not expected: the second note\n");

	rml_verify_fini(&f->v);
	rml_verify_init(&f->v);
	parse_ok(&f->v, "a.c", "x;\n// expected-warning@-1 {{'F_EN' is here}}\n");
	check_is(f, "a.c", 4,
		 "a.c:1: warning expected but not seen: {{'F_EN' is here}}\n"
		 "a.c:1:11: note seen but not expected: 'F_EN' is here\n"
		 "a.c:2:10: warning seen but not expected: 'F_X' overlaps 'F_EN' [field-overlap]\n"
		 "a.c:2:10: note seen but not expected: the second note\n");
}

static void verify_check_rule_tag(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "x; // expected-warning {{overlaps 'F_A' [field-overlap]}}\n"
		 "y; // expected-warning {{[field-overlap]}}\n"
		 "z; // expected-warning {{[field-overlap]}}\n"
		 "w; // expected-warning {{lsb}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, "field-overlap", "'F_B' overlaps 'F_A'");
	diag(f, RML_SEV_WARNING, "a.c", 2, 1, "field-overlap", "anything");
	diag(f, RML_SEV_WARNING, "a.c", 3, 1, NULL, "anything");
	diag(f, RML_SEV_WARNING, "a.c", 4, 1, "field-lsb-gt-msb", "lsb (9) is greater than msb (8)");
	check_is(f, "a.c", 2,
		 "a.c:3: warning expected but not seen: {{[field-overlap]}}\n"
		 "a.c:3:1: warning seen but not expected: anything\n");
}

static void verify_check_no_diagnostics_clean(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "ok-a.c", "// expected-no-diagnostics\nint x;\n");
	check_is(f, "ok-a.c", 0, "");
}

static void verify_check_no_diagnostics_with_diags(void **state)
{
	struct fx *f = *state;
	struct rml_diag *dg;

	parse_ok(&f->v, "ok-a.c", "// expected-no-diagnostics\nint x;\n");
	dg = diag(f, RML_SEV_WARNING, "ok-a.c", 2, 5, "field-overlap", "'F_B' overlaps 'F_A'");
	note(f, dg, "ok-a.c", 1, 5, "'F_A' is here");
	check_is(f, "ok-a.c", 2,
		 "ok-a.c:1:5: note seen but not expected: 'F_A' is here\n"
		 "ok-a.c:2:5: warning seen but not expected: 'F_B' overlaps 'F_A' [field-overlap]\n");
}

static void verify_check_no_directives(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "ko-a.c", "int x; // this was expected to warn\n");
	check_is(f, "ko-a.c", 1,
		 "ko-a.c: error: no expected directives found (use expected-no-diagnostics)\n");
	diag(f, RML_SEV_WARNING, "ko-a.c", 1, 5, "r", "m");
	check_is(f, "ko-a.c", 2,
		 "ko-a.c: error: no expected directives found (use expected-no-diagnostics)\n"
		 "ko-a.c:1:5: warning seen but not expected: m [r]\n");
}

static void verify_check_header_file(void **state)
{
	struct fx *f = *state;
	struct rml_diag *dg;

	parse_ok(&f->v, "drivers/foo.c",
		 "#include \"foo.h\"\n"
		 "x; // expected-warning {{overlaps 'F_EN'}}\n"
		 "y; // expected-warning {{lost}}\n");
	parse_ok(&f->v, "drivers/foo.h",
		 "#define FOO_CTRL 0x10\n"
		 "// expected-note@-1 {{'F_EN' is here}}\n"
		 "// expected-remark {{never}}\n");
	dg = diag(f, RML_SEV_WARNING, "drivers/foo.c", 2, 1, "field-overlap", "overlaps 'F_EN'");
	note(f, dg, "drivers/foo.h", 1, 9, "'F_EN' is here");
	diag(f, RML_SEV_WARNING, "drivers/foo.h", 2, 1, "r", "in header");
	diag(f, RML_SEV_WARNING, "drivers/other.h", 1, 1, "r", "elsewhere");
	check_is(f, "drivers/foo.c", 4,
		 "drivers/foo.c:3: warning expected but not seen: {{lost}}\n"
		 "drivers/foo.h:2:1: warning seen but not expected: in header [r]\n"
		 "drivers/foo.h:3: remark expected but not seen: {{never}}\n"
		 "drivers/other.h:1:1: warning seen but not expected: elsewhere [r]\n");
}

static void verify_check_header_no_diagnostics(void **state)
{
	struct fx *f = *state;

	/* a header that only says expected-no-diagnostics satisfies "some directive" */
	parse_ok(&f->v, "a.c", "int x;\n");
	parse_ok(&f->v, "a.h", "// expected-no-diagnostics\n");
	check_is(f, "a.c", 0, "");
}

static void verify_check_path_normalisation(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "./a.c", "x; // expected-warning {{one}}\n");
	parse_ok(&f->v, "b.c", "y; // expected-warning {{two}}\n");
	parse_ok(&f->v, "sub/c.c", "z; // expected-warning {{three}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, NULL, "one");
	diag(f, RML_SEV_WARNING, "././b.c", 1, 1, NULL, "two");
	diag(f, RML_SEV_WARNING, ".//sub/c.c", 1, 1, NULL, "three");
	check_is(f, "a.c", 0, "");
	diag(f, RML_SEV_WARNING, "/a.c", 1, 1, NULL, "one");
	diag(f, RML_SEV_WARNING, "x/../a.c", 1, 1, NULL, "one");
	check_is(f, "a.c", 2,
		 "/a.c:1:1: warning seen but not expected: one\n"
		 "x/../a.c:1:1: warning seen but not expected: one\n");
}

static void verify_check_realpath(void **state)
{
	struct fx *f = *state;
	char dir[] = "/tmp/verify_test.XXXXXX";
	char file[64], sub[64], via[96], want[256];
	FILE *fp;

	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/a.c", dir);
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(via, sizeof(via), "%s/sub/../a.c", dir);
	fp = fopen(file, "w");
	assert_non_null(fp);
	fclose(fp);
	assert_int_equal(mkdir(sub, 0700), 0);

	parse_ok(&f->v, file, "x; // expected-warning {{one}}\n");
	diag(f, RML_SEV_WARNING, via, 1, 1, NULL, "one");
	check_is(f, file, 0, "");
	/* once the file is gone the two spellings differ */
	assert_int_equal(unlink(file), 0);
	snprintf(want, sizeof(want),
		 "%s:1: warning expected but not seen: {{one}}\n"
		 "%s:1:1: warning seen but not expected: one\n", file, via);
	check_is(f, file, 2, want);
	assert_int_equal(rmdir(sub), 0);
	assert_int_equal(rmdir(dir), 0);
}

static void verify_check_failure_order(void **state)
{
	struct fx *f = *state;

	parse_ok(&f->v, "a.c",
		 "// expected-warning@+2 {{late}}\n"
		 "// expected-warning {{early}}\n"
		 "\n");
	parse_ok(&f->v, "a.h", "// expected-note {{h}}\n");
	diag(f, RML_SEV_WARNING, "b.h", 1, 1, NULL, "other file");
	diag(f, RML_SEV_WARNING, "a.h", 2, 1, NULL, "header");
	diag(f, RML_SEV_WARNING, "a.c", 3, 9, NULL, "col 9");
	diag(f, RML_SEV_WARNING, "a.c", 3, 2, NULL, "col 2");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, NULL, "first");
	check_is(f, "a.c", 8,
		 "a.c:1:1: warning seen but not expected: first\n"
		 "a.c:2: warning expected but not seen: {{early}}\n"
		 "a.c:3: warning expected but not seen: {{late}}\n"
		 "a.c:3:2: warning seen but not expected: col 2\n"
		 "a.c:3:9: warning seen but not expected: col 9\n"
		 "a.h:1: note expected but not seen: {{h}}\n"
		 "a.h:2:1: warning seen but not expected: header\n"
		 "b.h:1:1: warning seen but not expected: other file\n");
}

static void verify_check_repeatable(void **state)
{
	struct fx *f = *state;
	unsigned n;

	parse_ok(&f->v, "a.c", "x; // expected-warning 2 {{w}}\n");
	diag(f, RML_SEV_WARNING, "a.c", 1, 1, NULL, "w");
	diag(f, RML_SEV_WARNING, "a.c", 1, 2, NULL, "w");
	check_is(f, "a.c", 0, "");
	check_is(f, "a.c", 0, "");
	/* out may be NULL: the count alone */
	n = rml_verify_check(&f->v, &f->d, "a.c", NULL);
	assert_int_equal(n, 0);
	assert_int_equal(f->v.e[0].seen, 2);
}

/* ---- robustness ---- */

static void verify_parse_random_input(void **state)
{
	static const char *const frag[] = {
		"expected-", "warning", "note", "error", "remark", "no-diagnostics", "@", "@+",
		"@-", "+", "-", "{{", "}}", "{", "}", " ", "\t", "\n", "\r", "//", "/*", "*/",
		"0", "1", "9", "4294967295", "99999999999", "corpus-args", ":", "x", "_",
		"expected-warning {{a}}", "expected-note@-1 2+ {{b}}",
	};
	struct fx *f = *state;
	char buf[512];
	uint32_t seed = 12345;
	int i;

	for (i = 0; i < 20000; i++) {
		size_t len = 0, k, nfrag;

		seed = seed * 1103515245u + 12345u;
		nfrag = (seed >> 16) % 40;
		for (k = 0; k < nfrag; k++) {
			const char *s;
			size_t sl;

			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 17 == 0) {
				s = (seed >> 24) & 1 ? "\0" : "\xff";
				sl = 1;
			} else {
				s = frag[(seed >> 16) % RML_ARRAY_SIZE(frag)];
				sl = strlen(s);
			}
			if (len + sl > sizeof(buf))
				break;
			memcpy(buf + len, s, sl);
			len += sl;
		}
		/* exact-size heap copy, so ASan sees any read past len */
		{
			char *t = malloc(len ? len : 1);
			int rc;

			assert_non_null(t);
			memcpy(t, buf, len);
			rc = rml_verify_parse(&f->v, "fuzz.c", t, len, NULL);
			assert_true(rc == 0 || rc == -1);
			free(t);
		}
	}
	/* whatever was accepted still checks cleanly */
	(void)rml_verify_check(&f->v, &f->d, "fuzz.c", NULL);
}

/*
 * rml_diags_grouped: one rule, one file, one group make one cause, shown as the first with
 * a note at the second listing the others; anything else apart; d itself unchanged.
 */
static void diags_grouped(void **state)
{
	struct fx *f = *state;
	struct rml_diags view;
	struct rml_diag *a, *b, *c, *other_rule, *other_file, *other_key, *ungrouped;

	a = diag(f, RML_SEV_WARNING, "t.c", 10, 5, "field-exceeds-reg-width", "a");
	note(f, a, "t.c", 90, 1, "'conf' sets val_bits = 16 here");
	b = diag(f, RML_SEV_WARNING, "t.c", 11, 5, "field-exceeds-reg-width", "b");
	other_key = diag(f, RML_SEV_WARNING, "t.c", 12, 5, "field-exceeds-reg-width", "x");
	c = diag(f, RML_SEV_WARNING, "t.c", 13, 5, "field-exceeds-reg-width", "c");
	other_rule = diag(f, RML_SEV_WARNING, "t.c", 14, 5, "field-overlap", "o");
	other_file = diag(f, RML_SEV_WARNING, "u.h", 3, 5, "field-exceeds-reg-width", "h");
	ungrouped = diag(f, RML_SEV_WARNING, "t.c", 15, 5, "field-exceeds-reg-width", "n");
	a->group = b->group = c->group = " in 'tbl'\ntbl conf 16";
	other_key->group = " in 'tbl'\ntbl conf2 16";
	other_rule->group = other_file->group = a->group;
	(void)ungrouped;
	rml_diags_sort(&f->d);
	rml_diags_init(&view, &f->arena);
	rml_diags_grouped(&f->d, &view);
	assert_int_equal(rml_diags_count(&view), 5);	/* b and c folded into a */
	assert_string_equal(rml_diags_at(&view, 0)->msg, "a");
	assert_int_equal(rml_diags_at(&view, 0)->nnotes, 2);
	assert_string_equal(rml_diags_at(&view, 0)->notes[1].msg,
			    "and 2 more like it in 'tbl': lines 11, 13");
	assert_int_equal(rml_diags_at(&view, 0)->notes[1].loc.line, 11);
	assert_int_equal(a->nnotes, 1);	/* the finding itself keeps its notes */
	assert_string_equal(rml_diags_at(&view, 1)->msg, "x");
	assert_string_equal(rml_diags_at(&view, 2)->msg, "o");
	assert_string_equal(rml_diags_at(&view, 3)->msg, "n");
	assert_string_equal(rml_diags_at(&view, 4)->msg, "h");
	rml_diags_fini(&view);
}

/* The group goes from worker to parent (and into records); a 0.2.0 record has none. */
static void diags_pack_group(void **state)
{
	struct fx *f = *state;
	struct rml_diags back;
	struct rml_diag *a;
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);
	static const char old[] = "D 1 3 4 0 1\0t.c\0write-exceeds-field-width\0writes 4\0";

	a = diag(f, RML_SEV_WARNING, "t.c", 10, 5, "field-exceeds-reg-width", "a");
	a->group = " in 'tbl'\nkey";
	(void)diag(f, RML_SEV_WARNING, "t.c", 11, 5, "field-overlap", "b");
	assert_non_null(out);
	rml_diags_pack(&f->d, out);
	fclose(out);
	rml_diags_init(&back, &f->arena);
	assert_int_equal(rml_diags_unpack(&back, buf, n), 0);
	assert_int_equal(rml_diags_count(&back), 2);
	assert_string_equal(rml_diags_at(&back, 0)->group, " in 'tbl'\nkey");
	assert_null(rml_diags_at(&back, 1)->group);
	assert_string_equal(rml_diags_at(&back, 1)->msg, "b");
	assert_int_equal(rml_diags_unpack(&back, old, sizeof(old) - 1), 0);
	assert_int_equal(rml_diags_count(&back), 3);
	assert_null(rml_diags_at(&back, 2)->group);
	assert_string_equal(rml_diags_at(&back, 2)->msg, "writes 4");
	rml_diags_fini(&back);
	free(buf);
}

#define T(name) cmocka_unit_test_setup_teardown(name, fx_setup, fx_teardown)

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		T(diags_grouped),
		T(diags_pack_group),
		T(verify_parse_line_comment),
		T(verify_parse_each_kind),
		T(verify_parse_offsets),
		T(verify_parse_counts),
		T(verify_parse_multiple_on_line),
		T(verify_parse_block_comment),
		T(verify_parse_text_up_to_first_close),
		T(verify_parse_corpus_args),
		T(verify_parse_corpus_args_many),
		T(verify_parse_prose_is_not_a_directive),
		T(verify_parse_no_diagnostics),
		T(verify_parse_no_trailing_newline),
		T(verify_parse_crlf),
		T(verify_parse_nul_bytes),
		T(verify_parse_empty_and_null),
		T(verify_malformed_missing_open),
		T(verify_malformed_missing_close),
		T(verify_malformed_bad_count),
		T(verify_malformed_bad_offset),
		T(verify_malformed_offset_before_line_1),
		T(verify_malformed_unknown_kind),
		T(verify_malformed_no_diagnostics_mix),
		T(verify_malformed_corpus_args),
		T(verify_malformed_all_reported_and_rolled_back),
		T(verify_check_match),
		T(verify_check_unexpected),
		T(verify_check_missing),
		T(verify_check_wrong_line_or_severity),
		T(verify_check_count_mismatch),
		T(verify_check_first_directive_takes),
		T(verify_check_notes_separately),
		T(verify_check_rule_tag),
		T(verify_check_no_diagnostics_clean),
		T(verify_check_no_diagnostics_with_diags),
		T(verify_check_no_directives),
		T(verify_check_header_file),
		T(verify_check_header_no_diagnostics),
		T(verify_check_path_normalisation),
		T(verify_check_realpath),
		T(verify_check_failure_order),
		T(verify_check_repeatable),
		T(verify_parse_random_input),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("verify", tests, NULL, NULL);
}
