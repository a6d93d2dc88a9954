/*
 * main: the regmap-lint program. argv -> options (options.c) -> the mode they ask for
 * (the rule list or docs, the corpus modes in corpus.c, or a run in run.c with its report
 * to stdout, kbuild's stderr or -o) -> exit code (exit.h). What is built into the
 * executable alone (its version, where the bundled headers are) is used here.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rule.h"
#include "args.h"
#include "corpus.h"
#include "exit.h"
#include "fix.h"
#include "hook.h"
#include "inputs.h"
#include "options.h"
#include "output.h"
#include "record.h"
#include "run.h"
#include "tu.h"

#ifndef RML_VERSION
#define RML_VERSION "0.0.0"
#endif

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
			if (!strcmp(self, RML_BINDIR) && rml_is_dir(RML_INCLUDE_INSTALLED))
				return RML_INCLUDE_INSTALLED;
		}
	}
	if (rml_is_dir(RML_INCLUDE_SOURCE))
		return RML_INCLUDE_SOURCE;
	return RML_INCLUDE_INSTALLED;
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

/*
 * Where the report goes: stdout; under kbuild a buffer written to stderr one line per
 * write(2) after each driver; with -o a buffer written to the file at the end; under
 * kbuild with -o, a record appended to the file (record.h) for --merge.
 */
struct sink {
	FILE *f;
	char *buf;
	size_t len, done;
	bool kbuild;
	bool discard;		/* --fix=patch: the patch is the output, the report is not */
	const struct rml_record_head *record;	/* the record's head, or NULL */
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

/* After each driver (rml_run's flush). */
static void sink_flush(void *sink)
{
	struct sink *s = sink;

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
	} else if (s->discard) {
		;
	} else if (s->kbuild) {
		write_lines(STDERR_FILENO, s->buf + s->done, s->len - s->done);
	} else if (s->record) {
		if (rml_record_append(s->path, s->record, s->buf, s->len, err, sizeof(err)) < 0)
			rc = -1;
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
static bool want_color(const struct rml_cli *c, int fd)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->out.format != RML_FMT_GCC || (c->output && strcmp(c->output, "-")))
		return false;
	if (c->color != RML_COLOR_AUTO)
		return c->color == RML_COLOR_ALWAYS;
	if (nc && *nc)
		return false;
	return term && *term && strcmp(term, "dumb") && isatty(fd);
}

/*
 * A progress line over the drivers: on a terminal's stderr whose $TERM is set and not dumb,
 * not under kbuild (each file a run of its own) nor with -v (its own text on stderr).
 */
