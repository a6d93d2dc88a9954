/*
 * corpus: --verify and --agree, each file on its own, in this process (see corpus.h).
 */
#include "corpus.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "exit.h"
#include "inputs.h"
#include "output.h"
#include "verify.h"
#include "xmod.h"
#include "rule.h"

/*
 * --verify: a driver's own headers (#include "x.h", beside the file) may carry
 * expectations too, for findings in tables that live there.
 */
static int verify_headers(struct rml_verify *v, const char *path, const char *text,
			  struct rml_inlist *seen)
{
	const char *p = text, *slash = strrchr(path, '/'), *name;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	size_t nlen;

	while ((name = rml_next_quoted_include(&p, &nlen)) != NULL) {
		char hpath[PATH_MAX], *htext = NULL, err[256];
		size_t hlen = 0;
		int rc;

		snprintf(hpath, sizeof(hpath), "%.*s%.*s", dirlen, path, (int)nlen, name);
		{
			/* a header several files of a tree's driver include: its directives once */
			char *real = realpath(hpath, NULL);
			bool dup = false;

			for (size_t k = 0; real && k < seen->n && !dup; k++)
				dup = !strcmp(seen->v[k], real);
			if (real && !dup)
				rml_inlist_add(seen, real);
			free(real);
			if (dup)
				continue;
		}
		if (rml_read_file(hpath, &htext, &hlen, err, sizeof(err)) < 0)
			continue;
		rc = rml_verify_parse(v, hpath, htext, hlen, stdout);
		free(htext);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* "a/b/../c/./" -> "a/c", in place (".." past the start kept: "../x" stays). */
static void lexical_norm(char *p)
{
	char *seg[PATH_MAX / 2], *out = p, *tok, *save = NULL;
	size_t n = 0, keep = 0;	/* keep: leading ".." that cannot be collapsed */
	bool abs = p[0] == '/';
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", p);
	for (tok = strtok_r(buf, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..") && n > keep) {
			n--;
			continue;
		}
		if (!strcmp(tok, "..") && !abs)
			keep = n + 1;
		seg[n++] = tok;
	}
	if (abs)
		*out++ = '/';
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(seg[i]);

		memmove(out, seg[i], l);
		out += l;
		if (i + 1 < n)
			*out++ = '/';
	}
	if (out == p)
		*out++ = '.';
	*out = '\0';
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The files the prefilter left out (left) beside a file of in, as a directory run reads
 * them again (candidates, *cand), their links to the libraries (*l, *nl), and those among
 * them that pass a table to one (*pass, each once).
 */
static void left_out_passers(const struct rml_inlist *in, const struct rml_inlist *left,
			     struct rml_inlist *cand, struct rml_inlist *pass,
			     struct rml_xlink **l, size_t *nl)
{
	for (size_t k = 0; k < left->n; k++)
		for (size_t i = 0; i < in->n; i++)
			if (rml_dir_len(in->v[i]) == rml_dir_len(left->v[k]) &&
			    !strncmp(in->v[i], left->v[k], rml_dir_len(left->v[k]))) {
				rml_inlist_add(cand, left->v[k]);
				break;
			}
	*nl = rml_xmod_links(NULL, in->v, in->n, cand->v, cand->n, l);
	for (size_t i = 0; i < *nl; i++) {	/* the callers left out: read, as a run does */
		bool have = false;

		if ((*l)[i].passer < in->n)
			continue;
		for (size_t k = 0; k < pass->n && !have; k++)
			have = !strcmp(pass->v[k], cand->v[(*l)[i].passer - in->n]);
		if (!have)
			rml_inlist_add(pass, cand->v[(*l)[i].passer - in->n]);
	}
}

/*
 * The drivers a run makes of the files read (in and pass: consecutive files of one
 * directory), joined along the links l as xmod.h does: the files of path's joined driver
 * into *out. false when path is not read.
 */
static bool joined_driver(const char *path, const struct rml_inlist *in,
			  const struct rml_inlist *cand, const struct rml_inlist *pass,
			  struct rml_xlink *l, size_t nl, struct rml_inlist *out)
{
	size_t n = in->n, total = in->n + cand->n, na = 0, ng = 0;
	char **all = rml_xcalloc(in->n + pass->n + 1, sizeof(*all));
	size_t *group, *gsize, *kind, *root, *gof;
	long me = -1;

	for (size_t i = 0; i < in->n; i++)
		all[na++] = in->v[i];
	for (size_t i = 0; i < pass->n; i++)
		all[na++] = pass->v[i];
	qsort(all, na, sizeof(*all), cmp_path);
	group = rml_xcalloc(total + na + 1, sizeof(*group));
	gsize = rml_xcalloc(na + 1, sizeof(*gsize));
	kind = rml_xcalloc(na + 1, sizeof(*kind));
	root = rml_xcalloc(na + 1, sizeof(*root));
	gof = rml_xcalloc(na + 1, sizeof(*gof));
	for (size_t i = 0; i < na; i++) {
		if (!i || rml_dir_len(all[i]) != rml_dir_len(all[i - 1]) ||
		    strncmp(all[i], all[i - 1], rml_dir_len(all[i])))
			ng++;
		gof[i] = ng - 1;
		gsize[ng - 1]++;
		if (!strcmp(all[i], path))
			me = (long)(ng - 1);
	}
	for (size_t e = 0; e < total; e++) {
		const char *p = e < n ? in->v[e] : cand->v[e - n];

		group[e] = ng;	/* not read: joins nothing */
		for (size_t i = 0; i < na; i++)
			if (!strcmp(all[i], p))
				group[e] = gof[i];
	}
	gsize[ng] = RML_XMOD_MAX_FILES + 1;
	kind[ng] = 1;
	rml_xmod_merge(ng + 1, gsize, kind, l, nl, group, root);
	for (size_t i = 0; me >= 0 && i < na; i++)
		if (root[gof[i]] == root[me])
			rml_inlist_add(out, all[i]);
	free(gof);
	free(all);
	free(group);
	free(gsize);
	free(kind);
	free(root);
	return me >= 0;
}

/*
 * "corpus-tree: DIR": the files of DIR (relative to path's directory) as a directory run
 * plans them: the prefilter, one driver per directory, the callers left out that pass a
 * table read again, the modules joined (xmod.h). The files of path's driver into *out
 * (heap, sorted), or -1 (said) when path is not among them.
 */
static int tree_driver(const char *path, const char *tree, struct rml_inlist *out)
{
	struct rml_inlist in = { 0 }, left = { 0 }, cand = { 0 }, pass = { 0 };
	size_t dl = rml_dir_len(path), skipped = 0, nl;
	struct rml_xlink *l;
	char root_dir[PATH_MAX];
	bool found;

	snprintf(root_dir, sizeof(root_dir), "%.*s%s%s", (int)dl, path, dl ? "/" : "", tree);
	lexical_norm(root_dir);
	rml_inlist_add(&in, root_dir);
	rml_expand_inputs(NULL, &in, RML_API_FIELD, &skipped, &left);
	left_out_passers(&in, &left, &cand, &pass, &l, &nl);
	found = joined_driver(path, &in, &cand, &pass, l, nl, out);
	rml_xmod_links_free(l, nl);
	rml_inlist_fini(&in);
	rml_inlist_fini(&left);
	rml_inlist_fini(&cand);
	rml_inlist_fini(&pass);
	if (!found) {
		printf("%s: error: corpus-tree: the run over %s does not analyse this file\n", path,
		       root_dir);
		return -1;
	}
	return 0;
}

/* Expectations of the other files of a tree's driver (and their headers), each file once. */
static int verify_others(struct rml_verify *v, const char *path, const struct rml_inlist *drv,
			 struct rml_inlist *seen)
{
	for (size_t i = 0; i < drv->n; i++) {
		char *text = NULL, err[512];
		size_t len = 0;
		int rc;

		if (!strcmp(drv->v[i], path))
			continue;
		if (rml_read_file(drv->v[i], &text, &len, err, sizeof(err)) < 0) {
			printf("%s: error: %s\n", drv->v[i], err);
			return -1;
		}
		rc = rml_verify_parse(v, drv->v[i], text, len, stdout);
		if (rc == 0)
			rc = verify_headers(v, drv->v[i], text, seen);
		free(text);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* --verify: read the file's expectations (and corpus-args) before it is analysed. */
static int verify_file(struct rml_index *idx, const char *path, struct rml_check_opts *o)
{
	struct rml_verify v;
	struct rml_group_result g;
	struct rml_diags all, shown;
	struct rml_args ca;
	struct rml_args_env env = { NULL, NULL, NULL };
	struct rml_inlist drv = { 0 }, seen = { 0 };
	char *text = NULL, err[512];
	size_t len = 0;
	unsigned failures;

	rml_verify_init(&v);
	if (rml_read_file(path, &text, &len, err, sizeof(err)) < 0) {
		fprintf(stdout, "%s: error: %s\n", path, err);
		rml_inlist_fini(&seen);
		rml_verify_fini(&v);
		return RML_EXIT_TOOL_ERROR;
	}
	if (rml_verify_parse(&v, path, text, len, stdout) < 0 || verify_headers(&v, path, text, &seen) < 0) {
		free(text);
		rml_inlist_fini(&seen);
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
		rml_inlist_fini(&seen);
		rml_verify_fini(&v);
		return RML_EXIT_TOOL_ERROR;
	}
	/* the trailing --target= the normaliser adds is the host's: lone mode sets its own */
	o->parse.extra = (const char *const *)ca.flags;
	o->parse.nextra = ca.nflags - (ca.nflags && !strncmp(ca.flags[ca.nflags - 1], "--target=", 9));
	if (v.tree) {
		if (tree_driver(path, v.tree, &drv) < 0 || verify_others(&v, path, &drv, &seen) < 0) {
			rml_inlist_fini(&drv);
			rml_args_fini(&ca);
			rml_inlist_fini(&seen);
			rml_verify_fini(&v);
			o->parse.extra = NULL;
			o->parse.nextra = 0;
			return RML_EXIT_TOOL_ERROR;
		}
		rml_check_group(idx, (const char *const *)drv.v, drv.n, o, NULL, &g);
	} else {
		rml_check_group(idx, &path, 1, o, NULL, &g);
	}
	rml_inlist_fini(&drv);
	rml_diags_init(&all, &g.merged.arena);
	rml_group_diags(&g, &all);
	rml_diags_init(&shown, &g.merged.arena);
	rml_diags_grouped(&all, &shown);	/* what the gcc format shows */
	failures = rml_verify_check(&v, &shown, path, stdout);
	rml_diags_fini(&shown);
	rml_diags_fini(&all);
	rml_group_result_fini(&g);
	rml_args_fini(&ca);
	rml_inlist_fini(&seen);
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
	struct rml_group_result g;
	struct rml_diags all;
	char *log = NULL, err[512];
	size_t loglen = 0;
	int n;

	if (rml_read_file(logpath, &log, &loglen, err, sizeof(err)) < 0) {
		printf("%s: error: %s\n", logpath, err);
		return RML_EXIT_TOOL_ERROR;
	}
	rml_check_group(idx, &path, 1, o, NULL, &g);
	rml_diags_init(&all, &g.merged.arena);
	rml_group_diags(&g, &all);
	if (g.files[0].tool_error) {
		rml_out_gcc(stdout, &all);
		n = -1;
	} else {
		n = rml_agree_check(log, loglen, &all, path, g.files[0].text, g.files[0].len,
				    stdout);
	}
	rml_diags_fini(&all);
	rml_group_result_fini(&g);
	free(log);
	if (n < 0)
		return RML_EXIT_TOOL_ERROR;
	if (n > 0) {
		printf("%s: %d disagreement%s with the runtime\n", path, n, n == 1 ? "" : "s");
		return RML_EXIT_FINDINGS;
	}
	return RML_EXIT_CLEAN;
}

int rml_corpus_run(const char *agree_log, const struct rml_args *args, struct rml_check_opts *o)
{
	struct rml_index *idx = rml_index_new();
	struct rml_inlist in = { 0 };
	size_t skipped = 0;
	int rc = RML_EXIT_CLEAN;

	for (size_t i = 0; i < args->ninputs; i++)
		rml_inlist_add(&in, args->inputs[i]);
	if (rml_expand_inputs(NULL, &in, 0, &skipped, NULL) < 0)
		rc = RML_EXIT_TOOL_ERROR;
	for (size_t i = 0; i < in.n; i++) {
		int frc = agree_log ? agree_file(idx, in.v[i], agree_log, o)
				       : verify_file(idx, in.v[i], o);

		if (frc > rc)
			rc = frc;
	}
	rml_inlist_fini(&in);
	rml_index_free(idx);
	return rc;
}
