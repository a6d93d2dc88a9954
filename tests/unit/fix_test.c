/* fix: --fix and --fix=patch on hand-made findings (overlaps, copies, ranges, the diff). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "fix.h"

static char dir[] = "/tmp/rml-fix-test.XXXXXX";
static char path[sizeof(dir) + 16];

static const char text[] = "line one\n\tREG_FIELD(R, 5, 3),\nline three\n";

static void write_text(const char *t)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(t, f);
	fclose(f);
}

static char *read_text(void)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* A finding with edits given as (line1, col1, line2, col2, text), n of them. */
static void finding(struct rml_diags *d, size_t n, ...)
{
	struct rml_loc loc = { path, 2, 1 };
	struct rml_diag *g = rml_diag_add(d, RML_SEV_WARNING, &loc, "field-lsb-gt-msb", "x");
	va_list ap;

	va_start(ap, n);
	for (size_t i = 0; i < n; i++) {
		struct rml_range r = { path, 0, 0, 0, 0 };

		r.line1 = va_arg(ap, unsigned);
		r.col1 = va_arg(ap, unsigned);
		r.line2 = va_arg(ap, unsigned);
		r.col2 = va_arg(ap, unsigned);
		rml_diag_edit(d, g, &r, va_arg(ap, const char *));
	}
	va_end(ap);
}

struct run {
	struct rml_arena a;
	struct rml_diags d;
	struct rml_fixes fx;
	char err[1024];
	FILE *ef;
	size_t nfixed, nfiles;
};

static void run_begin(struct run *r)
{
	rml_arena_init(&r->a);
	rml_diags_init(&r->d, &r->a);
	rml_fixes_init(&r->fx);
	memset(r->err, 0, sizeof(r->err));
	r->ef = fmemopen(r->err, sizeof(r->err) - 1, "w");
	write_text(text);
}

static int run_apply(struct run *r)
{
	int rc;

	rml_fixes_tap(&r->fx, &r->d);
	rc = rml_fixes_apply(&r->fx, r->ef, &r->nfixed, &r->nfiles);
	fflush(r->ef);
	return rc;
}

static void run_end(struct run *r)
{
	fclose(r->ef);
	rml_fixes_fini(&r->fx);
	rml_diags_fini(&r->d);
	rml_arena_fini(&r->a);
}

/* The swap of two operands, applied in place; the file's mode is kept. */
static void test_swap(void **state)
{
	struct run r;
	struct stat st;

	(void)state;
	run_begin(&r);
	chmod(path, 0640);
	finding(&r.d, 2, 2u, 15u, 2u, 16u, "3", 2u, 18u, 2u, 19u, "5");
	assert_int_equal(run_apply(&r), 0);
	assert_string_equal(read_text(), "line one\n\tREG_FIELD(R, 3, 5),\nline three\n");
	assert_int_equal(r.nfixed, 1);
	assert_int_equal(r.nfiles, 1);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	run_end(&r);
}

/* Two findings with the same edit (one #define for two uses): made once. */
static void test_copies(void **state)
{
	struct run r;

	(void)state;
	run_begin(&r);
	finding(&r.d, 1, 2u, 15u, 2u, 16u, "4");
	finding(&r.d, 1, 2u, 15u, 2u, 16u, "4");
	assert_int_equal(run_apply(&r), 0);
	assert_string_equal(read_text(), "line one\n\tREG_FIELD(R, 4, 3),\nline three\n");
	assert_int_equal(r.nfixed, 2);
	run_end(&r);
}

/* Two findings' edits that overlap: refused with one line, the file as it was. */
static void test_overlap(void **state)
{
	struct run r;

	(void)state;
	run_begin(&r);
	finding(&r.d, 1, 2u, 15u, 2u, 16u, "4");
	finding(&r.d, 1, 2u, 12u, 2u, 19u, "R, 1, 2");
	assert_int_equal(run_apply(&r), -1);
	assert_string_equal(read_text(), text);
	assert_non_null(strstr(r.err, "overlap"));
	assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);	/* one line */
	assert_int_equal(r.nfiles, 0);
	run_end(&r);
}

/* Two different insertions at one place conflict too (their order would be a guess). */
static void test_insertions(void **state)
{
	struct run r;

	(void)state;
	run_begin(&r);
	finding(&r.d, 1, 1u, 1u, 1u, 1u, "a");
	finding(&r.d, 1, 1u, 1u, 1u, 1u, "b");
	assert_int_equal(run_apply(&r), -1);
	assert_string_equal(read_text(), text);
	run_end(&r);
}

/* A range that is not in the file (it changed since): refused. */
static void test_out_of_file(void **state)
{
	struct run r;

	(void)state;
	run_begin(&r);
	finding(&r.d, 1, 2u, 15u, 2u, 90u, "4");
	assert_int_equal(run_apply(&r), -1);
	assert_string_equal(read_text(), text);
	assert_non_null(strstr(r.err, "not in the file"));
	run_end(&r);
}

/* The patch: a/ b/, one hunk with its context, the marker for a last line with no newline. */
static void test_patch(void **state)
{
	struct run r;
	char out[2048] = { 0 }, want[2048], *cwd = getcwd(NULL, 0);
	FILE *of = fmemopen(out, sizeof(out) - 1, "w");

	(void)state;
	run_begin(&r);
	write_text("a\nb\n\tREG_FIELD(R, 5, 3)");
	finding(&r.d, 2, 3u, 15u, 3u, 16u, "3", 3u, 18u, 3u, 19u, "5");
	rml_fixes_tap(&r.fx, &r.d);
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(rml_fixes_patch(&r.fx, of, r.ef, &r.nfixed), 0);
	assert_int_equal(chdir(cwd), 0);
	fclose(of);
	snprintf(want, sizeof(want),
		 "--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n a\n b\n-\tREG_FIELD(R, 5, 3)\n"
		 "\\ No newline at end of file\n+\tREG_FIELD(R, 3, 5)\n"
		 "\\ No newline at end of file\n");
	assert_string_equal(out, want);
	assert_string_equal(read_text(), "a\nb\n\tREG_FIELD(R, 5, 3)");	/* not written */
	free(cwd);
	run_end(&r);
}

/* Worker -> parent and kbuild records: the edits survive pack and unpack. */
static void test_pack(void **state)
{
	struct run r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct rml_arena a2;
	struct rml_diags d2;
	const struct rml_diag *g;

	(void)state;
	run_begin(&r);
	finding(&r.d, 2, 2u, 15u, 2u, 16u, "a\"b\n", 2u, 18u, 2u, 19u, "");
	rml_diags_pack(&r.d, f);
	fclose(f);
	rml_arena_init(&a2);
	rml_diags_init(&d2, &a2);
	assert_int_equal(rml_diags_unpack(&d2, buf, len), 0);
	assert_int_equal(rml_diags_count(&d2), 1);
	g = rml_diags_at(&d2, 0);
	assert_int_equal(g->nedits, 2);
	assert_string_equal(g->edits[0].text, "a\"b\n");
	assert_string_equal(g->edits[1].text, "");
	assert_int_equal(g->edits[1].r.col2, 19);
	assert_string_equal(g->edits[0].r.file, path);
	rml_diags_fini(&d2);
	rml_arena_fini(&a2);
	free(buf);
	run_end(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swap),
		cmocka_unit_test(test_copies),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_insertions),
		cmocka_unit_test(test_out_of_file),
		cmocka_unit_test(test_patch),
		cmocka_unit_test(test_pack),
	};
	int rc;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/f.c", dir);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(path);
	rmdir(dir);
	return rc;
}
