/*
 * udiff_test: analyzer/cli/udiff.c on diffs as git 2.39 and GNU diff write them (git diff,
 * git diff -U0, git format-patch with a cover letter, renames, mode changes, binary files,
 * quoted names, CRLF), every parse error with its exact message, the added-line lookup, and
 * applying hunks: at their line, at offsets, to created files, across a missing newline, and
 * failing. argv[1], if given, filters the tests.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "udiff.h"

static void parse_ok(const char *text, int strip, struct rml_udiff *d)
{
	char err[256] = "";
	int rc = rml_udiff_parse(text, strlen(text), strip, d, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
}

static void parse_err_n(const char *text, size_t len, int strip, const char *want)
{
	struct rml_udiff d;
	char err[256] = "";

	assert_int_equal(rml_udiff_parse(text, len, strip, &d, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_null(d.v);
	assert_int_equal(d.n, 0);
	assert_null(d.text);
	rml_udiff_fini(&d);
}

#define PARSE_ERR(lit, want) parse_err_n((lit), sizeof(lit) - 1, -1, (want))

static void assert_path(const char *got, const char *want)
{
	if (!want)
		assert_null(got);
	else
		assert_string_equal(got, want);
}

static void assert_file(const struct rml_udiff_file *f, const char *old, const char *new,
			size_t nhunks)
{
	assert_path(f->old_path, old);
	assert_path(f->new_path, new);
	assert_int_equal(f->nhunks, nhunks);
}

static void assert_hunk(const struct rml_hunk *h, unsigned os, unsigned oc, unsigned ns,
			unsigned nc, const char *body)
{
	assert_int_equal(h->old_start, os);
	assert_int_equal(h->old_count, oc);
	assert_int_equal(h->new_start, ns);
	assert_int_equal(h->new_count, nc);
	assert_int_equal(h->body_len, strlen(body));
	assert_memory_equal(h->body, body, h->body_len);
}

/* The added lines of f among 1..max, as a string of their numbers: "2 9 10". */
static char *added_lines(const struct rml_udiff_file *f, unsigned max, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i <= max; i++)
		if (rml_udiff_added(f, i))
			n += (size_t)snprintf(buf + n, len - n, "%s%u", n ? " " : "", i);
	return buf;
}

