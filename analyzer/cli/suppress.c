/*
 * suppress: one pass over the text with a small lexer (code, block comment, line comment,
 * string and character literals, backslash-newline), lines counted as it goes. A comment
 * that is a directive is parsed when it ends; one with no code before it waits for the next
 * code character, whose line becomes its target. Linear in the text.
 */
#include "suppress.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MARK "regmap-lint:"
#define MARK_LEN (sizeof(MARK) - 1)

struct scan {
	struct rml_suppressions *s;
	size_t cap;
	size_t pending; /* entries from here on wait for the next line with code */
	char *buf;	/* a comment's text, made plain */
	size_t bufcap;
};

/* White space, and NUL: no rule name holds one, and no C code is made of one. */
static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\0';
}

static void push_rule(struct rml_suppression *e, size_t *cap, const char *s, size_t n)
{
	if (e->nrules == *cap) {
		*cap = *cap ? *cap * 2 : 4;
		e->rules = rml_xrealloc(e->rules, *cap * sizeof(*e->rules));
	}
	e->rules[e->nrules++] = rml_xstrndup(s, n);
}

static void drop_rules(struct rml_suppression *e)
{
	for (size_t i = 0; i < e->nrules; i++)
		free(e->rules[i]);
	free(e->rules);
	e->rules = NULL;
	e->nrules = 0;
}

/* The reason: p..end with every run of blanks one space, trimmed; NULL if empty. */
static char *reason_of(const char *p, const char *end)
{
	char *r = rml_xmalloc((size_t)(end - p) + 1), *o = r;

	for (; p < end; p++) {
		if (!is_blank(*p))
			*o++ = *p;
		else if (o > r && o[-1] != ' ')
			*o++ = ' ';
	}
	if (o > r && o[-1] == ' ')
		o--;
	*o = '\0';
	if (o == r) {
		free(r);
		return NULL;
	}
	return r;
}

static bool starts_reason(const char *p, const char *end)
{
	return end - p >= 2 && p[0] == '-' && p[1] == '-';
}

/* "ignore RULE, RULE -- reason" at p..end into e (or e->error). */
static void parse_directive(struct rml_suppression *e, const char *p, const char *end)
{
	const char *w = p;
	size_t cap = 0;

	while (p < end && is_blank(*p))
		p++;
	for (w = p; p < end && !is_blank(*p) && *p != ','; p++)
		;
	if (p - w != 6 || memcmp(w, "ignore", 6)) {
		e->error = "expected 'ignore' after 'regmap-lint:'";
		return;
	}
	for (;;) {
		while (p < end && is_blank(*p))
			p++;
		if (p >= end || starts_reason(p, end) || *p == ',') {
			e->error = e->nrules ? "no rule after ','" : "no rule after 'ignore'";
			break;
		}
		for (w = p; p < end && !is_blank(*p) && *p != ','; p++)
			;
		push_rule(e, &cap, w, (size_t)(p - w));
		while (p < end && is_blank(*p))
			p++;
		if (p >= end)
			return;
		if (*p == ',') {
			p++;
			continue;
		}
		if (starts_reason(p, end)) {
			e->reason = reason_of(p + 2, end);
			return;
		}
		e->error = "expected ',' or '--' after a rule";
		break;
	}
	drop_rules(e);
}

/*
 * A comment's text (between its delimiters) made plain for parsing: in a block comment, a
 * '*' that starts a line (after blanks) and a '*' run right before the closing one are
 * blanks, and a line comment's backslash-newline is one.
 */
static const char *plain(struct scan *sc, const char *p, size_t n, bool block, size_t *len)
{
	bool line_start = false;

	if (sc->bufcap < n + 1) {
		sc->bufcap = n + 1 > 2 * sc->bufcap ? n + 1 : 2 * sc->bufcap;
		sc->buf = rml_xrealloc(sc->buf, sc->bufcap);
	}
	memcpy(sc->buf, p, n);
	for (size_t i = 0; i < n; i++) {
		char c = sc->buf[i];

		if (c == '\n') {
			/* a backslash that continues a // comment, before LF or CR LF */
			size_t b = i && sc->buf[i - 1] == '\r' ? i - 1 : i;

			line_start = true;
			if (!block && b && sc->buf[b - 1] == '\\')
				sc->buf[b - 1] = ' ';
		} else if (block && line_start && c == '*') {
			sc->buf[i] = ' ';
			line_start = false;
		} else if (!is_blank(c)) {
			line_start = false;
		}
	}
	for (size_t i = n; block && i > 0 && sc->buf[i - 1] == '*'; i--)
		sc->buf[i - 1] = ' ';
	*len = n;
	return sc->buf;
}

