/*
 * udiff: unified diffs, read one line at a time with a small state machine (outside any
 * file; in a git header before its ---/+++ lines; in a file), hunks counted as they are
 * read so a wrong count is caught at the line that shows it. Applying looks for each hunk
 * with line hashes (a rolling hash of the window against the hunk's), so a search costs
 * the distance it moves, not that times the hunk's length. No fuzz, no file access.
 */
#include "udiff.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- lines of the diff ---- */

struct line {
	const char *s; /* start */
	size_t len;    /* without '\n' */
	size_t hlen;   /* without '\n' nor a '\r' before it: what headers are read from */
	size_t full;   /* with the '\n', if any */
};

struct parser {
	const char *p, *end;
	unsigned long lineno; /* of the line last read */
	int strip;
	struct rml_udiff *d;
	size_t cap;  /* of d->v */
	size_t hcap; /* of the current file's hunks */
	char *err;
	size_t errlen;
};

static bool get_line(struct parser *ps, struct line *l)
{
	const char *nl;

	if (ps->p >= ps->end)
		return false;
	nl = memchr(ps->p, '\n', (size_t)(ps->end - ps->p));
	l->s = ps->p;
	l->len = (size_t)((nl ? nl : ps->end) - ps->p);
	l->full = l->len + (nl != NULL);
	l->hlen = l->len && l->s[l->len - 1] == '\r' ? l->len - 1 : l->len;
	ps->p += l->full;
	ps->lineno++;
	return true;
}

/* The line after the current one, without reading it. */
static bool peek_line(const struct parser *ps, struct line *l)
{
	struct parser tmp = *ps;

	return get_line(&tmp, l);
}

static bool starts(const struct line *l, const char *s)
{
	size_t n = strlen(s);

	return l->hlen >= n && !memcmp(l->s, s, n);
}

static bool is(const struct line *l, const char *s)
{
	return l->hlen == strlen(s) && !memcmp(l->s, s, l->hlen);
}

static int RML_FORMAT(3, 4) perr(struct parser *ps, unsigned long line, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (ps->err && ps->errlen)
		snprintf(ps->err, ps->errlen, "line %lu: %s", line, reason);
	return -1;
}

/* ---- paths ---- */

/* git's C-style quoted name at s ('"'): unquoted (heap), *used set to its length. */
static char *unquote(const char *s, size_t n, size_t *used)
{
	struct rml_buf b = {0};
	size_t i = 1;

	rml_buf_put(&b, "", 0);
	while (i < n && s[i] != '"') {
		char c = s[i++];

		if (c == '\\' && i < n) {
			static const char from[] = "abfnrtv", to[] = "\a\b\f\n\r\t\v";
			const char *e = memchr(from, s[i], sizeof(from) - 1);

			if (e) {
				c = to[e - from];
				i++;
			} else if (i + 2 < n && s[i] >= '0' && s[i] <= '3' && s[i + 1] >= '0' &&
				   s[i + 1] <= '7' && s[i + 2] >= '0' && s[i + 2] <= '7') {
				c = (char)((s[i] - '0') << 6 | (s[i + 1] - '0') << 3 |
					   (s[i + 2] - '0'));
				i += 3;
			} else {
				c = s[i++]; /* \" \\ and anything else: the character */
			}
		}
		rml_buf_put(&b, &c, 1);
	}
	*used = i < n ? i + 1 : n;
	return b.p;
}

/* The name on a ---, +++, rename or copy line: quoted, or up to a tab. NULL: /dev/null. */
static char *line_name(const char *s, size_t n)
{
	size_t used;
	const char *tab;

	if (n && s[0] == '"')
		return unquote(s, n, &used);
	tab = memchr(s, '\t', n);
	if (tab)
		n = (size_t)(tab - s);
	if (n == 9 && !memcmp(s, "/dev/null", 9))
		return NULL;
	return rml_xstrndup(s, n);
}

/*
 * The two names of "diff --git A B" when they can be told apart: both quoted, or the same
 * name twice, or "X/NAME Y/NAME" (NAME the same, X and Y one component each). Linear: the
 * split is the one space after which the first '/' is where NAME must start.
 */
