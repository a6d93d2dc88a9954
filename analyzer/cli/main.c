/*
 * main: the regmap-lint command line. argv -> options -> analyse each file -> report ->
 * exit code (0 clean, 1 findings, 2 tool error). Everything else lives in the engine.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rule.h"
#include "agree.h"
#include "args.h"
#include "check.h"
#include "exit.h"
#include "inputs.h"
#include "output.h"
#include "pool.h"
#include "run.h"
#include "tu.h"
#include "verify.h"

#ifndef RML_VERSION
#define RML_VERSION "0.0.0"
#endif


#define MAX_JOBS 64
#define DEFAULT_MAX_MEMORY 4096	/* MB resident per driver */

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
	"  -v, --verbose         also print, on stderr, the command line libclang gets, what\n"
	"                        could not be resolved and the compiler's own errors\n"
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
	"      --no-config       do not read .regmap-lint files\n"
	"      --verify          corpus mode: match the diagnostics against the expected-*\n"
	"                        comments in each file; exit 1 on any mismatch\n"
	"      --fail-on-findings  under kbuild (make C=1/C=2 CHECK=regmap-lint), exit 1 on\n"
	"                        findings and 2 on tool errors (default there: always 0)\n"
	"      --agree=LOG       corpus mode: compare the findings on the file with the\n"
	"                        violations the reference runtime recorded in LOG; exit 1\n"
	"                        on any disagreement\n"
	"\n"
	"Inputs:\n"
	"  -p DIR                compile_commands.json in DIR (or the file itself): analyse\n"
	"                        every entry, or only the files named, each with its own\n"
	"                        flags and directory (the kernel's gen_compile_commands.py\n"
	"                        output works)\n"
	"      --files-from=FILE read the files to analyse from FILE, one per line (\"-\":\n"
	"                        stdin)\n"
	"  -j N, --jobs=N        analyse N drivers at a time (default: the number of CPUs);\n"
	"                        the report is the same, in the same order, for any N\n"
	"      --timeout=SECONDS give up on a driver after SECONDS (default 120; 0: never):\n"
	"                        it is reported as an error, the others are still analysed\n"
	"      --max-memory=MB   the same for a driver needing more than MB of resident\n"
	"                        memory (default 4096; 0: no limit)\n"
	"\n"
	"Silencing and changed lines:\n"
	"  /* regmap-lint: ignore RULE[,RULE] -- reason */ on a finding's line, or alone on\n"
	"                        the line before it, silences it (RULE may be a glob); -v\n"
	"                        lists suppressions that silenced nothing\n"
	"      --write-baseline=FILE  record today's findings in FILE (nothing is reported)\n"
	"      --baseline=FILE   report only findings not recorded in FILE; entries nothing\n"
	"                        matches any more are listed on stderr\n"
	"      --diff=FILE       report only findings on lines a unified diff adds (\"-\":\n"
	"                        stdin); without files, analyse the .c files it touches\n"
	"      --since=REV       the same for the changes since git revision REV (runs\n"
	"                        git diff)\n"
	"      --patch=FILE      apply the patch in memory (the tree is not touched),\n"
	"                        analyse the patched files, report what its added lines\n"
	"                        introduce; a patch that does not apply is an error\n"
	"      --contents-from=DIR  read each file from DIR/<its path> when there (the\n"
	"                        staged contents a pre-commit hook exported)\n"
	"\n"
	"A .regmap-lint file in a file's directory or above (the nearest) may set\n"
	"\"enable = ids\", \"disable = ids\", \"siblings = yes|no\" and \"baseline = FILE\";\n"
	"the command line wins over it.\n"
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
	"libclang is loaded when the first file is parsed; $REGMAP_LINT_LIBCLANG names another\n"
	"one. If it cannot be loaded, each file that needed parsing is an error.\n"
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
	bool enable_given;	/* --enable: the config files' selection does not count */
	bool no_config;
	unsigned jobs, timeout;
	size_t max_memory;
	const char *compdb, *files_from, *baseline, *write_baseline;
	const char *diff, *since, *patch, *contents_from;
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

	if (on) {
		for (size_t i = 0; i < rml_nrules; i++)
			c->enabled[i] = false;
		c->enable_given = true;
	}
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
	} else if (rml_write_atomic(s->path, s->buf, s->len, err, sizeof(err)) < 0) {
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
		return RML_EXIT_TOOL_ERROR;
	}
	fputs(doc, stdout);
	return RML_EXIT_CLEAN;
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