/* Apply f to base; the result must be want. */
static void apply_is(const struct rml_udiff_file *f, const char *base, const char *want)
{
	char *out = NULL, err[256] = "";
	size_t outlen = 0;
	int rc = rml_udiff_apply(f, base, strlen(base), &out, &outlen, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
	assert_int_equal(outlen, strlen(want));
	assert_string_equal(out, want);
	free(out);
}

static void apply_fails(const struct rml_udiff_file *f, const char *base, const char *want)
{
	char *out = (char *)1, err[256] = "";
	size_t outlen = 99;

	assert_int_equal(rml_udiff_apply(f, base, strlen(base), &out, &outlen, err, sizeof(err)),
			 -1);
	assert_string_equal(err, want);
	assert_null(out);
	assert_int_equal(outlen, 0);
}

/* git diff --cached: a created, a changed (losing its missing newline), a deleted file. */
static const char git_diff[] = "diff --git a/new.c b/new.c\n"
			       "new file mode 100644\n"
			       "index 0000000..07f33c4\n"
			       "--- /dev/null\n"
			       "+++ b/new.c\n"
			       "@@ -0,0 +1,2 @@\n"
			       "+new\n"
			       "+file\n"
			       "diff --git a/nonl.txt b/nonl.txt\n"
			       "index 54d55bf..4cb29ea 100644\n"
			       "--- a/nonl.txt\n"
			       "+++ b/nonl.txt\n"
			       "@@ -1,3 +1,3 @@\n"
			       " one\n"
			       " two\n"
			       "-three\n"
			       "\\ No newline at end of file\n"
			       "+three\n"
			       "diff --git a/old.txt b/old.txt\n"
			       "deleted file mode 100644\n"
			       "index 286c5f5..0000000\n"
			       "--- a/old.txt\n"
			       "+++ /dev/null\n"
			       "@@ -1 +0,0 @@\n"
			       "-gone\n"
			       "diff --git a/x.c b/x.c\n"
			       "index 73c0999..82a78c2 100644\n"
			       "--- a/x.c\n"
			       "+++ b/x.c\n"
			       "@@ -1,10 +1,11 @@\n"
			       " int a;\n"
			       "-int b;\n"
			       "+int B;\n"
			       " int c;\n"
			       " int d;\n"
			       " int e;\n"
			       " int f;\n"
			       " int g;\n"
			       " int h;\n"
			       "-int i;\n"
			       "+int i2;\n"
			       "+int i3;\n"
			       " int j;\n";

static const char x_old[] = "int a;\nint b;\nint c;\nint d;\nint e;\nint f;\nint g;\nint h;\n"
			    "int i;\nint j;\n";
static const char x_new[] = "int a;\nint B;\nint c;\nint d;\nint e;\nint f;\nint g;\nint h;\n"
			    "int i2;\nint i3;\nint j;\n";

static void udiff_git_diff(void **state)
{
	struct rml_udiff d;
	char buf[128];

	(void)state;
	parse_ok(git_diff, -1, &d);
	assert_int_equal(d.n, 4);
	assert_file(&d.v[0], NULL, "new.c", 1);
	assert_hunk(&d.v[0].hunks[0], 0, 0, 1, 2, "+new\n+file\n");
	assert_file(&d.v[1], "nonl.txt", "nonl.txt", 1);
	assert_hunk(&d.v[1].hunks[0], 1, 3, 1, 3,
		    " one\n two\n-three\n\\ No newline at end of file\n+three\n");
	assert_file(&d.v[2], "old.txt", NULL, 1);
	assert_hunk(&d.v[2].hunks[0], 1, 1, 0, 0, "-gone\n");
	assert_file(&d.v[3], "x.c", "x.c", 1);
	assert_int_equal(d.v[3].hunks[0].body - d.text, strstr(git_diff, " int a;") - git_diff);

	assert_string_equal(added_lines(&d.v[0], 20, buf, sizeof(buf)), "1 2");
	assert_string_equal(added_lines(&d.v[1], 20, buf, sizeof(buf)), "3");
	assert_string_equal(added_lines(&d.v[2], 20, buf, sizeof(buf)), "");
	assert_string_equal(added_lines(&d.v[3], 20, buf, sizeof(buf)), "2 9 10");

	apply_is(&d.v[0], "", "new\nfile\n");
	apply_is(&d.v[1], "one\ntwo\nthree", "one\ntwo\nthree\n");
	apply_is(&d.v[2], "gone\n", "");
	apply_is(&d.v[3], x_old, x_new);
	/* the old file must end without a newline, as the diff says */
	apply_fails(&d.v[1], "one\ntwo\nthree\n", "hunk 1 (@@ -1,3 +1,3 @@) does not apply");
	apply_fails(&d.v[0], "x", "the diff creates the file, but it exists");

	assert_ptr_equal(rml_udiff_find(&d, "x.c"), &d.v[3]);
	assert_ptr_equal(rml_udiff_find(&d, "/src/tree/x.c"), &d.v[3]);
	assert_ptr_equal(rml_udiff_find(&d, "./new.c"), &d.v[0]);
	assert_ptr_equal(rml_udiff_find(&d, "old.txt"), NULL); /* deleted */
	assert_ptr_equal(rml_udiff_find(&d, "ax.c"), NULL);
	assert_ptr_equal(rml_udiff_find(&d, ""), NULL);
	rml_udiff_fini(&d);
	assert_null(d.v);
	assert_null(d.text);

	/* -p0 keeps the prefixes, -p1 is what auto found */
	parse_ok(git_diff, 0, &d);
	assert_file(&d.v[0], NULL, "b/new.c", 1);
	assert_file(&d.v[3], "a/x.c", "b/x.c", 1);
	assert_ptr_equal(rml_udiff_find(&d, "x.c"), &d.v[3]); /* "b/x.c" ends with "/x.c" */
	rml_udiff_fini(&d);
}

/* git diff -U0 of the same change: what clang-tidy-diff.py reads. */
static const char git_diff_u0[] = "diff --git a/nonl.txt b/nonl.txt\n"
				  "index 54d55bf..4cb29ea 100644\n"
				  "--- a/nonl.txt\n"
				  "+++ b/nonl.txt\n"
				  "@@ -3 +3 @@ two\n"
				  "-three\n"
				  "\\ No newline at end of file\n"
				  "+three\n"
				  "diff --git a/x.c b/x.c\n"
				  "index 73c0999..82a78c2 100644\n"
				  "--- a/x.c\n"
				  "+++ b/x.c\n"
				  "@@ -2 +2 @@ int a;\n"
				  "-int b;\n"
				  "+int B;\n"
				  "@@ -9 +9,2 @@ int h;\n"
				  "-int i;\n"
				  "+int i2;\n"
				  "+int i3;\n"
				  "@@ -10,0 +12,2 @@ int j;\n"
				  "+int k;\n"
				  "+int l;\n"
				  "@@ -11 +13,0 @@ int j;\n"
				  "-int gone;\n";

static void udiff_u0(void **state)
{
	struct rml_udiff d;
	char buf[128];

	(void)state;
	parse_ok(git_diff_u0, -1, &d);
	assert_int_equal(d.n, 2);
	assert_file(&d.v[0], "nonl.txt", "nonl.txt", 1);
	assert_hunk(&d.v[0].hunks[0], 3, 1, 3, 1, "-three\n\\ No newline at end of file\n+three\n");
	assert_file(&d.v[1], "x.c", "x.c", 4);
	assert_hunk(&d.v[1].hunks[0], 2, 1, 2, 1, "-int b;\n+int B;\n");
	assert_hunk(&d.v[1].hunks[1], 9, 1, 9, 2, "-int i;\n+int i2;\n+int i3;\n");
	assert_hunk(&d.v[1].hunks[2], 10, 0, 12, 2, "+int k;\n+int l;\n");
	assert_hunk(&d.v[1].hunks[3], 11, 1, 13, 0, "-int gone;\n");
	assert_string_equal(added_lines(&d.v[0], 20, buf, sizeof(buf)), "3");
	assert_string_equal(added_lines(&d.v[1], 20, buf, sizeof(buf)), "2 9 10 12 13");
	assert_false(rml_udiff_added(&d.v[1], 0));
	assert_false(rml_udiff_added(&d.v[1], 4000000000u));

	apply_is(&d.v[0], "one\ntwo\nthree", "one\ntwo\nthree\n");
	apply_is(&d.v[1],
		 "int a;\nint b;\nint c;\nint d;\nint e;\nint f;\nint g;\nint h;\n"
		 "int i;\nint j;\nint gone;\n",
		 "int a;\nint B;\nint c;\nint d;\nint e;\nint f;\nint g;\nint h;\n"
		 "int i2;\nint i3;\nint j;\nint k;\nint l;\n");
	rml_udiff_fini(&d);
}

/* git format-patch --cover-letter: two mails, the cover's stat and the signatures. */
static const char mail[] =
	"From 1f3d711960c3dd9783679e0bf763aefc368f135b Mon Sep 17 00:00:00 2001\n"
	"From: A <a@b>\n"
	"Date: Thu, 3 Dec 2026 15:42:34 +0000\n"
	"Subject: [PATCH 0/1] *** SUBJECT HERE ***\n"
	"\n"
	"*** BLURB HERE ***\n"
	"--- a/not/a/diff\n"
	"@@ -1 +1 @@\n"
	"\n"
	"A (1):\n"
	"  change things\n"
	"\n"
	" x.c      | 5 +++--\n"
	" 1 file changed, 3 insertions(+), 2 deletions(-)\n"
	"\n"
	"-- \n"
	"2.39.5\n"
	"\n"
	"From 1f3d711960c3dd9783679e0bf763aefc368f135b Mon Sep 17 00:00:00 2001\n"
	"From: A <a@b>\n"
	"Date: Thu, 3 Dec 2026 15:42:34 +0000\n"
	"Subject: [PATCH 1/1] change things\n"
	"\n"
	"Body text.\n"
	"---\n"
	" x.c      | 5 +++--\n"
	" 1 file changed, 3 insertions(+), 2 deletions(-)\n"
	"\n"
	"diff --git a/x.c b/x.c\n"
	"index 73c0999..82a78c2 100644\n"
	"--- a/x.c\n"
	"+++ b/x.c\n"
	"@@ -1,3 +1,3 @@\n"
	" int a;\n"
	"-int b;\n"
	"+int B;\n"
	" int c;\n"
	"@@ -8,3 +8,4 @@ int g;\n"
	" int h;\n"
	"-int i;\n"
	"+int i2;\n"
	"+int i3;\n"
	" int j;\n"
	"-- \n"
	"2.39.5\n"
	"\n";

static void udiff_format_patch(void **state)
{
	struct rml_udiff d;
	char buf[128];

	(void)state;
	parse_ok(mail, -1, &d);
	assert_int_equal(d.n, 1);
	assert_file(&d.v[0], "x.c", "x.c", 2);
	assert_hunk(&d.v[0].hunks[1], 8, 3, 8, 4,
		    " int h;\n-int i;\n+int i2;\n+int i3;\n int j;\n");
	assert_string_equal(added_lines(&d.v[0], 20, buf, sizeof(buf)), "2 9 10");
	apply_is(&d.v[0], x_old, x_new);
	rml_udiff_fini(&d);

	/* a mailer that trims the signature's blank; and one that drops an empty context line */
	parse_ok("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+B\n--\nsig\n", -1, &d);
	assert_file(&d.v[0], "f", "f", 1);
	assert_hunk(&d.v[0].hunks[0], 1, 3, 1, 3, " a\n\n-b\n+B\n");
	assert_string_equal(added_lines(&d.v[0], 5, buf, sizeof(buf)), "3");
	apply_is(&d.v[0], "a\n\nb\nc\n", "a\n\nB\nc\n");
	rml_udiff_fini(&d);
}

static void udiff_git_headers(void **state)
{
	struct rml_udiff d;

	(void)state;
	parse_ok("diff --git a/x.c b/y.c\n"
		 "similarity index 100%\n"
		 "rename from x.c\n"
		 "rename to y.c\n"
		 "diff --git a/nonl.txt b/nonl.txt\n"
		 "old mode 100644\n"
		 "new mode 100755\n"
		 "diff --git a/sp ace/f i.c b/sp ace/f i.c\n"
		 "index 7898192..422c2b7 100644\n"
		 "--- a/sp ace/f i.c\t\n"
		 "+++ b/sp ace/f i.c\t\n"
		 "@@ -1 +1,2 @@\n"
		 " a\n"
		 "+b\n"
		 "diff --git \"a/t\\303\\251st.c\" \"b/t\\303\\251st.c\"\n"
		 "index c600332..bf6aea4 100644\n"
		 "--- \"a/t\\303\\251st.c\"\n"
		 "+++ \"b/t\\303\\251st.c\"\n"
		 "@@ -1 +1,2 @@\n"
		 " \xc3\xa9\n"
		 "+b\n"
		 "diff --git a/empty b/empty\n"
		 "new file mode 100644\n"
		 "index 0000000..e69de29\n"
		 "diff --git a/gone b/gone\n"
		 "deleted file mode 100644\n"
		 "index e69de29..0000000\n"
		 "diff --git a/logo.png b/logo.png\n"
		 "index 1111111..2222222 100644\n"
		 "Binary files a/logo.png and b/logo.png differ\n"
		 "diff --git a/bin b/bin\n"
		 "new file mode 100644\n"
		 "index 0000000..1234567\n"
		 "GIT binary patch\n"
		 "literal 5\n"
		 "McmZQzWMXCn0001\n"
		 "\n"
		 "literal 0\n"
		 "HcmV?d00001\n"
		 "\n"
		 "diff --git a/q \"b/w x\"\n"
		 "rename from q\n"
		 "rename to \"w x\"\n"
		 "diff --git a/a b/b c/d e\n"
		 "diff --git a/tab\\tx b/tab\\tx\n"
		 "--- \"a/tab\\tx\"\n"
		 "+++ \"b/tab\\tx\"\n"
		 "@@ -1 +1 @@\n"
		 "-x\n"
		 "+y\n",
		 -1, &d);
	assert_int_equal(d.n, 11);
	assert_file(&d.v[0], "x.c", "y.c", 0);
	assert_file(&d.v[1], "nonl.txt", "nonl.txt", 0);
	assert_file(&d.v[2], "sp ace/f i.c", "sp ace/f i.c", 1);
	assert_file(&d.v[3], "t\xc3\xa9st.c", "t\xc3\xa9st.c", 1);
	assert_file(&d.v[4], NULL, "empty", 0);
	assert_file(&d.v[5], "gone", NULL, 0);
	assert_file(&d.v[6], "logo.png", "logo.png", 0);
	assert_file(&d.v[7], NULL, "bin", 0);
	assert_file(&d.v[8], "q", "w x", 0);
	/* names that cannot be told apart: none */
	assert_file(&d.v[9], NULL, NULL, 0);
	assert_file(&d.v[10], "tab\tx", "tab\tx", 1);
	assert_ptr_equal(rml_udiff_find(&d, "dir/sp ace/f i.c"), &d.v[2]);
	assert_ptr_equal(rml_udiff_find(&d, "y.c"), &d.v[0]);
	{
		char *out = NULL, err[64];
		size_t n;

		/* no hunks: the file as it was */
		assert_int_equal(rml_udiff_apply(&d.v[0], "same\n", 5, &out, &n, err, sizeof(err)),
				 0);
		assert_string_equal(out, "same\n");
		free(out);
		assert_int_equal(rml_udiff_apply(&d.v[4], "", 0, &out, &n, err, sizeof(err)), 0);
		assert_string_equal(out, "");
		assert_int_equal(n, 0);
		free(out);
	}
	rml_udiff_fini(&d);

	parse_ok("diff --git a/a b/b c/d e\nindex 1..2\n", -1, &d);
	assert_file(&d.v[0], NULL, NULL, 0);
	rml_udiff_fini(&d);
}

/* GNU diff -u and diff -ru: dates after a tab, no a/ b/, so nothing is stripped. */
static void udiff_gnu_diff(void **state)
{
	static const char text[] = "Only in new: extra.c\n"
				   "diff -ru old/drivers/x.c new/drivers/x.c\n"
				   "--- old/drivers/x.c\t2024-01-01 10:00:00.000000000 +0100\n"
				   "+++ new/drivers/x.c\t2024-01-02 10:00:00.000000000 +0100\n"
				   "@@ -1,2 +1,2 @@\n"
				   "-a\n"
				   "+A\n"
				   " b\n"
				   "diff -ru old/y.c new/y.c\n"
				   "--- old/y.c\t2024-01-01 10:00:00.000000000 +0100\n"
				   "+++ new/y.c\t2024-01-02 10:00:00.000000000 +0100\n"
				   "@@ -1 +1 @@\n"
				   "-y\n"
				   "+Y\n";
	struct rml_udiff d;
	char err[128];

	(void)state;
	parse_ok(text, -1, &d);
	assert_int_equal(d.n, 2);
	assert_file(&d.v[0], "old/drivers/x.c", "new/drivers/x.c", 1);
	assert_file(&d.v[1], "old/y.c", "new/y.c", 1);
	assert_null(rml_udiff_find(&d, "drivers/y.c"));
	assert_ptr_equal(rml_udiff_find(&d, "drivers/x.c"), &d.v[0]);
	rml_udiff_fini(&d);
	parse_ok(text, 1, &d);
	assert_file(&d.v[0], "drivers/x.c", "drivers/x.c", 1);
	assert_file(&d.v[1], "y.c", "y.c", 1);
	rml_udiff_fini(&d);
	assert_int_equal(rml_udiff_parse(text, sizeof(text) - 1, 2, &d, err, sizeof(err)), -1);
	assert_string_equal(err, "line 11: cannot strip 2 components from \"old/y.c\"");
	assert_int_equal(rml_udiff_parse(text, sizeof(text) - 1, 3, &d, err, sizeof(err)), -1);
	assert_string_equal(err, "line 4: cannot strip 3 components from \"old/drivers/x.c\"");
	/* auto strips only when both sides have their prefix (or are /dev/null) */
	parse_ok("--- a/x.c\n+++ y/x.c\n--- x/z.c\n+++ b/z.c\n--- /dev/null\n+++ b/n.c\n"
		 "--- a/o.c\n+++ /dev/null\n",
		 -1, &d);
	assert_int_equal(d.n, 4);
	assert_file(&d.v[0], "a/x.c", "y/x.c", 0);
	assert_file(&d.v[1], "x/z.c", "b/z.c", 0);
	assert_file(&d.v[2], NULL, "n.c", 0);
	assert_file(&d.v[3], "o.c", NULL, 0);
	rml_udiff_fini(&d);
	/* -p2 on a//b strips "a//" as one separator, as patch does */
	parse_ok("--- x//y/z\n+++ x//y/z\n", 1, &d);
	assert_file(&d.v[0], "y/z", "y/z", 0);
	rml_udiff_fini(&d);
}

static void udiff_crlf(void **state)
{
	static const char text[] = "diff --git a/crlf.c b/crlf.c\r\n"
				   "index 415a78b..ce5d508 100644\r\n"
				   "--- a/crlf.c\r\n"
				   "+++ b/crlf.c\r\n"
				   "@@ -1,3 +1,3 @@\r\n"
				   " x\r\n"
				   "-y\r\n"
				   "+Y\r\n"
				   " z\r\n"
				   "\r\n";
	struct rml_udiff d;
	char buf[64];

	(void)state;
	parse_ok(text, -1, &d);
	assert_int_equal(d.n, 1);
	assert_file(&d.v[0], "crlf.c", "crlf.c", 1);
	assert_hunk(&d.v[0].hunks[0], 1, 3, 1, 3, " x\r\n-y\r\n+Y\r\n z\r\n");
	assert_string_equal(added_lines(&d.v[0], 5, buf, sizeof(buf)), "2");
	/* to a CRLF file as it is; to an LF file as an LF diff (a mail that gained CRs) */
	apply_is(&d.v[0], "x\r\ny\r\nz\r\n", "x\r\nY\r\nz\r\n");
	apply_is(&d.v[0], "x\ny\nz\n", "x\nY\nz\n");
	apply_fails(&d.v[0], "x\r\ny\nz\n", "hunk 1 (@@ -1,3 +1,3 @@) does not apply");
	rml_udiff_fini(&d);
}

static void udiff_apply_offsets(void **state)
{
	static const char text[] = "--- a/f.c\n"
				   "+++ b/f.c\n"
				   "@@ -2,3 +2,3 @@\n"
				   " b\n"
				   "-c\n"
				   "+C\n"
				   " d\n"
				   "@@ -10,3 +10,4 @@\n"
				   " j\n"
				   "+J\n"
				   " k\n"
				   " l\n";
	struct rml_udiff d;
	char buf[64];

	(void)state;
	parse_ok(text, -1, &d);
	assert_string_equal(added_lines(&d.v[0], 20, buf, sizeof(buf)), "3 11");
	/* at the lines it says */
	apply_is(&d.v[0], "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n",
		 "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nJ\nk\nl\nm\n");
	/* three lines above: both hunks at +3, the second found straight from the first's */
	apply_is(&d.v[0], "0\n1\n2\na\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n",
		 "0\n1\n2\na\nb\nC\nd\ne\nf\ng\nh\ni\nj\nJ\nk\nl\n");
	/* the first at -1, the second at +2 from there */
	apply_is(&d.v[0], "b\nc\nd\ne\nf\ng\nh\ni\nX\nY\nj\nk\nl\n",
		 "b\nC\nd\ne\nf\ng\nh\ni\nX\nY\nj\nJ\nk\nl\n");
	/* two places fit: the nearer one wins */
	apply_is(&d.v[0], "b\nc\nd\nb\nc\nd\nj\nk\nl\n", "b\nC\nd\nb\nc\nd\nj\nJ\nk\nl\n");
	apply_is(&d.v[0], "x\nx\nx\nx\nb\nc\nd\nb\nc\nd\nj\nk\nl\n",
		 "x\nx\nx\nx\nb\nC\nd\nb\nc\nd\nj\nJ\nk\nl\n");
	/* the second hunk cannot go before the first */
	apply_fails(&d.v[0], "j\nk\nl\nb\nc\nd\n", "hunk 2 (@@ -10,3 +10,4 @@) does not apply");
	/* nowhere */
	apply_fails(&d.v[0], "a\nb\nc2\nd\n", "hunk 1 (@@ -2,3 +2,3 @@) does not apply");
	apply_fails(&d.v[0], "", "hunk 1 (@@ -2,3 +2,3 @@) does not apply");
	/* context must match whole lines, blanks included */
	apply_fails(&d.v[0], "b \nc\nd\n", "hunk 1 (@@ -2,3 +2,3 @@) does not apply");
	rml_udiff_fini(&d);

	/* equally near before and after: after, as patch(1) tries +N before -N */
	parse_ok("--- a/f\n+++ b/f\n@@ -3 +3 @@\n-b\n+B\n", -1, &d);
	apply_is(&d.v[0], "b\nx\nx\nx\nb\n", "b\nx\nx\nx\nB\n");
	apply_is(&d.v[0], "b\nx\nx\nx\n", "B\nx\nx\nx\n");
	rml_udiff_fini(&d);

	/* adding and removing the last newline */
	parse_ok("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n",
		 -1, &d);
	apply_is(&d.v[0], "a\nb\n", "a\nb");
	apply_fails(&d.v[0], "a\nb", "hunk 1 (@@ -1,2 +1,2 @@) does not apply");
	rml_udiff_fini(&d);
	parse_ok("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n"
		 "\\ No newline at end of file",
		 -1, &d);
	assert_hunk(&d.v[0].hunks[0], 1, 1, 1, 1,
		    "-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file");
	apply_is(&d.v[0], "a", "b");
	rml_udiff_fini(&d);
	/* a created file */
	parse_ok("--- /dev/null\n+++ b/n.c\n@@ -0,0 +1 @@\n+int n;\n", -1, &d);
	assert_file(&d.v[0], NULL, "n.c", 1);
	apply_is(&d.v[0], "", "int n;\n");
	apply_fails(&d.v[0], "int n;\n", "the diff creates the file, but it exists");
	rml_udiff_fini(&d);
	/* a pure addition at the top, and one past the end */
	parse_ok("--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+top\n@@ -2,0 +4 @@\n+end\n", -1, &d);
	apply_is(&d.v[0], "a\nb\n", "top\na\nb\nend\n");
	apply_fails(&d.v[0], "a\n", "hunk 2 (@@ -2,0 +4,1 @@) does not apply");
	rml_udiff_fini(&d);
}

/* Line i of the long file: every seventh is the same, so many windows hash alike. */
#define L7(i) ((i) % 7 ? (i) : 7)

/*
 * Long files: 2000 hunks, all 5000 lines below where they say; and a hunk of 1000 equal
 * lines that fits nowhere in 200000 equal lines, where a search comparing line by line
 * would make 2e8 comparisons.
 */
static void udiff_apply_large(void **state)
{
	const unsigned nlines = 200000, nhunks = 2000, shift = 5000, step = nlines / nhunks;
	size_t cap = (size_t)(nlines + shift) * 16, n = 0, bn = 0, wn = 0;
	char *diff = malloc(cap), *base = malloc(cap), *want = malloc(cap);
	char *out = NULL, err[128];
	size_t outlen;
	struct rml_udiff d;
	clock_t t0;

	(void)state;
	assert_non_null(diff);
	assert_non_null(base);
	assert_non_null(want);
	for (unsigned i = 0; i < shift; i++) { /* lines the diff did not know about */
		bn += (size_t)sprintf(base + bn, "pad\n");
		wn += (size_t)sprintf(want + wn, "pad\n");
	}
	for (unsigned i = 1; i <= nlines; i++) {
		bool changed = i > 50 && (i - 51) % step == 0 && (i - 51) / step < nhunks;

		bn += (size_t)sprintf(base + bn, "line %u\n", L7(i));
		wn += (size_t)sprintf(want + wn, "%s %u\n", changed ? "LINE" : "line", L7(i));
	}
	n += (size_t)sprintf(diff + n, "--- a/f\n+++ b/f\n");
	for (unsigned h = 0; h < nhunks; h++) {
		unsigned at = 50 + h * step;

		n += (size_t)sprintf(diff + n,
				     "@@ -%u,3 +%u,3 @@\n line %u\n-line %u\n+LINE %u\n line %u\n",
				     at, at, L7(at), L7(at + 1), L7(at + 1), L7(at + 2));
	}
	parse_ok(diff, -1, &d);
	assert_int_equal(d.v[0].nhunks, nhunks);
	t0 = clock();
	assert_int_equal(rml_udiff_apply(&d.v[0], base, bn, &out, &outlen, err, sizeof(err)), 0);
	assert_true(clock() - t0 < 20 * CLOCKS_PER_SEC);
	assert_int_equal(outlen, wn);
	assert_string_equal(out, want);
	free(out);
	rml_udiff_fini(&d);

	bn = n = 0;
	for (unsigned i = 0; i < nlines; i++)
		bn += (size_t)sprintf(base + bn, "a\n");
	n += (size_t)sprintf(diff + n, "--- a/f\n+++ b/f\n@@ -1,1001 +1,1000 @@\n");
	for (unsigned i = 0; i < 1000; i++)
		n += (size_t)sprintf(diff + n, " a\n");
	n += (size_t)sprintf(diff + n, "-b\n");
	parse_ok(diff, -1, &d);
	t0 = clock();
	assert_int_equal(rml_udiff_apply(&d.v[0], base, bn, &out, &outlen, err, sizeof(err)), -1);
	assert_true(clock() - t0 < 5 * CLOCKS_PER_SEC);
	assert_string_equal(err, "hunk 1 (@@ -1,1001 +1,1000 @@) does not apply");
	rml_udiff_fini(&d);
	free(diff);
	free(base);
	free(want);
}

static void udiff_errors(void **state)
{
	(void)state;
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1,2 +1,2\n a\n b\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -x +1 @@\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1 +1, @@\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -0,1 +1 @@\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -4294967296 +1 @@\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -4294967295,1 +1 @@\n", "line 3: malformed hunk header");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n",
		  "line 7: hunk @@ -1,3 +1,3 @@ ends after 2 old and 2 new lines");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\ndiff --git a/g b/g\n",
		  "line 7: hunk @@ -1,3 +1,3 @@ ends after 2 old and 2 new lines");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n-a\n-b\n+c\n",
		  "line 5: hunk @@ -1,1 +1,2 @@ has more lines than it counts");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1,2 +1 @@\n-a\n+b\n+c\n",
		  "line 6: hunk @@ -1,2 +1,1 @@ has more lines than it counts");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1,2 +1 @@\n-a\n+b\n c\n",
		  "line 6: hunk @@ -1,2 +1,1 @@ has more lines than it counts");
	/* a line after the hunk that would be part of it */
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n+c\n",
		  "line 6: hunk @@ -1,1 +1,1 @@ has more lines than it counts");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n c\n",
		  "line 7: hunk @@ -1,1 +1,1 @@ has more lines than it counts");
	PARSE_ERR("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n---\n",
		  "line 6: hunk @@ -1,1 +1,1 @@ has more lines than it counts");
	PARSE_ERR("diff --git a/f b/f\nindex 1..2\n@@ -1 +1 @@\n-a\n+b\n",
		  "line 3: hunk without a ---/+++ header");
	PARSE_ERR("diff --cc f\n--- a/f\n+++ b/f\n@@@ -1,1 -1,1 +1,1 @@@\n",
		  "line 4: combined diffs (@@@) are not supported");
	PARSE_ERR("--- \n+++ b/f\n", "line 2: empty file name");
	PARSE_ERR("diff --git a/f b/f\n--- a/f\n+++ \"\"\n", "line 3: empty file name");
	PARSE_ERR("--- f\n+++ g\n@@ -1 +1 @@\n-a\n",
		  "line 5: hunk @@ -1,1 +1,1 @@ ends after 1 old and 0 new lines");
}

