/*
 * run: rml_run (see run.h): plan the jobs (plan.c), analyse each driver in a worker,
 * filter its findings (filter.c), report the drivers in input order.
 *
 * Worker -> parent result: "RML1 rc nlines vlen alen nparsed nsib T...\n" (T: the seconds
 * of each phase, struct rml_phase_times in the order of PHASES), then vlen bytes of -v
 * text, alen bytes of messages always shown (malformed suppressions), then the driver's
 * diagnostics (rml_diags_pack). pack() writes it, unpack() reads it.
 */
#include "run_impl.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exit.h"
#include "inputs.h"
#include "tu.h"
#include "util.h"

/* The phases -v times, in the order of the worker's result header. */
#define PHASES(X) X(read, read) X(parse, tu.parse) X(extract, tu.extract) X(link, link) \
	X(paths, paths) X(rules, rules)

/*
 * An error of the run itself (a bad option value, a list or database that cannot be read):
 * said on stderr, and kept for the machine formats' report (SARIF's notifications,
 * JSON's errors), where a consumer would otherwise see a successful, empty run.
 */
void rml_run_error(struct rml_run_state *r, const char *fmt, ...)
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

static void raise_rc(struct rml_run_state *r, int rc)
{
	if (rc == RML_EXIT_TOOL_ERROR || (rc == RML_EXIT_FINDINGS && r->rc == RML_EXIT_CLEAN))
		r->rc = rc;
}

/* ---- the worker: one driver ----------------------------------------------------------- */

/* One driver in its worker: its files, what checking them gave, what goes to the parent. */
struct wk {
	struct rml_run_state *r;
	const struct rml_group *gr;
	const char **paths;			/* gr's files, then the siblings read along */
	const struct rml_parse_opts **parse;	/* each file's own options (a copy), or NULL */
	size_t n;				/* paths and parse */
	char **sib;
	size_t nsib;
	struct rml_index *idx;
	struct rml_check_opts co;
	struct rml_group_result g;
	struct rml_diags shown;			/* what goes to the parent */
	struct rml_ptrvec sups;			/* the files' inline suppressions (filter.c) */
	FILE *vf, *af, *df;			/* -v text, messages always shown, diagnostics */
	char *vbuf, *abuf, *dbuf;
	size_t vlen, alen, dlen;
	unsigned long nlines;			/* of the files asked for */
	int rc;					/* enum rml_exit */
};

static int wk_open(struct wk *w, struct rml_run_state *r, size_t gi)
{
	memset(w, 0, sizeof(*w));
	w->r = r;
	w->gr = &r->groups[gi];
	w->rc = RML_EXIT_CLEAN;
	w->vf = open_memstream(&w->vbuf, &w->vlen);
	w->af = open_memstream(&w->abuf, &w->alen);
	w->df = open_memstream(&w->dbuf, &w->dlen);
	if (w->vf && w->af && w->df) {
		w->idx = rml_index_new();
		return 0;
	}
	if (w->vf)
		fclose(w->vf);
	if (w->af)
		fclose(w->af);
	if (w->df)
		fclose(w->df);
	free(w->vbuf);
	free(w->abuf);
	free(w->dbuf);
	return -1;
}

/*
 * tests/cli/run_test.sh: a worker that crashes, hangs, or takes memory without end on the
 * file named, to show that the limits hold and the other drivers are still reported.
 */
#define HOG_CHUNK ((size_t)16 << 20)	/* what the memory hog takes at a time */

static void test_hooks(const struct rml_run_state *r, const struct rml_group *gr)
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
			char *m = malloc(HOG_CHUNK);

			if (m)
				memset(m, 1, HOG_CHUNK);	/* resident: the guard samples RSS */
		}
	}
}

