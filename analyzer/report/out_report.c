/*
 * out_report: one report over many drivers, in any format: the dispatch through the table
 * of format operations, the counts for the summaries, source lines on demand, UTF-16
 * columns and the findings' fingerprints.
 */
#include "report_impl.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rml_seen {
	const char *path;
	uint64_t hash;
	unsigned n;
};

/* Each format's operations, at its enum rml_format. */
static const struct rml_format_ops *const formats[] = {
	[RML_FMT_GCC] = &rml_format_gcc,
	[RML_FMT_CHECKPATCH] = &rml_format_checkpatch,
	[RML_FMT_SARIF] = &rml_format_sarif,
	[RML_FMT_JSON] = &rml_format_json,
	[RML_FMT_CODECLIMATE] = &rml_format_codeclimate,
	[RML_FMT_RECORD] = &rml_format_record,
};

_Static_assert(RML_ARRAY_SIZE(formats) == RML_NFORMATS, "one entry per enum rml_format");

const char *rml_format_name(enum rml_format fmt)
{
	return formats[fmt]->name;
}

int rml_format_parse(const char *name, enum rml_format *fmt)
{
	for (size_t i = 0; i < RML_ARRAY_SIZE(formats); i++) {
		if (i != RML_FMT_RECORD && !strcmp(name, formats[i]->name)) {
			*fmt = (enum rml_format)i;
			return 0;
		}
	}
	return -1;
}

/* dir as an absolute path ending in '/' (arena); dir NULL = the current directory. */
static char *abs_dir(struct rml_arena *a, const char *dir)
{
	char buf[PATH_MAX];
	const char *p = NULL;
	size_t n;

	if (dir)
		p = realpath(dir, buf);
	else
		p = getcwd(buf, sizeof(buf));
	if (!p)
		p = dir ? dir : ".";
	n = strlen(p);
	return rml_arena_printf(a, "%s%s", p, n && p[n - 1] == '/' ? "" : "/");
}

char *rml_report_abs(struct rml_report *r, const char *path)
{
	struct rml_arena *a = &r->arena;
	const char *buf = path[0] == '/' ? path : rml_arena_printf(a, "%s%s", r->cwd, path);
	char *folded = rml_path_fold(buf[0] == '/' ? buf : rml_arena_printf(a, "/%s", buf));
	char *out = rml_arena_strdup(a, folded);

	free(folded);
	return out;
}

void rml_report_begin(struct rml_report *r, FILE *out, const struct rml_out_opts *o)
{
	memset(r, 0, sizeof(*r));
	r->out = out;
	r->o = *o;
	rml_arena_init(&r->arena);
	r->cwd = abs_dir(&r->arena, NULL);
	r->root = o->root ? abs_dir(&r->arena, o->root) : r->cwd;
	rml_jw_init(&r->jw, out);
	if (formats[o->format]->begin)
		formats[o->format]->begin(r);
}

void rml_report_add(struct rml_report *r, const struct rml_diags *d, unsigned nfiles,
		    unsigned long nlines)
{
	struct rml_srcs s = { .overlay = r->o.overlay };

	r->nfiles += nfiles;
	r->nlines += nlines;
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		if (diag->sev == RML_SEV_ERROR) {
			r->nerrors++;
		} else if (diag->sev == RML_SEV_WARNING) {
			r->nfindings++;
			if (diag->loc.file && rml_strset_find(&r->finding_files, diag->loc.file) < 0)
				rml_strset_add(&r->finding_files,
					       rml_arena_strdup(&r->arena, diag->loc.file));
		}
	}
	formats[r->o.format]->add(r, d, &s);
	rml_srcs_fini(&s);
	if (r->o.tap)
		r->o.tap(r->o.tap_ctx, d);
}

void rml_report_summary(const struct rml_report *r, char *buf, size_t len)
{
	size_t nf = r->finding_files.n;
	int n;

	*buf = '\0';
	if (!r->nfindings)
		return;
	n = snprintf(buf, len, "regmap-lint: %u warning%s in %zu file%s", r->nfindings,
		     r->nfindings == 1 ? "" : "s", nf, nf == 1 ? "" : "s");
	if (r->nerrors && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", and %u error%s", r->nerrors,
			 r->nerrors == 1 ? "" : "s");
}

void rml_report_end(struct rml_report *r)
{
	if (formats[r->o.format]->end)
		formats[r->o.format]->end(r);
	rml_strset_fini(&r->finding_files);
	rml_ptrvec_fini(&r->held);
	rml_ptrvec_fini(&r->seen);
	rml_arena_fini(&r->arena);
}

