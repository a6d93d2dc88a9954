/* fix: --fix and --fix=patch, the fix-its of a run applied or printed as a diff. See fix.h. */
#include "fix.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void rml_fixes_init(struct rml_fixes *f)
{
	memset(f, 0, sizeof(*f));
	rml_arena_init(&f->arena);
}

void rml_fixes_fini(struct rml_fixes *f)
{
	free(f->v);
	rml_arena_fini(&f->arena);
}

void rml_fixes_tap(void *fixes, const struct rml_diags *d)
{
	struct rml_fixes *f = fixes;

	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *g = rml_diags_at(d, i);

		if (g->sev != RML_SEV_WARNING || !g->rule || !g->nedits)
			continue;
		for (size_t k = 0; k < g->nedits; k++) {
			struct rml_fix_edit *e;

			if (f->n == f->cap) {
				f->cap = f->cap ? 2 * f->cap : 16;
				f->v = rml_xrealloc(f->v, f->cap * sizeof(*f->v));
			}
			e = &f->v[f->n++];
			memset(e, 0, sizeof(*e));
			e->e.r = g->edits[k].r;
			e->e.r.file = rml_arena_strdup(&f->arena, g->edits[k].r.file);
			e->e.text = rml_arena_strdup(&f->arena, g->edits[k].text);
			e->finding = f->nfindings;
		}
		f->nfindings++;
	}
}

static int cmp_edit(const void *pa, const void *pb)
{
	const struct rml_fix_edit *a = pa, *b = pb;
	int c = strcmp(a->e.r.file, b->e.r.file);

	if (c)
		return c;
	if (a->e.r.line1 != b->e.r.line1)
		return a->e.r.line1 < b->e.r.line1 ? -1 : 1;
	if (a->e.r.col1 != b->e.r.col1)
		return a->e.r.col1 < b->e.r.col1 ? -1 : 1;
	if (a->e.r.line2 != b->e.r.line2)
		return a->e.r.line2 < b->e.r.line2 ? -1 : 1;
	if (a->e.r.col2 != b->e.r.col2)
		return a->e.r.col2 < b->e.r.col2 ? -1 : 1;
	if ((c = strcmp(a->e.text, b->e.text)))
		return c;
	return a->finding < b->finding ? -1 : a->finding > b->finding;
}

/* One file's old text, its line starts, and its edits v[0..n) (sorted) made concrete. */
struct ffile {
	const char *path;
	char *text;
	size_t len;
	size_t *ls;		/* ls[i]: where line i + 1 starts; ls[nl] = len */
	size_t nl;
	struct rml_fix_edit **e;	/* the distinct edits, in order */
	size_t ne;
	char *out;		/* the new text */
	size_t outlen;
};

static void ffile_fini(struct ffile *ff)
{
	free(ff->text);
	free(ff->ls);
	free(ff->e);
	free(ff->out);
}

/* Byte offset of line:col (1-based byte column), or (size_t)-1 when not in the file. */
static size_t offset_of(const struct ffile *ff, unsigned line, unsigned col)
{
	size_t o, next;

	if (!line || !col || line > ff->nl + 1)
		return (size_t)-1;
	if (line == ff->nl + 1)	/* just past a last line that ends in a newline */
		return col == 1 && (ff->len == 0 || ff->text[ff->len - 1] == '\n') ? ff->len
									: (size_t)-1;
	o = ff->ls[line - 1] + col - 1;
	next = ff->ls[line];
	return o <= next ? o : (size_t)-1;
}

/*
 * Read the file of v[0..n) (sorted by place), drop the copies of an edit, refuse edits
 * that overlap or are not in the file, and make the new text. 0, or -1 with the line on err.
 */
