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

/*
 * --verify: a driver's own headers (#include "x.h", beside the file) may carry
 * expectations too, for findings in tables that live there.
 */
static int verify_headers(struct rml_verify *v, const char *path, const char *text)
{
	const char *p = text, *slash = strrchr(path, '/'), *name;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	size_t nlen;

	while ((name = rml_next_quoted_include(&p, &nlen)) != NULL) {
		char hpath[PATH_MAX], *htext = NULL, err[256];
		size_t hlen = 0;
		int rc;

		snprintf(hpath, sizeof(hpath), "%.*s%.*s", dirlen, path, (int)nlen, name);
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
	struct rml_group_result g;
	struct rml_diags all;
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
	rml_check_group(idx, &path, 1, o, NULL, &g);
	rml_diags_init(&all, &g.merged.arena);
	rml_group_diags(&g, &all);
	failures = rml_verify_check(&v, &all, path, stdout);
	rml_diags_fini(&all);
	rml_group_result_fini(&g);
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
	if (rml_expand_inputs(NULL, &in, 0, &skipped) < 0)
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