static void git_names(const char *s, size_t n, char **a, char **b)
{
	size_t used, k, first;
	const char *slash;

	*a = *b = NULL;
	if (n && s[0] == '"') {
		*a = unquote(s, n, &used);
		if (used + 1 < n && s[used] == ' ' && s[used + 1] == '"')
			*b = unquote(s + used + 1, n - used - 1, &used);
		else if (used + 1 < n && s[used] == ' ')
			*b = rml_xstrndup(s + used + 1, n - used - 1);
		return;
	}
	if (n % 2 && s[n / 2] == ' ' && !memcmp(s, s + n / 2 + 1, n / 2)) {
		*a = rml_xstrndup(s, n / 2);
		*b = rml_xstrndup(s, n / 2);
		return;
	}
	slash = memchr(s, '/', n);
	if (!slash)
		return;
	/*
	 * s = X "/" NAME " " Y "/" NAME. With |X| known, a space at k gives |NAME|, so where
	 * Y's '/' must be; it must be the first '/' after k (kept as k goes down), and only one
	 * k can have it there: the compare runs at most once.
	 */
	for (k = n, first = n; k-- > 0;) {
		size_t x = (size_t)(slash - s), name;

		if (k + 1 < n && s[k + 1] == '/')
			first = k + 1;
		if (s[k] != ' ' || k < x + 2)
			continue;
		name = k - x - 1;
		if (first <= k + 1 || first != n - name - 1)
			continue;
		if (!memcmp(slash + 1, s + first + 1, name)) {
			*a = rml_xstrndup(s, k);
			*b = rml_xstrndup(s + k + 1, n - k - 1);
		}
		return;
	}
}

/* Remove n leading components; false if there are not that many. */
static bool strip_path(char **path, int n)
{
	const char *p = *path;

	if (!p)
		return true;
	for (int i = 0; i < n; i++) {
		const char *sl = strchr(p, '/');

		if (!sl)
			return false;
		p = sl + 1;
		while (*p == '/')
			p++;
	}
	if (p != *path)
		memmove(*path, p, strlen(p) + 1);
	return true;
}

static int auto_strip(const char *old, const char *new)
{
	return (!old || !strncmp(old, "a/", 2)) && (!new || !strncmp(new, "b/", 2)) ? 1 : 0;
}

/* Strip both names of a file as asked (-1: by their prefixes). */
static int strip_names(struct parser *ps, char **old, char **new)
{
	int n = ps->strip >= 0 ? ps->strip : auto_strip(*old, *new);

	if (!strip_path(old, n))
		return perr(ps, ps->lineno, "cannot strip %d components from \"%s\"", n, *old);
	if (!strip_path(new, n))
		return perr(ps, ps->lineno, "cannot strip %d components from \"%s\"", n, *new);
	return 0;
}

/* ---- files and hunks ---- */

static struct rml_udiff_file *new_file(struct parser *ps)
{
	struct rml_udiff *d = ps->d;

	if (d->n == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 8;
		d->v = rml_xrealloc(d->v, ps->cap * sizeof(*d->v));
	}
	ps->hcap = 0;
	d->v[d->n] = (struct rml_udiff_file){0};
	return &d->v[d->n++];
}

static void set_path(char **dst, char *name)
{
	free(*dst);
	*dst = name;
}

/* Digits at *p into *v; false if none or too large. */
static bool read_uint(const char **p, const char *end, unsigned *v)
{
	const char *q = *p;
	unsigned long long x = 0;

	if (q >= end || *q < '0' || *q > '9')
		return false;
	for (; q < end && *q >= '0' && *q <= '9'; q++) {
		x = x * 10 + (unsigned)(*q - '0');
		if (x > UINT_MAX)
			return false;
	}
	*v = (unsigned)x;
	*p = q;
	return true;
}

static bool read_range(const char **p, const char *end, unsigned *start, unsigned *count)
{
	*count = 1;
	if (!read_uint(p, end, start))
		return false;
	if (*p < end && **p == ',') {
		(*p)++;
		if (!read_uint(p, end, count))
			return false;
	}
	/* a range must fit, and only an empty one may start at 0 */
	return (*count == 0 || *start > 0) && (unsigned long long)*start + *count <= UINT_MAX;
}

static bool parse_hunk_header(const struct line *l, struct rml_hunk *h)
{
	const char *p = l->s + 4, *end = l->s + l->hlen; /* past "@@ -" */

	if (!read_range(&p, end, &h->old_start, &h->old_count))
		return false;
	if (end - p < 2 || p[0] != ' ' || p[1] != '+')
		return false;
	p += 2;
	if (!read_range(&p, end, &h->new_start, &h->new_count))
		return false;
	return end - p >= 3 && !memcmp(p, " @@", 3);
}

