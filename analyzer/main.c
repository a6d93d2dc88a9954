/*
 * main: the regmap-lint command line. argv -> options -> analyse each file -> report ->
 * exit code (0 clean, 1 findings, 2 tool error). Everything else lives in the engine.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../rules/rule.h"
#include "agree.h"
#include "args.h"
#include "check.h"
#include "output.h"
#include "tu.h"
#include "verify.h"

#ifndef RML_VERSION
#define RML_VERSION "0.0.0"
#endif

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TOOL_ERROR = 2 };

static const char usage[] =
	"Usage: regmap-lint [options] [compiler flags] file.c|dir...\n"
	"\n"
	"Checks Linux drivers' struct reg_field tables and regmap_field_* calls.\n"
	"Without compiler flags (or with only -D/-U/-std), each file is parsed alone against\n"
	"regmap-lint's bundled kernel headers (lone-file mode). Given -I/-include/-nostdinc\n"
	"flags (a kbuild or compile_commands.json command line), those are used instead;\n"
	"flags that do not change the meaning of the code are dropped.\n"
	"\n"
	"Options:\n"
	"  -h, --help            show this help and exit\n"
	"      --version         show the version (and libclang's) and exit\n"
	"  -v, --verbose         also print, on stderr, what could not be resolved and the\n"
	"                        compiler's own errors\n"
	"      --list-rules      list the rules and exit (with --format=json: as JSON)\n"
	"      --explain=RULE    print the documentation of RULE (an id, or its checkpatch\n"
	"                        type such as FIELD_OVERLAP) and exit\n"
	"      --enable=IDS      run only these rules (comma-separated ids or globs: 'field-*')\n"
	"      --disable=IDS     do not run these rules (comma-separated ids or globs)\n"
	"      --lone            parse against the bundled headers even when flags are given\n"
	"      --no-siblings     a file given alone is analysed alone; by default the other\n"
	"                        .c files beside it that share its driver's headers are\n"
	"                        read too (not reported), for what they allocate and write\n"
	"      --siblings        do that under kbuild as well (off there by default)\n"
	"      --include-dir=DIR use DIR as the bundled headers directory\n"
	"      --verify          corpus mode: match the diagnostics against the expected-*\n"
	"                        comments in each file; exit 1 on any mismatch\n"
	"      --fail-on-findings  under kbuild (make C=1/C=2 CHECK=regmap-lint), exit 1 on\n"
	"                        findings and 2 on tool errors (default there: always 0)\n"
	"      --agree=LOG       corpus mode: compare the findings on the file with the\n"
	"                        violations the reference runtime recorded in LOG; exit 1\n"
	"                        on any disagreement\n"
	"\n"
	"Report:\n"
	"      --format=FMT      gcc (default), checkpatch, sarif (SARIF 2.1.0 for GitHub\n"
	"                        code scanning) or json (schema \"regmap-lint/1\")\n"
	"  -o FILE, --output=FILE  write the report to FILE, atomically (a temporary file\n"
	"                        beside it, renamed into place when complete); \"-\" is\n"
	"                        stdout. A FILE ending in .o, .s, .i or .obj is taken for\n"
	"                        the compiler's -o of a pasted command line, ignored\n"
	"      --color=WHEN      auto (default: on a terminal, $NO_COLOR unset or empty,\n"
	"                        $TERM set and not dumb), always or never; gcc format\n"
	"                        only, never with -o\n"
	"      --terse           checkpatch: one line per finding, no summary when clean\n"
	"      --emacs           checkpatch: \"path:line: \" before each finding\n"
	"      --showfile        checkpatch: that prefix instead of the \"#line: FILE:\" line\n"
	"      --sarif-root=DIR  sarif: artifact URIs relative to DIR (%SRCROOT%; default\n"
	"                        the current directory)\n"
	"\n"
	"Output (gcc format): one line per finding, \"file:line:col: warning: message\n"
	"[rule-id]\", with \"note:\" lines for related places; a file that cannot be analysed\n"
	"gives \"file: error: reason\" and the other files are still analysed. The formats\n"
	"are described in docs/output.md. --verify and --agree print their own report.\n"
	"\n"
	"Under kbuild ($KBUILD_CHECKSRC set, as make C=1/C=2 CHECK=regmap-lint does), the\n"
	"report goes to stderr, one write per line, and the exit status is 0 unless\n"
	"--fail-on-findings is given: a failing checker stops the kernel build. Own options\n"
	"reach regmap-lint there through kbuild's CF= or $REGMAP_LINT_OPTS.\n"
	"\n"
	"A directory is walked for .c files (sorted; hidden entries and symlink loops are\n"
	"left out, loops reported). Files that cannot involve the regmap_field API (neither\n"
	"they nor the headers they include with quotes mention it) are skipped unparsed.\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 a file could not be analysed, the report\n"
	"could not be written, or bad usage.\n";

enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

struct cli {
	bool verbose, verify, force_lone, list_rules, fail_on_findings;
	bool siblings;		/* read the other files of a lone input's driver */
	bool siblings_set;
	bool done;		/* --help or --version answered */
	const char *include_dir;
	const char *agree_log;
	enum rml_format format;
	bool format_set;
	enum color_mode color;
	bool terse, emacs, showfile;
	const char *sarif_root;
	const char *output;	/* -o FILE; NULL or "-" = stdout */
	const char *explain;
	bool *enabled;
	const char **rest;	/* compiler flags and files, in order */
	size_t nrest;
};