static int ffile_make(struct ffile *ff, struct rml_fix_edit *v, size_t n, FILE *err)
{
	char why[PATH_MAX + 128];
	struct rml_buf b = { 0 };
	size_t at = 0;

	memset(ff, 0, sizeof(*ff));
	ff->path = v[0].e.r.file;
	if (rml_read_bytes(ff->path, &ff->text, &ff->len, why, sizeof(why)) < 0) {
		fprintf(err, "regmap-lint: error: %s: %s: its fix-its are not applied\n", ff->path,
			why);
		return -1;
	}
	ff->ls = rml_xmalloc((ff->len + 2) * sizeof(*ff->ls));
	ff->ls[0] = 0;
	for (size_t i = 0; i < ff->len; i++)
		if (ff->text[i] == '\n')
			ff->ls[++ff->nl] = i + 1;
	if (ff->len && ff->text[ff->len - 1] != '\n')
		ff->ls[++ff->nl] = ff->len;	/* a last line without its newline */
	ff->e = rml_xmalloc(n * sizeof(*ff->e));
	for (size_t i = 0; i < n; i++) {
		struct rml_fix_edit *e = &v[i], *p = ff->ne ? ff->e[ff->ne - 1] : NULL;

		e->from = offset_of(ff, e->e.r.line1, e->e.r.col1);
		e->to = offset_of(ff, e->e.r.line2, e->e.r.col2);
		if (e->from == (size_t)-1 || e->to == (size_t)-1 || e->to < e->from) {
			fprintf(err, "regmap-lint: error: %s:%u:%u: a fix-it's range is not in the "
				"file (changed since it was analysed?): its fix-its are not applied\n",
				ff->path, e->e.r.line1, e->e.r.col1);
			return -1;
		}
		if (p && p->from == e->from && p->to == e->to && !strcmp(p->e.text, e->e.text))
			continue;	/* the same edit for another finding (one #define) */
		if (p && (e->from < p->to || e->from == p->from)) {
			fprintf(err, "regmap-lint: error: %s:%u:%u: the fix-its of two findings "
				"overlap (the other at %u:%u): the file is left as it is\n", ff->path,
				e->e.r.line1, e->e.r.col1, p->e.r.line1, p->e.r.col1);
			return -1;
		}
		ff->e[ff->ne++] = e;
	}
	for (size_t i = 0; i < ff->ne; i++) {
		rml_buf_put(&b, ff->text + at, ff->e[i]->from - at);
		rml_buf_put(&b, ff->e[i]->e.text, strlen(ff->e[i]->e.text));
		at = ff->e[i]->to;
	}
	rml_buf_put(&b, ff->text + at, ff->len - at);
	ff->out = b.p ? b.p : rml_xstrdup("");
	ff->outlen = b.n;
	return 0;
}

/* The findings the edits v[0..n) fix (each counted once; v sorted by file and place). */
static size_t count_findings(const struct rml_fix_edit *v, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++) {
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = v[j].finding == v[i].finding;
		c += !seen;
	}
	return c;
}

/* buf over path (a regular file, its mode kept) by a temporary file beside it renamed. */
static int write_over(const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
	char *real = realpath(path, NULL), *tmp;
	const char *p = real ? real : path, *slash;
	struct stat st;
	size_t tl;
	int fd, rc = -1;

	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s", errno ? strerror(errno) : "not a regular file");
		free(real);
		return -1;
	}
	slash = strrchr(p, '/');
	tl = strlen(p) + 16;
	tmp = rml_xmalloc(tl);
	snprintf(tmp, tl, "%.*s.%s.XXXXXX", slash ? (int)(slash - p + 1) : 0, p,
		 slash ? slash + 1 : p);
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write beside it: %s", strerror(errno));
		goto out;
	}
	if (fchmod(fd, st.st_mode & 07777) < 0)
		goto fail;
	for (size_t done = 0; done < len;) {
		ssize_t w = write(fd, buf + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = EIO;
			goto fail;
		}
		done += (size_t)w;
	}
	if (fsync(fd) < 0 || close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, p) < 0)
		goto fail;
	rc = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s", strerror(errno));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	free(tmp);
	free(real);
	return rc;
}

