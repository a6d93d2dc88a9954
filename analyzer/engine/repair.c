/* repair: blank designated initialiser items that cannot hold a reg_field (see repair.h). */
#include "repair.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32

static bool at_line_start(const char *t, size_t p)
{
	while (p > 0 && (t[p - 1] == ' ' || t[p - 1] == '\t'))
		p--;
	return p == 0 || t[p - 1] == '\n';
}

/* Skip blanks, comments and preprocessor lines from p; returns the new offset. */
static size_t skip_space(const char *t, size_t len, size_t p)
{
	while (p < len) {
		if (isspace((unsigned char)t[p])) {
			p++;
		} else if (t[p] == '/' && p + 1 < len && t[p + 1] == '*') {
			const char *e = p + 2 < len ? strstr(t + p + 2, "*/") : NULL;

			if (!e || (size_t)(e - t) >= len)
				return len;
			p = (size_t)(e - t) + 2;
		} else if (t[p] == '/' && p + 1 < len && t[p + 1] == '/') {
			while (p < len && t[p] != '\n')
				p++;
		} else if (t[p] == '\\' && p + 1 < len && t[p + 1] == '\n') {
			p += 2;
		} else if (t[p] == '#' && at_line_start(t, p)) {
			/* a preprocessor line inside the initialiser: never part of an item */
			while (p < len && t[p] != '\n') {
				if (t[p] == '\\' && p + 1 < len && t[p + 1] == '\n')
					p++;
				p++;
			}
		} else {
			break;
		}
	}
	return p;
}

/* Skip a string or character literal starting at t[p] (a quote). */
static size_t skip_quoted(const char *t, size_t len, size_t p)
{
	char q = t[p++];

	while (p < len && t[p] != q && t[p] != '\n') {
		if (t[p] == '\\')
			p++;
		p++;
	}
	return p < len ? p + 1 : len;
}

/*
 * The end of an item starting at p: the offset of the ',' or closing brace at depth 0.
 * Returns len when unbalanced.
 */
static size_t item_end(const char *t, size_t len, size_t p)
{
	int depth = 0;

	while (p < len) {
		size_t q = skip_space(t, len, p);

		if (q != p) {
			p = q;
			continue;
		}
		switch (t[p]) {
		case '"':
		case '\'':
			p = skip_quoted(t, len, p);
			continue;
		case '(':
		case '[':
		case '{':
			depth++;
			break;
		case ')':
		case ']':
		case '}':
			if (depth == 0)
				return p;
			depth--;
			break;
		case ',':
		case ';':
			if (depth == 0)
				return p;
			break;
		}
		p++;
	}
	return len;
}

/* Would blanking [s, e) remove a preprocessor line? Then it must stay. */
static bool has_directive(const char *t, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++) {
		if (t[i] != '\n')
			continue;
		i++;
		while (i < e && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i < e && t[i] == '#')
			return true;
	}
	return false;
}

static void blank(char *t, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (t[i] != '\n')
			t[i] = ' ';
}

struct errset {
	const size_t *off;
	size_t n;
	struct rml_repair_voids *voids;
};

static bool has_error(const struct errset *es, size_t s, size_t e)
{
	for (size_t i = 0; i < es->n; i++)
		if (es->off[i] >= s && es->off[i] < e)
			return true;
	return false;
}

/*
 * The item at s: what the oracle says of it (by its designator .member or [index], or as
 * the next positional element) and where its value starts (*v); -1 if malformed.
 */
static int item_kind(const char *t, size_t len, size_t s, const struct rml_repair_oracle *o,
		     void *ctx, enum rml_keep *k, void **sub, size_t *v)
{
	*k = RML_KEEP;
	*sub = NULL;
	*v = s;
	if (t[s] == '.' && o->member) {
		size_t n = s + 1;

		while (n < len && (isalnum((unsigned char)t[n]) || t[n] == '_'))
			n++;
		*k = o->member(ctx, t + s + 1, n - s - 1, sub);
		*v = skip_space(t, len, n);
		if (*v < len && t[*v] != '=')
			*k = *k == RML_BLANK ? RML_BLANK : RML_KEEP;	/* .a.b = : no deeper */
		else if (*v < len)
			*v = skip_space(t, len, *v + 1);
	} else if (o->element) {
		if (t[s] == '[') {
			*v = item_end(t, len, s + 1);	/* ']' */
			if (*v >= len || t[*v] != ']')
				return -1;
			*v = skip_space(t, len, *v + 1);
			if (*v < len && t[*v] == '=')
				*v = skip_space(t, len, *v + 1);
		}
		*k = o->element(ctx, sub);
	}
	return 0;
}

