/*
 * options: the command line into struct rml_cli (see options.h): the report's options,
 * the run's, the modes' and the rule selection, each checked for what does not go
 * together before any work.
 */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "inputs.h"
#include "pool.h"
#include "tu.h"

#define DEFAULT_TIMEOUT 120		/* seconds per driver */
#define DEFAULT_MAX_MEMORY 4096		/* MB resident per driver */

static const char usage[] =
	"Usage: regmap-lint [options] [compiler flags] file.c|dir...\n"
	"\n"
	"Checks Linux drivers' struct reg_field tables and regmap_field_* calls.\n"
	"Without compiler flags (or with only -D/-U/-std), each file is parsed alone (lone-file\n"
	"mode): inside a prepared kernel tree with the tree's own headers, as kbuild would,\n"
	"elsewhere against regmap-lint's bundled kernel headers. Given -I/-include/-nostdinc\n"
	"flags (a kbuild or compile_commands.json command line), those are used instead;\n"
	"flags that do not change the meaning of the code are dropped.\n"
	"\n"
	"Options:\n"
	"  -h, --help            show this help and exit\n"
	"      --version         show the version (and libclang's) and exit\n"
	"  -v, --verbose         also print, on stderr, the command line libclang gets, a\n"
	"                        summary of each file, what could not be resolved or linked\n"
	"                        (each remark once)\n"
	"  -vv                   -v and the compiler's own errors in each file\n"
	"      --list-rules      list the rules and exit (with --format=json: as JSON)\n"
	"      --explain=RULE    print the documentation of RULE (an id, or its checkpatch\n"
	"                        type such as FIELD_OVERLAP) and exit\n"
	"      --enable=IDS      run only these rules (comma-separated ids or globs: 'field-*')\n"
	"      --disable=IDS     do not run these rules (comma-separated ids or globs)\n"
	"      --lone            parse against the bundled headers even when flags are given\n"
	"                        (or the file lies in a kernel tree)\n"
	"      --no-kernel-tree  a lone file inside a kernel tree is parsed against the\n"
	"                        bundled headers too, not the tree's\n"
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
	"                        stdin); lines starting with '#' are comments\n"
	"  -                     the source on stdin, named as --stdin-filename says (else\n"
	"                        <stdin>): it stands in for that file, whose headers,\n"
	"                        siblings and .regmap-lint count (an editor's buffer)\n"
	"      --stdin-filename=PATH  the name of the source read from stdin\n"
	"  -j N, --jobs=N        analyse N drivers at a time (default: the number of CPUs);\n"
	"                        the report is the same, in the same order, for any N\n"
	"      --shard=K/N       analyse only the K-th of N shares of the drivers (a CI\n"
	"                        matrix): deterministic, a driver's files together, the N\n"
	"                        shares together the whole run\n"
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
	"                        staged contents a pre-commit hook exported); only the\n"
	"                        files the run needs are read\n"
	"      --install-hook    write the git pre-commit hook into the repository of the\n"
	"                        current directory (.git/hooks/pre-commit, or where git\n"
	"                        looks): it checks the staged lines with this regmap-lint\n"
	"                        and refuses a commit with findings (git commit\n"
	"                        --no-verify skips it once); another hook is left alone\n"
	"\n"
	"A .regmap-lint file in a file's directory or above (the nearest) may set\n"
	"\"enable = ids\", \"disable = ids\", \"siblings = yes|no\" and \"baseline = FILE\";\n"
	"the command line wins over it.\n"
	"\n"
	"Report:\n"
	"      --format=FMT      gcc (default), checkpatch, sarif (SARIF 2.1.0 for GitHub\n"
	"                        code scanning), json (schema \"regmap-lint/1\") or\n"
	"                        codeclimate (GitLab's code quality report)\n"
	"  -o FILE, --output=FILE  write the report to FILE, atomically (a temporary file\n"
	"                        beside it, renamed into place when complete); \"-\" is\n"
	"                        stdout. A FILE ending in .o, .s, .i or .obj is taken for\n"
	"                        the compiler's -o of a pasted command line, ignored.\n"
	"                        Under kbuild, each call appends its results to FILE (one\n"
	"                        write: make -jN calls do not mix); --merge reads them\n"
	"      --merge FILE...   one report of what kbuild calls appended to FILE(s) with\n"
	"                        -o, in --format (default: the one they were run with),\n"
	"                        as one run over those files would have written it\n"
	"      --color=WHEN      auto (default: on a terminal, $NO_COLOR unset or empty,\n"
	"                        $TERM set and not dumb), always or never; gcc format\n"
	"                        only, never with -o\n"
	"      --no-group        gcc: every finding on its own line; by default findings of\n"
	"                        one cause (one rule, file and table or write) show as the\n"
	"                        first with a note \"and N more like it: lines ...\"\n"
	"      --terse           checkpatch: one line per finding, no summary when clean\n"
	"      --emacs           checkpatch: \"path:line: \" before each finding\n"
	"      --showfile        checkpatch: that prefix instead of the \"#line: FILE:\" line\n"
	"      --sarif-root=DIR  sarif, codeclimate: paths relative to DIR (SARIF's\n"
	"                        %SRCROOT%; default the current directory)\n"
	"      --fixits          gcc: after a finding whose fix is mechanical, its edits as\n"
	"                        clang's fix-it:\"file\":{l:c-l:c}:\"text\" lines (sarif and\n"
	"                        json always carry them)\n"
	"      --fix             apply the fix-its in place, each file atomically; files\n"
	"                        with compiler errors are left alone; overlapping edits\n"
	"                        are refused (exit 2) and their file is not written\n"
	"      --fix=patch       print the fix-its as a unified diff (git apply, patch -p1)\n"
	"                        on stdout instead of the report; nothing is written\n"
	"\n"
	"Output (gcc format): one line per finding, \"file:line:col: warning: message\n"
	"[rule-id]\", with \"note:\" lines for related places; a file that cannot be analysed\n"
	"gives \"file: error: reason\" and the other files are still analysed. The formats\n"
	"are described in docs/output.md. --verify and --agree print their own report.\n"
	"\n"
	"Under kbuild ($KBUILD_CHECKSRC set, as make C=1/C=2 CHECK=regmap-lint does), the\n"
	"report goes to stderr, one write per line (or, with -o FILE, is appended to FILE\n"
	"for --merge), and the exit status is 0 unless --fail-on-findings is given: a\n"
	"failing checker stops the kernel build. Own options reach regmap-lint there\n"
	"through kbuild's CF= or $REGMAP_LINT_OPTS.\n"
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

