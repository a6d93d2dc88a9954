/* overlay: in-memory file contents by absolute path (see overlay.h). */
#include "overlay.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

void rml_overlay_set(struct rml_overlay *ov, const char *path, char *text, size_t len)
{
	char *abs = rml_abspath(path);

	for (size_t i = 0; i < ov->n; i++) {
		if (strcmp(ov->v[i].path, abs))
			continue;
		free(abs);
		free(ov->v[i].text);
		ov->v[i].text = text;
		ov->v[i].len = len;
		return;
	}
	ov->v = rml_xrealloc(ov->v, (ov->n + 1) * sizeof(*ov->v));
	ov->v[ov->n].path = abs;
	ov->v[ov->n].text = text;
	ov->v[ov->n].len = len;
	ov->n++;
}

const struct rml_ovfile *rml_overlay_get(const struct rml_overlay *ov, const char *path)
{
	const struct rml_ovfile *f = NULL;
	char *abs;

	if (!ov || !ov->n)
		return NULL;
	abs = rml_abspath(path);
	for (size_t i = 0; i < ov->n && !f; i++)
		if (!strcmp(ov->v[i].path, abs))
			f = &ov->v[i];
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
	ov->v = NULL;
	ov->n = 0;
}
