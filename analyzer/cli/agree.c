/*
 * agree: does what the reference runtime saw match what regmap-lint found?
 *
 * A runtime violation is a line "file:line: kind: detail" (corpus/runtime, strict mode).
 * Its kind names a rule (lsb-gt-msb -> field-lsb-gt-msb, ...). A violation about a field
 * carries the field's register and bits in its detail ("field reg 0x10 [7:4]"); it agrees
 * with a finding of that rule about a field with the same parts (for an overlap, the same
 * pair). Other violations agree with a finding of that rule on the same line. A kind whose
 * rule does not exist yet is left out. Both directions must hold, except for violations
 * the driver marks on their line as beyond static analysis:
 *	// runtime-only: <kind> -- <reason>
 */
#include "agree.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "facts.h"

#define MAX_PARTS 2

struct kind_rule {
	const char *kind;	/* the runtime's violation kind */
	const char *rule;	/* the rule that finds it statically; NULL: none is meant to */
	bool by_field;		/* matched on the field's parts, else on the line */
};

static const struct kind_rule kinds[] = {
	{ "lsb-gt-msb", "field-lsb-gt-msb", true },
	{ "field-beyond-val-bits", "field-exceeds-reg-width", true },
	{ "field-overlap", "field-overlap", true },
	/* one field's bits contain the other's: intended (field-overlap's doc), never a finding */
	{ "field-overlap-contained", NULL, true },
	{ "value-exceeds-field", "write-exceeds-field-width", false },
	{ "mask-outside-field", "update-mask-outside-field", false },
	{ "id-out-of-range", "field-id-out-of-range", false },
	{ "leak", "field-alloc-leak", false },
	{ "double-free", "field-double-free", false },
	{ "devm-freed", "devm-field-freed", false },
};

struct fparts {
	uint64_t reg, lsb, msb;
};

struct violation {
	const struct kind_rule *k;
	unsigned line;
	struct fparts f[MAX_PARTS];
	unsigned nf;
	const char *text;	/* the log line, for messages (points into a copy) */
	size_t textlen;
	bool matched;
};

/* Read "reg 0x10 [7:4]" or "reg 0x10 has lsb 9 > msb 8" occurrences from a detail. */
static unsigned parse_fields(const char *d, const char *end, struct fparts *f)
{
	unsigned n = 0;
	const char *p = d;

	while (n < MAX_PARTS && (p = strstr(p, "reg 0x")) && p < end) {
		char *q;
		unsigned long long reg = strtoull(p + 6, &q, 16), a, b;

		p = q;
		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == '[') {	/* [msb:lsb] */
			a = strtoull(p + 1, &q, 10);
			if (*q != ':')
				continue;
			b = strtoull(q + 1, &q, 10);
			f[n++] = (struct fparts){ reg, b, a };
		} else if (!strncmp(p, "has lsb ", 8)) {	/* has lsb L > msb M */
			a = strtoull(p + 8, &q, 10);
			if (strncmp(q, " > msb ", 7))
				continue;
			b = strtoull(q + 7, &q, 10);
			f[n++] = (struct fparts){ reg, a, b };
		}
		p = q;
	}
	return n;
}

static const struct kind_rule *kind_of(const char *k, size_t len)
{
	for (size_t i = 0; i < RML_ARRAY_SIZE(kinds); i++)
		if (strlen(kinds[i].kind) == len && !strncmp(kinds[i].kind, k, len))
			return &kinds[i];
	return NULL;
}

static bool has_kind(const char *rule)
{
	for (size_t i = 0; i < RML_ARRAY_SIZE(kinds); i++)
		if (kinds[i].rule && !strcmp(kinds[i].rule, rule))
			return true;
	return false;
}

static bool rule_exists(const char *id)
{
	return id && rml_rule_find(id) != NULL;
}

/* Is "runtime-only: KIND" written on line `line` of the source? */
static bool runtime_only(const char *src, size_t len, unsigned line, const char *kind)
{
	const char *p = src, *end = src + len, *eol;
	unsigned l = 1;

	while (p < end && l < line) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			return false;
		p = nl + 1;
		l++;
	}
	if (l != line || p >= end)
		return false;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	for (const char *q = p; q + 14 <= eol; q++) {
		const char *k;

		if (strncmp(q, "runtime-only:", 13))
			continue;
		for (k = q + 13; k < eol && *k == ' '; k++)
			;
		if ((size_t)(eol - k) >= strlen(kind) && !strncmp(k, kind, strlen(kind)))
			return true;
	}
	return false;
}

static bool same_parts(const struct fparts *a, const struct rml_field *f)
{
	return f && f->part[RML_REG].known && f->part[RML_LSB].known && f->part[RML_MSB].known &&
	       a->reg == f->part[RML_REG].v && a->lsb == f->part[RML_LSB].v &&
	       a->msb == f->part[RML_MSB].v;
}

