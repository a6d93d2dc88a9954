/*
 * verify: the corpus expectation checker, after clang's -verify. Reads expected-* directives
 * and corpus-args tags out of raw file text (length-bounded, NUL bytes allowed, no trailing
 * newline needed) and matches them against the reported diagnostics. Every directive is
 * recognised anywhere in the text, comment or not: "expected-<word>" preceded by a line start
 * or a non-identifier character is a directive, and an unknown <word> is an error.
 */
#include "verify.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXPECTED "expected-"
#define EXPECTED_LEN (sizeof(EXPECTED) - 1)
#define ARGS_TAG "corpus-args"
#define ARGS_TAG_LEN (sizeof(ARGS_TAG) - 1)
#define TREE_TAG "corpus-tree"
#define TREE_TAG_LEN (sizeof(TREE_TAG) - 1)
#define NO_DIAG "no-diagnostics"
#define NO_DIAG_LEN (sizeof(NO_DIAG) - 1)
#define WORD_SHOWN 40	/* longest unknown directive word echoed back in an error */

static const struct {
	const char *word;
	enum rml_sev sev;
} kinds[] = {
	{ "error", RML_SEV_ERROR },
	{ "warning", RML_SEV_WARNING },
	{ "note", RML_SEV_NOTE },
	{ "remark", RML_SEV_REMARK },
};

/* State of one rml_verify_parse() call. */
struct scan {
	struct rml_verify *v;
	const char *path;
	FILE *errout;
	unsigned line;
	unsigned nerr;
	bool saw_expect;	/* a well-formed expected-<sev> directive */
	bool saw_no_diag;	/* expected-no-diagnostics */
	bool conflict;		/* the mix of both was already reported */
};

void rml_verify_init(struct rml_verify *v)
{
	*v = (struct rml_verify){ 0 };
}

static void free_expects(struct rml_verify *v, size_t from)
{
	size_t i;

	for (i = from; i < v->n; i++) {
		free(v->e[i].file);
		free(v->e[i].text);
	}
	v->n = from;
}

static void free_args(struct rml_verify *v, size_t from)
{
	size_t i;

	for (i = from; i < v->nargs; i++)
		free(v->args[i]);
	v->nargs = from;
}

void rml_verify_fini(struct rml_verify *v)
{
	free_expects(v, 0);
	free_args(v, 0);
	free(v->e);
	free(v->args);
	free(v->tree);
	*v = (struct rml_verify){ 0 };
}

static bool is_ident(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '_';
}

static bool is_word(unsigned char ch)
{
	return is_ident(ch) || ch == '-';
}

static bool is_digit(unsigned char ch)
{
	return ch >= '0' && ch <= '9';
}

/* Horizontal white space; '\r' too, so CRLF files read as LF ones. */
static bool is_blank(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static bool starts_with(const char *p, const char *end, const char *s, size_t n)
{
	return (size_t)(end - p) >= n && memcmp(p, s, n) == 0;
}

static void RML_FORMAT(2, 3) scan_error(struct scan *s, const char *fmt, ...)
{
	va_list ap;

	s->nerr++;
	if (!s->errout)
		return;
	fprintf(s->errout, "%s:%u: error: ", s->path, s->line);
	va_start(ap, fmt);
	vfprintf(s->errout, fmt, ap);
	va_end(ap);
	fputc('\n', s->errout);
}

/*
 * Decimal digits at p (before end) into *val. Returns the number of digits read; *overflow
 * is set when the value does not fit an unsigned (the digits are still consumed).
 */
static size_t parse_uint(const char *p, const char *end, unsigned *val, bool *overflow)
{
	size_t n = 0;
	unsigned x = 0;

	*overflow = false;
	for (; p + n < end && is_digit((unsigned char)p[n]); n++) {
		unsigned d = (unsigned)(p[n] - '0');

		if (x > (UINT_MAX - d) / 10)
			*overflow = true;
		else
			x = x * 10 + d;
	}
	*val = x;
	return n;
}

static void push_expect(struct rml_verify *v, const struct rml_expect *e)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 16;
		v->e = rml_xrealloc(v->e, v->cap * sizeof(*v->e));
	}
	v->e[v->n++] = *e;
}

