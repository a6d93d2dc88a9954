/*
 * compdb_test: analyzer/cli/compdb.c, the compile_commands.json reader and the "command" word
 * splitter, on literal databases: kbuild's gen_compile_commands.py shape, clang's
 * "arguments" shape, every error with its exact "name:LINE:COL: reason", every truncation
 * of a valid file, the nesting limit, and a database large enough to show a quadratic
 * step. argv[1], if given, filters the tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compdb.h"

#define SV(...) ((const char *const[]){__VA_ARGS__})
#define NV(...) (sizeof(SV(__VA_ARGS__)) / sizeof(const char *))
#define ASSERT_ARGV(e, ...) assert_strv((e)->argv, (e)->argc, SV(__VA_ARGS__), NV(__VA_ARGS__))

static void assert_strv(char **got, size_t ngot, const char *const *want, size_t nwant)
{
	for (size_t i = 0; i < ngot && i < nwant; i++) {
		if (strcmp(got[i], want[i]))
			print_error("word %zu: got \"%s\", want \"%s\"\n", i, got[i], want[i]);
		assert_string_equal(got[i], want[i]);
	}
	if (ngot != nwant)
		print_error("got %zu words, want %zu\n", ngot, nwant);
	assert_int_equal(ngot, nwant);
}

/* Parse a literal that must be valid. */
static void parse_ok(const char *text, struct rml_compdb *db)
{
	char err[256] = "";
	int rc = rml_compdb_parse(text, strlen(text), "cc.json", db, err, sizeof(err));

	if (rc)
		print_error("unexpected error: %s\n", err);
	assert_int_equal(rc, 0);
}