static bool is_dir(const char *p)
{
	struct stat st;

	return p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The bundled headers: --include-dir, else installed beside an installed binary, else the source tree. */
static const char *bundled_include(const char *opt)
{
	static char self[PATH_MAX];
	ssize_t n;

	if (opt)
		return opt;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		char *slash;

		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			if (!strcmp(self, RML_BINDIR) && is_dir(RML_INCLUDE_INSTALLED))
				return RML_INCLUDE_INSTALLED;
		}
	}
	if (is_dir(RML_INCLUDE_SOURCE))
		return RML_INCLUDE_SOURCE;
	return RML_INCLUDE_INSTALLED;
}

/* --enable/--disable: comma-separated ids or globs ("field-*"); one that matches no rule is an error. */
static int set_rules(struct cli *c, const char *list, bool on)
{
	char *dup = rml_xstrdup(list), *save = NULL, *tok;
	int rc = 0;

	if (on)
		for (size_t i = 0; i < rml_nrules; i++)
			c->enabled[i] = false;
	for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool any = false;

		for (size_t i = 0; i < rml_nrules; i++) {
			if (fnmatch(tok, rml_rules[i]->id, 0))
				continue;
			c->enabled[i] = on;
			any = true;
		}
		if (!any) {
			fprintf(stderr, "regmap-lint: error: unknown rule '%s' (see --list-rules)\n", tok);
			rc = -1;
			break;
		}
	}
	free(dup);
	return rc;
}

/*
 * $REGMAP_LINT_OPTS, split on blanks, goes before the command line's own arguments:
 * under kbuild that is how options reach a CHECK program besides CF=.
 */
static char **with_env_opts(int *argc, char **argv, char **buf)
{
	const char *env = getenv("REGMAP_LINT_OPTS");
	char **nv, *save = NULL, *tok;
	int n = 0;

	*buf = NULL;
	if (!env || !*env)
		return argv;
	*buf = rml_xstrdup(env);
	nv = rml_xcalloc((size_t)*argc + strlen(env) / 2 + 2, sizeof(*nv));
	nv[n++] = argv[0];
	for (tok = strtok_r(*buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save))
		nv[n++] = tok;
	for (int i = 1; i < *argc; i++)
		nv[n++] = argv[i];
	*argc = n;
	return nv;
}

/* Under kbuild: each line with one write(2), so that make -j output does not interleave. */
static void write_lines(int fd, const char *buf, size_t len)
{
	while (len) {
		const char *nl = memchr(buf, '\n', len);
		size_t n = nl ? (size_t)(nl - buf) + 1 : len;
		ssize_t w = write(fd, buf, n);

		if (w <= 0)
			return;
		buf += w;
		len -= (size_t)w;
	}
}

static int check_report_options(const struct cli *c)
{
	if ((c->terse || c->emacs || c->showfile) && c->format != RML_FMT_CHECKPATCH) {
		fprintf(stderr, "regmap-lint: error: --terse, --emacs and --showfile go with "
				"--format=checkpatch\n");
		return -1;
	}
	if (c->sarif_root && !is_dir(c->sarif_root)) {
		fprintf(stderr, "regmap-lint: error: --sarif-root=%s: not a directory\n",
			c->sarif_root);
		return -1;
	}
	if ((c->verify || c->agree_log) && (c->format_set || c->output)) {
		fprintf(stderr, "regmap-lint: error: --verify and --agree print their own report "
				"(no --format, no -o)\n");
		return -1;
	}
	return 0;
}

/*
 * Where the report goes: stdout; under kbuild a buffer written to stderr one line per
 * write(2) after each driver; with -o a buffer written to the file at the end.
 */
struct sink {
	FILE *f;
	char *buf;
	size_t len, done;
	bool kbuild;
	const char *path;	/* -o, resolved through a symlink */
	char *resolved;
};

/*
 * -o FILE, before any work: the file must be a regular file or not exist (a symlink is
 * followed), in a directory we may write to. 0, or -1 with the reason printed.
 */
static int output_check(struct sink *s, const char *path)
{
	struct stat st;
	char *dir;
	const char *slash;
	int rc = 0;

	s->path = path;
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		s->resolved = realpath(path, NULL);
		if (s->resolved)
			s->path = s->resolved;
	}
	if (stat(s->path, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "regmap-lint: error: %s: %s\n", path,
			S_ISDIR(st.st_mode) ? "Is a directory" : "not a regular file");
		return -1;
	}
	slash = strrchr(s->path, '/');
	dir = slash ? rml_xstrdup(s->path) : rml_xstrdup(".");
	if (slash)
		dir[slash - s->path + (slash == s->path)] = '\0';
	if (access(dir, W_OK | X_OK) < 0) {
		fprintf(stderr, "regmap-lint: error: %s: %s\n", path, strerror(errno));
		rc = -1;
	}
	free(dir);
	return rc;
}