/* args has no capacity field: it is the least power of two >= 8 that holds nargs. */
static size_t args_cap(size_t n)
{
	size_t c = 8;

	while (c < n)
		c *= 2;
	return c;
}

static void push_arg(struct rml_verify *v, const char *w, size_t n)
{
	if (!v->args || v->nargs == args_cap(v->nargs))
		v->args = rml_xrealloc(v->args, args_cap(v->nargs + 1) * sizeof(*v->args));
	v->args[v->nargs++] = rml_xstrndup(w, n);
}

/* "expected-no-diagnostics" and expected-<sev> must not share a file. */
static bool check_mix(struct scan *s, bool no_diag)
{
	if (no_diag)
		s->saw_no_diag = true;
	else
		s->saw_expect = true;
	if (!s->saw_no_diag || !s->saw_expect || s->conflict)
		return true;
	s->conflict = true;
	if (no_diag)
		scan_error(s, "'expected-no-diagnostics' directive cannot follow other expected directives");
	else
		scan_error(s, "expected directive cannot follow 'expected-no-diagnostics' directive");
	return false;
}

/*
 * One expected-<sev> directive; p points just past the kind word, end is the end of the
 * line. Returns where scanning of the line goes on.
 */
static const char *parse_expect(struct scan *s, enum rml_sev sev, const char *kind,
				const char *p, const char *end)
{
	struct rml_expect e = { .sev = sev, .line = s->line, .dir_line = s->line, .min = 1,
				.max = 1 };
	const char *open, *q;
	unsigned val;
	bool overflow;
	size_t n;

	if (p < end && *p == '@') {
		char sign = 0;

		p++;
		if (p < end && (*p == '+' || *p == '-'))
			sign = *p++;
		n = parse_uint(p, end, &val, &overflow);
		if (!n || overflow || (sign == '+' && val > UINT_MAX - s->line)) {
			scan_error(s, "bad '@' offset in 'expected-%s' directive", kind);
			return p;
		}
		p += n;
		if ((sign == '-' && val >= s->line) || (!sign && val == 0)) {
			scan_error(s, "'expected-%s' offset points before line 1", kind);
			return p;
		}
		e.line = sign == '+' ? s->line + val : sign == '-' ? s->line - val : val;
	}
	while (p < end && is_blank((unsigned char)*p))
		p++;
	if (p < end && is_digit((unsigned char)*p)) {
		n = parse_uint(p, end, &val, &overflow);
		p += n;
		e.min = e.max = val;
		if (p < end && *p == '+') {
			e.max = UINT_MAX;
			p++;
		}
		if (overflow || (p < end && !is_blank((unsigned char)*p) && *p != '{')) {
			scan_error(s, "bad count in 'expected-%s' directive", kind);
			return p;
		}
		while (p < end && is_blank((unsigned char)*p))
			p++;
	}
	if (!starts_with(p, end, "{{", 2)) {
		scan_error(s, "missing '{{' in 'expected-%s' directive", kind);
		return p;
	}
	open = p + 2;
	for (q = open; q + 1 < end; q++)
		if (q[0] == '}' && q[1] == '}')
			break;
	if (q + 1 >= end) {
		scan_error(s, "missing '}}' in 'expected-%s' directive", kind);
		return open;
	}
	if (memchr(open, '\0', (size_t)(q - open))) {
		scan_error(s, "NUL byte in 'expected-%s' text", kind);
		return q + 2;
	}
	if (!check_mix(s, false))
		return q + 2;
	e.file = rml_xstrdup(s->path);
	e.text = rml_xstrndup(open, (size_t)(q - open));
	push_expect(s->v, &e);
	return q + 2;
}

/* "corpus-args:" at p: the rest of the line (less a trailing "*" "/") split on blanks. */
static void parse_args(struct scan *s, const char *p, const char *end)
{
	const char *w;

	while (end > p && is_blank((unsigned char)end[-1]))
		end--;
	if (end - p >= 2 && end[-2] == '*' && end[-1] == '/')
		end -= 2;
	if (memchr(p, '\0', (size_t)(end - p))) {
		scan_error(s, "NUL byte in 'corpus-args:' tag");
		return;
	}
	while (p < end) {
		while (p < end && is_blank((unsigned char)*p))
			p++;
		for (w = p; p < end && !is_blank((unsigned char)*p); p++)
			;
		if (p > w)
			push_arg(s->v, w, (size_t)(p - w));
	}
}

