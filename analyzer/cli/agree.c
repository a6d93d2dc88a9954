/*
 * agree: does what the reference runtime saw match what regmap-lint found?
 *
 * A runtime violation is a line "file:line: kind: detail" (corpus/runtime, strict mode),
 * optionally ending in " [via L1 L2 ...]": the lines of the driver on the call stack that
 * led to it, innermost first (ci/agree gets them from the runtime's frames). Its kind names
 * a rule (lsb-gt-msb -> field-lsb-gt-msb, ...). A violation about a field carries the
 * field's register and bits in its detail ("field reg 0x10 [7:4]"); it agrees with a
 * finding of that rule about a field with the same parts (for an overlap, the same pair).
 * Other violations agree with a finding of that rule on the same line, or, for a call made
 * inside the driver's wrapper (the finding is where the wrapper is called, a note where the
 * wrapper makes the call), with a finding that has a note on the violation's line; for the
 * kinds recorded where a call is made (on_path), that finding's own line must also be on
 * the violation's call stack, so one run of the wrapper cannot vouch for all its callers.
 * A kind whose rule does not exist yet is left out. Both directions must hold, except for
 * kinds the runtime records for deliberate cases too (a field containing another: a finding
 * must have been seen, but most containments are no finding), and for violations the
 * driver marks on their line as beyond static analysis:
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
#define MAX_VIA 64

struct kind_rule {
	const char *kind;	/* the runtime's violation kind */
	const char *rule;	/* the rule that finds it statically; NULL: none does */
	bool by_field;		/* matched on the field's parts, else on the line */
	bool on_path;		/* through a wrapper: the finding's line on the call stack */
	bool maybe;		/* the runtime records deliberate cases too: a violation of the
				   kind needs no finding, a finding of the rule may pair with it */
};

static const struct kind_rule kinds[] = {
	{ "lsb-gt-msb", "field-lsb-gt-msb", true, false },
	{ "field-beyond-val-bits", "field-exceeds-reg-width", true, false },
	{ "field-overlap", "field-overlap", true, false },
	/* one field's bits contain the other's: mostly deliberate (a whole-register field, an
	   alias, a group), which the runtime cannot tell from one bit too many; field-overlap
	   reports the latter, and each of its containments must have been seen */
	{ "field-overlap-contained", "field-overlap", true, false, true },
	{ "value-exceeds-field", "write-exceeds-field-width", false, true },
	{ "mask-outside-field", "update-mask-outside-field", false, true },
	{ "id-out-of-range", "field-id-out-of-range", false, true },
	{ "leak", "field-alloc-leak", false, false },
	{ "double-free", "field-double-free", false, false },
	{ "devm-freed", "devm-field-freed", false, false },
	/* the plain regmap API and ASoC's component helpers */
	{ "update-value-outside-mask", "update-bits-value-outside-mask", false, true },
	{ "update-mask-zero", "update-bits-value-outside-mask", false, true },
	{ "reg-outside-config", "register-outside-config", false, true },
	{ "value-beyond-val-bits", "write-exceeds-val-bits", false, true },
	/* no rule finds a raw or noinc length in part values yet: name it here when one does */
	{ "raw-length-not-multiple", NULL, false, true },
};

struct fparts {
	uint64_t reg, lsb, msb;
};

struct violation {
	const struct kind_rule *k;
	unsigned line;
	struct fparts f[MAX_PARTS];
	unsigned nf;
	unsigned via[MAX_VIA];	/* the driver's lines on the call stack, innermost first */
	unsigned nvia;
	const char *text;	/* the log line, for messages (points into a copy) */
	size_t textlen;
	bool matched;
};

