/*
 * plan: what a run analyses (see run_impl.h): the overlays (--contents-from, --patch, "-"),
 * the change (--diff, --since, --patch), the inputs (the command line, --files-from, the
 * change's files, the .c files including a header named), then the jobs (files, or
 * compile_commands.json entries with their own flags) and the drivers they make.
 */
#include "rule.h"
#include "run_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit.h"
#include "git.h"
#include "inputs.h"
#include "xmod.h"

/* git for --since, its failure the run's error. 0, or -1 (said). */
static int run_git(struct rml_run_state *r, char *const argv[], char **out, size_t *len)
{
	char err[256];

	if (rml_git(argv, out, len, err, sizeof(err)) < 0) {
		rml_run_error(r, "--since: %s", err);
		return -1;
	}
	return 0;
}

/* --patch: each file as the patch leaves it, in memory only. */
static int apply_patch(struct rml_run_state *r, const char *name)
{
	char err[PATH_MAX + 256];
	int rc;

	for (size_t i = 0; i < r->diff.n; i++) {
		const struct rml_udiff_file *f = &r->diff.v[i];
		char *base = NULL, *out = NULL;
		size_t blen = 0, olen = 0;

		if (!f->new_path)
			continue;	/* deleted: nothing to analyse */
		if (f->old_path && rml_read_source(&r->ov, f->old_path, &base, &blen, err,
						   sizeof(err)) < 0) {
			rml_run_error(r, "%s: %s: %s", name, f->old_path, err);
			return -1;
		}
		rc = rml_udiff_apply(f, base ? base : "", blen, &out, &olen, err, sizeof(err));
		free(base);
		if (rc < 0) {
			rml_run_error(r, "%s: %s: %s", name, f->new_path, err);
			return -1;
		}
		rml_overlay_set(&r->ov, f->new_path, out, olen);
	}
	return 0;
}

static bool blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", s[i]) || !s[i])
			return false;
	return true;
}

/*
 * The change's text (heap, len bytes) into r->diff; name for errors. A coloured diff (git
 * diff --color) that holds no diff as it is, is read without its colours. Input with no
 * unified diff in it at all (a --stat summary, plain text) is an error, not an empty
 * change; blank input is an empty change. 0, or -1 (said).
 */
static int parse_change(struct rml_run_state *r, const char *name, char *text, size_t len)
{
	char err[PATH_MAX + 256];

	if (rml_udiff_parse(text, len, -1, &r->diff, err, sizeof(err)) < 0) {
		rml_run_error(r, "%s: %s", name, err);
		return -1;
	}
	if (!r->diff.n && memchr(text, '\033', len)) {
		rml_udiff_fini(&r->diff);
		len = rml_udiff_uncolor(text, len);
		if (rml_udiff_parse(text, len, -1, &r->diff, err, sizeof(err)) < 0) {
			rml_run_error(r, "%s: %s", name, err);
			return -1;
		}
	}
	if (!r->diff.n && !blank(text, len)) {
		rml_udiff_fini(&r->diff);
		rml_run_error(r, "%s: not a unified diff: no file header or hunk in it (a --stat "
			      "summary, or plain text?)", name);
		return -1;
	}
	return 0;
}

/* The change to report on: --diff, --since or --patch (which also overlays the result). */
static int load_diff(struct rml_run_state *r)
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
			rml_run_error(r, "-: cannot read the diff: %s",
				strerror(errno));
			return -1;
		}
	} else if (rml_read_file(name, &text, &len, err, sizeof(err)) < 0) {
		rml_run_error(r, "%s: %s", name, err);
		return -1;
	}
	rc = parse_change(r, name, text, len);
	free(text);
	if (rc < 0)
		return -1;
	r->have_diff = true;
	return o->patch ? apply_patch(r, name) : 0;
}

/* Does the name p end in ext (".c"), with something before it? */
static bool has_ext(const char *p, const char *ext)
{
	size_t n = strlen(p), el = strlen(ext);

	return n > el && !strcmp(p + n - el, ext);
}