/* Parse len bytes that must be refused with exactly `want`. */
static void parse_err_n(const char *text, size_t len, const char *want)
{
	struct rml_compdb db = {(void *)1, 99};
	char err[256] = "";

	assert_int_equal(rml_compdb_parse(text, len, "cc.json", &db, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_null(db.v);
	assert_int_equal(db.n, 0);
	rml_compdb_fini(&db);
}

#define PARSE_ERR(lit, want) parse_err_n((lit), sizeof(lit) - 1, (want))

/* An entry written by linux 6.12's scripts/clang-tools/gen_compile_commands.py. */
static const char kbuild_db[] =
	"[\n"
	"  {\n"
	"    \"command\": \"gcc -Wp,-MMD,drivers/power/supply/.bq25890_charger.o.d -nostdinc "
	"-I./arch/x86/include -I./include -include ./include/linux/kconfig.h -D__KERNEL__ "
	"-std=gnu11    --param asan-stack=1    -DKBUILD_MODFILE='\\\"drivers/power/supply/"
	"bq25890_charger\\\"' -DKBUILD_BASENAME='\\\"bq25890_charger\\\"' "
	"-DKBUILD_MODNAME='\\\"bq25890_charger\\\"' -D__KBUILD_MODNAME=kmod_bq25890_charger "
	"-c -o drivers/power/supply/bq25890_charger.o drivers/power/supply/bq25890_charger.c\",\n"
	"    \"directory\": \"/usr/src/linux\",\n"
	"    \"file\": \"/usr/src/linux/drivers/power/supply/bq25890_charger.c\"\n"
	"  },\n"
	"  {\n"
	"    \"command\": \"gcc -c -o lib/x.o lib/x.c\",\n"
	"    \"directory\": \"/usr/src/linux\",\n"
	"    \"file\": \"/usr/src/linux/lib/x.c\"\n"
	"  }\n"
	"]\n";

static void compdb_kbuild_command(void **state)
{
	struct rml_compdb db;

	(void)state;
	parse_ok(kbuild_db, &db);
	assert_int_equal(db.n, 2);
	assert_string_equal(db.v[0].directory, "/usr/src/linux");
	assert_string_equal(db.v[0].file, "/usr/src/linux/drivers/power/supply/bq25890_charger.c");
	ASSERT_ARGV(&db.v[0], "gcc", "-Wp,-MMD,drivers/power/supply/.bq25890_charger.o.d",
		    "-nostdinc", "-I./arch/x86/include", "-I./include", "-include",
		    "./include/linux/kconfig.h", "-D__KERNEL__", "-std=gnu11", "--param",
		    "asan-stack=1", "-DKBUILD_MODFILE=\"drivers/power/supply/bq25890_charger\"",
		    "-DKBUILD_BASENAME=\"bq25890_charger\"", "-DKBUILD_MODNAME=\"bq25890_charger\"",
		    "-D__KBUILD_MODNAME=kmod_bq25890_charger", "-c", "-o",
		    "drivers/power/supply/bq25890_charger.o",
		    "drivers/power/supply/bq25890_charger.c");
	assert_string_equal(db.v[1].file, "/usr/src/linux/lib/x.c");
	ASSERT_ARGV(&db.v[1], "gcc", "-c", "-o", "lib/x.o", "lib/x.c");
	rml_compdb_fini(&db);
	assert_null(db.v);
	assert_int_equal(db.n, 0);
}

static void compdb_arguments_and_files(void **state)
{
	struct rml_compdb db;

	(void)state;
	parse_ok("[{\"directory\": \"/b/build\", \"file\": \"../src/./a.c\",\n"
		 " \"arguments\": [\"clang\", \"-DX=\\\"a b\\\"\", \"-c\", \"../src/a.c\"],\n"
		 " \"output\": \"a.o\"},\n"
		 /* both forms: "arguments" wins, "command" is not split */
		 " {\"file\": \"b.c\", \"command\": \"cc 'unused\", \"directory\": \"/b/build/\",\n"
		 "  \"arguments\": [\"cc\", \"b.c\"]},\n"
		 /* relative directory, file with ".." past it, "x/../" inside */
		 " {\"directory\": \"rel\", \"file\": \"../../up/x/../c.c\", \"command\": \"cc "
		 "c.c\"},\n"
		 /* an absolute file is kept as written */
		 " {\"directory\": \"/d\", \"file\": \"/abs/./d.c\", \"command\": \"cc\"},\n"
		 /* members we do not read, of every type, nested */
		 " {\"directory\": \"/d\", \"file\": \"e.c\", \"arguments\": [\"cc\"], \"x\": "
		 "null,\n"
		 "  \"y\": [true, false, -0.5e+3, 0, 12.25E-1, {\"k\": [[], {}]}], \"z\": {}}\n"
		 "]",
		 &db);
	assert_int_equal(db.n, 5);
	assert_string_equal(db.v[0].directory, "/b/build");
	assert_string_equal(db.v[0].file, "/b/src/a.c");
	ASSERT_ARGV(&db.v[0], "clang", "-DX=\"a b\"", "-c", "../src/a.c");
	assert_string_equal(db.v[1].directory, "/b/build/");
	assert_string_equal(db.v[1].file, "/b/build/b.c");
	ASSERT_ARGV(&db.v[1], "cc", "b.c");
	assert_string_equal(db.v[2].file, "../up/c.c");
	ASSERT_ARGV(&db.v[2], "cc", "c.c");
	assert_string_equal(db.v[3].file, "/abs/./d.c");
	ASSERT_ARGV(&db.v[3], "cc");
	assert_string_equal(db.v[4].file, "/d/e.c");
	rml_compdb_fini(&db);

	parse_ok(" [ ] \n", &db);
	assert_int_equal(db.n, 0);
	rml_compdb_fini(&db);
	/* a byte order mark, CRLF line ends */
	parse_ok("\xef\xbb\xbf[\r\n{\"directory\":\"/"
		 "\",\"file\":\"a.c\",\"arguments\":[\"cc\"]}\r\n]\r\n",
		 &db);
	assert_int_equal(db.n, 1);
	assert_string_equal(db.v[0].file, "/a.c");
	rml_compdb_fini(&db);
}

static void compdb_duplicates_keep_first(void **state)
{
	struct rml_compdb db;

	(void)state;
	parse_ok("[{\"directory\": \"/k\", \"file\": \"a.c\", \"command\": \"first\"},\n"
		 " {\"directory\": \"/k\", \"file\": \"b.c\", \"command\": \"b\"},\n"
		 " {\"directory\": \"/other\", \"file\": \"/k/a.c\", \"command\": \"second\"},\n"
		 " {\"directory\": \"/k/sub\", \"file\": \"../a.c\", \"command\": \"third\"},\n"
		 " {\"directory\": \"/k\", \"file\": \"./b.c\", \"command\": \"b2\"}]",
		 &db);
	assert_int_equal(db.n, 2);
	assert_string_equal(db.v[0].file, "/k/a.c");
	ASSERT_ARGV(&db.v[0], "first");
	assert_string_equal(db.v[1].file, "/k/b.c");
	ASSERT_ARGV(&db.v[1], "b");
	rml_compdb_fini(&db);
}

static void compdb_strings(void **state)
{
	struct rml_compdb db;

	(void)state;
	/* every escape, \u in all widths, a surrogate pair, raw UTF-8 of 2, 3 and 4 bytes */
	parse_ok(
		"[{\"d\\u0069rectory\": \"/\\\"q\\\"\\\\\\/\\b\\f\\n\\r\\t\",\n"
		"  \"file\": \"\\u00e9\\u20AC\\ud83d\\ude00-\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\","
		"  \"arguments\": [\"\", \"\\u0041\"]}]",
		&db);
	assert_int_equal(db.n, 1);
	assert_string_equal(db.v[0].directory, "/\"q\"\\/\b\f\n\r\t");
	assert_string_equal(db.v[0].file, "/\"q\"\\/\b\f\n\r\t/"
					  "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80-"
					  "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	ASSERT_ARGV(&db.v[0], "", "A");
	rml_compdb_fini(&db);
}

static void split_is(const char *cmd, size_t want_n, const char *const *want)
{
	char **argv = (char **)1;
	size_t argc = 99;
	const char *why = NULL;

	assert_int_equal(rml_compdb_split(cmd, strlen(cmd), &argv, &argc, &why), 0);
	assert_null(why);
	assert_strv(argv, argc, want, want_n);
	rml_compdb_free_argv(argv, argc);
}

#define SPLIT_IS(cmd, ...) split_is((cmd), NV(__VA_ARGS__), SV(__VA_ARGS__))

static void compdb_split_words(void **state)
{
	char **argv = (char **)1;
	size_t argc = 99;
	const char *why = NULL;

	(void)state;
	SPLIT_IS("  a\tb\n c  ", "a", "b", "c");
	SPLIT_IS("'a b' \"c d\" e\\ f", "a b", "c d", "e f");
	SPLIT_IS("-DX='\"v\"' -DY=\"\\\"w\\\"\"", "-DX=\"v\"", "-DY=\"w\"");
	/* in double quotes a backslash escapes only " \ $ ` and newline */
	SPLIT_IS("\"\\a\\$\\`\\\\\\\"\\x\"", "\\a$`\\\"\\x");
	SPLIT_IS("\"a\\\nb\"", "ab");
	/* outside quotes it escapes anything; backslash-newline joins; a last one stays */
	SPLIT_IS("\\a\\'\\\"b \\\n c\\", "a'\"b", "c\\");
	SPLIT_IS("x\\\ny", "xy");
	/* in single quotes nothing is special */
	SPLIT_IS("'\\n$x\"'", "\\n$x\"");
	/* empty words exist when quoted */
	SPLIT_IS("'' \"\" a''b", "", "", "ab");
	/* nothing is expanded, run, redirected or commented out */
	SPLIT_IS("cc $(rm -rf /) `id`; echo|cat >f 2>&1 #c ${HOME} *.c ~", "cc", "$(rm", "-rf",
		 "/)", "`id`;", "echo|cat", ">f", "2>&1", "#c", "${HOME}", "*.c", "~");
	SPLIT_IS("a'b'\"c\"d", "abcd");
	split_is("", 0, NULL);
	split_is(" \t\n", 0, NULL);
	split_is("\\\n", 0, NULL);

	assert_int_equal(rml_compdb_split("cc 'a", 5, &argv, &argc, &why), -1);
	assert_string_equal(why, "unterminated single quote");
	assert_null(argv);
	assert_int_equal(argc, 0);
	assert_int_equal(rml_compdb_split("cc \"a\\\"", 7, &argv, &argc, &why), -1);
	assert_string_equal(why, "unterminated double quote");
	/* the length is what counts, not a NUL */
	assert_int_equal(rml_compdb_split("a b c", 3, &argv, &argc, &why), 0);
	assert_strv(argv, argc, SV("a", "b"), 2);
	rml_compdb_free_argv(argv, argc);
}

static void compdb_json_errors(void **state)
{
	(void)state;
	PARSE_ERR("", "cc.json:1:1: unexpected end of input");
	PARSE_ERR("  \n ", "cc.json:2:2: unexpected end of input");
	PARSE_ERR("{}", "cc.json:1:1: top level is not an array");
	PARSE_ERR("\n  \"x\"", "cc.json:2:3: top level is not an array");
	PARSE_ERR("x", "cc.json:1:1: unexpected character 'x'");
	PARSE_ERR("\x01", "cc.json:1:1: unexpected byte 0x01");
	PARSE_ERR("[] []", "cc.json:1:4: trailing characters after the top-level value");
	PARSE_ERR("[]\n\0", "cc.json:2:1: trailing characters after the top-level value");
	PARSE_ERR("[1]", "cc.json:1:2: entry 0: not an object");
	PARSE_ERR("[{\"directory\":\"/\",\"file\":\"a\",\"command\":\"c\"},\n \"s\"]",
		  "cc.json:2:2: entry 1: not an object");
	PARSE_ERR("[,]", "cc.json:1:2: unexpected character ','");
	PARSE_ERR("[{\"directory\":\"/\",\"file\":\"a\",\"command\":\"c\"},]",
		  "cc.json:1:45: unexpected character ']'");
	PARSE_ERR("[{\"directory\":\"/\",\"file\":\"a\",\"command\":\"c\"} {}]",
		  "cc.json:1:45: expected ',' or ']'");
	PARSE_ERR("[{\"directory\" \"/\"}]", "cc.json:1:15: expected ':'");
	PARSE_ERR("[{directory: 1}]", "cc.json:1:3: expected a string (an object key)");
	PARSE_ERR("[{\"a\": 1,}]", "cc.json:1:10: expected a string (an object key)");
	PARSE_ERR("[{\"a\": 1 \"b\": 2}]", "cc.json:1:10: expected ',' or '}'");
	PARSE_ERR("[{\"a\": [1 2]}]", "cc.json:1:11: expected ',' or ']'");
	PARSE_ERR("[{\"a\": tru}]", "cc.json:1:8: unexpected character 't'");
	PARSE_ERR("[{\"a\": nul", "cc.json:1:11: unexpected end of input");
	PARSE_ERR("[{\"a\": +1}]", "cc.json:1:8: unexpected character '+'");
	PARSE_ERR("[{\"a\": -x}]", "cc.json:1:8: invalid number");
	PARSE_ERR("[{\"a\": 1.}]", "cc.json:1:8: invalid number");
	PARSE_ERR("[{\"a\": 1e}]", "cc.json:1:8: invalid number");
	PARSE_ERR("[{\"a\": 01}]", "cc.json:1:9: expected ',' or '}'");
	PARSE_ERR("[{\"a\": \"\\x\"}]", "cc.json:1:9: invalid escape '\\x'");
	PARSE_ERR("[{\"a\": \"\\\x01\"}]", "cc.json:1:9: invalid escape");
	PARSE_ERR("[{\"a\": \"\\u12g4\"}]", "cc.json:1:9: invalid \\u escape");
	PARSE_ERR("[{\"a\": \"\\udc00\"}]", "cc.json:1:9: unpaired surrogate in \\u escape");
	PARSE_ERR("[{\"a\": \"\\ud800x\"}]", "cc.json:1:9: unpaired surrogate in \\u escape");
	PARSE_ERR("[{\"a\": \"\\ud800\\n\"}]", "cc.json:1:9: unpaired surrogate in \\u escape");
	PARSE_ERR("[{\"a\": \"\\ud800\\u0041\"}]", "cc.json:1:9: unpaired surrogate in \\u escape");
	PARSE_ERR("[{\"a\": \"\\ud800\\uzzzz\"}]", "cc.json:1:15: invalid \\u escape");
	PARSE_ERR("[{\"a\": \"x\\u0000\"}]", "cc.json:1:10: \\u0000 in a string");
	PARSE_ERR("[{\"a\": \"a\tb\"}]", "cc.json:1:10: control character in a string");
	PARSE_ERR("[{\"a\": \"a\0b\"}]", "cc.json:1:10: control character in a string");
	PARSE_ERR("[{\"a\": \"\n\"}]", "cc.json:1:9: control character in a string");
	PARSE_ERR("[{\"a\": \"\xff\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xc0\xaf\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xe0\x80\xaf\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xed\xa0\x80\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xf4\x90\x80\x80\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xc3x\"}]", "cc.json:1:9: invalid UTF-8 in a string");
	PARSE_ERR("[{\"a\": \"\xe2\x82", "cc.json:1:11: unexpected end of input");
}

static void compdb_entry_errors(void **state)
{
	(void)state;
	PARSE_ERR("[\n {\"file\": \"a.c\", \"command\": \"cc\"}]",
		  "cc.json:2:2: entry 0: missing \"directory\"");
	PARSE_ERR("[{\"directory\": \"/\", \"command\": \"cc\"}]",
		  "cc.json:1:2: entry 0: missing \"file\"");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"output\": \"a.o\"}]",
		  "cc.json:1:2: entry 0: missing \"arguments\" or \"command\"");
	PARSE_ERR("[{}]", "cc.json:1:2: entry 0: missing \"directory\"");
	PARSE_ERR("[{\"directory\": 1, \"file\": \"a.c\", \"command\": \"cc\"}]",
		  "cc.json:1:16: entry 0: \"directory\" is not a string");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": [\"a.c\"], \"command\": \"cc\"}]",
		  "cc.json:1:29: entry 0: \"file\" is not a string");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"command\": [\"cc\"]}]",
		  "cc.json:1:47: entry 0: \"command\" is not a string");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": \"cc\"}]",
		  "cc.json:1:49: entry 0: \"arguments\" is not an array of strings");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": [\"cc\", 1]}]",
		  "cc.json:1:56: entry 0: \"arguments\" is not an array of strings");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": []}]",
		  "cc.json:1:49: entry 0: \"arguments\" is empty");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"command\": \" \"}]",
		  "cc.json:1:47: entry 0: \"command\" has no words");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"command\": \"cc '-DX\"}]",
		  "cc.json:1:47: entry 0: \"command\": unterminated single quote");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"command\": \"cc \\\"x\"}]",
		  "cc.json:1:47: entry 0: \"command\": unterminated double quote");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"\", \"command\": \"cc\"}]",
		  "cc.json:1:29: entry 0: \"file\" is empty");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"file\": \"b.c\", \"command\": "
		  "\"cc\"}]",
		  "cc.json:1:36: entry 0: duplicate \"file\"");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a\", \"arguments\": [\"x\"], \"arguments\": "
		  "[]}]",
		  "cc.json:1:54: entry 0: duplicate \"arguments\"");
	/* an escaped key is the same key */
	PARSE_ERR("[{\"directory\": \"/\", \"\\u0064irectory\": \"/\"}]",
		  "cc.json:1:21: entry 0: duplicate \"directory\"");
	PARSE_ERR("[{\"directory\": \"/\", \"file\": \"a.c\", \"command\": \"cc\"},\n"
		  " {\"directory\": \"/\", \"file\": \"b.c\", \"command\": \"cc\"},\n"
		  " {\"directory\": \"/\", \"file\": \"a.c\"}]",
		  "cc.json:3:2: entry 2: missing \"arguments\" or \"command\"");
}