/* A file given alone: the other files of its driver, read along (not reported). */
static void add_siblings(struct wk *w)
{
	size_t n = w->n;

	w->nsib = rml_find_siblings(&w->r->ov, w->paths[0], &w->sib);
	w->paths = rml_xrealloc(w->paths, (n + w->nsib + 1) * sizeof(*w->paths));
	w->parse = rml_xrealloc(w->parse, (n + w->nsib + 1) * sizeof(*w->parse));
	for (size_t k = 0; k < w->nsib; k++) {
		w->paths[w->n] = w->sib[k];
		w->parse[w->n++] = w->parse[0];
	}
	if (w->r->o->verbose && w->nsib) {
		fprintf(w->vf, "regmap-lint: %s: also reading", w->paths[0]);
		for (size_t k = 0; k < w->nsib; k++)
			fprintf(w->vf, " %s", w->sib[k]);
		fputc('\n', w->vf);
	}
}

/*
 * The driver's files and how to check them: the selection's rules, the run's overlay,
 * each file's own parse options (compile_commands.json's) copied with them.
 */
static void driver_inputs(struct wk *w)
{
	struct rml_run_state *r = w->r;
	const struct rml_run_opts *o = r->o;
	const struct rml_group *gr = w->gr;
	const struct rml_job *j0 = &r->jobs[gr->first];

	w->n = gr->n;
	w->paths = rml_xcalloc(gr->n + 1, sizeof(*w->paths));
	w->parse = rml_xcalloc(gr->n + 1, sizeof(*w->parse));
	for (size_t k = 0; k < gr->n; k++) {
		w->paths[k] = r->jobs[gr->first + k].path;
		w->parse[k] = r->jobs[gr->first + k].parse;
	}
	if (w->n == 1 && j0->sel->siblings)
		add_siblings(w);
	w->co = o->check;
	w->co.enabled = j0->sel->enabled;
	w->co.parse.overlay = &r->ov;
	w->co.parse.keep_errors = true;	/* -v lists them; the notes of say_unchecked() */
	for (size_t k = 0; k < w->n; k++)
		if (w->parse[k]) {
			struct rml_parse_opts *po = rml_xmalloc(sizeof(*po));

			*po = *w->parse[k];
			po->overlay = &r->ov;
			po->keep_errors = true;
			w->parse[k] = po;
		}
}

static unsigned long count_lines(const char *text, size_t len)
{
	unsigned long n = 0;

	for (size_t i = 0; text && i < len; i++)
		n += text[i] == '\n';
	if (text && len && text[len - 1] != '\n')
		n++;
	return n;
}

/* Check the driver; the files' own diagnostics (tool errors) are the first shown. */
static void check_driver(struct wk *w)
{
	const struct rml_group *gr = w->gr;

	rml_check_group(w->idx, w->paths, w->n, &w->co, w->parse, &w->g);

	/* tool errors of the files asked for, then the findings (not the siblings') */
	rml_diags_init(&w->shown, &w->g.merged.arena);
	for (size_t k = 0; k < gr->n; k++) {
		const struct rml_file_result *res = &w->g.files[k];

		for (size_t e = 0; e < rml_diags_count(&res->diags); e++)
			rml_ptrvec_push(&w->shown.v, rml_diags_at(&res->diags, e));
		if (res->tool_error)
			w->rc = RML_EXIT_TOOL_ERROR;
		if (w->r->o->verbose)
			rml_print_verbose(w->vf, res, w->r->o->verbose >= 2);
		w->nlines += count_lines(res->text, res->len);
	}
}

/* loc's file under dir_abs ('/'-terminated) named again under dir_rel (the same, as given). */
static void rename_loc(struct rml_arena *a, struct rml_loc *loc, const char *dir_abs,
		       const char *dir_rel)
{
	size_t n = strlen(dir_abs);

	if (loc->file && !strncmp(loc->file, dir_abs, n) && loc->file[n])
		loc->file = rml_arena_printf(a, "%s%s", dir_rel, loc->file + n);
}

/*
 * With contents standing in for files (--contents-from, --patch, "-"), libclang parses a
 * file named relatively by its absolute name (tu.c: so that its own headers resolve to
 * their stand-ins), and the findings come back absolute. Named again as without stand-ins:
 * what lies under a relatively named file's directory, by that directory as given.
 */
