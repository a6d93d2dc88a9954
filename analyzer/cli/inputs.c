/*
 * inputs: what a run analyses. Directories walked for .c files, the prefilter that skips
 * files which cannot involve the regmap_field API, a lone file's sibling files of the same
 * driver, file lists (--files-from), and the .c files a changed header reaches. No libclang.
 */
#include "inputs.h"
#include "rule.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "util.h"

bool rml_is_dir(const char *p)
{
	struct stat st;

	return p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

size_t rml_dir_len(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? (size_t)(slash - p) : 0;
}

const char *rml_next_quoted_include(const char **p, size_t *len)
{
	static const char include[] = "#include \"";
	const char *at;

	while ((at = strstr(*p, include)) != NULL) {
		const char *name = at + sizeof(include) - 1, *end = strchr(name, '"');

		*p = name;
		if (!end || end - name > RML_INCLUDE_NAME_MAX ||
		    memchr(name, '\n', (size_t)(end - name)))
			continue;
		*len = (size_t)(end - name);
		return name;
	}
	return NULL;
}

/* The names a file includes with quotes (#include "x.h"), as a newline-separated list. */
static char *quoted_includes(const char *text)
{
	size_t cap = 256, len = 0, nlen;
	char *out = rml_xmalloc(cap);
	const char *p = text, *name;

	out[0] = '\0';
	while ((name = rml_next_quoted_include(&p, &nlen)) != NULL) {
		if (len + nlen + 3 > cap) {
			cap = 2 * cap + nlen;
			out = rml_xrealloc(out, cap);
		}
		out[len++] = '\n';
		memcpy(out + len, name, nlen);
		len += nlen;
		out[len++] = '\n';
		out[len] = '\0';
	}
	return out;
}

static bool shares_include(const char *mine, const char *text)
{
	char *theirs = quoted_includes(text);
	const char *p = mine;
	bool shared = false;

	while (!shared && (p = strchr(p, '\n')) != NULL && p[1]) {
		const char *end = strchr(p + 1, '\n');
		char name[RML_INCLUDE_NAME_MAX + 3];	/* "\n" name "\n" */

		if (!end)
			break;
		snprintf(name, sizeof(name), "\n%.*s\n", (int)(end - p - 1), p + 1);
		shared = strstr(theirs, name) != NULL;
		p = end;
	}
	free(theirs);
	return shared;
}

/*
 * The API's own words: the regmap_field calls and type, the reg_field type, its two
 * macros. Not "reg_field" or "REG_FIELD" alone: names such as REG_FIELD_PREP or
 * dw_reg_fields would let 700 more files of a kernel tree through.
 */
static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* word at the start of an identifier (SOC15_REG_FIELD( and AMDGPU_GET_REG_FIELD( are not). */
static bool has_word(const char *t, size_t len, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = t, *end = t + len; (p = memmem(p, (size_t)(end - p), word, wl));
	     p += wl)
		if (p == t || !ident_char(p[-1]))
			return true;
	return false;
}

static bool mentions_field_api(const char *t, size_t len)
{
	static const char handle[] = "regmap_field", table[] = "struct reg_field";

	return memmem(t, len, handle, sizeof(handle) - 1) ||
	       memmem(t, len, table, sizeof(table) - 1) ||
	       has_word(t, len, "REG_FIELD(") || has_word(t, len, "REG_FIELD_ID(");
}

/*
 * The plain regmap API: any "regmap" (calls, struct regmap, regmap_config and its tables)
 * or ASoC's component helpers over it, which codecs may call without naming a regmap.
 */
static bool mentions_regmap_api(const char *t, size_t len)
{
	static const char regmap[] = "regmap", component[] = "snd_soc_component_";

	return memmem(t, len, regmap, sizeof(regmap) - 1) ||
	       memmem(t, len, component, sizeof(component) - 1);
}

static bool mentions_api(const char *t, size_t len, unsigned apis)
{
	if ((apis & RML_API_REGMAP) && mentions_regmap_api(t, len))
		return true;	/* "regmap" is in every field API word but REG_FIELD( */
	return (apis & RML_API_FIELD) && mentions_field_api(t, len);
}

/*
 * The other files of the same driver as path: .c files beside it that use the regmap_field
 * API and include one of the driver's own headers it includes ("tsens.h", "lpass.h").
 * They are read for what they contribute (allocations, wrappers, tables), not reported.
 */

size_t rml_find_siblings(const struct rml_overlay *ov, const char *path, char ***out)
{
	size_t dl = rml_dir_len(path), n = 0;
	char dir[PATH_MAX], *text = NULL, *mine, err[256];
	size_t len;
	DIR *d;
	struct dirent *de;

	*out = NULL;
	snprintf(dir, sizeof(dir), "%.*s", dl ? (int)dl : 1, dl ? path : ".");
	if (rml_read_source(ov, path, &text, &len, err, sizeof(err)) < 0)
		return 0;
	mine = quoted_includes(text);
	free(text);
	d = *mine ? opendir(dir) : NULL;
	while (d && (de = readdir(d)) != NULL) {
		size_t nl = strlen(de->d_name);
		char cand[2 * PATH_MAX + 2];

		if (nl < 3 || strcmp(de->d_name + nl - 2, ".c"))
			continue;
		snprintf(cand, sizeof(cand), "%s/%s", dir, de->d_name);
		if (!strcmp(de->d_name, path + (dl ? dl + 1 : 0)) ||
		    rml_read_source(ov, cand, &text, &len, err, sizeof(err)) < 0)
			continue;
		if (mentions_field_api(text, len) && shares_include(mine, text)) {
			*out = rml_xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n++] = rml_xstrdup(cand);
		}
		free(text);
	}
	if (d)
		closedir(d);
	free(mine);
	/* a stable order, whatever readdir gives */
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b > 0 && strcmp((*out)[b - 1], (*out)[b]) > 0; b--) {
			char *t = (*out)[b];

			(*out)[b] = (*out)[b - 1];
			(*out)[b - 1] = t;
		}
	return n;
}

