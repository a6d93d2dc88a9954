/*
 * xmod: drivers whose tables live in another module, joined before the run is scheduled
 * (see xmod.h). A text scan only: no libclang, each file read once more at most.
 */
#include "xmod.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "facts.h"
#include "util.h"

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* C words a '(' follows that are not a function's name. */
static bool keyword(const char *s, size_t n)
{
	static const char *const kw[] = { "sizeof", "if", "while", "for", "switch", "return",
					  "typeof", "__typeof__", "_Alignof", "__alignof__",
					  "_Generic", "defined" };

	for (size_t i = 0; i < RML_ARRAY_SIZE(kw); i++)
		if (strlen(kw[i]) == n && !memcmp(kw[i], s, n))
			return true;
	return false;
}

/* Is word at [b, e) of t, as a whole word? */
static bool has_word_in(const char *t, size_t b, size_t e, const char *word)
{
	size_t wl = strlen(word);

	for (size_t i = b; i + wl <= e; i++)
		if (!memcmp(t + i, word, wl) && (i == b || !ident_char(t[i - 1])) &&
		    (i + wl == e || !ident_char(t[i + wl])))
			return true;
	return false;
}

/*
 * The function whose parameter list holds t[at] (a `struct reg_field *` parameter), when
 * that list is a definition's (its ')' followed by '{') of a function that is not static
 * and not one of the regmap_field API: its name (heap), else NULL.
 */
static char *taker_at(const char *t, size_t len, size_t at)
{
	size_t i = at, open, ne, nb, b;
	long depth = 0;
	char *name;

	for (;;) {
		char c;

		if (!i)
			return NULL;
		c = t[--i];
		if (c == ')') {
			depth++;
		} else if (c == '(') {
			if (!depth)
				break;
			depth--;
		} else if (c == ';' || c == '{' || c == '}') {
			return NULL;
		}
	}
	open = i;
	for (ne = open; ne > 0 && isspace((unsigned char)t[ne - 1]); ne--)
		;
	for (nb = ne; nb > 0 && ident_char(t[nb - 1]); nb--)
		;
	if (nb == ne || isdigit((unsigned char)t[nb]) || keyword(t + nb, ne - nb))
		return NULL;
	depth = 0;
	for (i = open; i < len; i++) {
		if (t[i] == '(') {
			depth++;
		} else if (t[i] == ')') {
			if (--depth == 0)
				break;
		} else if (t[i] == ';' || t[i] == '{' || t[i] == '}') {
			return NULL;
		}
	}
	if (i >= len)
		return NULL;
	for (i++; i < len && isspace((unsigned char)t[i]); i++)
		;
	if (i >= len || t[i] != '{')
		return NULL;	/* a prototype, a call */
	for (b = nb; b > 0 && t[b - 1] != ';' && t[b - 1] != '}'; b--)
		;
	if (has_word_in(t, b, nb, "static"))
		return NULL;	/* no other module can call it */
	name = rml_xstrndup(t + nb, ne - nb);
	if (rml_api_lookup(name)) {
		free(name);
		return NULL;
	}
	return name;
}

/* The table-taking functions a file defines (heap names, each once, in text order). */
static size_t takers_of(const char *t, size_t len, char ***out)
{
	static const char key[] = "struct reg_field";
	size_t n = 0;

	*out = NULL;
	for (const char *p = t, *end = t + len;
	     (p = memmem(p, (size_t)(end - p), key, sizeof(key) - 1)) != NULL;
	     p += sizeof(key) - 1) {
		const char *q = p + sizeof(key) - 1;
		char *name;
		size_t k;

		if ((p > t && ident_char(p[-1])) || (q < end && ident_char(*q)))
			continue;
		while (q < end && isspace((unsigned char)*q))
			q++;
		if (end - q > 5 && !memcmp(q, "const", 5) && !ident_char(q[5]))
			for (q += 5; q < end && isspace((unsigned char)*q); q++)
				;
		if (q >= end || *q != '*')
			continue;
		name = taker_at(t, len, (size_t)(p - t));
		if (!name)
			continue;
		for (k = 0; k < n && strcmp((*out)[k], name); k++)
			;
		if (k < n) {
			free(name);
			continue;
		}
		*out = rml_xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n++] = name;
	}
	return n;
}

/*
 * Is the name at p (in t) declared or defined there rather than called: a type before it
 * (`int foo(`, `struct x *foo(`), not an operator or a statement's keyword?
 */
static bool declared_at(const char *t, const char *p)
{
	const char *e = p, *b;

	while (e > t && isspace((unsigned char)e[-1]))
		e--;
	if (e == t)
		return true;	/* the file starts with it */
	if (e[-1] == '*')
		return true;
	if (!ident_char(e[-1]))
		return false;	/* = ( , ; { } ! & | ? : ... */
	for (b = e; b > t && ident_char(b[-1]); b--)
		;
	return !((e - b == 6 && !memcmp(b, "return", 6)) || (e - b == 4 && !memcmp(b, "else", 4)) ||
		 (e - b == 2 && !memcmp(b, "do", 2)));
}

/*
 * Does the text call name (the word, then '(', not its declaration), without defining a
 * function of that name itself (its calls would be its own function's)?
 */