static void relative_names(struct wk *w)
{
	struct rml_arena *a = &w->g.merged.arena;

	if (!rml_overlay_active(&w->r->ov))
		return;
	for (size_t k = 0; k < w->n; k++) {
		const char *p = w->paths[k];
		size_t dl = rml_dir_len(p);
		char *rel, *full, *dir;

		if (p[0] == '/' || (w->parse[k] && w->parse[k]->workdir))
			continue;
		rel = rml_arena_printf(a, "%.*s%s", (int)dl, p, dl ? "/" : "");
		full = rml_abspath(dl ? rel : ".");
		dir = rml_arena_printf(a, "%s%s", full, strcmp(full, "/") ? "/" : "");
		free(full);
		for (size_t e = 0; e < rml_diags_count(&w->g.diags); e++) {
			struct rml_diag *d = rml_diags_at(&w->g.diags, e);

			rename_loc(a, &d->loc, dir, rel);
			for (size_t q = 0; q < d->nnotes; q++)
				rename_loc(a, &d->notes[q].loc, dir, rel);
			for (size_t q = 0; q < d->nedits; q++) {
				struct rml_loc l = { d->edits[q].r.file, 0, 0 };

				rename_loc(a, &l, dir, rel);
				d->edits[q].r.file = l.file;
			}
		}
	}
}

/*
 * Fix-its go only into files that parsed without errors: where clang gave up on some of
 * the code, what the edit was computed from may not be all there is. A finding keeps its
 * message; its fix-it (and a note saying where it goes) is dropped when any of its edits
 * is in such a file.
 */
static void drop_unsafe_fixits(struct wk *w)
{
	for (size_t e = 0; e < rml_diags_count(&w->g.diags); e++) {
		struct rml_diag *d = rml_diags_at(&w->g.diags, e);
		bool bad = false;

		for (size_t q = 0; q < d->nedits && !bad; q++)
			for (size_t k = 0; k < w->g.n && !bad; k++) {
				const struct rml_facts *f = &w->g.files[k].facts;

				for (size_t i = 0; i < f->parse_errors.n && !bad; i++) {
					const struct rml_unknown *u = f->parse_errors.p[i];

					bad = u->loc.file && !strcmp(u->loc.file, d->edits[q].r.file);
				}
			}
		if (bad) {
			d->edits = NULL;
			d->nedits = 0;
			if (d->fix_note) {	/* the note about where the fix-it went, too */
				memmove(&d->notes[d->fix_note - 1], &d->notes[d->fix_note],
					(d->nnotes - d->fix_note) * sizeof(*d->notes));
				d->nnotes--;
				d->fix_note = 0;
			}
		}
	}
}

/* The driver's findings, but the siblings' and those an inline suppression silences. */
static void filter_driver(struct wk *w)
{
	const struct rml_group *gr = w->gr;

	drop_unsafe_fixits(w);
	relative_names(w);

	/* the inputs' suppressions from the texts already read for them (headers: read here) */
	for (size_t k = 0; k < gr->n; k++)
		if (w->g.files[k].text)
			rml_sups_add(&w->sups, w->paths[k], w->g.files[k].text, w->g.files[k].len);
	for (size_t e = 0; e < rml_diags_count(&w->g.diags); e++) {
		struct rml_diag *d = rml_diags_at(&w->g.diags, e);
		bool sibling = false;

		for (size_t k = gr->n; k < w->n && !sibling; k++)
			sibling = d->loc.file && !strcmp(d->loc.file, w->paths[k]);
		if (sibling || rml_suppressed(&w->sups, &w->r->ov, d))
			continue;
		rml_ptrvec_push(&w->shown.v, d);
		if (d->sev == RML_SEV_WARNING && w->rc == RML_EXIT_CLEAN)
			w->rc = RML_EXIT_FINDINGS;
	}
	rml_diags_sort(&w->shown);
}

/*
 * Never "clean" where little was checked: for an input file that mentions the API, one
 * note when its own code, which otherwise compiles, has a syntax error (clang gave up on
 * the statement: what depends on it is not checked), and one when declarations are missing (headers regmap-lint does
 * not bundle, names they declare) and more of its reg_field values are unresolved than
 * its fields were read. Said on stderr always; the exit status does not change.
 */