static int sink_open(struct sink *s, const char *output, bool under_kbuild)
{
	memset(s, 0, sizeof(*s));
	if (output && strcmp(output, "-")) {
		if (output_check(s, output) < 0) {
			free(s->resolved);
			return -1;
		}
	} else {
		s->kbuild = under_kbuild;
	}
	if (!s->path && !s->kbuild) {
		s->f = stdout;
		return 0;
	}
	s->f = open_memstream(&s->buf, &s->len);
	if (!s->f) {
		fprintf(stderr, "regmap-lint: error: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static void sink_flush(struct sink *s)
{
	fflush(s->f);
	if (s->kbuild) {
		write_lines(STDERR_FILENO, s->buf + s->done, s->len - s->done);
		s->done = s->len;
	}
}

/*
 * buf into path atomically: a temporary file beside it (mkstemp), written, fsync'ed and
 * renamed over path. On any failure the temporary is removed and path is untouched.
 */
static int write_atomic(const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	int dl = slash ? (int)(slash - path + 1) : 0;
	size_t tl = strlen(path) + 16;
	char *tmp = rml_xmalloc(tl);
	int fd, saved;
	mode_t um;

	snprintf(tmp, tl, "%.*s.%s.XXXXXX", dl, path, path + dl);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out_err;
	um = umask(0);
	umask(um);
	if (fchmod(fd, 0666 & ~um) < 0)
		goto out_unlink;
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			goto out_unlink;
		}
		buf += w;
		len -= (size_t)w;
	}
	if (fsync(fd) < 0)
		goto out_unlink;
	saved = close(fd);
	fd = -1;
	if (saved < 0 || rename(tmp, path) < 0)
		goto out_unlink;
	free(tmp);
	return 0;

out_unlink:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
out_err:
	snprintf(err, errlen, "%s", strerror(errno));
	free(tmp);
	return -1;
}

/* The report is complete: stdout flushed, the rest to stderr, or the file renamed in. */
static int sink_close(struct sink *s, const char *output)
{
	char err[256];
	int rc = 0;

	if (s->f == stdout) {
		if (fflush(stdout) == EOF || ferror(stdout)) {
			fprintf(stderr, "regmap-lint: error: stdout: %s\n", strerror(errno));
			rc = -1;
		}
		return rc;
	}
	if (fclose(s->f) == EOF) {
		snprintf(err, sizeof(err), "%s", strerror(errno));
		rc = -1;
	} else if (s->kbuild) {
		write_lines(STDERR_FILENO, s->buf + s->done, s->len - s->done);
	} else if (write_atomic(s->path, s->buf, s->len, err, sizeof(err)) < 0) {
		rc = -1;
	}
	if (rc < 0 && s->path)
		fprintf(stderr, "regmap-lint: error: %s: %s\n", output, err);
	free(s->buf);
	free(s->resolved);
	return rc;
}

/* gcc's rule: colour only on a terminal whose $TERM is set and not dumb, $NO_COLOR empty. */
static bool want_color(const struct cli *c, int fd)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->format != RML_FMT_GCC || (c->output && strcmp(c->output, "-")))
		return false;
	if (c->color != COLOR_AUTO)
		return c->color == COLOR_ALWAYS;
	if (nc && *nc)
		return false;
	return term && *term && strcmp(term, "dumb") && isatty(fd);
}

static const char *precision_name(enum rml_confidence conf)
{
	return conf == RML_CONF_HIGH ? "high" : conf == RML_CONF_MEDIUM ? "medium" : "low";
}

static void list_rules(const struct cli *c, const char *version)
{
	struct rml_jw w;
	struct rml_arena a;

	if (c->format != RML_FMT_JSON) {
		for (size_t i = 0; i < rml_nrules; i++)
			printf("%-26s %s\n", rml_rules[i]->id, rml_rules[i]->summary);
		return;
	}
	rml_arena_init(&a);
	rml_jw_init(&w, stdout);
	rml_jw_obj(&w);
	rml_jw_kstr(&w, "schema", "regmap-lint-rules/1");
	rml_jw_key(&w, "tool");
	rml_jw_obj(&w);
	rml_jw_kstr(&w, "name", "regmap-lint");
	rml_jw_kstr(&w, "version", version);
	rml_jw_end_obj(&w);
	rml_jw_key(&w, "rules");
	rml_jw_arr(&w);
	for (size_t i = 0; i < rml_nrules; i++) {
		rml_jw_obj(&w);
		rml_jw_kstr(&w, "id", rml_rules[i]->id);
		rml_jw_kstr(&w, "type", rml_rule_type(&a, rml_rules[i]->id));
		rml_jw_kstr(&w, "summary", rml_rules[i]->summary);
		rml_jw_kstr(&w, "precision", precision_name(rml_rules[i]->confidence));
		rml_jw_end_obj(&w);
	}
	rml_jw_end_arr(&w);
	rml_jw_end_obj(&w);
	rml_arena_fini(&a);
}

/* --explain RULE: the rule's doc; RULE is an id or its checkpatch type (FIELD_OVERLAP). */
static int explain(const char *name)
{
	char *id = rml_xstrdup(name);
	const char *doc;

	for (char *p = id; *p; p++)
		*p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
	doc = rml_rule_find(id) ? rml_rule_doc_text(id) : NULL;
	free(id);
	if (!doc) {
		fprintf(stderr, "regmap-lint: error: unknown rule '%s' (see --list-rules)\n", name);
		return EXIT_TOOL_ERROR;
	}
	fputs(doc, stdout);
	return EXIT_CLEAN;
}