static void udiff_ignored_and_empty(void **state)
{
	struct rml_udiff d;

	(void)state;
	parse_ok("", -1, &d);
	assert_int_equal(d.n, 0);
	assert_string_equal(d.text, "");
	assert_null(rml_udiff_find(&d, "x"));
	rml_udiff_fini(&d);
	/* no file header: hunks, @@@ and --- lines are mail text */
	parse_ok("Hello\n@@ -1 +1 @@\n-a\n+b\n@@@ x\n--- a\nnot plus\n", -1, &d);
	assert_int_equal(d.n, 0);
	rml_udiff_fini(&d);
	/* NUL bytes are data; the length is what counts */
	{
		static const char text[] = "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\0\n+b\0\nJUNK";
		char err[64];

		assert_int_equal(rml_udiff_parse(text, sizeof(text) - 5, -1, &d, err, sizeof(err)),
				 0);
		assert_int_equal(d.v[0].hunks[0].body_len, 8);
		assert_true(rml_udiff_added(&d.v[0], 1));
		rml_udiff_fini(&d);
	}
	/* no trailing newline on the last hunk line */
	parse_ok("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b", -1, &d);
	assert_hunk(&d.v[0].hunks[0], 1, 1, 1, 1, "-a\n+b");
	apply_is(&d.v[0], "a\n", "b\n");
	rml_udiff_fini(&d);
}

