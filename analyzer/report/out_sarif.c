/*
 * out_sarif: the report as SARIF 2.1.0, as GitHub code scanning takes it: every rule with
 * its descriptions and help (the embedded rules/<id>.md), results with %SRCROOT%-relative
 * URIs, UTF-16 regions, related locations for notes and partialFingerprints; tool errors
 * are the invocation's notifications. The mapping is in docs/output.md.
 */
#include "report_impl.h"

#include <stdlib.h>
#include <string.h>

static const char sarif_schema[] = "https://json.schemastore.org/sarif-2.1.0.json";

/* Percent-encode what a URI path may not hold as is (RFC 3986: pchar and '/', no ':'). */
static char *uri_encode(struct rml_arena *a, const char *prefix, const char *s)
{
	static const char keep[] = "-._~/!$&'()*+,;=@";
	char *out = rml_arena_alloc(a, strlen(prefix) + 3 * strlen(s) + 1);
	size_t o = strlen(prefix);

	memcpy(out, prefix, o);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr(keep, *p)) {
			out[o++] = (char)*p;
		} else {
			static const char hex[] = "0123456789ABCDEF";

			out[o++] = '%';
			out[o++] = hex[*p >> 4];
			out[o++] = hex[*p & 15];
		}
	}
	out[o] = '\0';
	return out;
}

static void artifact(struct rml_report *r, const char *file)
{
	const char *abs = rml_report_abs(r, file);
	size_t rl = strlen(r->root);
	struct rml_jw *w = &r->jw;

	rml_jw_key(w, "artifactLocation");
	rml_jw_obj(w);
	if (!strncmp(abs, r->root, rl) && abs[rl]) {
		rml_jw_kstr(w, "uri", uri_encode(&r->arena, "", abs + rl));
		rml_jw_kstr(w, "uriBaseId", "%SRCROOT%");
	} else {
		rml_jw_kstr(w, "uri", uri_encode(&r->arena, "file://", abs));
	}
	rml_jw_end_obj(w);
}

static void physical(struct rml_report *r, const struct rml_loc *loc, struct rml_srcs *s)
{
	struct rml_jw *w = &r->jw;

	rml_jw_key(w, "physicalLocation");
	rml_jw_obj(w);
	artifact(r, loc->file);
	if (loc->line) {
		size_t len;
		const char *line = rml_src_line(s, loc->file, loc->line, &len);

		rml_jw_key(w, "region");
		rml_jw_obj(w);
		rml_jw_kuint(w, "startLine", loc->line);
		rml_jw_kuint(w, "startColumn", rml_utf16_col(line, len, loc->col));
		rml_jw_kuint(w, "endLine", loc->line);
		rml_jw_end_obj(w);
	}
	rml_jw_end_obj(w);
}

static void message(struct rml_jw *w, const char *text)
{
	rml_jw_key(w, "message");
	rml_jw_obj(w);
	rml_jw_kstr(w, "text", text);
	rml_jw_end_obj(w);
}

/* "FieldOverlap" for "field-overlap" (arena). */
static char *camel(struct rml_arena *a, const char *id)
{
	char *out = rml_arena_strdup(a, id), *o = out;
	bool up = true;

	for (const char *p = id; *p; p++) {
		if (*p == '-') {
			up = true;
			continue;
		}
		*o++ = up && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
		up = false;
	}
	*o = '\0';
	return out;
}

static void rule_entry(struct rml_report *r, const struct rml_rule *rule)
{
	struct rml_jw *w = &r->jw;
	const char *doc = rml_rule_doc_text(rule->id);
	const char *full = rml_rule_doc_paragraph(&r->arena, rule->id);

	rml_jw_obj(w);
	rml_jw_kstr(w, "id", rule->id);
	rml_jw_kstr(w, "name", camel(&r->arena, rule->id));
	rml_jw_key(w, "shortDescription");
	rml_jw_obj(w);
	rml_jw_kstr(w, "text", rule->summary);
	rml_jw_end_obj(w);
	rml_jw_key(w, "fullDescription");
	rml_jw_obj(w);
	rml_jw_kstr(w, "text", full ? rml_arena_printf(&r->arena, "%s %s", rule->summary, full)
				    : rule->summary);
	rml_jw_end_obj(w);
	rml_jw_key(w, "help");
	rml_jw_obj(w);
	rml_jw_kstr(w, "text", doc ? doc : rule->summary);
	rml_jw_kstr(w, "markdown", doc ? doc : rule->summary);
	rml_jw_end_obj(w);
	rml_jw_key(w, "defaultConfiguration");
	rml_jw_obj(w);
	rml_jw_kstr(w, "level", rule->advisory ? "note" : "warning");
	rml_jw_end_obj(w);
	rml_jw_key(w, "properties");
	rml_jw_obj(w);
	rml_jw_key(w, "tags");
	rml_jw_arr(w);
	rml_jw_str(w, rule->advisory ? "maintainability" : "correctness");
	rml_jw_str(w, "regmap");
	rml_jw_end_arr(w);
	rml_jw_kstr(w, "precision", rml_precision_name(rule->confidence));
	rml_jw_kstr(w, "problem.severity", rule->advisory ? "recommendation" : "warning");
	rml_jw_end_obj(w);
	rml_jw_end_obj(w);
}

