/*
 * out_json: the report as one JSON document, schema "regmap-lint/1" (docs/output.md):
 * the tool, the results in the gcc format's order, the tool errors and a summary.
 */
#include "report_impl.h"

static void json_loc(struct rml_jw *w, const struct rml_loc *loc)
{
	rml_jw_kstr(w, "path", loc->file);
	rml_jw_kuint(w, "line", loc->line);
	rml_jw_kuint(w, "column", loc->col ? loc->col : 1);
}

static void json_begin(struct rml_report *r)
{
	struct rml_jw *w = &r->jw;

	rml_jw_obj(w);
	rml_jw_kstr(w, "schema", "regmap-lint/1");
	rml_jw_key(w, "tool");
	rml_jw_obj(w);
	rml_jw_kstr(w, "name", "regmap-lint");
	rml_jw_kstr(w, "version", r->o.version);
	rml_jw_kstr(w, "libclang", r->o.libclang);
	rml_jw_end_obj(w);
	rml_jw_key(w, "results");
	rml_jw_arr(w);
}

static void result(struct rml_report *r, const struct rml_diag *d, struct rml_srcs *s)
{
	struct rml_jw *w = &r->jw;
	size_t len;
	const char *line = rml_src_line(s, d->loc.file, d->loc.line, &len);

	rml_jw_obj(w);
	rml_jw_key(w, "rule");
	if (d->rule)
		rml_jw_str(w, d->rule);
	else
		rml_jw_null(w);
	rml_jw_kstr(w, "level", rml_sev_name(d->sev));
	rml_jw_kstr(w, "message", d->msg);
	json_loc(w, &d->loc);
	rml_jw_kuint(w, "end_line", d->loc.line);
	rml_jw_key(w, "notes");
	rml_jw_arr(w);
	for (size_t n = 0; n < d->nnotes; n++) {
		rml_jw_obj(w);
		json_loc(w, &d->notes[n].loc);
		rml_jw_kstr(w, "message", d->notes[n].msg);
		rml_jw_end_obj(w);
	}
	rml_jw_end_arr(w);
	/* the fix-it: one fix of edits in byte columns, or none */
	rml_jw_key(w, "fixes");
	rml_jw_arr(w);
	if (d->nedits) {
		rml_jw_obj(w);
		rml_jw_key(w, "edits");
		rml_jw_arr(w);
		for (size_t k = 0; k < d->nedits; k++) {
			const struct rml_edit *e = &d->edits[k];

			rml_jw_obj(w);
			rml_jw_kstr(w, "path", e->r.file);
			rml_jw_kuint(w, "line", e->r.line1);
			rml_jw_kuint(w, "column", e->r.col1);
			rml_jw_kuint(w, "end_line", e->r.line2);
			rml_jw_kuint(w, "end_column", e->r.col2);
			rml_jw_kstr(w, "text", e->text);
			rml_jw_end_obj(w);
		}
		rml_jw_end_arr(w);
		rml_jw_end_obj(w);
	}
	rml_jw_end_arr(w);
	rml_jw_kstr(w, "fingerprint", rml_report_fingerprint(r, d, line, len));
	rml_jw_end_obj(w);
}

static void json_add(struct rml_report *r, const struct rml_diags *d, struct rml_srcs *s)
{
	for (size_t i = 0; i < rml_diags_count(d); i++) {
		const struct rml_diag *diag = rml_diags_at(d, i);

		if (diag->sev == RML_SEV_ERROR) {
			struct rml_diag *h = rml_arena_alloc(&r->arena, sizeof(*h));

			h->loc.file = diag->loc.file ? rml_arena_strdup(&r->arena, diag->loc.file)
						     : NULL;
			h->msg = rml_arena_strdup(&r->arena, diag->msg);
			rml_ptrvec_push(&r->held, h);
		} else {
			result(r, diag, s);
		}
	}
}

static void json_end(struct rml_report *r)
{
	struct rml_jw *w = &r->jw;

	rml_jw_end_arr(w);	/* results */
	rml_jw_key(w, "errors");
	rml_jw_arr(w);
	for (size_t i = 0; i < r->held.n; i++) {
		const struct rml_diag *d = r->held.p[i];

		rml_jw_obj(w);
		rml_jw_key(w, "path");
		if (d->loc.file && *d->loc.file)
			rml_jw_str(w, d->loc.file);
		else
			rml_jw_null(w);	/* an error of the run itself, not of a file */
		rml_jw_kstr(w, "message", d->msg);
		rml_jw_end_obj(w);
	}
	rml_jw_end_arr(w);
	rml_jw_key(w, "summary");
	rml_jw_obj(w);
	rml_jw_kuint(w, "files", r->nfiles);
	rml_jw_kuint(w, "findings", r->nfindings);
	rml_jw_kuint(w, "errors", r->nerrors);
	rml_jw_end_obj(w);
	rml_jw_end_obj(w);
}

const struct rml_format_ops rml_format_json = { "json", json_begin, json_add, json_end };