static bool want_progress(const struct rml_cli *c)
{
	const char *term = getenv("TERM");

	return !c->run.kbuild && !c->run.verbose && term && *term && strcmp(term, "dumb") &&
	       isatty(STDERR_FILENO);
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

/* The parse options of the command line's inputs: its compiler flags, the bundled headers. */
static void set_parse_opts(struct rml_cli *c, const struct rml_args *args)
{
	struct rml_parse_opts *po = &c->run.check.parse;

	po->lone = c->force_lone || !rml_args_describe_headers(args);
	po->bundled_include = bundled_include(c->include_dir);
	po->flags = (const char *const *)args->flags;
	po->nflags = args->nflags;
	po->host_target = args->target;
}

/* -v: the mode, the flags kept and dropped, and what libclang gets. */
static void print_flags(const struct rml_cli *c, const struct rml_args *args)
{
	fprintf(stderr, "regmap-lint: %s mode%s", c->run.check.parse.lone ? "lone-file" : "flags",
		c->run.check.parse.lone && !c->run.no_kernel_tree ?
		" (bundled headers; in a prepared kernel tree, the tree's)" : "");
	for (size_t i = 0; i < args->nflags; i++)
		fprintf(stderr, " %s", args->flags[i]);
	fputc('\n', stderr);
	for (size_t i = 0; i < args->ndropped; i++)
		fprintf(stderr, "regmap-lint: dropped flag: %s\n", args->dropped[i]);
	print_libclang_argv(&c->run.check.parse);
}

/* The report begun on the sink, in the format asked for (SARIF, JSON: libclang's version). */
static void begin(struct rml_cli *c, struct rml_report *rep, struct sink *sink, bool pinned)
{
	/* SARIF and JSON name libclang's version, which loads it (cx.h); the others need not */
	if (!pinned && (c->out.format == RML_FMT_SARIF || c->out.format == RML_FMT_JSON))
		c->out.libclang = rml_libclang_version();
	c->out.color = want_color(c, c->run.kbuild ? STDERR_FILENO : STDOUT_FILENO);
	rml_report_begin(rep, sink->f, &c->out);
}

/*
 * The report ended and written where it goes; then the summary on stderr (never under
 * kbuild, where each file is a run of its own). rc: the run's status, 2 if the report
 * could not be written.
 */
static int end(struct rml_cli *c, struct rml_report *rep, struct sink *sink, int rc)
{
	char summary[128];

	rml_report_summary(rep, summary, sizeof(summary));
	rml_report_end(rep);
	if (sink_close(sink, c->output) < 0)
		rc = RML_EXIT_TOOL_ERROR;
	if (*summary && !c->run.kbuild && !c->run.write_baseline)
		fprintf(stderr, "%s\n", summary);
	return rc;
}

/*
 * A run over the inputs, its report in the format asked for, where it goes (struct sink).
 * Under kbuild with -o FILE the report is a record appended to FILE (record.h), which
 * --merge makes one report of with the other calls' records.
 */
/*
 * --fix: the fix-its collected applied in place, and what was done said on stderr; the
 * status 2 when a file was refused, else 0 when every finding was fixed, else the run's.
 * --fix=patch: they are the output, as a unified diff on stdout.
 */
static int fix_end(struct rml_cli *c, struct rml_fixes *fx, unsigned nfindings, int rc)
{
	size_t nfixed = 0, nfiles = 0;
	int frc;

	if (c->fix == RML_FIX_PATCH) {
		frc = rml_fixes_patch(fx, stdout, stderr, &nfixed);
		if (fflush(stdout) == EOF)
			frc = -1;
	} else {
		frc = rml_fixes_apply(fx, stderr, &nfixed, &nfiles);
		if (nfixed)
			fprintf(stderr, "regmap-lint: fixed %zu of %u finding%s in %zu file%s\n",
				nfixed, nfindings, nfindings == 1 ? "" : "s", nfiles,
				nfiles == 1 ? "" : "s");
		if (!frc && rc == RML_EXIT_FINDINGS && nfixed == nfindings)
			rc = RML_EXIT_CLEAN;
	}
	return frc < 0 ? RML_EXIT_TOOL_ERROR : rc;
}

static int report_run(struct rml_cli *c, const struct rml_args *args, bool pinned)
{
	struct rml_record_head head = { c->out.version, rml_format_name(c->out.format), 0, 0,
					(const char *const *)args->inputs, args->ninputs };
	struct rml_report rep;
	struct rml_fixes fx;
	struct sink sink;
	unsigned nfindings;
	int rc;

	for (size_t i = 0; c->fix && i < args->ninputs; i++)
		if (!strcmp(args->inputs[i], "-")) {
			fprintf(stderr, "regmap-lint: error: --fix edits the files analysed: not "
					"stdin\n");
			return RML_EXIT_TOOL_ERROR;
		}
	if (c->fix == RML_FIX_PATCH) {
		memset(&sink, 0, sizeof(sink));
		sink.discard = true;
		sink.f = open_memstream(&sink.buf, &sink.len);
		if (!sink.f)
			return RML_EXIT_TOOL_ERROR;
	} else if (sink_open(&sink, c->output, c->run.kbuild) < 0) {
		return RML_EXIT_TOOL_ERROR;
	}
	rml_fixes_init(&fx);
	if (c->fix) {
		c->out.tap = rml_fixes_tap;
		c->out.tap_ctx = &fx;
	}
	if (c->run.kbuild && sink.path) {
		sink.record = &head;
		c->out.format = RML_FMT_RECORD;
	}
	c->run.progress = want_progress(c);
	c->run.inputs = args->inputs;
	c->run.ninputs = args->ninputs;
	begin(c, &rep, &sink, pinned);
	rc = rml_run(&c->run, &rep, sink_flush, &sink);
	head.nfiles = rep.nfiles;
	head.nlines = rep.nlines;
	nfindings = rep.nfindings;
	rc = end(c, &rep, &sink, rc);
	if (c->fix)
		rc = fix_end(c, &fx, nfindings, rc);
	rml_fixes_fini(&fx);
	return rc;
}

/*
 * --merge: the records kbuild's calls appended to the files named, one report of them in
 * the format asked for (by default the one the records were written for), as a run over
 * those files would have written it.
 */
static int merge(struct rml_cli *c, bool pinned)
{
	struct rml_records rs = { 0 };
	struct rml_report rep;
	struct sink sink;
	char err[PATH_MAX + 256], *cwd = rml_abspath(".");
	const char *fmt;
	int rc = RML_EXIT_CLEAN;

	c->run.kbuild = false;	/* the merged report is no kbuild call's */
	if (!c->nrest)
		fprintf(stderr, "regmap-lint: error: --merge: no record files (see --help)\n");
	for (size_t i = 0; i < c->nrest && rc == RML_EXIT_CLEAN; i++)
		if (rml_records_load(c->rest[i], c->out.version, &rs, err, sizeof(err)) < 0) {
			fprintf(stderr, "regmap-lint: error: %s\n", err);
			rc = RML_EXIT_TOOL_ERROR;
		}
	if (!c->nrest || rc || sink_open(&sink, c->output, false) < 0) {
		rml_records_fini(&rs);
		free(cwd);
		return RML_EXIT_TOOL_ERROR;
	}
	rml_records_select(&rs);
	fmt = rml_records_format(&rs);
	if (!c->format_set && fmt && rml_format_parse(fmt, &c->out.format) < 0)
		c->out.format = RML_FMT_GCC;
	cwd = rml_xrealloc(cwd, strlen(cwd) + 2);
	strcat(cwd, strcmp(cwd, "/") ? "/" : "");
	begin(c, &rep, &sink, pinned);
	for (size_t i = 0; i < rs.n; i++) {
		struct rml_arena a;
		struct rml_diags d;

		rml_arena_init(&a);
		rml_diags_init(&d, &a);
		rml_record_diags(&rs.v[i], cwd, &d);	/* they were read whole by the load */
		for (size_t k = 0; k < rml_diags_count(&d); k++) {
			enum rml_sev sev = rml_diags_at(&d, k)->sev;

			if (sev == RML_SEV_ERROR)
				rc = RML_EXIT_TOOL_ERROR;
			else if (sev == RML_SEV_WARNING && rc == RML_EXIT_CLEAN)
				rc = RML_EXIT_FINDINGS;
		}
		rml_report_add(&rep, &d, rs.v[i].nfiles, rs.v[i].nlines);
		rml_diags_fini(&d);
		rml_arena_fini(&a);
	}
	rc = end(c, &rep, &sink, rc);
	rml_records_fini(&rs);
	free(cwd);
	return rc;
}

/* The modes that analyse: the compiler flags and files, then the corpus modes or a run. */
static int analyse(struct rml_cli *c, bool pinned)
{
	const struct rml_run_opts *ro = &c->run;
	struct rml_args args;
	char err[512];
	int rc;

	if (rml_args_normalise(&args, c->nrest, c->rest, &c->env, err, sizeof(err)) < 0) {
		fprintf(stderr, "regmap-lint: error: %s\n", err);
		return RML_EXIT_TOOL_ERROR;
	}
	if (!args.ninputs && (c->verify || c->agree_log ||
			      (!ro->files_from && !ro->compdb && !ro->diff && !ro->since &&
			       !ro->patch))) {
		fprintf(stderr, "regmap-lint: error: no input files (see --help)\n");
		rml_args_fini(&args);
		return RML_EXIT_TOOL_ERROR;
	}
	set_parse_opts(c, &args);
	if (c->run.verbose)
		print_flags(c, &args);
	if (c->verify || c->agree_log)
		rc = rml_corpus_run(c->agree_log, &args, &c->run.check);
	else
		rc = report_run(c, &args, pinned);
	rml_args_fini(&args);
	return rc;
}

/* The mode the options ask for: --help/--version (answered), --explain, --list-rules, analyse. */
static int run_mode(struct rml_cli *c, bool pinned)
{
	if (c->done)
		return RML_EXIT_CLEAN;
	if (c->explain)
		return explain(c->explain);
	if (c->list_rules) {
		rml_list_rules(stdout, c->out.format, c->out.version);
		return RML_EXIT_CLEAN;
	}
	if (c->install_hook)
		return rml_install_hook();
	if (c->merge)
		return merge(c, pinned);
	return analyse(c, pinned);
}

int main(int argc, char **argv)
{
	/* golden tests pin what changes between builds and machines (tests/golden) */
	const char *golden = getenv("REGMAP_LINT_GOLDEN");
	bool pinned = golden && *golden;
	struct rml_cli c;
	int rc;

	rml_cli_init(&c);
	c.out.version = pinned ? "0.0.0-golden" : RML_VERSION;
	c.out.libclang = "golden";	/* the real one in report_run, for the formats that show it */
	if (rml_cli_parse(&c, argc, argv, RML_VERSION) < 0)
		rc = RML_EXIT_TOOL_ERROR;
	else
		rc = run_mode(&c, pinned);
	if (c.run.kbuild && !c.fail_on_findings)
		rc = RML_EXIT_CLEAN;	/* a non-zero CHECK stops the kernel build */
	rml_cli_fini(&c);
	return rc;
}