static void comment(struct scan *sc, const char *p, size_t n, bool block, unsigned line,
		    bool code_before)
{
	struct rml_suppressions *s = sc->s;
	struct rml_suppression *e;
	const char *q, *end;
	size_t len;

	/* cheap test first: most comments are no directive */
	for (q = p, end = p + n; q < end && (is_blank(*q) || *q == '*' || *q == '/' || *q == '!');
	     q++)
		;
	if ((size_t)(end - q) < MARK_LEN || memcmp(q, MARK, MARK_LEN))
		return;
	q = plain(sc, p, n, block, &len) + (q - p);
	end = sc->buf + len;
	if (s->n == sc->cap) {
		sc->cap = sc->cap ? sc->cap * 2 : 8;
		s->v = rml_xrealloc(s->v, sc->cap * sizeof(*s->v));
	}
	e = &s->v[s->n++];
	*e = (struct rml_suppression){.line = line};
	if (code_before) {
		e->target = line;
		sc->pending = s->n;
	}
	parse_directive(e, q + MARK_LEN, end);
}

/* A code character on line: the waiting entries silence it. */
static void code(struct scan *sc, unsigned line)
{
	for (size_t i = sc->pending; i < sc->s->n; i++)
		sc->s->v[i].target = line;
	sc->pending = sc->s->n;
}

/* A backslash-newline ("\\\n" or "\\\r\n") at p: its length, else 0. */
static size_t splice(const char *p, const char *end)
{
	if (p + 1 < end && p[0] == '\\' && p[1] == '\n')
		return 2;
	if (p + 2 < end && p[0] == '\\' && p[1] == '\r' && p[2] == '\n')
		return 3;
	return 0;
}

/* Newlines in p..end. */
static unsigned count_lines(const char *p, const char *end)
{
	unsigned n = 0;

	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		n++;
		p++;
	}
	return n;
}

void rml_suppress_scan(const char *text, size_t len, struct rml_suppressions *s)
{
	const char *p = text, *end = text + len;
	struct scan sc = {.s = s};
	unsigned line = 1;
	bool code_on_line = false;

	s->v = NULL;
	s->n = 0;
	while (p < end) {
		char c = *p;
		size_t sp;

		if (c == '\n') {
			line++;
			code_on_line = false;
			p++;
		} else if (is_blank(c)) {
			p++;
		} else if ((sp = splice(p, end))) {
			line++;
			code_on_line = false;
			p += sp;
		} else if (c == '/' && p + 1 < end && p[1] == '*') {
			const char *body = p + 2, *q = body;
			unsigned start = line;

			while ((q = memchr(q, '*', (size_t)(end - q))) &&
			       !(q + 1 < end && q[1] == '/'))
				q++;
			if (!q)
				q = end;
			comment(&sc, body, (size_t)(q - body), true, start, code_on_line);
			line += count_lines(body, q);
			if (line != start)
				code_on_line = false; /* the line it ends on has none before it */
			p = q < end ? q + 2 : end;
		} else if (c == '/' && p + 1 < end && p[1] == '/') {
			const char *body = p + 2, *q = body;
			unsigned start = line;

			/* to the newline that no backslash continues */
			while ((q = memchr(q, '\n', (size_t)(end - q)))) {
				const char *b = q > body && q[-1] == '\r' ? q - 1 : q;

				if (b == body || b[-1] != '\\')
					break;
				line++;
				q++;
			}
			if (!q)
				q = end;
			comment(&sc, body, (size_t)(q - body), false, start, code_on_line);
			p = q;
		} else if (c == '"' || c == '\'') {
			code(&sc, line);
			code_on_line = true;
			for (p++; p < end && *p != c && *p != '\n'; p++) {
				if ((sp = splice(p, end))) {
					line++;
					p += sp - 1;
				} else if (*p == '\\' && p + 1 < end && p[1] != '\n') {
					p++;
				}
			}
			if (p < end && *p == c)
				p++;
		} else {
			code(&sc, line);
			code_on_line = true;
			p++;
		}
	}
	free(sc.buf);
}

bool rml_suppress_glob_match(const char *glob, const char *rule)
{
	char buf[128];
	size_t i;

	if (!fnmatch(glob, rule, 0))
		return true;
	/* a checkpatch type (FIELD_OVERLAP, WRITE_*), as --explain takes it: the id in capitals */
	for (i = 0; glob[i] && i + 1 < sizeof(buf); i++) {
		char c = glob[i];

		buf[i] = c == '_' ? '-' : c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	if (glob[i])
		return false;
	buf[i] = '\0';
	return strcmp(buf, glob) && !fnmatch(buf, rule, 0);
}

bool rml_suppress_match(struct rml_suppressions *s, unsigned line, const char *rule)
{
	bool any = false;

	for (size_t i = 0; line && i < s->n; i++) {
		struct rml_suppression *e = &s->v[i];

		if (e->target != line || e->error)
			continue;
		for (size_t k = 0; k < e->nrules; k++) {
			if (rml_suppress_glob_match(e->rules[k], rule)) {
				e->used++;
				any = true;
				break;
			}
		}
	}
	return any;
}

void rml_suppress_fini(struct rml_suppressions *s)
{
	for (size_t i = 0; i < s->n; i++) {
		drop_rules(&s->v[i]);
		free(s->v[i].reason);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}
