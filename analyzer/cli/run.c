/*
 * run: plan the jobs, analyse each driver in a worker, filter, report (see run.h).
 *
 * Worker -> parent result: "RML1 rc nlines vlen alen\n", then vlen bytes of -v
 * text, alen bytes of messages always shown (malformed suppressions), then the driver's
 * diagnostics (rml_diags_pack).
 */
#include "run.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rule.h"
#include "baseline.h"
#include "compdb.h"
#include "config.h"
#include "exit.h"
#include "inputs.h"
#include "overlay.h"
#include "pool.h"
#include "suppress.h"
#include "tu.h"
#include "udiff.h"

extern char **environ;


/* What the .regmap-lint governing a file selects (one per config file found, and one for none). */
struct sel {
	char *config;			/* its path, NULL for "no config file" */
	bool *enabled;
	bool siblings;
	struct rml_baseline *baseline;	/* loaded from --baseline or the config's baseline key */
	char *baseline_dir;		/* absolute, '/'-terminated: baseline paths are relative to it */
	char *baseline_path;
};

struct job {
	char *path;
	const struct rml_parse_opts *parse;	/* NULL: the command line's */
	struct sel *sel;
};

struct group {
	size_t first, n;
};

/* Occurrences of one finding identity, counted in report order (the fingerprint's ":n"). */
struct occ {
	const char *path, *rule;
	uint64_t hash;
	unsigned n;
};

struct run {
	const struct rml_run_opts *o;
	char *written_dir;	/* --write-baseline's directory, absolute, with its '/' */
	struct rml_report *rep;
	void (*flush)(void *);
	void *flush_ctx;
	struct rml_overlay ov;
	struct job *jobs;
	size_t njobs;
	struct group *groups;
	size_t ngroups;
	struct sel **sels;
	size_t nsels;
	struct rml_compdb db;
	struct rml_args *entry_args;	/* per compile_commands.json entry used */
	struct rml_parse_opts *entry_parse;
	size_t nentry;
	struct rml_udiff diff;
	bool have_diff;
	struct rml_baseline written;	/* --write-baseline */
	struct rml_arena arena;
	struct rml_ptrvec occs;
	struct rml_srcs srcs;
	struct rml_pool_opts pool;
	struct rml_diags runerr;	/* errors of the run itself (run_error) */
	unsigned nnew, nbaselined, nunchanged;
	int rc;
};

/*
 * An error of the run itself (a bad option value, a list or database that cannot be read):
 * said on stderr, and kept for the machine formats' report (SARIF's notifications,
 * JSON's errors), where a consumer would otherwise see a successful, empty run.
 */
static void run_error(struct run *r, const char *fmt, ...) RML_FORMAT(2, 3);
static void run_error(struct run *r, const char *fmt, ...)
{
	va_list ap;
	char msg[PATH_MAX + 512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "regmap-lint: error: %s\n", msg);
	rml_diag_add(&r->runerr, RML_SEV_ERROR, &(struct rml_loc){ NULL, 0, 0 }, NULL, "%s", msg);
	r->rc = RML_EXIT_TOOL_ERROR;
}

static void raise_rc(struct run *r, int rc)
{
	if (rc == RML_EXIT_TOOL_ERROR || (rc == RML_EXIT_FINDINGS && r->rc == RML_EXIT_CLEAN))
		r->rc = rc;
}

/* ---- rule selection and config files ------------------------------------------------ */

