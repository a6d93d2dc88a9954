/*
 * baseline: the finding hash, and the baseline file read line by line (fields split on
 * tabs, unescaped in place into heap copies), sorted once so that looking a finding up is a
 * binary search; written through a sorted index, so writing leaves the baseline as it was.
 */
#include "baseline.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define HEADER_PREFIX "# regmap-lint baseline "

static int cmp_entry(const struct rml_baseline_entry *a, const struct rml_baseline_entry *b)
{
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	c = strcmp(a->rule, b->rule);
	if (c)
		return c;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	if (a->occ != b->occ)
		return a->occ < b->occ ? -1 : 1;
	return strcmp(a->msg, b->msg);
}

static int cmp_qsort(const void *a, const void *b)
{
	return cmp_entry(a, b);
}

static int cmp_ptr(const void *a, const void *b)
{
	return cmp_entry(*(const struct rml_baseline_entry *const *)a,
			 *(const struct rml_baseline_entry *const *)b);
}

/* The identity alone: path, rule, hash, occurrence. */
static int cmp_key(const struct rml_baseline_entry *e, const char *path, const char *rule,
		   uint64_t hash, unsigned occ)
{
	int c = strcmp(e->path, path);

	if (c)
		return c;
	c = strcmp(e->rule, rule);
	if (c)
		return c;
	if (e->hash != hash)
		return e->hash < hash ? -1 : 1;
	return e->occ == occ ? 0 : e->occ < occ ? -1 : 1;
}

static void push(struct rml_baseline *b, const struct rml_baseline_entry *e)
{
	/* no capacity field: 16, then doubled whenever n reaches a power of two */
	if (!b->n || (b->n >= 16 && !(b->n & (b->n - 1))))
		b->v = rml_xrealloc(b->v, (b->n ? 2 * b->n : 16) * sizeof(*b->v));
	b->v[b->n++] = *e;
}

void rml_baseline_fini(struct rml_baseline *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].rule);
		free(b->v[i].path);
		free(b->v[i].msg);
	}
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

void rml_baseline_add(struct rml_baseline *b, const char *path, const char *rule, uint64_t hash,
		      unsigned occ, const char *msg)
{
	struct rml_baseline_entry e = {
		.hash = hash,
		.occ = occ,
		.rule = rml_xstrdup(rule),
		.path = rml_xstrdup(path),
		.msg = rml_xstrdup(msg ? msg : ""),
	};

	push(b, &e);
}

/* Among equal entries lo..hi-1 (all the finding), an unmatched one first. */
static bool mark(struct rml_baseline_entry *v, size_t lo, size_t hi)
{
	for (size_t i = lo; i < hi; i++) {
		if (!v[i].matched) {
			v[i].matched = true;
			return true;
		}
	}
	v[lo].matched = true;
	return true;
}

bool rml_baseline_take(struct rml_baseline *b, const char *path, const char *rule, uint64_t hash,
		       unsigned occ)
{
	size_t lo = 0, hi = b->n, i;

	/* a binary search, right as long as v is sorted (after parse, before any add) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_key(&b->v[mid], path, rule, hash, occ) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < b->n && !cmp_key(&b->v[lo], path, rule, hash, occ)) {
		for (hi = lo; hi < b->n && !cmp_key(&b->v[hi], path, rule, hash, occ); hi++)
			;
		return mark(b->v, lo, hi);
	}
	/* not there, or v is not sorted: look at every entry */
	for (i = 0; i < b->n; i++)
		if (b->v[i].hash == hash && !cmp_key(&b->v[i], path, rule, hash, occ) &&
		    !b->v[i].matched)
			return mark(b->v, i, i + 1);
	for (i = 0; i < b->n; i++)
		if (b->v[i].hash == hash && !cmp_key(&b->v[i], path, rule, hash, occ))
			return mark(b->v, i, i + 1);
	return false;
}

static void put_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		const char *esc = *s == '\t'   ? "\\t"
				  : *s == '\n' ? "\\n"
				  : *s == '\r' ? "\\r"
				  : *s == '\\' ? "\\\\"
					       : NULL;

		if (esc)
			fputs(esc, out);
		else
			fputc(*s, out);
	}
}

int rml_baseline_write(const struct rml_baseline *b, FILE *out)
{
	const struct rml_baseline_entry **idx = rml_xmalloc(b->n * sizeof(*idx));

	for (size_t i = 0; i < b->n; i++)
		idx[i] = &b->v[i];
	qsort(idx, b->n, sizeof(*idx), cmp_ptr);
	fputs(RML_BASELINE_HEADER "\n" RML_BASELINE_PATHS "\n", out);
	for (size_t i = 0; i < b->n; i++) {
		fprintf(out, "%016llx\t%u\t", (unsigned long long)idx[i]->hash, idx[i]->occ);
		put_escaped(out, idx[i]->rule);
		fputc('\t', out);
		put_escaped(out, idx[i]->path);
		fputc('\t', out);
		put_escaped(out, idx[i]->msg);
		fputc('\n', out);
	}
	free(idx);
	return ferror(out) ? -1 : 0;
}

/* ---- reading ---- */

