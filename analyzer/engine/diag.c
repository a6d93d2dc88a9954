/* diag: the report sink (add, note, sort, dedup). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
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

void rml_diag_edit(struct rml_diags *d, struct rml_diag *diag, const struct rml_range *r,
		   const char *text)
{
	struct rml_edit *e = rml_arena_alloc(d->arena, (diag->nedits + 1) * sizeof(*e));

	if (diag->nedits)
		memcpy(e, diag->edits, diag->nedits * sizeof(*e));
	e[diag->nedits].r = *r;
	e[diag->nedits].r.file = rml_arena_strdup(d->arena, r->file ? r->file : "");
	e[diag->nedits].text = rml_arena_strdup(d->arena, text ? text : "");
	diag->edits = e;
	diag->nedits++;
}

static bool pos_lt(unsigned l1, unsigned c1, unsigned l2, unsigned c2)
{
	return l1 < l2 || (l1 == l2 && c1 < c2);
}

bool rml_range_overlap(const struct rml_range *a, const struct rml_range *b)
{
	if (strcmp(a->file ? a->file : "", b->file ? b->file : ""))
		return false;
	/* [a1, a2) and [b1, b2) share a byte; two insertions at one place conflict too */
	if (a->line1 == b->line1 && a->col1 == b->col1)
		return true;
	return pos_lt(a->line1, a->col1, b->line2, b->col2) &&
	       pos_lt(b->line1, b->col1, a->line2, a->col2);
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

/*
 * Worker -> parent (pool.h), and kbuild records: each diagnostic as a header
 * "D sev line col nnotes hasrule hasgroup nedits" and its strings (the group after the
 * message when hasgroup), each NUL-terminated; notes as
 * "N line col", file, message; edits as "E line1 col1 line2 col2", file, text.
 */
void rml_diags_pack(const struct rml_diags *d, FILE *out)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *g = rml_diags_at(d, i);

		fprintf(out, "D %d %u %u %zu %d %d %zu", (int)g->sev, g->loc.line, g->loc.col,
			g->nnotes, g->rule != NULL, g->group != NULL, g->nedits);
		fputc('\0', out);
		fprintf(out, "%s%c%s%c%s%c", g->loc.file ? g->loc.file : "", 0,
			g->rule ? g->rule : "", 0, g->msg ? g->msg : "", 0);
		if (g->group)
			fprintf(out, "%s%c", g->group, 0);
		for (size_t k = 0; k < g->nnotes; k++) {
			fprintf(out, "N %u %u%c%s%c%s%c", g->notes[k].loc.line, g->notes[k].loc.col, 0,
				g->notes[k].loc.file ? g->notes[k].loc.file : "", 0,
				g->notes[k].msg ? g->notes[k].msg : "", 0);
		}
		for (size_t k = 0; k < g->nedits; k++) {
			const struct rml_edit *e = &g->edits[k];

			fprintf(out, "E %u %u %u %u%c%s%c%s%c", e->r.line1, e->r.col1, e->r.line2,
				e->r.col2, 0, e->r.file ? e->r.file : "", 0, e->text, 0);
		}
	}
}

/* The next NUL-terminated string at *p, or NULL past end. */
static const char *next_str(const char **p, const char *end)
{
	const char *s = *p, *z = memchr(s, '\0', (size_t)(end - s));

	if (!z)
		return NULL;
	*p = z + 1;
	return s;
}