/* Every proper prefix of a valid database is an error at its end. */
static void compdb_truncated(void **state)
{
	static const char doc[] =
		"[\n {\"directory\": \"/k\", \"file\": \"caf\xc3\xa9.c\", \"x\": [true, false, "
		"null, "
		"-1.5e3, {\"y\": \"\\ud83d\\ude00\\n\"}],\n  \"arguments\": [\"cc\", \"-c\"]}\n]";
	struct rml_compdb db;

	(void)state;
	parse_ok(doc, &db);
	assert_int_equal(db.n, 1);
	rml_compdb_fini(&db);
	for (size_t n = 0; n < sizeof(doc) - 1; n++) {
		char want[64];
		size_t line = 1, col = 1;

		for (size_t i = 0; i < n; i++) {
			col++;
			if (doc[i] == '\n') {
				line++;
				col = 1;
			}
		}
		snprintf(want, sizeof(want), "cc.json:%zu:%zu: unexpected end of input", line, col);
		parse_err_n(doc, n, want);
	}
}

static void compdb_nesting_limit(void **state)
{
	/* the array and the object are two levels; the member's value brings 62 more */
	char ok[512], bad[512];
	const char *head = "[{\"directory\":\"/\",\"file\":\"a\",\"command\":\"c\",\"x\":";
	size_t n = strlen(head);
	struct rml_compdb db;
	char want[64];

	(void)state;
	memcpy(ok, head, n);
	memset(ok + n, '[', 62);
	memset(ok + n + 62, ']', 62);
	strcpy(ok + n + 124, "}]");
	parse_ok(ok, &db);
	assert_int_equal(db.n, 1);
	rml_compdb_fini(&db);

	memcpy(bad, head, n);
	memset(bad + n, '[', 63);
	memset(bad + n + 63, ']', 63);
	strcpy(bad + n + 126, "}]");
	snprintf(want, sizeof(want), "cc.json:1:%zu: nesting deeper than 64", n + 63);
	parse_err_n(bad, strlen(bad), want);

	/* far deeper than any stack would take by recursion */
	{
		size_t big = 1000000;
		char *deep = malloc(big);

		assert_non_null(deep);
		memset(deep, '[', big);
		snprintf(want, sizeof(want), "cc.json:1:2: entry 0: not an object");
		parse_err_n(deep, big, want);
		memcpy(deep, head, n);
		memset(deep + n, '[', big - n);
		snprintf(want, sizeof(want), "cc.json:1:%zu: nesting deeper than 64", n + 63);
		parse_err_n(deep, big, want);
		free(deep);
	}
}

