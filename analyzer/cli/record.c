/*
 * record: one record appended with one write(2) to a file opened O_APPEND; records read
 * back by their head line, their meta (NUL-terminated strings) and the packed diagnostics
 * rml_diags_unpack reads. See record.h.
 */
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define MAGIC "RMLREC 1 "

int rml_record_append(const char *path, const struct rml_record_head *h, const char *body,
		      size_t len, char *err, size_t errlen)
{
	struct rml_buf meta = { 0 }, rec = { 0 };
	char head[256], *cwd = rml_abspath(".");
	ssize_t w;
	int fd, rc = -1;

	rml_buf_put(&meta, cwd, strlen(cwd) + 1);
	free(cwd);
	for (size_t i = 0; i < h->ninputs; i++) {
		char *abs = rml_abspath(h->inputs[i]);

		rml_buf_put(&meta, abs, strlen(abs) + 1);
		free(abs);
	}
	snprintf(head, sizeof(head), MAGIC "%s %s %u %lu %zu %zu\n", h->version, h->format,
		 h->nfiles, h->nlines, meta.n, len);
	rml_buf_put(&rec, head, strlen(head));
	rml_buf_put(&rec, meta.p, meta.n);
	rml_buf_put(&rec, body, len);
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		goto out;
	}
	/* one write: records of calls running at the same time do not mix */
	do
		w = write(fd, rec.p, rec.n);
	while (w < 0 && errno == EINTR);
	if (w < 0 || (size_t)w != rec.n)
		snprintf(err, errlen, "%s", w < 0 ? strerror(errno) : "short write (disk full?)");
	else
		rc = 0;
	if (close(fd) < 0 && !rc) {
		snprintf(err, errlen, "%s", strerror(errno));
		rc = -1;
	}
out:
	free(meta.p);
	free(rec.p);
	return rc;
}

static int rerr(char *err, size_t errlen, const char *name, size_t n, size_t at,
		const char *why)
{
	snprintf(err, errlen, "%s: record %zu (byte %zu): %s", name, n, at, why);
	return -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The meta of r: the working directory, then the input files (sorted). */
static bool parse_meta(struct rml_record *r, const char *meta, size_t len)
{
	const char *p = meta, *end = meta + len;

	if (!len || end[-1] != '\0')
		return false;
	r->cwd = p;
	p += strlen(p) + 1;
	for (const char *q = p; q < end; q += strlen(q) + 1)
		r->ninputs++;
	r->inputs = rml_xcalloc(r->ninputs + 1, sizeof(*r->inputs));
	for (size_t i = 0; p < end; p += strlen(p) + 1)
		r->inputs[i++] = p;
	qsort(r->inputs, r->ninputs, sizeof(*r->inputs), cmp_str);
	return r->cwd[0] == '/';
}

/* The head line at p (within end): its fields into r and the lengths. */
static const char *parse_head(const char *p, const char *end, struct rml_record *r,
			      char *version, size_t *metalen, size_t *datalen)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	char line[256];
	int used = 0;

	if (!nl || (size_t)(nl - p) >= sizeof(line) || strncmp(p, MAGIC, strlen(MAGIC)))
		return NULL;
	memcpy(line, p, (size_t)(nl - p));
	line[nl - p] = '\0';
	if (sscanf(line, MAGIC "%63s %15s %u %lu %zu %zu%n", version, r->format, &r->nfiles,
		   &r->nlines, metalen, datalen, &used) != 6 || line[used])
		return NULL;
	return nl + 1;
}

int rml_records_parse(const char *text, size_t len, const char *name, const char *version,
		      struct rml_records *rs, char *err, size_t errlen)
{
	const char *p = text, *end = text + len;