static bool is_c(const char *p)
{
	return has_ext(p, ".c");
}

static bool is_h(const char *p)
{
	return has_ext(p, ".h");
}

static bool exists(struct rml_run_state *r, const char *p)
{
	struct stat st;

	return rml_overlay_get(&r->ov, p) || (stat(p, &st) == 0 && S_ISREG(st.st_mode));
}

/* The entry at a out of the list. */
static void drop(struct rml_inlist *in, size_t a)
{
	free(in->v[a]);
	memmove(&in->v[a], &in->v[a + 1], (in->n - a - 1) * sizeof(*in->v));
	in->n--;
}

/* Sorted, each once. */
static void sort_unique(struct rml_inlist *in)
{
	for (size_t a = 1; a < in->n; a++)
		for (size_t b = a; b > 0 && strcmp(in->v[b - 1], in->v[b]) > 0; b--) {
			char *t = in->v[b];

			in->v[b] = in->v[b - 1];
			in->v[b - 1] = t;
		}
	for (size_t a = 1; a < in->n; a++)
		if (!strcmp(in->v[a - 1], in->v[a]))
			drop(in, a--);
}

/* With a change and no files named: the .c files it touches, and those including its headers. */
static void inputs_from_diff(struct rml_run_state *r, struct rml_inlist *in)
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

/*
 * A header named as an input (pre-commit passes the staged .h files too) stands for the
 * .c files beside it that include it: a header is not analysed on its own.
 */
static void headers_to_includers(struct rml_run_state *r, struct rml_inlist *in)
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
				drop(in, a--);
				break;
			}
}

/* ---- jobs and drivers ------------------------------------------------------------------ */

static void add_job(struct rml_run_state *r, const char *path, const struct rml_parse_opts *parse)
{
	struct rml_job *j;

	r->jobs = rml_xrealloc(r->jobs, (r->njobs + 1) * sizeof(*r->jobs));
	j = &r->jobs[r->njobs++];
	j->path = rml_xstrdup(path);
	j->parse = parse;
	j->sel = rml_sel_for(r, path);
}


/* A compile_commands.json entry's flags into its parse options (the next entry_parse). */
static bool entry_parse(struct rml_run_state *r, const struct rml_compdb_entry *e)
{
	struct rml_args *a = &r->entry_args[r->nentry];
	struct rml_parse_opts *po = &r->entry_parse[r->nentry];
	size_t skip0 = e->argc && e->argv[0][0] != '-';
	char err[PATH_MAX + 256];

	if (rml_args_normalise(a, e->argc - skip0, (const char *const *)e->argv + skip0,
			       r->o->env, err, sizeof(err)) < 0) {
		rml_run_error(r, "%s: %s", e->file, err);
		rml_args_fini(a);
		return false;
	}
	*po = r->o->check.parse;
	po->lone = !rml_args_describe_headers(a);
	po->flags = (const char *const *)a->flags;
	po->nflags = a->nflags;
	po->host_target = a->target;
	po->workdir = e->directory;
	r->nentry++;
	return true;
}