#define HUNK_FMT "hunk @@ -%u,%u +%u,%u @@"
#define HUNK_ARGS(h) (h)->old_start, (h)->old_count, (h)->new_start, (h)->new_count

/* The mail signature separator: "-- " (or "--" from a mailer that trims blanks). */
static bool is_signature(const struct line *l)
{
	return is(l, "-- ") || is(l, "--");
}

/* The hunk whose header is l: its lines, counted. */
static int read_hunk(struct parser *ps, struct rml_udiff_file *f, const struct line *hdr)
{
	struct rml_hunk h = {0};
	unsigned ro, rn, seen_old = 0, seen_new = 0;
	struct line l;

	if (!parse_hunk_header(hdr, &h))
		return perr(ps, ps->lineno, "malformed hunk header");
	h.body = ps->p;
	ro = h.old_count;
	rn = h.new_count;
	while (ro || rn) {
		char c;

		if (!get_line(ps, &l))
			return perr(ps, ps->lineno + 1,
				    HUNK_FMT " ends after %u old and %u new lines", HUNK_ARGS(&h),
				    seen_old, seen_new);
		c = l.hlen ? l.s[0] : ' '; /* "" or "\r": a context line that lost its space */
		if (c == '\\')
			continue;
		if ((c == ' ' && (!ro || !rn)) || (c == '-' && !ro) || (c == '+' && !rn))
			return perr(ps, ps->lineno, HUNK_FMT " has more lines than it counts",
				    HUNK_ARGS(&h));
		if (c != ' ' && c != '-' && c != '+')
			return perr(ps, ps->lineno, HUNK_FMT " ends after %u old and %u new lines",
				    HUNK_ARGS(&h), seen_old, seen_new);
		if (c != '+') {
			ro--;
			seen_old++;
		}
		if (c != '-') {
			rn--;
			seen_new++;
		}
	}
	if (peek_line(ps, &l) && l.len && l.s[0] == '\\')
		get_line(ps, &l);
	h.body_len = (size_t)(ps->p - h.body);
	/* a line that would belong to the hunk had it counted right */
	if (peek_line(ps, &l) && l.hlen && (l.s[0] == ' ' || l.s[0] == '-' || l.s[0] == '+') &&
	    !is_signature(&l)) {
		struct line next;
		struct parser tmp = *ps;

		get_line(&tmp, &next);
		if (!(starts(&l, "--- ") && peek_line(&tmp, &next) && starts(&next, "+++ ")))
			return perr(ps, ps->lineno + 1, HUNK_FMT " has more lines than it counts",
				    HUNK_ARGS(&h));
	}
	if (f->nhunks == ps->hcap) {
		ps->hcap = ps->hcap ? ps->hcap * 2 : 8;
		f->hunks = rml_xrealloc(f->hunks, ps->hcap * sizeof(*f->hunks));
	}
	f->hunks[f->nhunks++] = h;
	return 0;
}

enum state {
	OUTSIDE,    /* before the first file */
	GIT_HEADER, /* after "diff --git", before its ---/+++ lines */
	IN_FILE,    /* after ---/+++ (and its hunks) */
};

/* A git extended header line of the current file. */
static void git_header_line(struct rml_udiff_file *f, const struct line *l)
{
	static const struct {
		const char *word;
		bool new_side;
	} names[] = {
		{"rename from ", false},
		{"rename to ", true},
		{"copy from ", false},
		{"copy to ", true},
	};

	if (starts(l, "new file mode ")) {
		set_path(&f->old_path, NULL);
		return;
	}
	if (starts(l, "deleted file mode ")) {
		set_path(&f->new_path, NULL);
		return;
	}
	for (size_t i = 0; i < RML_ARRAY_SIZE(names); i++) {
		size_t n = strlen(names[i].word);

		if (starts(l, names[i].word)) {
			char *name = line_name(l->s + n, l->hlen - n);

			set_path(names[i].new_side ? &f->new_path : &f->old_path, name);
			return;
		}
	}
}

