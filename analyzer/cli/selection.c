/*
 * selection: what the .regmap-lint governing a file selects, with the command line over
 * it: the rules, whether a lone file's siblings are read, and the baseline its findings
 * are compared with (see run_impl.h). One selection per config file, loaded once.
 */
#include "run_impl.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rule.h"
#include "config.h"
#include "exit.h"

/* A comma-separated list of ids/globs into sel (on: only these; off: minus these). */
static int apply_list(struct rml_run_state *r, bool *enabled, const char *list, bool on,
		      const char *where)
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
			rml_run_error(r, "%s: unknown rule '%s' (see --list-rules)",
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

/*
 * The config's rule lists into enabled, both checked before either is applied: an unknown
 * rule is an error at its line ("PATH:LINE: unknown rule ..."), and then nothing changes.
 * With --enable on the command line the lists are checked, not applied.
 */
static int config_rules(struct rml_run_state *r, const struct rml_config *cfg, bool *enabled)
{
	bool *sel = rml_xcalloc(rml_nrules + 1, sizeof(*sel));
	char where[PATH_MAX + 32];
	int rc = 0;

	memcpy(sel, enabled, rml_nrules * sizeof(*sel));
	if (cfg->enable) {
		snprintf(where, sizeof(where), "%s:%lu", cfg->path, cfg->enable_line);
		rc |= apply_list(r, sel, cfg->enable, true, where);
	}
	if (cfg->disable) {
		snprintf(where, sizeof(where), "%s:%lu", cfg->path, cfg->disable_line);
		rc |= apply_list(r, sel, cfg->disable, false, where);
	}
	if (!rc && !r->o->enable_given)
		memcpy(enabled, sel, rml_nrules * sizeof(*sel));
	free(sel);
	return rc ? -1 : 0;
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

char *rml_baseline_root(const char *path)
{
	char *abs = rml_abspath(path), *dir = dir_of(abs), *cand;
	size_t n = strlen(dir);
	struct stat st;

	free(abs);
	cand = rml_xmalloc(n + sizeof(".git"));
	/* dir is absolute and '/'-terminated: each ancestor in turn, the root last */
	while (dir[0] == '/') {
		snprintf(cand, n + sizeof(".git"), "%s.git", dir);
		if (lstat(cand, &st) == 0)	/* a directory, or a worktree's file */
			break;
		if (n == 1) {
			n = 0;
			break;
		}
		while (n > 1 && dir[n - 2] != '/')
			n--;
		dir[--n] = '\0';
	}
	free(cand);
	if (!n || dir[0] != '/') {	/* not in a git work tree: the current directory */
		free(dir);
		abs = rml_abspath(".");
		dir = rml_xmalloc(strlen(abs) + 2);
		sprintf(dir, "%s%s", abs, strcmp(abs, "/") ? "/" : "");
		free(abs);
	}
	return dir;
}

static int load_baseline(struct rml_run_state *r, struct rml_sel *s, const char *path)
{
	char err[PATH_MAX + 256], *abs = rml_abspath(path);

	s->baseline = rml_xcalloc(1, sizeof(*s->baseline));
	s->baseline_path = rml_xstrdup(path);
	if (rml_baseline_load(path, s->baseline, err, sizeof(err)) < 0) {
		rml_run_error(r, "%s", err);
		s->baseline_dir = dir_of(abs);
		free(abs);
		return -1;
	}
	/* version 1: paths relative to the baseline's directory; 2: to its git top */
	s->baseline_dir = s->baseline->version == 1 ? dir_of(abs) : rml_baseline_root(path);
	free(abs);
	return 0;
}

/* The selection for the config file at cfgpath (NULL: none); loaded once per file. */
static struct rml_sel *get_sel(struct rml_run_state *r, const char *cfgpath)
{
	const struct rml_run_opts *o = r->o;
	struct rml_config cfg;
	struct rml_sel *s;
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
		rml_run_error(r, "%s", err);
		bad = true;
	}
	for (size_t i = 0; i < rml_nrules; i++)
		s->enabled[i] = true;
	/* a config with an error is not applied at all (its rule lists checked first) */
	if (!bad && config_rules(r, &cfg, s->enabled) < 0)
		bad = true;
	for (size_t i = 0; i < rml_nrules; i++)
		s->enabled[i] = o->enable_given ? o->enabled[i] : s->enabled[i] && o->enabled[i];
	if (!bad && !o->siblings_set && cfg.siblings >= 0 && !o->kbuild)
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
	} else if (!bad && cfg.baseline && !o->write_baseline) {
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

struct rml_sel *rml_sel_for(struct rml_run_state *r, const char *path)
{
	char *found = NULL;
	struct rml_sel *s;

	if (r->o->no_config || rml_config_find(path, &found) <= 0)
		return get_sel(r, NULL);
	s = get_sel(r, found);
	free(found);
	return s;
}

void rml_sels_fini(struct rml_run_state *r)
{
	for (size_t i = 0; i < r->nsels; i++) {
		struct rml_sel *s = r->sels[i];

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