/* A whole number in [lo, hi] for option name; -1 (reported) otherwise. */
static int number(const char *name, const char *v, unsigned long lo, unsigned long hi,
		  unsigned long *out)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || errno || n < lo || n > hi || *v == '-') {
		fprintf(stderr, "regmap-lint: error: %s=%s: a number from %lu to %lu\n", name, v, lo,
			hi);
		return -1;
	}
	*out = n;
	return 0;
}

/* What to run on and how: -j, -p, --files-from, limits, baseline, changes. 1 = taken. */
static int run_option(struct cli *c, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;
	unsigned long n;
	bool bad = false;

	if (!strncmp(a, "-j", 2) && (a[2] || (*i + 1 < argc && isdigit((unsigned char)argv[*i + 1][0])))) {
		v = a[2] ? a + 2 : argv[++*i];
		if (number("-j", v, 1, MAX_JOBS, &n) < 0)
			return -1;
		c->jobs = (unsigned)n;
	} else if ((v = opt_value("--jobs", argc, argv, i, &bad))) {
		if (number("--jobs", v, 1, MAX_JOBS, &n) < 0)
			return -1;
		c->jobs = (unsigned)n;
	} else if ((v = opt_value("--timeout", argc, argv, i, &bad))) {
		if (number("--timeout", v, 0, 86400, &n) < 0)
			return -1;
		c->timeout = (unsigned)n;
	} else if ((v = opt_value("--max-memory", argc, argv, i, &bad))) {
		if (number("--max-memory", v, 0, 1UL << 30, &n) < 0)
			return -1;
		c->max_memory = n;
	} else if (!strcmp(a, "-p") || !strncmp(a, "-p=", 3)) {
		if (a[2] == '=') {
			c->compdb = a + 3;
		} else if (*i + 1 < argc) {
			c->compdb = argv[++*i];
		} else {
			fprintf(stderr, "regmap-lint: error: -p needs a directory (see --help)\n");
			return -1;
		}
	} else if ((v = opt_value("--files-from", argc, argv, i, &bad))) {
		c->files_from = v;
	} else if ((v = opt_value("--baseline", argc, argv, i, &bad))) {
		c->baseline = v;
	} else if ((v = opt_value("--write-baseline", argc, argv, i, &bad))) {
		c->write_baseline = v;
	} else if ((v = opt_value("--diff", argc, argv, i, &bad))) {
		c->diff = v;
	} else if ((v = opt_value("--since", argc, argv, i, &bad))) {
		c->since = v;
	} else if ((v = opt_value("--patch", argc, argv, i, &bad))) {
		c->patch = v;
	} else if ((v = opt_value("--contents-from", argc, argv, i, &bad))) {
		c->contents_from = v;
	} else if (!strcmp(a, "--no-config")) {
		c->no_config = true;
	} else {
		return bad ? -1 : 0;
	}
	return 1;
}