/* A field's text unescaped (heap), or NULL for a bad escape. */
static char *unescape(const char *s, size_t n)
{
	char *out = rml_xmalloc(n + 1), *o = out;

	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\\') {
			*o++ = s[i];
			continue;
		}
		if (++i == n)
			goto bad;
		switch (s[i]) {
		case 't':
			*o++ = '\t';
			break;
		case 'n':
			*o++ = '\n';
			break;
		case 'r':
			*o++ = '\r';
			break;
		case '\\':
			*o++ = '\\';
			break;
		default:
			goto bad;
		}
	}
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* One finding line s[0..n) (no newline, no CR) into b. */
static int parse_entry(struct rml_line_reader *r, const char *s, size_t n, struct rml_baseline *b)
{
	static const char *const what[] = {"rule", "path", "message"};
	const char *f[5];
	size_t flen[5], nf = 0;
	struct rml_baseline_entry e = {0};
	char *str[3];
	unsigned long long occ = 0;

	if (memchr(s, '\0', n))
		return rml_line_error(r, "NUL byte in the line");
	for (const char *p = s, *end = s + n;; nf++) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *fe = tab ? tab : end;

		if (nf < 5) {
			f[nf] = p;
			flen[nf] = (size_t)(fe - p);
		}
		if (!tab) {
			nf++;
			break;
		}
		p = tab + 1;
	}
	if (nf != 5)
		return rml_line_error(r, "expected 5 tab-separated fields, found %zu", nf);
	if (flen[0] != 16)
		return rml_line_error(r, "bad hash (expected 16 hex digits)");
	for (size_t i = 0; i < 16; i++) {
		int v = hexval(f[0][i]);

		if (v < 0)
			return rml_line_error(r, "bad hash (expected 16 hex digits)");
		e.hash = e.hash << 4 | (uint64_t)v;
	}
	for (size_t i = 0; i < flen[1]; i++) {
		if (f[1][i] < '0' || f[1][i] > '9' || occ > UINT_MAX)
			return rml_line_error(r, "bad occurrence (expected a number from 1)");
		occ = occ * 10 + (unsigned)(f[1][i] - '0');
	}
	if (!occ || occ > UINT_MAX)
		return rml_line_error(r, "bad occurrence (expected a number from 1)");
	e.occ = (unsigned)occ;
	for (size_t i = 0; i < 3; i++) {
		str[i] = unescape(f[2 + i], flen[2 + i]);
		if (!str[i]) {
			for (size_t k = 0; k < i; k++)
				free(str[k]);
			return rml_line_error(r, "bad escape in the %s", what[i]);
		}
	}
	if (!str[0][0] || !str[1][0]) {
		int rc = rml_line_error(r, "empty %s", str[0][0] ? "path" : "rule");

		for (size_t i = 0; i < 3; i++)
			free(str[i]);
		return rc;
	}
	e.rule = str[0];
	e.path = str[1];
	e.msg = str[2];
	push(b, &e);
	return 0;
}

static bool printable(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	return true;
}

static int parse_header(struct rml_line_reader *r, const char *s, size_t n, int *version)
{
	size_t pn = strlen(HEADER_PREFIX);

	if (n == pn + 1 && !memcmp(s, HEADER_PREFIX, pn) && (s[pn] == '1' || s[pn] == '2')) {
		*version = s[pn] - '0';
		return 0;
	}
	if (n > pn && n - pn <= 20 && !memcmp(s, HEADER_PREFIX, pn) && printable(s + pn, n - pn))
		return rml_line_error(r,
				      "baseline version %.*s is not supported (this regmap-lint "
				      "reads versions 1 and 2)",
				      (int)(n - pn), s + pn);
	return rml_line_error(r, "not a regmap-lint baseline (the first line must be \"%s\")",
		    RML_BASELINE_HEADER);
}

int rml_baseline_parse(const char *text, size_t len, const char *name, struct rml_baseline *b,
		       char *err, size_t errlen)
{
	struct rml_line_reader r = {name ? name : "<input>", 0, err, errlen};
	const char *p = text, *end = text + len;

	b->v = NULL;
	b->n = 0;
	b->version = RML_BASELINE_VERSION;
	do {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		int rc;

		r.line++;
		if (n && p[n - 1] == '\r')
			n--;
		if (r.line == 1)
			rc = parse_header(&r, p, n, &b->version);
		else if (!n || p[0] == '#')
			rc = 0;
		else
			rc = parse_entry(&r, p, n, b);
		if (rc) {
			rml_baseline_fini(b);
			return -1;
		}
		p = nl ? nl + 1 : end;
	} while (p < end);
	if (b->n)
		qsort(b->v, b->n, sizeof(*b->v), cmp_qsort);
	return 0;
}

int rml_baseline_load(const char *path, struct rml_baseline *b, char *err, size_t errlen)
{
	char *text, why[128];
	size_t len;
	int rc;

	b->v = NULL;
	b->n = 0;
	if (rml_read_bytes(path, &text, &len, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	rc = rml_baseline_parse(text, len, path, b, err, errlen);
	free(text);
	return rc;
}