void rml_inlist_add(struct rml_inlist *l, const char *p)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = rml_xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = rml_xstrdup(p);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#define MAX_WALK_DEPTH 64	/* directories below the one given */
#define MAX_ANCESTORS 256	/* directories on the way down, the one given included */

/* The directories on the way down to the one walked, to tell a loop. */
struct visited {
	dev_t dev[MAX_ANCESTORS];
	ino_t ino[MAX_ANCESTORS];
	int n;
};

/* All .c files under dir, sorted; loops and unreadable entries are reported, not fatal. */
static int walk_dir(const char *dir, struct rml_inlist *out, struct visited *seen, int depth)
{
	struct rml_inlist here = { 0 };
	struct stat st;
	DIR *d;
	struct dirent *de;
	int rc = 0;

	if (stat(dir, &st) < 0)
		return 0;
	for (int i = 0; i < seen->n; i++)
		if (seen->dev[i] == st.st_dev && seen->ino[i] == st.st_ino) {
			fprintf(stderr, "regmap-lint: error: %s: directory loop (a symlink back to an "
				"ancestor), not followed\n", dir);
			return -1;
		}
	if (depth > MAX_WALK_DEPTH || (size_t)seen->n == RML_ARRAY_SIZE(seen->dev)) {
		fprintf(stderr, "regmap-lint: error: %s: directories nested too deep\n", dir);
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "regmap-lint: error: %s: cannot open directory: %s\n", dir,
			strerror(errno));
		return -1;
	}
	seen->dev[seen->n] = st.st_dev;
	seen->ino[seen->n++] = st.st_ino;
	while ((de = readdir(d)) != NULL) {
		size_t nl = strlen(de->d_name);
		char path[PATH_MAX];

		if (de->d_name[0] == '.')
			continue;	/* ., .., and hidden entries (.git) */
		if (snprintf(path, sizeof(path), "%s%s%s", dir,
			     dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/",
			     de->d_name) >= (int)sizeof(path))
			continue;
		if (stat(path, &st) < 0) {
			if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
				fprintf(stderr, "regmap-lint: error: %s: dangling or looping symlink\n",
					path);
				rc = -1;
			}
			continue;
		}
		if (S_ISDIR(st.st_mode) || (nl > 2 && !strcmp(de->d_name + nl - 2, ".c")))
			rml_inlist_add(&here, path);
	}
	closedir(d);
	if (here.n > 1)
		qsort(here.v, here.n, sizeof(*here.v), cmp_str);
	for (size_t i = 0; i < here.n; i++) {
		if (stat(here.v[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (walk_dir(here.v[i], out, seen, depth + 1) < 0)
				rc = -1;
		} else {
			rml_inlist_add(out, here.v[i]);
		}
		free(here.v[i]);
	}
	free(here.v);
	seen->n--;
	return rc;
}

/* Could this file involve the APIs (RML_API_*: it, or a header it includes with quotes)? */
bool rml_may_use_api(const struct rml_overlay *ov, const char *path, unsigned apis)
{
	char *text, err[256];
	size_t len, nlen, dl = rml_dir_len(path);
	bool may;
	const char *p, *name;

	if (rml_read_source(ov, path, &text, &len, err, sizeof(err)) < 0)
		return true;	/* let the analysis report it */
	may = mentions_api(text, len, apis);
	for (p = text; !may && (name = rml_next_quoted_include(&p, &nlen)) != NULL;) {
		char hpath[PATH_MAX], *htext;
		size_t hlen;

		snprintf(hpath, sizeof(hpath), "%.*s%s%.*s", (int)dl, path, dl ? "/" : "",
			 (int)nlen, name);
		if (rml_read_source(ov, hpath, &htext, &hlen, err, sizeof(err)) == 0) {
			may = mentions_api(htext, hlen, apis);
			free(htext);
		}
	}
	free(text);
	return may;
}

/*
 * Directories become the .c files under them; with prefilter, files that cannot involve
 * the API are dropped without parsing (*skipped counts them). Returns -1 when an entry
 * could not be walked (reported), 0 otherwise.
 */
int rml_expand_inputs(const struct rml_overlay *ov, struct rml_inlist *in, unsigned prefilter,
		      size_t *skipped, struct rml_inlist *left_out)
{
	struct rml_inlist l = { 0 };
	struct visited seen;
	struct stat st;
	int rc = 0;

	*skipped = 0;
	for (size_t i = 0; i < in->n; i++) {
		size_t nl = strlen(in->v[i]);
		bool ovl = rml_overlay_get(ov, in->v[i]) != NULL;

		/* a directory is walked, unless it is named as a C file is: then it is an error */
		if (!ovl && stat(in->v[i], &st) == 0 && S_ISDIR(st.st_mode) &&
		    !(nl > 2 && !strcmp(in->v[i] + nl - 2, ".c"))) {
			size_t from = l.n;

			seen.n = 0;
			if (walk_dir(in->v[i], &l, &seen, 0) < 0)
				rc = -1;
			/* kept in place: a tree's 35,000 files, one pass */
			size_t kept = from;

			for (size_t k = from; prefilter && k < l.n; k++) {
				if (rml_may_use_api(ov, l.v[k], prefilter)) {
					l.v[kept++] = l.v[k];
					continue;
				}
				if (left_out)
					rml_inlist_add(left_out, l.v[k]);
				free(l.v[k]);
				(*skipped)++;
			}
			if (prefilter)
				l.n = kept;
		} else if (prefilter && (ovl || (stat(in->v[i], &st) == 0 && S_ISREG(st.st_mode))) &&
			   !rml_may_use_api(ov, in->v[i], prefilter)) {
			(*skipped)++;
		} else {
			rml_inlist_add(&l, in->v[i]);
		}
		free(in->v[i]);
	}
	free(in->v);
	*in = l;
	return rc;
}

void rml_inlist_fini(struct rml_inlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

int rml_read_list(const char *file, struct rml_inlist *out, char *err, size_t errlen)
{
	char *text = NULL, *p, *nl;
	size_t len = 0;

	if (!strcmp(file, "-")) {
		if (rml_read_fd(STDIN_FILENO, &text, &len) < 0) {
			snprintf(err, errlen, "-: cannot read: %s", strerror(errno));
			return -1;
		}
		if (memchr(text, '\0', len)) {
			snprintf(err, errlen, "-: contains NUL bytes, not a list of files");
			free(text);
			return -1;
		}
	} else if (rml_read_file(file, &text, &len, err + 0, errlen) < 0) {
		char why[256];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %s", file, why);
		return -1;
	}
	for (p = text; p && *p; p = nl ? nl + 1 : NULL) {
		size_t n;

		nl = strchr(p, '\n');
		n = nl ? (size_t)(nl - p) : strlen(p);
		while (n && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		if (!n || p[strspn(p, " \t")] == '#')
			continue;	/* blank, or a comment */
		p[n] = '\0';
		rml_inlist_add(out, p);
	}
	free(text);
	return 0;
}

/* Does text include name with quotes (#include "name", any spacing after '#')? */
static bool includes_name(const char *text, const char *name)
{
	size_t nl = strlen(name);

	for (const char *p = text; (p = strstr(p, name)) != NULL; p += nl) {
		const char *q = p;

		if (q == text || q[-1] != '"' || q[nl] != '"')
			continue;
		q--;
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - text >= 7 && !strncmp(q - 7, "include", 7))
			return true;
	}
	return false;
}

size_t rml_includers(const struct rml_overlay *ov, const char *header, struct rml_inlist *out)
{
	size_t dl = rml_dir_len(header), n = 0;
	const char *base = header + (dl ? dl + 1 : 0);
	char dir[PATH_MAX];
	struct rml_inlist here = { 0 };
	DIR *d;
	struct dirent *de;

	snprintf(dir, sizeof(dir), "%.*s", dl ? (int)dl : 1, dl ? header : ".");
	d = opendir(dir);
	while (d && (de = readdir(d)) != NULL) {
		size_t nl = strlen(de->d_name);
		char cand[2 * PATH_MAX + 2];

		if (nl < 3 || strcmp(de->d_name + nl - 2, ".c") || de->d_name[0] == '.')
			continue;
		snprintf(cand, sizeof(cand), "%s%s%s", dl ? dir : "", dl ? "/" : "", de->d_name);
		rml_inlist_add(&here, cand);
	}
	if (d)
		closedir(d);
	if (here.n > 1)
		qsort(here.v, here.n, sizeof(*here.v), cmp_str);
	for (size_t i = 0; i < here.n; i++) {
		char *text = NULL, err[256];
		size_t len;

		if (rml_read_source(ov, here.v[i], &text, &len, err, sizeof(err)) == 0 &&
		    includes_name(text, base)) {
			rml_inlist_add(out, here.v[i]);
			n++;
		}
		free(text);
	}
	rml_inlist_fini(&here);
	return n;
}