/* Walk the sorted edits file by file: each file's new text made, then `each` called. */
static int by_file(struct rml_fixes *f, FILE *err, size_t *nfixed,
		   int (*each)(struct ffile *ff, void *ctx), void *ctx)
{
	int rc = 0;

	*nfixed = 0;
	if (f->n > 1)
		qsort(f->v, f->n, sizeof(*f->v), cmp_edit);
	for (size_t i = 0, j; i < f->n; i = j) {
		struct ffile ff;

		for (j = i + 1; j < f->n && !strcmp(f->v[j].e.r.file, f->v[i].e.r.file); j++)
			;
		if (ffile_make(&ff, f->v + i, j - i, err) < 0 || each(&ff, ctx) < 0) {
			rc = -1;
		} else {
			*nfixed += count_findings(f->v + i, j - i);
		}
		ffile_fini(&ff);
	}
	return rc;
}

struct apply_ctx {
	FILE *err;
	size_t nfiles;
};

static int apply_one(struct ffile *ff, void *ctx)
{
	struct apply_ctx *a = ctx;
	char why[512];

	if (ff->outlen == ff->len && !memcmp(ff->out, ff->text, ff->len))
		return 0;
	if (write_over(ff->path, ff->out, ff->outlen, why, sizeof(why)) < 0) {
		fprintf(a->err, "regmap-lint: error: %s: %s: its fix-its are not applied\n",
			ff->path, why);
		return -1;
	}
	a->nfiles++;
	return 0;
}

int rml_fixes_apply(struct rml_fixes *f, FILE *err, size_t *nfixed, size_t *nfiles)
{
	struct apply_ctx a = { err, 0 };
	int rc = by_file(f, err, nfixed, apply_one, &a);

	*nfiles = a.nfiles;
	return rc;
}

/* ---- --fix=patch ---------------------------------------------------------------------- */

/* The git work tree the current directory is in ('/'-terminated, heap), or NULL. */
static char *git_top(void)
{
	char *d = rml_abspath(".");
	size_t n = strlen(d);

	d = rml_xrealloc(d, n + 8);
	for (;;) {
		struct stat st;

		strcpy(d + n, "/.git");
		if (stat(d, &st) == 0) {
			strcpy(d + n, "/");
			return d;
		}
		while (n > 0 && d[n - 1] != '/')
			n--;
		if (n <= 1)
			break;
		n--;	/* the '/' */
	}
	free(d);
	return NULL;
}

/* path as the patch names it: relative to the git top, else the current directory. */
static char *patch_name(const char *path, const char *top, const char *cwd)
{
	char *abs = rml_abspath(path), *r;

	if (top && !strncmp(abs, top, strlen(top)))
		r = rml_xstrdup(abs + strlen(top));
	else if (!strncmp(abs, cwd, strlen(cwd)))
		r = rml_xstrdup(abs + strlen(cwd));
	else
		r = rml_xstrdup(path[0] == '/' ? path + 1 : path);
	free(abs);
	return r;
}

/* A block of whole old lines [a, b] (1-based) the edits e[i0..i1) change. */
struct block {
	size_t a, b;
	size_t i0, i1;
};

struct patch_ctx {
	FILE *out;
	char *top, *cwd;
};

/* The new text of a block: its old lines with its edits made. */
static char *block_text(const struct ffile *ff, const struct block *bl, size_t *len)
{
	struct rml_buf b = { 0 };
	size_t at = ff->ls[bl->a - 1], end = ff->ls[bl->b];

	for (size_t i = bl->i0; i < bl->i1; i++) {
		rml_buf_put(&b, ff->text + at, ff->e[i]->from - at);
		rml_buf_put(&b, ff->e[i]->e.text, strlen(ff->e[i]->e.text));
		at = ff->e[i]->to;
	}
	rml_buf_put(&b, ff->text + at, end - at);
	rml_buf_put(&b, "", 1);
	*len = b.n - 1;
	return b.p;
}

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n + (len && s[len - 1] != '\n');
}