static bool calls(const char *t, size_t len, const char *name)
{
	size_t nl = strlen(name);
	bool called = false;

	for (const char *p = t, *end = t + len; (p = memmem(p, (size_t)(end - p), name, nl));
	     p += nl) {
		const char *q = p + nl;

		if ((p > t && ident_char(p[-1])) || (q < end && ident_char(*q)))
			continue;
		while (q < end && isspace((unsigned char)*q))
			q++;
		if (q >= end || *q != '(')
			continue;
		if (!declared_at(t, p)) {
			called = true;
			continue;
		}
		/* a declaration: a definition when its ')' is followed by '{' */
		for (long depth = 0; q < end; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && --depth == 0)
				break;
		}
		for (q++; q < end && isspace((unsigned char)*q); q++)
			;
		if (q < end && *q == '{')
			return false;	/* its own function of that name */
	}
	return called;
}

static size_t dir_len(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? (size_t)(slash - p) : 0;
}

/* Directory strings the sets borrow, freed together. */
struct dirlist {
	char **v;
	size_t n;
};

static const char *dir_of(struct dirlist *d, const char *p)
{
	d->v = rml_xrealloc(d->v, (d->n + 1) * sizeof(*d->v));
	return d->v[d->n++] = rml_xstrndup(p, dir_len(p));
}

static char *read_text(const struct rml_overlay *ov, const char *path, size_t *len)
{
	char *text = NULL, err[256];

	if (rml_read_source(ov, path, &text, len, err, sizeof(err)) < 0)
		return NULL;
	return text;
}

size_t rml_xmod_links(const struct rml_overlay *ov, char *const *files, size_t n,
		      char *const *cand, size_t ncand, struct rml_xlink **out)
{
	size_t nl = 0, total = n + ncand;
	char ***names = rml_xcalloc(n + 1, sizeof(*names));
	size_t *nnames = rml_xcalloc(n + 1, sizeof(*nnames)), ntakers = 0;
	struct rml_strset involved = { 0 };	/* directories of takers and passers */
	struct dirlist dirs = { 0 };		/* their strings */

	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		size_t len;
		char *text = read_text(ov, files[i], &len);

		if (!text)
			continue;
		nnames[i] = takers_of(text, len, &names[i]);
		ntakers += nnames[i];
		free(text);
	}
	for (size_t i = 0; i < n; i++)
		if (nnames[i])
			rml_strset_add(&involved, dir_of(&dirs, files[i]));
	for (size_t j = 0; ntakers && j < total; j++) {
		const char *path = j < n ? files[j] : cand[j - n];
		size_t len, nl0 = nl;
		char *text, *dir;
		bool beside = j < n;

		/* a file left out is read when it lies beside one that defines or calls */
		if (!beside) {
			dir = rml_xstrndup(path, dir_len(path));
			beside = rml_strset_find(&involved, dir) >= 0;
			free(dir);
		}
		if (!beside || !(text = read_text(ov, path, &len)))
			continue;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < nnames[i]; k++) {
				if (i == j || !calls(text, len, names[i][k]))
					continue;
				*out = rml_xrealloc(*out, (nl + 1) * sizeof(**out));
				(*out)[nl++] = (struct rml_xlink){ i, j, rml_xstrdup(names[i][k]) };
			}
		if (j < n && nl > nl0)
			rml_strset_add(&involved, dir_of(&dirs, path));
		free(text);
	}
	rml_strset_fini(&involved);
	for (size_t i = 0; i < dirs.n; i++)
		free(dirs.v[i]);
	free(dirs.v);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < nnames[i]; k++)
			free(names[i][k]);
		free(names[i]);
	}
	free(names);
	free(nnames);
	/* by taker, function, passer: the order of the loops above is by passer first */
	for (size_t a = 1; a < nl; a++)
		for (size_t b = a; b > 0; b--) {
			struct rml_xlink *x = &(*out)[b - 1], *y = &(*out)[b], t;
			int c = x->taker != y->taker ? (x->taker < y->taker ? -1 : 1) :
							 strcmp(x->func, y->func);

			if (c < 0 || (c == 0 && x->passer <= y->passer))
				break;
			t = *x;
			*x = *y;
			*y = t;
		}
	return nl;
}

void rml_xmod_links_free(struct rml_xlink *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free((char *)l[i].func);
	free(l);
}

static size_t find_root(size_t *root, size_t g)
{
	while (root[g] != g)
		g = root[g] = root[root[g]];
	return g;
}

size_t rml_xmod_merge(size_t ngroups, const size_t *gsize, const size_t *kind,
		      const struct rml_xlink *l, size_t nl, const size_t *group_of, size_t *root)
{
	size_t *size = rml_xcalloc(ngroups + 1, sizeof(*size)), joins = 0;

	for (size_t g = 0; g < ngroups; g++) {
		root[g] = g;
		size[g] = gsize[g];
	}
	for (size_t i = 0; i < nl; i++) {
		size_t a = find_root(root, group_of[l[i].taker]);
		size_t b = find_root(root, group_of[l[i].passer]);

		if (a == b || kind[a] != kind[b] || size[a] + size[b] > RML_XMOD_MAX_FILES)
			continue;
		if (b < a) {	/* the first driver of the two is the root */
			size_t t = a;

			a = b;
			b = t;
		}
		root[b] = a;
		size[a] += size[b];
		joins++;
	}
	for (size_t g = 0; g < ngroups; g++)
		root[g] = find_root(root, g);
	free(size);
	return joins;
}
