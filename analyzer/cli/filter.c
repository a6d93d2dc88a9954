/*
 * filter: what a finding goes through before it is reported (see run_impl.h). In the
 * worker, the inline suppressions of the files findings are in; in the parent, the
 * change's added lines and the baseline, which a finding is matched with by its identity
 * (the hash of its rule and source line, and which occurrence of that hash in its file it
 * is); and after the drivers, the baseline written or its stale entries listed.
 */
#include "run_impl.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "rule.h"
#include "suppress.h"

/* ---- the worker: inline suppressions ---------------------------------------------------- */

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
		if (rml_suppress_glob_match(glob, rml_rules[i]->id))
			return true;
	return false;
}

void rml_sups_add(struct rml_ptrvec *sups, const char *path, const char *text, size_t len)
{
	sup_add(sups, path, text, len);
}

bool rml_suppressed(struct rml_ptrvec *sups, const struct rml_overlay *ov,
		    const struct rml_diag *d)
{
	return d->rule && d->loc.file &&
	       rml_suppress_match(&sup_for(sups, ov, d->loc.file)->s, d->loc.line, d->rule);
}

/* One file's suppressions: what is wrong with them, and (verbose) those that silenced nothing. */
static void say_file(const struct supfile *f, bool verbose, FILE *af, FILE *vf)
{
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
		if (verbose && !sp->used)
			fprintf(vf, "%s:%u: remark: unused suppression (nothing reported on "
				"line %u)\n", f->path, sp->line, sp->target);
	}
}

void rml_sups_say(struct rml_ptrvec *sups, const struct rml_overlay *ov, const char *const *paths,
		  size_t n, bool verbose, FILE *af, FILE *vf)
{
	for (size_t k = 0; k < n; k++)
		sup_for(sups, ov, paths[k]);	/* any whose text could not be read */
	for (size_t i = 0; i < sups->n; i++)
		say_file(sups->p[i], verbose, af, vf);
}

void rml_sups_fini(struct rml_ptrvec *sups)
{
	for (size_t i = 0; i < sups->n; i++) {
		struct supfile *f = sups->p[i];

		rml_suppress_fini(&f->s);
		free(f);
	}
	rml_ptrvec_fini(sups);
}

/* ---- the parent: the change's lines, the baseline --------------------------------------- */

/* Occurrences of one finding identity, counted in report order (the fingerprint's ":n"). */
struct occ {
	const char *path, *rule;
	uint64_t hash;
	unsigned n;
};

/* path relative to dir ('/'-terminated absolute), else absolute (arena). */
static const char *rel_to(struct rml_run_state *r, const char *dir, const char *path)
{
	char *abs = rml_abspath(path);
	size_t dl = strlen(dir);
	const char *out;

	out = rml_arena_strdup(&r->arena, strncmp(abs, dir, dl) ? abs : abs + dl);
	free(abs);
	return out;
}

/* The finding's identity: its hash, and which occurrence of that hash in its file this is. */
static uint64_t identity(struct rml_run_state *r, const struct rml_diag *d, const char *path,
			 unsigned *occ)
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

static bool on_added_line(struct rml_run_state *r, const struct rml_loc *loc)
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

bool rml_keep(struct rml_run_state *r, const struct rml_job *j, const struct rml_diag *d)
{
	const struct rml_sel *s = j->sel;
	bool added = !r->have_diff;

	if (d->sev != RML_SEV_WARNING || !d->rule)
		return true;
	for (size_t k = 0; r->have_diff && k <= d->nnotes && !added; k++)
		added = on_added_line(r, k ? &d->notes[k - 1].loc : &d->loc);
	if (r->o->write_baseline && added) {
		const char *rel;
		unsigned occ;
		uint64_t h;

		if (!r->written_dir)	/* once per run */
			r->written_dir = rml_baseline_root(r->o->write_baseline);
		rel = rel_to(r, r->written_dir, d->loc.file);
		h = identity(r, d, rel, &occ);
		rml_baseline_add(&r->written, rel, d->rule, h, occ, d->msg);
		return true;
	}
	/*
	 * The baseline first, whether the finding is on a changed line or not: its identity
	 * counts every finding of its file, as when the baseline was written, and an entry
	 * matched outside the change is not stale.
	 */
	if (!r->o->write_baseline && s->baseline) {
		const char *rel = rel_to(r, s->baseline_dir, d->loc.file);
		unsigned occ;
		uint64_t h = identity(r, d, rel, &occ);

		if (rml_baseline_take(s->baseline, rel, d->rule, h, occ)) {
			r->nbaselined++;
			return false;
		}
		r->nnew += added;
	}
	if (!added)
		r->nunchanged++;
	return added;
}