/* Read "reg 0x10 [7:4]" or "reg 0x10 has lsb 9 > msb 8" occurrences from a detail. */
static unsigned parse_fields(const char *d, const char *end, struct fparts *f)
{
	static const char reg_w[] = "reg 0x", lsb_w[] = "has lsb ", msb_w[] = " > msb ";
	unsigned n = 0;
	const char *p = d;

	while (n < MAX_PARTS && (p = strstr(p, reg_w)) && p < end) {
		char *q;
		unsigned long long reg = strtoull(p + sizeof(reg_w) - 1, &q, 16), a, b;

		p = q;
		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == '[') {	/* [msb:lsb] */
			a = strtoull(p + 1, &q, 10);
			if (*q != ':')
				continue;
			b = strtoull(q + 1, &q, 10);
			f[n++] = (struct fparts){ reg, b, a };
		} else if (!strncmp(p, lsb_w, sizeof(lsb_w) - 1)) {	/* has lsb L > msb M */
			a = strtoull(p + sizeof(lsb_w) - 1, &q, 10);
			if (strncmp(q, msb_w, sizeof(msb_w) - 1))
				continue;
			b = strtoull(q + sizeof(msb_w) - 1, &q, 10);
			f[n++] = (struct fparts){ reg, a, b };
		}
		p = q;
	}
	return n;
}

/*
 * The call stack at the end of a log line, " [via 12 40 7]" (eol its end): its lines into
 * via. Returns where the line's own text ends (eol when there is no stack), or NULL when
 * the stack is malformed.
 */