static int parse(struct parser *ps)
{
	struct rml_udiff_file *f = NULL;
	enum state st = OUTSIDE;
	bool have_minus = false;
	struct line l, next;

	while (get_line(ps, &l)) {
		if (starts(&l, "diff --git ")) {
			char *a, *b;

			git_names(l.s + 11, l.hlen - 11, &a, &b);
			f = new_file(ps);
			f->old_path = a;
			f->new_path = b;
			if (strip_names(ps, &f->old_path, &f->new_path))
				return -1;
			st = GIT_HEADER;
			have_minus = false;
		} else if (starts(&l, "--- ") && peek_line(ps, &next) && starts(&next, "+++ ")) {
			char *a = line_name(l.s + 4, l.hlen - 4);

			get_line(ps, &next);
			if (st != GIT_HEADER || have_minus)
				f = new_file(ps);
			set_path(&f->old_path, a);
			set_path(&f->new_path, line_name(next.s + 4, next.hlen - 4));
			if ((f->old_path && !f->old_path[0]) || (f->new_path && !f->new_path[0]))
				return perr(ps, ps->lineno, "empty file name");
			if (strip_names(ps, &f->old_path, &f->new_path))
				return -1;
			st = IN_FILE;
			have_minus = true;
		} else if (starts(&l, "@@@") && st != OUTSIDE) {
			return perr(ps, ps->lineno, "combined diffs (@@@) are not supported");
		} else if (starts(&l, "@@ -") && st == GIT_HEADER) {
			return perr(ps, ps->lineno, "hunk without a ---/+++ header");
		} else if (starts(&l, "@@ -") && st == IN_FILE) {
			if (read_hunk(ps, f, &l))
				return -1;
		} else if (st == GIT_HEADER) {
			git_header_line(f, &l);
		}
	}
	return 0;
}

void rml_udiff_fini(struct rml_udiff *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].old_path);
		free(d->v[i].new_path);
		free(d->v[i].hunks);
	}
	free(d->v);
	free(d->text);
	*d = (struct rml_udiff){0};
}

size_t rml_udiff_uncolor(char *text, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\033' && i + 1 < len && text[i + 1] == '[') {
			size_t k = i + 2;

			while (k < len && text[k] >= 0x20 && text[k] <= 0x3f)
				k++;	/* parameters (0-9;?...) and intermediates ( !"#...) */
			if (k < len && text[k] >= 0x40 && text[k] <= 0x7e) {
				i = k;	/* the final byte: 'm' for colours */
				continue;
			}
		}
		text[o++] = text[i];
	}
	if (o < len)
		text[o] = '\0';
	return o;
}

int rml_udiff_parse(const char *text, size_t len, int strip, struct rml_udiff *d, char *err,
		    size_t errlen)
{
	struct parser ps = {0};

	*d = (struct rml_udiff){0};
	d->text = rml_xstrndup(text, len);
	ps.p = d->text;
	ps.end = d->text + len;
	ps.strip = strip < -1 ? -1 : strip;
	ps.d = d;
	ps.err = err;
	ps.errlen = errlen;
	if (parse(&ps)) {
		rml_udiff_fini(d);
		return -1;
	}
	return 0;
}

/* ---- lookups ---- */

static bool ends_with_component(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n > m && s[n - m - 1] == '/' && !memcmp(s + n - m, tail, m);
}

const struct rml_udiff_file *rml_udiff_find(const struct rml_udiff *d, const char *path)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].new_path && !strcmp(d->v[i].new_path, path))
			return &d->v[i];
	for (size_t i = 0; i < d->n; i++) {
		const char *np = d->v[i].new_path;

		if (np && np[0] && path[0] &&
		    (ends_with_component(path, np) || ends_with_component(np, path)))
			return &d->v[i];
	}
	return NULL;
}

/* One line of a hunk: kind ' ', '-' or '+', its text, and whether it lacks its newline. */
struct hline {
	char kind;
	const char *s;
	size_t len;
	bool nonl;
};

/* The hunk's next line from *off on; false at its end. */
static bool hunk_line(const struct rml_hunk *h, size_t *off, struct hline *hl)
{
	const char *p, *end = h->body + h->body_len, *nl;

	for (;;) {
		size_t len;

		p = h->body + *off;
		if (p >= end)
			return false;
		nl = memchr(p, '\n', (size_t)(end - p));
		len = (size_t)((nl ? nl : end) - p);
		*off += len + (nl != NULL);
		if (len && p[0] == '\\')
			continue; /* a marker with no line before it */
		if (len && (p[0] == ' ' || p[0] == '-' || p[0] == '+')) {
			hl->kind = p[0];
			hl->s = p + 1;
			hl->len = len - 1;
		} else {
			hl->kind = ' ';
			hl->s = p;
			hl->len = len;
		}
		break;
	}
	p = h->body + *off;
	hl->nonl = p < end && p[0] == '\\';
	if (hl->nonl) {
		nl = memchr(p, '\n', (size_t)(end - p));
		*off = nl ? (size_t)(nl + 1 - h->body) : h->body_len;
	}
	return true;
}