static void say_unchecked(FILE *out, const char *path, const struct rml_facts *f)
{
	const struct rml_unknown *syntax = NULL, *missing = NULL;
	size_t nsyntax = 0, nmissing = 0;

	if (!f->uses_regmap_field && !f->regcalls.n)
		return;
	for (size_t i = 0; i < f->parse_errors.n; i++) {
		const struct rml_unknown *u = f->parse_errors.p[i];

		if (!u->loc.file || strcmp(u->loc.file, path) || !u->why)
			continue;	/* in a header */
		if (!strncmp(u->why, "expected ", 9)) {
			if (!nsyntax++)
				syntax = u;
		} else if (strstr(u->why, "file not found") || strstr(u->why, "undeclared") ||
			   strstr(u->why, "incomplete") || strstr(u->why, "unknown type name")) {
			if (!nmissing++)
				missing = u;
		}
	}
	/* with declarations missing (lone mode's bundled headers), an unknown macro reads as
	   a syntax error too (`module_platform_driver(x);`): only a file that otherwise
	   compiles has a syntax error of its own */
	if (syntax && !nmissing)
		fprintf(out, "%s:%u:%u: note: a syntax error (%s)%s: what depends on it was not "
			"checked\n", path, syntax->loc.line, syntax->loc.col, syntax->why,
			nsyntax > 1 ? ", and others in the file" : "");
	if (missing && f->unknowns.n > f->nfields)
		fprintf(out, "%s:%u:%u: note: %zu error%s of missing declarations (the first: %s), "
			"and %zu of its reg_field values could not be read (%u fields were): much "
			"of it was not checked; run under kbuild (make C=2 CHECK=regmap-lint) or with -p "
			"compile_commands.json\n", path, missing->loc.line, missing->loc.col,
			nmissing, nmissing == 1 ? "" : "s", missing->why, f->unknowns.n, f->nfields);
}

/* What else the worker says: the suppressions' faults; with -v, what linking made of the files. */
static void say_driver(struct wk *w)
{
	const struct rml_run_opts *o = w->r->o;

	/* the inputs' suppressions: malformed ones always said, unused ones with -v */
	rml_sups_say(&w->sups, &w->r->ov, w->paths, w->gr->n, o->verbose, w->af, w->vf);
	for (size_t k = 0; k < w->gr->n; k++)
		if (!w->g.files[k].tool_error)
			say_unchecked(w->af, w->paths[k], &w->g.files[k].facts);
	if (o->verbose && (w->n > 1 || w->g.merged.writes.n))
		rml_print_link_stats(w->vf, &w->g.merged);
	/* what linking the driver's files could not resolve (the files' own are above) */
	for (size_t i = 0; o->verbose && i < w->g.merged.unknowns.n; i++) {
		const struct rml_unknown *u = w->g.merged.unknowns.p[i];

		fprintf(w->vf, "%s:%u:%u: remark: not resolved: %s: %s\n", u->loc.file,
			u->loc.line, u->loc.col, u->what, u->why);
	}
}

/* The result to the parent, in the format above. 0, or -1 when it could not be written. */
static int pack(struct wk *w, int fd)
{
	const struct rml_phase_times *t = &w->g.times;
	char head[512];
	int hl;

	rml_diags_pack(&w->shown, w->df);
	fclose(w->vf);
	fclose(w->af);
	fclose(w->df);
#define FMT(name, member) " %.6f"
#define ARG(name, member) , t->member
	hl = snprintf(head, sizeof(head), "RML1 %d %lu %zu %zu %zu %zu" PHASES(FMT) "\n", w->rc,
		      w->nlines, w->vlen, w->alen, w->n, w->nsib PHASES(ARG));
#undef FMT
#undef ARG
	if (rml_pool_write(fd, head, (size_t)hl) || rml_pool_write(fd, w->vbuf, w->vlen) ||
	    rml_pool_write(fd, w->abuf, w->alen) || rml_pool_write(fd, w->dbuf, w->dlen))
		return -1;
	return 0;
}

static void wk_fini(struct wk *w)
{
	free(w->vbuf);
	free(w->abuf);
	free(w->dbuf);
	rml_sups_fini(&w->sups);
	rml_diags_fini(&w->shown);
	rml_group_result_fini(&w->g);
	for (size_t k = 0; k < w->n; k++)
		free((void *)w->parse[k]);	/* each one a copy (driver_inputs), or NULL */
	for (size_t k = 0; k < w->nsib; k++)
		free(w->sib[k]);
	free(w->sib);
	free(w->parse);
	free(w->paths);
	rml_index_free(w->idx);
}