/* 200000 entries (about 24 MB), half of them repeated files, in linear time. */
static void compdb_large(void **state)
{
	const size_t n = 200000;
	size_t cap = n * 128, len = 0;
	char *text = malloc(cap), err[256] = "";
	struct rml_compdb db;
	clock_t t0;

	(void)state;
	assert_non_null(text);
	len += (size_t)snprintf(text + len, cap - len, "[\n");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(
			text + len, cap - len,
			"{\"directory\": \"/k\", \"file\": \"d/f%zu.c\", \"command\": "
			"\"gcc -DN=%zu -c d/f%zu.c\"}%s\n",
			i % (n / 2), i, i % (n / 2), i + 1 < n ? "," : "");
	len += (size_t)snprintf(text + len, cap - len, "]\n");
	assert_true(len < cap);
	t0 = clock();
	assert_int_equal(rml_compdb_parse(text, len, "big.json", &db, err, sizeof(err)), 0);
	/* generous: the linear reader takes well under a second even with sanitizers */
	assert_true(clock() - t0 < 20 * CLOCKS_PER_SEC);
	assert_int_equal(db.n, n / 2);
	assert_string_equal(db.v[n / 2 - 1].file, "/k/d/f99999.c");
	ASSERT_ARGV(&db.v[n / 2 - 1], "gcc", "-DN=99999", "-c", "d/f99999.c");
	rml_compdb_fini(&db);
	free(text);
}