/* Options that do not go together. */
static int check_run_options(const struct cli *c)
{
	if (!!c->diff + !!c->since + !!c->patch > 1) {
		fprintf(stderr, "regmap-lint: error: --diff, --since and --patch: one at a time\n");
		return -1;
	}
	if (c->baseline && c->write_baseline) {
		fprintf(stderr, "regmap-lint: error: --baseline and --write-baseline: one at a time\n");
		return -1;
	}
	if (c->files_from && c->diff && !strcmp(c->files_from, "-") && !strcmp(c->diff, "-")) {
		fprintf(stderr, "regmap-lint: error: --files-from=- and --diff=- both read stdin\n");
		return -1;
	}
	if ((c->verify || c->agree_log) &&
	    (c->compdb || c->files_from || c->baseline || c->write_baseline || c->diff ||
	     c->since || c->patch || c->contents_from)) {
		fprintf(stderr, "regmap-lint: error: --verify and --agree take files only\n");
		return -1;
	}
	return 0;
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
		} else if ((taken = run_option(c, argc, argv, &i)) != 0) {
			if (taken < 0)
				return -1;
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
	if (check_run_options(c) < 0)
		return -1;
	return check_report_options(c);
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
	struct rml_args ca;
	struct rml_args_env env = { NULL, NULL, NULL };
	char *text = NULL, err[512];
	size_t len = 0;
	unsigned failures;

	rml_verify_init(&v);
	if (rml_read_file(path, &text, &len, err, sizeof(err)) < 0) {
		fprintf(stdout, "%s: error: %s\n", path, err);
		rml_verify_fini(&v);
		return RML_EXIT_TOOL_ERROR;
	}
	if (rml_verify_parse(&v, path, text, len, stdout) < 0 || verify_headers(&v, path, text) < 0) {
		free(text);
		rml_verify_fini(&v);
		return RML_EXIT_FINDINGS;
	}
	free(text);
	/*
	 * corpus-args go through the same allow-list as any command line: a corpus file is
	 * input, and must not make libclang write files (-MF, -Xclang ...) or read others.
	 */
	if (rml_args_normalise(&ca, v.nargs, (const char *const *)v.args, &env, err,
			       sizeof(err)) < 0 || ca.ndropped || ca.ninputs) {
		printf("%s: error: corpus-args: %s\n", path,
		       ca.ndropped ? "a flag outside the allow-list" :
		       ca.ninputs  ? "a file name, not a flag" : err);
		rml_args_fini(&ca);
		rml_verify_fini(&v);
		return RML_EXIT_TOOL_ERROR;
	}
	/* the trailing --target= the normaliser adds is the host's: lone mode sets its own */
	o->parse.extra = (const char *const *)ca.flags;
	o->parse.nextra = ca.nflags - (ca.nflags && !strncmp(ca.flags[ca.nflags - 1], "--target=", 9));
	rml_check_file(idx, path, o, &res);
	failures = rml_verify_check(&v, &res.diags, path, stdout);
	rml_file_result_fini(&res);
	rml_args_fini(&ca);
	rml_verify_fini(&v);
	o->parse.extra = NULL;
	o->parse.nextra = 0;
	if (failures) {
		printf("%s: %u verification failure%s\n", path, failures, failures == 1 ? "" : "s");
		return RML_EXIT_FINDINGS;
	}
	return RML_EXIT_CLEAN;
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
		return RML_EXIT_TOOL_ERROR;
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
		return RML_EXIT_TOOL_ERROR;
	if (n > 0) {
		printf("%s: %d disagreement%s with the runtime\n", path, n, n == 1 ? "" : "s");
		return RML_EXIT_FINDINGS;
	}
	return RML_EXIT_CLEAN;
}



static void flush_sink(void *s)
{
	sink_flush(s);
}

/* -v: what libclang is given for each file (ci/bench runs clang and its floor with it). */
static void print_libclang_argv(const struct rml_parse_opts *po)
{
	struct rml_tu_argv a;

	rml_tu_argv(po, &a);
	fprintf(stderr, "regmap-lint: libclang options 0x%x, argv:", (unsigned)RML_TU_OPTIONS);
	for (size_t i = 0; i < a.n; i++)
		fprintf(stderr, " %s", a.v[i]);
	fputc('\n', stderr);
	rml_tu_argv_fini(&a);
}

/* --verify and --agree: corpus modes, each file on its own, in this process. */
static int corpus_mode(const struct cli *c, struct rml_args *args, struct rml_check_opts *o)
{
	struct rml_index *idx = rml_index_new();
	struct rml_inlist in = { 0 };
	size_t skipped = 0;
	int rc = RML_EXIT_CLEAN;

	for (size_t i = 0; i < args->ninputs; i++)
		rml_inlist_add(&in, args->inputs[i]);
	if (rml_expand_inputs(NULL, &in, false, &skipped) < 0)
		rc = RML_EXIT_TOOL_ERROR;
	for (size_t i = 0; i < in.n; i++) {
		int frc = c->agree_log ? agree_file(idx, in.v[i], c->agree_log, o)
				       : verify_file(idx, in.v[i], o);

		if (frc > rc)
			rc = frc;
	}
	rml_inlist_fini(&in);
	rml_index_free(idx);
	return rc;
}

