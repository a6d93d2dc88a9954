/*
 * config: finding the file walks the folded absolute path's directories from the deepest up
 * with stat(); parsing reads line by line, each line trimmed, split at its first '='.
 */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define SHOWN 64 /* longest key or value echoed in an error */

int rml_config_find(const char *file, char **found)
{
	char *abs, *cand, *slash;
	size_t n;

	*found = NULL;
	abs = rml_abspath(file);
	if (abs[0] != '/') {	/* the current directory cannot be known */
		free(abs);
		return 0;
	}
	/* abs is "/" or "/a/b" (folded): its directory is everything before the last '/' */
	n = strlen(abs);
	cand = rml_xmalloc(n + sizeof("/" RML_CONFIG_NAME));
	for (;;) {
		struct stat st;

		slash = strrchr(abs, '/');
		if (!slash)
			break;
		*slash = '\0';
		snprintf(cand, n + sizeof("/" RML_CONFIG_NAME), "%s/%s", abs, RML_CONFIG_NAME);
		if (!stat(cand, &st) && S_ISREG(st.st_mode)) {
			*found = cand;
			free(abs);
			return 1;
		}
	}
	free(cand);
	free(abs);
	return 0;
}

void rml_config_fini(struct rml_config *c)
{
	free(c->path);
	free(c->enable);
	free(c->disable);
	free(c->baseline);
	*c = (struct rml_config){.siblings = -1};
}

/* s[0..n) for an error message: at most SHOWN bytes, control characters as '?'. */
static const char *shown(char *buf, const char *s, size_t n)
{
	size_t k = n > SHOWN ? SHOWN : n;

	for (size_t i = 0; i < k; i++)
		buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	strcpy(buf + k, n > k ? "..." : "");
	return buf;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

static void trim(const char **s, const char **e)
{
	while (*s < *e && is_blank(**s))
		(*s)++;
	while (*e > *s && is_blank((*e)[-1]))
		(*e)--;
}

/* "a, b ,c" -> "a,b,c" (heap); NULL after an error. */
static char *rule_list(struct rml_line_reader *r, const char *key, const char *s, const char *e)
{
	char *out = rml_xmalloc((size_t)(e - s) + 1), *o = out;

	for (;;) {
		const char *comma = memchr(s, ',', (size_t)(e - s)), *ie = comma ? comma : e;
		const char *is = s;

		trim(&is, &ie);
		if (is == ie) {
			free(out);
			rml_line_error(r, "empty rule in '%s'", key);
			return NULL;
		}
		if (o > out)
			*o++ = ',';
		memcpy(o, is, (size_t)(ie - is));
		o += ie - is;
		if (!comma)
			break;
		s = comma + 1;
	}
	*o = '\0';
	return out;
}

static int boolean(const char *s, size_t n)
{
	static const char *const words[][2] = {{"no", "yes"}, {"false", "true"}, {"0", "1"}};

	for (size_t i = 0; i < RML_ARRAY_SIZE(words); i++)
		for (int v = 0; v < 2; v++)
			if (strlen(words[i][v]) == n && !strncasecmp(s, words[i][v], n))
				return v;
	return -1;
}

enum key { K_ENABLE, K_DISABLE, K_SIBLINGS, K_BASELINE, K_COUNT };

static const char *const key_names[K_COUNT] = {"enable", "disable", "siblings", "baseline"};

/* The config file's directory part ("" for a bare name), for a relative baseline. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return rml_xstrdup("");
	return rml_xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
}

static int set_key(struct rml_line_reader *r, struct rml_config *c, enum key k, const char *v,
		   const char *ve)
{
	char buf[SHOWN + 4];

	if (v == ve)
		return rml_line_error(r, "no value for '%s'", key_names[k]);
	switch (k) {
	case K_ENABLE:
	case K_DISABLE: {
		char *list = rule_list(r, key_names[k], v, ve);

		if (!list)
			return -1;
		*(k == K_ENABLE ? &c->enable : &c->disable) = list;
		*(k == K_ENABLE ? &c->enable_line : &c->disable_line) = r->line;
		return 0;
	}
	case K_SIBLINGS:
		c->siblings = boolean(v, (size_t)(ve - v));
		if (c->siblings < 0)
			return rml_line_error(
				r, "bad boolean '%s' for 'siblings' (yes, no, true, false, 1 or 0)",
				shown(buf, v, (size_t)(ve - v)));
		return 0;
	case K_BASELINE: {
		char *rel = rml_xstrndup(v, (size_t)(ve - v)), *dir = dir_of(c->path);

		c->baseline = rml_path_join(dir, rel);
		free(rel);
		free(dir);
		return 0;
	}
	case K_COUNT:
		break;
	}
	return -1;
}

static int parse_line(struct rml_line_reader *r, struct rml_config *c, unsigned long first[K_COUNT],
		      const char *s, const char *e)
{
	const char *eq, *ks, *ke, *vs, *ve;
	char buf[SHOWN + 4];
	size_t k;

	if (memchr(s, '\0', (size_t)(e - s)))
		return rml_line_error(r, "NUL byte in the line");
	/* a comment: '#' first, or after a blank ("disable = field-overlap  # why") */
	for (const char *h = s; h < e; h++)
		if (*h == '#' && (h == s || is_blank(h[-1]))) {
			e = h;
			break;
		}
	trim(&s, &e);
	if (s == e)
		return 0;
	eq = memchr(s, '=', (size_t)(e - s));
	if (!eq)
		return rml_line_error(r, "missing '=' (expected 'key = value')");
	ks = s;
	ke = eq;
	vs = eq + 1;
	ve = e;
	trim(&ks, &ke);
	trim(&vs, &ve);
	if (ks == ke)
		return rml_line_error(r, "missing key before '='");
	for (k = 0; k < K_COUNT; k++)
		if (strlen(key_names[k]) == (size_t)(ke - ks) &&
		    !memcmp(key_names[k], ks, (size_t)(ke - ks)))
			break;
	if (k == K_COUNT)
		return rml_line_error(r, "unknown key '%s' (enable, disable, siblings, baseline)",
			    shown(buf, ks, (size_t)(ke - ks)));
	if (first[k])
		return rml_line_error(r, "duplicate key '%s' (first on line %lu)", key_names[k], first[k]);
	first[k] = r->line;
	return set_key(r, c, (enum key)k, vs, ve);
}

int rml_config_parse(const char *text, size_t len, const char *path, struct rml_config *c,
		     char *err, size_t errlen)
{
	struct rml_line_reader r = {path, 0, err, errlen};
	unsigned long first[K_COUNT] = {0};
	const char *p = text, *end = text + len;

	*c = (struct rml_config){.path = rml_xstrdup(path), .siblings = -1};
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3; /* a byte order mark */
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;

		r.line++;
		if (parse_line(&r, c, first, p, e)) {
			rml_config_fini(c);
			return -1;
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

int rml_config_load(const char *path, struct rml_config *c, char *err, size_t errlen)
{
	char *text, why[128];
	size_t len;
	int rc;

	*c = (struct rml_config){.siblings = -1};
	if (rml_read_bytes(path, &text, &len, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	rc = rml_config_parse(text, len, path, c, err, errlen);
	free(text);
	return rc;
}