/* Old line l (1-based) with prefix c; the marker when it is a last line without newline. */
static void old_line(FILE *out, const struct ffile *ff, char c, size_t l)
{
	size_t s = ff->ls[l - 1], e = ff->ls[l];

	fputc(c, out);
	fwrite(ff->text + s, 1, e - s, out);
	if (e == s || ff->text[e - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

static void new_lines(FILE *out, const char *t, size_t len)
{
	for (size_t s = 0; s < len;) {
		const char *nl = memchr(t + s, '\n', len - s);
		size_t e = nl ? (size_t)(nl - t) + 1 : len;

		fputc('+', out);
		fwrite(t + s, 1, e - s, out);
		if (!nl)
			fputs("\n\\ No newline at end of file\n", out);
		s = e;
	}
}

#define CONTEXT 3

static int patch_one(struct ffile *ff, void *ctx)
{
	struct patch_ctx *p = ctx;
	struct block *bl = rml_xcalloc(ff->ne + 1, sizeof(*bl));
	size_t nb = 0;
	long delta = 0;
	char *name;

	if (!ff->ne) {
		free(bl);
		return 0;
	}
	/* the blocks: edits on shared lines together */
	for (size_t i = 0; i < ff->ne; i++) {
		const struct rml_fix_edit *e = ff->e[i];
		size_t a = e->e.r.line1, b = e->e.r.line2;

		if (b > a && e->e.r.col2 == 1)
			b--;	/* it ends where line b + 1 starts */
		if (b > ff->nl)
			b = ff->nl;
		if (a > ff->nl)
			a = ff->nl;
		if (nb && a <= bl[nb - 1].b + 1) {	/* shared or adjacent lines */
			if (b > bl[nb - 1].b)
				bl[nb - 1].b = b;
			bl[nb - 1].i1 = i + 1;
		} else {
			bl[nb++] = (struct block){ a, b, i, i + 1 };
		}
	}
	name = patch_name(ff->path, p->top, p->cwd);
	fprintf(p->out, "--- a/%s\n+++ b/%s\n", name, name);
	free(name);
	for (size_t h0 = 0, h1; h0 < nb; h0 = h1) {
		size_t from, to, nold, nnew = 0;
		long start_delta = delta;
		char **texts;
		size_t *lens;

		for (h1 = h0 + 1; h1 < nb && bl[h1].a - bl[h1 - 1].b - 1 <= 2 * CONTEXT; h1++)
			;
		from = bl[h0].a > CONTEXT ? bl[h0].a - CONTEXT : 1;
		to = bl[h1 - 1].b + CONTEXT < ff->nl ? bl[h1 - 1].b + CONTEXT : ff->nl;
		nold = to - from + 1;
		texts = rml_xcalloc(h1 - h0, sizeof(*texts));
		lens = rml_xcalloc(h1 - h0, sizeof(*lens));
		nnew = nold;
		for (size_t k = h0; k < h1; k++) {
			size_t nl;

			texts[k - h0] = block_text(ff, &bl[k], &lens[k - h0]);
			nl = count_lines(texts[k - h0], lens[k - h0]);
			nnew = nnew - (bl[k].b - bl[k].a + 1) + nl;
			delta += (long)nl - (long)(bl[k].b - bl[k].a + 1);
		}
		fprintf(p->out, "@@ -%zu,%zu +%ld,%zu @@\n", from, nold,
			(long)from + start_delta - (nnew == 0), nnew);
		for (size_t l = from, k = h0; l <= to;) {
			if (k < h1 && l == bl[k].a) {
				for (size_t m = bl[k].a; m <= bl[k].b; m++)
					old_line(p->out, ff, '-', m);
				new_lines(p->out, texts[k - h0], lens[k - h0]);
				l = bl[k].b + 1;
				k++;
			} else {
				old_line(p->out, ff, ' ', l++);
			}
		}
		for (size_t k = h0; k < h1; k++)
			free(texts[k - h0]);
		free(texts);
		free(lens);
	}
	free(bl);
	return 0;
}

int rml_fixes_patch(struct rml_fixes *f, FILE *out, FILE *err, size_t *nfixed)
{
	struct patch_ctx p = { out, git_top(), rml_abspath(".") };
	size_t n = strlen(p.cwd);
	int rc;

	p.cwd = rml_xrealloc(p.cwd, n + 2);
	if (n && p.cwd[n - 1] != '/')
		strcat(p.cwd, "/");
	rc = by_file(f, err, nfixed, patch_one, &p);
	free(p.top);
	free(p.cwd);
	return rc;
}