int main(int argc, char **argv)
{
	struct cli c = { .jobs = 0, .timeout = 120, .max_memory = DEFAULT_MAX_MEMORY };
	struct rml_args args;
	struct rml_args_env env = { getenv("SRCARCH"), getenv("ARCH"), getenv("CROSS_COMPILE") };
	struct rml_check_opts o = { 0 };
	char err[512], *envbuf;
	char **av = with_env_opts(&argc, argv, &envbuf);
	const char *kbuild = getenv("KBUILD_CHECKSRC");
	bool under_kbuild = kbuild && *kbuild;
	/* golden tests pin what changes between builds and machines (tests/golden) */
	const char *golden = getenv("REGMAP_LINT_GOLDEN");
	bool pinned = golden && *golden;
	struct rml_out_opts oo = {
		.version = pinned ? "0.0.0-golden" : RML_VERSION,
		.libclang = "golden",	/* the real one below, for the formats that show it */
	};
	struct rml_report rep;
	struct sink sink;
	int rc = RML_EXIT_CLEAN;

	if (parse_cli(&c, argc, av) < 0) {
		rc = under_kbuild && !c.fail_on_findings ? RML_EXIT_CLEAN : RML_EXIT_TOOL_ERROR;
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
		rml_list_rules(stdout, c.format, oo.version);
		goto out_free_cli;
	}
	if (rml_args_normalise(&args, c.nrest, c.rest, &env, err, sizeof(err)) < 0) {
		fprintf(stderr, "regmap-lint: error: %s\n", err);
		rc = RML_EXIT_TOOL_ERROR;
		goto out_free_cli;
	}
	if (!args.ninputs && (c.verify || c.agree_log || (!c.files_from && !c.compdb && !c.diff &&
							     !c.since && !c.patch))) {
		fprintf(stderr, "regmap-lint: error: no input files (see --help)\n");
		rc = RML_EXIT_TOOL_ERROR;
		goto out_free_args;
	}
	o.parse.lone = c.force_lone || !rml_args_describe_headers(&args);
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
		print_libclang_argv(&o.parse);
	}
	if (c.verify || c.agree_log) {
		rc = corpus_mode(&c, &args, &o);
		goto out_free_args;
	}

	if (sink_open(&sink, c.output, under_kbuild) < 0) {
		rc = RML_EXIT_TOOL_ERROR;
		goto out_free_args;
	}
	oo.format = c.format;
	/* SARIF and JSON name libclang's version, which loads it (cx.h); the others need not */
	if (!pinned && (c.format == RML_FMT_SARIF || c.format == RML_FMT_JSON))
		oo.libclang = rml_libclang_version();
	oo.color = want_color(&c, under_kbuild ? STDERR_FILENO : STDOUT_FILENO);
	oo.terse = c.terse;
	oo.emacs = c.emacs;
	oo.showfile = c.showfile;
	oo.root = c.sarif_root;
	rml_report_begin(&rep, sink.f, &oo);
	{
		struct rml_run_opts ro = {
			.verbose = c.verbose,
			.kbuild = under_kbuild,
			.siblings = c.siblings,
			.siblings_set = c.siblings_set,
			.no_config = c.no_config,
			.enabled = c.enabled,
			.enable_given = c.enable_given,
			.check = o,
			.env = &env,
			.jobs = c.jobs ? c.jobs : rml_ncpus(),
			.timeout = c.timeout,
			.memory_mb = c.max_memory,
			.compdb = c.compdb,
			.files_from = c.files_from,
			.baseline = c.baseline,
			.write_baseline = c.write_baseline,
			.diff = c.diff,
			.since = c.since,
			.patch = c.patch,
			.contents_from = c.contents_from,
			.inputs = args.inputs,
			.ninputs = args.ninputs,
		};

		if (ro.jobs > MAX_JOBS)
			ro.jobs = MAX_JOBS;
		rc = rml_run(&ro, &rep, flush_sink, &sink);
	}
	rml_report_end(&rep);
	if (sink_close(&sink, c.output) < 0)
		rc = RML_EXIT_TOOL_ERROR;
out_free_args:
	rml_args_fini(&args);
out_free_cli:
	free(c.rest);
	free(c.enabled);
	if (av != argv)
		free(av);
	free(envbuf);
	if (under_kbuild && !c.fail_on_findings)
		return RML_EXIT_CLEAN;	/* a non-zero CHECK stops the kernel build */
	return rc;
}