	for (size_t n = 1; p < end; n++) {
		struct rml_record r = { .seq = rs->n };
		char ver[64];
		size_t metalen, datalen, at = (size_t)(p - text);
		const char *body = parse_head(p, end, &r, ver, &metalen, &datalen);

		if (!body)
			return rerr(err, errlen, name, n, at, "not a regmap-lint record");
		if (strcmp(ver, version)) {
			char why[160];

			snprintf(why, sizeof(why), "written by regmap-lint %s (this is %s): merge "
				 "it with that version", ver, version);
			return rerr(err, errlen, name, n, at, why);
		}
		if (metalen > (size_t)(end - body) || datalen > (size_t)(end - body) - metalen)
			return rerr(err, errlen, name, n, at, "cut short");
		if (!parse_meta(&r, body, metalen)) {
			free(r.inputs);
			return rerr(err, errlen, name, n, at, "no working directory");
		}
		r.data = body + metalen;
		r.len = datalen;
		p = r.data + datalen;
		rs->v = rml_xrealloc(rs->v, (rs->n + 1) * sizeof(*rs->v));
		rs->v[rs->n++] = r;
		{	/* the diagnostics must read back whole */
			struct rml_arena a;
			struct rml_diags d;
			int bad;

			rml_arena_init(&a);
			rml_diags_init(&d, &a);
			bad = rml_diags_unpack(&d, r.data, r.len);
			rml_diags_fini(&d);
			rml_arena_fini(&a);
			if (bad)
				return rerr(err, errlen, name, n, at, "bad diagnostics");
		}
	}
	return 0;
}

int rml_records_load(const char *path, const char *version, struct rml_records *rs, char *err,
		     size_t errlen)
{
	char *text, why[256];
	size_t len;

	if (rml_read_bytes(path, &text, &len, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	rs->texts = rml_xrealloc(rs->texts, (rs->ntexts + 1) * sizeof(*rs->texts));
	rs->texts[rs->ntexts++] = text;
	return rml_records_parse(text, len, path, version, rs, err, errlen);
}

/* By input files, then by the order read. */
static int cmp_record(const void *a, const void *b)
{
	const struct rml_record *x = a, *y = b;

	for (size_t i = 0; i < x->ninputs && i < y->ninputs; i++) {
		int c = strcmp(x->inputs[i], y->inputs[i]);

		if (c)
			return c;
	}
	if (x->ninputs != y->ninputs)
		return x->ninputs < y->ninputs ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool same_inputs(const struct rml_record *x, const struct rml_record *y)
{
	if (x->ninputs != y->ninputs)
		return false;
	for (size_t i = 0; i < x->ninputs; i++)
		if (strcmp(x->inputs[i], y->inputs[i]))
			return false;
	return true;
}

void rml_records_select(struct rml_records *rs)
{
	size_t kept = 0;

	if (rs->n > 1)
		qsort(rs->v, rs->n, sizeof(*rs->v), cmp_record);
	for (size_t i = 0; i < rs->n; i++) {
		/* the last of a run of records of the same inputs wins */
		if (i + 1 < rs->n && same_inputs(&rs->v[i], &rs->v[i + 1])) {
			free(rs->v[i].inputs);
			continue;
		}
		rs->v[kept++] = rs->v[i];
	}
	rs->n = kept;
}

const char *rml_records_format(const struct rml_records *rs)
{
	for (size_t i = 1; i < rs->n; i++)
		if (strcmp(rs->v[i].format, rs->v[0].format))
			return NULL;
	return rs->n ? rs->v[0].format : NULL;
}

static void rebase(struct rml_arena *a, const char **file, const char *from)
{
	char *joined;

	if (!*file || (*file)[0] == '/')
		return;
	joined = rml_path_join(from, *file);
	*file = rml_arena_strdup(a, joined);
	free(joined);
}

int rml_record_diags(const struct rml_record *r, const char *cwd, struct rml_diags *d)
{
	size_t from = rml_diags_count(d), cl = strlen(r->cwd);

	if (rml_diags_unpack(d, r->data, r->len) < 0)
		return -1;
	/* the same directory (cwd is '/'-terminated, the record's is not): names as they are */
	if (!strncmp(cwd, r->cwd, cl) && (cwd[cl] == '/' && !cwd[cl + 1]))
		return 0;
	for (size_t i = from; i < rml_diags_count(d); i++) {
		struct rml_diag *g = rml_diags_at(d, i);

		rebase(d->arena, &g->loc.file, r->cwd);
		for (size_t k = 0; k < g->nnotes; k++)
			rebase(d->arena, &g->notes[k].loc.file, r->cwd);
		for (size_t k = 0; k < g->nedits; k++)
			rebase(d->arena, &g->edits[k].r.file, r->cwd);
	}
	return 0;
}

void rml_records_fini(struct rml_records *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		free(rs->v[i].inputs);
	free(rs->v);
	for (size_t i = 0; i < rs->ntexts; i++)
		free(rs->texts[i]);
	free(rs->texts);
	memset(rs, 0, sizeof(*rs));
}
