/* diag: the report sink (add, note, sort, dedup). */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void rml_diags_init(struct rml_diags *d, struct rml_arena *arena)
{
	d->arena = arena;
	d->v = (struct rml_ptrvec){ 0 };
}

void rml_diags_fini(struct rml_diags *d)
{
	rml_ptrvec_fini(&d->v);
}

static struct rml_loc copy_loc(struct rml_arena *a, const struct rml_loc *loc)
{
	struct rml_loc l = { .file = "", .line = 0, .col = 0 };

	if (loc) {
		l = *loc;
		l.file = rml_arena_strdup(a, loc->file ? loc->file : "");
	}
	return l;
}

struct rml_diag *rml_diag_add(struct rml_diags *d, enum rml_sev sev, const struct rml_loc *loc,
			      const char *rule, const char *fmt, ...)
{
	struct rml_diag *diag = rml_arena_alloc(d->arena, sizeof(*diag));
	va_list ap;

	diag->sev = sev;
	diag->loc = copy_loc(d->arena, loc);
	diag->rule = rule;
	va_start(ap, fmt);
	diag->msg = rml_arena_vprintf(d->arena, fmt, ap);
	va_end(ap);
	rml_ptrvec_push(&d->v, diag);
	return diag;
}

void rml_diag_note(struct rml_diags *d, struct rml_diag *diag, const struct rml_loc *loc,
		   const char *fmt, ...)
{
	struct rml_note *notes = rml_arena_alloc(d->arena, (diag->nnotes + 1) * sizeof(*notes));
	va_list ap;

	if (diag->nnotes)
		memcpy(notes, diag->notes, diag->nnotes * sizeof(*notes));
	notes[diag->nnotes].loc = copy_loc(d->arena, loc);
	va_start(ap, fmt);
	notes[diag->nnotes].msg = rml_arena_vprintf(d->arena, fmt, ap);
	va_end(ap);
	diag->notes = notes;
	diag->nnotes++;
}

static int strcmp0(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int cmp_diag(const void *pa, const void *pb)
{
	const struct rml_diag *a = *(const struct rml_diag *const *)pa;
	const struct rml_diag *b = *(const struct rml_diag *const *)pb;
	int c;

	if ((c = strcmp0(a->loc.file, b->loc.file)))
		return c;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	if (a->loc.col != b->loc.col)
		return a->loc.col < b->loc.col ? -1 : 1;
	if (a->sev != b->sev)
		return a->sev < b->sev ? -1 : 1;
	if ((c = strcmp0(a->rule, b->rule)))
		return c;
	return strcmp0(a->msg, b->msg);
}

void rml_diags_sort(struct rml_diags *d)
{
	size_t i, o = 0;

	if (d->v.n > 1)
		qsort(d->v.p, d->v.n, sizeof(*d->v.p), cmp_diag);
	for (i = 0; i < d->v.n; i++) {
		if (o && cmp_diag(&d->v.p[o - 1], &d->v.p[i]) == 0)
			continue;
		d->v.p[o++] = d->v.p[i];
	}
	d->v.n = o;
}

const char *rml_sev_name(enum rml_sev sev)
{
	switch (sev) {
	case RML_SEV_ERROR:
		return "error";
	case RML_SEV_WARNING:
		return "warning";
	case RML_SEV_NOTE:
		return "note";
	case RML_SEV_REMARK:
		return "remark";
	}
	return "?";
}