/*
 * "--name=VALUE" or "--name VALUE": VALUE, advancing *i past it; NULL when argv[*i] is
 * not that option. A missing value is an error (*bad).
 */
static const char *opt_value(const char *name, int argc, char **argv, int *i, bool *bad)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n])
		return NULL;
	if (*i + 1 >= argc) {
		fprintf(stderr, "regmap-lint: error: %s needs a value (see --help)\n", name);
		*bad = true;
		return NULL;
	}
	return argv[++*i];
}

/* -o's value in a pasted compiler command line (an object, assembly or preprocessed file). */
static bool compiler_output(const char *v)
{
	static const char *const ext[] = { ".o", ".s", ".i", ".obj" };
	size_t n = strlen(v);

	for (size_t e = 0; e < RML_ARRAY_SIZE(ext); e++) {
		size_t el = strlen(ext[e]);

		if (n > el && !strcmp(v + n - el, ext[e]))
			return true;
	}
	return false;
}

/* The report options: --format, --color, -o and checkpatch's and SARIF's own. 1 = taken. */
static int report_option(struct cli *c, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;
	bool bad = false;

	if ((v = opt_value("--format", argc, argv, i, &bad))) {
		if (rml_format_parse(v, &c->format) < 0) {
			fprintf(stderr, "regmap-lint: error: unknown format '%s' "
					"(gcc, checkpatch, sarif or json)\n", v);
			return -1;
		}
		c->format_set = true;
	} else if ((v = opt_value("--color", argc, argv, i, &bad))) {
		if (!strcmp(v, "auto")) {
			c->color = COLOR_AUTO;
		} else if (!strcmp(v, "always")) {
			c->color = COLOR_ALWAYS;
		} else if (!strcmp(v, "never")) {
			c->color = COLOR_NEVER;
		} else {
			fprintf(stderr, "regmap-lint: error: --color=%s: auto, always or never\n", v);
			return -1;
		}
	} else if ((v = opt_value("--output", argc, argv, i, &bad))) {
		c->output = v;
	} else if (!strcmp(a, "-o") && *i + 1 < argc && !compiler_output(argv[*i + 1])) {
		c->output = argv[++*i];
	} else if ((v = opt_value("--sarif-root", argc, argv, i, &bad))) {
		c->sarif_root = v;
	} else if ((v = opt_value("--explain", argc, argv, i, &bad))) {
		c->explain = v;
	} else if (!strcmp(a, "--terse")) {
		c->terse = true;
	} else if (!strcmp(a, "--emacs")) {
		c->emacs = true;
	} else if (!strcmp(a, "--showfile")) {
		c->showfile = true;
	} else {
		return bad ? -1 : 0;
	}
	if (c->output && !*c->output) {
		fprintf(stderr, "regmap-lint: error: -o needs a file name\n");
		return -1;
	}
	return 1;
}

static int parse_cli(struct cli *c, int argc, char **argv)
{
	c->rest = rml_xcalloc((size_t)argc + 1, sizeof(*c->rest));
	c->enabled = rml_xcalloc(rml_nrules, sizeof(*c->enabled));
	for (size_t i = 0; i < rml_nrules; i++)
		c->enabled[i] = true;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int taken = report_option(c, argc, argv, &i);

		if (taken < 0)
			return -1;
		if (taken > 0)
			continue;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			c->done = true;
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("regmap-lint %s (libclang %s)\n", RML_VERSION, rml_libclang_version());
			c->done = true;
			return 0;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			c->verbose = true;
		} else if (!strcmp(a, "--verify")) {
			c->verify = true;
		} else if (!strcmp(a, "--fail-on-findings")) {
			c->fail_on_findings = true;
		} else if (!strcmp(a, "--siblings")) {
			c->siblings = c->siblings_set = true;
		} else if (!strcmp(a, "--no-siblings")) {
			c->siblings = false;
			c->siblings_set = true;
		} else if (!strcmp(a, "--lone")) {
			c->force_lone = true;
		} else if (!strcmp(a, "--list-rules")) {
			c->list_rules = true;
		} else if (!strncmp(a, "--agree=", 8)) {
			c->agree_log = a + 8;
		} else if (!strncmp(a, "--include-dir=", 14)) {
			c->include_dir = a + 14;
		} else if (!strncmp(a, "--enable=", 9)) {
			if (set_rules(c, a + 9, true) < 0)
				return -1;
		} else if (!strncmp(a, "--disable=", 10)) {
			if (set_rules(c, a + 10, false) < 0)
				return -1;
		} else if (!strncmp(a, "--", 2) && a[2] && strncmp(a, "--target", 8) &&
			   strncmp(a, "--arch", 6) && strncmp(a, "--param", 7) &&
			   strncmp(a, "--sysroot", 9)) {
			fprintf(stderr, "regmap-lint: error: unknown option '%s' (see --help)\n", a);
			return -1;
		} else {
			c->rest[c->nrest++] = a;
		}
	}
	return check_report_options(c);
}

/* Flags that say where headers come from: with none of them, lone-file mode is the useful one. */
static bool describes_headers(const struct rml_args *a)
{
	static const char *const hdr[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include",
					   "-imacros", "-nostdinc" };

	for (size_t i = 0; i < a->nflags; i++)
		for (size_t h = 0; h < RML_ARRAY_SIZE(hdr); h++)
			if (!strncmp(a->flags[i], hdr[h], strlen(hdr[h])))
				return true;
	return false;
}