bool rml_udiff_added(const struct rml_udiff_file *f, unsigned new_line)
{
	for (size_t i = 0; f && i < f->nhunks; i++) {
		const struct rml_hunk *h = &f->hunks[i];
		unsigned long long n = h->new_start;
		struct hline hl;
		size_t off = 0;

		if (!h->new_count || new_line < h->new_start ||
		    new_line >= (unsigned long long)h->new_start + h->new_count)
			continue;
		while (hunk_line(h, &off, &hl)) {
			if (hl.kind == '-')
				continue;
			if (n == new_line)
				return hl.kind == '+';
			n++;
		}
	}
	return false;
}

/* ---- applying ---- */

struct bline {
	const char *s;
	size_t len; /* without '\n' */
	bool nl;
	uint64_t hash;
};

#define HASH_MUL 0x9e3779b97f4a7c15ULL /* the window polynomial's base (odd) */

static uint64_t line_hash(const char *s, size_t len, bool nl)
{
	return rml_fnv1a(RML_FNV1A_INIT, s, len) ^ (nl ? 0x5555555555555555ULL : 0);
}

/* Every line of every hunk ends in "\r\n" (or '\r' at the end of the text). */
static bool all_crlf(const struct rml_udiff_file *f)
{
	bool any = false;

	for (size_t i = 0; i < f->nhunks; i++) {
		const struct rml_hunk *h = &f->hunks[i];
		const char *p = h->body, *end = h->body + h->body_len;

		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			const char *e = nl ? nl : end;

			if (e == p || e[-1] != '\r')
				return false;
			any = true;
			p = e + 1;
		}
	}
	return any;
}

static bool has_crlf(const char *s, size_t len)
{
	for (const char *p = s; (p = memchr(p, '\n', len - (size_t)(p - s))); p++)
		if (p > s && p[-1] == '\r')
			return true;
	return false;
}

struct applier {
	struct bline *b; /* the base's lines */
	size_t nb;
	uint64_t *prefix; /* prefix[i]: the polynomial hash of lines [0, i) */
	bool strip_cr;	  /* compare and write the diff's lines without their '\r' */
};

static void trim_cr(const struct applier *a, struct hline *hl)
{
	if (a->strip_cr && hl->len && hl->s[hl->len - 1] == '\r')
		hl->len--;
}

/* Whether the hunk's old lines (o, n of them) are the base's lines from pos on. */
static bool match_at(const struct applier *a, const struct hline *o, size_t n, size_t pos,
		     uint64_t want, uint64_t mul_n)
{
	if (a->prefix[pos + n] - a->prefix[pos] * mul_n != want)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct bline *b = &a->b[pos + i];

		if (b->len != o[i].len || b->nl == o[i].nonl || memcmp(b->s, o[i].s, b->len))
			return false;
	}
	return true;
}

static void split_base(struct applier *a, const char *base, size_t len)
{
	const char *p = base, *end = base + len;
	size_t cap = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		struct bline *b;

		if (a->nb == cap) {
			cap = cap ? cap * 2 : 256;
			a->b = rml_xrealloc(a->b, cap * sizeof(*a->b));
		}
		b = &a->b[a->nb++];
		b->s = p;
		b->len = (size_t)((nl ? nl : end) - p);
		b->nl = nl != NULL;
		b->hash = line_hash(b->s, b->len, b->nl);
		p += b->len + b->nl;
	}
	a->prefix = rml_xmalloc((a->nb + 1) * sizeof(*a->prefix));
	a->prefix[0] = 0;
	for (size_t i = 0; i < a->nb; i++)
		a->prefix[i + 1] = a->prefix[i] * HASH_MUL + a->b[i].hash;
}

/* One hunk's lines, and its old ones (context and '-') with their polynomial hash. */
struct hunk_lines {
	struct hline *lines, *old;
	size_t n, nold, cap;
	uint64_t want, mul_n;	/* the old lines' hash, HASH_MUL to the power nold */
};

static void read_hunk_lines(const struct applier *a, const struct rml_hunk *h,
			    struct hunk_lines *hl)
{
	size_t off = 0;
	struct hline l;