/* "corpus-tree: DIR": the one word after it, the tree the file is analysed in (heap). */
static void parse_tree(struct scan *s, const char *p, const char *end)
{
	const char *w;

	while (p < end && is_blank((unsigned char)*p))
		p++;
	for (w = p; p < end && !is_blank((unsigned char)*p) && *p; p++)
		;
	if (p == w) {
		scan_error(s, "'corpus-tree:' names no directory");
		return;
	}
	if (s->v->tree && (strlen(s->v->tree) != (size_t)(p - w) ||
			   memcmp(s->v->tree, w, (size_t)(p - w)))) {
		scan_error(s, "a second 'corpus-tree:' naming another directory");
		return;
	}
	if (!s->v->tree)
		s->v->tree = rml_xstrndup(w, (size_t)(p - w));
}

/* An "expected-" at p (already known to start a token); returns where scanning goes on. */
static const char *parse_directive(struct scan *s, const char *p, const char *end)
{
	const char *word = p + EXPECTED_LEN, *q = word;
	size_t i, n;

	while (q < end && is_word((unsigned char)*q))
		q++;
	n = (size_t)(q - word);
	if (n == NO_DIAG_LEN && memcmp(word, NO_DIAG, n) == 0) {
		check_mix(s, true);
		return q;
	}
	for (i = 0; i < RML_ARRAY_SIZE(kinds); i++)
		if (strlen(kinds[i].word) == n && memcmp(word, kinds[i].word, n) == 0)
			return parse_expect(s, kinds[i].sev, kinds[i].word, q, end);
	scan_error(s, "unknown directive 'expected-%.*s%s'", (int)(n > WORD_SHOWN ? WORD_SHOWN : n),
		   word, n > WORD_SHOWN ? "..." : "");
	return q;
}

static void scan_line(struct scan *s, const char *p, const char *end)
{
	const char *start = p;

	while (p < end) {
		if (p > start && is_ident((unsigned char)p[-1])) {
			p++;
			continue;
		}
		if (starts_with(p, end, EXPECTED, EXPECTED_LEN)) {
			p = parse_directive(s, p, end);
			continue;
		}
		if (starts_with(p, end, ARGS_TAG, ARGS_TAG_LEN) &&
		    (p + ARGS_TAG_LEN == end || !is_word((unsigned char)p[ARGS_TAG_LEN]))) {
			if (p + ARGS_TAG_LEN < end && p[ARGS_TAG_LEN] == ':')
				parse_args(s, p + ARGS_TAG_LEN + 1, end);
			else
				scan_error(s, "missing ':' after 'corpus-args'");
			return;
		}
		if (starts_with(p, end, TREE_TAG, TREE_TAG_LEN) &&
		    (p + TREE_TAG_LEN == end || !is_word((unsigned char)p[TREE_TAG_LEN]))) {
			if (p + TREE_TAG_LEN < end && p[TREE_TAG_LEN] == ':')
				parse_tree(s, p + TREE_TAG_LEN + 1, end);
			else
				scan_error(s, "missing ':' after 'corpus-tree'");
			return;
		}
		p++;
	}
}

int rml_verify_parse(struct rml_verify *v, const char *path, const char *text, size_t len,
		     FILE *errout)
{
	struct scan s = { .v = v, .path = path ? path : "", .errout = errout, .line = 1 };
	size_t n0 = v->n, nargs0 = v->nargs;
	const char *p = text, *end, *eol;

	if (!text)
		len = 0;
	end = len ? text + len : text;
	while (len && p < end) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		scan_line(&s, p, eol);
		if (eol == end)
			break;
		if (s.line == UINT_MAX) {
			scan_error(&s, "too many lines");
			break;
		}
		s.line++;
		p = eol + 1;
	}
	if (s.nerr) {
		/* leave v as it was before this call */
		free_expects(v, n0);
		free_args(v, nargs0);
		return -1;
	}
	if (s.saw_no_diag)
		v->nfiles_no_diag++;
	return 0;
}

/* ---- matching ---- */

