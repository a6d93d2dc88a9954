/* overlay: in-memory file contents by absolute path (see overlay.h). */
#include "overlay.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "util.h"

static struct rml_ovfile *find(const struct rml_overlay *ov, const char *abs)
{
	for (size_t i = 0; i < ov->n; i++)
		if (!strcmp(ov->v[i].path, abs))
			return &ov->v[i];
	return NULL;
}

static void add(struct rml_overlay *ov, char *abs, char *text, size_t len)
{
	ov->v = rml_xrealloc(ov->v, (ov->n + 1) * sizeof(*ov->v));
	ov->v[ov->n].path = abs;
	ov->v[ov->n].text = text;
	ov->v[ov->n].len = len;
	ov->n++;
}

void rml_overlay_set(struct rml_overlay *ov, const char *path, char *text, size_t len)
{
	char *abs = rml_abspath(path);
	struct rml_ovfile *f = find(ov, abs);

	if (!f) {
		add(ov, abs, text, len);
		return;
	}
	free(abs);
	free(f->text);
	f->text = text;
	f->len = len;
}

static char *with_slash(char *dir)
{
	size_t n = strlen(dir);
	char *out;

	if (n && dir[n - 1] == '/')
		return dir;
	out = rml_xmalloc(n + 2);
	memcpy(out, dir, n);
	strcpy(out + n, "/");
	free(dir);
	return out;
}

int rml_overlay_set_dir(struct rml_overlay *ov, const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: Not a directory", dir);
		return -1;
	}
	if (stat(dir, &st) < 0 || access(dir, R_OK | X_OK) < 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	ov->dir = with_slash(rml_abspath(dir));
	ov->base = with_slash(rml_abspath("."));
	return 0;
}

bool rml_overlay_active(const struct rml_overlay *ov)
{
	return ov && (ov->n || ov->dir);
}

/* The stand-in of abs (under ov->base) from ov->dir, added to ov; NULL when there is none. */
static const struct rml_ovfile *from_dir(struct rml_overlay *ov, char *abs)
{
	size_t bl = strlen(ov->base);
	char *full, *text, err[256];
	struct stat st;
	size_t len;

	if (strncmp(abs, ov->base, bl) || !abs[bl] || rml_strset_find(&ov->absent, abs) >= 0)
		return NULL;
	full = rml_xmalloc(strlen(ov->dir) + strlen(abs + bl) + 1);
	strcpy(full, ov->dir);
	strcat(full, abs + bl);
	if (lstat(full, &st) < 0 || !S_ISREG(st.st_mode)) {
		free(full);
		rml_strset_add(&ov->absent, rml_xstrdup(abs));
		return NULL;
	}
	if (rml_read_file(full, &text, &len, err, sizeof(err)) < 0) {
		fprintf(stderr, "regmap-lint: error: --contents-from: %s: %s\n", full, err);
		ov->failed = true;
		free(full);
		rml_strset_add(&ov->absent, rml_xstrdup(abs));
		return NULL;
	}
	free(full);
	add(ov, rml_xstrdup(abs), text, len);
	return &ov->v[ov->n - 1];
}

const struct rml_ovfile *rml_overlay_get(const struct rml_overlay *ov, const char *path)
{
	const struct rml_ovfile *f;
	char *abs;

	if (!rml_overlay_active(ov))
		return NULL;
	abs = rml_abspath(path);
	f = find(ov, abs);
	/* the overlay is the caller's own (never a const object): a stand-in read now is kept */
	if (!f && ov->dir)
		f = from_dir((struct rml_overlay *)ov, abs);
	free(abs);
	return f;
}

void rml_overlay_fini(struct rml_overlay *ov)
{
	for (size_t i = 0; i < ov->n; i++) {
		free(ov->v[i].path);
		free(ov->v[i].text);
	}
	free(ov->v);
	for (size_t i = 0; i < ov->absent.n; i++)
		free((char *)ov->absent.s[i]);
	rml_strset_fini(&ov->absent);
	free(ov->dir);
	free(ov->base);
	memset(ov, 0, sizeof(*ov));
}