/*
 * --verify: a driver's own headers (#include "x.h", beside the file) may carry
 * expectations too, for findings in tables that live there.
 */
static int verify_headers(struct rml_verify *v, const char *path, const char *text)
{
	const char *p = text, *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;

	while ((p = strstr(p, "#include \""))) {
		const char *name = p + 10, *end = strchr(name, '"');
		char hpath[PATH_MAX], *htext = NULL, err[256];
		size_t hlen = 0;
		int rc;

		p = name;
		if (!end || end - name > 200 || memchr(name, '\n', (size_t)(end - name)))
			continue;
		snprintf(hpath, sizeof(hpath), "%.*s%.*s", dirlen, path, (int)(end - name), name);
		if (rml_read_file(hpath, &htext, &hlen, err, sizeof(err)) < 0)
			continue;
		rc = rml_verify_parse(v, hpath, htext, hlen, stdout);
		free(htext);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* --verify: read the file's expectations (and corpus-args) before it is analysed. */
static int verify_file(struct rml_index *idx, const char *path, struct rml_check_opts *o)
{
	struct rml_verify v;
	struct rml_file_result res;
	char *text = NULL, err[512];
	size_t len = 0;
	unsigned failures;

	rml_verify_init(&v);
	if (rml_read_file(path, &text, &len, err, sizeof(err)) < 0) {
		fprintf(stdout, "%s: error: %s\n", path, err);
		rml_verify_fini(&v);
		return EXIT_TOOL_ERROR;
	}
	if (rml_verify_parse(&v, path, text, len, stdout) < 0 || verify_headers(&v, path, text) < 0) {
		free(text);
		rml_verify_fini(&v);
		return EXIT_FINDINGS;
	}
	free(text);
	o->parse.extra = (const char *const *)v.args;
	o->parse.nextra = v.nargs;
	rml_check_file(idx, path, o, &res);
	failures = rml_verify_check(&v, &res.diags, path, stdout);
	rml_file_result_fini(&res);
	rml_verify_fini(&v);
	o->parse.extra = NULL;
	o->parse.nextra = 0;
	if (failures) {
		printf("%s: %u verification failure%s\n", path, failures, failures == 1 ? "" : "s");
		return EXIT_FINDINGS;
	}
	return EXIT_CLEAN;
}

/* --agree=LOG: the runtime's violations on this driver against the findings. */
static int agree_file(struct rml_index *idx, const char *path, const char *logpath,
		      struct rml_check_opts *o)
{
	struct rml_file_result res;
	char *log = NULL, err[512];
	size_t loglen = 0;
	int n;

	if (rml_read_file(logpath, &log, &loglen, err, sizeof(err)) < 0) {
		printf("%s: error: %s\n", logpath, err);
		return EXIT_TOOL_ERROR;
	}
	rml_check_file(idx, path, o, &res);
	if (res.tool_error) {
		rml_out_gcc(stdout, &res.diags);
		n = -1;
	} else {
		n = rml_agree_check(log, loglen, &res.diags, path, res.text, res.len, stdout);
	}
	rml_file_result_fini(&res);
	free(log);
	if (n < 0)
		return EXIT_TOOL_ERROR;
	if (n > 0) {
		printf("%s: %d disagreement%s with the runtime\n", path, n, n == 1 ? "" : "s");
		return EXIT_FINDINGS;
	}
	return EXIT_CLEAN;
}


/* Lines of a file's text, as checkpatch counts them (a last line without '\n' counts). */
static unsigned long count_lines(const char *text, size_t len)
{
	unsigned long n = 0;

	for (size_t i = 0; text && i < len; i++)
		n += text[i] == '\n';
	if (text && len && text[len - 1] != '\n')
		n++;
	return n;
}

static size_t dir_len(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? (size_t)(slash - p) : 0;
}

/* The names a file includes with quotes (#include "x.h"), as a newline-separated list. */
static char *quoted_includes(const char *text)
{
	size_t cap = 256, len = 0;
	char *out = rml_xmalloc(cap);
	const char *p = text;

	out[0] = '\0';
	while ((p = strstr(p, "#include \"")) != NULL) {
		const char *name = p + 10, *end = strchr(name, '"');

		p = name;
		if (!end || end - name > 200 || memchr(name, '\n', (size_t)(end - name)))
			continue;
		if (len + (size_t)(end - name) + 3 > cap) {
			cap = 2 * cap + (size_t)(end - name);
			out = rml_xrealloc(out, cap);
		}
		out[len++] = '\n';
		memcpy(out + len, name, (size_t)(end - name));
		len += (size_t)(end - name);
		out[len++] = '\n';
		out[len] = '\0';
	}
	return out;
}

static bool shares_include(const char *mine, const char *text)
{
	char *theirs = quoted_includes(text);
	const char *p = mine;
	bool shared = false;

	while (!shared && (p = strchr(p, '\n')) != NULL && p[1]) {
		const char *end = strchr(p + 1, '\n');
		char name[256];

		if (!end)
			break;
		snprintf(name, sizeof(name), "\n%.*s\n", (int)(end - p - 1), p + 1);
		shared = strstr(theirs, name) != NULL;
		p = end;
	}
	free(theirs);
	return shared;
}

/*
 * The other files of the same driver as path: .c files beside it that use the regmap_field
 * API and include one of the driver's own headers it includes ("tsens.h", "lpass.h").
 * They are read for what they contribute (allocations, wrappers, tables), not reported.
 */
static size_t find_siblings(const char *path, char ***out)
{
	size_t dl = dir_len(path), n = 0;
	char dir[PATH_MAX], *text = NULL, *mine, err[256];
	size_t len;
	DIR *d;
	struct dirent *de;

	*out = NULL;
	snprintf(dir, sizeof(dir), "%.*s", dl ? (int)dl : 1, dl ? path : ".");
	if (rml_read_file(path, &text, &len, err, sizeof(err)) < 0)
		return 0;
	mine = quoted_includes(text);
	free(text);
	d = *mine ? opendir(dir) : NULL;
	while (d && (de = readdir(d)) != NULL) {
		size_t nl = strlen(de->d_name);
		char cand[2 * PATH_MAX + 2];

		if (nl < 3 || strcmp(de->d_name + nl - 2, ".c"))
			continue;
		snprintf(cand, sizeof(cand), "%s/%s", dir, de->d_name);
		if (!strcmp(de->d_name, path + (dl ? dl + 1 : 0)) ||
		    rml_read_file(cand, &text, &len, err, sizeof(err)) < 0)
			continue;
		if ((strstr(text, "regmap_field") || strstr(text, "reg_field")) &&
		    shares_include(mine, text)) {
			*out = rml_xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n++] = rml_xstrdup(cand);
		}
		free(text);
	}
	if (d)
		closedir(d);
	free(mine);
	/* a stable order, whatever readdir gives */
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b > 0 && strcmp((*out)[b - 1], (*out)[b]) > 0; b--) {
			char *t = (*out)[b];

			(*out)[b] = (*out)[b - 1];
			(*out)[b - 1] = t;
		}
	return n;
}