static bool agrees(const struct violation *v, const struct rml_diag *d)
{
	if (!d->rule || strcmp(d->rule, v->k->rule))
		return false;
	if (!v->k->by_field) {
		/* at the finding, or where a wrapper it goes through makes the call */
		if (v->nf && d->field && !same_parts(&v->f[0], d->field))
			return false;
		if (d->loc.line == v->line)
			return true;
		for (size_t i = 0; i < d->nnotes; i++)
			if (d->notes[i].loc.line == v->line)
				return true;
		return false;
	}
	if (v->nf == 1)
		return same_parts(&v->f[0], d->field);
	if (v->nf == 2)
		return (same_parts(&v->f[0], d->field) && same_parts(&v->f[1], d->other)) ||
		       (same_parts(&v->f[1], d->field) && same_parts(&v->f[0], d->other));
	return false;
}

/* The file part of "file:line:" matches the driver (same path, or same final name). */
static bool same_file(const char *a, size_t alen, const char *path)
{
	const char *base = strrchr(path, '/');
	size_t plen = strlen(path), blen;

	if (alen == plen && !strncmp(a, path, alen))
		return true;
	base = base ? base + 1 : path;
	blen = strlen(base);
	return alen >= blen && !strncmp(a + alen - blen, base, blen) &&
	       (alen == blen || a[alen - blen - 1] == '/');
}

int rml_agree_check(const char *log, size_t loglen, const struct rml_diags *d, const char *path,
		    const char *src, size_t srclen, FILE *out)
{
	struct violation *v = NULL;
	size_t nv = 0, cap = 0;
	const char *p = log, *end = log + loglen;
	unsigned lineno = 0;
	int bad = 0;

	/* parse the log */
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *c1, *c2, *c3;
		const struct kind_rule *k;
		char *q;
		unsigned long line;

		if (!eol)
			eol = end;
		lineno++;
		if (eol == p) {
			p = eol + 1;
			continue;
		}
		c1 = memchr(p, ':', (size_t)(eol - p));
		line = c1 ? strtoul(c1 + 1, &q, 10) : 0;
		c2 = c1 ? q : NULL;
		c3 = c2 && *c2 == ':' ? memchr(c2 + 1, ':', (size_t)(eol - c2 - 1)) : NULL;
		if (!c1 || !c2 || *c2 != ':' || !line || !c3 || c2[1] != ' ') {
			fprintf(out, "runtime log:%u: error: not a \"file:line: kind: detail\" line\n",
				lineno);
			free(v);
			return -1;
		}
		k = kind_of(c2 + 2, (size_t)(c3 - c2 - 2));
		if (!k) {
			fprintf(out, "runtime log:%u: error: unknown violation kind '%.*s'\n", lineno,
				(int)(c3 - c2 - 2), c2 + 2);
			free(v);
			return -1;
		}
		/* violations in other files (the runtime itself, a harness) are not the driver's */
		if (rule_exists(k->rule) && same_file(p, (size_t)(c1 - p), path)) {
			if (nv == cap) {
				cap = cap ? 2 * cap : 16;
				v = rml_xrealloc(v, cap * sizeof(*v));
			}
			v[nv] = (struct violation){ .k = k, .line = (unsigned)line, .text = p,
						    .textlen = (size_t)(eol - p) };
			v[nv].nf = parse_fields(c3, eol, v[nv].f);
			if (k->by_field && !v[nv].nf) {
				fprintf(out, "runtime log:%u: error: no field in '%.*s'\n", lineno,
					(int)(eol - p), p);
				free(v);
				return -1;
			}
			nv++;
		}
		p = eol + 1;
	}

	/* every finding must have been seen at run time */
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);
		bool seen = false;

		if (diag->sev != RML_SEV_WARNING || !diag->rule || !has_kind(diag->rule))
			continue;	/* rules the runtime has no violation for are static-only */
		for (size_t j = 0; j < nv; j++) {
			if (agrees(&v[j], diag)) {
				v[j].matched = true;
				seen = true;
			}
		}
		if (!seen) {
			fprintf(out, "%s:%u:%u: finding not observed at run time: %s [%s]\n",
				diag->loc.file, diag->loc.line, diag->loc.col, diag->msg, diag->rule);
			bad++;
		}
	}
	/* every violation must have been found statically, or be marked runtime-only */
	for (size_t j = 0; j < nv; j++) {
		if (v[j].matched || runtime_only(src, srclen, v[j].line, v[j].k->kind))
			continue;
		fprintf(out, "%.*s: violation not found statically (rule %s)\n", (int)v[j].textlen,
			v[j].text, v[j].k->rule);
		bad++;
	}
	free(v);
	return bad;
}