/*
 * A path seen in a directive or a diagnostic. Two paths name the same file when they are
 * equal after dropping leading "./", or when both exist and resolve to the same realpath().
 * group: the first earlier entry naming the same file (its own index otherwise); failures are
 * printed in group order, so files come in the order they were first met: main file, then
 * the parsed files, then files only diagnostics mention.
 */
struct file_ent {
	const char *raw;
	const char *norm;	/* inside raw */
	char *real;		/* heap, NULL when the file does not exist */
	size_t group;
};

struct files {
	struct file_ent *f;
	size_t n, cap;
};

static const char *skip_dot_slash(const char *p)
{
	while (p[0] == '.' && p[1] == '/') {
		p += 2;
		while (*p == '/')
			p++;
	}
	return p;
}

static bool same_file(const struct file_ent *a, const struct file_ent *b)
{
	if (strcmp(a->norm, b->norm) == 0)
		return true;
	return a->real && b->real && strcmp(a->real, b->real) == 0;
}

static size_t file_group(struct files *fs, const char *raw)
{
	struct file_ent *ent;
	size_t i;

	if (!raw)
		raw = "";
	for (i = 0; i < fs->n; i++)
		if (strcmp(fs->f[i].raw, raw) == 0)
			return fs->f[i].group;
	if (fs->n == fs->cap) {
		fs->cap = fs->cap ? fs->cap * 2 : 16;
		fs->f = rml_xrealloc(fs->f, fs->cap * sizeof(*fs->f));
	}
	ent = &fs->f[fs->n];
	ent->raw = raw;
	ent->norm = skip_dot_slash(raw);
	ent->real = *raw ? realpath(raw, NULL) : NULL;
	ent->group = fs->n;
	for (i = 0; i < fs->n; i++) {
		if (same_file(&fs->f[i], ent)) {
			ent->group = fs->f[i].group;
			break;
		}
	}
	return fs->f[fs->n++].group;
}

static void files_fini(struct files *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		free(fs->f[i].real);
	free(fs->f);
}

/* A diagnostic or one of its notes, as matched. */
struct item {
	enum rml_sev sev;
	const char *path;
	size_t file;		/* group */
	unsigned line, col;
	const char *text;	/* "msg [rule]" or msg */
	char *owned;		/* heap text, when it had to be built */
	size_t order;
};

static void add_item(struct item *it, size_t *n, struct files *fs, enum rml_sev sev,
		     const struct rml_loc *loc, const char *msg, const char *rule)
{
	struct item *i = &it[*n];
	size_t ml, rl;

	i->sev = sev;
	i->path = loc->file ? loc->file : "";
	i->file = file_group(fs, i->path);
	i->line = loc->line;
	i->col = loc->col;
	i->order = *n;
	i->owned = NULL;
	i->text = msg ? msg : "";
	if (rule) {
		ml = strlen(i->text);
		rl = strlen(rule);
		i->owned = rml_xmalloc(ml + rl + 4);
		memcpy(i->owned, i->text, ml);
		memcpy(i->owned + ml, " [", 2);
		memcpy(i->owned + ml + 2, rule, rl);
		memcpy(i->owned + ml + 2 + rl, "]", 2);
		i->text = i->owned;
	}
	(*n)++;
}