/* A pool task: driver gi, from its files to the result it sends the parent. */
static int worker(size_t gi, int fd, void *ctx)
{
	struct wk w;
	int rc;

	if (wk_open(&w, ctx, gi) < 0)
		return -1;
	test_hooks(w.r, w.gr);
	driver_inputs(&w);
	check_driver(&w);
	if (w.r->ov.failed)	/* a stand-in that could not be read (said) */
		w.rc = RML_EXIT_TOOL_ERROR;
	filter_driver(&w);
	say_driver(&w);
	rc = pack(&w, fd);
	wk_fini(&w);
	return rc;
}

/* ---- the parent: results in input order ----------------------------------------------- */

/*
 * A remark line's identity: its file (folded: "a/../inc/x.h" is "inc/x.h"), line, column
 * and text; NULL for a line that is no remark. In r's arena.
 */
static const char *remark_key(struct rml_run_state *r, const char *line, size_t n)
{
	const char *rem = memmem(line, n, ": remark: ", 10), *colon = rem;
	char *file, *key;

	if (!rem)
		return NULL;
	/* back over ":LINE:COL" to the end of the file name */
	for (int k = 0; k < 2 && colon; k++) {
		while (colon > line && colon[-1] != ':')
			colon--;
		colon = colon > line ? colon - 1 : NULL;
	}
	if (!colon)
		return rml_arena_strndup(&r->arena, line, n);
	file = rml_arena_strndup(&r->arena, line, (size_t)(colon - line));
	file = rml_path_fold(file);
	key = rml_arena_printf(&r->arena, "%s%.*s", file, (int)(n - (size_t)(colon - line)),
			       colon);
	free(file);
	return key;
}

/*
 * -v's text of one driver to stderr, each remark once per run: the same write reached
 * through several call chains, a header read with several drivers, would say the same
 * thing about the same line again (r->remarks: those printed).
 */
static void print_verbose(struct rml_run_state *r, const char *text, size_t len)
{
	while (len) {
		const char *nl = memchr(text, '\n', len);
		size_t n = nl ? (size_t)(nl - text) + 1 : len;
		const char *key = remark_key(r, text, n);

		if (!key || rml_strset_add(&r->remarks, key))
			fwrite(text, 1, n, stderr);
		text += n;
		len -= n;
	}
}

/*
 * The worker's result t: its -v text (when verbose) and the messages always shown to
 * stderr, its diagnostics into got, its status and line count. 0, or -1 when t is not a
 * whole result.
 */
static int unpack(struct rml_run_state *r, const struct rml_task_result *t, struct rml_diags *got,
		  int *rc, unsigned long *nlines, struct rml_run_stats *st)
{
	const char *nl = t->data ? memchr(t->data, '\n', t->len) : NULL;
	size_t vlen = 0, alen = 0, nparsed = 0, nsib = 0;
	struct rml_phase_times pt = { 0 };

#define FMT(name, member) " %lf"
#define ARG(name, member) , &pt.member
#define ONE(name, member) + 1
	if (t->status != RML_TASK_OK || !nl ||
	    sscanf(t->data, "RML1 %d %lu %zu %zu %zu %zu" PHASES(FMT), rc, nlines, &vlen, &alen,
		   &nparsed, &nsib PHASES(ARG)) != 6 PHASES(ONE) ||
	    vlen + alen > t->len - (size_t)(nl + 1 - t->data) ||
	    rml_diags_unpack(got, nl + 1 + vlen + alen,
			     t->len - (size_t)(nl + 1 - t->data) - vlen - alen) != 0)
		return -1;
#define ADD(name, member) st->times.member += pt.member;
	PHASES(ADD)
#undef FMT
#undef ARG
#undef ONE
#undef ADD
	st->nparsed += nparsed;
	st->nsiblings += nsib;
	if (r->o->verbose)
		print_verbose(r, nl + 1, vlen);
	fwrite(nl + 1 + vlen, 1, alen, stderr);
	return 0;
}