static const char *parse_via(const char *p, const char *eol, unsigned *via, unsigned *nvia)
{
	static const char via_w[] = " [via";
	const char *open = NULL, *q;

	*nvia = 0;
	if (eol == p || eol[-1] != ']')
		return eol;
	for (q = p; (q = memchr(q, ' ', (size_t)(eol - q))); q++)
		if ((size_t)(eol - q) >= sizeof(via_w) - 1 && !strncmp(q, via_w, sizeof(via_w) - 1))
			open = q;
	if (!open)
		return eol;
	for (q = open + sizeof(via_w) - 1; q < eol - 1;) {
		char *end;
		unsigned long l;

		if (*q != ' ' || q[1] < '0' || q[1] > '9')
			return NULL;
		l = strtoul(q + 1, &end, 10);
		if (end > eol - 1 || !l || l > UINT32_MAX)
			return NULL;
		if (*nvia < MAX_VIA)
			via[(*nvia)++] = (unsigned)l;
		q = end;
	}
	return open;
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
	static const char marker[] = "runtime-only:";
	const size_t mlen = sizeof(marker) - 1;
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
	for (const char *q = p; q + mlen < eol; q++) {
		const char *k;

		if (strncmp(q, marker, mlen))
			continue;
		for (k = q + mlen; k < eol && *k == ' '; k++)
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

static bool has_note_at(const struct rml_diag *d, unsigned line)
{
	for (size_t i = 0; i < d->nnotes; i++)
		if (d->notes[i].loc.line == line)
			return true;
	return false;
}

static bool on_stack(const struct violation *v, unsigned line)
{
	for (unsigned i = 0; i < v->nvia; i++)
		if (v->via[i] == line)
			return true;
	return false;
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
		if (!has_note_at(d, v->line))
			return false;
		/* and that run of the wrapper came through the finding's call */
		return !v->k->on_path || on_stack(v, d->loc.line);
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

/* A log of violations, those of the driver's file (rules that exist) kept. */
struct vlog {
	struct violation *v;
	size_t n, cap;
};

/*
 * One log line "file:line: kind: detail" (eol its end, lineno its number): kept in vl
 * when it is about path. 0, or -1 with what is wrong with it printed to out.
 */
static int parse_violation(struct vlog *vl, const char *p, const char *eol, unsigned lineno,
			   const char *path, FILE *out)
{
	const char *c1, *c2, *c3, *end;
	const struct kind_rule *k;
	struct violation *v;
	char *q;
	unsigned long line;

	c1 = memchr(p, ':', (size_t)(eol - p));
	line = c1 ? strtoul(c1 + 1, &q, 10) : 0;
	c2 = c1 ? q : NULL;
	c3 = c2 && *c2 == ':' ? memchr(c2 + 1, ':', (size_t)(eol - c2 - 1)) : NULL;
	if (!c1 || !c2 || *c2 != ':' || !line || !c3 || c2[1] != ' ') {
		fprintf(out, "runtime log:%u: error: not a \"file:line: kind: detail\" line\n",
			lineno);
		return -1;
	}
	k = kind_of(c2 + 2, (size_t)(c3 - c2 - 2));
	if (!k) {
		fprintf(out, "runtime log:%u: error: unknown violation kind '%.*s'\n", lineno,
			(int)(c3 - c2 - 2), c2 + 2);
		return -1;
	}
	/* violations in other files (the runtime itself, a harness) are not the driver's */
	if (!rule_exists(k->rule) || !same_file(p, (size_t)(c1 - p), path))
		return 0;
	if (vl->n == vl->cap) {
		vl->cap = vl->cap ? 2 * vl->cap : 16;
		vl->v = rml_xrealloc(vl->v, vl->cap * sizeof(*vl->v));
	}
	v = &vl->v[vl->n];
	*v = (struct violation){ .k = k, .line = (unsigned)line, .text = p,
				 .textlen = (size_t)(eol - p) };
	end = parse_via(c3, eol, v->via, &v->nvia);
	if (!end) {
		fprintf(out, "runtime log:%u: error: malformed call stack in '%.*s'\n", lineno,
			(int)(eol - p), p);
		return -1;
	}
	v->nf = parse_fields(c3, end, v->f);
	if (k->by_field && !v->nf) {
		fprintf(out, "runtime log:%u: error: no field in '%.*s'\n", lineno,
			(int)(eol - p), p);
		return -1;
	}
	vl->n++;
	return 0;
}

/* The log, line by line (blank lines skipped). 0, or -1 at its first bad line. */
static int parse_log(struct vlog *vl, const char *log, size_t loglen, const char *path,
		     FILE *out)
{
	const char *p = log, *end = log + loglen;
	unsigned lineno = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (!eol)
			eol = end;
		lineno++;
		if (eol != p && parse_violation(vl, p, eol, lineno, path, out) < 0)
			return -1;
		p = eol + 1;
	}
	return 0;
}

/* Every finding must have been seen at run time: those no violation agrees with, printed. */
static int unobserved(struct vlog *vl, const struct rml_diags *d, FILE *out)
{
	int bad = 0;

	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);
		bool seen = false;

		if (diag->sev != RML_SEV_WARNING || !diag->rule || !has_kind(diag->rule))
			continue;	/* rules the runtime has no violation for are static-only */
		for (size_t j = 0; j < vl->n; j++) {
			if (agrees(&vl->v[j], diag)) {
				vl->v[j].matched = true;
				seen = true;
			}
		}
		if (!seen) {
			fprintf(out, "%s:%u:%u: finding not observed at run time: %s [%s]\n",
				diag->loc.file, diag->loc.line, diag->loc.col, diag->msg, diag->rule);
			bad++;
		}
	}
	return bad;
}

/* Every violation must have been found statically, or be marked runtime-only. */
static int unfound(const struct vlog *vl, const char *src, size_t srclen, FILE *out)
{
	int bad = 0;

	for (size_t j = 0; j < vl->n; j++) {
		const struct violation *v = &vl->v[j];

		if (v->matched || v->k->maybe || runtime_only(src, srclen, v->line, v->k->kind))
			continue;
		fprintf(out, "%.*s: violation not found statically (rule %s)\n", (int)v->textlen,
			v->text, v->k->rule);
		bad++;
	}
	return bad;
}

int rml_agree_check(const char *log, size_t loglen, const struct rml_diags *d, const char *path,
		    const char *src, size_t srclen, FILE *out)
{
	struct vlog vl = { 0 };
	int bad = -1;

	if (parse_log(&vl, log, loglen, path, out) == 0) {
		bad = unobserved(&vl, d, out);
		bad += unfound(&vl, src, srclen, out);
	}
	free(vl.v);
	return bad;
}