int rml_diags_unpack(struct rml_diags *d, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *h = next_str(&p, end), *file, *rule, *msg, *group = NULL;
		struct rml_diag *g;
		int sev, hasrule, hasgroup = 0, fields;
		unsigned line, col;
		size_t nnotes, nedits = 0;

		/* a record of regmap-lint 0.2.0 has five numbers: no group, no edits */
		if (!h || ((fields = sscanf(h, "D %d %u %u %zu %d %d %zu", &sev, &line, &col,
					&nnotes, &hasrule, &hasgroup, &nedits)) != 5 && fields != 7) ||
		    sev < RML_SEV_ERROR || sev > RML_SEV_REMARK || nnotes > len || nedits > len)
			return -1;
		file = next_str(&p, end);
		rule = next_str(&p, end);
		msg = next_str(&p, end);
		if (!msg || (hasgroup && !(group = next_str(&p, end))))
			return -1;
		g = rml_arena_alloc(d->arena, sizeof(*g));
		memset(g, 0, sizeof(*g));
		g->sev = (enum rml_sev)sev;
		g->loc.file = *file ? rml_arena_strdup(d->arena, file) : NULL;
		g->loc.line = line;
		g->loc.col = col;
		g->rule = hasrule ? rml_arena_strdup(d->arena, rule) : NULL;
		g->msg = rml_arena_strdup(d->arena, msg);
		g->group = group ? rml_arena_strdup(d->arena, group) : NULL;
		g->nnotes = nnotes;
		g->notes = nnotes ? rml_arena_alloc(d->arena, nnotes * sizeof(*g->notes)) : NULL;
		for (size_t k = 0; k < nnotes; k++) {
			const char *nh = next_str(&p, end), *nf, *nm;
			struct rml_note *n = &g->notes[k];

			if (!nh || sscanf(nh, "N %u %u", &n->loc.line, &n->loc.col) != 2)
				return -1;
			nf = next_str(&p, end);
			nm = next_str(&p, end);
			if (!nm)
				return -1;
			n->loc.file = *nf ? rml_arena_strdup(d->arena, nf) : NULL;
			n->msg = rml_arena_strdup(d->arena, nm);
		}
		g->nedits = nedits;
		g->edits = nedits ? rml_arena_alloc(d->arena, nedits * sizeof(*g->edits)) : NULL;
		for (size_t k = 0; k < nedits; k++) {
			const char *eh = next_str(&p, end), *ef, *et;
			struct rml_edit *e = &g->edits[k];

			if (!eh || sscanf(eh, "E %u %u %u %u", &e->r.line1, &e->r.col1, &e->r.line2,
					  &e->r.col2) != 4)
				return -1;
			ef = next_str(&p, end);
			et = next_str(&p, end);
			if (!et)
				return -1;
			e->r.file = rml_arena_strdup(d->arena, ef);
			e->text = rml_arena_strdup(d->arena, et);
		}
		rml_ptrvec_push(&d->v, g);
	}
	return 0;
}

static bool same_cause(const struct rml_diag *a, const struct rml_diag *b)
{
	return a->group && b->group && a->sev == RML_SEV_WARNING && b->sev == RML_SEV_WARNING &&
	       a->rule && b->rule && !strcmp(a->rule, b->rule) && a->loc.file && b->loc.file &&
	       !strcmp(a->loc.file, b->loc.file) && !strcmp(a->group, b->group);
}

void rml_diags_grouped(const struct rml_diags *d, struct rml_diags *out)
{
	size_t n = rml_diags_count(d);
	bool *folded = rml_xcalloc(n ? n : 1, sizeof(*folded));

	for (size_t i = 0; i < n; i++) {
		struct rml_diag *g = rml_diags_at(d, i), *lead;
		size_t more = 0, len, pl;
		const struct rml_loc *at = NULL;
		char *lines;

		if (folded[i])
			continue;
		for (size_t k = i + 1; k < n; k++)
			if (!folded[k] && same_cause(g, rml_diags_at(d, k)))
				more++;
		if (!more) {
			rml_ptrvec_push(&out->v, g);
			continue;
		}
		lines = rml_arena_alloc(out->arena, more * 12 + 1);
		len = 0;
		for (size_t k = i + 1; k < n; k++) {
			const struct rml_diag *o = rml_diags_at(d, k);

			if (folded[k] || !same_cause(g, o))
				continue;
			folded[k] = true;
			if (!at)
				at = &o->loc;
			len += (size_t)sprintf(lines + len, "%s%u", len ? ", " : "", o->loc.line);
		}
		lead = rml_arena_alloc(out->arena, sizeof(*lead));
		*lead = *g;	/* rml_diag_note gives it notes of its own: g is not changed */
		pl = strcspn(g->group, "\n");
		rml_diag_note(out, lead, at, "and %zu more like it%.*s: line%s %s", more, (int)pl,
			      g->group, more == 1 ? "" : "s", lines);
		rml_ptrvec_push(&out->v, lead);
	}
	free(folded);
}

uint64_t rml_finding_hash(const char *rule, const char *line, size_t len)
{
	const char *r = rule ? rule : "";
	uint64_t h = rml_fnv1a(RML_FNV1A_INIT, r, strlen(r) + 1);	/* its NUL too */

	for (size_t i = 0; line && i < len; i++) {
		char c = line[i];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\0')
			continue;
		h = rml_fnv1a(h, &c, 1);
	}
	return h;
}