	hl->n = hl->nold = 0;
	hl->want = 0;
	hl->mul_n = 1;
	while (hunk_line(h, &off, &l)) {
		trim_cr(a, &l);
		if (hl->n == hl->cap) {
			hl->cap = hl->cap ? hl->cap * 2 : 64;
			hl->lines = rml_xrealloc(hl->lines, hl->cap * sizeof(*hl->lines));
			hl->old = rml_xrealloc(hl->old, hl->cap * sizeof(*hl->old));
		}
		hl->lines[hl->n++] = l;
		if (l.kind != '+') {
			hl->old[hl->nold++] = l;
			hl->want = hl->want * HASH_MUL + line_hash(l.s, l.len, !l.nonl);
			hl->mul_n *= HASH_MUL;
		}
	}
}

/*
 * Where the hunk's old lines are in the base, from line lo on: at expect, else the nearest
 * place to it (+1, -1, +2, -2, ...). 0 with *pos, or -1 when they are nowhere.
 */
static int locate(const struct applier *a, const struct hunk_lines *hl, long long expect,
		  long long lo, size_t *pos)
{
	long long hi = (long long)a->nb - (long long)hl->nold, e;

	if (!hl->nold) {
		/* nothing to match: a pure addition goes where it says */
		if (expect < lo || expect > hi)
			return -1;
		*pos = (size_t)expect;
		return 0;
	}
	if (lo > hi)
		return -1;
	e = expect < lo ? lo : expect > hi ? hi : expect;
	for (long long dist = 0; e + dist <= hi || e - dist >= lo; dist++) {
		if (e + dist <= hi &&
		    match_at(a, hl->old, hl->nold, (size_t)(e + dist), hl->want, hl->mul_n)) {
			*pos = (size_t)(e + dist);
			return 0;
		}
		if (dist && e - dist >= lo &&
		    match_at(a, hl->old, hl->nold, (size_t)(e - dist), hl->want, hl->mul_n)) {
			*pos = (size_t)(e - dist);
			return 0;
		}
	}
	return -1;
}

/* The base's lines from cur up to pos as they are, then the hunk's new lines. */
static void put_hunk(struct rml_buf *ob, const struct applier *a, size_t cur, size_t pos,
		     const struct hunk_lines *hl)
{
	if (pos > cur)
		rml_buf_put(ob, a->b[cur].s,
			    (size_t)(a->b[pos - 1].s + a->b[pos - 1].len + a->b[pos - 1].nl -
				     a->b[cur].s));
	for (size_t i = 0; i < hl->n; i++) {
		if (hl->lines[i].kind == '-')
			continue;
		rml_buf_put(ob, hl->lines[i].s, hl->lines[i].len);
		if (!hl->lines[i].nonl)
			rml_buf_put(ob, "\n", 1);
	}
}

int rml_udiff_apply(const struct rml_udiff_file *f, const char *base, size_t len, char **out,
		    size_t *outlen, char *err, size_t errlen)
{
	struct applier a = {0};
	struct rml_buf ob = {0};
	struct hunk_lines hl = {0};
	size_t cur = 0;
	long long offset = 0;
	int rc = -1;

	*out = NULL;
	*outlen = 0;
	if (!f->old_path && len) {
		snprintf(err, errlen, "the diff creates the file, but it exists");
		return -1;
	}
	split_base(&a, base, len);
	a.strip_cr = len && !has_crlf(base, len) && all_crlf(f);
	rml_buf_put(&ob, "", 0);
	for (size_t hi = 0; hi < f->nhunks; hi++) {
		const struct rml_hunk *h = &f->hunks[hi];
		long long nominal = h->old_count ? (long long)h->old_start - 1 : h->old_start;
		size_t pos;

		read_hunk_lines(&a, h, &hl);
		if (locate(&a, &hl, nominal + offset, (long long)cur, &pos) < 0) {
			snprintf(err, errlen, "hunk %zu (@@ -%u,%u +%u,%u @@) does not apply",
				 hi + 1, HUNK_ARGS(h));
			goto out;
		}
		put_hunk(&ob, &a, cur, pos, &hl);
		cur = pos + hl.nold;
		offset = (long long)pos - nominal;
	}
	if (cur < a.nb)
		rml_buf_put(&ob, a.b[cur].s, (size_t)(base + len - a.b[cur].s));
	*out = ob.p;
	*outlen = ob.n;
	ob.p = NULL;
	rc = 0;
out:
	free(ob.p);
	free(hl.lines);
	free(hl.old);
	free(a.b);
	free(a.prefix);
	return rc;
}