/* git diff --color's output, made plain, parses as the plain diff does */
static void udiff_uncolor(void **state)
{
	static const char colored[] =
		"\033[1mdiff --git a/f.c b/f.c\033[m\n"
		"\033[1mindex 1111111..2222222 100644\033[m\n"
		"\033[1m--- a/f.c\033[m\n"
		"\033[1m+++ b/f.c\033[m\n"
		"\033[36m@@ -1 +1,2 @@\033[m\n"
		" a\n"
		"\033[32m+\033[m\033[32mb\033[m\n";
	char buf[sizeof(colored)];
	struct rml_udiff d;
	size_t n;

	(void)state;
	memcpy(buf, colored, sizeof(buf));
	parse_ok(buf, -1, &d);
	assert_int_equal(d.n, 0);	/* as it is: no line starts a diff */
	rml_udiff_fini(&d);
	n = rml_udiff_uncolor(buf, sizeof(buf) - 1);
	assert_int_equal(n, strlen(buf));
	assert_string_equal(buf, "diff --git a/f.c b/f.c\nindex 1111111..2222222 100644\n"
			    "--- a/f.c\n+++ b/f.c\n@@ -1 +1,2 @@\n a\n+b\n");
	parse_ok(buf, -1, &d);
	assert_file(&d.v[0], "f.c", "f.c", 1);
	assert_true(rml_udiff_added(&d.v[0], 2));
	rml_udiff_fini(&d);
	/* an ESC that starts no sequence, and one cut short at the end, are kept */
	memcpy(buf, "a\033b\033[", 6);
	assert_int_equal(rml_udiff_uncolor(buf, 5), 5);
	assert_memory_equal(buf, "a\033b\033[", 6);
	memcpy(buf, "\033[01;32;1mx\033[K", 14);
	assert_int_equal(rml_udiff_uncolor(buf, 14), 1);
	assert_memory_equal(buf, "x", 2);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(udiff_git_diff),      cmocka_unit_test(udiff_u0),
		cmocka_unit_test(udiff_format_patch),  cmocka_unit_test(udiff_git_headers),
		cmocka_unit_test(udiff_gnu_diff),      cmocka_unit_test(udiff_crlf),
		cmocka_unit_test(udiff_apply_offsets), cmocka_unit_test(udiff_apply_large),
		cmocka_unit_test(udiff_errors),	       cmocka_unit_test(udiff_ignored_and_empty),
		cmocka_unit_test(udiff_uncolor),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("udiff", tests, NULL, NULL);
}