static int cmp_item(const void *pa, const void *pb)
{
	const struct item *a = pa, *b = pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

enum fail_kind {
	FAIL_NOT_SEEN,		/* a directive short of its count */
	FAIL_NOT_EXPECTED,	/* a diagnostic no directive took */
};

struct failure {
	size_t file;
	unsigned line;
	enum fail_kind kind;
	unsigned col;
	size_t idx;		/* into v->e or into the items */
};

static int cmp_failure(const void *pa, const void *pb)
{
	const struct failure *a = pa, *b = pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static void print_not_seen(FILE *out, const struct rml_expect *e)
{
	fprintf(out, "%s:%u: %s expected but not seen: {{%s}}", e->file, e->line,
		rml_sev_name(e->sev), e->text);
	if (e->min == 1 && e->max == 1)
		;	/* the default count (or an explicit 1) */
	else if (e->max == UINT_MAX)
		fprintf(out, " (expected at least %u, seen %u)", e->min, e->seen);
	else if (e->min == e->max)
		fprintf(out, " (expected %u, seen %u)", e->min, e->seen);
	else
		fprintf(out, " (expected %u to %u, seen %u)", e->min, e->max, e->seen);
	fputc('\n', out);
}

/* Every diagnostic of d and each of its notes, as items sorted by file, line and column. */
static struct item *collect_items(const struct rml_diags *d, struct files *fs, size_t *nitems)
{
	struct item *items;
	size_t ntotal = 0, n = 0;

	for (size_t i = 0; d && i < rml_diags_count(d); i++)
		ntotal += 1 + rml_diags_at(d, i)->nnotes;
	items = rml_xcalloc(ntotal, sizeof(*items));
	for (size_t i = 0; d && i < rml_diags_count(d); i++) {
		const struct rml_diag *dg = rml_diags_at(d, i);

		add_item(items, &n, fs, dg->sev, &dg->loc, dg->msg, dg->rule);
		for (size_t j = 0; j < dg->nnotes; j++)
			add_item(items, &n, fs, RML_SEV_NOTE, &dg->notes[j].loc,
				 dg->notes[j].msg, NULL);
	}
	if (n > 1)
		qsort(items, n, sizeof(*items), cmp_item);
	*nitems = n;
	return items;
}

/*
 * Each item to the first directive that still takes it (same file, line and severity, its
 * text within the item's); the items none takes and the directives short of their count,
 * as failures in the order clang prints them. efile: each directive's file group.
 */
static struct failure *match(struct rml_verify *v, const size_t *efile, const struct item *items,
			     size_t nitems, size_t *nfail)
{
	struct failure *fail = rml_xcalloc(nitems + v->n, sizeof(*fail));
	size_t nf = 0, j;

	for (size_t i = 0; i < nitems; i++) {
		const struct item *it = &items[i];

		for (j = 0; j < v->n; j++) {
			struct rml_expect *e = &v->e[j];

			if (e->seen < e->max && efile[j] == it->file && e->line == it->line &&
			    e->sev == it->sev && strstr(it->text, e->text))
				break;
		}
		if (j < v->n)
			v->e[j].seen++;
		else
			fail[nf++] = (struct failure){ .file = it->file, .line = it->line,
						       .kind = FAIL_NOT_EXPECTED,
						       .col = it->col, .idx = i };
	}
	for (j = 0; j < v->n; j++)
		if (v->e[j].seen < v->e[j].min)
			fail[nf++] = (struct failure){ .file = efile[j], .line = v->e[j].line,
						       .kind = FAIL_NOT_SEEN, .idx = j };
	if (nf > 1)
		qsort(fail, nf, sizeof(*fail), cmp_failure);
	*nfail = nf;
	return fail;
}

static void print_failure(FILE *out, const struct rml_verify *v, const struct item *items,
			  const struct failure *f)
{
	const struct item *it;

	if (f->kind == FAIL_NOT_SEEN) {
		print_not_seen(out, &v->e[f->idx]);
		return;
	}
	it = &items[f->idx];
	fprintf(out, "%s:%u:%u: %s seen but not expected: %s\n", it->path, it->line, it->col,
		rml_sev_name(it->sev), it->text);
}

unsigned rml_verify_check(struct rml_verify *v, const struct rml_diags *d, const char *main_path,
			  FILE *out)
{
	struct files fs = { 0 };
	struct item *items;
	struct failure *fail;
	size_t *efile, nitems, nfail;
	unsigned failures = 0;

	if (main_path)
		file_group(&fs, main_path);
	efile = rml_xcalloc(v->n, sizeof(*efile));
	for (size_t i = 0; i < v->n; i++) {
		v->e[i].seen = 0;
		efile[i] = file_group(&fs, v->e[i].file);
	}
	items = collect_items(d, &fs, &nitems);
	fail = match(v, efile, items, nitems, &nfail);
	if (v->n == 0 && v->nfiles_no_diag == 0) {
		failures++;
		if (out)
			fprintf(out, "%s: error: no expected directives found (use expected-no-diagnostics)\n",
				main_path ? main_path : "");
	}
	for (size_t i = 0; i < nfail; i++) {
		failures++;
		if (out)
			print_failure(out, v, items, &fail[i]);
	}
	for (size_t i = 0; i < nitems; i++)
		free(items[i].owned);
	free(items);
	free(fail);
	free(efile);
	files_fini(&fs);
	return failures;
}