/* Is this diagnostic in one of the files (other than keep) read only as siblings? */
static bool in_sibling(const struct rml_diag *d, const char *const *paths, size_t n,
		       const char *keep)
{
	for (size_t i = 0; i < n; i++)
		if (paths[i] != keep && !strcmp(d->loc.file, paths[i]))
			return true;
	return false;
}


/* ---- inputs: directories walked, files that cannot involve regmap_field skipped ------- */

struct inlist {
	char **v;
	size_t n, cap;
};

static void inlist_add(struct inlist *l, const char *p)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = rml_xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = rml_xstrdup(p);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct visited {
	dev_t dev[256];
	ino_t ino[256];
	int n;
};

/* All .c files under dir, sorted; loops and unreadable entries are reported, not fatal. */
static int walk_dir(const char *dir, struct inlist *out, struct visited *seen, int depth)
{
	struct inlist here = { 0 };
	struct stat st;
	DIR *d;
	struct dirent *de;
	int rc = 0;

	if (stat(dir, &st) < 0)
		return 0;
	for (int i = 0; i < seen->n; i++)
		if (seen->dev[i] == st.st_dev && seen->ino[i] == st.st_ino) {
			fprintf(stderr, "regmap-lint: error: %s: directory loop (a symlink back to an "
				"ancestor), not followed\n", dir);
			return -1;
		}
	if (depth > 64 || seen->n == 256) {
		fprintf(stderr, "regmap-lint: error: %s: directories nested too deep\n", dir);
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "regmap-lint: error: %s: cannot open directory: %s\n", dir,
			strerror(errno));
		return -1;
	}
	seen->dev[seen->n] = st.st_dev;
	seen->ino[seen->n++] = st.st_ino;
	while ((de = readdir(d)) != NULL) {
		size_t nl = strlen(de->d_name);
		char path[PATH_MAX];

		if (de->d_name[0] == '.')
			continue;	/* ., .., and hidden entries (.git) */
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= (int)sizeof(path))
			continue;
		if (stat(path, &st) < 0) {
			if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
				fprintf(stderr, "regmap-lint: error: %s: dangling or looping symlink\n",
					path);
				rc = -1;
			}
			continue;
		}
		if (S_ISDIR(st.st_mode) || (nl > 2 && !strcmp(de->d_name + nl - 2, ".c")))
			inlist_add(&here, path);
	}
	closedir(d);
	qsort(here.v, here.n, sizeof(*here.v), cmp_str);
	for (size_t i = 0; i < here.n; i++) {
		if (stat(here.v[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (walk_dir(here.v[i], out, seen, depth + 1) < 0)
				rc = -1;
		} else {
			inlist_add(out, here.v[i]);
		}
		free(here.v[i]);
	}
	free(here.v);
	seen->n--;
	return rc;
}

static bool mentions_api(const char *t, size_t len)
{
	return memmem(t, len, "regmap_field", 12) || memmem(t, len, "reg_field", 9) ||
	       memmem(t, len, "REG_FIELD", 9);
}

/* Could this file involve the regmap_field API (it, or a header it includes with quotes)? */
static bool may_use_api(const char *path)
{
	char *text, err[256];
	size_t len, dl = dir_len(path);
	bool may;
	const char *p;

	if (rml_read_file(path, &text, &len, err, sizeof(err)) < 0)
		return true;	/* let the analysis report it */
	may = mentions_api(text, len);
	for (p = text; !may && (p = strstr(p, "#include \"")) != NULL;) {
		const char *name = p + 10, *end = strchr(name, '"');
		char hpath[PATH_MAX], *htext;
		size_t hlen;

		p = name;
		if (!end || end - name > 200 || memchr(name, '\n', (size_t)(end - name)))
			continue;
		snprintf(hpath, sizeof(hpath), "%.*s%s%.*s", (int)dl, path, dl ? "/" : "",
			 (int)(end - name), name);
		if (rml_read_file(hpath, &htext, &hlen, err, sizeof(err)) == 0) {
			may = mentions_api(htext, hlen);
			free(htext);
		}
	}
	free(text);
	return may;
}

/*
 * Directories become the .c files under them; in a normal run, files that cannot involve
 * the API are dropped without parsing. Returns -1 when an entry could not be walked.
 */
static int expand_inputs(struct rml_args *a, bool prefilter, size_t *skipped)
{
	struct inlist l = { 0 };
	struct visited seen;
	struct stat st;
	int rc = 0;

	*skipped = 0;
	for (size_t i = 0; i < a->ninputs; i++) {
		size_t nl = strlen(a->inputs[i]);

		/* a directory is walked, unless it is named as a C file is: then it is an error */
		if (stat(a->inputs[i], &st) == 0 && S_ISDIR(st.st_mode) &&
		    !(nl > 2 && !strcmp(a->inputs[i] + nl - 2, ".c"))) {
			size_t from = l.n;

			seen.n = 0;
			if (walk_dir(a->inputs[i], &l, &seen, 0) < 0)
				rc = -1;
			for (size_t k = from; prefilter && k < l.n; k++) {
				if (may_use_api(l.v[k]))
					continue;
				free(l.v[k]);
				memmove(&l.v[k], &l.v[k + 1], (l.n - k - 1) * sizeof(*l.v));
				l.n--;
				k--;
				(*skipped)++;
			}
		} else if (prefilter && stat(a->inputs[i], &st) == 0 && S_ISREG(st.st_mode) &&
			   !may_use_api(a->inputs[i])) {
			(*skipped)++;
		} else {
			inlist_add(&l, a->inputs[i]);
		}
		free(a->inputs[i]);
	}
	free(a->inputs);
	a->inputs = l.v;
	a->ninputs = l.n;
	return rc;
}

/*
 * One driver: input i with the other inputs of its directory, or, given alone, with the
 * sibling files of the same driver. Prints the report; returns the exit status part.
 */
static int check_driver(const struct cli *c, struct rml_index *idx, const struct rml_check_opts *o,
			const struct rml_args *args, size_t i, bool *done, struct rml_report *rep,
			struct sink *sink)
{
	const char *path = args->inputs[i];
	const char **paths = rml_xcalloc(args->ninputs + 1, sizeof(*paths));
	size_t n = 0, nsib = 0, dl = dir_len(path);
	char **sib = NULL;
	const char *report_only = NULL;
	struct rml_group_result g;
	struct rml_diags shown;
	unsigned long nlines = 0;
	int rc = EXIT_CLEAN;

	for (size_t j = i; j < args->ninputs; j++) {
		if (done[j] || dir_len(args->inputs[j]) != dl || strncmp(args->inputs[j], path, dl))
			continue;
		paths[n++] = args->inputs[j];
		done[j] = true;
	}
	if (n == 1 && c->siblings) {
		nsib = find_siblings(path, &sib);
		if (nsib) {
			paths = rml_xrealloc(paths, (1 + nsib) * sizeof(*paths));
			for (size_t k = 0; k < nsib; k++)
				paths[n++] = sib[k];
			report_only = path;
		}
	}
	if (c->verbose && nsib) {
		fprintf(stderr, "regmap-lint: %s: also reading", path);
		for (size_t k = 0; k < nsib; k++)
			fprintf(stderr, " %s", sib[k]);
		fputc('\n', stderr);
	}
	rml_check_group(idx, paths, n, o, &g);

	/* tool errors of the files asked for, then the findings (minus the siblings') */
	rml_diags_init(&shown, &g.merged.arena);
	for (size_t k = 0; k < n; k++) {
		const struct rml_file_result *res = &g.files[k];

		if (report_only && paths[k] != report_only)
			continue;
		for (size_t e = 0; e < rml_diags_count(&res->diags); e++)
			rml_ptrvec_push(&shown.v, rml_diags_at(&res->diags, e));
		if (res->tool_error)
			rc = EXIT_TOOL_ERROR;
		if (c->verbose)
			rml_print_verbose(stderr, res);
	}
	for (size_t e = 0; e < rml_diags_count(&g.diags); e++) {
		struct rml_diag *d = rml_diags_at(&g.diags, e);

		if (report_only && in_sibling(d, paths, n, report_only))
			continue;
		rml_ptrvec_push(&shown.v, d);
		if (d->sev == RML_SEV_WARNING && rc == EXIT_CLEAN)
			rc = EXIT_FINDINGS;
	}
	rml_diags_sort(&shown);
	for (size_t k = 0; k < n - nsib; k++)
		nlines += count_lines(g.files[k].text, g.files[k].len);
	rml_report_add(rep, &shown, (unsigned)(n - nsib), nlines);
	sink_flush(sink);
	if (c->verbose && (n > 1 || g.merged.writes.n))
		rml_print_link_stats(stderr, &g.merged);
	rml_diags_fini(&shown);
	rml_group_result_fini(&g);
	for (size_t k = 0; k < nsib; k++)
		free(sib[k]);
	free(sib);
	free(paths);
	return rc;
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	struct rml_args args;
	struct rml_args_env env = { getenv("SRCARCH"), getenv("ARCH"), getenv("CROSS_COMPILE") };
	struct rml_check_opts o = { 0 };
	struct rml_index *idx;
	char err[512], *envbuf;
	bool *done;
	char **av = with_env_opts(&argc, argv, &envbuf);
	const char *kbuild = getenv("KBUILD_CHECKSRC");
	bool under_kbuild = kbuild && *kbuild;
	/* golden tests pin what changes between builds and machines (tests/golden) */
	const char *golden = getenv("REGMAP_LINT_GOLDEN");
	bool pinned = golden && *golden;
	struct rml_out_opts oo = {
		.version = pinned ? "0.0.0-golden" : RML_VERSION,
		.libclang = pinned ? "golden" : rml_libclang_version(),
	};
	bool reporting;
	struct rml_report rep;
	struct sink sink;
	int rc = EXIT_CLEAN;

	if (parse_cli(&c, argc, av) < 0) {
		rc = under_kbuild && !c.fail_on_findings ? EXIT_CLEAN : EXIT_TOOL_ERROR;
		goto out_free_cli;
	}
	if (c.done)
		goto out_free_cli;
	if (!c.siblings_set)
		c.siblings = !under_kbuild;	/* kbuild checks each file on its own, at its own cost */
	if (c.explain) {
		rc = explain(c.explain);
		goto out_free_cli;
	}
	if (c.list_rules) {
		list_rules(&c, oo.version);
		goto out_free_cli;
	}
	if (rml_args_normalise(&args, c.nrest, c.rest, &env, err, sizeof(err)) < 0) {
		fprintf(stderr, "regmap-lint: error: %s\n", err);
		rc = EXIT_TOOL_ERROR;
		goto out_free_cli;
	}
	if (!args.ninputs) {
		fprintf(stderr, "regmap-lint: error: no input files (see --help)\n");
		rc = EXIT_TOOL_ERROR;
		goto out_free_args;
	}
	o.parse.lone = c.force_lone || !describes_headers(&args);
	o.parse.bundled_include = bundled_include(c.include_dir);
	o.parse.flags = (const char *const *)args.flags;
	o.parse.nflags = args.nflags;
	o.parse.host_target = args.target;
	o.enabled = c.enabled;
	if (c.verbose) {
		fprintf(stderr, "regmap-lint: %s mode", o.parse.lone ? "lone-file" : "flags");
		for (size_t i = 0; i < args.nflags; i++)
			fprintf(stderr, " %s", args.flags[i]);
		fputc('\n', stderr);
		for (size_t i = 0; i < args.ndropped; i++)
			fprintf(stderr, "regmap-lint: dropped flag: %s\n", args.dropped[i]);
	}

	reporting = !c.verify && !c.agree_log;
	if (reporting) {
		if (sink_open(&sink, c.output, under_kbuild) < 0) {
			rc = EXIT_TOOL_ERROR;
			goto out_free_args;
		}
		oo.format = c.format;
		oo.color = want_color(&c, under_kbuild ? STDERR_FILENO : STDOUT_FILENO);
		oo.terse = c.terse;
		oo.emacs = c.emacs;
		oo.showfile = c.showfile;
		oo.root = c.sarif_root;
		rml_report_begin(&rep, sink.f, &oo);
	}
	{
		size_t skipped = 0;

		if (expand_inputs(&args, !c.verify && !c.agree_log, &skipped) < 0)
			rc = EXIT_TOOL_ERROR;
		if (c.verbose)
			fprintf(stderr, "regmap-lint: %zu file%s to analyse, %zu skipped (no use of the "
				"regmap_field API in them or their own headers)\n", args.ninputs,
				args.ninputs == 1 ? "" : "s", skipped);
	}
	idx = rml_index_new();
	done = rml_xcalloc(args.ninputs + 1, sizeof(*done));
	for (size_t i = 0; i < args.ninputs; i++) {
		const char *path = args.inputs[i];
		int frc;

		if (done[i])
			continue;
		if (c.agree_log) {
			frc = agree_file(idx, path, c.agree_log, &o);
			if (frc > rc)
				rc = frc;
			continue;
		}
		if (c.verify) {
			frc = verify_file(idx, path, &o);
			if (frc > rc)
				rc = frc;
			continue;
		}
		frc = check_driver(&c, idx, &o, &args, i, done, &rep, &sink);
		if (frc == EXIT_TOOL_ERROR || (frc == EXIT_FINDINGS && rc == EXIT_CLEAN))
			rc = frc;
	}
	free(done);
	rml_index_free(idx);
	if (reporting) {
		rml_report_end(&rep);
		if (sink_close(&sink, c.output) < 0)
			rc = EXIT_TOOL_ERROR;
	}
out_free_args:
	rml_args_fini(&args);
out_free_cli:
	free(c.rest);
	free(c.enabled);
	if (av != argv)
		free(av);
	free(envbuf);
	if (under_kbuild && !c.fail_on_findings)
		return EXIT_CLEAN;	/* a non-zero CHECK stops the kernel build */
	return rc;
}