/* A comma-separated list of ids/globs into sel (on: only these; off: minus these). */
static int apply_list(struct run *r, bool *enabled, const char *list, bool on, const char *where)
{
	char *dup = rml_xstrdup(list), *save = NULL, *tok;
	bool *mark = rml_xcalloc(rml_nrules, sizeof(*mark));
	int rc = 0;

	for (tok = strtok_r(dup, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
		bool any = false;

		for (size_t i = 0; i < rml_nrules; i++)
			if (!fnmatch(tok, rml_rules[i]->id, 0))
				mark[i] = any = true;
		if (!any) {
			run_error(r, "%s: unknown rule '%s' (see --list-rules)",
				where, tok);
			rc = -1;
		}
	}
	for (size_t i = 0; i < rml_nrules; i++)
		enabled[i] = on ? enabled[i] && mark[i] : enabled[i] && !mark[i];
	free(mark);
	free(dup);
	return rc;
}

static char *dir_of(const char *abs)
{
	const char *slash = strrchr(abs, '/');
	size_t n = slash ? (size_t)(slash - abs) + 1 : 0;
	char *d = rml_xmalloc(n + 2);

	memcpy(d, abs, n);
	d[n] = '\0';
	if (!n)
		strcpy(d, "./");
	return d;
}

static int load_baseline(struct run *r, struct sel *s, const char *path)
{
	char err[PATH_MAX + 256], *abs = rml_abspath(path);

	s->baseline = rml_xcalloc(1, sizeof(*s->baseline));
	s->baseline_dir = dir_of(abs);
	s->baseline_path = rml_xstrdup(path);
	free(abs);
	if (rml_baseline_load(path, s->baseline, err, sizeof(err)) < 0) {
		run_error(r, "%s", err);
		return -1;
	}
	return 0;
}

/* The selection for the config file at cfgpath (NULL: none); loaded once per file. */
static struct sel *get_sel(struct run *r, const char *cfgpath)
{
	const struct rml_run_opts *o = r->o;
	struct rml_config cfg;
	struct sel *s;
	char err[PATH_MAX + 256];
	bool bad = false;

	for (size_t i = 0; i < r->nsels; i++)
		if ((!cfgpath && !r->sels[i]->config) ||
		    (cfgpath && r->sels[i]->config && !strcmp(cfgpath, r->sels[i]->config)))
			return r->sels[i];
	s = rml_xcalloc(1, sizeof(*s));
	s->config = cfgpath ? rml_xstrdup(cfgpath) : NULL;
	s->enabled = rml_xcalloc(rml_nrules + 1, sizeof(*s->enabled));
	s->siblings = o->siblings;
	memset(&cfg, 0, sizeof(cfg));
	cfg.siblings = -1;
	if (cfgpath && rml_config_load(cfgpath, &cfg, err, sizeof(err)) < 0) {
		run_error(r, "%s", err);
		bad = true;
	}
	for (size_t i = 0; i < rml_nrules; i++)
		s->enabled[i] = true;
	if (!bad && !o->enable_given) {
		if (cfg.enable && apply_list(r, s->enabled, cfg.enable, true, cfgpath) < 0)
			bad = true;
		if (cfg.disable && apply_list(r, s->enabled, cfg.disable, false, cfgpath) < 0)
			bad = true;
	}
	for (size_t i = 0; i < rml_nrules; i++)
		s->enabled[i] = o->enable_given ? o->enabled[i] : s->enabled[i] && o->enabled[i];
	if (!o->siblings_set && cfg.siblings >= 0 && !o->kbuild)
		s->siblings = cfg.siblings;
	if (o->baseline) {
		/* the command line's baseline: shared by every selection, loaded once */
		for (size_t i = 0; i < r->nsels && !s->baseline; i++) {
			s->baseline = r->sels[i]->baseline;
			s->baseline_dir = rml_xstrdup(r->sels[i]->baseline_dir);
			s->baseline_path = NULL;	/* not the owner */
		}
		if (!s->baseline && load_baseline(r, s, o->baseline) < 0)
			bad = true;
	} else if (cfg.baseline && !o->write_baseline) {
		if (load_baseline(r, s, cfg.baseline) < 0)
			bad = true;
	}
	rml_config_fini(&cfg);
	if (bad)
		r->rc = RML_EXIT_TOOL_ERROR;
	r->sels = rml_xrealloc(r->sels, (r->nsels + 1) * sizeof(*r->sels));
	r->sels[r->nsels++] = s;
	return s;
}

static struct sel *sel_for(struct run *r, const char *path)
{
	char *found = NULL;
	struct sel *s;

	if (r->o->no_config || rml_config_find(path, &found) <= 0)
		return get_sel(r, NULL);
	s = get_sel(r, found);
	free(found);
	return s;
}

static void sels_fini(struct run *r)
{
	for (size_t i = 0; i < r->nsels; i++) {
		struct sel *s = r->sels[i];

		if (s->baseline_path) {
			rml_baseline_fini(s->baseline);
			free(s->baseline);
			free(s->baseline_path);
		}
		free(s->baseline_dir);
		free(s->enabled);
		free(s->config);
		free(s);
	}
	free(r->sels);
}

/* ---- overlays: --contents-from and --patch ------------------------------------------- */

/* Every regular file under dir, as the file at the same relative path under the cwd. */
static int overlay_dir(struct run *r, const char *dir, const char *rel, int depth)
{
	char path[PATH_MAX], sub[PATH_MAX], err[256];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	snprintf(path, sizeof(path), "%s%s%s", dir, *rel ? "/" : "", rel);
	d = opendir(path);
	if (!d || depth > 64) {
		run_error(r, "--contents-from: %s: %s", path,
			d ? "nested too deep" : strerror(errno));
		if (d)
			closedir(d);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		char full[2 * PATH_MAX + 2], *text;
		size_t len;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		snprintf(full, sizeof(full), "%s/%s", dir, sub);
		if (lstat(full, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (overlay_dir(r, dir, sub, depth + 1) < 0)
				rc = -1;
		} else if (S_ISREG(st.st_mode)) {
			if (rml_read_file(full, &text, &len, err, sizeof(err)) < 0) {
				run_error(r, "%s: %s", full, err);
				rc = -1;
				continue;
			}
			rml_overlay_set(&r->ov, sub, text, len);
		}
	}
	closedir(d);
	return rc;
}


/*
 * git with a fixed argv (no shell), its stdout collected. 0, or -1 with the reason printed.
 * The only program regmap-lint ever runs, and only for --since.
 */
static int run_git(struct run *r, char *const argv[], char **out, size_t *len)
{
	posix_spawn_file_actions_t fa;
	int p[2], st = 0, rc;
	pid_t pid;

	if (pipe(p) < 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	posix_spawn_file_actions_addclose(&fa, p[1]);
	rc = posix_spawnp(&pid, "git", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	if (rc) {
		close(p[0]);
		run_error(r, "--since: cannot run git: %s", strerror(rc));
		return -1;
	}
	rc = rml_read_fd(p[0], out, len);
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (rc < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		run_error(r, "--since: '%s %s' failed", argv[0], argv[1]);
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

/* The change to report on: --diff, --since or --patch (which also overlays the result). */
static int load_diff(struct run *r)
{
	const struct rml_run_opts *o = r->o;
	const char *name = o->diff ? o->diff : o->patch;
	char *text = NULL, err[PATH_MAX + 256];
	size_t len = 0;
	int rc;

	if (o->since) {
		/*
		 * First whether this is a git repository at all (git rev-parse says so in one
		 * line; outside one, git diff would print its whole usage), then the diff.
		 */
		char *const topv[] = { "git", "rev-parse", "--show-toplevel", NULL };
		char *const diffv[] = { "git", "diff", "-U0", "--no-color", "--no-ext-diff",
					"--src-prefix=a/", "--dst-prefix=b/", "--relative",
					(char *)o->since, "--", NULL };

		if (run_git(r, topv, &text, &len) < 0)
			return -1;
		free(text);
		text = NULL;
		if (run_git(r, diffv, &text, &len) < 0)
			return -1;
		name = "--since";
	} else if (!strcmp(name, "-")) {
		if (rml_read_fd(STDIN_FILENO, &text, &len) < 0) {
			run_error(r, "-: cannot read the diff: %s",
				strerror(errno));
			return -1;
		}
	} else if (rml_read_file(name, &text, &len, err, sizeof(err)) < 0) {
		run_error(r, "%s: %s", name, err);
		return -1;
	}
	rc = rml_udiff_parse(text, len, -1, &r->diff, err, sizeof(err));
	free(text);
	if (rc < 0) {
		run_error(r, "%s: %s", name, err);
		return -1;
	}
	r->have_diff = true;
	if (!o->patch)
		return 0;
	/* --patch: each file as the patch leaves it, in memory only */
	for (size_t i = 0; i < r->diff.n; i++) {
		const struct rml_udiff_file *f = &r->diff.v[i];
		char *base = NULL, *out = NULL;
		size_t blen = 0, olen = 0;

		if (!f->new_path)
			continue;	/* deleted: nothing to analyse */
		if (f->old_path && rml_read_source(&r->ov, f->old_path, &base, &blen, err,
						   sizeof(err)) < 0) {
			run_error(r, "%s: %s: %s", name, f->old_path, err);
			return -1;
		}
		rc = rml_udiff_apply(f, base ? base : "", blen, &out, &olen, err, sizeof(err));
		free(base);
		if (rc < 0) {
			run_error(r, "%s: %s: %s", name, f->new_path, err);
			return -1;
		}
		rml_overlay_set(&r->ov, f->new_path, out, olen);
	}
	return 0;
}

static bool is_c(const char *p)
{
	size_t n = strlen(p);

	return n > 2 && !strcmp(p + n - 2, ".c");
}

static bool is_h(const char *p)
{
	size_t n = strlen(p);

	return n > 2 && !strcmp(p + n - 2, ".h");
}

static bool exists(struct run *r, const char *p)
{
	struct stat st;

	return rml_overlay_get(&r->ov, p) || (stat(p, &st) == 0 && S_ISREG(st.st_mode));
}

static void sort_unique(struct rml_inlist *in);

/* With a change and no files named: the .c files it touches, and those including its headers. */
static void inputs_from_diff(struct run *r, struct rml_inlist *in)
{
	for (size_t i = 0; i < r->diff.n; i++) {
		const char *p = r->diff.v[i].new_path;

		if (!p || !exists(r, p))
			continue;
		if (is_c(p))
			rml_inlist_add(in, p);
		else if (is_h(p))
			rml_includers(&r->ov, p, in);
	}
	sort_unique(in);
}

static void sort_unique(struct rml_inlist *in)
{
	for (size_t a = 1; a < in->n; a++)
		for (size_t b = a; b > 0 && strcmp(in->v[b - 1], in->v[b]) > 0; b--) {
			char *t = in->v[b];

			in->v[b] = in->v[b - 1];
			in->v[b - 1] = t;
		}
	for (size_t a = 1; a < in->n; a++)
		if (!strcmp(in->v[a - 1], in->v[a])) {
			free(in->v[a]);
			memmove(&in->v[a], &in->v[a + 1], (in->n - a - 1) * sizeof(*in->v));
			in->n--;
			a--;
		}
}

/*
 * A header named as an input (pre-commit passes the staged .h files too) stands for the
 * .c files beside it that include it: a header is not analysed on its own.
 */
static void headers_to_includers(struct run *r, struct rml_inlist *in)
{
	struct rml_inlist out = { 0 };

	for (size_t i = 0; i < in->n; i++) {
		if (!is_h(in->v[i]) || !exists(r, in->v[i]))
			rml_inlist_add(&out, in->v[i]);
		else if (!rml_includers(&r->ov, in->v[i], &out) && r->o->verbose)
			fprintf(stderr, "regmap-lint: %s: no .c file beside it includes it, "
				"nothing to analyse\n", in->v[i]);
	}
	rml_inlist_fini(in);
	*in = out;
	/* once each, first place kept */
	for (size_t a = 1; a < in->n; a++)
		for (size_t b = 0; b < a; b++)
			if (!strcmp(in->v[a], in->v[b])) {
				free(in->v[a]);
				memmove(&in->v[a], &in->v[a + 1], (in->n - a - 1) * sizeof(*in->v));
				in->n--;
				a--;
				break;
			}
}

/* ---- planning -------------------------------------------------------------------------- */

static void add_job(struct run *r, const char *path, const struct rml_parse_opts *parse)
{
	struct job *j;

	r->jobs = rml_xrealloc(r->jobs, (r->njobs + 1) * sizeof(*r->jobs));
	j = &r->jobs[r->njobs++];
	j->path = rml_xstrdup(path);
	j->parse = parse;
	j->sel = sel_for(r, path);
}


/* -p: the entries to analyse (all, or those of the files named), each with its own flags. */
static int plan_compdb(struct run *r, const struct rml_inlist *named, size_t *skipped)
{
	char err[PATH_MAX + 256];
	bool *found = rml_xcalloc(named->n + 1, sizeof(*found));
	char **abs = rml_xcalloc(named->n + 1, sizeof(*abs));	/* the named files, absolute */
	int rc = 0;

	if (rml_compdb_load(r->o->compdb, &r->db, err, sizeof(err)) < 0) {
		run_error(r, "%s", err);
		free(found);
		free(abs);
		return -1;
	}
	for (size_t k = 0; k < named->n; k++)
		abs[k] = rml_abspath(named->v[k]);
	r->entry_args = rml_xcalloc(r->db.n + 1, sizeof(*r->entry_args));
	r->entry_parse = rml_xcalloc(r->db.n + 1, sizeof(*r->entry_parse));
	for (size_t i = 0; i < r->db.n; i++) {
		const struct rml_compdb_entry *e = &r->db.v[i];
		struct rml_args *a = &r->entry_args[r->nentry];
		struct rml_parse_opts *po = &r->entry_parse[r->nentry];
		size_t skip0 = e->argc && e->argv[0][0] != '-';
		bool want = !named->n;

		for (size_t k = 0; k < named->n && !want; k++)
			if (!strcmp(abs[k], e->file))
				want = found[k] = true;
		if (!want || !is_c(e->file))
			continue;
		if (!rml_may_use_api(&r->ov, e->file)) {
			(*skipped)++;
			continue;
		}
		if (rml_args_normalise(a, e->argc - skip0, (const char *const *)e->argv + skip0,
				       r->o->env, err, sizeof(err)) < 0) {
			run_error(r, "%s: %s", e->file, err);
			rml_args_fini(a);
			rc = -1;
			continue;
		}
		*po = r->o->check.parse;
		po->lone = !rml_args_describe_headers(a);
		po->flags = (const char *const *)a->flags;
		po->nflags = a->nflags;
		po->host_target = a->target;
		po->workdir = e->directory;
		r->nentry++;
		add_job(r, e->file, po);
	}
	for (size_t k = 0; k < named->n; k++)
		if (!found[k]) {
			run_error(r, "%s: not in %s's compile_commands.json",
				named->v[k], r->o->compdb);
			rc = -1;
		}
	for (size_t k = 0; k < named->n; k++)
		free(abs[k]);
	free(abs);
	free(found);
	return rc;
}

/* Consecutive jobs of one directory, one selection and one kind of flags: one driver. */
static void plan_groups(struct run *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		struct group *g = r->ngroups ? &r->groups[r->ngroups - 1] : NULL;
		const struct job *a = g ? &r->jobs[g->first] : NULL, *b = &r->jobs[i];
		size_t dl = rml_dir_len(b->path);

		if (a && a->sel == b->sel && (a->parse == NULL) == (b->parse == NULL) &&
		    rml_dir_len(a->path) == dl && !strncmp(a->path, b->path, dl)) {
			g->n++;
			continue;
		}
		r->groups = rml_xrealloc(r->groups, (r->ngroups + 1) * sizeof(*r->groups));
		r->groups[r->ngroups].first = i;
		r->groups[r->ngroups++].n = 1;
	}
}

/* ---- the worker: one driver ----------------------------------------------------------- */

static unsigned long count_lines(const char *text, size_t len)
{
	unsigned long n = 0;

	for (size_t i = 0; text && i < len; i++)
		n += text[i] == '\n';
	if (text && len && text[len - 1] != '\n')
		n++;
	return n;
}

/* Inline suppressions of the files findings are in, scanned once per file. */
struct supfile {
	const char *path;
	struct rml_suppressions s;
};

/* path's suppressions from its text (NULL: none), as a new entry of files. */
static struct supfile *sup_add(struct rml_ptrvec *files, const char *path, const char *text,
			       size_t len)
{
	struct supfile *f = rml_xcalloc(1, sizeof(*f));

	f->path = path;
	if (text)
		rml_suppress_scan(text, len, &f->s);
	rml_ptrvec_push(files, f);
	return f;
}

static struct supfile *sup_for(struct rml_ptrvec *files, const struct rml_overlay *ov,
			       const char *path)
{
	struct supfile *f;
	char *text = NULL, err[256];
	size_t len = 0;

	for (size_t i = 0; i < files->n; i++) {
		f = files->p[i];
		if (!strcmp(f->path, path))
			return f;
	}
	if (rml_read_source(ov, path, &text, &len, err, sizeof(err)) < 0) {
		free(text);
		text = NULL;
	}
	f = sup_add(files, path, text, len);
	free(text);
	return f;
}

static bool names_a_rule(const char *glob)
{
	for (size_t i = 0; i < rml_nrules; i++)
		if (!fnmatch(glob, rml_rules[i]->id, 0))
			return true;
	return false;
}

/*
 * tests/cli/run_test.sh: a worker that crashes, hangs, or takes memory without end on the
 * file named, to show that the limits hold and the other drivers are still reported.
 */
static void test_hooks(const struct run *r, const struct group *gr)
{
	const char *crash = getenv("RML_TEST_CRASH"), *hang = getenv("RML_TEST_HANG");
	const char *hog = getenv("RML_TEST_HOG");

	for (size_t k = 0; k < gr->n; k++) {
		const char *p = r->jobs[gr->first + k].path;

		if (crash && !strcmp(crash, p))
			raise(SIGKILL);
		while (hang && !strcmp(hang, p))
			pause();
		while (hog && !strcmp(hog, p)) {
			char *m = malloc(16 << 20);

			if (m)
				memset(m, 1, 16 << 20);	/* resident: the guard samples RSS */
		}
	}
}

static int worker(size_t gi, int fd, void *ctx)
{
	struct run *r = ctx;
	const struct rml_run_opts *o = r->o;
	const struct group *gr = &r->groups[gi];
	const struct job *j0 = &r->jobs[gr->first];
	struct rml_index *idx = rml_index_new();
	const char **paths = rml_xcalloc(gr->n + 1, sizeof(*paths));
	const struct rml_parse_opts **parse = rml_xcalloc(gr->n + 1, sizeof(*parse));
	struct rml_check_opts co = o->check;
	struct rml_group_result g;
	struct rml_diags shown;
	struct rml_ptrvec sups = { 0 };
	char **sib = NULL, *vbuf = NULL, *abuf = NULL, *dbuf = NULL;
	size_t n = gr->n, nsib = 0, vlen = 0, alen = 0, dlen = 0;
	FILE *vf = open_memstream(&vbuf, &vlen), *af = open_memstream(&abuf, &alen);
	FILE *df = open_memstream(&dbuf, &dlen);
	unsigned long nlines = 0;
	int rc = RML_EXIT_CLEAN, wrc;

	if (!vf || !af || !df)
		return -1;
	test_hooks(r, gr);
	for (size_t k = 0; k < gr->n; k++) {
		paths[k] = r->jobs[gr->first + k].path;
		parse[k] = r->jobs[gr->first + k].parse;
	}
	if (n == 1 && j0->sel->siblings) {
		nsib = rml_find_siblings(&r->ov, paths[0], &sib);
		paths = rml_xrealloc(paths, (n + nsib + 1) * sizeof(*paths));
		parse = rml_xrealloc(parse, (n + nsib + 1) * sizeof(*parse));
		for (size_t k = 0; k < nsib; k++) {
			paths[n] = sib[k];
			parse[n++] = parse[0];
		}
		if (o->verbose && nsib) {
			fprintf(vf, "regmap-lint: %s: also reading", paths[0]);
			for (size_t k = 0; k < nsib; k++)
				fprintf(vf, " %s", sib[k]);
			fputc('\n', vf);
		}
	}
	co.enabled = j0->sel->enabled;
	co.parse.overlay = &r->ov;
	co.parse.keep_errors = o->verbose;
	for (size_t k = 0; k < n; k++)
		if (parse[k]) {
			struct rml_parse_opts *po = rml_xmalloc(sizeof(*po));

			*po = *parse[k];
			po->overlay = &r->ov;
			po->keep_errors = o->verbose;
			parse[k] = po;
		}
	rml_check_group(idx, paths, n, &co, parse, &g);

	/* tool errors of the files asked for, then the findings (not the siblings') */
	rml_diags_init(&shown, &g.merged.arena);
	for (size_t k = 0; k < gr->n; k++) {
		const struct rml_file_result *res = &g.files[k];

		for (size_t e = 0; e < rml_diags_count(&res->diags); e++)
			rml_ptrvec_push(&shown.v, rml_diags_at(&res->diags, e));
		if (res->tool_error)
			rc = RML_EXIT_TOOL_ERROR;
		if (o->verbose)
			rml_print_verbose(vf, res);
		nlines += count_lines(res->text, res->len);
	}
	/* the inputs' suppressions from the texts already read for them (headers: read here) */
	for (size_t k = 0; k < gr->n; k++)
		if (g.files[k].text)
			sup_add(&sups, paths[k], g.files[k].text, g.files[k].len);
	for (size_t e = 0; e < rml_diags_count(&g.diags); e++) {
		struct rml_diag *d = rml_diags_at(&g.diags, e);
		bool sibling = false;

		for (size_t k = gr->n; k < n && !sibling; k++)
			sibling = d->loc.file && !strcmp(d->loc.file, paths[k]);
		if (sibling)
			continue;
		if (d->rule && d->loc.file &&
		    rml_suppress_match(&sup_for(&sups, &r->ov, d->loc.file)->s, d->loc.line, d->rule))
			continue;
		rml_ptrvec_push(&shown.v, d);
		if (d->sev == RML_SEV_WARNING && rc == RML_EXIT_CLEAN)
			rc = RML_EXIT_FINDINGS;
	}
	rml_diags_sort(&shown);
	/* the inputs' suppressions: malformed ones always said, unused ones with -v */
	for (size_t k = 0; k < gr->n; k++)
		sup_for(&sups, &r->ov, paths[k]);	/* any whose text could not be read */
	for (size_t i = 0; i < sups.n; i++) {
		struct supfile *f = sups.p[i];

		for (size_t s = 0; s < f->s.n; s++) {
			const struct rml_suppression *sp = &f->s.v[s];

			if (sp->error) {
				fprintf(af, "%s:%u: warning: regmap-lint suppression ignored: %s\n",
					f->path, sp->line, sp->error);
				continue;
			}
			for (size_t q = 0; q < sp->nrules; q++)
				if (!names_a_rule(sp->rules[q]))
					fprintf(af, "%s:%u: warning: regmap-lint suppression names no "
						"rule: '%s' (see --list-rules)\n", f->path, sp->line,
						sp->rules[q]);
			if (o->verbose && !sp->used)
				fprintf(vf, "%s:%u: remark: unused suppression (nothing reported on "
					"line %u)\n", f->path, sp->line, sp->target);
		}
	}
	if (o->verbose && (n > 1 || g.merged.writes.n))
		rml_print_link_stats(vf, &g.merged);
	/* what linking the driver's files could not resolve (the files' own are above) */
	for (size_t i = 0; o->verbose && i < g.merged.unknowns.n; i++) {
		const struct rml_unknown *u = g.merged.unknowns.p[i];

		fprintf(vf, "%s:%u:%u: remark: not resolved: %s: %s\n", u->loc.file, u->loc.line,
			u->loc.col, u->what, u->why);
	}
	rml_diags_pack(&shown, df);
	fclose(vf);
	fclose(af);
	fclose(df);
	{
		char head[128];
		int hl = snprintf(head, sizeof(head), "RML1 %d %lu %zu %zu\n", rc, nlines, vlen,
				  alen);

		wrc = rml_pool_write(fd, head, (size_t)hl) || rml_pool_write(fd, vbuf, vlen) ||
		      rml_pool_write(fd, abuf, alen) || rml_pool_write(fd, dbuf, dlen);
	}
	free(vbuf);
	free(abuf);
	free(dbuf);
	for (size_t i = 0; i < sups.n; i++) {
		struct supfile *f = sups.p[i];

		rml_suppress_fini(&f->s);
		free(f);
	}
	rml_ptrvec_fini(&sups);
	rml_diags_fini(&shown);
	rml_group_result_fini(&g);
	for (size_t k = 0; k < n; k++)
		if (parse[k] && (k == 0 || parse[k] != parse[0]))
			free((void *)parse[k]);
	for (size_t k = 0; k < nsib; k++)
		free(sib[k]);
	free(sib);
	free(parse);
	free(paths);
	rml_index_free(idx);
	return wrc ? -1 : 0;
}

/* ---- the parent: filters and the report ------------------------------------------------ */

/* path relative to dir ('/'-terminated absolute), else absolute (arena). */
static const char *rel_to(struct run *r, const char *dir, const char *path)
{
	char *abs = rml_abspath(path);
	size_t dl = strlen(dir);
	const char *out;

	out = rml_arena_strdup(&r->arena, strncmp(abs, dir, dl) ? abs : abs + dl);
	free(abs);
	return out;
}

/* The finding's identity: its hash, and which occurrence of that hash in its file this is. */
static uint64_t identity(struct run *r, const struct rml_diag *d, const char *path, unsigned *occ)
{
	size_t len;
	const char *line = rml_src_line(&r->srcs, d->loc.file, d->loc.line, &len);
	uint64_t h = rml_finding_hash(d->rule, line, len);
	struct occ *c = NULL;

	for (size_t i = 0; i < r->occs.n && !c; i++) {
		struct occ *x = r->occs.p[i];

		if (x->hash == h && !strcmp(x->path, path) && !strcmp(x->rule, d->rule))
			c = x;
	}
	if (!c) {
		c = rml_arena_alloc(&r->arena, sizeof(*c));
		c->path = rml_arena_strdup(&r->arena, path);
		c->rule = d->rule;
		c->hash = h;
		c->n = 0;
		rml_ptrvec_push(&r->occs, c);
	}
	*occ = ++c->n;
	return h;
}

static bool on_added_line(struct run *r, const struct rml_loc *loc)
{
	char *abs;
	const struct rml_udiff_file *f;

	if (!loc->file)
		return false;
	abs = rml_abspath(loc->file);
	f = rml_udiff_find(&r->diff, abs);
	free(abs);
	return f && rml_udiff_added(f, loc->line);
}

/* Keep a finding? Tool errors always; findings per --diff/--since/--patch and the baseline. */
static bool keep(struct run *r, const struct job *j, const struct rml_diag *d)
{
	const struct sel *s = j->sel;

	if (d->sev != RML_SEV_WARNING || !d->rule)
		return true;
	if (r->have_diff) {
		bool added = on_added_line(r, &d->loc);

		for (size_t k = 0; k < d->nnotes && !added; k++)
			added = on_added_line(r, &d->notes[k].loc);
		if (!added) {
			r->nunchanged++;
			return false;
		}
	}
	if (r->o->write_baseline) {
		const char *rel;
		unsigned occ;
		uint64_t h;

		if (!r->written_dir) {	/* once per run */
			char *slash;

			r->written_dir = rml_abspath(r->o->write_baseline);
			slash = strrchr(r->written_dir, '/');
			if (slash)
				slash[1] = '\0';
			else
				r->written_dir[0] = '\0';	/* the current directory cannot be known */
		}
		rel = rel_to(r, r->written_dir, d->loc.file);
		h = identity(r, d, rel, &occ);
		rml_baseline_add(&r->written, rel, d->rule, h, occ, d->msg);
		return true;
	}
	if (s->baseline) {
		const char *rel = rel_to(r, s->baseline_dir, d->loc.file);
		unsigned occ;
		uint64_t h = identity(r, d, rel, &occ);

		if (rml_baseline_take(s->baseline, rel, d->rule, h, occ)) {
			r->nbaselined++;
			return false;
		}
		r->nnew++;
	}
	return true;
}

static void task_failed(struct run *r, const struct group *g, const struct rml_task_result *t,
			struct rml_diags *out)
{
	char why[160];

	switch (t->status) {
	case RML_TASK_TIMEOUT:
		snprintf(why, sizeof(why), "analysis stopped after %u s (--timeout)", r->o->timeout);
		break;
	case RML_TASK_NOMEM:
		snprintf(why, sizeof(why), "analysis needed more than %zu MB (--max-memory)",
			 r->o->memory_mb);
		break;
	default:
		if (t->sig)
			snprintf(why, sizeof(why), "analysis crashed (signal %d, %s)", t->sig,
				 strsignal(t->sig));
		else
			snprintf(why, sizeof(why), "analysis failed (worker exit status %d)", t->code);
		break;
	}
	for (size_t k = 0; k < g->n; k++) {
		struct rml_loc loc = { r->jobs[g->first + k].path, 0, 0 };

		rml_diag_add(out, RML_SEV_ERROR, &loc, NULL, "%s", why);
	}
}

static void done(size_t gi, const struct rml_task_result *t, void *ctx);
static void finish_group(struct run *r, const struct group *g, const struct rml_task_result *t);

/* The files of a driver whose worker crashed, each again on its own. */
struct retry {
	struct run *r;
	size_t base;
};

static int retry_worker(size_t i, int fd, void *ctx)
{
	struct retry *rt = ctx;

	return worker(rt->base + i, fd, rt->r);
}

static void retry_done(size_t i, const struct rml_task_result *t, void *ctx)
{
	struct retry *rt = ctx;

	done(rt->base + i, t, rt->r);
}

static void done(size_t gi, const struct rml_task_result *t, void *ctx)
{
	struct run *r = ctx;
	const struct group *g = &r->groups[gi];

	/*
	 * A crash takes the whole driver's worker down: analyse its files once more one by
	 * one, so that only the file libclang (or we) cannot get through is lost.
	 */
	if (t->status == RML_TASK_CRASHED && g->n > 1) {
		struct retry rt = { r, r->ngroups };
		size_t first = g->first, n = g->n;

		r->groups = rml_xrealloc(r->groups, (r->ngroups + n) * sizeof(*r->groups));
		for (size_t k = 0; k < n; k++) {
			r->groups[r->ngroups + k].first = first + k;
			r->groups[r->ngroups + k].n = 1;
		}
		r->ngroups += n;
		if (rml_pool_run(n, &r->pool, retry_worker, retry_done, &rt) == 0)
			return;
		g = &r->groups[gi];
	}
	finish_group(r, g, t);
}

/* One driver's result, filtered and reported. */
static void finish_group(struct run *r, const struct group *g, const struct rml_task_result *t)
{
	const struct job *j = &r->jobs[g->first];
	struct rml_arena arena;
	struct rml_diags got, shown;
	int rc = RML_EXIT_TOOL_ERROR;
	unsigned long nlines = 0;
	size_t vlen = 0, alen = 0, nfiles = g->n;
	const char *nl = t->data ? memchr(t->data, '\n', t->len) : NULL;

	rml_arena_init(&arena);
	rml_diags_init(&got, &arena);
	rml_diags_init(&shown, &arena);
	if (t->status == RML_TASK_OK && nl &&
	    sscanf(t->data, "RML1 %d %lu %zu %zu", &rc, &nlines, &vlen, &alen) == 4 &&
	    vlen + alen <= t->len - (size_t)(nl + 1 - t->data) &&
	    rml_diags_unpack(&got, nl + 1 + vlen + alen,
			     t->len - (size_t)(nl + 1 - t->data) - vlen - alen) == 0) {
		if (r->o->verbose)
			fwrite(nl + 1, 1, vlen, stderr);
		fwrite(nl + 1 + vlen, 1, alen, stderr);
	} else {
		struct rml_task_result bad = *t;

		if (bad.status == RML_TASK_OK)
			bad.status = RML_TASK_CRASHED;
		rml_ptrvec_fini(&got.v);
		rml_diags_init(&got, &arena);
		task_failed(r, g, &bad, &got);
		rc = RML_EXIT_TOOL_ERROR;
		nlines = 0;
	}
	if (rc == RML_EXIT_FINDINGS)
		rc = RML_EXIT_CLEAN;	/* recounted after the filters */
	for (size_t e = 0; e < rml_diags_count(&got); e++) {
		struct rml_diag *d = rml_diags_at(&got, e);

		if (!keep(r, j, d))
			continue;
		rml_ptrvec_push(&shown.v, d);
		if (d->sev == RML_SEV_WARNING && rc == RML_EXIT_CLEAN)
			rc = RML_EXIT_FINDINGS;
		if (d->sev == RML_SEV_ERROR)
			rc = RML_EXIT_TOOL_ERROR;
	}
	if (!r->o->write_baseline)
		rml_report_add(r->rep, &shown, (unsigned)nfiles, nlines);
	else if (rc == RML_EXIT_FINDINGS)
		rc = RML_EXIT_CLEAN;	/* recorded, not reported */
	raise_rc(r, rc);
	if (r->flush)
		r->flush(r->flush_ctx);
	rml_diags_fini(&shown);
	rml_diags_fini(&got);
	rml_arena_fini(&arena);
}

/* Baseline entries nothing matched any more: listed (stderr), so they can be dropped. */
static void stale_entries(struct run *r)
{
	for (size_t i = 0; i < r->nsels; i++) {
		const struct sel *s = r->sels[i];
		unsigned n = 0;

		if (!s->baseline_path)
			continue;	/* not loaded by this selection */
		for (size_t e = 0; e < s->baseline->n; e++)
			n += !s->baseline->v[e].matched;
		if (!n)
			continue;
		fprintf(stderr, "regmap-lint: %s: %u stale entr%s (no longer reported%s):\n",
			s->baseline_path, n, n == 1 ? "y" : "ies",
			r->have_diff ? ", or not in the change" : "");
		for (size_t e = 0; e < s->baseline->n; e++) {
			const struct rml_baseline_entry *b = &s->baseline->v[e];

			if (!b->matched)
				fprintf(stderr, "regmap-lint:   %s: %s [%s]\n", b->path, b->msg, b->rule);
		}
	}
}

/* --write-baseline: the file replaced atomically (rml_write_atomic). */
static int write_baseline(struct run *r)
{
	const char *path = r->o->write_baseline;
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = -1;

	if (f && rml_baseline_write(&r->written, f) == 0 && fclose(f) == 0) {
		f = NULL;
		rc = rml_write_atomic(path, buf, len, err, sizeof(err));
		if (rc < 0)
			run_error(r, "%s: %s", path, err);
	} else {
		run_error(r, "%s: %s", path, strerror(errno));
	}
	if (f)
		fclose(f);
	if (!rc)
		fprintf(stderr, "regmap-lint: %s: %zu finding%s recorded\n", path, r->written.n,
			r->written.n == 1 ? "" : "s");
	free(buf);
	return rc;
}

/*
 * libclang's driver looks the current directory up by its path and crashes when that
 * fails (a directory above it made unreadable since): one clear error for the run instead
 * of each file's "libclang crashed" and a crash dump on stderr. A directory removed since
 * has no path at all, and libclang copes with that.
 */
static bool cwd_reachable(struct run *r)
{
	char buf[PATH_MAX];
	struct stat st;

	if (!getcwd(buf, sizeof(buf)) || stat(buf, &st) == 0)
		return true;
	run_error(r, "the current directory cannot be reached by its path (%s: %s), and "
		  "libclang needs it: run regmap-lint from another directory", buf,
		  strerror(errno));
	return false;
}

int rml_run(const struct rml_run_opts *o, struct rml_report *rep, void (*flush)(void *),
	    void *flush_ctx)
{
	struct run r = { .o = o, .rep = rep, .flush = flush, .flush_ctx = flush_ctx };
	struct rml_inlist in = { 0 };
	size_t skipped = 0;

	rml_arena_init(&r.arena);
	rml_diags_init(&r.runerr, &r.arena);
	rep->o.overlay = &r.ov;
	r.srcs.overlay = &r.ov;
	if (o->contents_from && overlay_dir(&r, o->contents_from, "", 0) < 0)
		r.rc = RML_EXIT_TOOL_ERROR;
	if ((o->diff || o->since || o->patch) && load_diff(&r) < 0) {
		r.rc = RML_EXIT_TOOL_ERROR;
		goto out;
	}
	for (size_t i = 0; i < o->ninputs; i++)
		rml_inlist_add(&in, o->inputs[i]);
	if (o->files_from) {
		char err[PATH_MAX + 256];

		if (rml_read_list(o->files_from, &in, err, sizeof(err)) < 0) {
			run_error(&r, "--files-from: %s", err);
			r.rc = RML_EXIT_TOOL_ERROR;
			goto out;
		}
	}
	if (!in.n && r.have_diff && !o->compdb)
		inputs_from_diff(&r, &in);
	headers_to_includers(&r, &in);
	if (o->compdb) {
		if (plan_compdb(&r, &in, &skipped) < 0)
			r.rc = RML_EXIT_TOOL_ERROR;
	} else {
		if (!in.n && !r.have_diff) {
			run_error(&r, "no input files (see --help)");
			r.rc = RML_EXIT_TOOL_ERROR;
			goto out;
		}
		if (rml_expand_inputs(&r.ov, &in, true, &skipped) < 0)
			r.rc = RML_EXIT_TOOL_ERROR;
		for (size_t i = 0; i < in.n; i++)
			add_job(&r, in.v[i], NULL);
	}
	if (o->verbose)
		fprintf(stderr, "regmap-lint: %zu file%s to analyse, %zu skipped (no use of the "
			"regmap_field API in them or their own headers)\n", r.njobs,
			r.njobs == 1 ? "" : "s", skipped);
	if (r.rc == RML_EXIT_TOOL_ERROR && r.nsels && !r.njobs)
		goto out;
	plan_groups(&r);
	if (r.ngroups && !cwd_reachable(&r))
		goto out;
	r.pool = (struct rml_pool_opts){ o->jobs, o->timeout, o->memory_mb };
	/*
	 * Several drivers: load libclang here once, and every worker inherits it. One driver:
	 * its worker loads it, and this process stays small (cheaper to fork and to end). A
	 * failure is each file's error, from the worker.
	 */
	if (r.ngroups > 1)
		rml_libclang_preload(NULL, 0);
	if (rml_pool_run(r.ngroups, &r.pool, worker, done, &r) < 0) {
		run_error(&r, "cannot start workers: %s", strerror(errno));
		r.rc = RML_EXIT_TOOL_ERROR;
	}
	if (o->write_baseline) {
		if (write_baseline(&r) < 0)
			r.rc = RML_EXIT_TOOL_ERROR;
	} else {
		stale_entries(&r);
		if (o->verbose && (o->baseline || r.nbaselined))
			fprintf(stderr, "regmap-lint: baseline: %u finding%s new, %u already "
				"recorded\n", r.nnew, r.nnew == 1 ? "" : "s", r.nbaselined);
		if (o->verbose && r.have_diff)
			fprintf(stderr, "regmap-lint: %u finding%s outside the changed lines\n",
				r.nunchanged, r.nunchanged == 1 ? "" : "s");
	}
out:
	if (rml_diags_count(&r.runerr) &&
	    (rep->o.format == RML_FMT_SARIF || rep->o.format == RML_FMT_JSON))
		rml_report_add(rep, &r.runerr, 0, 0);
	rml_diags_fini(&r.runerr);
	rep->o.overlay = NULL;
	rml_srcs_fini(&r.srcs);
	rml_inlist_fini(&in);
	for (size_t i = 0; i < r.njobs; i++)
		free(r.jobs[i].path);
	free(r.jobs);
	free(r.written_dir);
	free(r.groups);
	for (size_t i = 0; i < r.nentry; i++)
		rml_args_fini(&r.entry_args[i]);
	free(r.entry_args);
	free(r.entry_parse);
	if (o->compdb)
		rml_compdb_fini(&r.db);
	if (r.have_diff)
		rml_udiff_fini(&r.diff);
	if (o->write_baseline)
		rml_baseline_fini(&r.written);
	sels_fini(&r);
	rml_ptrvec_fini(&r.occs);
	rml_arena_fini(&r.arena);
	rml_overlay_fini(&r.ov);
	return r.rc;
}