/* A worker that gave no result: an error for each file of its driver, saying why. */
static void task_failed(struct rml_run_state *r, const struct rml_group *g,
			const struct rml_task_result *t, struct rml_diags *out)
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

/* ---- the progress line ------------------------------------------------------------------ */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The progress line taken off the terminal (before anything else is written there). */
static void progress_clear(struct rml_run_state *r)
{
	static const char clear[] = "\r\033[K";

	if (r->progress_shown && write(STDERR_FILENO, clear, sizeof(clear) - 1) < 0)
		r->progress = false;
	r->progress_shown = false;
}

/* "regmap-lint: [done/planned] path", at most ten times a second, cut to the terminal. */
static void progress_draw(struct rml_run_state *r, const char *path)
{
	struct winsize ws;
	char line[PATH_MAX + 64];
	double t = now();
	size_t cols = 80;
	int n;

	if (!r->progress || (r->drawn > 0 && t - r->drawn < 0.1))
		return;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 8)
		cols = ws.ws_col;
	n = snprintf(line, sizeof(line), "\rregmap-lint: [%zu/%zu] %s", r->ndone, r->nplanned,
		     path);
	if (n < 0)
		return;
	if ((size_t)n > cols)	/* the "\r" takes no column: one left free for the cursor */
		n = (int)cols;
	if ((size_t)n > sizeof(line) - 4)	/* cut by snprintf: room for ESC [ K */
		n = (int)sizeof(line) - 4;
	memcpy(line + n, "\033[K", 3);
	if (write(STDERR_FILENO, line, (size_t)n + 3) < 0)
		r->progress = false;
	r->progress_shown = r->progress;
	r->drawn = t;
}

/* ---- the parent: one driver reported ---------------------------------------------------- */

/* One driver's result, filtered and reported. */
static void finish_group(struct rml_run_state *r, const struct rml_group *g,
			 const struct rml_task_result *t)
{
	const struct rml_job *j = &r->jobs[g->first];
	struct rml_arena arena;
	struct rml_diags got, shown;
	int rc = RML_EXIT_TOOL_ERROR;
	unsigned long nlines = 0;

	progress_clear(r);
	rml_arena_init(&arena);
	rml_diags_init(&got, &arena);
	rml_diags_init(&shown, &arena);
	if (unpack(r, t, &got, &rc, &nlines, &r->stats) < 0) {
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

		if (d->sev == RML_SEV_ERROR && d->loc.file) {	/* its baseline entries stand */
			char *p = rml_abspath(d->loc.file);

			if (rml_strset_find(&r->failed, p) < 0)
				rml_strset_add(&r->failed, rml_arena_strdup(&r->arena, p));
			free(p);
		}
		if (!rml_keep(r, j, d))
			continue;
		rml_ptrvec_push(&shown.v, d);
		if (d->sev == RML_SEV_WARNING && rc == RML_EXIT_CLEAN)
			rc = RML_EXIT_FINDINGS;
		if (d->sev == RML_SEV_ERROR)
			rc = RML_EXIT_TOOL_ERROR;
	}
	if (!r->o->write_baseline)
		rml_report_add(r->rep, &shown, (unsigned)g->n, nlines);
	else if (rc == RML_EXIT_FINDINGS)
		rc = RML_EXIT_CLEAN;	/* recorded, not reported */
	raise_rc(r, rc);
	if (r->flush)
		r->flush(r->flush_ctx);
	r->ndone++;
	progress_draw(r, j->path);
	rml_diags_fini(&shown);
	rml_diags_fini(&got);
	rml_arena_fini(&arena);
}

static void done(size_t gi, const struct rml_task_result *t, void *ctx);