static void sarif_begin(struct rml_report *r)
{
	struct rml_jw *w = &r->jw;

	rml_jw_obj(w);
	rml_jw_kstr(w, "$schema", sarif_schema);
	rml_jw_kstr(w, "version", "2.1.0");
	rml_jw_key(w, "runs");
	rml_jw_arr(w);
	rml_jw_obj(w);
	rml_jw_key(w, "tool");
	rml_jw_obj(w);
	rml_jw_key(w, "driver");
	rml_jw_obj(w);
	rml_jw_kstr(w, "name", "regmap-lint");
	rml_jw_kstr(w, "semanticVersion", r->o.version);
	rml_jw_key(w, "properties");
	rml_jw_obj(w);
	rml_jw_kstr(w, "libclang", r->o.libclang);
	rml_jw_end_obj(w);
	rml_jw_key(w, "rules");
	rml_jw_arr(w);
	for (size_t i = 0; i < rml_nrules; i++)
		rule_entry(r, rml_rules[i]);
	rml_jw_end_arr(w);
	rml_jw_end_obj(w);	/* driver */
	rml_jw_end_obj(w);	/* tool */
	rml_jw_key(w, "originalUriBaseIds");
	rml_jw_obj(w);
	rml_jw_key(w, "%SRCROOT%");
	rml_jw_obj(w);
	rml_jw_kstr(w, "uri", uri_encode(&r->arena, "file://", r->root));
	rml_jw_end_obj(w);
	rml_jw_end_obj(w);
	rml_jw_kstr(w, "columnKind", "utf16CodeUnits");
	rml_jw_key(w, "results");
	rml_jw_arr(w);
}

static size_t rule_index(const char *id)
{
	for (size_t i = 0; i < rml_nrules; i++)
		if (!strcmp(rml_rules[i]->id, id))
			return i;
	return 0;
}

/* Keep a tool error or a remark (copied) for the invocation's notifications. */
static void hold(struct rml_report *r, const struct rml_diag *d)
{
	struct rml_diag *h = rml_arena_alloc(&r->arena, sizeof(*h));

	h->sev = d->sev;
	h->loc = d->loc;
	h->loc.file = d->loc.file ? rml_arena_strdup(&r->arena, d->loc.file) : NULL;
	h->msg = rml_arena_strdup(&r->arena, d->msg);
	rml_ptrvec_push(&r->held, h);
}

/* A line:column of a fix-it (a byte column) as the run's columnKind counts it. */
static void fix_pos(struct rml_report *r, struct rml_srcs *s, const char *file, const char *lk,
		    const char *ck, unsigned line, unsigned bytecol)
{
	size_t len;
	const char *text = rml_src_line(s, file, line, &len);

	rml_jw_kuint(&r->jw, lk, line);
	rml_jw_kuint(&r->jw, ck, rml_utf16_col_bytes(text, len, bytecol));
}

/*
 * The fix-it as SARIF's result.fixes: one fix, an artifactChange per file, a replacement
 * per edit (deletedRegion in the run's UTF-16 columns, insertedContent).
 */