/* A positional item with an error: "{}" in its place keeps its slot, its value unknown. */
static int keep_slot(char *t, size_t s, size_t e, const struct errset *es)
{
	blank(t, s, e);
	t[s] = '{';
	t[s + 1] = '}';
	if (es->voids->n == es->voids->cap) {
		es->voids->cap = es->voids->cap ? 2 * es->voids->cap : 8;
		es->voids->off = realloc(es->voids->off, es->voids->cap * sizeof(*es->voids->off));
		if (!es->voids->off)
			return -1;
	}
	es->voids->off[es->voids->n++] = s;
	return 0;
}

static int repair(char *t, size_t len, size_t open, const struct rml_repair_oracle *o, void *ctx,
		  const struct errset *es, int depth, size_t *close)
{
	size_t p = open + 1;
	int blanked = 0;

	if (depth > MAX_DEPTH)
		return -1;
	for (;;) {
		size_t s = skip_space(t, len, p), e, v;
		enum rml_keep k;
		void *sub;
		bool designated;

		if (s >= len)
			return -1;
		if (t[s] == '}') {
			*close = s;
			return blanked;
		}
		if (t[s] == ',') {
			p = s + 1;
			continue;
		}
		designated = t[s] == '.' || t[s] == '[';
		if (item_kind(t, len, s, o, ctx, &k, &sub, &v) < 0)
			return -1;
		e = item_end(t, len, v);
		if (e >= len)
			return -1;
		if (designated && k != RML_RECURSE && has_error(es, s, e))
			k = RML_BLANK;
		if (!designated && k != RML_RECURSE && es->voids && e - s >= 2 &&
		    has_error(es, s, e) && !has_directive(t, s, e)) {
			if (keep_slot(t, s, e, es) < 0)
				return -1;
			blanked++;
		} else if (k == RML_BLANK && !has_directive(t, s, e)) {
			size_t end = t[e] == ',' ? e + 1 : e;

			blank(t, s, end);
			blanked++;
		} else if (k == RML_RECURSE && v < len && t[v] == '{') {
			size_t c;
			int r = repair(t, len, v, o, sub, es, depth + 1, &c);

			if (r < 0)
				return -1;
			blanked += r;
		}
		if (t[e] == '}') {
			*close = e;
			return blanked;
		}
		if (t[e] == ';')
			return -1;
		p = e + 1;
	}
}

int rml_repair_init(char *text, size_t len, size_t open, const struct rml_repair_oracle *o,
		    void *ctx, const size_t *errs, size_t nerrs, struct rml_repair_voids *voids)
{
	struct errset es = { errs, nerrs, voids };
	size_t close;

	if (open >= len || text[open] != '{')
		return -1;
	return repair(text, len, open, o, ctx, &es, 0, &close);
}

long rml_repair_find_init(const char *t, size_t len, size_t from)
{
	size_t p = from;

	while (p < len) {
		size_t q = skip_space(t, len, p);

		if (q != p) {
			p = q;
			continue;
		}
		switch (t[p]) {
		case '=':
			p = skip_space(t, len, p + 1);
			return p < len && t[p] == '{' ? (long)p : -1;
		case ';':
		case '{':
		case '}':
		case ',':
			return -1;
		case '[':
		case '(':
			p = item_end(t, len, p + 1);	/* the matching ] or ) */
			if (p >= len)
				return -1;
			p++;
			continue;
		case '"':
		case '\'':
			p = skip_quoted(t, len, p);
			continue;
		}
		p++;
	}
	return -1;
}