/* --enable/--disable: comma-separated ids or globs ("field-*"); one that matches no rule is an error. */
static int set_rules(struct rml_cli *c, const char *list, bool on)
{
	char *dup = rml_xstrdup(list), *save = NULL, *tok;
	int rc = 0;

	if (on) {
		for (size_t i = 0; i < rml_nrules; i++)
			c->enabled[i] = false;
		c->run.enable_given = true;
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
 * under kbuild that is how options reach a CHECK program besides CF=. argv itself when
 * it is unset or empty.
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
static int report_option(struct rml_cli *c, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;
	bool bad = false;

	if ((v = opt_value("--format", argc, argv, i, &bad))) {
		if (rml_format_parse(v, &c->out.format) < 0) {
			fprintf(stderr, "regmap-lint: error: unknown format '%s' "
					"(gcc, checkpatch, sarif, json or codeclimate)\n", v);
			return -1;
		}
		c->format_set = true;
	} else if ((v = opt_value("--color", argc, argv, i, &bad))) {
		if (!strcmp(v, "auto")) {
			c->color = RML_COLOR_AUTO;
		} else if (!strcmp(v, "always")) {
			c->color = RML_COLOR_ALWAYS;
		} else if (!strcmp(v, "never")) {
			c->color = RML_COLOR_NEVER;
		} else {
			fprintf(stderr, "regmap-lint: error: --color=%s: auto, always or never\n", v);
			return -1;
		}
	} else if ((v = opt_value("--output", argc, argv, i, &bad))) {
		c->output = v;
	} else if (!strcmp(a, "-o") && *i + 1 < argc && !compiler_output(argv[*i + 1])) {
		c->output = argv[++*i];
	} else if ((v = opt_value("--sarif-root", argc, argv, i, &bad))) {
		c->out.root = v;
	} else if ((v = opt_value("--explain", argc, argv, i, &bad))) {
		c->explain = v;
	} else if (!strcmp(a, "--fixits")) {
		c->out.fixits = true;
	} else if (!strcmp(a, "--fix")) {
		c->fix = RML_FIX_APPLY;
	} else if (!strncmp(a, "--fix=", 6)) {
		if (strcmp(a + 6, "patch")) {
			fprintf(stderr, "regmap-lint: error: %s: --fix or --fix=patch\n", a);
			return -1;
		}
		c->fix = RML_FIX_PATCH;
	} else if (!strcmp(a, "--terse")) {
		c->out.terse = true;
	} else if (!strcmp(a, "--emacs")) {
		c->out.emacs = true;
	} else if (!strcmp(a, "--showfile")) {
		c->out.showfile = true;
	} else {
		return bad ? -1 : 0;
	}
	if (c->output && !*c->output) {
		fprintf(stderr, "regmap-lint: error: -o needs a file name\n");
		return -1;
	}
	return 1;
}

static int check_report_options(const struct rml_cli *c)
{
	if ((c->out.terse || c->out.emacs || c->out.showfile) && c->out.format != RML_FMT_CHECKPATCH) {
		fprintf(stderr, "regmap-lint: error: --terse, --emacs and --showfile go with "
				"--format=checkpatch\n");
		return -1;
	}
	if (c->out.root && !rml_is_dir(c->out.root)) {
		fprintf(stderr, "regmap-lint: error: --sarif-root=%s: not a directory\n",
			c->out.root);
		return -1;
	}
	if (c->fix && (c->verify || c->agree_log || c->run.kbuild || c->run.write_baseline ||
		       c->run.patch || c->run.contents_from || c->run.stdin_name || c->merge)) {
		fprintf(stderr, "regmap-lint: error: --fix edits the files analysed: not with "
				"kbuild, --merge, --patch, --contents-from, stdin, --write-baseline "
				"or the corpus modes\n");
		return -1;
	}
	if (c->fix == RML_FIX_PATCH && (c->format_set || c->output)) {
		fprintf(stderr, "regmap-lint: error: --fix=patch prints the patch on stdout "
				"(no --format, no -o)\n");
		return -1;
	}
	if ((c->verify || c->agree_log) && (c->format_set || c->output)) {
		fprintf(stderr, "regmap-lint: error: --verify and --agree print their own report "
				"(no --format, no -o)\n");
		return -1;
	}
	return 0;
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

/* --shard K/N: 1 <= K <= N <= RML_MAX_SHARDS. 0, or -1 (said). */
#define RML_MAX_SHARDS 1000

static int shard(struct rml_cli *c, const char *v)
{
	unsigned k, n;
	int used = 0;

	if (sscanf(v, "%u/%u%n", &k, &n, &used) != 2 || v[used] || !isdigit((unsigned char)v[0]) ||
	    !k || k > n || n > RML_MAX_SHARDS) {
		fprintf(stderr, "regmap-lint: error: --shard=%s: K/N, with 1 <= K <= N <= %d\n",
			v, RML_MAX_SHARDS);
		return -1;
	}
	c->run.shard_k = k;
	c->run.shard_n = n;
	return 0;
}

/* The run's options that take a file, a directory or a revision: the value, or NULL. */
static const char *path_option(struct rml_cli *c, int argc, char **argv, int *i, bool *bad)
{
	const struct {
		const char *name;
		const char **to;
	} opts[] = {
		{ "--files-from", &c->run.files_from },
		{ "--baseline", &c->run.baseline },
		{ "--write-baseline", &c->run.write_baseline },
		{ "--diff", &c->run.diff },
		{ "--since", &c->run.since },
		{ "--patch", &c->run.patch },
		{ "--contents-from", &c->run.contents_from },
		{ "--stdin-filename", &c->run.stdin_name },
	};
	const char *v;

	for (size_t k = 0; k < RML_ARRAY_SIZE(opts); k++)
		if ((v = opt_value(opts[k].name, argc, argv, i, bad)))
			return *opts[k].to = v;
	return NULL;
}

/* What to run on and how: -j, -p, --files-from, limits, baseline, changes. 1 = taken. */
static int run_option(struct rml_cli *c, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;
	unsigned long n;
	bool bad = false;

	if (path_option(c, argc, argv, i, &bad))
		return 1;
	if (!strncmp(a, "-j", 2)) {
		/* -jN or -j N; a word after -j that is not a number is an error, not a file */
		if (!a[2] && *i + 1 >= argc) {
			fprintf(stderr, "regmap-lint: error: -j needs a number (see --help)\n");
			return -1;
		}
		v = a[2] ? a + 2 : argv[++*i];
		if (number("-j", v, 1, RML_POOL_MAX_JOBS, &n) < 0)
			return -1;
		c->run.jobs = (unsigned)n;
	} else if ((v = opt_value("--jobs", argc, argv, i, &bad))) {
		if (number("--jobs", v, 1, RML_POOL_MAX_JOBS, &n) < 0)
			return -1;
		c->run.jobs = (unsigned)n;
	} else if ((v = opt_value("--timeout", argc, argv, i, &bad))) {
		if (number("--timeout", v, 0, 86400, &n) < 0)
			return -1;
		c->run.timeout = (unsigned)n;
	} else if ((v = opt_value("--max-memory", argc, argv, i, &bad))) {
		if (number("--max-memory", v, 0, 1UL << 30, &n) < 0)
			return -1;
		c->run.memory_mb = n;
	} else if (!strcmp(a, "-p") || !strncmp(a, "-p=", 3)) {
		if (a[2] == '=') {
			c->run.compdb = a + 3;
		} else if (*i + 1 < argc) {
			c->run.compdb = argv[++*i];
		} else {
			fprintf(stderr, "regmap-lint: error: -p needs a directory (see --help)\n");
			return -1;
		}
	} else if ((v = opt_value("--shard", argc, argv, i, &bad))) {
		if (shard(c, v) < 0)
			return -1;
	} else if (!strcmp(a, "--no-config")) {
		c->run.no_config = true;
	} else if (!strcmp(a, "--no-kernel-tree")) {
		c->run.no_kernel_tree = true;
	} else {
		return bad ? -1 : 0;
	}
	return 1;
}

/* Options that do not go together. */
static int check_run_options(const struct rml_cli *c)
{
	const struct rml_run_opts *o = &c->run;

	if (!!o->diff + !!o->since + !!o->patch > 1) {
		fprintf(stderr, "regmap-lint: error: --diff, --since and --patch: one at a time\n");
		return -1;
	}
	if (o->baseline && o->write_baseline) {
		fprintf(stderr, "regmap-lint: error: --baseline and --write-baseline: one at a time\n");
		return -1;
	}
	if (o->stdin_name && !*o->stdin_name) {
		fprintf(stderr, "regmap-lint: error: --stdin-filename needs a file name\n");
		return -1;
	}
	if (o->files_from && o->diff && !strcmp(o->files_from, "-") && !strcmp(o->diff, "-")) {
		fprintf(stderr, "regmap-lint: error: --files-from=- and --diff=- both read stdin\n");
		return -1;
	}
	if (o->shard_n && o->write_baseline) {
		fprintf(stderr, "regmap-lint: error: --write-baseline records a whole run, not a "
				"--shard of it\n");
		return -1;
	}
	if (c->merge && (c->verify || c->agree_log || o->compdb || o->files_from || o->baseline ||
			 o->write_baseline || o->diff || o->since || o->patch || o->contents_from ||
			 o->shard_n || o->stdin_name)) {
		fprintf(stderr, "regmap-lint: error: --merge takes record files only (and the "
				"report's options)\n");
		return -1;
	}
	if ((c->verify || c->agree_log) &&
	    (o->compdb || o->files_from || o->baseline || o->write_baseline || o->diff ||
	     o->since || o->patch || o->contents_from || o->shard_n)) {
		fprintf(stderr, "regmap-lint: error: --verify and --agree take files only\n");
		return -1;
	}
	return 0;
}

static int parse_cli(struct rml_cli *c, int argc, char **argv, const char *version)
{
	c->rest = rml_xcalloc((size_t)argc + 1, sizeof(*c->rest));
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
			printf("regmap-lint %s (libclang %s)\n", version, rml_libclang_version());
			c->done = true;
			return 0;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			c->run.verbose++;
		} else if (!strcmp(a, "-vv")) {
			c->run.verbose += 2;
		} else if (!strcmp(a, "--verify")) {
			c->verify = true;
		} else if (!strcmp(a, "--merge")) {
			c->merge = true;
		} else if (!strcmp(a, "--install-hook")) {
			c->install_hook = true;
		} else if (!strcmp(a, "--fail-on-findings")) {
			c->fail_on_findings = true;
		} else if (!strcmp(a, "--siblings")) {
			c->run.siblings = c->run.siblings_set = true;
		} else if (!strcmp(a, "--no-group")) {
			c->out.no_group = true;
		} else if (!strcmp(a, "--no-siblings")) {
			c->run.siblings = false;
			c->run.siblings_set = true;
		} else if ((taken = run_option(c, argc, argv, &i)) != 0) {
			if (taken < 0)
				return -1;
		} else if (!strcmp(a, "--lone")) {
			c->force_lone = c->run.no_kernel_tree = true;
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
	if (c->install_hook && (c->nrest || c->merge || c->verify || c->agree_log || c->output ||
				c->list_rules || c->explain)) {
		fprintf(stderr, "regmap-lint: error: --install-hook takes no files and no other "
				"mode\n");
		return -1;
	}
	if (check_run_options(c) < 0)
		return -1;
	return check_report_options(c);
}

void rml_cli_init(struct rml_cli *c)
{
	const char *kbuild = getenv("KBUILD_CHECKSRC");

	memset(c, 0, sizeof(*c));
	c->run.kbuild = kbuild && *kbuild;
	c->run.timeout = DEFAULT_TIMEOUT;
	c->run.memory_mb = DEFAULT_MAX_MEMORY;
	c->env = (struct rml_args_env){ getenv("SRCARCH"), getenv("ARCH"),
					getenv("CROSS_COMPILE") };
	c->run.env = &c->env;
}

int rml_cli_parse(struct rml_cli *c, int argc, char **argv, const char *version)
{
	char **av = with_env_opts(&argc, argv, &c->env_opts);

	c->argv = av != argv ? av : NULL;
	c->enabled = rml_xcalloc(rml_nrules, sizeof(*c->enabled));
	for (size_t i = 0; i < rml_nrules; i++)
		c->enabled[i] = true;
	c->run.enabled = c->enabled;
	c->run.check.enabled = c->enabled;
	if (parse_cli(c, argc, av, version) < 0)
		return -1;
	if (!c->run.siblings_set)
		c->run.siblings = !c->run.kbuild;	/* kbuild checks each file on its own, at its own cost */
	if (!c->run.jobs)
		c->run.jobs = rml_ncpus();
	if (c->run.jobs > RML_POOL_MAX_JOBS)
		c->run.jobs = RML_POOL_MAX_JOBS;
	return 0;
}

void rml_cli_fini(struct rml_cli *c)
{
	free(c->rest);
	free(c->enabled);
	free(c->argv);
	free(c->env_opts);
}