static void src_load(struct rml_src *src, const struct rml_overlay *ov)
{
	const struct rml_ovfile *of = rml_overlay_get(ov, src->path);
	FILE *f;
	size_t cap = 0, n;
	char buf[8192];

	src->text = NULL;
	src->len = 0;
	if (of) {
		src->text = memcpy(rml_xmalloc(of->len + 1), of->text, of->len + 1);
		src->len = of->len;
		return;
	}
	f = fopen(src->path, "rb");
	if (!f)
		return;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (src->len + n + 1 > cap) {
			cap = 2 * (src->len + n + 1);
			src->text = rml_xrealloc(src->text, cap);
		}
		memcpy(src->text + src->len, buf, n);
		src->len += n;
	}
	if (ferror(f)) {
		free(src->text);
		src->text = NULL;
		src->len = 0;
	}
	fclose(f);
}

const char *rml_src_line(struct rml_srcs *s, const char *path, unsigned line, size_t *len)
{
	struct rml_src *src = NULL;
	const char *p, *end, *nl;

	*len = 0;
	if (!path || !*path || !line)
		return NULL;
	for (size_t i = 0; i < s->n && !src; i++)
		if (!strcmp(s->v[i].path, path))
			src = &s->v[i];
	if (!src) {
		s->v = rml_xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
		src = &s->v[s->n++];
		src->path = rml_xstrdup(path);	/* path may be freed before s: a finding's */
		src_load(src, s->overlay);
	}
	if (!src->text)
		return NULL;
	p = src->text;
	end = src->text + src->len;
	for (unsigned l = 1; l < line; l++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p == end)
		return NULL;
	nl = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((nl ? nl : end) - p);
	if (*len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

void rml_srcs_fini(struct rml_srcs *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].path);
		free(s->v[i].text);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

const char *rml_precision_name(enum rml_confidence conf)
{
	return conf == RML_CONF_HIGH ? "high" : conf == RML_CONF_MEDIUM ? "medium" : "low";
}

char *rml_rule_type(struct rml_arena *a, const char *id)
{
	char *t = rml_arena_strdup(a, id ? id : "regmap-lint");

	for (char *p = t; *p; p++)
		*p = *p == '-' ? '_' : (char)toupper((unsigned char)*p);
	return t;
}

/*
 * Walks the line as rml_display_col() does (tab stops every 8, one column per UTF-8 lead
 * byte) and counts UTF-16 code units instead: two for a 4-byte sequence, else one.
 */
unsigned rml_utf16_col(const char *line, size_t len, unsigned dispcol)
{
	unsigned col = 1, u16 = 1;
	size_t i;

	if (!dispcol)
		return 1;
	for (i = 0; line && i < len; i++) {
		unsigned char ch = (unsigned char)line[i];

		if ((ch & 0xc0) == 0x80)
			continue;
		if (col >= dispcol)
			break;
		col = ch == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
		u16 += ch >= 0xf0 ? 2 : 1;
	}
	if (col < dispcol)	/* past the end of the line (or no line): the distance */
		u16 += dispcol - col;
	return u16;
}

unsigned rml_utf16_col_bytes(const char *line, size_t len, unsigned bytecol)
{
	unsigned u16 = 1;
	size_t i, n = bytecol ? bytecol - 1 : 0;

	for (i = 0; line && i < len && i < n; i++) {
		unsigned char ch = (unsigned char)line[i];

		if ((ch & 0xc0) == 0x80)
			continue;
		u16 += ch >= 0xf0 ? 2 : 1;
	}
	if (i < n)	/* past the end of the line (or no line): the distance */
		u16 += (unsigned)(n - i);
	return u16;
}

/*
 * "<hash>:<n>": hash = rml_finding_hash() (diag.c), FNV-1a 64 of the rule id, a NUL
 * byte, and the finding's source line without any blank (space, tab, CR, VT, FF); n = 1 +
 * how many findings before it in this report have the same hash in the same file. It
 * survives moving the line and changing its indentation, and tells apart identical lines.
 */
char *rml_report_fingerprint(struct rml_report *r, const struct rml_diag *d, const char *line,
			     size_t len)
{
	uint64_t h = rml_finding_hash(d->rule, line, len);
	struct rml_seen *seen = NULL;

	for (size_t i = 0; i < r->seen.n && !seen; i++) {
		struct rml_seen *s = r->seen.p[i];

		if (s->hash == h && !strcmp(s->path, d->loc.file))
			seen = s;
	}
	if (!seen) {
		seen = rml_arena_alloc(&r->arena, sizeof(*seen));
		seen->path = rml_arena_strdup(&r->arena, d->loc.file);
		seen->hash = h;
		rml_ptrvec_push(&r->seen, seen);
	}
	seen->n++;
	return rml_arena_printf(&r->arena, "%016llx:%u", (unsigned long long)h, seen->n);
}