/*
 * Could the run have matched entry b of selection s? Only if it analysed b's file: one of
 * the run's files (a driver of this --shard, analysed without an error), or a header
 * beside one of them (a driver's own header). The entries of files the run did not look
 * at (a run on part of the tree, a change, another shard) are not stale.
 */
static bool covered(struct rml_run_state *r, const struct rml_sel *s,
		    const struct rml_baseline_entry *b)
{
	char *abs = b->path[0] == '/' ? rml_path_fold(b->path) : rml_path_join(s->baseline_dir,
									       b->path);
	size_t dl = rml_dir_len(abs), n = strlen(abs);
	bool in = false;

	if (!r->analysed_known) {	/* once: the files analysed, and their directories */
		r->analysed_known = true;
		for (size_t g = 0; g < r->ngroups; g++)
			for (size_t k = 0; k < r->groups[g].n; k++) {
				char *p = rml_abspath(r->jobs[r->groups[g].first + k].path);

				if (rml_strset_find(&r->failed, p) < 0) {
					rml_strset_add(&r->analysed, rml_arena_strdup(&r->arena, p));
					rml_strset_add(&r->analysed_dirs, rml_arena_strndup(&r->arena, p,
										rml_dir_len(p)));
				}
				free(p);
			}
	}
	if (rml_strset_find(&r->analysed, abs) >= 0)
		in = true;
	else if (!(n > 2 && !strcmp(abs + n - 2, ".c"))) {
		abs[dl] = '\0';
		in = rml_strset_find(&r->analysed_dirs, abs) >= 0;
	}
	free(abs);
	return in;
}

/* Baseline entries of analysed files nothing matched any more: listed, so they can go. */
static void stale_entries(struct rml_run_state *r)
{
	for (size_t i = 0; i < r->nsels; i++) {
		const struct rml_sel *s = r->sels[i];
		unsigned n = 0;

		if (!s->baseline_path)
			continue;	/* not loaded by this selection */
		for (size_t e = 0; e < s->baseline->n; e++)
			n += !s->baseline->v[e].matched && covered(r, s, &s->baseline->v[e]);
		if (!n)
			continue;
		fprintf(stderr, "regmap-lint: %s: %u stale entr%s (no longer reported):\n",
			s->baseline_path, n, n == 1 ? "y" : "ies");
		for (size_t e = 0; e < s->baseline->n; e++) {
			const struct rml_baseline_entry *b = &s->baseline->v[e];

			if (!b->matched && covered(r, s, b))
				fprintf(stderr, "regmap-lint:   %s: %s [%s]\n", b->path, b->msg, b->rule);
		}
	}
}

/* --write-baseline: the file replaced atomically (rml_write_atomic). */
static int write_baseline(struct rml_run_state *r)
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
			rml_run_error(r, "%s: %s", path, err);
	} else {
		rml_run_error(r, "%s: %s", path, strerror(errno));
	}
	if (f)
		fclose(f);
	if (!rc)
		fprintf(stderr, "regmap-lint: %s: %zu finding%s recorded\n", path, r->written.n,
			r->written.n == 1 ? "" : "s");
	free(buf);
	return rc;
}

int rml_filter_end(struct rml_run_state *r)
{
	const struct rml_run_opts *o = r->o;

	if (o->write_baseline)
		return write_baseline(r);
	stale_entries(r);
	if (o->verbose && (o->baseline || r->nbaselined))
		fprintf(stderr, "regmap-lint: baseline: %u finding%s new, %u already "
			"recorded\n", r->nnew, r->nnew == 1 ? "" : "s", r->nbaselined);
	if (o->verbose && r->have_diff)
		fprintf(stderr, "regmap-lint: %u finding%s outside the changed lines\n",
			r->nunchanged, r->nunchanged == 1 ? "" : "s");
	return 0;
}

void rml_filter_fini(struct rml_run_state *r)
{
	rml_strset_fini(&r->analysed);
	rml_strset_fini(&r->analysed_dirs);
	rml_strset_fini(&r->failed);
	rml_srcs_fini(&r->srcs);
	free(r->written_dir);
	if (r->o->write_baseline)
		rml_baseline_fini(&r->written);
	rml_ptrvec_fini(&r->occs);
}