/* -p: the entries to analyse (all, or those of the files named), each with its own flags. */
static int plan_compdb(struct rml_run_state *r, const struct rml_inlist *named, size_t *skipped)
{
	char err[PATH_MAX + 256];
	bool *found = rml_xcalloc(named->n + 1, sizeof(*found));
	char **abs = rml_xcalloc(named->n + 1, sizeof(*abs));	/* the named files, absolute */
	int rc = 0;

	if (rml_compdb_load(r->o->compdb, &r->db, err, sizeof(err)) < 0) {
		rml_run_error(r, "%s", err);
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
		bool want = !named->n;

		for (size_t k = 0; k < named->n && !want; k++)
			if (!strcmp(abs[k], e->file))
				want = found[k] = true;
		if (!want || !is_c(e->file))
			continue;
		if (!rml_may_use_api(&r->ov, e->file, rml_rules_apis(r->o->enabled))) {
			(*skipped)++;
			r->left_entry = rml_xrealloc(r->left_entry, (r->left_out.n + 1) *
							       sizeof(*r->left_entry));
			r->left_entry[r->left_out.n] = i;
			rml_inlist_add(&r->left_out, e->file);
			continue;
		}
		if (!entry_parse(r, e))
			rc = -1;
		else
			add_job(r, e->file, &r->entry_parse[r->nentry - 1]);
	}
	for (size_t k = 0; k < named->n; k++)
		if (!found[k]) {
			rml_run_error(r, "%s: not in %s's compile_commands.json",
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
static void plan_groups(struct rml_run_state *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		struct rml_group *g = r->ngroups ? &r->groups[r->ngroups - 1] : NULL;
		const struct rml_job *a = g ? &r->jobs[g->first] : NULL, *b = &r->jobs[i];
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

/* ---- modules joined (xmod.h) ------------------------------------------------------------ */

static bool same_dir(const char *a, const char *b)
{
	size_t dl = rml_dir_len(a);

	return rml_dir_len(b) == dl && !strncmp(a, b, dl);
}

static long job_of(const struct rml_run_state *r, const char *path)
{
	for (size_t i = 0; i < r->njobs; i++)
		if (!strcmp(r->jobs[i].path, path))
			return (long)i;
	return -1;
}

static const struct rml_parse_opts *lone_tree(struct rml_run_state *r, const char *path);

/*
 * A file the prefilter left out that passes a table to a library: a job beside the files
 * of its directory, in name order among them (compile_commands.json's: with its flags).
 */
static void add_passer(struct rml_run_state *r, size_t left)
{
	const char *path = r->left_out.v[left];
	const struct rml_parse_opts *po = NULL;
	size_t at = r->njobs, last = r->njobs;

	if (job_of(r, path) >= 0)
		return;
	if (r->o->compdb) {
		if (!entry_parse(r, &r->db.v[r->left_entry[left]]))
			return;
		po = &r->entry_parse[r->nentry - 1];
	} else {
		po = lone_tree(r, path);	/* as the files of its directory are parsed */
	}
	for (size_t i = 0; i < r->njobs; i++) {
		if (!same_dir(r->jobs[i].path, path))
			continue;
		if (strcmp(r->jobs[i].path, path) > 0) {
			at = i;
			break;
		}
		last = i + 1;
	}
	if (at == r->njobs)
		at = last;
	add_job(r, path, po);
	if (at < r->njobs - 1) {
		struct rml_job j = r->jobs[r->njobs - 1];

		memmove(&r->jobs[at + 1], &r->jobs[at], (r->njobs - 1 - at) * sizeof(*r->jobs));
		r->jobs[at] = j;
	}
}

/* The group job i is in. */
static size_t group_of_job(const struct rml_run_state *r, size_t i)
{
	for (size_t g = 0; g < r->ngroups; g++)
		if (i >= r->groups[g].first && i < r->groups[g].first + r->groups[g].n)
			return g;
	return 0;
}

/* The drivers the links join, made one each: in the place of the first, jobs reordered. */
static void join_groups(struct rml_run_state *r, const struct rml_xlink *l, size_t nl,
			char *const *files, size_t n, const struct rml_inlist *cand)
{
	size_t ng = r->ngroups, *gsize = rml_xcalloc(ng + 1, sizeof(*gsize));
	size_t *kind = rml_xcalloc(ng + 1, sizeof(*kind)), *root = rml_xcalloc(ng + 1, sizeof(*root));
	size_t *group_of = rml_xcalloc(n + cand->n + 1, sizeof(*group_of));
	struct rml_job *jobs;
	struct rml_group *groups;
	size_t nj = 0, ngr = 0;

	for (size_t g = 0; g < ng; g++) {
		const struct rml_job *j = &r->jobs[r->groups[g].first];
		size_t s;

		gsize[g] = r->groups[g].n;
		for (s = 0; s < r->nsels && r->sels[s] != j->sel; s++)
			;
		kind[g] = 2 * s + (j->parse != NULL);
	}
	for (size_t i = 0; i < n + cand->n; i++) {
		long j = job_of(r, i < n ? files[i] : cand->v[i - n]);

		/* a caller that could not be made a job (its flags) joins nothing */
		group_of[i] = j >= 0 ? group_of_job(r, (size_t)j) : ng;
	}
	gsize[ng] = RML_XMOD_MAX_FILES + 1;	/* the "no job" driver: joins none */
	kind[ng] = SIZE_MAX;
	if (!rml_xmod_merge(ng + 1, gsize, kind, l, nl, group_of, root))
		goto out;
	if (r->o->verbose)
		for (size_t i = 0; i < nl; i++) {
			size_t a = group_of[l[i].taker], b = group_of[l[i].passer];

			if (a == b || a == ng || b == ng)
				continue;
			fprintf(stderr, "regmap-lint: %s defines %s(), which %s calls with a "
				"table: %s\n", files[l[i].taker], l[i].func,
				l[i].passer < n ? files[l[i].passer] : cand->v[l[i].passer - n],
				root[a] == root[b] ? "their drivers are analysed as one" :
				"their drivers stay apart (one would have more than "
				RML_STR(RML_XMOD_MAX_FILES) " files, or other options)");
		}
	jobs = rml_xcalloc(r->njobs + 1, sizeof(*jobs));
	groups = rml_xcalloc(ng + 1, sizeof(*groups));
	for (size_t g = 0; g < ng; g++) {
		if (root[g] != g)
			continue;
		groups[ngr].first = nj;
		for (size_t h = g; h < ng; h++) {
			if (root[h] != g)
				continue;
			memcpy(&jobs[nj], &r->jobs[r->groups[h].first],
			       r->groups[h].n * sizeof(*jobs));
			nj += r->groups[h].n;
		}
		groups[ngr].n = nj - groups[ngr].first;
		ngr++;
	}
	free(r->jobs);
	free(r->groups);
	r->jobs = jobs;
	r->groups = groups;
	r->ngroups = ngr;
out:
	free(group_of);
	free(root);
	free(kind);
	free(gsize);
}

/*
 * A library that allocates from a table its callers pass, and each caller: one driver,
 * across directories (xmod.h). The callers the prefilter left out are read when they lie
 * beside a file analysed; the drivers joined take the place of the first of them, the
 * others keep their order.
 */
static void plan_xmod(struct rml_run_state *r)
{
	struct rml_inlist cand = { 0 };
	size_t *cand_left = NULL, nl, n = r->njobs;
	char **files = rml_xcalloc(n + 1, sizeof(*files));
	struct rml_xlink *l;

	struct rml_strset dirs = { 0 };

	for (size_t i = 0; i < n; i++) {
		files[i] = r->jobs[i].path;
		rml_strset_add(&dirs, rml_arena_strndup(&r->arena, files[i],
							rml_dir_len(files[i])));
	}
	for (size_t k = 0; k < r->left_out.n; k++) {
		const char *p = r->left_out.v[k];
		char *dir = rml_xstrndup(p, rml_dir_len(p));
		bool beside = rml_strset_find(&dirs, dir) >= 0;

		free(dir);
		if (!beside)
			continue;
		cand_left = rml_xrealloc(cand_left, (cand.n + 1) * sizeof(*cand_left));
		cand_left[cand.n] = k;
		rml_inlist_add(&cand, r->left_out.v[k]);
	}
	rml_strset_fini(&dirs);
	nl = rml_xmod_links(&r->ov, files, n, cand.v, cand.n, &l);
	/* the callers left out become jobs (the links name files by path from here on) */
	for (size_t i = 0; i < nl; i++)
		if (l[i].passer >= n)
			add_passer(r, cand_left[l[i].passer - n]);
	plan_groups(r);
	if (nl)
		join_groups(r, l, nl, files, n, &cand);
	free(files);
	rml_xmod_links_free(l, nl);
	rml_inlist_fini(&cand);
	free(cand_left);
}

/*
 * "-": the source on stdin, as the file --stdin-filename names (its directory's headers,
 * siblings and config count, as for the file on disk), else "<stdin>". 0, or -1 (said).
 */
static int stdin_input(struct rml_run_state *r, struct rml_inlist *in, bool *taken)
{
	const struct rml_run_opts *o = r->o;
	const char *name = o->stdin_name ? o->stdin_name : "<stdin>";
	char *text = NULL;
	size_t len = 0;

	if (*taken || (o->files_from && !strcmp(o->files_from, "-")) ||
	    (o->diff && !strcmp(o->diff, "-"))) {
		rml_run_error(r, "-: stdin can be read only once (by one '-', --files-from=- "
			      "or --diff=-)");
		return -1;
	}
	*taken = true;
	if (rml_read_fd(STDIN_FILENO, &text, &len) < 0) {
		rml_run_error(r, "-: cannot read the source: %s", strerror(errno));
		free(text);
		return -1;
	}
	rml_overlay_set(&r->ov, name, text, len);
	rml_inlist_add(in, name);
	return 0;
}

/* The files of the command line ("-": stdin's) and of --files-from. 0, or -1 (said). */
static int named_inputs(struct rml_run_state *r, struct rml_inlist *in)
{
	const struct rml_run_opts *o = r->o;
	char err[PATH_MAX + 256];
	bool stdin_taken = false;

	for (size_t i = 0; i < o->ninputs; i++) {
		if (strcmp(o->inputs[i], "-"))
			rml_inlist_add(in, o->inputs[i]);
		else if (stdin_input(r, in, &stdin_taken) < 0)
			return -1;
	}
	if (o->stdin_name && !stdin_taken) {
		rml_run_error(r, "--stdin-filename=%s: no '-' among the files to read it from "
			      "stdin", o->stdin_name);
		return -1;
	}
	if (o->files_from && rml_read_list(o->files_from, in, err, sizeof(err)) < 0) {
		rml_run_error(r, "--files-from: %s", err);
		return -1;
	}
	return 0;
}

/* A file given alone that lies in a kernel tree: the tree's headers (ktree.h), else NULL. */
static const struct rml_parse_opts *lone_tree(struct rml_run_state *r, const char *path)
{
	const struct rml_run_opts *o = r->o;

	if (!o->check.parse.lone || o->no_kernel_tree)
		return NULL;
	r->ktrees.base = &o->check.parse;
	r->ktrees.env = o->env;
	r->ktrees.verbose = o->verbose ? stderr : NULL;
	return rml_ktree_parse(&r->ktrees, path);
}

/* The inputs into jobs: compile_commands.json's entries, or the files (directories walked). */
static int plan_jobs(struct rml_run_state *r, struct rml_inlist *in, size_t *skipped)
{
	if (r->o->compdb) {
		r->xmod = true;
		if (plan_compdb(r, in, skipped) < 0)
			r->rc = RML_EXIT_TOOL_ERROR;
		return 0;
	}
	if (!in->n && !r->have_diff) {
		rml_run_error(r, "no input files (see --help)");
		return -1;
	}
	for (size_t i = 0; i < in->n && !r->xmod; i++)
		r->xmod = !rml_overlay_get(&r->ov, in->v[i]) && rml_is_dir(in->v[i]);
	if (rml_expand_inputs(&r->ov, in, rml_rules_apis(r->o->enabled), skipped,
			      &r->left_out) < 0)
		r->rc = RML_EXIT_TOOL_ERROR;
	for (size_t i = 0; i < in->n; i++)
		add_job(r, in->v[i], lone_tree(r, in->v[i]));
	return 0;
}

/*
 * --shard K/N: this run's drivers. The directories of the drivers, in the order the run
 * meets them, are dealt out to the shards in turn (the i-th to shard i mod N + 1): a
 * driver's files stay together (a directory met again, as compile_commands.json may,
 * goes to the same shard), the shards of one command line are alike in size, and
 * together they are the whole run, each driver in exactly one.
 */
static void plan_shard(struct rml_run_state *r)
{
	const struct rml_run_opts *o = r->o;
	struct rml_strset dirs = { 0 };
	size_t kept = 0, all = r->ngroups;

	if (!o->shard_n)
		return;
	for (size_t i = 0; i < r->ngroups; i++) {
		const char *p = r->jobs[r->groups[i].first].path;
		char *dir = rml_arena_strndup(&r->arena, p, rml_dir_len(p));
		long at = rml_strset_find(&dirs, dir);

		if (at < 0) {
			rml_strset_add(&dirs, dir);
			at = (long)dirs.n - 1;
		}
		if ((unsigned long)at % o->shard_n == o->shard_k - 1)
			r->groups[kept++] = r->groups[i];
	}
	r->ngroups = kept;
	if (o->verbose)
		fprintf(stderr, "regmap-lint: --shard %u/%u: %zu of %zu driver%s\n", o->shard_k,
			o->shard_n, kept, all, all == 1 ? "" : "s");
	rml_strset_fini(&dirs);
}

int rml_run_plan(struct rml_run_state *r)
{
	const struct rml_run_opts *o = r->o;
	struct rml_inlist in = { 0 };
	size_t skipped = 0;
	int rc = -1;

	if (o->contents_from) {
		char err[PATH_MAX + 256];

		/* read lazily: only the stand-ins of the files the run reads (overlay.h) */
		if (rml_overlay_set_dir(&r->ov, o->contents_from, err, sizeof(err)) < 0)
			rml_run_error(r, "--contents-from: %s", err);
	}
	if ((o->diff || o->since || o->patch) && load_diff(r) < 0) {
		r->rc = RML_EXIT_TOOL_ERROR;	/* a pipe that cannot be made says nothing */
		return -1;
	}
	if (named_inputs(r, &in) < 0)
		goto out;
	if (!in.n && r->have_diff && !o->compdb)
		inputs_from_diff(r, &in);
	headers_to_includers(r, &in);
	if (plan_jobs(r, &in, &skipped) < 0)
		goto out;
	r->stats.nread = rml_rules_apis(o->enabled) ? r->njobs + skipped : 0;
	if (o->verbose)
		fprintf(stderr, "regmap-lint: %zu file%s to analyse, %zu skipped (no use of the "
			"%s in them or their own headers)\n", r->njobs,
			r->njobs == 1 ? "" : "s", skipped,
			rml_rules_apis(o->enabled) & RML_API_REGMAP ? "regmap API" :
			"regmap_field API");
	if (r->rc == RML_EXIT_TOOL_ERROR && r->nsels && !r->njobs)
		goto out;
	if (r->xmod && !o->kbuild && rml_rules_apis(o->enabled) & RML_API_FIELD)
		plan_xmod(r);
	else
		plan_groups(r);
	plan_shard(r);
	rc = 0;
out:
	rml_inlist_fini(&in);
	return rc;
}

void rml_run_plan_fini(struct rml_run_state *r)
{
	for (size_t i = 0; i < r->njobs; i++)
		free(r->jobs[i].path);
	free(r->jobs);
	free(r->groups);
	for (size_t i = 0; i < r->nentry; i++)
		rml_args_fini(&r->entry_args[i]);
	free(r->entry_args);
	free(r->entry_parse);
	if (r->o->compdb)
		rml_compdb_fini(&r->db);
	if (r->have_diff)
		rml_udiff_fini(&r->diff);
	rml_inlist_fini(&r->left_out);
	free(r->left_entry);
	rml_ktrees_fini(&r->ktrees);
}