static void compdb_load(void **state)
{
	char dir[] = "/tmp/rml-compdb-XXXXXX", path[128], want[256], err[256] = "";
	struct rml_compdb db;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);

	assert_int_equal(rml_compdb_load(dir, &db, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: cannot open: No such file or directory", path);
	assert_string_equal(err, want);
	assert_int_equal(db.n, 0);

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[{\"directory\": \"/k\", \"file\": \"a.c\", \"arguments\": [\"cc\", \"a.c\"]}]\n",
	      f);
	fclose(f);
	/* the directory, the file, and the directory with a trailing slash */
	assert_int_equal(rml_compdb_load(dir, &db, err, sizeof(err)), 0);
	assert_int_equal(db.n, 1);
	assert_string_equal(db.v[0].file, "/k/a.c");
	rml_compdb_fini(&db);
	assert_int_equal(rml_compdb_load(path, &db, err, sizeof(err)), 0);
	assert_int_equal(db.n, 1);
	rml_compdb_fini(&db);
	snprintf(want, sizeof(want), "%s/", dir);
	assert_int_equal(rml_compdb_load(want, &db, err, sizeof(err)), 0);
	assert_int_equal(db.n, 1);
	rml_compdb_fini(&db);

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[\n  {\"directory\": \"/k\"}\n", f);
	fclose(f);
	assert_int_equal(rml_compdb_load(dir, &db, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s:2:3: entry 0: missing \"file\"", path);
	assert_string_equal(err, want);
	assert_int_equal(rml_compdb_load(path, &db, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	unlink(path);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(compdb_kbuild_command),
		cmocka_unit_test(compdb_arguments_and_files),
		cmocka_unit_test(compdb_duplicates_keep_first),
		cmocka_unit_test(compdb_strings),
		cmocka_unit_test(compdb_split_words),
		cmocka_unit_test(compdb_json_errors),
		cmocka_unit_test(compdb_entry_errors),
		cmocka_unit_test(compdb_truncated),
		cmocka_unit_test(compdb_nesting_limit),
		cmocka_unit_test(compdb_large),
		cmocka_unit_test(compdb_load),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("compdb", tests, NULL, NULL);
}