/* The files of a driver whose worker crashed, each again on its own. */
struct retry {
	struct rml_run_state *r;
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
	struct rml_run_state *r = ctx;
	const struct rml_group *g = &r->groups[gi];

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

/* ---- the run ---------------------------------------------------------------------------- */

/*
 * libclang's driver looks the current directory up by its path and crashes when that
 * fails (a directory above it made unreadable since): one clear error for the run instead
 * of each file's "libclang crashed" and a crash dump on stderr. A directory removed since
 * has no path at all, and libclang copes with that.
 */
static bool cwd_reachable(struct rml_run_state *r)
{
	char buf[PATH_MAX];
	struct stat st;

	if (!getcwd(buf, sizeof(buf)) || stat(buf, &st) == 0)
		return true;
	rml_run_error(r, "the current directory cannot be reached by its path (%s: %s), and "
		  "libclang needs it: run regmap-lint from another directory", buf,
		  strerror(errno));
	return false;
}


/* The drivers, each in a worker of the pool; their results reported as they come, in order. */
static void analyse(struct rml_run_state *r)
{
	const struct rml_run_opts *o = r->o;

	r->pool = (struct rml_pool_opts){ o->jobs, o->timeout, o->memory_mb };
	r->nplanned = r->ngroups;
	r->progress = o->progress && r->ngroups > 1;
	/*
	 * Several drivers: load libclang here once, and every worker inherits it. One driver:
	 * its worker loads it, and this process stays small (cheaper to fork and to end). A
	 * failure is each file's error, from the worker.
	 */
	if (r->ngroups > 1)
		rml_libclang_preload(NULL, 0);
	if (rml_pool_run(r->ngroups, &r->pool, worker, done, r) < 0) {
		progress_clear(r);
		rml_run_error(r, "cannot start workers: %s", strerror(errno));
		r->rc = RML_EXIT_TOOL_ERROR;
	}
	progress_clear(r);
}

/*
 * -v: where the run's time went. The plan (the inputs read, the prefilter) and the
 * analysis in wall seconds; the phases in seconds summed over the workers (with -j, more
 * than the wall time); the files each phase had.
 */
static void say_stats(const struct rml_run_state *r)
{
	const struct rml_run_stats *st = &r->stats;

	fprintf(stderr, "regmap-lint: time per phase: plan and prefilter %.2f s, analysis %.2f s "
		"wall with -j %u; in the workers, summed:", st->plan, st->analyse,
		r->pool.jobs ? r->pool.jobs : 1);
#define SAY(name, member) fprintf(stderr, "%s" #name " %.2f s", sep, st->times.member), sep = ", ";
	{
		const char *sep = " ";

		PHASES(SAY)
	}
#undef SAY
	fputc('\n', stderr);
	fprintf(stderr, "regmap-lint: files per phase: %zu read by the prefilter, %zu analysed in "
		"%zu driver%s, %zu parsed (%zu of them siblings read along)\n", st->nread,
		r->njobs, r->ngroups, r->ngroups == 1 ? "" : "s", st->nparsed, st->nsiblings);
}

int rml_run(const struct rml_run_opts *o, struct rml_report *rep, void (*flush)(void *),
	    void *flush_ctx)
{
	struct rml_run_state r = { .o = o, .rep = rep, .flush = flush, .flush_ctx = flush_ctx };
	double t0 = rml_now();

	rml_arena_init(&r.arena);
	rml_diags_init(&r.runerr, &r.arena);
	rep->o.overlay = &r.ov;
	r.srcs.overlay = &r.ov;
	if (rml_run_plan(&r) == 0 && (!r.ngroups || cwd_reachable(&r))) {
		r.stats.plan = rml_now() - t0;
		t0 = rml_now();
		if (r.ov.failed)	/* a stand-in the plan read, that could not be read (said) */
			r.rc = RML_EXIT_TOOL_ERROR;
		analyse(&r);
		r.stats.analyse = rml_now() - t0;
		if (rml_filter_end(&r) < 0)
			r.rc = RML_EXIT_TOOL_ERROR;
		if (o->verbose && r.ngroups)
			say_stats(&r);
	}
	if (rml_diags_count(&r.runerr) &&
	    (rep->o.format == RML_FMT_SARIF || rep->o.format == RML_FMT_JSON))
		rml_report_add(rep, &r.runerr, 0, 0);
	rml_diags_fini(&r.runerr);
	rep->o.overlay = NULL;
	rml_filter_fini(&r);
	rml_run_plan_fini(&r);
	rml_sels_fini(&r);
	rml_strset_fini(&r.remarks);
	rml_arena_fini(&r.arena);
	rml_overlay_fini(&r.ov);
	return r.rc;
}