static void fixes(struct rml_report *r, const struct rml_diag *d, struct rml_srcs *s)
{
	struct rml_jw *w = &r->jw;

	rml_jw_key(w, "fixes");
	rml_jw_arr(w);
	rml_jw_obj(w);
	rml_jw_key(w, "artifactChanges");
	rml_jw_arr(w);
	for (size_t k = 0; k < d->nedits; k++) {
		const char *file = d->edits[k].r.file;
		bool seen = false;

		for (size_t j = 0; j < k && !seen; j++)
			seen = !strcmp(d->edits[j].r.file, file);
		if (seen)
			continue;	/* its file's change is written */
		rml_jw_obj(w);
		artifact(r, file);
		rml_jw_key(w, "replacements");
		rml_jw_arr(w);
		for (size_t j = k; j < d->nedits; j++) {
			const struct rml_edit *e = &d->edits[j];

			if (strcmp(e->r.file, file))
				continue;
			rml_jw_obj(w);
			rml_jw_key(w, "deletedRegion");
			rml_jw_obj(w);
			fix_pos(r, s, file, "startLine", "startColumn", e->r.line1, e->r.col1);
			fix_pos(r, s, file, "endLine", "endColumn", e->r.line2, e->r.col2);
			rml_jw_end_obj(w);
			rml_jw_key(w, "insertedContent");
			rml_jw_obj(w);
			rml_jw_kstr(w, "text", e->text);
			rml_jw_end_obj(w);
			rml_jw_end_obj(w);
		}
		rml_jw_end_arr(w);
		rml_jw_end_obj(w);
	}
	rml_jw_end_arr(w);
	rml_jw_end_obj(w);
	rml_jw_end_arr(w);
}

/* A finding of an advisory rule (rml_rule.advisory): SARIF's level note. */
static bool advisory(const char *id)
{
	const struct rml_rule *rule = id ? rml_rule_find(id) : NULL;

	return rule && rule->advisory;
}

static void result(struct rml_report *r, const struct rml_diag *d, struct rml_srcs *s)
{
	struct rml_jw *w = &r->jw;
	size_t len;
	const char *line = rml_src_line(s, d->loc.file, d->loc.line, &len);

	rml_jw_obj(w);
	rml_jw_kstr(w, "ruleId", d->rule);
	rml_jw_kuint(w, "ruleIndex", rule_index(d->rule));
	rml_jw_kstr(w, "level", advisory(d->rule) ? "note" : "warning");
	message(w, d->msg);
	rml_jw_key(w, "locations");
	rml_jw_arr(w);
	rml_jw_obj(w);
	physical(r, &d->loc, s);
	rml_jw_end_obj(w);
	rml_jw_end_arr(w);
	if (d->nnotes) {
		rml_jw_key(w, "relatedLocations");
		rml_jw_arr(w);
		for (size_t n = 0; n < d->nnotes; n++) {
			rml_jw_obj(w);
			rml_jw_kuint(w, "id", n + 1);
			physical(r, &d->notes[n].loc, s);
			message(w, d->notes[n].msg);
			rml_jw_end_obj(w);
		}
		rml_jw_end_arr(w);
	}
	if (d->nedits)
		fixes(r, d, s);
	rml_jw_key(w, "partialFingerprints");
	rml_jw_obj(w);
	rml_jw_kstr(w, "primaryLocationLineHash", rml_report_fingerprint(r, d, line, len));
	rml_jw_end_obj(w);
	rml_jw_end_obj(w);
}

static void sarif_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		if (diag->sev == RML_SEV_WARNING && diag->rule)
			result(r, diag, s);
		else
			hold(r, diag);
	}
}

static void sarif_end(struct rml_report *r)
{
	struct rml_jw *w = &r->jw;
	struct rml_srcs s = { 0 };

	rml_jw_end_arr(w);	/* results */
	rml_jw_key(w, "invocations");
	rml_jw_arr(w);
	rml_jw_obj(w);
	rml_jw_key(w, "executionSuccessful");
	rml_jw_bool(w, r->nerrors == 0);
	if (r->held.n) {
		rml_jw_key(w, "toolExecutionNotifications");
		rml_jw_arr(w);
		for (size_t i = 0; i < r->held.n; i++) {
			const struct rml_diag *d = r->held.p[i];

			rml_jw_obj(w);
			rml_jw_kstr(w, "level", d->sev == RML_SEV_ERROR ? "error" : "note");
			message(w, d->msg);
			if (d->loc.file && *d->loc.file) {	/* not for an error of the run */
				rml_jw_key(w, "locations");
				rml_jw_arr(w);
				rml_jw_obj(w);
				physical(r, &d->loc, &s);
				rml_jw_end_obj(w);
				rml_jw_end_arr(w);
			}
			rml_jw_end_obj(w);
		}
		rml_jw_end_arr(w);
	}
	rml_jw_end_obj(w);	/* invocation */
	rml_jw_end_arr(w);	/* invocations */
	rml_jw_end_obj(w);	/* run */
	rml_jw_end_arr(w);	/* runs */
	rml_jw_end_obj(w);
	rml_srcs_fini(&s);
}

const struct rml_format_ops rml_format_sarif = { "sarif", sarif_begin, sarif_add, sarif_end };
